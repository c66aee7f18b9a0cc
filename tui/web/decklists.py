"""The phone side of players' decklists (G-DECKLIST, issue 43): the decklist
page and ``POST /api/decklist``.

A player opens ``/decklist`` (``/decklist#CODE`` carries their report code in
the fragment, as the report page's QR code does: tui.web.phone), pastes or
types their list, sees its problems as they type (the desk's own check:
core.rules.decklists.text_check, read by the one parser
core.cards.decks.parse_decklist, then check_deck for the event) and sends it;
the desk registers it as theirs, logged with the device.  Once round 1 is
paired the page says to see a judge: only a judge changes a list then
(core.rules.decklists.require_change_judge).

Served only when the server has a writer (core.door) and the event collects
decklists (``event set --decklists``); else both paths are 404.  A write is
taken under the report page's conditions (tui.web.writes): same origin, the
page's token (tied to the page's session), a body read no further than the
route's cap (tui.web.guard.BODY_CAPS, 16 KB) whose nesting is checked before
it is parsed, then decoded into :class:`Post` (one object of known keys), a
known code (wrong codes count with the report page's, per page session and
per address: waits, then a lock; tui.web.writes.Guesses).  Bodies::

    {"code": CODE}                         the player's state: name, refusal, registered list
    {"code": CODE, "text": T, "check": true}   the list's problems (nothing stored)
    {"code": CODE, "text": T}              register it: ``writer.call("phone_decklist", ...)``;
                                           the answer comes after the desk's durable append
"""

from __future__ import annotations

import asyncio

import msgspec
from starlette.responses import JSONResponse

from core.errors import LyceeError, ValidationError
from core.i18n import _, speaking
from core.rules import decklists as rules
from core.rules.phonereports import UnknownCode, player_by_code

from . import errorpage, pages
from .pages import esc
from .writes import BadBody, Guesses, Tokens, code_gate, json_body, own_page, refusal

#: The most characters of decklist text the page takes.
MAX_TEXT = 12000


class Post(msgspec.Struct, forbid_unknown_fields=True):
    """A request's JSON: one object of these keys, nothing nested."""

    code: str
    text: str | None = None
    check: bool = False


def decklist_page(t: pages.T, event_name: str, token: str) -> str:
    """The decklist page: the code from the fragment (or typed), the list in
    a text box, its problems below it as the player types, then Send."""
    other = "en" if t.lang == "ja" else "ja"
    switch = "English" if other == "en" else "日本語"
    words = {
        "hello": t._("Decklist of {name}"),
        "cards": t._("{deck} cards, {spare} spare"),
        "ok": t._("No problems found."),
        "unreadable": t._("Some lines cannot be read:"),
        "problems": t._("Problems ({n}):"),
        "registered": t._("Registered at the desk: {deck} cards, {spare} spare."),
        "none": t._("No decklist registered yet."),
        "sent": t._("Registered: {deck} cards, {spare} spare. The desk has your decklist."),
        "error": t._("Not sent: {error}"),
        "offline": t._("Not sent: no connection to the desk. Try again."),
        "say-locked": t._("Round 1 is paired: only a judge can change your decklist now. Please see a judge."),
        "say-off": t._("this event does not collect decklists"),
    }
    data = "".join(f' data-{k}="{esc(v)}"' for k, v in words.items())
    help_text = t._(
        "One card a line: COUNT NUMBER (4 LO-0001). A deck code (card numbers separated by spaces) "
        "and the table copied from the official deck page are read too. Write spare: before spare cards."
    )
    return (
        f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{esc(event_name)} · {esc(t._('Your decklist'))}</title>"
        '<link rel="stylesheet" href="/static/app.css">'
        '<script src="/static/code.js" defer></script>'  # the code and the token: shared
        '<script src="/static/decklist.js" defer></script></head>'
        f'<body data-page="decklist"><header><h1>{esc(event_name)}</h1>'
        f'<a class="lang" href="/decklist?lang={other}" hreflang="{other}" lang="{other}">{switch}</a></header>'
        f"<main><h2>{esc(t._('Your decklist'))}</h2>"
        '<p id="who" aria-live="polite"></p>'
        f'<form id="decklist" data-token="{esc(token)}"{data} autocomplete="off">'
        f'<p id="coderow"><label for="code">{esc(t._("Your code (on your match slip)"))}</label>'
        '<input id="code" name="code" maxlength="16" autocapitalize="characters" spellcheck="false"></p>'
        f'<p><label for="text">{esc(t._("Your decklist (paste or type it)"))}</label>'
        f'<textarea id="text" name="text" rows="8" maxlength="{MAX_TEXT}" spellcheck="false" '
        'autocapitalize="characters" placeholder="4 LO-0001"></textarea></p>'
        f'<p class="hint">{esc(help_text)}</p>'
        '<div id="check" aria-live="polite"><p id="count"></p><ul id="problems"></ul></div>'
        f'<p><button type="submit" id="send">{esc(t._("Send to the desk"))}</button></p></form>'
        '<p id="state" role="status" aria-live="polite"></p></main>'
        f"<footer>{esc(t._('The desk registers the list you send as yours. After round 1 only a judge changes it.'))}"
        "</footer></body></html>"
    )


