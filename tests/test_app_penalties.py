"""Penalties, appeals, the round count and the scorecard in the app (issue 22),
at 80x24 in Japanese: the head judge's ruling on an appeal (Ctrl+U), the
issuer the penalty form offers, the Swiss round count fixed at round 1 and
shown by F12 after an exclusion, the drop and exclusion remarks of an
exported scorecard."""

from __future__ import annotations

import html
import re

import pytest

from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import type_text, until
from tui.app import LyceeApp


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<]*)</text>", svg))).replace("\xa0", " ")


def _event(tmp_path, judges=("佐藤", "HJ"), players=8, rounds=None, names=None, staff=True):
    """An unsanctioned 土曜杯 with ``players`` players 選手1.. (or ``names``), its staff unless not ``staff``."""
    dd = DataDir(tmp_path)
    doc = {"name": "土曜杯", "date": "2026-12-05", "sanctioned": False, "rounds_planned": rounds}
    if staff:
        doc["staff"] = {"organizer": "店長", "judges": list(judges), "head_judge": "HJ"}
    st = dd.create(doc)
    d = Desk(st)
    d.add_players(names or [f"選手{i}" for i in range(1, players + 1)])
    return dd, st, d


async def _issue_in_form(pilot, app, **values):
    """Ctrl+B, the penalty form's boxes set (``player="p2"``: #player ...), Ctrl+S; the form."""
    await pilot.press("ctrl+b")
    await pilot.pause()
    form = app.screen
    for box, value in values.items():
        form.query_one(f"#{box}").value = value
    await pilot.press("ctrl+s")
    await pilot.pause()
    return form


@pytest.mark.asyncio
async def test_g_head_judge_an_appeal_is_ruled_in_the_app_and_the_list_shows_it(tmp_path):
    """G-HEAD-JUDGE, G-PEN-2: Ctrl+U (in F1 and the palette) opens the head
    judge's ruling on an appeal, as `lycee appeal` records it: the Warning is
    changed to a Notice with a reason, logged by the head judge, and the
    penalty list (the Ctrl+B form's history) shows the outcome."""
    dd, st, d = _event(tmp_path)
    d.pair_next()
    d.penalty("p1", "warning", "marked cards", by="佐藤")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f1")
        await pilot.pause()
        assert ("^U", "裁定申請の裁定", "event.appeal") in [tuple(map(str, r)) for r in app.screen.rows]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+u")
        await pilot.pause()
        form = app.screen
        assert form.__class__.__name__ == "AppealForm"
        shown = screen_text(app)
        assert "#1 W" in shown and "marked cards" in shown and "HJ" in shown
        assert form.query_one("#appeal-number").value == "1"
        form.query_one("#appeal-outcome").value = "changed"
        await pilot.pause()
        form.query_one("#appeal-level").value = "notice"
        form.query_one("#appeal-note").focus()
        await type_text(pilot, "誤認")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        pen = screen.event.penalties[0]
        assert pen.appeal == {"by": "HJ", "outcome": "changed", "note": "誤認", "level": "notice", "action": "none"}
        assert "最終決定" in screen_text(app) or "G-HEAD-JUDGE" in screen_text(app)
        assert screen.desk.store.actions[-1]["type"] == "appeal"
        await pilot.press("ctrl+u")  # a second ruling on the same penalty is refused: final
        await pilot.pause()
        app.screen.query_one("#appeal-note").value = "again"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and "G-HEAD-JUDGE" in screen_text(app)
        await pilot.press("f2")
        await pilot.press("ctrl+b")
        await pilot.pause()
        app.screen.query_one("#player").value = "p1"
        await pilot.pause()
        history = str(app.screen.query_one("#history").render())
        assert "#1 N" in history and "変更" in history and "誤認" in history
        assert app.screen.query_one("#by").value == "佐藤"  # the judge on duty, not the head judge


