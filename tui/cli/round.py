"""Running the round from the command line: ``lycee clock``, ``checkin``,
``late``, ``game``, ``id-decision``, ``penalty``, ``penalties``, ``appeal``,
``staff``.

A thin face: every decision is the engine's (core.rules.clock,
core.rules.lateness, core.rules.penalties, core.rules.staff,
core.tournament.matchrules); a refusal is a one-line reason
on stderr with the rule id, exit 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.desk import Desk
from core import labels
from core.errors import LyceeError
from core.i18n import _, join_list
from core.rules.clock import elapsed, fmt
from core.rules.lateness import SEATED_WITHIN, next_due
from core.rules.penalties import history, in_force, match_loss_words, tally_line
from core.rules.staff import pin_staff, split_names, staff_problems
from core.tournament.matchrules import next_game_chooser, tally_games

from .argparsing import Arguments, Builder
from .common import CliError, LazyChoices, out_json, with_desk

PENALTY_ACTIONS = LazyChoices("core.event.model", "PENALTY_ACTIONS")


def _name(ev, pid):
    return ev.player(pid).name if pid and ev.has_player(pid) else (pid or "-")


def _action_part(action: str, rules: str = "2008") -> str:
    """`` · game loss`` and the like; nothing when no action goes with the penalty."""
    return "" if action == "none" else f" · {labels.penalty_action_label(action, rules)}"


# -- clock -------------------------------------------------------------------------


def _clock_json(st) -> dict:
    return {
        "round": st.round,
        "started": st.started,
        "running": st.running,
        "paused": st.paused,
        "minutes": st.minutes,
        "elapsed": round(st.elapsed, 1),
        "remaining": None if st.remaining is None else round(st.remaining, 1),
        "tables": [
            {
                "table": t.table,
                "extension": t.extension,
                "finished": t.finished,
                "remaining": None if t.remaining is None else round(t.remaining, 1),
            }
            for t in st.tables
        ],
    }


def _clock_state(st) -> str:
    if not st.started:
        return _("not started")
    return _("paused") if st.paused else _("running")


def _print_clock(st) -> None:
    """The round clock: time left, the tables with extensions, the tables still playing."""
    print(
        _(
            "round {r}: {left} left of {m} minutes ({state})",
            r=st.round,
            left=fmt(st.remaining),
            m=st.minutes,
            state=_clock_state(st),
        )
    )
    for t in st.tables:
        if t.extension and not t.finished:
            print("  " + _("table {t}: +{x} min, {left} left", t=t.table, x=t.extension, left=fmt(t.remaining)))
    if st.started:
        left = st.unfinished
        print(
            "  "
            + (_("still playing: tables {tables}", tables=join_list(left)) if left else _("every match has its result"))
        )


#: ``lycee clock EVENT OP``: what each op does to the desk (status and call change nothing)
CLOCK_OPS: dict[str, Callable[[Desk, argparse.Namespace], object]] = {
    "start": lambda d, args: d.start_clock(),
    "pause": lambda d, args: d.pause_clock(),
    "resume": lambda d, args: d.resume_clock(),
    "extend": lambda d, args: d.extend(args.table, args.minutes),
}


def _print_time_call(args, st, called) -> None:
    """``clock call``: the tables still playing whose time is up."""
    if getattr(args, "json", False):
        out_json({"round": st.round, "time_up": [{"table": t.table, "over": round(-t.remaining, 1)} for t in called]})
        return
    if not called:
        print(_("no table is over time"))
    for t in called:
        print(_("time: table {t} ({over} over); result by G-BO3-TIME / G-TIME", t=t.table, over=fmt(-t.remaining)))


def cmd_clock(args) -> int:
    """``lycee clock EVENT OP``: the round clock started, paused, resumed, a table extended, time called; or its status."""
    op = args.clock_op

    def run(d: Desk):
        if op in CLOCK_OPS:
            CLOCK_OPS[op](d, args)
        called = d.time_call() if op == "call" else None
        return called, d.clock_status()

    called, st = with_desk(args, run)
    if op == "call":
        _print_time_call(args, st, called)
    elif getattr(args, "json", False):
        out_json(_clock_json(st))
    else:
        _print_clock(st)
    return 0


# -- check-in and lateness ------------------------------------------------------------


def cmd_checkin(args) -> int:

    def run(d: Desk):
        ids = [d.player(ref).id for ref in args.players]
        ev = d.checkin(*ids)
        rnd = ev.current_round
        assert rnd is not None, "check-in is refused before a round is paired"
        seen = {c.player: c.seconds for c in rnd.checkins}
        return [(ev.player(pid).name, seen[pid]) for pid in ids]

    for name, secs in with_desk(args, run):
        if secs <= SEATED_WITHIN:
            print(_("{name} checked in (on time)", name=name))
        else:
            print(_("{name} checked in {late} after the start (late)", name=name, late=fmt(secs)))
    return 0


def _confirm_late(d: Desk, args) -> list[tuple[str, str]]:
    """The prompts confirmed (``all``: every one due)."""
    done = []
    for key in args.confirm or ():
        for k in [p.key for p in d.late_prompts()] if key == "all" else [key]:
            d.resolve_late(k, "confirm", args.by)
            done.append((k, "confirm"))
    return done


def _decide_late(d: Desk, args) -> list[tuple[str, str]]:
    """The prompts confirmed (``all``: every one due) and dismissed: (key, decision) each."""
    done = _confirm_late(d, args)
    for key in args.dismiss or ():
        d.resolve_late(key, "dismiss", args.by)
        done.append((key, "dismiss"))
    return done


def _late_doc(done, due, ev) -> dict:
    return {
        "done": [{"key": k, "decision": dec} for k, dec in done],
        "due": [
            {
                "key": p.key,
                "rule": p.rule,
                "round": p.round,
                "table": p.table,
                "players": list(p.players),
                "kind": p.kind,
                "text": p.describe(ev),
            }
            for p in due
        ],
    }


def _print_due(due, ev, secs, ahead) -> None:
    """What is due now, or that nothing is (and when the next check is)."""
    if secs is None:
        print(_("the round clock has not started: nothing is due"))
        return
    if not due:
        print(_("nothing due ({t} into the round)", t=fmt(secs)))
        if ahead is not None:
            print(_("next lateness check due in {t}", t=fmt(ahead)))
        return
    for p in due:
        print(f"{p.key:<8} {p.rule:<9} {p.describe(ev)}")
    print(_("confirm with --confirm KEY (or all), or --dismiss KEY; nothing is applied until then"))


def cmd_late(args) -> int:
    """``lycee late EVENT``: lateness due now (G-LATE-1/2), confirmed or dismissed."""

    def run(d: Desk):
        done = _decide_late(d, args)
        ev = d.event
        rnd = ev.current_round
        secs = elapsed(rnd.clock, d.now()) if rnd is not None and rnd.clock else None
        return done, d.late_prompts(), ev, secs, next_due(ev, d.now()) if rnd is not None else None

    done, due, ev, secs, ahead = with_desk(args, run)
    if args.json:
        out_json(_late_doc(done, due, ev))
        return 0
    for k, dec in done:
        print(_("{key}: confirmed", key=k) if dec == "confirm" else _("{key}: dismissed", key=k))
    _print_due(due, ev, secs, ahead)
    return 0


# -- games and intentional draws -------------------------------------------------------


def cmd_game(args) -> int:

    def run(d: Desk):
        number = args.round if args.round is not None else len(d.event.rounds)
        if args.time:
            d.games_at_time(args.table, args.games, round_number=args.round, time_called=args.time_called)
        elif args.games:
            d.add_game(args.table, *args.games, round_number=args.round)
        ev = d.event
        if not ev.rounds:
            raise LyceeError(_("no round has been paired yet"))
        m = ev.rounds[number - 1].match_at(args.table)
        if m is None:
            raise LyceeError(_("round {r} has no table {t}", r=number, t=args.table))
        return ev, m

    ev, m = with_desk(args, run)
    r = tally_games(m.games)
    head = f"{_name(ev, m.p1)} {r.text()} {_name(ev, m.p2)}"
    print(_("table {t}: {score}; games: {games}", t=m.table, score=head, games=join_list(m.games) or "-"))
    if m.reported:
        print(
            _("match over: {outcome}", outcome=labels.match_outcome_label(m.outcome, _name(ev, m.p1), _name(ev, m.p2)))
        )
    else:
        who = next_game_chooser(m.games, ev.match)
        if who is not None:
            print(_("next game: {name} chooses to play first or second (G-NEXT-GAME)", name=_name(ev, getattr(m, who))))
    return 0


def cmd_id_decision(args) -> int:
    decision = args.decision.replace("-", "_")

    def run(d: Desk):
        d.id_decision(args.table, decision, args.by, round_number=args.round)
        return d.event

    with_desk(args, run)
    print(
        _("table {t}: replay ordered (G-ID-3)", t=args.table)
        if decision == "replay"
        else _("table {t}: no winner (G-ID-3)", t=args.table)
    )
    return 0


# -- penalties ----------------------------------------------------------------------------


def cmd_penalty(args) -> int:
    def run(d: Desk):
        p = d.player(args.player)
        before = d.event
        ev = d.penalty(
            p.id, args.level, args.reason, by=args.by, action=args.action, table=args.table, round_number=args.round
        )
        return ev, p.id, before

    ev, pid, before = with_desk(args, run)
    if args.level == "caution":  # O-PEN-1: in the log only, never numbered or marked
        print(_("caution (not recorded): {name} · {reason}", name=_name(ev, pid), reason=args.reason.strip()))
        return 0
    n = len(ev.penalties)
    pen = ev.penalties[-1]
    print(
        f"#{n} {'N' if pen.level == 'notice' else 'W'} "
        + _name(ev, pid)
        + f" · {_where(pen)} · "
        + _("by {by}", by=pen.by)
        + _action_part(pen.action, ev.rules)
        + f" · {pen.reason}"
    )

    print(tally_line(ev, pid))
    lost = match_loss_words(before, ev, pid)  # L-MATCH-LOSS: what happened to the match
    if lost and (pen.action == "match_loss" or ev.player(pid).excluded):
        print(lost)
    return 0


def _where(pen) -> str:
    """Where a penalty was given: round and table, the round alone, or - (before round 1)."""
    if pen.table:
        return _("round {r} table {t}", r=pen.round, t=pen.table)
    return _("round {r}", r=pen.round) if pen.round else "-"


def _penalty_doc(ev, n: int, p) -> dict:
    return {
        "number": n,
        "player": p.player,
        "name": _name(ev, p.player),
        "round": p.round,
        "table": p.table,
        "level": p.level,
        "action": p.action,
        "reason": p.reason,
        "by": p.by,
        "appeal": p.appeal,
        "in_force": in_force(p) is not None,
    }


def _penalty_line(ev, n: int, p) -> str:
    """``#3   W  R2 T4  Ann · … · by HJ``: N/W for what is in force (G-PEN-3), an appeal's ruling."""
    f = in_force(p)
    mark = "-" if f is None else ("N" if f[0] == "notice" else "W")
    appeal = ""
    if p.appeal:
        appeal = " · " + _(
            "appeal ruled: {outcome} (by {by})",
            outcome=labels.appeal_outcome_label(p.appeal["outcome"]),
            by=p.appeal["by"],
        )
    return (
        f"#{n:<3} {mark}  {_where(p)}  {_name(ev, p.player)}"
        + _action_part(p.action, ev.rules)
        + f" · {p.reason} · "
        + _("by {by}", by=p.by)
        + appeal
    )


