"""Text laid out in terminal columns, for every plain-text table (the
command line's, the plan's): a full-width character (漢字, ｶﾅ is not) takes
two columns, so Japanese names line up."""

from __future__ import annotations

__all__ = ["ljust", "rjust", "width"]


def width(text: str) -> int:
    """Terminal columns of ``text``: full-width (F) and wide (W) characters take two."""
    # loaded on first use: `lycee --help` does not pay for it
    from unicodedata import east_asian_width

    return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text)


def ljust(text: str, n: int) -> str:
    """``text`` padded on the right to ``n`` terminal columns (full-width aware)."""
    return text + " " * max(0, n - width(text))


def rjust(text: str, n: int) -> str:
    """``text`` padded on the left to ``n`` terminal columns (full-width aware)."""
    return " " * max(0, n - width(text)) + text
