"""The ranking of the whole event as ``standings --json`` prints it: the Swiss
standings (:mod:`core.tournament.standings`) and, once the elimination stage
is finished, the final placings (:mod:`core.tournament.elimination`) first.
Kept apart from both so that elimination can seed from the standings."""

from __future__ import annotations

from core import labels
from core.event.model import Event
from core.tournament.elimination import Placing, cut_size, final_placings
from core.tournament.standings import standings

#: How far a player went when a match ordered them against the others of it (the
#: final, the third-place match) or the Swiss standings did (outside the cut).
ORDERED = ("winner", "final", "third_place", "swiss")


def standings_json(event: Event) -> dict:
    """``{"round": N, "standings": [...]}`` as ``standings --json`` prints it.

    ``round`` is the number of the latest Swiss round (0 before the first).
    Once an elimination stage is finished (G-SE) the document carries
    ``"final": true`` and the rows come in final order, each with its
    ``"place"`` (:func:`core.tournament.elimination.final_placings`), ``"reached"``
    (how far the player went) and ``"places"``, the first and last place of the place
    the player holds (:func:`shared_places`): ``[3, 4]`` for both semi-final losers of a
    cut without a third-place match, whose ``place`` reads 3 and 4 by seed, ``[5, 5]``
    for a place of one's own; ``rank`` stays the Swiss rank.
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
    span = shared_places(final)
    return [
        {"place": f.place, **by_id[f.id].to_json(), "reached": f.reached, "places": list(span[f.id])} for f in final
    ]


def shared_places(final: list[Placing]) -> dict[str, tuple[int, int]]:
    """The first and the last place of each player's place (G-SE, issue 48), by id: the
    losers of one elimination round no match ordered (both semi-final losers of a cut
    without a third-place match, the quarter-final losers ...) share theirs, (3, 4) and
    (5, 8), though ``final_placings`` lists them by seed; every other place is its own,
    (place, place).  What the sheets, the desk, ``lycee standings``, the phones and the TV print."""
    span: dict[str, tuple[int, int]] = {}
    for f in final:
        if f.reached not in ORDERED:
            first, last = span.get(f.reached, (f.place, f.place))
            span[f.reached] = (min(first, f.place), max(last, f.place))
    return {f.id: span.get(f.reached, (f.place, f.place)) for f in final}


def held_places(event: Event, rows: list | None = None) -> dict[str, int | None]:
    """{player id: the place the player holds}, what a season scores and a member's history reads:
    once the elimination stage is finished (G-SE) the final place, a shared one by its first (both
    semi-final losers of a cut without a third-place match hold 3, :func:`shared_places`), else the
    Swiss rank, None for a player left out of the ranking (O-PEN-2; ``rows``: the event's standings, when the caller has them)."""
    places = {row.id: row.rank for row in (standings(event) if rows is None else rows)}
    final = final_placings(event)
    if final is not None:
        places.update({pid: first for pid, (first, _last) in shared_places(final).items()})
    return places


def placing_words(event: Event, final: list[Placing]) -> dict[str, tuple[str, str]]:
    """Each placed player's place and how far they went, by id, as every face prints
    them (G-SE, core.labels.final_place_words): ``("3-4", "ベスト4")``, ``("3", "3位")``,
    ``("5", "ベスト5")`` in a top 5 (the bracket's real size)."""
    span, size = shared_places(final), cut_size(event)
    return {f.id: labels.final_place_words(span[f.id], f.reached, f.place, size=size) for f in final}
