"""Set files: the ``lycee-set/1`` format, its loader and its writer (the CSV
import of a user's own card list is :mod:`core.cards.setcsv`).

A set file describes one product version (docs/cards.md): its cards, its
booster and its starters (the types are :mod:`core.cards.model`'s).  A file
is checked in two passes and every problem of both is reported at once, as a
:class:`~core.errors.ValidationError` whose ``where`` is a JSON path
(``$.cards[3].cost.snow``) or, for CSV, a line and column:

- its structure against the JSON Schema (:mod:`core.cards.schema`,
  ``set-schema.json``): keys, types, ranges, patterns;
- its meaning, here: a number's prefix matches the card type, no number
  twice, rarities among the set's, upgrades that change the rarity with
  chances adding up to at most 1, a booster of at least 10 cards (G-DRAFT-4)
  whose size is its slots', starters of at least 20 (G-SEALED) listing cards
  of the set, unique starter ids, and slots the set's cards can fill.

The shipped sample sets skip the first pass when loaded (their structure is
checked by the tests and by the generator that writes them), so start-up
never imports jsonschema; the second pass is cheap and always runs.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Iterable
from datetime import date
from os import PathLike, fspath
from pathlib import Path
from typing import Any

from core import labels
from core.cards.model import (
    MIN_BOOSTER_SIZE,
    MIN_STARTER_SIZE,
    PREFIX_TYPE,
    TYPE_PREFIX,
    BoosterDef,
    Card,
    CardSet,
    Errata,
    RaritySlot,
    StarterDef,
    Upgrade,
    cost_pairs,
    in_attribute_order,
    slot_demand,
)
from core.cards.schema import (
    DocPath,
    document_order,
    json_path,
    show_value,
    structure_problems,
)
from core.cards.setwrite import SCHEMA, dump_set, set_to_dict  # writing: setwrite.py
from core.errors import ValidationError, os_reason
from core.i18n import _, join_list
from sample_packs import set_paths

__all__ = [
    "SCHEMA",
    "card_from_doc",
    "card_meaning",
    "dump_set",
    "load_sample_sets",
    "load_set",
    "parse_json",
    "parse_set",
    "read_source",
    "read_text",
    "set_to_dict",
]

Found = list[tuple[DocPath, str]]


# -- what a schema cannot say ------------------------------------------------------


class _Broken:
    """The places the structure pass found broken: the meaning pass skips them
    (and what they hold), so it never trips over a value of the wrong type."""

    def __init__(self, found: Found) -> None:
        self.paths = [p for p, _what in found]

    def __call__(self, path: DocPath) -> bool:
        """A problem at ``path``, above it or inside it: the value is not sound."""
        n = len(path)
        return any(p[:n] == path or path[: len(p)] == p for p in self.paths)

    def fields_inside(self, card: DocPath) -> set[str]:
        """The fields of the card at ``card`` that a card's meaning reads and that are broken."""
        return {key for key in ("number", "type", "rarity") if self(card + (key,))}

    def unreadable(self, path: DocPath) -> bool:
        """A problem at ``path`` or above it (a wrong type, say): nothing inside can be read."""
        return any(path[: len(p)] == p for p in self.paths)


def card_meaning(card: dict[str, Any], rarities: Iterable[str] | None, unsound: Collection[str] = ()) -> Found:
    """A card's number prefix names its type; its rarity is the set's (each
    checked unless a field it reads is ``unsound``)."""
    found: Found = []
    if not {"number", "type"} & set(unsound):
        found += _prefix_meaning(card["number"][:2], card["type"])
    if "rarity" not in unsound:
        found += _rarity_found(card["rarity"], ("rarity",), rarities)
    return found


def _prefix_meaning(prefix: str, ctype: str) -> Found:
    """A card of type ``ctype`` numbered with ``prefix`` when the prefix names another type."""
    if TYPE_PREFIX[ctype] == prefix:
        return []
    what = _(
        "{prefix}- numbers are {type} cards, not {ctype}",
        prefix=prefix,
        type=labels.card_type_label(PREFIX_TYPE[prefix]),
        ctype=ctype,
    )
    return [(("type",), what)]


