"""The ``lycee-event/1`` format as one typed model (docs/eventfile.md).

Each object of the file is a :class:`msgspec.Struct` below, its bounds in
:class:`msgspec.Meta`: these classes are the format's description, its
validation (:func:`msgspec.convert` with ``strict=True``: ``2.0`` or ``true``
is never a whole number) and its serialisation (:mod:`.export` builds them and
``msgspec.to_builtins`` writes them, in the order of their fields; a field
left :data:`~msgspec.UNSET` is not written).

Two readings of the same classes:

- as declared (:data:`EventFile`): the format, what an event stored in a log
  replays and what ``lycee verify`` reads (unknown keys allowed);
- :data:`StrictEventFile`, made from them by :func:`strict_variant`: a file
  being imported (docs/names.md, "What import checks").  It adds the bounds
  marked :func:`on_import`, bounds every other string to TEXT_MAX characters,
  every other whole number to +-MAX_INT and every other list to MAX_ITEMS
  items, and refuses keys the format does not define.

The JSON Schema for other tools is generated from the strict reading
(:func:`json_schema`; ``python -m core.rules.eventfile`` prints it, and
docs/event-schema.json is that output, checked by tests/test_eventfile.py).
"""

import datetime
import json
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from core.cards.model import CARD_NUMBER_PATTERN
from core.event.model import (
    APPEAL_OUTCOMES,
    GAME_CODES,
    KINDS,
    LATE_DECISIONS,
    LATE_RULES,
    MATCH_TYPES,
    MAX_PENALTIES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TABLE,
    OUTCOMES,
    PENALTY_ACTIONS,
    PENALTY_LEVELS,
    POOL_KINDS,
    SEALED_PRODUCTS,
    STAGES,
    TIEBREAKERS,
)
from core.names import EVENT_NAME_MAX, ID_PATTERN, PLAYER_NAME_MAX, STAFF_NAME_MAX, TEXT_MAX

SCHEMA_TAG = "lycee-event/1"
#: Bounds of a file being imported where no field says otherwise: every string
#: is at most TEXT_MAX characters, every whole number within +-MAX_INT, every
#: list at most MAX_ITEMS long.
MAX_INT = 100_000
MAX_ITEMS = MAX_PENALTIES  # (any list: the penalties, the event's longest growing list, too)


@dataclass(frozen=True)
class OnImport:
    """Bounds that hold for a file being imported only (msgspec ignores this
    annotation; :func:`strict_variant` adds them)."""

    meta: Meta
    #: False: no default bounds either (a value msgspec cannot bound: see Seed)
    defaults: bool = True


def on_import(**bounds: Any) -> OnImport:
    return OnImport(Meta(**bounds))


# -- the values (the enums are the engine's own: checked against them below) -------------
Kind = Literal["constructed", "sealed", "draft"]
MatchType = Literal["bo3", "bo1"]
Tiebreaker = Literal["op", "omw", "gw", "ogw"]
Stage = Literal["swiss", "top", "playoff"]
Outcome = Literal["p1", "p2", "draw", "bye", "double_loss"]
GameCode = Literal["p1", "p2", "draw", "concede-p1", "concede-p2", "loss-p1", "loss-p2"]
LateRule = Literal["G-LATE-1", "G-LATE-2"]
LateDecision = Literal["confirm", "dismiss"]
Level = Literal["notice", "warning"]
PenaltyAction = Literal["none", "game_loss", "match_loss", "exclusion", "other", "exclusion_struck"]
AppealOutcome = Literal["upheld", "overturned", "changed"]
PoolKind = Literal["sealed", "draft"]
Product = Literal["2s", "1s3b"]
for _alias, _values in (
    (Kind, KINDS),
    (MatchType, MATCH_TYPES),
    (Tiebreaker, TIEBREAKERS),
    (Stage, STAGES),
    (Outcome, OUTCOMES),
    (GameCode, GAME_CODES),
    (LateRule, LATE_RULES),
    (LateDecision, LATE_DECISIONS),
    (Level, PENALTY_LEVELS),
    (PenaltyAction, PENALTY_ACTIONS),
    (AppealOutcome, APPEAL_OUTCOMES),
    (PoolKind, POOL_KINDS),
    (Product, SEALED_PRODUCTS),
):
    assert get_args(_alias) == tuple(_values), (_alias, _values)

