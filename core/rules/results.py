"""The reducers of rounds and results: ``pair``, ``unpair``, ``result``,
``game`` and ``id_decision``, the rules a result obeys (corrections,
intentional draws, forfeits), and their audit-trail lines."""

from __future__ import annotations

import re
from dataclasses import fields, replace
from datetime import datetime

from msgspec import UNSET, UnsetType

from core import labels
from core.errors import LyceeError, NotFound, RuleError
from core.event.changes import set_match
from core.event.lookups import player_name, require_complete, round_of, table_of
from core.event.model import REPLAY, THIRD_PLACE, THIRD_PLACE_PLANNED, Event, Match, Round
from core.i18n import _
from core.log import action, describer, written_format
from core.log.actions import Game, IdDecision, Pair, ResultAction, TimeDecision, Unpair
from core.rules.settings import fix_rounds
from core.rules.staff import pin_staff, require_head_judge, require_not_playing, require_organizer
from core.tournament.matchrules import (
    Result,
    agrees_with_games,
    check_games,
    check_result,
    match_over,
    result_from_games,
)


def _check_third_place_planned(event: Event, stage: str) -> None:
    """G-SE: a third-place match is planned with the first elimination round only."""
    if stage != "top" or _top_cut_made(event):
        raise LyceeError(_("a third-place match is planned with the first elimination round only (G-SE)"))


def _top_cut_made(event: Event) -> bool:
    """An elimination round is paired (the top cut is made)."""
    return any(r.stage == "top" for r in event.rounds)


@action("pair")
def _pair(event, payload: Pair):
    number = payload.round
    _check_next_round(event, number)
    require_complete(event)
    if number == 1:
        event = _before_round_one(event, payload)
    known = event.has_player
    matches = [_paired_match(table, known) for table in payload.matches]
    stage = payload.stage
    third = payload.third_place
    if third:
        _check_third_place_planned(event, stage)
    return replace(event, rounds=event.rounds + (Round(number, stage, tuple(matches), third_place=third),))


def _check_next_round(event: Event, number: int) -> None:
    """Round ``number`` is the next one to pair."""
    if number != len(event.rounds) + 1:
        raise LyceeError(_("round {number} cannot be paired now (next is {x})", number=number, x=len(event.rounds) + 1))


def _before_round_one(event: Event, payload: Pair) -> Event:
    """Round 1 of a limited event waits for its decks (G-SEALED, G-DRAFT-4);
    a blank round count is fixed now (L-ROUNDS)."""
    if event.build is not None or event.kind in ("sealed", "draft"):
        # the deck rules (and the card catalog) load for round 1 of a limited event only
        from core.rules.builds import check_build_done

        check_build_done(event)
    return fix_rounds(event, payload)


def _check_known(pid: str | None, known) -> None:
    """A seat of a pairing is empty or a registered player's."""
    if pid is not None and not known(pid):
        raise NotFound(_("no player {pid!r}", pid=pid))


def _paired_match(table, known) -> Match:
    """A table of a ``pair`` action as a match not yet played (a bye won 2-0), its players known."""
    p1, p2 = table.p1, table.p2
    _check_known(p1, known)
    _check_known(p2, known)
    why = tuple(map(tuple, table.why)) if table.why else ()  # core.reports.explain
    # (positional: a replayed file pairs thousands of tables)
    if p2 is None:
        return Match(table.table, p1, None, 2, 0, 0, "bye", table.note, (), 0, False, why)
    return Match(table.table, p1, p2, 0, 0, 0, None, table.note, (), 0, False, why)


def _played_tables(rnd: Round) -> list[int]:
    """The tables of ``rnd`` with a result (a bye not counted)."""
    return [m.table for m in rnd.matches if m.reported and not m.is_bye]


@action("unpair")
def _unpair(event, payload: Unpair):
    """Take back the pairing of the current round before it starts, so it can
    be paired again: refused once a result is in or the round clock started."""
    rnd = _current_round_numbered(event, payload.round)
    played = _played_tables(rnd)
    if played:
        raise LyceeError(
            _(
                "round {number} has results (tables {x}): it cannot be paired again",
                number=rnd.number,
                x=", ".join(map(str, played)),
            )
        )
    if rnd.clock is not None:
        raise LyceeError(_("round {number} has started (its clock runs): it cannot be paired again", number=rnd.number))
    return replace(event, rounds=event.rounds[:-1])


