"""The event screen's round and results: the results queue, the result path (pre-check, questions, one record), pairing, the top cut, playoffs, the clock, undo.

A part of EventScreen (tui/screens/event/screen.py), which inherits it:
the methods use the screen's desk, event, say() and refresh_all()."""

from __future__ import annotations

from textual import work
from textual.widgets import Input, TabbedContent

from core import labels, readmodel
from core.errors import LyceeError
from core.i18n import _, join_list, ngettext
from core.names import whole

from ...widgets.line import Line
from ..dialogs import Choose, Confirm, Prompt
from .host import EventHost
from .round import ResultBox, RoundPane, result_cell


class RoundActions(EventHost):
    """Round and results: the results queue, the result path (pre-check, questions, one record), pairing, the top cut, playoffs, the clock, undo (mixed into EventScreen)."""

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
            self.say(self._app_refusal(err), error=True)
        self.draw_clock()

    def action_extend(self) -> None:
        self._extend_asked()

    @work(group="confirm")
    async def _extend_asked(self) -> None:
        text = await self.app.push_screen_wait(Prompt(_("Time extension: TABLE MINUTES (e.g. 7 5)")))
        if not text:
            return
        parts = text.split()
        table, minutes = (whole(parts[0]), whole(parts[1], 3)) if len(parts) == 2 else (None, None)
        if table is None or minutes is None:
            self.say(_("write the table and the minutes, e.g. 7 5"), error=True)
            return
        try:
            self.open_desk.extend(table, minutes)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(_("table {t}: +{m} minutes", t=parts[0], m=parts[1]))
        self.refresh_all()

    def action_enter_results(self) -> None:
        self.action_tab("round")
        self.query_one("#result-entry", Input).focus()

    def on_round_pane_result_entered(self, message: RoundPane.ResultEntered) -> None:
        self._queue_results([message.text])

    def on_round_pane_results_pasted(self, message: RoundPane.ResultsPasted) -> None:
        self._queue_results(list(message.lines), listed=True)

    # -- the results queue: every line typed or pasted is stored, in order --
    def _queue_results(self, lines: list[str], listed: bool = False) -> None:
        """Lines from the results box wait here while a question about an
        earlier line is open (a replacement, time called, G-ID-3), then are
        stored one after another; several lines at once end with one message
        listing each refusal."""
        self._result_queue.extend(lines)
        if listed or self._result_asking or len(self._result_queue) > 1:
            self._batch = self._batch or {"stored": 0, "refused": []}
        self._drain_results()

    def _drain_results(self) -> None:
        while self._result_queue and not self._result_asking:
            self._enter_result(self._result_queue.popleft())
        self.updates_now()  # the result, the bar and the message in one frame
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

    async def _ask_about_result(self, dialog):
        """Ask a question about a typed result and wait for the answer (in the
        worker of :meth:`_result_questions`, while the lines after it wait)."""
        answer = self.app.push_screen(dialog, wait_for_dismiss=True)
        if isinstance(dialog, Confirm):  # keys typed ahead of the question stay lines (LyceeApp.hold_type_ahead)
            self.app.hold_type_ahead(dialog, self.query_one(ResultBox), {"y", "n", "escape", "enter", "tab"})
        return await answer

    def _refuse_result(self, text: str, err) -> None:
        from time import monotonic

        msg = f"{text!r}: {err}"
        if self._batch is not None:
            self._batch["refused"].append(msg)
        self._refused_recent = [*self._refused_recent, (monotonic(), msg)]
        self.say(msg, error=True)

    def _say_stored(self, msg: str) -> None:
        """A stored result; refusals of the last seconds stay in the message
        (a burst of typed lines would otherwise hide them behind the next line)."""
        from time import monotonic

        self._refused_recent = [(when, why) for when, why in self._refused_recent if monotonic() - when < 5]
        recent = [why for _when, why in self._refused_recent]
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
        self._result_questions(check)

    @work(group="result-question")
    async def _result_questions(self, check: readmodel.ResultCheck) -> None:
        """The pre-check's questions in turn (a no to any stores nothing), then
        the one record; then the lines that waited."""
        try:
            if readmodel.ID_DECISION in check.questions:
                await self._id_decision(check.table)  # G-ID-3: the organizer decides; nothing else is asked
                return
            for kind in check.questions:
                if not await self._ask_about_result(Confirm(self._result_question(check, kind))):
                    return
            self._record_result(
                check,
                correct=readmodel.REPLACE in check.questions,
                time_called=readmodel.TIME_CALL in check.questions,
            )
        finally:
            self._result_asking = False
            if self.desk is not None and self.is_attached:  # not when the screen closed under the question
                self._drain_results()

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

    def _record_result(self, check: readmodel.ResultCheck, correct: bool, time_called: bool) -> None:
        text, table, res, before = check.line, check.table, check.text, check.before
        try:
            self.open_desk.record_checked(check, correct=correct, time_called=time_called)
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
        self.refresh_all()

    def action_pair(self) -> None:
        self.say(_("pairing..."))
        self._pair_worker()

    @work(thread=True, exclusive=True, group="pairing")
    def _pair_worker(self) -> None:
        try:
            self.open_desk.pair_next()
        except LyceeError as err:
            self.app.call_from_thread(self.say, self._app_refusal(err), True)
            if getattr(err, "rule", None) in ("G-SEALED", "G-DRAFT-4") and self.event.build is not None:
                self.app.call_from_thread(self.action_tab, "build")  # each player's deck and its problems
            return
        self.app.call_from_thread(self._paired)

    def _paired(self) -> None:
        self.refresh_all()
        self.action_tab("round")
        self.say(_("round {r} paired", r=self.paired_round().number))
        self.query_one("#result-entry", Input).focus()
        self._warn_deck_problems()

    def action_repair(self) -> None:
        if self.event.current_round is None:
            self.say(_("no round has been paired yet"), error=True)
            return
        self._repair_asked(self.event.current_round.number)

    @work(group="confirm")
    async def _repair_asked(self, number: int) -> None:
        if not await self.app.push_screen_wait(Confirm(_("Pair round {r} again with a new draw?", r=number))):
            return
        try:
            self.open_desk.repair()
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.refresh_all()
        self.say(_("round {r} paired again", r=self.paired_round().number))

    def action_undo(self) -> None:
        try:
            act = self.open_desk.undo()
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(_("undone: #{seq} {what}", seq=act["seq"], what=readmodel.action_said(self.event, act)))
        self.refresh_all()

    def action_top_cut(self) -> None:
        self._top_cut_asked()

    @work(group="confirm")
    async def _top_cut_asked(self) -> None:
        """Before the planned Swiss rounds are played, first whether to cut
        now; then the size."""
        ev = self.event
        played = len(ev.swiss_rounds)
        want = readmodel.swiss_rounds_planned(ev)
        early = played < want  # the organizer confirms cutting before the planned Swiss rounds
        if early and not await self.app.push_screen_wait(
            Confirm(_("Only {n} of {k} Swiss rounds are played. Cut to single elimination now?", n=played, k=want))
        ):
            return
        text = await self.app.push_screen_wait(
            Prompt(_("Top cut size: any number from 2 (add + for a third-place match)"), "8")
        )
        if not text:
            return
        third = text.endswith("+")
        size = text.rstrip("+").strip()
        players = whole(size)
        if players is None:
            self.say(_("write a number from 2 (add + for a third-place match)"), error=True)
            return
        preview, can = readmodel.cut_preview(self.event, players, third)
        if not can:  # who is in, who is just out, and the shared place at the line (G-TIE-PLAYOFF)
            if await self.app.push_screen_wait(Confirm(preview + "\n\n" + _("Hold the playoff (決定戦) now?"))):
                self._playoff_asked()
            return
        if not await self.app.push_screen_wait(Confirm(preview + "\n\n" + _("Pair this top cut?"))):
            return
        try:
            self.open_desk.top_cut(players, third_place=third, end_swiss=early)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.refresh_all()
        self.action_tab("bracket")
        self.say(_("top {n} cut: round {r} paired", n=size, r=self.paired_round().number))

    def action_playoff(self) -> None:
        self._playoff_asked()

    @work(group="confirm")
    async def _playoff_asked(self) -> None:
        groups = readmodel.tied_for_playoff(self.event)
        default = " ".join(groups[0]) if groups else ""
        text = await self.app.push_screen_wait(
            Prompt(_("Playoff (決定戦) among the players who share a place: their ids"), default)
        )
        if not text:
            return
        try:
            self.open_desk.playoff(text.split())
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.refresh_all()
        self.action_tab("round")
        self.say(_("playoff (決定戦) paired"))

    async def _id_decision(self, table: int) -> None:
        """G-ID-3: an intentional draw where a ranking is needed: the organizer
        orders a replay or, in the final only, declares no winner (elsewhere
        the choice is not offered and the question says why).  Asked in the
        worker of :meth:`_result_questions`."""
        org = self.event.staff.organizer
        question = _(
            "Table {t} agrees an intentional draw, but this match must rank its players. The organizer "
            "{org} decides (G-ID-3):",
            t=table,
            org=org or "-",
        )
        choices = [("replay", _("Replay the match"))]
        why = readmodel.no_winner_refusal(self.event, table)
        if why:  # no winner only in the final: not offered where the event could not go on
            question += "\n" + why
        else:
            choices.append(("no_winner", _("No winner (both are out)")))
        decision = await self._ask_about_result(Choose(question, choices))
        if not decision:
            self.say(_("no decision: table {t} still needs a result", t=table))
            return
        try:
            self.open_desk.id_decision(table, decision, by=org)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(
            _("table {t}: replay ordered by {org} (G-ID-3)", t=table, org=org)
            if decision == "replay"
            else _("table {t}: no winner, decided by {org} (G-ID-3)", t=table, org=org)
        )
        self.refresh_all()

    def action_why(self) -> None:
        """Why the table under the cursor is paired as it is (core.explain)."""
        rnd = self.event.current_round
        match = self.query_one(RoundPane).highlighted(self.event)
        if self.query_one(TabbedContent).active != "round" or rnd is None or match is None:
            self.action_tab("round")
            self.say(_("choose a table with the arrow keys, then Ctrl+E again"))
            return
        if rnd.stage != "swiss" or not match.why:
            self.say(_("table {t}: no explanation stored (only Swiss rounds paired here carry one)", t=match.table))
            return
        from ..info import Info

        self.app.push_screen(
            Info(_("Round {r}, table {t}", r=rnd.number, t=match.table), readmodel.why_paired(self.event, match))
        )

    def draw_clock(self) -> None:
        lbl = self.query_one("#clock", Line)
        line = readmodel.clock_line(self.event, self.open_desk.now(), self._finished(self.event))
        text = line.text
        if not text:
            self._show("#clock", "")
            return
        from rich.cells import cell_len

        if cell_len(text) != cell_len(lbl.plain):
            lbl.set(text)
            lbl.refresh(layout=True)  # the clock's box follows its text (it is auto-sized)
        self._show("#clock", text)
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
