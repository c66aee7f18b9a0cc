"""CSV import of a user's own card list: a header row, one card a row
(docs/cards.md), each row checked as a set file's card is
(:func:`core.cards.sets.card_meaning`), every problem named by its line and
column; :func:`cardset_from_csv` makes the rows a set of their own."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable
from datetime import date
from os import PathLike
from typing import Any

from core.cards.csvhead import csv_header
from core.cards.model import ATTRIBUTES, KANJI_ATTRIBUTE, PREFIX_TYPE, Card, CardSet, normalize_number
from core.cards.schema import DocPath, Problems, json_path, structure_problems
from core.cards.sets import card_from_doc, card_meaning, parse_set, read_text
from core.cards.setwrite import SCHEMA, card_to_dict
from core.errors import ValidationError, os_reason
from core.i18n import _

__all__ = [
    "CSV_COLUMNS",
    "CSV_DEFAULT_RATING",
    "CSV_REQUIRED",
    "cardset_from_csv",
    "parse_attributes",
    "parse_cost",
    "read_cards_csv",
]

CSV_COLUMNS = (
    "number",
    "name",
    "type",
    "attributes",
    "cost",
    "ex",
    "ap",
    "dp",
    "sp",
    "rarity",
    "rating",
    "text",
    "max_copies",
)
CSV_REQUIRED = ("number", "name", "attributes", "rarity")
#: Rating given to a card whose ``rating`` cell is blank.
CSV_DEFAULT_RATING = 2

_ATTR_TOKEN = re.compile(r"(snow|moon|flower|space|sun|star|雪|月|花|宙|日|無)\s*[:=]?\s*(\d*)", re.IGNORECASE)


def _attr_name(tok: str) -> str:
    return KANJI_ATTRIBUTE.get(tok, tok.lower())


def parse_attributes(text: str) -> list[str]:
    """``"snow moon"``, ``"snow|moon"``, ``"雪月"``, ``"雪・月"`` -> ``["snow", "moon"]``.
    Raises ValueError on anything else."""
    t = unicodedata.normalize("NFKC", text).strip()
    out: list[str] = []

    def take(m: re.Match[str]) -> str:
        out.append(_attr_name(m.group(1)))
        return "#" if m.group(2) else ""  # a count: not a list of attributes

    rest = _ATTR_TOKEN.sub(take, t)
    if re.sub(r"[\s|,/・;]+", "", rest):
        raise ValueError(
            _("{text!r} is not a list of attributes ({items} or 雪月花宙日無)", text=text, items=", ".join(ATTRIBUTES))
        )
    return out


def parse_cost(text: str) -> dict[str, int]:
    """``"snow:1 star:2"``, ``"snow=1,star=2"``, ``"雪1無2"``, ``"雪無無"`` -> ``{"snow": 1, "star": 2}``.
    Raises ValueError on anything else."""
    t = unicodedata.normalize("NFKC", text).strip()
    out: dict[str, int] = {}

    def take(m: re.Match[str]) -> str:
        a = _attr_name(m.group(1))
        out[a] = out.get(a, 0) + (int(m.group(2)) if m.group(2) else 1)
        return ""

    rest = _ATTR_TOKEN.sub(take, t)
    if re.sub(r"[\s|,/・;]+", "", rest):
        raise ValueError(_("{text!r} is not a cost like snow:1 star:2 or 雪1無2", text=text))
    return out


def _row_cells(row: list[str], cols: list[str], line: int, p: Problems) -> dict[str, str] | None:
    """{column: cell} of a row; None for a blank row, or one wider than the header (a problem)."""
    if not any(cell.strip() for cell in row):
        return None
    if len(row) > len(cols):
        p.add(_("line {line}", line=line), _("{n} cells but the header has {cols}", n=len(row), cols=len(cols)))
        return None
    return {c: (row[i].strip() if i < len(row) else "") for i, c in enumerate(cols)}


def _first_time(card: Card, line: int, first: dict[str, int], p: Problems) -> bool:
    """The card's number was not on an earlier line (``first``: number -> line, updated); else a problem."""
    if card.number in first:
        p.add(_cell(line, "number"), _("{number} is also on line {line}", number=card.number, line=first[card.number]))
        return False
    first[card.number] = line
    return True


def read_cards_csv(
    text: str, source: str = "<csv>", rarities: Iterable[str] | None = None, set_code: str = ""
) -> list[Card]:
    """Cards from a CSV card list (header row required; columns ``CSV_COLUMNS``,
    of which ``CSV_REQUIRED`` must be present).  Blank cells: type from the
    number prefix, no cost, EX 0, rating ``CSV_DEFAULT_RATING``, no text.
    Raises ValidationError naming the line and column of every problem."""
    p = Problems()
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    cols = csv_header(reader, source, CSV_REQUIRED, CSV_COLUMNS)
    rar = tuple(rarities) if rarities is not None else None
    cards: list[Card] = []
    first: dict[str, int] = {}
    for row in reader:
        line = reader.line_num
        cells = _row_cells(row, cols, line, p)
        if cells is None:
            continue
        card = _csv_card(cells, line, rar, set_code, p)
        if card is not None and _first_time(card, line, first, p):
            cards.append(card)
    _refuse_bad_csv(source, p, cards)
    return cards