Id = Annotated[str, Meta(min_length=1)]
Name = Annotated[str, Meta(min_length=1)]
NonNeg = Annotated[int, Meta(ge=0)]
Minutes = Annotated[int, Meta(ge=1, le=600)]
CardNumber = Annotated[str, Meta(pattern=CARD_NUMBER_PATTERN)]
#: a member number as the store gives it (core.rules.members)
MEMBER_PATTERN = r"^[A-Z0-9][A-Z0-9_-]*$"
Round1 = Annotated[int, Meta(ge=1), on_import(le=MAX_ROUNDS)]
Table = Annotated[int, Meta(ge=1), on_import(le=MAX_TABLE)]
Games = Annotated[int, Meta(ge=0), on_import(le=9)]
#: a pack seed: -2**63 to 2**64 in a file being imported, bounds beyond msgspec's
#: int64 (checked by :mod:`.check`)
Seed = Annotated[int, OnImport(Meta(), defaults=False)]
SEED_MIN, SEED_MAX = -(2**63), 2**64
Time = str  # an ISO 8601 time (checked by :mod:`.check`)


class Doc(Struct, kw_only=True):
    """An object of the file: keyword fields in the order they are written."""


# -- the event and its people -------------------------------------------------------------
class Staff(Doc, kw_only=True):
    organizer: Annotated[str, on_import(max_length=STAFF_NAME_MAX)] | UnsetType = UNSET
    judges: list[str] | UnsetType = UNSET
    head_judge: Annotated[str, on_import(max_length=STAFF_NAME_MAX)] | UnsetType = UNSET
    event_staff: list[str] | UnsetType = UNSET


class Store(Doc, kw_only=True):
    """The store that ran the event (issue 47)."""

    name: Name
    number: str | UnsetType = UNSET
    place: str | UnsetType = UNSET


class PlayerDoc(Doc, kw_only=True):
    id: Annotated[str, Meta(min_length=1), on_import(pattern=ID_PATTERN)]
    name: Annotated[str, Meta(min_length=1), on_import(max_length=PLAYER_NAME_MAX)]
    dropped_after_round: Annotated[int, Meta(ge=0), on_import(le=MAX_ROUNDS)] | UnsetType | None = UNSET
    excluded: bool | UnsetType = UNSET
    joined_round: Annotated[int, Meta(ge=1), on_import(le=MAX_ROUNDS + 1)] | UnsetType = UNSET
    #: a reading (kana) for by-name order
    reading: Annotated[str, on_import(max_length=PLAYER_NAME_MAX)] | UnsetType | None = UNSET
    #: the store's member number (issue 47, core.rules.members)
    member: Annotated[str, Meta(min_length=1), on_import(max_length=32, pattern=MEMBER_PATTERN)] | UnsetType = UNSET


class Appeal(Doc, kw_only=True):
    by: str
    outcome: AppealOutcome
    note: str | UnsetType = UNSET
    level: Level | UnsetType = UNSET
    action: PenaltyAction | UnsetType = UNSET


class PenaltyDoc(Doc, kw_only=True):
    player: Id
    round: Round1 | UnsetType | None = UNSET
    table: Table | UnsetType | None = UNSET
    level: Level
    action: PenaltyAction | UnsetType = UNSET
    reason: str
    by: str | UnsetType = UNSET
    appeal: Appeal | UnsetType | None = UNSET
    at: Time | UnsetType = UNSET


# -- rounds --------------------------------------------------------------------------------
class MatchDoc(Doc, kw_only=True):
    table: Table
    p1: Id
    p2: str | UnsetType | None = UNSET
    p1_wins: Games | UnsetType = UNSET
    p2_wins: Games | UnsetType = UNSET
    draws: Games | UnsetType = UNSET
    outcome: Outcome | UnsetType | None = UNSET
    note: str | UnsetType = UNSET
    games: list[GameCode] | UnsetType = UNSET
    extension: Annotated[int, Meta(ge=0), on_import(le=600)] | UnsetType = UNSET
    intentional: bool | UnsetType = UNSET
    why: list[Annotated[list[str | int], Meta(min_length=1)]] | UnsetType = UNSET


class Clock(Doc, kw_only=True):
    minutes: Minutes
    started_at: Time
    pauses: list[tuple[Time, Time | None]] | UnsetType = UNSET


class Checkin(Doc, kw_only=True):
    player: Id
    at: Time
    seconds: Annotated[float, Meta(ge=0), on_import(le=86_400)] | UnsetType = UNSET


class Late(Doc, kw_only=True):
    rule: LateRule
    table: Table
    players: Annotated[list[Id], Meta(min_length=1, max_length=2)]
    decision: LateDecision
    by: str | UnsetType = UNSET
    at: Time | UnsetType = UNSET


