"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm).

Private helper of :mod:`core.tournament.pairing`: the exact solver it falls back on when
its fast path cannot certify a Swiss pairing as optimal.

This is the primal-dual blossom method of Edmonds in the O(n^3) form given by
Z. Galil, "Efficient algorithms for finding maximum matching in graphs", ACM
Computing Surveys 18 (1986), laid out on flat integer-indexed arrays after
Joris van Rantwijk's public-domain ``mwmatching.py`` (the same lineage as
networkx's ``max_weight_matching``, which the tests use to check this one).

Weights must be Python ``int`` (arbitrarily large: the pairing engine encodes
lexicographic costs in one big integer).  Dual variables are kept doubled so
that every computation stays in integers and the result is exact.
"""

from __future__ import annotations

from collections.abc import Sequence


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]], maxcardinality: bool = False) -> list[int]:
    """Return ``mate``: ``mate[v]`` is the vertex matched to ``v`` or -1.

    ``edges`` lists ``(i, j, weight)`` with ``0 <= i, j < n``, ``i != j``, at
    most one edge per pair.  The matching maximises the total weight (among
    the matchings of maximum cardinality when ``maxcardinality``).
    """
    nvertex = n
    nedge = len(edges)
    if nvertex == 0 or nedge == 0:
        return [-1] * nvertex
    ei, ej, ew, endpoint, neighbend = _flat_graph(nvertex, edges)
    maxweight = max(0, *ew)

    two_n = 2 * nvertex
    # mate[v]: remote endpoint of v's matched edge, or -1.
    mate = [-1] * nvertex
    # label[b]: 0 free, 1 S, 2 T (5 temporarily during scanBlossom).
    label = [0] * two_n
    labelend = [-1] * two_n
    inblossom = list(range(nvertex))
    blossomparent = [-1] * two_n
    blossomchilds: list[list[int] | None] = [None] * two_n
    blossombase = list(range(nvertex)) + [-1] * nvertex
    blossomendps: list[list[int] | None] = [None] * two_n
    bestedge = [-1] * two_n
    blossombestedges: list[list[int] | None] = [None] * two_n
    unusedblossoms = list(range(nvertex, two_n))
    # Doubled duals: vertex duals start at maxweight, blossom duals at 0.
    dualvar = [maxweight] * nvertex + [0] * nvertex
    allowedge = [False] * nedge
    queue: list[int] = []

    def slack(k: int) -> int:
        return dualvar[ei[k]] + dualvar[ej[k]] - 2 * ew[k]

    def leaves(b: int) -> list[int]:
        if b < nvertex:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < nvertex:
                out.append(t)
            else:
                stack.extend(blossomchilds[t])  # type: ignore[arg-type]
        return out

    def assign_label(w: int, t: int, p: int) -> None:
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                queue.extend(leaves(b))
                return
            # t == 2: the base's mate becomes an S-vertex.
            base = blossombase[b]
            mb = mate[base]
            w, t, p = endpoint[mb], 1, mb ^ 1

    def scan_blossom(v: int, w: int) -> int:
        # Trace back from v and w to find a new blossom's base or an
        # augmenting path; returns the base vertex or -1.
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def trace_to_base(bx: int, bb: int, b: int, flip: int) -> tuple[list[int], list[int]]:
        # The sub-blossoms on the tree path from bx down to the base blossom bb
        # (bb left out), each made a child of b, and the endpoints of the
        # edges that leave them towards bb (flipped to the far end by flip).
        childs: list[int] = []
        endps: list[int] = []
        while bx != bb:
            blossomparent[bx] = b
            childs.append(bx)
            endps.append(labelend[bx] ^ flip)
            bx = inblossom[endpoint[labelend[bx]]]
        return childs, endps

    def add_blossom(base: int, k: int) -> None:
        # Edge k joins two S-blossoms of one tree: make a new blossom of the
        # cycle it closes through ``base``.
        bb = inblossom[base]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        from_v, endps_v = trace_to_base(inblossom[ei[k]], bb, b, 0)
        from_w, endps_w = trace_to_base(inblossom[ej[k]], bb, b, 1)
        path = [bb, *reversed(from_v), *from_w]
        blossomchilds[b] = path
        blossomendps[b] = [*reversed(endps_v), 2 * k, *endps_w]
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for v in leaves(b):
            if label[inblossom[v]] == 2:
                queue.append(v)
            inblossom[v] = b
        best = least_slack_edges(b, path)
        blossombestedges[b] = best
        bestedge[b] = min(best, key=slack, default=-1)

    def neighbour_edges(bv: int) -> list[list[int]]:
        # The edges to look at from sub-blossom bv: its own least-slack list
        # when it has one, else every edge of its vertices.
        if blossombestedges[bv] is None:
            return [[p >> 1 for p in neighbend[v]] for v in leaves(bv)]
        return [blossombestedges[bv]]  # type: ignore[list-item]

    def least_slack_edges(b: int, path: list[int]) -> list[int]:
        # From new blossom b, the least-slack edge to each neighbouring
        # S-blossom (the sub-blossoms' own lists are dropped).
        bestedgeto = [-1] * two_n
        for bv in path:
            for nblist in neighbour_edges(bv):
                note_edges_to_s(b, nblist, bestedgeto)
            blossombestedges[bv] = None
            bestedge[bv] = -1
        return [kk for kk in bestedgeto if kk != -1]

    def note_edges_to_s(b: int, nblist: list[int], bestedgeto: list[int]) -> None:
        # Of the edges nblist at blossom b, keep in bestedgeto the least-slack
        # one to each other S-blossom.
        for kk in nblist:
            j = ej[kk] if inblossom[ej[kk]] != b else ei[kk]
            bj = inblossom[j]
            if bj != b and label[bj] == 1 and (bestedgeto[bj] == -1 or slack(kk) < slack(bestedgeto[bj])):
                bestedgeto[bj] = kk

    def way_round(childs: list[int], j: int) -> tuple[int, int, int]:
        # The even-length way round a blossom from child j to its base:
        # (start index, step, endpoint trick).
        if j & 1:
            return j - len(childs), 1, 0
        return j, -1, 1

    def expand_blossom(b: int, endstage: bool) -> None:
        # Turn blossom b back into its sub-blossoms (at the end of a stage,
        # recursively those whose dual is 0 too).
        childs = blossomchilds[b]
        assert childs is not None
        for s in childs:
            blossomparent[s] = -1
            if s < nvertex:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for v in leaves(s):
                    inblossom[v] = s
        if (not endstage) and label[b] == 2:
            relabel_expanded(b, childs)
        release_blossom(b)

    def release_blossom(b: int) -> None:
        # Blossom b is gone: clear its entries and return it to the unused pool.
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def relabel_expanded(b: int, childs: list[int]) -> None:
        # A T-blossom expanded mid-stage: its children on the even path from
        # the entry child to the base become T/S alternately.
        endps = blossomendps[b]
        assert endps is not None
        entrychild = inblossom[endpoint[labelend[b] ^ 1]]
        j, jstep, endptrick = way_round(childs, childs.index(entrychild))
        p = labelend[b]
        while j != 0:
            label[endpoint[p ^ 1]] = 0
            label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
            assign_label(endpoint[p ^ 1], 2, p)
            allowedge[endps[j - endptrick] >> 1] = True
            j += jstep
            p = endps[j - endptrick] ^ endptrick
            allowedge[p >> 1] = True
            j += jstep
        bv = childs[j]
        label[endpoint[p ^ 1]] = label[bv] = 2
        labelend[endpoint[p ^ 1]] = labelend[bv] = p
        bestedge[bv] = -1
        relabel_off_path(childs, j + jstep, jstep, entrychild)

    def relabel_off_path(childs: list[int], j: int, jstep: int, entrychild: int) -> None:
        # The other children of an expanded T-blossom: one reached from
        # outside becomes a T-blossom again.
        while childs[j] != entrychild:
            bv = childs[j]
            if label[bv] != 1:
                found = next((v for v in leaves(bv) if label[v] != 0), -1)
                if found != -1:
                    label[found] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(found, 2, labelend[found])
            j += jstep

    def augment_blossom(b: int, v: int) -> None:
        # Swap matched/unmatched edges on the even path from v to b's base.
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= nvertex:
            augment_blossom(t, v)
        childs = blossomchilds[b]
        endps = blossomendps[b]
        assert childs is not None and endps is not None
        i = childs.index(t)
        j, jstep, endptrick = way_round(childs, i)
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= nvertex:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= nvertex:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = childs[i:] + childs[:i]
        blossomendps[b] = endps[i:] + endps[:i]
        blossombase[b] = blossombase[blossomchilds[b][0]]  # type: ignore[index]

    def augment_matching(k: int) -> None:
        for s, p in ((ei[k], 2 * k + 1), (ej[k], 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nvertex:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nvertex:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    def start_stage() -> None:
        # Forget the last stage's labels and least-slack edges; every free
        # vertex becomes the S-root of a tree.
        label[:] = [0] * two_n
        bestedge[:] = [-1] * two_n
        blossombestedges[nvertex:] = [None] * nvertex
        allowedge[:] = [False] * nedge
        queue.clear()
        for v in range(nvertex):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)

    def scan_queue() -> bool:
        # Grow the trees from the queued S-vertices; whether an augmenting
        # path was found (and the matching augmented along it).
        while queue:
            v = queue.pop()
            bv = inblossom[v]
            for p in neighbend[v]:
                k = p >> 1
                w = endpoint[p]
                bw = inblossom[w]
                if bv == bw:
                    continue
                kslack = 0
                if not allowedge[k]:
                    kslack = slack(k)
                    if kslack <= 0:
                        allowedge[k] = True
                if allowedge[k]:
                    if use_tight_edge(v, w, p):
                        return True
                    bv = inblossom[v]
                elif label[bw] == 1:
                    b = inblossom[v]
                    if bestedge[b] == -1 or kslack < slack(bestedge[b]):
                        bestedge[b] = k
                elif label[w] == 0:
                    if bestedge[w] == -1 or kslack < slack(bestedge[w]):
                        bestedge[w] = k
        return False

    def use_tight_edge(v: int, w: int, p: int) -> bool:
        # Tight edge p from S-vertex v to w: label w's blossom T, make a
        # blossom, or augment (True) when w is in another tree.
        lw = label[inblossom[w]]
        if lw == 0:
            assign_label(w, 2, p ^ 1)
        elif lw == 1:
            base = scan_blossom(v, w)
            if base < 0:
                augment_matching(p >> 1)
                return True
            add_blossom(base, p >> 1)
        elif label[w] == 0:
            label[w] = 2
            labelend[w] = p ^ 1
        return False

    def least_free_edge() -> tuple[int, int] | None:
        # Delta type 2: the least slack of an edge from an S-vertex to a
        # free vertex, and that edge.
        ks = [bestedge[v] for v in range(nvertex) if bestedge[v] != -1 and label[inblossom[v]] == 0]
        if not ks:
            return None
        k = min(ks, key=slack)
        return slack(k), k

    def least_s_edge() -> tuple[int, int] | None:
        # Delta type 3: half the least slack of an edge between two
        # S-blossoms, and that edge (such a slack is even: the weights are integers).
        ks = [bestedge[b] for b in range(two_n) if bestedge[b] != -1 and blossomparent[b] == -1 and label[b] == 1]
        if not ks:
            return None
        k = min(ks, key=slack)
        return slack(k) // 2, k

    def least_t_dual() -> tuple[int, int] | None:
        # Delta type 4: the least dual of a top-level T-blossom, and that blossom.
        bs = [b for b in range(nvertex, two_n) if blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2]
        if not bs:
            return None
        b = min(bs, key=dualvar.__getitem__)
        return dualvar[b], b

    def choose_delta() -> tuple[int, int, int]:
        # The largest dual change that keeps every slack non-negative:
        # (type, delta, its edge or blossom); type 1 ends the stage.
        found = [(min(dualvar[:nvertex]), 1, -1)] if not maxcardinality else []
        for deltatype, least in ((2, least_free_edge()), (3, least_s_edge()), (4, least_t_dual())):
            if least is not None:
                found.append((least[0], deltatype, least[1]))
        if not found:
            return 1, max(0, min(dualvar[:nvertex])), -1
        delta, deltatype, target = min(found)  # on equal deltas the lower type, as found first
        return deltatype, delta, target

    def update_vertex_duals(delta: int) -> None:
        # Vertices in S-blossoms give delta up, those in T-blossoms take it.
        for v in range(nvertex):
            lb = label[inblossom[v]]
            if lb == 1:
                dualvar[v] -= delta
            elif lb == 2:
                dualvar[v] += delta

    def update_blossom_duals(delta: int) -> None:
        # Top-level S-blossoms take delta, T-blossoms give it up.
        for b in range(nvertex, two_n):
            if blossombase[b] >= 0 and blossomparent[b] == -1:
                if label[b] == 1:
                    dualvar[b] += delta
                elif label[b] == 2:
                    dualvar[b] -= delta

    def act_on_delta(deltatype: int, target: int) -> None:
        # What the dual change made possible: a tight edge to scan from
        # (types 2, 3) or a T-blossom to expand (type 4).
        if deltatype == 4:
            expand_blossom(target, False)
            return
        allowedge[target] = True
        i, j = ei[target], ej[target]
        if deltatype == 2 and label[inblossom[i]] == 0:
            i = j
        queue.append(i)

    def run_stage() -> bool:
        # One stage: grow trees and change duals until the matching is
        # augmented (True) or no augmenting path is left (False).
        start_stage()
        while not scan_queue():
            deltatype, delta, target = choose_delta()
            update_vertex_duals(delta)
            update_blossom_duals(delta)
            if deltatype == 1:
                return False
            act_on_delta(deltatype, target)
        return True

    def expand_spent_blossoms() -> None:
        # After an augmentation: expand the S-blossoms whose dual is 0.
        for b in range(nvertex, two_n):
            if blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1 and dualvar[b] == 0:
                expand_blossom(b, True)

    for _stage in range(nvertex):
        if not run_stage():
            break
        expand_spent_blossoms()

    return [endpoint[m] if m >= 0 else -1 for m in mate]


def _flat_graph(n: int, edges: Sequence[tuple[int, int, int]]):
    """The graph as flat arrays: each edge's ends ``ei``, ``ej`` and weight ``ew``;
    ``endpoint[p]`` the vertex at end ``p`` of edge ``p // 2`` (``p`` even: i,
    odd: j); ``neighbend[v]`` the remote endpoints of the edges at ``v``."""
    ei = [e[0] for e in edges]
    ej = [e[1] for e in edges]
    ew = [e[2] for e in edges]
    endpoint = [v for e in edges for v in (e[0], e[1])]
    neighbend: list[list[int]] = [[] for _ in range(n)]
    for k, (i, j) in enumerate(zip(ei, ej)):
        neighbend[i].append(2 * k + 1)
        neighbend[j].append(2 * k)
    return ei, ej, ew, endpoint, neighbend
