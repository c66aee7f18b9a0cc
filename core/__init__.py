"""The engine of the desk (docs/architecture.md).  Importing it installs nothing.

Two entry points other tools use are served from here, each a plain function
that loads its engine when first called (``import core`` stays light: every
``lycee`` command imports it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import random

    from core.event.model import Event, Match

__all__ = ["event_from_doc", "pair_swiss"]


def event_from_doc(doc: Any, source: str = "event", strict: bool = True) -> Event:
    """An ``lycee-event/1`` document as an Event (core.rules.eventfile.event_from_doc)."""
    from core.rules.eventfile import event_from_doc as load  # the event-file model: only for a caller that reads one

    return load(doc, source, strict)


def pair_swiss(event: Event, rng: random.Random, **options: Any) -> tuple[Match, ...]:
    """The next Swiss round of ``event`` (core.tournament.pairing.pair_swiss)."""
    from core.tournament.pairing import pair_swiss as pair  # the pairing engine: only for a caller that pairs

    return pair(event, rng, **options)
