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
    """Issue 48 (README: the pages live while the event is open): mid-round,
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


def cut_event(tmp_path):
    """One Swiss round played by 8, then the top 4 cut: round 2 is the semi-finals."""
    dd = DataDir(tmp_path)
    store = dd.create(
        {
            "name": "土曜大会",
            "match": "bo3",
            "minutes": 50,
            "rounds_planned": 1,
            "staff": {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"},
        }
    )
    desk = Desk(store)
    desk.add_players(NAMES)
    desk.pair_next(seed=1)
    for m in desk.event.current_round.matches:
        desk.record(m.table, "2-0")
    desk.top_cut(4)
    eid = store.id
    store.close()
    return dd, eid


@pytest.mark.asyncio
async def test_a_semi_final_with_an_extra_game_ordered_says_so(tmp_path):
    """Issue 48 (G-SE, time in an elimination match): after ``1 1-1``, y (time
    was called), Enter (an extra game), the semi-final's cell says the extra
    game is being played with the games at time, not 「未入力」."""
    dd, eid = cut_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await pilot.press("f3")
        await type_text(pilot, "1 1-1")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "was time called?")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, Choose), "the organizer's choice")
        await pilot.press("enter")
        await until(pilot, lambda: screen.event.current_round.match_at(1).note.startswith("time out"), "ordered")
        await pilot.pause()
        table = screen.query_one("#pairing-table")
        row = shown(app, table).splitlines()
        first = next(line for line in row if line.lstrip().startswith("1 "))
        assert "延長ゲーム中" in first and "1-1" in first and _l("missing") not in first, shown(app, table)


LONG = [
    "佐々木 美加子",
    "長谷川 健太郎",
    "小笠原 花子",
    "宇佐美 陽一郎",
    "五十嵐 一樹",
    "阿部 亮介",
    "林 陽子",
    "中村 愛",
]


@pytest.mark.asyncio
async def test_result_cells_keep_the_result_readable_at_80_columns(tmp_path, monkeypatch):
    """Issue 48 (G-LATE-1, G-ID-1 at the desk): with long names at 80 columns, a
    double loss for lateness reads 「×× 0-0 遅刻」 and an intentional draw 「△ 0-0 ID」,
    not 「×× 0-…」; confirming the lateness says the double loss on the message line."""
    from tests.round_helpers import FakeTime
    from tui.screens.dialogs import LatePrompts

    monkeypatch.setattr(LatePrompts, "GRACE", 0.0)  # the y answers the dialog, not the box typed before
    fake = FakeTime()
    dd = DataDir(tmp_path, clock=fake)
    store = dd.create({"name": "土曜大会", "minutes": 50, "sanctioned": False, "rounds_planned": 3})
    desk = Desk(store)
    desk.add_players(LONG)
    desk.pair_next(seed=1)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        rnd = screen.event.current_round
        late, draw = rnd.matches[0], rnd.matches[1]
        await type_text(pilot, f"{draw.table} id")  # before the clock: an intentional draw as typed
        await pilot.press("enter")
        await until(pilot, lambda: screen.event.current_round.match_at(draw.table).outcome == "draw", "the draw")
        seated = [p for m in rnd.matches[1:] for p in (m.p1, m.p2)]
        await pilot.press("ctrl+t")  # the round clock; everyone but table 1 checks in
        await pilot.pause()
        await pilot.press("ctrl+l")
        await type_text(pilot, " ".join(seated))
        await pilot.press("enter")
        await pilot.pause()
        fake.tick(minutes=6)
        screen.tick()
        await until(pilot, lambda: isinstance(app.screen, LatePrompts), "the lateness prompt")
        await pilot.press("y")
        await until(pilot, lambda: screen.event.current_round.match_at(late.table).outcome == "double_loss", "stored")
        await pilot.pause()
        message = shown(app, screen.query_one("#message"))
        assert on_screen(app, _l("lateness confirmed: {what}", what=""), screen.query_one("#message")), message
        table = shown(app, screen.query_one("#pairing-table"))
        assert "×× 0-0 遅刻" in table and "△ 0-0 ID" in table, table


@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "size"), [("en", (120, 40)), ("ja", (80, 24))])
async def test_the_correction_dialog_gives_results_the_room_it_has(tmp_path, lang, size):
    """Issue 48 (L-LATER, Shift+F8): the tables of an earlier round show a drop's
    forfeit whole at 120 columns (「● 0-2 dropped (G-DROP-2)」, not 「● 0-2 droppe…」)
    and short but readable at 80 (「● 0-2 途中棄権」)."""
    from tui.screens.event.correction import CorrectEarlier

    dd = DataDir(tmp_path)
    store = dd.create({"name": "土曜大会", "minutes": 50, "sanctioned": False, "rounds_planned": 3})
    desk = Desk(store)
    desk.add_players(LONG)
    desk.pair_next(seed=1)
    first = desk.event.current_round.matches[0]
    desk.drop(first.p2)  # forfeits table 1 (G-DROP-2)
    for m in desk.event.current_round.matches[1:]:
        desk.record(m.table, "2-0")
    desk.pair_next(seed=1)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang=lang)
    async with app.run_test(size=size) as pilot:
        await opened(app, pilot)
        await pilot.press("shift+f8")
        await until(pilot, lambda: isinstance(app.screen, CorrectEarlier), "the correction dialog")
        await pilot.press("1")
        await pilot.pause()
        tables = shown(app, app.screen.query_one("#correct-tables"))
        words = i18n._("{why} ({rule})", why=i18n._("dropped"), rule="G-DROP-2") if lang == "en" else "途中棄権"
        assert f"○ 2-0 {words}" in tables or f"● 0-2 {words}" in tables, tables


@pytest.mark.asyncio
async def test_a_first_judge_page_pin_does_not_speak_of_an_old_one(tmp_path):
    """Issue 48 (the judge page's PIN, G-JUDGE): F12, F2 for a staff member without a
    PIN shows it without 「以前のPINは使えなくなりました」; the next F2 marks them as
    holding one, and the PIN that replaces it says the old one no longer works."""
    from tui.screens.info import Info

    dd, eid = event(tmp_path, staff={"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"})
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(app, pilot)
        await pilot.press("f12")
        await until(pilot, lambda: on_screen(app, "大会の設定"), "the settings")
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, Choose), "for whom")
        assert not on_screen(app, "PIN発行済み"), shown(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, Info), "the PIN")
        assert on_screen(app, "今回だけ") and not on_screen(app, "以前のPIN"), shown(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, Choose), "for whom, again")
        assert on_screen(app, "店長（PIN発行済み"), shown(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, Info), "the new PIN")
        assert on_screen(app, "以前のPINは使えなくなりました"), shown(app)


def _lines(app) -> list[str]:
    """The screen's lines without a dialog's borders and margins."""
    import re

    return [re.sub(r"^[\s█▊▎▌▐]+|[\s█▊▎▌▐▅▇▃▂▆▄▁▔]+$", "", ln) for ln in shown(app).splitlines()]


@pytest.mark.asyncio
async def test_report_codes_and_the_serving_dialog_keep_a_key_with_its_words_at_80x24(tmp_path):
    """Issue 48 (fit at 80x24): Shift+F12 never leaves 「N:」 alone on a line; Ctrl+W's title
    keeps 「（Ctrl+Wで停止」 whole (not 「（Ctr」 / 「l+Wで停止」); on a finished event it no
    longer says players can report results."""
    from tui.screens.serving import ServingDialog

    dd, eid = event(tmp_path, phone_reports=True, rounds_planned=2)  # round 2 is the last
    app = LyceeApp(dd, open_event=eid, lang="ja")
    app.serve_at = ("127.0.0.1", 0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await pilot.press("shift+f12")
        await until(pilot, lambda: on_screen(app, "報告コード"), "the report codes")
        assert not any(ln == "N:" for ln in _lines(app)), _lines(app)
        assert any(ln.startswith("N: 選択中") for ln in _lines(app)), _lines(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+w")
        await until(pilot, lambda: isinstance(app.screen, ServingDialog) and on_screen(app, "TV"), "the serving dialog")
        assert any("（Ctrl+Wで停止" in ln for ln in _lines(app)), _lines(app)
        assert on_screen(app, "結果を報告"), shown(app)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "back")
        for m in screen.event.current_round.matches:  # the last round's results: the event is over
            if m.outcome is None and m.p2 is not None:
                screen.desk.record(m.table, "2-0")
        await pilot.press("ctrl+w")
        await until(pilot, lambda: isinstance(app.screen, ServingDialog) and on_screen(app, "TV"), "the dialog again")
        assert not on_screen(app, "結果を報告"), shown(app)
        screen.exports.stop_serving()


def test_japanese_wrap_keeps_mou_ichido_whole():
    """Issue 48 (the Ctrl+Q question at 80x24 broke 「もう」 / 「一度」): core.columns.wrap keeps
    the word whole at every width, every character still shown."""
    from core.columns import wrap

    i18n.set_language("ja")
    try:
        text = _l(
            "Round {r} is in progress. Quit lycee? Every result typed is already saved; open the event again to go on.",
            r=2,
        )
    finally:
        i18n.set_language("en")
    for columns in range(12, 81):
        lines = wrap(text, columns)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert any("もう一度" in ln for ln in lines), (columns, lines)


@pytest.mark.asyncio
async def test_the_event_bar_ends_no_line_with_a_dot_at_80_columns(tmp_path):
    """Issue 48 (fit at 80x24): the event bar split over two lines does not end its
    first line with the dot that parts its items (「2本先取 ·」)."""
    dd, eid = event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await until(pilot, lambda: screen.query_one("#round-status-more").plain, "the bar's second line")
        first = shown(app, screen.query_one("#round-status")).rstrip()
        assert first and not first.endswith("·"), first


@pytest.mark.asyncio
async def test_english_words_at_the_desk_read_naturally(tmp_path):
    """Issue 48 (en): the reading box's label is whole at 80 columns; Ctrl+Z names a lateness
    decision by table and players (not 「Undo not seated … confirmed table 4: …?」); the
    correction's choice says "round 2", not "round(s) 2" (L-LATER)."""
    from core.readmodel import undo_said

    dd, eid = event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await pilot.press("f2")
        await pilot.pause()
        assert on_screen(app, "reading (optional)", screen.query_one("#add-reading")), shown(app)
        m = screen.event.current_round.matches[0]
        act = {"type": "late", "data": {"round": 2, "rule": "G-LATE-1", "table": m.table, "players": [m.p1, m.p2]}}
        act["data"]["decision"] = "confirm"
        said = _l("Undo {what}?", what=undo_said(screen.event, act))
        p1, p2 = screen.event.player(m.p1).name, screen.event.player(m.p2).name
        assert said == (
            f"Undo the lateness confirmed at round 2 table {m.table} for {p1}, {p2}: not seated within 5 minutes "
            "(G-LATE-1)?"
        ), said
        screen.desk.start_clock()  # round 2 has begun: a correction of round 1 keeps it or undoes
        await pilot.press("shift+f8")
        await until(pilot, lambda: type(app.screen).__name__ == "CorrectEarlier", "the correction")
        await type_text(pilot, f"1 {screen.event.rounds[0].matches[0].table} 0-2")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, Choose), "what the correction breaks")
        words = app.screen.title_text + " ".join(label for _k, label in app.screen.choices)
        assert "round(s)" not in words and "Keep round 2 as paired" in words, words
