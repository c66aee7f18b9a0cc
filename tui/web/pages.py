"""The pages: HTML for phones and for the TV, in Japanese or English.

Every text that reaches the page goes through :func:`esc` (names are data,
never markup); there is no inline script or style (the Content-Security-Policy
forbids them), and all assets are this package's own files under /static.

Each page is a frame (the header, the navigation, the language switch) around
a *live part* (``<div id="live">``): the script swaps only that part when the
event changes, so the search box keeps its focus.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from urllib.parse import quote

from core.event.model import Event, Match
from core.i18n import catalog
from core.labels import final_place_words, player_status_label, rank_text, table_text
from core.reports.exports import UNREAD_NOTE, by_name_order, unread_count
from core.rules.clock import remaining, to_datetime
from core.rules.members import store_line
from core.rules.publish import find_players, latest_announcement, search_key, standings_event, standings_round
from core.tournament.elimination import bracket, cut_size, final_placings, final_without_winner, swiss_over
from core.tournament.ranking import standings_json

from .escape import esc
from .standingtable import (
    TIEBREAKER_HEADS,
    cut_hint,
    own_rows,
    standings_heads,
    standings_hints,
    tb_text,
    tiebreakers_below,
    whole_standings,
)

PAGES = ("find", "tables", "names", "standings", "bracket", "tv")
#: Search results listed on a card page at most.
HITS = 20


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


def table_result(t: T, m: Match) -> str:
    """A table's result as the pages by table and the judge page show it: from the first-listed
    player's side (the column heading says so); a double loss (G-LATE-1) says both lost, never
    a bare 0-0 that reads as a draw."""
    unscored = _unscored(t, m)
    if unscored is not None:
        return unscored
    score = f"{m.p1_wins}-{m.p2_wins}" + (f"-{m.draws}" if m.draws else "")
    return f"{score} {t._('double loss')}" if m.outcome == "double_loss" else score


def _unscored(t: T, m: Match) -> str | None:
    """What a match without a score to show reads (no result yet, a bye, an
    intentional draw), or None when it has one."""
    if m.outcome is None:
        return ""
    if m.outcome == "bye":
        return t._("bye")
    if m.intentional:
        return t._("intentional draw")
    return None


def result_for(t: T, m: Match, pid: str) -> str:
    """The result from ``pid``'s side, score and word: "0-2 負け" for the
    loser, "2-0 勝ち" for the winner (a player reads their own card)."""
    unscored = _unscored(t, m)
    if unscored is not None:
        return unscored
    mine, theirs = (m.p1_wins, m.p2_wins) if pid == m.p1 else (m.p2_wins, m.p1_wins)
    score = f"{mine}-{theirs}" + (f"-{m.draws}" if m.draws else "")
    return f"{score} {_result_word(t, m, pid)}"


def _result_word(t: T, m: Match, pid: str) -> str:
    """Drawn, lost or won, from ``pid``'s side (a double loss is lost by both)."""
    if m.outcome == "draw":
        return t._("draw")
    if m.outcome == "double_loss" or m.winner() != pid:
        return t._("lost")
    return t._("won")


def finished(ev: Event) -> bool:
    """The event is over: its elimination stage has final placings, or it is
    Swiss only and its planned rounds are all played (G-SWISS-RANK; a top cut
    paired later turns the pages back to its rounds)."""

    return final_placings(ev) is not None or swiss_over(ev)


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


def clock_html(t: T, ev: Event, now: float, big: bool = False, table: Match | None = None) -> str:
    """The round clock as data for the script: the end time (epoch ms) while
    it runs, the time left while paused; computed from the stored clock, so it
    is right after a restart of the server or the desk.  With ``table`` (a
    match with an extension) the clock of that table: the round's time plus
    its extra minutes.  None once the event is over (no clock to count)."""
    rnd = ev.current_round
    if rnd is not None and finished(ev):
        return ""
    cls, label = _clock_place(t, rnd, big, table)
    if rnd is None or rnd.clock is None:
        return _idle_clock(t, cls, label)
    extra = table.extension * 60 if table is not None else 0
    return _counting_clock(t, rnd.clock, (remaining(rnd.clock, to_datetime(now)) or 0.0) + extra, now, cls, label)


