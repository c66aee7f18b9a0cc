"""One event: players, the round (pairings and results), standings.

The screen holds the event open (the store's lock) while it is shown; every
change goes through core.desk.Desk and the screen redraws from the new Event
on ``EventChanged`` (messages.py).  Each tab is a pane widget (players.py,
round.py, standings.py, build.py, bracket.py) that draws what it is given and
posts what the organizer types; the screen holds the desk, the event bar, the
redraw and one object per concern, each with its own state (host.py lists
them).  The keys are rows of tui/actions.py naming the concern that runs them
(keys.py); the tabs' messages reach their concern through ``@on`` handlers
here.  Reads go through core/readmodel/.  Stylesheets: the .tcss files here."""

from __future__ import annotations

import gc
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import DataTable, Input, Label, TabbedContent, Tabs

from core import readmodel
from core.desk import Desk

from ...i18n import Translated
from ...widgets.footer import WholeKeysFooter
from ...widgets.line import Line, SpillLine
from . import keys
from .bracket import BracketPane
from .build import BuildPane
from .buildphase import BuildPhase
from .elimination import Elimination
from .exports import Exports
from .host import Concern, EventHost
from .leaving import Leaving
from .messages import EventChanged, EventRead
from .opening import EventLink
from .pane import EventPane, enter_tab
from .penalties import Penalties
from .people import People
from .phonereports import PhoneReports
from .players import MemberChosen, NameEntered, NewMember, PlayersPane
from .results import Rounds
from .round import ReportShown, ResultEntered, ResultsPasted, RoundPane
from .standings import StandingsPane


