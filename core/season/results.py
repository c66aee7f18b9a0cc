"""An event as a season reads it (issue 47): who played (with their member
numbers), every played match and every place, taken from the event's current
state each time the standings are asked for (a correction to the event moves
the season with it: nothing here is a total).

A summary is a small JSON-ready dict, the same for an event of this data
folder and for one imported from another store's file::

    {"key": "STORE/EVENT", "store": {"name", "number", "place"} | None,
     "id", "name", "date", "running": bool,
     "players": [[id, name, member | None, place | None, excluded]],
     "matches": [[p1, p2 | None, outcome, stage]]}

An event is known by its store number and its id together (two stores' ids
may collide): :func:`event_key`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.rules.eventfile import to_doc
from core.tournament.elimination import event_finished, swiss_over
from core.tournament.ranking import held_places

if TYPE_CHECKING:
    from core.event.model import Event

__all__ = ["event_key", "summary_of"]


def store_of(doc: dict) -> dict | None:
    """The event file's ``store`` (``{"name", "number", "place"}``), or None."""
    s = doc.get("store")
    return s if isinstance(s, dict) else None


def event_key(doc: dict) -> str:
    """``STORE_NUMBER/EVENT_ID`` (``-/EVENT_ID`` for an event of no store number)."""
    s = store_of(doc)
    number = str(s.get("number") or "") if s else ""
    return f"{number or '-'}/{doc.get('id')}"


def is_running(event: Event) -> bool:
    """Not over yet: neither a finished elimination stage nor every planned Swiss round in."""

    return not (event_finished(event) or swiss_over(event))


def summary_of(event: Event, doc: dict | None = None) -> dict[str, Any]:
    """The season's view of ``event``; ``doc`` its lycee-event/1 document
    (the file imported, or the export of a local event), read for the keys
    of the store and the players' member numbers."""

    if doc is None:
        doc = to_doc(event)
    members = _members(doc)
    place = held_places(event)
    players = [[p.id, p.name, members.get(p.id), place.get(p.id), bool(p.excluded)] for p in event.players]
    return {
        "key": event_key(doc),
        "store": store_of(doc),
        "id": event.id,
        "name": event.name,
        "date": event.date,
        "running": is_running(event),
        "players": players,
        "matches": _played_matches(event),
    }


def _members(doc: dict) -> dict[Any, str]:
    """{player id: member number} of the players the file gives one."""
    return {p.get("id"): p["member"] for p in doc.get("players") or [] if _gives_member(p)}


def _gives_member(p: Any) -> bool:
    """A player entry of the file that gives a member number."""
    return isinstance(p, dict) and isinstance(p.get("member"), str) and bool(p["member"])


def _played_matches(event: Event) -> list[list]:
    """[[p1, p2, outcome, stage]] of the matches played (a running event counts its played rounds)."""
    return [[m.p1, m.p2, m.outcome, r.stage] for r in event.rounds for m in r.matches if m.outcome is not None]
