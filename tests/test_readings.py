"""Issue 48 item 10, readings (L-READING, docs/names.md): a name typed in kanji gets its
reading suggested (janome, the readings extra), so by-name sheets list everyone in 五十音
order instead of putting the players without a reading last.  In the app the suggestion
is pre-filled in the reading box; Tab selects it (typing replaces it) and Enter in either
box registers the player with the reading shown.  ``lycee player add --suggest-reading``
does the same on the command line and says so on stderr."""

from __future__ import annotations

import pytest

from core import readings
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import type_text, until
from tui.app import LyceeApp

pytest.importorskip("janome")


def test_l_reading_suggestions_are_whole_or_none(monkeypatch):
    """L-READING: 山田太郎 → やまだたろう; a name in kana needs none; a part the dictionary
    cannot read gives no half reading; without janome nothing is suggested."""
    assert readings.suggest_reading("山田太郎") == "やまだたろう"
    assert readings.suggest_reading("渡辺 美咲") == "わたなべ みさき"
    assert readings.suggest_reading("さとう") is None and readings.suggest_reading("Bob") is None
    monkeypatch.setattr(readings, "_tokenizer", lambda: None)
    readings.suggest_reading.cache_clear()
    try:
        assert readings.suggest_reading("田中一郎") is None and not readings.available()
    finally:
        readings.suggest_reading.cache_clear()


def test_l_reading_command_line_suggests_on_request(tmp_path, capsys):
    """L-READING: `player add --suggest-reading` stores the suggestion for a name given
    without a reading, keeps a reading given, prints only the ids on stdout."""
    from tui.cli import main

    dd = DataDir(tmp_path)
    st = dd.create({"name": "杯", "date": "2026-12-05"})
    eid = st.id
    st.close()
    argv = ["--data-dir", str(tmp_path), "--lang", "ja", "player", "add", eid, "山田太郎", "鈴木一郎"]
    assert main([*argv, "--reading", "", "--reading", "すずき いちろう", "--suggest-reading"]) == 0
    cap = capsys.readouterr()
    assert cap.out.split() == ["p1", "p2"] and "やまだたろう" in cap.err and "すずき" not in cap.err
    assert [p.reading for p in dd.read(eid).players] == ["やまだたろう", "すずき いちろう"]


@pytest.mark.asyncio
async def test_l_reading_app_prefills_the_suggestion_and_the_sheet_is_whole(tmp_path):
    """L-READING at 80x24 in Japanese: 山田太郎 typed, やまだたろう appears in the reading box;
    Enter in the name box registers it; 佐藤花子, Tab (the suggestion selected), a reading
    typed over it, Enter in the reading box registers the typed one; the by-name sheet then
    lists everyone in 五十音 order, nobody apart."""
    from core.names import name_sort_key, reading_key

    dd = DataDir(tmp_path)
    st = dd.create({"name": "杯", "date": "2026-12-05"})
    Desk(st).add_players(["あおき"])
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#add-player")
        reading = app.screen.query_one("#add-reading")
        name.focus()
        await type_text(pilot, "山田太郎")
        await until(pilot, lambda: reading.value == "やまだたろう", "the suggestion")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.screen.event.players) == 2, "山田太郎 registered")
        assert app.screen.event.players[1].reading == "やまだたろう" and reading.value == ""
        await type_text(pilot, "佐藤花子")
        await until(pilot, lambda: reading.value == "さとうはなこ", "the second suggestion")
        await pilot.press("tab")
        await until(pilot, lambda: reading.has_focus, "the reading box")
        await type_text(pilot, "さとう はな")
        assert reading.value == "さとう はな"  # typing replaced the selected suggestion
        await pilot.press("enter")
        await until(pilot, lambda: len(app.screen.event.players) == 3, "佐藤花子 registered")
        ev = app.screen.event
        assert ev.players[2].reading == "さとう はな"
        assert all(reading_key(p.name, p.reading) for p in ev.players)  # nobody sorted apart
        order = sorted(ev.players, key=lambda p: name_sort_key(p.name, p.reading))
        assert [p.name for p in order] == ["あおき", "佐藤花子", "山田太郎"]


