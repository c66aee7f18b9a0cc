"""What a tester saw on the event screen at 80x24 in Japanese, each now as
the desk should be: the top cut's tables named (G-SE) and its final
placings beside the round once the final is in, no F5 after the final; a
line typed right after F3 stored, not dropped; Esc never loses a typed line
without saying so; the clock says the round is complete instead of
vanishing; the side pane shows whole names where they fit."""

from __future__ import annotations

import pytest

from core import i18n
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import on_screen, shown, type_text, until
from tui.app import LyceeApp
from tui.screens.event import EventScreen

NAMES = ["村上 美加子", "斎藤 裕美子", "田中 裕太", "高橋 直子", "山本 浩", "松本 太郎", "田中 千代", "伊藤 学"]


def _event(tmp_path, swiss: int = 3, cut: bool = False, results: bool = True):
    """Eight players, ``swiss`` rounds paired (each with its results when
    ``results``); with ``cut``, a top 4 with a third-place match, its
    semi-finals played and the final round paired."""
    dd = DataDir(tmp_path)
    st = dd.create(
        {
            "name": "土曜杯",
            "date": "2026-12-05",
            "sanctioned": False,
            "rounds_planned": 3,
            "staff": {"organizer": "店長", "judges": ["佐藤", "HJ"], "head_judge": "HJ"},
        }
    )
    d = Desk(st)
    d.add_players(NAMES)
    for r in range(swiss):
        d.pair_next()
        if results or r < swiss - 1:
            for t in range(1, 5):
                d.record(t, "2-0")
    if cut:
        d.top_cut(4, third_place=True)
        for t in (1, 2):
            d.record(t, "2-1")
        d.pair_next()
    eid = st.id
    st.close()
    return dd, eid


async def _open(pilot, app) -> EventScreen:
    await until(pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.desk is not None, "the event")
    await pilot.pause()
    return app.screen


def _footer(app) -> str:
    return shown(app, app.screen.query_one("WholeKeysFooter"))


@pytest.mark.asyncio
async def test_g_se_the_round_tab_names_the_final_and_the_third_place_match_then_shows_the_placings(tmp_path):
    """G-SE: in the final round the round tab says which table is the final
    and which the third-place match; once both are in, the side pane shows
    the final placings (優勝, 準優勝, 3位 ...), not the Swiss order, and F5
    (pair the next round) is no longer offered."""
    dd, eid = _event(tmp_path, cut=True)
    ja = i18n._
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        await pilot.press("f3")
        await pilot.pause()
        table = screen.query_one("#pairing-table")
        rows = shown(app, table).splitlines()
        final = next(r for r in rows if r.lstrip().startswith("1 "))
        third = next(r for r in rows if r.lstrip().startswith("2 "))
        assert "決勝" in final and "3位決定戦" not in final, rows
        assert "3位決定戦" in third, rows
        assert ja("Pair next round") in _footer(app)  # still offered: the final is to be played
        await pilot.press("f6")
        for line in ("1 2-0", "2 2-0"):
            await type_text(pilot, line)
            await pilot.press("enter")
            await pilot.pause()
        await until(pilot, lambda: screen.finished(screen.event), "the final stored")
        await pilot.pause()
        leaders = shown(app, screen.query_one("#leaders"))
        assert "最終順位" in leaders, leaders
        ev = screen.event
        final, third = ev.current_round.matches
        placed = [line.split()[0] + " " + "".join(line.split()[1:]) for line in leaders.splitlines()[1:5]]
        assert placed == [  # the final's winner, its loser, then the third-place match's (G-SE), names whole
            f"{n} {ev.player(pid).name.replace(' ', '')}"
            for n, pid in enumerate((final.p1, final.p2, third.p1, third.p2), 1)
        ], leaders
        assert ja("Pair next round") not in _footer(app)  # G-SE: nothing left to pair
        before = len(screen.event.rounds)
        await pilot.press("f5")
        await pilot.pause()
        assert len(screen.event.rounds) == before


@pytest.mark.asyncio
async def test_a_result_typed_right_after_f3_is_stored_not_dropped(tmp_path):
    """F3 puts the cursor on the pairings; a result typed at once goes into
    the results box and is stored on Enter (it was dropped without a word)."""
    dd, eid = _event(tmp_path, swiss=1, results=False)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("f3", "1", "space", "2", "-", "0", "enter")
        await until(pilot, lambda: screen.event.current_round.matches[0].outcome is not None, "the result stored")
        assert "1卓" in screen.query_one("#message").plain
        await pilot.press("f3", "9", "space", "2", "-", "0", "enter")  # no table 9: refused aloud
        await until(pilot, lambda: "9" in screen.query_one("#message").plain, "the refusal said")
        assert screen.query_one("#message").has_class("error")


