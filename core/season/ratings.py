"""Ratings beside season points (issue 47; optional per season, off by
default, never read by pairing): OpenSkill's Plackett-Luce model (the
``openskill`` package), every match of the season's events in date order; a
win ranks its winner first, a draw ranks both equal; byes and double losses
rate nothing (no opponent beaten, or no winner).  A row shows the rating's
mean and its uncertainty (sigma)."""

from __future__ import annotations

from core.season.standings import Row, person_of

__all__ = ["rate"]


def rate(rows: list[Row], summaries: list[dict]) -> None:
    """Set each row's ``rating`` and ``rd`` from the events ``summaries``."""
    from openskill.models import PlackettLuce  # lazy: only a season's standings rate players

    model = PlackettLuce()
    players: dict = {}
    for s in sorted(summaries, key=lambda s: (s["date"], s["key"])):
        who = {p[0]: person_of(p[2], p[1]) for p in s["players"]}
        for p1, p2, outcome, _stage in s["matches"]:
            if p2 is None or outcome not in ("p1", "p2", "draw"):
                continue
            a, b = who.get(p1), who.get(p2)
            if a is None or b is None or a == b:
                continue
            ra = players.get(a) or model.rating()
            rb = players.get(b) or model.rating()
            ranks: list[float] = [0.0, 1.0] if outcome == "p1" else [1.0, 0.0] if outcome == "p2" else [0.0, 0.0]
            [[ra], [rb]] = model.rate([[ra], [rb]], ranks=ranks)
            players[a], players[b] = ra, rb
    for r in rows:
        pl = players.get(person_of(r.member, r.name))
        if pl is not None:
            r.rating, r.rd = pl.mu, pl.sigma
