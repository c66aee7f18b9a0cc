"""Booster draft (limited/draft.py, limited/draftlog.py, `lycee draft`): pods,
seats, passing, picks, the pick timer, decks and the lycee-draft/1 log
(G-DRAFT-1..4, L-DRAFT-POD, G-SPARE-1)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.cards.decks import Decklist, check_draft
from core.cards.sets import load_sample_sets
from core.errors import LyceeError, RuleError, ValidationError
from limited.bots import Bot, RandomPicker
from limited.draft import (
    Draft,
    PickTimer,
    Seat,
    direction,
    run_draft,
    seat_pods,
    seat_table,
    source_seat,
    split_pods,
)
from limited.draftlog import draft_log, dump_log, parse_log, read_log, replay, write_log
from limited.facts import catalog_for, facts_for
from tui.cli import main

SETS = {cs.code: cs for cs in load_sample_sets()}
CODES = sorted(SETS)
FAST = settings(max_examples=50, deadline=None)

tables = st.fixed_dictionaries(
    {
        "code": st.sampled_from(CODES),
        "seats": st.integers(2, 8),
        "packs": st.integers(4, 6),
        "seed": st.integers(0, 2**32),
        "picker": st.sampled_from(["bot", "random", "mixed"]),
    }
)


def _run(t, build=False):
    pk = {"bot": Bot, "random": RandomPicker, "mixed": [Bot if s % 2 else RandomPicker for s in range(t["seats"])]}[
        t["picker"]
    ]
    return run_draft(SETS[t["code"]], t["seats"], t["packs"], t["seed"], picker=pk, build=build)


# -- pods and seats ----------------------------------------------------------------------------------


def test_l_draft_pod_split_examples():
    """L-DRAFT-POD: 10 players -> 5+5, 17 -> 6+6+5, 8 -> one pod, 9 -> 5+4."""
    assert split_pods(10) == (5, 5)
    assert split_pods(17) == (6, 6, 5)
    assert split_pods(8) == (8,)
    assert split_pods(9) == (5, 4)
    assert split_pods(2) == (2,)
    with pytest.raises(RuleError) as e:
        split_pods(1)
    assert e.value.rule == "L-DRAFT-POD"
    with pytest.raises(RuleError):  # pods of at most 2 cannot seat 3 without a pod of 1
        split_pods(3, max_size=2)


@given(n=st.integers(2, 500), max_size=st.integers(3, 12))
def test_l_draft_pod_split_property(n, max_size):
    """L-DRAFT-POD: everyone seated once, as few pods as the size allows, sizes
    differ by at most one, none above the maximum or below 2."""
    sizes = split_pods(n, max_size)
    assert sum(sizes) == n
    assert len(sizes) == -(-n // max_size)
    assert max(sizes) <= max_size and min(sizes) >= 2
    assert max(sizes) - min(sizes) <= 1
    assert list(sizes) == sorted(sizes, reverse=True)


def test_l_draft_pod_nine_seats_in_one_pod_refused():
    """L-DRAFT-POD: a table of 9 is refused with the reason, the split to use and the rule id."""
    with pytest.raises(RuleError) as e:
        Draft(SETS["alpha"], 9, 4, 0)
    assert e.value.rule == "L-DRAFT-POD" and "9" in str(e.value) and "5+4" in str(e.value)
    with pytest.raises(RuleError):
        Draft(SETS["alpha"], 1, 4, 0)


def test_g_draft_4_booster_under_ten_cards_refused():
    """G-DRAFT-4: a deck is packs x 10, so a set whose booster holds 9 cards cannot be drafted."""
    from dataclasses import replace

    from core.cards.model import BoosterDef, RaritySlot

    cs = replace(SETS["alpha"], booster=BoosterDef(9, (RaritySlot("C", 9),), True))
    with pytest.raises(RuleError) as e:
        Draft(cs, 4, 4, 0)
    assert e.value.rule == "G-DRAFT-4" and "alpha" in str(e.value)


@pytest.mark.parametrize("packs", [3, 7, 0])
def test_g_draft_2_pack_count_refused(packs):
    """G-DRAFT-2: 4 to 6 packs per player; 3 or 7 is refused with the rule id."""
    with pytest.raises(RuleError) as e:
        Draft(SETS["alpha"], 8, packs, 0)
    assert e.value.rule == "G-DRAFT-2" and str(packs) in str(e.value)


@given(humans=st.integers(0, 8), extra=st.integers(0, 8), seed=st.integers(0, 2**32))
def test_l_draft_pod_humans_spread_evenly_between_bots(humans, extra, seed):
    """Seats drawn at random, humans spaced evenly round the table: the gaps
    between consecutive humans differ by at most one seat."""
    import random

    n = humans + extra
    if not 2 <= n <= 8:
        return
    names = [f"H{i}" for i in range(humans)]
    seats = seat_table(names, extra, random.Random(seed))
    assert len(seats) == n
    assert sorted(s.name for s in seats if not s.bot) == sorted(names)
    pos = [i for i, s in enumerate(seats) if not s.bot]
    if len(pos) >= 2:
        gaps = [(pos[(i + 1) % len(pos)] - pos[i]) % n for i in range(len(pos))]
        assert max(gaps) - min(gaps) <= 1


@given(humans=st.integers(0, 30), bots=st.integers(0, 30), seed=st.integers(0, 2**32))
def test_l_draft_pod_humans_spread_over_pods(humans, bots, seed):
    """L-DRAFT-POD: pods as even as possible; humans spread over the pods evenly."""
    import random

    if humans + bots < 2:
        return
    pods = seat_pods([f"H{i}" for i in range(humans)], bots, random.Random(seed))
    assert tuple(len(p) for p in pods) == split_pods(humans + bots)
    per = [sum(not s.bot for s in p) for p in pods]
    assert sum(per) == humans and max(per) - min(per) <= 1
    names = [s.name for p in pods for s in p]
    assert len(set(names)) == len(names)


# -- passing and picks ---------------------------------------------------------------------------------


@FAST
@given(t=tables)
def test_g_draft_1_every_opened_card_in_exactly_one_pool(t):
    """G-DRAFT-1: the packs are emptied: every opened card ends in exactly one
    pool; each pool holds packs x booster size cards."""
    res = _run(t)
    opened = Counter(n for rnd in res.opened for p in rnd for n in p)
    pooled = Counter(n for p in res.pools for n in p)
    assert opened == pooled
    size = SETS[t["code"]].booster.size
    assert all(len(p) == t["packs"] * size for p in res.pools)
    assert len(res.picks) == t["seats"] * t["packs"] * size


@FAST
@given(t=tables)
def test_g_draft_1_each_seat_offered_the_pack_the_direction_brings(t):
    """G-DRAFT-1: at pick k of a round, a seat is offered exactly the pack that
    seat s - d*k opened, minus the cards taken from it at earlier picks; the
    direction is +1 for pack 1 and alternates."""
    res = _run(t)
    n = t["seats"]
    taken: dict[tuple[int, int], list[str]] = {}  # (round, opener) -> cards taken so far
    for p in res.picks:
        opener = source_seat(p.seat, p.pick - 1, p.round - 1, n)
        assert opener == (p.seat - direction(p.round - 1) * (p.pick - 1)) % n
        expect = Counter(res.opened[p.round - 1][opener]) - Counter(taken.get((p.round, opener), []))
        assert Counter(p.offered) == expect
        assert p.took in p.offered
        taken.setdefault((p.round, opener), []).append(p.took)
    doc = draft_log(res)
    assert [r["direction"] for r in doc["rounds"]] == [1, -1, 1, -1, 1, -1][: t["packs"]]


@FAST
@given(t=tables)
def test_g_draft_1_log_replays_to_the_same_pools(t):
    """docs/cards.md / G-DRAFT-1: a lycee-draft/1 log, through its text form, replays
    to the same pools (and the seed opens the logged packs)."""
    res = _run(t, build=True)
    doc = json.loads(dump_log(draft_log(res)))
    again = replay(doc, SETS[t["code"]])
    assert again.pools == res.pools
    assert again.decks == res.decks
    assert parse_log(doc).picks == res.picks


@FAST
@given(t=tables)
def test_g_draft_4_bot_decks_are_legal(t):
    """G-DRAFT-4 / G-DRAFT-1 / G-SPARE-1: every built deck is packs x 10 from the
    seat's pool, spares at most 12 from the rest (check_draft finds nothing)."""
    res = _run(t, build=True)
    cs = SETS[t["code"]]
    for pool, deck in zip(res.pools, res.decks):
        assert deck.deck_size == t["packs"] * 10
        assert deck.spare_size <= 12
        assert check_draft(deck, catalog_for(cs), packs=t["packs"], pool=pool) == []


