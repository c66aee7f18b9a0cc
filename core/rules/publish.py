"""What the event shows to players: the read-only pages (``lycee serve``).

The desk decides what goes up; everything here is a rule about the public
view, so the web face only draws what :func:`public_event` gives it.

- Pairings go up when the round is published: on pairing by default; with
  ``hold_pairings`` on, a new round waits for a ``publish`` action (the desk
  checks the pairing first, then puts it up).  Results of a round follow its
  pairings.
- Standings are shown after each complete round (:func:`standings_round`).
- Penalties, decklists, deck checks, pools, staff notes and the log are never
  part of the public view.
- Announcements are lines typed at the desk (``announce`` actions), shown on
  the TV page and the phones; an empty line clears them.

Actions::

    {"type": "publish", "data": {"hold": true}}      hold new rounds (what is up stays up)
    {"type": "publish", "data": {"hold": false}}     publish on pairing again (all rounds go up)
    {"type": "publish", "data": {"round": 3}}        put rounds up to 3 up
    {"type": "announce", "data": {"text": "Top 8 starts at 17:00", "at": ISO}}
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from itertools import islice

from msgspec import UNSET

from core.errors import LyceeError
from core.event.model import Announcement, Event, Match, Round
from core.i18n import _
from core.log import action, describer
from core.log.actions import Announce, Publish

#: An announcement is one line on a TV: at most this many characters.
ANNOUNCE_MAX = 140
#: Announcements kept in the event's state (older ones stay in the log).
ANNOUNCE_KEPT = 10


# -- what is up ------------------------------------------------------------------


def visible_rounds(event: Event) -> int:
    """How many rounds (from the first) the public pages may show."""
    if not event.hold_pairings:
        return len(event.rounds)
    return min(event.published_round, len(event.rounds))


def public_event(event: Event) -> Event:
    """The event as the public pages may see it: published rounds only, and
    none of penalties, decklists, deck checks, pools, pods or the build phase,
    nor the desk's own facts of the day (report codes, reports, staff calls, clears, PINs).
    (Results already count whatever a penalty did to them.)"""
    n = visible_rounds(event)
    return replace(
        event,
        rounds=event.rounds[:n],
        penalties=(),
        decklists=(),
        deck_checks=(),
        pools=(),
        pods=(),
        build=None,
        report_codes=(),
        reports=(),
        calls=(),
        clears=(),
        staff_pins=(),
        staff_signouts=(),
    )


def standings_round(event: Event) -> int:
    """The round the public standings are "after": the newest complete round
    among those published (0 before any).  Standings are never shown while a
    round's results are still coming in."""
    rounds = event.rounds
    n = len(rounds)
    while n and not rounds[n - 1].complete:
        n -= 1
    return n


def standings_event(event: Event) -> Event:
    """``event`` cut after :func:`standings_round`: what the public standings
    are computed from (the core standings, with their final placings once an
    elimination stage is finished)."""
    return event.with_(rounds=event.rounds[: standings_round(event)])


def latest_announcement(event: Event) -> Announcement | None:
    a = event.announcements[-1] if event.announcements else None
    return a if a is not None and a.text else None


# -- finding a player -----------------------------------------------------------

_SKIP = re.compile(r"[\s・･·.\-_'’]+")


def search_key(text: str) -> str:
    """A name folded for "find my table": full/half width alike (NFKC),
    case-folded, katakana read as hiragana, spaces and middle dots ignored.
    So 'ﾔﾏﾀﾞ ﾀﾛｳ', 'ヤマダタロウ' and 'やまだ　たろう' are one key."""
    s = unicodedata.normalize("NFKC", text).casefold()
    s = "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in s)
    return _SKIP.sub("", s)


def find_players(event: Event, query: str, limit: int = 20) -> list[tuple[str, Match | None]]:
    """Players whose name or reading (よみ) contains ``query`` (see :func:`search_key`), with
    their match of the newest round of ``event`` (None when not paired in it):
    ``(player id, match)``, in registration order, at most ``limit``."""
    key = search_key(query)
    if not key:
        return []
    by_player = _matches_by_player(event.current_round)
    return [(p.id, by_player.get(p.id)) for p in islice(_found(event, key), limit)]


def _found(event: Event, key: str):
    """The players of ``event`` found by ``key``, in registration order."""
    return (p for p in event.players if _found_by(p, key))


def _matches_by_player(rnd: Round | None) -> dict[str, Match]:
    """Each player paired in ``rnd`` to their match."""
    if rnd is None:
        return {}
    return {pid: m for m in rnd.matches for pid in m.players()}


def _found_by(p, key: str) -> bool:
    """The name or the reading of ``p`` contains ``key`` (すずき finds 鈴木)."""
    return key in search_key(p.name) or bool(p.reading and key in search_key(p.reading))


# -- actions ------------------------------------------------------------------------


def _check_text(text) -> str:
    if not isinstance(text, str):
        raise LyceeError(_("an announcement is a line of text"))
    text = " ".join(text.split())
    if _has_control(text):
        raise LyceeError(_("an announcement cannot hold control characters"))
    if len(text) > ANNOUNCE_MAX:
        raise LyceeError(_("an announcement is at most {n} characters (this one has {m})", n=ANNOUNCE_MAX, m=len(text)))
    return text


def _has_control(text: str) -> bool:
    """``text`` holds a control character."""
    return any(unicodedata.category(c) == "Cc" for c in text)


@action("announce")
def _announce(event, payload: Announce):
    text = _check_text(payload.text)
    if not text and latest_announcement(event) is None:
        raise LyceeError(_("there is no announcement to clear"))
    a = Announcement(text, payload.at, payload.by)
    return replace(event, announcements=(event.announcements + (a,))[-ANNOUNCE_KEPT:])


@describer("announce")
def _describe_announce(payload: Announce) -> str:
    text = payload.text
    return _("announced: {text}", text=text) if text else _("cleared the announcement")


def _held(event, hold: bool):
    """New rounds held until published, or published on pairing again: holding
    keeps what is up; publishing on pairing again puts everything up."""
    if hold == event.hold_pairings:
        raise LyceeError(
            _("new rounds are already held until published") if hold else _("rounds are already published on pairing")
        )
    return replace(event, hold_pairings=hold, published_round=len(event.rounds))


@action("publish")
def _publish(event, payload: Publish):
    hold = payload.hold
    if hold is not UNSET:
        return _held(event, hold)
    return replace(event, published_round=_round_to_publish(event, payload.round))


def _round_to_publish(event: Event, n) -> int:
    """Round ``n``, paired and not yet up, as the newest round to put up."""
    if n is UNSET or not 1 <= n <= len(event.rounds):
        raise LyceeError(_("round {r!r} has not been paired: nothing to publish", r=n))
    if n <= visible_rounds(event):
        raise LyceeError(_("round {r} is already published", r=n))
    return n


@describer("publish")
def _describe_publish(payload: Publish) -> str:
    if payload.hold is not UNSET:
        return _("held new rounds until published") if payload.hold else _("publishing rounds on pairing")
    return _("published round {r}", r=None if payload.round is UNSET else payload.round)
