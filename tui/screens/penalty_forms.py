"""The penalty forms: a penalty (G-PEN-*) and an appeal's ruling
(G-HEAD-JUDGE).  Each returns its values with dismiss(); the event forms are
in forms.py, the small dialogs in dialogs.py."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select

from core import labels, readmodel
from core.errors import LyceeError
from core.event.model import APPEAL_OUTCOMES, PENALTY_LEVELS
from core.i18n import _
from core.names import whole

from ..i18n import Translated
from ..widgets.plain import plain
from ..widgets.wrapped import WrapLabel

TCSS = Path(__file__).with_name("penalty_forms.tcss")  # this module's forms


class PenaltyForm(Translated, ModalScreen[dict | None]):
    """Issue a Notice or Warning in a few keys (G-PEN-1..3): player, level,
    reason, action; shows the player's history and what the penalty brings."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("ctrl+s", "save", "Issue", id="penalty.issue"),
        Binding("escape", "cancel", "Cancel", id="penalty.cancel"),
    ]

    def __init__(self, event, player_id: str | None, history_of, reason: str = "", by: str | None = None):
        super().__init__()
        self._translate_bindings()
        self.event = event
        self.player_id = player_id or ""
        self.history_of = history_of  # pid -> list[str] of lines
        self.reason = reason  # offered by the desk (a decklist changed after round 1)
        self.by = by

    def compose(self) -> ComposeResult:
        words = {"notice": _("Notice (N)"), "warning": _("Warning (W)"), "caution": _("Caution (not recorded)")}
        # the event's rule set says which (O-PEN-1/2): Overture adds 訓告 and the struck record
        offered, acts = readmodel.penalty_choices(self.event)
        levels = [(words[lv], lv) for lv in offered if lv != "caution"]
        if "caution" in offered:
            levels.append((words["caution"], "caution"))
        rules = self.event.rules
        # "none" reads "no further action"
        actions = [(labels.penalty_action_label(a, rules), a) for a in acts]
        staff = sorted(self.event.staff.members())
        with Vertical():
            yield Label(_("Penalty (G-PEN-1..3)"), classes="title")
            with Grid():
                yield Label(_("Player (id or name)"))
                yield Input(self.player_id, id="player")
                yield Label(_("Level"))
                yield Select(levels, value="notice", allow_blank=False, id="level")
                yield Label(_("Reason"))
                yield Input(self.reason, id="reason")
                yield Label(_("Action"))
                yield Select(actions, value="none", allow_blank=False, id="action")
                yield Label(_("Issued by"))
                yield self._issuer(staff)
            yield Label("", id="history", markup=False)
            yield Label("", id="error", classes="error", markup=False)
            yield Label(_("Enter in Reason or Ctrl+S issues the penalty; Esc cancels"), classes="hint")

    def _issuer(self, staff: list[str]) -> Select:
        """Who issues it: the judge on duty by default, never the head judge
        while another judge exists (appeals go to the head judge,
        G-HEAD-JUDGE); with several judges on duty, blank until one is chosen."""
        if not staff:
            return Select([("-", "")], value="", allow_blank=False, id="by")
        who = self.by if self.by in staff else readmodel.default_issuer(self.event)
        if who is None:
            return Select([(plain(s), s) for s in staff], prompt=_("choose the judge on duty"), id="by")
        return Select([(plain(s), s) for s in staff], value=who, allow_blank=False, id="by")

    def on_mount(self) -> None:
        self._show_history()
        # the player field first, always: a highlighted player is offered (selected,
        # so typing a name replaces it), never silently chosen
        box = self.query_one("#player", Input)
        box.focus()
        box.select_all()

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id == "player":
            self._show_history()

    def _show_history(self) -> None:
        ref = self.query_one("#player", Input).value.strip()
        lines = self.history_of(ref) if ref else []
        self.query_one("#history", Label).update("\n".join(lines))

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """Enter in Reason issues; Enter in Player checks the player (by id,
        name or reading) and moves on to the next field, or issues once the
        form is complete."""
        if message.input.id == "reason":
            self.action_save()
        elif message.input.id == "player":
            self.query_one("#error", Label).update("")
            if self._player_found() is None:
                return
            if self._complete():
                self.action_save()
            else:
                self.focus_next()

    def _complete(self) -> bool:
        """A reason typed and the issuer chosen (the player is checked on its own)."""
        return (
            bool(self.query_one("#reason", Input).value.strip())
            and self.query_one("#by", Select).value is not Select.NULL
        )

    def _player_found(self) -> str | None:
        """The id of the player typed (core.readmodel.typed_player: id, name or reading, or part of one
        of them); else the refusal shown and the player field focused."""
        try:  # a player the desk cannot tell keeps the form open, everything typed kept
            return readmodel.typed_player(self.event, self.query_one("#player", Input).value.strip()).id
        except LyceeError as err:
            self.query_one("#error", Label).update(str(err))
            self.query_one("#player", Input).focus()
            return None

    def action_save(self) -> None:
        self.query_one("#error", Label).update("")  # a new attempt: an older refusal goes
        d = {
            "player": self.query_one("#player", Input).value.strip(),
            "level": self.query_one("#level", Select).value,
            "reason": self.query_one("#reason", Input).value.strip(),
            "action": self.query_one("#action", Select).value,
            "by": self.query_one("#by", Select).value,
        }
        if not d["player"] or not d["reason"]:
            self.query_one("#error", Label).update(_("a penalty needs the player and a reason"))
            return
        if d["by"] is Select.NULL:
            self.query_one("#error", Label).update(_("say which judge issues it (Issued by)"))
            self.query_one("#by", Select).focus()
            return
        pid = self._player_found()
        if pid is None:
            return
        self.dismiss(d | {"player": pid})

    def action_cancel(self) -> None:
        self.dismiss(None)


