"""The event screen's penalties and appeals (G-PEN-*).

A part of EventScreen (tui/screens/event/screen.py), which inherits it:
the methods use the screen's desk, event, say() and refresh_all()."""

from __future__ import annotations

from textual.widgets import TabbedContent
from core import labels
from core.errors import LyceeError
from core.i18n import _
from ..dialogs import Confirm
from ..forms import AppealForm, PenaltyForm
from .players import PlayersPane


class PenaltyActions:
    """Penalties and appeals (G-PEN-*) (mixed into EventScreen)."""

    def _penalty_history(self, ref: str) -> list[str]:
        from core.rules import penalties
        from core.event.lookups import find_player

        try:
            p = find_player(self.event, ref)
        except LyceeError:
            return []
        lines = [penalties.tally_line(self.event, p.id)]
        for n, pen in penalties.history(self.event, p.id):  # with the outcome of an appeal (G-HEAD-JUDGE)
            lines.append(penalties.penalty_line(self.event, n, pen))
        lines.append(_("two Notices make a Warning; two Warnings exclude the player (G-PEN-2)"))
        return lines

    def action_penalty(self) -> None:
        pid = None
        if self.query_one(TabbedContent).active == "players":
            pid = self.query_one(PlayersPane).highlighted(self.event)

        def issued(d: dict | None) -> None:
            if not d:
                return
            from core.rules.penalties import would_exclude
            from core.rules.staff import default_decider

            try:
                p = self.desk.player(d["player"])
                data = {"player": p.id, "level": d["level"], "reason": d["reason"],
                        "by": d["by"] or default_decider(self.event) or "", "action": d["action"]}
                rule = would_exclude(self.event, data)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            if rule is None:
                self._issue_penalty(p, d)
                return
            self.app.push_screen(Confirm(_("This penalty excludes {name} from the event ({rule}): they play no "
                                           "more and lose the current match. Issue it?", name=p.name, rule=rule)),
                                 lambda yes: self._issue_penalty(p, d) if yes else self.say(_("no penalty issued")))

        self.app.push_screen(PenaltyForm(self.event, pid, self._penalty_history), issued)

    def action_appeal(self) -> None:
        """The head judge's ruling on an appeal (G-HEAD-JUDGE), as `lycee appeal`."""
        from core.rules.penalties import penalty_line, tally_line

        ev = self.event
        if not ev.penalties:
            self.say(_("no penalties to appeal (Ctrl+B issues one)"), error=True)
            return
        open_ = [n for n, p in enumerate(ev.penalties, 1) if p.appeal is None]
        lines = [penalty_line(ev, n, p) for n, p in enumerate(ev.penalties, 1)][-6:]

        def ruled(d: dict | None) -> None:
            if not d:
                return
            try:
                ev = self.desk.appeal(d["number"], d["outcome"], level=d["level"], action=d["action"],
                                      note=d["note"])
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            pen = ev.penalties[d["number"] - 1]
            self.say(_("penalty #{n}: {outcome} by the head judge {by} (final, G-HEAD-JUDGE)", n=d["number"],
                       outcome=labels.appeal_outcome_label(pen.appeal["outcome"]), by=pen.appeal["by"])
                     + " · " + tally_line(ev, pen.player))
            self.refresh_all()

        self.app.push_screen(AppealForm(ev, lines, open_[-1] if open_ else len(ev.penalties)), ruled)

    def _issue_penalty(self, p, d: dict) -> None:
        """Record the penalty and say in words what it brought (G-PEN-2)."""
        from core.rules.penalties import escalation_text, player_tally

        before = player_tally(self.event, p.id)
        try:
            self.desk.penalty(p.id, d["level"], d["reason"], by=d["by"] or None, action=d["action"])
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        t = player_tally(self.event, p.id)
        msg = _("{name}: {level} recorded ({n} N, {w} W in force)", name=p.name,
                level=labels.penalty_level_label(d["level"]), n=t.notices, w=t.warnings)
        more = escalation_text(before, t, p.name, excluded=self.event.player(p.id).excluded)
        if more:
            msg += " · " + more
        self.say(msg, error=bool(more))
        self.refresh_all()
