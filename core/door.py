"""The desk's door: how a writer that is not the desk sends it a change.

One writer per event (DESIGN section 2): the process holding the event's
lock (the app, or ``lycee serve`` when no app has it open) is the desk.  Every
other writer (the command line, the phone and judge pages, a second window)
hands it a call and gets its answer.  A :class:`Writer` is that hand-over:
``writer.call("record", 3, "2-1", actor="player p3 (phone)", device="192.0.2.7")``
runs ``Desk.record(3, "2-1")`` on the desk, as that actor from that device
(both go into the log), one call at a time, and returns what it returns.

:class:`LocalWriter` is the door inside the process that holds the desk.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any, Protocol

from core.desk import Desk
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _

__all__ = ["Writer", "LocalWriter", "DESK_CALLS"]

#: The Desk methods a writer may call through the door (every other name is refused).
DESK_CALLS = frozenset(
    name for name in dir(Desk) if not name.startswith("_") and callable(getattr(Desk, name))
)


class Writer(Protocol):
    """Sends a Desk call to the event's one writer."""

    def call(self, method: str, /, *args: Any, actor: str, device: str | None = None, **kwargs: Any) -> Any: ...

    @property
    def event(self) -> Event: ...


class LocalWriter:
    """The door of the process that holds the desk: calls run one at a time
    (``lock``), each on the desk as ``actor`` from ``device``.  ``run`` is
    how a call reaches the desk's own thread (the app passes its
    ``call_from_thread``); by default it runs in the caller's thread."""

    def __init__(self, desk: Desk, lock: threading.RLock | None = None, run=None):
        self.desk = desk
        self.lock = lock or threading.RLock()
        self.run = run

    @property
    def event(self) -> Event:
        return self.desk.event

    def call(self, method: str, /, *args: Any, actor: str, device: str | None = None, **kwargs: Any) -> Any:
        if method not in DESK_CALLS:
            raise LyceeError(_("the desk has no operation {name}", name=method))

        def go():
            with self.lock:
                return getattr(replace(self.desk, actor=actor, device=device), method)(*args, **kwargs)

        return go() if self.run is None else self.run(go)
