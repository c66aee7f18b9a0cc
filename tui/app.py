"""The Textual app: a thin face over the engine (docs/app.md)."""

from __future__ import annotations

import os
import sys
import traceback
import unicodedata
from datetime import datetime
from time import monotonic

from rich.align import Align
from rich.text import Text
from textual import events
from textual.app import ScreenStackError, SystemCommand
from textual.command import CommandList, CommandPalette
from textual.screen import ModalScreen
from textual.theme import ThemeProvider
from textual.timer import Timer
from textual.widgets import Input
from textual.widgets.option_list import Option
from textual.worker import WorkerState

from core import i18n
from core.i18n import _
from core.names import kept_when_typed
from core.store import DataDir, open_private, private_dir

from .actions import bindings, in_palette
from .apphost import DeskApp
from .i18n import TEXTUAL_WORDS, Translated, key_words, tr
from .keyorder import KeysInOrder
from .screens.dialogs import Confirm
from .screens.event_list import EventListScreen
from .screens.help import HelpScreen
from .widgets.linebox import type_into


class LyceeApp(Translated, KeysInOrder, DeskApp):
    CSS_PATH = "app.tcss"
    TITLE = "lycee"
    BINDINGS = bindings("app")  # the table of the app's actions: tui/actions.py

    def __init__(self, datadir: DataDir, open_event: str | None = None, lang: str | None = None):
        if lang:
            i18n.set_language(lang)
        super().__init__()
        self.start_theme = self.theme
        self._translate_bindings()
        self.datadir = datadir
        self.open_event_id = open_event
        self.sub_title = _("event desk")

    #: Where the traceback of a crash was written (None while all is well).
    crash_log = None

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error stops the app (Textual's way) with a non-zero
        return code; its traceback is also written to a file under the data
        folder, which the command line names."""

        try:
            folder = private_dir(self.datadir.root / "logs")  # a traceback may quote a name or a code
            path = folder / f"crash-{datetime.now():%Y%m%d-%H%M%S}.txt"
            with os.fdopen(open_private(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), "w", encoding="utf-8") as f:
                f.write("".join(traceback.format_exception(error)))
            self.crash_log = path
        except OSError:
            pass
        super()._handle_exception(error)

    #: When the last key was pressed (a dialog that opens by itself while the
    #: clerk is typing leaves them the first moment: tui.screens.dialogs.HoldsTyping).
    last_key_at = float("-inf")

    #: Keys typed ahead past a question about a typed result:
    #: while set, keys that are not the question's answer go on into the box.
    type_ahead: dict | None = None
    #: Seconds without a key after which a key is taken as meant for the dialog.
    TYPE_AHEAD_PAUSE = 1.0

    def hold_type_ahead(self, dialog, box, answers: set[str]) -> None:
        """A question opened by a typed line while the clerk is still typing
        (a burst, a paste, a scanner): the keys that follow at once, unless the
        first of them answers it (``answers``: y, n, Esc ...), go on into
        ``box`` as the next lines (they wait for the answer), until a pause of
        :attr:`TYPE_AHEAD_PAUSE`; then the question takes keys."""

        if monotonic() - self.last_key_at < self.TYPE_AHEAD_PAUSE:
            self.type_ahead = {"dialog": dialog, "box": box, "answers": answers, "holding": False}

    async def _typed_ahead(self, event, now: float) -> bool:
        """Route ``event`` to the box held by :meth:`hold_type_ahead`; False
        when the key is the dialog's (an answer, or after a pause)."""
        ta = self.type_ahead
        if ta is None:
            return False
        paused = now - self.last_key_at >= self.TYPE_AHEAD_PAUSE
        if (
            self.screen is not ta["dialog"]
            or not ta["box"].is_attached
            or paused
            or (not ta["holding"] and event.key in ta["answers"])
        ):
            self.type_ahead = None
            return False
        ta["holding"] = True
        box = ta["box"]

        await type_into(box, event)
        return True

    #: Keys typed after a key that opens a dialog (a worker of the group
    #: "confirm": F7's top cut, a drop, a rename ...) and before the dialog is
    #: up with its focus: they are the dialog's (:meth:`_hold_for_dialog`).
    _for_dialog: list | None = None
    #: Seconds after which held keys go on as typed although no dialog took the focus.
    DIALOG_WAIT = 1.0
    _dialog_since = 0.0
    #: The dialog a held Enter was typed into, until it closes.
    _entered_dialog: object | None = None
    #: Asks :meth:`_release_for_dialog` every 20 ms while keys are held.
    _release_timer: Timer | None = None
    _releasing = False

    def _dialog_coming(self) -> bool:

        return any(w.group == "confirm" and w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in self.workers)

    def _dialog_ready(self) -> bool:

        return isinstance(self.screen, ModalScreen) and self.screen.focused is not None

    def _hold_for_dialog(self, event) -> bool:
        """Keep ``event`` when a key just asked for a dialog that is not up
        yet: without this, keys typed at once after F7 (``4`` Enter) went to
        the screen below, or to the dialog before its line had the focus, and
        were lost.  They go on in order once the dialog has the focus, or as
        typed when no dialog comes (the worker ended, or after DIALOG_WAIT)."""

        if self._for_dialog is None:
            if self._dialog_ready() or not self._dialog_coming():
                return False
            self._for_dialog = []
            self._dialog_since = monotonic()
            self._ask_every_20ms()
        self._for_dialog.append(event)
        return True

    def _ask_every_20ms(self) -> None:
        if self._release_timer is None:
            self._release_timer = self.set_interval(0.02, self._release_for_dialog)

    def _release_for_dialog(self) -> None:
        """Every 20 ms while keys are held: once their dialog has the focus (or
        none comes), they go on in the app's own turn (:meth:`_type_on`)."""

        if self._for_dialog is None:
            if self._release_timer is not None:
                self._release_timer.stop()
                self._release_timer = None
            return
        if self._releasing:
            return
        try:
            closing = self._entered_dialog is not None and self.screen is self._entered_dialog  # its Enter was typed
            ready = self._dialog_ready() or not self._dialog_coming()
        except ScreenStackError:  # the app is ending: the keys have no screen left
            self._for_dialog = None
            return
        if monotonic() - self._dialog_since < self.DIALOG_WAIT and (closing or not ready):
            return
        self._releasing = True
        self.call_later(self._type_on)

    async def _type_on(self) -> None:

        self._releasing = False
        keys, self._for_dialog, self._entered_dialog = self._for_dialog or [], None, None

        for i, k in enumerate(keys):
            box = self.focused
            if isinstance(box, Input) and self._dialog_ready() and (k.key in ("enter", "backspace") or k.is_printable):
                await self._type_held(box, k)
                if k.key == "enter" and keys[i + 1 :]:  # the rest wait for the dialog to close (and the next)
                    self._for_dialog, self._entered_dialog = keys[i + 1 :], self.screen
                    self._dialog_since = monotonic()
                    self._ask_every_20ms()
                    return
                continue
            key = events.Key(k.key, k.character)  # anew: the held one was taken off the app's queue
            key.set_sender(self)
            await self._dispatch_key_event(key)

    @staticmethod
    async def _type_held(box, event) -> None:
        """A held key typed into the dialog's line in its turn (as the box takes
        keys typed one by one: what the focus selected is replaced)."""

        if event.is_printable and event.character and not box.selection.is_empty:
            box.replace(event.character, *box.selection)
        elif event.key == "backspace" and not box.selection.is_empty:
            box.replace("", *box.selection)
        else:
            await type_into(box, event)

    async def _dispatch_key_event(self, event) -> None:
        await super().on_event(event)

    async def on_event(self, event) -> None:

        if isinstance(event, events.Key):
            if self.keys_wait(event):  # after Tab or Enter in a text box (tui.keyorder)
                return
            now = monotonic()
            held = await self._typed_ahead(event, now)
            self.last_key_at = now
            if held or self._hold_for_dialog(event):
                return
            box = self.key_target() if not event.is_forwarded else None  # a key come back up is not waited on
            await super().on_event(event)
            self.after_key(event, box)
            return
        await super().on_event(event)

    def on_key(self, event) -> None:
        """A space a text field would drop (the ideographic space U+3000,
        which Python does not call printable) is typed into it, as the
        command line keeps it (core.names.kept_when_typed, docs/names.md)."""

        box = self.focused
        if not isinstance(box, Input):
            return
        if event.is_printable:  # a box takes its own printable keys: this one was typed before a dialog opened
            self.typed_before_dialog(box, event)
            return
        ch = event.character
        if ch is None and "+" not in event.key:  # Textual names the key ("ideographic_space") and drops it
            try:
                ch = unicodedata.lookup(event.key.replace("_", " "))
            except KeyError:
                return
        if ch and kept_when_typed(ch):
            event.stop()
            event.prevent_default()
            if box.selection.is_empty:
                box.insert_text_at_cursor(ch)
            else:
                box.replace(ch, *box.selection)

    @staticmethod
    def typed_before_dialog(box, event) -> None:
        """Keys typed at once after the key that opens a dialog (Shift+F2 then Tab, a) reach
        the screen below, whose binding opens the dialog only as the key comes back up to the
        app: a letter among them then comes up here with the dialog's box focused (a Tab is
        taken by the dialog's own focus binding on its way up).  It goes into that box, after
        the box's focus (so it replaces the selected text, as when typed slowly)."""

        event.stop()
        box.post_message(events.Key(event.key, event.character))

    def on_mount(self) -> None:

        self.push_screen(EventListScreen())
        if self.open_event_id:
            self.open_event(self.open_event_id)

    def open_event(self, event_id: str) -> None:
        self.push_screen(_event_screen_class()(event_id))

    async def action_quit(self) -> None:
        """Ctrl+Q: quit at once, except while a round is running or the event's pages are
        served: then ask first (results are saved as they are typed; the round goes on
        after a restart; the pages stop)."""
        event_screen = _event_screen_class()
        running = [s for s in self.screen_stack if isinstance(s, event_screen) and s.round_running()]
        served = [s for s in self.screen_stack if isinstance(s, event_screen) and s.web is not None]
        if not (running or served) or getattr(self.screen, "is_quit_question", False):
            await self._end()
            return
        ask = Confirm(self._quit_question(running, served))
        ask.is_quit_question = True

        async def answered(yes: bool | None) -> None:
            if yes:
                await self._end()

        self.push_screen(ask, answered)

    @staticmethod
    def _quit_question(running: list, served: list) -> str:
        """Ctrl+Q's question: the round in progress (its results are saved), and the pages
        that stop with the app (Ctrl+W served them: said, never a surprise)."""
        said = _("Quit lycee?")
        if running:
            said = _(
                "Round {r} is in progress. Quit lycee? Every result typed is already saved; open the "
                "event again to go on.",
                r=running[-1].paired_round().number,
            )
        if served:
            said = _("{question} {pages}", question=said, pages=served[-1].exports.stopping_said())
        return said

    async def _end(self) -> None:
        """End the app, keeping the event list as the next start draws it
        (tui.firstframe).  Quit from an event, the list kept before is stale
        (the event's journal has grown, its counts have changed) and the next
        start would load without it: the screens above the list are closed
        first, and the list, drawn again with what is stored now, is kept as
        it ends the app (EventListScreen.keep_and_end)."""

        keep = getattr(self.screen, "keep_frame_now", None)  # the event list quit at once: kept still
        if keep is not None or self.frame_cache is None or self.ending:
            if keep is not None:
                keep()
            self.exit()
            return
        if not any(isinstance(s, EventListScreen) for s in self.screen_stack):
            self.exit()
            return
        self.ending = True
        while not isinstance(self.screen, EventListScreen):
            await self.pop_screen()  # (done once the screen is gone: its event closed, its door file removed)
        self.screen.keep_and_end()

    def action_show_keys(self) -> None:

        if isinstance(self.screen, HelpScreen):
            return
        rows = [(self.get_key_display(b), tr(b.description), b.id or "") for b in self._described(self.screen)]
        event = getattr(self.screen, "event", None)  # an event's screen: the rules it follows (O-RULES)
        self.push_screen(HelpScreen(rows, getattr(event, "rules", "2008")))

    @staticmethod
    def _described(screen):
        """The screen's active bindings that have a description, once each."""
        seen = set()
        for active in screen.active_bindings.values():
            b = active.binding
            if b.description and b.id not in seen:
                seen.add(b.id)
                yield b

    def get_system_commands(self, screen):
        """Every binding of the screen in the command palette, plus the system ones."""

        for c in super().get_system_commands(screen):  # Textual's own, in the user's language
            yield SystemCommand(tr(c.title), tr(c.help), c.callback, c.discover)
        for b in self._described(screen):
            if not in_palette(b.id):  # the table says (tui/actions.py)
                continue
            yield SystemCommand(
                tr(b.description),
                f"{tr(b.description)} ({self.get_key_display(b)})",
                lambda a=b.action, s=screen: self.call_later(s.run_action, a),
            )

    def get_key_display(self, binding) -> str:
        """Key names in the user's language (footer, F1, palette): スペース, Esc, F5, ^P in Japanese."""
        return key_words(super().get_key_display(binding))

    def notify(self, message, *, title: str = "", severity="information", timeout=None, markup: bool = True) -> None:
        """Textual's own toasts (the screenshot's) in the user's language; ours come translated."""
        if isinstance(message, str) and message.startswith("Saved screenshot to "):
            message = _("Saved screenshot to {path}", path=message[len("Saved screenshot to ") :])
        elif message in TEXTUAL_WORDS:
            message = tr(message)
        super().notify(
            message,
            title=tr(title) if title in TEXTUAL_WORDS else title,
            severity=severity,
            timeout=timeout,
            markup=markup,
        )

    def search_themes(self) -> None:
        """Textual's theme search, its placeholder in the user's language."""

        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=tr("Search for themes…")))

    def action_command_palette(self) -> None:
        """Textual's command palette, its placeholder and "no matches" in the user's language."""

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(id="--command-palette"))


