"""What every page that writes shares (players' reports, the judge
page): one check of each idea, used by tui.web.reports and tui.web.judge.

- :func:`same_origin`: the request comes from this server's own pages
  (``Origin`` and ``Sec-Fetch-Site``);
- :class:`Tokens`: the signed per-page token a page carries and sends back
  (``X-Lycee-Token``); a cross-site form can send neither the header nor JSON
  without a preflight this server never answers;
- :class:`Misses`: wrong secrets (report codes, PINs) by address within a
  window; past the limit the address is refused (429) and that is logged;
- :func:`refusal`: the JSON refusal every write answers with.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time

log = logging.getLogger("lycee.web")

#: Wrong secrets allowed from one address in the window; past them, 429 for that address.
WRONG_LIMIT = 5
WRONG_WINDOW = 600.0
#: A page's token is good this long (seconds).
TOKEN_AGE = 24 * 3600


class Misses:
    """Wrong secrets by address, within the window (``what``: the log's word for them)."""

    def __init__(
        self,
        what: str = "phone reports: {who} gave {n} wrong codes",
        limit: int = WRONG_LIMIT,
        window: float = WRONG_WINDOW,
        now=time.monotonic,
    ):
        self.what = what
        self.limit, self.window, self.now = limit, window, now
        self.seen: dict[str, list[float]] = {}

    def _recent(self, who: str) -> list[float]:
        t = self.now()
        kept = [x for x in self.seen.get(who, ()) if t - x < self.window]
        if kept:
            self.seen[who] = kept
        else:
            self.seen.pop(who, None)
        return kept

    def blocked(self, who: str) -> bool:
        return len(self._recent(who)) >= self.limit

    def add(self, who: str) -> None:
        self.seen.setdefault(who, []).append(self.now())
        if len(self._recent(who)) >= self.limit:
            log.warning(
                "%s in %d minutes: refused (429) until the window passes",
                self.what.format(who=who, n=self.limit),
                int(self.window // 60),
            )


class Tokens:
    """Per-page tokens: ``TIME.MAC`` signed with this server's secret."""

    def __init__(self, age: float = TOKEN_AGE, now=time.time):
        self.key = secrets.token_bytes(32)
        self.age, self.now = age, now

    def _mac(self, stamp: str) -> str:
        return hmac.new(self.key, stamp.encode(), hashlib.sha256).hexdigest()[:32]

    def issue(self) -> str:
        stamp = str(int(self.now()))
        return f"{stamp}.{self._mac(stamp)}"

    def valid(self, token: str) -> bool:
        stamp, _sep, mac = token.partition(".")
        if not stamp.isdigit() or not hmac.compare_digest(mac.encode(), self._mac(stamp).encode()):
            return False
        return 0 <= self.now() - int(stamp) <= self.age


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


def refusal(status: int, error: str, retry: float | None = None, headers: dict | None = None):
    """A refused write: ``{"error": why}`` with ``status`` (429 says when to try again)."""
    from starlette.responses import JSONResponse

    out = {"Cache-Control": "no-store", **(headers or {})}
    if retry is not None:
        out["Retry-After"] = str(int(retry))
    return JSONResponse({"error": error}, status, headers=out)


async def json_body(request, limit: int) -> dict:
    """The request's JSON object (at most ``limit`` bytes), or ValueError."""
    raw = await request.body()
    if len(raw) > limit:
        raise ValueError("too long")
    doc = json.loads(raw)
    if not isinstance(doc, dict):
        raise ValueError("not an object")
    return doc
