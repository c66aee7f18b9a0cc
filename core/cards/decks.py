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

import csv
import io
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from os import PathLike
from pathlib import Path
from typing import Protocol

from core import labels
from core.cards.legality import Catalog, as_date
from core.cards.model import Card, base_number, name_key, normalize_number
from core.cards.sets import read_source
from core.errors import ValidationError
from core.i18n import _, join_list
from core.names import whole

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

CONSTRUCTED_SIZE = 60
NAME_LIMIT = 4
SPARE_MAX = 12  # G-SPARE-1
SEALED_SIZE = 40  # G-SEALED
DRAFT_CARDS_PER_PACK = 10  # G-DRAFT-4
DRAFT_PACKS = range(4, 7)  # G-DRAFT-2: 4 to 6 boosters per player
MAX_LINE_COUNT = 60  # the most copies one decklist line may give
RULE_CONSTRUCTED_SIZE = "R-DECK-60"
RULE_NAME_LIMIT = "R-DECK-4"
SECTIONS = ("deck", "spare")
#: The rule sets an event plays by: the 2008 guideline's game, or Lycee Overture.
RULES = ("2008", "overture")
OVERTURE_SIZE = 60  # O-DECK-60
OVERTURE_COPIES = 4  # O-DECK-4, per base number
RULE_O_SIZE = "O-DECK-60"
RULE_O_COPIES = "O-DECK-4"
RULE_O_KNOWN = "O-CARDS-KNOWN"
RULE_O_ONSALE = "O-CARDS-ONSALE"
RULE_O_RESTRICT = "O-DECK-RESTRICT"
#: The code of a problem the desk lists but cannot judge (a 構築制限 it cannot read yet).
NOT_CHECKED = "not_checked"

_SECTION_WORDS = {
    "deck": "deck",
    "main": "deck",
    "maindeck": "deck",
    "デッキ": "deck",
    "メイン": "deck",
    "spare": "spare",
    "spares": "spare",
    "sideboard": "spare",
    "スペア": "spare",
    "スペアカード": "spare",
}


# -- data --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckEntry:
    count: int
    number: str
    name: str = ""  # as written, only for cross-checking
    line: int | None = None


