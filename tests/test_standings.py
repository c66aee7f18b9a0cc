"""Standings: G-SWISS-POINTS, G-SWISS-RANK, G-TIE-1, G-TIE-PLAYOFF, G-DROP-1,
tiebreakers after MTR Appendix C as docs/rules.md fixes them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import LyceeError, RuleError
from core.event.model import Match, Player, Round
from core.tournament.ranking import standings_json
from core.tournament.standings import pair_playoff, standings, tied_groups
from tests.engine_helpers import make_event, simulate


def worked_event(**kw):
    """Two rounds, five players (figures worked out by hand in the tests)."""
    ps = tuple(Player(p, p.upper()) for p in "abcde")
    r1 = Round(
        1,
        "swiss",
        (
            Match(1, "a", "b", 2, 0, 0, "p1"),
            Match(2, "c", "d", 2, 1, 0, "p1"),
            Match(3, "e", None, 2, 0, 0, "bye"),
        ),
    )
    r2 = Round(
        2,
        "swiss",
        (
            Match(1, "a", "c", 2, 1, 0, "p1"),
            Match(2, "e", "b", 1, 1, 1, "draw"),
            Match(3, "d", None, 2, 0, 0, "bye"),
        ),
    )
    return make_event(players=ps, rounds=(r1, r2), **kw)


def row(rows, pid):
    return next(r for r in rows if r.id == pid)


def test_worked_example_points_and_records_g_swiss_points():
    """G-SWISS-POINTS: win 3, draw 1, loss 0; a bye is a win (3 points)."""
    rows = standings(worked_event())
    got = {r.id: (r.points, r.record, r.byes, r.matches) for r in rows}
    assert got == {
        "a": (6, "2-0-0", 0, 2),
        "b": (1, "0-1-1", 0, 2),
        "c": (3, "1-1-0", 0, 2),
        "d": (3, "1-1-0", 1, 2),
        "e": (4, "1-0-1", 1, 2),
    }


def test_worked_example_tiebreakers_mtr_appendix_c_g_swiss_rank():
    """G-SWISS-RANK (MTR App. C): MWP/GWP floored at 0.33, OMW/OGW the mean of
    the opponents' floored figures, byes are not opponents, bye = 2-0 games,
    a drawn game is worth 1 game point; OP = opponents' match points."""
    rows = standings(worked_event())
    a, b, c, d, e = (row(rows, x) for x in "abcde")
    approx = pytest.approx
    # own GWP: a 12/15, b 4/15 -> 0.33 floor, c 9/18, d 9/15 (bye 2-0), e 10/15
    assert (a.gw, b.gw, c.gw, d.gw, e.gw) == approx((0.8, 0.33, 0.5, 0.6, 10 / 15))
    # own MWP: b 1/6 -> 0.33
    assert (a.mwp, b.mwp, c.mwp, e.mwp) == approx((1.0, 0.33, 0.5, 4 / 6))
    # OMW: a (b .33, c .5); b (a 1, e .667); c (d .5, a 1); d (c) only; e (b) only
    assert (a.omw, b.omw, c.omw, d.omw, e.omw) == approx((0.415, (1 + 4 / 6) / 2, 0.75, 0.5, 0.33))
    assert (a.ogw, b.ogw, c.ogw, d.ogw, e.ogw) == approx((0.415, (0.8 + 10 / 15) / 2, 0.7, 0.5, 0.33))
    assert (a.op, b.op, c.op, d.op, e.op) == (4, 10, 9, 3, 1)


def test_order_and_chain_in_order_g_swiss_rank():
    """G-SWISS-RANK: points first, then the event's chain in its order."""
    assert [r.id for r in standings(worked_event())] == ["a", "e", "c", "d", "b"]  # omw: c .75 > d .5
    assert [r.id for r in standings(worked_event(tiebreakers=("gw",)))] == ["a", "e", "d", "c", "b"]
    assert [r.id for r in standings(worked_event(tiebreakers=("op",)))] == ["a", "e", "c", "d", "b"]
    assert [r.rank for r in standings(worked_event())] == [1, 2, 3, 4, 5]


def test_empty_chain_shares_places_g_tie_1():
    """G-TIE-1: with no tiebreakers equal points share a place (1,2,3,3,5)."""
    rows = standings(worked_event(tiebreakers=()))
    assert [r.rank for r in rows] == [1, 2, 3, 3, 5]
    assert [r.shared for r in rows] == [False, False, True, True, False]
    assert [r.id for r in rows][2:4] == ["c", "d"]  # registration order inside


