"""Opening boosters and starters from a set's data (G-SEALED, G-DRAFT-1, G-DRAFT-4).

Pack sizes, rarity slots, upgrade chances, duplicate protection and starter
contents are data of each set (``core.cards.model.BoosterDef`` / ``StarterDef``);
nothing here fixes a number.  Every draw comes from the ``random.Random``
passed in, so the same seed opens the same cards.

How a pack is drawn (the contract of ``core.cards.model.RaritySlot``):

- Slots in order.  A slot with upgrades takes one uniform draw; the first
  upgrade whose cumulative chance exceeds it turns the slot's *last* card into
  that rarity.
- With duplicate protection, the cards of each rarity are drawn without
  replacement (no number twice in one pack); without it, each card is an
  independent uniform draw from its rarity.
- A fixed starter is its list, in order, each card as many times as listed.

A set built in code (not through the loader) may not be openable: no booster,
a slot asking for more distinct cards than the rarity has, a fixed starter
naming a card the set lacks.  These raise a clear error naming the set and the
slot (``$.booster.slots[1]``), once per set: the check is cached.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from core.cards.model import CardSet, RaritySlot, StarterDef, slot_demand
from core.errors import RuleError, ValidationError
from core.i18n import _, join_list
from core.labels import sentences
from limited.facts import PerSet

__all__ = ["Pack", "open_booster", "open_starter", "choose_starter", "check_booster", "check_starters", "booster_size"]


@dataclass(frozen=True, slots=True)
class Pack:
    """One opened product: ``kind`` booster or starter, its cards (numbers) in pack order."""

    kind: str
    cards: tuple[str, ...]
    #: The starter's id (starters only).
    starter: str | None = None

    def __len__(self) -> int:
        return len(self.cards)


def _what(kind: str) -> str:
    return {"booster": _("booster"), "starter": _("starter")}.get(kind, kind)


def _slot_path(slots: Sequence[RaritySlot], rarity: str, path: str) -> str:
    """Where the first slot (or upgrade) of ``rarity`` is, as a JSON path; ``path`` when none is."""
    for i, s in enumerate(slots):
        if s.rarity == rarity:
            return f"{path}[{i}]"
        j = _upgrade_index(s, rarity)
        if j is not None:
            return f"{path}[{i}].upgrades[{j}]"
    return path


def _upgrade_index(slot: RaritySlot, rarity: str) -> int | None:
    """Which of the slot's upgrades turns its last card into ``rarity`` (the first), or None."""
    return next((j for j, u in enumerate(slot.upgrades) if u.rarity == rarity), None)


def _slot_rarities(slots: Sequence[RaritySlot], rng: random.Random) -> list[str]:
    """The rarity of each card the slots give, a slot's last card upgraded by chance (one draw a slot with upgrades)."""
    rarities: list[str] = []
    for s in slots:
        start = len(rarities)
        rarities.extend([s.rarity] * s.count)
        up = _drawn_upgrade(s, rng) if s.upgrades else None
        if up is not None:
            rarities[start + s.count - 1] = up
    return rarities


def _drawn_upgrade(slot: RaritySlot, rng: random.Random) -> str | None:
    """The rarity the slot's last card is upgraded to, or None: one uniform draw, the first upgrade
    whose cumulative chance exceeds it."""
    r, acc = rng.random(), 0.0
    for u in slot.upgrades:
        acc += u.chance
        if r < acc:
            return u.rarity
    return None


def _slot_fill_problem(cs: CardSet, what: str, rarity: str, need: int, have: int, distinct: bool) -> str:
    """Why the set's ``rarity`` cards cannot fill a product's slots: too few different ones for
    duplicate protection (``distinct``), or none at all."""
    if distinct:
        return _(
            "a {what} of set {code} can need {need} different {rarity} cards "
            "but the set has {have} (duplicate protection is on)",
            what=_what(what),
            code=cs.code,
            need=need,
            rarity=rarity,
            have=have,
        )
    return _("set {code} has no {rarity} card to fill this slot", code=cs.code, rarity=rarity)


