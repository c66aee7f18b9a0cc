"""Issue 46, items 6, 7 and 8 through the command line: playoffs for point
ties (G-TIE-PLAYOFF), single elimination as a format of its own (G-SE) and a
time-out in an elimination match (G-BO3-TIME, G-TIME, G-SE).  After each flow
`lycee verify` exits 0 and standings, report and scorecard agree."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.event.model import Event, Player, Round
from core.tournament.elimination import single_elimination
from tests.cli_helpers import run, staffed_event
from tui.screens.event.messages import EventChanged


def ok(capsys, data, *argv) -> str:
    rc, out, err = run(capsys, "--lang", "en", "--data-dir", data, *argv)
    assert rc == 0, err
    return out


def refused(capsys, data, *argv) -> str:
    rc, out, err = run(capsys, "--lang", "en", "--data-dir", data, *argv)
    assert rc != 0, out
    return err


def pairings(capsys, data, eid, *extra) -> list[dict]:
    return json.loads(ok(capsys, data, "pair", eid, "--json", *extra))["pairings"]


def verified(capsys, data, eid) -> None:
    out = ok(capsys, data, "verify", eid)
    assert "holds" in out


def final_rows(capsys, data, eid) -> list[dict]:
    doc = json.loads(ok(capsys, data, "standings", eid, "--json"))
    assert doc.get("final") is True
    return doc["standings"]


# -- item 7: single elimination as a format (G-SE) ------------------------------------


def test_g_se_rounds_0_pair_starts_the_bracket_in_registration_order(capsys, tmp_path):
    """G-SE: `event new --rounds 0` is single elimination from the start;
    `lycee pair` seeds every player in registration order, byes to the top
    seeds (6 players: seeds 1 and 2 get byes), and the event runs to its
    champion with verify agreeing."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, list("ABCDEF"), "2026-12-05", "--rounds", "0")
    first = pairings(capsys, data, eid)
    byes = [p["p1"]["name"] for p in first if p["p2"] is None]
    assert sorted(byes) == ["A", "B"]  # seeds 1 and 2
    played = {(p["p1"]["name"], p["p2"]["name"]) for p in first if p["p2"] is not None}
    assert played == {("D", "E"), ("C", "F")}  # 4 v 5, 3 v 6
    for p in first:
        if p["p2"] is not None:
            ok(capsys, data, "result", eid, str(p["table"]), "2-0")
    while True:
        rc, out, err = run(capsys, "--lang", "en", "--data-dir", data, "pair", eid, "--json")
        if rc != 0:
            assert "finished" in err
            break
        for p in json.loads(out)["pairings"]:
            if p["p2"] is not None:
                ok(capsys, data, "result", eid, str(p["table"]), "2-0")
    rows = final_rows(capsys, data, eid)
    assert [r["name"] for r in rows][:2] == ["A", "B"]  # p1, the better seed, always won
    verified(capsys, data, eid)
    card = ok(capsys, data, "export", eid, "--what", "scorecard", "--format", "csv")
    assert "Place 1" in card and "Quarter-final" in card


