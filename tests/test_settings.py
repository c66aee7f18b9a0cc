"""Event settings after creation (the command line in README.md: `lycee event set`): each
change an action in the log (audited, undoable), settings that facts depend on
locked with the reason, minutes outside the recommended range warned."""

import json

import pytest

from core.errors import RuleError
from core.event.timing import minutes_advice
from tests.cli_helpers import run, staffed_event
from tui.cli import main


@pytest.fixture
def event(tmp_path, capsys):
    data = str(tmp_path)
    return data, staffed_event(capsys, data, ["A", "B", "C", "D"], "2026-12-05")


def settings(capsys, data, eid):
    rc, out, _ = run(capsys, "--data-dir", data, "export", eid)
    return json.loads(out)


def test_design3_event_set_changes_each_setting_as_one_action_and_undo_takes_it_back(event, capsys):
    data, eid = event
    rc, out, err = run(
        capsys,
        "--data-dir",
        data,
        "event",
        "set",
        eid,
        "--name",
        "土曜リセ杯",
        "--minutes",
        "60",
        "--rounds",
        "3",
        "--tiebreakers",
        "op,omw",
        "--unsanctioned",
        "--decklists",
        "--no-spectating",
    )
    assert rc == 0, err
    doc = settings(capsys, data, eid)
    assert (doc["name"], doc["minutes"], doc["rounds_planned"], doc["tiebreakers"]) == (
        "土曜リセ杯",
        60,
        3,
        ["op", "omw"],
    )
    rc, out, _ = run(capsys, "--data-dir", data, "log", eid)
    assert "changed minutes a match = 60" in out and "changed spectating = no" in out
    assert sum("changed " in line for line in out.splitlines()) == 7  # one action per change
    assert run(capsys, "--data-dir", data, "undo", eid)[0] == 0
    assert run(capsys, "--data-dir", data, "undo", eid)[0] == 0
    doc = settings(capsys, data, eid)
    assert doc["spectating"] is True and doc["decklists_required"] is False and doc["minutes"] == 60


def test_design3_event_set_with_nothing_to_change_is_refused_naming_the_options(event, capsys):
    data, eid = event
    rc, _, err = run(capsys, "--data-dir", data, "event", "set", eid)
    assert rc == 1 and "--minutes" in err


def test_g_bo3_match_type_locked_once_a_result_exists_and_the_refusal_names_undo(event, capsys):
    data, eid = event
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    assert run(capsys, "--data-dir", data, "result", eid, "1", "2-0")[0] == 0
    rc, _, err = run(capsys, "--data-dir", data, "event", "set", eid, "--match", "bo1")
    assert rc == 1 and "round 1 table 1 has a result" in err and "lycee undo" in err
    assert settings(capsys, data, eid)["match"] == "bo3"  # nothing stored
    # the date is locked too (card legality follows it); the name is not
    rc, _, err = run(capsys, "--data-dir", data, "event", "set", eid, "--date", "2026-12-06")
    assert rc == 1 and "G-CARDS-VERSIONS" in err
    assert run(capsys, "--data-dir", data, "event", "set", eid, "--name", "Cup 2")[0] == 0


def test_design3_rounds_planned_cannot_drop_below_rounds_paired(event, capsys):
    data, eid = event
    run(capsys, "--data-dir", data, "pair", eid)
    run(capsys, "--data-dir", data, "result", eid, "1", "2-0")
    run(capsys, "--data-dir", data, "result", eid, "2", "2-0")
    run(capsys, "--data-dir", data, "pair", eid)
    rc, _, err = run(capsys, "--data-dir", data, "event", "set", eid, "--rounds", "1")
    assert rc == 1 and "--rounds" in err


def test_g_match_time_minutes_outside_the_recommended_range_print_it_as_a_warning(event, capsys):
    data, eid = event
    rc, out, err = run(capsys, "--data-dir", data, "event", "set", eid, "--minutes", "30")
    assert rc == 0 and "50 to 100" in err and "G-MATCH-TIME" in err
    assert minutes_advice("bo3", 50) is None and minutes_advice("bo1", 30) is None
    assert "20 to 40" in minutes_advice("bo1", 50)


