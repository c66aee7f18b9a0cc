"""Issue 44 (Integrity), the web half: judge sessions end when trust ends, page
tokens are tied to the page's session and expire in hours, every request is
bounded (a whole-request deadline, a body cap per route, JSON depth), wrong
codes and PINs cost the guesser and not the store, the desk lifts a lock, and
only this PC's names are answered (Host).  Rules: docs/rules.md "WEB-SESSION",
"WEB-BOUNDS", "WEB-GUESS", "WEB-HOST" (issue 44).

Slow-client tests are loopback only, a few connections, each bounded in time."""

from __future__ import annotations

import json
import logging
import re
import socket
import time
from datetime import datetime, timezone

import pytest

from core.desk import Desk

starlette = pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from tests.round_helpers import FakeTime  # noqa: E402

T0 = datetime(2026, 12, 2, 13, 0, tzinfo=timezone.utc)
ORIGIN = "http://desk.test"


@pytest.fixture
def desk(datadir):
    datadir.clock = FakeTime(T0)
    store = datadir.create(
        {
            "name": "Cup",
            "date": "2026-12-02",
            "sanctioned": True,
            "staff": {"organizer": "Olga", "judges": ["佐藤", "鈴木"], "head_judge": "鈴木"},
        }
    )
    d = Desk(store)
    d.add_players(["Aki", "Ben", "Chie", "Dai", "Emi"])
    d.set_settings({"phone_reports": True})
    d.pair_next()
    yield d
    store.close()


def app_for(desk, **opts):
    from core.door import LocalWriter
    from tui.web.feed import Feed, LiveSource
    from tui.web.server import create_app

    feed = Feed(LiveSource(lambda: desk.event), now=lambda: desk.store.clock().timestamp())
    feed.refresh()
    return create_app(feed, rate=None, writer=LocalWriter(desk), **opts)


def client(app, who: str = "testclient") -> TestClient:
    """A phone: its own cookies, its own address."""
    return TestClient(app, base_url=ORIGIN, client=(who, 50000))


def token(c, path: str = "/judge") -> str:
    r = c.get(path + "?lang=en")
    assert r.status_code == 200
    return re.search(r'data-token="([^"]+)"', r.text).group(1)


def post(c, path, doc, tok, raw: bytes | None = None):
    h = {"Content-Type": "application/json", "X-Lycee-Token": tok, "Origin": ORIGIN}
    return c.post(path, content=raw if raw is not None else json.dumps(doc), headers=h)


def sign_in(c, name, pin):
    return post(c, "/api/judge/signin", {"name": name, "pin": pin}, token(c))


def extend(c):
    return post(c, "/api/judge", {"op": "extend", "table": 1, "minutes": 3}, token(c))


def codes(d: Desk) -> dict[str, str]:
    return {pid: code for pid, _name, code in d.report_codes()}


def apis(app):
    """(the report api's Guesses, the judge api's Guesses, the judge api)."""
    reports, pins = app.app.state.guesses
    return reports, pins


# -- item 4: sessions end when trust ends -----------------------------------------------------------------


@pytest.mark.parametrize("how", ["new PIN", "off the staff", "signout"])
def test_a_judge_session_ends_at_once_when_trust_ends(desk, how):
    """G-JUDGE (WEB-SESSION): a session is tied to the PIN it was made with: a new PIN, the judge
    taken off the staff, or `lycee staff EVENT signout NAME` (Desk.staff_signout) ends it on the
    next request (401, the page shows the sign-in again); the old PIN no longer signs in."""
    pin = desk.staff_pin("佐藤")
    app = app_for(desk)
    with client(app) as c:
        assert sign_in(c, "佐藤", pin).status_code == 200
        assert extend(c).json()["status"] == "done"
        n = len(desk.store.actions)
        if how == "new PIN":
            desk.staff_pin("佐藤")
        elif how == "off the staff":
            desk.set_staff(remove=["佐藤"])
        else:
            desk.staff_signout("佐藤")
        r = extend(c)
        assert r.status_code == 401 and "session ended" in r.json()["error"]
        assert 'id="signin"' in c.get("/judge").text
    assert len(desk.store.actions) == n + 1  # the change of trust only: the refused extension is not stored
    if how == "signout":  # the PIN stays: a new sign-in works
        with client(app) as c:
            assert sign_in(c, "佐藤", pin).status_code == 200
            assert extend(c).json()["status"] == "done"


