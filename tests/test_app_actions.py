"""The app's table of actions (tui/actions.py, issue 45 "The app by messages"):
every key a user presses on the event desk is a row there, runs a method of
the node the row names, and is offered by the command palette unless the row
says otherwise."""

from __future__ import annotations

from collections import Counter

from tui.actions import ACTIONS, bindings, in_palette
from tui.app import LyceeApp
from tui.screens.event import EventScreen
from tui.screens.event.buildphase import BuildPhase
from tui.screens.event.elimination import Elimination
from tui.screens.event.exports import Exports
from tui.screens.event.penalties import Penalties
from tui.screens.event.people import People
from tui.screens.event.phonereports import PhoneReports
from tui.screens.event.results import Rounds

NODES = {"app": LyceeApp, "event": EventScreen}


def test_every_action_of_the_table_runs_a_method_of_its_node():
    missing = [a.id for a in ACTIONS if not callable(getattr(NODES[a.where], "action_" + a.action.split("(")[0], None))]
    assert not missing, f"rows of tui/actions.py whose node has no action_* method: {missing}"


def test_no_key_runs_two_actions_on_one_node():
    for where in NODES:
        keys = Counter(k for b in bindings(where) for k in b.key.split(","))  # type: ignore[union-attr]
        assert [k for k, n in keys.items() if n > 1] == [], where


def test_the_nodes_bindings_are_the_tables():
    """The app's and the event screen's keys come from the table, in its order
    (what F1 and the footer list)."""
    assert [b.id for b in LyceeApp.BINDINGS] == [a.id for a in ACTIONS if a.where == "app"]  # type: ignore[union-attr]
    assert [b.id for b in EventScreen.BINDINGS] == [a.id for a in ACTIONS if a.where == "event"]  # type: ignore[union-attr]


def test_the_palette_offers_every_event_action_and_leaves_textuals_own_to_textual():
    """Ctrl+P lists every key of the event screen; F1 and Ctrl+Q are Textual's
    own palette commands already ("Keys", "Quit"), so the table keeps them out."""
    assert all(in_palette(a.id) for a in ACTIONS if a.where == "event")
    assert not in_palette("app.keys") and not in_palette("app.quit")
    assert in_palette("builder.save")  # another screen's binding (not in the table): offered as before


def test_each_event_key_is_run_by_the_concern_its_row_names():
    """The event screen is composed of its concerns (issue 45): a row of the
    table that names a concern (``on``) is run by that concern's own
    ``action_*`` method, and the screen's action for it hands the key over."""
    concerns = {
        "rounds": Rounds,
        "people": People,
        "penalties": Penalties,
        "elimination": Elimination,
        "builds": BuildPhase,
        "exports": Exports,
        "reports": PhoneReports,
    }
    rows = [a for a in ACTIONS if a.where == "event" and a.on != "screen"]
    assert len(rows) > 25 and {a.on for a in rows} == set(concerns)
    missing = [a.id for a in rows if not callable(getattr(concerns[a.on], "action_" + a.name, None))]
    assert not missing, f"rows whose concern has no action_* method: {missing}"
    own = [a.name for a in ACTIONS if a.where == "event" and a.on == "screen"]
    assert sorted(own) == ["close", "tab", "tab", "tab", "tab"]  # the screen itself: Esc and the tabs
    assert all(EventScreen.__dict__[f"action_{a.name}"].__name__ == f"action_{a.name}" for a in rows)


def test_l_later_f1_lists_the_correction_key_every_terminal_passes():
    """L-LATER: F1 names Shift+F8 for a correction of an earlier round, the key
    that reaches the app under xterm and tmux (they send Shift+F3 as a cursor
    report, so a clerk pressing the key F1 listed got nothing)."""
    (row,) = [a for a in ACTIONS if a.id == "event.correct"]
    assert row.keys.split(",")[0] == "shift+f8"
