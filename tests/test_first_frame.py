"""The event list as last drawn, on the terminal while the app loads
(tui.firstframe; docs/app.md, the app): shown only when nothing it
depends on has changed, typed keys kept (input is never lost), the terminal
given back as it was; a kept frame reaches the terminal only as text,
colours and cursor moves (L-TERM)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.store import DataDir
from tui import firstframe
from tui.app import LyceeApp
from tui.screens.event_list import EventListScreen

ROOT = Path(__file__).resolve().parents[1]


def make_event(root: Path, name: str = "Saturday Cup") -> str:
    store = DataDir(root).create({"name": name, "date": "2026-12-05", "sanctioned": False})
    eid = store.id
    store.close()
    return eid


def test_kept_frame_only_while_nothing_changed(tmp_path):
    """A frame comes back for the same size, language and events folder;
    a new event, another size or language finds none."""
    make_event(tmp_path)
    firstframe.save(tmp_path, 80, 24, "ja", "\x1b[1;1Hthe list")
    assert firstframe.load(tmp_path, 80, 24, "ja") == "\x1b[1;1Hthe list"
    assert firstframe.load(tmp_path, 120, 40, "ja") is None
    assert firstframe.load(tmp_path, 80, 24, "en") is None
    make_event(tmp_path, "Sunday Cup")  # the list would show another row
    assert firstframe.load(tmp_path, 80, 24, "ja") is None


def test_frame_key_names_the_colour_settings(tmp_path):
    """Another TERM or NO_COLOR draws other escape sequences: another key."""
    make_event(tmp_path)
    base = firstframe.frame_key(tmp_path, 80, 24, "en", {"TERM": "xterm-256color"})
    assert base != firstframe.frame_key(tmp_path, 80, 24, "en", {"TERM": "linux"})
    assert base != firstframe.frame_key(tmp_path, 80, 24, "en", {"TERM": "xterm-256color", "NO_COLOR": "1"})


def test_damaged_frame_file_is_no_frame(tmp_path):
    path = firstframe.frame_path(tmp_path, 80, 24, "en")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe not a frame")
    assert firstframe.load(tmp_path, 80, 24, "en") is None


def test_no_frame_without_an_event(tmp_path):
    """An empty or missing events folder has no frame: the start makes a demo
    event (or says what is wrong) after a frame would already be up."""
    firstframe.save(tmp_path, 80, 24, "en", "\x1b[1;1Hno events yet")
    assert not firstframe.frame_path(tmp_path, 80, 24, "en").exists()
    (tmp_path / "events").mkdir()
    assert firstframe.frame_key(tmp_path, 80, 24, "en") is None


def test_a_frame_holds_only_text_colours_and_cursor_moves(tmp_path):
    """L-TERM: a frame file is data: one that would send the terminal anything
    but text, colours and cursor moves (a clipboard write, a query) is never shown."""
    make_event(tmp_path)
    firstframe.save(tmp_path, 80, 24, "en", "\x1b]52;c;ZXZpbA==\x07")
    assert not firstframe.frame_path(tmp_path, 80, 24, "en").exists()
    path = firstframe.frame_path(tmp_path, 80, 24, "en")
    key = firstframe.frame_key(tmp_path, 80, 24, "en")
    assert key is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(key + "\n\x1b[1;1H\x1b[38;5;17mlist\x1b[0m\x1b[6n", encoding="utf-8")
    assert firstframe.load(tmp_path, 80, 24, "en") is None
    firstframe.save(tmp_path, 80, 24, "en", "\x1b[1;1H\x1b[38;5;17mlist 大会\x1b[0m\n")
    assert firstframe.load(tmp_path, 80, 24, "en") == "\x1b[1;1H\x1b[38;5;17mlist 大会\x1b[0m\n"
    assert path.stat().st_mode & 0o077 == 0  # the owner's only


def test_nothing_shown_without_a_terminal(tmp_path, capsys):
    make_event(tmp_path)
    firstframe.save(tmp_path, 80, 24, "en", "frame")
    assert firstframe.show(tmp_path, "en") is None  # pytest's streams are no terminal
    assert capsys.readouterr().out == ""


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_app_keeps_the_list_as_drawn(tmp_path, monkeypatch, lang):
    """The app keeps the event list once it stands still, cursor on the first
    row; not while a dialog is over it."""
    eid = make_event(tmp_path)
    monkeypatch.setattr(EventListScreen, "FRAME_AFTER", 0.05)
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    app.frame_cache = tmp_path
    path = firstframe.frame_path(tmp_path, 80, 24, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        while not path.exists():
            await pilot.pause(0.02)
        text = firstframe.load(tmp_path, 80, 24, lang)
        assert text is not None and eid in text
        assert ("大会一覧" if lang == "ja" else "Events") in text
        path.unlink()
        await pilot.press("n")  # the new-event form over the list
        await pilot.pause()
        app.screen_stack[1].action_refresh()  # a refresh under the form: nothing kept
        await asyncio.sleep(0.2)
        await pilot.pause()
        assert not path.exists()


@pytest.mark.asyncio
async def test_quit_at_once_keeps_the_list(tmp_path, monkeypatch):
    """q pressed before the list stood still its moment: the frame is kept
    as the app quits."""
    eid = make_event(tmp_path)
    monkeypatch.setattr(EventListScreen, "FRAME_AFTER", 3600)
    app = LyceeApp(DataDir(tmp_path), lang="en")
    app.frame_cache = tmp_path
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
    text = firstframe.load(tmp_path, 80, 24, "en")
    assert text is not None and eid in text


@pytest.mark.asyncio
async def test_quit_from_an_event_keeps_the_list_as_it_is_now(tmp_path, monkeypatch):
    """Ctrl+Q inside an event after a change: the list kept before is stale
    (the journal grew), so the app shows the list again, with the new count,
    keeps it, and ends; the next start can show it at once."""
    eid = make_event(tmp_path)
    monkeypatch.setattr(EventListScreen, "FRAME_AFTER", 0.05)
    app = LyceeApp(DataDir(tmp_path), lang="en")
    app.frame_cache = tmp_path
    path = firstframe.frame_path(tmp_path, 100, 30, "en")
    async with app.run_test(size=(100, 30)) as pilot:
        while not path.exists():
            await pilot.pause(0.02)
        assert firstframe.load(tmp_path, 100, 30, "en") is not None
        await pilot.press("enter")  # open the event
        while app.screen is app.screen_stack[1]:
            await pilot.pause(0.02)
        app.screen.open_desk.add_players(["Ann", "Ben", "Cho"])  # what the clerk typed: stored
        assert firstframe.load(tmp_path, 100, 30, "en") is None  # the kept list is stale now
        await pilot.press("ctrl+q")
        await pilot.pause()
    text = firstframe.load(tmp_path, 100, 30, "en")
    assert text is not None and eid in text
    assert "Saturday Cup" in text and " 3 " in firstframe_plain(text)


def firstframe_plain(text: str) -> str:
    """A kept frame's characters, its escape sequences left out."""
    import re

    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", text)


