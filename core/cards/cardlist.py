"""The store's card list: the real cards a store loaded, and its product calendar.

``<data dir>/cards/cards.json`` (folder 0700, file 0600): a TinyDB file that
core.store.cardstore writes (every write one durable atomic replace under a
lock file, so an import is stored whole or not at all); this module says what
each change does to its tables (``plan_*``: pure) and reads it.  Tables:

- ``cards``: one document a card number of the official list (Lycee Overture)::

      {"number": "LO-0923-A", "name", "type", "attributes": ["flower"],
       "cost": {"flower": 2}, "ex", "ap", "dp", "sp", "dmg", "rarity", "text",
       "product": "オーガスト 1.0", "brand": "", "ability_name", "trait", "basic",
       "errata": [{"date": "2026-12-06", "text": "...", "note": "list.csv"}],
       "since": "2026-12-01", "updated": "2026-12-06"}

  ``text`` is the text first imported; a newer list with another text adds an
  erratum dated the day it was imported (G-CARDS-TEXT: errata apply from their date).
- ``products``: ``{"name", "brand", "on_sale": "YYYY-MM-DD" | null, "cards": N}``:
  the store's calendar: a card is legal from its product's on-sale date
  (O-CARDS-ONSALE); a product without one is reported, never legal or illegal
  by default.
- ``sets``: ``{"code", "set": {...}}``: lycee-set/1 files (the 2008 game's real
  cards as the store keeps them), checked like any set file.
- ``imports``: one document an import (when, file, what changed).

Readers never take the lock: the file is read once per process (again only when
it changed on disk) and joined to the catalog every deck check uses
(:func:`join_active`, called by ``Catalog.default``).  The data folder in use is
set by the face (core.paths.use_data_dir: the command line for each command).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec  # decodes the stored list several times faster than json

from core.cards.model import Card, CardSet, Errata, cost_pairs, normalize_number
from core.cards.official import brand_of, nfkc
from core.cards.sets import load_sample_sets, parse_set, set_to_dict
from core.errors import LyceeError, NotFound, ValidationError
from core.i18n import _
from core.paths import active_root, use_data_dir, use_root

if TYPE_CHECKING:
    from core.cards.official import OfficialList

__all__ = [
    "CARDS_DIR",
    "CARDS_FILE",
    "ImportReport",
    "Stored",
    "active_root",
    "card_doc",
    "card_list_path",
    "current_text",
    "doc_card",
    "forget",
    "join_active",
    "plan_official",
    "plan_on_sale",
    "plan_set",
    "product_key",
    "read_stored",
    "use_data_dir",
    "use_root",
]

CARDS_DIR = "cards"
CARDS_FILE = "cards.json"
#: The most problem lines a refused import lists (then "… and N more").
MAX_SHOWN = 30
#: An undated product's cards sort after every dated one (CardSet.release_date).
UNDATED = date.max
_CARD_KEYS = (
    "name",
    "type",
    "attributes",
    "cost",
    "ex",
    "ap",
    "dp",
    "sp",
    "dmg",
    "rarity",
    "product",
    "brand",
    "ability_name",
    "trait",
    "basic",
)


@lru_cache(maxsize=4096)
def product_key(name: str) -> str:
    """Products match ignoring width, case and runs of spaces."""

    return re.sub(r"\s+", " ", nfkc(name)).strip().casefold()


# -- documents <-> cards ------------------------------------------------------------


def card_doc(c: Card) -> dict[str, Any]:
    return {
        "number": c.number,
        "name": c.name,
        "type": c.type,
        "attributes": list(c.attributes),
        "cost": dict(c.cost),
        "ex": c.ex,
        "ap": c.ap,
        "dp": c.dp,
        "sp": c.sp,
        "dmg": c.dmg,
        "rarity": c.rarity,
        "text": c.text,
        "product": c.product,
        "brand": c.brand,
        "ability_name": c.ability_name,
        "trait": c.trait,
        "basic": c.basic,
    }


def doc_card(d: dict[str, Any]) -> Card:
    return Card(
        number=d["number"],
        name=d["name"],
        type=d["type"],
        attributes=tuple(d.get("attributes") or ()),
        cost=cost_pairs(d.get("cost")),
        ex=d.get("ex") or 0,
        ap=d.get("ap"),
        dp=d.get("dp"),
        sp=d.get("sp"),
        dmg=d.get("dmg"),
        rarity=d.get("rarity", ""),
        text=d.get("text", ""),
        errata=_stored_errata(d),
        set_code=d.get("product", ""),
        product=d.get("product", ""),
        brand=d.get("brand", ""),
        ability_name=d.get("ability_name", ""),
        trait=d.get("trait", ""),
        basic=d.get("basic", ""),
    )


def _stored_errata(d: dict[str, Any]) -> tuple[Errata, ...]:
    """A stored card's errata, as stored (oldest first)."""
    return tuple(Errata(date.fromisoformat(e["date"]), e["text"], e.get("note", "")) for e in d.get("errata") or ())


