"""The event screen's phone reports: the round tab's marks, the
queue of disputed and held tables (Shift+F6), the players' report codes
(Shift+F12).  The rules are core.rules.phonereports' (read through the read
model), every decision a Desk action with the desk as its actor.

An object the event screen (tui/screens/event/screen.py) holds as ``reports``
(host.py's Concern): it uses the screen's desk, event and say(), and tells
the screen after a write."""

from __future__ import annotations

from typing import Callable

from core import labels, readmodel
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _, ngettext
from tui.web.locks import ask_unlock, read_locks, wait_released

from .exports import Exports
from .host import Concern, EventHost
from .reportqueue import Answer, ReportCodes, ReportQueue
from .round import report_time


class PhoneReports(Concern):
    """Phone reports seen and decided at the desk."""

    #: The actions shown only while the event takes phone reports (the footer stays as it was otherwise).
    REPORT_ACTIONS = ("reports", "report_codes")

    def __init__(self, host: EventHost, exports: Exports) -> None:
        super().__init__(host)
        self.exports = exports  # the players' slips (Shift+F12)

    def allows(self, action: str) -> bool | None:
        if self.host.desk is None:
            return True
        if action == "report_codes" and self.event.decklists_required:
            return True  # the decklist page takes the player's code too (G-DECKLIST, issue 43)
        return not (action in self.REPORT_ACTIONS and not self.event.phone_reports)

    @staticmethod
    def status_text(ev: Event) -> str:
        """The event bar's status, with the disputed tables counted (Shift+F6 decides them)."""
        disputed = readmodel.disputed_count(ev)
        if not disputed:
            return readmodel.round_status(ev)
        tables = ngettext("{n} table disputed (Shift+F6)", "{n} tables disputed (Shift+F6)", disputed, n=disputed)
        return readmodel.round_status(ev) + " · " + tables

    def reports_by_table(self, ev: Event) -> dict:
        """Each table's phone reports (core.rules.phonereports.TableReport), for the round tab."""
        if not ev.phone_reports and not ev.reports:
            return {}
        return {t.table: t for t in readmodel.phone_reports(ev, self.open_desk.now())}

    def reload_queue(self) -> None:
        """After any change (a phone's report through the door too): an open queue reads itself again."""
        if isinstance(self.app.screen, ReportQueue):
            self.app.screen.reload()

    # -- the queue (Shift+F6) -------------------------------------------------------------
    def report_queue(self) -> list:
        """The tables to decide: disputed, and agreed but held for staff (a
        time call); tables already called come last."""
        tables = [
            t for t in readmodel.phone_reports(self.event, self.open_desk.now()) if t.status in ("disputed", "held")
        ]
        return sorted(tables, key=lambda t: (t.called is not None, t.table))

    def report_lines(self, rep) -> list[str]:
        """The queue's words for one table: who plays, each claim (who, when), why it waits."""
        lines = [_("Table {t}: {how}", t=rep.table, how=readmodel.report_status_label(rep.status))]
        for label, s in ((_("Player 1"), rep.p1), (_("Player 2"), rep.p2)):
            if s is None:
                lines.append(_("{side}: no report", side=label))
                continue
            lines.append(
                _(
                    "{side} {name}: says {said} (from their side; {result} from player 1's) at {at}, {by}",
                    side=label,
                    name=s.name,
                    said=s.said,
                    result=s.result,
                    at=report_time(s.at),
                    by=labels.actor_label(s.actor),
                )
            )
        if rep.held:  # why it waits, and the keys that decide it here
            lines.append(_("{why}: 1 or 2 takes it as called at time; E enters the true result", why=rep.held))
        if rep.called is not None:
            lines.append(
                _(
                    "called: {note} ({at}, {by})",
                    note=rep.called.note,
                    at=report_time(rep.called.at),
                    by=labels.actor_label(rep.called.actor),
                )
            )
        return lines

    def action_reports(self) -> None:
        """Shift+F6: the disputed and held tables, one after another."""
        if not self.event.phone_reports and not self.event.reports:
            self.say(_("phone reports are off for this event: F12 (settings) turns them on"), error=True)
            return
        if not self.report_queue():
            self.say(_("no table to decide: no report is disputed or held for staff"))
        self.app.push_screen(
            ReportQueue(self.report_queue, self.report_lines, self.decide_report, self.web_locks, self.lift_web_locks)
        )

    def web_locks(self) -> str:
        """Who the page server slows or locks for wrong codes or PINs, in a line ("" when nobody)."""

        store = self.open_desk.store
        rows = read_locks(store.datadir, store.id) or []
        if not rows:
            return ""
        shown = ", ".join(
            f"{r['what']}" + (f" ({r['address']})" if r["address"] and r["address"] != r["what"] else "") for r in rows
        )
        return _("Locked or slowed for wrong codes or PINs: {who} · U: lift them", who=shown)

    def lift_web_locks(self) -> tuple[str, Callable[[], tuple[str, bool]]]:
        """U in the queue: the page server asked to lift every lock; what to say now, and the wait
        for its answer (blocking: the queue runs it in a thread), which says what came of it (WEB-GUESS)."""
        store = self.open_desk.store
        token = ask_unlock(store.datadir, store.id, "all")

        def answered() -> tuple[str, bool]:
            if wait_released(store.datadir, store.id, "all", token):
                return _("the locks are lifted: wrong codes and PINs count again from zero"), False
            return _("the page server did not answer: is `lycee serve` (or the app's serving) still running?"), True

        return _("asking the page server to lift the locks…"), answered

    def decide_report(self, rep, op: str, text: str = "", confirmed: bool = False) -> Answer:
        """One decision of the queue, the Desk's action (actor: this desk)."""
        desk = self.open_desk
        t = rep.table
        try:
            if op in ("p1", "p2"):
                desk.accept_report(t, op)
                said = _("table {t}: {side}'s report accepted and recorded", t=t, side=labels.side_label(op))
            elif op == "clear":
                desk.clear_reports(t)
                said = _("table {t}: reports cleared (its players report again)", t=t)
            elif op == "call":
                desk.call_table(t, text)
                said = _("table {t} called: {note}", t=t, note=text)
            else:  # the true result, from player 1's side: the results box's checks and rule
                check = readmodel.precheck_result(self.event, f"{t} {text}", desk.now())
                if readmodel.ID_DECISION in check.questions:
                    return "error", _(
                        "an intentional draw here needs the organizer's decision: type it in the results box (F6)"
                    )
                if readmodel.TIME_CALL in check.questions and not confirmed:
                    return "ask", _(
                        "{res} at table {t} ends a match only at time. Was time called at this table? (G-BO3-TIME)",
                        res=text,
                        t=t,
                    )
                desk.record_checked(check, time_called=readmodel.TIME_CALL in check.questions)
                said = _("table {t}: {res} recorded", t=t, res=labels.result_label(text))
        except LyceeError as err:
            return "error", str(err)
        self.say(said)
        self.changed()
        return "ok", said

    # -- the players' codes (Shift+F12) ---------------------------------------------------
    def action_report_codes(self) -> None:
        """Shift+F12: every player's report code (players without one get
        one), a new code for one player, the slips to print."""
        if not (self.event.phone_reports or self.event.decklists_required):  # the decklist page takes the code too
            self.say(_("phone reports are off for this event: F12 (settings) turns them on"), error=True)
            return
        try:
            rows = self.open_desk.report_codes()
        except LyceeError as err:
            self.say(str(err), error=True)
            return

        def renew(pid: str) -> list[tuple[str, str, str]]:
            rows = self.open_desk.report_codes([pid])
            self.changed()
            return rows

        def print_slips() -> None:
            if self.event.current_round is None:
                self.say(_("the slips come with a round: pair one first (F5)"), error=True)
                return
            self.exports.export("slips", "html", open_after=True)

        self.app.push_screen(ReportCodes(rows, renew, print_slips))
