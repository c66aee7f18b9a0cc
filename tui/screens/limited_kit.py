"""What the limited screens share (the draft, sealed, draft-table and deck
builder screens, and the practice menu that opens them): the shipped card
sets, seeds, the pausable clock, and the setup forms.  Kept apart from the
menu (tui/screens/practice.py) so that a screen importing these pieces never
imports the menu that imports it."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Switch

from core.errors import LyceeError
from core.i18n import _
from core.names import whole
from limited.view import DRAFT_PACKS, POD_MAX, POD_MIN, PRODUCTS, CardSet, Catalog

from ..i18n import Translated
from ..widgets.plain import plain
from ..widgets.wrapped import WrapLabel

if TYPE_CHECKING:
    from rich.text import Text

#: The setup forms' stylesheet (beside this file; a subclass elsewhere lists it first).
KIT_TCSS = Path(__file__).with_name("limited_kit.tcss")

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


def set_options(sets: list[CardSet]) -> list[tuple[Text, str]]:
    return [(plain(f"{cs.code} · {cs.name}"), cs.code) for cs in sets]


def direction_text(d: int) -> str:
    """How a pack round passes: +1 to the next seat number (clockwise), -1 back (G-DRAFT-1)."""
    return _("clockwise, to the next seat number →") if d > 0 else _("counter-clockwise, to the previous seat number ←")


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

    CSS_PATH: ClassVar = [KIT_TCSS]
    BINDINGS = [
        Binding("ctrl+s", "submit", "Start", id="setup.start"),
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
            yield WrapLabel("", id="form-error", classes="error")  # a rule id never breaks (（L-DRAFT-PO/D）)
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
    """Draft practice: the set, packs per player (G-DRAFT-2), seats (L-DRAFT-POD),
    the player's name, the seed and the pick timer."""

    def title_text(self) -> str:
        return _("Draft practice against bots")

    def rows(self) -> ComposeResult:
        sets = card_sets("booster")
        yield Label(_("Set"))
        yield Select(set_options(sets), value=sets[0].code, allow_blank=False, id="set")
        yield Label(_("Packs per player (G-DRAFT-2)"))
        yield Select([(str(n), n) for n in DRAFT_PACKS], value=DRAFT_PACKS.start, allow_blank=False, id="packs")
        yield Label(_("Seats at the table"))
        yield Select([(str(n), n) for n in range(POD_MIN, POD_MAX + 1)], value=POD_MAX, allow_blank=False, id="seats")
        yield Label(_("Your name"))
        yield Input(_("You"), id="name")
        yield Label(_("Seed (blank: drawn)"))
        yield Input("", id="seed")
        yield Label(_("Pick timer"))
        yield Switch(True, id="timer")

    def values(self) -> dict:
        name = self.query_one("#name", Input).value.strip() or _("You")
        return {
            "set": self.query_one("#set", Select).value,
            "packs": self.query_one("#packs", Select).value,
            "seats": self.query_one("#seats", Select).value,
            "name": name,
            "seed": parse_seed(self.query_one("#seed", Input).value),
            "timer": self.query_one("#timer", Switch).value,
        }


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
        yield Select(
            [(labels.get(p, p), p) for p in PRODUCTS], value=next(iter(PRODUCTS)), allow_blank=False, id="product"
        )
        yield Label(_("Seed (blank: drawn)"))
        yield Input("", id="seed")

    def values(self) -> dict:
        return {
            "set": self.query_one("#set", Select).value,
            "product": self.query_one("#product", Select).value,
            "seed": parse_seed(self.query_one("#seed", Input).value),
        }
