"""What a face shows of decklists and the build phase (G-DECKLIST, G-SEALED, G-DRAFT-*)."""

from __future__ import annotations

from core.event.model import Event
from core.i18n import _
from core.rules import clock
from core.rules.penalties import player_tally
from core.rules.staff import staff_problems

# Imported inside the functions that use them: the card engine (core.rules.decklists),
# the reports, the pairing engine, phone codes and members, which a face loads only when it shows
# them (`lycee reports` reads phone reports through here; the app's first frame loads none).

# -- decklists and the build phase (G-DECKLIST, G-SEALED, G-DRAFT-*) -----------------------


def decklists(ev: Event) -> list:
    """Every player's decklist status (none, registered, problems), in
    registration order (core.rules.decklists.DecklistStatus)."""
    # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
    from core.rules.decklists import decklist_status

    return decklist_status(ev)


def seat_of(ev: Event, pid: str) -> tuple[int, int] | None:
    """The player's draft seat (pod, seat), from 0; None outside a draft (core.rules.decklists.seat_of)."""
    # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
    from core.rules.decklists import seat_of as seat

    return seat(ev, pid)


def draft_seat(ev: Event, pid: str) -> str:
    """The player's draft seat as ``pod-seat`` (``2-5``), "" outside a draft."""
    seat = seat_of(ev, pid)
    return f"{seat[0] + 1}-{seat[1] + 1}" if seat else ""


def build_rows(ev: Event) -> list:
    """Every player's decklist status as the build tab lists it: in a drafted event by seat, pod by
    pod (1-1, 1-2 ... 2-1: the table as a judge walks it), players without a seat after them; else
    in registration order (:func:`decklists`)."""
    rows = decklists(ev)
    seats = {d.player: seat_of(ev, d.player) for d in rows}
    return sorted(rows, key=lambda d: (seats[d.player] is None, seats[d.player] or (0, 0)))


def build_time_left(st) -> str:
    """The build phase's time left as the clock shows it (``st``: the desk's
    build status), its whole length while the timer has not started; never
    below 0:00 (past it the time is up: :func:`build_timer_part`)."""
    return clock.fmt(max(0.0, st.remaining)) if st.remaining is not None else clock.fmt(st.minutes * 60)


def build_stage(st) -> str:
    """Where the build phase stands (``st``: the desk's build status): ``time_up`` (「時間です」,
    core.labels.build_state_label) once the timer has run out while the phase is open (the
    decks are handed in; round 1 waits for every legal deck, G-SEALED, G-DRAFT-4), else its state."""
    return "time_up" if st.open and st.time_up else st.state


def build_timer_part(st) -> str:
    """The build timer as the build tab's line says it: the time left (0:00 at most down to),
    or, once closed, how long the players built."""
    if st.state == "closed":
        return _("built for {ran}", ran=clock.fmt(st.elapsed)) if st.started_at else _("timer not started")
    return _("time left {t}", t=build_time_left(st))


def build_open(ev: Event) -> bool:
    """Whether the decks of a limited event are being built: its build phase open, before round 1."""
    return ev.build is not None and not ev.build.closed and not ev.rounds


def opening_tab(ev: Event) -> str:
    """The tab the desk opens an event on when it is not the players': the round while one has
    results to come, the build tab while the decks are built ("" otherwise)."""
    cur = ev.current_round
    if cur is not None and not cur.complete:
        return "round"
    return "build" if build_open(ev) else ""


def build_time_up(ev: Event, now) -> bool:
    """Whether the open build phase's timer has run out at ``now`` (the desk's tick asks each
    second on every tab: the clock alone, no deck check)."""
    b = ev.build
    if b is None or b.closed or b.clock is None:
        return False
    return b.minutes * 60 - clock.elapsed(b.clock, now) <= 0


def deck_gaps(ev: Event) -> list:
    """The active players round 1 waits for: no legal deck (DecklistStatus)."""
    # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
    from core.rules.decklists import round_one_gaps

    return round_one_gaps(ev)


def decklist_change(ev: Event, pid: str) -> tuple[bool, list[str]]:
    """Whether a decklist for ``pid`` now needs a judge and a reason (round 1
    is paired, G-DECKLIST), and the judges who may change it; raises the
    desk's refusal when it needs one and the event has none."""
    # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
    from core.rules.decklists import change_judges, decklist_locked, require_change_judge

    if not decklist_locked(ev):
        return False, []
    judges = change_judges(ev)
    if not judges:
        require_change_judge(ev, pid, "", "")
    return True, judges


def decklist_penalty_offer(ev: Event, pid: str, judge: str) -> dict:
    """The penalty the desk offers after a judge changed a decklist (G-DECKLIST, G-PEN-1)."""
    # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
    from core.rules.decklists import penalty_offer

    return penalty_offer(ev, pid, judge)


def gap_text(gap) -> str:
    """One player of :func:`deck_gaps` in words: the name and what is wrong."""
    # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
    from core.rules.decklists import gap_text as said

    return said(gap)


def penalty_marks(ev: Event, pid: str) -> str:
    """The penalties in force as marks: ``N`` a Notice, ``W`` a Warning (G-PEN-2)."""

    tally = player_tally(ev, pid)
    return "N" * tally.notices + "W" * tally.warnings


def staff_missing(ev: Event) -> list[tuple[str, str]]:
    """What a sanctioned event lacks of its staff: (rule, why) pairs
    (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE)."""

    return staff_problems(ev)
