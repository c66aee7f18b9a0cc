"""Decklists (text and CSV), deck checks for constructed, sealed and draft, and
comparing a deck with its registered list (G-DECKLIST)."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.cards.decks import (
    DeckEntry,
    Decklist,
    check_constructed,
    check_deck,
    check_draft,
    check_sealed,
    compare,
    deck_size,
    decklist_to_csv,
    decklist_to_text,
    load_decklist,
    parse_decklist,
    read_decklist_csv,
)
from core.cards.legality import Catalog, load_calendar
from core.cards.model import Card, CardSet
from core.errors import ValidationError

EVENT_DAY = date(2009, 1, 10)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.default()


def _distinct_names(catalog: Catalog, code: str, n: int) -> list[Card]:
    out, seen = [], set()
    names = Counter(c.name_key for c in catalog.cards())
    for c in catalog.set(code).cards:
        if c.max_copies is None and not c.is_parallel and names[c.name_key] == 1 and c.name_key not in seen:
            seen.add(c.name_key)
            out.append(c)
        if len(out) == n:
            break
    return out


def _valid_constructed(catalog: Catalog) -> Counter:
    return Counter({c.number: 4 for c in _distinct_names(catalog, "alpha", 15)})


def _rules(problems) -> set[str]:
    return {p.rule for p in problems}


# -- parsing --------------------------------------------------------------------------------


def test_g_decklist_text_parses_counts_sections_and_comments(catalog):
    text = """# my deck
4 CH-5001 木村 里佳
３ ｃｈ－５００４   # full width, loose number
2x EV-5001
deck:
1 IT-5001

スペア：
2 CH-5005
spare:
1 EV-5002
"""
    d = parse_decklist(text, "deck.txt", catalog)
    assert d.counts("deck") == Counter({"CH-5001": 4, "CH-5004": 3, "EV-5001": 2, "IT-5001": 1})
    assert d.counts("spare") == Counter({"CH-5005": 2, "EV-5002": 1})
    assert d.deck[0] == DeckEntry(4, "CH-5001", "木村 里佳", 2)
    assert (d.deck_size, d.spare_size) == (10, 3)


def test_g_decklist_parse_errors_name_file_line_and_reason_all_at_once(catalog):
    text = """4 CH-5001
