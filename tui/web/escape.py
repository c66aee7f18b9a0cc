"""The one escape of every page: names and words are data, never markup (tui.web.pages)."""

from __future__ import annotations

import html
import re


def esc(text) -> str:
    return html.escape(str(text), quote=True)


#: What a line must not break inside: a rule id (G-BO3-TIME) and a short bracketed note with a
#: hyphen in it (（G-BO3-TIME）, （勝ち-負け-引き分け）), and Japanese words joined by one (勝ち-負け):
#: a browser breaks after the hyphen.
_WHOLE = re.compile(
    r"[（(][^（）()]{1,24}-[^（）()]{0,24}[）)]|\b[A-Z]+(?:-[A-Z0-9]+)+\b|[ぁ-んァ-ヶ一-龥]+(?:-[ぁ-んァ-ヶ一-龥]+)+"
)


def esc_whole(text) -> str:
    """:func:`esc`, with each rule id and short bracketed note with a hyphen kept on one line
    (``<span class="nobr">``, static/app.css): a 390 px phone broke 「（G-BO3-」/「TIME）」."""
    text = str(text)
    out, at = [], 0
    for found in _WHOLE.finditer(text):
        out.append(esc(text[at : found.start()]))
        out.append(f'<span class="nobr">{esc(found.group())}</span>')
        at = found.end()
    out.append(esc(text[at:]))
    return "".join(out)
