"""The earlier split of a large Swiss round at its *walls*
(:func:`walls_minimum`), kept and tested beside core/reports/verify_exact.py
but not used by its :func:`least_cost` (the split at free groups,
``split_minimum``, replaced it)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from core.reports.verify_solvers import met_degree, players_between, score_groups, solve

__all__ = ["walls_minimum"]

#: The cost of the stretch ``j`` with ``low`` players of the wall above and ``up`` of the wall below.
StretchCost = Callable[[int, int, int], "int | None"]


def walls_minimum(
    players: list[str], pts: dict[str, int], met: Collection[frozenset], pair: Callable[[str, str], int]
) -> int | None:
    """Least total cost of a pairing of ``players``, split at the *walls*:
    score groups of at least ``10 D + 8`` players, ``D`` the most opponents
    any player of the round has met among the round's players (the argument
    is in docs/verify.md).  In short: in an optimal pairing no pair skips a
    wall, each boundary is crossed by at most ``2 D + 1`` pairs, a wall's
    players left inside it can always be paired without a rematch, and any
    ``5 D + 3`` of its players can be the ones it sends up (or down).  So each
    stretch between two walls is solved alone (exhaustive search or
    networkx), with ``5 D + 3`` or ``5 D + 4`` players of each wall beside it
    (those of one wall pair among themselves for nothing), and the parities
    are chosen for the least sum.  None when there is no wall or a stretch is
    above :data:`FULL_LIMIT` players."""
    d = met_degree(players, met)
    _values, groups = score_groups(players, pts)
    walls = [i for i, g in enumerate(groups) if len(g) >= 10 * d + 8]
    if not walls:
        return None
    stretches = _WallStretches(groups, walls, 5 * d + 3, pair)
    # choose for each wall how many players stand beside the stretch above
    # (k or k+1) and below (k or k+1, of the parity that leaves an even rest)
    best: dict[int, int | None] = {0: 0}  # players of the previous wall below it -> least cost so far
    try:
        for j, w in enumerate(walls):
            best = _beside_wall(stretches.cost, j, len(groups[w]), stretches.k, best)
        return _least_through(stretches.cost, len(walls), 0, best)
    except OverflowError:
        return None


class _WallStretches:
    """The stretches between the walls, each solved once for each number of
    the walls' players beside it; two players of one wall pair for nothing."""

    def __init__(self, groups: list[list[str]], walls: list[int], k: int, pair: Callable[[str, str], int]):
        self.groups, self.k, self.pair = groups, k, pair
        self.bounds = [-1, *walls, len(groups)]
        self.wall_of = {p: i for i in walls for p in groups[i]}
        self.memo: dict[tuple[int, int, int], int | None] = {}

    def relaxed(self, a: str, b: str) -> int:
        """The cost of a pair, nothing for two players of one wall."""
        wa = self.wall_of.get(a)
        return 0 if wa is not None and wa == self.wall_of.get(b) else self.pair(a, b)

    def cost(self, j: int, low: int, up: int) -> int | None:
        """Segment j (between bounds[j] and bounds[j+1]) with ``low`` players
        of the wall above and ``up`` of the wall below."""
        key = (j, low, up)
        if key not in self.memo:
            self.memo[key] = solve(self._nodes(j, low, up), self.relaxed)
        return self.memo[key]

    def _nodes(self, j: int, low: int, up: int) -> list[str]:
        """The players of segment ``j`` and those of its walls beside it."""
        groups, k = self.groups, self.k
        top, bottom = self.bounds[j], self.bounds[j + 1]
        nodes = players_between(groups, top, bottom)
        if top >= 0:
            nodes += groups[top][k + 1 : k + 1 + low]  # the wall's "down" players
        if bottom < len(groups):
            nodes += groups[bottom][:up]  # the wall's "up" players
        return nodes


def _least_through(stretch: StretchCost, j: int, up: int, best: dict[int, int | None]) -> int | None:
    """The least cost down to the stretch ``j`` with ``up`` players of the wall below beside it, or None."""
    vals = []
    for prev, acc in best.items():
        if acc is None:
            continue
        c = stretch(j, prev, up)
        if c is not None:
            vals.append(acc + c)
    return min(vals) if vals else None


def _least_of(old: int | None, new: int | None) -> int | None:
    """The lesser of two costs where None is no cost at all."""
    if old is None or new is None:
        return new if old is None else old
    return min(old, new)


def _beside_wall(stretch: StretchCost, j: int, size: int, k: int, best: dict[int, int | None]) -> dict[int, int | None]:
    """The least cost down to wall ``j`` (of ``size`` players) for each number
    of its players beside the stretch below it, from ``best`` for the wall before."""
    nxt: dict[int, int | None] = {}
    for up in (k, k + 1):
        low = k + ((size - up - k) % 2)
        nxt[low] = _least_of(nxt.get(low), _least_through(stretch, j, up, best))
    return nxt
