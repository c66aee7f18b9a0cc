"""Keep apart in the Swiss pairing: an apart pair is avoided as if the two
had met, within the points order (G-SWISS-PAIR-2 "within G-SWISS-PAIR-1";
core/tournament/pairing.py, criterion A after S)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.event.model import Match, Player, Round
from core.tournament.pairing import pair_swiss, pairing_cost
from tests.engine_helpers import make_event, random_history, reference_cost, simulate


def custom(points: dict[str, int], met=(), apart=()):
    """Players on ``points`` (multiples of 3, from byes); ``met`` pairs met
    in a double loss; ``apart`` kept apart."""
    ps = tuple(Player(pid, pid.upper()) for pid in points)
    ms = []
    for pid, pts in points.items():
        ms += [Match(0, pid, None, 2, 0, 0, "bye")] * (pts // 3)
    for a, b in met:
        ms.append(Match(0, a, b, 0, 0, 0, "double_loss"))
    ms = tuple(replace(m, table=t) for t, m in enumerate(ms, start=1))
    rounds = (Round(1, "swiss", ms),) if ms else ()
    return make_event(players=ps, rounds=rounds, apart=tuple(tuple(sorted(p)) for p in apart))


def pairs_of(matches):
    return {frozenset(m.players()) for m in matches if m.p2 is not None}


def test_apart_pair_is_never_paired_in_round_one_g_swiss_pair_2():
    """G-SWISS-PAIR-2's sense: round 1 (one score group) always has a pairing
    without the apart pair, so it is never made, whatever the seed."""
    ev = make_event(6).with_(apart=(("p001", "p002"),))
    for seed in range(200):
        ms = pair_swiss(ev, random.Random(seed))
        assert frozenset(("p001", "p002")) not in pairs_of(ms), seed
        assert pairing_cost(ev, ms).apart == 0


def test_apart_never_above_the_points_order_g_swiss_pair_1():
    """G-SWISS-PAIR-1 first: the only two players on 6 points are kept apart,
    but separating them would send both down a score group; they are paired."""
    ev = custom({"a": 6, "b": 6, "c": 3, "d": 3}, apart=[("a", "b")])
    for seed in range(30):
        ms = pair_swiss(ev, random.Random(seed))
        assert frozenset(("a", "b")) in pairs_of(ms)
        cost = pairing_cost(ev, ms)
        assert cost.floats == (0,) and cost.apart == 1


def test_apart_never_causes_a_rematch_g_swiss_pair_2():
    """A rematch (G-SWISS-PAIR-2) weighs more than a keep-apart: a and b kept
    apart, a has met c and d; the only pairing without a rematch pairs a and b."""
    ev = custom({"a": 0, "b": 0, "c": 0, "d": 0}, met=[("a", "c"), ("a", "d")], apart=[("a", "b")])
    for seed in range(30):
        ms = pair_swiss(ev, random.Random(seed))
        assert pairs_of(ms) == {frozenset("ab"), frozenset("cd")}
        assert pairing_cost(ev, ms).rematches == 0


def test_apart_chooses_the_floater_g_swiss_pair_2():
    """Within the points order keep-apart still acts: 3 players on 3 points,
    one floats down to the single 0-point player; the floater is never the one
    kept apart from that player, and the apart pair is never made."""
    ev = custom({"a": 3, "b": 3, "c": 3, "d": 0, "e": 0, "f": 0}, apart=[("a", "d"), ("b", "d")])
    for seed in range(60):
        ms = pair_swiss(ev, random.Random(seed))
        assert pairing_cost(ev, ms).full_vector == (0, 1, 9, 0), seed
        assert not pairs_of(ms) & {frozenset("ad"), frozenset("bd")}


def test_apart_pair_with_a_dropped_player_changes_nothing():
    """A pair whose player no longer plays leaves the draw as it was."""
    ev = simulate(10, 2, seed=3)
    gone = replace(ev.players[0], dropped_after_round=2)
    ev = ev.with_(players=(gone,) + ev.players[1:])
    kept = ev.with_(apart=((ev.players[0].id, ev.players[1].id),))
    assert pair_swiss(kept, random.Random(4)) == pair_swiss(ev, random.Random(4))


def test_without_apart_pairs_every_draw_is_unchanged():
    """Events without apart pairs pair exactly as before keep-apart existed
    (docs/rules.md (d): same seed, same draw): a digest of 300 rounds computed with
    the pairing of main at 3b4daaf, before this change."""
    h = hashlib.sha256()
    for seed in range(300):
        r = random.Random(seed)
        n = r.randint(2, 40)
        rounds = r.randint(0, 9)
        ev = random_history(n, rounds, seed) if seed % 2 else simulate(n, rounds, seed, drop_rate=0.05)
        if len(ev.eligible()) < 2:
            continue
        ms = pair_swiss(ev, random.Random(seed))
        h.update(repr([(m.table, m.p1, m.p2) for m in ms]).encode())
    assert h.hexdigest() == "e1e0c38c09f23da2fa50387693c408292e07da9fea24eb41885987cee4900c26"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 24),
    rounds=st.integers(0, 6),
    seed=st.integers(0, 10**6),
    swiss=st.booleans(),
    k=st.integers(0, 8),
)
def test_apart_pairs_avoided_whenever_the_points_order_allows_g_swiss_pair_1_2(n, rounds, seed, swiss, k):
    """G-SWISS-PAIR-1/2 with keep-apart: on random events with random apart
    pairs, the pairing is optimal for (R, f..., S) as without them, and makes
    an apart pair only when every pairing equal on those criteria makes as
    many (networkx's exact optimum of the full vector (R, f..., S, A))."""
    ev = simulate(n, rounds, seed, drop_rate=0.05) if swiss else random_history(n, rounds, seed)
    if len(ev.eligible()) < 2:
        return
    r = random.Random(seed ^ 0x5EED)
    ids = [p.id for p in ev.players]
    apart = {tuple(sorted(r.sample(ids, 2))) for _ in range(k)} if len(ids) >= 2 else set()
    kept = ev.with_(apart=tuple(sorted(apart)))
    ms = pair_swiss(kept, random.Random(seed))
    cost = pairing_cost(kept, ms)
    assert cost.full_vector == reference_cost(kept, ms, with_apart=True)
    # keep-apart never makes the criteria above it worse than the plain optimum
    assert cost.vector == reference_cost(ev, pair_swiss(ev, random.Random(seed)))
    seen = [x for m in ms for x in m.players()]
    assert sorted(seen) == sorted(p.id for p in ev.eligible())


def test_apart_on_larger_fields_matches_the_exact_optimum_g_swiss_pair_1_2():
    """G-SWISS-PAIR-1/2 with keep-apart on fields of 30-64 players (fast path
    and exact windows together): the full vector equals networkx's optimum."""
    for seed in range(12):
        r = random.Random(seed)
        n = r.randint(30, 64)
        ev = (
            simulate(n, r.randint(1, 5), seed, drop_rate=0.05) if seed % 2 else random_history(n, r.randint(1, 5), seed)
        )
        ids = [p.id for p in ev.players]
        ev = ev.with_(apart=tuple(sorted({tuple(sorted(r.sample(ids, 2))) for _ in range(n // 2)})))
        ms = pair_swiss(ev, random.Random(seed))
        assert pairing_cost(ev, ms).full_vector == reference_cost(ev, ms, with_apart=True), seed


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 24), rounds=st.integers(1, 5), seed=st.integers(0, 10**6), k=st.integers(1, 6))
def test_apart_pairs_of_players_who_no_longer_play_change_no_draw(n, rounds, seed, k):
    """docs/rules.md (d): the same seed gives the same draw when the only apart
    pairs involve a dropped player (nobody to keep apart this round)."""
    ev = simulate(n, rounds, seed)
    r = random.Random(seed)
    gone = r.choice(ev.players).id
    ev = ev.with_(
        players=tuple(replace(p, dropped_after_round=len(ev.rounds)) if p.id == gone else p for p in ev.players)
    )
    if len(ev.eligible()) < 2:
        return
    others = [p.id for p in ev.players if p.id != gone]
    kept = ev.with_(apart=tuple(sorted({tuple(sorted((gone, r.choice(others)))) for _ in range(k)})))
    assert pair_swiss(kept, random.Random(seed)) == pair_swiss(ev, random.Random(seed))


def test_g_se_elimination_rounds_ignore_keep_apart():
    """G-SE: the top cut is a seeded bracket (1 v N, 2 v N-1): seeds 1 and 4
    kept apart still meet in the first elimination round."""
    from core.tournament.elimination import top_cut
    from core.tournament.standings import standings

    ev = simulate(8, 3, seed=5, draw_rate=0.0)
    order = [row.id for row in standings(ev)]
    cut = top_cut(ev.with_(apart=(tuple(sorted((order[0], order[3]))),)), 4)
    assert cut == top_cut(ev, 4)
    assert {order[0], order[3]} in [set(m.players()) for m in cut]
