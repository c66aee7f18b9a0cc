"""``lycee export|import``: the event out as a file (JSON, CSV, the sheets), and a
``lycee-event/1`` file (or a CSV of rounds) in, judged as ``lycee verify`` judges it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from core.i18n import _
from core.reports import exports
from core.reports.exchange import read_csv_doc
from core.reports.judge import judge_doc
from core.rules.eventfile import load_doc

from .argparsing import Arguments, Builder
from .common import CliError, LazyChoices, datadir, export_target, json_text, os_error_message, read_event
from .season import export_submission


def _write_export(args, whole, text: str) -> None:
    """The export written to ``-o`` (a folder gets a file named by date, event, what and round)."""
    out, made = export_target(args.output, exports.export_filename(whole, args.what, args.format, args.round))
    if made is not None:
        print(_("created folder: {path}", path=made))
    try:
        exports.write_export(out, text)  # whole or nothing: no partial file on a full disk
    except OSError as err:
        raise CliError(
            os_error_message(err) + " " + _("(no partial file was left in {folder})", folder=out.parent)
        ) from None
    print(_("written: {path}", path=out))


def _print_export(args, text: str) -> None:
    """The export on the screen (a JSON document's refused characters as escapes)."""
    text = json_text(text) if args.format == "json" else text
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _warn_incomplete(args, ev) -> None:
    """A scorecard with results still missing says so on stderr."""
    if args.what == "scorecard" and exports.missing_results(ev):
        print(_("lycee: warning: the scorecard is incomplete: {what}", what=exports.missing_text(ev)), file=sys.stderr)


def cmd_export(args) -> int:
    """``lycee export EVENT``: the event, or one of its sheets, on the screen or to a file."""
    if args.what == "submission":  # a signed folder (issue 47): tui/cli/season.py
        return export_submission(args)
    whole = read_event(args)
    ev = exports.as_of_round(whole, args.round)  # an earlier round's pairings, slips, standings
    log = read_event(args, history=True) if args.what == "report" else None  # planned vs actual times
    text = exports.render(ev, args.what, args.format, log=log, explain=args.explain)
    _warn_incomplete(args, ev)
    if args.output:
        _write_export(args, whole, text)
    else:
        _print_export(args, text)
    return 0


def cmd_import(args) -> int:

    if args.csv:  # a CSV of rounds from paper or another desk (core/reports/exchange.py, docs/verify.md)
        doc = read_csv_doc(Path(args.file), max_mb=args.max_mb)  # the same size cap as a JSON file
    else:
        doc = load_doc(Path(args.file), args.max_mb)
    # one judgement with `lycee verify` (core/reports/judge.py): every problem, before anything is stored
    ev = judge_doc(doc, source=args.file).accepted(args.file)
    store = datadir(args).import_event(doc, event=ev)
    print(store.id)
    store.close()
    return 0


def export_arguments(ex: argparse.ArgumentParser, parsers: Builder) -> None:
    ex.set_defaults(func=cmd_export)
    parsers.event_arg(ex)
    # the choices are the table of exports (core.reports.exports.EXPORTS), set after add_argument, which
    # would list them at once: read only when `export` checks a value or prints its help
    ex.add_argument(
        "--what", default="event", metavar="WHAT", help=_("what to export: %(choices)s (default: the whole event)")
    ).choices = LazyChoices("core.reports.exports", "WHATS")
    ex.add_argument("--format", default="json", help=_("file format (default: json)")).choices = LazyChoices(
        "core.reports.exports", "FORMATS"
    )
    ex.add_argument(
        "--explain",
        action="store_true",
        help=_(
            "pairings by table for the judges: add why each table crosses score groups "
            "(the sheet players see has no such column)"
        ),
    )
    ex.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help=_(
            "write to FILE instead of the screen; a folder gets "
            "a file named by date, event, what and round; a FOLDER/ "
            "ending with a separator is made if missing"
        ),
    )
    ex.add_argument(
        "--round",
        type=int,
        metavar="N",
        help=_("pairings, slips or standings as of round N (default: the current round)"),
    )


def import_arguments(im: argparse.ArgumentParser, parsers: Builder) -> None:
    im.set_defaults(func=cmd_import)
    im.add_argument("file", metavar="FILE")
    im.add_argument(
        "--csv",
        action="store_true",
        help=_("FILE is a CSV of rounds (round,table,player,opponent,result: docs/verify.md)"),
    )
    im.add_argument(
        "--max-mb",
        type=float,
        metavar="MB",
        help=_("refuse a larger file before reading it (default 20, or LYCEE_IMPORT_MAX_MB)"),
    )


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"export": export_arguments, "import": import_arguments}
