"""Keys typed in one burst (a fast typist, a barcode scanner, an IME commit,
``tmux send-keys``) land where they would land typed one by one (issue 48:
input is never lost): the keys after Tab or Enter in a text box go to the box
that has the focus once that key has had its effect, in order."""

import pytest
from textual import events

from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import new_event, on_screen, shown, squash, until
from tui.app import LyceeApp


async def burst(pilot, *keys: str) -> None:
    """``keys`` sent to the app all at once, as a terminal delivers a burst
    (Pilot.press waits for the app to be idle after each key), then waited on."""
    app = pilot.app
    for key in keys:
        name = {" ": "space", "\t": "tab", "\n": "enter"}.get(key, key)
        char = key if len(key) == 1 else {"space": " ", "tab": "\t", "enter": "\r"}.get(key)
        event = events.Key(name, char)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()
    await pilot.pause()


@pytest.mark.asyncio
async def test_l_reading_name_tab_reading_enter_in_one_burst_registers_the_player_at_80x24(tmp_path):
    """L-READING (issue 48): Ctrl+N, 加藤陸 Tab かとうりく Enter, then the
    next player, all in one burst: each is registered with the reading typed
    after Tab (the reading went into the name box: 「加藤陸かとうりく」, and
    the next name into the reading box, refused)."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        await burst(
            pilot, "ctrl+n", *"加藤陸", "tab", *"かとうりく", "enter", *"佐藤花子", "tab", *"さとうはなこ", "enter"
        )
        want = [("加藤陸", "かとうりく"), ("佐藤花子", "さとうはなこ")]
        await until(pilot, lambda: len(screen.event.players) >= 2, "two players registered")
        assert [(p.name, p.reading) for p in screen.event.players] == want
        assert app.focused is screen.query_one("#add-player")


@pytest.mark.asyncio
async def test_new_event_form_fields_typed_in_one_burst_each_take_their_own_text_at_80x24(tmp_path):
    """The new-event form typed in one burst (organizer Tab judges Tab head
    judge): each field holds its own text (the organizer was
    「店長佐藤佐藤」)."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        order = [w.id for w in form.focus_chain]
        at = order.index("organizer")
        assert order[at : at + 3] == ["organizer", "judges", "head_judge"], order
        form.query_one("#organizer").focus()
        await pilot.pause()
        await burst(pilot, *"店長", "tab", *"佐藤", "tab", *"佐藤")
        values = {f: form.query_one(f"#{f}").value for f in ("organizer", "judges", "head_judge")}
        assert values == {"organizer": "店長", "judges": "佐藤", "head_judge": "佐藤"}


