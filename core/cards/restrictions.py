"""Lycee Overture's 構築制限 (construction restrictions): read from a card's text,
checked against the whole deck that holds the card (O-DECK-RESTRICT).

Pure functions: :func:`restrictions_of` turns a card's text into restriction
objects, each with ``check(cards)`` over the deck's cards.  The text is read
after NFKC, so １/1, ～/〜/~, ：/: and ＥＸ/EX are alike.

A 構築制限 line is a line of the card's text that starts with 構築制限 (a colon
optional), followed by one or more 【…】 groups (every group binds) or, as the
official list also prints it, bare text such as ``[NEX]`` or
``オーガスト（[AUG]）``.  What each kind means, as this desk reads it (the
sources and what they leave open are in docs/rules.md, "Overture"):

- an attribute ``【[日]】`` or a list ``【[日][月]】`` / ``【[日/月]】``: every
  card of the deck has only listed attributes.  Whether a 無 (colourless) card
  passes is not settled by any source we found: such cards are listed as not
  checked, for the judge, never passed or refused silently.
- a brand ``【[SME]】`` (or ``[NEX]``, ``オーガスト（[AUG]）``): every card of the
  deck is of a listed brand (the official restriction list: cards that may go
  only in decks built of one version/brand).
- a number range ``【LO-6000～】``, ``【～LO-5999】``, ``【LO-6000～LO-6999】``:
  every card's base number lies in the range.
- a copy limit ``【このカードと同番号が１枚以下】``: at most N cards of this card's
  base number (parallels count as their base).
- a card the deck must hold ``【「AMBITIOUS MISSION」が１枚以上】``: at least N
  cards of that name (or that number).
- ``【禁止:…】``: the deck holds no card of the listed kinds: card types
  (キャラクター, エリア, アイテム, イベント), attributes ``[宙]``, EX ``EX2``,
  costs ``コスト4点以上`` / ``コスト2点以下``.
- an EX/cost condition ``【ＥＸ２でコストが４点以下】``: every card of the deck
  meets it (the conditions joined by で all hold), read as the other card
  conditions are.

Anything else is an :class:`Unread` restriction: reported as "not checked:
<the line>", never passed silently.
"""

from __future__ import annotations

import operator
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from core.cards.model import ATTRIBUTE_KANJI, KANJI_ATTRIBUTE, Card, base_number, name_key, normalize_number
from core.i18n import _, join_list

__all__ = [
    "RULE_RESTRICT",
    "AttributeOnly",
    "BrandOnly",
    "CardCondition",
    "CopyLimit",
    "DeckCard",
    "Finding",
    "Forbid",
    "NumberRange",
    "Requires",
    "Restriction",
    "Unread",
    "brands_of",
    "normalize_text",
    "read_line",
    "restriction_lines",
    "restrictions_of",
]

RULE_RESTRICT = "O-DECK-RESTRICT"

_MARK = "構築制限"
_TYPE_WORDS = {
    "キャラクター": "character",
    "キャラ": "character",
    "エリア": "area",
    "アイテム": "item",
    "イベント": "event",
}


def normalize_text(text: str) -> str:
    """NFKC, with the wave dash and its cousins read as ``~`` and ``<br />`` as a new line."""
    t = unicodedata.normalize("NFKC", text)
    t = re.sub(r"<br\s*/?>", "\n", t, flags=re.IGNORECASE)
    for c in ("〜", "∼", "〰"):
        t = t.replace(c, "~")
    return t


def brands_of(card: Card) -> frozenset[str]:
    """The brand codes a card counts for (a card may carry several: ``SME VA``)."""
    return frozenset(t for t in re.split(r"[\s,/・、]+", normalize_text(card.brand).upper()) if t)


# -- the deck as the checks see it ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckCard:
    """One card number of the deck with its copies; ``card`` None when unknown."""

    number: str
    count: int
    card: Card | None

    @property
    def base(self) -> str:
        return base_number(self.number)


