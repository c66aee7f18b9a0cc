"""The round clock: start, pause, resume, per-table extensions, time call.

Time comes in from outside: every function takes ``now`` (a datetime, or
seconds since the epoch), and :class:`RoundClock` takes a time source (a
callable returning either).  Nothing here reads the system clock, so a fake
time source drives the tests and a replay gives the same figures.

The clock lives in the event's log as ``clock`` actions, each with the
timestamp the desk's time source gave (``data["at"]``)::

    {"type": "clock", "data": {"round": 3, "op": "start", "at": "2026-11-30T13:00:00+09:00"}}
    {"type": "clock", "data": {"round": 3, "op": "pause", "at": ...}}
    {"type": "clock", "data": {"round": 3, "op": "resume", "at": ...}}
    {"type": "clock", "data": {"round": 3, "op": "extend", "table": 4, "minutes": 5, "at": ...}}

so closing the desk and opening it again later resumes with the right time
left (the state is :class:`~core.event.model.ClockState` on the round; the
extension is ``Match.extension``).

Rules: G-MATCH-TIME / G-BO1 give the length (``Event.minutes``, fixed when the
clock starts); G-BO3-TIME / G-TIME say what a match unfinished at time
gives (see core.tournament.matchrules); :func:`time_call` lists the tables still
playing when time is up.  A sanctioned event's clock will not start without
its staff (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE).  Extensions are not in the
guideline; an extension for a finished table is refused (G-TIME).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Callable, TypeGuard, Union

from core import labels
from core.errors import LyceeError, NotFound, RuleError
from core.event.changes import set_match
from core.event.lookups import round_of
from core.event.model import ClockState, Event, Round
from core.i18n import _
from core.log import action, describer
from core.log.actions import Clock
from core.rules.staff import check_staff
from core.tournament.matchrules import time_only

Instant = Union[datetime, float, int]
TimeSource = Callable[[], Instant]

CLOCK_OPS = ("start", "pause", "resume", "extend")
MAX_EXTENSION = 120


# -- time values ------------------------------------------------------------------


def _from_iso(t: str) -> datetime:
    """An ISO 8601 time, else refused."""
    try:
        return datetime.fromisoformat(t)
    except ValueError:
        raise LyceeError(_("{t!r} is not an ISO 8601 time", t=t)) from None


def to_datetime(t: Instant | str) -> datetime:
    """An aware datetime from a datetime, epoch seconds or an ISO string
    (naive values are taken as UTC)."""
    if isinstance(t, str):
        t = _from_iso(t)
    elif _is_epoch(t):
        return datetime.fromtimestamp(t, timezone.utc)
    if not isinstance(t, datetime):
        raise LyceeError(_("{t!r} is not a time", t=t))
    return _aware(t)


def _is_epoch(t: object) -> TypeGuard[int | float]:
    """``t`` is seconds since the epoch (a number, not a yes/no)."""
    return isinstance(t, (int, float)) and not isinstance(t, bool)


def _aware(t: datetime) -> datetime:
    """``t`` with its time zone, UTC when it has none."""
    return t if t.tzinfo is not None else t.replace(tzinfo=timezone.utc)


def stamp(t: Instant | str) -> str:
    """The ISO text a time is stored as (a stored one normalised)."""
    return to_datetime(t).isoformat()


def _secs(a: datetime, b: datetime) -> float:
    return (b - a).total_seconds()


# -- reading a clock ---------------------------------------------------------------


def elapsed(state: ClockState | None, now: Instant | str) -> float:
    """Seconds the clock has run by ``now`` (pauses left out; 0 before the start)."""
    if state is None:
        return 0.0
    now_dt = to_datetime(now)
    start = to_datetime(state.started_at)
    total = _secs(start, now_dt)
    for paused_at, resumed_at in state.pauses:
        total -= _paused_secs(start, now_dt, paused_at, resumed_at)
    return max(0.0, total)


def _paused_secs(start: datetime, now: datetime, paused_at: str, resumed_at: str | None) -> float:
    """Seconds of one pause between the clock's ``start`` and ``now`` (a pause still on lasts until ``now``)."""
    p = max(to_datetime(paused_at), start)
    r = min(to_datetime(resumed_at) if resumed_at is not None else now, now)
    return _secs(p, r) if r > p else 0.0


def remaining(state: ClockState | None, now: Instant | str, extension: int = 0) -> float | None:
    """Seconds left (negative once time is up) for a table with ``extension``
    extra minutes; None while the clock has not started."""
    if state is None:
        return None
    return (state.minutes + extension) * 60 - elapsed(state, now)


def fmt(seconds: float | None) -> str:
    """``m:ss`` (``-m:ss`` past time), ``h:mm:ss`` from an hour (a build phase closed after 75 minutes
    reads 1:15:00, not 75:00); ``--:--`` for a clock not started."""
    if seconds is None:
        return "--:--"
    sign = "-" if seconds < 0 else ""
    s = int(abs(seconds))
    if s >= 3600:
        return f"{sign}{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{sign}{s // 60}:{s % 60:02d}"


