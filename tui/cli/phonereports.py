"""``lycee player codes``, ``lycee reports``: phone reports seen and decided
from the command line (the command line in README.md).  The rules live in
core.rules.phonereports; this is only the face."""

from __future__ import annotations

import argparse

from core import labels
from core.i18n import _
from core.readmodel import phone_reports
from core.readmodel import report_status_label as status_label
from tui.web.locks import ask_unlock, read_locks, wait_released

from .argparsing import Arguments, Builder
from .common import CliError, datadir, out_json, with_desk


def cmd_player_codes(args) -> int:
    """Each player's report code (players without one get one; ``--new``
    gives a player a new one: the old stops working)."""
    new = args.new or []
    rows = with_desk(args, lambda d: d.report_codes(new))
    if args.json:
        out_json({"codes": [{"id": pid, "name": name, "code": code} for pid, name, code in rows]})
        return 0
    for pid, name, code in rows:
        print(f"{pid}\t{name}\t{code}")
    for ref in new:
        print(_("a new code was issued for {player}: the old one no longer works", player=ref))
    return 0


def _table(args) -> int | None:
    if args.table is None:
        return None
    try:
        return int(args.table)
    except ValueError:
        raise CliError(_("{table!r}: give the table's number", table=args.table)) from None


def _unlock(dd, eid: str, what: str | None) -> None:
    """``unlock WHAT``: the page server asked to lift it, and its answer awaited."""
    if not what:
        raise CliError(_("say what to unlock: `lycee reports EVENT unlock WHAT` (an address, a name, or all)"))
    if read_locks(dd, eid) is None:
        raise CliError(_("no page server takes phone reports or judges' sign-ins for this event: nothing is locked"))
    token = ask_unlock(dd, eid, what)
    if not wait_released(dd, eid, what, token):
        raise CliError(_("the page server did not answer: is `lycee serve` (or the app's serving) still running?"))
    print(_("{what}: lifted (wrong codes and PINs counted again from zero)", what=what))


def _lock_line(r: dict) -> str:
    secret = _("wrong PINs") if r["secret"] == "pin" else _("wrong codes")
    state = _("locked") if r["locked"] else _("slowed")
    where = f" ({r['address']})" if r["address"] and r["address"] != r["what"] else ""
    return f"{r['what']}{where}\t{secret}: {r['wrong']}\t{state}"


def cmd_locks(args) -> int:
    """``lycee reports EVENT locks``: who the page server slows or locks for
    wrong codes or PINs; ``unlock WHAT`` (an address, a judge's name, a
    page-XXXXXXXX, or all) lifts it (tui.web.locks)."""
    dd = datadir(args)
    eid = dd.resolve(args.event)
    if args.op == "unlock":
        _unlock(dd, eid, args.table)
        return 0
    rows = read_locks(dd, eid) or []
    if args.json:
        out_json({"locks": rows})
        return 0
    if not rows:
        print(_("nobody is slowed or locked for wrong codes or PINs"))
    for r in rows:
        print(_lock_line(r))
    return 0


def _accept(args) -> None:
    if args.table is None or args.side is None:
        raise CliError(_("give the table and the side: `lycee reports EVENT accept TABLE --side p1|p2`"))
    with_desk(args, lambda d: d.accept_report(args.table, args.side))
    print(_("table {t}: {side}'s report accepted and recorded", t=args.table, side=labels.side_label(args.side)))


def _clear(args) -> None:
    if args.table is None:
        raise CliError(_("give the table: `lycee reports EVENT clear TABLE`"))
    with_desk(args, lambda d: d.clear_reports(args.table))
    print(_("table {t}: reports cleared (its players report again)", t=args.table))


def _call(args) -> None:
    if args.table is None or not args.note:
        raise CliError(_('give the table and a note: `lycee reports EVENT call TABLE --note "who goes, why"`'))
    with_desk(args, lambda d: d.call_table(args.table, args.note))
    print(_("table {t} called: {note}", t=args.table, note=args.note))


#: ``lycee reports EVENT OP TABLE``: what each op on a table does
TABLE_OPS = {"accept": _accept, "clear": _clear, "call": _call}


def _report_line(t) -> str:
    """One table's phone reports in one line: its status, each side's report, a hold, a staff call."""
    sides = [  # the table's sides by their words (p1 reads as the player id p1), the actor as people read it
        f"{label} " + (f"{s.name}: {s.said} ({s.at[11:19]}, {labels.actor_label(s.actor)})" if s else "-")
        for label, s in ((_("Player 1"), t.p1), (_("Player 2"), t.p2))
    ]
    line = _("table {t}: {how}", t=t.table, how=status_label(t.status)) + "\t" + "\t".join(sides)
    if t.held:  # why it waits, and the command that decides it
        line += "\t" + _(
            "{why}: `lycee reports EVENT accept {t} --side p1` takes it as called at time", why=t.held, t=t.table
        )
    if t.called:
        called = t.called
        line += "\t" + _(
            "called: {note} ({at}, {by})", note=called.note, at=called.at[11:16], by=labels.actor_label(called.actor)
        )
    return line


def _reported_tables(args) -> list:
    """The current round's tables that have a phone report."""
    return [t for t in with_desk(args, lambda d: phone_reports(d.event, d.now())) if t.status != "none"]


def _list_reports(args) -> int:
    """The current round's tables with a phone report."""
    tables = _reported_tables(args)
    if args.json:
        out_json({"reports": [t.doc() for t in tables]})
        return 0
    if not tables:
        print(_("no phone reports in the current round"))
    for t in tables:
        print(_report_line(t))
    return 0


def cmd_reports(args) -> int:
    """``lycee reports EVENT [OP]``: the reports listed, or one table's accepted, cleared or called."""
    if args.op in ("locks", "unlock"):
        return cmd_locks(args)
    if args.op is None:
        return _list_reports(args)
    if args.op == "codes":  # the players' report codes live with the players
        raise CliError(_("the players' report codes: `lycee player codes EVENT` (new ones: --new PLAYER)"))
    if args.op not in TABLE_OPS:
        raise CliError(
            _("{op!r}: choose accept, clear, call, locks or unlock (or nothing, to list the reports)", op=args.op)
        )
    args.table = _table(args)
    TABLE_OPS[args.op](args)
    return 0


def player_codes_arguments(pls, parsers: Builder) -> None:
    c = parsers.cmd(
        pls, "codes", cmd_player_codes, _("each player's secret code for phone reports (printed on the match slips)")
    )
    parsers.event_arg(c)
    c.add_argument(
        "--new",
        action="append",
        metavar="PLAYER",
        help=_("issue a new code for PLAYER (id or exact name): the old one stops working"),
    )
    c.add_argument("--json", action="store_true")


def reports_arguments(r: argparse.ArgumentParser, parsers: Builder) -> None:
    r.set_defaults(func=cmd_reports)
    parsers.event_arg(r)
    r.add_argument("op", nargs="?", metavar="accept|clear|call|locks|unlock")
    r.add_argument(
        "table",
        nargs="?",
        metavar="TABLE|WHAT",
        help=_("the table; with unlock, what to unlock: an address, a judge's name, page-XXXXXXXX or all"),
    )
    r.add_argument("--side", choices=("p1", "p2"), help=_("whose report to accept"))
    r.add_argument("--note", help=_("with call: who goes to the table and why (kept in the log)"))
    r.add_argument("--json", action="store_true")


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"reports": reports_arguments}
