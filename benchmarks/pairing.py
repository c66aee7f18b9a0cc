"""Swiss pairing and standings speed and quality.

Events of 64, 256, 1,024 and 2,048 players play 10 Swiss rounds with random
best-of-three results (10 % draws) and 2 % of the active players dropping
after each round.  For every round it times ``pair_swiss`` and measures the
pairing: rematches, players paired outside their score group, the total
point difference, and how many players the exact fallback (blossom windows)
had to look at.  Then ``standings`` for 2,048 players after 11 rounds.

Two baselines run in the same process on the same positions:

- *greedy*: the textbook top-down pairing (sort by points, pair each player
  with the next one not met yet); fast, but neither rematch-free for sure nor
  optimal in floats;
- *blossom*: the exact solver on the whole round at once (Edmonds' blossom in
  pure Python, O(n^3), what a naive exact design would do); run on the
  smaller sizes only.

    python benchmarks/pairing.py [--rounds 10] [--seed 1] [--blossom-max 256]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.event.model import Event, Player, Round
from core.tournament import pairing
from core.tournament.pairing import _cost, _met_sets, _solve_window, pair_swiss, pairing_cost
from core.tournament.standings import Ledger as _Ledger
from core.tournament.standings import standings

SIZES = (64, 256, 1024, 2048)


def decide(m, rng: random.Random, draw_rate: float):
    if m.p2 is None:
        return m
    if rng.random() < draw_rate:
        return replace(m, p1_wins=1, p2_wins=1, draws=rng.choice((0, 1)), outcome="draw")
    w, lo = rng.choice(((2, 0), (2, 1)))
    if rng.random() < 0.5:
        return replace(m, p1_wins=w, p2_wins=lo, outcome="p1")
    return replace(m, p1_wins=lo, p2_wins=w, outcome="p2")


def play(ev: Event, matches, rng: random.Random, draw_rate=0.10, drop_rate=0.02) -> Event:
    rnd = Round(len(ev.rounds) + 1, "swiss", tuple(decide(m, rng, draw_rate) for m in matches))
    after = rnd.number
    ps = tuple(
        replace(p, dropped_after_round=after) if p.active and rng.random() < drop_rate else p for p in ev.players
    )
    return ev.with_(rounds=ev.rounds + (rnd,), players=ps)


def new_event(n: int) -> Event:
    ps = tuple(Player(f"p{i:05d}", f"Player {i}") for i in range(1, n + 1))
    return Event(id=f"bench{n}", name=f"bench {n}", date="2008-11-30", players=ps)


def greedy(ev: Event, matches) -> tuple:
    """Naive top-down pairing of the same players; returns (seconds, cost)."""
    t = time.perf_counter()
    led = _Ledger(ev)
    ids = [x for m in matches if m.p2 is not None for x in m.players()]
    pts = [led.points[led.index[p]] for p in ids]
    met = _met_sets(ev, ids)
    order = sorted(range(len(ids)), key=lambda i: -pts[i])
    free = list(order)
    pairs = []
    while free:
        a = free.pop(0)
        j = next((j for j, b in enumerate(free) if b not in met[a]), 0)
        pairs.append((a, free.pop(j)))
    dt = time.perf_counter() - t
    return dt, _cost(pts, met, pairs)


def blossom(ev: Event, matches, rng) -> tuple:
    """Exact solver on the whole round at once; returns (seconds, cost)."""
    t = time.perf_counter()
    led = _Ledger(ev)
    ids = [x for m in matches if m.p2 is not None for x in m.players()]
    pts = [led.points[led.index[p]] for p in ids]
    met = _met_sets(ev, ids)
    values = sorted(set(pts), reverse=True)
    gi = {v: i for i, v in enumerate(values)}
    groups = [[] for _ in values]
    for p in range(len(ids)):
        groups[gi[pts[p]]].append(p)
    sol = _solve_window(0, len(groups) - 1, groups, values, met, rng)
    dt = time.perf_counter() - t
    return dt, _cost(pts, met, sol.pairs)


def run_size(n: int, rounds: int, seed: int, blossom_max: int):
    rng = random.Random(seed * 7919 + n)
    ev = new_event(n)
    times, rem, out, diff, window_players = [], 0, 0, 0, 0
    g_times, g_rem, g_worse = [], 0, 0
    b_times = []
    real_window = pairing._solve_window
    seen = []

    def counting(a, b, groups, *rest):
        seen.append(sum(len(groups[g]) for g in range(a, b + 1)))
        return real_window(a, b, groups, *rest)

    for _ in range(rounds):
        seen.clear()
        pairing._solve_window = counting
        try:
            t = time.perf_counter()
            ms = pair_swiss(ev, rng)
            times.append(time.perf_counter() - t)
        finally:
            pairing._solve_window = real_window
        window_players += sum(seen)
        cost = pairing_cost(ev, ms)
        rem += cost.rematches
        out += cost.outside
        diff += cost.point_diff
        gt, gc = greedy(ev, ms)
        g_times.append(gt)
        g_rem += gc.rematches
        g_worse += gc.vector > cost.vector
        if n <= blossom_max:
            bt, bc = blossom(ev, ms, random.Random(0))
            b_times.append(bt)
            assert bc.vector == cost.vector, (bc.vector, cost.vector)
        ev = play(ev, ms, rng)
    return {
        "n": n,
        "median": statistics.median(times),
        "max": max(times),
        "rematches": rem,
        "outside": out,
        "diff": diff,
        "window": window_players,
        "g_median": statistics.median(g_times),
        "g_rem": g_rem,
        "g_worse": g_worse,
        "b_median": statistics.median(b_times) if b_times else None,
        "active": len(ev.eligible()),
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--blossom-max", type=int, default=256, help="largest field the whole-round blossom baseline runs on"
    )
    args = ap.parse_args(argv)

    print(f"Swiss pairing, {args.rounds} rounds, 10% draws, 2% drops a round (pure Python {sys.version.split()[0]})\n")
    head = (
        f"{'players':>7} {'median':>9} {'max':>9} {'rematch':>7} {'outside':>7} "
        f"{'ptdiff':>6} {'exact':>6} | {'greedy':>8} {'g.remat':>7} {'g.worse':>7} "
        f"| {'blossom':>9} {'ratio':>6}"
    )
    print(head)
    print("-" * len(head))
    for n in SIZES:
        r = run_size(n, args.rounds, args.seed, args.blossom_max)
        bl = f"{r['b_median'] * 1000:8.1f}ms" if r["b_median"] else f"{'-':>9}"
        ratio = f"{r['b_median'] / r['median']:5.0f}x" if r["b_median"] else f"{'-':>6}"
        print(
            f"{n:>7} {r['median'] * 1000:7.2f}ms {r['max'] * 1000:7.2f}ms {r['rematches']:>7} "
            f"{r['outside']:>7} {r['diff']:>6} {r['window']:>6} | {r['g_median'] * 1000:6.2f}ms "
            f"{r['g_rem']:>7} {r['g_worse']:>7} | {bl} {ratio}"
        )
    print(
        "\nmedian/max: pair_swiss per round (bye, grouping and proof included); rematch,"
        "\noutside (players paired outside their score group), ptdiff (sum of point"
        "\ndifferences) and exact (players the blossom fallback looked at) summed over"
        "\nthe rounds.  greedy: naive top-down pairing of the same positions, its median"
        "\ntime, rematches, and rounds where its cost vector is worse.  blossom: exact"
        "\nsolver on the whole round (same cost vector, checked), and its time ratio."
    )

    # standings: 2,048 players after 11 rounds
    rng = random.Random(args.seed)
    ev = new_event(2048)
    for _ in range(11):
        ev = play(ev, pair_swiss(ev, rng), rng)
    runs = []
    for _ in range(7):
        t = time.perf_counter()
        rows = standings(ev)
        runs.append(time.perf_counter() - t)
    print(
        f"\nstandings, 2048 players after 11 rounds ({len(rows)} rows): "
        f"median {statistics.median(runs) * 1000:.1f} ms, max {max(runs) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
