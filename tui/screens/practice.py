"""Limited play: the practice menu.

From the event list, ``p`` opens this menu:

- ``d`` draft practice against bots (tui.screens.draft),
- ``s`` sealed practice (tui.screens.sealed),
- ``t`` the draft table caller for a real draft (tui.screens.draft_table),
- ``b`` the deck builder on a deck saved in the library (tui.screens.deckbuilder),
- ``c`` a deck-building timer for an event's build phase (tui.screens.draft_table).

What those screens share (card sets, seeds, the clocks, the setup forms) is
in tui/screens/limited_kit.py, which never imports this menu.  Every rule
(packs, passing, pods, deck checks) is the engine's: core/ and limited/.
Time comes from a clock function passed in (``clock``, default
``time.monotonic``) so tests can drive the timers without sleeping.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from core.errors import LyceeError
from core.i18n import _

from ..i18n import Translated
from ..widgets.footer import WholeKeysFooter
from .limited_kit import Clock, DraftSetup, SealedSetup, catalog

if TYPE_CHECKING:
    from textual import getters

    from ..apphost import DeskApp

# -- the menu ---------------------------------------------------------------------------------------


class PracticeScreen(Translated, Screen):
    """The limited menu: draft practice, sealed practice, the draft table, the deck builder."""

    if TYPE_CHECKING:
        app = getters.app(DeskApp)  # Textual's typed self.app

    CSS_PATH: ClassVar = [Path(__file__).with_name("practice.tcss")]
    BINDINGS = [
        Binding("d", "draft", "Draft practice", id="practice.draft"),
        Binding("s", "sealed", "Sealed practice", id="practice.sealed"),
        Binding("t", "table", "Draft table", id="practice.table"),
        Binding("b", "builder", "Deck builder", id="practice.builder"),
        Binding("c", "build_clock", "Build timer", id="practice.build_timer"),
        Binding("escape", "close", "Events", id="practice.close"),
    ]

    def __init__(self, clock: Clock | None = None):
        super().__init__()
        self._translate_bindings()
        self.clock: Clock = clock or time.monotonic

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Limited: practice and draft tables"), classes="title")
            yield OptionList(
                Option(_("d  Draft practice: draft against bots, then build"), id="draft"),
                Option(_("s  Sealed practice: open a product, then build"), id="sealed"),
                Option(_("t  Draft table: call a real booster draft (pods, seats, timer)"), id="table"),
                Option(_("b  Deck builder: a deck saved in the library"), id="builder"),
                Option(_("c  Build timer: deck building for a sealed or draft event"), id="build_clock"),
            )
            yield Static(
                _("Saved decks go to the library in the data folder; exports to its decks folder."), classes="hint"
            )
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = 0
        ol.focus()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        await self.run_action(event.option.id or "")

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_draft(self) -> None:
        def chosen(v: dict | None) -> None:
            if v:
                self.start_draft(v)

        self.app.push_screen(DraftSetup(), chosen)

    def start_draft(self, v: dict) -> None:
        from .draft import DraftScreen  # each screen loads when opened: the app's first frame skips them

        try:
            screen = DraftScreen(
                catalog().set(v["set"]),
                packs=v["packs"],
                seats=v["seats"],
                name=v["name"],
                seed=v["seed"],
                timer=v["timer"],
                clock=self.clock,
            )
        except LyceeError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def action_sealed(self) -> None:
        def chosen(v: dict | None) -> None:
            if v:
                self.start_sealed(v)

        self.app.push_screen(SealedSetup(), chosen)

    def start_sealed(self, v: dict) -> None:
        from .sealed import SealedScreen  # loads when opened (the first frame)

        try:
            screen = SealedScreen(catalog().set(v["set"]), v["product"], v["seed"])
        except LyceeError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def action_table(self) -> None:
        from .table_setup import TableSetup  # loads when opened (the first frame)

        def chosen(v: dict | None) -> None:
            if v:
                self.start_table(v)

        self.app.push_screen(TableSetup(), chosen)

    def start_table(self, v: dict) -> None:
        from .draft_table import TableScreen  # loads when opened (the first frame)

        try:
            screen = TableScreen(
                v["names"],
                set_code=v["set"],
                packs=v["packs"],
                cards=v["cards"],
                seed=v["seed"],
                draw_seats=v["draw"],
                pod_size=v["pod"],
                clock=self.clock,
            )
        except LyceeError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def action_build_clock(self) -> None:
        # these load when opened (the app's first frame skips them)
        from .build_timer import BuildTimerScreen, minutes_refusal, parse_minutes
        from .dialogs import Prompt

        def chosen(text: str | None) -> None:
            minutes = parse_minutes(text)
            if minutes is None:  # Escape (the dialog refused what does not parse)
                return
            self.app.push_screen(BuildTimerScreen(minutes, clock=self.clock))

        from limited.view import DEFAULT_BUILD_MINUTES  # limited.view loads its engines when first used

        self.app.push_screen(
            Prompt(
                _("Deck-building time in minutes (the organizer's choice)"),
                str(DEFAULT_BUILD_MINUTES["sealed"]),
                check=minutes_refusal,
            ),
            chosen,
        )

    def action_builder(self) -> None:
        from .deckbuilder import DeckBuilderScreen, Library, LibraryDialog  # loads when opened (the first frame)

        lib = Library(self.app.datadir.root)
        try:
            docs = lib.decks()
        except LyceeError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        if not docs:
            self.notify(
                _("No saved decks yet: draft or open a sealed pool, build, then Ctrl+S."),
                severity="warning",
                markup=False,
            )
            return

        def chosen(doc: dict | None) -> None:
            if not doc:
                return
            try:
                self.app.push_screen(DeckBuilderScreen.from_doc(doc))
            except LyceeError as err:
                self.notify(str(err), severity="error", markup=False)

        self.app.push_screen(LibraryDialog(lib), chosen)