def _rarity_found(rarity: str, where: DocPath, rarities: Iterable[str] | None) -> Found:
    """``rarity`` (at ``where``) when it is not one of the set's (None: the set's are not known)."""
    if rarities is None or rarity in rarities:
        return []
    return [
        (where, _("{rarity!r} is not one of the set's rarities ({items})", rarity=rarity, items=join_list(rarities)))
    ]


def _cards_meaning(cards: list[Any], rarities: tuple[str, ...] | None, broken: _Broken) -> Found:
    found: Found = []
    first: dict[str, int] = {}
    for i, card in enumerate(cards):
        if broken.unreadable(("cards", i)):
            continue
        here: DocPath = ("cards", i)
        found += [(here + p, what) for p, what in card_meaning(card, rarities, broken.fields_inside(here))]
        if not broken(here):
            found += _repeated_number(card["number"], i, first)
    return found


def _repeated_number(number: str, i: int, first: dict[str, int]) -> Found:
    """Card ``i``'s number when an earlier card has it (``first``: each number's
    first card, ``number`` noted there when it is new)."""
    if number in first:
        where = json_path(("cards", first[number]))
        return [(("cards", i, "number"), _("{number} is also {where}", number=number, where=where))]
    first[number] = i
    return []


def _slots_meaning(slots: list[Any], path: DocPath, rarities: tuple[str, ...] | None, broken: _Broken) -> Found:
    """Slot and upgrade rarities are the set's; an upgrade changes the rarity; a
    slot's upgrade chances add up to at most 1."""
    found: Found = []
    for i, slot in enumerate(slots):
        if not broken(path + (i,)):
            found += _slot_meaning(slot, path + (i,), rarities)
    return found


def _slot_meaning(slot: dict[str, Any], path: DocPath, rarities: tuple[str, ...] | None) -> Found:
    """One sound slot: its rarity, then each upgrade's (one of the set's, and another
    than the slot's), then the upgrades' chances."""
    found = _rarity_found(slot["rarity"], path + ("rarity",), rarities)
    upgrades = slot.get("upgrades") or []
    for j, up in enumerate(upgrades):
        where = path + ("upgrades", j, "rarity")
        wrong = _rarity_found(up["rarity"], where, rarities)
        if not wrong and up["rarity"] == slot["rarity"]:
            wrong = [(where, _("an upgrade must change the rarity"))]
        found += wrong
    return found + _chances_meaning(upgrades, path + ("upgrades",))


def _chances_meaning(upgrades: list[dict], where: DocPath) -> Found:
    """A slot's upgrade chances add up to at most 1."""
    total = sum(up["chance"] for up in upgrades)
    if total > 1 + 1e-9:
        return [(where, _("the chances add up to {total:g}, more than 1", total=total))]
    return []


def _fill_meaning(
    slots: tuple[RaritySlot, ...], path: DocPath, cards: tuple[Card, ...], distinct: bool, what: str
) -> Found:
    """Every rarity a pack can need must have enough cards: with duplicate
    protection, as many distinct cards as one pack can need; else at least one."""
    found: Found = []
    supply = Counter(c.rarity for c in cards)
    for rarity, need in slot_demand(slots).items():
        have = supply.get(rarity, 0)
        short = need > have if distinct else have == 0
        if short:
            found.append((_rarity_path(slots, path, rarity), _short_words(what, rarity, need, have, distinct)))
    return found


def _rarity_path(slots: tuple[RaritySlot, ...], path: DocPath, rarity: str) -> DocPath:
    """Where the slots ask for ``rarity``: the first slot of it, else the first upgrade to it."""
    for i, s in enumerate(slots):
        if s.rarity == rarity:
            return path + (i, "rarity")
    return _first_upgrade_to(slots, path, rarity)


def _first_upgrade_to(slots: tuple[RaritySlot, ...], path: DocPath, rarity: str) -> DocPath:
    """Where the first upgrade to ``rarity`` is (``path`` itself when none is)."""
    for i, s in enumerate(slots):
        for j, u in enumerate(s.upgrades):
            if u.rarity == rarity:
                return path + (i, "upgrades", j, "rarity")
    return path