def test_g_draft_3_more_than_four_of_a_name_allowed():
    """G-DRAFT-3: a draft deck may hold more than 4 of a name; the builder uses them."""
    cs = SETS["alpha"]
    best = max((c for c in cs.cards if c.max_copies is None), key=lambda c: (c.rating, c.number))
    res = run_draft(cs, 2, 4, 0, build=False)
    pool = [best.number] * 7 + list(res.pools[0][:40])
    from limited.draft import build_draft_deck

    deck = build_draft_deck(pool, cs, 4)
    assert deck.counts("deck")[best.number] == pool.count(best.number) >= 7


def test_g_draft_4_wrong_size_deck_refused_with_rule():
    """G-DRAFT-4: a deck not packs x 10 is refused by check_draft with the rule id."""
    cs = SETS["beta"]
    res = run_draft(cs, 4, 5, 1)
    deck = res.decks[0]
    c = deck.counts("deck")
    c[next(iter(c))] += 1
    probs = check_draft(Decklist.from_counts(c), catalog_for(cs), packs=5, pool=res.pools[0])
    assert "G-DRAFT-4" in {p.rule for p in probs}


def test_g_draft_1_deterministic_for_a_seed():
    """Same seed, same draft: packs, picks, pools and decks (G-DRAFT-1 replayable)."""
    cs = SETS["gamma"]
    a, b = run_draft(cs, 8, 6, 77), run_draft(cs, 8, 6, 77)
    assert a == b
    assert run_draft(cs, 8, 6, 78).opened != a.opened


