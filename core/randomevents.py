"""Seeded random tournaments played through the real engine, for checking the
engine with the independent checker (core.reports.verify), the way chess checks its
pairing programs.

:func:`random_event` builds one event by appending actions to an in-memory
log through :func:`core.rules.apply` (every action checked by the real
reducers) and pairs every round with :func:`core.tournament.pairing.pair_swiss`: random
sizes (4 to 40 players; one in 20 from 41 to 256; one in 500 from 257 to
2,048), 1 to 12 rounds, both match types, a random tiebreaker chain, late
entries between rounds, drops between rounds and during a round (with and
without G-DROP-2's forfeit), Notices and Warnings that escalate to an
exclusion (G-PEN-2), exclusions handed down, intentional draws, double
losses, byes from odd counts, and sometimes a top cut of any size from 2
(byes to the top seeds when it is not a power of two) played to the end,
with or without a third-place match, after playoffs (決定戦, G-TIE-PLAYOFF)
among the players sharing the place the cut line falls in, as many rounds
as it takes.  :func:`check_random` plays ``n`` of
them, the i-th from seed ``seed + i``, and returns the checker's findings
by event seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from core.errors import LyceeError
from core.event.model import TIEBREAKERS, Event
from core.reports.verify import Report, verify_doc
from core.rules import apply
from core.rules.eventfile import to_doc
from core.tournament import pairing
from core.tournament.elimination import next_elimination_round, top_cut
from core.tournament.ranking import standings_json
from core.tournament.standings import pair_playoff, ranked_table

__all__ = ["random_event", "check_random", "RandomRun"]


def _result(rng: random.Random, match: str) -> dict:
    if match == "bo1":
        w1, w2, d = rng.choice([(1, 0), (0, 1), (1, 0), (0, 1), (0, 0)]) + (0,)
        return {"p1_wins": w1, "p2_wins": w2, "draws": d}
    x = rng.random()
    if x < 0.04:
        return {"p1_wins": 0, "p2_wins": 0, "draws": 0, "intentional": True}
    if x < 0.12:
        w1, w2, d = rng.choice([(1, 1, 0), (1, 1, 1), (0, 0, 1), (0, 0, 0)])
        return {"p1_wins": w1, "p2_wins": w2, "draws": d}
    w1, w2 = rng.choice([(2, 0), (2, 1), (1, 0), (0, 2), (1, 2), (0, 1)])
    return {"p1_wins": w1, "p2_wins": w2, "draws": 0}


def _winner_result(rng: random.Random, match: str) -> dict:
    if match == "bo1":
        w = rng.choice([(1, 0), (0, 1)])
    else:
        w = rng.choice([(2, 0), (2, 1), (0, 2), (1, 2)])
    return {"p1_wins": w[0], "p2_wins": w[1], "draws": 0}


def random_event(rng: random.Random, index: int = 0, max_players: int | None = None) -> Event:
    """One random event, played to its end (see the module docstring);
    ``max_players`` caps the field (the test suite's quicker sample)."""
    n = _field_size(rng, max_players)
    match = rng.choice(["bo3", "bo3", "bo1"])
    chain = _random_chain(rng)
    rounds = rng.randint(1, 12 if n > 8 else 5)
    ev = _created(index, match, rounds, chain)
    entries = _Entries()
    ev = entries.register(ev, n)
    ev = _swiss_played(ev, entries, rounds, rng, match)
    if ev.swiss_rounds and len(ev.swiss_rounds) == rounds and rng.random() < 0.3:
        ev = _play_top_cut(ev, rng, match)
    return ev


def _random_chain(rng: random.Random) -> list[str]:
    """Up to four tie-breakers in a random order."""
    chain = list(TIEBREAKERS)
    rng.shuffle(chain)
    return chain[: rng.randint(0, 4)]


def _swiss_played(ev: Event, entries: _Entries, rounds: int, rng: random.Random, match: str) -> Event:
    """The Swiss rounds played, with late entries now and then, while two players are left."""
    for r in range(1, rounds + 1):
        if r > 1 and rng.random() < 0.25:
            ev = entries.register(ev, rng.randint(1, 3))  # late entries
        if len(ev.eligible()) < 2:
            break
        ev = _play_swiss_round(ev, r, rng, match)
    return ev


def _field_size(rng: random.Random, max_players: int | None) -> int:
    """How many players: mostly 4-40, sometimes up to 256, rarely up to 2048 (capped by ``max_players``)."""
    x = rng.random()
    n = rng.randint(257, 2048) if x < 0.002 else rng.randint(41, 256) if x < 0.05 else rng.randint(4, 40)
    return n if max_players is None else min(n, max_players)


def _created(index: int, match: str, rounds: int, chain: list[str]) -> Event:
    """The event created, with its settings and staff, no player yet."""
    return apply(
        None,
        {
            "type": "create",
            "data": {
                "id": f"rnd{index}",
                "name": f"Random {index}",
                "date": "2008-11-30",
                "match": match,
                "rounds_planned": rounds,
                "tiebreakers": chain,
                "staff": {"organizer": "O", "judges": ["J", "H"], "head_judge": "H"},
            },
        },
    )


class _Entries:
    """The players registered so far, numbered p1, p2... in order."""

    def __init__(self) -> None:
        self.count = 0

    def register(self, ev: Event, k: int) -> Event:
        ps = []
        for _ in range(k):
            self.count += 1
            ps.append({"id": f"p{self.count}", "name": f"Player {self.count}"})
        return apply(ev, {"type": "register", "data": {"players": ps}})


def _play_swiss_round(ev: Event, r: int, rng: random.Random, match: str) -> Event:
    """Swiss round ``r`` paired, its drops and penalties, its results, then the drops between rounds."""
    ms = pairing.pair_swiss(ev, rng)  # read at the call: a test swaps the engine (tests/test_verify.py)
    ev = apply(
        ev,
        {
            "type": "pair",
            "data": {
                "round": r,
                "stage": "swiss",
                "matches": [{"table": m.table, "p1": m.p1, "p2": m.p2} for m in ms],
            },
        },
    )
    for p in list(ev.eligible(r)):
        ev = _during_round(ev, p.id, rng)
    ev = _results_reported(ev, r, rng, match)
    return _drops_between_rounds(ev, rng)


def _results_reported(ev: Event, r: int, rng: random.Random, match: str) -> Event:
    """A random result reported at each open table of round ``r``."""
    for m in ev.rounds[-1].matches:
        if m.reported:
            continue
        data = {"round": r, "table": m.table, **_result(rng, match)}
        ev = apply(ev, {"type": "result", "data": data})
    return ev


def _drops_between_rounds(ev: Event, rng: random.Random) -> Event:
    """Now and then a player still in drops between rounds."""
    for p in list(ev.eligible()):
        if rng.random() < 0.05:
            ev = apply(ev, {"type": "drop", "data": {"player": p.id}})
    return ev


def _penalty(pid: str, level: str, by: str, act: str) -> dict:
    return {"type": "penalty", "data": {"player": pid, "level": level, "by": by, "action": act, "reason": "random"}}


def _during_round(ev: Event, pid: str, rng: random.Random) -> Event:
    """Now and then a drop during the round (G-DROP-2), forfeit or not, an
    exclusion (G-PEN-1), or a Notice or a Warning (two Notices make a Warning,
    two Warnings exclude: G-PEN-2)."""
    if rng.random() < 0.03 and ev.player(pid).active:
        return apply(ev, {"type": "drop", "data": {"player": pid, "forfeit": rng.random() < 0.7}})
    if rng.random() < 0.005 and ev.player(pid).active:
        return apply(ev, _penalty(pid, "warning", "J", "exclusion"))
    if rng.random() < 0.04 and ev.player(pid).active:
        level = rng.choice(["notice", "notice", "warning"])
        return apply(ev, _penalty(pid, level, rng.choice(["J", "H"]), "none"))
    return ev


def _play_top_cut(ev: Event, rng: random.Random, match: str) -> Event:
    """A top cut of any size (byes to the top seeds), a playoff (決定戦) first
    when the cut line falls inside a shared place (G-TIE-PLAYOFF), played to its final."""
    active = sum(1 for p in ev.players if p.active)
    if active < 2:
        return ev
    size = rng.choice([2, 4, 8, rng.randint(2, min(active, 33))])
    size = min(size, active)
    third = rng.random() < 0.5
    cut = _cut_made(ev, size, third, rng, match)
    if cut is None:
        return ev
    ev, ms = cut
    return _played_to_the_final(_pair(ev, ms, "top"), rng, match)


def _played_to_the_final(ev: Event, rng: random.Random, match: str) -> Event:
    """The elimination rounds played one after the other, winners reported, to the final."""
    while True:
        ev = _winners_reported(ev, rng, match)
        nxt = next_elimination_round(ev)
        if not nxt:
            return ev
        ev = _pair(ev, nxt, "top")


def _cut_made(ev: Event, size: int, third: bool, rng: random.Random, match: str):
    """The event (after any playoffs the cut needs) and the top cut's first pairings, or None when refused."""
    for _attempt in range(12):
        try:
            return ev, top_cut(ev, size, third_place=third)
        except LyceeError:
            played = _playoff(ev, size, rng, match)
            if played is None:
                return None
            ev = played
    return None


def _winners_reported(ev: Event, rng: random.Random, match: str) -> Event:
    """A winner reported at each open table of the last round."""
    for m in ev.rounds[-1].matches:
        if not m.reported:
            data = {"round": len(ev.rounds), "table": m.table, **_winner_result(rng, match)}
            ev = apply(ev, {"type": "result", "data": data})
    return ev


def _playoff(ev: Event, size: int, rng: random.Random, match: str) -> Event | None:
    """One playoff round (決定戦, G-TIE-PLAYOFF) among every player who shares
    the place the cut line of a top ``size`` falls in, played with a winner
    at each table; None when the engine refuses it."""
    led, _fig, keys, tags, order = ranked_table(ev)
    players = ev.players
    active = [i for i in order if players[i].active]
    cell = (keys[active[size - 1]], tags[active[size - 1]])
    tied = [led.ids[i] for i in order if (keys[i], tags[i]) == cell]
    try:
        ms = pair_playoff(ev, tied, rng)
    except LyceeError:
        return None
    return _winners_reported(_pair(ev, ms, "playoff"), rng, match)


def _pair(ev: Event, ms, stage: str) -> Event:
    return apply(
        ev,
        {
            "type": "pair",
            "data": {
                "round": len(ev.rounds) + 1,
                "stage": stage,
                "matches": [
                    {"table": m.table, "p1": m.p1, "p2": m.p2, **({"note": m.note} if m.note else {})} for m in ms
                ],
            },
        },
    )


@dataclass
class RandomRun:
    events: int = 0
    rounds: int = 0
    exact: int = 0
    local: int = 0
    methods: dict[str, int] = field(default_factory=dict)
    bad: list[tuple[int, list]] = field(default_factory=list)  # (event seed, findings)

    @property
    def discrepancies(self) -> int:
        return len(self.bad)

    def count(self, rep: Report, seed: int) -> None:
        """Add one event's verification report (the event played from ``seed``)."""
        self.events += 1
        self.rounds += rep.rounds
        self.exact += rep.exact
        self.local += rep.local
        for k, v in rep.methods.items():
            self.methods[k] = self.methods.get(k, 0) + v
        if not rep.ok:
            self.bad.append((seed, rep.findings))


def event_seed(seed: int, i: int) -> int:
    """The seed of the ``i``-th event of a run from ``seed``: ``--random 1
    --seed`` with it replays that one event."""
    return seed + i


def check_random(
    n: int, seed: int, progress=None, max_players: int | None = None, run: RandomRun | None = None
) -> RandomRun:
    """Play ``n`` random events, the i-th from seed ``seed + i``, and check
    each (core.reports.verify) against the program's own standings."""
    run = RandomRun() if run is None else run  # the caller's, to read what finished if it stops early
    for i in range(n):
        ev = random_event(random.Random(event_seed(seed, i)), event_seed(seed, i), max_players)
        run.count(verify_doc(to_doc(ev), standings_json(ev)), event_seed(seed, i))
        if progress is not None:
            progress(i + 1, run)
    return run