def _short_words(what: str, rarity: str, need: int, have: int, distinct: bool) -> str:
    """The set has too few cards of ``rarity`` for a pack: with duplicate protection, too few different ones."""
    if not distinct:
        return _("the set has no {rarity} card to fill this slot", rarity=rarity)
    return _(
        "a {what} can need {need} different {rarity} cards but the set has {have} (duplicate protection is on)",
        what={"booster": _("booster"), "starter": _("starter")}.get(what, what),
        need=need,
        rarity=rarity,
        have=have,
    )


def _booster_size_meaning(size: int) -> Found:
    """G-DRAFT-4: a booster holds at least :data:`MIN_BOOSTER_SIZE` cards."""
    if size >= MIN_BOOSTER_SIZE:
        return []
    return [
        (
            ("booster", "size"),
            _("a booster must hold at least {min} cards, this one {size} [G-DRAFT-4]", min=MIN_BOOSTER_SIZE, size=size),
        )
    ]


def _booster_meaning(
    booster: dict[str, Any], rarities: tuple[str, ...] | None, cards: tuple[Card, ...] | None, broken: _Broken
) -> Found:
    path: DocPath = ("booster",)
    found: Found = []
    if not broken.unreadable(path + ("slots",)):
        found += _slots_meaning(booster["slots"], path + ("slots",), rarities, broken)
    if not broken(path + ("size",)):
        found += _booster_size_meaning(booster["size"])
    if found or broken(path):
        return found
    return _booster_fill(booster, cards)


def _booster_fill(booster: dict[str, Any], cards: tuple[Card, ...] | None) -> Found:
    """A sound booster's slots hold its size and (``cards`` known) can be filled."""
    path: DocPath = ("booster",)
    slots = _slots(booster["slots"])
    held = sum(s.count for s in slots)
    if held != booster["size"]:
        return [(path + ("size",), _("is {size} but the slots hold {total}", size=booster["size"], total=held))]
    if cards is None:
        return []
    return _fill_meaning(slots, path + ("slots",), cards, _dup(booster), "booster")


def _starters_meaning(
    starters: list[Any], rarities: tuple[str, ...] | None, cards: tuple[Card, ...] | None, broken: _Broken
) -> Found:
    found: Found = []
    ids: dict[str, int] = {}
    numbers = {c.number for c in cards} if cards is not None else None
    for i, st in enumerate(starters):
        path: DocPath = ("starters", i)
        found += _starter_id_meaning(st, i, ids)
        if not broken(path):
            found += _starter_meaning(st, path, rarities, cards, numbers, broken)
    return found


def _starter_meaning(
    st: dict,
    path: DocPath,
    rarities: tuple[str, ...] | None,
    cards: tuple[Card, ...] | None,
    numbers: set[str] | None,
    broken: _Broken,
) -> Found:
    """A sound starter: its fixed list or its slots, then (when those hold) its size."""
    if "cards" in st:
        mine = _starter_cards_meaning(st["cards"], path, numbers)
    else:
        mine = _starter_slots_meaning(st, path, rarities, cards, broken)
    return mine or _starter_size_meaning(st, path)


def _starter_id_meaning(st: Any, i: int, ids: dict[str, int]) -> Found:
    """A starter's id used by an earlier starter (``ids``: id -> first index, updated)."""
    sid = st.get("id") if isinstance(st, dict) else None
    if not isinstance(sid, str):
        return []
    first = ids.setdefault(sid, i)
    if first == i:
        return []
    return [(("starters", i, "id"), _("{sid!r} is also the id of $.starters[{index}]", sid=sid, index=first))]


def _starter_slots_meaning(
    st: dict, path: DocPath, rarities: tuple[str, ...] | None, cards: tuple[Card, ...] | None, broken: _Broken
) -> Found:
    """A starter of rarity slots: the slots, then (when sound) whether the set's cards fill them."""
    mine = _slots_meaning(st["slots"], path + ("slots",), rarities, broken)
    if not mine and cards is not None:
        mine += _fill_meaning(_slots(st["slots"]), path + ("slots",), cards, _dup(st), "starter")
    return mine