# -- humans at the table, the timer ------------------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _mixed(clock=None, timer=None):
    seats = [Seat("Aki", False), Seat("Bot 1"), Seat("Bot 2"), Seat("Bea", False)]
    return Draft(SETS["alpha"], seats, 4, 5, timer=timer, clock=clock)


def test_g_draft_1_humans_pick_bots_pick_by_themselves():
    """G-DRAFT-1: the step waits for the humans; bots have picked already; once
    everyone has, every pack passes in the round's direction."""
    d = _mixed()
    s = d.state()
    assert (s.round, s.pick, s.direction) == (1, 1, 1)
    assert s.waiting == (0, 3) and s.offered[1] is None and s.offered[2] is None
    assert s.pool_sizes == (0, 1, 1, 0)
    first3 = d.offered(3)
    d.pick(0, d.offered(0)[0])
    assert d.pick_number == 1 and d.waiting() == (3,)
    with pytest.raises(RuleError) as e:  # already picked this step
        d.pick(0, "CH-5001")
    assert e.value.rule == "G-DRAFT-1"
    with pytest.raises(RuleError) as e:  # not in the pack
        d.pick(3, "CH-9999")
    assert e.value.rule == "G-DRAFT-1"
    with pytest.raises(LyceeError):
        d.pick(1, "CH-5001")  # a bot seat
    took = first3[2]
    d.pick(3, took)
    assert d.pick_number == 2
    # seat 0 now holds what seat 3 opened, minus seat 3's pick (direction +1)
    expect = Counter(d.opened[0][3]) - Counter([took])
    assert Counter(d.offered(0)) == expect
    assert d.state().passes_to(0) == 1


def test_g_draft_1_mixed_table_runs_to_the_end_and_logs():
    """A UI driving the humans to the end: every pick logged, pools full, log replays."""
    d = _mixed()
    while not d.done:
        for s in d.waiting():
            d.pick(s, d.offered(s)[-1])
    res = d.result()
    assert all(len(p) == 4 * 11 for p in res.pools)
    assert [s["bot"] for s in draft_log(res)["seats"]] == [False, True, True, False]
    assert replay(draft_log(res), SETS["alpha"]).pools == res.pools


