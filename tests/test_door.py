"""One writer per event (issue 26, DESIGN section 2): the desk's door.

The process holding an event's lock serves its LocalWriter on a socket in the
data folder; the command line and every other writer of the same user go
through it.  These tests play the protocol (a call, a refusal with its rule
id, an unknown method, a peer of another uid, a stale socket, the TCP token
fallback) and the command line through a running app (Pilot + subprocess)."""

from __future__ import annotations

import asyncio
import html
import json
import os
import re
import socket
import subprocess
import sys
import threading

import pytest

from core import door
from core.desk import Desk
from core.door import DoorServer, LocalWriter, RemoteDesk, RemoteWriter, door_path, writer_for
from core.errors import EventLocked, LyceeError, RuleError
from core.store import DataDir
from tests.app_helpers import until


def _event(tmp_path, players=4):
    dd = DataDir(tmp_path)
    st = dd.create(
        {
            "name": "Door Cup",
            "date": "2026-12-05",
            "sanctioned": False,
            "staff": {"organizer": "Mika", "judges": ["Sato"], "head_judge": "Sato"},
        }
    )
    Desk(st).add_players([f"P{i}" for i in range(1, players + 1)])
    return dd, st


@pytest.fixture
def served(tmp_path):
    dd, st = _event(tmp_path)
    writer = LocalWriter(Desk(st))
    srv = DoorServer(writer, door_path(dd, st.id)).start()
    yield dd, st, srv
    srv.stop()
    st.close()


def test_a_call_through_the_door_is_stored_as_its_actor_and_device(served):
    """One writer: a change sent through the door is in the journal with its
    actor and device, and the client reads the event lock-free after it."""
    dd, st, srv = served
    assert not srv.tcp and oct(os.stat(srv.path).st_mode & 0o777) == "0o600"
    with RemoteWriter(dd, st.id) as w:
        ids = w.call("add_players", ["Rin"], actor="cli", device="local")
        assert ids == ["p5"]
        assert [p.name for p in w.event.players][-1] == "Rin"
    last = dd.history(st.id)[-1]
    assert (last["actor"], last["device"]) == ("cli", "local")


def test_g_bo3_a_refusal_comes_back_as_the_same_class_with_its_rule_id(served):
    """G-BO3: a result the match rules refuse is refused through the door as
    at the desk: a RuleError with the rule id, nothing stored."""
    dd, st, srv = served
    Desk(st).pair_next()
    before = len(dd.history(st.id))
    with RemoteWriter(dd, st.id) as w:
        with pytest.raises(RuleError) as err:
            w.call("record", 1, "3-0", actor="cli")
        local = None
        try:
            Desk(st).record(1, "3-0")
        except RuleError as e:
            local = e
    assert err.value.rule == local.rule == "G-BO3" and str(err.value) == str(local)
    assert len(dd.history(st.id)) == before


def test_an_unknown_method_is_refused_and_nothing_changes(served):
    dd, st, srv = served
    with RemoteWriter(dd, st.id) as w:
        with pytest.raises(LyceeError, match="no operation"):
            w.call("__init__", actor="cli")
        with pytest.raises(LyceeError, match="no operation"):
            w.call("store", actor="cli")
        assert w.call("player", "P1", actor="cli").name == "P1"  # the door still answers after a refusal


def test_a_peer_of_another_uid_is_refused(served, monkeypatch):
    """Only the same user: a peer whose uid (SO_PEERCRED) is not the desk's gets a refusal."""
    if not hasattr(socket, "SO_PEERCRED"):
        pytest.skip("no SO_PEERCRED here")
    dd, st, srv = served
    monkeypatch.setattr(door, "own_uid", lambda: os.geteuid() + 1)
    with pytest.raises(LyceeError, match="own user only"):
        RemoteWriter(dd, st.id)


