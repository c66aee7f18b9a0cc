"""Cards and card sets: the ``lycee-set/1`` file format, its loader, and CSV
import of a user's own card list.

A set file describes one product version (DESIGN section 6): its cards, its
booster and its starters.  Pack sizes, rarity slots and starter contents are
*data* of each set, never constants here; the only numbers this module fixes
are the guideline's lower bounds: a booster holds at least 10 cards
(G-DRAFT-4: a draft deck is packs x 10) and a starter at least 20 (G-SEALED:
two starters make a 40-card deck).

Every loader checks every field and reports all problems at once as a
:class:`~core.errors.ValidationError` whose ``where`` is a JSON path
(``$.cards[3].cost.snow``) or, for CSV, a line and column.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from os import PathLike, fspath
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from core.errors import ValidationError
from core.i18n import _
from core import labels as L

__all__ = [
    "SCHEMA", "ATTRIBUTES", "ATTRIBUTE_KANJI", "CARD_TYPES", "TYPE_PREFIX",
    "MIN_BOOSTER_SIZE", "MIN_STARTER_SIZE", "EX_MAX", "STAT_MAX", "RATING_MAX",
    "Errata", "Card", "Upgrade", "RaritySlot", "BoosterDef", "StarterDef", "CardSet",
    "normalize_number", "base_number", "number_suffix", "name_key",
    "parse_set", "load_set", "set_to_dict", "dump_set", "load_sample_sets",
    "read_cards_csv", "cardset_from_csv", "parse_attributes", "parse_cost",
]

SCHEMA = "lycee-set/1"

#: The six attributes, in the order they are shown; the file keys are English,
#: the cards print the kanji.  ``star`` (無) is also the generic cost.
ATTRIBUTES = ("snow", "moon", "flower", "space", "sun", "star")
ATTRIBUTE_KANJI = {"snow": "雪", "moon": "月", "flower": "花", "space": "宙", "sun": "日", "star": "無"}
_KANJI_ATTRIBUTE = {v: k for k, v in ATTRIBUTE_KANJI.items()}

#: Card type -> number prefix (CH-0063, EV-0012, IT-0003, AR-0001).
TYPE_PREFIX = {"character": "CH", "event": "EV", "item": "IT", "area": "AR"}
CARD_TYPES = tuple(TYPE_PREFIX)
_PREFIX_TYPE = {v: k for k, v in TYPE_PREFIX.items()}

MIN_BOOSTER_SIZE = 10  # G-DRAFT-4
MIN_STARTER_SIZE = 20  # G-SEALED
EX_MAX = 3
STAT_MAX = 9
RATING_MAX = 5
COST_MAX = 9
MAX_COPIES_MAX = 60

_NUMBER_RE = re.compile(r"^(CH|EV|IT|AR)-(\d{4})([A-Z]?)$")
_LOOSE_NUMBER_RE = re.compile(r"^(CH|EV|IT|AR)[-_ ]?(\d{1,4})([A-Z]?)$")
_CODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")


# -- numbers and names --------------------------------------------------------

def normalize_number(text: str) -> str | None:
    """The canonical form of a card number typed loosely, or None.

    ``"ch-63"``, ``"CH0063"``, ``"ＣＨ－００６３ａ"`` -> ``"CH-0063"`` / ``"CH-0063A"``.
    """
    if not isinstance(text, str):
        return None
    t = unicodedata.normalize("NFKC", text).strip().upper()
    t = t.replace("‐", "-").replace("−", "-").replace("ー", "-").replace("–", "-")
    m = _LOOSE_NUMBER_RE.match(t)
    if not m:
        return None
    prefix, digits, suffix = m.groups()
    return f"{prefix}-{int(digits):04d}{suffix}"


def base_number(number: str) -> str:
    """The number without its parallel/foil letter: CH-0063A -> CH-0063 (G-CARDS-PARALLEL)."""
    m = _NUMBER_RE.match(number)
    return f"{m.group(1)}-{m.group(2)}" if m else number


def number_suffix(number: str) -> str:
    """The parallel/foil letter of a number, "" when none."""
    m = _NUMBER_RE.match(number)
    return m.group(3) if m else ""


def name_key(name: str) -> str:
    """The key under which card names count together for the 4-of-a-name rule:
    NFKC-normalised, all whitespace removed (so 柚原このみ and 柚原 このみ are one name)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", name))


