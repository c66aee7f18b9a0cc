"""Swiss pairing (G-SWISS-PAIR-1, G-SWISS-PAIR-2, G-SWISS-POINTS).

:func:`pair_swiss` pairs the next round of an event.  What it optimises is
stated here exactly; the algorithm returns a pairing that is optimal for it,
never a heuristic approximation.

The problem
-----------
Eligible players are ``event.eligible()`` for the new round: not dropped, not
excluded, already joined (a late entry starts at 0 points).  Points and
previous meetings come from Swiss rounds only; playoff and elimination
rounds count for neither.

*Bye.*  With an odd number of eligible players the bye goes first, by rule,
to the lowest-ranked eligible player among those with the fewest byes so far
(so nobody gets a second bye while an eligible player has none).  Rank is
points, then the event's tiebreaker chain (:mod:`core.tournament.standings`); an exact
tie at the bottom is drawn with the seeded ``rng``.  A bye is
``Match(p2=None, p1_wins=2, p2_wins=0, outcome="bye")``: a match win worth 3
points, counted 2-0 in games, on the last table.

*Pairing the others.*  Let ``g_1 > g_2 > ... > g_k`` be the distinct point
totals of the players to pair: the score groups, top first.  For a pairing M:

- ``R(M)`` = the number of pairs who have already met in a Swiss round;
- for each boundary ``i`` (between groups ``i`` and ``i+1``, ``1 <= i < k``),
  ``f_i(M)`` = the number of pairs with one player on ``>= g_i`` points and
  the other on ``< g_i``: the players who float down out of the top ``i``
  score groups;
- ``S(M)`` = the sum over pairs of the squared point difference.

M is chosen to minimise the cost vector ``(R, f_1, f_2, ..., f_{k-1}, S)``
lexicographically:

(a) G-SWISS-PAIR-2: as few rematches as possible, so none at all whenever the
    round has some rematch-free pairing.  This is a property of the whole
    round, not of one score group at a time.
(b) G-SWISS-PAIR-1: as few players paired outside their score group as
    possible, higher groups first: first as few floaters out of the top group
    as possible, then out of the top two groups, and so on.  ``f_i`` is at
    least ``N_i mod 2`` (``N_i`` = players on ``>= g_i``): an odd group sends
    one player down, as in every Swiss system.  Counting floaters out of each
    top part (rather than each group's own outsiders) is what keeps a lone
    leader paired with the next score group down instead of with the bottom
    of the field.
(c) Then the smallest point differences, as the sum of their squares: once
    every ``f_i`` is fixed the plain sum of differences is fixed too (it is
    ``sum f_i (g_i - g_{i+1})``), and squaring prefers a float chain
    (9 v 6, 6 v 3) over one long float (9 v 3).

*Keep apart.*  Pairs the store keeps apart (``Event.apart``, family or one
team: :mod:`core.rules.apart`) are avoided as if they had already met, but
within the points order, as the guideline words G-SWISS-PAIR-2 ("within
G-SWISS-PAIR-1"): ``A(M)`` = the number of apart pairs M makes comes after
``S`` in the vector, ``(R, f_1, ..., f_{k-1}, S, A)``.  A keep-apart never
causes a rematch, a player paired outside their score group or a larger
point difference; among the pairings equal on those it always avoids the
apart pairs when one can.  An event without apart pairs pairs exactly as
without this criterion (same draws for the same seed).

(d) Everything the vector leaves open is drawn with the seeded ``rng``: who
    meets whom inside a score group, who floats, and the order of tables of
    equal score.  Round 1 is therefore a fully random draw.

Tables are numbered 1.. from the top score down; the bye takes the last one.

The algorithm
-------------
*Lower bound.*  ``R >= 0``, ``f_i >= N_i mod 2`` and, when all ``f_i`` meet
their bound, ``S >= sum of (g_i - g_{i+1})^2 over the i with N_i odd``.  A
pairing that meets all three bounds is optimal.

*Fast path* (the common case, O(players x rounds)): score group by score
group from the top, pair the players floated in from above with players of
the group they have not met, pair the rest of the group at random among
themselves avoiding rematches (random greedy, then 2-for-2 swap repair), and
float exactly one player down when the group is left odd (preferring one who
has an unmet opponent in the next group).  When every group succeeds, the
result meets the lower bound: it is certified optimal.  (Here an apart pair
counts as a meeting, so a certified result has ``A = 0``.)

*Exact windows.*  A group where this fails (a small group whose players have
all met, a floater nobody can take...) is marked, and each run of marked
groups ``a..b`` becomes a window solved exactly: a minimum-cost matching
(Edmonds' blossom algorithm, :mod:`core.tournament.matching`, with the cost vector
encoded in one integer) on the window's players, where a player may also be
paired "up" (with somebody of group ``a-1``) or "down" (group ``b+1``), at
the cost of the boundaries that crosses and of the point difference to that
group.  Up-partners are counted through dummy vertices so that their number
keeps the parity the groups above impose.  The fast path then runs on the
groups between windows, serving the window's up and down requests.  If that
succeeds, the whole pairing is optimal: every boundary outside the windows
meets its lower bound, and each window is optimal even against partners
anywhere outside it (its up/down costs are lower bounds of the real ones and
are met exactly).  If it fails, the failing groups join the windows and the
round is solved again; at worst the window is the whole round, solved by
the blossom algorithm with rematches allowed at cost ``R``, which settles (a)
when no rematch-free pairing exists.  Each step only adds groups, so this
ends; every result is optimal for the cost vector above.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from itertools import groupby
from operator import is_not

from core.errors import RuleError
from core.event.lookups import planned_rounds, require_complete, suggested_rounds
from core.event.model import Event, Match
from core.i18n import _
from core.tournament.greedy import greedy_pairs, repair_leftovers
from core.tournament.matching import max_weight_matching
from core.tournament.standings import Ledger

__all__ = [
    "suggested_rounds",
    "planned_rounds",
    "pair_swiss",
    "pairing_cost",
    "PairingCost",
]

_NOISE = 1 << 12  # range of the random tie-break term (criterion d) in windows


# ---------------------------------------------------------------------------
# public entry point


def pair_swiss(event: Event, rng: random.Random, *, apart=None, apart_first: bool = False) -> tuple[Match, ...]:
    """Pair Swiss round ``len(event.rounds) + 1`` (G-SWISS-PAIR-1/2).

    Returns the matches, unplayed except the bye, tables numbered from the
    top score down.  Raises :class:`core.errors.RuleError` when the event
    cannot be paired: a result of the current round is missing, the event
    is in its elimination stage, its planned Swiss rounds are all played, or
    fewer than two players are eligible.

    ``apart`` replaces the event's keep-apart pairs (``()``: the pairing
    without them); ``apart_first`` ranks them with the rematches, above the
    points order.  Both only serve the explanations (core.reports.explain),
    which ask what keep-apart changed.
    """
    _refuse(event)
    number = len(event.rounds) + 1
    elig = event.eligible(number)
    _need_two(number, len(elig))
    led = Ledger.of(event)
    bye, play = _bye_and_players(event, led, elig, rng)
    ids = [led.ids[g] for g in play]
    pts = [led.points[g] for g in play]
    met, avoid = _kept_apart(event, ids, led, apart, apart_first)
    matches = _tables(_solve(pts, met, rng, avoid), ids, pts)
    if bye is not None:
        matches.append(Match(len(matches) + 1, led.ids[bye], None, 2, 0, 0, "bye"))
    return tuple(matches)


def _bye_and_players(event: Event, led: Ledger, elig, rng: random.Random) -> tuple[int | None, list[int]]:
    """Who gets the bye (a ledger index; None with an even field) and the players to pair."""
    gidx = [led.index[p.id] for p in elig]
    bye = _choose_bye(event, led, gidx, rng) if len(gidx) % 2 else None
    return bye, [g for g in gidx if g != bye]


def _need_two(number: int, n: int) -> None:
    """Refuse a round with fewer than two eligible players."""
    if n < 2:
        raise RuleError(
            _(
                "round {number} cannot be paired: {n} eligible player(s), at least 2 are needed",
                number=number,
                n=n,
            )
        )


def _kept_apart(
    event: Event, ids: list[str], led: Ledger, apart, apart_first: bool
) -> tuple[list[set[int]], list[set[int]] | None]:
    """Who each player has met, and whom keep-apart keeps them from (``apart_first``:
    counted with the rematches instead, above the points order)."""
    met = _met_sets(event, ids, led)
    avoid = _apart_sets(event.apart if apart is None else apart, ids)
    if apart_first:
        return _avoided(met, avoid), None
    return met, avoid


def _avoided(met: list[set[int]], apart: list[set[int]] | None) -> list[set[int]]:
    """Whom each player is kept from: those they met, and their keep-apart partners."""
    return met if apart is None else [m | x for m, x in zip(met, apart)]


def _tables(pairs, ids: list[str], pts: list[int]) -> list[Match]:
    """The pairs as tables from the top score down, the higher score first at
    each; pairs of equal scores keep their drawn order."""
    ordered = []
    for a, b in pairs:
        if pts[b] > pts[a]:
            a, b = b, a
        ordered.append((a, b))
    ordered.sort(key=lambda ab: (-pts[ab[0]], -pts[ab[1]]))
    return [Match(t, ids[a], ids[b]) for t, (a, b) in enumerate(ordered, start=1)]


def _refuse(event: Event) -> None:
    if any(r.stage == "top" for r in event.rounds):
        raise RuleError(
            _("the event is in its single-elimination stage; no more Swiss rounds"),
            "G-SE",
        )
    require_complete(event)
    played = len(event.swiss_rounds)
    if event.rounds_planned is not None and played >= event.rounds_planned:
        raise RuleError(_("the event has finished its {n} Swiss rounds", n=event.rounds_planned))


def _choose_bye(event: Event, led: Ledger, gidx: list[int], rng: random.Random) -> int:
    """Lowest-ranked eligible player among those with the fewest byes."""
    cands = _lowest_of_fewest_byes(led, gidx)
    if len(cands) > 1 and event.tiebreakers:
        cands = _lowest_on_tiebreakers(event, led, cands)
    return cands[0] if len(cands) == 1 else rng.choice(cands)


def _lowest_of_fewest_byes(led: Ledger, gidx: list[int]) -> list[int]:
    """Among the players with the fewest byes, those with the fewest points."""
    return _those_with_least(_those_with_least(gidx, led.byes), led.points)


def _lowest_on_tiebreakers(event: Event, led: Ledger, cands: list[int]) -> list[int]:
    """Those of ``cands`` ranked lowest by the event's tiebreakers."""
    fig = led.figures()
    chain = tuple(event.tiebreakers)
    return _those_with_least(cands, {g: fig.key(chain, led.points, g) for g in cands})


