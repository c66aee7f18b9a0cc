"""The publisher's card list: the CSV the official card search exports (Lycee Overture).

The layout as read (docs/cards.md, "The official card list"): no header row,
comma-separated, 18 fields a card, padded with spaces::

    ID, ability name, name, type, rarity, attribute(s), EX, cost, AP, DP, SP, DMG,
    trait, basic abilities, ability text, product, illustrator, (empty)

and the later exports' 20 fields (+ position after the cost, team after the
trait) and 22 fields (+ an unnamed field and a brand before the empty one):
the layout most card lines of the file have.

- Bytes: UTF-8 (a BOM is skipped), else Shift_JIS (cp932); anything else is refused.
- Lines end in CRLF or LF.  A card's text holds several rows, separated by
  ``<br />`` (any case) or by new lines: inside a quoted field, or, as the
  publisher writes them, unquoted (a line that does not start with a card
  number continues the card above while it is short of fields).
- Every field is read after NFKC (so １/1, ～/〜 and ：/: are alike) and stripped
  of its padding; other HTML tags in the text are dropped, their words kept.
- ID: ``LO-0923``, a parallel ``LO-0923-A`` (``-K``, ``-L`` ...).  Type:
  キャラクター/エリア/アイテム/イベント.  Attributes and cost: the symbols
  雪月花宙日無 (``宙宙無`` = 宙 2, 無 1).  The brand is the code in parentheses
  at the end of the product (``…Project(SME)`` -> SME).

:func:`read_official` returns the cards and every line it could not read (with
its line number and why); it never stores anything (core.cards.cardlist does).
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field

from core.cards.model import (
    KANJI_ATTRIBUTE,
    Card,
    cost_pairs,
    in_attribute_order,
    is_overture_number,
    normalize_number,
)
from core.i18n import _
from core.textfiles import decode

__all__ = [
    "FIELDS",
    "FIELDS_20",
    "FIELDS_22",
    "LAYOUTS",
    "OFFICIAL_TYPES",
    "OfficialList",
    "brand_of",
    "decode",
    "looks_official",
    "nfkc",
    "read_official",
]

#: The fields of a row, in order (the last is always empty).
FIELDS = (
    "number",
    "ability_name",
    "name",
    "type",
    "rarity",
    "attributes",
    "ex",
    "cost",
    "ap",
    "dp",
    "sp",
    "dmg",
    "trait",
    "basic",
    "text",
    "product",
    "illustrator",
    "",
)
#: Later exports, as the community importer's history reads them: after the cost a
#: position field and after the trait a team field (20 fields: its test sample),
#: then an unnamed field and a brand column (22 fields: its column constants).
FIELDS_20 = (*FIELDS[:8], "position", *FIELDS[8:13], "team", *FIELDS[13:])
FIELDS_22 = (*FIELDS_20[:-1], "unnamed", "brand", "")
LAYOUTS = {len(f): f for f in (FIELDS, FIELDS_20, FIELDS_22)}
OFFICIAL_TYPES = {"キャラクター": "character", "エリア": "area", "アイテム": "item", "イベント": "event"}
_BR = re.compile(r"<\s*br\s*/?\s*>", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]*>")
_BRAND = re.compile(r"\(([A-Za-z0-9][A-Za-z0-9_-]*)\)\s*$")
_INT = re.compile(r"^[+-]?\d+$")


def nfkc(text: str) -> str:
    """``text`` after NFKC, with the wave dash 〜 (which NFKC keeps) read as ~ like ～."""
    return unicodedata.normalize("NFKC", text).replace("〜", "~")


def brand_of(product: str) -> str:
    """The brand code in parentheses at the end of a product (``…Project(SME)`` -> ``SME``), or ""."""
    m = _BRAND.search(nfkc(product))
    return m.group(1).upper() if m else ""


def _first_field(line: str) -> str:
    return nfkc(line.split(",", 1)[0]).strip().strip('"').strip()


def _is_number_start(line: str) -> bool:
    n = normalize_number(_first_field(line))
    return n is not None and is_overture_number(n)


def looks_official(text: str) -> bool:
    """True when some line of the first lines starts with an Overture card number."""
    return any(line.strip() and _is_number_start(line) for line in text.splitlines()[:50])


@dataclass
class OfficialList:
    """What :func:`read_official` read: the cards in file order (one a number),
    the line each came from, and the lines it could not read."""

    source: str
    encoding: str
    cards: list[Card] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)
    #: (line, what is wrong), in line order.
    problems: list[tuple[int, str]] = field(default_factory=list)
    #: Rows that repeat an earlier row exactly (kept once): (line, first line).
    repeated: list[tuple[int, int]] = field(default_factory=list)

    @property
    def products(self) -> dict[str, int]:
        """Product -> number of cards, in the order first seen."""
        out: dict[str, int] = {}
        for c in self.cards:
            out[c.product] = out.get(c.product, 0) + 1
        return out

    @property
    def parallels(self) -> int:
        return sum(1 for c in self.cards if c.is_parallel)


def _layout(text: str) -> tuple[str, ...]:
    """The layout most of the first card lines have (18 fields when none is clear)."""
    counts: dict[int, int] = {}
    for line in text.splitlines()[:200]:
        n = _card_line_width(line)
        if n in LAYOUTS:
            counts[n] = counts.get(n, 0) + 1
    return LAYOUTS[max(counts, key=lambda n: (counts[n], n == len(FIELDS)))] if counts else FIELDS


def _card_line_width(line: str) -> int | None:
    """How many fields a line that starts a card has (None: no card starts there, or not CSV)."""
    if not _is_number_start(line):
        return None
    try:
        return len(next(csv.reader([line]), []))
    except csv.Error:
        return None


def _continues(fields: list[str], row: list[str], width: int) -> bool:
    """``row`` continues the record ``fields``: the record is short of fields and the row starts no card."""
    return len(fields) < width and not _is_number_start(",".join(row))


def _join_line(fields: list[str], row: list[str]) -> None:
    """An unquoted continuation line joined to the record above: its first cell continues the last field."""
    fields[-1] = fields[-1] + "\n" + row[0]
    fields.extend(row[1:])


_NOT_CSV = "\0csv"  # the first cell of the row standing for a line that is not CSV


def _rows(text: str) -> Iterator[tuple[int, list[str]]]:
    """(first line, cells) of each row that is not blank, csv quoting honoured;
    a line that is not CSV ends the rows as (its line, [_NOT_CSV, why])."""
    reader = csv.reader(io.StringIO(text, newline=""))
    last = 0
    try:
        for row in reader:
            start, last = last + 1, reader.line_num
            if any(c.strip() for c in row):
                yield start, row
    except csv.Error as err:
        yield (last + 1, [_NOT_CSV, str(err)])


def _records(text: str, width: int = len(FIELDS)) -> Iterator[tuple[int, list[str]]]:
    """(first line, fields) of each record: blank lines skipped, unquoted
    continuation lines joined to the record above while it is short of fields."""
    pending: tuple[int, list[str]] | None = None
    for start, row in _rows(text):
        if pending is None:
            pending = (start, row)
        elif row[0] != _NOT_CSV and _continues(pending[1], row, width):
            _join_line(pending[1], row)
        else:
            yield pending
            pending = (start, row)
    if pending is not None:
        yield pending


def _text(norm: str) -> str:
    """The rows of a card's text (already NFKC): ``<br />`` and new lines split
    rows, other tags are dropped (their words kept), blank rows go."""
    if "<" not in norm and "\n" not in norm and "\r" not in norm:
        return norm.strip()
    rows = []
    for part in _BR.split(norm):
        for line in _TAG.sub("", part).splitlines():
            line = line.strip()
            if line:
                rows.append(line)
    return "\n".join(rows)


_SYMBOL = re.compile(r"(.)(\d*)")
_SEPARATORS = re.compile(r"[\s・/,|]+")


def _symbols(cell: str, what: str) -> dict[str, int]:
    """``宙宙無`` -> {"space": 2, "star": 1}; ``宙2無1`` also reads.  ValueError
    otherwise (``what``: "attribute" or "cost", said in the message)."""
    out: dict[str, int] = {}
    for sym, count in _SYMBOL.findall(_SEPARATORS.sub("", cell)):
        attr = KANJI_ATTRIBUTE.get(sym)
        if attr is None:
            label = _("attribute") if what == "attribute" else _("cost")
            raise ValueError(_("{what} {cell!r}: use the symbols 雪月花宙日無", what=label, cell=cell))
        out[attr] = out.get(attr, 0) + (int(count) if count else 1)
    return out


def _whole(number: str, key: str, v: str) -> int | None:
    """A stat field: a whole number, or None when blank or ``-``; ValueError names the field."""
    if v in ("", "-"):
        return None
    if not _INT.match(v):
        raise ValueError(_("{number}: {key} {v!r} is not a whole number", number=number, key=key.upper(), v=v))
    return int(v)


def _card_kind(f: dict[str, str]) -> str:
    """The card's type, once its number and name are checked; ValueError names the field."""
    number = f["number"]
    if not is_overture_number(number):
        raise ValueError(_("{number!r} is not a card number like LO-0923 or LO-0923-A", number=f["number"]))
    if not f["name"]:
        raise ValueError(_("{number}: the name is empty", number=number))
    kind = OFFICIAL_TYPES.get(f["type"])
    if kind is None:
        raise ValueError(
            _(
                "{number}: type {type!r} is not one of {types}",
                number=number,
                type=f["type"],
                types="/".join(OFFICIAL_TYPES),
            )
        )
    return kind


