"""The whole event for ``lycee verify``: structure, staff,
penalties and decklists, each finding with the rule id and the JSON path of
what is wrong.  Like core/reports/verify.py it reads only the lycee-event/1
document and imports nothing of the reducers that wrote it.

- Structure (L-FILE): player ids unique; round numbers 1, 2, ... in order;
  table numbers unique in a round; stages among swiss, top, playoff;
  elimination rounds each with half the tables of the one before (rounded
  up), so the bracket can be played to a final (G-SE); keep-apart pairs
  (``"apart"``) name two different players of the event.
- Staff (sanctioned events, once round 1 is paired: the desk pairs no
  sanctioned event without it): an organizer (G-ORGANIZER), at least one judge
  (G-JUDGE), a head judge who is one of the judges (G-HEAD-JUDGE).
- Penalties: the player, the round and the table exist, and the player sat
  at that table (G-PEN-3: each penalty is on the scorecard); the issuer is
  staff: the organizer, event staff or a judge (G-PEN-1; an event without
  staff has no penalty the desk would take); a match loss is
  not recorded as a match the player won (G-PEN-1); two Notices make a
  Warning and two Warnings exclude: the player is then excluded and, like
  one excluded by an exclusion penalty, paired in no later round, and given
  no later penalty (G-PEN-2); ``excluded: true`` needs such a penalty
  (G-PEN-2).
- Decklists: a constructed deck is 60 cards (R-DECK-60) with at most 4 of a
  name (R-DECK-4); at most 12 spare cards, and only in best of three
  (G-SPARE-1); a sealed deck is 40 cards (G-SEALED); a draft deck is packs x
  10 (G-DRAFT-4), from 4 to 6 packs (G-DRAFT-2), any number of a name
  (G-DRAFT-3).

:func:`exclusion_rounds` dates each exclusion by the penalty that made it
(the first that reaches it), for the eligibility check of verify.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.i18n import _, join_sentences
from core.labels import time_label
from core.reports.verify_base import bracket_matches

__all__ = ["event_findings", "exclusion_rounds"]

STAGES = ("swiss", "top", "playoff")
_EXCLUDE_AT = 4  # Notice 1, Warning 2 (G-PEN-2)

Find = Callable[[str, str, str, "int | None", "int | None"], None]


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _in_force(p: dict) -> tuple[str | None, str | None] | None:
    a = p.get("appeal") or {}
    if a.get("outcome") == "overturned":
        return None
    if a.get("outcome") == "changed":
        return a.get("level", p.get("level")), a.get("action", p.get("action"))
    return p.get("level"), p.get("action")


#: the points a notice and a Warning count towards exclusion (two Warnings: G-PEN-2)
_WARNING_POINTS = {"notice": 1, "warning": 2}


def exclusion_rounds(doc: dict) -> dict[str, tuple[int, int]]:
    """{player: (round, penalty index)} of the penalty that excluded each
    player (an exclusion handed down, or the one reaching two Warnings)."""
    points: dict[str, int] = {}
    out: dict[str, tuple[int, int]] = {}
    for i, p, (level, action) in _penalties_in_force(doc):
        pid = p.get("player")
        if pid in out:
            continue
        points[pid] = points.get(pid, 0) + _WARNING_POINTS.get(level or "", 0)
        if _excludes(action, points[pid]):
            out[pid] = (p.get("round") or 0, i)
    return out


def _penalties_in_force(doc: dict) -> list[tuple[int, Any, tuple[str | None, str | None]]]:
    """(index, penalty, (level, action) in force) of each penalty an appeal did not overturn."""
    out = []
    for i, p in enumerate(doc.get("penalties", [])):
        f = _in_force(p)
        if f is not None:
            out.append((i, p, f))
    return out


def _excludes(action: str | None, points: int) -> bool:
    """An exclusion handed down (O-PEN-2: struck too), or the penalty reaching two Warnings."""
    return action in ("exclusion", "exclusion_struck") or points >= _EXCLUDE_AT


def event_findings(doc: dict, find: Find, ruled: Find | None = None) -> None:
    """Report every finding of the whole event through ``find(rule, path,
    message, round, table)``; ``ruled``, when given, receives those the head
    judge's override of a limited event's deck check waived (G-HEAD-JUDGE)."""
    _structure(doc, find)
    _staff(doc, find)
    _penalties(doc, find)
    _decklists(doc, find, ruled)


def _player_ids(doc: dict, find: Find) -> dict[str, int]:
    """{player id: index of its first use}; each id used twice is a finding."""
    seen: dict[str, int] = {}
    for i, p in enumerate(doc.get("players", [])):
        if p["id"] in seen:
            find(
                "L-FILE",
                f"$.players[{i}].id",
                _("player id {id!r} is already used at $.players[{j}]", id=p["id"], j=seen[p["id"]]),
                None,
                None,
            )
        seen.setdefault(p["id"], i)
    return seen


def _structure(doc: dict, find: Find) -> None:
    seen = _player_ids(doc, find)
    prev_top = None
    for ri, r in enumerate(doc.get("rounds", [])):
        _round_structure(ri, r, find)
        if r.get("stage", "swiss") == "top":
            prev_top = _top_tables(ri, r, prev_top, find)
    _apart_pairs(doc, seen, find)


def _apart_pairs(doc: dict, seen: dict[str, int], find: Find) -> None:
    """L-FILE: each keep-apart pair names two different players of the event (``seen``)."""
    for i, pair in enumerate(doc.get("apart", [])):
        if len(set(pair)) != 2 or any(x not in seen for x in pair):
            find("L-FILE", f"$.apart[{i}]", _("a keep-apart pair names two different players of the event"), None, None)


def _round_structure(ri: int, r: dict, find: Find) -> None:
    """A round's number in order, a known stage, each table once (L-FILE)."""
    if r["number"] != ri + 1:
        find(
            "L-FILE",
            f"$.rounds[{ri}].number",
            _("round {n} where round {want} comes", n=r["number"], want=ri + 1),
            r["number"],
            None,
        )
    stage = r.get("stage", "swiss")
    if stage not in STAGES:
        find(
            "L-FILE",
            f"$.rounds[{ri}].stage",
            _("unknown stage {s!r} (swiss, top or playoff)", s=stage),
            r["number"],
            None,
        )
    _tables_once(ri, r, find)


