"""What the event screen's controllers share: the one declaration of EventScreen's
state and of the methods one controller calls on another.

EventScreen (screen.py) inherits the controllers RoundActions (results.py),
PlayerActions (people.py), BuildActions (buildphase.py) and ExportActions
(exports.py), and holds Penalties (penalties.py) and Elimination
(elimination.py), which own their state; each controller inherits
EventHost, so the type checker sees ``self.desk``, ``self.say()`` ... in every
one of them as EventScreen has them.  The declarations exist for the type checker
only (nothing here runs): the screen sets the state in its ``__init__`` and the
methods are the screen's or another controller's."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

if TYPE_CHECKING:
    from textual import getters
    from textual.widgets import Input

    from core import readmodel
    from core.desk import Desk
    from core.door import DoorServer, LocalWriter
    from core.errors import LyceeError
    from core.event.model import Event, Round

    from ...apphost import DeskApp
    from ...web.child import ChildServer


class EventHost(Screen):
    if TYPE_CHECKING:
        # -- state, set in EventScreen.__init__ -------------------------------------------
        event_id: str
        desk: Desk | None  # None until the store is open, and after the screen is gone
        writer: LocalWriter | None  # how every writer but the screen reaches the desk
        _told_seq: int  # the newest action the message line has accounted for
        door: DoorServer | None  # the door they come by (core.door)
        web: ChildServer | None  # tui.web.child.ChildServer while the event is served (Ctrl+W)
        view: readmodel.EventView
        _result_queue: deque[str]
        _result_asking: bool
        _name_queue: deque[tuple[str, Input, str]]
        _name_asking: bool
        _batch: dict | None
        _refused_recent: list[tuple[float, str]]
        _history: list | None
        _rang: bool
        _seen_prompts: set[str]
        STAFF_RULES: tuple[str, ...]

        app = getters.app(DeskApp)  # Textual's typed self.app

        # -- the screen's (screen.py) ------------------------------------------------------
        @property
        def event(self) -> Event: ...
        def say(self, text: str, error: bool = False) -> None: ...
        def updates_now(self) -> None: ...
        def action_tab(self, tab: str) -> None: ...
        def _show(self, selector: str, text: str): ...
        def _finished(self, ev: Event) -> bool: ...

        # -- one controller's, called by another -------------------------------------------
        def _app_refusal(self, err: LyceeError) -> str: ...  # exports.py
        def _warn_deck_problems(self) -> None: ...  # buildphase.py
        async def _ask_about_result(self, dialog) -> Any: ...  # results.py
        def _export(
            self, *args: Any, **kwargs: Any
        ) -> Any: ...  # exports.py (a worker: what, fmt, round_number, open_after)

    def paired_round(self) -> Round:
        """The round the event is at, once a round is paired (what a result,
        a pairing or a top cut just wrote)."""
        rnd = self.event.current_round
        if rnd is None:
            raise RuntimeError("no round is paired")
        return rnd

    @property
    def open_desk(self) -> Desk:
        """The desk of the event shown: a controller's action runs only while the
        screen holds the store open."""
        if self.desk is None:
            raise RuntimeError("the event screen has no open store")
        return self.desk
