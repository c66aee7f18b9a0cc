"""argparse as ``lycee`` uses it: its own words through the catalog (so they
follow ``--lang``), help wrapped by display width, and :class:`Builder`, what
each command's module builds its arguments with."""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Callable

from core import i18n
from core.columns import width as cols
from core.columns import wrap
from core.i18n import _

__all__ = ["ARGPARSE_WORDS", "Arguments", "Builder", "Parser", "argparse_through_catalog", "wrap_columns"]


#: argparse's own words that a user meets: its usage line, section titles, -h's help and its
#: error messages.  argparse looks them up through gettext (``argparse._``, ``argparse.ngettext``);
#: :func:`argparse_through_catalog` routes that lookup to our catalog, so they follow ``--lang``.
#: (Its remaining msgids are programming errors a user never sees.)
ARGPARSE_WORDS = (
    "usage: ",
    "positional arguments",
    "options",
    "show this help message and exit",
    "%(prog)s: error: %(message)s\n",
    "argument %(argument_name)s: %(message)s",
    "unrecognized arguments: %s",
    "the following arguments are required: %s",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "invalid %(type)s value: %(value)r",
    "ambiguous option: %(option)s could match %(matches)s",
    "expected one argument",
    "expected at most one argument",
    "expected at least one argument",
    "expected %s argument",
    "expected %s arguments",
    "not allowed with argument %s",
    "one of the arguments %s is required",
    "ignored explicit argument %r",
    "unknown parser %(parser_name)r (choices: %(choices)s)",
    "can't open '%(filename)s': %(error)s",
)


#: argparse's messages whose values it joins itself with ", " (choices, required arguments,
#: ambiguous options): the list is rejoined in the language in use (「'json'、'csv'」).
ARGPARSE_LISTS = (
    "invalid choice: %(value)r (choose from %(choices)s)",
    "the following arguments are required: %s",
    "ambiguous option: %(option)s could match %(matches)s",
    "unknown parser %(parser_name)r (choices: %(choices)s)",
)


class ListTemplate(str):
    """A translated argparse template that rejoins the ", "-joined lists put into it."""

    def __mod__(self, values):
        def rejoin(v):
            return i18n.join_list(str(v).split(", ")) if isinstance(v, str) else v

        if isinstance(values, dict):
            values = {k: rejoin(v) if k in ("choices", "matches") else v for k, v in values.items()}
        else:
            values = tuple(map(rejoin, values)) if isinstance(values, tuple) else rejoin(values)
        return str.__mod__(str(self), values)


def argparse_words(msgid: str) -> str:
    """argparse's ``_``: our catalog, with :class:`ListTemplate` for the messages that hold a list."""
    text = _(msgid)
    return ListTemplate(text) if msgid in ARGPARSE_LISTS else text


def argparse_through_catalog() -> None:
    """Let argparse fetch its words from our catalog (in the language in force when it
    prints), instead of gettext's default domain, which has no Japanese."""
    argparse._ = argparse_words  # type: ignore[attr-defined]  # argparse's own hook for its words, not in its stubs
    argparse.ngettext = lambda singular, plural, n: _(singular if n == 1 else plural)  # type: ignore[attr-defined]  # the same


def wrap_columns(text: str, width: int) -> list[str]:
    """argparse's ``text`` (its blanks and newlines are one space) wrapped to ``width``
    terminal columns by the app's one wrapper, core.columns.wrap (禁則, never inside an
    ASCII word such as a rule id G-NEXT-GAME or an option --time-called)."""
    return [line for line in wrap(" ".join(text.split()), width) if line] or []


class ColumnsHelpFormatter(argparse.HelpFormatter):
    """argparse's help, wrapped by display width (:func:`wrap_columns`) so that
    ``lycee --lang ja ... --help`` fits the terminal (argparse counts characters)."""

    def _split_lines(self, text, width):
        return wrap_columns(text, width)

    def _fill_text(self, text, width, indent):
        return "\n".join(indent + line for line in wrap_columns(text, width))

    def _format_action(self, action):
        # argparse pads the option column by characters: take back what a wide metavar (よみ) adds
        text = super()._format_action(action)
        header = self._format_action_invocation(action)
        extra = cols(header) - len(header)
        if extra > 0:
            text = re.sub(re.escape(header) + " {%d}(?= )" % extra, lambda m: header, text, count=1)
        return text

    def _format_usage(self, usage, actions, groups, prefix):
        prefix = _("usage: ") if prefix is None else prefix
        extra = cols(prefix) - len(prefix)  # 「使い方: 」 is wider than its length
        self._width -= extra
        try:
            return super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += extra


class Parser(argparse.ArgumentParser):
    """Every parser of ``lycee`` (sub-commands take their parent's class) formats its help
    with :class:`ColumnsHelpFormatter`."""

    def __init__(self, *args, **kw):
        kw.setdefault("formatter_class", ColumnsHelpFormatter)
        super().__init__(*args, **kw)

    def _check_value(self, action, value):
        """A value typed close to one of the choices (``member`` for ``members``, ``standing``)
        is answered with that choice, not the whole list of them (argparse's own hook)."""
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as err:
            close = difflib.get_close_matches(str(value), [str(c) for c in action.choices or ()], n=1, cutoff=0.75)
            if not close:
                raise
            raise argparse.ArgumentError(
                action, _("invalid choice: {value!r} (did you mean {choice!r}?)", value=value, choice=close[0])
            ) from err


#: what a command module's ``PARSERS`` maps each of its commands to
Arguments = Callable[[argparse.ArgumentParser, "Builder"], None]


class Builder:
    """What a command's ``*_arguments`` builds with: the options every command
    takes (``--data-dir``, ``--lang``), a sub-command, the EVENT argument."""

    def __init__(self) -> None:
        self.common = Parser(add_help=False)
        self.common.add_argument(
            "--data-dir",
            metavar="DIR",
            default=argparse.SUPPRESS,
            help=_("folder for events (default: LYCEE_DATA_DIR or the user data dir)"),
        )
        self.common.add_argument(
            "--lang",
            choices=i18n.LANGS,
            default=argparse.SUPPRESS,
            help=_("language of messages and screens (default: from the locale)"),
        )

    def cmd(self, parent, name: str, func, help_: str, **kw) -> argparse.ArgumentParser:
        """A sub-command ``name`` of ``parent`` (a subparsers action) that runs ``func``."""
        sp = parent.add_parser(name, parents=[self.common], help=help_, description=help_, **kw)
        sp.set_defaults(func=func)
        return sp

    def event_arg(self, sp: argparse.ArgumentParser) -> None:
        sp.add_argument("event", metavar="EVENT", help=_("event id, or a unique id or name prefix"))

    def player_arg(self, sp: argparse.ArgumentParser) -> None:
        sp.add_argument("player", metavar="PLAYER", help=_("player id or exact name"))