def test_g_se_format_elimination_and_top_with_the_field_seeded_at_random(capsys, tmp_path):
    """G-SE: `--format elimination` is the same as `--rounds 0`; `lycee top
    EVENT N` starts the bracket with N = the field (another N is refused
    naming the field), `--seed` draws the seeding (replayable)."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, list("ABCDE"), "2026-12-05", "--format", "elimination")
    doc = json.loads(ok(capsys, data, "event", "list", "--json"))
    report = ok(capsys, data, "export", eid, "--what", "report", "--format", "csv")
    assert "Tournament format,single elimination" in report  # not Swiss, before round 1 too
    plan = ok(capsys, data, "plan", eid)
    assert "top 4" not in plan and "rounds left: 3" in plan  # the bracket of 5: three rounds
    assert "top 5" in refused(capsys, data, "top", eid, "4")
    drawn = json.loads(ok(capsys, data, "top", eid, "5", "--seed", "7", "--json"))["pairings"]
    assert len([p for p in drawn if p["p2"] is None]) == 3  # 8 positions, 5 players: 3 byes
    assert {p["p1"]["name"] for p in drawn} | {p["p2"]["name"] for p in drawn if p["p2"]} == set("ABCDE")
    assert doc  # the event is listed
    verified(capsys, data, eid)
    assert "--rounds" in refused(capsys, data, "event", "new", "X", "--format", "elimination", "--rounds", "3")


def test_g_se_format_is_fixed_once_paired(capsys, tmp_path):
    """G-SE: the Swiss round count cannot turn an elimination event into a
    Swiss one (or back) once round 1 is paired; before, `event set --rounds 0`
    makes a Swiss event single elimination."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, list("ABCD"), "2026-12-05")
    ok(capsys, data, "event", "set", eid, "--rounds", "0")
    pairings(capsys, data, eid)
    err = refused(capsys, data, "event", "set", eid, "--rounds", "3")
    assert "G-SE" in err and "fixed" in err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(2, 40), seed=st.integers(0, 10_000), draw=st.booleans())
def test_g_se_bracket_property(n, seed, draw):
    """G-SE (hypothesis): in a single-elimination event every player is in
    every round exactly once until they lose, byes go only to the top seeds,
    and the champion won every match they played."""
    from core.rules import apply
    from core.tournament.elimination import champion, next_elimination_round

    ev = Event(id="e", name="x", date="2026-12-05", rounds_planned=0)
    ev = ev.with_(players=tuple(Player(f"p{i}", f"P{i}") for i in range(n)))
    rng = random.Random(seed)
    first = single_elimination(ev, random.Random(seed) if draw else None, seeding="random" if draw else "registration")
    order = [p.id for p in ev.players]
    if draw:
        random.Random(seed).shuffle(order)
    size = 1 << (n - 1).bit_length()
    byes = [m.p1 for m in first if m.p2 is None]
    assert len(byes) == size - n
    assert sorted(order.index(b) for b in byes) == list(range(size - n))  # the top seeds
    matches = first
    alive = set(order)
    number = 1
    while matches:
        seen = [pid for m in matches for pid in m.players()]
        assert sorted(seen) == sorted(alive)  # every player still in, exactly once
        ev = apply(
            ev,
            {
                "type": "pair",
                "data": {
                    "round": number,
                    "stage": "top",
                    "matches": [{"table": m.table, "p1": m.p1, "p2": m.p2, "note": m.note} for m in matches],
                },
            },
        )
        for m in matches:
            if m.p2 is not None:
                res = rng.choice(["2-0", "2-1", "0-2", "1-2"])
                ev = apply(
                    ev,
                    {
                        "type": "result",
                        "data": {
                            "round": number,
                            "table": m.table,
                            "result": res,
                            "p1_wins": int(res[0]),
                            "p2_wins": int(res[2]),
                            "draws": 0,
                        },
                    },
                )
        rnd = ev.rounds[-1]
        alive = {m.winner() for m in rnd.matches}
        matches = next_elimination_round(ev) or ()
        number += 1
    won = champion(ev)
    assert won is not None and alive == {won}
    for rnd in ev.rounds:
        for m in rnd.matches:
            if won in m.players():
                assert m.winner() == won


# -- item 8: a time-out in an elimination match (G-SE, G-BO3-TIME, G-TIME) ---------------


def _semis(capsys, data):
    eid = staffed_event(capsys, data, list("ABCD"), "2026-12-05", "--rounds", "0")
    semis = pairings(capsys, data, eid)
    assert [(p["p1"]["name"], p["p2"]["name"]) for p in semis] == [("A", "D"), ("B", "C")]
    return eid


