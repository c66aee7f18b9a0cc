"""An independent check of a whole event (``lycee verify``), after the chess
practice of a free checker that replays a tournament file against the rules.

It reads the ``lycee-event/1`` document (DESIGN section 4) and nothing else
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
- The pairing order of DESIGN section 5, with points and meetings recomputed
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

from dataclasses import dataclass, field
from fractions import Fraction

from core import labels
from core.i18n import _, join_list
from core.reports.verify_event import event_findings, exclusion_rounds
from core.reports.verify_exact import DP_LIMIT, least_cost

__all__ = ["Finding", "Report", "verify_doc", "EXACT_LIMIT", "max_matching"]

#: Rounds that pair at most this many players are searched exhaustively for (b), (c)
#: (kept under its old name; every round is checked exactly, core/reports/verify_exact.py).
EXACT_LIMIT = DP_LIMIT


@dataclass(frozen=True, slots=True)
class Finding:
    rule: str
    round: int | None
    table: int | None
    message: str
    path: str | None = None  # the JSON path of what is wrong, when one place is

    def line(self) -> str:
        where = []
        if self.round is not None:
            where.append(_("round {r}", r=self.round))
        if self.table is not None:
            where.append(_("table {t}", t=self.table))
        text = _("{where}: [{rule}] {message}", where=" ".join(where) or "-", rule=self.rule, message=self.message)
        return _("{finding} ({path})", finding=text, path=self.path) if self.path else text

    def to_json(self) -> dict:
        return {
            "round": self.round,
            "table": self.table,
            "rule": self.rule,
            "message": self.message,
            **({"path": self.path} if self.path else {}),
        }


@dataclass
class Report:
    players: int = 0
    rounds: int = 0
    matches: int = 0
    exact: int = 0  # Swiss rounds whose (b)/(c) check was exact
    local: int = 0  # ... checked locally only (none since every round is checked exactly, verify_exact)
    methods: dict[str, int] = field(default_factory=dict)  # how each exact check was made (verify_exact)
    findings: list[Finding] = field(default_factory=list)
    #: findings the head judge's recorded rulings keep (L-RULING): reported, never a failure
    ruled: list[Finding] = field(default_factory=list)
    standings: list[dict] = field(default_factory=list)
    places: list[tuple[int, str]] | None = None
    names: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.findings

    def summary(self) -> str:
        if self.ok:
            return _(
                "verified: {n} player(s), {r} round(s), {m} match(es): every pairing, result, standing and "
                "placing holds ({e} round(s) checked exactly, {l} locally)",
                n=self.players,
                r=self.rounds,
                m=self.matches,
                e=self.exact,
                l=self.local,
            )
        return _("{k} finding(s) in {r} round(s)", k=len(self.findings), r=self.rounds)

    def to_json(self) -> dict:
        return {
            "ok": self.ok,
            "players": self.players,
            "rounds": self.rounds,
            "matches": self.matches,
            "exact_rounds": self.exact,
            "local_rounds": self.local,
            "findings": [f.to_json() for f in self.findings],
            **({"ruled": [f.to_json() for f in self.ruled]} if self.ruled else {}),
        }

    def ruled_lines(self) -> list[str]:
        """Each ruled exception as a line (L-RULING): kept by the head judge's recorded ruling."""
        return [
            _("ruled exception (the head judge's recorded ruling): {finding}", finding=f.line()) for f in self.ruled
        ]


# ---------------------------------------------------------------------------
# maximum matching (Edmonds), for criterion (a)