@dataclass(frozen=True, slots=True)
class Finding:
    """What a restriction found: ``ok`` False is a deck problem (``numbers`` the
    cards that break it); ``unsure`` says why part of it could not be judged
    (reported as "not checked: <the line>")."""

    ok: bool
    message: str = ""
    numbers: tuple[str, ...] = ()
    unsure: str = ""


# -- the kinds -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Restriction:
    """A 構築制限 as printed on ``source`` (a card number): ``line`` is the text read."""

    source: str
    line: str

    def check(self, cards: Sequence[DeckCard]) -> Finding:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def readable(self) -> bool:
        return True


def _numbers(dcs: Iterable[DeckCard]) -> tuple[str, ...]:
    return tuple(sorted({d.number for d in dcs}))


def _verdict(bad: Sequence[DeckCard], message: str, unsure: str = "") -> Finding:
    """The finding of a check: fine when no card is ``bad``, else a problem
    naming them (``message``: what they break); ``unsure`` either way."""
    if not bad:
        return Finding(True, unsure=unsure)
    return Finding(False, message, _numbers(bad), unsure)


def _attr_names(attrs: Iterable[str]) -> str:

    return "".join(ATTRIBUTE_KANJI[a] for a in sorted(attrs, key=_ATTR_ORDER.index))


_ATTR_ORDER = ("snow", "moon", "flower", "space", "sun", "star")


@dataclass(frozen=True)
class AttributeOnly(Restriction):
    attributes: frozenset[str] = frozenset()

    def check(self, cards: Sequence[DeckCard]) -> Finding:
        bad, colourless = self._outside(cards)
        unsure = ""
        if colourless:
            unsure = _(
                "無 cards {numbers}: no source settles whether they may join",
                numbers=join_list(_numbers(colourless)),
            )
        return _verdict(
            bad,
            _(
                "{source} allows only {attrs} cards in the deck: {numbers} are not",
                source=self.source,
                attrs=_attr_names(self.attributes),
                numbers=join_list(_numbers(bad)),
            ),
            unsure,
        )

    def _outside(self, cards: Sequence[DeckCard]) -> tuple[list[DeckCard], list[DeckCard]]:
        """(cards of another attribute, 無 cards no source settles) of ``cards``."""
        bad, colourless = [], []
        for d in cards:
            if d.card is None:
                continue
            own = set(d.card.attributes) - {"star"}
            if own and not own <= self.attributes:
                bad.append(d)
            elif not own and "star" not in self.attributes:
                colourless.append(d)
        return bad, colourless


@dataclass(frozen=True)
class BrandOnly(Restriction):
    brands: frozenset[str] = frozenset()

    def check(self, cards: Sequence[DeckCard]) -> Finding:
        bad, unknown = self._outside(cards)
        unsure = ""
        if unknown:
            unsure = _(
                "the card list gives no brand for {numbers}",
                numbers=join_list(_numbers(unknown)),
            )
        return _verdict(
            bad,
            _(
                "{source} allows only cards of {brands} in the deck: {numbers} are not",
                source=self.source,
                brands=join_list(sorted(self.brands)),
                numbers=join_list(_numbers(bad)),
            ),
            unsure,
        )

    def _outside(self, cards: Sequence[DeckCard]) -> tuple[list[DeckCard], list[DeckCard]]:
        """(cards of another brand, cards the card list gives no brand) of ``cards``."""
        bad, unknown = [], []
        for d in cards:
            own = brands_of(d.card) if d.card is not None else None
            if own is None:
                continue
            if not own:
                unknown.append(d)
            elif not own & self.brands:
                bad.append(d)
        return bad, unknown


def _copies(cards: Sequence[DeckCard], base: str) -> int:
    """How many cards of base number ``base`` (parallels included) ``cards`` hold."""
    return sum(d.count for d in cards if d.base == base)