def test_design3_player_add_allow_same_name_registers_a_second_person_shown_distinctly(event, capsys):
    """the command line in README.md: `player add --allow-same-name`; without it the
    refusal names the option."""
    data, eid = event
    rc, _, err = run(capsys, "--data-dir", data, "player", "add", eid, "A")
    assert rc == 1 and "--allow-same-name" in err
    rc, out, _ = run(capsys, "--data-dir", data, "player", "add", eid, "A", "--allow-same-name")
    assert rc == 0
    rc, out, _ = run(capsys, "--data-dir", data, "player", "list", eid, "--json")
    names = [p["name"] for p in json.loads(out)["players"]]
    assert names.count("A") == 1 and "A (2)" in names


def test_g_sealed_round_1_is_refused_before_any_build_phase(tmp_path, capsys):
    """G-SEALED: a sealed event does not pair round 1 with no build phase;
    the refusal names the key and the command that open it."""
    data = str(tmp_path)
    main(["--data-dir", data, "event", "new", "Sealed", "--kind", "sealed", "--unsanctioned"])
    eid = capsys.readouterr().out.strip()
    main(["--data-dir", data, "player", "add", eid, "A", "B"])
    capsys.readouterr()
    rc, _, err = run(capsys, "--data-dir", data, "pair", eid)
    assert rc == 1 and "F11" in err and "lycee build" in err and "G-SEALED" in err


def _nine_players(tmp_path):
    from core.desk import Desk
    from core.store import DataDir

    store = DataDir(tmp_path).create(
        {
            "name": "Nine",
            "date": "2026-12-05",
            "sanctioned": False,
            "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
        }
    )
    desk = Desk(store)
    desk.add_players([f"P{i}" for i in range(1, 10)])
    return store, desk


def test_l_rounds_a_blank_round_count_is_fixed_when_round_1_is_paired(tmp_path):
    """L-ROUNDS (docs/rules.md; issue 22 item 7): with rounds left blank, 9
    players give 4 Swiss rounds; pairing round 1 fixes 4 (logged), so an
    exclusion (G-PEN-2: two Warnings) and a drop (G-DROP-1) leaving 7 players
    do not cut the event to 3; undoing round 1's pairing takes the count back."""
    from core import rules
    from core.tournament.pairing import planned_rounds

    store, desk = _nine_players(tmp_path)
    assert store.event.rounds_planned is None and planned_rounds(store.event) == (4, False)
    desk.pair_next()
    assert store.event.rounds_planned == 4 and planned_rounds(store.event) == (4, True)
    pair = store.actions[-1]
    assert pair["data"]["rounds_fixed"] == 4 and "rounds fixed at 4" in rules.describe(pair)
    desk.penalty("p1", "warning", "marked cards", by="J")
    desk.penalty("p1", "warning", "marked cards again", by="J")
    desk.drop("p2")
    assert store.event.player("p1").excluded and len(store.event.eligible()) == 7
    assert planned_rounds(store.event) == (4, True)
    for m in store.event.current_round.matches:
        if not m.reported:
            desk.record(m.table, "2-0")
    desk.pair_next()
    assert store.event.rounds_planned == 4  # round 2 fixes nothing more
    desk.set_settings({"rounds_planned": 5})  # only the organizer changes it now
    assert store.event.rounds_planned == 5
    with pytest.raises(RuleError, match=r"fixed when round 1 was paired.*L-ROUNDS"):
        desk.set_settings({"rounds_planned": None})
    while store.event.rounds:
        desk.undo()
    assert store.event.rounds_planned is None


def test_l_rounds_an_event_paired_before_the_rule_replays_as_played(tmp_path):
    """L-ROUNDS, docs/storage.md (nothing stored changes): a round 1 stored in
    action format 3 fixed nothing, so its count stays blank on replay; the
    same action written now (format 4) fixes it."""
    from core import rules

    store, desk = _nine_players(tmp_path)
    desk.pair_next()
    acts = store.actions
    old = dict(acts[-1], v=3, data={k: v for k, v in acts[-1]["data"].items() if k != "rounds_fixed"})
    assert rules.replay(acts[:-1] + [old]).rounds_planned is None
    assert rules.replay(acts[:-1] + [dict(old, v=rules.ACTION_FORMAT)]).rounds_planned == 4