def _current_round_numbered(event: Event, number: int) -> Round:
    """The current round, which must be round ``number``."""
    rnd = event.current_round
    if rnd is None or rnd.number != number:
        raise LyceeError(_("round {round} is not the current round", round=number))
    return rnd


@describer("unpair")
def _describe_unpair(payload: Unpair) -> str:
    return _("took back the pairing of round {r}", r=payload.round)


def _match_started(m: Match) -> str | None:
    """Why ``m`` has started whatever a judge saw (a result, games entered), or None."""
    if m.reported and not m.intentional:
        return _("table {t} already has a result (the match is over)", t=m.table)
    if m.games:
        return _("games were entered at table {t} (the match has started)", t=m.table)
    return None


def _clock_started(rnd: Round, m: Match) -> str:
    """The round clock's start, which counts as the start of the table of ``m`` (G-ID-1/2)."""
    assert rnd.clock is not None
    at = datetime.fromisoformat(rnd.clock.started_at).strftime("%H:%M:%S")
    return _("round {r}'s clock started at {at}, which counts as table {t}'s start", r=rnd.number, at=at, t=m.table)


def _legacy_override_holds(m: Match, legacy_override: str | None) -> bool:
    """A log written before G-ID-2 was enforced kept an override, unless the match already had a result."""
    return bool(legacy_override) and not (m.reported and not m.intentional)


def _intentional_note(
    event: Event, rnd: Round, m: Match, legacy_override: str | None = None, not_started_by: str | None = None
) -> str:
    """G-ID-1/2: an intentional draw only before the match starts, and the
    match starts table by table, when both its players begin shuffling.  The
    round clock's start presumes every table started then; a judge who saw
    that this table had not (``not_started_by``) records it, and the note
    keeps the judge's name (a staff member who plays at the table may not:
    L-STAFF-PLAYS).  Games entered or a result mean the match has started,
    whoever says otherwise.  ``legacy_override`` (``override_by`` in logs
    written before G-ID-2 was enforced) keeps those events opening as they
    were recorded."""
    why = _match_started(m)
    if why is None and rnd.clock is not None:
        if not_started_by:
            judge = require_table_judge(event, m, not_started_by, "G-ID-1")
            return not_started_note(judge)
        why = _clock_started(rnd, m)
    if why is None:
        return "ID"
    return _started_anyway(rnd, m, why, legacy_override)


def _started_anyway(rnd: Round, m: Match, why: str, legacy_override: str | None) -> str:
    """An intentional draw once the match started (``why``): kept by an old
    log's head-judge override, else refused (G-ID-2)."""
    if _legacy_override_holds(m, legacy_override):
        return f"ID (head judge {legacy_override} overrode G-ID-2)"
    raise _id_refusal(rnd, m, why)


def _id_refusal(rnd: Round, m: Match, why: str) -> RuleError:
    """G-ID-2: no intentional draw once the match started (``why``); while
    the clock's start is all that says so, the judge who saw the table not
    started may record that."""
    if rnd.clock is not None and not m.games and not m.reported:
        return RuleError(
            _(
                "no intentional draw: {why}; if its players had not begun shuffling, the judge who saw it "
                "records that: `lycee result EVENT {t} id --not-started --by JUDGE` (in the app, answer "
                "the question naming the judge)",
                why=why,
                t=m.table,
            ),
            "G-ID-2",
        )
    return RuleError(
        _(
            "no intentional draw: {why}; it must be agreed and told to a judge before the match starts (G-ID-1)",
            why=why,
        ),
        "G-ID-2",
    )


def not_started_note(judge: str) -> str:
    """The note of an intentional draw a judge allowed because the table had
    not started at the clock (G-ID-1/2); read back by ``core.labels.id_ruling``."""
    return f"ID (not started at the clock: judge {judge})"


