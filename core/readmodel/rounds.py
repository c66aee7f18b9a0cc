"""What a face shows of the rounds: the round status line, the standings
(cached per event version), the clock line, what is missing, the result
pre-check, the cut's preview, playoffs and why a pairing."""

from __future__ import annotations

from dataclasses import dataclass, fields

from core import labels, readings
from core.errors import LyceeError, RuleError
from core.event.model import Event, Match
from core.event.tiebreakers import TIEBREAKERS
from core.i18n import _, join_list, ngettext
from core.log.registry import describe
from core.names import whole
from core.rules import clock
from core.tournament import matchrules, ranking
from core.tournament.elimination import bracket as drawn
from core.tournament.elimination import champion, event_finished, round_label, swiss_over
from core.tournament.elimination import final_placings as placings
from core.tournament.elimination import no_winner_refusal as refusal
from core.tournament.matchrules import Result
from core.tournament.standings import as_of_last_complete_round, next_playoff_round, standings, tied_groups

# Imported inside the functions that use them: the card engine (core.rules.decklists),
# the reports, the pairing engine, phone codes and members, which a face loads only when it shows
# them (`lycee reports` reads phone reports through here; the app's first frame loads none).

# -- the round status line --------------------------------------------------------


def is_finished(ev: Event) -> bool:
    """Whether the elimination stage has its winner."""

    return any(r.stage == "top" for r in ev.rounds) and champion(ev) is not None


def next_round_pairable(ev: Event, finished: bool | None = None) -> bool:
    """Whether the event has a next round to pair (the app's F5): not once the
    bracket has its winner (G-SE), nor once a Swiss-only event has played its
    planned rounds with every result in (G-SWISS-RANK: its standings are the
    final ones; a top cut, F7, goes on from there), unless a playoff (決定戦)
    goes on to its next round (G-TIE-PLAYOFF).  ``finished``: whether the
    bracket has its winner, when the caller knows it (EventView.finished)."""
    if is_finished(ev) if finished is None else finished:
        return False
    return not swiss_over(ev) or next_playoff_round(ev) is not None


def round_in_play(ev: Event) -> bool:
    """Whether the current round still has results to come (the round clock's keys are offered
    then: with every result in, nothing is left to time)."""
    cur = ev.current_round
    return cur is not None and not cur.complete


def round_status(ev: Event) -> str:
    """One line: the format, then where the event stands (not started, round
    N with its results missing, finished with its winner)."""

    won = champion(ev) if any(x.stage == "top" for x in ev.rounds) else None
    if won is not None:  # after the final: no round clock to offer
        return _("finished · winner: {name}", name=ev.player(won).name)
    r = ev.current_round
    fmt = f"{labels.kind_label(ev.kind)} · {labels.match_label(ev.match)} · {_('{m} min', m=ev.minutes)}"
    if ev.rules != "2008":  # O-RULES: a 2008 event's bar stays as it was
        fmt = f"{labels.rules_label(ev.rules)} · {fmt}"
    if r is None and ev.rounds_planned == 0:  # G-SE as a format of its own
        return _(
            "{fmt} · {n} players · not started · single elimination (F5 or F7 starts the bracket)",
            fmt=fmt,
            n=len(ev.players),
        )
    if r is None and not ev.players:  # no count to suggest rounds for yet
        return _("{fmt} · {n} players · not started", fmt=fmt, n=0)
    if r is None:
        # lazy: the pairing engine, which `lycee result` never loads
        from core.tournament.pairing import planned_rounds

        planned, by_organizer = planned_rounds(ev)
        return _(
            "{fmt} · {n} players · not started · {k} Swiss rounds ({how})",
            fmt=fmt,
            n=len(ev.players),
            k=planned,
            how=_("planned") if by_organizer else _("suggested for the player count"),
        )
    if event_finished(ev):
        return _("{fmt} · finished: final standings (F4)", fmt=fmt)
    if swiss_over(ev):  # a top cut may still follow: not 「終了しました」 yet
        return _("{fmt} · Swiss over: final standings F4, top cut F7", fmt=fmt)
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
        self._pairable_for: tuple[Event | None, bool] = (None, True)

    def standings(self, ev: Event) -> tuple[list, int]:
        """The standings rows and the round they are after.  While only
        results of the round in progress change, these are the standings
        after the last complete round, from the same facts, and are not
        computed again (the profile of a result typed at 512 players: half
        the handler)."""
        if self._rows_for is not ev:
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

    def pairable(self, ev: Event) -> bool:
        """:func:`next_round_pairable`, once per event version (the footer asks it at every redraw)."""
        if self._pairable_for[0] is not ev:
            self._pairable_for = (ev, next_round_pairable(ev, self.finished(ev)))
        return self._pairable_for[1]


# -- the clock line -----------------------------------------------------------------


