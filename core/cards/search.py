"""Finding cards by number and by name (issue 43): what the deck builder and
pool entry search with, over any cards (a set's, or a catalog's
``catalog.cards()``, the store's official list among them).

Both the query and the card are folded the same way (:func:`fold`): NFKC
(full-width letters and digits, half-width kana), case folded, katakana read
as hiragana, spaces and the middle dot dropped; so ``さとう`` finds サトウ,
``ｌｏ－０９２３`` finds LO-0923 and ``木村里佳`` finds 木村 里佳.  A number is
matched by its letters and digits (``5063``, ``ch5063``, ``0923a``); a name
anywhere in it; a card's reading (``reading``, kana) when it has one.

Best first: the number itself, then its parallels and numbers starting or
ending with the query, then names
starting with it, names holding it, readings; the card number breaks ties.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable

from core.cards.model import Card, base_number

__all__ = ["cards_named", "fold", "search_cards", "number_key"]

_DROP = re.compile(r"[\s・･·]+")


def fold(text: str) -> str:
    """``text`` as the search compares it (see the module docstring)."""
    t = unicodedata.normalize("NFKC", text).casefold()
    t = "".join(chr(ord(ch) - 0x60) if "\u30a1" <= ch <= "\u30f6" else ch for ch in t)
    return _DROP.sub("", t)


def number_key(text: str) -> str:
    """A card number's letters and digits, folded: ``LO-0923-A`` -> ``lo0923a``."""
    return re.sub(r"[^0-9a-z]", "", unicodedata.normalize("NFKC", text).casefold())


def _rank(card: Card, q: str, qn: str) -> int | None:
    """How well ``card`` matches (0 best), or None: by number (``qn``), else by name or reading (``q``)."""
    got = _number_rank(number_key(card.number), qn) if qn else None
    return got if got is not None else _name_rank(card, q)


def _number_rank(key: str, qn: str) -> int | None:
    if qn in (key, key[2:]):
        return 0
    if len(qn) >= 2 and _begins_or_ends(key, qn):
        return 1  # a parallel of the number (LO-0923 finds LO-0923-A), or the number's end
    return None


def _begins_or_ends(key: str, qn: str) -> bool:
    """``qn`` begins the number's key (or its digits, after the two letters) or ends it."""
    return key.startswith(qn) or key[2:].startswith(qn) or key.endswith(qn)


def _name_rank(card: Card, q: str) -> int | None:
    """1: the name is ``q``, 2: starts with it (never empty), 3: holds it, 4: the reading holds it."""
    name = fold(card.name)
    if name == q:
        return 1
    if name.startswith(q):
        return 2
    if q in name:
        return 3
    reading = fold(getattr(card, "reading", "") or "")
    return 4 if q in reading else None  # q is never empty: an empty reading holds nothing


def _number_query(query: str, q: str) -> str:
    """The query as a card number's key, when it reads as one (letters, digits, - or _, with a digit)."""
    if re.fullmatch(r"[0-9a-z\-_]+", q) and any(c.isdigit() for c in q):
        return number_key(query)
    return ""


def search_cards(cards: Iterable[Card], query: str, limit: int | None = None) -> list[Card]:
    """The cards matching ``query`` by number, name or reading, best first
    (at most ``limit``); an empty query matches nothing."""
    q = fold(query)
    if not q:
        return []
    qn = _number_query(query, q)
    found = []
    for c in cards:
        r = _rank(c, q, qn)
        if r is not None:
            found.append((r, c.number, c))
    found.sort(key=lambda x: (x[0], x[1]))
    return [c for _r, _n, c in found][:limit]  # limit None: all of them


def cards_named(cards: Iterable[Card], query: str) -> list[Card]:
    """The cards whose name (or reading) holds ``query``, best first, one a card:
    a parallel is the same card as its base number, which stands for it (what
    ``lycee card 春日`` looks up).  A name that is one card's whole name names that card alone
    (「日のキャラ1」 is not also 「日のキャラ10」)."""
    q = fold(query)
    if not q:
        return []
    found = sorted(((r, c.number, c) for c in cards if (r := _name_rank(c, q)) is not None), key=lambda x: (x[0], x[1]))
    if len({base_number(c.number) for r, _n, c in found if r == 1}) == 1:
        found = [x for x in found if x[0] == 1]
    by_base: dict[str, Card] = {}
    for _r, _n, c in found:
        by_base.setdefault(base_number(c.number), c)
    return list(by_base.values())
