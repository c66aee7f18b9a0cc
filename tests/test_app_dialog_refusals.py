"""A one-line dialog that takes Enter stores or refuses aloud and never loses what was typed (README,
the desk's keys; issue 48, seen after the draft table's seconds were mended): the time extension
(Ctrl+G, G-BO3-TIME), the demo players' count (Ctrl+F) and the round of an export (F9) said their
refusal on the message line after the dialog had closed with the text; now the dialog says it and
keeps the text, and a good line goes through.  Pilot at 80x24 in Japanese."""

from __future__ import annotations

import pytest

from core import i18n
from tests.app_helpers import on_screen, shown, type_text
from tests.test_app_desk_keys import event, opened
from tui.app import LyceeApp
from tui.screens.dialogs import Prompt


async def _typed(pilot, app, text: str) -> None:
    """The dialog's box emptied, ``text`` typed, Enter."""
    app.screen.query_one("Input").value = ""
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def _refused(pilot, app, text: str, why: str) -> None:
    await _typed(pilot, app, text)
    dialog = app.screen
    assert isinstance(dialog, Prompt), f"{text!r}: the refusal closed the dialog"
    assert dialog.query_one("Input").value == text
    assert on_screen(app, why, dialog.query_one("#prompt-error")), shown(app)


@pytest.mark.asyncio
async def test_g_bo3_time_a_time_extension_typed_wrong_stays_in_its_dialog_at_80x24(tmp_path):
    dd, eid = event(tmp_path)
    app = LyceeApp(dd, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = await opened(app, pilot)
        await pilot.press("ctrl+g")
        await pilot.pause()
        why = i18n._("write the table and the minutes, e.g. 7 5")
        for wrong in ("7", "7 五", "1 5 3"):
            await _refused(pilot, app, wrong, why)
        assert not any(m.extension for m in screen.event.current_round.matches)  # nothing stored while refused
        await _typed(pilot, app, "1 5")
        assert app.screen is screen
        assert screen.event.current_round.match_at(1).extension == 5
    i18n.set_language("en")


@pytest.mark.asyncio
async def test_the_demo_players_count_typed_wrong_stays_in_its_dialog_at_80x24(tmp_path):
    dd, eid = event(tmp_path)
    app = LyceeApp(dd, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = await opened(app, pilot)
        before = len(screen.event.players)
        await pilot.press("ctrl+f")
        await pilot.pause()
        why = i18n._("write how many players, e.g. 16")
        for wrong in ("0", "abc", "5000"):
            await _refused(pilot, app, wrong, why)
        assert len(screen.event.players) == before
        await _typed(pilot, app, "2")
        assert app.screen is screen and len(screen.event.players) == before + 2
    i18n.set_language("en")
