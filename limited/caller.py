"""The draft caller's state machine (G-DRAFT-1): where a called booster
draft stands and what the caller says.

Pack, pick, phase and the phase's deadline; the seconds of a pick come from
:class:`limited.draft.PickTimer` (by cards left in the pack).  It reads the
time only from the ``now`` passed to each method, so the app's interval and
the tests drive it alike (tests never sleep).  The screen that calls a draft
(tui.screens.draft_table) only draws it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from core.i18n import _
from limited.draft import PickTimer, direction

#: Seconds the "Pick up!" call stays up at the start of a pick.
PICK_UP_SECONDS = 2.0
#: Seconds between "Draft!" and the next pick, for passing the packs (a desk setting).
PASS_SECONDS = 3.0


@dataclass
class TableCall:
    """Where a called draft stands: pack, pick, phase and the phase's deadline.

    Phases: ``ready`` (before pack 1), ``pick`` (the countdown), ``draft``
    (the pass), ``last`` (the pack's last card: nothing to choose and nothing
    to pass, so no countdown and no pass, only "take the last card" for
    ``PICK_UP_SECONDS``), ``pack_done`` (waiting to open the next pack),
    ``done``, ``build`` (the deck-building timer) and ``built``.  Every method
    takes the time ``now`` (seconds, any origin)."""

    packs: int
    cards: int
    timer: PickTimer
    pass_seconds: float = PASS_SECONDS
    round: int = 0  # 0-based pack
    pick: int = 0  # 0-based pick in the pack
    phase: str = "ready"
    deadline: float | None = None
    started: float | None = None
    paused_left: float | None = None

    @property
    def direction(self) -> int:
        return direction(self.round)

    @property
    def cards_left(self) -> int:
        return self.cards - self.pick

    @property
    def paused(self) -> bool:
        return self.paused_left is not None

    @property
    def running(self) -> bool:
        return self.phase in ("pick", "draft", "last", "build")

    def left(self, now: float) -> float | None:
        if self.paused:
            return self.paused_left
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - now)

    def _begin(self, phase: str, seconds: float, now: float) -> None:
        self.phase = phase
        self.started = now
        self.deadline = now + seconds

    def _next_pick(self, now: float) -> str:
        self.pick += 1
        if self.pick >= self.cards:
            self.deadline = None
            if self.round + 1 >= self.packs:
                self.phase = "done"
                return "done"
            self.phase = "pack_done"
            return "pack_done"
        return self._pick(now)

    def _pick(self, now: float) -> str:
        """The next pick: a countdown, or for the pack's last card only the call to take it."""
        if self.cards_left == 1:
            self._begin("last", PICK_UP_SECONDS, now)
            return "last"
        self._begin("pick", self.timer.seconds(self.cards_left), now)
        return "pick"

    def start(self, now: float) -> str | None:
        """Open the next pack (from ready or between packs)."""
        if self.phase == "ready":
            self.round, self.pick = 0, 0
        elif self.phase == "pack_done":
            self.round, self.pick = self.round + 1, 0
        else:
            return None
        return self._pick(now)

    def skip(self, now: float) -> str | None:
        """'Draft!' now (during a pick), the next pick now (during the pass), or open the next pack."""
        if self.paused:
            self.resume(now)
        if self.phase in ("ready", "pack_done"):
            return self.start(now)
        if self.phase == "pick":
            self._begin("draft", self.pass_seconds, now)
            return "draft"
        if self.phase in ("draft", "last"):
            return self._next_pick(now)
        return None

    def pause(self, now: float) -> None:
        if self.running and not self.paused:
            self.paused_left = self.left(now)

    def resume(self, now: float) -> None:
        if self.paused:
            self.deadline = now + (self.paused_left or 0.0)
            self.paused_left = None

    def build(self, minutes: float, now: float) -> None:
        self.paused_left = None
        self._begin("build", minutes * 60, now)

    def update(self, now: float) -> list[str]:
        """Move on past every deadline reached by ``now``; the phases entered, in order."""
        events: list[str] = []
        while (at := self._due(now)) is not None:
            entered = self._deadline_passed(at)
            if entered is None:
                break
            events.append(entered)
        return events

    def _due(self, now: float) -> float | None:
        """The running phase's deadline when it has come by ``now`` (and the call is not paused), else None."""
        if self.paused or self.deadline is None or now < self.deadline:
            return None
        return self.deadline

    def _deadline_passed(self, at: float) -> str | None:
        """The phase the deadline ``at`` moves on to (the pass after a pick, the next pick after the pass,
        the built decks after the build timer), or None when the phase has no next one."""
        if self.phase == "pick":
            self._begin("draft", self.pass_seconds, at)
            return "draft"
        if self.phase in ("draft", "last"):
            return self._next_pick(at)
        if self.phase == "build":
            self.phase, self.deadline = "built", None
            return "built"
        return None

    def call(self, now: float) -> str:
        """What the caller says now."""
        text = _PHASE_CALLS.get(self.phase, _call_time_up)(self, now)
        return _("Paused: {call}", call=text) if self.paused else text


def _call_ready(c: TableCall, now: float) -> str:
    return _("Ready: space opens pack 1")


def _call_pick(c: TableCall, now: float) -> str:
    if _picking_up(c, now):
        return _("Pick up!")
    return _("{n} seconds left", n=math.ceil(c.left(now) or 0))


def _picking_up(c: TableCall, now: float) -> bool:
    """Whether the pick began less than PICK_UP_SECONDS ago (and the call is not paused)."""
    return c.started is not None and not c.paused and now - c.started < PICK_UP_SECONDS


def _call_draft(c: TableCall, now: float) -> str:
    return _("Draft! Pass the pack {arrow}", arrow="→" if c.direction > 0 else "←")


def _call_last(c: TableCall, now: float) -> str:
    return _("Take the last card")


def _call_pack_done(c: TableCall, now: float) -> str:
    return _("Pack {round} done: space opens pack {next}", round=c.round + 1, next=c.round + 2)


def _call_done(c: TableCall, now: float) -> str:
    return _("Draft over: b starts the deck-building timer")


def _call_build(c: TableCall, now: float) -> str:
    return _("Build your decks")


def _call_time_up(c: TableCall, now: float) -> str:
    return _("Time: hand in your decks")


#: What the caller says in each phase (the build clock run out otherwise).
_PHASE_CALLS: dict[str, Callable[[TableCall, float], str]] = {
    "ready": _call_ready,
    "pick": _call_pick,
    "draft": _call_draft,
    "last": _call_last,
    "pack_done": _call_pack_done,
    "done": _call_done,
    "build": _call_build,
}
