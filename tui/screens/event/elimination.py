"""The elimination stage's questions on the event screen: the top cut (F7,
with its preview), a playoff (決定戦, F10), the organizer's decision on an
intentional draw in the final (G-ID-3) and on a time-out with equal game
wins in an elimination match (G-SE).  The rules are core's (core.desk:
top_cut, playoff, id_decision, time_decision); this asks and says.  An
object the event screen (screen.py) holds as ``elimination`` (host.py's Concern)."""

from __future__ import annotations

from core import readmodel
from core.errors import LyceeError
from core.i18n import _
from core.names import whole

from ..dialogs import Choose, Confirm, Prompt
from .host import Asks, Concern


class Elimination(Concern):
    """The elimination stage's questions on the event screen ``host``."""

    def allows(self, action: str) -> bool | None:
        """F7 is not offered once the bracket is made (G-SE: one top cut an event)."""
        if action == "top_cut" and self.host.desk is not None:
            return not readmodel.bracket_made(self.event)
        return True

    def action_top_cut(self) -> None:
        """F7: the top cut, asked in a worker of the screen's; refused at once when the
        bracket is made (a size and a preview were asked, then refused)."""
        if readmodel.bracket_made(self.event):
            self.say(_("this event already has an elimination bracket") + " (G-SE)", error=True)
            return
        self.ask(self._top_cut_asked())

    def action_playoff(self) -> None:
        """F10: a playoff (決定戦), asked in a worker of the screen's."""
        self.ask(self._playoff_asked())

    async def _top_cut_asked(self) -> None:
        """Before the planned Swiss rounds are played, first whether to cut
        now; then the size."""
        ev = self.event
        played = len(ev.swiss_rounds)
        alone = ev.rounds_planned == 0 and not ev.rounds  # G-SE as a format: the bracket with every player
        want = 0 if alone else readmodel.swiss_rounds_planned(ev)
        early = played < want  # the organizer confirms cutting before the planned Swiss rounds
        if early and not await self.app.push_screen_wait(
            Confirm(_("Only {n} of {k} Swiss rounds are played. Cut to single elimination now?", n=played, k=want))
        ):
            return
        field = len(ev.eligible(1))
        text = await self.app.push_screen_wait(
            Prompt(
                _(
                    "Single elimination with every player ({n}), seeded in registration order "
                    "(add + for a third-place match)",
                    n=field,
                ),
                str(field),
            )
            if alone
            else Prompt(
                _("Top cut size: any number from 2 (add + for a third-place match)"), str(readmodel.suggested_cut(ev))
            )
        )
        if not text:
            return
        third = text.endswith("+")
        size = text.rstrip("+").strip()
        players = whole(size)
        if players is None:
            self.say(_("write a number from 2 (add + for a third-place match)"), error=True)
            return
        if alone:  # every player is in: no line to preview
            preview, can = "", True
        else:
            preview, can = readmodel.cut_preview(self.event, players, third)
        if not can:  # who is in, who is just out, and the shared place at the line (G-TIE-PLAYOFF)
            if await self.app.push_screen_wait(Confirm(preview + "\n\n" + _("Hold the playoff (決定戦) now?"))):
                self.action_playoff()
            return
        if preview and not await self.app.push_screen_wait(Confirm(preview + "\n\n" + _("Pair this top cut?"))):
            return
        try:
            self.open_desk.top_cut(players, third_place=third, end_swiss=early)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.changed()
        self.host.refresh_bindings()  # F7 is offered no more
        self.host.action_tab("round")  # where its results are typed, as after F5 (the bracket: F8)
        self.say(_("top {n} cut: round {r} paired · the bracket: F8", n=size, r=self.paired_round().number))

    async def _playoff_asked(self) -> None:
        groups = readmodel.tied_for_playoff(self.event)
        default = " ".join(groups[0]) if groups else ""
        text = await self.app.push_screen_wait(
            Prompt(
                _(
                    "Playoff (決定戦) among players on equal points, next to each other in the standings "
                    "(instead of the tiebreakers): their ids. F5 pairs the playoff's next round"
                ),
                default,
            )
        )
        if not text:
            return
        try:
            self.open_desk.playoff(text.split())
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.changed()
        self.host.action_tab("round")
        self.say(_("playoff (決定戦) paired"))

    async def id_decision(self, table: int, ask: Asks) -> None:
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
        decision = await ask(Choose(question, choices))
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
        self.changed()

    async def time_decision(self, check: readmodel.ResultCheck, ask: Asks) -> None:
        """G-SE: equal game wins at time in an elimination or playoff match:
        the organizer orders an extra game or names the winner, with a
        reason (one logged action).  Asked in the worker of
        :meth:`_result_questions`, after the time call was confirmed."""
        ev = self.event
        org = ev.staff.organizer
        m = check.before
        assert m is not None and m.p2 is not None, "the pre-check asks this only of a match with two players"
        p1, p2 = ev.player(m.p1).name, ev.player(m.p2).name
        question = _(
            "Table {t} is {score} at time, but an elimination match must name a winner. The organizer {org} "
            "chooses (G-SE):",
            t=check.table,
            score=check.text,
            org=org or "-",
        )
        choices = [
            ("extra_game", _("An extra game decides the match")),
            (m.p1, _("{name} wins (the organizer names the winner)", name=p1)),
            (m.p2, _("{name} wins (the organizer names the winner)", name=p2)),
        ]
        decision = await ask(Choose(question, choices))
        if not decision:
            self.say(_("no decision: table {t} still needs a result", t=check.table))
            return
        reason = ""
        if decision != "extra_game":
            reason = await ask(Prompt(_("The organizer's reason for naming the winner"), ""))
            if not reason or not reason.strip():
                self.say(_("no reason given: table {t} still needs a result", t=check.table))
                return
        try:
            self.open_desk.time_decision(
                check.table,
                check.text,
                "extra_game" if decision == "extra_game" else "winner",
                org,
                winner=None if decision == "extra_game" else decision,
                reason=reason,
                time_called=True,
                round_number=check.round_number,
            )
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(
            _("table {t}: extra game ordered by {org}; enter its result when it ends", t=check.table, org=org)
            if decision == "extra_game"
            else _("table {t}: {name} wins, named by {org}", t=check.table, name=ev.player(decision).name, org=org)
        )
        self.changed()
