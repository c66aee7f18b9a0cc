"""What the command's modules share: the refusal class, opening an event for
a command (the Desk for writing, a lock-free view for reading), JSON out,
the terminal sanitiser every printed line passes (:func:`safe_streams`) and
the one-line reason for a failed write.  Never imports textual or rich."""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import stat
import sys
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from core.errors import EventLocked, LyceeError, NotFound
from core.i18n import _
from core.names import REFUSED_CATEGORIES, escaped

if TYPE_CHECKING:  # imported when a command runs: `lycee --help` stays light
    from core.store import DataDir, EventStore
    from core.store.store import ReadOnlyStore

__all__ = [
    "CliError",
    "LazyChoices",
    "datadir",
    "export_target",
    "json_text",
    "open_event",
    "os_error_message",
    "out_json",
    "raw_streams",
    "read_event",
    "safe_streams",
    "shown",
    "with_desk",
]


class CliError(LyceeError):
    """A command line that cannot be run as typed (a LyceeError, so that it is
    reported the same way even when this module runs as ``__main__``)."""


# -- helpers -------------------------------------------------------------------


class LazyChoices:
    """argparse ``choices`` read from an engine module only when argparse
    needs them (a value to check, a help page), so building the parser does
    not import the engine: ``lycee --help`` starts fast."""

    def __init__(self, module: str, name: str):
        self.module, self.name = module, name

    def _values(self):
        return getattr(importlib.import_module(self.module), self.name)

    def __contains__(self, value) -> bool:
        return value in self._values()

    def __iter__(self):
        return iter(self._values())

    def __len__(self) -> int:
        return len(self._values())


# -- the terminal: nothing a name holds reaches it raw (docs/names.md, L-TERM) -----------


def shown(text) -> str:
    """User text (a name, a reason) inside one printed line: every control,
    format or bidi character as a visible escape, a newline and a tab too."""
    return escaped(str(text))


def _line(text: str) -> str:
    """One line for :class:`SafeStream`: tabs kept, and a CR that ends the line
    (a CSV's CRLF); any other CR is escaped (it would overwrite the line)."""
    if text.endswith("\r"):
        return escaped(text[:-1], keep="\t") + "\r"
    return escaped(text, keep="\t")


class SafeStream:
    """A text stream whose every write passes :func:`core.names.escaped`
    (newlines and tabs kept): an ESC, CSI, OSC or bidi override in a name read
    from an old or restored journal prints as ``\\x1b``, never raw."""

    def __init__(self, raw):
        self.raw = raw

    def write(self, text: str) -> int:
        if text.replace("\n", "").isprintable():  # most text (a whole --json answer): nothing to escape
            self.raw.write(text)
        else:
            self.raw.write("\n".join(_line(x) for x in text.split("\n")))
        return len(text)

    def isatty(self) -> bool:
        """False: a library that colours its output when writing to a terminal
        (uvicorn's log lines under `lycee serve`) writes plain text here, not
        escape sequences this stream would show as ``\\x1b[31m``."""
        return False

    def __getattr__(self, name):  # flush, fileno, encoding, buffer...
        return getattr(self.raw, name)


