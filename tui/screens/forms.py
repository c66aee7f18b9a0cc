"""The forms: a new event and its settings (staff).  Each returns its values
with dismiss(); a penalty and an appeal's ruling are in penalty_forms.py, the
small dialogs in dialogs.py."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Switch

from core import labels, readmodel
from core.errors import LyceeError
from core.i18n import _
from core.names import whole

from ..i18n import Translated
from ..widgets.wrapped import WrapLabel
from .dialogs import Choose
from .info import Info

TCSS = Path(__file__).with_name("forms.tcss")  # this module's forms


def tiebreaker_hint(text: str) -> str:
    """The tiebreaker codes typed (``omw,gw,ogw``) in the guideline's words, in order."""
    codes = [c.strip() for c in text.split(",") if c.strip()]
    return " > ".join(labels.tiebreaker_label(c) for c in codes)


class NewEvent(Translated, ModalScreen[dict | None]):
    """Every setting of a lycee-event/1 event; returns the settings or None."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("ctrl+s", "save", "Create", id="newevent.create"),
        Binding("escape", "cancel", "Cancel", id="newevent.cancel"),
    ]

    #: The 公認 switch follows the format chosen until the clerk turns it (a new event's form only).
    SANCTIONED_FOLLOWS_KIND: ClassVar[bool] = True

    def __init__(self, today: str):
        super().__init__()
        self._translate_bindings()
        self.today = today
        self._sanctioned_by_clerk = False  # the clerk turned the 公認 switch: a format chosen after leaves it

    def compose(self) -> ComposeResult:
        kinds = [(_("constructed"), "constructed"), (_("sealed"), "sealed"), (_("booster draft"), "draft")]
        matches = [(_("best of three"), "bo3"), (_("best of one"), "bo1")]
        rule_sets = [(labels.rules_label(r), r) for r in ("2008", "overture")]  # O-RULES
        with Vertical():
            yield Label(_("New event"), classes="title")
            # a refusal shows here, above the form that scrolls, its field focused
            # wrapped by the Japanese rules: no line starting with 「。」, no rule id cut in two
            error = WrapLabel("", id="error", classes="error")
            error.display = False
            yield error
            with Grid():
                yield Label(_("Name"))
                yield Input(placeholder=_("e.g. Saturday Lycee Cup"), id="name")
                yield Label(_("Date (YYYY-MM-DD)"))
                yield Input(self.today, id="date")
                yield Label(_("Format"))
                yield Select(kinds, value="constructed", allow_blank=False, id="kind")
                yield Label(_("Rules"))
                yield Select(rule_sets, value="2008", allow_blank=False, id="rules")
                yield Label(_("Match"))
                yield Select(matches, value="bo3", allow_blank=False, id="match")
                yield Label(_("Minutes a match"))
                yield Input("50", id="minutes", type="integer")
                yield Label("", markup=False)
                yield Label(self._minutes_hint("constructed", "bo3"), id="minutes-hint", classes="hint", markup=False)
                yield Label(_("Tournament format"))
                yield Select(
                    [(_("Swiss (a top cut may follow)"), "swiss"), (_("single elimination"), "elimination")],
                    value="swiss",
                    allow_blank=False,
                    id="format",
                )
                yield Label(_("Swiss rounds (blank: suggested)"))
                yield Input("", id="rounds", type="integer")
                yield Label(_("Tiebreakers"))
                yield Input("omw,gw,ogw", id="tiebreakers")
                yield Label("", markup=False)
                yield Label(tiebreaker_hint("omw,gw,ogw"), id="tiebreakers-hint", classes="hint", markup=False)
                yield Label(_("Organizer"))
                yield Input("", id="organizer")
                yield Label(_("Judges (comma separated)"))
                yield Input("", id="judges")
                yield Label(_("Head judge"))
                yield Input("", id="head_judge")
                yield Label(_("Sanctioned"))
                yield Switch(True, id="sanctioned")
                yield Label(_("Decklists required"))
                yield Switch(False, id="decklists_required")
                yield Label(_("Spectating allowed"))
                yield Switch(True, id="spectating")
            with Horizontal(id="buttons"):
                yield Button(_("Cancel (Esc)"), id="cancel")
                yield Button(_("Create (Ctrl+S)"), id="create", variant="primary")

    @staticmethod
    def _minutes_hint(kind: str, match: str = "bo3") -> str:
        return readmodel.minutes_hint(kind, match)[1]

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "tiebreakers":  # the codes typed, in words (G-TIE-1)
            self.query_one("#tiebreakers-hint", Label).update(tiebreaker_hint(event.value))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("match", "kind"):
            kind = str(self.query_one("#kind", Select).value)
            match = str(self.query_one("#match", Select).value)
            self.query_one("#minutes-hint", Label).update(self._minutes_hint(kind, match))
            self.query_one("#minutes", Input).value = str(readmodel.minutes_hint(kind, match)[0])
        if event.select.id == "kind" and self.SANCTIONED_FOLLOWS_KIND and not self._sanctioned_by_clerk:
            # a limited event of the sample sets alone cannot be sanctioned (L-SAMPLE-SETS): proposed off
            with self.prevent(Switch.Changed):
                self.query_one("#sanctioned", Switch).value = readmodel.sanctioned_by_default(str(event.value))

    def on_switch_changed(self, event: Switch.Changed) -> None:
        if event.switch.id == "sanctioned":
            self._sanctioned_by_clerk = True

    def settings(self) -> dict:
        v = {i.id: i.value.strip() for i in self.query(Input)}
        rounds = v["rounds"]
        return {
            "name": v["name"],
            "date": v["date"],
            "kind": self.query_one("#kind", Select).value,
            "match": self.query_one("#match", Select).value,
            "rules": self.query_one("#rules", Select).value,
            "minutes": whole(v["minutes"]) if whole(v["minutes"]) is not None else v["minutes"],
            # G-SE as a format: single elimination plays no Swiss round (rounds 0)
            "rounds_planned": 0
            if self.query_one("#format", Select).value == "elimination"
            else whole(rounds)
            if whole(rounds) is not None
            else (rounds or None),
            "tiebreakers": [t.strip() for t in v["tiebreakers"].split(",") if t.strip()],
            "staff": {
                "organizer": v["organizer"],
                "judges": readmodel.staff_names(v["judges"]),  # 、 ， , separate names (core.rules.staff)
                "head_judge": v["head_judge"],
            },
            **{s.id: s.value for s in self.query(Switch)},
        }

    def checked_settings(self) -> dict | None:
        """The form's settings, or None after showing why they are refused."""
        s = self.settings()
        error = self.query_one("#error", Label)
        try:
            readmodel.checked_settings(s)
        except LyceeError as err:
            error.update(Text(str(err)))
            error.display = True
            field = self._field_of_error(s)
            if field is not None:
                field.focus()  # scrolled into view: the clerk fixes it there
            self.call_after_refresh(self.query_one(Vertical).scroll_to_widget, field or error)
            return None
        error.display = False
        return s

    #: the form's fields in order, with the setting each one checks
    FIELDS = (
        ("name", "#name"),
        ("date", "#date"),
        ("kind", "#kind"),
        ("rules", "#rules"),
        ("match", "#match"),
        ("minutes", "#minutes"),
        ("rounds_planned", "#rounds"),
        ("tiebreakers", "#tiebreakers"),
        ("staff", "#organizer"),
    )

    def _field_of_error(self, s: dict):
        """The first field whose own setting is refused (the one to fix)."""
        for key, selector in self.FIELDS:
            if key not in s:
                continue
            try:
                readmodel.checked_settings({key: s[key]}, partial=True)
            except LyceeError:
                found = self.query(selector)
                return found.first() if found else None
        return None

    def action_save(self) -> None:
        s = self.checked_settings()
        if s is None:
            return
        missing = self._staff_missing(s)
        if s.get("sanctioned") and missing:
            self._ask_staff(s, missing)
            return
        self.dismiss(s)

    @staticmethod
    def _staff_missing(s: dict) -> list[str]:
        """What a sanctioned event still lacks to be paired (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE)."""
        return readmodel.staff_lacking(s)

    def _ask_staff(self, s: dict, missing: list[str]) -> None:
        """A sanctioned event without its staff cannot be paired: say so before
        creating it, and offer the ways on."""

        def chosen(choice: str | None) -> None:
            if choice == "unsanctioned":
                self.dismiss({**s, "sanctioned": False})
            elif choice == "later":
                self.dismiss(s)
            else:
                self.query_one("#organizer" if not s["staff"]["organizer"] else "#judges", Input).focus()

        question = _(
            "A sanctioned event cannot be paired without its staff: {missing}.", missing=labels.sentences(missing)
        )
        self.app.push_screen(
            Choose(
                question,
                [
                    ("staff", _("Fill in the organizer, judge and head judge now")),
                    ("unsanctioned", _("Create it as an unsanctioned event")),
                    ("later", _("Create it sanctioned; set the staff later (F12 in the event)")),
                ],
            ),
            chosen,
        )

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_save()
        else:
            self.action_cancel()