def test_g_se_time_out_refusal_offers_the_organizers_procedure(capsys, tmp_path):
    """G-SE with G-TIME: 1-1 at time in a semi-final names no winner; the
    refusal names both procedures the organizer may choose."""
    data = str(tmp_path)
    eid = _semis(capsys, data)
    err = refused(capsys, data, "result", eid, "1", "1-1", "--time-called")
    assert "G-SE" in err and "--extra-game" in err and "--winner" in err
    assert "organizer" in refused(capsys, data, "result", eid, "1", "1-1", "--time-called", "--extra-game", "--by", "J")


def test_g_se_time_out_extra_game_then_its_result(capsys, tmp_path):
    """G-SE: the organizer orders an extra game at 1-1 (logged); the match
    stays open until the extra game's result, which the scorecard shows with
    the decision in its remarks; verify holds."""
    data = str(tmp_path)
    eid = _semis(capsys, data)
    ok(capsys, data, "result", eid, "1", "1-1", "--time-called", "--extra-game", "--by", "O")
    assert "time out round 1 table 1 at 1-1: extra game (by O)" in ok(capsys, data, "log", eid)
    assert "missing" in refused(capsys, data, "pair", eid)  # the match is still open
    ok(capsys, data, "result", eid, "1", "2-1")
    ok(capsys, data, "result", eid, "2", "2-0")
    card = ok(capsys, data, "export", eid, "--what", "scorecard", "--format", "csv")
    assert "2-1,time out at 1-1: extra game ordered by O" in card
    verified(capsys, data, eid)


def test_g_se_time_out_winner_named_with_a_reason_survives_export_and_import(capsys, tmp_path):
    """G-SE: the organizer names the winner of a 1-1 at time, with a reason;
    the winner goes on to the final, standings/scorecard/report agree and
    verify holds for the event and its exported file, which imports."""
    data = str(tmp_path)
    eid = _semis(capsys, data)
    assert "--reason" in refused(capsys, data, "result", eid, "2", "1-1", "--time-called", "--winner", "C", "--by", "O")
    ok(
        capsys,
        data,
        "result",
        eid,
        "2",
        "1-1",
        "--time-called",
        "--winner",
        "C",
        "--by",
        "O",
        "--reason",
        "life points",
    )
    ok(capsys, data, "result", eid, "1", "2-0")
    final = pairings(capsys, data, eid)
    assert (final[0]["p1"]["name"], final[0]["p2"]["name"]) == ("A", "C")
    ok(capsys, data, "result", eid, "1", "0-2")
    assert [r["name"] for r in final_rows(capsys, data, eid)][:2] == ["C", "A"]
    card = ok(capsys, data, "export", eid, "--what", "scorecard", "--format", "csv")
    assert "winner named by O (life points)" in card
    report = ok(capsys, data, "export", eid, "--what", "report", "--format", "csv")
    assert "Winner,C" in report
    verified(capsys, data, eid)
    path = tmp_path / "e.json"
    ok(capsys, data, "export", eid, "--what", "event", "-o", str(path))
    assert "holds" in ok(capsys, data, "verify", str(path))
    other = ok(capsys, data, "import", str(path)).strip()
    verified(capsys, data, other)


@pytest.mark.asyncio
async def test_g_se_the_app_asks_the_organizer_at_a_time_out_in_a_semi_final(tmp_path):
    """G-SE: `1 1-1` in a semi-final asks the time call, then the organizer's
    procedure (extra game, or either player named winner); naming the winner
    asks the reason and stores one action with it."""
    from core.desk import Desk
    from core.event.model import Match
    from core.store import DataDir
    from tui.app import LyceeApp
    from tui.screens.dialogs import Choose, Confirm, Prompt

    dd = DataDir(tmp_path)
    st = dd.create(
        {"name": "Cup", "date": "2026-11-30", "staff": {"organizer": "Org", "judges": ["J"], "head_judge": "J"}}
    )
    d = Desk(st)
    d.add_players(["Ann", "Ben", "Cho", "Dai"])
    d.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4")], stage="top")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f6")
        for ch in "1 1-1":
            await pilot.press(ch if ch != " " else "space")
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, Confirm):  # the time call, while the table still has time
            await pilot.press("y")
            await pilot.pause()
        assert isinstance(app.screen, Choose)
        assert [k for k, _label in app.screen.choices] == ["extra_game", "p1", "p2"]
        await pilot.press("down", "down", "enter")  # Ben wins
        await pilot.pause()
        assert isinstance(app.screen, Prompt)
        for ch in "life":
            await pilot.press(ch)
        await pilot.press("enter")
        await pilot.pause()
        m = screen.event.current_round.matches[0]
        assert m.winner() == "p2" and (m.p1_wins, m.p2_wins) == (1, 1)
        assert m.note == "time out: winner named at 1-1 by Org: life"


