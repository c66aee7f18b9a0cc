"""The card data: attributes, card types, card numbers, and the frozen
dataclasses a set file becomes (:class:`Card`, :class:`CardSet`, its
:class:`BoosterDef` and :class:`StarterDef`).

Pure data and small helpers on card numbers and names; reading and checking
set files is :mod:`core.cards.sets`'s.  Pack sizes, rarity slots and starter
contents are *data* of each set, never constants here; the only numbers this
module fixes are the guideline's lower bounds: a booster holds at least 10
cards (G-DRAFT-4: a draft deck is packs x 10) and a starter at least 20
(G-SEALED: two starters make a 40-card deck).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import date

__all__ = [
    "ATTRIBUTES",
    "ATTRIBUTE_KANJI",
    "CARD_TYPES",
    "KANJI_ATTRIBUTE",
    "MIN_BOOSTER_SIZE",
    "MIN_STARTER_SIZE",
    "PREFIX_TYPE",
    "TYPE_PREFIX",
    "BoosterDef",
    "Card",
    "CardSet",
    "Errata",
    "RaritySlot",
    "StarterDef",
    "Upgrade",
    "base_number",
    "cost_pairs",
    "in_attribute_order",
    "is_overture_number",
    "name_key",
    "normalize_number",
    "number_suffix",
    "slot_demand",
]

#: The six attributes, in the order they are shown; the file keys are English,
#: the cards print the kanji.  ``star`` (無) is also the generic cost.
ATTRIBUTES = ("snow", "moon", "flower", "space", "sun", "star")
ATTRIBUTE_KANJI = {"snow": "雪", "moon": "月", "flower": "花", "space": "宙", "sun": "日", "star": "無"}
KANJI_ATTRIBUTE = {v: k for k, v in ATTRIBUTE_KANJI.items()}

#: Card type -> number prefix (CH-0063, EV-0012, IT-0003, AR-0001).
TYPE_PREFIX = {"character": "CH", "event": "EV", "item": "IT", "area": "AR"}
CARD_TYPES = tuple(TYPE_PREFIX)
PREFIX_TYPE = {v: k for k, v in TYPE_PREFIX.items()}

MIN_BOOSTER_SIZE = 10  # G-DRAFT-4
MIN_STARTER_SIZE = 20  # G-SEALED

_NUMBER_RE = re.compile(r"^(CH|EV|IT|AR)-(\d{4})([A-Z]?)$")
_LOOSE_NUMBER_RE = re.compile(r"^(CH|EV|IT|AR)[-_ ]?(\d{1,4})([A-Z]?)$")
#: Lycee Overture numbers: LO-0923, a parallel LO-0923-A (-K, -L, ...; letters after a hyphen),
#: as the publisher's card list writes them (docs/cards.md).
LO_NUMBER_PATTERN = r"LO-(\d{4})(?:-([A-Z]{1,3}))?"
_LO_NUMBER_RE = re.compile(rf"^{LO_NUMBER_PATTERN}$")
#: Every card number a lycee-event/1 file may hold (its decklists, deck checks and pools):
#: two letters, four digits and an optional parallel letter (CH-0063, CH-0063A), or an
#: Overture number with its parallel suffix (LO-0923, LO-0923-A).  The one definition:
#: the event file's model and docs/event-schema.json are made from it.
CARD_NUMBER_PATTERN = rf"^(?:[A-Z]{{2}}-\d{{4}}[A-Z]?|{LO_NUMBER_PATTERN})$"
_LO_LOOSE_RE = re.compile(r"^LO[-_ ]?(\d{1,4})(?:[-_ ]?([A-Z]{1,3}))?$")


def in_attribute_order(attributes: Collection[str]) -> tuple[str, ...]:
    """The attributes among ``attributes``, in :data:`ATTRIBUTES` order."""
    return tuple([a for a in ATTRIBUTES if a in attributes])  # a list first: quicker for six


def cost_pairs(cost: Mapping[str, int] | None) -> tuple[tuple[str, int], ...]:
    """A cost as :class:`Card` keeps it: ((attribute, n), ...) in :data:`ATTRIBUTES`
    order, attributes of no count left out (None: no cost)."""
    cost = cost or {}
    return tuple([(a, cost[a]) for a in ATTRIBUTES if cost.get(a)])


# -- numbers and names --------------------------------------------------------


def normalize_number(text: object) -> str | None:
    """The canonical form of a card number typed loosely, or None.

    ``"ch-63"``, ``"CH0063"``, ``"ＣＨ－００６３ａ"`` -> ``"CH-0063"`` / ``"CH-0063A"``.
    """
    if not isinstance(text, str):
        return None
    t = unicodedata.normalize("NFKC", text).strip().upper()
    t = t.replace("‐", "-").replace("−", "-").replace("ー", "-").replace("–", "-")
    lo = _LO_LOOSE_RE.match(t)
    if lo:
        digits, suffix = lo.groups()
        return f"LO-{int(digits):04d}" + (f"-{suffix}" if suffix else "")
    m = _LOOSE_NUMBER_RE.match(t)
    if not m:
        return None
    prefix, digits, suffix = m.groups()
    return f"{prefix}-{int(digits):04d}{suffix}"


def is_overture_number(number: str) -> bool:
    """True for a Lycee Overture number (LO-0923, LO-0923-A)."""
    return bool(_LO_NUMBER_RE.match(number))


def base_number(number: str) -> str:
    """The number without its parallel/foil letter: CH-0063A -> CH-0063 (G-CARDS-PARALLEL);
    Overture's LO-0923-A -> LO-0923 (a parallel counts as its base number)."""
    m = _NUMBER_RE.match(number)
    if m:
        return f"{m.group(1)}-{m.group(2)}"
    lo = _LO_NUMBER_RE.match(number)
    return f"LO-{lo.group(1)}" if lo else number


