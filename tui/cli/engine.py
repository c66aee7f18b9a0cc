"""``lycee pair``, ``standings``, ``top`` and ``playoff``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.desk import Desk
from core import labels
from core.columns import ljust, rjust, width
from core.event.tiebreakers import TIEBREAKERS
from core.i18n import _, join_sentences
from core.reports.explain import is_cross_group, seed_words, why_text
from core.tournament.elimination import final_placings, round_label, swiss_over
from core.tournament.ranking import placing_words, standings_json
from core.tournament.standings import points_before_round

from .argparsing import Arguments, Builder
from .common import out_json, read_event, shown, with_desk


def pairings_json(desk: Desk, why: bool = True) -> dict:
    """the command line in README.md: `pair --json`; points are those before the round.
    ``why``: each Swiss pairing's reasons in words (``--json``; printed
    pairings without ``--explain`` show none, so they are not worded)."""

    ev = desk.event
    rnd = ev.current_round
    assert rnd is not None, "pairings are shown of a paired round"
    points = points_before_round(ev)

    def side(pid):
        if pid is None:
            return None
        return {"id": pid, "name": ev.player(pid).name, "points": points.get(pid, 0)}

    def pairing(m):
        d = {"table": m.table, "p1": side(m.p1), "p2": side(m.p2)}
        if why and rnd.stage == "swiss":
            d["why"] = why_text(ev, m.why)  # the command line in README.md: pair --json gains "why"
        return d

    pairings = [pairing(m) for m in rnd.matches]
    doc = {"round": rnd.number, "stage": rnd.stage, "pairings": pairings}
    if rnd.stage == "top":
        doc["label"] = round_label(ev, rnd.number)
        for p, m in zip(pairings, rnd.matches):
            p["label"] = round_label(ev, rnd.number, m)
    return doc


def _crosses(p: dict) -> bool:
    """A table worth explaining: a bye, two scores, or a rematch or other reason across groups."""
    a, b = p["p1"], p["p2"]
    return b is None or a["points"] != b["points"] or bool(p.get("cross"))


def _own_label(p: dict, label: str) -> str:
    """A table's own stage label, when it differs from the round's."""
    if not p.get("label") or p["label"] == label:
        return ""
    return f"  [{p['label']}]"


def _pairing_lines(p: dict, label: str, explain: bool) -> list[str]:
    """One table of the pairings (and, with ``explain``, why it crosses score groups)."""
    a, b = p["p1"], p["p2"]
    right = f"{shown(b['name'])} ({b['points']})" if b else _("(bye)")
    extra = _own_label(p, label)
    lines = [f"{p['table']:>4}  {shown(a['name'])} ({a['points']})  vs  {right}{extra}"]
    if explain and p.get("why") and _crosses(p):
        lines.append("      " + p["why"])
    return lines


def print_pairings(doc: dict, explain: bool = False) -> None:
    """A round's pairings, a table a line, in one write."""
    label = doc.get("label") or labels.stage_label(doc["stage"])
    swiss = doc["stage"] == "swiss"
    lines = [_("Round {r}", r=doc["round"]) if swiss else _("Round {r} ({label})", r=doc["round"], label=label)]
    for p in doc["pairings"]:
        lines += _pairing_lines(p, label, explain)
    if explain and doc.get("draw"):
        lines.append(doc["draw"])
    print("\n".join(lines))  # one write, not two a table


def _pair_and_show(args, pair) -> int:
    """Pair a round with ``pair(desk)`` and print it (or its JSON)."""
    explain = getattr(args, "explain", False)

    def run(d: Desk):
        pair(d)
        doc = pairings_json(d, why=args.json)
        if explain and not args.json:
            _explain_lines(d.event, doc)
        return doc

    doc = with_desk(args, run, writes=True)
    out_json(doc) if args.json else print_pairings(doc, explain)
    return 0


def _draw_words(doc: dict, seed) -> str:
    """What ``--explain`` says last: every pair inside its group, and the seed of the draw for the rest."""
    inside = (
        "" if any(p["cross"] for p in doc["pairings"]) else _("every pair is inside its score group, without a rematch")
    )
    if seed is None:
        return inside
    return join_sentences(
        x for x in (inside, _("the rest by the seeded draw (seed {seed})", seed=seed_words(seed))) if x
    )


def _explain_lines(ev, doc: dict) -> None:
    """For ``pair --explain``: each cross-group table, rematch and bye gets its
    reasons without the draw; the seed of the draw is said once at the end."""
    rnd = ev.current_round
    if rnd.stage != "swiss":
        return
    seed = None
    for p, m in zip(doc["pairings"], rnd.matches):
        p["why"] = why_text(ev, m.why, with_draw=False) if is_cross_group(m.why) else ""
        p["cross"] = bool(p["why"])
        seed = next((r[1] for r in m.why if r[0] == "draw"), seed)
    doc["draw"] = _draw_words(doc, seed)


def cmd_pair(args) -> int:
    return _pair_and_show(args, lambda d: d.repair() if args.again else d.pair_next(seed=args.seed))


def cmd_top(args) -> int:
    return _pair_and_show(args, lambda d: d.top_cut(args.size, third_place=args.third_place, seed=args.seed))


def cmd_playoff(args) -> int:
    return _pair_and_show(args, lambda d: d.playoff(args.players))


