"""A single-line box that never loses a key: Enter takes the line
and empties the box in the same step; a paste of several lines is every line.

Used by the results box (tui/screens/event/round.py) and the add-player name
box (tui/screens/event/players.py); each says what a taken line becomes by
overriding :meth:`LineBox.lines_taken`."""

from __future__ import annotations

import re

from textual import events
from textual.geometry import Size
from textual.widgets import Input

#: Spaces at a line's ends, but not a Tab.
EDGE_SPACE = re.compile(r"^[^\S\t]+|[^\S\t]+$")


async def type_into(box: Input, event: events.Key) -> None:
    """``event`` typed into ``box`` as if it had the focus: Enter submits the
    line, Backspace deletes, a printable key is inserted (keys typed ahead of
    a question go on into the box they were meant for)."""
    if event.key == "enter":
        await box.action_submit()
    elif event.key == "backspace":
        box.action_delete_left()
    elif event.is_printable and event.character:
        box.insert_text_at_cursor(event.character)


class LineBox(Input):
    """Enter takes the line and empties the box before any message hop, so
    the keys of the next line (typed at once, or sent by a scanner) start a
    clean line; the lines go to :meth:`lines_taken` in order."""

    #: A Tab at either end of a pasted line is kept (it parts spreadsheet columns:
    #: an empty first column stays empty, not the second taken for it).
    KEEP_TABS = False

    async def _on_key(self, event: events.Key) -> None:
        """Enter ends the line here, in the box's own turn with the keys before
        and after it: as a binding it would run only once the key had gone up
        to the app, by when the box may have taken the next line's keys (a
        scanner's burst became one refused line)."""
        if event.key == "enter":
            event.stop()
            event.prevent_default()  # Input's own key handler is not run
            self.take_line()

    def _watch_value(self, value: str) -> None:
        """Input sets its scroll width on every change, and that asks the
        screen for a new layout (a re-arrange of every widget, and a repaint
        of the 512-row pairing table's scroll bar after it): at every key and
        at Enter.  This box's own size never follows its text, so the new
        width is only taken (what the cursor scrolls by), with a repaint."""

        width = Size(self.content_width, 1)
        if not self.styles.auto_dimensions and self.virtual_size != width:
            self.set_reactive(Input.virtual_size, width)
            self.refresh()
        super()._watch_value(value)

    async def action_submit(self) -> None:
        self.take_line()

    def take_line(self) -> None:
        """The line typed, emptied from the box in the same step and handed on."""
        text = self.value.strip()
        self.clear()
        self.lines_taken((text,) if text else (), pasted=False)

    def _on_paste(self, event: events.Paste) -> None:
        if not any(c in event.text for c in "\r\n"):
            return  # Input's own paste handler inserts it
        event.stop()
        event.prevent_default()  # not Input's own handler too (it keeps the first line only)
        at = self.cursor_position
        before, after = self.value[:at], self.value[at:]
        *done, rest = (before + event.text + after).replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.value = rest  # the unfinished tail stays to be finished by hand
        self.cursor_position = len(rest) - len(after)
        lines = tuple(self.trimmed(line) for line in done if line.strip())
        if lines:
            self.lines_taken(lines, pasted=True)

    def trimmed(self, line: str) -> str:
        """A pasted line without the spaces at its ends (Tabs kept with :attr:`KEEP_TABS`)."""
        return EDGE_SPACE.sub("", line) if self.KEEP_TABS else line.strip()

    def lines_taken(self, lines: tuple[str, ...], pasted: bool) -> None:
        """Override: what the lines become (``()`` for Enter on an empty box)."""
