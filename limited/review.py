"""Pick review of a ``lycee-draft/1`` log (``lycee draft review``, the review screen).

For one seat, pick by pick: what was offered, what was taken, and what the
draft bot (:class:`limited.bots.Bot`, fed the same packs and the seat's own
pool so far) would have taken, with its reason; marked where they differ.
Then, for the table, what every seat took (its two main colours) and which
colours flowed to the seat from each side (G-DRAFT-1: odd packs come from the
previous seat number, even packs from the next).

Any log reviews: a practice draft, a simulated table, or a real table the
caller entered (limited.caller).  The log is replayed first
(:func:`limited.draftlog.replay`), so a review never reads a broken log.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.cards.model import CardSet
from core.errors import LyceeError
from core.i18n import _, join_list
from limited.bots import Bot, PickReason, colour_text
from limited.draft import DraftResult, direction
from limited.facts import COLOURS, facts_for

__all__ = ["ReviewedPick", "SeatReview", "review_seat", "main_colours", "review_json"]


@dataclass(frozen=True, slots=True)
class ReviewedPick:
    pack: int
    pick: int
    offered: tuple[str, ...]
    took: str
    reason: PickReason
    timeout: bool = False

    @property
    def suggested(self) -> str:
        return self.reason.choice

    @property
    def differs(self) -> bool:
        return self.took != self.reason.choice


@dataclass(frozen=True, slots=True)
class SeatReview:
    seat: int
    name: str
    picks: tuple[ReviewedPick, ...]
    #: Every seat's two main colours (bit mask), by seat.
    mains: tuple[int, ...]
    #: The two colours (bit masks) that flowed most to the seat: from the previous seat
    #: number (odd packs) and from the next (even packs).
    flow_lower: int
    flow_higher: int

    @property
    def agree(self) -> int:
        return sum(not p.differs for p in self.picks)

    @property
    def packs(self) -> int:
        """Packs each seat opened (the seat's last pick is in the last one)."""
        return max((p.pack for p in self.picks), default=0)

    def flow_line(self) -> str:
        """What flowed to the seat (counted from 1, as people read seats) from each side, naming the packs that came from it
        (「パック1・3」 of a 4-pack draft: odd packs from the previous seat, even from the next)."""
        lower = _colours_or(self.flow_lower, "-")
        higher = _colours_or(self.flow_higher, "-")
        odd = join_list(range(1, self.packs + 1, 2), words=True)
        if self.packs < 2:
            return _(
                "Flowed to seat {seat}: from the previous seat (pack {odd}) {lower}",
                seat=self.seat + 1,
                odd=odd,
                lower=lower,
            )
        return _(
            "Flowed to seat {seat}: from the previous seat (packs {odd}) {lower}; from the next seat (packs {even}) "
            "{higher}",
            seat=self.seat + 1,
            odd=odd,
            even=join_list(range(2, self.packs + 1, 2), words=True),
            lower=lower,
            higher=higher,
        )


def main_colours(pool, cs: CardSet) -> int:
    """The two colours most of a pool's cards need (rating + 1 a card; COLOURS order on ties)."""
    w = _colour_weights(pool, cs)
    order = sorted(range(len(COLOURS)), key=lambda i: (-w[i], i))
    return sum(1 << i for i in order[:2] if w[i] > 0)


def _colour_weights(pool, cs: CardSet) -> list[int]:
    """By colour (COLOURS order): rating + 1 for each card of the pool that needs it."""
    by = facts_for(cs).by_number
    w = [0] * len(COLOURS)
    for num in pool:
        f = by[num]
        for i in range(len(COLOURS)):
            if f.needs >> i & 1:
                w[i] += f.rating + 1
    return w


def review_seat(res: DraftResult, seat: int, cs: CardSet) -> SeatReview:
    """The review of ``seat`` (numbered from 0, as in the log) in a finished (replayed) table."""
    _check_seat(seat, len(res.seats))
    bot = Bot(facts_for(cs), res.packs * 10, pack_size=len(res.opened[0][0]))
    picks = _reviewed_picks(res, seat, bot)
    # side 0 (odd packs, direction +1) comes from the previous seat number
    lower, higher = (0, 1) if direction(0) == 1 else (1, 0)
    return SeatReview(
        seat,
        res.seats[seat].name,
        picks,
        tuple(main_colours(p, cs) for p in res.pools),
        _strongest(bot.flow[lower]),
        _strongest(bot.flow[higher]),
    )


def _check_seat(seat: int, n: int) -> None:
    """Refuse a seat the log does not have (seats 0 to n - 1)."""
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise LyceeError(
            _("no seat {seat} in this draft log: its seats are 0 to {last} (--seat)", seat=seat, last=n - 1)
        )


def _reviewed_picks(res: DraftResult, seat: int, bot: Bot) -> tuple[ReviewedPick, ...]:
    """``seat``'s picks in order, each with what ``bot``, fed the same packs and the seat's pool so far,
    would have taken and why."""
    pool: list[str] = []
    out = []
    for p in res.picks:
        if p.seat != seat:
            continue
        out.append(ReviewedPick(p.round, p.pick, p.offered, p.took, bot.explain(p.offered, pool), p.timeout))
        pool.append(p.took)
    return tuple(out)


def _strongest(flow: list[float]) -> int:
    """The two colours (bit mask) that flowed most from one side (COLOURS order on ties), 0 when none did."""
    if not any(flow):
        return 0
    pos = sorted(range(len(COLOURS)), key=lambda i: (-flow[i], i))[:2]
    return sum(1 << i for i in pos)


def review_json(rv: SeatReview) -> dict:
    """The ``draft review --json`` document (the command line in README.md)."""
    return {
        "seat": rv.seat,
        "name": rv.name,
        "picks": [_pick_json(p) for p in rv.picks],
        "agree": rv.agree,
        "seats": [{"seat": i, "colours": colour_text(m)} for i, m in enumerate(rv.mains)],
        "flow": {
            "from_previous_seat": _colours_or(rv.flow_lower, ""),
            "from_next_seat": _colours_or(rv.flow_higher, ""),
        },
    }


def _pick_json(p: ReviewedPick) -> dict:
    """One reviewed pick of ``draft review --json``; ``timeout`` only when the clock took it."""
    return {
        "pick": p.pick,
        "pack": p.pack,
        "offered": list(p.offered),
        "took": p.took,
        "suggested": p.suggested,
        "reason": p.reason.text(),
        "differs": p.differs,
        **({"timeout": True} if p.timeout else {}),
        "top": [c.as_dict() for c in p.reason.top],
    }


def _colours_or(mask: int, none: str) -> str:
    """The colours of ``mask`` as text, or ``none`` when it holds none."""
    return colour_text(mask) if mask else none
