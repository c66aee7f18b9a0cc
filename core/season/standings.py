"""Season standings (issue 47, L-SEASON in docs/rules.md): a pure function of
the season's settings and its events' summaries (core.season.results), so
that the standings always are a recomputation from the events as they stand.

A person is their member number; a player with none is known by their name
alone (a guest row, ``member`` null).  For each person and event the rule
(core.season.rules) gives the event's points; the best N events count
(``--best``, all by default); a person with fewer than K events
(``--min-events``) is listed after the ranked rows, unranked.

Ties on points are broken, in order, by (1) the best single event counted,
(2) match wins in the events counted (a bye is a win), (3) events played;
players equal on all of them share a rank.  Each row says which of these
placed it against its tied neighbour (``tie``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from core.i18n import _
from core.season.rules import PointsRule

__all__ = ["Row", "TIEBREAKS", "event_points", "season_rows", "tiebreak_words"]

#: the tiebreaks in order (after points)
TIEBREAKS = ("best", "wins", "played")


def tiebreak_words(key: str) -> str:
    return {
        "points": _("points"),
        "best": _("best single event"),
        "wins": _("match wins in the events counted"),
        "played": _("events played"),
        "shared": _("tied on every tiebreak: rank shared"),
    }[key]


@dataclass
class Row:
    member: str | None
    name: str
    points: int = 0
    events: int = 0  # events counted (at most best N)
    played: int = 0  # events played
    best: int = 0
    wins: int = 0
    running: int = 0  # events counted that are still running
    rank: int | None = None
    qualified: bool = True
    tie: str | None = None  # the tiebreak that placed this row against a tied neighbour
    rating: float | None = None
    rd: float | None = None
    counted: list[str] = field(default_factory=list)  # keys of the events counted
    scores: list[tuple[str, int]] = field(default_factory=list)  # (event key, points) for every event played

    def sort_key(self) -> tuple:
        return (-self.points, -self.best, -self.wins, -self.played)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "rank": self.rank,
            "member": self.member,
            "name": self.name,
            "points": self.points,
            "events": self.events,
            "played": self.played,
            "qualified": self.qualified,
            "running": self.running,
            "tiebreaks": {"best": self.best, "wins": self.wins, "played": self.played},
            "tie": self.tie,
            "counted": list(self.counted),
        }
        if self.rating is not None:
            d["rating"] = round(self.rating, 1)
            d["rating_deviation"] = round(self.rd or 0.0, 1)
        return d


def person_of(member: str | None, name: str) -> str:
    return f"m:{member}" if member else f"n:{name}"


def event_points(rule: PointsRule, summary: dict) -> dict[str, tuple[int, int]]:
    """{player id: (points, match wins)} of one event under ``rule``."""
    pts = {pid: _entry_points(rule, place, excluded) for pid, _name, _member, place, excluded in summary["players"]}
    wins = dict.fromkeys(pts, 0)
    for me, won, got in _scored_results(rule, summary["matches"]):
        wins[me] = wins.get(me, 0) + won
        if rule.kind == "match":
            pts[me] = pts.get(me, 0) + got
    return {pid: (pts.get(pid, 0), wins.get(pid, 0)) for pid in pts}


def _scored_results(rule: PointsRule, matches: list) -> Iterator[tuple[str, int, int]]:
    """(player, match wins, match points) of each player of each match that scores
    (a playoff, 決定戦, orders the tied players only)."""
    for p1, p2, outcome, stage in matches:
        if stage != "playoff":
            yield from _match_results(rule, p1, p2, outcome)


def _entry_points(rule: PointsRule, place: int | None, excluded: bool) -> int:
    """A player's points before any match: attendance, and their place's under a places rule."""
    if rule.kind == "places" and not excluded:
        return rule.attend + rule.for_place(place)
    return rule.attend


def _match_results(rule: PointsRule, p1: str, p2: str | None, outcome: str | None) -> list[tuple[str, int, int]]:
    """(player, match wins, match points) of each player of one match: a bye
    is a win; a double loss a loss for both."""
    if outcome == "bye" or (outcome == "p1" and p2 is None):
        return [(p1, 1, rule.match[0])]
    return [_side_result(rule, me, mine, outcome) for me, mine in ((p1, "p1"), (p2, "p2")) if me is not None]


def _side_result(rule: PointsRule, me: str, mine: str, outcome: str | None) -> tuple[str, int, int]:
    """(player, match wins, match points) of one side of a match."""
    win, draw, loss = rule.match
    if outcome == mine:
        return (me, 1, win)
    return (me, 0, draw if outcome == "draw" else loss)  # a draw, the other's win, or a double loss


def season_rows(rule: PointsRule, summaries: list[dict], best: int | None = None, min_events: int = 0) -> list[Row]:
    """The standings of events ``summaries`` (in any order) under ``rule``."""
    rows, per = _people(rule, summaries)
    for who, row in rows.items():
        _count(row, per[who], best, min_events)
    ordered = sorted(rows.values(), key=lambda r: (not r.qualified, r.sort_key(), r.member or "~", r.name))
    ranked = [r for r in ordered if r.qualified]
    _rank(ranked)
    _mark_ties(ranked)
    return ordered


def _rank(ranked: list[Row]) -> None:
    """Number the rows in order; rows equal on points and every tiebreak share a rank."""
    for i, r in enumerate(ranked):
        if i and r.sort_key() == ranked[i - 1].sort_key():
            r.rank = ranked[i - 1].rank
        else:
            r.rank = i + 1


def _mark_ties(ranked: list[Row]) -> None:
    """Each row's ``tie``: what placed it against a neighbour on equal points."""
    for i, r in enumerate(ranked):
        r.tie = _tie(r, ranked[i - 1] if i else None, ranked[i + 1] if i + 1 < len(ranked) else None)


