"""Lycee Overture's deck rules (``check_deck(..., rules="overture")``):
O-DECK-60 (exactly 60 cards), O-DECK-4 (at most 4 of a card number, a
parallel counting as its base number), O-CARDS-KNOWN (every number in the
card list), O-CARDS-ONSALE (every card's product on sale on the event date,
a ``legal`` callable decides), O-DECK-RESTRICT (every 構築制限 line of every
card read by :mod:`core.cards.restrictions` and checked against the whole
deck; a line the desk cannot read is a problem with code ``not_checked``
whose ``blocking`` is False), and :func:`deck_class`: シングル or ミックス."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Protocol

from core.cards.deckmodel import (
    NOT_CHECKED,
    OVERTURE_COPIES,
    OVERTURE_SIZE,
    RULE_O_COPIES,
    RULE_O_KNOWN,
    RULE_O_ONSALE,
    RULE_O_RESTRICT,
    RULE_O_SIZE,
    Decklist,
    DeckProblem,
    spare_problems,
)
from core.cards.legality import Catalog
from core.cards.model import Card
from core.cards.restrictions import DeckCard, brands_of, number_with_parallels, restrictions_of
from core.i18n import _, join_list

__all__ = ["Legal", "OvertureCards", "check_overture", "deck_class", "deck_class_words", "legal_on"]


class OvertureCards(Protocol):
    """What the Overture check needs of a card list: a card by its number."""

    def get(self, number: str) -> Card | None: ...


#: number -> (legal, reason): whether a card may be played on the event's date (O-CARDS-ONSALE);
#: legal None when it cannot be told (a product with no on-sale date): listed as not checked.
Legal = Callable[[str], tuple[bool | None, str]]


def _deck_cards(deck: Decklist, cards: OvertureCards) -> list:

    total = deck.counts("deck") + deck.counts("spare")
    return [DeckCard(number, n, cards.get(number)) for number, n in sorted(total.items()) if n]


def deck_class(deck: Decklist, cards: OvertureCards) -> tuple[str, tuple[str, ...]]:
    """シングル or ミックス: ``("single", brands)`` when every card shares a brand
    (a card of several brands counts for each), ``("mix", ())`` when not, and
    ``("unknown", ())`` when a card is not in the list or has no brand."""

    brands = [_brands(d) for d in _deck_cards(deck, cards)]
    if not brands or not all(brands):
        return "unknown", ()
    shared = frozenset.intersection(*brands)
    return ("single", tuple(sorted(shared))) if shared else ("mix", ())


def _brands(d: DeckCard) -> frozenset[str]:
    """The brands a held card counts for (none when the card list does not hold it)."""
    return brands_of(d.card) if d.card is not None else frozenset()


def deck_class_words(kind: str, brands: tuple[str, ...]) -> str:
    """:func:`deck_class`'s answer in words (O-DECK-CLASS): シングル with its
    brand(s), ミックス, or not known."""
    if kind == "single":
        return _("single deck ({brands})", brands=join_list(brands))
    if kind == "mix":
        return _("mixed deck")
    return _("single or mixed: not known (a card without a brand)")


def check_overture(
    deck: Decklist,
    cards: OvertureCards,
    *,
    legal: Legal | None = None,
    match: str = "bo3",
    text: Callable[[str], str | None] | None = None,
) -> list[DeckProblem]:
    """Every problem of a Lycee Overture constructed deck: O-CARDS-KNOWN,
    O-DECK-60, O-DECK-4 (per base number, deck and spares together),
    O-CARDS-ONSALE (``legal`` decides; without it the dates are listed as not
    checked), O-DECK-RESTRICT (every card's 構築制限 against the deck and spares
    together; ``text`` gives the text that applies on the event's date, an
    erratum in force (G-CARDS-TEXT), else the printed text is read), G-SPARE-1.
    A problem with code ``not_checked`` is listed but not blocking
    (:attr:`DeckProblem.blocking`)."""
    held = _deck_cards(deck, cards)
    section = _sections(deck, held)
    known = [d for d in held if d.card is not None]
    problems = _unknown(held, section)
    problems += _size(deck)
    problems += _copies(held)
    problems += _on_sale(known, section, legal)
    problems += _restrictions(known, text)
    problems += spare_problems(deck, match)
    return problems


def _sections(deck: Decklist, held: list) -> dict[str, str]:
    """Each held number's section: "deck" when the deck holds it, else "spare"."""
    return {n: ("deck" if n in deck.counts("deck") else "spare") for n in (d.number for d in held)}


def _unknown(held: list, section: dict[str, str]) -> list[DeckProblem]:
    """O-CARDS-KNOWN: a problem for each held number the card list does not hold."""
    return [
        DeckProblem(
            RULE_O_KNOWN,
            "unknown",
            _("{number}: not in the card list", number=d.number),
            d.number,
            section[d.number],
            (d.number,),
        )
        for d in held
        if d.card is None
    ]


def _size(deck: Decklist) -> list[DeckProblem]:
    if deck.deck_size == OVERTURE_SIZE:
        return []
    what = _("the deck has {have} cards; an Overture deck is exactly {want}", have=deck.deck_size, want=OVERTURE_SIZE)
    return [DeckProblem(RULE_O_SIZE, "size", what, None, "deck")]


