"""One event: players, the round (pairings and results), standings.

The screen holds the event open (the store's lock) while it is shown; every
change goes through core.desk.Desk and the screen redraws from the new Event.
Each tab is a pane widget of its own (players.py, round.py, standings.py,
build.py, bracket.py) that draws what it is given and posts a message when
the organizer types into it; the screen holds the desk, the bindings and the
event bar.  Stylesheets: event.tcss beside this file."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, TabbedContent

from core import labels
from core.log.registry import describe
from core.desk import Desk
from core.errors import LyceeError
from core.i18n import _, ngettext
from core.event.model import Event
from core.names import whole

from ...i18n import Translated
from ...widgets.footer import WholeKeysFooter
from ...widgets.line import Line
from .. import event_limited
from ..dialogs import AppealForm, Confirm, ExportChoice, LatePrompts, PenaltyForm, Prompt
from .bracket import BracketPane
from .build import BuildPane
from .players import PlayersPane
from .round import RoundPane, result_cell
from .standings import StandingsPane


class EventScreen(Translated, Screen):
    CSS_PATH: ClassVar = ["event.tcss", "round.tcss", "standings.tcss", "build.tcss"]  # beside this file
    BINDINGS = [
        Binding("escape", "close", "Events", id="event.close"),
        Binding("f2", "tab('players')", "Players", id="event.players"),
        Binding("f3", "tab('round')", "Round", id="event.round"),
        Binding("f4", "tab('standings')", "Standings", id="event.standings"),
        Binding("ctrl+n", "add_players", "Add players", id="event.add"),
        Binding("ctrl+f", "fill_demo", "Fill with demo players", id="event.fill_demo", show=False),
        Binding("f5", "pair", "Pair next round", id="event.pair"),
        Binding("f6", "enter_results", "Results", id="event.results"),
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
        Binding("shift+f9", "print", "Print (opens in the browser)", id="event.print"),
    ]

    def __init__(self, event_id: str):
        super().__init__()
        self._translate_bindings()
        self.event_id = event_id
        self.desk: Desk | None = None
        self._dirty: set[str] = set()
        self.web = None  # tui.web.server.WebServer while the event is served (Ctrl+W)
        from collections import deque

        self._result_queue: deque[str] = deque()  # lines of the results box still to store (issue 22)
        self._result_asking = False  # a question about one of them is open
        self._name_queue: deque[tuple[str, Input, str]] = deque()  # names typed, still to add (issue 22)
        self._name_asking = False  # the same-name question about one of them is open
        self._batch: dict | None = None  # several lines at once: what was stored, what refused

    # -- lifecycle -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="event-bar"):
            yield Label("", id="event-title", classes="title", markup=False)
            yield Line("", id="round-status", classes="hint")
            yield Line("", id="clock")
        with TabbedContent(initial="players"):
            yield PlayersPane()
            yield RoundPane()
            yield StandingsPane()
            yield BuildPane()
            yield BracketPane()
        yield Line("", id="message", classes="hint")
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        from core.store.store import JournalDamaged

        try:
            store = self.app.datadir.open(self.event_id, role="app")
        except JournalDamaged as err:  # damage in the middle: the repair is asked for, never done by itself
            app, eid = self.app, self.event_id
            app.pop_screen()
            app.call_later(app.push_screen,  # from the app: this screen is gone when the answer comes
                           Confirm(_("{problem}\n\nRepair it now, as `lycee repair` does?", problem=err)),
                           lambda yes: yes and repair_and_open(app, eid))
            return
        except LyceeError as err:
            self.app.pop_screen()
            self.app.notify(str(err), severity="error", timeout=8, markup=False)
            return
        if store.note:  # recovered (what was lost is named)
            self.app.notify(store.note, severity="warning", timeout=15, markup=False)
        self.desk = Desk(store)
        self._rang = False
        self._seen_prompts: set[str] = set()
        self.refresh_all()
        self.set_interval(1.0, self.tick)
        self.call_after_refresh(self.refresh_bindings)  # the footer: this step's keys first
        if not self.event.players:  # a new event: the name box is where typing goes
            self.call_after_refresh(self.query_one("#add-player", Input).focus)

    def on_unmount(self) -> None:
        self.stop_serving()
        if self.desk is not None:
            self.desk.store.close()
            self.desk = None

    # -- drawing ----------------------------------------------------------------
    @property
    def event(self) -> Event:
        return self.desk.event

    def refresh_all(self) -> None:
        """Redraw after a change: the bar, the clock and the visible tab now;
        the other tabs when they are shown (a 512-player table is not rebuilt
        for a tab nobody is looking at)."""
        ev = self.event
        self._standing_rows = None
        self._show("#event-title", ev.name)
        self.query_one("#round-status", Line).set(Text(self._finish_text(ev) + self._round_status(ev)))  # wraps at 80 columns
        self.draw_clock()
        self._dirty = {"players", "round", "standings", "bracket", "build"}
        self._draw_tab(self.query_one(TabbedContent).active)

    def _draw_tab(self, tab: str) -> None:
        if tab not in self._dirty:
            return
        self._dirty.discard(tab)
        ev = self.event
        if tab == "players":
            self.query_one(PlayersPane).draw(ev, {row.id: row.points for row in self._standings(ev)})
        elif tab == "round":
            self.query_one(RoundPane).draw(ev, self._standings(ev), self._standings_after)
        elif tab == "standings":
            self.query_one(StandingsPane).draw(ev, self._standings(ev), self._standings_after)
        elif tab == "build":
            self.query_one(BuildPane).draw(ev, self._build_status(ev))
        elif tab == "bracket":
            self.query_one(BracketPane).draw(ev)

    def _build_status(self, ev: Event):
        return None if ev.kind == "constructed" else self.desk.build_status()

    def on_tabbed_content_tab_activated(self, message: TabbedContent.TabActivated) -> None:
        if self.desk is not None and message.pane is not None:
            self._draw_tab(message.pane.id)
        self.refresh_bindings()  # the footer follows the step

    def _round_status(self, ev: Event) -> str:
        from core.tournament.elimination import champion

        won = champion(ev) if any(x.stage == "top" for x in ev.rounds) else None
        if won is not None:  # after the final: no round clock to offer
            return _("finished · winner: {name}", name=ev.player(won).name)
        r = ev.current_round
        fmt = f"{labels.kind_label(ev.kind)} · {labels.match_label(ev.match)} · {ev.minutes}{_('min')}"
        if r is None:
            from core.tournament.pairing import planned_rounds

            planned, by_organizer = planned_rounds(ev)
            return _("{fmt} · {n} players · not started · {k} Swiss rounds ({how})", fmt=fmt,
                     n=len(ev.players), k=planned,
                     how=_("planned") if by_organizer else _("suggested: log2 of the players"))
        from core.tournament.elimination import event_finished, round_label

        if event_finished(ev):
            return _("{fmt} · finished: final standings (F4)", fmt=fmt)
        missing = len(r.missing_tables())
        state = ngettext("{k} result missing", "{k} results missing", missing, k=missing) if missing else _("complete")
        line = _("{fmt} · round {r}: {state}", fmt=fmt, r=r.number, state=state)
        return line if r.stage == "swiss" else line + f" · {round_label(ev, r.number)}"

    def _standings(self, ev: Event):
        """The standings of the event as it is now, computed once per change,
        and not again while only results of the round in progress change: the
        standings then are those after the last complete round, from the same
        facts (the profile of a result typed at 512 players: half the handler)."""
        if getattr(self, "_standing_rows", None) is None:
            from core.tournament.standings import as_of_last_complete_round, standings

            settled, self._standings_after = as_of_last_complete_round(ev)
            cached = getattr(self, "_settled", None)
            if cached is not None and _same_facts(cached[0], settled):
                self._standing_rows = cached[1]
            else:
                self._standing_rows = standings(settled)
                self._settled = (settled, self._standing_rows)
        return self._standing_rows

    # -- the round clock (visible on every event screen) ----------------------------
    def tick(self) -> None:
        if self.desk is None or not self.is_mounted:
            return
        self.draw_clock()
        self.check_late()
        self._tick_build()

    def draw_clock(self) -> None:
        from core.rules import clock

        lbl = self.query_one("#clock", Line)
        ev = self.event
        if not ev.rounds or self._finished(ev):
            self._show("#clock", "")
            return
        st = clock.status(ev, self.desk.now())
        if not st.started:
            text = _("R{r} clock {t} (Ctrl+T starts)", r=st.round, t=clock.fmt(st.minutes * 60))
        else:
            state = _("paused") if st.paused else ""
            text = _("R{r} ⏱ {t}", r=st.round, t=clock.fmt(st.remaining)) + (f" {state}" if state else "")
            ext = [t for t in st.tables if t.extension and not t.finished]
            if ext:  # G-TIME: each extended table's own time
                text += " · " + ", ".join(_("T{t} +{m}: {left}", t=t.table, m=t.extension,
                                             left=clock.fmt(t.remaining)) for t in ext[:3])
            if st.unfinished and st.time_up:
                text += " " + ngettext("TIME: {n} table playing", "TIME: {n} tables playing", len(st.unfinished))
        from rich.cells import cell_len

        if cell_len(text) != cell_len(lbl.plain):
            lbl.set(text)
            lbl.refresh(layout=True)  # the clock's box follows its text (it is auto-sized)
        self._show("#clock", text)
        near = st.started and st.remaining is not None and 0 < st.remaining <= 300
        up = st.started and st.time_up and bool(st.unfinished)
        lbl.set_class(near, "clock-near")
        lbl.set_class(up, "clock-up")
        if up and not self._rang:
            self._rang = True
            self.app.bell()
            self.say(_("Time! Tables still playing: {tables} (G-BO3-TIME / G-TIME)",
                       tables=", ".join(map(str, st.unfinished))), error=True)
        elif not up:
            self._rang = False

    def check_late(self) -> None:
        from core.rules.lateness import in_use

        if not in_use(self.event.current_round):
            return  # prompts come by themselves once check-in is in use (Ctrl+L)
        try:
            due = self.desk.late_prompts()
        except LyceeError:
            return
        new = [p for p in due if p.key not in self._seen_prompts]
        if new and not isinstance(self.app.screen, LatePrompts) and self.app.screen is self:
            self._seen_prompts |= {p.key for p in due}
            self.app.bell()
            self.action_late(by_itself=True)

    def round_running(self) -> bool:
        """Whether a round is paired and still has results to come (Ctrl+Q asks first)."""
        if self.desk is None:
            return False
        rnd = self.event.current_round
        return rnd is not None and not rnd.complete and not self._finished(self.event)

    def _typing_into(self) -> Input | None:
        """The box the clerk is typing into right now (a line half typed, or a
        key in the last moment), which a dialog opening by itself leaves the
        keys of its first moment to (issue 22)."""
        from time import monotonic

        box = self.focused
        if not isinstance(box, Input):
            return None
        recent = monotonic() - getattr(self.app, "last_key_at", float("-inf")) < LatePrompts.GRACE
        return box if box.value or recent else None

    def _late_text(self, p) -> str:
        from core.rules.lateness import prompt_text

        return prompt_text(self.event, p, with_rule=True)

    def action_late(self, by_itself: bool = False) -> None:
        try:
            due = self.desk.late_prompts()
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        if not due:
            self.say(_("no lateness prompt is due"))
            return
        by_key = {p.key: p for p in due}

        def decided(decisions) -> None:
            for key, decision in decisions or []:
                try:
                    self.desk.resolve_late(by_key[key], decision)
                except LyceeError as err:
                    self.say(str(err), error=True)
            self.refresh_all()
            if was is not None and was.is_attached:  # back where the clerk was
                was.focus()

        was = self.focused
        dialog = LatePrompts([(p.key, self._late_text(p)) for p in due])
        box = self._typing_into() if by_itself else None
        if box is not None:
            dialog.hold_for(box)
        self.app.push_screen(dialog, decided)

    def action_clock(self) -> None:
        ev = self.event
        if not ev.rounds:
            self.say(_("pair a round first (F5)"), error=True)
            return
        try:
            op = self.desk.toggle_clock()
            if op == "start":
                st = self.desk.clock_status()
                self.say(_("round {r} clock started: {m} minutes", r=st.round, m=st.minutes) + " · "
                         + _("lateness prompts (G-LATE-1 at 5 minutes, G-LATE-2 at 30) come by themselves "
                             "once players are checked in (Ctrl+L)"))
            else:
                self.say(_("clock resumed") if op == "resume" else _("clock paused"))
        except LyceeError as err:
            self.say(self._app_refusal(err), error=True)
        self.draw_clock()

    def action_extend(self) -> None:
        def chosen(text: str | None) -> None:
            if not text:
                return
            parts = text.split()
            if len(parts) != 2 or None in (whole(parts[0]), whole(parts[1], 3)):
                self.say(_("write the table and the minutes, e.g. 7 5"), error=True)
                return
            try:
                self.desk.extend(whole(parts[0]), whole(parts[1], 3))
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(_("table {t}: +{m} minutes", t=parts[0], m=parts[1]))
            self.refresh_all()

        self.app.push_screen(Prompt(_("Time extension: TABLE MINUTES (e.g. 7 5)")), chosen)

    def action_checkin(self) -> None:
        def chosen(text: str | None) -> None:
            if not text:
                return
            try:
                self.desk.checkin(*text.split())
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(_("checked in: {who}", who=text))
            self.refresh_all()

        self.app.push_screen(Prompt(_("Check-in: player ids or names, separated by spaces")), chosen)

    def _penalty_history(self, ref: str) -> list[str]:
        from core.rules import penalties
        from core.event.lookups import find_player

        try:
            p = find_player(self.event, ref)
        except LyceeError:
            return []
        lines = [penalties.tally_line(self.event, p.id)]
        for n, pen in penalties.history(self.event, p.id):  # with the outcome of an appeal (G-HEAD-JUDGE)
            lines.append(penalties.penalty_line(self.event, n, pen))
        lines.append(_("two Notices make a Warning; two Warnings exclude the player (G-PEN-2)"))
        return lines

    def action_penalty(self) -> None:
        pid = None
        if self.query_one(TabbedContent).active == "players":
            pid = self.query_one(PlayersPane).highlighted(self.event)

        def issued(d: dict | None) -> None:
            if not d:
                return
            from core.rules.penalties import would_exclude
            from core.rules.staff import default_decider

            try:
                p = self.desk.player(d["player"])
                data = {"player": p.id, "level": d["level"], "reason": d["reason"],
                        "by": d["by"] or default_decider(self.event) or "", "action": d["action"]}
                rule = would_exclude(self.event, data)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            if rule is None:
                self._issue_penalty(p, d)
                return
            self.app.push_screen(Confirm(_("This penalty excludes {name} from the event ({rule}): they play no "
                                           "more and lose the current match. Issue it?", name=p.name, rule=rule)),
                                 lambda yes: self._issue_penalty(p, d) if yes else self.say(_("no penalty issued")))

        self.app.push_screen(PenaltyForm(self.event, pid, self._penalty_history), issued)

    def action_appeal(self) -> None:
        """The head judge's ruling on an appeal (G-HEAD-JUDGE), as `lycee appeal`."""
        from core.rules.penalties import penalty_line, tally_line

        ev = self.event
        if not ev.penalties:
            self.say(_("no penalties to appeal (Ctrl+B issues one)"), error=True)
            return
        open_ = [n for n, p in enumerate(ev.penalties, 1) if p.appeal is None]
        lines = [penalty_line(ev, n, p) for n, p in enumerate(ev.penalties, 1)][-6:]

        def ruled(d: dict | None) -> None:
            if not d:
                return
            try:
                ev = self.desk.appeal(d["number"], d["outcome"], level=d["level"], action=d["action"],
                                      note=d["note"])
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            pen = ev.penalties[d["number"] - 1]
            self.say(_("penalty #{n}: {outcome} by the head judge {by} (final, G-HEAD-JUDGE)", n=d["number"],
                       outcome=labels.appeal_outcome_label(pen.appeal["outcome"]), by=pen.appeal["by"])
                     + " · " + tally_line(ev, pen.player))
            self.refresh_all()

        self.app.push_screen(AppealForm(ev, lines, open_[-1] if open_ else len(ev.penalties)), ruled)

    def _show(self, selector: str, text: str):
        """Put plain ``text`` in a label or line, only when it changed."""
        w = self.query_one(selector)
        if isinstance(w, Line):
            w.set(text)
        elif getattr(w, "_shown", None) != text:
            w._shown = text
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
        focus = {"players": "#player-table", "round": "#pairing-table", "standings": "#standings-table",
                 "build": "#build-table"}.get(tab)
        if focus:
            self.query_one(focus).focus()

    def action_add_players(self) -> None:
        self.action_tab("players")
        self.query_one("#add-player", Input).focus()

    def action_fill_demo(self) -> None:
        def chosen(text: str | None) -> None:
            if not text:
                return
            if whole(text) is None or not 1 <= whole(text) <= 4096:
                self.say(_("write how many players, e.g. 16"), error=True)
                return
            from core.demo import demo_names

            taken = {p.name for p in self.event.players}
            names = [n for n in demo_names(int(text) + len(taken)) if n not in taken][:int(text)]
            try:
                self.desk.add_players(names)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(_("{n} demo players added", n=len(names)))
            self.refresh_all()

        self.app.push_screen(Prompt(_("Fill with demo players: how many?"), "8"), chosen)

    def action_enter_results(self) -> None:
        self.action_tab("round")
        self.query_one("#result-entry", Input).focus()

    def on_players_pane_name_entered(self, message: PlayersPane.NameEntered) -> None:
        """Names typed or pasted are added in order; those after a same-name
        question wait for its answer (issue 22), as the results queue does."""
        self._name_queue.append((message.name, message.box, message.reading))
        self._drain_names()

    def _drain_names(self) -> None:
        while self._name_queue and not self._name_asking:
            name, box, reading = self._name_queue.popleft()
            self._add_player(name, box, reading=reading)

    def on_round_pane_result_entered(self, message: RoundPane.ResultEntered) -> None:
        self._queue_results([message.text])

    def on_round_pane_results_pasted(self, message: RoundPane.ResultsPasted) -> None:
        self._queue_results(list(message.lines), listed=True)

    # -- the results queue (issue 22): every line typed or pasted is stored, in order --
    def _queue_results(self, lines: list[str], listed: bool = False) -> None:
        """Lines from the results box wait here while a question about an
        earlier line is open (a replacement, time called, G-ID-3), then are
        stored one after another; several lines at once end with one message
        listing each refusal."""
        self._result_queue.extend(lines)
        if listed or self._result_asking or len(self._result_queue) > 1:
            self._batch = self._batch or {"stored": 0, "refused": []}
        self._drain_results()

    def _drain_results(self) -> None:
        while self._result_queue and not self._result_asking:
            self._enter_result(self._result_queue.popleft())
        if self._result_asking or self._batch is None:
            return
        b, self._batch = self._batch, None
        if b["refused"]:
            self.say(ngettext("{n} result stored; refused: {why}", "{n} results stored; refused: {why}",
                              b["stored"], n=b["stored"], why=" · ".join(b["refused"])), error=True)

    def _ask_for_result(self, dialog, answered) -> None:
        """A question about a typed result: the lines after it wait for the answer."""
        self._result_asking = True

        def done(answer) -> None:
            self._result_asking = False
            answered(answer)
            self._drain_results()

        self.app.push_screen(dialog, done)
        if isinstance(dialog, Confirm):  # keys typed ahead of the question stay lines (LyceeApp.hold_type_ahead)
            from .round import ResultBox

            self.app.hold_type_ahead(dialog, self.query_one(ResultBox), {"y", "n", "escape", "enter", "tab"})

    def _refuse_result(self, text: str, err) -> None:
        from time import monotonic

        msg = f"{text!r}: {err}"
        if self._batch is not None:
            self._batch["refused"].append(msg)
        self._refused_recent = [*getattr(self, "_refused_recent", []), (monotonic(), msg)]
        self.say(msg, error=True)

    def _say_stored(self, msg: str) -> None:
        """A stored result; refusals of the last seconds stay in the message
        (a burst of typed lines would otherwise hide them behind the next line)."""
        from time import monotonic

        recent = [m for t, m in getattr(self, "_refused_recent", []) if monotonic() - t < 5]
        self._refused_recent = [(t, m) for t, m in getattr(self, "_refused_recent", []) if monotonic() - t < 5]
        if recent and self._batch is None:
            self.say(msg + " · " + _("refused just now: {why}", why=" · ".join(recent)), error=True)
        else:
            self.say(msg)

    def _same_name_question(self, name: str, registered: str) -> Confirm:
        """The question before registering (or renaming to) a name that folds
        to a registered one's: a look-alike says which characters differ
        (docs/names.md L-NAME-LOOKALIKE)."""
        from core.names import lookalike_note

        note = lookalike_note(name, registered)
        if note:
            return Confirm(_("{name} looks like {first}, who is already registered. Register another person (shown "
                             "as {name} (2))?", name=name, first=registered) + note)
        return Confirm(_("{name} is already registered. Register a second person of that name (shown as "
                         "{name} (2))?", name=name))

    def _add_player(self, name: str, box: Input, same_name: bool = False, reading: str = "") -> None:
        from core.names import fold_name

        key = fold_name(name)  # look-alikes too (docs/names.md L-NAME-LOOKALIKE)
        registered = next((p.name for p in self.event.players if fold_name(p.name) == key), None)
        if not same_name and registered is not None:
            self._name_asking = True

            def answered(yes) -> None:
                self._name_asking = False
                if yes:
                    self._add_player(name, box, True, reading)
                else:
                    self.say(_("not added"), error=True)
                self._drain_names()

            self.app.push_screen(self._same_name_question(name, registered), answered)
            return
        try:
            (pid,) = self.desk.add_players([name], allow_same_name=same_name, readings=[reading or None])
            name = self.event.player(pid).name
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(_("added {name} ({id})", name=name, id=pid))  # the box emptied itself on Enter
        self.refresh_all()

    def _enter_result(self, text: str, box: Input | None = None) -> None:
        """``12 2-1`` (the box emptied itself on Enter; a refused entry is
        quoted in the message)."""
        from core.tournament.matchrules import parse_table_result

        try:
            table, res = parse_table_result(text)  # one parser and message for the app and `lycee result -`
        except LyceeError as err:
            self._refuse_result(text, err)
            return
        rnd = self.event.current_round
        if rnd is not None and rnd.stage in ("top", "playoff") and res.lower() == "id":
            self._id_decision(table)  # G-ID-3: the organizer decides
            return
        before = rnd.match_at(table) if rnd is not None else None
        self._ask_result(text, table, res, before)

    def _ask_result(self, text: str, table: int, res: str, before, correct: bool = False,
                    time_called: bool = False) -> None:
        """Record, asking first when the entry replaces a result (--correct)
        or is one only time can produce while the round has time (--time-called)."""
        from core.rules.clock import needs_time_call
        from core.tournament.matchrules import parse_result

        if before is not None and before.reported and not correct and not before.is_bye:
            question = _("Table {t} already has {old}. Replace it with {new}?", t=table,
                         old=result_cell(before).plain.strip(), new=res)
            self._ask_for_result(Confirm(question), lambda yes: yes and self._ask_result(
                text, table, res, before, True, time_called))
            return
        if not time_called:
            try:
                why = needs_time_call(self.event, len(self.event.rounds), table, parse_result(res), self.desk.now())
            except LyceeError:
                why = None  # the desk gives the reason below
            if why is not None:
                self._ask_for_result(Confirm(_("{res} at table {t} ends a match only at time. Was time called "
                                               "at this table? (G-BO3-TIME)", res=res, t=table)),
                                     lambda yes: yes and self._ask_result(text, table, res, before, correct, True))
                return
        try:
            self.desk.record(table, res, correct=correct, time_called=time_called)
        except LyceeError as err:
            self._refuse_result(text, err)
            return
        if self._batch is not None:
            self._batch["stored"] += 1
        parts = [str(table), res]
        ev = self.event
        m = ev.current_round.match_at(table)
        left = len(ev.current_round.missing_tables())
        msg = _("table {t}: {p1} {res} {p2}", t=table, p1=ev.player(m.p1).name, res=labels.result_label(parts[1]),
                p2=ev.player(m.p2).name)
        if before is not None and before.reported:
            msg += " · " + _("replaces {old}", old=result_cell(before).plain.strip())
        msg += " · " + (ngettext("{k} result missing", "{k} results missing", left, k=left) if left else _("round complete"))
        self._say_stored(msg)
        self.refresh_all()

    def action_pair(self) -> None:
        self.say(_("pairing..."))
        self._pair_worker()

    @work(thread=True, exclusive=True, group="pairing")
    def _pair_worker(self) -> None:
        try:
            self.desk.pair_next()
        except LyceeError as err:
            self.app.call_from_thread(self.say, self._app_refusal(err), True)
            if getattr(err, "rule", None) in ("G-SEALED", "G-DRAFT-4") and self.event.build is not None:
                self.app.call_from_thread(self.action_tab, "build")  # each player's deck and its problems
            return
        self.app.call_from_thread(self._paired)

    def _paired(self) -> None:
        self.refresh_all()
        self.action_tab("round")
        self.say(_("round {r} paired", r=self.event.current_round.number))
        self.query_one("#result-entry", Input).focus()
        self._warn_deck_problems()

    def action_repair(self) -> None:
        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.desk.repair()
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.refresh_all()
            self.say(_("round {r} paired again", r=self.event.current_round.number))

        if self.event.current_round is None:
            self.say(_("no round has been paired yet"), error=True)
            return
        self.app.push_screen(Confirm(_("Pair round {r} again with a new draw?", r=self.event.current_round.number)), answer)

    def action_drop(self) -> None:
        if self.query_one(TabbedContent).active != "players":
            self.action_tab("players")
            self.say(_("choose the player with the arrow keys, then Ctrl+O again"))
            return
        if self.focused is not self.query_one("#player-table"):  # a row action acts on the focused row only
            self.say(_("Ctrl+O drops the player highlighted in the players table: F2 moves there; choose the "
                       "player with the arrow keys, then Ctrl+O again"), error=True)
            return
        pid = self.query_one(PlayersPane).highlighted(self.event)
        if pid is None:
            return
        p = self.event.player(pid)

        def answer(choice) -> None:
            if not choice:
                return
            try:
                self.desk.drop(p.id, forfeit=choice != "no_forfeit")
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(_("{name} dropped", name=p.name))
            self.refresh_all()

        from core.event.lookups import player_match

        rnd = self.event.current_round
        m = player_match(rnd, p.id) if rnd is not None else None
        if m is not None and not m.reported:  # G-DROP-2: the loss may be given, or the result entered
            from ..dialogs import Choose

            self.app.push_screen(Choose(_("Drop {name} from the event? (G-DROP-1)", name=p.name), [
                ("forfeit", _("Drop; the match of this round is lost (G-DROP-2)")),
                ("no_forfeit", _("Drop; the match of this round takes the result entered"))]), answer)
            return
        self.app.push_screen(Confirm(_("Drop {name} from the event? (G-DROP-1)", name=p.name)),
                             lambda yes: answer("forfeit" if yes else None))

    def action_keep_apart(self) -> None:
        """Keep the highlighted player apart from another (typed: id or exact
        name), or, naming one already kept apart, let them be paired again."""
        p = self._player_at_cursor("Shift+F5")
        if p is None:
            return
        from core.rules.apart import apart_pair, apart_partners

        pid = p.id
        now = ", ".join(f"{self.event.player(x).name} ({x})" for x in apart_partners(self.event, pid)
                        if self.event.has_player(x))
        question = _("Keep {name} apart from which player? (id or exact name; never paired in Swiss while the "
                     "points order allows it)", name=p.name)
        if now:
            question += "\n" + _("kept apart now: {names} (type one of them to let them be paired again)", names=now)

        def done(clear: bool, q) -> None:
            try:
                self.desk.keep_apart(p.id, q.id, clear=clear)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(_("{a} and {b} may be paired again", a=p.name, b=q.name) if clear else
                     _("{a} and {b} are kept apart: never paired in a Swiss round while the points order "
                       "allows it (G-SWISS-PAIR-1/2)", a=p.name, b=q.name))
            self.refresh_all()

        def typed(ref: str | None) -> None:
            if not ref:
                return
            try:
                q = self.desk.player(ref)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            if apart_pair(p.id, q.id) in self.event.apart:
                self.app.push_screen(Confirm(_("Let {a} and {b} be paired again?", a=p.name, b=q.name)),
                                     lambda yes: done(True, q) if yes else None)
                return
            done(False, q)

        self.app.push_screen(Prompt(question), typed)
    def _player_at_cursor(self, key: str):
        """The player under the players tab's cursor, or None (then the tab is
        shown and the message says to choose one and press ``key`` again)."""
        if self.query_one(TabbedContent).active != "players":
            self.action_tab("players")
            self.say(_("choose the player with the arrow keys, then {key} again", key=key))
            return None
        pid = self.query_one(PlayersPane).highlighted(self.event)
        return self.event.player(pid) if pid is not None else None

    def action_rename(self) -> None:
        """Shift+F2: correct the name (and reading) of the player under the
        cursor; a name already registered asks the same question as adding."""
        from core.names import fold_name

        from ..dialogs import RenameForm

        p = self._player_at_cursor("Shift+F2")
        if p is None:
            return

        def save(name: str, reading: str, same_name: bool) -> None:
            try:
                self.desk.rename(p.id, name, reading=reading, allow_same_name=same_name)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            from core.rules.players import rename_line

            now = self.event.player(p.id)
            self.say(rename_line(p.name, now.name, now.reading, now.reading != p.reading))
            self.refresh_all()

        def chosen(got: tuple[str, str] | None) -> None:
            if got is None:
                return
            name, reading = got
            registered = next((x.name for x in self.event.players
                               if x.id != p.id and fold_name(x.name) == fold_name(name)), None)
            if registered is not None:
                self.app.push_screen(self._same_name_question(name, registered), lambda yes: save(name, reading, True) if yes
                                     else self.say(_("not renamed"), error=True))
                return
            save(name, reading, False)

        self.app.push_screen(RenameForm(_("Rename {name} ({id})", name=p.name, id=p.id), p.name, p.reading or ""),
                             chosen)

    def action_remove(self) -> None:
        """Delete: take back the registration under the cursor (a no-show),
        only while never paired (else the message names Ctrl+O, drop)."""
        p = self._player_at_cursor("Delete")
        if p is None:
            return
        why = self.desk.removal_refusal(p.id)
        if why is not None:
            self.say(why, error=True)
            return

        def answer(yes: bool) -> None:
            if not yes:
                return
            try:
                self.desk.remove(p.id)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(_("removed the registration of {name} (Ctrl+Z brings it back)", name=p.name))
            self.refresh_all()

        self.app.push_screen(Confirm(_("Remove the registration of {name}? They will appear in no pairing, "
                                       "standings or export (the log keeps it; Ctrl+Z undoes).", name=p.name)),
                             answer)

    def action_undo(self) -> None:
        try:
            act = self.desk.undo()
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(_("undone: #{seq} {what}", seq=act["seq"],
                   what=describe(act, {p.id: p.name for p in self.event.players})))
        self.refresh_all()

    def action_top_cut(self) -> None:
        early = False  # the organizer confirmed cutting before the planned Swiss rounds

        def chosen(text: str | None) -> None:
            if not text:
                return
            third = text.endswith("+")
            size = text.rstrip("+").strip()
            if whole(size) is None:
                self.say(_("write 2, 4, 8, 16 or 32 (add + for a third-place match)"), error=True)
                return
            try:
                self.desk.top_cut(whole(size), third_place=third, end_swiss=early)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.refresh_all()
            self.action_tab("bracket")
            self.say(_("top {n} cut: round {r} paired", n=size, r=self.event.current_round.number))

        def ask() -> None:
            self.app.push_screen(Prompt(_("Top cut size: 2, 4, 8, 16 or 32 (add + for a third-place match)"), "8"),
                                 chosen)

        from core.tournament.pairing import planned_rounds

        ev = self.event
        played = len(ev.swiss_rounds)
        want, _by_organizer = planned_rounds(ev)
        if played < want:
            def confirmed(yes: bool | None) -> None:
                nonlocal early
                if yes:
                    early = True
                    ask()

            self.app.push_screen(
                Confirm(_("Only {n} of {k} Swiss rounds are played. Cut to single elimination now?", n=played, k=want)),
                confirmed)
        else:
            ask()

    def action_playoff(self) -> None:
        from core.tournament.standings import tied_groups

        groups = tied_groups(self.event, active_only=True)
        default = " ".join(groups[0]) if groups else ""

        def chosen(text: str | None) -> None:
            if not text:
                return
            try:
                self.desk.playoff(text.split())
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.refresh_all()
            self.action_tab("round")
            self.say(_("playoff (決定戦) paired"))

        self.app.push_screen(Prompt(_("Playoff (決定戦) among the players who share a place: their ids"), default), chosen)

    def action_export(self, open_after: bool = False) -> None:
        from core.reports.exports import BY_ROUND

        def chosen(choice) -> None:
            if not choice:
                return
            n = len(self.event.rounds)
            if choice[0] in BY_ROUND and n > 1:  # any earlier round too
                self.app.push_screen(Prompt(_("Which round? 1 to {n}", n=n), str(n)),
                                     lambda text: self._export_round(choice, text, open_after))
            else:
                self._export(*choice, open_after=open_after)

        self.app.push_screen(ExportChoice(), chosen)

    def action_print(self) -> None:
        self.action_export(open_after=True)

    def _export_round(self, choice, text: str | None, open_after: bool) -> None:
        if not text:
            return
        if not text.isdigit():
            self.say(_("write the round number, e.g. 2"), error=True)
            return
        self._export(*choice, round_number=int(text), open_after=open_after)

    @work(thread=True, exclusive=True, group="export")
    def _export(self, what: str, fmt: str, round_number: int | None = None, open_after: bool = False) -> None:
        from core.reports import exports

        try:
            text = exports.render(exports.as_of_round(self.event, round_number), what, fmt, log=self.desk.store.actions)
        except LyceeError as err:
            self.app.call_from_thread(self.say, str(err), True)
            return
        folder = self.app.datadir.root / "exports"
        path = folder / exports.export_filename(self.event, what, fmt, round_number)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            exports.write_export(path, text)  # whole or nothing: no partial file on a full disk
        except OSError as err:
            self.app.call_from_thread(self.say, _("export not written: {file}: {reason}; no partial file was left "
                                                  "in {folder}", file=err.filename or path,
                                                  reason=err.strerror or err, folder=folder), True)
            return
        msg = _("written: {path}", path=path)
        if open_after:
            import webbrowser

            try:
                opened = webbrowser.open(path.as_uri())
            except Exception:  # no browser at all: the path is said either way
                opened = False
            msg = (_("opened in the browser (print from there): {path}", path=path) if opened
                   else _("no browser to open it; the file is at {path}", path=path))
        self.app.call_from_thread(self.say, msg)

    def action_serve(self) -> None:
        """Ctrl+W: serve the event read-only to phones and a TV (tui.web) and show
        the address and QR code; Ctrl+W in that dialog stops serving."""
        if self.web is None:
            self.say(_("starting the page server..."))
            self._start_serving()
        else:
            self._show_serving()

    @work(thread=True, exclusive=True, group="serve")
    def _start_serving(self) -> None:
        from tui.web.server import DEFAULT_PORT, ChildServer

        from ..serving import free_port

        host, wanted = getattr(self.app, "serve_at", ("0.0.0.0", DEFAULT_PORT))
        try:  # a child process: serving never slows the desk down
            port = free_port(host, wanted)  # a second event served: the next free port
            web = ChildServer(self.app.datadir, self.event_id, host=host, port=port)
        except LyceeError as err:
            self.app.call_from_thread(self.say, str(err), True)
            return
        self.app.call_from_thread(self._serving_started, web, wanted if port != wanted else None)

    def _serving_started(self, web, busy: int | None = None) -> None:
        if not self.is_attached:  # the event was closed meanwhile
            web.stop()
            return
        self.web = web
        note = ""
        if busy is not None:
            note = _("port {busy} is in use (another event served?): serving on port {port}", busy=busy,
                     port=web.port)
            self.say(note)
        self._show_serving(note)

    def _show_serving(self, note: str = "") -> None:
        from ..serving import ServingDialog

        def done(answer: str | None) -> None:
            if answer == "stop":
                self.stop_serving()
                self.say(_("stopped serving the event pages"))
            elif self.web is not None:
                self.say(_("serving the event pages: {url}", url=self.web.urls[0]))

        self.app.push_screen(ServingDialog(self, self.web.urls, note), done)

    def stop_serving(self) -> None:
        if self.web is not None:
            web, self.web = self.web, None
            web.stop()

    def action_build_menu(self) -> None:
        ev = self.event
        if ev.kind == "constructed":
            self.say(_("A constructed event has no build phase."), error=True)
            return
        self.action_tab("build")
        from ..dialogs import Choose

        choices = [("open", _("Open the build phase (pools / pods)")),
                   ("timer", _("Start, pause or resume the building timer")),
                   ("decklist", _("Register a decklist from a file")),
                   ("botdecks", _("Build decks for players without a decklist (bot builder)")),
                   ("deck", _("Build the highlighted player's deck from their pool (Enter on the build tab)")),
                   ("override", _("Head judge override: round 1 pairs without every legal deck")),
                   ("close", _("Close the build phase"))]
        if ev.kind == "draft":
            choices.insert(1, ("simulate", _("Simulate the draft with bots (practice events)")))
        at = [k for k, _label in choices].index("override")  # new items go last: tests and hands know the others' places
        choices.insert(at, ("pool", _("Enter a player's pool from the table by card number")))
        if ev.kind == "draft":
            choices.insert(at, ("caller", _("Draft caller on this event's pods: direction, pick timer (Shift+F11)")))
        self.app.push_screen(Choose(_("Build phase"), choices), self._build_choice)

    def _build_choice(self, choice: str | None) -> None:
        if not choice:
            return
        ev = self.event
        if choice == "open":
            self.app.push_screen(Prompt(event_limited.open_hint(ev.kind)), self._open_build)
        elif choice == "decklist":
            self.app.push_screen(Prompt(_("Decklist: PLAYER FILE (text 'COUNT NUMBER' lines, or .csv)")),
                                 self._register_decklist)
        elif choice == "deck":
            self._open_player_deck(self._build_row())
        elif choice == "override":
            self._ask_override()
        elif choice == "pool":
            event_limited.choose_pool_player(self, self._build_row())
        elif choice == "caller":
            event_limited.open_caller(self)
        else:
            self._build_op(choice)

    def action_draft_caller(self) -> None:
        event_limited.open_caller(self)

    def _build_row(self) -> str | None:
        """The player highlighted on the build tab (their id), if any."""
        t = self.query_one("#build-table", DataTable)
        if not t.row_count or t.cursor_row is None:
            return None
        return str(t.coordinate_to_cell_key(t.cursor_coordinate).row_key.value)

    def on_data_table_row_selected(self, message: DataTable.RowSelected) -> None:
        """Enter on the build tab: the player's pool in the deck builder."""
        if message.data_table.id == "build-table" and message.row_key.value is not None:
            self._open_player_deck(str(message.row_key.value))

    def _open_player_deck(self, pid: str | None) -> None:
        """The deck builder on an event player's pool (G-SEALED, G-DRAFT-1):
        their registered deck to start from, Ctrl+R registers it to them."""
        from limited import event as limited_event

        from ..deckbuilder import DeckBuilderScreen

        if pid is None:
            self.say(_("no player highlighted on the build tab"), error=True)
            return
        try:
            st = limited_event.player_deck_state(self.desk, pid)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        name = self.event.player(pid).name

        def register(deck) -> str:
            limited_event.register_built_deck(self.desk, pid, deck)
            self._dirty.add("build")
            self.refresh_all()
            probs = self.desk.deck_problems(pid)
            if probs:
                return _("registered to {name}, with {n} problem(s): round 1 waits for a legal deck ({first})",
                         name=name, n=len(probs), first=str(probs[0]))
            return _("registered to {name}: a legal deck of {n} cards", name=name, n=deck.deck_size)

        self.app.push_screen(DeckBuilderScreen(st.cs, st.kind, st.pool, packs=st.packs, deck=st.deck,
                                               spare=st.spare, name=st.name, seed=st.seed, product=st.product,
                                               match=st.match, register=register, player=name))

    def _ask_override(self) -> None:
        """The head judge lets round 1 pair without every legal deck (logged: who, why)."""
        from core.rules.decklists import gap_text, round_one_gaps

        hj = self.event.staff.head_judge
        gaps = round_one_gaps(self.event)
        if not hj:
            self._guard(lambda: self.desk.override_decks("", "-"), "")  # core's refusal names F12
            return
        if not gaps:
            self.say(_("every player has a legal deck: no override is needed"))
            return

        def answer(reason: str | None) -> None:
            if reason:
                self._guard(lambda: self.desk.override_decks(hj, reason),
                            _("head judge override by {by}: round 1 may be paired (F5)", by=hj))

        self.app.push_screen(Prompt(_("Head judge {hj} lets round 1 pair without a legal deck from {players}. "
                                      "Why? (written in the log and on the report)", hj=hj,
                                      players=_("; ").join(gap_text(g) for g in gaps))), answer)

    def _guard(self, fn, done: str) -> None:
        try:
            fn()
        except (LyceeError, ValueError) as err:
            self.say(str(err), error=True)
            return
        self.refresh_all()
        self.say(done)

    def _open_build(self, text: str | None) -> None:
        if not text:
            return
        from limited import event as limited_event

        if event_limited.open_build(self, text):
            return
        parts = text.split()
        if len(parts) not in (2, 3) or (len(parts) == 3 and whole(parts[2], 18) is None):
            self.say(_("write the set, the product or packs, and optionally a seed"), error=True)
            return
        seed = whole(parts[2], 18) if len(parts) == 3 else None
        if self.event.kind == "sealed":
            self._guard(lambda: limited_event.open_sealed_pools(self.desk, parts[0], parts[1], seed),
                        _("sealed pools opened"))
        elif whole(parts[1]) is not None:
            self._guard(lambda: limited_event.draft_pods(self.desk, parts[0], whole(parts[1]), seed),
                        _("pods seated"))
        else:
            self.say(_("write the number of packs, 4 to 6"), error=True)

    def _register_decklist(self, text: str | None) -> None:
        if not text:
            return
        parts = text.split(maxsplit=1)
        if len(parts) != 2:
            self.say(_("write the player and the file"), error=True)
            return
        self._guard(lambda: self.desk.register_decklist_file(parts[0], parts[1]),
                    _("decklist registered for {who}", who=parts[0]))

    def _build_op(self, op: str) -> None:
        from limited import event as limited_event

        if op == "simulate":
            self._guard(lambda: limited_event.simulate_draft(self.desk), _("draft simulated: pools recorded"))
        elif op == "botdecks":
            self._guard(lambda: limited_event.build_bot_decks(self.desk), _("decks built and registered"))
        elif op == "close":
            self._guard(self.desk.close_build, _("build phase closed"))
        elif op == "timer":
            try:
                self.desk.toggle_build()
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.refresh_all()
            self.say(_("building timer: {state}", state=labels.build_state_label(self.desk.build_status().state)))

    # -- why a pairing, the independent check, the plan of the day (issue 17) ---------------
    def _plan(self, ev: Event):
        from core.tournament.plan import plan_event

        if getattr(self, "_history", None) is None:
            self._history = []
            dd = self.app.datadir
            for eid in dd.event_ids()[-20:]:
                if eid != ev.id:
                    try:
                        self._history.append(dd.history(eid))
                    except (LyceeError, OSError, ValueError, KeyError):
                        continue
        return plan_event(ev, self.desk.store.actions, self.desk.now(), history=self._history)

    def _finish_text(self, ev: Event) -> str:
        """The projected finish, first in the event bar, once this desk has
        timed something of the event (an event imported without times shows none)."""
        if not any(a["type"] in ("create", "pair") for a in self.desk.store.actions):
            return ""
        try:
            p = self._plan(ev)
        except LyceeError:
            return ""
        if p.finished is not None:
            return ""
        from core.tournament.plan import clock_time

        return _("finish ~{t}", t=clock_time(p.base.finish)) + " · "

    def action_why(self) -> None:
        """Why the table under the cursor is paired as it is (core.explain)."""
        from core.reports.explain import why_lines

        rnd = self.event.current_round
        m = self.query_one(RoundPane).highlighted(self.event)
        if self.query_one(TabbedContent).active != "round" or rnd is None or m is None:
            self.action_tab("round")
            self.say(_("choose a table with the arrow keys, then Ctrl+E again"))
            return
        if rnd.stage != "swiss" or not m.why:
            self.say(_("table {t}: no explanation stored (only Swiss rounds paired here carry one)", t=m.table))
            return
        from ..info import Info

        self.app.push_screen(Info(_("Round {r}, table {t}", r=rnd.number, t=m.table), why_lines(self.event, m.why)))

    def action_verify(self) -> None:
        self.say(_("checking the event..."))
        self._verify_worker()

    @work(thread=True, exclusive=True, group="verify")
    def _verify_worker(self) -> None:
        from core.rules.eventfile import to_doc
        from core.tournament.ranking import standings_json
        from core.reports.verify import verify_doc

        ev = self.event
        rep = verify_doc(to_doc(ev), standings_json(ev))
        self.app.call_from_thread(self._verified, rep)

    def _verified(self, rep) -> None:
        from ..info import Info

        self.say(rep.summary(), error=not rep.ok)
        lines = [rep.summary()] + [f.line() for f in rep.findings[:200]]
        self.app.push_screen(Info(_("Independent check of the event"), lines))

    def action_plan(self) -> None:
        from ..info import Info

        try:
            p = self._plan(self.event)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.app.push_screen(Info(_("Plan of the day"), p.lines()))

    # -- event settings (DESIGN section 3: the same as `lycee event set`) -----------------
    STAFF_RULES = ("G-ORGANIZER", "G-JUDGE", "G-HEAD-JUDGE")

    def _app_refusal(self, err: LyceeError) -> str:
        """A refusal in the app names the app's key that fixes it: an incomplete
        staff (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE) is set in the settings (F12)."""
        if getattr(err, "rule", None) in self.STAFF_RULES:
            from core.rules.staff import staff_problems

            return _("A sanctioned event needs its staff first: {problems}. F12 opens the settings "
                     "(staff, or mark it unsanctioned).",
                     problems="; ".join(f"{m} ({r})" for r, m in staff_problems(self.event)))
        if getattr(err, "rule", None) in ("G-SEALED", "G-DRAFT-4") and self.event.build is not None:
            from core.rules.decklists import round_one_gaps

            gaps = round_one_gaps(self.event)
            if gaps:  # the build tab shows what is wrong with each deck
                return _("Round 1 waits for a legal deck from {n} player(s): {names}. On the build tab "
                         "Enter opens a player's pool, Ctrl+R there registers the deck; F11 for the head judge's "
                         "override.", n=len(gaps), names=_("; ").join(g.name for g in gaps)) + f" [{err.rule}]"
        return str(err)

    def action_settings(self) -> None:
        from core.rules import settings
        from core.event.timing import minutes_advice

        from ..dialogs import EventSettings

        def chosen(wanted: dict | None) -> None:
            if not wanted:
                return
            try:
                changes = self.desk.set_settings(wanted)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            if not changes:
                self.say(_("nothing changed"))
                return
            msg = _("changed: {what}", what=", ".join(f"{settings.field_label(k)} = {settings.show_value(k, v)}"
                                                     for k, v in changes.items()))
            advice = minutes_advice(self.event.match, self.event.minutes, kind=self.event.kind) if (
                "minutes" in changes or "match" in changes) else None
            if advice:
                msg += " · " + advice
            self.say(msg)
            self.refresh_all()

        self.app.push_screen(EventSettings(self.event, settings.locks(self.event)), chosen)

    # -- the footer shows the current step's keys first (issue 11: F5/F6 on the round tab) --
    STEP_KEYS = {
        "players": ("add_players", "pair", "drop", "penalty", "settings", "keep_apart"),
        "round": ("pair", "enter_results", "clock", "extend", "penalty", "undo", "top_cut"),
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

    def _issue_penalty(self, p, d: dict) -> None:
        """Record the penalty and say in words what it brought (G-PEN-2)."""
        from core.rules.penalties import escalation_text, player_tally

        before = player_tally(self.event, p.id)
        try:
            self.desk.penalty(p.id, d["level"], d["reason"], by=d["by"] or None, action=d["action"])
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        t = player_tally(self.event, p.id)
        msg = _("{name}: {level} recorded ({n} N, {w} W in force)", name=p.name,
                level=labels.penalty_level_label(d["level"]), n=t.notices, w=t.warnings)
        more = escalation_text(before, t, p.name, excluded=self.event.player(p.id).excluded)
        if more:
            msg += " · " + more
        self.say(msg, error=bool(more))
        self.refresh_all()

    def _tick_build(self) -> None:
        """The build timer ticks while it runs (the build tab redrawn each second)."""
        if self.event.kind == "constructed" or self.query_one(TabbedContent).active != "build":
            return
        st = self.desk.build_status()
        if st.state != "building":
            return
        self.query_one(BuildPane).tick(self.event, st)

    def _finished(self, ev: Event) -> bool:
        """Whether the elimination stage has its winner (computed once per change)."""
        if getattr(self, "_finished_for", (None,))[0] is not ev:
            from core.tournament.elimination import champion

            self._finished_for = (ev, any(r.stage == "top" for r in ev.rounds) and champion(ev) is not None)
        return self._finished_for[1]

    def _id_decision(self, table: int) -> None:
        """G-ID-3: an intentional draw where a ranking is needed: the organizer
        orders a replay or, in the final only, declares no winner (elsewhere
        the choice is not offered and the question says why)."""
        from core.tournament.elimination import no_winner_refusal

        from ..dialogs import Choose

        org = self.event.staff.organizer

        def chosen(decision: str | None) -> None:
            if not decision:
                self.say(_("no decision: table {t} still needs a result", t=table))
                return
            try:
                self.desk.id_decision(table, decision, by=org)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(_("table {t}: replay ordered by {org} (G-ID-3)", t=table, org=org) if decision == "replay"
                     else _("table {t}: no winner, decided by {org} (G-ID-3)", t=table, org=org))
            self.refresh_all()

        question = _("Table {t} agrees an intentional draw, but this match must rank its players. The organizer "
                     "{org} decides (G-ID-3):", t=table, org=org or "-")
        choices = [("replay", _("Replay the match"))]
        rnd = self.event.current_round
        m = rnd.match_at(table) if rnd is not None else None
        why = no_winner_refusal(self.event, rnd, m) if rnd is not None and m is not None else None
        if why:  # no winner only in the final: not offered where the event could not go on
            question += "\n" + why
        else:
            choices.append(("no_winner", _("No winner (both are out)")))
        self._ask_for_result(Choose(question, choices), chosen)

    def _warn_deck_problems(self) -> None:
        """Round 1 of a limited event paired with decks that have problems
        (39 cards, a card not in the pool...): say so, never silently."""
        ev = self.event
        if ev.kind == "constructed" or len(ev.rounds) != 1:
            return
        from core.rules.decklists import decklist_status

        bad = [d for d in decklist_status(ev) if d.status != "registered"]
        if bad and ev.build is not None and ev.build.overridden:
            self.say(_("round 1 paired under the head judge's override ({by}); decks missing or with problems: "
                       "{names}", by=ev.build.override_by, names=_("; ").join(d.name for d in bad[:5])))
        elif bad:
            self.say(_("round 1 paired, but {n} deck(s) are missing or have problems: {names} (build tab, F11)",
                       n=len(bad), names=", ".join(d.name for d in bad[:5])), error=True)


def _same_facts(a: Event, b: Event) -> bool:
    """Whether two events hold the very same facts (the same objects field by
    field, rounds compared one by one): events are immutable, so a change
    always brings a new object where it happened."""
    from dataclasses import fields

    for f in fields(Event):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x is y:
            continue
        if f.name != "rounds" or len(x) != len(y) or any(r is not q for r, q in zip(x, y)):
            return False
    return True


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
