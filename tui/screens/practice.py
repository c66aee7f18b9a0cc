"""Limited play: the practice menu and what its screens share.

From the event list, ``p`` opens this menu:

- ``d`` draft practice against bots (tui.screens.draft),
- ``s`` sealed practice (tui.screens.sealed),
- ``t`` the draft table caller for a real draft (tui.screens.draft_table),
- ``b`` the deck builder on a deck saved in the library (tui.screens.deckbuilder),
- ``c`` a deck-building timer for an event's build phase (tui.screens.draft_table).

Every rule (packs, passing, pods, deck checks) is the engine's: core/ and
limited/.  Time comes from a clock function passed in (``clock``, default
``time.monotonic``) so tests can drive the timers without sleeping.
"""

from __future__ import annotations

import random
import time
from functools import lru_cache
from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static, Switch
from textual.widgets.option_list import Option

from core.cards.model import CardSet
from core.cards.decks import DRAFT_PACKS
from core.errors import LyceeError
from core.i18n import _
from core.cards.legality import Catalog
from core.names import whole
from limited.draft import POD_MAX, POD_MIN
from limited.sealed import PRODUCTS

from ..i18n import Translated
from ..widgets.plain import plain
from ..widgets.footer import WholeKeysFooter

Clock = Callable[[], float]


# -- shared helpers ------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The shipped sample sets (loaded once a session)."""
    return Catalog.default()


def card_sets(need: str = "") -> list[CardSet]:
    """Sets that can be played: ``need`` "booster" or "starter" keeps those that have one."""
    out = []
    for cs in catalog().sets:
        if need == "booster" and cs.booster is None:
            continue
        if need == "starter" and not cs.starters:
            continue
        out.append(cs)
    return out


def draw_seed() -> int:
    """A fresh seed, shown to the user so the same packs can be opened again."""
    return random.SystemRandom().randrange(2**31)


def parse_seed(text: str) -> int:
    """A typed seed; blank draws one.  Raises ValueError for anything else."""
    text = text.strip()
    if not text:
        return draw_seed()
    n = whole(text.removeprefix("-"), 18)
    if n is None:
        raise ValueError(_("the seed is a whole number (blank: drawn)"))
    return -n if text.startswith("-") else n


def set_options(sets: list[CardSet]) -> list[tuple[str, str]]:
    return [(plain(f"{cs.code} · {cs.name}"), cs.code) for cs in sets]


def direction_text(d: int) -> str:
    """How a pack round passes: +1 to the next seat number (clockwise), -1 back (G-DRAFT-1)."""
    return (_("clockwise, to the next seat number →") if d > 0
            else _("counter-clockwise, to the previous seat number ←"))


class PausableClock:
    """A clock that stands still while paused: the draft's pick deadlines are
    computed from it, so a paused practice draft (or a review between packs)
    costs no pick time."""

    def __init__(self, base: Clock):
        self.base = base
        self._paused_at: float | None = None
        self._offset = 0.0

    def __call__(self) -> float:
        t = self._paused_at if self._paused_at is not None else self.base()
        return t - self._offset

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self.base()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._offset += self.base() - self._paused_at
            self._paused_at = None


# -- a small form base ------------------------------------------------------------------------------


class SetupForm(Translated, ModalScreen[dict | None]):
    """A modal form: Ctrl+S (or the button) returns the values, Escape cancels.
    Subclasses yield their rows in ``rows()`` and read them in ``values()``
    (raising ValueError or LyceeError with a message to show)."""

    DEFAULT_CSS = """
    SetupForm { align: center middle; }
    SetupForm > Vertical { width: 84; height: auto; max-height: 95%; border: thick $accent;
                           background: $panel; padding: 0 1; }
    SetupForm Grid { grid-size: 2; grid-columns: 28 1fr; grid-rows: auto; height: auto; grid-gutter: 0 1; }
    SetupForm Grid > Label { padding: 1 0 0 0; }
    SetupForm Input, SetupForm Select { width: 1fr; }
    SetupForm #buttons { height: auto; align-horizontal: right; }
    SetupForm Button { margin-left: 2; }
    """
    BINDINGS = [
        Binding("ctrl+s", "submit", "Start", id="setup.start", priority=True),
        Binding("escape", "cancel", "Cancel", id="setup.cancel"),
    ]
    TITLE_TEXT = ""

    def __init__(self):
        super().__init__()
        self._translate_bindings()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text(), classes="title", markup=False)
            with Grid():
                yield from self.rows()
            yield from self.below()
            yield Label("", id="form-error", classes="error", markup=False)
            with Horizontal(id="buttons"):
                yield Button(_("Cancel (Esc)"), id="cancel")
                yield Button(_("Start (Ctrl+S)"), id="start", variant="primary")

    def on_mount(self) -> None:
        for inp in self.query(Input):
            inp.cursor_blink = False

    def title_text(self) -> str:
        return ""

    def rows(self) -> ComposeResult:
        yield from ()

    def below(self) -> ComposeResult:
        yield from ()

    def values(self) -> dict:
        return {}

    def action_submit(self) -> None:
        try:
            v = self.values()
        except (ValueError, LyceeError) as err:
            self.query_one("#form-error", Label).update(str(err))
            return
        self.dismiss(v)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_submit()
        else:
            self.action_cancel()


