"""Issue 26: a SIGKILL of the serving desk (`lycee serve` holding the event)
during 100 phone reports loses no report a phone was told is stored: every
"recorded" answer's result and every "waiting"/"disputed" answer's report is
in the journal afterwards (the store's crash tests: tests/test_storage.py)."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

from core.desk import Desk
from core.store import DataDir

ROOT = Path(__file__).resolve().parent.parent


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    return env


#: The page's session cookie, as a phone keeps it (the page's token is tied to it).
JAR: dict[str, str] = {}


def _request(port: int, method: str, path: str, body: dict | None = None, token: str = "", cookie: str = ""):
    """(status, body); a page's answer also gives its session cookie (kept in JAR)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json", "X-Lycee-Token": token}
        if cookie:
            headers["Cookie"] = cookie
        c.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        r = c.getresponse()
        if method == "GET" and r.getheader("set-cookie"):
            JAR["cookie"] = r.getheader("set-cookie").split(";")[0]
        return r.status, r.read().decode()
    finally:
        c.close()


def test_g_bo3_sigkill_of_the_serving_desk_loses_no_acknowledged_report(tmp_path):
    """G-BO3: 100 reports (50 tables, both sides agreeing) from 8 phones at once; the desk is killed
    after about half were answered: each answered report is in the journal, each "recorded" table has
    its result."""
    dd = DataDir(tmp_path)
    with dd.create({"name": "Crash Cup", "date": "2026-12-02", "sanctioned": False}) as store:
        d = Desk(store)
        d.add_players([f"player {i}" for i in range(100)])
        d.set_settings({"phone_reports": True})
        codes = {pid: code for pid, _n, code in d.report_codes()}
        d.pair_next()
        jobs = []
        for m in d.event.current_round.matches:
            jobs.append((m.table, "p1", codes[m.p1], "2-1"))
            jobs.append((m.table, "p2", codes[m.p2], "1-2"))
        eid = store.id
    assert len(jobs) == 100
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tui.cli",
            "--data-dir",
            str(tmp_path),
            "serve",
            eid,
            "--host",
            "127.0.0.1",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=_env(),
    )
    try:
        port = None
        for line in proc.stdout:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
            if "report" in line and port:  # "Phone reports are on: ..."
                break
        assert port, "lycee serve printed no address"
        status, page = _request(port, "GET", "/report")
        assert status == 200
        token = re.search(r'data-token="([^"]+)"', page).group(1)
        cookie = JAR["cookie"]
        answers: list[tuple[int, str, dict]] = []
        lock = threading.Lock()
        todo = list(jobs)
        half = threading.Event()

        def phone():
            while True:
                with lock:
                    if not todo:
                        return
                    table, side, code, result = todo.pop(0)
                try:
                    status, body = _request(
                        port, "POST", "/api/report", {"code": code, "result": result}, token, cookie
                    )
                except (OSError, http.client.HTTPException):  # the desk is gone: no whole answer, nothing promised
                    return
                if status == 200:
                    with lock:
                        answers.append((table, side, json.loads(body)))
                        if len(answers) >= 50:
                            half.set()

        phones = [threading.Thread(target=phone) for _i in range(8)]
        for t in phones:
            t.start()
        assert half.wait(120), "fewer than 50 answers"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
        for t in phones:
            t.join(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(30)
        proc.stdout.close()
    with dd.open(eid) as s:
        ev = s.event
        stored = {(r.table, r.side) for r in ev.reports}
        for table, side, doc in answers:
            assert doc["status"] in ("waiting", "recorded"), doc
            assert (table, side) in stored, f"table {table} {side}: answered {doc['status']}, not in the journal"
            if doc["status"] == "recorded":
                m = ev.current_round.match_at(table)
                assert (m.p1_wins, m.p2_wins) == (2, 1), f"table {table}: told recorded, no result stored"
    assert len(answers) >= 50
    assert any(doc["status"] == "recorded" for _t, _s, doc in answers)
