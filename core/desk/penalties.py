"""The desk's penalties and appeals (G-PEN-1..3, G-HEAD-JUDGE; core.rules.penalties)."""

from __future__ import annotations

from core.desk.base import DeskBase
from core.errors import RuleError
from core.event.model import Event
from core.i18n import _
from core.log.actions import (
    Appeal,
    PenaltyAction,
)
from core.rules.clock import stamp
from core.rules.players import check_room
from core.rules.staff import default_issuer


class PenaltiesDesk(DeskBase):
    # -- penalties (G-PEN-1..3, G-HEAD-JUDGE) -------------------------------------------
    def penalty(
        self,
        ref: str,
        level: str,
        reason: str,
        by: str | None = None,
        action: str = "none",
        table: int | None = None,
        round_number: int | None = None,
    ) -> Event:
        """Issue a Notice or Warning.  ``by`` must be on the staff (G-PEN-1)
        and not play in the match (L-STAFF-PLAYS); without it the judge on
        duty is named (``default_issuer``: the head judge only when no other
        judge exists, so an appeal goes to someone else; several judges on
        duty: refused, say which)."""

        p = self._known(ref)
        check_room(self.event, penalties=1)  # the size import takes (issue 44)
        if not by:
            by = default_issuer(self.event)  # the judge on duty, never the head judge while another judge exists
            if by is None and len(self.event.staff.judges) > 1:
                raise RuleError(
                    _("several judges are on duty: say which one issues the penalty (--by NAME)"), "G-HEAD-JUDGE"
                )
        return self.store.append(
            "penalty",
            PenaltyAction(
                player=p.id,
                level=level,
                reason=reason,
                by=by or "",
                action=action,
                at=stamp(self.now()),
                round=None if round_number is None else int(round_number),
                table=None if table is None else int(table),
            ),
            self.actor,
            device=self.device,
        )

    def appeal(
        self,
        number: int,
        outcome: str,
        by: str | None = None,
        level: str | None = None,
        action: str | None = None,
        note: str = "",
    ) -> Event:
        """The head judge's ruling on an appeal of penalty ``number`` (from 1)."""
        return self.store.append(
            "appeal",
            Appeal(
                penalty=int(number),
                outcome=outcome,
                by=by or self.event.staff.head_judge,
                note=note,
                level=level or None,
                action=action or None,
            ),
            self.actor,
            device=self.device,
        )
