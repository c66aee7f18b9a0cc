"""The action contract: one frozen :class:`msgspec.Struct` per action kind.

Every writer (the Desk, :mod:`limited.event`, the event-file import, and the
remote writers to come) builds these; every reducer in :mod:`core.rules`
reads them.  A payload is tagged by its kind (``type``, as the journal names
it), so a list of actions decodes as the :data:`Payload` union.

In the journal an action stays ``{"seq", "at", "actor", "type", "v", "data"}``
with the payload's fields as ``data`` (:func:`to_data`: the tag is the
action's ``type``, and fields at their default are left out, so a journal
written before these Structs and one written after read alike).  A stored
action is decoded with its kind's Struct (:func:`from_data`) before its
reducer sees it: a renamed, missing or mistyped key is refused with the
kind, the seq and the JSON path, and a Struct built in code with a wrong
name is caught by mypy.

Closed sets the code writes (stages, clock and build steps, lateness rules,
pool kinds) are :class:`typing.Literal` types checked when decoding.  The
sets a user chooses from (penalty levels and actions, appeal outcomes,
game codes, intentional-draw decisions, lateness decisions) are ``str``:
their reducer refuses a wrong one with a message in the user's language
that lists the choices (G-PEN-2, G-ID-3...), which a decoder cannot give.

Kinds whose payload is a whole document (the settings of ``create`` and
``edit``, an imported event file, an event file's facts) keep it as one
field (``doc``): they are checked by :func:`core.rules.settings.check_settings`
and the event-file schema (:mod:`core.rules.eventfile`), which name the key
and the JSON path of every problem.

How versions work and how to add a kind: docs/architecture.md, "Actions".
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias, TypeVar, Union

import msgspec
from msgspec import UNSET, UnsetType, field

Stage = Literal["swiss", "top", "playoff"]
ClockOp = Literal["start", "pause", "resume", "extend"]
BuildOp = Literal["open", "start", "pause", "resume", "close", "override"]
LateRule = Literal["G-LATE-1", "G-LATE-2"]
Kind = Literal["constructed", "sealed", "draft"]
PoolKind = Literal["sealed", "draft"]
OpenedKind = Literal["starter", "booster"]
LostWhy = Literal["damaged", "refused"]
#: A deck line as stored: [count, card number] or [count, card number, name]
#: (checked line by line by core.rules.decklists, which names the line).
DeckLine: TypeAlias = list[Union[int, str]]


class Action(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True, forbid_unknown_fields=True):
    """The base of every payload; its tag (``type``) is the action kind (:func:`kind_of`)."""


def kind_of(payload: Action | type[Action]) -> str:
    """The action kind of a payload or of its Struct."""
    cls = payload if isinstance(payload, type) else type(payload)
    return str(cls.__struct_config__.tag)


class Part(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """A piece of a payload (a player to register, a table of a pairing...)."""


# -- the event and its players (core.rules.players) ------------------------------------------------


class Create(Action, frozen=True, tag="create"):
    """The event's id and settings (``doc``: the journal's ``data``)."""

    doc: dict[str, Any]


class Edit(Action, frozen=True, tag="edit"):
    """Settings changed (``doc``: setting -> new value)."""

    doc: dict[str, Any]


class Import(Action, frozen=True, tag="import"):
    """A whole lycee-event/1 document, checked when it was imported."""

    doc: dict[str, Any]


class Entrant(Part, frozen=True):
    id: str
    name: str
    reading: str | None = None
    allow_same_name: bool = False
    #: the store's member number (core.rules.members), absent for none
    member: str | None = None


class Register(Action, frozen=True, tag="register"):
    players: list[Entrant]


class Rename(Action, frozen=True, tag="rename"):
    """``reading`` absent: kept as it is; None: cleared."""

    player: str
    name: str
    old: str = ""
    reading: str | UnsetType | None = UNSET
    allow_same_name: bool = False


class Remove(Action, frozen=True, tag="remove"):
    player: str
    name: str = ""


class Drop(Action, frozen=True, tag="drop"):
    player: str
    forfeit: bool = True


class Apart(Action, frozen=True, tag="apart"):
    players: list[str]
    clear: bool = False


# -- rounds and results (core.rules.results) ---------------------------------------------------------


class Pairing(Part, frozen=True):
    """One table of a pairing (``p2`` None: the bye; ``why``: core.reports.explain)."""

    table: int
    p1: str
    p2: str | None = None
    note: str = ""
    why: list[list[Union[str, int]]] = []


class Pair(Action, frozen=True, tag="pair"):
    round: int
    matches: list[Pairing]
    stage: Stage = "swiss"
    third_place: bool = False
    #: L-ROUNDS: the Swiss round count round 1 fixed (core.rules.settings.fix_rounds).
    rounds_fixed: int | None = None


class Unpair(Action, frozen=True, tag="unpair"):
    round: int


class ResultAction(Action, frozen=True, tag="result"):
    """A match result; the wins are absent when ``games`` gives them.  ``note``
    absent keeps a note saying what the match is (third place, replay)."""

    round: int
    table: int
    p1_wins: int | UnsetType = UNSET
    p2_wins: int | UnsetType = UNSET
    draws: int | UnsetType = UNSET
    result: str = ""
    intentional: bool = False
    games: list[str] | None = None
    note: str | UnsetType = UNSET
    correct: bool = False
    correct_by: str | None = None
    time_called: bool = False
    #: A head judge's G-ID-2 override, in journals written before it was refused.
    override_by: str | None = None
    #: Why a correction was made (a judge's correction from the judge page gives one).
    reason: str = ""
    #: G-ID-1/2 (issue 46): the judge who records that this table had not
    #: started (its players not yet shuffling) when the round clock started.
    not_started_by: str | None = None


class Game(Action, frozen=True, tag="game"):
    round: int
    table: int
    game: str


class IdDecision(Action, frozen=True, tag="id_decision"):
    round: int
    table: int
    decision: str
    by: str | None = None
    override_by: str | None = None


class TimeDecision(Action, frozen=True, tag="time_decision"):
    """A time-out in an elimination or playoff match with equal game wins
    (G-BO3-TIME, G-TIME, G-SE): the organizer ``by`` orders an ``extra_game``
    or names the ``winner`` (a player id) with a ``reason``; ``p1_wins`` and
    ``p2_wins`` are the games at time."""

    round: int
    table: int
    decision: str
    by: str
    p1_wins: int = 0
    p2_wins: int = 0
    draws: int = 0
    winner: str | None = None
    reason: str = ""


# -- the round clock, check-in and lateness (core.rules.clock, core.rules.lateness) -----------------


class Clock(Action, frozen=True, tag="clock"):
    round: int
    op: ClockOp
    at: str
    table: int | None = None
    minutes: int | None = None


class Checkin(Action, frozen=True, tag="checkin"):
    round: int
    player: str
    at: str


class Late(Action, frozen=True, tag="late"):
    round: int
    rule: LateRule
    table: int
    players: list[str]
    at: str
    decision: str = "confirm"
    by: str = ""


# -- penalties (core.rules.penalties) ----------------------------------------------------------------


class PenaltyAction(Action, frozen=True, tag="penalty"):
    player: str
    level: str
    reason: str = ""
    by: str | None = None
    action: str = "none"
    at: str = ""
    round: int | None = None
    table: int | None = None


class Appeal(Action, frozen=True, tag="appeal"):
    penalty: int
    outcome: str
    by: str | None = None
    note: str = ""
    level: str | None = None
    action: str | None = None


# -- decks, the build phase, pods and pools (core.rules.decklists) ------------------------------------


class Calendar(Action, frozen=True, tag="calendar"):
    """A store's legality calendar (``calendar`` None removes it)."""

    calendar: dict[str, Any] | None = None
    source: str = ""


