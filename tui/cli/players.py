"""``lycee player add|rename|remove|drop|list`` (and ``player apart``, the
players' own phone-report commands: tui/cli/apart.py, tui/cli/phonereports.py)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from core import labels
from core.i18n import _
from core.readings import available, suggest_reading
from core.readmodel.players import added_said, drop_said
from core.rules.players import kept_bye_text, rename_line

from . import apart, phonereports
from .argparsing import Arguments, Builder
from .common import CliError, out_json, read_event, shown, with_desk

if TYPE_CHECKING:
    from core.desk import Desk
    from core.event.model import Event


def _check_add(args) -> None:
    if not args.names and not args.member:
        raise CliError(_("name the players to add, or give --member NUMBER"))
    if args.member and args.reading:
        raise CliError(_("--reading is for names typed here: a member's reading comes from the member list"))


def _suggested_readings(names: list[str], given: list[str]) -> tuple[list[str | None], dict[int, str]]:
    """L-READING: each name's reading, the one given or else the one suggested; and
    the suggested ones by the name's place (said on stderr)."""
    if not available():
        raise CliError(_("--suggest-reading needs the readings extra: pip install 'lycee[readings]' (janome)"))
    readings: list[str | None] = []
    suggested: dict[int, str] = {}
    for i, name in enumerate(names):
        mine = given[i] if given else ""
        if not mine and (s := suggest_reading(name)):
            suggested[i], mine = s, s
        readings.append(mine)
    return readings, suggested


def _readings(args) -> tuple[list[str | None] | None, dict[int, str]]:
    """The readings to register with the names, and those suggested (--suggest-reading)."""
    if not (args.suggest_reading and args.names):
        return args.reading, {}
    given = list(args.reading or [])
    if given and len(given) != len(args.names):
        return args.reading, {}  # add_players names the mismatch
    return _suggested_readings(args.names, given)


def cmd_player_add(args) -> int:
    """``lycee player add``: players registered by name or from the member list; their ids, one a line."""
    _check_add(args)
    readings, suggested = _readings(args)

    def run(d: Desk) -> tuple[list[str], list[str], Event]:
        members = d.add_members(d.store.datadir.root, args.member) if args.member else []  # issue 47
        named = d.add_players(args.names, allow_same_name=args.allow_same_name, readings=readings) if args.names else []
        return members, named, d.event

    members, named, ev = with_desk(args, run)
    print("\n".join(members + named))
    if ev.rounds:  # a late entry: from which round on, if at all, on stderr (issue 48)
        for pid in members + named:
            print(added_said(ev, ev.player(pid).name, pid), file=sys.stderr)
    if len(named) == 2:  # a full name typed without quotes reaches us as two: say so
        print(_two_names_said(args, named), file=sys.stderr)
    for i, reading in suggested.items():  # on stderr: stdout stays the ids, one a line
        print(
            _(
                "{id} {name}: reading {reading} suggested (correct it with lycee player rename --reading)",
                id=named[i],
                name=shown(args.names[i]),
                reading=reading,
            ),
            file=sys.stderr,
        )
    return 0


def _two_names_said(args, named: list[str]) -> str:
    """Two players registered by one command: the shell splits an unquoted full name
    (山田 太朗) into two, so the line names both and how one person with a space is typed."""
    return _(
        "registered two players, {first} ({a}) and {second} ({b}); for one player whose name has a space, "
        'quote it: lycee player add {event} "{first} {second}" (lycee undo {event} takes both back)',
        first=shown(args.names[0]),
        second=shown(args.names[1]),
        a=named[0],
        b=named[1],
        event=args.event,
    )


def cmd_player_rename(args) -> int:
    def run(d: Desk):
        p = d.player(args.player)
        d.rename(p.id, args.new_name, reading=args.reading, allow_same_name=args.allow_same_name)
        return p, d.event.player(p.id)

    old, new = with_desk(args, run)

    print(shown(rename_line(old.name, new.name, new.reading, new.reading != old.reading)))
    return 0


def cmd_player_remove(args) -> int:
    def run(d: Desk):
        p = d.player(args.player)
        d.remove(p.id)
        return p

    p = with_desk(args, run)
    print(_("removed the registration of {name}", name=p.name))
    return 0


