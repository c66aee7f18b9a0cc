"""Issue 48 items 16-19, the store's draft event at the desk (80x24 in Japanese):
pool entry takes a pasted block whatever its line endings (G-DRAFT-1: packs x
booster size, entered from the table), the pod-reconciliation refusal is read
whole (G-DRAFT-1), a rule id never breaks across lines, the F11 menu keeps its
order in a draft event, and the desk's focus follows the build phase."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from textual import events

from core import i18n, readmodel
from core.desk import Desk
from core.rules.decklists import default_catalog
from core.store import DataDir
from limited.packs import open_booster
from limited.view import draft_pods, enter_table_pool
from tests.app_helpers import on_screen, shown, type_text, until
from tui.app import LyceeApp
from tui.screens.event import EventScreen
from tui.screens.event_limited import enter_pool
from tui.screens.pool_entry import EntryLine, PoolEntryScreen

ja = i18n._


@pytest.fixture
def japanese():
    yield
    i18n.set_language("en")


def drafted_pool(seed: int) -> Counter:
    cs = default_catalog().set("alpha")
    rng = random.Random(seed)
    return Counter(n for _ in range(4) for n in open_booster(cs, rng))


async def paste(pilot, app, text: str) -> None:
    app.screen.query_one(EntryLine).post_message(events.Paste(text))
    await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.parametrize("end", ["\r", "\n", "\r\n"], ids=["CR", "LF", "CRLF"])
async def test_g_draft_1_a_pasted_pool_is_added_whole_with_any_line_ending(tmp_path, japanese, end):
    """G-DRAFT-1: a 44-card pool pasted as tmux and xterm paste it (lines ended by CR alone)
    is added whole and leaves the box empty; it left 「1 CH-50031 CH-5003」 in the box and
    added nothing."""
    cs = default_catalog().set("alpha")
    pool = drafted_pool(200)
    block = end.join(f"{k} {num}" for num, k in sorted(pool.items())) + end
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PoolEntryScreen(cs, "draft", name="鈴木", packs=4))
        await pilot.pause()
        pe = app.screen
        await paste(pilot, app, block)
        assert pe.counts == pool
        assert pe.query_one("#pe-entry").value == ""
        assert on_screen(app, "44/44"), shown(app)


@pytest.mark.asyncio
async def test_g_draft_1_a_pasted_single_entry_goes_in_the_box_once(tmp_path, japanese):
    """G-DRAFT-1: one pasted entry lands in the box once, ready for Enter (it was put in twice:
    「5063 25063 2」)."""
    cs = default_catalog().set("alpha")
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PoolEntryScreen(cs, "draft", name="鈴木", packs=4))
        await pilot.pause()
        pe = app.screen
        await paste(pilot, app, "5063 2\r")
        assert pe.query_one("#pe-entry").value == "5063 2"
        await pilot.press("enter")
        await pilot.pause()
        assert pe.counts == Counter({"CH-5063": 2})


def real_draft(tmp_path, names=("鈴木", "田中", "佐藤", "高橋"), pools: int = 0) -> tuple[DataDir, str]:
    """A draft event of one pod of 4 opened for packs drafted at the table; the first ``pools``
    players' pools entered (each 4 boosters opened)."""
    dd = DataDir(tmp_path)
    store = dd.create({"name": "ドラフト会", "kind": "draft", "match": "bo3", "minutes": 50, "sanctioned": False})
    desk = Desk(store)
    desk.add_players(list(names))
    draft_pods(desk, "alpha", 4, 5, real=True)
    for i, p in enumerate(desk.event.players[:pools]):
        enter_table_pool(desk, p.id, drafted_pool(300 + i))
    eid = store.id
    store.close()
    return dd, eid


