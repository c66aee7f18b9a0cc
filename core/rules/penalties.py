"""Penalties: Notices and Warnings, their escalation, appeals, scorecard marks.

- G-PEN-1: staff (organizer, event staff, judges, the head judge) may
  sanction violations: exclusion from the event, match loss, game loss, a
  tournament penalty, or other.  A penalty by someone not on the staff is
  refused.  Each penalty carries its action (``none``, ``game_loss``,
  ``match_loss``, ``exclusion``, ``other``); a game or match loss applies to
  the player's match of that round while it has no result yet.
- G-PEN-2: penalties are Notice (注意) and Warning (警告); two Notices count as
  one Warning, and two Warnings exclude the player from the event.  So with
  ``n`` Notices and ``w`` Warnings in force the player is excluded as soon as
  ``n + 2w >= 4``.  An excluded player loses the current match (when it has no
  result yet) and is never paired again (``Player.excluded``).
- G-PEN-3: every penalty is marked on the scorecard, "N" or "W":
  :func:`scorecard_marks`.
- G-PEN-4: serious violations are reported to the publisher (outside this
  program; the history is here to report from).
- G-HEAD-JUDGE: a player may appeal to the head judge, whose ruling is final:
  the penalty is upheld, overturned (it no longer counts) or changed (to
  another level and/or action); one appeal per penalty.  When an appeal
  changes whether the player stands excluded, the exclusion follows (a match
  already recorded as lost stays: correct it with a result if needed).

Actions::

    {"type": "penalty", "data": {"player": "p3", "level": "notice|warning",
        "reason": "...", "by": "staff name", "action": "none", "round": 2, "table": 4}}
    {"type": "appeal", "data": {"penalty": 1, "outcome": "upheld|overturned|changed",
        "by": "head judge", "level": "...", "action": "...", "note": "..."}}

``penalty`` in an appeal is the penalty's number: its place in
``Event.penalties``, from 1.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from core import labels
from core.errors import LyceeError, NotFound, RuleError
from core.event.changes import double_loss, forfeit, forfeit_open, set_match
from core.event.lookups import player_match, round_of, stored_player
from core.event.model import (
    APPEAL_OUTCOMES,
    OVERTURE_PENALTY_LEVELS,
    PENALTY_ACTIONS,
    PENALTY_LEVELS,
    Event,
    Match,
    Penalty,
)
from core.i18n import _, join_sentences
from core.log import action, apply, describer, payload, written_format
from core.log.actions import Appeal, PenaltyAction
from core.rules.results import add_game, is_forfeit
from core.rules.staff import plays_in, require_head_judge, require_not_playing, require_staff

MARK = {"notice": "N", "warning": "W"}
EXCLUDE_AT = 4  # points: a Notice 1, a Warning 2 (G-PEN-2)
#: The actions that disqualify (G-PEN-1's exclusion; Overture's 失格, with or
#: without the record struck: O-PEN-2).
EXCLUSIONS = ("exclusion", "exclusion_struck")


def penalty_levels(event: Event) -> tuple[str, ...]:
    """The levels a penalty may have under the event's rule set: Notice and
    Warning (G-PEN-2); Overture adds 訓告, a caution not recorded (O-PEN-1)."""
    return OVERTURE_PENALTY_LEVELS if event.rules == "overture" else PENALTY_LEVELS


def penalty_actions(event: Event) -> tuple[str, ...]:
    """The actions a penalty may carry under the event's rule set (G-PEN-1);
    disqualification with the record struck (戦績の抹消) only under Overture (O-PEN-2)."""
    if event.rules == "overture":
        return PENALTY_ACTIONS
    return tuple(a for a in PENALTY_ACTIONS if a != "exclusion_struck")


def _check_level(event: Event, level: str, levels: tuple[str, ...]) -> None:
    if level in levels:
        return
    if event.rules == "overture":
        raise _overture_level_error(level, levels)
    if level == "caution":
        raise LyceeError(
            _(
                "penalty {level!r}: notice or warning (G-PEN-2); a caution (訓告) is given only under the Overture rules",
                level=level,
            )
        )
    raise LyceeError(_("penalty {level!r}: notice or warning (G-PEN-2)", level=level))


def _overture_level_error(level: str, levels: tuple[str, ...]) -> LyceeError:
    """O-PEN-1: a level the Overture rules have not (a caution only where ``levels`` have it)."""
    if "caution" in levels:
        return LyceeError(_("penalty {level!r}: caution, notice or warning (O-PEN-1)", level=level))
    return LyceeError(_("penalty {level!r}: notice or warning (O-PEN-1)", level=level))


def _check_action(event: Event, act: str) -> None:
    acts = penalty_actions(event)
    if act in acts:
        return
    if act == "exclusion_struck":
        raise RuleError(
            _(
                "striking a record (戦績の抹消) is a penalty of the Overture rules; this event follows "
                "the 2008 guideline: give an exclusion"
            ),
            "G-PEN-1",
        )
    raise LyceeError(
        _(
            "action {act!r}: choose one of {acts}",
            act=act,
            acts=labels.choices(acts, lambda a: labels.penalty_action_label(a, event.rules)),
        )
    )


@dataclass(frozen=True, slots=True)
class Tally:
    """A player's penalties in force (G-PEN-2)."""

    notices: int = 0
    warnings: int = 0

    @property
    def points(self) -> int:
        return self.notices + 2 * self.warnings

    @property
    def warning_equivalent(self) -> int:
        """Warnings, counting two Notices as one."""
        return self.points // 2

    @property
    def excluded(self) -> bool:
        return self.points >= EXCLUDE_AT


