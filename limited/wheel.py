"""What a draft bot (limited.bots.Bot) learns from the *wheel*: a pack seen in the first picks of a
round that comes back shows what every other seat took from it.  :class:`WheelCensus` counts, by
colour, the cards the other seats took of what those packs held; :meth:`WheelCensus.crowd` gives the
share each colour lost above the mean over the colours (limited.bots' module docstring says how a
crowded colour costs a pair, ``CENSUS_WEIGHT``)."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from limited.facts import SetFacts
from limited.pickvalue import MASK_COLOURS, NC

__all__ = ["WheelCensus"]


class WheelCensus:
    """The packs one seat saw early in a round, and what the other seats took of those that came back."""

    __slots__ = ("facts", "early", "taken", "left", "lap")

    def __init__(self, facts: SetFacts):
        self.facts = facts
        #: Packs seen in a round's first picks, by the pool size then: (round, the pack).
        self.early: dict[int, tuple[int, Counter]] = {}
        self.taken = [0] * NC  # cards of each colour the other seats took from packs that came back
        self.left = [0] * NC  # cards of each colour those packs held when this seat saw them
        self.lap = 0  # picks a pack takes to come back (the seats), 0 until seen

    def see(self, offered: Sequence[str], pool: Sequence[str], rnd: int, k: int) -> None:
        """A pack offered at pool ``pool`` in round ``rnd`` with ``k`` cards already taken from it: a pack
        seen early this round coming back is counted; a pack of the first picks is kept to compare."""
        n = len(pool)
        here: Counter | None = None
        if k >= 2 and self.early:
            here = Counter(offered)
            n0 = self._came_back(offered, here, n, rnd)
            if n0 is not None:
                seen = self.early.pop(n0)[1]
                self._count(seen - here, seen, pool[n0])
                self.lap = n - n0
        if k <= 2:
            self.early[n] = (rnd, here if here is not None else Counter(offered))

    def _came_back(self, offered: Sequence[str], here: Counter, n: int, rnd: int) -> int | None:
        """The pool size at which this pack was seen early this round, None when it was not."""
        early = self.early
        for n0 in self._seen_before(n):
            r0, seen = early[n0]
            if r0 == rnd and all(num in seen for num in offered) and not here - seen:
                return n0
        return None

    def _seen_before(self, n: int) -> list[int]:
        """The pool sizes at which a pack now back could have been seen early."""
        if self.lap:  # the table's size is known: only the pack seen one lap ago can be back
            return [n - self.lap] if n - self.lap in self.early else []
        return [n0 for n0 in self.early if n0 < n]

    def _count(self, taken_cards: Counter, seen: Counter, mine: str) -> None:
        """Add what the other seats took (``taken_cards``) of what the pack held (``seen``), this seat's
        own pick (``mine``) being neither."""
        by = self.facts.by_number
        taken, left = self.taken, self.left
        for num, q in taken_cards.items():
            for i in MASK_COLOURS[by[num].needs]:
                taken[i] += q
        for num, q in seen.items():
            for i in MASK_COLOURS[by[num].needs]:
                left[i] += q
        for i in MASK_COLOURS[by[mine].needs]:
            taken[i] -= 1
            left[i] -= 1

    def crowd(self) -> list[float]:
        """Per colour: the share of its cards the other seats took, minus the mean over the colours."""
        if not any(self.left):
            return [0.0] * NC
        share = [self.taken[i] / self.left[i] if self.left[i] else 0.5 for i in range(NC)]
        mean = sum(share) / NC
        return [x - mean for x in share]
