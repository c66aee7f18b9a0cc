"""The desk's public pages: the announcement line and held pairings (core.rules.publish)."""

from __future__ import annotations

from core.desk.base import DeskBase
from core.event.model import Event
from core.log.actions import (
    Announce,
    Publish,
)
from core.rules.clock import stamp


class PublishDesk(DeskBase):
    # -- the public pages (core.rules.publish) --------------------------------------------
    def announce(self, text: str) -> Event:
        """A line for the TV page and the phones; an empty text clears it."""

        return self.store.append(
            "announce", Announce(text=text, at=stamp(self.now()), by=self.actor), self.actor, device=self.device
        )

    def hold_pairings(self, hold: bool) -> Event:
        """Hold new rounds until published (True) or publish on pairing (False)."""
        return self.store.append("publish", Publish(hold=bool(hold)), self.actor, device=self.device)

    def publish_round(self, round_number: int | None = None) -> Event:
        """Put the pairings of a held round (default: the current one) up."""
        return self.store.append(
            "publish", Publish(round=self._round_number(round_number)), self.actor, device=self.device
        )
