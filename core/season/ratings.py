"""Ratings beside season points (issue 47; optional per season, off by
default, never read by pairing): Glicko-2 from the ``glicko2`` package, each
event one rating period in date order; a win scores 1, a draw 0.5, a loss 0;
byes and double losses rate nothing (no opponent beaten, or no winner)."""

from __future__ import annotations

from core.season.standings import Row, person_of

__all__ = ["rate"]


def rate(rows: list[Row], summaries: list[dict]) -> None:
    """Set each row's ``rating`` and ``rd`` from the events ``summaries``."""
    import glicko2

    players: dict[str, glicko2.Player] = {}
    for s in sorted(summaries, key=lambda s: (s["date"], s["key"])):
        who = {p[0]: person_of(p[2], p[1]) for p in s["players"]}
        games: dict[str, list[tuple[str, float]]] = {}
        for p1, p2, outcome, _stage in s["matches"]:
            if p2 is None or outcome not in ("p1", "p2", "draw"):
                continue
            a, b = who.get(p1), who.get(p2)
            if a is None or b is None or a == b:
                continue
            sa = 1.0 if outcome == "p1" else 0.0 if outcome == "p2" else 0.5
            games.setdefault(a, []).append((b, sa))
            games.setdefault(b, []).append((a, 1.0 - sa))
        before = {k: (players.setdefault(k, glicko2.Player()).rating, players[k].rd) for k in games}
        for k, gs in games.items():
            players[k].update_player(
                [before[o][0] for o, _x in gs], [before[o][1] for o, _x in gs], [x for _o, x in gs]
            )
    for r in rows:
        pl = players.get(person_of(r.member, r.name))
        if pl is not None:
            r.rating, r.rd = pl.rating, pl.rd