@dataclass(frozen=True)
class Decklist:
    deck: tuple[DeckEntry, ...] = ()
    spare: tuple[DeckEntry, ...] = ()
    source: str = ""

    @classmethod
    def from_counts(
        cls, deck: Mapping[str, int] | Iterable[str], spare: Mapping[str, int] | Iterable[str] = (), source: str = ""
    ) -> Decklist:
        """A decklist from {number: count} mappings or lists of numbers."""

        def entries(x: Mapping[str, int] | Iterable[str]) -> tuple[DeckEntry, ...]:
            return tuple(DeckEntry(n, num) for num, n in _counter(x).items() if n)

        return cls(entries(deck), entries(spare), source)

    def section(self, section: str) -> tuple[DeckEntry, ...]:
        if section not in SECTIONS:
            raise ValueError(f"section is deck or spare, not {section!r}")
        return self.deck if section == "deck" else self.spare

    def counts(self, section: str = "deck") -> Counter:
        """{number: copies} of a section (lines with the same number added up)."""
        c: Counter = Counter()
        for e in self.section(section):
            c[e.number] += e.count
        return c

    @property
    def deck_size(self) -> int:
        return sum(e.count for e in self.deck)

    @property
    def spare_size(self) -> int:
        return sum(e.count for e in self.spare)


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One way a deck breaks a rule."""

    rule: str
    #: Short machine-readable kind, for translation: size, name_limit, unknown,
    #: illegal, spare_count, spare_match, pool.
    code: str
    message: str
    number: str | None = None
    section: str | None = None  # "deck" | "spare" | None for the whole list
    #: Every card number the problem involves (``number`` is the first of them).
    numbers: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"

    @property
    def blocking(self) -> bool:
        """False for what the desk lists without judging (code ``not_checked``)."""
        return self.code != NOT_CHECKED


def _counter(x: Mapping[str, int] | Iterable[str] | Decklist | None) -> Counter:
    if x is None:
        return Counter()
    if isinstance(x, Decklist):
        return x.counts("deck") + x.counts("spare")
    if isinstance(x, Mapping):
        return Counter({k: v for k, v in x.items()})
    return Counter(x)


# -- parsing ----------------------------------------------------------------------------

_COMMENT_RE = re.compile(r"(^|\s)#.*$")
_ENTRY_RE = re.compile(r"^(\d+)\s*[xX×枚]?\s+(\S+)(?:\s+(.*\S))?\s*$")
_SECTION_RE = re.compile(r"^([^\s:]+)\s*:\s*$")
#: A bare Overture number as community deck codes write it (0923, 0923-A): read as LO-0923.
_BARE_LO_RE = re.compile(r"^\d{4}(?:-[A-Za-z]{1,3})?$")
#: The official deck page's table: a header row (枚数, カード番号 ...), rows "4枚<TAB>LO-0923<TAB>name",
#: and a total row "合計 60" (or 合計:60枚).
_TABLE_COUNT_RE = re.compile(r"^(\d+)\s*枚?$")
_TOTAL_RE = re.compile(r"^合計\s*:?\s*(\d+)\s*枚?$")
_HEADER_WORDS = ("枚数", "カード番号", "デッキ名")


def _count(digits: str) -> int:
    """A count as written; one too long to be a count reads as just over the most a line may give
    (Python refuses to convert an integer of thousands of digits)."""
    return int(digits) if len(digits) <= 6 else MAX_LINE_COUNT + 1


def _number_of(raw: str) -> str | None:
    """A card number as written: CH-0063, LO-0923-A, or an Overture number without its LO- (0923)."""
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
    number = _number_of(raw_number)
    if number is None:
        problems.append((where, _("{number!r} is not a card number like CH-0063", number=raw_number)))
        return None
    if catalog is not None:
        known = catalog.name_of(number)
        if known is None:
            problems.append((where, _("unknown card number {number}", number=number)))
            ok = False
        elif name and name_key(name) != name_key(known) and not (row and name_key(name).startswith(name_key(known))):
            problems.append(
                (where, _("name {name!r} does not match {number} {known}", name=name, number=number, known=known))
            )
            ok = False
    return number if ok else None


def _deck_code(line: str) -> list[str] | None:
    """The numbers of a deck-code line (card numbers separated by spaces or commas,
    each once per copy), or None when the line is not one."""
    tokens = [t for t in re.split(r"[\s,、]+", line) if t]
    if tokens and all(_number_of(t) is not None for t in tokens):
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
    a deck of the wrong size is a deck problem for the checks, not an error here."""
    problems: list[tuple[str, str]] = []
    sections: dict[str, list[DeckEntry]] = {"deck": [], "spare": []}
    totals: list[tuple[str, int]] = []
    current = "deck"
    for lineno, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = _COMMENT_RE.sub("", unicodedata.normalize("NFKC", raw)).strip()
        if not line:
            continue
        where = _("line {line}", line=lineno)
        m = _SECTION_RE.match(line)
        if m:
            word = _SECTION_WORDS.get(m.group(1).casefold())
            if word is None:
                problems.append((where, _("unknown section {section!r} (use spare: or スペア:)", section=m.group(1))))
            else:
                current = word
            continue
        if line.split()[0] in _HEADER_WORDS:
            continue
        m = _TOTAL_RE.match(line)
        if m:
            totals.append((where, _count(m.group(1))))
            continue
        code = _deck_code(line)
        if code is not None:
            for raw_number, count in Counter(code).items():
                number = _check_entry(count, raw_number, "", where, catalog, problems)
                if number is not None:
                    sections[current].append(DeckEntry(count, number, "", lineno))
            continue
        cells = [c.strip() for c in line.split("\t")]
        row = _TABLE_COUNT_RE.match(cells[0]) if len(cells) >= 2 else None
        if row:
            count, raw_number, name = _count(row.group(1)), cells[1], (cells[2] if len(cells) > 2 else "")
        else:
            m = _ENTRY_RE.match(line)
            if not m:
                problems.append(
                    (
                        where,
                        _(
                            "expected 'COUNT NUMBER [name]', card numbers, or a 枚数/カード番号 row; got {line!r}",
                            line=raw.strip(),
                        ),
                    )
                )
                continue
            count, raw_number, name = _count(m.group(1)), m.group(2), (m.group(3) or "")
        table_row = bool(row) or "枚" in line.split()[0]
        number = _check_entry(count, raw_number, name, where, catalog, problems, table_row)
        if number is not None:
            sections[current].append(DeckEntry(count, number, name, lineno))
    if totals and not problems:
        have = sum(e.count for sec in sections.values() for e in sec)
        for where, total in totals:
            if total != have:
                problems.append(
                    (where, _("the total row says {total} cards but the rows add up to {have}", total=total, have=have))
                )
    if problems:
        raise ValidationError(source, problems)
    return Decklist(tuple(sections["deck"]), tuple(sections["spare"]), source)


