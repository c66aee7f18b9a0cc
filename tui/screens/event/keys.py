"""The event screen's keys: its bindings, made from the app's table of
actions (tui/actions.py), and the footer's order (the visible tab's step
first).  A part of EventScreen (screen.py), which inherits it; each key's
action is in the controller of its concern."""

from __future__ import annotations

from textual.widgets import TabbedContent

from ...actions import bindings
from .host import EventHost


class EventKeys(EventHost):
    """The keys of the event screen (Textual merges these BINDINGS into EventScreen's)."""

    BINDINGS = bindings("event")  # the table: tui/actions.py

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
