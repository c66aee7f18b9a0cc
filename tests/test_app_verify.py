"""The app's keys for issue 17, driven by Pilot: why a table is paired as it
is (Ctrl+E, core.reports.explain), the independent check (Ctrl+D, core.reports.verify), the plan
of the day (Ctrl+K, core.tournament.plan) and the projected finish in the event bar."""

import pytest
from rich.text import Text
from textual.widgets import DataTable, Static

from core.desk import Desk
from core.store import DataDir
from tui.app import LyceeApp
from tui.screens.event import EventScreen
from tui.screens.info import Info


def _info_text(app) -> str:
    assert isinstance(app.screen, Info)
    body = app.screen.query_one("#info-body", Static).render()
    return app.screen.title_text + "\n" + (body.plain if isinstance(body, Text) else str(body))


@pytest.mark.asyncio
async def test_why_check_and_plan_keys_on_the_event_screen(tmp_path):
    dd = DataDir(tmp_path)
    store = dd.create({"name": "Cup", "minutes": 50, "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["Ann", "Ben", "Cho", "Dai", "Emi"])
    desk.pair_next()
    eid = store.id
    store.close()
    app = LyceeApp(dd, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(EventScreen(eid))
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#round-status").plain.startswith("finish ~")
        await pilot.press("f3")
        table = screen.query_one("#pairing-table", DataTable)
        table.move_cursor(row=2)  # the bye, on the last table
        await pilot.press("ctrl+e")
        await pilot.pause()
        text = _info_text(app)
        assert "Round 1, table 3" in text and "lowest-ranked eligible player without a bye" in text
        await pilot.press("escape")
        await pilot.press("ctrl+d")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "verified: 5 players" in _info_text(app)
        await pilot.press("escape")
        await pilot.press("ctrl+k")
        await pilot.pause()
        text = _info_text(app)
        assert "projected finish" in text and "one round fewer" in text and "top 4" in text
        assert "top 8" not in text  # 5 players: a top 8 would cut nobody (G-SE)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EventScreen)


@pytest.mark.asyncio
async def test_an_event_with_no_players_promises_no_finish_time(tmp_path):
    """The event bar's projected finish (the plan of the day) waits for players
    to plan for: a tester saw 「終了予定 10:38」 on an event of 0 players."""
    dd = DataDir(tmp_path)
    store = dd.create({"name": "Cup", "minutes": 50, "sanctioned": False})
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen)
        assert "finish ~" not in screen.query_one("#round-status").plain
