"""Which match results are legal, and what they mean.

A result is written from the first-listed player's side: games won-lost or
won-lost-drawn (``2-1``, ``1-1-1``), or ``id`` for an intentional draw.

- G-BO3: best of three; the first to two game wins takes the match.
- G-BO3-TIME / G-TIME: at time, more game wins takes the match; equal is a draw.
- G-BO1: one game decides; a game unfinished at time is a draw.
- G-CONCEDE: a conceded game is simply a game loss; it is entered as one.
- G-SE: an elimination match must name a winner.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import LyceeError, RuleError

_RESULT = re.compile(r"^\s*(\d+)\s*-\s*(\d+)(?:\s*-\s*(\d+))?\s*$")

#: Drawn games a best-of-three match can plausibly hold within its time.
MAX_DRAWN_GAMES = {"bo3": 3, "bo1": 1}


@dataclass(frozen=True, slots=True)
class Result:
    p1_wins: int
    p2_wins: int
    draws: int = 0
    intentional: bool = False

    @property
    def outcome(self) -> str:
        if self.p1_wins > self.p2_wins:
            return "p1"
        if self.p2_wins > self.p1_wins:
            return "p2"
        return "draw"

    def text(self) -> str:
        if self.intentional:
            return "id"
        base = f"{self.p1_wins}-{self.p2_wins}"
        return f"{base}-{self.draws}" if self.draws else base

    def swapped(self) -> "Result":
        return Result(self.p2_wins, self.p1_wins, self.draws, self.intentional)


def parse_result(text: str) -> Result:
    """Parse ``2-1``, ``1-1-1``, ``0-0`` or ``id``; shape only, no rule check."""
    t = text.strip().lower()
    if t in ("id", "i.d.", "intentional"):
        return Result(0, 0, 0, intentional=True)
    m = _RESULT.match(t)
    if not m:
        raise LyceeError(
            f"'{text}' is not a result: write games won-lost (2-1), won-lost-drawn (1-1-1) or id"
        )
    return Result(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))


def check_result(result: Result, match_type: str, stage: str = "swiss") -> None:
    """Raise :class:`RuleError` (with the rule id) if ``result`` cannot happen."""
    w1, w2, d = result.p1_wins, result.p2_wins, result.draws
    if result.intentional:
        if stage == "top":
            # G-ID-3: in an elimination match an intentional draw leaves the
            # organizer to order a replay or declare no winner.
            raise RuleError(
                "an intentional draw in an elimination match needs the organizer's call: "
                "replay the match or declare no winner",
                "G-ID-3",
            )
        return
    if match_type == "bo3":
        if w1 > 2 or w2 > 2:
            raise RuleError(
                f"{result.text()}: in best of three nobody wins more than two games", "G-BO3"
            )
        if w1 == 2 and w2 == 2:
            raise RuleError(
                f"{result.text()}: the match ends when one player has two game wins", "G-BO3"
            )
        if d > MAX_DRAWN_GAMES["bo3"]:
            raise RuleError(f"{result.text()}: more drawn games than a match can hold", "G-BO3")
    elif match_type == "bo1":
        if w1 + w2 + d > 1:
            raise RuleError(
                f"{result.text()}: best of one is a single game (1-0, 0-1, or 0-0 at time)",
                "G-BO1",
            )
    else:
        raise LyceeError(f"unknown match type {match_type!r}")
    if stage == "top" and result.outcome == "draw":
        raise RuleError(
            f"{result.text()}: an elimination match must name a winner", "G-SE"
        )


def bye_result() -> Result:
    """A bye is a match win counted as 2-0 in games (DESIGN section 5)."""
    return Result(2, 0, 0)
