"""How many Swiss rounds an event plays: the suggestion from the number of
players and the organizer's own number.  Apart from :mod:`.pairing` so the
rules that only count rounds (settings, the plan) load no pairing engine."""

from __future__ import annotations

from core.event.model import Event

__all__ = ["suggested_rounds", "planned_rounds"]


def suggested_rounds(n_players: int) -> int:
    """Swiss rounds for ``n_players``: ceil(log2 N), at least 1 from two players."""
    if n_players < 2:
        return 0
    return max(1, (n_players - 1).bit_length())


def planned_rounds(event: Event) -> tuple[int, bool]:
    """The Swiss rounds of the event and whether the organizer set them:
    ``rounds_planned`` when set, else :func:`suggested_rounds` of the players
    who may be paired next (one rule for the event bar, the top-cut question
    and the command line)."""
    if event.rounds_planned:
        return event.rounds_planned, True
    return suggested_rounds(len(event.eligible())), False
