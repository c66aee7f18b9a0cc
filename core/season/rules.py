"""A season's points rule (issue 47, rule L-SEASON-RULE in docs/rules.md).

Two kinds, written as the organizer says them:

- match points: ``win=3,draw=1,loss=0`` (each of win, draw and loss given once),
  with ``attend=P`` for turning up;
- places: ``1=10,2=7,3-4=5,5-8=3`` (a place or a range of places, none given
  twice), with ``attend=P`` too.

How each kind scores a bye, an intentional draw, a double loss and the
elimination matches is :data:`SCORING_NOTES` (shown on the standings page and
in docs/season.md).  Points are whole numbers from 0 to 1000.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.errors import LyceeError
from core.i18n import _

__all__ = ["PointsRule", "RuleError", "parse_rule", "scoring_notes"]

MAX_POINTS = 1000
MAX_PLACE = 10000

_PLACE = re.compile(r"^(\d+)(?:-(\d+))?$")


class RuleError(LyceeError):
    """A points rule that does not parse: the message names the part."""


@dataclass(frozen=True)
class PointsRule:
    """``kind`` is "match" or "places"; ``match`` holds (win, draw, loss),
    ``places`` ((first, last, points), ...) in order; ``attend`` the points for turning up."""

    kind: str
    match: tuple[int, int, int] = (0, 0, 0)
    places: tuple[tuple[int, int, int], ...] = ()
    attend: int = 0

    def text(self) -> str:
        """The rule as it is written (``parse_rule(r.text()) == r``)."""
        parts = self._match_parts() if self.kind == "match" else self._place_parts()
        if self.attend:
            parts.append(f"attend={self.attend}")
        return ",".join(parts)

    def _match_parts(self) -> list[str]:
        w, d, lo = self.match
        return [f"win={w}", f"draw={d}", f"loss={lo}"]

    def _place_parts(self) -> list[str]:
        return [f"{a}={p}" if a == b else f"{a}-{b}={p}" for a, b, p in self.places]

    def for_place(self, place: int | None) -> int:
        """The points of a place (0 for a place the rule does not list, or none)."""
        if place is None:
            return 0
        for a, b, p in self.places:
            if a <= place <= b:
                return p
        return 0


def _points(rule: str, part: str, value: str) -> int:
    v = value.strip()
    if not v.isascii() or not v.isdigit() or int(v) > MAX_POINTS:
        raise RuleError(
            _(
                "season rule {rule!r}: in {part!r} the points must be a whole number from 0 to {most}",
                rule=rule,
                part=part,
                most=MAX_POINTS,
            )
        )
    return int(v)


def parse_rule(text: str) -> PointsRule:
    """The rule of ``text``, or :class:`RuleError` naming the part that is wrong."""
    rule = text.strip()
    if not rule:
        raise RuleError(_("season rule is empty: give e.g. win=3,draw=1,loss=0 or 1=10,2=7,3-4=5"))
    read = _RuleParts(rule)
    for raw in rule.split(","):
        read.part(raw.strip())
    return read.rule()


class _RuleParts:
    """The parts of one rule read so far: match points, places, attendance."""

    def __init__(self, rule: str):
        self.text = rule
        self.match: dict[str, int] = {}
        self.places: list[tuple[int, int, int]] = []
        self.attend: int | None = None

    def part(self, part: str) -> None:
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or not key:
            raise RuleError(
                _("season rule {rule!r}: {part!r} is not KEY=POINTS (e.g. win=3 or 3-4=5)", rule=self.text, part=part)
            )
        pts = _points(self.text, part, value)
        if key == "attend":
            self._once(key, self.attend is not None)
            self.attend = pts
        elif key in ("win", "draw", "loss"):
            self._once(key, key in self.match)
            self.match[key] = pts
        else:
            self.places.append((*self._places(part, key), pts))

    def _once(self, key: str, given: bool) -> None:
        """Refuse a key given a second time."""
        if given:
            raise RuleError(_("season rule {rule!r}: {key} is given twice", rule=self.text, key=key))

    def _places(self, part: str, key: str) -> tuple[int, int]:
        """The place (3) or range of places (3-4) of ``key``, apart from those given before."""
        m = _PLACE.match(key)
        if not m:
            raise RuleError(
                _(
                    "season rule {rule!r}: {part!r}: {key!r} is neither win, draw, loss, attend "
                    "nor a place (3) or range of places (3-4)",
                    rule=self.text,
                    part=part,
                    key=key,
                )
            )
        a, b = int(m[1]), int(m[2] or m[1])
        self._check_range(part, a, b)
        self._check_overlap(part, a, b)
        return a, b

    def _check_range(self, part: str, a: int, b: int) -> None:
        if not 1 <= a <= b <= MAX_PLACE:
            raise RuleError(
                _(
                    "season rule {rule!r}: {part!r}: places run from 1 to {most}, the first of a range before its last",
                    rule=self.text,
                    part=part,
                    most=MAX_PLACE,
                )
            )

    def _check_overlap(self, part: str, a: int, b: int) -> None:
        """Refuse places ``a``-``b`` when a part given before covers one of them."""
        for x, y, _p in self.places:
            if a <= y and x <= b:
                raise RuleError(
                    _(
                        "season rule {rule!r}: {part!r} overlaps place(s) {x}-{y} given before",
                        rule=self.text,
                        part=part,
                        x=x,
                        y=y,
                    )
                )

    def rule(self) -> PointsRule:
        """The rule the parts make: match points (all three) or places, not both."""
        if self.match and self.places:
            raise RuleError(
                _("season rule {rule!r}: give match points (win, draw, loss) or places, not both", rule=self.text)
            )
        return self._match_rule() if self.match else self._places_rule()

    def _places_rule(self) -> PointsRule:
        """Points by place: at least one place given (attendance alone scores nothing else)."""
        if not self.places:
            raise RuleError(
                _("season rule {rule!r}: attend alone scores nothing else: add win/draw/loss or places", rule=self.text)
            )
        return PointsRule("places", places=tuple(sorted(self.places)), attend=self.attend or 0)

    def _match_rule(self) -> PointsRule:
        """Match points: win, draw and loss, each given."""
        match = self.match
        missing = [k for k in ("win", "draw", "loss") if k not in match]
        if missing:
            raise RuleError(
                _(
                    "season rule {rule!r}: match points need win, draw and loss; missing: {keys}",
                    rule=self.text,
                    keys=", ".join(missing),
                )
            )
        return PointsRule("match", (match["win"], match["draw"], match["loss"]), attend=self.attend or 0)


def scoring_notes(rule: PointsRule) -> list[str]:
    """How a bye, an intentional draw, a double loss and elimination matches
    score under ``rule`` (said on the standings page and in docs/season.md)."""
    return _match_notes(rule) if rule.kind == "match" else _place_notes(rule)


def _match_notes(rule: PointsRule) -> list[str]:
    w, d, lo = rule.match
    return [
        _("A bye scores as a match win: {w} points (the guideline counts a bye as a win).", w=w),
        _("An intentional draw scores as a draw: {d} points each.", d=d),
        _("A double loss scores as a loss for both players: {lo} points each.", lo=lo),
        _(
            "Elimination matches score like Swiss matches (win {w}, loss {lo}); a playoff (決定戦) only orders "
            "the players it was held for and scores nothing.",
            w=w,
            lo=lo,
        ),
        _(
            "Turning up scores {a} points an event; unplayed matches of a running event score nothing yet.",
            a=rule.attend,
        ),
    ]


def _place_notes(rule: PointsRule) -> list[str]:
    return [
        _(
            "Only the final place scores; a bye, an intentional draw and a double loss count only through the place they lead to."
        ),
        _(
            "After an elimination stage the place is the final one (winner 1, finalist 2, ...); "
            "otherwise it is the Swiss rank, shared ranks scoring the same."
        ),
        _("An excluded player scores no place points. A running event counts its places as they stand."),
        _("Turning up scores {a} points an event.", a=rule.attend),
    ]