@pytest.mark.asyncio
async def test_g_draft_1_the_pod_refusal_is_read_whole_at_80x24(tmp_path, japanese):
    """G-DRAFT-1: the fourth pool of a pod with a C entered as an SR is refused, and the whole
    refusal is on screen at 80x24 (it stopped at 「このポッドのプールには R/SR」), with no line
    beside it saying the pool is the product and Ctrl+R records it."""
    dd, eid = real_draft(tmp_path, pools=3)
    cs = default_catalog().set("alpha")
    pool = drafted_pool(303)
    c = next(n for n in sorted(pool) if cs.card(n).rarity == "C" and n != "CH-5003")
    pool[c] -= 1
    pool["CH-5003"] += 1
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event")
        enter_pool(app.screen, app.screen.event.players[3].id)
        await until(pilot, lambda: isinstance(app.screen, PoolEntryScreen), "the pool entry")
        await pilot.pause()
        await paste(pilot, app, "\n".join(f"{num} {k}" for num, k in sorted(pool.items())))
        assert on_screen(app, ja("The pool is the whole product: Ctrl+R records it to {name}.", name="高橋"))
        await pilot.press("ctrl+r")
        await pilot.pause()
        ev = app.screen_stack[-2].event
        assert ev.pool_of(ev.players[3].id) is None
        echo = app.screen.query_one("#pe-echo")
        said = str(echo.render())
        assert "G-DRAFT-1" in said and "R/SR" in said, said
        assert on_screen(app, said), shown(app)  # every word of it, nothing cut
        assert not on_screen(app, ja("The pool is the whole product: Ctrl+R records it to {name}.", name="高橋"))
        assert on_screen(app, ja("Not recorded: the refusal above says what to check; correct the pool, then Ctrl+R."))
        # a correction brings the check line back
        await type_text(pilot, "5003 0")
        await pilot.press("enter")
        await pilot.pause()
        assert not on_screen(
            app, ja("Not recorded: the refusal above says what to check; correct the pool, then Ctrl+R.")
        )


@pytest.mark.asyncio
async def test_l_draft_pod_the_table_form_keeps_the_rule_id_whole_at_80x24(tmp_path, japanese):
    """L-DRAFT-POD: the draft table form's refusal of a pod of 48 keeps its rule id on one line
    (it broke into 「（L-DRAFT-PO」 / 「D）」 at 80x24)."""
    from textual.widgets import Input, TextArea

    from tui.screens.table_setup import TableSetup

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(TableSetup())
        await pilot.pause()
        form = app.screen
        form.query_one("#names", TextArea).text = "鈴木\n田中\n佐藤"
        form.query_one("#pod", Input).value = "48"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = form.query_one("#form-error")
        assert "L-DRAFT-POD" in str(error.render())
        assert "L-DRAFT-POD" in shown(app, error), shown(app, error)


async def menu_labels(dd: DataDir, eid: str, *, try_bots: bool = False) -> list[str]:
    """The F11 menu's items of the event as the desk opens it (80x24, Japanese); ``try_bots``:
    then the bots' item is chosen, and must be refused with nothing stored."""
    from textual.widgets import OptionList

    from tui.screens.dialogs import Choose

    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event")
        event_screen = app.screen
        await pilot.press("f11")
        await until(pilot, lambda: isinstance(app.screen, Choose), "the F11 menu")
        labels = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        if try_bots:
            await pilot.press("down", "enter")  # the bots' draft: refused for packs drafted at the table
            await until(pilot, lambda: app.screen is event_screen, "back on the event")
            assert not event_screen.event.pools
            assert on_screen(app, ja("Enter a player's pool from the table by card number")), shown(app)
    return labels


@pytest.mark.asyncio
async def test_g_draft_1_the_f11_menu_keeps_its_order_in_a_draft_event_at_80x24(tmp_path, japanese):
    """G-DRAFT-1, issue 48 item 17: the F11 menu of a draft event keeps every item in its place
    before and after the pods are seated for packs drafted at the table (「ドラフト進行」 moved from
    7th to 2nd and 「ボットでドラフト」 went); what the rules refuse now says 「今は使えません」, and
    choosing it says why, nothing stored."""
    dd, eid = real_draft(tmp_path, pools=0)
    dd2 = DataDir(tmp_path / "before")  # the same event before the phase is opened
    store = dd2.create({"name": "ドラフト会", "kind": "draft", "match": "bo3", "minutes": 50, "sanctioned": False})
    Desk(store).add_players(["鈴木", "田中", "佐藤", "高橋"])
    before_id = store.id
    store.close()
    orders = [await menu_labels(dd2, before_id), await menu_labels(dd, eid, try_bots=True)]
    not_now = ja(" · not now")
    before, after = ([label.removesuffix(not_now) for label in o] for o in orders)
    assert before == after, (orders[0], orders[1])
    caller = ja("Draft caller: pass direction, pick timer (Shift+F11)")
    simulate = ja("Simulate the draft with bots (practice events)")
    assert before.index(caller) == 6 and before.index(simulate) == 1
    assert orders[0][1] == simulate and orders[0][6] == caller + not_now  # not seated yet: no caller
    assert orders[1][1] == simulate + not_now and orders[1][6] == caller


