"""``lycee result``: one result, or a batch of ``TABLE RESULT`` lines from stdin
(one journal record, all or none)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from core import labels, rules
from core.desk import refuse_repeated_tables
from core.errors import LyceeError
from core.i18n import _, ngettext
from core.names import visible, whole
from core.tournament.matchrules import parse_result, parse_table_result

from .argparsing import Arguments, Builder
from .common import CliError, with_desk

if TYPE_CHECKING:
    from core.desk import Desk


def _check_decision(args) -> bool:
    """Whether the organizer decides an elimination match at time (--extra-game, --winner, G-SE)."""
    decided = args.extra_game or args.winner is not None
    if decided and not args.by:
        raise CliError(_("--extra-game and --winner are the organizer's call: name them with --by ORGANIZER"))
    if args.extra_game and args.winner is not None:
        raise CliError(_("choose one: --extra-game or --winner PLAYER"))
    return decided


def _record(d: Desk, args, table: int, decided: bool):
    """The result recorded (or the organizer's decision); the event after it."""
    if decided:  # a time-out with equal game wins in an elimination match (G-SE)
        return d.time_decision(
            table,
            args.result,
            "extra_game" if args.extra_game else "winner",
            args.by,
            winner=args.winner,
            reason=args.reason or "",
            time_called=args.time_called,
            round_number=args.round,
        )
    return d.record(table, args.result, round_number=args.round, **_extra(args))


def _note_and_label(ev, rnd, m) -> tuple[str, str]:
    """The match's note worth saying, and its bracket round's name (a top-cut match)."""
    if not (m.note or rnd.stage == "top"):  # a Swiss result without a note needs no bracket (start-up)
        return m.note, ""
    from core.tournament.elimination import (  # the bracket: for an elimination match or a note only (start-up)
        REPLAY,
        THIRD_PLACE,
        THIRD_PLACE_PLANNED,
        round_label,
    )

    note = "" if m.note in (THIRD_PLACE, THIRD_PLACE_PLANNED, REPLAY) else m.note
    return note, round_label(ev, rnd.number, m) if rnd.stage == "top" else ""


def _recorded_line(args, ev, rnd, m) -> str:
    """``table 3: Ann 2-1 Ben · … · 2 results missing``."""
    note, label = _note_and_label(ev, rnd, m)
    missing = rnd.missing_tables()
    return (
        _(
            "table {t}: {p1} {res} {p2}",
            t=m.table,
            p1=ev.player(m.p1).name,
            res=labels.result_label(args.result),
            p2=ev.player(m.p2).name,
        )
        + (f" · {label}" if label else "")
        + (f" · {labels.note_label(note)}" if note else "")
        + " · "
        + (
            ngettext("{k} result missing", "{k} results missing", len(missing), k=len(missing))
            if missing
            else _("round complete")
        )
    )


def _table_number(args) -> int:
    if args.result is None:
        raise CliError(_("give TABLE and RESULT, e.g. 12 2-1"))
    table = whole(args.table)
    if table is None:
        raise CliError(_("{t!r} is not a table number", t=args.table))
    return table


def cmd_result(args) -> int:
    """``lycee result EVENT TABLE RESULT`` (or ``-``: a batch from stdin)."""
    if args.table == "-":
        if args.result is not None:
            raise CliError(_("with '-' the results come from stdin, one 'TABLE RESULT' a line"))
        return _results_from_stdin(args)
    table = _table_number(args)
    decided = _check_decision(args)

    def run(d: Desk):
        before = d.event.rounds
        ev = _record(d, args, table, decided)
        rnd = ev.rounds[(args.round or len(ev.rounds)) - 1]
        # compared by value: through the app's door the event comes back as a new object every time
        again = ev.rounds[-1].number if ev.rounds[-1] != before[-1] and len(before) > rnd.number else None
        return ev, rnd.match_at(table), rnd, again

    ev, m, rnd, again = with_desk(args, run, writes=True)
    print(_recorded_line(args, ev, rnd, m))
    if again is not None:  # L-LATER: the later round was paired again with the correction
        print(
            _(
                "round {n} is paired again with the correction and announced on the TV and phones; "
                "its new slips: `lycee export EVENT --what slips --format html -o FILE`",
                n=again,
            )
        )
    return 0


def _then(args) -> dict:
    """--then: what a correction does to a later round (L-LATER)."""
    if not getattr(args, "then", None):
        return {}
    if not args.correct:
        raise CliError(_("--then says what a correction does to a later round: give it with --correct"))
    return {"then": args.then}


def _not_started(args) -> dict:
    """--not-started with --by JUDGE: an intentional draw at a table that had not started (G-ID-1)."""
    if not getattr(args, "not_started", False):
        return {}
    if not args.by:
        raise CliError(_("--not-started needs --by JUDGE: the judge who saw the table had not started (G-ID-1)"))
    if args.result is None or args.result.strip().lower() != "id":
        raise CliError(_("--not-started goes with an intentional draw (RESULT id) (G-ID-1)"))
    return {"not_started_by": args.by}


def _extra(args) -> dict:
    """--correct (with --by, the head judge, for a protected result) and --time-called."""
    out = {"correct": args.correct, "time_called": args.time_called}
    if args.correct and args.by:
        out["correct_by"] = args.by
    return {**out, **_then(args), **_not_started(args)}


def _read_batch() -> tuple[list[tuple[int, int, str]], list[str]]:
    """Every line of stdin parsed: the (line, table, result) entries and the refusals of the lines that are
    no 'TABLE RESULT'; a table given twice refuses the batch (before anything is stored)."""
    entries, bad = [], []
    numbered: list[int] = []  # the table of each input line (-n: line n names no table)
    for n, line in enumerate(sys.stdin, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            numbered.append(-n)
            continue
        try:
            table, text = parse_table_result(line)
            parse_result(text)
        except LyceeError as err:
            bad.append(_("line {line}", line=n) + f": {visible(line)!r}: {err}")
            numbered.append(-n)
            continue
        numbered.append(table)
        entries.append((n, table, text))
    # which result is meant? a table twice refuses the batch before anything is stored
    refuse_repeated_tables(numbered)
    return entries, bad


def _refused(lines: list[str], last: str) -> int:
    """Each refusal on stderr, then what to do: exit 1."""
    for f in lines:
        print(f"lycee: {f}", file=sys.stderr)
    print("lycee: " + last, file=sys.stderr)
    return 1


def _later_actions(d: Desk, args, ev, batch: list, then, extra: dict) -> list:
    """L-LATER: what the corrections break in later rounds, as for one result (--correct only)."""
    if not args.correct:
        return []
    from core.reports.later import later_actions  # a correction only: `lycee result` loads no report

    return later_actions(d, d.event, ev, batch[0][1], then, extra.get("correct_by"))


def _results_from_stdin(args) -> int:
    """Every line is read and parsed before anything is stored: one line that
    is not 'TABLE RESULT', or a table given twice, refuses the whole batch
    (nothing stored); the results are then stored as one journal record."""
    entries, bad = _read_batch()
    if bad:
        return _refused(bad, _("nothing was recorded: correct the line(s) above and send the batch again"))
    failures: list[str] = []

    def run(d: Desk):
        ev, batch = d.event, []
        extra = _extra(args)
        then = extra.pop("then", None)
        for n, table, text in entries:
            try:
                data = d.result_data(table, text, round_number=args.round, **extra)
                ev = rules.apply(ev, {"type": "result", "data": data})  # checked after the lines before it
                batch.append(("result", data))
            except LyceeError as err:
                failures.append(_("line {line}", line=n) + f": {err}")
        if failures:  # all or none: one journal record, or nothing
            return 0, None
        if batch:
            d.append_all([*batch, *_later_actions(d, args, ev, batch, then, extra)])
        rounds = d.event.rounds
        k = (args.round or len(rounds)) - 1
        return len(batch), len(rounds[k].missing_tables()) if 0 <= k < len(rounds) else 0

    done, missing = with_desk(args, run)
    if failures:
        return _refused(failures, _("nothing was stored: correct the lines above and send them all again"))
    print(
        _("{n} results recorded", n=done)
        + " · "
        + (
            ngettext("{k} result missing", "{k} results missing", missing, k=missing)
            if missing
            else _("round complete")
        )
    )
    return 0


def result_arguments(r: argparse.ArgumentParser, parsers: Builder) -> None:
    r.set_defaults(func=cmd_result)
    parsers.event_arg(r)
    r.add_argument("table", metavar="TABLE", help=_("table number, or - to read 'TABLE RESULT' lines from stdin"))
    r.add_argument("result", metavar="RESULT", nargs="?", help=_("2-0 2-1 1-2 0-2 1-0 0-1 1-1 0-0 1-1-1 or id"))
    r.add_argument("--round", type=int, metavar="N", help=_("correct a result of an earlier round"))
    r.add_argument("--correct", action="store_true", help=_("replace a result already recorded (otherwise refused)"))
    r.add_argument(
        "--by",
        metavar="HEAD_JUDGE",
        help=_(
            "with --correct: the head judge correcting a drop's forfeit, a finished event or "
            "a Swiss round under a top cut (the log records the name); with --extra-game or --winner: "
            "the organizer"
        ),
    )
    r.add_argument(
        "--time-called",
        action="store_true",
        help=_("a result only time can produce (1-1, 1-0, 0-0...) while the round still has time (G-BO3-TIME)"),
    )
    r.add_argument(
        "--extra-game",
        action="store_true",
        help=_(
            "elimination match at time with equal game wins: the organizer (--by) orders an extra game; "
            "its result is entered next (G-SE)"
        ),
    )
    r.add_argument(
        "--winner",
        metavar="PLAYER",
        help=_(
            "elimination match at time with equal game wins: the organizer (--by) names the winner, "
            "with --reason (G-SE)"
        ),
    )
    r.add_argument(
        "--reason", metavar="TEXT", help=_("with --winner: the organizer's reason (kept in the log and the match note)")
    )
    r.add_argument(
        "--then",
        choices=("repair", "keep"),
        help=_(
            "with --correct, when the correction breaks a later round (L-LATER): repair pairs it again "
            "(it has no result yet); keep (with --by HEAD_JUDGE) keeps it as played, recorded as a ruling"
        ),
    )
    r.add_argument(
        "--not-started",
        action="store_true",
        help=_(
            "with id and --by JUDGE: the table had not started (its players not shuffling) when the "
            "round clock started, as that judge saw (G-ID-1/2; the note keeps the name)"
        ),
    )


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"result": result_arguments}
