"""The store and its members (the regulars): what is kept and how it changes (issue 47).

Pure: every change is a function from the stored tables to new tables (and
what to say), refused with a :class:`LyceeError` naming what is wrong and
where before anything changes; :mod:`core.store.members` writes the result
durably.  Reading the file needs no lock (a write replaces it whole).

``<data dir>/members/members.json`` is one TinyDB file with four tables:

- ``members``: ``{"number": "M001", "name": "田中美咲", "reading": "たなかみさき"}``;
- ``retired``: numbers no longer in the list, never given again: a member
  removed (``"merged_into": null``: forgotten, their personal data gone)
  or merged into another (``"merged_into": "M001"``);
- ``store``: one document, the store (``name``, ``number``, ``place``);
- ``log``: every change (add, rename, remove, merge, import, store), with its time.

Member numbers are text (``M001``, ``0012``): NFKC-folded (a full-width
``Ｍ００１`` is ``M001``), upper case, letters, digits, ``-`` and ``_``.
Two members may share a name; their numbers tell them apart everywhere
(:func:`shown_name`).  Events carry the number in ``players[].member``: a
member removed keeps their results under their number, without a name.
"""

from __future__ import annotations

import bisect
import csv
import heapq
import io
import json
import os
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Any

from core.errors import LyceeError
from core.i18n import _
from core.names import check_reading, check_text, fold_name, fold_text, name_sort_key, to_hiragana, visible
from core.textfiles import decoded

__all__ = [
    "Member",
    "MemberIndex",
    "members_of",
    "member",
    "store_info",
    "resolve",
    "shown_name",
]

MEMBERS_DIR = "members"
MEMBERS_FILE = "members.json"
NUMBER_MAX = 32
_NUMBER = re.compile(r"^[A-Z0-9][A-Z0-9_-]*$")
_AUTO = re.compile(r"^M(\d+)$")
#: The longest store name, store number and place kept.
STORE_TEXT_MAX = 200


@dataclass(frozen=True, slots=True)
class Member:
    """One member of the store's list."""

    number: str
    name: str
    reading: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name, "reading": self.reading}


def members_path(root: str | os.PathLike) -> Path:
    """``<data dir>/members/members.json``."""
    return Path(root) / MEMBERS_DIR / MEMBERS_FILE


def read_raw(root: str | os.PathLike) -> dict[str, Any]:
    """The stored tables (empty when there is no file yet); a file that does
    not parse is a :class:`LyceeError` naming it (nothing is written over it)."""
    path = members_path(root)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as err:
        raise LyceeError(_("cannot read the member list {path} ({reason})", path=path, reason=err.strerror)) from None
    return _parsed(raw, path)


def _parsed(raw: bytes, path: Path) -> dict[str, Any]:
    """The member list's bytes as its tables, else a :class:`LyceeError` naming the file."""
    try:
        doc = json.loads(raw.decode("utf-8"))
        if not isinstance(doc, dict):
            raise ValueError(_("expected a JSON object"))
    except (UnicodeDecodeError, ValueError) as err:
        raise LyceeError(
            _(
                "the member list {path} does not parse ({reason}); it was left as it is: move it aside "
                "and import the list again",
                path=path,
                reason=err,
            )
        ) from None
    return doc


def _docs(raw: dict[str, Any], table: str) -> list[dict[str, Any]]:
    t = raw.get(table) or {}
    return [t[k] for k in sorted(t, key=_doc_order)] if isinstance(t, dict) else []


def _doc_order(key: str) -> int:
    """A table's document in the order TinyDB numbered it (a key not a number first)."""
    return int(key) if key.isdigit() else 0


def _members(raw: dict[str, Any]) -> list[Member]:
    return [Member(d["number"], d["name"], d.get("reading") or None) for d in _docs(raw, "members")]


def sort_key(m: Member) -> tuple:
    """By reading in 五十音 order (docs/names.md), then by number."""
    return (*name_sort_key(m.name, m.reading), m.number)