# -- item 6: playoffs for point ties (G-TIE-PLAYOFF, G-TIE-1) -------------------------------


def _four_on_three_points(tmp_path, first=("2-0", "2-0", "2-0", "2-0"), second=("2-0", "2-0", "2-1", "2-0")):
    """8 players, 2 Swiss rounds paired by hand: A and E on 6 points; B, C, F,
    G on 3 with different tiebreakers; D and H on 0."""
    from core.desk import Desk
    from core.event.model import Match
    from core.store import DataDir

    dd = DataDir(tmp_path)
    st = dd.create({"name": "Cup", "date": "2026-12-05", "rounds_planned": 2, "sanctioned": False})
    d = Desk(st)
    ids = d.add_players(list("ABCDEFGH"))
    a, b, c, dd_, e, f, g, h = (p.id if hasattr(p, "id") else p for p in ids)
    d.store_pairing([Match(1, a, b), Match(2, c, dd_), Match(3, e, f), Match(4, g, h)])
    for t, res in enumerate(first, start=1):
        d.record(t, res)
    d.store_pairing([Match(1, a, c), Match(2, e, g), Match(3, b, dd_), Match(4, f, h)])
    for t, res in enumerate(second, start=1):
        d.record(t, res)
    eid = st.id
    st.close()
    return eid


def _rows(capsys, data, eid):
    return json.loads(ok(capsys, data, "standings", eid, "--json"))["standings"]


def test_g_tie_playoff_four_players_on_equal_points_play_a_bracket(capsys, tmp_path):
    """G-TIE-1 / G-TIE-PLAYOFF: four players on 3 points with different
    tiebreakers may settle the tie by a playoff instead of calculation (it was
    refused: "do not share a place"); it is a single-elimination playoff
    seeded by the tiebreakers (1 v 4, 2 v 3); `pair` goes on to its final; the
    playoff's order replaces the tiebreakers for its players only, shown as
    決定戦 on the scorecard; the report says which decided; verify holds."""
    data = str(tmp_path)
    eid = _four_on_three_points(tmp_path)
    before = _rows(capsys, data, eid)
    three = [r for r in before if r["points"] == 3]
    assert len(three) == 4 and len({r["rank"] for r in three}) > 1  # the tiebreakers part them
    names = [r["name"] for r in three]
    first = json.loads(ok(capsys, data, "playoff", eid, *names, "--json"))["pairings"]
    assert [(p["p1"]["name"], p["p2"]["name"]) for p in first] == [(names[0], names[3]), (names[1], names[2])]
    for p in first:  # the lower seeds win
        ok(capsys, data, "result", eid, str(p["table"]), "0-2")
    final = pairings(capsys, data, eid)
    assert {final[0]["p1"]["name"], final[0]["p2"]["name"]} == {names[3], names[2]}
    ok(capsys, data, "result", eid, "1", "2-0")
    after = _rows(capsys, data, eid)
    order = [r["name"] for r in after]
    champion = final[0]["p1"]["name"]
    finalist = final[0]["p2"]["name"]
    assert order[:2] == [r["name"] for r in before[:2]]  # outside the playoff: as before
    assert order[2:4] == [champion, finalist]
    assert {after[4]["name"], after[5]["name"]} == {names[0], names[1]}
    assert after[4]["rank"] == after[5]["rank"] == 5  # out in the same round: they share
    assert order[6:] == [r["name"] for r in before[6:]]
    card = ok(capsys, data, "export", eid, "--what", "scorecard", "--format", "csv")
    assert card.count("決定戦") >= 3
    report = ok(capsys, data, "export", eid, "--what", "report", "--format", "csv")
    assert "playoff" in report.lower() and "tiebreakers" in report.lower()
    verified(capsys, data, eid)


