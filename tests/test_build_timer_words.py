"""Issue 48 item 17, the build timer at 0:00 (G-SEALED, G-DRAFT-4: the decks are built in the
time the organizer sets and handed in; round 1 waits for every legal deck): `lycee build
status` and the desk say the time is up, never a negative time left, and a closed phase says
how long the players built, not a time left."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from core import i18n
from core.desk import Desk
from core.store import DataDir
from limited.view import draft_pods, simulate_draft
from tests.app_helpers import on_screen, shown, until
from tui.app import LyceeApp
from tui.cli import main
from tui.screens.event import EventScreen

ja = i18n._


class Clock:
    def __init__(self, t: datetime):
        self.t = t

    def __call__(self) -> datetime:
        return self.t


@pytest.fixture
def japanese():
    yield
    i18n.set_language("en")


def timed_draft(tmp_path, clock: Clock, minutes: int = 1) -> str:
    """A draft of four simulated by bots, its building timer of ``minutes`` started at ``clock``."""
    dd = DataDir(tmp_path, clock=clock)
    store = dd.create({"name": "タイマー会", "kind": "draft", "match": "bo3", "minutes": 50, "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["鈴木", "田中", "佐藤", "高橋"])
    draft_pods(desk, "alpha", 4, 5, minutes=minutes)
    simulate_draft(desk)
    if desk.build_status().state != "building":
        desk.toggle_build()
    eid = store.id
    store.close()
    return eid


def status(capsys, root, eid, lang="en") -> str:
    assert main(["--data-dir", str(root), "--lang", lang, "build", eid, "status"]) == 0
    return capsys.readouterr().out


def test_g_sealed_build_status_at_time_says_time_is_up_never_a_negative_time(tmp_path, capsys, japanese):
    # G-SEALED, G-DRAFT-4: 「残り -0:16」 before
    eid = timed_draft(tmp_path, Clock(datetime.now(timezone.utc) - timedelta(minutes=5)))
    out = status(capsys, tmp_path, eid)
    assert "-0:" not in out and "-4:" not in out, out
    assert "time is up" in out and "hand in your decks" in out, out
    out = status(capsys, tmp_path, eid, "ja")
    assert "残り -" not in out and "時間です" in out and "デッキを提出してください" in out, out


def test_g_sealed_build_status_of_a_closed_phase_says_how_long_they_built(tmp_path, capsys, japanese):
    # G-SEALED: 「20分中 残り 18:43」 for a closed phase before
    start = datetime.now(timezone.utc) - timedelta(minutes=30)
    clock = Clock(start)
    eid = timed_draft(tmp_path, clock, minutes=20)
    clock.t = start + timedelta(seconds=77)
    with DataDir(tmp_path, clock=clock).open(eid) as store:
        Desk(store).close_build()
    out = status(capsys, tmp_path, eid)
    assert "left" not in out and "closed after 1:17 of building (a 20-minute timer" in out, out
    out = status(capsys, tmp_path, eid, "ja")
    assert "残り" not in out and "1:17 の構築で終了しました" in out, out


def test_g_sealed_a_phase_closed_after_more_than_an_hour_reads_hours(tmp_path, capsys, japanese):
    # G-SEALED: 「75:00 の構築で終了しました」 before; a store's sealed build can run past an hour
    start = datetime.now(timezone.utc) - timedelta(hours=2)
    clock = Clock(start)
    eid = timed_draft(tmp_path, clock, minutes=60)
    clock.t = start + timedelta(minutes=75, seconds=5)
    with DataDir(tmp_path, clock=clock).open(eid) as store:
        Desk(store).close_build()
    out = status(capsys, tmp_path, eid, "ja")
    assert "1:15:05 の構築で終了しました" in out and "75:05" not in out, out


def test_g_sealed_build_status_says_one_minute_in_the_singular(tmp_path, capsys):
    eid = timed_draft(tmp_path, Clock(datetime.now(timezone.utc)), minutes=1)
    out = status(capsys, tmp_path, eid)
    assert "of 1 minute (started" in out and "1 minutes" not in out, out


@pytest.mark.asyncio
async def test_g_sealed_the_desk_says_time_is_up_at_0_00_at_80x24(tmp_path, japanese):
    """G-SEALED, G-DRAFT-4: the event opened after the building time ran out: the build tab
    reads 「時間です」 and 「残り時間 0:00」 (on one line), the message line says to hand in the
    decks; it read 「構築中」 and 「残り時間」 / 「-0:15」 with no word."""
    eid = timed_draft(tmp_path, Clock(datetime.now(timezone.utc) - timedelta(minutes=2)))
    app = LyceeApp(DataDir(tmp_path), open_event=eid, lang="ja")
    said = ja(
        "Time is up for deck building: hand in your decks. Round 1 pairs once every deck is legal "
        "(F5 closes the phase)."
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event")
        await until(pilot, lambda: on_screen(app, said), "time is up, said")
        app.screen.action_tab("build")
        await pilot.pause()
        text = shown(app, app.screen.query_one("#build-status"))
        assert "時間です" in text and "構築中" not in text, text
        assert any("残り時間 0:00" in line for line in text.splitlines()), text
        assert "-0:" not in shown(app), shown(app)


@pytest.mark.asyncio
async def test_g_draft_4_the_build_tab_counts_one_missing_decklist_in_the_singular(tmp_path):
    """G-DRAFT-4: three of four decks registered, the build tab reads "1 decklist missing" (it read
    "1 decklists missing")."""
    from limited.view import build_bot_decks

    eid = timed_draft(tmp_path, Clock(datetime.now(timezone.utc)), minutes=20)
    with DataDir(tmp_path).open(eid) as store:
        desk = Desk(store)
        build_bot_decks(desk, [p.id for p in desk.event.players[:3]])
    app = LyceeApp(DataDir(tmp_path), open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event")
        app.screen.action_tab("build")
        await pilot.pause()
        text = shown(app, app.screen.query_one("#build-status"))
        assert "1 decklist missing" in text and "decklists" not in text, text
