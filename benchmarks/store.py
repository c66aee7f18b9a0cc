"""The event journal's figures (issue 14), printed in one run:

1. durable result write (rule check + one journal record + fsync), median and
   p95, into events of 16 / 512 / 2,048 players at rounds 5 / 9 / 11, and the
   2,048 figure over the 16 one (constant cost: target <= 1.5x, <= 5 ms);
2. opening a 2,048-player event with 11 rounds played, ready to pair
   (target <= 100 ms in-process): as a writer finds it after any writer
   closed (checkpoint fresh), and the worst case a reader meets
   (CHECKPOINT_TAIL results past the newest checkpoint);
3. ``lycee pair`` for round 11 of 2,048 players as a whole process against a
   script that reads the same event file and pairs it with the PyPI package
   ``swisspair`` (C++), median of 5, with rematches and cross-group pairs
   counted for both (target: ratio <= 1.0, no more rematches or cross pairs);
4. ``lycee --help`` as a whole process (target <= 100 ms);
5. ``lycee event list`` with 500 events in the folder (target <= 0.5 s).

The events are built by writing the journal the store writes (one record an
action) and letting the store itself write its checkpoints, so building a
2,048-player event takes seconds, not the hours of real fsyncs.

    python benchmarks/store.py [--writes 60] [--runs 5] [--skip-list]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core import log as A  # noqa: E402
from core.store.journal import MAGIC, encode_record  # noqa: E402
from core.store.store import CHECKPOINT_TAIL, DataDir  # noqa: E402

SIZES = [(16, 5), (512, 9), (2048, 11)]


def build_log(n: int, rounds: int, rng: random.Random, paired_next: bool = True) -> list[dict]:
    """An event's log: create, register, ``rounds`` played rounds, and (with
    ``paired_next``) one more round paired with no results yet."""
    acts: list[dict] = []

    def add(kind, data):
        acts.append(
            {
                "seq": len(acts) + 1,
                "at": "2026-11-30T10:00:00+09:00",
                "actor": "bench",
                "type": kind,
                "v": A.ACTION_FORMAT,
                "data": data,
            }
        )

    add("create", {"id": "bench", "name": f"bench {n}", "date": "2026-11-30", "sanctioned": False})
    ids = [f"p{i}" for i in range(1, n + 1)]
    add("register", {"players": [{"id": i, "name": f"Player {i}"} for i in ids]})
    for r in range(1, rounds + (2 if paired_next else 1)):
        order = ids[:]
        rng.shuffle(order)
        tables = [{"table": t + 1, "p1": order[2 * t], "p2": order[2 * t + 1]} for t in range(n // 2)]
        add("pair", {"round": r, "stage": "swiss", "matches": tables})
        if r <= rounds:
            for t in tables:
                w = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])
                add(
                    "result",
                    {
                        "round": r,
                        "table": t["table"],
                        "p1_wins": w[0],
                        "p2_wins": w[1],
                        "draws": 0,
                        "result": f"{w[0]}-{w[1]}",
                    },
                )
    return acts


def write_event(root: Path, acts: list[dict], checkpoint_tail: bool = True) -> DataDir:
    """A data dir holding ``acts`` as the store writes them: one record an
    action, a checkpoint at the last pairing (written by the store), and the
    actions after it (with ``checkpoint_tail`` a writer then opened and
    closed it, which checkpoints a long tail)."""
    dd = DataDir(root)
    dd.events_dir.mkdir(parents=True, exist_ok=True)
    last_pair = max(i for i, a in enumerate(acts) if a["type"] == "pair")
    path = dd.event_path("bench")
    path.write_bytes(MAGIC + b"".join(encode_record([a]) for a in acts[: last_pair + 1]))
    dd.open("bench").close()  # the store checkpoints the pairing
    rest = acts[last_pair + 1 :]
    if not checkpoint_tail:  # the most a reader replays: CHECKPOINT_TAIL actions past a checkpoint
        with open(path, "ab") as f:
            f.write(b"".join(encode_record([a]) for a in rest[:-CHECKPOINT_TAIL]))
        dd.open("bench").close()
        rest = rest[-CHECKPOINT_TAIL:]
    with open(path, "ab") as f:
        f.write(b"".join(encode_record([a]) for a in rest))
    if checkpoint_tail:
        dd.open("bench").close()
    return dd


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def bench_writes(n: int, rounds: int, writes: int) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="lycee-bench-"))
    try:
        acts = build_log(n, rounds, random.Random(n))
        dd = write_event(tmp, acts)
        size = dd.event_path("bench").stat().st_size
        store = dd.open("bench")
        writes = min(writes, n // 2)  # one result per table of the open round
        ours = []
        for t in range(1, writes + 1):
            t0 = time.perf_counter()
            store.append(
                "result", {"round": rounds + 1, "table": t, "p1_wins": 2, "p2_wins": 1, "draws": 0, "result": "2-1"}
            )
            ours.append((time.perf_counter() - t0) * 1000)
        store.close()
        return {
            "n": n,
            "rounds": rounds,
            "actions": len(acts),
            "kib": size // 1024,
            "med": statistics.median(ours),
            "p95": percentile(ours, 0.95),
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bench_open(runs: int) -> tuple[float, float]:
    """(writer open with a fresh checkpoint, reader with CHECKPOINT_TAIL results past it), ms medians."""
    tmp = Path(tempfile.mkdtemp(prefix="lycee-bench-"))
    try:
        acts = build_log(2048, 11, random.Random(7), paired_next=False)
        fresh = write_event(tmp / "fresh", acts, checkpoint_tail=True)
        stale = write_event(tmp / "stale", acts, checkpoint_tail=False)
        a, b = [], []
        for _ in range(runs):
            t0 = time.perf_counter()
            s = fresh.open("bench")
            assert len(s.event.rounds) == 11 and s.event.current_round.complete
            a.append((time.perf_counter() - t0) * 1000)
            s.close()
            t0 = time.perf_counter()
            ev = stale.read("bench")
            assert len(ev.rounds) == 11 and ev.current_round.complete
            b.append((time.perf_counter() - t0) * 1000)
        return statistics.median(a), statistics.median(b)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bench_checkpoint_check(runs: int) -> dict:
    """Opening 2,048 players / 11 rounds from a fresh checkpoint, with the
    checkpoint's own checksum checked (as lycee does, issue 44) and, in the
    same run, with that check skipped (as before): medians in ms, interleaved
    so both see the same machine; and the checkpoint's size and its CRC alone."""
    from core.store import journal

    tmp = Path(tempfile.mkdtemp(prefix="lycee-bench-"))
    real = journal.checkpoint_check
    try:
        acts = build_log(2048, 11, random.Random(7), paired_next=False)
        dd = write_event(tmp / "fresh", acts, checkpoint_tail=True)
        raw = dd.checkpoints("bench")[0][1].read_bytes()
        checked, unchecked, crc = [], [], []
        for _ in range(runs):
            for on, out in ((True, checked), (False, unchecked)):
                journal.checkpoint_check = real if on else (lambda raw: None)
                t0 = time.perf_counter()
                f = dd.load("bench")
                out.append((time.perf_counter() - t0) * 1000)
                assert f.ckpt_seq and len(f.event.rounds) == 11
            t0 = time.perf_counter()
            real(raw)
            crc.append((time.perf_counter() - t0) * 1000)
        return {
            "checked": statistics.median(checked),
            "unchecked": statistics.median(unchecked),
            "crc": statistics.median(crc),
            "kib": len(raw) // 1024,
        }
    finally:
        journal.checkpoint_check = real
        shutil.rmtree(tmp, ignore_errors=True)


