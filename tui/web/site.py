"""The site: the pages of one event over a feed, as an ASGI app.

Pages are rendered once per version of the public view and language, and
answered with an ETag (304 when unchanged).  ``/live?page=...`` is a
server-sent event stream that sends the page's new live part within a poll
interval of the change (the server's clock comes along for the round clock);
where server-sent events are missing the script polls the live part
(``?part=1``, with its ETag) every two seconds.  :func:`create_app` puts the
site, the phone reports, the judge page and the decklists behind the
request guard (:mod:`tui.web.guard`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from core.errors import LyceeError
from core.i18n import _

from . import errorpage, pages
from .decklists import DecklistApi
from .feed import Feed, Snapshot
from .guard import ROUTES, SEARCHED, STATIC, Guard, RateLimit, choose_lang
from .judge import JudgeApi
from .phone import ReportApi

#: Per-address limits: a store's guest network puts every phone behind one
#: address (NAT), so they are set well above what 200 phones there need (one
#: live stream each, a page load every few seconds); the global connection
#: cap (tui.web.conn) is what protects the desk.
RATE, BURST, LIVE_PER_CLIENT = 400.0, 1200, 600
GET, POST = ["GET", "HEAD"], ["POST"]


def _etag_matches(request: Request, etag: str) -> bool:
    return etag in [e.strip() for e in request.headers.get("if-none-match", "").split(",")]


def _blob_etag(body: bytes) -> str:
    return 'W/"' + hashlib.blake2s(body, digest_size=8).hexdigest() + '"'


class Site:
    """The read-only pages of one event: rendering with its cache, the live
    stream, the static files and the season page.  ``lang``: the server's
    language (``serve --lang``; None: the browser's); ``season``: a function
    rendering the season page (``serve --season``), or None."""

    def __init__(self, feed: Feed, *, poll: float, keepalive: float, lang: str | None, season=None):
        self.feed = feed
        self.poll, self.keepalive = poll, keepalive
        self.lang = lang
        self.season = season
        self.state: dict[str, Any] = {"changed": None, "stopping": False}
        self.static_dir = resources.files("tui.web") / "static"
        self.static_cache: dict[str, tuple[bytes, str]] = {}
        self.pending: dict[tuple, asyncio.Future] = {}

    # -- the watcher ------------------------------------------------------------

    async def watch(self) -> None:
        """Poll the feed; a change wakes every live stream."""
        state = self.state
        while not state["stopping"]:
            await asyncio.sleep(self.poll)
            try:
                changed = await asyncio.to_thread(self.feed.refresh)
            except Exception:  # never let the watcher die
                changed = False
            self._poll_locks()
            if changed:
                old, state["changed"] = state["changed"], asyncio.Event()
                old.set()

    def _poll_locks(self) -> None:
        """Take the desk's `lycee reports EVENT unlock WHAT` requests, if this server keeps locks."""
        locks = self.state.get("locks")
        if locks is None:
            return
        try:
            locks.poll()
        except Exception:  # never let the watcher die
            pass

    @asynccontextmanager
    async def lifespan(self, app):
        state = self.state
        state["changed"] = asyncio.Event()
        task = asyncio.create_task(self.watch())
        try:
            yield
        finally:
            state["stopping"] = True
            state["changed"].set()
            task.cancel()
            if state.get("locks") is not None:
                state["locks"].close()

    # -- rendering --------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The newest snapshot: the handlers answer 503 before any rendering while the event
        cannot be read, and once read a snapshot is only ever replaced by a newer one."""
        snap = self.feed.snapshot
        assert snap is not None
        return snap

    def index(self, snap: Snapshot):
        found = snap.cache.get("index")
        if found is None:
            found = snap.cache["index"] = pages.search_index(snap.event)
        return found

    def cache_key(self, which: str, lang: str, part: bool, q: str) -> tuple:
        """A live part is cached per (version, language, normalised search):
        'ヤマダ', 'やまだ' and 'ﾔﾏﾀﾞ' are one entry while they find someone
        (a search that finds nobody repeats the words typed: its own entry)."""
        snap = self.snapshot()
        if not q or not part or not pages.find_hits(snap.event, q, self.index(snap)):
            return (which, lang, part, q)
        return (which, lang, part, "\0" + pages.search_key(q))

    def live_part(self, snap: Snapshot, which: str, t, q: str) -> str:
        """The part of a page that changes with the event."""
        ev, now = snap.event, self.feed.now()
        if which == "find":
            return pages.find_part(t, ev, q, now, pages.find_hits(ev, q, self.index(snap)), self.index(snap))
        if which == "standings":
            doc = snap.cache.get("standings")
            if doc is None:
                doc = snap.cache["standings"] = pages.standings_doc(ev)
            return pages.standings_part(t, ev, now, q, doc, self.index(snap))
        return pages.PARTS[which](t, ev, now)

    def render(self, which: str, lang: str, part: bool, q: str) -> tuple[str, bytes]:
        """A page (or its live part) and its ETag, cached per version."""
        snap = self.snapshot()
        key = self.cache_key(which, lang, part, q)
        hit = snap.cache.get(key)
        if hit is not None:
            return hit
        t = pages.T(lang)
        live = self.live_part(snap, which, t, q)
        body = (live if part else pages.page(t, snap.event, which, live, snap.version, q)).encode()
        qh = hashlib.blake2s(str(key[3]).encode(), digest_size=6).hexdigest() if q else "-"
        out = (f'W/"{snap.version}-{which}-{lang}-{int(part)}-{qh}"', body)
        if len(snap.cache) < 2048:
            snap.cache[key] = out
        return out

    async def render_off_loop(self, which: str, lang: str, part: bool, q: str) -> tuple[str, bytes]:
        """:meth:`render`; a whole list (tens of ms at 512 players) in a
        worker thread when it is not cached yet, so the event loop keeps
        answering the pages that are.  A find-my-table card (a scan of the
        search index: well under a millisecond) is rendered here: a thread's
        round trip would cost the loop more than it saves."""
        key = self.cache_key(which, lang, part, q)
        hit = self.snapshot().cache.get(key)
        if hit is not None:
            return hit
        if which == "find":
            return self.render(which, lang, part, q)
        return await self.once((self.snapshot().version, *key), self.render, which, lang, part, q)

    async def once(self, key: tuple, fn, *args):
        """``fn(*args)`` in a worker thread, once for all who ask for ``key``
        at the same time (200 TVs and phones woken by one change wait for
        one rendering, not 200)."""
        fut = self.pending.get(key)
        if fut is not None:
            return await asyncio.shield(fut)
        fut = self.pending[key] = asyncio.get_running_loop().create_future()
        try:
            out = await asyncio.to_thread(fn, *args)
            fut.set_result(out)
            return out
        except BaseException as err:
            fut.set_exception(err)
            fut.exception()  # retrieved: no warning when nobody else waited
            raise
        finally:
            del self.pending[key]

    def message(self, which: str | None, lang: str, q: str, cached_only: bool = False) -> str | None:
        """The server-sent event for the newest version: with ``page``, the
        page's live part itself (so 200 phones cost 200 writes, not 200 requests)."""
        snap = self.snapshot()
        key = ("live", which, lang, self.cache_key(which, lang, True, q)[3] if which else q)
        hit = snap.cache.get(key)
        if hit is not None or cached_only:
            return hit
        hit = self._live_data(snap.version, which, lang, q)
        if len(snap.cache) < 2048:
            snap.cache[key] = hit
        return hit

    def _live_data(self, version: str, which: str | None, lang: str, q: str) -> str:
        """The server-sent event of a version: its number and, with a page, its live part and ETag."""
        doc = {"v": version}
        if which is not None:
            etag, body = self.render(which, lang, True, q)
            doc.update(etag=etag, html=body.decode())
        return f"data: {json.dumps(doc, ensure_ascii=False)}\n\n"

    # -- the handlers -----------------------------------------------------------

    async def page(self, request: Request):
        query = request.scope["lycee.query"]
        which = ROUTES[request.url.path]
        if self.feed.snapshot is None:
            return Response(_("the event cannot be read yet") + "\n", 503, media_type="text/plain")
        lang = choose_lang(query, request.headers, self.lang, tv=which == "tv")
        part = query.get("part") == "1"
        etag, body = await self.render_off_loop(which, lang, part, query.get("q", "") if which in SEARCHED else "")
        headers = {
            "ETag": etag,
            "Cache-Control": "no-cache",
            "Vary": "Accept-Language, Cookie",
            "X-Now": str(int(self.feed.now() * 1000)),
        }
        if "lang" in query:
            headers["Set-Cookie"] = f"lang={lang}; Path=/; SameSite=Strict; Max-Age=31536000"
        if _etag_matches(request, etag):
            return Response(status_code=304, headers=headers)
        return Response(body, headers=headers, media_type="text/html; charset=utf-8")

    async def static(self, request: Request):
        name, ctype = STATIC[request.url.path]
        if name not in self.static_cache:
            self.static_cache[name] = ((self.static_dir / name).read_bytes(), ctype)
        body, ctype = self.static_cache[name]
        etag = _blob_etag(body)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(body, headers=headers, media_type=ctype)

    async def season_page(self, request: Request):
        if self.season is None:
            lang = choose_lang(request.scope["lycee.query"], request.headers, self.lang)
            return errorpage.not_here(request, lang, self.feed)
        try:
            body = (await asyncio.to_thread(self.season)).encode()
        except LyceeError as err:
            return Response(f"{err}\n", 503, media_type="text/plain")
        etag = _blob_etag(body)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if _etag_matches(request, etag):
            return Response(status_code=304, headers=headers)
        return Response(body, headers=headers, media_type="text/html; charset=utf-8")

    async def live(self, request: Request):
        query = request.scope["lycee.query"]
        which = query.get("page")
        lang = choose_lang(query, request.headers, self.lang, tv=which == "tv")
        q = query.get("q", "") if which in SEARCHED else ""
        return StreamingResponse(
            self.stream(which, lang, q),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    # -- the live stream --------------------------------------------------------

    def _now_event(self) -> str:
        return f"event: now\ndata: {int(self.feed.now() * 1000)}\n\n"

    async def _news(self, which: str | None, lang: str, q: str, sent: object) -> tuple[object, str | None]:
        """What a stream sends now that it has sent ``sent``: (what it has sent
        then, the text; None when nothing moved)."""
        snap = self.feed.snapshot
        if snap is None:
            return sent, None
        if which == "report":  # the report page: only that the desk's reports moved (it asks for its own table)
            return self._desk_news(sent)
        if snap.version == sent:
            return sent, None
        # the server's time first (the round clock ticks on the phone from it), then the page
        msg = self.message(which, lang, q, cached_only=True)
        if msg is None:
            msg = await self._made(snap.version, which, lang, q)
        return snap.version, self._now_event() + (msg or "")

    def _desk_news(self, sent: object) -> tuple[object, str | None]:
        """The report page's news: the desk's report count, when it moved since ``sent``."""
        if self.feed.desk_version == sent:
            return sent, None
        sent = self.feed.desk_version
        return sent, self._now_event() + f"data: {json.dumps({'d': sent})}\n\n"

    async def _made(self, version, which: str | None, lang: str, q: str) -> str | None:
        """A live part not cached yet: a search's card made here (each phone its own), any other page
        made once for all the streams that ask for it at this version."""
        if which == "find":
            return self.message(which, lang, q)
        return await self.once(("live", version, which, lang, q), self.message, which, lang, q)

    async def stream(self, which: str | None, lang: str, q: str):
        """The server-sent events of one live page, until the server stops;
        the server's time at least every ``keepalive`` seconds (also keeps it alive)."""
        sent: object = None
        quiet = 0.0
        while not self.state["stopping"]:
            sent, news = await self._news(which, lang, q, sent)
            if news is not None:
                quiet = 0.0
                yield news
            try:
                await asyncio.wait_for(self.state["changed"].wait(), 1.0)
            except asyncio.TimeoutError:
                quiet += 1.0
                if quiet >= self.keepalive:
                    quiet = 0.0
                    yield self._now_event()

    def routes(self) -> list[Route]:
        return [Route(p, self.page, methods=GET) for p in ROUTES]


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
    phone reports reach the desk (tui.web.phone): with it, and phone
    reports on for the event, ``/report`` and ``POST /api/report`` are served."""
    site = Site(feed, poll=poll, keepalive=keepalive, lang=lang, season=season)
    reports = ReportApi(feed, writer, lang, choose_lang)
    judges = JudgeApi(feed, writer, lang, choose_lang)
    decklists = DecklistApi(feed, writer, lang, choose_lang, wrong=reports.wrong)
    routes = [
        *site.routes(),
        Route("/report", reports.page, methods=GET),
        Route("/api/report", reports.post, methods=POST),
        Route("/judge", judges.page, methods=GET),
        Route("/api/judge/signin", judges.signin, methods=POST),
        Route("/api/judge/signout", judges.signout, methods=POST),
        Route("/api/judge", judges.act, methods=POST),
        Route("/decklist", decklists.page, methods=GET),
        Route("/api/decklist", decklists.post, methods=POST),
        Route("/season", site.season_page, methods=GET),
        *[Route(p, site.static, methods=GET) for p in STATIC],
        Route("/live", site.live, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=site.lifespan)
    app.state.lycee = site.state
    app.state.guesses = [reports.wrong, judges.wrong]
    if locks is not None:  # the desk sees and lifts the locks (tui.web.locks)
        locks.watch(app.state.guesses)
        site.state["locks"] = locks
    limit = RateLimit(rate, burst) if rate else None
    return Guard(app, limit, live_per_client, lang, hosts, name=lambda: feed.snapshot and feed.snapshot.event.name)
