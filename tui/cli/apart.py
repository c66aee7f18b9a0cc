"""``lycee player apart``: keep two players apart in Swiss pairings (family,
one team), clear it, or list the pairs (the command line in README.md).  The rule lives in
core.rules.apart and core.tournament.pairing; this is only the face."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.i18n import _

from .argparsing import Builder
from .common import CliError, out_json, read_event, with_desk

if TYPE_CHECKING:
    from core.desk import Desk


def apart_rows(ev) -> list[dict]:
    """The event's keep-apart pairs as ``{"ids": [a, b], "names": [..]}``."""

    def name(pid: str) -> str:
        return ev.player(pid).name if ev.has_player(pid) else pid

    return [{"ids": [a, b], "names": [name(a), name(b)]} for a, b in ev.apart]


def _list_apart(args) -> int:
    """The pairs kept apart, as ``ID NAME ID NAME`` lines or JSON."""
    ev = read_event(args)
    rows = apart_rows(ev)
    if args.json:
        out_json({"apart": rows})
        return 0
    if not rows:
        print(_("nobody is kept apart in {name}", name=ev.name))
    for r in rows:
        a, b = r["ids"]
        na, nb = r["names"]
        print(f"{a}\t{na}\t{b}\t{nb}")
    return 0


def _check_pair(args, refs: list[str]) -> None:
    if len(refs) != 2:
        raise CliError(
            _(
                "name two players to keep apart (or none to list the pairs): "
                "`lycee player apart EVENT PLAYER PLAYER [--clear]`"
            )
        )
    if args.json:
        raise CliError(_("--json lists the pairs: give no PLAYER with it"))


def cmd_player_apart(args) -> int:
    """``lycee player apart EVENT [PLAYER PLAYER] [--clear]``: two players kept apart in Swiss pairings, or the pairs listed."""
    refs = args.players
    if not refs:
        return _list_apart(args)
    _check_pair(args, refs)

    def run(d: Desk):
        p, q = d.player(refs[0]), d.player(refs[1])
        d.keep_apart(p.id, q.id, clear=args.clear)
        return p, q

    p, q = with_desk(args, run)
    if args.clear:
        print(_("{a} and {b} may be paired again", a=p.name, b=q.name))
    else:
        print(
            _(
                "{a} and {b} are kept apart: never paired in a Swiss round while the points order "
                "allows it (G-SWISS-PAIR-1/2)",
                a=p.name,
                b=q.name,
            )
        )
    return 0


def player_apart_arguments(pls, parsers: Builder) -> None:
    """The ``apart`` command under ``lycee player``."""
    ap = parsers.cmd(
        pls,
        "apart",
        cmd_player_apart,
        _(
            "keep two players apart in Swiss pairings (family, one team), as if they had met; "
            "with no PLAYER, list the pairs"
        ),
    )
    parsers.event_arg(ap)
    ap.add_argument(
        "players", nargs="*", metavar="PLAYER", help=_("two player ids or exact names; none lists the pairs kept apart")
    )
    ap.add_argument("--clear", action="store_true", help=_("let the two be paired again"))
    ap.add_argument("--json", action="store_true", help=_('the pairs as JSON: {"apart": [{"ids", "names"}]}'))