def _idle_clock(t: T, cls: str, label: str) -> str:
    """A clock not started yet."""
    return (
        f'<p class="{cls}" data-state="idle">{label}'
        f'<span class="time">--:--</span> <span class="note">{esc(t._("clock not started"))}</span></p>'
    )


def _counting_clock(t: T, st, left: float, now: float, cls: str, label: str) -> str:
    """A clock with ``left`` seconds to go, running or paused."""
    state = "paused" if st.paused else "running"
    end_ms = int((now + left) * 1000)
    note = t._("paused") if st.paused else ""
    return (
        f'<p class="{cls}" data-state="{state}" data-end="{end_ms}" data-left="{left:.1f}" '
        f'data-up="{esc(t._("time is up"))}">{label}'
        f'<span class="time">{_fmt(left)}</span> <span class="note">{esc(note)}</span></p>'
    )


def _clock_place(t: T, rnd, big: bool, table: Match | None) -> tuple[str, str]:
    """The clock's class and the label of what it times (the round, or a table with its extension)."""
    cls = "clock big" if big else "clock"
    where = t._("Round {r}", r=rnd.number) if rnd is not None else ""
    if table is not None:
        cls += " own"
        where = t._("Table {n}", n=table.table) + " · " + t._("+{m} min", m=table.extension)
    return cls, (f'<span class="round">{esc(where)} · </span>' if where and not big else "")


def _fmt(left: float) -> str:
    s = max(0, int(left + 0.999))
    return f"{s // 60}:{s % 60:02d}"


def announcement_html(t: T, ev: Event) -> str:
    a = latest_announcement(ev)
    if a is None:
        return ""
    return f'<p class="announce" role="status">{esc(a.text)}</p>'


# -- the live parts -------------------------------------------------------------------


def _search_line(p) -> str:
    """A player's line of the search index: the folded name, a tab, the folded reading."""
    return search_key(p.name) + "\t" + (search_key(p.reading) if p.reading else "")


class SearchIndex:
    """Each player's name and reading folded for search
    (core.rules.publish.search_key), in registration order, as one string a
    search scans in C (``str.find``), and each player's match of the current
    round: made once per version of the event.  Hits and rendered pieces of
    this version are kept here too."""

    def __init__(self, ev: Event):
        self.ids = [p.id for p in ev.players]
        lines = [_search_line(p) for p in ev.players]
        self.blob = "\n".join(lines)
        self.starts = _line_starts(lines)
        self.match = _current_matches(ev)
        self.hits: dict[str, list[tuple[str, Match | None]]] = {}
        #: Rendered pieces of this version: (lang,) -> the head, (lang, pid) -> a card.  The clocks
        #: in them carry their end time, which stays put while the clock runs.
        self.pieces: dict[tuple, str] = {}

    def _next_line(self, i: int) -> int:
        """Where the line after player ``i``'s begins (the blob's end after the last)."""
        return self.starts[i + 1] if i + 1 < len(self.starts) else len(self.blob)

    def find(self, key: str, limit: int) -> list[tuple[str, Match | None]]:
        """Players whose folded name or reading contains ``key`` (folded,
        no tab or newline: search_key drops white space), in registration order."""

        found = self.hits.get(key)
        if found is not None and len(found) <= limit:
            return found
        out: list[tuple[str, Match | None]] = []
        pos = self.blob.find(key)
        while pos >= 0 and len(out) < limit:
            i = bisect_right(self.starts, pos) - 1
            pid = self.ids[i]
            out.append((pid, self.match.get(pid)))
            pos = self.blob.find(key, self._next_line(i))  # the next player's line
        if len(self.hits) < 4096:
            self.hits[key] = out
        return out


