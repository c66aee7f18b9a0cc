"""Folding stored actions into the event: through the rules, stopping at the
first one they refuse (:func:`fold`), and what reading an event's files found
(:class:`Folded`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

import msgspec

from core import rules
from core.errors import LyceeError
from core.event import model as _model
from core.event.model import Event
from core.store.journal import (
    Damage,
    model_signature,
)
from core.store.trail import Ignored, InvalidAction

LOG = "log"
Clock = Callable[[], datetime]
_SIG = None


def event_signature() -> str:
    global _SIG
    if _SIG is None:
        _SIG = model_signature(_model)
    return _SIG


def log_of(data) -> list[dict]:
    """The actions of a pre-journal event file (``{"log": {"1": ...}}``)."""
    if not data:
        return []
    table = data.get(LOG, {})
    return [table[k] for k in sorted(table, key=int)]


def dumps_act(a: dict) -> str:
    return json.dumps(a, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@dataclass
class Folded:
    """An event as read from its files (see :func:`load`)."""

    event: Event | None
    last_seq: int = 0
    end: int = 0  # journal offset after the last intact record
    ckpt_seq: int = 0
    tail: list[dict] = field(default_factory=list)
    damage: Damage | None = None
    invalid: InvalidAction | None = None
    legacy: bool = False
    legacy_problem: str | None = None
    all_actions: list[dict] | None = None
    #: With damage: whether it is a torn last record (what a crash leaves),
    #: and how many intact records follow it (then only `lycee repair` mends it).
    torn: bool = True
    intact_after: int = 0
    #: The CRC-32 of the journal's bytes up to ``end``, when opening found it
    #: without reading them again (from a checkpoint's); else None.
    crc: int | None = None
    #: Checkpoints read and not believed (newest first, down to the one used).
    ignored: list[Ignored] = field(default_factory=list)


def fold(event: Event | None, acts: list[dict], skip: set[int]) -> tuple[Event | None, dict | None, str]:
    """Apply ``acts`` (those not undone) to ``event``; stop at the first the
    rules refuse: (event so far, the refused action, why)."""
    for act in acts:
        if act.get("type") == "undo" or act.get("seq") in skip:
            continue
        try:
            event = _applied(event, act)
        except (LyceeError, KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
            return event, act, str(err) or type(err).__name__
    return event, None, ""


def _applied(event: Event | None, act: dict) -> Event:
    """``event`` after ``act``: an import made by this build holds the event whole, else the rules apply it."""
    if act.get("type") == "import" and "event" in act and act.get("sig") == event_signature():
        return msgspec.convert(act["event"], type=Event)  # validated when imported
    return rules.apply(event, act)
