"""Decklists in an event, from the command line (G-DECKLIST)::

    lycee decklist add EVENT PLAYER FILE [--by JUDGE --reason TEXT]
                                                  register (or replace) a list; after round 1
                                                  is paired only a judge, with a reason
    lycee decklist show EVENT PLAYER [--json]
    lycee decklist check EVENT PLAYER FILE        the deck at the table vs the list; exit 1 when they differ
    lycee decklist status EVENT [--json]          none / registered / problems, per player

(a limited event's build phase: tui/cli/build.py).  A thin face: the rules
are core.rules.decklists' and core.cards.decks'.  A refusal is a one-line
reason (a file's problems: one line each, naming the line), and nothing is
stored.
"""

from __future__ import annotations

import argparse
import shlex
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from core import labels
from core.cards.decks import deck_class, deck_class_words, decklist_to_text, load_decklist
from core.i18n import _
from core.rules.decklists import (
    as_decklist,
    decklist_locked,
    default_catalog,
    parallel_notes,
    parallels_only,
    penalty_offer,
    player_decklist_status,
    swaps_only,
)
from core.rules.deckrules import constructed_problems, presented_problems

from .argparsing import Arguments, Builder
from .common import CliError, out_json, with_desk

if TYPE_CHECKING:
    from core.desk import Desk


def _catalog():

    return default_catalog()


def _problem_lines(problems) -> list[str]:
    return [f"  [{p.rule}] {p.message}" for p in problems]


def _entries(lines, cat) -> list[dict]:
    return [{"count": c, "number": n, "name": name or cat.name_of(n) or ""} for c, n, name in lines]


# -- lycee deck check --rules overture ---------------------------------------------------------


def _overture_doc(args, deck, on: str, kind, brands, real: list, unsure: list) -> dict:
    return {
        "file": args.file,
        "rules": "overture",
        "format": "constructed",
        "date": on,
        "deck": deck.deck_size,
        "spare": deck.spare_size,
        "class": kind,
        "brands": list(brands),
        "legal": not real,
        "problems": [_problem_json(p) for p in real],
        "not_checked": [_problem_json(p) for p in unsure],
    }


def _print_overture(args, deck, on: str, kind, brands, real: list, unsure: list) -> None:
    print(
        _(
            "{file}: {n} cards in the deck, {s} spare, Lycee Overture constructed, on {date}",
            file=args.file,
            n=deck.deck_size,
            s=deck.spare_size,
            date=on,
        )
    )
    print(_("deck class: {what}", what=deck_class_words(kind, brands)))
    if real:
        print(_("{n} problem(s):", n=len(real)))
        print("\n".join(_problem_lines(real)))
    else:
        print(_("legal"))
    if unsure:
        print(_("{n} not checked (the desk cannot judge them):", n=len(unsure)))
        print("\n".join(_problem_lines(unsure)))


def deck_check_overture(args, cat, deck, on: str) -> int:
    """``lycee deck check FILE --rules overture``: O-DECK-60, O-DECK-4, O-CARDS-*,
    every 構築制限 (O-DECK-RESTRICT) and the deck's シングル/ミックス class.  Exit 1
    on a problem; what the desk cannot judge is listed as not checked (exit 0)."""
    if args.format != "constructed":
        raise CliError(_("--rules overture checks constructed decks (--format constructed)"))
    problems = constructed_problems(deck, cat, "overture", on, args.match)
    real, unsure = _blocking_and_unsure(problems)
    kind, brands = deck_class(deck, cat)
    if args.json:
        out_json(_overture_doc(args, deck, on, kind, brands, real, unsure))
    else:
        _print_overture(args, deck, on, kind, brands, real, unsure)
    return 1 if real else 0


def _blocking_and_unsure(problems) -> tuple[list, list]:
    """The problems that fail the deck, and those the desk cannot judge (listed as not checked)."""
    return [p for p in problems if p.blocking], [p for p in problems if not p.blocking]


def _problem_json(p) -> dict:
    return {
        "rule": p.rule,
        "code": p.code,
        "message": p.message,
        "number": p.number,
        "numbers": list(p.numbers or ([p.number] if p.number else [])),
        "section": p.section,
    }


# -- decklist ------------------------------------------------------------------------------------


