"""``lycee repair``: rebuild an event's journal damaged in the middle
(docs/storage.md, "Damage and recovery"); the work is the store's
(:meth:`core.store.store.DataDir.repair_journal`)."""

from __future__ import annotations

import argparse

from core.i18n import _
from core.store.store import ignored_note, lock_wait

from .argparsing import Arguments, Builder
from .common import datadir


def _repair_note(store) -> str:
    """What opening the journal said, without the lines about files it set aside (listed apart)."""
    return "\n".join(x for x in (store.note or "").split("\n") if x and not _is_aside(x, store.set_aside))


def _repair_lines(store, eid: str) -> list[str]:
    """What the repair did: the actions it could not recover, a torn last record cut, or nothing to repair."""
    r = store.rebuilt
    note = _repair_note(store)
    if r is not None:
        return [note] + ["  " + _("not recovered: {what}", what=line) for line in r.lost_list()]
    if note:  # a torn last record, cut as every writer cuts it: here the repair's success,
        return [note.removeprefix("lycee: ")]  # not the warning other commands print on stderr
    return [_("{event}: the journal is intact ({n} actions); nothing to repair", event=eid, n=len(store.actions))]


def cmd_repair(args) -> int:
    """``lycee repair EVENT``: a journal damaged in the middle rebuilt (never by itself)."""
    dd = datadir(args)
    eid = dd.resolve(args.event)
    with dd.repair_journal(eid, wait=lock_wait()) as store:
        # what opening set aside (damaged checkpoints), then every checkpoint and backup still not believed
        stored = store.set_aside + dd.check_stored(eid)
        for line in _repair_lines(store, eid):
            print(line)
        for i in stored:
            print("  " + i.words())
    return 0


def _is_aside(line: str, aside: list) -> bool:
    """A line of the store's note that only names checkpoints it set aside (said below, one a line)."""

    return bool(aside) and line.removeprefix("lycee: ") == ignored_note(aside)


def repair_arguments(r: argparse.ArgumentParser, parsers: Builder) -> None:
    r.set_defaults(func=cmd_repair)
    parsers.event_arg(r)


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"repair": repair_arguments}
