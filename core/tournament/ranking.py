"""The ranking of the whole event as ``standings --json`` prints it: the Swiss
standings (:mod:`core.tournament.standings`) and, once the elimination stage
is finished, the final placings (:mod:`core.tournament.elimination`) first.
Kept apart from both so that elimination can seed from the standings."""

from __future__ import annotations

from core.event.model import Event
from core.tournament.elimination import final_placings
from core.tournament.standings import standings


def standings_json(event: Event) -> dict:
    """``{"round": N, "standings": [...]}`` as ``standings --json`` prints it.

    ``round`` is the number of the latest Swiss round (0 before the first).
    Once an elimination stage is finished (G-SE) the document carries
    ``"final": true`` and the rows come in final order, each with its
    ``"place"`` (:func:`core.tournament.elimination.final_placings`) and ``"reached"``
    (how far the player went); ``rank`` stays the Swiss rank.
    """
    sr = event.swiss_rounds
    rows = standings(event)
    doc = {
        "round": sr[-1].number if sr else 0,
        "standings": [row.to_json() for row in rows],
    }
    if sr and not sr[-1].complete:
        doc["provisional"] = True  # results of the round are still coming in
    final = final_placings(event)
    if final is not None:
        doc["final"] = True
        doc["standings"] = _final_rows(rows, final)
    return doc


def _final_rows(rows, final) -> list[dict]:
    """The standings rows in final order, each with its place and how far the player went."""
    by_id = {row.id: row for row in rows}
    return [{"place": f.place, **by_id[f.id].to_json(), "reached": f.reached} for f in final]