def _line_starts(lines: list[str]) -> list[int]:
    """Where each line begins in the lines joined by newlines."""
    if not lines:
        return []
    return list(accumulate((len(line) + 1 for line in lines[:-1]), initial=0))


def _current_matches(ev: Event) -> dict[str, Match]:
    """Each player's match of the current round (none before the first round)."""
    rnd = ev.current_round
    if rnd is None:
        return {}
    return {pid: m for m in rnd.matches for pid in m.players()}


def search_index(ev: Event) -> SearchIndex:
    return SearchIndex(ev)


def find_hits(ev: Event, q: str, index: SearchIndex | None = None, limit: int = HITS) -> list[tuple[str, Match | None]]:
    """As core.rules.publish.find_players (name or reading contains the
    query, registration order), over a :class:`SearchIndex`."""
    key = search_key(q)
    if not key:
        return []
    if index is None:
        return find_players(ev, q, limit)
    return index.find(key, limit)


def find_part(
    t: T,
    ev: Event,
    q: str,
    now: float,
    hits: list[tuple[str, Match | None]] | None = None,
    index: SearchIndex | None = None,
) -> str:
    """The find-my-table part: each matching player's card, the result from
    that player's side; a table with an extension gets its own clock.  With
    ``index`` the head and each card are made once per version and language
    (200 phones each searching their own name cost 200 joins, not 200 renders)."""
    pieces = index.pieces if index is not None else {}
    head = _kept_head(pieces, t, ev, now)
    if not search_key(q):
        return (
            head
            + f'<p class="hint">{esc(t._("Type part of your name: kana or kanji, any width, spaces do not matter."))}</p>'
        )
    if hits is None:
        hits = find_hits(ev, q, index)
    if not hits:
        return head + f'<p class="none">{esc(t._("No player matches {q}.", q=q))}</p>'
    return head + '<ul class="hits">' + "".join(_kept_card(pieces, t, ev, pid, m, now) for pid, m in hits) + "</ul>"


def _kept_head(pieces: dict, t: T, ev: Event, now: float) -> str:
    """The clock and the announcement, made once per version and language (kept in ``pieces``)."""
    head = pieces.get((t.lang,))
    if head is None:
        head = pieces[(t.lang,)] = clock_html(t, ev, now) + announcement_html(t, ev)
    return head


def _kept_card(pieces: dict, t: T, ev: Event, pid: str, m: Match | None, now: float) -> str:
    """A player's card, made once per version and language (kept in ``pieces``)."""
    card = pieces.get((t.lang, pid))
    if card is None:
        card = pieces[(t.lang, pid)] = _card(t, ev, pid, m, now)
    return card


def _card(t: T, ev: Event, pid: str, m: Match | None, now: float) -> str:
    rnd = ev.current_round
    name = esc(_name(ev, pid))
    if rnd is None:
        line = esc(t._("Pairings are not up yet"))
    elif m is None:
        line = esc(t._("not paired in round {r}", r=rnd.number))
    elif m.p2 is None:
        line = (
            f'<span class="where">{esc(t._("Round {r}", r=rnd.number))}</span> '
            f'<span class="bye">{esc(t._("bye"))}</span>'
        )
    else:
        line = _table_line(t, ev, rnd.number, pid, m, now)
    return f'<li><span class="name">{name}</span> {line}</li>'


def _table_line(t: T, ev: Event, number: int, pid: str, m: Match, now: float) -> str:
    """Where a paired player sits and against whom, then the result from their
    side, or the table's own clock while it has an extension."""
    opp = m.p2 if m.p1 == pid else m.p1
    line = (
        f'<span class="where">{esc(t._("Round {r}", r=number))} · '
        f'<b class="table">{esc(t._("Table {n}", n=m.table))}</b></span> '
        f'<span class="opp">{esc(t._("vs {name}", name=_name(ev, opp)))}</span>'
    )
    res = result_for(t, m, pid)
    if res:
        return line + f' <span class="res">{esc(res)}</span>'
    if m.extension and not finished(ev):
        return line + clock_html(t, ev, now, table=m)
    return line


