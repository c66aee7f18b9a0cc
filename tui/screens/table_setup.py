"""Setting up the draft table caller (tui/screens/draft_table.py): who drafts
and with what (TableSetup), how they sit (make_pods, L-DRAFT-POD) and the
pick seconds as the organizer types them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.widgets import Input, Label, Select, Switch, TextArea

from core import labels
from core.errors import LyceeError
from core.i18n import _
from core.names import whole
from limited.view import DRAFT_PACKS, POD_MAX, PickTimer, Seat, check_pod_size, seat_pods, split_pods

from ..widgets.plain import plain
from .limited_kit import KIT_TCSS, SetupForm, card_sets, catalog, parse_seed, set_options

if TYPE_CHECKING:
    from textual import getters

    from limited.view import CardSet

    from ..apphost import DeskApp

TCSS = Path(__file__).with_name("table_setup.tcss")  # the setup form's stylesheet


def booster_size(cs: CardSet) -> int:
    """Cards a booster of ``cs`` holds (the form lists only sets with a booster)."""
    assert cs.booster is not None, "card_sets('booster') keeps only sets with a booster"
    return cs.booster.size


class TableSetup(SetupForm):
    """Who drafts and with what: players (typed, or an event's), set, packs,
    cards a pack, seating drawn or as typed, seed."""

    if TYPE_CHECKING:
        app = getters.app(DeskApp)  # Textual's typed self.app

    CSS_PATH: ClassVar = [KIT_TCSS, TCSS]

    def title_text(self) -> str:
        return _("Draft table: call a real booster draft")

    def rows(self) -> ComposeResult:
        sets = card_sets("booster")
        events = [
            (plain(f"{e.date} {e.name} ({e.players})"), e.id)
            for e in self.app.datadir.list_events()
            if not e.problem and e.players
        ]
        yield Label(_("Players from an event"))
        yield Select(events, prompt=_("(none: type the names below)"), id="event")
        yield Label(_("Set"))
        yield Select(set_options(sets), value=sets[0].code, allow_blank=False, id="set")
        yield Label(_("Packs per player (G-DRAFT-2)"))
        yield Select([(str(n), n) for n in DRAFT_PACKS], value=DRAFT_PACKS.start, allow_blank=False, id="packs")
        yield Label(_("Cards a pack"))
        yield Input(str(booster_size(sets[0])), id="cards", type="integer")
        yield Label(_("Most players a pod"))  # L-DRAFT-POD
        yield Input(str(POD_MAX), id="pod", type="integer")  # 4: 8 players sit in two pods of 4
        yield Label(_("Draw the seats"))
        yield Switch(True, id="draw")
        yield Label(_("Seed (blank: drawn)"))
        yield Input("", id="seed")

    def on_mount(self) -> None:
        self.query_one("#names", TextArea).focus()

    def below(self) -> ComposeResult:
        yield Label(_("Players, one a line"))
        yield TextArea("", id="names")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "set" and event.value != Select.BLANK:
            cs = catalog().set(str(event.value))
            self.query_one("#cards", Input).value = str(booster_size(cs))
        elif event.select.id == "event" and event.value != Select.BLANK:
            try:  # only read: no lock, so it works while the event is open elsewhere
                ev = self.app.datadir.read(str(event.value))
            except LyceeError as err:
                self.query_one("#form-error", Label).update(str(err))
                return
            names = [p.name for p in ev.players if p.status == "active"]
            self.query_one("#names", TextArea).text = "\n".join(names)

    def values(self) -> dict:
        names = [n.strip() for n in self.query_one("#names", TextArea).text.splitlines() if n.strip()]
        if len(names) < 2:
            raise ValueError(_("a draft needs at least 2 players: type them one a line, or take an event's"))
        seen = set()
        for n in names:
            if n in seen:
                raise ValueError(_("{name} is listed twice", name=n))
            seen.add(n)
        cards = self.query_one("#cards", Input).value.strip()
        per_pack = whole(cards)
        if per_pack is None or per_pack < 1:
            raise ValueError(_("cards a pack: a whole number"))
        pod = whole(self.query_one("#pod", Input).value.strip() or str(POD_MAX))
        if pod is None:
            raise ValueError(_("most players a pod: a whole number"))
        check_pod_size(pod)  # 2 to 8 (L-DRAFT-POD), the draft event's rule
        return {
            "pod": pod,
            "names": names,
            "set": self.query_one("#set", Select).value,
            "packs": self.query_one("#packs", Select).value,
            "cards": whole(cards),
            "draw": self.query_one("#draw", Switch).value,
            "seed": parse_seed(self.query_one("#seed", Input).value),
        }


def make_pods(names: list[str], seed: int, draw: bool, most: int = POD_MAX) -> tuple[tuple[Seat, ...], ...]:
    """Pods of 2 to ``most`` (at most 8, as the store chooses, L-DRAFT-POD): seats drawn by
    limited.draft.seat_pods, or the names in the order given, cut into limited.draft.split_pods sizes."""
    if draw:
        return seat_pods(names, 0, random.Random(seed), max_size=most)
    pods, i = [], 0
    for size in split_pods(len(names), most):
        pods.append(tuple(Seat(n, bot=False) for n in names[i : i + size]))
        i += size
    return tuple(pods)


def pick_seconds_text(timer: PickTimer) -> str:
    """The pick timer as the organizer types it: ``40`` (every pick) or ``11:40 6:20 1:5`` (cards left: seconds)."""
    if len(timer.table) == 1:
        return f"{timer.table[0][1]:g}"
    return " ".join(f"{k}:{v:g}" for k, v in sorted(timer.table, reverse=True))


def pick_seconds_said(timer: PickTimer) -> str:
    """The pick timer in words: 「1ピック3秒」, or 「残り11枚から40秒、残り6枚から20秒…」 (not 「1:3」,
    which read as a minute and three seconds)."""
    if len(timer.table) == 1:
        return _("{s} s a pick", s=f"{timer.table[0][1]:g}")
    steps = sorted(timer.table, reverse=True)
    return labels.listed(_("{s} s from {cards} left", s=f"{v:g}", cards=k) for k, v in steps)


def pick_seconds_refusal(text: str) -> str | None:
    """What is wrong with pick seconds as typed (None: :func:`parse_pick_seconds` takes them)."""
    try:
        parse_pick_seconds(text)
    except ValueError as err:
        return str(err)
    return None


#: The longest pick the caller times (seconds): a pick of 99999 s was taken, and the draft stood still.
MAX_PICK_SECONDS = 300


def parse_pick_seconds(text: str) -> PickTimer:
    """``40`` (every pick) or ``11:40 6:20 1:5`` (from that many cards left), each
    1 to :data:`MAX_PICK_SECONDS`; ValueError saying what is wrong."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and ":" not in words[0]:
        secs = whole(words[0])
        if secs is None or secs < 1:
            raise ValueError(_("seconds a pick: a whole number above 0, not {text!r}", text=words[0]))
        _cap(secs)
        return PickTimer.of({1: float(secs)})
    table: dict[int, float] = {}
    for w in words:
        k, sep, v = w.partition(":")
        cards, secs = whole(k), whole(v)
        if not sep or cards is None or secs is None or cards < 1 or secs < 1:
            raise ValueError(_("{text!r}: write CARDS:SECONDS, e.g. 11:40 (both whole numbers above 0)", text=w))
        _cap(secs)
        table[cards] = float(secs)
    if not table:
        raise ValueError(_("seconds a pick: a whole number above 0"))
    if 1 not in table:
        table[1] = table[min(table)]
    return PickTimer.of(table)


def _cap(secs: int) -> None:
    if secs > MAX_PICK_SECONDS:
        raise ValueError(_("{n} seconds a pick: at most {max}", n=secs, max=MAX_PICK_SECONDS))
