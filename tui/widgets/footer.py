"""A footer that shows only whole keys (issue 11: at 80 columns the last
key was cut under the command palette's key on the right)."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widgets import Footer


def key_width(key_display: str, description: str, palette: bool = False) -> int:
    """Columns a footer key takes in Textual's (non-compact) footer: `` KEY ``
    then ``DESCRIPTION `` (its component classes' padding); the palette's key
    adds its right padding and its left border."""
    if not description:
        return cell_len(key_display)
    return cell_len(key_display) + 2 + cell_len(description) + 1 + (2 if palette else 0)


class WholeKeysFooter(Footer):
    """Textual's footer, except that a key which would pass under the palette
    key (docked on the right) is left out, with the keys after it.  The
    screen orders its bindings so that the current step's keys come first
    (EventScreen.active_bindings); every key stays on F1 and in the palette."""

    def compose(self) -> ComposeResult:
        room = self.app.size.width
        try:
            _node, binding, _enabled, _tip = self.screen.active_bindings[self.app.COMMAND_PALETTE_BINDING]
        except KeyError:
            pass
        else:
            if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
                room -= key_width(self.app.get_key_display(binding), binding.description, palette=True)
        for w in super().compose():
            if type(w).__name__ == "FooterKey" and not w.has_class("-command-palette"):
                room -= key_width(getattr(w, "key_display", ""), getattr(w, "description", ""))
                if room < 0:
                    continue
            yield w

    def on_resize(self) -> None:
        self.call_after_refresh(self.recompose)
