"""Issue 48 (the tester's draft event, at 80x24 in Japanese): the deck builder
never offers a card the pool no longer has (a row whose last copy moved leaves
the pool's list and the cursor goes on to the next card), a deck's size is
said with its count's grammar, and saving under a name the library already
holds asks before it overwrites (overwrite, keep both, cancel).  G-SEALED:
the deck is built from the pool; G-DRAFT-4: a draft deck is 10 cards a pack."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from textual.widgets import OptionList

from core import i18n
from core.store import DataDir
from limited.sealed import open_sealed
from tests.app_helpers import on_screen, shown, until
from tui.app import LyceeApp
from tui.screens.deckbuilder import DeckBuilderScreen, Library
from tui.screens.dialogs import Choose
from tui.screens.limited_kit import catalog

ja = i18n._


@pytest.fixture
def japanese():
    yield
    i18n.set_language("en")


def cursor_card(b: DeckBuilderScreen, tid: str = "pool") -> str:
    t = b.query_one(f"#{tid}")
    return t.coordinate_to_cell_key((t.cursor_row, 0)).row_key.value


def pool_rows(b: DeckBuilderScreen) -> list[str]:
    t = b.query_one("#pool")
    return [t.coordinate_to_cell_key((r, 0)).row_key.value for r in range(t.row_count)]


def builder(kind="sealed", packs=None, pool=None) -> DeckBuilderScreen:
    cs = catalog().set("alpha")
    pool = pool if pool is not None else open_sealed(cs, "1s3b", random.Random(11)).cards
    return DeckBuilderScreen(cs, kind, pool, packs=packs, seed=11, name="alpha sealed 11")


@pytest.mark.asyncio
async def test_g_sealed_a_card_whose_copies_all_moved_leaves_the_pool_list_at_80x24(tmp_path, japanese):
    """Enter moved the last copy and the cursor stayed on the empty row; Enter again said
    「プールに CH-6044 は残っていません」.  Now the row goes and the cursor is on the next card."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    b = builder()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        single = next(n for n in pool_rows(b) if b.left(n) == 1)
        at = pool_rows(b).index(single)
        b.query_one("#pool").move_cursor(row=at)
        await pilot.pause()
        after = pool_rows(b)[at + 1]
        await pilot.press("enter")
        await pilot.pause()
        assert b.deck[single] == 1
        assert single not in pool_rows(b), "a card with no copy left is still offered"
        assert cursor_card(b) == after
        await pilot.press("enter")  # the next card, not a refusal
        await pilot.pause()
        assert b.deck[after] == 1
        message = shown(app, b.query_one("#message"))
        assert "残っていません" not in message, message
        # every copy of a card with several: the row stays until the last one moves
        many = next(n for n in pool_rows(b) if b.left(n) >= 2)
        b.query_one("#pool").move_cursor(row=pool_rows(b).index(many))
        await pilot.pause()
        for _i in range(b.left(many)):
            assert cursor_card(b) == many
            await pilot.press("enter")
            await pilot.pause()
        assert many not in pool_rows(b) and all(b.left(n) > 0 for n in pool_rows(b))
        # Tab to the deck and back (narrow: one list at a time); back to the pool it returns
        await pilot.press("tab")
        await pilot.pause()
        b.query_one("#deck").move_cursor(row=b.state.rows("deck").index(single))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert single in pool_rows(b) and all(b.left(n) > 0 for n in pool_rows(b))
        assert b.left(cursor_card(b)) > 0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_g_draft_4_a_deck_of_one_card_is_said_in_the_singular(lang, japanese):
    i18n.set_language(lang)
    b = builder("draft", packs=4)
    b.state.add(next(iter(b.pool)), "deck")
    said = [p.message for p in b.check() if p.rule == "G-DRAFT-4"]
    if lang == "en":
        assert any("deck has 1 card;" in m for m in said), said
        assert not any("1 cards" in m for m in said), said
    else:
        assert any("デッキが1枚です" in m for m in said), said


@pytest.mark.asyncio
async def test_design7_saving_under_a_taken_name_asks_at_80x24(tmp_path, japanese):
    """Ctrl+S under the name of another saved deck overwrote it without a word."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    b = builder()
    lib = Library(tmp_path)
    other = builder().state
    other.name = "本番用"
    other.add(next(iter(other.pool)), "deck")
    lib.save(other.to_doc("2026-12-06T08:00:00+00:00"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()

        async def save_as(name: str, new_name: str) -> None:
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.screen is not b, "the name prompt")
            inp = app.screen.query_one("Input")
            inp.value = name
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, Choose), "the question")
            said = ja(
                "The library has a deck named {name} already. Keep both saves this one as {new_name}.",
                name=name,
                new_name=new_name,
            )
            assert on_screen(app, said), shown(app)
            labels = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
            assert all(any(label in line for line in shown(app).splitlines()) for label in labels)  # one row each

        def saved() -> dict[str, int]:
            return {d["name"]: sum(d.get("deck", {}).values()) for d in lib.decks()}

        await save_as("本番用", "本番用 (2)")
        await pilot.press("escape")  # cancel: nothing changes
        await until(pilot, lambda: app.screen is b, "the builder")
        assert saved() == {"本番用": 1}
        await save_as("本番用", "本番用 (2)")
        await pilot.press("down", "enter")  # keep both
        await until(pilot, lambda: app.screen is b, "the builder")
        assert saved() == {"本番用": 1, "本番用 (2)": 0}
        await save_as("本番用", "本番用 (3)")
        await pilot.press("enter")  # overwrite
        await until(pilot, lambda: app.screen is b, "the builder")
        assert saved() == {"本番用": 0, "本番用 (2)": 0}
        await pilot.press("ctrl+s")  # its own name again: no question
        await until(pilot, lambda: app.screen is not b, "the name prompt")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is b, "saved")
        assert Counter(d["name"] for d in lib.decks()) == Counter({"本番用": 1, "本番用 (2)": 1})
