"""Running the round: result rules by match type, game-by-game entry,
intentional draws, lateness, drops, staff, the command line.

Each test names the guideline rule it checks (shared/rules digest ids).
The time source is a fake moved by hand; nothing sleeps.  The shared steps
are in tests/round_helpers.py.
"""

from __future__ import annotations

import json
from dataclasses import replace

from core import rules as A
from core.errors import RuleError
from core.event.model import Match
from core.rules.eventfile import event_from_doc, to_doc
from core.rules.lateness import Prompt, next_due, prompts
from core.rules.staff import check_staff, staff_problems
from core.tournament.matchrules import (
    check_result,
    match_over,
    next_game_chooser,
    parse_result,
    result_from_games,
    tally_games,
)
from tests.round_helpers import FakeTime, make_event, match_at, pair_fixed, refused, round_trip

# -- results by match type ---------------------------------------------------------


def test_g_bo3_first_to_two_game_wins_and_impossible_scores_refused(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record(1, "2-1")
    assert match_at(desk, 1).outcome == "p1"
    for bad in ("3-0", "2-2", "0-3", "2-0-4"):
        refused(desk, lambda bad=bad: desk.record(2, bad), "G-BO3")
    desk.record(2, "1-2-1")
    assert match_at(desk, 2).outcome == "p2"
    store.close()


def test_g_bo3_time_more_game_wins_at_time_wins(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record(1, "1-0", time_called=True)
    desk.record(2, "0-1-1", time_called=True)
    assert match_at(desk, 1).outcome == "p1" and match_at(desk, 2).outcome == "p2"
    assert result_from_games(["p1", "draw"], "bo3").outcome == "p1"
    store.close()


def test_g_time_unfinished_match_with_equal_game_wins_is_a_draw(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record(1, "1-1", time_called=True)
    desk.record(2, "0-0", time_called=True)  # game 1 unfinished at time
    assert match_at(desk, 1).outcome == "draw" and match_at(desk, 2).outcome == "draw"
    assert result_from_games(["p1", "p2"], "bo3").outcome == "draw"
    assert result_from_games([], "bo3").outcome == "draw"
    store.close()


def test_g_bo1_one_game_decides_and_time_is_a_draw(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime(), match="bo1")
    pair_fixed(desk)
    desk.record(1, "0-1")
    assert match_at(desk, 1).outcome == "p2"
    for bad in ("2-0", "1-1", "1-0-1"):
        refused(desk, lambda bad=bad: desk.record(2, bad), "G-BO1")
    desk.add_game(2, "draw")  # a drawn game ends a best-of-one match: a draw
    m = match_at(desk, 2)
    assert m.outcome == "draw" and m.games == ("draw",)
    refused(desk, lambda: desk.add_game(2, "p1"), "G-BO1")
    assert check_result(parse_result("0-0"), "bo1") is None
    store.close()


def test_g_concede_is_a_game_loss_and_the_match_goes_on(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.add_game(1, "concede-p2")  # p2 concedes game 1: p1 wins it
    m = match_at(desk, 1)
    assert m.outcome is None and tally_games(m.games).p1_wins == 1
    desk.add_game(1, "p2")
    desk.add_game(1, "concede-p1")
    m = match_at(desk, 1)
    assert (m.p1_wins, m.p2_wins, m.outcome) == (1, 2, "p2")
    refused(desk, lambda: desk.add_game(1, "p1"), "G-BO3", "over")
    refused(desk, lambda: desk.add_game(2, "resign"), match="write one of")
    # several games are all or none
    refused(desk, lambda: desk.add_game(2, "p1", "p1", "p2"), "G-BO3")
    assert match_at(desk, 2).games == ()
    desk.add_game(2, "p2", "draw", "p2")
    assert match_at(desk, 2).outcome == "p2"
    store.close()


def test_g_next_game_loser_of_the_previous_game_chooses(tmp_path):
    assert next_game_chooser([]) is None  # game 1: not the guideline's to say
    assert next_game_chooser(["p1"]) == "p2"
    assert next_game_chooser(["p1", "concede-p1"]) == "p1"  # p1 conceded game 2
    assert next_game_chooser(["p2", "loss-p1"]) is None  # p2 has two wins: over
    assert next_game_chooser(["draw"]) is None
    assert next_game_chooser(["p1"], "bo1") is None
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.add_game(2, "p2")
    m = match_at(desk, 2)
    assert getattr(m, next_game_chooser(m.games, desk.event.match)) == "p3"  # the loser
    store.close()


def test_game_by_game_entry_derives_the_result_and_round_trips(tmp_path):
    """G-BO3"""
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record_games(1, ["p1", "draw"], time_called=True)  # at time: 1-0-1 (G-BO3-TIME)
    m = match_at(desk, 1)
    assert (m.p1_wins, m.p2_wins, m.draws, m.outcome, m.games) == (1, 0, 1, "p1", ("p1", "draw"))
    refused(desk, lambda: desk.record_games(2, ["p1", "p1", "p2"]), "G-BO3")
    desk.add_game(2, "p1")
    # a typed result must hold the games already entered
    refused(desk, lambda: desk.record(2, "0-2"), match="disagrees")
    desk.record(2, "2-1")
    assert match_at(desk, 2).games == ("p1",)
    assert match_over(["p1", "p1"], "bo3") and not match_over(["p1"], "bo3")
    round_trip(desk.event)
    store.close()


# -- intentional draws ---------------------------------------------------------------


def test_g_id_1_intentional_draw_before_the_match_starts(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record(1, "id")
    m = match_at(desk, 1)
    assert m.outcome == "draw" and m.intentional and m.note == "ID"
    assert (m.p1_wins, m.p2_wins, m.draws) == (0, 0, 0)
    # an ID is no game played
    ev = desk.event
    try:
        A.apply(
            ev, {"type": "result", "data": {"round": 1, "table": 2, "p1_wins": 1, "p2_wins": 0, "intentional": True}}
        )
    except RuleError as err:
        assert err.rule == "G-ID-1"
    else:
        raise AssertionError("an ID with games was accepted")
    round_trip(desk.event)
    store.close()


def test_g_id_2_refused_once_the_clock_started_with_no_exception(tmp_path):
    """G-ID-2: no intentional draw once the match started, not even on the
    head judge's word (issue 12 item 6); the clock start counts as the
    table's start, and the refusal names how a judge records a table that
    had not started (issue 46 item 5), never undo."""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.add_game(2, "p1")
    refused(desk, lambda: desk.record(2, "id"), "G-ID-2", "games were entered")
    desk.start_clock()
    fake.tick(minutes=1)
    err = refused(desk, lambda: desk.record(1, "id"), "G-ID-2", "clock started at 13:00:00")
    assert "\n" not in str(err)
    refused(desk, lambda: desk.record(1, "id"), "G-ID-2", "--not-started --by JUDGE")
    assert "undo" not in str(err) and "Ctrl+Z" not in str(err)
    assert match_at(desk, 1).outcome is None
    desk.undo()  # the clock was started by mistake: take it back
    desk.record(1, "id")
    assert match_at(desk, 1).intentional
    desk.record(2, "2-0")
    refused(desk, lambda: desk.record(2, "id"), "G-ID-2", "already has a result")
    store.close()


def _top_event(tmp_path, fake):
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk, stage="top")
    return store, desk


def test_g_id_3_elimination_draw_is_the_organizers_call_replay(tmp_path):
    fake = FakeTime()
    store, desk = _top_event(tmp_path, fake)
    refused(desk, lambda: desk.record(1, "id"), "G-ID-3")
    refused(desk, lambda: desk.record(1, "1-1"), "G-SE")
    refused(desk, lambda: desk.id_decision(1, "replay", by="HJ"), "G-ID-3", "only the organizer")
    desk.add_game(2, "p1")
    refused(desk, lambda: desk.id_decision(2, "replay", by="Org"), "G-ID-2")
    desk.id_decision(1, "replay", by="org")
    m = match_at(desk, 1)
    assert m.outcome is None and m.note == "replay" and (m.p1, m.p2) == ("p1", "p2")
    desk.record(1, "2-0")
    assert match_at(desk, 1).winner() == "p1"
    store.close()


def _final_event(tmp_path, fake):
    """A semi-final played 2-0 at both tables, then the final (table 1) and
    the third-place match (table 2)."""
    _, store, desk = make_event(tmp_path, fake)
    desk.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4")], stage="top", third_place=True)
    desk.record(1, "2-0")
    desk.record(2, "2-0")
    desk.pair_next()
    assert [m.note for m in desk.event.current_round.matches] == ["", "third_place"]
    return store, desk


def test_g_id_3_elimination_draw_declared_no_winner(tmp_path):
    """No winner (優勝者不在) is declared in the final.  (Setup changed in
    issue 23: this was a semi-final, where no winner is now refused, see
    test_g_id_3_no_winner_before_the_final_is_refused_and_a_replay_offered.)"""
    fake = FakeTime()
    store, desk = _final_event(tmp_path, fake)
    desk.id_decision(1, "no_winner", by="Org")
    m = match_at(desk, 1)
    assert m.outcome == "draw" and m.intentional and m.winner() is None and "G-ID-3" in m.note
    # the organizer may still order the replay afterwards
    desk.id_decision(1, "replay", by="Org")
    assert match_at(desk, 1).outcome is None
    desk.id_decision(1, "no_winner", by="Org")
    round_trip(desk.event)
    # after the clock starts, no exception (G-ID-2)
    desk.start_clock()
    refused(desk, lambda: desk.id_decision(2, "no_winner", by="Org"), "G-ID-2")

    store.close()
    # in Swiss an ID is simply a draw
    _, s2, d2 = make_event(tmp_path / "swiss", fake)
    pair_fixed(d2)
    refused(d2, lambda: d2.id_decision(1, "replay", by="Org"), "G-ID-3", "Swiss")
    s2.close()


# -- lateness -----------------------------------------------------------------------


def _started(tmp_path, fake, **kw):
    dd, store, desk = make_event(tmp_path, fake, **kw)
    pair_fixed(desk)
    desk.start_clock()
    return dd, store, desk


def test_g_late_1_unseated_player_loses_after_five_minutes_once_staff_confirm(tmp_path):
    fake = FakeTime()
    _, store, desk = _started(tmp_path, fake)
    fake.tick(minutes=2)
    desk.checkin("Ann")
    refused(desk, lambda: desk.checkin("p2", "Cho", "Ann"), match="already checked in")  # all or none
    desk.checkin("p2", "Cho")
    fake.tick(minutes=3)  # exactly 5:00: still within the five minutes
    assert desk.late_prompts() == []
    assert next_due(desk.event, fake()) == 0
    fake.tick(seconds=1)
    due = desk.late_prompts()
    assert [(p.key, p.rule, p.kind, p.players) for p in due] == [("T2", "G-LATE-1", "match_loss", ("p4",))]
    assert "Dai" in due[0].describe(desk.event)
    # raised, not applied: the match waits for staff
    assert match_at(desk, 2).outcome is None
    desk.resolve_late("T2", "confirm", by="J1")
    m = match_at(desk, 2)
    assert (m.p1_wins, m.p2_wins, m.outcome) == (2, 0, "p1") and "G-LATE-1" in m.note
    assert desk.late_prompts() == []
    rule = desk.event.current_round.late[0]
    assert (rule.rule, rule.decision, rule.by, rule.players) == ("G-LATE-1", "confirm", "J1", ("p4",))
    round_trip(desk.event)
    store.close()


def test_g_late_1_both_players_late_is_a_double_loss(tmp_path):
    fake = FakeTime()
    _, store, desk = _started(tmp_path, fake, match="bo1")
    desk.checkin("p3")
    desk.checkin("p4")
    fake.tick(minutes=6)
    (p,) = desk.late_prompts()
    assert p.kind == "double_loss" and p.players == ("p1", "p2")
    desk.resolve_late(p)
    m = match_at(desk, 1)
    assert m.outcome == "double_loss" and m.winner() is None and (m.p1_wins, m.p2_wins) == (0, 0)
    round_trip(desk.event)
    store.close()


def test_g_late_1_a_paused_clock_does_not_count_and_late_checkin_does_not_save(tmp_path):
    fake = FakeTime()
    _, store, desk = _started(tmp_path, fake)
    for p in ("p1", "p2", "p3"):
        desk.checkin(p)
    fake.tick(minutes=4)
    desk.pause_clock()
    fake.tick(minutes=10)
    assert desk.late_prompts() == []
    desk.resume_clock()
    fake.tick(minutes=2)
    desk.checkin("p4")  # seated at 6:00 of running clock: too late
    assert [p.key for p in desk.late_prompts()] == ["T2"]
    refused(desk, lambda: desk.checkin("p4"), match="already checked in")
    refused(desk, lambda: desk.checkin("p9"), match="no player")
    store.close()


def test_g_late_1_dismissed_prompt_is_recorded_and_not_raised_again(tmp_path):
    fake = FakeTime()
    _, store, desk = _started(tmp_path, fake)
    desk.checkin("p1")
    desk.checkin("p2")
    fake.tick(minutes=7)
    desk.resolve_late("T2", "dismiss", by="HJ")
    assert desk.late_prompts() == [] and match_at(desk, 2).outcome is None
    fake.tick(minutes=30)
    assert desk.late_prompts() == []  # no G-LATE-2 without the G-LATE-1 loss
    store.close()


def test_g_late_1_a_prompt_that_is_not_due_is_refused(tmp_path):
    fake = FakeTime()
    _, store, desk = _started(tmp_path, fake)
    early = Prompt("G-LATE-1", 1, 1, ("p1", "p2"), "double_loss", 300)
    fake.tick(minutes=4)
    refused(desk, lambda: desk.resolve_late(early), "G-LATE-1", "nothing is due")
    refused(desk, lambda: desk.resolve_late("T9"), match="no lateness prompt")
    fake.tick(minutes=2)
    desk.checkin("p1")  # seated at 6:00: still late
    desk.resolve_late(early)  # now due: both were unseated at 5:00
    assert match_at(desk, 1).outcome == "double_loss"
    assert prompts(desk.event, fake()) == [p for p in desk.late_prompts()]
    store.close()


def test_g_late_2_late_player_not_reported_in_thirty_minutes_is_dropped(tmp_path):
    fake = FakeTime()
    _, store, desk = _started(tmp_path, fake)
    for p in ("p1", "p2", "p3"):
        desk.checkin(p)
    fake.tick(minutes=6)
    desk.resolve_late("T2")
    fake.tick(minutes=24)  # 30:00
    assert desk.late_prompts() == []
    fake.tick(seconds=1)
    (p,) = desk.late_prompts()
    assert (p.key, p.rule, p.kind) == ("D-p4", "G-LATE-2", "drop")
    desk.resolve_late(p, by="Org")
    dai = desk.event.player("p4")
    assert dai.dropped_after_round == 1 and dai.status == "dropped"
    assert match_at(desk, 2).outcome == "p1"  # the G-LATE-1 result stands
    assert desk.late_prompts() == []
    round_trip(desk.event)
    store.close()


def test_g_late_2_a_late_player_who_reports_in_time_stays(tmp_path):
    fake = FakeTime()
    _, store, desk = _started(tmp_path, fake)
    for p in ("p1", "p2", "p3"):
        desk.checkin(p)
    fake.tick(minutes=6)
    desk.resolve_late("T2")
    fake.tick(minutes=14)
    desk.checkin("Dai")  # reports at the desk at 20:00
    fake.tick(minutes=40)
    assert desk.late_prompts() == []
    assert desk.event.player("p4").active
    store.close()


# -- drops --------------------------------------------------------------------------------


def test_g_drop_1_dropped_at_once_results_stay_and_twice_is_refused(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record(1, "0-2")
    desk.record(2, "2-1")
    desk.drop("Ann")
    ev = desk.event
    assert ev.player("p1").dropped_after_round == 1
    assert match_at(desk, 1).outcome == "p2"  # the result played stays
    assert "p1" not in {p.id for p in ev.eligible()}
    refused(desk, lambda: desk.drop("Ann"), "G-DROP-1", "already dropped")
    store.close()


def test_g_drop_2_drop_after_the_next_pairing_may_record_that_match_as_lost(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.drop("p1")  # the organizer records the loss (the default)
    m = match_at(desk, 1)
    assert (m.outcome, m.p2_wins) == ("p2", 2) and "G-DROP-2" in m.note
    desk.drop("p3", forfeit=False)  # ...or lets the match be reported
    assert match_at(desk, 2).outcome is None
    assert desk.event.player("p3").dropped_after_round == 1
    desk.record(2, "0-2")
    store.close()


# -- staff --------------------------------------------------------------------------------


def test_g_organizer_sanctioned_event_is_not_paired_without_staff(tmp_path):
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake, staff=False)
    assert [r for r, _ in staff_problems(desk.event)] == ["G-ORGANIZER", "G-JUDGE", "G-HEAD-JUDGE"]
    refused(desk, desk.pair_next, "G-ORGANIZER", "no organizer")
    desk.set_staff(organizer="Org")
    refused(desk, desk.pair_next, "G-JUDGE")
    desk.set_staff(add_judges=["J1"])
    refused(desk, desk.pair_next, "G-HEAD-JUDGE")
    desk.set_staff(head_judge="J1")
    desk.pair_next()
    assert len(desk.event.rounds) == 1
    store.close()


def test_g_organizer_unsanctioned_event_may_run_without_staff(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime(), staff=False, sanctioned=False)
    check_staff(desk.event)
    desk.pair_next()
    assert len(desk.event.rounds) == 1
    store.close()


def test_g_judge_one_or_more_judges(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    desk.set_staff(add_judges=["J2", "J3", "j2"])
    assert desk.event.staff.judges == ("J1", "HJ", "J2", "J3")
    desk.set_staff(remove=["J1", "J2", "J3"])
    assert desk.event.staff.judges == ("HJ",) and staff_problems(desk.event) == []
    store.close()


def test_g_head_judge_is_exactly_one_and_one_of_the_judges(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    desk.set_staff(head_judge="Kim")  # a new head judge replaces the old one
    s = desk.event.staff
    assert s.head_judge == "Kim" and "Kim" in s.judges
    desk.set_staff(remove=["Kim"])
    assert [r for r, _ in staff_problems(desk.event)] == ["G-HEAD-JUDGE"]
    ev = replace(desk.event, staff=replace(desk.event.staff, head_judge="Zed"))
    assert staff_problems(ev) == [("G-HEAD-JUDGE", "the head judge 'Zed' is not one of the judges")]
    store.close()


# -- the event file keeps everything --------------------------------------------------------


def test_design4_event_file_keeps_the_round_state(tmp_path):
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    desk.set_staff(add_event_staff=["Floor"])
    pair_fixed(desk)
    desk.start_clock()
    desk.checkin("p1")
    fake.tick(minutes=3)
    desk.pause_clock()
    fake.tick(minutes=1)
    desk.resume_clock()
    desk.extend(2, 4)
    desk.add_game(2, "p1")
    desk.penalty("p2", "notice", "slow play", by="Floor")
    desk.appeal(1, "changed", level="warning", note="repeat")
    doc = round_trip(desk.event)
    r = doc["rounds"][0]
    assert r["clock"]["pauses"][0][1] is not None and r["checkins"][0]["player"] == "p1"
    assert r["matches"][1]["extension"] == 4 and r["matches"][1]["games"] == ["p1"]
    assert doc["staff"]["event_staff"] == ["Floor"]
    # a bad value names its JSON path
    from core.errors import ValidationError

    doc["rounds"][0]["clock"]["started_at"] = "soon"
    doc["rounds"][0]["matches"][1]["games"] = ["p1", "p1", "p2"]
    doc["rounds"][0]["checkins"][0]["player"] = "p9"
    try:
        event_from_doc(doc)
    except ValidationError as err:
        paths = {p for p, _ in err.problems}
        assert {
            "$.rounds[0].clock.started_at",
            "$.rounds[0].matches[1].games",
            "$.rounds[0].checkins[0].player",
        } <= paths
    else:
        raise AssertionError("bad file accepted")
    store.close()


def test_design4_files_without_the_new_keys_keep_their_shape(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record(1, "2-1")
    doc = to_doc(desk.event)
    assert set(doc["rounds"][0]) == {"number", "stage", "matches"}
    assert set(doc["rounds"][0]["matches"][0]) == {
        "table",
        "p1",
        "p2",
        "p1_wins",
        "p2_wins",
        "draws",
        "outcome",
        "note",
    }
    store.close()


# -- the command line ---------------------------------------------------------------------------


def _cli(capsys, *argv):
    from tui.cli import main

    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_round_commands_and_refusals(tmp_path, capsys):
    """G-PEN-1, G-ID-2, G-LATE-1: the round commands and their refusals from the command line."""
    data = str(tmp_path)
    code, out, _ = _cli(capsys, "--data-dir", data, "event", "new", "Night", "--date", "2026-12-04")
    eid = out.strip()
    _cli(capsys, "--data-dir", data, "player", "add", eid, "Ann", "Ben", "Cho", "Dai")
    path = tmp_path / "events" / f"{eid}.json"

    def refused_cli(*argv, needle):
        before = path.read_bytes()
        code, out, err = _cli(capsys, "--data-dir", data, *argv)
        assert code == 1 and err.count("\n") == 1 and needle in err, err
        assert path.read_bytes() == before

    refused_cli("pair", eid, needle="[G-ORGANIZER]")
    code, out, _ = _cli(
        capsys, "--data-dir", data, "staff", eid, "--organizer", "Org", "--judge", "J1", "--head-judge", "HJ"
    )
    assert code == 0 and "head judge: HJ" in out
    assert _cli(capsys, "--data-dir", data, "pair", eid)[0] == 0
    code, out, _ = _cli(capsys, "--data-dir", data, "result", eid, "1", "id")
    assert code == 0
    assert _cli(capsys, "--data-dir", data, "clock", eid, "start")[0] == 0
    refused_cli("result", eid, "2", "id", needle="[G-ID-2]")
    assert _cli(capsys, "--data-dir", data, "result", eid, "2", "2-0")[0] == 0
    refused_cli("clock", eid, "extend", "2", "5", needle="[G-TIME]")
    refused_cli("penalty", eid, "Ann", "warning", "--reason", "x", "--by", "Stranger", needle="[G-PEN-1]")
    code, out, _ = _cli(capsys, "--data-dir", data, "penalty", eid, "Ann", "warning", "--reason", "x", "--by", "J1")
    assert code == 0 and "1 Warning(s)" in out
    code, out, _ = _cli(capsys, "--data-dir", data, "penalty", eid, "Ann", "warning", "--reason", "y")
    assert code == 0 and "excluded" in out and "by J1" in out  # the judge on duty (issue 46 item 9)
    refused_cli("appeal", eid, "2", "overturned", "--by", "J1", needle="[G-HEAD-JUDGE]")
    code, out, _ = _cli(capsys, "--data-dir", data, "appeal", eid, "2", "overturned")
    assert code == 0 and "1 Warning(s)" in out
    refused_cli("appeal", eid, "2", "upheld", needle="final")
    code, out, _ = _cli(capsys, "--data-dir", data, "penalties", eid, "--json")
    doc = json.loads(out)
    assert [p["in_force"] for p in doc["penalties"]] == [True, False]
    code, out, _ = _cli(capsys, "--data-dir", data, "clock", eid, "status", "--json")
    assert json.loads(out)["started"] is True
    code, out, _ = _cli(capsys, "--data-dir", data, "late", eid)
    assert code == 0 and "nothing due" in out
    code, out, _ = _cli(capsys, "--data-dir", data, "checkin", eid, "Cho", "Dai")
    assert code == 0 and out.count("(on time)") == 2
    assert _cli(capsys, "--data-dir", data, "player", "drop", eid, "Cho")[0] == 0
    refused_cli("player", "drop", eid, "Cho", needle="[G-DROP-1]")


def test_cli_game_by_game_shows_who_chooses_next(tmp_path, capsys):
    """G-NEXT-GAME: `lycee game` shows who chooses to play first next."""
    data = str(tmp_path)
    eid = _cli(capsys, "--data-dir", data, "event", "new", "G", "--date", "2026-12-04", "--unsanctioned")[1].strip()
    _cli(capsys, "--data-dir", data, "player", "add", eid, "Ann", "Ben")
    assert _cli(capsys, "--data-dir", data, "pair", eid)[0] == 0
    ev_doc = json.loads(_cli(capsys, "--data-dir", data, "export", eid)[1])
    p1 = {p["id"]: p["name"] for p in ev_doc["players"]}[ev_doc["rounds"][0]["matches"][0]["p1"]]
    p2 = ({"Ann", "Ben"} - {p1}).pop()
    code, out, _ = _cli(capsys, "--data-dir", data, "game", eid, "1", "p1")
    assert code == 0 and f"next game: {p2} chooses" in out
    code, out, err = _cli(capsys, "--data-dir", data, "game", eid, "1", "concede-p1", "--time")
    assert code == 1 and "[G-BO3-TIME]" in err and "--time-called" in err  # the round has time left
    code, out, _ = _cli(capsys, "--data-dir", data, "game", eid, "1", "concede-p1", "--time", "--time-called")
    assert code == 0 and "match over: draw" in out
    code, out, err = _cli(capsys, "--data-dir", data, "game", eid, "1", "p1")
    assert code == 1 and "[G-BO3]" in err
