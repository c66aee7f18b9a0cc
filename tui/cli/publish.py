"""``lycee announce`` and ``publish``: what the phone and TV pages show (a line,
the current round's pairings), changed at the desk."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from core.i18n import _
from core.rules.publish import visible_rounds

from .argparsing import Arguments, Builder
from .common import CliError, with_desk

if TYPE_CHECKING:
    from core.desk import Desk


def cmd_announce(args) -> int:
    text = "" if args.clear else " ".join(args.text)
    if not args.clear and not text.strip():
        raise CliError(_("give the announcement's text, or --clear"))
    with_desk(args, lambda d: d.announce(text))
    print(_("announced: {text}", text=text) if text else _("cleared the announcement"))
    return 0


def cmd_publish(args) -> int:
    def run(d: Desk):
        if args.hold:
            d.hold_pairings(True)
            return _("new rounds are held until published (lycee publish EVENT puts one up)")
        if args.auto:
            d.hold_pairings(False)
            return _("rounds are published on pairing")
        ev = d.publish_round(args.round)
        return _("published round {r}", r=visible_rounds(ev))

    print(with_desk(args, run))
    return 0


def announce_arguments(a: argparse.ArgumentParser, parsers: Builder) -> None:
    a.set_defaults(func=cmd_announce)
    parsers.event_arg(a)
    a.add_argument("text", nargs="*", metavar="TEXT")
    a.add_argument("--clear", action="store_true", help=_("take the announcement down"))


def publish_arguments(p: argparse.ArgumentParser, parsers: Builder) -> None:
    p.set_defaults(func=cmd_publish)
    parsers.event_arg(p)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--hold", action="store_true", help=_("hold new rounds until published"))
    g.add_argument("--auto", action="store_true", help=_("publish rounds on pairing (the default)"))
    p.add_argument("--round", type=int, metavar="N", help=_("publish rounds up to N (default: the current one)"))


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"announce": announce_arguments, "publish": publish_arguments}
