"""Planning the day (``lycee plan``, core.tournament.plan; the command line in README.md): the
projected finish from the event's own log, alternatives, planned vs actual."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone

from core.desk import Desk
from core.store import DataDir
from core.tournament.plan import DEFAULT_OVERRUN, DEFAULT_TURNAROUND, measure, plan_event
from tui.cli import main

T0 = datetime(2026, 12, 5, 1, 0, tzinfo=timezone.utc)


class FakeClock:
    def __init__(self, t):
        self.t = t

    def __call__(self):
        return self.t

    def advance(self, minutes: float):
        self.t += timedelta(minutes=minutes)


def _record(tmp_path, rounds=6, seed=4, minutes=50, players=8):
    """An event played round by round on a fake clock whose turnaround and
    overrun vary at random; returns the data dir, clock, desk and, per round,
    the log length and time before it was paired."""
    clock = FakeClock(T0)
    dd = DataDir(tmp_path / "data", clock=clock)
    store = dd.create({"name": "Recorded", "minutes": minutes, "rounds_planned": rounds, "sanctioned": False})
    desk = Desk(store)
    desk.add_players([f"P{i}" for i in range(players)])
    rng = random.Random(seed)
    marks = []
    for _r in range(rounds):
        marks.append((len(store.actions), clock.t))
        clock.advance(rng.gauss(12, 3))  # standings, pairing
        desk.pair_next()
        clock.advance(rng.gauss(4, 1))  # seating
        desk.start_clock()
        clock.advance(minutes + rng.gauss(8, 4))  # the match time, extensions and the time call
        for m in desk.event.current_round.matches:
            if not m.reported:
                desk.record(m.table, "2-1")
    return dd, clock, desk, marks


def test_projection_on_a_recorded_event_is_within_the_measured_spread(tmp_path):
    """After round 2 of 6 the projected finish (from the two rounds measured)
    lies within twice the stated spread of the recorded finish."""
    dd, clock, desk, marks = _record(tmp_path)
    ev_all = desk.event
    actual_end = clock.t
    log = desk.store.actions
    cut, at = marks[2]  # just before round 3 was paired
    from core.rules import replay

    ev2 = replay(log[:cut])
    p = plan_event(ev2, log[:cut], at)
    assert p.source == "event" and p.measured == 2
    err = abs((p.base.finish - actual_end).total_seconds()) / 60
    assert p.base.left == 4
    assert err <= 2 * p.base.spread, (err, p.base.spread)
    assert len(ev_all.rounds) == 6
    desk.store.close()


def test_before_round_one_uses_the_stated_defaults(tmp_path):
    """Nothing measured and no earlier event: overrun and turnaround are the
    stated defaults; 8 players give 3 Swiss rounds (log2) when none are planned."""
    dd = DataDir(tmp_path / "data", clock=lambda: T0)
    store = dd.create({"name": "New", "minutes": 50, "sanctioned": False})
    Desk(store).add_players([f"P{i}" for i in range(8)])
    p = plan_event(store.event, store.actions, T0)
    assert p.source == "default"
    slot = DEFAULT_TURNAROUND + 50 + DEFAULT_OVERRUN
    assert p.base.finish == T0 + timedelta(minutes=3 * slot)
    labels = [o.label for o in p.options]
    assert labels == ["as planned", "one round fewer", "top 4"]  # a top 8 of 8 players would cut nobody
    top4 = p.options[2]
    assert top4.finish == T0 + timedelta(minutes=5 * slot)  # 3 Swiss + 2 elimination rounds
    store.close()


def test_g_se_the_plan_offers_a_top_8_only_to_a_field_larger_than_8(tmp_path):
    """G-SE: a top cut takes fewer than the players still in; 16 players (4 Swiss rounds by log2)
    are offered a top 4 and a top 8, the top 8 finishing after 4 Swiss + 3 elimination rounds."""
    dd = DataDir(tmp_path / "data", clock=lambda: T0)
    store = dd.create({"name": "New", "minutes": 50, "sanctioned": False})
    Desk(store).add_players([f"P{i}" for i in range(16)])
    p = plan_event(store.event, store.actions, T0)
    slot = DEFAULT_TURNAROUND + 50 + DEFAULT_OVERRUN
    assert [o.label for o in p.options] == ["as planned", "one round fewer", "top 4", "top 8"]
    assert p.options[3].finish == T0 + timedelta(minutes=7 * slot)
    store.close()


def test_earlier_events_of_the_store_give_the_figures(tmp_path):
    """A new event is planned with the times measured on the store's earlier events."""
    dd, clock, desk, marks = _record(tmp_path, rounds=3)
    desk.store.close()
    old_log = dd.history(desk.event.id)
    store = dd.create({"name": "Next", "minutes": 50, "sanctioned": False})
    p = plan_event(store.event, store.actions, clock.t, history=[old_log])
    assert p.source == "store"
    assert p.overrun != DEFAULT_OVERRUN and 0 < p.overrun < 20
    store.close()


def test_measure_reads_start_and_end_of_each_round(tmp_path):
    dd, clock, desk, marks = _record(tmp_path, rounds=2)
    times = measure(desk.store.actions, desk.event)
    assert [t.number for t in times] == [1, 2]
    assert all(t.start > marks[i][1] and t.length > 50 for i, t in enumerate(times))
    desk.store.close()