def test_a_stale_socket_of_a_dead_desk_is_no_door_and_is_cleaned_up(tmp_path):
    """A socket left by a killed desk: nobody answers it (no writer), and the
    next process that opens the event removes it."""
    dd, st = _event(tmp_path)
    st.close()
    path = door_path(dd, st.id)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(path))
    s.close()  # bound, never listening: what a dead desk leaves
    assert path.exists() and writer_for(dd, st.id) is None
    with dd.open(st.id):
        assert not path.exists()


def test_the_tcp_door_with_its_token_file(tmp_path, monkeypatch):
    """Where AF_UNIX is missing: loopback TCP, the port and a random token in
    a file of mode 600; a request without the token is refused."""
    monkeypatch.setenv("LYCEE_DOOR", "tcp")
    dd, st = _event(tmp_path)
    srv = DoorServer(LocalWriter(Desk(st)), door_path(dd, st.id)).start()
    try:
        assert srv.tcp and oct(os.stat(srv.path).st_mode & 0o777) == "0o600"
        info = json.loads(srv.path.read_text())
        with RemoteWriter(dd, st.id) as w:
            assert w.call("add_players", ["Kai"], actor="cli", device="local") == ["p5"]
        with socket.create_connection(("127.0.0.1", info["port"])) as raw, raw.makefile("rwb") as f:
            f.write(b'{"method": "add_players", "args": [["Evil"]], "actor": "x"}\n')
            f.flush()
            answer = json.loads(f.readline())
        assert not answer["ok"] and "token" in answer["error"]
        assert [p.name for p in dd.read(st.id).players][-1] == "Kai"
    finally:
        srv.stop()
        st.close()


def test_a_remote_desk_reads_locally_and_writes_through_the_door(served):
    """RemoteDesk: code written for a Desk runs unchanged; reads never go to the desk."""
    dd, st, srv = served
    calls = []
    real = srv.writer.invoke
    srv.writer.invoke = lambda m, *a, **k: (calls.append(m), real(m, *a, **k))[1]
    with RemoteWriter(dd, st.id) as w:
        d = RemoteDesk(w)
        assert d.player("P2").id == "p2"
        d.penalty("P2", "notice", "slow play", by="Sato")
        assert d.event.penalties[-1].reason == "slow play"
    assert calls == ["penalty"]


def test_a_call_waiting_when_the_desk_closes_gets_a_clear_answer(tmp_path):
    """The desk closes the event while a command waits: the command is told
    nothing was stored, and nothing was."""
    dd, st = _event(tmp_path)
    gate = threading.Event()
    entered = threading.Event()

    def run(fn):  # the desk's thread, busy until the door has closed
        entered.set()
        gate.wait(10)
        return fn()

    writer = LocalWriter(Desk(st), run=run)
    srv = DoorServer(writer, door_path(dd, st.id)).start()
    w = RemoteWriter(dd, st.id)
    out = {}
    t = threading.Thread(target=lambda: out.update(err=_raises(lambda: w.call("add_players", ["Late"], actor="cli"))))
    t.start()
    assert entered.wait(10)
    srv.stop()
    gate.set()
    t.join(10)
    w.close()
    assert "nothing was stored" in str(out["err"])
    assert "Late" not in [p.name for p in dd.read(st.id).players]
    st.close()


def _raises(fn):
    try:
        fn()
    except LyceeError as err:
        return err
    return None


def test_writer_for_holds_the_event_when_no_desk_has_it(tmp_path):
    """`lycee serve` as the desk: with hold, the event is opened here and its
    door served; a second writer_for reaches that door; the app is refused."""
    dd, st = _event(tmp_path)
    st.close()
    host = writer_for(dd, st.id, hold=True)
    try:
        assert isinstance(host, door.HostedWriter)
        with writer_for(dd, st.id) as w:
            assert isinstance(w, RemoteWriter)
            w.call("add_players", ["Nao"], actor="cli", device="local")
        with pytest.raises(EventLocked, match="lycee serve"):
            dd.open(st.id, role="app")
    finally:
        host.close()
    assert not door_path(dd, st.id).exists()


# -- the command line through a running app (Pilot + subprocess) --------------------------


def lycee(data, *argv):
    env = {**os.environ, "LYCEE_LANG": "en"}
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", "--data-dir", str(data), *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<]*)</text>", svg))).replace("\xa0", " ")


