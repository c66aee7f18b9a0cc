"""The standings table's pieces for the phone and the TV (tui.web.pages): the tiebreakers'
headings and cells, the hints over the table (the top cut decides, how ties are broken), the
heads, the searcher's own rows, and the tiebreakers on a line under each row that a narrow
phone shows instead of their columns."""

from __future__ import annotations

from typing import Protocol

from .escape import esc


class Words(Protocol):
    """A page's catalog (tui.web.pages.T): ``t._("...")`` in the request's language."""

    def _(self, msgid: str, /, **kw) -> str: ...


#: The tiebreakers' column headings (the event's chain, in its order).
TIEBREAKER_HEADS = {"op": "OP", "omw": "OMW%", "gw": "GW%", "ogw": "OGW%"}


def tb_text(row: dict, tb: str) -> str:
    v = row.get(tb)
    if v is None:
        return ""
    return str(v) if tb == "op" else f"{v * 100:.1f}"


def whole_standings(heads: str, rows: list[str]) -> str:
    """The whole standings table: its heads and every player's row."""
    return f'<div class="wide"><table class="standings">{heads}<tbody>' + "".join(rows) + "</tbody></table></div>"


def cut_hint(t: Words) -> list[str]:
    """Once the top cut is played: it orders the places, not the Swiss record beside them (G-SE),
    in the TV's words (a 3位 may have fewer points than a 4位)."""
    return [f'<p class="hint">{esc(t._("The top cut decides the places; the record is the Swiss record."))}</p>']


def standings_hints(t: Words, chain: list[str], final: bool) -> list[str]:
    """The lines over the standings: once the top cut is played that it decides the places
    (:func:`cut_hint`), then how ties are broken (:func:`ties_hint`)."""
    return (cut_hint(t) if final else []) + ties_hint(t, chain, final)


def ties_hint(t: Words, chain: list[str], final: bool = False) -> list[str]:
    """How ties are broken (the event's tiebreakers in order), outside the cut once it is played;
    nothing without any."""
    if not chain:
        return []
    order = " > ".join(TIEBREAKER_HEADS[tb] for tb in chain)
    if final:
        return [f'<p class="hint">{esc(t._("Outside the top cut, ties are broken by {order}.", order=order))}</p>']
    return [f'<p class="hint">{esc(t._("Ties are broken by {order}.", order=order))}</p>']


def tiebreakers_below(r: dict, chain: list[str], span: int, me: bool) -> str:
    """The row's tiebreakers again on a line of their own under it, which a narrow phone shows
    instead of their columns (static/app.css), so the table fits its width: a record was cut
    mid-way (「4-0-」) at 390 px, with nothing saying the table scrolled."""
    if not chain:
        return ""
    words = " · ".join(f"{TIEBREAKER_HEADS[tb]} {tb_text(r, tb)}" for tb in chain if tb_text(r, tb))
    cls = "tbs me" if me else "tbs"
    return f'<tr class="{cls}" aria-hidden="true"><td colspan="{span}">{esc(words)}</td></tr>'


def standings_heads(t: Words, final: bool, chain: list[str]) -> str:
    reached = f"<th>{esc(t._('Reached'))}</th>" if final else ""
    tbs = "".join(f'<th class="tb" title="{esc(t._("Tiebreakers"))}">{TIEBREAKER_HEADS[tb]}</th>' for tb in chain)
    return (
        f"<thead><tr><th>{esc(t._('Place') if final else t._('Rank'))}</th>{reached}"
        f"<th>{esc(t._('Name'))}</th><th>{esc(t._('Points'))}</th><th>{esc(t._('Record'))}</th>{tbs}</tr></thead>"
    )


def own_rows(t: Words, q: str, heads: str, own: list[str]) -> str:
    """The searcher's own rows above the table, or that nobody matches."""
    if not own:
        return f'<p class="none">{esc(t._("No player matches {q}.", q=q))}</p>'
    return (
        f'<div class="wide"><table class="standings own" aria-label="{esc(t._("Your row"))}">'
        f"{heads}<tbody>" + "".join(own) + "</tbody></table></div>"
    )