def number_suffix(number: str) -> str:
    """The parallel/foil letter(s) of a number, "" when none (CH-0063A -> A, LO-0923-K -> K)."""
    m = _NUMBER_RE.match(number)
    if m:
        return m.group(3)
    lo = _LO_NUMBER_RE.match(number)
    return (lo.group(2) or "") if lo else ""


def name_key(name: str) -> str:
    """The key under which card names count together for the 4-of-a-name rule:
    NFKC-normalised, all whitespace removed (so 柚原このみ and 柚原 このみ are one name)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", name))


# -- the data ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Errata:
    """Published errata for a card: from ``date`` on, ``text`` replaces the printed text (G-CARDS-TEXT)."""

    date: date
    text: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    number: str  # CH-0063, EV-0012A ...
    name: str
    type: str  # character | event | item | area
    attributes: tuple[str, ...]
    #: Cost per attribute as ((attribute, n), ...) in ATTRIBUTES order; use ``cost_map``.
    cost: tuple[tuple[str, int], ...] = ()
    ex: int = 0
    ap: int | None = None
    dp: int | None = None
    sp: int | None = None
    rarity: str = ""
    #: 0 (weak) .. 5 (strong): what the draft bots read.
    rating: int = 0
    text: str = ""
    #: "A card may say otherwise": the per-name limit this card allows, None = the format's.
    max_copies: int | None = None
    errata: tuple[Errata, ...] = ()
    #: Code of the set this printing comes from (filled by the loader).
    set_code: str = ""
    #: Overture: the product column of the official list ("オーガスト 1.0"); "" for 2008 sets.
    product: str = ""
    #: Overture: the brand code in parentheses at the end of the product column (SME, AUG ...).
    brand: str = ""
    #: Overture (the official list): DMG, the ability's name, the trait (特徴) and the
    #: basic abilities as printed; None / "" for 2008 sets.
    dmg: int | None = None
    ability_name: str = ""
    trait: str = ""
    basic: str = ""

    @property
    def base_number(self) -> str:
        return base_number(self.number)

    @property
    def suffix(self) -> str:
        return number_suffix(self.number)

    @property
    def is_parallel(self) -> bool:
        return bool(self.suffix)

    @property
    def is_character(self) -> bool:
        return self.type == "character"

    @property
    def cost_map(self) -> dict[str, int]:
        return dict(self.cost)

    @property
    def total_cost(self) -> int:
        return sum(n for _, n in self.cost)

    @property
    def attribute_kanji(self) -> str:
        return "".join(ATTRIBUTE_KANJI[a] for a in self.attributes)

    @property
    def name_key(self) -> str:
        return name_key(self.name)


@dataclass(frozen=True, slots=True)
class Upgrade:
    """With probability ``chance``, one card of the slot is drawn from ``rarity`` instead."""

    rarity: str
    chance: float


@dataclass(frozen=True, slots=True)
class RaritySlot:
    """``count`` cards of ``rarity``.  A slot's upgrades exclude each other (one
    uniform draw per pack: the first upgrade whose cumulative chance exceeds it),
    and an upgrade replaces exactly one of the slot's cards."""

    rarity: str
    count: int
    upgrades: tuple[Upgrade, ...] = ()


