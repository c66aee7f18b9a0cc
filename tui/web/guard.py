"""The request guard: what a request may ask, checked before any page code runs.

Rules every request meets (:class:`Guard`):

- its Host is one of this PC's names or addresses, or ``--host`` (421
  otherwise: a DNS-rebinding page gives its own name);
- only GET and HEAD (anything else: 405 with ``Allow``); only the pages in
  :data:`ROUTES` and the package's own static files (else 404);
- a malformed request (a path or query that is too long, not UTF-8, an
  unknown or repeated parameter, a bad value) gets 400, never a traceback;
  a phone asking for a page gets the 400 or the 404 as a short page in its
  language saying what is wrong (:mod:`tui.web.errorpage`), a script asking
  for ``/api/*``, ``/static/*`` or ``/live`` plain text;
- a body over the path's cap (:data:`BODY_CAPS`; a page takes none) gets 413
  before a byte of it is read;
- a per-client rate limit (token bucket) and a cap on live streams per
  client: 429 with ``Retry-After`` and a short page in the visitor's language
  (:func:`refuse`);
- every answer carries a strict Content-Security-Policy (own origin only, no
  inline script or style), ``nosniff``, ``no-referrer`` and no framing.

Before any of that, at the transport, :mod:`tui.web.conn` counts connections
by address (:class:`tui.web.server.WebServer`'s options).
"""

from __future__ import annotations

import time
from urllib.parse import unquote_to_bytes

from . import errorpage, pages
from .network import host_name

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
    "/static/code.js": ("code.js", "text/javascript; charset=utf-8"),  # report.js and decklist.js share it
}
#: The phone report page (tui.web.phone), served only with a writer and phone reports on;
#: the judge page (tui.web.judge), served only with a writer.
OWN = {"/report", "/judge", "/decklist", "/season"}  # /decklist: tui.web.decklists, with decklists collected
# /season: tui.web.season, with `serve --season`
#: The paths that write (POST only; tui.web.phone and tui.web.judge check origin, token and
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

#: Every path this server answers (the rest: 404).
SERVED = frozenset(ROUTES) | frozenset(STATIC) | WRITES | OWN | {"/live"}
#: The pages people open (a malformed address of one links to it again).
PAGES = frozenset(ROUTES) | OWN


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
    out = _query_pairs(raw)
    if not _query_values_ok(out):
        raise ValueError("bad value")
    return out


def _query_pairs(raw: bytes) -> dict[str, str]:
    """The query's ``key=value`` pairs decoded; ValueError for a key given twice."""
    out: dict[str, str] = {}
    for pair in raw.split(b"&"):
        if not pair:
            continue
        key, val = _query_pair(pair)
        if key in out:
            raise ValueError(f"parameter {key!r}")
        out[key] = val
    return out


def _query_pair(pair: bytes) -> tuple[str, str]:
    """One ``key=value`` of a query, decoded; ValueError for an unknown key or a control character."""
    k, _sep, v = pair.partition(b"=")
    key = unquote_to_bytes(k.replace(b"+", b" ")).decode("utf-8")
    val = unquote_to_bytes(v.replace(b"+", b" ")).decode("utf-8")
    if key not in PARAMS:
        raise ValueError(f"parameter {key!r}")
    if any(ord(c) < 32 or ord(c) == 127 for c in val):
        raise ValueError("control character")
    return key, val


def _query_values_ok(query: dict[str, str]) -> bool:
    """Whether the known parameters hold values the pages take."""
    page = query.get("page", "tv")
    return (
        query.get("lang", "ja") in ("ja", "en")
        and query.get("part", "1") == "1"
        and len(query.get("q", "")) <= MAX_Q
        and (page in ROUTES.values() or page == "report")
    )


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


class Guard:
    """ASGI middleware: host, method, path, query, body size and rate checks, security headers.

    ``hosts``: the names a request's Host header may give (None: any; a test client);
    ``name``: the event's name for the pages of a wrong address (None: not read yet)."""

    def __init__(
        self,
        app,
        limit: RateLimit | None,
        live_per_client: int,
        lang: str | None = None,
        hosts: frozenset[str] | None = None,
        name=lambda: None,
    ):
        self.app = app
        self.lang = lang
        self.limit = limit
        self.live_per_client = live_per_client
        self.live: dict[str, int] = {}
        self.hosts = hosts
        self.name = name

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        refused = self.refusal(scope)
        if refused is not None:
            return await self._refuse(scope, receive, send, refused)
        who = (scope.get("client") or ("?", 0))[0]
        if self.limit is not None and not self.limit.allow(who):
            return await refuse(scope, send, "requests", 1, lang=self.lang)
        if scope["path"] == "/live":
            return await self._live(scope, receive, send, who)
        return await self.app(scope, receive, _secured(send))

    def refusal(self, scope) -> Refusal | None:
        """What a request is refused with before any page code runs, in the
        order the checks are made; None: it may go on.  Sets the parsed query
        (``lycee.query``) and the body cap (``lycee.cap``) on ``scope``."""
        if self.hosts is not None and host_name(_headers(scope).get("host", "")) not in self.hosts:
            return 421, "421 Misdirected Request: this server answers only to its own addresses", ()
        return _method_refusal(scope) or _path_refusal(scope) or _body_refusal(scope)

    async def _refuse(self, scope, receive, send, refused: Refusal):
        """A refused request: a page's malformed (400) or unknown (404) address
        gets the page saying so, the rest plain text."""
        if refused[0] in (400, 404) and errorpage.as_page(scope):
            return await self._wrong_address(scope, receive, send, refused[0])
        return await _plain(send, *refused)

    async def _wrong_address(self, scope, receive, send, status: int):
        """A page's address that is malformed (400) or not served (404): the
        short page saying so, in the visitor's language (tui.web.errorpage)."""
        query = scope.get("lycee.query") or errorpage.asked_lang(scope.get("query_string", b""))
        answer = errorpage.response(
            status,
            choose_lang(query, _headers(scope), self.lang),
            scope["path"],
            name=self.name(),
            why="code" if status == 400 and errorpage.code_in_address(scope) else None,
            again=status == 400 and scope["path"] in PAGES,
            remember="lang" in query,
        )
        await answer(scope, receive, _secured(send))

    async def _live(self, scope, receive, send, who: str):
        """A live stream, within the cap of streams per client."""
        if self.live.get(who, 0) >= self.live_per_client:
            return await refuse(scope, send, "connections", 5, lang=self.lang)
        self.live[who] = self.live.get(who, 0) + 1
        try:
            return await self.app(scope, receive, _secured(send))
        finally:
            self.live[who] -= 1
            if not self.live[who]:
                del self.live[who]


