"""What the desk does to an open event: the operations both faces (the command
line and the app) call.  Each turns a request into one action, which the store
checks against the rules and writes durably; nothing here talks to a screen.

The desk is split by concern, as :mod:`core.rules` is: players, rounds,
results (and game by game), phone reports, decklists and the build phase,
the clock, lateness, penalties, the public pages, settings and staff.
:class:`Desk` is their composition; which of its methods another process may
call through the desk's door is decided in :mod:`core.door` (its table of
served calls), never by a method being public."""

from __future__ import annotations

from dataclasses import dataclass

from core.desk.base import DeskBase
from core.desk.clock import ClockDesk
from core.desk.lateness import LatenessDesk
from core.desk.penalties import PenaltiesDesk
from core.desk.phone import PhoneDesk
from core.desk.players import PlayersDesk
from core.desk.publish import PublishDesk
from core.desk.results import mark_time_call, refuse_repeated_tables
from core.desk.rounds import RoundsDesk, explained, match_fields
from core.desk.staff import StaffDesk, add_member, set_store

__all__ = [
    "Desk",
    "DeskBase",
    "add_member",
    "explained",
    "mark_time_call",
    "match_fields",
    "refuse_repeated_tables",
    "set_store",
]


@dataclass
class Desk(PlayersDesk, RoundsDesk, PhoneDesk, ClockDesk, LatenessDesk, PenaltiesDesk, PublishDesk, StaffDesk):
    """The one door every change of an event goes through (the app and the command line)."""
