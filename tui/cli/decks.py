"""Decklists in an event and a limited event's build phase, from the command
line (G-DECKLIST, G-SEALED, G-DRAFT-*)::

    lycee decklist add EVENT PLAYER FILE [--by JUDGE --reason TEXT]
                                                  register (or replace) a list; after round 1
                                                  is paired only a judge, with a reason
    lycee decklist show EVENT PLAYER [--json]
    lycee decklist check EVENT PLAYER FILE        the deck at the table vs the list; exit 1 when they differ
    lycee decklist status EVENT [--json]          none / registered / problems, per player
    lycee build EVENT open --set SET (--product 2s|1s3b | --packs P) [--seed S] [--minutes M] [--real]
    lycee build EVENT status [--json]
    lycee build EVENT start|pause|resume          the deck-building timer
    lycee build EVENT close [--by NAME]           round 1 may then be paired
    lycee build EVENT simulate [--decks]          bots draft for every seat; --decks: bot-built lists
    lycee build EVENT pool PLAYER [FILE]          a pool from the table (FILE: a draft, or --real),
                                                  or a late sealed player's product
    lycee pool EVENT PLAYER [--json]

A thin face: the rules are core.decklists' and core.decks', the packs and
drafts limited.event's.  A refusal is a one-line reason (a file's problems:
one line each, naming the line), and nothing is stored.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from core import labels

if TYPE_CHECKING:
    from core.desk import Desk
import shlex

from core.cards.decks import check_deck, deck_class, deck_class_words, decklist_to_text, load_decklist
from core.errors import LyceeError, RuleError
from core.i18n import _, join_list
from core.rules.clock import fmt
from core.rules.decklists import (
    as_decklist,
    decklist_locked,
    default_catalog,
    penalty_offer,
    player_decklist_status,
    swaps_only,
)
from limited import event as limited_event
from limited.tablepool import enter_table_pool, open_real, parse_text, squeeze

from .argparsing import Arguments, Builder
from .common import CliError, out_json, with_desk
from .sealed_draft import pool_lines


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
    problems = check_deck(deck, cat, "constructed", on=on, match=args.match, rules="overture")
    real = [p for p in problems if p.blocking]
    unsure = [p for p in problems if not p.blocking]
    kind, brands = deck_class(deck, cat)
    if args.json:
        out_json(_overture_doc(args, deck, on, kind, brands, real, unsure))
    else:
        _print_overture(args, deck, on, kind, brands, real, unsure)
    return 1 if real else 0


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
        return p, d.deck_check(p.id, presented, by=args.by)

    p, diff = with_desk(args, run)
    swapped = swaps_only(diff.lines)
    if args.json:
        out_json(_diff_doc(p, diff, swapped, cat))
        return 1 if diff else 0
    if diff.same:
        print(_("the deck of {name} matches the registered decklist", name=p.name))
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


# -- build phase ---------------------------------------------------------------------------------


def _names(ev, ids) -> str:
    return join_list((ev.player(i).name for i in ids), words=True)


def _build_head(ev, st) -> str:
    """``build phase: sealed alpha 1s3b, seed 7: building`` (or the packs opened at the table)."""
    what = labels.product_label(st.product) if st.kind == "sealed" else _("{packs} packs a player", packs=st.packs)
    state = {
        "open": _("open, the timer not started"),
        "building": _("building"),
        "paused": _("paused"),
        "closed": _("closed"),
    }[st.state]
    if ev.build is not None and ev.build.real:
        return _(
            "build phase: {kind} {set} {what}, packs opened at the table: {now}",
            kind=labels.kind_label(st.kind),
            set=st.set_code,
            what=what,
            now=state,
        )
    return _(
        "build phase: {kind} {set} {what}, seed {seed}: {state}",
        kind=labels.kind_label(st.kind),
        set=st.set_code,
        what=what,
        seed=st.seed,
        state=state,
    )


def _build_timer(st) -> str:
    if st.started_at is None:
        return _("{m} minutes to build", m=st.minutes)
    return _(
        "{left} left of {m} minutes (started {at})",
        left=fmt(st.remaining),
        m=st.minutes,
        at=labels.time_label(st.started_at),
    )


def _missing(ev, missing) -> str:
    """`` (missing: Ann, Ben)``, or nothing when none is missing."""
    return _(" (missing: {names})", names=_names(ev, missing)) if missing else ""


def _build_progress(ev, st) -> list[str]:
    """The pods, the pools and decklists in (and missing), the decks with problems."""
    n = len(st.players)
    lines = [_("draft pods: {sizes}", sizes="+".join(map(str, st.pods)))] if st.pods else []
    lines += [
        _("pools: {have} of {n}", have=n - len(st.missing_pools), n=n) + _missing(ev, st.missing_pools),
        _("decklists: {have} of {n}", have=n - len(st.missing_decklists), n=n) + _missing(ev, st.missing_decklists),
    ]
    if st.problem_decks:
        lines.append(_("decks with problems: {names}", names=_names(ev, st.problem_decks)))
    return lines


def _build_decisions(ev, st) -> list[str]:
    """Who closed the phase, the head judge's override, and whether round 1 can be paired."""
    lines = []
    if st.closed_at:
        by = labels.actor_label(st.closed_by) if st.closed_by else "-"
        lines.append(_("closed at {at} by {by}", at=labels.time_label(st.closed_at), by=by))
    if st.override_at:
        lines.append(
            _(
                "head judge override by {by} at {at}: {reason}",
                by=st.override_by,
                at=labels.time_label(st.override_at),
                reason=st.override_reason,
            )
        )
    if not ev.rounds:
        lines.append(
            _("round 1 can be paired")
            if st.ready
            else _(
                "round 1 waits for a legal deck from every player, or the head judge's "
                "`lycee build EVENT override --by NAME --reason TEXT`"
            )
        )
    return lines


