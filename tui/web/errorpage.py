"""The short page a phone gets for an address that is wrong: one the event's
pages do not have (404), or one they do not take (400: an unknown or bad part
after ``?``, a path that is not plain ASCII), in the page's language and the
pages' style (the event's name, the language switch, the footer), saying in
words what is wrong and linking back to the first page.  The status stays
400 or 404.

The request guard (tui.web.guard.Guard) answers with it for a page's address;
``/api/*``, ``/static/*`` and ``/live`` keep their answers (a JSON refusal
from the writes, plain text from the guard): scripts read those, not people.
The pages a server shows only when the event uses them (the report page, the
decklist page, the judge page, the season page) answer with it when it does
not, saying why.  Nothing typed is shown as markup: the path is escaped, and a
code given after ``?`` is never repeated.
"""

from __future__ import annotations

import re

from starlette.responses import Response

from . import pages
from .pages import esc

#: Paths whose refusals stay as they are (read by scripts: the writes' JSON, the guard's text).
NOT_PAGES = ("/api/", "/static/", "/live")
#: The pages that take a player's code (in the address's fragment, never after ``?``).
CODE_PAGES = ("/report", "/decklist")
_LANG = re.compile(rb"(?:^|&)lang=(ja|en)(?:&|$)")
_CODE = re.compile(rb"(?:^|&)code(?:=|&|$)", re.IGNORECASE)


def as_page(scope) -> bool:
    """Whether a refused request is answered with this page: a GET or HEAD of
    anything but the writes, the static files and the live stream."""
    path = scope["path"]
    return scope["method"] in ("GET", "HEAD") and not path.startswith(NOT_PAGES)


def asked_lang(raw: bytes) -> dict[str, str]:
    """``{"lang": ...}`` from a query that did not parse as a whole, when it asks for ``ja`` or ``en``."""
    found = _LANG.search(raw)
    return {"lang": found.group(1).decode()} if found else {}


def code_in_address(scope) -> bool:
    """Whether a request for a page that takes a player's code gives a ``code`` after ``?``."""
    return scope["path"] in CODE_PAGES and bool(_CODE.search(scope.get("query_string", b"")))


def _title(t: pages.T, status: int) -> str:
    if status == 404:
        return t._("This page does not exist")
    return t._("This address is not right")


def _words(t: pages.T, status: int, path: str, why: str | None) -> str:
    """What is wrong, in a sentence or two: ``why`` names a known reason (:data:`REASONS`)."""
    if why is not None:
        return REASONS[why](t)
    if status == 404:
        return t._(
            "This event's pages have nothing at {path}. Check the address, or start again from the first page.",
            path=path,
        )
    return t._("Part of this address is not one these pages take. Check the address, or open the page again below.")


def _code_words(t: pages.T) -> str:
    return t._(
        "Your code does not go in the address. Open the page below and type the code on your match slip, "
        "or scan the QR code on your slip."
    )


def _reports_words(t: pages.T) -> str:
    return t._("This event does not take results from phones. Report your result at the desk.")


def _decklists_words(t: pages.T) -> str:
    return t._("This event does not take decklists from phones. Ask the desk.")


def _judge_words(t: pages.T) -> str:
    return t._("The judge page is not served here: only the program holding the event serves it.")


#: The reasons a page can name (``why``): a code after ``?``, or a page the event does not use.
REASONS = {
    "code": _code_words,
    "reports": _reports_words,
    "decklists": _decklists_words,
    "judge": _judge_words,
}


def _printable(path: str) -> bool:
    """Printable ASCII without spaces or backslashes, no longer than a path the guard takes."""
    return len(path) <= 256 and all(33 <= ord(c) <= 126 and c != "\\" for c in path)


def _own_href(path: str) -> str:
    """``path`` as a link on this server (one leading slash: ``//host`` would leave it), else the first page."""
    return path if _printable(path) and path.startswith("/") and not path.startswith("//") else "/"


def _links(t: pages.T, path: str, again: bool) -> str:
    """The way on: the page again (without what was wrong in its address), and the first page."""
    out = []
    if again and path != "/":
        out.append(f'<li><a href="{esc(_own_href(path))}">{esc(t._("Open this page again"))}</a></li>')
    out.append(f'<li><a href="/">{esc(t._("Back to the first page (find my table)"))}</a></li>')
    return f'<ul class="way">{"".join(out)}</ul>'


def _lang_link(t: pages.T, path: str) -> str:
    """The switch to the other language, at the same address (the first page when it cannot be repeated)."""
    other = "en" if t.lang == "ja" else "ja"
    switch = "English" if other == "en" else "日本語"
    return f'<a class="lang" href="{esc(_own_href(path))}?lang={other}" hreflang="{other}" lang="{other}">{switch}</a>'


def wrong_page(
    t: pages.T, status: int, path: str, name: str | None, why: str | None = None, again: bool = False
) -> str:
    """The page: ``name`` the event's (None: not read yet), ``path`` the address
    asked for (escaped; shown for a 404 without a known reason), ``why`` a key of
    :data:`REASONS`, ``again`` a link to the page at ``path`` without its query."""
    title = _title(t, status)
    head = name or t._("Event pages")
    return (
        f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{esc(head)} · {esc(title)}</title>"
        '<link rel="stylesheet" href="/static/app.css"></head>'
        f'<body data-page="wrong"><header><h1>{esc(head)}</h1>{_lang_link(t, path)}</header>'
        f'<main><h2>{esc(title)}</h2><p class="wrong">{esc(_words(t, status, path, why))}</p>'
        f"{_links(t, path, again)}</main>"
        f"<footer>{esc(t._('Read-only pages served by the event desk.'))}</footer></body></html>"
    )


def response(
    status: int,
    lang: str,
    path: str,
    *,
    name: str | None,
    why: str | None = None,
    again: bool = False,
    remember: bool = False,
) -> Response:
    """The page as an answer with ``status``; ``remember``: the language was chosen (``?lang=``): kept in the cookie."""
    body = wrong_page(pages.T(lang), status, path, name, why, again)
    headers = {"Cache-Control": "no-store", "Vary": "Accept-Language, Cookie"}
    out = Response(body, status, headers=headers, media_type="text/html; charset=utf-8")
    if remember:
        out.headers.append("Set-Cookie", f"lang={lang}; Path=/; SameSite=Strict; Max-Age=31536000")
    return out


def not_here(request, lang: str, feed, why: str | None = None) -> Response:
    """404 for a page this server shows only when the event uses it (``why``: the reason, :data:`REASONS`)."""
    snap = feed.snapshot
    name = snap.event.name if snap is not None else None
    return response(404, lang, request.url.path, name=name, why=why, remember="lang" in request.scope["lycee.query"])
