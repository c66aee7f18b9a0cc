"""Booster draft: pods, seats, passing, picks, the pick timer (G-DRAFT-1..4).

- G-DRAFT-1: every player opens a pack, takes one card and passes the rest
  until the packs are empty; the direction alternates from pack to pack.
  Seat numbers run 0..n-1 round the table; pack round 1 passes +1 (to the next
  seat number), round 2 passes -1, and so on.  At pick k (0-based) of a round
  with direction d, seat s holds the pack seat ``s - d*k`` opened, minus the
  k cards taken from it.
- G-DRAFT-2: 4 to 6 packs per player; anything else is refused.
- G-DRAFT-3 / G-DRAFT-4: the deck is packs x 10 cards, any number of a name
  (checked by core.cards.decks.check_draft).
- L-DRAFT-POD (the desk's own rule; the guideline sets no table size): a pod
  seats 2 to 8, a larger group splits into pods (limited.pods, whose names
  this module re-exports: ``split_pods``, ``seat_table``, ``seat_pods``).

The :class:`Draft` engine steps a table through the picks.  All seats pick
from the pack in front of them, then every pack passes at once.  Bots pick as
soon as a step begins; humans pick with :meth:`Draft.pick`.  The pick timer
(:class:`PickTimer`: seconds by cards left in the pack, a desk setting, not
the guideline) is computed from an injected clock, never slept on: a human
seat past its deadline gets the bot's choice through :meth:`Draft.expire` or
:meth:`Draft.timeout_pick`.  Every draw is seeded: the packs from ``seed``,
each seat's picker from ``f"{seed}/{seat}"``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from core.cards.decks import DRAFT_CARDS_PER_PACK, DRAFT_PACKS, Decklist, check_draft, deck_size
from core.cards.model import CardSet
from core.errors import LyceeError, RuleError, ValidationError
from core.i18n import _
from limited.bots import Bot, Picker, PickerFactory, build_deck
from limited.checks import require_legal
from limited.facts import catalog_for, facts_for
from limited.packs import check_booster, open_booster
from limited.pods import POD_MAX, POD_MIN, POD_RULE, Seat, check_pod, seat_pods, seat_table, split_pods

__all__ = [
    "POD_MIN",
    "POD_MAX",
    "POD_RULE",
    "Seat",
    "PickTimer",
    "DEFAULT_PICK_SECONDS",
    "Pick",
    "DraftState",
    "DraftResult",
    "Draft",
    "split_pods",
    "seat_table",
    "seat_pods",
    "direction",
    "source_seat",
    "check_packs",
    "check_draft_booster",
    "open_draft_packs",
    "build_draft_deck",
    "run_draft",
]


#: Seconds for a pick by cards left in the pack (a desk setting; G-DRAFT-TIME
#: only recommends the match time).  More cards than the table lists: the
#: largest entry's time.
DEFAULT_PICK_SECONDS: dict[int, float] = {
    1: 5,
    2: 5,
    3: 10,
    4: 10,
    5: 15,
    6: 20,
    7: 20,
    8: 25,
    9: 30,
    10: 30,
    11: 35,
    12: 40,
}


# -- table layout ---------------------------------------------------------------------------------


def check_packs(packs: int) -> None:
    """G-DRAFT-2: 4 to 6 boosters a player."""
    if not isinstance(packs, int) or isinstance(packs, bool) or packs not in DRAFT_PACKS:
        raise RuleError(
            _(
                "{packs} packs per player: a draft uses {min} to {max}",
                packs=packs,
                min=DRAFT_PACKS.start,
                max=DRAFT_PACKS.stop - 1,
            ),
            "G-DRAFT-2",
        )


def direction(round_index: int) -> int:
    """G-DRAFT-1: +1 (to the next seat number) for the first pack, then alternating."""
    return 1 if round_index % 2 == 0 else -1


def source_seat(seat: int, pick_index: int, round_index: int, seats: int) -> int:
    """The seat that opened the pack ``seat`` holds at pick ``pick_index`` (0-based)."""
    return (seat - direction(round_index) * pick_index) % seats


# -- timer ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PickTimer:
    """Seconds a pick may take, by cards left in the pack (a desk setting)."""

    table: tuple[tuple[int, float], ...] = tuple(sorted(DEFAULT_PICK_SECONDS.items()))

    @classmethod
    def of(cls, table: Mapping[int, float]) -> "PickTimer":
        if not table or any(_bad_timer_entry(k, v) for k, v in table.items()):
            raise ValueError("a pick timer maps cards left (1 or more) to seconds (more than 0)")
        return cls(tuple(sorted(table.items())))

    def seconds(self, cards_left: int) -> float:
        best = self.table[0][1]
        for k, v in self.table:
            if k <= cards_left:
                best = v
            else:
                break
        return best


def _bad_timer_entry(cards_left: int, seconds: float) -> bool:
    """A pick timer entry that is not for 1 or more cards left, or not more than 0 seconds."""
    return cards_left < 1 or seconds <= 0


# -- records --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pick:
    round: int  # 1-based pack round
    pick: int  # 1-based pick number in the round
    seat: int
    offered: tuple[str, ...]
    took: str
    #: A human's pick made by the bot because the timer ran out.
    timeout: bool = False


def _seats(seats: int | Sequence[Seat]) -> tuple[Seat, ...]:
    """The pod's seats: given, or that many bots."""
    if isinstance(seats, int):
        return tuple(Seat(_("Bot {n}", n=i + 1)) for i in range(seats))
    return tuple(seats)


