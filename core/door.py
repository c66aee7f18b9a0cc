"""The desk's door: how a writer that is not the desk sends it a change.

One writer per event (docs/storage.md): the process holding the event's
lock (the app, or ``lycee serve`` when no app has it open) is the desk.  Every
other writer (the command line, the phone and judge pages, a second window)
hands it a call and gets its answer.  A :class:`Writer` is that hand-over:
``writer.call("record", 3, "2-1", actor="player p3 (phone)", device="192.0.2.7")``
runs ``Desk.record(3, "2-1")`` on the desk, as that actor from that device
(both go into the log), one call at a time, and returns what it returns.

- :class:`LocalWriter` is the door inside the process that holds the desk.
- :class:`DoorServer` serves a LocalWriter to the other processes of the same
  user: a Unix socket ``<events dir>/.<event id>.door`` (mode 0600, a peer of
  another uid refused by SO_PEERCRED where the system has it), or, where
  AF_UNIX is missing (Windows) or the path is too long for a socket, loopback
  TCP with a random token in that same file (mode 0600).
- What the door serves is a reviewed table, :data:`core.doorcalls.SERVED`
  (name -> Desk method, and who may call it); every other name is refused.
- :class:`RemoteWriter` is the other end; :class:`RemoteDesk`
  (:mod:`core.doorcalls`) a Desk-shaped proxy over it (reads on the event read lock-free, changes through the
  door), so code written for a Desk runs unchanged; :func:`writer_for`
  finds the door of an event.

The protocol: one JSON document a line (on the TCP door after a first line
holding the token, read before anything else).  A request
``{"method", "args", "kwargs", "actor", "device", "lang"}``; an
answer ``{"ok": true, "value": V}`` (``"event": true`` instead when the call
returned the Event: the client reads it lock-free, the append being durable
before the answer) or ``{"ok": false, "error", "rule", "kind"}``, raised again
on the client as the same exception class with the same message.  Values and
arguments are JSON; a dataclass, a msgspec Struct or a path travels as
``{"$type": "module:Name", "$": fields}`` / ``{"$path": "..."}`` and comes
back as itself.

Every reader is bounded (issue 44): a line of at most :data:`LINE_MAX` read in
chunks, nested at most :data:`DEPTH_MAX` deep (checked before parsing), a
whole request within :data:`IDLE_TIMEOUT`, at most :data:`CLIENTS_MAX`
connections served at once (one more is answered busy), :data:`BACKLOG`
waiting.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from core import i18n
from core.desk import Desk
from core.doorcalls import SERVED, RemoteDesk, served
from core.doorwire import (
    CHUNK,
    Lines,
    Refused,
    decode,
    encode,
    error_answer,
    peer_uid,
    raised,
    read_request,
    refusal,
    too_long_message,
    value_answer,
)
from core.doorwire import DEPTH_MAX as DEPTH_MAX  # (and too_deep: the tests read them here)
from core.doorwire import too_deep as too_deep
from core.errors import EventLocked, LyceeError
from core.event.model import Event
from core.i18n import _
from core.paths import write_private

if TYPE_CHECKING:
    import socket

    from core.store import DataDir, EventStore
    from core.store.eventstore import Folder

# socket, secrets and hmac are imported where a door is served or reached: a command that finds
# no door (the common case: no app holds the event) loads none of them

__all__ = [
    "Writer",
    "LocalWriter",
    "DESK_CALLS",
    "DoorServer",
    "RemoteWriter",
    "RemoteDesk",
    "DoorClosed",
    "DoorBusy",
    "HostedWriter",
    "door_path",
    "writer_for",
    "DeskGone",
    "use_tcp",
    "ReachingWriter",
]

#: The calls the door serves, and who may make each: core.doorcalls.SERVED (every other name is refused).
DESK_CALLS = SERVED

#: The longest socket path every system binds (sun_path is 104 bytes on macOS, 108 on Linux).
SOCKET_PATH_MAX = 100

# -- the door's bounds (docs/architecture.md "The door's limits") ------------------------
#: The longest request line the door reads, in bytes.  The largest request
#: measured, the sealed pools of 4,096 players in one batch, is 8.1 MB; an
#: event file is at most 20 MB.  A longer line is refused and its connection
#: closed, never held beyond this plus one chunk.
LINE_MAX = 32 * 2**20
#: Seconds a connection may go without sending a whole request (after
#: connecting or after its last answer) before the door closes it.  A client
#: that has been quiet for half of this connects again before its next call.
IDLE_TIMEOUT = 30.0
#: Seconds a client of the TCP door has to send its token (the first thing it sends, at once).
TOKEN_WAIT = 2.0
#: Connections served at once: each is a thread, and a command holds one for
#: as long as it runs.  One more is answered "busy" at once and closed.
CLIENTS_MAX = 32
#: Connections waiting to be accepted.  A store's writers are the app, `lycee
#: serve`, its page server and a few terminals or scripts; 128 takes a burst
#: of commands run at once (a script sending every table's result in
#: parallel) where 16 refused the 17th.
BACKLOG = 128
#: What a refused client still sends is read and dropped for at most this
#: many seconds and bytes, so that closing does not reset the refusal away
#: before the client reads it.
LINGER = 2.0
LINGER_BYTES = 2**20


class DoorClosed(LyceeError):
    """The desk closed the event (or went away) before it answered."""


class DeskGone(DoorClosed):
    """The desk was gone before anything was sent (nothing stored): another writer may be found."""


class DoorBusy(LyceeError):
    """The desk is serving as many connections as its door takes (:data:`CLIENTS_MAX`)."""


class Writer(Protocol):
    """Sends a Desk call to the event's one writer."""

    def call(self, method: str, /, *args: Any, actor: str, device: str | None = None, **kwargs: Any) -> Any: ...

    @property
    def event(self) -> Event: ...