SWISSPAIR_SCRIPT = r"""
import json, sys, time
t0 = time.perf_counter()
from swisspair import Player, create_matches
path = sys.argv[1]
acts = []
with open(path, "rb") as f:
    f.readline()  # lycee-journal/1
    for line in f:
        acts.extend(json.loads(line.split(b" ", 2)[2]))
undone = {a["data"]["target"] for a in acts if a["type"] == "undo"}
points, opp, ids = {}, {}, []
rounds = {}
for a in acts:
    if a["seq"] in undone or a["type"] == "undo":
        continue
    d = a["data"]
    if a["type"] == "register":
        for p in d["players"]:
            ids.append(p["id"]); points[p["id"]] = 0; opp[p["id"]] = set()
    elif a["type"] == "pair":
        rounds[d["round"]] = {m["table"]: m for m in d["matches"]}
        for m in d["matches"]:
            if m.get("p2"):
                opp[m["p1"]].add(m["p2"]); opp[m["p2"]].add(m["p1"])
            else:
                points[m["p1"]] += 3
    elif a["type"] == "result":
        m = rounds[d["round"]][d["table"]]
        w1, w2 = d["p1_wins"], d["p2_wins"]
        if w1 > w2: points[m["p1"]] += 3
        elif w2 > w1: points[m["p2"]] += 3
        else: points[m["p1"]] += 1; points[m["p2"]] += 1
order = sorted(ids, key=lambda i: -points[i])
players = [Player(id=i, points=points[i], rank=r + 1, cannot_be_paired_against_ids=set(opp[i]))
           for r, i in enumerate(order)]
matches = create_matches(players)
rematch = sum(1 for m in matches if m.p2 is not None and m.p2.id in opp[m.p1.id])
cross = sum(1 for m in matches if m.p2 is not None and points[m.p1.id] != points[m.p2.id])
print(json.dumps({"tables": len(matches), "rematches": rematch, "cross": cross}))
for t, m in enumerate(matches, 1):  # the pairings, as `lycee pair` prints them (it also stores them)
    print(t, m.p1.id, m.p2.id if m.p2 else "bye")
"""


