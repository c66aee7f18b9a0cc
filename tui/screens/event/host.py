"""What the event screen's concerns share: the screen as they see it
(:class:`EventHost`) and the base of each concern (:class:`Concern`).

EventScreen (screen.py) is an EventHost and holds one object per concern:
``rounds`` (results.py: the round, results, the clock), ``people``
(people.py), ``builds`` (buildphase.py), ``exports`` (exports.py),
``reports`` (reports.py: phone reports), ``penalties`` (penalties.py),
``elimination`` (elimination.py), ``leaving`` (leaving.py: Esc) and ``link``
(opening.py: the store and the door).  Each keeps its own state; the keys of tui/actions.py name the
concern that runs them (keys.py), and a concern that needs another is
handed it when made (no concern imports the screen)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from .messages import EventChanged

if TYPE_CHECKING:
    from textual import getters
    from textual.widget import Widget

    from core import readmodel
    from core.desk import Desk
    from core.event.model import Event, Round

    from ...apphost import DeskApp


#: How a question about a typed result is asked and its answer awaited (Rounds.ask_about_result).
Asks = Callable[[Any], Awaitable[Any]]


class EventHost(Screen):
    """The event screen as its concerns see it: the desk, the event, the
    message line and the tabs (the screen, screen.py, draws them)."""

    desk: Desk | None  # None until the store is open, and after the screen is gone
    event_id: str
    view: readmodel.EventView  # standings and "finished", once per event version

    if TYPE_CHECKING:
        app = getters.app(DeskApp)  # Textual's typed self.app

        def say(self, text: str, error: bool = False) -> None: ...
        def updates_now(self) -> None: ...
        def action_tab(self, tab: str) -> None: ...
        def show(self, selector: str, text: str) -> Widget: ...

    @property
    def event(self) -> Event:
        return self.open_desk.event

    @property
    def open_desk(self) -> Desk:
        """The desk of the event shown: a concern's action runs only while the
        screen holds the store open."""
        if self.desk is None:
            raise RuntimeError("the event screen has no open store")
        return self.desk

    def paired_round(self) -> Round:
        """The round the event is at, once a round is paired (what a result,
        a pairing or a top cut just wrote)."""
        rnd = self.event.current_round
        if rnd is None:
            raise RuntimeError("no round is paired")
        return rnd

    def finished(self, ev: Event) -> bool:
        """Whether the elimination stage has its winner (computed once per change)."""
        return self.view.finished(ev)


class Concern:
    """One concern of the event screen ``host``: its keys' actions
    (``action_<name>``, as the table tui/actions.py names them) and its own
    state; it writes through the host's desk, speaks on the host's message
    line and tells the host when the event changed."""

    def __init__(self, host: EventHost) -> None:
        self.host = host

    # -- the host's, as every concern uses them ------------------------------------------
    @property
    def app(self) -> DeskApp:
        return self.host.app

    @property
    def event(self) -> Event:
        return self.host.event

    @property
    def open_desk(self) -> Desk:
        return self.host.open_desk

    def say(self, text: str, error: bool = False) -> None:
        self.host.say(text, error=error)

    def changed(self) -> None:
        """The event was written: the screen and its tabs draw it again (messages.EventChanged)."""
        self.host.post_message(EventChanged())

    def paired_round(self) -> Round:
        return self.host.paired_round()

    def allows(self, action: str) -> bool | None:
        """Whether the key of ``action`` is offered now (Textual's check_action:
        False hides it from the footer, None shows it dimmed)."""
        return True

    def offers(self, action: str) -> bool:
        """Whether the footer (and F1) offers the key of ``action`` now.  A key
        allowed but not offered still runs when pressed, and its action says
        why it does nothing (EventScreen.active_bindings)."""
        return True

    def ask(self, work: Any, group: str = "confirm") -> None:
        """Run ``work`` (a question's coroutine) in a worker of the screen's:
        a dialog waited for (push_screen_wait) needs one."""
        self.host.run_worker(work, group=group)

    def in_thread(self, work: Any, group: str) -> None:
        """Run ``work`` (a callable) on a thread of the screen's, one of ``group`` at a time."""
        self.host.run_worker(work, thread=True, exclusive=True, group=group)
