"""Decklists and deck rules: the one place deck rules live.

Formats
    Text: one ``COUNT NUMBER [name]`` a line (``4 CH-0063 保科智子``), ``#``
    comments, a line ``spare:`` (or ``スペア:``) before the spare cards, ``deck:``
    to go back.  CSV: columns ``section,count,number,name``.  Parse errors name
    the file, the line and the reason, every problem at once.

Rules (every check returns *all* problems, each with its rule id)
    - R-DECK-60 (game rules, not the guideline): a constructed deck is exactly 60 cards.
    - R-DECK-4 (game rules): at most 4 cards of one name; different numbers with
      the same name count together; a card's ``max_copies`` may say otherwise.
      Deck and spares count together, so every allowed swap keeps the deck legal.
    - G-CARDS-VERSIONS / G-CARDS-PROMO / G-CARDS-PARALLEL: every card (deck and
      spares) legal on the event date.
    - G-SPARE-1: spare cards only in best of three, at most 12.
    - G-SEALED: a sealed deck is exactly 40 cards from the pool; R-DECK-4 holds
      unless the organizer lifts it; spares come from the rest of the pool.
    - G-DRAFT-4: a draft deck is packs x 10 cards; G-DRAFT-3: more than 4 of a
      name allowed; G-DRAFT-1: cards from the drafted pool.
    - G-DECKLIST: :func:`compare` lists how a presented deck differs from the
      registered list.

Lycee Overture (``check_deck(..., rules="overture")``, :func:`check_overture`)
    - O-DECK-60: exactly 60 cards.  O-DECK-4: at most 4 cards of one card
      number, a parallel (LO-0923-A) counting as its base number (LO-0923).
    - O-CARDS-KNOWN: every number in the card list; O-CARDS-ONSALE: every
      card's product on sale on the event date (a ``legal`` callable decides).
    - O-DECK-RESTRICT: every 構築制限 line of every card read
      (:mod:`core.cards.restrictions`) and checked against the whole deck; a
      line the desk cannot read is a problem with code ``not_checked`` whose
      ``blocking`` is False: listed, never passed silently, yet no refusal.
    - :func:`deck_class`: シングル (every card shares one brand) or ミックス.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import date

from core.cards.deckdiff import DeckDiff, DiffLine, compare
from core.cards.deckmodel import (
    CONSTRUCTED_SIZE,
    DRAFT_CARDS_PER_PACK,
    DRAFT_PACKS,
    MAX_LINE_COUNT,
    NAME_LIMIT,
    NOT_CHECKED,
    OVERTURE_COPIES,
    OVERTURE_SIZE,
    RULE_CONSTRUCTED_SIZE,
    RULE_NAME_LIMIT,
    RULE_O_COPIES,
    RULE_O_KNOWN,
    RULE_O_ONSALE,
    RULE_O_RESTRICT,
    RULE_O_SIZE,
    RULES,
    SEALED_SIZE,
    SECTIONS,
    SPARE_MAX,
    DeckEntry,
    Decklist,
    DeckProblem,
    deck_counter,
    spare_problems,
)
from core.cards.deckparse import decklist_to_csv, decklist_to_text, load_decklist, parse_decklist, read_decklist_csv
from core.cards.legality import Catalog, as_date
from core.cards.model import Card, name_key
from core.cards.overture_decks import Legal, OvertureCards, check_overture, deck_class, deck_class_words, legal_on
from core.i18n import _, join_list, ngettext

# The deck rules by concern, each in its module: the decklist and its problems (deckmodel),
# reading and writing lists (deckparse), Lycee Overture's rules (overture_decks), a presented
# deck against its list (deckdiff); their names stay importable from here.
__all__ = [
    "CONSTRUCTED_SIZE",
    "DRAFT_CARDS_PER_PACK",
    "DRAFT_PACKS",
    "MAX_LINE_COUNT",
    "NAME_LIMIT",
    "NOT_CHECKED",
    "OVERTURE_COPIES",
    "OVERTURE_SIZE",
    "RULE_CONSTRUCTED_SIZE",
    "RULE_NAME_LIMIT",
    "RULE_O_COPIES",
    "RULE_O_KNOWN",
    "RULE_O_ONSALE",
    "RULE_O_RESTRICT",
    "RULE_O_SIZE",
    "RULES",
    "SEALED_SIZE",
    "SECTIONS",
    "SPARE_MAX",
    "DeckDiff",
    "DeckEntry",
    "DeckProblem",
    "Decklist",
    "DiffLine",
    "OvertureCards",
    "check_constructed",
    "check_deck",
    "check_draft",
    "check_overture",
    "check_sealed",
    "compare",
    "deck_class",
    "deck_class_words",
    "deck_size",
    "decklist_to_csv",
    "decklist_to_text",
    "load_decklist",
    "parse_decklist",
    "read_decklist_csv",
]


def deck_size(kind: str, packs: int | None = None) -> int:
    """The deck size a format requires: 60 constructed, 40 sealed (G-SEALED),
    packs x 10 draft (G-DRAFT-4)."""
    if kind in _FIXED_SIZES:
        return _FIXED_SIZES[kind]
    if kind != "draft":
        raise ValueError(f"unknown kind {kind!r}")
    if packs is None or packs < 1:
        raise ValueError("a draft deck size needs the number of packs")
    return packs * DRAFT_CARDS_PER_PACK


#: The formats whose deck size is fixed (a draft deck's depends on its packs).
_FIXED_SIZES = {"constructed": CONSTRUCTED_SIZE, "sealed": SEALED_SIZE}


def _unknown(deck: Decklist, catalog: Catalog) -> tuple[list[DeckProblem], set[str]]:
    out, bad = [], set()
    for section in SECTIONS:
        for number in deck.counts(section):
            if not catalog.known(number) and number not in bad:
                bad.add(number)
                out.append(
                    DeckProblem(
                        "G-CARDS-VERSIONS",
                        "unknown",
                        _("{number}: unknown card number", number=number),
                        number,
                        section,
                    )
                )
    return out, bad


def _size(deck: Decklist, want: int, rule: str, what: str) -> list[DeckProblem]:
    have = deck.deck_size
    if have == want:
        return []
    return [
        DeckProblem(
            rule,
            "size",
            ngettext(
                "{what} deck has {have} card; it must be exactly {want}",
                "{what} deck has {have} cards; it must be exactly {want}",
                have,
                what=what,
                have=have,
                want=want,
            ),
            None,
            "deck",
        )
    ]


def _name_limit(deck: Decklist, catalog: Catalog, limit: int, sealed: bool = False) -> list[DeckProblem]:
    """R-DECK-4 over deck and spares together; a card's max_copies overrides."""
    out = []
    for g in _name_groups(deck, catalog).values():
        allowed = g["limit"] if g["limit"] is not None else limit
        if g["n"] > allowed:
            out.append(_name_limit_problem(g, allowed, sealed))
    return out


