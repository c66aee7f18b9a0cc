"""Issue 11, done when: a whole constructed event in the app by keys alone,
from `n` to the winner, in Japanese at 80x24 (staff, 24 players, 3 Swiss
rounds with a draw, an ID, a drop, a penalty escalation, an extension, top 8
with a third-place match), asserting what the organizer sees at each step."""

import pytest

from core import i18n
from core.store import DataDir
from tests.app_helpers import fits, on_screen, pair, pair_the_cut, type_text, whole_dialog_on_screen
from tui.app import LyceeApp
from tui.screens.dialogs import Confirm
from tui.screens.event import EventScreen


async def enter_results(pilot, screen, first: dict[int, str] | None = None):
    """Every table of the round still without a result: the first-listed wins 2-1."""
    await pilot.press("f6")
    for m in screen.event.current_round.matches:
        if m.outcome is None:
            await type_text(pilot, f"{m.table} {(first or {}).get(m.table, '2-1')}")
            await pilot.press("enter")
            await pilot.pause()
            if not isinstance(pilot.app.screen, EventScreen):  # 1-1-1 ends a match only at time: yes (G-BO3-TIME)
                await pilot.press("y")
                await pilot.pause()
    await pilot.pause()


@pytest.mark.asyncio
async def test_g_se_whole_constructed_event_by_keys_in_japanese_at_80x24(tmp_path, monkeypatch):
    # the event id seeds the pairings' draws: fixed, so the cut after round 3
    # is the same on every run and every day (a random id made it fall on a tie now and then)
    monkeypatch.setattr(DataDir, "new_id", lambda self, on: "20261205-cafe")
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    ja = i18n._
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await type_text(pilot, "土曜リセ杯")
        for field, value in (("#organizer", "店長"), ("#judges", "佐藤"), ("#head_judge", "佐藤"), ("#rounds", "3")):
            app.screen.query_one(field).focus()
            app.screen.query_one(field).value = value  # (Japanese is typed through an IME)
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen) and screen.event.staff.head_judge == "佐藤"
        assert on_screen(app, "土曜リセ杯")
        await pilot.press("ctrl+f")
        await pilot.pause()
        app.screen.query_one("Input").value = "24"
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.event.players) == 24 and on_screen(app, ja("{n} demo players added", n=24))

        # round 1: an ID before the clock, the clock, an extension, a draw
        await pair(app, pilot)
        assert on_screen(app, ja("round {r} paired", r=1))
        await pilot.press("f6")
        await type_text(pilot, "1 id")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.event.current_round.match_at(1).intentional
        await pilot.press("ctrl+t")
        await pilot.press("ctrl+g")
        await pilot.pause()
        await type_text(pilot, "2 5")
        await pilot.press("enter")
        await pilot.pause()
        assert on_screen(app, ja("+{m} min", m=5), screen.query_one("#pairing-table"))
        await enter_results(pilot, screen, {3: "1-1-1"})
        assert screen.event.current_round.complete and on_screen(app, ja("round complete")), (
            screen.query_one("#message").plain,
            [(m.table, m.outcome) for m in screen.event.current_round.matches],
        )
        fits(app)

        # round 2: a drop (G-DROP-2) and a penalty escalation (G-PEN-2)
        await pair(app, pilot)
        await pilot.press("f2")
        await pilot.press("ctrl+o")
        await pilot.pause()
        whole_dialog_on_screen(app)
        await pilot.press("enter")  # the first choice: drop, and this round's match is lost (G-DROP-2)
        await pilot.pause()
        assert screen.event.players[0].status == "dropped"
        for reason in ("slow", "slow again"):
            await pilot.press("ctrl+b")
            await pilot.pause()
            app.screen.query_one("#player").value = "p5"
            app.screen.query_one("#reason").value = reason
            await pilot.press("ctrl+s")
            await pilot.pause()
        assert "G-PEN-2" in screen.query_one("#message").plain
        assert on_screen(app, screen.query_one("#message").plain, screen.query_one("#message"))
        await enter_results(pilot, screen)
        # round 3
        await pair(app, pilot)
        await enter_results(pilot, screen)
        assert len(screen.event.swiss_rounds) == 3

        # top 8 with a third-place match
        await pilot.press("f7")
        await pilot.pause()
        whole_dialog_on_screen(app)
        app.screen.query_one("Input").value = "8+"
        await pilot.press("enter")
        await pair_the_cut(app, pilot)
        await pilot.pause()
        msg = screen.query_one("#message").plain
        assert screen.event.current_round.stage == "top", msg
        while screen.event.current_round.stage == "top" and not screen.finished(screen.event):
            await enter_results(pilot, screen)
            if screen.finished(screen.event):
                break
            await pair(app, pilot)
        status = screen.query_one("#round-status").plain
        assert status.startswith(ja("finished · winner: {name}", name="")[:4])
        assert screen.query_one("#clock").plain == ""
        fits(app)


