"""One writer per event (issue 26, docs/storage.md): the desk's door.

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


def test_every_public_desk_method_is_served_or_marked_local():
    """The door serves a reviewed table (core.doorcalls.SERVED), never what the
    Desk happens to make public: a new public Desk method fails here until
    it is added to the table, or to LOCAL with why it is not served."""
    from core.doorcalls import LOCAL, SERVED

    public = {n for n in dir(Desk) if not n.startswith("_") and callable(getattr(Desk, n))}
    assert not public - set(SERVED) - set(LOCAL), "public Desk methods neither served nor local"
    assert not set(SERVED) & set(LOCAL)
    assert all(getattr(Desk, name) is call.method for name, call in SERVED.items())  # each name runs its method
    assert {"append_all", "register_decklist_file", "repair"} <= set(LOCAL)


def test_a_call_not_in_the_table_is_refused_over_the_door_and_nothing_changes(served, tmp_path):
    """append_all (any action, as given), register_decklist_file (a file the
    caller names) and repair are a Desk's local helpers: through the door
    they are refused, nothing is stored; the door still answers after."""
    dd, st, srv = served
    (tmp_path / "deck.txt").write_text("4 LO-0001\n", encoding="utf-8")
    before = dd.history(st.id)
    with RemoteWriter(dd, st.id) as w:
        for method, args in (
            ("append_all", [[("register", {"players": [{"id": "p9", "name": "Mallory"}]})]]),
            ("register_decklist_file", ["P1", str(tmp_path / "deck.txt")]),
            ("repair", []),
            ("store_pairing", [[]]),
        ):
            with pytest.raises(LyceeError, match="no operation"):
                w.call(method, *args, actor="cli")
        assert w.call("player", "P1", actor="cli").name == "P1"
    assert dd.history(st.id) == before


def test_a_phone_page_reaches_only_the_calls_open_to_phones(served):
    """Who may call: a request from a player's phone page reaches phone_report(s)
    and phone_decklist only; a desk call from it is refused, nothing stored."""
    dd, st, srv = served
    before = dd.history(st.id)
    with RemoteWriter(dd, st.id) as w:
        with pytest.raises(LyceeError, match="does not take add_players"):
            w.call("add_players", ["Mallory"], actor="player p1 (phone)", device="192.0.2.7")
        with pytest.raises(LyceeError, match="does not take record"):
            w.call("record", 1, "2-0", actor="phones")
    assert dd.history(st.id) == before


def test_a_batch_through_the_door_takes_only_its_listed_kinds(served):
    """append_batch (what a face's batch goes through) refuses a kind outside
    BATCH_KINDS, e.g. a registration, before anything is stored."""
    dd, st, srv = served
    before = dd.history(st.id)
    with RemoteWriter(dd, st.id) as w, pytest.raises(LyceeError, match="register"):
        w.call("append_batch", [("register", {"players": [{"id": "p9", "name": "Mallory"}]})], actor="cli")
    assert dd.history(st.id) == before


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
        await until(pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.link.door is not None, "the door")
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
        await until(pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.link.door is not None, "the door")
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


# -- the door's limits (issue 44, items 8 and 9): every reader bounded, no traceback ----------------


def _wait(cond, what: str, seconds: float = 10.0) -> None:
    """Wait on a condition (bounded), never on a fixed sleep."""
    done = threading.Event()
    for _i in range(int(seconds / 0.02)):
        if cond():
            return
        done.wait(0.02)
    raise AssertionError(f"never happened: {what}")


@pytest.fixture(params=["unix", "tcp"])
def limits(request, tmp_path, monkeypatch):
    """A door of each kind, its limits made small where a test sets them
    before calling ``start()`` (``door.CLIENTS_MAX``) or at any time (the rest)."""
    if request.param == "tcp":
        monkeypatch.setenv("LYCEE_DOOR", "tcp")
    dd, st = _event(tmp_path)
    srvs = []

    def start():
        srv = DoorServer(LocalWriter(Desk(st)), door_path(dd, st.id)).start()
        srvs.append(srv)
        return srv

    yield dd, st, start
    for srv in srvs:
        srv.stop()
    st.close()


def _raw(srv, token: bool = True) -> socket.socket:
    """A connection to the door as any client makes it (on TCP, the token sent first unless ``token`` is False)."""
    if srv.tcp:
        port = json.loads(srv.path.read_text())["port"]
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        if token:
            s.sendall(srv.token.encode() + b"\n")
    else:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(str(srv.path))
    return s


def _answer(s: socket.socket) -> dict | None:
    """The door's next answer, None when it closed without one (bounded by the socket's timeout)."""
    got = b""
    while not got.endswith(b"\n"):
        try:
            chunk = s.recv(4096)
        except ConnectionResetError:
            chunk = b""
        if not chunk:
            return json.loads(got) if got else None
        got += chunk
    return json.loads(got)


def test_a_line_over_the_limit_is_refused_without_being_held(limits, monkeypatch):
    """L-DOOR (issue 44 item 9): a request line over LINE_MAX (here 256 KB) is refused with one
    line and its connection closed, read a chunk at a time: the desk never
    holds more than the limit and a chunk (64 MB sent: the desk stopped
    reading long before, and held under 4 MB); the door answers the next
    client as before."""
    import tracemalloc

    dd, st, start = limits
    monkeypatch.setattr(door, "LINE_MAX", 256 * 1024)
    srv = start()
    chunk = b"a" * 2**20
    s = _raw(srv)
    sent = {"bytes": 0, "cut": False}

    def send():
        try:
            for _i in range(64):
                s.sendall(chunk)
                sent["bytes"] += len(chunk)
        except OSError:
            sent["cut"] = True

    tracemalloc.start()
    try:
        t = threading.Thread(target=send)
        t.start()
        answer = _answer(s)
        t.join(60)
        _held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        s.close()
    assert answer is not None and not answer["ok"]
    assert "at most 0.25 MB; this one is longer and was not read" in answer["error"]
    assert sent["cut"] and sent["bytes"] < 32 * 2**20, sent
    assert peak < 4 * 2**20, f"the desk held {peak / 2**20:.1f} MB"
    with RemoteWriter(dd, st.id) as w:
        assert w.call("add_players", ["Rin"], actor="cli") == ["p5"]


def test_a_request_the_client_knows_is_too_long_is_refused_before_sending(served, monkeypatch):
    """L-DOOR (issue 44 item 9): RemoteWriter refuses, before sending, a request over the limit,
    naming it; nothing is stored."""
    dd, st, srv = served
    monkeypatch.setattr(door, "LINE_MAX", 2**19)
    with RemoteWriter(dd, st.id) as w, pytest.raises(LyceeError, match=r"at most 0\.5 MB; this one is longer"):
        w.call("add_players", [f"Player {i:05d} " + "x" * 50 for i in range(10_000)], actor="cli")
    assert len(dd.read(st.id).players) == 4


def test_deep_nesting_is_refused_with_one_line_and_no_traceback(limits, monkeypatch):
    """L-DOOR (issue 44 item 8, the door half): 1,000 nested `[` is refused before it is parsed,
    one line naming the depth; no thread dies with a RecursionError; the door
    answers the next request on the same connection's successor."""
    dd, st, start = limits
    srv = start()
    died = []
    monkeypatch.setattr(threading, "excepthook", died.append)
    with _raw(srv) as s:
        s.sendall(b'{"method": "$hello", "args": ' + b"[" * 1000 + b"]" * 1000 + b"}\n")
        answer = _answer(s)
    assert answer is not None and not answer["ok"]
    assert answer["error"] == f"the desk's door could not read the request: nested more than {door.DEPTH_MAX} deep"
    assert died == []
    with RemoteWriter(dd, st.id) as w:
        assert w.call("player", "P1", actor="cli").name == "P1"


