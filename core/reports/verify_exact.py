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
- ``"local"``: a round above :data:`FULL_LIMIT` players that misses the
  bound is left to the caller's local check (no two tables can exchange
  opponents for less): not proven optimal, counted apart.

A cost below the round's is always reached by a real pairing of the
round's own players, so a finding is never a false alarm.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["DP_LIMIT", "FULL_LIMIT", "least_cost", "lower_bound", "dp_minimum", "matching_minimum"]

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


def least_cost(players: list[str], pts: dict[str, int], actual: int,
               least_rematches: int, pair: Callable[[str, str], int],
               fold: Callable[[int, tuple[int, ...], int], int]) -> tuple[int | None, str]:
    """(least total cost, how it was found) for the round pairing ``players``
    (an even number, the bye removed) at total cost ``actual``; ``(None,
    "local")`` for a round above :data:`FULL_LIMIT` players that misses the
    bound (the caller checks it locally)."""
    bound = lower_bound(players, pts, least_rematches, fold)
    if actual <= bound:
        return bound, "bound"
    if len(players) <= DP_LIMIT:
        return dp_minimum(players, pair), "dp"
    if len(players) > FULL_LIMIT:
        return None, "local"
    return matching_minimum(players, pair)[0], "matching"