def slot_demand(slots: Iterable[RaritySlot]) -> dict[str, int]:
    """The most cards of each rarity one pack of these slots can need (every upgrade
    that could give that rarity taken)."""
    need: dict[str, int] = {}
    for s in slots:
        need[s.rarity] = need.get(s.rarity, 0) + s.count
        for u in s.upgrades:
            need[u.rarity] = need.get(u.rarity, 0) + 1
    return need


@dataclass(frozen=True, slots=True)
class BoosterDef:
    size: int
    slots: tuple[RaritySlot, ...]
    #: True: no card number twice in one pack.
    duplicate_protection: bool = True

    def demand(self) -> dict[str, int]:
        return slot_demand(self.slots)


@dataclass(frozen=True, slots=True)
class StarterDef:
    """A starter deck: a fixed list (``cards``: (number, count) pairs) or random ``slots``."""

    id: str
    name: str
    cards: tuple[tuple[str, int], ...] = ()
    slots: tuple[RaritySlot, ...] = ()
    duplicate_protection: bool = True

    @property
    def is_fixed(self) -> bool:
        return not self.slots

    @property
    def size(self) -> int:
        if self.slots:
            return sum(s.count for s in self.slots)
        return sum(n for _, n in self.cards)

    def demand(self) -> dict[str, int]:
        return slot_demand(self.slots)


@dataclass(frozen=True)
class CardSet:
    code: str
    name: str
    version: str
    release_date: date
    rarities: tuple[str, ...]  # lowest first
    cards: tuple[Card, ...]
    booster: BoosterDef | None = None
    starters: tuple[StarterDef, ...] = ()
    #: True for the generated, fictional sample sets.
    sample: bool = False
    #: True for a Lycee Overture product of the store's card list (core.cards.cardlist):
    #: its cards are legal from the product's on-sale date in the store's calendar;
    #: ``release_date`` is that date, or ``date.max`` while the product has none.
    overture: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {c.number: c for c in self.cards})

    def get(self, number: str) -> Card | None:
        return self._index.get(number)  # type: ignore[attr-defined]

    def card(self, number: str) -> Card:
        card = self.get(number)
        if card is None:
            raise KeyError(f"{number} is not in set {self.code}")
        return card

    def __contains__(self, number: object) -> bool:
        return number in self._index  # type: ignore[attr-defined]

    def by_rarity(self, rarity: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.rarity == rarity)

    def starter(self, starter_id: str) -> StarterDef:
        for s in self.starters:
            if s.id == starter_id:
                return s
        raise KeyError(f"set {self.code} has no starter {starter_id!r}")