def require_table_judge(event: Event, m: Match, name: str, rule: str) -> str:
    """``name`` as recorded when they are the organizer, a judge or the head
    judge and play at neither side of ``m`` (L-STAFF-PLAYS); else refused."""
    who = pin_staff(event, name)
    if who is None:
        raise RuleError(
            _("{name!r} is not a judge of the event (organizer, judges, head judge)", name=name),
            rule,
        )
    require_not_playing(event, who, m)
    return who


#: Why a match was recorded as a loss without being played (the note
#: ``core.event.changes.forfeit`` writes: "drop G-DROP-2", "excluded G-PEN-2", "late G-LATE-1"...).
FORFEIT_WHYS = ("drop", "excluded", "penalty", "late")
_FORFEIT_NOTE = re.compile(r"^(%s) G-[A-Z0-9-]+$" % "|".join(FORFEIT_WHYS))


def is_forfeit(m: Match) -> bool:
    """The result was recorded by a drop, an exclusion, a penalty or
    lateness, not played (G-DROP-2, G-PEN-2, G-LATE-1)."""
    return bool(_FORFEIT_NOTE.match(m.note or ""))


def _result_words(m: Match) -> str:
    if m.intentional:
        return "ID"
    return f"{m.p1_wins}-{m.p2_wins}" + (f"-{m.draws}" if m.draws else "") + (f" ({m.note})" if m.note else "")


def protected_reason(event: Event, rnd: Round, m: Match) -> str | None:
    """Why a recorded result may change only by undo or the head judge's
    correction (the command line in README.md, ``--correct``): a forfeit recorded by a
    drop or an exclusion, a finished event, a Swiss round under a top cut."""
    if is_forfeit(m):
        return _("the loss at table {t} was recorded by {why} ({note})", t=m.table, why=m.note.split()[0], note=m.note)
    # the bracket's engine loads for a correction only: recording a result never needs it
    from core.tournament.elimination import event_finished

    if event_finished(event):
        return _("the event is finished (the final is decided)")
    if rnd.stage == "swiss" and _top_cut_made(event):
        return _("round {r} is a Swiss round and the top cut was made from it", r=rnd.number)
    return None


def check_correction(event: Event, rnd: Round, m: Match, payload: ResultAction) -> str | None:
    """A result on a table that has one is a correction: refused unless
    ``correct`` is given; a protected result (:func:`protected_reason`) also
    needs ``correct_by``, the head judge, whose name the log keeps.
    Returns the head judge's name when one corrected, else None."""
    if not m.reported:
        return None
    if not payload.correct:
        raise LyceeError(
            _(
                "round {r} table {t} already has a result ({old}): to replace it, enter it "
                "with --correct (the app asks first)",
                r=rnd.number,
                t=m.table,
                old=_result_words(m),
            )
        )
    why = protected_reason(event, rnd, m)
    if why is None:
        return None
    return _correcting_head_judge(event, m, payload.correct_by, why)


def _correcting_head_judge(event: Event, m: Match, by: str | None, why: str) -> str:
    """The head judge who corrects a protected result (``why``), named, not playing at the table."""
    if not by:
        raise RuleError(
            _(
                "{why}: it changes only by undo (`lycee undo`) or the head judge's correction "
                "(--correct --by HEAD_JUDGE)",
                why=why,
            ),
            "G-HEAD-JUDGE",
        )

    hj = require_head_judge(event, by, "G-HEAD-JUDGE")
    require_not_playing(event, hj, m)  # L-STAFF-PLAYS
    return hj


def _given(value: int | UnsetType, default: int) -> int:
    return default if isinstance(value, UnsetType) else value


@action("result")
def _result(event, payload: ResultAction):
    """One match result.  ``games`` (optional) is the game-by-game entry the
    result is derived from; ``intentional`` an intentional draw (G-ID-1/2,
    refused once the match started: G-ID-2 has no exception)."""
    rnd, m = table_of(event, payload.round, payload.table)
    return set_match(event, rnd, result_match(event, rnd, m, payload))


def _result_of_games(
    event: Event, rnd: Round, payload: ResultAction, games: tuple[str, ...]
) -> tuple[Result, tuple[str, ...]]:
    """The result the listed ``games`` give (wins also given must agree with them)."""
    r = result_from_games(games, event.match, rnd.stage)
    given = (_given(payload.p1_wins, r.p1_wins), _given(payload.p2_wins, r.p2_wins), _given(payload.draws, r.draws))
    if given != (r.p1_wins, r.p2_wins, r.draws):
        raise LyceeError(_("the games give {x}, not {x2}", x=r.text(), x2="-".join(map(str, given))))
    return r, games


