"""Facts only an event file carries, put back on an imported event (docs/eventfile.md).

:mod:`core.rules.eventfile` builds an imported event by replaying the desk's own
actions (``create``, ``register``, ``pair``, ``game``, ``result``, ``drop``)
through their reducers, so a file's results meet the rules a result entered
at the desk meets.  Some stored facts have no desk action that gives them back
as they were recorded: the round clock's times and check-in times (stamped by
the desk's time source), lateness rulings, time extensions and notes, a double
loss (G-LATE-1), an elimination match declared without a winner (G-ID-3),
penalties with their appeals (their effects on results are already in the
results), exclusions, decklists and deck checks as registered, a limited
event's build phase, pods and pools, a store calendar, and the order of the
player list.  The three reducers here set those from the file's checked
document.  They are applied only by the import (core.rules.eventfile); a log keeps
the ``import`` action with the whole document, never these.
"""

from __future__ import annotations

from dataclasses import replace

from core import labels
from core.event.model import (
    BuildPhase,
    Checkin,
    ClockState,
    DeckCheck,
    DeckRecord,
    DraftSeat,
    Event,
    LateRuling,
    Match,
    OpenedPack,
    Penalty,
    Pool,
)
from core.log import action
from core.log.actions import FilePeople, FileRecords, FileRound


def clock_from_doc(c: dict) -> ClockState:
    return ClockState(c["minutes"], c["started_at"], tuple((a, b) for a, b in c.get("pauses", [])))


def _clock_of(d: dict) -> ClockState | None:
    """The clock a round or a build phase of the file records, or None (not started)."""
    return clock_from_doc(d["clock"]) if d.get("clock") is not None else None


def _match_facts(m: Match, f: dict | None, stage: str) -> Match:
    """``m`` as replayed, with what the file's match ``f`` records beyond its
    result: note and extension as written; a double loss and an elimination
    match without a winner as the desk records them (0-0, no games), so a file
    giving them scores or games differs from the replay and is refused."""
    if f is None:
        return m
    new = _decided_as_recorded(m, f, stage)
    note, extension = f.get("note", ""), f.get("extension", 0)
    if new.note != note or new.extension != extension:
        new = replace(new, note=note, extension=extension)
    return new


def _decided_as_recorded(m: Match, f: dict, stage: str) -> Match:
    """``m`` with the decision the file's match ``f`` records and a replay
    cannot make: a double loss; in an elimination match, the winner the
    organizer named at time (G-SE) or an intentional draw without a winner."""
    if _double_loss_filed(m, f):
        return replace(m, p1_wins=0, p2_wins=0, draws=0, outcome="double_loss", games=())
    if stage == "swiss" or m.reported:
        return m
    return _elimination_decided(m, f)


def _double_loss_filed(m: Match, f: dict) -> bool:
    """The file records a double loss (G-LATE-1) the replay left open (or as a bye)."""
    return f.get("outcome") == "double_loss" and (m.outcome is None or m.is_bye)


def _elimination_decided(m: Match, f: dict) -> Match:
    """An unreported elimination match with the winner named at time (G-SE) or the intentional draw the file records."""
    out = f.get("outcome")
    if _winner_named(f):
        # a time-out with equal game wins: the organizer named the winner (G-SE)
        return replace(
            m,
            p1_wins=f.get("p1_wins", 0),
            p2_wins=f.get("p2_wins", 0),
            draws=f.get("draws", 0),
            outcome=f["outcome"],
            games=tuple(f.get("games", ())),
        )
    if f.get("intentional") and out == "draw":
        return replace(m, p1_wins=0, p2_wins=0, draws=0, outcome="draw", intentional=True, games=())
    return m


def _winner_named(f: dict) -> bool:
    """The file's match records a winner the organizer named at time (G-SE)."""
    return f.get("outcome") in ("p1", "p2") and labels.is_named_winner(f.get("note") or "")


@action("file_round")
def _file_round(event: Event, payload: FileRound) -> Event:
    """The newest round's clock, check-ins, lateness rulings and match facts
    (the payload's ``doc`` is the round's object in the file)."""
    doc = payload.doc  # checked by the event-file schema (core.rules.eventfile)
    rnd = event.rounds[doc["number"] - 1]
    by_table = _first_by_table(doc["matches"])
    matches = tuple(_match_facts(m, by_table.get(m.table), rnd.stage) for m in rnd.matches)
    return event.with_round(
        replace(rnd, matches=matches, clock=_clock_of(doc), checkins=_checkins(doc), late=_late_rulings(doc))
    )


def _first_by_table(matches: list[dict]) -> dict[int, dict]:
    """The file's matches of a round by table (the first at a table)."""
    by_table: dict[int, dict] = {}
    for f in matches:
        by_table.setdefault(f["table"], f)
    return by_table


