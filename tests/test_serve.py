"""``lycee serve`` (the command line in README.md): the read-only pages for phones and a TV,
through Starlette's test client: every page in both languages, hostile names
escaped, writes refused (405), malformed requests refused (400), nothing
unpublished served (core.rules.publish), the clock from the stored round clock."""

from __future__ import annotations

import contextlib
import re
import socket
from datetime import datetime, timezone

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from core.desk import Desk
from core.errors import LyceeError
from core.rules.publish import find_players, search_key, standings_round, visible_rounds
from tests.round_helpers import FakeTime
from tui.web.feed import Feed, FileSource, LiveSource
from tui.web.network import PortInUse, bind
from tui.web.server import WebServer, create_app

T0 = datetime(2026, 11, 30, 13, 0, tzinfo=timezone.utc)
HOSTILE = '<script>alert("x")</script>'
NAMES = ["ﾔﾏﾀﾞ ﾀﾛｳ", "山田 花子", HOSTILE, '" onmouseover="evil()', "Alice", "Bob", "Carol", "Dave"]
PAGES = ["/", "/tables", "/names", "/standings", "/bracket", "/tv"]


@pytest.fixture
def desk(datadir):
    clock = FakeTime(T0)
    datadir.clock = clock
    store = datadir.create(
        {
            "name": "Cup <b>&</b>",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "Oga", "judges": ["Jun"], "head_judge": "Jun"},
        }
    )
    d = Desk(store)
    d.add_players(NAMES)
    d.pair_next()
    d.penalty(NAMES[4], "notice", "SECRET-PENALTY-REASON", by="Jun")
    yield d
    store.close()


def client_for(desk, **opts):
    feed = Feed(LiveSource(lambda: desk.event), now=lambda: desk.store.clock().timestamp())
    return feed, TestClient(create_app(feed, rate=None, **opts))


def get(c, feed, path, **kw):
    feed.refresh()
    return c.get(path, **kw)


def finish_round(desk):
    for m in desk.event.current_round.matches:
        if m.p2 is not None and not m.reported:
            desk.record(m.table, "2-0")


@pytest.mark.parametrize("lang,word", [("ja", "卓"), ("en", "Table")])
@pytest.mark.parametrize("path", PAGES)
def test_design3_every_page_in_both_languages(desk, path, lang, word):
    feed, c = client_for(desk)
    r = get(c, feed, path + f"?lang={lang}")
    assert r.status_code == 200
    assert f'<html lang="{lang}">' in r.text
    assert r.headers["content-security-policy"].startswith("default-src 'none'")
    if path in ("/tables", "/names"):
        assert word in r.text
    # the language sticks (cookie) and Accept-Language chooses it at first
    assert f'<html lang="{lang}">' in c.get(path).text
    fresh = TestClient(c.app)
    assert '<html lang="ja">' in fresh.get(path, headers={"Accept-Language": "ja-JP,ja;q=0.9"}).text


def test_design3_hostile_names_are_escaped_everywhere(desk):
    feed, c = client_for(desk)
    desk.announce('<img src=x onerror="boom()">')
    finish_round(desk)
    for path in PAGES + ["/?q=script", "/?q=onmouseover"]:
        body = get(c, feed, path).text
        assert "<script>alert" not in body and "<img src=x" not in body and "<b>&</b>" not in body
        assert '" onmouseover="evil' not in body
    body = c.get("/names").text
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in body
    assert "&lt;img src=x onerror=&quot;boom()&quot;&gt;" in body
    # no third-party asset: every src/href is this server's own
    for url in re.findall(r'(?:src|href)="([^"]*)"', c.get("/tv").text + c.get("/").text):
        assert url.startswith(("/", "?")), url


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_design3_writes_are_refused_with_405(desk, method):
    feed, c = client_for(desk)
    before = desk.store.actions
    for path in ["/", "/tables", "/live", "/static/app.js", "/nowhere"]:
        r = c.request(method, path, content=b"x=1")
        assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD"
    assert desk.store.actions == before


def test_design3_head_is_allowed(desk):
    feed, c = client_for(desk)
    r = c.head("/tables")
    assert r.status_code == 200 and r.text == ""