class RoundDoc(Doc, kw_only=True):
    number: Round1
    stage: Stage | UnsetType = UNSET
    matches: list[MatchDoc]
    clock: Clock | UnsetType | None = UNSET
    checkins: list[Checkin] | UnsetType = UNSET
    third_place: bool | UnsetType = UNSET
    late: list[Late] | UnsetType = UNSET


# -- decklists and limited events (G-DECKLIST, G-SEALED, G-DRAFT-*) ------------------------
class DeckLine(Struct, array_like=True, forbid_unknown_fields=True):
    """``[count, number]`` or ``[count, number, name]``."""

    count: Annotated[int, Meta(ge=1, le=60)]
    number: CardNumber
    name: str = ""


class Decklist(Doc, kw_only=True):
    player: Id
    deck: list[DeckLine]
    spare: list[DeckLine] | UnsetType = UNSET
    source: str | UnsetType = UNSET
    round: NonNeg | UnsetType = UNSET


class DeckCheck(Doc, kw_only=True):
    player: Id
    round: NonNeg
    by: str | UnsetType = UNSET
    at: Time | UnsetType = UNSET
    source: str | UnsetType = UNSET
    #: (deck or spare, the card, registered count, presented count)
    differences: list[tuple[Literal["deck", "spare"], CardNumber, NonNeg, NonNeg]]


class Override(Doc, kw_only=True):
    """Round 1 paired without every legal deck (G-HEAD-JUDGE)."""

    by: str
    reason: str
    at: Time
    players: list[Id] | UnsetType = UNSET


class Build(Doc, kw_only=True):
    kind: PoolKind
    set: Name
    product: Product | UnsetType | None = UNSET
    packs: NonNeg | UnsetType = UNSET
    seed: Seed | UnsetType | None = UNSET
    minutes: Minutes
    opened_at: Time
    clock: Clock | UnsetType | None = UNSET
    closed_at: Time | UnsetType | None = UNSET
    closed_by: str | UnsetType = UNSET
    override: Override | UnsetType | None = UNSET


class Seat(Doc, kw_only=True):
    name: Name
    player: str | UnsetType | None = UNSET


class Opened(Doc, kw_only=True):
    kind: Literal["starter", "booster"]
    cards: list[CardNumber]
    starter: str | UnsetType = UNSET


class Pool(Doc, kw_only=True):
    player: Id
    kind: PoolKind
    set: Name
    product: Product | UnsetType | None = UNSET
    packs: NonNeg | UnsetType = UNSET
    seed: Seed | UnsetType | None = UNSET
    cards: Annotated[list[CardNumber], Meta(min_length=1)]
    opened: list[Opened] | UnsetType = UNSET


class StoreCalendar(Doc, kw_only=True):
    """A store's own legality calendar (G-CARDS-VERSIONS), checked in full by
    core.cards.legality.parse_calendar."""

    source: str
    calendar: dict[str, Any]


class Ruling(Doc, kw_only=True):
    """The head judge's ruling: facts kept as played after a change (L-RULING)."""

    by: Annotated[str, Meta(min_length=1)]
    reason: str | UnsetType = UNSET
    at: Time | UnsetType = UNSET
    #: [rule id, JSON path]
    excuses: Annotated[
        list[Annotated[list[Annotated[str, Meta(min_length=1)]], Meta(min_length=2, max_length=2)]], Meta(min_length=1)
    ]


class EventFile(Doc, kw_only=True):
    """A whole event, as exported and imported (docs/eventfile.md)."""

    schema: Literal["lycee-event/1"]  # SCHEMA_TAG
    id: Annotated[str, Meta(min_length=1), on_import(pattern=ID_PATTERN)]
    name: Annotated[str, Meta(min_length=1), on_import(max_length=EVENT_NAME_MAX)]
    date: datetime.date
    kind: Kind
    match: MatchType
    minutes: Minutes
    rounds_planned: Annotated[int, Meta(ge=0, le=30)] | UnsetType | None = UNSET
    tiebreakers: list[Tiebreaker] | UnsetType = UNSET  # (each once: core.rules.settings)
    staff: Staff | UnsetType = UNSET
    sanctioned: bool | UnsetType = UNSET
    store: Store | UnsetType = UNSET
    rules: Literal["2008", "overture"] | UnsetType = UNSET
    decklists_required: bool | UnsetType = UNSET
    spectating: bool | UnsetType = UNSET
    players: Annotated[list[PlayerDoc], on_import(max_length=MAX_PLAYERS)]
    rounds: Annotated[list[RoundDoc], on_import(max_length=MAX_ROUNDS)]
    penalties: list[PenaltyDoc] | UnsetType = UNSET
    decklists: list[Decklist] | UnsetType = UNSET
    deck_checks: list[DeckCheck] | UnsetType = UNSET
    build: Build | UnsetType = UNSET
    pods: list[Annotated[list[Seat], Meta(min_length=2)]] | UnsetType = UNSET
    pools: list[Pool] | UnsetType = UNSET
    store_calendar: StoreCalendar | UnsetType | None = UNSET
    #: pairs of players never to be paired (``player apart``)
    apart: list[Annotated[list[Id], Meta(min_length=2, max_length=2)]] | UnsetType = UNSET
    rulings: list[Ruling] | UnsetType = UNSET