CSV_COLUMNS = ("section", "count", "number", "name")


def read_decklist_csv(text: str, source: str = "<decklist.csv>", catalog: Catalog | None = None) -> Decklist:
    """A :class:`Decklist` from CSV with a header row: ``count`` and ``number``
    required, ``section`` (deck/spare, blank = deck) and ``name`` optional."""
    problems: list[tuple[str, str]] = []
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise ValidationError(source, [(_("line {line}", line=1), _("empty file: expected a header row"))]) from None
    for c in ("count", "number"):
        if c not in header:
            problems.append((_("line {line}", line=1), _("missing column {c!r}", c=c)))
    for c in header:
        if c and c not in CSV_COLUMNS:
            problems.append(
                (
                    _("line {line}", line=1),
                    _("unknown column {c!r} (known: {items})", c=c, items=", ".join(CSV_COLUMNS)),
                )
            )
    if problems:
        raise ValidationError(source, problems)
    sections: dict[str, list[DeckEntry]] = {"deck": [], "spare": []}
    for row in reader:
        lineno = reader.line_num
        if not any(c.strip() for c in row):
            continue
        where = _("line {line}", line=lineno)
        cells = {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(header)}
        sec_raw = unicodedata.normalize("NFKC", cells.get("section", "")).strip().rstrip(":").casefold()
        section = _SECTION_WORDS.get(sec_raw, "deck" if not sec_raw else None)
        if section is None:
            problems.append((where, _("section {section!r} is not deck or spare", section=cells["section"])))
        count = whole(unicodedata.normalize("NFKC", cells.get("count", "")), 4)
        if count is None:
            problems.append((where, _("count {count!r} is not a whole number", count=cells.get("count", ""))))
            continue
        name = _unformula(cells.get("name", ""))
        number = _check_entry(count, cells.get("number", ""), name, where, catalog, problems)
        if number is not None and section is not None:
            sections[section].append(DeckEntry(count, number, name, lineno))
    if problems:
        raise ValidationError(source, problems)
    return Decklist(tuple(sections["deck"]), tuple(sections["spare"]), source)


def load_decklist(path: str | PathLike, catalog: Catalog | None = None) -> Decklist:
    """A decklist file: CSV when the name ends in .csv, else the text format."""
    text, source = read_source(path)
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


# -- checks --------------------------------------------------------------------------------


def deck_size(kind: str, packs: int | None = None) -> int:
    """The deck size a format requires: 60 constructed, 40 sealed (G-SEALED),
    packs x 10 draft (G-DRAFT-4)."""
    if kind == "constructed":
        return CONSTRUCTED_SIZE
    if kind == "sealed":
        return SEALED_SIZE
    if kind == "draft":
        if packs is None or packs < 1:
            raise ValueError("a draft deck size needs the number of packs")
        return packs * DRAFT_CARDS_PER_PACK
    raise ValueError(f"unknown kind {kind!r}")


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
            _("{what} deck has {have} cards; it must be exactly {want}", what=what, have=have, want=want),
            None,
            "deck",
        )
    ]


