"""The event served to phones and the TV (``tui.web``), from the app.

Ctrl+W on the event screen starts serving the open event and shows this dialog:
the addresses and a QR code large enough to photograph from a phone at arm's
length, who can read the pages (as ``lycee serve`` says), a line for an announcement (stored as an action through the desk),
and when pairings go up.  Ctrl+W here stops serving; Escape closes the dialog and
keeps serving.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from core import readmodel
from core.errors import LyceeError
from core.i18n import _
from tui.web.network import PortInUse, bind, exposure, qr_matrix

from ..i18n import Translated
from ..widgets.wrapped import WrapLabel

TCSS = Path(__file__).with_name("serving.tcss")  # this module's screens and dialogs


#: How many ports after the wanted one Ctrl+W tries when it is in use.
PORT_TRIES = 20


def free_port(host: str, port: int, tries: int = PORT_TRIES) -> int:
    """The wanted port when it is free, else the next free one after it (a
    second event served from the app, or a ``lycee serve``, holds the first);
    0 stays 0 (any port).  Raises the last refusal (tui.web.network.PortInUse,
    naming the port) when none of ``tries`` ports is free."""

    if port == 0:
        return 0
    last: PortInUse | None = None
    for p in range(port, min(port + tries, 65536)):
        try:
            bind(host, p).close()
        except PortInUse as err:
            last = err
            continue
        return p
    assert last is not None
    raise last


def qr_block(url: str, width: int, height: int) -> Text:
    """The QR code as terminal text, black on white whatever the theme: two
    cells a module when it fits in ``width`` x ``height`` (a 29-module code
    with its quiet zone is 66 columns by 33 rows), else half blocks (33 by 17)."""

    rows = qr_matrix(url)
    big = len(rows) <= height and 2 * len(rows[0]) <= width
    black, white = "#000000", "#ffffff"
    out = Text(no_wrap=True)
    if big:
        pairs = [(row, row) for row in rows]
    else:
        pairs = list(zip(rows[0::2], rows[1::2] + [[False] * len(rows[0])]))
    for i, (top, bottom) in enumerate(pairs):
        if i:
            out.append("\n")
        for t, b in zip(top, bottom):
            if big:
                out.append("  ", style=f"on {black if t else white}")
            else:  # upper half block: the top module in front, the bottom one behind
                out.append("▀", style=f"{black if t else white} on {black if b else white}")
    return out


class ServingDialog(Translated, ModalScreen[str | None]):
    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("ctrl+w", "stop", "Stop serving", id="serving.stop", priority=True),
        Binding("escape", "close", "Close (keep serving)", id="serving.close"),
    ]

    def __init__(self, event_screen, urls: list[str], note: str = ""):
        super().__init__()
        self._translate_bindings()
        self.event_screen = event_screen
        self.urls = urls
        self.note = note  # e.g. the port chosen because the wanted one is in use
        web = getattr(event_screen, "web", None)
        self.host = getattr(web, "host", None) or "0.0.0.0"

    @property
    def desk(self):
        return self.event_screen.desk

    def compose(self) -> ComposeResult:

        w, h = self.app.size
        with VerticalScroll():
            ev = self.event_screen.event
            # over (every result in, nothing left to pair): nothing is left to report from a phone
            to_come = readmodel.round_in_play(ev) or self.event_screen.view.pairable(ev)
            if ev.phone_reports and to_come:
                title = _("Serving this event; players report results from their phones (Ctrl+W stops, Esc closes)")
            elif ev.decklists_required:  # the pages take decklists: not read-only either
                title = _("Serving this event (Ctrl+W stops, Esc closes)")
            else:
                title = _("Serving this event read-only (Ctrl+W stops, Esc closes)")
            yield WrapLabel(title, classes="title")  # by Japanese rules: 「（Ctrl+Wで停止」 stays whole
            with Horizontal():
                # the QR code on the left, as large as the terminal allows
                yield Static(qr_block(self.urls[0], w - 48, h - 6), id="qr")
                with Vertical(id="controls"):
                    for u in self.urls:
                        yield Label(Text(_("phones: {url}", url=u)))
                        yield Label(Text(_("TV: {url}", url=u + "tv")))
                    if ev.decklists_required:  # G-DECKLIST: where players enter their lists (one line at 80x24)
                        yield Label(Text(_("decklists: {path} on the phones' address", path="/decklist")))
                    # who can read the pages: the same words as `lycee serve`
                    # (each line fits the 42 columns; the Japanese breaks between phrases)
                    for line in exposure(self.host, self.urls, self.event_screen.event_id):
                        yield Label(Text(line), classes="hint exposure")
                    # the whole instruction in a label that wraps; the box's placeholder stays short
                    # (the long placeholder was cut at 80 columns)
                    yield Label(
                        _("announcement for the TV and phones; Enter posts, empty Enter clears"),
                        id="announce-hint",
                        classes="hint",
                    )
                    yield Input(placeholder=_("announcement"), id="announce", max_length=140)
                    yield Label("", id="publish-status", classes="hint")
                    # one-row buttons on a small terminal: the addresses and who can read stay in view
                    small = h < 32
                    yield Button(_("Hold new rounds"), id="hold", compact=small)
                    # right under it on a small terminal: the row saved keeps the no-network lines in view
                    yield Button(
                        _("Publish the round"),
                        id="publish",
                        variant="primary",
                        compact=small,
                        classes="tight" if small else "",
                    )
                    yield Label("", id="serving-message", classes="hint")

    def on_mount(self) -> None:
        self.show_publishing()
        if self.note:
            self._say(self.note)
        self.query_one("#announce", Input).focus()

    def show_publishing(self) -> None:
        ev = self.desk.event
        shown = readmodel.published_rounds(ev)
        if ev.hold_pairings:
            text = (
                _("new rounds are held until published; round {r} is up", r=shown)
                if shown
                else _("new rounds are held until published")
            )
        else:
            text = _("rounds are published on pairing")
        self.query_one("#publish-status", Label).update(Text(text))
        self.query_one("#hold", Button).label = _("Publish on pairing") if ev.hold_pairings else _("Hold new rounds")
        self.query_one("#publish", Button).disabled = shown >= len(ev.rounds)

    def _say(self, text: str, error: bool = False) -> None:
        self.query_one("#serving-message", Label).update(Text(text))
        self.query_one("#serving-message").set_class(error, "error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        try:
            self.desk.announce(text)
        except LyceeError as err:
            self._say(str(err), error=True)
            return
        event.input.value = ""
        self._say(_("announced: {text}", text=text) if text else _("cleared the announcement"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        try:
            if event.button.id == "hold":
                self.desk.hold_pairings(not self.desk.event.hold_pairings)
            else:
                ev = self.desk.publish_round()
                self._say(_("published round {r}", r=readmodel.published_rounds(ev)))
        except LyceeError as err:
            self._say(str(err), error=True)
        self.show_publishing()

    def action_stop(self) -> None:
        self.dismiss("stop")

    def action_close(self) -> None:
        self.dismiss(None)
