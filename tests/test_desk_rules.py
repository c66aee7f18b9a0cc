"""Rules the app and the command line share (issue 15: no rule in the UI):
the round clock and build-timer keys, rounds planned, the penalty tally
line, the lateness texts.  Each is one engine function both faces call."""

from __future__ import annotations

from core import i18n
from core.event.model import Event, Player
from core.rules.lateness import prompt_text
from core.rules.penalties import tally_line
from core.tournament.pairing import planned_rounds
from tests.round_helpers import FakeTime, make_event, pair_fixed


def test_g_time_one_clock_key_starts_then_pauses_then_resumes(tmp_path):
    """G-TIME: the round clock key (app Ctrl+T) starts the clock, then pauses
    and resumes it: Desk.toggle_clock says which it did."""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    assert desk.toggle_clock() == "start" and desk.clock_status().started
    fake.tick(minutes=3)
    assert desk.toggle_clock() == "pause" and desk.clock_status().paused
    fake.tick(minutes=10)  # a paused clock stands still
    assert desk.toggle_clock() == "resume" and not desk.clock_status().paused
    assert desk.clock_status().remaining == 47 * 60
    assert [a["data"]["op"] for a in desk.store.actions if a["type"] == "clock"] == ["start", "pause", "resume"]
    store.close()


def _event(n: int, rounds_planned: int | None = None) -> Event:
    players = tuple(Player(f"p{i}", f"P{i}") for i in range(1, n + 1))
    return Event(id="e", name="E", date="2026-11-30", players=players, rounds_planned=rounds_planned)


def test_g_swiss_rounds_planned_by_the_organizer_or_suggested_from_the_players():
    """docs/rules.md: the Swiss rounds of the event, the organizer's number when
    set, else ceil(log2 N) of the players who may be paired (one rule for the
    event bar, the top-cut question and the command line)."""
    assert planned_rounds(_event(12)) == (4, False)
    assert planned_rounds(_event(16)) == (4, False)
    assert planned_rounds(_event(17)) == (5, False)
    assert planned_rounds(_event(12, rounds_planned=3)) == (3, True)
    assert planned_rounds(_event(1)) == (0, False)


def test_g_pen_2_the_tally_line_counts_notices_and_warnings_in_force(tmp_path):
    """G-PEN-2: one line for the desk (app and command line): the Notices and
    Warnings in force, and the exclusion once two Warnings' worth is reached."""
    i18n.set_language("en")
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    assert tally_line(desk.event, "p1") == "Ann: 0 Notice(s), 0 Warning(s) in force"
    desk.penalty("Ann", "notice", "slow play", by="J1")
    assert tally_line(desk.event, "p1") == "Ann: 1 Notice(s), 0 Warning(s) in force"
    desk.penalty("Ann", "warning", "marked cards", by="J1")
    desk.penalty("Ann", "warning", "marked cards again", by="J1")
    assert tally_line(desk.event, "p1").endswith("· excluded")
    store.close()


def test_g_late_1_the_app_and_the_command_line_say_the_same_prompt(tmp_path):
    """G-LATE-1 / G-LATE-2: one text per prompt; the app names the rule in the
    sentence, the command line in a column of its own."""
    i18n.set_language("en")
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.start_clock()
    desk.checkin("Ann", "Ben", "Cho")
    fake.tick(minutes=6)
    (p,) = desk.late_prompts()
    assert (
        p.describe(desk.event)
        == prompt_text(desk.event, p)
        == "table 2: Dai not seated within 5 minutes: loses the match"
    )
    assert (
        prompt_text(desk.event, p, with_rule=True)
        == "table 2: Dai not seated within 5 minutes: loses the match (G-LATE-1)"
    )
    store.close()


def test_g_sealed_one_build_timer_key_pauses_and_resumes_the_build_phase(tmp_path):
    """G-SEALED: the build timer key (app F11, "timer") pauses the running
    build timer and resumes it: Desk.toggle_build says which it did."""
    from core.desk import Desk
    from core.store import DataDir
    from limited.event import open_sealed_pools

    fake = FakeTime()
    dd = DataDir(tmp_path, clock=fake)
    store = dd.create(
        {
            "name": "Sealed",
            "kind": "sealed",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
        }
    )
    desk = Desk(store)
    desk.add_players(["A", "B", "C", "D"])
    open_sealed_pools(desk, "alpha", "2s", seed=1)
    assert desk.build_status().state == "building"
    fake.tick(minutes=5)
    assert desk.toggle_build() == "pause" and desk.build_status().state == "paused"
    left = desk.build_status().remaining
    fake.tick(minutes=20)
    assert desk.build_status().remaining == left  # a paused build timer stands still
    assert desk.toggle_build() == "resume" and desk.build_status().state == "building"
    store.close()