def _those_with_least(cands: list[int], values) -> list[int]:
    """Those of ``cands`` whose ``values[g]`` is the least, in their order."""
    least = min(values[g] for g in cands)
    return [g for g in cands if values[g] == least]


def _met_sets(event: Event, ids: list[str], led: Ledger | None = None) -> list[set[int]]:
    """Previous Swiss opponents, as sets of local indices.  ``led`` (the
    event's ledger): read from its opponents when they hold every Swiss
    meeting, in the order the rounds give them (the same sets, built alike)."""
    if led is not None and not led.uncounted:
        return _met_from_ledger(led, ids)
    return _met_from_rounds(event, ids)


def _met_from_rounds(event: Event, ids: list[str]) -> list[set[int]]:
    """Previous Swiss opponents read from the event's rounds, round by round."""
    local = _local_index(ids)
    met: list[set[int]] = [set() for _ in ids]
    for a, b in _local_pairs(_swiss_meetings(event), local):
        met[a].add(b)
        met[b].add(a)
    return met


def _local_index(ids: list[str]) -> dict[str, int]:
    """Each player id of ``ids`` by its local index (its position there)."""
    return {pid: i for i, pid in enumerate(ids)}


def _local_pairs(pairs, local: dict[str, int]) -> Iterator[tuple[int, int]]:
    """The pairs of ids ``pairs`` whose two players both have a local index, as those indices."""
    get = local.get
    for p1, p2 in pairs:
        a, b = get(p1), get(p2)
        if a is not None and b is not None:
            yield a, b