def test_pick_timer_by_cards_left_and_timeout_takes_the_bots_choice():
    """G-DRAFT-1: Pick timer (a desk setting): seconds by cards left; the clock is injected;
    an expired human pick takes what the bot would choose; logged as a timeout."""
    timer = PickTimer.of({1: 5, 5: 10, 11: 40})
    assert [timer.seconds(k) for k in (1, 4, 5, 10, 11, 15)] == [5, 5, 10, 10, 40, 40]
    clock = FakeClock()
    d = _mixed(clock, timer)
    assert d.deadline(0) == 1040.0 and d.time_left(0) == 40.0
    assert d.deadline(1) is None  # bots have picked
    clock.t = 1039.9
    assert d.expire() == []
    d.pick(3, d.offered(3)[0])
    offered = d.offered(0)
    want = Bot(facts_for(SETS["alpha"]), 40).choose(offered, ())
    clock.t = 1040.0
    [p] = d.expire()
    assert p.seat == 0 and p.timeout and p.took == want and p.offered == offered
    # the next step started at the expiry: 10 cards left -> 10 s
    assert d.pick_number == 2 and d.deadline(0) == 1050.0
    assert d.timeout_pick(3).timeout
    res = _finish(d)
    log = draft_log(res)
    logged = [(p["pick"], p["seat"]) for p in log["rounds"][0]["picks"] if p.get("timeout")]
    assert logged[:2] == [(1, 0), (2, 3)]
    assert all(
        p.get("timeout", False) == (log["seats"][p["seat"]]["bot"] is False)
        for r in log["rounds"]
        for p in r["picks"]
        if len(p["offered"]) > 1 and (r["round"], p["pick"], p["seat"]) != (1, 1, 3)
    )
    assert replay(log, SETS["alpha"]).pools == res.pools


def _finish(d: Draft):
    while not d.done:
        for s in d.waiting():
            d.timeout_pick(s)
    return d.result()


def test_timer_needs_a_clock_or_a_time():
    """G-DRAFT-1: The timer is computed, never slept: without a clock, expire needs the time."""
    d = _mixed(None, PickTimer())
    assert d.deadline(0) is None
    with pytest.raises(LyceeError):
        d.expire()
    assert d.expire(now=1e12) == []  # no deadlines without a clock


# -- the log: malformed and tampered ------------------------------------------------------------------


@pytest.fixture(scope="module")
def logged():
    res = run_draft(SETS["beta"], 4, 4, 21)
    return res, draft_log(res)


def _bad(doc, cs=None):
    with pytest.raises(ValidationError) as e:
        replay(doc, cs)
    return dict(e.value.problems)


def test_g_draft_1_tampered_log_errors_name_json_paths(logged):
    """A log whose picks or packs break G-DRAFT-1 is refused with the JSON path."""
    res, doc = logged
    cs = SETS["beta"]
    d = json.loads(json.dumps(doc))
    d["rounds"][1]["direction"] = 1
    assert "G-DRAFT-1" in _bad(d)["$.rounds[1].direction"]
    d = json.loads(json.dumps(doc))
    pk = d["rounds"][0]["picks"][5]
    pk["offered"] = pk["offered"][:-1] + ["CH-6001"] if pk["offered"][-1] != "CH-6001" else pk["offered"][:-1]
    if pk["took"] not in pk["offered"]:
        pk["took"] = pk["offered"][0]
    assert "$.rounds[0].picks[5].offered" in _bad(d)
    d = json.loads(json.dumps(doc))
    d["rounds"][0]["picks"][2]["took"] = "CH-9999"
    assert "not among the cards offered" in _bad(d)["$.rounds[0].picks[2].took"]
    d = json.loads(json.dumps(doc))
    d["pools"][2]["pool"] = d["pools"][2]["pool"][1:] + ["CH-6001"]
    assert "$.pools[2].pool" in _bad(d)
    d = json.loads(json.dumps(doc))
    d["seed"] = 22
    assert "seed 22" in _bad(d, cs)["$.rounds[0].packs[0]"]
    d = json.loads(json.dumps(doc))
    del d["rounds"][3]["picks"][-1]
    assert "stop at pack 4" in _bad(d)["$.rounds[3].picks"]