def tables_part(t: T, ev: Event, now: float) -> str:
    out = [clock_html(t, ev, now), announcement_html(t, ev), f"<h2>{esc(_round_title(t, ev))}</h2>"]
    rnd = ev.current_round
    if rnd is None:
        return "".join(out)
    out.append(
        f'<table class="pairings"><thead><tr><th>{esc(t._("Table"))}</th><th>{esc(t._("Player 1"))}</th>'
        f"<th>{esc(t._('Player 2'))}</th><th>{esc(t._('Result (player 1 first)'))}</th></tr></thead><tbody>"
    )
    for m in sorted(rnd.matches, key=lambda m: m.table):
        p2 = esc(_name(ev, m.p2)) if m.p2 else f"<i>{esc(t._('(bye)'))}</i>"
        out.append(
            f"<tr><td>{table_text(m)}</td><td>{esc(_name(ev, m.p1))}</td><td>{p2}</td><td>{esc(table_result(t, m))}</td></tr>"
        )
    out.append("</tbody></table>")
    return "".join(out)


def _by_name(ev: Event) -> list[tuple[str, str, str, str | None, Match]]:
    """Every seat of the current round in the one by-name order of every face
    (core.reports.exports.by_name_order, core.names.name_sort_key: 五十音 by
    reading, docs/names.md): (player id, name, table, opponent's name, match)."""
    return [
        (me, _name(ev, me), table_text(m), _name(ev, opp) if opp else None, m)
        for me, opp, m in by_name_order(ev, ev.current_round)
    ]


def _note_html(t: T, ev: Event) -> str:
    """The by-name pages' one line on players without a reading (listed last)."""
    n = unread_count(ev, ev.current_round)
    return f'<p class="hint">{esc(t.ngettext(*UNREAD_NOTE, n))}</p>' if n else ""


def names_part(t: T, ev: Event, now: float) -> str:
    out = [clock_html(t, ev, now), announcement_html(t, ev), f"<h2>{esc(_round_title(t, ev))}</h2>"]
    if ev.current_round is None:
        return "".join(out)
    out.append(
        f'<table class="pairings"><thead><tr><th>{esc(t._("Name"))}</th><th>{esc(t._("Table"))}</th>'
        f"<th>{esc(t._('Opponent'))}</th><th>{esc(t._('Result'))}</th></tr></thead><tbody>"
    )
    for pid, name, table, opp, m in _by_name(ev):
        o = esc(opp) if opp is not None else f"<i>{esc(t._('(bye)'))}</i>"
        out.append(f"<tr><td>{esc(name)}</td><td>{table}</td><td>{o}</td><td>{esc(result_for(t, m, pid))}</td></tr>")
    out.append("</tbody></table>")
    out.append(_note_html(t, ev))
    return "".join(out)


def standings_doc(ev: Event) -> tuple[int, dict | None]:
    """The public standings: those after the newest complete round, through
    the core's ``standings --json`` document (which carries ``final`` and each
    row's ``place`` once an elimination stage is finished: final placings)."""

    n = standings_round(ev)
    if n == 0:
        return 0, None
    return n, standings_json(standings_event(ev))


def standings_part(
    t: T,
    ev: Event,
    now: float,
    q: str = "",
    doc: tuple[int, dict | None] | None = None,
    index: SearchIndex | None = None,
) -> str:
    """The standings after the newest complete round with the event's own
    tiebreakers (its chain, in order); ``q`` marks the searcher's own rows
    (class ``me``) and repeats them above the table.  ``doc``: the
    :func:`standings_doc` already made for this version of the event."""
    out = [clock_html(t, ev, now), announcement_html(t, ev)]
    n, table = doc if doc is not None else standings_doc(ev)
    if table is None:
        out.append(
            f'<h2>{esc(t._("Standings"))}</h2><p class="hint">'
            f"{esc(t._('Standings appear here once a round is complete.'))}</p>"
        )
        return "".join(out)
    final = bool(table.get("final"))
    out.append(f"<h2>{esc(_standings_title(t, ev, n, final))}</h2>")
    out += _standings_tables(t, ev, table["standings"], final, q, index)
    return "".join(out)


