"""The players tab: who is registered, their status, points, check-in,
penalty marks, decklist and reading (よみ); the name box (with the reading
box beside it) adds a player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Static

from core import labels, readmodel
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _, ngettext

from ...widgets.linebox import LineBox
from ...widgets.plain import PlainTable
from .messages import EventRead
from .pane import EventPane


@dataclass
class NameEntered(Message):
    """A name typed (or pasted, one a line) in the name box."""

    name: str
    box: Input
    #: The reading typed in the box beside the name ("" for none).
    reading: str = ""
    #: One line of a paste (the screen says at the end what became of each).
    pasted: bool = False
    #: How many lines of the same paste follow this one.
    more: int = 0


@dataclass
class MemberChosen(Message):
    """A member of the store's list to register (Tab in the name box)."""

    number: str
    box: Input


@dataclass
class NewMember(Message):
    """A name (and reading) to add to the member list and register (Ctrl+S in the name box)."""

    name: str
    reading: str
    box: Input


class NameBox(LineBox):
    """The add-player name box, which never loses a key (:class:`LineBox`):
    each name typed or pasted is posted as :class:`NameEntered`, in
    order; the reading typed beside it goes with the first and is emptied with it.
    A pasted line ``NAME<Tab>READING`` (two spreadsheet columns) is the name
    with its reading.

    The store's members are offered as the clerk types (by name, reading or
    number, issue 47): Tab registers the one offered first (or chosen with
    ↓/↑) with their reading and number; Ctrl+S adds the name typed (and its
    reading) to the member list and registers them."""

    KEEP_TABS = True  # NAME<Tab>READING lines

    def _pane(self) -> PlayersPane | None:
        return next((a for a in self.ancestors if isinstance(a, PlayersPane)), None)

    async def _on_key(self, event: events.Key) -> None:
        pane = self._pane()
        if pane is not None:
            if event.key in ("tab", "down", "up") and pane.hints:
                event.stop()
                event.prevent_default()  # (LineBox's handler and the focus keys are not run)
                if event.key == "tab":
                    pane.choose_hint(self)
                else:
                    pane.move_hint(1 if event.key == "down" else -1)
                return
            if event.key == "ctrl+s":
                event.stop()
                event.prevent_default()
                pane.new_member(self)
                return
        # any other key: Textual runs LineBox's and Input's own handlers after this one (its dispatch walks the MRO)

    def _watch_value(self, value: str) -> None:
        super()._watch_value(value)
        pane = self._pane()
        if pane is not None:
            pane.offer(value)

    def lines_taken(self, lines: tuple[str, ...], pasted: bool) -> None:
        pane = next((a for a in self.ancestors if isinstance(a, PlayersPane)), None)
        if not lines:
            return
        reading: str | None = None
        if pane is not None:
            reading = pane.take_reading()
        # Posted to the pane, not to this box: after Enter in the reading box the
        # pane is the sender, and a message bubbling up from this box stops at
        # its sender (Textual's rule), so it never reached the screen and the
        # player was lost without a word.
        to = pane if pane is not None else self
        for i, line in enumerate(lines):
            name, tab, read = line.partition("\t")
            if tab:  # NAME<Tab>READING, as two columns copied from a spreadsheet give (L-READING)
                name, read = name.strip(), read.strip()
            else:
                read = reading if i == 0 and reading is not None else readmodel.suggest_reading(name.strip())
            to.post_message(NameEntered(name, self, read, pasted=pasted, more=len(lines) - 1 - i))


