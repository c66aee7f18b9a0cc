"""Reading and writing decklists.  Text: one ``COUNT NUMBER [name]`` a line
(``4 CH-0063 保科智子``), ``#`` comments, a line ``spare:`` (or ``スペア:``)
before the spare cards, ``deck:`` to go back; deck codes (card numbers
separated by spaces or commas, each once per copy); the table copied from
the official deck page.  CSV: columns ``section,count,number,name``.  Parse
errors name the file, the line and the reason, every problem at once."""

from __future__ import annotations

import csv
import io
import os
import re
import unicodedata
from collections import Counter
from os import PathLike
from pathlib import Path

from core.cards.csvhead import csv_header
from core.cards.deckmodel import (
    DECKLIST_MAX_BYTES,
    DECKLIST_MAX_LINES,
    MAX_LINE_COUNT,
    SECTION_WORDS,
    SECTIONS,
    DeckEntry,
    Decklist,
)
from core.cards.legality import Catalog
from core.cards.model import name_key, normalize_number
from core.errors import ValidationError, os_reason
from core.i18n import _
from core.names import whole
from core.textfiles import decoded

__all__ = [
    "CSV_COLUMNS",
    "card_number",
    "check_size",
    "decklist_to_csv",
    "decklist_to_text",
    "load_decklist",
    "parse_decklist",
    "read_decklist_csv",
    "read_decklist_file",
]

_COMMENT_RE = re.compile(r"(^|\s)#.*$")
_ENTRY_RE = re.compile(r"^(\d+)\s*[xX×枚]?\s+(\S+)(?:\s+(.*\S))?\s*$")
#: The count after the number, as players also write it: 「LO-0001 ×4」, 「LO-0001 x4」, 「LO-0001 カード名 4枚」.
_COUNT_AFTER_RES = (
    re.compile(r"^(\S+?)\s*(?:\s(.*\S)\s+)?[xX×]\s*(\d+)\s*$"),
    re.compile(r"^(\S+)(?:\s+(.*\S))?\s+(\d+)\s*枚\s*$"),
)
_SECTION_RE = re.compile(r"^([^\s:]+)\s*:\s*$")
#: A bare Overture number as community deck codes write it (0923, 0923-A): read as LO-0923.
_BARE_LO_RE = re.compile(r"^\d{4}(?:-[A-Za-z]{1,3})?$")
#: The official deck page's table: a header row (枚数, カード番号 ...), rows "4枚<TAB>LO-0923<TAB>name",
#: and a total row "合計 60" (or 合計:60枚).
_TABLE_COUNT_RE = re.compile(r"^(\d+)\s*枚?$")
_TOTAL_RE = re.compile(r"^合計\s*:?\s*(\d+)\s*枚?$")
_HEADER_WORDS = ("枚数", "カード番号", "デッキ名")
#: A deck code's card numbers, separated by spaces or commas.
_CODE_TOKEN_RE = re.compile(r"[^\s,、]+")


def _count(digits: str) -> int:
    """A count as written; one too long to be a count reads as just over the most a line may give
    (Python refuses to convert an integer of thousands of digits)."""
    return int(digits) if len(digits) <= 6 else MAX_LINE_COUNT + 1


def card_number(raw: str) -> str | None:
    """A card number as a decklist (and ``lycee card``) reads it: CH-0063,
    LO-0923-A, or an Overture number without its LO- (0923), None otherwise."""
    number = normalize_number(raw)
    if number is None and _BARE_LO_RE.match(raw.strip()):
        number = normalize_number("LO-" + raw.strip())
    return number


def _check_entry(
    count: int,
    raw_number: str,
    name: str,
    where: str,
    catalog: Catalog | None,
    problems: list[tuple[str, str]],
    row: bool = False,
) -> str | None:
    """The number of a decklist entry, or None with its problems added.  ``row``: a
    row of the official table copied with spaces, whose name may run on into the
    next columns (the name then only has to start with the card's)."""
    ok = True
    if not 1 <= count <= MAX_LINE_COUNT:
        problems.append((where, _("count {count} is not between 1 and {max}", count=count, max=MAX_LINE_COUNT)))
        ok = False
    number = card_number(raw_number)
    if number is None:
        problems.append((where, _("{number!r} is not a card number like CH-0063", number=raw_number)))
        return None
    if catalog is not None:
        problem = _catalog_problem(catalog, number, name, row)
        if problem:
            problems.append((where, problem))
            ok = False
    return number if ok else None