def listed(raw: dict[str, Any]) -> list[Member]:
    """The members of ``raw``, by reading in 五十音 order."""
    return sorted(_members(raw), key=sort_key)


def members_of(root: str | os.PathLike) -> list[Member]:
    """The store's members, by reading in 五十音 order (each with number, name, reading)."""
    return listed(read_raw(root))


def member(root: str | os.PathLike, number: str) -> Member | None:
    """The member of ``number`` (as typed: folded first), or None (unknown, removed, merged)."""
    return _member_of(read_raw(root), fold_number(number))


def _member_of(raw: dict[str, Any], number: str) -> Member | None:
    """The member of ``number`` (folded) in ``raw``, or None."""
    return next((m for m in _members(raw) if m.number == number), None)


def resolve(root_or_raw: str | os.PathLike | dict[str, Any], number: str) -> str:
    """The number ``number``'s results count under: itself, or the member it
    was merged into (followed to the end)."""
    raw = root_or_raw if isinstance(root_or_raw, dict) else read_raw(root_or_raw)
    return _followed(_merged_into(raw), fold_number(number))


def _merged_into(raw: dict[str, Any]) -> dict[str, str | None]:
    """Each retired number to the member it was merged into (None: retired alone)."""
    return {d["number"]: d.get("merged_into") for d in _docs(raw, "retired")}


def _followed(into: dict[str, str | None], n: str) -> str:
    """``n`` followed through the merges to the end (a loop stops where it closes)."""
    seen = {n}
    while True:
        nxt = into.get(n)
        if not nxt:
            break
        n = nxt
        if n in seen:
            break
        seen.add(n)
    return n


def numbers_of(raw: dict[str, Any], number: str) -> set[str]:
    """``number`` and every number merged into it (its results are theirs too)."""
    return _merged_closure(_merged_into(raw), number)


def _merged_closure(into: dict[str, str | None], number: str) -> set[str]:
    """``number`` and every number merged into it, directly or through others."""
    out = {number}
    grew = True
    while grew:
        grew = False
        for k, v in into.items():
            if v in out and k not in out:
                out.add(k)
                grew = True
    return out


def retired(raw: dict[str, Any], number: str) -> dict[str, Any] | None:
    return next((d for d in _docs(raw, "retired") if d["number"] == number), None)


def store_info(root: str | os.PathLike) -> dict[str, str] | None:
    """The store (``{"name", "number", "place"}``; number and place may be ""), or None when none is set."""
    return store_of(read_raw(root))


def store_of(raw: dict[str, Any]) -> dict[str, str] | None:
    docs = _docs(raw, "store")
    if not docs:
        return None
    d = docs[-1]
    return {"name": d["name"], "number": d.get("number", ""), "place": d.get("place", "")}


def store_line(store: dict[str, Any] | None, tr: Any = None) -> str:
    """The store as one line for headers: 「カードショップ森（店舗番号 1234） 東京都...」; "" for none.
    ``tr``: the catalog's ``_`` of another language (a web page's visitor's)."""
    if not store:
        return ""
    tr = tr or _
    text = store.get("name", "")
    if store.get("number"):
        text += " " + tr("(store no. {number})", number=store["number"])
    if store.get("place"):
        text += " " + store["place"]
    return text


def check_store(value: Any, where: str = "store") -> dict[str, str] | None:
    """A store as an event carries it (``{"name", "number", "place"}``), checked; None for none."""
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("name"), str):
        raise LyceeError(_("{where}: a store is an object with a name", where=where))
    out = {"name": check_text(value["name"], "text", what=_("store name"))}
    for k, what in (("number", _("store number")), ("place", _("store location"))):
        out[k] = _store_field(value.get(k, ""), where, k, what)
    return out


def _store_field(v: Any, where: str, key: str, what: str) -> str:
    """A store's number or location: text, checked ("" for none)."""
    if not isinstance(v, str):
        raise LyceeError(_("{where}.{key}: expected text", where=where, key=key))
    return check_text(v, "text", required=False, what=what) if v else ""


