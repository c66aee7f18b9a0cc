"""The elimination stage, as the independent checker (core/reports/verify.py)
reads it (G-SE): the first elimination round holds the best active players
of the Swiss standings, placed 1 v N, 2 v N-1, ... in the standard bracket
(players tied on every figure may change places; a cut line inside a tie
needs a playoff, G-TIE-PLAYOFF); later rounds pair the winners of tables
2t-1 and 2t at table t; a third-place match holds the semi-final losers."""

from __future__ import annotations

from core.i18n import _, join_list
from core.reports.verify_base import Checked, bracket_matches, dropped_before, match_loser
from core.reports.verify_standings import ordered

__all__ = ["bracket_order", "check_top_round"]


def bracket_order(size: int) -> list[int]:
    order = [1]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m + 1 - s)]
    return order


def check_top_round(ck: Checked, number: int, matches: list[dict]) -> None:
    """The first elimination round against the Swiss standings, a later one
    against the round before it (``ck.top_rounds``)."""
    if ck.top_rounds:
        _check_later_round(ck, number, matches)
    else:
        _check_first_round(ck, number, matches)


def _check_first_round(ck: Checked, number: int, matches: list[dict]) -> None:
    """The players cut are the top of the Swiss standings (a cut inside a shared place
    decided by a playoff), each seated where the standard bracket puts their seed."""
    entrants = _seated(matches)
    n = len(entrants)
    order, keys = _cut_order(ck, number)
    tied = _cut_in_shared_place(order, keys, n)
    if set(entrants) != set(order[:n]) and not tied:
        _wrong_cut(ck, number, n, order[:n], entrants)
        return
    if tied:
        _check_tie_played_off(ck, number, order[n - 1], order[n])
    _check_seeds(ck, number, matches, order[:n], keys, n)


def _seated(matches: list[dict]) -> list[str]:
    """The players seated in the round's matches."""
    return [x for m in matches for x in (m["p1"], m.get("p2")) if x is not None]


def _cut_in_shared_place(order: list[str], keys: dict[str, tuple], n: int) -> bool:
    """The cut line after the first ``n`` players falls inside a shared place."""
    return len(order) > n and keys[order[n - 1]] == keys[order[n]]


def _has_playoff(doc: dict) -> bool:
    return any(r.get("stage") == "playoff" for r in doc.get("rounds", []))


def _wrong_cut(ck: Checked, number: int, n: int, top: list[str], entrants: list[str]) -> None:
    """G-SE: the ``n`` players cut (``entrants``) are not the ``top`` of the Swiss standings."""
    missing = [p for p in top if p not in entrants]
    ck.find(
        "G-SE",
        number,
        None,
        _(
            "the top {n} of the Swiss standings are not the players cut: {names} missing",
            n=n,
            names=join_list((ck.name[p] for p in missing), words=True) or "-",
        ),
    )


def _check_tie_played_off(ck: Checked, number: int, a: str, b: str) -> None:
    """G-TIE-PLAYOFF: the cut line falls inside a shared place (between ``a`` and ``b``): a playoff decided it."""
    if _has_playoff(ck.doc):
        return
    ck.find(
        "G-TIE-PLAYOFF",
        number,
        None,
        _(
            "the cut line falls inside a shared place ({a}, {b}): a playoff decides it first",
            a=ck.name[a],
            b=ck.name[b],
        ),
    )


def _cut_order(ck: Checked, number: int) -> tuple[list[str], dict[str, tuple]]:
    """The active players in the order of the Swiss standings, a shared place
    ordered by its playoffs (G-TIE-PLAYOFF), and each one's place."""
    active = {p for p in ck.info if ck.eligible(p, number)}
    swiss = ck.sw.keys(ck.chain)
    ranked, keys = ordered(ck.doc, swiss, list(swiss))
    return [p for p in ranked if p in active], keys