def _swiss_meetings(event: Event) -> Iterator[tuple[str, str]]:
    """The two players of every Swiss match played so far (byes left out), round by round."""
    for rnd in event.rounds:
        if rnd.stage == "swiss":
            yield from ((m.p1, m.p2) for m in rnd.matches if m.p2 is not None)


def _met_from_ledger(led: Ledger, ids: list[str]) -> list[set[int]]:
    """:func:`_met_sets` read from the ledger's opponents (which hold every Swiss meeting)."""
    if ids == led.ids:  # every player paired, none with the bye: local indices are the ledger's
        return [set(o) for o in led.opps]
    index = led.index
    to_local: list[int | None] = [None] * len(led.ids)
    for i, pid in enumerate(ids):
        to_local[index[pid]] = i
    opps = led.opps
    local_of = to_local.__getitem__
    playing = partial(is_not, None)  # an opponent who is not paired in this round is left out
    return [set(filter(playing, map(local_of, opps[index[pid]]))) for pid in ids]  # type: ignore[arg-type]


def _apart_sets(pairs, ids: list[str]) -> list[set[int]] | None:
    """Keep-apart partners as sets of local indices; None when no pair of
    ``pairs`` has both players among ``ids``."""
    local = _local_index(ids)
    out: list[set[int]] = [set() for _ in ids]
    found = False
    for x, y in _local_pairs(pairs, local):
        if x != y:
            out[x].add(y)
            out[y].add(x)
            found = True
    return out if found else None


