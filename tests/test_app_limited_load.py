"""Loading a saved deck in the deck builders (issue 48, the tester's findings after items 13-19),
in Japanese at 80x24 as a player goes: after a practice draft `l` loaded a deck and the app
stopped (「予期しないエラーでアプリが停止しました」, PracticeBuilder built without its log); in an
event player's builder `l` put another set's practice deck in a beta player's builder without a
word.  G-DRAFT-4 (40 cards from the drafted pool), G-SEALED (40 from the sealed pool)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from core import i18n
from core.desk import Desk
from core.store import DataDir
from limited.event import open_sealed_pools, player_deck_state
from limited.sealed import open_sealed
from limited.view import DeckState
from tests.app_helpers import fits, on_screen, shown, type_text, until
from tests.test_app_limited import FakeClock, open_practice
from tui.app import LyceeApp
from tui.screens.deck_library import LibraryDialog
from tui.screens.deckbuilder import DeckBuilderScreen, Library
from tui.screens.dialogs import Confirm
from tui.screens.draft import DraftScreen, PackReview, PracticeBuilder
from tui.screens.limited_kit import DraftSetup, catalog

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


def beta_event(tmp_path) -> tuple[DataDir, str, DeckState]:
    """A beta sealed event of four players (pools opened); the library holds another set's practice
    deck (alpha) and a deck of the first player's pool (the bot's build of it).  Returns the data
    folder, the event's id and the first player's saved deck."""
    dd = DataDir(tmp_path)
    store = dd.create({"name": "シールド杯", "kind": "sealed", "match": "bo3", "minutes": 50, "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["高橋健太", "加藤陸", "佐藤花子", "山田太郎"])
    open_sealed_pools(desk, "beta", "2s", seed=7)
    mine = player_deck_state(desk, desk.event.players[0].id)
    mine.suggest()
    mine.name = "高橋の練習"
    lib = Library(tmp_path)
    lib.save(mine.to_doc("2026-12-06T09:00:00+00:00"))
    alpha = DeckState(
        catalog().set("alpha"), "sealed", Counter(open_sealed(catalog().set("alpha"), "1s3b", random.Random(2)).cards)
    )
    alpha.suggest()
    alpha.name = "alpha ドラフト シード222"
    lib.save(alpha.to_doc("2026-12-06T10:00:00+00:00"))  # the newest: first in the library
    eid = store.id
    store.close()
    return dd, eid, mine


async def open_pool(app, pilot, row: int = 0) -> DeckBuilderScreen:
    """F11 (the build menu, on the build tab), Esc, then Enter on the player of ``row``: their pool."""
    await until(pilot, lambda: type(app.screen).__name__ == "EventScreen", "the event")
    await pilot.press("f11")
    await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()
    for _step in range(row):
        await pilot.press("down")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, DeckBuilderScreen), "the builder")
    return app.screen


@pytest.mark.asyncio
async def test_g_sealed_l_in_a_player_s_builder_offers_only_decks_of_their_pool_and_asks_at_80x24(tmp_path, japanese):
    """`l` in 高橋健太's builder (beta) listed and loaded the alpha practice deck at once: now the
    library shows only the decks his pool can build, and replacing the cards there is asked first;
    nothing is registered until Ctrl+R (G-SEALED: the deck is built from the player's own pool)."""
    dd, eid, mine = beta_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        b = await open_pool(app, pilot)
        assert b.player_name == "高橋健太" and not b.deck
        await pilot.press("enter", "enter", "enter")  # three cards of the pool into the deck
        await pilot.pause()
        three = dict(b.deck)
        await pilot.press("l")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LibraryDialog)
        assert [d["name"] for d in dialog.docs] == ["高橋の練習"]
        assert on_screen(app, "高橋の練習") and not on_screen(app, "alpha ドラフト シード222")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        question = ja(
            "Replace the deck in the builder ({n} cards, {s} spare cards) with the saved deck {deck}? "
            "Nothing is registered to {name} until Ctrl+R.",
            n=3,
            s=0,
            deck="高橋の練習",
            name="高橋健太",
        )
        assert on_screen(app, question), shown(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is b and dict(b.deck) == three
        assert on_screen(app, ja("not loaded: the deck in the builder is kept as it was"), b.query_one("#message"))
        await pilot.press("l", "enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is b and b.register is not None  # still the player's builder: Ctrl+R registers
        assert b.deck == mine.deck and b.spare == mine.spare and b.problems == []
        said = ja("loaded {deck} into the builder of {name}: Ctrl+R registers it", deck="高橋の練習", name="高橋健太")
        assert on_screen(app, said, b.query_one("#message"))
        fits(app)


@pytest.mark.asyncio
async def test_g_sealed_l_refuses_aloud_when_no_saved_deck_fits_the_player_s_pool_at_80x24(tmp_path, japanese):
    """In 加藤陸's builder neither saved deck is of his pool: `l` says so and changes nothing."""
    dd, eid, _mine = beta_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        b = await open_pool(app, pilot, row=1)
        assert b.player_name == "加藤陸"
        await pilot.press("l")
        await pilot.pause()
        assert app.screen is b and not b.deck
        said = ja(
            "the library has no deck that the pool of {name} can build (set {set}): "
            "l loads only decks of this pool's cards",
            name="加藤陸",
            set="beta",
        )
        assert on_screen(app, said, b.query_one("#message")), shown(app, b.query_one("#message"))


def test_g_sealed_every_builder_opens_a_saved_deck():
    """Each deck builder (the practice draft's, and any other kind) opens a deck saved in the
    library with what the library keeps: none needs an argument the library does not hold (the
    practice builder's draft log stopped the app)."""
    import tui.screens.draft  # noqa: F401  (PracticeBuilder, a kind of builder)

    def kinds(cls):
        return [cls, *(k for sub in cls.__subclasses__() for k in kinds(sub))]

    cs = catalog().set("alpha")
    state = DeckState(cs, "sealed", Counter(open_sealed(cs, "1s3b", random.Random(4)).cards), seed=4)
    state.suggest()
    doc = state.to_doc("2026-12-06T09:00:00+00:00")
    builders = kinds(DeckBuilderScreen)
    assert PracticeBuilder in builders
    for cls in builders:
        screen = cls.from_doc(doc)
        assert isinstance(screen, cls) and screen.deck == state.deck and screen.spare == state.spare
