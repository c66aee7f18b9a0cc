"""A tick list that reads without colour: Textual's SelectionList draws
「▐X▌」 on every row and tells a ticked row from an unticked one by colour
alone, so in a plain terminal every row looked ticked.  Here the box is
「[X]」 when ticked and 「[ ]」 when not (the colours stay)."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import SelectionList
from textual.widgets.option_list import OptionDoesNotExist

__all__ = ["TickList"]

#: The box's three characters, ticked and not (the same width as Textual's ▐X▌).
TICKED, UNTICKED = "[X]", "[ ]"


class TickList(SelectionList[str]):
    """SelectionList whose box says ticked or not in its characters."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        try:
            selection = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return strip
        if len(segments) < 4:
            return strip
        box = TICKED if selection.value in self.selected else UNTICKED
        # the brackets in the row's own colours (Textual's half blocks took the button's as their
        # foreground, which made a bracket dark on dark); the mark keeps the button's style
        side, mark = segments[3].style, segments[1].style
        drawn = [Segment(box[0], side), Segment(box[1], mark), Segment(box[2], side)]
        return Strip([*drawn, *segments[3:]], strip.cell_length)