def current_text(d: dict[str, Any]) -> str:
    errata = d.get("errata") or ()
    return errata[-1]["text"] if errata else d.get("text", "")


# -- what is stored ---------------------------------------------------------------------


@dataclass
class Stored:
    """The stored list as read (raw documents; cards built on demand)."""

    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    products: dict[str, dict[str, Any]] = field(default_factory=dict)  # product_key -> doc
    sets: dict[str, dict[str, Any]] = field(default_factory=dict)  # code -> set document
    imports: list[dict[str, Any]] = field(default_factory=list)
    _card_sets: list[CardSet] | None = None

    @property
    def empty(self) -> bool:
        return not self.cards and not self.sets

    def product(self, name: str) -> dict[str, Any] | None:
        return self.products.get(product_key(name))

    def on_sale(self, product: str) -> date | None:
        p = self.product(product)
        return _on_sale_date(p) if p else None

    def card(self, number: str) -> Card | None:
        n = normalize_number(number)
        d = self.cards.get(n) if n else None
        return doc_card(d) if d else None

    def card_sets(self) -> list[CardSet]:
        """One CardSet a product (``overture``: legal from its on-sale date, or
        ``date.max`` while it has none), then the stored lycee-set/1 sets."""
        if self._card_sets is None:
            self._card_sets = self._product_sets() + [
                parse_set(doc, code, check_structure=False) for code, doc in self.sets.items()
            ]
        return self._card_sets

    def _product_sets(self) -> list[CardSet]:
        """One CardSet a product of the official list, legal from its on-sale date (or ``date.max``)."""
        by: dict[str, list[Card]] = {}
        for d in self.cards.values():
            by.setdefault(d["product"], []).append(doc_card(d))
        out = []
        for product, cards in by.items():
            on = self.on_sale(product) or UNDATED
            rar = tuple(dict.fromkeys(c.rarity for c in cards))
            out.append(CardSet(product, product, product, on, rar, tuple(cards), overture=True))
        return out


def _on_sale_date(product: dict[str, Any]) -> date | None:
    """A stored product's on-sale date (None: not set)."""
    return date.fromisoformat(product["on_sale"]) if product.get("on_sale") else None


def _tables(raw: dict[str, Any] | None) -> Stored:
    st = Stored()
    if not raw:
        return st
    for d in _table(raw, "cards"):
        st.cards[d["number"]] = d
    for d in _table(raw, "products"):
        st.products[product_key(d["name"])] = d
    for d in _table(raw, "sets"):
        st.sets[d["code"]] = d["set"]
    st.imports = list(_table(raw, "imports"))
    return st


def _table(raw: dict[str, Any], name: str) -> Iterable[dict[str, Any]]:
    """The documents of TinyDB table ``name`` (none when it is missing or empty)."""
    return (raw.get(name) or {}).values()


# -- the report of an import -------------------------------------------------------------


