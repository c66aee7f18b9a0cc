"""The standings and final placings, as the independent checker
(core/reports/verify.py) computes them: the Swiss figures (G-SWISS-POINTS,
G-TIE-1), the order the playoffs give inside a shared place
(G-TIE-PLAYOFF), the final placings once the bracket is decided (L-PLACE),
and their comparison with the program's own (``standings --json``)."""

from __future__ import annotations

from core.i18n import _
from core.reports.verify_base import Finding, Report, SwissTotals, bracket_matches, match_loser, rep_name

__all__ = ["compare", "ordered", "own_standings", "placings", "playoff_order"]

Tags = dict[str, tuple[int, ...]]


def playoff_order(doc: dict, keys: dict[str, tuple]) -> tuple[Tags, dict[str, tuple], dict[tuple, list[str]]]:
    """Each player's order from the playoffs (決定戦, G-TIE-PLAYOFF; docs/rules.md: a playoff orders only the players it was held for): returns
    (tags, anchors, groups).  A playoff round's players on equal points who do
    not all hold one place (Swiss key and tag) start a playoff of their own
    that replaces the tiebreakers for them (their anchor, ``groups``); then
    per place a round decides (all of its matches there have a result) its
    winners and byes get 0, its losers 2 (both players of a double loss) and
    the others holding that place 1; lower sorts first.  A match between
    players on different points orders nobody (it is a finding of its own)."""
    tag: Tags = {p: () for p in keys}
    anchor: dict[str, tuple] = dict(keys)
    groups: dict[tuple, list[str]] = {}
    for rnd in doc.get("rounds", []):
        if rnd.get("stage") == "playoff":
            _start_point_playoffs(rnd, keys, tag, anchor, groups)
            tag = _tag_round(rnd, keys, tag, anchor)
    return tag, anchor, groups


def _players_by_points(rnd: dict, keys: dict[str, tuple]) -> dict[int, list[str]]:
    """The round's players (of the standings) by their points, in the order they play."""
    by_points: dict[int, list[str]] = {}
    for m in rnd.get("matches", []):
        for p in (m["p1"], m.get("p2")):
            if p in keys and p not in by_points.get(keys[p][0], []):
                by_points.setdefault(keys[p][0], []).append(p)
    return by_points


def _start_point_playoffs(rnd: dict, keys: dict[str, tuple], tag: Tags, anchor: dict, groups: dict) -> None:
    """Players on equal points of the round who hold more than one place start a playoff of their own."""
    for pts, members in _players_by_points(rnd, keys).items():
        if len({(anchor[p], tag[p]) for p in members}) > 1:
            gid = ("playoff", pts, rnd["number"])
            for p in members:
                anchor[p], tag[p] = gid, ()
            groups[gid] = members


def _tag_round(rnd: dict, keys: dict[str, tuple], tag: Tags, anchor: dict) -> Tags:
    """The tags after the round: each place it decides adds a mark to its players' tags."""
    new = dict(tag)
    for place, ms in _matches_by_place(rnd, keys, tag, anchor).items():
        if _undecided(ms):
            continue
        for p, v in _place_marks(place, ms, keys, tag, anchor).items():
            new[p] = tag[p] + (v,)
    return new


def _undecided(ms: list[dict]) -> bool:
    """Whether a match of the place has no result yet (the place is not decided)."""
    return any(m.get("outcome") is None for m in ms)


def _place_marks(place: tuple, ms: list[dict], keys: dict[str, tuple], tag: Tags, anchor: dict) -> dict[str, int]:
    """The mark of each player of a decided ``place``: 1, unless a match of ``ms`` gives another."""
    mark = {p: 1 for p in keys if (anchor[p], tag[p]) == place}
    for m in ms:
        _mark(mark, m)
    return mark


def _matches_by_place(rnd: dict, keys: dict[str, tuple], tag: Tags, anchor: dict) -> dict[tuple, list[dict]]:
    """The round's matches between two players of one shared place, by that place."""
    places: dict[tuple, list[dict]] = {}
    for m in rnd.get("matches", []):
        a, b = m["p1"], m.get("p2")
        if a in keys and (b is None or _same_place(a, b, keys, tag, anchor)):
            places.setdefault((anchor[a], tag[a]), []).append(m)
    return places


def _same_place(a: str, b: str, keys: dict[str, tuple], tag: Tags, anchor: dict) -> bool:
    """Whether ``b`` is in the standings and shares ``a``'s place."""
    return b in keys and (anchor[b], tag[b]) == (anchor[a], tag[a])


#: the marks a decided playoff match gives (p1, p2): the winner 0, the loser 2 (a double loss: both 2)
_MARKS = {"p1": (0, 2), "bye": (0, 2), "p2": (2, 0), "double_loss": (2, 2)}


def _mark(mark: dict[str, int], m: dict) -> None:
    """A decided playoff match: its winner (or bye) 0, its loser 2, both players of a double loss 2."""
    a, b, out = m["p1"], m.get("p2"), m.get("outcome")
    marks = _MARKS.get(out or "")
    if marks is None or (out == "p2" and b is None):
        return
    mark[a] = marks[0]
    if b is not None:
        mark[b] = marks[1]