@pytest.mark.parametrize(
    "query",
    ["?x=1", "?lang=fr", "?lang=ja&lang=en", "?q=%ff%fe", "?q=" + "a" * 41, "?q=a%00b", "?part=2", "?" + "q=a&" * 200],
)
def test_design3_malformed_requests_get_400_not_a_traceback(desk, query):
    feed, c = client_for(desk)
    r = c.get("/" + query)
    assert r.status_code == 400
    # a phone is told in words, on a page (issue 48; tests/test_web_error_pages.py)
    assert "Traceback" not in r.text and r.headers["content-type"].startswith("text/html")


def test_design3_no_path_outside_the_pages(desk):
    feed, c = client_for(desk)
    for path in ["/static/../core/store.py", "/static/app.py", "/events", "/%2e%2e/etc/passwd", "/admin"]:
        assert c.get(path).status_code in (400, 404), path
    assert c.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert c.get("/static/app.css").status_code == 200


def test_design3_nothing_private_is_served(desk):
    """Penalties, decklists, staff notes, player ids and the log never appear."""
    feed, c = client_for(desk)
    finish_round(desk)
    for path in PAGES + ["/?q=a", "/?q=bob"]:
        body = get(c, feed, path).text + c.get(path + ("&" if "?" in path else "?") + "part=1").text
        assert "SECRET-PENALTY-REASON" not in body
        assert not re.search(r"\bp[0-9]+\b", body), path  # player ids
        assert "Jun" not in body and "Oga" not in body
        assert "registered" not in body  # the log's lines


def test_publish_held_round_is_not_served_until_published(desk):
    """core.rules.publish: with pairings held, a new round waits for `publish`."""
    feed, c = client_for(desk)
    finish_round(desk)
    desk.hold_pairings(True)
    desk.pair_next()
    assert visible_rounds(desk.event) == 1
    body = get(c, feed, "/tables?lang=en").text
    assert "Round 1" in body and "Round 2" not in body
    desk.publish_round()
    assert "Round 2" in get(c, feed, "/tables").text
    with pytest.raises(LyceeError):
        desk.publish_round()  # already up
    desk.hold_pairings(False)
    with pytest.raises(LyceeError):
        desk.hold_pairings(False)


def test_standings_only_after_a_complete_round(desk):
    feed, c = client_for(desk)
    assert "once a round is complete" in get(c, feed, "/standings?lang=en").text
    finish_round(desk)
    assert "Standings after round 1" in get(c, feed, "/standings").text
    desk.pair_next()
    desk.record(desk.event.current_round.matches[0].table, "2-1")
    assert standings_round(desk.event) == 1
    body = get(c, feed, "/standings").text
    assert "Standings after round 1" in body and "round 2" not in body


def test_find_my_table_ignores_kana_kind_width_and_spaces(desk):
    ev = desk.event
    pid = ev.player_named("ﾔﾏﾀﾞ ﾀﾛｳ").id
    for q in ["やまだ", "ヤマダタロウ", "ﾔﾏﾀﾞﾀﾛｳ", "やまだ　たろう"]:
        assert [h[0] for h in find_players(ev, q)] == [pid], q
    assert [ev.player(h[0]).name for h in find_players(ev, "山田花子")] == ["山田 花子"]
    assert search_key("ＡＬＩＣＥ") == search_key("alice")
    feed, c = client_for(desk)
    m = next(m for m in ev.current_round.matches if pid in m.players())
    body = get(c, feed, "/?q=%E3%82%84%E3%81%BE%E3%81%A0&lang=en").text  # やまだ
    assert f"Table {m.table}" in body and "Round 1" in body
    assert "No player matches" in c.get("/?q=zzz").text


def test_round_clock_comes_from_the_stored_clock(desk):
    """After a restart the clock still shows the right end: it is computed
    from the stored start and pauses, not from the server's own timer."""
    desk.start_clock()
    desk.store.clock.t = T0.replace(minute=10)
    feed, c = client_for(desk)
    body = get(c, feed, "/tv?part=1").text
    end = int(re.search(r'data-end="(\d+)"', body).group(1))
    assert end == int(T0.timestamp() * 1000) + 50 * 60 * 1000
    desk.pause_clock()
    body = get(c, feed, "/tv?part=1").text
    assert 'data-state="paused"' in body and 'data-left="2400.0"' in body


