"""Text that changes often in a box of fixed size: redrawing it never asks
the screen for a new layout (a Label's update does, which costs a full
re-arrange of a 512-row table beside it)."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from .wrapped import Wrapped, names_on_screens


class Line(Widget):
    DEFAULT_CSS = """
    Line { height: 1; width: 1fr; }
    """

    def __init__(self, text: str | Text = "", **kw):
        super().__init__(**kw)
        self._text = Text(text) if isinstance(text, str) else text

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
        return self._text if wrapped.fits(self.content_size.width) else wrapped  # a Text that fits: Textual's own drawing
