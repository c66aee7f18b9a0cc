"""What the independent checker (core/reports/verify.py) reads an event as
and what it reports: a :class:`Finding` with its rule id, the
:class:`Report` of the whole check, the players' Swiss totals as the checker
recomputes them (:class:`SwissTotals`) and :class:`Checked`, the event under
check that each step of verify_swiss.py, verify_top.py and
verify_standings.py reads.  Like the rest of the checker it imports nothing
of the engine that wrote the file."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm

from core.i18n import _, join_list, ngettext

__all__ = [
    "Checked",
    "Finding",
    "Names",
    "Report",
    "SwissTotals",
    "bracket_matches",
    "dropped_before",
    "eligible",
    "match_loser",
    "rep_name",
]


def bracket_matches(matches: list[dict]) -> list[dict]:
    """The matches of an elimination round but its third-place match."""
    return [m for m in matches if m.get("note") != "third_place"]


#: the seat of a match's loser by its outcome (no loser for the others)
_LOSER_SEAT = {"p1": "p2", "p2": "p1"}


def match_loser(m: dict) -> str | None:
    """The player who lost the match, None when its outcome names no loser."""
    seat = _LOSER_SEAT.get(m.get("outcome") or "")
    return None if seat is None else m.get(seat)


@dataclass(frozen=True, slots=True)
class Finding:
    rule: str
    round: int | None
    table: int | None
    message: str
    path: str | None = None  # the JSON path of what is wrong, when one place is

    def line(self, path: bool = True) -> str:
        """The finding in a line: where, the rule, what; then its JSON path (``path``: for a file's reader)."""
        where = []
        if self.round is not None:
            where.append(_("round {r}", r=self.round))
        if self.table is not None:
            where.append(_("table {t}", t=self.table))
        text = _("{where}: [{rule}] {message}", where=" ".join(where) or "-", rule=self.rule, message=self.message)
        return _("{finding} ({path})", finding=text, path=self.path) if self.path and path else text

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
            counts = join_list(
                [
                    ngettext("{n} player", "{n} players", self.players),
                    ngettext("{n} round", "{n} rounds", self.rounds),
                    ngettext("{n} match", "{n} matches", self.matches),
                ]
            )
            return ngettext(
                "verified: {counts}: every pairing, result, standing and placing holds ({e} round checked "
                "exactly, {l} locally)",
                "verified: {counts}: every pairing, result, standing and placing holds ({e} rounds checked "
                "exactly, {l} locally)",
                self.exact,
                counts=counts,
                e=self.exact,
                l=self.local,
            )
        return ngettext(
            "{k} finding in {rounds}",
            "{k} findings in {rounds}",
            len(self.findings),
            k=len(self.findings),
            rounds=ngettext("{n} round", "{n} rounds", self.rounds),
        )

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


def rep_name(rep: Report, pid: str) -> str:
    return rep.names.get(pid, pid)


class Names(dict):
    """Players' names by id; an id the file does not define is shown as written."""

    def __missing__(self, pid) -> str:
        return str(pid)


class SwissTotals:
    """Swiss totals of each player over the Swiss rounds seen so far."""

    def __init__(self, ids: list[str]):
        self.points = dict.fromkeys(ids, 0)
        self.rounds = dict.fromkeys(ids, 0)
        self.gpts = dict.fromkeys(ids, 0)
        self.games = dict.fromkeys(ids, 0)
        self.byes = dict.fromkeys(ids, 0)
        self.opps: dict[str, list[str]] = {p: [] for p in ids}
        self.met: dict[frozenset, int] = {}
        self.wins = dict.fromkeys(ids, 0)
        self.losses = dict.fromkeys(ids, 0)
        self.draws = dict.fromkeys(ids, 0)

    def add_round(self, number: int, matches: list[dict]) -> None:
        # a bye counts at once, as a recorded win does (provisional standings
        # during a round give its player his 3 points; issue 48)
        for m in matches:
            a, b, out = m["p1"], m.get("p2"), m.get("outcome")
            if a not in self.points or out is None:
                continue
            if b is None:
                self._add_alone(a, out)
            elif b in self.points:
                self._add_match(number, m, a, b, out)

    def _add_alone(self, a: str, out: str) -> None:
        """A table of one: a bye is a 2-0 win; anything else a loss."""
        self.rounds[a] += 1
        if out != "bye":
            self.losses[a] += 1
            return
        self.points[a] += 3
        self.wins[a] += 1
        self.byes[a] += 1
        self.gpts[a] += 6
        self.games[a] += 2

    def _add_match(self, number: int, m: dict, a: str, b: str, out: str) -> None:
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
            self._win(a, b)
        elif out == "p2":
            self._win(b, a)
        elif out == "draw":
            self._draw(a, b)
        else:
            self.losses[a] += 1
            self.losses[b] += 1

    def _win(self, winner: str, loser: str) -> None:
        self.points[winner] += 3
        self.wins[winner] += 1
        self.losses[loser] += 1

    def _draw(self, a: str, b: str) -> None:
        self.points[a] += 1
        self.points[b] += 1
        self.draws[a] += 1
        self.draws[b] += 1

    def _percentages(self) -> tuple[int, dict[str, int], dict[str, int]]:
        """(D, MWP, GWP): each player's percentages as integers over the one
        common denominator D, floored at 0.33 (a player without a round: 0)."""
        D = lcm(100, *_denominators(self.rounds), *_denominators(self.games))
        floor = 33 * (D // 100)
        mwp = {p: self._mwp(p, D, floor) for p in self.rounds}
        gwp = {p: self._gwp(p, D, floor) for p in self.games}
        return D, mwp, gwp

    def _mwp(self, p: str, D: int, floor: int) -> int:
        r = self.rounds[p]
        return max(self.points[p] * (D // (3 * r)), floor) if r else 0

    def _gwp(self, p: str, D: int, floor: int) -> int:
        g = self.games[p]
        if g:
            return max(self.gpts[p] * (D // (3 * g)), floor)
        return floor if self.rounds[p] else 0

    def figures(self, only=None) -> dict[str, dict[str, Fraction | int]]:
        """Points and tiebreakers (of the players in ``only``, default all):
        MWP and GWP as integers over one common denominator, floored at 0.33,
        so that sums stay exact and fast; fractions only at the end."""
        D, mwp, gwp = self._percentages()
        out: dict[str, dict[str, Fraction | int]] = {}
        for p in self.opps if only is None else only:
            opps = self.opps[p]
            out[p] = {
                "points": self.points[p],
                "op": sum(self.points[o] for o in opps),
                "omw": _average(mwp, opps, D),
                "gw": Fraction(gwp[p], D),
                "ogw": _average(gwp, opps, D),
            }
        return out

    def keys(self, chain: list[str], only=None) -> dict[str, tuple]:
        fig = self.figures(only)
        return {p: (f["points"], *(f[t] for t in chain)) for p, f in fig.items()}


@dataclass
class Checked:
    """The event under check: the file (``doc``), its players (``info``) and
    their ``name``, the tiebreaker ``chain``, when each exclusion took effect
    (``excluded_after``: the round, None when the file does not say), the
    Swiss totals so far, the elimination rounds seen, and the report filled."""

    doc: dict
    rep: Report
    info: dict[str, dict]
    name: Names
    chain: list[str]
    excluded_after: dict[str, int | None]
    sw: SwissTotals
    match_type: str = "bo3"
    top_rounds: list[dict] = field(default_factory=list)
    swiss_done: bool = False

    def find(self, rule: str, number: int | None, table: int | None, message: str) -> None:
        self.rep.findings.append(Finding(rule, number, table, message))

    def eligible(self, pid: str, number: int) -> bool:
        return eligible(pid, number, self.info, self.excluded_after)


def dropped_before(player: dict, number: int) -> bool:
    """The player dropped after a round before round ``number``."""
    d = player.get("dropped_after_round")
    return d is not None and d < number


def eligible(pid: str, number: int, info, excluded_after) -> bool:
    """Whether ``pid`` is to be paired in round ``number`` (L-ELIGIBLE):
    joined by then, neither dropped nor excluded before it."""
    p = info[pid]
    if p.get("joined_round", 1) > number or dropped_before(p, number):
        return False
    if pid not in excluded_after:
        return True
    x = excluded_after[pid]
    return x is not None and x >= number


def _denominators(counts: dict[str, int]) -> set[int]:
    """The denominators (3 points a round or game) of the players' percentages: none for a count of 0."""
    return {3 * c for c in counts.values() if c}


def _average(per_player: dict[str, int], opps: list[str], D: int) -> Fraction:
    """The opponents' average of ``per_player`` (integers over ``D``); 0 without opponents."""
    if not opps:
        return Fraction(0)
    return Fraction(sum(per_player[o] for o in opps), len(opps) * D)