def _name_groups(deck: Decklist, catalog: Catalog) -> dict[str, dict]:
    """The cards of deck and spares by name: how many, their numbers and the highest max_copies any says."""
    groups: dict[str, dict] = {}
    total = deck.counts("deck") + deck.counts("spare")
    for number, n in total.items():
        name = catalog.name_of(number) or number
        g = groups.setdefault(name_key(name), {"name": name, "n": 0, "numbers": [], "limit": None})
        g["n"] += n
        g["numbers"].append(number)
        _raise_limit(g, catalog.get(number))
    return groups


def _raise_limit(group: dict, card: Card | None) -> None:
    """A card's max_copies lifts its name group's limit to the highest any of its cards says."""
    if card is not None and card.max_copies is not None:
        group["limit"] = max(group["limit"] or 0, card.max_copies)


def _name_limit_problem(g: dict, allowed: int, sealed: bool) -> DeckProblem:
    words = dict(n=g["n"], name=g["name"], numbers=join_list(sorted(g["numbers"])), allowed=allowed)
    what = (
        _(
            "{n} cards named {name} ({numbers}) in deck and spares; at most {allowed} (sealed keeps the name limit)",
            **words,
        )
        if sealed
        else _("{n} cards named {name} ({numbers}) in deck and spares; at most {allowed}", **words)
    )
    return DeckProblem(RULE_NAME_LIMIT, "name_limit", what, min(g["numbers"]), None)


