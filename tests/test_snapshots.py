"""Snapshots of the main screens, in Japanese and in English (docs/app.md).

The data is fixed (an imported lycee-event/1 document with a fixed id, in a
fixed folder), the round clock is not started, cursors do not blink."""

import shutil
from pathlib import Path

import pytest

from core import i18n
from core.store import DataDir
from tui.app import LyceeApp

NAMES = ["山田 太郎", "佐藤 花子", "Alice Martin", "鈴木 一郎", "高橋 美咲", "Bob", "伊藤 健", "渡辺 さくら"]


def _doc():
    players = [{"id": f"p{i}", "name": n} for i, n in enumerate(NAMES, 1)]
    r1 = [
        {"table": 1, "p1": "p1", "p2": "p2", "p1_wins": 2, "p2_wins": 1, "draws": 0, "outcome": "p1"},
        {"table": 2, "p1": "p3", "p2": "p4", "p1_wins": 0, "p2_wins": 2, "draws": 0, "outcome": "p2"},
        {"table": 3, "p1": "p5", "p2": "p6", "p1_wins": 1, "p2_wins": 1, "draws": 0, "outcome": "draw"},
        {"table": 4, "p1": "p7", "p2": "p8", "p1_wins": 2, "p2_wins": 0, "draws": 0, "outcome": "p1"},
    ]
    r2 = [
        {"table": 1, "p1": "p1", "p2": "p4"},
        {"table": 2, "p1": "p7", "p2": "p5", "p1_wins": 2, "p2_wins": 0, "draws": 0, "outcome": "p1"},
        {"table": 3, "p1": "p6", "p2": "p2"},
        {"table": 4, "p1": "p3", "p2": "p8"},
    ]
    return {
        "schema": "lycee-event/1",
        "id": "20081130-snap",
        "name": "リセ公認大会 Snapshot Cup",
        "date": "2008-11-30",
        "kind": "constructed",
        "match": "bo3",
        "minutes": 50,
        "rounds_planned": 3,
        "tiebreakers": ["op", "omw", "gw", "ogw"],
        "staff": {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"},
        "players": players,
        "rounds": [{"number": 1, "stage": "swiss", "matches": r1}, {"number": 2, "stage": "swiss", "matches": r2}],
    }


def _app(lang: str) -> LyceeApp:
    # a relative folder (the test runs in its own tmp dir): the event list
    # shows it, so it must read the same on every run and machine
    root = Path("snapshot-data") / lang
    shutil.rmtree(root, ignore_errors=True)
    dd = DataDir(root)
    dd.import_event(_doc()).close()
    return LyceeApp(dd, lang=lang)


async def _no_blink(pilot):
    for inp in pilot.app.screen.query("Input"):
        inp.cursor_blink = False
    await pilot.pause()


@pytest.fixture(autouse=True)
def _reset_language(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_design7_snapshot_event_list(snap_compare, lang):
    assert snap_compare(_app(lang), terminal_size=(110, 20), run_before=_no_blink)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_design7_snapshot_new_event_form(snap_compare, lang, monkeypatch):
    # the form offers today's date: fixed here, so the picture is the same on any day
    monkeypatch.setattr("tui.screens.event_list.today", lambda: "2026-11-30")

    async def open_form(pilot):
        # stop the blink of the form's own inputs (they exist only after "n"),
        # or the picture depends on when it is taken
        await pilot.press("n")
        await _no_blink(pilot)

    assert snap_compare(_app(lang), terminal_size=(110, 40), run_before=open_form)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("tab", ["f2", "f3", "f4"])
def test_design7_snapshot_event_screen(snap_compare, lang, tab):
    async def open_it(pilot):
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(tab)
        await _no_blink(pilot)

    assert snap_compare(_app(lang), terminal_size=(110, 24), run_before=open_it)
