"""The deck builder's state and the deck library, without the app
(limited.deckstate, limited.library; issue 15: no rule in the UI).  G-SEALED
40 cards from the pool, G-DRAFT-3/4 packs x 10, G-SPARE-1 spares."""

from __future__ import annotations

import random

import pytest

from core.cards.legality import Catalog
from core.errors import LyceeError
from limited.deckstate import DeckState
from limited.library import Library, export_text, slug
from limited.sealed import open_sealed


@pytest.fixture(scope="module")
def alpha():
    return Catalog.default().set("alpha")


@pytest.fixture
def state(alpha):
    return DeckState(alpha, "sealed", open_sealed(alpha, "1s3b", random.Random(11)).cards, seed=11)


def test_g_sealed_only_pool_cards_move_and_the_pool_counts_down(state):
    num = state.pool_rows()[0]
    have = state.pool[num]
    for _ in range(have):
        state.add(num)
    assert state.left(num) == 0 and state.deck[num] == have
    with pytest.raises(LyceeError, match=f"no {num} left in the pool"):
        state.add(num, "spare")
    assert state.to_other(num, "deck") and state.spare[num] == 1 and state.deck[num] == have - 1
    assert state.take(num, "spare") and state.left(num) == 1
    assert not state.take(num, "spare")  # nothing there: nothing changes


def test_g_sealed_the_verdict_is_core_decks_40_cards(state):
    assert state.want == 40 and state.name == "alpha sealed 11"
    assert {p.code for p in state.check()} == {"size"}  # an empty deck: only its size is wrong
    dl = state.suggest()
    assert dl.deck_size == 40 and state.check() == []
    assert state.decklist().deck_size == 40


def test_g_draft_4_deck_size_is_packs_times_10(alpha):
    st = DeckState(alpha, "draft", open_sealed(alpha, "1s3b", random.Random(2)).cards, packs=5)
    assert st.want == 50
    with pytest.raises(LyceeError, match="sealed and draft"):
        DeckState(alpha, "constructed", [])


def test_filters_and_order_of_the_pool(state):
    state.cycle_filter("type")
    t = state.filters["type"]
    assert t is not None and all(state.card(n).type == t for n in state.pool_rows())
    state.clear_filters()
    assert len(state.pool_rows()) == len(state.pool)
    state.sort_key = "number"
    assert state.pool_rows() == sorted(state.pool)
    state.next_sort()
    assert state.sort_key == "cost"


def test_library_keeps_the_pool_with_the_deck_and_replaces_by_name(state, tmp_path):
    state.suggest()
    lib = Library(tmp_path)
    lib.save(state.to_doc("2026-11-30T10:00:00+00:00"))
    state.name = "alpha sealed 11"
    state.toggle_match()
    lib.save(state.to_doc("2026-11-30T11:00:00+00:00"))
    (doc,) = lib.decks()
    assert doc["match"] == "bo1" and doc["schema"] == "lycee-library-deck/1"
    again = DeckState.from_doc(doc, state.cs)
    assert again.decklist() == state.decklist() and again.pool == state.pool
    path = lib.export(doc["name"], export_text(again))
    assert path.name == slug("alpha sealed 11") + ".txt" and "# alpha sealed 11" in path.read_text(encoding="utf-8")
    lib.remove(doc["name"])
    assert lib.decks() == []


def test_sort_by_rating_and_the_two_attribute_filter(state):
    """Issue 48 item 14: the pool by rating, strongest first; a pair of
    attributes shows their cards and the colourless (無) ones only, the pool's
    strongest pair first (G-SEALED: a deck is built in two attributes)."""
    state.sort_key = "rating"
    ratings = [state.card(n).rating for n in state.pool_rows()]
    assert ratings == sorted(ratings, reverse=True)
    pairs = state.pairs()
    assert len(pairs) >= 3 and all(len(p) == 2 and "star" not in p for p in pairs)
    state.cycle_filter("pair")
    pair = state.filters["pair"]
    assert pair == pairs[0]
    rows = state.pool_rows()
    assert rows and all(set(state.card(n).attributes) <= {*pair, "star"} for n in rows)
    outside = [n for n in state.pool if not set(state.card(n).attributes) <= {*pair, "star"}]
    assert outside and not set(outside) & set(rows)

    def strength(p):
        return sum(
            state.card(n).rating * k
            for n, k in state.pool.items()
            if set(state.card(n).attributes) <= {*p, "star"} and state.card(n).attributes != ("star",)
        )

    assert strength(pairs[0]) == max(strength(p) for p in pairs)
