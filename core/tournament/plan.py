"""Planning the day: when will the event finish (``lycee plan``)?

Times come from the event's own log (every action carries the time the
desk's clock gave it), so the plan is a pure function of the log, the event
and ``now``:

- a round *starts* when its clock is started (else when it is paired) and
  *ends* with the last result entered for it;
- its *overrun* is its length minus the match time: extensions, the time
  call and the last results;
- the *turnaround* is the time from the end of a round to the start of the
  next one (standings, pairing, seating).

The projection uses the means over this event's finished rounds; while it has
none, over the other events of the store (their logs passed as ``history``);
else the defaults :data:`DEFAULT_OVERRUN` and :data:`DEFAULT_TURNAROUND`
(stated on every plan).  A projected round takes ``turnaround + minutes +
overrun``; the round under way ends at ``its start + minutes + overrun`` (or
now, if later).  The elimination rounds of a top N cut (log2 N rounded up: any N from 2, the top seeds get
byes when it is no power of two; a
third-place match is played beside the final) are rounds like the others.

The spread (``±``) is the standard deviation of the measured round slots
(turnaround + length) times the square root of the rounds left, or
:data:`DEFAULT_SPREAD` a round when fewer than two slots were measured.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from core.columns import ljust, width
from core.event.lookups import suggested_rounds
from core.event.model import Event, Round
from core.i18n import _

__all__ = [
    "DEFAULT_OVERRUN",
    "DEFAULT_TURNAROUND",
    "DEFAULT_SPREAD",
    "RoundTimes",
    "measure",
    "Plan",
    "plan_event",
    "planned_vs_actual",
]

#: Minutes a round runs past its match time when nothing was measured.
DEFAULT_OVERRUN = 10
#: Minutes between the end of a round and the start of the next when nothing was measured.
DEFAULT_TURNAROUND = 10
#: Minutes of spread a round when fewer than two rounds were measured.
DEFAULT_SPREAD = 5
#: A round measured shorter than this share of its match time, or than
#: :data:`MIN_ROUND_MINUTES`, is a test round or a slip (results typed at
#: once), not a measurement: it is left out of the figures.
PLAUSIBLE_SHARE = 0.25
MIN_ROUND_MINUTES = 5


def _t(s: str) -> datetime:
    t = datetime.fromisoformat(s)
    return t if t.tzinfo is not None else t.replace(tzinfo=timezone.utc)


@dataclass(frozen=True, slots=True)
class RoundTimes:
    number: int
    start: datetime  # the clock's start, else the pairing: always known
    end: datetime | None  # the last result; None while results are missing
    minutes: int

    @property
    def length(self) -> float | None:
        """Minutes from start to the last result."""
        if self.end is None:
            return None
        return (self.end - self.start).total_seconds() / 60


#: Logs measured lately: (its first action, its length, its last action, the event) -> the times.
#: The app's event bar asks at every redraw and clock tick, for the event and for the earlier
#: events it learns the pace from, each time with a new copy of a store's list of the same
#: action dicts; a log grows by appends (an undo appends too), so the same first and last
#: action objects at the same length are the same log.  The key's objects are kept with the
#: answer, so their ids cannot be given to others while it is kept.
_MEASURED: dict[tuple[int, int, int, int], tuple[tuple, list]] = {}
_MEASURED_MAX = 16


def measure(log: list[dict], event: Event | None = None) -> list[RoundTimes]:
    """Start and end of each round of a log (actions taken back are left out).

    Asked at every redraw over logs of thousands of actions: the times are
    kept as written and only each round's start and end are read as
    datetimes, at the end; a log asked again is answered from the last answer."""
    first, last = (log[0], log[-1]) if log else (None, None)
    key = (id(first), len(log), id(last), id(event))
    kept = _kept_times(key, first, last, event)
    if kept is not None:
        return list(kept)
    times = _measure(log, event)
    _forget_oldest()
    _MEASURED[key] = ((first, last, event), times)
    return list(times)


def _kept_times(key: tuple, first: dict | None, last: dict | None, event: Event | None) -> list[RoundTimes] | None:
    """The answer kept for this very log (its first and last action) and event, if any."""
    kept = _MEASURED.get(key)
    if kept is not None and kept[0][0] is first and kept[0][1] is last and kept[0][2] is event:
        return kept[1]
    return None


def _forget_oldest() -> None:
    """Make room in the kept answers of :func:`measure` once they are full."""
    if len(_MEASURED) >= _MEASURED_MAX:
        try:
            _MEASURED.pop(next(iter(_MEASURED)), None)  # the oldest
        except (RuntimeError, StopIteration):  # another thread changed it meanwhile
            pass


def _undone(log: list[dict]) -> set:
    """The seqs of the actions taken back."""
    undone = set()
    for a in log:
        if a.get("type") == "undo":
            undone.add(a["data"]["target"])
        if a.get("undone"):
            undone.add(a["seq"])
    return undone


class _Timeline:
    """Each round's times as the log tells them (:func:`measure`): when it
    was paired, when its clock started, when its last result came, and its
    match time; one step a kind of action (:data:`_TIMELINE_STEPS`)."""

    def __init__(self) -> None:
        self.paired: dict[int, str] = {}
        self.started: dict[int, str] = {}
        self.ended: dict[int, str] = {}
        self.minutes: dict[int, int] = {}
        self.default_minutes = 50

    def result(self, d: dict, at: str) -> None:
        r = d.get("round", max(self.paired) if self.paired else None)
        if r in self.paired:
            self.ended[r] = at

    def setting(self, d: dict, at: str) -> None:
        if isinstance(d.get("minutes"), int):
            self.default_minutes = d["minutes"]

    def imported(self, d: dict, at: str) -> None:
        self.default_minutes = d.get("minutes", self.default_minutes)

    def pair(self, d: dict, at: str) -> None:
        r = d.get("round")
        self.paired[r] = at  # type: ignore[index]
        self.started.pop(r, None)  # type: ignore[arg-type]
        self.ended.pop(r, None)  # type: ignore[arg-type]
        self.minutes[r] = self.default_minutes  # type: ignore[index]

    def unpair(self, d: dict, at: str) -> None:
        self.paired.pop(d.get("round"), None)  # type: ignore[arg-type]

    def clock(self, d: dict, at: str) -> None:
        if d.get("op") == "start":
            self.started[d.get("round")] = d.get("at", at)  # type: ignore[index]

    def rounds(self, event: Event | None) -> list[RoundTimes]:
        """Each round paired, with its end only once the event has all its results."""
        complete = {r.number: r.complete for r in event.rounds} if event is not None else None
        return [self._round_times(r, complete) for r in sorted(self.paired)]

    def _round_times(self, r: int, complete: dict[int, bool] | None) -> RoundTimes:
        """Round ``r``'s times, its end only once it has all its results (``complete``;
        None: no event to ask)."""
        end = self.ended.get(r)
        if complete is not None and not complete.get(r, False):
            end = None
        start = _t(self.started.get(r, self.paired[r]))
        return RoundTimes(r, start, _t(end) if end is not None else None, self.minutes[r])


#: What each kind of action tells of the rounds' times (the others tell nothing).
_TIMELINE_STEPS = {
    **dict.fromkeys(("result", "game", "late", "drop", "id_decision"), _Timeline.result),
    "create": _Timeline.setting,
    "edit": _Timeline.setting,
    "import": _Timeline.imported,
    "pair": _Timeline.pair,
    "unpair": _Timeline.unpair,
    "clock": _Timeline.clock,
}


def _measure(log: list[dict], event: Event | None) -> list[RoundTimes]:
    undone = _undone(log)
    timeline = _Timeline()
    for a in log:
        kind = a.get("type")
        if kind == "undo" or a.get("seq") in undone:
            continue
        at = a.get("at")
        step = _TIMELINE_STEPS.get(kind)  # type: ignore[arg-type]
        if at is None or step is None:
            continue
        step(timeline, a.get("data", {}), at)
    return timeline.rounds(event)


def plausible(rt: RoundTimes) -> bool:
    """Whether a finished round's length is a measurement (see :data:`PLAUSIBLE_SHARE`)."""
    return rt.length is not None and rt.length >= max(MIN_ROUND_MINUTES, PLAUSIBLE_SHARE * rt.minutes)