def _print_penalties(args, ev, rows: list, pids: list[str]) -> None:
    if not rows:
        print(_("no penalties"))
    for n, p in rows:
        print(_penalty_line(ev, n, p))
    if args.player:
        print(tally_line(ev, pids[0]))


def cmd_penalties(args) -> int:
    """``lycee penalties EVENT [PLAYER]``: the penalty history, numbered (for appeals)."""

    def run(d: Desk):
        ev = d.event
        pids = [d.player(args.player).id] if args.player else [p.id for p in ev.players]
        return ev, pids

    ev, pids = with_desk(args, run)
    rows = sorted((n, p) for pid in pids for n, p in history(ev, pid))
    if args.json:
        out_json({"penalties": [_penalty_doc(ev, n, p) for n, p in rows]})
    else:
        _print_penalties(args, ev, rows, pids)
    return 0


def cmd_appeal(args) -> int:
    def run(d: Desk):
        ev = d.appeal(args.number, args.outcome, by=args.by, level=args.level, action=args.action, note=args.note or "")
        return ev

    ev = with_desk(args, run)
    pen = ev.penalties[args.number - 1]
    print(
        _(
            "penalty #{n}: {outcome} by the head judge {by} (final, G-HEAD-JUDGE)",
            n=args.number,
            outcome=labels.appeal_outcome_label(pen.appeal["outcome"]),
            by=pen.appeal["by"],
        )
    )

    print(tally_line(ev, pen.player))
    return 0


