"""``lycee`` alone and ``lycee demo``: the app, on the event list or a demo event."""

from __future__ import annotations

import argparse

from core.demo import make_demo
from core.desk import Desk
from core.i18n import _
from limited import event as limited_event

from .argparsing import Arguments, Builder
from .common import datadir
from .frame import open_app


def cmd_app(args) -> int:
    """The app on the event list; a data dir with no event at all gets a demo
    event first, so a fresh install shows real data.  While the app loads,
    the list as the app last drew it is on the terminal when nothing it shows
    has changed since (``_early_frame``)."""
    dd = datadir(args)
    if not dd.event_ids():
        make_demo(dd, players=16).close()
    return open_app(dd)


def cmd_demo(args) -> int:

    dd = datadir(args)
    store = make_demo(dd, players=args.players, kind=args.kind, seed=args.seed)
    eid = store.id
    try:
        if args.kind != "constructed":
            # a limited demo starts in its build phase: sealed pools opened,
            # or the draft pods seated and drafted by bots

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


def demo_arguments(d: argparse.ArgumentParser, parsers: Builder) -> None:
    d.set_defaults(func=cmd_demo)
    d.add_argument("--players", type=int, default=16, metavar="N")
    d.add_argument("--kind", choices=("constructed", "sealed", "draft"), default="constructed")
    d.add_argument("--seed", type=int, default=None, metavar="S")
    d.add_argument("--no-tui", action="store_true", help=_("only create it; print its id"))


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"demo": demo_arguments}