@pytest.mark.asyncio
async def test_g_head_judge_the_penalty_form_never_offers_the_head_judge_while_a_judge_is_on_duty(tmp_path):
    """G-HEAD-JUDGE, G-PEN-1: with two judges on duty the form asks which one
    issues the penalty (nothing is issued until one is chosen); the head judge
    is not the default, since appeals go to the head judge."""
    dd, st, d = _event(tmp_path, judges=("佐藤", "鈴木", "HJ"))
    d.pair_next()
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        form = await _issue_in_form(pilot, app, player="p2", reason="slow play")
        assert app.screen is form and "ジャッジを選んで" in screen_text(app)
        form.query_one("#by").value = "鈴木"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and [p.by for p in screen.event.penalties] == ["鈴木"]


@pytest.mark.asyncio
async def test_l_rounds_the_fixed_round_count_survives_an_exclusion_in_f12(tmp_path):
    """L-ROUNDS, G-PEN-1: 9 players with rounds left blank; F5 pairs round 1
    and fixes 4 rounds; an exclusion leaves 8 players (3 rounds suggested),
    and F12 still shows 4."""
    dd, st, d = _event(tmp_path, players=9)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(screen.event.rounds) == 1 and screen.event.rounds_planned == 4
        screen.desk.penalty("p1", "warning", "aggression", action="exclusion", by="佐藤")
        assert len(screen.event.eligible()) == 8
        await pilot.press("f12")
        await pilot.pause()
        assert app.screen.query_one("#rounds").value == "4"
        await pilot.press("escape")
        await pilot.pause()
        log = [a for a in screen.desk.store.actions if a["type"] == "pair"]
        assert log[0]["data"]["rounds_fixed"] == 4


@pytest.mark.asyncio
async def test_g_drop_1_the_scorecard_exported_from_the_app_says_who_dropped_and_who_was_excluded(tmp_path):
    """G-DROP-1, G-PEN-1, G-SCORECARD: F9 > scorecard (CSV) from the app
    writes 途中棄権（第1回戦後） and 除外（理由） in the remarks column."""
    dd, st, d = _event(tmp_path, players=6, rounds=2)
    d.pair_next()
    for m in d.event.current_round.matches:
        if not m.reported:
            d.record(m.table, "2-0")
    d.drop("p2")
    d.pair_next()
    d.penalty("p3", "warning", "暴言", action="exclusion", by="佐藤")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f9")
        await pilot.pause()
        from core.i18n import _

        options = app.screen.query_one("OptionList")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        options.highlighted = labels.index(_("Scorecard (CSV)"))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        files = list((tmp_path / "exports").glob("*_スコアカード.csv"))
        assert len(files) == 1
        text = files[0].read_text(encoding="utf-8")
        assert "途中棄権（第1回戦後）" in text and "除外（暴言）" in text
        assert any(
            line.split(",")[3] == "選手2" and line.endswith("途中棄権（第1回戦後）") for line in text.splitlines()
        )


@pytest.mark.asyncio
async def test_g_se_final_standings_drop_the_round_in_progress_heading_once_the_event_ended(tmp_path):
    """G-SE (issue 22 item 10): while the final is played the standings say
    which round is in progress; once its result is in, the final placings are
    headed 最終順位, not 「第4回戦終了時点の順位（第5回戦は進行中）」."""
    dd, st, d = _event(tmp_path, players=8, rounds=3)
    for _r in range(3):
        d.pair_next()
        for m in d.event.current_round.matches:
            d.record(m.table, "2-0" if m.table % 2 else "2-1")
    d.top_cut(4)
    for m in d.event.current_round.matches:
        d.record(m.table, "2-0")
    d.pair_next()  # the final
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f4")
        await pilot.pause()
        assert "第5回戦は進行中" in str(screen.query_one("#standings-note").render())
        await pilot.press("f6")
        await type_text(pilot, "1 2-0")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        note = str(screen.query_one("#standings-note").render())
        assert note == "最終順位" and "進行中" not in screen_text(app)


