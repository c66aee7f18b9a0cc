"""The event day in the app by keys alone (issue 11): settings, text that
fits at 80x24 and 120x40, both languages."""

import pytest

from core import i18n
from core.store import DataDir
from tests.app_helpers import (
    LANGS,
    SIZES,
    fits,
    new_event,
    on_screen,
    pair_the_cut,
    shown,
    squash,
    type_text,
    until,
    whole_dialog_on_screen,
)
from tui.app import LyceeApp
from tui.screens.event import EventScreen


def _l(text):
    return i18n._(text)


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
async def test_g_organizer_new_sanctioned_event_without_staff_says_so_and_offers_the_ways_on(tmp_path, size, lang):
    """G-ORGANIZER/G-JUDGE/G-HEAD-JUDGE: the new-event form never creates an
    unpairable sanctioned event silently; the whole question and every option
    are on screen, at 80x24 and 120x40, in both languages."""
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    async with app.run_test(size=size) as pilot:
        await new_event(app, pilot, staff=False)
        dlg = app.screen
        from tui.screens.dialogs import Choose

        assert isinstance(dlg, Choose)
        fits(app)
        assert on_screen(app, dlg.title_text)
        for _k, label in dlg.choices:
            assert on_screen(app, label)
        assert "G-HEAD-JUDGE" in dlg.title_text
        await pilot.press("down", "enter")  # create it unsanctioned
        await pilot.pause()
        assert isinstance(app.screen, EventScreen)
        assert app.screen.event.sanctioned is False
        assert app.screen.focused is app.screen.query_one("#add-player")  # issue 11: name box focused


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
async def test_design3_settings_screen_sets_the_staff_and_locks_the_match_once_a_result_exists(tmp_path, size, lang):
    """The settings form (F12): the staff set in the app lets round 1 be
    paired; each change an action (undo takes it back); the match type is
    locked once a result is in, with the reason on screen."""
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    async with app.run_test(size=size) as pilot:
        await new_event(app, pilot, staff=False)
        await pilot.press("end", "enter")  # sanctioned; staff later
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen)
        await type_text(pilot, "Ann")
        await pilot.press("enter")
        await type_text(pilot, "Ben")
        await pilot.press("enter")
        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await pilot.pause()
        msg = screen.query_one("#message")
        assert "F12" in msg.plain and "G-HEAD-JUDGE" in msg.plain
        assert on_screen(app, msg.plain, msg)  # the whole refusal, wrapped
        await pilot.press("f12")
        await pilot.pause()
        fits(app)
        app.screen.query_one("#minutes").value = "60"
        app.screen.query_one("#head_judge").value = "Sato"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen.event.staff.head_judge == "Sato" and screen.event.minutes == 60
        await pilot.press("ctrl+z")  # one change at a time: the staff is taken back, the minutes stay
        await pilot.pause()
        await pilot.press("y")  # (Ctrl+Z says what it undoes and asks)
        await pilot.pause()
        assert screen.event.minutes == 60 and screen.event.staff.head_judge == ""
        await pilot.press("f12")
        await pilot.pause()
        for field, value in (("#organizer", "Tencho"), ("#judges", "Sato"), ("#head_judge", "Sato")):
            app.screen.query_one(field).focus()
            await type_text(pilot, value)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.event.current_round is not None
        await pilot.press("f6")
        await type_text(pilot, "1 2-0")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f12")
        await pilot.pause()
        form = app.screen
        assert form.query_one("#match").disabled and form.query_one("#date").disabled
        err = form.query_one("#error")
        assert "G-BO3" in str(err.render())
        fits(app)
        await pilot.press("escape")


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
async def test_design7_every_dialog_of_the_event_day_wraps_inside_the_terminal(tmp_path, size, lang):
    """Issue 11 item 2: the F7 confirm, the top-cut prompt, the F11 build
    menu, the lateness dialog, the penalty form, export, delete: the whole
    question and every option on screen at 80x24 and 120x40, ja and en."""
    from core.demo import make_demo

    dd = DataDir(tmp_path)
    store = make_demo(dd, players=8)
    eid = store.id
    store.close()
    app = LyceeApp(dd, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("x")  # delete: "This cannot be undone." must show
        await pilot.pause()
        whole_dialog_on_screen(app)
        await pilot.press("n")
        app.open_event(eid)
        await pilot.pause()
        screen = app.screen
        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await pilot.pause()
        fits(app)
        from textual.widgets._footer import FooterKey

        await pilot.pause(0.3)
        keys = [k.key for k in screen.query(FooterKey)]
        assert keys[:2] == ["f5", "f6"]  # the round tab's step first: pair, results
        first = screen.query(FooterKey).first()
        assert first.region.right <= size[0] and on_screen(app, _l("Pair next round"))
        opened = [
            ("f7", None),
            ("y", None),
            ("escape", None),  # confirm, then the cut size prompt
            ("f9", None),
            ("escape", None),
            ("ctrl+b", None),
            ("escape", None),
            ("ctrl+g", None),
            ("escape", None),
            ("ctrl+r", None),
            ("n", None),
            ("f12", None),
            ("escape", None),
        ]
        for key, _ in opened:
            await pilot.press(key)
            await pilot.pause()
            if app.screen is not screen:
                whole_dialog_on_screen(app)
        from tui.screens.dialogs import LatePrompts

        app.push_screen(
            LatePrompts(
                [
                    (
                        "a",
                        screen.people.late_text(
                            type(
                                "P", (), {"players": (screen.event.players[0].id,), "kind": "match_loss", "table": 3}
                            )()
                        ),
                    )
                ]
            )
        )
        await pilot.pause()
        whole_dialog_on_screen(app)


@pytest.mark.asyncio
async def test_design7_japanese_mode_shows_textual_own_words_in_japanese(tmp_path):
    """One language at a time: the palette's placeholder, built-in commands and
    "No matches found", the footer's palette key, F1's widget keys — Japanese."""
    from core.demo import make_demo
    from tui.i18n import TEXTUAL_WORDS

    dd = DataDir(tmp_path)
    store = make_demo(dd, players=8)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.3)
        assert on_screen(app, "コマンド") and "palette" not in shown(app)
        await pilot.press("f3")
        await pilot.press("f1")
        await pilot.pause()
        text = shown(app)
        assert "Cursor" not in text and "Previous tab" not in text
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert on_screen(app, "コマンドを検索") and "Search for commands" not in shown(app)
        await type_text(pilot, "zzzz")
        await pilot.pause(0.8)
        assert on_screen(app, "該当するコマンドはありません")
        for _i in range(4):
            await pilot.press("backspace")
        await type_text(pilot, "テーマ")
        await pilot.pause(0.3)
        assert on_screen(app, "テーマ") and "Theme" not in shown(app)
    assert all(i18n.catalog("ja").get(w) for w in TEXTUAL_WORDS)