def cmd_decklist_add(args) -> int:

    def run(d: Desk):
        p = d.player(args.player)
        replaced = d.event.decklist_of(p.id) is not None
        locked = decklist_locked(d.event)
        d.register_decklist_file(p.id, Path(args.file), by=args.by or "", reason=args.reason or "")
        offer = penalty_offer(d.event, p.id, args.by) if locked else None
        return p, replaced, player_decklist_status(d.event, p.id), offer, d.event.id

    p, replaced, st, offer, eid = with_desk(args, run)
    msg = (
        _(
            "replaced the decklist of {name} with {file}: {n} cards, {s} spare",
            name=p.name,
            file=args.file,
            n=st.deck_size,
            s=st.spare_size,
        )
        if replaced
        else _(
            "registered the decklist of {name} from {file}: {n} cards, {s} spare",
            name=p.name,
            file=args.file,
            n=st.deck_size,
            s=st.spare_size,
        )
    )
    print(msg)
    _print_status_problems(st, _("stored with {n} problem(s); a deck check will show them:", n=len(st.blocking)))
    if offer is not None:
        cmd = shlex.join(
            ["lycee", "penalty", eid, p.id, offer["level"], "--reason", offer["reason"], "--by", offer["by"]]
        )
        print(_("a decklist changed after round 1 may be penalised (G-DECKLIST, G-PEN-1); to issue it:"))
        print("  " + cmd)
    return 0


def cmd_decklist_show(args) -> int:

    def run(d: Desk):
        p = d.player(args.player)
        return d.event, p, d.event.decklist_of(p.id), player_decklist_status(d.event, p.id)

    _ev, p, rec, st = with_desk(args, run)
    cat = _catalog()
    if args.json:
        doc = {"player": {"id": p.id, "name": p.name}, "status": st.status}
        if rec is not None:
            doc.update(
                {
                    "source": rec.source,
                    "round": rec.round,
                    "deck_size": rec.deck_size,
                    "spare_size": rec.spare_size,
                    "deck": _entries(rec.deck, cat),
                    "spare": _entries(rec.spare, cat),
                }
            )
        doc["problems"] = st.as_dict()["problems"]
        out_json(doc)
        return 0
    if rec is None:
        raise CliError(_("{name} has no registered decklist (G-DECKLIST)", name=p.name))

    print(
        _(
            "decklist of {name} ({source}): {n} cards, {s} spare",
            name=p.name,
            source=labels.decklist_source_label(rec.source) if rec.source else "-",
            n=rec.deck_size,
            s=rec.spare_size,
        )
    )
    print(decklist_to_text(as_decklist(rec), cat), end="")
    _print_status_problems(st, _("{n} problem(s):", n=len(st.blocking)))
    return 0


def _print_status_problems(st, heading: str) -> None:
    """A registered list's class (O-DECK-CLASS), its problems under ``heading``,
    then what the desk did not check: only blocking problems count (O-DECK-RESTRICT)."""
    if st.deck_class:
        print(_("deck class: {what}", what=st.deck_class))
    if st.blocking:
        print(heading)
        print("\n".join(_problem_lines(st.blocking)))
    if st.not_checked:
        print(_("{n} not checked (the desk cannot judge them):", n=len(st.not_checked)))
        print("\n".join(_problem_lines(st.not_checked)))


def _diff_doc(p, diff, swapped: bool, cat) -> dict:
    return {
        "player": {"id": p.id, "name": p.name},
        "same": diff.same,
        "swaps_only": swapped,
        "differences": [
            {
                "section": x.section,
                "number": x.number,
                "name": cat.name_of(x.number) or "",
                "registered": x.registered,
                "presented": x.presented,
                "missing": x.missing,
                "extra": x.extra,
            }
            for x in diff.lines
        ],
    }


def _diff_line(x, cat) -> str:
    """One card where the deck presented differs from the registered list."""
    label = f"{x.number} {cat.name_of(x.number) or ''}".rstrip()
    how = _("{n} missing", n=x.missing) if x.missing else _("{n} extra", n=x.extra)
    return "  " + _(
        "{section}: {card}: registered {r}, presented {p} ({how})",
        section=labels.section_label(x.section),
        card=label,
        r=x.registered,
        p=x.presented,
        how=how,
    )


def _print_diff(p, diff, swapped: bool, cat) -> None:
    print(_("the deck of {name} differs from the registered decklist (G-DECKLIST):", name=p.name))
    for x in diff.lines:
        print(_diff_line(x, cat))
    if swapped:
        print(
            _(
                "only swaps between deck and spare cards: allowed between games of best of three (G-SPARE-2); "
                "deck and spares go back to the registered list after the match (G-SPARE-3)"
            )
        )