class _Opener:
    """Per-set draw tables, checked once."""

    def __init__(self, cs: CardSet):
        by: dict[str, list[str]] = {}
        for c in cs.cards:
            by.setdefault(c.rarity, []).append(c.number)
        self.by_rarity: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in by.items()}
        self.booster_problems = self._booster_problems(cs)
        self.starter_problems: dict[str, list[tuple[str, str]]] = {
            st.id: self._starter_problems(cs, st, f"$.starters[{i}]") for i, st in enumerate(cs.starters)
        }

    def _booster_problems(self, cs: CardSet) -> list[tuple[str, str]]:
        """What is wrong with the set's booster: its slots, and their count against its size."""
        if cs.booster is None:
            return []
        probs = self._slot_problems(cs, cs.booster.slots, "$.booster.slots", cs.booster.duplicate_protection, "booster")
        held = sum(s.count for s in cs.booster.slots)
        if held != cs.booster.size:
            probs.append(("$.booster.size", _("is {size} but the slots hold {held}", size=cs.booster.size, held=held)))
        return probs

    def _starter_problems(self, cs: CardSet, st, where: str) -> list[tuple[str, str]]:
        """What is wrong with one starter: its slots, or its fixed list's cards."""
        if st.slots:
            return self._slot_problems(cs, st.slots, f"{where}.slots", st.duplicate_protection, "starter")
        probs = [
            (f"{where}.cards[{j}].number", _("{num} is not a card of set {code}", num=num, code=cs.code))
            for j, (num, _k) in enumerate(st.cards)
            if num not in cs
        ]
        if not st.cards:
            probs.append((f"{where}.cards", _("a fixed starter lists no cards")))
        return probs

    def _slot_problems(
        self, cs: CardSet, slots: Sequence[RaritySlot], path: str, distinct: bool, what: str
    ) -> list[tuple[str, str]]:
        out = []
        if not slots:
            out.append((path, _("a {what} of set {code} has no slots", what=_what(what), code=cs.code)))
        for rarity, need in slot_demand(slots).items():
            have = len(self.by_rarity.get(rarity, ()))
            if (need > have) if distinct else (have == 0):
                out.append(
                    (_slot_path(slots, rarity, path), _slot_fill_problem(cs, what, rarity, need, have, distinct))
                )
        return out

    def draw(self, slots: Sequence[RaritySlot], distinct: bool, rng: random.Random) -> tuple[str, ...]:
        """One pack of ``slots``: the rarities drawn first, then a card of each (module docstring)."""
        rarities = _slot_rarities(slots, rng)
        if distinct:
            return self._distinct_cards(rarities, rng)
        choice = rng.choice
        return tuple(choice(self.by_rarity[r]) for r in rarities)

    def _distinct_cards(self, rarities: list[str], rng: random.Random) -> tuple[str, ...]:
        """A card of each rarity, no number twice (duplicate protection): each rarity's cards drawn without
        replacement."""
        drawn = {r: rng.sample(self.by_rarity[r], k) for r, k in Counter(rarities).items()}
        return tuple(drawn[r].pop() for r in rarities)


_opener = PerSet(_Opener)


def check_booster(cs: CardSet, rule: str = "G-DRAFT-1") -> None:
    """Refuse a set whose booster cannot be opened: no booster at all
    (RuleError under ``rule``), or slots it cannot fill (ValidationError naming
    the set and the slot)."""
    if cs.booster is None:
        raise RuleError(_("set {code} has no booster: it cannot be drafted or opened as boosters", code=cs.code), rule)
    problems = _opener(cs).booster_problems
    if problems:
        raise ValidationError(_("the booster of set {code}", code=cs.code), problems)


def booster_size(cs: CardSet) -> int:
    check_booster(cs)
    return cs.booster.size  # type: ignore[union-attr]


