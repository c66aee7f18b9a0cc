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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--every", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=0,
                    help="stop after this long and report the events finished (0: no limit)")
    args = ap.parse_args()
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
