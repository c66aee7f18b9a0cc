"""A limited event's build phase at the desk (G-SEALED, G-DRAFT-1..4).

core records what happened (``build``, ``pods``, ``pool``, ``decklist``
actions, see core.rules.decklists); this module opens the packs and runs the
drafts, then appends those actions through the :class:`~core.desk.Desk`,
each step as one all-or-none batch (``Desk.append_all``): a refusal stores
nothing.

- Sealed (G-SEALED): :func:`open_sealed_pools` opens the build phase and one
  product (2s or 1s3b) per active player, then starts the building timer.
  Each player's pool comes from ``random.Random(f"{seed}:{player id}")``, so
  the same seed opens the same pools, and a late player's pool
  (:func:`add_sealed_pool`) does not change anyone else's.
- Draft (G-DRAFT-1..4): :func:`draft_pods` opens the build phase and seats the
  players in pods (``limited.pods.seat_pods``, L-DRAFT-POD); the pools then
  come from the table (:func:`enter_draft_pool`, one player at a time) or a
  simulated draft where bots pick for everyone (:func:`simulate_draft`; pod i
  drafts from seed + i).  The timer starts when the last seated player has
  a pool.
- :func:`build_bot_decks` registers the bot builder's deck for every player
  who has a pool and no decklist (a demo, or a simulated event).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace as _replace
from typing import Iterable, Sequence

from core import labels, rules
from core.cards.decks import Decklist
from core.cards.legality import Catalog
from core.cards.model import CardSet
from core.desk import Desk
from core.errors import LyceeError, NotFound, RuleError, ValidationError
from core.event.model import Event, OpenedPack
from core.i18n import _, join_list
from core.log.actions import Action, Build, DecklistAction, Pods, PoolAction
from core.log.actions import Seat as PodSeat
from core.rules.clock import stamp
from core.rules.decklists import (
    DEFAULT_BUILD_MINUTES,
    builders,
    deck_data,
    default_catalog,
    pool_data,
    sample_set_refusal,
)
from limited.deckstate import DeckState
from limited.draft import build_draft_deck, check_draft_booster, check_packs, run_draft
from limited.packs import check_booster, check_pod_fit, check_starters
from limited.pods import POD_MAX, Seat, check_pod_size, seat_pods
from limited.sealed import PRODUCTS, build_sealed_deck, check_product, open_sealed

__all__ = [
    "open_sealed_pools",
    "add_sealed_pool",
    "draft_pods",
    "simulate_draft",
    "simulate_refusal",
    "enter_draft_pool",
    "build_bot_decks",
    "event_set",
    "draft_pool_size",
    "new_seed",
]


#: The ``source`` of a decklist the bot builder made.
BOT_SOURCE = "bot-built"


def new_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def card_set(ref: str | CardSet, catalog: Catalog | None = None) -> CardSet:
    """A set of the catalog by code.  The event records only the code, so the
    set must be one the desk knows (G-CARDS-VERSIONS); a set file is refused."""
    if isinstance(ref, CardSet):
        return ref
    cat = catalog if catalog is not None else default_catalog()
    code = str(ref).strip()
    try:
        return cat.set(code)
    except NotFound:
        raise _unknown_set(code, cat) from None


def _unknown_set(code: str, cat: Catalog) -> NotFound:
    """The refusal of a set code the catalog does not hold, naming those it does (G-CARDS-VERSIONS)."""
    known = join_list(s.code for s in cat.sets) or "-"
    return NotFound(_("no card set {set!r} (known: {known})", set=code, known=known), "G-CARDS-VERSIONS")


def event_set(event: Event, catalog: Catalog | None = None) -> CardSet:
    """The card set of the event's build phase."""
    if event.build is None:
        raise LyceeError(_("{event} has no build phase: open it first (`lycee build EVENT open`)", event=event.name))
    return card_set(event.build.set_code, catalog)


def _no_sample_set(event: Event, cs: CardSet) -> None:
    """L-SAMPLE-SETS: a sanctioned event opens no pool of a sample set (one line, before anything is stored)."""
    err = sample_set_refusal(event, cs.code, cs.sample)
    if err is not None:
        raise err


def _need_kind(event: Event, kind: str) -> None:
    if event.kind != kind:
        rule = "G-SEALED" if kind == "sealed" else "G-DRAFT-1"
        raise RuleError(
            _(
                "{event} is a {kind} event: {what} is for {other} events",
                event=event.name,
                kind=labels.kind_label(event.kind),
                what=_("sealed pools") if kind == "sealed" else _("a draft"),
                other=labels.kind_label(kind),
            ),
            rule,
        )


