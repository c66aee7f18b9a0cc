"""The read model: what a face (the app, later the command line and the web
pages) shows of one event, computed from the Event and nothing else.

A face reads through here instead of importing the engines one by one: the
round status line, the standings (cached per event version), the clock line,
what is still missing, and the result *pre-check*: a typed result is parsed
once here and the questions to ask before recording it are returned, so the
face asks them and records once (``Desk.record_checked``).  Nothing here
changes an event; the Desk does that."""

from __future__ import annotations

from dataclasses import dataclass, fields

from core import labels
from core.errors import LyceeError
from core.event.model import Event, Match
from core.i18n import _, join_list, ngettext
from core.rules import clock
from core.tournament import matchrules
from core.tournament.matchrules import Result

# -- the round status line --------------------------------------------------------


def is_finished(ev: Event) -> bool:
    """Whether the elimination stage has its winner."""
    from core.tournament.elimination import champion

    return any(r.stage == "top" for r in ev.rounds) and champion(ev) is not None


def round_status(ev: Event) -> str:
    """One line: the format, then where the event stands (not started, round
    N with its results missing, finished with its winner)."""
    from core.tournament.elimination import champion, event_finished, round_label, swiss_over

    won = champion(ev) if any(x.stage == "top" for x in ev.rounds) else None
    if won is not None:  # after the final: no round clock to offer
        return _("finished · winner: {name}", name=ev.player(won).name)
    r = ev.current_round
    fmt = f"{labels.kind_label(ev.kind)} · {labels.match_label(ev.match)} · {ev.minutes}{_('min')}"
    if r is None:
        from core.tournament.pairing import planned_rounds

        planned, by_organizer = planned_rounds(ev)
        return _("{fmt} · {n} players · not started · {k} Swiss rounds ({how})", fmt=fmt,
                 n=len(ev.players), k=planned,
                 how=_("planned") if by_organizer else _("suggested: log2 of the players"))
    if event_finished(ev) or swiss_over(ev):
        return _("{fmt} · finished: final standings (F4)", fmt=fmt)
    missing = len(r.missing_tables())
    state = ngettext("{k} result missing", "{k} results missing", missing, k=missing) if missing else _("complete")
    line = _("{fmt} · round {r}: {state}", fmt=fmt, r=r.number, state=state)
    return line if r.stage == "swiss" else line + f" · {round_label(ev, r.number)}"


# -- standings, cached per event version -------------------------------------------


def same_facts(a: Event, b: Event) -> bool:
    """Whether two events hold the very same facts (the same objects field by
    field, rounds compared one by one): events are immutable, so a change
    always brings a new object where it happened."""
    for f in fields(Event):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x is y:
            continue
        if f.name != "rounds" or len(x) != len(y) or any(r is not q for r, q in zip(x, y)):
            return False
    return True


class EventView:
    """What one face keeps between redraws: the standings and "finished",
    computed once per event version (an Event is immutable, so a new version
    is a new object)."""

    def __init__(self) -> None:
        self._rows_for: Event | None = None
        self._rows: list = []
        self._after = 0
        self._settled: tuple[Event, list] | None = None
        self._finished_for: tuple[Event | None, bool] = (None, False)

    def standings(self, ev: Event) -> tuple[list, int]:
        """The standings rows and the round they are after.  While only
        results of the round in progress change, these are the standings
        after the last complete round, from the same facts, and are not
        computed again (the profile of a result typed at 512 players: half
        the handler)."""
        if self._rows_for is not ev:
            from core.tournament.standings import as_of_last_complete_round, standings

            settled, self._after = as_of_last_complete_round(ev)
            if self._settled is not None and same_facts(self._settled[0], settled):
                self._rows = self._settled[1]
            else:
                self._rows = standings(settled)
                self._settled = (settled, self._rows)
            self._rows_for = ev
        return self._rows, self._after

    def finished(self, ev: Event) -> bool:
        if self._finished_for[0] is not ev:
            self._finished_for = (ev, is_finished(ev))
        return self._finished_for[1]


# -- the clock line -----------------------------------------------------------------


