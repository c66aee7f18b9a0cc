"""Snapshots of the limited screens in English and Japanese (docs/architecture.md):
the pick screen, the draft table caller and the deck builder.  Sync tests;
every clock is fixed and every pool seeded, so the pictures repeat."""

import random

import pytest

from core import i18n
from core.store import DataDir
from limited.sealed import open_sealed
from tui.app import LyceeApp
from tui.screens.deckbuilder import DeckBuilderScreen
from tui.screens.draft import DraftScreen
from tui.screens.draft_table import TableScreen
from tui.screens.limited_kit import catalog

SIZE = (120, 40)


class FakeClock:
    def __init__(self, t: float = 1000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture(params=["en", "ja"])
def lang(request):
    yield request.param
    i18n.set_language("en")


def test_pick_screen(snap_compare, tmp_path, lang):
    """docs/app.md, G-DRAFT-1: snapshot of the pick screen."""
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    name = "Aki" if lang == "en" else "秋山 あき"

    async def run_before(pilot):
        screen = DraftScreen(catalog().set("alpha"), packs=4, seats=8, name=name, seed=3, clock=FakeClock())
        app.push_screen(screen)
        await pilot.pause()
        for _ in range(3):  # three picks in: a pool to show
            await pilot.press("enter")
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_table_view(snap_compare, tmp_path, lang):
    """docs/app.md, G-DRAFT-1: snapshot of the draft table."""
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    names = (
        ["Aki", "Ben", "Chika", "Dai", "Emi", "Fumi", "Gen", "Hana", "Ichi", "Jun"]
        if lang == "en"
        else ["秋山 あき", "佐藤 花子", "Ben", "髙橋 美咲子", "Dai", "江美", "Fumi", "源", "Hana", "一"]
    )
    clock = FakeClock()

    async def run_before(pilot):
        screen = TableScreen(names, set_code="alpha", packs=4, cards=11, seed=5, clock=clock)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("space")
        clock.t += 40  # pick 1 called, passed, pick 2 running
        screen.tick()
        clock.t += 12
        screen.tick()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_deck_builder(snap_compare, tmp_path, lang):
    """docs/app.md, G-DRAFT-4: snapshot of the deck builder."""
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    cs = catalog().set("alpha")
    pool = open_sealed(cs, "1s3b", random.Random(11)).cards

    async def run_before(pilot):
        app.push_screen(DeckBuilderScreen(cs, "sealed", pool, seed=11, name="alpha sealed 11"))
        await pilot.pause()
        await pilot.press("g", "tab", "minus", "down")  # the suggestion, one card out of the deck
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_deck_builder_at_80x24(snap_compare, tmp_path, lang):
    """docs/app.md, G-SEALED (issue 27): at 80x24 the builder shows one list at a time, whole: Tab from
    the pool (cost, attributes, stats, rarity) to the deck, whose rows show, with the count and the
    legality line under them."""
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    cs = catalog().set("alpha")
    pool = open_sealed(cs, "1s3b", random.Random(11)).cards

    async def run_before(pilot):
        app.push_screen(DeckBuilderScreen(cs, "sealed", pool, seed=11, name="alpha sealed 11"))
        await pilot.pause()
        await pilot.press("g", "tab", "minus", "down")  # the suggestion, the deck shown, one card out
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_deck_builder_pool_at_80x24(snap_compare, tmp_path, lang):
    """Issue 48 item 14, G-SEALED: at 80x24 the pool by rating in the strongest two attributes and 無,
    the card under the cursor with its text, the cost curve and the attributes with their EX beside
    the pool, Esc and F1 in the footer."""
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    cs = catalog().set("alpha")
    pool = open_sealed(cs, "1s3b", random.Random(11)).cards

    async def run_before(pilot):
        app.push_screen(DeckBuilderScreen(cs, "sealed", pool, seed=11, name="alpha sealed 11"))
        await pilot.pause()
        # the suggestion less four cards (the pool lists only cards with a copy left), the best pair, by rating
        await pilot.press("g", "tab", "minus", "minus", "down", "minus", "down", "minus", "tab", "p", "o", "down")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