# -- staff ---------------------------------------------------------------------------------


def _staff_change(args) -> dict:
    """What ``lycee staff`` was asked to change (names split at , and 、: 佐藤、鈴木 is two judges)."""
    given = {
        "organizer": args.organizer,
        "add_judges": split_names(args.judge) if args.judge else None,
        "head_judge": args.head_judge,
        "add_event_staff": split_names(args.event_staff) if args.event_staff else None,
        "remove": args.remove or None,
    }
    return {k: v for k, v in given.items() if v is not None}


def _staff_doc(ev, problems) -> dict:
    s = ev.staff
    return {
        "organizer": s.organizer,
        "judges": list(s.judges),
        "head_judge": s.head_judge,
        "event_staff": list(s.event_staff),
        "sanctioned": ev.sanctioned,
        "problems": [{"rule": r, "message": m} for r, m in problems],
    }


def _print_staff(ev, problems) -> None:
    s = ev.staff
    print(_("organizer: {name}", name=s.organizer or "-"))
    print(_("judges: {names}", names=join_list(s.judges, words=True) or "-"))
    print(_("head judge: {name}", name=s.head_judge or "-"))
    if s.event_staff:
        print(_("event staff: {names}", names=join_list(s.event_staff, words=True)))
    for rule, msg in problems:
        print(f"! {msg} [{rule}]")


