"""The event list: every event in the data dir; create, open, delete."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label

from core import labels
from core.errors import LyceeError
from core.i18n import _, language, ngettext
from core.labels import kind_short
from core.readmodel import return_deadline, store_line
from core.store import today

from .. import firstframe
from ..i18n import Translated
from ..widgets.footer import WholeKeysFooter
from ..widgets.plain import PlainTable
from ..widgets.wrapped import fit_name
from .dialogs import Confirm
from .forms import NewEvent

if TYPE_CHECKING:
    from textual import getters
    from textual.timer import Timer

    from ..apphost import DeskApp


def event_cells(e) -> tuple[str, ...]:
    """One event's row of the list: date, id, name, kind, match, entries, rounds (a file that
    cannot be read: its id and what is wrong)."""
    if e.problem:
        return ("", e.id, "⚠ " + e.problem, "", "", "", "")
    return (e.date, e.id, e.name, kind_short(e.kind), labels.match_label(e.match), str(e.players), str(e.rounds))


class EventListScreen(Translated, Screen):
    if TYPE_CHECKING:
        app = getters.app(DeskApp)  # Textual's typed self.app

    BINDINGS = [
        Binding("n", "new_event", "New event", id="events.new"),
        Binding("enter,o", "open_event", "Open", id="events.open"),
        Binding("delete,x", "delete_event", "Delete", id="events.delete"),
        Binding("r", "refresh", "Refresh", id="events.refresh"),
        Binding("p", "practice", "Practice", id="events.practice"),
        Binding("s", "store", "Store", id="events.store", show=False),
        Binding("q", "app.quit", "Quit", id="events.quit"),
    ]

    #: Seconds between looks at the events folder while the list is shown: an event made or
    #: changed elsewhere (`lycee event new`) shows without `r` (a listing of one folder: cheap).
    WATCH_EVERY = 2.0

    def __init__(self):
        super().__init__()
        self._translate_bindings()
        self.ids: list[str] = []
        self.names: dict[str, str] = {}  # each event's name, for the questions about it
        self._seen_folder: str | None = None  # the events folder as the list last read it

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label(_("Events"), classes="title")
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="events")
        yield Label("", id="status", classes="hint", markup=False)
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        self.action_refresh()
        self.set_interval(self.WATCH_EVERY, self.refresh_if_changed)

    def _folder_now(self) -> str | None:
        return firstframe.events_stamp(self.app.datadir.root)

    def refresh_if_changed(self) -> None:
        """The list read again when the events folder changed since it was read (shown only)."""
        if self.app.screen is self and self._folder_now() != self._seen_folder:
            self.action_refresh()

    def on_resize(self) -> None:
        self.action_refresh()

    def _columns(self, cells: Sequence[tuple[str, ...]]) -> list[tuple[str, int]]:
        """The column labels and widths: every column but the name as wide as
        its widest cell (label included), the name the rest of the row (at 80
        columns nothing else is cut)."""
        # the id before the long columns: at 80 columns it is never cut
        labels_ = [_("Date"), _("ID"), _("Name"), _("Format"), _("Match"), _("Entries"), _("Rounds")]
        widths = [max([cell_len(lbl)] + [cell_len(row[i]) for row in cells]) for i, lbl in enumerate(labels_)]
        t = self.query_one(DataTable)
        # each column has one cell of padding each side; two cells are kept for the scroll bar
        room = (t.size.width or self.app.size.width) - 2 * len(labels_) - 2 - sum(widths) + widths[2]
        widths[2] = max(cell_len(labels_[2]), min(widths[2], room))
        return list(zip(labels_, widths))

    def on_screen_resume(self) -> None:
        self.action_refresh()

    def keep_and_end(self) -> None:
        """The app ends from an event (LyceeApp._end): the list drawn again as
        a start draws it (the cursor on the first row, what is stored now),
        kept once it is on the screen, and then the app ends."""
        self.query_one(DataTable).move_cursor(row=0)
        self.action_refresh()

        def kept() -> None:
            self.keep_frame_now()
            self.app.exit()

        self.call_after_refresh(kept)

    def action_refresh(self) -> None:
        t = self.query_one(DataTable)
        if self.app.frame_cache is not None:
            self._events_stamp = firstframe.events_stamp(self.app.frame_cache)  # before the list is read
        self._seen_folder = self._folder_now()  # before the list is read: a change meanwhile is seen next time
        events = self.app.datadir.list_events()
        was, row = self._selected(), t.cursor_row
        self.ids = [e.id for e in events]
        self.names = {e.id: e.name for e in events if not e.problem}
        cells = [event_cells(e) for e in events]
        t.clear(columns=True)
        columns = self._columns(cells)
        for label, width in columns:
            t.add_column(label, width=width)
        name_width = columns[2][1]
        for e, row_cells in zip(events, cells):
            t.add_row(*row_cells[:2], fit_name(row_cells[2], name_width), *row_cells[3:], key=e.id)
        row = self.ids.index(was) if was in self.ids else row  # the cursor stays on its event when rows move
        if row and row < len(events):
            t.move_cursor(row=row)
        self._status = self._count_words(len(events))
        self.query_one("#status", Label).update(self._status)
        self._keep_frame()

    def _count_words(self, n: int) -> str:
        """The line under the list: how many events and where, or how to make the first."""
        if not n:
            return _("No events yet. Press n to create one.")
        return ngettext("{n} event in {path}", "{n} events in {path}", n, path=self.app.datadir.root)

    # -- the highlighted event's return deadline (issue 47: event date + 14 days, 必着) -------------

    _status = ""

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = event.row_key.value if event.row_key is not None else None
        if key:
            self._find_deadline(key)

    @work(thread=True, exclusive=True, group="deadline")
    def _find_deadline(self, eid: str) -> None:
        """A finished event's return deadline and whether its submission was
        written (core.season.deadlines), read off the UI thread."""

        try:
            words = return_deadline(self.app.datadir.root, self.app.datadir.read(eid), today())
        except (LyceeError, OSError):
            return
        self.app.call_from_thread(self._show_deadline, eid, words)

    def _show_deadline(self, eid: str, words: str | None) -> None:
        if self._selected() != eid:
            return
        status = self.query_one("#status", Label)
        status.update(words or self._status)  # (the count again on a running event)

    #: Seconds of a still event list before it is kept as the next start's first frame.
    FRAME_AFTER = 0.5
    _frame_timer: Timer | None = None
    #: The events folder as it was when the list was last read (tui.firstframe.events_stamp).
    _events_stamp: str | None = None

    def _keep_frame(self) -> None:
        """Keep the list as drawn for the next start (tui.firstframe), once
        it has stood still a moment."""
        if self.app.frame_cache is None:
            return
        if self._frame_timer is not None:
            self._frame_timer.stop()
        self._frame_timer = self.set_timer(self.FRAME_AFTER, self._save_frame)

    def keep_frame_now(self) -> None:
        """The app quits before the list stood still its moment: kept now."""
        if self._frame_timer is not None:
            self._frame_timer.stop()
            self._frame_timer = None
            self._save_frame()

    def _save_frame(self) -> None:
        """The list as a start draws it: on top, the cursor on the first row,
        no toast over it."""
        root = self.app.frame_cache
        if root is None or self.app.screen is not self or self.query_one(DataTable).cursor_row not in (0, None):
            return
        if len(getattr(self.app, "_notifications", ())) or self.app.theme != self.app.start_theme:
            return  # a toast over it, or a theme the next start does not draw in
        text = firstframe.frame_text(self)
        if text is not None:
            firstframe.save(root, self.app.size.width, self.app.size.height, language(), text, self._events_stamp)

    def _selected(self) -> str | None:
        t = self.query_one(DataTable)
        if not self.ids or t.cursor_row is None or t.cursor_row >= len(self.ids):
            return None
        return self.ids[t.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open_event()

    def action_open_event(self) -> None:
        eid = self._selected()
        if eid:
            self.app.open_event(eid)

    def action_new_event(self) -> None:
        def created(settings: dict | None) -> None:
            if not settings:
                return
            try:
                store = self.app.datadir.create(settings)
            except LyceeError as err:
                self.notify(str(err), severity="error", markup=False)
                return
            eid = store.id
            store.close()
            self.action_refresh()
            self.app.open_event(eid)

        self.app.push_screen(NewEvent(today()), created)

    def action_delete_event(self) -> None:
        eid = self._selected()
        if not eid:
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.datadir.delete(eid)
            except LyceeError as err:
                self.notify(str(err), severity="error", markup=False)
                return
            self.notify(_("deleted {event}", event=eid), markup=False)
            self.action_refresh()

        name = self.names.get(eid)
        ask = (
            _("Delete the event {name} ({event}) and its backups? This cannot be undone.", name=name, event=eid)
            if name
            else _("Delete event {event} and its backups? This cannot be undone.", event=eid)
        )
        self.app.push_screen(Confirm(ask), answer)

    def action_store(self) -> None:
        """The store's name, number and place (issue 47)."""
        from .store_form import StoreForm  # lazy: it loads the desk and its rules, which the first frame does not need

        def saved(store: dict | None) -> None:
            if store:
                self.notify(_("store: {store}", store=store_line(store)), markup=False)

        self.app.push_screen(StoreForm(self.app.datadir.root), saved)

    def action_practice(self) -> None:
        from .practice import PracticeScreen  # lazy: practice loads the limited engine (62 ms), not for the first frame

        self.app.push_screen(PracticeScreen())
