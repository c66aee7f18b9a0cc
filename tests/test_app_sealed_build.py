"""Issue 11, done when: a sealed event through its build phase in the app by
keys alone, in Japanese at 80x24: players, pools opened, each deck built
from the player's pool in the deck builder and registered to the player
(Ctrl+R), round 1 refused while a deck is missing or not legal (G-SEALED:
40 cards from the pool) with every such player named, the head judge's
override (G-HEAD-JUDGE, logged with who and why), round 1 paired; asserting
what the organizer sees at each step."""

import pytest

from core import i18n
from core.reports.exports import render
from core.store import DataDir
from tests.app_helpers import build_and_register, fits, on_screen, pair, type_text, whole_dialog_on_screen
from tui.app import LyceeApp
from tui.screens.event import EventScreen


@pytest.mark.asyncio
async def test_g_sealed_build_phase_decks_built_in_the_app_by_keys_in_japanese_at_80x24(tmp_path):
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    ja = i18n._
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        for field, value in (
            ("#name", "シールド杯"),
            ("#kind", "sealed"),
            ("#organizer", "店長"),
            ("#judges", "佐藤"),
            ("#head_judge", "佐藤"),
        ):
            form.query_one(field).value = value  # (Japanese is typed through an IME)
        form.query_one("#sanctioned").value = False  # the sample sets are for unsanctioned events
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen) and screen.event.staff.head_judge == "佐藤"
        await pilot.press("ctrl+f")
        await pilot.pause()
        app.screen.query_one("Input").value = "4"
        await pilot.press("enter")
        await pilot.pause()
        names = [p.name for p in screen.event.players]
        assert len(names) == 4

        # the pools: F11, open, "alpha 2s 7"
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await type_text(pilot, "alpha 2s 7")
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.event.pools) == 4 and on_screen(app, ja("sealed pools opened"))
        assert on_screen(
            app,
            ja(
                "Enter opens the highlighted player's pool in the deck builder; Ctrl+R there "
                "registers the deck. Round 1 waits for every legal deck."
            ),
        )

        # F5 before any deck: refused, every player named, the keys that fix it; the build tab shows each
        await pair(app, pilot)
        assert not screen.event.rounds
        msg = (
            ja(
                "Round 1 waits for a legal deck from {n} player(s): {names}. On the build tab Enter "
                "opens a player's pool, Ctrl+R there registers the deck; F11 for the head judge's override.",
                n=4,
                names=ja("; ").join(names),
            )
            + " [G-SEALED]"
        )
        assert on_screen(app, msg, screen.query_one("#message"))
        table = screen.query_one("#build-table")
        assert screen.query_one("TabbedContent").active == "build" and table.has_focus

        # the build tab: Enter on a player opens their pool in the deck builder
        for row, legal in ((0, True), (1, True), (2, True), (3, False)):
            if row:
                await pilot.press("down")
                await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await build_and_register(app, pilot, names[row], legal)
        assert on_screen(app, ja("registered"), table) and on_screen(app, ja("problems"), table)

        # a deck of 3 cards holds round 1: only that player is named; the build tab says what is wrong
        await pair(app, pilot)
        assert not screen.event.rounds
        assert on_screen(
            app,
            ja(
                "Round 1 waits for a legal deck from {n} player(s): {names}. On the "
                "build tab Enter opens a player's pool, Ctrl+R there registers the deck; F11 for "
                "the head judge's override.",
                n=1,
                names=names[3],
            ),
        )
        problem = screen.desk.deck_problems(names[3])[0].message
        assert on_screen(app, problem[:12], table)

        # the head judge's override (F11), with its reason
        await pilot.press("f11")
        await pilot.pause()
        whole_dialog_on_screen(app)
        await pilot.press("end", "up", "enter")
        await pilot.pause()
        whole_dialog_on_screen(app)
        assert on_screen(app, "佐藤")
        app.screen.query_one("Input").value = "スリーブ不足のため卓でデッキを確認"
        await pilot.press("enter")
        await pilot.pause()
        assert on_screen(app, ja("head judge override by {by}: round 1 may be paired (F5)", by="佐藤"))
        assert on_screen(
            app, ja("Head judge override by {by}: {reason}", by="佐藤", reason="スリーブ不足のため卓でデッキを確認")
        )
        await pair(app, pilot)
        assert len(screen.event.rounds) == 1 and screen.event.build.closed
        assert on_screen(
            app,
            ja(
                "round 1 paired under the head judge's override ({by}); decks missing or with problems: {names}",
                by="佐藤",
                names=names[3],
            ),
        )
        fits(app)
        report = render(screen.event, "report", "csv")
        assert ja("Deck override") in report and names[3] in report