# -- the strict reading: a file being imported ------------------------------------------
_BOUND_NAMES = ("gt", "ge", "lt", "le", "pattern", "min_length", "max_length")
#: The bounds every value of a kind gets when no field says otherwise.
_DEFAULTS: dict[type, dict[str, Any]] = {
    str: {"max_length": TEXT_MAX},
    int: {"ge": -MAX_INT, "le": MAX_INT},
    float: {"ge": -MAX_INT, "le": MAX_INT},
    list: {"max_length": MAX_ITEMS},
}
_made: dict[Any, Any] = {}


def strict_variant(tp: Any) -> Any:
    """``tp`` as a file being imported is read: the :func:`on_import` bounds
    added, the default bounds where none is given, no unknown keys."""
    if tp not in _made:
        _made[tp] = _strict(tp)
    return _made[tp]


def _strict(tp: Any) -> Any:
    handler = _BY_ORIGIN.get(get_origin(tp))
    if handler is not None:
        return handler(tp)
    if isinstance(tp, type) and issubclass(tp, Struct):
        return _strict_struct(tp)
    return _bounded(tp, []) if tp in _DEFAULTS else tp


def _strict_annotated(tp: Any) -> Any:
    base, *marks = get_args(tp)
    return _bounded(base, marks)


def _strict_union(tp: Any) -> Any:
    return Union[tuple(strict_variant(x) for x in get_args(tp))]


def _strict_tuple(tp: Any) -> Any:
    return tuple[tuple(strict_variant(x) for x in get_args(tp))]  # type: ignore[misc]


def _strict_list(tp: Any) -> Any:
    return _bounded(tp, [])


def _bounded(base: Any, marks: list) -> Any:
    """``base`` (a value or a list) with the bounds of ``marks`` over the defaults."""
    bounds = _defaults(base, marks)
    for mark in marks:
        bounds.update(_bounds_of(mark))
    if get_origin(base) is list:
        base = list[strict_variant(get_args(base)[0])]  # type: ignore[misc]
    return Annotated[base, Meta(**bounds)] if bounds else base


def _defaults(base: Any, marks: list) -> dict[str, Any]:
    """The bounds ``base`` gets where its marks say none (no defaults: see :class:`OnImport`)."""
    if any(isinstance(m, OnImport) and not m.defaults for m in marks):
        return {}
    return dict(_DEFAULTS.get(get_origin(base) or base, {}))


def _bounds_of(mark: Meta | OnImport) -> dict[str, Any]:
    meta = mark.meta if isinstance(mark, OnImport) else mark
    return {k: getattr(meta, k) for k in _BOUND_NAMES if getattr(meta, k) is not None}


#: How each kind of type is read strictly, by its origin (Annotated[...], X | Y, tuple[...], list[...]).
_BY_ORIGIN = {
    Annotated: _strict_annotated,
    Union: _strict_union,
    UnionType: _strict_union,
    tuple: _strict_tuple,
    list: _strict_list,
}


def _strict_struct(cls: type[Struct]) -> type[Struct]:
    fields = [
        (f.name, strict_variant(f.type)) if f.required else (f.name, strict_variant(f.type), f.default)
        for f in msgspec.structs.fields(cls)
    ]
    config = cls.__struct_config__
    return msgspec.defstruct(
        cls.__name__,
        fields,
        kw_only=not config.array_like,
        array_like=config.array_like,
        forbid_unknown_fields=True,
        module=__name__,
    )


StrictEventFile: type[Struct] = strict_variant(EventFile)


def model(strict: bool) -> type[Struct]:
    """The class a document is read as: strict (a file being imported) or as declared."""
    return StrictEventFile if strict else EventFile


def json_schema() -> dict:
    """The JSON Schema (2020-12) of a file ``lycee import`` accepts, made from the model."""
    return msgspec.json.schema(StrictEventFile)


def schema_text() -> str:
    """docs/event-schema.json as it must read: :func:`json_schema`, indented, one final newline."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