def test_the_tcp_door_reads_the_token_before_anything_else(tmp_path, monkeypatch):
    """L-DOOR (issue 44 items 8 and 9) on TCP: a client without the token is refused once the
    token's length has been read, before any request is: a line still being
    sent (no newline yet) and 1,000 nested `[` both get the token refusal,
    with no traceback and nothing stored; one that sends nothing is closed
    after TOKEN_WAIT."""
    monkeypatch.setenv("LYCEE_DOOR", "tcp")
    dd, st = _event(tmp_path)
    died = []
    monkeypatch.setattr(threading, "excepthook", died.append)
    srv = DoorServer(LocalWriter(Desk(st)), door_path(dd, st.id)).start()
    try:
        for first in (b'{"method": "add_players", "args": [["Evil"]], "actor": "x"', b"[" * 1000 + b"\n"):
            with _raw(srv, token=False) as s:
                s.sendall(first)  # the first: no newline, the line not finished
                answer = _answer(s)
            assert answer is not None and answer["error"] == "the desk's door refused a request without its token"
        monkeypatch.setattr(door, "TOKEN_WAIT", 0.3)
        with _raw(srv, token=False) as s:
            assert _answer(s) is None  # sent nothing: closed once TOKEN_WAIT passed (a hang: TimeoutError)
        assert died == [] and len(dd.read(st.id).players) == 4
    finally:
        srv.stop()
        st.close()


