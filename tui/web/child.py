"""The page server as a child process of the app: :class:`ChildServer` (the
app's side) starts ``python -m tui.web.child DATA_DIR EVENT HOST PORT LANG
OPTIONS_JSON`` (:func:`main`, the child's side), which prints the port (or
``ERR`` and a message) on its first line and serves until its stdin closes.
The app imports this module alone: the server's stack loads in the child."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from core import i18n
from core.errors import LyceeError
from core.i18n import _

from . import DEFAULT_PORT
from .network import urls


def main(argv: list[str]) -> int:
    # lazy: the server's stack (starlette, uvicorn) and the store load in the child only
    from core.door import ReachingWriter
    from core.store import DataDir

    from .feed import Feed, FileSource
    from .server import WebServer

    data, eid, host, port, lang, options = argv
    if hasattr(os, "nice"):
        os.nice(10)  # the desk comes first: the pages wait for the CPU, never the organizer
    i18n.set_language(lang)
    try:
        opts = {"lang": lang, **json.loads(options)}  # the pages default to the desk's language

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


class ChildServer:
    """The server in a child process, for the app: the pages are rendered
    and served beside the desk, not in its interpreter, so typing results
    stays as fast with serving on.  The child reads the event file without
    the lock (like ``lycee serve``); it stops when told, or when this
    process goes away (its stdin closes)."""

    def __init__(
        self,
        datadir,
        event_id: str,
        host: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        start_timeout: float = 20.0,
        **app_options,
    ):
        root = str(Path(__file__).resolve().parents[2])
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p))
        self.host = host
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tui.web.child",
                str(datadir.root),
                event_id,
                host,
                str(port),
                i18n.language(),
                json.dumps(app_options),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        line = self._first_line(start_timeout)
        if not line.strip().isdigit():
            self.stop()
            raise LyceeError(
                line[4:].strip()
                if line.startswith("ERR ")
                else _("the page server did not start ({reason})", reason=line.strip() or "no answer")
            )
        self.port = int(line)

    def _first_line(self, timeout: float) -> str:
        box: list[str] = []
        out = self.proc.stdout
        assert out is not None  # Popen(stdout=PIPE)
        t = threading.Thread(target=lambda: box.append(out.readline()), daemon=True)
        t.start()
        t.join(timeout)
        return box[0] if box else ""

    @property
    def urls(self) -> list[str]:
        return urls(self.host, self.port)

    @property
    def running(self) -> bool:
        return self.proc.poll() is None

    def start(self) -> None:
        """(Started when made: the interface of :class:`WebServer`.)"""

    def stop(self, timeout: float = 5.0) -> None:
        if self.proc.poll() is None:
            _close(self.proc.stdin)  # the child's signal to stop
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout)
        _close(self.proc.stdin)
        _close(self.proc.stdout)


def _close(f) -> None:
    """Close one of the child's pipes (none, or one already broken, is left as it is)."""
    try:
        if f is not None:
            f.close()
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
