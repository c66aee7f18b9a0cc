"""The standings tab: Swiss standings with the event's tiebreakers, or the
final placings once the bracket is finished (G-SE)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Label

from core import labels, readmodel
from core.event.model import Event
from core.i18n import _

from ...widgets.plain import PlainTable
from .messages import EventRead
from .pane import EventPane


class StandingsPane(EventPane):
    FOCUS = "#standings-table"
    TYPES_ON = "round"  # a result typed here (``1 2-0``) goes to the round tab's box

    def __init__(self) -> None:
        super().__init__(_("Standings"), id="standings")

    def compose(self) -> ComposeResult:
        yield Label("", id="standings-note", classes="hint")
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="standings-table")

    def draw_read(self, read: EventRead) -> None:
        self.draw(read.event, *read.standings())

    def _draw_final(self, t: PlainTable, ev: Event, final, rows) -> None:
        """The final placings (G-SE): place (3-4 where players share it) and how far
        each player went as the sheets, the phones and the TV print them, then the
        Swiss figures; nobody is 参加中 once the event is over."""
        by_id = {row.id: row for row in rows}
        words = readmodel.placing_words(ev, final)
        t.add_columns(_("Place"), _("Name"), _("Reached"), _("Swiss rank"), _("Points"), _("Record"), _("Status"))
        for f in final:
            row = by_id[f.id]
            place, reached = words[f.id]
            status = "" if row.status == "active" else labels.player_status_label(row.status, ev.rules)
            t.add_row(place, Text(row.name), reached, row.rank_text, str(row.points), row.record, status)

    def draw(self, ev: Event, rows, standings_after: int | None) -> None:
        t = self.query_one("#standings-table", PlainTable)
        t.clear(columns=True)
        tbs = list(ev.tiebreakers)
        final = readmodel.final_placings(ev)
        note = self.query_one("#standings-note", Label)
        if final is not None:  # G-SE: the final placings once the bracket is finished
            note.update(_("Final standings"))  # never "round N in progress" after the event ended
            self._draw_final(t, ev, final, rows)
            return
        t.add_columns(_("Rank"), _("Name"), _("Points"), _("Record"), *readmodel.tiebreaker_headers(ev), _("Status"))
        cur = ev.current_round
        text = ""
        if cur is not None and not cur.complete:
            text = (
                _("Standings after round {r} (round {n} is in progress)", r=standings_after, n=cur.number)
                if standings_after
                else _("Round {n} in progress\nno standings yet", n=cur.number)
            )
        note.update(_("Final standings") if readmodel.swiss_over(ev) else text)  # a Swiss-only event that is over
        for row in rows:
            vals = [row.figure_text(tb) for tb in tbs]
            t.add_row(
                row.rank_text,
                Text(row.name),
                str(row.points),
                row.record,
                *vals,
                labels.player_status_label(row.status, ev.rules),
            )