def cmd_staff(args) -> int:
    """``lycee staff EVENT``: the staff shown, or changed (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE)."""
    if args.op is not None:
        return cmd_staff_pin(args)
    change = _staff_change(args)

    def run(d: Desk):
        if change:
            d.set_staff(**change)
        if args.sanctioned is not None:
            d.set_settings({"sanctioned": args.sanctioned})  # an edit action, as `lycee event set` makes
        return d.event

    ev = with_desk(args, run)
    problems = staff_problems(ev)
    if args.json:
        out_json(_staff_doc(ev, problems))
    else:
        _print_staff(ev, problems)
    return 0


def _check_pin_args(args) -> None:
    """``staff EVENT pin|signout NAME`` takes a name and no staff change."""
    if args.op not in ("pin", "signout"):
        raise CliError(
            _(
                "{op!r}: the staff operations are pin and signout (`lycee staff EVENT pin NAME`, "
                "`lycee staff EVENT signout NAME`); to set the staff: `lycee staff EVENT --judge NAME`",
                op=args.op,
            )
        )
    if not args.name:
        raise CliError(
            _("give the staff member's name: `lycee staff EVENT pin NAME`")
            if args.op == "pin"
            else _("give the staff member's name: `lycee staff EVENT signout NAME`")
        )
    changes = [args.organizer, args.judge, args.head_judge, args.event_staff, args.remove, args.sanctioned]
    if any(x is not None for x in changes):
        raise CliError(
            _("`lycee staff EVENT pin NAME` takes no other option: set the staff first, then ask for the PIN")
        )


def _staff_signout(args) -> int:
    who = with_desk(args, lambda d: d.staff_signout(args.name), writes=True)
    if args.json:
        out_json({"name": who, "signed_out": True})
    else:
        print(_("{name} is signed out of the judge page on every phone (the PIN stays)", name=who))
    return 0