def tally(levels: Iterable[str | None]) -> Tally:
    n = w = 0
    for lv in levels:
        if lv == "notice":
            n += 1
        elif lv == "warning":
            w += 1
    return Tally(n, w)


def in_force(p: Penalty) -> tuple[str, str] | None:
    """(level, action) after any appeal; None when overturned."""
    a = p.appeal
    if not a:
        return p.level, p.action
    if a.get("outcome") == "overturned":
        return None
    if a.get("outcome") == "changed":
        return a.get("level", p.level), a.get("action", p.action)
    return p.level, p.action


def history(event: Event, pid: str) -> list[tuple[int, Penalty]]:
    """A player's penalties with their numbers (from 1), oldest first."""
    return [(i, p) for i, p in enumerate(event.penalties, 1) if p.player == pid]


def _forced(event: Event, pid: str) -> list[tuple[str, str]]:
    """The (level, action) of each penalty of ``pid`` in force (as the appeals left them), in order."""
    return [f for _n, p in history(event, pid) if (f := in_force(p)) is not None]


def player_tally(event: Event, pid: str) -> Tally:
    return tally(f[0] for f in _forced(event, pid))


def tally_line(event: Event, pid: str) -> str:
    """A player's penalties in force in one line (G-PEN-2), as the desk shows
    it after a penalty or a ruling: ``Ann: 1 Notice(s), 1 Warning(s) in
    force``, with `` · excluded`` once the player is excluded."""
    t = player_tally(event, pid)
    p = event.player(pid)
    line = _("{name}: {n} Notice(s), {w} Warning(s) in force", name=p.name, n=t.notices, w=t.warnings)
    if p.excluded:
        line += " · " + labels.player_status_label("excluded", event.rules)  # 失格 under Overture (O-PEN-2)
    return line


def _ruling_line(p: Penalty, a: dict, rules: str) -> str:
    """The head judge's ruling on the appeal ``a`` of ``p``: its outcome (the new level and action when changed), by whom."""
    if a.get("outcome") == "changed":
        return _(
            "appeal ruled: {outcome} to {level}, {action} (by {by})",
            outcome=labels.appeal_outcome_label(a["outcome"]),
            level=labels.penalty_level_label(a.get("level", p.level)),
            action=labels.penalty_action_label(a.get("action", p.action), rules),
            by=a.get("by", ""),
        )
    return _(
        "appeal ruled: {outcome} (by {by})",
        outcome=labels.appeal_outcome_label(a.get("outcome", "")),
        by=a.get("by", ""),
    )


