"""Changes of a match that several rules make: replace a match in its round,
record an unplayed match as a loss (a drop, an exclusion, a penalty,
lateness) or as a loss for both."""

from __future__ import annotations

from dataclasses import replace

from core.event.lookups import player_match
from core.event.model import Event, Match, Round


def set_match(event: Event, rnd: Round, new: Match) -> Event:
    """``event`` with the match at ``new.table`` of ``rnd`` replaced by ``new``."""
    ms = rnd.matches
    i = new.table - 1
    if 0 <= i < len(ms) and ms[i].table == new.table:  # tables are numbered in order: no scan
        matches = ms[:i] + (new,) + ms[i + 1 :]
    else:
        matches = tuple(new if m.table == new.table else m for m in ms)
    return event.with_round(replace(rnd, matches=matches))


def forfeit(event: Event, rnd: Round, m: Match, loser: str, why: str, rule: str) -> Event:
    """Record an unplayed match as a loss for ``loser`` (2-0 or 1-0 to the other).
    Games entered so far are superseded (the log keeps them)."""
    games = 2 if event.match == "bo3" else 1
    note = f"{why} {rule}"
    if m.p2 is None:
        new = replace(m, p1_wins=0, p2_wins=0, draws=0, outcome="double_loss", note=note, games=())
    elif m.p1 == loser:
        new = replace(m, p1_wins=0, p2_wins=games, draws=0, outcome="p2", note=note, games=())
    else:
        new = replace(m, p1_wins=games, p2_wins=0, draws=0, outcome="p1", note=note, games=())
    return set_match(event, rnd, new)


def forfeit_open(event: Event, rnd: Round, pid: str, why: str, rule: str) -> Event:
    """``pid``'s match of ``rnd`` recorded as their loss if it has no result yet (a drop, an exclusion)."""
    m = player_match(rnd, pid)
    if m is None or m.reported:
        return event
    return forfeit(event, rnd, m, pid, why, rule)


def double_loss(event: Event, rnd: Round, m: Match, why: str, rule: str) -> Event:
    """Both players lose the match (both late, G-LATE-1)."""
    new = replace(m, p1_wins=0, p2_wins=0, draws=0, outcome="double_loss", note=f"{why} {rule}", games=())
    return set_match(event, rnd, new)
