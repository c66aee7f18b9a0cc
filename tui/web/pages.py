"""The pages: HTML for phones and for the TV, in Japanese or English.

Every text that reaches the page goes through :func:`esc` (names are data,
never markup); there is no inline script or style (the Content-Security-Policy
forbids them), and all assets are this package's own files under /static.

Each page is a frame (the header, the navigation, the language switch) around
a *live part* (``<div id="live">``): the script swaps only that part when the
event changes, so the search box keeps its focus.
"""

from __future__ import annotations

import html

from core.rules.clock import remaining, to_datetime
from core.i18n import catalog
from core.event.model import Event, Match
from core.reports.exports import UNREAD_NOTE, by_name_order, unread_count
from core.rules.publish import find_players, latest_announcement, search_key, standings_event, standings_round

PAGES = ("find", "tables", "names", "standings", "bracket", "tv")
#: Rows of pairings on one TV page (two columns).
TV_ROWS = 20


def esc(text) -> str:
    return html.escape(str(text), quote=True)


class T:
    """The catalog (core.i18n) for one request's language: ``t._("...")``."""

    def __init__(self, lang: str):
        self.lang = lang
        self.cat = catalog(lang)

    def _(self, msgid: str, /, **kw) -> str:
        text = self.cat.get(msgid, msgid)
        return text.format(**kw) if kw else text

    def ngettext(self, singular: str, plural: str, n: int, /, **kw) -> str:
        """As core.i18n.ngettext, in this request's language."""
        kw.setdefault("n", n)
        msgid = singular if n == 1 and self.lang == "en" else plural
        return self.cat.get(msgid, msgid).format(**kw)


# -- pieces -------------------------------------------------------------------


def _name(ev: Event, pid: str | None) -> str:
    return ev.player(pid).name if pid is not None else ""


def _result(t: T, m: Match) -> str:
    if m.outcome is None:
        return ""
    if m.outcome == "bye":
        return t._("bye")
    if m.intentional:
        return t._("intentional draw")
    s = f"{m.p1_wins}-{m.p2_wins}" + (f"-{m.draws}" if m.draws else "")
    return s


def _round_title(t: T, ev: Event) -> str:
    rnd = ev.current_round
    if rnd is None:
        return t._("Pairings are not up yet")
    label = t._("Round {r}", r=rnd.number)
    if rnd.stage == "top":
        label += " · " + t._("single elimination")
    elif rnd.stage == "playoff":
        label += " · " + t._("playoff")
    return label


def clock_html(t: T, ev: Event, now: float, big: bool = False) -> str:
    """The round clock as data for the script: the end time (epoch ms) while
    it runs, the time left while paused; computed from the stored clock, so it
    is right after a restart of the server or the desk."""
    rnd = ev.current_round
    cls = "clock big" if big else "clock"
    if rnd is None or rnd.clock is None:
        label = t._("Round {r}", r=rnd.number) + " · " if rnd is not None else ""
        return (f'<p class="{cls}" data-state="idle"><span class="round">{esc(label)}</span>'
                f'<span class="time">--:--</span> <span class="note">{esc(t._("clock not started"))}</span></p>')
    st = rnd.clock
    left = remaining(st, to_datetime(now))
    state = "paused" if st.paused else "running"
    end_ms = int((now + left) * 1000)
    note = t._("paused") if st.paused else ""
    return (f'<p class="{cls}" data-state="{state}" data-end="{end_ms}" data-left="{left:.1f}" '
            f'data-up="{esc(t._("time is up"))}"><span class="round">{esc(t._("Round {r}", r=rnd.number))} · </span>'
            f'<span class="time">{_fmt(left)}</span> <span class="note">{esc(note)}</span></p>')


def _fmt(left: float) -> str:
    s = max(0, int(left + 0.999))
    return f"{s // 60}:{s % 60:02d}"


def announcement_html(t: T, ev: Event) -> str:
    a = latest_announcement(ev)
    if a is None:
        return ""
    return f'<p class="announce" role="status">{esc(a.text)}</p>'


# -- the live parts -------------------------------------------------------------------