@pytest.mark.asyncio
async def test_g_pen_1_a_player_the_desk_cannot_tell_keeps_the_penalty_form_and_what_was_typed(tmp_path):
    """G-PEN-1 (input is never lost): a player reference that names nobody
    leaves the penalty form open with the desk's reason and every field as
    typed; corrected, the penalty is issued."""
    dd, st, d = _event(tmp_path)
    d.pair_next()
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        form = await _issue_in_form(pilot, app, player="たかはし", reason="遅延行為", level="warning")
        assert app.screen is form and "たかはし" in screen_text(app) and screen.event.penalties == ()
        assert form.query_one("#reason").value == "遅延行為" and form.query_one("#level").value == "warning"
        form.query_one("#player").value = "p2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and [(p.player, p.level) for p in screen.event.penalties] == [("p2", "warning")]


@pytest.mark.asyncio
async def test_g_pen_1_a_warning_with_a_game_loss_says_the_game_loss_at_80x24(tmp_path):
    """Issue 48, G-PEN-1: a Warning issued with a game loss (Ctrl+B) records a
    lost game in the player's open match, and the desk's message says so, with
    the round and the table, beside the tally (it said only the Warning)."""
    dd, st, d = _event(tmp_path)
    d.pair_next()
    m = d.event.rounds[0].matches[0]
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await _issue_in_form(pilot, app, player=m.p1, reason="遅延行為", level="warning", action="game_loss")
        assert app.screen is screen
        assert screen.event.rounds[0].matches[0].games == ("loss-p1",)
        said = str(screen.query_one("#message").render())
        assert "警告" in said and "ゲーム敗北" in said and "第1回戦1卓" in said, said


@pytest.mark.asyncio
async def test_g_pen_1_the_penalty_form_finds_a_player_by_part_of_the_name_and_names_the_choices_at_80x24(tmp_path):
    """G-PEN-1, L-READING: a judge calls a player by family name; 伊藤 typed in
    the penalty form's player box, Enter moves on and the penalty goes to 伊藤翔
    (「土曜杯にプレイヤー「伊藤」はいません」 and the form stuck); 山 names two
    players, so the form says both and keeps what was typed."""
    dd, st, d = _event(tmp_path, names=["伊藤翔", "山田太郎", "山本一郎", "佐藤花子"])
    d.pair_next()
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+b")
        await pilot.pause()
        form = app.screen
        await type_text(pilot, "山")
        await pilot.press("enter")
        await pilot.pause()
        said = screen_text(app)
        assert app.screen is form and "山田太郎" in said and "山本一郎" in said, said
        form.query_one("#player").value = ""
        await type_text(pilot, "伊藤")
        await pilot.press("enter")
        await pilot.pause()
        assert form.query_one("#level").has_focus and "伊藤翔" in screen_text(app)  # moved on; the history names him
        await pilot.press("tab")
        await type_text(pilot, "遅延行為")
        await pilot.press("enter")
        await pilot.pause()
        await until(pilot, lambda: screen.event.penalties != (), "the penalty issued")
        assert [(p.player, p.reason) for p in screen.event.penalties] == [("p1", "遅延行為")]


@pytest.mark.asyncio
async def test_g_pen_1_ctrl_b_on_an_event_without_staff_says_so_before_anything_is_typed(tmp_path):
    """G-PEN-1: only staff issue a penalty; on an event listing nobody, Ctrl+B says so
    and where to add them, instead of a form whose typing the desk then refused
    (「判断するスタッフを指定してください（--by NAME）」, a command-line option, and the
    reason typed was gone)."""
    dd, st, _d = _event(tmp_path, names=["伊藤翔", "山田太郎"], staff=False)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+b")
        await pilot.pause()
        said = screen_text(app)
        assert app.screen is screen and "スタッフがいません" in said and "F12" in said and "--by" not in said, said