class DecklistAction(Action, frozen=True, tag="decklist"):
    """``by``/``reason``: the judge who changed a list after round 1 was
    paired, and why (core.rules.deckrules.require_change_judge)."""

    player: str
    deck: list[DeckLine] = []
    spare: list[DeckLine] = []
    source: str = ""
    by: str = ""
    reason: str = ""


class DeckCheckAction(Action, frozen=True, tag="deck_check"):
    """``differences``: [section, number, registered, presented] lines, checked
    against the decks when present."""

    player: str
    deck: list[DeckLine] = []
    spare: list[DeckLine] = []
    differences: list[list[Union[str, int]]] | UnsetType = UNSET
    by: str = ""
    at: str = ""
    source: str = ""


class Build(Action, frozen=True, tag="build"):
    """One step of the build phase: ``open`` (kind, set, product or packs,
    seed, minutes), ``start``/``pause``/``resume``, ``close`` (by), or the head
    judge's ``override`` (by, reason, players)."""

    op: BuildOp
    at: str
    kind: Kind | UnsetType = UNSET
    set_code: str = field(default="", name="set")
    product: str = ""
    packs: int | None = None
    seed: int | None = None
    minutes: int | UnsetType = UNSET
    by: str = ""
    reason: str = ""
    players: list[str] = []
    real: bool = False  # ``open``: the packs are opened (or drafted) at the table, not by the desk