@contextlib.contextmanager
def safe_streams():
    """``sys.stdout`` and ``sys.stderr`` through :class:`SafeStream` while a
    command runs (:func:`tui.cli.main`); put back afterwards."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(out), SafeStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


@contextlib.contextmanager
def raw_streams():
    """The streams as they were, for the app (it draws with escape sequences)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = getattr(out, "raw", out), getattr(err, "raw", err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def json_text(text: str) -> str:
    """A JSON document's text with every refused character (docs/names.md) as
    a JSON escape (``\\u202e``): the same document, safe on a terminal.  Such
    characters can stand only inside strings, where the escape means them."""

    if text.replace("\n", "").isprintable():  # (every line printable: one pass in C, not one a line)
        return text
    return "".join(
        f"\\u{ord(c):04x}" if c != "\n" and unicodedata.category(c) in REFUSED_CATEGORIES else c for c in text
    )


def out_json(doc) -> None:
    """``doc`` as the one JSON document of a ``--json`` answer, encoded in one
    call (msgspec) and written in one write."""
    import msgspec  # a --json answer only: `lycee --help` imports this module

    text = msgspec.json.format(msgspec.json.encode(doc), indent=2).decode()
    sys.stdout.write(json_text(text) + "\n")


def datadir(args) -> DataDir:
    """The data dir the command names (``--data-dir``, else the default one)."""
    from core.store import DataDir  # the store: not for `lycee --help`, which imports this module

    return DataDir(args.data_dir)


def open_event(args) -> EventStore:
    """The event open for writing: waits a few seconds for another command
    holding it (``LYCEE_LOCK_WAIT``), never for the app; recovers a damaged
    file and says what was lost."""
    from core.store.store import lock_wait  # (the store: as datadir)

    dd = datadir(args)
    store = dd.open(dd.resolve(args.event), wait=lock_wait())
    if store.note:
        print(store.note, file=sys.stderr)
    return store


def with_desk(args, fn, *, writes: bool = False):
    """``fn(desk)`` for a command.  It runs first over the event read without
    the lock (a ReadOnlyStore): a command that only reads (``penalties``,
    ``staff``, ``clock status``, ``late``, any ``--json`` listing) is done
    then, so it works while the app holds the event and on a read-only
    folder (README: "Reading commands take no lock").  At its first write
    nothing has been stored; the event is opened for writing (the lock, a
    recovery) and ``fn`` runs again from the start on the event as it is now.

    With ``writes`` (a command that always writes when it succeeds: ``pair``,
    ``top``, ``playoff``, one ``result``) the event is opened for writing at
    once: the lock-free run would read the event and work out the whole
    pairing only to do both again under the lock."""
    from core.desk import Desk  # the desk and the store: not for `lycee --help` (as datadir)
    from core.store.store import WriteNeeded

    actor = getattr(args, "by", None) or "desk"
    if writes:
        return through_desk(args, fn, actor, writes=True)
    view = _lock_free_view(args)
    if view is not None:
        try:
            out = fn(Desk(view, actor=actor))  # type: ignore[arg-type]  # the reading face of EventStore
        except WriteNeeded:
            pass
        else:
            if view.note:
                print(f"lycee: {view.note}", file=sys.stderr)
            return out
    return through_desk(args, fn, actor)


def _lock_free_view(args) -> ReadOnlyStore | None:
    """The event read without the lock, or None when nothing is readable without a recovery."""
    dd = datadir(args)
    eid = dd.resolve(args.event)
    try:
        return dd.view(eid)
    except NotFound:
        raise
    except LyceeError:  # nothing readable without a recovery: only a writer recovers
        return None


#: Seconds a command keeps trying the door of an event held by a desk that is starting it.
DOOR_WAIT = 2.0


def through_desk(args, fn, actor: str, writes: bool = False):
    """``fn(desk)`` on the event open for writing: through the door of the
    desk holding it (the app or ``lycee serve``: a RemoteDesk, actor ``cli``
    or ``--by``, device ``local``; with ``writes``, each call is sent at
    once), else opened here as before."""
    from core.desk import Desk  # the desk and its door: not for `lycee --help` (as datadir)
    from core.door import RemoteDesk, RemoteWriter, writer_for

    dd = datadir(args)
    eid = dd.resolve(args.event)
    writer = writer_for(dd, eid)
    if writer is None:
        try:
            store = open_event(args)
        except EventLocked:
            writer = writer_for(dd, eid, wait=DOOR_WAIT)  # a desk that has just opened it: its door comes
            if writer is None:
                raise
        else:
            with store:
                return fn(Desk(store, actor=actor))
    assert isinstance(writer, RemoteWriter)  # writer_for without hold: a remote desk's door or None
    with writer:
        return fn(RemoteDesk(writer, actor=getattr(args, "by", None) or "cli", device="local", writes=writes))


def read_event(args, history: bool = False):
    """The event (or its audit trail) for commands that only read: read
    without the lock and without writing anything, so they work while the
    app holds the event and on a read-only folder.  A damaged file is shown
    as far as it is intact, with a note on stderr saying how to recover it."""
    dd = datadir(args)
    eid = dd.resolve(args.event)
    if history:
        return dd.history(eid)
    ev, note = dd.read_view(eid)
    if note:
        print(f"lycee: {note}", file=sys.stderr)
    return ev


def os_error_message(err: OSError, folder=None) -> str:
    """One line for a failed read or write (a full disk, a file size limit, a
    read-only folder): what happened, to which file (else in which folder),
    and what to do."""

    where = err.filename or folder or "?"
    for codes, message in _WRITE_FAILURES:
        if err.errno in codes:
            return message(where, err.errno)
    code = errno.errorcode.get(err.errno, str(err.errno)) if err.errno else type(err).__name__
    return _("{file}: {reason} ({code})", file=where, reason=err.strerror or str(err), code=code)


def _disk_full(where, _code) -> str:
    return _(
        "cannot write {file}: the disk is full (ENOSPC); nothing was stored: free some space and try again",
        file=where,
    )


def _file_too_large(where, _code) -> str:
    return _(
        "cannot write {file}: the file is larger than allowed (EFBIG, a file size limit such as "
        "`ulimit -f`); nothing was stored",
        file=where,
    )


def _not_writable(where, code) -> str:
    return _(
        "cannot write {file}: the folder is read-only or not yours ({code}); use --data-dir "
        "with a folder you can write",
        file=where,
        code=errno.errorcode.get(code, code),
    )


#: The failed writes that get their own advice: the error numbers, and the line for them.
_WRITE_FAILURES = (
    ((errno.ENOSPC,), _disk_full),
    ((errno.EFBIG,), _file_too_large),
    ((errno.EROFS, errno.EACCES, errno.EPERM), _not_writable),
)


def _into_folder(out: Path, file_name: str):
    """``-o FOLDER``: the export's file in it, and the folder when it was made for it."""
    if out.exists() and not out.is_dir():
        raise CliError(_("{path} is a file, not a folder: drop the final separator to write to it", path=out))
    made = None
    if not out.exists():
        out.mkdir(parents=True)
        made = out
    return _regular_file(out / file_name), made


def _missing_folder(out: Path) -> CliError:
    """The refusal of ``-o FILE`` in a folder that does not exist, naming the first missing folder."""
    missing = out.parent
    while not missing.parent.is_dir() and missing.parent != missing:
        missing = missing.parent
    return CliError(
        _(
            "cannot write {file}: the folder {folder} does not exist; create it, or end -o with a "
            "separator to have it made ({hint})",
            file=out,
            folder=missing,
            hint=str(out.parent) + os.sep,
        )
    )


def export_target(output: str, file_name: str):
    """Where ``export -o OUTPUT`` writes: (the file, the folder made for it or
    None).  A folder (an existing one, or OUTPUT ending with a separator, made
    if missing) gets ``file_name``; a file whose folder does not exist is
    refused naming that folder (docs/names.md, "Exports and folders"); so is
    anything but a regular file where the export would go (issue 44)."""
    seps = tuple(x for x in (os.sep, os.altsep, "/") if x)
    out = Path(output).expanduser().resolve()
    if output.endswith(seps) or out.is_dir():
        return _into_folder(out, file_name)
    if not out.parent.is_dir():
        raise _missing_folder(out)
    return _regular_file(out), None


def _regular_file(out):
    """``out`` when it is missing or a regular file: an export replaces only
    those (a device such as /dev/full, a pipe, a socket or a folder in its
    place is refused naming it; as root a rename would replace the device node)."""

    try:
        mode = out.stat().st_mode
    except FileNotFoundError:
        return out
    except OSError as err:
        raise CliError(os_error_message(err)) from None
    if stat.S_ISDIR(mode):
        raise CliError(
            _(
                "cannot write {file}: a folder of that name is there; an export writes only regular files: "
                "name another file",
                file=out,
            )
        )
    if not stat.S_ISREG(mode):
        raise CliError(
            _(
                "cannot write {file}: it is not a regular file (a device, a pipe or a socket); an export "
                "writes only regular files: name a file, or leave -o out to print it",
                file=out,
            )
        )
    return out