def symmetric_event(n=4, **kw):
    ps = tuple(Player(p, p.upper()) for p in "abcdef"[:n])
    r1 = Round(1, "swiss", tuple(Match(t + 1, ps[2 * t].id, ps[2 * t + 1].id, 2, 0, 0, "p1") for t in range(n // 2)))
    return make_event(players=ps, rounds=(r1,), **kw)


def test_equal_on_every_tiebreaker_share_a_rank_g_tie_1():
    """G-TIE-1: equal points and equal on every tiebreaker in use: shared rank."""
    rows = standings(symmetric_event())
    assert [(r.id, r.rank) for r in rows] == [("a", 1), ("c", 1), ("b", 3), ("d", 3)]
    assert tied_groups(symmetric_event()) == [("a", "c"), ("b", "d")]


def test_double_loss_gives_both_a_loss_g_swiss_points():
    """G-SWISS-POINTS: a double loss is a loss (0 points) for both players."""
    ps = (Player("a", "A"), Player("b", "B"))
    ev = make_event(players=ps, rounds=(Round(1, "swiss", (Match(1, "a", "b", 0, 0, 0, "double_loss"),)),))
    rows = standings(ev)
    assert [(r.points, r.record, r.rank) for r in rows] == [(0, "0-1-0", 1), (0, "0-1-0", 1)]


def test_only_swiss_rounds_count_g_tie_playoff_g_se():
    """G-TIE-PLAYOFF / G-SE: playoff and elimination rounds never change the
    Swiss figures."""
    ev = worked_event()
    before = [(r.id, r.points, r.record, r.omw, r.gw, r.ogw, r.op) for r in standings(ev)]
    extra = (Round(3, "top", (Match(1, "a", "b", 0, 2, 0, "p2"), Match(2, "c", "d", 2, 0, 0, "p1"))),)
    ev2 = ev.with_(rounds=ev.rounds + extra)
    after = [(r.id, r.points, r.record, r.omw, r.gw, r.ogw, r.op) for r in standings(ev2)]
    assert after == before


def test_dropped_players_keep_their_record_g_drop_1():
    """G-DROP-1: results already played stay; the row says "dropped", and the
    player still counts as an opponent with the rounds they played."""
    ev = worked_event()
    ps = tuple(replace(p, dropped_after_round=1) if p.id == "b" else p for p in ev.players)
    rows = standings(ev.with_(players=ps))
    assert row(rows, "b").status == "dropped"
    assert row(rows, "b").record == "0-1-1"
    assert row(rows, "a").omw == pytest.approx(0.415)


def test_unreported_matches_do_not_count_g_swiss_points():
    """G-SWISS-POINTS: a match counts once its result is in."""
    ev = worked_event()
    r3 = Round(3, "swiss", (Match(1, "a", "e"), Match(2, "c", "d", 2, 0, 0, "p1"), Match(3, "b", None, 2, 0, 0, "bye")))
    rows = standings(ev.with_(rounds=ev.rounds + (r3,)))
    assert row(rows, "a").record == "2-0-0"
    assert row(rows, "c").record == "2-1-0"


def test_to_json_has_exactly_the_contract_keys():
    """the command line in README.md: the command line in README.md: `standings --json` rows; fractions rounded to 4 places."""
    rows = standings(worked_event())
    assert rows[0].to_json() == {
        "rank": 1,
        "id": "a",
        "name": "A",
        "points": 6,
        "record": "2-0-0",
        "op": 4,
        "omw": 0.415,
        "gw": 0.8,
        "ogw": 0.415,
        "status": "active",
    }
    b = row(rows, "b").to_json()
    assert b["omw"] == 0.8333 and b["ogw"] == 0.7333
    doc = standings_json(worked_event())
    assert doc["round"] == 2 and len(doc["standings"]) == 5
    assert standings_json(make_event(3)) == {
        "round": 0,
        "standings": [
            {
                "rank": 1,
                "id": p,
                "name": n,
                "points": 0,
                "record": "0-0-0",
                "op": 0,
                "omw": 0.0,
                "gw": 0.0,
                "ogw": 0.0,
                "status": "active",
            }
            for p, n in (("p001", "Player 1"), ("p002", "Player 2"), ("p003", "Player 3"))
        ],
    }


def test_unknown_tiebreaker_is_refused():
    """G-TIE-1: only op, omw, gw, ogw can order tied players."""
    with pytest.raises(LyceeError, match="tiebreaker"):
        standings(worked_event(tiebreakers=("sos",)))


# --------------------------------------------------------------------------
# playoffs


def test_playoff_orders_only_its_players_g_tie_playoff():
    """G-TIE-PLAYOFF: the winner moves above the loser inside the shared place;
    points and figures are untouched; other shared places stay shared."""
    ev = symmetric_event()
    ms = pair_playoff(ev, ["a", "c"])
    assert len(ms) == 1 and set(ms[0].players()) == {"a", "c"}
    po = Round(2, "playoff", (replace(ms[0], p1="c", p2="a", p1_wins=2, p2_wins=1, outcome="p1"),))
    ev2 = ev.with_(rounds=ev.rounds + (po,))
    rows = standings(ev2)
    assert [(r.id, r.rank, r.points, r.record) for r in rows] == [
        ("c", 1, 3, "1-0-0"),
        ("a", 2, 3, "1-0-0"),
        ("b", 3, 0, "0-1-0"),
        ("d", 3, 0, "0-1-0"),
    ]
    assert rows[0].playoff and rows[1].playoff and not rows[2].playoff
    assert tied_groups(ev2) == [("b", "d")]
    assert standings_json(ev2)["round"] == 1


def test_playoff_refused_unless_tied_g_tie_playoff():
    """G-TIE-PLAYOFF: a playoff is only among players who share the place,
    and all of them."""
    ev = symmetric_event(6)
    with pytest.raises(RuleError) as err:
        pair_playoff(ev, ["a", "b"])
    assert err.value.rule == "G-TIE-PLAYOFF"
    with pytest.raises(RuleError, match="every player tied"):
        pair_playoff(ev, ["a", "c"])  # e is tied with them too
    with pytest.raises(RuleError):
        pair_playoff(ev, ["a"])


def test_three_way_playoff_as_a_small_bracket_g_tie_playoff():
    """G-TIE-PLAYOFF: three tied players: a bye and a match, then a final;
    the loser of the first match is third, the places end fully ordered."""
    ev = symmetric_event(6)
    ms = pair_playoff(ev, ["a", "c", "e"])
    assert [m.p2 is None for m in ms] == [False, True]  # the bye on the last table
    assert ms[1].p1 == "a" and set(ms[0].players()) == {"c", "e"}
    r2 = Round(2, "playoff", (replace(ms[0], p1_wins=2, outcome="p1"), ms[1]))
    ev = ev.with_(rounds=ev.rounds + (r2,))
    w = ms[0].p1
    lo = ms[0].p2
    assert tied_groups(ev)[0] == tuple(sorted(["a", w]))
    final = pair_playoff(ev, ["a", w])
    r3 = Round(3, "playoff", (replace(final[0], p1_wins=2, outcome="p1"),))
    ev = ev.with_(rounds=ev.rounds + (r3,))
    rows = standings(ev)
    assert [r.id for r in rows[:3]] == [final[0].p1, final[0].p2, lo]
    assert [r.rank for r in rows[:3]] == [1, 2, 3]
    assert tied_groups(ev) == [("b", "d", "f")]


def test_playoff_refused_while_results_are_missing():
    """G-TIE-PLAYOFF: no playoff while a result is missing."""
    ev = symmetric_event()
    ev = ev.with_(rounds=ev.rounds + (Round(2, "swiss", (Match(1, "a", "c"),)),))
    with pytest.raises(RuleError, match="missing"):
        pair_playoff(ev, ["a", "c"])


def test_tied_groups_active_only():
    """G-TIE-1: the groups still sharing a place, active players only."""
    ev = symmetric_event()
    ps = tuple(replace(p, dropped_after_round=1) if p.id == "d" else p for p in ev.players)
    assert tied_groups(ev.with_(players=ps), active_only=True) == [("a", "c")]


# --------------------------------------------------------------------------
# properties


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 40),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 10**6),
    chain=st.sampled_from([(), ("omw", "gw", "ogw"), ("op",), ("gw", "op", "ogw", "omw")]),
)
def test_properties_points_add_up_and_ranks_are_consistent_g_tie_1(n, rounds, seed, chain):
    """G-SWISS-POINTS: 3 points per decided match (byes too), 2 per drawn
    match, 0 per double loss; G-TIE-1: ranks are 1 + the players strictly
    above, shared exactly when points and every tiebreaker in use are equal."""
    ev = simulate(n, rounds, seed, draw_rate=0.2, drop_rate=0.05, dl_rate=0.05, tiebreakers=chain)
    rows = standings(ev)
    decided = drawn = 0
    for r in ev.swiss_rounds:
        for m in r.matches:
            if m.outcome in ("p1", "p2", "bye"):
                decided += 1
            elif m.outcome == "draw":
                drawn += 1
    assert sum(r.points for r in rows) == 3 * decided + 2 * drawn
    assert {r.id for r in rows} == {p.id for p in ev.players}
    for r in rows:
        assert r.points == 3 * r.wins + r.draws
        assert 0.33 <= r.gw <= 1 and 0.33 <= r.mwp <= 1
        assert r.omw == 0 or 0.33 <= r.omw <= 1

    def key(r):
        vals = {"op": r.op, "omw": round(r.omw, 9), "gw": round(r.gw, 9), "ogw": round(r.ogw, 9)}
        return (r.points, *(vals[t] for t in chain))

    for pos, r in enumerate(rows):
        above = sum(1 for x in rows if key(x) > key(r))
        assert r.rank == above + 1
        assert r.shared == (sum(1 for x in rows if key(x) == key(r)) > 1)
        if pos:
            assert key(rows[pos - 1]) >= key(r)


