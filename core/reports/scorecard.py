"""The scorecard (G-SCORECARD) and the decklists (G-DECKLIST), the sheets that
go back to the publisher by the due date: every match with the N/W marks of
its round (G-PEN-3), "決定戦" in the remarks of a playoff match
(G-TIE-PLAYOFF), the penalties outside the rounds, the final placings
(G-SE) and who left the event; every registered list, card by card."""

from __future__ import annotations

from typing import Any

from core import labels
from core.event.model import Event, Match, Round
from core.i18n import _, join_list
from core.reports.sheet_words import (
    PLAYOFF_REMARK,
    date_words,
    ended_at_time,
    left_words,
    marks,
    missing_results,
    missing_text,
    note_words,
    result_text,
    rules_words,
    scorecard_due,
    status_remark,
    with_member,
)
from core.rules.decklists import default_catalog
from core.rules.penalties import MARK, in_force, penalties_outside_rounds
from core.tournament.elimination import THIRD_PLACE, THIRD_PLACE_PLANNED, final_placings, round_label
from core.tournament.ranking import placing_words

__all__ = ["decklists_table", "scorecard_table"]


def scorecard_table(event: Event):
    """Every match (the stage named by :func:`core.tournament.elimination.round_label`),
    the N/W marks of its round (G-PEN-3), then the penalties given outside
    any round on lines of their own with their time, then the final
    placings once the event is finished (G-SE).  A result still missing is
    written as such, and the title says how many are missing."""
    rows = [_match_row(event, rnd, m) for rnd in event.rounds for m in rnd.matches]
    rows += _penalty_rows(event)
    final = final_placings(event)
    rows += _placing_rows(event, final)
    rows += _left_rows(event, {f.id for f in final} if final is not None else set())
    return (
        _scorecard_title(event),
        [_("Round"), _("Stage"), _("Table"), _("Player 1"), "N/W", _("Player 2"), "N/W", _("Result"), _("Remarks")],
        rows,
    )


def _scorecard_title(event: Event) -> str:
    """The event, its date and (sanctioned, G-SCORECARD) the date it is due at the publisher, the
    rules, and how many results are missing."""
    if event.sanctioned:
        title = _(
            "{event} ({date}): scorecard, due at the publisher by {due}",
            event=event.name,
            date=date_words(event.date),
            due=date_words(scorecard_due(event)),
        )
    else:  # G-SCORECARD: only a sanctioned event's scorecard goes back to the publisher
        title = _("{event} ({date}): scorecard", event=event.name, date=date_words(event.date))
    title += rules_words(event)
    if missing_results(event):
        title += " · " + _("INCOMPLETE: {what}", what=missing_text(event))
    return title


def _match_row(event: Event, rnd: Round, m: Match) -> list:
    p1 = event.player(m.p1)
    p2 = event.player(m.p2) if m.p2 else None
    return [
        rnd.number,
        round_label(event, rnd.number, m),
        m.table,
        with_member(p1),
        marks(event, p1.id, rnd.number),
        with_member(p2) if p2 else _("(bye)"),
        marks(event, p2.id, rnd.number) if p2 else "",
        result_text(m) if m.reported else _("missing"),
        join_list(_remarks(event, rnd, m), words=True),
    ]


def _note_remark(event: Event, m: Match) -> str:
    """The match's note in words, unless it is a third-place mark or the result says it already."""
    if not m.note or m.note in (THIRD_PLACE, THIRD_PLACE_PLANNED):
        return ""
    note = note_words(m.note, event.rules)
    return "" if note == result_text(m) else note


def _remarks(event: Event, rnd: Round, m: Match) -> list[str]:
    """A match's remarks: 決定戦 (G-TIE-PLAYOFF), its note in words unless the
    result says it already, and why it ended at time (G-BO3-TIME: a 1-1-1)."""
    remarks = [PLAYOFF_REMARK] if rnd.stage == "playoff" else []
    note = _note_remark(event, m)
    if note and note not in remarks:
        remarks.append(note)
    if ended_at_time(event, m):
        remarks.append(_("ended at time"))
    return remarks


