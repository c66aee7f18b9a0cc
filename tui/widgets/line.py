"""Text that changes often in a box of fixed size: redrawing it never asks
the screen for a new layout (a Label's update does, which costs a full
re-arrange of a 512-row table beside it)."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from core.columns import list_parts, wrap_spans

from .wrapped import Wrapped, names_on_screens


class Line(Widget):
    DEFAULT_CSS = """
    Line { height: 1; width: 1fr; }
    """

    def __init__(self, text: str | Text = "", **kw):
        super().__init__(**kw)
        self._text = Text(text) if isinstance(text, str) else text
        self._rows: tuple[int, int] | None = None  # (width, lines) of the text at the last layout asked for

    def refit(self) -> None:
        """After a wrapped text is set: a new layout only when the text now takes
        another number of lines (its height follows them); the same number is a
        repaint of this line alone, not a re-arrange of the 512-row table beside it."""
        width = self.content_size.width
        rows = (width, self._lines_at(width)) if width else None
        if rows is None or rows != self._rows:
            self._rows = rows
            self.refresh(layout=True)

    def _lines_at(self, width: int) -> int:
        """How many lines the text takes at ``width``: a text whose every line fits takes one a line
        (wrap_spans breaks only a line that does not fit), without looking for the event's names in it."""
        wrapped = Wrapped(self._text, more=lambda: names_on_screens(self.app))
        return self._text.plain.count("\n") + 1 if wrapped.fits(width) else len(wrapped.lines(width))

    def set(self, text: str | Text) -> None:
        """Show ``text`` (a str is plain: "[G-BO3]" is a rule id, not markup)."""
        new = Text(text, no_wrap=True, overflow="ellipsis") if isinstance(text, str) else text
        if new != self._text:
            self._text = new
            self.refresh()

    @property
    def plain(self) -> str:
        return self._text.plain

    def render(self) -> Text | Wrapped:
        """A str set is one line cut with an ellipsis; a Text wraps by Japanese rules
        (core.columns.wrap_spans), never inside a player's name that fits a line."""
        if self._text.no_wrap:
            return self._text
        wrapped = Wrapped(self._text, more=lambda: names_on_screens(self.app))
        return (
            self._text if wrapped.fits(self.content_size.width) else wrapped
        )  # a Text that fits: Textual's own drawing


class SpillLine(Line):
    """A line whose text, when it does not fit, goes on in the Line ``spill`` below it while
    that one is displayed (the event bar at 80 columns: the round status beside the title
    and the clock, its rest on the bar's second line, cut there with an ellipsis); when
    ``spill`` is hidden the text wraps in this line itself.  It breaks at the bar's dots
    (`` · ``) before it breaks inside a part.  :attr:`plain` is the whole text."""

    def __init__(self, text: str = "", *, spill: str, **kw):
        super().__init__(text, **kw)
        self.spill = spill  # the id of the Line that takes the rest
        self._whole = text

    @property
    def plain(self) -> str:
        return self._whole

    def set(self, text: str | Text) -> None:
        self._whole = text.plain if isinstance(text, Text) else text
        self.split()

    def split(self) -> None:

        more = self.screen.query_one("#" + self.spill, Line)
        whole = self._whole
        if not more.display:
            super().set(Text(whole))
            more.set("")
            self.refit()  # its height follows the wrapped text
            return
        keep = (*names_on_screens(self.app), *list_parts(whole))
        spans = wrap_spans(whole, self.content_size.width, keep) if self.content_size.width else []
        cut = spans[0][1] if len(spans) > 1 else len(whole)
        head = whole[:cut]
        if cut < len(whole):  # the dot that parted the bar's items ends nothing: the rest goes on below
            head = head.rstrip().removesuffix("·").rstrip()
        super().set(head)
        more.set(whole[spans[1][0] :] if len(spans) > 1 else "")

    def on_resize(self) -> None:
        self.call_after_refresh(self.split)
