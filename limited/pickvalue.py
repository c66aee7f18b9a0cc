"""What a card of the pack is worth at one pick of a draft bot (limited.bots.Bot): the rating,
colour (the hedge), curve and signal parts of limited.bots' module docstring, once the bot has read
the pack, the pool and the table (:class:`PickWeights`), the colour-mask tables the bot reads by, and
the per-set tables its reads of the passed packs measure against (:func:`colour_base`, :func:`rarity_shares`)."""

from __future__ import annotations

import operator
import weakref
from dataclasses import dataclass

from limited.facts import COLOURS, PAIRS, CardFacts, SetFacts

__all__ = [
    "COLOURLESS_KEEP",
    "CURVE_WEIGHT",
    "MASK_COLOURS",
    "MASK_PAIRS",
    "NC",
    "PAIR_COLOURS",
    "POPCOUNT",
    "SIGNAL_CARD",
    "PickWeights",
    "chance_by_colour",
    "colour_base",
    "colourless_worth",
    "rarity_shares",
    "within_one",
]

CURVE_WEIGHT = 0.5
#: A card's signal part at most (a colour that keeps flowing).
SIGNAL_CARD = 0.3
#: A 無 card loses at most COLOURLESS_KEEP less its rating to CAST_COLOURLESS: a card every deck can cast
#: is worth nearly its rating to every seat, so a 無 bomb goes early (issue 48: at 4.0 for every rating, a
#: rating-5 無 card went past all 8 seats), while the 無 filler still waits for the packs' last picks.  At 6.5
#: rating-4 無 cards went +0.91 / +0.82 / +0.31 picks after coloured ones (alpha / beta / gamma, benchmarks/draft.py,
#: 100 drafts; seeds 10000..: +0.93 / +0.83 / +0.74); at 6.15 -0.07 / +0.30 / -0.26 (+0.03 / +0.30 / +0.08), the
#: other figures of issue 48 within their noise; 6.0 overshoots (-0.65 / -0.91 / -1.05 on seeds 20000.. and 30000..).
COLOURLESS_KEEP = 6.15

#: Colours in a set.
NC = len(COLOURS)
#: Bits set in a mask (0-31).
POPCOUNT = tuple(bin(i).count("1") for i in range(32))
#: For each needs mask: the colour indexes it names, and the PAIRS indexes that can cast it.
MASK_COLOURS = tuple(tuple(i for i in range(NC) if m >> i & 1) for m in range(32))
MASK_PAIRS = tuple(tuple(j for j, p in enumerate(PAIRS) if not m & ~p) for m in range(32))
#: For each pair of PAIRS, its two colour indexes.
PAIR_COLOURS = tuple(MASK_COLOURS[p] for p in PAIRS)


#: For each colour: a getter of the PAIRS entries holding it, in PAIRS order.
_HOLDING = tuple(operator.itemgetter(*(j for j, p in enumerate(PAIRS) if p >> i & 1)) for i in range(NC))


def chance_by_colour(belief: list[float] | None) -> list[float]:
    """By colour: the belief of the pairs holding it (all 0 before the first pick)."""
    if not belief:
        return [0.0] * NC
    return [sum(get(belief)) for get in _HOLDING]


@dataclass(frozen=True, slots=True)
class PickWeights:
    """What a card of the pack is worth at one pick: the parts of limited.bots' module docstring, as
    :meth:`limited.bots.Bot._weights` found them."""

    pair: int
    belief: list[float] | None
    chance: list[float]
    star: float
    dead: float
    off_pen: float
    less_pen: float
    flow: list[float]
    scale: float
    curve: list[int]
    targets: list[float]

    def row(self, num: str, f: CardFacts) -> tuple:
        """(number, rating, colour, curve, signal, total) of one card."""
        colour, curve_v, signal = self._coloured(f) if f.needs else (self._colourless(f), self._curve(f), 0.0)
        return (num, float(f.rating), colour, curve_v, signal, f.rating + colour + curve_v + signal)

    def _curve(self, f: CardFacts) -> float:
        if not self.pair:
            return 0.0
        target = self.targets[f.bucket]
        if target <= 0:
            return -CURVE_WEIGHT
        x = (target - self.curve[f.bucket]) / target
        return CURVE_WEIGHT * (1.0 if x > 1 else -1.0 if x < -1 else x)

    def _colourless(self, f: CardFacts) -> float:
        """The hedge of a 無 card: after the commitment it waits for the packs' last picks unless its
        rating is high (COLOURLESS_KEEP); before, it is worth what a card of the likeliest colour is."""
        if self.less_pen:
            return -min(self.less_pen, max(0.0, COLOURLESS_KEEP - f.rating))
        return -(1.0 - self.star) * f.rating

    def _coloured(self, f: CardFacts) -> tuple[float, float, float]:
        """The colour (the hedge: its rating if the final pair casts it, else minus what a dead card
        costs), curve and signal parts of a card that needs a colour."""
        needs = f.needs
        bf = max(self.flow[i] for i in MASK_COLOURS[needs]) / self.scale
        signal = SIGNAL_CARD * within_one(bf)
        colour = self._hedge(f, self.belief) if self.belief is not None else 0.0
        if self.pair and POPCOUNT[self.pair | needs] > 2:
            return colour - self.off_pen, 0.0, signal
        return colour, self._curve(f), signal

    def _hedge(self, f: CardFacts, belief: list[float]) -> float:
        """Minus what card ``f`` costs if the final pair cannot cast it, times the chance of that."""
        fits = MASK_PAIRS[f.needs]
        pc = self.chance[MASK_COLOURS[f.needs][0]] if len(fits) > 1 else belief[fits[0]] if fits else 0.0
        return -(1.0 - pc) * (f.rating + self.dead)


def colourless_worth(belief: list[float] | None, chance: list[float], pair: int) -> float:
    """What a 無 card is worth: before the commitment, what a card of the likeliest colour is (a seat
    taking 無 cards early hides its colours from the seats it passes to: their cut read sees nothing)."""
    return max(chance) if belief is not None and not pair else 1.0


def within_one(x: float) -> float:
    """``x`` clamped to -1 .. 1."""
    return 1.0 if x > 1 else -1.0 if x < -1 else x


_BASE: "weakref.WeakKeyDictionary[SetFacts, tuple[float, ...]]" = weakref.WeakKeyDictionary()


def colour_base(facts: SetFacts) -> tuple[float, ...]:
    """Mean rating a card of the set brings to each colour (needs the colour x rating)."""
    b = _BASE.get(facts)
    if b is None:
        cards = list(facts.by_number.values())
        b = tuple(sum(f.rating for f in cards if f.needs >> i & 1) / max(1, len(cards)) for i in range(NC))
        _BASE[facts] = b
    return b


_SHARES: "weakref.WeakKeyDictionary[SetFacts, dict[str, tuple[float, ...]]]" = weakref.WeakKeyDictionary()


def rarity_shares(facts: SetFacts) -> dict[str, tuple[float, ...]]:
    """Per rarity: for each colour, the share of the set's cards of that rarity that need it.  A
    passed pack's cards of a colour less these shares summed over its cards' rarities: what it
    holds of the colour above what fresh cards of the same rarities (the same booster slots) hold
    on average."""
    e = _SHARES.get(facts)
    if e is None:
        by_r: dict[str, list[CardFacts]] = {}
        for f in facts.by_number.values():
            by_r.setdefault(f.rarity, []).append(f)
        e = {r: tuple(sum(1 for f in fs if f.needs >> i & 1) / len(fs) for i in range(NC)) for r, fs in by_r.items()}
        _SHARES[facts] = e
    return e