def appeal_text(p: Penalty, rules: str = "2008") -> str:
    """A penalty's appeal in words (G-HEAD-JUDGE): ``appeal ruled: changed
    to Notice, no further action (by HJ): reason``; "" when not appealed."""
    a = p.appeal
    if not a:
        return ""
    line = _ruling_line(p, a, rules) + _one_judge_note(p, a)
    return _("{line}: {note}", line=line, note=a["note"]) if a.get("note") else line


def _one_judge_note(p: Penalty, a: dict) -> str:
    """ " · issued and heard by the head judge..." when one judge gave the penalty and heard its appeal ``a``."""
    if a.get("by") and p.by and a["by"] == p.by:
        return " · " + _("issued and heard by the head judge, the only judge (G-HEAD-JUDGE)")
    return ""


def _penalty_where(p: Penalty) -> str:
    """Where a penalty was given: round and table, the round only, or "-" (before round 1)."""
    if p.table:
        return _("round {r} table {t}", r=p.round, t=p.table)
    return _("round {r}", r=p.round) if p.round else "-"


def penalty_line(event: Event, n: int, p: Penalty) -> str:
    """One penalty of the desk's list: number, mark in force (- when
    overturned), where, player, reason, issuer, and the appeal's outcome."""
    f = in_force(p)
    mark = "-" if f is None else MARK[f[0]]
    where = _penalty_where(p)
    line = f"#{n} {mark} {where} {event.player(p.player).name} · {p.reason} ({p.by})"
    if p.action != "none":
        line += " · " + labels.penalty_action_label(p.action, event.rules)
    appeal = appeal_text(p, event.rules)
    return line + (" · " + appeal if appeal else "")


def excluded_by_penalties(event: Event, pid: str) -> bool:
    """Whether the penalties in force exclude the player: two Warnings' worth
    (G-PEN-2) or an exclusion handed down (G-PEN-1)."""
    forced = _forced(event, pid)
    return tally(f[0] for f in forced).excluded or any(f[1] in EXCLUSIONS for f in forced)


def _in_force_of(event: Event, pid: str) -> list[Penalty]:
    """The penalties of ``pid`` still in force (as the appeals left them), in order."""
    return [p for _n, p in history(event, pid) if in_force(p) is not None]


def exclusion_reason(event: Event, pid: str) -> str:
    """Why a player stands excluded, for the scorecard's remarks (G-PEN-1,
    G-PEN-2): the reason of the exclusion handed down, else of the penalty
    that made two Warnings' worth; "" when no penalty in force says it (an
    imported file)."""
    forced = _in_force_of(event, pid)
    handed = _handed_exclusions(forced)
    if handed:
        return handed[-1].reason
    if forced and player_tally(event, pid).excluded:
        return _("two Warnings (G-PEN-2): {reason}", reason=forced[-1].reason)
    return ""


def _handed_exclusions(forced: list[Penalty]) -> list[Penalty]:
    """The exclusions handed down among the penalties in force ``forced`` (G-PEN-1)."""
    return [p for p in forced if in_force(p)[1] in EXCLUSIONS]  # type: ignore[index]  # in force


def penalties_outside_rounds(event: Event) -> list[tuple[int, Penalty]]:
    """G-PEN-3: penalties given outside any round (before round 1, e.g. a
    decklist problem at registration), numbered, with the mark in force;
    they have no match line, so the scorecard lists them on lines of their own."""
    return [(i, p) for i, p in enumerate(event.penalties, 1) if p.round is None and in_force(p) is not None]


def scorecard_marks(event: Event, pid: str, round_number: int | None) -> str:
    """G-PEN-3: the marks for a player's line of a round on the scorecard,
    one letter a penalty in force ("N", "W", "NW"...; "" for none)."""
    out = []
    for _n, p in history(event, pid):
        f = in_force(p)
        if f is not None and p.round == round_number:
            out.append(MARK[f[0]])
    return "".join(out)


# -- effects ---------------------------------------------------------------------------


def exclude(event: Event, pid: str, rule: str) -> Event:
    """Exclude a player: out of the event; the current match, without a result
    yet, is lost (G-PEN-2)."""
    rnd = event.current_round
    if rnd is not None:
        event = forfeit_open(event, rnd, pid, "excluded", rule)
    players = tuple(replace(x, excluded=True) if x.id == pid else x for x in event.players)
    return replace(event, players=players)