def _slots(times: list[RoundTimes]) -> tuple[list[float], list[float], list[float]]:
    """Measured overruns, turnarounds and whole slots (minutes).  Implausible
    rounds (:func:`plausible`) and the turnarounds after them are left out; a
    round that ended before its time has no overrun (0, never negative)."""
    over, turn, slot = [], [], []
    for rt, nxt in zip(times, [*times[1:], None]):
        if not plausible(rt):
            continue
        late = max(0.0, rt.length - rt.minutes)  # type: ignore[operator]  # plausible: a length
        over.append(late)
        gap = _turnaround(rt, nxt)
        if gap is not None:
            turn.append(gap)
            slot.append(gap + late)
    return over, turn, slot


def _turnaround(rt: RoundTimes, nxt: RoundTimes | None) -> float | None:
    """Minutes from a round's end to the next round's start (never negative); None when either is unknown."""
    if nxt is None or rt.end is None or nxt.start is None:
        return None
    return max(0.0, (nxt.start - rt.end).total_seconds() / 60)


def _mean(xs):
    return sum(xs) / len(xs) if xs else None


def _stdev(xs):
    if len(xs) < 2:
        return None
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


@dataclass(frozen=True, slots=True)
class Option:
    """One way the rest of the day can go."""

    label: str
    rounds: int  # Swiss rounds in all
    top: int  # top cut size (0: none)
    left: int  # rounds still to play (Swiss + elimination), the current one included
    finish: datetime
    spread: float  # minutes

    def to_json(self) -> dict:
        return {
            "label": self.label,
            "rounds": self.rounds,
            "top": self.top,
            "rounds_left": self.left,
            "finish": self.finish.isoformat(timespec="minutes"),
            "spread_minutes": round(self.spread),
        }