def _player_rng(seed: int, pid: str) -> random.Random:
    return random.Random(f"{seed}:{pid}")


def _sealed_pool_data(cs: CardSet, product: str, seed: int, pid: str) -> PoolAction:
    pool = open_sealed(cs, product, _player_rng(seed, pid))
    opened = [OpenedPack(p.kind, p.cards, p.starter or "") for p in pool.packs]
    return pool_data(
        pid, "sealed", cs.code, pool.cards, product=product, packs=len(pool.packs), seed=seed, opened=opened
    )


# -- sealed (G-SEALED) ------------------------------------------------------------------------------


def _not_opened_yet(ev: Event, rule: str) -> None:
    """Refuse to open the build phase twice."""
    if ev.build is not None:
        raise LyceeError(
            _(
                "the build phase of {event} was already opened at {at}",
                event=ev.name,
                at=labels.time_label(ev.build.opened_at),
            ),
            rule,
        )


def open_sealed_pools(
    desk: Desk,
    set_code: str | CardSet,
    product: str,
    seed: int | None = None,
    *,
    minutes: int | None = None,
    start: bool = True,
    catalog: Catalog | None = None,
    real: bool = False,
) -> Event:
    """Open the build phase of a sealed event and one ``product`` (2s / 1s3b)
    for every active player, then (``start``) start the building timer; all
    or none.  ``real``: the products are opened at the table, so no pool is
    opened here (each is entered by number, limited.tablepool)."""
    ev = desk.event
    _need_kind(ev, "sealed")
    _not_opened_yet(ev, "G-SEALED")
    check_product(product)
    cs = card_set(set_code, catalog)
    _check_sealed_set(ev, cs, product)
    ids = _need_builders(ev)
    minutes = _build_minutes(minutes, "sealed")
    if real:
        return desk.append_all(
            [
                (
                    "build",
                    desk.build_data("open", kind="sealed", set=cs.code, product=product, minutes=minutes, real=True),
                )
            ]
        )
    return desk.append_all(_sealed_opening(desk, cs, product, _seed_or_new(seed), minutes, ids, start=start))


def _build_minutes(minutes: int | None, kind: str) -> int:
    """The building timer's minutes: those given, else the kind's default."""
    return minutes if minutes is not None else DEFAULT_BUILD_MINUTES[kind]


def _seed_or_new(seed: int | None) -> int:
    """The seed given, else a fresh one."""
    return new_seed() if seed is None else int(seed)


def _sealed_opening(
    desk: Desk, cs: CardSet, product: str, seed: int, minutes: int, ids: list[str], *, start: bool
) -> list[tuple[str, Action]]:
    """The actions that open a sealed build phase: the phase, a pool for each of ``ids`` and
    (``start``) the building timer's start."""
    at = stamp(desk.now())
    acts: list[tuple[str, Action]] = [
        ("build", Build(op="open", at=at, kind="sealed", set_code=cs.code, product=product, seed=seed, minutes=minutes))
    ]
    acts += [("pool", _sealed_pool_data(cs, product, seed, pid)) for pid in ids]
    if start:
        acts.append(("build", Build(op="start", at=stamp(desk.now()))))
    return acts


def _check_sealed_set(ev: Event, cs: CardSet, product: str) -> None:
    """Refuse a set the event cannot open ``product`` of (a sample set, no starters, no boosters)."""
    _no_sample_set(ev, cs)
    check_starters(cs)
    if PRODUCTS[product][1]:
        check_booster(cs, "G-SEALED")


def _need_builders(ev: Event) -> list[str]:
    """The players to open pools for (refused when there is none)."""
    ids = builders(ev)
    if not ids:
        raise LyceeError(_("{event} has no active players to open pools for", event=ev.name))
    return ids


def add_sealed_pool(desk: Desk, ref: str, catalog: Catalog | None = None) -> Event:
    """Open the product for one more player (a late entry): the same set,
    product and seed as everyone's (G-SEALED)."""
    ev = desk.event
    _need_kind(ev, "sealed")
    p = desk.player(ref)
    b = ev.build
    cs = event_set(ev, catalog)
    assert b is not None  # event_set refuses an event without a build phase
    if b.seed is None:
        raise LyceeError(_("the build phase of {event} records no seed", event=ev.name))
    return desk.append_all([("pool", _sealed_pool_data(cs, b.product, b.seed, p.id))])


