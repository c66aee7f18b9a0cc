"""Small shared pieces of the limited side: finding a set, turning deck
problems into one refusal."""

from __future__ import annotations

from os import PathLike
from pathlib import Path
from typing import Sequence

from core.cards.decks import DeckProblem
from core.cards.legality import Catalog
from core.cards.model import CardSet
from core.cards.sets import load_set
from core.errors import NotFound, RuleError
from core.i18n import _, join_list, join_sentences

__all__ = ["require_legal", "find_set"]


def require_legal(problems: Sequence[DeckProblem]) -> None:
    """Raise RuleError(first problem's message, its rule), naming every problem."""
    if problems:
        first = problems[0]
        more = join_sentences(str(p) for p in problems[1:])
        raise RuleError(
            _("{first}; also: {more}", first=first.message, more=more) if more else first.message, first.rule
        )


def find_set(ref: str | PathLike, catalog: Catalog | None = None) -> CardSet:
    """A set by code (case-insensitive) among the catalog's sets (default: the
    shipped sample sets), or a ``lycee-set/1`` file by path.  An unknown code
    is refused: only known product versions are played (G-CARDS-VERSIONS)."""
    text = str(ref)
    if _names_a_file(text):
        return load_set(Path(text))
    cat = catalog if catalog is not None else Catalog.default()
    try:
        return cat.set(text)
    except NotFound:
        raise _unknown_set(text, cat) from None


def _names_a_file(text: str) -> bool:
    """Whether a set reference is a file: it ends in .json or names an existing file."""
    return text.lower().endswith(".json") or Path(text).is_file()


def _unknown_set(text: str, cat: Catalog) -> NotFound:
    """The refusal of a set the catalog does not hold, naming those it does (G-CARDS-VERSIONS)."""
    known = join_list(s.code for s in cat.sets) or _("none loaded")
    return NotFound(
        _("no card set {text!r} (known: {known}; or give a lycee-set/1 file)", text=text, known=known),
        "G-CARDS-VERSIONS",
    )