@pytest.mark.asyncio
async def test_g_sealed_whole_sealed_event_through_its_build_phase_by_keys_in_japanese_at_80x24(tmp_path):
    """A sealed event from `n`: no round 1 before the build phase (G-SEALED,
    the refusal names F11), pools opened, the building timer, decks
    registered, the phase closed, three Swiss rounds; every step's words on
    screen at 80x24 in Japanese."""
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    ja = i18n._
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#name").value = "シールド杯"
        app.screen.query_one("#kind").value = "sealed"
        app.screen.query_one("#rounds").value = "3"
        await pilot.pause()
        assert app.screen.query_one("#minutes").value == "30"  # the sealed recommendation (G-SEALED)
        await pilot.press("ctrl+s")  # the sample sets only: proposed unsanctioned, no staff asked (L-SAMPLE-SETS)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen) and screen.event.kind == "sealed" and not screen.event.sanctioned
        await pilot.press("ctrl+f")
        await pilot.pause()
        app.screen.query_one("Input").value = "8"
        await pilot.press("enter")
        await pilot.pause()
        await pair(app, pilot)
        msg = screen.query_one("#message").plain
        assert not screen.event.rounds and "F11" in msg and "G-SEALED" in msg
        assert on_screen(app, msg, screen.query_one("#message"))
        await pilot.press("f11")
        await pilot.pause()
        # every item in its place; what the rules refuse now says so (the timer, the close), the open does not
        assert on_screen(app, "デッキ構築を終了 · 今は使えません") and not on_screen(app, "（プール / ポッド） · 今")
        await pilot.press("end", "enter")  # close a phase never opened: refused at once, nothing to confirm
        await pilot.pause()
        assert not isinstance(app.screen, Confirm) and screen.event.build is None
        assert on_screen(app, "まだデッキ構築を開始していません")
        await pilot.press("f11")
        await pilot.pause()
        whole_dialog_on_screen(app)
        await pilot.press("enter")  # open the build phase
        await pilot.pause()
        whole_dialog_on_screen(app)
        await type_text(pilot, "alpha 1s3b 7")
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.event.pools) == 8 and on_screen(app, ja("sealed pools opened"))
        assert screen.desk.build_status().state == "building"  # the building timer runs
        for state in ("paused", "building"):  # pause and resume it
            await pilot.press("f11")
            await pilot.pause()
            await pilot.press("down", "enter")
            await pilot.pause()
            assert screen.desk.build_status().state == state
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # decks for everyone (bot builder)
        await pilot.pause()
        assert len(screen.event.decklists) == 8
        assert on_screen(app, "8人のデッキを組んで登録しました")  # how many, and who (it said neither)
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # again: nobody is left without a deck, and it says so
        await pilot.pause()
        assert on_screen(app, "デッキは組みませんでした") and len(screen.event.decklists) == 8
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("end", "enter")  # close the phase: asked first, with the minutes left (issue 48 item 17)
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and screen.desk.build_status().state == "building"
        assert on_screen(app, "分です。デッキ構築を終了しますか")
        whole_dialog_on_screen(app)
        await pilot.press("y")
        await pilot.pause()
        assert screen.desk.build_status().state == "closed" and on_screen(app, ja("build phase closed"))
        fits(app)
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("end", "enter")  # closed already: said so, not asked again
        await pilot.pause()
        assert not isinstance(app.screen, Confirm) and on_screen(app, "に終了しています")
        for r in (1, 2, 3):
            await pair(app, pilot)
            assert screen.event.current_round.number == r
            await enter_results(pilot, screen)
            assert screen.event.current_round.complete
        await pilot.press("f4")
        await pilot.pause()
        fits(app)
        assert len(screen.view.standings(screen.event)[0]) == 8