# -- the data ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Errata:
    """Published errata for a card: from ``date`` on, ``text`` replaces the printed text (G-CARDS-TEXT)."""

    date: date
    text: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    number: str  # CH-0063, EV-0012A ...
    name: str
    type: str  # character | event | item | area
    attributes: tuple[str, ...]
    #: Cost per attribute as ((attribute, n), ...) in ATTRIBUTES order; use ``cost_map``.
    cost: tuple[tuple[str, int], ...] = ()
    ex: int = 0
    ap: int | None = None
    dp: int | None = None
    sp: int | None = None
    rarity: str = ""
    #: 0 (weak) .. 5 (strong): what the draft bots read.
    rating: int = 0
    text: str = ""
    #: "A card may say otherwise": the per-name limit this card allows, None = the format's.
    max_copies: int | None = None
    errata: tuple[Errata, ...] = ()
    #: Code of the set this printing comes from (filled by the loader).
    set_code: str = ""

    @property
    def base_number(self) -> str:
        return base_number(self.number)

    @property
    def suffix(self) -> str:
        return number_suffix(self.number)

    @property
    def is_parallel(self) -> bool:
        return bool(self.suffix)

    @property
    def is_character(self) -> bool:
        return self.type == "character"

    @property
    def cost_map(self) -> dict[str, int]:
        return dict(self.cost)

    @property
    def total_cost(self) -> int:
        return sum(n for _, n in self.cost)

    @property
    def attribute_kanji(self) -> str:
        return "".join(ATTRIBUTE_KANJI[a] for a in self.attributes)

    @property
    def name_key(self) -> str:
        return name_key(self.name)


@dataclass(frozen=True, slots=True)
class Upgrade:
    """With probability ``chance``, one card of the slot is drawn from ``rarity`` instead."""

    rarity: str
    chance: float


@dataclass(frozen=True, slots=True)
class RaritySlot:
    """``count`` cards of ``rarity``.  A slot's upgrades exclude each other (one
    uniform draw per pack: the first upgrade whose cumulative chance exceeds it),
    and an upgrade replaces exactly one of the slot's cards."""

    rarity: str
    count: int
    upgrades: tuple[Upgrade, ...] = ()


def slot_demand(slots: Iterable[RaritySlot]) -> dict[str, int]:
    """The most cards of each rarity one pack of these slots can need (every upgrade
    that could give that rarity taken)."""
    need: dict[str, int] = {}
    for s in slots:
        need[s.rarity] = need.get(s.rarity, 0) + s.count
        for u in s.upgrades:
            need[u.rarity] = need.get(u.rarity, 0) + 1
    return need


@dataclass(frozen=True, slots=True)
class BoosterDef:
    size: int
    slots: tuple[RaritySlot, ...]
    #: True: no card number twice in one pack.
    duplicate_protection: bool = True

    def demand(self) -> dict[str, int]:
        return slot_demand(self.slots)


@dataclass(frozen=True, slots=True)
class StarterDef:
    """A starter deck: a fixed list (``cards``: (number, count) pairs) or random ``slots``."""

    id: str
    name: str
    cards: tuple[tuple[str, int], ...] = ()
    slots: tuple[RaritySlot, ...] = ()
    duplicate_protection: bool = True

    @property
    def is_fixed(self) -> bool:
        return not self.slots

    @property
    def size(self) -> int:
        if self.slots:
            return sum(s.count for s in self.slots)
        return sum(n for _, n in self.cards)

    def demand(self) -> dict[str, int]:
        return slot_demand(self.slots)


@dataclass(frozen=True)
class CardSet:
    code: str
    name: str
    version: str
    release_date: date
    rarities: tuple[str, ...]  # lowest first
    cards: tuple[Card, ...]
    booster: BoosterDef | None = None
    starters: tuple[StarterDef, ...] = ()
    #: True for the generated, fictional sample sets.
    sample: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {c.number: c for c in self.cards})

    def get(self, number: str) -> Card | None:
        return self._index.get(number)  # type: ignore[attr-defined]

    def card(self, number: str) -> Card:
        card = self.get(number)
        if card is None:
            raise KeyError(f"{number} is not in set {self.code}")
        return card

    def __contains__(self, number: object) -> bool:
        return number in self._index  # type: ignore[attr-defined]

    def by_rarity(self, rarity: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.rarity == rarity)

    def starter(self, starter_id: str) -> StarterDef:
        for s in self.starters:
            if s.id == starter_id:
                return s
        raise KeyError(f"set {self.code} has no starter {starter_id!r}")


# -- validation helpers ----------------------------------------------------------

class Problems:
    """Collects (JSON path, what is wrong) so a file reports every problem at once."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []

    def add(self, where: str, what: str) -> None:
        self.items.append((where, what))


_MISSING = object()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(obj: Mapping, key: str, where: str, p: Problems, lo: int, hi: int | None,
         default: Any = _MISSING) -> int | None:
    v = obj.get(key, _MISSING)
    if v is _MISSING or (v is None and default is not _MISSING):
        if default is _MISSING:
            p.add(where, _("missing"))
            return None
        return default
    if not _is_int(v):
        p.add(where, _("expected an integer, got {got}", got=show_value(v)))
        return None
    if v < lo or (hi is not None and v > hi):
        p.add(where, _("{v} is out of range {lo}..{hi}",
                       v=v, lo=lo, hi=hi) if hi is not None else _("{v} is below {lo}", v=v, lo=lo))
        return None
    return v


def _str(obj: Mapping, key: str, where: str, p: Problems, *, required: bool = True,
         nonempty: bool = True, default: str = "") -> str | None:
    v = obj.get(key, _MISSING)
    if v is _MISSING or v is None:
        if required:
            p.add(where, _("missing"))
            return None
        return default
    if not isinstance(v, str):
        p.add(where, _("expected a string, got {got}", got=show_value(v)))
        return None
    if nonempty and not v.strip():
        p.add(where, _("must not be empty"))
        return None
    return v


def _date(obj: Mapping, key: str, where: str, p: Problems) -> date | None:
    v = obj.get(key, _MISSING)
    if v is _MISSING:
        p.add(where, _("missing"))
        return None
    if not isinstance(v, str):
        p.add(where, _("expected a date YYYY-MM-DD, got {got}", got=show_value(v)))
        return None
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
            raise ValueError(v)
        return date.fromisoformat(v)
    except ValueError:
        p.add(where, _("{v!r} is not a date YYYY-MM-DD", v=v))
        return None


def _bool(obj: Mapping, key: str, where: str, p: Problems, default: bool) -> bool:
    v = obj.get(key, _MISSING)
    if v is _MISSING or v is None:
        return default
    if not isinstance(v, bool):
        p.add(where, _("expected true or false, got {got}", got=show_value(v)))
        return default
    return v


def show_value(v: Any) -> str:
    """A JSON value as a message shows it."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (dict, list)):
        return _("an object") if isinstance(v, dict) else _("a list")
    return repr(v)


