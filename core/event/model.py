"""The event as plain, frozen data.

Everything here is derived state: an event is stored as an append-only log of
actions (see :mod:`core.log`) and these records are what replaying that log
gives.  Engines (pairing, standings, exports) read them and never mutate them.

Field names follow the ``lycee-event/1`` file format (docs/eventfile.md).
"""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import dataclass, field, fields, replace
from functools import cached_property

from core.event.tiebreakers import names as tiebreaker_names

KINDS = ("constructed", "sealed", "draft")
MATCH_TYPES = ("bo3", "bo1")
TIEBREAKERS = tiebreaker_names()  # the keys of core.event.tiebreakers, where each is defined
DEFAULT_TIEBREAKERS = ("omw", "gw", "ogw")
STAGES = ("swiss", "top", "playoff")
OUTCOMES = ("p1", "p2", "draw", "bye", "double_loss")
PENALTY_LEVELS = ("notice", "warning")
#: ``exclusion_struck``: disqualified with the record struck (戦績の抹消), Overture only (O-PEN-2).
PENALTY_ACTIONS = ("none", "game_loss", "match_loss", "exclusion", "other", "exclusion_struck")
APPEAL_OUTCOMES = ("upheld", "overturned", "changed")
#: The rule set an event runs under (O-RULES, docs/rules.md): the 2008
#: sanctioned-event guideline this product implements, or Lycee Overture's.
RULE_SETS = ("2008", "overture")
#: Overture's penalties (O-PEN-1): 訓告 (a caution, not recorded) besides
#: Notice and Warning; a disqualification may strike the player's record.
OVERTURE_PENALTY_LEVELS = ("caution", "notice", "warning")
#: One game of a match, from the first-listed player's side (G-CONCEDE,
#: G-NEXT-GAME): who won it, a drawn game, who conceded it, or who was given
#: a game loss as a penalty (G-PEN-1).
GAME_CODES = ("p1", "p2", "draw", "concede-p1", "concede-p2", "loss-p1", "loss-p2")
LATE_RULES = ("G-LATE-1", "G-LATE-2")
LATE_DECISIONS = ("confirm", "dismiss")
#: The size of an event that the desk and a lycee-event/1 file agree on (issue 44):
#: ``lycee import`` refuses a file beyond it (the strict schema's bounds,
#: core.rules.eventfile) and the desk refuses to grow an event past it
#: (``player add``, a round paired, a penalty given), so every event exports to a
#: file that imports again.
MAX_PLAYERS = 4096
MAX_ROUNDS = 100
MAX_TABLE = 10_000
MAX_PENALTIES = 10_000


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player (id, name as shown, drop, exclusion, late entry, reading)."""

    id: str
    name: str
    dropped_after_round: int | None = None
    excluded: bool = False
    #: First round this player can be paired in (a late entry starts at 0
    #: points and is paired from the next round).
    joined_round: int = 1
    #: How the name reads, in kana (ふりがな), or None: by-name lists sort
    #: by it in 五十音 order (core.names.name_sort_key, docs/names.md).
    reading: str | None = None
    #: The store's member number of this player (core.rules.members), or None.
    member: str | None = None

    @property
    def status(self) -> str:
        if self.excluded:
            return "excluded"
        if self.dropped_after_round is not None:
            return "dropped"
        return "active"

    @property
    def active(self) -> bool:
        return not self.excluded and self.dropped_after_round is None


#: What the note of an elimination match says it is (core.tournament.elimination):
#: the third-place match, the one planned before the semi-finals end, a replay (G-SE).
THIRD_PLACE = "third_place"
THIRD_PLACE_PLANNED = "third_place_planned"
REPLAY = "replay"


@dataclass(frozen=True, slots=True)
class Match:
    """One table of a round: the players, the result in games, and what the desk recorded of it."""

    table: int
    p1: str
    p2: str | None  # None: a bye
    p1_wins: int = 0
    p2_wins: int = 0
    draws: int = 0
    #: "p1" | "p2" | "draw" | "bye" | "double_loss", None while unplayed.
    outcome: str | None = None
    note: str = ""
    #: Game-by-game entry (see GAME_CODES), in the order played; optional.
    games: tuple[str, ...] = ()
    #: Extra minutes given to this table on top of the round clock.
    extension: int = 0
    #: The result is an intentional draw (G-ID-1..3).
    intentional: bool = False
    #: Why the pairing is what it is, stored when the round was paired
    #: (Swiss rounds; see core.reports.explain): tuples such as ("odd", pid, 6, 5).
    why: tuple[tuple, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.p2 is None

    @property
    def reported(self) -> bool:
        return self.outcome is not None

    def players(self) -> tuple[str, ...]:
        return (self.p1,) if self.p2 is None else (self.p1, self.p2)

    def winner(self) -> str | None:
        if self.outcome in ("p1", "bye"):
            return self.p1
        if self.outcome == "p2":
            return self.p2
        return None

    def loser(self) -> str | None:
        if self.outcome == "p1":
            return self.p2
        if self.outcome == "p2":
            return self.p1
        return None


# -- faster construction of the records built by the thousand ---------------------------
# A frozen dataclass's __init__ sets each field with object.__setattr__; these set
# each slot through its own descriptor, in half the time (an imported file of
# 2,048 players and 10 rounds builds 20,480 matches).  Same parameters,
# same defaults, same result; checked against the dataclass's fields below.
def slot_setter(cls: type, name: str):
    """What sets slot ``name`` of an instance of ``cls`` (its member descriptor's ``__set__``)."""
    return vars(cls)[name].__set__


_m_table, _m_p1, _m_p2, _m_p1_wins, _m_p2_wins, _m_draws = (
    slot_setter(Match, "table"),
    slot_setter(Match, "p1"),
    slot_setter(Match, "p2"),
    slot_setter(Match, "p1_wins"),
    slot_setter(Match, "p2_wins"),
    slot_setter(Match, "draws"),
)
_m_outcome, _m_note, _m_games, _m_extension, _m_intentional, _m_why = (
    slot_setter(Match, "outcome"),
    slot_setter(Match, "note"),
    slot_setter(Match, "games"),
    slot_setter(Match, "extension"),
    slot_setter(Match, "intentional"),
    slot_setter(Match, "why"),
)


def _match_init(
    self,
    table: int,
    p1: str,
    p2: str | None,
    p1_wins: int = 0,
    p2_wins: int = 0,
    draws: int = 0,
    outcome: str | None = None,
    note: str = "",
    games: tuple[str, ...] = (),
    extension: int = 0,
    intentional: bool = False,
    why: tuple[tuple, ...] = (),
) -> None:
    _m_table(self, table)
    _m_p1(self, p1)
    _m_p2(self, p2)
    _m_p1_wins(self, p1_wins)
    _m_p2_wins(self, p2_wins)
    _m_draws(self, draws)
    _m_outcome(self, outcome)
    _m_note(self, note)
    _m_games(self, games)
    _m_extension(self, extension)
    _m_intentional(self, intentional)
    _m_why(self, why)


_p_id, _p_name, _p_dropped, _p_excluded, _p_joined, _p_reading = (
    slot_setter(Player, "id"),
    slot_setter(Player, "name"),
    slot_setter(Player, "dropped_after_round"),
    slot_setter(Player, "excluded"),
    slot_setter(Player, "joined_round"),
    slot_setter(Player, "reading"),
)
_p_member = slot_setter(Player, "member")


def _player_init(
    self,
    id: str,
    name: str,
    dropped_after_round: int | None = None,
    excluded: bool = False,
    joined_round: int = 1,
    reading: str | None = None,
    member: str | None = None,
) -> None:
    _p_id(self, id)
    _p_name(self, name)
    _p_dropped(self, dropped_after_round)
    _p_excluded(self, excluded)
    _p_joined(self, joined_round)
    _p_reading(self, reading)
    _p_member(self, member)


def fast_init(cls: type, init) -> None:
    """``init`` as ``cls.__init__`` (a frozen, slotted dataclass whose
    instances are built by the thousand: ``init`` sets each slot with
    :func:`slot_setter`), once it is known to take the dataclass's fields in
    order with the same defaults (else a TypeError at import)."""
    want = [(f.name, f.default) for f in fields(cls)]
    got = [
        (p.name, dataclasses.MISSING if p.default is inspect.Parameter.empty else p.default)
        for p in list(inspect.signature(init).parameters.values())[1:]
    ]
    if want != got:
        raise TypeError(f"{init.__module__}: {cls.__name__}'s fields changed: update {init.__name__}")
    init.__qualname__ = f"{cls.__name__}.__init__"
    cls.__init__ = init  # type: ignore[misc]


fast_init(Match, _match_init)
fast_init(Player, _player_init)


@dataclass(frozen=True, slots=True)
class ClockState:
    """The round clock as the log left it (core.rules.clock reads it).

    Times are ISO 8601 strings with their offset, as the desk's time source
    gave them; ``pauses`` holds (paused at, resumed at or None while paused)."""

    minutes: int
    started_at: str
    pauses: tuple[tuple[str, str | None], ...] = ()

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] is None