# ---------------------------------------------------------------------------
# the objective, exposed for tests, benchmarks and the UI


@dataclass(frozen=True, slots=True)
class PairingCost:
    """The cost of a round's pairing, as the module docstring defines it."""

    rematches: int  # R
    floats: tuple[int, ...]  # f_1 .. f_{k-1}
    squared: int  # S
    outside: int  # players paired with somebody of another score group
    point_diff: int  # sum of the point differences
    apart: int = 0  # A: pairs the store keeps apart (Event.apart)

    @property
    def vector(self) -> tuple[int, ...]:
        """``(R, f_1, ..., f_{k-1}, S)``, compared lexicographically."""
        return (self.rematches, *self.floats, self.squared)

    @property
    def full_vector(self) -> tuple[int, ...]:
        """``(R, f_1, ..., f_{k-1}, S, A)``: with the keep-apart pairs last."""
        return (*self.vector, self.apart)


def pairing_cost(event: Event, matches) -> PairingCost:
    """Cost of ``matches`` (a pairing of the next round of ``event``).

    Points and previous meetings are taken from ``event`` as it stands
    (before the round); byes are left out.
    """
    led = Ledger.of(event)
    pairs_ids = [(m.p1, m.p2) for m in matches if m.p2 is not None]
    ids = [x for ab in pairs_ids for x in ab]
    local = _local_index(ids)
    pts = [led.points[led.index[pid]] for pid in ids]
    met = _met_sets(event, ids)
    pairs = [(local[a], local[b]) for a, b in pairs_ids]
    return _cost(pts, met, pairs, _apart_sets(event.apart, ids))


def _cost(pts: list[int], met: list[set[int]], pairs, apart: list[set[int]] | None = None) -> PairingCost:
    values, gi = _group_index(pts)
    floats = [0] * max(0, len(values) - 1)
    rem = sq = outside = diff = kept = 0
    for a, b in pairs:
        if b in met[a]:
            rem += 1
        if apart is not None and b in apart[a]:
            kept += 1
        if _count_floats(floats, gi[pts[a]], gi[pts[b]]):
            outside += 2
        d = abs(pts[a] - pts[b])
        sq += d * d
        diff += d
    return PairingCost(rem, tuple(floats), sq, outside, diff, kept)


