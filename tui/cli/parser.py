"""The parser of ``lycee`` (the command line in README.md): every command's name, the
module that runs it and its line of help in one table (:func:`commands`).

A command's arguments are built by its module (``PARSERS`` there), and that
module, which imports the engine the command runs, is imported only when the
command is named: ``lycee --help`` and ``lycee`` alone build the top level
from the table, and ``lycee result`` builds and imports ``result``'s alone
(start-up: docs/architecture.md).  :func:`build_parser` with no command
builds every one (the tests, the docs)."""

from __future__ import annotations

import argparse
import importlib
from typing import NamedTuple

from core.i18n import _

from .argparsing import Arguments, Builder, Parser, argparse_through_catalog

__all__ = ["Command", "build_parser", "commands", "parser_for", "peek_command"]


class Command(NamedTuple):
    """One command of ``lycee``: its name, the module that builds its
    arguments and runs it, and its line in ``lycee --help``."""

    name: str
    module: str
    help: str
    group: bool = False  # a group of sub-commands (``lycee event new``): no options of its own
    add_help: bool = True  # False: the module gives its own -h (``build``)


#: What a row of :func:`_run_by` may end with: a group of sub-commands, a command with its own -h.
GROUP, OWN_HELP = {"group": True}, {"add_help": False}


def _run_by(module: str, *rows: tuple) -> list[Command]:
    """The commands ``module`` builds and runs, in the order given: each row their name, their
    help and, for some, :data:`GROUP` or :data:`OWN_HELP` (one module's run of the table)."""
    return [Command(name, module, help_, **(more[0] if more else {})) for name, help_, *more in rows]


def commands() -> list[Command]:
    """Every command of ``lycee``, in the order of ``lycee --help`` (its help
    in the language in force)."""
    return [
        *_run_by("tui.cli.app", ("demo", _("create a demo event with generated players and open it"))),
        *_run_by("tui.cli.events", ("event", _("create, list and delete events"), GROUP)),
        *_run_by("tui.cli.players", ("player", _("add, rename, remove, drop and list players"), GROUP)),
        *_run_by(
            "tui.cli.trail",
            ("undo", _("undo the last action and say which")),
            ("redo", _("redo the last undo (only while nothing else was stored since) and say which")),
            ("log", _("the event's audit trail: every action, who and when")),
        ),
        *_run_by(
            "tui.cli.exchange",
            ("export", _("export the event, pairings, standings, scorecard or decklists")),
            ("import", _("check a lycee-event/1 file as `lycee verify` does and store it; prints its id")),
        ),
        *_run_by("tui.cli.engine", ("pair", _("pair the next round; refuses while a result is missing"))),
        *_run_by(
            "tui.cli.result",
            ("result", _("record a result: games won-lost(-drawn) from the first-listed player's side, or id")),
        ),
        *_run_by(
            "tui.cli.engine",
            ("standings", _("standings with the event's tiebreakers")),
            ("top", _("cut to the top N of the Swiss standings for single elimination (G-SE)")),
            (
                "playoff",
                _("pair a playoff (決定戦) among players on equal points, instead of the tiebreakers (G-TIE-PLAYOFF)"),
            ),
        ),
        *_run_by(
            "tui.cli.cards",
            ("deck", _("check a deck against the format and the legal card list"), GROUP),
            ("card", _("is a card legal on a date, and which text applies (G-CARDS-*)")),
            (
                "cards",
                _("the store's card list: import the official list, on-sale dates, list the cards"),
                GROUP,
            ),
            (
                "calendar",
                _(
                    "add a store's own legality calendar (later products, lycee-calendar/1) to an event; checked, and named on the report (G-CARDS-VERSIONS)"
                ),
            ),
        ),
        *_run_by(
            "tui.cli.sealed_draft",
            ("sealed", _("open a sealed product and build a 40-card deck from it (G-SEALED)")),
            (
                "draft",
                _(
                    "simulate a booster draft with bots and build every deck (G-DRAFT-1..4); `lycee draft review LOG` reviews a draft log pick by pick"
                ),
            ),
        ),
        *_run_by(
            "tui.cli.round",
            ("clock", _("the round clock: start, pause, resume, status, extend a table, call time"), GROUP),
            ("checkin", _("a player is seated at the table (or a late player reports at the desk) (G-LATE-1/2)")),
            ("late", _("lateness due now (G-LATE-1 match loss at 5 min, G-LATE-2 drop at 30 min); confirm or dismiss")),
            ("game", _("enter games one by one (G-BO3, G-BO1, G-CONCEDE) and see who chooses next (G-NEXT-GAME)")),
            (
                "id-decision",
                _(
                    "intentional draw in an elimination or playoff match: the organizer orders a replay or, in the final only, declares no winner (G-ID-3)"
                ),
            ),
            ("penalty", _("issue a Notice or Warning (G-PEN-1/2); two Notices = one Warning, two Warnings exclude")),
            ("penalties", _("penalty history, numbered (for appeals), with N/W marks (G-PEN-3)")),
            ("appeal", _("the head judge's final ruling on an appealed penalty (G-HEAD-JUDGE)")),
            ("staff", _("show or set the organizer, judges and head judge (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE)")),
        ),
        *_run_by(
            "tui.cli.decks",
            ("decklist", _("register, show and check players' decklists (G-DECKLIST)"), GROUP),
        ),
        *_run_by(
            "tui.cli.build",
            ("build", _("a sealed or draft event's deck-building phase (G-SEALED, G-DRAFT-*)"), OWN_HELP),
            ("pool", _("a player's pool in a sealed or draft event")),
        ),
        *_run_by(
            "tui.cli.verify",
            (
                "verify",
                _(
                    "independent re-check of every round, result, standing and placing; exit 0 when all hold, else the findings and exit 1"
                ),
            ),
            ("plan", _("projected finish time (HH:MM) and alternatives side by side")),
        ),
        *_run_by(
            "tui.cli.serve",
            (
                "serve",
                _(
                    "read-only pages for phones and a TV (/tv), served from this PC; with phone reports on (event set --phone-reports) it also takes the players' reports when no other program holds the event"
                ),
            ),
        ),
        *_run_by(
            "tui.cli.publish",
            ("announce", _("a line for the TV page and the phones (--clear takes it down)")),
            (
                "publish",
                _("put the current round's pairings up on the pages; --hold / --auto choose when rounds go up"),
            ),
        ),
        *_run_by(
            "tui.cli.repair",
            (
                "repair",
                _(
                    "rebuild a journal damaged in the middle: from its intact start (or the best backup) and every intact record after the damage; names each action it cannot recover and keeps the damaged file beside it (it never deletes it, and never runs by itself)"
                ),
            ),
        ),
        *_run_by(
            "tui.cli.phonereports",
            (
                "reports",
                _(
                    "the players' phone reports of the current round; accept one side's, clear a table's or call staff to it"
                ),
            ),
        ),
        *_run_by(
            "tui.cli.season",
            ("season", _("seasons across events and stores: points, best N, imports"), GROUP),
            (
                "deadlines",
                _(
                    "each finished sanctioned event's scorecard return deadline (event date + 14 days, to reach the publisher by then) and whether its submission was written"
                ),
            ),
        ),
        *_run_by(
            "tui.cli.members",
            ("store", _("the store that runs the events (shown on every sheet and page)"), GROUP),
            ("members", _("the store's members (regulars): add, list, import, merge, history"), GROUP),
        ),
    ]