def _tables_once(ri: int, r: dict, find: Find) -> None:
    """L-FILE: each table number once in the round."""
    tables: dict[int, int] = {}
    for mi, m in enumerate(r.get("matches", [])):
        if m["table"] in tables:
            find(
                "L-FILE",
                f"$.rounds[{ri}].matches[{mi}].table",
                _("table {t} is already used in this round at matches[{j}]", t=m["table"], j=tables[m["table"]]),
                r["number"],
                m["table"],
            )
        tables.setdefault(m["table"], mi)


def _top_tables(ri: int, r: dict, prev_top: int | None, find: Find) -> int:
    """G-SE: an elimination round has half the tables of the one before
    (rounded up); returns its tables, the third-place match aside."""
    main = bracket_matches(r.get("matches", []))
    if prev_top is not None and len(main) != (prev_top + 1) // 2:
        find(
            "G-SE",
            f"$.rounds[{ri}].matches",
            _(
                "{k} elimination table(s) after {prev}: each round has half the tables of the one before, "
                "down to the final",
                k=len(main),
                prev=prev_top,
            ),
            r["number"],
            None,
        )
    return len(main)


def _judge_keys(st: dict) -> list[str]:
    """The judges named (blank names aside), as compared."""
    return [_key(j) for j in st.get("judges", []) if j and j.strip()]


def _staff(doc: dict, find: Find) -> None:
    st = doc.get("staff") or {}
    judges = _judge_keys(st)
    hj = _stripped(st.get("head_judge"))
    if _staffed(doc):
        _sanctioned_staff(st, judges, hj, find)
    elif hj:  # any event: the head judge is one of the judges (as the desk keeps it)
        _head_judge_among(hj, judges, find)


