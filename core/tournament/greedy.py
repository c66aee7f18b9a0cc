"""The random greedy pairing of a score group's players avoiding rematches,
and the repair of its leftovers: the fast path of the Swiss pairing
(core.tournament.pairing) before any matching is needed."""

from __future__ import annotations


def greedy_pairs(pool: list[int], met) -> tuple[list[tuple[int, int]], list[int]]:
    """Random greedy pairing of ``pool`` (already shuffled; used up), avoiding
    rematches: the pairs, and the players left without a partner."""
    inner: list[tuple[int, int]] = []
    left: list[int] = []
    while pool:
        u = pool.pop()
        mu = met[u]
        j = len(pool) - 1
        while j >= 0 and pool[j] in mu:
            j -= 1
        if j < 0:
            left.append(u)
            continue
        v = pool[j]
        pool[j] = pool[-1]
        pool.pop()
        inner.append((u, v))
    return inner, left


def repair_leftovers(inner: list[tuple[int, int]], left: list[int], keep: int, met) -> bool:
    """Pair the leftovers of :func:`greedy_pairs` (in place) until ``keep``
    are left: two leftovers take over a pair (u-a, v-b), or u pairs with
    another leftover; False when neither can."""
    while len(left) > keep:
        u = left.pop()
        v = left.pop()
        if v not in met[u]:
            inner.append((u, v))
            continue
        if not (_take_over_pair(inner, u, v, met) or _pair_with_leftover(left, inner, u, v, met)):
            return False
    return True


def _take_over_pair(inner: list[tuple[int, int]], u: int, v: int, met) -> bool:
    """Leftovers ``u`` and ``v`` take over a pair (u-a, v-b) nobody of them has met."""
    mu, mv = met[u], met[v]
    for idx in range(len(inner)):
        a, b = inner[idx]
        for x, y in ((a, b), (b, a)):
            if x not in mu and y not in mv:
                inner[idx] = (u, x)
                inner.append((v, y))
                return True
    return False


def _pair_with_leftover(left: list[int], inner: list[tuple[int, int]], u: int, v: int, met) -> bool:
    """``u`` pairs with another leftover it has not met, ``v`` taking that one's place."""
    mu = met[u]
    for idx, w in enumerate(left):
        if w not in mu:
            left[idx] = v
            inner.append((u, w))
            return True
    return False
