"""Issue 48 item 14: the deck builder shows what a player builds a sealed deck
from, at 80x24 in Japanese: the card under the cursor with its text and
rating, the ratings in the pool and a sort by them, the deck's EX by
attribute (EX pays costs), a two-attribute + 無 filter, the cost curve and
the attribute panel beside the pool, Esc and F1 in the footer, and `l`
asking before it throws an unsaved deck away (as Esc does).  G-SEALED: 40
cards from the pool."""

from __future__ import annotations

import random

import pytest

from core import i18n
from core.desk import Desk
from core.store import DataDir
from limited.event import open_sealed_pools
from limited.sealed import open_sealed
from tests.app_helpers import fits, on_screen, shown, until
from tui.app import LyceeApp
from tui.screens.deck_library import LibraryDialog
from tui.screens.deckbuilder import DeckBuilderScreen, Library
from tui.screens.dialogs import Confirm
from tui.screens.limited_kit import catalog

ja = i18n._


@pytest.fixture
def japanese():
    yield
    i18n.set_language("en")


def under_cursor(b: DeckBuilderScreen) -> str:
    return b.state.pool_rows()[b.query_one("#pool").cursor_row]


async def _builder(tmp_path, lang="ja"):
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    cs = catalog().set("alpha")
    pool = open_sealed(cs, "1s3b", random.Random(11)).cards
    screen = DeckBuilderScreen(cs, "sealed", pool, seed=11, name="alpha sealed 11")
    return app, screen