def _opponent(m, pid: str) -> str | None:
    return m.p2 if m.p1 == pid else m.p1


def _reinstate(event: Event, pid: str) -> Event:
    players = tuple(replace(x, excluded=False) if x.id == pid else x for x in event.players)
    return replace(event, players=players)


def _lost_by(m, pid: str, whys: tuple[str, ...]) -> bool:
    """``m`` is recorded as lost by ``pid`` for one of ``whys`` (the first word of its note)."""
    if m.is_bye or not m.reported or m.winner() == pid:
        return False
    return (m.note or "").split(" ")[0] in whys


def _unforfeit(event: Event, pid: str, whys: tuple[str, ...]) -> Event:
    """An overturned exclusion or match loss (G-HEAD-JUDGE): the player's
    match of the current round that it recorded as lost (note ``excluded
    G-PEN-…`` / ``penalty G-PEN-1``) has no result again, so the match is
    played on and its result entered (L-MATCH-LOSS).  A forfeit in an earlier
    round stays: the head judge corrects it (``result --correct --by``)."""
    m = _current_match(event, pid)
    if m is None or not _lost_by(m, pid, whys):
        return event
    rnd = event.current_round
    assert rnd is not None
    return set_match(event, rnd, replace(m, p1_wins=0, p2_wins=0, draws=0, outcome=None, note="", games=()))


def _current_match(event: Event, pid: str) -> Match | None:
    """``pid``'s match of the current round (None: no round, or not paired)."""
    rnd = event.current_round
    return player_match(rnd, pid) if rnd is not None else None


def _game_loss(event: Event, round_number: int, table: int, pid: str) -> Event:
    rnd = event.rounds[round_number - 1]
    m = rnd.match_at(table)
    if m is None or m.is_bye or m.reported:
        return event

    return add_game(event, rnd, m, _game_loss_code(m, pid))


def _game_loss_code(m: Match, pid: str) -> str:
    """The game ``pid`` loses by a penalty (G-PEN-1), as a game code."""
    return "loss-p1" if m.p1 == pid else "loss-p2"


# -- actions -----------------------------------------------------------------------------


@describer("penalty")
def _describe_penalty(payload: PenaltyAction) -> str:
    return _(
        "{level} for {player} by {by}: {reason}",
        level=labels.penalty_level_label(payload.level),
        player=payload.player,
        by=payload.by or "",
        reason=payload.reason,
    )


@describer("appeal")
def _describe_appeal(payload: Appeal) -> str:
    return _(
        "appeal of penalty #{n}: {outcome} (by {by})",
        n=payload.penalty,
        outcome=labels.appeal_outcome_label(payload.outcome),
        by=payload.by or "",
    )


def _check_penalty(event: Event, payload: PenaltyAction, p) -> None:
    """The level, action and reason of a penalty, for a player not yet excluded (G-PEN-1, G-PEN-2)."""
    _check_level(event, payload.level, penalty_levels(event))
    _check_action(event, payload.action)
    if not payload.reason.strip():
        raise LyceeError(_("a penalty needs a reason (--reason TEXT)"))
    if p.excluded:
        raise RuleError(_("{name} is already excluded from the event", name=p.name), "G-PEN-2")


def _check_caution(event: Event, act: str) -> None:
    """O-PEN-1: 訓告 is not recorded: the log keeps it (its action), no list,
    tally or scorecard does; it carries nothing with it."""
    if act != "none":
        raise RuleError(
            _(
                "a caution (訓告) is not recorded, so it carries no {action}: give a notice or a warning with it",
                action=labels.penalty_action_label(act, event.rules),
            ),
            "O-PEN-1",
        )


def _refuse_table_before_pairing(table: int | None) -> None:
    """Before round 1 is paired a penalty names no table."""
    if table is not None:
        raise LyceeError(_("no round has been paired: a penalty cannot name a table"))


def _own_table(m) -> int | None:
    """The table of the player's match ``m`` (None: not paired, or a bye)."""
    return None if m is None or m.is_bye else m.table


def _penalty_round(event: Event, asked: int | None) -> int | None:
    """The round a penalty is given in: the one asked, else the current (None before round 1)."""
    if asked is not None:
        return asked
    return len(event.rounds) or None


