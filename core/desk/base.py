"""The desk's common ground: the event store it writes through, who acts and from where,
and what every concern asks (the event, a player, a round, the time, the log)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core import rules
from core.errors import LyceeError
from core.event.lookups import find_player, stored_player
from core.event.model import Event
from core.i18n import _
from core.log.actions import (
    Action,
)
from core.store.store import EventStore

#: The action kinds :meth:`DeskBase.append_batch` takes: results and what a
#: correction does to a later round (core.reports.later), and a limited
#: event's build phase (limited.event, limited.tablepool).
BATCH_KINDS = frozenset(
    {"result", "pair", "unpair", "ruling", "announce", "build", "pods", "pool", "table_pool", "decklist"}
)


@dataclass
class DeskBase:
    """What every concern of the desk stands on: the open event's store, who
    acts (``actor``) and from where (``device``), both kept in the log."""

    store: EventStore
    actor: str = "desk"
    #: Where the request came from (a phone's address, ``local``), kept in the log beside the actor.
    device: str | None = None

    @property
    def event(self) -> Event:
        return self.store.event

    def player(self, ref: str):
        """The player a user means by ``ref`` (an id, a name, ``id:...`` or
        ``name:...``; a plain ref that is one's id and another's name is
        refused as ambiguous: docs/names.md)."""
        return find_player(self.event, ref)

    def _known(self, ref: str):
        """A player given to a desk operation: callers pass the id they got
        from :meth:`player`, so an exact id wins here."""
        return stored_player(self.event, ref)

    def _round_number(self, round_number: int | None) -> int:
        ev = self.event
        if not ev.rounds:
            raise LyceeError(_("no round has been paired yet"))
        if round_number is None:
            return len(ev.rounds)
        if not 1 <= round_number <= len(ev.rounds):
            raise LyceeError(
                _("round {number} has not been paired (rounds 1 to {n} have)", number=round_number, n=len(ev.rounds))
            )
        return round_number

    def now(self):
        return self.store.clock()

    def append_all(self, acts: Sequence[tuple[str, Action]]) -> Event:
        """Several actions, all or none: each is checked (on the event as the
        ones before it leave it), then all are stored as one journal record."""
        return self.store.append_many(acts, self.actor, device=self.device)

    def append_batch(self, acts: Sequence[tuple[str, Action]]) -> Event:
        """:meth:`append_all` for a face's batch sent through the door (a stdin
        of results with what they break later, a limited event's pools and
        build steps): only the kinds of :data:`BATCH_KINDS`, any other is
        refused before anything is stored."""
        other = sorted({kind for kind, _data in acts} - BATCH_KINDS)
        if other:
            raise LyceeError(_("the desk does not take {kinds} in a batch", kinds=", ".join(other)))
        return self.append_all(acts)

    def undo(self) -> dict:
        return self.store.undo(self.actor, device=self.device)

    def undo_preview(self) -> dict:
        """The action :meth:`undo` would take back now; nothing is stored."""

        return rules.as_unit(rules.undo_targets(self.store.actions))

    def redo_preview(self) -> dict:
        """The action :meth:`redo` would store again now; nothing is stored."""

        return rules.as_unit([t for _u, t in reversed(rules.redo_targets(self.store.actions))])

    def redo(self) -> dict:
        """Store again what the last undo took back (core.log.registry.redo_target)."""
        return self.store.redo(self.actor, device=self.device)
