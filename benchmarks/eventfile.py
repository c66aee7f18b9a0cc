"""Export and import of a big ``lycee-event/1`` file (docs/eventfile.md, issue 15).

Builds an event of 2,048 players and 11 played Swiss rounds (plus a 12th
paired with no results, some drops, penalties and byes), then times, median
of ``--runs``:

1. ``to_doc`` (export to the document) and ``json.dumps``;
2. ``event_from_doc`` with the strict checks of a file being imported
   (the ``lycee import`` path), and without them (``strict=False``, the
   replay of an ``import`` action stored in a log);

and checks that the import gives the same event.

    python benchmarks/eventfile.py [--players 2048] [--rounds 11] [--runs 5] [--profile]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core import rules
from core.event.model import Event
from core.rules.eventfile import event_from_doc, to_doc


def build_event(n: int, rounds: int, rng: random.Random) -> Event:
    """An event played at the desk's reducers: n players (odd: a bye each
    round), ``rounds`` rounds with results, a few drops, one round paired."""
    ev = rules.apply(
        None,
        {
            "type": "create",
            "data": {
                "id": "bench",
                "name": f"bench {n}",
                "date": "2026-11-30",
                "sanctioned": False,
                "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
            },
        },
    )
    ids = [f"p{i}" for i in range(1, n)]
    ev = rules.apply(ev, {"type": "register", "data": {"players": [{"id": i, "name": f"Player {i}"} for i in ids]}})
    for r in range(1, rounds + 2):
        order = [p.id for p in ev.eligible()]
        rng.shuffle(order)
        tables = [{"table": t + 1, "p1": order[2 * t], "p2": order[2 * t + 1]} for t in range(len(order) // 2)]
        if len(order) % 2:
            tables.append({"table": len(tables) + 1, "p1": order[-1], "p2": None})
        ev = rules.apply(ev, {"type": "pair", "data": {"round": r, "stage": "swiss", "matches": tables}})
        if r > rounds:
            break
        for t in tables:
            if t["p2"] is None:
                continue
            w = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])
            ev = rules.apply(
                ev,
                {
                    "type": "result",
                    "data": {"round": r, "table": t["table"], "p1_wins": w[0], "p2_wins": w[1], "draws": 0},
                },
            )
        for pid in rng.sample(order, 3):
            ev = rules.apply(ev, {"type": "drop", "data": {"player": pid}})
    return ev


def median_time(fn, runs: int) -> str:
    """Median wall and CPU time of ``fn`` (CPU time is the steadier figure
    on a shared machine)."""
    wall, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return f"{statistics.median(wall) * 1000:8.1f} ms wall {statistics.median(cpu) * 1000:8.1f} ms CPU"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2048)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--profile",
        action="store_true",
        help="profile one strict import with pyinstrument (the bench extra: pip install -e '.[bench]')",
    )
    args = ap.parse_args(argv)
    ev = build_event(args.players, args.rounds, random.Random(args.players))
    doc = json.loads(json.dumps(to_doc(ev), ensure_ascii=False))
    assert event_from_doc(doc) == ev, "import(export(e)) != e"
    print(
        f"event: {len(ev.players)} players, {len(ev.rounds)} rounds, {sum(len(r.matches) for r in ev.rounds)} matches"
    )
    print(f"export (to_doc + json.dumps):  {median_time(lambda: json.dumps(to_doc(ev)), args.runs)}")
    print(f"import strict (lycee import):  {median_time(lambda: event_from_doc(doc), args.runs)}")
    print(f"import strict=False (log):     {median_time(lambda: event_from_doc(doc, strict=False), args.runs)}")
    if args.profile:
        try:
            from pyinstrument import Profiler
        except ImportError:
            raise SystemExit("--profile needs pyinstrument: python -m pip install -e '.[bench]'") from None

        prof = Profiler()
        with prof:
            event_from_doc(doc)
        print(prof.output_text(unicode=True, color=False))


if __name__ == "__main__":
    main()
