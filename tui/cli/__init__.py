"""``lycee``: the command line (DESIGN section 3), a thin face over the engine.

With no command it starts the app on the event list.  Every command exits 0 on
success and otherwise non-zero with a one-line reason on stderr; ``--json``
prints one JSON document on stdout.

This package never imports textual or rich (an import-linter contract in
pyproject.toml, checked by tests/test_boundaries.py), so every command starts
fast and runs where no terminal UI can.  The commands that open the app
(``lycee``, ``lycee demo``) hand over to :mod:`tui.launch`, the one import
that contract lets through.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from core import i18n, labels
from core.columns import ljust
from core.errors import LyceeError
from core.i18n import _, ngettext

from .common import (
    CliError,
    LazyChoices,
    datadir,
    export_target,
    json_text,
    open_event,
    os_error_message,
    out_json,
    raw_streams,
    read_event,
    safe_streams,
    shown,
    with_desk,
)

if TYPE_CHECKING:  # imported when a command runs: `lycee --help` stays light
    from core.desk import Desk
    from core.store import DataDir
    from tui.firstframe import Shown

__all__ = ["ARGPARSE_WORDS", "CliError", "build_parser", "main", "open_event", "read_event", "with_desk"]


def open_app(dd: DataDir, event: str | None = None) -> int:
    """Open the app (on the event list, or on ``event``): the hand-over to
    :mod:`tui.launch`, outside this package, which imports textual."""
    from tui.launch import open_app as launch

    global _frame_shown
    gc.enable()  # the app runs for hours: its cycles are collected (see no_cycle_collection)
    hand_over = None
    if _frame_shown is not None:
        _frame_shown.streams_back()
        hand_over = _frame_shown.hand_over  # Ctrl+Z or a kill takes the frame down until the app is built
    with raw_streams():  # the app draws with escape sequences of its own
        code = launch(dd, event, before_run=hand_over)
    shown, _frame_shown = _frame_shown, None
    if shown is not None:
        shown.done()  # the app has left the screen as it found it; the terminal's own settings back
    return code


def tiebreaker_help() -> str:
    """``--tiebreakers``: the keys of core.event.tiebreakers, in order."""
    from core.event.tiebreakers import names

    return _("from {names} in order; empty for none", names=",".join(names()))


def rules_help(fixed: bool = False) -> str:
    """``--rules``: the rule sets, in words (O-RULES)."""
    from core.event.model import RULE_SETS

    text = labels.choices(RULE_SETS, labels.rules_label)
    if fixed:
        return _("{choices}; fixed once round 1 is paired", choices=text)
    return _("{choices} (default 2008: the guideline this desk implements)", choices=text)


# -- commands -------------------------------------------------------------------


def cmd_app(args) -> int:
    """The app on the event list; a data dir with no event at all gets a demo
    event first, so a fresh install shows real data.  While the app loads,
    the list as the app last drew it is on the terminal when nothing it shows
    has changed since (``_early_frame``)."""
    dd = datadir(args)
    if not dd.event_ids():
        from core.demo import make_demo

        make_demo(dd, players=16).close()
    return open_app(dd)


def cmd_demo(args) -> int:
    from core.demo import make_demo

    dd = datadir(args)
    store = make_demo(dd, players=args.players, kind=args.kind, seed=args.seed)
    eid = store.id
    try:
        if args.kind != "constructed":
            # a limited demo starts in its build phase: sealed pools opened,
            # or the draft pods seated and drafted by bots
            from core.desk import Desk
            from limited import event as limited_event

            desk = Desk(store, actor="demo")
            seed = args.seed if args.seed is not None else 1
            if args.kind == "sealed":
                limited_event.open_sealed_pools(desk, "alpha", "1s3b", seed, start=False)
            else:
                limited_event.draft_pods(desk, "alpha", 4, seed)
                limited_event.simulate_draft(desk, start=False)
    finally:
        store.close()
    if args.no_tui:
        print(eid)
        return 0
    return open_app(dd, eid)


def elimination_rounds(args) -> int | None:
    """``--format elimination`` is ``--rounds 0`` (G-SE from the start); a Swiss
    round count with it is refused."""
    if getattr(args, "format", None) == "elimination":
        if args.rounds not in (None, 0):
            raise CliError(
                _(
                    "--format elimination plays no Swiss round: leave out --rounds {n} (or give --rounds 0)",
                    n=args.rounds,
                )
            )
        return 0
    return args.rounds


def cmd_event_new(args) -> int:
    from core.rules.staff import split_names  # 佐藤、鈴木 is two judges

    settings = {
        "name": args.name,
        "kind": args.kind,
        "match": args.match,
        "rounds_planned": elimination_rounds(args),
        "tiebreakers": [t for t in args.tiebreakers.split(",") if t] if args.tiebreakers is not None else None,
        "staff": {
            "organizer": args.organizer or "",
            "judges": split_names(args.judge),
            "head_judge": args.head_judge or "",
        },
        "sanctioned": not args.unsanctioned,
        "rules": args.rules,
        "decklists_required": args.decklists,
        "spectating": not args.no_spectating,
    }
    if args.date:
        settings["date"] = args.date
    if args.minutes is not None:
        settings["minutes"] = args.minutes
    if settings["tiebreakers"] is None:
        del settings["tiebreakers"]
    store = datadir(args).create(settings)
    ev = store.event
    print(store.id)
    store.close()
    from core.event.timing import minutes_advice

    advice = minutes_advice(ev.match, ev.minutes, kind=ev.kind)
    if advice:
        print(_("lycee: warning: {advice}", advice=advice), file=sys.stderr)
    return 0


def cmd_event_set(args) -> int:
    """Change settings; one action each (DESIGN section 3).  Locked settings
    are refused naming why (core.settings)."""
    from core.event.timing import minutes_advice
    from core.rules.settings import field_label, show_value

    wanted = {}
    for key, attr in (
        ("name", "name"),
        ("date", "date"),
        ("match", "match"),
        ("minutes", "minutes"),
        ("rounds_planned", "rounds"),
        ("rules", "rules"),
        ("sanctioned", "sanctioned"),
        ("decklists_required", "decklists"),
        ("spectating", "spectating"),
        ("phone_reports", "phone_reports"),
    ):
        v = getattr(args, attr)
        if v is not None:
            wanted[key] = v
    if args.tiebreakers is not None:
        wanted["tiebreakers"] = [t.strip() for t in args.tiebreakers.split(",") if t.strip()]
    if not wanted:
        raise CliError(
            _("nothing to change: give at least one setting, e.g. `lycee event set EVENT --minutes 60` (see --help)")
        )

    def run(d: Desk):
        from core.rules.settings import notices

        before = d.event
        changes = d.set_settings(wanted)
        return changes, d.event, notices(before, changes)

    changes, ev, said = with_desk(args, run)
    if not changes:
        print(_("nothing changed: the event already has these settings"))
    for k, v in changes.items():
        print(_("{setting}: {value}", setting=field_label(k), value=show_value(k, v)))
    for line in said:  # L-SET-LOCK: what the change still asks of the organizer
        print(_("warning: {advice}", advice=line), file=sys.stderr)
    if "minutes" in wanted or "match" in wanted:
        advice = minutes_advice(ev.match, ev.minutes, kind=ev.kind)
        if advice:
            print(_("warning: {advice}", advice=advice), file=sys.stderr)
    return 0


def cmd_event_list(args) -> int:
    events = datadir(args).list_events()
    if args.json:
        out_json(
            {
                "events": [
                    {
                        "id": e.id,
                        "name": e.name,
                        "date": e.date,
                        "kind": e.kind,
                        "rules": e.rules,
                        "match": e.match,
                        "players": e.players,
                        "rounds": e.rounds,
                        **({"problem": e.problem} if e.problem else {}),
                    }
                    for e in events
                ]
            }
        )
        return 0
    if not events:
        print(_("no events yet: create one with `lycee event new NAME` or `lycee demo`"))
    for e in events:
        if e.problem:
            print(f"{e.id}  ! {shown(e.problem)}")
        else:
            print(
                f"{e.id}  {e.date}  {ljust(labels.kind_label(e.kind), 11)} "
                f"{ljust(labels.rules_label(e.rules), 18)} {labels.match_label(e.match)}  "
                + _(
                    "{players}, {rounds}",
                    players=ngettext("{n} player", "{n} players", e.players),
                    rounds=ngettext("{r} round", "{r} rounds", e.rounds, r=e.rounds),
                )
                + f"  {shown(e.name)}"
            )
    return 0


def cmd_event_delete(args) -> int:
    dd = datadir(args)
    eid = dd.resolve(args.event)
    if not args.yes:
        raise CliError(_("deleting {event} removes it and its backups: add --yes to confirm", event=eid))
    dd.delete(eid)
    print(_("deleted {event}", event=eid))
    return 0


def cmd_player_add(args) -> int:
    if not args.names and not args.member:
        raise CliError(_("name the players to add, or give --member NUMBER"))
    if args.member and args.reading:
        raise CliError(_("--reading is for names typed here: a member's reading comes from the member list"))
    readings = args.reading
    suggested: dict[int, str] = {}
    if args.suggest_reading and args.names:  # L-READING: a name given without a reading gets the suggested one
        from core.readings import available, suggest_reading

        if not available():
            raise CliError(_("--suggest-reading needs the readings extra: pip install 'lycee[readings]' (janome)"))
        given = list(readings or [])
        if given and len(given) != len(args.names):
            given = []  # add_players names the mismatch
        else:
            readings = []
            for i, name in enumerate(args.names):
                mine = given[i] if given else ""
                if not mine and (s := suggest_reading(name)):
                    suggested[i], mine = s, s
                readings.append(mine)

    def run(d: Desk) -> tuple[list[str], list[str]]:
        members = d.add_members(d.store.datadir.root, args.member) if args.member else []  # issue 47
        named = d.add_players(args.names, allow_same_name=args.allow_same_name, readings=readings) if args.names else []
        return members, named

    members, named = with_desk(args, run)
    print("\n".join(members + named))
    for i, reading in suggested.items():  # on stderr: stdout stays the ids, one a line
        print(
            _(
                "{id} {name}: reading {reading} suggested (correct it with lycee player rename --reading)",
                id=named[i],
                name=shown(args.names[i]),
                reading=reading,
            ),
            file=sys.stderr,
        )
    return 0


def cmd_player_rename(args) -> int:
    def run(d: Desk):
        p = d.player(args.player)
        d.rename(p.id, args.new_name, reading=args.reading, allow_same_name=args.allow_same_name)
        return p, d.event.player(p.id)

    old, new = with_desk(args, run)
    from core.rules.players import rename_line

    print(shown(rename_line(old.name, new.name, new.reading, new.reading != old.reading)))
    return 0


def cmd_player_remove(args) -> int:
    def run(d: Desk):
        p = d.player(args.player)
        d.remove(p.id)
        return p

    p = with_desk(args, run)
    print(_("removed the registration of {name}", name=p.name))
    return 0


def cmd_player_drop(args) -> int:
    def run(d: Desk):
        p = d.player(args.player)
        ev = d.drop(p.id, forfeit=not args.no_forfeit)
        return p, ev

    p, ev = with_desk(args, run)
    from core.rules.players import kept_bye_text

    bye = kept_bye_text(ev, p.id)  # L-DROP-BYE: said, never silent
    print(
        _("{name} dropped", name=p.name)
        + (
            " · " + _("the match of this round waits for the result the organizer enters (G-DROP-2)")
            if args.no_forfeit and not bye
            else ""
        )
        + (" · " + bye if bye else "")
    )
    return 0


def cmd_player_list(args) -> int:
    ev = read_event(args)
    if args.json:
        out_json(
            {
                "players": [
                    {
                        "id": p.id,
                        "name": p.name,
                        "reading": p.reading,
                        "status": p.status,
                        "joined_round": p.joined_round,
                    }
                    for p in ev.players
                ]
            }
        )
    else:
        for p in ev.players:
            print(f"{p.id}\t{shown(p.name)}\t{shown(p.reading or '')}\t{labels.player_status_label(p.status)}")
    return 0


def cmd_undo(args) -> int:
    from core.log.registry import describe

    act, names = with_desk(args, lambda d: (d.undo(), {p.id: p.name for p in d.event.players}))
    print(_("undone: #{seq} {what}", seq=act["seq"], what=describe(act, names)))
    return 0


def cmd_redo(args) -> int:
    from core.log.registry import describe

    act, names = with_desk(args, lambda d: (d.redo(), {p.id: p.name for p in d.event.players}))
    print(_("redone: {what}", what=_("#{seq} {what}", seq=act["seq"], what=describe(act, names))))
    return 0


def cmd_log(args) -> int:
    from core.store.store import trail_query

    dd = datadir(args)
    rows = dd.history(dd.resolve(args.event), trail_query(args.kind, args.actor, args.round))
    if args.json:
        out_json({"log": rows})
        return 0
    from core.log.registry import describe

    ev = read_event(args)
    names = {p.id: p.name for p in (*ev.players, *ev.removed)}  # a removed registration is named too
    for r in rows:
        mark = _(" (undone)") if r["undone"] else ""
        if isinstance(r.get("redo"), int):
            mark = _(" (redo of the undo #{seq})", seq=r["redo"]) + mark
        who = labels.actor_label(str(r["actor"]))
        if r.get("device"):  # where it came from: the command line through the app's door, a phone
            who = _("{actor} ({device})", actor=labels.actor_label(str(r["actor"])), device=r["device"])
        print(f"#{r['seq']:<4} {shown(r['at'])}  {ljust(shown(who), 10)} {shown(describe(r, names))}{mark}")
    return 0


def cmd_export(args) -> int:
    from core.reports import exports

    if args.what == "submission":  # a signed folder (issue 47): tui/cli/season.py
        from .season import export_submission

        return export_submission(args)
    whole = read_event(args)
    ev = exports.as_of_round(whole, args.round)  # an earlier round's pairings, slips, standings
    log = read_event(args, history=True) if args.what == "report" else None  # planned vs actual times
    text = exports.render(ev, args.what, args.format, log=log, explain=args.explain)
    if args.what == "scorecard" and exports.missing_results(ev):
        print(_("lycee: warning: the scorecard is incomplete: {what}", what=exports.missing_text(ev)), file=sys.stderr)
    if args.output:
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
    else:
        text = json_text(text) if args.format == "json" else text
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def cmd_import(args) -> int:
    from core.reports.judge import judge_doc
    from core.rules.eventfile import load_doc

    if args.csv:  # a CSV of rounds from paper or another desk (core/reports/exchange.py, docs/verify.md)
        from core.reports.exchange import read_csv_doc

        doc = read_csv_doc(Path(args.file), max_mb=args.max_mb)  # the same size cap as a JSON file
    else:
        doc = load_doc(Path(args.file), args.max_mb)
    # one judgement with `lycee verify` (core/reports/judge.py): every problem, before anything is stored
    ev = judge_doc(doc, source=args.file).accepted(args.file)
    store = datadir(args).import_event(doc, event=ev)
    print(store.id)
    store.close()
    return 0


def version_text(data_dir: str | None) -> str:
    """What ``lycee --version`` prints: enough for a store to say what it runs
    when asking for help (the app's version, where its events are, the Python
    and Textual it runs on).  Textual is not imported, only looked up."""
    import platform
    from importlib import metadata

    def dist_version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return _("not installed")

    from core.paths import data_root

    root = data_root(data_dir)  # named even when it is not a folder (a DataDir refuses that)
    return "\n".join(
        [
            f"lycee {dist_version('lycee')}",
            _("data folder: {path}", path=root),
            f"Python {platform.python_version()} ({sys.executable})",
            f"Textual {dist_version('textual')}",
        ]
    )


# -- the parser ---------------------------------------------------------------------


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
    from core.columns import wrap

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
        import re

        from core.columns import width as cols

        text = super()._format_action(action)
        header = self._format_action_invocation(action)
        extra = cols(header) - len(header)
        if extra > 0:
            text = re.sub(re.escape(header) + " {%d}(?= )" % extra, lambda m: header, text, count=1)
        return text

    def _format_usage(self, usage, actions, groups, prefix):
        from core.columns import width as cols

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


class Unbuilt:
    """The parser of a command this run does not use (:func:`build_parser`'s
    ``only``): it takes every call that builds a parser and keeps nothing
    (an attribute read is one more of it, its ``choices`` hold nothing)."""

    def __getattr__(self, name) -> Unbuilt:
        return self

    def __setattr__(self, name, value) -> None:
        pass

    def __call__(self, *args, **kw) -> Unbuilt:
        return self

    def __iter__(self):
        return iter(())

    def __len__(self) -> int:
        return 0


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``lycee``.  ``only``: the command the arguments name
    (:func:`peek_command`): the other commands' parsers are left unbuilt
    (a fifth of a second's start-up in argparse calls), so only
    that command's arguments are known; a name that is no command gets the
    whole parser (which names the choices)."""
    if only is not None:
        p = build_parser_of(only)
        if p is not None:
            return p
    return build_parser_of(None)  # type: ignore[return-value]  # None: every command, always a parser


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


