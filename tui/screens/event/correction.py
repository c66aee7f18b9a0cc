"""The correction of an earlier round (Shift+F8, L-LATER): the line
``ROUND TABLE RESULT`` typed in a box, with the tables of the round typed
below it (each table, both players and the result recorded, as the round tab
shows the current round), so the clerk need not remember a past round's table
numbers.  Which round is shown is core's (core.readmodel.correction_round);
what the correction breaks is asked after, by the concern (results.py)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from core import readmodel
from core.event.model import Event
from core.i18n import _

from ...widgets.plain import PlainTable
from ...widgets.wrapped import WrapLabel, fit_cell
from ..dialogs import TCSS, Prompt
from .round import result_cell

#: Cells a name takes at most in the dialog's table (the result has the rest: :meth:`CorrectEarlier.result_room`).
NAME_CELLS = 18
#: The dialog's inner width (correction.tcss: 70 wide, 100 from 100 columns; a thick border and 2 of padding a side).
INNER = {"-narrow": 64, "-wide": 94}


class CorrectEarlier(Prompt):
    """``ROUND TABLE RESULT`` of an earlier round; below the box, the tables of
    the round typed (before a number: the round before the current one), the
    table typed under the cursor; ↑↓ move through them.  Enter returns the
    line, Esc nothing (Prompt)."""

    CSS_PATH: ClassVar = [TCSS, Path(__file__).with_name("correction.tcss")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # wide: the results' words whole
    BINDINGS = [
        *Prompt.BINDINGS,
        Binding("up", "move(-1)", "Previous table", id="correct.up", show=False),
        Binding("down", "move(1)", "Next table", id="correct.down", show=False),
        Binding("pageup", "move(-10)", "Previous tables", id="correct.pageup", show=False),
        Binding("pagedown", "move(10)", "Next tables", id="correct.pagedown", show=False),
    ]

    def __init__(self, event: Event):
        super().__init__(_("Correct an earlier round: ROUND TABLE RESULT (e.g. 1 3 0-2)"), "")
        self.event = event
        self._shown: int | None = 0  # the round whose tables are drawn (0: none yet)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield WrapLabel(self.question)
            yield Input(self.value)
            yield Label("", id="correct-round", classes="title", markup=False)
            table = PlainTable(cursor_type="row", zebra_stripes=True, id="correct-tables")
            table.can_focus = False  # typing stays in the box; ↑↓ move the cursor from there
            yield table

    def on_mount(self) -> None:
        self.show_round("")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show_round(event.value)

    def show_round(self, typed: str) -> None:
        """The tables of the round ``typed`` names (core.readmodel.correction_round), the table typed under the cursor."""
        ev = self.event
        number, table = readmodel.correction_round(ev, typed)
        heading = self.query_one("#correct-round", Label)
        tables = self.query_one("#correct-tables", PlainTable)
        if number is None:
            heading.update(Text(_("No such round: rounds 1 to {n}", n=len(ev.rounds))))
            tables.display = False
            self._shown = None
            return
        tables.display = True
        if number != self._shown:
            self._shown = number
            heading.update(Text(_("Round {r}: its tables and results (↑↓)", r=number)))
            self._draw(tables, number)
        rows = [m.table for m in ev.rounds[number - 1].matches]
        if table in rows:
            tables.move_cursor(row=rows.index(table))

    def _draw(self, tables: PlainTable, number: int) -> None:
        ev = self.event
        tables.clear(columns=True)
        tables.add_column(_("Table"), key="table")
        tables.add_column(_("Player 1"), key="p1")
        tables.add_column(_("Player 2"), key="p2")
        tables.add_column(_("Result"), key="result")
        matches = ev.rounds[number - 1].matches
        rows = [
            (str(m.table), name_cell(ev.player(m.p1).name), name_cell(ev.player(m.p2).name if m.p2 else _("(bye)")))
            for m in matches
        ]
        room = self.result_room(rows)
        for m, (table, p1, p2) in zip(matches, rows):
            tables.add_row(table, p1, p2, result_cell(m, room=room), key=table)

    def result_room(self, rows: list[tuple[str, str, str]]) -> int:
        """The cells the result column has: the dialog's width less the table number and the
        two names (each column with a cell of padding either side) and a scrollbar."""
        inner = INNER["-wide" if self.app.size.width >= 100 else "-narrow"]
        heads = (_("Table"), _("Player 1"), _("Player 2"))
        used = sum(max(cell_len(c) for c in [head, *(r[i] for r in rows)]) + 2 for i, head in enumerate(heads))
        return max(8, inner - used - 1 - 2)  # the result's left padding (its right may go), the scrollbar past 12 rows

    def action_move(self, by: int) -> None:
        tables = self.query_one("#correct-tables", PlainTable)
        if tables.display and tables.row_count:
            tables.move_cursor(row=max(0, min(tables.row_count - 1, tables.cursor_row + by)))


def name_cell(name: str) -> str:
    """A name whole, or cut with an ellipsis past :data:`NAME_CELLS`."""
    return fit_cell(name, min(cell_len(name), NAME_CELLS))