#: The stat fields of a card, read in this order (blank: None, an EX 0).
_STATS = ("ex", "ap", "dp", "sp", "dmg")


def _colours(f: dict[str, str]) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
    """The card's attributes (at least one) and its cost, in attribute order; ValueError names the field."""
    attrs = _symbols(f["attributes"], "attribute")
    if not attrs:
        raise ValueError(_("{number}: no attribute", number=f["number"]))
    cost = _symbols(f["cost"], "cost")
    return in_attribute_order(attrs), cost_pairs(cost)


def _card(fields: list[str], layout: tuple[str, ...] = FIELDS) -> Card:
    """A Card from the (normalised) fields of a row; ValueError names the field."""
    f = dict(zip(layout, fields, strict=False))
    number = f["number"]
    kind = _card_kind(f)
    attributes, cost = _colours(f)
    if not f["product"]:
        raise ValueError(_("{number}: the product is empty", number=number))
    ex, ap, dp, sp, dmg = [_whole(number, key, f[key]) for key in _STATS]
    return Card(
        number=number,
        name=f["name"],
        type=kind,
        attributes=attributes,
        cost=cost,
        ex=ex or 0,
        ap=ap,
        dp=dp,
        sp=sp,
        dmg=dmg,
        rarity=f["rarity"],
        text=f["text"],
        set_code=f["product"],
        product=f["product"],
        brand=f.get("brand", "").upper() or brand_of(f["product"]),
        ability_name=f["ability_name"],
        trait=f["trait"],
        basic=f["basic"],
    )