@dataclass
class ImportReport:
    file: str
    kind: str  # "official" | "set"
    encoding: str = "utf-8"
    cards: int = 0
    parallels: int = 0
    products: dict[str, int] = field(default_factory=dict)
    added: list[str] = field(default_factory=list)
    #: number -> the fields that changed (text changes are errata, listed apart)
    changed: dict[str, list[str]] = field(default_factory=dict)
    #: number -> field -> (the stored value, the new one), for the fields of ``changed``
    values: dict[str, dict[str, tuple[Any, Any]]] = field(default_factory=dict)
    errata: list[str] = field(default_factory=list)
    unchanged: int = 0
    #: stored cards this list does not hold (kept)
    absent: int = 0
    new_products: list[str] = field(default_factory=list)
    undated: list[str] = field(default_factory=list)
    #: (line, first line) of rows repeating an earlier row exactly
    repeated: list[tuple[int, int]] = field(default_factory=list)

    def note_change(
        self, number: str, fields: list[str], text_changed: bool, values: dict[str, tuple[Any, Any]] | None = None
    ) -> None:
        """A stored card the import changes: an erratum when its text changed, and the other fields that did
        (``values``: each one's stored value and new one)."""
        if text_changed:
            self.errata.append(number)
        if fields:
            self.changed[number] = fields
            self.values[number] = dict(values or {})

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "kind": self.kind,
            "encoding": self.encoding,
            "cards": self.cards,
            "parallels": self.parallels,
            "products": [{"name": k, "cards": v} for k, v in self.products.items()],
            "added": self.added,
            "changed": [
                {
                    "number": k,
                    "fields": v,
                    "from": {f: self.values.get(k, {}).get(f, (None, None))[0] for f in v},
                    "to": {f: self.values.get(k, {}).get(f, (None, None))[1] for f in v},
                }
                for k, v in self.changed.items()
            ],
            "errata": self.errata,
            "unchanged": self.unchanged,
            "absent": self.absent,
            "new_products": self.new_products,
            "undated": self.undated,
            "repeated": [{"line": a, "same_as": b} for a, b in self.repeated],
        }


def refuse(source: str, problems: list[tuple[int, str]]) -> ValidationError:
    """Every unreadable line (the first MAX_SHOWN, then how many more) as one error."""
    shown = [(_("line {line}", line=line), what) for line, what in problems[:MAX_SHOWN]]
    if len(problems) > MAX_SHOWN:
        shown.append(("…", _("and {n} more lines", n=len(problems) - MAX_SHOWN)))
    return ValidationError(_("{source} (nothing stored)", source=source), shown)


# -- the store ---------------------------------------------------------------------------


def card_list_path(root: str | os.PathLike) -> Path:
    """``<data dir>/cards/cards.json``."""
    return Path(root) / CARDS_DIR / CARDS_FILE


def read_stored(root: str | os.PathLike) -> Stored:
    """The stored list of a data folder (no lock; read again only when the file changed)."""
    return _read_cached(card_list_path(root))


def forget(path: Path) -> None:
    """Drop what was read of ``path`` (its writer calls this after a write)."""
    _read_cached.cache_clear()
    for key in [k for k in _joined if k[2] == path]:
        del _joined[key]


# -- what a change does to the stored tables (pure: core.store.cardstore writes the result) -------


def _next_id(table: dict[str, Any]) -> int:
    return max((int(k) for k in table), default=0) + 1


def _log(raw: dict[str, Any], rep: ImportReport, day: str) -> dict[str, Any]:
    log = dict(raw.get("imports") or {})
    log[str(_next_id(log))] = {
        "date": day,
        "file": rep.file,
        "kind": rep.kind,
        "cards": rep.cards,
        "added": len(rep.added),
        "changed": len(rep.changed),
        "errata": rep.errata,
    }
    return log