@dataclass(frozen=True)
class ClockLine:
    text: str  # "" when there is no clock to show
    near: bool = False  # five minutes or less left
    up: bool = False  # time is up and tables are still playing
    unfinished: tuple[int, ...] = ()


def clock_line(ev: Event, now, finished: bool = False) -> ClockLine:
    """The clock of the current round as one line (G-TIME: each extended
    table's own time; G-BO3-TIME: how many tables still play at time); none once
    every result of the round is in (a clock started still ran down in the bar)."""
    if not ev.rounds or finished:
        return ClockLine("")
    if ev.current_round is not None and ev.current_round.complete:  # every result in: nothing left to time
        return ClockLine("")
    st = clock.status(ev, now)
    if not st.started:
        return ClockLine(_("R{r} clock {t} (Ctrl+T starts)", r=st.round, t=clock.fmt(st.minutes * 60)))
    near = st.remaining is not None and 0 < st.remaining <= 300
    return ClockLine(
        running_text(st), near=near, up=st.time_up and bool(st.unfinished), unfinished=tuple(st.unfinished)
    )


def running_text(st) -> str:
    """A started clock (a core.rules.clock status) in words: the time left,
    paused or not, the extended tables' own times, the tables playing at time."""
    state = _("paused") if st.paused else ""
    text = _("R{r} ⏱ {t}", r=st.round, t=clock.fmt(st.remaining)) + (f" {state}" if state else "")
    ext = [t for t in st.tables if t.extension and not t.finished]
    if ext:
        text += " · " + join_list(
            _("T{t} +{m}: {left}", t=t.table, m=t.extension, left=clock.fmt(t.remaining)) for t in ext[:3]
        )
    if st.unfinished and st.time_up:
        text += " " + ngettext("TIME: {n} table playing", "TIME: {n} tables playing", len(st.unfinished))
    return text


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
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import round_one_gaps

        decks = tuple(round_one_gaps(ev))
    return Missing(results, decks)


# -- the result pre-check -------------------------------------------------------------

#: The questions a typed result can need before it is recorded.
ID_DECISION = "id_decision"  # G-ID-3: an intentional draw where a ranking is needed
REPLACE = "replace"  # the table already has a result: a correction
TIME_CALL = "time_call"  # G-BO3-TIME / G-TIME: a result only time produces, time not up
TIME_DECISION = "time_decision"  # G-SE: equal game wins at time in an elimination match
NOT_STARTED = "not_started"  # G-ID-1/2: an ID after the clock start: had the table not started? (which judge saw it)


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


def parse_round_result(line: str) -> tuple[int, int, str]:
    """``ROUND TABLE RESULT`` (``1 3 0-2``): a correction of an earlier round
    typed in the app (L-LATER), as (round, table, result text)."""

    first, _sep, rest = line.strip().partition(" ")
    number = whole(first)
    if number is None or number < 1:
        raise LyceeError(_("write the round number first, e.g. 1 3 0-2"))
    table, text = matchrules.parse_table_result(rest)
    return number, table, text


def correction_round(ev: Event, typed: str) -> tuple[int | None, int | None]:
    """The round whose tables the correction dialog (Shift+F8, L-LATER) shows
    while ``ROUND TABLE RESULT`` is typed, and the table typed: before a
    number, the round before the current one (the one a correction is most
    often for); the round typed first when the event has it (None when it
    has not); the table once its number follows (else None)."""
    words = typed.split()
    if not words:
        return max(1, len(ev.rounds) - 1), None
    number = whole(words[0])
    if number is None or not 1 <= number <= len(ev.rounds):
        return None, None
    return number, whole(words[1]) if len(words) > 1 else None


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
        id_decision_refusal(ev, rnd, before)  # refused before the question, never after the choice
        return ResultCheck(line, table, text, result, rnd.number, before, (ID_DECISION,), None)
    questions: list[str] = [q for q in (entered_question(rnd, before, result),) if q is not None]
    why = clock.needs_time_call(ev, rnd.number, table, result, now)
    if why is not None:
        questions.append(TIME_CALL)
    if at_time_in_elimination(rnd, before, result):  # G-SE: the organizer's extra game or named winner
        questions.append(TIME_DECISION)
    return ResultCheck(line, table, text, result, rnd.number, before, tuple(questions), why)


