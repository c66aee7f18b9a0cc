"""The independent checker against the real engine: N seeded random events.

Each event (core.randomevents: 4 to 2,048 players, 1 to 12 rounds; both
match types; a random tiebreaker chain; late entries, drops during and
between rounds, penalties escalating to exclusions, intentional draws,
double losses, byes; sometimes a top cut of any size played out) is paired
by core.tournament.pairing and checked by core.reports.verify against the
program's own standings.  Prints the count, the discrepancies (events with a
finding: each is either an engine mistake or a false alarm of the checker,
so 0 means 0 of both), how many Swiss rounds were checked exactly and how,
and the time; lists every disagreeing event by its seed, which
``lycee verify --random 1 --seed SEED`` replays.  ``--every K`` prints a
progress line each K events (a long run stopped early still says what it
did).

    python benchmarks/verify.py [--events 10000] [--seed 2026] [--every 500]

``--round2048`` instead times the exact check of one synthetic 2,048-player
Swiss round (7th round, draws included) that misses the lower bound, split
at its walls (core/reports/verify_exact.py), against networkx's matching of
a 256-player round of the same kind in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.randomevents import RandomRun, check_random


class _Stop(Exception):
    """The time budget (--seconds) is spent."""


def _swiss_round(n: int, rounds: int, seed: int):
    """Players, points and meetings before round ``rounds + 1`` of a Swiss of
    ``n`` players paired down the standings (45 % / 45 % / 10 % drawn)."""
    import random

    rng = random.Random(seed)
    ps = [f"b{i}" for i in range(n)]
    pts = dict.fromkeys(ps, 0)
    met: dict[frozenset, int] = {}
    for r in range(rounds):
        order = sorted(ps, key=lambda p: (-pts[p], rng.random()))
        for a, b in zip(order[::2], order[1::2]):
            met[frozenset((a, b))] = r + 1
            x = rng.random()
            if x < 0.45:
                pts[a] += 3
            elif x < 0.9:
                pts[b] += 3
            else:
                pts[a] += 1
                pts[b] += 1
    return ps, pts, met


def round2048() -> int:
    from core.reports.verify import PairCost
    from core.reports.verify_exact import least_cost, lower_bound, matching_minimum

    for n in (256, 2048):
        ps, pts, met = _swiss_round(n, 6, 1)
        c = PairCost(pts, met, ps)
        t = time.perf_counter()
        if n == 256:
            best, how = matching_minimum(ps, c.pair)[0], "matching"
            base = time.perf_counter() - t
        else:
            bound = lower_bound(ps, pts, 0, c.fold)
            best, how = least_cost(ps, pts, bound + 1, 0, c.pair, c.fold, met)  # as if the bound were missed
        secs = time.perf_counter() - t
        parts = "-" if best is None else c.parts(best)
        print(f"{n:5} players, {len(set(pts.values()))} score groups: {how}, {secs:.2f} s"
              + ("" if n == 256 else f" ({secs / base:.1f} x the 256-player matching)") + f"; least cost {parts}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--every", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=0,
                    help="stop after this long and report the events finished (0: no limit)")
    ap.add_argument("--round2048", action="store_true",
                    help="time the exact check of one 2,048-player round that misses the bound, and stop")
    args = ap.parse_args()
    if args.round2048:
        return round2048()
    t0 = time.perf_counter()
    done = RandomRun()

    def progress(k: int, run: RandomRun) -> None:
        if args.every and k % args.every == 0:
            print(f"  ... {k} events, {run.discrepancies} discrepancies, {time.perf_counter() - t0:.0f} s",
                  flush=True)
        if args.seconds and time.perf_counter() - t0 > args.seconds:
            raise _Stop

    try:
        run = check_random(args.events, args.seed, progress, run=done)
    except _Stop:
        run = done
        print(f"stopped after {args.seconds:.0f} s (--seconds): {run.events} of {args.events} events")
    secs = time.perf_counter() - t0
    print(f"events            {run.events} (seed {args.seed})")
    print(f"rounds            {run.rounds} in all; Swiss (b)/(c) checked exactly on {run.exact} "
          f"({', '.join(f'{k} {v}' for k, v in sorted(run.methods.items()) if k != 'local')}), locally on {run.local}")
    print(f"discrepancies     {run.discrepancies} events ({1000 * run.discrepancies / run.events:.2f} per 1,000); "
          f"false alarms among them: see each seed below (none when 0)")
    print(f"time              {secs:.1f} s ({1000 * secs / run.events:.1f} ms an event)")
    for seed, findings in run.bad:
        for f in findings:
            print(f"  seed {seed}: {f.line()}")
    return 0 if run.discrepancies == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