def test_a_quiet_connection_is_closed_after_the_idle_timeout(limits, monkeypatch):
    """L-DOOR (issue 44 item 9): a client that sends nothing, or a line a byte at a time that
    never ends, is closed once IDLE_TIMEOUT (here 0.5 s) passes without a
    whole request; its thread ends.  A RemoteWriter left quiet past it
    connects again by itself: its next call is stored once."""
    dd, st, start = limits
    monkeypatch.setattr(door, "IDLE_TIMEOUT", 0.5)
    srv = start()
    silent = _raw(srv)
    drip = _raw(srv)
    dripping = threading.Event()

    def trickle():
        try:
            drip.sendall(b'{"method": ')
            while True:
                drip.sendall(b" ")
                dripping.set()
                threading.Event().wait(0.05)
        except OSError:
            pass

    t = threading.Thread(target=trickle, daemon=True)
    t.start()
    assert dripping.wait(10)
    assert _answer(silent) is None  # closed by the desk (a hang would end in TimeoutError)
    t.join(10)
    assert not t.is_alive()  # the dripping one too
    silent.close()
    drip.close()
    _wait(lambda: not srv._conns, "every quiet connection closed")
    with RemoteWriter(dd, st.id) as w:
        _wait(lambda: not srv._conns, "the writer's quiet connection closed by the desk")
        assert w.call("add_players", ["Late"], actor="cli") == ["p5"]
    assert [p.name for p in dd.read(st.id).players].count("Late") == 1


def test_connections_beyond_the_bound_are_answered_busy_not_left_hanging(limits, monkeypatch):
    """L-DOOR (issue 44 item 9): at most CLIENTS_MAX connections (here 4) are served at once,
    each a thread; one more gets a one-line "busy" answer at once, without a
    thread (RemoteWriter and writer_for: DoorBusy, not "no desk"); once a
    connection ends, the next client is served."""
    dd, st, start = limits
    monkeypatch.setattr(door, "CLIENTS_MAX", 4)
    srv = start()
    held = [_raw(srv) for _i in range(4)]
    _wait(lambda: len(srv._conns) == 4, "four connections served")
    threads = threading.active_count()
    with _raw(srv) as s:
        s.sendall(b'{"method": "$hello"}\n')
        answer = _answer(s)
    assert answer is not None and answer["kind"] == "DoorBusy"
    assert "serving as many connections as it takes (4)" in answer["error"]
    with pytest.raises(door.DoorBusy, match="try again in a moment"):
        RemoteWriter(dd, st.id, timeout=0.2)
    with pytest.raises(door.DoorBusy):
        writer_for(dd, st.id)
    assert threading.active_count() == threads  # no thread for a refused one
    held.pop().close()
    with RemoteWriter(dd, st.id) as w:
        assert w.call("add_players", ["Next"], actor="cli") == ["p5"]
    for h in held:
        h.close()


def test_a_burst_of_connections_waits_in_the_backlog_and_each_is_answered(tmp_path, monkeypatch):
    """L-DOOR (issue 44 item 9): BACKLOG connections wait while the desk is not accepting (the
    old backlog of 16 refused the 17th with EAGAIN); once it accepts, each
    gets an answer: served, or busy beyond CLIENTS_MAX; none hangs."""
    dd, st = _event(tmp_path)
    gate = threading.Event()
    accept = DoorServer._accept
    monkeypatch.setattr(DoorServer, "_accept", lambda self: (gate.wait(10), accept(self))[1])
    srv = DoorServer(LocalWriter(Desk(st)), door_path(dd, st.id)).start()
    try:
        burst = []
        for _i in range(100):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.setblocking(False)
            assert s.connect_ex(str(srv.path)) == 0, f"connection {len(burst) + 1} refused"
            burst.append(s)
        gate.set()
        kinds = []
        for s in burst:
            s.settimeout(10)
            s.sendall(b'{"method": "$hello"}\n')
            answer = _answer(s)
            kinds.append("ok" if answer and answer["ok"] else (answer or {}).get("kind"))
            s.close()
        assert set(kinds) <= {"ok", "DoorBusy"} and kinds.count("ok") >= door.CLIENTS_MAX, kinds
    finally:
        srv.stop()
        st.close()


