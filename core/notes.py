"""A match's note (stored in English, the same in every language: ``late
G-LATE-1``, ``drop G-DROP-2``, ``ID: no winner, decided by X (G-ID-3)``) as
the user reads it, in their language: the screens, the command line and the
exports all show notes through :func:`note_text`."""

from __future__ import annotations

import re

from .i18n import _


def note_text(note: str) -> str:
    if not note:
        return ""
    words = {"drop": _("drop"), "late": _("late"), "excluded": _("excluded"), "penalty": _("penalty"),
             "third_place": _("third-place match"), "third_place_planned": _("third-place match planned"), "replay": _("replay (G-ID-3)")}
    if note in words:
        return words[note]
    m = re.fullmatch(r"(drop|late|excluded|penalty) (G-[A-Z0-9-]+)", note)
    if m:
        return _("{why} ({rule})", why=words[m.group(1)], rule=m.group(2))
    m = re.fullmatch(r"ID \(head judge (.+) overrode G-ID-2\)", note)
    if m:
        return _("ID (head judge {name} overrode G-ID-2)", name=m.group(1))
    m = re.fullmatch(r"ID: no winner, decided by (.+) \(G-ID-3\)", note)
    if m:
        return _("ID: no winner, decided by {name} (G-ID-3)", name=m.group(1))
    return note