def id_decision_refusal(ev: Event, rnd, before: Match | None) -> None:
    """Refuse at once an intentional draw in an elimination or playoff match
    that the organizer's G-ID-3 call could not record (issue 48): the event
    has no organizer to decide (G-ORGANIZER), or the round clock has started,
    which counts as the table's start (G-ID-1/2), and such a match takes no
    judge's record that the table had not started; the players play it."""
    if before is None or before.intentional:
        return
    if not ev.staff.organizer:
        raise RuleError(
            _(
                "table {t}: an intentional draw in an elimination match is the organizer's call, and the event has "
                "no organizer: name one first (the settings, F12; `lycee staff EVENT --organizer NAME`)",
                t=before.table,
            ),
            "G-ID-3",
        )
    if rnd.clock is not None and not before.reported:
        raise RuleError(
            _(
                "no intentional draw at table {t}: round {r}'s clock has started, which counts as the table's "
                "start, and an elimination match takes no judge's record that it had not: the players play the match",
                t=before.table,
                r=rnd.number,
            ),
            "G-ID-2",
        )


def entered_question(rnd, before: Match | None, result: Result) -> str | None:
    """REPLACE when the table has a result already; NOT_STARTED for an
    intentional draw after the round clock started (G-ID-1/2: the clock
    start presumes the table started); else None."""
    if before is not None and before.reported and not before.is_bye:
        return REPLACE
    if result.intentional and rnd.clock is not None and before is not None and not before.games:
        return NOT_STARTED
    return None


def at_time_in_elimination(rnd, before: Match | None, result: Result) -> bool:
    """A draw at time in an elimination or playoff match without a result (G-SE: no winner at time)."""
    if rnd.stage not in ("top", "playoff") or result.outcome != "draw":
        return False
    return before is not None and not before.reported and not before.is_bye


# -- rounds: the log, the cut, playoffs, why a pairing -----------------------------------


def action_said(ev: Event, act: dict) -> str:
    """One stored action in words, players by name (the audit trail's line)."""

    return describe(act, {p.id: p.name for p in ev.players})


def undo_said(ev: Event, act: dict) -> str:
    """What Ctrl+Z would take back (or bring back), for its question (issue
    48): a table's result or game names the round, the table and both
    players; any other action as the audit trail says it, never by the
    journal's internal number."""
    return with_said(_one_said(ev, act), act)


def with_said(said: str, act: dict) -> str:
    """``said`` (an undo's or redo's action in words) and what a correction stored with it, taken
    back or brought back with it (``"with"``: core.log.registry.as_unit, L-LATER)."""
    went = act.get("with") or ()
    if "ruling" in went:
        return _("{what} and the head judge's ruling that kept the later round", what=said)
    if "pair" in went:
        return _("{what} and the later round paired again with it", what=said)
    return said


def _one_said(ev: Event, act: dict) -> str:
    """One action of :func:`undo_said` in words."""
    data = act.get("data") or {}
    if act.get("type") == "late" and isinstance(data.get("table"), int):
        return _late_said(ev, data)
    m = _table_of(ev, data.get("round"), data.get("table")) if act.get("type") in ("result", "game") else None
    if m is None or m.p2 is None:
        return action_said(ev, act)
    who = _(
        "round {r} table {t} {p1} vs {p2}", r=data["round"], t=m.table, p1=ev.player(m.p1).name, p2=ev.player(m.p2).name
    )
    if act["type"] == "game":
        return _("the game {game} of {pairing}", game=labels.game_label(str(data.get("game", ""))), pairing=who)
    if data.get("correct"):
        return _(
            "the correction to {res} of {pairing}", res=labels.result_label(str(data.get("result", ""))), pairing=who
        )
    return _("the result {res} of {pairing}", res=labels.result_label(str(data.get("result", ""))), pairing=who)


def _late_said(ev: Event, data: dict) -> str:
    """A lateness decision (G-LATE-1/2) as Ctrl+Z names it: the round, the table, the players
    by name and the rule (the log's words put the rule first: 「not seated … confirmed table 4」)."""
    known = {p.id: p.name for p in ev.players}
    return _(
        "the lateness {decision} at round {r} table {t} for {players}: {rule}",
        decision=labels.late_decision_label(str(data.get("decision", ""))),
        r=data.get("round"),
        t=data["table"],
        players=join_list([known.get(p, p) for p in data.get("players") or ()], words=True),
        rule=labels.late_rule_label(str(data.get("rule", ""))),
    )


def _table_of(ev: Event, number, table) -> Match | None:
    """The match at ``table`` of round ``number``, or None."""
    if not isinstance(number, int) or not 1 <= number <= len(ev.rounds) or not isinstance(table, int):
        return None
    return ev.rounds[number - 1].match_at(table)


def correction_said(before: Event, after: Event, number: int, table: int) -> str:
    """A stored correction in words (issue 48): the round, the table, both
    players and the result before → after."""
    # lazy: the sheets' words of a result (core.reports), which `lycee result` never loads
    from core.reports.sheet_words import result_text

    old, new = _table_of(before, number, table), _table_of(after, number, table)
    if old is None or new is None or new.p2 is None:
        return _("round {r} table {t} corrected", r=number, t=table)
    return _(
        "round {r} table {t} {p1} vs {p2} corrected: {old} → {new}",
        r=number,
        t=table,
        p1=after.player(new.p1).name,
        p2=after.player(new.p2).name,
        old=result_text(old) or _("no result"),
        new=result_text(new) or _("no result"),
    )