def _catalog_problem(catalog: Catalog, number: str, name: str, row: bool) -> str | None:
    """An entry's number unknown to the catalog, or its name not the card's (a row
    of the official table only has to start with it)."""
    known = catalog.name_of(number)
    if known is None:
        return _("unknown card number {number}", number=number)
    if _name_matches(name, known, row):
        return None
    return _("name {name!r} does not match {number} {known}", name=name, number=number, known=known)


def _name_matches(name: str, known: str, row: bool) -> bool:
    """An entry's name (none given matches) is the card's, or in a table ``row`` starts with it."""
    if not name or name_key(name) == name_key(known):
        return True
    return row and name_key(name).startswith(name_key(known))


def _deck_code(line: str) -> list[str] | None:
    """The numbers of a deck-code line (card numbers separated by spaces or commas,
    each once per copy), or None when the line is not one."""
    tokens = _CODE_TOKEN_RE.findall(line)
    if tokens and all(card_number(t) is not None for t in tokens):
        return tokens
    return None


def parse_decklist(text: str, source: str = "<decklist>", catalog: Catalog | None = None) -> Decklist:
    """A :class:`Decklist` from decklist text, as players bring it: ``COUNT NUMBER
    [name]`` lines; deck codes (card numbers separated by spaces or new lines,
    each once per copy; ``0923`` read as ``LO-0923``); or the table copied from
    the official deck page (tab- or space-separated ``4枚 LO-0923 name`` rows, a
    header row, a 合計 total row checked against the sum).  With a catalog,
    unknown numbers and names that do not match their number are errors too.
    Raises ValidationError(source, [("line N", reason), ...]) with every problem;
    a deck of the wrong size is a deck problem for the checks, not an error here;
    a text longer than a decklist may be is refused before it is read (:func:`check_size`)."""
    check_size(text, source)
    parse = _TextParse(catalog)
    for lineno, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        parse.read(lineno, raw)
    return parse.decklist(source)


class _TextParse:
    """The lines read so far: the entries of each section, the total rows and every problem."""

    def __init__(self, catalog: Catalog | None):
        self.catalog = catalog
        self.problems: list[tuple[str, str]] = []
        self.sections: dict[str, list[DeckEntry]] = {"deck": [], "spare": []}
        self.totals: list[tuple[str, int]] = []
        self.current = "deck"

    def read(self, lineno: int, raw: str) -> None:
        """One line: a section line, the table's header, a total row, a deck code, or an entry."""
        line = _COMMENT_RE.sub("", unicodedata.normalize("NFKC", raw)).strip()
        if not line:
            return
        where = _("line {line}", line=lineno)
        for step in (self._section, self._header, self._total, self._deck_code):
            if step(line, where, lineno):
                return
        self._entry(line, raw, where, lineno)

    def _section(self, line: str, where: str, lineno: int) -> bool:
        m = _SECTION_RE.match(line)
        if not m:
            return False
        word = SECTION_WORDS.get(m.group(1).casefold())
        if word is None:
            self.problems.append((where, _("unknown section {section!r} (use spare: or スペア:)", section=m.group(1))))
        else:
            self.current = word
        return True

    def _header(self, line: str, where: str, lineno: int) -> bool:
        return line.split()[0] in _HEADER_WORDS

    def _total(self, line: str, where: str, lineno: int) -> bool:
        m = _TOTAL_RE.match(line)
        if m:
            self.totals.append((where, _count(m.group(1))))
        return bool(m)

    def _deck_code(self, line: str, where: str, lineno: int) -> bool:
        code = _deck_code(line)
        if code is None:
            return False
        for raw_number, count in Counter(code).items():
            self._add(count, raw_number, "", where, lineno)
        return True

    def _entry(self, line: str, raw: str, where: str, lineno: int) -> None:
        fields = _entry_fields(line)
        if fields is None:
            self.problems.append(
                (
                    where,
                    _(
                        "expected 'COUNT NUMBER [name]', card numbers, or a 枚数/カード番号 row; got {line!r}",
                        line=raw.strip(),
                    ),
                )
            )
            return
        count, raw_number, name, table_row = fields
        self._add(count, raw_number, name, where, lineno, table_row)

    def _add(self, count: int, raw_number: str, name: str, where: str, lineno: int, table_row: bool = False) -> None:
        number = _check_entry(count, raw_number, name, where, self.catalog, self.problems, table_row)
        if number is not None:
            self.sections[self.current].append(DeckEntry(count, number, name, lineno))

    def _check_totals(self) -> None:
        """Each total row against the count of the rows read."""
        have = sum(e.count for sec in self.sections.values() for e in sec)
        for where, total in self.totals:
            if total != have:
                self.problems.append(
                    (where, _("the total row says {total} cards but the rows add up to {have}", total=total, have=have))
                )

    def decklist(self, source: str) -> Decklist:
        """The decklist read, once the total rows are checked against it; else
        ValidationError naming every problem."""
        if self.totals and not self.problems:
            self._check_totals()
        if self.problems:
            raise ValidationError(source, self.problems)
        return Decklist(tuple(self.sections["deck"]), tuple(self.sections["spare"]), source)


