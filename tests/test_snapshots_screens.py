"""A snapshot of each screen and dialog of the event desk at 80x24, in Japanese
(the desk's language at a Japanese store; docs/app.md): what a clerk sees
on the smallest terminal the app supports.  posting's tests/test_snapshots.py
is the model: one test a screen, reached by the keys a clerk presses.

The data is the fixed event of tests/test_snapshots.py (round 2 of 3 in
progress, the clock not started); the dialogs opened without keys are given
fixed values (a fixed clock, fixed addresses), so each picture is the same on
every run and machine."""

from __future__ import annotations

import shutil
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from core import i18n
from core.store import DataDir
from tests.test_snapshots import _app, _doc, _no_blink
from tui.app import LyceeApp
from tui.screens.build_timer import BuildTimerScreen
from tui.screens.penalty_forms import DecklistChangeForm
from tui.screens.serving import ServingDialog

SIZE = (80, 24)

#: screen -> the keys that open it from the event list (Enter opens the event)
BY_KEYS = {
    "event_list": [],
    "new_event_form": ["n"],
    "store_form": ["s"],
    "event_players": ["enter", "f2"],
    "event_round": ["enter", "f3"],
    "event_standings": ["enter", "f4"],
    "event_bracket": ["enter", "f8"],
    "help": ["enter", "f3", "f1"],
    "quit_question": ["enter", "ctrl+q"],  # Confirm: a round is running
    "extend_prompt": ["enter", "f3", "ctrl+g"],  # Prompt
    "export_choice": ["enter", "f9"],  # ExportChoice
    "drop_choice": ["enter", "f2", "ctrl+o"],  # Choose
    "rename_form": ["enter", "f2", "shift+f2"],  # RenameForm
    "event_settings": ["enter", "f12"],  # EventSettings
    "penalty_form": ["enter", "f2", "ctrl+b"],  # PenaltyForm
    "check_info": ["enter", "ctrl+d"],  # Info: the independent check of the event
}


@pytest.fixture(autouse=True)
def _fixed_day(tmp_path, monkeypatch):
    # the data folder is relative (the event list shows it): in the test's own tmp dir
    monkeypatch.chdir(tmp_path)
    # the new-event form offers today's date: fixed, so the picture is the same on any day
    monkeypatch.setattr("tui.screens.event_list.today", lambda: "2026-11-30")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("screen", sorted(BY_KEYS))
def test_design7_snapshot_at_80x24_in_japanese(snap_compare, screen):
    """Each screen reached by its keys, at 80 columns: nothing cut that the clerk needs."""

    async def open_it(pilot):
        for key in BY_KEYS[screen]:
            await pilot.press(key)
            await pilot.pause()
        checks = [w for w in pilot.app.workers if w.group == "verify"]  # Ctrl+D checks in a worker
        if checks:  # (not all: a dialog's worker waits for its answer; an empty list waits for all)
            await pilot.app.workers.wait_for_complete(checks)
        await pilot.pause()
        await _no_blink(pilot)

    assert snap_compare(_app("ja"), terminal_size=SIZE, run_before=open_it)


def _swiss_over() -> LyceeApp:
    """The fixed event with its two Swiss rounds played (round 2's results filled in)."""
    doc = _doc()
    doc["rounds_planned"] = 2
    for m, (a, b) in zip(doc["rounds"][1]["matches"], [(2, 0), (2, 0), (0, 2), (2, 1)]):
        m.update(p1_wins=a, p2_wins=b, draws=0, outcome="p1" if a > b else "p2")
    root = Path("snapshot-data") / "top"
    shutil.rmtree(root, ignore_errors=True)
    # a fixed clock: the bar's projected finish is the same on every run
    dd = DataDir(root, clock=lambda: datetime(2008, 11, 30, 13, 0, tzinfo=timezone(timedelta(hours=9))))
    dd.import_event(doc).close()
    return LyceeApp(dd, lang="ja")


@pytest.fixture
def _tokyo(monkeypatch):
    """The projected finish is shown in local time: Tokyo's, on any machine."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_design7_snapshot_bracket_at_80x24_in_japanese(snap_compare, _tokyo):
    """G-SE: the top 4 cut (F7, 4, y) and the semi-final of table 1 typed: the bracket (F8)."""
    keys = ["enter", "f7", "4", "enter", "y", "f6", "1", "space", "2", "-", "0", "enter", "f8"]

    async def open_it(pilot):
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await _no_blink(pilot)

    assert snap_compare(_swiss_over(), terminal_size=SIZE, run_before=open_it)


def test_design7_snapshot_build_timer_at_80x24_in_japanese(snap_compare):
    """G-SEALED: the deck-building clock, its minutes in big digits (a fixed clock: 30:00 left)."""

    async def open_it(pilot):
        await pilot.app.push_screen(BuildTimerScreen(30, clock=lambda: 1000.0))
        await pilot.pause()

    assert snap_compare(_app("ja"), terminal_size=SIZE, run_before=open_it)


def test_design7_snapshot_decklist_change_form_at_80x24_in_japanese(snap_compare):
    """G-DECKLIST: a judge changes a registered decklist (who, and the judge's name)."""

    async def open_it(pilot):
        await pilot.app.push_screen(DecklistChangeForm(["佐藤"], "山田 太郎"))
        await _no_blink(pilot)

    assert snap_compare(_app("ja"), terminal_size=SIZE, run_before=open_it)


def test_design7_snapshot_serving_dialog_at_80x24_in_japanese(snap_compare):
    """The pages served (Ctrl+W): the QR code, the addresses and who can read them (fixed addresses)."""

    async def open_it(pilot):
        await pilot.press("enter")
        await pilot.pause()
        await pilot.app.push_screen(ServingDialog(pilot.app.screen, ["http://192.168.0.10:8080/"]))
        await _no_blink(pilot)

    assert snap_compare(_app("ja"), terminal_size=SIZE, run_before=open_it)
