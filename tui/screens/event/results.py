"""The event screen's round and results: the results queue, the result path (pre-check, questions, one record), pairing, corrections, the clock, undo.

An object the event screen (tui/screens/event/screen.py) holds as ``rounds``
(host.py's Concern): it owns the results queue and the clock's bell, uses the
screen's desk, event and say(), and tells the screen after a write."""

from __future__ import annotations

from collections import deque
from time import monotonic

from rich.cells import cell_len
from textual.widgets import Input, TabbedContent

from core import labels, readmodel
from core.errors import LyceeError
from core.i18n import _, join_list, ngettext
from core.names import visible, wholes

from ...widgets.line import Line
from ..dialogs import Choose, Confirm, Prompt
from ..info import Info
from .buildphase import BuildPhase
from .correction import CorrectEarlier
from .elimination import Elimination
from .exports import Exports
from .host import Concern, EventHost
from .round import ResultBox, ResultEntered, ResultsPasted, RoundPane, result_cell


class Rounds(Concern):
    """Round and results: the results queue, the result path (pre-check, questions, one record), pairing, corrections, the clock, undo."""

    def __init__(self, host: EventHost, exports: Exports, builds: BuildPhase, elimination: Elimination) -> None:
        super().__init__(host)
        self.exports = exports  # a refusal's words, the slips of a round paired again
        self.builds = builds  # round 1's deck problems, said after pairing
        self.elimination = elimination  # the organizer's decisions a result can need
        self.result_queue: deque[str] = deque()  # lines of the results box still to store
        self._result_asking = False  # a question about one of them is open
        self._batch: dict | None = None  # several lines at once: what was stored, what refused
        self._refused_recent: list[tuple[float, str]] = []  # (when, why): refusals of the last seconds
        self._rang = False  # the bell at time has rung for this round
        # the footer was drawn for (a finished event, a round to pair, a round with results to come)
        self._footer_for = (False, True, False)

    def action_clock(self) -> None:
        ev = self.event
        if not ev.rounds:
            self.say(_("pair a round first (F5)"), error=True)
            return
        try:
            op = self.open_desk.toggle_clock()
            if op == "start":
                st = self.open_desk.clock_status()
                self.say(
                    _("round {r} clock started: {m} minutes", r=st.round, m=st.minutes)
                    + " · "
                    + _(
                        "lateness prompts (G-LATE-1 at 5 minutes, G-LATE-2 at 30) come by themselves "
                        "once players are checked in (Ctrl+L)"
                    )
                )
            else:
                self.say(_("clock resumed") if op == "resume" else _("clock paused"))
        except LyceeError as err:
            self.say(self.exports.refusal(err), error=True)
        self.draw_clock()

    def action_extend(self) -> None:
        self.ask(self._extend_asked())

    async def _extend_asked(self) -> None:
        wrong = _("write the table and the minutes, e.g. 7 5")  # said in the dialog, which keeps the text
        ask = Prompt(_("Time extension: TABLE MINUTES (e.g. 7 5)"), check=lambda t: None if wholes(t, 9, 3) else wrong)
        text: str | None = await self.app.push_screen_wait(ask)
        if not (typed := wholes(text or "", 9, 3)):
            return
        table, minutes = typed
        try:
            self.open_desk.extend(table, minutes)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(_("table {t}: +{m} minutes", t=table, m=minutes))
        self.changed()

    def action_enter_results(self) -> None:
        self.host.action_tab("round")
        self.host.query_one("#result-entry", Input).focus()

    def result_typed(self, message: ResultEntered) -> None:
        self._queue_results([message.text])

    def results_pasted(self, message: ResultsPasted) -> None:
        self._queue_results(list(message.lines), listed=True)

    # -- the results queue: every line typed or pasted is stored, in order --
    def _queue_results(self, lines: list[str], listed: bool = False) -> None:
        """Lines from the results box wait here while a question about an
        earlier line is open (a replacement, time called, G-ID-3), then are
        stored one after another; several lines at once end with one message
        listing each refusal."""
        self.result_queue.extend(lines)
        if listed or self._result_asking or len(self.result_queue) > 1:
            self._batch = self._batch or {"stored": 0, "refused": []}
        self._drain_results()

    def _drain_results(self) -> None:
        while self.result_queue and not self._result_asking:
            self._enter_result(self.result_queue.popleft())
        self.host.updates_now()  # the result, the bar and the message in one frame
        if self._result_asking or self._batch is None:
            return
        batch, self._batch = self._batch, None
        if batch["refused"]:
            self.say(
                ngettext(
                    "{n} result stored; refused: {why}",
                    "{n} results stored; refused: {why}",
                    batch["stored"],
                    n=batch["stored"],
                    why=" · ".join(batch["refused"]),
                ),
                error=True,
            )

    async def ask_about_result(self, dialog):
        """Ask a question about a typed result and wait for the answer (in the
        worker of :meth:`_result_questions`, while the lines after it wait)."""
        answer = self.app.push_screen(dialog, wait_for_dismiss=True)
        if isinstance(dialog, Confirm):  # keys typed ahead of the question stay lines (LyceeApp.hold_type_ahead)
            self.app.hold_type_ahead(dialog, self.host.query_one(ResultBox), {"y", "n", "escape", "enter", "tab"})
        return await answer

    def _refuse_result(self, text: str, err) -> None:

        msg = _('"{line}": {why}', line=visible(text), why=str(err))  # as typed, never as a Python repr
        if self._batch is not None:
            self._batch["refused"].append(msg)
        self._refused_recent = [*self._refused_recent, (monotonic(), msg)]
        self.say(msg, error=True)

    def _say_stored(self, msg: str) -> None:
        """A stored result; a refusal of the last seconds stays in the message
        for the one stored result after it (a line typed right behind the
        refused one would otherwise hide it), not through the later ones
        (issue 48: the refused line stayed through later successes)."""

        self._refused_recent = [(when, why) for when, why in self._refused_recent if monotonic() - when < 5]
        recent = [why for _when, why in self._refused_recent]
        self._refused_recent = []  # said once beside a stored result: enough
        if recent and self._batch is None:
            self.say(msg + " · " + _("refused just now: {why}", why=" · ".join(recent)), error=True)
        else:
            self.say(msg)

    # -- the result path: one parse (the read model's pre-check), its questions, one record --
    def _enter_result(self, text: str) -> None:
        """``12 2-1`` (the box emptied itself on Enter; a refused entry is
        quoted in the message): pre-checked once, then its questions, then
        recorded (docs/architecture.md, the result path)."""
        try:
            check = readmodel.precheck_result(self.event, text, self.open_desk.now())
        except LyceeError as err:
            self._refuse_result(text, err)
            return
        if not check.questions:
            self._record_result(check, correct=False, time_called=False)
            return
        self._result_asking = True  # the lines typed after it wait for the answers
        self.ask(self._result_questions(check), group="result-question")

    async def _result_questions(self, check: readmodel.ResultCheck) -> None:
        """The pre-check's questions in turn (a no to any stores nothing), then
        the one record; then the lines that waited."""
        try:
            if readmodel.ID_DECISION in check.questions:
                await self.elimination.id_decision(
                    check.table, self.ask_about_result
                )  # G-ID-3: the organizer decides; nothing else is asked
                return
            judge = None
            for kind in check.questions:
                if kind == readmodel.TIME_DECISION:
                    await self.elimination.time_decision(
                        check, self.ask_about_result
                    )  # G-SE: the organizer's procedure, then nothing else
                    return
                if kind == readmodel.NOT_STARTED:
                    judge = await self.ask_about_result(Prompt(self._not_started_question(check)))
                    if not judge:
                        return
                    continue
                if not await self.ask_about_result(Confirm(self._result_question(check, kind))):
                    return
            self._record_result(
                check,
                correct=readmodel.REPLACE in check.questions,
                time_called=readmodel.TIME_CALL in check.questions,
                not_started_by=judge,
            )
        finally:
            self._result_asking = False
            if self.host.desk is not None and self.host.is_attached:  # not when the screen closed under the question
                self._drain_results()

    @staticmethod
    def _not_started_question(check: readmodel.ResultCheck) -> str:
        return _(
            "The round clock has started, which counts as table {t}'s start: no intentional draw after it "
            "(G-ID-2). Had the players of table {t} not begun shuffling? If so, type the name of the judge "
            "who saw it (G-ID-1); Escape stores nothing.",
            t=check.table,
        )

    @staticmethod
    def _result_question(check: readmodel.ResultCheck, kind: str) -> str:
        if kind == readmodel.REPLACE:
            return _(
                "Table {t} already has {old}. Replace it with {new}?",
                t=check.table,
                old=result_cell(check.before).plain.strip(),
                new=check.text,
            )
        return _(
            "{res} at table {t} ends a match only at time. Was time called at this table? (G-BO3-TIME)",
            res=check.text,
            t=check.table,
        )

    def _record_result(
        self, check: readmodel.ResultCheck, correct: bool, time_called: bool, not_started_by: str | None = None
    ) -> None:
        text, table, res, before = check.line, check.table, check.text, check.before
        try:
            self.open_desk.record_checked(
                check, correct=correct, time_called=time_called, not_started_by=not_started_by
            )
        except LyceeError as err:
            self._refuse_result(text, err)
            return
        if self._batch is not None:
            self._batch["stored"] += 1
        parts = [str(table), res]
        ev = self.event
        rnd = self.paired_round()
        match = rnd.match_at(table)
        assert match is not None and match.p2 is not None, "a result was just stored at this table (a bye takes none)"
        left = len(rnd.missing_tables())
        msg = _(
            "table {t}: {p1} {res} {p2}",
            t=table,
            p1=ev.player(match.p1).name,
            res=labels.result_label(parts[1]),
            p2=ev.player(match.p2).name,
        )
        if before is not None and before.reported:
            msg += " · " + _("replaces {old}", old=result_cell(before).plain.strip())
        msg += " · " + (
            ngettext("{k} result missing", "{k} results missing", left, k=left) if left else _("round complete")
        )
        self._say_stored(msg)
        self.changed()

    def action_pair(self) -> None:
        self.say(_("pairing..."))
        self.in_thread(self._pair_worker, "pairing")

    def _pair_worker(self) -> None:
        try:
            self.open_desk.pair_next()
        except LyceeError as err:
            self.app.call_from_thread(self.say, self.exports.refusal(err), True)
            if getattr(err, "rule", None) in ("G-SEALED", "G-DRAFT-4") and self.event.build is not None:
                self.app.call_from_thread(self.host.action_tab, "build")  # each player's deck and its problems
            return
        self.app.call_from_thread(self._paired)

    def _paired(self) -> None:
        self.changed()
        self.host.action_tab("round")
        self.say(_("round {r} paired", r=self.paired_round().number))
        self.host.query_one("#result-entry", Input).focus()
        self.builds.warn_deck_problems()

    def action_repair(self) -> None:
        if self.event.current_round is None:
            self.say(_("no round has been paired yet"), error=True)
            return
        self.ask(self._repair_asked(self.event.current_round.number))

    async def _repair_asked(self, number: int) -> None:
        if not await self.app.push_screen_wait(Confirm(_("Pair round {r} again with a new draw?", r=number))):
            return
        try:
            self.open_desk.repair()
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.changed()
        self.say(_("round {r} paired again", r=self.paired_round().number))

    # -- a correction of an earlier round (L-LATER: what it breaks, asked in one question) --
    def action_correct_earlier(self) -> None:
        if len(self.event.rounds) < 2:
            self.say(_("no earlier round: correct the current round in the results box (F6)"), error=True)
            return
        self.ask(self._correct_asked())

    async def _correct_asked(self) -> None:
        """Round, table and result of an earlier round (the round's tables shown); when the correction
        breaks a later round, one question naming it and the choices: pair it
        again (no result yet), the head judge keeps it as played, or neither
        (undo back to it first).  A round paired again offers its new slips."""
        text = await self.app.push_screen_wait(CorrectEarlier(self.event))  # the round's tables shown below
        if not text:
            return
        desk = self.open_desk
        by = None
        try:
            number, table, res = readmodel.parse_round_result(text)
            try:
                data, later = desk.correction_check(table, res, number)
            except LyceeError as err:
                if getattr(err, "rule", None) != "G-HEAD-JUDGE":
                    raise
                by = await self._head_judge_named()  # a protected result: the head judge's correction
                if not by:
                    return
                data, later = desk.correction_check(table, res, number, correct_by=by)
            then = None
            if later is not None:
                choices = []
                if later.open_round is not None:
                    choices.append(("repair", _("Pair round {n} again with the correction", n=later.open_round)))
                rounds = join_list([str(n) for n in later.rounds])
                keep = ngettext(
                    "Keep round {n} as paired (the head judge's ruling)",
                    "Keep rounds {n} as paired (the head judge's ruling)",
                    len(later.rounds),
                    n=rounds,
                )
                choices.append(("keep", keep))
                choices.append(("undo", _("Neither: undo back to round {n} first (Ctrl+Z)", n=later.rounds[0])))
                then = await self.app.push_screen_wait(Choose(later.question(), choices))
                if then in (None, "undo"):
                    self.say(_("nothing was recorded"))
                    return
                if then == "keep" and by is None:
                    by = await self._head_judge_named()
                    if not by:
                        return
            before = self.event
            desk.store_result(data, then=then, by=by)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.changed()
        if then == "repair" and later is not None and later.open_round is not None:
            n = later.open_round
            self.say(_("round {r} table {t} corrected; round {n} paired again and announced", r=number, t=table, n=n))
            if await self.app.push_screen_wait(Confirm(_("Print the new slips of round {n}?", n=n))):
                self.exports.export("slips", "html", round_number=n, open_after=True)
            return
        self.say(readmodel.correction_said(before, self.event, number, table))  # old → new (issue 48)

    async def _head_judge_named(self) -> str | None:
        hj = self.event.staff.head_judge or ""
        name = await self.app.push_screen_wait(Prompt(_("The head judge's name (the ruling is recorded)"), hj))
        return (name or "").strip() or None

    def action_undo(self) -> None:
        self.ask(self._undo_asked())

    async def _undo_asked(self) -> None:
        """Ctrl+Z says what it would take back and asks; right after an undo
        (nothing else stored since) it offers to redo that instead, for the
        clerk who undid by mistake (core.log.registry.redo_target)."""
        desk = self.open_desk
        try:
            target: dict | None = desk.undo_preview()
        except LyceeError:
            target = None
        try:
            redo: dict | None = desk.redo_preview()
        except LyceeError:
            redo = None
        if target is None and redo is None:
            self.say(_("nothing to undo"), error=True)
            return

        def said(act: dict) -> str:
            return readmodel.undo_said(self.event, act)  # the players by name, no journal number (issue 48)

        if redo is None:
            assert target is not None
            if not await self.app.push_screen_wait(Confirm(_("Undo {what}?", what=said(target)))):
                self.say(_("nothing was undone"))
                return
            choice = "undo"
        else:
            # the redo first (selected): a reflex Enter after a Ctrl+Z pressed by mistake brings it back
            choices = [("redo", _("Redo {what} (undone by mistake)", what=said(redo)))]
            if target is not None:
                choices.append(("undo", _("Undo {what}", what=said(target))))
            got = await self.app.push_screen_wait(Choose(_("Undo or redo?"), choices))
            if got is None:
                self.say(_("nothing was undone"))
                return
            choice = got
        try:
            act = desk.undo() if choice == "undo" else desk.redo()
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        if choice == "undo":
            self.say(_("undone: {what} (Ctrl+Z offers to redo it)", what=readmodel.undo_said(self.event, act)))
        else:
            self.say(_("redone: {what}", what=said(act)))
        self.changed()

    def action_why(self) -> None:
        """Why the table under the cursor is paired as it is (core.reports.explain)."""
        rnd = self.event.current_round
        match = self.host.query_one(RoundPane).highlighted(self.event)
        if self.host.query_one(TabbedContent).active != "round" or rnd is None or match is None:
            self.host.action_tab("round")
            self.say(_("choose a table with the arrow keys, then Ctrl+E again"))
            return
        if rnd.stage != "swiss" or not match.why:
            self.say(_("table {t}: no explanation stored (only Swiss rounds paired here carry one)", t=match.table))
            return

        self.app.push_screen(
            Info(_("Round {r}, table {t}", r=rnd.number, t=match.table), readmodel.why_paired(self.event, match))
        )

    def allows(self, action: str) -> bool | None:
        """The round clock's keys are not offered once the bracket has its winner (G-SE:
        nothing is left to time)."""
        if action in ("clock", "extend") and self.host.desk is not None:
            return not self.host.finished(self.event)
        return True

    def offers(self, action: str) -> bool:
        """F5 is not offered once no next round can be paired (core.readmodel.next_round_pairable:
        the bracket has its winner, or a Swiss-only event has played its rounds); pressed anyway,
        it says why (the desk's refusal).  The round clock's keys (^T, ^G) are offered while a round
        has results to come (core.readmodel.round_in_play): once they are all in nothing is left to
        time, and the footer at 80 columns has room for F5 or F7, the clerk's next key."""
        if self.host.desk is None:
            return True
        if action == "pair":
            return self.host.view.pairable(self.event)
        if action in ("clock", "extend"):
            return readmodel.round_in_play(self.event)
        return True

    def draw_clock(self) -> None:
        lbl = self.host.query_one("#clock", Line)
        ev = self.event
        finished = self.host.finished(ev)
        shown = (finished, self.host.view.pairable(ev), readmodel.round_in_play(ev))
        if shown != self._footer_for:  # the footer offers F5 again, or no more (offers, allows)
            self._footer_for = shown
            self.host.refresh_bindings()
        line = readmodel.clock_line(ev, self.open_desk.now(), finished)
        text, cur = line.text, ev.current_round
        # every result in: said, the clock not gone from the bar (the bar says so itself once the Swiss is over)
        if not text and not finished and cur is not None and cur.complete and not readmodel.swiss_over(ev):
            text = _("R{r} complete", r=cur.number)
        if cell_len(text) != cell_len(lbl.plain):
            lbl.set(text)
            # the clock's box follows its text (it is auto-sized), emptied too: the round status
            # beside it then widens and splits again (a clock gone blank kept its width, and the
            # status at 80 columns lost 「スイスドロー終了…」 past the bar's second line)
            lbl.refresh(layout=True)
        if not text:
            return
        self.host.show("#clock", text)
        near, up = line.near, line.up
        lbl.set_class(near, "clock-near")
        lbl.set_class(up, "clock-up")
        if up and not self._rang:
            self._rang = True
            self.app.bell()
            self.say(
                _("Time! Tables still playing: {tables} (G-BO3-TIME / G-TIME)", tables=join_list(line.unfinished)),
                error=True,
            )
        elif not up:
            self._rang = False
