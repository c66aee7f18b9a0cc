"""Issue 30: the exact pairing check of `lycee verify` (core/reports/verify_exact.py):
its formulations agree, and the lower bound is one (DESIGN section 5
(a)-(c); G-SWISS-PAIR-1, G-SWISS-PAIR-2, L-PAIR-GAP)."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from core.reports.verify import PairCost, max_matching
from core.reports.verify_exact import dp_minimum, lower_bound, matching_minimum


def _instance(seed: int, n: int):
    rng = random.Random(seed)
    players = [f"q{i}" for i in range(n)]
    pts = {p: rng.choice([0, 1, 3, 4, 6, 9]) for p in players}
    met = {}
    for _ in range(rng.randint(0, 3 * n)):
        a, b = rng.sample(players, 2)
        met[frozenset((a, b))] = 1
    return players, pts, met


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), half=st.integers(1, 7))
def test_the_bound_the_search_and_the_matching_agree_g_swiss_pair_1(seed, half):
    """Property: networkx's minimum-cost matching finds the exhaustive
    search's least cost; the lower bound never exceeds it."""
    players, pts, met = _instance(seed, 2 * half)
    cost = PairCost(pts, met, players)
    best = dp_minimum(players, cost.pair)
    got, pairing = matching_minimum(players, cost.pair)
    assert got == best
    assert sorted(x for ab in pairing for x in ab) == sorted(players)
    adj = [set() for _ in players]
    for i, a in enumerate(players):
        for j, b in enumerate(players):
            if i != j and frozenset((a, b)) not in met:
                adj[i].add(j)
    least = half - max_matching(len(players), adj)
    assert cost.parts(best)[0] == least  # (a): the least rematches, as the blossom count says
    assert lower_bound(players, pts, least, cost.fold) <= best


def test_a_round_meeting_the_bound_is_optimal_without_a_search():
    """Two groups, no meetings: pairing inside the groups meets the bound."""
    players = ["a", "b", "c", "d"]
    pts = {"a": 3, "b": 3, "c": 0, "d": 0}
    cost = PairCost(pts, {}, players)
    assert lower_bound(players, pts, 0, cost.fold) == 0 == cost.pair("a", "b") + cost.pair("c", "d")
