"""The desk's settings, staff, judge-page PINs and the store's calendar; the data folder's
store and members (issue 47)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from core import rules
from core.desk.base import DeskBase
from core.errors import RuleError
from core.event.model import Event
from core.i18n import _
from core.log.actions import (
    Calendar,
    Edit,
    StaffPin,
    StaffSignout,
)
from core.rules.settings import changed
from core.rules.staff import new_pin, pin_hash, require_pin_staff, updated_staff

if TYPE_CHECKING:
    from core.store.members import MemberList

# Imported inside the methods that use them (one reason for all): the pairing and elimination
# engines, explanations, what a correction breaks (core.reports.later), the card engine and
# the decklist rules (core.cards), phone codes and members, which `lycee result` never loads
# (tests/test_cli_engine.py, benchmarks/cli.py).


class StaffDesk(DeskBase):
    # -- settings (the command line in README.md: lycee event set) -----------------------------
    def set_settings(self, wanted: dict) -> dict:
        """Change the settings in ``wanted`` that differ from the event's: one
        ``edit`` action each, all or none (a locked one is refused naming why,
        see core.rules.settings).  Returns what changed."""

        changes = changed(self.event, wanted)
        if changes.get("sanctioned"):  # L-SAMPLE-SETS: pools of a sample set stay unsanctioned
            # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
            from core.rules.decklists import check_sanctioning

            check_sanctioning(self.event, True)
        if changes:
            acts = [("edit", Edit(doc={key: value})) for key, value in changes.items()]
            if self.event.rounds:  # L-LATER: a setting never breaks a fact silently (the locks say most)
                # lazy: the reports engine, which `lycee result` never loads
                from core.reports.later import broken_by

                after = self.event
                for kind, act in acts:
                    after = rules.apply(after, {"type": kind, "data": act})
                broken = broken_by(self.event, after)
                if broken:
                    raise RuleError(
                        _(
                            "this change would break what the event already holds: {what}; undo back to it first "
                            "(Ctrl+Z / `lycee undo EVENT`)",
                            what="; ".join(f"[{f.rule}] {f.message}" for f in broken[:3]),
                        ),
                        "L-LATER",
                    )
            self.append_all(acts)
        return changes

    # -- staff (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE) ------------------------------
    def set_staff(self, **changes) -> Event:
        """Change the staff; see :func:`core.rules.staff.updated_staff` for the keywords."""

        return self.store.append(
            "edit", Edit(doc={"staff": updated_staff(self.event.staff, **changes)}), self.actor, device=self.device
        )

    def staff_pin(self, name: str) -> str:
        """A new PIN for ``name`` (the organizer, a judge or the head judge)
        for the judge page: stored only as a salted hash (a ``staff_pin``
        action; the old PIN stops working), returned this once."""

        who = require_pin_staff(self.event, name)
        pin = new_pin()
        self.store.append("staff_pin", StaffPin(name=who, hash=pin_hash(pin)), self.actor, device=self.device)
        return pin

    def staff_signout(self, name: str) -> str:
        """End ``name``'s judge-page sessions (a lost phone; the PIN stays):
        a ``staff_signout`` action; returns the name as recorded."""

        who = require_pin_staff(self.event, name)
        self.store.append("staff_signout", StaffSignout(name=who), self.actor, device=self.device)
        return who

    # -- legality (G-CARDS-VERSIONS) ----------------------------------------------
    def set_store_calendar(self, path) -> Event:
        """Add the store's own calendar file (lycee-calendar/1) for later
        products; it is checked before anything is stored (ValidationError
        with the JSON path of every problem)."""

        # lazy: the card engine, which `lycee result` and the app's first frame never load
        from core.cards.sets import parse_json, read_source

        text, source = read_source(path)
        doc = parse_json(text, source)
        return self.store.append(
            "calendar", Calendar(source=Path(str(path)).name, calendar=doc), self.actor, device=self.device
        )

    def remove_store_calendar(self) -> Event:
        return self.store.append("calendar", Calendar(calendar=None), self.actor, device=self.device)


# -- the store and its members (issue 47): what the app writes outside an event ---------------


def _member_list(root) -> MemberList:
    """The data folder's member list (core.store.members.MemberList)."""
    # lazy: the members' file (csv), which `lycee result` never loads
    from core.store.members import MemberList

    return MemberList(root)


def set_store(root, name: str, number: str | None = None, place: str | None = None) -> dict:
    """Set the data folder's store (core.store.members.MemberList.set_store)."""
    return _member_list(root).set_store(name, number, place)


def add_member(root, name: str, reading: str | None = None):
    """Add a member to the data folder's list: (the member, members of the same name)."""
    return _member_list(root).add(name, reading)
