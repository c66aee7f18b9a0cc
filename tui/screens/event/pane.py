"""What every tab of the event screen does with a change (messages.EventChanged):
the tab shown draws it at once, the others keep it and draw it when they are
next shown, so a 512-player table is not rebuilt for a tab nobody is looking at."""

from __future__ import annotations

from textual.widgets import TabPane

from .messages import EventRead


class EventPane(TabPane):
    """A tab of the event screen: ``draw_read`` draws one change."""

    def __init__(self, title: str, id: str) -> None:
        super().__init__(title, id=id)
        #: the newest change not drawn yet (None: what is shown is current)
        self.pending: EventRead | None = None
        #: drawn at least once (its rows are then kept out of the collector's walks: screen.py)
        self.drawn_once = False

    def changed(self, read: EventRead, shown: bool) -> bool:
        """The event changed: drawn now when this tab is ``shown`` (True: for
        the first time), else kept for when it is."""
        self.pending = read
        return shown and self.show_pending()

    def show_pending(self) -> bool:
        """Draw the change kept for this tab, if any; True the first time the tab is drawn."""
        read, self.pending = self.pending, None
        if read is None:
            return False
        self.draw_read(read)
        first, self.drawn_once = not self.drawn_once, True
        return first

    def draw_read(self, read: EventRead) -> None:
        raise NotImplementedError