def _count_floats(floats: list[int], ga: int, gb: int) -> bool:
    """Count a pair of score groups ``ga`` and ``gb`` on each group boundary it crosses; whether it
    crosses one (both players then pair outside their group)."""
    lo, hi = min(ga, gb), max(ga, gb)
    for t in range(lo, hi):
        floats[t] += 1
    return lo != hi


# ---------------------------------------------------------------------------
# the solver


@dataclass(slots=True)
class _Window:
    """The exact optimum for a window of score groups (:func:`_solve_window`): its pairs, and who pairs up or down."""

    pairs: list[tuple[int, int]]
    ups: list[int]  # window players to pair with somebody of group a-1
    downs: list[int]  # window players to pair with somebody of group b+1


def _solve(
    pts: list[int], met: list[set[int]], rng: random.Random, apart: list[set[int]] | None = None
) -> list[tuple[int, int]]:
    """An optimal pairing (module docstring) of players ``0..n-1``, ``n`` even.

    ``apart``: keep-apart partners (criterion ``A``); the fast path avoids
    them like meetings, the exact windows count them below ``S``."""
    if not pts:
        return []
    values, groups = _score_groups(pts)
    k = len(values)
    avoid = _avoided(met, apart)
    bad: set[int] = set()
    cache: dict[tuple[int, int], _Window] = {}
    while True:
        runs = _runs(bad, k)
        if runs == [(0, k - 1)]:
            return _solve_window(0, k - 1, groups, values, met, rng, apart).pairs
        sols = _window_solutions(runs, cache, groups, values, met, rng, apart)
        pairs, newbad = _fast_pass(groups, avoid, rng, runs, sols)
        if not newbad:
            return pairs
        if newbad <= bad:  # cannot happen; be safe: solve the whole round
            bad = set(range(k))
        bad |= newbad


def _window_solutions(runs, cache: dict[tuple[int, int], _Window], groups, values, met, rng, apart) -> dict:
    """The exact solution of each window ``runs`` names, solved once and kept in ``cache``."""
    sols = {}
    for run in runs:
        if run not in cache:
            cache[run] = _solve_window(run[0], run[1], groups, values, met, rng, apart)
        sols[run] = cache[run]
    return sols


def _score_groups(pts: list[int]) -> tuple[list[int], list[list[int]]]:
    """The points held, highest first, and the players of each (a score group), in player order."""
    values, gi = _group_index(pts)
    groups: list[list[int]] = [[] for _ in values]
    for p, v in enumerate(pts):
        groups[gi[v]].append(p)
    return values, groups


def _group_index(pts: list[int]) -> tuple[list[int], dict[int, int]]:
    """The points held, highest first, and each total's score group (its position there)."""
    values = sorted(set(pts), reverse=True)
    return values, {v: i for i, v in enumerate(values)}


def _runs(bad: set[int], k: int) -> list[tuple[int, int]]:
    """The runs of consecutive groups of ``0..k-1`` in ``bad``, as (first, last): the windows."""
    runs = []
    for marked, run in groupby(range(k), key=bad.__contains__):
        if marked:
            groups = list(run)
            runs.append((groups[0], groups[-1]))
    return runs


def _fast_pass(groups, met, rng, runs, sols):
    """Fast path around the given exact windows; returns (pairs, failed groups)."""
    win_at = {a: (a, b) for a, b in runs}
    pairs: list[tuple[int, int]] = []
    bad: set[int] = set()
    incoming: list[int] = []
    tainted = False  # a failure above may have left the parity wrong
    i = 0
    while i < len(groups):
        run = win_at.get(i)
        if run is not None:
            pairs.extend(sols[run].pairs)
            incoming = list(sols[run].downs)
            tainted = False
            i = run[1] + 1
            continue
        nxt = win_at.get(i + 1)
        gpairs, incoming, failed = _fast_step(
            groups, i, None if nxt is None else sols[nxt], incoming, tainted, met, rng
        )
        if gpairs is None:
            tainted = True
        else:
            pairs.extend(gpairs)
        if failed:
            bad.add(i)
        i += 1
    return pairs, bad


