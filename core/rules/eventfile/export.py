"""An event as its ``lycee-event/1`` document (docs/eventfile.md).

:func:`to_doc` fills the model's Structs (:mod:`.model`) and
``msgspec.to_builtins`` writes them: keys in the order of the fields, a field
left UNSET not written.  Keys added to the format later are set only when they
say something, so files of events that do not use them keep their first shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, cast

import msgspec
from msgspec import UNSET

from core.event import model as event_model
from core.event.model import BuildPhase, ClockState, Event, Match, Round
from core.rules.eventfile.model import (
    SCHEMA_TAG,
    Build,
    Checkin,
    Clock,
    DeckCheck,
    Decklist,
    EventFile,
    Late,
    MatchDoc,
    Opened,
    Override,
    PenaltyDoc,
    PlayerDoc,
    Pool,
    RoundDoc,
    Ruling,
    Seat,
    Staff,
)


def _or_unset(value: Any) -> Any:
    """``value`` where it says something, else UNSET (the key is not written)."""
    return value if value else UNSET


def _each(make: Callable[[Any], Any], items: Iterable) -> Any:
    """``make`` of each item, or UNSET when there is none (the key is not written)."""
    return [make(x) for x in items] or UNSET


def _lists(rows: Any) -> Any:
    """Rows kept as tuples (a deck's lines, a clock's pauses...) as JSON's lists."""
    return [list(r) for r in rows]


# -- rounds --------------------------------------------------------------------------------


def _match(m: Match) -> MatchDoc:
    return MatchDoc(
        table=m.table,
        p1=m.p1,
        p2=m.p2,
        p1_wins=m.p1_wins,
        p2_wins=m.p2_wins,
        draws=m.draws,
        outcome=m.outcome,  # type: ignore[arg-type]  # (one of OUTCOMES: the reducers set it)
        note=m.note,
        games=_or_unset(list(m.games)),
        extension=_or_unset(m.extension),
        intentional=_or_unset(m.intentional),
        why=_or_unset(_lists(m.why)),
    )


def _clock(c: ClockState) -> Clock:
    return Clock(minutes=c.minutes, started_at=c.started_at, pauses=_lists(c.pauses))


def _checkin(c: event_model.Checkin) -> Checkin:
    return Checkin(player=c.player, at=c.at, seconds=c.seconds)


def _late(x: event_model.LateRuling) -> Late:
    return Late(rule=x.rule, table=x.table, players=list(x.players), decision=x.decision, by=x.by, at=x.at)  # type: ignore[arg-type]


def _round(r: Round) -> RoundDoc:
    return RoundDoc(
        number=r.number,
        stage=r.stage,  # type: ignore[arg-type]
        matches=[_match(m) for m in r.matches],
        clock=UNSET if r.clock is None else _clock(r.clock),
        checkins=_each(_checkin, r.checkins),
        third_place=_or_unset(r.third_place),
        late=_each(_late, r.late),
    )


# -- decklists and limited events ------------------------------------------------------------


def _decklist(x: event_model.DeckRecord) -> Decklist:
    return Decklist(player=x.player, deck=_lists(x.deck), spare=_lists(x.spare), source=x.source, round=x.round)


def _deck_check(x: event_model.DeckCheck) -> DeckCheck:
    return DeckCheck(
        player=x.player, round=x.round, by=x.by, at=x.at, source=x.source, differences=_lists(x.differences)
    )


def _override(b: BuildPhase) -> Any:
    """The head judge's override (G-HEAD-JUDGE: round 1 paired without every legal deck), or UNSET."""
    if not b.overridden:
        return UNSET
    return Override(
        by=b.override_by, reason=b.override_reason, at=cast(str, b.override_at), players=list(b.override_players)
    )


def _build(b: BuildPhase) -> Build:
    return Build(
        kind=b.kind,  # type: ignore[arg-type]
        set=b.set_code,
        product=b.product or None,  # type: ignore[arg-type]
        packs=b.packs,
        seed=b.seed,
        minutes=b.minutes,
        opened_at=b.opened_at,
        clock=None if b.clock is None else _clock(b.clock),
        closed_at=b.closed_at,
        closed_by=b.closed_by,
        override=_override(b),
    )