@keys.run_by_concerns
class EventScreen(Translated, EventHost):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    CSS_PATH: ClassVar = [
        "event.tcss",
        "round.tcss",
        "standings.tcss",
        "build.tcss",
        "players.tcss",
    ]  # beside this file
    BINDINGS = keys.BINDINGS

    def __init__(self, event_id: str):
        super().__init__()
        self._translate_bindings()
        self.event_id = event_id
        self.desk: Desk | None = None
        self.view = readmodel.EventView()  # standings and "finished", once per event version
        self.link = EventLink(self)
        self.penalties = Penalties(self)
        self.elimination = Elimination(self)
        self.exports = Exports(self)
        self.builds = BuildPhase(self, self.penalties)
        self.rounds = Rounds(self, self.exports, self.builds, self.elimination)
        self.people = People(self)
        self.reports = PhoneReports(self, self.exports)
        self.leaving = Leaving(self, self.exports)

    @property
    def web(self):
        """The page server while the event is served (Ctrl+W; exports.py), else None."""
        return self.exports.web

    # -- lifecycle -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="event-bar"):
            yield Label("", id="event-title", classes="title", markup=False)
            yield SpillLine("", id="round-status", classes="hint", spill="round-status-more")
            yield Line("", id="clock")
        yield Line("", id="round-status-more", classes="hint")  # narrow: the status goes on here
        with TabbedContent(initial="players"):
            yield PlayersPane()
            yield RoundPane()
            yield StandingsPane()
            yield BuildPane()
            yield BracketPane()
        yield Line("", id="message", classes="hint")
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        store = self.link.open_store()  # None: refused or damaged, and this screen is gone (opening.py)
        if store is None:
            return
        self.desk = Desk(store)
        self.link.open_door(store)
        self.redraw()
        self.set_interval(1.0, self.tick)
        self.call_after_refresh(self.refresh_bindings)  # the footer: this step's keys first
        self.call_after_refresh(self._freeze_loaded)
        if not self.event.players:  # a new event: the name box is where typing goes
            self.call_after_refresh(self.query_one("#add-player", Input).focus)
        tab = readmodel.opening_tab(self.event)  # reopened mid-round: the round; while decks are built: the build
        if tab:
            self.call_after_refresh(self.action_tab, tab)

    def on_resize(self) -> None:
        """The -narrow class follows the width: the status line splits again once it is applied."""
        self.call_after_refresh(self.query_one("#round-status", SpillLine).split)

    _frozen = False

    def _freeze_loaded(self) -> None:
        """What the open event and its first frame built (and each tab when
        first drawn) is kept out of the cyclic collector's walks while the
        screen is shown (gc.freeze): its oldest generation, walked whole now
        and then, held the event, every widget and every module, and one walk
        stopped an Enter for 87 ms at 512 players (benchmarks/app.py, the
        terminal figure's max).  Reference counting still frees all of it; on
        leaving, the collector takes it back (gc.unfreeze)."""

        if self.is_attached:
            gc.freeze()
            self._frozen = True

    def on_unmount(self) -> None:
        if self._frozen:
            gc.unfreeze()  # a cycle of this screen's is collected again once it is gone
            self._frozen = False
        self.exports.stop_serving()
        self.link.close()
        if self.desk is not None:
            self.desk.store.close()
            self.desk = None

    # -- drawing ----------------------------------------------------------------
    @on(EventChanged)
    def redraw(self) -> None:
        """After a change: the bar and the clock, then each tab (the one shown
        draws now, the others when next shown: pane.py), then the whole
        step handed to the screen in one frame (:meth:`updates_now`).  The
        tabs are handed the change by a call, not a second message: one hop
        more and the result would wait for the next frame."""
        if self.desk is None:  # posted as the screen closed
            return
        ev = self.event
        self.show("#event-title", ev.name)
        self.query_one("#round-status", SpillLine).set(
            self.exports.finish_text(ev) + self.reports.status_text(ev)
        )  # narrow: below
        self.rounds.draw_clock()
        read = EventRead(ev, self.view, self.reports.reports_by_table, self.open_desk.build_status)
        active = self.query_one(TabbedContent).active
        for pane in self.query(EventPane):
            if pane.changed(read, shown=pane.id == active):
                self.call_after_refresh(self._freeze_loaded)  # its rows, built now, kept out of the collector's walks
        self.reports.reload_queue()
        self.updates_now()

    def updates_now(self) -> None:
        """Hand the screen now what this step redrew.  Each widget tells the
        screen of its redraw in its own turn, after the screen's; the screen
        paints once it has nothing left to do, so it would paint the first
        widgets (the emptied results box) and leave the result, the bar and
        the message for the next frame, a frame clock's tick later (16 ms;
        benchmarks/app.py, Enter to the result on the terminal)."""

        for w in self.walk_children(Widget, with_self=False):
            if w._repaint_required or w._layout_required:  # what Widget.refresh() set (textual 8.2)
                w._check_refresh()

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, message: TabbedContent.TabActivated) -> None:
        if self.desk is not None and isinstance(message.pane, EventPane):
            if message.pane.show_pending():  # drawn for the first time: kept out of the collector's walks too
                self.call_after_refresh(self._freeze_loaded)
        self.refresh_bindings()  # the footer follows the step

    # -- the round clock (visible on every event screen) ----------------------------
    def tick(self) -> None:
        if self.desk is None or not self.is_mounted:
            return
        self.rounds.draw_clock()
        self.people.check_late()
        self.builds.tick()

    def round_running(self) -> bool:
        """Whether a round is paired and still has results to come (Ctrl+Q asks first)."""
        if self.desk is None:
            return False
        rnd = self.event.current_round
        return rnd is not None and not rnd.complete and not self.finished(self.event)

    def names_kept_whole(self) -> list[str]:
        """The players' names: a wrapped dialog or message never breaks inside one (tui/widgets/wrapped.py)."""
        return [p.name for p in self.event.players] if self.desk is not None else []

    def show(self, selector: str, text: str) -> Widget:
        """Put plain ``text`` in a label or line, only when it changed."""
        w = self.query_one(selector)
        if isinstance(w, Line):
            w.set(text)
        elif isinstance(w, Label) and getattr(w, "_shown", None) != text:
            w._shown = text  # type: ignore[attr-defined]  # what the label shows, kept on it to skip a redraw
            w.update(Text(text))
        return w

    def say(self, text: str, error: bool = False) -> None:
        w = self.query_one("#message", Line)
        w.set(Text(text))  # wraps: the whole message stays visible at 80 columns
        w.set_class(error, "error")
        w.refit()

    # -- actions ----------------------------------------------------------------
    def action_close(self) -> None:
        """Esc: back to the event list, never by surprise (leaving.py)."""
        self.leaving.action_close()

    async def on_key(self, event: events.Key) -> None:
        """Keys on the tab bar (Shift+Tab from a table focuses it), as from the tab's table (pane.py):
        Down or Enter go into the tab shown; a character typed goes where it goes from the table,
        ``1 2-0`` into the results box, stored or refused aloud, never dropped."""
        if not isinstance(self.focused, Tabs):
            return
        if not enter_tab(self, event):
            await self.query_one(f"#{self.query_one(TabbedContent).active}", EventPane).on_key(event)

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        pane = self.query_one(f"#{tab}", EventPane)
        if pane.FOCUS:
            pane.query_one(pane.FOCUS).focus()

    def check_action(self, action: str, parameters) -> bool | None:
        """Whether a key is offered now: its concern says (phone reports off, the event finished)."""
        concern = getattr(self, keys.RUNS_ON.get(action, "screen"), None)
        return concern.allows(action) if isinstance(concern, Concern) else True

    def offered(self, action: str) -> bool:
        """Whether the footer and F1 offer a key now: its concern says (F5 once no round is left to pair)."""
        name = action.split("(")[0]
        concern = getattr(self, keys.RUNS_ON.get(name, "screen"), None)
        return concern.offers(name) if isinstance(concern, Concern) else True

    @property
    def active_bindings(self):
        """The footer: the keys offered now (:meth:`offered`), those of the step at hand
        (the visible tab) first (keys.py)."""
        found = {k: b for k, b in super().active_bindings.items() if self.offered(b.binding.action)}
        try:
            return keys.step_first(found, self.query_one(TabbedContent).active)
        except Exception:  # not composed yet (or gone): Textual's order
            return found

    # -- what the tabs post, handed to the concern it is for ----------------------------
    @on(ResultEntered)
    def _result_typed(self, message: ResultEntered) -> None:
        self.rounds.result_typed(message)

    @on(ResultsPasted)
    def _results_pasted(self, message: ResultsPasted) -> None:
        self.rounds.results_pasted(message)

    @on(NameEntered)
    def _name_typed(self, message: NameEntered) -> None:
        self.people.name_typed(message)

    @on(MemberChosen)
    def _member_chosen(self, message: MemberChosen) -> None:
        self.people.member_chosen(message)

    @on(NewMember)
    def _new_member(self, message: NewMember) -> None:
        self.people.new_member(message)

    @on(ReportShown)
    def _report_shown(self, message: ReportShown) -> None:
        self.say(message.text)

    @on(DataTable.RowSelected, "#build-table")
    def _build_row_chosen(self, message: DataTable.RowSelected) -> None:
        self.builds.row_selected(message)
