"""Rules the command line and the app share (issue 15): each lives once in core
or on the Desk, and both faces call it, so they cannot drift.

- TABLE RESULT (the command line in README.md): core.tournament.matchrules.parse_table_result;
- points before the round beside each pairing (the command line in README.md, ``pair --json``):
  core.tournament.standings.points_before_round;
- the penalty tally line (G-PEN-2): core.rules.penalties.tally_line;
- ``lycee game --time`` (G-BO3-TIME, G-TIME): Desk.games_at_time;
- the players of a build phase (G-SEALED, G-DRAFT-1): core.rules.builds.builders;
- ``lycee staff --(un)sanctioned`` writes through the Desk (an ``edit`` action).
"""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import LyceeError
from core.rules.decklists import builders
from core.rules.penalties import tally_line
from core.tournament.matchrules import parse_table_result
from core.tournament.standings import points_before_round, swiss_points
from tests.round_helpers import FakeTime, make_event, match_at, pair_fixed, refused
from tui.cli import main


def run(capsys, *argv):
    rc = main(list(argv))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


# -- TABLE RESULT -------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    table=st.integers(1, 10**9 - 1),
    result=st.sampled_from(["2-0", "2-1", "1-2", "0-2", "1-1-1", "id", "ID"]),
    pad=st.sampled_from(["", " ", "  ", "\t"]),
)
def test_design3_table_result_reads_table_and_result(table, result, pad):
    """the command line in README.md: 'TABLE RESULT' gives the table number and the result as typed, spaces aside."""
    assert parse_table_result(f"{pad}{table}{pad} {result}{pad}") == (table, result)


@pytest.mark.parametrize("line", ["", "12", "2-1", "12 2-1 x", "x 2-1", "-3 2-1", "0x1 2-1", "1.5 2-0"])
def test_design3_table_result_refuses_anything_else_with_one_message(line):
    """the command line in README.md: anything but 'TABLE RESULT' is refused, saying how to write it."""
    with pytest.raises(LyceeError, match="TABLE RESULT"):
        parse_table_result(line)


def test_design3_result_batch_refuses_a_bad_line_with_the_shared_message(tmp_path, capsys, monkeypatch):
    """the command line in README.md: `lycee result EVENT -` quotes the line and gives the message the app's result
    box gives (one function), and stores nothing."""
    data = str(tmp_path)
    eid = run(capsys, "--data-dir", data, "event", "new", "Cup", "--unsanctioned")[1].strip()
    run(capsys, "--data-dir", data, "player", "add", eid, "Ann", "Ben", "Cho", "Dai")
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    path = tmp_path / "events" / f"{eid}.json"
    before = path.read_bytes()
    with pytest.raises(LyceeError) as ei:
        parse_table_result("1 2-0 2")
    monkeypatch.setattr("sys.stdin", io.StringIO("1 2-0 2\n"))
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "-")
    assert rc == 1 and f"'1 2-0 2': {ei.value}" in err
    assert path.read_bytes() == before


# -- points before the round --------------------------------------------------------------------


def test_design3_pairings_show_points_before_the_round(tmp_path, capsys):
    """the command line in README.md: `pair --json` gives each player's points before the round, and results
    entered in the round do not change them (core.tournament.standings.points_before_round)."""
    data = str(tmp_path)
    eid = run(capsys, "--data-dir", data, "event", "new", "Cup", "--unsanctioned")[1].strip()
    run(capsys, "--data-dir", data, "player", "add", eid, "Ann", "Ben", "Cho", "Dai")
    run(capsys, "--data-dir", data, "pair", eid)
    run(capsys, "--data-dir", data, "result", eid, "1", "2-0")
    run(capsys, "--data-dir", data, "result", eid, "2", "2-1")
    _rc, out, _ = run(capsys, "--data-dir", data, "pair", eid, "--json")
    doc = json.loads(out)
    shown = {side["id"]: side["points"] for p in doc["pairings"] for side in (p["p1"], p["p2"]) if side}
    assert sorted(shown.values()) == [0, 0, 3, 3]
    run(capsys, "--data-dir", data, "result", eid, "1", "2-0")
    from core.store import DataDir

    ev = DataDir(data).read(eid)
    assert points_before_round(ev) == shown
    assert swiss_points(ev) != shown  # the round's own result counts in the standings, not in the pairings


# -- the penalty tally line ---------------------------------------------------------------------


def test_g_pen_2_tally_line_counts_what_is_in_force_and_says_excluded(tmp_path):
    """G-PEN-2: the tally line counts the penalties in force; two Warnings exclude, and it says so."""
    _, store, desk = make_event(tmp_path, FakeTime())
    desk.penalty("p1", "notice", "slow play", by="J1")
    assert tally_line(desk.event, "p1") == "Ann: 1 Notice(s), 0 Warning(s) in force"
    desk.penalty("p1", "warning", "marked sleeves", by="J1")
    desk.penalty("p1", "warning", "marked sleeves again", by="J1")
    assert tally_line(desk.event, "p1") == "Ann: 1 Notice(s), 2 Warning(s) in force · excluded"
    store.close()


# -- lycee game --time ---------------------------------------------------------------------------