def test_standings_of_a_large_event_are_ordered():
    """G-SWISS-RANK: a 512-player, 9-round event is ranked by points, ranks never going back.
    (Its speed is measured in benchmarks/pairing.py, not here.)"""
    ev = simulate(512, 9, seed=1, drop_rate=0.02)
    rows = standings(ev)
    assert len(rows) == 512
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    assert all(a.rank <= b.rank for a, b in zip(rows, rows[1:]))


def test_g_swiss_points_a_bye_counts_at_once_in_the_provisional_standings():
    """A bye is a 3-point win (G-SWISS-POINTS), counted as soon as it is
    paired, as a recorded win is: while the round's results are still coming
    in, its player is not ranked with 0 below the players who lost (issue 48)."""
    from core.event.model import Event, Match, Player, Round
    from core.tournament.ranking import standings_json
    from core.tournament.standings import standings

    ps = tuple(Player(f"p{i}", n) for i, n in enumerate("ABC", 1))
    r1 = Round(1, "swiss", (Match(1, "p1", "p2"), Match(2, "p3", None, 2, 0, 0, "bye")))
    ev = Event(id="e", name="x", date="2026-11-30", players=ps, rounds=(r1,))
    assert {r.id: r.points for r in standings(ev)}["p3"] == 3
    assert standings_json(ev)["provisional"] is True
    done = ev.with_round(Round(1, "swiss", (Match(1, "p1", "p2", 2, 0, 0, "p1"), r1.matches[1])))
    assert {r.id: r.points for r in standings(done)} == {"p1": 3, "p2": 0, "p3": 3}
    assert "provisional" not in standings_json(done)


