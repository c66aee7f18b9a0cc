"""Seating a draft: pods and seats (L-DRAFT-POD).

L-DRAFT-POD (the desk's own rule; the guideline sets no table size): a pod
seats 2 to 8; a larger group splits into pods as even as possible
(:func:`split_pods`: 10 -> 5+5, 17 -> 6+6+5).  Humans are spread evenly over
the pods and, at a table, evenly between the bots; who sits where is drawn
from the ``random.Random`` passed in.  limited.draft runs the table and
re-exports these names.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from core.errors import RuleError
from core.i18n import _

__all__ = [
    "POD_MIN",
    "POD_MAX",
    "POD_RULE",
    "Seat",
    "check_pod",
    "check_pod_size",
    "split_pods",
    "seat_table",
    "seat_pods",
]

POD_MIN = 2
POD_MAX = 8
POD_RULE = "L-DRAFT-POD"


def split_pods(players: int, max_size: int = POD_MAX, min_size: int = POD_MIN) -> tuple[int, ...]:
    """Pod sizes for ``players``: as few pods as ``max_size`` allows, sizes as
    even as possible, larger pods first (L-DRAFT-POD): 10 -> (5, 5), 17 -> (6, 6, 5)."""
    _check_split(players, max_size, min_size)
    k = -(-players // max_size)
    q, r = divmod(players, k)
    if q < min_size:
        raise RuleError(
            _(
                "{players} players do not split into pods of {min} to {max}",
                players=players,
                min=min_size,
                max=max_size,
            ),
            POD_RULE,
        )
    return tuple(q + 1 if i < r else q for i in range(k))


def _check_split(players: int, max_size: int, min_size: int) -> None:
    """Pod bounds that make sense (ValueError) and enough players for one pod (L-DRAFT-POD)."""
    if max_size < min_size or min_size < 2:
        raise ValueError("pods seat at least 2 and max_size >= min_size")
    if players < min_size:
        raise RuleError(
            _("{players} player(s): a draft pod seats at least {min}", players=players, min=min_size), POD_RULE
        )


def check_pod_size(pod_size: int | None) -> None:
    """The most players a pod, as the store asks for it (the draft table's form, the draft event's
    ``pod=N``), is one a draft pod can seat (L-DRAFT-POD); None: the default, 8."""
    if pod_size is not None and not POD_MIN <= pod_size <= POD_MAX:
        raise RuleError(
            _("pods of at most {n}: a draft pod seats {min} to {max}", n=pod_size, min=POD_MIN, max=POD_MAX),
            POD_RULE,
        )


def check_pod(n: int) -> None:
    """A pod of ``n`` seats is one a table can seat (L-DRAFT-POD); a larger group is told its split."""
    if n > POD_MAX:
        sizes = "+".join(map(str, split_pods(n)))
        raise RuleError(
            _(
                "a draft pod seats {min} to {max} players, not {n}: split them into pods ({sizes})",
                min=POD_MIN,
                max=POD_MAX,
                n=n,
                sizes=sizes,
            ),
            POD_RULE,
        )
    if n < POD_MIN:
        raise RuleError(_("a draft pod seats {min} to {max} players, not {n}", min=POD_MIN, max=POD_MAX, n=n), POD_RULE)


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    bot: bool = True


def _bot_names(bot_names: Sequence[str] | None, bots: int) -> list[str]:
    """A name for every bot: those given, or Bot 1, Bot 2 ..."""
    names = list(bot_names) if bot_names is not None else [_("Bot {n}", n=i + 1) for i in range(bots)]
    if len(names) != bots:
        raise ValueError("bot_names must name every bot")
    return names


def _spread_humans(order: list[str], n: int, rng: random.Random) -> list[Seat | None]:
    """The humans in ``order`` at seats offset + floor(i*n/h) (offset drawn), the other seats empty."""
    seats: list[Seat | None] = [None] * n
    if order:
        offset = rng.randrange(n)
        for i, name in enumerate(order):
            seats[(offset + i * n // len(order)) % n] = Seat(name, False)
    return seats


def seat_table(
    humans: Sequence[str], bots: int, rng: random.Random, *, bot_names: Sequence[str] | None = None
) -> tuple[Seat, ...]:
    """One table: the humans in a drawn order, spaced as evenly as the bots
    allow (human i at seat offset + floor(i*n/h)), bots in the other seats."""
    n = len(humans) + bots
    check_pod(n)
    order = list(humans)
    rng.shuffle(order)
    names = _bot_names(bot_names, bots)
    seats = _spread_humans(order, n, rng)
    it = iter(names)
    return tuple(s if s is not None else Seat(next(it), True) for s in seats)


def seat_pods(
    humans: Sequence[str], bots: int, rng: random.Random, *, max_size: int = POD_MAX
) -> tuple[tuple[Seat, ...], ...]:
    """Everyone into pods (:func:`split_pods`), the humans drawn and spread
    evenly over the pods (more humans to larger pods), each table laid out
    by :func:`seat_table`; bots are named Bot 1, Bot 2 ... across pods."""
    sizes = split_pods(len(humans) + bots, max_size)
    order = list(humans)
    rng.shuffle(order)
    pods, start, bot_no = [], 0, 0
    for size, h in zip(sizes, _humans_per_pod(len(order), len(sizes))):
        names = [_("Bot {n}", n=bot_no + j + 1) for j in range(size - h)]
        pods.append(seat_table(order[start : start + h], size - h, rng, bot_names=names))
        start += h
        bot_no += size - h
    return tuple(pods)


def _humans_per_pod(humans: int, pods: int) -> list[int]:
    """How many humans each pod seats: as even as can be, the extra ones to the first (larger) pods."""
    q, r = divmod(humans, pods)
    return [q + 1 if i < r else q for i in range(pods)]
