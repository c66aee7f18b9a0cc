"""The event screen's messages, and what a tab draws a change from.

A write to the event (a result typed, a player added, a call through the
door) ends with ``post_message(EventChanged())`` to the screen; the screen's
``@on(EventChanged)`` handler draws the bar and hands each tab the change
(:class:`EventRead`): the tab shown draws it at once, the others when they are
next shown (tui/screens/event/pane.py).  The tabs post what the organizer
types (``ResultEntered``, ``NameEntered`` ...: round.py, players.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from textual.message import Message

from core import readmodel
from core.event.model import Event


class EventChanged(Message):
    """The event was written (by this screen, or through the door): the screen and its tabs draw it again."""


@dataclass
class EventRead:
    """The event as of one change, with the reads a tab draws from, each made
    when first asked (a 512-player standings is not computed for a tab nobody
    is looking at) and once per event version (core.readmodel.EventView)."""

    event: Event
    view: readmodel.EventView
    #: table -> core.rules.phonereports.TableReport: the phone reports, for the round tab
    reports_of: Callable[[Event], dict]
    #: the build phase's status (core.rules.builds.build_status); None for a constructed event
    build_of: Callable[[], Any]
    _reports: dict | None = field(default=None, repr=False)

    def standings(self) -> tuple[list, int]:
        """The standings rows and the round they are after (0: none yet)."""
        return self.view.standings(self.event)

    def points(self) -> dict[str, int]:
        return {row.id: row.points for row in self.standings()[0]}

    def reports(self) -> dict:
        if self._reports is None:
            self._reports = self.reports_of(self.event)
        return self._reports

    def build_status(self) -> Any:
        return None if self.event.kind == "constructed" else self.build_of()