def _starter_cards_meaning(entries: list[dict], path: DocPath, numbers: set[str] | None) -> Found:
    """A starter's listed cards: each number once, each a card of the set."""
    mine: Found = []
    seen: dict[str, int] = {}
    for j, entry in enumerate(entries):
        num, where = entry["number"], path + ("cards", j, "number")
        if num in seen:
            mine.append(
                (
                    where,
                    _(
                        "{num} is listed twice (also at {where})",
                        num=num,
                        where=json_path(path + ("cards", seen[num])),
                    ),
                )
            )
        elif numbers is not None and num not in numbers:
            mine.append((where, _("{num} is not a card of this set", num=num)))
        seen.setdefault(num, j)
    return mine


def _starter_size_meaning(st: dict, path: DocPath) -> Found:
    """The starter's declared size is what it holds, and it holds at least :data:`MIN_STARTER_SIZE` [G-SEALED]."""
    starter = _starter(st)
    declared = st.get("size")
    if declared is not None and declared != starter.size:
        return [
            (
                path + ("size",),
                _("is {declared} but the starter holds {size} cards", declared=declared, size=starter.size),
            )
        ]
    if starter.size < MIN_STARTER_SIZE:
        return [
            (
                path,
                _(
                    "a starter must hold at least {min} cards, this one {size} [G-SEALED]",
                    min=MIN_STARTER_SIZE,
                    size=starter.size,
                ),
            )
        ]
    return []


def _cards_part(
    data: dict[str, Any], rarities: tuple[str, ...] | None, broken: _Broken
) -> tuple[Found, tuple[Card, ...] | None]:
    """(the cards' problems, the cards when every one is sound: the slots can be checked against them)."""
    if broken.unreadable(("cards",)):
        return [], None
    found = _cards_meaning(data["cards"], rarities, broken)
    if found or broken(("cards",)):
        return found, None
    return found, tuple(card_from_doc(c, "") for c in data["cards"])


def _meaning(data: dict[str, Any], broken: _Broken) -> Found:
    """Every problem of a set file the schema cannot see (see the module docstring)."""
    rarities = tuple(data["rarities"]) if not broken(("rarities",)) else None
    found, cards = _cards_part(data, rarities, broken)
    if _readable_part(data, "booster", broken):
        found += _booster_meaning(data["booster"], rarities, cards, broken)
    if _readable_part(data, "starters", broken):
        found += _starters_meaning(data["starters"], rarities, cards, broken)
    return found


def _readable_part(data: dict[str, Any], key: str, broken: _Broken) -> bool:
    """The set file has the part ``key`` (a booster, its starters) and its structure lets it be read."""
    return data.get(key) is not None and not broken.unreadable((key,))


# -- building the set (from a checked document) -------------------------------------


def _dup(obj: dict[str, Any]) -> bool:
    """``duplicate_protection``, absent or null meaning on."""
    return obj.get("duplicate_protection") is not False


def card_from_doc(obj: dict[str, Any], set_code: str) -> Card:
    ctype = obj["type"]
    stats = {k: obj[k] if ctype == "character" else None for k in ("ap", "dp", "sp")}
    return Card(
        number=obj["number"],
        name=obj["name"],
        type=ctype,
        attributes=in_attribute_order(obj["attributes"]),
        cost=cost_pairs(obj.get("cost")),
        ex=obj["ex"],
        ap=stats["ap"],
        dp=stats["dp"],
        sp=stats["sp"],
        rarity=obj["rarity"],
        rating=obj["rating"],
        text=obj.get("text") or "",
        max_copies=obj.get("max_copies"),
        errata=_errata(obj.get("errata") or ()),
        set_code=set_code,
    )