def test_g_tie_playoff_three_players_byes_to_the_best_and_one_champion(capsys, tmp_path):
    """G-TIE-PLAYOFF: three players: the bye goes to the best on tiebreakers
    (it was drawn), and the playoff goes on to its final, so nobody shares the
    place it was held for (a three-way playoff used to leave two sharing
    1st)."""
    data = str(tmp_path)
    eid = _four_on_three_points(tmp_path, ("2-0", "2-1", "2-0", "2-1"), ("2-1", "2-0", "2-1", "2-0"))
    rows = _rows(capsys, data, eid)
    three = [r["name"] for r in rows if r["points"] == 3]
    assert len({r["rank"] for r in rows if r["points"] == 3}) == 4  # four places by the tiebreakers
    err = refused(capsys, data, "playoff", eid, three[0], three[2], three[3])
    assert "between" in err and three[1] in err  # next to each other in the standings
    assert "equal points" in refused(capsys, data, "playoff", eid, three[2], "A")
    first = json.loads(ok(capsys, data, "playoff", eid, *three[1:], "--json"))["pairings"]
    byes = [p["p1"]["name"] for p in first if p["p2"] is None]
    assert byes == [three[1]]  # the best of the three on tiebreakers
    t = next(p["table"] for p in first if p["p2"] is not None)
    ok(capsys, data, "result", eid, str(t), "2-0")
    final = json.loads(ok(capsys, data, "playoff", eid, "--json"))["pairings"]  # the next round, named by nobody
    assert len(final) == 1 and final[0]["p1"]["name"] == three[1]
    ok(capsys, data, "result", eid, "1", "0-2")
    rows = _rows(capsys, data, eid)
    ranks = {r["name"]: r["rank"] for r in rows}
    assert len({ranks[n] for n in three[1:]}) == 3  # three places, none shared
    assert "no playoff is in progress" in refused(capsys, data, "playoff", eid)
    verified(capsys, data, eid)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 24), rounds=st.integers(1, 4), seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_g_tie_playoff_property_a_point_playoff_orders_its_block_only(n, rounds, seed, pick):
    """G-TIE-PLAYOFF (hypothesis): a playoff among a whole point group runs
    as single elimination: every player still in plays once per round, byes
    only in the first round and only to the best seeds on tiebreakers, the
    champion won every match they played; afterwards the group holds the same
    places, the champion first, everyone outside it where they were, and
    verify's own standings agree."""
    from core.reports.verify import verify_doc
    from core.rules.eventfile import to_doc
    from core.tournament.ranking import standings_json
    from core.tournament.standings import next_playoff_round, pair_playoff, standings
    from tests.engine_helpers import simulate

    ev = simulate(n, rounds, seed, draw_rate=0.1)
    before = standings(ev)
    groups: dict[int, list[str]] = {}
    for r in before:
        groups.setdefault(r.points, []).append(r.id)
    candidates = [g for g in groups.values() if len(g) >= 2]
    if not candidates:
        return
    group = candidates[pick % len(candidates)]
    rng = random.Random(pick)
    matches = pair_playoff(ev, group)
    size = 1 << (len(group) - 1).bit_length()
    assert sorted(m.p1 for m in matches if m.p2 is None) == sorted(group[: size - len(group)])  # the best seeds
    alive = set(group)
    while matches:
        assert sorted(p for m in matches for p in m.players()) == sorted(alive)
        number = len(ev.rounds) + 1
        played = []
        for m in matches:
            if m.p2 is None:
                played.append(m)
            else:
                w = rng.choice(["p1", "p2"])
                played.append(replace(m, p1_wins=2 if w == "p1" else 0, p2_wins=0 if w == "p1" else 2, outcome=w))
        ev = ev.with_(rounds=(*ev.rounds, Round(number, "playoff", tuple(played))))
        alive = {m.winner() for m in played}
        matches = next_playoff_round(ev) or ()
        if matches:
            assert all(m.p2 is not None for m in matches)  # byes only in the first round
    assert len(alive) == 1
    champion = alive.pop()
    for rnd in ev.rounds:
        if rnd.stage == "playoff":
            for m in rnd.matches:
                if champion in m.players():
                    assert m.winner() == champion
    after = standings(ev)
    pos_before = [r.id for r in before]
    pos_after = [r.id for r in after]
    slots = sorted(pos_before.index(p) for p in group)
    assert sorted(pos_after.index(p) for p in group) == slots
    assert pos_after[slots[0]] == champion
    for k, pid in enumerate(pos_before):
        if pid not in group:
            assert pos_after[k] == pid
    rep = verify_doc(to_doc(ev), standings_json(ev))
    assert not [f for f in rep.findings if f.rule in ("G-TIE-PLAYOFF", "G-TIE-1", "G-SWISS-RANK")], [
        f.line() for f in rep.findings
    ]


