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

Keys typed meanwhile are kept: the terminal is taken out of its line mode
without echo, so what is typed waits, unseen, until the app reads it; the
terminal's own settings are put back when the app ends.

This module imports neither textual nor rich: the command line calls it
before the app is loaded (tui.cli, ``lycee``).  :func:`frame_text` is the
app's side (it is given the app's screen, already drawn).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

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


def _textual_stamp() -> str:
    """Textual's installed package (a new release may draw otherwise), without importing it."""
    from importlib.util import find_spec

    try:
        spec = find_spec("textual")
    except (ImportError, ValueError):
        return "textual:-"
    return _stamp(Path(spec.origin)) if spec and spec.origin else "textual:-"


def frame_key(root: Path, cols: int, rows: int, lang: str, environ=os.environ) -> str:
    """One line naming everything the event list's frame depends on."""
    parts = [str(root), f"{cols}x{rows}", lang]
    parts += [f"{k}={environ.get(k, '')}" for k in ENV_KEYS]
    own = [_OWN / "app.py", _OWN / "app.tcss", _OWN / "screens" / "event_list.py", _OWN / "i18n.py"]
    own += sorted((_OWN / "widgets").glob("*.py"))
    own += [_CORE / "labels.py", _CORE / "i18n.py", *sorted((_CORE / "locale").glob("*.json"))]
    parts += [_stamp(p) for p in own]
    parts.append(_textual_stamp())
    try:
        with os.scandir(root / "events") as it:
            entries = sorted((e.name, e.stat()) for e in it if not e.name.endswith(".lock"))
    except OSError:
        entries = []
    parts += [f"{name}:{st.st_size}:{st.st_mtime_ns}" for name, st in entries]
    return "\t".join(parts).replace("\n", " ")


def save(root: Path, cols: int, rows: int, lang: str, text: str) -> None:
    """Keep ``text`` (the escape sequences of the whole screen) as the frame
    of this size and language; written whole or not at all."""
    path = frame_path(root, cols, rows, lang)
    data = (frame_key(root, cols, rows, lang) + "\n" + text).encode("utf-8")
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


def load(root: Path, cols: int, rows: int, lang: str) -> str | None:
    """The kept frame, when its key is the key of now; else None."""
    try:
        data = frame_path(root, cols, rows, lang).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    key, sep, text = data.partition("\n")
    if not sep or key != frame_key(root, cols, rows, lang):
        return None
    return text


def show(root: Path, lang: str) -> Callable[[bool], None] | None:
    """Put the kept frame of the event list on the terminal, if there is one
    for now; the function that gives the terminal back its settings (called
    when the app has ended: ``started`` False if the app never took the
    screen, which then is left too).  None when nothing was shown."""
    fd, out = 0, 1  # the streams themselves (the command line wraps sys.stdout in a sanitiser)
    if os.name != "posix" or not (os.isatty(fd) and os.isatty(out)):
        return None
    import shutil

    cols, rows = shutil.get_terminal_size((0, 0))  # as Textual's driver reads it (COLUMNS / LINES first)
    if not cols or not rows:
        return None
    text = load(root, cols, rows, lang)
    if text is None:
        return None
    import termios

    try:
        before = termios.tcgetattr(fd)
        quiet = termios.tcgetattr(fd)
        quiet[3] &= ~(termios.ECHO | termios.ICANON)  # typed keys wait unseen (lflag)
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except termios.error:
        return None
    try:
        os.write(out, (ENTER + text).encode("utf-8"))
    except OSError:
        pass

    def restore(started: bool) -> None:
        if not started:
            try:
                os.write(out, LEAVE.encode())
            except OSError:
                pass
        try:
            termios.tcsetattr(fd, termios.TCSANOW, before)
        except termios.error:
            pass

    return restore


def frame_text(screen) -> str | None:
    """The escape sequences of ``screen`` as drawn now (the whole screen), or
    None where Textual gives no such rendering."""
    try:
        return screen._compositor.render_full_update().render_segments(screen.app.console)
    except Exception:  # a Textual without this inner API: no frame is kept, the app runs as ever
        return None
