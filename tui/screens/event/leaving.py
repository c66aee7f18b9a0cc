"""Esc on the event screen: back to the event list, but never by surprise.

From a text box the first Esc only leaves the box (to the tab's table); while a
box holds a line not stored yet, a first Esc names it; while the event's pages
are served (Ctrl+W), leaving stops them, so it asks first and says so (issue
48).  An object the event screen (screen.py) holds as ``leaving`` (host.py's
Concern); the screen's Esc hands it the key."""

from __future__ import annotations

from textual.widgets import Input, TabbedContent

from core.i18n import _

from ..dialogs import Confirm
from .exports import Exports
from .host import Concern, EventHost


class Leaving(Concern):
    """Esc: out of a box, a warning for a line not stored, a question while the pages are served."""

    def __init__(self, host: EventHost, exports: Exports) -> None:
        super().__init__(host)
        self.exports = exports  # the page server, stopped when the event closes
        self.esc_said: list[str] = []  # what the boxes held when Esc last warned (the next Esc leaves)

    def action_close(self) -> None:
        """Esc: back to the event list; from a text box, first out of the box
        (to the tab's table), so a clerk who pressed Esc to leave the results
        box does not leave the event; and while a box holds a line not stored
        yet, first a warning that names it: the next Esc leaves."""
        host = self.host
        typed = [box.value.strip() for box in host.query(Input) if box.value.strip()]
        if isinstance(host.focused, Input) or typed != self.esc_said:
            self.esc_said = typed
            host.action_tab(host.query_one(TabbedContent).active)
            if isinstance(host.focused, Input):  # a tab without a table
                host.focused.blur()
            self.warn(typed)
            return
        if self.exports.web is not None:  # the pages served stop with the event: asked, never silently
            self.ask(self._leave_asked())
            return
        self.app.pop_screen()

    def warn(self, typed: list[str]) -> None:
        """The first Esc's words: the next Esc leaves, what the boxes hold is not stored, the pages stop."""
        served = self.exports.web is not None
        again = (
            _("Esc again: back to the event list (the phone, TV and judge pages stop)")
            if served
            else _("Esc again: back to the event list")
        )
        lost = [_("not stored: {typed}", typed=" · ".join(typed))] if typed else []
        self.say(" · ".join([again, *lost]), error=bool(typed) or served)

    async def _leave_asked(self) -> None:
        """Esc while the event's pages are served: leaving stops them, so it asks first."""
        question = _("Back to the event list? {pages}", pages=self.exports.stopping_said())
        if await self.app.push_screen_wait(Confirm(question)) and self.app.screen is self.host:
            self.app.pop_screen()
