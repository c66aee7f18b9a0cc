"""``lycee verify`` (an independent re-check of an event) and ``lycee plan``
(the projected finish of the day)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from core.errors import LyceeError
from core.i18n import _
from core.randomevents import check_random
from core.reports.exchange import read_csv_doc
from core.reports.judge import judge_doc, judge_event
from core.rules.eventfile import load_doc
from core.tournament.plan import plan_event

from .argparsing import Arguments, Builder
from .common import CliError, datadir, out_json, read_event
from .season import verify_submission_folder


def verify_event(ev, claimed: dict | None = None):
    """The judgement of an event of the data dir (core/reports/judge.py): of
    its export, as import judges a file, compared with the program's own
    standings (and final places), or with ``claimed``."""

    return judge_event(ev, claimed).report


def _standings_doc(doc) -> bool:
    """Whether ``doc`` has a list "standings" of rows, each with a string "id"."""
    rows = doc.get("standings") if isinstance(doc, dict) else None
    if not isinstance(rows, list):
        return False
    return all(isinstance(r, dict) and isinstance(r.get("id"), str) for r in rows)


def _claimed(path: str) -> dict:
    """A ``standings --json`` document to check (``--standings FILE``)."""

    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise CliError(_("--standings {path}: not a readable JSON file ({err})", path=path, err=e)) from None
    if not _standings_doc(doc):
        raise CliError(
            _(
                '--standings {path}: a `standings --json` document has a list "standings" of rows with an "id"',
                path=path,
            )
        )
    return doc


def _verify_file(path: Path, max_mb: float | None = None, claimed: dict | None = None):
    """A lycee-event/1 file from elsewhere, judged as ``lycee import`` judges
    it (one judgement, core/reports/judge.py): the program's standings are
    compared too when the file imports."""

    return judge_doc(load_doc(path, max_mb), str(path), claimed).report


def _verify_path(path: Path, args, claimed):
    """The report of a file (a CSV of rounds, or a lycee-event/1 file), or None when ``path`` is no such file."""
    if path.suffix.lower() == ".csv" and path.is_file():
        return judge_doc(read_csv_doc(path, max_mb=args.max_mb), str(path), claimed).report
    if path.suffix == ".json" and path.is_file():
        return _verify_file(path, args.max_mb, claimed)
    return None


def cmd_verify(args) -> int:
    """``lycee verify FILE|EVENT|DIR/`` (or ``--random N``): every round, result, standing and placing re-checked."""
    if args.random is not None:
        return _random(args)
    if args.event is None:
        raise CliError(_("name the event to check (or --random N)"))
    path = Path(args.event)
    if path.is_dir():  # a signed submission folder (issue 47): tui/cli/season.py
        return verify_submission_folder(args)
    claimed = _claimed(args.standings) if args.standings else None
    rep = _verify_path(path, args, claimed)
    if rep is not None:
        return _report(rep, args, [])
    return _report(verify_event(read_event(args), claimed), args, _stored(args))


def _stored(args) -> list:
    """The event's checkpoints and backups that are not believed (docs/storage.md,
    "What is checked"): ``lycee verify`` names each; a damaged one fails the check."""
    dd = datadir(args)
    return dd.check_stored(dd.resolve(args.event))


def _report_json(rep, ignored: list, ok: bool) -> dict:
    doc = rep.to_json()
    if ignored:
        doc["ok"] = ok
        doc["ignored"] = [{"file": str(i.path), "reason": i.reason, "damaged": i.damaged} for i in ignored]
    return doc


def _report_failed(rep, ignored: list) -> None:
    """The findings on stdout; the summary on stderr (or, when only damaged files were ignored, a line saying so)."""
    for f in rep.findings:
        print(f.line())
    if not rep.ok:
        print(rep.summary(), file=sys.stderr)
        return
    print(rep.summary())
    print(
        _(
            "{n} damaged stored file(s) ignored (named above); the event was checked as its journal holds it",
            n=sum(i.damaged for i in ignored),
        ),
        file=sys.stderr,
    )


def _print_notes(rep, ignored: list) -> None:
    """The stored files ignored, then the lines about the rules the event was checked under."""
    for i in ignored:
        print(i.words())
    for line in getattr(rep, "ruled_lines", list)():
        print(line)


def _report(rep, args, ignored: list) -> int:
    """The verification said (text or JSON): exit 0 when all holds and no stored file was damaged."""
    ok = rep.ok and not any(i.damaged for i in ignored)
    if args.json:
        out_json(_report_json(rep, ignored, ok))
        return 0 if ok else 1
    _print_notes(rep, ignored)
    if ok:
        print(rep.summary())
        return 0
    _report_failed(rep, ignored)
    return 1


def _random_doc(run, seed: int, secs: float) -> dict:
    return {
        "events": run.events,
        "seed": seed,
        "rounds": run.rounds,
        "exact_rounds": run.exact,
        "local_rounds": run.local,
        "discrepancies": run.discrepancies,
        "per_1000": round(1000 * run.discrepancies / run.events, 2),
        "seconds": round(secs, 1),
        "methods": run.methods,
        "bad": [{"seed": i, "findings": [f.to_json() for f in fs]} for i, fs in run.bad],
    }


def _print_random(run, doc: dict) -> None:
    print(
        _(
            "{n} random events (seed {seed}), {r} rounds ({e} checked exactly, {l} locally): "
            "{k} with discrepancies ({per} per 1,000), {s} s",
            n=run.events,
            seed=doc["seed"],
            r=run.rounds,
            e=run.exact,
            l=run.local,
            k=run.discrepancies,
            per=doc["per_1000"],
            s=doc["seconds"],
        )
    )
    for i, fs in run.bad[:20]:
        print(_("  event of seed {s} (replay: lycee verify --random 1 --seed {s}):", s=i))
        for f in fs:
            print(f"    {f.line()}")


def _random(args) -> int:
    """``lycee verify --random N``: N random events played and checked; exit 1 on a discrepancy."""
    if args.random < 1:
        raise CliError(_("--random needs at least one event"))
    seed = args.seed if args.seed is not None else 0
    t0 = time.perf_counter()
    run = check_random(args.random, seed)
    doc = _random_doc(run, seed, time.perf_counter() - t0)
    if args.json:
        out_json(doc)
    else:
        _print_random(run, doc)
    return 0 if run.discrepancies == 0 else 1


def _check_plan_args(args) -> None:
    # any N from 2, as `lycee top N` (the top seeds get byes when N is no power of two)
    if args.top is not None and args.top != 0 and args.top < 2:
        raise CliError(_("--top {n}: a top cut has at least 2 players (0: none)", n=args.top))
    if args.rounds is not None and not 1 <= args.rounds <= 30:
        raise CliError(_("--rounds {n}: a whole number from 1 to 30", n=args.rounds))


def _plan_inputs(args):
    """The event, its actions, its clock and its history, read without the lock (README "Reading commands take no lock")."""
    dd = datadir(args)
    view = dd.view(dd.resolve(args.event))
    if view.note:
        print(f"lycee: {view.note}", file=sys.stderr)
    return view.event, view.actions, view.clock(), _history(dd, view.id)


def cmd_plan(args) -> int:
    """``lycee plan EVENT``: the projected finish time and the alternatives side by side."""
    _check_plan_args(args)
    ev, log, now, history = _plan_inputs(args)
    p = plan_event(ev, log, now, rounds=args.rounds, top=args.top, history=history)
    if args.json:
        out_json(p.to_json())
        return 0
    for line in p.lines():
        print(line)
    return 0


def _history(dd, skip: str) -> list[list[dict]]:
    """The logs of the store's other events (for measured times)."""

    out = []
    for eid in dd.event_ids()[-20:]:
        if eid == skip:
            continue
        try:
            out.append(dd.history(eid))
        except (LyceeError, OSError, ValueError, KeyError):  # unreadable: `event list` names it
            continue
    return out