def _legality(deck: Decklist, catalog: Catalog, on: date, skip: set[str]) -> list[DeckProblem]:
    out = []
    for section in SECTIONS:
        for number in deck.counts(section):
            if number in skip:
                continue
            verdict = catalog.is_legal(number, on)
            if not verdict:
                out.append(
                    DeckProblem(
                        verdict.rule,
                        "illegal",
                        _("not legal on {date}: {reason}", date=on.isoformat(), reason=verdict.reason),
                        number,
                        section,
                    )
                )
    return out


def _deck_over_pool(deck_c: Counter, pool: Counter, rule: str) -> list[DeckProblem]:
    """Each card the deck holds more of than the pool."""
    out = []
    for number, n in deck_c.items():
        have = pool.get(number, 0)
        if n > have:
            msg = (
                _("{number}: not in the pool", number=number)
                if not have
                else _("{number}: {n} in the deck but the pool holds {have}", number=number, n=n, have=have)
            )
            out.append(DeckProblem(rule, "pool", msg, number, "deck"))
    return out


def _pool(deck: Decklist, pool: Counter, rule: str) -> list[DeckProblem]:
    deck_c, spare_c = deck.counts("deck"), deck.counts("spare")
    return _deck_over_pool(deck_c, pool, rule) + _spares_over_pool(spare_c, deck_c, pool, rule)


def _spares_over_pool(spare_c: Counter, deck_c: Counter, pool: Counter, rule: str) -> list[DeckProblem]:
    """Each spare the pool does not hold once the deck's copies are taken out."""
    out = []
    for number, n in spare_c.items():
        rest = max(0, pool.get(number, 0) - deck_c.get(number, 0))
        if n > rest:
            msg = (
                _("{number}: spare not in the pool", number=number)
                if not pool.get(number, 0)
                else _(
                    "{number}: {n} as spares but only {rest} left in the pool after the deck",
                    number=number,
                    n=n,
                    rest=rest,
                )
            )
            out.append(DeckProblem(rule, "pool", msg, number, "spare"))
    return out


def check_constructed(deck: Decklist, catalog: Catalog, on: date | str, *, match: str = "bo3") -> list[DeckProblem]:
    """Every problem of a constructed deck on the event date ``on``: R-DECK-60,
    R-DECK-4, legality (G-CARDS-*), G-SPARE-1."""
    day = as_date(on)
    problems, unknown = _unknown(deck, catalog)
    problems += _size(deck, CONSTRUCTED_SIZE, RULE_CONSTRUCTED_SIZE, _("constructed"))
    problems += _name_limit(deck, catalog, NAME_LIMIT)
    problems += _legality(deck, catalog, day, unknown)
    problems += spare_problems(deck, match)
    return problems


def check_sealed(
    deck: Decklist,
    catalog: Catalog,
    *,
    pool: Mapping[str, int] | Iterable[str] | None = None,
    name_limit: int | None = NAME_LIMIT,
    match: str = "bo3",
    on: date | str | None = None,
) -> list[DeckProblem]:
    """Every problem of a sealed deck: exactly 40 (G-SEALED); R-DECK-4 unless the
    organizer lifts it (``name_limit=None``); deck from ``pool`` and spares from
    the rest of it (G-SEALED); G-SPARE-1; legality when ``on`` is given."""
    problems, unknown = _unknown(deck, catalog)
    problems += _size(deck, SEALED_SIZE, "G-SEALED", _("sealed"))
    if name_limit is not None:
        problems += _name_limit(deck, catalog, name_limit, sealed=True)
    if pool is not None:
        problems += _pool(deck, deck_counter(pool), "G-SEALED")
    if on is not None:
        problems += _legality(deck, catalog, as_date(on), unknown)
    problems += spare_problems(deck, match)
    return problems


