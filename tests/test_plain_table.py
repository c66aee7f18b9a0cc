"""Issue 31: a cell updated in a PlainTable (the round tab's result after
``12 2-1`` Enter) repaints only its row, and the table then draws exactly what
a table built with the new values draws (a value no wider than its column)
and what DataTable's own update draws: the cell's new value, the zebra
stripes, the cursor row, the other rows (docs/app.md: still plain Text)."""

import asyncio

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import DataTable

from tui.widgets.plain import PlainTable

ROWS = [(str(t), f"player {2 * t}", f"player {2 * t + 1}", "missing") for t in range(1, 41)]


class Two(App):
    def compose(self) -> ComposeResult:
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="updated")
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="fresh")
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="stock")

    def fill(self, table: PlainTable, rows) -> None:
        table.clear(columns=True)
        for key, label in (("table", "Table"), ("p1", "Player 1"), ("p2", "Player 2"), ("result", "Result")):
            table.add_column(label, key=key)
        for row in rows:
            table.add_row(*row, key=row[0])


def _drawn(table: PlainTable) -> list[list[tuple[str, object]]]:
    """Every line of the table as (text, style) segments, the way the screen gets it."""
    return [[(s.text, s.style) for s in strip] for strip in table.render_lines(Region(0, 0, *table.size))]


def test_updated_cell_draws_as_a_fresh_table():
    async def go():
        app = Two()
        async with app.run_test(size=(80, 50)) as pilot:
            updated, fresh, stock = (app.query_one(f"#{n}", PlainTable) for n in ("updated", "fresh", "stock"))
            for t in (updated, fresh, stock):
                app.fill(t, ROWS)
                t.styles.height = 15
                t.move_cursor(row=3)
            app.set_focus(None)  # all drawn alike (the focused table's header is another colour)
            await pilot.pause()
            updated.refresh()  # every line drawn again once the table is settled: the drawings cached now are
            await pilot.pause()  # those an update must drop
            before = _drawn(updated)
            changed = {3: "○ 2-1", 4: "● 0-2", 8: "[b]2-0"}  # the cursor row, the row under it, markup-like text
            rows = [(*r[:3], changed.get(i, r[3])) for i, r in enumerate(ROWS)]
            for i, value in changed.items():
                updated.update_cell(str(i + 1), "result", value)
                DataTable.update_cell(stock, str(i + 1), "result", Text(value))  # the whole table drawn again
            app.fill(fresh, rows)
            fresh.move_cursor(row=3)  # a table filled again has its cursor back on the first row
            await pilot.pause()
            after = _drawn(updated)
            assert after == _drawn(fresh)
            assert after == _drawn(stock)
            assert after != before
            assert updated.get_cell("9", "result") == Text("[b]2-0")  # shown literally
            assert "[b]2-0" in "".join(text for text, _style in after[9])
            assert [line for i, line in enumerate(after) if i not in (4, 5, 9)] == [
                line for i, line in enumerate(before) if i not in (4, 5, 9)
            ]  # the header and the other rows as they were

    asyncio.run(go())


def test_update_cell_with_width_follows_the_cell():
    async def go():
        app = Two()
        async with app.run_test(size=(80, 50)) as pilot:
            updated, fresh = app.query_one("#updated", PlainTable), app.query_one("#fresh", PlainTable)
            for t in (updated, fresh):
                app.fill(t, ROWS)
                t.styles.height = 15
            app.set_focus(None)  # both drawn alike (the focused table's header is another colour)
            await pilot.pause()
            wide = "○ 2-1 ✓ and a long note"
            updated.update_cell("2", "result", wide, update_width=True)
            app.fill(fresh, [(*r[:3], wide if i == 1 else r[3]) for i, r in enumerate(ROWS)])
            await pilot.pause()
            assert _drawn(updated) == _drawn(fresh)

    asyncio.run(go())