@dataclass
class Plan:
    event: str
    now: datetime
    minutes: int
    overrun: float
    turnaround: float
    source: str  # where the figures came from: "event" | "store" | "default"
    measured: int  # rounds measured
    options: list[Option] = field(default_factory=list)
    finished: datetime | None = None  # the event is over: its actual end

    @property
    def base(self) -> Option:
        return self.options[0]

    def to_json(self) -> dict:
        return {
            "event": self.event,
            "now": self.now.isoformat(timespec="minutes"),
            "minutes": self.minutes,
            "overrun": round(self.overrun, 1),
            "turnaround": round(self.turnaround, 1),
            "source": self.source,
            "measured_rounds": self.measured,
            "finish": self.base.finish.isoformat(timespec="minutes"),
            "finished": self.finished.isoformat(timespec="minutes") if self.finished else None,
            "options": [o.to_json() for o in self.options],
        }

    def lines(self) -> list[str]:
        hm = clock_time
        b = self.base
        out = []
        if self.finished is not None:
            out.append(_("{event}: finished at {t}", event=self.event, t=hm(self.finished)))
            return out
        out.append(_("{event}: projected finish {t} (± {s} min)", event=self.event, t=hm(b.finish), s=round(b.spread)))
        src = {
            "event": _("measured on {n} rounds of this event", n=self.measured),
            "store": _("measured on the store's earlier events"),
            "default": _("defaults: nothing measured yet"),
        }[self.source]
        out.append(
            "  "
            + _(
                "rounds left: {left}; a round takes {m} min + {o} min over, {t} min between rounds ({src})",
                left=b.left,
                m=self.minutes,
                o=round(self.overrun),
                t=round(self.turnaround),
                src=src,
            )
        )
        out += _option_table(self.options)
        return out


def _option_table(options: list[Option]) -> list[str]:
    """The options side by side, one column each, lined up in terminal columns."""
    rows = _option_rows(options)
    labels = rows[0][1]
    first = max(width(r[0]) for r in rows) + 2
    cols = [max(width(r[1][i]) for r in rows) + 2 for i in range(len(labels))]
    return [_table_line(head, first, cells, cols) for head, cells in rows]


def _option_rows(options: list[Option]) -> list[tuple[str, list[str]]]:
    """The options table's rows: a heading and one cell per option (the labels first)."""
    return [
        ("", [o.label for o in options]),
        (_("Swiss rounds"), [str(o.rounds) for o in options]),
        (_("top cut"), [str(o.top) if o.top else "-" for o in options]),
        (_("rounds left"), [str(o.left) for o in options]),
        (_("finish"), [clock_time(o.finish) for o in options]),
    ]


def _table_line(head: str, first: int, cells: list[str], cols: list[int]) -> str:
    """One row of the options table, each cell padded to its column's width."""
    return ("  " + ljust(head, first) + "".join(ljust(c, n) for c, n in zip(cells, cols))).rstrip()


def clock_time(t: datetime) -> str:
    """A projected time as the desk reads it: HH:MM in local time."""
    return t.astimezone().strftime("%H:%M")


