"""Check-in (Ctrl+L, G-LATE-1): by table number, by name or reading, or
from a tick list of the round's pairings; returns the player ids to check in."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, SelectionList
from textual.widgets.selection_list import Selection

from core import readmodel
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _

from ..i18n import Translated
from ..widgets.ticklist import TickList
from ..widgets.wrapped import WrapLabel


class CheckinDialog(Translated, ModalScreen[list[str] | None]):
    """A line (table numbers, names or readings, ids; Enter checks them in)
    over a tick list of the round's players by table (Space ticks; Ctrl+S
    checks the ticked in).  Players already checked in are ticked and stay so."""

    CSS_PATH: ClassVar = [Path(__file__).with_name("checkin.tcss")]
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="checkin.cancel"),
        Binding("ctrl+s", "save", "Check in the ticked", id="checkin.save"),
    ]

    def __init__(self, event: Event, seen: set[str]):
        super().__init__()
        self._translate_bindings()
        self.event, self.seen = event, seen

    def compose(self) -> ComposeResult:
        with Vertical():
            yield WrapLabel(
                _(
                    "Check-in: type table numbers, names or readings and press Enter; or tick players "
                    "below (Space) and press Ctrl+S"
                )
            )
            yield Input(id="checkin-line", placeholder=_("e.g. 3 12 たかはし"))
            yield WrapLabel("", id="checkin-error")
            yield TickList(
                *[
                    Selection(Text(words), pid, pid in self.seen, disabled=pid in self.seen)
                    for pid, _t, words in readmodel.checkin_rows(self.event)
                ],
                id="checkin-list",
            )

    def on_mount(self) -> None:
        self.query_one("#checkin-line", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.action_save()
            return
        try:
            ids = readmodel.checkin_refs(self.event, text)
        except LyceeError as err:
            self.query_one("#checkin-error", WrapLabel).update(Text(str(err)))
            return
        self.dismiss(ids)

    def action_save(self) -> None:
        ticked = [pid for pid in self.query_one("#checkin-list", SelectionList).selected if pid not in self.seen]
        if not ticked:
            self.query_one("#checkin-error", WrapLabel).update(Text(_("no player is ticked")))
            return
        self.dismiss(ticked)

    def action_cancel(self) -> None:
        self.dismiss(None)
