"""The players tab: who is registered, their status, points, check-in,
penalty marks, decklist and reading (よみ); the name box (with the reading
box beside it) adds a player."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, TabPane

from core import labels, readmodel
from core.event.model import Event
from core.i18n import _, ngettext

from ...widgets.linebox import LineBox
from ...widgets.plain import PlainTable


class NameBox(LineBox):
    """The add-player name box, which never loses a key (:class:`LineBox`):
    each name typed or pasted is posted as :class:`PlayersPane.NameEntered`, in
    order; the reading typed beside it goes with the first and is emptied with it."""

    def lines_taken(self, lines: tuple[str, ...], pasted: bool) -> None:
        pane = next((a for a in self.ancestors if isinstance(a, PlayersPane)), None)
        if not lines:
            return
        reading = ""
        if pane is not None:
            box = pane.query_one("#add-reading", Input)
            reading, box.value = box.value.strip(), ""
        # Posted to the pane, not to this box: after Enter in the reading box the
        # pane is the sender, and a message bubbling up from this box stops at
        # its sender (Textual's rule), so it never reached the screen and the
        # player was lost without a word.
        to = pane if pane is not None else self
        for i, name in enumerate(lines):
            to.post_message(PlayersPane.NameEntered(name, self, reading if i == 0 else ""))


class PlayersPane(TabPane):
    """The registered players; posts :class:`PlayersPane.NameEntered` for the
    screen (which holds the desk) when a name is typed."""

    @dataclass
    class NameEntered(Message):
        name: str
        box: Input
        #: The reading typed in the box beside the name ("" for none).
        reading: str = ""

    def __init__(self) -> None:
        super().__init__(_("Players"), id="players")

    def compose(self) -> ComposeResult:
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="player-table")
        with Horizontal(id="add-row"):
            yield NameBox(placeholder=_("name, Enter: add a player"), id="add-player")
            yield Input(placeholder=_("reading (よみ), optional"), id="add-reading")

    #: The reading this pane last suggested in the reading box (L-READING): replaced as the
    #: name changes until the clerk types a reading of their own.
    _suggested = ""

    def on_input_changed(self, message: Input.Changed) -> None:
        """A name typed: its suggested reading (core.readings) goes into the reading box,
        where Tab selects it (typing replaces it) and Enter in either box confirms it."""
        if message.input.id != "add-player":
            return
        box = self.query_one("#add-reading", Input)
        if box.value not in ("", self._suggested):
            return  # the clerk's own reading stays
        first = message.value.strip().splitlines()[0] if message.value.strip() else ""
        self._suggested = readmodel.suggest_reading(first)
        box.value = self._suggested

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """Enter in the reading box adds the name beside it."""
        message.stop()
        box = self.query_one("#add-player", NameBox)
        if box.value.strip():
            box.take_line()
        box.focus()  # the next name goes into the name box, not the reading box

    def highlighted(self, ev: Event) -> str | None:
        """The id of the player under the cursor, if any."""
        t = self.query_one(PlainTable)
        if ev.players and t.cursor_row is not None and t.cursor_row < len(ev.players):
            return ev.players[t.cursor_row].id
        return None

    def draw(self, ev: Event, points: dict[str, int]) -> None:
        t = self.query_one(PlainTable)
        rows = t.ordered_rows  # the player under the cursor stays under it across redraws
        keep = rows[t.cursor_row].key.value if rows and 0 <= t.cursor_row < len(rows) else None
        t.clear(columns=True)
        # short heads: at 80 columns every one shows whole (not 「デッキリス」 and a cut 「p」)
        cols = [_("ID"), _("Name"), _("Reading"), _("Status"), _("Pts"), _("Seated"), "N/W", _("Deck")]
        apart: dict[str, list[str]] = {}
        for a, b in ev.apart:  # keep apart (Shift+F5): the partners' ids, only once a pair exists
            apart.setdefault(a, []).append(b)
            apart.setdefault(b, []).append(a)
        if apart:
            cols.append(_("Kept apart"))
        t.add_columns(*cols)
        rnd = ev.current_round
        seated = {c.player for c in rnd.checkins} if rnd is not None else set()
        lists = (
            {d.player: d for d in readmodel.decklists(ev)}
            if (ev.decklists or ev.decklists_required or ev.kind != "constructed")
            else {}
        )
        for p in ev.players:
            nw = readmodel.penalty_marks(ev, p.id)
            d = lists.get(p.id)
            deck = (
                ""
                if d is None
                else {
                    "none": _("none"),
                    "registered": _("registered"),
                    "problems": ngettext("{n} problem", "{n} problems", len(d.problems)),
                }[d.status]
            )
            cells = [
                p.id,
                p.name,
                p.reading or "",
                labels.player_status_label(p.status, ev.rules),
                str(points.get(p.id, 0)),
                "✓" if p.id in seated else "",
                nw,
                deck,
            ]
            if apart:
                cells.append(" ".join(apart.get(p.id, ())))
            t.add_row(*cells, key=p.id)
        ids = [p.id for p in ev.players]
        if keep in ids:
            t.move_cursor(row=ids.index(keep))