def test_cli_staff_signout_is_logged_and_refuses_a_non_staff_name(tmp_path, capsys):
    """G-JUDGE: `lycee staff EVENT signout NAME` says so, leaves the PIN, is in the log; a player's
    name is refused naming `lycee staff`."""
    from tui.cli import main

    data = str(tmp_path / "d")
    assert main(["--data-dir", data, "event", "new", "Cup", "--organizer", "Olga", "--judge", "佐藤"]) == 0
    eid = capsys.readouterr().out.strip()
    assert main(["--data-dir", data, "staff", eid, "pin", "佐藤"]) == 0
    capsys.readouterr()
    assert main(["--data-dir", data, "staff", eid, "signout", "佐藤"]) == 0
    assert "佐藤" in capsys.readouterr().out
    assert main(["--data-dir", data, "staff", eid, "signout", "Nobody"]) != 0
    assert "lycee staff" in capsys.readouterr().err
    assert main(["--data-dir", data, "log", eid]) == 0
    assert "signed out of the judge page" in capsys.readouterr().out


def test_page_tokens_are_tied_to_the_page_session_and_last_hours(desk, monkeypatch):
    """WEB-SESSION: a token works only with the page session (cookie) it was issued to, and for
    hours, not a day; a refused token says "renew" (the page fetches a new one and sends again);
    a judge's token dies with their session (sign out)."""
    from tui.web import writes

    assert writes.TOKEN_AGE <= 4 * 3600
    c1 = codes(desk)
    app = app_for(desk)
    a, b = client(app, "10.0.0.1"), client(app, "10.0.0.2")
    tok_a = token(a, "/report")
    r = post(b, "/api/report", {"code": c1["p1"]}, tok_a)  # replayed from another phone
    assert r.status_code == 403 and r.json()["renew"] is True
    assert post(a, "/api/report", {"code": c1["p1"]}, tok_a).status_code == 200
    reports, _pins = apis(app)
    api_tokens = [m for m in app.app.router.routes if m.path == "/api/report"][0].endpoint.__self__.tokens
    later = time.time() + writes.TOKEN_AGE + 60
    monkeypatch.setattr(api_tokens, "now", lambda: later)
    r = post(a, "/api/report", {"code": c1["p1"]}, tok_a)
    assert r.status_code == 403 and r.json()["renew"] is True
    assert post(a, "/api/report", {"code": c1["p1"]}, token(a, "/report")).status_code == 200  # renewed
    # a judge's token is tied to the session: signed out, it no longer writes
    pin = desk.staff_pin("鈴木")
    j = client(app, "10.0.0.3")
    assert sign_in(j, "鈴木", pin).status_code == 200
    tok = token(j)
    assert post(j, "/api/judge/signout", {}, tok).status_code == 200
    assert post(j, "/api/judge", {"op": "extend", "table": 1, "minutes": 3}, tok).json().get("renew") is True


# -- item 8: JSON depth, malformed bodies ------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/report", "/api/judge/signin"])
@pytest.mark.parametrize("raw", [b"[" * 1000, b"{" * 500, b'{"code": ' + b"[" * 300 + b"]" * 300 + b"}", b"{,"])
def test_deep_or_malformed_bodies_are_400_without_a_traceback(desk, path, raw):
    """WEB-BOUNDS: 1,000 `[` (or a deep value inside an object, or broken JSON) is refused with
    400 and a reason; the app raises nothing (the test client re-raises any exception)."""
    app = app_for(desk)
    with client(app) as c:
        page = "/report" if path == "/api/report" else "/judge"
        r = post(c, path, None, token(c, page), raw=raw)
        assert r.status_code == 400 and r.json()["error"]


