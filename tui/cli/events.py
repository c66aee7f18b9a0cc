"""``lycee event new|set|list|delete``: an event's settings and the data dir's events."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from core import labels
from core.columns import ljust
from core.event.model import RULE_SETS
from core.event.tiebreakers import names
from core.event.timing import minutes_advice
from core.i18n import _, ngettext
from core.rules.settings import field_label, notices, show_value
from core.rules.staff import split_names  # 佐藤、鈴木 is two judges

from .argparsing import Arguments, Builder
from .common import CliError, datadir, out_json, shown, with_desk

if TYPE_CHECKING:
    from core.desk import Desk


def tiebreaker_help() -> str:
    """``--tiebreakers``: the keys of core.event.tiebreakers, in order."""

    return _("from {names} in order; empty for none", names=",".join(names()))


def rules_help(fixed: bool = False) -> str:
    """``--rules``: the rule sets, in words (O-RULES)."""

    text = labels.choices(RULE_SETS, labels.rules_label)
    if fixed:
        return _("{choices}; fixed once round 1 is paired", choices=text)
    return _("{choices} (default 2008: the guideline this desk implements)", choices=text)


def elimination_rounds(args) -> int | None:
    """``--format elimination`` is ``--rounds 0`` (G-SE from the start); a Swiss
    round count with it is refused."""
    if getattr(args, "format", None) == "elimination":
        if args.rounds not in (None, 0):
            raise CliError(
                _(
                    "--format elimination plays no Swiss round: leave out --rounds {n} (or give --rounds 0)",
                    n=args.rounds,
                )
            )
        return 0
    return args.rounds


def _staff_settings(args) -> dict:
    return {
        "organizer": args.organizer or "",
        "judges": split_names(args.judge),
        "head_judge": args.head_judge or "",
    }


def _new_settings(args) -> dict:
    """The settings of ``lycee event new``, as the store takes them (in this order)."""
    settings = {
        "name": args.name,
        "kind": args.kind,
        "match": args.match,
        "rounds_planned": elimination_rounds(args),
        **_given_tiebreakers(args),
        "staff": _staff_settings(args),
        "sanctioned": not args.unsanctioned,
        "rules": args.rules,
        "decklists_required": args.decklists,
        "spectating": not args.no_spectating,
    }
    optional = {"date": args.date or None, "minutes": args.minutes}
    settings.update({k: v for k, v in optional.items() if v is not None})
    return settings


def _given_tiebreakers(args) -> dict:
    """``--tiebreakers A,B``: the order given, as a setting (none without the option)."""
    if args.tiebreakers is None:
        return {}
    return {"tiebreakers": [t for t in args.tiebreakers.split(",") if t]}


def _warn_minutes(ev, prefix: bool) -> None:
    """A round length that does not suit the match type, said on stderr."""
    advice = minutes_advice(ev.match, ev.minutes, kind=ev.kind)
    if advice:
        text = _("lycee: warning: {advice}", advice=advice) if prefix else _("warning: {advice}", advice=advice)
        print(text, file=sys.stderr)


def cmd_event_new(args) -> int:
    """``lycee event new NAME``: the event made; its id printed."""
    store = datadir(args).create(_new_settings(args))
    ev = store.event
    print(store.id)
    store.close()
    _warn_minutes(ev, prefix=True)
    return 0


#: ``lycee event set`` option -> the setting it changes
SET_OPTIONS = {
    "name": "name",
    "date": "date",
    "match": "match",
    "minutes": "minutes",
    "rounds_planned": "rounds",
    "rules": "rules",
    "sanctioned": "sanctioned",
    "decklists_required": "decklists",
    "spectating": "spectating",
    "phone_reports": "phone_reports",
}


def _tiebreakers_to_set(args) -> dict:
    """``--tiebreakers A, B`` of ``lycee event set``: the order given (none without the option)."""
    if args.tiebreakers is None:
        return {}
    return {"tiebreakers": [t.strip() for t in args.tiebreakers.split(",") if t.strip()]}


def _wanted(args) -> dict:
    """The settings ``lycee event set`` was given (at least one)."""
    wanted = {key: getattr(args, attr) for key, attr in SET_OPTIONS.items() if getattr(args, attr) is not None}
    wanted.update(_tiebreakers_to_set(args))
    if wanted:
        return wanted
    raise CliError(
        _("nothing to change: give at least one setting, e.g. `lycee event set EVENT --minutes 60` (see --help)")
    )


def cmd_event_set(args) -> int:
    """Change settings; one action each (the command line in README.md).  Locked settings
    are refused naming why (core.rules.settings)."""
    wanted = _wanted(args)

    def run(d: Desk):
        before = d.event
        changes = d.set_settings(wanted)
        return changes, d.event, notices(before, changes)

    changes, ev, said = with_desk(args, run)
    if not changes:
        print(_("nothing changed: the event already has these settings"))
    for k, v in changes.items():
        print(_("{setting}: {value}", setting=field_label(k), value=show_value(k, v)))
    for line in said:  # L-SET-LOCK: what the change still asks of the organizer
        print(_("warning: {advice}", advice=line), file=sys.stderr)
    if "minutes" in wanted or "match" in wanted:
        _warn_minutes(ev, prefix=False)
    return 0


def _event_doc(e) -> dict:
    return {
        "id": e.id,
        "name": e.name,
        "date": e.date,
        "kind": e.kind,
        "rules": e.rules,
        "match": e.match,
        "players": e.players,
        "rounds": e.rounds,
        **({"problem": e.problem} if e.problem else {}),
    }


def _event_line(e) -> str:
    """One event of the data dir: id, date, kind, rules, match, players and rounds, name (or its problem)."""
    if e.problem:
        return f"{e.id}  ! {shown(e.problem)}"
    return (
        f"{e.id}  {e.date}  {ljust(labels.kind_label(e.kind), 11)} "
        f"{ljust(labels.rules_label(e.rules), 18)} {labels.match_label(e.match)}  "
        + _(
            "{players}, {rounds}",
            players=ngettext("{n} player", "{n} players", e.players),
            rounds=ngettext("{r} round", "{r} rounds", e.rounds, r=e.rounds),
        )
        + f"  {shown(e.name)}"
    )


def cmd_event_list(args) -> int:
    """``lycee event list``: the events in the data dir."""
    events = datadir(args).list_events()
    if args.json:
        out_json({"events": [_event_doc(e) for e in events]})
        return 0
    if not events:
        print(_("no events yet: create one with `lycee event new NAME` or `lycee demo`"))
    for e in events:
        print(_event_line(e))
    return 0


def cmd_event_delete(args) -> int:
    dd = datadir(args)
    eid = dd.resolve(args.event)
    if not args.yes:
        raise CliError(_("deleting {event} removes it and its backups: add --yes to confirm", event=eid))
    dd.delete(eid)
    print(_("deleted {event}", event=eid))
    return 0


def event_arguments(ev: argparse.ArgumentParser, parsers: Builder) -> None:
    evs = ev.add_subparsers(title=_("event commands"), metavar="ACTION", required=True)
    n = parsers.cmd(evs, "new", cmd_event_new, _("create an event; prints its id"))
    n.add_argument("name", metavar="NAME", help=_("the event's name"))
    n.add_argument("--date", metavar="YYYY-MM-DD", help=_("event date (default: today)"))
    n.add_argument(
        "--kind",
        choices=("constructed", "sealed", "draft"),
        default="constructed",
        help=labels.choices(("constructed", "sealed", "draft"), labels.kind_label),
    )
    n.add_argument(
        "--match", choices=("bo3", "bo1"), default="bo3", help=labels.choices(("bo3", "bo1"), labels.match_label)
    )
    n.add_argument("--rounds", type=int, metavar="N", help=_("Swiss rounds planned (0: single elimination only)"))
    n.add_argument(
        "--format",
        choices=("swiss", "elimination"),
        default="swiss",
        help=_("swiss (a top cut may follow) or elimination: single elimination with every player (G-SE)"),
    )
    n.add_argument("--minutes", type=int, metavar="M", help=_("minutes a match (default 50, or 30 in bo1)"))
    n.add_argument("--organizer", metavar="NAME", help=_("the organizer's name"))
    n.add_argument(
        "--judge", action="append", metavar="NAME", help=_("repeat for each judge, or separate names with , or 、")
    )
    n.add_argument("--head-judge", metavar="NAME", help=_("the head judge (one of the judges)"))
    n.add_argument("--tiebreakers", metavar="LIST", help=tiebreaker_help())
    n.add_argument("--rules", choices=("2008", "overture"), default="2008", help=rules_help())
    n.add_argument(
        "--unsanctioned",
        action="store_true",
        help=_("mark the event unsanctioned (it may then run without full staff)"),
    )
    n.add_argument("--decklists", action="store_true", help=_("decklists required (G-DECKLIST)"))
    n.add_argument("--no-spectating", action="store_true", help=_("spectating forbidden (G-SPECTATE)"))
    st = parsers.cmd(
        evs,
        "set",
        cmd_event_set,
        _("change an event's settings; each change is an action in the log (undo with `lycee undo`)"),
    )
    parsers.event_arg(st)
    st.add_argument("--name", metavar="NAME")
    st.add_argument("--date", metavar="YYYY-MM-DD")
    st.add_argument("--match", choices=("bo3", "bo1"))
    st.add_argument("--minutes", type=int, metavar="M", help=_("minutes a match"))
    st.add_argument("--rounds", type=int, metavar="N", help=_("Swiss rounds planned"))
    st.add_argument("--tiebreakers", metavar="LIST", help=tiebreaker_help())
    st.add_argument("--rules", choices=("2008", "overture"), help=rules_help(fixed=True))
    g = st.add_mutually_exclusive_group()
    g.add_argument("--sanctioned", dest="sanctioned", action="store_true", default=None)
    g.add_argument("--unsanctioned", dest="sanctioned", action="store_false")
    g = st.add_mutually_exclusive_group()
    g.add_argument(
        "--decklists", dest="decklists", action="store_true", default=None, help=_("decklists required (G-DECKLIST)")
    )
    g.add_argument("--no-decklists", dest="decklists", action="store_false")
    g = st.add_mutually_exclusive_group()
    g.add_argument("--spectating", dest="spectating", action="store_true", default=None)
    g.add_argument(
        "--no-spectating", dest="spectating", action="store_false", help=_("spectating forbidden (G-SPECTATE)")
    )
    g = st.add_mutually_exclusive_group()
    g.add_argument(
        "--phone-reports",
        dest="phone_reports",
        action="store_true",
        default=None,
        help=_("players report their results from their phones (lycee serve; off by default)"),
    )
    g.add_argument("--no-phone-reports", dest="phone_reports", action="store_false")
    lst = parsers.cmd(evs, "list", cmd_event_list, _("list the events in the data dir"))
    lst.add_argument("--json", action="store_true")
    de = parsers.cmd(evs, "delete", cmd_event_delete, _("delete an event and its backups"))
    parsers.event_arg(de)
    de.add_argument("--yes", action="store_true", help=_("confirm"))


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"event": event_arguments}