def _unknown_keys(obj: Mapping, allowed: Iterable[str], path: str, p: Problems) -> None:
    allowed = set(allowed)
    for k in obj:
        if k not in allowed and not (isinstance(k, str) and k.startswith("x-")):
            p.add(f"{path}.{k}", _("unknown key (extension keys start with x-)"))


# -- card ------------------------------------------------------------------------

_CARD_KEYS = ("number", "name", "type", "attributes", "cost", "ex", "ap", "dp", "sp",
              "rarity", "rating", "text", "max_copies", "errata")


def _parse_card(obj: Any, loc: Callable[[str], str], whole: str, rarities: Iterable[str] | None,
                p: Problems, set_code: str, check_keys: bool = True) -> Card | None:
    """One card from its JSON form; ``loc(key)`` names a field for error messages."""
    if not isinstance(obj, dict):
        p.add(whole, _("expected an object, got {got}", got=show_value(obj)))
        return None
    before = len(p.items)
    if check_keys:
        _unknown_keys(obj, _CARD_KEYS, whole, p)

    number = _str(obj, "number", loc("number"), p)
    if number is not None and not _NUMBER_RE.match(number):
        p.add(loc("number"), _("{number!r} is not a card number like CH-0063 (optional letter suffix: CH-0063A)",
                               number=number))
        number = None
    name = _str(obj, "name", loc("name"), p)

    ctype = obj.get("type", _MISSING)
    if ctype is _MISSING:
        p.add(loc("type"), _("missing"))
        ctype = None
    elif ctype not in TYPE_PREFIX:
        p.add(loc("type"), _("{got} is not one of {items}", got=show_value(ctype), items=', '.join(CARD_TYPES)))
        ctype = None
    elif number is not None and TYPE_PREFIX[ctype] != number[:2]:
        p.add(loc("type"), _("{prefix}- numbers are {type} cards, not {ctype}", prefix=number[:2],
                                  type=L.card_type_label(_PREFIX_TYPE[number[:2]]), ctype=ctype))

    attrs = obj.get("attributes", _MISSING)
    attributes: tuple[str, ...] = ()
    if attrs is _MISSING:
        p.add(loc("attributes"), _("missing"))
    elif not isinstance(attrs, list) or not attrs:
        p.add(loc("attributes"), _("expected a non-empty list of {items}", items=', '.join(ATTRIBUTES)))
    else:
        seen = []
        for i, a in enumerate(attrs):
            if a not in ATTRIBUTES:
                p.add(f"{loc('attributes')}[{i}]", _("{got} is not one of {items}",
                                                     got=show_value(a), items=', '.join(ATTRIBUTES)))
            elif a in seen:
                p.add(f"{loc('attributes')}[{i}]", _("{a} listed twice", a=a))
            else:
                seen.append(a)
        attributes = tuple(a for a in ATTRIBUTES if a in seen)

    cost_obj = obj.get("cost", {})
    cost: tuple[tuple[str, int], ...] = ()
    if cost_obj is None:
        cost_obj = {}
    if not isinstance(cost_obj, dict):
        p.add(loc("cost"), f"expected an object like {{\"snow\": 1, \"star\": 1}}, got {show_value(cost_obj)}")
    else:
        pairs = {}
        for k, v in cost_obj.items():
            w = f"{loc('cost')}.{k}"
            if k not in ATTRIBUTES:
                p.add(w, _("{k!r} is not one of {items}", k=k, items=', '.join(ATTRIBUTES)))
            elif not _is_int(v) or not 0 <= v <= COST_MAX:
                p.add(w, _("expected an integer 0..{max}, got {got}", max=COST_MAX, got=show_value(v)))
            elif v:
                pairs[k] = v
        cost = tuple((a, pairs[a]) for a in ATTRIBUTES if a in pairs)

    ex = _int(obj, "ex", loc("ex"), p, 0, EX_MAX)
    stats: dict[str, int | None] = {}
    for key in ("ap", "dp", "sp"):
        if ctype == "character":
            stats[key] = _int(obj, key, loc(key), p, 0, STAT_MAX)
        else:
            if obj.get(key) is not None and ctype is not None:
                p.add(loc(key), _("only characters have {stat}", stat=key.upper()))
            stats[key] = None

    rarity = _str(obj, "rarity", loc("rarity"), p)
    if rarity is not None and rarities is not None and rarity not in rarities:
        p.add(loc("rarity"), _("{rarity!r} is not one of the set's rarities ({items})",
                               rarity=rarity, items=', '.join(rarities)))
    rating = _int(obj, "rating", loc("rating"), p, 0, RATING_MAX)
    text = _str(obj, "text", loc("text"), p, required=False, nonempty=False)
    max_copies = _int(obj, "max_copies", loc("max_copies"), p, 1, MAX_COPIES_MAX, default=None)

    errata: list[Errata] = []
    er = obj.get("errata", [])
    if er is None:
        er = []
    if not isinstance(er, list):
        p.add(loc("errata"), _("expected a list, got {got}", got=show_value(er)))
    else:
        for i, e in enumerate(er):
            ep = f"{loc('errata')}[{i}]"
            if not isinstance(e, dict):
                p.add(ep, _("expected an object, got {got}", got=show_value(e)))
                continue
            _unknown_keys(e, ("date", "text", "note"), ep, p)
            d = _date(e, "date", f"{ep}.date", p)
            t = _str(e, "text", f"{ep}.text", p)
            n = _str(e, "note", f"{ep}.note", p, required=False, nonempty=False)
            if d is not None and t is not None:
                errata.append(Errata(d, t, n or ""))

    if len(p.items) != before:
        return None
    return Card(number=number, name=name, type=ctype, attributes=attributes, cost=cost,
                ex=ex, ap=stats["ap"], dp=stats["dp"], sp=stats["sp"], rarity=rarity,
                rating=rating, text=text or "", max_copies=max_copies,
                errata=tuple(sorted(errata, key=lambda e: e.date)), set_code=set_code)


