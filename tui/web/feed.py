"""The event as the pages see it, kept fresh without taking the write lock.

A *source* gives the newest event and a cheap signature that changes when it
may have changed:

- :class:`FileSource` (``lycee serve``) reads the event as last written with
  :meth:`core.store.DataDir.read` (the read-only API the reading commands use;
  no lock), and re-reads only when the event's files change on disk;
- :class:`LiveSource` (serving from the app) takes the app's own event object
  (events are immutable, so another thread may read one safely).

:class:`Feed` turns that into :class:`Snapshot`\\ s of the public view
(core.rules.publish) with a version number that moves only when something the
pages show has changed.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from core import rules
from core.event.model import Event
from core.rules.publish import public_event
from core.store import DataDir
from core.store.journal import scan


class FileSource:
    #: Seconds after which the event is read again even when its files look
    #: unchanged (a storage layout this signature does not know still shows).
    max_age = 5.0

    def __init__(self, datadir: DataDir, event_id: str):
        self.datadir = datadir
        self.event_id = event_id

    def signature(self):
        """Names, sizes and times of the event's files (whatever their layout)."""
        try:
            entries = [e for e in self.datadir.events_dir.iterdir() if self._shows(e.name)]
        except OSError:
            return None
        return tuple(sorted(filter(None, map(_stamp, entries))))

    def _shows(self, name: str) -> bool:
        """Whether a file of the events folder holds what the pages show of this event (not a lock or a
        half-written file)."""
        return self.event_id in name and not name.endswith(
            (".lock", ".owner", ".tmp", ".web-locks", ".web-unlock", ".taken")
        )

    #: where the journal read last time ends, and the event it gives
    _tail: _Tail | None = None

    def read(self) -> Event:
        """The event as last written.  The journal only grows, so when the
        bytes read last time are still its beginning (its last record
        unchanged) only the records after them are parsed and applied: a
        result at 512 players costs one action, not a parse of thousands;
        anything else (an undo, a rewritten or damaged file, a file written
        before the journal) reads it whole with :meth:`DataDir.read`."""

        path = self.datadir.event_path(self.event_id)
        data = _bytes_of(path)
        ev = self._read_on(data)
        if ev is not None:
            return ev
        ev = self.datadir.read(self.event_id)
        self._tail = None
        if _unchanged(path, data) and data[:1] != b"{":  # no write came between: ``ev`` is these bytes' event
            whole = scan(data)
            if whole.damage is None and whole.records:
                self._tail = _Tail.of(data, whole.records[-1], ev)
        return ev

    def _read_on(self, data: bytes) -> Event | None:
        """The event of ``data`` from the last read's event and the records
        added since; None when that does not hold (read it whole)."""
        c = self._tail
        if c is None or not c.starts(data):
            return None
        new = scan(data, start=c.end, after_seq=c.seq)
        if not _follows_on(new):
            return None
        ev = _applied(c.event, new.actions)
        if ev is None:
            return None
        if new.records:
            self._tail = _Tail.of(data, new.records[-1], ev)
        return ev


def _follows_on(new) -> bool:
    """The records added since can go on top of the last read's event: none damaged,
    no undo or import (those change what came before)."""
    if new.damage is not None:
        return False
    return not any(a.get("type") in ("undo", "import") for a in new.actions)


def _applied(ev: Event, acts: list[dict]) -> Event | None:
    """``ev`` after ``acts``; None when the rules refuse one (the whole read says what holds)."""
    try:
        for a in acts:
            ev = rules.apply(ev, a)
    except Exception:  # an action the rules refuse: the whole read says what holds
        return None
    return ev


def _stamp(entry) -> tuple[str, int, int] | None:
    """A file's name, time and size; None when it is gone."""
    try:
        st = entry.stat()
    except OSError:
        return None
    return entry.name, st.st_mtime_ns, st.st_size


