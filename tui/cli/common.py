"""What the command's modules share: the refusal class, opening an event for
a command (the Desk for writing, a lock-free view for reading), JSON out and
the one-line reason for a failed write.  Never imports textual or rich."""

from __future__ import annotations

import importlib
import json
import sys
from typing import TYPE_CHECKING

from core.errors import LyceeError, NotFound
from core.i18n import _

if TYPE_CHECKING:  # imported when a command runs: `lycee --help` stays light
    from core.store import DataDir, EventStore

__all__ = [
    "CliError",
    "LazyChoices",
    "datadir",
    "open_event",
    "os_error_message",
    "out_json",
    "read_event",
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


def out_json(doc) -> None:
    json.dump(doc, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def datadir(args) -> DataDir:
    from core.store import DataDir

    return DataDir(args.data_dir)


def open_event(args) -> EventStore:
    """The event open for writing: waits a few seconds for another command
    holding it (``LYCEE_LOCK_WAIT``), never for the app; recovers a damaged
    file and says what was lost."""
    from core.store.store import lock_wait

    dd = datadir(args)
    store = dd.open(dd.resolve(args.event), wait=lock_wait())
    if store.note:
        print(store.note, file=sys.stderr)
    return store


def with_desk(args, fn):
    """``fn(desk)`` for a command.  It runs first over the event read without
    the lock (a ReadOnlyStore): a command that only reads (``penalties``,
    ``staff``, ``clock status``, ``late``, any ``--json`` listing) is done
    then, so it works while the app holds the event and on a read-only
    folder (README: "Reading commands take no lock").  At its first write
    nothing has been stored; the event is opened for writing (the lock, a
    recovery) and ``fn`` runs again from the start on the event as it is now."""
    from core.desk import Desk
    from core.store.store import WriteNeeded

    actor = getattr(args, "by", None) or "desk"
    dd = datadir(args)
    eid = dd.resolve(args.event)
    try:
        view = dd.view(eid)
    except NotFound:
        raise
    except LyceeError:  # nothing readable without a recovery: only a writer recovers
        view = None
    if view is not None:
        try:
            out = fn(Desk(view, actor=actor))  # type: ignore[arg-type]  # the reading face of EventStore
        except WriteNeeded:
            pass
        else:
            if view.note:
                print(f"lycee: {view.note}", file=sys.stderr)
            return out
    with open_event(args) as store:
        return fn(Desk(store, actor=actor))


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
    import errno

    where = err.filename or folder or "?"
    if err.errno == errno.ENOSPC:
        return _("cannot write {file}: the disk is full (ENOSPC); nothing was stored: free some space "
                 "and try again", file=where)
    if err.errno == errno.EFBIG:
        return _("cannot write {file}: the file is larger than allowed (EFBIG, a file size limit such as "
                 "`ulimit -f`); nothing was stored", file=where)
    if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return _("cannot write {file}: the folder is read-only or not yours ({code}); use --data-dir "
                 "with a folder you can write", file=where, code=errno.errorcode.get(err.errno, err.errno))
    code = errno.errorcode.get(err.errno, str(err.errno)) if err.errno else type(err).__name__
    return _("{file}: {reason} ({code})", file=where, reason=err.strerror or str(err), code=code)