def _lo(n: int) -> str:
    return f"LO-{n:04d}"


def _number_value(number: str) -> int | None:
    m = re.match(r"^LO-(\d{4})", number)
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class NumberRange(Restriction):
    low: int | None = None
    high: int | None = None

    def check(self, cards: Sequence[DeckCard]) -> Finding:
        bad = [d for d in cards if not self._within(_number_value(d.base))]
        return _verdict(
            bad,
            _(
                "{source} allows only card numbers {span} in the deck: {numbers} are not",
                source=self.source,
                span=f"{_bound(self.low)}~{_bound(self.high)}",
                numbers=join_list(_numbers(bad)),
            ),
        )

    def _within(self, v: int | None) -> bool:
        """A card number's value inside the range (a number of no value never is)."""
        if v is None:
            return False
        return (self.low is None or v >= self.low) and (self.high is None or v <= self.high)


def _bound(n: int | None) -> str:
    """One end of a range of card numbers as written (blank when open)."""
    return _lo(n) if n is not None else ""


def number_with_parallels(base: str, numbers: Sequence[str]) -> str:
    """A card number as a copy count names it: ``LO-0010``, or with the numbers held when they
    are not the base alone (parallels): ``LO-0923 (LO-0923, LO-0923-A)``."""
    if list(numbers) in ([], [base]):
        return base
    return _("{base} ({numbers})", base=base, numbers=join_list(numbers))


@dataclass(frozen=True)
class CopyLimit(Restriction):
    limit: int = 1

    def check(self, cards: Sequence[DeckCard]) -> Finding:
        base = base_number(self.source)
        same = [d for d in cards if d.base == base]
        n = _copies(same, base)
        if n > self.limit:
            return Finding(
                False,
                _(
                    "{n} cards of number {what}; its restriction allows at most {limit}",
                    n=n,
                    what=number_with_parallels(base, _numbers(same)),
                    limit=self.limit,
                ),
                _numbers(same),
            )
        return Finding(True)


@dataclass(frozen=True)
class Requires(Restriction):
    name: str = ""
    at_least: int = 1

    def check(self, cards: Sequence[DeckCard]) -> Finding:
        have = self._held(cards)
        if have < self.at_least:
            return Finding(
                False,
                _(
                    "{source} needs at least {n} of 「{name}」 in the deck; it holds {have}",
                    source=self.source,
                    n=self.at_least,
                    name=self.name,
                    have=have,
                ),
                (self.source,),
            )
        return Finding(True)

    def _held(self, cards: Sequence[DeckCard]) -> int:
        """How many the deck holds of the card required (by its number, else by its name)."""
        number = normalize_number(self.name)
        if number is not None:
            return _copies(cards, base_number(number))
        key = name_key(self.name)
        return sum(d.count for d in cards if d.card is not None and name_key(d.card.name) == key)


#: the comparisons a cost condition is written with (【コストが4点以下】: "<=")
_COST_COMPARISONS = {">=": operator.ge, "<=": operator.le, "==": operator.eq}


def _cost_holds(op: str, n: int, total: int) -> bool:
    """Does a card of total cost ``total`` meet the condition ``op n``?"""
    compare = _COST_COMPARISONS.get(op)
    return compare is None or compare(total, n)


@dataclass(frozen=True)
class CardCondition:
    """One condition on a single card: its type, an attribute, its EX or its total cost."""

    type: str | None = None
    attribute: str | None = None
    ex: int | None = None
    cost: tuple[str, int] | None = None  # (">=" | "<=" | "==", n)

    def holds(self, card: Card) -> bool:
        if self.type is not None and card.type != self.type:
            return False
        if self.attribute is not None and self.attribute not in card.attributes:
            return False
        if self.ex is not None and card.ex != self.ex:
            return False
        return self.cost is None or _cost_holds(*self.cost, card.total_cost)

    def given(self) -> dict[str, object]:
        """The parts of the condition that are set (field -> value)."""
        return {k: v for k, v in vars(self).items() if v is not None}