class EventSettings(NewEvent):
    """The settings of an open event (the new-event form filled in): returns
    the settings wanted; locked ones are disabled with the reason shown
    (core.rules.settings.locks)."""

    SANCTIONED_FOLLOWS_KIND = False  # the event's own setting stays as it is
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="settings.save"),
        Binding("escape", "cancel", "Cancel", id="settings.cancel"),
        Binding("f2", "staff_pin", "Judge-page PIN", id="settings.pin"),
    ]

    def __init__(self, event, locks: dict[str, str], issue_pin=None):
        super().__init__(event.date)
        self.event, self.locks = event, locks
        #: ``issue_pin(name) -> PIN`` (the Desk's staff_pin), or None: no PINs from here.
        self.issue_pin = issue_pin
        self._pinned: set[str] = set()  # who got a PIN from this form (its event is as it opened)

    def on_mount(self) -> None:
        ev = self.event
        self.query_one(".title", Label).update(_("Event settings"))
        self.query_one("#create", Button).label = _("Save (Ctrl+S)")
        values = {
            "name": ev.name,
            "date": ev.date,
            "minutes": str(ev.minutes),
            "rounds": "" if ev.rounds_planned is None else str(ev.rounds_planned),
            "tiebreakers": ",".join(ev.tiebreakers),
            "organizer": ev.staff.organizer,
            "judges": ",".join(ev.staff.judges),
            "head_judge": ev.staff.head_judge,
        }
        with self.prevent(Select.Changed):
            for k, v in values.items():
                self.query_one(f"#{k}", Input).value = v
            self.query_one("#kind", Select).value = ev.kind
            self.query_one("#match", Select).value = ev.match
            self.query_one("#rules", Select).value = ev.rules
        for k in ("sanctioned", "decklists_required", "spectating"):
            self.query_one(f"#{k}", Switch).value = getattr(ev, k)
        # players report from their phones (an open event's setting; a new event starts without)
        self.query_one(Grid).mount(Label(_("Phone reports")), Switch(ev.phone_reports, id="phone_reports"))
        widget = {
            "kind": "#kind",
            "match": "#match",
            "rules": "#rules",
            "date": "#date",
            "minutes": "#minutes",
            "sanctioned": "#sanctioned",
            "decklists_required": "#decklists_required",
        }
        for k in self.locks:
            if k in widget:
                self.query_one(widget[k]).disabled = True
        if self.locks:
            self.query_one("#error", Label).display = True
            # one line for the settings locked for one reason, the way back once (readmodel.lock_lines)
            self.query_one("#error", Label).update(Text("\n".join(readmodel.lock_lines(self.locks))))
        if self.issue_pin is not None:
            self.query_one("#buttons", Horizontal).mount(Button(_("Judge-page PIN (F2)"), id="pin"), before=0)
        self.query_one("#name", Input).focus()
        # opens at its top (the title and the locked settings), not scrolled to the focused name
        self.call_after_refresh(self.query_one(Vertical).scroll_home, animate=False)

    def action_staff_pin(self) -> None:
        """F2: a new judge-page PIN for a staff member as saved (the organizer,
        a judge, the head judge), shown once: only its hash is kept."""
        if self.issue_pin is None:
            return
        names = readmodel.pin_staff(self.event)
        error = self.query_one("#error", Label)
        if not names:
            error.update(Text(_("No organizer or judge is saved yet: save the staff (Ctrl+S), then F2 again.")))
            error.display = True
            return

        held = {n for n in names if n in self._pinned or readmodel.has_pin(self.event, n)}

        def chosen(name: str | None) -> None:
            if name is None:
                return
            try:
                pin = self.issue_pin(name)
            except LyceeError as err:
                error.update(Text(str(err)))
                error.display = True
                return
            self._pinned.add(name)  # a second F2 for them here replaces this one
            self.app.push_screen(
                Info(
                    _("Judge-page PIN of {name}", name=name),
                    [
                        pin,
                        "",
                        # the old PIN is spoken of only when there was one (a first PIN replaces nothing)
                        _("Shown only this once: give it to {name} now. The old PIN no longer works.", name=name)
                        if name in held
                        else _("Shown only this once: give it to {name} now.", name=name),
                        _(
                            "On the phone: open /judge on the event's pages (Ctrl+W serves them) and sign in with the "
                            "name and this PIN."
                        ),
                    ],
                )
            )

        self.app.push_screen(
            Choose(
                _("A judge-page PIN for whom?"),
                [(n, _("{name} (has a PIN: a new one replaces it)", name=n) if n in held else n) for n in names],
            ),
            chosen,
        )

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.is_mounted and not event.select.disabled:
            super().on_select_changed(event)

    def settings(self) -> dict:
        s = super().settings()
        s["staff"]["event_staff"] = list(self.event.staff.event_staff)
        return s

    def action_save(self) -> None:
        s = self.checked_settings()
        if s is not None:
            self.dismiss(s)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "pin":
            self.action_staff_pin()
        else:
            super().on_button_pressed(event)
