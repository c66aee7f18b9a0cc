"""The Swiss rounds, as the independent checker (core/reports/verify.py)
reads them: who is paired (L-ELIGIBLE, G-DROP-1), the bye (L-BYE) and the
pairing order of docs/rules.md, (a) the fewest rematches
(G-SWISS-PAIR-2, by a maximum matching written here), (b) the fewest
players out of their score group (G-SWISS-PAIR-1) and (c) the least squared
point gaps (L-PAIR-GAP), both exact at every size (core/reports/verify_exact.py)."""

from __future__ import annotations

from core.i18n import _, join_list
from core.reports.verify_base import Checked, Finding, dropped_before
from core.reports.verify_exact import least_cost

__all__ = ["PairCost", "check_swiss_round", "least_rematches", "max_matching"]

Pair = tuple[str, str, int]  # (p1, p2, table)


# ---------------------------------------------------------------------------
# maximum matching (Edmonds), for criterion (a)


def _greedy_matching(n: int, adj: list[set[int]]) -> list[int]:
    """A first matching (each vertex's mate, -1 for none): each vertex takes its first free neighbour."""
    match = [-1] * n
    for v in range(n):
        if match[v] == -1:
            for u in adj[v]:
                if match[u] == -1:
                    match[v], match[u] = u, v
                    break
    return match


def _flip_path(match: list[int], parent: list[int], end: int) -> None:
    """Augment ``match`` along the alternating path from the free vertex ``end`` back to the root."""
    u = end
    while u != -1:
        pv = parent[u]
        nxt = match[pv]
        match[u], match[pv] = pv, u
        u = nxt


