"""The written event report (G-REPORT, optional): the event, its staff and
players, how ties were ordered (G-TIE-1, G-TIE-PLAYOFF), the places, each
round's planned and actual times, the G-OTHER-FORMAT flag and the
publication terms (G-PUBLISH)."""

from __future__ import annotations

import re

from core import labels
from core.errors import LyceeError
from core.event.model import Event
from core.event.tiebreakers import TIEBREAKERS
from core.i18n import _, join_list
from core.reports.sheet_words import (
    PLAYOFF_REMARK,
    date_words,
    left_words,
    match_words,
    scorecard_due,
    sheet_judges,
    status_remark,
)
from core.rules.members import store_line
from core.tournament.elimination import bracket, final_placings, final_without_winner
from core.tournament.plan import planned_vs_actual
from core.tournament.ranking import placing_words
from core.tournament.standings import playoffs_held, standings

__all__ = ["format_summary", "report_table", "schedule_rows", "ties_words"]


def _no_winner_declared(event: Event) -> bool:
    """The final was an intentional draw the organizer declared without a winner (G-ID-3)."""
    try:
        b = bracket(event)
    except LyceeError:
        return False
    return bool(b and b.rounds and b.rounds[-1].slots and labels.is_no_winner(b.rounds[-1].slots[0].note))


def ties_words(event: Event) -> str:
    """How players on equal points were ordered (G-TIE-1, G-TIE-PLAYOFF): the
    tiebreakers in use (or shared places), then each playoff (決定戦) held,
    with its players and whether it replaced the tiebreakers."""

    parts = [_chain_words(event)]
    names = {p.id: p.name for p in event.players}
    for points, ids, instead in playoffs_held(event):
        parts.append(_playoff_words(join_list((names.get(i, i) for i in ids), words=True), points, instead))
    return "; ".join(parts)


def _chain_words(event: Event) -> str:
    """The tiebreakers in use, or that equal points share a place (G-TIE-1)."""
    chain = [TIEBREAKERS[t].header for t in event.tiebreakers]
    if chain:
        return _("tiebreakers {names}", names=", ".join(chain))
    return _("no tiebreakers: equal points share a place")


def _playoff_words(who: str, points: int, instead: bool) -> str:
    """A playoff (決定戦) held: among whom, on what points, and whether it replaced the tiebreakers."""
    if instead:
        return _("playoff (決定戦) instead of the tiebreakers among {who} ({points} points)", who=who, points=points)
    return _("playoff (決定戦) for a shared place among {who} ({points} points)", who=who, points=points)


def format_summary(event: Event) -> tuple[str, bool]:
    """The event's format in words, and whether it must be reported when
    applying for sanction (G-OTHER-FORMAT: anything but Swiss or single
    elimination)."""
    stages = {r.stage for r in event.rounds} or _planned_stages(event)
    words = _stage_words()
    parts = [words[s] for s in words if s in stages]
    other = bool(stages - set(words))
    return " + ".join(parts), other


def _planned_stages(event: Event) -> set[str]:
    """The stages planned while nothing is played: single elimination alone (G-SE) or Swiss."""
    return {"top"} if event.rounds_planned == 0 else {"swiss"}


def _stage_words() -> dict[str, str]:
    """Each stage of a known format in words, in the order they are named."""
    return {"swiss": _("Swiss"), "top": _("single elimination"), "playoff": PLAYOFF_REMARK}


def _calendar_words(event: Event) -> str:
    """Which legality list the event's deck checks follow (G-CARDS-VERSIONS; under the Overture rules
    the store's imported card list, each product legal from its on-sale date: O-CARDS-ONSALE)."""
    if event.rules == "overture":
        return _("the store's official card list (`lycee cards import`), each product from its on-sale date")
    base = (
        _("the guideline's list of versions and promotion cards")
        if event.sanctioned
        else _("any set (unsanctioned event)")
    )
    sc = event.store_calendar
    return base if sc is None else base + " + " + _store_calendar_words(sc)


