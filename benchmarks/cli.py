"""Whole-process figures of the command line (issue 31), each as a ratio
against a baseline measured in the same run (median of ``--runs``):

1. ``lycee pair`` for round 11 of 2,048 players, plain and ``--json``, against
   a Python script that reads the same ``lycee-event/1`` file and pairs it
   with the PyPI package ``swisspair`` (C++; a benchmark-only dependency:
   ``python -m pip install -e '.[bench]'``; without it the ratio is left out and
   the figure is shown against ``python -c pass``);
2. ``lycee result`` at 2,048 players against the same at 16 players, and
   against ``python -c pass``;
3. ``lycee --help`` against ``python -c pass``;
4. ``lycee import`` of a 2,048-player, 10-round ``lycee-event/1`` file (as
   ``lycee export`` writes it) into an empty folder, against ``python -c
   pass`` (target: <= 0.5 s);
5. ``lycee sealed`` and ``lycee draft`` (8 seats, 4 packs) against ``lycee
   --version`` (target <= 1.5x).

Each figure is the process's CPU time (user + system), the figure that stays
put on a shared machine under load; ``--wall`` gives wall time instead, and
``--instructions`` the instructions the process runs, counted by valgrind
(``valgrind --tool=callgrind``, about 50 times slower; the count does not
move with the machine's load, so a before/after on a busy machine compares
like with like), in millions (``Mi``).

``--profile`` also prints the top of a cProfile of ``lycee pair --json`` and
``lycee result`` at 2,048 players (cumulative time), to see where a command
spends its time before changing it.

``--before DIR`` (a checkout of an older tree, e.g. ``git worktree add /tmp/old
main``) also runs every ``lycee`` figure from that tree, interleaved with this
one in the same run, and prints both with their ratio: a before/after on a
shared machine whose load changes from one run to the next.

    python benchmarks/cli.py [--runs 5] [--profile] [--only pair,result,help,import,limited] [--before DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from store import SWISSPAIR_SCRIPT, build_log, write_event  # noqa: E402

ENV = dict(os.environ, PYTHONPATH=str(ROOT))
# as installed: bytecode cached (a shell with PYTHONDONTWRITEBYTECODE would compile every module every run)
ENV.pop("PYTHONDONTWRITEBYTECODE", None)
LYCEE = [sys.executable, "-m", "tui.cli"]
#: ``--before DIR``: the older tree whose ``lycee`` runs beside this one (None: this tree only)
BEFORE: dict[str, Path | None] = {"tree": None}


#: "cpu" (user + system time of the process, the steady figure on a shared, loaded machine), "wall"
#: or "instructions" (valgrind's count, in millions: the same on a quiet machine and a loaded one)
CLOCK = {"which": "cpu"}
#: what a figure is in, as printed
UNIT = {"cpu": "ms", "wall": "ms", "instructions": "Mi"}


def u() -> str:
    """The unit of the figures measured (ms, or Mi: millions of instructions)."""
    return UNIT[CLOCK["which"]]


def run_ms(argv: list[str], check: bool = True, tree: Path | None = None) -> float:
    """One run of ``argv`` in a new process (``tree``: with that tree's
    ``core``/``tui`` on the path): its CPU time (or wall time) in ms."""
    env = ENV if tree is None else dict(ENV, PYTHONPATH=str(tree))
    if CLOCK["which"] == "instructions":
        argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv]
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    # the tree is also the working directory: `python -m` puts that first on the path
    out = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tree or ROOT)
    wall = (time.perf_counter() - t0) * 1000
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if check and out.returncode != 0:
        raise SystemExit(f"{argv}: {out.stderr}")
    cpu = (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000
    if CLOCK["which"] == "instructions":
        found = re.search(r"Collected : (\d+)", out.stderr)
        if found is None:
            raise SystemExit(f"{argv}: valgrind gave no count: {out.stderr[-300:]}")
        return int(found.group(1)) / 1e6
    return cpu if CLOCK["which"] == "cpu" else wall


def median(xs) -> float:
    return statistics.median(list(xs))


def lycee_ms(out: dict[str, list[float]], label: str, argv: list[str], fresh=None) -> None:
    """``lycee argv`` timed into ``out[label]``, and with ``--before`` the
    same from the older tree into ``out[label + " (before)"]``; ``fresh()``
    (if given) makes the data folder anew before each and returns it."""
    trees: list[tuple[str, Path | None]] = [(label, None)]
    if BEFORE["tree"] is not None:
        trees.insert(0, (label + " (before)", BEFORE["tree"]))
    for key, tree in trees:
        d = fresh() if fresh else None
        args = ["--data-dir", str(d), *argv] if d is not None else argv
        out.setdefault(key, []).append(run_ms([*LYCEE, *args], tree=tree))
        if d is not None:
            shutil.rmtree(d)


def before_after(fig: dict, label: str, base: float, unit: str = "") -> str:
    """`` (before: X ms, ratio r)`` when ``--before`` measured ``label``, else ``""``."""
    old = fig.get(label + " (before)")
    if old is None:
        return ""
    return f"   [before: {old:.0f} {u()}, {old / base:.2f}{unit}]"


def event_dir(tmp: Path, n: int, rounds: int, paired_next: bool) -> Path:
    d = tmp / f"ev{n}-{rounds}-{int(paired_next)}"
    write_event(d, build_log(n, rounds, random.Random(n), paired_next=paired_next))
    return d


def bench_pair(tmp: Path, runs: int, have_swisspair: bool) -> dict:
    base = event_dir(tmp, 2048, 10, paired_next=False)
    script = tmp / "swisspair_pair.py"
    script.write_text(SWISSPAIR_SCRIPT, encoding="utf-8")
    out: dict[str, list[float]] = {"pair": [], "pair --json": [], "swisspair": [], "python": []}
    run_dir = tmp / "pair"

    def fresh() -> Path:
        shutil.copytree(base, run_dir)
        return run_dir

    for _i in range(runs):
        for label, extra in (("pair", []), ("pair --json", ["--json"])):
            lycee_ms(out, label, ["pair", "bench", *extra], fresh)
        if have_swisspair:
            out["swisspair"].append(run_ms([sys.executable, str(script), str(base / "events" / "bench.json")]))
        out["python"].append(run_ms([sys.executable, "-c", "pass"]))
    return {k: median(v) for k, v in out.items() if v}


def bench_result(tmp: Path, runs: int) -> dict:
    dirs = {n: event_dir(tmp, n, r, paired_next=True) for n, r in ((16, 4), (2048, 11))}
    out: dict[str, list[float]] = {"16": [], "2048": [], "python": []}
    for _i in range(runs):
        for n, base in dirs.items():

            def fresh(base=base, n=n) -> Path:
                shutil.copytree(base, tmp / f"result{n}")
                return tmp / f"result{n}"

            lycee_ms(out, str(n), ["result", "bench", "1", "2-1"], fresh)
        out["python"].append(run_ms([sys.executable, "-c", "pass"]))
    return {k: median(v) for k, v in out.items()}


def bench_help(runs: int) -> dict:
    out: dict[str, list[float]] = {"python": []}
    for _ in range(runs):
        lycee_ms(out, "help", ["--help"])
        out["python"].append(run_ms([sys.executable, "-c", "pass"]))
    return {k: median(v) for k, v in out.items()}


def bench_import(tmp: Path, runs: int) -> dict:
    src = event_dir(tmp, 2048, 10, paired_next=False)
    doc = tmp / "event2048.json"
    subprocess.run(
        [*LYCEE, "--data-dir", str(src), "export", "bench", "-o", str(doc)],
        env=ENV,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    out: dict[str, list[float]] = {"import": [], "python": []}
    for _i in range(runs):
        lycee_ms(out, "import", ["import", str(doc)], lambda: tmp / "import")  # an empty folder
        out["python"].append(run_ms([sys.executable, "-c", "pass"]))
    return {k: median(v) for k, v in out.items()}


def bench_limited(runs: int) -> dict:
    argvs = {
        "version": ["--version"],
        "sealed": ["sealed", "--set", "alpha", "--product", "1s3b", "--seed", "1"],
        "draft": ["draft", "--set", "alpha", "--seats", "8", "--packs", "4", "--seed", "1"],
    }
    out: dict[str, list[float]] = {k: [] for k in argvs}
    for _ in range(runs):
        for k, argv in argvs.items():
            lycee_ms(out, k, argv)
    return {k: median(v) for k, v in out.items()}


def profile(tmp: Path) -> None:
    base = event_dir(tmp, 2048, 10, paired_next=False)
    result_base = event_dir(tmp, 2048, 11, paired_next=True)
    for label, src, argv in (
        ("pair --json", base, ["pair", "bench", "--json"]),
        ("result", result_base, ["result", "bench", "1", "2-1"]),
    ):
        run_dir = tmp / "profile"
        shutil.copytree(src, run_dir)
        stats = tmp / "profile.stats"
        subprocess.run(
            [sys.executable, "-m", "cProfile", "-o", str(stats), "-m", "tui.cli", "--data-dir", str(run_dir), *argv],
            capture_output=True,
            env=ENV,
            cwd=ROOT,
            check=True,
        )
        import pstats

        print(f"\n-- cProfile of lycee {label} at 2,048 players (cumulative, top 25) --")
        pstats.Stats(str(stats)).sort_stats("cumulative").print_stats(25)
        shutil.rmtree(run_dir)


PARTS = ("pair", "result", "help", "import", "limited")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--wall", action="store_true", help="wall time instead of CPU time (on a quiet machine)")
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="instructions counted by valgrind instead of CPU time (load-independent; about 50x slower)",
    )
    ap.add_argument("--only", default=",".join(PARTS), help="which figures, comma-separated: " + ",".join(PARTS))
    ap.add_argument(
        "--before",
        type=Path,
        metavar="DIR",
        help="an older checkout: its lycee runs beside this one in the same run (before/after)",
    )
    args = ap.parse_args()
    only = set(args.only.split(","))
    BEFORE["tree"] = args.before.resolve() if args.before else None
    CLOCK["which"] = "instructions" if args.instructions else "wall" if args.wall else "cpu"
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    have_swisspair = subprocess.run([sys.executable, "-c", "import swisspair"], capture_output=True).returncode == 0
    print(
        f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; "
        f"figures are {CLOCK['which']} ({u()}), median of {args.runs}"
    )
    tmp = Path(tempfile.mkdtemp(prefix="lycee-bench-cli-"))
    # the bytecode caches, written once before anything is timed (an install writes them too)
    trees = [ROOT] + ([BEFORE["tree"]] if BEFORE["tree"] else [])
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", *(str(t / d) for t in trees for d in ("core", "limited", "tui"))],
        env=ENV,
        check=True,
    )
    try:
        if "pair" in only:
            p = bench_pair(tmp, args.runs, have_swisspair)
            for label in ("pair", "pair --json"):
                if "swisspair" in p:
                    print(
                        f"lycee {label:<11} round 11, 2,048 players: {p[label]:6.0f} {u()} vs swisspair script "
                        f"{p['swisspair']:.0f} {u()}: ratio {p[label] / p['swisspair']:.2f}   (target <= 0.8)"
                        + before_after(p, label, p["swisspair"])
                    )
                else:
                    print(
                        f"lycee {label:<11} round 11, 2,048 players: {p[label]:6.0f} {u()}; swisspair not installed: "
                        f"vs `python -c pass` {p['python']:.0f} {u()}: {p[label] / p['python']:.1f}x"
                    )
        if "result" in only:
            r = bench_result(tmp, args.runs)
            print(
                f"lycee result at 2,048 players: {r['2048']:.0f} {u()} vs 16 players {r['16']:.0f} {u()}: "
                f"{r['2048'] / r['16']:.2f}x (target <= 1.2x); vs `python -c pass` {r['python']:.0f} {u()}: "
                f"{r['2048'] / r['python']:.1f}x (target <= 8x)"
            )
            if "2048 (before)" in r:
                print(
                    f"   [before: {r['2048 (before)']:.0f} {u()} vs 16 players {r['16 (before)']:.0f} {u()}: "
                    f"{r['2048 (before)'] / r['16 (before)']:.2f}x; {r['2048 (before)'] / r['python']:.1f}x python]"
                )
        if "help" in only:
            h = bench_help(args.runs)
            print(
                f"lycee --help: {h['help']:.0f} {u()} vs `python -c pass` {h['python']:.0f} {u()}: "
                f"{h['help'] / h['python']:.1f}x (target <= 5x)" + before_after(h, "help", h["python"], "x")
            )
        if "import" in only:
            im = bench_import(tmp, args.runs)
            print(
                f"lycee import 2,048 players, 10 rounds: {im['import']:.0f} {u()} (target <= 500 ms of CPU) vs "
                f"`python -c pass` {im['python']:.0f} {u()}: {im['import'] / im['python']:.1f}x"
                + before_after(im, "import", im["python"], "x")
            )
        if "limited" in only:
            lim = bench_limited(args.runs)
            for k in ("sealed", "draft"):
                print(
                    f"lycee {k}: {lim[k]:.0f} {u()} vs `lycee --version` {lim['version']:.0f} {u()}: "
                    f"{lim[k] / lim['version']:.2f}x (target <= 1.5x)"
                    + (
                        f"   [before: {lim[k + ' (before)']:.0f} {u()} vs --version {lim['version (before)']:.0f} {u()}: "
                        f"{lim[k + ' (before)'] / lim['version (before)']:.2f}x]"
                        if k + " (before)" in lim
                        else ""
                    )
                )
        if args.profile:
            profile(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
