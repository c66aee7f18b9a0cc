"""A limited event's build phase (G-SEALED, G-DRAFT-1..4): the reducers of
its actions and what the desk reads of it.

Actions (all in the event's append-only log, so undo and the audit trail
cover them)::

    build       {"op": "open", "kind": "sealed|draft", "set": code, "product": "2s|1s3b",
                 "packs": P, "seed": S, "minutes": M, "at": iso}
                {"op": "start|pause|resume", "at": iso}   the building timer
                {"op": "close", "at": iso, "by": name}    the organizer ends the phase
                {"op": "override", "at": iso, "by": head judge, "reason": text,
                 "players": [ids]}   round 1 pairs although these players
                                     have no legal deck (G-HEAD-JUDGE)
    pods        {"pods": [[{"name": ..., "player": id or null}, ...], ...]}
                draft tables and seats (seat 0.. round the table).
    pool        {"player": id, "kind": "sealed|draft", "set": code, "product": ...,
                 "packs": n, "seed": S, "cards": [numbers], "opened": [{"kind", "starter", "cards"}]}
                the cards a player builds from.

Decisions
    - Round 1 of a sealed or draft event is paired only once its build phase
      is closed and every active player has a registered deck that is legal
      for the event (size, cards only from their pool, legality, spares):
      :func:`check_build_done`, run by the ``pair`` reducer.  The head judge
      may override (``build`` op ``override``, with who and why, naming the
      players waived): it is in the log, on the report and in the app.  The
      desk closes an open phase as it pairs round 1 when nothing else stands
      in the way (core.desk.Desk.pair_next).
    - The building time is the desk's setting (``DEFAULT_BUILD_MINUTES``): the
      guideline gives none.  Its "30-50 minutes" under G-SEALED and the times
      of G-DRAFT-TIME are the match time limit (制限時間), as under G-BO1.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from msgspec import UNSET

from core import labels
from core.cards.decks import DRAFT_PACKS
from core.errors import LyceeError, RuleError
from core.event.model import POOL_KINDS, SEALED_PRODUCTS, BuildPhase, ClockState, DraftSeat, Event, OpenedPack, Pool
from core.i18n import _, join_list, join_sentences, ngettext
from core.log.actions import Build, Opened, Pods, PoolAction, PoolKind
from core.log.registry import action, describer, written_format
from core.rules.clock import elapsed as clock_elapsed
from core.rules.clock import stamp
from core.rules.deckrules import DecklistStatus, build_rule, card_numbers, known_player, player_decklist_status

#: Minutes for deck building, by kind: a desk setting (the guideline sets none).
DEFAULT_BUILD_MINUTES = {"sealed": 30, "draft": 20}
BUILD_OPS = ("open", "start", "pause", "resume", "close", "override")


# -- the build phase (G-SEALED, G-DRAFT-*) ---------------------------------------------


def _set_build(event: Event, b: BuildPhase) -> Event:
    return replace(event, build=b)


def _building_minutes(kind: str, asked) -> int:
    """The building time asked (the kind's default when not), from 1 to 600 minutes."""
    minutes = DEFAULT_BUILD_MINUTES[kind] if asked is UNSET else asked
    if not 1 <= minutes <= 600:
        raise LyceeError(_("building minutes {minutes!r}: a whole number from 1 to 600", minutes=minutes))
    return minutes


def _open_build(event: Event, payload: Build) -> Event:
    kind = event.kind if payload.kind is UNSET else payload.kind
    _check_build_opens(event, kind)
    set_code = payload.set_code
    if not set_code.strip():
        raise LyceeError(_("the build phase needs a card set"))
    product, packs = _sealed_product(payload) if kind == "sealed" else ("", _draft_packs_asked(payload))
    minutes = _building_minutes(kind, payload.minutes)
    return _set_build(
        event,
        BuildPhase(kind, set_code.strip(), minutes, stamp(payload.at), product, packs, payload.seed, real=payload.real),
    )


def _check_build_opens(event: Event, kind: str) -> None:
    """A build phase opens once, in a sealed or draft event of that kind, before round 1 is paired."""
    _check_limited_of_kind(event, kind)
    _check_not_opened(event, kind)


def _check_limited_of_kind(event: Event, kind: str) -> None:
    """A build phase is a sealed or draft event's, of its own kind."""
    if event.kind not in POOL_KINDS:
        raise RuleError(
            _(
                "{event} is a constructed event: only sealed and draft events have a deck-building phase",
                event=event.name,
            ),
            build_rule(kind),
        )
    if kind != event.kind:
        raise LyceeError(
            _(
                "{event} is a {kind} event, not {other}",
                event=event.name,
                kind=labels.kind_label(event.kind),
                other=labels.kind_label(kind),
            )
        )


def _check_not_opened(event: Event, kind: str) -> None:
    """A build phase opens once, before round 1 is paired."""
    if event.build is not None:
        raise LyceeError(
            _(
                "the build phase of {event} was already opened at {at}",
                event=event.name,
                at=labels.time_label(event.build.opened_at),
            ),
            build_rule(kind),
        )
    if event.rounds:
        raise LyceeError(
            _("round 1 of {event} is paired: too late to open a build phase", event=event.name), build_rule(kind)
        )


def _sealed_product(payload: Build) -> tuple[str, int]:
    """G-SEALED: 2 starters (2s), or 1 starter + 3 boosters (1s3b); and its packs."""
    product = _checked_sealed_product(payload.product)
    return product, 2 if product == "2s" else 4


def _checked_sealed_product(asked) -> str:
    """G-SEALED: a sealed pool is opened from 2 starters (2s), or 1 starter + 3 boosters (1s3b)."""
    if asked not in SEALED_PRODUCTS:
        raise RuleError(
            _("sealed product {product!r}: use 2s (2 starters) or 1s3b (1 starter + 3 boosters)", product=asked),
            "G-SEALED",
        )
    return str(asked)


def _draft_packs_asked(payload: Build) -> int:
    """G-DRAFT-2: the packs per player drafts."""
    asked_packs = payload.packs
    if asked_packs is None or asked_packs not in DRAFT_PACKS:
        raise RuleError(
            _(
                "{packs} packs per player: a draft uses {lo} to {hi}",
                packs=asked_packs,
                lo=DRAFT_PACKS.start,
                hi=DRAFT_PACKS.stop - 1,
            ),
            "G-DRAFT-2",
        )
    return asked_packs


def _check_build_still_open(event: Event, b: BuildPhase, rule: str) -> None:
    """A closed build phase is neither closed again nor timed."""
    if b.closed:
        raise LyceeError(
            _("the build phase of {event} was closed at {at}", event=event.name, at=labels.time_label(b.closed_at)),
            rule,
        )


@action("build")
def _build(event, payload: Build):
    op = payload.op  # one of BUILD_OPS (core.log.actions.BuildOp, checked when decoded)
    if op == "open":
        return _open_build(event, payload)
    b = event.build
    rule = build_rule(event.kind)
    if b is None:
        raise LyceeError(_("{event} has no build phase: open it first", event=event.name), rule)
    if op == "override":
        return _override(event, b, payload)
    _check_build_still_open(event, b, rule)
    at = stamp(payload.at)
    if op == "close":
        return _set_build(event, replace(b, closed_at=at, closed_by=payload.by))
    return _set_build(event, replace(b, clock=_building_clock(b, op, at)))


def _building_clock(b: BuildPhase, op: str, at: str) -> ClockState:
    """The building timer after ``op`` (start, pause or resume) at ``at``."""
    st = b.clock
    if op == "start":
        return _building_started(b, at)
    if st is None:
        raise LyceeError(_("the deck-building time has not started"))
    if op == "pause":
        return _building_paused(st, at)
    return _building_resumed(st, at)


def _building_started(b: BuildPhase, at: str) -> ClockState:
    """The building timer started at ``at`` (once)."""
    if b.clock is not None:
        raise LyceeError(_("the deck-building time already started at {at}", at=labels.time_label(b.clock.started_at)))
    return ClockState(b.minutes, at)


def _building_paused(st: ClockState, at: str) -> ClockState:
    """The running building timer paused at ``at``."""
    if st.paused:
        raise LyceeError(_("the deck-building time is already paused"))
    return replace(st, pauses=st.pauses + ((at, None),))


def _building_resumed(st: ClockState, at: str) -> ClockState:
    """The paused building timer running again from ``at``."""
    if not st.paused:
        raise LyceeError(_("the deck-building time is not paused"))
    return replace(st, pauses=st.pauses[:-1] + ((st.pauses[-1][0], at),))


@describer("build")
def _describe_build(payload: Build) -> str:
    describe = _DESCRIBED_OPS.get(payload.op)
    return describe(payload) if describe is not None else labels.build_op_label(payload.op)


def _describe_close(payload: Build) -> str:
    """The organizer's close of the build phase in the log, by whom."""
    return _("build phase closed (by {by})", by=labels.actor_label(str(payload.by)) if payload.by else "-")


def _describe_override(payload: Build) -> str:
    """The head judge's override in the log: who, the players waived, why."""
    return _(
        "head judge override by {by}: round 1 pairs without a legal deck from {players} ({reason})",
        by=payload.by or "-",
        players=join_list(payload.players, words=True) or "-",
        reason=payload.reason,
    )


def _describe_opening(payload: Build) -> str:
    what = _opened_what(payload)
    kind = "" if payload.kind is UNSET else payload.kind
    minutes = None if payload.minutes is UNSET else payload.minutes
    if payload.real:
        return _(
            "build phase opened: {kind} {set} {what}, packs opened at the table, {minutes} min",
            kind=labels.kind_label(kind),
            set=payload.set_code,
            what=what,
            minutes=minutes,
        )
    return _(
        "build phase opened: {kind} {set} {what}, seed {seed}, {minutes} min",
        kind=labels.kind_label(kind),
        set=payload.set_code,
        what=what,
        seed=payload.seed,
        minutes=minutes,
    )


#: The build ops the log describes by their data (the timer's by their name alone).
_DESCRIBED_OPS = {"open": _describe_opening, "close": _describe_close, "override": _describe_override}


def _opened_what(payload: Build) -> str:
    """What a build phase opens: a sealed product, or the packs per player drafts."""
    return labels.product_label(payload.product) if payload.product else _("{packs} packs", packs=payload.packs)


def override_data(event: Event, by: str, reason: str, at: str, catalog=None) -> Build:
    """The ``build`` action of the head judge's override: it names the
    players who have no legal deck at this moment."""
    return Build(op="override", at=at, by=by, reason=reason, players=[g.player for g in round_one_gaps(event, catalog)])


def _check_head_judge_overrides(event: Event, by: str) -> None:
    """G-HEAD-JUDGE: only the event's head judge overrides the decks."""
    hj = event.staff.head_judge
    if not hj:
        raise RuleError(
            _(
                "{event} has no head judge to override: name one first (F12 in the app, "
                "`lycee staff EVENT --head-judge NAME`)",
                event=event.name,
            ),
            "G-HEAD-JUDGE",
        )
    if by != hj:
        raise RuleError(
            _("only the head judge ({hj}) overrides the decks, not {by}", hj=hj, by=by or "-"), "G-HEAD-JUDGE"
        )


def _override(event: Event, b: BuildPhase, payload: Build) -> Event:
    """The head judge lets round 1 pair although some decks are missing or
    not legal (G-HEAD-JUDGE: the head judge's ruling is final for the event)."""
    rule = build_rule(event.kind)
    if event.rounds:
        raise LyceeError(
            _("round 1 of {event} is paired: the decks no longer wait for an override", event=event.name), rule
        )
    by = payload.by.strip()
    _check_head_judge_overrides(event, by)
    reason = payload.reason.strip()
    if not reason:
        raise LyceeError(_("an override needs a reason: say why round 1 pairs with these decks"), "G-HEAD-JUDGE")
    waived = tuple(known_player(event, pid) for pid in payload.players)
    return _set_build(
        event,
        replace(b, override_by=by, override_reason=reason, override_at=stamp(payload.at), override_players=waived),
    )


@action("pods")
def _pods(event, payload: Pods):
    """Draft tables and their seats (G-DRAFT-1): every active player once."""
    _check_seating_open(event, payload)
    seen: set[str] = set()
    pods = []
    for i, pod in enumerate(payload.pods, start=1):
        if len(pod) < 2:
            raise LyceeError(_("pod {i} seats fewer than 2", i=i), "L-DRAFT-POD")
        pods.append(tuple(_draft_seat(event, seat, i, seen) for seat in pod))
    _check_all_seated(event, seen)
    return replace(event, pods=tuple(pods))


def _check_all_seated(event: Event, seen: set[str]) -> None:
    """G-DRAFT-1: every active player has a seat at a draft table."""
    unseated = _unseated(event, seen)
    if unseated:
        raise LyceeError(_("not seated in the draft: {names}", names=join_list(unseated, words=True)), "G-DRAFT-1")


def _unseated(event: Event, seen: set[str]) -> list[str]:
    """The names of the active players not among those seated (``seen``)."""
    return [p.name for p in event.players if p.active and p.id not in seen]


def _check_draft_event(event: Event) -> None:
    """G-DRAFT-1: draft pods are for draft events."""
    if event.kind != "draft":
        raise RuleError(
            _(
                "{event} is a {kind} event: draft pods are for draft events",
                event=event.name,
                kind=labels.kind_label(event.kind),
            ),
            "G-DRAFT-1",
        )


def _check_seating_open(event: Event, payload: Pods) -> None:
    """A draft is seated once, in a draft event whose build phase is open, with a pod at least (G-DRAFT-1)."""
    _check_draft_event(event)
    b = event.build
    if b is None or b.closed:
        raise LyceeError(_("open the build phase of {event} before seating the draft", event=event.name), "G-DRAFT-1")
    if event.pods:
        raise LyceeError(_("the draft of {event} is already seated", event=event.name), "G-DRAFT-1")
    if not payload.pods:
        raise LyceeError(_("a draft needs at least one pod"), "G-DRAFT-1")


def _draft_seat(event: Event, seat, i: int, seen: set[str]) -> DraftSeat:
    """A seat of pod ``i``: a player of the event seated once (``seen``, in
    place), or a bot, its name alone."""
    pid, name = seat.player, seat.name
    if pid is not None:
        _seat_once(event, pid, seen)
        name = name or event.player(pid).name
    if not name:
        raise LyceeError(_("a seat of pod {i} has no name", i=i))
    return DraftSeat(name, pid)


def _seat_once(event: Event, pid: str, seen: set[str]) -> None:
    """G-DRAFT-1: a player of the event has one seat (``seen`` grows)."""
    known_player(event, pid)
    if pid in seen:
        raise LyceeError(_("{name} is seated twice", name=event.player(pid).name), "G-DRAFT-1")
    seen.add(pid)


@describer("pods")
def _describe_pods(payload: Pods) -> str:
    return ngettext(
        "draft seated: {n} pod ({sizes})",
        "draft seated: {n} pods ({sizes})",
        len(payload.pods),
        sizes="+".join(str(len(pod)) for pod in payload.pods),
    )


def seat_of(event: Event, pid: str) -> tuple[int, int] | None:
    """(pod, seat), both from 0, of a player seated in the draft."""
    for i, pod in enumerate(event.pods):
        for j, s in enumerate(pod):
            if s.player == pid:
                return i, j
    return None


def pool_data(
    pid: str,
    kind: PoolKind,
    set_code: str,
    cards,
    *,
    product: str = "",
    packs: int = 0,
    seed: int | None = None,
    opened=(),
) -> PoolAction:
    """The ``pool`` action's payload (``opened``: the products opened, OpenedPack-like)."""
    return PoolAction(
        player=pid,
        kind=kind,
        set_code=set_code,
        cards=list(cards),
        product=product,
        packs=packs,
        seed=seed,
        opened=[Opened(kind=p.kind, cards=list(p.cards), starter=p.starter or "") for p in opened],
    )


def _pool_kind(event: Event, payload: PoolAction) -> str:
    """The kind of a pool: the event's own (sealed or draft)."""
    kind = event.kind if payload.kind is UNSET else payload.kind
    if kind not in POOL_KINDS:
        raise LyceeError(_("pool kind {kind!r}: sealed or draft", kind=kind))
    if event.kind not in POOL_KINDS:
        raise RuleError(
            _("{event} is a constructed event: pools belong to sealed and draft events", event=event.name),
            build_rule(kind),
        )
    if kind != event.kind:
        raise RuleError(
            _(
                "{event} is a {kind} event: a {other} pool does not belong to it",
                event=event.name,
                kind=labels.kind_label(event.kind),
                other=labels.kind_label(kind),
            ),
            build_rule(event.kind),
        )
    return kind


def _pool_set(event: Event, set_code: str, name: str, rule: str) -> str:
    """The card set of a pool: named, and the build phase's when one is open."""
    if not set_code:
        raise LyceeError(_("the pool of {name} names no card set", name=name))
    b = event.build
    if b is not None and set_code.casefold() != b.set_code.casefold():
        raise LyceeError(
            _(
                "the pool of {name} is from set {set}, the build phase from {build}",
                name=name,
                set=set_code,
                build=b.set_code,
            ),
            rule,
        )
    return set_code


def _pool_product(event: Event, kind: str, pid: str, payload: PoolAction, name: str) -> str:
    """A sealed pool's product (G-SEALED); a draft pool has none, and its
    player has a seat once the draft is seated (G-DRAFT-1)."""
    if kind == "sealed":
        return _checked_sealed_product(payload.product)
    if event.pods and seat_of(event, pid) is None:
        raise LyceeError(_("{name} has no seat in the draft", name=name), "G-DRAFT-1")
    return ""


def _opened_packs(payload: PoolAction, cards: tuple[str, ...], name: str) -> tuple[OpenedPack, ...]:
    """The products opened (each a starter or a booster, checked when
    decoded), whose cards are the pool's, in order (G-SEALED)."""
    opened = _packs(payload)
    if opened and _cards_of(opened) != cards:
        raise LyceeError(_("the pool of {name} is not the cards of the products opened", name=name), "G-SEALED")
    return opened


def _packs(payload: PoolAction) -> tuple[OpenedPack, ...]:
    """The products a pool says were opened, their card numbers checked."""
    return tuple(
        OpenedPack(p.kind, card_numbers(p.cards, _("opened product {i}", i=i)), p.starter)
        for i, p in enumerate(payload.opened, start=1)
    )


def _cards_of(opened: tuple[OpenedPack, ...]) -> tuple[str, ...]:
    """The cards of the products opened, in order."""
    return tuple(n for p in opened for n in p.cards)


@action("pool")
def _pool(event, payload: PoolAction):
    """The cards a player builds from (G-SEALED: the products opened;
    G-DRAFT-1: the cards drafted).  One pool a player."""
    kind = _pool_kind(event, payload)
    pid = known_player(event, payload.player)
    name = event.player(pid).name
    rule = build_rule(kind)
    if event.pool_of(pid) is not None:
        raise LyceeError(_("{name} already has a pool: undo it first to record another", name=name), rule)
    set_code = _pool_set(event, payload.set_code, name, rule)
    cards = card_numbers(payload.cards, _("the pool of {name}", name=name))
    if not cards:
        raise LyceeError(_("the pool of {name} holds no cards", name=name), rule)
    product = _pool_product(event, kind, pid, payload, name)
    if payload.packs < 0:
        raise LyceeError(_("packs {packs!r} is not a whole number", packs=payload.packs))
    opened = _opened_packs(payload, cards, name)
    pool = Pool(pid, kind, set_code, cards, product, payload.packs, payload.seed, opened)
    return replace(event, pools=event.pools + (pool,))


@describer("pool")
def _describe_pool(payload: PoolAction) -> str:
    return _(
        "pool of {player}: {n} cards of {set} ({what})",
        player=payload.player,
        n=len(payload.cards),
        set=payload.set_code,
        what=labels.product_label(payload.product)
        if payload.product
        else labels.kind_label("" if payload.kind is UNSET else payload.kind),
    )


# -- reading the build phase ---------------------------------------------------------------


@dataclass(frozen=True)
class BuildStatus:
    """The build phase as the desk shows it (``state``: none, open (timer not
    started), building, paused, closed)."""

    state: str
    kind: str = ""
    set_code: str = ""
    product: str = ""
    packs: int = 0
    seed: int | None = None
    minutes: int = 0
    opened_at: str = ""
    started_at: str | None = None
    closed_at: str | None = None
    closed_by: str = ""
    elapsed: float = 0.0
    remaining: float | None = None  # seconds; None before the timer starts
    players: tuple[str, ...] = ()  # ids of the players who build (active)
    missing_pools: tuple[str, ...] = ()
    missing_decklists: tuple[str, ...] = ()
    pods: tuple[int, ...] = ()  # pod sizes (draft)
    problem_decks: tuple[str, ...] = ()  # registered but not legal for the event
    override_by: str = ""
    override_reason: str = ""
    override_at: str | None = None

    @property
    def open(self) -> bool:
        return self.state in ("open", "building", "paused")

    @property
    def time_up(self) -> bool:
        return self.remaining is not None and self.remaining <= 0

    @property
    def ready(self) -> bool:
        """Round 1 may be paired (the desk closes an open phase as it pairs):
        every player has a legal deck, or the head judge overrode."""
        return self.state != "none" and (
            self.override_at is not None or not (self.missing_decklists or self.problem_decks)
        )

    def as_dict(self) -> dict:
        return {
            "state": self.state,
            "kind": self.kind,
            "set": self.set_code,
            "product": self.product or None,
            "packs": self.packs,
            "seed": self.seed,
            "minutes": self.minutes,
            "opened_at": self.opened_at,
            "started_at": self.started_at,
            "closed_at": self.closed_at,
            "closed_by": self.closed_by,
            "elapsed": round(self.elapsed, 1),
            "remaining": None if self.remaining is None else round(self.remaining, 1),
            "time_up": self.time_up,
            "ready": self.ready,
            "players": list(self.players),
            "missing_pools": list(self.missing_pools),
            "missing_decklists": list(self.missing_decklists),
            "pods": list(self.pods),
            "problem_decks": list(self.problem_decks),
            "override": None
            if self.override_at is None
            else {"by": self.override_by, "reason": self.override_reason, "at": self.override_at},
        }


def builders(event: Event) -> list[str]:
    """The players who build a deck: before round 1 those who will play it,
    later every active player (the build phase, G-SEALED, G-DRAFT-1)."""
    return [p.id for p in event.eligible(1)] if not event.rounds else [p.id for p in event.players if p.active]


def _without_one(ids: tuple[str, ...], record_of) -> tuple[str, ...]:
    """The players of ``ids`` with no record (``record_of`` gives None): no decklist, no pool."""
    return tuple(i for i in ids if record_of(i) is None)


def build_status(event: Event, now) -> BuildStatus:
    """The build phase at ``now`` (a datetime or ISO time from the desk's time source)."""
    b = event.build
    ids = tuple(builders(event))
    no_list = _without_one(ids, event.decklist_of)
    no_pool = _without_one(ids, event.pool_of)
    if b is None:
        return BuildStatus(
            "none",
            kind=event.kind,
            players=ids,
            missing_decklists=no_list,
            missing_pools=no_pool if event.kind in POOL_KINDS else (),
        )
    started_at, el, remaining = _build_timer(b, now)
    return BuildStatus(
        _build_state(b),
        b.kind,
        b.set_code,
        b.product,
        b.packs,
        b.seed,
        b.minutes,
        b.opened_at,
        started_at,
        b.closed_at,
        b.closed_by,
        el,
        remaining,
        ids,
        no_pool,
        no_list,
        tuple(len(p) for p in event.pods),
        _problem_decks(event),
        b.override_by,
        b.override_reason,
        b.override_at,
    )


def _build_timer(b: BuildPhase, now) -> tuple[str | None, float, float | None]:
    """When the build timer started, the seconds built (until it closed, else ``now``) and those left."""
    st = b.clock
    if st is None:
        return None, 0.0, None
    el = clock_elapsed(st, b.closed_at if b.closed_at is not None else now)
    return st.started_at, el, b.minutes * 60 - el


def _build_state(b: BuildPhase) -> str:
    """closed, open (timer not started), paused or building."""
    if b.closed:
        return "closed"
    if b.clock is None:
        return "open"
    return "paused" if b.clock.paused else "building"


def _problem_decks(event: Event) -> tuple[str, ...]:
    """Before round 1, the players whose registered deck is not legal for the event."""
    if event.rounds:
        return ()
    return tuple(g.player for g in round_one_gaps(event) if g.status == "problems")


def round_one_gaps(event: Event, catalog=None) -> list[DecklistStatus]:
    """The active players who have no legal deck for round 1: no registered
    list, or one with problems for the event (:func:`deck_problems`)."""
    out = []
    for p in event.eligible(1):
        st = player_decklist_status(event, p.id, catalog)
        if st.status != "registered":
            out.append(st)
    return out


def gap_text(gap: DecklistStatus) -> str:
    """One player of :func:`round_one_gaps` in a refusal: 「name」（what is wrong）."""
    if gap.status == "none":
        return _("{name} (no deck)", name=gap.name)
    first = gap.problems[0]
    more = _(" and {n} more", n=len(gap.problems) - 1) if len(gap.problems) > 1 else ""
    return _("{name} ({problem}{more})", name=gap.name, problem=first.message, more=more)


def _build_rule(kind: str) -> str:
    """The rule that makes a ``kind`` event build its decks before round 1."""
    return "G-DRAFT-4" if kind == "draft" else "G-SEALED"


def _refuse_unbuilt(event: Event) -> None:
    """A sealed or draft event with no build phase is refused round 1."""
    if event.kind not in ("sealed", "draft"):
        return
    raise RuleError(
        _(
            "a {kind} event builds its decks before round 1: open the build phase first "
            "(F11 in the app, `lycee build EVENT open ...`)",
            kind=labels.kind_label(event.kind),
        ),
        _build_rule(event.kind),
    )


def _refuse_deck_gaps(event: Event, rule: str) -> None:
    """Round 1 waits for a legal deck from each active player (the players without one named)."""
    gaps = round_one_gaps(event)
    if not gaps:
        return
    raise RuleError(
        _(
            "round 1 waits for a legal deck from {n} player(s): {players}. Register each deck "
            "(F11 build tab, Enter on the player, Ctrl+R; `lycee decklist add`) or the head "
            "judge overrides (F11; `lycee build EVENT override`)",
            n=len(gaps),
            players=join_sentences(gap_text(g) for g in gaps),
        ),
        rule,
    )


def check_build_done(event: Event) -> None:
    """Refuse round 1 of a sealed or draft event until its build phase is
    closed and every active player has a registered, legal deck (G-SEALED,
    G-DRAFT-4, cards only from the pool), unless the head judge overrode
    (G-HEAD-JUDGE).  Each refusal names the players and what fixes it."""
    b = event.build
    if b is None:
        _refuse_unbuilt(event)
        return
    rule = _build_rule(b.kind)
    # an event paired before this rule (actions of format 2 or older; an
    # imported file) opens as it was played: the rule checks new pairings only
    if not b.overridden and written_format() >= 3:
        _refuse_deck_gaps(event, rule)
    _refuse_still_open(event, b, rule)


def _refuse_still_open(event: Event, b: BuildPhase, rule: str) -> None:
    """Round 1 waits for the deck-building phase to be closed."""
    if not b.closed:
        raise RuleError(
            _(
                "the deck-building phase of {event} is still open: close it first "
                "(F11 in the app, `lycee build EVENT close`)",
                event=event.name,
            ),
            rule,
        )
