"""The store's members in the app (issue 47, M-MEMBER, M-HISTORY): the name box
offers members as the clerk types (by name, reading or number), Tab registers
one with their reading and number, Ctrl+S adds a new name to the list; at
80x24 in Japanese."""

from __future__ import annotations

import pytest

from core.rules import members as mr
from core.store import DataDir
from core.store.members import MemberList
from tests.app_helpers import fits, on_screen, type_text, until
from tui.app import LyceeApp
from tui.screens.event import EventScreen
from tui.screens.event.players import PlayersPane


def _store(tmp_path):
    dd = DataDir(tmp_path)
    ml = MemberList(dd.root)
    ml.add("田中美咲", "たなかみさき")
    ml.add("田中美咲", "たなかみさき")
    ml.add("相川", "あいかわ", "A7")
    store = dd.create({"name": "土曜杯", "sanctioned": False})
    eid = store.id
    store.close()
    return dd, eid


async def _opened(app, pilot) -> EventScreen:
    await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event screen")
    pane = app.screen.query_one(PlayersPane)
    await until(pilot, lambda: pane.index is not None, "the member list indexed")
    app.screen.query_one("#add-player").focus()
    await pilot.pause()
    return app.screen


async def _name_then_reading(pilot, screen, name: str, reading: str) -> None:
    """``name`` in the name box, Tab to the reading box (its suggestion cleared), ``reading`` typed there."""
    await type_text(pilot, name)
    await pilot.press("tab")
    await until(pilot, lambda: screen.focused is screen.query_one("#add-reading"), "the reading box")
    screen.query_one("#add-reading").value = ""
    await type_text(pilot, reading)


@pytest.mark.asyncio
async def test_name_box_offers_members_by_name_reading_or_number_and_tab_registers(tmp_path):
    dd, eid = _store(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(app, pilot)
        pane = screen.query_one(PlayersPane)
        await type_text(pilot, "タナカ")  # the reading in katakana
        await pilot.pause()
        assert [m.number for m in pane.hints] == ["M001", "M002"]
        # two of one name told apart by their numbers, on screen at 80 columns
        assert on_screen(app, "田中美咲 (M001)") and on_screen(app, "田中美咲 (M002)")
        fits(app)
        await pilot.press("down", "tab")  # the second: one key after choosing
        await until(pilot, lambda: len(screen.event.players) == 1, "the member registered")
        p = screen.event.players[0]
        assert (p.member, p.reading) == ("M002", "たなかみさき")
        assert screen.query_one("#add-player").value == ""
        await type_text(pilot, "a7")  # by number
        await pilot.pause()
        assert [m.number for m in pane.hints] == ["A7"]
        await pilot.press("tab")
        await until(pilot, lambda: len(screen.event.players) == 2, "the second member registered")
        assert screen.event.players[1].member == "A7" and screen.event.players[1].name == "相川"
        assert screen.focused is screen.query_one("#add-player")  # Tab did not move the focus


@pytest.mark.asyncio
async def test_a_new_name_joins_the_member_list_from_the_name_box(tmp_path):
    dd, eid = _store(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(app, pilot)
        await type_text(pilot, "新人")
        await pilot.pause()
        assert screen.query_one(PlayersPane).hints == []
        assert on_screen(app, "Ctrl+S")
        screen.query_one("#add-reading").focus()
        await type_text(pilot, "しんじん")
        screen.query_one("#add-player").focus()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(screen.event.players) == 1, "the new member registered")
        assert mr.member(dd.root, "M003") == mr.Member("M003", "新人", "しんじん")
        assert screen.event.players[0].member == "M003"
        # Enter still adds a name as before, without a member number
        await type_text(pilot, "ゲスト")
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.event.players) == 2, "the guest registered")
        assert screen.event.players[1].member is None


