"""The page server as a child process of the app (see server.ChildServer):
``python -m tui.web.child DATA_DIR EVENT HOST PORT LANG OPTIONS_JSON``.  Prints the port
(or ``ERR`` and a message) on its first line, serves until its stdin closes."""

from __future__ import annotations

import os
import sys
import threading


def main(argv: list[str]) -> int:
    import json

    from core import i18n
    from core.errors import LyceeError
    from core.store import DataDir

    from .feed import Feed, FileSource
    from .server import WebServer

    data, eid, host, port, lang, options = argv
    if hasattr(os, "nice"):
        os.nice(10)  # the desk comes first: the pages wait for the CPU, never the organizer
    i18n.set_language(lang)
    try:
        opts = {"lang": lang, **json.loads(options)}  # the pages default to the desk's language
        from core.door import ReachingWriter

        # the app holds the event: the pages' writes (phone reports) go through its door
        srv = WebServer(
            Feed(FileSource(DataDir(data), eid)),
            host=host,
            port=int(port),
            writer=ReachingWriter(DataDir(data), eid),
            **opts,
        )
    except LyceeError as err:
        print(f"ERR {err}", flush=True)
        return 2
    print(srv.port, flush=True)

    def watch_parent():
        sys.stdin.read()  # returns when the app closes our stdin, or goes away
        while srv._server is None:
            threading.Event().wait(0.05)
        srv.app.app.state.lycee["stopping"] = True
        srv._server.should_exit = True

    threading.Thread(target=watch_parent, daemon=True).start()
    srv.run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
