"""Issue 48 (the tester's draft event, 80x24 in Japanese, 120x40 in English): the
F11 menu's 「ボットでドラフトを行う」 before the phase is open opens it there and the
bots draft right after (it sent the clerk to the shell); the open prompt, the
build tab's summary and the pick review's columns say what they mean; the
menus keep each item on one row; the builder's and the search's Japanese
lines break between phrases, never before 「。」 nor inside a player's name.
G-DRAFT-1 (pods seated before the draft), G-DRAFT-2 (4 to 6 packs per player)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from core import i18n
from core.desk import Desk
from core.store import DataDir
from limited.draft import Pick
from limited.view import draft_pods, simulate_draft
from tests.app_helpers import fits, on_screen, shown, until
from tui.app import LyceeApp
from tui.screens.deckbuilder import DeckBuilderScreen
from tui.screens.dialogs import Choose, Prompt
from tui.screens.draft_review import PackReview
from tui.screens.event_limited import open_hint
from tui.screens.limited_kit import catalog
from tui.screens.practice import PracticeScreen

ja = i18n._
NAMES = ["田中 真綾", "佐藤 花子", "山田 太郎", "加藤 陸", "高橋 健太", "鈴木 一郎"]


@pytest.fixture
def japanese():
    yield
    i18n.set_language("en")


def draft_event(tmp_path) -> tuple[DataDir, str]:
    dd = DataDir(tmp_path)
    store = dd.create({"name": "練習ドラフト", "kind": "draft", "match": "bo3", "minutes": 50, "sanctioned": False})
    Desk(store).add_players(NAMES)
    eid = store.id
    store.close()
    return dd, eid


def one_row_each(app, labels: list[str]) -> None:
    text = shown(app)
    for label in labels:
        assert any(label in line for line in text.splitlines()), (label, text)


@pytest.mark.asyncio
async def test_g_draft_1_bots_before_the_phase_is_open_open_it_there_at_80x24(tmp_path, japanese):
    dd, eid = draft_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "EventScreen", "the event")
        event_screen = app.screen
        await pilot.press("f11")
        await until(pilot, lambda: isinstance(app.screen, Choose), "the F11 menu")
        labels = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        one_row_each(app, labels)  # item 4: no item wraps onto a second row
        assert ja("Simulate the draft with bots (practice events)") in labels
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.screen, Prompt), "the open prompt, not the shell")
        assert on_screen(
            app, ja("The draft is not seated yet: open the build phase here, and the bots draft right after.")
        )
        assert app.screen.query_one("Vertical").max_scroll_y == 0
        for line in shown(app).splitlines():
            assert not line.strip(" █").startswith("。"), line
        await pilot.press(*"alpha 4", "enter")
        await until(pilot, lambda: app.screen is event_screen, "back on the event")
        ev = event_screen.event
        assert ev.pods and len(ev.pools) == len(NAMES), "the bots drafted every pool"
        assert on_screen(app, ja("draft simulated: pools recorded"))
        # the build tab says pods plainly: one pod of six players (it read 「ポッド 6」)
        assert on_screen(app, "1ポッド（6人）"), shown(app)


def test_g_draft_2_the_open_prompt_reads_per_booster_and_per_player():
    text = open_hint("draft")
    assert "cards per booster" in text and "4 to 6 per player" in text and "alpha 4 real." in text, text
    assert "a booster" not in text and "a player" not in text


@pytest.mark.asyncio
async def test_g_draft_2_the_build_summary_counts_pods_in_english_at_120x40(tmp_path):
    dd, eid = draft_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "EventScreen", "the event")
        await pilot.press("f11")
        await until(pilot, lambda: isinstance(app.screen, Choose), "the F11 menu")
        await pilot.press("enter")  # open the build phase
        await until(pilot, lambda: isinstance(app.screen, Prompt), "the open prompt")
        await pilot.press(*"alpha 4 pod=4", "enter")
        await until(pilot, lambda: on_screen(app, "alpha, 4 packs per player, 2 pods: 3 players + 3 players"), "pods")


@pytest.mark.asyncio
async def test_design7_the_event_builder_s_japanese_breaks_between_phrases_at_80x24(tmp_path, japanese):
    dd, eid = draft_event(tmp_path)
    store = dd.open(eid)
    desk = Desk(store)
    draft_pods(desk, "alpha", 4, 7)
    simulate_draft(desk)
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "EventScreen", "the event")
        app.screen.action_tab("build")
        await pilot.pause()
        await pilot.press("enter")  # the first player's pool
        await until(pilot, lambda: isinstance(app.screen, DeckBuilderScreen), "the builder")
        lines = [ln.strip() for ln in shown(app, app.screen.query_one("#message")).splitlines()]
        assert not any(ln.startswith("。") for ln in lines), lines
        assert any("「田中 真綾」に登録します" in ln for ln in lines), lines  # the name whole, on one line
        assert any("t/a/p/c/rで絞り込み" in ln for ln in lines), lines
        await pilot.press("slash")
        await until(pilot, lambda: isinstance(app.screen, Prompt), "the search")
        assert any("全部を表示します" in ln for ln in shown(app).splitlines()), shown(app)
        fits(app)


@pytest.mark.asyncio
async def test_design7_the_practice_menu_keeps_each_item_on_one_row_at_80x24(tmp_path, japanese):
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PracticeScreen), "the practice menu")
        labels = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        one_row_each(app, labels)


@pytest.mark.asyncio
async def test_g_draft_2_the_pack_review_names_its_columns(tmp_path, japanese):
    """The column of how many cards were left in the pack at the pick read "of" (80x24 in English,
    120x40 in Japanese: at 80 columns the Japanese table ends at the cost)."""
    cs = catalog().set("alpha")
    offered = tuple(sorted(c.number for c in cs.cards)[:11])
    picks = [Pick(1, 1, 0, offered, offered[0])]
    for lang, word, size in (("en", "Left", (80, 24)), ("ja", "残り", (120, 40))):
        app = LyceeApp(DataDir(tmp_path), lang=lang)
        async with app.run_test(size=size) as pilot:
            app.push_screen(PackReview(cs, 1, 4, picks, [offered[0]], None, tmp_path / "log.json", False))
            await pilot.pause()
            head, row = shown(app, app.screen.query_one("DataTable")).splitlines()[:2]
            assert word in head and " of " not in f" {head} ", head
            assert "11" in row.split() and cs.card(offered[0]).name in row, row
