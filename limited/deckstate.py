"""A deck being built from a sealed or drafted pool: the pool, the deck and
the spare cards, the filters and the order of the pool, and every move a
builder makes.  The deck builder screen (tui.screens.deckbuilder) only shows
this state and calls these methods; the verdict on the deck is
core.cards.decks.check_deck's (G-SEALED 40 cards and R-DECK-4, G-DRAFT-3/4 packs x 10
with any number of a name, cards only from the pool, G-SPARE-1 spares).

A move that cannot be made raises :class:`core.errors.LyceeError` with the
reason; a move that changes nothing (taking a card that is not there)
returns False.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from core.cards.decks import DRAFT_PACKS, Decklist, DeckProblem, check_deck, deck_size
from core.cards.model import ATTRIBUTES, CARD_TYPES, Card, CardSet
from core.cards.search import search_cards
from core.errors import LyceeError
from core.i18n import _
from core.labels import kind_label

from .draft import build_draft_deck
from .facts import catalog_for
from .sealed import build_sealed_deck

#: The orders of the pool, in the order the sort key cycles through them.
SORTS = ("cost", "rating", "attribute", "type", "rarity", "number")
#: The pool's filters (each None for "all"); "pair": two attributes, their cards and the colourless ones.
FILTERS = ("type", "attr", "pair", "cost", "rarity")
#: The colourless attribute (無): a card of it is cast with any attribute's cards.
COLOURLESS = "star"
#: The library document's schema (limited.library).
LIBRARY_SCHEMA = "lycee-library-deck/1"
SECTIONS = ("deck", "spare")


def _in_order(order, held: set) -> list:
    """The values of ``order`` that the pool holds, in that order."""
    return [v for v in order if v in held]


def _held(counts: Counter) -> dict[str, int]:
    """The numbers held at least once, by number: a deck's or spares' counts as stored and checked."""
    return dict(sorted((k, v) for k, v in counts.items() if v > 0))


def _type_is(state: DeckState, c: Card, value: Any) -> bool:
    return c.type == value


def _has_attr(state: DeckState, c: Card, value: Any) -> bool:
    return value in c.attributes


def _in_pair(state: DeckState, c: Card, value: Any) -> bool:
    return state.in_pair(c, value)


def _costs(state: DeckState, c: Card, value: Any) -> bool:
    return c.total_cost == value


def _rarity_is(state: DeckState, c: Card, value: Any) -> bool:
    return c.rarity == value


#: Each filter's test of a card against the filter's value (a filter set to None passes every card).
_FILTER_TESTS = {"type": _type_is, "attr": _has_attr, "pair": _in_pair, "cost": _costs, "rarity": _rarity_is}


@dataclass
class DeckState:
    """Pool, deck and spares of one deck being built (see the module docstring)."""

    cs: CardSet
    kind: str  # sealed | draft
    pool: Counter
    packs: int | None = None
    deck: Counter = field(default_factory=Counter)
    spare: Counter = field(default_factory=Counter)
    name: str = ""
    seed: int | None = None
    product: str | None = None
    match: str = "bo3"
    filters: dict[str, Any] = field(default_factory=lambda: dict.fromkeys(FILTERS))
    sort_key: str = "cost"
    #: The pool shows only the cards this finds by number or name (core.cards.search; "" all).
    query: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("sealed", "draft"):
            raise LyceeError(
                _("the deck builder builds sealed and draft decks, not {kind}", kind=kind_label(self.kind))
            )
        self.pool = Counter(self.pool)
        self.deck = Counter(self.deck)
        self.spare = Counter(self.spare)
        self._check_pool_cards()
        if not self.name:
            self.name = self._default_name()

    def _check_pool_cards(self) -> None:
        """Refuse a pool card that is not of the set."""
        for num in self.pool:
            if num not in self.cs:
                raise LyceeError(_("{number} is not a card of set {set}", number=num, set=self.cs.code))

    def _default_name(self) -> str:
        """The set, the kind and the seed when there is one (``alpha sealed 42``)."""
        seed = f" {self.seed}" if self.seed is not None else ""
        return f"{self.cs.code} {self.kind}{seed}"

    # -- reading ---------------------------------------------------------------------------------
    @property
    def want(self) -> int:
        """The deck size the format asks for (G-SEALED 40, G-DRAFT-4 packs x 10)."""
        return deck_size(self.kind, self.packs)

    def card(self, number: str) -> Card:
        return self.cs.card(number)

    def left(self, number: str) -> int:
        """Copies of ``number`` still in the pool (neither in the deck nor spare)."""
        return self.pool[number] - self.deck[number] - self.spare[number]

    def available(self) -> int:
        return sum(max(0, self.left(k)) for k in self.pool)

    def decklist(self) -> Decklist:
        return Decklist.from_counts(_held(self.deck), _held(self.spare))

    def check(self) -> list[DeckProblem]:
        """core.cards.decks' verdict for this format (G-SEALED / G-DRAFT-*, G-SPARE-1)."""
        return check_deck(
            self.decklist(), catalog_for(self.cs), self.kind, match=self.match, packs=self.packs, pool=dict(self.pool)
        )

    def choices(self, what: str) -> list:
        """The values filter ``what`` cycles through (None first: all)."""
        if what == "pair":
            return [None, *self.pairs()]
        cards = [self.card(n) for n in self.pool]
        if what == "cost":
            return [None, *sorted({c.total_cost for c in cards})]
        order, held = self._held_values(what, cards)
        return [None, *_in_order(order, held)]

    def _held_values(self, what: str, cards: list[Card]) -> tuple[Any, set]:
        """The known order of filter ``what``'s values and the values the pool's ``cards`` hold."""
        if what == "type":
            return CARD_TYPES, {c.type for c in cards}
        if what == "attr":
            return ATTRIBUTES, {a for c in cards for a in c.attributes}
        return self.cs.rarities, {c.rarity for c in cards}

    def pairs(self) -> list[tuple[str, str]]:
        """The pool's two-attribute pairs, the strongest first: by the ratings
        of the pool's coloured cards castable in the pair (colourless cards
        go in every pair alike)."""
        colours = self._colours()
        pairs = [(a, b) for i, a in enumerate(colours) for b in colours[i + 1 :]]
        return sorted(pairs, key=lambda p: (-self._strength(p), ATTRIBUTES.index(p[0]), ATTRIBUTES.index(p[1])))

    def _colours(self) -> list[str]:
        """The attributes other than 無 that the pool's cards hold, in ATTRIBUTES order."""
        held = {a for n in self.pool for a in self.card(n).attributes}
        return [a for a in ATTRIBUTES if a != COLOURLESS and a in held]

    def _strength(self, pair: tuple[str, str]) -> int:
        """The ratings, copy by copy, of the pool's coloured cards castable in ``pair``."""
        cards = (self.card(n) for n in self.pool)
        return sum(
            c.rating * self.pool[c.number] for c in cards if self.in_pair(c, pair) and set(c.attributes) != {COLOURLESS}
        )

    @staticmethod
    def in_pair(c: Card, pair: tuple[str, str]) -> bool:
        """A card of the pair's attributes or colourless (無)."""
        return set(c.attributes) <= {*pair, COLOURLESS}

    def passes(self, c: Card) -> bool:
        """Whether card ``c`` passes every filter that is set."""
        return all(value is None or _FILTER_TESTS[what](self, c, value) for what, value in self.filters.items())

    def order(self, c: Card) -> tuple:
        rar = self.cs.rarities.index(c.rarity) if c.rarity in self.cs.rarities else 0
        attr = tuple(ATTRIBUTES.index(a) for a in c.attributes)
        return {
            "cost": (c.total_cost, attr, c.number),
            "rating": (-c.rating, c.total_cost, c.number),
            "attribute": (attr, c.total_cost, c.number),
            "type": (CARD_TYPES.index(c.type) if c.type in CARD_TYPES else 9, c.total_cost, c.number),
            "rarity": (-rar, c.total_cost, c.number),
            "number": (c.number,),
        }[self.sort_key]

    def pool_rows(self) -> list[str]:
        """The pool's card numbers shown: filtered, searched (:attr:`query`), in the chosen order."""
        shown = [n for n in self.pool if self.passes(self.card(n))]
        if self.query:
            shown = self._searched(shown, self.query)
        return sorted(shown, key=lambda n: self.order(self.card(n)))

    def _searched(self, shown: list[str], query: str) -> list[str]:
        """Those of ``shown`` the search finds, in their order."""
        found = {c.number for c in search_cards((self.card(n) for n in shown), query)}
        return [n for n in shown if n in found]

    def search(self, text: str | None) -> int:
        """Show only the pool's cards found by number or name (kana folded;
        core.cards.search); empty or None shows them all.  Returns how many
        cards of the pool it finds (whatever the other filters)."""
        self.query = (text or "").strip()
        if not self.query:
            return len(self.pool)
        return len(search_cards((self.card(n) for n in self.pool), self.query))

    def found_where(self) -> Counter:
        """Where the pool's cards the search finds are, by kinds of card: ``listed`` (a copy left, in
        the pool list), ``filtered`` (a copy left, hidden by the filters), ``deck`` or ``spare`` (no
        copy left: all in the deck, or in the spares).  Empty without a search."""
        where: Counter = Counter()
        if not self.query:
            return where
        for c in search_cards((self.card(n) for n in self.pool), self.query):
            if self.left(c.number) > 0:
                where["listed" if self.passes(c) else "filtered"] += 1
            else:
                where["deck" if self.deck[c.number] else "spare"] += 1
        return where

    def rows(self, section: str) -> list[str]:
        """The deck's or the spares' card numbers, by cost."""
        counts = self.deck if section == "deck" else self.spare
        return sorted((n for n, v in counts.items() if v > 0), key=lambda n: (self.card(n).total_cost, n))

    # -- moving cards ---------------------------------------------------------------------------------
    def add(self, num: str, to: str = "deck") -> None:
        """One copy from the pool into the deck or the spares."""
        if self.left(num) <= 0:
            raise LyceeError(_("no {number} left in the pool", number=num))
        (self.deck if to == "deck" else self.spare)[num] += 1

    def take(self, num: str, frm: str = "deck") -> bool:
        """One copy back to the pool; False when there is none to take."""
        counts = self.deck if frm == "deck" else self.spare
        if counts[num] <= 0:
            return False
        counts[num] -= 1
        if counts[num] == 0:
            del counts[num]
        return True

    def to_other(self, num: str, frm: str) -> bool:
        """One copy from the deck to the spares or back (G-SPARE-1)."""
        if not self.take(num, frm):
            return False
        (self.spare if frm == "deck" else self.deck)[num] += 1
        return True

    def cycle_filter(self, what: str) -> None:
        choices = self.choices(what)
        cur = self.filters[what]
        i = choices.index(cur) if cur in choices else 0
        self.filters[what] = choices[(i + 1) % len(choices)]

    def clear_filters(self) -> None:
        self.filters = dict.fromkeys(FILTERS)
        self.query = ""

    def next_sort(self) -> None:
        self.sort_key = SORTS[(SORTS.index(self.sort_key) + 1) % len(SORTS)]

    def toggle_match(self) -> None:
        self.match = "bo1" if self.match == "bo3" else "bo3"

    def suggest(self) -> Decklist:
        """Replace the deck with the bot builder's (limited.sealed / limited.draft)."""
        pool = list(self.pool.elements())
        if self.kind == "sealed":
            dl = build_sealed_deck(pool, self.cs, match=self.match)
        else:
            dl = build_draft_deck(pool, self.cs, self.packs or DRAFT_PACKS.start, match=self.match)
        self.deck = Counter(dl.counts("deck"))
        self.spare = Counter(dl.counts("spare"))
        return dl

    # -- the library's document -------------------------------------------------------------------------
    def can_build(self, doc: dict) -> bool:
        """Whether a saved deck (limited.library) is made of this pool's cards: of its set, and no card
        more often in its deck and spares than in the pool (G-SEALED, G-DRAFT-4: decks from the pool)."""
        if doc.get("set") != self.cs.code:
            return False
        try:
            used = Counter(doc.get("deck") or {}) + Counter(doc.get("spare") or {})
            return all(n <= self.pool[k] for k, n in used.items())
        except TypeError:  # a hand-edited library with counts that are not numbers
            return False

    def load_cards(self, doc: dict) -> None:
        """The deck and the spares of a saved deck (one :meth:`can_build` passes), in place of these."""
        self.deck = Counter(doc.get("deck") or {})
        self.spare = Counter(doc.get("spare") or {})

    def to_doc(self, saved: str) -> dict:
        """The library document (limited.library) of this deck, saved at ``saved``."""
        return {
            "schema": LIBRARY_SCHEMA,
            "name": self.name,
            "set": self.cs.code,
            "kind": self.kind,
            "packs": self.packs,
            "product": self.product,
            "seed": self.seed,
            "match": self.match,
            "pool": sorted(self.pool.elements()),
            "deck": _held(self.deck),
            "spare": _held(self.spare),
            "saved": saved,
        }

    @classmethod
    def from_doc(cls, doc: dict, cs: CardSet) -> DeckState:
        """The state of a deck saved in the library (``cs`` is its set)."""
        return cls(
            cs,
            doc["kind"],
            Counter(doc.get("pool", [])),
            packs=doc.get("packs"),
            deck=Counter(doc.get("deck")),
            spare=Counter(doc.get("spare")),
            name=doc.get("name", ""),
            seed=doc.get("seed"),
            product=doc.get("product"),
            match=doc.get("match", "bo3"),
        )


__all__ = ["COLOURLESS", "FILTERS", "LIBRARY_SCHEMA", "SORTS", "DeckState"]
