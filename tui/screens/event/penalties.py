"""The event screen's penalties and appeals (G-PEN-*).

An object the event screen (tui/screens/event/screen.py) holds as
``penalties``: it uses the screen's desk, event and say(), posts
EventChanged to it after a write, and keeps what it read itself (a
member's penalties in other events)."""

from __future__ import annotations

from textual.widgets import TabbedContent

from core import readmodel
from core.errors import LyceeError
from core.i18n import _

from ..dialogs import Confirm
from ..penalty_forms import AppealForm, PenaltyForm
from .host import Concern, EventHost
from .players import PlayersPane


class Penalties(Concern):
    """Penalties and appeals (G-PEN-*) on the event screen ``host``."""

    def __init__(self, host: EventHost) -> None:
        super().__init__(host)
        self._elsewhere: dict[str, list[str]] = {}  # a member's penalties in other events, by player

    def _penalty_history(self, ref: str) -> list[str]:
        lines = readmodel.penalty_history(self.event, ref)
        if lines:  # a member's penalties in other events, read once a player (issue 47)
            if ref not in self._elsewhere:
                self._elsewhere[ref] = readmodel.penalties_elsewhere(self.app.datadir, self.event, ref)
            lines = lines + self._elsewhere[ref]
        return lines

    def action_penalty(self) -> None:
        """Ctrl+B: the penalty form, for the player highlighted on the players tab."""
        pid = None
        if self.host.query_one(TabbedContent).active == "players":
            pid = self.host.query_one(PlayersPane).highlighted(self.event)
        self.penalty_form(pid)

    def penalty_form(self, pid: str | None, reason: str = "", by: str | None = None) -> None:
        """The penalty form, for ``pid`` (offered, not chosen), a reason and the
        issuer filled in when the desk offers a penalty (a decklist changed
        after round 1, G-DECKLIST)."""
        refusal = readmodel.no_penalty_issuer(self.event)  # said before anything is typed
        if refusal is not None:
            self.say(refusal, error=True)
            return

        def issued(d: dict | None) -> None:
            if not d:
                return
            try:
                p = self.open_desk.player(d["player"])
                rule = readmodel.penalty_excludes(self.event, p.id, d["level"], d["reason"], d["by"], d["action"])
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            if rule is None:
                self._issue_penalty(p, d)
                return
            self.ask(self._exclusion_asked(p, d, rule))

        self.app.push_screen(PenaltyForm(self.event, pid, self._penalty_history, reason=reason, by=by), issued)

    async def _exclusion_asked(self, p, d: dict, rule: str) -> None:
        """A penalty that excludes the player is issued only once confirmed (a worker of the screen's)."""
        match = readmodel.penalty_match_words(self.event, p.id, d["level"], d["reason"], d["by"], d["action"])
        question = (
            _(
                "This penalty disqualifies {name} ({rule}, O-PEN-2): they play no more and are left out "
                "of the ranking; {what}. Issue it?",
                name=p.name,
                rule=rule,
                what=match or _("no match of theirs is lost (L-MATCH-LOSS)"),
            )
            if self.event.rules == "overture"
            else _(
                "This penalty excludes {name} from the event ({rule}): they play no more; {what}. Issue it?",
                name=p.name,
                rule=rule,
                what=match or _("no match of theirs is lost (L-MATCH-LOSS)"),
            )
        )
        if await self.app.push_screen_wait(Confirm(question)):
            self._issue_penalty(p, d)
        else:
            self.say(_("no penalty issued"))

    def action_appeal(self) -> None:
        """The head judge's ruling on an appeal (G-HEAD-JUDGE), as `lycee appeal`."""
        ev = self.event
        if not ev.penalties:
            self.say(_("no penalties to appeal (Ctrl+B issues one)"), error=True)
            return
        lines, first = readmodel.appeal_choices(ev)

        def ruled(d: dict | None) -> None:
            if not d:
                return
            try:
                ev = self.open_desk.appeal(
                    d["number"], d["outcome"], level=d["level"], action=d["action"], note=d["note"]
                )
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(readmodel.appeal_said(ev, d["number"]))
            self.changed()

        self.app.push_screen(AppealForm(ev, lines, first), ruled)

    def _issue_penalty(self, p, d: dict) -> None:
        """Record the penalty and say in words what it brought (G-PEN-2)."""
        before = self.event
        try:
            self.open_desk.penalty(p.id, d["level"], d["reason"], by=d["by"] or None, action=d["action"])
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        msg, escalated = readmodel.penalty_said(before, self.event, p.id, d["level"])
        self.say(msg, error=escalated)
        self.changed()
