"""The tiebreakers (G-SWISS-RANK, G-TIE-1): one table, read by every face.

Each :class:`Tiebreaker` says what it is called (its key in
``Event.tiebreakers``, ``--tiebreakers``, the JSON rows), how it reads (its
label, a literal ``_()`` msgid so the catalog check sees it, and a column
header), how it is computed (exact integers over one
denominator, from the Swiss totals :class:`core.tournament.standings.Figures`
gathers) and how it is shown.  Standings, their JSON rows, the exports, the
command line, the standings pane, the help text and the settings check all read
:data:`TIEBREAKERS`; adding one is an entry here and its label's Japanese in
core/locale/ja.json (plus, by design, the independent checker
core/reports/verify.py, which recomputes every figure its own way).

The one display rule: a points tiebreaker is an integer; the others are
fractions, shown as percentages with :data:`PERCENT_DIGITS` decimals and
written to JSON rounded to the same precision (``0.6667`` is ``66.67%``).

This module sits in core.event (below labels and tournament, beside the
model) and imports nothing but the catalog, so the model can name the keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from core.i18n import _, join_list

__all__ = ["PERCENT_DIGITS", "TIEBREAKERS", "Base", "Tiebreaker", "names", "register", "unknown_message"]

#: Decimals of a percentage wherever one is shown (the JSON keeps the same: 2 + 2 digits of the fraction).
PERCENT_DIGITS = 2


class Base(Protocol):
    """What a tiebreaker is computed from: the Swiss totals per player (in
    registration order) and the floored win percentages over ``scale``."""

    points: list[int]  # match points (3/1/0)
    opps: list[list[int]]  # each player's Swiss opponents, one entry a match, byes left out
    mwp: list[int]  # match-win percentage x scale, at least 0.33 (0 with no match yet)
    gwp: list[int]  # game-win percentage x scale, at least 0.33 (0 with no match yet)
    scale: int  # denominator of mwp and gwp
    per_opp: int  # a common multiple of every opponent count (averages stay integers)


@dataclass(frozen=True, slots=True)
class Tiebreaker:
    """One tiebreaker: ``compute(base)`` gives each player's exact value as
    an integer; the value is that integer over ``scale(base)``."""

    name: str  # the key: op, omw...
    label: Callable[[], str]  # its name as the guideline says it, in the language in use: lambda: _("...")
    compute: Callable[[Base], list[int]]
    scale: Callable[[Base], int]
    percent: bool = True  # False: a count of points, shown as an integer

    @property
    def header(self) -> str:
        """The column header, the same in every language (OMW)."""
        return self.name.upper()

    def value(self, num: int, base: Base) -> float | int:
        """The figure a row carries: an int for points, else a fraction."""
        return num / self.scale(base) if self.percent else num

    def json(self, value: float | int):
        """The figure as ``standings --json`` writes it (the command line in README.md)."""
        return round(value, PERCENT_DIGITS + 2) if self.percent else value

    def text(self, value: float | int) -> str:
        """The figure as every table shows it: ``12`` or ``66.67%``."""
        return f"{value * 100:.{PERCENT_DIGITS}f}%" if self.percent else str(value)


def _opponent_mean(values: Sequence[int], base: Base) -> list[int]:
    """Mean of the opponents' ``values`` (one term per match), x per_opp; 0 without opponents."""
    return [sum([values[x] for x in o]) * (base.per_opp // len(o)) if o else 0 for o in base.opps]


#: Every tiebreaker, by key, in the order the help text and the JSON rows list them.
TIEBREAKERS: dict[str, Tiebreaker] = {}


def register(tb: Tiebreaker) -> Tiebreaker:
    """Add ``tb`` to :data:`TIEBREAKERS` (a test adds a toy one this way)."""
    TIEBREAKERS[tb.name] = tb
    return tb


register(
    Tiebreaker(
        "op",
        lambda: _("opponent points"),
        percent=False,
        scale=lambda b: 1,
        compute=lambda b: [sum([b.points[x] for x in o]) for o in b.opps],
    )
)
register(
    Tiebreaker(
        "omw",
        lambda: _("opponents' match-win percentage"),
        scale=lambda b: b.scale * b.per_opp,
        compute=lambda b: _opponent_mean(b.mwp, b),
    )
)
register(Tiebreaker("gw", lambda: _("game-win percentage"), scale=lambda b: b.scale, compute=lambda b: list(b.gwp)))
register(
    Tiebreaker(
        "ogw",
        lambda: _("opponents' game-win percentage"),
        scale=lambda b: b.scale * b.per_opp,
        compute=lambda b: _opponent_mean(b.gwp, b),
    )
)


def names() -> tuple[str, ...]:
    """The keys, in order: ``op, omw, gw, ogw``."""
    return tuple(TIEBREAKERS)


def unknown_message(name: str) -> str:
    """The refusal of a key that is not a tiebreaker, naming the known ones (G-TIE-1)."""
    return _("unknown tiebreaker {x!r}: choose from {x2} (G-TIE-1)", x=name, x2=join_list(TIEBREAKERS))
