"""A limited event's build phase, from the command line (G-SEALED, G-DRAFT-*)::

    lycee build EVENT open --set SET (--product 2s|1s3b | --packs P) [--seed S] [--minutes M] [--real]
    lycee build EVENT status [--json]
    lycee build EVENT start|pause|resume          the deck-building timer
    lycee build EVENT close [--by NAME]           round 1 may then be paired
    lycee build EVENT simulate [--decks]          bots draft for every seat; --decks: bot-built lists
    lycee build EVENT pool PLAYER [FILE]          a pool from the table (FILE: a draft, or --real),
                                                  or a late sealed player's product
    lycee pool EVENT PLAYER [--json]

A thin face: the packs and drafts are limited.event's.  A refusal is a
one-line reason, and nothing is stored.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from core import labels
from core.cards.decks import load_decklist
from core.errors import LyceeError, RuleError
from core.i18n import _, join_list, ngettext
from core.rules.clock import fmt
from core.rules.decklists import default_catalog
from limited import event as limited_event
from limited.tablepool import enter_table_pool, open_real, parse_text, squeeze

from .argparsing import Arguments, Builder
from .common import CliError, out_json, with_desk
from .sealed_draft import pool_lines

if TYPE_CHECKING:
    from core.desk import Desk


def _names(ev, ids) -> str:
    return join_list((ev.player(i).name for i in ids), words=True)


def _build_head(ev, st) -> str:
    """``build phase: sealed alpha 1s3b, seed 7: building`` (or the packs opened at the table)."""
    what = labels.product_label(st.product) if st.kind == "sealed" else _("{packs} packs per player", packs=st.packs)
    state = {
        "open": _("open, the timer not started"),
        "building": labels.build_state_label("time_up") if st.time_up else _("building"),
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
    """The build timer: its length before it starts, the time left while it runs (never below
    0:00: then time is up and the decks are handed in), how long the players built once closed."""
    if st.started_at is None:
        if st.state == "closed":
            return _("closed before the building timer started")
        return ngettext("{m} minute to build", "{m} minutes to build", st.minutes, m=st.minutes)
    at = labels.time_label(st.started_at)
    if st.state == "closed":
        return _(
            "closed after {ran} of building (a {m}-minute timer, started {at})",
            ran=fmt(st.elapsed),
            m=st.minutes,
            at=at,
        )
    if st.time_up:
        return ngettext(
            "the {m} minute to build has run out (started {at}): hand in your decks",
            "the {m} minutes to build have run out (started {at}): hand in your decks",
            st.minutes,
            m=st.minutes,
            at=at,
        )
    return ngettext(
        "{left} left of {m} minute (started {at})",
        "{left} left of {m} minutes (started {at})",
        st.minutes,
        left=fmt(st.remaining),
        m=st.minutes,
        at=at,
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
    cards = load_decklist(Path(args.file), catalog=default_catalog())
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
        lines = pool_lines(default_catalog().set(pool.set_code), counts)
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
    parsers.player_arg(po)
    po.add_argument(
        "file", metavar="FILE", nargs="?", help=_("draft or --real: the pool as 'NUMBER COUNT' or 'COUNT NUMBER' lines")
    )
    po.add_argument("--json", action="store_true")

    ops.update(bs.choices)


def pool_arguments(pl: argparse.ArgumentParser, parsers: Builder) -> None:
    pl.set_defaults(func=cmd_pool)
    parsers.event_arg(pl)
    parsers.player_arg(pl)
    pl.add_argument("--json", action="store_true")


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"build": build_arguments, "pool": pool_arguments}
