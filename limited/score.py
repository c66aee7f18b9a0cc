"""A number for how good a limited deck is, to compare drafting strategies.

    score = 100 x (0.60 x rating / 5 + 0.25 x consistency + 0.15 x curve)

- rating: the mean 0-5 rating of the deck's cards (the set data the bots read);
- consistency: the share of the deck castable in its best pair of colours
  (a card fits when every colour its cost names is in the pair; 無 fits all);
- curve: 1 - half the L1 distance between the deck's shares of total cost
  0-1 / 2 / 3 / 4+ and ``TARGET_CURVE`` (1 = on target, 0 = as far as can be).

Not a rule of the guideline: a yardstick for bots (G-DRAFT-1 picks) against
random pickers, both building with the same builder.  Spares do not count.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from core.cards.decks import Decklist
from core.cards.model import CardSet
from limited.bots import TARGET_CURVE, Bot, RandomPicker
from limited.draft import run_draft
from limited.facts import PAIRS, CardFacts, SetFacts, colour_names, facts_for

__all__ = ["DeckScore", "deck_score", "WEIGHTS", "PickerComparison", "compare_pickers"]

#: Weights of rating, consistency and curve in the total.
WEIGHTS = (0.60, 0.25, 0.15)


@dataclass(frozen=True, slots=True)
class DeckScore:
    total: float  # 0..100
    rating: float  # mean rating 0..5
    consistency: float  # 0..1
    curve: float  # 0..1
    colours: tuple[str, ...]  # the best pair

    def as_dict(self) -> dict:
        return {
            "total": round(self.total, 2),
            "rating": round(self.rating, 3),
            "consistency": round(self.consistency, 3),
            "curve": round(self.curve, 3),
            "colours": list(self.colours),
        }


def _best_fitting_pair(items: list[tuple[CardFacts, int]]) -> tuple[int, int]:
    """The colour pair that casts the most of the deck's cards, and how many (the first such pair on a tie)."""
    best_pair, best_fit = PAIRS[0], -1
    for pair in PAIRS:
        fit = sum(k for f, k in items if not (f.needs & ~pair))
        if fit > best_fit:
            best_pair, best_fit = pair, fit
    return best_pair, best_fit


def _curve_score(items: list[tuple[CardFacts, int]], n: int) -> float:
    """1 for a deck whose costs follow TARGET_CURVE, less the further it strays."""
    buckets = [0, 0, 0, 0]
    for f, k in items:
        buckets[f.bucket] += k
    return 1.0 - 0.5 * sum(abs(b / n - t) for b, t in zip(buckets, TARGET_CURVE))


def deck_score(deck: Decklist | Mapping[str, int] | Iterable[str], facts: SetFacts) -> DeckScore:
    """The score of a deck's main cards (spares left out), by the module formula."""
    counts = deck.counts("deck") if isinstance(deck, Decklist) else Counter(deck)
    by = facts.by_number
    n = sum(counts.values())
    if n == 0:
        return DeckScore(0.0, 0.0, 0.0, 0.0, ())
    items = [(by[num], k) for num, k in counts.items()]
    rating = sum(f.rating * k for f, k in items) / n
    best_pair, best_fit = _best_fitting_pair(items)
    consistency = best_fit / n
    curve = _curve_score(items, n)
    wr, wc, wk = WEIGHTS
    total = 100.0 * (wr * rating / 5 + wc * consistency + wk * curve)
    return DeckScore(total, rating, consistency, curve, colour_names(best_pair))


@dataclass(frozen=True, slots=True)
class PickerComparison:
    drafts: int
    bot_mean: float
    random_mean: float
    #: Mean over drafts of (mean bot deck score - mean random deck score) at the same table.
    margin: float
    margin_stdev: float
    #: Share of drafts where the bots' mean beat the random pickers' mean.
    bots_ahead: float


def compare_pickers(
    cs: CardSet, *, drafts: int = 200, seats: int = 8, packs: int = 4, seed: int = 0
) -> PickerComparison:
    """Bots against random pickers at the same tables: even seats bots, odd
    seats random pickers, every deck built by the same builder; ``drafts``
    tables with seeds ``seed``, ``seed + 1``, ..."""
    facts = facts_for(cs)
    pickers = [Bot if s % 2 == 0 else RandomPicker for s in range(seats)]
    margins, bots, rands = [], [], []
    for i in range(drafts):
        res = run_draft(cs, seats, packs, seed + i, picker=pickers)
        scores = [deck_score(d, facts).total for d in res.decks]  # type: ignore[arg-type]  # build=True: a deck every seat
        b, r = statistics.fmean(scores[0::2]), statistics.fmean(scores[1::2])
        bots.append(b)
        rands.append(r)
        margins.append(b - r)
    return PickerComparison(
        drafts,
        statistics.fmean(bots),
        statistics.fmean(rands),
        statistics.fmean(margins),
        statistics.pstdev(margins),
        sum(m > 0 for m in margins) / drafts,
    )