class Palette(CommandPalette):
    """Textual's command palette, its placeholder and "no matches" in the user's language."""

    def __init__(self, **kw):
        super().__init__(placeholder=_("Search for commands…"), **kw)

    def _start_no_matches_countdown(self, search_value: str) -> None:
        self._stop_no_matches_countdown()

        def show() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(
                        Align.center(Text(_("No matches found"), style="not bold")),
                        disabled=True,
                        id=self._NO_MATCHES,
                    )
                )
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show)


def _event_screen_class():
    """The event screen, imported when first opened: it loads the desk and its rules (67 ms off the first frame)."""
    from .screens.event import EventScreen  # lazy: 67 ms of the desk and its rules, not needed for the event list

    return EventScreen


def run_app(datadir: DataDir, open_event: str | None = None, before_run=None) -> int:
    """Run the app; its exit code (non-zero after a crash, which is written
    to a log file whose path is printed on stderr).  ``before_run``: called
    just before the app takes the terminal (tui.cli hands over the early frame)."""

    app = LyceeApp(datadir, open_event=open_event)
    app.frame_cache = datadir.root  # a terminal's app keeps its event list for the next start (tui.firstframe)
    if before_run is not None:
        before_run()
    app.run()
    code = app.return_code or 0
    if code:
        where = app.crash_log or _("the data folder could not be written")
        print(
            "lycee: " + _("the app stopped on an unexpected error; the details are in {path}", path=where),
            file=sys.stderr,
        )
    return code
