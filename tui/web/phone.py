"""The phone side of players' reports: the report page and
``POST /api/report``.

A player's slip has a QR code of ``/report#CODE``: the code rides in the
fragment, which a browser never sends (so it is in no server log and no
Referer); the page's script (static/report.js) reads it, takes it out of the
address bar, and posts it with the result as JSON to ``/api/report``.

A write is taken only when all of these hold (else nothing reaches the desk):

- the server has a writer (core.door) and the event has phone reports on
  (else both paths are 404: the read-only pages are as before);
- the request is same-origin: its ``Origin`` is this server's, and
  ``Sec-Fetch-Site`` (when sent) is ``same-origin``; one with neither is refused;
- it carries the page's token (``X-Lycee-Token``): a signed time from a
  report page this server rendered, tied to that page's session (its
  cookie), good for hours (an expired one is renewed by the page, which sends
  again).  A cross-site form can send neither the header nor JSON without a
  preflight this server never answers;
- the guesser is not held back: wrong codes are counted per page session
  and per address (tui.web.writes.Guesses): after a few, each next try
  waits longer (429 with Retry-After), and a page session is locked after
  ten; an address is slowed, never locked, so the right code from another
  phone behind the store's Wi-Fi still goes through;
- the code is a player's (403 with a JSON error otherwise; compared in
  constant time, core.rules.phonereports.player_by_code).

The page follows the live stream as the other pages do, with
``/live?page=report``: an event with the count of the desk's report changes
(tui.web.feed.Feed.desk_version: reports, staff calls, the desk's clears,
the round's results), never a player's data; on each, the page asks
``/api/report`` for its own table's state again (a lookup: nothing stored),
so the first to report sees the opponent's report record the result, or
dispute it, or the desk clear the table's reports (report again).

The write itself is ``writer.call("phone_reports", [(code, result, "player
pX (phone)", ADDRESS), ...], actor="phones")``: the reports that arrived
while the last write was on its way to disk, stored as one journal record
(group commit, :class:`Batcher`); "recorded" comes back only after the
desk's durable append.
"""

from __future__ import annotations

import asyncio
import logging

from starlette.responses import JSONResponse

from core.errors import LyceeError
from core.i18n import _
from core.rules.phonereports import player_by_code, player_state

from . import errorpage, pages
from .pages import esc
from .writes import BadBody, Guesses, Tokens, code_gate, json_body, own_page, refusal

log = logging.getLogger("lycee.web")


def report_page(t: pages.T, event_name: str, token: str, decklists: bool = False) -> str:
    """The report page: the code comes from the fragment (or is typed), the
    result is sent with static/report.js.  ``decklists``: the event collects
    decklists, and the page links to the decklist page (tui.web.decklists; the
    code goes along in the tab's sessionStorage)."""
    other = "en" if t.lang == "ja" else "ja"
    switch = "English" if other == "en" else "日本語"
    words = {
        "none": t._("Not reported yet. Enter the games you won and lost."),
        "waiting": t._("Sent. Waiting for your opponent to report."),
        "theirs": t._("Your opponent has reported. Enter the games you won and lost."),
        "cleared": t._("The desk cleared your table's reports. Report your result again, or go to the desk."),
        "held": t._("You both agree, but this result needs a time call: a judge or the desk will record it."),
        "disputed": t._("Your opponent reported something else. Check with them and report again, or go to the desk."),
        "recorded": t._("Recorded: {result}."),
        "staff": t._("Staff have entered this match's result: {result}. Ask a judge or the desk if it is wrong."),
        "table": t._("Round {r} · Table {t}"),
        "vs": t._("{you} vs {opponent}"),
        "error": t._("Not sent: {error}"),
        "offline": t._("Not sent: no connection to the desk. Try again."),
    }
    data = "".join(f' data-{k}="{esc(v)}"' for k, v in words.items())
    quick = "".join(
        f'<button type="button" class="quick" data-result="{r}">{r}</button>' for r in ("2-0", "2-1", "1-2", "0-2")
    )
    return (
        f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{esc(event_name)} · {esc(t._('Report your result'))}</title>"
        '<link rel="stylesheet" href="/static/app.css">'
        '<script src="/static/code.js" defer></script>'  # the code and the token: shared
        '<script src="/static/report.js" defer></script></head>'
        f'<body data-page="report"><header><h1>{esc(event_name)}</h1>'
        f'<a class="lang" href="/report?lang={other}" hreflang="{other}" lang="{other}">{switch}</a></header>'
        f"<main><h2>{esc(t._('Report your result'))}</h2>"
        f'<p id="who" aria-live="polite"></p>'
        f'<form id="report" data-token="{esc(token)}"{data} autocomplete="off">'
        f'<p id="coderow"><label for="code">{esc(t._("Your code (on your match slip)"))}</label>'
        '<input id="code" name="code" maxlength="16" autocapitalize="characters" spellcheck="false"></p>'
        f'<p><label for="result">{esc(t._("Games you won-lost (won-lost-drawn)"))}</label>'
        '<input id="result" name="result" maxlength="8" inputmode="numeric" placeholder="2-1"></p>'
        f'<p class="quicks">{quick}</p>'
        f'<p><button type="submit" id="send">{esc(t._("Send"))}</button></p></form>'
        '<p id="state" role="status" aria-live="polite"></p>'
        + (
            f'<p id="decklist-link"><a href="/decklist">{esc(t._("Your decklist: enter or check it"))}</a></p>'
            if decklists
            else ""
        )
        + "</main>"
        f"<footer>{esc(t._('Both players report; the result is recorded when the two agree.'))}</footer>"
        "</body></html>"
    )


