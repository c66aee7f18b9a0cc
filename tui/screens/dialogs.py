"""Small modal dialogs that return a value with dismiss()."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from time import monotonic
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, OptionList

from core import readmodel
from core.errors import LyceeError
from core.i18n import _
from core.names import check_reading, check_text

from ..i18n import Translated
from ..widgets.linebox import type_into
from ..widgets.wrapped import WrapLabel, Wrapped, names_on_screens

TCSS = Path(__file__).with_name("dialogs.tcss")  # this module's screens and dialogs


class Confirm(Translated, ModalScreen[bool]):
    """Yes or no; `y`/Enter confirms, `n`/Escape declines."""

    is_quit_question = False  # Ctrl+Q's own question (a second Ctrl+Q quits)
    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str):
        super().__init__()
        self._translate_bindings()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield WrapLabel(self.question)
            with Horizontal():
                yield Button(_("No (n)"), id="no")
                yield Button(_("Yes (y)"), id="yes", variant="error")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class Prompt(Translated, ModalScreen[str | None]):
    """One line of text.  With ``check`` (what is wrong with a text typed, or None), a refused text
    is said in the dialog, which stays open with the text as typed."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="prompt.cancel")]

    def __init__(self, question: str, value: str = "", check: Callable[[str], str | None] | None = None):
        super().__init__()
        self._translate_bindings()
        self.question, self.value, self.check = question, value, check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield WrapLabel(self.question)
            yield Input(self.value)
            if self.check is not None:
                yield WrapLabel("", id="prompt-error", classes="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        wrong = self.check(text) if self.check is not None and text else None
        if wrong:
            said = self.query_one("#prompt-error", WrapLabel)
            said.update(wrong)
            said.display = True
            return
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ExportChoice(Translated, ModalScreen[tuple[str, str] | None]):
    """Pick what to export and in which format; returns (what, fmt)."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="export.cancel")]

    def __init__(self):
        super().__init__()
        self._translate_bindings()

    def compose(self) -> ComposeResult:

        with Vertical():
            yield Label(_("Export"), classes="title")
            # the rows come from the table of exports (core.reports.exports.MENU), read when the dialog opens
            yield OptionList(*[label() for _w, _f, label in readmodel.export_menu()])

    def on_mount(self) -> None:

        ol = self.query_one(OptionList)
        ol.highlighted = 0
        ol.focus()

    def on_option_list_option_selected(self, event) -> None:
        what, fmt, _label = readmodel.export_menu()[event.option_index]
        self.dismiss((what, fmt))

    def action_cancel(self) -> None:
        self.dismiss(None)


class HoldsTyping(ModalScreen):
    """A dialog that opens by itself while the clerk is typing into
    a box: the keys of the first moment were meant for that box, not for the
    dialog, so they go on into it (a line finished with Enter is stored) until
    the clerk pauses for :attr:`GRACE` seconds; only then does the dialog take
    keys.  Its hint says so meanwhile."""

    GRACE = 1.0  # seconds without a key before the dialog takes keys

    def hold_for(self, box) -> None:
        """Route keys to ``box`` (an Input) until the typing pauses."""
        self.holding = box
        self._hold_until = monotonic() + self.GRACE

    holding: Input | None = None

    def _start_hold(self) -> None:
        if self.holding is None:
            return
        self.set_focus(None)  # keys reach the dialog itself, which hands them on
        title = self.query_one(".title", Label)  # a WrapLabel is a Label
        assert isinstance(title.parent, Widget), "the title sits in the dialog's box"
        title.parent.mount(
            WrapLabel(
                _("(what you type still goes to the box below; pause a moment to answer here)"),
                id="hold-hint",
                classes="hint",
            ),
            after=title,
        )
        self.set_timer(self.GRACE, self._release)

    def _release(self) -> None:
        left = self._hold_until - monotonic()
        if left > 0:
            self.set_timer(left, self._release)
            return
        self.holding = None
        for hint in self.query("#hold-hint"):
            hint.remove()
        self.focus_answer()

    def focus_answer(self) -> None:  # the widget that takes the answer
        pass

    async def on_key(self, event) -> None:
        box = self.holding
        if box is None:
            return
        event.stop()
        event.prevent_default()
        self._hold_until = monotonic() + self.GRACE
        if not box.is_attached:
            return

        await type_into(box, event)


class LatePrompts(HoldsTyping, Translated, ModalScreen[list[tuple[str, str]] | None]):
    """Lateness prompts (G-LATE-1 at 5 minutes, G-LATE-2 at 30): staff confirm
    or dismiss each; nothing is applied silently.  Returns [(key, decision)]."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("y", "decide('confirm')", "Confirm", id="late.confirm"),
        Binding("n", "decide('dismiss')", "Dismiss", id="late.dismiss"),
        Binding("N", "decide_all('dismiss')", "Dismiss all (everyone is seated)", id="late.dismiss_all"),
        Binding("escape", "close", "Later", id="late.later"),
    ]

    def __init__(self, prompts: list[tuple[str, str]]):
        super().__init__()
        self._translate_bindings()
        self.prompts = list(prompts)  # (key, text)
        self.decisions: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:

        with Vertical():
            yield WrapLabel(
                _("Lateness: confirm (y) or dismiss (n) each, N dismisses all; Esc decides later"), classes="title"
            )
            # each question wrapped by Japanese rules, the players' names and the rule id whole
            yield OptionList(*[self._wrapped(text) for _k, text in self.prompts], markup=False)

    def _wrapped(self, text: str) -> Wrapped:
        return Wrapped(text, more=lambda: names_on_screens(self.app))

    def on_mount(self) -> None:

        ol = self.query_one(OptionList)
        ol.highlighted = 0
        if self.holding is not None:
            self._start_hold()
        else:
            ol.focus()

    def focus_answer(self) -> None:

        self.query_one(OptionList).focus()

    def action_decide(self, decision: str) -> None:

        ol = self.query_one(OptionList)
        i = ol.highlighted
        if i is None or i >= len(self.prompts):
            return
        key, _text = self.prompts.pop(i)
        self.decisions.append((key, decision))
        ol.remove_option_at_index(i)
        if not self.prompts:
            self.dismiss(self.decisions)
        else:
            ol.highlighted = min(i, len(self.prompts) - 1)

    def action_decide_all(self, decision: str) -> None:
        self.decisions += [(key, decision) for key, _text in self.prompts]
        self.dismiss(self.decisions)

    def action_close(self) -> None:
        self.dismiss(self.decisions)