@pytest.mark.asyncio
async def test_l_reading_two_pasted_spreadsheet_columns_register_each_name_with_its_reading_at_80x24(tmp_path):
    """L-READING (issue 48): two columns copied from a spreadsheet (名前 Tab
    よみ, a line each) pasted into the name box register each player with
    that reading; a line refused is named in the message, never lost without
    a word (the first line was lost silently, the last refused for U+0009)."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        box = screen.query_one("#add-player")
        box.focus()
        await pilot.pause()
        box.post_message(events.Paste("西村\tにしむら\n野口\tのぐち\n"))
        await until(pilot, lambda: len(screen.event.players) >= 2, "both pasted players registered")
        assert [(p.name, p.reading) for p in screen.event.players] == [("西村", "にしむら"), ("野口", "のぐち")]
        assert on_screen(app, "2人を追加しました")
        # a line with its name column empty (refused aloud, not its reading taken for the
        # name); 野口 again: the same-name question, answered no
        box.post_message(events.Paste("西田\tにしだ\n\tのぐち\n野口\tのぐち\n"))
        await until(pilot, lambda: app.screen is not screen, "the same-name question about 野口")
        await pilot.press("n")
        await until(pilot, lambda: on_screen(app, "追加しなかった行"), "the refused line named")
        assert [(p.name, p.reading) for p in screen.event.players][2:] == [("西田", "にしだ")]
        message = squash(shown(app, screen.query_one("#message")))
        assert "1人を追加しました" in message and "が空です" in message and "野口" in message, message
        assert on_screen(app, "1人を追加しました") and on_screen(app, "追加しなかった行")


async def _penalty_event(tmp_path):
    dd = DataDir(tmp_path)
    st = dd.create(
        {
            "name": "土曜杯",
            "date": "2026-12-05",
            "sanctioned": False,
            "staff": {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"},
        }
    )
    d = Desk(st)
    d.add_players(["高橋健太", "加藤陸", "山田太郎", "鈴木一郎"], readings=["たかはし", "かとうりく", None, None])
    d.pair_next()
    eid = st.id
    st.close()
    return dd, eid


@pytest.mark.asyncio
async def test_g_pen_1_the_penalty_form_takes_a_player_by_reading_and_enter_moves_on_at_80x24(tmp_path):
    """G-PEN-1 (issue 48): in the penalty form (Ctrl+B) a player typed by
    reading (たかはし) is found as check-in finds them (core.readmodel.find_player),
    Enter in the player field moves to the next field, a refusal is said and
    a new attempt clears it; the penalty is issued to 高橋健太."""
    dd, eid = await _penalty_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await burst(pilot, "ctrl+b", *"たなか", "enter")
        await until(pilot, lambda: app.screen is not screen, "the penalty form")
        form = app.screen
        error = form.query_one("#error")
        await until(pilot, lambda: "たなか" in str(error.render()), "the refusal of たなか")
        assert app.focused is form.query_one("#player")
        form.query_one("#player").value = ""
        await burst(pilot, *"たかはし", "enter")
        await until(pilot, lambda: app.focused is not form.query_one("#player"), "Enter moved on")
        assert str(error.render()) == "" and not on_screen(app, "たなか")
        assert app.focused is form.query_one("#level")
        form.query_one("#reason").focus()
        await pilot.pause()
        await burst(pilot, *"遅刻", "enter")
        await until(pilot, lambda: app.screen is screen and screen.event.penalties, "the penalty issued")
        (pen,) = screen.event.penalties
        assert screen.event.player(pen.player).name == "高橋健太"


@pytest.mark.asyncio
async def test_design7_new_event_name_typed_and_ctrl_s_in_one_burst_creates_it_under_that_name_at_80x24(tmp_path):
    """docs/app.md (input is never lost): a name and then Ctrl+S in one burst (a fast typist, an IME commit,
    ``tmux send-keys``) creates the event under the whole name.  Ctrl+S was a priority key: it ran
    before the name's keys reached the box, and the form refused 「大会名を入力してください」
    with the name on screen."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        form.query_one("#sanctioned").value = False
        await burst(pilot, *"日曜ドラフト杯", "ctrl+s")
        await until(pilot, lambda: app.screen is not form, "the event created")
        assert app.screen.event.name == "日曜ドラフト杯"


@pytest.mark.asyncio
async def test_g_pen_1_a_reason_typed_and_ctrl_s_in_one_burst_is_issued_whole_at_80x24(tmp_path):
    """G-PEN-1, input is never lost: the penalty form's reason typed and Ctrl+S in one burst
    issues the penalty with the whole reason (Ctrl+S ran before the reason's keys arrived)."""
    dd, eid = await _penalty_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await burst(pilot, "ctrl+b", *"たかはし", "enter")
        await until(pilot, lambda: app.screen is not screen, "the penalty form")
        form = app.screen
        form.query_one("#reason").focus()
        await pilot.pause()
        await burst(pilot, *"カードの扱いが雑", "ctrl+s")
        await until(pilot, lambda: app.screen is screen and screen.event.penalties, "the penalty issued")
        (pen,) = screen.event.penalties
        assert pen.reason == "カードの扱いが雑"
