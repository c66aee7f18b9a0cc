"""The independent checker against the real engine: N seeded random events.

Each event (core.randomevents: 2 to 40 players, now and then up to 96; both
match types; a random tiebreaker chain; late entries, drops during and
between rounds, intentional draws, double losses, byes; sometimes a top cut
played out) is paired by core.tournament.pairing and checked by core.reports.verify against the
program's own standings.  Prints the discrepancies per 1,000 events (target
0), how many Swiss rounds were checked exactly and how many locally, and the
time taken; lists every event with a finding.

    python benchmarks/verify.py [--events 1000] [--seed 2026]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.randomevents import check_random


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    t0 = time.perf_counter()
    run = check_random(args.events, args.seed)
    secs = time.perf_counter() - t0
    print(f"events            {run.events} (seed {args.seed})")
    print(f"swiss rounds      {run.rounds} rounds in all; (b)/(c) checked exactly on {run.exact}, "
          f"locally on {run.local}")
    print(f"discrepancies     {run.discrepancies} events ({1000 * run.discrepancies / run.events:.2f} per 1,000)")
    print(f"time              {secs:.1f} s ({1000 * secs / run.events:.1f} ms an event)")
    for i, findings in run.bad:
        for f in findings:
            print(f"  event #{i}: {f.line()}")
    return 0 if run.discrepancies == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
