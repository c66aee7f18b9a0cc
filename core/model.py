"""The event as plain, frozen data.

Everything here is derived state: an event is stored as an append-only log of
actions (see :mod:`core.actions`) and these records are what replaying that log
gives.  Engines (pairing, standings, exports) read them and never mutate them.

Field names follow the ``lycee-event/1`` file format (DESIGN section 4).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

KINDS = ("constructed", "sealed", "draft")
MATCH_TYPES = ("bo3", "bo1")
TIEBREAKERS = ("op", "omw", "gw", "ogw")
DEFAULT_TIEBREAKERS = ("omw", "gw", "ogw")
STAGES = ("swiss", "top", "playoff")
OUTCOMES = ("p1", "p2", "draw", "bye", "double_loss")
PENALTY_LEVELS = ("notice", "warning")
PENALTY_ACTIONS = ("none", "game_loss", "match_loss", "exclusion", "other")
APPEAL_OUTCOMES = ("upheld", "overturned", "changed")
#: One game of a match, from the first-listed player's side (G-CONCEDE,
#: G-NEXT-GAME): who won it, a drawn game, who conceded it, or who was given
#: a game loss as a penalty (G-PEN-1).
GAME_CODES = ("p1", "p2", "draw", "concede-p1", "concede-p2", "loss-p1", "loss-p2")
LATE_RULES = ("G-LATE-1", "G-LATE-2")
LATE_DECISIONS = ("confirm", "dismiss")

#: Recommended match lengths in minutes (G-MATCH-TIME for best of three,
#: G-BO1 for best of one).
RECOMMENDED_MINUTES = {"bo3": (50, 100), "bo1": (20, 40)}


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    dropped_after_round: int | None = None
    excluded: bool = False
    #: First round this player can be paired in (a late entry starts at 0
    #: points and is paired from the next round).
    joined_round: int = 1

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


@dataclass(frozen=True, slots=True)
class Match:
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


@dataclass(frozen=True, slots=True)
class ClockState:
    """The round clock as the log left it (core.clock reads it).

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
    number: int
    stage: str  # "swiss" | "top" | "playoff"
    matches: tuple[Match, ...]
    #: None until the round clock is started.
    clock: ClockState | None = None
    checkins: tuple[Checkin, ...] = ()
    late: tuple[LateRuling, ...] = ()

    @property
    def complete(self) -> bool:
        return all(m.reported for m in self.matches)

    def missing_tables(self) -> list[int]:
        return [m.table for m in self.matches if not m.reported]

    def match_at(self, table: int) -> Match | None:
        for m in self.matches:
            if m.table == table:
                return m
        return None


@dataclass(frozen=True, slots=True)
class Penalty:
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


@dataclass(frozen=True, slots=True)
class Staff:
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


@dataclass(frozen=True)
class Event:
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

    def with_(self, **changes) -> "Event":
        return replace(self, **changes)
