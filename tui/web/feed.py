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

from core.event.model import Event
from core.rules.publish import public_event
from core.store import DataDir


class FileSource:
    #: Seconds after which the event is read again even when its files look
    #: unchanged (a storage layout this signature does not know still shows).
    max_age = 5.0

    def __init__(self, datadir: DataDir, event_id: str):
        self.datadir = datadir
        self.event_id = event_id

    def signature(self):
        """Names, sizes and times of the event's files (whatever their layout)."""
        folder = self.datadir.events_dir
        sig = []
        try:
            for entry in folder.iterdir():
                n = entry.name
                if self.event_id in n and not n.endswith((".lock", ".owner", ".tmp")):
                    try:
                        st = entry.stat()
                    except OSError:
                        continue
                    sig.append((n, st.st_mtime_ns, st.st_size))
        except OSError:
            return None
        return tuple(sorted(sig))

    #: (actions read, seq and time of the last one, the event they give)
    _cache: tuple[int, int, str, Event] | None = None

    def read(self) -> Event:
        """The event as last written.  The log only grows, so when the actions
        read last time are still its beginning and no undo came since, only
        the new ones are applied (a result at 512 players costs one action,
        not a replay of a thousand); anything else reads it whole."""
        from core import rules

        acts = self.datadir.history(self.event_id)
        c = self._cache
        ev = None
        if c is not None and acts and len(acts) >= c[0] and acts[c[0] - 1]["seq"] == c[1] \
                and acts[c[0] - 1]["at"] == c[2] and not any(a["type"] == "undo" for a in acts[c[0]:]):
            ev = c[3]
            for a in acts[c[0]:]:
                ev = rules.apply(ev, a)
        if ev is None:
            ev = self.datadir.read(self.event_id)
        if acts:
            self._cache = (len(acts), acts[-1]["seq"], acts[-1]["at"], ev)
        return ev


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
        self.refresh()

    def refresh(self) -> bool:
        """Read the event again when its signature moved; True when the
        public view changed (a new version)."""
        with self._lock:
            try:
                sig = self.source.signature()
                fresh = time.monotonic() - self._read_at < getattr(self.source, "max_age", float("inf"))
                if sig == self._sig and self.snapshot is not None and fresh:
                    return False
                self._read_at = time.monotonic()
                ev = self.source.read()
            except Exception as err:  # a file being replaced, an event not yet written
                self.error = str(err)
                return False
            self.error = None
            self._sig = sig
            pub = public_event(ev)
            if self.snapshot is not None and self.snapshot.event == pub:
                return False
            self._n += 1
            self.snapshot = Snapshot(f"{self._boot}.{self._n}", pub)
            return True
