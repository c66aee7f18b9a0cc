"""Draft practice against bots: the pick screen and the review between packs.

The table is limited.draft.Draft (G-DRAFT-1..4, L-DRAFT-POD): the seats come
from limited.draft.seat_table (the human's seat is drawn), the packs are
opened from the seed, bots pick as soon as a step begins and the screen asks
the engine what the human is offered, where the pack goes next and how long
is left.  The pick timer is the engine's (limited.draft.PickTimer, seconds by
cards left): its deadlines are computed from a clock passed in, wrapped in a
PausableClock so a pause, or a review between packs, costs no pick time.  A
screen interval calls :meth:`DraftScreen.tick`, which asks the engine to time
out a pick whose deadline has passed (the bot's choice is taken).

Practice aids: each card of the pack shows its rating; ``w``
shows what the bot (limited.bots.Bot, reading the same packs and the
player's pool) would take and why, with its top three; the passing line says
which colours the seats upstream seem to be in.  ``a`` takes the bot's choice.

When the draft is over its ``lycee-draft/1`` log is written to
``<data dir>/drafts/`` and the deck builder opens on the drafted pool.
"""

from __future__ import annotations

import math
import random
import time
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Digits, Label, Static

from core.errors import LyceeError
from core.i18n import _, ngettext
from core.labels import card_type_label
from limited.view import (
    Bot,
    CardSet,
    Draft,
    PickReason,
    PickTimer,
    Seat,
    colour_text,
    facts_for,
    review_seat,
    seat_table,
)

from ..i18n import Translated
from ..widgets.cards import attr_glyphs, card_cells, card_columns, cost_glyphs, narrow_pool_charts, seat_ring
from ..widgets.footer import WholeKeysFooter
from ..widgets.plain import PlainTable
from ..widgets.wrapped import WrapLabel
from .dialogs import Confirm
from .draft_review import PackReview, PickReviewScreen, PracticeBuilder, PracticeLog
from .limited_kit import Clock, PausableClock, direction_text

if TYPE_CHECKING:
    from textual import getters

    from ..apphost import DeskApp

TCSS = Path(__file__).with_name("draft.tcss")  # this module's screens and dialogs


#: Below this many columns the pack table shows fewer columns and the pool panel narrows.
NARROW = 100


