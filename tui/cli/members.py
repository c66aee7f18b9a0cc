"""``lycee store`` and ``lycee members`` (issue 47): the store that runs the
events, its member list (the regulars) and a member's history across events."""

from __future__ import annotations

import argparse
import sys

from core.i18n import _, ngettext
from core.rules.memberhistory import penalty_words
from core.rules.members import shown_name, store_line
from core.store.members import MemberList, member_history

from .argparsing import Arguments, Builder
from .common import datadir, out_json, shown


def _list(args):

    return MemberList(datadir(args).root)


def cmd_store_set(args) -> int:

    store = _list(args).set_store(args.name, args.number, args.place)
    print(_("store: {store}", store=shown(store_line(store))))
    return 0


def cmd_store_show(args) -> int:

    store = _list(args).store()
    if args.json:
        out_json({"store": store})
    elif store is None:
        print(_("no store is set: `lycee store set --name NAME`"))
    else:
        print(shown(store_line(store)))
    return 0


def cmd_members_add(args) -> int:
    m, others = _list(args).add(args.name, args.reading, args.number, same_name_ok=args.allow_same_name)
    print(m.number)
    _say_namesakes(m, others)
    return 0


def _say_namesakes(m, others: list) -> None:
    """On stderr, when other members share ``m``'s name: their numbers tell them apart."""
    if others:
        print(
            _(
                "{name} is also the name of {others}: the numbers tell them apart",
                name=shown(m.name),
                others=", ".join(o.number for o in others),
            ),
            file=sys.stderr,
        )


def cmd_members_remove(args) -> int:
    m = _list(args).remove(args.number)
    print(
        _(
            "member {number} removed: name and reading are gone; past results stay under the number",
            number=m.number,
        )
    )
    return 0


def cmd_members_rename(args) -> int:
    old, new, others = _list(args).rename(args.number, args.name, args.reading)
    print(_("member {number}: {old} → {new}", number=new.number, old=shown(old.name), new=shown(new.name)))
    _say_namesakes(new, others)
    return 0


def cmd_members_merge(args) -> int:
    kept, gone = _list(args).merge(args.a, args.b)
    print(
        _(
            "member {b} merged into {a} ({name}): {b}'s results count under {a}; logged",
            a=kept.number,
            b=gone.number,
            name=shown(kept.name),
        )
    )
    return 0


def cmd_members_list(args) -> int:
    members = _list(args).members()
    if args.json:
        out_json({"members": [m.as_json() for m in members]})
        return 0
    for m in members:
        print(f"{m.number}\t{shown(m.name)}\t{shown(m.reading or '')}")
    return 0


def cmd_members_import(args) -> int:

    added = _list(args).import_csv(args.file)
    print(ngettext("{n} member added", "{n} members added", len(added)))
    return 0


def _member_event_lines(r) -> list[str]:
    """One event a member played: date, event, store, record, place, status; then its penalties."""
    place = _("place {n} of {of}", n=r.place, of=r.players) if r.place else "-"
    lines = ["\t".join((r.date, shown(r.event_name), shown(r.store), r.record_words(), place, r.status_words()))]
    lines += ["\t" + penalty_words(p, r.rules, shown(p["reason"])) for p in r.penalties]
    return lines


def _member_doc(m, number: str, rows: list) -> dict:
    """``members show --json``: the member's number, name and reading (null when unknown), their events."""
    return {
        "member": number,
        "name": m.name if m else None,
        "reading": m.reading if m else None,
        "events": [r.as_json() for r in rows],
    }


def cmd_members_show(args) -> int:
    """``lycee members show NUMBER``: a member's events in this data folder, with their penalties."""
    m, number, rows = member_history(datadir(args), args.number)
    if args.json:
        out_json(_member_doc(m, number, rows))
        return 0
    print(shown(shown_name(m, number)))
    if not rows:
        print(_("no event in this data folder has this member"))
    for r in rows:
        print("\n".join(_member_event_lines(r)))
    return 0


def store_arguments(st: argparse.ArgumentParser, parsers: Builder) -> None:
    sts = st.add_subparsers(title=_("store commands"), metavar="ACTION", required=True)
    s = parsers.cmd(sts, "set", cmd_store_set, _("set the store's name, number and place; new events remember it"))
    s.add_argument("--name", required=True, metavar="NAME")
    s.add_argument(
        "--number", metavar="STORE_NUMBER", help=_("the store number the publisher gave (kept when not given)")
    )
    s.add_argument("--place", metavar="TEXT", help=_("where the store is (kept when not given)"))
    sh = parsers.cmd(sts, "show", cmd_store_show, _("the store as set"))
    sh.add_argument("--json", action="store_true")


#: The positional arguments of the member actions: (dest, metavar).
NUMBER, NAME = ("number", "NUMBER"), ("name", "NAME")


def members_arguments(mb: argparse.ArgumentParser, parsers: Builder) -> None:
    mbs = mb.add_subparsers(title=_("member commands"), metavar="ACTION", required=True)

    def action(name: str, run, help_: str, *positional: tuple[str, str], json: bool = False):
        """``lycee members NAME``: runs ``run``, takes ``positional`` and, with ``json``, --json."""
        sp = parsers.cmd(mbs, name, run, help_)
        for dest, metavar in positional:
            sp.add_argument(dest, metavar=metavar)
        if json:
            sp.add_argument("--json", action="store_true")
        return sp

    a = action("add", cmd_members_add, _("add a member; prints the member number"), NAME)
    a.add_argument("--reading", metavar="よみ", help=_("the reading in kana (the list is in 五十音 order by it)"))
    a.add_argument("--number", metavar="MEMBER_NUMBER", help=_("the member number (default: the next M number)"))
    a.add_argument(
        "--allow-same-name",
        action="store_true",
        help=_("another person of a name a member already has (their numbers tell them apart)"),
    )
    forget = _("forget a member: name and reading go, past results stay under the number")
    action("remove", cmd_members_remove, forget, NUMBER)
    action("list", cmd_members_list, _("the members, by reading in 五十音 order"), json=True)
    csv = _("add the members of a CSV (name, reading, number; UTF-8 or Shift_JIS): all or nothing")
    action("import", cmd_members_import, csv, ("file", "FILE.csv"))
    rn = action("rename", cmd_members_rename, _("correct a member's name (and reading)"), NUMBER, NAME)
    rn.add_argument("--reading", metavar="よみ", help=_("the reading in kana (kept when not given)"))
    action("merge", cmd_members_merge, _("two entries of one person: B goes into A (logged)"), ("a", "A"), ("b", "B"))
    history = _("a member's history: events, records, places and penalties across the data folder's events")
    action("show", cmd_members_show, history, NUMBER, json=True)


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"store": store_arguments, "members": members_arguments}
