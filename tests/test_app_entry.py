"""Issue 22: the results box never loses a key (fast typing, a scanner's
burst, a paste), a dialog that opens by itself leaves the clerk's typing
alone, and the event screen's focus bugs (column widths after the same-name
question, new-event form errors, Ctrl+Q mid-round, Ctrl+O in the name box)."""

import asyncio

import pytest
from textual import events

from core.demo import make_demo
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import shown, type_text, until
from tui.app import LyceeApp
from tui.screens.event.messages import EventChanged


def _paired(tmp_path, players=40, **kw):
    dd = DataDir(tmp_path, **kw)
    store = make_demo(dd, players=players)
    desk = Desk(store)
    desk.pair_next()
    eid = store.id
    store.close()
    return dd, eid


def _lines(n=20):
    """``T R`` lines for tables 1..n, the result varying with the table."""
    return {t: ("2-1", "2-0", "0-2", "1-2")[t % 4] for t in range(1, n + 1)}


def _stored(screen, want: dict[int, str]) -> bool:
    rnd = screen.event.current_round
    return all(rnd.match_at(t).outcome is not None for t in want)


def _assert_each_at_its_table(screen, want: dict[int, str]) -> None:
    rnd = screen.event.current_round
    for t, res in want.items():
        m = rnd.match_at(t)
        assert f"{m.p1_wins}-{m.p2_wins}" == res, (t, m)
    others = [m.table for m in rnd.matches if m.table not in want and m.outcome is not None and not m.is_bye]
    assert others == []  # no line landed at a wrong table (`12 2-1` never becomes table 2)


@pytest.mark.asyncio
async def test_g_bo3_twenty_results_typed_fast_are_all_stored_each_at_its_table(tmp_path):
    """G-BO3 / issue 22 (8): 20 `T R` lines with 20-30 ms between keys and lines
    (the delay is the input under test) are all stored, each at its table; the
    box is empty after the last Enter."""
    dd, eid = _paired(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="en")
    want = _lines()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f6")
        for t, res in want.items():
            for ch in f"{t} {res}":
                await pilot.press(ch if ch != " " else "space")
                await asyncio.sleep(0.02 + 0.01 * (t % 2))
            await pilot.press("enter")
            await asyncio.sleep(0.025)
        await until(pilot, lambda: _stored(screen, want), "all 20 stored")
        _assert_each_at_its_table(screen, want)
        assert screen.query_one("#result-entry").value == ""
        assert "table 20" in screen.query_one("#message").plain


@pytest.mark.asyncio
async def test_g_bo3_a_burst_of_keys_without_pauses_stores_every_line(tmp_path):
    """Issue 22 (8): a scanner sends every key at once; each Enter ends its line."""
    dd, eid = _paired(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="en")
    want = _lines()
    keys = [k for t, res in want.items() for k in (*(c if c != " " else "space" for c in f"{t} {res}"), "enter")]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f6")
        for k in keys:  # straight into the app's queue, no wait for each to be handled
            app.post_message(events.Key(k, {"space": " ", "enter": "\r"}.get(k, k)))
        await until(pilot, lambda: _stored(screen, want), "all 20 stored")
        _assert_each_at_its_table(screen, want)


@pytest.mark.asyncio
async def test_g_bo3_a_pasted_burst_stores_each_line_and_lists_each_refusal(tmp_path):
    """Issue 22 (8): a paste of 20 lines plus two that break a rule stores the
    20, refuses the two aloud naming them, and keeps an unfinished last line
    in the box."""
    dd, eid = _paired(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="en")
    want = _lines()
    text = "\n".join(f"{t} {r}" for t, r in want.items()) + "\n99 2-0\nzz\n21 2"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f6")
        box = screen.query_one("#result-entry")
        box.post_message(events.Paste(text))
        await until(pilot, lambda: _stored(screen, want), "all 20 stored")
        _assert_each_at_its_table(screen, want)
        msg = screen.query_one("#message").plain
        assert "20 results stored" in msg and '"99 2-0"' in msg and "table 99" in msg and '"zz"' in msg, msg
        assert box.value == "21 2"  # not yet Enter: finished by hand


