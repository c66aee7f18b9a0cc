"""Screen helpers for the one catalog (core.i18n): bindings whose descriptions
follow the language chosen at start-up."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from core.i18n import _, language

if TYPE_CHECKING:
    from textual.binding import BindingsMap


class Translated:
    """Mixin for screens and widgets: translate binding descriptions when the
    node is built, so `--lang` (or the locale) decides what the footer says."""

    if TYPE_CHECKING:
        _bindings: BindingsMap  # the node's (Textual's DOMNode)

    def _translate_bindings(self) -> None:
        # The one place that reaches into Textual's private ``_bindings`` (the
        # node's own copy of its BINDINGS): Textual 8.2 has no public API to
        # change a screen's or widget's binding descriptions (App.bind() only,
        # Textualize/textual#5477), and the descriptions are class attributes
        # written in English that the catalog must translate per run.
        kb = self._bindings.key_to_bindings
        for key, bindings in kb.items():
            kb[key] = [
                replace(
                    b, description=_(b.description) if b.description else "", tooltip=_(b.tooltip) if b.tooltip else ""
                )
                for b in bindings
            ]


#: Textual's own words that reach the screen (the palette, its built-in
#: commands, the keys of its widgets in F1 and the footer): translated where
#: they are shown (tui.app), listed here for the catalog test.
TEXTUAL_WORDS = (
    "palette",
    "Search for commands…",
    "No matches found",
    "Theme",
    "Change the current theme",
    "Quit",
    "Quit the application as soon as possible",
    "Keys",
    "Hide the keys and widget help panel",
    "Show help for the focused widget and a summary of available keys",
    "Minimize",
    "Minimize the widget and restore to normal size",
    "Maximize",
    "Maximize the focused widget",
    "Screenshot",
    "Save an SVG 'screenshot' of the current screen",
    "Focus Next",
    "Focus Previous",
    "Copy selected text",
    "Select",
    "Cursor up",
    "Cursor down",
    "Cursor right",
    "Cursor left",
    "Page up",
    "Page down",
    "Top",
    "Bottom",
    "Home",
    "End",
    "Scroll Up",
    "Scroll Down",
    "Scroll Left",
    "Scroll Right",
    "Scroll Home",
    "Scroll End",
    "Page Up",
    "Page Down",
    "Page Left",
    "Page Right",
    "Move cursor left",
    "Move cursor left and select",
    "Move cursor left a word",
    "Move cursor left a word and select",
    "Move cursor right or accept the completion suggestion",
    "Move cursor right and select",
    "Move cursor right a word",
    "Move cursor right a word and select",
    "Delete character left",
    "Select all",
    "Go to start",
    "Go to end",
    "Select line start",
    "Select line end",
    "Delete character right",
    "Submit",
    "Delete left to start of word",
    "Delete all to the left",
    "Delete right to start of word",
    "Delete all to the right",
    "Cut selected text",
    "Paste text from the clipboard",
    "Previous tab",
    "Next tab",
    "Down",
    "Last",
    "First",
    "Up",
    "Show menu",
    "Toggle",
    "Press button",
    # its toasts and the theme search's placeholder (tui.app: notify, search_themes)
    "Saved screenshot",
    "Failed to save screenshot",
    "Search for themes…",
)


#: Key names as the screens write them (Japanese; English but スペース): the key caps' own names (Esc, Del, F5, Shift),
#: スペース as the sentences say (「スペースで再開」); the arrows and ⏎ stay symbols.
_KEY_CAPS = {
    "space": "スペース",
    "esc": "Esc",
    "del": "Del",
    "tab": "Tab",
    "pgup": "PgUp",
    "pgdn": "PgDn",
    "home": "Home",
    "end": "End",
    "insert": "Ins",
    "shift": "Shift",
    "alt": "Alt",
    "ctrl": "Ctrl",
}


def _key_upper(key: str, caret: bool, held: bool) -> bool:
    """A key shown in capitals: a letter with Ctrl (^p) or a modifier (shift+a), or a function key (f5)."""
    return ((caret or held) and len(key) == 1) or (key[:1] == "f" and key[1:].isdigit())


def _key_word(part: str, held: bool, english: bool = False) -> str:
    """One key of a combination as its key cap reads; ``held``: a modifier comes before it."""
    caret = part.startswith("^") and len(part) > 1
    key = part[1:] if caret else part
    if english and key == "space":
        key = "Space"
    key = _KEY_CAPS.get(key, key.upper() if _key_upper(key, caret, held) else key)
    return ("^" if caret else "") + key


def key_words(display: str) -> str:
    """A key as Textual displays it (``space``, ``esc``, ``f5``, ``^p``, ``shift+f2``) as its key
    cap reads: in Japanese スペース, Esc, F5, ^P, Shift+F2, in English Space, Esc, F5, ^P,
    Shift+F2, as the README and the messages write them (a plain letter key stays as typed, ``a``)."""
    if not display or display == "+":
        return display
    english = language() != "ja"
    return "+".join(_key_word(p, i > 0, english) for i, p in enumerate(display.split("+")))


def tr(text: str) -> str:
    """A Textual word (or one of ours, already translated) in the user's language."""
    return _(text) if text else text