def _entered_result(event: Event, rnd: Round, payload: ResultAction) -> tuple[Result, tuple[str, ...] | None]:
    """The result ``payload`` enters, and its games when it lists them (the
    games decide; wins it also gives must agree with them)."""
    if payload.games is not None:
        return _result_of_games(event, rnd, payload, tuple(payload.games))
    return _typed_result(payload), None


def _typed_result(payload: ResultAction) -> Result:
    """The result ``payload`` types as wins (and draws, 0 when not given)."""
    if payload.p1_wins is UNSET or payload.p2_wins is UNSET:
        missing = "p1_wins" if payload.p1_wins is UNSET else "p2_wins"
        raise LyceeError(_("a result without games needs {key}", key=missing))
    draws = 0 if payload.draws is UNSET else payload.draws
    return Result(payload.p1_wins, payload.p2_wins, draws, payload.intentional)


def _kept_note(m: Match) -> str:
    """The note that says what the match is (third-place match, replay, the
    extra game that decides it: G-SE): it stays with a new result."""
    if m.note.startswith(labels.TIME_EXTRA_GAME) or m.note in (THIRD_PLACE, THIRD_PLACE_PLANNED, REPLAY):
        return m.note
    return ""


def _games_kept(r: Result, m: Match) -> tuple[str, ...]:
    """The games entered at the table before, which a result without games must agree with."""
    if m.games and not agrees_with_games(r, m.games):
        raise LyceeError(
            _(
                "{x} disagrees with the games entered at table {table} ({x2}): enter the games, or undo them first",
                x=r.text(),
                table=m.table,
                x2=", ".join(m.games),
            )
        )
    return m.games


def _check_id_not_after_result(event: Event, rnd: Round, m: Match) -> None:
    """G-ID-2: an intentional draw entered over a result is refused (the match is over)."""
    if m.reported and not m.intentional:
        _intentional_note(event, rnd, m)


def result_match(event: Event, rnd: Round, m: Match, payload: ResultAction) -> Match:
    """``m`` (at its table of ``rnd``) with the result of ``payload``, or the
    refusal of the ``result`` reducer.  Of ``event`` only its match type is
    read, and whatever a correction (``payload.correct``) checks."""
    if m.p2 is None:  # a bye (Match.is_bye)
        raise RuleError(_("table {table} is a bye: it takes no result", table=m.table), "G-SWISS-POINTS")
    if payload.intentional:
        _check_id_not_after_result(event, rnd, m)
    corrected_by = check_correction(event, rnd, m, payload) if m.outcome is not None else None  # (a correction)
    r, games = _entered_result(event, rnd, payload)
    note = _with_correction(_result_note(event, rnd, m, payload, r.intentional), corrected_by)
    check_result(r, event.match, rnd.stage)
    games = _games_after(r, m, games)
    # built directly, not with dataclasses.replace: half the time, and a replayed
    # file makes one a match (the fields are checked below)
    return Match(
        m.table, m.p1, m.p2, r.p1_wins, r.p2_wins, r.draws, r.outcome, note, games, m.extension, r.intentional, m.why
    )


def _games_after(r: Result, m: Match, listed: tuple[str, ...] | None) -> tuple[str, ...]:
    """The games the match keeps with result ``r``: none for an intentional
    draw, those ``listed``, else those entered before (which ``r`` must agree with)."""
    if r.intentional:
        return ()
    if listed is None:
        return _games_kept(r, m)
    return listed


def _result_note(event: Event, rnd: Round, m: Match, payload: ResultAction, intentional: bool) -> str:
    """The note of the match after the result: the intentional draw's ruling, the one typed, else the one kept."""
    if intentional:
        return _intentional_note(event, rnd, m, payload.override_by, payload.not_started_by)
    return _kept_note(m) if payload.note is UNSET else payload.note


def _with_correction(note: str, corrected_by: str | None) -> str:
    """The note with the head judge who corrected the result named after it (as it is when no correction)."""
    if not corrected_by:
        return note
    return (note + " " if note else "") + f"(corrected by head judge {corrected_by})"


