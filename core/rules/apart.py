"""Keep apart (``apart``): two players the store never wants paired in a Swiss
round (family, one team).  The pairing treats such a pair as if they had
already met, within the points order (G-SWISS-PAIR-2 as the guideline words
it, "within G-SWISS-PAIR-1"): see :mod:`core.tournament.pairing`.

The action's data: ``{"players": [id, id]}`` keeps the two apart,
``{"players": [id, id], "clear": true}`` lets them be paired again.  A pair
is unordered; it is stored sorted in ``Event.apart``."""

from __future__ import annotations

from dataclasses import replace

from core.errors import LyceeError
from core.event.lookups import stored_player
from core.event.model import Event
from core.i18n import _
from core.log import action, describer
from core.log.actions import Apart

__all__ = ["apart_pair", "apart_partners"]


def apart_pair(a: str, b: str) -> tuple[str, str]:
    """The stored (sorted) form of the pair ``a``, ``b``."""
    return (a, b) if a <= b else (b, a)


def apart_partners(event: Event, pid: str) -> list[str]:
    """The ids kept apart from ``pid``, in the order of the stored pairs."""
    return [b if a == pid else a for a, b in event.apart if pid in (a, b)]


def _cleared(event, pair, p, q):
    """``event`` with the pair kept apart no more (refused when it is not kept apart)."""
    if pair not in event.apart:
        raise LyceeError(
            _(
                "{a} and {b} are not kept apart: nothing to clear (`lycee player apart EVENT` lists the pairs)",
                a=p.name,
                b=q.name,
            )
        )
    return replace(event, apart=tuple(x for x in event.apart if x != pair))


def _two_players(event, refs):
    """The two different players of the event ``refs`` name, else refused."""
    if len(refs) != 2:
        raise LyceeError(_("keep apart needs exactly two players"))
    p, q = (stored_player(event, r) for r in refs)
    if p.id == q.id:
        raise LyceeError(_("{name} cannot be kept apart from themself: name two different players", name=p.name))
    return p, q


@action("apart")
def _apart(event, payload: Apart):
    p, q = _two_players(event, payload.players)
    pair = apart_pair(p.id, q.id)
    if payload.clear:
        return _cleared(event, pair, p, q)
    if pair in event.apart:
        raise LyceeError(
            _(
                "{a} and {b} are already kept apart (`lycee player apart EVENT PLAYER PLAYER --clear` "
                "lets them be paired again)",
                a=p.name,
                b=q.name,
            )
        )
    return replace(event, apart=tuple(sorted(event.apart + (pair,))))


@describer("apart")
def _describe_apart(payload: Apart) -> str:
    a, b = payload.players
    if payload.clear:
        return _("{a} and {b} may be paired again (keep apart cleared)", a=a, b=b)
    return _("kept {a} and {b} apart (never paired in Swiss)", a=a, b=b)
