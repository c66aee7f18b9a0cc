"""The bracket tab: the single-elimination bracket (G-SE)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll

from core import readmodel
from core.event.model import Event
from core.i18n import _

from ...widgets.bracket import BracketView
from .messages import EventRead
from .pane import EventPane


class BracketPane(EventPane):
    FOCUS = "#bracket-scroll"
    TYPES_ON = "round"  # a result typed here (``1 2-0``) goes to the round tab's box

    def __init__(self) -> None:
        super().__init__(_("Bracket"), id="bracket")

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="bracket-scroll"):
            yield BracketView(id="bracket-view")

    def draw_read(self, read: EventRead) -> None:
        self.draw(read.event)

    def draw(self, ev: Event) -> None:
        self.query_one(BracketView).show(readmodel.bracket(ev))
