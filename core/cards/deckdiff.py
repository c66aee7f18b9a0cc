"""How a presented deck differs from its registered list, per card and
section (G-DECKLIST): :func:`compare` and its :class:`DeckDiff`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from core import labels
from core.cards.deckmodel import SECTIONS, Decklist
from core.cards.legality import Catalog
from core.cards.model import base_number
from core.i18n import _

__all__ = ["DeckDiff", "DiffLine", "compare"]


@dataclass(frozen=True, slots=True)
class DiffLine:
    section: str  # deck | spare
    number: str
    registered: int
    presented: int

    @property
    def missing(self) -> int:
        return max(0, self.registered - self.presented)

    @property
    def extra(self) -> int:
        return max(0, self.presented - self.registered)

    def of(self, section: str | None) -> bool:
        """The line is of ``section`` (None: of any)."""
        return section is None or self.section == section


@dataclass(frozen=True)
class DeckDiff:
    lines: tuple[DiffLine, ...] = field(default_factory=tuple)

    @property
    def same(self) -> bool:
        return not self.lines

    def __bool__(self) -> bool:  # truthy when there are differences
        return bool(self.lines)

    def missing(self, section: str | None = None) -> list[DiffLine]:
        return [d for d in self.lines if d.missing and d.of(section)]

    def extra(self, section: str | None = None) -> list[DiffLine]:
        return [d for d in self.lines if d.extra and d.of(section)]

    def describe(self, catalog: Catalog | None = None) -> list[str]:
        return [_line_words(d, catalog) for d in self.lines]


def _line_words(d: DiffLine, catalog: Catalog | None) -> str:
    """One difference in words: the section, the card (named from ``catalog``), and how many are missing or extra."""
    name = (catalog.name_of(d.number) if catalog else None) or ""
    card = f"{d.number} {name}".rstrip()
    if d.missing:
        return _(
            "{section}: {card}: registered {registered}, presented {presented} ({n} missing)",
            section=labels.section_label(d.section),
            card=card,
            registered=d.registered,
            presented=d.presented,
            n=d.missing,
        )
    return _(
        "{section}: {card}: registered {registered}, presented {presented} ({n} extra)",
        section=labels.section_label(d.section),
        card=card,
        registered=d.registered,
        presented=d.presented,
        n=d.extra,
    )


def compare(registered: Decklist, presented: Decklist, *, by_base: bool = False) -> DeckDiff:
    """How the presented deck differs from the registered list, per card and
    section (G-DECKLIST).  ``by_base``: a parallel counts as its base number."""
    lines = []
    for section in SECTIONS:
        a, b = registered.counts(section), presented.counts(section)
        if by_base:
            a, b = _by_base(a), _by_base(b)
        lines += _section_lines(section, a, b)
    return DeckDiff(tuple(lines))


def _section_lines(section: str, registered: Counter, presented: Counter) -> list[DiffLine]:
    """A line for each card of ``section`` whose count differs, by number."""
    return [
        DiffLine(section, number, registered.get(number, 0), presented.get(number, 0))
        for number in sorted(set(registered) | set(presented))
        if registered.get(number, 0) != presented.get(number, 0)
    ]


def _by_base(c: Counter) -> Counter:
    out: Counter = Counter()
    for k, v in c.items():
        out[base_number(k)] += v
    return out
