"""Text wrapped by Japanese rules (禁則) for dialogs and message lines.

Textual wraps a Label at any character: a line may begin with 、 or 」 and a
player's name (佐々木 美加子) may break in the middle.  :class:`Wrapped` is a Rich
renderable that breaks lines with core.columns.wrap_spans at the width it is
given (at a space or between Japanese characters, never before closing
punctuation or a small kana, never after an opening bracket, never inside a
name of ``keep`` that fits a line); :class:`WrapLabel` is a Label drawn through
it, taking the names to keep whole from the screens open (:func:`names_on_screens`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.widgets import Label

from core.columns import list_parts as list_parts  # the screens keep a title's parts whole through it
from core.columns import width, wrap_spans


class Wrapped:
    """``text`` (plain, or a Text whose styles are kept) wrapped by :func:`core.columns.wrap_spans`."""

    def __init__(
        self,
        text: str | Text,
        keep: Iterable[str] = (),
        more: Callable[[], Iterable[str]] | None = None,
        max_lines: int | None = None,
    ):
        self.text = Text(text) if isinstance(text, str) else text
        self.keep = tuple(keep)
        self.more = more  # more names, asked when drawn (the players of the event open then)
        self.max_lines = max_lines  # past it the last line ends with an ellipsis

    @property
    def plain(self) -> str:
        return self.text.plain

    def __str__(self) -> str:
        return self.text.plain

    def lines(self, columns: int) -> list[Text]:
        keep = self.keep + tuple(self.more()) if self.more is not None else self.keep
        spans = wrap_spans(self.text.plain, columns, keep)
        lines = [self.text[a:b] for a, b in spans]
        if self.max_lines is not None and len(lines) > self.max_lines:
            last = self.text[spans[self.max_lines - 1][0] :]  # the rest, cut to the line with an ellipsis
            last.truncate(columns, overflow="ellipsis")
            lines = [*lines[: self.max_lines - 1], last]
        return lines

    def fits(self, columns: int) -> bool:
        """Whether every line of the text fits ``columns`` as it is (nothing to break)."""
        lines = self.text.plain.split("\n")
        return (
            columns > 0
            and (self.max_lines is None or len(lines) <= self.max_lines)
            and all(width(line) <= columns for line in lines)
        )

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.fits(options.max_width):
            yield self.text  # nothing to break: drawn as Rich draws it
            return
        out = Text("\n", style=self.text.style).join(self.lines(options.max_width))
        out.no_wrap, out.overflow = True, "crop"
        out.justify = self.text.justify
        yield out

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((width(line) for line in self.text.plain.split("\n")), default=0)
        return Measurement(min(2, widest), widest).clamp(max_width=options.max_width)


def names_on_screens(app) -> tuple[str, ...]:
    """The players' names of the screens open (a screen says them by ``names_kept_whole()``)."""
    names: list[str] = []
    for screen in getattr(app, "screen_stack", ()):
        said = getattr(screen, "names_kept_whole", None)
        if callable(said):
            names += said()
    return tuple(names)


class WrapLabel(Label):
    """A Label whose text (always plain, never markup) wraps by Japanese rules and never
    inside a player's name of the open event (or of ``keep``)."""

    def __init__(self, text: str | Text = "", *, keep: Iterable[str] = (), max_lines: int | None = None, **kw):
        kw.pop("markup", None)
        self._keep = tuple(keep)
        self.max_lines = max_lines
        self._raw: str | Text = text
        super().__init__(self._wrapped(text), markup=False, **kw)

    def _wrapped(self, text: str | Text) -> Wrapped:
        return Wrapped(text if isinstance(text, Text) else str(text), self._keep, self._names, self.max_lines)

    def _names(self) -> tuple[str, ...]:
        return names_on_screens(self.app) if self.is_attached else ()

    def update(self, content="", *, layout: bool = True, keep: Iterable[str] | None = None) -> None:
        """Show ``content`` (text only, plain: never another renderable); ``keep``
        (given) replaces the texts kept whole."""
        if keep is not None:
            self._keep = tuple(keep)
        self._raw = content if isinstance(content, (str, Text)) else str(content)
        super().update(self._wrapped(self._raw), layout=layout)

    def render(self) -> Wrapped:  # the renderable itself: its .plain is the text shown
        return self._wrapped(self._raw)

    @property
    def plain(self) -> str:
        """The text shown, unwrapped."""
        return self._raw.plain if isinstance(self._raw, Text) else str(self._raw)


def fit_name(name: str, width: int) -> Text:
    """``name`` in ``width`` cells: whole, or cut after its last whole word that
    fits (a name without spaces, as Japanese ones are, after its last whole
    character) and marked with an ellipsis."""
    if cell_len(name) <= width:
        return Text(name)
    cut = Text(name)
    cut.truncate(width - 1)
    head = cut.plain.rstrip()
    if " " in head and not name[len(head)].isspace():
        words = head.rsplit(" ", 1)[0].rstrip()
        if cell_len(words) >= width // 2:
            head = words
    return Text(head + "…")


def fit_cell(name: str, width: int) -> str:
    """A player's name in exactly ``width`` cells of a column: whole and padded, or cut by
    characters and marked with an ellipsis (「佐々木 太…」: not after the surname, which two
    players share as often as not)."""
    if cell_len(name) <= width:
        return set_cell_size(name, width)
    cut = Text(name)
    cut.truncate(max(0, width - 1))
    return set_cell_size(cut.plain.rstrip() + "…", width)


def fit_tail(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, its start given up for an ellipsis where it does not
    fit (a file's path: its name, at the end, is what tells it)."""
    if cell_len(text) <= width:
        return text
    cut = text
    while cut and cell_len(cut) > width - 1:
        cut = cut[1:]
    return "…" + cut
