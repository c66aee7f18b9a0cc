"""The Textual app: a thin face over the engine (DESIGN section 7)."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from core import i18n
from core.i18n import _
from core.store import DataDir

from .i18n import Translated


class LyceeApp(Translated, App):
    CSS_PATH = "app.tcss"
    TITLE = "lycee"
    BINDINGS = [
        Binding("f1,question_mark", "show_keys", "Keys", id="app.keys"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True, show=False),
    ]

    def __init__(self, datadir: DataDir, open_event: str | None = None, lang: str | None = None):
        if lang:
            i18n.set_language(lang)
        super().__init__()
        self._translate_bindings()
        self.datadir = datadir
        self.open_event_id = open_event
        self.sub_title = _("event desk")

    #: Where the traceback of a crash was written (None while all is well).
    crash_log = None

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error stops the app (Textual's way) with a non-zero
        return code; its traceback is also written to a file under the data
        folder, which the command line names (issue 13)."""
        import traceback
        from datetime import datetime

        try:
            folder = self.datadir.root / "logs"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"crash-{datetime.now():%Y%m%d-%H%M%S}.txt"
            path.write_text("".join(traceback.format_exception(error)), encoding="utf-8")
            self.crash_log = path
        except OSError:
            pass
        super()._handle_exception(error)

    def on_mount(self) -> None:
        from .screens.event_list import EventListScreen

        self.push_screen(EventListScreen())
        if self.open_event_id:
            self.open_event(self.open_event_id)

    def open_event(self, event_id: str) -> None:
        from .screens.event import EventScreen

        self.push_screen(EventScreen(event_id))

    def action_show_keys(self) -> None:
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        rows = [(self.get_key_display(b), b.description, b.id or "") for b in self._described(self.screen)]
        self.push_screen(HelpScreen(rows))

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
        from textual.app import SystemCommand

        yield from super().get_system_commands(screen)
        for b in self._described(screen):
            if b.id in ("app.keys", "app.quit"):
                continue
            yield SystemCommand(b.description, f"{b.description} ({self.get_key_display(b)})",
                                lambda a=b.action, s=screen: self.call_later(s.run_action, a))


def run_app(datadir: DataDir, open_event: str | None = None) -> int:
    """Run the app; its exit code (non-zero after a crash, which is written
    to a log file whose path is printed on stderr)."""
    import sys

    app = LyceeApp(datadir, open_event=open_event)
    app.run()
    code = app.return_code or 0
    if code:
        where = app.crash_log or _("the data folder could not be written")
        print("lycee: " + _("the app stopped on an unexpected error; the details are in {path}", path=where),
              file=sys.stderr)
    return code