def _penalty_rows(event: Event) -> list[list]:
    """The penalties given outside any round, with their time."""
    rows = []
    for n, pen in penalties_outside_rounds(event):
        when = _penalty_time(pen)
        rows.append(
            [
                "-",
                _("outside the rounds"),
                "-",
                event.player(pen.player).name,
                MARK[in_force(pen)[0]],  # type: ignore[index]  # only those in force
                "",
                "",
                "",
                _("penalty #{n} at {when}: {reason} ({by})", n=n, when=when, reason=pen.reason, by=pen.by),
            ]
        )
    return rows


def _penalty_time(pen) -> str:
    """When a penalty was given, to the minute ("YYYY-MM-DD HH:MM"), or that it was not recorded."""
    return pen.at[:16].replace("T", " ") if pen.at else _("time not recorded")


def _placing_rows(event: Event, final) -> list[list]:
    """The final placings once the event is finished (G-SE)."""
    words = placing_words(event, final) if final else {}
    return [_placing_row(event, f, *words[f.id]) for f in final or ()]


def _placing_row(event: Event, f, place: str, reached: str) -> list:
    """One final placing: the place (shared by a round's losers no match ordered:
    core.tournament.ranking.placing_words), how far the player went (not said outside
    the cut) and why they left, if so."""
    remarks = join_list((x for x in (reached if f.label else "", status_remark(event, f.id)) if x), words=True)
    return ["-", _("final placing"), "-", f.name, "", "", "", _("Place {rank}", rank=place), remarks]


def _left_rows(event: Event, placed: set[str]) -> list[list]:
    """G-DROP-1, G-PEN-1/2: who left the event, on a line of their own (and,
    once placed, a player left out of the final placings: O-PEN-2)."""
    left = left_words(event)
    rows = []
    for p in event.players:
        remark = status_remark(event, p.id) if p.id not in placed else ""
        if remark:
            rows.append(["-", left, "-", p.name, "", "", "", "", remark])
    return rows


def decklists_table(event: Event):
    """Every registered decklist (G-DECKLIST), player by player: deck, then
    spare cards; the card name as written, else the catalog's.  A sanctioned event's lists go
    back with the scorecard, by the same due date."""
    rows = _decklist_rows(event) + _override_rows(event)
    title = (
        _(
            "{event} ({date}): decklists, due at the publisher by {due}",
            event=event.name,
            date=date_words(event.date),
            due=date_words(scorecard_due(event)),
        )
        if event.sanctioned
        else _("{event} ({date}): decklists", event=event.name, date=date_words(event.date))
    )
    return title, [_("Player"), _("Section"), _("Count"), _("Number"), _("Card")], rows


def _decklist_rows(event: Event) -> list[list]:
    names = _CardNames()
    rows = []
    for p in event.players:
        rec = event.decklist_of(p.id)
        if rec is not None:
            rows += _list_rows(p.name, rec, names)
    return rows


def _list_rows(player: str, rec, names: _CardNames) -> list[list]:
    """One player's registered list, line by line: the deck, then the spare cards."""
    return [
        [player, labels.section_label(section), count, number, names.of(number, name)]
        for section, lines in (("deck", rec.deck), ("spare", rec.spare))
        for count, number, name in lines
    ]


class _CardNames:
    """Card names for decklist lines, the catalog read only when a line has no name."""

    def __init__(self) -> None:
        self.cat: Any = None  # the catalog, once a line needs it

    def of(self, number: str, name: str) -> str:
        """The line's own ``name``, else the catalog's name of card ``number`` (or empty)."""
        if name:
            return name
        self.cat = self.cat or default_catalog()
        return self.cat.name_of(number) or ""


def _override_rows(event: Event) -> list[list]:
    """The players round 1 was paired without a legal deck from (G-HEAD-JUDGE)."""
    b = event.build
    if b is None or not b.overridden:
        return []
    note = _("{by}: {reason}", by=b.override_by, reason=b.override_reason)
    return [
        [event.player(pid).name, _("head judge override"), "", "", note]
        for pid in b.override_players
        if event.has_player(pid)
    ]
