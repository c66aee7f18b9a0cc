"""Swiss standings: tournament points, tiebreakers, shared places and playoffs.

Rules (ids from the guideline digest; definitions after MTR Appendix C as
docs/rules.md fixes them):

- G-SWISS-POINTS: a Swiss match gives win 3, draw 1, loss 0.  A bye is a match
  win (3 points) counted as 2-0 in games.  A ``double_loss`` gives both
  players a loss and 0 points.  Only rounds with stage ``"swiss"`` count:
  elimination (``"top"``) and playoff rounds never enter these figures.
- G-SWISS-RANK: players are ranked by tournament points, then by the event's
  tiebreaker chain (``Event.tiebreakers``, in order; any of ``op``, ``omw``,
  ``gw``, ``ogw``):

  * MWP = match points / (3 x rounds played), at least 0.33;
  * GWP = game points / (3 x games played), a game win worth 3 and a drawn
    game 1, at least 0.33 (0.33 as well for a player whose matches had no
    game, such as intentional draws);
  * OMW / OGW = mean of the opponents' (floored) MWP / GWP, one term per
    match; byes are not opponents; a player without opponents has 0;
  * a player with no Swiss match yet (before round 1, a late entry) has
    MWP and GWP 0 like OMW and OGW: there is nothing to floor;
  * OP (opponent points) = sum of the opponents' match points, one term per
    match.

  A dropped player keeps the record of the rounds they played, both in their
  own row and as somebody's opponent.
- G-TIE-1: players equal on points and on every tiebreaker in use share a
  place (ranks 1, 2, 2, 4); with an empty chain all players on equal points
  share.  Comparisons are exact (integer arithmetic over a common
  denominator), so equal figures are never split by rounding.
- G-TIE-PLAYOFF: a round with stage ``"playoff"`` holds matches among players
  who share a place.  It never changes the Swiss figures; it only orders the
  players it was held for, inside their shared place: winners (and byes) above
  players without a decision (a draw, or absent) above losers.  A playoff may
  take several rounds (a single-elimination mini bracket); players still
  level after it keep sharing.  :func:`tied_groups` lists the places that are
  still shared and :func:`pair_playoff` pairs a playoff round for one of them.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field, replace
from math import lcm

from core.errors import LyceeError, RuleError
from core.event.lookups import require_complete
from core.event.model import Event, Match
from core.event.tiebreakers import TIEBREAKERS, unknown_message
from core.i18n import _, join_list
from core.labels import rank_text
from core.tournament.seeding import seeded_first_round

__all__ = [
    "StandingRow",
    "points_before_round",
    "standings",
    "tied_groups",
    "pair_playoff",
    "next_playoff_round",
    "playoffs_held",
]

_FLOOR_NUM, _FLOOR_DEN = 33, 100  # the 0.33 floor of MWP and GWP


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings (G-SWISS-RANK, G-TIE-1); ``rank`` None: left
    out of the ranking (a player disqualified under the Overture rules, O-PEN-2)."""

    rank: int | None
    id: str
    name: str
    points: int
    wins: int  # byes included: a bye is a match win (G-SWISS-POINTS)
    losses: int
    draws: int
    record: str  # "W-L-D"
    op: int
    omw: float
    gw: float
    ogw: float
    status: str  # "active" | "dropped" | "excluded"
    mwp: float = 0.0
    byes: int = 0
    matches: int = 0  # Swiss rounds played, byes included
    shared: bool = False  # another player holds the same rank (G-TIE-1)
    playoff: bool = False  # a playoff (決定戦) ordered this place (G-TIE-PLAYOFF)
    #: every tiebreaker of core.event.tiebreakers by key (op, omw... and any added there)
    figures: dict[str, float | int] = field(default_factory=dict)

    @property
    def rank_text(self) -> str:
        """The rank as every table shows it: "-" for a player left out of the ranking (O-PEN-2)."""
        return rank_text(self.rank)

    def figure(self, name: str) -> float | int:
        """The value of tiebreaker ``name``."""
        return self.figures[name]

    def figure_text(self, name: str) -> str:
        """Tiebreaker ``name`` as every table shows it (``12``, ``66.67%``)."""
        return TIEBREAKERS[name].text(self.figures[name])

    def to_json(self) -> dict:
        """The row as in ``standings --json`` (the command line in README.md): every
        tiebreaker of the table, in its order, between record and status."""
        return {
            "rank": self.rank,
            "id": self.id,
            "name": self.name,
            "points": self.points,
            "record": self.record,
            **{name: tb.json(self.figures[name]) for name, tb in TIEBREAKERS.items()},
            "status": self.status,
        }