def _name_limit(deck: Decklist, catalog: Catalog, limit: int, sealed: bool = False) -> list[DeckProblem]:
    """R-DECK-4 over deck and spares together; a card's max_copies overrides."""
    groups: dict[str, dict] = {}
    total = deck.counts("deck") + deck.counts("spare")
    for number, n in total.items():
        name = catalog.name_of(number) or number
        g = groups.setdefault(name_key(name), {"name": name, "n": 0, "numbers": [], "limit": None})
        g["n"] += n
        g["numbers"].append(number)
        card = catalog.get(number)
        if card is not None and card.max_copies is not None:
            g["limit"] = max(g["limit"] or 0, card.max_copies)
    out = []
    for g in groups.values():
        allowed = g["limit"] if g["limit"] is not None else limit
        if g["n"] > allowed:
            nums = join_list(sorted(g["numbers"]))
            out.append(
                DeckProblem(
                    RULE_NAME_LIMIT,
                    "name_limit",
                    (
                        _(
                            "{n} cards named {name} ({numbers}) in deck and spares; at most {allowed} "
                            "(sealed keeps the name limit)",
                            n=g["n"],
                            name=g["name"],
                            numbers=nums,
                            allowed=allowed,
                        )
                        if sealed
                        else _(
                            "{n} cards named {name} ({numbers}) in deck and spares; at most {allowed}",
                            n=g["n"],
                            name=g["name"],
                            numbers=nums,
                            allowed=allowed,
                        )
                    ),
                    min(g["numbers"]),
                    None,
                )
            )
    return out


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


def _spares(deck: Decklist, match: str) -> list[DeckProblem]:
    out = []
    if deck.spare_size and match != "bo3":
        out.append(
            DeckProblem(
                "G-SPARE-1",
                "spare_match",
                _("{n} spare cards, but spare cards are only for best of three", n=deck.spare_size),
                None,
                "spare",
            )
        )
    if deck.spare_size > SPARE_MAX:
        out.append(
            DeckProblem(
                "G-SPARE-1",
                "spare_count",
                _("{n} spare cards; at most {max}", n=deck.spare_size, max=SPARE_MAX),
                None,
                "spare",
            )
        )
    return out


def _pool(deck: Decklist, pool: Counter, rule: str) -> list[DeckProblem]:
    out = []
    deck_c, spare_c = deck.counts("deck"), deck.counts("spare")
    for number, n in deck_c.items():
        if n > pool.get(number, 0):
            have = pool.get(number, 0)
            msg = (
                _("{number}: not in the pool", number=number)
                if not have
                else _("{number}: {n} in the deck but the pool holds {have}", number=number, n=n, have=have)
            )
            out.append(DeckProblem(rule, "pool", msg, number, "deck"))
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
    problems += _spares(deck, match)
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
        problems += _pool(deck, _counter(pool), "G-SEALED")
    if on is not None:
        problems += _legality(deck, catalog, as_date(on), unknown)
    problems += _spares(deck, match)
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
        problems += _pool(deck, _counter(pool), "G-DRAFT-1")
    if on is not None:
        problems += _legality(deck, catalog, as_date(on), unknown)
    problems += _spares(deck, match)
    return problems


# -- Lycee Overture (O-*) -------------------------------------------------------------------


class OvertureCards(Protocol):
    """What the Overture check needs of a card list: a card by its number."""

    def get(self, number: str) -> Card | None: ...


#: number -> (legal, reason): whether a card may be played on the event's date (O-CARDS-ONSALE);
#: legal None when it cannot be told (a product with no on-sale date): listed as not checked.
Legal = Callable[[str], tuple[bool | None, str]]


