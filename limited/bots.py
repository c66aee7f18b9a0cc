"""Draft bots, random pickers, and the deck builder both use.

Bot picks (G-DRAFT-1: take one card, pass the rest)
    A card's value is its rating (0-5, the set data) plus:

    - before committing: a pull towards the colours already taken
      (``AFFINITY`` x the share of the pool's weight in the card's best colour);
    - after ``COMMIT_AFTER`` picks the bot commits to its two heaviest colours
      (weight = rating + 1 of every card needing the colour); from then on a
      card that would take the deck past two colours loses
      ``OFF_COLOUR_PENALTY``.  With only one colour so far, the bot keeps the
      second open and closes it on the first card of another colour it takes;
    - the cost curve: up to ``CURVE_WEIGHT`` for a cost bucket still below its
      share of the deck (``TARGET_CURVE``, which the deck score reads too), down
      to minus that above it.

    Ties go to the card first in the pack.  No randomness: the same pack and
    pool give the same pick.  無 (colourless) cards fit every deck.

Deck builder (G-SEALED, G-DRAFT-3, G-DRAFT-4, G-SPARE-1)
    Picks the pair of colours whose best ``size`` cards are worth most
    (off-colour cards count ``OFF_COLOUR_PENALTY`` less), then takes on-colour
    cards by rating (characters before others, then cheaper, on ties), fills up
    with the best off-colour cards if short, and in best of three adds up to 12
    spares (G-SPARE-1) from the rest of the pool.  ``name_limit`` keeps the
    4-of-a-name rule (R-DECK-4) over deck and spares together, a card's own
    ``max_copies`` allowing more; draft passes ``None`` (G-DRAFT-3).  The
    result is checked by core.decks (check_sealed / check_draft) by the callers
    in limited.sealed and limited.draft.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Iterable, Protocol, Sequence

from core.cards.decks import Decklist, SPARE_MAX
from core.errors import RuleError
from core.i18n import _
from limited.facts import COLOURS, PAIRS, CardFacts, SetFacts

__all__ = [
    "Picker", "PickerFactory", "Bot", "RandomPicker", "build_deck",
    "COMMIT_AFTER", "OFF_COLOUR_PENALTY", "AFFINITY", "CURVE_WEIGHT", "TARGET_CURVE",
]

COMMIT_AFTER = 5
OFF_COLOUR_PENALTY = 2.5
AFFINITY = 1.0
CURVE_WEIGHT = 0.5
#: Share of a deck by cost bucket (0-1, 2, 3, 4+): a low curve.  Read by the
#: bots and by the deck score.
TARGET_CURVE = (0.35, 0.25, 0.30, 0.10)

_POP = [bin(i).count("1") for i in range(32)]


class Picker(Protocol):
    """Chooses one card of ``offered`` for a seat whose pool so far is ``pool``."""

    def choose(self, offered: Sequence[str], pool: Sequence[str]) -> str: ...


#: How a draft makes a seat's picker: ``factory(facts, deck_size, rng)``.
PickerFactory = Callable[[SetFacts, int, random.Random], Picker]


class Bot:
    """The draft bot of the module docstring.  Stateful only as a cache of its
    pool: it reads new pool entries on each call, so a seat whose pool grows
    by other hands (a human's picks) is followed too."""

    __slots__ = ("facts", "deck_size", "weights", "pair", "curve", "_seen", "_targets", "commit_after")

    def __init__(self, facts: SetFacts, deck_size: int, rng: random.Random | None = None, *,
                 commit_after: int = COMMIT_AFTER):
        self.facts = facts
        self.deck_size = deck_size
        self.commit_after = commit_after
        self.weights = [0.0] * len(COLOURS)
        #: Committed colours (bit mask), 0 until committed.
        self.pair = 0
        self.curve = [0, 0, 0, 0]
        self._seen = 0
        self._targets = [t * deck_size for t in TARGET_CURVE]

    @property
    def committed(self) -> bool:
        return self.pair != 0

    def _absorb(self, pool: Sequence[str]) -> None:
        """Read the pool entries new since the last call; commit or widen the pair."""
        by = self.facts.by_number
        old_pair = self.pair
        for num in pool[self._seen:]:
            f = by[num]
            needs = f.needs
            if needs:
                w = f.rating + 1
                for i in range(len(COLOURS)):
                    if needs >> i & 1:
                        self.weights[i] += w
            if self.pair and needs and _POP[self.pair | needs] <= 2:
                self.pair |= needs  # a one-colour commitment takes its second colour
            if not (needs & ~self.pair) or not self.pair:
                self.curve[f.bucket] += 1
        self._seen = len(pool)
        if not self.pair and self._seen >= self.commit_after:
            order = sorted(range(len(COLOURS)), key=lambda i: (-self.weights[i], i))
            self.pair = sum(1 << i for i in order[:2] if self.weights[i] > 0)
        if self.pair != old_pair:  # the curve counts on-colour cards only
            self.curve = [0, 0, 0, 0]
            for num in pool:
                f = by[num]
                if not (f.needs & ~self.pair):
                    self.curve[f.bucket] += 1

    def choose(self, offered: Sequence[str], pool: Sequence[str]) -> str:
        self._absorb(pool)
        by = self.facts.by_number
        pair = self.pair
        weights = self.weights
        total_w = sum(weights) or 1.0
        curve, targets = self.curve, self._targets
        best, best_v = offered[0], -1e9
        for num in offered:
            f: CardFacts = by[num]
            v = float(f.rating)
            needs = f.needs
            if pair:
                if _POP[pair | needs] > 2:
                    v -= OFF_COLOUR_PENALTY
                else:
                    v += _curve_bonus(curve[f.bucket], targets[f.bucket])
            elif needs:
                v += AFFINITY * max(weights[i] for i in range(len(COLOURS)) if needs >> i & 1) / total_w
            if v > best_v:
                best, best_v = num, v
        return best


def _curve_bonus(have: int, target: float) -> float:
    if target <= 0:
        return -CURVE_WEIGHT
    x = (target - have) / target
    return CURVE_WEIGHT * (1.0 if x > 1 else -1.0 if x < -1 else x)


class RandomPicker:
    """Takes a card uniformly at random: the baseline the bots are measured against."""

    __slots__ = ("rng",)

    def __init__(self, facts: SetFacts | None = None, deck_size: int = 0, rng: random.Random | None = None):
        self.rng = rng if rng is not None else random.Random(0)

    def choose(self, offered: Sequence[str], pool: Sequence[str]) -> str:
        return offered[self.rng.randrange(len(offered))]


# -- the deck builder --------------------------------------------------------------------------


def _fits(f: CardFacts, pair: int) -> bool:
    return not (f.needs & ~pair)


def build_deck(pool: Iterable[str], facts: SetFacts, size: int, *, name_limit: int | None = None,
               spares: int = 0) -> Decklist:
    """A deck of exactly ``size`` cards from ``pool`` (numbers, copies repeated),
    plus up to ``spares`` spare cards (at most 12, G-SPARE-1) from what is
    left, as the module docstring describes.

    Raises RuleError when the pool cannot give ``size`` cards within the
    name limit (R-DECK-4)."""
    by = facts.by_number
    items = [by[n] for n in pool]
    if len(items) < size:
        raise RuleError(_("the pool holds {n} cards; the deck needs {size}", n=len(items), size=size),
                        "G-SEALED" if name_limit is not None else "G-DRAFT-4")

    def value(f: CardFacts, pair: int) -> float:
        return f.rating - (0 if _fits(f, pair) else OFF_COLOUR_PENALTY)

    best_pair, best_v = PAIRS[0], -1e9
    for pair in PAIRS:
        vals = sorted((value(f, pair) for f in items), reverse=True)
        v = sum(vals[:size])
        if v > best_v:
            best_pair, best_v = pair, v

    order = sorted(items, key=lambda f: (-value(f, best_pair), not f.is_character, f.total_cost, f.number))
    counts: Counter = Counter()  # per name key, deck and spares together
    deck: Counter = Counter()
    rest: list[CardFacts] = []

    def room(f: CardFacts) -> bool:
        if name_limit is None:
            return True
        limit = f.max_copies if f.max_copies is not None else name_limit
        return counts[f.name_key] < limit

    taken = 0
    for f in order:
        if taken < size and room(f):
            deck[f.number] += 1
            counts[f.name_key] += 1
            taken += 1
        else:
            rest.append(f)
    if taken < size:
        raise RuleError(_("the pool gives only {taken} cards within the limit of {limit} of a name; the deck needs "
                          "{size}",
                          taken=taken, limit=name_limit, size=size), "R-DECK-4")
    spare: Counter = Counter()
    want, got = min(spares, SPARE_MAX), 0
    for f in rest:
        if got >= want:
            break
        if room(f):
            spare[f.number] += 1
            counts[f.name_key] += 1
            got += 1
    return Decklist.from_counts(dict(sorted(deck.items())), dict(sorted(spare.items())))
