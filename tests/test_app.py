"""The app driven from the keyboard (Pilot), as an organizer would."""

import pytest
from textual.widgets import Input

from core.store import DataDir
from tests.app_helpers import pair_the_cut, type_text, until
from tui.app import LyceeApp
from tui.screens.dialogs import Prompt
from tui.screens.event import EventScreen
from tui.screens.event.messages import EventChanged
from tui.screens.event_list import EventListScreen


@pytest.mark.asyncio
async def test_whole_event_by_keyboard(tmp_path):
    """Create a bo3 event, 8 players, three Swiss rounds, a drop, standings,
    a top-4 cut to the final, export (G-SWISS-PAIR-1, G-SE, G-DROP-1)."""
    dd = DataDir(tmp_path)
    app = LyceeApp(dd, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, EventListScreen)
        await pilot.press("n")
        await pilot.pause()
        await type_text(pilot, "Saturday Cup")
        for field, value in (("#organizer", "Tencho"), ("#judges", "Sato"), ("#head_judge", "Sato")):
            app.screen.query_one(field).focus()
            await type_text(pilot, value)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, EventScreen)
        screen = app.screen
        await pilot.press("ctrl+n")
        for name in ["Ann", "Ben", "Cho", "Dai", "Emi", "Fuji", "Gen", "Hana"]:
            await type_text(pilot, name)
            await pilot.press("enter")
        await pilot.pause()
        assert [p.name for p in screen.event.players][:2] == ["Ann", "Ben"]
        assert len(screen.event.players) == 8
        for r in range(1, 4):
            await pilot.press("f5")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert screen.event.current_round.number == r
            if r == 3:  # a player drops before round 3's results: G-DROP-2 loss
                await pilot.press("ctrl+z")  # undo the pairing (asked first)...
                await pilot.pause()
                await pilot.press("y")
                await pilot.pause()
                assert len(screen.event.rounds) == 2
                await pilot.press("f2")
                await pilot.press("ctrl+o")
                await pilot.press("y")
                await pilot.pause()
                assert screen.event.players[0].status == "dropped"
                await pilot.press("f5")
                await app.workers.wait_for_complete()
                await pilot.pause()
            await pilot.press("f6")
            for m in screen.event.current_round.matches:
                if m.outcome is None:
                    await type_text(pilot, f"{m.table} 2-1")
                    await pilot.press("enter")
            await pilot.pause()
            assert screen.event.current_round.complete
        await pilot.press("f2")
        await pilot.press("ctrl+b")  # a Notice for the second player (G-PEN-1, G-PEN-3)
        await pilot.pause()
        app.screen.query_one("#player").value = "Ben"
        app.screen.query_one("#reason").focus()
        await type_text(pilot, "slow play")
        await pilot.press("enter")
        await pilot.pause()
        assert [p.level for p in screen.event.penalties] == ["notice"]
        await pilot.press("f4")
        await pilot.pause()
        assert screen.query_one("#standings-table").row_count == 8
        await pilot.press("f7")
        await until(  # on the screen and its line taking keys, as a clerk sees it before typing
            pilot,
            lambda: isinstance(app.screen, Prompt) and app.screen.focused is app.screen.query_one(Input),
            "the top-cut size prompt, its line focused",
        )
        await pilot.press("backspace")
        await type_text(pilot, "4")
        await pilot.press("enter")
        await pair_the_cut(app, pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.event.current_round.stage == "top"
        for _ in range(2):  # semi-finals, then the final
            await pilot.press("f6")
            for m in screen.event.current_round.matches:
                await type_text(pilot, f"{m.table} 2-0")
                await pilot.press("enter")
            await pilot.pause()
            await pilot.press("f5")
            await app.workers.wait_for_complete()
            await pilot.pause()
        from core.tournament.elimination import champion

        assert champion(screen.event) is not None
        await pilot.press("f9")
        await pilot.pause()
        await pilot.press("down", "down", "down", "down", "enter")  # scorecard (HTML)
        await app.workers.wait_for_complete()
        await pilot.pause()
        from core.reports.exports import export_filename

        out = tmp_path / "exports" / export_filename(screen.event, "scorecard", "html")
        page = out.read_text(encoding="utf-8")
        assert "決定戦" not in page and ">N<" in page  # the Notice is marked on the scorecard
        eid = screen.event.id
        await pilot.press("escape", "escape")  # out of the results box first (issue 48 item 17), then the list
        await pilot.pause()
        assert isinstance(app.screen, EventListScreen)
    with dd.open(eid) as s:  # the lock was released when the screen closed
        assert len(s.event.rounds) == 5


@pytest.mark.asyncio
async def test_g_late_1_clock_and_lateness_prompt_then_penalties_in_the_app(tmp_path):
    """The round clock on the event screen with a fake time source: lateness
    prompt at 5 minutes confirmed by staff (G-LATE-1), time called at the end
    with the bell; two Warnings exclude a player (G-PEN-2)."""
    from core.desk import Desk
    from core.event.model import Match
    from tests.round_helpers import FakeTime

    fake = FakeTime()
    dd = DataDir(tmp_path, clock=fake)
    store = dd.create(
        {
            "name": "Clock cup",
            "date": "2026-11-30",
            "minutes": 50,
            "staff": {"organizer": "Org", "judges": ["J1"], "head_judge": "HJ"},
        }
    )
    desk = Desk(store)
    desk.add_players(["Ann", "Ben", "Cho", "Dai"])
    desk.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4")])
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        clock = screen.query_one("#clock")
        assert "50:00" in str(clock.render())
        await pilot.press("ctrl+t")  # start the round clock
        await pilot.pause()
        await pilot.press("ctrl+l")
        await type_text(pilot, "p1 p2 p3")
        await pilot.press("enter")
        await pilot.pause()
        fake.tick(minutes=6)
        screen.tick()
        await pilot.pause()
        from tui.screens.dialogs import LatePrompts

        assert isinstance(app.screen, LatePrompts)
        assert "Dai" in app.screen.prompts[0][1]
        await pilot.press("y")
        await pilot.pause()
        m2 = screen.event.current_round.match_at(2)
        assert m2.outcome == "p1" and "G-LATE-1" in (m2.note + str(screen.event.current_round.late))
        fake.tick(minutes=45)
        bells = []
        app.bell = lambda: bells.append(1)
        screen.tick()
        await pilot.pause()
        assert bells and clock.has_class("clock-up")
        assert isinstance(app.screen, LatePrompts)  # 30 minutes: Dai never reported (G-LATE-2)
        await pilot.press("y")
        await pilot.pause()
        assert screen.event.player("p4").status == "dropped"
        for reason in ("slow play", "marked cards"):
            await pilot.press("f2")
            await pilot.press("ctrl+b")
            await pilot.pause()
            form = app.screen
            form.query_one("#player").value = "Ben"
            form.query_one("#level").value = "warning"
            form.query_one("#reason").focus()
            await type_text(pilot, reason)
            await pilot.press("enter")
            await pilot.pause()
        from tui.screens.dialogs import Confirm

        assert isinstance(app.screen, Confirm) and "G-PEN-2" in app.screen.question  # exclusion asks first
        await pilot.press("y")
        await pilot.pause()
        ben = screen.event.player("p2")
        assert ben.excluded
        assert screen.event.current_round.match_at(1).outcome == "p1"  # Ben loses the current match


@pytest.mark.asyncio
async def test_g_sealed_event_build_phase_on_the_event_screen_to_round_1(tmp_path):
    """A sealed event from the event screen: open pools (F11), bot decks for
    everyone, close the phase, pair round 1 (G-SEALED)."""
    from core.desk import Desk

    dd = DataDir(tmp_path)
    store = dd.create({"name": "Sealed cup", "date": "2026-11-30", "kind": "sealed", "sanctioned": False})
    Desk(store).add_players(["Ann", "Ben", "Cho", "Dai"])
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f5")  # round 1 before any pool: allowed? only while no phase is open
        await app.workers.wait_for_complete()
        await pilot.pause()
        if screen.event.rounds:
            await pilot.press("ctrl+z")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("enter")  # open the build phase
        await pilot.pause()
        await type_text(pilot, "alpha 1s3b 7")
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.event.pools) == 4
        assert all(len(p.cards) >= 40 for p in screen.event.pools)
        await pilot.press("f5")  # refused: decks not built yet
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.event.rounds
        assert "G-SEALED" in str(screen.query_one("#message").render())
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # bot decks
        await pilot.pause()
        assert len(screen.event.decklists) == 4
        table = screen.query_one("#build-table")
        assert table.row_count == 4
        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.event.current_round.number == 1
        # a result typed on the build tab goes into the round tab's box, which is shown (it went nowhere)
        await pilot.press("f11", "escape")
        await until(pilot, lambda: screen.query_one("TabbedContent").active == "build", "the build tab")
        await type_text(pilot, "1 2-0")
        await pilot.press("enter")
        await until(pilot, lambda: screen.event.current_round.matches[0].outcome is not None, "table 1's result")
        assert screen.query_one("TabbedContent").active == "round"


