"""What the limited engine reads of a card, precomputed once per set.

Bots, the deck builder and the deck score look at a card's rating, the
attributes its cost asks for, its cost (for the curve), its name (for the
R-DECK-4 name limit, G-SEALED) and whether it is a character.  Building this
table once per :class:`~core.cards.model.CardSet` keeps a whole draft (hundreds of
picks, G-DRAFT-1) to plain integer work.

Attributes: 無 (``star``) is colourless: a card whose cost asks only for 無
fits any deck.  The five colours are 雪 月 花 宙 日; a card *needs* the colours
its cost names (``needs``, a bit mask), and a deck is "on colour" for a pair of
colours when every card's needs fall inside the pair.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable

from core.cards.legality import Catalog
from core.cards.model import ATTRIBUTE_KANJI, Card, CardSet

__all__ = [
    "COLOURS",
    "COLOUR_BIT",
    "PAIRS",
    "CURVE_BUCKETS",
    "CardFacts",
    "SetFacts",
    "facts_for",
    "catalog_for",
    "PerSet",
    "bucket_of",
    "colour_names",
    "mask_of",
]

#: The five colours a deck commits to; 無 (star) is colourless.
COLOURS = ("snow", "moon", "flower", "space", "sun")
COLOUR_BIT = {c: 1 << i for i, c in enumerate(COLOURS)}
#: Every pair of colours, as bit masks (a one-colour deck is inside several pairs).
PAIRS = tuple(COLOUR_BIT[a] | COLOUR_BIT[b] for a, b in combinations(COLOURS, 2))
#: Curve buckets by total cost: 0-1, 2, 3, 4 and more.
CURVE_BUCKETS = ("0-1", "2", "3", "4+")


def bucket_of(total_cost: int) -> int:
    """The curve bucket of a total cost (index into CURVE_BUCKETS)."""
    return 0 if total_cost <= 1 else min(total_cost - 1, 3)


def mask_of(colours: Iterable[str]) -> int:
    m = 0
    for c in colours:
        m |= COLOUR_BIT.get(c, 0)
    return m


def colour_names(mask: int, kanji: bool = False) -> tuple[str, ...]:
    """The colours of a mask, in COLOURS order (kanji when asked)."""
    out = tuple(c for c in COLOURS if mask & COLOUR_BIT[c])
    return tuple(ATTRIBUTE_KANJI[c] for c in out) if kanji else out


@dataclass(frozen=True, slots=True)
class CardFacts:
    number: str
    name: str
    name_key: str
    type: str
    rating: int
    #: Colours the cost asks for (bit mask over COLOURS); 0 = fits any deck.
    needs: int
    #: Colours among the card's attributes (bit mask); 0 for a 無 card.
    colours: int
    total_cost: int
    bucket: int
    is_character: bool
    #: The card's own per-name limit (R-DECK-4 "a card may say otherwise"), None = the format's.
    max_copies: int | None
    #: Its rarity (the booster slot it is drawn for).
    rarity: str = ""


def _card_facts(c: Card) -> CardFacts:
    """What the limited engine reads of card ``c`` (the module docstring)."""
    return CardFacts(
        number=c.number,
        name=c.name,
        name_key=c.name_key,
        type=c.type,
        rating=c.rating,
        needs=mask_of(a for a, n in c.cost if n and a != "star"),
        colours=mask_of(c.attributes),
        total_cost=c.total_cost,
        bucket=bucket_of(c.total_cost),
        is_character=c.is_character,
        max_copies=c.max_copies,
        rarity=c.rarity,
    )


class SetFacts:
    """CardFacts for every card of one set, by number."""

    def __init__(self, cs: CardSet):
        self.code = cs.code
        self.by_number: dict[str, CardFacts] = {c.number: _card_facts(c) for c in cs.cards}

    def __getitem__(self, number: str) -> CardFacts:
        return self.by_number[number]

    def __contains__(self, number: object) -> bool:
        return number in self.by_number


class PerSet:
    """A cache of one value per CardSet object, kept on the set itself (a
    private attribute outside the dataclass fields, so equality and hashing
    are untouched) and gone with it.  Sets are told apart by identity: a set
    made with ``dataclasses.replace`` starts with an empty cache."""

    _ATTR = "_limited_cache"

    def __init__(self, make):
        self._make = make

    def __call__(self, cs: CardSet):
        cache = cs.__dict__.get(self._ATTR)
        if cache is None:
            cache = {}
            object.__setattr__(cs, self._ATTR, cache)
        value = cache.get(self)
        if value is None:
            value = cache[self] = self._make(cs)
        return value


_facts = PerSet(SetFacts)
_catalogs = PerSet(lambda cs: Catalog([cs]))


def facts_for(cs: CardSet) -> SetFacts:
    """The (cached) facts table of a set."""
    return _facts(cs)


def catalog_for(cs: CardSet) -> Catalog:
    """A (cached) catalog of this one set, for the deck checks of core.cards.decks."""
    return _catalogs(cs)
