"""What the screens use of the app, declared once: the data folder and opening an
event.  LyceeApp (tui/app.py) is this app; the screens type ``self.app`` as it
(``app = getters.app(DeskApp)``) without importing tui/app.py, which imports them."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.screen import Screen
from textual.widget import Widget

from core.store import DataDir


class DeskApp(App):
    datadir: DataDir  # set by LyceeApp.__init__
    #: The data folder whose cache keeps the event list as last drawn (tui.firstframe); None: not kept.
    frame_cache: Path | None = None
    #: The theme the app starts in (a frame is kept only in it: the next start draws in it).
    start_theme: str = "textual-dark"
    #: The app is ending: the event list, shown again, keeps its frame and then ends it (LyceeApp._end).
    ending: bool = False

    def open_event(self, event_id: str) -> None:
        """Show the event's screen (LyceeApp's)."""
        raise NotImplementedError

    def hold_type_ahead(self, dialog: Screen, box: Widget, answers: set[str]) -> None:
        """Keys typed past a question go to ``box`` (LyceeApp's)."""
        raise NotImplementedError
