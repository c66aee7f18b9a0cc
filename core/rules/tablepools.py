"""Pools from packs opened at the table (G-SEALED, G-DRAFT-1): the
``table_pool`` action.

A sealed or draft event whose build phase was opened with ``real`` (the
packs are opened, or drafted, at the table, not by the desk) takes each
player's pool as the organizer types it in by card number::

    table_pool  {"player": id, "cards": [numbers], "source": "typed|file name", "at": iso}

The pool is the event's kind, set and product (sealed) or packs (draft).
A second ``table_pool`` for the same player replaces the first: a typo is
corrected by entering the pool again, until the player registers a deck
(then the deck was built from that pool, and the pool stays) or round 1 is
paired.  Whether the cards make up the product (one starter's list and three
boosters' worth, packs x booster size...) needs the card set and is checked
by limited.tablepool before the action is appended; the reducer checks what
the log alone can tell.
"""

from __future__ import annotations

from dataclasses import replace

from core.cards.model import normalize_number
from core.errors import LyceeError, NotFound, RuleError
from core.event.model import POOL_KINDS, BuildPhase, Event, Pool
from core.i18n import _
from core.log.actions import TablePool
from core.log.registry import action, describer

__all__ = ["TABLE_SOURCE"]

#: The ``source`` of a pool typed in the app's entry line.
TABLE_SOURCE = "typed"


def _rule(kind: str) -> str:
    return "G-DRAFT-1" if kind == "draft" else "G-SEALED"


def _table_build(event: Event) -> BuildPhase:
    """The build phase a pool typed from the table belongs to: a sealed or
    draft event's, opened for packs opened at the table (sealed: ``--real``)."""
    if event.kind not in POOL_KINDS:
        raise RuleError(
            _("{event} is a constructed event: pools belong to sealed and draft events", event=event.name), "G-SEALED"
        )
    rule = _rule(event.kind)
    b = event.build
    if b is None:
        raise LyceeError(
            _("{event} has no build phase: open it first (`lycee build EVENT open --real`)", event=event.name), rule
        )
    _check_opened_at_table(event, b, rule)
    return b


def _check_opened_at_table(event: Event, b: BuildPhase, rule: str) -> None:
    """A sealed event's pools are typed in only when its packs are opened at the table (``--real``)."""
    if event.kind == "sealed" and not b.real:
        raise RuleError(
            _(
                "the pools of {event} are opened by the desk: a pool is entered by card number only "
                "when the build phase was opened for packs opened at the table (--real)",
                event=event.name,
            ),
            rule,
        )


def _check_correctable(event: Event, pid: str, name: str) -> None:
    """A pool is entered (or corrected) until round 1 is paired or the
    player registers a deck built from it; in a seated draft, for a player
    with a seat (G-DRAFT-1)."""
    rule = _rule(event.kind)
    if event.rounds:
        raise LyceeError(_("round 1 of {event} is paired: the pools stay as they are", event=event.name), rule)
    if event.decklist_of(pid) is not None:
        raise LyceeError(
            _(
                "{name} has registered a deck built from their pool: the pool can no longer be "
                "corrected (undo the decklist first)",
                name=name,
            ),
            rule,
        )
    _check_seat(event, pid, name)


def _check_seat(event: Event, pid: str, name: str) -> None:
    """G-DRAFT-1: once a draft is seated, a pool is a seated player's."""
    if event.kind == "draft" and event.pods and not _seated(event, pid):
        raise LyceeError(_("{name} has no seat in the draft", name=name), "G-DRAFT-1")


def _seated(event: Event, pid: str) -> bool:
    """``pid`` has a seat at a draft table."""
    return any(s.player == pid for pod in event.pods for s in pod)


def _pool_cards(raw, name: str, rule: str) -> tuple[str, ...]:
    """The card numbers of a pool typed in: at least one, each like CH-0063."""
    if not isinstance(raw, (list, tuple)) or not raw:
        raise LyceeError(_("the pool of {name} holds no cards", name=name), rule)
    what = _("the pool of {name}", name=name)
    for n in raw:
        _check_card_number(n, what)
    return tuple(raw)


def _check_card_number(n, what: str) -> None:
    """A card number of a pool is written as stored (like CH-0063)."""
    if not isinstance(n, str) or normalize_number(n) != n:
        raise LyceeError(_("{what}: {number!r} is not a card number like CH-0063", what=what, number=n))


def _check_registered(event: Event, pid) -> None:
    """A pool is entered for a player of the event."""
    if not isinstance(pid, str) or not event.has_player(pid):
        raise NotFound(_("no player {ref!r} in {event}", ref=pid, event=event.name))


@action("table_pool")
def apply_table_pool(event: Event, payload: TablePool) -> Event:
    b = _table_build(event)
    pid = payload.player
    _check_registered(event, pid)
    name = event.player(pid).name
    _check_correctable(event, pid, name)
    cards = _pool_cards(payload.cards, name, _rule(event.kind))
    pool = Pool(pid, event.kind, b.set_code, cards, b.product if event.kind == "sealed" else "", b.packs)
    pools = tuple(p for p in event.pools if p.player != pid) + (pool,)
    return replace(event, pools=pools)


@describer("table_pool")
def describe_table_pool(payload: TablePool) -> str:
    src = payload.source
    return _(
        "pool of {player} entered from the table: {n} cards ({source})",
        player=payload.player,
        n=len(payload.cards),
        source=_("typed in") if src in ("", TABLE_SOURCE) else src,
    )