def check_starters(cs: CardSet) -> None:
    """Refuse a set with no starter, or a starter that cannot be opened (G-SEALED)."""
    if not cs.starters:
        raise RuleError(_("set {code} has no starter: sealed needs starter packs", code=cs.code), "G-SEALED")
    op = _opener(cs)
    problems = [p for st in cs.starters for p in op.starter_problems[st.id]]
    if problems:
        raise ValidationError(_("the starters of set {code}", code=cs.code), problems)


def open_booster(cs: CardSet, rng: random.Random) -> tuple[str, ...]:
    """One booster of ``cs``: its card numbers in slot order (G-DRAFT-1).

    Raises RuleError when the set has no booster, ValidationError naming the
    slot when a slot cannot be filled."""
    check_booster(cs)
    b = cs.booster
    return _opener(cs).draw(b.slots, b.duplicate_protection, rng)  # type: ignore[union-attr]


def choose_starter(cs: CardSet, rng: random.Random) -> StarterDef:
    """Which starter a player gets: one of the set's starters, uniformly (G-SEALED)."""
    check_starters(cs)
    return cs.starters[rng.randrange(len(cs.starters))]


def _named_starter(cs: CardSet, starter: str) -> StarterDef:
    """The set's starter of that id, or RuleError naming those it has (G-SEALED)."""
    try:
        return cs.starter(starter)
    except KeyError:
        known = join_list(s.id for s in cs.starters)
        raise RuleError(
            _("set {code} has no starter {starter!r} (known: {known})", code=cs.code, starter=starter, known=known),
            "G-SEALED",
        ) from None


def open_starter(cs: CardSet, rng: random.Random, starter: str | StarterDef | None = None) -> Pack:
    """One starter pack (G-SEALED): the named one, or one drawn at random.

    A fixed starter gives its list; a slotted one is drawn like a booster
    with its own slots and duplicate protection."""
    check_starters(cs)
    st = _starter_to_open(cs, rng, starter)
    return Pack("starter", _starter_cards(cs, st, rng), st.id)


def _starter_to_open(cs: CardSet, rng: random.Random, starter: str | StarterDef | None) -> StarterDef:
    """The starter given, or the set's starter of that id, or one drawn when none is named."""
    if starter is None:
        return choose_starter(cs, rng)
    if isinstance(starter, StarterDef):
        return starter
    return _named_starter(cs, starter)


def _starter_cards(cs: CardSet, st: StarterDef, rng: random.Random) -> tuple[str, ...]:
    """A starter's cards: drawn like a booster from its slots, or its fixed list, each card as often as listed."""
    if st.slots:
        return _opener(cs).draw(st.slots, st.duplicate_protection, rng)
    return tuple(num for num, k in st.cards for _ in range(k))


# -- a drafted pod's pools against its boosters (G-DRAFT-1) ------------------------------


def rarity_bounds(cs: CardSet, boosters: int) -> dict[str, tuple[int, int]]:
    """Rarity -> (fewest, most) cards of it in ``boosters`` boosters (the last card of a slot may upgrade)."""
    lo: Counter = Counter()
    hi: Counter = Counter()
    for s in cs.booster.slots:  # type: ignore[union-attr]
        lo[s.rarity] += (s.count - (1 if s.upgrades else 0)) * boosters
        hi[s.rarity] += s.count * boosters
        for u in s.upgrades:
            hi[u.rarity] += boosters
    return {r: (lo[r], hi[r]) for r in hi}


def pod_problems(cs: CardSet, pools: list[Counter], boosters: int, *, whole: bool) -> list[str]:
    """How the pools of one draft pod differ from the ``boosters`` boosters
    opened at it, by rarity (G-DRAFT-1: every card drafted came out of them):
    the cards of a slot and its upgrades (C; U; R or SR ...) never exceed what
    the boosters held of that slot, nor one rarity its most; once every pool
    of the pod is in (``whole``) they are exactly what the boosters held.
    One player's C entered as an SR is caught here, though each pool alone
    can be any mix."""
    by: Counter = Counter(cs.card(num).rarity for pool in pools for num in pool.elements() if num in cs)
    return _slot_group_problems(cs, by, boosters, whole=whole) + _rarity_bound_problems(cs, by, boosters)


