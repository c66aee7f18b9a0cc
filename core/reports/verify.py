"""An independent check of a whole event (``lycee verify``), after the chess
practice of a free checker that replays a tournament file against the rules.

It reads the ``lycee-event/1`` document (docs/eventfile.md) and nothing else
of the program: no pairing, standings or elimination code is imported.  Its
figures come from its own small computations, written here again on
purpose, so that a mistake in the engine shows up as a difference.

What it checks, with the rule id each finding carries (the whole event
beyond rounds and standings, structure, staff, penalties and decklists, in
core/reports/verify_event.py; the exact pairing optimum in
core/reports/verify_exact.py):

- The structure first (L-FILE): the schema ``lycee import`` checks with
  (``core.rules.eventfile.structure_problems``: keys, types, values of a
  list); each problem is a finding at its JSON path and nothing more is
  checked, so a malformed file never ends in a traceback.
- No winner (G-ID-3): an intentional draw left without a winner stands in
  the final only; before it, or in a playoff, the stage cannot finish.
- Results (every round): the games fit the match type (G-BO3: nobody above
  two game wins, not 2-2; G-BO1: a single game; G-ID-1: an intentional draw
  has no game), the outcome is what the games give (G-BO3-TIME / G-TIME), an
  elimination match names a winner (G-SE), a bye is a 2-0 win
  (G-SWISS-POINTS).
- Who is paired (Swiss rounds): every player who has joined and has neither
  dropped nor been excluded is paired exactly once (L-ELIGIBLE); nobody who
  dropped earlier (G-DROP-1).
- The bye (L-BYE): only with an odd number of players, one, to a player with
  the fewest byes so far and, among those, ranked lowest (points, then the
  event's tiebreaker chain; a player tied with the lowest is accepted: the
  draw decides there).
- The pairing order of docs/rules.md, with points and meetings recomputed
  from the earlier Swiss rounds:

  (a) G-SWISS-PAIR-2: the number of rematches is the least possible.  Exact
      at every size: the least number is ``pairs - ν``, where ν is the size
      of a maximum matching of the "have not met" graph (Edmonds' blossom
      algorithm, written here).
  (b) G-SWISS-PAIR-1: as few players paired out of the top 1, 2, ... score
      groups as possible, higher groups first; then
  (c) L-PAIR-GAP: the least sum of squared point differences.

  Keep-apart pairs (the file's ``"apart"``) are no pairing error: the
  pairing avoids them only below (c), so a round that keeps two players
  apart reaches the same least cost; and the file does not say since when a
  pair is kept apart, so a round paired before it is not judged by it.

  For (b) and (c) the least cost vector ``(rematches, floats out of the
  top 1..k-1 groups, squared gaps)`` of any pairing of the round is found
  exactly at every size by core/reports/verify_exact.py (a lower-bound
  certificate; an exhaustive search up to 16 players; the round cut
  between consecutive large score groups into pieces, each proven at its
  own bound or solved by networkx's maximum-weight matching; else
  networkx's matching of the whole round) and the round must reach it.
  The local check below (no two tables can exchange opponents for less) is
  kept for a round the exact check would leave, which no longer happens:
  the summary counts such rounds apart (0).

- The top cut and the bracket (G-SE): the first elimination round holds the
  best active players of the Swiss standings, placed 1 v N, 2 v N-1, ... in
  the standard bracket (players tied on every figure may change places;
  a cut line inside a tie needs a playoff, G-TIE-PLAYOFF); later rounds pair
  the winners of tables 2t-1 and 2t at table t; a third-place match holds
  the semi-final losers.  Playoff matches are between tied players
  (G-TIE-PLAYOFF).
- Standings (when the program's standings are given, as ``standings --json``
  prints them): points (G-SWISS-POINTS), OP, OMW, GW, OGW (G-TIE-1, to the
  printed four decimals) and ranks (G-SWISS-RANK) are recomputed: MWP and
  GWP floored at 0.33, byes no opponents, elimination and playoff rounds
  left out.
- Final placings (L-PLACE) once the bracket is decided: winner 1, finalist
  2, a third-place match decides 3 and 4 where played, the losers of each
  earlier elimination round next in Swiss order, then everybody else in
  Swiss order; compared with the program's ``place`` figures when given.
"""