class Seat(Part, frozen=True):
    """A draft seat: a player, or a bot (``player`` None)."""

    name: str = ""
    player: str | None = None


class Pods(Action, frozen=True, tag="pods"):
    pods: list[list[Seat]]


class Opened(Part, frozen=True):
    kind: OpenedKind
    cards: list[str]
    starter: str = ""


class PoolAction(Action, frozen=True, tag="pool"):
    """``kind`` absent: the event's."""

    player: str
    set_code: str = field(default="", name="set")
    cards: list[str] = []
    kind: PoolKind | UnsetType = UNSET
    product: str = ""
    packs: int = 0
    seed: int | None = None
    opened: list[Opened] = []


class TablePool(Action, frozen=True, tag="table_pool"):
    """A player's pool from packs opened at the table, typed in by card
    number (core.rules.tablepools): ``source`` is ``typed`` or a file name."""

    player: str
    cards: list[str]
    source: str = ""
    at: str = ""


# -- publishing (core.rules.publish) ------------------------------------------------------------------


class Publish(Action, frozen=True, tag="publish"):
    """Either ``hold`` (hold new rounds until published, or not) or ``round``
    (publish rounds up to it)."""

    hold: bool | UnsetType = UNSET
    round: int | UnsetType = UNSET


class RulingAction(Action, frozen=True, tag="ruling"):
    """The head judge keeps facts as played (issue 46, L-RULING): each excuse
    is [rule id, JSON path of the event file]."""

    by: str
    reason: str = ""
    excuses: list[list[str]] = []
    at: str = ""


class Announce(Action, frozen=True, tag="announce"):
    """``text`` empty clears the announcement."""

    text: str = ""
    at: str = ""
    by: str = ""


# -- phone reports (core.rules.phonereports) ---------------------------------------------------------------

Side = Literal["p1", "p2"]
ReportOp = Literal["accept", "clear", "call"]


class ReportCodes(Action, frozen=True, tag="report_code"):
    """Secret report codes given to players: player id -> code (a new code
    for a player replaces the old one, which stops working)."""

    codes: dict[str, str]


class Report(Action, frozen=True, tag="report"):
    """A player's report of the current round's result from their own side
    (``said``, e.g. "2-1" won-lost), ``result`` the same from p1's side."""

    round: int
    table: int
    side: Side
    result: str
    said: str = ""
    at: str = ""
    by: str = ""


class ReportDecision(Action, frozen=True, tag="report_decision"):
    """The desk's decision on a table's reports: ``accept`` one ``side``'s
    (the result itself is stored in the same record), ``clear`` them, or
    ``call`` the table (staff go to it; ``note`` says who and why)."""

    round: int
    table: int
    op: ReportOp
    side: Side | None = None
    by: str = ""
    note: str = ""
    at: str = ""


# -- staff PINs (core.rules.staff) --------------------------------------------------------------------


class StaffPin(Action, frozen=True, tag="staff_pin"):
    """A staff member's PIN for the judge page, kept only as a salted hash
    (``scrypt$N$r$p$SALT$HASH``, core.rules.staff.pin_hash): a new one
    replaces the old.  The PIN itself is never stored."""

    name: str
    hash: str


class StaffSignout(Action, frozen=True, tag="staff_signout"):
    """The desk ends a staff member's judge-page sessions (a lost phone):
    their PIN stays, every session made before this one ends."""

    name: str


#: Fields of an action that are secrets: kept in the journal (a replay needs
#: them) but never shown, not even in ``lycee log --json`` (:func:`shown_data`).
SECRET_FIELDS: dict[str, tuple[str, ...]] = {"staff_pin": ("hash",)}


def shown_data(kind: str, data: dict) -> dict:
    """``data`` of a stored action of ``kind`` as it may be shown: its secret fields hidden."""
    hidden = SECRET_FIELDS.get(kind)
    if not hidden or not isinstance(data, dict):
        return data
    return {k: ("(hidden)" if k in hidden else v) for k, v in data.items()}


# -- the log itself -------------------------------------------------------------------------------------


class Undo(Action, frozen=True, tag="undo"):
    target: int