#: A refusal: the status, its plain text and any extra headers.
Refusal = tuple[int, str, tuple[tuple[bytes, bytes], ...]]


def _method_refusal(scope) -> Refusal | None:
    """A path that writes takes POST only; every other, GET and HEAD."""
    if scope["path"] in WRITES:
        return None if scope["method"] == "POST" else (405, "405 Method Not Allowed", ((b"allow", b"POST"),))
    if scope["method"] in ("GET", "HEAD"):
        return None
    return 405, "405 Method Not Allowed: these pages are read-only", ((b"allow", b"GET, HEAD"),)


def _path_refusal(scope) -> Refusal | None:
    """A path and query that are well formed, and a path this server serves."""
    raw_path = scope.get("raw_path") or scope["path"].encode()
    if not _plain_path(raw_path):
        return 400, "400 Bad Request", ()
    try:
        scope["lycee.query"] = parse_query(scope.get("query_string", b""))
    except (ValueError, UnicodeDecodeError):
        return 400, "400 Bad Request", ()
    if scope["path"] in SERVED:
        return None
    return 404, "404 Not Found", ()


def _plain_path(raw_path: bytes) -> bool:
    """A path of printable ASCII without spaces, no longer than :data:`MAX_PATH`."""
    return len(raw_path) <= MAX_PATH and all(33 <= b <= 126 for b in raw_path)


def _body_refusal(scope) -> Refusal | None:
    """A body within the path's cap, refused before a byte of it is read."""
    cap = BODY_CAPS.get(scope["path"], 0)
    if _over_cap(scope, cap):
        return 413, f"413 Content Too Large: at most {cap} bytes here", ((b"connection", b"close"),)
    scope["lycee.cap"] = cap
    return None


def _over_cap(scope, cap: int) -> bool:
    """Whether the request announces a body over ``cap`` (or a bad length), or streams one where none is taken."""
    length = content_length(scope)
    if length is not None and (length < 0 or length > cap):
        return True
    return not cap and any(k.lower() == b"transfer-encoding" for k, _v in scope.get("headers", ()))


def _secured(send):
    """``send`` with the security headers added to the answer's head."""

    async def send_secure(message):
        if message["type"] == "http.response.start":
            message = dict(message)
            message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
        await send(message)

    return send_secure


def content_length(scope) -> int | None:
    """A request's Content-Length (None: none given; -1: not a number)."""
    for k, v in scope.get("headers", ()):
        if k.lower() == b"content-length":
            return int(v) if v.strip().isdigit() else -1
    return None


def choose_lang(query: dict, headers, default: str | None = None, tv: bool = False) -> str:
    """A request's language: ``?lang=`` (the switch), then the cookie it
    leaves, then (a phone) the browser's language when it is Japanese or
    English, then ``default``: the server's language (``serve --lang``).
    The TV is the store's screen: with a server language, the browser's does
    not count.  No server language: the browser's, else English."""
    if "lang" in query:
        return query["lang"]
    kept = _cookie_lang(headers.get("cookie", ""))
    if kept is not None:
        return kept
    if tv and default is not None:
        return default
    return _browser_lang(headers.get("accept-language", ""), default)


def _cookie_lang(cookie: str) -> str | None:
    """The language the switch left in the cookie, if any."""
    for part in cookie.split(";"):
        k, _sep, v = part.strip().partition("=")
        if k == "lang" and v in ("ja", "en"):
            return v
    return None


def _browser_lang(accept: str, default: str | None) -> str:
    """The browser's first language when it is Japanese or English, else ``default`` (English without one)."""
    first = accept.lower().strip().split(",")[0].split(";")[0].strip()
    if first.startswith("ja"):
        return "ja"
    if first.startswith("en") or default is None:
        return "en"
    return default