@dataclass(frozen=True)
class ClockLine:
    text: str  # "" when there is no clock to show
    near: bool = False  # five minutes or less left
    up: bool = False  # time is up and tables are still playing
    unfinished: tuple[int, ...] = ()


def clock_line(ev: Event, now, finished: bool = False) -> ClockLine:
    """The clock of the current round as one line (G-TIME: each extended
    table's own time; G-BO3-TIME: how many tables still play at time)."""
    if not ev.rounds or finished:
        return ClockLine("")
    st = clock.status(ev, now)
    if not st.started:
        return ClockLine(_("R{r} clock {t} (Ctrl+T starts)", r=st.round, t=clock.fmt(st.minutes * 60)))
    state = _("paused") if st.paused else ""
    text = _("R{r} ⏱ {t}", r=st.round, t=clock.fmt(st.remaining)) + (f" {state}" if state else "")
    ext = [t for t in st.tables if t.extension and not t.finished]
    if ext:
        text += " · " + join_list(_("T{t} +{m}: {left}", t=t.table, m=t.extension,
                                     left=clock.fmt(t.remaining)) for t in ext[:3])
    if st.unfinished and st.time_up:
        text += " " + ngettext("TIME: {n} table playing", "TIME: {n} tables playing", len(st.unfinished))
    near = st.remaining is not None and 0 < st.remaining <= 300
    return ClockLine(text, near=near, up=st.time_up and bool(st.unfinished), unfinished=tuple(st.unfinished))


# -- what is missing ----------------------------------------------------------------


@dataclass(frozen=True)
class Missing:
    results: tuple[int, ...]  # tables of the current round without a result
    decks: tuple  # round 1 of a limited event: players without a legal deck (DecklistStatus)


def missing(ev: Event) -> Missing:
    """What the desk still waits for: the current round's results and, before
    round 1 of a limited event, the decks (G-SEALED, G-DRAFT-*)."""
    rnd = ev.current_round
    results = tuple(rnd.missing_tables()) if rnd is not None else ()
    decks: tuple = ()
    if ev.kind != "constructed" and not ev.rounds:
        from core.rules.decklists import round_one_gaps

        decks = tuple(round_one_gaps(ev))
    return Missing(results, decks)


# -- the result pre-check -------------------------------------------------------------

#: The questions a typed result can need before it is recorded.
ID_DECISION = "id_decision"  # G-ID-3: an intentional draw where a ranking is needed
REPLACE = "replace"  # the table already has a result: a correction
TIME_CALL = "time_call"  # G-BO3-TIME / G-TIME: a result only time produces, time not up


@dataclass(frozen=True)
class ResultCheck:
    """A typed ``TABLE RESULT`` line, parsed once, with what to ask before
    recording it.  ``questions`` lists the question kinds in the order to ask
    (an ``ID_DECISION`` is asked alone: the result is then not recorded)."""

    line: str
    table: int
    text: str  # the result as typed (``2-1``, ``id``)
    result: Result
    round_number: int
    before: Match | None  # what the table holds now
    questions: tuple[str, ...]
    time_reason: str | None  # why the time call is asked (the desk's refusal text)


def precheck_result(ev: Event, line: str, now) -> ResultCheck:
    """Parse ``line`` (``12 2-1``) once and say which questions come before
    recording it.  The match rules themselves are checked once, by the
    ``result`` rule when the Desk records (a refusal names the rule)."""
    table, text = matchrules.parse_table_result(line)  # one message for the app and `lycee result -`
    rnd = ev.current_round
    if rnd is None:
        raise LyceeError(_("no round has been paired yet"))
    result = matchrules.parse_result(text)
    before = rnd.match_at(table)
    if rnd.stage in ("top", "playoff") and result.intentional:
        return ResultCheck(line, table, text, result, rnd.number, before, (ID_DECISION,), None)
    questions: list[str] = []
    if before is not None and before.reported and not before.is_bye:
        questions.append(REPLACE)
    why = clock.needs_time_call(ev, rnd.number, table, result, now)
    if why is not None:
        questions.append(TIME_CALL)
    return ResultCheck(line, table, text, result, rnd.number, before, tuple(questions), why)