# -- draft (G-DRAFT-1..4) ----------------------------------------------------------------------------


def draft_pool_size(cs: CardSet, packs: int) -> int:
    """Cards each player drafts: every pack of the table is shared out, one
    card a pick, so a player ends with packs x booster size."""
    check_booster(cs, "G-DRAFT-1")
    return packs * cs.booster.size  # type: ignore[union-attr]


def _pod_seat(ev: Event, seat) -> PodSeat:
    """A seat of a pod as recorded: a bot by its name, a player by id and name."""
    if seat.bot:
        return PodSeat(name=seat.name)
    return PodSeat(name=ev.player(seat.name).name, player=seat.name)


def draft_pods(
    desk: Desk,
    set_code: str | CardSet,
    packs: int,
    seed: int | None = None,
    *,
    minutes: int | None = None,
    bots: int = 0,
    catalog: Catalog | None = None,
    real: bool = False,
    pod_size: int | None = None,
) -> Event:
    """Open the build phase of a draft event and seat every active player in
    pods (L-DRAFT-POD, ``bots`` more seats for bots; ``pod_size``: the most a
    pod seats, as the store chooses, 8 players in 2 pods of 4 with 4); all or
    none.  ``real``: the draft is called at the table (the pools are entered
    afterwards)."""
    ev = desk.event
    _need_kind(ev, "draft")
    _not_opened_yet(ev, "G-DRAFT-1")
    check_packs(packs)  # G-DRAFT-2
    cs = card_set(set_code, catalog)
    _no_sample_set(ev, cs)
    check_draft_booster(cs)
    ids = builders(ev)
    seed = _seed_or_new(seed)
    check_pod_size(pod_size)
    pods = seat_pods(ids, bots, random.Random(seed), max_size=pod_size or POD_MAX)
    seating = [[_pod_seat(ev, seat) for seat in pod] for pod in pods]
    return desk.append_all(
        [
            (
                "build",
                Build(
                    op="open",
                    at=stamp(desk.now()),
                    kind="draft",
                    set_code=cs.code,
                    packs=packs,
                    seed=seed,
                    minutes=_build_minutes(minutes, "draft"),
                    real=real,
                ),
            ),
            ("pods", Pods(pods=seating)),
        ]
    )


def _seated(event: Event) -> list[str]:
    return [s.player for pod in event.pods for s in pod if s.player is not None]


def _start_if_complete(desk: Desk, event_after: Event, acts: list[tuple[str, Action]]) -> None:
    """Add the building timer's start to ``acts`` when, once they apply, every seated player has a pool."""
    if _timer_waits(event_after) and _every_seated_has_a_pool(event_after):
        acts.append(("build", Build(op="start", at=stamp(desk.now()))))


def _timer_waits(ev: Event) -> bool:
    """Whether the build phase is open and its timer not started yet."""
    b = ev.build
    return b is not None and b.clock is None and not b.closed


def _every_seated_has_a_pool(ev: Event) -> bool:
    return all(ev.pool_of(pid) is not None for pid in _seated(ev))


def _drafted_pools(ev: Event, cs: CardSet, pod, packs: int, seed: int) -> list[tuple[str, Action]]:
    """Bots draft one pod from ``seed``: the pool of each seated player still without one."""
    todo = _without_pool(ev, pod)
    if not todo:
        return []
    res = run_draft(cs, [Seat(s.name, True) for s in pod], packs, seed, build=False)
    return [("pool", pool_data(player, "draft", cs.code, res.pools[j], packs=packs, seed=seed)) for j, player in todo]


def _without_pool(ev: Event, pod) -> list[tuple[int, str]]:
    """The seats of ``pod`` held by players who have no pool yet, with their player ids."""
    return [(j, s.player) for j, s in enumerate(pod) if s.player is not None and ev.pool_of(s.player) is None]


def simulate_draft(desk: Desk, *, start: bool = True, catalog: Catalog | None = None) -> Event:
    """Draft every pod with bots picking for every seat (a simulated event)
    and record the pool of each seated player still without one; then
    (``start``) start the building timer.  Pod i drafts from seed + i."""
    ev = desk.event
    _need_kind(ev, "draft")
    _need_pods(ev)
    if why := simulate_refusal(ev):
        raise LyceeError(why, "G-DRAFT-1")
    b = ev.build
    cs = event_set(ev, catalog)
    assert b is not None  # event_set refuses an event without a build phase
    acts = _simulated_pools(ev, cs, b.packs, b.seed if b.seed is not None else 0)
    if not acts and b.clock is not None:
        raise LyceeError(_("every seated player of {event} already has a pool", event=ev.name))
    after = _applied(ev, acts)  # refused here, before anything is written, if an action does not apply
    if start:
        _start_if_complete(desk, after, acts)
    return desk.append_all(acts)


