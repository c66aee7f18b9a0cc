"""Sealed (limited/sealed.py and `lycee sealed`): products, pools, the built
deck and its rules (G-SEALED, R-DECK-4, G-SPARE-1)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.cards.decks import Decklist
from core.cards.sets import load_sample_sets
from core.errors import RuleError
from limited.checks import require_legal
from limited.facts import catalog_for
from limited.sealed import PRODUCTS, SealedPool, build_sealed_deck, check_sealed_deck, open_sealed
from tui.cli import main

SETS = {cs.code: cs for cs in load_sample_sets()}
CODES = sorted(SETS)


def _name_counts(cs, counts: Counter) -> Counter:
    out: Counter = Counter()
    for n, k in counts.items():
        out[cs.card(n).name_key] += k
    return out


def test_g_sealed_products_open_what_they_say():
    """G-SEALED: 2s opens 2 starters; 1s3b opens 1 starter and 3 boosters."""
    cs = SETS["alpha"]
    two = open_sealed(cs, "2s", random.Random(1))
    assert [p.kind for p in two.packs] == ["starter", "starter"]
    assert len(two) == sum(len(p) for p in two.packs) == len(two.cards)
    mix = open_sealed(cs, "1s3b", random.Random(1))
    assert [p.kind for p in mix.packs] == ["starter", "booster", "booster", "booster"]
    assert len(mix) == mix.packs[0].__len__() + 3 * cs.booster.size
    assert PRODUCTS == {"2s": (2, 0), "1s3b": (1, 3)}


def test_g_sealed_named_starters_and_reproducible_pools():
    """G-SEALED: starters can be named; the same seed opens the same pool."""
    cs = SETS["beta"]
    p = open_sealed(cs, "2s", random.Random(3), starters=["beta-sun-star", "beta-sun-star"])
    assert [x.starter for x in p.packs] == ["beta-sun-star"] * 2
    assert open_sealed(cs, "1s3b", random.Random(8)) == open_sealed(cs, "1s3b", random.Random(8))


@settings(max_examples=40, deadline=None)
@given(
    code=st.sampled_from(CODES),
    product=st.sampled_from(sorted(PRODUCTS)),
    seed=st.integers(0, 2**32),
    match=st.sampled_from(["bo3", "bo1"]),
)
def test_g_sealed_built_deck_is_legal(code, product, seed, match):
    """G-SEALED / R-DECK-4 / G-SPARE-1: the auto-built deck is exactly 40 from the
    pool, at most 4 of a name over deck and spares (unless a card allows more),
    spares only in bo3, at most 12, from the rest of the pool; check_sealed agrees."""
    cs = SETS[code]
    pool = open_sealed(cs, product, random.Random(seed))
    deck = build_sealed_deck(pool, cs, match=match)
    assert deck.deck_size == 40
    assert check_sealed_deck(deck, pool, cs, match=match) == []
    both = deck.counts("deck") + deck.counts("spare")
    assert not both - pool.counts()  # deck and spares together come from the pool
    limit_ok = {cs.card(n).name_key for n in both if cs.card(n).max_copies}
    assert all(k <= 4 for name, k in _name_counts(cs, both).items() if name not in limit_ok)
    assert deck.spare_size == (min(12, len(pool) - 40) if match == "bo3" else 0) or deck.spare_size <= 12
    if match == "bo1":
        assert deck.spare_size == 0


def _crowded_pool(cs) -> list[str]:
    """A pool where the best card comes 10 times."""
    best = max((c for c in cs.cards if c.max_copies is None and c.is_character), key=lambda c: c.rating)
    rest = [c.number for c in cs.cards if c.name_key != best.name_key][:50]
    return [best.number] * 10 + rest


def test_g_sealed_name_limit_kept_unless_organizer_lifts_it():
    """G-SEALED keeps R-DECK-4 by default; with name_limit=None (the organizer
    lifts it) the builder may use more than 4 of a name."""
    cs = SETS["alpha"]
    pool = _crowded_pool(cs)
    kept = build_sealed_deck(pool, cs)
    assert max(_name_counts(cs, kept.counts("deck") + kept.counts("spare")).values()) <= 4
    lifted = build_sealed_deck(pool, cs, name_limit=None)
    assert max(lifted.counts("deck").values()) == 10
    assert check_sealed_deck(lifted, pool, cs, name_limit=None) == []
    assert any(p.rule == "R-DECK-4" for p in check_sealed_deck(lifted, pool, cs))


def test_g_sealed_wrong_size_and_copy_count_refused_with_rule():
    """G-SEALED: a 39-card deck is refused; R-DECK-4: 5 of a name is refused; the
    refusal names the reason and the rule id."""
    cs = SETS["alpha"]
    pool = open_sealed(cs, "1s3b", random.Random(2))
    deck = build_sealed_deck(pool, cs, match="bo1")
    counts = deck.counts("deck")
    first = next(iter(counts))
    counts[first] -= 1
    short = Decklist.from_counts(counts)
    probs = check_sealed_deck(short, pool, cs, match="bo1")
    assert [(p.rule, p.code) for p in probs] == [("G-SEALED", "size")]
    with pytest.raises(RuleError) as e:
        require_legal(probs)
    assert e.value.rule == "G-SEALED" and "39 cards" in str(e.value) and "[G-SEALED]" in str(e.value)
    five = [c.number for c in cs.cards if c.max_copies is None][0]
    big = Counter(pool.cards) + Counter({five: 5})
    bad = Decklist.from_counts(Counter({five: 5}) + Counter(list(deck.counts("deck").elements())[:35]))
    probs = check_sealed_deck(bad, list(big.elements()), cs, match="bo1")
    assert "R-DECK-4" in {p.rule for p in probs}


def test_g_sealed_refusals():
    """G-SEALED: an unknown product, a set without starters, 1s3b from a set without a booster."""
    cs = SETS["alpha"]
    with pytest.raises(RuleError) as e:
        open_sealed(cs, "3b", random.Random(0))
    assert e.value.rule == "G-SEALED" and "2s" in str(e.value)
    with pytest.raises(RuleError) as e:
        open_sealed(replace(cs, starters=()), "2s", random.Random(0))
    assert e.value.rule == "G-SEALED"
    with pytest.raises(RuleError) as e:
        open_sealed(replace(cs, booster=None), "1s3b", random.Random(0))
    assert e.value.rule == "G-SEALED"
    assert len(open_sealed(replace(cs, booster=None), "2s", random.Random(0))) == 64


def test_g_sealed_pool_too_small_is_refused():
    """G-SEALED: fewer than 40 usable cards cannot make a deck."""
    cs = SETS["alpha"]
    with pytest.raises(RuleError) as e:
        build_sealed_deck([c.number for c in cs.cards[:30]], cs)
    assert e.value.rule == "G-SEALED"
    with pytest.raises(RuleError) as e:  # 60 cards but only 9 names: 36 within the limit
        build_sealed_deck([c.number for c in cs.cards[:9] for _ in range(7)], cs)
    assert e.value.rule == "R-DECK-4"


# -- the command line -------------------------------------------------------------------------------


def test_g_sealed_cli_json_is_one_document(capsys):
    """`lycee sealed --json`: one JSON document; deck legal per G-SEALED; same seed, same output."""
    assert main(["sealed", "--set", "gamma", "--product", "1s3b", "--seed", "11", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["set"] == "gamma" and doc["product"] == "1s3b" and doc["seed"] == 11
    assert [p["kind"] for p in doc["packs"]] == ["starter", "booster", "booster", "booster"]
    assert sum(doc["deck"].values()) == 40 and sum(doc["spare"].values()) <= 12
    assert sum(doc["pool"].values()) == sum(len(p["cards"]) for p in doc["packs"])
    cs = SETS["gamma"]
    deck = Decklist.from_counts(doc["deck"], doc["spare"])
    pool = [n for p in doc["packs"] for n in p["cards"]]
    assert check_sealed_deck(deck, pool, cs) == []
    assert 0 < doc["score"]["total"] <= 100
    main(["sealed", "--set", "gamma", "--product", "1s3b", "--seed", "11", "--json"])
    assert json.loads(capsys.readouterr().out) == doc


def test_g_sealed_cli_text_shows_pool_by_attribute_and_decklist(capsys):
    """`lycee sealed`: the pool grouped by attribute, then the deck as decklist text (G-SEALED)."""
    assert main(["sealed", "--set", "alpha", "--product", "2s", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "seed 4" in out and "Pool: 64 cards" in out
    assert "雪 snow (" in out and "無 star (" in out
    deck_text = out.split("Deck: 40 cards")[1].split("\n", 1)[1]
    lines = [ln for ln in deck_text.splitlines() if ln and ln != "spare:"]
    assert all(ln.split()[1].startswith(("CH-", "EV-", "IT-", "AR-")) for ln in lines)


def test_g_sealed_cli_errors_exit_1_with_rule(capsys):
    """Unknown set code: one line on stderr naming the known sets and a rule id; exit 1."""
    assert main(["sealed", "--set", "zeta", "--product", "2s"]) == 1
    err = capsys.readouterr().err
    assert "zeta" in err and "alpha" in err and "[G-CARDS-VERSIONS]" in err


def test_catalog_for_is_cached():
    """The per-set catalog the deck checks use is built once (speed of G-SEALED checks)."""
    cs = SETS["alpha"]
    assert catalog_for(cs) is catalog_for(cs)
    assert isinstance(open_sealed(cs, "2s", random.Random(0)), SealedPool)


@pytest.mark.parametrize(
    ("product", "lang", "said", "never"),
    [
        ("2s", "en", "): 2 starters, seed 4", "starter(s)"),
        ("1s3b", "en", "): 1 starter + 3 boosters, seed 4", "booster(s)"),
        ("2s", "ja", "）・スターターデッキ2個・", "スターター2パック"),
        ("1s3b", "ja", "）・スターターデッキ1個＋ブースター3パック・", "ブースター0"),
    ],
)
def test_g_sealed_the_product_reads_as_words_in_both_languages(capsys, product, lang, said, never):
    """G-SEALED (issue 48 item 19): what a sealed product opens reads as people say it:
    '2 starters', '1 starter + 3 boosters' (not '2 starter(s) + 0 booster(s)'); in
    Japanese スターターデッキ2個 (a starter is a deck, not a pack)."""
    assert main(["--lang", lang, "sealed", "--set", "alpha", "--product", product, "--seed", "4"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert said in first and never not in first