def max_matching(n: int, adj: list[set[int]]) -> int:
    """Size of a maximum matching of the graph ``adj`` (Edmonds' blossoms)."""
    match = [-1] * n
    for v in range(n):  # greedy start
        if match[v] == -1:
            for u in adj[v]:
                if match[u] == -1:
                    match[v], match[u] = u, v
                    break

    def augment(root: int) -> bool:
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        queue = [root]

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if match[a] == -1:
                    break
                a = parent[match[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[match[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[match[v]]] = True
                parent[v] = child
                child = match[v]
                v = parent[match[v]]

        qi = 0
        while qi < len(queue):
            v = queue[qi]
            qi += 1
            for to in adj[v]:
                if base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] != -1 and parent[match[to]] != -1):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark(v, cur, to, blossom)
                    mark(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if match[to] == -1:
                        # flip the path
                        u = to
                        while u != -1:
                            pv = parent[u]
                            nxt = match[pv]
                            match[u], match[pv] = pv, u
                            u = nxt
                        return True
                    used[match[to]] = True
                    queue.append(match[to])
        return False

    for v in range(n):
        if match[v] == -1 and adj[v]:
            augment(v)
    return sum(1 for v in range(n) if match[v] != -1) // 2


# ---------------------------------------------------------------------------
# the event, as this checker reads it


class _Swiss:
    """Swiss totals of each player over the Swiss rounds seen so far."""

    def __init__(self, ids: list[str]):
        self.points = {p: 0 for p in ids}
        self.rounds = {p: 0 for p in ids}
        self.gpts = {p: 0 for p in ids}
        self.games = {p: 0 for p in ids}
        self.byes = {p: 0 for p in ids}
        self.opps: dict[str, list[str]] = {p: [] for p in ids}
        self.met: dict[frozenset, int] = {}
        self.wins = {p: 0 for p in ids}
        self.losses = {p: 0 for p in ids}
        self.draws = {p: 0 for p in ids}

    def add_round(self, number: int, matches: list[dict]) -> None:
        # a bye counts at once, as a recorded win does (provisional standings
        # during a round give its player his 3 points; issue 48)
        for m in matches:
            a, b, out = m["p1"], m.get("p2"), m.get("outcome")
            if a not in self.points or out is None:
                continue
            if b is None:
                self.rounds[a] += 1
                if out == "bye":
                    self.points[a] += 3
                    self.wins[a] += 1
                    self.byes[a] += 1
                    self.gpts[a] += 6
                    self.games[a] += 2
                else:
                    self.losses[a] += 1
                continue
            if b not in self.points:
                continue
            w1, w2, d = m.get("p1_wins", 0), m.get("p2_wins", 0), m.get("draws", 0)
            self.met[frozenset((a, b))] = number
            self.opps[a].append(b)
            self.opps[b].append(a)
            self.rounds[a] += 1
            self.rounds[b] += 1
            self.gpts[a] += 3 * w1 + d
            self.gpts[b] += 3 * w2 + d
            self.games[a] += w1 + w2 + d
            self.games[b] += w1 + w2 + d
            if out == "p1":
                self.points[a] += 3
                self.wins[a] += 1
                self.losses[b] += 1
            elif out == "p2":
                self.points[b] += 3
                self.wins[b] += 1
                self.losses[a] += 1
            elif out == "draw":
                self.points[a] += 1
                self.points[b] += 1
                self.draws[a] += 1
                self.draws[b] += 1
            else:
                self.losses[a] += 1
                self.losses[b] += 1

    def figures(self, only=None) -> dict[str, dict[str, Fraction | int]]:
        """Points and tiebreakers (of the players in ``only``, default all):
        MWP and GWP as integers over one common denominator, floored at 0.33,
        so that sums stay exact and fast; fractions only at the end."""
        from math import lcm

        dens = {3 * r for r in self.rounds.values() if r} | {3 * g for g in self.games.values() if g}
        D = lcm(100, *dens)
        floor = 33 * (D // 100)
        mwp = {p: max(self.points[p] * (D // (3 * r)), floor) if r else 0 for p, r in self.rounds.items()}
        gwp = {
            p: max(self.gpts[p] * (D // (3 * g)), floor) if g else floor if self.rounds[p] else 0
            for p, g in self.games.items()
        }
        out: dict[str, dict[str, Fraction | int]] = {}
        for p in self.opps if only is None else only:
            opps = self.opps[p]
            n = len(opps)
            out[p] = {
                "points": self.points[p],
                "op": sum(self.points[o] for o in opps),
                "omw": Fraction(sum(mwp[o] for o in opps), n * D) if n else Fraction(0),
                "gw": Fraction(gwp[p], D),
                "ogw": Fraction(sum(gwp[o] for o in opps), n * D) if n else Fraction(0),
            }
        return out

    def keys(self, chain: list[str], only=None) -> dict[str, tuple]:
        fig = self.figures(only)
        return {p: (f["points"], *(f[t] for t in chain)) for p, f in fig.items()}


def _outcome_label(out, p1: str = "", p2: str = "") -> str:
    """A stored outcome in words (core.labels.match_outcome_label: 「プレイヤー1の勝ち」,
    「引き分け」), never the code p1/draw; a value that is no outcome is shown as written."""
    if out in ("p1", "p2", "draw", "bye", "double_loss"):
        return labels.match_outcome_label(out, p1, p2)
    return _("no result") if out is None else repr(out)


def _result_problem(m: dict, match_type: str, stage: str, names: dict | None = None) -> tuple[str, str] | None:
    """(rule, message) when the recorded result cannot stand, else None;
    outcomes in words, with the players' ``names`` when given."""
    out = m.get("outcome")
    names = names or {}
    who = tuple(str(names.get(pid, pid)) if isinstance(pid, str) and pid else "" for pid in (m.get("p1"), m.get("p2")))
    w1, w2, d = m.get("p1_wins", 0), m.get("p2_wins", 0), m.get("draws", 0)
    score = f"{w1}-{w2}" + (f"-{d}" if d else "")
    if m.get("p2") is None:
        if out == "bye" and (w1, w2, d) != (2, 0, 0):
            return "G-SWISS-POINTS", _("a bye counts 2-0, not {score}", score=score)
        if out not in ("bye", "double_loss"):
            return "G-SWISS-POINTS", _(
                "a table without a second player is a bye, recorded {out!r}", out=_outcome_label(out, *who)
            )
        return None
    if out is None:
        return None
    if out == "bye":
        return "G-SWISS-POINTS", _("a bye needs an empty second seat")
    if min(w1, w2, d) < 0:
        return ("G-BO1" if match_type == "bo1" else "G-BO3"), _("{score}: negative game counts", score=score)
    if m.get("intentional"):
        if (w1, w2, d) != (0, 0, 0) or out != "draw":
            return "G-ID-1", _("an intentional draw has no game played ({score})", score=score)
        return None
    if out == "double_loss":
        if stage == "top":
            return "G-SE", _("an elimination match must name a winner, not a double loss")
        if (w1, w2, d) != (0, 0, 0) or m.get("games"):  # both players lost unplayed (G-LATE-1)
            return "G-LATE-1", _("a double loss is recorded unplayed (0-0), not {score}", score=score)
        return None
    if match_type == "bo3":
        if w1 > 2 or w2 > 2:
            return "G-BO3", _("{score}: in best of three nobody wins more than two games", score=score)
        if w1 == 2 and w2 == 2:
            return "G-BO3", _("{score}: the match ends at two game wins", score=score)
        if d > 3:
            return "G-BO3", _("{score}: more drawn games than a match holds", score=score)
    else:
        if w1 + w2 + d > 1:
            return "G-BO1", _("{score}: best of one is a single game", score=score)
    given = "p1" if w1 > w2 else "p2" if w2 > w1 else "draw"
    if given == "draw" and out in ("p1", "p2") and stage != "swiss" and labels.is_named_winner(m.get("note") or ""):
        return None  # a time-out with equal game wins: the organizer named the winner (G-SE)
    if given != out:
        return ("G-TIME" if given == "draw" else "G-BO3-TIME"), _(
            "{score} gives {given}, recorded as {out}",
            score=score,
            given=_outcome_label(given, *who),
            out=_outcome_label(out, *who),
        )
    if stage == "top" and out == "draw":
        return "G-SE", _("{score}: an elimination match must name a winner", score=score)
    return None


# ---------------------------------------------------------------------------
# the pairing cost (DESIGN section 5 (a)-(c)) and its exact minimum


class PairCost:
    """Cost of a pair as one integer: (rematch, floats out of top 1..k-1, squared gap),
    compared lexicographically through its digits."""

    def __init__(self, pts: dict[str, int], met: dict[frozenset, int], players: list[str]):
        self.values = sorted({pts[p] for p in players}, reverse=True)
        self.gi = {v: i for i, v in enumerate(self.values)}
        self.pts = pts
        self.met = met
        n = len(players)
        self.base = n // 2 + 1
        span = (self.values[0] - self.values[-1]) if self.values else 0
        self.sbase = (n // 2) * span * span + 1
        k = len(self.values)
        self.weights = [self.sbase * self.base ** (k - 2 - i) for i in range(max(0, k - 1))]
        self.rweight = self.sbase * self.base ** max(0, k - 1)

    def pair(self, a: str, b: str) -> int:
        ga, gb = self.gi[self.pts[a]], self.gi[self.pts[b]]
        if ga > gb:
            ga, gb = gb, ga
        c = sum(self.weights[ga:gb])
        d = self.pts[a] - self.pts[b]
        c += d * d
        if frozenset((a, b)) in self.met:
            c += self.rweight
        return c

    def fold(self, rematches: int, floats: tuple[int, ...], gaps: int) -> int:
        """The summed cost of the parts (the inverse of :meth:`parts`)."""
        return rematches * self.rweight + sum(f * w for f, w in zip(floats, self.weights)) + gaps

    def parts(self, value: int) -> tuple[int, tuple[int, ...], int]:
        """(rematches, floats per boundary, squared gaps) of a summed cost."""
        r, rest = divmod(value, self.rweight)
        floats = []
        for w in self.weights:
            f, rest = divmod(rest, w)
            floats.append(f)
        return r, tuple(floats), rest


# ---------------------------------------------------------------------------
# the checker


def _bracket_order(size: int) -> list[int]:
    order = [1]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m + 1 - s)]
    return order


def verify_doc(doc: dict, claimed: dict | None = None) -> Report:
    """Check the event document ``doc`` (lycee-event/1).  ``claimed``: the
    program's standings (``standings --json``) to compare with."""
    rep = Report()
    find = rep.findings.append
    if not _readable(doc, rep):
        return rep
    players = doc.get("players", [])
    ids = [p["id"] for p in players]
    info = {p["id"]: p for p in players}
    name = _Names({p["id"]: p.get("name", p["id"]) for p in players})
    rep.names = dict(name)
    chain = [t for t in doc.get("tiebreakers", ["omw", "gw", "ogw"])]
    match_type = doc.get("match", "bo3")

    def found(rule: str, path: str, message: str, rnd: int | None, table: int | None) -> None:
        find(Finding(rule, rnd, table, message, path))

    def ruled(rule: str, path: str, message: str, rnd: int | None, table: int | None) -> None:
        rep.ruled.append(Finding(rule, rnd, table, message, path))

    # structure, staff, penalties, decklists (core/reports/verify_event.py); a limited deck the
    # head judge's override waived is a ruled exception (G-HEAD-JUDGE)
    event_findings(doc, found, ruled)
    if len(set(ids)) != len(ids):
        return rep  # duplicate ids: every figure below would mix two players
    # an exclusion is dated by the penalty that made it; one without any is not dated
    excluded_after: dict[str, int | None] = {pid: r for pid, (r, _i) in exclusion_rounds(doc).items()}
    for p in players:
        if p.get("excluded") and p["id"] not in excluded_after:
            excluded_after[p["id"]] = None
    rep.players = len(players)
    rep.rounds = len(doc.get("rounds", []))
    sw = _Swiss(ids)
    top_rounds: list[dict] = []
    swiss_done = False
    for rnd in doc.get("rounds", []):
        number = rnd["number"]
        stage = rnd.get("stage", "swiss")
        matches = rnd.get("matches", [])
        rep.matches += sum(1 for m in matches if m.get("p2") is not None)
        for m in matches:
            prob = _result_problem(m, match_type, stage, name)
            if prob:
                find(Finding(prob[0], number, m["table"], prob[1]))
        if stage in ("top", "playoff"):
            for t, what in _no_winner_problem(matches, stage):
                find(Finding("G-ID-3", number, t, what))
        if stage == "swiss":
            if swiss_done:
                find(Finding("G-SE", number, None, _("a Swiss round after the elimination stage began")))
            _check_swiss_round(rep, number, matches, sw, info, excluded_after, chain, name)
            sw.add_round(number, matches)
        elif stage == "top":
            swiss_done = True
            _check_top_round(rep, number, matches, top_rounds, sw, info, excluded_after, chain, doc, name)
            top_rounds.append(rnd)
        elif stage == "playoff":
            keys = sw.keys(chain)
            for m in matches:
                pts = [keys[p][0] if p in keys else None for p in (m["p1"], m.get("p2"))]
                if m.get("p2") is not None and pts[0] != pts[1]:
                    find(
                        Finding(
                            "G-TIE-PLAYOFF",
                            number,
                            m["table"],
                            _(
                                "{a} and {b} are not on equal points: a playoff is only among players on equal points",
                                a=name.get(m["p1"], m["p1"]),
                                b=name.get(m["p2"], m["p2"]),
                            ),
                        )
                    )
    # O-PEN-2: under the Overture rules a disqualified player is left out of the ranking
    unranked = (
        {p["id"] for p in doc.get("players", []) if p.get("excluded")} if doc.get("rules") == "overture" else set()
    )
    rep.standings = _own_standings(sw, chain, ids, doc, unranked)
    places = _placings(top_rounds, rep.standings)
    rep.places = places
    if claimed is not None:
        _compare(rep, claimed, places)
    return rep


class _Names(dict):
    """Players' names by id; an id the file does not define is shown as written."""

    def __missing__(self, pid) -> str:
        return str(pid)


def _readable(doc, rep: Report) -> bool:
    """The document has the lycee-event/1 structure (DESIGN section 4, the
    schema import checks with: keys, types, values of a list); else each
    problem is an L-FILE finding naming its JSON path, and nothing more is
    checked (figures from a malformed file would mean nothing)."""
    from core.rules.eventfile import structure_problems

    problems = structure_problems(doc)
    for path, what in problems:
        rep.findings.append(Finding("L-FILE", None, None, f"{path}: {what}"))
    if isinstance(doc, dict) and isinstance(doc.get("players"), list):
        rep.players = len(doc["players"])
    if isinstance(doc, dict) and isinstance(doc.get("rounds"), list):
        rep.rounds = len(doc["rounds"])
    return not problems


def _no_winner_problem(matches: list[dict], stage: str) -> list[tuple[int, str]]:
    """(table, message) of each match that names no winner where the stage
    needs one to go on: an intentional draw left without a winner is the
    organizer's call in the final only (G-ID-3, 優勝者不在); before it, or in a
    playoff, the bracket or the cut cannot go on."""
    main = [m for m in matches if m.get("note") != "third_place"]
    if stage == "top" and len(main) <= 1:
        return []
    return [
        (
            m["table"],
            _(
                "no winner before the final: the elimination stage cannot go on (the organizer "
                "orders a replay; no winner is for the final only)"
            )
            if stage == "top"
            else _("no winner in a playoff: the tie it plays off is never decided (the organizer orders a replay)"),
        )
        for m in main
        if m.get("p2") is not None and m.get("outcome") == "draw" and m.get("intentional")
    ]


def _eligible(pid: str, number: int, info, excluded_after) -> bool:
    p = info[pid]
    if p.get("joined_round", 1) > number:
        return False
    d = p.get("dropped_after_round")
    if d is not None and d < number:
        return False
    if pid in excluded_after:
        x = excluded_after[pid]
        if x is None or x < number:
            return False
    return True


def _check_swiss_round(rep, number, matches, sw: _Swiss, info, excluded_after, chain, name) -> None:
    find = rep.findings.append
    seat: dict[str, int] = {}
    for m in matches:
        for pid in (m["p1"], m.get("p2")):
            if pid is None:
                continue
            if pid not in info:
                find(Finding("L-ELIGIBLE", number, m["table"], _("no player {id!r}", id=pid)))
                continue
            if pid in seat:
                find(
                    Finding(
                        "L-ELIGIBLE",
                        number,
                        m["table"],
                        _("{name} also plays at table {t}", name=name[pid], t=seat[pid]),
                    )
                )
            seat[pid] = m["table"]
    unknown_exclusion = {p for p, x in excluded_after.items() if x is None}
    for pid in info:
        ok = _eligible(pid, number, info, excluded_after)
        if pid in unknown_exclusion:
            continue  # excluded at a time the file does not say
        if ok and pid not in seat:
            find(Finding("L-ELIGIBLE", number, None, _("{name} is eligible but not paired", name=name[pid])))
        elif not ok and pid in seat:
            d = info[pid].get("dropped_after_round")
            if d is not None and d < number:
                find(
                    Finding(
                        "G-DROP-1",
                        number,
                        seat[pid],
                        _("{name} dropped after round {d} but is paired", name=name[pid], d=d),
                    )
                )
            else:
                find(
                    Finding("L-ELIGIBLE", number, seat[pid], _("{name} is not eligible in this round", name=name[pid]))
                )
    paired = [pid for pid in seat]
    byes = [m for m in matches if m.get("p2") is None]
    if len(byes) != len(paired) % 2:
        find(
            Finding(
                "L-BYE",
                number,
                byes[0]["table"] if byes else None,
                _(
                    "{k} bye(s) with {n} players: there is a bye only when their number is odd, and one",
                    k=len(byes),
                    n=len(paired),
                ),
            )
        )
    elif byes:
        pid = byes[0]["p1"]
        if pid in sw.byes:
            fewest = min(sw.byes[x] for x in paired if x in sw.byes)
            cands = [x for x in paired if x in sw.byes and sw.byes[x] == fewest]
            low_pts = min(sw.points[x] for x in cands)
            keys = sw.keys(chain, {pid} | {x for x in cands if sw.points[x] == low_pts})
            if sw.byes[pid] > fewest:
                find(
                    Finding(
                        "L-BYE",
                        number,
                        byes[0]["table"],
                        _(
                            "{name} gets a bye number {k} while {other} has had fewer",
                            name=name[pid],
                            k=sw.byes[pid] + 1,
                            other=name[cands[0]],
                        ),
                    )
                )
            else:
                low = min(keys[x] for x in keys if x != pid or sw.points[pid] == low_pts)
                if keys[pid] != low:
                    lower = next(x for x in keys if keys[x] == low)
                    find(
                        Finding(
                            "L-BYE",
                            number,
                            byes[0]["table"],
                            _("{name} gets the bye but {other} ranks lower", name=name[pid], other=name[lower]),
                        )
                    )
    # the pairing order, DESIGN section 5 (a)-(c)
    pairs = [
        (m["p1"], m["p2"], m["table"])
        for m in matches
        if m.get("p2") is not None and m["p1"] in sw.points and m["p2"] in sw.points
    ]
    if not pairs:
        return
    plist = [x for a, b, _t in pairs for x in (a, b)]
    if len(set(plist)) != len(plist):
        return  # already reported: somebody plays twice
    cost = PairCost(sw.points, sw.met, plist)
    actual = sum(cost.pair(a, b) for a, b, _t in pairs)
    r_act, f_act, s_act = cost.parts(actual)
    least = 0
    if r_act:
        least = _least_rematches(plist, sw.opps)
        if r_act > least:
            tables = [t for a, b, t in pairs if frozenset((a, b)) in sw.met]
            for t in tables:
                a, b = next((a, b) for a, b, tt in pairs if tt == t)
                find(
                    Finding(
                        "G-SWISS-PAIR-2",
                        number,
                        t,
                        _(
                            "{a} and {b} met in round {r}: {k} rematch(es) where {least} would do",
                            a=name[a],
                            b=name[b],
                            r=sw.met[frozenset((a, b))],
                            k=r_act,
                            least=least,
                        ),
                    )
                )
            return
    least = least if r_act else 0
    best, how = least_cost(plist, sw.points, actual, least, cost.pair, cost.fold, sw.met)
    rep.methods[how] = rep.methods.get(how, 0) + 1
    if best is not None:
        rep.exact += 1
        if actual > best:
            _order_finding(rep, number, cost, actual, best, pairs, name)
        return
    rep.local += 1
    # two tables of cost 0 (same group, no rematch) cannot improve by an
    # exchange: only tables with a cost need pairing with every other one
    costs = [cost.pair(a, b) for a, b, _t in pairs]
    for i in (k for k, c in enumerate(costs) if c):
        a, b, t1 = pairs[i]
        cab = costs[i]
        for j in range(len(pairs)):
            if j == i or (costs[j] and j < i):
                continue
            c, d, t2 = pairs[j]
            now = cab + costs[j]
            alt = min(cost.pair(a, c) + cost.pair(b, d), cost.pair(a, d) + cost.pair(b, c))
            if alt < now:
                _order_finding(rep, number, cost, now, alt, [pairs[i], pairs[j]], name, swap=True)
                return


def _least_rematches(plist: list[str], opps: dict[str, list[str]]) -> int:
    """(a): the fewest rematches of any pairing of the players ``plist`` (an
    even number), ``pairs - ν`` with ν a maximum matching of the "have not
    met" graph.  When each player has met at most ``n/2 - 1`` of the others
    that graph has every degree at least ``n/2``, so by Dirac's theorem a
    Hamiltonian cycle, and so a perfect matching: 0, with no graph built
    (a large event's round, where the graph is nearly complete)."""
    n = len(plist)
    index = {p: i for i, p in enumerate(plist)}
    met = [{index[q] for q in opps.get(p, ()) if q in index} for p in plist]
    if n >= 3 and n - 1 - max(map(len, met)) >= n / 2:
        return 0
    everyone = set(range(n))
    adj = [everyone - m - {i} for i, m in enumerate(met)]
    return n // 2 - max_matching(n, adj)


def _order_finding(rep, number, cost: PairCost, actual: int, best: int, pairs, name, swap=False) -> None:
    ra, fa, sa = cost.parts(actual)
    rb, fb, sb = cost.parts(best)
    tables = [t for _a, _b, t in pairs]
    if ra != rb:
        rule = "G-SWISS-PAIR-2"
        what = _("{k} rematch(es) where {least} would do", k=ra, least=rb)
    elif fa != fb:
        i = next(i for i, (x, y) in enumerate(zip(fa, fb)) if x != y)
        v = cost.values[i]
        rule = "G-SWISS-PAIR-1"
        what = _("{k} pair(s) across the line below {v} points where {least} would do", k=fa[i], v=v, least=fb[i])
        tables = [t for a, b, t in pairs if min(cost.pts[a], cost.pts[b]) < v <= max(cost.pts[a], cost.pts[b])]
    else:
        rule = "L-PAIR-GAP"
        what = _("point gaps squared sum to {s} where {least} would do", s=sa, least=sb)
        tables = [t for a, b, t in pairs if cost.pts[a] != cost.pts[b]]
    if swap:
        what += " " + _("(tables {a} and {b} can exchange opponents)", a=pairs[0][2], b=pairs[1][2])
    rep.findings.append(
        Finding(
            rule,
            number,
            tables[0] if len(tables) == 1 else None,
            what + ("" if len(tables) <= 1 else " · " + _("tables {t}", t=join_list(tables))),
        )
    )


def _check_top_round(rep, number, matches, tops, sw: _Swiss, info, excluded_after, chain, doc, name) -> None:
    find = rep.findings.append
    if not tops:
        entrants = [x for m in matches for x in (m["p1"], m.get("p2")) if x is not None]
        n = len(entrants)
        active = [
            p
            for p in info
            if _eligible(p, number, info, excluded_after)
            and (info[p].get("dropped_after_round") is None or info[p]["dropped_after_round"] >= number)
        ]
        # the Swiss standings, a shared place ordered by its playoffs (G-TIE-PLAYOFF)
        swiss = sw.keys(chain)
        ranked, keys = _ordered(doc, swiss, list(swiss))
        order = [p for p in ranked if p in set(active)]
        if set(entrants) != set(order[:n]):
            missing = [p for p in order[:n] if p not in entrants]
            if not (len(order) > n and keys[order[n - 1]] == keys[order[n]]):
                find(
                    Finding(
                        "G-SE",
                        number,
                        None,
                        _(
                            "the top {n} of the Swiss standings are not the players cut: {names} missing",
                            n=n,
                            names=join_list((name[p] for p in missing), words=True) or "-",
                        ),
                    )
                )
                return
        if (
            len(order) > n
            and keys[order[n - 1]] == keys[order[n]]
            and not any(r.get("stage") == "playoff" for r in doc.get("rounds", []))
        ):
            find(
                Finding(
                    "G-TIE-PLAYOFF",
                    number,
                    None,
                    _(
                        "the cut line falls inside a shared place ({a}, {b}): a playoff decides it first",
                        a=name[order[n - 1]],
                        b=name[order[n]],
                    ),
                )
            )
        size = 1
        while size < n:
            size *= 2
        bo = _bracket_order(max(size, 2))
        seed_key = {i + 1: keys[p] for i, p in enumerate(order[:n])}
        for m in matches:
            t = m["table"]
            if m.get("note") == "third_place":
                continue
            if 2 * t > len(bo):
                find(Finding("G-SE", number, t, _("table {t} is outside the bracket", t=t)))
                continue
            s1, s2 = sorted((bo[2 * t - 2], bo[2 * t - 1]))
            for seat, s in ((m["p1"], s1), (m.get("p2"), s2)):
                seed_k = seed_key.get(s)
                if seat is None:
                    if seed_k is not None:
                        find(Finding("G-SE", number, t, _("seed {s} should play here, not a bye", s=s)))
                elif keys.get(seat) != seed_k:
                    find(
                        Finding(
                            "G-SE", number, t, _("{name} is not seed {s} of the Swiss standings", name=name[seat], s=s)
                        )
                    )
        return
    last = tops[-1]["matches"]
    main = {m["table"]: m for m in last if m.get("note") != "third_place"}

    def winner(m):
        if m is None:
            return None
        o = m.get("outcome")
        return m["p1"] if o in ("p1", "bye") else m.get("p2") if o == "p2" else None

    def loser(m):
        if m is None or m.get("p2") is None:
            return None
        o = m.get("outcome")
        return m.get("p2") if o == "p1" else m["p1"] if o == "p2" else None

    for m in matches:
        t = m["table"]
        if m.get("note") == "third_place":
            want = {loser(main.get(1)), loser(main.get(2))}
        else:
            want = {winner(main.get(2 * t - 1)), winner(main.get(2 * t))}
        got = {m["p1"], m.get("p2")}
        stay = {
            p
            for p in want
            if p is not None
            and (info.get(p, {}).get("dropped_after_round") is None or info[p]["dropped_after_round"] >= number)
        }
        if not (got - {None}) <= want or not stay <= got:
            find(
                Finding(
                    "G-SE",
                    number,
                    t,
                    _(
                        "this table should hold {names}",
                        names=" / ".join(name.get(p, "-") for p in sorted(want, key=str) if p is not None) or "-",
                    ),
                )
            )


def _playoff_order(doc: dict, keys: dict[str, tuple]):
    """Each player's order from the playoffs (決定戦, G-TIE-PLAYOFF; DESIGN
    section 5: a playoff orders only the players it was held for): returns
    (tags, anchors, groups).  A playoff round's players on equal points who do
    not all hold one place (Swiss key and tag) start a playoff of their own
    that replaces the tiebreakers for them (their anchor, ``groups``); then
    per place a round decides (all of its matches there have a result) its
    winners and byes get 0, its losers 2 (both players of a double loss) and
    the others holding that place 1; lower sorts first.  A match between
    players on different points orders nobody (it is a finding of its own)."""
    tag: dict[str, tuple[int, ...]] = {p: () for p in keys}
    anchor: dict[str, tuple] = dict(keys)
    groups: dict[tuple, list[str]] = {}
    for rnd in doc.get("rounds", []):
        if rnd.get("stage") != "playoff":
            continue
        by_points: dict[int, list[str]] = {}
        for m in rnd.get("matches", []):
            for p in (m["p1"], m.get("p2")):
                if p in keys and p not in by_points.get(keys[p][0], []):
                    by_points.setdefault(keys[p][0], []).append(p)
        for pts, members in by_points.items():
            if len({(anchor[p], tag[p]) for p in members}) > 1:
                gid = ("playoff", pts, rnd["number"])
                for p in members:
                    anchor[p], tag[p] = gid, ()
                groups[gid] = members
        places: dict[tuple, list[dict]] = {}
        for m in rnd.get("matches", []):
            a, b = m["p1"], m.get("p2")
            if a not in keys or (b is not None and (b not in keys or (anchor[b], tag[b]) != (anchor[a], tag[a]))):
                continue
            places.setdefault((anchor[a], tag[a]), []).append(m)
        new = dict(tag)
        for place, ms in places.items():
            if any(m.get("outcome") is None for m in ms):
                continue
            mark = {p: 1 for p in keys if (anchor[p], tag[p]) == place}
            for m in ms:
                a, b, out = m["p1"], m.get("p2"), m.get("outcome")
                if out in ("p1", "bye"):
                    mark[a] = 0
                    if b is not None:
                        mark[b] = 2
                elif out == "p2" and b is not None:
                    mark[b], mark[a] = 0, 2
                elif out == "double_loss":
                    mark[a] = 2
                    if b is not None:
                        mark[b] = 2
            for p, v in mark.items():
                new[p] = tag[p] + (v,)
        tag = new
    return tag, anchor, groups


def _ordered(doc: dict, keys: dict[str, tuple], ids) -> tuple[list[str], dict[str, tuple]]:
    """``ids`` in standings order (Swiss key, then playoffs; a point playoff's
    players in the places they held, in the playoff's order) and each one's
    place (equal places share a rank)."""
    tags, anchors, groups = _playoff_order(doc, keys)
    order = sorted(ids, key=lambda p: (keys[p], tuple(-x for x in tags.get(p, ()))), reverse=True)
    for members in groups.values():
        pos = {p: k for k, p in enumerate(order)}
        inside = [p for p in members if p in pos]
        slots = sorted(pos[p] for p in inside)
        for k, p in zip(slots, sorted(inside, key=lambda p: (tags[p], pos[p])), strict=True):
            order[k] = p
    return order, {p: (anchors.get(p, keys[p]), tags.get(p, ())) for p in ids}


def _own_standings(sw: _Swiss, chain, ids, doc: dict, unranked: set[str] | frozenset = frozenset()) -> list[dict]:
    """The standings as this checker computes them: Swiss figures, then the
    order the playoffs give inside a shared place (``tags``); players equal
    on both share a rank; ``unranked`` players (O-PEN-2) last, rank None."""
    fig = sw.figures()
    order, keys = _ordered(doc, sw.keys(chain), ids)
    order = [p for p in order if p not in unranked] + [p for p in order if p in unranked]
    rows: list[dict] = []
    for pos, p in enumerate(order):
        if p in unranked:
            rank = None
        else:
            rank = pos + 1 if pos == 0 or keys[order[pos - 1]] != keys[p] else rows[-1]["rank"]
        f = fig[p]
        rows.append(
            {
                "rank": rank,
                "id": p,
                "points": f["points"],
                "op": f["op"],
                "omw": f["omw"],
                "gw": f["gw"],
                "ogw": f["ogw"],
                "record": f"{sw.wins[p]}-{sw.losses[p]}-{sw.draws[p]}",
            }
        )
    return rows


def _placings(tops: list[dict], rows: list[dict]) -> list[tuple[int, str]] | None:
    """Final places once the bracket is decided (L-PLACE), else None."""
    if not tops:
        return None
    final = [m for m in tops[-1]["matches"] if m.get("note") != "third_place"]
    if len(final) != 1 or final[0].get("outcome") not in ("p1", "p2", "bye"):
        return None
    swiss_pos = {r["id"]: i for i, r in enumerate(rows)}
    placed: list[str] = []

    def add(group):
        for p in sorted((x for x in group if x is not None and x not in placed), key=lambda x: swiss_pos.get(x, 1e9)):
            placed.append(p)

    f = final[0]
    w = f["p1"] if f["outcome"] in ("p1", "bye") else f["p2"]
    add([w])
    add([f["p2"] if w == f["p1"] else f["p1"]])
    third = [m for m in tops[-1]["matches"] if m.get("note") == "third_place" and m.get("outcome") in ("p1", "p2")]
    if third:
        m = third[0]
        tw = m["p1"] if m["outcome"] == "p1" else m["p2"]
        add([tw])
        add([m["p2"] if tw == m["p1"] else m["p1"]])
    for rnd in reversed(tops[:-1]):
        losers = []
        for m in rnd["matches"]:
            if m.get("p2") is None:
                continue
            o = m.get("outcome")
            losers.append(m["p2"] if o == "p1" else m["p1"] if o == "p2" else None)
        add(losers)
    # entrants who left the bracket otherwise (dropped), then the rest
    add([x for m in tops[0]["matches"] for x in (m["p1"], m.get("p2"))])
    cut = len(placed)
    out = [(i + 1, p) for i, p in enumerate(placed)]
    # outside the cut in Swiss order; players sharing a Swiss rank share a place (G-TIE-1)
    rest = [r for r in rows if r["id"] not in placed and not ("rank" in r and r["rank"] is None)]  # O-PEN-2
    first: dict = {}
    for i, r in enumerate(rest):
        first.setdefault(r.get("rank", i), i)
        out.append((cut + 1 + first[r.get("rank", i)], r["id"]))
    return out


def rep_name(rep: Report, pid: str) -> str:
    return rep.names.get(pid, pid)


def _close(a, b) -> bool:
    return abs(float(a) - float(b)) <= 0.00005 + 1e-12


def _compare(rep: Report, claimed: dict, places) -> None:
    find = rep.findings.append
    own = {r["id"]: r for r in rep.standings}
    rows = claimed.get("standings", [])
    for row in rows:
        o = own.get(row.get("id"))
        if o is None:
            find(
                Finding(
                    "G-SWISS-RANK",
                    None,
                    None,
                    _("the standings list {id!r}, who is not in the event", id=row.get("id")),
                )
            )
            continue
        who = row.get("name", row["id"])
        if row.get("points") != o["points"]:
            find(
                Finding(
                    "G-SWISS-POINTS",
                    None,
                    None,
                    _(
                        "{name}: {got} points stated, {want} recomputed",
                        name=who,
                        got=row.get("points"),
                        want=o["points"],
                    ),
                )
            )
        for tb in ("op", "omw", "gw", "ogw"):
            if tb not in row:
                continue
            ok = row[tb] == o[tb] if tb == "op" else _close(row[tb], o[tb])
            if not ok:
                want = o[tb] if tb == "op" else round(float(o[tb]), 4)
                find(
                    Finding(
                        "G-TIE-1",
                        None,
                        None,
                        _(
                            "{name}: {tb} {got} stated, {want} recomputed",
                            name=who,
                            tb=tb.upper(),
                            got=row[tb],
                            want=want,
                        ),
                    )
                )
        rec = row.get("record")
        if rec is not None and rec != o["record"]:
            find(
                Finding(
                    "G-SWISS-RANK",
                    None,
                    None,
                    _("{name}: record {got} stated, {want} recomputed", name=who, got=rec, want=o["record"]),
                )
            )
        if not claimed.get("final") and "rank" in row and row["rank"] != o["rank"]:
            find(
                Finding(
                    "G-SWISS-RANK",
                    None,
                    None,
                    _("{name}: rank {got} stated, {want} recomputed", name=who, got=row["rank"], want=o["rank"]),
                )
            )
    listed = {r.get("id") for r in rows}
    for pid in own:
        if pid not in listed:
            find(Finding("G-SWISS-RANK", None, None, _("the standings leave out {name}", name=rep_name(rep, pid))))
    if claimed.get("final") and places is not None:
        want = dict((p, pl) for pl, p in places)
        for row in rows:
            if "place" in row and want.get(row.get("id")) != row["place"]:
                find(
                    Finding(
                        "L-PLACE",
                        None,
                        None,
                        _(
                            "{name}: place {got} stated, {want} by the rule",
                            name=row.get("name", row.get("id")),
                            got=row["place"],
                            want=want.get(row.get("id")),
                        ),
                    )
                )
