"""The event screen's keys: its bindings, made from the app's table of
actions (tui/actions.py), each key run by the concern the table names
(``on``: the screen's ``rounds``, ``people`` ...; host.py), and the footer's
order (the visible tab's step first)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.binding import ActiveBinding

from ...actions import ACTIONS, bindings

BINDINGS = bindings("event")  # the table: tui/actions.py

#: Each key's concern, by the action's name ("screen": the screen's own).
RUNS_ON: dict[str, str] = {a.name: a.on for a in ACTIONS if a.where == "event"}

# the footer shows the current step's keys first (F5/F6 on the round tab)
STEP_KEYS = {
    "players": ("add_players", "pair", "drop", "penalty", "settings", "keep_apart"),
    "round": ("pair", "enter_results", "reports", "clock", "extend", "penalty", "undo", "top_cut"),
    "standings": ("pair", "top_cut", "export"),
    "build": ("build_menu", "pair"),
    "bracket": ("pair", "enter_results", "export"),
}

Screen = TypeVar("Screen", bound=type)


def run_by_concerns(screen: Screen) -> Screen:
    """Give the event screen class an ``action_<name>`` for each key the table
    hands to a concern, which runs that concern's ``action_<name>``: Textual
    finds a key's action on the screen, the work is the concern's."""
    for name, concern in RUNS_ON.items():
        if concern != "screen":
            setattr(screen, f"action_{name}", handed_to(concern, name))
    return screen


def handed_to(concern: str, name: str) -> Callable[..., Any]:
    """The screen's action ``name``: the same action of its concern ``concern``."""

    def action(screen: Any, *args: Any) -> Any:
        return getattr(getattr(screen, concern), f"action_{name}")(*args)

    action.__name__ = f"action_{name}"
    action.__doc__ = f"The key of tui/actions.py run by the screen's {concern} (action_{name})."
    return action


def step_first(found: dict[str, ActiveBinding], tab: str) -> dict[str, ActiveBinding]:
    """The screen's bindings with those of the step at hand (the visible
    tab) first, so that at 80 columns the footer shows them."""
    rank = {a: i for i, a in enumerate(STEP_KEYS.get(tab, ()))}
    return dict(sorted(found.items(), key=lambda kv: rank.get(kv[1].binding.action, len(rank))))
