"""Errors the engine raises.  Each carries a one-line message for the user and,
where a rule of the guideline decides, the rule id (G-...)."""

from __future__ import annotations

import errno

from core.i18n import _


class LyceeError(Exception):
    """Something the user asked for cannot be done; ``str(err)`` says why."""

    def __init__(self, message: str, rule: str | None = None):
        self.rule = rule
        # the rule id after the message: "... [G-BO3]" in English, 「…（G-BO3）」 in Japanese
        super().__init__(_("{message} [{rule}]", message=message, rule=rule) if rule else message)


class RuleError(LyceeError):
    """Refused because a rule of the guideline forbids it."""


class NotFound(LyceeError):
    """An event, player or table that does not exist."""


class ValidationError(LyceeError):
    """Malformed input: ``problems`` lists every (where, what) found."""

    def __init__(self, source: str, problems: list[tuple[str, str]]):
        self.source = source
        self.problems = list(problems)
        lines = [_("{source}: {n} problem(s)", source=source, n=len(self.problems))]
        lines += [f"  {where}: {what}" for where, what in self.problems]
        super().__init__("\n".join(lines))


class EventLocked(LyceeError):
    """Another process holds the event open."""


def os_reason(err: OSError) -> str:
    """Why a file could not be read, in the user's language for the usual
    cases (the system's own words, English, otherwise)."""
    words = {
        errno.ENOENT: _("there is no such file"),
        errno.EACCES: _("permission denied"),
        errno.EISDIR: _("it is a folder, not a file"),
    }
    return words.get(err.errno or 0) or err.strerror or str(err)