def _standings_title(ev, doc: dict) -> str:
    if doc.get("provisional"):
        return _("Standings during round {r} (provisional: results still coming in)", r=doc["round"])
    if swiss_over(ev):  # a Swiss-only event that is over (G-SWISS-RANK)
        return _("Final standings")
    if not doc["round"]:  # not 「第0回戦終了時点」
        return _("Standings before round 1")
    return _("Standings after round {r}", r=doc["round"])


def _standings_row(r: dict, tbs: list, widths: tuple[int, int, int], rules: str) -> str:
    """One player's line: rank, points, record, the tiebreakers, name and (if not active) status."""
    w_rank, w_pts, w_rec = widths
    vals = "".join(f"{t.text(r[t.name]):>8}" for t in tbs)
    status = "" if r["status"] == "active" else f"  ({labels.player_status_label(r['status'], rules)})"
    return f"{labels.rank_text(r['rank']):>{w_rank}}  {r['points']:>{w_pts}}  {r['record']:<{w_rec}}{vals}  {shown(r['name'])}{status}"


def _print_standings(ev, doc: dict) -> None:
    """The Swiss standings as columns: rank, points, record, the event's tiebreakers, name."""
    tbs = [TIEBREAKERS[t] for t in ev.tiebreakers]
    # column widths: at least the English ones, wider when a translated header needs it
    w_rank, w_pts, w_rec = (max(n, width(_(h))) for n, h in ((4, "Rank"), (6, "Points"), (8, "Record")))
    head = f"{rjust(_('Rank'), w_rank)}  {rjust(_('Points'), w_pts)}  {ljust(_('Record'), w_rec)}" + "".join(
        f"{t.header:>8}" for t in tbs
    )
    print(_standings_title(ev, doc))
    print(head + "  " + _("Name"))
    for r in doc["standings"]:
        print(_standings_row(r, tbs, (w_rank, w_pts, w_rec), ev.rules))


def cmd_standings(args) -> int:
    """``lycee standings EVENT``: the Swiss standings, or the final placings of a finished top cut."""
    ev = read_event(args)
    doc = standings_json(ev)
    if args.json:
        out_json(doc)
        return 0
    if doc.get("final"):
        return _print_final(ev, doc)
    _print_standings(ev, doc)
    return 0


def _print_final(ev, doc: dict) -> int:
    """Final standings (G-SE): place, how far each player went, Swiss record."""

    placings = final_placings(ev)
    assert placings is not None, "called for a finished event (standings_json's final)"
    words = placing_words(ev, placings)  # the place (3-4 where shared) and 優勝, ベスト4 ... as on every face
    w_place = max([5, width(_("Place"))] + [width(p) for p, _r in words.values()])
    w_lab = max([width(_("Reached"))] + [width(r) for _p, r in words.values()])
    print(_("Final standings"))
    print(f"{rjust(_('Place'), w_place)}  {ljust(_('Reached'), w_lab)}  {_('Record')}  {_('Name')}")
    for r in doc["standings"]:
        status = "" if r["status"] == "active" else f"  ({labels.player_status_label(r['status'], ev.rules)})"
        place, reached = words[r["id"]]
        print(f"{rjust(place, w_place)}  {ljust(reached, w_lab)}  {r['record']:<8}{shown(r['name'])}{status}")
    return 0


def pair_arguments(p: argparse.ArgumentParser, parsers: Builder) -> None:
    p.set_defaults(func=cmd_pair)
    parsers.event_arg(p)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--explain",
        action="store_true",
        help=_('say why each pair across score groups, each rematch and the bye (with --json: "why")'),
    )
    p.add_argument(
        "--seed",
        default=None,
        help=_(
            "extra seed for the random draw (default: event and round); in a single-elimination event "
            "the bracket is then seeded at random (default: registration order)"
        ),
    )
    p.add_argument(
        "--again",
        action="store_true",
        help=_("pair the current round again with a new draw (before any result or the clock)"),
    )


def standings_arguments(s: argparse.ArgumentParser, parsers: Builder) -> None:
    s.set_defaults(func=cmd_standings)
    parsers.event_arg(s)
    s.add_argument("--json", action="store_true")


def top_arguments(t: argparse.ArgumentParser, parsers: Builder) -> None:
    t.set_defaults(func=cmd_top)
    parsers.event_arg(t)
    t.add_argument(
        "size",
        type=int,
        metavar="N",
        help=_("any number from 2 (2, 4, 8, 16, 32 usual; otherwise the top seeds get byes)"),
    )
    t.add_argument("--third-place", action="store_true", help=_("play a third-place match"))
    t.add_argument(
        "--seed",
        default=None,
        help=_(
            "single elimination only (0 Swiss rounds): seed the bracket at random with this seed (default: registration order)"
        ),
    )
    t.add_argument("--json", action="store_true")


def playoff_arguments(po: argparse.ArgumentParser, parsers: Builder) -> None:
    po.set_defaults(func=cmd_playoff)
    parsers.event_arg(po)
    po.add_argument(
        "players",
        nargs="*",
        metavar="PLAYER",
        help=_(
            "players on equal points, next to each other in the standings (3 or more: single elimination, "
            "byes to the best on tiebreakers); none: the next round of the playoff in progress"
        ),
    )
    po.add_argument("--json", action="store_true")


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {
    "pair": pair_arguments,
    "standings": standings_arguments,
    "top": top_arguments,
    "playoff": playoff_arguments,
}
