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
``lycee verify --random 1 --seed SEED`` replays, and a
progress line as each chunk of events ends.  The events are played in
chunks (``--chunk``) by ``--jobs`` worker processes; ``--resume FILE`` keeps
each finished chunk in FILE and skips those already there, so a run that is
stopped goes on where it was.

    python benchmarks/verify.py [--events 10000] [--seed 2026] [--jobs 2] [--resume FILE]

``--round2048`` instead times the exact check of synthetic 2,048- and
4,096-player Swiss rounds (an early and a late one, draws included) that
miss the lower bound (core/reports/verify_exact.py): as if a pairing
missed it (the round's optimum is at the bound), and a late round whose
leader has met the next two players (the optimum is above the bound),
after networkx's matching of a 256-player round in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.randomevents import check_random


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


def _leaders_met(ps: list[str], pts: dict[str, int], met: dict[frozenset, int]) -> None:
    """The leader meets the next two players instead of two earlier opponents
    (who, like those two, forget one): nobody has met more, and the round
    cannot pair at its lower bound (the leader plays further down)."""
    x, y, z = sorted(ps, key=lambda p: -pts[p])[:3]
    for o in (y, z):
        if frozenset((x, o)) in met:
            continue
        for who in (x, o):
            old = next(k for k in met if who in k and not ({x, y, z} & (k - {who})))
            del met[old]
        met[frozenset((x, o))] = 1


def round_check(sizes: list[int]) -> int:
    """Time the exact check of late synthetic rounds of each size that miss
    the lower bound (as a wrong pairing would), after networkx's matching of
    a 256-player round of the same kind as a baseline."""
    import math

    from core.reports.verify import PairCost
    from core.reports.verify_exact import least_cost, lower_bound, matching_minimum

    for n in (256, *sizes):
        late = math.ceil(math.log2(n)) - 1
        for played, leaders in ((6, False),) if n == 256 else ((6, False), (late, False), (late, True)):
            ps, pts, met = _swiss_round(n, played, 1)
            if leaders:
                _leaders_met(ps, pts, met)
            c = PairCost(pts, met, ps)
            t, cpu = time.perf_counter(), time.process_time()
            if n == 256:
                best, how = matching_minimum(ps, c.pair)[0], "matching (whole round)"
            else:
                bound = lower_bound(ps, pts, 0, c.fold)
                best, how = least_cost(ps, pts, bound + 1, 0, c.pair, c.fold, met)  # as if the bound were missed
            secs, cpu = time.perf_counter() - t, time.process_time() - cpu
            parts = "-" if best is None else c.parts(best)
            print(
                f"{n:5} players before round {played + 1}{', the leader met the next two' if leaders else ''}, "
                f"{len(set(pts.values()))} score groups: {how}, "
                f"{secs:.2f} s ({cpu:.2f} s CPU); least cost {parts}",
                flush=True,
            )
    return 0


def _chunk(args: tuple[int, int, int]) -> dict:
    """Events ``start`` .. ``start + count - 1`` of the run from ``seed`` (a worker's share)."""
    start, count, seed = args
    t = time.perf_counter()
    run = check_random(count, seed + start)  # event i of the run has the seed seed + i
    return {
        "start": start,
        "count": count,
        "events": run.events,
        "rounds": run.rounds,
        "exact": run.exact,
        "local": run.local,
        "methods": run.methods,
        "secs": time.perf_counter() - t,
        "bad": [[s, [f.line() for f in fs]] for s, fs in run.bad],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2: this machine's cores)")
    ap.add_argument("--chunk", type=int, default=100, help="events a worker plays at a time")
    ap.add_argument(
        "--resume",
        type=Path,
        default=None,
        help="a file of finished chunks (JSON lines): kept, and chunks already in it are skipped",
    )
    ap.add_argument(
        "--round2048",
        action="store_true",
        help="time the exact check of 2,048- and 4,096-player rounds that miss the bound, and stop",
    )
    args = ap.parse_args()
    if args.round2048:
        return round_check([2048, 4096])
    import json
    from concurrent.futures import ProcessPoolExecutor

    t0 = time.perf_counter()
    done: dict[int, dict] = {}
    if args.resume is not None and args.resume.exists():
        for line in args.resume.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("seed") == args.seed:
                done[row["start"]] = row
        print(f"resuming: {sum(r['events'] for r in done.values())} events already checked in {args.resume}")
    todo = [
        (s, min(args.chunk, args.events - s), args.seed) for s in range(0, args.events, args.chunk) if s not in done
    ]
    out = args.resume.open("a", encoding="utf-8") if args.resume is not None else None
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for row in pool.map(_chunk, todo):
            row["seed"] = args.seed
            done[row["start"]] = row
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            k = sum(r["events"] for r in done.values())
            bad = sum(len(r["bad"]) for r in done.values())
            print(
                f"  ... {k} of {args.events} events, {bad} discrepancies, {time.perf_counter() - t0:.0f} s", flush=True
            )
    if out is not None:
        out.close()
    rows = [done[s] for s in sorted(done)]
    events = sum(r["events"] for r in rows)
    methods: dict[str, int] = {}
    for r in rows:
        for k, v in r["methods"].items():
            methods[k] = methods.get(k, 0) + v
    exact, local = sum(r["exact"] for r in rows), sum(r["local"] for r in rows)
    bad = [b for r in rows for b in r["bad"]]
    secs = time.perf_counter() - t0
    cpu = sum(r["secs"] for r in rows)
    print(f"events            {events} (seed {args.seed})")
    print(
        f"rounds            {sum(r['rounds'] for r in rows)} in all; Swiss (b)/(c) checked exactly on {exact} "
        f"({', '.join(f'{k} {v}' for k, v in sorted(methods.items()) if k != 'local')}), locally on {local}"
    )
    print(
        f"discrepancies     {len(bad)} events ({1000 * len(bad) / max(events, 1):.2f} per 1,000); "
        f"false alarms among them: see each seed below (none when 0)"
    )
    print(
        f"time              {secs:.1f} s wall this run, {args.jobs} job(s); {cpu:.1f} s summed over chunks "
        f"({1000 * cpu / max(events, 1):.1f} ms an event)"
    )
    for seed, lines in bad:
        for line in lines:
            print(f"  seed {seed}: {line}")
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