# -- booster and starters ---------------------------------------------------------

def _parse_slots(obj: Any, path: str, rarities: tuple[str, ...], p: Problems) -> tuple[RaritySlot, ...]:
    if not isinstance(obj, list) or not obj:
        p.add(path, _("expected a non-empty list of slots"))
        return ()
    slots = []
    for i, s in enumerate(obj):
        sp = f"{path}[{i}]"
        if not isinstance(s, dict):
            p.add(sp, _("expected an object, got {got}", got=show_value(s)))
            continue
        before = len(p.items)
        _unknown_keys(s, ("rarity", "count", "upgrades"), sp, p)
        rarity = _str(s, "rarity", f"{sp}.rarity", p)
        if rarity is not None and rarity not in rarities:
            p.add(f"{sp}.rarity", _("{rarity!r} is not one of the set's rarities ({items})",
                                    rarity=rarity, items=', '.join(rarities)))
        count = _int(s, "count", f"{sp}.count", p, 1, None)
        ups = []
        raw = s.get("upgrades", [])
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            p.add(f"{sp}.upgrades", _("expected a list, got {got}", got=show_value(raw)))
        else:
            total = 0.0
            for j, u in enumerate(raw):
                up = f"{sp}.upgrades[{j}]"
                if not isinstance(u, dict):
                    p.add(up, _("expected an object, got {got}", got=show_value(u)))
                    continue
                _unknown_keys(u, ("rarity", "chance"), up, p)
                ur = _str(u, "rarity", f"{up}.rarity", p)
                if ur is not None and ur not in rarities:
                    p.add(f"{up}.rarity", _("{rarity!r} is not one of the set's rarities ({items})",
                                            rarity=ur, items=', '.join(rarities)))
                elif ur is not None and ur == rarity:
                    p.add(f"{up}.rarity", _("an upgrade must change the rarity"))
                ch = u.get("chance", _MISSING)
                if ch is _MISSING:
                    p.add(f"{up}.chance", _("missing"))
                elif isinstance(ch, bool) or not isinstance(ch, (int, float)) or not 0 < ch <= 1:
                    p.add(f"{up}.chance", _("expected a probability in (0, 1], got {got}", got=show_value(ch)))
                else:
                    total += ch
                    if ur is not None:
                        ups.append(Upgrade(ur, float(ch)))
            if total > 1 + 1e-9:
                p.add(f"{sp}.upgrades", _("the chances add up to {total:g}, more than 1", total=total))
        if len(p.items) == before:
            slots.append(RaritySlot(rarity, count, tuple(ups)))
    return tuple(slots)