# The fields of Match in the order result_match and the pair reducer pass them.
if tuple(f.name for f in fields(Match)) != (
    "table",
    "p1",
    "p2",
    "p1_wins",
    "p2_wins",
    "draws",
    "outcome",
    "note",
    "games",
    "extension",
    "intentional",
    "why",
):
    raise TypeError("core.rules.results: Match's fields changed: update result_match")


def _index_at(matches: list[Match], table: int) -> int | None:
    """Where in ``matches`` :meth:`Round.match_at` finds ``table``."""
    i = table - 1 if isinstance(table, int) else -1
    if 0 <= i < len(matches) and matches[i].table == table:
        return i
    return next((k for k, m in enumerate(matches) if m.table == table), None)


def _result_into(event: Event, rnd: Round, matches: list[Match], p: ResultAction) -> LyceeError | None:
    """The result ``p`` put into ``matches`` (the round's, in table order), or its refusal (``matches`` unchanged)."""
    try:
        i = _index_at(matches, p.table)
        if i is None:
            raise NotFound(_("round {number} has no table {table}", number=rnd.number, table=p.table))
        matches[i] = result_match(event, rnd, matches[i], p)
    except LyceeError as err:
        return err
    return None


def _check_no_correction(payloads: list[ResultAction]) -> None:
    """A correction is applied by itself (core.rules.apply), never in a batch."""
    if any(p.correct for p in payloads):
        raise ValueError("apply_results: a correction is applied by core.rules.apply")


def apply_results(event: Event, number: int, payloads: list[ResultAction]) -> tuple[Event, list[LyceeError | None]]:
    """``result`` actions of round ``number`` applied in turn, as
    ``core.rules.apply`` gives them one by one, but with the round and the
    event built once for all of them (a replayed file): the event
    after them, and each one's refusal (a refused one changes nothing) or
    None.  For results that are no corrections (``correct`` unset), whose
    checks read only their own match, the round's clock and the match type:
    a correction is refused here (ValueError) and is applied by itself."""
    _check_no_correction(payloads)
    try:
        rnd = round_of(event, number)
    except LyceeError as err:
        return event, [err] * len(payloads)
    matches = list(rnd.matches)
    errors = _results_into(event, rnd, matches, payloads)
    if all(e is not None for e in errors):
        return event, errors
    return event.with_round(replace(rnd, matches=tuple(matches))), errors


def _results_into(
    event: Event, rnd: Round, matches: list[Match], payloads: list[ResultAction]
) -> list[LyceeError | None]:
    """Each result of round ``rnd`` put into ``matches`` in turn: each one's refusal, or None."""
    errors: list[LyceeError | None] = []
    for p in payloads:
        if p.round != rnd.number:
            raise ValueError("apply_results: every result is of round number")
        errors.append(_result_into(event, rnd, matches, p))
    return errors


@action("game")
def _game(event, payload: Game):
    """One more game at a table (G-CONCEDE: a concession is a game loss; in
    best of three the match goes on while nobody has two wins).  When the
    game ends the match (G-BO3, G-BO1) the match result is set from the games."""
    rnd, m = table_of(event, payload.round, payload.table)
    _check_game_open(event, m)
    return add_game(event, rnd, m, payload.game)


def _check_game_open(event: Event, m: Match) -> None:
    """A game is played at a table with two players whose match is not over (G-BO3, G-BO1)."""
    rule = "G-BO1" if event.match == "bo1" else "G-BO3"
    if m.is_bye:
        raise RuleError(_("table {table} is a bye: no games are played", table=m.table), "G-SWISS-POINTS")
    if m.reported:
        raise RuleError(
            _(
                "the match at table {table} is over ({outcome}): no more games",
                table=m.table,
                outcome=labels.match_outcome_label(m.outcome or "", player_name(event, m.p1), player_name(event, m.p2)),
            ),
            rule,
        )