def shown_name(m: Member | None, number: str | None = None) -> str:
    """A member as people read it: 「田中美咲 (M001)」: the number tells two of one name apart."""
    if m is None:
        return _("(member {number}, removed)", number=number or "?")
    return f"{m.name} ({m.number})"


# -- numbers ------------------------------------------------------------------------------


def fold_number(text: str) -> str:
    """A member number as stored: NFKC, trimmed, upper case."""
    return unicodedata.normalize("NFKC", str(text)).strip().upper()


def check_number(text: str, where: str = "") -> str:
    """A member number as typed, checked and folded."""
    n = fold_number(text)
    if not n or len(n) > NUMBER_MAX or not _NUMBER.match(n):
        raise LyceeError(
            _(
                "{where}member number {x!r}: letters, digits, '-' and '_', at most {most} (such as M001)",
                where=where,
                x=visible(str(text)),
                most=NUMBER_MAX,
            )
        )
    return n


def _taken(raw: dict[str, Any]) -> set[str]:
    return {m.number for m in _members(raw)} | {d["number"] for d in _docs(raw, "retired")}


def next_number(taken: Iterable[str]) -> str:
    """The next free ``M`` number: one past the highest ``M<digits>`` ever used (removed ones too)."""
    high = 0
    for n in taken:
        m = _AUTO.match(n)
        if m:
            high = max(high, int(m.group(1)))
    return f"M{high + 1:03d}"


def _refuse_taken(raw: dict[str, Any], number: str, where: str = "", tail: str = "") -> None:
    tail = tail or _("nothing was changed")
    m = _member_of(raw, number)
    if m is not None:
        raise LyceeError(
            _(
                "{where}member number {number} is already {name}'s: {tail}",
                where=where,
                number=number,
                name=m.name,
                tail=tail,
            )
        )
    if retired(raw, number) is not None:
        raise LyceeError(
            _(
                "{where}member number {number} was used before (removed or merged) and is never given again: {tail}",
                where=where,
                number=number,
                tail=tail,
            )
        )


# -- changes (pure) -------------------------------------------------------------------------


def _put(raw: dict[str, Any], table: str, docs: list[dict[str, Any]]) -> dict[str, Any]:
    out = dict(raw)
    out[table] = {str(i): d for i, d in enumerate(docs, 1)}
    return out


def _log(raw: dict[str, Any], at: str, what: str, **facts: Any) -> dict[str, Any]:
    docs = _docs(raw, "log")
    docs.append({"at": at, "what": what, **facts})
    return _put(raw, "log", docs)


def _write_members(raw: dict[str, Any], members: list[Member]) -> dict[str, Any]:
    return _put(raw, "members", [m.as_json() for m in members])


def same_name(raw: dict[str, Any], name: str, but: str = "") -> list[Member]:
    key = fold_name(name)
    return [m for m in _members(raw) if fold_name(m.name) == key and m.number != but]


def _entry(name: str, reading: str | None, where: str = "") -> tuple[str, str | None]:
    try:
        return check_text(name, "player", what=_("member name")), check_reading(reading or None)
    except LyceeError as err:
        raise LyceeError(where + str(err)) from None


def plan_add(
    raw: dict[str, Any], name: str, reading: str | None, number: str | None, at: str, same_name_ok: bool = True
) -> tuple[dict[str, Any], Member, list[Member]]:
    """Add a member: (new tables, the member, others of the same name); without ``same_name_ok``
    a name another member has is refused (the same regular typed twice), naming them (M-MEMBER)."""
    name, kana = _entry(name, reading)
    if not same_name_ok and same_name(raw, name):
        raise LyceeError(
            _(
                "{name} is already member {numbers}: nothing was added; another person of that name is "
                "added with `lycee members add NAME --allow-same-name`",
                name=name,
                numbers=", ".join(m.number for m in same_name(raw, name)),
            )
        )
    if number:
        n = check_number(number)
        _refuse_taken(raw, n)
    else:
        n = next_number(_taken(raw))
    m = Member(n, name, kana)
    others = same_name(raw, name)
    out = _write_members(raw, [*_members(raw), m])
    return _log(out, at, "add", number=n), m, others