class Batcher:
    """Group commit: reports that arrive while the desk is writing the last
    ones go to it together, as one ``phone_reports`` call (one journal
    record, one durable write); each request gets its own answer.  Runs on
    the server's event loop."""

    def __init__(self, writer):
        self.writer = writer
        self.pending: list[tuple[tuple, asyncio.Future]] = []
        self.running = False
        self.task: asyncio.Future | None = None

    async def submit(self, code: str, said: str, actor: str, device: str) -> dict:
        fut = asyncio.get_running_loop().create_future()
        self.pending.append(((code, said, actor, device), fut))
        if not self.running:
            self.running = True
            self.task = asyncio.ensure_future(self.drain())
        return await fut

    async def drain(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                await self._write(batch)
        finally:
            self.running = False

    async def _write(self, batch: list) -> None:
        """Store one batch of reports as one record; each waiting request gets its answer, or the failure."""
        try:
            answers = await asyncio.to_thread(self.writer.call, "phone_reports", [b[0] for b in batch], actor="phones")
        except Exception as err:  # the write failed: nobody is told it is stored
            for _item, fut in batch:
                if not fut.done():
                    fut.set_exception(err)
            return
        for (_item, fut), answer in zip(batch, answers):
            if not fut.done():
                fut.set_result(answer)


class ReportApi:
    """The two routes, over the server's feed (for the setting) and writer."""

    def __init__(self, feed, writer, server_lang: str | None, choose_lang):
        self.feed, self.writer, self.server_lang = feed, writer, server_lang
        self.choose_lang = choose_lang  # tui.web.guard.choose_lang: a request's language
        self.tokens = Tokens()
        self.wrong = Guesses("code")
        self.batcher = Batcher(writer) if writer is not None else None

    def on(self) -> bool:
        snap = self.feed.snapshot
        return self.writer is not None and snap is not None and bool(snap.event.phone_reports)

    async def page(self, request):
        lang = self.choose_lang(request.scope["lycee.query"], request.headers, self.server_lang)
        if not self.on():
            return errorpage.not_here(request, lang, self.feed, "reports")
        ev = self.feed.snapshot.event
        return own_page(
            request,
            lang,
            self.tokens,
            lambda token: report_page(pages.T(lang), ev.name, token, decklists=bool(ev.decklists_required)),
        )

    async def post(self, request):
        if not self.on():
            return refusal(404, _("phone reports are off for this event"))
        who, keys, refused = code_gate(
            request,
            self.tokens,
            self.wrong,
            foreign=_("refused: reports are taken only from this event's own report page"),
            stale=_("refused: the report page is out of date; open it again from your slip"),
        )
        if refused is not None:
            return refused
        body = await _report_body(request)
        if not isinstance(body, tuple):
            return body
        code, result = body
        pid = player_by_code(self.writer.event, code)
        if pid is None:
            self.wrong.add(keys, who)
            return refusal(403, _("unknown report code: check the code on your match slip, or ask the desk"))
        if result is None:  # what the page shows first: the player's table and its state (nothing stored)
            t = pages.T(self.choose_lang(request.scope["lycee.query"], request.headers, self.server_lang))
            return JSONResponse(player_state(self.writer.event, pid, say=t._), headers={"Cache-Control": "no-store"})
        return await self._store(code, result, pid, keys, who)

    async def _store(self, code: str, result: str, pid: str, keys, who: str):
        """Hand the report to the batcher: the stored answer, or why it was refused."""
        assert self.batcher is not None
        try:
            out = await self.batcher.submit(code, result, f"player {pid} (phone)", who)
        except LyceeError as err:
            return refusal(409, str(err))
        if "error" not in out:
            return JSONResponse(out, headers={"Cache-Control": "no-store"})
        if out.get("unknown"):  # a new code was issued meanwhile
            self.wrong.add(keys, who)
            return refusal(403, out["error"])
        return refusal(409, out["error"])


def _report_fields(doc) -> tuple[str, str | None]:
    """(code, result) of a report's JSON body; ValueError when either is of the wrong type or too long."""
    code, result = doc["code"], doc.get("result")
    if not isinstance(code, str) or len(code) > 32:
        raise ValueError
    if result is not None and (not isinstance(result, str) or len(result) > 16):
        raise ValueError
    return code, result


async def _report_body(request):
    """(code, result) of the request's body, or the refusal of a body that is not one."""
    try:
        return _report_fields(await json_body(request))
    except BadBody as err:
        if err.status == 413:
            return refusal(413, err.message(_))
        return refusal(err.status, _('give JSON {"code": CODE, "result": "2-1"}'))
    except (ValueError, KeyError, TypeError, AttributeError):
        return refusal(400, _('give JSON {"code": CODE, "result": "2-1"}'))