def _stripped(name: str | None) -> str:
    """A staff name as given, blanks around it gone ("" when none)."""
    return (name or "").strip()


def _staffed(doc: dict) -> bool:
    """Sanctioned unless the file says not (as the event imports), and started:
    the desk pairs round 1 of a sanctioned event only with its staff complete."""
    return bool(doc.get("sanctioned", True) and doc.get("rounds"))


def _sanctioned_staff(st: dict, judges: list[str], hj: str, find: Find) -> None:
    """A sanctioned event that started names its organizer, judges and head judge (one of the judges)."""
    if not _stripped(st.get("organizer")):
        find("G-ORGANIZER", "$.staff.organizer", _("a sanctioned event names its organizer"), None, None)
    if not judges:
        find("G-JUDGE", "$.staff.judges", _("a sanctioned event has at least one judge"), None, None)
    if not hj:
        find("G-HEAD-JUDGE", "$.staff.head_judge", _("a sanctioned event has a head judge"), None, None)
    elif judges:
        _head_judge_among(hj, judges, find)


def _head_judge_among(hj: str, judges: list[str], find: Find) -> None:
    """G-HEAD-JUDGE: the head judge ``hj`` (named) is one of the ``judges``."""
    if _key(hj) not in judges:
        find(
            "G-HEAD-JUDGE",
            "$.staff.head_judge",
            _("the head judge {name!r} is not one of the judges", name=hj),
            None,
            None,
        )


def _penalties(doc: dict, find: Find) -> None:
    players = {p["id"]: p for p in doc.get("players", [])}
    check = _PenaltyCheck(
        players, {r["number"]: r for r in doc.get("rounds", [])}, _staff_keys(doc), exclusion_rounds(doc), find
    )
    for i, p in enumerate(doc.get("penalties", [])):
        check.penalty(i, p)
    check.exclusions_marked()
    _unexplained_exclusions(doc, check.excl, find)


def _unexplained_exclusions(doc: dict, excl: dict, find: Find) -> None:
    """G-PEN-2: a player marked excluded has a penalty that excludes (``excl``)."""
    for pi, p in enumerate(doc.get("players", [])):
        if p.get("excluded") and p["id"] not in excl:
            find(
                "G-PEN-2",
                f"$.players[{pi}].excluded",
                _("{id!r} is excluded without a penalty that excludes (two Warnings, or an exclusion)", id=p["id"]),
                None,
                None,
            )


def _staff_keys(doc: dict) -> set[str]:
    """Everyone who may give a penalty: the organizer, the judges, event staff."""
    st = doc.get("staff") or {}
    return {
        _key(x)
        for x in (st.get("organizer"), st.get("head_judge"), *st.get("judges", []), *st.get("event_staff", []))
        if x and x.strip()
    }


def _is_match_loss(p: dict) -> bool:
    """The penalty in force (after any appeal) is a match loss."""
    f = _in_force(p)
    return f is not None and f[1] == "match_loss"


def _won_by(m: dict, pid: str) -> bool:
    """The match is recorded as won by ``pid``."""
    out = m.get("outcome")
    return (out == "p1" and m["p1"] == pid) or (out == "p2" and m.get("p2") == pid)