@contextlib.contextmanager
def speaking(lang: str | None):
    """Messages in ``lang`` while a call runs on the desk (the caller's
    language, not the desk's): the desk's thread runs nothing else meanwhile."""
    if not lang or lang not in i18n.LANGS or lang == i18n.language():
        yield
        return
    was = i18n.language()
    i18n.set_language(lang)
    try:
        yield
    finally:
        i18n.set_language(was)


class LocalWriter:
    """The door of the process that holds the desk: calls run one at a time
    (``lock``), each on the desk as ``actor`` from ``device``.  ``run`` is
    how a call reaches the desk's own thread (the app passes its
    ``call_from_thread``); by default it runs in the caller's thread.
    ``after`` runs on the desk's thread after each call (the app redraws)."""

    def __init__(self, desk: Desk, lock: threading.RLock | None = None, run=None, after=None):
        self.desk = desk
        self.lock = lock or threading.RLock()
        self.run = run
        self.after = after
        #: Set when the desk closes the event: a call that has not started yet is refused.
        self.closed = False

    @property
    def event(self) -> Event:
        return self.desk.event

    def call(self, method: str, /, *args: Any, actor: str, device: str | None = None, **kwargs: Any) -> Any:
        # in the caller's language (a phone page's request: core.i18n.speaking), as a remote call is
        return self.invoke(method, args, kwargs, actor=actor, device=device, lang=i18n.language())

    def invoke(
        self, method: str, args, kwargs, *, actor: str, device: str | None = None, lang: str | None = None
    ) -> Any:
        """:meth:`call` with the arguments as given and the language of the
        caller's messages (``lang``)."""
        call = served(method, actor)  # refused: not served, or not to this caller

        def go():
            with self.lock:
                if self.closed:  # before the change: nothing stored, another writer may take it
                    raise DeskGone(closed_message(self.desk.store.id))
                try:
                    with speaking(lang):
                        return call.method(replace(self.desk, actor=actor, device=device), *args, **kwargs)
                finally:
                    if self.after is not None:
                        self.after()

        return go() if self.run is None else self.run(go)


