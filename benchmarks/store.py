"""Durable write latency: one result into events of 64, 512 and 2,048 players
with 5, 9 and 11 rounds of history (issue: foundation).

For each size it builds the event's action log, opens it with our store
(DurableStorage: serialise, temp file, fsync, atomic replace, fsync folder)
and times ``EventStore.append("result", ...)`` — the whole path a result takes:
rule check, log insert, durable write.  The same inserts go through stock
TinyDB ``JSONStorage`` in the same run for a ratio.

    python benchmarks/store.py [--writes 60]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tinydb import TinyDB  # noqa: E402
from tinydb.storages import JSONStorage  # noqa: E402

from core.storage import dumps  # noqa: E402
from core.store import LOG, DataDir  # noqa: E402

SIZES = [(64, 5), (512, 9), (2048, 11)]


def build_log(n: int, rounds: int, rng: random.Random) -> list[dict]:
    """An event's log: create, register, ``rounds`` played rounds, and one more
    round paired with no results yet."""
    acts: list[dict] = []

    def add(kind, data):
        acts.append({"seq": len(acts) + 1, "at": "2026-11-30T10:00:00+09:00",
                     "actor": "bench", "type": kind, "data": data})

    add("create", {"id": "bench", "name": f"bench {n}", "date": "2026-11-30"})
    ids = [f"p{i}" for i in range(1, n + 1)]
    add("register", {"players": [{"id": i, "name": f"Player {i}"} for i in ids]})
    for r in range(1, rounds + 2):
        order = ids[:]
        rng.shuffle(order)
        tables = [{"table": t + 1, "p1": order[2 * t], "p2": order[2 * t + 1]} for t in range(n // 2)]
        add("pair", {"round": r, "stage": "swiss", "matches": tables})
        if r <= rounds:
            for t in tables:
                w = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])
                add("result", {"round": r, "table": t["table"], "p1_wins": w[0], "p2_wins": w[1],
                               "draws": 0, "result": f"{w[0]}-{w[1]}"})
    return acts


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def bench(n: int, rounds: int, writes: int) -> dict:
    rng = random.Random(n)
    acts = build_log(n, rounds, rng)
    tmp = Path(tempfile.mkdtemp(prefix="lycee-bench-"))
    dd = DataDir(tmp)
    dd.events_dir.mkdir(parents=True)
    doc = {LOG: {str(a["seq"]): a for a in acts}}
    dd.event_path("bench").write_text(dumps(doc), encoding="utf-8")
    size = dd.event_path("bench").stat().st_size

    store = dd.open("bench")
    writes = min(writes, n // 2)  # one result per table of the open round
    ours = []
    for t in range(1, writes + 1):
        t0 = time.perf_counter()
        store.append("result", {"round": rounds + 1, "table": t, "p1_wins": 2, "p2_wins": 1,
                                "draws": 0, "result": "2-1"})
        ours.append((time.perf_counter() - t0) * 1000)
    store.close()

    stock_path = tmp / "stock.json"
    stock_path.write_text(dumps(doc), encoding="utf-8")
    db = TinyDB(stock_path, storage=JSONStorage)
    stock = []
    seq = len(acts)
    for t in range(1, writes + 1):
        seq += 1
        act = {"seq": seq, "at": "2026-11-30T10:00:00+09:00", "actor": "bench", "type": "result",
               "data": {"round": rounds + 1, "table": t, "p1_wins": 2, "p2_wins": 1, "draws": 0,
                        "result": "2-1"}}
        t0 = time.perf_counter()
        db.table(LOG).insert(act)
        stock.append((time.perf_counter() - t0) * 1000)
    db.close()
    return {"n": n, "rounds": rounds, "actions": len(acts), "kib": size // 1024,
            "med": statistics.median(ours), "p95": percentile(ours, 0.95),
            "smed": statistics.median(stock), "sp95": percentile(stock, 0.95)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--writes", type=int, default=60)
    args = ap.parse_args()
    print(f"{'players':>7} {'rounds':>6} {'actions':>7} {'file KiB':>8} | "
          f"{'ours med':>8} {'ours p95':>8} | {'stock med':>9} {'stock p95':>9} | {'stock/ours':>10}")
    for n, r in SIZES:
        x = bench(n, r, args.writes)
        print(f"{x['n']:>7} {x['rounds']:>6} {x['actions']:>7} {x['kib']:>8} | "
              f"{x['med']:>6.2f}ms {x['p95']:>6.2f}ms | {x['smed']:>7.2f}ms {x['sp95']:>7.2f}ms | "
              f"{x['smed'] / x['med']:>9.2f}x")
    print("targets: median <= 15 ms at 512 players, <= 60 ms at 2,048 (durable: fsync file + folder)")


if __name__ == "__main__":
    main()
