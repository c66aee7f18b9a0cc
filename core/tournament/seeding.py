"""Seeding a single-elimination bracket (G-SE): the standard order of seeds
(:func:`bracket_order`) and the first round of a seeded field with byes to the
top seeds (:func:`seeded_first_round`).  Used by the top cut and an
elimination-only event (core.tournament.elimination) and by playoffs
(core.tournament.standings), so it imports neither."""

from __future__ import annotations

from core.errors import LyceeError
from core.event.model import Match
from core.i18n import _

__all__ = ["bracket_order", "seeded_first_round"]


def bracket_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket position order for ``size`` (a power of two).

    ``bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)``: pairs (1,8), (4,5),
    (2,7), (3,6); seeds 1 and 2 sit in different halves (G-SE seeding).
    """
    if size < 1 or size & (size - 1):
        raise LyceeError(_("a bracket size must be a power of two, not {size}", size=size))
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return tuple(order)


def seeded_first_round(seeded: list[str]) -> tuple[Match, ...]:
    """The first round of a single-elimination bracket of ``seeded`` (best
    seed first): 1 v N, 2 v N-1 ..., byes to the top seeds (G-SE); the top
    cut, an elimination-only event and a playoff (決定戦) all start so."""
    size = 1
    while size < len(seeded):
        size *= 2
    size = max(size, 2)
    order = bracket_order(size)
    n = len(seeded)
    matches = []
    for t in range(size // 2):
        s1, s2 = order[2 * t], order[2 * t + 1]
        if s1 > s2:
            s1, s2 = s2, s1
        if s2 > n:
            matches.append(Match(t + 1, seeded[s1 - 1], None, 2, 0, 0, "bye"))
        else:
            matches.append(Match(t + 1, seeded[s1 - 1], seeded[s2 - 1]))
    return tuple(matches)