def _entry_fields(line: str) -> tuple[int, str, str, bool] | None:
    """(count, number as written, name, whether a row of the official table) of an entry line, or None."""
    cells = [c.strip() for c in line.split("\t")]
    row = _TABLE_COUNT_RE.match(cells[0]) if len(cells) >= 2 else None
    got = _table_row_fields(row, cells) if row else _entry_line_fields(line)
    if got is None:
        return None
    count, raw_number, name = got
    return count, raw_number, name, bool(row) or "枚" in line.split()[0]


def _table_row_fields(row: re.Match[str], cells: list[str]) -> tuple[int, str, str]:
    """(count, number as written, name) of a row of the official table."""
    return _count(row.group(1)), cells[1], (cells[2] if len(cells) > 2 else "")


def _entry_line_fields(line: str) -> tuple[int, str, str] | None:
    """(count, number as written, name) of a written entry line, or None when it is not one."""
    m = _ENTRY_RE.match(line)
    if m:
        return _count(m.group(1)), m.group(2), (m.group(3) or "")
    for after in _COUNT_AFTER_RES:
        m = after.match(line)
        if m:
            return _count(m.group(3)), m.group(1), (m.group(2) or "")
    return None


CSV_COLUMNS = ("section", "count", "number", "name")


def read_decklist_csv(text: str, source: str = "<decklist.csv>", catalog: Catalog | None = None) -> Decklist:
    """A :class:`Decklist` from CSV with a header row: ``count`` and ``number``
    required, ``section`` (deck/spare, blank = deck) and ``name`` optional."""
    check_size(text, source)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    header = csv_header(reader, source, ("count", "number"), CSV_COLUMNS)
    problems: list[tuple[str, str]] = []
    sections: dict[str, list[DeckEntry]] = {"deck": [], "spare": []}
    for row in reader:
        if _blank_row(row):
            continue
        cells = _row_cells(header, row)
        entry = _csv_entry(cells, reader.line_num, catalog, problems)
        if entry is not None:
            sections[entry[0]].append(entry[1])
    if problems:
        raise ValidationError(source, problems)
    return Decklist(tuple(sections["deck"]), tuple(sections["spare"]), source)


def _blank_row(row: list[str]) -> bool:
    """Whether every cell of a CSV row is blank."""
    return not any(c.strip() for c in row)


def _row_cells(header: list[str], row: list[str]) -> dict[str, str]:
    """A CSV row's cells by column, stripped (a missing cell blank)."""
    return {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(header)}


def _csv_entry(
    cells: dict[str, str], lineno: int, catalog: Catalog | None, problems: list[tuple[str, str]]
) -> tuple[str, DeckEntry] | None:
    """(section, entry) of one CSV row, or None with its problems added."""
    where = _("line {line}", line=lineno)
    section = _csv_section(cells.get("section", ""))
    if section is None:
        problems.append((where, _("section {section!r} is not deck or spare", section=cells["section"])))
    count = whole(unicodedata.normalize("NFKC", cells.get("count", "")), 4)
    if count is None:
        problems.append((where, _("count {count!r} is not a whole number", count=cells.get("count", ""))))
        return None
    name = _unformula(cells.get("name", ""))
    number = _check_entry(count, cells.get("number", ""), name, where, catalog, problems)
    if number is None or section is None:
        return None
    return section, DeckEntry(count, number, name, lineno)