def _print_build(ev, st) -> None:
    """The build phase as text: its product and state, its timer, what is in and missing."""
    if st.state == "none":
        print(
            _("{event} has no build phase", event=ev.name)
            if ev.kind != "constructed"
            else _("{event} is a constructed event: it has no build phase", event=ev.name)
        )
        return
    print(_build_head(ev, st))
    for line in [_build_timer(st), *_build_progress(ev, st), *_build_decisions(ev, st)]:
        print("  " + line)


def _build_json(ev, st) -> dict:
    doc = st.as_dict()
    doc["event"] = ev.id
    doc["names"] = {pid: ev.player(pid).name for pid in st.players}
    return doc


def _check_packs(kind: str, args) -> None:
    """A sealed event opens a product, a draft event a number of packs (G-SEALED, G-DRAFT-2)."""
    if kind == "sealed" and (args.packs is not None or args.product is None):
        raise CliError(_("a sealed event opens --product 2s or 1s3b, not --packs (G-SEALED)"))
    if kind == "draft" and (args.product is not None or args.packs is None):
        raise CliError(_("a draft event opens --packs P (4 to 6), not --product (G-DRAFT-2)"))


def _warn(args, text: str | None) -> None:
    if text and not args.json:
        print(_("warning: {text}", text=text))


def _open_real(d: Desk, args) -> None:
    """``build open --real``: packs opened (or drafted) at the table, each pool entered by card number."""
    if args.simulate:
        raise CliError(_("--real records packs opened at the table: it cannot be simulated"))
    warn = open_real(
        d,
        args.set,
        product=args.product or "",
        packs=args.packs or 0,
        minutes=args.minutes,
        seed=args.seed,
        bots=args.bots,
        pod_size=args.pod_size,
    )
    _warn(args, warn)


def _open_sealed(d: Desk, args) -> None:
    limited_event.open_sealed_pools(d, args.set, args.product, args.seed, minutes=args.minutes)


def _open_draft(d: Desk, args) -> None:
    limited_event.draft_pods(
        d, args.set, args.packs, args.seed, minutes=args.minutes, bots=args.bots, pod_size=args.pod_size
    )
    _warn(args, squeeze(limited_event.event_set(d.event), "draft", packs=args.packs))
    if args.simulate:
        limited_event.simulate_draft(d)