class AppealForm(Translated, ModalScreen[dict | None]):
    """The head judge's ruling on an appealed penalty (G-HEAD-JUDGE), as
    `lycee appeal` records it through Desk.appeal: the penalty's number, the
    ruling (upheld / overturned / changed to another level or action) and
    the reason.  Lists the event's penalties with the outcome of any appeal."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("ctrl+s", "save", "Record the ruling", id="appeal.save"),
        Binding("escape", "cancel", "Cancel", id="appeal.cancel"),
    ]

    def __init__(self, event, lines: list[str], number: int):
        super().__init__()
        self._translate_bindings()
        self.event, self.lines, self.number = event, lines, number

    def compose(self) -> ComposeResult:

        unchanged = [(_("(unchanged)"), "")]
        with Vertical():
            yield Label(_("Appeal: the head judge's ruling is final (G-HEAD-JUDGE)"), classes="title")
            yield Label("\n".join(self.lines), id="appeal-list", markup=False)
            yield Label(_("ruled by the head judge: {name}", name=self.event.staff.head_judge or "-"), markup=False)
            with Grid():
                yield Label(_("Penalty #"))
                yield Input(str(self.number), id="appeal-number")
                yield Label(_("Ruling"))
                yield Select(
                    [(labels.appeal_outcome_label(o), o) for o in APPEAL_OUTCOMES],
                    value="upheld",
                    allow_blank=False,
                    id="appeal-outcome",
                )
                yield Label(_("New level"))
                yield Select(
                    unchanged + [(labels.penalty_level_label(lv), lv) for lv in PENALTY_LEVELS],
                    value="",
                    allow_blank=False,
                    id="appeal-level",
                    disabled=True,
                )
                yield Label(_("New action"))
                yield Select(
                    unchanged
                    + [
                        (labels.penalty_action_label(a, self.event.rules), a)
                        for a in readmodel.penalty_choices(self.event)[1]
                    ],
                    value="",
                    allow_blank=False,
                    id="appeal-action",
                    disabled=True,
                )
                yield Label(_("Reason"))
                yield Input("", id="appeal-note")
            yield Label("", id="error", classes="error", markup=False)
            yield Label(_("Enter in Reason or Ctrl+S records the ruling; Esc cancels"), classes="hint")

    def on_mount(self) -> None:
        box = self.query_one("#appeal-number", Input)
        box.focus()
        box.select_all()

    def on_select_changed(self, message: Select.Changed) -> None:
        if message.select.id == "appeal-outcome":
            changed = message.value == "changed"
            for sel in ("#appeal-level", "#appeal-action"):
                self.query_one(sel, Select).disabled = not changed

    def on_input_submitted(self, message: Input.Submitted) -> None:
        if message.input.id == "appeal-note":
            self.action_save()

    def action_save(self) -> None:
        error = self.query_one("#error", Label)
        number = whole(self.query_one("#appeal-number", Input).value)
        if number is None or not 1 <= number <= len(self.event.penalties):
            error.update(_("Penalty #: a number from 1 to {n} (the list above)", n=len(self.event.penalties)))
            self.query_one("#appeal-number", Input).focus()
            return
        note = self.query_one("#appeal-note", Input).value.strip()
        if not note:
            error.update(_("the head judge's ruling needs a reason"))
            self.query_one("#appeal-note", Input).focus()
            return
        outcome = self.query_one("#appeal-outcome", Select).value
        d = {"number": number, "outcome": outcome, "note": note, "level": None, "action": None}
        if outcome == "changed":
            d["level"] = self.query_one("#appeal-level", Select).value or None
            d["action"] = self.query_one("#appeal-action", Select).value or None
        self.dismiss(d)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DecklistChangeForm(Translated, ModalScreen[tuple[str, str] | None]):
    """Who changes a decklist once round 1 is paired, and why (G-DECKLIST):
    a judge of the event (core.readmodel.decklist_change) and a reason.
    Returns (judge, reason), or None when cancelled."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("ctrl+s", "save", "Change", id="decklist_change.save"),
        Binding("escape", "cancel", "Cancel", id="decklist_change.cancel"),
    ]

    def __init__(self, judges: list[str], name: str):
        super().__init__()
        self._translate_bindings()
        self.judges = judges  # core.readmodel.decklist_change's
        self.player_name = name

    def compose(self) -> ComposeResult:
        judges = self.judges
        with Vertical():
            yield Label(_("Decklist change after round 1 (G-DECKLIST)"), classes="title")
            yield WrapLabel(
                _("Round 1 is paired: only a judge changes the decklist of {name}, saying why.", name=self.player_name),
                keep=(self.player_name,),
                classes="explain",
            )
            with Grid():
                yield Label(_("Judge"))
                if len(judges) == 1:
                    yield Select([(plain(j), j) for j in judges], value=judges[0], allow_blank=False, id="by")
                else:
                    yield Select([(plain(j), j) for j in judges], prompt=_("choose the judge"), id="by")
                yield Label(_("Reason"))
                yield Input("", id="reason")
            yield Label("", id="error", classes="error", markup=False)
            yield Label(_("Enter in Reason or Ctrl+S changes the decklist; Esc cancels"), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#reason", Input).focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        self.action_save()

    def action_save(self) -> None:
        by = self.query_one("#by", Select).value
        reason = self.query_one("#reason", Input).value.strip()
        if by is Select.NULL or not by:
            self.query_one("#error", Label).update(_("say which judge changes it"))
            self.query_one("#by", Select).focus()
            return
        if not reason:
            self.query_one("#error", Label).update(_("a decklist change after round 1 needs a reason"))
            return
        self.dismiss((str(by), reason))

    def action_cancel(self) -> None:
        self.dismiss(None)