@pytest.mark.asyncio
async def test_g_draft_1_draft_event_from_pods_to_round_1(tmp_path):
    """A draft event: pods seated and drafted (bots stand in), decks built,
    round 1 paired (G-DRAFT-1, G-DRAFT-4)."""
    dd = DataDir(tmp_path)
    store = dd.create({"name": "Draft night", "date": "2026-11-30", "kind": "draft", "sanctioned": False})
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+f")
        await pilot.pause()
        await pilot.press("backspace")
        await type_text(pilot, "10")
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.event.players) == 10
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await type_text(pilot, "beta 4 3")
        await pilot.press("enter")
        await pilot.pause()
        assert [len(p) for p in screen.event.pods] == [5, 5]  # 10 players: two pods of 5
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("down", "enter")  # simulate the draft
        await pilot.pause()
        assert len(screen.event.pools) == 10
        # the build tab lists the players by seat, pod by pod, as a judge walks the tables
        table = screen.query_one("#build-table")
        seats = [str(table.get_row_at(i)[2]) for i in range(table.row_count)]
        assert seats == [f"{pod}-{seat}" for pod in (1, 2) for seat in range(1, 6)], seats
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("down", "down", "down", "down", "enter")  # bot decks
        await pilot.pause()
        from core.rules.decklists import decklist_status

        assert all(d.status == "registered" for d in decklist_status(screen.event))
        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.event.current_round.number == 1 and len(screen.event.current_round.matches) == 5


