"""F1 / ?: every key of the screen underneath, and the guideline version."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label

from core.i18n import _

from ..i18n import Translated
from ..widgets.plain import PlainTable
from ..widgets.wrapped import WrapLabel

TCSS = Path(__file__).with_name("help.tcss")  # this module's screens and dialogs

#: The guideline this app implements (its last listed update).
GUIDELINE_VERSION = "2008-11-07"


def guideline_line(rules: str = "2008") -> str:
    """The rules the screen underneath follows: the 2008 guideline, or for an Overture event the Overture
    guidelines the desk holds (docs/rules.md), the 2008 one where they say nothing (O-RULES)."""
    if rules == "overture":
        return _(
            "Rules: Lycee Overture, by the official tournament guideline of 2017-02-13 and the penalty guideline "
            "of 2017-01-25 as this app holds them (O-RULES); what they do not settle follows the guideline as "
            "updated {date}.",
            date=GUIDELINE_VERSION,
        )
    return _(
        "Rules: Lycee sanctioned-event guideline, as updated {date}. Later changes take effect "
        "two weeks after they are announced (G-CHANGES); this app implements the text of that date.",
        date=GUIDELINE_VERSION,
    )


class HelpScreen(Translated, ModalScreen[None]):
    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [Binding("escape,f1,q", "close", "Close", id="help.close")]

    def __init__(self, bindings: list[tuple[str, str, str]], rules: str = "2008"):
        super().__init__()
        self._translate_bindings()
        self.rows = bindings
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Label(_("Keys"), classes="title")
            yield PlainTable(cursor_type="none", zebra_stripes=True)
            yield Label("", markup=False)
            # wrapped by the Japanese rules (never 「（2008-11-07」 / 「更新版）」)
            yield WrapLabel(guideline_line(self.rules), classes="hint", keep=(f"（{GUIDELINE_VERSION} 更新版）",))
            yield WrapLabel(_("Ctrl+P opens the command palette: every action by its name."), classes="hint")

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        # the key and what it does: the binding's id (kept in ``rows``) is the program's, not the store's
        t.add_columns(_("Key"), _("What it does"))
        for key, description, *_id in self.rows:
            t.add_row(key, description)
        t.focus()  # PageDown, PageUp and the arrows scroll the keys at once (not only after a Tab)

    def action_close(self) -> None:
        self.dismiss(None)