def test_design7_match_notes_are_shown_in_the_users_language():
    """G-DROP-2, G-LATE-1, G-ID-3 notes are stored in English and shown translated."""
    from core.labels import note_label as note_text

    i18n.set_language("ja")
    try:
        assert note_text("drop G-DROP-2") == "途中棄権（G-DROP-2）"
        assert note_text("late G-LATE-1") == "遅刻（G-LATE-1）"
        assert "勝者なし" in note_text("ID: no winner, decided by 店長 (G-ID-3)")
    finally:
        i18n.set_language("en")
    assert note_text("late G-LATE-1") == "late (G-LATE-1)"


def test_design7_english_counts_plurals(tmp_path, capsys):
    """ "1 result missing", "2 results missing": English plurals counted."""
    from core.i18n import ngettext
    from tui.cli import main

    assert ngettext("{k} result missing", "{k} results missing", 1, k=1) == "1 result missing"
    assert ngettext("{k} result missing", "{k} results missing", 2, k=2) == "2 results missing"
    main(["--data-dir", str(tmp_path), "event", "new", "Cup", "--unsanctioned"])
    eid = capsys.readouterr().out.strip()
    main(["--data-dir", str(tmp_path), "player", "add", eid, "A"])
    capsys.readouterr()
    main(["--data-dir", str(tmp_path), "event", "list"])
    assert "1 player, 0 rounds" in capsys.readouterr().out


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_g_pen_2_penalties_from_the_players_tab_player_first_escalation_in_words_exclusion_confirmed(
    tmp_path, lang
):
    """G-PEN-2: Ctrl+B puts the cursor in the player field (the highlighted
    player offered, replaced by typing); two Notices are said to count as a
    Warning; the penalty that excludes asks first and names the rule."""
    from core.demo import make_demo

    dd = DataDir(tmp_path)
    store = make_demo(dd, players=8)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f2", "down")  # p2 highlighted
        await pilot.press("ctrl+b")
        await pilot.pause()
        form = app.screen
        assert form.focused is form.query_one("#player") and form.query_one("#player").value == "p2"
        await type_text(pilot, "p3")  # typing replaces the offered player
        await pilot.press("tab", "tab")
        await type_text(pilot, "slow")
        await pilot.press("enter")
        await pilot.pause()
        assert [p.player for p in screen.event.penalties] == ["p3"]
        for _i in range(1):
            await pilot.press("ctrl+b")
            await pilot.pause()
            app.screen.query_one("#player").value = "p3"
            app.screen.query_one("#reason").value = "slow again"
            await pilot.press("ctrl+s")
            await pilot.pause()
        msg = screen.query_one("#message").plain
        assert "G-PEN-2" in msg and (
            "注意2点で警告1点" in msg if lang == "ja" else "two Notices count as one Warning" in msg
        )
        assert on_screen(app, msg, screen.query_one("#message"))
        await pilot.press("ctrl+b")
        await pilot.pause()
        app.screen.query_one("#player").value = "p3"
        app.screen.query_one("#level").value = "warning"
        app.screen.query_one("#reason").value = "marked cards"
        await pilot.press("ctrl+s")
        await pilot.pause()
        from tui.screens.dialogs import Confirm

        assert isinstance(app.screen, Confirm) and "G-PEN-2" in app.screen.question
        whole_dialog_on_screen(app)
        await pilot.press("n")
        await pilot.pause()
        assert len(screen.event.penalties) == 2 and not screen.event.player("p3").excluded