def _fast_step(groups, i, window_below, incoming, tainted, met, rng):
    """Group ``i`` (outside the windows) by the fast path, ``window_below`` the solved window just under
    it or None: (its pairs or None when it fails, the players it sends down, whether the failure is
    its own rather than a parity left wrong by a failure above)."""
    requests = list(window_below.ups) if window_below is not None else []
    last = i == len(groups) - 1 or window_below is not None
    res = _fast_group(groups[i], incoming, requests, last, None if last else groups[i + 1], met, rng)
    if res is None:
        return None, [], not (tainted and _parity_only(groups[i], incoming, requests, last))
    gpairs, floater = res
    return gpairs, [floater] if floater is not None else [], False


def _parity_only(members, incoming, requests, last) -> bool:
    return last and (len(members) - len(incoming) - len(requests)) % 2 == 1


def _fast_group(members, incoming, requests, last, next_members, met, rng):
    """Pair one score group; ``None`` when the fast path cannot.

    ``incoming``: players from above to pair with members of this group;
    ``requests``: players of the window below, likewise.  Unless ``last``,
    one member floats down when the rest is odd.
    """
    order = members[:]
    rng.shuffle(order)
    outside = _pair_outside(incoming + requests, order, met)
    if outside is None:
        return None
    pairs, rest = outside
    paired = _pair_rest(rest, last, next_members, met)
    if paired is None:
        return None
    inner, floater = paired
    pairs.extend(inner)
    return pairs, floater


def _pair_rest(rest: list[int], last: bool, next_members, met) -> tuple[list[tuple[int, int]], int | None] | None:
    """Pair the members ``rest`` among themselves, one floating down when they are odd (one the group
    below can take, unless ``last``): (the pairs, the floater or None), or None when the fast path cannot."""
    floats = len(rest) % 2  # 1: one of them floats down
    if floats and last:
        return None
    inner, left = greedy_pairs(rest, met)
    if not repair_leftovers(inner, left, floats, met):
        return None
    if not floats:
        return inner, None
    floater = left[0]
    if next_members is not None:
        floater = _takeable_floater(inner, floater, next_members, met)
    return inner, floater


def _pair_outside(ext: list[int], order: list[int], met) -> tuple[list[tuple[int, int]], list[int]] | None:
    """Pair each player of ``ext`` (from the groups above and below) with a
    member of ``order``: those pairs and the members left, or None when they
    cannot all be paired."""
    if not ext:
        return [], order
    owner = _assign(ext, order, met)
    if owner is None:
        return None
    return [(x, m) for m, x in owner.items()], [m for m in order if m not in owner]


def _takeable_floater(inner: list[tuple[int, int]], floater: int, next_members, met) -> int:
    """The player who floats down: ``floater``, unless it has met everybody of
    the next group; then it swaps into a pair (in place) and one who can be
    taken there floats instead (if any)."""
    if _has_unmet(floater, next_members, met):
        return floater
    mf = met[floater]
    for idx in range(len(inner)):
        a, b = inner[idx]
        for stay, go in ((a, b), (b, a)):
            if stay not in mf and _has_unmet(go, next_members, met):
                inner[idx] = (floater, stay)
                return go
    return floater


def _has_unmet(player: int, members, met) -> bool:
    """Whether ``player`` has not met somebody of ``members`` (a group they may float into)."""
    seen = met[player]
    return any(x not in seen for x in members)