class Lost(Action, frozen=True, tag="lost"):
    """What a journal repair could not recover (core.store.store.rebuild)."""

    why: LostWhy
    was: dict[str, Any] = {}
    repair: str = ""
    kept_in: str = ""
    reason: str = ""


# -- what only an imported event file carries (core.rules.filefacts) ------------------------------------


class FileRecords(Action, frozen=True, tag="file_records"):
    """The file's decklists, deck checks, build phase, pods, pools and calendar."""

    doc: dict[str, Any]


class FileRound(Action, frozen=True, tag="file_round"):
    """The file's round object (clock, check-ins, lateness, match facts), with its ``number``."""

    doc: dict[str, Any]


class FilePeople(Action, frozen=True, tag="file_people"):
    """The file's ``players`` and ``penalties``."""

    doc: dict[str, Any]


Payload = Union[
    Create,
    Edit,
    Import,
    Register,
    Rename,
    Remove,
    Drop,
    Apart,
    Pair,
    Unpair,
    ResultAction,
    Game,
    IdDecision,
    TimeDecision,
    Clock,
    Checkin,
    Late,
    PenaltyAction,
    Appeal,
    Calendar,
    DecklistAction,
    DeckCheckAction,
    Build,
    Pods,
    PoolAction,
    TablePool,
    Publish,
    Announce,
    RulingAction,
    ReportCodes,
    Report,
    ReportDecision,
    StaffPin,
    StaffSignout,
    Undo,
    Lost,
    FileRecords,
    FileRound,
    FilePeople,
]

#: kind -> its Struct.
PAYLOADS: dict[str, type[Action]] = {kind_of(cls): cls for cls in Payload.__args__}  # type: ignore[attr-defined]
#: Kinds whose journal ``data`` is the document itself (their one field, ``doc``).
DOCUMENTS = frozenset(k for k, cls in PAYLOADS.items() if cls.__struct_fields__ == ("doc",))


class BadPayload(ValueError):
    """Stored data that is not its kind's payload (the reason names the JSON path)."""


def from_data(kind: str, data: Any) -> Action:
    """The payload of a ``kind`` action from its journal ``data`` (raises
    :class:`BadPayload`, or KeyError for a kind with no Struct)."""
    cls = PAYLOADS[kind]
    if kind in DOCUMENTS:
        if not isinstance(data, dict):
            raise BadPayload(f"Expected `object`, got `{type(data).__name__}`")
        return cls(doc=data)
    try:
        return msgspec.convert(data, cls)
    except msgspec.ValidationError as err:
        raise BadPayload(str(err)) from None


def readable(kind: str, data: Any) -> Action:
    """The payload of a ``kind`` action for reading only (an audit-trail
    line): decoded as :func:`from_data` does when it can; else built from
    the fields ``data`` holds as they are, a missing one at its default (or
    None), so a line can still be shown for an action the rules refuse."""
    try:
        return from_data(kind, data)
    except BadPayload:
        if not isinstance(data, dict):
            raise
    cls = PAYLOADS[kind]
    values = {f.name: _field_value(f, data) for f in msgspec.structs.fields(cls)}
    return cls(**values)  # not validated: for reading, never for a reducer


def _field_value(f: msgspec.structs.FieldInfo, data: dict) -> Any:
    """Field ``f`` as ``data`` holds it, else at its default, else None."""
    if f.encode_name in data:
        return data[f.encode_name]
    if f.default is not msgspec.NODEFAULT:
        return f.default
    if f.default_factory is not msgspec.NODEFAULT:
        return f.default_factory()
    return None


def to_data(payload: Action) -> dict[str, Any]:
    """The journal ``data`` of ``payload``: its fields, less the tag and the
    fields at their default."""
    if kind_of(payload) in DOCUMENTS:
        return dict(payload.doc)  # type: ignore[attr-defined]
    data = msgspec.to_builtins(payload)
    data.pop("type", None)
    return data


P = TypeVar("P", bound=Action)


def replace_payload(payload: P, **changes: Any) -> P:
    """``payload`` with ``changes`` (a payload is frozen)."""
    return msgspec.structs.replace(payload, **changes)


def payload_of(kind: str, data: Action | dict) -> Action:
    """``data`` as ``kind``'s payload: a Struct as it is, a dict decoded
    (refused as :func:`from_data` refuses it)."""
    if isinstance(data, Action):
        if kind_of(data) != kind:
            raise BadPayload(f"a {kind_of(data)!r} payload given as {kind!r}")
        return data
    return from_data(kind, data)
