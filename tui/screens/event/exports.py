"""The event screen's the event as a whole: exports and printing, the public pages, the independent check, the plan of the day, the settings.

An object the event screen (tui/screens/event/screen.py) holds as ``exports``
(host.py's Concern): it owns the page server while the event is served and
the plan's past events, uses the screen's desk, event and say(), and tells
the screen after a write."""

from __future__ import annotations

import webbrowser
from functools import partial
from typing import TYPE_CHECKING

from core import labels, readmodel
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _

from ..dialogs import ExportChoice, Prompt
from ..forms import EventSettings
from ..info import Info
from .host import Concern, EventHost

if TYPE_CHECKING:
    from tui.web.child import ChildServer


class Exports(Concern):
    """The event as a whole: exports and printing, the public pages, the independent check, the plan of the day, the settings."""

    STAFF_RULES = (
        "G-ORGANIZER",
        "G-JUDGE",
        "G-HEAD-JUDGE",
    )  # the settings' staff checks (the command line in README.md)

    def __init__(self, host: EventHost) -> None:
        super().__init__(host)
        self.web: ChildServer | None = None  # the page server while the event is served (Ctrl+W)
        self._history: list | None = None  # the plan's past events, read once when first needed

    def action_export(self, open_after: bool = False) -> None:
        def chosen(choice) -> None:
            if choice:
                self.ask(self._export_asked(choice, open_after))

        self.app.push_screen(ExportChoice(), chosen)  # at once: keys typed after F9 choose in it

    def action_print(self) -> None:
        self.action_export(open_after=True)

    async def _export_asked(self, choice: tuple[str, str], open_after: bool) -> None:
        """A kind by round asks which round (any earlier one too), then exports."""
        n = len(self.event.rounds)
        if not (readmodel.export_by_round(choice[0]) and n > 1):
            self.export(*choice, open_after=open_after)
            return
        text = await self.app.push_screen_wait(
            Prompt(_("Which round? 1 to {n}", n=n), str(n), check=lambda t: _round_wrong(t, n))
        )
        if not text:
            return
        self.export(*choice, round_number=int(text), open_after=open_after)

    def export(self, what: str, fmt: str, round_number: int | None = None, open_after: bool = False) -> None:
        """Write the export ``what`` as ``fmt`` (on a thread), opened in the browser when ``open_after``."""
        self.in_thread(partial(self._write_export, what, fmt, round_number, open_after), "export")

    def _write_export(self, what: str, fmt: str, round_number: int | None, open_after: bool) -> None:
        try:
            name, text = readmodel.export_text(self.event, what, fmt, round_number, self.open_desk.store.actions)
        except LyceeError as err:
            self.app.call_from_thread(self.say, str(err), True)
            return
        folder = self.app.datadir.root / "exports"
        path = folder / name
        try:
            folder.mkdir(parents=True, exist_ok=True)
            readmodel.write_export(path, text)  # whole or nothing: no partial file on a full disk
        except OSError as err:
            self.app.call_from_thread(
                self.say,
                _(
                    "export not written: {file}: {reason}; no partial file was left in {folder}",
                    file=err.filename or path,
                    reason=err.strerror or err,
                    folder=folder,
                ),
                True,
            )
            return
        msg = _("written: {path}", path=path)
        if open_after:
            try:
                opened = webbrowser.open(path.as_uri())
            except Exception:  # no browser at all: the path is said either way
                opened = False
            msg = (
                _("opened in the browser (print from there): {path}", path=path)
                if opened
                else _("no browser to open it; the file is at {path}", path=path)
            )
        self.app.call_from_thread(self.say, msg)

    def action_serve(self) -> None:
        """Ctrl+W: serve the event read-only to phones and a TV (tui.web) and show
        the address and QR code; Ctrl+W in that dialog stops serving."""
        if self.web is None:
            self.say(_("starting the page server..."))
            self.in_thread(self._start_serving, "serve")
        else:
            self._show_serving()

    def _start_serving(self) -> None:
        from tui.web import DEFAULT_PORT  # lazy: the web face loads on Ctrl+W only
        from tui.web.child import ChildServer  # lazy: as DEFAULT_PORT

        from ..serving import free_port  # lazy: as the web server, which it imports

        host, wanted = getattr(self.app, "serve_at", ("0.0.0.0", DEFAULT_PORT))
        try:  # a child process: serving never slows the desk down
            port = free_port(host, wanted)  # a second event served: the next free port
            web = ChildServer(self.app.datadir, self.host.event_id, host=host, port=port)
        except LyceeError as err:
            self.app.call_from_thread(self.say, str(err), True)
            return
        self.app.call_from_thread(self._serving_started, web, wanted if port != wanted else None)

    def _serving_started(self, web, busy: int | None = None) -> None:
        if not self.host.is_attached:  # the event was closed meanwhile
            web.stop()
            return
        self.web = web
        note = ""
        if busy is not None:
            note = _("port {busy} is in use (another event served?): serving on port {port}", busy=busy, port=web.port)
            self.say(note)
        self._show_serving(note)

    def _show_serving(self, note: str = "") -> None:
        from ..serving import ServingDialog  # lazy: as the web server, which it imports

        web = self.web
        if web is None:  # not serving (stopped meanwhile): nothing to show
            return

        def done(answer: str | None) -> None:
            if answer == "stop":
                self.stop_serving()
                self.say(_("stopped serving the event pages"))
            elif self.web is not None:
                self.say(_("serving the event pages: {url}", url=self.web.urls[0]))

        self.app.push_screen(ServingDialog(self.host, web.urls, note), done)

    @staticmethod
    def stopping_said() -> str:
        """What leaving a served event does to its pages (Esc, Ctrl+Q: asked first)."""
        return _("The phone, TV and judge pages of the event stop answering.")

    def stop_serving(self) -> None:
        if self.web is not None:
            web, self.web = self.web, None
            web.stop()

    def action_verify(self) -> None:
        self.say(_("checking the event..."))
        self.in_thread(self._verify_worker, "verify")

    def _verify_worker(self) -> None:
        rep = readmodel.verify(self.event)
        self.app.call_from_thread(self._verified, rep)

    def _verified(self, rep) -> None:

        self.say(rep.summary(), error=not rep.ok)
        lines = [rep.summary()] + [f.line() for f in rep.findings[:200]]
        self.app.push_screen(Info(_("Independent check of the event"), lines))

    def action_plan(self) -> None:

        try:
            p = self._plan(self.event)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.app.push_screen(Info(_("Plan of the day"), p.lines()))

    # -- why a pairing, the independent check, the plan of the day ---------------
    def _plan(self, ev: Event):
        if self._history is None:
            self._history = []
            dd = self.app.datadir
            for eid in dd.event_ids()[-20:]:
                if eid != ev.id:
                    try:
                        self._history.append(dd.history(eid))
                    except (LyceeError, OSError, ValueError, KeyError):
                        continue
        return readmodel.day_plan(ev, self.open_desk.store.actions, self.open_desk.now(), self._history)

    def finish_text(self, ev: Event) -> str:
        """The projected finish, first in the event bar, once this desk has
        timed something of the event (an event imported without times shows none),
        and once there are players to plan for (no finish for an empty event)."""
        if not ev.players or not any(a["type"] in ("create", "pair") for a in self.open_desk.store.actions):
            return ""
        try:
            p = self._plan(ev)
        except LyceeError:
            return ""
        if p.finished is not None:
            return ""
        return _("finish ~{t}", t=readmodel.clock_time(p.base.finish)) + " · "

    def action_settings(self) -> None:

        def chosen(wanted: dict | None) -> None:
            if not wanted:
                return
            try:
                changes = self.open_desk.set_settings(wanted)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            if not changes:
                self.say(_("nothing changed"))
                return
            self.say(readmodel.settings_changed(self.event, changes))
            self.changed()

        self.app.push_screen(
            EventSettings(self.event, readmodel.settings_locks(self.event), issue_pin=self.open_desk.staff_pin), chosen
        )

    def refusal(self, err: LyceeError) -> str:
        """A refusal in the app names the app's key that fixes it: an incomplete
        staff (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE) is set in the settings (F12)."""
        if getattr(err, "rule", None) in self.STAFF_RULES:
            return _(
                "A sanctioned event needs its staff first: {problems}. F12 opens the settings "
                "(staff, or mark it unsanctioned).",
                problems=labels.sentences(
                    _("{why} ({rule})", why=m, rule=r) for r, m in readmodel.staff_missing(self.event)
                ),
            )
        if getattr(err, "rule", None) in ("G-SEALED", "G-DRAFT-4") and self.event.build is not None:
            gaps = readmodel.deck_gaps(self.event)
            if gaps:  # the build tab shows what is wrong with each deck
                return (
                    _(
                        "Round 1 waits for a legal deck from {n} player(s): {names}. On the build tab "
                        "Enter opens a player's pool, Ctrl+R there registers the deck; F11 for the head judge's "
                        "override.",
                        n=len(gaps),
                        names=labels.listed(g.name for g in gaps),
                    )
                    + f" [{err.rule}]"
                )
        return str(err)


def _round_wrong(text: str, n: int) -> str | None:
    """What is wrong with a round number typed for an export (said in its dialog, which keeps
    the text): a number from 1 to ``n``, the rounds played."""
    return None if text.isdigit() and 1 <= int(text) <= n else _("write the round number, e.g. 2")
