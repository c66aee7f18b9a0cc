"""The calls the desk's door serves (:mod:`core.door`): a reviewed table, not
whatever :class:`~core.desk.Desk` happens to make public.

:data:`SERVED` maps each name a writer may send to the Desk method it runs
and who may send it: the desk's own staff (the app, the command line, a
second window: ``desk``) may send every served call; a player's phone page
(``phone``) and the judge page (``judge``) only the calls that say so.
:data:`LOCAL` names every other public Desk method with why it is not served
(tests/test_door.py fails on a public Desk method in neither).  Adding a name
to :data:`SERVED` makes it callable by every process of the user: decide it
here, in review.

:class:`RemoteDesk` is a Desk for code written for one, over a writer: a
served call is worked out on the event read lock-free and, when it would
write, sent through the door; a local helper runs on that read alone."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from core.desk import Desk
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _
from core.store.store import WriteNeeded

if TYPE_CHECKING:
    from collections.abc import Callable

    from core.store import DataDir


class Door(Protocol):
    """What a :class:`RemoteDesk` needs of its writer (a core.door.RemoteWriter)."""

    datadir: DataDir
    event_id: str

    def call(self, method: str, /, *args: Any, actor: str, device: str | None = None, **kwargs: Any) -> Any: ...


class Served(NamedTuple):
    method: Callable[..., Any]
    #: who besides the desk's staff may call it: "phone" (a player's page), "judge" (the judge page)
    who: frozenset[str] = frozenset()


PHONE = frozenset({"phone"})
JUDGE = frozenset({"judge"})
D = Desk

# fmt: off
#: name -> (the Desk method it runs, who besides the desk may call it).
SERVED: dict[str, Served] = {
    # players (core.desk.players)
    "add_players": Served(D.add_players), "add_members": Served(D.add_members), "rename": Served(D.rename),
    "remove": Served(D.remove), "drop": Served(D.drop), "keep_apart": Served(D.keep_apart),
    "player": Served(D.player), "next_player_ids": Served(D.next_player_ids),
    "removal_refusal": Served(D.removal_refusal),
    # rounds (core.desk.rounds)
    "pair_next": Served(D.pair_next), "pair_again": Served(D.pair_again), "top_cut": Served(D.top_cut),
    "playoff": Served(D.playoff),
    # results (core.desk.results)
    "record": Served(D.record, JUDGE), "record_checked": Served(D.record_checked),
    "correction_check": Served(D.correction_check), "add_game": Served(D.add_game),
    "record_games": Served(D.record_games), "games_at_time": Served(D.games_at_time),
    "id_decision": Served(D.id_decision), "time_decision": Served(D.time_decision),
    "append_batch": Served(D.append_batch),
    # phone reports (core.desk.phone)
    "phone_report": Served(D.phone_report, PHONE), "phone_reports": Served(D.phone_reports, PHONE),
    "report_codes": Served(D.report_codes), "accept_report": Served(D.accept_report),
    "clear_reports": Served(D.clear_reports), "call_table": Served(D.call_table),
    # decklists and the build phase (core.desk.decklists)
    "register_decklist": Served(D.register_decklist), "register_decklist_text": Served(D.register_decklist_text),
    "phone_decklist": Served(D.phone_decklist, PHONE), "deck_check": Served(D.deck_check),
    "deck_check_text": Served(D.deck_check_text, JUDGE), "decklist": Served(D.decklist),
    "deck_problems": Served(D.deck_problems), "decklist_status": Served(D.decklist_status),
    "start_build": Served(D.start_build), "pause_build": Served(D.pause_build),
    "resume_build": Served(D.resume_build), "toggle_build": Served(D.toggle_build),
    "close_build": Served(D.close_build), "override_decks": Served(D.override_decks),
    "build_status": Served(D.build_status), "pool": Served(D.pool),
    # the clock, lateness, penalties (core.desk.clock, .lateness, .penalties)
    "start_clock": Served(D.start_clock), "pause_clock": Served(D.pause_clock),
    "resume_clock": Served(D.resume_clock), "toggle_clock": Served(D.toggle_clock),
    "extend": Served(D.extend, JUDGE), "clock_status": Served(D.clock_status), "time_call": Served(D.time_call),
    "checkin": Served(D.checkin, JUDGE), "late_prompts": Served(D.late_prompts),
    "resolve_late": Served(D.resolve_late), "penalty": Served(D.penalty, JUDGE), "appeal": Served(D.appeal),
    # the public pages, settings, staff, the store's calendar (core.desk.publish, .staff)
    "announce": Served(D.announce), "hold_pairings": Served(D.hold_pairings),
    "publish_round": Served(D.publish_round), "set_settings": Served(D.set_settings),
    "set_staff": Served(D.set_staff), "staff_pin": Served(D.staff_pin), "staff_signout": Served(D.staff_signout),
    "set_store_calendar": Served(D.set_store_calendar), "remove_store_calendar": Served(D.remove_store_calendar),
    # the log (core.desk.base)
    "undo": Served(D.undo), "redo": Served(D.redo), "undo_preview": Served(D.undo_preview),
    "redo_preview": Served(D.redo_preview),
}

#: The public Desk methods the door never serves, and why.
LOCAL: dict[str, str] = {
    "append_all": "stores any actions as given: a batch over the door is append_batch (its kinds are listed)",
    "register_decklist_file": "reads a file the caller names: the caller reads it and sends register_decklist",
    "read_decklist_file": "reads a file the caller names (a step of register_decklist_file)",
    "repair": "the in-process name of pair_again",
    "store_pairing": "stores matches the caller made: over the door a round is paired by the desk",
    "store_result": "stores a payload the caller built: over the door a result is record or record_checked",
    "pair_data": "builds a payload, stores nothing", "result_data": "builds a payload, stores nothing",
    "decklist_data": "builds a payload, stores nothing", "build_data": "builds a payload, stores nothing",
    "build_refusal": "asks the rules of the event as read here, stores nothing",
    "toggle_op": "reads the build timer's state here, stores nothing",
    "report_plan": "a step of phone_report", "missing_codes": "a step of pairing",
    "check_time_call": "a step of a result", "check_decks_legal": "a step of pairing round 1",
    "deck_gaps": "a step of pairing round 1", "rng_for": "a step of pairing", "seed_text": "a step of pairing",
    "now": "the clock of the process asking",
}
# fmt: on

#: Who a request comes from, by the actor the web pages give it (tui/web): a
#: player's page ("player p3 (phone)", or "phones" for a batch of reports),
#: the judge page ("judge NAME (phone)"); anything else is the desk's staff.
ROLES = (("phone", re.compile(r"player \S+ \(phone\)|phones")), ("judge", re.compile(r"judge .+ \(phone\)")))


def role_of(actor: str) -> str:
    for role, pattern in ROLES:
        if pattern.fullmatch(actor):
            return role
    return "desk"


def served(method: str, actor: str) -> Served:
    """The served call ``method`` for a request from ``actor``; refused
    (LyceeError) when the door does not serve it, or not to that caller."""
    call = SERVED.get(method)
    if call is None:
        raise LyceeError(_("the desk has no operation {name}", name=method))
    role = role_of(actor)
    if role != "desk" and role not in call.who:
        raise LyceeError(_("the desk does not take {name} from this page", name=method))
    return call


class RemoteDesk:
    """A Desk for code that was written for one, over a :class:`~core.door.RemoteWriter` (a :class:`Door`):
    each Desk method runs first over the event read lock-free (a read is
    done there, never waiting for the desk); a served one that would write
    is sent through the door instead, nothing having been stored here.
    ``event`` is the event as the desk last wrote it.  ``writes``: the calls
    are known to write when they succeed (``lycee pair``, ``top``, one
    ``result``): each goes through the door at once, not worked out here
    first only to be worked out again at the desk (a pairing of a large
    event took twice as long)."""

    def __init__(self, writer: Door, actor: str = "cli", device: str | None = "local", writes: bool = False):
        self.writer = writer
        self.actor = actor
        self.device = device
        self.writes = writes
        self._view: Desk | None = None

    def _local(self) -> Desk:
        if self._view is None:
            self._view = Desk(
                self.writer.datadir.view(self.writer.event_id),  # type: ignore[arg-type]
                actor=self.actor,
                device=self.device,
            )
        return self._view

    @property
    def store(self):
        return self._local().store

    @property
    def event(self) -> Event:
        return self._local().event

    # the local helpers that write, done here and sent as a served call
    def repair(self) -> Event:
        return self.pair_again()

    def append_all(self, acts) -> Event:
        return self.append_batch(acts)

    def register_decklist_file(self, ref: str, path, catalog=None, by: str = "", reason: str = "") -> Event:
        """The file read here (the desk never reads a file a caller names), the list sent."""
        deck = self._local().read_decklist_file(ref, path, catalog, by, reason)
        return self.register_decklist(ref, deck, None, by, reason)

    def __getattr__(self, name: str):
        if name in LOCAL:
            return getattr(self._local(), name)
        if name.startswith("_") or name not in SERVED:
            raise AttributeError(name)

        def method(*args, **kwargs):
            if not self.writes:
                try:
                    return getattr(self._local(), name)(*args, **kwargs)
                except WriteNeeded:
                    pass
            try:
                return self.writer.call(name, *args, actor=self.actor, device=self.device, **kwargs)
            finally:
                self._view = None  # read again: the desk has written

        method.__name__ = name
        return method
