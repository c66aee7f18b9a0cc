"""Limited simulation figures (printed, not asserted):

- one 8-seat, 6-pack draft with bots and deck building (target: at most 50 ms);
- drafts per second over 1,000 such drafts;
- a sealed pool plus its auto-built deck (target: at most 10 ms);
- bots against random pickers (the same builder, the same tables) over 200 drafts.

    python benchmarks/draft.py [--set alpha] [--drafts 1000] [--compare 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cards.sets import load_sample_sets
from limited.draft import run_draft
from limited.score import compare_pickers
from limited.sealed import build_sealed_deck, open_sealed


def ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"median {statistics.median(xs) * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms   max {xs[-1] * 1000:6.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default=None, help="one set code (default: every sample set)")
    ap.add_argument("--drafts", type=int, default=1000)
    ap.add_argument("--compare", type=int, default=200)
    args = ap.parse_args()
    sets = [cs for cs in load_sample_sets() if args.set in (None, cs.code)]

    print("One 8-seat, 6-pack draft, bots, 8 decks built and checked (target <= 50 ms):")
    for cs in sets:
        run_draft(cs, 8, 6, 0)  # warm the per-set caches
        times = []
        for seed in range(50):
            t = time.perf_counter()
            run_draft(cs, 8, 6, seed)
            times.append(time.perf_counter() - t)
        print(f"  {cs.code:<6} {ms(times)}")

    cs = sets[0]
    print(f"\nDrafts per second, {args.drafts} drafts of 8 seats x 6 packs with decks ({cs.code}):")
    t = time.perf_counter()
    for seed in range(args.drafts):
        run_draft(cs, 8, 6, seed)
    dt = time.perf_counter() - t
    print(f"  {args.drafts / dt:7.1f} drafts/s   ({dt:.2f} s, {dt / args.drafts * 1000:.2f} ms a draft)")

    print("\nSealed pool plus auto-built, checked deck (target <= 10 ms):")
    for cs in sets:
        for product in ("2s", "1s3b"):
            times = []
            for seed in range(200):
                t = time.perf_counter()
                build_sealed_deck(open_sealed(cs, product, random.Random(seed)), cs)
                times.append(time.perf_counter() - t)
            print(f"  {cs.code:<6} {product:<5} {ms(times)}")

    print(f"\nBots vs random pickers, {args.compare} drafts a line, 8 seats alternating bot/random, "
          f"same builder (deck score 0-100):")
    for cs in sets:
        for packs in (4, 6):
            t = time.perf_counter()
            c = compare_pickers(cs, drafts=args.compare, seats=8, packs=packs, seed=0)
            dt = time.perf_counter() - t
            print(f"  {cs.code:<6} {packs} packs: bots {c.bot_mean:5.1f}  random {c.random_mean:5.1f}  "
                  f"margin {c.margin:+5.1f} (sd {c.margin_stdev:.1f})  bots ahead in {c.bots_ahead:.0%} "
                  f"of drafts   [{dt:.1f} s]")


if __name__ == "__main__":
    main()
