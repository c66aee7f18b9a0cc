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
    fmt = f"{labels.kind_label(ev.kind)} · {labels.match_label(ev.match)} · {_('{m} min', m=ev.minutes)}"
    if ev.rules != "2008":  # O-RULES: a 2008 event's bar stays as it was
        fmt = f"{labels.rules_label(ev.rules)} · {fmt}"
    if r is None and ev.rounds_planned == 0:  # G-SE as a format of its own
        return _(
            "{fmt} · {n} players · not started · single elimination (F5 or F7 starts the bracket)",
            fmt=fmt,
            n=len(ev.players),
        )
    if r is None:
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
        return _("{fmt} · Swiss rounds over: final standings (F4), or a top cut (F7)", fmt=fmt)
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
        if ev.current_round is not None and ev.current_round.complete:  # every result in: no clock to start
            return ClockLine("")
        return ClockLine(_("R{r} clock {t} (Ctrl+T starts)", r=st.round, t=clock.fmt(st.minutes * 60)))
    state = _("paused") if st.paused else ""
    text = _("R{r} ⏱ {t}", r=st.round, t=clock.fmt(st.remaining)) + (f" {state}" if state else "")
    ext = [t for t in st.tables if t.extension and not t.finished]
    if ext:
        text += " · " + join_list(
            _("T{t} +{m}: {left}", t=t.table, m=t.extension, left=clock.fmt(t.remaining)) for t in ext[:3]
        )
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
    from core.names import whole

    first, _sep, rest = line.strip().partition(" ")
    number = whole(first)
    if number is None or number < 1:
        raise LyceeError(_("write the round number first, e.g. 1 3 0-2"))
    table, text = matchrules.parse_table_result(rest)
    return number, table, text


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
    elif result.intentional and rnd.clock is not None and before is not None and not before.games:
        questions.append(NOT_STARTED)  # G-ID-1/2: the clock start presumes the table started
    why = clock.needs_time_call(ev, rnd.number, table, result, now)
    if why is not None:
        questions.append(TIME_CALL)
    if (
        rnd.stage in ("top", "playoff")
        and result.outcome == "draw"
        and before is not None
        and not before.reported
        and not before.is_bye
    ):  # G-SE: no winner at time; the organizer chooses an extra game or names the winner
        questions.append(TIME_DECISION)
    return ResultCheck(line, table, text, result, rnd.number, before, tuple(questions), why)


# -- players: check-in, drops, kept apart, renames -------------------------------------
# The engines are imported inside each function, so opening the app loads only
# what the desk's first screen reads (start-up time, benchmarks/store.py).


def check_in_used(ev: Event) -> bool:
    """Whether check-in is in use this round (G-LATE-*): then the lateness
    prompts come by themselves."""
    from core.rules.lateness import in_use

    return in_use(ev.current_round)


def late_text(ev: Event, prompt) -> str:
    """The lateness question for one due prompt, with its rule (G-LATE-*)."""
    from core.rules.lateness import prompt_text

    return prompt_text(ev, prompt, with_rule=True)


def kept_bye_text(ev: Event, pid: str) -> str:
    """L-DROP-BYE: what the desk says when a player drops in the round they
    hold the bye (they keep it), else ""."""
    from core.rules.players import kept_bye_text as said

    return said(ev, pid)


def match_to_settle(ev: Event, pid: str) -> Match | None:
    """The player's match of the current round while it has no result: a drop
    then asks whether that match is lost (G-DROP-2)."""
    from core.event.lookups import player_match

    rnd = ev.current_round
    m = player_match(rnd, pid) if rnd is not None else None
    return m if m is not None and not m.reported else None


def kept_apart_from(ev: Event, pid: str) -> list[str]:
    """The players kept apart from ``pid``, as ``name (id)`` (Shift+F5)."""
    from core.rules.apart import apart_partners

    return [f"{ev.player(x).name} ({x})" for x in apart_partners(ev, pid) if ev.has_player(x)]