def _penalty_place(event: Event, p, payload: PenaltyAction) -> tuple[int | None, int | None]:
    """The round and table a penalty is given at: the current round by default,
    and the player's table in it; a table named is the player's own."""
    number = _penalty_round(event, payload.round)
    table = payload.table
    if number is None:
        _refuse_table_before_pairing(table)
        return None, None
    m = player_match(round_of(event, number), p.id)
    if table is None:
        return number, _own_table(m)
    _check_plays_at(p, m, table, number)
    return number, table


def _check_plays_at(p, m, table: int, number: int) -> None:
    """A penalty names the table the player plays at in the round."""
    if m is None or m.table != table:
        raise NotFound(_("{name} does not play at table {t} in round {r}", name=p.name, t=table, r=number))


def _require_judge_apart(event: Event, judge: str, pid: str, number, table, refusal: str) -> None:
    """L-STAFF-PLAYS: nobody judges their own match, nor penalises themselves
    or hears their own appeal (``refusal`` says which) outside a match."""
    if number is not None and table is not None:
        require_not_playing(event, judge, event.rounds[number - 1].match_at(table))
    elif plays_in(event, judge, Match(0, pid, None)) and written_format() >= 6:
        raise RuleError(refusal, "L-STAFF-PLAYS")


def _won_by_forfeit(m, pid: str) -> bool:
    """``pid`` won ``m`` by their opponent's forfeit."""
    return m.reported and is_forfeit(m) and m.winner() == pid


def _match_loss(event: Event, number: int, table: int, pid: str) -> Event:
    """L-MATCH-LOSS: the match named is lost, finished or not (0-2 from the
    player's side in bo3); one the player already lost stays as played."""
    rnd = event.rounds[number - 1]
    m = rnd.match_at(table)
    assert m is not None  # the player's own table (_penalty_place)
    if _kept_as_finished(m):
        return event
    if _won_by_forfeit(m, pid):  # both players' loss: a double loss
        return double_loss(event, rnd, m, "penalty", "G-PEN-1")
    if _not_lost_yet(m, pid):
        return forfeit(event, rnd, m, pid, "penalty", "G-PEN-1")
    return event


def _kept_as_finished(m) -> bool:
    """A log written before L-MATCH-LOSS: a finished match kept its result."""
    return m.reported and written_format() < 6


def _not_lost_yet(m, pid: str) -> bool:
    """``m`` is open, or finished without ``pid`` having lost it (no double loss)."""
    if not m.reported:
        return True
    return m.outcome != "double_loss" and m.winner() != _opponent(m, pid)


def _penalty_at_table(event: Event, act: str, number, table, pid: str) -> Event:
    """What a game loss or a match loss does to the match it is given at (G-PEN-1)."""
    effect = _AT_TABLE.get(act)
    if effect is None or table is None or number is None:  # a table is named only within a round
        return event
    return effect(event, number, table, pid)


#: The penalty actions that change the match they are given at (G-PEN-1, L-MATCH-LOSS).
_AT_TABLE = {"game_loss": _game_loss, "match_loss": _match_loss}


@action("penalty")
def _penalty(event, payload: PenaltyAction):
    by = require_staff(event, payload.by, "G-PEN-1")
    p = stored_player(event, payload.player)
    _check_penalty(event, payload, p)
    act = payload.action
    if payload.level == "caution":
        _check_caution(event, act)
        return event
    number, table = _penalty_place(event, p, payload)
    refusal = _("{name} cannot penalise themselves; another judge decides", name=by)
    _require_judge_apart(event, by, p.id, number, table, refusal)  # L-STAFF-PLAYS
    pen = Penalty(p.id, number, table, payload.level, act, payload.reason.strip(), by, at=payload.at)
    event = replace(event, penalties=event.penalties + (pen,))
    event = _penalty_at_table(event, act, number, table, p.id)
    if excluded_by_penalties(event, p.id):
        event = exclude(event, p.id, _exclusion_rule(act))
    return event