def _set_code(cs: CardSet | None, given: str | None) -> str:
    """The code of the table's set: the set's own, else the one given (a replay without the set), else ""."""
    return cs.code if cs is not None else (given or "")


def _factories(picker: PickerFactory | Sequence[PickerFactory], n: int) -> list[PickerFactory]:
    """One picker factory per seat: the one given for all, or one each."""
    factories = [picker] * n if callable(picker) else list(picker)
    if len(factories) != n:
        raise ValueError("one picker factory per seat")
    return factories


def _packs_of(
    opened: Sequence[Sequence[Sequence[str]]] | None, cs: CardSet | None, n: int, packs: int, seed: int | None
) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The packs of each round, seat by seat: those ``opened`` at the table, else opened here from ``seed``."""
    if opened is None:
        opened = _open_packs(cs, n, packs, seed)
    return tuple(tuple(tuple(p) for p in rnd) for rnd in opened)


def _open_packs(cs: CardSet | None, n: int, packs: int, seed: int | None) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The packs opened for ``n`` seats from the set's boosters (G-DRAFT-1), each
    big enough to give its deck cards (G-DRAFT-4)."""
    if cs is None or seed is None:
        raise ValueError("opening the packs needs the set and a seed")
    check_draft_booster(cs)
    return open_draft_packs(cs, n, packs, seed)


def check_draft_booster(cs: CardSet) -> None:
    """The set has a booster (G-DRAFT-1) big enough to give a pack's deck cards (G-DRAFT-4)."""
    check_booster(cs, "G-DRAFT-1")
    size = cs.booster.size  # type: ignore[union-attr]
    if size < DRAFT_CARDS_PER_PACK:
        raise RuleError(
            _(
                "set {code}: a booster of {size} cards cannot give {per_pack} deck cards a pack",
                code=cs.code,
                size=size,
                per_pack=DRAFT_CARDS_PER_PACK,
            ),
            "G-DRAFT-4",
        )


def _round_shape_problems(r: int, rnd: Sequence[Sequence[str]], n: int) -> list[tuple[str, str]]:
    """Round ``r`` of opened packs: one pack a seat, all of one size, not empty."""
    if len(rnd) != n:
        return [(f"opened[{r}]", _("{n} packs for {seats} seats", n=len(rnd), seats=n))]
    if len({len(p) for p in rnd}) != 1 or not rnd[0]:
        return [(f"opened[{r}]", _("the packs of a round must hold the same number of cards"))]
    return []


def _round_problems(r: int, rnd: Sequence[Sequence[str]], n: int, cs: CardSet | None) -> list[tuple[str, str]]:
    """What is wrong with round ``r`` of opened packs: its shape, and (with the set) cards not of it."""
    problems = _round_shape_problems(r, rnd, n)
    if cs is not None:
        problems += _unknown_card_problems(r, rnd, cs)
    return problems