@pytest.mark.asyncio
async def test_design3_app_asks_before_a_correction_and_a_time_only_result(tmp_path):
    """the command line in README.md (--correct), G-BO3-TIME: replacing a result and a
    1-1 while the round has time are asked first; declining stores nothing,
    confirming stores the result as a correction / with the time call.
    A finished event shows its final standings (G-SE)."""
    from core.desk import Desk

    dd = DataDir(tmp_path)
    store = dd.create({"name": "Corr", "date": "2026-12-06", "sanctioned": False, "rounds_planned": 1})
    desk = Desk(store)
    desk.add_players(["Ann", "Ben", "Cho", "Dai"])
    desk.pair_next()
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen)
        await pilot.press("f6")
        for text, answer in (("1 2-0", None), ("1 0-2", "n"), ("1 0-2", "y"), ("2 1-1", "y")):
            await type_text(pilot, text)
            await pilot.press("enter")
            await pilot.pause()
            if answer:
                assert app.screen is not screen  # the question
                await pilot.press(answer)
                await pilot.pause()
                screen.query_one("#result-entry").focus()
        acts = [a for a in screen.desk.store.actions if a["type"] == "result"]
        assert [
            (
                a["data"]["table"],
                a["data"]["result"],
                a["data"].get("correct", False),
                a["data"].get("time_called", False),
            )
            for a in acts
        ] == [(1, "2-0", False, False), (1, "0-2", True, False), (2, "1-1", False, True)]
        # a top 4 from the one Swiss round, semi-finals and final: the event is finished
        screen.desk.top_cut(4, end_swiss=True)  # before the rounds fixed at round 1 (L-ROUNDS)
        screen.desk.record(1, "2-0")
        screen.desk.record(2, "2-0")
        screen.desk.pair_next()
        screen.desk.record(1, "2-0")
        screen.post_message(EventChanged())
        await pilot.press("f4")
        await pilot.pause()
        table = screen.query_one("#standings-table")
        assert table.row_count == 4 and str(table.get_row_at(0)[0]) == "1"
        assert "finished" in str(screen.query_one("#round-status").render())


@pytest.mark.asyncio
async def test_g_drop_2_app_offers_the_drop_without_the_forfeit(tmp_path):
    """G-DROP-2: dropping a player whose match is still open offers both: the
    loss (default) or the match left to the result entered."""
    from core.desk import Desk
    from core.event.lookups import player_match

    dd = DataDir(tmp_path)
    store = dd.create({"name": "Drop", "date": "2026-12-06", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["Ann", "Ben", "Cho", "Dai"])
    desk.pair_next()
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("down", "enter")  # the second choice: no forfeit
        await pilot.pause()
        ev = screen.event
        assert ev.players[0].status == "dropped"
        assert player_match(ev.current_round, ev.players[0].id).outcome is None
