"""``lycee repair``: rebuild an event's journal damaged in the middle
(docs/storage.md, "Damage and recovery"); the work is the store's
(:meth:`core.store.store.DataDir.repair_journal`)."""

from __future__ import annotations

from core.i18n import _

from .common import datadir


def cmd_repair(args) -> int:
    from core.store.store import lock_wait

    dd = datadir(args)
    eid = dd.resolve(args.event)
    with dd.repair_journal(eid, wait=lock_wait()) as store:
        r = store.rebuilt
        if r is not None:
            print(store.note)
            for line in r.lost_list():
                print("  " + _("not recovered: {what}", what=line))
        elif store.note:  # a torn last record, cut as every writer cuts it: here the repair's success,
            print(store.note.removeprefix("lycee: "))  # not the warning other commands print on stderr
        else:
            print(_("{event}: the journal is intact ({n} actions); nothing to repair", event=eid, n=len(store.actions)))
    return 0


def register(sub, cmd, event_arg) -> None:
    r = cmd(
        sub,
        "repair",
        cmd_repair,
        _(
            "rebuild a journal damaged in the middle: from its intact start (or the best backup) and every "
            "intact record after the damage; names each action it cannot recover and keeps the damaged "
            "file beside it (it never deletes it, and never runs by itself)"
        ),
    )
    event_arg(r)
