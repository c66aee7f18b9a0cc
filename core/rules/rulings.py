"""What a change breaks, and the head judge's rulings (issue 46).

L-LATER: before a correction is stored the desk works out which later facts
no longer follow from it: the event with the correction is judged
(core/reports/judge.py, the one judgement of issue 44) and every finding it
has that the event without it did not have is a fact the correction breaks
(a pairing made from the old standings: G-SWISS-PAIR-1/2; a top cut:
G-SE; a placing).  Such a correction is never stored silently: the desk
asks one question (``lycee result ... --correct --then repair|keep``):

- ``repair``: the later round has no result yet: it is paired again from the
  corrected standings, in the same journal record as the correction, and
  announced on the TV and the phones;
- ``keep``: the head judge keeps the later rounds as played (G-HEAD-JUDGE:
  the head judge's ruling is final for the event): a ``ruling`` action
  records what it keeps;
- or the desk undoes back to the round (``lycee undo``), as always.

L-RULING: a ruling lists what it excuses, each as (rule id, JSON path of the
event file); ``lycee verify``, ``lycee import`` and a season's check then
report such a finding as a ruled exception, not as a finding.  The event file
carries the rulings under the optional key ``rulings`` (lycee-event/1 stays
as it was without them).
"""

from __future__ import annotations

from dataclasses import replace

from core.errors import LyceeError, RuleError
from core.event.model import Event, Ruling
from core.i18n import _, join_list
from core.log import action, describer
from core.log.actions import RulingAction

__all__ = ["broken_by", "excuse_key", "ruling_of", "split_ruled"]


def excuse_key(rule: str, path: str | None) -> tuple[str, str]:
    return rule, path or "$"


def findings_of(event: Event) -> list:
    """Every finding of the one judgement of ``event`` (ruled exceptions left out)."""
    from core.reports.judge import judge_event

    return judge_event(event).report.findings


def broken_by(before: Event, after: Event) -> list:
    """The findings ``after`` has that ``before`` had not (L-LATER): the
    facts a change from ``before`` to ``after`` no longer supports."""
    had = {excuse_key(f.rule, f.path) for f in findings_of(before)}
    return [f for f in findings_of(after) if excuse_key(f.rule, f.path) not in had]


def split_ruled(findings: list, rulings) -> tuple[list, list]:
    """(findings, ruled exceptions): a finding a ruling of the file
    (``rulings``: the ``rulings`` key, a list of dicts) excuses is a ruled
    exception (L-RULING)."""
    keys: dict[tuple[str, str], str] = {}
    for r in rulings or ():
        if not isinstance(r, dict):
            continue
        for e in r.get("excuses") or ():
            if isinstance(e, list) and e and isinstance(e[0], str):
                keys[excuse_key(e[0], e[1] if len(e) > 1 and isinstance(e[1], str) else None)] = str(r.get("by", ""))
    if not keys:
        return list(findings), []
    kept: list = []
    ruled: list = []
    for f in findings:
        (ruled if excuse_key(f.rule, f.path) in keys else kept).append(f)
    return kept, ruled


def ruling_of(findings: list, by: str, reason: str, at: str = "") -> RulingAction:
    """The ``ruling`` action that keeps ``findings`` as they are."""
    return RulingAction(by=by, reason=reason, excuses=[[f.rule, f.path or "$"] for f in findings], at=at)


@action("ruling")
def _ruling(event: Event, payload: RulingAction):
    from core.rules.staff import require_head_judge

    by = require_head_judge(event, payload.by, "G-HEAD-JUDGE")
    excuses = []
    for e in payload.excuses:
        if len(e) != 2 or not all(e):
            raise LyceeError(_("a ruling names each fact it keeps as [rule id, JSON path]"))
        excuses.append((e[0], e[1]))
    if not excuses:
        raise RuleError(_("a ruling keeps at least one fact"), "L-RULING")
    r = Ruling(by, payload.reason, tuple(excuses), payload.at)
    return replace(event, rulings=(*event.rulings, r))


@describer("ruling")
def _describe_ruling(payload: RulingAction) -> str:
    rules = sorted({str(e[0]) for e in payload.excuses if e})
    return _("ruling by head judge {by}: kept as played ({rules})", by=payload.by, rules=join_list(rules))


THEN = ("repair", "keep")


def _where(data) -> str:
    return _("the correction of round {r} table {t}", r=data.round, t=data.table)


