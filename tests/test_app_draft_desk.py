"""Issue 48 items 16-19, the store's draft event at the desk (80x24 in Japanese):
pool entry takes a pasted block whatever its line endings (G-DRAFT-1: packs x
booster size, entered from the table), the pod-reconciliation refusal is read
whole (G-DRAFT-1), a rule id never breaks across lines, the F11 menu keeps its
order in a draft event, and the desk's focus follows the build phase."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from textual import events

from core import i18n
from core.rules.decklists import default_catalog
from core.store import DataDir
from limited.packs import open_booster
from tests.app_helpers import on_screen, shown
from tui.app import LyceeApp
from tui.screens.pool_entry import EntryLine, PoolEntryScreen

ja = i18n._


@pytest.fixture
def japanese():
    yield
    i18n.set_language("en")


def drafted_pool(seed: int) -> Counter:
    cs = default_catalog().set("alpha")
    rng = random.Random(seed)
    return Counter(n for _ in range(4) for n in open_booster(cs, rng))


async def paste(pilot, app, text: str) -> None:
    app.screen.query_one(EntryLine).post_message(events.Paste(text))
    await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.parametrize("end", ["\r", "\n", "\r\n"], ids=["CR", "LF", "CRLF"])
async def test_g_draft_1_a_pasted_pool_is_added_whole_with_any_line_ending(tmp_path, japanese, end):
    """G-DRAFT-1: a 44-card pool pasted as tmux and xterm paste it (lines ended by CR alone)
    is added whole and leaves the box empty; it left 「1 CH-50031 CH-5003」 in the box and
    added nothing."""
    cs = default_catalog().set("alpha")
    pool = drafted_pool(200)
    block = end.join(f"{k} {num}" for num, k in sorted(pool.items())) + end
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PoolEntryScreen(cs, "draft", name="鈴木", packs=4))
        await pilot.pause()
        pe = app.screen
        await paste(pilot, app, block)
        assert pe.counts == pool
        assert pe.query_one("#pe-entry").value == ""
        assert on_screen(app, "44/44"), shown(app)


@pytest.mark.asyncio
async def test_g_draft_1_a_pasted_single_entry_goes_in_the_box_once(tmp_path, japanese):
    """G-DRAFT-1: one pasted entry lands in the box once, ready for Enter (it was put in twice:
    「5063 25063 2」)."""
    cs = default_catalog().set("alpha")
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PoolEntryScreen(cs, "draft", name="鈴木", packs=4))
        await pilot.pause()
        pe = app.screen
        await paste(pilot, app, "5063 2\r")
        assert pe.query_one("#pe-entry").value == "5063 2"
        await pilot.press("enter")
        await pilot.pause()
        assert pe.counts == Counter({"CH-5063": 2})
