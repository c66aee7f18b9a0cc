"""Text files people bring to the desk (a card list, a decklist, a member list from a
spreadsheet): UTF-8 (a BOM skipped) or Shift_JIS, and where a file that is neither stops
reading as text, so the refusal names the line and the byte (a stray byte, a download cut
short).  Light on purpose: the members' list reads it without the card engine."""

from __future__ import annotations

from core.errors import ValidationError
from core.i18n import _

__all__ = ["ENCODINGS", "decode", "decoded", "undecodable_at"]

ENCODINGS = ("utf-8", "cp932")


def decode(raw: bytes) -> tuple[str, str] | None:
    """The text of a card list and its encoding ("utf-8" or "cp932"), None when neither reads it."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    for enc in ENCODINGS:
        try:
            return raw.decode(enc), enc
        except UnicodeDecodeError:
            continue
    return None


def undecodable_at(raw: bytes) -> tuple[int, int]:
    """(line, byte offset from 0) where ``raw`` stops reading as text: the farther
    of the places where UTF-8 and Shift_JIS fail (the file's own encoding reads
    further; a stray byte or a download cut short is there).  For a file
    :func:`decode` refuses."""
    offset = max(_fails_at(raw, enc) for enc in ENCODINGS)
    return raw.count(b"\n", 0, offset) + 1, offset


def _fails_at(raw: bytes, encoding: str) -> int:
    """The byte offset where decoding ``raw`` as ``encoding`` fails (its length when it does not)."""
    try:
        raw.decode(encoding)
    except UnicodeDecodeError as err:
        return err.start
    return len(raw)


def decoded(raw: bytes, source: str) -> tuple[str, str]:
    """(text, encoding) of a card list or decklist file's bytes (UTF-8, a BOM
    skipped, else Shift_JIS); else a ValidationError naming the line and the
    byte offset where the bytes stop reading as text."""
    got = decode(raw)
    if got is not None:
        return got
    line, offset = undecodable_at(raw)
    raise ValidationError(
        source,
        [
            (
                _("line {line} (byte offset {offset})", line=line, offset=offset),
                _("neither UTF-8 nor Shift_JIS text from here: a stray byte, or a file cut short (nothing stored)"),
            )
        ],
    )