def _depth(value) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


def test_too_deep_agrees_with_the_depth_of_any_json():
    """L-DOOR (issue 44 item 8): the scan before parsing finds exactly the values nested deeper
    than the limit, brackets and quotes inside strings not counted."""
    from hypothesis import example, given, settings
    from hypothesis import strategies as hs

    text = hs.text(alphabet='[]{}"\\ab\n', max_size=6)
    values = hs.recursive(
        hs.none() | hs.integers() | text,
        lambda inner: hs.lists(inner, max_size=3) | hs.dictionaries(text, inner, max_size=3),
        max_leaves=30,
    )

    hidden = ['\\"]]]]}}}}', "[[[[{{{{", '\\\\"', "\\"]
    for _i in range(9):
        hidden = [hidden, {'"]': hidden}]

    @settings(max_examples=300, deadline=None)
    @given(values, hs.integers(min_value=0, max_value=8))
    @example(hidden, 8)  # 19 deep, strings of brackets, quotes and backslashes that would hide it
    @example(hidden, 64)
    def check(value, limit):
        line = json.dumps(value).encode()
        assert door.too_deep(line, limit) == (_depth(value) > limit)

    check()


def test_a_writer_whose_desk_has_closed_is_told_nothing_was_stored(served):
    """L-DOOR (issue 44 item 9): a RemoteWriter whose connection the desk has closed connects
    again before its next call; when the desk itself is gone, that call is
    refused saying nothing was stored (DoorClosed), not an OSError."""
    dd, st, srv = served
    with RemoteWriter(dd, st.id) as w:
        srv.stop()
        _wait(lambda: not srv._conns, "the desk's side closed")
        with pytest.raises(door.DoorClosed, match="nothing was stored"):
            w.call("add_players", ["Gone"], actor="cli")
    assert "Gone" not in [p.name for p in dd.read(st.id).players]


def test_l_later_a_correction_through_the_door_says_a_round_was_paired_again_only_when_it_was(served, capsys):
    """L-LATER: `lycee result EVENT 1 2-1 --correct --round 1` while a desk holds the event, after
    round 2 was paired, changing only the games (the same winner: round 2 stands) prints the
    correction and nothing of a round paired again (through the door the event comes back as a new
    object, and the line said round 2 was paired again and announced); with --then repair, when the
    correction breaks round 2, it says so."""
    from tui.cli import main

    dd, st, _srv = served
    d = Desk(st)
    d.pair_next()
    for m in d.event.current_round.matches:
        d.record(m.table, "2-0")
    d.pair_next()
    before = d.event.rounds[1]
    args = ["--data-dir", str(dd.root), "--lang", "en", "result", st.id]
    assert main([*args, "1", "2-1", "--correct", "--round", "1"]) == 0
    out = capsys.readouterr().out
    assert "2-1" in out and "paired again" not in out, out
    assert st.event.rounds[1] == before
    assert main([*args, "1", "0-2", "--correct", "--round", "1", "--then", "repair"]) == 0
    out = capsys.readouterr().out
    assert st.event.rounds[1] != before and "round 2 is paired again" in out, out


def test_design3_serve_takes_the_event_when_the_app_it_wrote_through_closes(tmp_path):
    """README (`lycee serve` beside the app): the page server writes through the app's door; when
    the app closes the event, the next change (a phone's report) finds no desk, and serve takes the
    event itself and stores it there, once (the reports were refused with "the desk closed the
    event" until the app was opened again)."""
    from core.door import ReachingWriter, RemoteWriter

    dd, st = _event(tmp_path)
    Desk(st).pair_next()
    srv = DoorServer(LocalWriter(Desk(st)), door_path(dd, st.id)).start()
    writer = ReachingWriter(dd, st.id, RemoteWriter(dd, st.id), hold=True, wait=2.0)
    try:
        writer.call("record", 1, "2-0", actor="cli")
        srv.stop()
        st.close()  # the app quits
        writer.call("record", 2, "2-1", actor="cli")
        ev = dd.read(st.id)
        assert [m.outcome for m in ev.current_round.matches] == ["p1", "p1"]
        assert [a["type"] for a in dd.history(st.id)].count("result") == 2  # each report stored once
    finally:
        writer.close()