def _errata(docs) -> tuple[Errata, ...]:
    """A card's errata, oldest first."""
    return tuple(
        sorted(
            (Errata(date.fromisoformat(e["date"]), e["text"], e.get("note") or "") for e in docs), key=lambda e: e.date
        )
    )


def _slots(raw: list[dict[str, Any]]) -> tuple[RaritySlot, ...]:
    return tuple(
        RaritySlot(
            s["rarity"], s["count"], tuple(Upgrade(u["rarity"], float(u["chance"])) for u in s.get("upgrades") or ())
        )
        for s in raw
    )


def _starter(obj: dict[str, Any]) -> StarterDef:
    return StarterDef(
        obj["id"],
        obj["name"],
        tuple((e["number"], e["count"]) for e in obj.get("cards") or ()),
        _slots(obj.get("slots") or []),
        _dup(obj),
    )


def _build(data: dict[str, Any]) -> CardSet:
    booster = data.get("booster")
    return CardSet(
        code=data["code"],
        name=data["name"],
        version=data["version"],
        release_date=date.fromisoformat(data["release_date"]),
        rarities=tuple(data["rarities"]),
        cards=tuple(card_from_doc(c, data["code"]) for c in data["cards"]),
        booster=BoosterDef(booster["size"], _slots(booster["slots"]), _dup(booster)) if booster is not None else None,
        starters=tuple(_starter(s) for s in data.get("starters") or ()),
        sample=bool(data.get("sample")),
    )


def _shown(found: Found, where: Any = json_path) -> list[tuple[str, str]]:
    return [(where(path), what) for path, what in found]


# -- set -----------------------------------------------------------------------------


def parse_set(data: Any, source: str = "<set>", *, check_structure: bool = True) -> CardSet:
    """A :class:`CardSet` from the parsed JSON of a ``lycee-set/1`` file.

    Raises ValidationError(source, [(json_path, problem), ...]) listing every
    problem of both passes (see the module docstring).  ``check_structure=False``
    skips the schema pass: only for files this package ships, whose structure
    the tests check.
    """
    if not isinstance(data, dict):
        raise ValidationError(source, [("$", _("expected a JSON object, got {got}", got=show_value(data)))])
    found = structure_problems(data) if check_structure else []
    found += _meaning(data, _Broken(found))
    if found:
        raise ValidationError(source, _shown(sorted(found, key=document_order)))
    return _build(data)


def read_text(path: str | PathLike | Any) -> tuple[str, str]:
    """(text, source name) of a path or an importlib.resources Traversable."""
    if isinstance(path, (str, PathLike)):
        p = Path(fspath(path))
        return p.read_text(encoding="utf-8"), str(p)
    return path.read_text(encoding="utf-8"), str(getattr(path, "name", path))


def read_source(path: str | PathLike | Any) -> tuple[str, str]:
    """Like read_text, but an unreadable or non-UTF-8 file is a
    ValidationError naming the file."""
    try:
        return read_text(path)
    except OSError as e:
        raise ValidationError(str(path), [(_("file"), _("cannot be read: {reason}", reason=os_reason(e)))]) from None
    except UnicodeDecodeError:
        raise ValidationError(str(path), [(_("file"), _("is not UTF-8 text"))]) from None


def parse_json(text: str, source: str) -> Any:
    """The JSON document in ``text``; bad JSON is a ValidationError naming the line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValidationError(
            source,
            [
                (
                    _("line {lineno} column {colno}", lineno=e.lineno, colno=e.colno),
                    _("not valid JSON: {msg}", msg=e.msg),
                )
            ],
        ) from None


def load_set(path: str | PathLike | Any, *, check_structure: bool = True) -> CardSet:
    """Load and validate one set file (a path, or an importlib.resources Traversable)."""
    text, source = read_source(path)
    return parse_set(parse_json(text, source), source, check_structure=check_structure)


def load_sample_sets() -> list[CardSet]:
    """The generated sample sets shipped in ``sample_packs/sets``.  Their structure
    is checked by the tests and by the generator, not on every start (that would
    import jsonschema); their meaning is checked here."""

    return [load_set(p, check_structure=False) for p in set_paths()]
