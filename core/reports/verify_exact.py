"""The exact minimum of a Swiss round's pairing cost for ``lycee verify``
(docs/rules.md (a)-(c)), by formulations independent of the engine's
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
- ``"split"``: else, when the round has a *free* score group (at least
  ``8 D + 6`` players, ``D`` the most opponents a player of the round has met
  among them), :func:`split_minimum`: the round cut between consecutive
  free groups and at each free group between non-free ones, each free
  group shrunk to ``3 D + 1`` to ``5 D + 3`` of its players beside each
  stretch, each stretch proven at its own lower bound by a pairing that
  reaches it (:func:`_at_bound`), else proven along a chain or a least
  join (below), or else solved by exhaustive search or networkx as below;
  exact at any size (the argument is in its docstring and docs/verify.md);
- ``"greedy"``: else, a pairing of the whole round that reaches the lower
  bound (``least_rematches`` aside: it has none) is found: that bound is the
  optimum;
- ``"chain"``: else, a pairing of the whole round with no rematch and the
  fewest floats possible at every boundary (those of the bound) is found
  along the *chain* of least squared gaps (:func:`_at_chain`: a pair may
  skip a group, as a leader who has met the whole next group must): every
  optimum has those rematches and floats (they come first in the order and
  are at their bound), every pairing with them is a chain, and the least
  squared gaps over the chains (a shortest path over the boundaries) is no
  more than any of theirs: that pairing is an optimum;
- ``"join"``: else, a pairing of the whole round with no rematch that takes
  a least *T-join* of the score groups (:func:`_at_join`: the odd groups
  joined along shortest paths over pairs of groups with players who have
  not met; several pairs may cross one boundary) is found: in a pairing
  with no rematch the pairs across groups form such a join and a pair
  across costs what its two groups make it cost, so that join's cost is a
  lower bound that this pairing reaches;
- ``"matching"``: else, at any size, a minimum-cost perfect matching of the
  whole round, found by networkx's maximum-weight matching (Edmonds'
  blossoms, Galil's formulation) on the complete graph with weight
  ``big - cost``.

So every round is checked exactly, at every size; ``"local"`` (a check of
two tables at a time) is no longer reached.  :func:`walls_minimum`, the
earlier split at walls (groups of ``10 D + 8``, core/reports/verify_walls.py),
is kept and tested but not used.  Time: a round that meets its bound, or whose pieces meet their
bounds or are proven along a chain or a join, at any size, is a sum and
some shortest paths (a 2,048-player round before round 11 whose leader has
met the next two, its optimum above the bound: about 0.1 s CPU, where
networkx took 3.9 s on its 304-player top stretch; the 4,096-player round
of the same kind, whose top needs two floats across one boundary, a join:
about 0.1 s, where networkx took 1.1 to 1.5 s on 206 players); the rest
cost what their largest piece that is none of these costs networkx (about
5 s at 256 players on this machine; ``python benchmarks/verify.py
--round2048`` times 2,048- and 4,096-player rounds).

A cost below the round's is always reached by a real pairing of the
round's own players, so a finding is never a false alarm.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from core.reports.verify_solvers import (
    DP_LIMIT,
    FULL_LIMIT,
    dp_minimum,
    dp_pairing,
    lower_bound,
    matching_minimum,
    met_degree,
    players_between,
    score_groups,
    unmet_pair,
)
from core.reports.verify_walls import walls_minimum

# the solvers are in core/reports/verify_solvers.py, the split at walls in
# core/reports/verify_walls.py; their names stay importable here
__all__ = [
    "DP_LIMIT",
    "dp_pairing",
    "FULL_LIMIT",
    "least_cost",
    "lower_bound",
    "dp_minimum",
    "matching_minimum",
    "split_minimum",
    "walls_minimum",
]


def _pair_unmet(group: list[str], met: Collection[frozenset]) -> bool:
    """Whether ``group`` (an even number) pairs without a rematch, found
    greedily (fewest choices first); False when the greedy pass fails,
    which proves nothing."""
    left = set(group)
    opts = {p: {q for q in group if q != p and frozenset((p, q)) not in met} for p in group}
    while left:
        p = min(left, key=lambda x: len(opts[x] & left))
        cands = opts[p] & left
        if not cands:
            return False
        q = min(cands, key=lambda x: len(opts[x] & left))
        left -= {p, q}
    return True


def _at_bound(
    nodes: list[str],
    pts: dict[str, int],
    met: Collection[frozenset],
    free_of: dict[str, int],
    pair: Callable[[str, str], int],
) -> int | None:
    """The least cost of a piece when a pairing of it reaches the lower
    bound with no rematch: one pair across each boundary below an odd
    number of players, each between neighbouring groups, and everybody else
    paired inside their group (two players of one free group for nothing).
    Its cost is then that bound (the sum of those pairs' costs), which no
    pairing goes under, so it is the piece's optimum.  The pairing is looked
    for greedily; None when it is not found (the piece is then solved in
    full: None proves nothing)."""
    values, groups = score_groups(nodes, pts)

    def sent_to(i: int, odd: bool) -> list[str] | bool | None:
        # an odd number left: one player to the next group (none below the last: not this way)
        return (groups[i + 1] if i + 1 < len(groups) else False) if odd else None

    return _walk(groups, sent_to, met, free_of, pair)


def _walk(
    groups: list[list[str]],
    sent_to: Callable[[int, bool], list[str] | bool | None],
    met: Collection[frozenset],
    free_of: dict[str, int],
    pair: Callable[[str, str], int],
    skipped: Collection[int] = (),
) -> int | None:
    """The greedy pass of :func:`_at_bound` and :func:`_at_chain`: group by
    group from the top, the player carried down from above paired with one
    he has not met, one player sent on to the group ``sent_to(i, odd)``
    names (``odd``: whether the group has an odd number left; None: nobody
    is sent; False: none can be), everybody else paired inside without a
    rematch (or for nothing inside a free group); a group of ``skipped``
    pairs inside alone while the carried player passes over it.  The cost of
    the pairs across, or None when the pass fails (which proves nothing)."""
    total = 0
    carry: str | None = None
    for i, g in enumerate(groups):
        if i in skipped:
            if not _inside_pairable(g, free_of, met):
                return None
            continue
        step = _step(g, carry, sent_to(i, (len(g) - (carry is not None)) % 2 == 1), g[0] in free_of, met, pair)
        if step is None:
            return None
        cost, carry = step
        total += cost
    return None if carry is not None else total


def _step(
    g: list[str],
    carry: str | None,
    target: list[str] | bool | None,
    relaxed: bool,
    met: Collection[frozenset],
    pair: Callable[[str, str], int],
) -> tuple[int, str | None] | None:
    """One group of :func:`_walk`: (the cost of the carried player's pair, the player sent
    on), or None when none can be sent (``target`` False) or the group does not pass."""
    if target is False:
        return None
    found = _pass_group(g, carry, target, relaxed, met)
    if found is None:
        return None
    taker, sent = found
    return (pair(carry, taker) if carry is not None and taker is not None else 0), sent


def _pass_group(
    g: list[str], carry: str | None, target: list[str] | bool | None, relaxed: bool, met: Collection[frozenset]
) -> tuple[str | None, str | None] | None:
    """(the player of ``g`` who takes the carried one, the player sent on to
    ``target``), the rest pairing inside without a rematch; None when the
    first few tried fail."""
    for q in _takers(g, carry, met):
        rest = [p for p in g if p != q]
        if isinstance(target, list):
            c = _sent_on(rest, target, relaxed, met)
            if c is not None:
                return q, c
        elif relaxed or _pair_unmet(rest, met):
            return q, None
    return None


def _takers(g: list[str], carry: str | None, met: Collection[frozenset]) -> Sequence[str | None]:
    """The first few players of ``g`` who may take the carried player (who has not met them);
    [None] when nobody is carried."""
    if carry is None:
        return [None]
    return [q for q in g if frozenset((carry, q)) not in met][:6]


def _sent_on(rest: list[str], target: list[str], relaxed: bool, met: Collection[frozenset]) -> str | None:
    """The player to send down: one with opponents in the target group, the rest pairing inside."""
    order = sorted(rest, key=lambda p: -_unmet_count(p, target, met))
    return next((c for c in order[:6] if relaxed or _pair_unmet([p for p in rest if p != c], met)), None)


def _unmet_count(p: str, target: list[str], met: Collection[frozenset]) -> int:
    """How many of ``target`` player ``p`` has not met."""
    return sum(1 for x in target if frozenset((p, x)) not in met)


def _chain_floats(
    groups: list[list[str]], values: list[int], met: Collection[frozenset]
) -> tuple[int, list[tuple[int, int]]] | None:
    """(least squared gaps, the floats as (group sent from, group received
    in)) over the *chains* of a piece whose score groups are ``groups``
    (highest first): each boundary below an odd number of players crossed by
    exactly one pair, each even one by none, so each pair crosses a run of
    consecutive odd boundaries, from the group just above its first to the
    group just below its last, skipping the groups between; a pair only
    between two groups with a pair of players who have not met.  None when
    no chain is possible."""
    k = len(groups)
    odd = _odd_boundaries(groups)
    best: dict[int, int] = {0: 0}  # group g -> least gaps with the boundaries above it covered
    came: dict[int, int] = {}  # group g -> the group whose pair (or none, an even boundary) reaches it
    for b in range(k - 1):
        if b not in best:
            continue
        for j, c in _chain_steps(groups, values, met, odd, b):
            if j not in best or best[b] + c < best[j]:
                best[j], came[j] = best[b] + c, b
    if k - 1 not in best:
        return None
    return best[k - 1], _chain_back(came, odd, k - 1)


def _chain_steps(
    groups: list[list[str]], values: list[int], met: Collection[frozenset], odd: list[bool], b: int
) -> list[tuple[int, int]]:
    """The steps of a chain from group ``b``: (the group it reaches, the squared gap it adds).
    Below an even boundary, the next group for nothing; below an odd one, a pair from ``b``
    to each group past the run of odd boundaries below it, if two of its players have not met."""
    if not odd[b]:
        return [(b + 1, 0)]
    steps = []
    j = b
    while j < len(odd) and odd[j]:
        if unmet_pair(groups[b], groups[j + 1], met) is not None:
            steps.append((j + 1, (values[b] - values[j + 1]) ** 2))
        j += 1
    return steps


def _odd_boundaries(groups: list[list[str]]) -> list[bool]:
    """For each boundary between two score groups: an odd number of players above it."""
    odd = []
    above = 0
    for g in groups[:-1]:
        above += len(g)
        odd.append(above % 2 == 1)
    return odd


def _chain_back(came: dict[int, int], odd: list[bool], last: int) -> list[tuple[int, int]]:
    """The floats of the best chain, (group sent from, group received in), walked back from ``last``."""
    floats = []
    at = last
    while at > 0:
        b = came[at]
        if odd[b]:
            floats.append((b, at))
        at = b
    return floats[::-1]


def _at_chain(
    nodes: list[str],
    pts: dict[str, int],
    met: Collection[frozenset],
    free_of: dict[str, int],
    pair: Callable[[str, str], int],
) -> int | None:
    """The least cost of a piece when a pairing of it with no rematch and
    the fewest floats possible at every boundary (one pair across each
    boundary below an odd number of players, none across an even one) is
    found, which then is an optimum.  Why: that pairing meets the lower
    bound of the rematches and of every float count, and those come before
    the squared gaps in the order, so every optimal pairing has them too
    (lexicographic: none goes under a component of the bound); such a
    pairing is a *chain* (:func:`_chain_floats`): each pair across a boundary
    crosses a run of odd boundaries only and is the only one across them,
    and its squared gap depends only on the two groups it joins.  The least
    squared gaps over the chains (a shortest path over the boundaries) is so
    a lower bound of the optimum's; a pairing that takes the chain reaching
    it (its pairs across, the groups it skips paired inside, everybody else
    paired in their group without a rematch, or for nothing inside one free
    group) is an optimum.  It is looked for greedily; None when not found
    (None proves nothing).  :func:`_at_bound` is the case where no pair
    skips a group."""
    values, groups = score_groups(nodes, pts)
    got = _chain_floats(groups, values, met)
    if got is None:
        return None
    send = dict(got[1])
    return _walk(groups, lambda i, _odd: groups[send[i]] if i in send else None, met, free_of, pair, _skipped(got[1]))


def _skipped(floats: list[tuple[int, int]]) -> set[int]:
    """The groups the chain's pairs pass over (between the group sent from and the one received in)."""
    return {g for i, j in floats for g in range(i + 1, j)}


def _at_join(
    nodes: list[str],
    pts: dict[str, int],
    met: Collection[frozenset],
    free_of: dict[str, int],
    pair: Callable[[str, str], int],
) -> int | None:
    """The least cost of a piece when a pairing of it with no rematch that
    reaches the least cost of a *join* is found, which then is an optimum.

    Why.  In a pairing with no rematch, the pairs across score groups give a
    multiset ``J`` of pairs of groups; a group's players who are not in one
    pair inside it, so each group has an odd number of ``J``'s ends exactly
    when it has an odd number of players: ``J`` is a *T-join* of the graph of
    the groups (``T`` the odd groups), and each pair of ``J`` joins two
    groups with a pair of players who have not met.  A pair of players of
    groups ``i`` and ``j`` who have not met costs ``C(i, j)`` whoever they
    are, and a pair inside a group costs at least 0, so the pairing costs at
    least ``C(J)``, and so at least the least cost of a T-join with those
    edges: a minimum-cost perfect matching of ``T`` under the shortest-path
    distances (the costs are positive), found here on at most a few dozen
    groups (networkx).  A pairing with a rematch costs more than any without
    (the rematch digit comes first).  So a pairing with no rematch that
    takes that join's pairs across (players chosen greedily) and pairs
    everybody else inside their group without a rematch, or for nothing
    inside one free group, costs that least cost and is an optimum.  None
    when it is not found (None proves nothing).  :func:`_at_bound` is the
    case where the join pairs each odd group's neighbours."""
    values, groups = score_groups(nodes, pts)
    odd = [i for i in range(len(groups)) if len(groups[i]) % 2]
    dist, hop = _group_distances(groups, met, pair)
    edges = _least_join(odd, dist, hop) if odd else {}
    if edges is None:
        return None
    return _take_join(groups, edges, met, free_of, pair)


def _group_distances(
    groups: list[list[str]], met: Collection[frozenset], pair: Callable[[str, str], int]
) -> tuple[list[list[int | None]], list[list[int]]]:
    """(dist, hop): the least cost of joining two score groups through
    others (``C(i, j)`` of a pair who have not met, else None), and the first
    group on the way from ``i`` to ``j`` (Floyd-Warshall)."""
    dist, hop = _direct_distances(groups, met, pair)
    for m in range(len(groups)):
        _through(m, dist, hop)
    return dist, hop


def _direct_distances(
    groups: list[list[str]], met: Collection[frozenset], pair: Callable[[str, str], int]
) -> tuple[list[list[int | None]], list[list[int]]]:
    """(dist, hop) of the pairs of groups joined directly: ``C(i, j)`` of a pair of their
    players who have not met (None when every pair has met), the next group ``j`` itself."""
    k = len(groups)
    dist: list[list[int | None]] = [[None] * k for _ in range(k)]
    hop = [[-1] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            ab = unmet_pair(groups[i], groups[j], met)
            if ab is not None:
                dist[i][j] = dist[j][i] = pair(*ab)
                hop[i][j], hop[j][i] = j, i
    return dist, hop


def _through(m: int, dist: list[list[int | None]], hop: list[list[int]]) -> None:
    """One step of Floyd-Warshall: every way through group ``m`` that is shorter."""
    dm = dist[m]
    for i in range(len(dist)):
        dim = dist[i][m]
        if dim is not None and i != m:
            _relax_row(i, m, dim, dm, dist, hop)


def _relax_row(
    i: int, m: int, dim: int, dm: list[int | None], dist: list[list[int | None]], hop: list[list[int]]
) -> None:
    """Group ``i``'s ways through group ``m`` (``dim`` away; ``dm``: ``m``'s distances) that are shorter."""
    di = dist[i]
    for j in range(len(dm)):
        dmj = dm[j]
        if dmj is None or j in (i, m):
            continue
        old = di[j]
        if old is None or dim + dmj < old:
            di[j] = dim + dmj
            hop[i][j] = hop[i][m]


def _least_join(
    odd: list[int], dist: list[list[int | None]], hop: list[list[int]]
) -> dict[tuple[int, int], int] | None:
    """The edges of a least T-join of the odd groups (each edge with how
    often it is used), or None when the odd groups cannot all be joined."""
    far = _beyond(dist, len(odd))

    def apart(x: str, y: str) -> int:
        d = dist[int(x)][int(y)]
        return far if d is None else d

    solver = dp_pairing if len(odd) <= DP_LIMIT else matching_minimum
    least, ends = solver([str(i) for i in odd], apart)
    if least >= far:
        return None
    return _path_edges([(int(x), int(y)) for x, y in ends], hop)


def _beyond(dist: list[list[int | None]], n: int) -> int:
    """A cost above any join of ``n`` odd groups along the distances ``dist``: two groups
    with no way between them are this far apart."""
    finite = [d for row in dist for d in row if d is not None]
    return n * max(finite, default=0) + 1


def _path_edges(ends: list[tuple[int, int]], hop: list[list[int]]) -> dict[tuple[int, int], int]:
    """The edges (lower group first) of the shortest paths joining each pair of ``ends``,
    each with how many of those paths use it."""
    edges: dict[tuple[int, int], int] = {}
    for at, end in ends:
        while at != end:
            step = hop[at][end]
            e = (min(at, step), max(at, step))
            edges[e] = edges.get(e, 0) + 1
            at = step
    return edges


def _join_edges(groups: list[list[str]], edges: dict[tuple[int, int], int]) -> list[tuple[int, int]]:
    """The join's edges taken once each, those between the smallest groups first (two copies of
    one edge would be a cheaper join without them: none are taken)."""
    odd = [e for e, c in edges.items() if c % 2]
    return sorted(odd, key=lambda e: min(len(groups[e[0]]), len(groups[e[1]])))


def _take_join(
    groups: list[list[str]],
    edges: dict[tuple[int, int], int],
    met: Collection[frozenset],
    free_of: dict[str, int],
    pair: Callable[[str, str], int],
) -> int | None:
    """The cost of a pairing with no rematch that takes the join's pairs
    across (players chosen greedily) and pairs everybody else inside their
    group, or None when none is found."""
    left = [list(g) for g in groups]
    total = 0
    for i, j in _join_edges(groups, edges):
        ab = unmet_pair(left[i], left[j], met)
        if ab is None:
            return None
        left[i].remove(ab[0])
        left[j].remove(ab[1])
        total += pair(*ab)
    if not all(_inside_pairable(g, free_of, met) for g in left):
        return None
    return total


def _inside_pairable(g: list[str], free_of: dict[str, int], met: Collection[frozenset]) -> bool:
    """The players a group keeps pair among themselves without a rematch (a free group always does)."""
    return not g or g[0] in free_of or _pair_unmet(g, met)


def _piece_cost(
    nodes: list[str], pts: dict[str, int], met: Collection[frozenset], free_of: dict[str, int]
) -> Callable[[str, str], int]:
    """The relaxed cost of a pair of a piece folded over the piece's own
    boundaries: the same order of the piece's pairings as the round's fold
    (the piece's pairs cross no other boundary), with smaller integers."""
    values = sorted({pts[p] for p in nodes}, reverse=True)
    gi = {v: i for i, v in enumerate(values)}
    half = len(nodes) // 2
    base = half + 1
    span = values[0] - values[-1]
    sbase = half * span * span + 1
    k = len(values)
    cum = [0]
    for i in range(k - 1):
        cum.append(cum[-1] + sbase * base ** (k - 2 - i))
    rweight = sbase * base ** max(0, k - 1)

    def cost(a: str, b: str) -> int:
        fa = free_of.get(a)
        if fa is not None and fa == free_of.get(b):
            return 0
        pa, pb = pts[a], pts[b]
        ga, gb = gi[pa], gi[pb]
        c = abs(cum[gb] - cum[ga]) + (pa - pb) * (pa - pb)
        return c + rweight if frozenset((a, b)) in met else c

    return cost


def split_minimum(
    players: list[str], pts: dict[str, int], met: Collection[frozenset], pair: Callable[[str, str], int]
) -> tuple[int, int] | None:
    """(least total cost, players in the largest piece solved) of a pairing
    of ``players``, the round cut between consecutive *free* score groups
    and at each free one between non-free ones, each free group cut down to a
    few representatives beside each stretch; None when no
    group is free (nothing to cut or shrink).

    Why it is exact.  ``D`` is the most opponents any player of the round
    has met among the round's players; a group of at least ``8 D + 6``
    players is *free*.  Facts (each by exchanging two pairs of an optimal
    pairing for two others; docs/verify.md writes them out):

    1. at most ``2 D + 1`` pairs cross any boundary between score groups
       (among ``2 D + 2`` of them two have unmet upper and unmet lower
       players: pairing those two and those two lowers (b), adds no rematch);
       so a free group sends at most ``4 D + 2`` players out and keeps at
       least ``2 D + 2``, who pair among themselves without a rematch
       (Dirac's theorem: each is unmet with all but ``D`` of them);
    2. so two players of one free group may be counted as pairing for
       nothing even if they met (the *relaxed* round has the same optimum),
       and no pair skips a free group (a pair ``(u, v)`` across it and two
       of its players ``x, y`` left inside with ``u, x`` and ``y, v`` unmet
       give ``(u, x), (y, v)``: the same floats, ``a² + b² < (a + b)²``);
    3. any ``5 D + 3`` of a free group's players can be the ones it sends out
       (a float outside them is exchanged with one of them who stays and has
       not met the float's opponent), so a free group is replaced by ``5 D +
       3`` or ``5 D + 4`` of its players (its parity) pairing among
       themselves for nothing;
    4. between two consecutive free groups ``A`` above ``B`` every pair across
       their boundary is an ``A``-``B`` pair (2), of cost ``C`` each when its
       players have not met (they can be chosen so: each of ``B``'s floats
       has met at most ``D`` of ``A``); the part above, with ``t`` of ``A``'s
       players gone, has by 3 the same least cost for every ``t`` of one
       parity up to ``2 D + 1``, and so has the part below: the least total
       is the parts' least costs plus ``C`` times ``N mod 2`` (``N`` the
       players above the boundary), and the parts are solved apart;
    5. a free group with non-free groups on both sides splits the round too:
       by 3 (first for the players it sends up, then for those it sends
       down, among the others) any ``5 D + 2`` of its players can be the ones
       sent up and any other ``3 D + 1`` the ones sent down; so the stretch
       above is solved with ``5 D + 2`` or ``5 D + 3`` of them beside it, the
       stretch below with ``3 D + 1`` or ``3 D + 2`` others, the rest pairing
       inside, and the parities are chosen for the least sum.

    Each stretch (the non-free groups between two free groups and the free
    groups' representatives beside them) is solved exactly: proven at its
    own lower bound by a pairing that reaches it (:func:`_at_bound`), else
    (above :data:`DP_LIMIT` players) along a chain (:func:`_at_chain`) or a
    least join (:func:`_at_join`), else by
    exhaustive search up to :data:`DP_LIMIT` players, else networkx's
    matching on its complete graph (its cost folded over its own boundaries,
    :func:`_piece_cost`).
    """
    d = met_degree(players, met)
    values, groups = score_groups(players, pts)
    seps = [i for i, g in enumerate(groups) if len(g) >= 8 * d + 6]
    if not seps:
        return None
    total, par = _free_boundaries(groups, seps, met, pair)
    stretches = _Stretches(groups, seps, pts, met, pair)
    best: dict[int, int] = {0: 0}  # players the last free group puts beside the stretch below it -> least cost
    for n, choices in enumerate(_free_choices(groups, seps, par, d)):
        best = _beside_next(stretches, n, choices, best)
    return total + stretches.least_end(best), stretches.largest


def _free_boundaries(
    groups: list[list[str]], seps: list[int], met: Collection[frozenset], pair: Callable[[str, str], int]
) -> tuple[int, dict[int, int]]:
    """(cost, pairs across) of the boundaries between two consecutive free
    groups: a pair of unmet players across where the players above are odd (fact 4)."""
    odd = _odd_boundaries(groups)
    total = 0
    par: dict[int, int] = {}  # boundary j (below group j) between two free groups -> pairs across it
    for x in (x for x, y in zip(seps, seps[1:]) if y == x + 1):
        par[x] = int(odd[x])
        if odd[x]:
            total += pair(*_free_float(groups[x], groups[x + 1], met))
    return total, par


def _free_float(upper: list[str], lower: list[str], met: Collection[frozenset]) -> tuple[str, str]:
    """The pair across the boundary of two consecutive free groups: two who have not met (there
    always are: each of the lower group has met at most ``D`` of the upper one)."""
    ab = unmet_pair(upper, lower, met)
    if ab is None:
        raise AssertionError("two free groups with no unmet pair across")
    return ab


def _free_choices(groups: list[list[str]], seps: list[int], par: dict[int, int], d: int) -> list[list[tuple[int, int]]]:
    """Each free group's choices: (players beside the stretch above, players
    beside the stretch below), of the parity that leaves an even rest (fact 5)."""
    k = len(groups)
    free = set(seps)
    out = []
    for i in seps:
        # a stretch above (below) when the group above (below) is there and not free
        ups, downs = _beside_sizes(i > 0 and i - 1 not in free, i < k - 1 and i + 1 not in free, d)
        out.append(_even_rests(ups, downs, len(groups[i]) - par.get(i - 1, 0) - par.get(i, 0)))
    return out


def _even_rests(ups: tuple[int, ...], downs: tuple[int, ...], present: int) -> list[tuple[int, int]]:
    """The (up, down) choices of a free group of ``present`` players that leave an even rest."""
    return [(u, w) for u in ups for w in downs if (present - u - w) % 2 == 0 and present >= u + w]


def _beside_sizes(up_stretch: bool, down_stretch: bool, d: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(players a free group may put beside the stretch above, beside the one below) (facts 3 and 5)."""
    ups = (5 * d + 2, 5 * d + 3) if up_stretch else (0,)
    if not down_stretch:
        return ups, (0,)
    return ups, (3 * d + 1, 3 * d + 2) if up_stretch else (5 * d + 2, 5 * d + 3)


def _beside_next(stretches: _Stretches, n: int, choices: list[tuple[int, int]], best: dict[int, int]) -> dict[int, int]:
    """The least cost down to free group ``seps[n]`` for each number of its
    players beside the stretch below it, from ``best`` for the group before."""
    nxt: dict[int, int] = {}
    for u, w in choices:
        for prev, acc in best.items():
            c = stretches.cost(n, prev, u)
            if c is not None and (w not in nxt or acc + c < nxt[w]):
                nxt[w] = acc + c
    return nxt


class _Stretches:
    """The stretches of :func:`split_minimum`, each solved once for each
    number of free players beside it.  ``free_of`` marks each free group's
    representatives (down: ``2 i + 1``, up: ``2 i``), who pair among
    themselves for nothing (``relaxed``, fact 2)."""

    def __init__(
        self,
        groups: list[list[str]],
        seps: list[int],
        pts: dict[str, int],
        met: Collection[frozenset],
        pair: Callable[[str, str], int],
    ):
        self.groups, self.seps, self.k = groups, seps, len(groups)
        self.pts, self.met = pts, met
        self.free_of: dict[str, int] = {}
        self.largest = 0  # players in the largest stretch solved
        self.memo: dict[tuple[int, int, int], int | None] = {}
        free_of = self.free_of

        def relaxed(a: str, b: str) -> int:  # a closure, not a method: it is called for every pair tried
            fa = free_of.get(a)
            return 0 if fa is not None and fa == free_of.get(b) else pair(a, b)

        self.relaxed = relaxed

    def cost(self, n: int, w: int, u: int) -> int | None:
        """The stretch above free group ``seps[n]`` (n == len(seps): below the
        last), with ``w`` players of the free group above it and ``u`` of the
        one below."""
        key = (n, w, u)
        if key not in self.memo:
            self.memo[key] = self._solve(self._nodes(n, w, u))
        return self.memo[key]

    def least_end(self, best: dict[int, int]) -> int:
        """The least cost of the whole round from ``best`` down to the last free
        group, the stretch below it added."""
        ends = [acc + c for prev, acc in best.items() if (c := self.cost(len(self.seps), prev, 0)) is not None]
        if not ends:
            raise AssertionError("no stretch parities fit")
        return min(ends)

    def _span(self, n: int) -> tuple[int, int]:
        """(the free group above stretch ``n``, the one below), -1 and ``k`` past the ends."""
        top = self.seps[n - 1] if n > 0 else -1
        return top, self.seps[n] if n < len(self.seps) else self.k

    def _nodes(self, n: int, w: int, u: int) -> list[str]:
        groups, k = self.groups, self.k
        top, bottom = self._span(n)
        nodes = players_between(groups, top, bottom)
        if top >= 0 and w:
            nodes += self._beside(groups[top][len(groups[top]) - w :], 2 * top + 1)  # the free group's last go down
        if bottom < k and u:
            nodes += self._beside(groups[bottom][:u], 2 * bottom)  # its first players go up
        return nodes

    def _beside(self, rep: list[str], side: int) -> list[str]:
        """A free group's players ``rep`` beside a stretch, marked with the side they stand on."""
        for p in rep:
            self.free_of[p] = side
        return rep

    def _solve(self, nodes: list[str]) -> int | None:
        """Proven at the stretch's own lower bound (:func:`_at_bound`), else
        by exhaustive search up to :data:`DP_LIMIT` players, else along a
        chain, a least join, or networkx's matching of its own cost vector."""
        if not nodes:
            return 0
        if len(nodes) % 2:
            return None
        self.largest = max(self.largest, len(nodes))
        got = _at_bound(nodes, self.pts, self.met, self.free_of, self.relaxed)
        if got is not None:
            return got
        if len(nodes) <= DP_LIMIT:
            return dp_minimum(nodes, self.relaxed)
        return self._solve_large(nodes)

    def _solve_large(self, nodes: list[str]) -> int:
        """A stretch past the DP bound: along a chain, a least join, or networkx's matching."""
        for solver in (_at_chain, _at_join):
            got = solver(nodes, self.pts, self.met, self.free_of, self.relaxed)
            if got is not None:
                return got
        # the piece's own cost vector (its boundaries only: smaller integers, the same best pairings)
        _c, pairing = matching_minimum(nodes, _piece_cost(nodes, self.pts, self.met, self.free_of))
        return sum(self.relaxed(a, b) for a, b in pairing)


def least_cost(
    players: list[str],
    pts: dict[str, int],
    actual: int,
    least_rematches: int,
    pair: Callable[[str, str], int],
    fold: Callable[[int, tuple[int, ...], int], int],
    met: Collection[frozenset] | None = None,
) -> tuple[int, str]:
    """(least total cost, how it was found: ``"bound"``, ``"dp"``,
    ``"split"``, ``"greedy"``, ``"chain"``, ``"join"`` or ``"matching"``, see the module's text) for
    the round pairing ``players`` (an even number, the bye removed) at total
    cost ``actual``; ``met``: the pairs that have met (for the split and the
    pairing at the bound; needed for a large round to be fast, not to be
    exact).  The cost is always exact: no round is left to a local check."""
    bound = lower_bound(players, pts, least_rematches, fold)
    if actual <= bound:
        return bound, "bound"
    if len(players) <= DP_LIMIT:
        return dp_minimum(players, pair), "dp"
    return _large_round_cost(players, pts, () if met is None else met, pair)


def _large_round_cost(
    players: list[str], pts: dict[str, int], met: Collection[frozenset], pair: Callable[[str, str], int]
) -> tuple[int, str]:
    """The least cost of a round past the DP bound: split at its free groups, else
    proven greedily at its bound, along a chain or a least join, else networkx."""
    got = split_minimum(players, pts, met, pair)
    if got is not None:
        return got[0], "split"
    for how, solver in (("greedy", _at_bound), ("chain", _at_chain), ("join", _at_join)):
        at = solver(players, pts, met, {}, pair)
        if at is not None:
            return at, how
    return matching_minimum(players, pair)[0], "matching"
