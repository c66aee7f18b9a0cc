"""The event list: every event in the data dir; create, open, delete."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label

from core.errors import LyceeError
from core import labels
from core.i18n import _, ngettext
from core.store import today

from ..widgets.plain import PlainTable
from ..i18n import Translated
from ..widgets.footer import WholeKeysFooter
from .dialogs import Confirm
from .forms import NewEvent


class EventListScreen(Translated, Screen):
    BINDINGS = [
        Binding("n", "new_event", "New event", id="events.new"),
        Binding("enter,o", "open_event", "Open", id="events.open"),
        Binding("delete,x", "delete_event", "Delete", id="events.delete"),
        Binding("r", "refresh", "Refresh", id="events.refresh"),
        Binding("p", "practice", "Practice", id="events.practice"),
        Binding("q", "app.quit", "Quit", id="events.quit"),
    ]

    def __init__(self):
        super().__init__()
        self._translate_bindings()
        self.ids: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label(_("Events"), classes="title")
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="events")
        yield Label("", id="status", classes="hint", markup=False)
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        # the id before the long columns: at 80 columns it is never cut
        t.add_columns(_("Date"), _("ID"), _("Name"), _("Format"), _("Match"), _("Players"), _("Rounds"))
        self.action_refresh()

    def on_screen_resume(self) -> None:
        self.action_refresh()

    def action_refresh(self) -> None:
        t = self.query_one(DataTable)
        t.clear()
        events = self.app.datadir.list_events()
        self.ids = [e.id for e in events]
        for e in events:
            if e.problem:
                t.add_row("", e.id, "⚠ " + e.problem[:60], "", "", "", "", key=e.id)
            else:
                t.add_row(e.date, e.id, e.name, labels.kind_label(e.kind), labels.match_label(e.match), str(e.players),
                          str(e.rounds), key=e.id)
        status = self.query_one("#status", Label)
        if events:
            status.update(ngettext("{n} event in {path}", "{n} events in {path}", len(events), path=self.app.datadir.root))
        else:
            status.update(_("No events yet. Press n to create one."))

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

        self.app.push_screen(Confirm(_("Delete event {event} and its backups? This cannot be undone.", event=eid)), answer)

    def action_practice(self) -> None:
        from .practice import PracticeScreen

        self.app.push_screen(PracticeScreen())
