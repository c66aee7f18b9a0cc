"""A draft bot's pick explained (limited.bots.Bot.explain): each card of the pack scored in named
parts (:class:`ScoredCard`), the pick with its top three and a one-line reason through the catalog
(:class:`PickReason`), and the rules that choose the reason's kind.  The colours a reason names as
the deck's always hold the card's own; before the commitment a reason says of the picks so far only what
holds of them (its colours the most picked, in none of them, or in some: issue 48); a figure that rounds to
nothing reads 0.0, never -0.0."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from core.i18n import _, join_list
from limited.facts import CURVE_BUCKETS, CardFacts, colour_names
from limited.pickvalue import MASK_COLOURS, NC

__all__ = [
    "PARTS",
    "PickReason",
    "ScoredCard",
    "colour_text",
    "picked_by_colour",
    "why_fits",
    "why_off",
    "why_open",
]

#: Names of a card's score parts, in order.
PARTS = ("rating", "colour", "curve", "signal")


def colour_text(mask: int) -> str:
    """Colours of a mask as kanji, 雪・月."""
    return "・".join(colour_names(mask, kanji=True)) or "無"


@dataclass(frozen=True, slots=True)
class ScoredCard:
    """A card of the pack and its value, split into the named PARTS."""

    number: str
    rating: float
    colour: float
    curve: float
    signal: float

    @property
    def total(self) -> float:
        return self.rating + self.colour + self.curve + self.signal

    def as_dict(self) -> dict:
        # + 0.0: a part that rounds to nothing reads 0.0, not -0.0
        return {
            "number": self.number,
            "score": round(self.total, 2) + 0.0,
            **{k: round(getattr(self, k), 2) + 0.0 for k in PARTS},
        }


@dataclass(frozen=True, slots=True)
class PickReason:
    """A bot's pick: the card, the top three, and why.  ``kind`` and ``args``
    make the one-line reason (:meth:`text`, in the current language)."""

    choice: str
    top: tuple[ScoredCard, ...]
    pair: int
    #: The colours the seats upstream seem to be in (0: too early to say).
    upstream: int
    kind: str
    args: tuple[tuple[str, object], ...] = ()

    def text(self) -> str:
        a = dict(self.args)
        for k in ("colours", "signal", "other_colours"):
            if k in a:
                a[k] = colour_text(int(a[k]))  # type: ignore[call-overload]
        t = {
            "first": _("the best rating in the pack ({rating}); colours still open"),
            "open": _("rated {rating}, in {colours}, the most picked so far"),
            "unpicked": _(
                "rated {rating}: no pick so far is in {colours}, but the packs seen so far favour it over the cards "
                "rated as high or higher"
            ),
            "lean": _(
                "rated {rating}, in {colours}: the picks and the packs seen so far favour it over the cards rated "
                "as high or higher"
            ),
            "hedge": _(
                "rated {rating}, castable by any deck, and the picks and the packs seen so far favour it over "
                "the cards rated as high or higher"
            ),
            "best": _("the best card in the pack ({rating}); the deck is in {colours}"),
            "fit": _("the best card in {colours} ({rating}); a higher-rated one is off colour"),
            "curve": _("in {colours}, and the deck still wants cards of cost {cost}"),
            "keep": _(
                "rated {rating}, in {colours}: cards of its colours before those any deck can cast, which "
                "still come late in a pack"
            ),
            "moved": _("moves into {colours}: {signal} keeps flowing from upstream"),
            "shift": _(
                "moves into {colours}, out of {other_colours}: the picks so far and the table's reads now favour it"
            ),
            "last": _("the last card of the pack: taken, not chosen"),
            "away": _("moves into {colours}: the seat it passes to seems to be in {other_colours}"),
            "off": _("off colour, but rated {rating}: far above anything in {colours}"),
            "maybe": _(
                "rated {rating}, in {other_colours}, outside {colours}: by the picks so far the deck may "
                "still move into {other_colours}"
            ),
            "nothing": _("nothing in the pack fits {colours}: the best of the rest"),
            "full": _("the deck is full in {colours}: only cards it can cast help now"),
        }[self.kind]
        return t.format(**a)

    def top_text(self, parts: bool = True) -> str:
        """The top three, each with its score (and with ``parts`` its parts), on one line; a figure
        that rounds to nothing reads 0.0, never -0.0."""
        if not parts:
            return "  ".join(f"{c.number} {_tenths(c.total):.1f}" for c in self.top)
        return join_list(
            f"{c.number} {_tenths(c.total):.1f} ({_('rating')} {c.rating:.0f} {_('colour')} {_tenths(c.colour):+.1f} "
            f"{_('curve')} {_tenths(c.curve):+.1f} {_('signal')} {_tenths(c.signal):+.1f})"
            for c in self.top
        )

    def as_dict(self) -> dict:
        return {
            "choice": self.choice,
            "pair": list(colour_names(self.pair)),
            "upstream": list(colour_names(self.upstream)),
            "reason": self.text(),
            "top": [c.as_dict() for c in self.top],
        }


def _tenths(x: float) -> float:
    """``x`` to one decimal, 0.0 (not -0.0) when it rounds to nothing."""
    return round(x, 1) + 0.0


def picked_by_colour(pool: Sequence[str], by: Mapping[str, CardFacts]) -> list[int]:
    """By colour (COLOURS order): the cards of ``pool`` that need it."""
    out = [0] * NC
    for num in pool:
        for i in MASK_COLOURS[by[num].needs]:
            out[i] += 1
    return out


def why_open(f: CardFacts, c: ScoredCard, top, scored, picked: Sequence[int]) -> tuple[str, dict]:
    """Before the commitment: the colour and signal parts (the belief, from the picks and the packs seen)
    decided when a higher-rated card, or an equal one, lost to the pick.  ``picked``: by colour, the
    picks so far that need it (:func:`picked_by_colour`); the reason says of them only what is true."""
    if not (
        any(x.rating > c.rating for x in scored)
        or (len(top) > 1 and top[1].rating == c.rating and top[1].colour < c.colour)
    ):
        return "first", {"rating": f.rating}
    if not f.needs:
        return "hedge", {"rating": f.rating}
    return _open_kind(f.needs, picked), {"rating": f.rating, "colours": f.needs}


def _open_kind(needs: int, picked: Sequence[int]) -> str:
    """How a coloured pick before the commitment is explained by the picks so far: "open" when its colours
    are the colours picked most (each needed by some pick, and by as many as any other colour),
    "unpicked" when no pick needs them (the packs seen decided), else "lean" (the picks and the packs)."""
    mine = [picked[i] for i in MASK_COLOURS[needs]]
    if not any(mine):
        return "unpicked"
    rest = [n for i, n in enumerate(picked) if not needs >> i & 1]
    if min(mine) > 0 and min(mine) >= max(rest, default=0):
        return "open"
    return "lean"


def why_off(f: CardFacts, scored, pair: int, fits: Callable[[ScoredCard], bool]) -> tuple[str, dict]:
    """A pick the pair cannot cast."""
    if not any(fits(x) for x in scored):
        return "nothing", {"colours": pair}
    if any(fits(x) and x.rating + 2 > f.rating for x in scored):
        # Not far above: the belief still gives its colours a chance of being the deck's.
        return "maybe", {"rating": f.rating, "colours": pair, "other_colours": f.needs}
    return "off", {"rating": f.rating, "colours": pair}


def why_fits(
    f: CardFacts, c: ScoredCard, scored, deck: int, fits: Callable[[ScoredCard], bool], by
) -> tuple[str, dict]:
    """A pick the pair casts (``deck``: the pair with the card's colours)."""
    if all(x.rating <= c.rating for x in scored):
        return "best", {"rating": f.rating, "colours": deck}
    if f.needs and _outrated_by_colourless(c, scored, by):
        return "keep", {"rating": f.rating, "colours": deck}
    if c.curve > 0 and _rival_that_fits(c, scored, fits):
        return "curve", {"colours": deck, "cost": CURVE_BUCKETS[f.bucket]}
    return "fit", {"rating": f.rating, "colours": deck}


def _outrated_by_colourless(c: ScoredCard, scored, by) -> bool:
    """Whether a card that needs no colour rated above ``c`` was in the pack."""
    return any(x.rating > c.rating and not by[x.number].needs for x in scored)


def _rival_that_fits(c: ScoredCard, scored, fits: Callable[[ScoredCard], bool]) -> bool:
    """Whether another card the pair casts, rated as high as ``c``, was in the pack."""
    return any(x.rating >= c.rating and fits(x) and x is not c for x in scored)