def _people(
    rule: PointsRule, summaries: list[dict]
) -> tuple[dict[str, Row], dict[str, list[tuple[int, int, str, bool]]]]:
    """A row per person (named as in the latest event they played) and
    their events: [(points, wins, event key, running)]."""
    rows: dict[str, Row] = {}
    latest: dict[str, str] = {}  # person -> the date of the event their name was last seen in
    per: dict[str, list[tuple[int, int, str, bool]]] = {}
    for s in summaries:
        got = event_points(rule, s)
        for pid, name, member, _place, _excluded in s["players"]:
            who = person_of(member, name)
            row = rows.setdefault(who, Row(member, name))
            if s["date"] >= latest.get(who, ""):
                latest[who] = s["date"]
                row.name = name
            p, w = got.get(pid, (0, 0))
            per.setdefault(who, []).append((p, w, s["key"], bool(s["running"])))
    return rows, per


def _count(row: Row, events: list[tuple[int, int, str, bool]], best: int | None, min_events: int) -> None:
    """The row's figures from its events: the best ``best`` counted (all by default)."""
    evs = sorted(events, key=lambda x: (-x[0], -x[1], x[2]))
    row.played = len(evs)
    row.scores = [(k, p) for p, _w, k, _r in sorted(evs, key=lambda x: x[2])]
    _tally(row, evs if best is None else evs[:best])
    row.qualified = row.played >= min_events


def _tally(row: Row, counted: list[tuple[int, int, str, bool]]) -> None:
    """The row's figures from the events counted."""
    row.events = len(counted)
    row.points = sum(p for p, *_ in counted)
    row.best = max((p for p, *_ in counted), default=0)
    row.wins = sum(w for _p, w, *_ in counted)
    row.running = sum(1 for *_x, r in counted if r)
    row.counted = sorted(k for _p, _w, k, _r in counted)


def _tie(r: Row, above: Row | None, below: Row | None) -> str | None:
    """The tiebreak that placed ``r`` against a neighbour on equal points (the one above first)."""
    for other in (above, below):
        if other is not None and other.points == r.points:
            return _decider(r, other)
    return None


def _decider(a: Row, b: Row) -> str:
    for key in TIEBREAKS:
        if getattr(a, key) != getattr(b, key):
            return key
    return "shared"