@dataclass(frozen=True)
class Forbid(Restriction):
    """【禁止:…】: no card of any listed kind (the card itself excepted)."""

    kinds: tuple[CardCondition, ...] = ()
    words: str = ""

    def check(self, cards: Sequence[DeckCard]) -> Finding:
        own = base_number(self.source)
        bad = [d for d in cards if d.card is not None and d.base != own and any(k.holds(d.card) for k in self.kinds)]
        return _verdict(
            bad,
            _(
                "{source} forbids {what} in the deck: {numbers}",
                source=self.source,
                what=self.words,
                numbers=join_list(_numbers(bad)),
            ),
        )


@dataclass(frozen=True)
class EveryCard(Restriction):
    """An EX/cost condition (【EX2でコストが4点以下】).  Two readings are possible and
    no source we found settles which: every card of the deck is EX2 with cost 4
    or less (strict), or the deck's EX2 cards have cost 4 or less (conditional).
    A card that breaks both is a problem; a card that breaks only the strict
    reading is listed as not checked, for the judge."""

    condition: CardCondition = field(default_factory=CardCondition)
    words: str = ""

    def check(self, cards: Sequence[DeckCard]) -> Finding:
        c = self.condition
        strict = [d for d in cards if d.card is not None and not c.holds(d.card)]
        both = self._conditional_breaks(strict)
        unsure = _strict_only([d for d in strict if d not in both])
        return _verdict(
            both,
            _(
                "{source} allows only cards with {what} in the deck: {numbers} are not",
                source=self.source,
                what=self.words,
                numbers=join_list(_numbers(both)),
            ),
            unsure,
        )

    def _conditional_breaks(self, strict: list[DeckCard]) -> list[DeckCard]:
        """Of the cards that break the strict reading, those that break the
        conditional one too (an EX/cost condition: the EX cards over the cost)."""
        c = self.condition
        if c.ex is None or c.cost is None:
            return strict
        when = CardCondition(type=c.type, attribute=c.attribute, ex=c.ex)
        then = CardCondition(cost=c.cost)
        return [d for d in strict if d.card is not None and when.holds(d.card) and not then.holds(d.card)]


@dataclass(frozen=True)
class Unread(Restriction):
    """A restriction the desk cannot read yet: reported as not checked."""

    @property
    def readable(self) -> bool:
        return False

    def check(self, cards: Sequence[DeckCard]) -> Finding:
        return Finding(True, unsure=_("the desk cannot read it yet"))


# -- reading ----------------------------------------------------------------------------------

_GROUP_RE = re.compile(r"【([^【】]*)】")
_ATTRS_RE = re.compile(r"^(?:\[([雪月花宙日無]+(?:[/・,、]?[雪月花宙日無]+)*)\])+$")
_ATTR_TOKEN_RE = re.compile(r"\[([^\[\]]+)\]")
_BRAND_RE = re.compile(r"\[([A-Z][A-Z0-9]*)\]")
#: LO-6000~, ~LO-5999, LO-6000~LO-6999 (an end at least: the lookahead wants a digit)
_RANGE_RE = re.compile(r"^(?=.*\d)(?:LO-?(\d{1,4}))?\s*~\s*(?:LO-?(\d{1,4}))?$")
_COPY_RE = re.compile(r"^このカードと同番号(?:のカード)?が(\d{1,4})枚(?:以下|まで)$")
_REQUIRES_RE = re.compile(r"^「([^「」]+)」(?:を|が)(\d{1,4})枚以上(?:必要)?$")
_FORBID_RE = re.compile(r"^禁止\s*:\s*(.+)$")
_SPLIT_RE = re.compile(r"[・,、/]")
_EX_RE = re.compile(r"^EX\s*(\d{1,4})$")
_COST_RE = re.compile(r"^コスト(?:が)?(\d{1,4})(?:点)?(以上|以下)?$")