def _standings_tables(t: T, ev: Event, standings: list[dict], final: bool, q: str, index) -> list[str]:
    """The searcher's own rows (when ``q`` finds any), how ties are broken, and the whole table."""
    chain = [tb for tb in ev.tiebreakers if tb in TIEBREAKER_HEADS]
    searched = bool(search_key(q))
    mine = _searched_ids(ev, q, index)
    size = cut_size(ev) if final else None
    rows = [(r["id"] in mine, _standings_row(t, r, final, chain, r["id"] in mine, size, ev.rules)) for r in standings]
    heads = standings_heads(t, final, chain)
    out = [own_rows(t, q, heads, [html_row for me, html_row in rows if me])] if searched else []
    out += standings_hints(t, chain, final)
    out.append(whole_standings(heads, [r for _me, r in rows]))
    return out


def _searched_ids(ev: Event, q: str, index) -> set:
    """The players the search ``q`` finds (none for an empty search)."""
    if not search_key(q):
        return set()
    return {pid for pid, _m in find_hits(ev, q, index)}


def _standings_title(t: T, ev: Event, n: int, final: bool) -> str:
    if final:
        return t._("Final placings")
    if finished(ev):  # a Swiss-only event that is over: its standings are the final ranking (G-SWISS-RANK)
        return t._("Final standings")
    return t._("Standings after round {r}", r=n)


def _final_words(t: T, r: dict, size: int | None) -> tuple[str, str]:
    """A final row's place (3-4 where players share it) and how far the player went,
    in the page's language: what the desk, the sheets and ``lycee standings`` print
    (G-SE: core.labels.final_place_words); ``size``: the cut's."""
    return final_place_words(r["places"], r["reached"], r["place"], t._, size)


def _standings_row(t: T, r: dict, final: bool, chain: list[str], me: bool, size: int | None, rules: str) -> str:
    """One player's row: place or rank (and how far they reached, once final),
    name and status, points, record, the tiebreakers of the chain."""
    rank, reached = _final_words(t, r, size) if final else (rank_text(r["rank"]), "")
    if r.get("reached") == "swiss":  # outside the cut: nothing reached, as the TV and the sheets (a phone's width)
        reached = ""
    status = "" if r["status"] == "active" else f" <small>({esc(player_status_label(r['status'], rules, t._))})</small>"
    tbs = "".join(f'<td class="tb">{esc(tb_text(r, tb))}</td>' for tb in chain)
    cls = ' class="me"' if me else ""
    reached = f"<td>{esc(reached)}</td>" if final else ""
    return (
        f"<tr{cls}><td>{esc(rank)}</td>{reached}<td>{esc(r['name'])}{status}</td>"
        f"<td>{esc(r['points'])}</td><td>{esc(r['record'])}</td>{tbs}</tr>"
    ) + tiebreakers_below(r, chain, 4 + final, me)


def bracket_part(t: T, ev: Event, now: float) -> str:
    out = [clock_html(t, ev, now), announcement_html(t, ev), f"<h2>{esc(t._('Bracket'))}</h2>"]
    b = bracket(ev)
    if b is None:
        out.append(f'<p class="hint">{esc(t._("The elimination bracket appears here after the top cut."))}</p>')
        return "".join(out)
    out.append('<div class="bracket">')
    out += [_bracket_round(t, rnd) for rnd in b.rounds]
    if b.third_place is not None:
        s = b.third_place
        out.append(
            f"<section><h3>{esc(t._('Third-place match'))}</h3><ol><li>{_entrant(s.top, s.winner)}"
            f'<span class="vs">{esc(t._("vs"))}</span>{_entrant(s.bottom, s.winner)}</li></ol></section>'
        )
    if b.champion is not None:
        out.append(f'<p class="champion">{esc(t._("Champion"))}: {esc(b.champion.name)}</p>')
    out.append("</div>")
    return "".join(out)