def add_game(event: Event, rnd: Round, m: Match, code: str) -> Event:
    """``m`` with one more game; when it ends the match (G-BO3, G-BO1) the
    match result is set from the games."""
    games = m.games + (code,)
    check_games(games, event.match)
    if match_over(games, event.match):
        r = result_from_games(games, event.match, rnd.stage)
        new = replace(m, games=games, p1_wins=r.p1_wins, p2_wins=r.p2_wins, draws=r.draws, outcome=r.outcome)
    else:
        new = replace(m, games=games)
    return set_match(event, rnd, new)


ID_DECISIONS = ("replay", "no_winner")


def _check_id_decision_table(rnd: Round, m: Match, decision: str) -> None:
    """G-ID-3: replay or no winner, for a drawn match of an elimination or playoff round (no bye)."""
    if decision not in ID_DECISIONS:
        raise LyceeError(_("decision {decision!r}: choose replay or no_winner", decision=decision))
    if rnd.stage not in ("top", "playoff"):
        raise RuleError(
            _(
                "round {number} is a Swiss round: an intentional draw there is simply a draw (enter it as the result 'id')",
                number=rnd.number,
            ),
            "G-ID-3",
        )
    if m.is_bye:
        raise RuleError(_("table {table} is a bye", table=m.table), "G-ID-3")


@action("id_decision")
def _id_decision(event, payload: IdDecision):
    """G-ID-3: where a ranking is needed (an elimination or playoff match), the
    organizer orders a replay of an intentionally drawn match or, in the final
    only, declares no winner (優勝者不在: see
    :func:`core.tournament.elimination.no_winner_refusal`).  The draw itself
    follows G-ID-1/2 (``override_by``: head judge)."""
    rnd, m = table_of(event, payload.round, payload.table)
    decision = payload.decision
    _check_id_decision_table(rnd, m, decision)
    org = require_organizer(event, payload.by, "G-ID-3")
    require_not_playing(event, org, m)  # L-STAFF-PLAYS
    if not m.intentional:
        _intentional_note(event, rnd, m, payload.override_by)
    # the bracket's engine loads with an elimination decision only: a Swiss result never needs it
    from core.tournament.elimination import no_winner_refusal, replay_match

    if decision == "replay":
        return set_match(event, rnd, replay_match(m))
    why = no_winner_refusal(event, rnd, m)  # no champion is the final's answer only
    if why and written_format() >= 4:  # an event stored before still opens as it was played
        raise RuleError(why, "G-ID-3")
    return set_match(event, rnd, _no_winner(m, org))


def _no_winner(m: Match, org: str) -> Match:
    """G-ID-3: the final's intentional draw left without a winner, by the organizer ``org``."""
    return replace(
        m,
        p1_wins=0,
        p2_wins=0,
        draws=0,
        outcome="draw",
        intentional=True,
        games=(),
        note=f"ID: no winner, decided by {org} (G-ID-3)",
    )


TIME_DECISIONS = ("extra_game", "winner")


def _check_time_decision(rnd: Round, m: Match, payload: TimeDecision) -> None:
    """A decision at time is taken for a match of an elimination or playoff
    round without a result (G-SE; a Swiss draw at time simply stands, G-TIME)."""
    if payload.decision not in TIME_DECISIONS:
        raise LyceeError(_("decision {what!r}: choose extra_game or winner", what=payload.decision))
    if rnd.stage not in ("top", "playoff"):
        raise RuleError(
            _("round {number} is a Swiss round: a draw at time simply stands (G-TIME)", number=rnd.number), "G-SE"
        )
    if m.is_bye:
        raise RuleError(_("table {table} is a bye", table=m.table), "G-SE")
    if m.reported:
        raise LyceeError(_("round {r} table {t} already has a result: correct it instead", r=rnd.number, t=m.table))


def _winner_reason(m: Match, payload: TimeDecision) -> str:
    """The organizer's reason for the winner named at time, who plays at the table."""
    if payload.winner not in m.players():
        raise LyceeError(_("the winner must be one of the two players of table {t}", t=m.table))
    reason = payload.reason.strip()
    if not reason:
        raise LyceeError(_("naming the winner needs the organizer's reason (--reason TEXT)"))
    return reason


