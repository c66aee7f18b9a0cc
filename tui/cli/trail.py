"""``lycee undo|redo|log``: the event's audit trail."""

from __future__ import annotations

import argparse

from core import labels
from core.columns import ljust
from core.i18n import _
from core.log.actions import PAYLOADS
from core.log.registry import describe
from core.readmodel.rounds import with_said
from core.store.store import trail_query

from .argparsing import Arguments, Builder
from .common import datadir, out_json, read_event, shown, with_desk


def cmd_undo(args) -> int:

    act, names = with_desk(args, lambda d: (d.undo(), {p.id: p.name for p in d.event.players}))
    print(_("undone: #{seq} {what}", seq=act["seq"], what=with_said(describe(act, names), act)))
    return 0


def cmd_redo(args) -> int:

    act, names = with_desk(args, lambda d: (d.redo(), {p.id: p.name for p in d.event.players}))
    what = with_said(describe(act, names), act)
    print(_("redone: {what}", what=_("#{seq} {what}", seq=act["seq"], what=what)))
    return 0


def _log_line(r: dict, names: dict[str, str]) -> str:
    """One action of the trail: its number, time, who (and from where), what; undone or a redo marked."""
    mark = _(" (undone)") if r["undone"] else ""
    if isinstance(r.get("redo"), int):
        mark = _(" (redo of the undo #{seq})", seq=r["redo"]) + mark
    who = labels.actor_label(str(r["actor"]))
    if r.get("device"):  # where it came from: the command line through the app's door, a phone
        who = _("{actor} ({device})", actor=labels.actor_label(str(r["actor"])), device=r["device"])
    return f"#{r['seq']:<4} {shown(r['at'])}  {ljust(shown(who), 10)} {shown(describe(r, names))}{mark}"


def cmd_log(args) -> int:
    """``lycee log EVENT``: the audit trail, every action, who and when."""
    dd = datadir(args)
    rows = dd.history(dd.resolve(args.event), trail_query(args.kind, args.actor, args.round))
    if args.json:
        out_json({"log": rows})
        return 0
    ev = read_event(args)
    names = {p.id: p.name for p in (*ev.players, *ev.removed)}  # a removed registration is named too
    for r in rows:
        print(_log_line(r, names))
    return 0


def undo_arguments(u: argparse.ArgumentParser, parsers: Builder) -> None:
    u.set_defaults(func=cmd_undo)
    parsers.event_arg(u)


def redo_arguments(rd: argparse.ArgumentParser, parsers: Builder) -> None:
    rd.set_defaults(func=cmd_redo)
    parsers.event_arg(rd)


def log_arguments(lg: argparse.ArgumentParser, parsers: Builder) -> None:
    lg.set_defaults(func=cmd_log)
    parsers.event_arg(lg)
    lg.add_argument("--json", action="store_true")

    lg.add_argument(
        "--kind",
        choices=sorted(PAYLOADS),
        metavar="KIND",
        help=_("only actions of this kind (result, pair, penalty...)"),
    )
    lg.add_argument(
        "--actor",
        metavar="WHO",
        help=_("only actions by this actor (desk, cli: the command line through the app's window, import...)"),
    )
    lg.add_argument("--round", type=int, metavar="N", help=_("only actions of round N"))


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"undo": undo_arguments, "redo": redo_arguments, "log": log_arguments}