class DecklistApi:
    """The two routes, over the server's feed (for the setting) and writer.
    ``wrong``: the report page's count of wrong codes (one budget per address)."""

    def __init__(self, feed, writer, server_lang: str | None, choose_lang, wrong: Guesses | None = None):
        self.feed, self.writer, self.server_lang = feed, writer, server_lang
        self.choose_lang = choose_lang
        self.tokens = Tokens()
        self.wrong = wrong if wrong is not None else Guesses("code")

    def on(self) -> bool:
        snap = self.feed.snapshot
        return self.writer is not None and snap is not None and bool(snap.event.decklists_required)

    async def page(self, request):
        lang = self.choose_lang(request.scope["lycee.query"], request.headers, self.server_lang)
        if not self.on():
            return errorpage.not_here(request, lang, self.feed, "decklists")
        name = self.feed.snapshot.event.name
        return own_page(request, lang, self.tokens, lambda token: decklist_page(pages.T(lang), name, token))

    async def post(self, request):
        # the answer and the checks' words in the page's language, not the desk's
        with speaking(self.choose_lang({}, request.headers, self.server_lang)):
            return await self._post(request)

    async def _post(self, request):
        if not self.on():
            return refusal(404, _("this event does not collect decklists"))
        who, keys, refused = code_gate(
            request,
            self.tokens,
            self.wrong,
            foreign=_("refused: decklists are taken only from this event's own decklist page"),
            stale=_("refused: the decklist page is out of date; open it again"),
        )
        if refused is not None:
            return refused
        doc = await _decklist_body(request)
        if not isinstance(doc, Post):
            return doc
        ev = self.writer.event
        pid = player_by_code(ev, doc.code)
        if pid is None:
            self.wrong.add(keys, who)
            return refusal(403, _("unknown report code: check the code on your match slip, or ask the desk"))
        if doc.text is None:  # what the page shows first (nothing stored)
            return JSONResponse(await asyncio.to_thread(rules.phone_state, ev, pid), headers=_NO_STORE)
        if doc.check:  # the problems as the player types (nothing stored)
            out = await asyncio.to_thread(rules.text_check, ev, pid, doc.text)
            out["refusal"] = rules.phone_refusal_kind(ev)
            return JSONResponse(out, headers=_NO_STORE)
        return await self._store(doc, pid, keys, who)

    async def _store(self, doc: Post, pid: str, keys, who: str):
        """Hand the decklist to the desk: its answer, or why it was refused."""
        writer = self.writer
        try:
            out = await asyncio.to_thread(
                writer.call, "phone_decklist", doc.code, doc.text, actor=f"player {pid} (phone)", device=who
            )
        except UnknownCode as err:  # a new code was issued meanwhile
            self.wrong.add(keys, who)
            return refusal(403, str(err))
        except ValidationError as err:
            rows = [{"rule": "G-DECKLIST", "message": what, "where": where} for where, what in err.problems]
            return refusal(422, _("some lines cannot be read"), problems=rows)
        except LyceeError as err:
            return refusal(409, str(err), refusal=rules.phone_refusal_kind(writer.event))
        return JSONResponse(out, headers=_NO_STORE)


_NO_STORE = {"Cache-Control": "no-store"}


def _too_long(doc: Post) -> bool:
    """A code longer than 32 characters, or a decklist text over MAX_TEXT."""
    return len(doc.code) > 32 or (doc.text is not None and len(doc.text) > MAX_TEXT)


async def _decklist_body(request):
    """The request's body as a :class:`Post`, or the refusal of a body that is not one."""
    try:
        doc = msgspec.convert(await json_body(request), type=Post)
        if _too_long(doc):
            raise ValueError("too long")
    except BadBody as err:
        if err.status == 413:
            return refusal(413, err.message(_))
        return refusal(err.status, _('give JSON {"code": CODE, "text": DECKLIST} of at most 16 KB'))
    except (ValueError, msgspec.ValidationError):
        return refusal(400, _('give JSON {"code": CODE, "text": DECKLIST} of at most 16 KB'))
    return doc