def command_parser(b: Builder, sub, c: Command) -> argparse.ArgumentParser:
    """The parser of the top-level command ``c``, its arguments not yet added."""
    if c.group:
        return sub.add_parser(c.name, help=c.help)
    return sub.add_parser(c.name, parents=[b.common], help=c.help, description=c.help, add_help=c.add_help)


def run_app(args) -> int:
    """No command: the app on the event list (tui.cli.app.cmd_app)."""
    from tui.cli.app import cmd_app  # the app's module loads the store: not for `lycee --help`

    return cmd_app(args)


def top_parser(b: Builder) -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    """``lycee`` and its options, and the action its commands are added to."""
    p = Parser(
        prog="lycee",
        parents=[b.common],
        description=_(
            "Event desk for the Lycee TCG: runs constructed and limited tournaments "
            "by the 2008 sanctioned-event guideline. With no command, opens the app."
        ),
    )
    p.add_argument(
        "--version",
        action="store_true",
        help=_("print the version, the data folder and the Python and Textual versions"),
    )
    p.set_defaults(func=run_app)
    return p, p.add_subparsers(title=_("commands"), metavar="COMMAND")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``lycee``, every command named.  ``only``: the command
    whose arguments are built (its module imported), the others named with
    their help alone; a word that is no command gets none (argparse refuses
    it, naming every command).  None: every command's arguments."""
    argparse_through_catalog()
    b = Builder()
    p, sub = top_parser(b)
    for c in commands():
        sp = command_parser(b, sub, c)
        if only is None or only == c.name:
            arguments: Arguments = importlib.import_module(c.module).PARSERS[c.name]  # only the command named
            arguments(sp, b)
    return p


def peek_command(argv: list[str]) -> str | None:
    """The command word of ``argv`` (the first argument that is neither an
    option nor the value of ``--data-dir``/``--lang``); None for none."""
    prev = ""
    for a in argv:
        if a == "--":
            return None
        if not a.startswith("-") and prev not in ("--data-dir", "--lang"):
            return a
        prev = a
    return None


def parser_for(argv: list[str]) -> argparse.ArgumentParser:
    """The parser ``argv`` needs: the arguments of the command it names, none
    when it names none (``lycee``, ``--help``, ``--version``); every command's
    after a ``--`` (whatever follows it may be a command)."""
    word = peek_command(argv)
    if word is None and "--" in argv:
        return build_parser()
    return build_parser(only=word or "")
