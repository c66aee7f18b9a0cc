"""The desk's round clock (core.rules.clock, G-BO3-TIME)."""

from __future__ import annotations

from core.desk.base import DeskBase
from core.event.model import Event
from core.log.actions import (
    Clock,
    ClockOp,
)
from core.rules.clock import stamp, status, time_call


class ClockDesk(DeskBase):
    # -- the round clock -----------------------------------------------------------
    def _clock(self, op: ClockOp, table: int | None = None, minutes: int | None = None) -> Event:
        number = self._round_number(None)
        return self.store.append(
            "clock",
            Clock(round=number, op=op, at=stamp(self.now()), table=table, minutes=minutes),
            self.actor,
            device=self.device,
        )

    def start_clock(self) -> Event:
        return self._clock("start")

    def pause_clock(self) -> Event:
        return self._clock("pause")

    def resume_clock(self) -> Event:
        return self._clock("resume")

    def toggle_clock(self) -> str:
        """One key for the round clock: start it, else resume it when paused,
        else pause it.  Returns what was done: ``start``, ``resume`` or ``pause``."""
        st = self.clock_status()
        op: ClockOp = "start" if not st.started else "resume" if st.paused else "pause"
        self._clock(op)
        return op

    def extend(self, table: int, minutes: int) -> Event:
        return self._clock("extend", table=int(table), minutes=int(minutes))

    def clock_status(self):

        return status(self.event, self.now())

    def time_call(self):

        return time_call(self.event, self.now())