def kept_apart(ev: Event, a: str, b: str) -> bool:
    """Whether players ``a`` and ``b`` are kept apart now (G-SWISS-PAIR-1/2)."""
    from core.rules.apart import apart_pair

    return apart_pair(a, b) in ev.apart


def rename_said(before, after) -> str:
    """What the desk says after a rename: the old and the new name (and the
    reading when it changed); ``before``/``after`` are the Player records."""
    from core.rules.players import rename_line

    return rename_line(before.name, after.name, after.reading, after.reading != before.reading)


# -- penalties and appeals (G-PEN-*, G-HEAD-JUDGE) ----------------------------------------


def penalty_history(ev: Event, ref: str) -> list[str]:
    """A player's tally line and penalties (each with its appeal's outcome),
    then the rule of escalation; [] when ``ref`` names no player."""
    from core.event.lookups import find_player
    from core.rules import penalties

    try:
        p = find_player(ev, ref)
    except LyceeError:
        return []
    lines = [penalties.tally_line(ev, p.id)]
    lines += [penalties.penalty_line(ev, n, pen) for n, pen in penalties.history(ev, p.id)]
    if ev.rules == "overture":  # O-PEN-1/2: the same count, Overture's words, and 訓告
        lines.append(_("two Notices make a Warning; two Warnings disqualify; a caution is not recorded (O-PEN-1)"))
    else:
        lines.append(_("two Notices make a Warning; two Warnings exclude the player (G-PEN-2)"))
    return lines


def penalty_excludes(ev: Event, pid: str, level: str, reason: str, by: str, action: str) -> str | None:
    """The rule under which this penalty would exclude the player (then the
    desk asks first), or None; ``by`` empty: the event's default decider."""
    from core.rules.penalties import would_exclude
    from core.rules.staff import default_issuer

    return would_exclude(
        ev, {"player": pid, "level": level, "reason": reason, "by": by or default_issuer(ev) or "", "action": action}
    )


def penalty_match_words(ev: Event, pid: str, level: str, reason: str, by: str, action: str) -> str:
    """What this penalty would do to the player's match (L-MATCH-LOSS), in
    words, before it is issued (the app's question); nothing is stored."""
    from core.errors import LyceeError as _Refused
    from core.log import apply
    from core.rules.penalties import match_loss_words
    from core.rules.staff import default_issuer

    data = {"player": pid, "level": level, "reason": reason, "by": by or default_issuer(ev) or "", "action": action}
    try:
        after = apply(ev, {"type": "penalty", "data": data})
    except _Refused:
        return ""
    return match_loss_words(ev, after, pid)


