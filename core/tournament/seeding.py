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
    size = _bracket_size(len(seeded))
    order = bracket_order(size)
    return tuple(_first_round_match(t + 1, seeded, order[2 * t], order[2 * t + 1]) for t in range(size // 2))


def _bracket_size(n: int) -> int:
    """The smallest power of two that holds ``n`` players, at least 2."""
    return max(2, 1 << (n - 1).bit_length())


def _first_round_match(table: int, seeded: list[str], s1: int, s2: int) -> Match:
    """Table ``table`` of the first round, seeds ``s1`` and ``s2``: the better seed
    listed first; a bye when the other seed is beyond the field."""
    s1, s2 = min(s1, s2), max(s1, s2)
    if s2 > len(seeded):
        return Match(table, seeded[s1 - 1], None, 2, 0, 0, "bye")
    return Match(table, seeded[s1 - 1], seeded[s2 - 1])
