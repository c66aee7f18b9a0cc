"""A deck-building clock on its own (G-SEALED, G-DRAFT-4): the organizer's
minutes in big digits, pause and resume, a bell at time.  Opened after the
draft caller's last pack and from the practice menu."""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Digits, Label, Static

from core.i18n import _
from limited.view import PickTimer, TableCall

from ..i18n import Translated
from ..widgets.footer import WholeKeysFooter
from .dialogs import Prompt
from .limited_kit import Clock

__all__ = ["BuildTimerScreen", "minutes_refusal", "parse_minutes"]


class BuildTimerScreen(Translated, Screen):
    """A deck-building clock on its own, for a sealed (or draft) event's build
    phase: the organizer's minutes in big digits, pause and resume, a bell at time."""

    CSS_PATH: ClassVar = [Path(__file__).with_name("build_timer.tcss")]
    BINDINGS = [
        Binding("space", "go", "Pause / resume", id="buildtimer.go"),
        Binding("t", "restart", "Set the time", id="buildtimer.restart"),
        Binding("escape", "close", "Back", id="buildtimer.close"),
    ]

    def __init__(self, minutes: float, clock: Clock | None = None):
        super().__init__()
        self._translate_bindings()
        self.clock: Clock = clock or time.monotonic
        self.call_state = TableCall(packs=0, cards=0, timer=PickTimer())
        self.minutes = minutes

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("", id="call", markup=False)
            yield Digits("", id="big")
            yield Static(_("Deck building: sealed 40 cards (G-SEALED), draft packs × 10 (G-DRAFT-4)"), classes="hint")
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        self.call_state.build(self.minutes, self.clock())
        self.tick()
        self.set_interval(0.2, self.tick)

    def tick(self) -> None:
        now = self.clock()
        st = self.call_state
        if "built" in st.update(now):
            self.app.bell()
        self.query_one("#call", Label).update(st.call(now))
        left = st.left(now) or 0.0
        secs = math.ceil(left)
        big = self.query_one("#big", Digits)
        big.update(f"{secs // 60}:{secs % 60:02d}")
        big.set_class(st.phase == "build" and left <= 60, "low")

    def action_go(self) -> None:
        st = self.call_state
        if st.paused:
            st.resume(self.clock())
        else:
            st.pause(self.clock())
        self.tick()

    def action_restart(self) -> None:
        def chosen(text: str | None) -> None:
            minutes = parse_minutes(text)
            if minutes is None:  # Escape (the dialog refused what does not parse)
                return
            self.minutes = minutes
            self.call_state.build(minutes, self.clock())
            self.tick()

        self.app.push_screen(
            Prompt(
                _("Deck-building time in minutes (the organizer's choice)"),
                f"{self.minutes:g}",
                check=minutes_refusal,
            ),
            chosen,
        )

    def action_close(self) -> None:
        self.app.pop_screen()


def parse_minutes(text: str | None) -> float | None:
    """Minutes typed by the organizer (a number above 0), None otherwise."""
    if not text:
        return None
    try:
        minutes = float(text.replace(",", "."))
    except ValueError:
        return None
    return minutes if 0 < minutes < math.inf else None


def minutes_refusal(text: str) -> str | None:
    """What is wrong with building minutes as typed (None: :func:`parse_minutes` takes them); the
    dialog that asks says it and keeps the text."""
    return None if parse_minutes(text) is not None else _("minutes: a number above 0")
