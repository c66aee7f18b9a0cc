"""Exports of an event (DESIGN section 7): the lycee-event/1 file, pairings,
standings, scorecard and decklists as JSON, CSV or print-ready HTML."""

from __future__ import annotations

import json

from .errors import LyceeError
from .eventfile import to_doc
from .model import Event


def render(event: Event, what: str = "event", fmt: str = "json") -> str:
    if what == "event" and fmt == "json":
        return json.dumps(to_doc(event), ensure_ascii=False, indent=2)
    raise LyceeError(f"export of {what} as {fmt} is not available yet")