@pytest.mark.asyncio
async def test_g_bo3_the_command_line_goes_through_the_running_app(tmp_path):
    """G-BO3, G-PEN-1: with the app open on the event, `lycee player add`,
    `lycee result` and `lycee penalty` are stored through its door (actor
    `cli`, device `local`) and show on its screen at once; a refusal keeps its
    rule id and exits non-zero."""
    from tui.app import LyceeApp
    from tui.screens.event import EventScreen

    dd, st = _event(tmp_path)
    Desk(st).pair_next()
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.door is not None, "the door")
        screen = app.screen
        r = await asyncio.to_thread(lycee, tmp_path, "player", "add", eid, "Zelda")
        assert r.returncode == 0, r.stderr
        await until(pilot, lambda: "Zelda" in screen_text(app), "Zelda on the players tab")
        await pilot.press("f3")
        r = await asyncio.to_thread(lycee, tmp_path, "result", eid, "1", "2-1")
        assert r.returncode == 0, r.stderr
        assert 1 not in screen.event.current_round.missing_tables()
        await until(pilot, lambda: "2-1" in screen_text(app), "the result on the round tab")
        r = await asyncio.to_thread(lycee, tmp_path, "result", eid, "2", "3-0")
        assert r.returncode != 0 and "G-BO3" in r.stderr
        r = await asyncio.to_thread(lycee, tmp_path, "penalty", eid, "P3", "notice", "--reason", "slow play")
        assert r.returncode == 0, r.stderr
        assert screen.event.penalties[-1].reason == "slow play"
        log = await asyncio.to_thread(lycee, tmp_path, "log", eid, "--actor", "cli")
        assert log.returncode == 0 and "cli (local)" in log.stdout.replace("command line", "cli")
    rows = [a for a in dd.history(eid) if a["actor"] == "cli"]
    assert [a["type"] for a in rows] == ["register", "result", "penalty"]
    assert {a["device"] for a in rows} == {"local"}
    assert not door_path(dd, eid).exists()  # closed with the event
    r = lycee(tmp_path, "player", "add", eid, "After")  # nothing holds it: as before, opened by the command
    assert r.returncode == 0 and dd.history(eid)[-1]["actor"] == "desk"


def test_lycee_serve_is_the_desk_when_no_app_holds_the_event(tmp_path, capsys, monkeypatch):
    """`lycee serve` with nothing holding the event holds it and serves its
    door: a command run meanwhile goes through it (actor cli, device local);
    the app is refused naming `lycee serve`; after it stops, the door is gone."""
    from tui.cli import main
    from tui.web import server

    dd, st = _event(tmp_path)
    eid = st.id
    st.close()
    seen = {}

    def run(self):
        self.sock.close()
        seen["cli"] = lycee(tmp_path, "player", "add", eid, "Yui")
        try:
            dd.open(eid, role="app")
        except EventLocked as err:
            seen["app"] = str(err)

    monkeypatch.setattr(server.WebServer, "run", run)
    assert main(["--data-dir", str(tmp_path), "--lang", "en", "serve", eid, "--port", "0", "--host", "127.0.0.1"]) == 0
    assert "is now the desk" in capsys.readouterr().out
    assert seen["cli"].returncode == 0, seen["cli"].stderr
    assert "lycee serve" in seen["app"]
    last = dd.history(eid)[-1]
    assert (last["actor"], last["device"], last["data"]["players"][0]["name"]) == ("cli", "local", "Yui")
    assert not door_path(dd, eid).exists()