def _deck_cards(deck: Decklist, cards: OvertureCards) -> list:
    from core.cards.restrictions import DeckCard

    total = deck.counts("deck") + deck.counts("spare")
    return [DeckCard(number, n, cards.get(number)) for number, n in sorted(total.items()) if n]


def deck_class(deck: Decklist, cards: OvertureCards) -> tuple[str, tuple[str, ...]]:
    """シングル or ミックス: ``("single", brands)`` when every card shares a brand
    (a card of several brands counts for each), ``("mix", ())`` when not, and
    ``("unknown", ())`` when a card is not in the list or has no brand."""
    from core.cards.restrictions import brands_of

    shared: set[str] | None = None
    for d in _deck_cards(deck, cards):
        own = brands_of(d.card) if d.card is not None else frozenset()
        if not own:
            return "unknown", ()
        shared = set(own) if shared is None else shared & own
    if not shared:
        return ("mix", ()) if shared is not None else ("unknown", ())
    return "single", tuple(sorted(shared))


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
) -> list[DeckProblem]:
    """Every problem of a Lycee Overture constructed deck: O-CARDS-KNOWN,
    O-DECK-60, O-DECK-4 (per base number, deck and spares together),
    O-CARDS-ONSALE (``legal`` decides; without it the dates are listed as not
    checked), O-DECK-RESTRICT (every card's 構築制限 against the deck and spares
    together), G-SPARE-1.  A problem with code ``not_checked`` is listed but
    not blocking (:attr:`DeckProblem.blocking`)."""
    from core.cards.restrictions import restrictions_of

    problems: list[DeckProblem] = []
    held = _deck_cards(deck, cards)
    section = {n: ("deck" if n in deck.counts("deck") else "spare") for n in (d.number for d in held)}
    for d in held:
        if d.card is None:
            problems.append(
                DeckProblem(
                    RULE_O_KNOWN,
                    "unknown",
                    _("{number}: not in the card list", number=d.number),
                    d.number,
                    section[d.number],
                    (d.number,),
                )
            )
    if deck.deck_size != OVERTURE_SIZE:
        problems.append(
            DeckProblem(
                RULE_O_SIZE,
                "size",
                _(
                    "the deck has {have} cards; an Overture deck is exactly {want}",
                    have=deck.deck_size,
                    want=OVERTURE_SIZE,
                ),
                None,
                "deck",
            )
        )
    by_base: dict[str, list] = {}
    for d in held:
        by_base.setdefault(d.base, []).append(d)
    for base, group in sorted(by_base.items()):
        n = sum(d.count for d in group)
        if n > OVERTURE_COPIES:
            numbers = tuple(d.number for d in group)
            problems.append(
                DeckProblem(
                    RULE_O_COPIES,
                    "copies",
                    _(
                        "{n} cards of number {base} ({numbers}) in deck and spares; at most {max}, "
                        "a parallel counting as its base number",
                        n=n,
                        base=base,
                        numbers=join_list(numbers),
                        max=OVERTURE_COPIES,
                    ),
                    numbers[0],
                    None,
                    numbers,
                )
            )
    known = [d for d in held if d.card is not None]
    if legal is None:
        if known:
            problems.append(
                DeckProblem(
                    RULE_O_ONSALE,
                    NOT_CHECKED,
                    _("not checked: on-sale dates (no store calendar given)"),
                )
            )
    else:
        for d in known:
            ok, reason = legal(d.number)
            if ok is None:
                problems.append(
                    DeckProblem(
                        RULE_O_ONSALE,
                        NOT_CHECKED,
                        _("not checked: {reason}", reason=reason)
                        if reason.startswith(d.number)
                        else _("not checked: on-sale date of {number} ({reason})", number=d.number, reason=reason),
                        d.number,
                        section[d.number],
                        (d.number,),
                    )
                )
            elif not ok:
                problems.append(
                    DeckProblem(
                        RULE_O_ONSALE,
                        "illegal",
                        reason
                        if reason.startswith(d.number)
                        else _("{number}: not legal: {reason}", number=d.number, reason=reason),
                        d.number,
                        section[d.number],
                        (d.number,),
                    )
                )
    seen: set[tuple[str, str]] = set()
    for d in known:
        assert d.card is not None
        for r in restrictions_of(d.card):
            key = (d.base, r.line)
            if key in seen:  # a parallel prints its base card's restriction again
                continue
            seen.add(key)
            found = r.check(known)
            if not found.ok:
                problems.append(
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
                problems.append(
                    DeckProblem(
                        RULE_O_RESTRICT,
                        NOT_CHECKED,
                        _("not checked: {line} ({number}: {why})", line=r.line, number=d.number, why=found.unsure),
                        d.number,
                        None,
                        (d.number,),
                    )
                )
    problems += _spares(deck, match)
    return problems


def _legal_on(catalog: Catalog, on: date) -> Legal:
    """The catalog's verdict on a date as a ``legal(number)`` callable."""

    def legal(number: str) -> tuple[bool | None, str]:
        verdict = catalog.is_legal(number, on)
        if getattr(verdict, "status", "") == "undated":
            return None, verdict.reason
        return bool(verdict), verdict.reason

    return legal


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
        if kind != "constructed":
            raise ValueError("Overture rules check constructed decks")
        if legal is None and on is not None:
            legal = _legal_on(catalog, as_date(on))
        return check_overture(deck, catalog, legal=legal, match=match)
    if rules != "2008":
        raise ValueError(f"unknown rules {rules!r}")
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


# -- comparing a deck with its list (G-DECKLIST) ------------------------------------------


@dataclass(frozen=True, slots=True)
class DiffLine:
    section: str  # deck | spare
    number: str
    registered: int
    presented: int

    @property
    def missing(self) -> int:
        return max(0, self.registered - self.presented)

    @property
    def extra(self) -> int:
        return max(0, self.presented - self.registered)


@dataclass(frozen=True)
class DeckDiff:
    lines: tuple[DiffLine, ...] = field(default_factory=tuple)

    @property
    def same(self) -> bool:
        return not self.lines

    def __bool__(self) -> bool:  # truthy when there are differences
        return bool(self.lines)

    def missing(self, section: str | None = None) -> list[DiffLine]:
        return [d for d in self.lines if d.missing and (section is None or d.section == section)]

    def extra(self, section: str | None = None) -> list[DiffLine]:
        return [d for d in self.lines if d.extra and (section is None or d.section == section)]

    def describe(self, catalog: Catalog | None = None) -> list[str]:
        out = []
        for d in self.lines:
            name = (catalog.name_of(d.number) if catalog else None) or ""
            label = f"{d.number} {name}".rstrip()
            if d.missing:
                out.append(
                    _(
                        "{section}: {card}: registered {registered}, presented {presented} ({n} missing)",
                        section=labels.section_label(d.section),
                        card=label,
                        registered=d.registered,
                        presented=d.presented,
                        n=d.missing,
                    )
                )
            else:
                out.append(
                    _(
                        "{section}: {card}: registered {registered}, presented {presented} ({n} extra)",
                        section=labels.section_label(d.section),
                        card=label,
                        registered=d.registered,
                        presented=d.presented,
                        n=d.extra,
                    )
                )
        return out


def compare(registered: Decklist, presented: Decklist, *, by_base: bool = False) -> DeckDiff:
    """How the presented deck differs from the registered list, per card and
    section (G-DECKLIST).  ``by_base``: a parallel counts as its base number."""
    lines = []
    for section in SECTIONS:
        a, b = registered.counts(section), presented.counts(section)
        if by_base:
            a = _by_base(a)
            b = _by_base(b)
        for number in sorted(set(a) | set(b)):
            if a.get(number, 0) != b.get(number, 0):
                lines.append(DiffLine(section, number, a.get(number, 0), b.get(number, 0)))
    return DeckDiff(tuple(lines))


def _by_base(c: Counter) -> Counter:
    out: Counter = Counter()
    for k, v in c.items():
        out[base_number(k)] += v
    return out
