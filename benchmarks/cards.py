"""The store's card list (issue 43): figures printed, not asserted.

- importing a generated official-layout list of ~8,000 cards (reading the
  CSV, and the whole import: read, compare, one durable write), first into an
  empty store, then again over itself (every card compared, nothing changed);
- ``lycee card NUMBER`` with that list stored: the catalog joined in-process
  (first time and warm), and the command end to end in a fresh process, next
  to the same command with no list stored.

    python benchmarks/cards.py [--cards 8000] [--repeat 5]

The generated cards are invented (numbered LO-0001 …, 200 a product).

Figures on the shared 2-core test machine at a load average of ~9 (4-5x slower
than an idle machine), 8,000 cards (1.5 MB CSV, 3.2 MB stored): reading the CSV
~0.7 s, a whole import into an empty store ~0.9 s, the same list again ~1.2 s
(every card compared); the catalog with the list, first use in a process ~0.5 s,
then 0.0 ms while the file is unchanged; `lycee card LO-0101` in a fresh process
~1.0 s against ~0.9 s with no list stored.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TYPES = ("キャラクター", "キャラクター", "キャラクター", "エリア", "アイテム", "イベント")
ATTRS = "雪月花宙日無"


def generate(n: int) -> str:
    rows = []
    for i in range(1, n + 1):
        kind = TYPES[i % len(TYPES)]
        attr = ATTRS[i % 6]
        product = f"ベンチ商品{(i - 1) // 200 + 1:02d} 1.0(B{(i - 1) // 1000:02d})"
        stats = ("2", "2", "1", "1") if kind == "キャラクター" else ("", "", "", "")
        number = f"LO-{i:04d}" if i % 25 else f"LO-{i - 1:04d}-A"
        text = f"[常時] このキャラにＡＰ＋{i % 3 + 1}する。<br />※テスト用の文 {i}。"
        if i % 50 == 0:
            text += "<br />構築制限:【[日]】"
        rows.append(
            ",".join(
                [
                    f"{number:<9}",
                    "",
                    f"カード {i}",
                    kind,
                    "C",
                    attr,
                    str(i % 3),
                    attr * (i % 3 + 1),
                    *stats,
                    "",
                    "",
                    text,
                    f"{product:<20}",
                    "絵師",
                    "",
                ]
            )
        )
    return "\r\n".join(rows) + "\r\n"


def ms(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"median {statistics.median(xs) * 1000:8.1f} ms   min {xs[0] * 1000:8.1f} ms   max {xs[-1] * 1000:8.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", type=int, default=8000)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()

    from core.cards import cardlist
    from core.cards.official import decode, read_official
    from core.store.cardstore import CardList

    with tempfile.TemporaryDirectory() as tmp:
        csv_path = Path(tmp) / "list.csv"
        csv_path.write_bytes(generate(a.cards).encode("utf-8"))
        print(f"card list: {a.cards} cards, {csv_path.stat().st_size / 1e6:.1f} MB")

        reads = []
        for _ in range(a.repeat):
            t = time.perf_counter()
            text, enc = decode(csv_path.read_bytes())
            listed = read_official(text, str(csv_path), enc)
            reads.append(time.perf_counter() - t)
        print(f"read the CSV ({len(listed.cards)} cards):          {ms(reads)}")

        firsts, agains = [], []
        for r in range(a.repeat):
            root = Path(tmp) / f"data{r}"
            store = CardList(root)
            t = time.perf_counter()
            text, enc = decode(csv_path.read_bytes())
            store.import_official(read_official(text, str(csv_path), enc), date(2026, 12, 6))
            firsts.append(time.perf_counter() - t)
            t = time.perf_counter()
            text, enc = decode(csv_path.read_bytes())
            store.import_official(read_official(text, str(csv_path), enc), date(2026, 12, 7))
            agains.append(time.perf_counter() - t)
        size = (Path(tmp) / "data0" / "cards" / "cards.json").stat().st_size
        print(f"import into an empty store (stored {size / 1e6:.1f} MB): {ms(firsts)}")
        print(f"import the same list again:            {ms(agains)}")

        root = Path(tmp) / "data0"
        CardList(root).set_on_sale("ベンチ商品01 1.0(B00)", date(2026, 1, 1))
        from core.cards.legality import Catalog

        cardlist.use_root(root)
        t = time.perf_counter()
        cat = Catalog.default()
        cat.is_legal("LO-0101", "2026-12-06")
        first = time.perf_counter() - t
        warm = []
        for _ in range(a.repeat):
            t = time.perf_counter()
            Catalog.default().is_legal("LO-0101", "2026-12-06")
            warm.append(time.perf_counter() - t)
        print(f"catalog with the list, first use in a process: {first * 1000:8.1f} ms")
        print(f"catalog with the list, again (no change):  {ms(warm)}")

        env = dict(os.environ, PYTHONPATH=str(ROOT))
        lycee = [sys.executable, "-m", "tui.cli"]
        for label, data in (("with the list stored", root), ("no list stored", Path(tmp) / "empty")):
            times = []
            for _ in range(a.repeat):
                t = time.perf_counter()
                p = subprocess.run(
                    [*lycee, "--data-dir", str(data), "card", "LO-0101", "--date", "2026-12-06"],
                    env=env,
                    capture_output=True,
                    text=True,
                )
                times.append(time.perf_counter() - t)
            print(f"lycee card LO-0101, fresh process, {label}: {ms(times)} (exit {p.returncode})")


if __name__ == "__main__":
    main()
