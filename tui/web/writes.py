"""What every page that writes shares (players' reports, the judge
page): one check of each idea, used by tui.web.phone and tui.web.judge.

- :func:`same_origin`: the request comes from this server's own pages
  (``Origin`` and ``Sec-Fetch-Site``);
- :func:`page_id` and :class:`Tokens`: a page's token (``X-Lycee-Token``) is
  signed with this server's secret and tied to the page's session (the
  ``lycee_page`` cookie, and for a judge the sign-in session too); it is good
  for :data:`TOKEN_AGE` (hours), after which the page fetches a new one and
  sends again (static/*.js; ``"renew": true`` in the refusal).  A cross-site
  form can send neither the header nor JSON without a preflight this server
  never answers;
- :class:`Guesses`: wrong secrets (report codes, PINs) counted per page
  session, per address and per judge (across addresses); past a few, the
  guesser waits longer and longer between tries (429 with ``Retry-After``),
  then a page session or a judge's sign-in is locked; an address is only
  slowed, never locked, so the right code from a phone behind the store's
  shared Wi-Fi still goes through.  The desk lists and lifts them
  (``lycee reports EVENT locks`` / ``unlock WHAT``; tui.web.locks);
- :func:`json_body`: the request's JSON object, read at most up to the
  route's cap (tui.web.guard.BODY_CAPS), its nesting checked before it is
  parsed; :class:`BadBody` says what was wrong (413, 400; a client gone: one
  log line);
- :func:`refusal`: the JSON refusal every write answers with.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from dataclasses import dataclass

from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, Response

from core.i18n import _
from core.names import fold_name

log = logging.getLogger("lycee.web")

#: A page's token is good this long (seconds): a round and its extensions, not a day.
TOKEN_AGE = 3 * 3600
#: The cookie that names a page's session (random, HttpOnly, SameSite=Strict, for the browser session).
PAGE_COOKIE = "lycee_page"
#: JSON nesting a write may have (the pages send flat objects).
MAX_DEPTH = 8


# -- page sessions and tokens ------------------------------------------------------------------------


def cookie(headers, name: str) -> str | None:
    """The value of the cookie ``name`` in a request's headers, or None."""
    for part in headers.get("cookie", "").split(";"):
        k, _sep, v = part.strip().partition("=")
        if k == name:
            return v
    return None


_PAGE_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def page_id(headers) -> tuple[str, str | None]:
    """The page session of a request: (its id, the Set-Cookie value to send
    when it is new, else None)."""
    found = cookie(headers, PAGE_COOKIE)
    if found and _PAGE_ID.fullmatch(found):
        return found, None
    new = secrets.token_urlsafe(18)
    return new, f"{PAGE_COOKIE}={new}; Path=/; HttpOnly; SameSite=Strict"


class Tokens:
    """Per-page tokens: ``TIME.MAC``, the MAC over the time and what the token
    is tied to (the page's session), with this server's secret."""

    def __init__(self, age: float = TOKEN_AGE, now=time.time):
        self.key = secrets.token_bytes(32)
        self.age, self.now = age, now

    def _mac(self, stamp: str, bound: str) -> str:
        return hmac.new(self.key, f"{stamp}|{bound}".encode(), hashlib.sha256).hexdigest()[:32]

    def issue(self, bound: str) -> str:
        stamp = str(int(self.now()))
        return f"{stamp}.{self._mac(stamp, bound)}"

    def valid(self, token: str, bound: str) -> bool:
        stamp, _sep, mac = token.partition(".")
        if not stamp.isdigit() or len(stamp) > 12:
            return False
        if not hmac.compare_digest(mac.encode(), self._mac(stamp, bound).encode()):
            return False
        return 0 <= self.now() - int(stamp) <= self.age