def _assign(ext: list[int], order: list[int], met) -> dict[int, int] | None:
    """Bipartite matching of ``ext`` into ``order`` avoiding rematches (Kuhn)."""
    owner: dict[int, int] = {}

    def augment(x: int, seen: set[int]) -> bool:
        mx = met[x]
        for m in order:
            if m in mx or m in seen:
                continue
            seen.add(m)
            if m not in owner or augment(owner[m], seen):
                owner[m] = x
                return True
        return False

    for x in ext:
        if not augment(x, set()):
            return None
    return owner


@dataclass(slots=True)
class _Frame:
    """The players of a window of score groups ``a..b`` and its boundaries
    (:func:`_solve_window`): ``t0..t1`` the boundaries a pair may cross, the
    first ``nb`` of them weighed in turn."""

    a: int
    b: int
    players: list[int]  # W: the window's players, group by group
    grp: dict[int, int]  # each player's group
    full: bool  # the window is the whole round (a rematch may be forced)
    has_up: bool
    has_down: bool
    p_up: int  # parity of the players above: 1 when one of them must pair up into the window
    t0: int
    nb: int
    maxd2: int  # the largest squared point difference in the window


def _frame(a: int, b: int, groups, values) -> _Frame:
    k = len(groups)
    has_up = a > 0
    has_down = b < k - 1
    players = [p for g in range(a, b + 1) for p in groups[g]]
    grp = {p: g for g in range(a, b + 1) for p in groups[g]}
    above = sum(map(len, groups[:a]))
    t0, nb, maxd2 = _crossings(a, b, has_up, has_down, values)
    return _Frame(a, b, players, grp, a == 0 and b == k - 1, has_up, has_down, above % 2, t0, nb, maxd2)


def _crossings(a: int, b: int, has_up: bool, has_down: bool, values) -> tuple[int, int, int]:
    """The group boundaries window a..b may cross (with the group above and below it, when there is
    one): (the first, how many, the square of the widest score gap across them)."""
    t0 = a - 1 if has_up else a
    t1 = b if has_down else b - 1
    lo_v = values[a - 1] if has_up else values[a]
    hi_v = values[b + 1] if has_down else values[b]
    return t0, max(0, t1 - t0 + 1), (lo_v - hi_v) ** 2


def _weights(f: _Frame, nv: int, apart) -> tuple[int, int, int, int, list[int]]:
    """The weights of the cost vector's terms packed in one integer, for
    ``nv`` vertices: (w_a, w_s, w_r, top, cum), where ``cum[j]`` weighs
    crossing boundaries t0 .. t0+j-1 (crossing g1..g2-1 weighs
    ``cum[g2 - t0] - cum[g1 - t0]``; earlier boundaries are heavier)."""
    T = nv + 1
    w_a = T * _NOISE  # more than all the random terms together
    w_s = w_a if apart is None else T * w_a  # more than all the apart pairs together
    w = w_s * T * (f.maxd2 + 1)
    w_c = [0] * f.nb
    for j in range(f.nb - 1, -1, -1):
        w_c[j] = w
        w *= T
    w_r = w
    cum = [0] * (f.nb + 1)
    for j in range(f.nb):
        cum[j + 1] = cum[j] + w_c[j]
    return w_a, w_s, w_r, w_r * T, cum


def _down_penalties(f: _Frame, nv: int, top: int, w_s: int, cum: list[int], values, randrange) -> list[int]:
    """What leaving each vertex unmatched costs: pairing down into group b+1
    (a window with a group below), else ``top`` (never)."""
    pen = [top] * nv
    if f.has_down:
        b, t0 = f.b, f.t0
        for x, p in enumerate(f.players):
            g = f.grp[p]
            pen[x] = cum[b + 1 - t0] - cum[g - t0] + (values[g] - values[b + 1]) ** 2 * w_s + randrange(_NOISE)
    return pen