def _check_fill(slots: tuple[RaritySlot, ...], path: str, cards: tuple[Card, ...],
                distinct: bool, what: str, p: Problems) -> None:
    """Every rarity a pack can need must have enough cards: with duplicate
    protection, as many distinct cards as one pack can need; else at least one."""
    supply: dict[str, int] = {}
    for c in cards:
        supply[c.rarity] = supply.get(c.rarity, 0) + 1
    for rarity, need in slot_demand(slots).items():
        have = supply.get(rarity, 0)
        short = need > have if distinct else have == 0
        if not short:
            continue
        where = None
        for i, s in enumerate(slots):
            if s.rarity == rarity:
                where = f"{path}[{i}].rarity"
                break
            for j, u in enumerate(s.upgrades):
                if u.rarity == rarity and where is None:
                    where = f"{path}[{i}].upgrades[{j}].rarity"
        if distinct:
            p.add(where, _("a {what} can need {need} different {rarity} cards but the set has {have} "
                           "(duplicate protection is on)",
                           what={"booster": _("booster"), "starter": _("starter")}.get(what, what),
                           need=need, rarity=rarity, have=have))
        else:
            p.add(where, _("the set has no {rarity} card to fill this slot", rarity=rarity))


def _parse_booster(obj: Any, rarities: tuple[str, ...], cards: tuple[Card, ...],
                   p: Problems) -> BoosterDef | None:
    path = "$.booster"
    if not isinstance(obj, dict):
        p.add(path, _("expected an object or null, got {got}", got=show_value(obj)))
        return None
    before = len(p.items)
    _unknown_keys(obj, ("size", "slots", "duplicate_protection"), path, p)
    size = _int(obj, "size", f"{path}.size", p, 1, None)
    slots = _parse_slots(obj.get("slots"), f"{path}.slots", rarities, p)
    dup = _bool(obj, "duplicate_protection", f"{path}.duplicate_protection", p, True)
    if size is not None:
        if size < MIN_BOOSTER_SIZE:
            p.add(f"{path}.size", _("a booster must hold at least {min} cards, this one {size} [G-DRAFT-4]",
                                    min=MIN_BOOSTER_SIZE, size=size))
        if slots and len(p.items) == before and sum(s.count for s in slots) != size:
            p.add(f"{path}.size", _("is {size} but the slots hold {total}",
                                    size=size, total=sum(s.count for s in slots)))
    if slots and len(p.items) == before and cards:
        _check_fill(slots, f"{path}.slots", cards, dup, "booster", p)
    if len(p.items) != before:
        return None
    return BoosterDef(size, slots, dup)


def _parse_starters(obj: Any, rarities: tuple[str, ...], cards: tuple[Card, ...], card_ok: bool,
                    p: Problems) -> tuple[StarterDef, ...]:
    path = "$.starters"
    if obj is None:
        return ()
    if not isinstance(obj, list):
        p.add(path, _("expected a list, got {got}", got=show_value(obj)))
        return ()
    numbers = {c.number for c in cards}
    out: list[StarterDef] = []
    ids: dict[str, int] = {}
    for i, s in enumerate(obj):
        sp = f"{path}[{i}]"
        if not isinstance(s, dict):
            p.add(sp, _("expected an object, got {got}", got=show_value(s)))
            continue
        before = len(p.items)
        _unknown_keys(s, ("id", "name", "size", "cards", "slots", "duplicate_protection"), sp, p)
        sid = _str(s, "id", f"{sp}.id", p)
        if sid is not None:
            if sid in ids:
                p.add(f"{sp}.id", _("{sid!r} is also the id of $.starters[{index}]", sid=sid, index=ids[sid]))
            ids.setdefault(sid, i)
        name = _str(s, "name", f"{sp}.name", p)
        has_cards, has_slots = "cards" in s, "slots" in s
        fixed: list[tuple[str, int]] = []
        slots: tuple[RaritySlot, ...] = ()
        dup = _bool(s, "duplicate_protection", f"{sp}.duplicate_protection", p, True)
        if has_cards == has_slots:
            p.add(sp, _('a starter has either "cards" (a fixed list) or "slots", not both or neither'))
        elif has_cards:
            lst = s["cards"]
            if not isinstance(lst, list) or not lst:
                p.add(f"{sp}.cards", _("expected a non-empty list of {shape}",
                                        shape='{"number": ..., "count": ...}'))
            else:
                seen: dict[str, int] = {}
                for j, e in enumerate(lst):
                    ep = f"{sp}.cards[{j}]"
                    if not isinstance(e, dict):
                        p.add(ep, f"expected an object, got {show_value(e)}")
                        continue
                    _unknown_keys(e, ("number", "count"), ep, p)
                    num = _str(e, "number", f"{ep}.number", p)
                    cnt = _int(e, "count", f"{ep}.count", p, 1, None)
                    if num is not None:
                        if num in seen:
                            p.add(f"{ep}.number", _("{num} is listed twice (also at {where})", num=num,
                                                             where=f"{sp}.cards[{seen[num]}]"))
                        elif card_ok and num not in numbers:
                            p.add(f"{ep}.number", _("{num} is not a card of this set", num=num))
                        seen.setdefault(num, j)
                    if num is not None and cnt is not None:
                        fixed.append((num, cnt))
        else:
            slots = _parse_slots(s["slots"], f"{sp}.slots", rarities, p)
            if slots and len(p.items) == before and card_ok:
                _check_fill(slots, f"{sp}.slots", cards, dup, "starter", p)
        if len(p.items) != before:
            continue
        st = StarterDef(sid, name, tuple(fixed), slots, dup)
        declared = _int(s, "size", f"{sp}.size", p, 1, None, default=None)
        if declared is not None and declared != st.size:
            p.add(f"{sp}.size", _("is {declared} but the starter holds {size} cards", declared=declared, size=st.size))
        elif st.size < MIN_STARTER_SIZE:
            p.add(sp, _("a starter must hold at least {min} cards, this one {size} [G-SEALED]",
                        min=MIN_STARTER_SIZE, size=st.size))
        else:
            out.append(st)
    return tuple(out)


