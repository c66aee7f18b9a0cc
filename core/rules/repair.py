"""What a journal repair leaves in the log (``lycee repair``, :mod:`core.store.store`).

An action the repair could not recover keeps its place (its seq) as a
``lost`` action, so the sequence stays whole, an ``undo`` naming it still
reads, and ``lycee log`` says what was there.  It changes nothing in the
event.  Its data says why it was lost and what is known of it:

- ``why: "damaged"``: its bytes did not check out; ``was`` holds the kind,
  time and actor when they could still be read (they are not trusted);
- ``why: "refused"``: its record was intact but no longer applies to the
  rebuilt event (``reason`` says why); ``was`` is the whole action as it was
  written, so nothing intact leaves the journal.
"""

from __future__ import annotations

from core.i18n import _
from core.log.actions import Lost
from core.log.registry import action, describe, describer


@action("lost")
def _lost(event, payload: Lost):
    return event


def _log_line(was: dict) -> str | None:
    """The ``lycee log`` line of a whole action, or None when it cannot be read as one."""
    try:
        return describe(was)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def lost_what(payload: Lost) -> str:
    """The lost action in words: its ``lycee log`` line when it is whole, else
    the kind, time and actor that could be read."""
    line = _refused_line(payload)
    if line is not None:
        return line
    return _readable_parts(payload.was)


def _refused_line(payload: Lost) -> str | None:
    """The log line of an action lost as refused (its record intact), or None."""
    was = payload.was
    if payload.why != "refused" or not isinstance(was.get("type"), str):
        return None
    return _log_line(was)


def _readable_parts(was: dict) -> str:
    """The kind, time and actor of a lost action that could be read (not trusted)."""
    parts = [str(was[k]) for k in ("type", "at", "actor") if isinstance(was.get(k), (str, int))]
    return " ".join(parts) if parts else _("an unreadable action")


@describer("lost")
def _describe_lost(payload: Lost) -> str:
    if payload.why == "refused":
        return _(
            "lost in a journal repair: {what} (intact, but it no longer applies: {reason})",
            what=lost_what(payload),
            reason=payload.reason,
        )
    return _("lost in a journal repair: {what} (damaged)", what=lost_what(payload))