@pytest.mark.asyncio
async def test_esc_with_a_line_still_in_a_box_warns_naming_it_before_leaving(tmp_path):
    """A line typed in the results box, then F3 (the cursor on the pairings):
    one Esc left the event and the line was lost without a word. Now the
    first Esc names the line not stored and stays; the next one leaves."""
    dd, eid = _event(tmp_path, swiss=1, results=False)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        await pilot.press("f6")
        await type_text(pilot, "3 2-")
        await pilot.press("f3")
        await pilot.pause()
        assert screen.focused is screen.query_one("#pairing-table")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        msg = screen.query_one("#message").plain
        assert "3 2-" in msg and "Esc" in msg, msg
        assert on_screen(app, msg, screen.query_one("#message"))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not screen, "back to the event list")


@pytest.mark.asyncio
async def test_esc_with_nothing_typed_leaves_at_once(tmp_path):
    """Nothing typed anywhere and the cursor on the pairings: one Esc is back to the event list, as before."""
    dd, eid = _event(tmp_path, swiss=1, results=False)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not screen, "back to the event list")


@pytest.mark.asyncio
async def test_the_clock_says_the_round_is_complete_when_every_result_is_in(tmp_path):
    """G-TIME: the round clock stayed off the bar once every result was in
    (the clock never started); it now says the round is complete."""
    dd, eid = _event(tmp_path, swiss=1, results=False)
    ja = i18n._
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        clock = screen.query_one("#clock")
        assert "⏱" in clock.plain
        await pilot.press("f6")
        for t in range(1, 5):
            await type_text(pilot, f"{t} 2-0")
            await pilot.press("enter")
            await pilot.pause()
        await until(pilot, lambda: screen.event.current_round.complete, "the round complete")
        await pilot.pause()
        assert clock.plain == ja("R{r} complete", r=1) == "第1回戦 終了"
        assert on_screen(app, clock.plain, clock)


@pytest.mark.asyncio
async def test_the_side_pane_shows_whole_names_at_80_columns(tmp_path):
    """The leaders beside the pairings cut 「村上 美加子」 to 「村上 美…」 at
    80x24 with room to spare; every name of the demo's length is whole."""
    dd, eid = _event(tmp_path, swiss=2, results=False)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        await pilot.press("f3")
        await pilot.pause()
        leaders = shown(app, screen.query_one("#leaders"))
        for name in NAMES:
            assert name in leaders, leaders
        assert "…" not in leaders
        assert on_screen(app, "村上 美加子", screen.query_one("#pairing-table"))


@pytest.mark.asyncio
async def test_g_bo3_a_result_typed_with_the_japanese_ime_on_is_stored(tmp_path):
    """G-BO3 (input is never lost): 「１　２－０」 and 「２　２ー１」, typed with the Japanese input on
    (full-width digits, an ideographic space, a full-width hyphen or the long-vowel mark), are results
    of tables 1 and 2 as 1 2-0 and 2 2-1 are (it was refused, showing the clerk a Python repr)."""
    dd, eid = _event(tmp_path, swiss=1, results=False)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        await pilot.press("f6")
        box = screen.query_one("#result-entry")
        box.value = "１\u3000２－０"  # as the IME commits it (a key press of 「－」 does not reach a test)
        await pilot.press("enter")
        await type_text(pilot, "２\u3000２ー１")
        await pilot.press("enter")
        rnd = screen.event.current_round
        await until(pilot, lambda: all(screen.event.current_round.match_at(t).outcome for t in (1, 2)), "both stored")
        m1, m2 = screen.event.current_round.match_at(1), screen.event.current_round.match_at(2)
        assert (m1.p1_wins, m1.p2_wins, m2.p1_wins, m2.p2_wins) == (2, 0, 2, 1), rnd
        assert "\\u3000" not in screen.query_one("#message").plain
        await type_text(pilot, "９\u3000２ー０")  # no table 9: refused aloud, the line as typed, no Python repr
        await pilot.press("enter")
        await until(pilot, lambda: "９" in screen.query_one("#message").plain, "the refusal")
        said = screen.query_one("#message").plain
        assert said.startswith("「９") and "\\u3000" not in said and "'" not in said, said
