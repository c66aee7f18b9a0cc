"""What every tab of the event screen does with a change (messages.EventChanged):
the tab shown draws it at once, the others keep it and draw it when they are
next shown, so a 512-player table is not rebuilt for a tab nobody is looking at."""

from __future__ import annotations

from textual import events
from textual.widgets import DataTable, Input, TabbedContent, TabPane, Tabs

from ...widgets.linebox import type_into
from .messages import EventRead


class EventPane(TabPane):
    """A tab of the event screen: ``draw_read`` draws one change."""

    #: What takes the focus when the tab is chosen (F2, F3 ...): its table.
    FOCUS = ""
    #: The box a key typed on this tab's table goes into (F3 then ``12 2-1`` at once: the results box).
    TYPES_INTO = ""
    #: For a tab without a box: the tab whose box a digit typed here goes into, shown with it (the
    #: standings and the bracket: ``1 2-0`` typed there is a result, for the round tab's box).
    TYPES_ON = ""

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

    async def on_key(self, event: events.Key) -> None:
        """A character typed while the tab's table has the focus (no key of
        the table's or the screen's) goes into the tab's box, which takes the
        focus: the line typed right after F3 is stored or refused aloud,
        never dropped.  On a tab without a box a digit goes into the box of
        the tab ``TYPES_ON`` names, which is shown."""
        if not (event.is_printable and event.character):
            return
        if event.key in self.screen.active_bindings or self.app.screen is not self.screen:
            return  # ? is F1's; a dialog opened meanwhile: the app hands it the key (tui.app)
        box = self._box_for(event.character)
        if box is None or self.screen.focused is box or box.disabled:
            return
        event.stop()
        if not self.TYPES_INTO:
            self.screen.query_one(TabbedContent).active = self.TYPES_ON
        box.focus()
        await type_into(box, event)

    def _box_for(self, character: str) -> Input | None:
        """The box ``character`` typed on this tab goes into, if any."""
        if self.TYPES_INTO:
            return self.query_one(self.TYPES_INTO, Input)
        if self.TYPES_ON and character.isdigit():
            other = self.screen.query_one(f"#{self.TYPES_ON}", EventPane)
            return other.query_one(other.TYPES_INTO, Input)
        return None


def enter_tab(screen, event: events.Key) -> bool:
    """Down or Enter on the event screen's tab bar goes into the tab shown: its table gets the keys
    (they did nothing until Tab), and Enter there does what the tab's line says Enter does (the
    build tab: the highlighted player's pool in the deck builder).  Whether it took the key."""
    if event.key not in ("down", "enter") or not isinstance(screen.focused, Tabs):
        return False
    tab = screen.query_one(TabbedContent).active
    pane = screen.query_one(f"#{tab}", EventPane)
    if not pane.FOCUS:
        return False
    event.stop()
    screen.action_tab(tab)
    table = pane.query_one(pane.FOCUS)
    if event.key == "enter" and isinstance(table, DataTable) and table.row_count:
        table.action_select_cursor()
    return True