@pytest.mark.asyncio
async def test_g_draft_1_reopened_while_decks_are_built_the_desk_is_on_the_build_tab(tmp_path, japanese):
    """G-DRAFT-1: an event reopened during the build phase opens on the build tab with its table
    taking the keys (it opened on the players tab), so Down, Enter opens the second player's pool
    in the deck builder, as the tab's line says."""
    from textual.widgets import TabbedContent

    from tui.screens.deckbuilder import DeckBuilderScreen

    dd, eid = real_draft(tmp_path, pools=4)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event")
        screen = app.screen
        await until(pilot, lambda: screen.query_one(TabbedContent).active == "build", "the build tab")
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.screen, DeckBuilderScreen), "the deck builder")
        assert app.screen.player_name == readmodel.build_rows(screen.event)[1].name


@pytest.mark.asyncio
async def test_g_draft_1_down_or_enter_on_the_tab_bar_goes_into_the_build_tab(tmp_path, japanese):
    """G-DRAFT-1: the build tab chosen on the tab bar (a click): Down, then Enter open the
    second player's pool (they did nothing until Tab, sometimes twice); the next time Enter alone
    opens the highlighted one's (still the second)."""
    from tui.screens.deckbuilder import DeckBuilderScreen

    dd, eid = real_draft(tmp_path, pools=4)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event")
        screen = app.screen
        names = [d.name for d in readmodel.build_rows(screen.event)]
        for keys, name in ((("down", "down", "enter"), names[1]), (("enter",), names[1])):
            await pilot.click("#--content-tab-players")
            await pilot.click("#--content-tab-build")
            await pilot.pause()
            await pilot.press(*keys)
            await until(pilot, lambda: isinstance(app.screen, DeckBuilderScreen), "the deck builder")
            assert app.screen.player_name == name
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, "back on the event")


@pytest.mark.asyncio
async def test_g_draft_1_pool_entry_list_keeps_the_seat_order(tmp_path, japanese):
    """G-DRAFT-1: the pool-entry list keeps the seats' order, the recorded ones marked, the cursor on
    the first player still without a pool (recorded pools moved to the bottom, so Down+Enter
    picked another player than the one below on the list)."""
    from textual.widgets import OptionList

    from tui.screens.dialogs import Choose
    from tui.screens.event_limited import choose_pool_player

    dd, eid = real_draft(tmp_path, pools=0)
    with dd.open(eid) as store:  # the second seat's pool is in
        desk = Desk(store)
        seats = [s.player for pod in desk.event.pods for s in pod]
        enter_table_pool(desk, seats[1], drafted_pool(300))
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event")
        screen = app.screen
        ev = screen.event
        choose_pool_player(screen)
        await until(pilot, lambda: isinstance(app.screen, Choose), "the players")
        await pilot.pause()
        ol = app.screen.query_one(OptionList)
        listed = [str(o.prompt) for o in ol.options]
        assert [line.split(" · ")[0].strip(" ✓") for line in listed] == [ev.player(p).name for p in seats]
        assert listed[1].startswith("✓") and not listed[0].startswith("✓")
        assert ol.highlighted == 0
        await pilot.press("down", "down", "enter")  # the third seat, as the list reads
        await until(pilot, lambda: isinstance(app.screen, PoolEntryScreen), "the pool entry")
        assert app.screen.player_name == ev.player(seats[2]).name


@pytest.mark.asyncio
async def test_g_head_judge_the_override_without_one_says_f12_not_a_command(tmp_path, japanese):
    """G-HEAD-JUDGE: F11 → the head judge's override in an event without one says where in the app
    to name one (F12), not 「`lycee staff EVENT --head-judge NAME`」."""
    from tui.screens.dialogs import Choose

    dd, eid = real_draft(tmp_path, pools=0)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event")
        screen = app.screen
        await pilot.press("f11")
        await until(pilot, lambda: isinstance(app.screen, Choose), "the F11 menu")
        await pilot.press("end", "up", "enter")  # the override, second to last
        await until(pilot, lambda: app.screen is screen, "back on the event")
        said = shown(app, screen.query_one("#message"))
        assert "F12" in said and "G-HEAD-JUDGE" in said and "lycee" not in said, said


@pytest.mark.asyncio
async def test_g_draft_1_pool_entry_help_gives_the_pool_s_own_set_examples(tmp_path, japanese):
    """G-DRAFT-1: a beta pool's help gives beta's numbers (6063 2, EV-6007, 山田 2), not alpha's 5063."""
    cs = default_catalog().set("beta")
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PoolEntryScreen(cs, "draft", name="鈴木", packs=4))
        await pilot.pause()
        help_lines = shown(app, app.screen.query_one("#pe-help")).splitlines()
        for example in ("6063 2", "EV-6007", "山田 2", "6063 0"):
            assert any(example in line for line in help_lines), (example, help_lines)
        assert "5063" not in shown(app), shown(app)
        assert cs.card("CH-6063") and cs.card("EV-6007")
