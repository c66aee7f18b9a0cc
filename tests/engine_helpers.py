"""Helpers for the engine tests (pairing, standings, elimination).

Events are built with :class:`core.event.model.Event` directly; nothing here touches
storage.  ``reference_cost`` is the exact solver the pairing tests compare
against: networkx's blossom on the complete graph with the cost vector of
:mod:`core.tournament.pairing` encoded in one integer weight (tests only).
"""

from __future__ import annotations

import random
from dataclasses import replace

from core.event.model import Event, Match, Player, Round
from core.tournament.pairing import _cost, _met_sets, pair_swiss
from core.tournament.standings import Ledger as _Ledger


def players(n: int, prefix: str = "p") -> tuple[Player, ...]:
    width = max(3, len(str(n)))
    return tuple(Player(f"{prefix}{i:0{width}d}", f"Player {i}") for i in range(1, n + 1))


def make_event(n_players: int = 0, **kw) -> Event:
    kw.setdefault("players", players(n_players))
    return Event(id=kw.pop("id", "ev"), name=kw.pop("name", "Test"), date="2008-11-30", **kw)


def decide(m: Match, rng: random.Random, draw_rate: float = 0.1, dl_rate: float = 0.0) -> Match:
    """A random legal best-of-three result for an unplayed match."""
    if m.p2 is None:
        return m
    x = rng.random()
    if x < dl_rate:
        return replace(m, p1_wins=0, p2_wins=0, draws=0, outcome="double_loss")
    if x < dl_rate + draw_rate:
        w1, w2, d = rng.choice([(1, 1, 0), (1, 1, 1), (0, 0, 1), (0, 0, 0)])
        return replace(m, p1_wins=w1, p2_wins=w2, draws=d, outcome="draw")
    games = rng.choice([(2, 0), (2, 1), (1, 0)])
    if rng.random() < 0.5:
        return replace(m, p1_wins=games[0], p2_wins=games[1], draws=0, outcome="p1")
    return replace(m, p1_wins=games[1], p2_wins=games[0], draws=0, outcome="p2")


def play_round(event: Event, matches, rng: random.Random, draw_rate=0.1, dl_rate=0.0, stage="swiss") -> Event:
    done = tuple(decide(m, rng, draw_rate, dl_rate) for m in matches)
    rnd = Round(len(event.rounds) + 1, stage, done)
    return event.with_(rounds=event.rounds + (rnd,))


def drop_some(event: Event, rng: random.Random, rate: float) -> Event:
    if rate <= 0:
        return event
    after = len(event.rounds)
    ps = tuple(replace(p, dropped_after_round=after) if p.active and rng.random() < rate else p for p in event.players)
    return event.with_(players=ps)


def simulate(
    n_players: int,
    rounds: int,
    seed: int = 0,
    draw_rate: float = 0.1,
    drop_rate: float = 0.0,
    dl_rate: float = 0.0,
    **event_kw,
) -> Event:
    """An event after ``rounds`` Swiss rounds paired by ``pair_swiss``."""
    rng = random.Random(seed)
    ev = make_event(n_players, **event_kw)
    for _ in range(rounds):
        if len(ev.eligible()) < 2:
            break
        ms = pair_swiss(ev, rng)
        ev = play_round(ev, ms, rng, draw_rate, dl_rate)
        ev = drop_some(ev, rng, drop_rate)
    return ev


def random_history(n_players: int, rounds: int, seed: int, draw_rate=0.15) -> Event:
    """An event whose past rounds were paired at random (many odd score groups,
    rematch-prone structures): a harder test bed than Swiss-paired history."""
    rng = random.Random(seed)
    ev = make_event(n_players)
    for _ in range(rounds):
        ids = [p.id for p in ev.players]
        rng.shuffle(ids)
        ms = [Match(t + 1, ids[2 * t], ids[2 * t + 1]) for t in range(len(ids) // 2)]
        if len(ids) % 2:
            ms.append(Match(len(ms) + 1, ids[-1], None, 2, 0, 0, "bye"))
        ev = play_round(ev, ms, rng, draw_rate)
    return ev


def reference_cost(event: Event, matches, with_apart: bool = False) -> tuple[int, ...]:
    """The optimal cost vector for pairing the non-bye players of ``matches``,
    found by networkx (exact blossom) on the complete graph.  ``with_apart``:
    the event's keep-apart pairs count too, below S (the full vector
    ``(R, f..., S, A)``, core/tournament/pairing.py)."""
    import networkx as nx

    led = _Ledger(event)
    ids = [x for m in matches if m.p2 is not None for x in (m.p1, m.p2)]
    pts = [led.points[led.index[p]] for p in ids]
    met = _met_sets(event, ids)
    local = {p: i for i, p in enumerate(ids)}
    apart: list[set[int]] = [set() for _ in ids]
    for a, b in event.apart if with_apart else ():
        if a in local and b in local:
            apart[local[a]].add(local[b])
            apart[local[b]].add(local[a])
    n = len(ids)
    values = sorted(set(pts), reverse=True)
    gi = {v: i for i, v in enumerate(values)}
    k = len(values)
    T = n + 1
    maxd2 = (values[0] - values[-1]) ** 2
    # weights: R, f_1..f_{k-1}, S (, A)  (lexicographic)
    w_a = 1
    w_s = T if with_apart else 1
    w_f = [0] * (k - 1)
    w = w_s * T * (maxd2 + 1)
    for j in range(k - 2, -1, -1):
        w_f[j] = w
        w *= T
    w_r = w
    big = w_r * T
    G = nx.Graph()
    G.add_nodes_from(range(n))
    for a in range(n):
        for b in range(a + 1, n):
            ga, gb = sorted((gi[pts[a]], gi[pts[b]]))
            c = (pts[a] - pts[b]) ** 2 * w_s + sum(w_f[t] for t in range(ga, gb))
            if b in met[a]:
                c += w_r
            if b in apart[a]:
                c += w_a
            G.add_edge(a, b, weight=big - c)
    M = nx.max_weight_matching(G, maxcardinality=True)
    assert len(M) * 2 == n
    if with_apart:
        return _cost(pts, met, list(M), apart).full_vector
    return _cost(pts, met, list(M)).vector


def json_paths(x, at=()):
    """Every path into a JSON document (keys and list indexes), the root first:
    where the hostile-file tests change a value."""
    yield at
    if isinstance(x, dict):
        for k, v in x.items():
            yield from json_paths(v, at + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from json_paths(v, at + (i,))