@pytest.mark.asyncio
async def test_g_late_1_dialog_opening_by_itself_leaves_the_half_typed_line_to_the_box(tmp_path, monkeypatch):
    """G-LATE-1 / issue 22 (9): the lateness dialog opens by itself while
    `1 2-` is half typed: the rest of the line and its Enter still go to the
    box (stored at table 1); the `y`/`n` typed then is not taken as an answer;
    after a pause the dialog answers keys, and when it closes the box has the
    focus again."""
    from tests.round_helpers import FakeTime
    from tui.screens.dialogs import LatePrompts

    monkeypatch.setattr(LatePrompts, "GRACE", 1.5)  # a clerk's pause; long enough under test load
    fake = FakeTime()
    dd, eid = _paired(tmp_path, players=4, clock=fake)
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.desk.toggle_clock()
        away = screen.event.current_round.matches[1].p2
        seated = [p.id for p in screen.event.players if p.id != away]
        screen.desk.checkin(*seated)
        await pilot.press("f6")
        box = screen.query_one("#result-entry")
        await type_text(pilot, "1 2-")
        fake.tick(minutes=6)
        screen.tick()
        await until(pilot, lambda: isinstance(app.screen, LatePrompts), "the lateness dialog opened by itself")
        dialog = app.screen
        assert isinstance(dialog, LatePrompts) and dialog.holding is box
        await type_text(pilot, "1")
        await pilot.press("enter")
        await type_text(pilot, "n")  # meant for the box, not "dismiss"
        await pilot.pause()
        m1 = screen.event.current_round.match_at(1)
        assert (m1.p1_wins, m1.p2_wins) == (2, 1)
        assert box.value == "n" and dialog.prompts and not dialog.decisions
        await until(pilot, lambda: dialog.holding is None, "the dialog takes keys after the pause")
        await pilot.press("n")  # now an answer: dismissed
        await until(pilot, lambda: app.screen is screen, "the dialog closed")
        assert screen.focused is box
        await pilot.press("backspace")
        await type_text(pilot, "2 2-0")
        await pilot.press("enter")
        await pilot.pause()
        m2 = screen.event.current_round.match_at(2)
        assert (m2.p1_wins, m2.p2_wins) == (2, 0)


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_design3_players_columns_keep_their_width_after_the_same_name_question(tmp_path, size):
    """Issue 22 (4): after the same-name question (Ctrl+N, a name already
    registered, y) the players table shows whole ids (p10, not p1) and whole names."""
    dd = DataDir(tmp_path)
    store = make_demo(dd, players=12)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        name = screen.event.players[1].name
        await pilot.press("ctrl+n")
        screen.query_one("#add-player").value = name
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: len(screen.event.players) == 13, "the second person added")
        await pilot.pause()
        table = screen.query_one("#player-table")
        text = shown(app, table)
        for p in screen.event.players[:10]:
            assert p.name in text, (p.name, text)
        assert " p10 " in text and " p12 " in text, text


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_design3_new_event_error_shows_above_the_form_and_focuses_its_field(tmp_path, size):
    """Issue 22: Ctrl+S on a form with a bad field (minutes 0) shows the
    reason where the eye is (on screen, above the form) and puts the cursor in
    that field; nothing is created."""
    app = LyceeApp(DataDir(tmp_path), lang="en")
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        await type_text(pilot, "Cup")
        form.query_one("#minutes").value = "0"
        form.query_one("#name").focus()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form and app.datadir.list_events() == []
        error = form.query_one("#error")
        assert "minutes 0" in shown(app, error)
        assert form.focused is form.query_one("#minutes")
        assert form.query_one("#minutes").region.height and app.screen.region.contains_region(
            form.query_one("#minutes").region
        )