four CH-5002
0 CH-5004
99 CH-5005
4 CH-9999
4 XX-0001
2 CH-5001 別の名前
sideboard:
foo:
"""
    with pytest.raises(ValidationError) as e:
        parse_decklist(text, "bad.txt", catalog)
    err = e.value
    assert err.source == "bad.txt"
    by_line = {w: m for w, m in err.problems}
    assert set(by_line) == {"line 2", "line 3", "line 4", "line 5", "line 6", "line 7", "line 9"}
    assert "COUNT NUMBER" in by_line["line 2"]
    assert "count 0" in by_line["line 3"]
    assert "count 99" in by_line["line 4"]
    assert "unknown card number CH-9999" in by_line["line 5"]
    assert "not a card number" in by_line["line 6"]
    assert "does not match" in by_line["line 7"]
    assert "unknown section" in by_line["line 9"]
    assert "bad.txt" in str(err) and "line 5" in str(err)


def test_g_decklist_load_file_text_and_csv(tmp_path, catalog):
    deck = Decklist.from_counts({"CH-5001": 4, "EV-5001": 2}, {"IT-5001": 1})
    txt = tmp_path / "d.txt"
    txt.write_text(decklist_to_text(deck, catalog), encoding="utf-8")
    csvf = tmp_path / "d.csv"
    csvf.write_text(decklist_to_csv(deck, catalog), encoding="utf-8")
    for path in (txt, csvf):
        back = load_decklist(path, catalog)
        assert back.counts("deck") == deck.counts("deck")
        assert back.counts("spare") == deck.counts("spare")
        assert back.source.endswith(path.name)
    bad = tmp_path / "bad.txt"
    bad.write_text("4 CH-5001\n4 CH-0000X\n", encoding="utf-8")
    with pytest.raises(ValidationError) as e:
        load_decklist(bad, catalog)
    assert e.value.source.endswith("bad.txt") and e.value.problems[0][0] == "line 2"


def test_g_decklist_csv_errors_and_formula_safety(catalog):
    text = "section,count,number,name\ndeck,4,CH-5001,\nspare,x,CH-5002,\nside,1,CH-5004,\ndeck,1,CH-9999,\n"
    with pytest.raises(ValidationError) as e:
        read_decklist_csv(text, "d.csv", catalog)
    assert [w for w, _ in e.value.problems] == ["line 3", "line 4", "line 5"]
    d = Decklist((DeckEntry(1, "CH-5001", "=HYPERLINK(1)"),))
    out = decklist_to_csv(d)
    assert "'=HYPERLINK(1)" in out
    assert read_decklist_csv(out).deck[0].name == "=HYPERLINK(1)"


# -- constructed ----------------------------------------------------------------------------


def test_r_deck_60_valid_constructed_deck_passes(catalog):
    deck = Decklist.from_counts(_valid_constructed(catalog))
    assert check_constructed(deck, catalog, EVENT_DAY) == []


def test_r_deck_60_constructed_is_exactly_60(catalog):
    counts = _valid_constructed(catalog)
    counts[next(iter(counts))] -= 1
    problems = check_constructed(Decklist.from_counts(counts), catalog, EVENT_DAY)
    assert [(p.rule, p.code) for p in problems] == [("R-DECK-60", "size")]


def test_r_deck_4_same_name_different_numbers_count_together():
    a = Card("CH-0001", "同じ 名前", "character", ("snow",), ap=1, dp=1, sp=1, rarity="C")
    b = Card("CH-0002", "同じ名前", "character", ("moon",), ap=1, dp=1, sp=1, rarity="C")
    fill = [Card(f"CH-01{i:02d}", f"他{i}", "character", ("sun",), ap=1, dp=1, sp=1, rarity="C") for i in range(14)]
    cs = CardSet("t", "t", "Lycee Version Leaf 1.X", date(2005, 1, 1), ("C",), (a, b, *fill))
    cat = Catalog([cs], load_calendar())
    counts = Counter({c.number: 4 for c in fill})
    counts.update({"CH-0001": 3, "CH-0002": 2})
    counts["CH-0100"] -= 1
    problems = check_constructed(Decklist.from_counts(counts), cat, "2006-01-01")
    assert [p.rule for p in problems] == ["R-DECK-4"]
    assert "5 cards named" in problems[0].message


def test_r_deck_4_card_may_say_otherwise(catalog):
    eight = next(c for c in catalog.cards() if c.max_copies == 8)
    counts = Counter({c.number: 4 for c in _distinct_names(catalog, "beta", 13)})
    counts[eight.number] = 8
    assert sum(counts.values()) == 60
    assert check_constructed(Decklist.from_counts(counts), catalog, EVENT_DAY) == []
    counts[eight.number] = 9
    counts[next(iter(counts))] -= 1
    assert _rules(check_constructed(Decklist.from_counts(counts), catalog, EVENT_DAY)) == {"R-DECK-4"}


def test_g_cards_versions_constructed_cards_legal_on_event_date(catalog):
    counts = _valid_constructed(catalog)
    counts.pop(next(iter(counts)))
    gamma_card = _distinct_names(catalog, "gamma", 30)[-1]
    counts[gamma_card.number] = 4
    deck = Decklist.from_counts(counts)
    assert check_constructed(deck, catalog, "2008-06-01") == []
    problems = check_constructed(deck, catalog, "2008-05-31")
    assert [(p.rule, p.code, p.number) for p in problems] == [("G-CARDS-VERSIONS", "illegal", gamma_card.number)]


def test_g_spare_1_at_most_12_and_only_best_of_three(catalog):
    deck = _valid_constructed(catalog)
    spare = Counter({c.number: 1 for c in _distinct_names(catalog, "beta", 13)})
    problems = check_constructed(Decklist.from_counts(deck, spare), catalog, EVENT_DAY, match="bo3")
    assert [(p.rule, p.code) for p in problems] == [("G-SPARE-1", "spare_count")]
    spare.pop(next(iter(spare)))
    assert check_constructed(Decklist.from_counts(deck, spare), catalog, EVENT_DAY, match="bo3") == []
    problems = check_constructed(Decklist.from_counts(deck, spare), catalog, EVENT_DAY, match="bo1")
    assert [(p.rule, p.code) for p in problems] == [("G-SPARE-1", "spare_match")]


def test_r_deck_4_spares_count_with_the_deck(catalog):
    deck = _valid_constructed(catalog)
    spare = Counter({next(iter(deck)): 1})
    assert _rules(check_constructed(Decklist.from_counts(deck, spare), catalog, EVENT_DAY)) == {"R-DECK-4"}


def test_constructed_returns_every_problem_at_once(catalog):
    """R-DECK-60, R-DECK-4: every problem of a constructed deck is listed, not just the first."""
    counts = Counter({"CH-5001": 6, "CH-9999": 1, "CH-0063": 1})
    spare = Counter({c.number: 1 for c in _distinct_names(catalog, "beta", 13)})
    problems = check_constructed(Decklist.from_counts(counts, spare), catalog, "2005-01-01", match="bo1")
    codes = {(p.rule, p.code) for p in problems}
    assert {
        ("G-CARDS-VERSIONS", "unknown"),
        ("R-DECK-60", "size"),
        ("R-DECK-4", "name_limit"),
        ("G-CARDS-PROMO", "illegal"),
        ("G-CARDS-VERSIONS", "illegal"),
        ("G-SPARE-1", "spare_match"),
        ("G-SPARE-1", "spare_count"),
    } <= codes
    assert all(str(p).endswith(f"[{p.rule}]") for p in problems)


# -- a fifth copy: constructed always fails, draft never (R-DECK-4, G-DRAFT-3) ----------------


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_r_deck_4_g_draft_3_fifth_copy_fails_constructed_never_draft(catalog, data):
    groups: dict[str, list[Card]] = {}
    for c in catalog.cards():
        if c.max_copies is None:
            groups.setdefault(c.name_key, []).append(c)
    keys = sorted(groups)
    target = data.draw(st.sampled_from(keys), label="name")
    numbers = [c.number for c in groups[target]]
    copies = Counter(data.draw(st.lists(st.sampled_from(numbers), min_size=5, max_size=5), label="fifth"))
    packs = data.draw(st.integers(4, 6), label="packs")
    size = packs * 10
    others = data.draw(st.permutations([k for k in keys if k != target]), label="fill")
    counts = Counter(copies)
    for k in others:
        room = size - sum(counts.values())
        if room <= 0:
            break
        counts[groups[k][0].number] += min(4, room)
    deck = Decklist.from_counts(counts)
    assert "R-DECK-4" in _rules(check_constructed(deck, catalog, EVENT_DAY))
    assert check_draft(deck, catalog, packs=packs) == []


# -- sealed and draft -----------------------------------------------------------------------------


def test_g_sealed_deck_is_40_from_the_pool_spares_from_the_rest(catalog):
    cards = _distinct_names(catalog, "alpha", 12)
    pool = Counter({c.number: 4 for c in cards})  # 48 cards
    deck = Counter({c.number: 4 for c in cards[:10]})
    assert check_sealed(Decklist.from_counts(deck), catalog, pool=pool) == []
    assert deck_size("sealed") == 40
    bigger = deck + Counter({cards[10].number: 1})
    assert [p.rule for p in check_sealed(Decklist.from_counts(bigger), catalog, pool=pool)] == ["G-SEALED"]
    stranger = deck - Counter({cards[0].number: 1}) + Counter({"CH-6001": 1})
    problems = check_sealed(Decklist.from_counts(stranger), catalog, pool=pool)
    assert [(p.rule, p.code, p.number) for p in problems] == [("G-SEALED", "pool", "CH-6001")]
    spare = Counter({cards[10].number: 4, cards[0].number: 1})  # the 5th copy is not in the pool
    problems = check_sealed(Decklist.from_counts(deck, spare), catalog, pool=pool, match="bo3")
    assert [(p.rule, p.code, p.section, p.number) for p in problems] == [
        ("R-DECK-4", "name_limit", None, cards[0].number),
        ("G-SEALED", "pool", "spare", cards[0].number),
    ]


def test_g_sealed_name_limit_stays_unless_lifted(catalog):
    cards = _distinct_names(catalog, "alpha", 10)
    deck = Counter({c.number: 4 for c in cards})
    deck[cards[0].number] += 1
    deck[cards[1].number] -= 1
    d = Decklist.from_counts(deck)
    assert _rules(check_sealed(d, catalog)) == {"R-DECK-4"}
    assert check_sealed(d, catalog, name_limit=None) == []


def test_g_draft_4_deck_is_packs_times_10_and_from_the_pool(catalog):
    card = _distinct_names(catalog, "alpha", 1)[0]
    deck = Decklist.from_counts({card.number: 40})  # G-DRAFT-3: any number of a name
    assert check_draft(deck, catalog, packs=4) == []
    assert [p.rule for p in check_draft(deck, catalog, packs=5)] == ["G-DRAFT-4"]
    assert deck_size("draft", 6) == 60
    problems = check_draft(deck, catalog, packs=4, pool=[card.number] * 39)
    assert [(p.rule, p.code) for p in problems] == [("G-DRAFT-1", "pool")]


def test_check_deck_dispatches(catalog):
    """G-SEALED, G-DRAFT-4: check_deck applies the rules of the event's kind."""
    deck = Decklist.from_counts(_valid_constructed(catalog))
    assert check_deck(deck, catalog, "constructed", on=EVENT_DAY) == []
    assert [p.rule for p in check_deck(deck, catalog, "sealed")] == ["G-SEALED"]
    assert check_deck(deck, catalog, "draft", packs=6, match="bo3") == []
    with pytest.raises(ValueError):
        check_deck(deck, catalog, "draft")


