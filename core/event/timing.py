"""Recommended match time limits by format (advice the app shows; the
organizer decides):

- G-MATCH-TIME: best of three, 50 to 100 minutes a match.
- G-BO1: best of one, 20 to 40 minutes.
- G-SEALED: sealed, 30 to 50 minutes, whatever the match type: it is the
  more specific rule, so a sealed best of three is advised 30 to 50, not
  G-MATCH-TIME's 50 to 100 (our reading, said in the warning).
- G-DRAFT-TIME: booster draft, 30 to 40 minutes best of one, or 50 minutes
  or more best of three (with spare cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.i18n import _


@dataclass(frozen=True, slots=True)
class Recommendation:
    low: int
    high: int | None  # None: no upper bound
    rule: str

    def fits(self, minutes: int) -> bool:
        return minutes >= self.low and (self.high is None or minutes <= self.high)


#: kind -> (the range for best of one, for best of three); any other kind is constructed's
_RECOMMENDED = {
    "draft": (Recommendation(30, 40, "G-DRAFT-TIME"), Recommendation(50, None, "G-DRAFT-TIME")),
    "sealed": (Recommendation(30, 50, "G-SEALED"), Recommendation(30, 50, "G-SEALED")),
}
_CONSTRUCTED = (Recommendation(20, 40, "G-BO1"), Recommendation(50, 100, "G-MATCH-TIME"))


def recommended_minutes(kind: str, match: str) -> Recommendation:
    bo1, bo3 = _RECOMMENDED.get(kind, _CONSTRUCTED)
    return bo1 if match == "bo1" else bo3


def minutes_advice(match: str, minutes: int, kind: str = "constructed") -> str | None:
    """The recommended range as a warning when ``minutes`` falls outside it
    (G-MATCH-TIME, G-BO1, G-SEALED, G-DRAFT-TIME), else None.  The organizer
    decides; this only advises (``lycee event new``/``event set``, the app's form)."""
    r = recommended_minutes(kind, match)
    if r.fits(minutes):
        return None
    said = _(
        "{minutes} minutes a match is outside the recommended {range} ({rule})",
        minutes=minutes,
        range=_range_words(r),
        rule=r.rule,
    )
    if kind == "sealed" and match == "bo3":
        # G-SEALED names no match type: the sealed range applies to best of three too,
        # over G-MATCH-TIME's 50 to 100 minutes (which is for constructed)
        said += "; " + _(
            "for sealed the sealed range applies, best of three too, not the 50 to 100 minutes of "
            "G-MATCH-TIME (that is for constructed)"
        )
    return said


def _range_words(r: Recommendation) -> str:
    """The recommended range in words (open above when it has no upper bound)."""
    if r.high is None:
        return _("{low} minutes or more", low=r.low)
    return _("{low} to {high} minutes", low=r.low, high=r.high)
