"""``/season``: a season's standings on the LAN and the TV (issue 47), served
by ``lycee serve EVENT --season SEASON`` beside the event's pages under the
same rules (tui/web/guard.py: GET/HEAD only, the Host check, the rate limit,
the strict Content-Security-Policy: no inline script or style, so the page
renews itself with a meta refresh).  Worked out afresh at each request from
the season's events as they stand (core.season.season.standings), in the
desk's language (the TV's); every name is escaped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.i18n import _
from core.season.rules import scoring_notes
from core.season.season import events_words, rule_words, standings_table

from .pages import esc

if TYPE_CHECKING:
    from core.season.season import Standings

#: seconds between the page's own reloads
REFRESH = 30


def season_page(st: Standings, lang: str) -> str:
    header, rows = standings_table(st)
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows)
    notes = "".join(f"<li>{esc(n)}</li>" for n in scoring_notes(st.season.rule))
    evs = "".join(f"<li>{esc(x)}</li>" for x in events_words(st))
    return (
        f'<!doctype html><html lang="{esc(lang)}"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="{REFRESH}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(st.season.name)}</title>"
        '<link rel="stylesheet" href="/static/app.css"></head>'
        f'<body class="tv" data-page="season"><header><h1>{esc(st.season.name)}</h1></header><main>'
        f'<p class="meta">{esc(rule_words(st.season))}</p>'
        f'<table class="standings"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        f"<h2>{esc(_('How results score'))}</h2><ul>{notes}</ul>"
        f"<h2>{esc(_('Events of the season'))}</h2><ul>{evs}</ul>"
        "</main></body></html>"
    )