def _checkins(doc: dict) -> tuple[Checkin, ...]:
    """A round's check-ins as the file records them."""
    return tuple(Checkin(c["player"], c["at"], c.get("seconds", 0.0)) for c in doc.get("checkins", ()))


def _late_rulings(doc: dict) -> tuple[LateRuling, ...]:
    """A round's lateness rulings as the file records them."""
    return tuple(
        LateRuling(x["rule"], x["table"], tuple(x["players"]), x["decision"], x.get("by", ""), x.get("at", ""))
        for x in doc.get("late", ())
    )


def _lines(raw) -> tuple[tuple[int, str, str], ...]:
    return tuple((e[0], e[1], e[2] if len(e) > 2 else "") for e in raw)


def _pool(x: dict) -> Pool:
    opened = tuple(OpenedPack(o["kind"], tuple(o["cards"]), o.get("starter", "")) for o in x.get("opened", []))
    return Pool(
        x["player"],
        x["kind"],
        x["set"],
        tuple(x["cards"]),
        (x.get("product") or "") if x["kind"] == "sealed" else "",
        x.get("packs", 0),
        x.get("seed"),
        opened,
    )


def _build(b: dict) -> BuildPhase:
    clock = _clock_of(b)
    phase = BuildPhase(
        b["kind"],
        b["set"],
        b["minutes"],
        b["opened_at"],
        b.get("product") or "",
        b.get("packs", 0),
        b.get("seed"),
        clock,
        b.get("closed_at"),
        b.get("closed_by", ""),
    )
    ov = b.get("override")  # the head judge's round-1 override (G-HEAD-JUDGE), if one was given
    if ov is not None:
        phase = replace(
            phase,
            override_by=ov["by"],
            override_reason=ov["reason"],
            override_at=ov["at"],
            override_players=tuple(ov.get("players", [])),
        )
    return phase


def _deck_record(x: dict) -> DeckRecord:
    """A registered decklist as the file holds it."""
    return DeckRecord(
        x["player"], _lines(x["deck"]), _lines(x.get("spare", [])), x.get("source", ""), x.get("round", 0)
    )


def _deck_check(x: dict) -> DeckCheck:
    """A deck check as the file holds it."""
    return DeckCheck(
        x["player"],
        x["round"],
        tuple(tuple(e) for e in x["differences"]),
        x.get("by", ""),
        x.get("at", ""),
        x.get("source", ""),
    )


def _filed_pods(pods) -> tuple:
    """The draft tables as the file seats them (a seat's name, and its player when known)."""
    return tuple(tuple(DraftSeat(s["name"], s.get("player")) for s in pod) for pod in pods)


@action("file_records")
def _file_records(event: Event, payload: FileRecords) -> Event:
    """Decklists, deck checks, the build phase, pods, pools and the store
    calendar (the payload's ``doc`` holds the file's keys of the same names)."""
    doc = payload.doc  # checked by the event-file schema (core.rules.eventfile)
    return replace(
        event,
        decklists=tuple(_deck_record(x) for x in doc.get("decklists", ())),
        deck_checks=tuple(_deck_check(x) for x in doc.get("deck_checks", ())),
        build=_build(doc["build"]) if doc.get("build") is not None else None,
        pods=_filed_pods(doc.get("pods", ())),
        pools=tuple(_pool(x) for x in doc.get("pools", ())),
        store_calendar=doc.get("store_calendar"),
    )


def _penalty(x: dict) -> Penalty:
    """A penalty as the file records it (with its appeal)."""
    return Penalty(
        x["player"],
        x.get("round"),
        x.get("table"),
        x["level"],
        x.get("action", "none"),
        x["reason"],
        x.get("by", ""),
        x.get("appeal"),
        x.get("at", ""),
    )


def _players_as_filed(event: Event, filed: list[dict]) -> tuple:
    """The players in the file's order, those it marks excluded as excluded."""
    order = {p["id"]: i for i, p in enumerate(filed)}
    excluded = _excluded_ids(filed)
    return tuple(
        replace(p, excluded=True) if p.id in excluded else p
        for p in sorted(event.players, key=lambda p: order.get(p.id, len(order)))
    )


def _excluded_ids(filed: list[dict]) -> set[str]:
    """The players the file marks excluded."""
    return {p["id"] for p in filed if p.get("excluded", False)}


@action("file_people")
def _file_people(event: Event, payload: FilePeople) -> Event:
    """Penalties as recorded (with their appeals), exclusions, and the player
    list in the file's order (the payload's ``doc``: the file's ``players``
    and ``penalties``)."""
    doc = payload.doc  # checked by the event-file schema (core.rules.eventfile)
    players = _players_as_filed(event, doc["players"])
    penalties = tuple(_penalty(x) for x in doc.get("penalties", ()))
    return replace(event, players=players, penalties=penalties)
