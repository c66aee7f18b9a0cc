"""The exact solvers core/reports/verify_exact.py builds on: the lower bound
every pairing of a round reaches, an exhaustive search (memoised over
subsets, up to :data:`DP_LIMIT` players) and networkx's minimum-cost
perfect matching of the complete graph."""

from __future__ import annotations

from collections.abc import Callable, Collection

__all__ = [
    "DP_LIMIT",
    "FULL_LIMIT",
    "dp_minimum",
    "dp_pairing",
    "lower_bound",
    "matching_minimum",
    "met_degree",
    "players_between",
    "score_groups",
    "solve",
    "unmet_pair",
]

#: Rounds of at most this many players are searched exhaustively.
DP_LIMIT = 16
#: The longest stretch ``walls_minimum`` (core/reports/verify_walls.py, kept, unused) matches.
FULL_LIMIT = 256


def lower_bound(
    players: list[str], pts: dict[str, int], least_rematches: int, fold: Callable[[int, tuple[int, ...], int], int]
) -> int:
    """The cost every pairing of ``players`` reaches at least (folded)."""
    values, groups = score_groups(players, pts)
    floats = []
    gaps = 0
    above = 0
    for i in range(len(values) - 1):
        above += len(groups[i])
        odd = above % 2
        floats.append(odd)
        if odd:
            gaps += (values[i] - values[i + 1]) ** 2
    return fold(least_rematches, tuple(floats), gaps)


def dp_minimum(players: list[str], pair: Callable[[str, str], int]) -> int:
    """Least total cost of a pairing of ``players`` (exhaustive, memoised)."""
    return dp_pairing(players, pair)[0]


def dp_pairing(players: list[str], pair: Callable[[str, str], int]) -> tuple[int, list[tuple[str, str]]]:
    """Least total cost of a pairing of ``players`` (exhaustive, memoised),
    and such a pairing."""
    n = len(players)
    c = _cost_matrix(players, pair)
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

    full = (1 << n) - 1
    least = best(full)
    return least, _pairs_back(players, c, best, full)


def _cost_matrix(players: list[str], pair: Callable[[str, str], int]) -> list[list[int]]:
    """The cost of each pair of ``players`` by index (0 on the diagonal)."""
    n = len(players)
    return [[pair(players[i], players[j]) if i != j else 0 for j in range(n)] for i in range(n)]


def _pairs_back(players: list[str], c: list[list[int]], best: Callable[[int], int], full: int) -> list[tuple[str, str]]:
    """A pairing reaching ``best(full)``: the lowest player left paired with one whose pair keeps the least."""
    pairs = []
    mask = full
    while mask:
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        least = best(mask)
        j = next(j for j in range(len(players)) if rest >> j & 1 and c[i][j] + best(rest & ~(1 << j)) == least)
        pairs.append((players[i], players[j]))
        mask = rest & ~(1 << j)
    return pairs


def _pair_costs(players: list[str], pair: Callable[[str, str], int]) -> dict[tuple[int, int], int]:
    """{(i, j): cost} of every pair of ``players`` (i < j)."""
    n = len(players)
    costs = {}
    for i in range(n):
        a = players[i]
        for j in range(i + 1, n):
            costs[(i, j)] = pair(a, players[j])
    return costs


def matching_minimum(players: list[str], pair: Callable[[str, str], int]) -> tuple[int, list[tuple[str, str]]]:
    """Least total cost of a perfect matching of ``players`` on the complete
    graph (networkx), and the matching."""
    import networkx as nx  # lazy: ~0.3 s to import, needed only for a round past the DP bound

    n = len(players)
    costs = _pair_costs(players, pair)
    big = max(0, *costs.values()) + 1  # every weight positive
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from((i, j, big - c) for (i, j), c in costs.items())
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) != n:  # the complete graph on an even number has a perfect matching
        raise AssertionError("no perfect matching")
    total = sum(costs[(min(i, j), max(i, j))] for i, j in m)
    return total, [(players[i], players[j]) for i, j in m]


def solve(nodes: list[str], pair: Callable[[str, str], int], limit: int | None = FULL_LIMIT) -> int | None:
    """Least total cost of a pairing of ``nodes`` (None for an odd number): exhaustive
    up to :data:`DP_LIMIT`, else networkx; OverflowError past ``limit`` players."""
    if not nodes:
        return 0
    if len(nodes) % 2:
        return None
    if len(nodes) <= DP_LIMIT:
        return dp_minimum(nodes, pair)
    if limit is not None and len(nodes) > limit:
        raise OverflowError(len(nodes))
    return matching_minimum(nodes, pair)[0]


def met_degree(players: list[str], met: Collection[frozenset]) -> int:
    """``D``: the most opponents any of ``players`` has met among them."""
    inside = set(players)
    nbr: dict[str, int] = dict.fromkeys(players, 0)
    for ab in met:
        if len(ab) == 2 and ab <= inside:
            for x in ab:
                nbr[x] += 1
    return max(nbr.values(), default=0)


def score_groups(players: list[str], pts: dict[str, int]) -> tuple[list[int], list[list[str]]]:
    """(the points present, highest first; the players of each, in the order given)."""
    values = sorted({pts[p] for p in players}, reverse=True)
    return values, [[p for p in players if pts[p] == v] for v in values]


def players_between(groups: list[list[str]], top: int, bottom: int) -> list[str]:
    """The players of the score groups strictly between ``top`` and ``bottom`` (indices)."""
    return [p for g in groups[top + 1 : bottom] for p in g]


def unmet_pair(xs: list[str], ys: list[str], met: Collection[frozenset]) -> tuple[str, str] | None:
    """The first pair of a player of ``xs`` and one of ``ys`` who have not met, or None."""
    return next(((a, b) for a in xs for b in ys if frozenset((a, b)) not in met), None)
