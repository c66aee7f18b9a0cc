"""Sealed: open the product, build a 40-card deck on the spot (G-SEALED).

- Products: ``2s`` (2 starters) or ``1s3b`` (1 starter + 3 boosters); which
  starter a player gets is drawn from the set's starters unless named.
- The deck is exactly 40 cards from the pool; the 4-of-a-name limit (R-DECK-4)
  stays unless the organizer lifts it (``name_limit=None``); in best of three
  up to 12 spare cards (G-SPARE-1) come from the rest of the pool.  The rules
  are core.cards.decks.check_sealed's; this module opens pools and builds decks.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from core import labels
from core.cards.decks import NAME_LIMIT, SEALED_SIZE, Decklist, check_sealed
from core.cards.model import CardSet
from core.errors import RuleError
from core.i18n import _
from limited.bots import build_deck
from limited.checks import require_legal
from limited.facts import catalog_for, facts_for
from limited.packs import Pack, check_booster, open_booster, open_starter

__all__ = ["PRODUCTS", "SealedPool", "open_sealed", "build_sealed_deck", "check_sealed_deck"]

#: product code -> (starters, boosters)  (G-SEALED)
PRODUCTS: dict[str, tuple[int, int]] = {"2s": (2, 0), "1s3b": (1, 3)}


@dataclass(frozen=True)
class SealedPool:
    set_code: str
    product: str
    packs: tuple[Pack, ...]

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(n for p in self.packs for n in p.cards)

    def counts(self) -> Counter:
        return Counter(self.cards)

    def __len__(self) -> int:
        return sum(len(p) for p in self.packs)


def check_product(product: str) -> None:
    """A sealed product this desk knows (G-SEALED)."""
    if product not in PRODUCTS:
        raise RuleError(
            _("sealed product {product!r}: use 2s (2 starters) or 1s3b (1 starter + 3 boosters)", product=product),
            "G-SEALED",
        )


def _check_starters_named(product: str, starters: Sequence[str], n_st: int) -> None:
    """As many starters named as the product opens (G-SEALED)."""
    if len(starters) != n_st:
        raise RuleError(
            _(
                "product {product} opens {n} starter(s), {named} named",
                product=labels.product_label(product),
                n=n_st,
                named=len(starters),
            ),
            "G-SEALED",
        )


def _starter_names(starters: Sequence[str] | None, n_st: int) -> Sequence[str | None]:
    """The starter to open for each of the product's ``n_st``: those named, else None (drawn) for each."""
    return starters if starters is not None else [None] * n_st


def open_sealed(cs: CardSet, product: str, rng: random.Random, *, starters: Sequence[str] | None = None) -> SealedPool:
    """Open a sealed product of ``cs`` (G-SEALED): ``2s`` or ``1s3b``.
    ``starters`` names the starter(s) instead of drawing them."""
    check_product(product)
    n_st, n_bo = PRODUCTS[product]
    if starters is not None:
        _check_starters_named(product, starters, n_st)
    if n_bo:
        check_booster(cs, "G-SEALED")
    packs = [open_starter(cs, rng, st) for st in _starter_names(starters, n_st)]
    packs += [Pack("booster", open_booster(cs, rng)) for _ in range(n_bo)]
    return SealedPool(cs.code, product, tuple(packs))


def check_sealed_deck(
    deck: Decklist,
    pool: SealedPool | Sequence[str],
    cs: CardSet,
    *,
    name_limit: int | None = NAME_LIMIT,
    match: str = "bo3",
) -> list:
    """core.cards.decks.check_sealed against this set and pool (every problem, with its rule)."""
    cards = pool.cards if isinstance(pool, SealedPool) else tuple(pool)
    return check_sealed(deck, catalog_for(cs), pool=cards, name_limit=name_limit, match=match)


def build_sealed_deck(
    pool: SealedPool | Sequence[str], cs: CardSet, *, name_limit: int | None = NAME_LIMIT, match: str = "bo3"
) -> Decklist:
    """The bot builder's 40-card deck from a sealed pool (G-SEALED), spares up to
    12 in best of three (G-SPARE-1), R-DECK-4 kept unless ``name_limit=None``;
    checked by core.cards.decks.check_sealed (a problem raises RuleError)."""
    cards = pool.cards if isinstance(pool, SealedPool) else tuple(pool)
    deck = build_deck(cards, facts_for(cs), SEALED_SIZE, name_limit=name_limit, spares=12 if match == "bo3" else 0)
    require_legal(check_sealed_deck(deck, cards, cs, name_limit=name_limit, match=match))
    return deck
