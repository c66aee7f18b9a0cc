"""A season's figures (issue 47), printed in one run:

1. ``lycee season standings SEASON --json`` as a whole process, over a season
   of 500 events from 20 stores (10,000 members, 48 players and 5 Swiss rounds
   an event: 24,000 entries, 60,000 matches), median of the runs (target <= 1 s);
2. ``lycee season import SEASON FILE`` of one more event (48 players, 5
   rounds, judged as ``lycee verify`` judges it) as a whole process, median of
   the runs, each into a fresh copy of the season (target <= 0.3 s);
3. the same standings with OpenSkill ratings on (optional per season; no target).

The 500 events are simulated with the engine's own pairing and written to
``seasons.json`` as ``lycee season import`` stores them (their summaries), so
the set-up takes seconds, not 500 imports.

    python benchmarks/season.py [--events 500] [--runs 5]
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


def simulated(i: int, rng: random.Random, players: int = 48, rounds: int = 5):
    from dataclasses import replace

    from core.event.model import Event, Player, Round, Staff
    from core.tournament.pairing import pair_swiss

    ev = Event(
        id=f"2026{i:04d}-{rng.randrange(16**4):04x}",
        name=f"Weekly {i}",
        date=f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}",
        players=tuple(Player(f"p{j:03d}", f"Player {i}-{j}") for j in range(players)),
        staff=Staff("O", ("J",), "J"),
        rounds_planned=rounds,
    )
    for _r in range(rounds):
        ms = []
        for m in pair_swiss(ev, rng):
            if m.p2 is None:
                ms.append(m)
                continue
            w = rng.random()
            ms.append(
                replace(m, p1_wins=2, p2_wins=rng.choice((0, 1)), outcome="p1")
                if w < 0.45
                else replace(m, p1_wins=rng.choice((0, 1)), p2_wins=2, outcome="p2")
                if w < 0.9
                else replace(m, p1_wins=1, p2_wins=1, outcome="draw")
            )
        ev = ev.with_(rounds=ev.rounds + (Round(len(ev.rounds) + 1, "swiss", tuple(ms)),))
    return ev


def build(root: Path, n_events: int, stores: int = 20, members: int = 10_000) -> None:
    from core.rules.eventfile import to_doc
    from core.season.results import summary_of
    from core.season.season import new_season
    from core.season.store import SeasonFile

    rng = random.Random(47)
    new_season(root, "National", "win=3,draw=1,loss=0,attend=1", best=8, min_events=2)
    per_store = members // stores
    with SeasonFile(root).writing() as data:
        season = data["seasons"]["1"]
        imp = data.setdefault("imported", {})
        for i in range(n_events):
            store = i % stores
            ev = simulated(i, rng)
            doc = to_doc(ev)
            doc["store"] = {"name": f"Store {store}", "number": f"{store:04d}", "place": ""}
            regulars = rng.sample(range(store * per_store, (store + 1) * per_store), len(ev.players))
            for p, m in zip(doc["players"], regulars, strict=True):
                p["member"] = f"M{m:05d}"
            s = summary_of(ev, doc)
            imp[str(i + 1)] = {"season": "S1", "key": s["key"], "source": f"{i}.json", "summary": s}
            season["events"].append({"key": s["key"], "imported": True})


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one whole process.  The
    CPU figure is the one to read on a shared machine (2 cores shared by
    several jobs stretch the wall time, not the work)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    took = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {r.stderr}")
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_text(runs: list[tuple[float, float]]) -> str:
    wall = statistics.median(w for w, _c in runs)
    cpu = statistics.median(c for _w, c in runs)
    return f"median {cpu:.2f} s CPU ({wall:.2f} s wall)"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=500)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    lycee = str(Path(sys.executable).with_name("lycee"))
    tmp = Path(tempfile.mkdtemp(prefix="lycee-season-"))
    try:
        root = tmp / "data"
        t = time.perf_counter()
        build(root, args.events)
        size = (root / "seasons" / "seasons.json").stat().st_size
        data = json.loads((root / "seasons" / "seasons.json").read_text(encoding="utf-8"))
        summaries = [d["summary"] for d in data["imported"].values()]
        n_matches = sum(len(s["matches"]) for s in summaries)
        people = {p[2] for s in summaries for p in s["players"]}
        print(
            f"season of {len(summaries)} events, {len(people)} members, {n_matches} matches "
            f"(seasons.json {size / 1e6:.1f} MB; built in {time.perf_counter() - t:.0f} s)"
        )
        env = {**os.environ, "LYCEE_DATA_DIR": str(root), "LYCEE_LANG": "en"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # a store's install has its bytecode written
        timed([lycee, "season", "list"], env)  # (writes it once)
        runs = [timed([lycee, "season", "standings", "S1", "--json"], env) for _ in range(args.runs)]
        print(f"season standings --json, whole process: {median_text(runs)} (target <= 1 s)")

        from core.rules.eventfile import to_doc

        one = tmp / "one-more.json"
        one.write_text(json.dumps(to_doc(simulated(99_999, random.Random(1)))), encoding="utf-8")
        runs = []
        for k in range(args.runs):
            copy = tmp / f"copy{k}"
            shutil.copytree(root, copy)
            runs.append(timed([lycee, "season", "import", "S1", str(one)], {**env, "LYCEE_DATA_DIR": str(copy)}))
            shutil.rmtree(copy)
        print(f"season import of one more event, whole process: {median_text(runs)} (target <= 0.3 s)")

        from core.season.store import SeasonFile

        with SeasonFile(root).writing() as d:
            d["seasons"]["1"]["ratings"] = "openskill"
        runs = [timed([lycee, "season", "standings", "S1", "--json"], env) for _ in range(max(1, args.runs // 2))]
        print(f"season standings with OpenSkill ratings, whole process: {median_text(runs)}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