from __future__ import annotations

from core.i18n import _
from core.reports.verify_base import Checked, Finding, Names, Report, SwissTotals
from core.reports.verify_event import event_findings, exclusion_rounds
from core.reports.verify_exact import DP_LIMIT
from core.reports.verify_results import no_winner_problem, result_problem
from core.reports.verify_standings import compare, own_standings, placings
from core.reports.verify_swiss import PairCost, check_swiss_round, least_rematches, max_matching
from core.reports.verify_top import check_top_round
from core.rules.eventfile import structure_problems

# the checker's parts, each in its module: verify_base (Finding, Report, the event as read),
# verify_results, verify_swiss, verify_top, verify_standings; their public names stay importable here
__all__ = ["Finding", "Report", "verify_doc", "EXACT_LIMIT", "max_matching", "PairCost", "least_rematches"]

#: Rounds that pair at most this many players are searched exhaustively for (b), (c)
#: (kept under its old name; every round is checked exactly, core/reports/verify_exact.py).
EXACT_LIMIT = DP_LIMIT


def _unranked(doc: dict) -> set[str]:
    """O-PEN-2: under the Overture rules a disqualified player is left out of the ranking."""
    if doc.get("rules") != "overture":
        return set()
    return {p["id"] for p in doc.get("players", []) if p.get("excluded")}


def _checked(doc: dict, rep: Report, name: Names, ids: list[str]) -> Checked:
    """What the round checks share: the file, the report, the players and the running Swiss totals."""
    return Checked(
        doc,
        rep,
        info={p["id"]: p for p in doc.get("players", [])},
        name=name,
        chain=list(doc.get("tiebreakers", ["omw", "gw", "ogw"])),
        excluded_after=_excluded_after(doc),
        sw=SwissTotals(ids),
        match_type=doc.get("match", "bo3"),
    )


def verify_doc(doc: dict, claimed: dict | None = None) -> Report:
    """Check the event document ``doc`` (lycee-event/1).  ``claimed``: the
    program's standings (``standings --json``) to compare with."""
    rep = Report()
    if not _readable(doc, rep):
        return rep
    players = doc.get("players", [])
    ids = [p["id"] for p in players]
    name = Names({p["id"]: p.get("name", p["id"]) for p in players})
    rep.names = dict(name)
    _event_findings(doc, rep)
    if len(set(ids)) == len(ids):  # duplicate ids: every figure below would mix two players
        _check_play(doc, rep, name, ids, claimed)
    return rep


def _check_play(doc: dict, rep: Report, name: Names, ids: list[str], claimed: dict | None) -> None:
    """The rounds one by one, then the standings and placings they give (against ``claimed`` when given)."""
    rep.players = len(ids)
    rep.rounds = len(doc.get("rounds", []))
    ck = _checked(doc, rep, name, ids)
    for rnd in doc.get("rounds", []):
        _check_round(ck, rnd)
    rep.standings = own_standings(ck.sw, ck.chain, ids, doc, _unranked(doc))
    rep.places = placings(ck.top_rounds, rep.standings)
    if claimed is not None:
        compare(rep, claimed, rep.places)


def _event_findings(doc: dict, rep: Report) -> None:
    """Structure, staff, penalties, decklists (core/reports/verify_event.py); a
    limited deck the head judge's override waived is a ruled exception (G-HEAD-JUDGE)."""

    def found(rule: str, path: str, message: str, rnd: int | None, table: int | None) -> None:
        rep.findings.append(Finding(rule, rnd, table, message, path))

    def ruled(rule: str, path: str, message: str, rnd: int | None, table: int | None) -> None:
        rep.ruled.append(Finding(rule, rnd, table, message, path))

    event_findings(doc, found, ruled)


