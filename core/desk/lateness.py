"""The desk's lateness: check-ins and the prompts of G-LATE-1 and G-LATE-2 (core.rules.lateness)."""

from __future__ import annotations

from core.desk.base import DeskBase
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _, join_list
from core.log.actions import (
    Checkin,
    Late,
)
from core.rules.clock import stamp

# Imported inside the methods that use them (one reason for all): the pairing and elimination
# engines, explanations, what a correction breaks (core.reports.later), the card engine and
# the decklist rules (core.cards), phone codes and members, which `lycee result` never loads
# (tests/test_cli_engine.py, benchmarks/cli.py).


class LatenessDesk(DeskBase):
    # -- lateness (G-LATE-1, G-LATE-2) ----------------------------------------------
    def checkin(self, *refs: str) -> Event:
        """Players seen at their table (or reporting at the desk), all or none."""

        ids = [self._known(r).id for r in refs]
        number = self._round_number(None)
        at = stamp(self.now())
        return self.append_all([("checkin", Checkin(round=number, player=pid, at=at)) for pid in ids])

    def late_prompts(self):
        # lazy: the lateness rules, which `lycee result` never loads
        from core.rules.lateness import prompts

        return prompts(self.event, self.now())

    def resolve_late(self, prompt, decision: str = "confirm", by: str | None = None) -> Event:
        """Confirm (or dismiss) one due prompt; ``prompt`` is a Prompt or its key."""

        if isinstance(prompt, str):
            due = {p.key: p for p in self.late_prompts()}
            if prompt not in due:
                keys = join_list(due) or _("none")
                raise LyceeError(_("no lateness prompt {prompt!r} is due (due now: {keys})", prompt=prompt, keys=keys))
            prompt = due[prompt]
        return self.store.append(
            "late",
            Late(
                round=prompt.round,
                rule=prompt.rule,
                table=prompt.table,
                players=list(prompt.players),
                decision=decision,
                by=by or self.actor,
                at=stamp(self.now()),
            ),
            self.actor,
            device=self.device,
        )
