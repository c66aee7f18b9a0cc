"""The web server: read-only pages over HTTP (Starlette on uvicorn).

Rules every request meets (in :class:`Guard`, before any page code runs):

- its Host is one of this PC's names or addresses, or ``--host`` (421
  otherwise: a DNS-rebinding page gives its own name);
- only GET and HEAD (anything else: 405 with ``Allow``); only the pages in
  :data:`ROUTES` and the package's own static files (else 404);
- a malformed request (a path or query that is too long, not UTF-8, an
  unknown or repeated parameter, a bad value) gets 400, never a traceback;
- a body over the path's cap (:data:`BODY_CAPS`; a page takes none) gets 413
  before a byte of it is read;
- a per-client rate limit (token bucket) and a cap on live streams per
  client: 429 with ``Retry-After`` and a short page in the visitor's language
  (:func:`refuse`);
- every answer carries a strict Content-Security-Policy (own origin only, no
  inline script or style), ``nosniff``, ``no-referrer`` and no framing.

Before any of that, at the transport, :mod:`tui.web.conn` counts connections
by address: a deadline for each request's headers, and for the whole
request with its body, a cap per address on every path and a global cap
that keeps room for this PC (:class:`WebServer`'s options).

Pages are rendered once per version of the public view and language, and
answered with an ETag (304 when unchanged).  ``/live?page=...`` is a
server-sent event stream that sends the page's new live part within a poll
interval of the change (the server's clock comes along for the round clock);
where server-sent events are missing the script polls the live part
(``?part=1``, with its ETag) every two seconds.
"""

from __future__ import annotations

import asyncio
import errno
import hashlib
import json
import socket
import threading
import time
from importlib import resources
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote_to_bytes

from core.errors import LyceeError
from core.i18n import _

from . import pages
from .feed import Feed

if TYPE_CHECKING:
    import uvicorn

    from .feed import Snapshot

from . import DEFAULT_PORT