def test_malformed_log_lists_every_problem_with_its_path(logged):
    """A malformed lycee-draft/1 document: every problem at once, each with its JSON path
    (and the rule id where a rule decides: G-DRAFT-2, L-DRAFT-POD, G-DRAFT-4)."""
    _, doc = logged
    d = json.loads(json.dumps(doc))
    d["schema"] = "lycee-draft/0"
    d["packs"] = 7
    d["seats"][1]["bot"] = "yes"
    d["seats"].append({"seat": 9, "name": ""})
    d["rounds"][0]["packs"][0][0] = "XX-1"
    d["rounds"][0]["picks"][0]["seat"] = 12
    d["pools"][0]["deck"] = {"CH-6001": -1}
    d["extra"] = 1
    d["x-note"] = "kept"
    probs = _bad(d)
    assert "$.schema" in probs and "$.extra" in probs and "$.x-note" not in probs
    assert "[G-DRAFT-2]" in probs["$.packs"]
    assert "$.seats[1].bot" in probs and "$.seats[4].seat" in probs and "$.seats[4].name" in probs
    assert "$.rounds[0].packs[0][0]" in probs and "$.rounds[0].picks[0].seat" in probs
    assert "$.pools[0].deck.CH-6001" in probs
    with pytest.raises(ValidationError) as e:
        parse_log([1, 2])
    assert e.value.problems[0][0] == "$"
    res, doc = logged
    d = json.loads(json.dumps(doc))
    d["pools"][0]["deck"] = dict(Counter(res.pools[0][:39]))
    assert "[G-DRAFT-4]" in _bad(d, SETS["beta"])["$.pools[0].deck"]


def test_log_file_round_trip(tmp_path, logged):
    """docs/cards.md: write_log / read_log: the file reads back to the same draft; bad JSON names the line."""
    res, doc = logged
    path = tmp_path / "d.json"
    write_log(path, res)
    assert json.loads(path.read_text(encoding="utf-8")) == doc
    assert read_log(path, SETS["beta"]).pools == res.pools
    path.write_text('{\n  "schema": ', encoding="utf-8")
    with pytest.raises(ValidationError) as e:
        read_log(path)
    assert e.value.problems[0][0].startswith("line 2")


def test_l_file_a_draft_log_larger_than_any_log_is_refused_before_it_is_read(tmp_path):
    """L-FILE (every input bounded before it is read): a "draft log" of megabytes is refused naming
    the limit, not read whole and then parsed (a 5 MB file was read and named only its JSON error)."""
    from limited.draftlog import LOG_MAX_BYTES

    path = tmp_path / "big.json"
    path.write_bytes(b" " * (LOG_MAX_BYTES + 1))
    with pytest.raises(ValidationError) as e:
        read_log(path)
    assert e.value.problems == [("file", "more than the 4,194,304 bytes a draft log holds: not read")]


# -- the command line and the layers ---------------------------------------------------------------