def read_official(text: str, source: str = "<card list>", encoding: str = "utf-8") -> OfficialList:
    """Every card of a card list in the official layout, and every line it
    could not read (a missing or extra field, a number that does not look like
    one, an unknown type or attribute, a number twice with different data)."""
    out = OfficialList(source, encoding)
    first: dict[str, tuple[int, Card]] = {}
    layout = _layout(text)
    for line, raw in _records(text, len(layout)):
        read = _record_card(raw, layout)
        if isinstance(read, str):
            out.problems.append((line, read))
        else:
            _add_card(out, first, line, read)
    return out


def _record_card(raw: list[str], layout: tuple[str, ...]) -> Card | str:
    """The card of one record, or what is wrong with it."""
    if raw[0] == _NOT_CSV:
        return _("not CSV: {reason}", reason=raw[1])
    shape = _shape_problem(raw, len(layout))
    if shape:
        return shape
    fields = _row_fields(raw, len(layout))
    text_at = layout.index("text")
    fields[text_at] = _text(fields[text_at])
    try:
        return _card(fields, layout)
    except ValueError as err:
        return str(err)


def _shape_problem(raw: list[str], width: int) -> str | None:
    """What is wrong with the number of fields of a row (the last one is always empty), or None."""
    n = len(raw)
    if n < width:
        return _(
            "{n} fields, expected {expected} (ID … illustrator, then an empty field): a column is missing",
            n=n,
            expected=width,
        )
    if n > width:
        return _(
            "{n} fields, expected {expected} (ID … illustrator, then an empty field): an extra column",
            n=n,
            expected=width,
        )
    if raw[-1].strip():
        return _("the last field should be empty, not {v!r}: an extra column", v=nfkc(raw[-1]).strip()[:40])
    return None


def _row_fields(raw: list[str], width: int) -> list[str]:
    """The row's fields, NFKC-normalised and stripped."""
    # one NFKC a row (the unit separator is not in any field and NFKC keeps it)
    fields = [c.strip() for c in nfkc("\x1f".join(raw)).split("\x1f")]
    if len(fields) != width:  # a field held a \x1f of its own
        fields = [nfkc(c).strip() for c in raw]
    return fields


def _add_card(out: OfficialList, first: dict[str, tuple[int, Card]], line: int, card: Card) -> None:
    """Keep ``card`` read on ``line``: a repeat of the same card is noted, a
    number twice with different data is a problem."""
    seen = first.get(card.number)
    if seen is None:
        first[card.number] = (line, card)
        out.cards.append(card)
        out.lines[card.number] = line
    elif seen[1] == card:
        out.repeated.append((line, seen[0]))
    else:
        out.problems.append(
            (line, _("{number} is also on line {line} with different data", number=card.number, line=seen[0]))
        )