def verify_arguments(v: argparse.ArgumentParser, parsers: Builder) -> None:
    v.set_defaults(func=cmd_verify)
    v.add_argument(
        "event",
        nargs="?",
        metavar="EVENT",
        help=_(
            "event id, or a unique id or name prefix, or a lycee-event/1 file (.json), "
            "or a CSV of rounds (.csv, docs/verify.md), or a submission folder (docs/season.md)"
        ),
    )
    v.add_argument(
        "--random",
        type=int,
        metavar="N",
        help=_(
            "play N seeded random events through the real pairing and check each; "
            "prints the seed of each event that disagrees"
        ),
    )
    v.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help=_("seed of --random (default 0): the events have seeds S, S+1, ...; --random 1 --seed S replays one"),
    )
    v.add_argument(
        "--standings",
        metavar="FILE",
        help=_(
            "check this `standings --json` document (points, record, tiebreakers, ranks, places) "
            "against the event instead of the program's own"
        ),
    )
    v.add_argument("--json", action="store_true")
    v.add_argument(
        "--key",
        metavar="HEX",
        help=_("with a submission folder: the store's public key as the organizer received it"),
    )
    v.add_argument(
        "--max-mb",
        type=float,
        metavar="MB",
        help=_("refuse a larger file before reading it (default 20, or LYCEE_IMPORT_MAX_MB)"),
    )


def plan_arguments(p: argparse.ArgumentParser, parsers: Builder) -> None:
    p.set_defaults(func=cmd_plan)
    parsers.event_arg(p)
    p.add_argument(
        "--rounds", type=int, metavar="N", help=_("Swiss rounds (default: planned, else log2 of the players)")
    )
    p.add_argument(
        "--top",
        type=int,
        metavar="N",
        help=_("top cut size: any number from 2, 0 for none (default: the bracket made, else none)"),
    )
    p.add_argument("--json", action="store_true")


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"verify": verify_arguments, "plan": plan_arguments}
