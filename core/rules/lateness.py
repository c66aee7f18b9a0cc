"""Lateness: check-in at the table and the prompts staff confirm.

- G-LATE-1: a player not seated within 5 minutes of the match start loses the
  match.  Both players of a match late: both lose (``double_loss``).
- G-LATE-2: a late player who has not reported at the desk within 30 minutes
  of the match start is taken to have dropped.

The match start is the round clock's start; minutes are the clock's running
time (pauses left out).  A player is seated / has reported once checked in
(``checkin`` action: at the table, or at the desk for a late player); the
check-in keeps the clock's elapsed seconds at that moment.

Nothing is applied silently: :func:`prompts` says what is due at a given time,
and staff confirm (or dismiss) each one with a ``late`` action, which checks
that the prompt really is due at its timestamp.  Confirming G-LATE-1 records
the match loss (2-0 / 1-0 to the opponent) or the double loss; confirming
G-LATE-2 drops the player (G-DROP-1).  A G-LATE-2 prompt comes only for a
player whose G-LATE-1 match loss was confirmed ("その後", after that).

Actions::

    {"type": "checkin", "data": {"round": 2, "player": "p4", "at": ISO}}
    {"type": "late", "data": {"round": 2, "rule": "G-LATE-1", "table": 3,
        "players": ["p4"], "decision": "confirm|dismiss", "by": "...", "at": ISO}}
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core import labels
from core.errors import LyceeError, NotFound, RuleError
from core.event.changes import double_loss, forfeit
from core.event.lookups import player_match, round_of, stored_player
from core.event.model import LATE_DECISIONS, Checkin, Event, LateRuling, Round
from core.i18n import _, join_list
from core.log import action, describer
from core.log.actions import Checkin as CheckinAction
from core.log.actions import Late
from core.rules import clock
from core.rules.players import drop_player

#: Seconds of running clock after which each rule applies.
SEATED_WITHIN = 5 * 60  # G-LATE-1
REPORT_WITHIN = 30 * 60  # G-LATE-2


@dataclass(frozen=True, slots=True)
class Prompt:
    """Something staff must confirm or dismiss."""

    rule: str  # "G-LATE-1" | "G-LATE-2"
    round: int
    table: int
    players: tuple[str, ...]
    kind: str  # "match_loss" | "double_loss" | "drop"
    due: int  # running-clock seconds from which it applies

    @property
    def key(self) -> str:
        """A handle that stays the same while other prompts come and go:
        ``T3`` (G-LATE-1 at table 3) or ``D-p4`` (G-LATE-2 for player p4)."""
        return f"T{self.table}" if self.rule == "G-LATE-1" else f"D-{self.players[0]}"

    def describe(self, event: Event) -> str:
        return prompt_text(event, self)


def _prompt_with_rule(kind: str, t: int, names: list[str]) -> str:
    """A lateness prompt as the app words it, the rule named in the sentence: both names of a
    double loss joined as a sentence joins them (「青木と久保が」), never by a slash a line may split."""
    if kind == "double_loss":
        return _(
            "table {t}: {a} and {b} not seated within 5 minutes: both lose the match (G-LATE-1)",
            t=t,
            a=names[0],
            b=names[-1],
        )
    both = join_list(names, words=True)
    if kind == "match_loss":
        return _("table {t}: {names} not seated within 5 minutes: loses the match (G-LATE-1)", t=t, names=both)
    return _("table {t}: {names} late and not reported within 30 minutes: dropped (G-LATE-2)", t=t, names=both)


def prompt_text(event: Event, prompt, with_rule: bool = False) -> str:
    """What a lateness prompt asks staff to confirm, in words: the command
    line lists the rule in a column of its own, the app (``with_rule``) names
    it in the sentence (G-LATE-1, G-LATE-2).  ``prompt`` is a :class:`Prompt`
    or anything with its ``table``, ``players`` and ``kind``."""
    names = [event.player(p).name for p in prompt.players]
    t = prompt.table
    if with_rule:
        return _prompt_with_rule(prompt.kind, t, names)
    return _prompt_plain(prompt.kind, t, names)


def _prompt_plain(kind: str, t: int, names: list[str]) -> str:
    """A lateness prompt as the command line words it (the rule in a column of its own)."""
    if kind == "double_loss":
        return _(
            "table {t}: {a} and {b} not seated within 5 minutes: both lose the match", t=t, a=names[0], b=names[-1]
        )
    if kind == "match_loss":
        return _("table {t}: {name} not seated within 5 minutes: loses the match", t=t, name=names[0])
    return _("table {t}: {name} late and not reported within 30 minutes: dropped", t=t, name=names[0])


def checked_in_by(rnd: Round, pid: str, seconds: float) -> bool:
    return any(c.player == pid and c.seconds <= seconds for c in rnd.checkins)


def _ruling(rnd: Round, rule: str, table: int, pid: str | None = None) -> LateRuling | None:
    for r in rnd.late:
        if _rules_on(r, rule, table, pid):
            return r
    return None


def _rules_on(r: LateRuling, rule: str, table: int, pid: str | None) -> bool:
    """Ruling ``r`` is under ``rule`` at ``table`` (and about ``pid``, when one is named)."""
    return r.rule == rule and r.table == table and (pid is None or pid in r.players)


def _prompts_for(event: Event, rnd: Round, secs: float) -> list[Prompt]:
    out: list[Prompt] = []
    if rnd.clock is None:
        return out
    for m in sorted(rnd.matches, key=lambda m: m.table):
        out += _table_prompts(event, rnd, m, secs)
    out.sort(key=lambda x: (x.due, x.table, x.players))
    return out


def _table_prompts(event: Event, rnd: Round, m, secs: float) -> list[Prompt]:
    """What is due at the table of ``m`` after ``secs`` of running clock (G-LATE-1, then G-LATE-2)."""
    out: list[Prompt] = []
    late = _late_players(rnd, m)
    if not late:
        return out
    r1 = _ruling(rnd, "G-LATE-1", m.table)
    if secs > SEATED_WITHIN and _loss_undecided(m, r1):
        out.append(_late_loss_prompt(rnd, m, late))
    if secs > REPORT_WITHIN:
        out += _late_drop_prompts(event, rnd, m, late, r1)
    return out


def _loss_undecided(m, r1) -> bool:
    """G-LATE-1 is neither ruled on at the table of ``m`` nor overtaken by its result."""
    return r1 is None and not m.reported


def _late_players(rnd: Round, m) -> list[str]:
    """The players of ``m`` not seated within SEATED_WITHIN (none at a bye)."""
    if m.is_bye:
        return []
    return [p for p in m.players() if not checked_in_by(rnd, p, SEATED_WITHIN)]


def _late_loss_prompt(rnd: Round, m, late: list[str]) -> Prompt:
    """G-LATE-1: the late side loses the match (both late: a double loss)."""
    kind = "double_loss" if len(late) == 2 else "match_loss"
    return Prompt("G-LATE-1", rnd.number, m.table, tuple(late), kind, SEATED_WITHIN)


def _late_drop_prompts(event: Event, rnd: Round, m, late: list[str], r1) -> list[Prompt]:
    """G-LATE-2 ("その後"): a player who lost the match under G-LATE-1 (the
    ruling ``r1`` confirmed) and has not come by the report limit is dropped,
    unless already ruled on."""
    if not _confirmed(r1):
        return []
    return [
        Prompt("G-LATE-2", rnd.number, m.table, (p,), "drop", REPORT_WITHIN)
        for p in late
        if p in r1.players and _still_away(event, rnd, m, p)
    ]


def _confirmed(r1: LateRuling | None) -> bool:
    """The G-LATE-1 ruling was given and confirmed."""
    return r1 is not None and r1.decision == "confirm"


def _still_away(event: Event, rnd: Round, m, p: str) -> bool:
    """``p`` plays on, has not come by the report limit and is not ruled on under G-LATE-2."""
    if not event.player(p).active or checked_in_by(rnd, p, REPORT_WITHIN):
        return False
    return _ruling(rnd, "G-LATE-2", m.table, p) is None


def prompts(event: Event, now: clock.Instant | str) -> list[Prompt]:
    """What is due in the current round at ``now`` (empty before the clock starts)."""
    rnd = _clocked_round(event)
    if rnd is None:
        return []
    return _prompts_for(event, rnd, clock.elapsed(rnd.clock, now))


def _clocked_round(event: Event) -> Round | None:
    """The current round once its clock has started, else None."""
    rnd = event.current_round
    if rnd is None or rnd.clock is None:
        return None
    return rnd


def next_due(event: Event, now: clock.Instant | str) -> float | None:
    """Seconds of running clock until the next lateness threshold that could
    raise a prompt (None when none is ahead), so the app knows when to look."""
    rnd = _clocked_round(event)
    if rnd is None:
        return None
    secs = clock.elapsed(rnd.clock, now)
    for limit in (SEATED_WITHIN, REPORT_WITHIN):
        if secs <= limit and _prompts_at(event, rnd, limit):
            return limit - secs
    return None


def _prompts_at(event: Event, rnd: Round, limit: float) -> bool:
    """A prompt would be raised once the clock passes ``limit``."""
    return bool(_prompts_for(event, rnd, limit + 1))


# -- actions -------------------------------------------------------------------------


@describer("checkin")
def _describe_checkin(payload: CheckinAction) -> str:
    return _("checked in {player} (round {r})", player=payload.player, r=payload.round)


@describer("late")
def _describe_late(payload: Late) -> str:
    return _(
        "{rule} {decision} table {t}: {players}",
        rule=labels.late_rule_label(payload.rule),
        decision=labels.late_decision_label(payload.decision),
        t=payload.table,
        players=join_list(payload.players, words=True),
    )


def _check_has_table(rnd: Round, p) -> None:
    """A player checks in at a table of the round (paired, no bye)."""
    m = player_match(rnd, p.id)
    if m is None:
        raise NotFound(_("{name} is not paired in round {r}", name=p.name, r=rnd.number))
    if m.is_bye:
        raise LyceeError(_("{name} has the bye in round {r}: no table to sit at", name=p.name, r=rnd.number))


def _check_not_checked_in(rnd: Round, p) -> None:
    """A player checks in once a round."""
    for c in rnd.checkins:
        if c.player == p.id:
            raise LyceeError(
                _(
                    "{name} already checked in for round {r} at {at}",
                    name=p.name,
                    r=rnd.number,
                    at=labels.time_label(c.at),
                )
            )


@action("checkin")
def _checkin(event, payload: CheckinAction):
    rnd = round_of(event, payload.round)
    if rnd.number != len(event.rounds):
        raise LyceeError(_("round {r} is over: check-in is for the current round", r=rnd.number))
    p = stored_player(event, payload.player)
    if not p.active:
        raise RuleError(
            _(
                "{name} is {status}: no longer in the event",
                name=p.name,
                status=labels.player_status_label(p.status, event.rules),
            ),
            "G-DROP-1",
        )
    _check_has_table(rnd, p)
    _check_not_checked_in(rnd, p)
    at = clock.stamp(payload.at)
    secs = clock.elapsed(rnd.clock, at)
    return event.with_round(replace(rnd, checkins=rnd.checkins + (Checkin(p.id, at, secs),)))


@action("late")
def _late(event, payload: Late):
    rule = payload.rule  # one of LATE_RULES (core.log.actions.LateRule, checked when decoded)
    decision = payload.decision
    if decision not in LATE_DECISIONS:
        raise LyceeError(_("decision {decision!r}: confirm or dismiss", decision=decision))
    rnd = round_of(event, payload.round)
    if rnd.number != len(event.rounds):
        raise LyceeError(_("round {r} is over", r=rnd.number))
    at = clock.stamp(payload.at)
    prompt = _due_prompt(event, rnd, payload, at)
    ruling = LateRuling(rule, prompt.table, prompt.players, decision, payload.by, at)
    rnd = replace(rnd, late=rnd.late + (ruling,))
    event = event.with_round(rnd)
    if decision == "dismiss":
        return event
    return _late_consequence(event, rnd, prompt)


def _due_prompt(event, rnd: Round, payload: Late, at: str) -> Prompt:
    """The prompt due at ``at`` that ``payload`` decides, else refused (not late, decided, or too early)."""
    rule = payload.rule
    want = (rule, payload.table, tuple(payload.players))
    due = [p for p in _prompts_for(event, rnd, clock.elapsed(rnd.clock, at)) if (p.rule, p.table, p.players) == want]
    if due:
        return due[0]
    raise RuleError(
        _(
            "nothing is due under {rule} at table {t} for {players} "
            "(not late, already decided, or the time has not come)",
            rule=rule,
            t=payload.table,
            players=join_list(payload.players, words=True),
        ),
        rule,
    )


def _late_consequence(event, rnd: Round, prompt: Prompt):
    """A confirmed prompt carried out: a double loss, a match loss (G-LATE-1) or a drop (G-LATE-2)."""
    rule = prompt.rule
    m = rnd.match_at(prompt.table)
    assert m is not None  # the prompt was made from this round's tables
    if prompt.kind == "double_loss":
        return double_loss(event, rnd, m, "late", rule)
    if prompt.kind == "match_loss":
        return forfeit(event, rnd, m, prompt.players[0], "late", rule)
    return drop_player(event, prompt.players[0], forfeit=True, why="late", rule=rule)


def in_use(rnd: Round | None) -> bool:
    """Check-in is in use for the round once anyone is checked in (Ctrl+L in
    the app, `lycee checkin` on the command line): only then do the lateness
    prompts (G-LATE-1 at 5 minutes, G-LATE-2 at 30) come by themselves; in a
    round where nobody checks in, every table would be 'late'."""
    return rnd is not None and bool(rnd.checkins)
