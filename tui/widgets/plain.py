"""User text shown literally (docs/app.md: a name is never markup).

A player named ``[/]`` or ``[@click=app.quit]x[/]`` must show as typed.
Textual reads a ``str`` as markup in a DataTable cell, a Static, a Label, a
notification or an option prompt; these helpers turn text into
:class:`rich.text.Text`, which is never parsed.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey, RowKey


def plain(text, **kw) -> Text:
    """``text`` as Text shown literally (a Text is returned as it is)."""
    if isinstance(text, Text):
        return text
    return Text(str(text), **kw)


def _cell(value):
    return Text(value) if isinstance(value, str) else value


class PlainTable(DataTable):
    """A DataTable whose str cells, row labels and column labels are shown
    literally (a stock DataTable reads a str cell as Rich markup).

    With a row cursor, Home and End move the cursor to the first and last row
    (a stock table only scrolls sideways there, leaving the cursor where it
    was: the next Delete or Ctrl+O then acted on a player the clerk no longer
    saw highlighted)."""

    def action_scroll_home(self) -> None:
        if self.cursor_type == "row":
            self.action_scroll_top()
        else:
            super().action_scroll_home()

    def action_scroll_end(self) -> None:
        if self.cursor_type == "row":
            self.action_scroll_bottom()
        else:
            super().action_scroll_end()

    def add_row(self, *cells, height: int | None = 1, key: str | None = None, label=None):
        return super().add_row(
            *map(_cell, cells), height=height, key=key, label=_cell(label) if label is not None else None
        )

    def update_cell(self, row_key, column_key, value, *, update_width: bool = False) -> None:
        """A new value in one cell.  DataTable's own update counts as a change of the whole
        table (every cached drawing is keyed on its update count), so the next repaint draws
        every visible row again (a 512-row pairing table: 30 rows, each cell through Rich);
        here only that row's drawings are dropped and only that row repainted.  The stock
        path stays for a column whose width is to follow the cell, and for a row that is
        not one line high (its height may follow the new value)."""
        value = _cell(value)
        rk = RowKey(row_key) if isinstance(row_key, str) else row_key
        ck = ColumnKey(column_key) if isinstance(column_key, str) else column_key
        row = self.rows.get(rk)
        if update_width or row is None or row.height != 1 or ck not in self._column_locations:
            super().update_cell(rk, ck, value, update_width=update_width)
            return
        self._data[rk][ck] = value
        self._forget_cell(rk, ck)

    def _forget_cell(self, rk: RowKey, ck: ColumnKey) -> None:
        """Drop the cached drawings of one cell and of the row's line, and repaint that row."""
        index = self._row_locations.get(rk)
        if index is None:
            return
        self._row_renderable_cache.discard((self._update_count, index))
        _drop(self._cell_render_cache, lambda k: k[0] == rk and k[1] == ck)  # key: row, column, styles...
        _drop(self._row_render_cache, lambda k: k[0] == rk)  # key: row, line in it, styles...
        region = self._get_row_region(index)
        lines = range(region.y, region.bottom)
        _drop(self._line_cache, lambda k: k[0] in lines)  # key: y in the table, crop, styles...
        self.refresh_row(index)

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


def _drop(cache, which) -> None:
    """Drop the entries of a textual LRUCache whose key ``which`` picks (it has keys(), no iteration)."""
    for key in [k for k in cache.keys() if which(k)]:  # noqa: SIM118  # an LRUCache, not a dict
        cache.discard(key)