def find_part(t: T, ev: Event, q: str, now: float) -> str:
    out = [clock_html(t, ev, now), announcement_html(t, ev)]
    rnd = ev.current_round
    if not search_key(q):
        out.append(f'<p class="hint">{esc(t._("Type part of your name: kana or kanji, any width, spaces do not matter."))}</p>')
        return "".join(out)
    hits = find_players(ev, q)
    if not hits:
        out.append(f'<p class="none">{esc(t._("No player matches {q}.", q=q))}</p>')
        return "".join(out)
    out.append('<ul class="hits">')
    for pid, m in hits:
        name = esc(_name(ev, pid))
        if rnd is None:
            line = esc(t._("Pairings are not up yet"))
        elif m is None:
            line = esc(t._("not paired in round {r}", r=rnd.number))
        elif m.p2 is None:
            line = (f'<span class="where">{esc(t._("Round {r}", r=rnd.number))}</span> '
                    f'<span class="bye">{esc(t._("bye"))}</span>')
        else:
            opp = m.p2 if m.p1 == pid else m.p1
            line = (f'<span class="where">{esc(t._("Round {r}", r=rnd.number))} · '
                    f'<b class="table">{esc(t._("Table {n}", n=m.table))}</b></span> '
                    f'<span class="opp">{esc(t._("vs {name}", name=_name(ev, opp)))}</span>')
            if m.extension:
                line += f' <span class="ext">{esc(t._("+{m} min", m=m.extension))}</span>'
            res = _result(t, m)
            if res:
                line += f' <span class="res">{esc(res)}</span>'
        out.append(f'<li><span class="name">{name}</span> {line}</li>')
    out.append("</ul>")
    return "".join(out)