def test_nesting_is_counted_without_parsing():
    """WEB-BOUNDS: brackets inside strings do not count; depth as json would nest."""
    from hypothesis import given
    from hypothesis import strategies as st

    from tui.web.writes import nesting

    assert nesting(b'{"a": "[[[[[[[[[[", "b": [1, [2]]}') == 3
    assert nesting(b'"\\"[["') == 0

    def depth(x) -> int:
        if isinstance(x, list):
            return 1 + max((depth(v) for v in x), default=0)
        if isinstance(x, dict):
            return 1 + max((depth(v) for v in x.values()), default=0)
        return 0

    values = st.recursive(
        st.none() | st.integers() | st.text(alphabet='[]{}"\\ab'),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\a'), inner, max_size=3),
        max_leaves=20,
    )

    @given(values)
    def check(x):
        assert nesting(json.dumps(x).encode()) == depth(x)

    check()


# -- item 5: bodies, on a real server (loopback) -----------------------------------------------------------


def _connect(src: str, port: int) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind((src, 0))
    except OSError:
        s.close()
        pytest.skip(f"cannot use {src} as a source address here")
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    return s


def _read_all(s: socket.socket, bound: float = 10.0) -> bytes:
    """What the server sends until it closes the connection (at most ``bound`` seconds)."""
    s.settimeout(bound)
    data = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except (ConnectionResetError, TimeoutError, socket.timeout):
        pass
    return data


@pytest.fixture
def served(desk):
    """A real server on 127.0.0.1 with short deadlines, and what uvicorn logs."""
    from core.door import LocalWriter
    from tui.web.feed import Feed, LiveSource
    from tui.web.server import WebServer

    srv = WebServer(
        Feed(LiveSource(lambda: desk.event)),
        host="127.0.0.1",
        port=0,
        rate=None,
        header_timeout=1.0,
        request_timeout=2.0,
        writer=LocalWriter(desk),
    )
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record)

    keep = Keep()
    srv.start()
    for _ in range(200):  # uvicorn configures its loggers as it starts (bounded wait)
        if srv._server is not None and srv._server.started:
            break
        time.sleep(0.01)
    for name in ("uvicorn.error", "uvicorn", "lycee.web"):
        logging.getLogger(name).addHandler(keep)
    try:
        yield srv, records
    finally:
        for name in ("uvicorn.error", "uvicorn", "lycee.web"):
            logging.getLogger(name).removeHandler(keep)
        srv.stop()


def _page(port: int, src: str = "127.0.0.2", path: str = "/report") -> tuple[str, str]:
    """(the page's token, its session cookie) as a phone gets them."""
    with _connect(src, port) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        data = _read_all(s).decode("utf-8", "replace")
    tok = re.search(r'data-token="([^"]+)"', data).group(1)
    cookie = re.search(r"set-cookie: (lycee_page=[^;]+)", data, re.I).group(1)
    return tok, cookie


def _post_head(port: int, path: str, tok: str, cookie: str, extra: str) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nX-Lycee-Token: {tok}\r\nCookie: {cookie}\r\n{extra}\r\n"
    ).encode()


def _no_traceback(records) -> None:
    assert not [r for r in records if r.exc_info or "Traceback" in r.getMessage()], [r.getMessage() for r in records]