class Ledger:
    """Per-player Swiss totals, players indexed in registration order."""

    __slots__ = (
        "ids",
        "index",
        "points",
        "wins",
        "losses",
        "draws",
        "byes",
        "rounds",
        "gpts",
        "games",
        "opps",
        "figs",
        "uncounted",
    )
    figs: "Figures | None"  # the figures of this ledger, once asked for

    @classmethod
    def of(cls, event: Event) -> "Ledger":
        """The ledger of ``event``, computed once for the same players and
        rounds (:data:`_LEDGERS`): a command that pairs, explains and shows
        standings, or a screen that redraws, counts the event once."""
        key = (id(event.players), tuple(map(id, event.rounds)))
        led = _kept_ledger(key, event)
        if led is None:
            led = cls(event)
            _keep_ledger(key, event, led)
        return led

    def figures(self) -> "Figures":
        """The tiebreaker figures of this ledger, computed once."""
        if self.figs is None:
            self.figs = Figures(self)
        return self.figs

    def __init__(self, event: Event):
        self.figs = None
        n = len(event.players)
        self.ids = [p.id for p in event.players]
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self.wins = [0] * n
        self.draws = [0] * n
        self.byes = [0] * n
        self.gpts = [0] * n
        self.games = [0] * n
        self.opps: list[list[int]] = [[] for _ in range(n)]
        alone = [0] * n  # rounds counted without an opponent: byes, and a bye's double loss
        #: Swiss matches of two players left out (no result yet, or a player not registered):
        #: 0 when ``opps`` holds every Swiss meeting (core.tournament.pairing reads them from it)
        self.uncounted = self._count_swiss_matches(event, alone)
        # a win is 3 points, a draw 1 (G-SWISS-POINTS; a bye is a win); each match counted is a
        # round played: counted here once a player, not once a match
        self.points = [3 * w + d for w, d in zip(self.wins, self.draws)]
        rounds = self.rounds = [len(o) + k for o, k in zip(self.opps, alone)]
        # each match counted is a win, a draw or a loss of each of its players
        self.losses = [r - w - d for r, w, d in zip(rounds, self.wins, self.draws)]

    def _count_swiss_matches(self, event: Event, alone: list[int]) -> int:
        """Count every Swiss match with a result (games, opponents, wins and
        draws; a loss is what is left); returns the two-player matches left out."""
        get = self.index.get
        wins, draws, gpts, games, opps = self.wins, self.draws, self.gpts, self.games, self.opps
        uncounted = 0
        for rnd in event.rounds:
            if rnd.stage != "swiss":
                continue
            # a bye counts at once, as a recorded win does: in the
            # provisional standings while results come in, the player with the
            # bye has the 3 points that are his (not ranked below the losers
            # with 0, issue 48)
            for m in rnd.matches:
                if m.p2 is None:
                    self._count_bye(m, alone)
                    continue
                out, a, b = m.outcome, get(m.p1), get(m.p2)
                if out is None or a is None or b is None:
                    uncounted += 1
                    continue
                w1, w2, d = m.p1_wins, m.p2_wins, m.draws
                gpts[a] += 3 * w1 + d
                gpts[b] += 3 * w2 + d
                g = w1 + w2 + d
                games[a] += g
                games[b] += g
                opps[a].append(b)
                opps[b].append(a)
                if out == "p1":
                    wins[a] += 1
                elif out == "p2":
                    wins[b] += 1
                elif out == "draw":
                    draws[a] += 1
                    draws[b] += 1
                # else double_loss (or anything unknown): a loss each, counted below
        return uncounted

    def _count_bye(self, m: Match, alone: list[int]) -> None:
        """A bye with its result: a match win counted 2-0, or with a double
        loss a loss (counted with every loss); one without, or for a player
        not registered, is left out."""
        a = self.index.get(m.p1)
        if m.outcome is None or a is None:
            return
        alone[a] += 1
        if m.outcome == "double_loss":
            return
        self.wins[a] += 1
        self.byes[a] += 1
        self.gpts[a] += 6
        self.games[a] += 2