def tables_part(t: T, ev: Event, now: float) -> str:
    out = [clock_html(t, ev, now), announcement_html(t, ev), f"<h2>{esc(_round_title(t, ev))}</h2>"]
    rnd = ev.current_round
    if rnd is None:
        return "".join(out)
    out.append(f'<table class="pairings"><thead><tr><th>{esc(t._("Table"))}</th><th>{esc(t._("Player 1"))}</th>'
               f'<th>{esc(t._("Player 2"))}</th><th>{esc(t._("Result"))}</th></tr></thead><tbody>')
    for m in sorted(rnd.matches, key=lambda m: m.table):
        p2 = esc(_name(ev, m.p2)) if m.p2 else f'<i>{esc(t._("(bye)"))}</i>'
        out.append(f"<tr><td>{m.table}</td><td>{esc(_name(ev, m.p1))}</td><td>{p2}</td>"
                   f"<td>{esc(_result(t, m))}</td></tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _by_name(ev: Event) -> list[tuple[str, int, str | None, Match]]:
    """Every seat of the current round in the one by-name order of every face
    (core.reports.exports.by_name_order: 五十音 by reading, docs/names.md)."""
    return [(_name(ev, me), m.table, _name(ev, opp) if opp else None, m)
            for me, opp, m in by_name_order(ev, ev.current_round)]


def _note_html(t: T, ev: Event) -> str:
    """The by-name pages' one line on players without a reading (listed last)."""
    n = unread_count(ev, ev.current_round)
    return f'<p class="hint">{esc(t.ngettext(*UNREAD_NOTE, n))}</p>' if n else ""


def names_part(t: T, ev: Event, now: float) -> str:
    out = [clock_html(t, ev, now), announcement_html(t, ev), f"<h2>{esc(_round_title(t, ev))}</h2>"]
    if ev.current_round is None:
        return "".join(out)
    out.append(f'<table class="pairings"><thead><tr><th>{esc(t._("Name"))}</th><th>{esc(t._("Table"))}</th>'
               f'<th>{esc(t._("Opponent"))}</th></tr></thead><tbody>')
    for name, table, opp, _m in _by_name(ev):
        o = esc(opp) if opp is not None else f'<i>{esc(t._("(bye)"))}</i>'
        out.append(f"<tr><td>{esc(name)}</td><td>{table}</td><td>{o}</td></tr>")
    out.append("</tbody></table>")
    out.append(_note_html(t, ev))
    return "".join(out)


def standings_doc(ev: Event) -> tuple[int, dict | None]:
    """The public standings: those after the newest complete round, through
    the core's ``standings --json`` document (which carries ``final`` and each
    row's ``place`` once an elimination stage is finished: final placings)."""
    from core.tournament.ranking import standings_json

    n = standings_round(ev)
    if n == 0:
        return 0, None
    return n, standings_json(standings_event(ev))


def standings_part(t: T, ev: Event, now: float) -> str:
    out = [announcement_html(t, ev)]
    n, doc = standings_doc(ev)
    if doc is None:
        out.append(f'<h2>{esc(t._("Standings"))}</h2><p class="hint">'
                   f'{esc(t._("Standings appear here once a round is complete."))}</p>')
        return "".join(out)
    final = bool(doc.get("final"))
    title = t._("Final placings") if final else t._("Standings after round {r}", r=n)
    out.append(f"<h2>{esc(title)}</h2>")
    out.append(f'<table class="standings"><thead><tr><th>{esc(t._("Rank"))}</th><th>{esc(t._("Name"))}</th>'
               f'<th>{esc(t._("Points"))}</th><th>{esc(t._("Record"))}</th></tr></thead><tbody>')
    for r in doc["standings"]:
        rank = r.get("place", r["rank"]) if final else r["rank"]
        status = "" if r["status"] == "active" else f' <small>({esc(t._(r["status"]))})</small>'
        out.append(f'<tr><td>{esc(rank)}</td><td>{esc(r["name"])}{status}</td><td>{esc(r["points"])}</td>'
                   f'<td>{esc(r["record"])}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def bracket_part(t: T, ev: Event, now: float) -> str:
    from core.tournament.elimination import bracket

    out = [clock_html(t, ev, now), announcement_html(t, ev), f"<h2>{esc(t._('Bracket'))}</h2>"]
    b = bracket(ev)
    if b is None:
        out.append(f'<p class="hint">{esc(t._("The elimination bracket appears here after the top cut."))}</p>')
        return "".join(out)

    def ent(e, winner):
        if e is None:
            return '<span class="tbd">—</span>'
        cls = "won" if winner == e.id else ("lost" if winner else "")
        return f'<span class="{cls}"><small>{e.seed}</small> {esc(e.name)}</span>'

    out.append('<div class="bracket">')
    for rnd in b.rounds:
        out.append(f'<section><h3>{esc(t._(rnd.label))}</h3><ol>')
        for s in rnd.slots:
            bottom = f'<i>{esc(t._("(bye)"))}</i>' if s.bye else ent(s.bottom, s.winner)
            out.append(f"<li>{ent(s.top, s.winner)}<span class=\"vs\">vs</span>{bottom}</li>")
        out.append("</ol></section>")
    if b.third_place is not None:
        s = b.third_place
        out.append(f'<section><h3>{esc(t._("Third-place match"))}</h3><ol><li>{ent(s.top, s.winner)}'
                   f'<span class="vs">vs</span>{ent(s.bottom, s.winner)}</li></ol></section>')
    if b.champion is not None:
        out.append(f'<p class="champion">{esc(t._("Champion"))}: {esc(b.champion.name)}</p>')
    out.append("</div>")
    return "".join(out)


def tv_part(t: T, ev: Event, now: float) -> str:
    out = [clock_html(t, ev, now, big=True)]
    a = latest_announcement(ev)
    out.append(f'<p class="announce" role="status">{esc(a.text)}</p>' if a else '<p class="announce empty"></p>')
    rnd = ev.current_round
    out.append(f'<h2>{esc(_round_title(t, ev))}</h2>')
    if rnd is None:
        return "".join(out)
    rows = _by_name(ev)
    out.append(_note_html(t, ev))
    pages = [rows[i:i + TV_ROWS] for i in range(0, len(rows), TV_ROWS)] or [[]]
    for k, page in enumerate(pages, 1):
        out.append(f'<section class="tvpage" data-page="{k}" data-pages="{len(pages)}">'
                   f'<p class="pageno">{esc(t._("page {k} of {n}", k=k, n=len(pages)))}</p><ol class="tv">')
        for name, table, opp, _m in page:
            o = esc(opp) if opp is not None else f'<i>{esc(t._("(bye)"))}</i>'
            out.append(f'<li><span class="name">{esc(name)}</span><span class="table">{table}</span>'
                       f'<span class="opp">{o}</span></li>')
        out.append("</ol></section>")
    return "".join(out)


PARTS = {"tables": tables_part, "names": names_part, "standings": standings_part,
         "bracket": bracket_part, "tv": tv_part}


# -- the frame ---------------------------------------------------------------------


def nav_links(t: T) -> list[tuple[str, str, str]]:
    return [("find", "/", t._("Find my table")), ("tables", "/tables", t._("By table")),
            ("names", "/names", t._("By name")), ("standings", "/standings", t._("Standings")),
            ("bracket", "/bracket", t._("Bracket"))]


def page(t: T, ev: Event, which: str, live: str, version: str, q: str = "") -> str:
    """A whole page: the frame around ``live`` (the live part, already HTML)."""
    other = "en" if t.lang == "ja" else "ja"
    switch = "English" if other == "en" else "日本語"
    path = "/" if which == "find" else f"/{which}"
    qs = f"?q={esc(_url(q))}&amp;lang={other}" if q else f"?lang={other}"
    head = (f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{esc(ev.name)} · {esc(t._("Event pages"))}</title>'
            '<link rel="stylesheet" href="/static/app.css">'
            '<script src="/static/app.js" defer></script></head>')
    if which == "tv":
        return (f'{head}<body class="tv" data-v="{esc(version)}" data-page="tv">'
                f'<header><h1>{esc(ev.name)}</h1></header><div id="live">{live}</div></body></html>')
    current = ' aria-current="page"'
    nav = "".join(f'<a href="{href}"{current if key == which else ""}>{esc(label)}</a>'
                  for key, href, label in nav_links(t))
    form = ""
    if which == "find":
        form = (f'<form class="find" method="get" action="/" role="search">'
                f'<label for="q">{esc(t._("Find my table"))}</label>'
                f'<input id="q" name="q" type="search" value="{esc(q)}" autocomplete="off" '
                f'placeholder="{esc(t._("your name"))}" maxlength="40">'
                f'<button type="submit">{esc(t._("Find"))}</button></form>')
    return (f'{head}<body data-v="{esc(version)}" data-page="{which}">'
            f'<header><h1>{esc(ev.name)}</h1><a class="lang" href="{path}{qs}" hreflang="{other}">{switch}</a>'
            f'</header><nav>{nav}</nav><main>{form}<div id="live" aria-live="polite">{live}</div></main>'
            f'<footer>{esc(t._("Read-only pages served by the event desk."))}</footer></body></html>')


def _url(q: str) -> str:
    from urllib.parse import quote

    return quote(q, safe="")


# -- refusals (tui.web.conn, server.Guard) ----------------------------------------------

#: Why a request is refused: the status and the words (the visitor's language).
REFUSALS = {
    "requests": 429,  # the rate limit
    "connections": 429,  # this device has its share of connections
    "busy": 503,  # the server is full
}


def _refusal_words(t: T, why: str) -> tuple[str, str]:
    if why == "requests":
        return (t._("Too many requests from this device"),
                t._("Wait a moment, then reload the page."))
    if why == "connections":
        return (t._("Too many connections from this device"),
                t._("Close other tabs of these pages, wait a few seconds, then reload."))
    return (t._("The event pages are busy"), t._("Please reload in a few seconds."))


def refusal(langs: tuple[str, ...], why: str) -> str:
    """The short page a refused request gets: its title and what to do, in
    each of ``langs`` (the visitor's language; both when it is not known).
    No stylesheet, no script: one more request could be refused too."""
    parts = []
    for lang in langs:
        t = T(lang)
        title, hint = _refusal_words(t, why)
        parts.append(f'<section lang="{lang}"><h1>{esc(title)}</h1><p>{esc(hint)}</p></section>')
    lang = langs[0]
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{esc(_refusal_words(T(lang), why)[0])}</title></head><body>{"".join(parts)}</body></html>')