def cmd_player_drop(args) -> int:
    def run(d: Desk):
        p = d.player(args.player)
        before = d.event
        ev = d.drop(p.id, forfeit=not args.no_forfeit)
        return p, ev, before

    p, ev, before = with_desk(args, run)

    bye = kept_bye_text(ev, p.id)  # L-DROP-BYE: said, never silent
    print(
        drop_said(ev, p.id, before)
        + (
            " · " + _("the match of this round waits for the result the organizer enters (G-DROP-2)")
            if args.no_forfeit and not bye
            else ""
        )
        + (" · " + bye if bye else "")
    )
    return 0


def cmd_player_list(args) -> int:
    ev = read_event(args)
    if args.json:
        out_json(
            {
                "players": [
                    {
                        "id": p.id,
                        "name": p.name,
                        "reading": p.reading,
                        "status": p.status,
                        "joined_round": p.joined_round,
                    }
                    for p in ev.players
                ]
            }
        )
    else:
        for p in ev.players:
            print(
                f"{p.id}\t{shown(p.name)}\t{shown(p.reading or '')}\t{labels.player_status_label(p.status, ev.rules)}"
            )
    return 0


def player_arguments(pl: argparse.ArgumentParser, parsers: Builder) -> None:
    pls = pl.add_subparsers(title=_("player commands"), metavar="ACTION", required=True)
    a = parsers.cmd(pls, "add", cmd_player_add, _("register players; prints their ids, one a line"))
    parsers.event_arg(a)
    a.add_argument("names", nargs="*", metavar="NAME")
    a.add_argument(
        "--member",
        action="extend",
        nargs="+",
        metavar="NUMBER",
        help=_("register members of the store's list by number, with their names and readings (lycee members)"),
    )
    a.add_argument(
        "--allow-same-name",
        action="store_true",
        help=_("a second person of a name already registered (shown as NAME (2))"),
    )
    a.add_argument(
        "--reading",
        action="append",
        metavar="よみ",
        help=_(
            "the reading of a name in kana (sorts by-name sheets in 五十音 order); with several "
            'names give it once per name, in their order (--reading "" for none)'
        ),
    )
    a.add_argument(
        "--suggest-reading",
        action="store_true",
        help=_(
            "give each name without a --reading the reading the dictionary suggests, and say "
            "so on stderr (needs the readings extra)"
        ),
    )
    rn = parsers.cmd(pls, "rename", cmd_player_rename, _("correct a player's name (and reading): logged, undoable"))
    parsers.event_arg(rn)
    rn.add_argument("player", metavar="PLAYER", help=_("player id or exact name"))
    rn.add_argument("new_name", metavar="NEW_NAME", help=_("the corrected name (the same-name rule applies to it)"))
    rn.add_argument("--reading", metavar="よみ", help=_('the reading in kana ("" clears it; kept when not given)'))
    rn.add_argument(
        "--allow-same-name",
        action="store_true",
        help=_("a second person of a name already registered (shown as NAME (2))"),
    )
    rm = parsers.cmd(
        pls,
        "remove",
        cmd_player_remove,
        _(
            "take back a registration never paired (a no-show): in no list or export, only the log; "
            "after a pairing use drop"
        ),
    )
    parsers.event_arg(rm)
    rm.add_argument("player", metavar="PLAYER", help=_("player id or exact name"))
    dr = parsers.cmd(pls, "drop", cmd_player_drop, _("drop a player (G-DROP-1/2)"))
    parsers.event_arg(dr)
    dr.add_argument("player", metavar="PLAYER", help=_("player id or exact name"))
    dr.add_argument(
        "--no-forfeit",
        action="store_true",
        help=_(
            "do not record the loss of the current match: its result is entered as usual "
            "(G-DROP-2 allows the loss, it does not demand it)"
        ),
    )
    ls = parsers.cmd(pls, "list", cmd_player_list, _("list the players"))
    parsers.event_arg(ls)
    ls.add_argument("--json", action="store_true")
    apart.player_apart_arguments(pls, parsers)
    phonereports.player_codes_arguments(pls, parsers)


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"player": player_arguments}