#: (players, rounds) -> (players, rounds, ledger) of the last few events counted, oldest first.
#: The players tuple and every round are immutable, so the same objects are the same figures;
#: a new result makes a new round object, and with it a new entry.
_LEDGERS: dict[tuple, tuple] = {}
_LEDGERS_KEPT = 4
_LEDGERS_LOCK = threading.Lock()


def _kept_ledger(key: tuple, event: Event) -> Ledger | None:
    """The ledger counted for these very players and rounds, if it is still kept."""
    with _LEDGERS_LOCK:  # the app counts in worker threads
        hit = _LEDGERS.get(key)
    if hit is not None and hit[0] is event.players and all(a is b for a, b in zip(hit[1], event.rounds)):
        return hit[2]
    return None


def _keep_ledger(key: tuple, event: Event, led: Ledger) -> None:
    """Keep ``led`` for the event's players and rounds, forgetting the oldest past :data:`_LEDGERS_KEPT`."""
    with _LEDGERS_LOCK:
        _LEDGERS[key] = (event.players, event.rounds, led)  # holding them keeps the ids from being reused
        while len(_LEDGERS) > _LEDGERS_KEPT:
            del _LEDGERS[next(iter(_LEDGERS))]


def _common_denominator(rounds: list[int], games: list[int]) -> int:
    """One denominator for every player's match and game win share, and the floor's."""
    dens = {3 * r for r in set(rounds) if r} | {3 * g for g in set(games) if g}
    return lcm(_FLOOR_DEN, *dens)