def _read_until(fd: int, buf: bytearray, want: bytes, timeout: float = 60) -> bool:
    end = time.monotonic() + timeout
    while want not in buf and time.monotonic() < end:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                buf += os.read(fd, 1 << 16)
            except OSError:
                return False
    return want in buf


@contextlib.contextmanager
def lycee_on_pty(tmp_path: Path, cols: int, rows: int, *args: str, term: str | None = None):
    """``lycee ARGS`` on a pseudo-terminal of its own: (process, master fd,
    the terminal's line settings before); the terminal's settings after are
    read as it ends (``state["after"]``).  ``term``: its TERM (else the test's own)."""
    import fcntl
    import pty
    import struct
    import termios

    env = dict(os.environ, LYCEE_DATA_DIR=str(tmp_path), LANG="en_US.UTF-8", PYTHONPATH=str(ROOT))
    if term is not None:
        env["TERM"] = term
    for k in ("COLUMNS", "LINES"):  # the pty's size, not the test runner's
        env.pop(k, None)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    state = {"before": line_mode(termios.tcgetattr(slave))}
    cmd = [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())", *args]
    p = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True)
    try:
        yield p, master, state
        state["after"] = line_mode(termios.tcgetattr(slave))
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)
        os.close(slave)


def line_mode(attrs) -> int:
    """Echo and line mode of a terminal's settings."""
    import termios

    return attrs[3] & (termios.ECHO | termios.ICANON)


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
def test_second_start_shows_the_list_before_the_app_loads(tmp_path):
    """On a terminal: the second start draws the list before Textual takes the
    terminal; a key typed at once is answered; the terminal's echo and line
    mode are back after the app ends."""
    eid = make_event(tmp_path)
    frame = firstframe.frame_path(tmp_path, 100, 30, "en")
    outputs = []
    for start in range(2):
        with lycee_on_pty(tmp_path, 100, 30, term="xterm-256color") as (p, master, state):
            buf = bytearray()
            if start == 1:
                os.write(master, b"?")  # typed before the app has loaded
                assert _read_until(master, buf, b"What it does"), bytes(buf[-300:])
                os.write(master, b"\x1b")
            else:
                assert _read_until(master, buf, eid.encode()), bytes(buf[-300:])
                end = time.monotonic() + 60
                while not frame.exists() and time.monotonic() < end:
                    _read_until(master, buf, b"\x00never", timeout=0.1)
                assert frame.exists(), list(tmp_path.glob("cache/*"))
            os.write(master, b"\x11")  # Ctrl+Q
            end = time.monotonic() + 60
            while p.poll() is None and time.monotonic() < end:
                _read_until(master, buf, b"\x00never", timeout=0.1)
            assert p.wait(timeout=10) == 0
        assert state["after"] == state["before"]
        outputs.append(bytes(buf))
    mouse_on = b"\x1b[?1000h"  # Textual's driver takes the terminal
    first, second = outputs
    assert first.find(eid.encode()) > first.find(mouse_on)  # no frame yet: the app drew the list
    assert -1 < second.find(eid.encode()) < second.find(mouse_on)  # the kept frame, before the app


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
def test_an_error_of_the_start_is_read_on_the_terminals_own_screen(tmp_path):
    """With a frame up, a start that fails before the app (``lycee --lang``
    without its value) takes the frame down first: the message stays on the
    terminal's screen, and echo is back."""
    make_event(tmp_path)
    firstframe.save(tmp_path, 90, 20, "en", "\x1b[1;1Hthe kept list")
    buf = bytearray()
    with lycee_on_pty(tmp_path, 90, 20, "--lang") as (p, master, state):
        assert _read_until(master, buf, b"expected one argument"), bytes(buf[-300:])
        assert p.wait(timeout=60) == 2
    out = bytes(buf)
    assert out.find(b"the kept list") < out.find(firstframe.LEAVE.encode()) < out.find(b"expected one argument")
    assert state["after"] == state["before"]
