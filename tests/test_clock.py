"""The round clock (core.rules.clock): injected time, pause/resume, per-table
extension, time call, and a restart that keeps the time left."""

from datetime import timedelta

import pytest

from core.errors import LyceeError, RuleError
from core.event.model import ClockState
from core.rules.clock import RoundClock, elapsed, fmt, remaining, status, time_call, to_datetime
from tests.round_helpers import T0, FakeTime, make_event, pair_fixed, refused


def test_clock_runs_pauses_and_resumes_on_the_injected_time(tmp_path):
    """G-TIME (the round clock)"""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    st = desk.clock_status()
    assert not st.started and st.remaining is None and fmt(st.remaining) == "--:--"
    desk.start_clock()
    fake.tick(minutes=10)
    assert desk.clock_status().remaining == 40 * 60
    desk.pause_clock()
    fake.tick(minutes=7)  # paused: nothing runs
    st = desk.clock_status()
    assert st.paused and not st.running and st.remaining == 40 * 60
    desk.resume_clock()
    fake.tick(minutes=5, seconds=30)
    st = desk.clock_status()
    assert st.running and st.elapsed == 15 * 60 + 30 and fmt(st.remaining) == "34:30"
    store.close()


def test_clock_restart_in_the_middle_of_a_round_keeps_the_time_left(tmp_path):
    """G-TIME (the round clock)"""
    fake = FakeTime()
    dd, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.start_clock()
    fake.tick(minutes=12)
    desk.pause_clock()
    fake.tick(minutes=3)
    desk.resume_clock()
    fake.tick(minutes=8)
    eid = store.id
    store.close()
    # the desk is closed for a while; the clock keeps running
    later = FakeTime(fake.t + timedelta(minutes=5))
    from core.desk import Desk
    from core.store import DataDir

    with DataDir(tmp_path, clock=later).open(eid) as s2:
        st = Desk(s2).clock_status()
        assert st.elapsed == (12 + 8 + 5) * 60
        assert st.remaining == (50 - 25) * 60
    # paused across a restart: the pause holds
    with DataDir(tmp_path, clock=later).open(eid) as s3:
        Desk(s3).pause_clock()
    much_later = FakeTime(later.t + timedelta(hours=2))
    with DataDir(tmp_path, clock=much_later).open(eid) as s4:
        st = Desk(s4).clock_status()
        assert st.paused and st.remaining == 25 * 60


def test_clock_extension_per_table_and_time_call(tmp_path):
    """G-TIME (the round clock)"""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.start_clock()
    desk.extend(2, 5)
    desk.extend(2, 3)
    assert desk.event.current_round.match_at(2).extension == 8
    fake.tick(minutes=50, seconds=1)
    assert [t.table for t in desk.time_call()] == [1]
    desk.record(1, "1-0")  # G-BO3-TIME: more game wins at time wins
    assert desk.time_call() == []
    fake.tick(minutes=8)
    assert [t.table for t in desk.time_call()] == [2]
    st = desk.clock_status()
    assert st.unfinished == (2,) and st.time_up
    tt = {t.table: t for t in st.tables}
    assert tt[2].remaining == pytest.approx(-1.0) and tt[1].finished
    store.close()


def test_g_time_extension_for_a_finished_table_is_refused(tmp_path):
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.start_clock()
    desk.record(1, "2-0")
    refused(desk, lambda: desk.extend(1, 5), "G-TIME", "finished")
    refused(desk, lambda: desk.extend(9, 5), match="no table 9")
    refused(desk, lambda: desk.extend(2, 0), match="from 1 to")
    store.close()


def test_clock_misuse_is_refused_and_nothing_changes(tmp_path):
    """G-TIME (the round clock)"""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    refused(desk, desk.start_clock, match="no round")
    pair_fixed(desk)
    refused(desk, desk.pause_clock, match="not started")
    desk.start_clock()
    refused(desk, desk.start_clock, match="already started")
    refused(desk, desk.resume_clock, match="not paused")
    desk.pause_clock()
    refused(desk, desk.pause_clock, match="already paused")
    store.close()


def test_clock_start_is_undone_like_any_action(tmp_path):
    """G-TIME (the round clock)"""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.start_clock()
    assert desk.undo()["type"] == "clock"
    assert desk.event.current_round.clock is None
    store.close()


def test_g_organizer_clock_of_a_sanctioned_event_needs_its_staff(tmp_path):
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake, staff=False)
    pair_fixed(desk)
    refused(desk, desk.start_clock, "G-ORGANIZER", "sanctioned")
    store.close()
    _, store2, desk2 = make_event(tmp_path / "u", fake, staff=False, sanctioned=False)
    pair_fixed(desk2)
    desk2.start_clock()  # an unsanctioned event may run without them
    store2.close()


def test_clock_functions_take_epoch_seconds_too():
    """G-TIME (the round clock)"""
    start = T0.timestamp()
    st = ClockState(30, T0.isoformat(), ((T0.replace(minute=5).isoformat(), T0.replace(minute=7).isoformat()),))
    assert elapsed(st, start + 600) == 480
    assert remaining(st, start + 600, extension=2) == 32 * 60 - 480
    assert to_datetime(start) == T0
    assert elapsed(None, start) == 0 and remaining(None, start) is None
    with pytest.raises(LyceeError):
        to_datetime("half past one")


def test_round_clock_view_reads_a_live_event(tmp_path):
    """G-TIME (the round clock)"""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    seconds = {"now": T0.timestamp()}
    rc = RoundClock(lambda: desk.event, lambda: seconds["now"])
    assert rc.remaining() is None
    desk.start_clock()
    desk.extend(1, 10)
    seconds["now"] += 20 * 60
    assert rc.remaining() == 30 * 60 and rc.remaining(1) == 40 * 60 and rc.elapsed() == 1200
    seconds["now"] += 31 * 60
    assert [t.table for t in rc.time_call()] == [2]
    assert rc.status().time_up
    with pytest.raises(LyceeError):
        rc.remaining(7)
    store.close()


def test_clock_only_runs_for_the_current_round(tmp_path):
    """G-TIME (the round clock)"""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.record(1, "2-0")
    desk.record(2, "2-0")
    refused(desk, desk.start_clock, match="nothing to time")
    pair_fixed(desk)
    ev = desk.event
    from core import rules as A

    with pytest.raises(LyceeError, match="over"):
        A.apply(ev, {"type": "clock", "data": {"round": 1, "op": "start", "at": T0.isoformat()}})
    assert status(ev, T0, 1).started is False
    assert time_call(ev, T0) == []
    with pytest.raises(RuleError):
        A.apply(
            ev, {"type": "clock", "data": {"round": 1, "op": "extend", "table": 1, "minutes": 3, "at": T0.isoformat()}}
        )
    store.close()
