"""Penalties (core.rules.penalties): who may issue them, escalation, exclusion,
scorecard marks, appeals to the head judge."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core import rules as A
from core.errors import RuleError
from core.event.model import Event, Match, Player, Round, Staff
from core.rules.penalties import (
    excluded_by_penalties,
    history,
    in_force,
    player_tally,
    scorecard_marks,
    tally,
)
from tests.round_helpers import FakeTime, make_event, match_at, pair_fixed, refused, round_trip


def test_g_pen_1_only_staff_may_issue_a_penalty(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    refused(desk, lambda: desk.penalty("Ann", "notice", "slow", by="Ben"), "G-PEN-1", "not on the event's staff")
    refused(desk, lambda: desk.penalty("Ann", "notice", "slow", by="  "), "G-PEN-1")
    refused(desk, lambda: desk.penalty("Ann", "notice", "  ", by="J1"), match="needs a reason")
    refused(desk, lambda: desk.penalty("Ann", "caution", "slow", by="J1"), match="notice or warning")
    refused(desk, lambda: desk.penalty("Ann", "notice", "slow", by="J1", action="ban"), match="choose one of")
    refused(desk, lambda: desk.penalty("Ann", "notice", "slow", by="J1", table=2), match="does not play at table 2")
    desk.penalty("Ann", "notice", "slow play", by="Org")
    desk.penalty("Ann", "notice", "slow play", by="ｊ１")  # full-width name: the same judge
    desk.set_staff(add_event_staff=["Floor"])  # 運営スタッフ may issue too
    desk.penalty("Ben", "notice", "talking", by="Floor")
    pens = desk.event.penalties
    assert [p.by for p in pens] == ["Org", "J1", "Floor"]
    assert (pens[0].round, pens[0].table, pens[0].level, pens[0].action) == (1, 1, "notice", "none")
    store.close()


def test_g_pen_1_default_issuer_is_the_judge_on_duty_else_the_head_judge(tmp_path):
    """G-PEN-1, G-HEAD-JUDGE (issue 46 item 9): without --by the judge on duty
    issues; the head judge only when no other judge exists."""
    _, store, desk = make_event(tmp_path, FakeTime())
    desk.penalty("Ann", "notice", "late decklist")
    assert desk.event.penalties[-1].by == "J1" and desk.event.penalties[-1].round is None
    desk.set_staff(remove=["J1"])
    desk.penalty("Ben", "notice", "late decklist")
    assert desk.event.penalties[-1].by == "HJ"
    store.close()
    _, s2, d2 = make_event(tmp_path / "nostaff", FakeTime(), staff=False)
    refused(d2, lambda: d2.penalty("Ann", "notice", "x"), "G-PEN-1", "--by")
    s2.close()


def test_g_pen_1_game_and_match_loss_apply_to_the_unfinished_match(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.penalty("p2", "warning", "drawing extra cards", by="J1", action="game_loss")
    m = match_at(desk, 1)
    assert m.games == ("loss-p2",) and m.outcome is None
    desk.penalty("p2", "notice", "again", by="J1", action="game_loss")
    m = match_at(desk, 1)
    assert (m.p1_wins, m.p2_wins, m.outcome) == (2, 0, "p1")  # two game losses end a bo3 match
    desk.penalty("p3", "notice", "unsporting", by="J1", action="match_loss")
    m = match_at(desk, 2)
    assert m.outcome == "p2" and "G-PEN-1" in m.note
    desk.penalty("p4", "notice", "after the match", by="J1", action="match_loss")
    # issue 46 item 3 (L-MATCH-LOSS): the match named is lost even when over; lost by both, a double loss
    assert match_at(desk, 2).outcome == "double_loss"
    round_trip(desk.event)
    store.close()


def test_g_pen_1_exclusion_action_excludes_at_once(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.penalty("Cho", "warning", "cheating", by="Org", action="exclusion")
    ev = desk.event
    assert ev.player("p3").excluded and ev.player("p3").status == "excluded"
    assert match_at(desk, 2).outcome == "p2"
    store.close()


def test_g_pen_2_two_notices_make_a_warning_and_two_warnings_exclude(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.penalty("Ann", "notice", "a", by="J1")
    desk.penalty("Ann", "notice", "b", by="J1")
    t = player_tally(desk.event, "p1")
    assert (t.notices, t.warnings, t.warning_equivalent, t.excluded) == (2, 0, 1, False)
    desk.penalty("Ann", "notice", "c", by="J1")
    assert not desk.event.player("p1").excluded
    desk.penalty("Ann", "notice", "d", by="J1")  # four Notices: two Warnings' worth
    ev = desk.event
    assert ev.player("p1").excluded
    m = match_at(desk, 1)
    assert m.outcome == "p2" and "G-PEN-2" in m.note  # loses the current match
    assert "p1" not in {p.id for p in ev.eligible()}  # never paired again
    refused(desk, lambda: desk.penalty("Ann", "notice", "e", by="J1"), "G-PEN-2", "already excluded")
    # a Warning and two Notices exclude too
    desk.penalty("Cho", "warning", "a", by="J1")
    desk.penalty("Cho", "notice", "b", by="J1")
    assert not desk.event.player("p3").excluded
    desk.penalty("Cho", "notice", "c", by="J1")
    assert desk.event.player("p3").excluded
    store.close()


def _event_for_property() -> Event:
    return Event(
        id="e",
        name="x",
        date="2026-11-30",
        staff=Staff("Org", ("J1", "HJ"), "HJ"),
        players=(Player("p1", "A"), Player("p2", "B")),
        rounds=(Round(1, "swiss", (Match(1, "p1", "p2"),)),),
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["notice", "warning"]), min_size=1, max_size=8))
def test_g_pen_2_escalation_however_notices_and_warnings_arrive(levels):
    ev = _event_for_property()
    n = w = 0
    for i, lv in enumerate(levels):
        data = {"player": "p1", "level": lv, "reason": f"#{i}", "by": "J1"}
        if ev.player("p1").excluded:
            try:
                A.apply(ev, {"type": "penalty", "data": data})
            except RuleError as err:
                assert err.rule == "G-PEN-2"
            else:
                raise AssertionError("a penalty after exclusion was accepted")
            continue
        ev = A.apply(ev, {"type": "penalty", "data": data})
        n += lv == "notice"
        w += lv == "warning"
        # G-PEN-2: two Notices = one Warning; two Warnings exclude
        assert ev.player("p1").excluded == (w + n / 2 >= 2)
        t = player_tally(ev, "p1")
        assert (t.notices, t.warnings) == (n, w)
        assert t.warning_equivalent == (2 * w + n) // 2
    m = ev.rounds[0].matches[0]
    if ev.player("p1").excluded:
        assert m.outcome == "p2"  # the current match is lost
    else:
        assert m.outcome is None
    assert scorecard_marks(ev, "p1", 1) == "".join("N" if lv == "notice" else "W" for lv in levels[: len(ev.penalties)])


def test_g_pen_3_scorecard_marks_per_player_and_round(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.penalty("Ann", "notice", "a", by="J1")
    desk.penalty("Ann", "warning", "b", by="J1")
    desk.record(1, "2-0")
    desk.record(2, "2-0")
    pair_fixed(desk)
    desk.penalty("Ann", "notice", "c", by="J1")
    desk.penalty("Ben", "notice", "d", by="J1", round_number=1)
    ev = desk.event
    assert scorecard_marks(ev, "p1", 1) == "NW"
    assert scorecard_marks(ev, "p1", 2) == "N"
    assert scorecard_marks(ev, "p2", 1) == "N" and scorecard_marks(ev, "p2", 2) == ""
    desk.appeal(2, "overturned")
    assert scorecard_marks(desk.event, "p1", 1) == "N"  # an overturned penalty is not marked
    store.close()


def test_g_pen_4_history_keeps_every_penalty_to_report(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    desk.penalty("Ann", "warning", "marked cards", by="J1", action="other")
    desk.penalty("Ben", "notice", "slow", by="Org")
    desk.penalty("Ann", "notice", "slow", by="HJ")
    h = history(desk.event, "p1")
    assert [(n, p.level, p.by, p.reason, p.action) for n, p in h] == [
        (1, "warning", "J1", "marked cards", "other"),
        (3, "notice", "HJ", "slow", "none"),
    ]
    assert [a["type"] for a in desk.store.actions].count("penalty") == 3
    store.close()


def test_g_head_judge_appeal_is_ruled_by_the_head_judge_once(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.penalty("Ann", "warning", "a", by="J1")
    refused(desk, lambda: desk.appeal(1, "overturned", by="J1"), "G-HEAD-JUDGE", "only the head judge")
    refused(desk, lambda: desk.appeal(1, "overturned", by="Org"), "G-HEAD-JUDGE")
    refused(desk, lambda: desk.appeal(5, "upheld"), match="no penalty #5")
    refused(desk, lambda: desk.appeal(1, "changed"), match="new level or action")
    refused(desk, lambda: desk.appeal(1, "reversed"), match="choose one of")
    desk.appeal(1, "upheld", note="seen on camera")
    pen = desk.event.penalties[0]
    assert pen.appeal == {"by": "HJ", "outcome": "upheld", "note": "seen on camera"}
    refused(desk, lambda: desk.appeal(1, "overturned"), "G-HEAD-JUDGE", "final")
    round_trip(desk.event)
    store.close()


def test_g_head_judge_appeal_outcome_moves_the_exclusion(tmp_path):
    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.penalty("Ann", "warning", "a", by="J1")
    desk.penalty("Ann", "warning", "b", by="J1")
    assert desk.event.player("p1").excluded
    desk.appeal(2, "changed", level="notice")  # two Warnings become a Warning and a Notice
    ev = desk.event
    assert not ev.player("p1").excluded and in_force(ev.penalties[1]) == ("notice", "none")
    # issue 46 item 3 (L-MATCH-LOSS): the loss the exclusion recorded is lifted, the match to be played
    assert match_at(desk, 1).outcome is None
    desk.penalty("Ben", "notice", "c", by="J1")
    desk.appeal(3, "changed", action="exclusion")
    assert desk.event.player("p2").excluded and excluded_by_penalties(desk.event, "p2")
    store.close()


def test_tally_counts_only_levels():
    """G-PEN-2: the tally counts Notices and Warnings only."""
    t = tally(["notice", None, "warning", "notice"])
    assert (t.notices, t.warnings, t.points, t.excluded) == (2, 1, 4, True)
