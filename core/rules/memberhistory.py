"""A member's history across the data folder's events (issue 47, M-HISTORY): each event they
played, with their record (the Swiss one and the top cut's), the place they hold, their status and
their penalties (earlier warnings are for information: G-PEN-2 counts within one event).  The
member list itself is core.rules.members'."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from core import labels
from core.i18n import _
from core.rules.members import Member, shown_name
from core.rules.penalties import EXCLUSIONS, in_force, tally


@dataclass(frozen=True)
class HistoryRow:
    """One event a member played (the number they played under may be one merged into theirs)."""

    event: str
    event_name: str
    date: str
    store: str
    name: str
    record: str
    points: int
    place: int | None
    players: int
    status: str
    penalties: tuple[dict[str, Any], ...]
    top: str = ""  # the top cut's record, W-L ("" outside a top cut)
    rules: str = "2008"

    def record_words(self) -> str:
        """The Swiss record, and the top cut's beside it: the whole day (the season counts both)."""
        return _("{swiss} (top cut {top})", swiss=self.record, top=self.top) if self.top else self.record

    def status_words(self) -> str:
        """Dropped, excluded (失格 under Overture: O-PEN-2) or nothing: every event in a history is over."""
        return "" if self.status == "active" else labels.player_status_label(self.status, self.rules)

    def as_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "event_name": self.event_name,
            "date": self.date,
            "store": self.store,
            "name": self.name,
            "record": self.record,
            "points": self.points,
            "place": self.place,
            "players": self.players,
            "status": self.status,
            "penalties": list(self.penalties),
            "top_record": self.top,
        }


def _members_in(ev: Any, numbers: set[str]) -> list[Any]:
    """The players of ``ev`` who carry one of the member ``numbers``."""
    return [p for p in ev.players if getattr(p, "member", None) in numbers]


def history_rows(events: Iterable[Any], numbers: set[str]) -> list[HistoryRow]:
    """The rows of ``events`` (core.event.model.Event) where a player carries one of ``numbers``, newest first."""
    # the standings engines load for a player's history only: the members' list opens without them
    from core.tournament.ranking import held_places, standings

    rows = []
    for ev in events:
        members = _members_in(ev, numbers)
        if members:
            # once an elimination stage is finished, the final placings rank the event (G-SE)
            table = standings(ev)
            rows += _event_rows(ev, members, table, held_places(ev, table))
    rows.sort(key=lambda r: (r.date, r.event), reverse=True)
    return rows


def _event_rows(ev: Any, members: list[Any], table: list, places: dict[str, int | None]) -> list[HistoryRow]:
    """The rows of the ``members`` who played ``ev``, from its standings ``table`` and the place each
    player holds (``places``, core.tournament.ranking.held_places)."""
    return [_history_row(ev, p, table, places) for p in members]


def _penalties_of(ev: Any, pid: str) -> tuple[dict, ...]:
    """The penalties ``pid`` was given in ``ev`` (round, table, level, action, reason); ``excludes``
    on the one whose Warnings' worth excluded the player (G-PEN-2: its own action may be none)."""
    out, levels, excluded = [], [], False
    for x in (x for x in ev.penalties if x.player == pid):
        row = {"round": x.round, "table": x.table, "level": x.level, "action": x.action, "reason": x.reason}
        forced = in_force(x)
        if forced is not None:
            levels.append(forced[0])
            if not excluded and tally(levels).excluded and forced[1] not in EXCLUSIONS:
                row["excludes"] = excluded = True
        out.append(row)
    return tuple(out)


def penalty_words(p: dict, rules: str = "2008", reason: str | None = None) -> str:
    """One penalty of a member's history: where, the level, what went with it (and the exclusion its
    Warnings' worth made, G-PEN-2), why (``reason``: as the caller shows it, else as given)."""
    shown = p["reason"] if reason is None else reason
    if p.get("excludes"):
        return _(
            "round {round} table {table}: {level} ({action} → {exclusion}, G-PEN-2), {reason}",
            round=p["round"],
            table=p["table"],
            level=labels.penalty_level_label(p["level"]),
            action=labels.penalty_action_label(p["action"], rules),
            exclusion=labels.penalty_action_label("exclusion", rules),
            reason=shown,
        )
    return _(
        "round {round} table {table}: {level} ({action}), {reason}",
        round=p["round"],
        table=p["table"],
        level=labels.penalty_level_label(p["level"]),
        action=labels.penalty_action_label(p["action"], rules),
        reason=shown,
    )


def _history_row(ev: Any, p: Any, table: list, places: dict[str, int | None]) -> HistoryRow:
    """Player ``p``'s row of event ``ev``: their record (``table``: the standings), the place they
    hold (``places``) and their penalties."""
    row = next((r for r in table if r.id == p.id), None)
    return HistoryRow(
        event=ev.id,
        event_name=ev.name,
        date=ev.date,
        store=_store_name(ev),
        name=p.name,
        record=row.record if row else "0-0-0",
        points=row.points if row else 0,
        place=places.get(p.id),
        players=len(ev.players),
        status=p.status,
        penalties=_penalties_of(ev, p.id),
        top=_top_record(ev, p.id),
        rules=ev.rules,
    )


def _top_record(ev: Any, pid: str) -> str:
    """``pid``'s record in the top cut, W-L ("" when they played none of it: a bye is no match)."""
    won = lost = 0
    for m in (m for r in ev.rounds if r.stage == "top" for m in r.matches if pid in (m.p1, m.p2)):
        if m.p2 is not None and m.outcome is not None:
            won, lost = (won + 1, lost) if m.winner() == pid else (won, lost + 1)
    return f"{won}-{lost}" if won or lost else ""


def _store_name(ev: Any) -> str:
    """The name of the store that ran ``ev`` ("" when none is set)."""
    return (getattr(ev, "store", None) or {}).get("name", "")


def _warnings_in(rows: list[HistoryRow]) -> int:
    """How many Warnings a member was given in these events."""
    return sum(1 for r in rows for p in r.penalties if p["level"] == "warning")


def history_view(m: Member | None, number: str, rows: list[HistoryRow]) -> tuple[str, list[str]]:
    """(title, lines) of a member's history: who, then :func:`history_lines`."""
    return _("History of {member}", member=shown_name(m, number)), history_lines(m, number, rows)


def history_lines(m: Member | None, number: str, rows: list[HistoryRow]) -> list[str]:
    """A member's history as lines to read (the app's history screen): each
    event (date, name, store, record, place), then its penalties, indented.
    Earlier warnings are for information: G-PEN-2 counts within one event."""
    out = [] if rows else [_("no event in this data folder has this member")]
    out += _warnings_note(rows)
    for r in rows:
        out.append(_history_event_line(r))
        out += ["  " + penalty_words(p, r.rules) for p in r.penalties]
    return out


def _warnings_note(rows: list[HistoryRow]) -> list[str]:
    """The Warnings of earlier events, for information (none: no line)."""
    warned = _warnings_in(rows)
    if not warned:
        return []
    return [
        _(
            "{n} warning(s) in these events: for information only (two warnings exclude within one event, G-PEN-2)",
            n=warned,
        )
    ]


def _history_event_line(r: HistoryRow) -> str:
    """One event of a member's history: date, name, store, record, place, status."""
    place = _("place {n} of {of}", n=r.place, of=r.players) if r.place else "-"
    return " ".join(x for x in (r.date, r.event_name, r.store, r.record_words(), place, r.status_words()) if x)