@pytest.mark.asyncio
async def test_l_reading_names_typed_in_one_burst_each_get_their_own_suggested_reading(tmp_path):
    """L-READING at 80x24 in Japanese: a clerk types names as fast as the terminal delivers
    them (name Enter name Enter ..., one burst): each player is registered with the reading
    suggested for their own name (the suggestion came after Enter: every player but the last
    typed slowly had none, and the reading box then showed a registered player's reading);
    a suggestion the clerk emptied stays empty (the reading shown is none)."""
    from tests.test_app_burst import burst

    dd = DataDir(tmp_path)
    st = dd.create({"name": "杯", "date": "2026-12-05"})
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        reading = screen.query_one("#add-reading")
        screen.query_one("#add-player").focus()
        await burst(pilot, *"山田太郎", "enter", *"鈴木一郎", "enter", *"高橋健太", "enter")
        await until(pilot, lambda: len(screen.event.players) == 3, "three players registered")
        got = [(p.name, p.reading) for p in screen.event.players]
        assert got == [("山田太郎", "やまだたろう"), ("鈴木一郎", "すずきいちろう"), ("高橋健太", "たかはしけんた")]
        await until(pilot, lambda: reading.value == "", "nothing left in the reading box")
        await type_text(pilot, "佐藤花子")
        await until(pilot, lambda: reading.value == "さとうはなこ", "the suggestion")
        reading.value = ""  # the clerk empties it
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.event.players) == 4, "佐藤花子 registered")
        assert screen.event.players[3].reading in (None, "")


@pytest.mark.asyncio
async def test_l_reading_rename_offers_the_suggested_reading_to_a_player_without_one(tmp_path):
    """L-READING: players registered without a reading (a list typed before the
    suggestion, or by the command line) get one from Shift+F2: the dialog shows
    the reading suggested for the name, Enter keeps it, so the by-name sheet can
    place them (the box was empty, so every reading was typed by hand)."""
    from tests.app_helpers import cursor_on

    dd = DataDir(tmp_path)
    st = dd.create({"name": "杯", "date": "2026-12-05"})
    Desk(st).add_players(["山田太郎", "佐藤花子"], readings=[None, "さとう はな"])
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await cursor_on(pilot, screen, "p1")
        await pilot.press("shift+f2")
        await until(pilot, lambda: app.screen is not screen, "the rename dialog")
        assert app.screen.query_one("#rename-reading").value == "やまだたろう"
        await pilot.press("enter")
        await until(pilot, lambda: screen.event.player("p1").reading == "やまだたろう", "the reading stored")
        await cursor_on(pilot, screen, "p2")
        await pilot.press("shift+f2")
        await until(pilot, lambda: app.screen is not screen, "the rename dialog")
        assert app.screen.query_one("#rename-reading").value == "さとう はな"  # a reading of their own stays


def test_l_reading_the_demo_players_have_readings_that_match_their_names(tmp_path):
    """L-READING (issue 48): the demo's 16 players had no reading, so the phones, the TV and the
    sheets sorted them by kanji code point and searching a reading (おおにし) found nobody.  Each
    demo player has the reading of his own name (Faker's kanji and kana of one name), so a search
    by reading finds him and the by-name order is 五十音 order."""
    from core.demo import make_demo
    from core.names import name_sort_key
    from core.rules.publish import find_players

    store = make_demo(DataDir(tmp_path), players=16, seed=7)
    ev = store.event
    store.close()
    assert all(p.reading for p in ev.players), [(p.name, p.reading) for p in ev.players]
    for p in ev.players:  # a name of two parts, its reading of two parts in hiragana
        assert len(p.name.split(" ")) == len(p.reading.split(" ")) == 2, (p.name, p.reading)
        assert [x[0] for x in find_players(ev, p.reading.split(" ")[0], limit=100)].count(p.id) == 1
    ordered = sorted(ev.players, key=lambda p: name_sort_key(p.name, p.reading))
    assert [p.reading for p in ordered] == sorted(p.reading for p in ev.players)
