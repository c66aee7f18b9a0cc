"""Loading a saved deck in the deck builders (issue 48, the tester's findings after items 13-19),
in Japanese at 80x24 as a player goes: after a practice draft `l` loaded a deck and the app
stopped (「予期しないエラーでアプリが停止しました」, PracticeBuilder built without its log); in an
event player's builder `l` put another set's practice deck in a beta player's builder without a
word.  G-DRAFT-4 (40 cards from the drafted pool), G-SEALED (40 from the sealed pool)."""

from __future__ import annotations

import json

import pytest

from core import i18n
from core.store import DataDir
from tests.app_helpers import fits, on_screen, shown, type_text
from tests.test_app_limited import FakeClock, open_practice
from tui.app import LyceeApp
from tui.screens.deck_library import LibraryDialog
from tui.screens.deckbuilder import DeckBuilderScreen, Library
from tui.screens.dialogs import Confirm
from tui.screens.draft import DraftScreen, PackReview, PracticeBuilder
from tui.screens.limited_kit import DraftSetup

ja = i18n._


@pytest.fixture
def japanese():
    yield
    i18n.set_language("en")


async def draft_by_keys(app, pilot, seed: str) -> DraftScreen:
    """p, d, Tab x4, the seed, Ctrl+S: a practice draft against bots, as the tester started it."""
    await open_practice(pilot, app, FakeClock())
    await pilot.press("d")
    await pilot.pause()
    assert isinstance(app.screen, DraftSetup)
    await pilot.press("tab", "tab", "tab", "tab")
    await type_text(pilot, seed)
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, DraftScreen)
    return app.screen


async def pick_to_the_builder(app, pilot) -> PracticeBuilder:
    """`a` (the bot's pick) through the draft, Enter after each pack, Enter to build."""
    for _ in range(200):
        screen = app.screen
        if isinstance(screen, PackReview):
            await pilot.press("enter")
        elif isinstance(screen, DraftScreen):
            await pilot.press("a")
        else:
            break
        await pilot.pause()
    assert isinstance(app.screen, PracticeBuilder)
    return app.screen


@pytest.mark.asyncio
async def test_g_draft_4_a_deck_loads_in_the_builder_after_a_practice_draft_at_80x24(tmp_path, japanese):
    """The tester's way: draft (seed 111), the bot's deck (g), Ctrl+S, Enter; a change, then `l`,
    `y` and Enter on the deck: it loads (the app stopped with a TypeError); saved again it is
    still the draft's deck in the draft's log (lycee-draft/1 pools[].deck)."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        draft = await draft_by_keys(app, pilot, "111")
        builder = await pick_to_the_builder(app, pilot)
        await pilot.press("g", "ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the proposed name
        await pilot.pause()
        saved = Library(tmp_path).decks()
        assert [d["name"] for d in saved] == ["alpha ドラフト シード111"]
        await pilot.press("m")  # best of one: a change not saved
        await pilot.pause()
        assert builder.dirty
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, LibraryDialog)
        await pilot.press("enter")
        await pilot.pause()
        loaded = app.screen
        assert isinstance(loaded, DeckBuilderScreen) and loaded is not builder, shown(app)
        assert dict(loaded.deck) == saved[0]["deck"] and loaded.match == "bo3"
        assert isinstance(loaded, PracticeBuilder) and loaded.draft_log is builder.draft_log is not None
        assert on_screen(app, "alpha ドラフト シード111", loaded.query_one("#builder-title"))
        fits(app)
        # the draft's own deck: saving it again still writes the draft's log
        await pilot.press("minus")  # one card out of the deck...
        await pilot.press("plus")  # ...and back: unsaved, legal
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert on_screen(app, "ライブラリ")
    log = json.loads((tmp_path / "drafts" / "draft-alpha-111.json").read_text(encoding="utf-8"))
    assert log["pools"][draft.me]["deck"] == saved[0]["deck"]


@pytest.mark.asyncio
async def test_g_draft_4_another_pool_s_deck_loads_without_the_draft_s_log_at_80x24(tmp_path, japanese):
    """After a draft, `l` on another draft's deck (seed 222) loads it too, and saving it leaves the
    first draft's log alone: the log holds only decks of its own pool."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        other = await draft_by_keys(app, pilot, "222")
        await pick_to_the_builder(app, pilot)
        await pilot.press("g", "ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")  # back to the practice menu (saved: nothing asked)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        draft = await draft_by_keys(app, pilot, "111")
        await pick_to_the_builder(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LibraryDialog)
        await pilot.press("enter")  # the only deck: seed 222's
        await pilot.pause()
        loaded = app.screen
        assert isinstance(loaded, DeckBuilderScreen) and loaded.state.seed == 222, shown(app)
        assert getattr(loaded, "draft_log", None) is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    mine = json.loads((tmp_path / "drafts" / "draft-alpha-111.json").read_text(encoding="utf-8"))
    assert mine["pools"][draft.me]["deck"] is None
    theirs = json.loads((tmp_path / "drafts" / "draft-alpha-222.json").read_text(encoding="utf-8"))
    assert sum(theirs["pools"][other.me]["deck"].values()) == 40
