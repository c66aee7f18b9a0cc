"""A footer that shows only whole keys (at 80 columns the last
key was cut under the command palette's key on the right)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer

from core.i18n import _


def key_width(key_display: str, description: str, palette: bool = False) -> int:
    """Columns a footer key takes in Textual's (non-compact) footer: `` KEY ``
    then ``DESCRIPTION `` (its component classes' padding); the palette's key
    adds its right padding and its left border."""
    if not description:
        return cell_len(key_display)
    return cell_len(key_display) + 2 + cell_len(description) + 1 + (2 if palette else 0)


def is_key(w: Widget) -> bool:
    return type(w).__name__ == "FooterKey"


def widths(w: Widget) -> int:
    """Columns a footer key takes (:func:`key_width`)."""
    return key_width(getattr(w, "key_display", ""), getattr(w, "description", ""))


class WholeKeysFooter(Footer):
    """Textual's footer, except that a key which would pass under the palette
    key (docked on the right) is left out, with the keys after it.  The
    screen orders its bindings so that the current step's keys come first
    (EventScreen.active_bindings); every key stays on F1 and in the palette."""

    def __init__(self, *args, help_when_cut: bool = False, **kw):
        """``help_when_cut``: when keys are left out, the last key shown is F1 (every key of
        the screen, with what it does), saying that more keys are there."""
        super().__init__(*args, **kw)
        self.help_when_cut = help_when_cut

    #: What the keys shown were composed from (:meth:`_shown_from`).
    _composed_from: tuple | None = None

    def _shown_from(self) -> tuple:
        """Everything the keys shown depend on: the screen's keys (and whether
        each is enabled), the width, the look."""
        keys = tuple(
            (b.key, b.key_display, b.description, b.action, b.show, b.group, enabled, tip)
            for _node, b, enabled, tip in self.screen.active_bindings.values()
        )
        return (self._bindings_ready, self.app.size.width, self.compact, self.show_command_palette, keys)

    async def recompose(self) -> None:
        """Composed again only when what it shows would change (the start of a
        screen and each resize ask several times for the same keys)."""
        if self.is_attached and self._composed_from == self._shown_from():
            return
        await super().recompose()

    def compose(self) -> ComposeResult:
        self._composed_from = self._shown_from()
        room = self.app.size.width - self._palette_width()
        shown = list(super().compose())
        keys = [w for w in shown if is_key(w) and not w.has_class("-command-palette")]
        more = self._more_keys(keys, room)
        if more is not None:
            room -= widths(more)
            shown.remove(self._help_key(keys))
        for w in shown:
            if is_key(w) and not w.has_class("-command-palette"):
                room -= widths(w)
                if room < 0:
                    continue
            elif more is not None and is_key(w):  # the palette's key, docked on the right
                yield more
                more = None
            yield w
        if more is not None:
            yield more

    def _palette_width(self) -> int:
        """Columns the command palette's key takes on the right (0 when not shown)."""
        try:
            _node, binding, _enabled, _tip = self.screen.active_bindings[self.app.COMMAND_PALETTE_BINDING]
        except KeyError:
            return 0
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return 0
        return key_width(self.app.get_key_display(binding), binding.description, palette=True)

    @staticmethod
    def _help_key(keys: list[Widget]) -> Widget:
        return next(w for w in keys if str(getattr(w, "action", "")).endswith("show_keys"))

    def _more_keys(self, keys: list[Widget], room: int) -> Widget | None:
        """F1 worded "more keys", shown last in place of F1's own key, when keys are left out
        (``help_when_cut``); None when every key fits or the screen has no F1."""
        helps = [w for w in keys if str(getattr(w, "action", "")).endswith("show_keys")]
        if not (self.help_when_cut and helps and sum(widths(w) for w in keys) > room):
            return None
        help_key = helps[0]  # Textual's FooterKey (textual.widgets does not export it): its like, worded
        key, display, action = (getattr(help_key, a) for a in ("key", "key_display", "action"))
        footer_key: Any = type(help_key)  # FooterKey(key, key_display, description, action)
        more = footer_key(key, display, _("more keys"), action)
        more.data_bind(compact=Footer.compact)
        return more

    def on_resize(self) -> None:
        self.call_after_refresh(self.recompose)
