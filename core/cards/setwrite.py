"""Writing a set: its JSON form (:func:`set_to_dict`, what
:func:`core.cards.sets.parse_set` reads back to an equal set) and the
canonical text of a set file (:func:`dump_set`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from core.cards.model import Card, CardSet, Errata, RaritySlot, StarterDef

__all__ = ["SCHEMA", "card_to_dict", "dump_set", "set_to_dict"]

#: The format of a set file.
SCHEMA = "lycee-set/1"


def card_to_dict(c: Card) -> dict:
    """The JSON form of a card in a set file."""
    d: dict[str, Any] = {
        "number": c.number,
        "name": c.name,
        "type": c.type,
        "attributes": list(c.attributes),
        "cost": dict(c.cost),
        "ex": c.ex,
    }
    if c.type == "character":
        d.update(ap=c.ap, dp=c.dp, sp=c.sp)
    d.update(rarity=c.rarity, rating=c.rating)
    if c.text:
        d["text"] = c.text
    if c.max_copies is not None:
        d["max_copies"] = c.max_copies
    if c.errata:
        d["errata"] = [_erratum_to_dict(e) for e in c.errata]
    return d


def _erratum_to_dict(e: Errata) -> dict[str, str]:
    """The JSON form of an erratum (its note only when it has one)."""
    return {"date": e.date.isoformat(), "text": e.text, **({"note": e.note} if e.note else {})}


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
    d: dict[str, Any] = {
        "schema": SCHEMA,
        "code": cs.code,
        "name": cs.name,
        "version": cs.version,
        "release_date": cs.release_date.isoformat(),
    }
    if cs.sample:
        d["sample"] = True
    d["rarities"] = list(cs.rarities)
    if cs.booster is not None:
        d["booster"] = {
            "size": cs.booster.size,
            "slots": _slots_to_list(cs.booster.slots),
            "duplicate_protection": cs.booster.duplicate_protection,
        }
    d["starters"] = [_starter_to_dict(s) for s in cs.starters]
    d["cards"] = [card_to_dict(c) for c in cs.cards]
    return d


def _starter_to_dict(s: StarterDef) -> dict[str, Any]:
    """The JSON form of a starter: its rarity slots, or its fixed list of cards."""
    sd: dict[str, Any] = {"id": s.id, "name": s.name, "size": s.size}
    if s.slots:
        sd["slots"] = _slots_to_list(s.slots)
        sd["duplicate_protection"] = s.duplicate_protection
    else:
        sd["cards"] = [{"number": n, "count": k} for n, k in s.cards]
    return sd


def dump_set(cs: CardSet) -> str:
    """Canonical text of a set file: stable key order, one card a line, UTF-8
    without escapes, a final newline.  Same set, same bytes."""
    d = set_to_dict(cs)
    lines = ["{"]
    keys = list(d)
    for i, k in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        if k in ("cards", "starters"):
            lines += _list_lines(k, d[k], comma)
        else:
            lines.append(f"  {_json(k)}: {_json(d[k])}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _json(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))


def _list_lines(key: str, items: list, comma: str) -> list[str]:
    """A list of the set file (its cards, its starters): one item a line."""
    last = len(items) - 1
    return [
        f"  {_json(key)}: [",
        *(f"    {_json(x)}{',' if n < last else ''}" for n, x in enumerate(items)),
        f"  ]{comma}",
    ]