def _figures(times: list[RoundTimes], history: list[list[dict]]):
    over, turn, slot = _slots(times)
    if over:
        return *_means(over, turn), slot, "event", len(over)
    h_over, h_turn, h_slot = _history_slots(history)
    if h_over:
        return *_means(h_over, h_turn), h_slot, "store", 0
    return DEFAULT_OVERRUN, DEFAULT_TURNAROUND, [], "default", 0


def _means(over: list[float], turn: list[float]) -> tuple[float | None, float]:
    """The mean overrun, and the mean turnaround (the default one when none was measured)."""
    return _mean(over), (_mean(turn) if turn else DEFAULT_TURNAROUND)


def _history_slots(history: list[list[dict]]) -> tuple[list[float], list[float], list[float]]:
    """The overruns, turnarounds and slots of the store's earlier events, together."""
    h_over: list[float] = []
    h_turn: list[float] = []
    h_slot: list[float] = []
    for log in history or ():
        o, t, s = _slots(measure(log))
        h_over += o
        h_turn += t
        h_slot += s
    return h_over, h_turn, h_slot


def _top_rounds(top: int) -> int:
    return max(0, (top - 1).bit_length()) if top else 0


def plan_event(
    event: Event,
    log: list[dict],
    now: datetime,
    rounds: int | None = None,
    top: int | None = None,
    history: list[list[dict]] | None = None,
) -> Plan:
    """The projected finish of ``event`` at ``now`` and its alternatives (one
    Swiss round fewer, top 4, top 8)."""
    now = _as_utc(now)
    times = measure(log, event)
    overrun, turnaround, slots, source, measured = _figures(times, history or [])
    minutes = event.minutes
    tops = [r for r in event.rounds if r.stage == "top"]
    swiss_done = len(event.swiss_rounds)
    alone = event.rounds_planned == 0 and not rounds  # single elimination alone (G-SE): the bracket only
    base_rounds = _base_rounds(event, rounds, swiss_done, alone)
    base_top = _base_top(event, top, tops, alone)
    pace = _pace(event, times, now, turnaround, minutes + overrun)
    pace.spread_round = _stdev(slots) if len(slots) >= 2 else DEFAULT_SPREAD
    alts = _alternatives(base_rounds, base_top, swiss_done, bool(tops), alone, len(event.eligible()))
    opts = _options(event, pace, base_rounds, base_top, alts)
    finished = _finished_at(event, times, bool(tops), base_rounds, base_top)
    return Plan(event.name, now, minutes, overrun, turnaround, source, measured, opts, finished)


def _as_utc(now: datetime) -> datetime:
    """``now`` itself when it names its time zone, else read as UTC."""
    return now if now.tzinfo is not None else now.replace(tzinfo=timezone.utc)


def _options(
    event: Event, pace: _Pace, base_rounds: int, base_top: int, alternatives: list[tuple[str, int, int]]
) -> list[Option]:
    """The plan as planned, then each of the ``alternatives`` (label, rounds, top) that differs from
    those before it."""
    opts = [pace.option(event, _("as planned"), base_rounds, base_top)]
    seen = {(base_rounds, base_top)}
    for label, r, t in alternatives:
        if (r, t) not in seen:
            seen.add((r, t))
            opts.append(pace.option(event, label, r, t))
    return opts


def _base_rounds(event: Event, rounds: int | None, swiss_done: int, alone: bool) -> int:
    """The Swiss rounds as planned: those asked, those planned, or enough for the field."""
    if alone:
        return 0
    return rounds or event.rounds_planned or max(swiss_done, suggested_rounds(len(event.eligible())))


def _base_top(event: Event, top: int | None, tops: list, alone: bool) -> int:
    """The top cut as planned: the one asked, the one made, or (the bracket alone) the whole field."""
    if top is not None:
        return top
    return _made_top(tops) or (len(event.eligible(1)) if alone else 0)


def _made_top(tops) -> int:
    """The size of the top cut made (a power of two, byes included), 0 before it."""
    if not tops:
        return 0
    n = sum(len(m.players()) for m in tops[0].matches)
    made = 1
    while made < n:
        made *= 2
    return made


