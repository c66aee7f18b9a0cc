"""The one escape of every page: names and words are data, never markup (tui.web.pages)."""

from __future__ import annotations

import html


def esc(text) -> str:
    return html.escape(str(text), quote=True)