def restriction_lines(text: str) -> list[str]:
    """The 構築制限 lines of a card's text (NFKC), each as written after the mark."""
    lines = (raw.strip() for raw in normalize_text(text or "").splitlines())
    return [_after_mark(line) for line in lines if _MARK in line]


def _after_mark(line: str) -> str:
    """What a 構築制限 line says after the mark (and its colour, if any)."""
    rest = line[line.find(_MARK) + len(_MARK) :].strip()
    return rest[1:].strip() if rest.startswith(":") else rest


def _attributes(body: str) -> frozenset[str] | None:
    if not _ATTRS_RE.match(body):
        return None
    kanji = "".join(_ATTR_TOKEN_RE.findall(body))
    return frozenset(KANJI_ATTRIBUTE[ch] for ch in kanji if ch in KANJI_ATTRIBUTE)


def _condition(word: str) -> CardCondition | None:
    """One item of a 禁止 list or one part of an EX/cost condition: the first
    reading of :data:`_CONDITION_READINGS` that fits, or None."""
    w = word.strip()
    for reading in _CONDITION_READINGS:
        found = reading(w)
        if found is not None:
            return found
    return None


def _type_condition(w: str) -> CardCondition | None:
    """キャラクター, エリア ...: a card type."""
    kind = _TYPE_WORDS.get(w)
    return CardCondition(type=kind) if kind else None


def _attribute_condition(w: str) -> CardCondition | None:
    """[宙]: one attribute."""
    a = _attributes(w)
    return CardCondition(attribute=next(iter(a))) if a is not None and len(a) == 1 else None


def _ex_condition(w: str) -> CardCondition | None:
    """EX2: the card's EX."""
    m = _EX_RE.match(w)
    return CardCondition(ex=int(m.group(1))) if m else None


def _cost_condition(w: str) -> CardCondition | None:
    """コスト4点以下 and the like: the total cost compared (以上 >=, 以下 <=, else ==)."""
    m = _COST_RE.match(w)
    if not m:
        return None
    op = {"以上": ">=", "以下": "<="}.get(m.group(2) or "", "==")
    return CardCondition(cost=(op, int(m.group(1))))


#: The readings of one condition word, in the order they are tried.
_CONDITION_READINGS = (_type_condition, _attribute_condition, _ex_condition, _cost_condition)


def _merge(parts: list[CardCondition]) -> CardCondition | None:
    """The conditions ``parts`` as one (None when two of them say the same thing: EX twice, say)."""
    out: dict[str, object] = {}
    for p in parts:
        given = p.given()
        if given.keys() & out.keys():
            return None
        out.update(given)
    return CardCondition(**out)  # type: ignore[arg-type]


def _group(source: str, line: str, body: str) -> Restriction:
    """The restriction of one bracketed group: the first reading of
    :data:`_GROUP_READINGS` that fits, else :class:`Unread`."""
    body = body.strip()
    compact = re.sub(r"\s+", "", body)
    for reading in _GROUP_READINGS:
        found = reading(source, line, body, compact)
        if found is not None:
            return found
    return Unread(source, line)


def _as_attributes(source: str, line: str, body: str, compact: str) -> Restriction | None:
    attrs = _attributes(compact)
    return AttributeOnly(source, line, attributes=attrs) if attrs else None


def _as_brands(source: str, line: str, body: str, compact: str) -> Restriction | None:
    brands = _BRAND_RE.findall(compact.upper())
    if brands and not _BRAND_RE.sub("", compact.upper()).strip():
        return BrandOnly(source, line, brands=frozenset(brands))
    return None


def _end(digits: str | None) -> int | None:
    """One end of a number range (None: open)."""
    return int(digits) if digits else None


