"""Keep apart in the app (the command line in README.md `player apart`; G-SWISS-PAIR-2's sense):
on the players tab Shift+F5 keeps the highlighted player apart from another,
in Japanese at 80x24; the pairing keeps them apart and Ctrl+E says so."""

import random

import pytest

from core import i18n
from core.event.model import Event, Player
from core.store import DataDir
from core.tournament.pairing import pair_swiss
from tests.app_helpers import new_event, on_screen, type_text, whole_dialog_on_screen
from tui.app import LyceeApp
from tui.screens.event import EventScreen

NAMES = ["Aoi", "Ben", "Cho", "Dai", "Emi", "Fu"]


def event_id_where_the_draw_pairs_p1_p2() -> str:
    """An event id whose round-1 draw (seed "ID:1:", core.desk) pairs p1 with
    p2 when nobody is kept apart: there keep-apart has to act."""
    ps = tuple(Player(f"p{i}", n) for i, n in enumerate(NAMES, 1))
    for k in range(200):
        eid = f"20261205-a{k:03d}"
        ev = Event(id=eid, name="x", date="2026-12-05", players=ps)
        if {"p1", "p2"} in [set(m.players()) for m in pair_swiss(ev, random.Random(f"{eid}:1:"))]:
            return eid
    raise AssertionError("no such id")


@pytest.mark.asyncio
async def test_keep_apart_on_the_players_tab_in_japanese_at_80x24(tmp_path, monkeypatch):
    eid = event_id_where_the_draw_pairs_p1_p2()
    monkeypatch.setattr(DataDir, "new_id", lambda self, on: eid)
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    ja = i18n._
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot)
        screen = app.screen
        assert isinstance(screen, EventScreen)
        await pilot.press("ctrl+n")
        for name in NAMES:
            await type_text(pilot, name)
            await pilot.press("enter")
        await pilot.pause()
        assert len(screen.event.players) == 6
        await pilot.press("f2")
        await pilot.press("shift+f5")  # the cursor is on the first player, Aoi (p1)
        await pilot.pause()
        assert on_screen(
            app,
            ja(
                "Keep {name} apart from which player? (id or exact name; never paired in "
                "Swiss while the points order allows it)",
                name="Aoi",
            ),
        )
        whole_dialog_on_screen(app)
        await type_text(pilot, "Ben")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EventScreen)
        assert screen.event.apart == (("p1", "p2"),)
        table = screen.query_one("#player-table")
        assert on_screen(app, ja("Kept apart"), table)
        assert [str(c) for c in table.get_row("p1")][-1] == "p2"  # the marker: Aoi's partner
        assert on_screen(
            app,
            ja(
                "{a} and {b} are kept apart: never paired in a Swiss round while the points "
                "order allows it (G-SWISS-PAIR-1/2)",
                a="Aoi",
                b="Ben",
            ),
        )

        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await pilot.pause()
        rnd = screen.event.current_round
        assert rnd is not None and rnd.number == 1
        assert {"p1", "p2"} not in [set(m.players()) for m in rnd.matches]
        # Ctrl+E on Aoi's table: the reasons say keep apart acted
        table_of_aoi = next(m.table for m in rnd.matches if "p1" in m.players())
        await pilot.press("f3")
        await pilot.pause()
        for _ in range(table_of_aoi - 1):
            await pilot.press("down")
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert on_screen(
            app, ja("keep apart: the same draw would have paired {a} with {b}; they are kept apart", a="Aoi", b="Ben")
        )
        await pilot.press("escape")
        await pilot.pause()

        # Shift+F5 on Aoi again, naming Ben: asked, then cleared
        await pilot.press("f2")
        await pilot.press("shift+f5")
        await pilot.pause()
        assert on_screen(
            app, ja("kept apart now: {names} (type one of them to let them be paired again)", names="Ben (p2)")
        )
        await type_text(pilot, "p2")
        await pilot.press("enter")
        await pilot.pause()
        assert on_screen(app, ja("Let {a} and {b} be paired again?", a="Aoi", b="Ben"))
        await pilot.press("y")
        await pilot.pause()
        assert screen.event.apart == ()
        assert not on_screen(app, ja("Kept apart"), screen.query_one("#player-table"))