class Choose(Translated, ModalScreen[str | None]):
    """Pick one of several (key, label) choices; returns the key."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="choose.cancel")]

    def __init__(self, title: str, choices: list[tuple[str, str]], highlighted: int = 0):
        super().__init__()
        self._translate_bindings()
        self.title_text, self.choices = title, choices
        self.start = highlighted  # the choice highlighted first (the list keeps its order)

    def compose(self) -> ComposeResult:

        with Vertical():
            yield WrapLabel(self.title_text, classes="title")
            yield OptionList(*[label for _k, label in self.choices], markup=False)

    def on_mount(self) -> None:

        ol = self.query_one(OptionList)
        ol.highlighted = self.start if 0 <= self.start < len(self.choices) else 0
        ol.focus()

    def on_option_list_option_selected(self, event) -> None:
        self.dismiss(self.choices[event.option_index][0])

    def action_cancel(self) -> None:
        self.dismiss(None)


class RenameForm(Translated, ModalScreen[tuple[str, str] | None]):
    """A player's name and reading (よみ), prefilled: returns (name, reading),
    checked by core.names (a bad one is named in the dialog, which stays)."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="rename.cancel")]

    def __init__(self, title: str, name: str, reading: str):
        super().__init__()
        self._translate_bindings()
        self.title_text, self.name_value, self.reading_value = title, name, reading

    def compose(self) -> ComposeResult:
        with Vertical():
            yield WrapLabel(self.title_text)
            yield Label(_("Name"))
            yield Input(self.name_value, id="rename-name")
            yield Label(_("Reading (よみ), kana; empty for none"))
            yield Input(self.reading_value, id="rename-reading")
            yield WrapLabel("", id="rename-error")
            yield WrapLabel(_("Enter: save · Escape: cancel"), classes="hint")

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name, reading = self.query_one("#rename-name", Input).value, self.query_one("#rename-reading", Input).value
        try:
            check_text(name, "player")
            check_reading(reading)
        except LyceeError as err:
            self.query_one("#rename-error", Label).update(Text(str(err)))
            return
        self.dismiss((name.strip(), reading.strip()))