def _known(raw: dict[str, Any], number: str) -> Member:
    n = fold_number(number)
    m = _member_of(raw, n)
    if m is not None:
        return m
    r = retired(raw, n)
    if r is not None:
        raise _retired_error(n, r)
    raise LyceeError(
        _("no member has the number {number} (`lycee members list` lists them): nothing was changed", number=n)
    )


def _retired_error(n: str, r: dict[str, Any]) -> LyceeError:
    """A change to a retired number refused: it was merged into another, or removed."""
    if r.get("merged_into"):
        return LyceeError(
            _("member {number} was merged into {into}: nothing was changed", number=n, into=r["merged_into"])
        )
    return LyceeError(_("member {number} was removed: nothing was changed", number=n))


def known(raw: dict[str, Any], number: str) -> Member:
    """The member of ``number``, or a :class:`LyceeError` naming the number."""
    return _known(raw, number)


def plan_remove(raw: dict[str, Any], number: str, at: str) -> tuple[dict[str, Any], Member]:
    """Forget a member: name and reading go; the number is retired (their results stay under it)."""
    m = _known(raw, number)
    out = _write_members(raw, [x for x in _members(raw) if x.number != m.number])
    out = _put(out, "retired", [*_docs(raw, "retired"), {"number": m.number, "merged_into": None, "at": at}])
    # the log keeps the number, never the name: a person asked to be forgotten
    return _log(out, at, "remove", number=m.number), m


def plan_rename(
    raw: dict[str, Any], number: str, name: str, reading: str | None, at: str, keep_reading: bool = True
) -> tuple[dict[str, Any], Member, Member, list[Member]]:
    """Correct a member's name (and reading): (tables, before, after, others of the new name)."""
    old = _known(raw, number)
    new_name, kana = _entry(name, reading)
    if reading is None and keep_reading:
        kana = old.reading
    new = Member(old.number, new_name, kana)
    out = _write_members(raw, [new if x.number == old.number else x for x in _members(raw)])
    return _log(out, at, "rename", number=old.number), old, new, same_name(raw, new_name, but=old.number)


def plan_merge(raw: dict[str, Any], a: str, b: str, at: str) -> tuple[dict[str, Any], Member, Member]:
    """Two entries of one person: ``b`` goes into ``a`` (``a`` keeps its name;
    its reading, when it had none, is ``b``'s); ``b``'s results count under
    ``a`` (:func:`resolve`).  Logged."""
    ma, mb = _known(raw, a), _known(raw, b)
    if ma.number == mb.number:
        raise LyceeError(_("member {number} is named twice: nothing to merge", number=ma.number))
    kept = Member(ma.number, ma.name, ma.reading or mb.reading)
    out = _write_members(raw, _kept_in_place(_members(raw), kept, mb.number))
    out = _put(out, "retired", [*_docs(raw, "retired"), {"number": mb.number, "merged_into": ma.number, "at": at}])
    return _log(out, at, "merge", into=ma.number, number=mb.number), kept, mb


def _kept_in_place(members: list[Member], kept: Member, gone: str) -> list[Member]:
    """``members`` with ``kept`` in the place of its number and the member ``gone`` left out."""
    return [kept if x.number == kept.number else x for x in members if x.number != gone]


def plan_store(raw: dict[str, Any], name: str, number: str | None, place: str | None, at: str) -> dict[str, Any]:
    """Set the store (a number or place not given is kept as it was)."""
    before = store_of(raw) or {}
    doc = {
        "name": name,
        "number": before.get("number", "") if number is None else number.strip(),
        "place": before.get("place", "") if place is None else place.strip(),
    }
    store = check_store(doc)
    assert store is not None
    out = _put(raw, "store", [store])
    return _log(out, at, "store", **store)


# -- CSV import -----------------------------------------------------------------------------

_HEADERS = {
    "name": ("name", "名前", "氏名", "なまえ"),
    "reading": ("reading", "よみ", "読み", "ふりがな", "フリガナ", "よみがな"),
    "number": ("number", "番号", "会員番号", "member", "no", "no."),
}