def check_draft(
    deck: Decklist,
    catalog: Catalog,
    *,
    packs: int,
    pool: Mapping[str, int] | Iterable[str] | None = None,
    match: str = "bo3",
    on: date | str | None = None,
) -> list[DeckProblem]:
    """Every problem of a draft deck: exactly packs x 10 (G-DRAFT-4); any number of
    a name (G-DRAFT-3); deck and spares from the drafted ``pool`` (G-DRAFT-1);
    G-SPARE-1; legality when ``on`` is given.  (G-DRAFT-2 recommends 4-6 packs,
    ``DRAFT_PACKS``; the event decides.)"""
    problems, unknown = _unknown(deck, catalog)
    problems += _size(deck, deck_size("draft", packs), "G-DRAFT-4", _("{packs}-pack draft", packs=packs))
    if pool is not None:
        problems += _pool(deck, deck_counter(pool), "G-DRAFT-1")
    if on is not None:
        problems += _legality(deck, catalog, as_date(on), unknown)
    problems += spare_problems(deck, match)
    return problems


def check_deck(
    deck: Decklist,
    catalog: Catalog,
    kind: str,
    *,
    on: date | str | None = None,
    match: str = "bo3",
    packs: int | None = None,
    pool: Mapping[str, int] | Iterable[str] | None = None,
    name_limit: int | None = NAME_LIMIT,
    rules: str = "2008",
    legal: Legal | None = None,
) -> list[DeckProblem]:
    """Dispatch on the event kind (constructed needs ``on``, draft ``packs``).
    ``rules="overture"``: :func:`check_overture` (constructed only), with
    ``catalog`` the card list (``get(number)``) and ``legal`` the on-sale
    verdict; without ``legal``, the catalog's ``is_legal`` on ``on``."""
    if rules == "overture":
        return _check_overture_deck(deck, catalog, kind, on=on, match=match, legal=legal)
    if rules != "2008":
        raise ValueError(f"unknown rules {rules!r}")
    return _check_2008(deck, catalog, kind, on=on, match=match, packs=packs, pool=pool, name_limit=name_limit)


def _check_overture_deck(
    deck: Decklist, catalog: Catalog, kind: str, *, on: date | str | None, match: str, legal: Legal | None
) -> list[DeckProblem]:
    """Overture rules (constructed only); without ``legal``, the catalog's verdict on ``on``; each 構築制限 read
    in the text that applies on ``on`` (an erratum in force, G-CARDS-TEXT)."""
    if kind != "constructed":
        raise ValueError("Overture rules check constructed decks")
    if legal is None and on is not None:
        legal = legal_on(catalog, as_date(on))
    day = as_date(on) if on is not None else None
    text_for = getattr(catalog, "text_for", None)  # a bare card list (get() only) has no errata: printed texts
    text = (lambda n: text_for(n, day).text) if text_for else None
    return check_overture(deck, catalog, legal=legal, match=match, text=text)


def _check_2008(
    deck: Decklist, catalog: Catalog, kind: str, *, on, match, packs, pool, name_limit
) -> list[DeckProblem]:
    if kind == "constructed":
        if on is None:
            raise ValueError("a constructed deck check needs the event date")
        return check_constructed(deck, catalog, on, match=match)
    if kind == "sealed":
        return check_sealed(deck, catalog, pool=pool, name_limit=name_limit, match=match, on=on)
    if kind == "draft":
        if packs is None:
            raise ValueError("a draft deck check needs the number of packs")
        return check_draft(deck, catalog, packs=packs, pool=pool, match=match, on=on)
    raise ValueError(f"unknown kind {kind!r}")
