"""The desk's view of the page server's locks (tui.web.writes.Guesses).

The server that takes phone reports and judges' sign-ins keeps the wrong
codes and PINs in its memory; it writes the guessers now slowed or locked to
``.EVENT.web-locks`` in the events folder (private to this user) whenever
that changes, and reads ``.EVENT.web-unlock`` (a line per guesser to release,
or ``all``) on each of its polls.  ``lycee reports EVENT locks`` and the
app's phone reports screen read the first; ``lycee reports EVENT unlock
WHAT`` and the screen's key append to the second.  Each request carries a
token the server lists under ``taken`` in the first once it has released
what was asked: a request taken while it was being written (the server
renames the file as the desk appends to it) is not acknowledged, so the desk
asks again, and says "lifted" only once the server has lifted it.  Nothing
here goes into the event's journal: a lock is the server's, for the day.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections import deque
from pathlib import Path

from core.paths import write_private

LOCKS = ".{eid}.web-locks"
UNLOCK = ".{eid}.web-unlock"
#: The requests' tokens the locks file lists as taken (the newest).
TAKEN_KEPT = 64


def paths(datadir, event_id: str) -> tuple[Path, Path]:
    folder = Path(datadir.events_dir)
    return folder / LOCKS.format(eid=event_id), folder / UNLOCK.format(eid=event_id)


def read_locks(datadir, event_id: str) -> list[dict] | None:
    """The guessers the running page server has slowed or locked; None when
    no server taking phone writes has run for this event."""
    rows = _locks_doc(datadir, event_id).get("locks")
    if not isinstance(rows, list):
        return None
    now = time.time()
    return [r for r in rows if _in_force(r, now)]


def _locks_doc(datadir, event_id: str) -> dict:
    """The locks file as the server wrote it ({} when there is none, or it does not read)."""
    locks, _unlock = paths(datadir, event_id)
    try:
        doc = json.loads(locks.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) else {}


def _in_force(row, now: float) -> bool:
    """Whether a row of the locks file still holds a guesser back at ``now``."""
    return isinstance(row, dict) and (row.get("until") is None or row["until"] > now or row["locked"])


def _asked(line: str) -> tuple[str, str] | None:
    """What a line of the unlock file asks to release, and its token; None for a line that asks nothing."""
    try:
        doc = json.loads(line)
        what, token = doc.get("what"), doc.get("ask", "")
    except (ValueError, AttributeError):
        return None
    return (what, token if isinstance(token, str) else "") if isinstance(what, str) and what else None


def ask_unlock(datadir, event_id: str, what: str, token: str | None = None) -> str:
    """Ask the page server to release ``what`` (it does within a poll); the request's token
    (a new one unless ``token`` repeats an earlier request)."""
    token = token or secrets.token_hex(8)
    _locks, unlock = paths(datadir, event_id)
    fd = os.open(unlock, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(fd, "a", encoding="utf-8") as f:
        f.write(json.dumps({"what": what.strip(), "ask": token}, ensure_ascii=False) + "\n")
    return token


def _taken(datadir, event_id: str) -> list:
    """The tokens of the requests the server has acted on (the locks file's ``taken``)."""
    taken = _locks_doc(datadir, event_id).get("taken")
    return taken if isinstance(taken, list) else []


def wait_released(datadir, event_id: str, what: str, token: str, timeout: float = 3.0) -> bool:
    """Whether the server acted on the request ``token`` within ``timeout`` seconds; a request it
    took without acting on (its line read before it was written) is asked again."""
    _locks, unlock = paths(datadir, event_id)
    end = time.monotonic() + timeout
    gone = False  # the request file was taken at the last look, its token not yet listed
    while time.monotonic() < end:
        if token in _taken(datadir, event_id):
            return True
        if gone and not unlock.exists():  # taken a poll ago and not acted on: its line was lost
            ask_unlock(datadir, event_id, what, token)
        gone = not unlock.exists()
        time.sleep(0.05)
    return token in _taken(datadir, event_id)


class Locks:
    """The server's side: mirror its guessers to the locks file, take the desk's releases."""

    def __init__(self, locks: Path | None, unlock: Path | None):
        self.locks_file, self.unlock_file = locks, unlock
        self.guesses: list = []
        self.taken: deque[str] = deque(maxlen=TAKEN_KEPT)  # the requests acted on (wait_released)

    @classmethod
    def for_feed(cls, feed) -> Locks:
        """For a server over an event's files (``lycee serve``, the app's server); in memory otherwise."""
        src = getattr(feed, "source", None)
        dd, eid = getattr(src, "datadir", None), getattr(src, "event_id", None)
        if dd is None or eid is None:
            return cls(None, None)
        return cls(*paths(dd, eid))

    def watch(self, guesses: list) -> None:
        self.guesses = guesses
        for g in guesses:
            g.on_change = self.write
        self.write()

    def listing(self) -> list[dict]:
        return [row for g in self.guesses for row in g.listing()]

    def write(self) -> None:
        if self.locks_file is None:
            return
        try:
            doc = {"locks": self.listing(), "taken": list(self.taken)}
            write_private(self.locks_file, json.dumps(doc, ensure_ascii=False))
        except OSError:  # a read-only folder: the desk cannot see them, the server keeps them all the same
            pass

    def close(self) -> None:
        """The server stops: its locks go with it (nothing left for the desk to list)."""
        for path in (self.locks_file, self.unlock_file):
            if path is not None:
                try:
                    path.unlink()
                except OSError:
                    pass

    def release(self, what: str) -> int:
        n = sum(g.release(what) for g in self.guesses)
        self.write()
        return n

    def poll(self) -> None:
        """Take the desk's release requests, if any."""
        if self.unlock_file is None or not self.unlock_file.exists():
            return
        taken = self.unlock_file.with_name(self.unlock_file.name + ".taken")
        try:
            os.replace(self.unlock_file, taken)  # requests appended from now go to a new file
            lines = taken.read_text(encoding="utf-8").splitlines()
            taken.unlink()
        except OSError:
            return
        for what, token in filter(None, map(_asked, lines)):
            self.release(what)
            if token:
                self.taken.append(token)
        self.write()
