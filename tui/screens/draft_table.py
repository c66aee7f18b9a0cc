"""The draft table caller: an organizer calling a real booster draft (G-DRAFT-1).

Players are typed or taken from an event; they sit in pods of 2 to 8
(limited.draft.seat_pods / split_pods, L-DRAFT-POD), the seats drawn from a
shown seed or kept in the order typed.  For each pack the screen shows the
direction (limited.draft.direction: pack 1 to the next seat number,
clockwise, then alternating) and every player's neighbour by name, and calls
the picks with a timer in big digits:

    "Pick up!"  ->  "N seconds left"  ->  "Draft!" (pass)  ->  next pick ...

The seconds of a pick come from limited.draft.PickTimer (by cards left in the
pack, a desk setting).  limited.caller.TableCall is the caller's state; it reads the
time only from the ``now`` passed in, and the screen's interval passes
``clock()``: tests replace the clock and never sleep.  Space pauses and
resumes, n calls "Draft!" now; after the last pack, b runs a deck-building
timer (minutes are the organizer's choice, core.rules.decklists.DEFAULT_BUILD_MINUTES
proposed: the guideline sets none).
"""

from __future__ import annotations

import math
import random
import time
from pathlib import Path
from typing import Callable, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Digits, Label, Static

from core.errors import LyceeError
from core.i18n import _, ngettext
from limited.view import (
    DEFAULT_BUILD_MINUTES,
    POD_MAX,
    PickTimer,
    Seat,
    TableCall,  # the caller's state (re-exported below)
    check_packs,
)

from ..i18n import Translated
from ..widgets.cards import seat_ring
from ..widgets.footer import WholeKeysFooter
from ..widgets.plain import PlainTable
from ..widgets.wrapped import WrapLabel, list_parts
from .build_timer import BuildTimerScreen, minutes_refusal, parse_minutes  # the practice menu opens it too
from .dialogs import Confirm, Prompt
from .limited_kit import Clock, direction_text
from .table_setup import (  # re-exported below
    TableSetup,
    make_pods,
    parse_pick_seconds,
    pick_seconds_refusal,
    pick_seconds_said,
    pick_seconds_text,
)

TCSS = Path(__file__).with_name("draft_table.tcss")  # this module's screens and dialogs


