"""Issue 22 in the app, at 80x24 in Japanese: rename on the players tab
(Shift+F2, L-RENAME), remove a registration before round 1 with a
confirmation (Delete, L-REMOVE), a reading typed beside the name and seen in
the by-name export (L-READING).  docs/names.md."""

from __future__ import annotations

import json

import pytest

from core.reports.exports import render
from core.store import DataDir
from tests.app_helpers import add, cursor_on, fits, new_event, on_screen, whole_dialog_on_screen
from tui.app import LyceeApp
from tui.screens.dialogs import Confirm, RenameForm
from tui.screens.event.players import PlayersPane


@pytest.mark.asyncio
async def test_l_rename_on_the_players_tab_in_japanese_at_80x24(tmp_path):
    """L-RENAME: Shift+F2 opens a dialog prefilled with the name and reading;
    the corrected name is on the players tab, the message keeps both names,
    Ctrl+Z takes it back; a name already registered asks the add question."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        await add(pilot, screen, "山田太朗", "やまだ")
        await add(pilot, screen, "佐藤花子")
        await cursor_on(pilot, screen, "p1")
        await pilot.press("shift+f2")
        await pilot.pause()
        assert isinstance(app.screen, RenameForm)
        whole_dialog_on_screen(app)
        fits(app)
        assert app.screen.query_one("#rename-name").value == "山田太朗"
        assert app.screen.query_one("#rename-reading").value == "やまだ"
        app.screen.query_one("#rename-name").value = "山田太郎"
        app.screen.query_one("#rename-reading").value = "ヤマダ タロウ"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.event.player("p1").name == "山田太郎"
        assert screen.event.player("p1").reading == "ヤマダ タロウ"
        assert on_screen(app, "山田太郎", screen.query_one("#player-table"))
        assert on_screen(app, "ヤマダタロウ", screen.query_one("#player-table"))
        assert on_screen(app, "名前を変更: 山田太朗 → 山田太郎")
        # a bad reading is named in the dialog, which stays open
        await pilot.press("shift+f2")
        await pilot.pause()
        app.screen.query_one("#rename-reading").value = "yamada"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RenameForm) and "かなではありません" in str(
            app.screen.query_one("#rename-error").render()
        )
        # the same name as another player: the question `player add` asks
        app.screen.query_one("#rename-reading").value = ""
        app.screen.query_one("#rename-name").value = "佐藤花子"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert screen.event.player("p1").name == "山田太郎"
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen.event.player("p1").name == "山田太朗"


@pytest.mark.asyncio
async def test_l_remove_before_round_1_with_a_confirmation_in_japanese_at_80x24(tmp_path):
    """L-REMOVE: Delete asks first; the no-show leaves the players tab and is
    not paired; once paired, Delete is refused naming Ctrl+O (drop)."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        for name in ("青木", "井上", "来ない人", "上田"):
            await add(pilot, screen, name)
        await cursor_on(pilot, screen, "p3")
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        whole_dialog_on_screen(app)
        assert on_screen(app, "来ない人の登録を取り消しますか")
        await pilot.press("y")
        await pilot.pause()
        assert [p.name for p in screen.event.players] == ["青木", "井上", "上田"]
        assert not on_screen(app, "来ない人", screen.query_one("#player-table"))
        await pilot.press("f5")
        await pilot.pause()
        await pilot.pause()
        paired = {pid for m in screen.event.current_round.matches for pid in m.players()}
        assert paired == {"p1", "p2", "p4"}
        await cursor_on(pilot, screen, "p1")
        await pilot.press("delete")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm)
        assert on_screen(app, "Ctrl+O") and on_screen(app, "途中棄権")
        assert [p.name for p in screen.event.players] == ["青木", "井上", "上田"]


