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
from core.rules.staff import require_head_judge

__all__ = ["ruling_of"]


def ruling_of(findings: list, by: str, reason: str, at: str = "") -> RulingAction:
    """The ``ruling`` action that keeps ``findings`` as they are."""
    return RulingAction(by=by, reason=reason, excuses=[[f.rule, f.path or "$"] for f in findings], at=at)


@action("ruling")
def _ruling(event: Event, payload: RulingAction):
    by = require_head_judge(event, payload.by, "G-HEAD-JUDGE")
    excuses = [_excuse(e) for e in payload.excuses]
    if not excuses:
        raise RuleError(_("a ruling keeps at least one fact"), "L-RULING")
    r = Ruling(by, payload.reason, tuple(excuses), payload.at)
    return replace(event, rulings=(*event.rulings, r))


def _excuse(e) -> tuple:
    """One fact a ruling keeps, as (rule id, JSON path), else refused."""
    if len(e) != 2 or not all(e):
        raise LyceeError(_("a ruling names each fact it keeps as [rule id, JSON path]"))
    return e[0], e[1]


@describer("ruling")
def _describe_ruling(payload: RulingAction) -> str:
    rules = sorted({str(e[0]) for e in payload.excuses if e})
    return _("ruling by head judge {by}: kept as played ({rules})", by=payload.by, rules=join_list(rules))