def swiss_rounds_planned(ev: Event) -> int:
    """How many Swiss rounds the event plans (by the organizer or suggested)."""
    # lazy: the pairing engine, which `lycee result` never loads
    from core.tournament.pairing import planned_rounds

    return planned_rounds(ev)[0]


#: The largest top cut the desk proposes (a store's Saturday: a top 8 at most).
CUT_PROPOSED_MAX = 8


def suggested_cut(ev: Event) -> int:
    """The top cut F7 proposes (G-SE: any size from 2 is allowed): the largest power of two at
    most half the players still in, at most CUT_PROPOSED_MAX, at least 2: a top 4 of 8 players,
    a top 8 of 16 or more (it proposed 8 whatever the field: every player of 8)."""
    half = len(ev.eligible()) // 2
    size = 2
    while size * 2 <= min(half, CUT_PROPOSED_MAX):
        size *= 2
    return size


def cut_preview(ev: Event, size: int, third_place: bool = False) -> tuple[str, bool]:
    """Who a top ``size`` cut takes, before it is paired (G-SE, G-TIE-PLAYOFF): each seed
    with their points, the first players just outside, and the line itself when it falls
    between equal points (the tiebreakers decide) or inside a shared place (a playoff
    first).  Returns the text and whether the cut can be paired as it stands."""

    rows = [r for r in standings(ev) if r.status == "active" and r.rank is not None]
    if len(rows) < size:
        return _("a top {size} needs {size} active players; the event has {n}", size=size, n=len(rows)), False
    lines = [_("Top {n} cut: the seeds", n=size) + (" · " + _("third-place match planned") if third_place else "")]
    seeds = [
        _("{seed}. {name} ({points} pts)", seed=i + 1, name=r.name, points=r.points) for i, r in enumerate(rows[:size])
    ]
    if size > 8:  # a long cut in one paragraph but its last four, where the line is
        seeds = [join_list(seeds[:-4]), *seeds[-4:]]
    lines += seeds
    out = rows[size : size + 2]
    if out:
        lines.append(
            _(
                "Just outside: {names}",
                names=join_list((_("{name} ({points} pts)", name=r.name, points=r.points) for r in out)),
            )
        )
    ok = True
    if len(rows) > size:
        last, first_out = rows[size - 1], rows[size]
        if last.rank == first_out.rank:
            ok = False
            lines.append(
                _(
                    "{a} and {b} share place {rank}: hold a playoff (決定戦) first (F10)",
                    a=last.name,
                    b=first_out.name,
                    rank=last.rank,
                )
            )
        elif last.points == first_out.points:
            lines.append(
                _(
                    "{a} and {b} both have {points} pts: the tiebreakers put {a} in",
                    a=last.name,
                    b=first_out.name,
                    points=last.points,
                )
            )
    return "\n".join(lines), ok


def suggest_reading(name: str) -> str:
    """The reading to pre-fill for a name typed (L-READING, core.readings), "" for none."""
    return readings.suggest_reading(name) or ""


def tied_for_playoff(ev: Event) -> list[tuple[str, ...]]:
    """The groups of active players who share a place (a playoff's candidates)."""

    return tied_groups(ev, active_only=True)


def no_winner_refusal(ev: Event, table: int) -> str | None:
    """Why "no winner" is not offered at ``table`` of the current round
    (G-ID-3: only in the final), or None."""

    rnd = ev.current_round
    m = rnd.match_at(table) if rnd is not None else None
    return refusal(ev, rnd, m) if rnd is not None and m is not None else None


def why_paired(ev: Event, m: Match) -> list[str]:
    """Why a Swiss table was paired as it is, line by line (``pair --explain``)."""
    # lazy: the reports engine, which `lycee result` never loads
    from core.reports.explain import why_lines

    return why_lines(ev, m.why)


def final_placings(ev: Event):
    """The final placings once the bracket is finished (G-SE), else None."""

    return placings(ev)


def placing_words(ev: Event, final) -> dict[str, tuple[str, str]]:
    """Each placed player's place and how far they went, by id, as the sheets,
    ``lycee standings``, the phones and the TV print them (G-SE): ("3-4", "ベスト4")
    for both semi-final losers without a third-place match, ("3", "3位") after one."""

    return ranking.placing_words(ev, final)


def bracket(ev: Event):
    """The elimination bracket as the bracket widget draws it."""

    return drawn(ev)


def tiebreaker_headers(ev: Event) -> list[str]:
    """The standings columns of the event's tiebreakers, in its order (G-TIE-1)."""

    return [TIEBREAKERS[tb].header for tb in ev.tiebreakers]