@pytest.mark.asyncio
async def test_design7_ctrl_q_asks_while_a_round_is_running_and_quits_at_once_otherwise(tmp_path):
    """Issue 22: Ctrl+Q mid-round asks (a round is in progress, results are
    saved); n stays; with no round running Ctrl+Q quits at once."""
    from tui.screens.dialogs import Confirm

    dd, eid = _paired(tmp_path, players=4)
    app = LyceeApp(dd, open_event=eid, lang="en")
    exits = []
    app.exit = lambda *a, **kw: exits.append(1)  # the quit itself, seen without ending the test app
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "in progress" in app.screen.question
        assert "saved" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and exits == []
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert exits == [1]
    app = LyceeApp(DataDir(tmp_path / "other"), lang="en")
    exits = []
    app.exit = lambda *a, **kw: exits.append(1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm) and exits == [1]


@pytest.mark.asyncio
async def test_g_drop_1_ctrl_o_with_focus_in_the_name_box_drops_nobody_and_says_which_key(tmp_path):
    """Issue 22 / G-DROP-1: row actions act on the focused row only: Ctrl+O
    while typing in the name box asks nothing, drops nobody and names F2."""
    dd = DataDir(tmp_path)
    store = make_demo(dd, players=4)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+n")
        await type_text(pilot, "Ze")
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert app.screen is screen  # no drop question
        assert all(p.status == "active" for p in screen.event.players)
        assert "F2" in screen.query_one("#message").plain
        assert screen.query_one("#add-player").value == "Ze"
        await pilot.press("f2")
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert app.screen is not screen  # from the table: the drop question


def _empty_event(tmp_path):
    dd = DataDir(tmp_path)
    st = dd.create({"name": "Cup", "sanctioned": False})
    eid = st.id
    st.close()
    return dd, eid


NAMES = [f"Player{chr(65 + i)}" for i in range(20)]


@pytest.mark.asyncio
async def test_twenty_names_sent_as_a_burst_are_all_registered_in_order(tmp_path):
    """Issue 22 (1): 20 names with their Enters sent at once (a scanner; no
    wait for each key) register 20 players, in the order typed."""
    dd, eid = _empty_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="en")
    keys = [k for n in NAMES for k in (*n, "enter")]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+n")
        for k in keys:
            app.post_message(events.Key(k, {"enter": "\r"}.get(k, k)))
        await until(pilot, lambda: len(screen.event.players) == 20, "all 20 registered")
        assert [p.name for p in screen.event.players] == NAMES
        assert screen.query_one("#add-player").value == ""


@pytest.mark.asyncio
async def test_twenty_names_typed_fast_are_all_registered_in_order(tmp_path):
    """Issue 22 (1): 20 names typed with 10-20 ms between keys (the delay is
    the input under test) register 20 players, in order."""
    dd, eid = _empty_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+n")
        for i, n in enumerate(NAMES):
            for ch in n:
                await pilot.press(ch)
                await asyncio.sleep(0.01 + 0.01 * (i % 2))
            await pilot.press("enter")
        await until(pilot, lambda: len(screen.event.players) == 20, "all 20 registered")
        assert [p.name for p in screen.event.players] == NAMES