def test_g_bo3_time_games_at_time_needs_the_time_call_while_time_is_left(tmp_path):
    """G-BO3-TIME: with time left on the round clock, a result at time needs the judge's time call;
    refused, not even the games are stored.  With it, the result comes from the games."""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.start_clock()
    fake.tick(minutes=20)
    refused(desk, lambda: desk.games_at_time(1, ["p1"]), "G-BO3-TIME")
    desk.games_at_time(1, ["p1"], time_called=True)
    m = match_at(desk, 1)
    assert (m.games, m.p1_wins, m.p2_wins, m.outcome) == (("p1",), 1, 0, "p1")
    store.close()


def test_g_time_games_at_time_after_time_is_up_and_a_match_already_over(tmp_path):
    """G-TIME: once the round's time is up the result at time needs no call; a match the games
    already ended gets no second result (G-BO3)."""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.start_clock()
    n = len(desk.store.actions)
    desk.games_at_time(2, ["p2", "p2"])  # 0-2: over by its games
    assert match_at(desk, 2).outcome == "p2"
    assert [a["type"] for a in desk.store.actions[n:]] == ["game", "game"]  # no result on top
    fake.tick(minutes=51)
    desk.games_at_time(1, ["p1", "p2", "draw"])
    m = match_at(desk, 1)
    assert (m.p1_wins, m.p2_wins, m.draws, m.outcome) == (1, 1, 1, "draw")
    with pytest.raises(LyceeError, match="no table 9"):
        desk.games_at_time(9)
    store.close()


# -- the build phase's players -------------------------------------------------------------------


def test_g_sealed_builders_are_the_players_of_round_one(tmp_path):
    """G-SEALED / G-DRAFT-1: before round 1 the players who build are those who will play it; a
    dropped player builds nothing."""
    _, store, desk = make_event(tmp_path, FakeTime(), players=4)
    desk.drop("p4")
    assert builders(desk.event) == ["p1", "p2", "p3"] == [p.id for p in desk.event.eligible(1)]
    store.close()


# -- lycee staff --(un)sanctioned ----------------------------------------------------------------


def test_cli_staff_unsanctioned_is_an_edit_through_the_desk(tmp_path, capsys):
    """the command line in README.md / G-ORGANIZER: `lycee staff --unsanctioned` is an edit in the log like
    `lycee event set`, and once round 1 is paired it is refused with nothing stored."""
    data = str(tmp_path)
    eid = run(
        capsys, "--data-dir", data, "event", "new", "Cup", "--organizer", "O", "--judge", "J", "--head-judge", "J"
    )[1].strip()
    run(capsys, "--data-dir", data, "player", "add", eid, "Ann", "Ben")
    rc, out, _ = run(capsys, "--data-dir", data, "staff", eid, "--unsanctioned", "--json")
    assert rc == 0 and json.loads(out)["sanctioned"] is False
    log = json.loads(run(capsys, "--data-dir", data, "log", eid, "--json")[1])["log"]
    assert log[-1]["type"] == "edit" and log[-1]["data"] == {"sanctioned": False}
    run(capsys, "--data-dir", data, "pair", eid)
    path = tmp_path / "events" / f"{eid}.json"
    before = path.read_bytes()
    rc, _, err = run(capsys, "--data-dir", data, "staff", eid, "--sanctioned")
    assert rc == 1 and "round 1 is paired" in err and err.count("\n") == 1
    assert path.read_bytes() == before


# -- lycee pool ----------------------------------------------------------------------------------


def test_g_sealed_cli_pool_is_grouped_by_attribute(tmp_path, capsys):
    """G-SEALED: `lycee pool` lists a player's pool grouped by attribute with each card's name,
    type and cost (as `lycee sealed` does), not as bare numbers."""
    data = str(tmp_path)
    eid = run(capsys, "--data-dir", data, "event", "new", "Cup", "--kind", "sealed", "--unsanctioned")[1].strip()
    run(capsys, "--data-dir", data, "player", "add", eid, "Ann", "Ben")
    assert (
        run(capsys, "--data-dir", data, "build", eid, "open", "--set", "alpha", "--product", "2s", "--seed", "3")[0]
        == 0
    )
    rc, out, _ = run(capsys, "--data-dir", data, "pool", eid, "Ann")
    lines = out.splitlines()
    assert rc == 0 and lines[0].startswith("pool of Ann:")
    assert "snow (" in lines[1] and "character" in out and "rating" in out


def test_design3_every_lazy_choice_list_of_the_command_line_resolves():
    """the command line in README.md: the choices the command line reads from the engine only
    when needed (tui.cli.common.LazyChoices) all name a list that exists, so no
    command fails with an import error on its first checked value (a moved
    module once broke `lycee sealed --product`)."""
    import argparse

    from tui.cli.common import LazyChoices
    from tui.cli.parser import build_parser

    seen = []

    def walk(parser):
        for act in parser._actions:
            if isinstance(act.choices, LazyChoices):
                seen.append((act.dest, list(act.choices)))
            if isinstance(act, argparse._SubParsersAction):
                for sub in act.choices.values():
                    walk(sub)

    walk(build_parser())
    assert len(seen) >= 2 and all(values for _dest, values in seen), seen