# -- wrong secrets ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """For one kind of guesser: wrong secrets without cost (``free``), then a
    wait before the next try that doubles with each wrong one up to
    ``max_wait`` seconds; at ``lock`` (None: never) the guesser is locked
    for the window."""

    free: int
    lock: int | None
    max_wait: float


#: page: one browser's page session; address: every phone behind one address
#: (a store's shared Wi-Fi: slowed, never locked); judge: one staff member's
#: PIN, whatever the address (so rotating addresses does not help).
RULES = {
    "page": Rule(free=3, lock=10, max_wait=60.0),
    "address": Rule(free=10, lock=None, max_wait=5.0),
    "judge": Rule(free=3, lock=10, max_wait=60.0),
}
WINDOW = 600.0


class Guesses:
    """Wrong secrets of one kind (``secret``: "code" or "pin") by guesser,
    within ``window`` seconds.  A guesser is a (kind, name) key: ("page",
    digest of the page session), ("address", IP), ("judge", name)."""

    def __init__(self, secret: str, window: float = WINDOW, rules=None, now=time.time, on_change=None):
        self.secret = secret
        self.window, self.now = window, now
        self.rules = rules or RULES
        self.seen: dict[tuple[str, str], list[float]] = {}
        self.locked: dict[tuple[str, str], float] = {}  # until
        self.where: dict[tuple[str, str], str] = {}  # a page session's address (shown to the desk)
        self.on_change = on_change

    def _recent(self, key: tuple[str, str], t: float) -> list[float]:
        kept = [x for x in self.seen.get(key, ()) if t - x < self.window]
        if kept:
            self.seen[key] = kept
        else:
            self.seen.pop(key, None)
        return kept

    def _wait(self, key: tuple[str, str], t: float) -> float:
        until = self.locked.get(key)
        if until is not None:
            if until > t:
                return until - t
            del self.locked[key]
            self.seen.pop(key, None)
        rule = self.rules[key[0]]
        recent = self._recent(key, t)
        if len(recent) < rule.free:
            return 0.0
        return max(0.0, recent[-1] + min(rule.max_wait, 2.0 ** (len(recent) - rule.free)) - t)

    def wait(self, keys) -> tuple[float, str | None]:
        """Seconds before these guessers may try again (0: now) and the kind
        that holds them back ("page", "address", "judge"; "locked-..." for a lock)."""
        t = self.now()
        worst, why = 0.0, None
        for key in keys:
            w = self._wait(key, t)
            if w > worst:
                worst, why = w, ("locked-" if key in self.locked else "") + key[0]
        return worst, why

    def add(self, keys, address: str = "") -> None:
        """A wrong secret from these guessers."""
        t = self.now()
        if len(self.seen) > 20000:  # many one-off guessers: forget the quiet ones
            self._forget_quiet(t)
        changed = False
        for key in keys:
            changed = self._count(key, t, address) or changed
        if changed and self.on_change is not None:
            self.on_change()

    def _forget_quiet(self, t: float) -> None:
        for k in [k for k, v in self.seen.items() if t - v[-1] >= self.window and k not in self.locked]:
            del self.seen[k]
            self.where.pop(k, None)

    def _count(self, key: tuple[str, str], t: float, address: str) -> bool:
        """One wrong secret from ``key`` at ``t``: whether the desk's listing changes
        (the guesser is now slowed, or locked)."""
        self.seen.setdefault(key, []).append(t)
        if key[0] == "page" and address:
            self.where[key] = address
        rule = self.rules[key[0]]
        n = len(self._recent(key, t))
        if rule.lock is not None and n >= rule.lock and key not in self.locked:
            self._lock(key, t, n)
            return True
        return n == rule.free

    def _lock(self, key: tuple[str, str], t: float, n: int) -> None:
        self.locked[key] = t + self.window
        log.warning(
            "%s: %s %s gave %d wrong %s: locked for %d minutes (lycee reports EVENT unlock %s)",
            "judge sign-in" if self.secret == "pin" else "phone reports",
            key[0],
            self.label(key),
            n,
            "PINs" if self.secret == "pin" else "codes",
            int(self.window // 60),
            self.label(key),
        )

    def label(self, key: tuple[str, str]) -> str:
        """How the desk names a guesser: the address, the judge's name, ``page-XXXXXX``."""
        return f"page-{key[1][:8]}" if key[0] == "page" else key[1]

    def listing(self) -> list[dict]:
        """The guessers now slowed or locked, for the desk."""
        t = self.now()
        rows = [self._row(key, t) for key in sorted(set(self.seen) | set(self.locked))]
        return [row for row in rows if row is not None]

    def _row(self, key: tuple[str, str], t: float) -> dict | None:
        """The desk's row of a guesser slowed or locked at ``t``; None for one that may try freely."""
        wait = self._wait(key, t)  # first: it lifts a lock whose time is over
        recent = self.seen.get(key, [])
        locked = key in self.locked
        if not locked and len(recent) < self.rules[key[0]].free:
            return None
        return {
            "secret": self.secret,
            "kind": key[0],
            "what": self.label(key),
            "address": self.where.get(key, key[1] if key[0] == "address" else ""),
            "wrong": len(recent),
            "locked": locked,
            "until": round(time.time() + wait) if wait else None,
        }

    def _named(self, key: tuple[str, str], what: str) -> bool:
        """Whether ``what`` names the guesser ``key``: its label, or (a page session) its address."""
        if fold_name(self.label(key)) == fold_name(what):
            return True
        return key[0] == "page" and self.where.get(key) == what.strip()

    def release(self, what: str) -> int:
        """Lift the locks and counts of ``what`` (a label, an address: its page
        sessions too, a judge's name, or ``all``): how many were lifted."""

        keys = set(self.seen) | set(self.locked)
        if what != "all":
            keys = {k for k in keys if self._named(k, what)}
        for k in keys:
            self.seen.pop(k, None)
            self.locked.pop(k, None)
            self.where.pop(k, None)
        if keys and self.on_change is not None:
            self.on_change()
        return len(keys)


def page_key(pid: str) -> tuple[str, str]:
    return ("page", hashlib.sha256(pid.encode()).hexdigest()[:16])