@pytest.mark.asyncio
async def test_history_screen_shows_events_and_earlier_warnings(tmp_path):
    """M-HISTORY: the judge sees the player's warnings in other events, for information only (G-PEN-2)."""
    from core.desk import Desk
    from tui.screens.info import Info

    dd, eid = _store(tmp_path)
    earlier = dd.create(
        {"name": "先週の大会", "date": "2026-11-28", "sanctioned": False, "staff": {"judges": ["J"], "head_judge": "J"}}
    )
    d = Desk(earlier)
    d.add_members(dd.root, ["A7"])
    d.add_players(["B"])
    d.pair_next()
    d.penalty("相川", "warning", "遅延行為", by="J")
    earlier.close()
    store = dd.open(eid)
    Desk(store).add_members(dd.root, ["A7"])
    Desk(store).set_staff(judges=["J"])  # only staff issue a penalty: the form opens on an event listing one
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(app, pilot)
        screen.query_one("#player-table").focus()
        await pilot.press("shift+f4")
        await until(pilot, lambda: isinstance(app.screen, Info), "the history screen")
        fits(app)
        assert on_screen(app, "相川 (A7)")
        assert on_screen(app, "先週の大会") and on_screen(app, "遅延行為") and on_screen(app, "警告")
        assert on_screen(app, "G-PEN-2")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, EventScreen), "back on the event")
        # the penalty form shows the same earlier warning beside this event's count
        await pilot.press("ctrl+b")
        await until(pilot, lambda: app.screen.query("#history"), "the penalty form")
        history = str(app.screen.query_one("#history").render())
        assert "先週の大会" in history and "遅延行為" in history and "参考情報" in history


@pytest.mark.asyncio
async def test_store_screen_sets_the_store_new_events_remember(tmp_path):
    dd = DataDir(tmp_path)
    app = LyceeApp(dd, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await until(pilot, lambda: app.screen.query("#store-name"), "the store form")
        fits(app)
        await type_text(pilot, "カードショップ森")
        await pilot.press("enter")
        await type_text(pilot, "1234")
        await pilot.press("enter", "enter")
        await until(pilot, lambda: mr.store_info(dd.root) is not None, "the store saved")
    assert mr.store_info(dd.root) == {"name": "カードショップ森", "number": "1234", "place": ""}
    store = dd.create({"name": "次の大会", "sanctioned": False})
    assert store.event.store == {"name": "カードショップ森", "number": "1234", "place": ""}
    store.close()


@pytest.mark.asyncio
async def test_ctrl_s_in_the_reading_box_adds_the_name_beside_it_to_the_member_list(tmp_path):
    """M-MEMBER: 小林, Tab, こばやし, Ctrl+S (the hint under the boxes offers Ctrl+S while either is
    in use) joins the member list and registers 小林 with that reading; it did nothing in the
    reading box, and the keys typed next went astray."""
    dd, eid = _store(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(app, pilot)
        await _name_then_reading(pilot, screen, "小林", "こばやし")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(screen.event.players) == 1, "the new member registered")
        assert mr.member(dd.root, "M003") == mr.Member("M003", "小林", "こばやし")
        assert screen.event.players[0].member == "M003" and screen.event.players[0].reading == "こばやし"
        assert screen.focused is screen.query_one("#add-player")  # the next name goes into the name box
        await type_text(pilot, "ゲスト")
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.event.players) == 2, "the next name registered")


@pytest.mark.asyncio
async def test_l_reading_a_refused_reading_keeps_the_name_and_the_reading_to_mend(tmp_path):
    """L-READING, input is never lost: 小林, Tab, kobayashi (the IME off), Enter is refused (a reading
    is kana) and the name and the reading stay in their boxes, the cursor in the reading box; mended
    to こばやし, Enter registers 小林.  Both boxes were emptied and the name had to be typed again."""
    dd, eid = _store(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(app, pilot)
        await _name_then_reading(pilot, screen, "小林", "kobayashi")
        await pilot.press("enter")
        await until(pilot, lambda: on_screen(app, "かなではありません"), "the refusal")
        assert not screen.event.players
        assert screen.query_one("#add-player").value == "小林"
        assert screen.query_one("#add-reading").value == "kobayashi"
        assert screen.focused is screen.query_one("#add-reading")
        fits(app)
        screen.query_one("#add-reading").value = ""
        await type_text(pilot, "こばやし")
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.event.players) == 1, "小林 registered")
        assert (screen.event.players[0].name, screen.event.players[0].reading) == ("小林", "こばやし")