@dataclass(frozen=True, slots=True)
class TableTime:
    """A table's time left: the round clock plus its extension."""

    table: int
    extension: int
    remaining: float | None  # seconds; None before the start
    finished: bool


@dataclass(frozen=True, slots=True)
class ClockStatus:
    """The round clock as a face shows it."""

    round: int
    started: bool
    running: bool
    paused: bool
    minutes: int
    elapsed: float
    remaining: float | None  # the round's own time (no extension)
    tables: tuple[TableTime, ...]

    @property
    def unfinished(self) -> tuple[int, ...]:
        return tuple(t.table for t in self.tables if not t.finished)

    @property
    def time_up(self) -> bool:
        return self.remaining is not None and self.remaining <= 0


def _table_times(rnd: Round, now: Instant | str) -> tuple[TableTime, ...]:
    """The time each table of ``rnd`` has left (with its extension), by table; byes left out."""
    st = rnd.clock
    return tuple(
        TableTime(m.table, m.extension, remaining(st, now, m.extension), m.reported)
        for m in sorted(rnd.matches, key=lambda m: m.table)
        if not m.is_bye
    )


def status(event: Event, now: Instant | str, round_number: int | None = None) -> ClockStatus:
    """The clock of the current round (or ``round_number``) at ``now``."""
    rnd = _clock_round(event, round_number)
    st = rnd.clock
    minutes = st.minutes if st else event.minutes
    tables = _table_times(rnd, now)
    return ClockStatus(
        round=rnd.number,
        started=st is not None,
        running=st is not None and not st.paused,
        paused=st is not None and st.paused,
        minutes=minutes,
        elapsed=elapsed(st, now),
        remaining=remaining(st, now),
        tables=tables,
    )


def _clock_round(event: Event, round_number: int | None) -> Round:
    """Round ``round_number`` (the current one by default); refused before round 1 is paired."""
    if not event.rounds:
        raise LyceeError(_("no round has been paired yet"))
    return round_of(event, round_number or len(event.rounds))


def time_call(event: Event, now: Instant | str, round_number: int | None = None) -> list[TableTime]:
    """Tables of the round still playing whose time (with extension) is up:
    what a judge calls time on.  Their result follows G-BO3-TIME / G-TIME
    (bo3: more game wins wins, equal is a draw) or G-BO1 (a draw)."""
    st = status(event, now, round_number)
    return [t for t in st.tables if _past_time(t)]


def _past_time(t: TableTime) -> bool:
    """The table still plays and its time (with extension) is up."""
    return not t.finished and t.remaining is not None and t.remaining <= 0


def _time_left_at(event: Event, round_number: int, table: int, now: Instant | str) -> tuple[bool, float | None]:
    """Whether the table still has time, and the seconds it has left (None: the
    round clock has not started).  An earlier round, a bye or no such table has none."""
    m = _playing_table(event, round_number, table)
    if m is None:
        return False, None
    left = remaining(event.rounds[round_number - 1].clock, now, m.extension)
    return left is None or left > 0, left


def _playing_table(event: Event, round_number: int, table: int):
    """The match at ``table`` of round ``round_number`` when it is the current
    round; None for an earlier round (its time is over), a bye or no such table."""
    if not event.rounds or round_number != len(event.rounds):
        return None
    m = event.rounds[round_number - 1].match_at(table)
    return None if m is None or m.is_bye else m


def needs_time_call(event: Event, round_number: int, table: int, result, now: Instant | str) -> str | None:
    """G-BO3-TIME / G-TIME: a result only time can produce (best of three:
    nobody has two game wins; best of one: 0-0) while the table still has
    time (the current round, its clock not started or not yet at time with
    the table's extension).  Returns the reason to ask for a confirmation
    (``--time-called``), or None when the result needs none."""
    why = time_call_reason(event, round_number, table, result, now)
    if why is None:
        return None
    return _("{why}: confirm the time call (--time-called, or answer the app's question)", why=why)


def time_call_reason(event: Event, round_number: int, table: int, result, now: Instant | str) -> str | None:
    """Why ``result`` needs a time call (:func:`needs_time_call`), without saying how to confirm it:
    each face says that in its own keys (a phone report held for staff, issue 48)."""
    if getattr(result, "intentional", False) or not time_only(result, event.match):
        return None
    in_time, left = _time_left_at(event, round_number, table, now)
    if not in_time:
        return None
    return _(
        "{result} at table {table} ends a match only at time, and {when}",
        result=result.text(),
        table=table,
        when=_time_left_words(left),
    )