@dataclass
class _PenaltyCheck:
    """The penalties of one file against its players, rounds, staff and exclusions."""

    players: dict[str, dict]
    rounds: dict[int, dict]
    staff: set[str]
    excl: dict[str, tuple[int, int]]
    find: Find

    def penalty(self, i: int, p: dict) -> None:
        path = f"$.penalties[{i}]"
        pid, rnd, table = p.get("player"), p.get("round"), p.get("table")
        if pid not in self.players:
            self.find("G-PEN-3", f"{path}.player", _("no player {id!r} in the event", id=pid), rnd, table)
            return
        self._by_staff(path, p)
        seat = self._match(path, pid, rnd, table)
        if seat is False:
            return
        self._match_loss(path, p, pid, seat)
        self._after_exclusion(i, path, pid, p)

    def _by_staff(self, path: str, p: dict) -> None:
        """G-PEN-1: a penalty is given by staff (the desk takes one from staff only)."""
        if _key(p.get("by") or "") not in self.staff:
            self.find(
                "G-PEN-1",
                f"{path}.by",
                _("{by!r} is not staff of the event (organizer, event staff or a judge)", by=p.get("by")),
                p.get("round"),
                p.get("table"),
            )

    def _after_exclusion(self, i: int, path: str, pid: str, p: dict) -> None:
        """G-PEN-2: no penalty after the one that excluded the player."""
        if pid in self.excl and self.excl[pid][1] < i:
            r, j = self.excl[pid]
            what = _("{id!r} was excluded in round {r} ($.penalties[{j}]): no penalty after", id=pid, r=r, j=j)
            self.find("G-PEN-2", path, what, p.get("round"), p.get("table"))

    def _match(self, path: str, pid: str, rnd, table) -> dict | bool | None:
        """The match the penalty names (None: no match named), or False after
        a finding: a round never paired, a table it lacks, one the player did
        not play at (G-PEN-3)."""
        if not rnd:
            return None
        if rnd not in self.rounds:
            self.find("G-PEN-3", f"{path}.round", _("round {r} was never paired", r=rnd), rnd, table)
            return False
        if table is None:
            return None
        return self._table_match(path, pid, rnd, table)

    def _table_match(self, path: str, pid: str, rnd, table) -> dict | bool:
        """The match at ``table`` of round ``rnd`` the player played, or False after a finding (G-PEN-3)."""
        m = next((x for x in self.rounds[rnd].get("matches", []) if x["table"] == table), None)
        if m is None:
            self.find("G-PEN-3", f"{path}.table", _("round {r} has no table {t}", r=rnd, t=table), rnd, table)
            return False
        if pid not in (m["p1"], m.get("p2")):
            what = _("{id!r} did not play at table {t} of round {r}", id=pid, t=table, r=rnd)
            self.find("G-PEN-3", f"{path}.table", what, rnd, table)
            return False
        return m

    def _match_loss(self, path: str, p: dict, pid: str, m) -> None:
        """G-PEN-1: a match loss is not recorded as a match the player won."""
        if m is None or not _is_match_loss(p):
            return
        if _won_by(m, pid) or m.get("outcome") == "bye":
            what = _("a match loss for {id!r}, but the match is recorded as won", id=pid)
            self.find("G-PEN-1", f"{path}.action", what, p.get("round"), p.get("table"))

    def exclusions_marked(self) -> None:
        """G-PEN-2: each player a penalty excluded is marked excluded."""
        for pid, (r, j) in self.excl.items():
            pi = list(self.players).index(pid)
            if not self.players[pid].get("excluded"):
                self.find(
                    "G-PEN-2",
                    f"$.players[{pi}].excluded",
                    _(
                        "{id!r} is excluded by $.penalties[{j}] (two Warnings, or an exclusion) but not marked excluded",
                        id=pid,
                        j=j,
                    ),
                    r or None,
                    None,
                )


def _deck_count(lines: list) -> int:
    return sum(e[0] for e in lines)


def _copies_by_name(deck: list) -> dict[str, int]:
    """{card name (its number when the list gives no name): copies} of a deck's entries."""
    names: dict[str, int] = {}
    for e in deck:
        key = e[2] if len(e) > 2 and e[2] else e[1]
        names[key] = names.get(key, 0) + e[0]
    return names


def _constructed_deck(x: dict, path: str, packs, find: Find) -> None:
    n = _deck_count(x.get("deck", []))
    if n != 60:
        find("R-DECK-60", f"{path}.deck", _("a constructed deck has 60 cards, not {n}", n=n), None, None)
    for key, k in _copies_by_name(x.get("deck", [])).items():
        if k > 4:
            find("R-DECK-4", f"{path}.deck", _("{k} cards of {name}: at most 4 of a name", k=k, name=key), None, None)


def _sealed_deck(x: dict, path: str, packs, find: Find) -> None:
    n = _deck_count(x.get("deck", []))
    if n != 40:
        find("G-SEALED", f"{path}.deck", _("a sealed deck has 40 cards, not {n}", n=n), None, None)


