"""The desk's door under abuse (issue 44, items 8 and 9): what one client can
cost the desk.  Each case runs a fresh desk process (an event held, its door
served, nothing else) and prints the desk's resident memory (its peak,
VmHWM, and now, VmRSS) and threads, read from /proc (Linux only).

- a 300 MB line on the Unix socket (same user), and on the TCP door from a
  client without the token;
- 300 clients that connect and send nothing: the desk's threads and memory
  at once, and again after the idle timeout (30 s, so this case waits 32 s);
- 150 writers connecting at once (RemoteWriter, one read each): how many are
  served, told busy, or fail;
- 1,000 nested ``[``: the answer.

Run: python benchmarks/door_limits.py [--skip-idle]
To compare with an older door, run it with PYTHONPATH pointing at that tree.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from core import door
from core.door import RemoteWriter, door_path
from core.store import DataDir

DESK = """
import sys
from core.desk import Desk
from core.door import DoorServer, LocalWriter, door_path
from core.store import DataDir
dd = DataDir(sys.argv[1])
st = dd.open(sys.argv[2])
srv = DoorServer(LocalWriter(Desk(st)), door_path(dd, st.id)).start()
print("ready", flush=True)
sys.stdin.read()
srv.stop()
st.close()
"""


def status(pid: int) -> dict[str, int]:
    """VmHWM and VmRSS in MB, and Threads, of process ``pid``."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _sep, value = line.partition(":")
        if key in ("VmHWM", "VmRSS"):
            out[key] = int(value.split()[0]) // 1024
        elif key == "Threads":
            out[key] = int(value)
    return out


class Desk:
    """A desk process holding the event, its door served (``tcp``: the TCP door)."""

    def __init__(self, data: str, eid: str, tcp: bool = False):
        env = dict(os.environ, LYCEE_DOOR="tcp" if tcp else "unix")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", DESK, data, eid], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "ready"
        self.path = door_path(DataDir(data), eid)

    def status(self) -> dict[str, int]:
        return status(self.proc.pid)

    def connect(self) -> socket.socket:
        """A connection as a client without the token makes it."""
        if self.path.is_socket():
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(str(self.path))
            return s
        port = json.loads(self.path.read_text())["port"]
        return socket.create_connection(("127.0.0.1", port))

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(30)


def answer_of(s: socket.socket, seconds: float = 30.0) -> str:
    s.settimeout(seconds)
    got = b""
    try:
        while not got.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
    except TimeoutError:
        return "no answer (waited)"
    except OSError as err:
        return f"connection {type(err).__name__}"
    if not got:
        return "closed without an answer"
    answer = json.loads(got)
    return "ok" if answer.get("ok") else answer.get("error", "?")


def big_line(desk: Desk, mb: int) -> str:
    s = desk.connect()
    chunk = b"a" * 2**20
    sent = 0
    reply: list[str] = []
    reader = threading.Thread(target=lambda: reply.append(answer_of(s, 120)))
    reader.start()
    try:
        for _i in range(mb):
            s.sendall(chunk)
            sent += 1
        s.sendall(b"\n")
    except OSError:
        pass
    reader.join(120)
    s.close()
    st = desk.status()
    return (
        f"desk peak {st['VmHWM']} MB (now {st['VmRSS']} MB); {sent} MB taken; answer: {reply[0][:90] if reply else '-'}"
    )


def case_big_line(data: str, eid: str, tcp: bool) -> None:
    desk = Desk(data, eid, tcp=tcp)
    try:
        quiet = desk.status()
        print(
            f"300 MB line, {'TCP, no token' if tcp else 'Unix socket'}: desk at rest {quiet['VmRSS']} MB; "
            + big_line(desk, 300)
        )
    finally:
        desk.close()


def case_idle(data: str, eid: str, n: int = 300) -> None:
    desk = Desk(data, eid)
    try:
        quiet = desk.status()
        socks = [desk.connect() for _i in range(n)]
        time.sleep(1.0)  # a benchmark: let the desk take them all in
        at_once = desk.status()
        idle = getattr(door, "IDLE_TIMEOUT", None)
        wait = (idle or 30.0) + 2.0
        time.sleep(wait)
        later = desk.status()
        closed = 0
        for s in socks:
            s.setblocking(False)
            try:
                s.recv(65536)  # data (told busy) or b"" (closed): the desk let it go
                closed += 1
            except BlockingIOError:
                pass
            except OSError:
                closed += 1
            s.close()
        print(
            f"{n} idle clients: desk at rest {quiet['VmRSS']} MB, {quiet['Threads']} threads; "
            f"with them {at_once['VmRSS']} MB, {at_once['Threads']} threads; "
            f"{wait:.0f} s later {later['VmRSS']} MB, {later['Threads']} threads, {closed} of {n} let go by the desk"
        )
    finally:
        desk.close()


def case_burst(data: str, eid: str, n: int = 150) -> None:
    desk = Desk(data, eid)
    dd = DataDir(data)
    start = threading.Barrier(n)
    outcomes: list[str] = []
    lock = threading.Lock()

    def one():
        start.wait()
        try:
            with RemoteWriter(dd, eid) as w:
                w.call("player", "P1", actor="cli")
            what = "served"
        except Exception as err:  # what each writer saw
            what = type(err).__name__
        with lock:
            outcomes.append(what)

    try:
        threads = [threading.Thread(target=one) for _i in range(n)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        took = time.perf_counter() - t0
        counts = {k: outcomes.count(k) for k in sorted(set(outcomes))}
        print(f"{n} writers at once: {counts} in {took:.1f} s")
    finally:
        desk.close()


def case_nested(data: str, eid: str) -> None:
    desk = Desk(data, eid)
    try:
        s = desk.connect()
        s.sendall(b'{"method": "$hello", "args": ' + b"[" * 1000 + b"]" * 1000 + b"}\n")
        print(f"1,000 nested [: {answer_of(s, 10)}")
        s.close()
    finally:
        desk.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-idle", action="store_true", help="leave out the idle clients (it waits 32 s)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dd = DataDir(tmp)
        st = dd.create({"name": "Bench", "date": "2026-12-05", "sanctioned": False})
        from core.desk import Desk as RealDesk

        RealDesk(st).add_players(["P1", "P2"])
        eid = st.id
        st.close()
        case_nested(tmp, eid)
        case_big_line(tmp, eid, tcp=False)
        case_big_line(tmp, eid, tcp=True)
        case_burst(tmp, eid)
        if not args.skip_idle:
            case_idle(tmp, eid)


if __name__ == "__main__":
    main()