def cmd_staff_pin(args) -> int:
    """``lycee staff EVENT pin NAME``: a new PIN for the judge page, printed
    this once (only its salted hash is stored; the old PIN stops working, and
    every session made with it ends).  ``lycee staff EVENT signout NAME``:
    NAME's judge-page sessions end on every phone; the PIN stays."""
    _check_pin_args(args)
    if args.op == "signout":
        return _staff_signout(args)
    pin, who = with_desk(args, lambda d: (d.staff_pin(args.name), pin_staff(d.event, args.name)), writes=True)
    if args.json:
        out_json({"name": who, "pin": pin})
    else:
        print(pin)
    print(
        _(
            "The judge-page PIN of {name}: shown only now (the old one no longer works). They sign in at "
            "/judge on the event's pages (lycee serve).",
            name=who,
        ),
        file=sys.stderr,
    )
    return 0


# -- the parser -----------------------------------------------------------------------------


def clock_arguments(c: argparse.ArgumentParser, parsers: Builder) -> None:
    parsers.event_arg(c)
    cs = c.add_subparsers(title=_("clock commands"), metavar="ACTION", required=True, dest="clock_op")
    for op, help_ in (
        ("start", _("start the current round's clock (the match start: G-ID-2, G-LATE-1)")),
        ("pause", _("pause the clock")),
        ("resume", _("resume a paused clock")),
        ("status", _("time left, tables with extensions, tables still playing")),
    ):
        sp = parsers.cmd(cs, op, cmd_clock, help_)
        sp.add_argument("--json", action="store_true")
    ext = parsers.cmd(cs, "extend", cmd_clock, _("give a table extra minutes (refused for a finished table)"))
    ext.add_argument("table", type=int, metavar="TABLE")
    ext.add_argument("minutes", type=int, metavar="MINUTES")
    ext.add_argument("--json", action="store_true")
    call = parsers.cmd(cs, "call", cmd_clock, _("time call: the tables still playing whose time is up"))
    call.add_argument("--json", action="store_true")


def checkin_arguments(ci: argparse.ArgumentParser, parsers: Builder) -> None:
    ci.set_defaults(func=cmd_checkin)
    parsers.event_arg(ci)
    ci.add_argument("players", nargs="+", metavar="PLAYER", help=_("player id or exact name"))


def late_arguments(la: argparse.ArgumentParser, parsers: Builder) -> None:
    la.set_defaults(func=cmd_late)
    parsers.event_arg(la)
    la.add_argument("--confirm", action="append", metavar="KEY", help=_("confirm a prompt (T3, D-p4) or all"))
    la.add_argument("--dismiss", action="append", metavar="KEY", help=_("dismiss a prompt"))
    la.add_argument("--by", metavar="NAME", help=_("who decides (recorded)"))
    la.add_argument("--json", action="store_true")


def game_arguments(g: argparse.ArgumentParser, parsers: Builder) -> None:
    g.set_defaults(func=cmd_game)
    parsers.event_arg(g)
    g.add_argument("table", type=int, metavar="TABLE")
    g.add_argument(
        "games",
        nargs="*",
        metavar="GAME",
        help=_("p1, p2 (winner), draw, concede-p1/-p2 (who conceded), loss-p1/-p2 (penalty)"),
    )
    g.add_argument(
        "--time", action="store_true", help=_("time is up: record the result from the games (G-BO3-TIME, G-TIME)")
    )
    g.add_argument(
        "--time-called",
        action="store_true",
        help=_(
            "with --time while the round clock still runs (or never started): "
            "the judge called time at this table (G-BO3-TIME)"
        ),
    )
    g.add_argument("--round", type=int, metavar="N")


def id_decision_arguments(idd: argparse.ArgumentParser, parsers: Builder) -> None:
    idd.set_defaults(func=cmd_id_decision)
    parsers.event_arg(idd)
    idd.add_argument("table", type=int, metavar="TABLE")
    idd.add_argument("decision", choices=("replay", "no-winner"))
    idd.add_argument("--by", metavar="ORGANIZER", required=True, help=_("the organizer's name"))
    idd.add_argument("--round", type=int, metavar="N")