@pytest.mark.asyncio
async def test_a_second_window_on_an_event_held_by_another_desk_is_refused_naming_it(tmp_path):
    """A second window (the app) on an event `lycee serve` holds: refused at
    once with who holds it (the pid) and that `lycee` commands reach it; the
    event list stays, nothing is opened read-write twice."""
    from tui.app import LyceeApp
    from tui.screens.event import EventScreen

    dd, st = _event(tmp_path)
    eid = st.id
    st.close()
    host = writer_for(dd, eid, hold=True)
    try:
        app = LyceeApp(dd, open_event=eid, lang="en")
        async with app.run_test(size=(160, 50)) as pilot:

            def told():
                return " ".join(str(n.message) for n in app._notifications)

            await until(pilot, lambda: "lycee result" in told(), "the refusal")
            text = told()
            assert f"process {os.getpid()}" in text and "lycee serve" in text
            assert not isinstance(app.screen, EventScreen)
    finally:
        host.close()


def test_g_bo3_a_batch_of_results_from_stdin_goes_through_the_door_as_one_record(served):
    """G-BO3: `lycee result EVENT -` while a desk holds the event: the batch
    (Structs on the wire) is stored through the door as one record, actor cli."""
    dd, st, srv = served
    Desk(st).pair_next()
    env = {**os.environ, "LYCEE_LANG": "en"}
    r = subprocess.run(
        [sys.executable, "-m", "tui.cli", "--data-dir", str(dd.root), "result", st.id, "-"],
        input="1 2-1\n2 0-2\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    last = dd.history(st.id)[-1]
    assert last["actor"] == "cli" and st.event.current_round.missing_tables() == []


@pytest.mark.asyncio
async def test_g_bo3_phone_reports_through_the_apps_own_page_server_reach_its_desk(tmp_path):
    """G-BO3 (issue 26): with the app open on an event with phone reports on,
    the page server it starts (Ctrl+W, a child process) sends the players'
    reports through the app's door: both sides agree, the answer is
    "recorded", and the result is on the app's screen, stored as the players
    from their address."""
    import http.client

    from tui.app import LyceeApp
    from tui.screens.event import EventScreen

    dd, st = _event(tmp_path)
    d = Desk(st)
    d.set_settings({"phone_reports": True})
    codes = {pid: code for pid, _n, code in d.report_codes()}
    d.pair_next()
    m = d.event.current_round.matches[0]
    eid = st.id
    st.close()

    jar: dict[str, str] = {}  # the page's session cookie (its token is tied to it)

    def ask(port, method, path, body=None, token=""):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            c.request(
                method,
                path,
                body=None if body is None else json.dumps(body),
                headers={
                    "Origin": f"http://127.0.0.1:{port}",
                    "Content-Type": "application/json",
                    "X-Lycee-Token": token,
                    **({"Cookie": jar["cookie"]} if jar else {}),
                },
            )
            r = c.getresponse()
            if r.getheader("set-cookie"):
                jar["cookie"] = r.getheader("set-cookie").split(";")[0]
            return r.status, r.read().decode()
        finally:
            c.close()

    app = LyceeApp(dd, open_event=eid, lang="en")
    app.serve_at = ("127.0.0.1", 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.door is not None, "the door")
        screen = app.screen
        await pilot.press("ctrl+w")
        await app.workers.wait_for_complete()  # the page server starts in a worker
        await until(pilot, lambda: getattr(screen, "web", None) is not None, "the page server")
        port = screen.web.port
        status, page = await asyncio.to_thread(ask, port, "GET", "/report")
        assert status == 200, page
        token = re.search(r'data-token="([^"]+)"', page).group(1)
        s1, b1 = await asyncio.to_thread(
            ask, port, "POST", "/api/report", {"code": codes[m.p1], "result": "2-1"}, token
        )
        assert s1 == 200 and json.loads(b1)["status"] == "waiting", b1
        s2, b2 = await asyncio.to_thread(
            ask, port, "POST", "/api/report", {"code": codes[m.p2], "result": "1-2"}, token
        )
        assert s2 == 200 and (json.loads(b2)["status"], json.loads(b2)["table"]) == ("recorded", m.table), b2
        await until(pilot, lambda: m.table not in screen.event.current_round.missing_tables(), "the result at the desk")
        await pilot.press("escape")
    rows = [a for a in dd.history(eid) if a["type"] == "result"]
    assert rows and rows[-1]["actor"].startswith("player ") and rows[-1].get("device") == "127.0.0.1"