def _build_open(d: Desk, args) -> None:
    kind = d.event.kind
    if kind not in ("sealed", "draft"):
        raise RuleError(
            _(
                "{event} is a constructed event: only sealed and draft events have a deck-building phase",
                event=d.event.name,
            ),
            "G-SEALED",
        )
    _check_packs(kind, args)
    if args.real:
        _open_real(d, args)
    else:
        (_open_sealed if kind == "sealed" else _open_draft)(d, args)


def _undrafted(ev) -> bool:
    """A draft event with a seated player still without a pool."""
    return ev.kind == "draft" and any(ev.pool_of(s.player) is None for pod in ev.pods for s in pod if s.player)


def _build_simulate(d: Desk, args) -> None:
    """Bots pick for every draft seat still without a pool; with --decks, bot-built lists too."""
    if _undrafted(d.event):
        limited_event.simulate_draft(d)
    elif not args.decks:
        raise CliError(_("nothing to simulate: every player has a pool (add --decks for bot-built lists)"))
    if args.decks:
        limited_event.build_bot_decks(d)


def _read_pool_file(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except OSError as err:
        raise CliError(_("cannot read {path}: {why}", path=path, why=err.strerror)) from None


def _pool_from_table(d: Desk, args) -> None:
    if not args.file:
        raise CliError(
            _(
                "a pool from the table is entered from a file: 'NUMBER COUNT' or 'COUNT NUMBER' lines (G-SEALED, G-DRAFT-1)"
            )
        )
    counts = parse_text(_read_pool_file(args.file), limited_event.event_set(d.event))
    enter_table_pool(d, args.player, counts, source=Path(args.file).name)


def _pool_drafted(d: Desk, args) -> None:
    if not args.file:
        raise CliError(_("a drafted pool is entered from a file: COUNT NUMBER lines (G-DRAFT-1)"))
    cards = load_decklist(Path(args.file), catalog=_catalog())
    limited_event.enter_draft_pool(d, args.player, cards, source=args.file)


def _pool_sealed(d: Desk, args) -> None:
    if args.file:
        raise CliError(
            _(
                "the sealed pools of this event are opened by the desk: a pool is entered from "
                "a file when the build phase was opened with --real (G-SEALED)"
            )
        )
    limited_event.add_sealed_pool(d, args.player)


def _build_pool(d: Desk, args) -> None:
    """A pool entered from the table (--real), a drafted pool, or a late sealed player's product."""
    b = d.event.build
    if b is not None and b.real:
        _pool_from_table(d, args)
    elif d.event.kind == "draft":
        _pool_drafted(d, args)
    else:
        _pool_sealed(d, args)


#: ``lycee build EVENT OP``: what each OP does to the desk
BUILD_OPS: dict[str, Callable[[Desk, argparse.Namespace], object]] = {
    "open": _build_open,
    "status": lambda d, args: None,  # the build phase shown, nothing changed
    "start": lambda d, args: d.start_build(),
    "pause": lambda d, args: d.pause_build(),
    "resume": lambda d, args: d.resume_build(),
    "close": lambda d, args: d.close_build(args.by),
    "override": lambda d, args: d.override_decks(args.by, args.reason),
    "simulate": _build_simulate,
    "pool": _build_pool,
}


def cmd_build(args) -> int:
    """``lycee build EVENT OP``: the op run (BUILD_OPS), then the build phase shown."""

    def run(d: Desk):
        BUILD_OPS[args.build_op](d, args)
        return d.event, d.build_status()

    ev, st = with_desk(args, run)
    if getattr(args, "json", False):
        out_json(_build_json(ev, st))
        return 0
    _print_build(ev, st)
    return 0


def _pool_doc(p, pool, counts: Counter) -> dict:
    return {
        "player": {"id": p.id, "name": p.name},
        "kind": pool.kind,
        "set": pool.set_code,
        "product": pool.product or None,
        "packs": pool.packs,
        "seed": pool.seed,
        "size": len(pool.cards),
        "pool": dict(sorted(counts.items())),
        "opened": [
            {"kind": o.kind, **({"starter": o.starter} if o.starter else {}), "cards": list(o.cards)}
            for o in pool.opened
        ],
    }


def _print_pool(p, pool, counts: Counter) -> None:
    what = labels.product_label(pool.product) if pool.kind == "sealed" else _("{packs} packs drafted", packs=pool.packs)
    print(
        _(
            "pool of {name}: {n} cards of {set} ({kind}, {what}, seed {seed})",
            name=p.name,
            n=len(pool.cards),
            set=pool.set_code,
            kind=labels.kind_label(pool.kind),
            what=what,
            seed=pool.seed if pool.seed is not None else "-",
        )
    )
    try:
        lines = pool_lines(_catalog().set(pool.set_code), counts)
    except (LyceeError, KeyError, ValueError):  # a set the desk no longer knows: the bare list
        lines = [f"  {n} {num}" for num, n in sorted(counts.items())]
    print("\n".join(lines))


def cmd_pool(args) -> int:
    """``lycee pool EVENT PLAYER``: a player's pool in a sealed or draft event."""

    def run(d: Desk):
        p = d.player(args.player)
        return d.event, p, d.pool(p.id)

    ev, p, pool = with_desk(args, run)
    if pool is None:
        raise CliError(_("{name} has no pool in {event}", name=p.name, event=ev.name))
    counts = Counter(pool.cards)
    if args.json:
        out_json(_pool_doc(p, pool, counts))
    else:
        _print_pool(p, pool, counts)
    return 0


# -- registration -------------------------------------------------------------------------------------


class _OpHelp(argparse.Action):
    """``-h`` of ``lycee build``: ``lycee build open --help`` (the event left out)
    shows the help of ``open``, not of ``build``."""

    def __init__(self, option_strings, dest, ops=None, **kw):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kw)
        self.ops = ops if ops is not None else {}

    def __call__(self, parser, namespace, values, option_string=None):
        sub = self.ops.get(getattr(namespace, "event", None) or "")
        (sub or parser).print_help()
        parser.exit()


