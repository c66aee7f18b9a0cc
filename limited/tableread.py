"""What a draft bot (limited.bots.Bot) reads of the table from the packs passed to it, by side (0: the
packs of odd rounds, from the lower seat numbers; 1: of even rounds, from the higher): the *flow* (the
rating each colour still holds in a pack against a pack of its size), the *cut* (the cards each colour
lost upstream against fresh cards of the same booster slots) and the two colours the cut read names
for the seats passing (limited.bots' module docstring says how each counts in a pick)."""

from __future__ import annotations

import math
from typing import Sequence

from limited.facts import SetFacts
from limited.pickvalue import MASK_COLOURS, NC, PAIR_COLOURS, colour_base, rarity_shares

__all__ = ["TableRead", "UPSTREAM_READ", "UPSTREAM_GAP", "UPSTREAM_STEADY"]

#: What :meth:`TableRead.named` holds: a side read over this many weighted cards, its second most-cut colour
#: cut this much a weighted card more than the third, the same two colours on this many reads in a row.
UPSTREAM_READ = 15.0
UPSTREAM_GAP = 0.05
UPSTREAM_STEADY = 3


class TableRead:
    """The flow and cut reads of the packs passed to one seat, by side, and what they name upstream."""

    __slots__ = ("facts", "flow", "cut", "cutw", "named", "packs", "_base", "_shares", "_steady")

    def __init__(self, facts: SetFacts):
        self.facts = facts
        #: What flows, by side and colour.
        self.flow = [[0.0] * NC, [0.0] * NC]
        #: What the seats upstream removed, by side and colour: over the passed packs, the cards of the
        #: colour a pack holds less what fresh cards of the same rarities hold, weighted by the cards
        #: already taken from the pack (negative: the colour is taken upstream).
        self.cut = [[0.0] * NC, [0.0] * NC]
        self.cutw = [0, 0]  # the weights summed, by side
        #: By side: the two colours the cut read names for the seats passing (0 until real and steady).
        self.named = [0, 0]
        self.packs = [0, 0]  # the packs read, by side
        self._base = colour_base(facts)
        self._shares = rarity_shares(facts)
        self._steady = [(0, 0), (0, 0)]  # by side: the two most-cut colours of real reads, reads in a row

    def read(self, side: int, offered: Sequence[str], k: int, size: int) -> None:
        """Read a pack of ``size`` cards passed on ``side`` with ``k`` (1 or more) already taken from it."""
        self.cutw[side] += k
        self.packs[side] += 1
        self._read_flow_and_cut(side, offered, k, size)
        self._name_upstream(side)

    def _read_flow_and_cut(self, side: int, offered: Sequence[str], k: int, size: int) -> None:
        """Add to ``side``'s flow the rating the pack still holds in each colour less what a pack of
        its size holds on average (a later pick weighs more), and to its cut the cards taken from
        each colour beyond the shares of the rarities left."""
        by = self.facts.by_number
        flow, base, cut = self.flow[side], self._base, self.cut[side]
        late = 1.0 + k / size
        m = len(offered)
        for i in range(NC):
            flow[i] -= late * m * base[i]
        rarities: dict[str, int] = {}
        for num in offered:
            f = by[num]
            rarities[f.rarity] = rarities.get(f.rarity, 0) + 1
            for i in MASK_COLOURS[f.needs]:
                flow[i] += late * f.rating
                cut[i] += k
        for r, q in rarities.items():
            share = self._shares[r]
            for i in range(NC):
                cut[i] -= k * q * share[i]

    def _name_upstream(self, side: int) -> None:
        """After a read of ``side``: the two colours most cut there become what :attr:`named` holds
        once the read is real (UPSTREAM_READ weighted cards, the second colour cut UPSTREAM_GAP a
        weighted card more than the third) and steady (the same two on UPSTREAM_STEADY reads in a row)."""
        two, gap = self.most_cut(side)
        real = self.cutw[side] >= UPSTREAM_READ and gap >= UPSTREAM_GAP
        held = self._steady[side]
        self._steady[side] = (two, held[1] + 1 if held[0] == two else 1) if real else (0, 0)
        if real and self._steady[side][1] >= UPSTREAM_STEADY:
            self.named[side] = two

    def most_cut(self, side: int) -> tuple[int, int | float]:
        """The two colours most cut on ``side`` (a mask) and how much more, a weighted card, the second
        is cut than the third (0 unread)."""
        cut, w = self.cut[side], self.cutw[side]
        order = sorted(range(NC), key=lambda i: (cut[i], i))
        return (1 << order[0]) | (1 << order[1]), (cut[order[2]] - cut[order[1]]) / w if w else 0

    def soft_pairs(self, side: int, prior: float, temp: float) -> list[float] | None:
        """The chance of each pair of PAIRS being the one the seats passing on ``side`` hold, from the cut read: a
        softmax at ``temp`` of how much less of the pair's two colours the packs held per weighted card (the
        average pulled towards 0 by ``prior`` more weighted cards, so a read of a few packs says little); None
        unread."""
        cut, w = self.cut[side], self.cutw[side]
        if not w:
            return None
        d = (w + prior) * temp
        pair_cut = [(cut[i] + cut[k]) / d for i, k in PAIR_COLOURS]
        low = min(pair_cut)
        ws = [math.exp(low - x) for x in pair_cut]
        total = sum(ws)
        return [x / total for x in ws]

    def flow_total(self) -> list[float]:
        """Per colour, both sides added: what flows."""
        a, b = self.flow
        return [a[i] + b[i] for i in range(NC)]

    def cut_total(self, prior: float) -> list[float]:
        """Per colour, both sides added: what the upstream seats removed, per weighted card (0 unread),
        each side's average pulled towards 0 by ``prior`` weighted cards."""
        (a, b), (na, nb) = self.cut, self.cutw
        wa, wb = na + prior, nb + prior
        return [(a[i] / wa if wa else 0.0) + (b[i] / wb if wb else 0.0) for i in range(NC)]