def decode_csv(data: bytes, source: str) -> str:
    """A spreadsheet's CSV as text: UTF-8 (with or without a BOM), else Shift_JIS (cp932); else refused
    naming the line and byte where it stops reading as text (core.textfiles.decoded)."""
    return decoded(data, source)[0]


#: The columns of a CSV without a header row.
_PLAIN_COLUMNS = {"name": 0, "reading": 1, "number": 2}


def parse_csv(text: str, source: str) -> list[tuple[int, str, str, str]]:
    """(line, name, reading, number) of each row.  Columns: name, reading,
    number, in that order, or in any order under a header row naming them
    (name/名前/氏名, reading/よみ/ふりがな, number/番号/会員番号)."""
    rows = list(csv.reader(io.StringIO(text)))
    start, cols = _columns(rows)
    return [_row(i, row, cols) for i, row in enumerate(rows[start:], start + 1) if any(c.strip() for c in row)]


def _columns(rows: list[list[str]]) -> tuple[int, dict[str, int]]:
    """The line the members start on (0 or 1) and the columns: those a header row names, else name, reading, number."""
    cols = _header_columns(rows[0]) if rows else None
    return (1, cols) if cols else (0, _PLAIN_COLUMNS)


def _row(i: int, row: list[str], cols: dict[str, int]) -> tuple[int, str, str, str]:
    """Line ``i`` as (line, name, reading, number)."""
    return i, _cell(row, cols["name"]), _cell(row, cols["reading"]), _cell(row, cols["number"])


def _headers_found(head: list[str]) -> dict[str, int]:
    """Each column the header row ``head`` (folded) names (name, reading, number) to where it stands."""
    return {k: i for k, names in _HEADERS.items() for i, c in enumerate(head) if c in names}


def _header_columns(first: list[str]) -> dict[str, int] | None:
    """The column of name, reading and number (-1: absent) when ``first`` is a header row naming the name."""
    found = _headers_found([unicodedata.normalize("NFKC", c).strip().lower() for c in first])
    if "name" not in found:
        return None
    return {k: found.get(k, -1) for k in ("name", "reading", "number")}


def _cell(row: list[str], j: int) -> str:
    """The cell ``j`` of ``row`` trimmed ("" when the row has no such column)."""
    return row[j].strip() if 0 <= j < len(row) else ""


def _check_imported_number(raw: dict[str, Any], n: str, where: str, seen: dict[str, int], taken: set[str]) -> None:
    """A member number typed in an import is on one line only and no member's yet."""
    if n in seen:
        raise LyceeError(
            _(
                "{where}member number {number} is also on line {first}: nothing was imported",
                where=where,
                number=n,
                first=seen[n],
            )
        )
    if n in taken:
        _refuse_taken(raw, n, where, _("nothing was imported"))


def _numbered(new: list[Member], used: set[str]) -> list[Member]:
    """``new`` with a fresh number given to each member without one, in order (``used`` grows)."""
    done = []
    for m in new:
        if not m.number:
            n = next_number(used)
            used.add(n)
            m = Member(n, m.name, m.reading)
        done.append(m)
    return done


def _imported(name: str, reading: str, number: str, where: str) -> Member:
    """A row of an import as a member (number "" when the row gives none), checked; ``where`` names its line."""
    if not name:
        raise LyceeError(_("{where}no name: nothing was imported", where=where))
    nm, kana = _entry(name, reading, where)
    return Member(check_number(number, where) if number else "", nm, kana)


def plan_import(
    raw: dict[str, Any], rows: list[tuple[int, str, str, str]], source: str, at: str
) -> tuple[dict[str, Any], list[Member]]:
    """Add every row, or none: the first row that cannot be added is named by its line."""
    members = _members(raw)
    taken = _taken(raw)
    seen: dict[str, int] = {}
    new: list[Member] = []
    for line, name, reading, number in rows:
        where = _("{file} line {line}: ", file=source, line=line)
        m = _imported(name, reading, number, where)
        if m.number:
            _check_imported_number(raw, m.number, where, seen, taken)
            seen[m.number] = line
        new.append(m)
    # numbers for the rows without one, after every typed number is known
    done = _numbered(new, taken | set(seen))
    out = _write_members(raw, [*members, *done])
    return _log(out, at, "import", file=os.path.basename(source), added=len(done)), done