@dataclass
class _Pace:
    """Where the day stands (:func:`plan_event`): when the running round ends
    (or the next one can start), the rounds behind us, and what a round takes."""

    running_end: datetime
    behind: int
    in_progress: bool
    turnaround: float
    round_minutes: float  # the match time and its overrun
    spread_round: float = DEFAULT_SPREAD

    def option(self, event: Event, label: str, n_rounds: int, n_top: int) -> Option:
        """The day with ``n_rounds`` Swiss rounds in all and a top ``n_top`` cut."""
        playoffs = len([r for r in event.rounds if r.stage == "playoff"])
        total = max(n_rounds, len(event.swiss_rounds)) + _top_rounds(n_top) + playoffs
        left = max(0, total - self.behind)
        future = left - (1 if self.in_progress else 0)
        finish = self.running_end + timedelta(minutes=future * (self.turnaround + self.round_minutes))
        spread = self.spread_round * math.sqrt(max(left, 0))
        return Option(label, n_rounds, n_top, left, finish, spread)


def _pace(event: Event, times: list[RoundTimes], now: datetime, turnaround: float, round_minutes: float) -> _Pace:
    """The time the next round can start, and the rounds behind us."""
    cur = event.current_round
    if cur is not None and not cur.complete:
        start = _started_at(times, cur.number) or now
        running_end = max(now, start + timedelta(minutes=round_minutes))
        return _Pace(running_end, len(event.rounds) - 1, True, turnaround, round_minutes)
    last_end = times[-1].end if times else None
    running_end = max(now, last_end) if last_end is not None else now
    return _Pace(running_end, len(event.rounds), False, turnaround, round_minutes)


def _started_at(times: list[RoundTimes], number: int) -> datetime | None:
    """When round ``number`` started, if known."""
    rt = next((t for t in times if t.number == number), None)
    return rt.start if rt is not None else None


def _alternatives(
    base_rounds: int, base_top: int, swiss_done: int, cut: bool, alone: bool, players: int
) -> list[tuple[str, int, int]]:
    """The other ways the day can go: one Swiss round fewer, top 4, top 8, no cut
    (none once the cut is made); a top cut only of fewer than the ``players`` still in (a top 8
    of 8 cuts nobody: it is a bracket of everyone)."""
    if cut:
        return []
    alts = []
    if base_rounds - 1 >= max(1, swiss_done):
        alts.append((_("one round fewer"), base_rounds - 1, base_top))
    if not alone:
        alts += [(label, base_rounds, n) for label, n in ((_("top 4"), 4), (_("top 8"), 8)) if n < players]
        if base_top:
            alts.append((_("no top cut"), base_rounds, 0))
    return alts


def _finished_at(event: Event, times: list[RoundTimes], cut: bool, base_rounds: int, base_top: int) -> datetime | None:
    """The event's actual end once it is over: the final decided, or the last
    Swiss round played with no cut planned; else None."""
    cur = event.current_round
    if cur is None or not cur.complete or not _last_ended(times):
        return None
    return times[-1].end if _ends_event(event, cur, cut, base_rounds, base_top) else None


def _ends_event(event: Event, cur: Round, cut: bool, base_rounds: int, base_top: int) -> bool:
    """Whether the complete round ``cur`` ends the event: the final decided (with a cut made), or the
    last Swiss round with no cut planned."""
    if cut:
        return _is_final(cur)
    return not base_top and _last_swiss(event, cur, base_rounds)


def _last_swiss(event: Event, rnd: Round, base_rounds: int) -> bool:
    """Whether ``rnd`` is the last of the Swiss rounds planned."""
    return rnd.stage == "swiss" and len(event.swiss_rounds) >= base_rounds


def _last_ended(times: list[RoundTimes]) -> bool:
    """Whether the last round measured has an end."""
    return bool(times) and times[-1].end is not None


def _is_final(rnd: Round) -> bool:
    """Whether ``rnd`` is the bracket's final (one match besides any for third place)."""
    return rnd.stage == "top" and len([m for m in rnd.matches if m.note != "third_place"]) == 1


def planned_vs_actual(event: Event, log: list[dict], history: list[list[dict]] | None = None):
    """Per round: the time planned before round 1 and the actual time.

    The plan before round 1 starts at round 1's actual start and gives every
    round ``turnaround + minutes + overrun`` from the figures known then (the
    store's earlier events, else the defaults).  Rows: (round, planned start,
    planned end, actual start, actual end or None)."""
    times = measure(log, event)
    if not times:
        return []
    overrun, turnaround, _slots_, _src, _n = _figures([], history or [])
    t0 = times[0].start
    rows = []
    for i, rt in enumerate(times):
        p_start = t0 + timedelta(minutes=i * (turnaround + rt.minutes + overrun))
        p_end = p_start + timedelta(minutes=rt.minutes + overrun)
        rows.append((rt.number, p_start, p_end, rt.start, rt.end))
    return rows