def _inner_edges(f: _Frame, pen, w_a, w_s, w_r, cum, values, met, apart, randrange) -> list[tuple[int, int, int]]:
    """The edges between the window's players (a rematch only when the window is the whole round)."""
    W, grp, full, t0 = f.players, f.grp, f.full, f.t0
    nw = len(W)
    edges = []
    for x in range(nw):
        p = W[x]
        gp = grp[p]
        mp = met[p]
        vp = values[gp]
        for y in range(x + 1, nw):
            q = W[y]
            rem = q in mp
            if rem and not full:
                continue
            gq = grp[q]
            c = (vp - values[gq]) ** 2 * w_s + randrange(_NOISE)
            if gq != gp:
                c += abs(cum[gq - t0] - cum[gp - t0])
            if rem:
                c += w_r
            if apart is not None and q in apart[p]:
                c += w_a
            wt = pen[x] + pen[y] - c
            if wt > 0:
                edges.append((x, y, wt))
    return edges


def _up_edges(f: _Frame, nv: int, pen, top, w_s, cum, values, randrange) -> list[tuple[int, int, int]]:
    """The edges to the up-partners, dummies ``nw .. nv-1`` (players of group a-1), and between them."""
    nw = len(f.players)
    edges = []
    for x, p in enumerate(f.players):
        g = f.grp[p]
        c = cum[g - f.t0] + (values[f.a - 1] - values[g]) ** 2 * w_s + randrange(_NOISE)
        wt = pen[x] + top - c
        if wt > 0:
            for d in range(nw, nv):
                edges.append((x, d, wt))
    for d in range(nw, nv):
        for e in range(d + 1, nv):
            edges.append((d, e, 2 * top))
    return edges


def _serves(f: _Frame, mate: list[int], m_u: int, n_ups: int) -> bool:
    """Whether the matching pairs every up-partner (and, with no room below,
    every window player) and leaves up either fewer than ``m_u`` players or
    exactly those the window must send up."""
    nw = len(f.players)
    ups_paired = -1 not in mate[nw : nw + m_u]
    window_paired = f.has_down or -1 not in mate[:nw]
    return ups_paired and window_paired and (n_ups < m_u or n_ups == f.p_up)


def _window_of(f: _Frame, mate: list[int], m_u: int, rng) -> _Window | None:
    """The window's pairing from the matching ``mate`` with ``m_u`` up-partners,
    or None when it does not serve them (try two more)."""
    W = f.players
    nw = len(W)
    ups = [W[x] for x in range(nw) if mate[x] >= nw]
    if not _serves(f, mate, m_u, len(ups)):
        return None
    pairs = _inner_pairs(W, mate)
    downs = [W[x] for x in range(nw) if mate[x] < 0]
    rng.shuffle(downs)
    return _Window(pairs, ups, downs)


def _inner_pairs(W: list[int], mate: list[int]) -> list[tuple[int, int]]:
    """The pairs the matching ``mate`` makes among the window's players ``W`` (each once)."""
    nw = len(W)
    return [(W[x], W[mate[x]]) for x in range(nw) if 0 <= mate[x] < nw and x < mate[x]]


def _solve_window(a, b, groups, values, met, rng, apart=None) -> _Window:
    """Exact optimum for groups ``a..b`` with up/down options (module docstring).

    With ``apart``, a pair kept apart costs ``w_a``, above every random
    tie-break and below one unit of ``S`` (window players only: partners
    outside are served by the fast path, which avoids them)."""
    f = _frame(a, b, groups, values)
    nw = len(f.players)
    randrange = rng.randrange
    m_u = f.p_up
    while True:
        nv = nw + m_u
        w_a, w_s, w_r, top, cum = _weights(f, nv, apart)
        pen = _down_penalties(f, nv, top, w_s, cum, values, randrange)
        edges = _inner_edges(f, pen, w_a, w_s, w_r, cum, values, met, apart, randrange)
        if m_u:
            edges += _up_edges(f, nv, pen, top, w_s, cum, values, randrange)
        found = _window_of(f, max_weight_matching(nv, edges), m_u, rng)
        if found is not None:
            return found
        if m_u > nw + 1:  # cannot happen: every window player may go up
            raise AssertionError("pairing window has no solution")
        m_u += 2
