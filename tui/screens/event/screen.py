"""One event: players, the round (pairings and results), standings.

The screen holds the event open (the store's lock) while it is shown; every
change goes through core.desk.Desk and the screen redraws from the new Event.
Each tab is a pane widget of its own (players.py, round.py, standings.py,
build.py, bracket.py) that draws what it is given and posts a message when
the organizer types into it; the screen holds the desk, the bindings, the
event bar and the redraw.  What the keys do lives in one module a concern,
each a class the screen inherits: results.py (round and results, the clock),
people.py (players), penalties.py, buildphase.py (the build phase),
exports.py (exports, pages, checks, plan, settings).  Reads go through
core/readmodel.py.  Stylesheets: the .tcss files beside this file."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, TabbedContent

from core import readmodel
from core.desk import Desk
from core.errors import EventLocked, LyceeError
from core.event.model import Event
from core.i18n import _

from ...i18n import Translated
from ...widgets.footer import WholeKeysFooter
from ...widgets.line import Line, SpillLine
from ..dialogs import Confirm
from .bracket import BracketPane
from .build import BuildPane
from .buildphase import BuildActions
from .exports import ExportActions
from .penalties import PenaltyActions
from .people import PlayerActions
from .players import PlayersPane
from .reports import ReportActions
from .results import RoundActions
from .round import RoundPane
from .standings import StandingsPane

if TYPE_CHECKING:
    from core.door import DoorServer, LocalWriter


class EventScreen(
    ReportActions, RoundActions, PlayerActions, PenaltyActions, BuildActions, ExportActions, Translated, Screen
):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    CSS_PATH: ClassVar = [
        "event.tcss",
        "round.tcss",
        "standings.tcss",
        "build.tcss",
        "players.tcss",
    ]  # beside this file
    BINDINGS = [
        Binding("escape", "close", "Events", id="event.close"),
        Binding("f2", "tab('players')", "Players", id="event.players"),
        Binding("f3", "tab('round')", "Round", id="event.round"),
        Binding("f4", "tab('standings')", "Standings", id="event.standings"),
        Binding("ctrl+n", "add_players", "Add players", id="event.add"),
        Binding("ctrl+f", "fill_demo", "Fill with demo players", id="event.fill_demo", show=False),
        Binding("f5", "pair", "Pair next round", id="event.pair"),
        Binding("f6", "enter_results", "Results", id="event.results"),
        Binding("shift+f6", "reports", "Phone reports to decide", id="event.reports"),
        Binding("ctrl+o", "drop", "Drop", id="event.drop"),
        Binding("shift+f5", "keep_apart", "Keep apart", id="event.apart", show=False),
        Binding("shift+f2", "rename", "Rename", id="event.rename"),
        Binding("delete", "remove", "Remove registration", id="event.remove"),
        Binding("ctrl+t", "clock", "Start/pause clock", id="event.clock"),
        Binding("ctrl+g", "extend", "Extend table", id="event.extend"),
        Binding("ctrl+l", "checkin", "Check-in", id="event.checkin"),
        Binding("ctrl+b", "penalty", "Penalty", id="event.penalty"),
        # priority: the add-player and results boxes would take Ctrl+U (delete to the left)
        Binding("ctrl+u", "appeal", "Appeal ruling", id="event.appeal", show=False, priority=True),
        Binding("ctrl+y", "late", "Lateness", id="event.late", show=False),
        Binding("ctrl+z", "undo", "Undo", id="event.undo"),
        Binding("ctrl+r", "repair", "Pair again", id="event.repair"),
        Binding("f7", "top_cut", "Top cut", id="event.top"),
        Binding("f8", "tab('bracket')", "Bracket", id="event.bracket"),
        Binding("f10", "playoff", "Playoff", id="event.playoff"),
        Binding("f9", "export", "Export", id="event.export"),
        Binding("f11", "build_menu", "Build phase", id="event.build"),
        Binding("shift+f11", "draft_caller", "Draft caller", id="event.caller", show=False),
        # priority: the results box (an Input) would take these keys for its own editing
        Binding("ctrl+e", "why", "Why this pairing", id="event.why", show=False, priority=True),
        Binding("ctrl+d", "verify", "Check event", id="event.verify", show=False, priority=True),
        Binding("ctrl+k", "plan", "Plan of the day", id="event.plan", show=False, priority=True),
        Binding("ctrl+w", "serve", "Serve pages", id="event.serve", priority=True),
        Binding("f12", "settings", "Settings (staff)", id="event.settings"),
        Binding("shift+f12", "report_codes", "Report codes", id="event.codes"),
        Binding("shift+f9", "print", "Print (opens in the browser)", id="event.print"),
    ]

    def __init__(self, event_id: str):
        super().__init__()
        self._translate_bindings()
        self.event_id = event_id
        self.desk: Desk | None = None
        #: How every writer but this screen reaches the desk, and the door they come by while the event is open here.
        self.writer: LocalWriter | None = None
        self.door: DoorServer | None = None
        self._dirty: set[str] = set()
        self.web = None  # tui.web.server.WebServer while the event is served (Ctrl+W)
        from collections import deque

        self._result_queue: deque[str] = deque()  # lines of the results box still to store (issue 22)
        self._result_asking = False  # a question about one of them is open
        self._name_queue: deque[tuple[str, Input, str]] = deque()  # names typed, still to add (issue 22)
        self._name_asking = False  # the same-name question about one of them is open
        self._batch: dict | None = None  # several lines at once: what was stored, what refused
        self.view = readmodel.EventView()  # standings and "finished", once per event version
        self._standings_after = 0
        self._refused_recent: list[tuple[float, str]] = []  # (when, why): refusals of the last seconds
        self._history: list | None = None  # the plan's past events, read once when first needed
        self._rang = False  # the bell at time has rung for this round
        self._seen_prompts: set[str] = set()  # lateness prompts already shown
        self._calls: dict[tuple[int, int], str] = {}  # phone reports: tables called from the queue

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
        from core.store import JournalDamaged

        try:
            store = self.app.datadir.open(self.event_id, role="app")
        except JournalDamaged as err:  # damage in the middle: the repair is asked for, never done by itself
            app, eid = self.app, self.event_id
            app.pop_screen()
            app.call_later(
                app.push_screen,  # from the app: this screen is gone when the answer comes
                Confirm(_("{problem}\n\nRepair it now, as `lycee repair` does?", problem=err)),
                lambda yes: yes and repair_and_open(app, eid),  # type: ignore[func-returns-value]  # the answer only decides
            )
            return
        except EventLocked as err:  # another desk (an app, `lycee serve`) holds it: refused, saying who
            self.app.pop_screen()
            self.app.notify(
                _(
                    "{held}\n\nThis window does not open it. Meanwhile the `lycee` commands change it "
                    "through that desk (e.g. `lycee result {id} TABLE RESULT`).",
                    held=err,
                    id=self.event_id,
                ),
                severity="error",
                timeout=15,
                markup=False,
            )
            return
        except LyceeError as err:
            self.app.pop_screen()
            self.app.notify(str(err), severity="error", timeout=8, markup=False)
            return
        if store.note:  # recovered (what was lost is named)
            self.app.notify(store.note, severity="warning", timeout=15, markup=False)
        self.desk = Desk(store)
        self.open_door(store)
        self.refresh_all()
        self.set_interval(1.0, self.tick)
        self.call_after_refresh(self.refresh_bindings)  # the footer: this step's keys first
        if not self.event.players:  # a new event: the name box is where typing goes
            self.call_after_refresh(self.query_one("#add-player", Input).focus)

    def open_door(self, store) -> None:
        """The event's door (core.door): the command line and the other
        writers of this user send their changes here, one at a time, each
        run on the app's thread; the screen redraws after each."""
        from core.door import DoorServer, LocalWriter, door_path

        assert self.desk is not None  # opened just before
        self.writer = LocalWriter(self.desk, run=self.app.call_from_thread, after=self._door_changed)
        try:
            self.door = DoorServer(self.writer, door_path(store.datadir, store.id)).start()
        except OSError as err:  # the event still works here; only the commands are refused as before
            self.door = None
            self.app.notify(
                _(
                    "the command line cannot reach this window ({reason}): `lycee` commands that change "
                    "the event are refused while it is open here",
                    reason=err.strerror or err,
                ),
                severity="warning",
                timeout=10,
                markup=False,
            )

    def _door_changed(self) -> None:
        """After a call through the door (on the app's thread): redraw."""
        if self.desk is not None and self.is_mounted:
            self.refresh_all()

    def on_resize(self) -> None:
        """The -narrow class follows the width: the status line splits again once it is applied."""
        self.call_after_refresh(self.query_one("#round-status", SpillLine).split)

    def on_unmount(self) -> None:
        self.stop_serving()
        if self.door is not None:
            self.door.stop()
            self.door = None
        if self.desk is not None:
            self.desk.store.close()
            self.desk = None

    # -- drawing ----------------------------------------------------------------
    @property
    def event(self) -> Event:
        return self.open_desk.event

    def refresh_all(self) -> None:
        """Redraw after a change: the bar, the clock and the visible tab now;
        the other tabs when they are shown (a 512-player table is not rebuilt
        for a tab nobody is looking at)."""
        ev = self.event
        self._show("#event-title", ev.name)
        self.query_one("#round-status", SpillLine).set(
            self._finish_text(ev) + readmodel.round_status(ev)
        )  # narrow: goes on below
        self.draw_clock()
        self._dirty = {"players", "round", "standings", "bracket", "build"}
        self._draw_tab(self.query_one(TabbedContent).active)
        self.reports_changed()

    def _draw_tab(self, tab: str) -> None:
        if tab not in self._dirty:
            return
        self._dirty.discard(tab)
        ev = self.event
        if tab == "players":
            self.query_one(PlayersPane).draw(ev, {row.id: row.points for row in self._standings(ev)})
        elif tab == "round":
            self.query_one(RoundPane).draw(ev, self._standings(ev), self._standings_after, self.reports_by_table(ev))
        elif tab == "standings":
            self.query_one(StandingsPane).draw(ev, self._standings(ev), self._standings_after)
        elif tab == "build":
            self.query_one(BuildPane).draw(ev, self._build_status(ev))
        elif tab == "bracket":
            self.query_one(BracketPane).draw(ev)

    def _build_status(self, ev: Event):
        return None if ev.kind == "constructed" else self.open_desk.build_status()

    def on_tabbed_content_tab_activated(self, message: TabbedContent.TabActivated) -> None:
        if self.desk is not None and message.pane is not None and message.pane.id is not None:
            self._draw_tab(message.pane.id)
        self.refresh_bindings()  # the footer follows the step

    def _standings(self, ev: Event):
        rows, self._standings_after = self.view.standings(ev)
        return rows

    # -- the round clock (visible on every event screen) ----------------------------
    def tick(self) -> None:
        if self.desk is None or not self.is_mounted:
            return
        self.draw_clock()
        self.check_late()
        self._tick_build()

    def round_running(self) -> bool:
        """Whether a round is paired and still has results to come (Ctrl+Q asks first)."""
        if self.desk is None:
            return False
        rnd = self.event.current_round
        return rnd is not None and not rnd.complete and not self._finished(self.event)

    def names_kept_whole(self) -> list[str]:
        """The players' names: a wrapped dialog or message never breaks inside one (tui/widgets/wrapped.py)."""
        return [p.name for p in self.event.players] if self.desk is not None else []

    def _show(self, selector: str, text: str):
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
        w.refresh(layout=True)

    # -- actions ----------------------------------------------------------------
    def action_close(self) -> None:
        """Esc: back to the event list; from a text box holding typed text,
        first out of the box (to the tab's table), so nothing typed is lost."""
        if isinstance(self.focused, Input) and (self.focused.value.strip() or self.focused.id == "add-player"):
            self.action_tab(self.query_one(TabbedContent).active)
            if isinstance(self.focused, Input):  # a tab without a table
                self.focused.blur()
            self.say(_("Esc again: back to the event list"))
            return
        self.app.pop_screen()

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        focus = {
            "players": "#player-table",
            "round": "#pairing-table",
            "standings": "#standings-table",
            "build": "#build-table",
        }.get(tab)
        if focus:
            self.query_one(focus).focus()

    # -- event settings (DESIGN section 3: the same as `lycee event set`) -----------------
    STAFF_RULES = ("G-ORGANIZER", "G-JUDGE", "G-HEAD-JUDGE")

    # -- the footer shows the current step's keys first (issue 11: F5/F6 on the round tab) --
    STEP_KEYS = {
        "players": ("add_players", "pair", "drop", "penalty", "settings", "keep_apart"),
        "round": ("pair", "enter_results", "reports", "clock", "extend", "penalty", "undo", "top_cut"),
        "standings": ("pair", "top_cut", "export"),
        "build": ("build_menu", "pair"),
        "bracket": ("pair", "enter_results", "export"),
    }

    @property
    def active_bindings(self):
        """The screen's bindings with those of the step at hand (the visible
        tab) first, so that at 80 columns the footer shows them."""
        found = super().active_bindings
        try:
            tab = self.query_one(TabbedContent).active
        except Exception:
            return found
        first = self.STEP_KEYS.get(tab, ())
        rank = {a: i for i, a in enumerate(first)}
        order = sorted(found.items(), key=lambda kv: rank.get(kv[1].binding.action, len(rank)))
        return dict(order)

    def _finished(self, ev: Event) -> bool:
        """Whether the elimination stage has its winner (computed once per change)."""
        return self.view.finished(ev)


def repair_and_open(app, event_id: str) -> None:
    """The repair `lycee repair` runs (the store's), what it did as a
    notification, then the event opens."""
    try:
        store = app.datadir.repair_journal(event_id, role="app")
    except LyceeError as err:
        app.notify(str(err), severity="error", timeout=15, markup=False)
        return
    note = store.note
    store.close()
    if note:
        app.notify(note, severity="warning", timeout=30, markup=False)
    app.open_event(event_id)
