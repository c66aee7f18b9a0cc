"""Issue 48 (a Saturday at the desk, Pilot at 80x24 in Japanese): keys,
questions and fit.  Leaving an event whose pages are served asks first and
says the pages stop (Esc, Ctrl+Q); a result typed on the tab bar goes to the
results box; after an undo Ctrl+Z offers the redo first; a semi-final with an
extra game ordered says so; a first staff PIN does not speak of an old one;
result cells get the room the screen has."""

from __future__ import annotations

import pytest

from core import i18n
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import on_screen, shown, type_text, until
from tui.app import LyceeApp
from tui.screens.dialogs import Choose, Confirm
from tui.screens.event import EventScreen

NAMES = ["山田太郎", "佐藤花子", "高橋健太", "加藤陸", "青木翔", "久保陽介", "中村愛", "小林誠"]


def _l(text, **kw):
    return i18n._(text, **kw)


def event(tmp_path, results=(), players=NAMES, **settings):
    """A 2-round event at round 2 (round 1 complete), tables of ``results`` stored."""
    dd = DataDir(tmp_path)
    store = dd.create(
        {
            "name": "土曜大会",
            "kind": "constructed",
            "match": "bo3",
            "minutes": 50,
            "sanctioned": False,
            "rounds_planned": 3,
            **settings,
        }
    )
    desk = Desk(store)
    desk.add_players(list(players))
    desk.pair_next(seed=1)
    for m in desk.event.current_round.matches:
        if m.p2 is not None:
            desk.record(m.table, "2-0")
    desk.pair_next(seed=1)
    for table, said in results:
        desk.record(table, said)
    eid = store.id
    store.close()
    return dd, eid


async def opened(app, pilot) -> EventScreen:
    await until(pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.link.writer is not None, "the event")
    await pilot.pause()
    return app.screen


async def served(app, pilot, screen) -> None:
    """Ctrl+W: the pages served (on a free local port), the dialog closed with Esc."""
    from tui.screens.serving import ServingDialog

    await pilot.press("ctrl+w")
    await until(pilot, lambda: isinstance(app.screen, ServingDialog), "the serving dialog")
    await pilot.press("escape")
    await until(pilot, lambda: app.screen is screen and screen.web is not None, "back on the event, served")


@pytest.mark.asyncio
async def test_esc_from_a_served_event_asks_and_says_the_pages_stop(tmp_path):
    """Issue 48 (DESIGN §3, the pages live while the event is open): mid-round,
    Ctrl+W, Esc, F2, Esc no longer leaves at once and takes the phone, TV and
    judge pages down silently: it asks, naming the pages; n stays (still
    served); from a box the first Esc says the pages stop too."""
    dd, eid = event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    app.serve_at = ("127.0.0.1", 0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await served(app, pilot, screen)
        await pilot.press("f2", "escape")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
        assert on_screen(app, "スマートフォン") and on_screen(app, "ジャッジ"), shown(app)
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen, "back on the event")
        assert screen.web is not None  # still served
        screen.query_one("#add-player").focus()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and on_screen(app, "スマートフォン", screen.query_one("#message")), shown(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question from the box's path too")
        await pilot.press("y")
        await until(pilot, lambda: not isinstance(app.screen, (Confirm, EventScreen)), "the event list")
        assert screen.web is None


@pytest.mark.asyncio
async def test_ctrl_q_from_a_served_event_says_the_pages_stop(tmp_path):
    """Issue 48: Ctrl+Q mid-round while the pages are served names them in its question."""
    dd, eid = event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    app.serve_at = ("127.0.0.1", 0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await served(app, pilot, screen)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the quit question")
        text = shown(app)
        assert on_screen(app, "第2回戦が進行中です") and on_screen(app, "ジャッジ"), text
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen, "back on the event")
        assert screen.web is not None
        screen.exports.stop_serving()


@pytest.mark.asyncio
async def test_a_result_typed_on_the_tab_bar_goes_to_the_results_box(tmp_path):
    """Issue 48 (G-BO3 results at the desk): F2, F3, Shift+Tab puts the focus on
    the tab bar; ``1 2-0`` Enter typed there is stored (as from the pairings
    table), never dropped without a word."""
    dd, eid = event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await pilot.press("f2", "f3", "shift+tab")
        await pilot.pause()
        from textual.widgets import Tabs

        assert isinstance(screen.focused, Tabs)
        await type_text(pilot, "1 2-0")
        await pilot.press("enter")
        await until(pilot, lambda: screen.event.current_round.match_at(1).outcome == "p1", "the result stored")
        assert on_screen(app, "1卓", screen.query_one("#message")), shown(app)


@pytest.mark.asyncio
async def test_after_an_undo_ctrl_z_offers_the_redo_first(tmp_path):
    """Issue 48 (undo at the desk): right after an undo, Ctrl+Z lists the redo
    first and selected, so a reflex Enter brings the result back instead of
    undoing a second action."""
    dd, eid = event(tmp_path, results=[(1, "2-0"), (2, "2-1")])
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
        await pilot.press("y")
        await until(pilot, lambda: screen.event.current_round.match_at(2).outcome is None, "the undo")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: isinstance(app.screen, Choose), "undo or redo")
        assert app.screen.choices[0][0] == "redo"
        await pilot.press("enter")
        await until(pilot, lambda: screen.event.current_round.match_at(2).outcome == "p1", "the redo")
        assert screen.event.current_round.match_at(1).outcome == "p1"  # table 1 kept
