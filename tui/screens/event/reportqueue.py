"""The dialogs of the players' phone reports: the queue of
disputed and held tables the clerk decides one after another, and the
players' report codes.  They only show and ask: each decision is the
screen's (tui/screens/event/phonereports.py), which calls the Desk."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from core.i18n import _

from ...i18n import Translated
from ...widgets.linebox import type_into
from ...widgets.plain import PlainTable
from ...widgets.wrapped import WrapLabel, list_parts
from ..dialogs import Confirm

TCSS = Path(__file__).with_name("reportqueue.tcss")

#: What the screen answers a decision: ("ok", message), ("ask", question: yes decides it), ("error", why).
Answer = tuple[str, str]


class ReportQueue(Translated, ModalScreen[None]):
    """The disputed and held tables, one at a time: 1 accepts player 1's
    claim, 2 player 2's, E enters the true result (the desk's checks), C calls
    the table (it stays, with a note), X clears its reports (the players
    report again), N the next table, Esc closes.  Stays open while the clerk
    works; reports that come meanwhile join it."""

    CSS_PATH: ClassVar = [TCSS]
    AUTO_FOCUS = None  # the keys are the dialog's own until E or C opens the line box
    # the hints name the keys in capitals (X, N): typed with Shift they do the same
    BINDINGS = [
        Binding("1", "decide('p1')", "Accept player 1's", id="queue.p1"),
        Binding("2", "decide('p2')", "Accept player 2's", id="queue.p2"),
        Binding("e,E", "type('result')", "Enter the true result", id="queue.result"),
        Binding("c,C", "type('call')", "Call the table", id="queue.call"),
        Binding("x,X", "decide('clear')", "Clear its reports", id="queue.clear"),
        Binding("n,N,down", "next", "Next table", id="queue.next"),
        Binding("u,U", "unlock", "Lift the locks", id="queue.unlock"),
        Binding("escape", "close", "Close", id="queue.close"),
    ]

    def __init__(
        self,
        load: Callable[[], list],
        detail: Callable[[object], list[str]],
        decide: Callable[..., Answer],
        locks: Callable[[], str] = lambda: "",
        unlock: Callable[[], tuple[str, Callable[[], tuple[str, bool]]]] | None = None,
    ):
        super().__init__()
        self._translate_bindings()
        self.load, self.detail, self.decide = load, detail, decide
        #: the page server's locks in a line ("" when none) and what lifts them all (tui.web.locks)
        self.locks, self.unlock = locks, unlock
        self.tables: list = []
        self.at = 0  # the table shown, its place in the queue
        self.typing: str | None = None  # "result" or "call" while the line box is open

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("", id="queue-title", classes="title", markup=False)
            yield Static("", id="queue-body")
            yield Label("", id="queue-locks", classes="hint", markup=False)
            yield Label("", id="queue-prompt", markup=False)
            # taking no focus until E or C; what is typed before the focus comes stays (not selected, then replaced)
            yield Input(id="queue-input", disabled=True, select_on_focus=False)
            yield Label("", id="queue-said", classes="hint", markup=False)
            yield Label(
                _(
                    "1/2: accept that side's claim · E: enter the true result · C: call the table · "
                    "X: clear its reports · N: next · Esc: close"
                ),
                classes="hint",
                markup=False,
            )

    def on_mount(self) -> None:
        self.query_one("#queue-prompt").display = False
        self.query_one("#queue-input").display = False
        self.set_focus(None)
        self.reload()

    @property
    def current(self):
        return self.tables[self.at] if self.tables else None

    def reload(self, said: str = "") -> None:
        """The queue read again (after a decision, or a report from a phone);
        the table shown stays shown while it is still to decide."""
        was = self.current.table if self.current is not None else None
        self.tables = self.load()
        found = [i for i, t in enumerate(self.tables) if t.table == was]
        self.at = found[0] if found else min(self.at, max(0, len(self.tables) - 1))
        self.show(said)

    def show(self, said: str = "") -> None:
        rep = self.current
        title = self.query_one("#queue-title", Label)
        body = self.query_one("#queue-body", Static)
        if rep is None:
            title.update(Text(_("Reports to decide"), style="bold"))
            body.update(Text(_("The queue is empty: no table is disputed or held for staff. Esc closes.")))
        else:
            title.update(
                Text(
                    _("Reports to decide: table {t} ({i} of {n})", t=rep.table, i=self.at + 1, n=len(self.tables)),
                    style="bold",
                )
            )
            body.update(Text("\n".join(self.detail(rep))))
        locks = self.locks()
        shown = self.query_one("#queue-locks", Label)
        shown.update(Text(locks))
        shown.display = bool(locks)
        if said:
            self.say(said)

    def action_unlock(self) -> None:
        """U: lift every lock the page server holds for wrong codes or PINs: said at once, and again
        when the server has acted (or did not answer), its locks read again then."""
        if self.unlock is None or not self.locks():
            return
        said, answered = self.unlock()
        self.say(said)

        def wait() -> None:
            text, error = answered()
            self.app.call_from_thread(self._unlocked, text, error)

        self.run_worker(wait, thread=True, group="unlock", exclusive=True)

    def _unlocked(self, text: str, error: bool) -> None:
        if self.is_attached:
            self.show()
            self.say(text, error=error)

    def say(self, text: str, error: bool = False) -> None:
        w = self.query_one("#queue-said", Label)
        w.update(Text(text))
        w.set_class(error, "error")

    # -- keys ---------------------------------------------------------------------
    def action_decide(self, op: str, text: str = "", confirmed: bool = False) -> None:
        rep = self.current
        if rep is None:
            self.say(_("The queue is empty: Esc closes."))
            return
        kind, msg = self.decide(rep, op, text, confirmed)
        if kind == "ask":

            def answered(yes: bool | None) -> None:
                if yes:
                    self.action_decide(op, text, True)
                else:
                    self.say(_("nothing stored: table {t} is still to decide", t=rep.table))

            self.app.push_screen(Confirm(msg), answered)
            return
        if kind == "error":
            self.say(msg, error=True)
            return
        self.close_line()
        self.reload(msg)

    def action_next(self) -> None:
        if self.tables:
            self.at = (self.at + 1) % len(self.tables)
        self.show()

    def action_type(self, what: str) -> None:
        """E or C: a line for the true result (from player 1's side) or the note of a call."""
        rep = self.current
        if rep is None:
            self.say(_("The queue is empty: Esc closes."))
            return
        self.typing = what
        prompt = self.query_one("#queue-prompt", Label)
        prompt.update(
            _("Table {t}: the result from player 1's side (e.g. 2-1), then Enter; Esc goes back", t=rep.table)
            if what == "result"
            else _("Table {t}: a note for the call (who goes, why), then Enter; Esc goes back", t=rep.table)
        )
        prompt.display = True
        box = self.query_one("#queue-input", Input)
        box.value = ""
        box.display = True
        box.disabled = False
        box.focus()

    def close_line(self) -> None:
        self.typing = None
        self.query_one("#queue-prompt").display = False
        box = self.query_one("#queue-input", Input)
        box.value = ""
        box.display = False
        box.disabled = True

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        text = message.value.strip()
        if not text or self.typing is None:
            return
        self.action_decide(self.typing, text)

    #: The dialog's keys, run in the dialog's own turn with the keys around them (as a binding a key
    #: would run only once it had gone up to the app, after the keys typed behind it: E then 2-1 in
    #: one burst would accept player 2's claim instead of typing 2-1).
    KEYS = {
        "1": ("decide", "p1"),
        "2": ("decide", "p2"),
        "e": ("type", "result"),
        "c": ("type", "call"),
        "x": ("decide", "clear"),
        "n": ("next", None),
        "down": ("next", None),
    }

    async def on_key(self, event: events.Key) -> None:
        """The dialog's keys in order; a key typed while the line box is
        opening (its focus comes a moment later) goes into it: nothing typed
        is lost, and no digit meant for the box decides a table."""
        box = self.query_one("#queue-input", Input)
        if self.typing is not None:
            if not box.has_focus and event.key != "escape":
                event.stop()
                event.prevent_default()
                await type_into(box, event)
            return
        if event.key in self.KEYS:
            event.stop()
            event.prevent_default()
            name, arg = self.KEYS[event.key]
            if name == "next":
                self.action_next()
            elif name == "type":
                self.action_type(str(arg))
            else:
                self.action_decide(str(arg))

    def action_close(self) -> None:
        if self.typing is not None:  # first out of the line, what it held dropped on purpose
            self.close_line()
            self.show()
            return
        self.dismiss(None)


class ReportCodes(Translated, ModalScreen[None]):
    """The players' report codes for staff (never shown to players but on
    their own slip): N issues a new code for the player under the cursor (the
    old stops working), P prints the match slips with the codes and QR codes."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("n,N", "renew", "New code for this player", id="codes.new"),
        Binding("p,P", "print_slips", "Print the match slips", id="codes.print"),
        Binding("escape", "close", "Close", id="codes.close"),
    ]

    def __init__(
        self,
        rows: list[tuple[str, str, str]],
        renew: Callable[[str], list[tuple[str, str, str]]],
        print_slips: Callable[[], None],
    ):
        super().__init__()
        self._translate_bindings()
        self.rows, self.renew, self.print_slips = rows, renew, print_slips

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(_("Report codes (staff only: each player sees their own on their slip)"), style="bold"))
            yield PlainTable(cursor_type="row", zebra_stripes=True, id="codes-table")
            yield Label("", id="codes-said", classes="hint", markup=False)
            keys = _(
                "N: a new code for the highlighted player (the old one stops working) · "
                "P: print the match slips · Esc: close"
            )
            yield WrapLabel(keys, keep=list_parts(keys), classes="hint")  # a key stays on the line of its meaning

    def on_mount(self) -> None:
        t = self.query_one(PlainTable)
        t.add_column(_("ID"), key="id")
        t.add_column(_("Name"), key="name")
        t.add_column(_("Code"), key="code")
        self.draw()
        t.focus()

    def draw(self) -> None:
        t = self.query_one(PlainTable)
        row = t.cursor_row
        t.clear()
        for pid, name, code in self.rows:
            t.add_row(pid, name, code, key=pid)
        if row is not None and self.rows:
            t.move_cursor(row=min(row, len(self.rows) - 1))

    def action_renew(self) -> None:
        t = self.query_one(PlainTable)
        if not self.rows or t.cursor_row is None:
            return
        pid, name, _code = self.rows[t.cursor_row]

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            self.rows = self.renew(pid)
            self.draw()
            self.query_one("#codes-said", Label).update(
                Text(_("a new code was issued for {player}: the old one no longer works", player=name))
            )

        self.app.push_screen(
            Confirm(
                _("Issue a new report code for {name}? The old one stops working (reprint their slip).", name=name)
            ),
            answered,
        )

    def action_print_slips(self) -> None:
        self.print_slips()

    def action_close(self) -> None:
        self.dismiss(None)