@pytest.mark.asyncio
async def test_g_se_the_new_event_form_offers_single_elimination_and_f7_starts_it(tmp_path):
    """G-SE: the new-event form's Tournament format offers single elimination
    (0 Swiss rounds); F7 then asks for the bracket with every player and
    starts it in registration order, byes to the top seeds."""
    from core.store import DataDir
    from tests.app_helpers import type_text
    from tui.app import LyceeApp
    from tui.screens.dialogs import Prompt
    from tui.screens.event import EventScreen

    app = LyceeApp(DataDir(tmp_path), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await type_text(pilot, "KO")
        options = [str(v) for _label, v in app.screen.query_one("#format")._options]
        assert "elimination" in options
        app.screen.query_one("#format").value = "elimination"
        app.screen.query_one("#sanctioned").value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen)
        assert screen.event.rounds_planned == 0
        screen.desk.add_players(["Aoi", "Ben", "Cho", "Dai", "Emi"])
        screen.post_message(EventChanged())
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, Prompt)
        await pilot.press("enter")  # the default: the whole field, 5
        await pilot.pause()
        rnd = screen.event.rounds[0]
        assert rnd.stage == "top"
        assert sorted(m.p1 for m in rnd.matches if m.p2 is None) == ["p1", "p2", "p3"]  # seeds 1-3: byes


def test_g_se_time_out_in_the_third_place_match_keeps_it_the_third_place_match(capsys, tmp_path):
    """G-SE: a third-place match level at time is decided by an extra game
    (its note, which makes it the third-place match, stays; the log keeps the
    call); naming its winner is refused, naming the extra game."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, list("ABCD"), "2026-12-05", "--rounds", "0")
    rc, out, err = run(capsys, "--lang", "en", "--data-dir", data, "top", eid, "4", "--third-place")
    assert rc == 0, err
    ok(capsys, data, "result", eid, "1", "2-0")
    ok(capsys, data, "result", eid, "2", "2-0")
    final = pairings(capsys, data, eid)
    assert len(final) == 2  # the final and the third-place match
    err = refused(
        capsys, data, "result", eid, "2", "1-1", "--time-called", "--winner", "D", "--by", "O", "--reason", "x"
    )
    assert "--extra-game" in err
    ok(capsys, data, "result", eid, "2", "1-1", "--time-called", "--extra-game", "--by", "O")
    ok(capsys, data, "result", eid, "2", "2-1")
    ok(capsys, data, "result", eid, "1", "2-0")
    rows = final_rows(capsys, data, eid)
    assert [r["place"] for r in rows] == [1, 2, 3, 4]
    verified(capsys, data, eid)