def _playoff_places(order: list[str], members: list[str], tags: Tags) -> None:
    """A point playoff's players back into the places they held, in the playoff's order."""
    pos = {p: k for k, p in enumerate(order)}
    inside = [p for p in members if p in pos]
    slots = sorted(pos[p] for p in inside)
    for k, p in zip(slots, sorted(inside, key=lambda p: (tags[p], pos[p])), strict=True):
        order[k] = p


def ordered(doc: dict, keys: dict[str, tuple], ids) -> tuple[list[str], dict[str, tuple]]:
    """``ids`` in standings order (Swiss key, then playoffs; a point playoff's
    players in the places they held, in the playoff's order) and each one's
    place (equal places share a rank)."""
    tags, anchors, groups = playoff_order(doc, keys)
    order = sorted(ids, key=lambda p: (keys[p], tuple(-x for x in tags.get(p, ()))), reverse=True)
    for members in groups.values():
        _playoff_places(order, members, tags)
    return order, {p: (anchors.get(p, keys[p]), tags.get(p, ())) for p in ids}


def own_standings(sw: SwissTotals, chain, ids, doc: dict, unranked: set[str] | frozenset = frozenset()) -> list[dict]:
    """The standings as this checker computes them: Swiss figures, then the
    order the playoffs give inside a shared place (``tags``); players equal
    on both share a rank; ``unranked`` players (O-PEN-2) last, rank None."""
    fig = sw.figures()
    order, keys = ordered(doc, sw.keys(chain), ids)
    order = _unranked_last(order, unranked)
    rows: list[dict] = []
    for pos, p in enumerate(order):
        rank = None if p in unranked else _rank_at(order, keys, pos, rows)
        rows.append(_standings_row(sw, p, rank, fig[p]))
    return rows


def _unranked_last(order: list[str], unranked: set[str] | frozenset) -> list[str]:
    """``order`` with the ``unranked`` players moved to its end, each part in order."""
    return [p for p in order if p not in unranked] + [p for p in order if p in unranked]


def _rank_at(order: list[str], keys: dict, pos: int, rows: list[dict]) -> int:
    """The rank of the player at ``pos``: the previous row's when their keys are equal."""
    if pos == 0 or keys[order[pos - 1]] != keys[order[pos]]:
        return pos + 1
    return rows[-1]["rank"]


def _standings_row(sw: SwissTotals, p: str, rank: int | None, f: dict) -> dict:
    """One row of the checker's standings: rank, figures and record."""
    return {
        "rank": rank,
        "id": p,
        "points": f["points"],
        "op": f["op"],
        "omw": f["omw"],
        "gw": f["gw"],
        "ogw": f["ogw"],
        "record": f"{sw.wins[p]}-{sw.losses[p]}-{sw.draws[p]}",
    }


class _Placed:
    """The final places given so far, in order; a group added at once is
    placed in Swiss order (``swiss_pos``)."""

    def __init__(self, swiss_pos: dict[str, int]):
        self.swiss_pos = swiss_pos
        self.order: list[str] = []

    def add(self, group) -> None:
        for p in sorted(
            (x for x in group if x is not None and x not in self.order), key=lambda x: self.swiss_pos.get(x, 1e9)
        ):
            self.order.append(p)

    def add_match(self, m: dict) -> None:
        """A decided match: its winner, then its loser."""
        w = m["p1"] if m["outcome"] in ("p1", "bye") else m["p2"]
        self.add([w])
        self.add([m["p2"] if w == m["p1"] else m["p1"]])


def _losers(rnd: dict) -> list[str | None]:
    """The loser of each of the round's matches with two players (None where none won)."""
    return [match_loser(m) for m in rnd["matches"] if m.get("p2") is not None]


def _decided_final(tops: list[dict]) -> dict | None:
    """The bracket's final when it is the one match of the last round (beside a third-place match) and decided."""
    if not tops:
        return None
    final = bracket_matches(tops[-1]["matches"])
    if len(final) != 1 or final[0].get("outcome") not in ("p1", "p2", "bye"):
        return None
    return final[0]


def _decided_third_place(last: dict) -> dict | None:
    """The last round's third-place match, when it was played to a winner."""
    return next(
        (m for m in last["matches"] if m.get("note") == "third_place" and m.get("outcome") in ("p1", "p2")), None
    )


def placings(tops: list[dict], rows: list[dict]) -> list[tuple[int, str]] | None:
    """Final places once the bracket is decided (L-PLACE), else None."""
    final = _decided_final(tops)
    if final is None:
        return None
    placed = _bracket_places(tops, final, {r["id"]: i for i, r in enumerate(rows)})
    return [(i + 1, p) for i, p in enumerate(placed)] + _outside_the_cut(rows, placed)


def _bracket_places(tops: list[dict], final: dict, swiss_pos: dict[str, int]) -> list[str]:
    """The bracket's entrants in place order: the final, the third-place match,
    each earlier round's losers, then those who left the bracket otherwise (dropped)."""
    placed = _Placed(swiss_pos)
    placed.add_match(final)
    third = _decided_third_place(tops[-1])
    if third is not None:
        placed.add_match(third)
    for rnd in reversed(tops[:-1]):
        placed.add(_losers(rnd))
    placed.add([x for m in tops[0]["matches"] for x in (m["p1"], m.get("p2"))])
    return placed.order