def closed_message(event_id: str) -> str:
    return _(
        "the desk closed event {id} before making this change: nothing was stored; run the command again "
        "(it goes through the desk that holds the event, or opens it itself)",
        id=event_id,
    )


# -- the endpoint --------------------------------------------------------------------


def door_path(datadir: Folder, event_id: str) -> Path:
    """The event's door in the data folder: a socket, or the token file of the TCP door."""
    return datadir.events_dir / f".{event_id}.door"


def use_tcp(path: Path) -> bool:
    """Whether the door is loopback TCP with a token (no AF_UNIX here, or a
    path longer than a socket takes); the env var ``LYCEE_DOOR=tcp`` forces it."""
    # lazy: socket, which `lycee result` with no desk open never loads
    import socket

    return (
        os.environ.get("LYCEE_DOOR") == "tcp"
        or not hasattr(socket, "AF_UNIX")
        or len(os.fsencode(str(path))) > SOCKET_PATH_MAX
    )


def own_uid() -> int | None:
    return os.geteuid() if hasattr(os, "geteuid") else None


def linger_close(conn: socket.socket) -> None:
    """Close after a refusal: our side first, then what the client still
    sends is read and dropped (a chunk at a time, at most :data:`LINGER`
    seconds and :data:`LINGER_BYTES`), so the close does not reset the
    refusal away before the client reads it."""
    # lazy: socket, which `lycee result` with no desk open never loads
    import socket

    with contextlib.suppress(OSError):
        conn.shutdown(socket.SHUT_WR)
        deadline, dropped = time.monotonic() + LINGER, 0
        while dropped < LINGER_BYTES and (left := deadline - time.monotonic()) > 0:
            conn.settimeout(left)
            got = len(conn.recv(CHUNK))
            if not got:
                break
            dropped += got
    with contextlib.suppress(OSError):
        conn.close()