def test_a_content_length_over_the_cap_is_413_before_the_body(served):
    """WEB-BOUNDS: a report announcing 200 MB is answered 413 at once, with no body byte sent
    (the server never waits for it); the judge route takes 16 KB, not more."""
    srv, records = served
    tok, cookie = _page(srv.port)
    with _connect("127.0.0.2", srv.port) as s:
        s.sendall(_post_head(srv.port, "/api/report", tok, cookie, "Content-Length: 200000000\r\n"))
        data = _read_all(s, bound=5)
    assert data.startswith(b"HTTP/1.1 413") and b"at most 1024 bytes" in data
    for size, status in ((16 * 1024 + 1, b"413"), (16 * 1024, b"401")):  # 401: within the cap, not signed in
        jtok, jcookie = _page(srv.port, path="/judge")
        with _connect("127.0.0.2", srv.port) as s:
            body = b'{"op": "extend", "table": 1, "x": "' + b"a" * (size - 37) + b'"}'
            assert len(body) == size
            s.sendall(_post_head(srv.port, "/api/judge", jtok, jcookie, f"Content-Length: {size}\r\n") + body)
            data = _read_all(s, bound=5)
        assert data.startswith(b"HTTP/1.1 " + status), data[:200]
    _no_traceback(records)


def test_a_body_without_length_is_cut_off_at_the_cap(served):
    """WEB-BOUNDS: a chunked report body is read only up to the cap (1 KB), then refused (413):
    the sender's megabytes are never read whole."""
    srv, records = served
    tok, cookie = _page(srv.port)
    with _connect("127.0.0.2", srv.port) as s:
        s.sendall(_post_head(srv.port, "/api/report", tok, cookie, "Transfer-Encoding: chunked\r\n"))
        chunk = b"a" * 600
        for _ in range(4):
            s.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
        data = _read_all(s, bound=5)
    assert data.startswith(b"HTTP/1.1 413")
    with _connect("127.0.0.2", srv.port) as s:  # a page takes no body at all
        s.sendall("GET /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
        s.sendall(b"10000\r\n" + b"a" * 0x10000 + b"\r\n")
        assert _read_all(s, bound=5).startswith(b"HTTP/1.1 413")
    _no_traceback(records)


def test_slow_bodies_are_cut_at_the_request_deadline_and_others_are_served(served):
    """WEB-BOUNDS: 20 POSTs sending one body byte every 0.3 s are answered 408 and closed at the
    whole-request deadline (2 s here), not held; another address reads pages meanwhile; each
    client gone is one log line, never a ClientDisconnect traceback."""
    import selectors

    srv, records = served
    tok, cookie = _page(srv.port)
    socks = []
    t0 = time.monotonic()
    for _ in range(20):
        s = _connect("127.0.0.3", srv.port)
        s.sendall(_post_head(srv.port, "/api/report", tok, cookie, "Content-Length: 900\r\n") + b'{"code": "')
        socks.append(s)
    sel = selectors.DefaultSelector()
    for s in socks:
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ)
    answers: dict = {}
    next_drip = time.monotonic()
    reader_ok = False
    while sum(isinstance(v, tuple) for v in answers.values()) < len(socks) and time.monotonic() - t0 < 8:
        if time.monotonic() >= next_drip:  # one byte each, every 0.3 s
            next_drip += 0.3
            for s in socks:
                if not isinstance(answers.get(s), tuple):
                    try:
                        s.send(b"A")
                    except OSError:
                        pass
            if not reader_ok:  # another phone reads a page meanwhile
                with _connect("127.0.0.4", srv.port) as r:
                    r.sendall(
                        f"GET /tables HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\nConnection: close\r\n\r\n".encode()
                    )
                    reader_ok = _read_all(r).startswith(b"HTTP/1.1 200")
        for key, _ev in sel.select(timeout=0.05):
            s = key.fileobj
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, BlockingIOError):
                chunk = b""
            answers[s] = answers.get(s, b"") + chunk
            if not chunk:
                sel.unregister(s)
                answers[s] = (answers[s], time.monotonic() - t0)
    for s in socks:
        s.close()
    assert reader_ok
    done = [v for v in answers.values() if isinstance(v, tuple)]
    assert len(done) == 20, [v for v in answers.values() if not isinstance(v, tuple)]
    for data, took in done:
        assert data.startswith(b"HTTP/1.1 408") and 1.8 <= took < 4.0, (data[:40], took)
    for _ in range(300):  # the server's side of the closes (bounded wait)
        if srv.gate.slow_bodies >= 20 and sum("went away" in r.getMessage() for r in records) >= 20:
            break
        time.sleep(0.01)
    assert srv.gate.slow_bodies >= 20
    gone = [r for r in records if "went away" in r.getMessage()]
    assert len(gone) == 20 and all("\n" not in r.getMessage() for r in gone)
    _no_traceback(records)


