"""Issue 48, words at the desk (deskwords): the lateness dialog keeps the pair of names and the rule
id whole in Japanese at 80x24 (G-LATE-1)."""

from __future__ import annotations

import pytest

from core import i18n
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import shown, until
from tests.round_helpers import FakeTime
from tui.app import LyceeApp

NAMES = ["高橋健太", "加藤陸", "佐藤花子", "山田太郎", "中村美咲", "小林翔", "青木", "久保"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.asyncio
async def test_g_late_1_the_lateness_dialog_keeps_both_names_and_the_rule_id_whole_at_80x24(tmp_path):
    """G-LATE-1: neither player of table 4 is seated after 5 minutes: the question 「4卓: 青木・久保が
    5分以内に…（G-LATE-1）」 broke 「青木 /」「久保…」 and left 「）」 alone on a line; it wraps by
    Japanese rules now, each name and the rule id whole."""
    from tui.screens.dialogs import LatePrompts

    fake = FakeTime()
    dd = DataDir(tmp_path, clock=fake)
    store = dd.create({"name": "土曜大会", "kind": "constructed", "match": "bo3", "minutes": 50, "sanctioned": False})
    desk = Desk(store)
    desk.add_players(NAMES)
    desk.pair_next(seed=1)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "EventScreen", "the event")
        screen = app.screen
        screen.desk.toggle_clock()
        rnd = screen.event.current_round
        late = rnd.matches[3]
        screen.desk.checkin(*[p for m in rnd.matches[:3] for p in (m.p1, m.p2)])
        fake.tick(minutes=6)
        screen.tick()
        await until(pilot, lambda: isinstance(app.screen, LatePrompts), "the lateness dialog")
        await pilot.pause()
        names = [screen.event.player(late.p1).name, screen.event.player(late.p2).name]
        text = shown(app, app.screen.query_one("OptionList"))
        lines = [line.strip(" │▊▎▌▐") for line in text.splitlines()]
        body = [line for line in lines if line]
        assert any("G-LATE-1" in line for line in body), text
        for name in names:
            assert any(name in line for line in body), (name, text)
        assert not any(line.startswith(("）", "、", "。", "/")) for line in body), text
        assert not any(line.endswith(("/", "（")) for line in body), text


@pytest.mark.asyncio
async def test_the_event_list_reads_by_date_then_creation_names_the_event_to_delete_and_sees_a_new_one(
    tmp_path, monkeypatch
):
    """Issue 48: the events of one day were listed by their ids' random hex part (f753, ef11, 223b,
    0e02); they are listed newest date first and, within a day, the one made last first.  Delete
    asks about the event by its name (not the id alone), and an event made by `lycee event new`
    while the list is shown appears without `r`."""
    from tui.screens.dialogs import Confirm
    from tui.screens.event_list import EventListScreen

    monkeypatch.setattr(EventListScreen, "WATCH_EVERY", 0.1)
    fake = FakeTime()
    dd = DataDir(tmp_path, clock=fake)
    made = []
    for name, date in (
        ("朝の部", "2026-12-06"),
        ("昼の部", "2026-12-06"),
        ("前日の大会", "2026-12-05"),
        ("夜の部", "2026-12-06"),
    ):
        store = dd.create({"name": name, "date": date, "sanctioned": False})
        made.append(store.id)
        store.close()
        fake.tick(minutes=1)
    app = LyceeApp(dd, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventListScreen), "the event list")
        screen = app.screen
        t = screen.query_one("#events")
        names = [str(t.get_row_at(i)[2]) for i in range(t.row_count)]
        assert names == ["夜の部", "昼の部", "朝の部", "前日の大会"], names
        await pilot.press("delete")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
        asked = shown(app)
        assert "夜の部" in asked and made[3] in asked, asked
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "back on the list")
        store = DataDir(tmp_path).create({"name": "追加の大会", "date": "2026-12-07", "sanctioned": False})
        store.close()  # as `lycee event new` in another shell
        await until(pilot, lambda: "追加の大会" in shown(app), "the new event listed by itself")
        assert screen.ids[0] == store.id
