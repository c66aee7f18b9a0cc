"""Issue 48 (check-in, G-LATE-1): in the Ctrl+L tick list a ticked and an
unticked row read differently without colour (in a plain terminal every row
showed 「▐X▌」, ticked or not: only the colour told them apart)."""

from __future__ import annotations

import pytest

from core import i18n
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import shown, until
from tui.app import LyceeApp
from tui.screens.checkin import CheckinDialog


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.asyncio
async def test_g_late_1_ticked_and_unticked_rows_differ_in_their_characters_at_80x24(tmp_path):
    dd = DataDir(tmp_path)
    store = dd.create({"name": "土曜大会", "kind": "constructed", "match": "bo3", "minutes": 50, "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["高橋健太", "加藤陸", "佐藤花子", "山田太郎"])
    desk.pair_next(seed=1)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "EventScreen", "the event")
        await pilot.press("ctrl+l")
        await until(pilot, lambda: isinstance(app.screen, CheckinDialog), "the check-in dialog")
        await pilot.press("tab", "space")  # the first row ticked, the others not
        await pilot.pause()
        lst = app.screen.query_one("#checkin-list")
        assert len(lst.selected) == 1
        rows = [line.strip() for line in shown(app, lst).splitlines() if "卓" in line]
        assert len(rows) == 4, rows
        ticked, unticked = rows[0], rows[1:]
        boxes = {row.split()[0] for row in unticked}
        assert len(boxes) == 1 and ticked.split()[0] not in boxes, rows  # the box itself says which
        assert ticked.startswith("[X]") and all(row.startswith("[ ]") for row in unticked), rows