def _excluded_after(doc: dict) -> dict[str, int | None]:
    """The round after which each excluded player is out: dated by the
    penalty that made it; one without any is not dated (None)."""
    out: dict[str, int | None] = {pid: r for pid, (r, _i) in exclusion_rounds(doc).items()}
    for p in doc.get("players", []):
        if p.get("excluded") and p["id"] not in out:
            out[p["id"]] = None
    return out


def _readable(doc, rep: Report) -> bool:
    """The document has the lycee-event/1 structure (docs/eventfile.md, the
    schema import checks with: keys, types, values of a list); else each
    problem is an L-FILE finding naming its JSON path, and nothing more is
    checked (figures from a malformed file would mean nothing)."""
    problems = structure_problems(doc)
    for path, what in problems:
        rep.findings.append(Finding("L-FILE", None, None, f"{path}: {what}"))
    if isinstance(doc, dict):
        rep.players = _list_size(doc, "players", rep.players)
        rep.rounds = _list_size(doc, "rounds", rep.rounds)
    return not problems


def _list_size(doc: dict, key: str, default: int) -> int:
    """How many items the list ``doc[key]`` holds (``default`` when it is not a list)."""
    items = doc.get(key)
    return len(items) if isinstance(items, list) else default


def _check_results(ck: Checked, number: int, stage: str, matches: list[dict]) -> None:
    """Each result against its games and stage; a winner where the stage needs one (G-ID-3)."""
    for m in matches:
        prob = result_problem(m, ck.match_type, stage, ck.name)
        if prob:
            ck.find(prob[0], number, m["table"], prob[1])
    if stage in ("top", "playoff"):
        _check_winners(ck, number, stage, matches)


def _check_winners(ck: Checked, number: int, stage: str, matches: list[dict]) -> None:
    """G-ID-3: an elimination or playoff match names a winner where the stage needs one to go on."""
    for t, what in no_winner_problem(matches, stage):
        ck.find("G-ID-3", number, t, what)


def _check_round(ck: Checked, rnd: dict) -> None:
    """One round: its results, then what its stage asks."""
    number, stage, matches = rnd["number"], rnd.get("stage", "swiss"), rnd.get("matches", [])
    ck.rep.matches += sum(1 for m in matches if m.get("p2") is not None)
    _check_results(ck, number, stage, matches)
    check = _STAGES.get(stage)
    if check is not None:  # (an unknown stage is a finding of verify_event's)
        check(ck, rnd)


def _swiss_stage(ck: Checked, rnd: dict) -> None:
    if ck.swiss_done:
        ck.find("G-SE", rnd["number"], None, _("a Swiss round after the elimination stage began"))
    check_swiss_round(ck, rnd["number"], rnd.get("matches", []))
    ck.sw.add_round(rnd["number"], rnd.get("matches", []))


def _top_stage(ck: Checked, rnd: dict) -> None:
    ck.swiss_done = True
    check_top_round(ck, rnd["number"], rnd.get("matches", []))
    ck.top_rounds.append(rnd)


def _points_of(keys: dict[str, tuple], pid: str) -> int | None:
    return keys[pid][0] if pid in keys else None


def _playoff_stage(ck: Checked, rnd: dict) -> None:
    """A playoff is only among players on equal points (G-TIE-PLAYOFF)."""
    keys = ck.sw.keys(ck.chain)
    for m in rnd.get("matches", []):
        if m.get("p2") is not None and _points_of(keys, m["p1"]) != _points_of(keys, m["p2"]):
            ck.find(
                "G-TIE-PLAYOFF",
                rnd["number"],
                m["table"],
                _(
                    "{a} and {b} are not on equal points: a playoff is only among players on equal points",
                    a=ck.name.get(m["p1"], m["p1"]),
                    b=ck.name.get(m["p2"], m["p2"]),
                ),
            )


#: what each stage of a round asks beyond its results
_STAGES = {"swiss": _swiss_stage, "top": _top_stage, "playoff": _playoff_stage}