def _unknown_card_problems(r: int, rnd: Sequence[Sequence[str]], cs: CardSet) -> list[tuple[str, str]]:
    """Each card of round ``r``'s packs that is not of the set."""
    return [
        (f"opened[{r}][{s}][{j}]", _("{num} is not a card of set {code}", num=num, code=cs.code))
        for s, p in enumerate(rnd)
        for j, num in enumerate(p)
        if num not in cs
    ]


@dataclass(frozen=True)
class DraftState:
    """A snapshot of a table for a UI to show."""

    round: int  # 1-based; packs + 1 when done
    rounds: int
    pick: int  # 1-based pick number in the round
    direction: int
    #: Per seat: the pack it must pick from now, or None when it has picked this step.
    offered: tuple[tuple[str, ...] | None, ...]
    waiting: tuple[int, ...]
    pool_sizes: tuple[int, ...]
    deadlines: tuple[float | None, ...]
    done: bool

    def passes_to(self, seat: int) -> int:
        return (seat + self.direction) % len(self.offered)


@dataclass(frozen=True)
class DraftResult:
    """A finished table: everything a ``lycee-draft/1`` log holds."""

    set_code: str
    seed: int | None
    packs: int
    seats: tuple[Seat, ...]
    #: opened[round][seat]: the pack each seat opened each round.
    opened: tuple[tuple[tuple[str, ...], ...], ...]
    picks: tuple[Pick, ...]
    pools: tuple[tuple[str, ...], ...]
    decks: tuple[Decklist | None, ...] = field(default=())

    def with_decks(self, decks: Sequence[Decklist | None]) -> "DraftResult":
        if len(decks) != len(self.seats):
            raise ValueError("one deck (or None) per seat")
        return DraftResult(
            self.set_code, self.seed, self.packs, self.seats, self.opened, self.picks, self.pools, tuple(decks)
        )


# -- the engine -----------------------------------------------------------------------------------


def open_draft_packs(cs: CardSet, seats: int, packs: int, seed: int) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Every pack of a table, round by round, seat by seat, from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return tuple(tuple(open_booster(cs, rng) for _ in range(seats)) for _ in range(packs))


