"""The deck builder the bots, sealed and draft use (G-SEALED, G-DRAFT-3, G-DRAFT-4, G-SPARE-1).

Picks the pair of colours whose best ``size`` cards are worth most
(off-colour cards count ``DEAD_CARD`` less: a card the deck cannot cast is
dead, so the pair that casts most cards wins over a higher-rated pair
that would need off-colour cards), then takes on-colour
cards by rating (characters before others, then cheaper, on ties), fills up
with the best off-colour cards if short, and in best of three adds up to 12
spares (G-SPARE-1) from the rest of the pool.  ``name_limit`` keeps the
4-of-a-name rule (R-DECK-4) over deck and spares together, a card's own
``max_copies`` allowing more; draft passes ``None`` (G-DRAFT-3).  The
result is checked by core.cards.decks (check_sealed / check_draft) by the callers
in limited.sealed and limited.draft.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from core.cards.decks import SPARE_MAX, Decklist
from core.errors import RuleError
from core.i18n import _
from limited.facts import PAIRS, CardFacts, SetFacts

__all__ = ["DEAD_CARD", "build_deck"]

#: What the deck builder takes off a card its pair cannot cast: more than any rating, so a
#: castable card always goes in first.
DEAD_CARD = 6.0


def _fits(f: CardFacts, pair: int) -> bool:
    return not (f.needs & ~pair)


def _value(f: CardFacts, pair: int) -> float:
    """A card's worth in a deck of colour pair ``pair``: dead cards sink."""
    return f.rating - (0 if _fits(f, pair) else DEAD_CARD)


def _best_pair(items: list[CardFacts], size: int) -> int:
    """The colour pair whose best ``size`` cards rate highest.

    A castable card (rating 0-5) always outranks a dead one (at most 5 - DEAD_CARD < 0), so a pair's
    best ``size`` cards are its castable ones by rating, then the best dead ones: one sort for all pairs."""
    by_rating = sorted(items, key=lambda f: -f.rating)
    best_pair, best_v = PAIRS[0], -1e9
    for pair in PAIRS:
        v = _pair_value(by_rating, pair, size)
        if v > best_v:
            best_pair, best_v = pair, v
    return best_pair


def _pair_value(by_rating: list[CardFacts], pair: int, size: int) -> float:
    """The ratings of ``pair``'s best ``size`` cards (``by_rating``: the best first): its castable
    ones, then as many dead ones as it lacks, each DEAD_CARD less."""
    on = [f.rating for f in by_rating if not f.needs & ~pair]
    v = float(sum(on[:size]))
    if len(on) < size:
        v += _dead_value(by_rating, pair, size - len(on))
    return v


def _dead_value(by_rating: list[CardFacts], pair: int, missing: int) -> float:
    """What the best ``missing`` cards ``pair`` cannot cast add to a deck short of castable ones:
    their ratings, each DEAD_CARD less."""
    off = [f.rating for f in by_rating if f.needs & ~pair]
    return sum(off[:missing]) - DEAD_CARD * missing


class _NameRoom:
    """The copies taken of each name (deck and spares together) within the
    name limit (R-DECK-4; a card's own most overrides it)."""

    def __init__(self, name_limit: int | None) -> None:
        self.name_limit = name_limit
        self.counts: Counter = Counter()

    def room(self, f: CardFacts) -> bool:
        if self.name_limit is None:
            return True
        limit = f.max_copies if f.max_copies is not None else self.name_limit
        return self.counts[f.name_key] < limit

    def up_to(self, cards: list[CardFacts], want: int) -> tuple[Counter, list[CardFacts]]:
        """Up to ``want`` of ``cards`` in order, each with room; the rest left over, in order."""
        got: Counter = Counter()
        rest: list[CardFacts] = []
        taken = 0
        for f in cards:
            if taken < want and self.room(f):
                got[f.number] += 1
                self.counts[f.name_key] += 1
                taken += 1
            else:
                rest.append(f)
        return got, rest


def _check_pool_size(n: int, size: int, name_limit: int | None) -> None:
    """A pool of ``n`` cards can give a deck of ``size`` (G-SEALED with a name limit, else G-DRAFT-4)."""
    if n < size:
        raise RuleError(
            _("the pool holds {n} cards; the deck needs {size}", n=n, size=size),
            "G-SEALED" if name_limit is not None else "G-DRAFT-4",
        )


def _check_deck_filled(taken: int, size: int, name_limit: int | None) -> None:
    """The name limit left ``taken`` cards for a deck of ``size`` (R-DECK-4)."""
    if taken < size:
        raise RuleError(
            _(
                "the pool gives only {taken} cards within the limit of {limit} of a name; the deck needs {size}",
                taken=taken,
                limit=name_limit,
                size=size,
            ),
            "R-DECK-4",
        )


def build_deck(
    pool: Iterable[str], facts: SetFacts, size: int, *, name_limit: int | None = None, spares: int = 0
) -> Decklist:
    """A deck of exactly ``size`` cards from ``pool`` (numbers, copies repeated),
    plus up to ``spares`` spare cards (at most 12, G-SPARE-1) from what is
    left, as the module docstring describes.

    Raises RuleError when the pool cannot give ``size`` cards within the
    name limit (R-DECK-4)."""
    by = facts.by_number
    items = [by[n] for n in pool]
    _check_pool_size(len(items), size, name_limit)
    best_pair = _best_pair(items, size)
    order = sorted(items, key=lambda f: (-_value(f, best_pair), not f.is_character, f.total_cost, f.number))
    take = _NameRoom(name_limit)  # per name key, deck and spares together
    deck, rest = take.up_to(order, size)
    _check_deck_filled(sum(deck.values()), size, name_limit)
    spare, _rest = take.up_to(rest, min(spares, SPARE_MAX))
    return Decklist.from_counts(dict(sorted(deck.items())), dict(sorted(spare.items())))