# -- set -----------------------------------------------------------------------------

_SET_KEYS = ("schema", "code", "name", "version", "release_date", "sample", "rarities",
             "cards", "booster", "starters")


def parse_set(data: Any, source: str = "<set>") -> CardSet:
    """A :class:`CardSet` from the parsed JSON of a ``lycee-set/1`` file.

    Raises ValidationError(source, [(json_path, problem), ...]) listing every problem.
    """
    p = Problems()
    if not isinstance(data, dict):
        raise ValidationError(source, [("$", _("expected a JSON object, got {got}", got=show_value(data)))])
    _unknown_keys(data, _SET_KEYS, "$", p)
    schema = data.get("schema", _MISSING)
    if schema is _MISSING:
        p.add("$.schema", _("missing (expected {schema!r})", schema=SCHEMA))
    elif schema != SCHEMA:
        p.add("$.schema", _("{got} is not {schema!r}", got=show_value(schema), schema=SCHEMA))
    code = _str(data, "code", "$.code", p)
    if code is not None and not _CODE_RE.match(code):
        p.add("$.code", _("{code!r}: use 1-32 letters, digits, - or _", code=code))
    name = _str(data, "name", "$.name", p)
    version = _str(data, "version", "$.version", p)
    release = _date(data, "release_date", "$.release_date", p)
    sample = _bool(data, "sample", "$.sample", p, False)

    rarities: tuple[str, ...] = ()
    r = data.get("rarities", _MISSING)
    if r is _MISSING:
        p.add("$.rarities", _("missing"))
    elif not isinstance(r, list) or not r:
        p.add("$.rarities", _("expected a non-empty list of rarity names, lowest first"))
    else:
        ok = []
        for i, x in enumerate(r):
            if not isinstance(x, str) or not x.strip():
                p.add(f"$.rarities[{i}]", _("expected a non-empty string, got {got}", got=show_value(x)))
            elif x in ok:
                p.add(f"$.rarities[{i}]", _("{x!r} listed twice", x=x))
            else:
                ok.append(x)
        rarities = tuple(ok)

    cards: list[Card] = []
    raw_cards = data.get("cards", _MISSING)
    cards_ok = False
    if raw_cards is _MISSING:
        p.add("$.cards", _("missing"))
    elif not isinstance(raw_cards, list) or not raw_cards:
        p.add("$.cards", _("expected a non-empty list of cards"))
    else:
        before = len(p.items)
        first: dict[str, int] = {}
        for i, c in enumerate(raw_cards):
            path = f"$.cards[{i}]"
            card = _parse_card(c, lambda k, path=path: f"{path}.{k}", path, rarities or None, p, code or "")
            if card is None:
                continue
            if card.number in first:
                p.add(f"{path}.number", _("{number} is also {where}",
                                          number=card.number, where=f"$.cards[{first[card.number]}]"))
                continue
            first[card.number] = i
            cards.append(card)
        cards_ok = len(p.items) == before

    booster = None
    if data.get("booster") is not None:
        booster = _parse_booster(data["booster"], rarities, tuple(cards) if cards_ok else (), p)
    starters = _parse_starters(data.get("starters"), rarities, tuple(cards), cards_ok, p)

    if p.items:
        raise ValidationError(source, p.items)
    return CardSet(code=code, name=name, version=version, release_date=release, rarities=rarities,
                   cards=tuple(cards), booster=booster, starters=starters, sample=sample)


def _read_text(path: str | PathLike | Any) -> tuple[str, str]:
    """(text, source name) of a path or an importlib.resources Traversable."""
    if isinstance(path, (str, PathLike)):
        p = Path(fspath(path))
        return p.read_text(encoding="utf-8"), str(p)
    return path.read_text(encoding="utf-8"), str(getattr(path, "name", path))


def read_source(path: str | PathLike | Any) -> tuple[str, str]:
    """Like _read_text, but an unreadable or non-UTF-8 file is a
    ValidationError naming the file."""
    try:
        return _read_text(path)
    except OSError as e:
        raise ValidationError(str(path), [(_("file"), _("cannot be read: {reason}", reason=e.strerror or e))]) from None
    except UnicodeDecodeError:
        raise ValidationError(str(path), [(_("file"), _("is not UTF-8 text"))]) from None


