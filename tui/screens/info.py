"""A read-only dialog of a few lines: why a table is paired as it is, the
independent check's findings, the plan of the day.  Escape or Enter closes it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from core.i18n import _

from ..i18n import Translated


class Info(Translated, ModalScreen[None]):
    DEFAULT_CSS = """
    Info { align: center middle; }
    Info > Vertical { width: 90%; max-width: 110; height: auto; max-height: 90%;
                      border: thick $accent; background: $panel; padding: 1 2; }
    Info VerticalScroll { height: auto; max-height: 18; }
    Info .info-hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("escape,enter", "close", "Close", id="info.close")]

    def __init__(self, title: str, lines: list[str]):
        super().__init__()
        self._translate_bindings()
        self.title_text, self.lines = title, lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text, style="bold"))
            with VerticalScroll():
                yield Static(Text("\n".join(self.lines)), id="info-body")  # plain text: never markup
            yield Label(_("Escape or Enter closes"), classes="info-hint")

    def action_close(self) -> None:
        self.dismiss(None)
