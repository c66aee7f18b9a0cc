"""The desk's door (issue 26): what a change costs through it, against the
same change made at the desk.  Prints p50/p95 of 200 announcements each way
(every one a durable append), and of 200 reads through the door (no append:
the door's own cost).  Run: python benchmarks/door.py

``--pair``: whole processes instead: ``lycee pair`` of round 11 at 2,048
players (then ``lycee undo``) while ``lycee serve`` holds the event, so the
command goes through its door, against the same ``lycee pair`` with no desk
holding the event; the command's own CPU time (user + system), median of
``--runs``.  A command that always writes is sent through the door at once,
not worked out first by the command and again at the desk.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from core.desk import Desk
from core.door import DoorServer, LocalWriter, RemoteWriter, door_path
from core.store import DataDir


def figures(times: list[float]) -> str:
    q = statistics.quantiles(times, n=20)
    return f"p50 {statistics.median(times) * 1000:.2f} ms  p95 {q[18] * 1000:.2f} ms"


def main(n: int = 200) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        dd = DataDir(tmp)
        st = dd.create({"name": "Bench", "date": "2026-12-05", "sanctioned": False})
        desk = Desk(st)
        local = []
        for i in range(n):
            t = time.perf_counter()
            desk.announce(f"local {i}")
            local.append(time.perf_counter() - t)
        with DoorServer(LocalWriter(desk), door_path(dd, st.id)), RemoteWriter(dd, st.id) as w:
            remote = []
            for i in range(n):
                t = time.perf_counter()
                w.call("announce", f"door {i}", actor="cli", device="local")
                remote.append(time.perf_counter() - t)
            reads = []  # no append: what the door itself costs a call
            for _i in range(n):
                t = time.perf_counter()
                w.call("next_player_ids", 1, actor="cli", device="local")
                reads.append(time.perf_counter() - t)
        st.close()
    print(f"at the desk:       {figures(local)}")
    print(f"through the door:  {figures(remote)}")
    print(f"a read, the door:  {figures(reads)}")


def child_cpu(argv: list[str], env: dict) -> float:
    """Run ``argv``; its CPU seconds (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(argv, env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode:
        raise SystemExit(f"{' '.join(argv[-3:])} failed: {r.stderr[-400:]}")
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def pair_through_door(runs: int) -> None:
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "benchmarks"))
    from store import build_log, write_event

    env = dict(os.environ, PYTHONPATH=str(root))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode cached
    lycee = [sys.executable, "-c", "from tui.cli import main; raise SystemExit(main())"]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        write_event(data, build_log(2048, 10, random.Random(2048), paired_next=False))
        eid = DataDir(data).list_events()[0].id
        pair, undo = lycee + ["--data-dir", tmp, "pair", eid], lycee + ["--data-dir", tmp, "undo", eid]
        alone = []
        for _i in range(runs):
            alone.append(child_cpu(pair, env))
            child_cpu(undo, env)
        port = str(18000 + os.getpid() % 1000)
        serve = subprocess.Popen(
            lycee + ["--data-dir", tmp, "serve", eid, "--host", "127.0.0.1", "--port", port],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            deadline = time.monotonic() + 30
            while not list(data.rglob(f".{eid}.door")):
                if serve.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"lycee serve did not open its door: {serve.stderr.read()[-400:]!r}")
                time.sleep(0.05)
            door = []
            for _i in range(runs):
                door.append(child_cpu(pair, env))
                child_cpu(undo, env)
        finally:
            serve.terminate()
            serve.wait(10)
    a, d = statistics.median(alone), statistics.median(door)
    print(f"lycee pair, 2,048 players, round 11 (command CPU, median of {runs}):")
    print(f"  no desk holding the event:           {a * 1000:.0f} ms")
    print(f"  through lycee serve's door:          {d * 1000:.0f} ms  ({d / a:.2f}x)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pair", action="store_true", help="whole-process lycee pair through a running desk's door")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    pair_through_door(args.runs) if args.pair else main()
