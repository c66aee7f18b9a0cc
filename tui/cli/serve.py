"""``lycee serve``: the event on phones and a TV, served from this PC (the web
stack, tui.web.server, loads with this module: only `lycee serve` imports it)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from core.i18n import _
from tui.web import DEFAULT_PORT

if TYPE_CHECKING:
    pass

from core import i18n
from core.door import HostedWriter, ReachingWriter, writer_for
from core.errors import LyceeError
from core.season.season import find, standings
from core.season.store import SeasonFile
from core.store import DataDir
from core.store.store import lock_wait
from tui.web.feed import Feed, FileSource
from tui.web.network import exposure, is_every_network, qr_text
from tui.web.season import season_page
from tui.web.server import WebServer

from .argparsing import Arguments, Builder


def _season_page(dd, ref: str):
    """The ``/season`` page's maker (tui.web.season): the season checked now, its
    standings worked out afresh at each request."""

    sid = find(SeasonFile(dd.root).read(), ref)[1].id
    lang = i18n.language()
    return lambda: season_page(standings(dd.root, dd, sid), lang)


def _serving_line(args, eid: str, port: int, takes: bool) -> str:
    """What ``lycee serve`` serves, where: read-only or taking reports and decklists (``takes``)."""
    if is_every_network(args.host):  # never 0.0.0.0 as an address: the ones to type follow
        if takes:
            return _("Serving {event} on port {port} of every network of this PC (Ctrl+C stops)", event=eid, port=port)
        return _(
            "Serving {event} read-only on port {port} of every network of this PC (Ctrl+C stops)", event=eid, port=port
        )
    if takes:
        return _("Serving {event} on {host}:{port} (Ctrl+C stops)", event=eid, host=args.host, port=port)
    return _("Serving {event} read-only on {host}:{port} (Ctrl+C stops)", event=eid, host=args.host, port=port)


def _what_the_pages_take(url: str, eid: str, writer) -> list[str]:
    """The lines saying what the pages take: phone reports, decklists, the judges' sign-in."""
    if writer is None:
        return []
    lines = []
    if writer.event.phone_reports:
        lines.append(
            _("Phone reports are on: players report at {url}report (the QR codes on their match slips)", url=url)
        )
    if writer.event.decklists_required:
        lines.append(
            _("Decklists are collected: players enter theirs at {url}decklist with their report code", url=url)
        )
    lines.append(_("Judges sign in at {url}judge with their PIN (`lycee staff {event} pin NAME`)", url=url, event=eid))
    return lines


def _make_server(args, dd, eid: str, writer, season) -> WebServer:
    """The page server of ``eid`` (the writer closed if it cannot be made)."""
    # the pages and the TV default to the desk's language (--lang, else the locale's)
    try:
        return WebServer(
            Feed(FileSource(dd, eid)),
            host=args.host,
            port=args.port,
            lang=i18n.language(),
            writer=writer,
            **({"season": season} if season is not None else {}),
        )
    except BaseException:
        if writer is not None:
            writer.close()
        raise


def _print_welcome(args, server: WebServer, eid: str, writer) -> None:
    """Where the pages are (each address, a QR code) and what they take."""
    urls = server.urls
    takes = writer is not None and (writer.event.phone_reports or writer.event.decklists_required)
    print(_serving_line(args, eid, server.port, takes))
    for u in urls:
        print(_("phones: {url}", url=u) + "    " + _("TV: {url}", url=u + "tv"))
    if getattr(args, "season", None):
        print(_("season standings: {url}", url=urls[0] + "season"))
    print(qr_text(urls[0]), end="")
    for line in [*exposure(args.host, urls, eid), *_what_the_pages_take(urls[0], eid, writer)]:
        print(line)
    sys.stdout.flush()


def cmd_serve(args) -> int:
    """``lycee serve EVENT``: the pages served until Ctrl+C."""
    dd = DataDir(args.data_dir)
    eid = dd.resolve(args.event)
    dd.read(eid)  # a clear refusal now if it cannot be read
    season = _season_page(dd, args.season) if getattr(args, "season", None) else None
    writer = desk_for_serve(dd, eid)
    server = _make_server(args, dd, eid, writer, season)
    _print_welcome(args, server, eid, writer)
    server.nice = 10  # below the desk: the pages wait for the CPU, never the organizer's commands
    try:
        server.run()
    except KeyboardInterrupt:  # uvicorn stops cleanly, then passes Ctrl+C on
        pass
    finally:
        if writer is not None:
            writer.close()
    print(_("stopped serving {event}", event=eid))
    return 0


def desk_for_serve(dd, eid):
    """How `lycee serve` writes: through the door of the app
    holding the event, or, when nothing holds it, as its desk (the event
    held here, its door served here, so the command line goes through this
    process).  None (and a line saying so) when it can do neither: the pages
    are then read-only, as before."""

    try:
        writer = writer_for(dd, eid, hold=True, wait=lock_wait())
    except LyceeError as err:
        print(_("the pages stay read-only: {reason}", reason=err))
        return None
    if writer is None:  # hold=True: the event is opened here or a desk answers (else EventLocked above)
        return None
    if isinstance(writer, HostedWriter):
        print(_("this process is now the desk of {event}: `lycee` commands change it through here", event=eid))
    else:
        print(_("changes go through the desk that holds {event} (process {pid})", event=eid, pid=writer.pid))
    return ReachingWriter(dd, eid, writer, hold=True, wait=lock_wait())  # the app closed: serve takes the event


def serve_arguments(s: argparse.ArgumentParser, parsers: Builder) -> None:
    s.set_defaults(func=cmd_serve)
    parsers.event_arg(s)
    s.set_defaults(long_running=True)  # the cyclic garbage collector stays on (tui.cli.start.no_cycle_collection)
    s.add_argument(
        "--host",
        default="0.0.0.0",
        help=_("address to listen on (default 0.0.0.0: every network; 127.0.0.1: this PC only)"),
    )
    s.add_argument("--port", type=int, default=DEFAULT_PORT, help=_("port (default {port})", port=DEFAULT_PORT))
    s.add_argument(
        "--season",
        metavar="SEASON",
        help=_("also serve this season's standings at /season (for the TV; worked out afresh at each request)"),
    )


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"serve": serve_arguments}
