"""The exact minimum of a Swiss round's pairing cost for ``lycee verify``
(DESIGN section 5 (a)-(c)), by formulations independent of the engine's
(core/tournament/pairing.py, matching.py): nothing of them is imported.

The cost of a pairing is the vector ``(R, f_1, ..., f_{k-1}, S)``: rematches,
players paired out of the top 1..i score groups, squared point gaps, folded
into one integer whose digits compare lexicographically (``verify.PairCost``).
:func:`least_cost` returns the least total cost any pairing of the round's
players reaches, and how it was proven:

- ``"bound"``: the round reaches the lower bound that holds for every pairing
  (``R`` at least the least number of rematches, from a maximum matching of
  the "have not met" graph; ``f_i >= N_i mod 2`` with ``N_i`` the players on
  at least the i-th score; ``S`` at least the squared gap of each odd
  boundary): a certificate, nothing to search;
- ``"dp"``: else, at most :data:`DP_LIMIT` players, an exhaustive search
  (dynamic programming over the sets of players still to pair);
- ``"matching"``: a minimum-cost perfect matching of the whole round, found
  by networkx's maximum-weight matching (Edmonds' blossoms, Galil's
  formulation) on the complete graph with weight ``big - cost``;
- ``"walls"``: above :data:`FULL_LIMIT` players, the round split at its
  walls (:func:`walls_minimum`: score groups of at least ``10 D + 8``
  players) into stretches of at most :data:`FULL_LIMIT` players, each
  solved as above (the argument is in docs/verify.md);
- ``"local"``: a round above :data:`FULL_LIMIT` players that misses the
  bound and has no such split is left to the caller's local check (no two
  tables can exchange opponents for less): not proven optimal, counted
  apart.

A cost below the round's is always reached by a real pairing of the
round's own players, so a finding is never a false alarm.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

__all__ = ["DP_LIMIT", "FULL_LIMIT", "least_cost", "lower_bound", "dp_minimum", "matching_minimum", "walls_minimum"]

#: Rounds of at most this many players are searched exhaustively.
DP_LIMIT = 16
#: Rounds of at most this many players that miss the bound are matched on the whole graph.
FULL_LIMIT = 256


def lower_bound(players: list[str], pts: dict[str, int], least_rematches: int,
                fold: Callable[[int, tuple[int, ...], int], int]) -> int:
    """The cost every pairing of ``players`` reaches at least (folded)."""
    values = sorted({pts[p] for p in players}, reverse=True)
    floats = []
    gaps = 0
    above = 0
    for i in range(len(values) - 1):
        above += sum(1 for p in players if pts[p] == values[i])
        odd = above % 2
        floats.append(odd)
        if odd:
            gaps += (values[i] - values[i + 1]) ** 2
    return fold(least_rematches, tuple(floats), gaps)


def dp_minimum(players: list[str], pair: Callable[[str, str], int]) -> int:
    """Least total cost of a pairing of ``players`` (exhaustive, memoised)."""
    n = len(players)
    c = [[pair(players[i], players[j]) if i != j else 0 for j in range(n)] for i in range(n)]
    memo: dict[int, int] = {0: 0}

    def best(mask: int) -> int:
        got = memo.get(mask)
        if got is not None:
            return got
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        row = c[i]
        lo: int | None = None
        m = rest
        while m:
            bit = m & -m
            j = bit.bit_length() - 1
            v = row[j] + best(rest & ~bit)
            if lo is None or v < lo:
                lo = v
            m &= m - 1
        assert lo is not None  # an even number of players left: at least one pair
        memo[mask] = lo
        return lo

    return best((1 << n) - 1)


def matching_minimum(players: list[str], pair: Callable[[str, str], int]) -> tuple[int, list[tuple[str, str]]]:
    """Least total cost of a perfect matching of ``players`` on the complete
    graph (networkx), and the matching."""
    import networkx as nx

    n = len(players)
    costs = {}
    top = 0
    for i in range(n):
        a = players[i]
        for j in range(i + 1, n):
            c = pair(a, players[j])
            costs[(i, j)] = c
            if c > top:
                top = c
    big = top + 1
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from((i, j, big - c) for (i, j), c in costs.items())
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) != n:  # the complete graph on an even number has a perfect matching
        raise AssertionError("no perfect matching")
    total = sum(costs[(min(i, j), max(i, j))] for i, j in m)
    return total, [(players[i], players[j]) for i, j in m]


def _solve(nodes: list[str], pair: Callable[[str, str], int]) -> int | None:
    if not nodes:
        return 0
    if len(nodes) % 2:
        return None
    if len(nodes) <= DP_LIMIT:
        return dp_minimum(nodes, pair)
    if len(nodes) > FULL_LIMIT:
        raise OverflowError(len(nodes))
    return matching_minimum(nodes, pair)[0]


def walls_minimum(players: list[str], pts: dict[str, int], met: Collection[frozenset],
                  pair: Callable[[str, str], int]) -> int | None:
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
    inside = set(players)
    nbr: dict[str, int] = dict.fromkeys(players, 0)
    for ab in met:
        if len(ab) == 2 and ab <= inside:
            for x in ab:
                nbr[x] += 1
    d = max(nbr.values(), default=0)
    values = sorted({pts[p] for p in players}, reverse=True)
    groups = [[p for p in players if pts[p] == v] for v in values]
    walls = [i for i, g in enumerate(groups) if len(g) >= 10 * d + 8]
    if not walls:
        return None
    k = 5 * d + 3
    wall_of: dict[str, int] = {}
    for i in walls:
        for p in groups[i]:
            wall_of[p] = i

    def relaxed(a: str, b: str) -> int:
        wa = wall_of.get(a)
        return 0 if wa is not None and wa == wall_of.get(b) else pair(a, b)

    bounds = [-1, *walls, len(groups)]
    memo: dict[tuple[int, int, int], int | None] = {}

    def stretch(j: int, low: int, up: int) -> int | None:
        """Segment j (between bounds[j] and bounds[j+1]) with ``low`` players
        of the wall above and ``up`` of the wall below."""
        key = (j, low, up)
        if key not in memo:
            top, bottom = bounds[j], bounds[j + 1]
            nodes = [p for g in groups[top + 1:bottom] for p in g]
            if top >= 0:
                nodes += groups[top][k + 1:k + 1 + low]  # the wall's "down" players
            if bottom < len(groups):
                nodes += groups[bottom][:up]  # the wall's "up" players
            memo[key] = _solve(nodes, relaxed)
        return memo[key]

    # choose for each wall how many players stand beside the stretch above
    # (k or k+1) and below (k or k+1, of the parity that leaves an even rest)
    best: dict[int, int | None] = {0: 0}  # players of the previous wall below it -> least cost so far
    try:
        for j, w in enumerate(walls):
            nxt: dict[int, int | None] = {}
            for up in (k, k + 1):
                low = k + ((len(groups[w]) - up - k) % 2)
                vals = []
                for prev, acc in best.items():
                    c = stretch(j, prev, up)
                    if acc is not None and c is not None:
                        vals.append(acc + c)
                cur = min(vals) if vals else None
                old = nxt.get(low)
                if cur is not None and (old is None or cur < old):
                    nxt[low] = cur
                elif low not in nxt:
                    nxt[low] = None
            best = nxt
        ends = [acc + c for prev, acc in best.items()
                if acc is not None and (c := stretch(len(walls), prev, 0)) is not None]
    except OverflowError:
        return None
    return min(ends) if ends else None


def least_cost(players: list[str], pts: dict[str, int], actual: int,
               least_rematches: int, pair: Callable[[str, str], int],
               fold: Callable[[int, tuple[int, ...], int], int],
               met: Collection[frozenset] | None = None) -> tuple[int | None, str]:
    """(least total cost, how it was found) for the round pairing ``players``
    (an even number, the bye removed) at total cost ``actual``; ``met``: the
    pairs that have met (for the split at walls); ``(None, "local")`` for a
    round above :data:`FULL_LIMIT` players that misses the bound and cannot
    be split into stretches of at most that many (the caller checks it
    locally)."""
    bound = lower_bound(players, pts, least_rematches, fold)
    if actual <= bound:
        return bound, "bound"
    if len(players) <= DP_LIMIT:
        return dp_minimum(players, pair), "dp"
    if len(players) <= FULL_LIMIT:
        return matching_minimum(players, pair)[0], "matching"
    got = walls_minimum(players, pts, met, pair) if met is not None else None
    if got is not None:
        return got, "walls"
    return None, "local"
