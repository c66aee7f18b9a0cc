"""Each finished sanctioned event's scorecard return deadline (issue 47,
L-SUBMIT; G-SCORECARD: only a sanctioned event's scorecard goes back to the
publisher, issue 48): the event date + 14 days (必着), and whether its submission folder was written
(``lycee export EVENT --what submission``, core/reports/submission.py),
noted in ``<data dir>/submissions/submissions.json`` (core.season.store)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from core.i18n import _
from core.reports.exports import scorecard_due
from core.season.results import is_running
from core.season.store import next_key, submissions_file

if TYPE_CHECKING:
    from core.event.model import Event

__all__ = ["Deadline", "deadline_words", "deadlines", "record_written"]


def _written_key(written: dict[str, dict], event_id: str) -> str:
    """The key of the event's earlier note (written again), else the next free one."""
    earlier = [k for k, d in written.items() if d["event"] == event_id]
    return earlier[0] if earlier else next_key(written)


def record_written(root: Path, event: Event, folder: Path, now: datetime | None = None) -> None:
    """Note that ``event``'s submission was written (read by :func:`deadlines`)."""

    with submissions_file(root).writing() as data:
        written = data.setdefault("written", {})
        written[_written_key(written, event.id)] = {
            "event": event.id,
            "at": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
            "folder": str(folder),
        }


@dataclass(frozen=True)
class Deadline:
    event: str
    name: str
    date: str
    due: str  # event date + 14 days (必着)
    written: str | None  # when the submission was written, or None
    overdue: bool


def _deadline(ev: Event, at: str | None, today: str) -> Deadline:
    """A finished event's return deadline; late when its submission was not written by then."""
    due = scorecard_due(ev)
    return Deadline(ev.id, ev.name, ev.date, due, at, at is None and today > due)


def deadlines(root: Path, events: list[Event], today: str) -> list[Deadline]:
    """Each finished sanctioned event's return deadline and whether its
    submission was written (an unsanctioned event returns nothing: G-SCORECARD)."""

    written = {d["event"]: d["at"] for d in (submissions_file(root).read().get("written") or {}).values()}
    out = [_deadline(ev, written.get(ev.id), today) for ev in events if ev.sanctioned and not is_running(ev)]
    return sorted(out, key=lambda d: (d.due, d.event))


def deadline_words(d: Deadline) -> str:
    return _("{name}: due at the publisher by {due} · {progress}", name=d.name, due=d.due, progress=_progress_words(d))


def _progress_words(d: Deadline) -> str:
    """Where the submission stands: written (when), overdue, or not yet due."""
    if d.written:
        return _("submission written {at}", at=d.written[:10])
    if d.overdue:
        return _("not written: overdue")
    return _("not written yet")
