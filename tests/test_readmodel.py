"""The read model (core/readmodel/) and the result path from Enter to the
disk (docs/architecture.md, "The result path"): a typed result is parsed
once, checked by the match rules once, and asked about (replacement, time
call) before the one write."""

import sys
from collections import Counter

import pytest

from core import readmodel
from core.demo import make_demo
from core.desk import Desk
from core.errors import LyceeError
from core.rules import clock
from core.store import DataDir
from core.tournament import matchrules
from tui.app import LyceeApp

COUNTED = {
    "parse_table_result": matchrules.parse_table_result,
    "parse_result": matchrules.parse_result,
    "check_result": matchrules.check_result,
    "needs_time_call": clock.needs_time_call,
}


def _count_calls(monkeypatch) -> Counter:
    """Every module that holds one of the counted functions (imported by name
    or reached through its module) gets a counting wrapper."""
    calls: Counter = Counter()

    def counting(name, fn):
        def wrapper(*args, **kw):
            calls[name] += 1
            return fn(*args, **kw)

        return wrapper

    wrappers = {id(fn): (name, counting(name, fn)) for name, fn in COUNTED.items()}
    for mod in list(sys.modules.values()):
        if not getattr(mod, "__name__", "").startswith(("core", "limited", "tui")):
            continue
        for attr, value in list(vars(mod).items()):
            if id(value) in wrappers and value is COUNTED[wrappers[id(value)][0]]:
                monkeypatch.setattr(mod, attr, wrappers[id(value)][1])
    return calls


def _paired(tmp_path, players=16):
    dd = DataDir(tmp_path)
    store = make_demo(dd, players=players)
    desk = Desk(store)
    desk.pair_next()
    eid = store.id
    store.close()
    return dd, eid


def test_g_bo3_time_the_pre_check_asks_a_correction_and_a_time_call_before_recording(tmp_path):
    """G-BO3-TIME / G-HEAD-JUDGE: 1-1 typed over a recorded 2-0 before the clock
    runs needs two answers (replace it? was time called?); recorded with both,
    the table holds 1-1 and the log notes the time call."""
    dd, eid = _paired(tmp_path)
    with dd.open(eid) as store:
        desk = Desk(store)
        desk.record(1, "2-0")
        check = readmodel.precheck_result(desk.event, "1 1-1", desk.now())
        assert check.questions == (readmodel.REPLACE, readmodel.TIME_CALL)
        assert check.time_reason and "time" in check.time_reason
        with pytest.raises(LyceeError):  # a yes to the correction only: the time call is still missing
            desk.record_checked(check, correct=True)
        desk.record_checked(check, correct=True, time_called=True)
        m = desk.event.current_round.match_at(1)
        assert (m.p1_wins, m.p2_wins) == (1, 1)
        assert store.actions[-1]["data"].get("time_called") is True


def test_g_id_3_the_pre_check_leaves_an_elimination_draw_to_the_organizer(tmp_path):
    """G-ID-3: `id` typed in a top-cut match is no result to record: the one
    question is the organizer's decision."""
    dd, eid = _paired(tmp_path, players=8)
    with dd.open(eid) as store:
        desk = Desk(store)
        while not desk.event.current_round.complete:
            for t in desk.event.current_round.missing_tables():
                desk.record(t, "2-0")
            if len(desk.event.rounds) < 3:
                desk.pair_next()
        desk.top_cut(4)
        check = readmodel.precheck_result(desk.event, "1 id", desk.now())
        assert check.questions == (readmodel.ID_DECISION,)


def test_g_bo3_a_badly_typed_line_is_refused_by_the_pre_check_naming_the_form():
    """A line that is not `TABLE RESULT` is refused before anything is asked."""
    from core.event.model import Event

    with pytest.raises(LyceeError, match="TABLE RESULT"):
        readmodel.precheck_result(Event(id="x", name="x", date="2026-01-01"), "twelve 2-1", "2026-01-01T10:00:00Z")


@pytest.mark.asyncio
async def test_g_bo3_time_enter_to_disk_parses_once_and_checks_once(tmp_path, monkeypatch):
    """G-BO3-TIME: a correction typed in the app (`1 1-1` over 2-0, before the
    clock runs) goes from Enter to the journal with the text parsed once, the
    match rules checked once and the time call worked out once, through both
    questions (before: parsed 3 times, checked twice)."""
    from tui.screens.dialogs import Confirm

    dd, eid = _paired(tmp_path)
    with dd.open(eid) as store:
        Desk(store).record(1, "2-0")
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f6")
        calls = _count_calls(monkeypatch)
        await pilot.press("1", "space", "1", "-", "1", "enter")
        seen = []
        for _answer in range(2):  # replace it? then: was time called?
            for _i in range(100):
                if isinstance(app.screen, Confirm) and app.screen not in seen:
                    break
                await pilot.pause(0.05)
            assert isinstance(app.screen, Confirm) and app.screen not in seen
            seen.append(app.screen)
            await pilot.press("y")
        for _i in range(100):
            if screen.event.current_round.match_at(1).draws == 0 and screen.event.current_round.match_at(1).p2_wins:
                break
            await pilot.pause(0.05)
        m = screen.event.current_round.match_at(1)
        assert (m.p1_wins, m.p2_wins) == (1, 1)
    assert calls == Counter(parse_table_result=1, parse_result=1, check_result=1, needs_time_call=1), calls


def test_g_time_the_clock_line_offers_ctrl_t_only_while_a_round_waits_for_results(tmp_path):
    """G-TIME: a paired round whose clock has not started offers Ctrl+T; once
    every result of it is in (the last Swiss round of a finished event too),
    there is no clock left to start and the line is empty."""
    store = make_demo(DataDir(tmp_path), players=4)
    desk = Desk(store)
    desk.pair_next()
    now = desk.now()
    assert "Ctrl+T" in readmodel.clock_line(desk.event, now).text
    for m in desk.event.current_round.matches:
        desk.record(m.table, "2-0")
    assert readmodel.clock_line(desk.event, now).text == ""
    store.close()


def test_g_time_a_clock_started_stops_showing_once_every_result_is_in(tmp_path):
    """G-TIME: with the round clock running the line counts down; once every result of the
    round is in, nothing is left to time and the line is empty (it ran on in the event bar,
    ⏱ 49:49 beside 「round 1: complete」)."""
    store = make_demo(DataDir(tmp_path), players=4)
    desk = Desk(store)
    desk.pair_next()
    desk.toggle_clock()
    now = desk.now()
    assert "⏱" in readmodel.clock_line(desk.event, now).text
    for m in desk.event.current_round.matches:
        desk.record(m.table, "2-0")
    assert readmodel.clock_line(desk.event, now).text == ""
    store.close()


def test_l_rounds_an_event_without_players_suggests_no_rounds(tmp_path):
    """L-ROUNDS: the bar of a new event says it has no players yet, not 「スイスドロー 0回戦
    （参加人数から算出）」; with players it says the rounds the count suggests."""
    from core import i18n

    store = DataDir(tmp_path).create({"name": "日曜杯", "date": "2026-12-06", "sanctioned": False})
    desk = Desk(store)
    i18n.set_language("ja")
    try:
        line = readmodel.round_status(desk.event)
        assert line.endswith("0人 · 未開始") and "回戦" not in line, line
        desk.add_players([f"選手{i}" for i in range(1, 9)])
        assert "スイスドロー 3回戦（参加人数から算出）" in readmodel.round_status(desk.event)
    finally:
        i18n.set_language("en")
        store.close()