class TableScreen(Translated, Screen):
    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        # in the footer's order: at 80 columns the first keys show (s and p were cut)
        Binding("space", "go", "Start / pause", id="table.go"),
        Binding("s", "seconds", "Pick seconds", id="table.seconds"),
        Binding("p", "pools", "Enter pools", id="table.pools"),
        Binding("n", "skip", "Call Draft! now", id="table.skip"),
        Binding("b", "build", "Build timer", id="table.build"),
        Binding("right_square_bracket", "pod(1)", "Next pod", id="table.pod_next"),
        Binding("left_square_bracket", "pod(-1)", "Previous pod", id="table.pod_prev"),
        Binding("r", "reseat", "Draw seats again", id="table.reseat"),
        Binding("escape", "close", "Back", id="table.close"),
    ]

    def __init__(
        self,
        names: list[str],
        *,
        set_code: str,
        packs: int,
        cards: int,
        seed: int,
        draw_seats: bool = True,
        pod_size: int | None = None,
        clock: Clock | None = None,
        timer: PickTimer | None = None,
        pods: tuple[tuple[Seat, ...], ...] | None = None,
        event_name: str = "",
        enter_pools: Callable[[], None] | None = None,
    ):
        """``pods``: an event's seating (its pods are the caller's seats, kept
        as they are); ``enter_pools`` (an event's caller) is offered after the
        last pack to enter each player's drafted pool."""
        super().__init__()
        self._translate_bindings()
        check_packs(packs)  # G-DRAFT-2
        if cards < 1:
            raise LyceeError(_("cards a pack: a whole number"))
        self.names = list(names)
        self.set_code = set_code
        self.seed = seed
        self.draw_seats = draw_seats
        self.pod_size = pod_size or POD_MAX  # the most players a pod, as the store chose (L-DRAFT-POD)
        self.clock: Clock = clock or time.monotonic
        self.event_name = event_name
        self.fixed = pods is not None
        self.pods = pods if pods is not None else make_pods(self.names, seed, draw_seats, self.pod_size)
        self.enter_pools = enter_pools
        self.pod = 0
        self.call_state = TableCall(packs, cards, timer or PickTimer())

    # -- compose ------------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="table-bar"):
            # the event's name kept whole where it fits; past two lines the title ends with …
            yield WrapLabel(
                "", id="table-title", classes="title", max_lines=2, keep=[self.event_name] if self.event_name else []
            )
        with Horizontal(id="table-top"):
            with Vertical(id="call-box"):
                yield Label("", id="call", markup=False)
                yield Digits("", id="big")
                yield Label("", id="pick-line", markup=False)
            with Vertical(id="ring-box"):
                yield Label("", id="direction", markup=False)
                yield Static("", id="ring", markup=False)
                yield Label("", id="pod-line", markup=False)
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="seats")
        yield Label("", id="message", classes="hint", markup=False)
        yield WholeKeysFooter()

    #: Below this width the call box narrows and the seat ring's names shorten, so the whole ring shows.
    NARROW = 100

    def on_resize(self, event) -> None:
        narrow = event.size.width < self.NARROW
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self.draw_ring()
            self.draw_time()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width < self.NARROW, "-narrow")
        self.draw_title()
        self.draw_seats_table()
        self.draw_time()
        self.query_one("#seats", DataTable).focus()
        self.set_interval(0.2, self.tick)
        if self.enter_pools is not None:
            self.say(
                _(
                    "Seat numbers run clockwise round each table. Space opens pack 1; s sets the pick seconds; "
                    "p enters the drafted pools after the last pack."
                )
            )
        else:
            self.say(_("Seat numbers run clockwise round each table. Space opens pack 1; s sets the pick seconds."))

    def draw_title(self) -> None:
        st = self.call_state
        sizes = "+".join(str(len(p)) for p in self.pods)
        how = _("seats drawn, seed {seed}", seed=self.seed) if self.draw_seats else _("seats as listed")
        if self.fixed:
            how = _("the seating of {event}", event=self.event_name)
        title = ngettext(
            "Draft table · {set} · {packs} packs × {cards} cards · {n} players in {pods} pod ({sizes}) · {how}",
            "Draft table · {set} · {packs} packs × {cards} cards · {n} players in {pods} pods ({sizes}) · {how}",
            len(self.pods),
            set=self.set_code,
            packs=st.packs,
            cards=st.cards,
            n=len(self.names),
            pods=len(self.pods),
            sizes=sizes,
            how=how,
        )
        # the event's name, then each part between the dots (the seed with its words), whole where it fits
        keep = ([self.event_name] if self.event_name else []) + list(list_parts(title))
        self.query_one("#table-title", WrapLabel).update(title, keep=keep)

    def _neighbours(self, pod: tuple[Seat, ...], s: int) -> tuple[int, int]:
        d = self.call_state.direction
        n = len(pod)
        return (s + d) % n, (s - d) % n

    def draw_seats_table(self) -> None:
        t = self.query_one("#seats", DataTable)
        row = t.cursor_row
        t.clear(columns=True)
        arrow = "→" if self.call_state.direction > 0 else "←"
        t.add_columns(_("Pod"), _("Seat"), _("Player"), _("Passes to {arrow}", arrow=arrow), _("Receives from"))
        for p, pod in enumerate(self.pods):
            for s, seat in enumerate(pod):
                to, frm = self._neighbours(pod, s)
                style = "bold" if p == self.pod else ""
                t.add_row(
                    Text(str(p + 1), style=style),
                    str(s + 1),
                    Text(seat.name, style=style),
                    f"{to + 1}. {pod[to].name}",
                    f"{frm + 1}. {pod[frm].name}",
                )
        if t.row_count and row:
            t.move_cursor(row=min(row, t.row_count - 1))
        self.draw_ring()

    def draw_ring(self) -> None:
        pod = self.pods[self.pod]
        d = self.call_state.direction
        st = self.call_state
        pack = min(st.round + 1, st.packs)
        self.query_one("#direction", Label).update(_("Pack {round}: pass {how}", round=pack, how=direction_text(d)))
        width = max(6, min(12, max(cell_len(s.name) for s in pod)))
        if self.has_class("-narrow"):  # the ring box is what the call box leaves: each seat "n.name" and an arrow
            room = self.app.size.width - 30 - 2 - 4
            width = max(3, min(width, room // ((len(pod) + 1) // 2) - 5))
        self.query_one("#ring", Static).update(seat_ring([s.name for s in pod], d, width=width))
        self.query_one("#pod-line", Label).update(
            _("Pod {pod} of {pods} ([ ] other pods)", pod=self.pod + 1, pods=len(self.pods))
        )

    def draw_time(self) -> None:
        now = self.clock()
        st = self.call_state
        call = self.query_one("#call", Label)
        call.update(st.call(now))
        call.set_class(st.phase == "draft", "draft")
        call.set_class(st.paused, "paused")
        big = self.query_one("#big", Digits)
        left = st.left(now)
        if st.phase in ("build", "built") and left is not None:
            secs = math.ceil(left)
            big.update(f"{secs // 60}:{secs % 60:02d}")
        elif st.phase == "pick" and left is not None:
            big.update(str(math.ceil(left)))
        elif st.phase == "draft":
            big.update("0")
        else:
            big.update("--")
        big.set_class(st.phase == "pick" and left is not None and left <= 5, "low")
        if st.phase in ("ready",):
            line = _("{packs} packs × {cards} cards", packs=st.packs, cards=st.cards)
        elif st.phase in ("done", "build", "built"):
            line = _("all {packs} packs drafted", packs=st.packs)
        elif self.has_class("-narrow"):
            line = _(
                "pack {round}/{packs} · pick {pick}/{cards}",
                round=st.round + 1,
                packs=st.packs,
                pick=min(st.pick + 1, st.cards),
                cards=st.cards,
            )
        else:
            line = ngettext(
                "pack {round}/{packs} · pick {pick}/{cards} · {left} card in the pack",
                "pack {round}/{packs} · pick {pick}/{cards} · {left} cards in the pack",
                max(st.cards_left, 0),
                round=st.round + 1,
                packs=st.packs,
                pick=min(st.pick + 1, st.cards),
                cards=st.cards,
                left=max(st.cards_left, 0),
            )
        self.query_one("#pick-line", Label).update(line)

    def say(self, text: str, error: bool = False) -> None:
        lbl = self.query_one("#message", Label)
        lbl.update(text)
        lbl.set_class(error, "error")

    # -- time -----------------------------------------------------------------------------------------------
    def tick(self) -> None:
        """Called by the interval (and by tests): move the call on to ``clock()``."""
        events = self.call_state.update(self.clock())
        self._react(events)
        self.draw_time()

    def _react(self, events: list[str]) -> None:
        for e in events:
            if e in ("draft", "built"):
                self.app.bell()
            if e == "pack_done":
                self.say(
                    _(
                        "Pack {round} done. Space opens the next pack; it passes the other way.",
                        round=self.call_state.round + 1,
                    )
                )
            elif e == "done":
                if self.enter_pools is not None:
                    self.say(_("Draft over: p enters each player's drafted pool; b starts the deck-building timer."))
                else:
                    self.say(_("Draft over: b starts the deck-building timer."))

    # -- actions ---------------------------------------------------------------------------------------------
    def action_go(self) -> None:
        st = self.call_state
        now = self.clock()
        if st.phase in ("ready", "pack_done"):
            st.start(now)
            self.draw_seats_table()
            self.say(
                _(
                    "Pack {round}: pass {how}",
                    round=st.round + 1,
                    how=_("clockwise") if st.direction > 0 else _("counter-clockwise"),
                )
            )
        elif st.running:
            if st.paused:
                st.resume(now)
                self.say(_("resumed"))
            else:
                st.pause(now)
                self.say(_("paused: space resumes"))
        self.draw_time()

    def action_skip(self) -> None:
        st = self.call_state
        before = st.round
        events = [e for e in [st.skip(self.clock())] if e]
        if st.round != before:
            self.draw_seats_table()
        self._react(events)
        self.draw_time()

    def action_pod(self, step: int) -> None:
        self.pod = (self.pod + step) % len(self.pods)
        self.draw_seats_table()

    def action_pools(self) -> None:
        if self.enter_pools is None:
            self.say(_("this draft is not an event's: its pools are not entered here"), error=True)
            return
        if self.call_state.phase not in ("done", "build", "built"):
            self.say(_("the pools are entered after the last pack"), error=True)
            return
        self.enter_pools()

    def action_seconds(self) -> None:
        def chosen(text: str | None) -> None:
            if not text:
                return
            self.call_state.timer = parse_pick_seconds(text)  # the dialog refused what does not parse
            self.say(_("pick timer: {seconds}", seconds=pick_seconds_said(self.call_state.timer)))
            self.draw_time()

        self.app.push_screen(
            Prompt(
                _(
                    "Seconds a pick: one number for every pick, or CARDS:SECONDS pairs by cards "
                    "left in the pack (e.g. 11:40 6:20 1:5); from the next pick"
                ),
                pick_seconds_text(self.call_state.timer),
                check=pick_seconds_refusal,
            ),
            chosen,
        )

    def action_reseat(self) -> None:
        if self.fixed:
            self.say(_("the seats are the event's pods (F11 there to change them)"), error=True)
            return
        if self.call_state.phase != "ready":
            self.say(_("the draft has started: the seats stay"), error=True)
            return
        self.seed = random.SystemRandom().randrange(2**31)
        self.draw_seats = True
        self.pods = make_pods(self.names, self.seed, True, self.pod_size)
        self.pod = 0
        self.draw_title()
        self.draw_seats_table()
        self.say(_("seats drawn again, seed {seed}", seed=self.seed))

    def action_build(self) -> None:
        if self.call_state.phase not in ("done", "built"):
            self.say(_("the deck-building timer starts after the last pack"), error=True)
            return

        def chosen(text: str | None) -> None:
            if not text:
                return
            minutes = parse_minutes(text)
            if minutes is None:  # the dialog refused what does not parse
                return
            self.call_state.build(minutes, self.clock())
            self.say(_("deck building: {m} minutes", m=text))
            self.draw_time()

        self.app.push_screen(
            Prompt(
                _("Deck-building time in minutes (the organizer's choice)"),
                str(DEFAULT_BUILD_MINUTES["draft"]),
                check=minutes_refusal,
            ),
            chosen,
        )

    def action_close(self) -> None:
        if self.call_state.phase in ("ready", "done", "built"):
            self.app.pop_screen()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()

        self.app.push_screen(Confirm(_("Stop calling this draft?")), answer)


__all__ = [
    "TableCall",
    "TableSetup",
    "TableScreen",
    "BuildTimerScreen",
    "make_pods",
    "parse_minutes",
    "parse_pick_seconds",
    "pick_seconds_text",
]
