"""``lycee season``: seasons across events and stores (issue 47,
docs/season.md); the work is core.season's."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from core.columns import ljust, width
from core.i18n import _
from core.paths import data_root
from core.reports.exports import as_of_round, safe_name, write_export
from core.reports.submission import public_key, verify_submission, write_submission
from core.season.deadlines import deadline_words, deadlines, record_written
from core.season.rules import scoring_notes
from core.season.season import (
    add_events,
    events_words,
    import_event,
    list_seasons,
    new_season,
    rule_words,
    standings,
    standings_html,
    standings_table,
    today,
)

from .argparsing import Arguments, Builder
from .common import CliError, datadir, export_target, os_error_message, out_json, read_event, shown


def _root(args) -> Path:

    return data_root(args.data_dir)


def cmd_season_new(args) -> int:

    s = new_season(_root(args), args.name, args.points, args.best, args.min_events or 0, args.ratings)
    print(_("season {id}: {name} ({about})", id=s.id, name=shown(s.name), about=rule_words(s)))
    print(s.id)
    return 0


def cmd_season_list(args) -> int:

    seasons = list_seasons(_root(args))
    if args.json:
        out_json({"seasons": [{**s.to_doc(), "events": len(s.events)} for s in seasons]})
        return 0
    if not seasons:
        print(_("no season yet: `lycee season new NAME --points win=3,draw=1,loss=0`"))
    for s in seasons:
        print(f"{s.id}  {shown(s.name)}  {rule_words(s)}  " + _("{n} events", n=len(s.events)))
    return 0


def cmd_season_add(args) -> int:

    season, added = add_events(_root(args), datadir(args), args.season, args.events)
    for eid, key in added:
        print(_("added to {season}: event {eid} ({key})", season=season.id, eid=eid, key=key))
    return 0


def _mapping(pairs: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for p in pairs or []:
        name, eq, number = p.partition("=")
        if not eq or not name.strip() or not number.strip():
            raise CliError(_("--map {text!r}: write NAME=MEMBER_NUMBER, e.g. --map 田中美咲=M001", text=p))
        out[name.strip()] = number.strip()
    return out


def cmd_season_import(args) -> int:

    rep = import_event(_root(args), args.season, Path(args.file), _mapping(args.map), args.max_mb)
    if rep.unchanged:
        print(_("{key} ({name}) was imported before, unchanged: counted once", key=rep.key, name=shown(rep.name)))
    elif rep.replaced:
        print(
            _(
                "{key} ({name}) was imported before: replaced by this file (counted once)",
                key=rep.key,
                name=shown(rep.name),
            )
        )
    else:
        print(_("imported into {season}: {key} ({name})", season=rep.season.id, key=rep.key, name=shown(rep.name)))
    print(_("{m} of {n} players matched by member number", m=rep.matched, n=rep.players))
    if rep.unmatched:
        print(_("players without a member number (they count under their name alone):"))
        for name in rep.unmatched:
            print("  " + shown(name))
        print(
            _(
                "to count them as members, import again with --map NAME=MEMBER_NUMBER for each "
                "(the event is replaced, still counted once)"
            )
        )
    return 0


def _season_html(args, st) -> int:
    """The standings as a page: on stdout, or written to ``-o`` (a folder gets a file named by the season)."""
    text = standings_html(st)
    if not args.output:
        sys.stdout.write(text)
        return 0
    out, made = export_target(args.output, f"season-{st.season.id}-{safe_name(st.season.name)}.html")
    if made is not None:
        print(_("created folder: {path}", path=made))
    try:
        write_export(out, text)
    except OSError as err:
        raise CliError(os_error_message(err)) from None
    print(_("written: {path}", path=out))
    return 0


def _column_widths(cells: list[list[str]]) -> list[int]:
    """Each column's display width: its widest cell."""
    return [max(width(r[i]) for r in cells) for i in range(len(cells[0]))]


def _print_season_table(st) -> None:
    """The standings as columns, by display width."""
    header, rows = standings_table(st)
    cells = [header, *[[shown(c) for c in r] for r in rows]]
    widths = _column_widths(cells)
    for r in cells:
        print("  ".join(ljust(c, w) for c, w in zip(r, widths, strict=True)).rstrip())


def _print_season(args, st) -> None:
    print(shown(f"{st.season.id} {st.season.name}"))
    print(rule_words(st.season))
    _print_season_table(st)
    print()
    for line in events_words(st):
        print(shown(line))
    if args.notes:
        print()
        for n in scoring_notes(st.season.rule):
            print("- " + n)


def cmd_season_standings(args) -> int:
    """``lycee season standings SEASON``: as text, JSON or a page; events left out said on stderr."""
    st = standings(_root(args), datadir(args), args.season)
    for p in st.problems:
        print(_("lycee: warning: left out: {what}", what=p), file=sys.stderr)
    if args.json:
        out_json(st.to_json())
    elif args.format == "html":
        return _season_html(args, st)
    else:
        _print_season(args, st)
    return 0