def _draft_deck(x: dict, path: str, packs, find: Find) -> None:
    n = _deck_count(x.get("deck", []))
    if packs and n != 10 * packs:
        find(
            "G-DRAFT-4",
            f"{path}.deck",
            _("a {packs}-pack draft deck has {want} cards, not {n}", packs=packs, want=10 * packs, n=n),
            None,
            None,
        )


#: the deck check of each kind of event: R-DECK-60/R-DECK-4, G-SEALED, G-DRAFT-4 (any number of a name: G-DRAFT-3)
_DECK_CHECKS = {"constructed": _constructed_deck, "sealed": _sealed_deck, "draft": _draft_deck}


def _spare(x: dict, path: str, bo3: bool, find: Find) -> None:
    spare = _deck_count(x.get("spare", []))
    if spare > 12:
        find("G-SPARE-1", f"{path}.spare", _("{n} spare cards: at most 12", n=spare), None, None)
    elif spare and not bo3:
        find("G-SPARE-1", f"{path}.spare", _("spare cards are for best of three only"), None, None)


def _override(doc: dict) -> dict:
    """The head judge's override of a limited event's round-1 deck check
    (``build.override``), when the head judge of the file made it
    (G-HEAD-JUDGE: no one else overrides); else an empty dict."""
    ov = (doc.get("build") or {}).get("override") or {}
    if doc.get("kind") not in ("sealed", "draft") or not _by_head_judge(doc, ov):
        return {}
    return ov


def _by_head_judge(doc: dict, ov: dict) -> bool:
    """The override names the file's head judge (G-HEAD-JUDGE: no one else overrides)."""
    hj = (doc.get("staff") or {}).get("head_judge") or ""
    return bool(hj.strip()) and _key(ov.get("by") or "") == _key(hj)


def _waived(ruled: Find, ov: dict) -> Find:
    """A sink that hands a deck finding to ``ruled``, worded with the head
    judge's override that let round 1 pair with that deck."""
    note = _(
        "head judge override by {by} at {at}: {reason}",
        by=ov.get("by", ""),
        at=time_label(ov.get("at")),
        reason=ov.get("reason", ""),
    )

    def waive(rule: str, path: str, message: str, rnd: int | None, table: int | None) -> None:
        ruled(rule, path, join_sentences([message, note]), rnd, table)

    return waive


def _draft_packs(kind: str, packs, find: Find) -> None:
    """G-DRAFT-2: a booster draft has 4 to 6 packs per player."""
    if kind == "draft" and packs and not 4 <= packs <= 6:
        find(
            "G-DRAFT-2", "$.build.packs", _("a booster draft has 4 to 6 packs per player, not {n}", n=packs), None, None
        )


def _waivers(doc: dict, find: Find, ruled: Find | None) -> tuple[set[str], Find]:
    """(the players the head judge's override waived, where their deck findings go):
    nobody and ``find`` without an override (or without ``ruled``)."""
    ov = _override(doc) if ruled is not None else None
    if ruled is None or not ov:
        return set(), find
    return set(ov.get("players") or ()), _waived(ruled, ov)


def _decklists(doc: dict, find: Find, ruled: Find | None = None) -> None:
    """Each registered deck against its event's kind; a limited deck of a
    player the head judge's override waived (G-HEAD-JUDGE with G-SEALED,
    G-DRAFT-4) goes to ``ruled``: an exception the head judge decided,
    never a failure."""
    kind = doc.get("kind", "constructed")
    packs = (doc.get("build") or {}).get("packs")
    _draft_packs(kind, packs, find)
    waived, waive = _waivers(doc, find, ruled)
    check = _DECK_CHECKS.get(kind)
    bo3 = doc.get("match", "bo3") == "bo3"
    for i, x in enumerate(doc.get("decklists", [])):
        path = f"$.decklists[{i}]"
        if check is not None:
            check(x, path, packs, waive if x.get("player") in waived else find)
        _spare(x, path, bo3, find)
