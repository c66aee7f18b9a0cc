"""What a store sees cut at 80x24 (issue 27 item 5, issue 29 item 11), driven
as an organizer would, in Japanese and English (DESIGN section 7: the screens
fit a 80x24 terminal)."""

import pytest
from rich.cells import cell_len

from core.store import DataDir
from tui.app import LyceeApp

LONG = "Saturday Constructed Championship Qualifier"


def _events(tmp_path):
    dd = DataDir(tmp_path)
    for name, kind in ((LONG, "constructed"), ("リセ 土曜 定例 大会 ブースタードラフト", "draft"),
                       ("シールド戦 12月", "sealed")):
        dd.create({"name": name, "date": "2026-12-05", "kind": kind, "rounds_planned": 3}).close()
    return dd


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_design7_event_list_fits_80_columns(tmp_path, lang):
    # DESIGN 7: every column of the event list whole at 80x24, the name takes the rest
    from textual.widgets import DataTable

    app = LyceeApp(_events(tmp_path), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = app.screen.query_one(DataTable)
        assert t.virtual_size.width <= t.size.width  # nothing off the right edge
        labels = [str(c.label) for c in t.ordered_columns]
        assert labels == ({"ja": ["日付", "ID", "名前", "形式", "試合形式", "人数", "回戦数"],
                           "en": ["Date", "ID", "Name", "Format", "Match", "Entries", "Rounds"]}[lang])
        for col in t.ordered_columns:
            assert col.width >= cell_len(str(col.label))
            if str(col.label) not in ("名前", "Name"):  # every cell but the name is whole
                assert all(cell_len(str(t.get_cell(r, col.key))) <= col.width for r in t.rows)
        kinds = {str(t.get_row_at(i)[3]) for i in range(t.row_count)}
        assert kinds == ({"構築", "シールド", "ドラフト"} if lang == "ja" else {"Constructed", "Sealed", "Draft"})
        names = [str(t.get_row_at(i)[2]) for i in range(t.row_count)]
        long = next(n for n in names if n.startswith("Saturday"))
        # cut after a whole word, with an ellipsis; at 120 columns the whole name
        assert long.endswith("…") and LONG.startswith(long[:-1].rstrip()) and LONG[len(long) - 1] == " "
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        t = app.screen.query_one(DataTable)
        assert LONG in {str(t.get_row_at(i)[2]) for i in range(t.row_count)}