# -- requests ----------------------------------------------------------------------------------------


def same_origin(headers) -> bool:
    """The request comes from this server's own pages (Origin and Sec-Fetch-Site)."""
    site = headers.get("sec-fetch-site")
    if site is not None and site != "same-origin":
        return False
    origin = headers.get("origin")
    host = headers.get("host", "")
    if origin is None:
        return site == "same-origin"
    return origin in (f"http://{host}", f"https://{host}")


def address(request) -> str:
    """Where a request came from (the log's device)."""
    return request.client.host if request.client else "?"


def own_page(request, lang: str, tokens: Tokens, render):
    """A page of this server's own that writes (the report page, the decklist
    page): ``render(token)`` with a token tied to the page's session, the
    session's cookie set when it is new, the language kept when chosen."""

    page, new_cookie = page_id(request.headers)
    headers = {"Cache-Control": "no-store", "Vary": "Accept-Language, Cookie"}
    out = Response(render(tokens.issue(page)), headers=headers, media_type="text/html; charset=utf-8")
    if "lang" in request.scope["lycee.query"]:
        out.headers.append("Set-Cookie", f"lang={lang}; Path=/; SameSite=Strict; Max-Age=31536000")
    if new_cookie:
        out.headers.append("Set-Cookie", new_cookie)
    return out


def code_gate(request, tokens: Tokens, wrong: Guesses, *, foreign: str, stale: str):
    """The checks before a player's code is read (the report page, the
    decklist page): the request comes from this server's own page
    (``foreign``: the refusal's words), with the page's token (``stale``: the
    words when it is out of date; the page renews it), and the page session
    and the address are not waiting after wrong codes.  Returns (the device's
    address, the guesser keys to count a wrong code under, a refusal or None)."""

    who = address(request)
    if not same_origin(request.headers):
        return who, [], refusal(403, foreign)
    page, _new = page_id(request.headers)
    if not tokens.valid(request.headers.get("x-lycee-token", ""), page):
        return who, [], refusal(403, stale, renew=True)
    keys = [page_key(page), ("address", who)]
    wait, why = wrong.wait(keys)
    if wait > 0:
        if why == "locked-page":
            text = _("too many wrong codes from this phone: wait ten minutes, or report at the desk")
        else:
            text = _("too many wrong codes: try again in {n} seconds", n=max(1, int(wait + 0.999)))
        return who, keys, refusal(429, text, wait)
    return who, keys, None


def refusal(status: int, error: str, retry: float | None = None, headers: dict | None = None, **more):
    """A refused write: ``{"error": why, **more}`` with ``status`` (429 says when to try again)."""

    out = {"Cache-Control": "no-store", **(headers or {})}
    if retry is not None:
        out["Retry-After"] = str(max(1, int(retry + 0.999)))
    if status == 413:
        out["Connection"] = "close"  # the rest of the body is not read
    return JSONResponse({"error": error, **more}, status, headers=out)


class BadBody(ValueError):
    """A write's body that is not taken: ``status`` 413 (too long), 400
    (malformed, nested too deeply) or 499 (the client went away)."""

    def __init__(self, status: int, why: str, cap: int = 0):
        super().__init__(why)
        self.status, self.why, self.cap = status, why, cap

    def message(self, _) -> str:
        """The refusal's words, translated by ``_`` (core.i18n._, or a page's ``t._``)."""
        if self.status == 413:
            return _("the request is too long (at most {n} bytes)", n=self.cap)
        if self.why == "depth":
            return _("the request is nested too deeply (JSON at most {n} levels)", n=MAX_DEPTH)
        return _("the request is not a JSON object")


_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')


def nesting(raw: bytes) -> int:
    """How deep the JSON text ``raw`` nests (brackets outside strings), counted without parsing it."""
    deepest = depth = 0
    for m in re.finditer(rb"[\[\]{}]", _STRINGS.sub(b"", raw)):
        if m.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


async def _body_bytes(request, cap: int) -> bytearray:
    """The request's body as it comes, or :class:`BadBody` past ``cap`` or when the sender goes away."""
    raw = bytearray()
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > cap:
                raise BadBody(413, "too long", cap)
    except ClientDisconnect:
        log.warning("%s went away while sending %s %s", address(request), request.method, request.url.path)
        raise BadBody(499, "gone") from None
    return raw


async def json_body(request, cap: int | None = None) -> dict:
    """The request's JSON object, or :class:`BadBody`.  The body is read as
    it comes and cut off past the route's cap (the server's Guard puts it in
    the scope; a Content-Length over it was refused before any byte was
    read); its nesting is checked before it is parsed."""

    raw = await _body_bytes(request, request.scope.get("lycee.cap", 1024) if cap is None else cap)
    if nesting(bytes(raw)) > MAX_DEPTH:
        raise BadBody(400, "depth")
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadBody(400, "json") from None
    if not isinstance(doc, dict):
        raise BadBody(400, "object")
    return doc