@pytest.mark.asyncio
async def test_l_reading_typed_beside_the_name_sorts_the_by_name_export(tmp_path):
    """L-READING: the reading box beside the name box stores the reading (the
    よみ column shows it), and the by-name export is in 五十音 order."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        for name, reading in (("中村", "なかむら"), ("伊藤", "いとう"), ("佐藤", "さとう"), ("吉田", "よしだ")):
            await add(pilot, screen, name, reading)
        assert [p.reading for p in screen.event.players] == ["なかむら", "いとう", "さとう", "よしだ"]
        assert screen.query_one("#add-reading").value == ""
        assert on_screen(app, "よみ", screen.query_one("#player-table"))
        assert on_screen(app, "いとう", screen.query_one("#player-table"))
        fits(app)
        await add(pilot, screen, "鈴木", "suzuki")  # refused, naming the field; nothing added
        assert len(screen.event.players) == 4 and on_screen(app, "かなではありません")
        await pilot.press("f5")
        await pilot.pause()
        await pilot.pause()
        doc = json.loads(render(screen.event, "pairings-by-name", "json"))
        assert [r[0] for r in doc["rows"]] == ["伊藤", "佐藤", "中村", "吉田"]


@pytest.mark.asyncio
async def test_esc_in_the_name_box_with_typed_text_keeps_it_and_stays_on_the_event(tmp_path):
    """Input is never lost (issue 22): Esc in the add-player box while a name
    is half typed leaves the box for the players table and keeps the text;
    a second Esc goes back to the event list, as Esc from an empty box does."""
    from tui.screens.event.screen import EventScreen
    from tui.screens.event_list import EventListScreen

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        box = screen.query_one("#add-player")
        box.focus()
        await pilot.press(*"Yamada")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EventScreen) and box.value == "Yamada"
        assert app.focused is screen.query_one("#player-table")
        assert on_screen(app, "もう一度 Esc で大会一覧に戻ります")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EventListScreen)


@pytest.mark.asyncio
async def test_l_rename_keeps_the_cursor_on_the_renamed_player(tmp_path):
    """L-RENAME at the counter: after a rename the cursor stays on the renamed
    player (the next Shift+F2 acts on the row the clerk sees, not the first)."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        for name in ("伊藤", "佐藤", "鈴木"):
            await add(pilot, screen, name)
        await cursor_on(pilot, screen, "p3")
        await pilot.press("shift+f2")
        await pilot.pause()
        app.screen.query_one("#rename-name").value = "鈴木学"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.event.player("p3").name == "鈴木学"
        assert screen.query_one("#player-table").cursor_row == 2


@pytest.mark.asyncio
async def test_l_reading_enter_in_the_reading_box_registers_the_player_by_keys_at_80x24(tmp_path):
    """L-READING (issue 48 item 1): Ctrl+N, the name, Tab, the reading, Enter
    in the reading box registers the player with that reading; both boxes were
    emptied and nobody registered, without a word."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press(*"佐藤花子", "tab", *"さとうはなこ", "enter")
        await pilot.pause()
        await pilot.pause()
        assert [(p.name, p.reading) for p in screen.event.players] == [("佐藤花子", "さとうはなこ")]
        assert screen.query_one("#add-player").value == "" and screen.query_one("#add-reading").value == ""
        assert app.focused is screen.query_one("#add-player")  # the next name goes into the name box
        assert on_screen(app, "佐藤花子")
        await pilot.press(*"鈴木一郎", "enter")  # Enter in the name box, as before
        await pilot.pause()
        await pilot.pause()
        assert [p.name for p in screen.event.players] == ["佐藤花子", "鈴木一郎"]


@pytest.mark.asyncio
async def test_l_remove_home_and_end_move_the_players_cursor_so_delete_names_that_player(tmp_path):
    """L-REMOVE (issue 48 item 7): Home and End in the players table move the
    cursor to the first and last player, and Delete then asks about that
    player (they only scrolled sideways, and Delete acted on the row the
    cursor had been on)."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        names = [f"選手{i:02d}" for i in range(1, 31)]
        for name in names:
            await add(pilot, screen, name)
        await cursor_on(pilot, screen, "p5")
        table = screen.query_one("#player-table")
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_row == 29 and screen.query_one(PlayersPane).highlighted(screen.event) == "p30"
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and on_screen(app, "選手30")
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("home")
        await pilot.pause()
        assert table.cursor_row == 0 and screen.query_one(PlayersPane).highlighted(screen.event) == "p1"
        assert on_screen(app, "選手01", table)


@pytest.mark.asyncio
async def test_esc_in_the_empty_results_box_stays_in_the_event(tmp_path):
    """Issue 48 item 17: Esc in the empty results box leaves the box first
    (it went straight back to the event list); a second Esc goes back."""
    from tests.app_helpers import pair

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        for name in ("青木", "井上", "上田", "江藤"):
            await add(pilot, screen, name)
        await pair(app, pilot)
        box = screen.query_one("#result-entry")
        box.focus()
        await pilot.pause()
        assert box.value == ""
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not box.has_focus
        assert on_screen(app, "もう一度 Esc で大会一覧に戻ります")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


@pytest.mark.asyncio
async def test_l_rename_escape_closes_the_rename_dialog_and_changes_nothing(tmp_path):
    """L-RENAME: the dialog says "Escape: cancel", and Escape does cancel:
    the dialog closes, the name and reading stay as they were."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        await add(pilot, screen, "山田太朗", "やまだ")
        await cursor_on(pilot, screen, "p1")
        await pilot.press("shift+f2")
        await pilot.pause()
        assert isinstance(app.screen, RenameForm)
        app.screen.query_one("#rename-name").value = "山田次郎"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert screen.event.player("p1").name == "山田太朗" and screen.event.player("p1").reading == "やまだ"
