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


def run_app(datadir: DataDir, open_event: str | None = None) -> None:
    LyceeApp(datadir, open_event=open_event).run()
