"""Set loading and start-up figures (printed, not asserted):

- importing the card modules in a fresh interpreter (and whether jsonschema
  came with them);
- loading the shipped sample sets (what every start that needs cards does);
- loading one set file given by path (a user's file: fully checked);
- ``Catalog.default()`` (sample sets + calendar);
- the command line end to end: ``lycee sealed --set alpha`` in a fresh process.

    python benchmarks/sets.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CARD_MODULES = "core.cards.model, core.cards.sets, core.cards.legality, core.cards.decks"


def ms(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"median {statistics.median(xs) * 1000:7.2f} ms   min {xs[0] * 1000:7.2f} ms   max {xs[-1] * 1000:7.2f} ms"


def fresh(code: str, repeat: int) -> tuple[list[float], str]:
    """Wall time of ``code`` in a fresh interpreter (the code prints its own figure)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    times, out = [], ""
    for _ in range(repeat):
        r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
        first, _sep, out = r.stdout.partition("\n")
        times.append(float(first))
    return times, out.strip()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    n = args.repeat

    print(f"Import of {CARD_MODULES} in a fresh interpreter:")
    times, out = fresh(
        "import time, sys; t = time.perf_counter(); "
        f"import {CARD_MODULES}; print(time.perf_counter() - t); "
        "print('jsonschema imported:', 'jsonschema' in sys.modules)",
        n,
    )
    print(f"  {ms(times)}   ({out})")

    print("Fresh interpreter: import, then load the shipped sample sets:")
    times, out = fresh(
        "import time, sys; t = time.perf_counter(); "
        "from core.cards.sets import load_sample_sets; load_sample_sets(); "
        "print(time.perf_counter() - t); "
        "print('jsonschema imported:', 'jsonschema' in sys.modules)",
        n,
    )
    print(f"  {ms(times)}   ({out})")

    from core.cards.legality import Catalog
    from core.cards.sets import dump_set, load_sample_sets, load_set

    print("Load the shipped sample sets again in the same process (warm):")
    load_sample_sets()
    times = []
    for _ in range(n):
        t = time.perf_counter()
        load_sample_sets()
        times.append(time.perf_counter() - t)
    print(f"  {ms(times)}")

    print("Load one set file by path, fully checked (a user's file, warm):")
    with tempfile.TemporaryDirectory() as tmp:
        sets = load_sample_sets()
        path = Path(tmp) / "mine.json"
        path.write_text(dump_set(sets[0]), encoding="utf-8")
        size = len(json.loads(path.read_text(encoding="utf-8"))["cards"])
        load_set(path)
        times = []
        for _ in range(n):
            t = time.perf_counter()
            load_set(path)
            times.append(time.perf_counter() - t)
        print(f"  {ms(times)}   ({size} cards)")

        print("Fresh interpreter: import and load that file:")
        times, out = fresh(
            "import time, sys; t = time.perf_counter(); "
            f"from core.cards.sets import load_set; load_set({str(path)!r}); "
            "print(time.perf_counter() - t); "
            "print('jsonschema imported:', 'jsonschema' in sys.modules)",
            n,
        )
        print(f"  {ms(times)}   ({out})")

    print("Catalog.default() (sample sets + calendar, warm):")
    times = []
    for _ in range(n):
        t = time.perf_counter()
        Catalog.default()
        times.append(time.perf_counter() - t)
    print(f"  {ms(times)}")

    print("Command line end to end: lycee sealed --set alpha --product 2s --json (fresh process):")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    times = []
    for _ in range(max(3, n // 4)):
        with tempfile.TemporaryDirectory() as data:
            t = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "tui.cli",
                    "--data-dir",
                    data,
                    "sealed",
                    "--set",
                    "alpha",
                    "--product",
                    "2s",
                    "--seed",
                    "1",
                    "--json",
                ],
                cwd=ROOT,
                env=env,
                check=True,
                capture_output=True,
            )
            times.append(time.perf_counter() - t)
    print(f"  {ms(times)}")


if __name__ == "__main__":
    main()