def _refuse_unread(listed: OfficialList) -> None:
    """Nothing is stored from a list with an unreadable line, or with no cards."""
    if listed.problems:
        raise refuse(listed.source, listed.problems)
    if not listed.cards:
        raise ValidationError(
            _("{source} (nothing stored)", source=listed.source), [(_("file"), _("no cards in the list"))]
        )


def plan_official(raw: dict[str, Any], listed: OfficialList, today: date) -> tuple[dict[str, Any], ImportReport]:
    """The tables after storing every card of an official list (ValidationError
    naming each unreadable line when there is one: then nothing is stored)."""
    _refuse_unread(listed)
    rep = ImportReport(listed.source, "official", listed.encoding, len(listed.cards), listed.parallels)
    rep.products = listed.products
    rep.repeated = list(listed.repeated)
    day = today.isoformat()
    new_cards = _official_cards(raw.get("cards") or {}, listed, day, rep)
    new_products = _product_counts(raw.get("products") or {}, new_cards, rep)
    rep.undated = [d["name"] for d in new_products.values() if not d.get("on_sale")]
    data = dict(raw)
    data["cards"] = new_cards
    data["products"] = new_products
    data["imports"] = _log(raw, rep, day)
    return data, rep


def _official_cards(
    old_cards: dict[str, Any], listed: OfficialList, day: str, rep: ImportReport
) -> dict[str, dict[str, Any]]:
    """The cards table with every card of ``listed``: a new number added, a
    stored one updated (a changed text kept as an erratum of ``day``)."""
    cards = {d["number"]: (k, d) for k, d in old_cards.items()}
    next_id = _next_id(old_cards)
    note = Path(listed.source).name
    new_cards: dict[str, dict[str, Any]] = dict(old_cards)
    for c in listed.cards:
        doc = card_doc(c)
        old = cards.get(c.number)
        if old is None:
            doc.update(errata=[], since=day, updated=day)
            new_cards[str(next_id)] = doc
            next_id += 1
            rep.added.append(c.number)
            continue
        merged = _updated_card(old[1], doc, day, note, rep, c.number)
        if merged is not None:
            new_cards[old[0]] = merged
    rep.absent = _absent(cards, listed)
    return new_cards


def _absent(stored_numbers: Iterable[str], listed: OfficialList) -> int:
    """How many stored card numbers ``listed`` does not hold."""
    listed_numbers = {c.number for c in listed.cards}
    return sum(1 for n in stored_numbers if n not in listed_numbers)


def _updated_card(
    prev: dict[str, Any], doc: dict[str, Any], day: str, note: str, rep: ImportReport, number: str
) -> dict[str, Any] | None:
    """The stored card ``prev`` updated to ``doc``, or None when nothing changed."""
    fields = [k for k in _CARD_KEYS if prev.get(k) != doc[k]]
    text_changed = doc["text"] != current_text(prev)
    rep.note_change(number, fields, text_changed, {k: (prev.get(k), doc[k]) for k in fields})
    if not fields and not text_changed:
        rep.unchanged += 1
        return None
    return _merged(prev, doc, day, note if text_changed else None)


def _merged(prev: dict[str, Any], doc: dict[str, Any], day: str, erratum_note: str | None) -> dict[str, Any]:
    """``prev`` with ``doc``'s fields, updated on ``day``; with ``erratum_note``
    (the text changed) ``doc``'s text kept as an erratum of ``day``."""
    errata = list(prev.get("errata") or [])
    if erratum_note is not None:
        errata.append({"date": day, "text": doc["text"], "note": erratum_note})
    merged = dict(prev)
    merged.update({k: doc[k] for k in _CARD_KEYS}, errata=errata, updated=day)
    return merged


def _product_counts(
    old_products: dict[str, Any], new_cards: dict[str, dict[str, Any]], rep: ImportReport
) -> dict[str, dict[str, Any]]:
    """The products table: each product's card count, a product seen for the first time added (undated)."""
    products = {product_key(d["name"]): (k, d) for k, d in old_products.items()}
    pid = _next_id(old_products)
    new_products = {k: dict(d) for k, d in old_products.items()}
    counts, names = _count_by_product(new_cards)
    for pk, n in counts.items():
        if pk in products:
            k, d = products[pk]
            new_products[k] = {**d, "cards": n}
        else:
            new_products[str(pid)] = {"name": names[pk], "brand": brand_of(names[pk]), "on_sale": None, "cards": n}
            pid += 1
            rep.new_products.append(names[pk])
    return new_products