def _store_calendar_words(sc: dict) -> str:
    """A store's own calendar the deck checks add: its source and what it lists."""
    cal = sc.get("calendar") or {}
    return _(
        "store calendar {source} ({v} versions, {p} promotion cards)",
        source=sc.get("source", ""),
        v=len(cal.get("versions", [])),
        p=len(cal.get("promos", [])),
    )


def _known_names(event: Event, pids) -> str:
    """The names of the players ``pids`` the event has, joined in words ("-" for none)."""
    return join_list((event.player(p).name for p in pids if event.has_player(p)), words=True) or "-"


def _override_rows(event: Event) -> list[list]:
    """The head judge's override of the round-1 deck check (G-HEAD-JUDGE,
    core.rules.builds), named on the report: who, when, why, for whom."""
    b = event.build
    if b is None or not b.overridden:
        return []
    names = _known_names(event, b.override_players)
    return [
        [
            _("Deck override"),
            _(
                "head judge {by} at {at}: round 1 paired without a legal deck from {names} ({reason})",
                by=b.override_by,
                at=labels.time_label(b.override_at or ""),
                names=names,
                reason=b.override_reason,
            ),
        ]
    ]


def _ruling_rows(event: Event) -> list[list]:
    """The head judge's rulings that keep facts a later change no longer supports (L-RULING: a
    correction that left a played round as paired), named on the report: who, when, why, what."""
    return [
        [
            _("Head judge's ruling"),
            _(
                "{by} at {at}: {reason}; kept as played: {what}",
                by=r.by,
                at=labels.time_label(r.at),
                reason=r.reason,
                what=join_list([_excused_words(rule, path) for rule, path in r.excuses], words=True) or "-",
            ),
        ]
        for r in event.rulings
    ]


def _excused_words(rule: str, path: str) -> str:
    """One excuse of a ruling: its rule, and the round its JSON path names (``$.rounds[1]``: round 2)."""
    m = re.match(r"\$\.rounds\[(\d+)\]", path)
    return _("round {r} ({rule})", r=int(m.group(1)) + 1, rule=rule) if m else rule


def report_table(event: Event, log: list[dict] | None = None):
    """The written event report (G-REPORT, optional), with the publication
    terms (G-PUBLISH) and the G-OTHER-FORMAT flag; with the event's ``log``,
    each round's planned and actual times (core.tournament.plan)."""
    fmt, other = format_summary(event)
    rows = _event_rows(event, fmt) + _people_rows(event) + _tally_rows(event) + _place_rows(event)
    if log:
        rows += schedule_rows(event, log)
    rows += _closing_rows(other)
    title = _("{event}: event report", event=event.name)
    return title, [_("Item"), _("Value")], rows


def _event_rows(event: Event, fmt: str) -> list[list]:
    return [
        [_("Event"), event.name],
        [_("Date"), date_words(event.date)],
        [_("Kind"), labels.kind_label(event.kind)],
        [_("Match"), match_words(event)],
        [_("Minutes a match"), event.minutes],
        [_("Tournament format"), fmt],
        [_("Sanctioned"), _("yes") if event.sanctioned else _("no")],
        [_("Rules"), labels.rules_label(event.rules)],
        [_("Card calendar"), _calendar_words(event)],
        *_override_rows(event),
        *_ruling_rows(event),
        *([[_("store name"), store_line(event.store)]] if event.store else []),
    ]


def _people_rows(event: Event) -> list[list]:
    """The staff, the players, and who left the event."""
    s = event.staff
    overture = event.rules == "overture"
    return [
        [_("Organizer"), s.organizer],
        [_("Head judge"), s.head_judge],
        [_("Judges"), join_list(sheet_judges(event), words=True)],
        [_("Players"), len(event.players)],
        [_("Dropped"), sum(p.dropped_after_round is not None for p in event.players)],
        [_("Disqualified") if overture else _("Excluded"), sum(bool(p.excluded) for p in event.players)],
        *_left_rows(event),
    ]


def _left_rows(event: Event) -> list[list]:
    """A row for each player who left the event (dropped or excluded), with why."""
    label = left_words(event)
    return [[label, f"{p.name}: {status_remark(event, p.id)}"] for p in event.players if not p.active]