# -- suggestions as the clerk types ---------------------------------------------------------


def _searchable(key: str) -> bool:
    """A key to look for in the index's one text: not empty, no line break or tab (they part the members)."""
    return bool(key) and "\n" not in key and "\t" not in key


def _kana_key(reading: str | None) -> str:
    """A member's reading as the index keys it: hiragana, no spaces."""
    return to_hiragana(reading or "").replace(" ", "")


def _sorted_keys(keys: list[str]) -> list[tuple[str, int]]:
    """(key, member index) of each member with that key, sorted for a prefix search."""
    return sorted((k, i) for i, k in enumerate(keys) if k)


def _blob_starts(names: list[str], kana: list[str]) -> list[int]:
    """Where each member's line ("\\nNAME\\tREADING") starts in the index's one text."""
    starts: list[int] = []
    pos = 0
    for n, r in zip(names, kana):
        starts.append(pos)
        pos += len(n) + len(r) + 2
    return starts


class MemberIndex:
    """Members found by name, reading or number as the clerk types (the app's
    name box).  Made once: each member's keys (the name folded as
    :func:`core.names.fold_text` does, the reading in hiragana without
    spaces, the number), sorted for prefixes (bisect), and one text of them
    all for a match inside a name (``str.find``): a key never walks the
    list in Python (benchmarks/members.py: 10,000 members)."""

    def __init__(self, members: Iterable[Member]):
        self.members = sorted(members, key=sort_key)
        names = [fold_text(m.name) for m in self.members]
        kana = [_kana_key(m.reading) for m in self.members]
        self._sorted = [_sorted_keys(keys) for keys in (names, kana, [m.number for m in self.members])]
        self._blob = "".join(f"\n{n}\t{r}" for n, r in zip(names, kana))
        self._starts = _blob_starts(names, kana)

    def _prefixed(self, table: list[tuple[str, int]], text: str, limit: int) -> list[int]:
        """The first ``limit`` (in 五十音 order) of the keys starting with ``text``: one slice, no Python loop over it."""
        lo = bisect.bisect_left(table, (text, -1))
        hi = bisect.bisect_left(table, (text + "\U0010ffff", -1), lo)
        return heapq.nsmallest(limit, map(itemgetter(1), table[lo:hi]))

    def suggest(self, text: str, limit: int = 8) -> list[Member]:
        """Members whose name or reading starts with ``text``, or whose number
        does, in 五十音 order; then, to fill ``limit``, those whose name or
        reading holds it."""
        t = text.strip()
        if not t:
            return []
        keys = (fold_text(t), to_hiragana(t).replace(" ", "").casefold(), fold_number(t))
        out = sorted(self._starting(keys, limit))[:limit]
        if len(out) < limit:
            more = self._holding({keys[0], keys[1]}, set(out), limit)
            out += sorted(more)[: limit - len(out)]
        return [self.members[i] for i in out]

    def _starting(self, keys: tuple[str, str, str], limit: int) -> set[int]:
        """Members (indices) whose name, reading or number (``keys``, in that order) starts with its key."""
        first: set[int] = set()
        for table, key in zip(self._sorted, keys):
            if key:
                first.update(self._prefixed(table, key, limit))
        return first

    def _holding(self, keys: set[str], seen: set[int], limit: int) -> set[int]:
        """Members (indices) whose name or reading holds one of ``keys``, beside
        those ``seen``, up to ``limit`` x 4 of them."""
        more: set[int] = set()
        for key in filter(_searchable, keys):
            at = self._blob.find(key)
            while at >= 0 and len(more) < limit * 4:
                i = bisect.bisect_right(self._starts, at) - 1
                if i not in seen:
                    more.add(i)
                at = self._blob.find(key, at + 1)
        return more