def simulate_refusal(ev: Event) -> str | None:
    """Why the bots may not draft ``ev``'s pods (G-DRAFT-1), None when they may: packs opened at
    the table (``lycee build EVENT open --real``) are drafted there, by the players."""
    b = ev.build
    if b is not None and b.real:
        return _(
            "the packs of {event} are opened and drafted at the table: the bots do not draft them; enter each "
            "player's pool by card number",
            event=ev.name,
        )
    return None


def _simulated_pools(ev: Event, cs: CardSet, packs: int, seed: int) -> list[tuple[str, Action]]:
    """The pools bots draft for every pod's players still without one; pod i drafts from seed + i."""
    acts: list[tuple[str, Action]] = []
    for i, pod in enumerate(ev.pods):
        acts += _drafted_pools(ev, cs, pod, packs, seed + i)
    return acts


def _need_pods(ev: Event) -> None:
    """Refuse a draft that is not seated yet (G-DRAFT-1)."""
    if not ev.pods:
        raise LyceeError(
            _("the draft of {event} is not seated: run `lycee build EVENT open --packs P` first", event=ev.name),
            "G-DRAFT-1",
        )


def _applied(ev: Event, acts: list[tuple[str, Action]]) -> Event:
    """The event once the actions ``acts`` are applied to it."""
    for kind, payload in acts:
        ev = rules.apply(ev, {"type": kind, "data": payload})
    return ev


def _card_counts(cards: Iterable[str] | Counter | Decklist) -> Counter:
    """Copies by number: of a list, or of a decklist's deck and spares together."""
    if isinstance(cards, Decklist):
        return cards.counts("deck") + cards.counts("spare")
    return Counter(cards)


def _not_of_set(counts: Counter, cs: CardSet) -> list[tuple[str, str]]:
    """Each card number that is not of the set, named."""
    return [
        (_("card {number}", number=n), _("{number} is not a card of set {set}", number=n, set=cs.code))
        for n in counts
        if n not in cs
    ]


def _check_drafted_size(name: str, n: int, cs: CardSet, packs: int) -> None:
    """A drafted pool of ``n`` cards holds packs x booster size of them (G-DRAFT-1)."""
    want = draft_pool_size(cs, packs)
    if n != want:
        raise RuleError(
            _(
                "{name}'s pool has {n} cards: a {packs}-pack draft of {set} gives each player {want}",
                name=name,
                n=n,
                packs=packs,
                set=cs.code,
                want=want,
            ),
            "G-DRAFT-1",
        )


def enter_draft_pool(
    desk: Desk, ref: str, cards: Iterable[str] | Counter | Decklist, *, source: str = "", catalog: Catalog | None = None
) -> Event:
    """Record the pool a player drafted at the table: every card of the set,
    packs x booster size of them (G-DRAFT-1); the timer starts with the last."""
    ev = desk.event
    _need_kind(ev, "draft")
    p = desk.player(ref)
    cs = event_set(ev, catalog)
    b = ev.build
    assert b is not None  # event_set refuses an event without a build phase
    counts = _card_counts(cards)
    listed = list(counts.elements())
    problems = _not_of_set(counts, cs)
    if problems:
        raise ValidationError(source or _("pool of {name}", name=p.name), problems)
    _check_drafted_size(p.name, len(listed), cs, b.packs)
    check_pod_fit(ev, cs, p.id, counts)  # the pod's pools together against its boosters
    pool = pool_data(p.id, "draft", cs.code, listed, packs=b.packs)
    acts: list[tuple[str, Action]] = [("pool", pool)]
    after = rules.apply(ev, {"type": "pool", "data": pool})
    _start_if_complete(desk, after, acts)
    return desk.append_all(acts)


# -- decks -------------------------------------------------------------------------------------------


def _bot_deck(ev: Event, pool, cs: CardSet | None, catalog: Catalog | None):
    """The bot builder's deck from one pool, in the pool's own set."""
    pset = cs if cs is not None and cs.code == pool.set_code else card_set(pool.set_code, catalog)
    if pool.kind == "sealed":
        return build_sealed_deck(pool.cards, pset, match=ev.match)
    return build_draft_deck(pool.cards, pset, pool.packs or ev.build.packs, match=ev.match)  # type: ignore[union-attr]  # a pool exists only under a build phase