def _bracket_round(t: T, rnd) -> str:
    """One round of the bracket: each slot's two entrants (or a bye), the winner marked."""
    slots = "".join(_bracket_slot(t, s) for s in rnd.slots)
    return f"<section><h3>{esc(t._(rnd.label))}</h3><ol>{slots}</ol></section>"


def _bracket_slot(t: T, s) -> str:
    bottom = f"<i>{esc(t._('(bye)'))}</i>" if s.bye else _entrant(s.bottom, s.winner)
    return f'<li>{_entrant(s.top, s.winner)}<span class="vs">{esc(t._("vs"))}</span>{bottom}</li>'


def _entrant(e, winner) -> str:
    """An entrant of a slot with their seed (won, lost, or not played yet); a dash for one not known yet."""
    if e is None:
        return '<span class="tbd">—</span>'
    cls = "won" if winner == e.id else ("lost" if winner else "")
    return f'<span class="{cls}"><small>{e.seed}</small> {esc(e.name)}</span>'


def _tvhead(cells: str) -> str:
    """The column headings, once for each of the TV list's two columns (the
    second hidden when the screen has room for one: static/app.css)."""
    return f'<div class="tvhead" aria-hidden="true"><div>{cells}</div><div>{cells}</div></div>'


def tv_part(t: T, ev: Event, now: float) -> str:
    """The TV: the big clock, the announcement, the round's title once, and
    every row of the pairings by name under column headings.  The script
    (static/app.js) cuts the rows into pages that fit the screen (never a cut
    row) and turns them; without it, the list simply scrolls.  After the
    final: the champion and the final placings."""
    out = [clock_html(t, ev, now, big=True), _tv_announcement(ev)]
    rnd = ev.current_round
    if rnd is not None and finished(ev):
        out += _tv_final(t, ev)
        return "".join(out)
    out.append(f"<h2>{esc(_round_title(t, ev))}</h2>")
    if rnd is None:
        return "".join(out)
    out.append(_note_html(t, ev))
    out.append(f'<p class="pageno" data-of="{esc(t._("page {k} of {n}", k="{k}", n="{n}"))}"></p>')
    out.append(
        _tvhead(
            f'<span class="name">{esc(t._("Name"))}</span>'
            f'<span class="table">{esc(t._("Table"))}</span><span class="opp">{esc(t._("Opponent"))}</span>'
        )
    )
    out.append('<ol class="tv">')
    out += [_tv_row(t, name, table, opp) for _pid, name, table, opp, _m in _by_name(ev)]
    out.append("</ol>")
    return "".join(out)


def _tv_announcement(ev: Event) -> str:
    """The latest announcement, or its empty place (the TV keeps its layout)."""
    a = latest_announcement(ev)
    return f'<p class="announce" role="status">{esc(a.text)}</p>' if a else '<p class="announce empty"></p>'


def _tv_row(t: T, name: str, table, opp: str | None) -> str:
    """A player's row on the TV: name, table, opponent (or a bye)."""
    o = esc(opp) if opp is not None else f"<i>{esc(t._('(bye)'))}</i>"
    return (
        f'<li><span class="name">{esc(name)}</span><span class="table">{table}</span><span class="opp">{o}</span></li>'
    )


def _champion(t: T, name: str) -> str:
    return (
        f'<p class="champion"><span class="label">{esc(t._("Champion"))}</span> '
        f'<span class="name">{esc(name)}</span></p>'
    )