class Draft:
    """One table's draft, driven step by step (module docstring).

    ``seats``: a count (all bots) or Seats.  ``picker``: how bots pick, one
    factory or one per seat (default :class:`~limited.bots.Bot`).  ``opened``:
    the packs as opened (a replay) instead of opening them from ``seed``.
    ``autopick=False``: nobody picks by itself (a replay drives every seat).
    ``clock``: seconds as a float (e.g. ``time.monotonic``) for the timer.
    """

    def __init__(
        self,
        cs: CardSet | None,
        seats: int | Sequence[Seat],
        packs: int,
        seed: int | None,
        *,
        picker: PickerFactory | Sequence[PickerFactory] = Bot,
        opened: Sequence[Sequence[Sequence[str]]] | None = None,
        timer: PickTimer | None = None,
        clock: Callable[[], float] | None = None,
        autopick: bool = True,
        auto_last: bool = True,
        set_code: str | None = None,
    ):
        check_packs(packs)
        self.seats: tuple[Seat, ...] = _seats(seats)
        n = len(self.seats)
        check_pod(n)
        self.set = cs
        self.set_code = _set_code(cs, set_code)
        self.packs = packs
        self.seed = seed
        self.opened = _packs_of(opened, cs, n, packs, seed)
        self._check_opened()
        self.deck_size = deck_size("draft", packs)
        self.timer = timer
        self.clock = clock
        self.autopick = autopick
        self.auto_last = auto_last
        self._factories = _factories(picker, n)
        self._pickers: list[Picker | None] = [None] * n
        self._facts = facts_for(cs) if cs is not None else None
        self._round = 0
        self._k = 0
        self._held: list[list[str]] = [list(p) for p in self.opened[0]]
        self._picked = [False] * n
        self._waiting = n
        self._pools: list[list[str]] = [[] for _ in range(n)]
        self._picks: list[Pick] = []
        self._deadlines: list[float | None] = [None] * n
        self._done = False
        self._start_step()
        self._settle()

    def _check_opened(self) -> None:
        """The packs as opened: one round a pack, each round one pack a seat, cards of the set."""
        n = len(self.seats)
        problems = self._round_count_problems()
        for r, rnd in enumerate(self.opened):
            problems += _round_problems(r, rnd, n, self.set)
        if problems:
            raise ValidationError(_("the draft packs"), problems)

    def _round_count_problems(self) -> list[tuple[str, str]]:
        """A round of packs opened for each pack a player drafts."""
        if len(self.opened) == self.packs:
            return []
        return [("opened", _("{n} rounds of packs for a {packs}-pack draft", n=len(self.opened), packs=self.packs))]

    # -- reading ----------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self._done

    @property
    def round(self) -> int:
        """1-based pack round (packs + 1 once done)."""
        return self._round + 1

    @property
    def pick_number(self) -> int:
        """1-based pick number within the round."""
        return self._k + 1

    @property
    def direction(self) -> int:
        return direction(self._round)

    def offered(self, seat: int) -> tuple[str, ...] | None:
        """The pack ``seat`` must pick from now, or None (picked this step, or done)."""
        self._seat(seat)
        if self._done or self._picked[seat]:
            return None
        return tuple(self._held[seat])

    def waiting(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.seats)) if not self._done and not self._picked[s])

    def pool(self, seat: int) -> tuple[str, ...]:
        self._seat(seat)
        return tuple(self._pools[seat])

    @property
    def picks(self) -> tuple[Pick, ...]:
        return tuple(self._picks)

    def seen(self, seat: int) -> list[tuple[str, ...]]:
        """The packs ``seat`` was offered, pick by pick (``pool(seat)[:i]`` was
        its pool at the pick ``i + 1``)."""
        self._seat(seat)
        return [p.offered for p in self._picks if p.seat == seat]

    def deadline(self, seat: int) -> float | None:
        self._seat(seat)
        return None if self._done or self._picked[seat] else self._deadlines[seat]

    def time_left(self, seat: int, now: float | None = None) -> float | None:
        """Seconds until ``seat``'s pick times out (never below 0), None without a timer."""
        d = self.deadline(seat)
        if d is None:
            return None
        now = self._now(now)
        return max(0.0, d - now)

    def state(self) -> DraftState:
        n = len(self.seats)
        return DraftState(
            round=self.round,
            rounds=self.packs,
            pick=self.pick_number,
            direction=self.direction,
            offered=tuple(self.offered(s) for s in range(n)),
            waiting=self.waiting(),
            pool_sizes=tuple(len(p) for p in self._pools),
            deadlines=tuple(self.deadline(s) for s in range(n)),
            done=self._done,
        )

    def result(self, decks: Sequence[Decklist | None] | None = None) -> DraftResult:
        self._require_done()
        res = DraftResult(
            self.set_code,
            self.seed,
            self.packs,
            self.seats,
            self.opened,
            tuple(self._picks),
            tuple(tuple(p) for p in self._pools),
            (None,) * len(self.seats),
        )
        return res.with_decks(decks) if decks is not None else res

    def bot_decks(self, match: str = "bo3") -> list[Decklist | None]:
        """The bot builder's deck (G-DRAFT-4, checked) for every bot seat of the finished draft, None
        for a human's (who builds their own): what a practice log stores, so the bots' decks can be
        reviewed."""
        if self.set is None:
            raise LyceeError(_("bots need the card set"))
        res = self.result()
        cs = self.set
        return [
            build_draft_deck(pool, cs, self.packs, match=match) if seat.bot else None
            for seat, pool in zip(res.seats, res.pools)
        ]

    def _require_done(self) -> None:
        """Refuse what needs the finished table while picks are left."""
        if not self._done:
            raise LyceeError(
                _("the draft is not over: pack {round}, pick {pick}", round=self.round, pick=self.pick_number)
            )

    # -- acting -----------------------------------------------------------------------------

    def pick(self, seat: int, card: str) -> Pick:
        """``seat`` takes ``card`` from the pack in front of it (G-DRAFT-1)."""
        self._seat(seat)
        self._not_a_bot(seat)
        self._can_pick(seat)
        self._holds(seat, card)
        p = self._take(seat, card)
        self._settle()
        return p

    def _not_a_bot(self, seat: int) -> None:
        """Refuse a hand pick for a seat whose bot picks by itself."""
        if self.autopick and self.seats[seat].bot:
            raise LyceeError(
                _("seat {seat} ({name}) is a bot: it picks by itself", seat=seat, name=self.seats[seat].name)
            )

    def _holds(self, seat: int, card: str) -> None:
        """Refuse a card that is not in the pack ``seat`` holds (G-DRAFT-1)."""
        if card not in self._held[seat]:
            raise RuleError(
                _(
                    "{card} is not in the pack seat {seat} holds at pack {round}, pick {pick}",
                    card=card,
                    seat=seat,
                    round=self.round,
                    pick=self.pick_number,
                ),
                "G-DRAFT-1",
            )

    def timeout_pick(self, seat: int) -> Pick:
        """``seat``'s time ran out: the bot's choice is taken for it."""
        self._seat(seat)
        self._can_pick(seat)
        bot = self._bot_for(seat, timeout=True)
        if isinstance(bot, Bot) and not self.seats[seat].bot:  # it was not shown the packs the human picked from
            bot.catch_up(self.seen(seat), self._pools[seat])
        p = self._take(seat, bot.choose(self._held[seat], self._pools[seat]), timeout=True)
        self._settle()
        return p

    def expire(self, now: float | None = None) -> list[Pick]:
        """Time out every seat of this step whose deadline has passed at ``now``
        (default: the clock)."""
        now = self._now(now)
        out = []
        step = (self._round, self._k)
        for s in range(len(self.seats)):
            if not self._at_step(step):
                break
            if self._overdue(s, now):
                out.append(self.timeout_pick(s))
        return out

    def _at_step(self, step: tuple[int, int]) -> bool:
        """Whether the table is still at ``step`` (round, pick): not moved on, not over."""
        return (self._round, self._k) == step and not self._done

    def _overdue(self, seat: int, now: float) -> bool:
        """Whether ``seat`` has still to pick and its deadline has passed at ``now``."""
        d = self._deadlines[seat]
        return not self._picked[seat] and d is not None and d <= now

    # -- inside ---------------------------------------------------------------------------------

    def _seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise LyceeError(_("no seat {seat!r}: seats are 0 to {n}", seat=seat, n=len(self.seats) - 1))

    def _can_pick(self, seat: int) -> None:
        if self._done:
            raise LyceeError(_("the draft is over"))
        if self._picked[seat]:
            raise RuleError(
                _(
                    "seat {seat} has taken its card for pack {round}, pick {pick}; it waits for the next pack",
                    seat=seat,
                    round=self.round,
                    pick=self.pick_number,
                ),
                "G-DRAFT-1",
            )

    def _now(self, now: float | None) -> float:
        if now is not None:
            return now
        if self.clock is None:
            raise LyceeError(_("the draft has no clock: pass the time"))
        return self.clock()

    def _bot_for(self, seat: int, timeout: bool = False) -> Picker:
        p = self._pickers[seat]
        if p is None:
            p = self._pickers[seat] = self._new_picker(seat, timeout)
        return p

    def _new_picker(self, seat: int, timeout: bool) -> Picker:
        """The picker of ``seat``, drawn from ``f"{seed}/{seat}"``: the seat's own, or a Bot for a
        human's pick the timer takes."""
        if self._facts is None:
            raise LyceeError(_("bots need the card set"))
        factory = Bot if timeout and not self.seats[seat].bot else self._factories[seat]
        p = factory(self._facts, self.deck_size, random.Random(f"{self.seed}/{seat}"))
        if isinstance(p, Bot):  # the pick and the side a pack comes from (what flows, limited.bots)
            p.pack_size = len(self.opened[0][0])
        return p

    def _take(self, seat: int, card: str, timeout: bool = False) -> Pick:
        held = self._held[seat]
        offered = tuple(held)
        held.remove(card)
        self._pools[seat].append(card)
        p = Pick(self._round + 1, self._k + 1, seat, offered, card, timeout)
        self._picks.append(p)
        self._picked[seat] = True
        self._waiting -= 1
        return p

    def _start_step(self) -> None:
        if self.timer is not None and self.clock is not None:
            t = self.clock()
            for s in range(len(self.seats)):
                self._deadlines[s] = t + self.timer.seconds(len(self._held[s]))

    def _advance(self) -> None:
        """Every pack passes on (G-DRAFT-1); empty packs end the round, the last round the draft."""
        self._pass_packs()
        if not self._held[0]:
            self._next_round()
        if self._done:
            return
        n = len(self.seats)
        self._picked = [False] * n
        self._waiting = n
        self._start_step()

    def _pass_packs(self) -> None:
        """Each seat hands its pack on in the round's direction and holds the one passed to it."""
        n = len(self.seats)
        d = direction(self._round)
        held = self._held
        self._held = [held[(s - d) % n] for s in range(n)]
        self._k += 1

    def _next_round(self) -> None:
        """The packs of the next round are opened, or after the last round the draft is over."""
        self._round += 1
        self._k = 0
        if self._round == self.packs:
            self._done = True
            self._deadlines = [None] * len(self.seats)
            return
        self._held = [list(p) for p in self.opened[self._round]]

    def _settle(self) -> None:
        """Bot picks (and forced last cards) until a human must act or the draft ends."""
        bots = self._bot_seats()
        while not self._done:
            if self._waiting == 0:
                self._advance()
                continue
            self._bots_pick(bots)
            if self.auto_last:
                self._take_last_cards()
            if self._waiting:
                return

    def _bot_seats(self) -> list[int]:
        """The seats whose picks the draft makes itself: its bots, when it picks for them."""
        if not self.autopick:
            return []
        return [s for s, seat in enumerate(self.seats) if seat.bot]

    def _bots_pick(self, bots: list[int]) -> None:
        """Each bot seat still to pick this step picks."""
        for s in bots:
            if not self._picked[s]:
                self._take(s, self._bot_for(s).choose(self._held[s], self._pools[s]))

    def _take_last_cards(self) -> None:
        """Each seat still to pick from a pack of one card takes it."""
        for s in range(len(self.seats)):
            if not self._picked[s] and len(self._held[s]) == 1:
                self._take(s, self._held[s][0])