def _named_or_active(desk: Desk, players: Sequence[str] | None) -> list[str]:
    """The ids of the players named, or of every active player."""
    if players is not None:
        return [desk.player(r).id for r in players]
    return [p.id for p in desk.event.players if p.active]


def build_bot_decks(desk: Desk, players: Sequence[str] | None = None, *, catalog: Catalog | None = None) -> list[str]:
    """Register the bot builder's deck (G-SEALED: 40; G-DRAFT-4: packs x 10)
    for every player (or those named) who has a pool and no decklist;
    return their ids.  All or none."""
    ev = desk.event
    _need_limited(ev)
    cs = event_set(ev, catalog) if ev.build is not None else None
    done = [pid for pid in _named_or_active(desk, players) if _waits_for_deck(ev, pid)]
    acts: list[tuple[str, Action]] = [("decklist", _bot_decklist(ev, pid, cs, catalog)) for pid in done]
    if acts:
        desk.append_all(acts)
    return done


def _need_limited(ev: Event) -> None:
    """Refuse a constructed event: decks are built from pools in sealed and draft (G-SEALED)."""
    if ev.kind not in ("sealed", "draft"):
        raise RuleError(
            _("{event} is a constructed event: decks are built from pools in sealed and draft events", event=ev.name),
            "G-SEALED",
        )


def _waits_for_deck(ev: Event, pid: str) -> bool:
    """Whether the player has a pool and no decklist yet."""
    return ev.pool_of(pid) is not None and ev.decklist_of(pid) is None


def _bot_decklist(ev: Event, pid: str, cs: CardSet | None, catalog: Catalog | None) -> DecklistAction:
    """The bot builder's deck from the player's pool, as the decklist action that registers it."""
    lines = deck_data(_bot_deck(ev, ev.pool_of(pid), cs, catalog))
    return DecklistAction(player=pid, deck=lines["deck"], spare=lines["spare"], source=BOT_SOURCE)


#: The source of a decklist registered from the app's deck builder.
BUILDER_SOURCE = "deck-builder"


def _line_counts(lines) -> Counter:
    """A registered deck's (count, number, name) lines as copies by number."""
    return Counter({n: c for c, n, _name in lines})


def _pool_packs(ev: Event, pool) -> int:
    """The packs a drafted pool came from: its own record, else the build phase's."""
    return pool.packs or (ev.build.packs if ev.build is not None else 0)


def _pool_of(ev: Event, p):
    """Player ``p``'s pool, or LyceeError saying how to get one (G-DRAFT-1, G-SEALED)."""
    pool = ev.pool_of(p.id)
    if pool is None:
        raise LyceeError(
            _("{name} has no pool yet: open the pools or enter the drafted pool first (F11)", name=p.name),
            "G-DRAFT-1" if ev.kind == "draft" else "G-SEALED",
        )
    return pool


def _registered_counts(rec) -> tuple[Counter, Counter]:
    """A registered decklist's deck and spares as copies by number (both empty without one)."""
    if rec is None:
        return Counter(), Counter()
    return _line_counts(rec.deck), _line_counts(rec.spare)


def player_deck_state(desk: Desk, ref: str, catalog: Catalog | None = None):
    """An event player's pool as a limited.deckstate.DeckState (the deck
    builder's state), starting from their registered deck, if any
    (G-SEALED, G-DRAFT-1: the deck is built from the player's own pool)."""
    ev = desk.event
    p = desk.player(ref)
    pool = _pool_of(ev, p)
    deck, spare = _registered_counts(ev.decklist_of(p.id))
    packs = _pool_packs(ev, pool) if pool.kind == "draft" else None
    return DeckState(
        card_set(pool.set_code, catalog),
        pool.kind,
        Counter(pool.cards),
        packs,
        deck,
        spare,
        name=p.name,
        seed=pool.seed,
        product=pool.product or None,
        match=ev.match,
    )


def register_built_deck(desk: Desk, ref: str, deck: Decklist) -> Event:
    """Register a deck built in the app to the player (a ``decklist`` action,
    problems and all, as a list handed in; round 1 waits for a legal one)."""
    return desk.register_decklist(ref, _replace(deck, source=BUILDER_SOURCE))
