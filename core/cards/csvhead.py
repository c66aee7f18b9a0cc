"""The header row of a CSV list a user brings (a card list, a decklist): its
columns, checked against those the list needs and those it knows, every
problem named at line 1 (nothing is read from a list whose header is wrong)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from core.errors import ValidationError
from core.i18n import _

__all__ = ["csv_header", "header_problems"]


def csv_header(reader: Iterator[list[str]], source: str, required: Sequence[str], known: Sequence[str]) -> list[str]:
    """The header row's columns (stripped, lower case); ValidationError when the
    file is empty, lacks a ``required`` column or names one it does not ``know``."""
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise ValidationError(source, [(_("line {line}", line=1), _("empty file: expected a header row"))]) from None
    problems = header_problems(header, required, known)
    if problems:
        raise ValidationError(source, problems)
    return header


def header_problems(header: Collection[str], required: Sequence[str], known: Sequence[str]) -> list[tuple[str, str]]:
    """The required columns the header lacks, then the columns it names that are unknown."""
    first = _("line {line}", line=1)
    problems = [(first, _("missing column {c!r}", c=c)) for c in required if c not in header]
    problems += [
        (first, _("unknown column {c!r} (known: {items})", c=c, items=", ".join(known)))
        for c in header
        if c and c not in known
    ]
    return problems
