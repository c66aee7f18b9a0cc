"""Issue 46 item 5 in the app (G-ID-1/2): `1 id` typed after the round clock
started asks which judge saw the table had not started; the answer stores
the draw with the judge's name, Escape stores nothing.  At 80x24 in Japanese."""

import pytest

from core import i18n
from core.store import DataDir
from tests.app_helpers import fits, new_event, on_screen, pair, type_text
from tui.app import LyceeApp
from tui.screens.event import EventScreen
from tui.screens.event.messages import EventChanged


@pytest.mark.asyncio
async def test_g_id_1_the_app_asks_which_judge_saw_the_table_not_started(tmp_path):
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot)
        screen = app.screen
        assert isinstance(screen, EventScreen)
        screen.open_desk.add_players(["Ann", "Ben", "Cho", "Dai"])
        screen.post_message(EventChanged())
        await pair(app, pilot)
        await pilot.press("ctrl+t")  # the round clock starts
        await pilot.pause()
        assert screen.event.current_round.clock is not None
        await pilot.press("f6")
        await type_text(pilot, "1 id")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, EventScreen)  # a question, not a refusal pointing to undo
        fits(app)
        assert on_screen(app, "G-ID-1") and "Ctrl+Z" not in str(app.screen.question)
        await pilot.press("escape")  # nothing stored
        await pilot.pause()
        assert screen.event.current_round.match_at(1).outcome is None
        await type_text(pilot, "1 id")
        await pilot.press("enter")
        await pilot.pause()
        await type_text(pilot, "Sato")
        await pilot.press("enter")
        await pilot.pause()
        m = screen.event.current_round.match_at(1)
        assert m.intentional and "Sato" in m.note
        assert i18n.language() == "ja"