def penalty_choices(ev: Event) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The levels and actions a penalty form offers under the event's rule set
    (G-PEN-1/2; Overture's 訓告 and struck record, O-PEN-1/2)."""
    from core.rules.penalties import penalty_actions, penalty_levels

    return penalty_levels(ev), penalty_actions(ev)


def penalty_said(before: Event, after: Event, pid: str, level: str) -> tuple[str, bool]:
    """What the desk says once a penalty is recorded: the tally in force and,
    when it escalated, what it brought (G-PEN-2); the flag says it escalated."""
    from core.rules.penalties import escalation_text, match_loss_words, player_tally

    p = after.player(pid)
    if level == "caution":  # O-PEN-1: nothing in force changes
        return _("{name}: caution given, in the log only (not recorded, O-PEN-1)", name=p.name), False
    was, now = player_tally(before, pid), player_tally(after, pid)
    msg = _(
        "{name}: {level} recorded ({n} N, {w} W in force)",
        name=p.name,
        level=labels.penalty_level_label(level),
        n=now.notices,
        w=now.warnings,
    )
    lost = match_loss_words(before, after, pid)
    more = escalation_text(was, now, p.name, excluded=p.excluded, rules=after.rules, match=lost)
    if more:
        return msg + " · " + more, True
    return (msg + " · " + lost if lost and after.penalties[-1].action == "match_loss" else msg), False


def appeal_choices(ev: Event) -> tuple[list[str], int]:
    """The last six penalties as lines, and the number an appeal form offers
    first (the last one not yet ruled on)."""
    from core.rules.penalties import penalty_line

    open_ = [n for n, p in enumerate(ev.penalties, 1) if p.appeal is None]
    lines = [penalty_line(ev, n, p) for n, p in enumerate(ev.penalties, 1)][-6:]
    return lines, open_[-1] if open_ else len(ev.penalties)


def appeal_said(ev: Event, number: int) -> str:
    """What the desk says once the head judge ruled on penalty ``number``."""
    from core.rules.penalties import tally_line

    pen = ev.penalties[number - 1]
    ruling = pen.appeal or {}  # the Desk has just recorded it
    return (
        _(
            "penalty #{n}: {outcome} by the head judge {by} (final, G-HEAD-JUDGE)",
            n=number,
            outcome=labels.appeal_outcome_label(ruling.get("outcome", "")),
            by=ruling.get("by", ""),
        )
        + " · "
        + tally_line(ev, pen.player)
    )


# -- rounds: the log, the cut, playoffs, why a pairing -----------------------------------


def action_said(ev: Event, act: dict) -> str:
    """One stored action in words, players by name (the audit trail's line)."""
    from core.log.registry import describe

    return describe(act, {p.id: p.name for p in ev.players})


def swiss_rounds_planned(ev: Event) -> int:
    """How many Swiss rounds the event plans (by the organizer or suggested)."""
    from core.tournament.pairing import planned_rounds

    return planned_rounds(ev)[0]


def cut_preview(ev: Event, size: int, third_place: bool = False) -> tuple[str, bool]:
    """Who a top ``size`` cut takes, before it is paired (G-SE, G-TIE-PLAYOFF): each seed
    with their points, the first players just outside, and the line itself when it falls
    between equal points (the tiebreakers decide) or inside a shared place (a playoff
    first).  Returns the text and whether the cut can be paired as it stands."""
    from core.tournament.standings import standings

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
    from core.readings import suggest_reading as suggest

    return suggest(name) or ""


def tied_for_playoff(ev: Event) -> list[tuple[str, ...]]:
    """The groups of active players who share a place (a playoff's candidates)."""
    from core.tournament.standings import tied_groups

    return tied_groups(ev, active_only=True)


def no_winner_refusal(ev: Event, table: int) -> str | None:
    """Why "no winner" is not offered at ``table`` of the current round
    (G-ID-3: only in the final), or None."""
    from core.tournament.elimination import no_winner_refusal as refusal

    rnd = ev.current_round
    m = rnd.match_at(table) if rnd is not None else None
    return refusal(ev, rnd, m) if rnd is not None and m is not None else None


def why_paired(ev: Event, m: Match) -> list[str]:
    """Why a Swiss table was paired as it is, line by line (``pair --explain``)."""
    from core.reports.explain import why_lines

    return why_lines(ev, m.why)


def final_placings(ev: Event):
    """The final placings once the bracket is finished (G-SE), else None."""
    from core.tournament.elimination import final_placings as placings

    return placings(ev)


def bracket(ev: Event):
    """The elimination bracket as the bracket widget draws it."""
    from core.tournament.elimination import bracket as drawn

    return drawn(ev)


def tiebreaker_headers(ev: Event) -> list[str]:
    """The standings columns of the event's tiebreakers, in its order (G-TIE-1)."""
    from core.event.tiebreakers import TIEBREAKERS

    return [TIEBREAKERS[tb].header for tb in ev.tiebreakers]


# -- decklists and the build phase (G-DECKLIST, G-SEALED, G-DRAFT-*) -----------------------


def decklists(ev: Event) -> list:
    """Every player's decklist status (none, registered, problems), in
    registration order (core.rules.decklists.DecklistStatus)."""
    from core.rules.decklists import decklist_status

    return decklist_status(ev)


def draft_seat(ev: Event, pid: str) -> str:
    """The player's draft seat as ``pod-seat`` (``2-5``), "" outside a draft."""
    from core.rules.decklists import seat_of

    seat = seat_of(ev, pid)
    return f"{seat[0] + 1}-{seat[1] + 1}" if seat else ""


def build_time_left(st) -> str:
    """The build phase's time left as the clock shows it (``st``: the desk's
    build status), its whole length while the timer has not started."""
    return clock.fmt(st.remaining) if st.remaining is not None else clock.fmt(st.minutes * 60)


def deck_gaps(ev: Event) -> list:
    """The active players round 1 waits for: no legal deck (DecklistStatus)."""
    from core.rules.decklists import round_one_gaps

    return round_one_gaps(ev)


def decklist_change(ev: Event, pid: str) -> tuple[bool, list[str]]:
    """Whether a decklist for ``pid`` now needs a judge and a reason (round 1
    is paired, G-DECKLIST), and the judges who may change it; raises the
    desk's refusal when it needs one and the event has none."""
    from core.rules.decklists import change_judges, decklist_locked, require_change_judge

    if not decklist_locked(ev):
        return False, []
    judges = change_judges(ev)
    if not judges:
        require_change_judge(ev, pid, "", "")
    return True, judges


def decklist_penalty_offer(ev: Event, pid: str, judge: str) -> dict:
    """The penalty the desk offers after a judge changed a decklist (G-DECKLIST, G-PEN-1)."""
    from core.rules.decklists import penalty_offer

    return penalty_offer(ev, pid, judge)


def gap_text(gap) -> str:
    """One player of :func:`deck_gaps` in words: the name and what is wrong."""
    from core.rules.decklists import gap_text as said

    return said(gap)


def penalty_marks(ev: Event, pid: str) -> str:
    """The penalties in force as marks: ``N`` a Notice, ``W`` a Warning (G-PEN-2)."""
    from core.rules.penalties import player_tally

    tally = player_tally(ev, pid)
    return "N" * tally.notices + "W" * tally.warnings


def staff_missing(ev: Event) -> list[tuple[str, str]]:
    """What a sanctioned event lacks of its staff: (rule, why) pairs
    (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE)."""
    from core.rules.staff import staff_problems

    return staff_problems(ev)


# -- exports, the independent check, the plan of the day -----------------------------------


def export_menu() -> tuple:
    """The export dialog's rows: (kind, format, label function), from the one
    table of export kinds and formats (core.reports.exports.EXPORTS)."""
    from core.reports.exports import MENU

    return MENU


def export_by_round(what: str) -> bool:
    """Whether an export kind can be made for an earlier round too."""
    from core.reports.exports import BY_ROUND

    return what in BY_ROUND


def export_text(ev: Event, what: str, fmt: str, round_number: int | None, log: list[dict]) -> tuple[str, str]:
    """An export as (file name, text), of the event as it was after
    ``round_number`` (None: now); a refusal raises LyceeError."""
    from core.reports import exports

    text = exports.render(exports.as_of_round(ev, round_number), what, fmt, log=log)
    return exports.export_filename(ev, what, fmt, round_number), text


def write_export(path, text: str) -> None:
    """Write an export whole or not at all (no partial file on a full disk)."""
    from core.reports.exports import write_export as write

    write(path, text)


def verify(ev: Event):
    """The check of the event (``lycee verify``, the judgement import makes too): its report."""
    from core.reports.judge import judge_event

    return judge_event(ev).report


def day_plan(ev: Event, log: list[dict], now, history: list):
    """The plan of the day: rounds planned, projected times (``history``:
    earlier events of this data folder, to learn their pace)."""
    from core.tournament.plan import plan_event

    return plan_event(ev, log, now, history=history)


def clock_time(t) -> str:
    """A planned time of day as the plan shows it (``14:05``)."""
    from core.tournament.plan import clock_time as shown

    return shown(t)


# -- settings (F12) ---------------------------------------------------------------------


def settings_locks(ev: Event) -> dict[str, str]:
    """The settings that can no longer change, each with why."""
    from core.rules.settings import locks

    return locks(ev)


def setting_label(key: str) -> str:
    """A setting's name as the settings form and its messages show it."""
    from core.rules.settings import field_label

    return field_label(key)


def settings_changed(ev: Event, changes: dict) -> str:
    """What the desk says after a settings edit: each change, and the match
    time advice when the length or the match type changed (G-MATCH-TIME)."""
    from core.event.timing import minutes_advice
    from core.rules.settings import field_label, show_value

    msg = _("changed: {what}", what=join_list(f"{field_label(k)} = {show_value(k, v)}" for k, v in changes.items()))
    advice = (
        minutes_advice(ev.match, ev.minutes, kind=ev.kind) if ("minutes" in changes or "match" in changes) else None
    )
    return msg + " · " + advice if advice else msg


def swiss_over(ev: Event) -> bool:
    """A Swiss-only event whose planned rounds are all played and in: its standings are the final ones."""
    from core.tournament.elimination import swiss_over as over

    return over(ev)


def published_rounds(ev: Event) -> int:
    """How many rounds the public pages show."""
    from core.rules.publish import visible_rounds

    return visible_rounds(ev)


# -- the event forms: new event, settings, penalty ---------------------------------------


def minutes_hint(kind: str, match: str = "bo3") -> tuple[int, str]:
    """The match length a form proposes for a format and what it says of it
    (the recommended range and its rule, G-MATCH-TIME)."""
    from core.event.timing import recommended_minutes

    r = recommended_minutes(kind, match)
    if r.high is None:
        return r.low, _("recommended: {lo} minutes or more ({rule})", lo=r.low, rule=r.rule)
    return r.low, _("recommended: {lo}-{hi} minutes ({rule})", lo=r.low, hi=r.high, rule=r.rule)


def staff_names(text: str) -> list[str]:
    """The names typed in one field (、 ， and , separate them)."""
    from core.rules.staff import split_names

    return split_names(text)


def checked_settings(values: dict, partial: bool = False) -> dict:
    """A form's settings as the event would keep them, or LyceeError naming
    the setting that is refused (``partial``: only the settings given)."""
    from core.rules.settings import check_settings

    return check_settings(values, partial=partial)


def pin_staff(ev: Event) -> list[str]:
    """Who may get a judge-page PIN (core.rules.staff): the organizer, the
    judges and the head judge, each once, in that order."""
    from core.rules.staff import pin_staff as holder

    s = ev.staff
    out: list[str] = []
    for name in (s.organizer, s.head_judge, *s.judges):
        who = holder(ev, name)
        if who is not None and who not in out:
            out.append(who)
    return out


def staff_lacking(values: dict) -> list[str]:
    """What an event of these settings would still lack of its staff to be
    paired, one ``why (rule)`` a line (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE)."""
    ev = Event(id="-", **checked_settings(values))
    return [_("{why} ({rule})", why=m, rule=r) for r, m in staff_missing(ev)]


def default_issuer(ev: Event) -> str | None:
    """Who issues a penalty unless told: the judge on duty, never the head
    judge while another judge exists (G-HEAD-JUDGE); None with several."""
    from core.rules.staff import default_issuer as issuer

    return issuer(ev)


# -- phone reports ------------------------------------------------------


def phone_reports(ev: Event, now=None) -> list:
    """The current round's tables (byes left out) with their players' phone
    reports: core.rules.reports.TableReport each (status none, waiting, held,
    disputed, recorded or staff; what each side reported, who and when; why
    an agreed one is held, given ``now``).  The desk's round tab and its
    dispute queue read this; ``lycee reports`` prints it."""
    from core.rules.reports import round_reports

    return round_reports(ev, now)


def who_did(ev: Event, actor: str) -> str:
    """Who did an action, in words: a player's phone by the player's name,
    else core.labels.actor_label."""
    import re

    phone = re.fullmatch(r"player (.+) \(phone\)", actor)
    if phone:
        p = next((x for x in ev.players if x.id == phone.group(1)), None)
        if p is not None:
            return _("{name} (phone)", name=p.name)
    return labels.actor_label(actor)


def door_change_line(ev: Event, acts: list[dict]) -> str:
    """The desk's message line after changes that came through its door (a
    judge's page, `lycee result` from another shell, phones): who did what,
    the newest first; more than one, how many more (the log has them all)."""
    last = acts[-1]
    line = _("{who}: {what}", who=who_did(ev, str(last.get("actor", "?"))), what=action_said(ev, last))
    more = len(acts) - 1
    if more:
        line += " " + ngettext(
            "(and {n} more change: see the log)", "(and {n} more changes: see the log)", more, n=more
        )
    return line


def new_disputes(ev: Event, acts: list[dict]) -> str:
    """The tables ``acts`` (phone reports) left disputed, in words with both
    claims and the key that decides them; "" when none."""
    tables = {a["data"].get("table") for a in acts if a.get("type") == "report" and isinstance(a.get("data"), dict)}
    if not tables:
        return ""
    out = []
    for rep in phone_reports(ev):
        if rep.table in tables and rep.status == "disputed" and rep.p1 is not None and rep.p2 is not None:
            out.append(
                _(
                    "Table {t}: the reports disagree ({a}; {b}): Shift+F6 to decide.",
                    t=rep.table,
                    a=_claim(rep.p1.name, rep.p1.said),
                    b=_claim(rep.p2.name, rep.p2.said),
                )
            )
    return " ".join(out)


def _claim(name: str, said: str) -> str:
    """One player's report from their own side, with what it means for them
    (「加藤陸: 2-0で勝ち」): two who both say 2-0 read as the dispute it is."""
    try:
        won, lost = (int(x) for x in said.split("-")[:2])
    except ValueError:
        return _("{name}: {said}", name=name, said=said)
    if won > lost:
        return _("{name}: {said}, a win", name=name, said=said)
    if won < lost:
        return _("{name}: {said}, a loss", name=name, said=said)
    return _("{name}: {said}, a draw", name=name, said=said)


def disputed_count(ev: Event) -> int:
    """How many tables of the current round have disagreeing phone reports."""
    if not ev.reports:
        return 0
    return sum(1 for rep in phone_reports(ev) if rep.status == "disputed")


def checkin_rows(ev: Event) -> list[tuple[str, int, str]]:
    """The current round's players to check in, by table: (player id, table,
    "1卓 高橋健太 (たかはしけんた)"-like words); byes left out."""
    rnd = ev.current_round
    if rnd is None:
        return []
    out = []
    for m in sorted(rnd.matches, key=lambda m: m.table):
        if m.is_bye:
            continue
        for pid in m.players():
            p = ev.player(pid)
            words = _("Table {t} {name}", t=m.table, name=p.name)
            if p.reading:
                words += f" ({p.reading})"
            out.append((pid, m.table, words))
    return out


def checkin_refs(ev: Event, text: str) -> list[str]:
    """The players a clerk's check-in line names, in order (G-LATE-1): each
    word a table number of the current round (both its players), a player
    id, or part of a name or reading (which must name one player).  Raises
    LyceeError naming the word that names nobody, or several."""
    from core.names import whole
    from core.rules.publish import find_players

    rnd = ev.current_round
    if rnd is None:
        raise LyceeError(_("no round is paired yet: check-in is for a round's tables"))
    tables = {m.table: m for m in rnd.matches if not m.is_bye}
    ids = {p.id for p in ev.players}
    out: list[str] = []
    for word in text.split():
        n = whole(word)
        if n is not None and word.isascii():
            if n not in tables:
                raise LyceeError(_("check-in: round {r} has no table {t}", r=rnd.number, t=n))
            got = list(tables[n].players())
        elif word in ids:
            got = [word]
        else:
            found = [pid for pid, m in find_players(ev, word, limit=50) if m is not None and not m.is_bye]
            if not found:
                raise LyceeError(_("check-in: no player of round {r} is named {word!r}", r=rnd.number, word=word))
            if len(found) > 1:
                raise LyceeError(
                    _(
                        "check-in: {word!r} names {names}: type more of the name, or the table number",
                        word=word,
                        names=join_list(ev.player(p).name for p in found),
                    )
                )
            got = found
        out += [pid for pid in got if pid not in out]
    return out


def checked_in_words(ev: Event, ids: list[str]) -> str:
    """Who was checked in, by name and table (the confirmation's words)."""
    rnd = ev.current_round
    table = {pid: m.table for m in rnd.matches for pid in m.players()} if rnd is not None else {}
    return join_list(_("{name} (table {t})", name=ev.player(pid).name, t=table.get(pid, "?")) for pid in ids)


def report_status_label(status: str) -> str:
    """A table's report status in words (for the round tab, `lycee reports`)."""
    return {
        "none": _("no report"),
        "waiting": _("waiting for the opponent"),
        "held": _("agreed, held for a time call by staff"),
        "disputed": _("disputed"),
        "recorded": _("recorded by the players"),
        "staff": _("result entered by staff"),
    }.get(status, status)


def return_deadline(root, ev: Event, today: str) -> str | None:
    """A finished event's scorecard return deadline and whether its submission
    was written, in words (issue 47, core.season.deadlines); None while it runs."""
    from core.season.deadlines import deadline_words, deadlines

    rows = deadlines(root, [ev], today)
    return deadline_words(rows[0]) if rows else None


# -- the store and its members (issue 47): what the app's screens read -------------------------


def member_index(root):
    """The store's members indexed for the name box (core.rules.members.MemberIndex)."""
    from core.rules.members import MemberIndex, members_of

    return MemberIndex(members_of(root))


def store_info(root) -> dict | None:
    """The data folder's store, or None (core.rules.members.store_info)."""
    from core.rules.members import store_info as info

    return info(root)


def store_line(store: dict | None) -> str:
    """The store as one line (core.rules.members.store_line)."""
    from core.rules.members import store_line as line

    return line(store)


def member_history(datadir, number: str) -> tuple[str, list[str]]:
    """(title, lines) of a member's history across the data folder's events (M-HISTORY)."""
    from core.rules.members import history_lines, shown_name
    from core.store.members import member_history as history

    m, n, rows = history(datadir, number)
    return _("History of {member}", member=shown_name(m, n)), history_lines(m, n, rows)


def penalties_elsewhere(datadir, ev: Event, ref: str) -> list[str]:
    """A member's penalties in the data folder's other events, for the judge
    deciding a penalty (M-HISTORY): for information only, since G-PEN-2
    counts within one event; [] for a player who is no member or has none."""
    from core.event.lookups import find_player
    from core.store.members import member_history

    try:
        p = find_player(ev, ref)
        if not p.member:
            return []
        _m, _n, rows = member_history(datadir, p.member)
    except LyceeError:
        return []
    lines = []
    for r in rows:
        if r.event == ev.id:
            continue
        for x in r.penalties:
            lines.append(
                _(
                    "{date} {event}: {level} ({action}), {reason}",
                    date=r.date,
                    event=r.event_name,
                    level=labels.penalty_level_label(x["level"]),
                    action=labels.penalty_action_label(x["action"]),
                    reason=x["reason"],
                )
            )
    if lines:
        lines.insert(0, _("in other events (for information only: G-PEN-2 counts within one event):"))
    return lines