def build_parser_of(only: str | None) -> argparse.ArgumentParser | None:
    argparse_through_catalog()
    common = Parser(add_help=False)
    common.add_argument(
        "--data-dir",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help=_("folder for events (default: LYCEE_DATA_DIR or the user data dir)"),
    )
    common.add_argument(
        "--lang",
        choices=i18n.LANGS,
        default=argparse.SUPPRESS,
        help=_("language of messages and screens (default: from the locale)"),
    )

    p = Parser(
        prog="lycee",
        parents=[common],
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
    p.set_defaults(func=cmd_app)
    sub = p.add_subparsers(title=_("commands"), metavar="COMMAND")
    built: list[str] = []
    if only is not None:
        add_parser = sub.add_parser

        def add_only(name, **kw):
            if name != only:
                return Unbuilt()
            built.append(name)
            return add_parser(name, **kw)

        sub.add_parser = add_only  # type: ignore[method-assign]

    def cmd(parent, name, func, help_, **kw):
        sp = parent.add_parser(name, parents=[common], help=help_, description=help_, **kw)
        sp.set_defaults(func=func)
        return sp

    def event_arg(sp):
        sp.add_argument("event", metavar="EVENT", help=_("event id, or a unique id or name prefix"))

    d = cmd(sub, "demo", cmd_demo, _("create a demo event with generated players and open it"))
    d.add_argument("--players", type=int, default=16, metavar="N")
    d.add_argument("--kind", choices=("constructed", "sealed", "draft"), default="constructed")
    d.add_argument("--seed", type=int, default=None, metavar="S")
    d.add_argument("--no-tui", action="store_true", help=_("only create it; print its id"))

    ev = sub.add_parser("event", help=_("create, list and delete events"))
    evs = ev.add_subparsers(title=_("event commands"), metavar="ACTION", required=True)
    n = cmd(evs, "new", cmd_event_new, _("create an event; prints its id"))
    n.add_argument("name", metavar="NAME", help=_("the event's name"))
    n.add_argument("--date", metavar="YYYY-MM-DD", help=_("event date (default: today)"))
    n.add_argument(
        "--kind",
        choices=("constructed", "sealed", "draft"),
        default="constructed",
        help=labels.choices(("constructed", "sealed", "draft"), labels.kind_label),
    )
    n.add_argument(
        "--match", choices=("bo3", "bo1"), default="bo3", help=labels.choices(("bo3", "bo1"), labels.match_label)
    )
    n.add_argument("--rounds", type=int, metavar="N", help=_("Swiss rounds planned (0: single elimination only)"))
    n.add_argument(
        "--format",
        choices=("swiss", "elimination"),
        default="swiss",
        help=_("swiss (a top cut may follow) or elimination: single elimination with every player (G-SE)"),
    )
    n.add_argument("--minutes", type=int, metavar="M", help=_("minutes a match (default 50, or 30 in bo1)"))
    n.add_argument("--organizer", metavar="NAME", help=_("the organizer's name"))
    n.add_argument(
        "--judge", action="append", metavar="NAME", help=_("repeat for each judge, or separate names with , or 、")
    )
    n.add_argument("--head-judge", metavar="NAME", help=_("the head judge (one of the judges)"))
    n.add_argument("--tiebreakers", metavar="LIST", help=tiebreaker_help())
    n.add_argument("--rules", choices=("2008", "overture"), default="2008", help=rules_help())
    n.add_argument(
        "--unsanctioned",
        action="store_true",
        help=_("mark the event unsanctioned (it may then run without full staff)"),
    )
    n.add_argument("--decklists", action="store_true", help=_("decklists required (G-DECKLIST)"))
    n.add_argument("--no-spectating", action="store_true", help=_("spectating forbidden (G-SPECTATE)"))
    st = cmd(
        evs,
        "set",
        cmd_event_set,
        _("change an event's settings; each change is an action in the log (undo with `lycee undo`)"),
    )
    event_arg(st)
    st.add_argument("--name", metavar="NAME")
    st.add_argument("--date", metavar="YYYY-MM-DD")
    st.add_argument("--match", choices=("bo3", "bo1"))
    st.add_argument("--minutes", type=int, metavar="M", help=_("minutes a match"))
    st.add_argument("--rounds", type=int, metavar="N", help=_("Swiss rounds planned"))
    st.add_argument("--tiebreakers", metavar="LIST", help=tiebreaker_help())
    st.add_argument("--rules", choices=("2008", "overture"), help=rules_help(fixed=True))
    g = st.add_mutually_exclusive_group()
    g.add_argument("--sanctioned", dest="sanctioned", action="store_true", default=None)
    g.add_argument("--unsanctioned", dest="sanctioned", action="store_false")
    g = st.add_mutually_exclusive_group()
    g.add_argument(
        "--decklists", dest="decklists", action="store_true", default=None, help=_("decklists required (G-DECKLIST)")
    )
    g.add_argument("--no-decklists", dest="decklists", action="store_false")
    g = st.add_mutually_exclusive_group()
    g.add_argument("--spectating", dest="spectating", action="store_true", default=None)
    g.add_argument(
        "--no-spectating", dest="spectating", action="store_false", help=_("spectating forbidden (G-SPECTATE)")
    )
    g = st.add_mutually_exclusive_group()
    g.add_argument(
        "--phone-reports",
        dest="phone_reports",
        action="store_true",
        default=None,
        help=_("players report their results from their phones (lycee serve; off by default)"),
    )
    g.add_argument("--no-phone-reports", dest="phone_reports", action="store_false")
    lst = cmd(evs, "list", cmd_event_list, _("list the events in the data dir"))
    lst.add_argument("--json", action="store_true")
    de = cmd(evs, "delete", cmd_event_delete, _("delete an event and its backups"))
    event_arg(de)
    de.add_argument("--yes", action="store_true", help=_("confirm"))

    pl = sub.add_parser("player", help=_("add, rename, remove, drop and list players"))
    pls = pl.add_subparsers(title=_("player commands"), metavar="ACTION", required=True)
    a = cmd(pls, "add", cmd_player_add, _("register players; prints their ids, one a line"))
    event_arg(a)
    a.add_argument("names", nargs="*", metavar="NAME")
    a.add_argument(
        "--member",
        action="extend",
        nargs="+",
        metavar="NUMBER",
        help=_("register members of the store's list by number, with their names and readings (lycee members)"),
    )
    a.add_argument(
        "--allow-same-name",
        action="store_true",
        help=_("a second person of a name already registered (shown as NAME (2))"),
    )
    a.add_argument(
        "--reading",
        action="append",
        metavar="よみ",
        help=_(
            "the reading of a name in kana (sorts by-name sheets in 五十音 order); with several "
            'names give it once per name, in their order (--reading "" for none)'
        ),
    )
    a.add_argument(
        "--suggest-reading",
        action="store_true",
        help=_(
            "give each name without a --reading the reading the dictionary suggests, and say "
            "so on stderr (needs the readings extra)"
        ),
    )
    rn = cmd(pls, "rename", cmd_player_rename, _("correct a player's name (and reading): logged, undoable"))
    event_arg(rn)
    rn.add_argument("player", metavar="PLAYER", help=_("player id or exact name"))
    rn.add_argument("new_name", metavar="NEW_NAME", help=_("the corrected name (the same-name rule applies to it)"))
    rn.add_argument("--reading", metavar="よみ", help=_('the reading in kana ("" clears it; kept when not given)'))
    rn.add_argument(
        "--allow-same-name",
        action="store_true",
        help=_("a second person of a name already registered (shown as NAME (2))"),
    )
    rm = cmd(
        pls,
        "remove",
        cmd_player_remove,
        _(
            "take back a registration never paired (a no-show): in no list or export, only the log; "
            "after a pairing use drop"
        ),
    )
    event_arg(rm)
    rm.add_argument("player", metavar="PLAYER", help=_("player id or exact name"))
    dr = cmd(pls, "drop", cmd_player_drop, _("drop a player (G-DROP-1/2)"))
    event_arg(dr)
    dr.add_argument("player", metavar="PLAYER", help=_("player id or exact name"))
    dr.add_argument(
        "--no-forfeit",
        action="store_true",
        help=_(
            "do not record the loss of the current match: its result is entered as usual "
            "(G-DROP-2 allows the loss, it does not demand it)"
        ),
    )
    ls = cmd(pls, "list", cmd_player_list, _("list the players"))
    event_arg(ls)
    ls.add_argument("--json", action="store_true")
    importlib.import_module("tui.cli.apart").register(pls, cmd, event_arg)
    importlib.import_module("tui.cli.reports").register_player(pls, cmd, event_arg)

    u = cmd(sub, "undo", cmd_undo, _("undo the last action and say which"))
    event_arg(u)
    rd = cmd(sub, "redo", cmd_redo, _("redo the last undo (only while nothing else was stored since) and say which"))
    event_arg(rd)
    lg = cmd(sub, "log", cmd_log, _("the event's audit trail: every action, who and when"))
    event_arg(lg)
    lg.add_argument("--json", action="store_true")
    from core.log.actions import PAYLOADS

    lg.add_argument(
        "--kind",
        choices=sorted(PAYLOADS),
        metavar="KIND",
        help=_("only actions of this kind (result, pair, penalty...)"),
    )
    lg.add_argument(
        "--actor",
        metavar="WHO",
        help=_("only actions by this actor (desk, cli: the command line through the app's window, import...)"),
    )
    lg.add_argument("--round", type=int, metavar="N", help=_("only actions of round N"))

    ex = cmd(sub, "export", cmd_export, _("export the event, pairings, standings, scorecard or decklists"))
    event_arg(ex)
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
    im = cmd(
        sub, "import", cmd_import, _("check a lycee-event/1 file as `lycee verify` does and store it; prints its id")
    )
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

    for name in CLI_MODULES:
        importlib.import_module(name).register(sub, cmd, event_arg)
    if only is not None and not built:
        return None
    return p


#: Command groups kept in modules of their own; each has
#: ``register(subparsers, cmd, event_arg)``.
CLI_MODULES: list[str] = [
    "tui.cli.engine",
    "tui.cli.cards",
    "tui.cli.sealed_draft",
    "tui.cli.round",
    "tui.cli.decks",
    "tui.cli.verify",
    "tui.cli.serve",
    "tui.cli.repair",
    "tui.cli.reports",
    "tui.cli.season",
    "tui.cli.members",
]


def _peek_option(argv: list[str], name: str = "--lang") -> str | None:
    """An option's value, the last given as argparse takes it (``--lang``:
    read before the parser is built so that its help texts come out in the
    chosen language)."""
    found = None
    for i, a in enumerate(argv):
        if a == name and i + 1 < len(argv):
            found = argv[i + 1]
        elif a.startswith(name + "="):
            found = a.split("=", 1)[1]
    return found


def _early_frame(argv: list[str]) -> Shown | None:
    """``lycee`` alone (or with ``--data-dir`` / ``--lang``) opens the app on
    the event list: the list as the app last drew it goes on the terminal
    before the parser and the app are built (tui.firstframe); the frame
    shown, or None."""
    rest = [
        a
        for i, a in enumerate(argv)
        if a not in ("--data-dir", "--lang") and argv[i - 1 : i] not in (["--data-dir"], ["--lang"])
    ]
    if any(not a.startswith(("--data-dir=", "--lang=")) for a in rest):
        return None
    from core.paths import data_root
    from tui.firstframe import show

    return show(data_root(_peek_option(argv, "--data-dir")), i18n.language())


def _ignore_file_size_signal() -> None:
    """With a file size limit (`ulimit -f`) the kernel kills a process whose
    write goes past it (SIGXFSZ) unless the signal is ignored; ignored, the
    write fails with EFBIG and the command says so (nothing stored)."""
    import signal

    if hasattr(signal, "SIGXFSZ"):
        try:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        except ValueError:  # not the main thread (tests): nothing to do
            pass


@contextlib.contextmanager
def no_cycle_collection():
    """A command runs without the cyclic garbage collector (start-up: issue
    31).  A command lives for a fraction of a second and what it builds (the
    event's tens of thousands of objects) is freed by reference counting; the
    collector would only walk it again and again while it is built, a tenth of
    ``lycee pair``'s time at 2,048 players.  The app and ``lycee serve``, which
    run for hours, turn it back on; the state before is put back after (tests
    call :func:`main` in their own process)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def main(argv: list[str] | None = None) -> int:
    _ignore_file_size_signal()
    with (
        no_cycle_collection(),
        safe_streams(),
    ):  # one terminal sanitiser for all a command prints (docs/names.md, L-TERM)
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    words = sys.argv[1:] if argv is None else argv
    try:
        i18n.set_language(_peek_option(words))
    except ValueError:
        i18n.set_language(None)  # argparse names the bad value below
    global _frame_shown
    _frame_shown = _early_frame(words) if argv is None else None  # not for main() called by tests
    try:
        return _run(argv, build_parser(only=peek_command(words)))
    finally:
        shown, _frame_shown = _frame_shown, None
        if shown is not None:
            shown.take_down()  # the app never took the screen: the frame is taken off


#: The early frame on the terminal (_early_frame) until the app has run.
_frame_shown: Shown | None = None


def _run(argv: list[str] | None, parser) -> int:
    args = parser.parse_args(argv)
    for k, v in (("data_dir", None), ("lang", None)):
        if not hasattr(args, k):
            setattr(args, k, v)
    i18n.set_language(args.lang)
    if getattr(args, "version", False):
        print(version_text(args.data_dir))
        return 0
    if getattr(args, "long_running", False):
        gc.enable()  # `lycee serve`: hours, not a fraction of a second (no_cycle_collection)
    from core import paths

    before = paths.use_data_dir(args.data_dir)  # the store's card list joins every catalog (issue 43)
    try:
        return args.func(args) or 0
    except LyceeError as err:  # CliError and ValidationError included
        print(f"lycee: {err}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `lycee ... | head`: the reader has had enough (an OSError: caught first)
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:
        from core.paths import data_root

        print("lycee: " + os_error_message(err, data_root(args.data_dir) / "events"), file=sys.stderr)
        return 1
    except RecursionError:
        print("lycee: " + _("the input is nested too deeply to be read"), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    finally:
        paths.use_root(before)
