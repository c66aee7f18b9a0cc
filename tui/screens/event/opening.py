"""Opening the event for the screen: the store (a damaged journal asks for
the repair, a held event is refused naming its holder) and the door the
other writers come by.  An object the event screen (screen.py) holds as
``link`` (host.py's Concern), owning the door and its writer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core import readmodel
from core.door import DoorServer, LocalWriter, door_path
from core.errors import EventLocked, LyceeError
from core.i18n import _
from core.store import JournalDamaged

from ..dialogs import Confirm
from .host import Concern, EventHost

if TYPE_CHECKING:
    from core.store import EventStore


class EventLink(Concern):
    """The store and the door of the event screen."""

    def __init__(self, host: EventHost) -> None:
        super().__init__(host)
        #: How every writer but this screen reaches the desk, and the door they come by while the event is open here.
        self.writer: LocalWriter | None = None
        self.door: DoorServer | None = None
        #: The newest action the message line has accounted for (what comes through the door after it is said).
        self._told_seq = 0

    def open_store(self) -> EventStore | None:
        """The event's store, held by this screen; None when it cannot open
        here (the screen is closed and the reason notified)."""

        try:
            store = self.app.datadir.open(self.host.event_id, role="app")
        except JournalDamaged as err:  # damage in the middle: the repair is asked for, never done by itself
            app, eid = self.app, self.host.event_id

            def answered(yes: bool | None) -> None:
                if yes:
                    repair_and_open(app, eid)

            app.pop_screen()
            app.call_later(
                app.push_screen,  # from the app: this screen is gone when the answer comes
                Confirm(_("{problem}\n\nRepair it now, as `lycee repair` does?", problem=err)),
                answered,
            )
            return None
        except EventLocked as err:  # another desk (an app, `lycee serve`) holds it: refused, saying who
            self.app.pop_screen()
            self.app.notify(
                _(
                    "{held}\n\nThis window does not open it. Meanwhile the `lycee` commands change it "
                    "through that desk (e.g. `lycee result {id} TABLE RESULT`).",
                    held=err,
                    id=self.host.event_id,
                ),
                severity="error",
                timeout=15,
                markup=False,
            )
            return None
        except LyceeError as err:
            self.app.pop_screen()
            self.app.notify(str(err), severity="error", timeout=8, markup=False)
            return None
        if store.note:  # recovered (what was lost is named)
            self.app.notify(store.note, severity="warning", timeout=15, markup=False)
        return store

    def open_door(self, store) -> None:
        """The event's door (core.door): the command line and the other
        writers of this user send their changes here, one at a time, each
        run on the app's thread; the screen redraws after each."""

        assert self.host.desk is not None  # opened just before
        self.writer = LocalWriter(self.host.desk, run=self.app.call_from_thread, after=self._door_changed)
        self._told_seq = store.last_seq  # what came through the door after this is said on the message line
        try:
            self.door = DoorServer(self.writer, door_path(store.datadir, store.id)).start()
        except OSError as err:  # the event still works here; only the commands are refused as before
            self.door = None
            self.app.notify(
                _(
                    "the command line cannot reach this window ({reason}): `lycee` commands that change "
                    "the event are refused while it is open here",
                    reason=err.strerror or err,
                ),
                severity="warning",
                timeout=10,
                markup=False,
            )

    def _door_changed(self) -> None:
        """After a call through the door (on the app's thread): redraw, and
        say on the message line what changed and who did it (a judge's page,
        `lycee result` from another shell, a phone): a new dispute first."""
        if self.host.desk is not None and self.host.is_mounted:
            self.changed()
            self._say_door_changes()

    def _say_door_changes(self) -> None:
        assert self.host.desk is not None
        store = self.host.desk.store
        new = [a for a in store.since(self._told_seq) if a.get("actor") != self.host.desk.actor]
        self._told_seq = store.last_seq
        if not new:
            return
        ev = self.event
        line = readmodel.door_change_line(ev, new)
        disputes = readmodel.new_disputes(ev, new)
        if disputes:
            self.app.bell()
            self.say(f"{disputes} {line}", error=True)
        else:
            self.say(line)

    def close(self) -> None:
        """The screen is gone: the door closes (the commands are refused again)."""
        if self.door is not None:
            self.door.stop()
            self.door = None


def repair_and_open(app, event_id: str) -> None:
    """The repair `lycee repair` runs (the store's), what it did as a
    notification, then the event opens."""
    try:
        store = app.datadir.repair_journal(event_id, role="app")
    except LyceeError as err:
        app.notify(str(err), severity="error", timeout=15, markup=False)
        return
    note = store.note
    store.close()
    if note:
        app.notify(note, severity="warning", timeout=30, markup=False)
    app.open_event(event_id)