def _check_not_appealed(pen: Penalty, n: int) -> None:
    """Penalty ``n`` was not appealed before: the head judge's ruling is final (G-HEAD-JUDGE)."""
    if pen.appeal is not None:
        raise RuleError(
            _(
                "penalty #{n} was already appealed ({outcome}): the head judge's ruling is final",
                n=n,
                outcome=labels.appeal_outcome_label(pen.appeal.get("outcome", "")),
            ),
            "G-HEAD-JUDGE",
        )


def _ruling(event: Event, pen: Penalty, payload: Appeal, hj: str) -> dict:
    """The appeal as recorded: who ruled, the outcome, and for a changed
    penalty its new level and action (a ruling never makes it unrecorded)."""
    outcome = payload.outcome
    _check_outcome(outcome)
    appeal = {"by": hj, "outcome": outcome, "note": payload.note}
    if outcome != "changed":
        if payload.level or payload.action:
            raise LyceeError(_("only a 'changed' ruling takes a new level or action"))
        return appeal
    return {**appeal, **_changed_penalty(event, pen, payload)}


def _check_outcome(outcome: str) -> None:
    """An appeal is upheld, overturned or changed (G-HEAD-JUDGE)."""
    if outcome not in APPEAL_OUTCOMES:
        raise LyceeError(
            _(
                "appeal outcome {outcome!r}: choose one of {outcomes}",
                outcome=outcome,
                outcomes=labels.choices(APPEAL_OUTCOMES, labels.appeal_outcome_label),
            )
        )


def _changed_penalty(event: Event, pen: Penalty, payload: Appeal) -> dict:
    """The new level and action of a penalty the head judge changed (what is not given stays)."""
    level = payload.level or pen.level
    act = payload.action or pen.action
    _check_level(event, level, PENALTY_LEVELS)
    _check_action(event, act)
    if (level, act) == (pen.level, pen.action):
        raise LyceeError(_("a changed penalty needs a new level or action"))
    return {"level": level, "action": act}


def _after_ruling(event: Event, pen: Penalty, n: int, excluded_before: bool) -> Event:
    """The player's exclusion and match as the ruled penalties leave them
    (G-PEN-2 by the count; L-MATCH-LOSS: a match loss lifted is unforfeited)."""
    event = _exclusion_after_ruling(event, pen.player, excluded_before)
    if _match_loss_lifted(event, pen, n):
        event = _unforfeit(event, pen.player, ("penalty",))  # the match loss is lifted: L-MATCH-LOSS
    return event


def _exclusion_after_ruling(event: Event, pid: str, excluded_before: bool) -> Event:
    """G-PEN-2 by the count of the penalties in force: excluded, or reinstated with the forfeits undone."""
    after = excluded_by_penalties(event, pid)
    player = event.player(pid)
    if after and not player.excluded:
        return exclude(event, pid, "G-PEN-2")
    if excluded_before and not after and player.excluded:
        return _unforfeit(_reinstate(event, pid), pid, ("excluded",))
    return event


def _match_loss_lifted(event: Event, pen: Penalty, n: int) -> bool:
    """A match loss of the current round no longer in force after the ruling (L-MATCH-LOSS)."""
    if pen.action != "match_loss" or pen.round != len(event.rounds):
        return False
    f = in_force(event.penalties[n - 1])
    return f is None or f[1] != "match_loss"


@action("appeal")
def _appeal(event, payload: Appeal):
    n = payload.penalty
    if not 1 <= n <= len(event.penalties):
        raise NotFound(_("no penalty #{n} (the event has {count})", n=n, count=len(event.penalties)))
    hj = require_head_judge(event, payload.by, "G-HEAD-JUDGE")
    pen = event.penalties[n - 1]
    refusal = _("{name} cannot hear their own appeal; name another head judge", name=hj)
    _require_judge_apart(event, hj, pen.player, pen.round, pen.table, refusal)  # L-STAFF-PLAYS
    _check_not_appealed(pen, n)
    appeal = _ruling(event, pen, payload, hj)
    before = excluded_by_penalties(event, pen.player)
    pens = list(event.penalties)
    pens[n - 1] = replace(pen, appeal=appeal)
    return _after_ruling(replace(event, penalties=tuple(pens)), pen, n, before)


