"""Ratings beside season points (issue 47; optional per season, off by
default, never read by pairing): OpenSkill's Plackett-Luce model (the
``openskill`` package), every match of the season's events in date order; a
win ranks its winner first, a draw ranks both equal; byes and double losses
rate nothing (no opponent beaten, or no winner).  A row shows the rating's
mean and its uncertainty (sigma)."""

from __future__ import annotations

from core.season.standings import Row, person_of

__all__ = ["rate"]


#: the ranks a match gives its two players: a win ranks its winner first, a draw both equal
_RANKS = {"p1": [0.0, 1.0], "p2": [1.0, 0.0], "draw": [0.0, 0.0]}


def rate(rows: list[Row], summaries: list[dict]) -> None:
    """Set each row's ``rating`` and ``rd`` from the events ``summaries``."""
    from openskill.models import PlackettLuce  # lazy: only a season's standings rate players

    model = PlackettLuce()
    players: dict = {}
    for s in sorted(summaries, key=lambda s: (s["date"], s["key"])):
        _rate_event(model, players, s)
    for r in rows:
        pl = players.get(person_of(r.member, r.name))
        if pl is not None:
            r.rating, r.rd = pl.mu, pl.sigma


def _rate_event(model, players: dict, summary: dict) -> None:
    """Rate every match of one event that has two persons and a winner or a draw."""
    who = {p[0]: person_of(p[2], p[1]) for p in summary["players"]}
    for p1, p2, outcome, _stage in summary["matches"]:
        if outcome not in _RANKS:
            continue  # a double loss rates nothing, nor a bye ("bye", or no p2: no person below)
        persons = _two_persons(who.get(p1), who.get(p2))
        if persons is not None:
            _rate_match(model, players, *persons, outcome)


def _two_persons(a: str | None, b: str | None) -> tuple[str, str] | None:
    """(a, b) when both players are known persons and not the same one (a player listed twice)."""
    if a is None or b is None or a == b:
        return None
    return a, b


def _rate_match(model, players: dict, a: str, b: str, outcome: str) -> None:
    """Rate one match between persons ``a`` and ``b`` (byes and double losses rate nothing)."""
    ra = players.get(a) or model.rating()
    rb = players.get(b) or model.rating()
    [[ra], [rb]] = model.rate([[ra], [rb]], ranks=list(_RANKS[outcome]))
    players[a], players[b] = ra, rb