@dataclass(frozen=True, slots=True)
class Checkin:
    """A player seen at their table / reported at the desk (G-LATE-1/2).
    ``seconds``: the round clock's elapsed time then (0 before the start)."""

    player: str
    at: str
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class LateRuling:
    """Staff's answer to a lateness prompt (G-LATE-1 match loss, G-LATE-2 drop)."""

    rule: str  # "G-LATE-1" | "G-LATE-2"
    table: int
    players: tuple[str, ...]
    decision: str  # "confirm" | "dismiss"
    by: str
    at: str


@dataclass(frozen=True, slots=True)
class Round:
    """A paired round: its matches, clock, check-ins and lateness rulings."""

    number: int
    stage: str  # "swiss" | "top" | "playoff"
    matches: tuple[Match, ...]
    #: None until the round clock is started.
    clock: ClockState | None = None
    checkins: tuple[Checkin, ...] = ()
    late: tuple[LateRuling, ...] = ()
    #: First elimination round only: a third-place match is planned for the
    #: final round (G-SE).  Kept in the round, where no result can touch it.
    third_place: bool = False

    @property
    def complete(self) -> bool:
        return all(m.reported for m in self.matches)

    def missing_tables(self) -> list[int]:
        return [m.table for m in self.matches if not m.reported]

    def match_at(self, table: int) -> Match | None:
        i = table - 1 if isinstance(table, int) else -1
        if 0 <= i < len(self.matches) and self.matches[i].table == table:
            return self.matches[i]
        for m in self.matches:
            if m.table == table:
                return m
        return None


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty as issued (G-PEN-*), with its appeal when one was made."""

    player: str
    round: int | None
    table: int | None
    level: str  # "notice" | "warning"
    action: str  # see PENALTY_ACTIONS
    reason: str
    by: str
    #: Appeal to the head judge: None, or {"by": ..., "outcome": "upheld|overturned|changed",
    #: "note": ...} (with "level" and/or "action" when changed).
    appeal: dict | None = None
    #: When it was issued (ISO time from the desk's clock; "" in older logs).
    at: str = ""


@dataclass(frozen=True, slots=True)
class Staff:
    """Who runs the event: organizer, judges, head judge, event staff."""

    organizer: str = ""
    judges: tuple[str, ...] = ()
    head_judge: str = ""
    #: Event staff (運営スタッフ) who are neither organizer nor judge: they may
    #: issue penalties too (G-PEN-1).
    event_staff: tuple[str, ...] = ()

    def members(self) -> set[str]:
        names = {self.organizer, self.head_judge, *self.judges, *self.event_staff}
        names.discard("")
        return names


#: A decklist line as stored in the event: (count, card number, name as written).
DeckLine = tuple[int, str, str]
POOL_KINDS = ("sealed", "draft")
SEALED_PRODUCTS = ("2s", "1s3b")


@dataclass(frozen=True, slots=True)
class DeckRecord:
    """A player's registered decklist (G-DECKLIST): the deck and spare cards
    as handed in, kept whatever their problems (core.rules.decklists checks them)."""

    player: str
    deck: tuple[DeckLine, ...] = ()
    spare: tuple[DeckLine, ...] = ()
    #: The file (or form) it came from.
    source: str = ""
    #: Rounds already paired when it was registered (0: before round 1).
    round: int = 0

    @property
    def deck_size(self) -> int:
        return sum(c for c, _, _ in self.deck)

    @property
    def spare_size(self) -> int:
        return sum(c for c, _, _ in self.spare)


@dataclass(frozen=True, slots=True)
class DeckCheck:
    """A deck check at the table (G-DECKLIST): how the presented deck differed
    from the registered list, as (section, number, registered, presented)."""

    player: str
    round: int
    differences: tuple[tuple[str, str, int, int], ...] = ()
    by: str = ""
    at: str = ""
    source: str = ""

    @property
    def same(self) -> bool:
        return not self.differences


@dataclass(frozen=True, slots=True)
class OpenedPack:
    """One product opened for a sealed pool (G-SEALED)."""

    kind: str  # "starter" | "booster"
    cards: tuple[str, ...]
    starter: str = ""


@dataclass(frozen=True, slots=True)
class Pool:
    """The cards a player builds from in a limited event: a sealed product
    opened (G-SEALED) or a drafted pool (G-DRAFT-1)."""

    player: str
    kind: str  # "sealed" | "draft"
    set_code: str
    cards: tuple[str, ...]
    #: Sealed product (2s / 1s3b); "" for a draft.
    product: str = ""
    #: Packs opened (sealed: 2 or 4; draft: boosters a player, G-DRAFT-2).
    packs: int = 0
    seed: int | None = None
    #: The products as opened (sealed), in order.
    opened: tuple[OpenedPack, ...] = ()


@dataclass(frozen=True, slots=True)
class DraftSeat:
    """A seat at a draft table: a player of the event, or a bot (player None)."""

    name: str
    player: str | None = None

    @property
    def bot(self) -> bool:
        return self.player is None


@dataclass(frozen=True, slots=True)
class BuildPhase:
    """A limited event's deck-building phase (G-SEALED, G-DRAFT-*).

    ``minutes`` is the desk's building time (the guideline sets none: its
    30-50 minutes for sealed is the match time).  ``clock`` runs like the
    round clock (start, pauses), from the time source of the desk."""

    kind: str  # "sealed" | "draft"
    set_code: str
    minutes: int
    opened_at: str
    product: str = ""  # sealed: 2s | 1s3b
    packs: int = 0  # draft: boosters a player; sealed: products opened
    seed: int | None = None
    clock: ClockState | None = None
    closed_at: str | None = None
    closed_by: str = ""
    #: The head judge's override (G-HEAD-JUDGE): round 1 pairs although the
    #: players in ``override_players`` had no legal deck (core.rules.builds).
    override_by: str = ""
    override_reason: str = ""
    override_at: str | None = None
    override_players: tuple[str, ...] = ()
    #: The pools come from packs opened at the table and are entered by card
    #: number (core.rules.tablepools), not opened by the desk.
    real: bool = False

    @property
    def closed(self) -> bool:
        return self.closed_at is not None

    @property
    def overridden(self) -> bool:
        return self.override_at is not None


@dataclass(frozen=True, slots=True)
class PhoneReport:
    """One player's report of a match result (core.rules.phonereports): ``side``
    (p1 or p2) of ``table`` in ``round``; ``result`` from p1's side (as a
    result is stored), ``said`` as the player gave it (from their side);
    ``at`` when, ``actor`` who (the log's actor)."""

    round: int
    table: int
    side: str
    result: str
    said: str
    at: str
    actor: str = ""


@dataclass(frozen=True, slots=True)
class StaffCall:
    """Staff called to a table whose reports wait for them (core.rules.phonereports):
    the note says who goes and why; ``at`` when, ``actor`` who called."""

    round: int
    table: int
    note: str
    at: str
    actor: str = ""


@dataclass(frozen=True, slots=True)
class Announcement:
    """A line typed at the desk for the TV page and the phones (core.rules.publish)."""

    text: str
    at: str
    by: str = ""


@dataclass(frozen=True, slots=True)
class Ruling:
    """A head judge's ruling that keeps facts as they are although a later
    change no longer supports them (issue 46, L-RULING): ``excuses`` lists
    what it covers, each (rule id, JSON path of the event file); ``verify``
    then reports such a finding as a ruled exception, not as a finding."""

    by: str
    reason: str
    excuses: tuple[tuple[str, str], ...]
    at: str = ""


@dataclass(frozen=True)
class Event:
    """An event as its log makes it: settings, players, rounds and what the desk recorded."""

    id: str
    name: str
    date: str  # ISO date, YYYY-MM-DD
    kind: str = "constructed"
    match: str = "bo3"
    minutes: int = 50
    rounds_planned: int | None = None
    tiebreakers: tuple[str, ...] = DEFAULT_TIEBREAKERS
    staff: Staff = field(default_factory=Staff)
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    sanctioned: bool = True
    decklists_required: bool = False
    spectating: bool = True
    #: The rule set (RULE_SETS, O-RULES): "2008" unless the event says otherwise.
    rules: str = "2008"
    #: Registered decklists, one per player (G-DECKLIST).
    decklists: tuple[DeckRecord, ...] = ()
    #: Deck checks at the table, in the order made (G-DECKLIST).
    deck_checks: tuple[DeckCheck, ...] = ()
    #: Limited events: the deck-building phase, the draft pods, the pools.
    build: BuildPhase | None = None
    pods: tuple[tuple[DraftSeat, ...], ...] = ()
    pools: tuple[Pool, ...] = ()
    #: A store's own legality calendar for later products (G-CARDS-VERSIONS):
    #: {"source": file name, "calendar": the lycee-calendar/1 document}, or None.
    store_calendar: dict | None = None
    #: The store that ran the event ({"name", "number", "place"}, core.rules.members),
    #: copied from the data folder's store when the event was created; None: none was set.
    store: dict | None = None
    #: What the read-only pages show (core.rules.publish): with ``hold_pairings``
    #: a new round's pairings wait for a ``publish``; ``published_round`` is
    #: the newest round published by hand.  ``announcements``: lines typed at
    #: the desk for the TV and phones, newest last.
    hold_pairings: bool = False
    published_round: int = 0
    announcements: tuple[Announcement, ...] = ()
    #: Pairs of players never to be paired in Swiss (keep apart: family, one
    #: team): each pair of ids sorted, the pairs sorted (core.rules.apart).
    apart: tuple[tuple[str, str], ...] = ()
    #: Registrations removed before they were ever paired (``remove``): in no
    #: list, table or export; kept so their id is never given again and the
    #: log can name them.  Not part of what the event is (an event file does
    #: not carry them), so not compared: import(export(e)) == e.
    removed: tuple[Player, ...] = field(default=(), compare=False)
    #: Phone reports (core.rules.phonereports): players report their own results
    #: from their phones (off by default).  The desk's settings and facts of
    #: the day, not of the event's results: no event file carries them (and
    #: they are not compared, like ``removed``).
    phone_reports: bool = field(default=False, compare=False)
    #: Each player's secret report code, (player id, code) pairs sorted by id:
    #: never on a page (core.rules.publish takes them out), never exported.
    report_codes: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    #: The players' reports of the rounds' results, oldest first.
    reports: tuple[PhoneReport, ...] = field(default=(), compare=False)
    #: Tables called from the reports queue, oldest first (like ``reports``, the day's facts).
    calls: tuple[StaffCall, ...] = field(default=(), compare=False)
    #: Tables whose reports the desk cleared, (round, table), oldest first (like ``calls``, the
    #: day's facts): their players' report pages say so and ask them to report again.
    clears: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    #: Staff PINs for the judge page (core.rules.staff): (folded name, salted
    #: hash) pairs sorted by name; a new PIN replaces the old.  Never on a page,
    #: never exported, never the PIN itself.
    staff_pins: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    #: How many times the desk signed each staff member out of the judge page
    #: (``lycee staff EVENT signout NAME``): (folded name, count) pairs sorted
    #: by name; a judge-page session made before the last one ends.
    staff_signouts: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    #: The head judge's recorded rulings (L-RULING): facts kept as played after a change.
    rulings: tuple[Ruling, ...] = ()

    # -- lookups (cached: an Event never changes once built) -----------------
    @cached_property
    def _by_id(self) -> dict[str, Player]:
        return {p.id: p for p in self.players}

    @cached_property
    def _by_name(self) -> dict[str, Player]:
        return {p.name: p for p in self.players}

    def player(self, pid: str) -> Player:
        return self._by_id[pid]

    def has_player(self, pid: str) -> bool:
        return pid in self._by_id

    def player_named(self, name: str) -> Player | None:
        return self._by_name.get(name)

    @cached_property
    def _decklist_by_player(self) -> dict[str, DeckRecord]:
        return {d.player: d for d in self.decklists}

    @cached_property
    def _pool_by_player(self) -> dict[str, Pool]:
        return {p.player: p for p in self.pools}

    def decklist_of(self, pid: str) -> DeckRecord | None:
        return self._decklist_by_player.get(pid)

    def pool_of(self, pid: str) -> Pool | None:
        return self._pool_by_player.get(pid)

    @property
    def current_round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def swiss_rounds(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if r.stage == "swiss")

    def eligible(self, round_number: int | None = None) -> list[Player]:
        """Players who may be paired in ``round_number`` (default: the next)."""
        n = (len(self.rounds) + 1) if round_number is None else round_number
        return [p for p in self.players if p.active and p.joined_round <= n]

    def with_(self, **changes) -> Event:
        """This event with ``changes`` (field: value), as ``dataclasses.replace``
        gives it, built without going through ``__init__`` (a result or a
        replayed file makes one a match).  The lookups cached above
        are carried over when none of the fields they read changes."""
        if not changes.keys() <= _EVENT_FIELDS:
            return replace(self, **changes)  # names the unknown field (TypeError)
        d = self.__dict__
        nd = {k: d[k] for k in _EVENT_FIELDS}
        nd.update(changes)
        for cache, source in _EVENT_CACHES:
            if cache in d and source not in changes:
                nd[cache] = d[cache]
        new = object.__new__(type(self))
        object.__setattr__(new, "__dict__", nd)
        return new

    def with_round(self, rnd: Round) -> Event:
        """This event with round ``rnd.number`` replaced by ``rnd``."""
        rounds = list(self.rounds)
        rounds[rnd.number - 1] = rnd
        return self.with_(rounds=tuple(rounds))


#: The fields of :class:`Event` (:meth:`Event.with_`).
_EVENT_FIELDS = frozenset(f.name for f in fields(Event))
#: Each cached lookup of :class:`Event` and the one field it is built from:
#: :meth:`Event.with_` keeps it while that field is unchanged.
_EVENT_CACHES = (
    ("_by_id", "players"),
    ("_by_name", "players"),
    ("_decklist_by_player", "decklists"),
    ("_pool_by_player", "pools"),
)
if {n for n, v in vars(Event).items() if isinstance(v, cached_property)} != {c for c, _src in _EVENT_CACHES}:
    raise TypeError("core.event.model: every cached lookup of Event is named in _EVENT_CACHES")