def _as_range(source: str, line: str, body: str, compact: str) -> Restriction | None:
    m = _RANGE_RE.match(compact.upper())
    if not m:
        return None
    low, high = _end(m.group(1)), _end(m.group(2))
    if low is None or high is None or low <= high:
        return NumberRange(source, line, low=low, high=high)
    return None


def _as_copies(source: str, line: str, body: str, compact: str) -> Restriction | None:
    m = _COPY_RE.match(compact)
    return CopyLimit(source, line, limit=int(m.group(1))) if m else None


def _as_requires(source: str, line: str, body: str, compact: str) -> Restriction | None:
    m = _REQUIRES_RE.match(body)
    return Requires(source, line, name=m.group(1).strip(), at_least=int(m.group(2))) if m else None


def _as_forbid(source: str, line: str, body: str, compact: str) -> Restriction | None:
    """A list of kinds the deck may not hold; :class:`Unread` when one of them cannot be read."""
    m = _FORBID_RE.match(compact)
    if not m:
        return None
    kinds = _forbidden_kinds(m.group(1))
    if kinds is None:
        return Unread(source, line)
    return Forbid(source, line, kinds=tuple(kinds), words=m.group(1)) if kinds else None


def _forbidden_kinds(words: str) -> list[CardCondition] | None:
    """The kinds a 禁止 list names (キャラクター・[宙]・EX2 ...), None when one of them cannot be read."""
    kinds = []
    for item in filter(None, _SPLIT_RE.split(words)):
        merged = _conditions(item)
        if merged is None:
            return None
        kinds.append(merged)
    return kinds


def _as_every_card(source: str, line: str, body: str, compact: str) -> Restriction | None:
    merged = _conditions(compact)
    return EveryCard(source, line, condition=merged, words=compact) if merged is not None else None


def _conditions(text: str):
    """The conditions of ``text`` joined by で/の merged into one, or None when one cannot be read."""
    parts = [_condition(p) for p in re.split("[での]", text)]
    return _merge([p for p in parts if p is not None]) if all(parts) else None


#: The readings of a bracketed group, in the order they are tried.
_GROUP_READINGS = (_as_attributes, _as_brands, _as_range, _as_copies, _as_requires, _as_forbid, _as_every_card)


def read_line(source: str, line: str) -> list[Restriction]:
    """The restrictions of one 構築制限 line (text after the mark) printed on card ``source``."""
    line = normalize_text(line).strip()
    groups = _GROUP_RE.findall(line)
    if groups:
        leftover = _GROUP_RE.sub("", line).strip()
        if leftover:
            return [Unread(source, line)]
        return [_group(source, line, g) for g in groups]
    return _bare_line(source, line)


def _bare_line(source: str, line: str) -> list[Restriction]:
    """A line without groups, as the official list also prints it: [NEX], オーガスト（[AUG]）, [日]."""
    compact = re.sub(r"\s+", "", line)
    attrs = _attributes(compact)
    if attrs:
        return [AttributeOnly(source, line, attributes=attrs)]
    brands = _BRAND_RE.findall(compact.upper())
    if brands:
        return [BrandOnly(source, line, brands=frozenset(brands))]
    return [_group(source, line, line)] if line else [Unread(source, line)]


def restrictions_of(card: Card, text: str | None = None) -> list[Restriction]:
    """Every restriction a card's text prints (none for most cards); ``text``: the text that applies instead of
    the printed one (an erratum in force, G-CARDS-TEXT)."""
    out: list[Restriction] = []
    for line in restriction_lines(card.text if text is None else text):
        out += read_line(card.number, line)
    return out


def _strict_only(rest: list[DeckCard]) -> str:
    """The note for the judge on cards that break only the strict reading ("" when none do)."""
    if not rest:
        return ""
    return _(
        "{numbers} break it if it binds every card of the deck, and no source settles whether it does",
        numbers=join_list(_numbers(rest)),
    )