def _match_before(before: Event, number: int, pid: str):
    """``pid``'s match of round ``number`` in ``before`` (None: not paired, or no such round yet)."""
    if len(before.rounds) < number:
        return None
    return player_match(before.rounds[number - 1], pid)


def _score_for(m, pid: str) -> str:
    """The games of ``m`` from ``pid``'s side (mine-theirs)."""
    mine, theirs = (m.p1_wins, m.p2_wins) if m.p1 == pid else (m.p2_wins, m.p1_wins)
    return f"{mine}-{theirs}"


def match_loss_words(before: Event, after: Event, pid: str) -> str:
    """What a penalty or an exclusion did to the player's match of the latest
    round, in words (L-MATCH-LOSS): recorded as lost, or over and standing as
    played; "" when the player has no match there (a bye, none paired)."""
    m = _current_match(after, pid)
    if m is None or m.is_bye:
        return ""
    rnd = after.current_round
    assert rnd is not None
    was = _match_before(before, rnd.number, pid)
    return _match_words(m, was, rnd.number, pid)


def _match_words(m, was, number: int, pid: str) -> str:
    """``pid``'s match ``m`` of round ``number`` (``was`` before the penalty): recorded as lost, or over and kept."""
    score = _score_for(m, pid)
    if m != was and m.loser() == pid:
        return _(
            "their match at table {t} of round {r} is recorded as lost ({score})", t=m.table, r=number, score=score
        )
    if m.reported:
        return _(
            "their match at table {t} of round {r} was over and stands as played ({score})",
            t=m.table,
            r=number,
            score=score,
        )
    return ""


def _exclusion_words(name: str, rules: str) -> str:
    """The player's exclusion (G-PEN-2), a disqualification under Overture (O-PEN-2), in words."""
    if rules == "overture":
        return _(
            "{name} is disqualified: two Warnings' worth of penalties or a disqualification "
            "(O-PEN-2); they play no more and are left out of the ranking",
            name=name,
        )
    return _(
        "{name} is excluded from the event: two Warnings' worth of penalties or an exclusion "
        "(G-PEN-2); they play no more",
        name=name,
    )


def escalation_text(
    before: Tally, after: Tally, name: str, excluded: bool = False, rules: str = "2008", match: str = ""
) -> str | None:
    """What a new penalty brought, in words (G-PEN-2): two Notices counted as
    a Warning, or the exclusion (the disqualification under Overture, O-PEN-2)
    with what it did to the player's match (``match``, from
    :func:`match_loss_words`: L-MATCH-LOSS); None when it brought nothing more."""
    if excluded:
        return join_sentences([_exclusion_words(name, rules), match])  # 「…対戦しません。第2回戦…」 in Japanese
    if _notices_made_warning(before, after):
        return _(
            "two Notices count as one Warning (G-PEN-2): {name} now stands at {w} Warning(s)' worth",
            name=name,
            w=after.warning_equivalent,
        )
    return None


def _notices_made_warning(before: Tally, after: Tally) -> bool:
    """Two more Notices count as one more Warning (G-PEN-2)."""
    return after.notices >= 2 and after.notices // 2 > before.notices // 2


def would_exclude(event: Event, data: PenaltyAction | dict) -> str | None:
    """The rule when the ``penalty`` action ``data`` (its payload, or a dict
    of its fields) would exclude the player (G-PEN-2 by the count, G-PEN-1
    by an exclusion handed down), else None; nothing is stored."""
    penalty = payload({"type": "penalty", "data": data})
    assert isinstance(penalty, PenaltyAction)
    after = apply(event, {"type": "penalty", "data": penalty})
    if not _newly_excluded(event, after, penalty.player):
        return None
    return _exclusion_rule(penalty.action)


def _newly_excluded(before: Event, after: Event, ref: str) -> bool:
    """The player ``ref`` stands excluded in ``after`` and was not in ``before``."""
    return stored_player(after, ref).excluded and not stored_player(before, ref).excluded


def _exclusion_rule(act: str) -> str:
    """The rule a penalty with action ``act`` excludes by: G-PEN-1 (an exclusion handed down), else G-PEN-2 (the count)."""
    return "G-PEN-1" if act in EXCLUSIONS else "G-PEN-2"
