"""Single elimination: G-SE (seeded bracket, byes to top seeds, top cut,
third-place match, a winner in every match), G-TIE-PLAYOFF at the cut line,
G-ID-3 (replay hook)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import RuleError
from core.event.model import Match, Player, Round
from core.tournament.elimination import (
    THIRD_PLACE,
    bracket,
    bracket_order,
    champion,
    check_elimination_result,
    final_placings,
    next_elimination_round,
    replay_match,
    single_elimination,
    top_cut,
)
from core.tournament.pairing import pair_swiss
from core.tournament.standings import standings
from tests.engine_helpers import make_event, simulate


def add_round(event, matches, stage="top"):
    return event.with_(rounds=event.rounds + (Round(len(event.rounds) + 1, stage, tuple(matches)),))


def better_seed_wins(event, matches, seeds):
    out = []
    for m in matches:
        if m.p2 is None:
            out.append(m)
        elif seeds[m.p1] < seeds[m.p2]:
            out.append(replace(m, p1_wins=2, outcome="p1"))
        else:
            out.append(replace(m, p2_wins=2, outcome="p2"))
    return add_round(event, out)


def test_bracket_order_standard_seeding_g_se():
    """G-SE seeding: 1 v 8, 4 v 5, 2 v 7, 3 v 6."""
    assert bracket_order(2) == (1, 2)
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_top_seeds_meet_as_late_as_possible_g_se(size):
    """G-SE: pairs sum to N+1, and seeds 1..2^j sit in different blocks of
    size/2^j positions (1 and 2 only meet in the final, 1-4 in the semis...)."""
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    j = 1
    while 2**j <= size:
        block = size // 2**j
        blocks = [order.index(s) // block for s in range(1, 2**j + 1)]
        assert len(set(blocks)) == 2**j
        j += 1


def swiss_done(n=20, rounds=5, seed=3, **kw):
    return simulate(n, rounds, seed, draw_rate=0.0, rounds_planned=rounds, tiebreakers=("omw", "gw", "ogw", "op"), **kw)


def test_top_cut_seeds_from_the_swiss_standings_g_se():
    """G-SE: top 8 from the Swiss standings, 1 v 8, 4 v 5, 2 v 7, 3 v 6."""
    ev = swiss_done()
    ms = top_cut(ev, 8)
    top8 = [r.id for r in standings(ev)][:8]
    assert [(m.table, m.p1, m.p2) for m in ms] == [
        (1, top8[0], top8[7]),
        (2, top8[3], top8[4]),
        (3, top8[1], top8[6]),
        (4, top8[2], top8[5]),
    ]
    assert all(m.outcome is None for m in ms)


def test_top_cut_passes_over_dropped_players_g_drop_1():
    """G-DROP-1: a dropped player is out of everything after, top cut included."""
    ev = swiss_done()
    first = standings(ev)[0].id
    ps = tuple(replace(p, dropped_after_round=5) if p.id == first else p for p in ev.players)
    ms = top_cut(ev.with_(players=ps), 4)
    assert first not in {x for m in ms for x in m.players()}


def test_top_cut_refusals_g_se():
    """G-SE: sizes from 2; not before the Swiss is over; not with fewer
    players; not twice."""
    ev = swiss_done(n=6)
    with pytest.raises(RuleError, match="at least 2 players"):  # issue 30: any N >= 2 (was: 6 refused)
        top_cut(ev, 1)
    six = top_cut(ev, 6)  # byes to the top seeds (docs/rules.md)
    assert [m.p2 is None for m in six] == [True, False, True, False]  # 1 and 2 wait for 4 v 5 and 3 v 6
    with pytest.raises(RuleError, match="needs 8 active players"):
        top_cut(ev, 8)
    early = simulate(20, 3, seed=3, rounds_planned=5)
    with pytest.raises(RuleError, match="3 of 5"):
        top_cut(early, 4)
    unreported = early.with_(rounds=early.rounds + (Round(4, "swiss", (Match(1, "p001", "p002"),)),))
    with pytest.raises(RuleError, match="missing"):
        top_cut(unreported, 4)
    with pytest.raises(RuleError):
        top_cut(make_event(8), 4)
    cut = add_round(ev, top_cut(ev, 4))
    with pytest.raises(RuleError, match="already"):
        top_cut(cut, 4)


def test_top_cut_inside_a_shared_place_needs_a_playoff_g_tie_playoff():
    """G-TIE-PLAYOFF: if the cut line splits a shared place, a playoff first."""
    ps = tuple(Player(p, p.upper()) for p in "abcdef")
    r1 = Round(
        1,
        "swiss",
        (Match(1, "a", "b", 2, 0, 0, "p1"), Match(2, "c", "d", 2, 0, 0, "p1"), Match(3, "e", "f", 2, 0, 0, "p1")),
    )
    ev = make_event(players=ps, rounds=(r1,), rounds_planned=1)
    with pytest.raises(RuleError, match="playoff") as err:
        top_cut(ev, 2)
    assert err.value.rule == "G-TIE-PLAYOFF"
    # after a playoff among a, c, e ordering all three, the cut is possible
    po1 = Round(2, "playoff", (Match(1, "c", "e", 2, 0, 0, "p1"), Match(2, "a", None, 2, 0, 0, "bye")))
    po2 = Round(3, "playoff", (Match(1, "a", "c", 0, 2, 0, "p2"),))
    ev = ev.with_(rounds=ev.rounds + (po1, po2))
    ms = top_cut(ev, 2)
    assert (ms[0].p1, ms[0].p2) == ("c", "a")


def test_whole_event_byes_to_top_seeds_g_se():
    """G-SE: a field that is not a power of two gives byes to the top seeds."""
    ev = make_event(6)
    ms = single_elimination(ev)
    byes = [m.p1 for m in ms if m.p2 is None]
    assert byes == ["p001", "p002"]
    assert [(m.p1, m.p2) for m in ms if m.p2] == [("p004", "p005"), ("p003", "p006")]
    ms5 = single_elimination(make_event(5))
    assert sorted(m.p1 for m in ms5 if m.p2 is None) == ["p001", "p002", "p003"]
    r1 = single_elimination(make_event(16), random.Random(4), seeding="random")
    r2 = single_elimination(make_event(16), random.Random(4), seeding="random")
    assert r1 == r2 and r1 != single_elimination(make_event(16))
    with pytest.raises(RuleError):
        single_elimination(simulate(4, 1, 1))


def test_seeds_one_and_two_meet_in_the_final_with_third_place_g_se():
    """G-SE: with the better seed always winning: QF 1-8 4-5 2-7 3-6, SF 1-4
    2-3, final 1-2, and the planned third-place match 3-4 (noted)."""
    ev = swiss_done(n=16, rounds=4)
    ms = top_cut(ev, 8, third_place=True)
    assert all(m.note == "" for m in ms)  # the plan lives in the round, not in a note
    seeds = {r.id: i + 1 for i, r in enumerate(standings(ev)[:8])}
    ev = better_seed_wins(ev, ms, seeds)
    ev = ev.with_round(replace(ev.rounds[-1], third_place=True))
    semis = next_elimination_round(ev)
    assert [(seeds[m.p1], seeds[m.p2]) for m in semis] == [(1, 4), (2, 3)]
    ev = better_seed_wins(ev, semis, seeds)
    final = next_elimination_round(ev)
    assert [(seeds[m.p1], seeds[m.p2], m.note) for m in final] == [(1, 2, ""), (3, 4, THIRD_PLACE)]
    ev = better_seed_wins(ev, final, seeds)
    assert next_elimination_round(ev) is None
    assert seeds[champion(ev)] == 1
    b = bracket(ev)
    assert [r.label for r in b.rounds] == ["Quarter-final", "Semi-final", "Final"]
    assert b.champion.seed == 1 and b.third_place.winner is not None
    assert seeds[b.third_place.winner] == 3
    # pair_swiss is refused now (G-SE)
    with pytest.raises(RuleError):
        pair_swiss(ev, random.Random(0))


def test_third_place_can_be_chosen_late_g_se():
    ev = swiss_done(n=8, rounds=3)
    ms = top_cut(ev, 4)
    seeds = {r.id: i + 1 for i, r in enumerate(standings(ev)[:4])}
    ev = better_seed_wins(ev, ms, seeds)
    assert len(next_elimination_round(ev)) == 1
    assert [m.note for m in next_elimination_round(ev, third_place=True)] == ["", THIRD_PLACE]


def test_elimination_match_must_name_a_winner_g_se():
    """G-SE: draws and double losses are refused; a replay is the G-ID-3 hook."""
    m = Match(3, "a", "b", 1, 1, 0, "draw")
    with pytest.raises(RuleError, match="must name a winner") as err:
        check_elimination_result(m)
    assert err.value.rule == "G-SE"
    with pytest.raises(RuleError, match="G-SE"):
        check_elimination_result("double_loss")
    with pytest.raises(RuleError, match="G-SE"):
        check_elimination_result("draw")
    assert check_elimination_result(replace(m, p1_wins=2, outcome="p1")) == "a"
    assert check_elimination_result("p2") is None
    again = replay_match(m)
    assert (again.table, again.p1, again.p2, again.outcome, again.note) == (3, "a", "b", None, "replay")


def test_next_round_refuses_draws_and_missing_results_g_se():
    ev = make_event(4)
    ms = single_elimination(ev)
    with pytest.raises(RuleError, match="missing"):
        next_elimination_round(add_round(ev, ms))
    drawn = [replace(ms[0], p1_wins=1, p2_wins=1, outcome="draw"), replace(ms[1], p1_wins=2, outcome="p1")]
    with pytest.raises(RuleError, match="must name a winner"):
        next_elimination_round(add_round(ev, drawn))
    with pytest.raises(RuleError, match="no elimination"):
        next_elimination_round(ev)


def test_dropped_winner_gives_the_opponent_a_bye_g_drop_1():
    """G-DROP-1: a winner who drops plays no more; the next opponent advances."""
    ev = make_event(4)
    ms = single_elimination(ev)
    done = [replace(m, p1_wins=2, outcome="p1") for m in ms]
    ev = add_round(ev, done)
    ps = tuple(replace(p, dropped_after_round=1) if p.id == done[0].p1 else p for p in ev.players)
    final = next_elimination_round(ev.with_(players=ps))
    assert len(final) == 1 and final[0].p2 is None and final[0].p1 == done[1].p1


def test_bracket_picture_fills_in_as_results_arrive_g_se():
    ev = make_event(6)
    assert bracket(ev) is None
    ms = single_elimination(ev)
    ev = add_round(ev, ms)
    b = bracket(ev)
    assert b.size == 8 and len(b.rounds) == 3
    first = b.rounds[0].slots
    assert [s.top.seed for s in first] == [1, 4, 2, 3]
    assert [s.bottom.seed if s.bottom else None for s in first] == [None, 5, None, 6]
    assert [s.bye for s in first] == [True, False, True, False]
    # byes already decided: seeds 1 and 2 wait in the semi-finals
    semis = b.rounds[1].slots
    assert semis[0].top.seed == 1 and semis[0].bottom is None
    assert semis[1].top.seed == 2 and semis[1].bottom is None
    assert b.rounds[2].slots[0].top is None and b.champion is None
    assert b.rounds[0].number == 1 and b.rounds[1].number is None


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 40), seed=st.integers(0, 10**6), third=st.booleans())
def test_whole_bracket_property_g_se(n, seed, third):
    """G-SE: the winner of a match stays in, the last undefeated player wins:
    ceil(log2 n) rounds, every other player loses exactly once."""
    rng = random.Random(seed)
    ev = make_event(n)
    ms = single_elimination(ev, rng, seeding="random", third_place=third)
    losses: dict[str, int] = {}
    rounds = 0
    while ms is not None:
        done = []
        for m in ms:
            if m.p2 is None:
                done.append(m)
                continue
            w = rng.choice(["p1", "p2"])
            done.append(replace(m, p1_wins=2 if w == "p1" else 0, p2_wins=2 if w == "p2" else 0, outcome=w))
            if m.note != THIRD_PLACE:
                loser = done[-1].loser()
                losses[loser] = losses.get(loser, 0) + 1
        ev = add_round(ev, done)
        if rounds == 0:  # the plan is kept in the first elimination round
            ev = ev.with_round(replace(ev.rounds[-1], third_place=third))
        rounds += 1
        ms = next_elimination_round(ev)
    assert rounds == max(1, (n - 1).bit_length())
    champ = champion(ev)
    assert champ is not None and champ not in losses
    assert set(losses) | {champ} == {p.id for p in ev.players}
    assert all(v == 1 for v in losses.values())
    b = bracket(ev)
    assert b.finished and b.champion.id == champ
    if third and n >= 4:
        assert b.third_place is not None
    # G-SE final placings: everybody once, the winner 1st, the finalist 2nd
    places = final_placings(ev)
    assert [p.place for p in places] == list(range(1, n + 1))
    assert places[0].id == champ and {p.id for p in places} == {p.id for p in ev.players}
    if n >= 2:
        fin = [m for m in ev.rounds[-1].matches if m.table == 1][0]
        assert places[1].id == fin.loser()