def test_live_part_and_etags(desk):
    feed, c = client_for(desk)
    r = get(c, feed, "/tables?part=1")
    assert r.status_code == 200 and "<html" not in r.text
    etag = r.headers["etag"]
    assert c.get("/tables?part=1", headers={"If-None-Match": etag}).status_code == 304
    desk.record(desk.event.current_round.matches[0].table, "2-1")
    r2 = get(c, feed, "/tables?part=1", headers={"If-None-Match": etag})
    assert r2.status_code == 200 and r2.headers["etag"] != etag


def test_feed_reads_the_file_without_the_lock(desk):
    """Serving reads the event as last written while the desk holds it open."""
    feed = Feed(FileSource(desk.store.datadir, desk.store.id))
    v = feed.snapshot.version
    assert not feed.refresh()
    desk.announce("Round 2 at 14:00")
    assert feed.refresh() and feed.snapshot.version != v
    assert feed.snapshot.event.announcements[-1].text == "Round 2 at 14:00"
    assert feed.snapshot.event.penalties == ()
    # new actions are applied to what was read; an undo reads the log whole
    desk.record(desk.event.current_round.matches[0].table, "2-1")
    assert feed.refresh() and feed.snapshot.event.current_round.matches[0].reported
    desk.undo()
    assert feed.refresh() and not feed.snapshot.event.current_round.matches[0].reported


def test_rate_limit_per_client(desk):
    feed = Feed(LiveSource(lambda: desk.event))
    c = TestClient(create_app(feed, rate=0.001, burst=3))
    codes = [c.get("/").status_code for _ in range(5)]
    assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]


def test_announcement_text_rules(desk):
    with pytest.raises(LyceeError):
        desk.announce("x" * 141)
    with pytest.raises(LyceeError):
        desk.announce("a\x07b")
    with pytest.raises(LyceeError):
        desk.announce("")  # nothing to clear
    desk.announce("Top 8 starts at 17:00")
    desk.announce("")
    feed, c = client_for(desk)
    assert "Top 8" not in get(c, feed, "/tv").text


def test_port_in_use_names_the_port():
    s = bind("127.0.0.1", 0)
    port = s.getsockname()[1]
    try:
        with pytest.raises(PortInUse, match=str(port)) as err:
            bind("127.0.0.1", port)
        assert "--port" in str(err.value)
    finally:
        s.close()


