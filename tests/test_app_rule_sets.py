"""The rule set in the app (issue 43, O-RULES, O-PEN-1/2), at 80x24 in
Japanese: the new-event form creates an Overture event, F12 shows the rule
set and locks it once round 1 is paired, the event bar names it, and the
penalty form (Ctrl+B) offers 訓告 and the struck record only for an Overture
event."""

from __future__ import annotations

import html
import re

import pytest
from textual.widgets import Select

from core.desk import Desk
from core.store import DataDir
from tui.app import LyceeApp


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<]*)</text>", svg))).replace("\xa0", " ")


def _event(tmp_path, rules: str | None, players: int = 4):
    dd = DataDir(tmp_path)
    settings = {
        "name": "土曜杯",
        "date": "2026-12-05",
        "sanctioned": False,
        "staff": {"organizer": "店長", "judges": ["佐藤", "HJ"], "head_judge": "HJ"},
    }
    if rules:
        settings["rules"] = rules
    st = dd.create(settings)
    d = Desk(st)
    d.add_players([f"選手{i}" for i in range(1, players + 1)])
    return dd, st, d


@pytest.mark.asyncio
async def test_o_rules_the_new_event_form_creates_an_overture_event(tmp_path, monkeypatch):
    monkeypatch.setattr("tui.screens.event_list.today", lambda: "2026-12-05")
    dd = DataDir(tmp_path)
    app = LyceeApp(dd, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert form.query_one("#rules", Select).value == "2008"  # the default: the 2008 guideline
        assert "ルール" in screen_text(app)
        form.query_one("#name").value = "水曜リセ"
        form.query_one("#rules", Select).value = "overture"
        form.query_one("#sanctioned").value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
    [info] = dd.list_events()
    st = dd.open(info.id)
    try:
        assert st.event.rules == "overture"
    finally:
        st.close()


@pytest.mark.asyncio
async def test_o_rules_f12_shows_the_rule_set_and_locks_it_once_round_1_is_paired(tmp_path):
    dd, st, d = _event(tmp_path, "overture")
    d.pair_next()
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "オーバーチュア" in screen_text(app)  # the event bar names the rule set
        await pilot.press("f12")
        await pilot.pause()
        rules = app.screen.query_one("#rules", Select)
        assert rules.value == "overture" and rules.disabled
        assert "ルール" in str(app.screen.query_one("#error").render())  # locked: why


@pytest.mark.asyncio
@pytest.mark.parametrize("rules", ["overture", None])
async def test_o_rules_f1_names_the_rules_the_event_follows_at_80x24(tmp_path, rules):
    """O-RULES, G-CHANGES: F1 on an Overture event said 「ルール: リセ公認大会ガイドライン（2008-11-07 更新版）…
    このアプリはこの日付の内容に基づいています」; it now names the Overture guidelines (and the 2008 one for what
    they do not settle); a 2008 event's F1 reads as before."""
    dd, st, _d = _event(tmp_path, rules)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        from tui.widgets.wrapped import WrapLabel

        [label] = [w for w in app.screen.query(WrapLabel) if "2008-11-07" in w.plain]
        lines = [line.plain.rstrip() for line in label.render().lines(label.content_region.width)]
        assert not any(line.endswith("2008-11-07") for line in lines), lines  # 「更新版）」 kept with its date
        text = re.sub(r"[█\s]", "", screen_text(app))  # the help's lines joined, inside its frame
        assert ("オーバーチュア" in text) == (rules == "overture"), text
        assert ("このアプリはこの日付の内容に基づいています" in text) == (rules is None), text


@pytest.mark.asyncio
async def test_o_rules_f12_changes_the_rule_set_before_round_1(tmp_path):
    dd, st, d = _event(tmp_path, None)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "オーバーチュア" not in screen_text(app)  # a 2008 event's bar reads as before
        await pilot.press("f12")
        await pilot.pause()
        rules = app.screen.query_one("#rules", Select)
        assert rules.value == "2008" and not rules.disabled
        rules.value = "overture"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.event.rules == "overture"
        assert "オーバーチュア" in screen_text(app)


@pytest.mark.asyncio
@pytest.mark.parametrize("rules", [None, "overture"])
async def test_o_pen_1_the_penalty_form_offers_the_caution_only_under_overture(tmp_path, rules):
    dd, st, d = _event(tmp_path, rules)
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
        levels = [v for _label, v in form.query_one("#level", Select)._options]
        actions = [v for _label, v in form.query_one("#action", Select)._options]
        if rules is None:  # 2008: exactly as before
            assert levels == ["notice", "warning"]
            assert "exclusion_struck" not in actions
            return
        assert levels == ["notice", "warning", "caution"]
        assert "exclusion_struck" in actions
        form.query_one("#player").value = "p1"
        form.query_one("#level", Select).value = "caution"
        form.query_one("#reason").value = "シャッフル不足"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert screen.event.penalties == ()  # not recorded
        assert screen.desk.store.actions[-1]["type"] == "penalty"  # in the log
        assert "訓告" in screen_text(app)


@pytest.mark.asyncio
async def test_o_pen_2_a_struck_record_from_the_form_disqualifies_after_asking_and_leaves_the_ranking(tmp_path):
    dd, st, d = _event(tmp_path, "overture")
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
        form.query_one("#player").value = "p1"
        form.query_one("#level", Select).value = "warning"
        form.query_one("#action", Select).value = "exclusion_struck"
        form.query_one("#reason").value = "マークド"
        await pilot.press("ctrl+s")
        await pilot.pause()
        question = app.screen.question  # asked first, in Overture's words
        assert "失格" in question and "順位からも外れます" in question and "除外" not in question
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen
        assert screen.event.player("p1").excluded
        assert [p.action for p in screen.event.penalties] == ["exclusion_struck"]
        await pilot.press("f4")  # the standings: the player has no rank
        await pilot.pause()
        assert any(line.strip().startswith("-") and "選手1" in line for line in screen_text(app).splitlines())


@pytest.mark.asyncio
async def test_l_later_f12_on_a_finished_event_says_the_way_back_once_at_80x24(tmp_path):
    """L-LATER: on an event whose Swiss rounds are all played, F12 lists the
    locked settings by reason and says the way back (undo) once, not at the
    end of every line (a tester saw ~15 lines each ending in
    「（Ctrl+Z / `lycee undo EVENT`））」 push every field off the screen)."""
    dd, st, d = _event(tmp_path, None)
    d.set_settings({"rounds": 1})
    d.pair_next()
    for m in d.event.current_round.matches:
        if m.p2 is not None:
            d.record(m.table, "2-0")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f12")
        await pilot.pause()
        said = str(app.screen.query_one("#error").render())
        assert said.count("lycee undo EVENT") == 1, said
        assert "））" not in said, said
        assert said.count("変更不可") >= 2, said