def cmd_decklist_check(args) -> int:
    """``lycee decklist check``: the deck presented at the table against the registered list; exit 1 when they differ."""
    cat = _catalog()

    def run(d: Desk):
        p = d.player(args.player)
        presented = load_decklist(Path(args.file), catalog=cat)
        diff = d.deck_check(p.id, presented, by=args.by)
        return p, diff, presented_problems(d.event, p.id, presented, cat) if parallels_only(diff.lines) else []

    p, diff, unplayable = with_desk(args, run)
    swapped = swaps_only(diff.lines)
    parallels = parallels_only(diff.lines)
    if args.json:
        doc = {**_diff_doc(p, diff, swapped, cat), "parallels_only": parallels}
        out_json({**doc, "problems": [_problem_json(x) for x in unplayable]})
        return 1 if (diff and not parallels) or unplayable else 0
    if diff.same:
        print(_("the deck of {name} matches the registered decklist", name=p.name))
        return 0
    if unplayable:  # a parallel the event may not play is not its base card at the table
        print(_("the deck of {name} presents parallels that may not be played:", name=p.name))
        print("\n".join(_problem_lines(unplayable)))
        return 1
    if parallels:
        print(_("the deck of {name} matches the registered decklist: parallels of the same cards", name=p.name))
        print("\n".join("  " + line for line in parallel_notes(diff.lines)))
        return 0
    _print_diff(p, diff, swapped, cat)
    return 1


def _status_line(r, word: dict) -> str:
    """One player's decklist: none, registered (its size and source) or with problems."""
    extra = "" if r.status == "none" else f"  {r.deck_size}+{r.spare_size}  {labels.decklist_source_label(r.source)}"
    pstat = "" if r.player_status == "active" else f" ({labels.player_status_label(r.player_status)})"
    return f"{r.player}\t{r.name}{pstat}\t{word[r.status]}{extra}"


def _status_doc(ev, rows: list, counts: Counter) -> dict:
    return {
        "event": ev.id,
        "kind": ev.kind,
        "decklists_required": ev.decklists_required,
        "counts": {k: counts.get(k, 0) for k in ("none", "registered", "problems")},
        "players": [r.as_dict() for r in rows],
    }


def _status_head(ev, counts: Counter) -> str:
    return _(
        "{event}: {r} registered, {p} with problems, {n} without a list{req}",
        event=ev.name,
        r=counts.get("registered", 0),
        p=counts.get("problems", 0),
        n=counts.get("none", 0),
        req=" " + _("(decklists required, G-DECKLIST)") if ev.decklists_required else "",
    )


def cmd_decklist_status(args) -> int:
    """``lycee decklist status``: each player's decklist: none, registered or problems."""

    def run(d: Desk):
        return d.event, d.decklist_status()

    ev, rows = with_desk(args, run)
    counts = Counter(r.status for r in rows)
    if args.json:
        out_json(_status_doc(ev, rows, counts))
        return 0
    word = {"none": _("no list"), "registered": _("registered"), "problems": _("problems")}
    print(_status_head(ev, counts))
    for r in rows:
        print(_status_line(r, word))
        for line in _problem_lines(r.problems):
            print("  " + line)
    return 0


# -- registration -------------------------------------------------------------------------------------


def decklist_arguments(dl: argparse.ArgumentParser, parsers: Builder) -> None:
    dls = dl.add_subparsers(title=_("decklist commands"), metavar="ACTION", required=True)

    a = parsers.cmd(
        dls, "add", cmd_decklist_add, _("register (or replace) a player's decklist from a text or CSV file")
    )
    parsers.event_arg(a)
    parsers.player_arg(a)
    a.add_argument("file", metavar="FILE", help=_("'COUNT NUMBER [name]' lines, 'spare:' before spares; or .csv"))
    a.add_argument(
        "--by", metavar="NAME", help=_("who registers it (the log's actor); after round 1 is paired, the judge")
    )
    a.add_argument(
        "--reason", metavar="TEXT", help=_("why the judge changes the decklist after round 1 is paired (G-DECKLIST)")
    )
    s = parsers.cmd(dls, "show", cmd_decklist_show, _("show a player's registered decklist and its problems"))
    parsers.event_arg(s)
    parsers.player_arg(s)
    s.add_argument("--json", action="store_true")
    c = parsers.cmd(
        dls,
        "check",
        cmd_decklist_check,
        _("compare the deck presented at the table with the registered list; exit 1 when they differ"),
    )
    parsers.event_arg(c)
    parsers.player_arg(c)
    c.add_argument("file", metavar="FILE", help=_("the deck as presented (text or CSV)"))
    c.add_argument("--by", metavar="NAME", help=_("the judge who checks it"))
    c.add_argument("--json", action="store_true")
    st = parsers.cmd(dls, "status", cmd_decklist_status, _("each player's decklist: none, registered or problems"))
    parsers.event_arg(st)
    st.add_argument("--json", action="store_true")


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"decklist": decklist_arguments}