def _tally_rows(event: Event) -> list[list]:
    return [
        [_("Rounds"), len(event.rounds)],
        [_("Ties on points"), ties_words(event)],
        [
            _("Penalties"),
            _(
                "{n} notices, {w} warnings",
                n=sum(p.level == "notice" for p in event.penalties),
                w=sum(p.level == "warning" for p in event.penalties),
            ),
        ],
        [_("Scorecard due"), date_words(scorecard_due(event)) if event.sanctioned else _("none (unsanctioned event)")],
    ]


def _place_rows(event: Event) -> list[list]:
    """The winner and the first eight places: the final placings once the
    bracket is decided, else the Swiss standings so far."""
    final = final_placings(event)
    if final is not None:
        return _final_rows(event, final)
    return _unfinished_rows(event) + [_swiss_place_row(event, r) for r in standings(event)[:8]]


def _unfinished_rows(event: Event) -> list[list]:
    """Before the places of the Swiss standings: no champion after a final drawn
    without a winner (G-ID-3), or an elimination stage not finished."""
    if _no_winner_declared(event):
        return [[_("Winner"), _("no champion")]]
    if any(r.stage == "top" for r in event.rounds):
        return [[_("Elimination"), _("not finished: places follow the Swiss standings so far")]]
    return []


def _with_remark(event: Event, pid: str, text: str) -> str:
    """``text`` and, when the player left the event, why."""
    remark = status_remark(event, pid)
    return f"{text} · {remark}" if remark else text


def _swiss_place_row(event: Event, r) -> list:
    """A place of the Swiss standings so far: name, points and record, and why the player left, if so."""
    return [_("Place {rank}", rank=r.rank_text), _with_remark(event, r.id, f"{r.name} ({r.points} · {r.record})")]


def _final_rows(event: Event, final) -> list[list]:
    # G-ID-3 (L-NO-WINNER): a final without a winner has no champion
    rows = [[_("Winner"), _("no champion") if final_without_winner(event) else final[0].name]]
    by_id = {r.id: r for r in standings(event)}
    words = placing_words(event, final)
    return rows + [_final_place_row(event, f, by_id[f.id], *words[f.id]) for f in final[:8]]


def _final_place_row(event: Event, f, r, place: str, reached: str) -> list:
    """A final place (shared by a round's losers no match ordered:
    core.tournament.ranking.placing_words): name, how far the player went, points
    and record, and why the player left, if so."""
    return [
        _("Place {rank}", rank=place),
        _with_remark(event, f.id, f"{r.name} ({reached} · {r.points} · {r.record})"),
    ]


def _closing_rows(other: bool) -> list[list]:
    return [
        [
            _("Format check"),
            _("must be reported when applying for sanction (G-OTHER-FORMAT)")
            if other
            else _("Swiss / single elimination: nothing to report (G-OTHER-FORMAT)"),
        ],
        [
            _("Publication"),
            _(
                "The publisher and the organizer may publish this event's records: "
                "result sheets, photos, video and reconstructions (G-PUBLISH)."
            ),
        ],
    ]


def schedule_rows(event: Event, log: list[dict]) -> list[list]:
    """Report rows: each round's planned time (the plan before round 1,
    core.tournament.plan) beside its actual time, and the difference at its end."""

    hm = _clock
    rows = []
    for number, p0, p1, a0, a1 in planned_vs_actual(event, log):
        rows.append(
            [
                _("Round {r} times", r=number),
                _("planned {a} to {b} · actual {c} to {d}", a=hm(p0), b=hm(p1), c=hm(a0), d=hm(a1))
                + _late_words(p1, a1),
            ]
        )
    return rows


def _clock(t) -> str:
    """A time of day as the schedule shows it (local, hours and minutes), "-" for none."""
    return t.astimezone().strftime("%H:%M") if t is not None else "-"


def _late_words(planned_end, actual_end) -> str:
    """How many minutes a round ended after (+) or before (-) its plan, once it ended."""
    if actual_end is None:
        return ""
    return " (" + _("{m:+d} min", m=round((actual_end - planned_end).total_seconds() / 60)) + ")"