@pytest.mark.asyncio
async def test_g_time_round_control_extension_shown_lateness_needs_checkin_id_decision_and_winner(tmp_path):
    """G-TIME: an extension shows on its table's row and in the clock line;
    G-LATE-1 prompts only once check-in is in use; G-ID-3: `1 id` in the final
    asks the organizer (replay / no winner); after the final the header shows
    the event finished with its winner and no round clock."""
    from core.demo import make_demo
    from core.desk import Desk

    dd = DataDir(tmp_path)
    store = make_demo(dd, players=4)
    eid = store.id
    desk = Desk(store)
    for _r in range(2):
        desk.pair_next()
        for m in desk.event.current_round.matches:
            desk.record(m.table, "2-0")
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(
            pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.desk is not None, "the event open"
        )
        screen = app.screen
        screen.desk.set_settings({"rounds_planned": 2})
        await pilot.press("f7")
        await until(pilot, lambda: app.screen is not screen and bool(app.screen.query("Input")), "the cut size prompt")
        app.screen.query_one("Input").value = "4"
        await pilot.press("enter")
        await pair_the_cut(app, pilot)
        await until(pilot, lambda: screen.event.current_round.stage == "top", "the top cut paired")
        assert screen.event.current_round.stage == "top", (screen.query_one("#message").plain, app.screen)
        from tui.screens.dialogs import Choose

        await pilot.press("f6")
        await type_text(pilot, "1 id")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, Choose), "the G-ID-3 question")
        assert isinstance(app.screen, Choose) and "G-ID-3" in app.screen.title_text
        whole_dialog_on_screen(app)
        await pilot.press("enter")  # replay
        await until(pilot, lambda: "replay" in screen.query_one("#message").plain, "the replay said")
        assert "replay" in screen.query_one("#message").plain
        await pilot.press("ctrl+t")
        await until(pilot, lambda: "Ctrl+L" in screen.query_one("#message").plain, "the clock started")
        assert "Ctrl+L" in screen.query_one("#message").plain  # how the lateness prompts are turned on
        await pilot.press("ctrl+g")
        for _ in range(50):  # the extension question is up before typing into it (slow under load)
            if app.screen is not screen:
                break
            await pilot.pause(0.05)
        await type_text(pilot, "1 5")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen, "the extension question closed")
        await pilot.press("f3")
        await until(pilot, lambda: screen.query_one("TabbedContent").active == "round", "the round tab")
        for _i in range(100):  # the table measures its new widths when idle (bounded wait, a loaded CI)
            if "+5 min" in shown(app, screen.query_one("#pairing-table")):
                break
            await pilot.pause(0.05)
        assert "+5 min" in shown(app, screen.query_one("#pairing-table"))
        screen.rounds.draw_clock()
        assert "T1 +5" in screen.query_one("#clock").plain
        screen.people.check_late()  # nobody checked in: no prompt, even long after 5 minutes
        from tui.screens.dialogs import Choose

        assert not isinstance(app.screen, Choose)
        screen.query_one("#result-entry").focus()
        await type_text(pilot, "1 2-1")
        await pilot.press("enter")
        await type_text(pilot, "2 2-0")
        await pilot.press("enter")
        await until(pilot, lambda: screen.event.current_round.complete, "the semifinals stored")
        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: not screen.event.current_round.complete, "the final paired")
        await type_text(pilot, "1 2-0")
        await pilot.press("enter")
        await until(pilot, lambda: screen.query_one("#round-status").plain.startswith("finished"), "the final stored")
        status = screen.query_one("#round-status").plain
        assert status.startswith("finished · winner: ")
        assert screen.query_one("#clock").plain == ""