def _tv_final(t: T, ev: Event) -> list[str]:
    """The TV after the last round: the champion (none when the final was
    left without a winner, none when rank 1 is shared) and the final placings."""
    _n, doc = standings_doc(ev)
    rows = doc["standings"] if doc else []
    placed = bool(doc and doc.get("final"))
    out = _tv_champion(t, ev, rows, placed)
    out.append(f"<h2>{esc(t._('Final placings') if placed else t._('Final standings'))}</h2>")
    if placed:  # G-SE: the top cut orders the places, not the Swiss record shown beside them
        out += cut_hint(t)
    out.append(f'<p class="pageno" data-of="{esc(t._("page {k} of {n}", k="{k}", n="{n}"))}"></p>')
    out.append(
        _tvhead(
            f'<span class="table rank">{esc(t._("Place") if placed else t._("Rank"))}</span>'
            f'<span class="name">{esc(t._("Name"))}</span><span class="opp">{esc(t._("Record"))}</span>'
        )
    )
    out.append('<ol class="tv placings">')
    size = cut_size(ev) if placed else None
    out += [_tv_placing(t, r, placed, size, ev.rules) for r in rows]
    out.append("</ol>")
    return out


def _tv_champion(t: T, ev: Event, rows: list[dict], placed: bool) -> list[str]:
    """The champion's banner: "no champion" when the final was left without a
    winner, none when rank 1 is shared."""
    if placed and final_without_winner(ev):  # G-ID-3 (L-NO-WINNER): the final left without a winner
        return [_champion(t, t._("no champion"))]
    firsts = _firsts(rows, placed)
    if len(firsts) == 1:  # the Swiss winner too, when rank 1 is not shared
        return [_champion(t, firsts[0])]
    return []


def _firsts(rows: list[dict], placed: bool) -> list[str]:
    """The names at place 1 (once placed) or rank 1."""
    return [r["name"] for r in rows if (r.get("place") if placed else r["rank"]) == 1]


def _tv_placing(t: T, r: dict, placed: bool, size: int | None, rules: str) -> str:
    """A row of the TV's final list: place (3-4 where players share it) or rank, the
    name with how far the player went inside the cut, the Swiss record."""
    place, reached = _final_words(t, r, size) if placed else (rank_text(r["rank"]), "")
    small = f' <small class="reached">{esc(reached)}</small>' if placed and r.get("reached") != "swiss" else ""
    if r["status"] != "active":  # dropped or excluded, as the phone's standings say it
        small += f" <small>({esc(player_status_label(r['status'], rules, t._))})</small>"
    return (
        f'<li><span class="table rank">{esc(place)}</span>'
        f'<span class="name">{esc(r["name"])}{small}</span><span class="opp">{esc(r["record"])}</span></li>'
    )


PARTS = {
    "tables": tables_part,
    "names": names_part,
    "standings": standings_part,
    "bracket": bracket_part,
    "tv": tv_part,
}


# -- the frame ---------------------------------------------------------------------


def nav_links(t: T) -> list[tuple[str, str, str]]:
    return [
        ("find", "/", t._("Find my table")),
        ("tables", "/tables", t._("By table")),
        ("names", "/names", t._("By name")),
        ("standings", "/standings", t._("Standings")),
        ("bracket", "/bracket", t._("Bracket")),
    ]


def page(t: T, ev: Event, which: str, live: str, version: str, q: str = "") -> str:
    """A whole page: the frame around ``live`` (the live part, already HTML)."""
    path = "/" if which == "find" else f"/{which}"
    head = (
        f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(ev.name)} · {esc(t._('Event pages'))}</title>"
        '<link rel="stylesheet" href="/static/app.css">'
        '<script src="/static/app.js" defer></script></head>'
    )
    # shown by the script when the live connection is lost ({time}: since when)
    stale = (
        f'<p id="stale" role="alert" hidden data-text="'
        f'{esc(t._("Not up to date since {time}: reconnecting…", time="{time}"))}"></p>'
    )
    lang_link = _lang_link(t, path, q)
    store = _store_html(t, ev)
    if which == "tv":
        return (
            f'{head}<body class="tv" data-v="{esc(version)}" data-page="tv">'
            f'<header><h1>{esc(ev.name)}</h1>{store}{lang_link}</header>{stale}<div id="live">{live}</div></body></html>'
        )
    nav = _nav_html(t, which)
    form = _find_form(t, which, path, q) if which in ("find", "standings") else ""
    return (
        f'{head}<body data-v="{esc(version)}" data-page="{which}">'
        f"<header><h1>{esc(ev.name)}</h1>{store}{lang_link}"
        f'</header><nav>{nav}</nav>{stale}<main>{form}<div id="live" aria-live="polite">{live}</div></main>'
        f"<footer>{esc(t._('Read-only pages served by the event desk.'))}</footer></body></html>"
    )


