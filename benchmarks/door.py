"""The desk's door (issue 26): what a change costs through it, against the
same change made at the desk.  Prints p50/p95 of 200 announcements each way
(every one a durable append).  Run: python benchmarks/door.py"""

from __future__ import annotations

import statistics
import tempfile
import time

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
        st.close()
    print(f"at the desk:       {figures(local)}")
    print(f"through the door:  {figures(remote)}")


if __name__ == "__main__":
    main()
