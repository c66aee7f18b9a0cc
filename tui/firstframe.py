"""The event list as the app last drew it, on the terminal while the app loads.

Loading Textual and styling the first screen takes most of the app's start
(benchmarks/app.py).  The event list is what every start shows first, and it
seldom changes between two starts, so the app keeps the last frame it drew of
it (its exact escape sequences, under ``<data dir>/cache/``) with a key of
everything that frame depends on: the terminal's size, the language, the
colour settings of the environment, the app's own files (a new version draws
differently) and every file of the events folder (its name, size and time).
The next start of ``lycee`` compares the key before anything heavy is
imported; only when all of it is the same does it put the frame on the
terminal at once.  The app then draws the same list over it.

The app keeps the list each time it stands still on the screen, and as it
ends: quit from an event, it closes the event and draws the list again with
what is stored now before it ends (tui.app ``LyceeApp._end``), so the day's
last results do not leave the next start without its frame.

Keys typed meanwhile are kept: the terminal is taken out of its line mode
without echo, so what is typed waits, unseen, until the app reads it; the
terminal's own settings are put back when the app ends.

This module imports neither textual nor rich: the command line calls it
before the app is loaded (tui.cli, ``lycee``).  :func:`frame_text` is the
app's side (it is given the app's screen, already drawn).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import sys
import time
from importlib.util import find_spec
from pathlib import Path

from core.paths import private_dir

#: The environment variables that change what colours or characters the app draws.
ENV_KEYS = ("TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR", "TEXTUAL_COLOR_SYSTEM", "TEXTUAL_THEME", "TERM_PROGRAM")
#: The app's files whose change may change the event list's look (their sizes and times are in the key).
_OWN = Path(__file__).resolve().parent
_CORE = _OWN.parent / "core"

#: Enter the alternate screen, hide the cursor, no line wrap (as Textual's driver does).
ENTER = "\x1b[?1049h\x1b[?25l\x1b[?7l"
#: Back to the terminal as it was, should the app fail before it takes the screen.
LEAVE = "\x1b[?7h\x1b[?25h\x1b[?1049l"


def frame_path(root: Path, cols: int, rows: int, lang: str) -> Path:
    return root / "cache" / f"event-list-{cols}x{rows}-{lang}.frame"


def _stamp(path: Path) -> str:
    try:
        st = os.stat(path)
    except OSError:
        return f"{path.name}:-"
    return f"{path.name}:{st.st_size}:{st.st_mtime_ns}"


def _package_stamp(name: str) -> str:
    """An installed package (a new release may draw otherwise), without importing it."""
    try:
        spec = find_spec(name)
    except (ImportError, ValueError):
        return f"{name}:-"
    return _stamp(Path(spec.origin)) if spec and spec.origin else f"{name}:-"


def events_stamp(root: Path) -> str | None:
    """The events folder's part of the key: every file (name, size, time);
    None when it holds no event or cannot be read (the start then makes a
    demo or says why: no list to show).  The app takes it before it reads the
    list, so a change made meanwhile makes the key miss, never a stale frame."""
    try:
        with os.scandir(root / "events") as it:
            entries = sorted((e.name, e.stat()) for e in it if not e.name.endswith(".lock"))
    except OSError:
        return None
    if not any(name.endswith(".json") and not name.startswith(".") for name, _st in entries):
        return None
    return "\t".join(f"{name}:{st.st_size}:{st.st_mtime_ns}" for name, st in entries)


def frame_key(root: Path, cols: int, rows: int, lang: str, environ=os.environ, events: str | None = "") -> str | None:
    """One line naming everything the event list's frame depends on (None:
    no frame for this folder). ``events``: the folder's stamp taken when the
    list was read (:func:`events_stamp`); by default, now."""
    if events == "":
        events = events_stamp(root)
    if events is None:
        return None
    parts = [str(root), f"{cols}x{rows}", lang]
    parts += [f"{k}={environ.get(k, '')}" for k in ENV_KEYS]
    own = [_OWN / "app.py", _OWN / "app.tcss", _OWN / "screens" / "event_list.py", _OWN / "i18n.py"]
    own += [Path(__file__), *sorted((_OWN / "widgets").glob("*.py"))]
    own += [_CORE / "labels.py", _CORE / "i18n.py", _CORE / "store" / "store.py"]
    own += sorted((_CORE / "locale").glob("*.json"))
    parts += [_stamp(p) for p in own]
    parts += [_package_stamp("textual"), _package_stamp("rich")]
    parts.append(events)
    return "\t".join(parts).replace("\n", " ")


#: What a kept frame may hold: text, line ends, colours (SGR) and cursor moves (CUP); nothing else
#: reaches the terminal (a frame file is data, and the terminal obeys other sequences).
_SAFE = re.compile(r"(?:[^\x00-\x1f\x7f-\x9f]|\n|\x1b\[[0-9;]*[mH])*")
#: Frames not written for this long are removed as another is kept.
STALE_DAYS = 30


def save(root: Path, cols: int, rows: int, lang: str, text: str, events: str | None = "") -> None:
    """Keep ``text`` (the escape sequences of the whole screen) as the frame
    of this size and language; written whole or not at all, readable by its
    owner only."""
    key = frame_key(root, cols, rows, lang, events=events)
    if key is None or not _SAFE.fullmatch(text):
        return
    path = frame_path(root, cols, rows, lang)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    try:
        private_dir(path.parent)  # cache/: 0700, its frames 0600
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write((key + "\n" + text).encode("utf-8"))
        os.replace(tmp, path)
        _forget_stale(path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


def _forget_stale(kept: Path) -> None:
    old = time.time() - STALE_DAYS * 86400
    for p in kept.parent.glob("event-list-*.frame"):
        try:
            if p != kept and p.stat().st_mtime < old:
                p.unlink()
        except OSError:
            pass


def load(root: Path, cols: int, rows: int, lang: str) -> str | None:
    """The kept frame, when its key is the key of now and it holds only text,
    colours and cursor moves; else None."""
    try:
        data = frame_path(root, cols, rows, lang).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    key, sep, text = data.partition("\n")
    if not sep or key != frame_key(root, cols, rows, lang) or not _SAFE.fullmatch(text):
        return None
    return text


class Shown:
    """A frame on the terminal until the app takes it over (:meth:`hand_over`,
    then :meth:`done` when it has ended), or until the start fails
    (:meth:`take_down`: anything written to stdout or stderr first, a stop
    (Ctrl+Z), a hang-up or a kill takes it down and gives the terminal back)."""

    SIGNALS = ("SIGTSTP", "SIGTERM", "SIGHUP")

    def __init__(self, fd: int, out: int, before: list):
        self.fd, self.out, self.before = fd, out, before
        self.up = True
        self.handlers: dict[int, object] = {}
        for name in self.SIGNALS:
            num = getattr(signal, name, None)
            if num is not None:
                self.handlers[num] = signal.signal(num, self._signalled)
        self.streams = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = _TakesDown(sys.stdout, self), _TakesDown(sys.stderr, self)

    def _signalled(self, num, _frame) -> None:
        original = self.handlers.get(num, signal.SIG_DFL)
        self.take_down()
        signal.signal(num, signal.SIG_DFL)
        os.kill(os.getpid(), num)  # stopped (Ctrl+Z) or ended, as the signal means
        signal.signal(num, original)  # type: ignore[arg-type]  # after `fg`: the start goes on, without the frame

    def streams_back(self) -> None:
        """The streams as they were (the app's start writes on them itself)."""
        if isinstance(sys.stdout, _TakesDown):
            sys.stdout = self.streams[0]
        if isinstance(sys.stderr, _TakesDown):
            sys.stderr = self.streams[1]

    def hand_over(self) -> None:
        """The app is about to take the terminal: its own signals and streams."""
        self.streams_back()
        for num, handler in self.handlers.items():
            signal.signal(num, handler)  # type: ignore[arg-type]
        self.handlers = {}

    def done(self) -> None:
        """The app has ended and left the screen: the terminal's own settings back."""
        self.hand_over()
        self._settings_back()
        self.up = False

    def take_down(self) -> None:
        """The start failed or was stopped before the app took the screen."""
        if not self.up:
            return
        self.up = False
        self.hand_over()
        try:
            os.write(self.out, LEAVE.encode())
        except OSError:
            pass
        self._settings_back()

    def _settings_back(self) -> None:
        import termios  # POSIX only (a frame is shown on POSIX alone)

        try:
            termios.tcsetattr(self.fd, termios.TCSANOW, self.before)
        except termios.error:
            pass


class _TakesDown:
    """A stream that takes the frame down before its first write (an error
    message of the start is then read on the terminal's own screen)."""

    def __init__(self, stream, shown: Shown):
        self._stream, self._shown = stream, shown

    def write(self, text):
        self._shown.take_down()
        return self._stream.write(text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _quiet(fd: int) -> list | None:
    """The terminal out of its line mode without echo (typed keys wait unseen; Ctrl+Q / Ctrl+S
    are the app's keys, not flow control): its settings before, or None when it cannot be."""
    import termios  # POSIX only (show returns before elsewhere)

    try:
        before = termios.tcgetattr(fd)
        quiet = termios.tcgetattr(fd)
        quiet[3] &= ~(termios.ECHO | termios.ICANON)  # typed keys wait unseen (lflag)
        quiet[0] &= ~termios.IXON  # Ctrl+Q / Ctrl+S are the app's keys, not flow control (iflag)
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except termios.error:
        return None
    return before


def _kept_frame(root: Path, lang: str) -> str | None:
    """The kept frame for this terminal's size, if there is one for now."""
    cols, rows = shutil.get_terminal_size((0, 0))  # as Textual's driver reads it (COLUMNS / LINES first)
    if not cols or not rows:
        return None
    return load(root, cols, rows, lang)


def show(root: Path, lang: str) -> Shown | None:
    """Put the kept frame of the event list on the terminal, if there is one
    for now; None when nothing was shown."""
    fd, out = 0, 1  # the streams themselves (the command line wraps sys.stdout in a sanitiser)
    if os.name != "posix" or not (os.isatty(fd) and os.isatty(out)):
        return None
    text = _kept_frame(root, lang)
    before = _quiet(fd) if text is not None else None
    if text is None or before is None:
        return None
    shown = Shown(fd, out, before)
    try:
        os.write(out, (ENTER + text).encode("utf-8"))
    except OSError:
        pass
    return shown


def frame_text(screen) -> str | None:
    """The escape sequences of ``screen`` as drawn now (the whole screen), or
    None where Textual gives no such rendering."""
    try:
        return screen._compositor.render_full_update().render_segments(screen.app.console)
    except Exception:  # a Textual without this inner API: no frame is kept, the app runs as ever
        return None