def _outside_the_cut(rows: list[dict], placed: list[str]) -> list[tuple[int, str]]:
    """The players outside the cut in Swiss order; players sharing a Swiss rank share a place (G-TIE-1)."""
    cut = len(placed)
    rest = [r for r in rows if r["id"] not in placed and not _unranked(r)]
    first: dict = {}
    out = []
    for i, r in enumerate(rest):
        first.setdefault(r.get("rank", i), i)
        out.append((cut + 1 + first[r.get("rank", i)], r["id"]))
    return out


def _unranked(row: dict) -> bool:
    """A standings row of a player who is not ranked (O-PEN-2: rank given as None)."""
    return "rank" in row and row["rank"] is None


def _close(a, b) -> bool:
    return abs(float(a) - float(b)) <= 0.00005 + 1e-12


def _row_findings(row: dict, own: dict | None, final: bool) -> list[Finding]:
    """One claimed standings row against this checker's row of the same player (``own``)."""
    if own is None:
        return [
            Finding(
                "G-SWISS-RANK",
                None,
                None,
                _("the standings list {id!r}, who is not in the event", id=row.get("id")),
            )
        ]
    found: list[Finding] = []
    for check in _ROW_CHECKS:
        found += check(row, own, row.get("name", row["id"]), final)
    return found


def compare(rep: Report, claimed: dict, places) -> None:
    """The program's standings (``claimed``) against this checker's own (``rep.standings``) and ``places``."""
    own = {r["id"]: r for r in rep.standings}
    rows = claimed.get("standings", [])
    for row in rows:
        rep.findings += _row_findings(row, own.get(row.get("id")), bool(claimed.get("final")))
    rep.findings += _left_out(rep, own, rows)
    if claimed.get("final") and places is not None:
        rep.findings += _place_findings(rows, places)


def _left_out(rep: Report, own: dict[str, dict], rows: list[dict]) -> list[Finding]:
    """The players of this checker's standings the claimed ``rows`` leave out."""
    listed = {r.get("id") for r in rows}
    return [
        Finding("G-SWISS-RANK", None, None, _("the standings leave out {name}", name=rep_name(rep, pid)))
        for pid in own
        if pid not in listed
    ]


def _points(row: dict, o: dict, who: str, final: bool) -> list[Finding]:
    if row.get("points") == o["points"]:
        return []
    what = _("{name}: {got} points stated, {want} recomputed", name=who, got=row.get("points"), want=o["points"])
    return [Finding("G-SWISS-POINTS", None, None, what)]


def _tiebreakers(row: dict, o: dict, who: str, final: bool) -> list[Finding]:
    out = []
    for tb in ("op", "omw", "gw", "ogw"):
        if tb in row and not _tiebreaker_agrees(tb, row[tb], o[tb]):
            want = o[tb] if tb == "op" else round(float(o[tb]), 4)
            what = _("{name}: {tb} {got} stated, {want} recomputed", name=who, tb=tb.upper(), got=row[tb], want=want)
            out.append(Finding("G-TIE-1", None, None, what))
    return out


def _tiebreaker_agrees(tb: str, got, want) -> bool:
    """A stated tiebreaker against the recomputed one: OP exactly, the percentages to four places."""
    return got == want if tb == "op" else _close(got, want)


def _record(row: dict, o: dict, who: str, final: bool) -> list[Finding]:
    rec = row.get("record")
    if rec is None or rec == o["record"]:
        return []
    what = _("{name}: record {got} stated, {want} recomputed", name=who, got=rec, want=o["record"])
    return [Finding("G-SWISS-RANK", None, None, what)]


def _rank(row: dict, o: dict, who: str, final: bool) -> list[Finding]:
    """The Swiss rank, until the final placings replace it."""
    if final or "rank" not in row or row["rank"] == o["rank"]:
        return []
    what = _("{name}: rank {got} stated, {want} recomputed", name=who, got=row["rank"], want=o["rank"])
    return [Finding("G-SWISS-RANK", None, None, what)]


#: each figure of a standings row, compared in this order
_ROW_CHECKS = (_points, _tiebreakers, _record, _rank)


def _place_findings(rows: list[dict], places) -> list[Finding]:
    want = dict((p, pl) for pl, p in places)
    return [_place_finding(row, want.get(row.get("id"))) for row in rows if _wrong_place(row, want)]


def _wrong_place(row: dict, want: dict) -> bool:
    """The row states a place, not the one the rule gives."""
    return "place" in row and want.get(row.get("id")) != row["place"]


def _place_finding(row: dict, want) -> Finding:
    """L-PLACE: the place a row states against the one the rule gives (``want``)."""
    what = _(
        "{name}: place {got} stated, {want} by the rule",
        name=row.get("name", row.get("id")),
        got=row["place"],
        want=want,
    )
    return Finding("L-PLACE", None, None, what)