def test_g_draft_cli_json_pods_and_logs(tmp_path, capsys):
    """`lycee draft --json`: one document; 10 seats split 5+5 (L-DRAFT-POD), one log a
    pod that replays; decks packs x 10 (G-DRAFT-4)."""
    log = tmp_path / "draft.json"
    assert (
        main(["draft", "--set", "alpha", "--seats", "10", "--packs", "4", "--seed", "3", "--log", str(log), "--json"])
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert [len(p["seats"]) for p in doc["pods"]] == [5, 5]
    assert [p["seed"] for p in doc["pods"]] == [3, 4]
    for pod in doc["pods"]:
        assert all(sum(s["deck"].values()) == 40 for s in pod["seats"])
        res = replay(json.loads(Path(pod["log"]).read_text(encoding="utf-8")), SETS["alpha"])
        assert [dict(Counter(p)) for p in res.pools] == [s["pool"] for s in pod["seats"]]


def test_g_draft_cli_text_and_refusals(capsys):
    """`lycee draft`: readable text with each deck as decklist text; 3 packs refused
    (G-DRAFT-2) with exit 1 and the reason on stderr."""
    assert main(["draft", "--set", "beta", "--seats", "3", "--packs", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 seats in 1 pod (" in out and "deck 50 cards" in out and out.count("# Pod 1, Seat") == 3
    assert main(["draft", "--set", "beta", "--seats", "8", "--packs", "3"]) == 1
    assert "[G-DRAFT-2]" in capsys.readouterr().err
    assert main(["draft", "--set", "beta", "--seats", "1", "--packs", "4"]) == 1
    assert "[L-DRAFT-POD]" in capsys.readouterr().err


def test_limited_imports_without_the_ui():
    """docs/architecture.md: limited never imports tui, textual or rich (fresh interpreter)."""
    code = (
        "import sys, limited.packs, limited.sealed, limited.draft, limited.bots, limited.score, "
        "limited.draftlog; bad = [m for m in ('textual', 'rich', 'tui') if m in sys.modules]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- issue 28: the pick review ----------------------------------------------------------------------


def test_draft_review_json_matches_the_log_it_reads(tmp_path, capsys):
    """`lycee draft review LOG --seat N --json` (the command line in README.md): one entry a pick of
    the seat, in order, with what the log says was offered and taken; the bot's
    suggestion is one of the offered cards, with a reason; on a table of bots the
    review's bot agrees with every pick the seat's bot made (the same bot)."""
    log = tmp_path / "d.json"
    assert (
        main(["draft", "--set", "gamma", "--seats", "6", "--packs", "5", "--seed", "11", "--log", str(log), "--json"])
        == 0
    )
    capsys.readouterr()
    doc = json.loads(log.read_text(encoding="utf-8"))
    assert main(["draft", "review", str(log), "--seat", "4", "--json"]) == 0
    rv = json.loads(capsys.readouterr().out)
    mine = [(r["round"], p) for r in doc["rounds"] for p in r["picks"] if p["seat"] == 4]
    assert rv["seat"] == 4 and len(rv["picks"]) == len(mine) == 5 * 12
    for got, (rnd, p) in zip(rv["picks"], mine):
        assert (got["pack"], got["pick"], got["offered"], got["took"]) == (rnd, p["pick"], p["offered"], p["took"])
        assert got["suggested"] in got["offered"] and got["reason"]
        assert got["differs"] is False
    assert [s["seat"] for s in rv["seats"]] == list(range(6))


@pytest.mark.parametrize("packs", [4, 5])
def test_g_draft_1_review_names_the_packs_that_came_from_each_side(tmp_path, capsys, packs):
    """G-DRAFT-1 (odd packs pass to the next seat, even ones back): the review's last line names
    the packs of this draft from each side; a 4-pack draft said 'packs 1, 3, 5' and 'packs 2, 4, 6'."""
    from core.i18n import set_language

    log = tmp_path / "d.json"
    assert main(["draft", "--set", "alpha", "--seats", "4", "--packs", str(packs), "--log", str(log)]) == 0
    capsys.readouterr()
    odd, even = ("1, 3", "2, 4") if packs == 4 else ("1, 3, 5", "2, 4")
    try:
        assert main(["draft", "review", str(log)]) == 0
        last = capsys.readouterr().out.strip().splitlines()[-1]
        assert f"(packs {odd})" in last and f"(packs {even})" in last, last
        assert main(["--lang", "ja", "draft", "review", str(log)]) == 0
        last = capsys.readouterr().out.strip().splitlines()[-1]
        assert f"（パック{odd.replace(', ', '・')}）" in last and f"（パック{even.replace(', ', '・')}）" in last, last
    finally:
        set_language("en")


def test_draft_review_marks_where_a_human_differs_and_refuses_a_bad_seat(tmp_path, capsys):
    """Issue 28 review: a human seat that always took the last card of the pack is
    marked where the bot would have taken another (`*` in the text, "differs" in
    JSON); --seat out of range exits 1 naming the seats and --seat."""
    cs = SETS["alpha"]
    d = Draft(cs, [Seat("Aki", False)] + [Seat(f"Bot {i}") for i in range(1, 4)], 4, 5)
    while not d.done:
        d.pick(0, d.offered(0)[-1])
    path = tmp_path / "h.json"
    write_log(path, d.result())
    assert main(["draft", "review", str(path), "--json"]) == 0  # default: the human seat
    rv = json.loads(capsys.readouterr().out)
    assert rv["seat"] == 0 and rv["name"] == "Aki"
    differs = [p for p in rv["picks"] if p["differs"]]
    assert differs and all(p["took"] == p["offered"][-1] != p["suggested"] for p in differs)
    assert main(["draft", "review", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n* ") == len(differs) and "Aki" in out
    assert main(["draft", "review", str(path), "--seat", "7"]) == 1
    err = capsys.readouterr().err
    assert "0 to 3" in err and "--seat" in err