# -- decks ------------------------------------------------------------------------------------------


def build_draft_deck(pool: Sequence[str], cs: CardSet, packs: int, *, match: str = "bo3") -> Decklist:
    """The bot builder's deck of packs x 10 from a drafted pool (G-DRAFT-4, any
    number of a name G-DRAFT-3), spares up to 12 in best of three (G-SPARE-1);
    checked by core.cards.decks.check_draft."""
    deck = build_deck(
        pool, facts_for(cs), deck_size("draft", packs), name_limit=None, spares=12 if match == "bo3" else 0
    )
    require_legal(check_draft(deck, catalog_for(cs), packs=packs, pool=pool, match=match))
    return deck


def run_draft(
    cs: CardSet,
    seats: int | Sequence[Seat] = 8,
    packs: int = 4,
    seed: int = 0,
    *,
    picker: PickerFactory | Sequence[PickerFactory] = Bot,
    build: bool = True,
    match: str = "bo3",
) -> DraftResult:
    """A whole table drafted by pickers (bots by default) and, with ``build``,
    a deck built for every seat."""
    d = Draft(cs, seats, packs, seed, picker=picker)
    _bots_pick_for_humans(d)
    res = d.result()
    if build:
        res = res.with_decks([build_draft_deck(p, cs, packs, match=match) for p in res.pools])
    return res


def _bots_pick_for_humans(d: Draft) -> None:
    """Every human seat's picks made by the bot, as if each timer ran out, until the draft is over."""
    while not d.done:
        for s in d.waiting():
            if d.offered(s) is not None:
                d.timeout_pick(s)
