"""``lycee serve``, ``announce`` and ``publish``: the event on phones and a TV."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from core.i18n import _

if TYPE_CHECKING:
    from core.desk import Desk

from .common import CliError, with_desk


def cmd_serve(args) -> int:
    from core.store import DataDir
    from tui.web.feed import Feed, FileSource
    from tui.web.server import WebServer, exposure, is_every_network, qr_text

    dd = DataDir(args.data_dir)
    eid = dd.resolve(args.event)
    dd.read(eid)  # a clear refusal now if it cannot be read
    from core import i18n

    store, writer = hold(dd, eid)
    # the pages and the TV default to the desk's language (--lang, else the locale's)
    try:
        server = WebServer(Feed(FileSource(dd, eid)), host=args.host, port=args.port, lang=i18n.language(),
                           writer=writer)
    except BaseException:
        if store is not None:
            store.close()
        raise
    urls = server.urls
    if is_every_network(args.host):  # never 0.0.0.0 as an address: the ones to type follow
        print(_("Serving {event} read-only on port {port} of every network of this PC (Ctrl+C stops)",
                event=eid, port=server.port))
    else:
        print(_("Serving {event} read-only on {host}:{port} (Ctrl+C stops)", event=eid, host=args.host,
                port=server.port))
    for u in urls:
        print(_("phones: {url}", url=u) + "    " + _("TV: {url}", url=u + "tv"))
    print(qr_text(urls[0]), end="")
    for line in exposure(args.host, urls, eid):
        print(line)
    if writer is not None and writer.event.phone_reports:
        print(_("Phone reports are on: players report at {url}report (the QR codes on their match slips)",
                url=urls[0]))
    elif store is None:
        print(_("Another program holds {event} (the app?): these pages are read-only, phone reports go "
                "through it", event=eid))
    if writer is not None:
        print(_("Judges sign in at {url}judge with their PIN (`lycee staff {event} pin NAME`)", url=urls[0],
                event=eid))
    sys.stdout.flush()
    server.nice = 10  # below the desk: the pages wait for the CPU, never the organizer's commands
    try:
        server.run()
    except KeyboardInterrupt:  # uvicorn stops cleanly, then passes Ctrl+C on
        pass
    finally:
        if store is not None:
            store.close()
    print(_("stopped serving {event}", event=eid))
    return 0


def hold(dd, eid: str):
    """``lycee serve`` is the event's desk when nothing else holds it (issue
    26: one writer per event): the event open for writing and a
    core.door.LocalWriter over it, for the phone reports.  When another
    program holds it: (None, None), and the pages are read-only."""
    from core.desk import Desk
    from core.door import LocalWriter
    from core.errors import LyceeError

    try:
        store = dd.open(eid)
    except LyceeError:
        return None, None
    return store, LocalWriter(Desk(store, actor="serve"))


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
        from core.rules.publish import visible_rounds

        return _("published round {r}", r=visible_rounds(ev))
    print(with_desk(args, run))
    return 0


def register(sub, cmd, event_arg) -> None:
    from tui.web import DEFAULT_PORT

    s = cmd(sub, "serve", cmd_serve, _("read-only pages for phones and a TV (/tv), served from this PC; with phone "
                                       "reports on (event set --phone-reports) it also takes the players' reports "
                                       "when no other program holds the event"))
    event_arg(s)
    s.set_defaults(long_running=True)  # the cyclic garbage collector stays on (tui.cli.no_cycle_collection)
    s.add_argument("--host", default="0.0.0.0",
                   help=_("address to listen on (default 0.0.0.0: every network; 127.0.0.1: this PC only)"))
    s.add_argument("--port", type=int, default=DEFAULT_PORT, help=_("port (default {port})", port=DEFAULT_PORT))
    a = cmd(sub, "announce", cmd_announce, _("a line for the TV page and the phones (--clear takes it down)"))
    event_arg(a)
    a.add_argument("text", nargs="*", metavar="TEXT")
    a.add_argument("--clear", action="store_true", help=_("take the announcement down"))
    p = cmd(sub, "publish", cmd_publish,
            _("put the current round's pairings up on the pages; --hold / --auto choose when rounds go up"))
    event_arg(p)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--hold", action="store_true", help=_("hold new rounds until published"))
    g.add_argument("--auto", action="store_true", help=_("publish rounds on pairing (the default)"))
    p.add_argument("--round", type=int, metavar="N", help=_("publish rounds up to N (default: the current one)"))