def _time_left_words(left: float | None) -> str:
    """The time a table has left, in words (None: the clock has not started)."""
    return _("the round clock has not started") if left is None else _("{t} of the round are left", t=fmt(left))


class RoundClock:
    """A live view for the app: the event (or a callable giving the newest
    one) and a time source.  Read-only; changes go through the desk."""

    def __init__(self, event: Event | Callable[[], Event], now: TimeSource):
        self._event = event
        self._now = now

    @property
    def event(self) -> Event:
        return self._event() if callable(self._event) else self._event

    def status(self) -> ClockStatus:
        return status(self.event, self._now())

    def remaining(self, table: int | None = None) -> float | None:
        ev = self.event
        rnd = ev.current_round
        if rnd is None:
            return None
        ext = 0
        if table is not None:
            m = rnd.match_at(table)
            if m is None:
                raise NotFound(_("round {r} has no table {t}", r=rnd.number, t=table))
            ext = m.extension
        return remaining(rnd.clock, self._now(), ext)

    def elapsed(self) -> float:
        rnd = self.event.current_round
        return elapsed(rnd.clock if rnd else None, self._now())

    def time_call(self) -> list[TableTime]:
        return time_call(self.event, self._now())


# -- the action ----------------------------------------------------------------------


@describer("clock")
def _describe_clock(payload: Clock) -> str:
    if payload.op == "extend":
        return _("clock extend round {r} table {t} +{m} min", r=payload.round, t=payload.table, m=payload.minutes)
    return _("{op} (round {r})", op=labels.clock_op_label(payload.op), r=payload.round)


@action("clock")
def _clock(event, payload: Clock):
    op = payload.op  # one of CLOCK_OPS (core.log.actions.ClockOp, checked when decoded)
    rnd = round_of(event, payload.round)
    at = stamp(payload.at)
    if op == "extend":
        return _extend(event, rnd, payload)
    if rnd.number != len(event.rounds):
        raise LyceeError(_("round {r} is over: only the current round's clock runs", r=rnd.number))
    if op == "start":
        return _start_clock(event, rnd, at)
    return _paused_or_resumed(event, rnd, op, at)


def _paused_or_resumed(event: Event, rnd: Round, op: str, at: str) -> Event:
    """The started clock of ``rnd`` paused, or resumed, at ``at``."""
    st = rnd.clock
    if st is None:
        raise LyceeError(_("round {r}'s clock has not started", r=rnd.number))
    if op == "pause":
        return _paused(event, rnd, st, at)
    return _resumed(event, rnd, st, at)


def _paused(event: Event, rnd: Round, st, at: str) -> Event:
    """The running clock of ``rnd`` paused at ``at``."""
    if st.paused:
        raise LyceeError(_("round {r}'s clock is already paused", r=rnd.number))
    return event.with_round(replace(rnd, clock=replace(st, pauses=st.pauses + ((at, None),))))


def _resumed(event: Event, rnd: Round, st, at: str) -> Event:
    """The paused clock of ``rnd`` running again from ``at``."""
    if not st.paused:
        raise LyceeError(_("round {r}'s clock is not paused", r=rnd.number))
    pauses = st.pauses[:-1] + ((st.pauses[-1][0], at),)
    return event.with_round(replace(rnd, clock=replace(st, pauses=pauses)))


def _extension_minutes(minutes: int | None) -> int:
    """An extension's minutes: a whole number from 1 to MAX_EXTENSION."""
    if minutes is None or not 1 <= minutes <= MAX_EXTENSION:
        raise LyceeError(
            _("extension {minutes!r}: a whole number of minutes from 1 to {max}", minutes=minutes, max=MAX_EXTENSION)
        )
    return minutes


def _extend(event: Event, rnd, payload: Clock) -> Event:
    """Extra minutes for one table still playing (G-TIME), at most MAX_EXTENSION."""
    m = rnd.match_at(payload.table) if payload.table is not None else None
    if m is None:
        raise NotFound(_("round {r} has no table {t}", r=rnd.number, t=payload.table))
    if m.is_bye:
        raise RuleError(_("table {t} is a bye: nothing to extend", t=m.table), "G-TIME")
    if m.reported:
        raise RuleError(_("the match at table {t} is finished: no extension", t=m.table), "G-TIME")
    minutes = _extension_minutes(payload.minutes)
    return set_match(event, rnd, replace(m, extension=m.extension + minutes))


def _start_clock(event: Event, rnd, at: str) -> Event:
    """The round's clock starts once, while a match is still to play, by the staff."""
    st = rnd.clock
    if st is not None:
        raise LyceeError(
            _("round {r}'s clock already started at {at}", r=rnd.number, at=labels.time_label(st.started_at))
        )
    if rnd.complete:
        raise LyceeError(_("every match of round {r} has its result: nothing to time", r=rnd.number))
    check_staff(event, "start its clock")
    return event.with_round(replace(rnd, clock=ClockState(event.minutes, at)))