class PlayersPane(EventPane):
    """The registered players; posts :class:`NameEntered` for the
    screen (which holds the desk) when a name is typed."""

    FOCUS = "#player-table"

    def __init__(self) -> None:
        super().__init__(_("Players"), id="players")
        #: the store's members, indexed in a worker when the pane is shown (None until then)
        self.index: Any = None  # a core.rules.members.MemberIndex (made by core.readmodel.member_index)
        #: the members offered for the text in the name box, and the one Tab registers
        self.hints: list[Any] = []  # core.rules.members.Member
        self.hint = 0

    def compose(self) -> ComposeResult:
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="player-table")
        with Horizontal(id="add-row"):
            yield NameBox(placeholder=_("name, Enter: add a player"), id="add-player", select_on_focus=False)
            yield Input(placeholder=_("reading (optional)"), id="add-reading")
        hints = Static("", id="member-hints")
        hints.display = False
        yield hints

    def on_mount(self) -> None:
        self.load_members()

    @work(thread=True, exclusive=True, group="members")
    def load_members(self) -> None:
        """The member list indexed off the UI thread (10,000 members: a second on a busy PC)."""
        try:
            index = readmodel.member_index(self.app.datadir.root)  # type: ignore[attr-defined]
        except LyceeError as err:
            self.app.call_from_thread(self._members_unreadable, str(err))
            return
        self.app.call_from_thread(self._members_loaded, index)

    def _members_loaded(self, index: Any) -> None:
        self.index = index
        self.offer(self.query_one("#add-player", NameBox).value)

    def _members_unreadable(self, why: str) -> None:
        self.query_one("#member-hints", Static).update(Text(why))

    def offer(self, text: str) -> None:
        """Members for ``text`` (by name, reading or number) on the line under the box."""
        self.hints = self.index.suggest(text, limit=5) if self.index is not None and text.strip() else []
        self.hint = 0
        self._draw_hints()

    def move_hint(self, step: int) -> None:
        self.hint = (self.hint + step) % len(self.hints)
        self._draw_hints()

    def _draw_hints(self) -> None:
        line = Text(no_wrap=True, overflow="ellipsis")
        if self.hints:
            line.append(_("Tab: register") + " ", style="bold")
            for i, m in enumerate(self.hints):
                if i:
                    line.append(" │ ")
                # user text as plain Text (never markup); the number tells two of one name apart
                shown = f"{m.name} ({m.number})" + (f" {m.reading}" if m.reading else "")
                line.append(shown, style="reverse" if i == self.hint else "")
        elif self.index is not None and self.query_one("#add-player", NameBox).value.strip():
            line.append(_("Ctrl+S: add to the member list too"), style="dim")
        hints = self.query_one("#member-hints", Static)
        hints.update(line)
        hints.display = bool(line.plain)  # no line at all until there is something to offer

    def choose_hint(self, box: Input) -> None:
        m = self.hints[self.hint]
        box.value = ""
        self.query_one("#add-reading", Input).value = ""
        self.post_message(MemberChosen(m.number, box))

    def new_member(self, box: Input) -> None:
        name = box.value.strip()
        if not name:
            return
        reading = self.take_reading()
        box.value = ""
        if reading is None:
            reading = readmodel.suggest_reading(name)
        self.post_message(NewMember(name, reading, box))

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
        # the box's value now, not the message's: in a burst this message comes after the
        # name was taken, and the reading of a name already registered stayed in the box
        name = message.input.value.strip()
        self._suggested = readmodel.suggest_reading(name.splitlines()[0] if name else "")
        box.value = self._suggested

    def take_reading(self) -> str | None:
        """The reading the clerk left beside the name, emptied with it: None when the box holds
        only this pane's suggestion, or nothing yet (L-READING: the name taken gets the reading
        suggested for itself: in a burst the box held none yet, or the one of a shorter name);
        "" when the clerk emptied a suggestion (no reading, as shown)."""
        box = self.query_one("#add-reading", Input)
        left, suggested = box.value, self._suggested
        box.value = self._suggested = ""
        if left == suggested:
            return None
        return left.strip()

    async def on_key(self, event: events.Key) -> None:
        """Ctrl+S in the reading box, as in the name box: the name beside it (and this reading)
        joins the member list and is registered (the hint under the boxes says so for both).  Any other
        key goes on to EventPane's handler (Textual calls each class's own on_key in turn)."""
        reading = self.query_one("#add-reading", Input)
        if event.key != "ctrl+s" or self.screen.focused is not reading:
            return
        event.stop()
        event.prevent_default()  # EventPane's handler is not run
        box = self.query_one("#add-player", NameBox)
        self.new_member(box)
        box.focus()

    def give_back(self, name: str, reading: str, reading_wrong: bool) -> None:
        """A name typed and refused: put back into the boxes as typed (unless the clerk has typed
        on meanwhile), the cursor in the box to mend, so a wrong reading is not retyped with its name."""
        box, rbox = self.query_one("#add-player", NameBox), self.query_one("#add-reading", Input)
        if box.value or rbox.value not in ("", self._suggested):
            return
        box.value, rbox.value, self._suggested = name, reading, ""
        target = rbox if reading_wrong else box
        target.focus()
        target.cursor_position = len(target.value)

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

    def draw_read(self, read: EventRead) -> None:
        self.draw(read.event, read.points())

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
        over = readmodel.is_finished(ev)  # the bracket has its winner: nobody is 参加中 any more (as the exports)
        for p in ev.players:
            nw = readmodel.penalty_marks(ev, p.id)
            d = lists.get(p.id)
            deck = (
                ""
                if d is None
                else {
                    "none": _("none"),
                    "registered": _("registered"),
                    "problems": ngettext("{n} problem", "{n} problems", len(d.blocking)),
                }[d.status]
            )
            cells = [
                p.id,
                p.name,
                p.reading or "",
                "" if over and p.status == "active" else labels.player_status_label(p.status, ev.rules),
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