def test_start_stop_restart_leaks_no_thread_or_socket(desk):
    import threading

    feed = Feed(LiveSource(lambda: desk.event))
    threads = threading.active_count()
    port = None
    for _ in range(2):
        srv = WebServer(feed, host="127.0.0.1", port=port or 0)
        port = srv.port
        srv.start()
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            conn.sendall(b"GET /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            data = b""
            while chunk := conn.recv(65536):
                data += chunk
        assert data.startswith(b"HTTP/1.1 200")
        srv.stop()
        assert srv.sock.fileno() == -1
    assert threading.active_count() == threads
    bind("127.0.0.1", port).close()  # the port is free again


def test_cli_announce_and_publish(tmp_path, capsys):
    from tui.cli import main

    data = str(tmp_path)
    assert main(["--data-dir", data, "event", "new", "Cup", "--unsanctioned"]) == 0
    eid = capsys.readouterr().out.strip()
    assert main(["--data-dir", data, "player", "add", eid, "A", "B"]) == 0
    assert main(["--data-dir", data, "publish", eid, "--hold"]) == 0
    assert main(["--data-dir", data, "pair", eid]) == 0
    assert main(["--data-dir", data, "publish", eid]) == 0
    assert "published round 1" in capsys.readouterr().out
    assert main(["--data-dir", data, "publish", eid]) == 1
    assert "already published" in capsys.readouterr().err
    assert main(["--data-dir", data, "announce", eid, "Round", "1", "is", "up"]) == 0
    assert "Round 1 is up" in capsys.readouterr().out
    assert main(["--data-dir", data, "announce", eid, "--clear"]) == 0


async def test_design3_app_key_serves_the_open_event_and_stops(datadir):
    """Ctrl+W in the app starts serving the open event and shows the address and
    the QR code; an announcement typed there is stored as an action and
    served; Ctrl+W in the dialog stops serving and leaves no thread or socket."""
    import threading

    from tui.app import LyceeApp
    from tui.screens.event import EventScreen
    from tui.screens.serving import ServingDialog

    store = datadir.create({"name": "Cup", "date": "2026-11-30", "sanctioned": False})
    Desk(store).add_players(["Ann", "Ben", "Cho"])
    eid = store.id
    store.close()
    threads = threading.active_count()
    app = LyceeApp(datadir, open_event=eid, lang="en")
    app.serve_at = ("127.0.0.1", 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen)
        await pilot.press("ctrl+w")
        await app.workers.wait_for_complete()  # the page server starts in a worker
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ServingDialog)
        url = screen.web.urls[0]
        assert url.startswith("http://127.0.0.1:")
        assert any(url in str(lbl.render()) for lbl in dialog.query("Label"))
        # issue 23: the dialog says who can read the pages, as `lycee serve` does
        assert any("Only this PC can open these pages" in str(lbl.render()) for lbl in dialog.query("Label"))
        assert "▀" in str(dialog.query_one("#qr").render()) or "  " in str(dialog.query_one("#qr").render())
        for ch in "Round 1 at 10:00":
            await pilot.press(ch if ch != " " else "space")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.event.announcements[-1].text == "Round 1 at 10:00"
        port = screen.web.port
        data = b""
        for _ in range(50):  # the server (a child process) notices the change within its poll interval
            with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
                conn.sendall(b"GET /tv HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                data = b""
                while chunk := conn.recv(65536):
                    data += chunk
            if b"Round 1 at 10:00" in data:
                break
            await pilot.pause(0.1)
        assert b"Round 1 at 10:00" in data
        proc = screen.web.proc
        await pilot.press("ctrl+w")
        await pilot.pause()
        assert screen.web is None and app.screen is screen
        assert proc.poll() is not None  # the child process is gone
    # (the event loop's own executor thread, used by textual's workers, is not ours)
    assert len([t for t in threading.enumerate() if not t.name.startswith("asyncio_")]) == threads
    bind("127.0.0.1", port).close()


def test_design3_app_serving_port_in_use_names_the_port(datadir):
    """The app's page server (a child process) refuses a port in use with the
    port named and what to do."""
    from tui.web.child import ChildServer

    store = datadir.create({"name": "Cup", "date": "2026-11-30", "sanctioned": False})
    eid = store.id
    store.close()
    held = bind("127.0.0.1", 0)
    port = held.getsockname()[1]
    try:
        with pytest.raises(LyceeError, match=f"port {port}.*--port"):
            ChildServer(datadir, eid, host="127.0.0.1", port=port)
    finally:
        held.close()


def test_design3_live_stream_sends_the_new_page_part(desk):
    """/live?page=... sends the server's time and the page's live part at
    once, then again when the event changes (no reload, no extra request)."""
    import json

    feed = Feed(LiveSource(lambda: desk.event))
    srv = WebServer(feed, host="127.0.0.1", port=0, poll=0.05)
    srv.start()
    try:
        with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as conn:
            conn.sendall(b"GET /live?page=tables&lang=en HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            f = conn.makefile("rb")

            def next_part():
                for _ in range(1000):  # bounded: lines until the next data line
                    line = f.readline()
                    if line.startswith(b"data: {"):
                        return json.loads(line[6:])
                raise AssertionError("no data line")

            first = next_part()
            assert "Round 1" in first["html"] and "&lt;script&gt;" in first["html"] and "<script>" not in first["html"]
            desk.announce("Round 2 soon")
            second = next_part()
            assert second["v"] != first["v"] and "Round 2 soon" in second["html"]
    finally:
        srv.stop()
    assert TestClient(create_app(feed, rate=None)).get("/live?page=admin").status_code == 400


async def test_ctrl_w_with_the_port_in_use_serves_on_the_next_free_one_and_says_so(datadir):
    """the command line in README.md (`lycee serve`), issue 22 item 10: Ctrl+W on a second
    event, its port held by the first, serves on the next free port and says
    which, in the dialog and on the event screen, in Japanese at 80x24."""
    from tui.app import LyceeApp
    from tui.screens.serving import ServingDialog, free_port

    held = bind("127.0.0.1", 0)  # the first event's server
    port = held.getsockname()[1]
    try:
        assert free_port("127.0.0.1", port) > port
        store = datadir.create({"name": "Cup", "date": "2026-11-30", "sanctioned": False})
        eid = store.id
        store.close()
        app = LyceeApp(datadir, open_event=eid, lang="ja")
        app.serve_at = ("127.0.0.1", port)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("ctrl+w")
            await app.workers.wait_for_complete()
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ServingDialog), str(screen.query_one("#message").render())
            served = screen.web.port
            assert served > port and screen.web.urls[0].startswith(f"http://127.0.0.1:{served}/")
            note = str(dialog.query_one("#serving-message").render())
            assert f"ポート {port} は使用中" in note and f"ポート {served} で配信" in note
            await pilot.press("ctrl+w")
            await pilot.pause()
            assert screen.web is None
    finally:
        held.close()


# -- issue 23: one bad client cannot take the pages down ----------------------------------


def _connect(src: str, port: int) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind((src, 0))  # the whole 127.0.0.0/8 is this machine: another address for the server
    except OSError:
        s.close()
        pytest.skip(f"cannot use {src} as a source address here")
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    return s


def _response(s: socket.socket) -> bytes:
    """One whole response (by Content-Length), read without closing."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        assert chunk, "closed before the response"
        data += chunk
    head, _sep, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"content-length: (\d+)", head, re.I).group(1))
    while len(body) < length:
        chunk = s.recv(65536)
        assert chunk
        body += chunk
    return head + b"\r\n\r\n" + body


def _get(src: str, port: int, path: str, lang: str = "en") -> tuple[bytes, float]:
    import time

    t0 = time.perf_counter()
    with _connect(src, port) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: {lang}\r\n\r\n".encode())
        data = _response(s)
    return data, time.perf_counter() - t0


def _closing_times(socks: list[socket.socket], start: dict, bound: float) -> dict:
    """Seconds from each socket's connect to the server closing it (waits on
    the sockets themselves, at most ``bound`` seconds in all)."""
    import selectors
    import time

    sel = selectors.DefaultSelector()
    for s in socks:
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ)
    closed: dict = {}
    end = time.monotonic() + bound
    while len(closed) < len(socks) and time.monotonic() < end:
        for key, _ev in sel.select(timeout=max(0.0, end - time.monotonic())):
            s = key.fileobj
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, BlockingIOError) as err:
                chunk = b"" if isinstance(err, ConnectionResetError) else None
            if chunk == b"":
                closed[s] = time.monotonic() - start[s]
                sel.unregister(s)
    sel.close()
    return closed


def test_slow_connections_from_one_address_leave_the_pages_to_others(desk):
    """Slowloris from 127.0.0.1 (headers never finished): that address gets
    its share of connections and no more (the 21st is refused with 429 and a
    short page in the visitor's language), another address (127.0.0.2) is
    answered meanwhile, and each slow connection is closed once the header
    deadline passes, not before. (benchmarks/serve.py: the same with 4,500.)"""
    import time

    per, slow, header_timeout = 20, 200, 2.0
    srv = WebServer(
        Feed(LiveSource(lambda: desk.event)),
        host="127.0.0.1",
        port=0,
        rate=None,
        header_timeout=header_timeout,
        per_address=per,
    )
    srv.start()
    socks, start = [], {}
    try:
        for _ in range(slow):
            s = _connect("127.0.0.1", srv.port)
            start[s] = time.monotonic()
            s.sendall(b"GET /tables HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end of the headers
            socks.append(s)
        gate = srv.gate
        for _ in range(500):  # every slow connection reached the server (bounded wait)
            if gate.admitted + gate.refused >= slow:
                break
            time.sleep(0.01)
        assert gate.open.get("127.0.0.1") == per and gate.refused == slow - per
        # another address is answered while the slow ones are held
        data, took = _get("127.0.0.2", srv.port, "/tables")
        assert data.startswith(b"HTTP/1.1 200") and b"Round 1" in data
        assert took < 1.0, took
        # the attacker's own next request: 429 and a page in its language, not bare text
        data, _t = _get("127.0.0.1", srv.port, "/tables", lang="ja")
        assert data.startswith(b"HTTP/1.1 429") and b"text/html" in data
        assert "この端末からの接続が多すぎます".encode() in data
        # every slow connection is closed after the header deadline; the held ones not before it
        closed = _closing_times(socks, start, bound=header_timeout + 8)
        assert len(closed) == slow
        held = sorted(closed.values())[-per:]
        assert min(held) >= header_timeout * 0.95, held
        for _ in range(500):  # the server's side of the last close runs in its own thread (bounded wait)
            if gate.total == 0:
                break
            time.sleep(0.01)
        assert gate.timed_out >= per and gate.open == {} and gate.total == 0
    finally:
        for s in socks:
            s.close()
        srv.stop()


def test_keep_alive_idle_and_slow_next_request_are_closed(desk):
    """An idle keep-alive connection is closed after ``keep_alive``; one that
    starts its next request and never finishes the headers, after the header
    deadline (a slowloris that first behaves)."""
    import time

    srv = WebServer(
        Feed(LiveSource(lambda: desk.event)), host="127.0.0.1", port=0, rate=None, header_timeout=1.5, keep_alive=0.5
    )
    srv.start()
    try:
        idle, slow = _connect("127.0.0.3", srv.port), _connect("127.0.0.3", srv.port)
        for s in (idle, slow):
            s.sendall(b"GET /names HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert _response(s).startswith(b"HTTP/1.1 200")
        t0 = time.monotonic()
        slow.sendall(b"GET /names HTTP/1.1\r\n")
        closed = _closing_times([idle, slow], {idle: t0, slow: t0}, bound=8)
        assert 0.4 <= closed[idle] < 1.4, closed[idle]
        assert closed[slow] >= 1.4, closed[slow]
    finally:
        idle.close()
        slow.close()
        srv.stop()


def test_the_global_cap_keeps_room_for_this_pc():
    """Other addresses share the cap less the reserve; this PC's own
    addresses (the desk, a TV on its HDMI port) may use the reserve; the
    per-address cap holds for everyone. Property: under any sequence of
    connections and closes the counts stay within the caps."""
    from hypothesis import given
    from hypothesis import strategies as st

    from tui.web.conn import Gate

    g = Gate(per_address=3, max_connections=10, reserve=4, own=["192.168.1.5"])
    for i in range(6):
        assert g.admit(f"10.0.0.{i}") == 0
    assert g.admit("10.0.0.99") == 503  # the others' share is used up
    for _ in range(3):
        assert g.admit("127.0.0.1") == 0
    assert g.admit("127.0.0.1") == 429  # still one address's share
    assert g.admit("192.168.1.5") == 0  # the PC's own network address
    assert g.admit("::ffff:127.0.0.1".removeprefix("::ffff:")) == 429

    addresses = st.sampled_from(["127.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"])

    @given(st.lists(st.tuples(st.booleans(), addresses), max_size=80))
    def counts_stay_within_the_caps(ops):
        g = Gate(per_address=3, max_connections=8, reserve=3)
        held: list[str] = []
        for connect, who in ops:
            if connect:
                if g.admit(who) == 0:
                    held.append(who)
            elif who in held:
                held.remove(who)
                g.leave(who)
            assert all(n <= 3 for n in g.open.values()) and g.total == len(held) <= 8
            assert sum(n for a, n in g.open.items() if a != "127.0.0.1") <= 8 - 3
        for who in held:
            g.leave(who)
        assert g.total == 0 and g.open == {}

    counts_stay_within_the_caps()


def test_refusals_are_short_pages_in_the_visitors_language(desk):
    """A rate-limited request gets 429 with a page in its language
    (Accept-Language), Retry-After and the security headers; a refusal not
    waited for carries both languages."""
    from tui.web.guard import refusal_now

    feed = Feed(LiveSource(lambda: desk.event))
    c = TestClient(create_app(feed, rate=0.001, burst=1))
    assert c.get("/").status_code == 200
    r = c.get("/", headers={"Accept-Language": "ja-JP"})
    assert r.status_code == 429 and r.headers["content-type"].startswith("text/html")
    assert "この端末からのアクセスが多すぎます" in r.text and r.headers["retry-after"] == "1"
    assert r.headers["content-security-policy"].startswith("default-src 'none'")
    r = c.get("/", headers={"Accept-Language": "en-GB"})
    assert r.status_code == 429 and "Too many requests from this device" in r.text
    both = refusal_now(503).decode()
    assert both.startswith("HTTP/1.1 503") and "connection: close" in both
    assert "ただいまページが混み合っています" in both and "The event pages are busy" in both


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_serve_prints_the_addresses_to_type_and_who_can_read(tmp_path, capsys, monkeypatch, lang):
    """`lycee serve` never prints 0.0.0.0 as an address: it prints this PC's
    network addresses (the QR code for the first), says every device on the
    network can read the pages and that --host 127.0.0.1 serves this PC only."""
    from tui.cli import main
    from tui.web import network, server

    data = str(tmp_path)
    assert main(["--data-dir", data, "event", "new", "Cup", "--unsanctioned"]) == 0
    eid = capsys.readouterr().out.strip()
    monkeypatch.setattr(server.WebServer, "run", lambda self: self.sock.close())
    monkeypatch.setattr(network, "lan_addresses", lambda: ["192.168.10.23", "10.1.2.3"])
    assert main(["--data-dir", data, "--lang", lang, "serve", eid, "--port", "0"]) == 0
    out = capsys.readouterr().out
    assert "0.0.0.0" not in out
    assert re.search(r"http://192\.168\.10\.23:\d+/", out) and re.search(r"http://10\.1\.2\.3:\d+/", out)
    every = {
        "en": "Every device on this network can open these pages",
        "ja": "このネットワークの全機器から開けます",
    }[lang]
    assert every in out and "--host 127.0.0.1" in out
    assert main(["--data-dir", data, "--lang", lang, "serve", eid, "--port", "0", "--host", "127.0.0.1"]) == 0
    out = capsys.readouterr().out
    assert {"en": "Only this PC can open these pages", "ja": "このページを開けるのはこのPCだけです"}[lang] in out
    monkeypatch.setattr(network, "lan_addresses", list)
    assert main(["--data-dir", data, "--lang", "en", "serve", eid, "--port", "0"]) == 0
    out = capsys.readouterr().out
    assert "No network address found on this PC" in out and "0.0.0.0" not in out


def test_lan_addresses_are_real_and_not_loopback():
    from tui.web.network import lan_addresses, urls

    for a in lan_addresses():
        assert not a.startswith(("127.", "0.", "169.254.")) and socket.inet_aton(a)
    assert all("0.0.0.0" not in u for u in urls("0.0.0.0", 8765))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_serving_dialog_shows_addresses_and_who_can_read_without_scrolling(datadir, lang, size):
    """Ctrl+W's dialog: the phone address and who can read the pages are in
    view whole at 80x24 and 120x40, in both languages (nothing to scroll)."""
    from textual.containers import VerticalScroll

    from core import i18n
    from tui.app import LyceeApp
    from tui.screens.serving import ServingDialog

    store = datadir.create({"name": "Cup", "date": "2026-11-30", "sanctioned": False})
    Desk(store).add_players(["Ann", "Ben", "Cho"])
    eid = store.id
    store.close()
    app = LyceeApp(datadir, open_event=eid, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(ServingDialog(app.screen, ["http://192.0.2.1:8765/"]))
        await pilot.pause()
        dlg = app.screen
        assert dlg.query_one(VerticalScroll).max_scroll_y == 0
        texts = [str(lbl.render()) for lbl in dlg.query("Label")]
        assert any("http://192.0.2.1:8765/" in t for t in texts)
        every = i18n._(
            "Every device on this network can open these pages: names, pairings, results, "
            "standings, announcements; never penalties, decklists, staff notes or the log."
        )
        assert every in texts and any(f"lycee serve {eid} --host 127.0.0.1" in t for t in texts)


@contextlib.asynccontextmanager
async def _serving_dialog_80x24(datadir, lang: str, collects: bool, url: str):
    """Ctrl+W's dialog on an event (collecting decklists or not) served at ``url``, at 80x24
    in ``lang``; yields the dialog and the event's id."""
    from tui.app import LyceeApp
    from tui.screens.serving import ServingDialog

    store = datadir.create({"name": "Cup", "date": "2026-11-30", "sanctioned": False})
    Desk(store).add_players(["Ann", "Ben", "Cho"])
    Desk(store).set_settings({"decklists_required": collects})
    eid = store.id
    store.close()
    app = LyceeApp(datadir, open_event=eid, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ServingDialog(app.screen, [url]))
        await pilot.pause()
        yield app.screen, eid


@pytest.mark.parametrize(
    "collects, url",
    [(False, "http://192.0.2.1:8765/"), (True, "http://192.0.2.1:8765/"), (True, "http://127.0.0.1:8765/")],
)
async def test_design7_the_serving_dialog_at_80x24_in_japanese_cuts_no_word_and_does_not_scroll(datadir, collects, url):
    """issue 48: Ctrl+W's dialog at 80x24 in Japanese: every line of every label
    fits the label's width, so nothing wraps and no word is cut across lines
    (no 「ペー」/「ジ」, no 「掲」/「示」, the `lycee serve ... --host 127.0.0.1`
    command whole on its line), and the dialog does not scroll, with the
    decklist page's line (G-DECKLIST) and with the no-network lines."""
    from rich.cells import cell_len
    from textual.containers import VerticalScroll

    async with _serving_dialog_80x24(datadir, "ja", collects, url) as (dlg, eid):
        assert dlg.query_one(VerticalScroll).max_scroll_y == 0
        texts = []
        for lbl in dlg.query("Label"):
            lines = str(lbl.render()).split("\n")
            texts += lines
            assert lbl.content_size.height == len(lines), lines  # not one line wrapped
            assert all(cell_len(line) <= lbl.content_size.width for line in lines), lines
        assert f"lycee serve {eid} --host 127.0.0.1" in texts
        assert "このネットワークの全機器から開けます。" in texts
        assert ("デッキリスト用：スマートフォン用の /decklist" in texts) is collects


@pytest.mark.parametrize("url", ["http://192.0.2.1:8765/", "http://127.0.0.1:8765/"])
async def test_design7_the_serving_dialog_at_80x24_in_english_does_not_scroll(datadir, url):
    """Ctrl+W's dialog at 80x24 in English for an event that collects decklists
    (G-DECKLIST), with a network address and with none: English wraps between
    words, and everything is in view (nothing to scroll); the command to serve
    this PC only is whole on a line of its own."""
    from textual.containers import VerticalScroll

    async with _serving_dialog_80x24(datadir, "en", True, url) as (dlg, eid):
        assert dlg.query_one(VerticalScroll).max_scroll_y == 0
        assert f"lycee serve {eid} --host 127.0.0.1" in [str(lbl.render()) for lbl in dlg.query("Label")]


def test_feed_reads_only_the_new_records_and_matches_a_whole_read(desk):
    """The server parses only the journal's new records after a change (a
    result at 512 players is one action, not a parse of the whole log) and
    the event it gets is the one a whole read gives, undo and all."""
    src = FileSource(desk.store.datadir, desk.store.id)
    feed = Feed(src)
    for m in desk.event.current_round.matches[:2]:
        if m.p2 is not None:
            desk.record(m.table, "2-1")
            assert feed.refresh()
            assert feed.snapshot.event == Feed(FileSource(desk.store.datadir, desk.store.id)).snapshot.event
    desk.undo()
    assert feed.refresh()
    assert feed.snapshot.event == Feed(FileSource(desk.store.datadir, desk.store.id)).snapshot.event


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_design3_a_bye_is_given_no_table_on_the_pages_players_read(datadir, lang):
    """The read-only pages (README, ``lycee serve``): with an odd field the player with the bye plays at
    no table, so the tables page, the by-name page and the TV print 「-」 in the table column for that
    player, not the number that only orders the bye last (he would walk to an empty table); every
    paired player keeps the number of the table the desk gave."""
    store = datadir.create({"name": "Cup", "date": "2026-11-30", "sanctioned": False})
    d = Desk(store)
    d.add_players(NAMES[4:] + ["Erin", "Finn", "Gus"])  # 7 players
    d.pair_next()
    bye = next(m for m in d.event.current_round.matches if m.p2 is None)
    name = d.event.player(bye.p1).name
    paired = [m for m in d.event.current_round.matches if m.p2 is not None]
    feed, c = client_for(d)
    tables = get(c, feed, f"/tables?lang={lang}").text
    assert re.search(rf"<tr><td>-</td><td>{name}</td>", tables), tables
    assert all(f"<tr><td>{m.table}</td><td>{d.event.player(m.p1).name}</td>" in tables for m in paired)
    names = get(c, feed, f"/names?lang={lang}").text
    assert f"<tr><td>{name}</td><td>-</td>" in names, names
    tv = get(c, feed, f"/tv?lang={lang}").text
    assert f'<span class="name">{name}</span><span class="table">-</span>' in tv, tv
    for m in paired:
        for pid in (m.p1, m.p2):
            who = d.event.player(pid).name
            assert f'<span class="name">{who}</span><span class="table">{m.table}</span>' in tv
            assert f"<tr><td>{who}</td><td>{m.table}</td>" in names
    store.close()