@action("time_decision")
def _time_decision(event, payload: TimeDecision):
    """A time-out with equal game wins in an elimination or playoff match
    (G-BO3-TIME, G-TIME: a draw; G-SE: an elimination match must name a
    winner): the organizer orders an extra game (the match stays open with
    the games at time; the next result decides it) or names the winner with a
    reason (the match is recorded with the games at time and that winner).
    The match note keeps the decision, who made it and why."""
    rnd, m = table_of(event, payload.round, payload.table)
    _check_time_decision(rnd, m, payload)
    r = Result(payload.p1_wins, payload.p2_wins, payload.draws)
    check_result(r, event.match, "swiss")  # the games at time are possible ones
    if r.outcome != "draw":
        raise RuleError(_("{score} names a winner: enter it as the result", score=r.text()), "G-BO3-TIME")

    org = require_organizer(event, payload.by, "G-SE")
    if payload.decision == "extra_game":
        return set_match(event, rnd, _extra_game(m, r, org))
    return set_match(event, rnd, _winner_named(m, r, org, payload))


def _extra_game(m: Match, r: Result, org: str) -> Match:
    """The match left open with the games at time ``r``: an extra game decides it (G-SE).
    The note that makes it the third-place match stays (the log keeps the call)."""
    note = m.note if m.note == THIRD_PLACE else f"{labels.TIME_EXTRA_GAME} at {r.text()} by {org}"
    return replace(m, p1_wins=r.p1_wins, p2_wins=r.p2_wins, draws=r.draws, note=note)


def _winner_named(m: Match, r: Result, org: str, payload: TimeDecision) -> Match:
    """The match recorded with the games at time ``r`` and the winner the organizer names, with the reason
    (a third-place match is decided by an extra game only)."""
    if m.note == THIRD_PLACE:
        raise RuleError(
            _("the third-place match at table {t} is decided by an extra game (--extra-game)", t=m.table), "G-SE"
        )
    reason = _winner_reason(m, payload)
    return replace(
        m,
        p1_wins=r.p1_wins,
        p2_wins=r.p2_wins,
        draws=r.draws,
        outcome="p1" if payload.winner == m.p1 else "p2",
        note=f"{labels.TIME_WINNER_NAMED} at {r.text()} by {org}: {reason}",
    )


@describer("time_decision")
def _describe_time_decision(payload: TimeDecision) -> str:
    score = Result(payload.p1_wins, payload.p2_wins, payload.draws).text()
    if payload.decision == "extra_game":
        return _(
            "time out round {r} table {t} at {score}: extra game (by {by})",
            r=payload.round,
            t=payload.table,
            score=score,
            by=payload.by,
        )
    return _(
        "time out round {r} table {t} at {score}: winner {winner} named (by {by}: {reason})",
        r=payload.round,
        t=payload.table,
        score=score,
        winner=payload.winner or "",
        by=payload.by,
        reason=payload.reason,
    )


@describer("pair")
def _describe_pair(payload: Pair) -> str:
    line = _(
        "paired round {r} ({stage}, {n} tables)",
        r=payload.round,
        stage=labels.stage_label(payload.stage),
        n=len(payload.matches),
    )
    if payload.rounds_fixed:
        line += " · " + _("rounds fixed at {n}", n=payload.rounds_fixed)
    return line


@describer("result")
def _describe_result(payload: ResultAction) -> str:
    line = _(
        "result round {r} table {t}: {res}", r=payload.round, t=payload.table, res=labels.result_label(payload.result)
    )
    if payload.correct:
        line += " · " + _correction_words(payload.correct_by)
    if payload.time_called:
        line += " · " + _("time called (G-BO3-TIME)")
    if payload.reason:
        line += " · " + _("reason: {reason}", reason=payload.reason)
    return line


def _correction_words(by: str | None) -> str:
    """A correction in the trail, with the head judge who made it when named."""
    return _("correction by head judge {by}", by=by) if by else _("correction")


@describer("game")
def _describe_game(payload: Game) -> str:
    return _("game round {r} table {t}: {game}", r=payload.round, t=payload.table, game=labels.game_label(payload.game))


@describer("id_decision")
def _describe_id_decision(payload: IdDecision) -> str:
    return _(
        "intentional draw round {r} table {t}: {decision} (by {by})",
        r=payload.round,
        t=payload.table,
        decision=labels.id_decision_label(payload.decision),
        by=payload.by or "",
    )