def _refuse_bad_csv(source: str, p: Problems, cards: list[Card]) -> None:
    """ValidationError naming every problem of a CSV card list, or that it holds no card."""
    if p.items:
        raise ValidationError(source, p.items)
    if not cards:
        raise ValidationError(source, [(_("line {line}", line=2), _("no cards"))])


def _cell(line: int, key: str) -> str:
    return _("line {line}, column {key}", line=line, key=key)


#: What a blank cell of a number column means (the others: not given).
_BLANK_NUMBERS = {"ex": 0, "rating": CSV_DEFAULT_RATING}


def _csv_where(line: int, path: DocPath) -> str:
    """Where a card's problem is: its line and column (and the path inside the cell), or the line."""
    if not path:
        return _("line {line}", line=line)
    return _cell(line, str(path[0])) + json_path(path[1:], root="")


def _csv_card(cells: dict[str, str], line: int, rar: tuple[str, ...] | None, set_code: str, p: Problems) -> Card | None:
    """The card of one CSV row, or None with its problems added."""
    obj, bad = _csv_fields(cells, line, p)
    found = _csv_problems(obj, bad, rar)
    for path, what in found:
        p.add(_csv_where(line, path), what)
    if found or bad:
        return None
    return card_from_doc(obj, set_code)


def _csv_problems(obj: dict[str, Any], bad: set[str], rar: tuple[str, ...] | None) -> list:
    """What is wrong with a row's fields besides the ``bad`` cells already
    reported: its structure, then (when that holds) what it means."""
    found = [(path, what) for path, what in structure_problems(obj, "card") if not (path and path[0] in bad)]
    if not found and not bad:
        found = card_meaning(obj, rar)
    return found


def _csv_number(v: str, key: str, obj: dict[str, Any], bad: set[str], line: int, p: Problems) -> None:
    """One whole-number cell into ``obj`` (a blank one takes its default, if any); ``bad`` when it does not parse."""
    if v == "":
        if key in _BLANK_NUMBERS:
            obj[key] = _BLANK_NUMBERS[key]
        return
    try:
        obj[key] = int(unicodedata.normalize("NFKC", v))
    except ValueError:
        p.add(_cell(line, key), _("{v!r} is not a whole number", v=v))
        bad.add(key)


def _csv_identity(cells: dict[str, str]) -> dict[str, Any]:
    """A card's number, name and type (from the number's prefix when blank)."""
    num = normalize_number(cells["number"]) if cells.get("number") else None
    return {
        "number": num or cells.get("number", ""),
        "name": cells.get("name", ""),
        "type": cells.get("type") or (PREFIX_TYPE.get(num[:2]) if num else None) or "",
    }


def _csv_fields(cells: dict[str, str], line: int, p: Problems) -> tuple[dict[str, Any], set[str]]:
    """The card's fields as the set format has them, and the cells that did
    not parse (each already reported)."""
    obj = _csv_identity(cells)
    bad: set[str] = set()
    for key, parse in (("attributes", parse_attributes), ("cost", parse_cost)):
        try:
            obj[key] = parse(cells.get(key, ""))
        except ValueError as e:
            p.add(_cell(line, key), str(e))
            bad.add(key)
    for key in ("ex", "ap", "dp", "sp", "rating", "max_copies"):
        _csv_number(cells.get(key, ""), key, obj, bad, line, p)
    obj["rarity"] = cells.get("rarity", "")
    if cells.get("text"):
        obj["text"] = cells["text"]
    return obj, bad


def cardset_from_csv(
    source: str | PathLike | Any,
    *,
    code: str,
    name: str,
    version: str,
    release_date: date | str,
    rarities: Iterable[str] | None = None,
    text: str | None = None,
) -> CardSet:
    """A :class:`CardSet` (no booster, no starters) from a user's CSV card list.

    ``source`` is a path, or a label when ``text`` is given.  ``rarities``
    (lowest first) defaults to the rarities in the order first seen.
    The set gets its legality from ``version`` (matched against the calendar)
    or else ``release_date``.
    """
    text, label = _csv_text(source) if text is None else (text, str(source))
    cards = read_cards_csv(text, label, rarities, set_code=code)
    rar = tuple(rarities) if rarities is not None else tuple(dict.fromkeys(c.rarity for c in cards))
    data = {
        "schema": SCHEMA,
        "code": code,
        "name": name,
        "version": version,
        "release_date": release_date.isoformat() if isinstance(release_date, date) else release_date,
        "rarities": list(rar),
        "cards": [card_to_dict(c) for c in cards],
    }
    return parse_set(data, label)


def _csv_text(path: str | PathLike | Any) -> tuple[str, str]:
    """(text, source name) of a CSV card list file; ValidationError naming it when it cannot be read."""
    try:
        return read_text(path)
    except OSError as e:
        raise ValidationError(str(path), [(_("file"), _("cannot be read: {reason}", reason=os_reason(e)))]) from None