class DraftScreen(Translated, Screen):
    if TYPE_CHECKING:
        app = getters.app(DeskApp)  # Textual's typed self.app

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("enter", "pick", "Pick", id="draft.pick", priority=True),
        Binding("a", "auto_pick", "Bot's choice", id="draft.auto"),
        Binding("w", "why", "Suggestion", id="draft.why"),
        Binding("space", "pause", "Pause", id="draft.pause"),
        Binding("escape", "leave", "Leave", id="draft.leave"),
    ]

    def __init__(
        self,
        cs: CardSet,
        *,
        packs: int,
        seats: int,
        name: str,
        seed: int,
        timer: bool = True,
        clock: Clock | None = None,
    ):
        super().__init__()
        self._translate_bindings()
        self.cs = cs
        self.seed = seed
        self.clock = PausableClock(clock or time.monotonic)
        drawn = seat_table([name], seats - 1, random.Random(seed))
        # bots named after their seat number, so the ring and the names agree
        table = tuple(Seat(_("Bot {n}", n=i + 1), True) if s.bot else s for i, s in enumerate(drawn))
        self.me = next(i for i, s in enumerate(table) if not s.bot)
        self.draft = Draft(
            cs, table, packs, seed, timer=PickTimer() if timer else None, clock=self.clock if timer else None
        )
        self.rows: list[str] = []
        # the player's coach: a bot that reads every pack the player is passed
        self.coach = Bot(facts_for(cs), self.draft.deck_size, pack_size=len(self.draft.opened[0][0]))
        self.last_round = self.draft.round
        self.log_path: Path | None = None
        self.draft_log: PracticeLog | None = None  # written when the draft is over
        self.reviewing = False
        self._covered_pause = False  # the pick timer stopped by a screen over the draft

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.draft.seats]

    # -- compose -------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="draft-bar"):
            yield Label("", id="draft-title", classes="title", markup=False)
        with Horizontal(id="draft-top"):
            with Vertical(id="timer-box"):
                yield Digits("", id="timer")
                yield Label(_("seconds"), id="timer-label")
            with Vertical(id="ring-box"):
                yield Label("", id="passing", markup=False)
                yield Static("", id="ring", markup=False)
        with Horizontal(id="draft-body"):
            with Vertical(id="pack-box"):
                yield Label("", id="pack-head", classes="section", markup=False)
                yield PlainTable(cursor_type="row", zebra_stripes=True, id="pack")
            with Vertical(id="pool-box"):
                yield Label("", id="pool-head", classes="section", markup=False)
                with VerticalScroll(id="pool-list"):
                    yield Static("", id="pool-charts", markup=False)
                    yield Static("", id="pool-cards", markup=False)
        yield Static("", id="detail", markup=False)
        yield WrapLabel("", id="message", classes="hint")
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        self._columns()
        self.redraw()
        self.query_one("#pack", DataTable).focus()
        self.set_interval(0.25, self.tick)

    @property
    def narrow(self) -> bool:
        return self.app.size.width < NARROW

    def _columns(self) -> None:
        """The pack's columns.  When narrow (80 columns) only number, name,
        rating, attributes and cost, all whole; the line under the table shows
        the highlighted card's type, EX and text (「アイテ」)."""
        self.set_class(self.narrow, "-narrow")
        t = self.query_one("#pack", DataTable)
        t.clear(columns=True)
        cols = card_columns()
        t.add_columns(*cols[:2], _("Rating"), *(cols[3:5] if self.narrow else cols[2:]))

    def on_resize(self) -> None:
        if self.has_class("-narrow") != self.narrow:
            self._columns()
        self.redraw()

    # -- drawing ---------------------------------------------------------------------------------------
    def redraw(self) -> None:
        d = self.draft
        names = self.names
        title = _(
            "Draft practice · {set} ({version}) · pack {round}/{packs} · pick {pick} · {n} seats · seed {seed}",
            set=self.cs.code,
            version=self.cs.version,
            round=min(d.round, d.packs),
            packs=d.packs,
            pick=d.pick_number,
            n=len(names),
            seed=self.seed,
        )
        if cell_len(title) + 2 > self.app.size.width:  # the set's version gives way
            title = _(
                "Draft practice · {set} · pack {round}/{packs} · pick {pick} · {n} seats · seed {seed}",
                set=self.cs.code,
                round=min(d.round, d.packs),
                packs=d.packs,
                pick=d.pick_number,
                n=len(names),
                seed=self.seed,
            )
        self.query_one("#draft-title", Label).update(title)
        state = d.state()
        target = state.passes_to(self.me)
        source = (self.me - state.direction) % len(names)
        passing = Text()
        passing.append(_("passing to {name}", name=names[target]), style="bold green")
        passing.append("  ·  " + direction_text(state.direction) + "  ·  ", style="dim")
        passing.append(_("from {name}", name=names[source]), style="underline")
        room = self.query_one("#passing", Label).content_size.width or self.app.size.width - 20
        if passing.cell_len > room:  # the ring's arrows show the direction too
            passing = Text()
            passing.append(_("passing to {name}", name=names[target]), style="bold green")
            passing.append("  ·  ", style="dim")
            passing.append(_("from {name}", name=names[source]), style="underline")
        self.query_one("#passing", Label).update(passing)
        self.query_one("#ring", Static).update(
            seat_ring(names, state.direction, me=self.me, target=target, source=source, numbers=False)
        )
        self._draw_pack()
        self._draw_pool()
        self.tick_display()

    def _draw_pack(self) -> None:
        t = self.query_one("#pack", DataTable)
        t.clear()
        offered = self.draft.offered(self.me) or ()
        self.rows = list(offered)
        for i, num in enumerate(offered, 1):
            c = self.cs.card(num)
            cells = card_cells(c)
            t.add_row(
                *cells[:2],
                Text(str(c.rating), justify="right", style="bold"),
                *(cells[3:5] if self.narrow else cells[2:]),
                key=f"{i}",
            )
        if t.row_count:
            t.move_cursor(row=0)
        self.query_one("#pack-head", Label).update(
            _("Pack: {n} cards · Enter takes the highlighted card", n=len(offered))
        )
        self._show_detail()

    def _draw_pool(self) -> None:
        pool = self.draft.pool(self.me)
        cards = [self.cs.card(n) for n in pool]
        head = ngettext("Your pool: {n} card", "Your pool: {n} cards", len(pool), n=len(pool))
        reason = self.suggestion()
        if reason is not None and reason.upstream:
            head += " · " + _("upstream seems to be in {colours}", colours=colour_text(reason.upstream))
        self.query_one("#pool-head", Label).update(head)
        self.query_one("#pool-charts", Static).update(narrow_pool_charts(cards))
        lines = Text()
        for i, num in enumerate(reversed(pool)):
            c = self.cs.card(num)
            if i:
                lines.append("\n")
            lines.append(f"{len(pool) - i:>2} ", style="dim")
            lines.append_text(attr_glyphs(c))
            lines.append(f" {c.name} ")
            lines.append_text(cost_glyphs(c))
        self.query_one("#pool-cards", Static).update(lines)

    def _show_detail(self) -> None:
        num = self._highlighted()
        det = self.query_one("#detail", Static)
        if num is None:
            det.update("")
            return
        c = self.cs.card(num)
        t = Text()
        t.append(f"{c.number} {c.name}", style="bold")
        t.append(f"  {card_type_label(c.type)}  ")
        t.append_text(attr_glyphs(c))
        t.append(f"  EX{c.ex}  ")
        t.append(c.text or "")
        det.update(t)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def _highlighted(self) -> str | None:
        t = self.query_one("#pack", DataTable)
        if not self.rows or t.cursor_row is None or t.cursor_row >= len(self.rows):
            return None
        return self.rows[t.cursor_row]

    def tick_display(self) -> None:
        digits = self.query_one("#timer", Digits)
        left = None
        if self.draft.timer is not None and not self.draft.done:
            left = self.draft.time_left(self.me)
        if left is None:
            digits.update("--")
            digits.set_class(False, "low")
        else:
            digits.update(str(math.ceil(left)))
            digits.set_class(left <= 5, "low")
        digits.set_class(self.clock.paused, "paused")

    def say(self, text: str, error: bool = False, keep: tuple[str, ...] = ()) -> None:
        """``text`` on the message line, wrapped by Japanese rules, never inside a text of ``keep``."""
        lbl = self.query_one("#message", WrapLabel)
        lbl.update(text, keep=keep)
        lbl.set_class(error, "error")

    # -- time --------------------------------------------------------------------------------------
    def tick(self) -> None:
        """Called by the screen's interval: show the time left and, past the
        deadline, let the engine take the bot's choice for the player."""
        if self.draft.done or self.reviewing or self.draft.timer is None:
            return
        self.tick_display()
        if self.clock.paused:
            return
        left = self.draft.time_left(self.me)
        if left is not None and left <= 0:
            before = self.draft.round
            picks = [p for p in self.draft.expire() if p.seat == self.me]
            if picks:
                self.app.bell()
                c = self.cs.card(picks[0].took)
                self.say(_("time! the bot took {number} {name} for you", number=c.number, name=c.name), True)
            self._after(before)

    # -- actions -----------------------------------------------------------------------------------
    def _after(self, before: int) -> None:
        d = self.draft
        if d.done:
            self._finish()
        elif d.round != before:
            self._review(before, last=False)
        else:
            self.redraw()

    def _take(self, num: str | None) -> None:
        if num is None or self.draft.done or self.reviewing:
            return
        before = self.draft.round
        try:
            p = self.draft.pick(self.me, num)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        c = self.cs.card(p.took)
        self.say(_("you took {number} {name}", number=c.number, name=c.name))
        self._after(before)

    def action_pick(self) -> None:
        self._take(self._highlighted())

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_pick()  # a click on the highlighted row

    def suggestion(self) -> PickReason | None:
        """What the draft bot (limited.bots.Bot) would take from this pack for
        this pool, and why (it reads each pack once, however often asked, and
        first the packs of the picks it was not asked about: Bot.catch_up)."""
        offered = self.draft.offered(self.me)
        if not offered:
            return None
        pool = self.draft.pool(self.me)
        self.coach.catch_up(self.draft.seen(self.me), pool)
        return self.coach.explain(offered, pool)

    def bot_choice(self) -> str | None:
        r = self.suggestion()
        return r.choice if r is not None else None

    def action_auto_pick(self) -> None:
        self._take(self.bot_choice())

    def action_why(self) -> None:
        r = self.suggestion()
        if r is None:
            return
        c = self.cs.card(r.choice)
        scores = tuple(f"{x.number} {x.total:.1f}" for x in r.top)  # a card and its score on one line
        self.say(
            _("bot: {number} {name} ({rating})", number=c.number, name=c.name, rating=c.rating)
            + " · "
            + r.text()
            + " · "
            + "  ".join(scores),
            keep=(c.name, *scores),
        )
        if r.choice in self.rows:
            self.query_one("#pack", DataTable).move_cursor(row=self.rows.index(r.choice))

    def action_pause(self) -> None:
        if self.draft.timer is None:
            self.say(_("this draft has no pick timer"))
            return
        if self.clock.paused:
            self.clock.resume()
            self.say(_("timer running"))
        else:
            self.clock.pause()
            self.say(_("paused: space resumes"))
        self.tick_display()

    def on_screen_suspend(self) -> None:
        """A screen over the draft (F1's keys, any dialog) stops the pick
        timer: the player is reading, not picking (issue 48 item 17: the timer
        ran while F1 was open).  It runs again when the draft is back on top,
        unless it was paused before."""
        self._covered_pause = self.draft.timer is not None and not self.clock.paused
        if self._covered_pause:
            self.clock.pause()

    def on_screen_resume(self) -> None:
        if self._covered_pause:
            self._covered_pause = False
            if self.clock.paused:
                self.clock.resume()
        self.tick_display()

    def action_leave(self) -> None:
        was_paused = self.clock.paused
        self.clock.pause()  # no pick runs out while the question is up

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()
            elif not was_paused:
                self.clock.resume()

        self.app.push_screen(Confirm(_("Leave this draft? The picks so far are lost.")), answer)

    # -- reviews and the end ---------------------------------------------------------------------------
    def _review(self, round_no: int, last: bool) -> None:
        self.reviewing = True
        was_paused = self.clock.paused
        self.clock.pause()
        picks = [p for p in self.draft.picks if p.seat == self.me and p.round == round_no]

        def done(_result=None) -> None:
            self.reviewing = False
            if last:
                self._to_builder()
                return
            if not was_paused:
                self.clock.resume()
            self.redraw()

        nxt = None
        if not last:
            d = self.draft.direction
            target = (self.me + d) % len(self.names)
            nxt = (
                _("Pack {round} passes {how}", round=self.draft.round, how=direction_text(d))
                + "  ·  "
                + _("passing to {name}", name=self.names[target])
            )
        self.app.push_screen(
            PackReview(
                self.cs,
                round_no,
                self.draft.packs,
                picks,
                self.draft.pool(self.me),
                nxt,
                self.log_path if last else None,
                last,
                review=self.pick_review,
            ),
            done,
        )

    def pick_review(self):
        """This seat's picks beside the bots' (limited.review), once the draft is over."""
        return review_seat(self.draft.result(), self.me, self.cs)

    def _finish(self) -> None:
        """The draft's log, with the bots' decks (the player's goes in once built and saved)."""
        log = PracticeLog(
            self.app.datadir.root / "drafts" / f"draft-{self.cs.code}-{self.seed}.json", self.draft, self.me
        )
        try:
            log.write()
            self.draft_log, self.log_path = log, log.path
        except OSError as err:
            self.say(str(err), error=True)
        self._review(self.draft.packs, last=True)

    def _to_builder(self) -> None:
        pool = self.draft.pool(self.me)
        self.app.switch_screen(
            PracticeBuilder(
                self.cs,
                "draft",
                pool,
                packs=self.draft.packs,
                seed=self.seed,
                name=_("{set} draft {seed}", set=self.cs.code, seed=self.seed),
                draft_log=self.draft_log,
            )
        )


__all__ = ["DraftScreen", "PackReview", "PickReviewScreen", "PracticeBuilder"]
