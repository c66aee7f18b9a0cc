"""A read-only dialog of a few lines: why a table is paired as it is, the
independent check's findings, the plan of the day.  Escape or Enter closes it."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label

from core.i18n import _

from ..i18n import Translated
from ..widgets.wrapped import WrapLabel

TCSS = Path(__file__).with_name("info.tcss")  # this module's screens and dialogs


class Info(Translated, ModalScreen[None]):
    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [Binding("escape,enter", "close", "Close", id="info.close")]

    def __init__(self, title: str, lines: list[str]):
        super().__init__()
        self._translate_bindings()
        self.title_text, self.lines = title, lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text, style="bold"))
            with VerticalScroll():
                # plain text (never markup), wrapped by the Japanese rules: no line starts with 「。」
                yield WrapLabel("\n".join(self.lines), id="info-body")
            yield Label(_("Escape or Enter closes"), classes="info-hint")

    def action_close(self) -> None:
        self.dismiss(None)