ROUTES = {
    "/": "find",
    "/tables": "tables",
    "/names": "names",
    "/standings": "standings",
    "/bracket": "bracket",
    "/tv": "tv",
}
STATIC = {
    "/static/app.css": ("app.css", "text/css; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/report.js": ("report.js", "text/javascript; charset=utf-8"),
    "/static/judge.js": ("judge.js", "text/javascript; charset=utf-8"),
    "/static/decklist.js": ("decklist.js", "text/javascript; charset=utf-8"),
}
#: The phone report page (tui.web.reports), served only with a writer and phone reports on;
#: the judge page (tui.web.judge), served only with a writer.
OWN = {"/report", "/judge", "/decklist", "/season"}  # /decklist: tui.web.decklists, with decklists collected
# /season: tui.web.season, with `serve --season`
#: The paths that write (POST only; tui.web.reports and tui.web.judge check origin, token and
#: code, PIN or session: tui.web.writes), each with its body cap in bytes: a Content-Length
#: over it is refused (413) before a byte of the body is read, a body without one is cut off
#: at the cap as it is read (tui.web.writes.json_body).  Every other path takes no body.
BODY_CAPS = {
    "/api/report": 1024,
    "/api/judge/signin": 1024,
    "/api/judge/signout": 1024,
    "/api/judge": 16 * 1024,  # a deck check's presented list fits
    "/api/decklist": 16 * 1024,  # a player's decklist from their phone (tui.web.decklists)
}
WRITES = set(BODY_CAPS)
PARAMS = {"lang", "q", "part", "page"}
#: The pages with a search box (``?q=``).
SEARCHED = ("find", "standings")
MAX_PATH = 256
MAX_QUERY = 512
MAX_Q = 40
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


class PortInUse(LyceeError):
    pass


# -- the guard -------------------------------------------------------------------------


class RateLimit:
    """Token bucket per client address: ``rate`` requests a second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: int, now=time.monotonic):
        self.rate, self.burst, self.now = rate, burst, now
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, who: str) -> bool:
        t = self.now()
        tokens, last = self.buckets.get(who, (self.burst, t))
        tokens = min(self.burst, tokens + (t - last) * self.rate)
        if tokens < 1:
            self.buckets[who] = (tokens, t)
            return False
        if len(self.buckets) > 10000:  # many short-lived clients: forget the idle ones
            self.buckets = {k: v for k, v in self.buckets.items() if t - v[1] < 60}
        self.buckets[who] = (tokens - 1, t)
        return True


def parse_query(raw: bytes) -> dict[str, str]:
    """The query as a dict, or ValueError when it is malformed."""
    if len(raw) > MAX_QUERY:
        raise ValueError("query too long")
    out: dict[str, str] = {}
    if not raw:
        return out
    for pair in raw.split(b"&"):
        if not pair:
            continue
        k, sep, v = pair.partition(b"=")
        key = unquote_to_bytes(k.replace(b"+", b" ")).decode("utf-8")
        val = unquote_to_bytes(v.replace(b"+", b" ")).decode("utf-8")
        if key not in PARAMS or key in out:
            raise ValueError(f"parameter {key!r}")
        if any(ord(c) < 32 or ord(c) == 127 for c in val):
            raise ValueError("control character")
        out[key] = val
    if (
        out.get("lang", "ja") not in ("ja", "en")
        or out.get("part", "1") != "1"
        or len(out.get("q", "")) > MAX_Q
        or (out.get("page", "tv") not in ROUTES.values() and out.get("page") != "report")
    ):
        raise ValueError("bad value")
    return out


def _headers(scope) -> dict[str, str]:
    """A request's headers by lower-case name (the first of each)."""
    out: dict[str, str] = {}
    for k, v in scope.get("headers", ()):
        out.setdefault(k.decode("latin-1").lower(), v.decode("latin-1"))
    return out


def refusal_head(why: str, body: bytes, retry: int) -> list[tuple[bytes, bytes]]:
    return [
        (b"content-type", b"text/html; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        (b"retry-after", str(retry).encode()),
        (b"vary", b"Accept-Language, Cookie"),
        *SECURITY_HEADERS,
    ]


async def refuse(scope, send, why: str, retry: int, close: bool = False, lang: str | None = None) -> None:
    """Answer a refused request with a short page in the visitor's language
    (``?lang=``, the cookie, Accept-Language, else ``lang``: the server's)
    that tries again by itself: 429 or 503 (pages.REFUSALS)."""
    try:
        query = parse_query(scope.get("query_string", b""))
    except (ValueError, UnicodeDecodeError):
        query = {}
    body = pages.refusal((choose_lang(query, _headers(scope), lang),), why, retry).encode()
    headers = refusal_head(why, body, retry) + ([(b"connection", b"close")] if close else [])
    await send({"type": "http.response.start", "status": pages.REFUSALS[why], "headers": headers})
    await send({"type": "http.response.body", "body": body})


def refusal_app(status: int, lang: str | None = None):
    """The ASGI app that answers a connection refused by the gate (tui.web.conn)."""
    why = "connections" if status == 429 else "busy"

    async def app(scope, receive, send):
        if scope["type"] == "http":
            await refuse(scope, send, why, 5, close=True, lang=lang)

    return app


def refusal_now(status: int) -> bytes:
    """A whole answer in both languages, for a refused connection not waited for."""
    why = "connections" if status == 429 else "busy"
    body = pages.refusal(("ja", "en"), why).encode()
    head = [(b"connection", b"close"), *refusal_head(why, body, 5)]
    reason = b"Too Many Requests" if status == 429 else b"Service Unavailable"
    return (
        b"HTTP/1.1 %d %s\r\n" % (status, reason) + b"".join(k + b": " + v + b"\r\n" for k, v in head) + b"\r\n" + body
    )


async def _plain(send, status: int, text: str, extra=()) -> None:
    body = text.encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
                *SECURITY_HEADERS,
                *extra,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def host_name(value: str) -> str:
    """A Host header's name without its port, lower case: ``[::1]:8000`` is ``::1``."""
    v = value.strip().lower()
    if v.startswith("["):
        return v[1 : v.find("]")] if "]" in v else v
    if v.count(":") == 1:
        v = v.partition(":")[0]
    return v.rstrip(".")


def allowed_hosts(host: str) -> frozenset[str]:
    """The names a request may give in its Host header: this PC's addresses
    and names, and the one it listens on (``--host``).  A page of another
    site whose name was pointed at this PC (DNS rebinding) gives its own name,
    and is refused."""
    names = {"127.0.0.1", "localhost", "::1", host_name(host)}
    names.update(lan_addresses())
    try:
        me = socket.gethostname()
        names.update({me, me + ".local", socket.getfqdn(me)})
    except OSError:
        pass
    return frozenset(host_name(n) for n in names if n and not is_every_network(n))


def content_length(scope) -> int | None:
    """A request's Content-Length (None: none given; -1: not a number)."""
    for k, v in scope.get("headers", ()):
        if k.lower() == b"content-length":
            return int(v) if v.strip().isdigit() else -1
    return None


class Guard:
    """ASGI middleware: host, method, path, query, body size and rate checks, security headers.

    ``hosts``: the names a request's Host header may give (None: any; a test client)."""

    def __init__(
        self,
        app,
        limit: RateLimit | None,
        live_per_client: int,
        lang: str | None = None,
        hosts: frozenset[str] | None = None,
    ):
        self.app = app
        self.lang = lang
        self.limit = limit
        self.live_per_client = live_per_client
        self.live: dict[str, int] = {}
        self.hosts = hosts

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        who = (scope.get("client") or ("?", 0))[0]
        if self.hosts is not None and host_name(_headers(scope).get("host", "")) not in self.hosts:
            return await _plain(send, 421, "421 Misdirected Request: this server answers only to its own addresses")
        if scope["path"] in WRITES:
            if scope["method"] != "POST":
                return await _plain(send, 405, "405 Method Not Allowed", [(b"allow", b"POST")])
        elif scope["method"] not in ("GET", "HEAD"):
            return await _plain(
                send, 405, "405 Method Not Allowed: these pages are read-only", [(b"allow", b"GET, HEAD")]
            )
        raw_path = scope.get("raw_path") or scope["path"].encode()
        try:
            if len(raw_path) > MAX_PATH or any(b < 33 or b > 126 for b in raw_path):
                raise ValueError("path")
            scope["lycee.query"] = parse_query(scope.get("query_string", b""))
        except (ValueError, UnicodeDecodeError):
            return await _plain(send, 400, "400 Bad Request")
        path = scope["path"]
        if path not in ROUTES and path not in STATIC and path not in WRITES and path not in OWN and path != "/live":
            return await _plain(send, 404, "404 Not Found")
        cap = BODY_CAPS.get(path, 0)
        length = content_length(scope)
        chunked = not cap and any(k.lower() == b"transfer-encoding" for k, _v in scope.get("headers", ()))
        if chunked or (length is not None and (length < 0 or length > cap)):  # refused before a byte of it is read
            return await _plain(
                send, 413, f"413 Content Too Large: at most {cap} bytes here", [(b"connection", b"close")]
            )
        scope["lycee.cap"] = cap
        if self.limit is not None and not self.limit.allow(who):
            return await refuse(scope, send, "requests", 1, lang=self.lang)

        async def send_secure(message):
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        if path == "/live":
            if self.live.get(who, 0) >= self.live_per_client:
                return await refuse(scope, send, "connections", 5, lang=self.lang)
            self.live[who] = self.live.get(who, 0) + 1
            try:
                return await self.app(scope, receive, send_secure)
            finally:
                self.live[who] -= 1
                if not self.live[who]:
                    del self.live[who]
        return await self.app(scope, receive, send_secure)


# -- the app ----------------------------------------------------------------------------


def choose_lang(query: dict, headers, default: str | None = None, tv: bool = False) -> str:
    """A request's language: ``?lang=`` (the switch), then the cookie it
    leaves, then (a phone) the browser's language when it is Japanese or
    English, then ``default``: the server's language (``serve --lang``).
    The TV is the store's screen: with a server language, the browser's does
    not count.  No server language: the browser's, else English."""
    if "lang" in query:
        return query["lang"]
    cookie = headers.get("cookie", "")
    for part in cookie.split(";"):
        k, _sep, v = part.strip().partition("=")
        if k == "lang" and v in ("ja", "en"):
            return v
    if tv and default is not None:
        return default
    accept = headers.get("accept-language", "").lower().strip()
    first = accept.split(",")[0].split(";")[0].strip()
    if first.startswith("ja"):
        return "ja"
    if first.startswith("en") or default is None:
        return "en"
    return default


#: Per-address limits: a store's guest network puts every phone behind one
#: address (NAT), so they are set well above what 200 phones there need (one
#: live stream each, a page load every few seconds); the global connection
#: cap (tui.web.conn) is what protects the desk.
RATE, BURST, LIVE_PER_CLIENT = 400.0, 1200, 600


def create_app(
    feed: Feed,
    *,
    rate: float | None = RATE,
    burst: int = BURST,
    live_per_client: int = LIVE_PER_CLIENT,
    poll: float = 0.25,
    keepalive: float = 2.0,
    lang: str | None = None,
    writer=None,
    hosts: frozenset[str] | None = None,
    locks=None,
    season=None,
):
    """The ASGI app over ``feed``; ``rate`` None switches the rate limit off
    (benchmarks from one address).  ``lang``: the server's language, the
    default of every page and the TV's (``serve --lang``); None: the
    browser's.  Live streams carry the server's time at least every
    ``keepalive`` seconds, so a page sees within a few seconds that it is
    cut off (static/app.js shows it is stale).

    ``writer`` (a core.door writer, or None: read-only pages only) is how
    phone reports reach the desk (tui.web.reports): with it, and phone
    reports on for the event, ``/report`` and ``POST /api/report`` are served."""
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route

    state: dict[str, Any] = {"changed": None, "stopping": False}
    server_lang = lang
    static_dir = resources.files("tui.web") / "static"
    static_cache: dict[str, tuple[bytes, str]] = {}

    async def watch():
        while not state["stopping"]:
            await asyncio.sleep(poll)
            try:
                changed = await asyncio.to_thread(feed.refresh)
            except Exception:  # never let the watcher die
                changed = False
            if state.get("locks") is not None:
                try:
                    state["locks"].poll()  # the desk's `lycee reports EVENT unlock WHAT`
                except Exception:  # never let the watcher die
                    pass
            if changed:
                old, state["changed"] = state["changed"], asyncio.Event()
                old.set()

    @asynccontextmanager
    async def lifespan(app):
        state["changed"] = asyncio.Event()
        task = asyncio.create_task(watch())
        try:
            yield
        finally:
            state["stopping"] = True
            state["changed"].set()
            task.cancel()
            if state.get("locks") is not None:
                state["locks"].close()

    def snap_now() -> Snapshot:
        """The newest snapshot: the handlers answer 503 before any rendering while the event
        cannot be read, and once read a snapshot is only ever replaced by a newer one."""
        snap = feed.snapshot
        assert snap is not None
        return snap

    def cache_key(which: str, lang: str, part: bool, q: str) -> tuple:
        """A live part is cached per (version, language, normalised search):
        'ヤマダ', 'やまだ' and 'ﾔﾏﾀﾞ' are one entry while they find someone
        (a search that finds nobody repeats the words typed: its own entry)."""
        snap = snap_now()
        if not q or not part:
            return (which, lang, part, q)
        key = pages.search_key(q)
        if not pages.find_hits(snap.event, q, index(snap)):
            return (which, lang, part, q)
        return (which, lang, part, "\0" + key)

    def index(snap):
        found = snap.cache.get("index")
        if found is None:
            found = snap.cache["index"] = pages.search_index(snap.event)
        return found

    def render(which: str, lang: str, part: bool, q: str) -> tuple[str, bytes]:
        snap = snap_now()
        key = cache_key(which, lang, part, q)
        hit = snap.cache.get(key)
        if hit is not None:
            return hit
        t = pages.T(lang)
        ev = snap.event
        now = feed.now()
        if which == "find":
            live = pages.find_part(t, ev, q, now, pages.find_hits(ev, q, index(snap)), index(snap))
        elif which == "standings":
            doc = snap.cache.get("standings")
            if doc is None:
                doc = snap.cache["standings"] = pages.standings_doc(ev)
            live = pages.standings_part(t, ev, now, q, doc, index(snap))
        else:
            live = pages.PARTS[which](t, ev, now)
        body = (live if part else pages.page(t, ev, which, live, snap.version, q)).encode()
        qh = hashlib.blake2s(str(key[3]).encode(), digest_size=6).hexdigest() if q else "-"
        out = (f'W/"{snap.version}-{which}-{lang}-{int(part)}-{qh}"', body)
        if len(snap.cache) < 2048:
            snap.cache[key] = out
        return out

    async def render_off_loop(which: str, lang: str, part: bool, q: str) -> tuple[str, bytes]:
        """:func:`render`; a whole list (tens of ms at 512 players) in a
        worker thread when it is not cached yet, so the event loop keeps
        answering the pages that are.  A find-my-table card (a scan of the
        search index: well under a millisecond) is rendered here: a thread's
        round trip would cost the loop more than it saves."""
        key = cache_key(which, lang, part, q)
        hit = snap_now().cache.get(key)
        if hit is not None:
            return hit
        if which == "find":
            return render(which, lang, part, q)
        return await once((snap_now().version, *key), render, which, lang, part, q)

    pending: dict[tuple, asyncio.Future] = {}

    async def once(key: tuple, fn, *args):
        """``fn(*args)`` in a worker thread, once for all who ask for ``key``
        at the same time (200 TVs and phones woken by one change wait for
        one rendering, not 200)."""
        fut = pending.get(key)
        if fut is not None:
            return await asyncio.shield(fut)
        fut = pending[key] = asyncio.get_running_loop().create_future()
        try:
            out = await asyncio.to_thread(fn, *args)
            fut.set_result(out)
            return out
        except BaseException as err:
            fut.set_exception(err)
            fut.exception()  # retrieved: no warning when nobody else waited
            raise
        finally:
            del pending[key]

    async def page(request: Request):
        query = request.scope["lycee.query"]
        which = ROUTES[request.url.path]
        if feed.snapshot is None:
            return Response(_("the event cannot be read yet") + "\n", 503, media_type="text/plain")
        lang = choose_lang(query, request.headers, server_lang, tv=which == "tv")
        part = query.get("part") == "1"
        etag, body = await render_off_loop(which, lang, part, query.get("q", "") if which in SEARCHED else "")
        headers = {
            "ETag": etag,
            "Cache-Control": "no-cache",
            "Vary": "Accept-Language, Cookie",
            "X-Now": str(int(feed.now() * 1000)),
        }
        if "lang" in query:
            headers["Set-Cookie"] = f"lang={lang}; Path=/; SameSite=Strict; Max-Age=31536000"
        if etag in [e.strip() for e in request.headers.get("if-none-match", "").split(",")]:
            return Response(status_code=304, headers=headers)
        return Response(body, headers=headers, media_type="text/html; charset=utf-8")

    async def static(request: Request):
        name, ctype = STATIC[request.url.path]
        if name not in static_cache:
            static_cache[name] = ((static_dir / name).read_bytes(), ctype)
        body, ctype = static_cache[name]
        etag = 'W/"' + hashlib.blake2s(body, digest_size=8).hexdigest() + '"'
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(body, headers=headers, media_type=ctype)

    def message(which: str | None, lang: str, q: str, cached_only: bool = False) -> str | None:
        """The server-sent event for the newest version: with ``page``, the
        page's live part itself (so 200 phones cost 200 writes, not 200 requests)."""
        snap = snap_now()
        key = ("live", which, lang, cache_key(which, lang, True, q)[3] if which else q)
        hit = snap.cache.get(key)
        if hit is None and cached_only:
            return None
        if hit is None:
            doc = {"v": snap.version}
            if which is not None:
                etag, body = render(which, lang, True, q)
                doc.update(etag=etag, html=body.decode())
            hit = f"data: {json.dumps(doc, ensure_ascii=False)}\n\n"
            if len(snap.cache) < 2048:
                snap.cache[key] = hit
        return hit

    async def live(request: Request):
        query = request.scope["lycee.query"]
        which = query.get("page")
        lang = choose_lang(query, request.headers, server_lang, tv=which == "tv")
        q = query.get("q", "") if which in SEARCHED else ""

        async def stream():
            sent: object = None
            quiet = 0.0
            while not state["stopping"]:
                snap = feed.snapshot
                if which == "report":  # the report page: only that the desk's reports moved (it asks for its own table)
                    if snap is not None and feed.desk_version != sent:
                        sent = feed.desk_version
                        quiet = 0.0
                        yield f"event: now\ndata: {int(feed.now() * 1000)}\n\ndata: {json.dumps({'d': sent})}\n\n"
                elif snap is not None and snap.version != sent:
                    sent = snap.version
                    quiet = 0.0
                    # the server's time first (the round clock ticks on the phone from it), then the page
                    msg = message(which, lang, q, cached_only=True)
                    if msg is None:
                        msg = (
                            message(which, lang, q)
                            if which == "find"
                            else await once(("live", snap.version, which, lang, q), message, which, lang, q)
                        )
                    yield f"event: now\ndata: {int(feed.now() * 1000)}\n\n" + (msg or "")
                ev = state["changed"]
                try:
                    await asyncio.wait_for(ev.wait(), 1.0)
                except asyncio.TimeoutError:
                    quiet += 1.0
                    if quiet >= keepalive:
                        quiet = 0.0
                        yield f"event: now\ndata: {int(feed.now() * 1000)}\n\n"  # also keeps it alive

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        )

    async def season_page(request: Request):
        if season is None:
            return Response("404 Not Found\n", 404, media_type="text/plain")
        try:
            body = (await asyncio.to_thread(season)).encode()
        except LyceeError as err:
            return Response(f"{err}\n", 503, media_type="text/plain")
        etag = 'W/"' + hashlib.blake2s(body, digest_size=8).hexdigest() + '"'
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if etag in [e.strip() for e in request.headers.get("if-none-match", "").split(",")]:
            return Response(status_code=304, headers=headers)
        return Response(body, headers=headers, media_type="text/html; charset=utf-8")

    from .reports import ReportApi

    reports = ReportApi(feed, writer, server_lang, choose_lang)
    routes = [Route(p, page, methods=["GET", "HEAD"]) for p in ROUTES]
    routes.append(Route("/report", reports.page, methods=["GET", "HEAD"]))
    routes.append(Route("/api/report", reports.post, methods=["POST"]))
    from .judge import JudgeApi

    judges = JudgeApi(feed, writer, server_lang, choose_lang)
    routes.append(Route("/judge", judges.page, methods=["GET", "HEAD"]))
    routes.append(Route("/api/judge/signin", judges.signin, methods=["POST"]))
    routes.append(Route("/api/judge/signout", judges.signout, methods=["POST"]))
    routes.append(Route("/api/judge", judges.act, methods=["POST"]))
    from .decklists import DecklistApi

    decklists = DecklistApi(feed, writer, server_lang, choose_lang, wrong=reports.wrong)
    routes.append(Route("/decklist", decklists.page, methods=["GET", "HEAD"]))
    routes.append(Route("/api/decklist", decklists.post, methods=["POST"]))
    routes.append(Route("/season", season_page, methods=["GET", "HEAD"]))
    routes += [Route(p, static, methods=["GET", "HEAD"]) for p in STATIC]
    routes.append(Route("/live", live, methods=["GET"]))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.lycee = state
    limit = RateLimit(rate, burst) if rate else None
    app.state.guesses = [reports.wrong, judges.wrong]
    if locks is not None:  # the desk sees and lifts the locks (tui.web.locks)
        locks.watch(app.state.guesses)
        state["locks"] = locks
    return Guard(app, limit, live_per_client, server_lang, hosts)


# -- addresses and the QR code ------------------------------------------------------------


#: Interfaces phones on the store's network never reach this PC through
#: (containers, virtual machines, VPNs): their addresses are not offered.
VIRTUAL = ("lo", "docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "tailscale", "zt")


def _interface_addresses() -> list[str]:
    """Each network interface's IPv4 address (Linux; elsewhere none)."""
    out: list[str] = []
    try:
        import fcntl
        import struct

        names = [n for _i, n in socket.if_nameindex() if not n.startswith(VIRTUAL)]
    except (ImportError, OSError, AttributeError):
        return out
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        for name in names:
            try:
                req = struct.pack("256s", name.encode()[:15])
                out.append(socket.inet_ntoa(fcntl.ioctl(s.fileno(), 0x8915, req)[20:24]))  # SIOCGIFADDR
            except OSError:  # no IPv4 address on it
                pass
    finally:
        s.close()
    return out


def lan_addresses() -> list[str]:
    """This PC's IPv4 addresses others on the network can reach, the one the
    routing table picks first (no packet is sent: a UDP socket "connected"
    to a private address only chooses its source), then each interface's."""
    found = []
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.connect((probe, 1))
            found.append(s.getsockname()[0])
        except OSError:
            pass
        finally:
            s.close()
    found += _interface_addresses()
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    out: list[str] = []
    for a in found:
        if a not in out and not a.startswith(("127.", "169.254.", "0.")):
            out.append(a)
    return out


def is_local_only(host: str) -> bool:
    """Listening on ``host`` serves this PC only (a loopback address)."""
    return host.startswith("127.") or host in ("::1", "localhost")


def is_every_network(host: str) -> bool:
    return host in ("0.0.0.0", "", "::")


def urls(host: str, port: int) -> list[str]:
    """The addresses to type: every LAN address when listening on all of
    them (never 0.0.0.0); this PC's own when there is none."""
    if is_every_network(host):
        return [f"http://{a}:{port}/" for a in lan_addresses()] or [f"http://127.0.0.1:{port}/"]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def exposure(host: str, shown: list[str], event: str) -> list[str]:
    """Who can read ``event``'s pages served on ``host`` (the addresses
    ``shown``), in lines for the organizer: ``lycee serve`` and the app's
    Ctrl+W dialog."""
    if is_local_only(host):
        return [_("Only this PC can open these pages: phones and other devices cannot (--host {host}).", host=host)]
    lines = []
    if all("//127." in u for u in shown):
        lines.append(
            _("No network address found on this PC: phones cannot reach it until it is on the store's network.")
        )
    lines.append(
        _(
            "Every device on this network can open these pages: player names, pairings, results, "
            "standings and announcements (never penalties, decklists, staff notes or the log)."
        )
    )
    lines.append(_("To serve this PC only: lycee serve {event} --host 127.0.0.1", event=event))
    return lines


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with half blocks for a terminal (segno)."""
    import io

    import segno

    qr = segno.make(url, error="m", boost_error=False)
    buf = io.StringIO()
    qr.terminal(out=buf, compact=True, border=2)
    return buf.getvalue()


def qr_matrix(url: str) -> list[list[bool]]:
    """The QR code as rows of dark (True) modules, with a quiet zone of 2."""
    import segno

    qr = segno.make(url, error="m", boost_error=False)
    return [[bool(x) for x in row] for row in qr.matrix_iter(border=2)]


# -- running ------------------------------------------------------------------------------


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or :class:`PortInUse` naming the port and what to do."""
    fam = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(fam, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise PortInUse(
                _(
                    "port {port} on {host} is in use (another lycee serve?): stop that one, "
                    "or choose another port with --port",
                    port=port,
                    host=host,
                )
            ) from None
        raise LyceeError(
            _(
                "cannot listen on {host}:{port} ({reason}): choose another --host or --port",
                host=host,
                port=port,
                reason=err.strerror or err,
            )
        ) from None
    sock.listen(256)
    sock.set_inheritable(True)
    return sock


def raise_fd_limit(wanted: int) -> int:
    """Raise this process's soft limit of open files towards ``wanted`` (up to
    the hard limit; many systems start at 1024); the limit now in force."""
    try:
        import resource
    except ImportError:  # not on this system (Windows): its own limits apply
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
        except (ValueError, OSError):
            pass
    return wanted if soft == resource.RLIM_INFINITY else soft


#: Open connections from one address at most: 200 phones behind a store's
#: NAT hold a live stream and a keep-alive connection each; one
#: address cannot take the global cap's reserve for this PC all the same.
PER_ADDRESS = 800

#: Files the server keeps open besides connections (the event file, the loop, logs).
FD_MARGIN = 128


class WebServer:
    """One server over one feed: :meth:`run` in the foreground (Ctrl+C stops
    it), or :meth:`start` / :meth:`stop` in a thread (the app).

    The connection rules (tui.web.conn): a request's headers within
    ``header_timeout`` seconds, the whole request (headers and body) within
    ``request_timeout``, an idle keep-alive connection closed after
    ``keep_alive``, at most ``per_address`` open connections from one address
    (None: no cap; benchmarks from one address), ``max_connections`` in all
    (lowered to what the open-files limit allows) of which ``reserve`` only for
    this PC's own addresses."""

    def __init__(
        self,
        feed: Feed,
        host: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        *,
        header_timeout: float = 5.0,
        request_timeout: float = 10.0,
        keep_alive: float = 5.0,
        per_address: int | None = PER_ADDRESS,
        max_connections: int = 4000,
        reserve: int = 64,
        **app_options,
    ):
        from .conn import Gate

        self.feed = feed
        self.host = host
        self.sock = bind(host, port)
        self.port = self.sock.getsockname()[1]
        if "hosts" not in app_options:
            app_options["hosts"] = allowed_hosts(host)
        if "locks" not in app_options and app_options.get("writer") is not None:
            from .locks import Locks

            app_options["locks"] = Locks.for_feed(feed)
        self.app = create_app(feed, **app_options)
        self.lang = app_options.get("lang")
        self.header_timeout, self.request_timeout, self.keep_alive = header_timeout, request_timeout, keep_alive
        own = lan_addresses() if host in ("0.0.0.0", "", "::") else [host]
        self.gate = Gate(per_address, max_connections, reserve, own)
        files = raise_fd_limit(max_connections + self.gate.waiting + FD_MARGIN)
        if files < max_connections + self.gate.waiting + FD_MARGIN:  # what the system allows, with room to refuse
            self.gate.max_connections = max(16, files - self.gate.waiting - FD_MARGIN)
            self.gate.reserve = min(self.gate.reserve, self.gate.max_connections // 4)
        self._thread: threading.Thread | None = None
        self._server: uvicorn.Server | None = None

    @property
    def urls(self) -> list[str]:
        return urls(self.host, self.port)

    def _make(self):
        from functools import partial

        import uvicorn

        from .conn import protocol_class

        protocol = protocol_class(
            self.gate,
            self.header_timeout,
            partial(refusal_app, lang=self.lang),
            refusal_now,
            request_timeout=self.request_timeout,
        )
        config = uvicorn.Config(
            self.app,
            log_level="warning",
            access_log=False,
            lifespan="on",
            ws="none",
            http=protocol,
            timeout_graceful_shutdown=1,
            # uvicorn annotates an int; it only hands the value to loop.call_later (a float)
            timeout_keep_alive=self.keep_alive,  # type: ignore[arg-type]
            limit_concurrency=None,
            backlog=4096,
        )
        self._server = uvicorn.Server(config)
        return self._server

    #: Run this much below the priority we were started at (``lycee serve``:
    #: 10, as the app's child server; see :meth:`run`).
    nice = 0

    def run(self) -> None:
        """Serve until Ctrl+C (uvicorn handles the signal), then close the socket."""
        import os

        if self.nice and hasattr(os, "nice"):
            try:
                os.nice(self.nice)
            except OSError:  # not allowed here: serve at the priority we have
                pass
        try:
            self._make().run(sockets=[self.sock])
        finally:
            self.sock.close()

    def start(self) -> None:
        server = self._make()
        self._thread = threading.Thread(
            target=server.run, kwargs={"sockets": [self.sock]}, name="lycee-serve", daemon=True
        )
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop serving: live streams end, the thread is joined, the socket closed."""
        self.app.app.state.lycee["stopping"] = True  # live streams end within a second
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self.sock.close()


class ChildServer:
    """The server in a child process, for the app: the pages are rendered
    and served beside the desk, not in its interpreter, so typing results
    stays as fast with serving on.  The child reads the event file without
    the lock (like ``lycee serve``); it stops when told, or when this
    process goes away (its stdin closes)."""

    def __init__(
        self,
        datadir,
        event_id: str,
        host: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        start_timeout: float = 20.0,
        **app_options,
    ):
        import os
        import subprocess
        import sys
        from pathlib import Path

        from core import i18n

        root = str(Path(__file__).resolve().parents[2])
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p))
        self.host = host
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tui.web.child",
                str(datadir.root),
                event_id,
                host,
                str(port),
                i18n.language(),
                json.dumps(app_options),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        line = self._first_line(start_timeout)
        if not line.strip().isdigit():
            self.stop()
            raise LyceeError(
                line[4:].strip()
                if line.startswith("ERR ")
                else _("the page server did not start ({reason})", reason=line.strip() or "no answer")
            )
        self.port = int(line)

    def _first_line(self, timeout: float) -> str:
        box: list[str] = []
        out = self.proc.stdout
        assert out is not None  # Popen(stdout=PIPE)
        t = threading.Thread(target=lambda: box.append(out.readline()), daemon=True)
        t.start()
        t.join(timeout)
        return box[0] if box else ""

    @property
    def urls(self) -> list[str]:
        return urls(self.host, self.port)

    @property
    def running(self) -> bool:
        return self.proc.poll() is None

    def start(self) -> None:
        """(Started when made: the interface of :class:`WebServer`.)"""

    def stop(self, timeout: float = 5.0) -> None:
        import subprocess

        if self.proc.poll() is None:
            try:
                if self.proc.stdin is not None:
                    self.proc.stdin.close()  # the child's signal to stop
            except OSError:
                pass
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout)
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
