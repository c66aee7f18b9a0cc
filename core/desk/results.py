"""The desk's results: a match result typed or checked by the read model, corrections,
game by game, and the organizer's decisions at time (core.rules.results, G-BO3, G-ID-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core import labels, rules
from core.desk.base import DeskBase
from core.errors import LyceeError, RuleError
from core.event.model import Event
from core.i18n import _
from core.log.actions import (
    UNSET,
    Game,
    IdDecision,
    ResultAction,
    TimeDecision,
)
from core.rules.clock import needs_time_call
from core.rules.results import check_correction
from core.tournament.matchrules import Result, check_result, parse_result, result_from_games

if TYPE_CHECKING:
    from core.readmodel import ResultCheck

# Imported inside the methods that use them (one reason for all): the pairing and elimination
# engines, explanations, what a correction breaks (core.reports.later), the card engine and
# the decklist rules (core.cards), phone codes and members, which `lycee result` never loads
# (tests/test_cli_engine.py, benchmarks/cli.py).


def mark_time_call(why: str | None, time_called: bool, data: dict, match: str = "bo3") -> None:
    """G-BO3-TIME (G-BO1 in best of one: a game unfinished at time is a
    draw): ``why`` (the reason a time call is needed, or None) refuses the
    result unless ``time_called``; then ``data`` (the action's) notes it."""
    if why is None:
        return
    if not time_called:
        raise RuleError(why, "G-BO1" if match == "bo1" else "G-BO3-TIME")
    data["time_called"] = True


def refuse_repeated_tables(tables) -> None:
    """A batch of results naming a table twice is refused whole (which line
    is meant?): nothing of it may be stored.  ``tables``: the table of each
    line, in order (lines counted from 1)."""
    seen: dict[int, int] = {}
    for i, table in enumerate(tables, 1):
        if table in seen:
            raise LyceeError(
                _(
                    "table {t} is given twice (lines {a} and {b}): the whole batch is refused, nothing was recorded",
                    t=table,
                    a=seen[table],
                    b=i,
                )
            )
        seen[table] = i


class ResultsDesk(DeskBase):
    def result_data(
        self,
        table: int,
        text: str | Result,
        round_number: int | None = None,
        note: str = "",
        *,
        correct: bool = False,
        correct_by: str | None = None,
        time_called: bool = False,
        checked: ResultCheck | None = None,
        reason: str = "",
        not_started_by: str | None = None,
    ) -> ResultAction:
        """The ``result`` action's payload for ``text`` at ``table`` (not stored).

        ``correct`` replaces a result already recorded (else refused);
        ``correct_by`` names the head judge for a protected result (a drop's
        forfeit, a finished event, a Swiss round under a top cut).
        ``time_called``: a result only time can produce, entered while the
        round still has time (G-BO3-TIME), refused without it.
        ``checked``: the read model's pre-check of this very entry (``text``
        is then its parsed Result): its time-call reason is used, not
        computed again, and the match rules are left to the result rule.
        ``reason``: why a correction is made (kept in the log)."""
        number = self._round_number(round_number)
        r = text if isinstance(text, Result) else parse_result(text)
        marks: dict = {}
        if checked is None:
            self.check_time_call(number, int(table), r, time_called, marks)
        else:
            mark_time_call(checked.time_reason, time_called, marks, self.event.match)
        return ResultAction(
            round=number,
            table=int(table),
            p1_wins=r.p1_wins,
            p2_wins=r.p2_wins,
            draws=r.draws,
            result=r.text(),
            intentional=r.intentional,
            note=note or UNSET,
            correct=correct,
            correct_by=(correct_by or None) if correct else None,
            time_called=marks.get("time_called", False),
            reason=reason.strip(),
            not_started_by=(not_started_by or None) if r.intentional else None,
        )

    def check_time_call(self, number: int, table: int, r, time_called: bool, data: dict) -> None:
        """Refuse ``r`` (a Result) at ``table`` when only time can produce it
        and the table still has time, unless ``time_called``; then mark
        ``data`` (``time_called``, for the action's payload) so the log notes it (G-BO3-TIME)."""

        ev = self.event
        check_result(r, ev.match, ev.rounds[number - 1].stage)  # the match rules speak first
        mark_time_call(needs_time_call(self.event, number, table, r, self.now()), time_called, data, ev.match)

    def record(
        self,
        table: int,
        text: str,
        round_number: int | None = None,
        note: str = "",
        *,
        correct: bool = False,
        correct_by: str | None = None,
        time_called: bool = False,
        reason: str = "",
        then: str | None = None,
        not_started_by: str | None = None,
    ) -> Event:
        """Record ``text`` (``2-1``, ``1-1-1``, ``id``) at ``table`` of the
        current round (or ``round_number``).  ``id`` follows G-ID-1/2: refused
        once the match has started (no override).  See :meth:`result_data`
        for ``correct``, ``correct_by``, ``time_called`` and ``reason``; :meth:`store_result`
        for ``then`` (what a correction does to a later round: ``repair`` or ``keep``)."""
        data = self.result_data(
            table,
            text,
            round_number,
            note,
            correct=correct,
            correct_by=correct_by,
            time_called=time_called,
            reason=reason,
            not_started_by=not_started_by,
        )
        return self.store_result(data, then=then, by=correct_by)

    def correction_check(self, table: int, text: str, round_number: int, correct_by: str | None = None):
        """A correction of ``table`` of round ``round_number`` to ``text``,
        checked but not stored: (its ``result`` payload, what it breaks in
        later rounds: a core.reports.later.Later or None; L-LATER).  Refused
        (RuleError G-HEAD-JUDGE) when the result is protected and
        ``correct_by`` does not name the head judge."""
        # lazy: the reports engine, which `lycee result` never loads
        from core.reports.later import consequences

        data = self.result_data(table, text, round_number, correct=True, correct_by=correct_by)
        ev = self.event
        after = rules.apply(ev, {"type": "result", "data": data})  # the result rule refuses first
        return data, consequences(ev, after, data)

    def store_result(self, data: ResultAction, then: str | None = None, by: str | None = None) -> Event:
        """Store the ``result`` action ``data``.  A correction that breaks a
        later fact (L-LATER, core.rules.rulings) is refused unless ``then``
        says what becomes of the later round: ``repair`` pairs it again (it
        has no result yet), ``keep`` keeps it as played by the ruling of the
        head judge ``by``; all in one journal record."""
        ev = self.event
        if not data.correct:
            return self.store.append("result", data, self.actor, device=self.device)
        _check_changes_something(ev, data)
        if data.round >= len(ev.rounds):
            return self.store.append("result", data, self.actor, device=self.device)
        # lazy: the reports engine, which `lycee result` never loads
        from core.reports.later import later_actions

        after = rules.apply(ev, {"type": "result", "data": data})  # the result rule refuses first
        acts = later_actions(self, ev, after, data, then, by)
        return self.append_all([("result", data), *acts])

    def record_checked(
        self,
        check: ResultCheck,
        *,
        correct: bool = False,
        time_called: bool = False,
        not_started_by: str | None = None,
    ) -> Event:
        """Record an entry pre-checked by the read model
        (``core.readmodel.precheck_result``) once its questions are answered:
        ``correct`` (the replacement was confirmed), ``time_called`` (the time
        call was).  Nothing is parsed again; the result rule checks it as it
        is stored."""
        data = self.result_data(
            check.table,
            check.result,
            check.round_number,
            correct=correct,
            time_called=time_called,
            checked=check,
            not_started_by=not_started_by,
        )
        return self.store_result(data)

    # -- game by game (G-BO3, G-BO1, G-CONCEDE, G-NEXT-GAME) ---------------------
    def add_game(self, table: int, *games: str, round_number: int | None = None) -> Event:
        """One more game (or several, all or none) at ``table`` (``p1``, ``p2``,
        ``draw``, ``concede-p1``...); the match result is set when a game ends
        the match."""
        number = self._round_number(round_number)
        return self.append_all([("game", Game(round=number, table=int(table), game=code)) for code in games])

    def record_games(
        self,
        table: int,
        games: list[str],
        round_number: int | None = None,
        note: str = "",
        *,
        time_called: bool = False,
    ) -> Event:
        """The match result from its games: the winner once the match is
        over, or the result at time (G-BO3-TIME, G-TIME)."""
        number = self._round_number(round_number)
        rnd = self.event.rounds[number - 1]
        r = result_from_games(games, self.event.match, rnd.stage)
        marks: dict = {}
        self.check_time_call(number, int(table), r, time_called, marks)
        return self.store.append(
            "result",
            ResultAction(
                round=number,
                table=int(table),
                games=list(games),
                p1_wins=r.p1_wins,
                p2_wins=r.p2_wins,
                draws=r.draws,
                result=r.text(),
                note=note or UNSET,
                time_called=marks.get("time_called", False),
            ),
            self.actor,
            device=self.device,
        )

    def games_at_time(
        self, table: int, games=(), round_number: int | None = None, *, time_called: bool = False
    ) -> Event:
        """Time is up at ``table`` (``lycee game TABLE [GAME...] --time``): the
        last ``games`` are added, then the match result is recorded from all
        its games (G-BO3-TIME, G-TIME) unless a game already ended the match.
        While the table still has time the judge must have called it there
        (``time_called``, G-BO3-TIME); that is checked before any game is
        stored, so a refusal changes nothing."""
        ev = self.event
        if games and ev.rounds:
            rnd = ev.rounds[self._round_number(round_number) - 1]
            m = rnd.match_at(table)
            if m is not None and not m.reported and not m.is_bye:
                r = result_from_games(m.games + tuple(games), ev.match, rnd.stage)
                self.check_time_call(rnd.number, int(table), r, time_called, {})
        if games:
            self.add_game(table, *games, round_number=round_number)
        number = self._round_number(round_number)
        m = self.event.rounds[number - 1].match_at(table)
        if m is None:
            raise LyceeError(_("round {r} has no table {t}", r=number, t=table))
        if not m.reported:
            self.record_games(table, list(m.games), round_number=round_number, time_called=time_called)
        return self.event

    def id_decision(self, table: int, decision: str, by: str, round_number: int | None = None) -> Event:
        """G-ID-3: the organizer ``by`` orders a ``replay`` of an intentionally
        drawn elimination/playoff match, or declares ``no_winner``; the draw
        itself follows G-ID-1/2 (no exception once the match started)."""
        number = self._round_number(round_number)
        return self.store.append(
            "id_decision",
            IdDecision(round=number, table=int(table), decision=decision, by=by),
            self.actor,
            device=self.device,
        )

    def time_decision(
        self,
        table: int,
        text: str,
        decision: str,
        by: str,
        *,
        winner: str | None = None,
        reason: str = "",
        time_called: bool = False,
        round_number: int | None = None,
    ) -> Event:
        """A time-out with equal game wins (``text``, e.g. ``1-1``) in an
        elimination or playoff match (G-SE): the organizer ``by`` orders an
        ``extra_game`` or names the ``winner`` (a player ref) with a
        ``reason``; one logged action.  While the table still has time the
        time call must be confirmed (``time_called``, G-BO3-TIME)."""

        number = self._round_number(round_number)
        r = parse_result(text)
        mark_time_call(needs_time_call(self.event, number, int(table), r, self.now()), time_called, {})
        return self.store.append(
            "time_decision",
            TimeDecision(
                round=number,
                table=int(table),
                decision=decision,
                by=by,
                p1_wins=r.p1_wins,
                p2_wins=r.p2_wins,
                draws=r.draws,
                winner=self.player(winner).id if winner else None,
                reason=reason.strip(),
            ),
            self.actor,
            device=self.device,
        )


def _check_changes_something(ev: Event, data: ResultAction) -> None:
    """A correction to the very result the table has (the same games won, no note, no head judge's
    name to add) is refused: it would be logged as a correction that changed nothing (L-LATER).
    Read off the stored match, so the result rule still checks the correction once, as it is stored."""
    rnd = ev.rounds[data.round - 1] if 1 <= data.round <= len(ev.rounds) else None
    was = rnd.match_at(data.table) if rnd is not None else None
    if rnd is None or was is None or data.games or data.correct_by or was.intentional != data.intentional:
        return
    if (was.p1_wins, was.p2_wins, was.draws) != (data.p1_wins, data.p2_wins, data.draws):
        return
    if data.note is not UNSET and data.note != was.note:
        return
    check_correction(ev, rnd, was, data)  # a protected result is refused as such first (G-SE, G-HEAD-JUDGE)
    raise LyceeError(
        _(
            "round {r} table {t} already has {res}: the correction changes nothing, nothing was stored",
            r=data.round,
            t=data.table,
            res=labels.result_label(data.result),
        )
    )