def _copies(held: list) -> list[DeckProblem]:
    """O-DECK-4: at most 4 of a base number, deck and spares together."""
    by_base: dict[str, list] = {}
    for d in held:
        by_base.setdefault(d.base, []).append(d)
    return [_too_many(base, group) for base, group in sorted(by_base.items()) if _count(group) > OVERTURE_COPIES]


def _count(group: list) -> int:
    return sum(d.count for d in group)


def _too_many(base: str, group: list) -> DeckProblem:
    """O-DECK-4's problem for the cards of one base number."""
    numbers = tuple(d.number for d in group)
    what = _(
        "{n} cards of number {what} in deck and spares; at most {max}, a parallel counting as its base number",
        n=_count(group),
        what=number_with_parallels(base, numbers),
        max=OVERTURE_COPIES,
    )
    return DeckProblem(RULE_O_COPIES, "copies", what, numbers[0], None, numbers)


def _on_sale(known: list, section: dict[str, str], legal: Legal | None) -> list[DeckProblem]:
    """O-CARDS-ONSALE: each known card's verdict; without ``legal``, one line saying the dates are not checked."""
    if legal is None:
        return _dates_unchecked(known)
    out = []
    unchecked: dict[str, list[str]] = {}  # the cards not checked, by reason: a product without a date, once
    for d in known:
        ok, reason = legal(d.number)
        if ok is None:
            unchecked.setdefault(reason, []).append(d.number)
        elif not ok:
            out.append(_on_sale_problem(d.number, "illegal", _illegal_words(d.number, reason), section))
    return out + [_unchecked_problem(reason, numbers, section) for reason, numbers in unchecked.items()]


def _unchecked_problem(reason: str, numbers: list[str], section: dict[str, str]) -> DeckProblem:
    """The cards not checked for one ``reason`` (a product without an on-sale date), said once."""
    if len(numbers) == 1:
        return _on_sale_problem(
            numbers[0], NOT_CHECKED, _("not checked: {number}: {reason}", number=numbers[0], reason=reason), section
        )
    what = _(
        "not checked: {n} card numbers ({numbers}): {reason}", n=len(numbers), numbers=join_list(numbers), reason=reason
    )
    return DeckProblem(RULE_O_ONSALE, NOT_CHECKED, what, numbers[0], section[numbers[0]], tuple(numbers))


def _undated_words(product: str) -> str:
    """Why a card of ``product`` is not checked: the product has no on-sale date, and how to set it."""
    return _(
        'its product {product_name} has no on-sale date: set it with lycee cards on-sale "{product_name}" YYYY-MM-DD',
        product_name=product,
    )


def _dates_unchecked(known: list) -> list[DeckProblem]:
    """Without a calendar: one line saying the dates of the known cards are not checked (none without cards)."""
    if not known:
        return []
    return [DeckProblem(RULE_O_ONSALE, NOT_CHECKED, _("not checked: on-sale dates (no store calendar given)"))]


def _on_sale_problem(number: str, code: str, what: str, section: dict[str, str]) -> DeckProblem:
    return DeckProblem(RULE_O_ONSALE, code, what, number, section[number], (number,))


def _illegal_words(number: str, reason: str) -> str:
    """A card not legal yet: the reason, naming the card."""
    return reason if reason.startswith(number) else _("{number}: not legal: {reason}", number=number, reason=reason)


def _restrictions(known: list, text: Callable[[str], str | None] | None = None) -> list[DeckProblem]:
    """O-DECK-RESTRICT: every card's 構築制限 (in the text that applies, by ``text``) against the whole deck,
    once a line (a parallel prints its base card's restriction again)."""
    out: list[DeckProblem] = []
    seen: set[tuple[str, str]] = set()
    for d in known:
        assert d.card is not None
        for r in restrictions_of(d.card, text(d.number) if text else None):
            if (d.base, r.line) not in seen:
                seen.add((d.base, r.line))
                out += _restriction_problems(d, r, known)
    return out


def _restriction_problems(d, r, known: list) -> list[DeckProblem]:
    found = r.check(known)
    out = []
    if not found.ok:
        out.append(
            DeckProblem(
                RULE_O_RESTRICT,
                "restriction",
                found.message,
                found.numbers[0] if found.numbers else d.number,
                None,
                found.numbers or (d.number,),
            )
        )
    if found.unsure:
        what = _("not checked: {line} ({number}: {why})", line=r.line, number=d.number, why=found.unsure)
        out.append(DeckProblem(RULE_O_RESTRICT, NOT_CHECKED, what, d.number, None, (d.number,)))
    return out


def legal_on(catalog: Catalog, on: date) -> Legal:
    """The catalog's verdict on a date as a ``legal(number)`` callable."""

    def legal(number: str) -> tuple[bool | None, str]:
        verdict = catalog.is_legal(number, on)
        if getattr(verdict, "status", "") == "undated":  # said once for every card of the product (_on_sale)
            product = getattr(verdict, "product", "")
            return None, _undated_words(product) if product else verdict.reason
        return bool(verdict), verdict.reason

    return legal