def _pod(pod: tuple[event_model.DraftSeat, ...]) -> list[Seat]:
    return [Seat(name=s.name, player=s.player) for s in pod]


def _opened(o: event_model.OpenedPack) -> Opened:
    return Opened(kind=o.kind, cards=list(o.cards), starter=_or_unset(o.starter))  # type: ignore[arg-type]


def _pool(x: event_model.Pool) -> Pool:
    return Pool(
        player=x.player,
        kind=x.kind,  # type: ignore[arg-type]
        set=x.set_code,
        product=x.product or None,  # type: ignore[arg-type]
        packs=x.packs,
        seed=x.seed,
        cards=list(x.cards),
        opened=_each(_opened, x.opened),
    )


def _limited(event: Event) -> dict[str, Any]:
    """The fields of decklists and limited events, each set only when used."""
    return {
        "decklists": _each(_decklist, event.decklists),
        "deck_checks": _each(_deck_check, event.deck_checks),
        "build": UNSET if event.build is None else _build(event.build),
        "pods": _each(_pod, event.pods),
        "pools": _each(_pool, event.pools),
    }


# -- the event and its people -------------------------------------------------------------


def _staff(event: Event) -> Staff:
    s = event.staff
    return Staff(
        organizer=s.organizer,
        judges=list(s.judges),
        head_judge=s.head_judge,
        event_staff=_or_unset(list(s.event_staff)),
    )


def _player(p: event_model.Player) -> PlayerDoc:
    return PlayerDoc(
        id=p.id,
        name=p.name,
        dropped_after_round=p.dropped_after_round,
        excluded=p.excluded,
        joined_round=p.joined_round,
        reading=_or_unset(p.reading),
        member=_or_unset(p.member),
    )


def _penalty(x: event_model.Penalty) -> PenaltyDoc:
    # an appeal is written as it was recorded (its keys in their order): a dict in the Appeal's place
    return PenaltyDoc(
        player=x.player,
        round=x.round,
        table=x.table,
        level=x.level,  # type: ignore[arg-type]
        action=x.action,  # type: ignore[arg-type]
        reason=x.reason,
        by=x.by,
        appeal=cast(Any, x.appeal),
        at=_or_unset(x.at),
    )


def _ruling(r: event_model.Ruling) -> Ruling:
    return Ruling(by=r.by, reason=r.reason, at=r.at, excuses=_lists(r.excuses))


def _apart(event: Event) -> Any:
    """The keep-apart pairs of players still registered (UNSET: the event has none)."""
    if not event.apart:
        return UNSET
    return [list(x) for x in event.apart if all(map(event.has_player, x))]


def _extras(event: Event) -> dict[str, Any]:
    """The store, rule set, calendar, keep-apart pairs and rulings, each only when set.
    (The store and calendar as the event keeps them: their keys in their order.)"""
    return {
        "store": _or_unset(event.store),
        "rules": UNSET if event.rules == "2008" else event.rules,  # absent: 2008 (O-RULES)
        "store_calendar": UNSET if event.store_calendar is None else event.store_calendar,
        "apart": _apart(event),
        "rulings": _each(_ruling, event.rulings),
    }


def to_struct(event: Event) -> EventFile:
    """``event`` as the model's document."""
    return EventFile(
        schema=SCHEMA_TAG,  # type: ignore[arg-type]
        id=event.id,
        name=event.name,
        date=cast(Any, event.date),  # (the ISO date as the event keeps it)
        kind=event.kind,  # type: ignore[arg-type]
        match=event.match,  # type: ignore[arg-type]
        minutes=event.minutes,
        rounds_planned=event.rounds_planned,
        tiebreakers=list(event.tiebreakers),  # type: ignore[arg-type]
        staff=_staff(event),
        sanctioned=event.sanctioned,
        decklists_required=event.decklists_required,
        spectating=event.spectating,
        players=[_player(p) for p in event.players],  # a removed registration is only in the journal
        rounds=[_round(r) for r in event.rounds],
        penalties=[_penalty(x) for x in event.penalties],
        **_limited(event),
        **_extras(event),
    )


def to_doc(event: Event) -> dict:
    """``event`` as its lycee-event/1 document (JSON's types: dicts, lists, strings, numbers)."""
    return msgspec.to_builtins(to_struct(event))