def _check_seeds(
    ck: Checked, number: int, matches: list[dict], seeds: list[str], keys: dict[str, tuple], n: int
) -> None:
    """Each seat holds the seed the standard bracket of ``n`` entrants puts
    there (players tied on every figure may change places)."""
    bo = bracket_order(max(_bracket_size(n), 2))
    seed_key = {i + 1: keys[p] for i, p in enumerate(seeds)}
    for m in bracket_matches(matches):
        t = m["table"]
        if 2 * t > len(bo):
            ck.find("G-SE", number, t, _("table {t} is outside the bracket", t=t))
            continue
        s1, s2 = sorted((bo[2 * t - 2], bo[2 * t - 1]))
        _check_seats(ck, number, t, ((m["p1"], s1), (m.get("p2"), s2)), seed_key, keys)


def _bracket_size(n: int) -> int:
    """The smallest power of two that holds ``n`` entrants."""
    size = 1
    while size < n:
        size *= 2
    return size


def _check_seats(ck: Checked, number: int, t: int, seats, seed_key: dict, keys: dict[str, tuple]) -> None:
    """Each seat of table ``t`` holds its seed (or a player tied with it on every figure)."""
    for seat, s in seats:
        problem = _seat_problem(ck, seat, s, seed_key.get(s), keys)
        if problem:
            ck.find("G-SE", number, t, problem)


def _seat_problem(ck: Checked, seat: str | None, s: int, seed_key: tuple | None, keys: dict[str, tuple]) -> str | None:
    if seat is None:
        return _("seed {s} should play here, not a bye", s=s) if seed_key is not None else None
    if keys.get(seat) != seed_key:
        return _("{name} is not seed {s} of the Swiss standings", name=ck.name[seat], s=s)
    return None


#: the seat of a match's winner by its outcome (no winner for the others)
_WINNER_SEAT = {"p1": "p1", "bye": "p1", "p2": "p2"}


def _winner(m: dict | None) -> str | None:
    """The player who won the match (a bye: its player), None for no match or no winner."""
    if m is None:
        return None
    seat = _WINNER_SEAT.get(m.get("outcome") or "")
    return None if seat is None else m.get(seat)


def _loser(m: dict | None) -> str | None:
    """The player who lost the match, None for no match, a bye or no winner."""
    if m is None or m.get("p2") is None:
        return None
    return match_loser(m)


def _table_holds(m: dict, main: dict[int, dict]) -> set[str | None]:
    """Who table ``m`` of a later round holds: the semi-final losers in a
    third-place match, else the winners of tables 2t-1 and 2t before."""
    if m.get("note") == "third_place":
        return {_loser(main.get(1)), _loser(main.get(2))}
    t = m["table"]
    return {_winner(main.get(2 * t - 1)), _winner(main.get(2 * t))}


def _check_later_round(ck: Checked, number: int, matches: list[dict]) -> None:
    """Table t holds the winners of tables 2t-1 and 2t of the round before; a
    third-place match its semi-final losers; a player who dropped since may be missing."""
    main = {m["table"]: m for m in bracket_matches(ck.top_rounds[-1]["matches"])}
    for m in matches:
        want = _table_holds(m, main)
        if not _holds(ck, number, m, want):
            ck.find("G-SE", number, m["table"], _("this table should hold {names}", names=_names_of(ck, want)))


def _names_of(ck: Checked, want: set[str | None]) -> str:
    """The names of the players a table should hold, "a / b" ("-" for nobody or an unknown id)."""
    return " / ".join(ck.name.get(p, "-") for p in sorted(want, key=str) if p is not None) or "-"


def _holds(ck: Checked, number: int, m: dict, want: set[str | None]) -> bool:
    """The table holds only players it should, and each of them who has not dropped since."""
    got = {m["p1"], m.get("p2")}
    stay = {p for p in want if p is not None and not dropped_before(ck.info.get(p, {}), number)}
    return (got - {None}) <= want and stay <= got