def _slot_groups(cs: CardSet) -> list[tuple[set[str], int]]:
    """The booster's slots as groups of rarities with their card count: slots
    that share a rarity (an upgrade) count together."""
    slots = cs.booster.slots if cs.booster is not None else ()
    groups: list[tuple[set[str], int]] = []
    for sl in slots:
        _merge_group(groups, {sl.rarity, *(u.rarity for u in sl.upgrades)}, sl.count)
    return groups


def _merge_group(groups: list[tuple[set[str], int]], rs: set[str], n: int) -> None:
    """Add the group of rarities ``rs`` holding ``n`` cards, merged with every group sharing a rarity."""
    for g in [g for g in groups if g[0] & rs]:
        groups.remove(g)
        rs, n = rs | g[0], n + g[1]
    groups.append((rs, n))


def _slot_group_problems(cs: CardSet, by: Counter, boosters: int, *, whole: bool) -> list[str]:
    """A slot group whose pooled cards exceed (or, once ``whole``, differ
    from) what the pod's boosters held of it."""
    out = []
    for rs, n in _slot_groups(cs):
        have, most = sum(by[r] for r in rs), n * boosters
        if _count_off(have, most, whole=whole):
            out.append(_group_problem(cs, rs, have, boosters, most))
    return out


def _group_problem(cs: CardSet, rs: set[str], have: int, boosters: int, most: int) -> str:
    """The pod's pools hold ``have`` cards of a slot group where its boosters held ``most``."""
    return _(
        "the pod's pools hold {have} {rarities} cards where its {boosters} boosters held {most}",
        have=have,
        rarities="/".join(r for r in cs.rarities if r in rs),
        boosters=boosters,
        most=most,
    )


def _count_off(have: int, most: int, *, whole: bool) -> bool:
    """Whether the pooled count ``have`` exceeds ``most`` (or, once ``whole``, differs from it)."""
    return have > most or (whole and have != most)


def _rarity_bound_problems(cs: CardSet, by: Counter, boosters: int) -> list[str]:
    """A rarity the pod's pools hold more of than its boosters can."""
    return [
        _(
            "the pod's pools hold {have} {rarity} cards, more than {boosters} boosters can",
            have=by[r],
            rarity=r,
            boosters=boosters,
        )
        for r, (_lo, hi) in rarity_bounds(cs, boosters).items()
        if by[r] > hi
    ]


def _pod_of(ev, pid: str):
    """The draft pod ``pid`` sits in, or None."""
    return next((pd for pd in ev.pods if any(s.player == pid for s in pd)), None)


def _other_pools(ev, pod, pid: str) -> list[Counter]:
    """The pools already in of the pod's other players."""
    return [Counter(pl.cards) for s in pod if s.player and s.player != pid and (pl := ev.pool_of(s.player)) is not None]


def check_pod_fit(ev, cs: CardSet, pid: str, counts: Counter) -> None:
    """Refuse ``counts`` as the drafted pool of ``pid`` when, with the pools of
    the pod already in, it does not fit the boosters opened at the pod
    (:func:`pod_problems`; G-DRAFT-1), naming the rarities."""
    b = ev.build
    pod = _pod_of(ev, pid)
    if pod is None or b is None:
        return
    pools = [counts] + _other_pools(ev, pod, pid)
    probs = pod_problems(cs, pools, len(pod) * b.packs, whole=len(pools) == len(pod))
    if probs:
        raise RuleError(
            _(
                "the pool of {name} does not fit its pod's boosters: {problems}; check the rarities "
                "entered for this pod's players",
                name=ev.player(pid).name,
                problems=sentences(probs),
            ),
            "G-DRAFT-1",
        )