def season_arguments(se: argparse.ArgumentParser, parsers: Builder) -> None:
    ss = se.add_subparsers(title=_("season commands"), metavar="ACTION", required=True)
    n = parsers.cmd(ss, "new", cmd_season_new, _("make a season; prints its id on the last line"))
    n.add_argument("name", metavar="NAME")
    n.add_argument(
        "--points",
        required=True,
        metavar="RULE",
        help=_("match points win=3,draw=1,loss=0 (and attend=P), or places 1=10,2=7,3-4=5,5-8=3 (and attend=P)"),
    )
    n.add_argument("--best", type=int, metavar="N", help=_("count each member's best N events (default: all)"))
    n.add_argument("--min-events", type=int, metavar="K", help=_("rank only members with K events or more"))
    n.add_argument(
        "--ratings",
        choices=("openskill",),
        help=_("show an OpenSkill rating beside the points (off by default; never used for pairing)"),
    )
    ls = parsers.cmd(ss, "list", cmd_season_list, _("the seasons"))
    ls.add_argument("--json", action="store_true")
    a = parsers.cmd(ss, "add", cmd_season_add, _("add events of this data folder to a season (each once)"))
    a.add_argument("season", metavar="SEASON", help=_("season id or a unique name prefix"))
    a.add_argument("events", nargs="+", metavar="EVENT")
    st = parsers.cmd(
        ss, "standings", cmd_season_standings, _("a season's standings, from its events as they stand now")
    )
    st.add_argument("season", metavar="SEASON")
    st.add_argument("--json", action="store_true")
    st.add_argument("--format", choices=("text", "html"), default="text", help=_("html: a page for the wall"))
    st.add_argument("-o", "--output", metavar="FILE", help=_("with --format html: write it here (a file or a folder/)"))
    st.add_argument(
        "--notes",
        action="store_true",
        help=_("say how a bye, an intentional draw, a double loss and elimination matches score"),
    )
    im = parsers.cmd(
        ss,
        "import",
        cmd_season_import,
        _(
            "import another store's lycee-event/1 file into a season, checked as `lycee verify` does; "
            "the same event (store number and id) imported again replaces it"
        ),
    )
    im.add_argument("season", metavar="SEASON")
    im.add_argument("file", metavar="FILE")
    im.add_argument(
        "--map",
        action="append",
        metavar="NAME=M001",
        help=_("count a player the file gives no member number as this member"),
    )
    im.add_argument("--max-mb", type=float, metavar="MB", help=_("refuse a larger file before reading it"))


def deadlines_arguments(dl: argparse.ArgumentParser, parsers: Builder) -> None:
    dl.set_defaults(func=cmd_deadlines)
    dl.add_argument("--json", action="store_true")


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"season": season_arguments, "deadlines": deadlines_arguments}


# -- what leaves the store (core/reports/submission.py) ----------------------------------------------


def _submission_folder(args) -> Path:
    """The folder ``-o DIR/`` a submission is written into (refused: none, a --round, a file)."""
    if not args.output:
        raise CliError(_("a submission is a folder: give it with -o DIR/"))
    if getattr(args, "round", None) is not None:
        raise CliError(_("a submission is of the whole event: leave --round out"))
    out = Path(args.output).expanduser().resolve()
    if out.exists() and not out.is_dir():
        raise CliError(_("{path} is a file: a submission is written into a folder", path=out))
    return out


def export_submission(args) -> int:
    """``lycee export EVENT --what submission -o DIR/``: the signed folder."""
    out = _submission_folder(args)
    root = _root(args)
    pub, made = public_key(root)
    ev = as_of_round(read_event(args), None)
    log = read_event(args, history=True)
    try:
        manifest = write_submission(root, ev, log, out)
    except OSError as err:
        raise CliError(os_error_message(err)) from None
    record_written(root, ev, out)
    for f in manifest["files"]:
        print(_("written: {path}", path=out / f["name"]))
    print(_("signed: {m} ({s})", m=out / "manifest.json", s="manifest.sig"))
    print(_("due at the publisher by {due}: event date + 14 days", due=manifest["due"]))
    if made:
        print(_("made the store's signing key (kept 0600 in the data folder); give the organizer its public half:"))
    print(_("store public key: {key}", key=pub))
    return 0


def _submission_doc(c) -> dict:
    return {
        "ok": c.ok,
        "public_key": c.public_key,
        "problems": [{"where": w, "what": x} for w, x in c.problems],
        "event": c.event.to_json() if c.event is not None else None,
    }


def _print_submission_problems(c, key_given: bool) -> None:
    """The folder's problems, the event's findings, and the key that signed it."""
    for where, what in c.problems:
        print(f"{where}: {what}")
    for f in c.event.findings if c.event is not None else ():
        print(f.line())
    if c.public_key:
        print(_("signed by key {key}", key=c.public_key))
        if not key_given:
            print(_("(compare it with the key the store gave you, or pass it with --key)"))


def verify_submission_folder(args) -> int:
    """``lycee verify DIR/``: the signature, the manifest and the event."""
    key = getattr(args, "key", None)
    c = verify_submission(Path(args.event), key, getattr(args, "max_mb", None))
    if args.json:
        out_json(_submission_doc(c))
        return 0 if c.ok else 1
    _print_submission_problems(c, bool(key))
    if not c.ok:
        print(_("the submission does not verify"), file=sys.stderr)
        return 1
    assert c.event is not None
    print(_("submission verified: signature, {n} checksums and the event hold", n=len(c.manifest["files"])))
    print(c.event.summary())
    return 0


def _readable_events(dd) -> list:
    """Every event of the data dir that can be read (one that cannot is left out)."""
    events = []
    for eid in dd.event_ids():
        try:
            events.append(dd.read(eid))
        except Exception:
            continue
    return events


def cmd_deadlines(args) -> int:
    """``lycee deadlines``: each finished event's return deadline and whether its submission was written."""
    rows = deadlines(_root(args), _readable_events(datadir(args)), today().isoformat())
    if args.json:
        out_json(
            {
                "deadlines": [
                    {
                        "event": d.event,
                        "name": d.name,
                        "date": d.date,
                        "due": d.due,
                        "written": d.written,
                        "overdue": d.overdue,
                    }
                    for d in rows
                ]
            }
        )
        return 0
    if not rows:
        print(_("no finished event yet"))
    for d in rows:
        print(shown(f"{d.event}  " + deadline_words(d)))
    return 0