def _bytes_of(path) -> bytes:
    """The file's bytes; none when it cannot be read."""
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _unchanged(path, data: bytes) -> bool:
    """Whether the file still holds ``data`` (False when it cannot be read)."""
    try:
        return path.read_bytes() == data
    except OSError:
        return False


@dataclass(frozen=True)
class _Tail:
    """Where the journal's good records end, the bytes of the last one, its
    last seq, and the event they give."""

    end: int
    last: bytes
    seq: int
    event: Event

    @classmethod
    def of(cls, data: bytes, record, ev: Event) -> _Tail:
        return cls(record.end, data[record.start : record.end], record.actions[-1]["seq"], ev)

    def starts(self, data: bytes) -> bool:
        """Whether ``data`` is a journal that begins with the bytes read last time."""
        return data[:1] != b"{" and len(data) >= self.end and data[self.end - len(self.last) : self.end] == self.last


class LiveSource:
    def __init__(self, get: Callable[[], Event | None]):
        self.get = get
        self._last: Event | None = None
        self._n = 0

    def signature(self):
        # A count that moves whenever the app holds another event object.  Not
        # ``id(event)``: once the old event is freed, the next one may get the
        # same id, and the pages would keep showing the old round.
        ev = self.get()
        if ev is not self._last:
            self._last = ev
            self._n += 1
        return self._n

    def read(self) -> Event:
        ev = self.get()
        if ev is None:
            raise LookupError("no event")
        return ev


@dataclass
class Snapshot:
    version: str
    event: Event  # the public view: core.rules.publish.public_event
    #: Rendered pages of this version: (page, lang, part, extra) -> (etag, body).
    cache: dict = field(default_factory=dict)


class Feed:
    """The newest public view, and a way to wait for the next one."""

    def __init__(self, source, now: Callable[[], float] | None = None):
        self.source = source
        self.now = now or time.time
        self._boot = secrets.token_hex(3)
        self._n = 0
        self._sig = object()
        self._read_at = 0.0
        self._lock = threading.Lock()
        self.snapshot: Snapshot | None = None
        self.error: str | None = None
        #: A count that moves when the desk's own facts of the players'
        #: reports move (reports, staff calls, clears, results): the report page
        #: follows it (its player's table may have changed where the public
        #: view has not: a first report, a dispute).
        self.desk_version = 0
        self._desk_mark: tuple | None = None
        self.refresh()

    def _desk_moved(self, ev: Event) -> bool:
        """Whether the players' reports, staff calls, the desk's clears or the round's results moved
        since the last read (then :attr:`desk_version` moves too)."""
        cur = ev.current_round
        # the clears too: a report and the desk's clear of it read in one go leave ``reports`` as it was
        mark = (ev.reports, ev.calls, ev.clears, cur.number if cur else 0, cur.matches if cur else ())
        if mark == self._desk_mark:
            return False
        self._desk_mark = mark
        self.desk_version += 1
        return True

    def _stale(self, sig) -> bool:
        """Whether the event must be read again: its signature moved, nothing was read yet,
        or the last read is older than the source's ``max_age``."""
        if sig != self._sig or self.snapshot is None:
            return True
        return time.monotonic() - self._read_at >= getattr(self.source, "max_age", float("inf"))

    def refresh(self) -> bool:
        """Read the event again when its signature moved; True when the
        public view changed (a new version), or the players' reports did
        (:attr:`desk_version`)."""
        with self._lock:
            try:
                sig = self.source.signature()
                if not self._stale(sig):
                    return False
                self._read_at = time.monotonic()
                ev = self.source.read()
            except Exception as err:  # a file being replaced, an event not yet written
                self.error = str(err)
                return False
            self.error = None
            self._sig = sig
            desk_moved = self._desk_moved(ev)
            pub = public_event(ev)
            if self.snapshot is not None and self.snapshot.event == pub:
                return desk_moved  # the streams wake: the report pages ask again
            self._n += 1
            self.snapshot = Snapshot(f"{self._boot}.{self._n}", pub)
            return True
