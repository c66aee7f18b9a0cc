"""User text shown literally (DESIGN section 7: a name is never markup).

A player named ``[/]`` or ``[@click=app.quit]x[/]`` must show as typed.
Textual reads a ``str`` as markup in a DataTable cell, a Static, a Label, a
notification or an option prompt; these helpers turn text into
:class:`rich.text.Text`, which is never parsed.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable


def plain(text, **kw) -> Text:
    """``text`` as Text shown literally (a Text is returned as it is)."""
    if isinstance(text, Text):
        return text
    return Text(str(text), **kw)


def _cell(value):
    return Text(value) if isinstance(value, str) else value


class PlainTable(DataTable):
    """A DataTable whose str cells, row labels and column labels are shown
    literally (a stock DataTable reads a str cell as Rich markup)."""

    def add_row(self, *cells, height: int | None = 1, key: str | None = None, label=None):
        return super().add_row(
            *map(_cell, cells), height=height, key=key, label=_cell(label) if label is not None else None
        )

    def update_cell(self, row_key, column_key, value, *, update_width: bool = False) -> None:
        super().update_cell(row_key, column_key, _cell(value), update_width=update_width)

    def add_column(self, label, *, width: int | None = None, key: str | None = None, default=None):
        return super().add_column(_cell(label), width=width, key=key, default=default)

    def _update_dimensions(self, new_rows) -> None:
        """Column widths are measured when the table is idle; rows drawn before
        that (a redraw while a dialog closes) were cached at the
        widths of the column labels alone and would stay cut (``p1`` for
        ``p10``): those drawings are dropped once the widths are known."""
        widths = [c.content_width for c in self.ordered_columns]
        super()._update_dimensions(new_rows)
        if widths != [c.content_width for c in self.ordered_columns]:
            self._clear_caches()
            self.refresh()