@pytest.mark.asyncio
async def test_pasted_names_with_a_same_name_question_mid_burst(tmp_path):
    """Issue 22 (1) / docs/names.md L-NAME-LOOKALIKE: a paste of names where
    one is already registered asks the same-name question; the names after it
    wait for the answer and are then registered, in order, the unfinished
    last line staying in the box."""
    dd, eid = _empty_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.desk.add_players(["Oscar"])
        await pilot.press("ctrl+n")
        box = screen.query_one("#add-player")
        box.post_message(events.Paste("Ann\nOscar\nBea\nCid\nDa"))
        await until(pilot, lambda: app.screen is not screen, "the same-name question")
        assert [p.name for p in screen.event.players] == ["Oscar", "Ann"]  # Bea, Cid wait
        await pilot.press("y")
        await until(pilot, lambda: len(screen.event.players) == 5, "the rest registered")
        assert [p.name for p in screen.event.players] == ["Oscar", "Ann", "Oscar (2)", "Bea", "Cid"]
        assert box.value == "Da"


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_players_table_shows_whole_same_name_names(tmp_path, size):
    """Issue 22 (3): at 80 and 120 columns the players table shows whole
    names with their "(2)" suffix, Latin and Japanese, and whole ids."""
    dd, eid = _empty_event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.desk.add_players(["Oscar", "佐藤花子"])
        screen.desk.add_players(["Oscar", "佐藤花子"], allow_same_name=True)
        screen.post_message(EventChanged())
        await until(
            pilot,
            lambda: (
                "Oscar (2)" in shown(app, screen.query_one("#player-table"))
                and "佐藤花子 (2)" in shown(app, screen.query_one("#player-table"))
            ),
            "whole names shown",
        )
        text = shown(app, screen.query_one("#player-table"))
        assert " p4 " in text, text


@pytest.mark.asyncio
async def test_g_bo3_time_a_burst_past_a_question_keeps_every_line(tmp_path):
    """G-BO3-TIME / issue 22 (8): a burst in which one line asks a question
    (1-1-1 before time: "was time called?") loses none of the lines after it:
    the keys that follow at once go on into the box as lines, which wait for
    the answer; after a pause the question takes `y`, then every line is
    stored, each at its table (before, the keys answered or closed the
    question and were gone)."""
    dd, eid = _paired(tmp_path, players=16)
    app = LyceeApp(dd, open_event=eid, lang="en")
    app.TYPE_AHEAD_PAUSE = 3.0  # a loaded 2-core machine may take over a second between two keys of a burst
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f6")
        keys = []
        for line in ("1 2-1", "2 2-0", "3 1-1-1", "4 0-2", "5 2-1", "6 1-2"):
            keys += [ch if ch != " " else "space" for ch in line] + ["enter"]
        await pilot.press(*keys)
        from tui.screens.dialogs import Confirm

        # every key taken: by the box before the question opened, or typed ahead past it
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, Confirm)
                and screen.query_one("#result-entry").value == ""
                and len(screen.rounds.result_queue) == 3
            ),
            "the burst typed ahead, three lines waiting",
            tries=600,
        )  # 30 s bound: 40 keys on a loaded 2-core machine
        await asyncio.sleep(
            app.TYPE_AHEAD_PAUSE + 0.05
        )  # the clerk reads the question: the pause is the input under test
        await pilot.press("y")
        want = {1: "2-1", 2: "2-0", 3: "1-1", 4: "0-2", 5: "2-1", 6: "1-2"}
        await until(pilot, lambda: _stored(screen, want), "all 6 stored")
        rnd = screen.event.current_round
        assert rnd.match_at(3).draws == 1
        _assert_each_at_its_table(screen, {t: r for t, r in want.items()})


@pytest.mark.asyncio
async def test_g_swiss_points_a_result_typed_at_the_bye_is_refused_not_offered_as_a_replacement(tmp_path):
    """G-SWISS-POINTS: the bye's table takes no result. Typed in the app it
    is refused at once with the rule's reason (before, the app asked whether
    to "replace" the bye and the desk refused only after a yes)."""
    from tui.screens.dialogs import Confirm

    dd, eid = _paired(tmp_path, players=9)
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        bye = next(m for m in screen.event.current_round.matches if m.is_bye)
        await pilot.press("f6", *[c if c != " " else "space" for c in f"{bye.table} 2-1"], "enter")
        await until(pilot, lambda: "is a bye" in screen.query_one("#message").plain, "the refusal")
        assert not isinstance(app.screen, Confirm)
        assert screen.event.current_round.match_at(bye.table).outcome == "bye"