def test_g_time_the_plan_follows_each_new_result_and_undo_while_asked_at_every_redraw(tmp_path):
    """G-TIME: the event bar asks for the round times at every redraw (each
    time a new copy of the log): asking again gives the same answer, an undo
    of the last result leaves the round without an end, and that result
    entered again later ends the round later."""
    dd, clock, desk, _marks = _record(tmp_path, rounds=1)
    first = measure(desk.store.actions, desk.event)
    assert first[0].end is not None
    assert measure(desk.store.actions, desk.event) == first  # a new copy of the same log
    table = desk.store.actions[-1]["data"]["table"]
    desk.undo()
    assert measure(desk.store.actions, desk.event)[0].end is None
    clock.advance(5)
    desk.record(table, "2-1")
    assert measure(desk.store.actions, desk.event)[0].end == first[0].end + timedelta(minutes=5)
    desk.store.close()


def test_plan_command_and_report_planned_vs_actual(tmp_path, capsys):
    """`lycee plan` prints the finish as HH:MM and the alternatives side by
    side; the report of the played event states planned and actual per round."""
    dd, clock, desk, marks = _record(tmp_path, rounds=2, players=12)
    eid = desk.event.id
    desk.store.close()
    data = str(tmp_path / "data")
    assert main(["--data-dir", data, "plan", eid, "--rounds", "3", "--top", "4"]) == 0
    out = capsys.readouterr().out
    assert "projected finish" in out and "as planned" in out and "top 8" in out
    assert main(["--data-dir", data, "plan", eid, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["source"] == "event" and doc["options"][0]["rounds"] == 2
    assert main(["--data-dir", data, "export", eid, "--what", "report", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert "Round 1 times" in out and "Round 2 times" in out and "planned" in out and "actual" in out


def test_a_finished_event_says_when_it_ended_and_plan_refuses_a_bad_top(tmp_path, capsys):
    """After the last planned Swiss round (no cut) the plan states the end;
    `--top 1` is refused: a top cut has at least 2 players, any N from 2 (G-SE)."""
    dd, clock, desk, marks = _record(tmp_path, rounds=2)
    p = plan_event(desk.event, desk.store.actions, clock.t + timedelta(hours=1))
    assert p.finished == clock.t.replace(microsecond=0)  # the log keeps whole seconds
    assert any("finished at" in line for line in p.lines())
    eid = desk.event.id
    desk.store.close()
    assert main(["--data-dir", str(tmp_path / "data"), "plan", eid, "--top", "1"]) == 1
    assert "at least 2 players" in capsys.readouterr().err


def test_plan_takes_a_top_cut_of_any_size_from_2(tmp_path, capsys):
    """# G-SE: `lycee plan --top 6` is planned as `lycee top 6` plays it, three
    elimination rounds (byes to the top seeds), not refused."""
    dd, clock, desk, marks = _record(tmp_path, rounds=2)
    eid = desk.event.id
    desk.store.close()
    assert main(["--data-dir", str(tmp_path / "data"), "plan", eid, "--top", "6", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    base = doc["options"][0]
    assert base["top"] == 6 and base["rounds_left"] == 3


def test_plan_in_japanese_says_best_4_and_nests_no_parentheses(tmp_path):
    """Issue 11 leftover (the plan dialog, Ctrl+K): the cut options read
    ベスト4 / ベスト8 (not 上位4人), and no line nests parentheses."""
    import re

    from core import i18n

    dd = DataDir(tmp_path / "data", clock=lambda: T0)
    store = dd.create({"name": "New", "minutes": 50, "sanctioned": False})
    Desk(store).add_players([f"P{i}" for i in range(16)])
    i18n.set_language("ja")
    try:
        lines = plan_event(store.event, store.actions, T0).lines()
    finally:
        i18n.set_language("en")  # as tests/conftest.py leaves every test
        store.close()
    text = "\n".join(lines)
    assert "ベスト4" in text and "ベスト8" in text and "上位" not in text
    for line in lines:
        assert not re.search(r"[（(][^）)]*[（(]", line), line


def _played(dd, clock, lengths, minutes=50):
    """An event of the store whose rounds lasted ``lengths`` minutes each."""
    store = dd.create({"name": "Earlier", "minutes": minutes, "rounds_planned": len(lengths), "sanctioned": False})
    desk = Desk(store)
    desk.add_players([f"P{i}" for i in range(4)])
    for length in lengths:
        clock.advance(10)
        desk.pair_next()
        desk.start_clock()
        clock.advance(length)
        for m in desk.event.current_round.matches:
            if not m.reported:
                desk.record(m.table, "2-1")
    store.close()
    return dd.history(store.id)


def test_a_test_round_is_not_history_and_no_overrun_is_negative(tmp_path):
    """the command line in README.md (`lycee plan`), issue 22 item 10: a 1-minute test
    round of an earlier event is not a measurement (the plan said
    "50 min + -45 min over"), and a round that ended before its time counts
    as no overrun, never a negative one."""
    clock = FakeClock(T0)
    dd = DataDir(tmp_path / "data", clock=clock)
    test_only = _played(dd, clock, [1])
    early_and_late = _played(dd, clock, [1, 40, 60])
    store = dd.create({"name": "Today", "minutes": 50, "sanctioned": False})
    p = plan_event(store.event, store.actions, clock.t, history=[test_only])
    assert p.source == "default" and p.overrun == DEFAULT_OVERRUN
    p = plan_event(store.event, store.actions, clock.t, history=[test_only, early_and_late])
    assert p.source == "store" and p.overrun == 5  # (0 + 10) / 2: the 1-minute round is left out
    assert "5 min over" in p.lines()[1] and " -" not in p.lines()[1]
    store.close()
