"""The event screen's keys: the key table and the footer's order (the
visible tab's step first).  A part of EventScreen (screen.py), which
inherits it; each key's action is in the controller of its concern."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import TabbedContent

from .host import EventHost


class EventKeys(EventHost):
    """The keys of the event screen (Textual merges these BINDINGS into EventScreen's)."""

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
        Binding("shift+f4", "member_history", "Member history", id="event.member_history", show=False),
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
        Binding("shift+f3", "correct_earlier", "Correct an earlier round", id="event.correct", show=False),
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

    # the footer shows the current step's keys first (F5/F6 on the round tab)
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