def _csv_section(cell: str) -> str | None:
    """The section a CSV row's cell names (blank: the deck), None when it names none."""
    word = unicodedata.normalize("NFKC", cell).strip().rstrip(":").casefold()
    return SECTION_WORDS.get(word, "deck" if not word else None)


def _too_big(what: str, source: str) -> ValidationError:
    return ValidationError(source, [(_("the whole list"), what)])


def check_size(text: str, source: str) -> None:
    """L-DECK-SIZE: decklist text (pasted, from a phone, from a file) is at most
    DECKLIST_MAX_BYTES bytes and DECKLIST_MAX_LINES lines; else a
    ValidationError naming the limit, before a line is read."""
    size = len(text) if len(text) > DECKLIST_MAX_BYTES else len(text.encode("utf-8"))
    if size > DECKLIST_MAX_BYTES:
        raise _too_big(_bytes_words(size), source)
    lines = text.count("\n") + (not text.endswith("\n"))
    if lines > DECKLIST_MAX_LINES:
        raise _too_big(
            _(
                "{n} lines, more than the {limit} a decklist may have: nothing was read or stored",
                n=lines,
                limit=DECKLIST_MAX_LINES,
            ),
            source,
        )


def _bytes_words(size: int) -> str:
    return _(
        "{size} bytes, more than the {limit} a decklist may have (a big list is a few KB): nothing was read or stored",
        size=f"{size:,}",
        limit=f"{DECKLIST_MAX_BYTES:,}",
    )


def read_decklist_file(path: str | PathLike) -> tuple[str, str]:
    """(text, source) of a decklist file, read only up to the size a decklist
    may have (L-DECK-SIZE: a larger file is refused before it is read) and
    decoded as UTF-8 or Shift_JIS (else the line and byte where it stops
    reading as text, core.textfiles.decoded)."""
    source = str(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(DECKLIST_MAX_BYTES + 1)
            size = max(os.fstat(f.fileno()).st_size, len(raw))
    except OSError as e:  # named where it was looked for: a name typed in the app is read from its folder
        where = os.path.abspath(path)
        raise ValidationError(where, [(_("file"), _("cannot be read: {reason}", reason=os_reason(e)))]) from None
    if len(raw) > DECKLIST_MAX_BYTES:
        raise _too_big(_bytes_words(size), source)
    return decoded(raw, source)[0], source


def load_decklist(path: str | PathLike, catalog: Catalog | None = None) -> Decklist:
    """A decklist file: CSV when the name ends in .csv, else the text format."""
    text, source = read_decklist_file(path)
    if Path(str(path)).suffix.lower() == ".csv":
        return read_decklist_csv(text, source, catalog)
    return parse_decklist(text, source, catalog)


def _name(entry: DeckEntry, catalog: Catalog | None) -> str:
    if catalog is not None:
        return catalog.name_of(entry.number) or entry.name
    return entry.name


def decklist_to_text(deck: Decklist, catalog: Catalog | None = None) -> str:
    """The text format; names from the catalog when given (else as written)."""
    out = []
    for e in deck.deck:
        out.append(f"{e.count} {e.number} {_name(e, catalog)}".rstrip())
    if deck.spare:
        out.append("spare:")
        for e in deck.spare:
            out.append(f"{e.count} {e.number} {_name(e, catalog)}".rstrip())
    return "\n".join(out) + "\n"


def _formula_safe(cell: str) -> str:
    """A spreadsheet never runs a cell that starts with = + - @: prefix it with '."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@") else cell


def _unformula(cell: str) -> str:
    return cell[1:] if cell[:1] == "'" and cell[1:2] in ("=", "+", "-", "@") else cell


def decklist_to_csv(deck: Decklist, catalog: Catalog | None = None) -> str:
    """CSV ``section,count,number,name`` (formula-looking cells made inert)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for section in SECTIONS:
        for e in deck.section(section):
            name = _name(e, catalog)
            w.writerow([section, e.count, e.number, _formula_safe(name)])
    return buf.getvalue()