def _match_win_shares(points: list[int], rounds: list[int], D: int, floor: int) -> list[int]:
    """Each player's match-win share over ``D``, floored."""
    return [max(p * (D // (3 * r)), floor) if r else 0 for p, r in zip(points, rounds)]


def _game_win_shares(gpts: list[int], games: list[int], rounds: list[int], D: int, floor: int) -> list[int]:
    """Each player's game-win share over ``D``, floored; the floor for one who
    played only IDs, 0 for one with no match yet."""
    return [max(p * (D // (3 * g)), floor) if g else (floor if r else 0) for p, g, r in zip(gpts, games, rounds)]


class Figures:
    """Exact tiebreaker figures: integers over common denominators, one list
    per tiebreaker of :data:`core.event.tiebreakers.TIEBREAKERS` (``values``)."""

    __slots__ = ("points", "opps", "mwp", "gwp", "scale", "per_opp", "oscale", "values")

    def __init__(self, led: Ledger):
        rounds, games, points, gpts, opps = (
            led.rounds,
            led.games,
            led.points,
            led.gpts,
            led.opps,
        )
        D = _common_denominator(rounds, games)
        floor = _FLOOR_NUM * (D // _FLOOR_DEN)
        self.points, self.opps = points, opps
        # a player with no match yet (before round 1, a late entry) has nothing to floor: 0,
        # as OMW/OGW are 0 without opponents; one who played only IDs keeps the floor
        self.mwp = _match_win_shares(points, rounds, D, floor)
        self.gwp = _game_win_shares(gpts, games, rounds, D, floor)
        self.scale = D
        self.per_opp = lcm(1, *{len(o) for o in opps if o})
        self.oscale = D * self.per_opp
        self.values = {name: tb.compute(self) for name, tb in TIEBREAKERS.items()}

    @property
    def op(self) -> list[int]:
        return self.values["op"]

    @property
    def omw(self) -> list[int]:
        return self.values["omw"]

    @property
    def ogw(self) -> list[int]:
        return self.values["ogw"]

    def of(self, name: str) -> list[int]:
        """Every player's exact value of tiebreaker ``name`` (one added to the
        table after these figures were counted is counted when first asked for)."""
        values = self.values.get(name)
        if values is None:
            tb = TIEBREAKERS.get(name)
            if tb is None:
                raise LyceeError(unknown_message(name))
            values = self.values[name] = tb.compute(self)
        return values

    def figure(self, name: str, i: int) -> float | int:
        """Player ``i``'s value of tiebreaker ``name`` as a row shows it."""
        return TIEBREAKERS[name].value(self.of(name)[i], self)

    def key(self, chain: tuple[str, ...], points: list[int], i: int) -> tuple[int, ...]:
        return (points[i], *[self.of(tb)[i] for tb in chain])


def _playoff_tags(event: Event, led: Ledger, keys: list[tuple]):
    """Order from playoff rounds (決定戦, G-TIE-PLAYOFF, G-TIE-1).

    Returns ``(tags, anchors, groups)``.  A player's place before any playoff
    is their Swiss key (points and tiebreakers): their anchor.  A playoff
    round's players on equal points who do not all hold one place start a
    playoff of their own (the organizer settles the point tie by playoff
    instead of calculation): their anchor becomes that playoff (``groups``
    lists its players) and the tiebreakers no longer order them.  Then, per
    place (anchor and tag) a round decides (all its matches there reported),
    winners and byes append 0, losers 2, the others of that place 1: a
    single-elimination playoff over several rounds gives its champion (0, 0),
    the finalist (0, 2), the players out in the first round (2,)."""
    n = len(led.ids)
    tags: list[tuple[int, ...]] = [()] * n
    anchors: list[tuple] = list(keys)
    groups: dict[tuple, list[int]] = {}
    for rnd in event.rounds:
        if rnd.stage != "playoff":
            continue
        _start_point_playoffs(rnd, led, anchors, tags, groups)
        cells = _playoff_cells(rnd, led.index, anchors, tags)
        if cells:
            _mark_decided_cells(cells, _cell_members(cells, anchors, tags), led, tags)
    return tags, anchors, groups


def _cell_members(cells: dict, anchors: list[tuple], tags: list[tuple[int, ...]]) -> dict[tuple, list[int]]:
    """The players of each place (anchor and tag) a playoff round plays, in index order."""
    members_of: dict[tuple, list[int]] = {}
    for i in range(len(tags)):
        cell = (anchors[i], tags[i])
        if cell in cells:
            members_of.setdefault(cell, []).append(i)
    return members_of


def _mark_decided_cells(
    cells: dict, members_of: dict[tuple, list[int]], led: Ledger, tags: list[tuple[int, ...]]
) -> None:
    """Append each decided place's marks to its players' tags (in place)."""
    for cell, matches in cells.items():
        if not all(m.reported for m in matches):
            continue  # decided only once the whole round of it is in
        for i, v in _cell_marks(members_of[cell], matches, led.index).items():
            tags[i] = tags[i] + (v,)


def _start_point_playoffs(rnd, led: Ledger, anchors: list[tuple], tags: list[tuple[int, ...]], groups: dict) -> None:
    """A playoff round's players on equal points who do not all hold one
    place start a point playoff of their own (in place): its id is their
    anchor, their tags start anew, and ``groups`` lists its players."""
    for pts, members in _round_players_by_points(rnd, led).items():
        if len({(anchors[i], tags[i]) for i in members}) > 1:
            gid = (pts, -1, rnd.number)  # a point playoff: its own place
            for i in members:
                anchors[i], tags[i] = gid, ()
            groups[gid] = members


def _round_players_by_points(rnd, led: Ledger) -> dict[int, list[int]]:
    """A round's players (ledger indices, in table order) by their points."""
    index, points = led.index, led.points
    by_points: dict[int, list[int]] = {}
    for m in rnd.matches:
        for pid in m.players():
            i = index.get(pid)
            if i is not None and i not in by_points.get(points[i], ()):
                by_points.setdefault(points[i], []).append(i)
    return by_points


def _playoff_cells(rnd, index: dict[str, int], anchors: list[tuple], tags: list[tuple[int, ...]]) -> dict:
    """The round's matches by the place they decide: a cell is (anchor,
    current tag), shared by both players; other matches are ignored."""
    cells: dict[tuple, list[Match]] = {}
    for m in rnd.matches:
        a = index.get(m.p1)
        if a is None:
            continue
        cell = (anchors[a], tags[a])
        if m.p2 is not None:
            b = index.get(m.p2)
            if b is None or (anchors[b], tags[b]) != cell:
                continue  # not a playoff between players on equal points: ignored
        cells.setdefault(cell, []).append(m)
    return cells


def _cell_marks(members: list[int], matches: list[Match], index: dict[str, int]) -> dict[int, int]:
    """What a decided cell appends to its players' tags: winners and byes 0,
    losers (both players of a double loss) 2, the others of the place 1."""
    mark = {i: 1 for i in members}
    for m in matches:
        for pid, v in _match_marks(m):
            mark[index[pid]] = v
    return mark


def _match_marks(m: Match) -> list[tuple[str, int]]:
    """The marks a decided playoff match gives: its winner (or bye) 0, its loser 2,
    both players of a double loss 2."""
    if m.outcome == "double_loss":
        return [(pid, 2) for pid in m.players()]
    return [(pid, v) for pid, v in ((m.winner(), 0), (m.loser(), 2)) if pid is not None]


def ranked_table(event: Event):
    """Ledger, figures, each player's place before playoffs (their Swiss key,
    or the point playoff they played: compare ``(keys[i], tags[i])`` for a
    shared place), playoff tags and the ordered player indices."""
    led = Ledger.of(event)
    fig = led.figures()
    n = len(led.ids)
    keys = _swiss_keys(event, led, fig)
    tags, anchors, groups = _playoff_tags(event, led, keys)
    # descending swiss key, then playoff tag ascending, then registration order
    order = sorted(range(n), key=lambda i: tags[i])
    order.sort(key=lambda i: keys[i], reverse=True)
    # a point playoff's players take the places they held, in the playoff's order
    # (the tiebreakers then order only the players outside it)
    for members in groups.values():
        pos = {i: k for k, i in enumerate(order)}
        slots = sorted(pos[i] for i in members)
        for k, i in zip(slots, sorted(members, key=lambda i: (tags[i], pos[i])), strict=True):
            order[k] = i
    return led, fig, anchors, tags, order


def playoffs_held(event: Event) -> list[tuple[int, tuple[str, ...], bool]]:
    """Each playoff (決定戦) held, for the report: (points, its players, whether
    it settled a point tie instead of the tiebreakers), in the order held."""
    led = Ledger.of(event)
    _tags, _anchors, groups = _playoff_tags(event, led, _swiss_keys(event, led, led.figures()))
    out: list[tuple[int, tuple[str, ...], bool]] = []
    seen: set[str] = set()
    for gid, members in groups.items():
        out.append((gid[0], tuple(led.ids[i] for i in members), True))
        seen.update(led.ids[i] for i in members)
    for ids in _playoff_rounds_players(event):
        if not seen.intersection(ids):
            out.append((_points_of_first(led, ids), ids, False))
            seen.update(ids)
    return out


def _playoff_rounds_players(event: Event) -> list[tuple[str, ...]]:
    """The players of each playoff round, in the order they sat."""
    return [
        tuple(dict.fromkeys(p for m in rnd.matches for p in m.players()))
        for rnd in event.rounds
        if rnd.stage == "playoff"
    ]


def _points_of_first(led: Ledger, ids: tuple[str, ...]) -> int:
    """The points of the first of ``ids`` (0 when none is known)."""
    return led.points[led.index[ids[0]]] if ids and ids[0] in led.index else 0


def _swiss_keys(event: Event, led: Ledger, fig) -> list[tuple]:
    """Each player's Swiss key: points, then the event's tiebreakers in order
    (raises on a tiebreaker that is in no table)."""
    columns = [led.points, *[fig.of(tb) for tb in tuple(event.tiebreakers)]]
    return [tuple(c[i] for c in columns) for i in range(len(led.ids))]


def _ranks(order: list[int], keys, tags) -> list[int]:
    """Rank per position in ``order``: 1 + players strictly above (G-TIE-1)."""
    ranks = []
    prev = None
    rank = 0
    for pos, i in enumerate(order):
        cur = (keys[i], tags[i])
        if cur != prev:
            rank = pos + 1
            prev = cur
        ranks.append(rank)
    return ranks


def swiss_points(event: Event) -> dict[str, int]:
    """Each player's Swiss match points (3/1/0, a bye 3) without the
    tiebreakers: what the pairings show beside each name (the command line in README.md)."""
    led = Ledger.of(event)
    return dict(zip(led.ids, led.points))


def points_before_round(event: Event) -> dict[str, int]:
    """Each player's Swiss match points before the current round (the last
    paired): what the pairings show beside each name (the command line in README.md,
    ``pair --json``; the pairings export), whatever results of the round are
    already in."""
    return swiss_points(event.with_(rounds=event.rounds[:-1]))


def standings(event: Event) -> list[StandingRow]:
    """The Swiss standings, best first (G-SWISS-RANK, G-TIE-1, G-TIE-PLAYOFF).

    Every registered player has a row, dropped and excluded ones included
    (with their status); players sharing a place share a rank and are listed
    in registration order.
    """
    led, fig, keys, tags, order = ranked_table(event)
    order, ranks = _excluded_last(event, order, keys, tags)
    # (key, values, denominator or None for a count): one division per figure
    shown = [(name, fig.of(name), tb.scale(fig) if tb.percent else None) for name, tb in TIEBREAKERS.items()]
    return _standing_rows(event.players, order, ranks, led, fig, tags, shown)


def _excluded_last(event: Event, order: list[int], keys, tags) -> tuple[list[int], list[int | None]]:
    """The players in standings order and their ranks (G-TIE-1).  O-PEN-2: under
    the Overture rules a disqualified player is left out of the ranking: listed
    last, without a rank (their results stay for their opponents)."""
    out = _unranked(event, order)
    order = [i for i in order if i not in out] + [i for i in order if i in out]
    ranks: list[int | None] = [*_ranks(order[: len(order) - len(out)], keys, tags), *([None] * len(out))]
    return order, ranks


def _unranked(event: Event, order: list[int]) -> set[int]:
    """The players left out of the ranking: the disqualified ones, under the Overture rules (O-PEN-2)."""
    if event.rules != "overture":
        return set()
    return {i for i in order if event.players[i].excluded}


def _standing_rows(
    players, order: list[int], ranks: list[int | None], led: Ledger, fig: Figures, tags, shown
) -> list[StandingRow]:
    """The rows of the standings, players in ``order`` with their ``ranks``;
    ``shown`` lists each tiebreaker's values and the denominator of a percentage."""
    count = Counter(ranks)
    mwp, scale = fig.mwp, fig.scale
    rows = []
    for rank, i in zip(ranks, order):
        p = players[i]
        w, lo, d = led.wins[i], led.losses[i], led.draws[i]
        figures = {name: vals[i] if den is None else vals[i] / den for name, vals, den in shown}
        rows.append(
            StandingRow(
                rank=rank,
                id=p.id,
                name=p.name,
                points=led.points[i],
                wins=w,
                losses=lo,
                draws=d,
                record=f"{w}-{lo}-{d}",
                op=figures["op"],
                omw=figures["omw"],
                gw=figures["gw"],
                ogw=figures["ogw"],
                status=p.status,
                mwp=mwp[i] / scale,
                byes=led.byes[i],
                matches=led.rounds[i],
                shared=rank is not None and count[rank] > 1,
                playoff=bool(tags[i]),
                figures=figures,
            )
        )
    return rows


def tied_groups(event: Event, *, active_only: bool = False) -> list[tuple[str, ...]]:
    """Groups of player ids that still share a place, best place first.

    A group holds two or more players equal on points and every tiebreaker in
    use and not separated by a playoff (G-TIE-1, G-TIE-PLAYOFF).  With
    ``active_only`` dropped and excluded players are left out (a group then
    needs two active players).
    """
    led, fig, keys, tags, order = ranked_table(event)
    players = event.players
    groups: list[tuple[str, ...]] = []
    cur: list[str] = []
    prev = None
    for i in order:
        if active_only and not players[i].active:
            continue
        cell = (keys[i], tags[i])
        if cell != prev:
            if len(cur) > 1:
                groups.append(tuple(cur))
            cur = []
            prev = cell
        cur.append(players[i].id)
    if len(cur) > 1:
        groups.append(tuple(cur))
    return groups


def pair_playoff(event: Event, player_ids, rng=None) -> tuple[Match, ...]:
    """Pair one playoff round (決定戦, G-TIE-PLAYOFF) among players on equal points.

    The organizer may settle a point tie by a playoff instead of the
    tiebreakers (G-TIE-1): any players on equal points, next to each other in
    the standings, with every player who shares a place with one of them.
    Two players give one match; more give the first round of a
    single-elimination playoff seeded by the standings (the tiebreakers), the
    byes to the best seeds (the guideline allows only its own formats: Swiss or
    single elimination).  Its later rounds are paired by
    :func:`next_playoff_round`.  ``rng`` is not used (kept for callers).  The
    caller stores the matches as a round with stage ``"playoff"``.
    """
    ids = list(dict.fromkeys(player_ids))
    _check_playoff_start(event, ids)
    led, fig, keys, tags, order = ranked_table(event)
    seeded = _playoff_seeds(event, led, ids, keys, tags, order)  # the standings' order: the byes to the best seeds
    first = seeded_first_round(seeded)
    # the matches played take the first tables, the byes the last ones
    ordered = [m for m in first if m.p2 is not None] + [m for m in first if m.p2 is None]
    return tuple(replace(m, table=t) for t, m in enumerate(ordered, start=1))


def _check_playoff_start(event: Event, ids: list[str]) -> None:
    """Two players of the event or more, once the Swiss rounds played are complete (G-TIE-PLAYOFF)."""
    if len(ids) < 2:
        raise RuleError(_("a playoff needs at least two players"), "G-TIE-PLAYOFF")
    for pid in ids:
        if not event.has_player(pid):
            raise LyceeError(_("no player {pid!r} in this event", pid=pid))
    require_complete(event)
    if not event.swiss_rounds:
        raise RuleError(_("no Swiss round has been played yet"), "G-TIE-PLAYOFF")


def _playoff_seeds(event: Event, led: Ledger, ids: list[str], keys, tags, order: list[int]) -> list[str]:
    """The players of a playoff in the standings' order, once they are on
    equal points, every player tied for their place is among them, and
    nobody stands between them (G-TIE-PLAYOFF, G-TIE-1)."""
    names = {p.id: p.name for p in event.players}
    idx = [led.index[pid] for pid in ids]
    _check_equal_points(led, idx, names)
    chosen = set(idx)
    _check_whole_places(led, chosen, keys, tags, order, names)
    pos = [k for k, i in enumerate(order) if i in chosen]
    _check_side_by_side(led, chosen, order, pos, names)
    return [led.ids[order[k]] for k in pos]


def _check_equal_points(led: Ledger, idx: list[int], names: dict[str, str]) -> None:
    """A playoff is held among players on equal points only (G-TIE-PLAYOFF)."""
    for i in idx[1:]:
        if led.points[i] != led.points[idx[0]]:
            raise RuleError(
                _(
                    "{a} and {b} are not on equal points; a playoff is only held among players on equal points",
                    a=names[led.ids[idx[0]]],
                    b=names[led.ids[i]],
                ),
                "G-TIE-PLAYOFF",
            )


def _check_whole_places(led: Ledger, chosen: set[int], keys, tags, order: list[int], names: dict[str, str]) -> None:
    """G-TIE-PLAYOFF: a playoff includes every player tied for the places it settles."""
    cells = {(keys[i], tags[i]) for i in chosen}
    missing = [led.ids[i] for i in order if i not in chosen and (keys[i], tags[i]) in cells]
    if missing:
        raise RuleError(
            _(
                "a playoff must include every player tied for the place; also: {names}",
                names=_names_in_words(missing, names),
            ),
            "G-TIE-PLAYOFF",
        )


def _check_side_by_side(led: Ledger, chosen: set[int], order: list[int], pos: list[int], names: dict[str, str]) -> None:
    """G-TIE-PLAYOFF: a playoff's players stand next to each other in the
    standings (``pos``: their positions in ``order``)."""
    between = [led.ids[order[k]] for k in range(pos[0], pos[-1] + 1) if order[k] not in chosen]
    if between:
        raise RuleError(
            _(
                "a playoff is held among players next to each other in the standings; {names} stand between them",
                names=_names_in_words(between, names),
            ),
            "G-TIE-PLAYOFF",
        )


def _names_in_words(ids: list[str], names: dict[str, str]) -> str:
    """The players ``ids`` by name, listed in words ("A, B and C")."""
    return join_list((names[m] for m in ids), words=True)


def next_playoff_round(event: Event) -> tuple[Match, ...] | None:
    """The next round of a playoff that is not over (G-TIE-PLAYOFF): the
    winners of its last round still share a place; None when no playoff is
    open (its last round is decided, or the last round is no playoff)."""
    winners = _playoff_winners(event)
    if len(winners) < 2:
        return None
    group = _sharing_one_place(event, winners)
    return pair_playoff(event, group) if group is not None else None


def _playoff_winners(event: Event) -> list[str]:
    """The winners of the last round when it is a playoff round played out; else none."""
    rnd = event.current_round
    if rnd is None or rnd.stage != "playoff" or not rnd.complete:
        return []
    return [w for m in rnd.matches if (w := m.winner()) is not None]


def _sharing_one_place(event: Event, winners: list[str]) -> list[str] | None:
    """Every player in the place the ``winners`` still share, in standings
    order; None when they no longer share one."""
    led, fig, keys, tags, order = ranked_table(event)
    cells = {(keys[led.index[w]], tags[led.index[w]]) for w in winners if w in led.index}
    if len(cells) != 1:
        return None
    cell = cells.pop()
    return [led.ids[i] for i in order if (keys[i], tags[i]) == cell]


def as_of_last_complete_round(event: Event) -> tuple[Event, int]:
    """The event as the standings should show it during a round: while the
    current round still misses results, as it stood after the last complete
    round (a player who lost is not ranked above one still playing).
    Returns (event, the round the standings are after; 0 before any)."""
    cur = event.current_round
    if cur is not None and not cur.complete:
        return event.with_(rounds=event.rounds[:-1]), cur.number - 1
    return event, len(event.rounds)