def _count_by_product(cards: dict[str, dict[str, Any]]) -> tuple[dict[str, int], dict[str, str]]:
    """(product key -> how many of ``cards`` it holds, product key -> the name first seen)."""
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for d in cards.values():
        pk = product_key(d["product"])
        counts[pk] = counts.get(pk, 0) + 1
        names.setdefault(pk, d["product"])
    return counts, names


def _refuse_sample_code(cs: CardSet, source: str) -> None:
    """A stored set never takes the code of a shipped sample set."""
    if any(s.code.casefold() == cs.code.casefold() for s in load_sample_sets()):
        raise ValidationError(
            _("{source} (nothing stored)", source=source),
            [("$.code", _("{code!r} is a shipped sample set's code: give the set another code", code=cs.code))],
        )


def _set_key(old_sets: dict[str, dict], cs: CardSet, doc: dict[str, Any], rep: ImportReport) -> str:
    """The key the set is stored under: that of the stored set of its code (compared
    card by card), else a new one (every card added)."""
    old = {d["code"]: (k, d) for k, d in old_sets.items()}.get(cs.code)
    if old is None:
        rep.added = [c.number for c in cs.cards]
        rep.new_products = [cs.version]
        return str(_next_id(old_sets))
    _compare_set_cards({c["number"]: c for c in old[1]["set"].get("cards", [])}, doc["cards"], rep)
    return old[0]


def plan_set(raw: dict[str, Any], cs: CardSet, source: str, today: date) -> tuple[dict[str, Any], ImportReport]:
    """The tables after storing a lycee-set/1 set (replacing a stored set of the same code)."""
    _refuse_sample_code(cs, source)
    rep = ImportReport(source, "set", "utf-8", len(cs.cards), sum(1 for c in cs.cards if c.is_parallel))
    rep.products = {cs.version: len(cs.cards)}
    doc = set_to_dict(cs)
    old_sets = raw.get("sets") or {}
    new_sets = dict(old_sets)
    key = _set_key(old_sets, cs, doc, rep)
    new_sets[key] = {"code": cs.code, "set": doc, "imported": today.isoformat()}
    data = dict(raw)
    data["sets"] = new_sets
    data["imports"] = _log(raw, rep, today.isoformat())
    return data, rep


def _compare_set_cards(before: dict[str, dict], cards: list[dict], rep: ImportReport) -> None:
    """What storing the set's ``cards`` over the stored ones (``before``, by number) adds and changes."""
    for c in cards:
        prev = before.get(c["number"])
        if prev is None:
            rep.added.append(c["number"])
        elif prev == c:
            rep.unchanged += 1
        else:
            _changed_card(prev, c, rep)


def _changed_card(prev: dict, c: dict, rep: ImportReport) -> None:
    """A stored card the set changes: an erratum when its text differs, and the fields that differ."""
    fields = [k for k in c if k != "text" and prev.get(k) != c[k]]
    rep.note_change(c["number"], fields, prev.get("text") != c.get("text"))


def _known_products(products: dict[str, dict]) -> str:
    """The first eight stored products' names, for a message."""
    names = sorted(d["name"] for d in products.values())
    if not names:
        return _("none: import a list first")
    return "、".join(names[:8]) + (" …" if len(names) > 8 else "")


def plan_on_sale(raw: dict[str, Any], product: str, day: date) -> tuple[dict[str, Any], str, date | None]:
    """The tables with a product's on-sale date set: (tables, the product's name, the date before)."""
    products = raw.get("products") or {}
    k, d = _stored_product(products, product)
    data = dict(raw)
    data["products"] = {**products, k: {**d, "on_sale": day.isoformat()}}
    return data, d["name"], _on_sale_date(d)