# -- item 10: Host -----------------------------------------------------------------------------------------


def test_only_this_pcs_names_are_answered(served):
    """WEB-HOST: a page of another site pointed at this PC (DNS rebinding) gives its own Host and
    gets 421; this PC's addresses and names, with any port and any case, are answered."""
    from tui.web.network import allowed_hosts, host_name

    srv, _records = served

    def get(host: str) -> bytes:
        with _connect("127.0.0.5", srv.port) as s:
            s.sendall(f"GET /tables HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            return _read_all(s)

    assert get("evil.example:8000").startswith(b"HTTP/1.1 421")
    assert get("127.0.0.1.evil.example").startswith(b"HTTP/1.1 421")
    for ok in (f"127.0.0.1:{srv.port}", "LOCALHOST", "localhost.", socket.gethostname()):
        assert get(ok).startswith(b"HTTP/1.1 200"), ok
    assert host_name("[::1]:8000") == "::1" and host_name("Desk.Local:80") == "desk.local"
    assert "192.0.2.9" in allowed_hosts("192.0.2.9") and "0.0.0.0" not in allowed_hosts("0.0.0.0")


# -- item 6: wrong codes and PINs --------------------------------------------------------------------------


class Clock:
    def __init__(self):
        self.t = 1_000_000.0

    def __call__(self):
        return self.t


def test_wrong_codes_cost_the_guesser_and_a_right_code_behind_the_same_wifi_works(desk):
    """WEB-GUESS: a guessing phone gets 403 three times, then waits that double (429 with
    Retry-After), then its page session is locked; meanwhile another phone at the same address
    (the store's Wi-Fi) reports with its right code at once; the address itself is only slowed
    a few seconds, never locked."""
    app = app_for(desk)
    reports, _pins = apis(app)
    clock = Clock()
    reports.now = clock
    c = codes(desk)
    guesser, player = client(app, "192.168.1.20"), client(app, "192.168.1.20")
    tok = token(guesser, "/report")
    waits = []
    for _ in range(40):
        r = post(guesser, "/api/report", {"code": "WRONGONE"}, tok)
        if r.status_code == 429:
            waits.append(int(r.headers["retry-after"]))
            if "this phone" in r.json()["error"]:
                break
            clock.t += waits[-1]
        else:
            assert r.status_code == 403
    assert waits[:3] == [1, 2, 4] and waits[-1] >= 500  # growing, then the lock (ten minutes)
    r = post(guesser, "/api/report", {"code": c["p1"]}, tok)
    assert r.status_code == 429  # locked: even a right code from the guesser's page waits
    clock.t += 6  # the address's own wait is a few seconds at most
    seated = next(m.p1 for m in desk.event.current_round.matches if m.p2 is not None)  # 5 players: one has the bye
    r = post(player, "/api/report", {"code": c[seated]}, token(player, "/report"))
    assert r.status_code == 200 and r.json()["table"] >= 1
    rows = {(row["kind"], row["locked"]) for row in reports.listing()}
    assert ("page", True) in rows and ("address", True) not in rows


def test_pin_guesses_are_counted_per_judge_across_addresses(desk):
    """WEB-GUESS: 150 PIN guesses for one judge from 30 rotating addresses: after 3 the judge's
    sign-in waits, and every guess made early is refused before the PIN is even checked; at 10
    the judge is locked; the desk lifts the lock and the right PIN signs in."""
    pin = desk.staff_pin("佐藤")
    wrong = "000000" if pin != "000000" else "111111"
    app = app_for(desk)
    _reports, pins = apis(app)
    clock = Clock()
    pins.now = clock
    phones = [client(app, f"10.9.0.{i}") for i in range(30)]
    checked = 0
    for i in range(150):
        r = sign_in(phones[i % 30], "佐藤", wrong)
        assert r.status_code in (403, 429)
        checked += r.status_code == 403
        clock.t += 0.07  # 150 guesses in about ten seconds, as seen
    assert checked <= 6  # 3 free, then waits of 1, 2, 4 ... seconds for that judge
    for _ in range(30):  # a patient guesser: each wait, then a guess, up to the lock
        r = sign_in(phones[0], "佐藤", wrong)
        if "locked" in r.json()["error"]:
            break
        if r.status_code == 429:
            clock.t += int(r.headers["retry-after"])
    assert "locked" in r.json()["error"] and "lycee reports" in r.json()["error"]
    assert sign_in(client(app, "10.9.1.1"), "佐藤", pin).status_code == 429  # the lock holds for every address
    assert pins.release("佐藤") >= 1
    assert sign_in(client(app, "10.9.1.1"), "佐藤", pin).status_code == 200


def test_guesses_never_check_more_than_the_rules_allow():
    """WEB-GUESS, property: whatever the addresses and page sessions, one judge's PIN is checked
    at most free + (lock - free) times in a window (the waits and the lock)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tui.web.writes import RULES, WINDOW, Guesses

    @settings(max_examples=60, deadline=None)
    @given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40), st.floats(0, 30)), max_size=300))
    def check(tries):
        clock = Clock()
        g = Guesses("pin", now=clock)
        checks = 0
        start = clock.t
        for addr, page, dt in tries:
            clock.t += dt
            keys = [("page", str(page)), ("address", f"10.0.0.{addr}"), ("judge", "佐藤")]
            if g.wait(keys)[0] == 0:
                checks += 1
                g.add(keys, f"10.0.0.{addr}")
            if clock.t - start > WINDOW:
                break
        assert checks <= RULES["judge"].lock

    check()


def test_the_desk_lists_and_lifts_locks(desk, tmp_path, capsys):
    """WEB-GUESS: the server writes who is slowed or locked beside the event (private to this
    user); `lycee reports EVENT locks [--json]` lists them and `unlock WHAT` lifts one, which the
    running server takes on its next poll."""
    import os
    import threading

    from tui.cli import main
    from tui.web.locks import Locks, paths
    from tui.web.writes import Guesses

    data = str(tmp_path / "d")
    assert main(["--data-dir", data, "event", "new", "Cup", "--organizer", "Olga", "--judge", "佐藤"]) == 0
    eid = capsys.readouterr().out.strip()
    from core.store import DataDir

    dd = DataDir(data)
    assert main(["--data-dir", data, "reports", eid, "locks"]) == 0
    assert "nobody is slowed or locked" in capsys.readouterr().out
    locks = Locks(*paths(dd, eid))
    codes_g, pins_g = Guesses("code"), Guesses("pin")
    locks.watch([codes_g, pins_g])
    for _ in range(10):
        pins_g.add([("judge", "佐藤"), ("address", "10.0.0.7")], "10.0.0.7")
    assert oct(os.stat(paths(dd, eid)[0]).st_mode & 0o777) == "0o600"
    assert main(["--data-dir", data, "reports", eid, "locks", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["locks"]
    assert {
        k: v
        for k, v in next(r for r in rows if r["kind"] == "judge").items()
        if k in ("secret", "kind", "what", "locked")
    } == {"secret": "pin", "kind": "judge", "what": "佐藤", "locked": True}
    assert main(["--data-dir", data, "reports", eid, "locks"]) == 0
    assert "佐藤" in capsys.readouterr().out
    stop = threading.Event()

    def server_polls():
        while not stop.is_set():
            locks.poll()
            stop.wait(0.05)

    t = threading.Thread(target=server_polls)
    t.start()
    try:
        assert main(["--data-dir", data, "reports", eid, "unlock", "佐藤"]) == 0
    finally:
        stop.set()
        t.join()
    assert "lifted" in capsys.readouterr().out
    assert pins_g.wait([("judge", "佐藤")]) == (0.0, None)
    assert not [r for r in json.loads(paths(dd, eid)[0].read_text())["locks"] if r["kind"] == "judge"]


def test_a_running_server_writes_its_locks_and_takes_the_desks_unlock(desk, datadir, capsys):
    """WEB-GUESS: `lycee serve`'s wiring: the server over the event's files writes its locks beside
    the event, `lycee reports EVENT unlock NAME` reaches it through its poll, and the file goes
    when the server stops."""
    from core.door import LocalWriter
    from tui.cli import main
    from tui.web.feed import Feed, FileSource
    from tui.web.locks import paths, read_locks
    from tui.web.server import WebServer

    srv = WebServer(
        Feed(FileSource(datadir, desk.store.id)), host="127.0.0.1", port=0, poll=0.05, writer=LocalWriter(desk)
    )
    srv.start()
    try:
        pins = srv.app.app.state.guesses[1]
        for _ in range(10):
            pins.add([("judge", "佐藤")], "10.0.0.9")
        for _ in range(200):  # bounded wait: the file is written on the change
            if read_locks(datadir, desk.store.id):
                break
            time.sleep(0.01)
        assert [r["what"] for r in read_locks(datadir, desk.store.id)] == ["佐藤"]
        data = str(datadir.root)
        assert main(["--data-dir", data, "reports", desk.store.id, "unlock", "佐藤"]) == 0
        assert "lifted" in capsys.readouterr().out
        assert pins.wait([("judge", "佐藤")]) == (0.0, None)
        assert read_locks(datadir, desk.store.id) == []
    finally:
        srv.stop()
    assert not paths(datadir, desk.store.id)[0].exists()


def test_web_guess_an_unlock_the_server_lost_is_asked_again_and_lifted_only_when_acted_on(desk, datadir):
    """WEB-GUESS: `lycee reports EVENT unlock` says "lifted" only once the server has acted on
    the request: a request the server took while the desk was still writing it (renamed away
    with its line not yet in it) is asked again; a server that never acts gets no "lifted"
    (the desk said lifted while 佐藤 stayed locked)."""
    import threading

    from tui.web.locks import Locks, ask_unlock, paths, read_locks, wait_released
    from tui.web.writes import Guesses

    locks = Locks(*paths(datadir, desk.store.id))
    pins = Guesses("pin")
    locks.watch([pins])
    for _ in range(10):
        pins.add([("judge", "佐藤")], "10.0.0.9")
    assert [r["what"] for r in read_locks(datadir, desk.store.id)] == ["佐藤"]
    unlock = paths(datadir, desk.store.id)[1]
    token = ask_unlock(datadir, desk.store.id, "佐藤")
    unlock.unlink()  # the server took the file before the line was in it: nothing was acted on
    assert not wait_released(datadir, desk.store.id, "佐藤", token, timeout=0.5)  # nobody acted: no "lifted"
    assert unlock.exists()  # asked again
    stop = threading.Event()

    def server_polls():
        while not stop.is_set():
            locks.poll()
            stop.wait(0.02)

    t = threading.Thread(target=server_polls)
    t.start()
    try:
        assert wait_released(datadir, desk.store.id, "佐藤", token)
        assert read_locks(datadir, desk.store.id) == []  # lifted when said so, not a poll later
    finally:
        stop.set()
        t.join()
