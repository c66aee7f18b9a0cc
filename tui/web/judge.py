"""Judges on the floor: the judge page on a staff member's phone.

- ``GET /judge``: the sign-in form, or (signed in) the current round's
  tables, each with what a judge does there: enter or correct a result
  (a correction needs its reason; G-HEAD-JUDGE for a protected result),
  give a time extension (G-TIME), check a player in (G-LATE-1, G-LATE-2),
  issue a notice or warning (G-PEN-1..3), record a deck check (G-DECKLIST).
- ``POST /api/judge/signin`` ``{"name": NAME, "pin": PIN}``: the PIN of
  ``lycee staff EVENT pin NAME`` (core.rules.staff.pin_holder, a salted
  hash compared in constant time).  Wrong PINs are counted per page session,
  per address and per judge whatever the address (tui.web.writes.Guesses:
  403, then longer and longer waits (429), then that judge's sign-in is
  locked until the window passes or the desk lifts it).  Signed in, the
  answer sets a session cookie: a random id (kept here, in this server's
  memory, as its SHA-256; looked up by that and compared in constant time),
  ``HttpOnly; SameSite=Strict; Path=/``, expiring at midnight (the end of
  the event day) unless trust ends first: a session is tied to the PIN it
  was made with (core.rules.staff.pin_fingerprint, checked on every
  request), so a new PIN, the judge taken off the staff or ``lycee staff
  EVENT signout NAME`` ends it at once; nothing secret is ever in an address.
- ``POST /api/judge/signout``: the session ends.
- ``POST /api/judge`` ``{"op": ..., ...}``: one change, sent to the desk as
  ``writer.call(METHOD, ..., actor="judge NAME (phone)", device=ADDRESS)``;
  a refusal comes back with its reason (409).

Every write is same-origin with the page's token (tui.web.writes), as the
players' reports are.  The judge page never shows a player's report code.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from starlette.responses import JSONResponse, Response

from core.errors import LyceeError
from core.event.lookups import player_name
from core.event.model import Event, Match, Round
from core.names import fold_name
from core.rules.decklists import parallels_only
from core.rules.phonereports import table_state
from core.rules.results import protected_reason
from core.rules.staff import pin_fingerprint, pin_holder, pin_staff

from . import errorpage, pages
from .escape import esc_whole
from .pages import esc
from .writes import BadBody, Guesses, Tokens, address, cookie, json_body, page_id, page_key, refusal, same_origin

#: The session cookie's name.
COOKIE = "lycee_judge"
#: What the page offers and the API takes.
OPS = ("result", "extend", "checkin", "penalty", "deck_check")


def session_end(now: float) -> float:
    """When a session signed in at ``now`` ends: the next midnight, this PC's
    time (the end of the event day)."""
    here = datetime.fromtimestamp(now).astimezone()
    midnight = (here + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    return midnight.timestamp()


@dataclass
class Session:
    digest: str
    name: str
    expires: float
    #: The PIN it was made with (core.rules.staff.pin_fingerprint): it ends when that changes.
    fingerprint: str = ""


class Sessions:
    """Signed-in judges, by the SHA-256 of their session id (the id itself is
    only in the phone's cookie)."""

    def __init__(self, now=time.time):
        self.now = now
        self.by_digest: dict[str, Session] = {}

    @staticmethod
    def _digest(sid: str) -> str:
        return hashlib.sha256(sid.encode("utf-8", "replace")).hexdigest()

    def open(self, name: str, fingerprint: str = "") -> tuple[str, float]:
        """A new session for ``name`` made with the PIN of ``fingerprint``: its id and when it ends."""
        t = self.now()
        self.by_digest = {k: s for k, s in self.by_digest.items() if s.expires > t}  # forget the ended ones
        sid = secrets.token_urlsafe(32)
        digest = self._digest(sid)
        end = session_end(t)
        self.by_digest[digest] = Session(digest, name, end, fingerprint)
        return sid, end

    def trusted(self, sid: str | None, ev) -> Session | None:
        """The session of ``sid`` while its PIN is still the judge's (same
        fingerprint in ``ev``), else None, and a session that lost it is ended."""

        found = self.find(sid)
        if found is not None and pin_fingerprint(ev, found.name) != found.fingerprint:
            self.by_digest.pop(found.digest, None)
            return None
        return found

    def find(self, sid: str | None) -> Session | None:
        if not sid or len(sid) > 128:
            return None
        digest = self._digest(sid)
        found = self.by_digest.get(digest)
        if found is None or not hmac.compare_digest(found.digest, digest):
            return None
        if found.expires <= self.now():
            self.by_digest.pop(digest, None)
            return None
        return found

    def close(self, sid: str | None) -> None:
        found = self.find(sid)
        if found is not None:
            self.by_digest.pop(found.digest, None)


def cookie_of(headers) -> str | None:
    return cookie(headers, COOKIE)


# -- the pages --------------------------------------------------------------------------------------


def _head(t: pages.T, event_name: str, title: str) -> str:
    return (
        f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{esc(event_name)} · {esc(title)}</title>"
        '<link rel="stylesheet" href="/static/app.css">'
        '<script src="/static/judge.js" defer></script></head>'
    )


def _switch(t: pages.T) -> str:
    other = "en" if t.lang == "ja" else "ja"
    word = "English" if other == "en" else "日本語"
    return f'<a class="lang" href="/judge?lang={other}" hreflang="{other}" lang="{other}">{word}</a>'


def _words(t: pages.T) -> str:
    words = {"offline": t._("Not sent: no connection to the desk. Try again."), "error": t._("Not done: {error}")}
    return "".join(f' data-{k}="{esc(v)}"' for k, v in words.items())


def signin_page(t: pages.T, event_name: str, token: str) -> str:
    return (
        _head(t, event_name, t._("Judge sign-in"))
        + f'<body data-page="judge"><header><h1>{esc(event_name)}</h1>{_switch(t)}</header>'
        f"<main><h2>{esc(t._('Judge sign-in'))}</h2>"
        f'<form id="signin" class="judge" data-token="{esc(token)}"{_words(t)} autocomplete="off">'
        f'<p><label for="name">{esc(t._("Your name (as on the event staff)"))}</label>'
        '<input id="name" name="name" maxlength="80" autocomplete="username" required></p>'
        f'<p><label for="pin">{esc(t._("PIN (the desk gives it to you)"))}</label>'
        '<input id="pin" name="pin" type="password" maxlength="16" inputmode="numeric" '
        'autocomplete="current-password" required></p>'
        f'<p><button type="submit">{esc(t._("Sign in"))}</button></p>'
        '<p class="state" role="status" aria-live="polite"></p></form></main>'
        f"<footer>{esc(t._('For the organizer and the judges: the desk gives each a PIN.'))}</footer>"
        "</body></html>"
    )


def _player_options(ev, m) -> str:
    return "".join(
        f'<option value="{esc(pid)}">{esc(player_name(ev, pid))}</option>' for pid in (m.p1, m.p2) if pid is not None
    )


def _hhmm(at: str) -> str:
    """When (``14:02``), in the server's local time."""

    try:
        return datetime.fromisoformat(at).astimezone().strftime("%H:%M")
    except ValueError:
        return at


def _reports_seen(t: pages.T, ev, rnd, m) -> tuple[str, str]:
    """A table's result as the judge reads it, and the players' phone reports
    and a staff call as the desk's queue shows them (list items)."""
    if m.is_bye or m.reported:
        return (pages.table_result(t, m) if m.reported else "—"), ""
    rep = table_state(ev, rnd, m)
    return _unreported_state(t, rep), _report_items(t, rep)


def _unreported_state(t: pages.T, rep) -> str:
    """What the judge reads for a table with no result yet: its phone reports' state, or a dash."""
    if rep.status == "disputed" and rep.p1 is not None and rep.p2 is not None:
        return t._("disputed: {a} / {b}", a=rep.p1.result, b=rep.p2.result)
    if rep.status == "waiting":
        return t._("waiting for the opponent")
    if rep.status == "held":
        return t._("agreed, held for a time call by staff")
    return "—"


def _report_items(t: pages.T, rep) -> str:
    """The players' reports, why an agreed one is held and a staff call, as list items."""
    claims = [
        t._("{name} reported {said} (from their side) at {at}", name=s.name, said=s.said, at=_hhmm(s.at))
        for s in (rep.p1, rep.p2)
        if s is not None
    ]
    if rep.held:  # why it waits, and how the judge records it here
        claims.append(t._("{why}: record the result below with the time-call box ticked", why=rep.held))
    items = "".join(f"<li>{esc(c)}</li>" for c in claims)
    if rep.called is not None:
        called = t._("staff called: {note} ({at})", note=rep.called.note, at=_hhmm(rep.called.at))
        items += f'<li class="call">{esc(called)}</li>'
    return items


def _table(t: pages.T, ev, rnd, m) -> str:
    p1, p2 = player_name(ev, m.p1), player_name(ev, m.p2)
    if m.is_bye:  # nothing to rule on: a line, not a table to open
        return f'<p class="table bye">{esc(t._("Table {t}", t=m.table))} · {esc(p1)} · {esc(t._("bye"))}</p>'
    ext = f" +{m.extension}" if m.extension else ""
    result, claims = _reports_seen(t, ev, rnd, m)
    if claims:
        claims = f'<ul class="claims">{claims}</ul>'
    head = (
        f"<summary>{esc(t._('Table {t}', t=m.table))} · {esc(p1)} — {esc(p2)} · "
        f"<b>{esc(result)}</b>{esc(ext)}</summary>"
    )
    tbl = f' data-table="{m.table}"'
    return (
        f'<details class="table" id="table-{m.table}"{" open" if claims else ""}>{head}{claims}'
        f'<ul class="seen">{_checkins_seen(t, ev, rnd, m)}</ul>'
        f"{_result_form(t, m, p1, tbl)}{_table_forms(t, tbl, _player_options(ev, m))}</details>"
    )


def _checkins_seen(t: pages.T, ev, rnd, m) -> str:
    """Whether each player of the table has checked in, as list items."""
    checked = {c.player for c in rnd.checkins}
    return "".join(
        f"<li>{esc(player_name(ev, pid))}: {esc(t._('checked in') if pid in checked else t._('not checked in'))}</li>"
        for pid in (m.p1, m.p2)
        if pid is not None
    )


def _result_form(t: pages.T, m, p1: str, tbl: str) -> str:
    """The form that records the table's result, or corrects it (with a reason) once it is recorded."""
    correct = "1" if m.reported else "0"
    reason = (
        (
            f"<label>{esc(t._('Reason for the correction (kept in the log)'))}"
            '<input name="reason" maxlength="200" required></label>'
        )
        if m.reported
        else ""
    )
    send = t._("Correct the result") if m.reported else t._("Record the result")
    return (
        f'<form class="op" data-op="result"{tbl} data-correct="{correct}">'
        f"<label>{esc_whole(t._('Result: {name} won-lost (won-lost-drawn)', name=p1))}"
        '<input name="result" maxlength="8" inputmode="numeric" placeholder="2-1" required></label>'
        f'<label class="check"><input type="checkbox" name="time_called"> '
        f"<span>{esc_whole(t._('Time was called at this table (G-BO3-TIME)'))}</span></label>{reason}"
        f'<button type="submit">{esc(send)}</button><span class="state" role="status"></span></form>'
    )


def _table_forms(t: pages.T, tbl: str, opts: str) -> str:
    """The forms of a table's other rulings: an extension, a check-in, a penalty, a deck check."""
    return (
        f'<form class="op" data-op="extend"{tbl}>'
        f"<label>{esc_whole(t._('Time extension (minutes, G-TIME)'))}"
        '<input name="minutes" type="number" min="1" max="60" value="3" required></label>'
        f'<button type="submit">{esc(t._("Give the extension"))}</button>'
        '<span class="state" role="status"></span></form>'
        f'<form class="op" data-op="checkin"{tbl}>'
        f'<label>{esc_whole(t._("Check in (G-LATE-1)"))}<select name="player">{opts}</select></label>'
        f'<button type="submit">{esc(t._("Check in"))}</button><span class="state" role="status"></span></form>'
        f'<form class="op" data-op="penalty"{tbl}>'
        f'<label>{esc_whole(t._("Penalty (G-PEN-1)"))}<select name="player">{opts}</select></label>'
        f'<select name="level"><option value="notice">{esc(t._("notice"))}</option>'
        f'<option value="warning">{esc(t._("warning"))}</option></select>'
        f'<label>{esc(t._("Reason"))}<input name="reason" maxlength="200" required></label>'
        f'<button type="submit">{esc(t._("Issue"))}</button><span class="state" role="status"></span></form>'
        f'<form class="op" data-op="deck_check"{tbl}>'
        f'<label>{esc_whole(t._("Deck check (G-DECKLIST)"))}<select name="player">{opts}</select></label>'
        f"<label>{esc(t._('The deck presented (decklist text; blank: as registered)'))}"
        '<textarea name="deck" rows="3" maxlength="8000"></textarea></label>'
        f'<button type="submit">{esc(t._("Record the deck check"))}</button>'
        '<span class="state" role="status"></span></form>'
    )


def judge_page(t: pages.T, ev, name: str, token: str) -> str:
    rnd = ev.current_round
    if rnd is None:
        body = f"<p>{esc(t._('No round has been paired yet.'))}</p>"
    else:
        body = f"<h2>{esc(t._('Round {r}', r=rnd.number))}</h2>" + "".join(_table(t, ev, rnd, m) for m in rnd.matches)
    return (
        _head(t, ev.name, t._("Judge"))
        + f'<body data-page="judge"><header><h1>{esc(ev.name)}</h1>{_switch(t)}</header>'
        f'<main id="judge" data-token="{esc(token)}"{_words(t)}>'
        f'<p class="who">{esc(t._("Signed in as {name}", name=name))} '
        f'<button type="button" id="signout">{esc(t._("Sign out"))}</button></p>'
        '<p id="done" role="status" aria-live="polite"></p>'
        f"{body}</main></body></html>"
    )


# -- the routes ---------------------------------------------------------------------------------------


def _short(value, most: int) -> str:
    """``value`` when it is text of at most ``most`` characters; ValueError otherwise."""
    if not isinstance(value, str) or len(value) > most:
        raise ValueError
    return value


def _guessers(request, who: str, staff: str | None) -> list[tuple[str, str]]:
    """Who a sign-in counts against: the page session, the address and (a staff name) the judge."""
    pid, _new = page_id(request.headers)
    return [page_key(pid), ("address", who)] + ([("judge", staff)] if staff is not None else [])


def _private_page(body: str, lang: str | None, new_cookie: str | None):
    """A judge page, never cached; it keeps the language switched to (``lang``) and a new page session."""
    headers = {"Cache-Control": "no-store", "Vary": "Accept-Language, Cookie"}
    out = Response(body, headers=headers, media_type="text/html; charset=utf-8")
    if lang is not None:
        out.headers.append("Set-Cookie", f"lang={lang}; Path=/; SameSite=Strict; Max-Age=31536000")
    if new_cookie:
        out.headers.append("Set-Cookie", new_cookie)
    return out


async def _signin_body(request, t: pages.T):
    """(name, PIN) of a sign-in's JSON body, or the refusal of a body that is not one."""
    try:
        doc = await json_body(request)
        name, pin = _short(doc["name"], 80), _short(doc["pin"], 16)
    except BadBody as err:
        return refusal(
            err.status, err.message(t._) if err.status == 413 else t._('give JSON {"name": NAME, "pin": PIN}')
        )
    except (ValueError, KeyError, TypeError):
        return refusal(400, t._('give JSON {"name": NAME, "pin": PIN}'))
    return name, pin


class JudgeApi:
    """``/judge`` and its writes, over the server's feed and writer (served
    only with a writer: without one the pages stay read-only)."""

    def __init__(self, feed, writer, server_lang: str | None, choose_lang, now=time.time):
        self.feed, self.writer, self.server_lang = feed, writer, server_lang
        self.choose_lang = choose_lang  # tui.web.guard.choose_lang
        self.tokens = Tokens()
        self.wrong = Guesses("pin")
        self.sessions = Sessions(now)

    def on(self) -> bool:
        return self.writer is not None and self.feed.snapshot is not None

    def _t(self, request) -> pages.T:
        return pages.T(self.choose_lang(request.scope["lycee.query"], request.headers, self.server_lang))

    async def _event(self):
        return await asyncio.to_thread(lambda: self.writer.event)

    @staticmethod
    def _bound(pid: str, session: Session | None) -> str:
        """What a page's token is tied to: the page session, and the judge's session when signed in."""
        return f"{pid}|{session.digest if session is not None else ''}"

    async def page(self, request):
        t = self._t(request)
        if not self.on():
            return errorpage.not_here(request, t.lang, self.feed, "judge")
        pid, new_cookie = page_id(request.headers)
        sid = cookie_of(request.headers)
        ev = await self._event() if sid else None  # the sign-in page needs no event from the desk
        session = self.sessions.trusted(sid, ev) if sid else None
        token = self.tokens.issue(self._bound(pid, session))
        if session is not None:
            body = judge_page(t, ev, session.name, token)
        else:
            body = signin_page(t, self.feed.snapshot.event.name, token)
        return _private_page(body, t.lang if "lang" in request.scope["lycee.query"] else None, new_cookie)

    async def _checked(self, request, t: pages.T):
        """(the refusal of a write not from this server's own page with its
        token, else None; the trusted session or None; the event)."""
        if not self.on():
            return refusal(404, t._("the judge page is served only by the program holding the event")), None, None
        if not same_origin(request.headers):
            return (
                refusal(403, t._("refused: judges' changes are taken only from this event's own judge page")),
                None,
                None,
            )
        ev = await self._event()
        session = self.sessions.trusted(cookie_of(request.headers), ev)
        pid, _new = page_id(request.headers)
        if not self.tokens.valid(request.headers.get("x-lycee-token", ""), self._bound(pid, session)):
            return refusal(403, t._("refused: the judge page is out of date; open /judge again"), renew=True), None, ev
        return None, session, ev

    def _slowed(self, t: pages.T, wait: float, why: str | None, name: str):
        if why == "locked-judge":
            text = t._(
                "sign-in as {name} is locked after too many wrong PINs: ask the desk to lift it "
                "(lycee reports EVENT unlock NAME)",
                name=name,
            )
        elif why == "locked-page":
            text = t._("too many wrong PINs from this phone: wait ten minutes, or ask the desk")
        else:
            text = t._("too many wrong PINs: try again in {n} seconds", n=max(1, int(wait + 0.999)))
        return refusal(429, text, wait)

    async def signin(self, request):
        t = self._t(request)
        refused, _session, ev = await self._checked(request, t)
        if refused is not None:
            return refused
        body = await _signin_body(request, t)
        if not isinstance(body, tuple):
            return body
        name, pin = body
        who = address(request)
        staff = pin_staff(ev, name)
        keys = _guessers(request, who, staff)
        wait, why = self.wrong.wait(keys)
        if wait > 0:
            return self._slowed(t, wait, why, staff or name)
        found = await asyncio.to_thread(pin_holder, ev, name, pin)  # scrypt: off the event loop
        if found is None:
            self.wrong.add(keys, who)
            return refusal(403, t._("wrong name or PIN: ask the desk for your PIN"))
        return self._signed_in(ev, found)

    def _signed_in(self, ev, found: str):
        """A new session for the judge ``found``: the answer that sets its cookie."""
        sid, end = self.sessions.open(found, pin_fingerprint(ev, found) or "")
        out = JSONResponse({"status": "signed-in", "name": found}, headers={"Cache-Control": "no-store"})
        out.set_cookie(
            COOKIE, sid, expires=datetime.fromtimestamp(end, timezone.utc), path="/", httponly=True, samesite="strict"
        )
        return out

    async def signout(self, request):
        t = self._t(request)
        refused, _session, _ev = await self._checked(request, t)
        if refused is not None:
            return refused
        self.sessions.close(cookie_of(request.headers))
        out = JSONResponse({"status": "signed-out"}, headers={"Cache-Control": "no-store"})
        out.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return out

    async def act(self, request):
        t = self._t(request)
        refused, session, ev = await self._checked(request, t)
        if refused is not None:
            return refused
        if session is None:
            return refusal(
                401,
                t._(
                    "not signed in (the session ended: a new PIN, signed out by the desk, or off the staff): "
                    "sign in again at /judge"
                ),
            )
        try:
            doc = await json_body(request)
        except BadBody as err:
            return refusal(err.status, err.message(t._))
        try:
            call = plan(t, ev, session.name, doc)
        except LyceeError as err:
            return refusal(400, str(err))
        return await self._do(call, session.name, address(request))

    async def _do(self, call, judge: str, device: str):
        """Hand a planned request to the desk in the judge's name: the answer's words, or why it was refused."""
        method, args, kwargs, say = call
        try:
            out = await asyncio.to_thread(
                self.writer.call, method, *args, actor=f"judge {judge} (phone)", device=device, **kwargs
            )
        except LyceeError as err:
            return refusal(409, str(err))
        return JSONResponse({"status": "done", "message": say(out)}, headers={"Cache-Control": "no-store"})


def _whole(doc: dict, key: str, low: int, high: int) -> int:
    v = doc.get(key)
    if isinstance(v, str) and v.strip().isdigit():
        v = int(v.strip())
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        raise ValueError(key)
    return v


def _text(doc: dict, key: str, limit: int) -> str:
    v = doc.get(key, "")
    if not isinstance(v, str) or len(v) > limit:
        raise ValueError(key)
    return v.strip()


def plan(t: pages.T, ev, name: str, doc: dict):
    """What a judge page request comes to: (Desk method, args, kwargs, the
    answer's words from its return), or a LyceeError naming what is wrong."""
    op = doc.get("op")
    if op not in OPS:
        raise LyceeError(t._("op {op!r}: choose one of {ops}", op=op, ops=", ".join(OPS)))
    rnd = ev.current_round
    if rnd is None:
        raise LyceeError(t._("no round has been paired yet"))
    m = _asked_match(t, rnd, doc)
    pid = _asked_player(t, m, doc) if op in ("checkin", "penalty", "deck_check") else None
    asked = _Asked(t, ev, rnd, m, name, doc, pid, player_name(ev, pid) if pid else "")
    try:
        return _PLANS[op](asked)
    except ValueError as err:
        raise LyceeError(t._("{field}: not a value this page sends", field=str(err))) from None


def _asked_match(t: pages.T, rnd, doc: dict):
    """The match at the table a request names; LyceeError for no such table."""
    try:
        table = _whole(doc, "table", 1, 100000)
    except ValueError:
        raise LyceeError(t._("say which table (a number)")) from None
    m = rnd.match_at(table)
    if m is None:
        raise LyceeError(t._("round {r} has no table {t}", r=rnd.number, t=table))
    return m


def _asked_player(t: pages.T, m, doc: dict) -> str:
    """The player of ``m`` a request names; LyceeError for anyone else."""
    pid = doc.get("player")
    if pid not in (m.p1, m.p2) or pid is None:
        raise LyceeError(t._("choose a player of table {t}", t=m.table))
    return pid


@dataclass(frozen=True)
class _Asked:
    """A judge page request, checked as far as every op needs: its table's
    match and (for an op on a player) the player of that table."""

    t: pages.T
    ev: Event
    rnd: Round
    m: Match
    name: str
    doc: dict
    pid: str | None
    who: str


def _plan_result(a: _Asked):
    t, table = a.t, a.m.table
    result = _text(a.doc, "result", 16)
    reason = _text(a.doc, "reason", 200)
    correct = a.doc.get("correct") is True
    if not result:
        raise LyceeError(t._("enter the result (e.g. 2-1)"))
    if correct and not reason:
        raise LyceeError(t._("a correction needs its reason (kept in the log)"))
    by = a.name if correct and _signed_correction(a) else None
    return (
        "record",
        (table, result),
        {"correct": correct, "correct_by": by, "time_called": a.doc.get("time_called") is True, "reason": reason},
        lambda _ev: t._("Table {t}: {result} recorded", t=table, result=result),
    )


def _signed_correction(a: _Asked) -> bool:
    """Whether a correction at this table is made in the judge's name: by the
    head judge, or of a result the rules protect."""
    if a.ev.staff.head_judge and _same_name(a.name, a.ev.staff.head_judge):
        return True
    return bool(a.m.reported and protected_reason(a.ev, a.rnd, a.m) is not None)


def _plan_extend(a: _Asked):
    table, minutes = a.m.table, _whole(a.doc, "minutes", 1, 60)
    return ("extend", (table, minutes), {}, lambda _ev: a.t._("Table {t}: {n} more minutes", t=table, n=minutes))


def _plan_checkin(a: _Asked):
    return ("checkin", (a.pid,), {}, lambda _ev: a.t._("{name} checked in", name=a.who))


def _plan_penalty(a: _Asked):
    t = a.t
    level = a.doc.get("level")
    if level not in ("notice", "warning"):
        raise LyceeError(t._("choose a notice or a warning"))
    reason = _text(a.doc, "reason", 200)
    return (
        "penalty",
        (a.pid, level, reason),
        {"by": a.name, "table": a.m.table, "round_number": a.rnd.number},
        lambda _ev: t._("{level} for {name} recorded", level=t._(level), name=a.who),
    )


def _plan_deck_check(a: _Asked):
    t, who = a.t, a.who
    deck = _text(a.doc, "deck", 8000)

    def said(lines) -> str:
        if not lines:
            return t._("Deck check of {name}: the deck matches the registered list", name=who)
        if parallels_only(lines):  # a parallel is the same card (O-DECK-4): the registered deck, as the desk says
            return t._("Deck check of {name}: the registered deck, some cards as their parallels", name=who)
        return t._("Deck check of {name}: {n} difference(s) recorded", name=who, n=len(lines))

    return ("deck_check_text", (a.pid, deck), {"by": a.name}, said)


#: Each op of the judge page and how it comes to a Desk call (the op's names: OPS).
_PLANS = {
    "result": _plan_result,
    "extend": _plan_extend,
    "checkin": _plan_checkin,
    "penalty": _plan_penalty,
    "deck_check": _plan_deck_check,
}


def _same_name(name: str, other: str) -> bool:
    return fold_name(name) == fold_name(other)