def penalty_arguments(pe: argparse.ArgumentParser, parsers: Builder) -> None:
    pe.set_defaults(func=cmd_penalty)
    parsers.event_arg(pe)
    pe.add_argument("player", metavar="PLAYER", help=_("player id or exact name"))
    pe.add_argument(
        "level",
        choices=("notice", "warning", "caution"),
        metavar="LEVEL",
        help=labels.choices(("notice", "warning"), labels.penalty_level_label)
        + _("; caution: Overture events only, in the log and not recorded (O-PEN-1)"),
    )
    pe.add_argument("--reason", required=True, metavar="TEXT", help=_("why (recorded with the penalty)"))
    pe.add_argument(
        "--by",
        metavar="NAME",
        help=_(
            "the staff member issuing it, never one who plays in the match (default: the judge on duty; "
            "the head judge only when there is no other judge)"
        ),
    )
    pe.add_argument(
        "--action",
        choices=PENALTY_ACTIONS,
        default="none",
        metavar="ACTION",
        help=_(
            "what goes with it (a match loss takes the player's match of the round, even when over; "
            "a game loss the unfinished match; exclusion_struck: Overture events only, O-PEN-2)"
        )
        + " {%(choices)s}",
    )
    pe.add_argument("--table", type=int, metavar="N", help=_("table (default: the player's table this round)"))
    pe.add_argument("--round", type=int, metavar="N", help=_("default: the current round"))


def penalties_arguments(ps: argparse.ArgumentParser, parsers: Builder) -> None:
    ps.set_defaults(func=cmd_penalties)
    parsers.event_arg(ps)
    ps.add_argument("player", nargs="?", metavar="PLAYER")
    ps.add_argument("--json", action="store_true")


def appeal_arguments(ap: argparse.ArgumentParser, parsers: Builder) -> None:
    ap.set_defaults(func=cmd_appeal)
    parsers.event_arg(ap)
    ap.add_argument("number", type=int, metavar="PENALTY", help=_("the penalty's number (see `lycee penalties`)"))
    ap.add_argument(
        "outcome",
        choices=("upheld", "overturned", "changed"),
        metavar="OUTCOME",
        help=labels.choices(("upheld", "overturned", "changed"), labels.appeal_outcome_label),
    )
    ap.add_argument("--level", choices=("notice", "warning"), help=_("new level (changed)"))
    ap.add_argument(
        "--action", choices=PENALTY_ACTIONS, metavar="ACTION", help=_("new action (changed)") + " {%(choices)s}"
    )
    ap.add_argument("--by", metavar="HEAD_JUDGE", help=_("default: the event's head judge"))
    ap.add_argument("--note", metavar="TEXT", help=_("the head judge's note (recorded)"))


def staff_arguments(st: argparse.ArgumentParser, parsers: Builder) -> None:
    st.set_defaults(func=cmd_staff)
    parsers.event_arg(st)
    st.add_argument(
        "op",
        nargs="?",
        metavar="pin|signout",
        help=_(
            "pin NAME: a new PIN for the judge page, printed once; "
            "signout NAME: end NAME's judge-page sessions on every phone (the PIN stays)"
        ),
    )
    st.add_argument("name", nargs="?", metavar="NAME", help=_("the organizer, a judge or the head judge"))
    st.add_argument("--organizer", metavar="NAME")
    st.add_argument(
        "--judge", action="append", metavar="NAME", help=_("add a judge (repeat, or separate names with , or 、)")
    )
    st.add_argument("--head-judge", metavar="NAME", help=_("also made a judge"))
    st.add_argument(
        "--event-staff", action="append", metavar="NAME", help=_("add event staff (may issue penalties, G-PEN-1)")
    )
    st.add_argument("--remove", action="append", metavar="NAME", help=_("take a name off the staff"))
    st.add_argument(
        "--unsanctioned",
        dest="sanctioned",
        action="store_false",
        default=None,
        help=_("mark the event unsanctioned (it may then run without full staff)"),
    )
    st.add_argument("--sanctioned", dest="sanctioned", action="store_true", help=_("mark the event sanctioned again"))
    st.add_argument("--json", action="store_true")


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {
    "clock": clock_arguments,
    "checkin": checkin_arguments,
    "late": late_arguments,
    "game": game_arguments,
    "id-decision": id_decision_arguments,
    "penalty": penalty_arguments,
    "penalties": penalties_arguments,
    "appeal": appeal_arguments,
    "staff": staff_arguments,
}
