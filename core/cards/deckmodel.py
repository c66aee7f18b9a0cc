"""A decklist as the desk holds it (:class:`Decklist`, its lines
:class:`DeckEntry`), a rule it breaks (:class:`DeckProblem`), the figures of
the deck rules (core/cards/decks.py says them) and the spare-card check
every format shares (G-SPARE-1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from core.i18n import _

__all__ = [
    "CONSTRUCTED_SIZE",
    "DRAFT_CARDS_PER_PACK",
    "DRAFT_PACKS",
    "DECKLIST_MAX_BYTES",
    "DECKLIST_MAX_LINES",
    "MAX_LINE_COUNT",
    "NAME_LIMIT",
    "NOT_CHECKED",
    "OVERTURE_COPIES",
    "OVERTURE_SIZE",
    "RULE_CONSTRUCTED_SIZE",
    "RULE_NAME_LIMIT",
    "RULE_O_COPIES",
    "RULE_O_KNOWN",
    "RULE_O_ONSALE",
    "RULE_O_RESTRICT",
    "RULE_O_SIZE",
    "RULES",
    "SEALED_SIZE",
    "SECTIONS",
    "SECTION_WORDS",
    "SPARE_MAX",
    "DeckEntry",
    "DeckProblem",
    "Decklist",
    "deck_counter",
    "spare_problems",
]

CONSTRUCTED_SIZE = 60
NAME_LIMIT = 4
SPARE_MAX = 12  # G-SPARE-1
SEALED_SIZE = 40  # G-SEALED
DRAFT_CARDS_PER_PACK = 10  # G-DRAFT-4
DRAFT_PACKS = range(4, 7)  # G-DRAFT-2: 4 to 6 boosters per player
MAX_LINE_COUNT = 60  # the most copies one decklist line may give
#: The most a decklist (a file, pasted text, a phone's list) may be, checked before it
#: is read: 60 cards and 12 spares written one copy a line with names and comments
#: are about 5 KB; a big list is a few KB (L-DECK-SIZE).
DECKLIST_MAX_BYTES = 32 * 1024
DECKLIST_MAX_LINES = 500
RULE_CONSTRUCTED_SIZE = "R-DECK-60"
RULE_NAME_LIMIT = "R-DECK-4"
SECTIONS = ("deck", "spare")
#: The rule sets an event plays by: the 2008 guideline's game, or Lycee Overture.
RULES = ("2008", "overture")
OVERTURE_SIZE = 60  # O-DECK-60
OVERTURE_COPIES = 4  # O-DECK-4, per base number
RULE_O_SIZE = "O-DECK-60"
RULE_O_COPIES = "O-DECK-4"
RULE_O_KNOWN = "O-CARDS-KNOWN"
RULE_O_ONSALE = "O-CARDS-ONSALE"
RULE_O_RESTRICT = "O-DECK-RESTRICT"
#: The code of a problem the desk lists but cannot judge (a 構築制限 it cannot read yet).
NOT_CHECKED = "not_checked"

#: The words a decklist's section line may use (deck: / スペア: ...), each to its section.
SECTION_WORDS = {
    "deck": "deck",
    "main": "deck",
    "maindeck": "deck",
    "デッキ": "deck",
    "メイン": "deck",
    "spare": "spare",
    "spares": "spare",
    "sideboard": "spare",
    "スペア": "spare",
    "スペアカード": "spare",
}


@dataclass(frozen=True, slots=True)
class DeckEntry:
    count: int
    number: str
    name: str = ""  # as written, only for cross-checking
    line: int | None = None


@dataclass(frozen=True)
class Decklist:
    deck: tuple[DeckEntry, ...] = ()
    spare: tuple[DeckEntry, ...] = ()
    source: str = ""

    @classmethod
    def from_counts(
        cls, deck: Mapping[str, int] | Iterable[str], spare: Mapping[str, int] | Iterable[str] = (), source: str = ""
    ) -> Decklist:
        """A decklist from {number: count} mappings or lists of numbers."""

        def entries(x: Mapping[str, int] | Iterable[str]) -> tuple[DeckEntry, ...]:
            return tuple(DeckEntry(n, num) for num, n in deck_counter(x).items() if n)

        return cls(entries(deck), entries(spare), source)

    def section(self, section: str) -> tuple[DeckEntry, ...]:
        if section not in SECTIONS:
            raise ValueError(f"section is deck or spare, not {section!r}")
        return self.deck if section == "deck" else self.spare

    def counts(self, section: str = "deck") -> Counter:
        """{number: copies} of a section (lines with the same number added up)."""
        c: Counter = Counter()
        for e in self.section(section):
            c[e.number] += e.count
        return c

    @property
    def deck_size(self) -> int:
        return sum(e.count for e in self.deck)

    @property
    def spare_size(self) -> int:
        return sum(e.count for e in self.spare)


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One way a deck breaks a rule."""

    rule: str
    #: Short machine-readable kind, for translation: size, name_limit, unknown,
    #: illegal, spare_count, spare_match, pool.
    code: str
    message: str
    number: str | None = None
    section: str | None = None  # "deck" | "spare" | None for the whole list
    #: Every card number the problem involves (``number`` is the first of them).
    numbers: tuple[str, ...] = ()

    def __str__(self) -> str:
        # the rule id as every refusal gives it (core.errors): 「…（G-SEALED）」 in Japanese, "… [G-SEALED]"
        # in English (the sealed builder read 「…してください [G-SEALED]」 beside the draft's 「（…G-DRAFT-4）」)
        return _("{message} [{rule}]", message=self.message, rule=self.rule)

    @property
    def blocking(self) -> bool:
        """False for what the desk lists without judging (code ``not_checked``)."""
        return self.code != NOT_CHECKED


def deck_counter(x: Mapping[str, int] | Iterable[str] | Decklist | None) -> Counter:
    if x is None:
        return Counter()
    if isinstance(x, Decklist):
        return x.counts("deck") + x.counts("spare")
    return Counter(x)  # a mapping gives its counts, a list of numbers one a copy


def spare_problems(deck: Decklist, match: str) -> list[DeckProblem]:
    out = []
    if deck.spare_size and match != "bo3":
        out.append(
            DeckProblem(
                "G-SPARE-1",
                "spare_match",
                _("{n} spare cards, but spare cards are only for best of three", n=deck.spare_size),
                None,
                "spare",
            )
        )
    if deck.spare_size > SPARE_MAX:
        out.append(
            DeckProblem(
                "G-SPARE-1",
                "spare_count",
                _("{n} spare cards; at most {max}", n=deck.spare_size, max=SPARE_MAX),
                None,
                "spare",
            )
        )
    return out