class DoorServer:
    """Serves ``writer`` (a LocalWriter of the desk) on the event's door until
    :meth:`stop`.  The process must hold the event's lock: a door file found
    at start is a dead desk's and is removed."""

    def __init__(self, writer: LocalWriter, path: Path, *, tcp: bool | None = None):
        self.writer = writer
        self.path = Path(path)
        self.tcp = use_tcp(self.path) if tcp is None else tcp
        # lazy: secrets, which only a desk serving its door loads
        import secrets

        self.token = secrets.token_hex(16) if self.tcp else None
        self._sock: socket.socket | None = None
        self._acceptor: threading.Thread | None = None
        self._stopping = threading.Event()
        self._conns: set[socket.socket] = set()
        self._guard = threading.Lock()
        self._slots = threading.BoundedSemaphore(CLIENTS_MAX)

    def start(self) -> "DoorServer":
        # lazy: socket, which `lycee result` with no desk open never loads
        import socket

        self.path.unlink(missing_ok=True)  # a dead desk's (this process holds the lock)
        if self.tcp:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind(("127.0.0.1", 0))
            s.listen(BACKLOG)
            write_private(self.path, json.dumps({"port": s.getsockname()[1], "token": self.token, "pid": os.getpid()}))
        else:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(str(self.path))
            os.chmod(self.path, 0o600)  # before listen: nobody connects while it is wider
            s.listen(BACKLOG)
        s.setblocking(False)  # the accept loop selects, looking at the stop flag every 0.2 s
        self._sock = s
        self._acceptor = threading.Thread(target=self._accept, name=f"door {self.path.name}", daemon=True)
        self._acceptor.start()
        return self

    def stop(self) -> None:
        """Close the door: later calls are refused (DoorClosed), the file removed."""
        # lazy: socket, which `lycee result` with no desk open never loads
        import socket

        self.writer.closed = True
        self._stopping.set()
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)
        if self._sock is not None:
            with contextlib.suppress(OSError):
                self._sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                self._sock.close()
            if self._acceptor is not None and self._acceptor is not threading.current_thread():
                self._acceptor.join(2.0)
        with self._guard:
            conns = list(self._conns)
        for c in conns:
            with contextlib.suppress(OSError):
                c.shutdown(socket.SHUT_RD)  # a call in progress still sends its answer

    def __enter__(self) -> "DoorServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _accept(self) -> None:
        """Accept connections, each served by a thread of its own while
        fewer than :data:`CLIENTS_MAX` are; one more is answered busy here,
        without a thread, and what it still sends is dropped here until it
        closes (at most :data:`LINGER` seconds and :data:`LINGER_BYTES`), so
        that the close does not reset the answer away before it is read."""
        # lazy: selectors, which only a desk serving its door loads
        import selectors

        assert self._sock is not None
        sel = selectors.DefaultSelector()
        busy: dict[Any, list[float]] = {}  # refused connection -> [deadline, bytes dropped]
        try:
            sel.register(self._sock, selectors.EVENT_READ)
            while not self._stopping.is_set() and self._turn(sel, busy):
                pass
        except (OSError, ValueError):  # the listening socket closed under select (stop)
            return
        finally:
            for conn in list(busy):
                self._let_go(sel, busy, conn)
            sel.close()

    def _turn(self, sel, busy: dict) -> bool:
        """One wait on the sockets: refused connections past their deadline let go,
        a new connection taken, what a refused one sent dropped.  False when the door is closed."""
        now = time.monotonic()
        for conn in [c for c, (deadline, _n) in busy.items() if deadline <= now]:
            self._let_go(sel, busy, conn)
        wait = min([0.2, *(deadline - now for deadline, _n in busy.values())])  # 0.2: the stop flag
        for key, _mask in sel.select(max(wait, 0.0)):
            if key.fileobj is not self._sock:
                self._drop(sel, busy, key.fileobj)
            elif not self._take(sel, busy):
                return False
        return True

    def _drop(self, sel, busy: dict, conn) -> None:
        """Read and drop what a refused connection sent; let it go once it closes or sent too much."""
        try:
            got = len(conn.recv(CHUNK))
        except OSError:
            got = 0
        busy[conn][1] += got
        if not got or busy[conn][1] > LINGER_BYTES:
            self._let_go(sel, busy, conn)

    def _take(self, sel, busy: dict) -> bool:
        """Accept one connection: a thread serves it, or it is answered busy.  False when the door is closed."""
        # lazy: selectors, which only a desk serving its door loads
        import selectors

        # lazy: socket, which `lycee result` with no desk open never loads
        import socket

        assert self._sock is not None
        try:
            conn, _addr = self._sock.accept()
        except (BlockingIOError, InterruptedError, TimeoutError):
            return True
        except OSError:
            return False
        conn.settimeout(IDLE_TIMEOUT)  # blocking with a bound, whatever the listening socket passed on
        if self._slots.acquire(blocking=False):
            try:
                threading.Thread(target=self._serve, args=(conn,), daemon=True).start()
                return True
            except RuntimeError:  # no thread to be had: answered busy
                self._slots.release()
        answer = {
            "ok": False,
            "kind": "DoorBusy",
            "module": __name__,
            "rule": None,
            "error": _(
                "the desk's door is serving as many connections as it takes ({n}); try again in a moment "
                "(nothing was stored)",
                n=CLIENTS_MAX,
            ),
        }
        try:
            conn.setblocking(False)
            conn.send(json.dumps(answer, ensure_ascii=False).encode("utf-8") + b"\n")
            conn.shutdown(socket.SHUT_WR)
            if len(busy) < BACKLOG:  # beyond that many at once: closed at once
                sel.register(conn, selectors.EVENT_READ)
                busy[conn] = [time.monotonic() + LINGER, 0.0]
                return True
        except OSError:
            pass
        with contextlib.suppress(OSError):
            conn.close()
        return True

    @staticmethod
    def _let_go(sel, busy: dict, conn) -> None:
        busy.pop(conn, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            sel.unregister(conn)
        with contextlib.suppress(OSError):
            conn.close()

    def _serve(self, conn: socket.socket) -> None:
        with self._guard:
            self._conns.add(conn)
        refused: str | None = None
        try:
            lines = Lines(conn, LINE_MAX, IDLE_TIMEOUT)
            refused = self._refusal(conn, lines)
            if refused is None:
                refused = self._answer_all(conn, lines)
        except Refused as err:
            refused = err.message
        except (OSError, TimeoutError):  # the client went away, or stayed silent past IDLE_TIMEOUT
            pass
        finally:
            try:
                self._close(conn, refused)
            finally:
                with self._guard:
                    self._conns.discard(conn)
                self._slots.release()

    def _refusal(self, conn: socket.socket, lines: Lines) -> str | None:
        """Why the connection is refused before any call (another user, no token); None: it may call."""
        me, peer = own_uid(), peer_uid(conn)
        if me is not None and peer is not None and peer != me:
            return _("the desk's door answers its own user only (uid {uid})", uid=me)
        if self.token is not None and not self._token_given(lines):
            return _("the desk's door refused a request without its token")
        return None

    def _answer_all(self, conn: socket.socket, lines: Lines) -> str | None:
        """Answer each call until the client closes (None), or an answer ends
        the connection ("": answered already, closed as after a refusal)."""
        while True:
            line = lines.line()
            if line is None:
                return None
            answer, keep = self._answer(line)
            self._send(conn, answer)
            if not keep:
                return ""

    def _close(self, conn: socket.socket, refused: str | None) -> None:
        """Close the connection: after a refusal (sent when it has words) with a linger, else at once."""
        if refused is None:
            with contextlib.suppress(OSError):
                conn.close()
            return
        with contextlib.suppress(OSError):
            if refused:
                self._send(conn, refusal(refused))
        linger_close(conn)

    def _token_given(self, lines: Lines) -> bool:
        """Whether the connection opens with the door's token and a newline,
        read before anything else and no further than the token's length."""
        # lazy: hmac, which only a desk serving its door loads
        import hmac

        assert self.token is not None
        expected = self.token.encode("ascii") + b"\n"
        return hmac.compare_digest(lines.exactly(len(expected), TOKEN_WAIT), expected)

    @staticmethod
    def _send(conn: socket.socket, answer: dict) -> None:
        conn.settimeout(IDLE_TIMEOUT)  # a client that does not read its answer does not hold the thread
        conn.sendall(json.dumps(answer, ensure_ascii=False).encode("utf-8") + b"\n")

    def _answer(self, line: bytes) -> tuple[dict, bool]:
        """The answer to one request line, and whether the connection stays open."""
        req, refused = read_request(line)
        if refused is not None:
            return refused, False
        method = str(req.get("method", ""))
        if method == "$hello":
            return {"ok": True, "value": {"pid": os.getpid(), "event": self.writer.desk.store.id}}, True
        if self._stopping.is_set():
            return error_answer(DoorClosed(closed_message(self.writer.desk.store.id)), method), False
        try:
            value = self.writer.invoke(
                method,
                decode(req.get("args") or []),
                decode(req.get("kwargs") or {}),
                actor=str(req.get("actor") or "cli"),
                device=req.get("device"),
                lang=req.get("lang"),
            )
        except Exception as err:  # every refusal goes back to the caller, none stops the desk
            return error_answer(err, method), True
        return value_answer(value), True


# -- the client --------------------------------------------------------------------------


class RemoteWriter:
    """A :class:`Writer` over the door of a desk in another process.  One
    connection for all its calls, made again before a call when it has been
    quiet long enough for the desk to close it (:data:`IDLE_TIMEOUT`), or the
    desk has; :meth:`close` (or ``with``) ends it.  A desk whose door is busy
    (:data:`CLIENTS_MAX`) is tried again until ``timeout``, then DoorBusy."""

    def __init__(self, datadir: DataDir, event_id: str, timeout: float = 2.0):
        self.datadir = datadir
        self.event_id = event_id
        self.path = door_path(datadir, event_id)
        self.timeout = timeout
        self.token: str | None = None
        self._lock = threading.Lock()
        self._open()

    def _open(self) -> None:
        """Connect and say hello, trying again while the door is busy or its backlog full."""
        end = time.monotonic() + self.timeout
        while True:
            try:
                self._sock = self._connect(max(end - time.monotonic(), 0.05))
                self._file = self._sock.makefile("rwb")
                self._sock.settimeout(None)  # a call waits for the desk (one call at a time there)
                self._used = time.monotonic()
                self.pid = (self._send({"method": "$hello"}) or {}).get("pid")
                return
            except (DoorBusy, BlockingIOError) as err:
                self.close()
                if time.monotonic() >= end:  # said here, in the caller's language
                    raise DoorBusy(
                        _(
                            "the desk of event {id} is busy with as many connections as its door takes; "
                            "try again in a moment (nothing was stored)",
                            id=self.event_id,
                        )
                    ) from err
                threading.Event().wait(0.05)
            except BaseException:
                self.close()
                raise

    def _connect(self, timeout: float) -> socket.socket:
        st = os.stat(self.path)  # FileNotFoundError: no door
        # lazy: socket, which `lycee result` with no desk open never loads
        import socket

        if stat.S_ISSOCK(st.st_mode):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(timeout)
            try:
                s.connect(str(self.path))  # BlockingIOError: its backlog is full
            except OSError:
                s.close()
                raise
            return s
        info = json.loads(self.path.read_text(encoding="utf-8"))
        self.token = str(info["token"])
        s = socket.create_connection(("127.0.0.1", int(info["port"])), timeout=timeout)
        s.sendall(self.token.encode("ascii") + b"\n")  # the token first: the door reads nothing else before it
        return s

    def _stale(self) -> bool:
        """Whether the desk has closed this connection, or may have (quiet for half its idle timeout)."""
        # lazy: select, which `lycee result` with no desk open never loads
        import select

        if time.monotonic() - self._used > IDLE_TIMEOUT / 2:
            return True
        try:
            readable, _w, _x = select.select([self._sock], [], [], 0)
            return bool(readable)  # between calls the desk sends nothing: this is its close
        except (OSError, ValueError):
            return True

    def _ask(self, req: dict):
        with self._lock:
            if self._stale() or not self.path.exists():  # its door file gone: the desk has closed
                self.close()
                try:
                    self._open()
                except (OSError, ValueError, KeyError, TypeError) as err:  # the door is gone: nothing was sent
                    raise DeskGone(closed_message(self.event_id)) from err
            return self._send(req)

    def _send(self, req: dict):
        data = json.dumps(req, ensure_ascii=False).encode("utf-8")
        if len(data) > LINE_MAX:  # refused here, before sending: the door would not read it
            raise LyceeError(too_long_message(LINE_MAX))
        try:
            self._file.write(data + b"\n")
            self._file.flush()
            line = self._file.readline()
        except OSError:
            line = b""
        self._used = time.monotonic()
        if not line:
            raise DoorClosed(
                _(
                    "the desk of event {id} closed before answering; `lycee log {id}` shows whether the "
                    "change was stored",
                    id=self.event_id,
                )
            )
        answer = json.loads(line)
        if not answer.get("ok"):
            raise raised(answer)
        if answer.get("event"):
            return self.event
        return decode(answer.get("value"))

    def call(self, method: str, /, *args: Any, actor: str, device: str | None = None, **kwargs: Any) -> Any:
        return self._ask(
            {
                "method": method,
                "args": encode(list(args)),
                "kwargs": encode(kwargs),
                "actor": actor,
                "device": device,
                "lang": i18n.language(),
            }
        )

    @property
    def event(self) -> Event:
        """The event as last written, read without the lock."""
        return self.datadir.read(self.event_id)

    def close(self) -> None:
        with contextlib.suppress(OSError, AttributeError):
            self._file.close()
        with contextlib.suppress(OSError, AttributeError):
            self._sock.close()

    def __enter__(self) -> "RemoteWriter":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class HostedWriter(LocalWriter):
    """The event opened here and its door served from here (``lycee serve``
    when no app holds the event): :meth:`close` closes both."""

    def __init__(self, store: EventStore, actor: str = "desk"):
        super().__init__(Desk(store, actor=actor))
        self.store = store
        self.door = DoorServer(self, door_path(store.datadir, store.id))
        try:
            self.door.start()
        except OSError:
            store.close()
            raise

    def close(self) -> None:
        self.door.stop()
        self.store.close()

    def __enter__(self) -> "HostedWriter":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def reach(datadir: DataDir, event_id: str) -> RemoteWriter | None:
    """A RemoteWriter when a live desk answers on the event's door, else None."""
    try:
        return RemoteWriter(datadir, event_id)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    except DoorBusy:
        raise  # a desk answers, busy: saying so beats opening the event it holds
    except LyceeError:
        return None


class ReachingWriter:
    """A :class:`Writer` that finds the event's writer again: each call goes through the door of
    whichever desk holds the event now, found again after that desk closes it (the app closed and
    opened the event again).  The app's page server never holds the event (with no desk a call is
    refused saying so); `lycee serve` (``hold``: :func:`writer_for`) takes the event itself when
    the desk it wrote through has gone, and sends the change there.  A change is sent again only
    when nothing was sent (:class:`DeskGone`), so none is ever made twice."""

    def __init__(self, datadir: DataDir, event_id: str, first: Any = None, hold: bool = False, wait: float = 0.0):
        self.datadir, self.event_id, self.hold, self.wait = datadir, event_id, hold, wait
        self._lock = threading.Lock()
        self._remote: RemoteWriter | HostedWriter | None = first

    def _writer(self) -> RemoteWriter | HostedWriter | None:
        with self._lock:
            if self._remote is None:
                self._remote = writer_for(self.datadir, self.event_id, hold=self.hold, wait=self.wait)
            return self._remote

    def call(self, method: str, /, *args: Any, actor: str, device: str | None = None, **kwargs: Any) -> Any:
        gone: DeskGone | None = None
        for _attempt in range(2 if self.hold else 1):
            remote = self._writer()
            if remote is None:
                raise DoorClosed(
                    _(
                        "no desk has event {id} open: open it in the app (or run `lycee serve {id}`), then "
                        "try again; nothing was stored",
                        id=self.event_id,
                    )
                )
            try:
                return remote.call(method, *args, actor=actor, device=device, **kwargs)
            except DoorClosed as err:
                with self._lock:
                    if self._remote is remote:
                        self._remote = None
                remote.close()
                if not isinstance(err, DeskGone):
                    raise
                gone = err
        raise gone or DoorClosed(closed_message(self.event_id))

    @property
    def event(self) -> Event:
        remote = self._remote  # the event as its writer has it (a desk held here: in memory)
        return remote.event if remote is not None else self.datadir.read(self.event_id)

    def close(self) -> None:
        with self._lock:
            if self._remote is not None:
                self._remote.close()
                self._remote = None


def writer_for(
    datadir: DataDir, event_id: str, *, hold: bool = False, wait: float = 0.0, role: str = "serve"
) -> RemoteWriter | HostedWriter | None:
    """The way to change event ``event_id``: a :class:`RemoteWriter` when a
    live desk answers on its door; else, with ``hold``, the event opened here
    (``role``) with its door served from here (:class:`HostedWriter`: this
    process is now the desk); else None.  ``wait``: seconds to keep trying
    the door while the event is held by a desk starting it."""

    end = time.monotonic() + wait
    while True:
        w = reach(datadir, event_id)
        if w is not None:
            return w
        if hold:
            try:
                return HostedWriter(datadir.open(event_id, role=role))
            except EventLocked:
                if time.monotonic() >= end:
                    raise
        elif time.monotonic() >= end:
            return None
        threading.Event().wait(0.05)