def test_g_tie_1_a_toy_tiebreaker_added_through_the_registry_reaches_json_export_and_the_table(monkeypatch, capsys):
    """G-TIE-1: a tiebreaker is one entry of core.event.tiebreakers (docs/architecture.md,
    "Adding a tiebreaker"): once registered, it orders tied players and shows up in the
    standings JSON rows, the standings export, the command line's table and its label."""
    import json

    from core import labels
    from core.event.tiebreakers import TIEBREAKERS, Tiebreaker
    from core.reports.exports import render

    # a toy: the number of Swiss opponents met, the more the better (a bye is no opponent)
    toy = Tiebreaker(
        "met", lambda: "opponents met", percent=False, scale=lambda b: 1, compute=lambda b: [len(o) for o in b.opps]
    )
    monkeypatch.setitem(TIEBREAKERS, "met", toy)
    ev = worked_event(tiebreakers=("met",))
    rows = standings(ev)
    # c and d both have 3 points: c met two opponents, d one (and a bye), so c is ahead
    assert [r.id for r in rows] == ["a", "e", "c", "d", "b"]
    assert row(rows, "c").rank == 3 and row(rows, "d").rank == 4
    doc = standings_json(ev)
    got = {r["id"]: r for r in doc["standings"]}
    assert got["c"]["met"] == 2 and got["d"]["met"] == 1
    assert list(got["c"])[-2:] == ["met", "status"]  # between the other figures and the status
    table = json.loads(render(ev, "standings", "json"))
    assert "MET" in table["columns"]
    at = table["columns"].index("MET")
    assert {r[1]: r[at] for r in table["rows"]} == {"A": "2", "E": "1", "C": "2", "D": "1", "B": "2"}
    csv = render(ev, "standings", "csv")
    assert csv.splitlines()[0].split(",")[4] == "MET"
    assert labels.tiebreaker_label("met") == "opponents met"
    # a key that is in no table is still refused
    with pytest.raises(LyceeError, match="choose from op, omw, gw, ogw, met"):
        standings(worked_event(tiebreakers=("sos",)))


def test_g_tie_1_every_tiebreaker_is_shown_one_way_op_an_integer_the_rest_percentages():
    """G-TIE-1: one display rule for every face: OP as an integer, the others as
    percentages with two decimals; the JSON keeps the same precision (4 places)."""
    from core.event.tiebreakers import TIEBREAKERS
    from core.i18n import catalog

    assert TIEBREAKERS["op"].text(7) == "7" and TIEBREAKERS["op"].json(7) == 7
    assert TIEBREAKERS["omw"].text(2 / 3) == "66.67%" and TIEBREAKERS["omw"].json(2 / 3) == 0.6667
    rows = standings(worked_event())
    assert row(rows, "b").figure_text("omw") == "83.33%"
    ja = catalog("ja")
    assert all(tb.label() in ja for tb in TIEBREAKERS.values())  # every label has its Japanese