# -- comparing with the registered list (G-DECKLIST) ----------------------------------------------


def test_g_decklist_compare_lists_missing_and_extra_per_section(catalog):
    registered = Decklist.from_counts({"CH-5001": 4, "CH-5004": 2}, {"EV-5001": 2})
    assert compare(registered, registered).same
    presented = Decklist.from_counts({"CH-5001": 3, "CH-5004": 2, "IT-5001": 1}, {"EV-5001": 1, "CH-5001": 1})
    diff = compare(registered, presented)
    assert not diff.same and diff
    assert [(d.section, d.number, d.missing) for d in diff.missing()] == [
        ("deck", "CH-5001", 1),
        ("spare", "EV-5001", 1),
    ]
    assert [(d.section, d.number, d.extra) for d in diff.extra()] == [("deck", "IT-5001", 1), ("spare", "CH-5001", 1)]
    text = diff.describe(catalog)
    assert text[0].startswith("deck: CH-5001 木村 里佳: registered 4, presented 3 (1 missing)")


def test_g_decklist_compare_parallels_by_base():
    registered = Decklist.from_counts({"CH-7003": 2})
    presented = Decklist.from_counts({"CH-7003": 1, "CH-7003A": 1})
    assert not compare(registered, presented).same
    assert compare(registered, presented, by_base=True).same
