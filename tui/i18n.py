"""Screen helpers for the one catalog (core.i18n): bindings whose descriptions
follow the language chosen at start-up."""

from __future__ import annotations

from dataclasses import replace

from core.i18n import _


class Translated:
    """Mixin for screens and widgets: translate binding descriptions when the
    node is built, so `--lang` (or the locale) decides what the footer says."""

    def _translate_bindings(self) -> None:
        kb = self._bindings.key_to_bindings  # textual's per-node copy
        for key, bindings in kb.items():
            kb[key] = [replace(b, description=_(b.description) if b.description else "",
                               tooltip=_(b.tooltip) if b.tooltip else "") for b in bindings]
