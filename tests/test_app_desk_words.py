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