def player_arg(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("player", metavar="PLAYER", help=_("player id or exact name"))


def decklist_arguments(dl: argparse.ArgumentParser, parsers: Builder) -> None:
    dls = dl.add_subparsers(title=_("decklist commands"), metavar="ACTION", required=True)

    a = parsers.cmd(
        dls, "add", cmd_decklist_add, _("register (or replace) a player's decklist from a text or CSV file")
    )
    parsers.event_arg(a)
    player_arg(a)
    a.add_argument("file", metavar="FILE", help=_("'COUNT NUMBER [name]' lines, 'spare:' before spares; or .csv"))
    a.add_argument(
        "--by", metavar="NAME", help=_("who registers it (the log's actor); after round 1 is paired, the judge")
    )
    a.add_argument(
        "--reason", metavar="TEXT", help=_("why the judge changes the decklist after round 1 is paired (G-DECKLIST)")
    )
    s = parsers.cmd(dls, "show", cmd_decklist_show, _("show a player's registered decklist and its problems"))
    parsers.event_arg(s)
    player_arg(s)
    s.add_argument("--json", action="store_true")
    c = parsers.cmd(
        dls,
        "check",
        cmd_decklist_check,
        _("compare the deck presented at the table with the registered list; exit 1 when they differ"),
    )
    parsers.event_arg(c)
    player_arg(c)
    c.add_argument("file", metavar="FILE", help=_("the deck as presented (text or CSV)"))
    c.add_argument("--by", metavar="NAME", help=_("the judge who checks it"))
    c.add_argument("--json", action="store_true")
    st = parsers.cmd(dls, "status", cmd_decklist_status, _("each player's decklist: none, registered or problems"))
    parsers.event_arg(st)
    st.add_argument("--json", action="store_true")


def build_arguments(b: argparse.ArgumentParser, parsers: Builder) -> None:
    b.set_defaults(func=cmd_build)
    ops: dict[str, argparse.ArgumentParser] = {}
    b.add_argument("-h", "--help", action=_OpHelp, ops=ops, help=_("show this help message and exit"))
    parsers.event_arg(b)
    bs = b.add_subparsers(title=_("build commands"), metavar="ACTION", required=True, dest="build_op")
    o = parsers.cmd(bs, "open", cmd_build, _("open the pools (sealed) or seat the draft pods (draft), start building"))
    o.add_argument("--set", required=True, metavar="SET", help=_("set code (alpha, beta, gamma)"))
    o.add_argument("--product", choices=("2s", "1s3b"), help=_("sealed: 2 starters, or 1 starter + 3 boosters"))
    o.add_argument("--packs", type=int, metavar="P", help=_("draft: boosters a player, 4 to 6 (G-DRAFT-2)"))
    o.add_argument("--seed", type=int, metavar="S", help=_("seed (default: drawn and recorded)"))
    o.add_argument(
        "--minutes", type=int, metavar="M", help=_("minutes to build (a desk setting; default 30 sealed, 20 draft)")
    )
    o.add_argument("--bots", type=int, default=0, metavar="N", help=_("draft: bot seats to add"))
    o.add_argument(
        "--pod-size",
        type=int,
        metavar="N",
        help=_("draft: the most players a pod seats (2 to 8; default 8: 8 players in 2 pods of 4 with 4)"),
    )
    o.add_argument("--simulate", action="store_true", help=_("draft: bots draft for everyone at once"))
    o.add_argument(
        "--real",
        action="store_true",
        help=_(
            "the packs are opened (or drafted) at the table: each pool is then entered by card "
            "number (`lycee build EVENT pool PLAYER FILE`, or F11 in the app)"
        ),
    )
    o.add_argument("--json", action="store_true")
    s = parsers.cmd(bs, "status", cmd_build, _("the build phase: timer, pools and decklists still missing"))
    s.add_argument("--json", action="store_true")
    for op, help_ in (
        ("start", _("start the deck-building timer")),
        ("pause", _("pause the deck-building timer")),
        ("resume", _("resume the deck-building timer")),
    ):
        x = parsers.cmd(bs, op, cmd_build, help_)
        x.add_argument("--json", action="store_true")
    cl = parsers.cmd(
        bs, "close", cmd_build, _("end the build phase (round 1 also needs every deck legal, or the override)")
    )
    cl.add_argument("--by", metavar="NAME", help=_("the organizer who closes it"))
    cl.add_argument("--json", action="store_true")
    ov = parsers.cmd(
        bs,
        "override",
        cmd_build,
        _(
            "the head judge lets round 1 pair although some decks are missing or "
            "not legal (logged with who and why; G-HEAD-JUDGE)"
        ),
    )
    ov.add_argument("--by", required=True, metavar="NAME", help=_("the event's head judge"))
    ov.add_argument("--reason", required=True, metavar="TEXT", help=_("why round 1 pairs with these decks"))
    ov.add_argument("--json", action="store_true")
    si = parsers.cmd(bs, "simulate", cmd_build, _("draft: bots pick for every seat still without a pool"))
    si.add_argument(
        "--decks", action="store_true", help=_("also register a bot-built deck for every player without one")
    )
    si.add_argument("--json", action="store_true")
    po = parsers.cmd(
        bs, "pool", cmd_build, _("enter a pool from the table (FILE), or open a late sealed player's product")
    )
    player_arg(po)
    po.add_argument(
        "file", metavar="FILE", nargs="?", help=_("draft or --real: the pool as 'NUMBER COUNT' or 'COUNT NUMBER' lines")
    )
    po.add_argument("--json", action="store_true")

    ops.update(bs.choices)


def pool_arguments(pl: argparse.ArgumentParser, parsers: Builder) -> None:
    pl.set_defaults(func=cmd_pool)
    parsers.event_arg(pl)
    player_arg(pl)
    pl.add_argument("--json", action="store_true")


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"decklist": decklist_arguments, "build": build_arguments, "pool": pool_arguments}