def _json_load(text: str, source: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValidationError(source, [(_("line {lineno} column {colno}",
                                          lineno=e.lineno, colno=e.colno), _("not valid JSON: {msg}",
                                                                             msg=e.msg))]) from None


def load_set(path: str | PathLike | Any) -> CardSet:
    """Load and validate one set file (a path, or an importlib.resources Traversable)."""
    text, source = read_source(path)
    return parse_set(_json_load(text, source), source)


def load_sample_sets() -> list[CardSet]:
    """The generated sample sets shipped in ``sample_packs/sets``."""
    from sample_packs import set_paths

    return [load_set(p) for p in set_paths()]


# -- writing -----------------------------------------------------------------------

def _card_to_dict(c: Card) -> dict:
    d: dict[str, Any] = {"number": c.number, "name": c.name, "type": c.type,
                         "attributes": list(c.attributes), "cost": dict(c.cost), "ex": c.ex}
    if c.type == "character":
        d.update(ap=c.ap, dp=c.dp, sp=c.sp)
    d.update(rarity=c.rarity, rating=c.rating)
    if c.text:
        d["text"] = c.text
    if c.max_copies is not None:
        d["max_copies"] = c.max_copies
    if c.errata:
        d["errata"] = [{"date": e.date.isoformat(), "text": e.text, **({"note": e.note} if e.note else {})}
                       for e in c.errata]
    return d


def _slots_to_list(slots: Iterable[RaritySlot]) -> list[dict]:
    out = []
    for s in slots:
        d: dict[str, Any] = {"rarity": s.rarity, "count": s.count}
        if s.upgrades:
            d["upgrades"] = [{"rarity": u.rarity, "chance": u.chance} for u in s.upgrades]
        out.append(d)
    return out


def set_to_dict(cs: CardSet) -> dict:
    """The JSON form of a set (what :func:`parse_set` reads back to an equal set)."""
    d: dict[str, Any] = {"schema": SCHEMA, "code": cs.code, "name": cs.name, "version": cs.version,
                         "release_date": cs.release_date.isoformat()}
    if cs.sample:
        d["sample"] = True
    d["rarities"] = list(cs.rarities)
    if cs.booster is not None:
        d["booster"] = {"size": cs.booster.size, "slots": _slots_to_list(cs.booster.slots),
                        "duplicate_protection": cs.booster.duplicate_protection}
    d["starters"] = []
    for s in cs.starters:
        sd: dict[str, Any] = {"id": s.id, "name": s.name, "size": s.size}
        if s.slots:
            sd["slots"] = _slots_to_list(s.slots)
            sd["duplicate_protection"] = s.duplicate_protection
        else:
            sd["cards"] = [{"number": n, "count": k} for n, k in s.cards]
        d["starters"].append(sd)
    d["cards"] = [_card_to_dict(c) for c in cs.cards]
    return d


def dump_set(cs: CardSet) -> str:
    """Canonical text of a set file: stable key order, one card a line, UTF-8
    without escapes, a final newline.  Same set, same bytes."""
    d = set_to_dict(cs)

    def j(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))

    lines = ["{"]
    keys = list(d)
    for i, k in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        v = d[k]
        if k == "cards":
            lines.append('  "cards": [')
            lines += [f"    {j(c)}{',' if n < len(v) - 1 else ''}" for n, c in enumerate(v)]
            lines.append(f"  ]{comma}")
        elif k == "starters":
            lines.append('  "starters": [')
            for n, s in enumerate(v):
                end = "," if n < len(v) - 1 else ""
                lines.append(f"    {j(s)}{end}")
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {j(k)}: {j(v)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# -- CSV import of a user's card list ------------------------------------------------

CSV_COLUMNS = ("number", "name", "type", "attributes", "cost", "ex", "ap", "dp", "sp",
               "rarity", "rating", "text", "max_copies")
CSV_REQUIRED = ("number", "name", "attributes", "rarity")
#: Rating given to a card whose ``rating`` cell is blank.
CSV_DEFAULT_RATING = 2

_ATTR_TOKEN = re.compile(r"(snow|moon|flower|space|sun|star|雪|月|花|宙|日|無)\s*[:=]?\s*(\d*)", re.I)


def _attr_name(tok: str) -> str:
    return _KANJI_ATTRIBUTE.get(tok, tok.lower())


def parse_attributes(text: str) -> list[str]:
    """``"snow moon"``, ``"snow|moon"``, ``"雪月"``, ``"雪・月"`` -> ``["snow", "moon"]``.
    Raises ValueError on anything else."""
    t = unicodedata.normalize("NFKC", text).strip()
    out: list[str] = []
    rest = _ATTR_TOKEN.sub(lambda m: out.append(_attr_name(m.group(1))) or (m.group(2) and "#") or "", t)
    if re.sub(r"[\s|,/・;]+", "", rest):
        raise ValueError(_("{text!r} is not a list of attributes ({items} or 雪月花宙日無)",
                           text=text, items=', '.join(ATTRIBUTES)))
    return out


def parse_cost(text: str) -> dict[str, int]:
    """``"snow:1 star:2"``, ``"snow=1,star=2"``, ``"雪1無2"``, ``"雪無無"`` -> ``{"snow": 1, "star": 2}``.
    Raises ValueError on anything else."""
    t = unicodedata.normalize("NFKC", text).strip()
    out: dict[str, int] = {}

    def take(m: re.Match) -> str:
        a = _attr_name(m.group(1))
        out[a] = out.get(a, 0) + (int(m.group(2)) if m.group(2) else 1)
        return ""

    rest = _ATTR_TOKEN.sub(take, t)
    if re.sub(r"[\s|,/・;]+", "", rest):
        raise ValueError(_("{text!r} is not a cost like snow:1 star:2 or 雪1無2", text=text))
    return out


def read_cards_csv(text: str, source: str = "<csv>", rarities: Iterable[str] | None = None,
                   set_code: str = "") -> list[Card]:
    """Cards from a CSV card list (header row required; columns ``CSV_COLUMNS``,
    of which ``CSV_REQUIRED`` must be present).  Blank cells: type from the
    number prefix, no cost, EX 0, rating ``CSV_DEFAULT_RATING``, no text.
    Raises ValidationError naming the line and column of every problem."""
    p = Problems()
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    try:
        header = next(reader)
    except StopIteration:
        raise ValidationError(source, [(_("line {line}", line=1), _("empty file: expected a header row"))]) from None
    cols = [h.strip().lower() for h in header]
    for c in CSV_REQUIRED:
        if c not in cols:
            p.add(_("line {line}", line=1), _("missing column {c!r}", c=c))
    for c in cols:
        if c and c not in CSV_COLUMNS:
            p.add(_("line {line}",
                    line=1), _("unknown column {c!r} (known: {items})", c=c, items=', '.join(CSV_COLUMNS)))
    if p.items:
        raise ValidationError(source, p.items)
    rar = tuple(rarities) if rarities is not None else None
    cards: list[Card] = []
    first: dict[str, int] = {}
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(cols):
            p.add(_("line {line}", line=line), _("{n} cells but the header has {cols}", n=len(row), cols=len(cols)))
            continue
        cells = {c: (row[i].strip() if i < len(row) else "") for i, c in enumerate(cols)}

        def loc(key: str, line: int = line) -> str:
            return _("line {line}, column {key}", line=line, key=key)

        obj: dict[str, Any] = {}
        bad = False
        num = normalize_number(cells["number"]) if cells.get("number") else None
        obj["number"] = num or cells.get("number", "")
        obj["name"] = cells.get("name", "")
        obj["type"] = cells.get("type") or (_PREFIX_TYPE.get(num[:2]) if num else None) or ""
        try:
            obj["attributes"] = parse_attributes(cells.get("attributes", ""))
        except ValueError as e:
            p.add(loc("attributes"), str(e))
            bad = True
        try:
            obj["cost"] = parse_cost(cells.get("cost", ""))
        except ValueError as e:
            p.add(loc("cost"), str(e))
            bad = True
        for key in ("ex", "ap", "dp", "sp", "rating", "max_copies"):
            v = cells.get(key, "")
            if v == "":
                if key == "ex":
                    obj[key] = 0
                elif key == "rating":
                    obj[key] = CSV_DEFAULT_RATING
                continue
            try:
                obj[key] = int(unicodedata.normalize("NFKC", v))
            except ValueError:
                p.add(loc(key), _("{v!r} is not a whole number", v=v))
                bad = True
        obj["rarity"] = cells.get("rarity", "")
        if cells.get("text"):
            obj["text"] = cells["text"]
        card = _parse_card(obj, loc, _("line {line}", line=line), rar, p, set_code, check_keys=False)
        if card is None or bad:
            continue
        if card.number in first:
            p.add(loc("number"), _("{number} is also on line {line}", number=card.number, line=first[card.number]))
            continue
        first[card.number] = line
        cards.append(card)
    if p.items:
        raise ValidationError(source, p.items)
    if not cards:
        raise ValidationError(source, [(_("line {line}", line=2), _("no cards"))])
    return cards


def cardset_from_csv(source: str | PathLike | Any, *, code: str, name: str, version: str,
                     release_date: date | str, rarities: Iterable[str] | None = None,
                     text: str | None = None) -> CardSet:
    """A :class:`CardSet` (no booster, no starters) from a user's CSV card list.

    ``source`` is a path, or a label when ``text`` is given.  ``rarities``
    (lowest first) defaults to the rarities in the order first seen.
    The set gets its legality from ``version`` (matched against the calendar)
    or else ``release_date``.
    """
    if text is None:
        try:
            text, label = _read_text(source)
        except OSError as e:
            raise ValidationError(str(source), [(_("file"), _("cannot be read: {reason}",
                                                              reason=e.strerror or e))]) from None
    else:
        label = str(source)
    cards = read_cards_csv(text, label, rarities, set_code=code)
    rar = tuple(rarities) if rarities is not None else tuple(dict.fromkeys(c.rarity for c in cards))
    data = {"schema": SCHEMA, "code": code, "name": name, "version": version,
            "release_date": release_date.isoformat() if isinstance(release_date, date) else release_date,
            "rarities": list(rar), "cards": [_card_to_dict(c) for c in cards]}
    return parse_set(data, label)