class DraftSetup(SetupForm):
    """Draft practice: the set, packs a player (G-DRAFT-2), seats (L-DRAFT-POD),
    the player's name, the seed and the pick timer."""

    def title_text(self) -> str:
        return _("Draft practice against bots")

    def rows(self) -> ComposeResult:
        sets = card_sets("booster")
        yield Label(_("Set"))
        yield Select(set_options(sets), value=sets[0].code, allow_blank=False, id="set")
        yield Label(_("Packs a player (G-DRAFT-2)"))
        yield Select([(str(n), n) for n in DRAFT_PACKS], value=DRAFT_PACKS.start, allow_blank=False, id="packs")
        yield Label(_("Seats at the table"))
        yield Select([(str(n), n) for n in range(POD_MIN, POD_MAX + 1)], value=POD_MAX, allow_blank=False,
                     id="seats")
        yield Label(_("Your name"))
        yield Input(_("You"), id="name")
        yield Label(_("Seed (blank: drawn)"))
        yield Input("", id="seed")
        yield Label(_("Pick timer"))
        yield Switch(True, id="timer")

    def values(self) -> dict:
        name = self.query_one("#name", Input).value.strip() or _("You")
        return {"set": self.query_one("#set", Select).value, "packs": self.query_one("#packs", Select).value,
                "seats": self.query_one("#seats", Select).value, "name": name,
                "seed": parse_seed(self.query_one("#seed", Input).value),
                "timer": self.query_one("#timer", Switch).value}


class SealedSetup(SetupForm):
    """Sealed practice: the set, the product (G-SEALED) and the seed."""

    def title_text(self) -> str:
        return _("Sealed practice")

    def rows(self) -> ComposeResult:
        sets = card_sets("starter")
        labels = {"2s": _("2 starters (2s)"), "1s3b": _("1 starter + 3 boosters (1s3b)")}
        yield Label(_("Set"))
        yield Select(set_options(sets), value=sets[0].code, allow_blank=False, id="set")
        yield Label(_("Product (G-SEALED)"))
        yield Select([(labels.get(p, p), p) for p in PRODUCTS], value=next(iter(PRODUCTS)), allow_blank=False,
                     id="product")
        yield Label(_("Seed (blank: drawn)"))
        yield Input("", id="seed")

    def values(self) -> dict:
        return {"set": self.query_one("#set", Select).value, "product": self.query_one("#product", Select).value,
                "seed": parse_seed(self.query_one("#seed", Input).value)}


# -- the menu ---------------------------------------------------------------------------------------


class PracticeScreen(Translated, Screen):
    """The limited menu: draft practice, sealed practice, the draft table, the deck builder."""

    CSS = """
    PracticeScreen { align: center middle; }
    PracticeScreen > Vertical { width: 76; height: auto; border: round $accent; padding: 1 2; }
    PracticeScreen OptionList { height: auto; margin: 1 0; }
    """
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
            yield Static(_("Saved decks go to the library in the data folder; exports to its decks folder."),
                         classes="hint")
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = 0
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.run_action(event.option.id or "")

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_draft(self) -> None:
        def chosen(v: dict | None) -> None:
            if v:
                self.start_draft(v)

        self.app.push_screen(DraftSetup(), chosen)

    def start_draft(self, v: dict) -> None:
        from .draft import DraftScreen

        try:
            screen = DraftScreen(catalog().set(v["set"]), packs=v["packs"], seats=v["seats"], name=v["name"],
                                 seed=v["seed"], timer=v["timer"], clock=self.clock)
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
        from .sealed import SealedScreen

        try:
            screen = SealedScreen(catalog().set(v["set"]), v["product"], v["seed"])
        except LyceeError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def action_table(self) -> None:
        from .draft_table import TableSetup

        def chosen(v: dict | None) -> None:
            if v:
                self.start_table(v)

        self.app.push_screen(TableSetup(), chosen)

    def start_table(self, v: dict) -> None:
        from .draft_table import TableScreen

        try:
            screen = TableScreen(v["names"], set_code=v["set"], packs=v["packs"], cards=v["cards"],
                                 seed=v["seed"], draw_seats=v["draw"], clock=self.clock)
        except LyceeError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def action_build_clock(self) -> None:
        from .dialogs import Prompt
        from .draft_table import BuildTimerScreen, parse_minutes

        def chosen(text: str | None) -> None:
            minutes = parse_minutes(text)
            if minutes is None:
                if text:
                    self.notify(_("minutes: a number above 0"), severity="error", markup=False)
                return
            self.app.push_screen(BuildTimerScreen(minutes, clock=self.clock))

        from core.rules.decklists import DEFAULT_BUILD_MINUTES

        self.app.push_screen(Prompt(_("Deck-building time in minutes (the organizer's choice)"),
                                    str(DEFAULT_BUILD_MINUTES["sealed"])), chosen)

    def action_builder(self) -> None:
        from .deckbuilder import DeckBuilderScreen, Library, LibraryDialog

        lib = Library(self.app.datadir.root)
        try:
            docs = lib.decks()
        except LyceeError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        if not docs:
            self.notify(_("No saved decks yet: draft or open a sealed pool, build, then Ctrl+S."),
                        severity="warning", markup=False)
            return

        def chosen(doc: dict | None) -> None:
            if not doc:
                return
            try:
                self.app.push_screen(DeckBuilderScreen.from_doc(doc))
            except LyceeError as err:
                self.notify(str(err), severity="error", markup=False)

        self.app.push_screen(LibraryDialog(lib), chosen)