@pytest.mark.asyncio
async def test_design3_second_player_of_the_same_name_after_a_confirmation(tmp_path):
    """Two different 佐藤花子: the app asks, then registers 佐藤花子 (2)."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        for _i in range(2):
            screen.query_one("#add-player").value = "佐藤花子"
            await pilot.press("enter")
            await pilot.pause()
        from tui.screens.dialogs import Confirm

        assert isinstance(app.screen, Confirm)
        whole_dialog_on_screen(app)
        await pilot.press("y")
        await pilot.pause()
        assert [p.name for p in screen.event.players] == ["佐藤花子", "佐藤花子 (2)"]


@pytest.mark.asyncio
async def test_g_swiss_points_mid_round_standings_are_those_after_the_last_complete_round(tmp_path):
    """Issue 11 item 9: during round 2 a player who just lost is not ranked
    below one still playing by a half-entered round; the standings say which
    round they are after."""
    from core.demo import make_demo
    from core.desk import Desk

    dd = DataDir(tmp_path)
    store = make_demo(dd, players=4)
    eid = store.id
    desk = Desk(store)
    desk.pair_next()
    for m in desk.event.current_round.matches:
        desk.record(m.table, "2-0")
    desk.pair_next()
    m = desk.event.current_round.matches[0]
    desk.record(m.table, "0-2")
    after1 = {p.id: 3 if p.id in {x.p1 for x in desk.event.rounds[0].matches} else 0 for p in desk.event.players}
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f4")
        await pilot.pause()
        assert on_screen(app, "Standings after round 1 (round 2 is in progress)")
        assert {r.id: r.points for r in screen.view.standings(screen.event)[0]} == after1


def test_design7_export_file_names_carry_date_safe_name_and_round():
    from core.event.model import Event
    from core.reports.exports import export_filename

    ev = Event(id="x", name="土曜リセ杯 / 12:00", date="2026-12-05")
    assert export_filename(ev, "pairings-by-name", "html") == "2026-12-05_土曜リセ杯_12_00_pairings-by-name.html"


@pytest.mark.asyncio
async def test_design7_export_an_earlier_round_and_print_says_where_the_file_is(tmp_path, monkeypatch):
    """Exports keep each round (round 1's pairings after round 2 is paired);
    the print key opens the file in the browser and says where it is."""
    from core.demo import make_demo
    from core.desk import Desk

    dd = DataDir(tmp_path)
    store = make_demo(dd, players=4)
    eid = store.id
    desk = Desk(store)
    desk.pair_next()
    r1 = [m.p1 for m in desk.event.rounds[0].matches]
    for m in desk.event.current_round.matches:
        desk.record(m.table, "2-0")
    desk.pair_next()
    name = desk.event.player(r1[0]).name
    store.close()
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda url: opened.append(url) or True)
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("shift+f9")
        await pilot.pause()
        await pilot.press("enter")  # pairings by table (HTML)
        await pilot.pause()
        app.screen.query_one("Input").value = "1"
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        files = list((tmp_path / "exports").iterdir())
        assert [f.name.endswith("_pairings_r1.html") for f in files] == [True]
        assert name in files[0].read_text(encoding="utf-8")
        assert opened and str(files[0]) in screen.query_one("#message").plain


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_g_time_round_table_shows_the_whole_result_and_extension_beside_long_names(tmp_path, size):
    """G-TIME: at 80 columns too, with seven-kanji names on both sides, the round
    table shows each result cell whole (``missing +5 min``, ``○ 2-1``): the
    leaders beside it give way (shorter names), never the pairings."""
    from core.desk import Desk

    dd = DataDir(tmp_path)
    store = dd.create(
        {
            "name": "長い名前",
            "kind": "constructed",
            "match": "bo3",
            "minutes": 50,
            "staff": {"organizer": "店長", "judges": ["ジャッジA"], "head_judge": "ジャッジA"},
        }
    )
    desk = Desk(store)
    desk.add_players(["長谷川之丞右衛門", "勅使河原三郎太郎", "東海林左衛門之介", "五十嵐喜三郎兵衛"])
    desk.pair_next()
    for m in desk.event.current_round.matches:  # round 2 in play: the leaders box lists round 1's standings
        desk.record(m.table, "2-0")
    desk.pair_next()
    desk.extend(1, 5)
    desk.record(2, "2-1")
    store.close()
    app = LyceeApp(dd, open_event=store.id, lang="en")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f3")
        table = screen.query_one("#pairing-table")
        for _i in range(100):  # the table measures its widths when idle (bounded wait, a loaded CI)
            if "+5 min" in shown(app, table):
                break
            await pilot.pause(0.05)
        text = shown(app, table)
        assert "missing +5 min" in text and "○ 2-1" in text, text
        assert all(len(squash(p.name)) == 8 and p.name in text for p in screen.event.players), text
        leaders = shown(app, screen.query_one("#leaders"))
        assert "長谷川" in leaders, leaders  # the leaders still name the players, shortened if need be
        for p in screen.event.players:  # a shortened name says so: 「長谷川之…」, not 「長谷川之丞」
            rows = [ln for ln in leaders.splitlines() if p.name[:3] in ln]
            assert rows and (p.name in rows[0] or "…" in rows[0]), leaders


def _burst(app, *keys: tuple[str, str | None]) -> None:
    """Keys as a terminal delivers a burst: all queued at once, none waited on."""
    from textual import events

    for key, ch in keys:
        k = events.Key(key, ch)
        k.set_sender(app)
        app._driver.send_message(k)


@pytest.mark.asyncio
async def test_g_se_keys_typed_at_once_after_f7_reach_the_top_cut_question(tmp_path):
    """G-SE / the guide's 'input is never lost': F7 then Backspace, 4, Enter typed
    at once (before the question is up) cut to the top 4; before, those keys went
    to the screen below or to the question before its line had the focus, and
    the question stood at its 8.  Keys after that Enter wait for the question
    to close (F3 then shows the round tab)."""
    from core.desk import Desk

    dd = DataDir(tmp_path)
    st = dd.create({"name": "Sat", "date": "2026-12-05", "rounds_planned": 3, "sanctioned": False})
    d = Desk(st)
    d.add_players([f"P{i}" for i in range(1, 9)])
    for _r in range(3):
        d.pair_next()
        for m in d.event.current_round.matches:
            d.record(m.table, "2-0" if m.table % 2 else "2-1")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen)
        _burst(app, ("f7", None), ("backspace", None), ("4", "4"), ("enter", "\r"), ("y", "y"), ("f3", None))
        tabs = screen.query_one("TabbedContent")
        for _ in range(200):
            await pilot.pause(0.02)
            if app.screen is screen and screen.event.current_round.stage == "top" and tabs.active == "round":
                break
        assert screen.event.current_round.stage == "top", screen.query_one("#message").plain
        assert len(screen.event.current_round.matches) == 2  # top 4: two semifinals
        assert "top 4 cut" in screen.query_one("#message").plain
        assert tabs.active == "round"  # F3 came after the cut had shown its bracket
