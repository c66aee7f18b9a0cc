"""The app's actions in one table: for each, its id, its key(s), what the
footer, F1 and the command palette call it, and where it runs (the app
or the event screen).  The bindings of tui.app.LyceeApp and of the event
screen (tui/screens/event/keys.py) are made from it, and the command
palette offers what it says (``palette``).  A new key of the event desk is
one row here and one ``action_*`` method on the object it runs on: the
event screen itself, or the concern of it the row names (``on``: rounds,
people, builds, exports, reports, penalties, elimination; host.py).

The descriptions are written in English and translated where they are
shown (tui.i18n.Translated, core/locale/ja.json)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from textual.binding import Binding

Where = Literal["app", "event"]


@dataclass(frozen=True)
class Action:
    id: str  # the binding's id: "<where>.<name>"
    keys: str  # Textual's key names, comma-separated
    action: str  # the node's action_<name> method, with its arguments: "tab('round')"
    description: str
    where: Where
    show: bool = True  # in the footer (F1 lists them all)
    priority: bool = False  # before a focused text box, which would take the key itself
    palette: bool = True  # offered in the command palette (Ctrl+P)
    on: str = "screen"  # who runs it: the node itself, or the event screen's concern of that name

    @property
    def name(self) -> str:
        """The action's name, without its arguments: ``tab`` of ``tab('round')``."""
        return self.action.split("(")[0]

    def binding(self) -> Binding:
        return Binding(self.keys, self.action, self.description, id=self.id, show=self.show, priority=self.priority)


def app_action(
    id: str, keys: str, action: str, description: str, show: bool = True, priority: bool = False, palette: bool = True
) -> Action:
    return Action(f"app.{id}", keys, action, description, "app", show, priority, palette)


def event_action(
    id: str,
    keys: str,
    action: str,
    description: str,
    on: str = "screen",
    show: bool = True,
    priority: bool = False,
) -> Action:
    """A key of the event screen, run by the screen itself or by its concern ``on`` (tui/screens/event/host.py)."""
    return Action(f"event.{id}", keys, action, description, "event", show, priority, on=on)


ACTIONS: tuple[Action, ...] = (
    # -- the app (every screen) -------------------------------------------------------------
    app_action("keys", "f1,question_mark", "show_keys", "Keys", palette=False),  # Textual's own "Keys" is there
    app_action("quit", "ctrl+q", "quit", "Quit", priority=True, show=False, palette=False),  # so is its "Quit"
    # -- the event screen (tui/screens/event) -----------------------------------------------
    event_action("close", "escape", "close", "Events"),
    event_action("players", "f2", "tab('players')", "Players"),
    event_action("round", "f3", "tab('round')", "Round"),
    event_action("standings", "f4", "tab('standings')", "Standings"),
    event_action("add", "ctrl+n", "add_players", "Add players", on="people"),
    event_action("fill_demo", "ctrl+f", "fill_demo", "Fill with demo players", on="people", show=False),
    event_action("pair", "f5", "pair", "Pair next round", on="rounds"),
    event_action("results", "f6", "enter_results", "Results", on="rounds"),
    event_action("reports", "shift+f6", "reports", "Phone reports to decide", on="reports"),
    event_action("drop", "ctrl+o", "drop", "Drop", on="people"),
    event_action("apart", "shift+f5", "keep_apart", "Keep apart", on="people", show=False),
    event_action("rename", "shift+f2", "rename", "Rename", on="people"),
    event_action("member_history", "shift+f4", "member_history", "Member history", on="people", show=False),
    event_action("remove", "delete", "remove", "Remove registration", on="people"),
    event_action("clock", "ctrl+t", "clock", "Start/pause clock", on="rounds"),
    event_action("extend", "ctrl+g", "extend", "Extend table", on="rounds"),
    event_action("checkin", "ctrl+l", "checkin", "Check-in", on="people"),
    event_action("penalty", "ctrl+b", "penalty", "Penalty", on="penalties"),
    # priority: the add-player and results boxes would take Ctrl+U (delete to the left)
    event_action("appeal", "ctrl+u", "appeal", "Appeal ruling", on="penalties", show=False, priority=True),
    event_action("late", "ctrl+y", "late", "Lateness", on="people", show=False),
    event_action("undo", "ctrl+z", "undo", "Undo", on="rounds"),
    event_action("repair", "ctrl+r", "repair", "Pair again", on="rounds"),
    # Shift+F8 too: xterm and tmux send Shift+F3 as ESC[1;2R, which Textual reads as a cursor report
    event_action(
        "correct", "shift+f8,shift+f3", "correct_earlier", "Correct an earlier round", on="rounds", show=False
    ),
    event_action("top", "f7", "top_cut", "Top cut", on="elimination"),
    event_action("bracket", "f8", "tab('bracket')", "Bracket"),
    event_action("playoff", "f10", "playoff", "Playoff", on="elimination"),
    event_action("export", "f9", "export", "Export", on="exports"),
    event_action("build", "f11", "build_menu", "Build phase", on="builds"),
    event_action("caller", "shift+f11", "draft_caller", "Draft caller", on="builds", show=False),
    # priority: the results box (an Input) would take these keys for its own editing
    event_action("why", "ctrl+e", "why", "Why this pairing", on="rounds", show=False, priority=True),
    event_action("verify", "ctrl+d", "verify", "Check event", on="exports", show=False, priority=True),
    event_action("plan", "ctrl+k", "plan", "Plan of the day", on="exports", show=False, priority=True),
    event_action("serve", "ctrl+w", "serve", "Serve pages", on="exports", priority=True),
    event_action("settings", "f12", "settings", "Settings (staff)", on="exports"),
    event_action("codes", "shift+f12", "report_codes", "Report codes", on="reports"),
    event_action("print", "shift+f9", "print", "Print (opens in the browser)", on="exports"),
)

BY_ID: dict[str, Action] = {a.id: a for a in ACTIONS}


def bindings(where: Where) -> list[Binding | tuple[str, str] | tuple[str, str, str]]:
    """The bindings of the node the actions of ``where`` run on, in the table's order
    (typed as Textual's BINDINGS class attribute is)."""
    return [a.binding() for a in ACTIONS if a.where == where]


def in_palette(binding_id: str | None) -> bool:
    """Whether the command palette offers the binding: what the table says,
    and every binding of the other screens (not in the table) that has a description."""
    found = BY_ID.get(binding_id or "")
    return found is None or found.palette
