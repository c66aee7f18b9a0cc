"""The store (issue 47): its name, the store number the publisher gave, its
place; shown on every sheet and page, remembered by each event made after.
Opened from the event list (S).  Ctrl+S or Enter in the last box saves."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from core.desk import set_store
from core.errors import LyceeError
from core.i18n import _
from core.readmodel import store_info

from ..i18n import Translated

TCSS = Path(__file__).with_name("forms.tcss")


class StoreForm(Translated, ModalScreen[dict | None]):
    """Sets the store of the data folder ``root``; returns the store saved, or None."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="store.save"),
        Binding("escape", "cancel", "Cancel", id="store.cancel"),
    ]

    def __init__(self, root: Path):
        super().__init__()
        self._translate_bindings()
        self.root = root

    def compose(self) -> ComposeResult:

        try:
            now = store_info(self.root) or {}
        except LyceeError:
            now = {}
        with Vertical():
            yield Label(_("Store"), classes="title")
            yield Label("", id="error", classes="error", markup=False)
            with Grid():
                yield Label(_("store name"))
                yield Input(now.get("name", ""), id="store-name")
                yield Label(_("store number"))
                yield Input(now.get("number", ""), id="store-number")
                yield Label(_("store location"))
                yield Input(now.get("place", ""), id="store-place")
            yield Label(_("Ctrl+S saves; events made from now on remember the store"), classes="info-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "store-place":
            self.action_save()
        else:
            self.focus_next()

    def action_save(self) -> None:

        value = {k: self.query_one(f"#store-{k}", Input).value.strip() for k in ("name", "number", "place")}
        try:
            saved = set_store(self.root, value["name"], value["number"], value["place"])
        except LyceeError as err:
            self.query_one("#error", Label).update(Text(str(err)))
            return
        self.dismiss(saved)

    def action_cancel(self) -> None:
        self.dismiss(None)
