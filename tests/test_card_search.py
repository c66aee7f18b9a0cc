"""Card search by number and by name, kana too (issue 43: "the app's deck
builder and pool entry search the real list by number and by name (kana
too)"): core.cards.search, pool entry's name lines (limited.tablepool) and
the deck builder's search (limited.deckstate), plus both screens by keys at
80x24 in Japanese."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.cards.legality import Catalog
from core.cards.model import Card
from core.cards.search import fold, search_cards
from core.errors import LyceeError

CARDS = [
    Card("LO-0923", "セイバー", "character", ("sun",)),
    Card("LO-0923-A", "セイバー", "character", ("sun",)),
    Card("LO-1001", "さくら 一号", "character", ("flower",)),
    Card("LO-2001", "ＡＭＢＩＴＩＯＵＳ　ＭＩＳＳＩＯＮ", "event", ("star",)),
    Card("LO-3001", "魔術師", "item", ("moon",)),
]


def nums(hits) -> list[str]:
    return [c.number for c in hits]


def test_search_by_number_any_form_best_first():
    assert nums(search_cards(CARDS, "LO-0923")) == ["LO-0923", "LO-0923-A"]
    assert nums(search_cards(CARDS, "lo0923a")) == ["LO-0923-A"]
    assert nums(search_cards(CARDS, "ｌｏ－１００１")) == ["LO-1001"]  # full-width (NFKC)
    assert nums(search_cards(CARDS, "1001")) == ["LO-1001"]  # the digits alone
    assert search_cards(CARDS, "") == [] and search_cards(CARDS, "   ") == []


def test_search_by_name_kana_folded_spaces_and_width_ignored():
    assert nums(search_cards(CARDS, "せいばー")) == ["LO-0923", "LO-0923-A"]  # hiragana finds katakana
    assert nums(search_cards(CARDS, "サクラ")) == ["LO-1001"]  # and the other way
    assert nums(search_cards(CARDS, "さくら一号")) == ["LO-1001"]  # spaces do not count
    assert nums(search_cards(CARDS, "ambitious mission")) == ["LO-2001"]  # full-width name, any case
    assert nums(search_cards(CARDS, "ｾｲﾊﾞｰ")) == ["LO-0923", "LO-0923-A"]  # half-width kana
    assert nums(search_cards(CARDS, "術")) == ["LO-3001"]  # anywhere in the name
    assert search_cards(CARDS, "ドラゴン") == []


def test_a_reading_finds_a_kanji_name_when_the_card_has_one():
    @dataclass(frozen=True)
    class Read(Card):
        reading: str = ""

    mage = Read("LO-3001", "魔術師", "item", ("moon",), reading="まじゅつし")
    assert nums(search_cards([mage, *CARDS[:3]], "マジュツ")) == ["LO-3001"]
    assert search_cards(CARDS, "まじゅつ") == []  # no reading, no match


def test_names_rank_before_readings_and_prefix_before_inside():
    a = Card("LO-0005", "ねこのさくら", "character", ("sun",))
    hits = search_cards([a, *CARDS], "さくら")
    assert nums(hits) == ["LO-1001", "LO-0005"]  # the name starting with it first


@given(
    st.text(
        alphabet="アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモャュョッー",
        min_size=1,
        max_size=8,
    )
)
def test_every_katakana_name_is_found_by_its_hiragana(name):
    card = Card("LO-0001", name, "character", ("sun",))
    hira = "".join(chr(ord(ch) - 0x60) if "\u30a1" <= ch <= "\u30f6" else ch for ch in name)
    assert search_cards([card], hira) == [card]
    assert fold(fold(name)) == fold(name)


# -- pool entry: a name instead of the number (limited.tablepool) -----------------------------


@pytest.fixture(scope="module")
def alpha():
    return Catalog.default().set("alpha")


def test_pool_entry_takes_a_name_that_names_one_card(alpha):
    from limited.tablepool import Entry, parse_line, parse_text

    e = Entry(alpha)
    assert parse_line("木村 里佳 2", e) == ("CH-5001", 2)
    assert parse_line("木村里佳", e) == ("CH-5001", 1)
    with pytest.raises(LyceeError) as err:
        parse_line("木村", e)  # three cards: each named, nothing chosen
    assert "CH-5001 木村 里佳" in str(err.value) and "CH-5069" in str(err.value)
    with pytest.raises(LyceeError) as err:
        parse_line("ドラゴン", e)
    assert "ドラゴン" in str(err.value)
    assert parse_text("木村 里佳 2, 5063 1", alpha) == Counter({"CH-5001": 2, "CH-5063": 1})


def test_deck_builder_search_shows_only_the_cards_found(alpha):
    from limited.deckstate import DeckState
    from limited.sealed import open_sealed

    pool = Counter(open_sealed(alpha, "1s3b", random.Random(11)).cards)
    s = DeckState(alpha, "sealed", pool)
    some = alpha.card(next(iter(pool)))
    surname = some.name.split()[0]
    n = s.search(surname)
    rows = s.pool_rows()
    assert n == len(rows) >= 1 and all(surname in s.card(r).name for r in rows)
    assert s.search(some.number[3:]) >= 1 and some.number in s.pool_rows()
    assert s.search("") == len(pool) and len(s.pool_rows()) == len(pool)
    s.search(surname)
    s.clear_filters()
    assert len(s.pool_rows()) == len(pool)


# -- the screens at 80x24 in Japanese ------------------------------------------------------------


@pytest.mark.asyncio
async def test_deck_builder_and_pool_entry_search_by_keys_in_japanese_at_80x24(tmp_path, alpha):
    from textual.widgets import DataTable

    from core.store import DataDir
    from limited.sealed import open_sealed
    from tests.app_helpers import fits, on_screen
    from tui.app import LyceeApp
    from tui.screens.deckbuilder import DeckBuilderScreen
    from tui.screens.dialogs import Prompt
    from tui.screens.pool_entry import PoolEntryScreen

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    pool = Counter(open_sealed(alpha, "1s3b", random.Random(11)).cards)
    surname = alpha.card(sorted(pool)[0]).name.split()[0]
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(DeckBuilderScreen(alpha, "sealed", pool, seed=11, name="alpha"))
        await pilot.pause()
        b = app.screen
        before = b.query_one("#pool", DataTable).row_count
        await pilot.press("slash")
        await pilot.pause()
        assert isinstance(app.screen, Prompt) and on_screen(app, "プールを番号か名前で検索")
        app.screen.query_one("Input").value = surname  # (Japanese is typed through an IME)
        await pilot.press("enter")
        await pilot.pause()
        t = b.query_one("#pool", DataTable)
        names = [str(t.get_row_at(i)[2]) for i in range(t.row_count)]
        assert 1 <= t.row_count < before and all(surname in n for n in names), names
        assert on_screen(app, f"[/] 検索: {surname}") and on_screen(app, f"「{surname}」に当てはまる")
        fits(app)
        await pilot.press("0")  # clear the filters: the whole pool again
        await pilot.pause()
        assert b.query_one("#pool", DataTable).row_count == before
        await pilot.press("escape")
        await pilot.pause()

        app.push_screen(PoolEntryScreen(alpha, "sealed", name="山田", product="1s3b"))
        await pilot.pause()
        pe = app.screen
        line = pe.query_one("#pe-entry")
        line.value = "木村 里佳 2"
        await pilot.press("enter")
        await pilot.pause()
        assert pe.counts == Counter({"CH-5001": 2})
        assert on_screen(app, "+2 CH-5001", pe.query_one("#pe-echo"))
        line.value = "木村"
        await pilot.press("enter")
        await pilot.pause()
        assert pe.counts == Counter({"CH-5001": 2})  # nothing changed
        assert on_screen(app, "「木村」に当てはまるカードが3枚あります", pe.query_one("#pe-echo"))
        fits(app)


def test_o_cards_known_a_card_s_whole_name_names_it_alone():
    """O-CARDS-KNOWN (`lycee card NAME`): 「日のキャラ1」 named LO-0001 and LO-0010 「日のキャラ10」 alike, so the
    card could not be looked up by its own name; a whole name names that card (its parallel standing for it),
    a part of a name still lists every card holding it."""
    from core.cards.search import cards_named

    cards = [
        Card("LO-0001", "日のキャラ1", "character", ("sun",)),
        Card("LO-0001-A", "日のキャラ1", "character", ("sun",)),
        Card("LO-0010", "日のキャラ10", "character", ("sun",)),
        Card("LO-0011", "日のキャラ11", "character", ("sun",)),
    ]
    assert [c.number for c in cards_named(cards, "日のキャラ1")] == ["LO-0001"]
    assert [c.number for c in cards_named(cards, "日のキャラ")] == ["LO-0001", "LO-0010", "LO-0011"]
