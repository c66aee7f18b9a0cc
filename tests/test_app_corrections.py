"""Issue 46 in the app: a correction of an earlier round (Shift+F3) that
breaks a later round asks one question naming the round and the choices
(L-LATER); pairing it again is one record, announced, and offers the slips."""

from __future__ import annotations

import pytest

from core.desk import Desk
from core.reports.judge import judge_event
from core.store import DataDir
from tests.app_helpers import type_text
from tui.app import LyceeApp


def _event(tmp_path, second_results: bool):
    dd = DataDir(tmp_path)
    st = dd.create(
        {
            "name": "土曜杯",
            "date": "2026-12-05",
            "sanctioned": False,
            "staff": {"organizer": "店長", "judges": ["佐藤", "HJ"], "head_judge": "HJ"},
        }
    )
    d = Desk(st)
    d.add_players([f"選手{i}" for i in range(1, 9)])
    d.pair_next()
    for t in range(1, 5):
        d.record(t, "2-0")
    d.pair_next()
    if second_results:
        for t in range(1, 5):
            d.record(t, "2-1")
    return dd, st


async def _correct(pilot, app, line: str):
    await pilot.press("shift+f3")
    await pilot.pause()
    assert app.screen.__class__.__name__ == "CorrectEarlier"  # a Prompt with the round's tables
    await type_text(pilot, line)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.asyncio
async def test_l_later_the_app_asks_which_way_and_pairs_the_open_round_again(tmp_path):
    """L-LATER (G-SWISS-PAIR-1): the issue's steps in the app: the question
    names round 2 and its choices; "pair again" stores the correction, the
    new round 2 and the announcement as one record; the check holds."""
    dd, st = _event(tmp_path, second_results=False)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await _correct(pilot, app, "1 1 0-2")
        ask = app.screen
        assert ask.__class__.__name__ == "Choose"
        assert "round 2" in ask.title_text and "G-SWISS-PAIR-1" in ask.title_text
        assert [k for k, _label in ask.choices] == ["repair", "keep", "undo"]
        await pilot.press("enter")  # the first choice: pair round 2 again
        await pilot.pause()
        assert app.screen.__class__.__name__ == "Confirm"  # the new slips offered
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        acts = [a["type"] for a in screen.desk.store.actions[-4:]]
        assert acts == ["result", "unpair", "pair", "announce"]
        ev = screen.event
        assert ev.rounds[0].match_at(1).outcome == "p2" and judge_event(ev).ok
        assert "paired again" in ev.announcements[-1].text


@pytest.mark.asyncio
async def test_l_ruling_the_app_keeps_a_played_round_by_the_head_judges_ruling(tmp_path):
    """L-LATER, L-RULING (G-HEAD-JUDGE): round 2 has results: no "pair
    again"; keeping it asks the head judge's name and records the ruling;
    the check then lists it as a ruled exception."""
    dd, st = _event(tmp_path, second_results=True)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await _correct(pilot, app, "1 1 0-2")
        ask = app.screen
        assert [k for k, _label in ask.choices] == ["keep", "undo"] and "already paired" in ask.title_text
        # what breaks, by round and tables, and why pairing again is not among the choices (L-LATER)
        assert "What breaks: round 2: [G-SWISS-PAIR-1]" in ask.title_text and "tables" in ask.title_text
        assert "Only a last round with no result" in ask.title_text and "$." not in ask.title_text
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "Prompt"  # the head judge's name, prefilled
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert [a["type"] for a in screen.desk.store.actions[-2:]] == ["result", "ruling"]
        j = judge_event(screen.event)
        assert j.ok and [f.rule for f in j.report.ruled] == ["G-SWISS-PAIR-1"]


@pytest.mark.asyncio
async def test_l_later_shift_f8_opens_the_correction_where_the_terminal_swallows_shift_f3(tmp_path):
    """L-LATER: xterm and tmux send Shift+F3 as ESC[1;2R, read as a cursor
    report, so the correction of an earlier round also opens on Shift+F8."""
    dd, st = _event(tmp_path, second_results=True)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("shift+f8")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "CorrectEarlier"


@pytest.mark.asyncio
async def test_l_later_the_question_for_a_round_paired_but_not_played_does_not_call_it_played_at_80x24(tmp_path):
    """Issue 48, L-LATER: round 2 paired and its clock started, with no result:
    the correction's question in Japanese at 80x24 does not call round 2 played
    (no 「対戦済み」, no 「対戦どおり」), and the way out beside the one other
    choice is not worded 「どちらもしない」 (neither of two)."""
    from core import i18n

    dd, st = _event(tmp_path, second_results=False)
    Desk(st).start_clock()  # started: not "untouched", so no "pair again" either
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _correct(pilot, app, "1 1 0-2")
            ask = app.screen
            assert ask.__class__.__name__ == "Choose"
            assert [k for k, _label in ask.choices] == ["keep", "undo"]
            words = ask.title_text + " ".join(label for _k, label in ask.choices)
            assert "第2回戦" in ask.title_text
            for played in ("対戦済み", "対戦どおり", "どちらもしない"):
                assert played not in words, words
    finally:
        i18n.set_language("en")
