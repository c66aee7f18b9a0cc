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
    ei = [e[0] for e in edges]
    ej = [e[1] for e in edges]
    ew = [e[2] for e in edges]
    maxweight = max(0, *ew)
    # endpoint[p]: the vertex at end p of edge p//2 (p even: i, p odd: j).
    endpoint = [0] * (2 * nedge)
    for k in range(nedge):
        endpoint[2 * k] = ei[k]
        endpoint[2 * k + 1] = ej[k]
    # neighbend[v]: the remote endpoints of the edges at v.
    neighbend: list[list[int]] = [[] for _ in range(nvertex)]
    for k in range(nedge):
        neighbend[ei[k]].append(2 * k + 1)
        neighbend[ej[k]].append(2 * k)

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

    def add_blossom(base: int, k: int) -> None:
        v, w = ei[k], ej[k]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        blossomchilds[b] = path
        blossomendps[b] = endps
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for v in leaves(b):
            if label[inblossom[v]] == 2:
                queue.append(v)
            inblossom[v] = b
        # Least-slack edges from the new blossom to neighbouring S-blossoms.
        bestedgeto = [-1] * two_n
        for bv in path:
            if blossombestedges[bv] is None:
                nblists = [[p >> 1 for p in neighbend[v]] for v in leaves(bv)]
            else:
                nblists = [blossombestedges[bv]]  # type: ignore[list-item]
            for nblist in nblists:
                for kk in nblist:
                    i, j = ei[kk], ej[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1 and (bestedgeto[bj] == -1 or slack(kk) < slack(bestedgeto[bj])):
                        bestedgeto[bj] = kk
            blossombestedges[bv] = None
            bestedge[bv] = -1
        best = [kk for kk in bestedgeto if kk != -1]
        blossombestedges[b] = best
        be = -1
        for kk in best:
            if be == -1 or slack(kk) < slack(be):
                be = kk
        bestedge[b] = be

    def expand_blossom(b: int, endstage: bool) -> None:
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
            endps = blossomendps[b]
            assert endps is not None
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
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
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for v in leaves(bv):
                    if label[v] != 0:
                        found = v
                        break
                if found != -1:
                    v = found
                    label[v] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(v, 2, labelend[v])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

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
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
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

    for _stage in range(nvertex):
        for x in range(two_n):
            label[x] = 0
            bestedge[x] = -1
        for x in range(nvertex, two_n):
            blossombestedges[x] = None
        for x in range(nedge):
            allowedge[x] = False
        queue.clear()
        for v in range(nvertex):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                bv_ = inblossom[v]
                for p in neighbend[v]:
                    k = p >> 1
                    w = endpoint[p]
                    bw_ = inblossom[w]
                    if bv_ == bw_:
                        continue
                    kslack = 0
                    if not allowedge[k]:
                        kslack = slack(k)
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        lw = label[bw_]
                        if lw == 0:
                            assign_label(w, 2, p ^ 1)
                        elif lw == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                                bv_ = inblossom[v]
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[bw_] == 1:
                        b = inblossom[v]
                        if bestedge[b] == -1 or kslack < slack(bestedge[b]):
                            bestedge[b] = k
                    elif label[w] == 0:
                        if bestedge[w] == -1 or kslack < slack(bestedge[w]):
                            bestedge[w] = k
            if augmented:
                break
            # No augmenting path with the current duals: change them.
            deltatype = -1
            delta = 0
            deltaedge = -1
            deltablossom = -1
            if not maxcardinality:
                deltatype = 1
                delta = min(dualvar[:nvertex])
            for v in range(nvertex):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]
            for b in range(two_n):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    d = slack(bestedge[b]) // 2
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]
            for b in range(nvertex, two_n):
                if (
                    blossombase[b] >= 0
                    and blossomparent[b] == -1
                    and label[b] == 2
                    and (deltatype == -1 or dualvar[b] < delta)
                ):
                    delta = dualvar[b]
                    deltatype = 4
                    deltablossom = b
            if deltatype == -1:
                deltatype = 1
                delta = max(0, min(dualvar[:nvertex]))
            for v in range(nvertex):
                lb = label[inblossom[v]]
                if lb == 1:
                    dualvar[v] -= delta
                elif lb == 2:
                    dualvar[v] += delta
            for b in range(nvertex, two_n):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            if deltatype == 2:
                allowedge[deltaedge] = True
                i, j = ei[deltaedge], ej[deltaedge]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                queue.append(ei[deltaedge])
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in range(nvertex, two_n):
            if blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1 and dualvar[b] == 0:
                expand_blossom(b, True)

    return [endpoint[m] if m >= 0 else -1 for m in mate]
