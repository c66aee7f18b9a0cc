"""The event as the pages see it, kept fresh without taking the write lock.

A *source* gives the newest event and a cheap signature that changes when it
may have changed:

- :class:`FileSource` (``lycee serve``) reads the event as last written with
  :meth:`core.store.DataDir.read` (the read-only API the reading commands use;
  no lock), and re-reads only when the event's files change on disk;
- :class:`LiveSource` (serving from the app) takes the app's own event object
  (events are immutable, so another thread may read one safely).

:class:`Feed` turns that into :class:`Snapshot`\\ s of the public view
(core.rules.publish) with a version number that moves only when something the
pages show has changed.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from core import rules
from core.event.model import Event
from core.rules.publish import public_event
from core.store import DataDir
from core.store.journal import scan


class FileSource:
    #: Seconds after which the event is read again even when its files look
    #: unchanged (a storage layout this signature does not know still shows).
    max_age = 5.0

    def __init__(self, datadir: DataDir, event_id: str):
        self.datadir = datadir
        self.event_id = event_id

    def signature(self):
        """Names, sizes and times of the event's files (whatever their layout)."""
        folder = self.datadir.events_dir
        sig = []
        try:
            for entry in folder.iterdir():
                n = entry.name
                if self.event_id in n and not n.endswith(
                    (".lock", ".owner", ".tmp", ".web-locks", ".web-unlock", ".taken")
                ):
                    try:
                        st = entry.stat()
                    except OSError:
                        continue
                    sig.append((n, st.st_mtime_ns, st.st_size))
        except OSError:
            return None
        return tuple(sorted(sig))

    #: (where the journal's good records end, the bytes of the last one, its
    #: last seq, the event they give)
    _tail: tuple[int, bytes, int, Event] | None = None

    def read(self) -> Event:
        """The event as last written.  The journal only grows, so when the
        bytes read last time are still its beginning (its last record
        unchanged) only the records after them are parsed and applied: a
        result at 512 players costs one action, not a parse of thousands;
        anything else (an undo, a rewritten or damaged file, a file written
        before the journal) reads it whole with :meth:`DataDir.read`."""

        path = self.datadir.event_path(self.event_id)
        c = self._tail
        ev = None
        try:
            data = path.read_bytes()
        except OSError:
            data = b""
        if c is not None and data[:1] != b"{" and len(data) >= c[0] and data[c[0] - len(c[1]) : c[0]] == c[1]:
            new = scan(data, start=c[0], after_seq=c[2])
            acts = new.actions
            if new.damage is None and not any(a.get("type") in ("undo", "import") for a in acts):
                try:
                    ev = c[3]
                    for a in acts:
                        ev = rules.apply(ev, a)
                except Exception:  # an action the rules refuse: the whole read says what holds
                    ev = None
                if ev is not None:
                    if new.records:
                        last = new.records[-1]
                        self._tail = (last.end, data[last.start : last.end], last.actions[-1]["seq"], ev)
                    return ev
        ev = self.datadir.read(self.event_id)
        self._tail = None
        try:
            same = path.read_bytes() == data  # no write came between: ``ev`` is these bytes' event
        except OSError:
            same = False
        if same and data[:1] != b"{":
            whole = scan(data)
            if whole.damage is None and whole.records:
                last = whole.records[-1]
                self._tail = (last.end, data[last.start : last.end], last.actions[-1]["seq"], ev)
        return ev


class LiveSource:
    def __init__(self, get: Callable[[], Event | None]):
        self.get = get
        self._last: Event | None = None
        self._n = 0

    def signature(self):
        # A count that moves whenever the app holds another event object.  Not
        # ``id(event)``: once the old event is freed, the next one may get the
        # same id, and the pages would keep showing the old round.
        ev = self.get()
        if ev is not self._last:
            self._last = ev
            self._n += 1
        return self._n

    def read(self) -> Event:
        ev = self.get()
        if ev is None:
            raise LookupError("no event")
        return ev


@dataclass
class Snapshot:
    version: str
    event: Event  # the public view: core.rules.publish.public_event
    #: Rendered pages of this version: (page, lang, part, extra) -> (etag, body).
    cache: dict = field(default_factory=dict)


class Feed:
    """The newest public view, and a way to wait for the next one."""

    def __init__(self, source, now: Callable[[], float] | None = None):
        self.source = source
        self.now = now or time.time
        self._boot = secrets.token_hex(3)
        self._n = 0
        self._sig = object()
        self._read_at = 0.0
        self._lock = threading.Lock()
        self.snapshot: Snapshot | None = None
        self.error: str | None = None
        #: A count that moves when the desk's own facts of the players'
        #: reports move (reports, staff calls, results): the report page
        #: follows it (its player's table may have changed where the public
        #: view has not: a first report, a dispute).
        self.desk_version = 0
        self._desk_mark: tuple | None = None
        self.refresh()

    def refresh(self) -> bool:
        """Read the event again when its signature moved; True when the
        public view changed (a new version), or the players' reports did
        (:attr:`desk_version`)."""
        with self._lock:
            try:
                sig = self.source.signature()
                fresh = time.monotonic() - self._read_at < getattr(self.source, "max_age", float("inf"))
                if sig == self._sig and self.snapshot is not None and fresh:
                    return False
                self._read_at = time.monotonic()
                ev = self.source.read()
            except Exception as err:  # a file being replaced, an event not yet written
                self.error = str(err)
                return False
            self.error = None
            self._sig = sig
            cur = ev.current_round
            mark = (ev.reports, ev.calls, cur.number if cur else 0, cur.matches if cur else ())
            desk_moved = mark != self._desk_mark
            if desk_moved:
                self._desk_mark = mark
                self.desk_version += 1
            pub = public_event(ev)
            if self.snapshot is not None and self.snapshot.event == pub:
                return desk_moved  # the streams wake: the report pages ask again
            self._n += 1
            self.snapshot = Snapshot(f"{self._boot}.{self._n}", pub)
            return True