def max_matching(n: int, adj: list[set[int]]) -> int:
    """Size of a maximum matching of the graph ``adj`` (Edmonds' blossoms)."""
    match = _greedy_matching(n, adj)

    def augment(root: int) -> bool:
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        queue = [root]

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if match[a] == -1:
                    break
                a = parent[match[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[match[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[match[v]]] = True
                parent[v] = child
                child = match[v]
                v = parent[match[v]]

        def contract(v: int, to: int) -> None:
            """Shrink the blossom the edge ``v``-``to`` closes into its base, its vertices queued."""
            cur = lca(v, to)
            blossom = [False] * n
            mark(v, cur, to, blossom)
            mark(to, cur, v, blossom)
            for i in range(n):
                if blossom[base[i]]:
                    base[i] = cur
                    if not used[i]:
                        used[i] = True
                        queue.append(i)

        def closes_blossom(to: int) -> bool:
            """``to`` is the root or an outer vertex of the tree: the edge to it closes a blossom."""
            return to == root or (match[to] != -1 and parent[match[to]] != -1)

        def grow(v: int, to: int) -> bool:
            """The tree grown by the free edge ``v``-``to``: True when ``to`` is free (the
            path to it flipped), else its mate queued."""
            parent[to] = v
            if match[to] == -1:
                _flip_path(match, parent, to)
                return True
            used[match[to]] = True
            queue.append(match[to])
            return False

        qi = 0
        while qi < len(queue):
            v = queue[qi]
            qi += 1
            for to in adj[v]:
                if base[v] == base[to] or match[v] == to:
                    continue
                if closes_blossom(to):
                    contract(v, to)
                elif parent[to] == -1 and grow(v, to):
                    return True
        return False

    for v in range(n):
        if match[v] == -1 and adj[v]:
            augment(v)
    return sum(1 for v in range(n) if match[v] != -1) // 2


# ---------------------------------------------------------------------------
# the pairing cost (docs/rules.md (a)-(c)) and its exact minimum


class PairCost:
    """Cost of a pair as one integer: (rematch, floats out of top 1..k-1, squared gap),
    compared lexicographically through its digits."""

    def __init__(self, pts: dict[str, int], met: dict[frozenset, int], players: list[str]):
        self.values = sorted({pts[p] for p in players}, reverse=True)
        self.gi = {v: i for i, v in enumerate(self.values)}
        self.pts = pts
        self.met = met
        n = len(players)
        self.base = n // 2 + 1
        span = (self.values[0] - self.values[-1]) if self.values else 0
        self.sbase = (n // 2) * span * span + 1
        k = len(self.values)
        self.weights = [self.sbase * self.base ** (k - 2 - i) for i in range(max(0, k - 1))]
        self.rweight = self.sbase * self.base ** max(0, k - 1)

    def pair(self, a: str, b: str) -> int:
        ga, gb = self.gi[self.pts[a]], self.gi[self.pts[b]]
        if ga > gb:
            ga, gb = gb, ga
        c = sum(self.weights[ga:gb])
        d = self.pts[a] - self.pts[b]
        c += d * d
        if frozenset((a, b)) in self.met:
            c += self.rweight
        return c

    def fold(self, rematches: int, floats: tuple[int, ...], gaps: int) -> int:
        """The summed cost of the parts (the inverse of :meth:`parts`)."""
        return rematches * self.rweight + sum(f * w for f, w in zip(floats, self.weights)) + gaps

    def parts(self, value: int) -> tuple[int, tuple[int, ...], int]:
        """(rematches, floats per boundary, squared gaps) of a summed cost."""
        r, rest = divmod(value, self.rweight)
        floats = []
        for w in self.weights:
            f, rest = divmod(rest, w)
            floats.append(f)
        return r, tuple(floats), rest


def least_rematches(plist: list[str], opps: dict[str, list[str]]) -> int:
    """(a): the fewest rematches of any pairing of the players ``plist`` (an
    even number), ``pairs - ν`` with ν a maximum matching of the "have not
    met" graph.  When each player has met at most ``n/2 - 1`` of the others
    that graph has every degree at least ``n/2``, so by Dirac's theorem a
    Hamiltonian cycle, and so a perfect matching: 0, with no graph built
    (a large event's round, where the graph is nearly complete)."""
    n = len(plist)
    met = _met_indices(plist, opps)
    if _dirac_holds(n, met):
        return 0
    everyone = set(range(n))
    adj = [everyone - m - {i} for i, m in enumerate(met)]
    return n // 2 - max_matching(n, adj)


def _met_indices(plist: list[str], opps: dict[str, list[str]]) -> list[set[int]]:
    """For each of ``plist``, the indices in ``plist`` of the opponents they have met."""
    index = {p: i for i, p in enumerate(plist)}
    return [{index[q] for q in opps.get(p, ()) if q in index} for p in plist]


def _dirac_holds(n: int, met: list[set[int]]) -> bool:
    """Whether every one of ``n`` players has not met at least ``n/2`` others (a perfect matching exists)."""
    return n >= 3 and n - 1 - max(map(len, met)) >= n / 2


# ---------------------------------------------------------------------------
# a Swiss round


def check_swiss_round(ck: Checked, number: int, matches: list[dict]) -> None:
    """Who is paired, the bye and the pairing order of one Swiss round."""
    seat = _seats(ck, number, matches)
    _check_eligibility(ck, number, seat)
    _check_bye(ck, number, matches, list(seat))
    _check_pairing_order(ck, number, matches)


def _seats(ck: Checked, number: int, matches: list[dict]) -> dict[str, int]:
    """Each player's table; a player the file does not have, or seated twice, is a finding (L-ELIGIBLE)."""
    seat: dict[str, int] = {}
    for m in matches:
        for pid in (m["p1"], m.get("p2")):
            if pid is not None:
                _take_seat(ck, number, pid, m["table"], seat)
    return seat


def _take_seat(ck: Checked, number: int, pid: str, table: int, seat: dict[str, int]) -> None:
    """Seat ``pid`` at ``table``: a player the file does not have, or already seated, is a finding."""
    if pid not in ck.info:
        ck.find("L-ELIGIBLE", number, table, _("no player {id!r}", id=pid))
        return
    if pid in seat:
        ck.find("L-ELIGIBLE", number, table, _("{name} also plays at table {t}", name=ck.name[pid], t=seat[pid]))
    seat[pid] = table


def _check_eligibility(ck: Checked, number: int, seat: dict[str, int]) -> None:
    """Every eligible player is paired, and nobody else (L-ELIGIBLE, G-DROP-1)."""
    unknown_exclusion = {p for p, x in ck.excluded_after.items() if x is None}
    for pid in ck.info:
        if pid not in unknown_exclusion:  # (excluded at a time the file does not say: not checked)
            _check_seat(ck, number, pid, seat)


def _check_seat(ck: Checked, number: int, pid: str, seat: dict[str, int]) -> None:
    """An eligible player has a seat in the round; a player who is not has none."""
    ok = ck.eligible(pid, number)
    if ok and pid not in seat:
        ck.find("L-ELIGIBLE", number, None, _("{name} is eligible but not paired", name=ck.name[pid]))
    elif not ok and pid in seat:
        _not_eligible(ck, number, pid, seat[pid])


def _not_eligible(ck: Checked, number: int, pid: str, table: int) -> None:
    name = ck.name[pid]
    if dropped_before(ck.info[pid], number):
        d = ck.info[pid]["dropped_after_round"]
        ck.find("G-DROP-1", number, table, _("{name} dropped after round {d} but is paired", name=name, d=d))
    else:
        ck.find("L-ELIGIBLE", number, table, _("{name} is not eligible in this round", name=name))


def _wrong_bye_count(ck: Checked, number: int, byes: list[dict], n: int) -> None:
    """L-BYE: a bye only when the number of players is odd, and one."""
    ck.find(
        "L-BYE",
        number,
        byes[0]["table"] if byes else None,
        _(
            "{k} bye(s) with {n} players: there is a bye only when their number is odd, and one",
            k=len(byes),
            n=n,
        ),
    )


def _check_bye(ck: Checked, number: int, matches: list[dict], paired: list[str]) -> None:
    """One bye with an odd number of players, none with an even one, to the
    right player (L-BYE)."""
    byes = [m for m in matches if m.get("p2") is None]
    if len(byes) != len(paired) % 2:
        _wrong_bye_count(ck, number, byes, len(paired))
    elif byes:
        _check_bye_holder(ck, number, byes[0], paired)


def _check_bye_holder(ck: Checked, number: int, bye: dict, paired: list[str]) -> None:
    """The round's one bye goes to a right player (L-BYE), when the standings know its holder."""
    if bye["p1"] not in ck.sw.byes:
        return
    problem = _bye_holder_problem(ck, bye["p1"], paired)
    if problem:
        ck.find("L-BYE", number, bye["table"], problem)


def _bye_holder_problem(ck: Checked, pid: str, paired: list[str]) -> str | None:
    """Why ``pid`` should not have the bye: a player with fewer byes, or,
    among the fewest, one ranked lower (points, then the tiebreaker chain; a
    player tied with the lowest is accepted: the draw decides there)."""
    sw, name = ck.sw, ck.name
    fewest, cands = _fewest_byes(sw.byes, paired)
    if sw.byes[pid] > fewest:
        return _(
            "{name} gets a bye number {k} while {other} has had fewer",
            name=name[pid],
            k=sw.byes[pid] + 1,
            other=name[cands[0]],
        )
    return _lower_ranked_problem(ck, pid, cands)


def _fewest_byes(byes: dict[str, int], paired: list[str]) -> tuple[int, list[str]]:
    """(the fewest byes any of ``paired`` has had, those who have had that many)."""
    fewest = min(byes[x] for x in paired if x in byes)
    return fewest, [x for x in paired if x in byes and byes[x] == fewest]


def _lower_ranked_problem(ck: Checked, pid: str, cands: list[str]) -> str | None:
    """Why ``pid`` should not have the bye among the players of fewest byes
    ``cands``: one of them ranks lower (a player tied with the lowest is accepted)."""
    sw = ck.sw
    low_pts = min(sw.points[x] for x in cands)
    keys = sw.keys(ck.chain, {pid} | _on_points(sw, cands, low_pts))
    low = _lowest_key(keys, pid, pid_counts=sw.points[pid] == low_pts)
    if keys[pid] == low:
        return None
    lower = next(x for x in keys if keys[x] == low)
    return _("{name} gets the bye but {other} ranks lower", name=ck.name[pid], other=ck.name[lower])


def _on_points(sw, players: list[str], points) -> set[str]:
    """The ``players`` who have exactly ``points``."""
    return {x for x in players if sw.points[x] == points}


def _lowest_key(keys: dict, pid: str, pid_counts: bool):
    """The lowest ranking key; ``pid``'s own key counts only when ``pid_counts``
    (the bye holder is on the lowest points)."""
    return min(keys[x] for x in keys if x != pid or pid_counts)


def _check_pairing_order(ck: Checked, number: int, matches: list[dict]) -> None:
    """The pairing order, docs/rules.md (a)-(c): the round's cost against
    the least any pairing of its players reaches."""
    sw = ck.sw
    pairs = _known_pairs(sw, matches)
    plist = _paired(pairs)
    if not pairs or _plays_twice(plist):
        return  # nobody paired, or somebody plays twice (already reported)
    cost = PairCost(sw.points, sw.met, plist)
    actual = sum(cost.pair(a, b) for a, b, _t in pairs)
    least = _fewest_rematches(ck, number, pairs, plist, cost.parts(actual)[0])
    if least is not None:
        _check_least_cost(ck, number, cost, pairs, plist, actual, least)


def _fewest_rematches(ck: Checked, number: int, pairs: list[Pair], plist: list[str], rematches: int) -> int | None:
    """(a): the fewest rematches any pairing of the round has, or None when the round has
    more (each rematch then a finding, and the order is not checked further)."""
    least = least_rematches(plist, ck.sw.opps) if rematches else 0
    if rematches > least:
        _rematch_findings(ck, number, pairs, rematches, least)
        return None
    return least


def _paired(pairs: list[Pair]) -> list[str]:
    """The players of ``pairs``, two by two in table order."""
    return [x for a, b, _t in pairs for x in (a, b)]


def _plays_twice(plist: list[str]) -> bool:
    """Whether a player is paired twice in the round."""
    return len(set(plist)) != len(plist)


def _known_pairs(sw, matches: list[dict]) -> list[tuple[str, str, int]]:
    """(p1, p2, table) of the round's pairs of two players the standings know."""
    return [
        (m["p1"], m["p2"], m["table"])
        for m in matches
        if m.get("p2") is not None and m["p1"] in sw.points and m["p2"] in sw.points
    ]


def _check_least_cost(ck: Checked, number: int, cost, pairs, plist: list[str], actual: int, least: int) -> None:
    """The round's cost against the least cost of a pairing of its players, found
    exactly at every size (docs/rules.md (b)-(c))."""
    sw = ck.sw
    best, how = least_cost(plist, sw.points, actual, least, cost.pair, cost.fold, sw.met)
    ck.rep.methods[how] = ck.rep.methods.get(how, 0) + 1
    ck.rep.exact += 1
    if actual > best:
        _order_finding(ck, number, cost, actual, best, pairs)


def _rematch_findings(ck: Checked, number: int, pairs: list[Pair], rematches: int, least: int) -> None:
    """(a) G-SWISS-PAIR-2: each rematch of a round with more than the fewest possible."""
    met = ck.sw.met
    for t in _rematch_tables(pairs, met):
        a, b = _pair_at(pairs, t)
        ck.find(
            "G-SWISS-PAIR-2",
            number,
            t,
            _(
                "{a} and {b} met in round {r}: {k} rematch(es) where {least} would do",
                a=ck.name[a],
                b=ck.name[b],
                r=met[frozenset((a, b))],
                k=rematches,
                least=least,
            ),
        )


def _rematch_tables(pairs: list[Pair], met: dict[frozenset, int]) -> list[int]:
    """The tables of ``pairs`` whose players have met before."""
    return [t for a, b, t in pairs if frozenset((a, b)) in met]


def _pair_at(pairs: list[Pair], t: int) -> tuple[str, str]:
    """The players of the first pair at table ``t``."""
    return next((a, b) for a, b, tt in pairs if tt == t)


def _floats_problem(cost: PairCost, fa, fb, pairs: list[Pair]) -> tuple[str, str, list[int]]:
    """(b): more pairs across the first score line where the best pairing has fewer, and the tables across it."""
    i = next(i for i, (x, y) in enumerate(zip(fa, fb)) if x != y)
    v = cost.values[i]
    what = _("{k} pair(s) across the line below {v} points where {least} would do", k=fa[i], v=v, least=fb[i])
    return (
        "G-SWISS-PAIR-1",
        what,
        [t for a, b, t in pairs if min(cost.pts[a], cost.pts[b]) < v <= max(cost.pts[a], cost.pts[b])],
    )


def _order_problem(cost: PairCost, actual: int, best: int, pairs: list[Pair]) -> tuple[str, str, list[int]]:
    """(rule, what, tables) of the first criterion the round misses: (a), (b) or (c)."""
    ra, fa, sa = cost.parts(actual)
    rb, fb, sb = cost.parts(best)
    if ra != rb:
        return "G-SWISS-PAIR-2", _("{k} rematch(es) where {least} would do", k=ra, least=rb), _tables(pairs)
    if fa != fb:
        return _floats_problem(cost, fa, fb, pairs)
    what = _("point gaps squared sum to {s} where {least} would do", s=sa, least=sb)
    return "L-PAIR-GAP", what, _tables([p for p in pairs if cost.pts[p[0]] != cost.pts[p[1]]])


def _tables(pairs: list[Pair]) -> list[int]:
    """The tables of ``pairs``, in order."""
    return [t for _a, _b, t in pairs]


def _order_finding(ck: Checked, number: int, cost: PairCost, actual: int, best: int, pairs: list[Pair]) -> None:
    """The first criterion the round misses, at its one table, or naming its tables."""
    rule, what, tables = _order_problem(cost, actual, best, pairs)
    ck.rep.findings.append(
        Finding(
            rule,
            number,
            tables[0] if len(tables) == 1 else None,
            what + ("" if len(tables) <= 1 else " · " + _("tables {t}", t=join_list(tables))),
        )
    )