def _stored_product(products: dict[str, dict], product: str) -> tuple[str, dict[str, Any]]:
    """(key, document) of the stored product of that name (matched by :func:`product_key`); NotFound else."""
    want = product_key(product)
    for k, d in products.items():
        if product_key(d["name"]) == want:
            return k, d
    raise NotFound(
        _(
            "no product {product!r} in the stored card list (known: {known}); `lycee cards list --products` lists them",
            product=product,
            known=_known_products(products),
        )
    )


def _stat_key(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _read_file(path: Path) -> Stored:
    """The stored list in the file at ``path``; LyceeError (move it aside) when it cannot be read."""
    try:
        raw = msgspec.json.decode(path.read_bytes())
    except (OSError, msgspec.DecodeError) as err:
        raise LyceeError(
            _(
                "the card list {path} cannot be read ({reason}); move it aside and import the list again",
                path=path,
                reason=getattr(err, "strerror", None) or err,
            )
        ) from None
    return _tables(raw if isinstance(raw, dict) else None)


class _ReadCache:
    """The stored list of each path, read again only when the file changed."""

    def __init__(self) -> None:
        self._hit: dict[Path, tuple[tuple[int, int] | None, Stored]] = {}

    def __call__(self, path: Path) -> Stored:
        key = _stat_key(path)
        hit = self._hit.get(path)
        if hit is not None and hit[0] == key:
            return hit[1]
        st = _read_file(path) if key is not None else Stored()
        self._hit[path] = (key, st)
        return st

    def cache_clear(self) -> None:
        self._hit.clear()


_read_cached = _ReadCache()

# -- the data folder in use, and the catalog every check uses -------------------------------

#: (id of the base catalog, its strictness, the file, its stat) -> (the base, the joined catalog)
_joined: dict[tuple[int, bool, Path, tuple[int, int] | None], tuple[Any, Any]] = {}


def join_active(base: Any, only: Iterable[str] | None = None) -> Any:
    """``base`` with the card list of the data folder in use, if it holds one
    (the same catalog object while neither changes).  ``only``: just these
    card numbers of the list (exactly as written: what ``lycee card`` asks
    about, without building a catalog of the whole list)."""
    root = active_root()
    if root is None:
        return base
    path = root / CARDS_DIR / CARDS_FILE
    skey = _stat_key(path)
    if skey is None:
        return base
    if only is not None:
        return _join_only(base, path, only)
    return _join_all(base, path, skey)


def _join_only(base: Any, path: Path, only: Iterable[str]) -> Any:
    """``base`` with just the cards ``only`` of the stored list (and its sets)."""
    stored = _read_cached(path)
    wanted = _stored_numbers(only, stored)
    if not wanted and not stored.sets:
        return base
    part = Stored({n: stored.cards[n] for n in wanted}, stored.products, stored.sets)
    return type(base)(base.sets + tuple(part.card_sets()), base.calendar, strict_versions=base.strict_versions)


def _stored_numbers(only: Iterable[str], stored: Stored) -> set[str]:
    """The numbers of ``only`` (normalised) that the stored list holds."""
    return {n for n in (normalize_number(x) for x in only) if n and n in stored.cards}


def _join_all(base: Any, path: Path, skey) -> Any:
    """``base`` with the whole stored list, kept while neither changes."""
    key = (id(base), base.strict_versions, path, skey)
    hit = _joined.get(key)
    if hit is not None and hit[0] is base:
        return hit[1]
    stored = _read_cached(path)
    if stored.empty:
        return base
    # the base's own class (core.cards.legality.Catalog): this module never imports it (no cycle)
    cat = type(base)(base.sets + tuple(stored.card_sets()), base.calendar, strict_versions=base.strict_versions)
    if len(_joined) > 8:
        _joined.clear()
    _joined[key] = (base, cat)
    return cat