def _lang_link(t: T, path: str, q: str) -> str:
    """The switch to the other language, on the same page (and search)."""
    other = "en" if t.lang == "ja" else "ja"
    switch = "English" if other == "en" else "日本語"
    qs = f"?q={esc(_url(q))}&amp;lang={other}" if q else f"?lang={other}"
    return f'<a class="lang" href="{path}{qs}" hreflang="{other}" lang="{other}">{switch}</a>'


def _nav_html(t: T, which: str) -> str:
    """The links to the pages, the current one marked."""
    current = ' aria-current="page"'
    return "".join(
        f'<a href="{href}"{current if key == which else ""}>{esc(label)}</a>' for key, href, label in nav_links(t)
    )


def _store_html(t: T, ev: Event) -> str:
    """The store that runs the event (issue 47), or nothing."""
    if not ev.store:
        return ""
    return f'<p class="store">{esc(t._("store: {store}", store=store_line(ev.store, t._)))}</p>'


def _find_form(t: T, which: str, path: str, q: str) -> str:
    """The search box of the find and standings pages."""
    label = t._("Find my table") if which == "find" else t._("Find my row")
    return (
        f'<form class="find" method="get" action="{path}" role="search">'
        f'<label for="q">{esc(label)}</label>'
        f'<input id="q" name="q" type="search" value="{esc(q)}" autocomplete="off" '
        f'placeholder="{esc(t._("your name"))}" maxlength="40">'
        f'<button type="submit">{esc(t._("Find"))}</button></form>'
    )


def _url(q: str) -> str:
    return quote(q, safe="")


# -- refusals (tui.web.conn, guard.Guard) -----------------------------------------------

#: Why a request is refused: the status and the words (the visitor's language).
REFUSALS = {
    "requests": 429,  # the rate limit
    "connections": 429,  # this device has its share of connections
    "busy": 503,  # the server is full
}


def _refusal_words(t: T, why: str) -> tuple[str, str]:
    if why == "requests":
        return (t._("Too many requests from this device"), t._("Wait a moment, then reload the page."))
    if why == "connections":
        return (
            t._("Too many connections from this device"),
            t._("Close other tabs of these pages, wait a few seconds, then reload."),
        )
    return (t._("The event pages are busy"), t._("Please reload in a few seconds."))


def refusal(langs: tuple[str, ...], why: str, retry: int = 5) -> str:
    """The short page a refused request gets: its title and what to do, in
    each of ``langs`` (the visitor's language; both when it is not known),
    and it loads the page again by itself after ``retry`` seconds (a meta
    refresh: no script). No stylesheet: one more request could be refused too."""
    parts = []
    for lang in langs:
        t = T(lang)
        title, hint = _refusal_words(t, why)
        again = t.ngettext(
            "This page tries again by itself in {n} second.", "This page tries again by itself in {n} seconds.", retry
        )
        parts.append(f'<section lang="{lang}"><h1>{esc(title)}</h1><p>{esc(hint)}</p><p>{esc(again)}</p></section>')
    lang = langs[0]
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta http-equiv="refresh" content="{max(1, retry)}">'
        f"<title>{esc(_refusal_words(T(lang), why)[0])}</title></head><body>{''.join(parts)}</body></html>"
    )