@pytest.mark.asyncio
async def test_g_sealed_the_card_under_the_cursor_shows_its_text_and_rating_at_80x24(tmp_path, japanese):
    app, b = await _builder(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        card_box = b.query_one("#card")
        for _step in range(3):
            num = under_cursor(b)
            card = b.card(num)
            assert card.text and on_screen(app, card.text, card_box), shown(app, card_box)
            assert on_screen(app, f"{num} {card.name}", card_box)
            assert on_screen(app, ja("rating {n}", n=card.rating), card_box)
            await pilot.press("down")
            await pilot.pause()
            while not b.card(under_cursor(b)).text:
                await pilot.press("down")
                await pilot.pause()
        fits(app)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_g_sealed_the_pool_shows_ratings_and_sorts_by_them_at_80x24(tmp_path, japanese, lang):
    """The rating column is whole at 80 columns in both languages (in English 「Rating」 pushed it
    out of sight behind a horizontal scroll)."""
    app, b = await _builder(tmp_path, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        pool = b.query_one("#pool")
        assert on_screen(app, ja("Rtg"), pool)
        await pilot.press("o")  # cost -> rating
        await pilot.pause()
        assert on_screen(app, ja("sort") + ": " + ja("rating"), b.query_one("#filters"))
        ratings = [b.card(n).rating for n in b.state.pool_rows()]
        assert ratings == sorted(ratings, reverse=True) and ratings[0] > ratings[-1]
        best = b.card(b.state.pool_rows()[0])
        first_row = shown(app, pool).splitlines()[1]
        assert best.number in first_row and first_row.rstrip().endswith(str(best.rating)), first_row


@pytest.mark.asyncio
async def test_g_sealed_the_deck_s_ex_by_attribute_beside_the_pool_at_80x24(tmp_path, japanese):
    app, b = await _builder(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        await pilot.press("g")  # the bot builder's 40
        await pilot.pause()
        side = shown(app, b.query_one("#side"))
        assert ja("Cost curve") in side and ja("Attributes · EX") in side, side
        for kanji, attr in (("雪", "snow"), ("月", "moon"), ("花", "flower"), ("宙", "space"), ("日", "sun")):
            n = sum(v for k, v in b.deck.items() if attr in b.card(k).attributes)
            ex = sum(b.card(k).ex * v for k, v in b.deck.items() if attr in b.card(k).attributes)
            (line,) = [x for x in side.splitlines() if x.startswith(kanji)]
            assert line.split()[-2:] == [str(n), f"EX{ex}"], line
        assert any("EX" in x and x.split()[-1] != "EX0" for x in side.splitlines())  # a real total, not all 0
        fits(app)


@pytest.mark.asyncio
async def test_g_sealed_two_attributes_and_colourless_only_at_80x24(tmp_path, japanese):
    app, b = await _builder(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        whole = len(b.state.pool_rows())
        await pilot.press("p")
        await pilot.pause()
        pair = b.state.filters["pair"]
        assert pair is not None and len(pair) == 2
        shown_attrs = {a for n in b.state.pool_rows() for a in b.card(n).attributes}
        assert shown_attrs == {*pair, "star"} and len(b.state.pool_rows()) < whole
        kanji = "".join({"snow": "雪", "moon": "月", "flower": "花", "space": "宙", "sun": "日"}[a] for a in pair)
        assert on_screen(app, ja("two attributes") + ": " + kanji + "+無", b.query_one("#filters"))
        await pilot.press("p")  # the next pair
        await pilot.pause()
        assert b.state.filters["pair"] not in (None, pair)


@pytest.mark.asyncio
async def test_design7_esc_and_f1_in_the_builder_s_footer_at_80x24(tmp_path, japanese):
    app, b = await _builder(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        footer = shown(app, b.query_one("WholeKeysFooter"))
        assert "Esc " + ja("Back") in footer and "F1 " in footer, footer


@pytest.mark.asyncio
async def test_g_sealed_the_builder_s_header_whole_and_ctrl_s_shown_at_80x24(tmp_path, japanese):
    """Issue 48 (G-SEALED): the limited practice's sealed builder at 80x24 in Japanese: its header
    is whole (the deck's name and the match to their end, not cut with 「…」), and Ctrl+S (save)
    is in the footer and among the first keys of F1, in view without scrolling."""
    from core.labels import match_label, product_label

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    cs = catalog().set("alpha")
    pool = open_sealed(cs, "2s", random.Random(11)).cards
    # the name the sealed practice gives (tui/screens/sealed.py), with a seed of 9 digits
    name = ja("{set} sealed {product} {seed}", set="alpha", product=product_label("2s"), seed=509482849)
    b = DeckBuilderScreen(cs, "sealed", pool, seed=509482849, name=name)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        title = b.query_one("#builder-title")
        head = shown(app, title)
        assert "…" not in head and name in head and match_label("bo3") in head, head
        footer = shown(app, b.query_one("WholeKeysFooter"))
        assert "^S " + ja("Save") in footer and "F1 " in footer, footer
        await pilot.press("f1")
        await until(pilot, lambda: not isinstance(app.screen, DeckBuilderScreen), "F1's key list")
        keys = shown(app)
        assert "^S" in keys and ja("Save") in keys, keys


@pytest.mark.asyncio
async def test_design7_l_asks_before_throwing_away_an_unsaved_deck_at_80x24(tmp_path, japanese):
    app, b = await _builder(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        Library(tmp_path).save(b.state.to_doc("2026-12-06T08:00:00+00:00"))  # a deck to load
        await pilot.press("enter")  # one card into the deck: unsaved
        await pilot.pause()
        assert b.dirty and sum(b.deck.values()) == 1
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert on_screen(app, ja("Load a saved deck? Changes to this deck since the last save are lost."))
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is b and sum(b.deck.values()) == 1
        await pilot.press("l", "y")
        await pilot.pause()
        assert isinstance(app.screen, LibraryDialog)


@pytest.mark.asyncio
async def test_design7_the_filter_line_breaks_between_filters_at_80x24(tmp_path, japanese):
    """Issue 48: at 80 columns 「[r]」 ended a line and 「レア度: すべて」 began the next."""
    app, b = await _builder(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        lines = shown(app, b.query_one("#filters")).splitlines()
        assert len(lines) == 2, lines
        for line in lines:
            assert line.strip().startswith("[") and not line.rstrip().endswith("]"), lines
        for key, label in (("t", "type"), ("a", "attribute"), ("p", "two attributes"), ("r", "rarity"), ("o", "sort")):
            assert any(f"[{key}] {ja(label)}:" in line for line in lines), (key, lines)


@pytest.mark.asyncio
async def test_g_draft_4_the_legal_deck_line_ends_on_its_line_at_80x24(tmp_path, japanese):
    """Issue 48 item 19: a legal draft deck's line ended 「…G-DRAFT-」 at 80 columns, 「4）」 cut off."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    cs = catalog().set("alpha")
    pool = open_sealed(cs, "1s3b", random.Random(11)).cards  # 65 cards: enough for a 4-pack draft deck
    b = DeckBuilderScreen(cs, "draft", pool, packs=4, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert b.problems == []
        lines = shown(app, b.query_one("#narrow-checks")).splitlines()
        whole = ja(
            "legal {kind} deck: {n} cards, {s} spare cards ({rule})", kind=ja("draft"), n=40, s=12, rule="G-DRAFT-4"
        )
        assert any(line.strip() == whole for line in lines), lines


@pytest.mark.asyncio
async def test_g_draft_4_a_deck_short_of_40_says_so_whole_at_80x24(tmp_path, japanese):
    """G-DRAFT-4: a draft deck of 0 cards at 80x24 read 「…ちょうど40枚にしてください（G-」 on the builder's
    line, the rest cut; after the count (「デッキ 0/40」) it now says 「ちょうど40枚に（G-DRAFT-4）」 on that line."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    cs = catalog().set("gamma")
    pool = open_sealed(cs, "1s3b", random.Random(11)).cards
    b = DeckBuilderScreen(cs, "draft", pool, packs=4, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        assert [p.code for p in b.problems] == ["size"]
        lines = shown(app, b.query_one("#narrow-checks")).splitlines()
        assert len(lines) == 1 and lines[0].rstrip().endswith(
            ja("exactly {want} [{rule}]", want=40, rule="G-DRAFT-4")
        ), lines
        assert ja("Deck {n}/{want}", n=0, want=40) in lines[0], lines


@pytest.mark.asyncio
async def test_g_sealed_the_build_menu_and_the_builder_s_hint_keep_their_words_whole_at_80x24(tmp_path, japanese):
    """Issue 48 item 19: in the F11 build menu 「…第1回」/「戦を組む」 and 「（デッキ構築タブで」/「Enter）」
    broke across lines at 80 columns; the builder's opening hint split 「t a p c」 from 「r で絞り込み」."""
    dd = DataDir(tmp_path)
    store = dd.create({"name": "シールド杯", "kind": "sealed", "match": "bo3", "minutes": 50, "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["高橋健太", "加藤陸", "佐藤花子", "山田太郎"])
    open_sealed_pools(desk, "alpha", "2s", seed=7)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "EventScreen", "the event")
        await pilot.press("f11")
        await pilot.pause()
        text = shown(app)
        for words in (
            ja("Head judge override: round 1 pairs without every legal deck"),
            ja("Build the highlighted player's deck from their pool (Enter)"),
        ):
            assert any(words in line for line in text.splitlines()), (words, text)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # the build tab's first player: the builder on their pool
        await until(pilot, lambda: isinstance(app.screen, DeckBuilderScreen), "the builder")
        footer = shown(app, app.screen.query_one("WholeKeysFooter"))  # the key that registers shows too
        for key in ("^R " + ja("Register to the player"), "Esc " + ja("Back"), "F1 "):
            assert key in footer, (key, footer)
        message = shown(app, app.screen.query_one("#message"))
        assert "t/a/p/c/r" in message.replace("\n", ""), message
        assert not any(line.rstrip().endswith((" t", " a", " p", " c")) for line in message.splitlines()), message


@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "size"), [("ja", (80, 24)), ("en", (80, 24)), ("ja", (120, 40))])
async def test_design7_the_deck_library_shows_what_a_deck_is_and_its_keys(tmp_path, japanese, lang, size):
    """Issue 48 item 14: at 80 columns the deck library showed only the decks' names (the dialog was 100
    columns wide, its other columns past the edge) and no footer of its keys.  Now each row shows the name
    (cut with 「…」 when long), the set, the format and the deck's size; the footer says Enter loads, x
    deletes and Esc goes back; at 120 columns the spares and the time saved are there too."""
    app, b = await _builder(tmp_path, lang)
    lib = Library(tmp_path)
    names = ["土曜のシールド 花・日 アグロ 第3回", "alpha sealed 11"]
    for i, name in enumerate(names):
        b.state.name = name
        b.state.suggest()
        lib.save(b.state.to_doc(f"2026-12-0{i + 1}T08:00:00+00:00"))
    async with app.run_test(size=size) as pilot:
        app.push_screen(b)
        await pilot.pause()
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LibraryDialog), "the library")
        await pilot.pause()
        table = app.screen.query_one("DataTable")
        head, *rows = shown(app, table).splitlines()
        for label in ("Name", "Set", "Format", "Deck"):
            assert ja(label) in head, head
        for name, row in zip(reversed(names), rows):  # the newest first
            cells = row.split()
            assert cells[0] in name and "alpha" in cells and ja("Sealed") in cells and "40" in cells, row
        if size[0] >= 120:
            assert ja("Spares") in head and ja("Saved") in head, head
            assert names[0] in rows[1] and "2026-12-02 08:00" in rows[0], rows
        else:
            assert "…" in rows[1], rows
        footer = shown(app, app.screen.query_one("Footer"))
        for key, what in (("⏎", "Load"), ("x", "Delete"), ("Esc", "Cancel")):
            assert f"{key} {ja(what)}" in footer, footer
        fits(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, DeckBuilderScreen), "the loaded deck")
        assert app.screen.state.name == names[1]
