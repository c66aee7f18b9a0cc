"""``lycee pair``, ``result``, ``standings``, ``top`` and ``playoff``."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.desk import Desk
from core import labels
from core.columns import ljust, rjust, width
from core.errors import LyceeError
from core.i18n import _, join_sentences, ngettext

from .argparsing import Arguments, Builder
from .common import CliError, out_json, read_event, shown, with_desk


def pairings_json(desk: Desk, why: bool = True) -> dict:
    """DESIGN section 3: `pair --json`; points are those before the round.
    ``why``: each Swiss pairing's reasons in words (``--json``; printed
    pairings without ``--explain`` show none, so they are not worded)."""
    from core.tournament.standings import points_before_round

    ev = desk.event
    rnd = ev.current_round
    assert rnd is not None, "pairings are shown of a paired round"
    points = points_before_round(ev)

    def side(pid):
        if pid is None:
            return None
        return {"id": pid, "name": ev.player(pid).name, "points": points.get(pid, 0)}

    from core.reports.explain import why_text

    def pairing(m):
        d = {"table": m.table, "p1": side(m.p1), "p2": side(m.p2)}
        if why and rnd.stage == "swiss":
            d["why"] = why_text(ev, m.why)  # DESIGN section 3: pair --json gains "why"
        return d

    pairings = [pairing(m) for m in rnd.matches]
    doc = {"round": rnd.number, "stage": rnd.stage, "pairings": pairings}
    if rnd.stage == "top":
        from core.tournament.elimination import round_label  # a Swiss round loads no bracket

        doc["label"] = round_label(ev, rnd.number)
        for p, m in zip(pairings, rnd.matches):
            p["label"] = round_label(ev, rnd.number, m)
    return doc


def print_pairings(doc: dict, explain: bool = False) -> None:
    label = doc.get("label") or labels.stage_label(doc["stage"])
    lines = [
        _("Round {r}", r=doc["round"])
        if doc["stage"] == "swiss"
        else _("Round {r} ({label})", r=doc["round"], label=label)
    ]
    for p in doc["pairings"]:
        a = p["p1"]
        b = p["p2"]
        right = f"{shown(b['name'])} ({b['points']})" if b else _("(bye)")
        extra = f"  [{p['label']}]" if p.get("label") and p["label"] != label else ""
        lines.append(f"{p['table']:>4}  {shown(a['name'])} ({a['points']})  vs  {right}{extra}")
        if explain and p.get("why") and (b is None or a["points"] != b["points"] or p.get("cross")):
            lines.append("      " + p["why"])
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


def _explain_lines(ev, doc: dict) -> None:
    """For ``pair --explain``: each cross-group table, rematch and bye gets its
    reasons without the draw; the seed of the draw is said once at the end."""
    from core.reports.explain import is_cross_group, why_text

    rnd = ev.current_round
    if rnd.stage != "swiss":
        return
    seed = None
    for p, m in zip(doc["pairings"], rnd.matches):
        p["why"] = why_text(ev, m.why, with_draw=False) if is_cross_group(m.why) else ""
        p["cross"] = bool(p["why"])
        seed = next((r[1] for r in m.why if r[0] == "draw"), seed)
    if not any(p["cross"] for p in doc["pairings"]):
        doc["draw"] = _("every pair is inside its score group, without a rematch")
    else:
        doc["draw"] = ""
    if seed is not None:
        doc["draw"] = join_sentences(
            x for x in (doc["draw"], _("the rest by the seeded draw (seed {seed})", seed=seed)) if x
        )


def cmd_pair(args) -> int:
    return _pair_and_show(args, lambda d: d.repair() if args.again else d.pair_next(seed=args.seed))


def cmd_top(args) -> int:
    return _pair_and_show(args, lambda d: d.top_cut(args.size, third_place=args.third_place, seed=args.seed))


def cmd_playoff(args) -> int:
    return _pair_and_show(args, lambda d: d.playoff(args.players))


def cmd_result(args) -> int:
    if args.table == "-":
        if args.result is not None:
            raise CliError(_("with '-' the results come from stdin, one 'TABLE RESULT' a line"))
        return _results_from_stdin(args)
    if args.result is None:
        raise CliError(_("give TABLE and RESULT, e.g. 12 2-1"))
    from core.names import whole

    table = whole(args.table)
    if table is None:
        raise CliError(_("{t!r} is not a table number", t=args.table))

    decided = args.extra_game or args.winner is not None
    if decided and not args.by:
        raise CliError(_("--extra-game and --winner are the organizer's call: name them with --by ORGANIZER"))
    if args.extra_game and args.winner is not None:
        raise CliError(_("choose one: --extra-game or --winner PLAYER"))

    def run(d: Desk):
        before = d.event.rounds
        if decided:  # a time-out with equal game wins in an elimination match (G-SE)
            ev = d.time_decision(
                table,
                args.result,
                "extra_game" if args.extra_game else "winner",
                args.by,
                winner=args.winner,
                reason=args.reason or "",
                time_called=args.time_called,
                round_number=args.round,
            )
        else:
            ev = d.record(table, args.result, round_number=args.round, **_extra(args))
        rnd = ev.rounds[(args.round or len(ev.rounds)) - 1]
        m = rnd.match_at(table)
        again = ev.rounds[-1].number if ev.rounds[-1] is not before[-1] and len(before) > rnd.number else None
        return ev, m, rnd, again

    ev, m, rnd, again = with_desk(args, run, writes=True)
    missing = rnd.missing_tables()
    note, label = m.note, ""
    if note or rnd.stage == "top":  # a Swiss result without a note needs no bracket (start-up)
        from core.tournament.elimination import REPLAY, THIRD_PLACE, THIRD_PLACE_PLANNED, round_label

        note = "" if note in (THIRD_PLACE, THIRD_PLACE_PLANNED, REPLAY) else note
        label = round_label(ev, rnd.number, m) if rnd.stage == "top" else ""
    print(
        _(
            "table {t}: {p1} {res} {p2}",
            t=m.table,
            p1=ev.player(m.p1).name,
            res=labels.result_label(args.result),
            p2=ev.player(m.p2).name,
        )
        + (f" · {label}" if label else "")
        + (f" · {labels.note_label(note)}" if note else "")
        + " · "
        + (
            ngettext("{k} result missing", "{k} results missing", len(missing), k=len(missing))
            if missing
            else _("round complete")
        )
    )
    if again is not None:  # L-LATER: the later round was paired again with the correction
        print(
            _(
                "round {n} is paired again with the correction and announced on the TV and phones; "
                "its new slips: `lycee export EVENT --what slips --format html -o FILE`",
                n=again,
            )
        )
    return 0


def _extra(args) -> dict:
    """--correct (with --by, the head judge, for a protected result) and --time-called."""
    out = {"correct": args.correct, "time_called": args.time_called}
    if args.correct and args.by:
        out["correct_by"] = args.by
    if getattr(args, "then", None):
        if not args.correct:
            raise CliError(_("--then says what a correction does to a later round: give it with --correct"))
        out["then"] = args.then
    if getattr(args, "not_started", False):
        if not args.by:
            raise CliError(_("--not-started needs --by JUDGE: the judge who saw the table had not started (G-ID-1)"))
        if args.result is None or args.result.strip().lower() != "id":
            raise CliError(_("--not-started goes with an intentional draw (RESULT id) (G-ID-1)"))
        out["not_started_by"] = args.by
    return out


def _results_from_stdin(args) -> int:
    """Every line is read and parsed before anything is stored: one line that
    is not 'TABLE RESULT', or a table given twice, refuses the whole batch
    (nothing stored); the results are then stored as one journal record."""
    from core.desk import refuse_repeated_tables
    from core.names import visible
    from core.tournament.matchrules import parse_result, parse_table_result

    entries, bad = [], []
    numbered: list[int] = []  # the table of each input line (-n: line n names no table)
    for n, line in enumerate(sys.stdin, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            numbered.append(-n)
            continue
        try:
            table, text = parse_table_result(line)
            parse_result(text)
        except LyceeError as err:
            bad.append(_("line {line}", line=n) + f": {visible(line)!r}: {err}")
            numbered.append(-n)
            continue
        numbered.append(table)
        entries.append((n, table, text))
    # which result is meant? a table twice refuses the batch before anything is stored
    refuse_repeated_tables(numbered)
    if bad:
        for f in bad:
            print(f"lycee: {f}", file=sys.stderr)
        print(
            "lycee: " + _("nothing was recorded: correct the line(s) above and send the batch again"), file=sys.stderr
        )
        return 1
    failures = []

    def run(d: Desk):
        from core import rules

        ev, batch = d.event, []
        extra = _extra(args)
        then = extra.pop("then", None)
        for n, table, text in entries:
            try:
                data = d.result_data(table, text, round_number=args.round, **extra)
                ev = rules.apply(ev, {"type": "result", "data": data})  # checked after the lines before it
                batch.append(("result", data))
            except LyceeError as err:
                failures.append(_("line {line}", line=n) + f": {err}")
        if failures:  # all or none: one journal record, or nothing
            return 0, None
        if batch:
            later: list = []
            if args.correct:  # L-LATER: what the corrections break in later rounds, as for one result
                from core.reports.later import later_actions

                later = later_actions(d, d.event, ev, batch[0][1], then, extra.get("correct_by"))
            d.append_all([*batch, *later])
        rounds = d.event.rounds
        k = (args.round or len(rounds)) - 1
        return len(batch), len(rounds[k].missing_tables()) if 0 <= k < len(rounds) else 0

    done, missing = with_desk(args, run)
    if failures:
        for f in failures:
            print(f"lycee: {f}", file=sys.stderr)
        print("lycee: " + _("nothing was stored: correct the lines above and send them all again"), file=sys.stderr)
        return 1
    print(
        _("{n} results recorded", n=done)
        + " · "
        + (
            ngettext("{k} result missing", "{k} results missing", missing, k=missing)
            if missing
            else _("round complete")
        )
    )
    return 0


def cmd_standings(args) -> int:
    from core.tournament.ranking import standings_json

    ev = read_event(args)
    doc = standings_json(ev)
    if args.json:
        out_json(doc)
        return 0
    rows = doc["standings"]
    if doc.get("final"):
        return _print_final(ev, doc)
    from core.event.tiebreakers import TIEBREAKERS

    tbs = [TIEBREAKERS[t] for t in ev.tiebreakers]
    # column widths: at least the English ones, wider when a translated header needs it
    w_rank, w_pts, w_rec = (max(n, width(_(h))) for n, h in ((4, "Rank"), (6, "Points"), (8, "Record")))
    head = f"{rjust(_('Rank'), w_rank)}  {rjust(_('Points'), w_pts)}  {ljust(_('Record'), w_rec)}" + "".join(
        f"{t.header:>8}" for t in tbs
    )
    from core.tournament.elimination import swiss_over

    if doc.get("provisional"):
        print(_("Standings during round {r} (provisional: results still coming in)", r=doc["round"]))
    elif swiss_over(ev):  # a Swiss-only event that is over (G-SWISS-RANK)
        print(_("Final standings"))
    elif not doc["round"]:  # not 「第0回戦終了時点」
        print(_("Standings before round 1"))
    else:
        print(_("Standings after round {r}", r=doc["round"]))
    print(head + "  " + _("Name"))
    for r in rows:
        vals = "".join(f"{t.text(r[t.name]):>8}" for t in tbs)
        status = "" if r["status"] == "active" else f"  ({labels.player_status_label(r['status'], ev.rules)})"
        print(
            f"{'-' if r['rank'] is None else r['rank']:>{w_rank}}  {r['points']:>{w_pts}}  {r['record']:<{w_rec}}{vals}  {shown(r['name'])}{status}"
        )
    return 0


def _print_final(ev, doc: dict) -> int:
    """Final standings (G-SE): place, how far each player went, Swiss record."""
    from core.tournament.elimination import final_placings

    placings = final_placings(ev)
    assert placings is not None, "called for a finished event (standings_json's final)"
    reached = {f.id: labels.placing_label(f.reached, f.place) for f in placings}
    w_place = max(5, width(_("Place")))
    w_lab = max([width(_("Reached"))] + [width(v) for v in reached.values()])
    print(_("Final standings"))
    print(f"{rjust(_('Place'), w_place)}  {ljust(_('Reached'), w_lab)}  {_('Record')}  {_('Name')}")
    for r in doc["standings"]:
        status = "" if r["status"] == "active" else f"  ({labels.player_status_label(r['status'], ev.rules)})"
        print(f"{r['place']:>{w_place}}  {ljust(reached[r['id']], w_lab)}  {r['record']:<8}{shown(r['name'])}{status}")
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


def result_arguments(r: argparse.ArgumentParser, parsers: Builder) -> None:
    r.set_defaults(func=cmd_result)
    parsers.event_arg(r)
    r.add_argument("table", metavar="TABLE", help=_("table number, or - to read 'TABLE RESULT' lines from stdin"))
    r.add_argument("result", metavar="RESULT", nargs="?", help=_("2-0 2-1 1-2 0-2 1-0 0-1 1-1 0-0 1-1-1 or id"))
    r.add_argument("--round", type=int, metavar="N", help=_("correct a result of an earlier round"))
    r.add_argument("--correct", action="store_true", help=_("replace a result already recorded (otherwise refused)"))
    r.add_argument(
        "--by",
        metavar="HEAD_JUDGE",
        help=_(
            "with --correct: the head judge correcting a drop's forfeit, a finished event or "
            "a Swiss round under a top cut (the log records the name); with --extra-game or --winner: "
            "the organizer"
        ),
    )
    r.add_argument(
        "--time-called",
        action="store_true",
        help=_("a result only time can produce (1-1, 1-0, 0-0...) while the round still has time (G-BO3-TIME)"),
    )
    r.add_argument(
        "--extra-game",
        action="store_true",
        help=_(
            "elimination match at time with equal game wins: the organizer (--by) orders an extra game; "
            "its result is entered next (G-SE)"
        ),
    )
    r.add_argument(
        "--winner",
        metavar="PLAYER",
        help=_(
            "elimination match at time with equal game wins: the organizer (--by) names the winner, "
            "with --reason (G-SE)"
        ),
    )
    r.add_argument(
        "--reason", metavar="TEXT", help=_("with --winner: the organizer's reason (kept in the log and the match note)")
    )
    r.add_argument(
        "--then",
        choices=("repair", "keep"),
        help=_(
            "with --correct, when the correction breaks a later round (L-LATER): repair pairs it again "
            "(it has no result yet); keep (with --by HEAD_JUDGE) keeps it as played, recorded as a ruling"
        ),
    )
    r.add_argument(
        "--not-started",
        action="store_true",
        help=_(
            "with id and --by JUDGE: the table had not started (its players not shuffling) when the "
            "round clock started, as that judge saw (G-ID-1/2; the note keeps the name)"
        ),
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


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.COMMANDS names the module)
PARSERS: dict[str, Arguments] = {
    "pair": pair_arguments,
    "result": result_arguments,
    "standings": standings_arguments,
    "top": top_arguments,
    "playoff": playoff_arguments,
}