def _run(argv: list[str], env: dict) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    out = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    return (time.perf_counter() - t0) * 1000, out


def bench_pair(runs: int) -> dict:
    """``lycee pair`` (round 11, 2,048 players) vs a swisspair script on the same file."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    tmp = Path(tempfile.mkdtemp(prefix="lycee-bench-"))
    try:
        acts = build_log(2048, 10, random.Random(11), paired_next=False)
        base = tmp / "base"
        write_event(base, acts)
        script = tmp / "swisspair_pair.py"
        script.write_text(SWISSPAIR_SCRIPT, encoding="utf-8")
        ours, theirs, quality = [], [], {}
        have_swisspair = subprocess.run([sys.executable, "-c", "import swisspair"], capture_output=True).returncode == 0
        for i in range(runs):
            run_dir = tmp / f"run{i}"
            shutil.copytree(base, run_dir)
            ms, out = _run([sys.executable, "-m", "tui.cli", "--data-dir", str(run_dir), "pair", "bench"], env)
            assert out.returncode == 0, out.stderr
            ours.append(ms)
            if i == 0:
                ev = DataDir(run_dir).read("bench")
                *played, new = ev.rounds
                opp = {p.id: set() for p in ev.players}
                pts = {p.id: 0 for p in ev.players}
                for r in played:
                    for m in r.matches:
                        if m.p2:
                            opp[m.p1].add(m.p2)
                            opp[m.p2].add(m.p1)
                        for pid, got in ((m.p1, m.outcome in ("p1", "bye")), (m.p2, m.outcome == "p2")):
                            if pid:
                                pts[pid] += 3 if got else (1 if m.outcome == "draw" else 0)
                pairs = [m for m in new.matches if m.p2]
                quality["ours"] = {
                    "rematches": sum(1 for m in pairs if m.p2 in opp[m.p1]),
                    "cross": sum(1 for m in pairs if pts[m.p1] != pts[m.p2]),
                }
            if have_swisspair:
                ms, out = _run([sys.executable, str(script), str(base / "events" / "bench.json")], env)
                assert out.returncode == 0, out.stderr
                theirs.append(ms)
                quality["swisspair"] = json.loads(out.stdout.splitlines()[0])
            shutil.rmtree(run_dir, ignore_errors=True)
        return {
            "ours": statistics.median(ours),
            "theirs": statistics.median(theirs) if theirs else None,
            "quality": quality,
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bench_help(runs: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    xs = [_run([sys.executable, "-m", "tui.cli", "--help"], env)[0] for _ in range(runs)]
    bare = statistics.median(_run([sys.executable, "-c", "pass"], env)[0] for _ in range(runs))
    return statistics.median(xs), bare


def bench_list(runs: int, events: int = 500) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    tmp = Path(tempfile.mkdtemp(prefix="lycee-bench-"))
    try:
        dd = DataDir(tmp)
        for i in range(events):
            s = dd.create({"name": f"Event {i}", "date": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}"}, actor="bench")
            s.append("register", {"players": [{"id": f"p{j}", "name": f"Player {j}"} for j in range(1, 17)]})
            s.close()
        xs = []
        for _ in range(runs):
            ms, out = _run([sys.executable, "-m", "tui.cli", "--data-dir", str(tmp), "event", "list"], env)
            assert out.returncode == 0 and out.stdout.count("\n") >= events, out.stderr
            xs.append(ms)
        return statistics.median(xs)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--writes", type=int, default=60)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--skip-list", action="store_true", help="skip the 500-event list (slow to build)")
    ap.add_argument("--open-only", action="store_true", help="only the open figures (checkpoint checksum on and off)")
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    c = bench_checkpoint_check(max(args.runs, 9))
    print(
        f"open from a checkpoint (2,048 players, 11 rounds, checkpoint {c['kib']} KiB): {c['checked']:.1f} ms with its "
        f"checksum checked, {c['unchecked']:.1f} ms without (same run); the CRC alone {c['crc']:.2f} ms"
    )
    if args.open_only:
        return
    print(f"{'players':>7} {'rounds':>6} {'actions':>7} {'file KiB':>8} | {'write med':>9} {'p95':>8}")
    rows = []
    for n, r in SIZES:
        x = bench_writes(n, r, args.writes)
        rows.append(x)
        print(f"{x['n']:>7} {x['rounds']:>6} {x['actions']:>7} {x['kib']:>8} | {x['med']:>7.2f}ms {x['p95']:>6.2f}ms")
    print(f"  2,048 / 16 players: {rows[-1]['med'] / rows[0]['med']:.2f}x   (targets: <= 1.5x, <= 5 ms at 2,048)")
    fresh, stale = bench_open(args.runs)
    print(
        f"open 2,048 players, 11 rounds, ready to pair: {fresh:.1f} ms (writer, fresh checkpoint); "
        f"{stale:.1f} ms (reader, {CHECKPOINT_TAIL} results past the checkpoint)   (target <= 100 ms)"
    )
    p = bench_pair(args.runs)
    q = p["quality"]
    if p["theirs"] is None:
        print(
            f"lycee pair round 11, 2,048 players (whole process): {p['ours']:.0f} ms; swisspair not installed "
            f"(python3 -m pip install swisspair): no ratio"
        )
    else:
        print(
            f"lycee pair round 11, 2,048 players (whole process): {p['ours']:.0f} ms vs swisspair script "
            f"{p['theirs']:.0f} ms: ratio {p['ours'] / p['theirs']:.2f}   (target <= 1.0)"
        )
    for who, v in q.items():
        print(f"  {who:>9}: {v['rematches']} rematches, {v['cross']} cross-group pairs")
    h, bare = bench_help(args.runs)
    print(f"lycee --help (whole process): {h:.0f} ms (bare `python3 -c pass`: {bare:.0f} ms)   (target <= 100 ms)")
    if not args.skip_list:
        print(f"lycee event list, 500 events (whole process): {bench_list(args.runs):.0f} ms   (target <= 500 ms)")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