def later_actions(desk, before: Event, after: Event, data, then: str | None, by: str | None) -> list:
    """The actions that go with the correction ``data`` (``after``: the
    event with it) so that no later fact is left broken (L-LATER): none when
    nothing breaks; with ``then`` ``repair`` the later round paired again and
    announced; with ``keep`` the head judge's ruling.  Refused, naming both
    choices, when something breaks and ``then`` does not say which."""
    from core.rules.clock import stamp

    broken = [f for f in broken_by(before, after) if f.round is None or f.round > data.round]
    if not broken:
        return []
    later = sorted({f.round for f in broken if f.round is not None}) or [len(before.rounds)]
    rules = join_list(sorted({f.rule for f in broken}))
    last = before.rounds[-1]
    open_round = (
        later == [last.number] and last.clock is None and not any(m.reported and not m.is_bye for m in last.matches)
    )
    if then is None:
        if open_round:
            raise RuleError(
                _(
                    "{what} changes what round {n} was paired from ({rules}): round {n} has no result yet. "
                    "Pair it again with the correction (--then repair) or the head judge keeps it as paired "
                    "(--then keep --by HEAD_JUDGE)",
                    what=_where(data),
                    n=last.number,
                    rules=rules,
                ),
                "L-LATER",
            )
        raise RuleError(
            _(
                "{what} breaks round(s) {rounds}, already played ({rules}): the head judge keeps them as played "
                "(--then keep --by HEAD_JUDGE), or undo back to round {n} (`lycee undo`) and enter the correction then",
                what=_where(data),
                rounds=join_list([str(n) for n in later]),
                rules=rules,
                n=later[0],
            ),
            "L-LATER",
        )
    if then not in THEN:
        raise LyceeError(_("--then is repair or keep, not {x!r}", x=then))
    if then == "keep":
        if not by:
            raise RuleError(
                _(
                    "keeping round(s) {rounds} as played is the head judge's ruling: give --by HEAD_JUDGE",
                    rounds=join_list([str(n) for n in later]),
                ),
                "G-HEAD-JUDGE",
            )
        return [("ruling", ruling_of(broken, by, _where(data), stamp(desk.now())))]
    if not open_round:
        raise RuleError(
            _(
                "round(s) {rounds} already have results or a running clock: they cannot be paired again; "
                "the head judge keeps them (--then keep --by HEAD_JUDGE) or undo back to round {n} (`lycee undo`)",
                rounds=join_list([str(n) for n in later]),
                n=later[0],
            ),
            "L-LATER",
        )
    return _repair_actions(desk, after, last, data)


def _repair_actions(desk, after: Event, last, data) -> list:
    """Round ``last`` (no result yet) taken back and paired again from ``after``, announced."""
    from core.log.actions import Announce, Unpair
    from core.rules import apply
    from core.rules.clock import stamp

    unpair = Unpair(round=last.number)
    bare = apply(after, {"type": "unpair", "data": unpair})
    seed = f"corrected-{data.round}-{data.table}"
    if last.stage == "swiss":
        from core.reports.explain import explain
        from core.tournament.pairing import pair_swiss

        matches = pair_swiss(bare, desk.rng_for(last.number, seed=seed))
        pair = desk.pair_data(last.number, matches, whys=explain(bare, matches, desk.seed_text(last.number, seed)))
    elif last.stage == "top" and not any(r.stage == "top" for r in bare.rounds):
        from core.tournament.elimination import top_cut

        size = sum(1 for m in last.matches for p in (m.p1, m.p2) if p is not None)
        from core.log.actions import replace_payload

        pair = replace_payload(desk.pair_data(last.number, top_cut(bare, size), "top"), third_place=last.third_place)
    elif last.stage == "top":
        from core.tournament.elimination import next_elimination_round

        nxt = next_elimination_round(bare)
        if nxt is None:
            raise LyceeError(_("the elimination bracket is finished (G-SE)"))
        pair = desk.pair_data(last.number, nxt, "top")
    else:
        raise RuleError(_("a playoff is not paired again: undo it (`lycee undo`)"), "L-LATER")
    text = _(
        "Round {n} is paired again after a correction at round {r} table {t}: check your table",
        n=last.number,
        r=data.round,
        t=data.table,
    )
    return [("unpair", unpair), ("pair", pair), ("announce", Announce(text=text, at=stamp(desk.now()), by=desk.actor))]
