"""The page server: the site (:mod:`tui.web.site`) behind its guard
(:mod:`tui.web.guard`) on uvicorn, with the connection rules of
:mod:`tui.web.conn`: :class:`WebServer` runs it in the foreground
(``lycee serve``) or in a thread; the app runs it in a child process
(:class:`tui.web.child.ChildServer`)."""

from __future__ import annotations

import os
import threading
from functools import partial

import uvicorn

from . import DEFAULT_PORT
from .conn import Gate, protocol_class
from .feed import Feed
from .guard import refusal_app, refusal_now
from .locks import Locks
from .network import allowed_hosts, bind, lan_addresses, raise_fd_limit, urls
from .site import create_app

#: Open connections from one address at most: 200 phones behind a store's
#: NAT hold a live stream and a keep-alive connection each; one
#: address cannot take the global cap's reserve for this PC all the same.
PER_ADDRESS = 800

#: Files the server keeps open besides connections (the event file, the loop, logs).
FD_MARGIN = 128


def _site_options(feed: Feed, host: str, options: dict) -> dict:
    """The site's options with their defaults for this server: the host names it answers to, and (taking
    phone writes) the guessers' locks shared with the desk."""
    if "hosts" not in options:
        options["hosts"] = allowed_hosts(host)
    if "locks" not in options and options.get("writer") is not None:
        options["locks"] = Locks.for_feed(feed)
    return options


def _fit_open_files(gate: Gate, max_connections: int) -> None:
    """Raise the limit of open files for the connections; where the system allows fewer, fewer are
    admitted (with room to refuse)."""
    files = raise_fd_limit(max_connections + gate.waiting + FD_MARGIN)
    if files < max_connections + gate.waiting + FD_MARGIN:
        gate.max_connections = max(16, files - gate.waiting - FD_MARGIN)
        gate.reserve = min(gate.reserve, gate.max_connections // 4)


class WebServer:
    """One server over one feed: :meth:`run` in the foreground (Ctrl+C stops
    it), or :meth:`start` / :meth:`stop` in a thread (the app).

    The connection rules (tui.web.conn): a request's headers within
    ``header_timeout`` seconds, the whole request (headers and body) within
    ``request_timeout``, an idle keep-alive connection closed after
    ``keep_alive``, at most ``per_address`` open connections from one address
    (None: no cap; benchmarks from one address), ``max_connections`` in all
    (lowered to what the open-files limit allows) of which ``reserve`` only for
    this PC's own addresses."""

    def __init__(
        self,
        feed: Feed,
        host: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        *,
        header_timeout: float = 5.0,
        request_timeout: float = 10.0,
        keep_alive: float = 5.0,
        per_address: int | None = PER_ADDRESS,
        max_connections: int = 4000,
        reserve: int = 64,
        **app_options,
    ):
        self.feed = feed
        self.host = host
        self.sock = bind(host, port)
        self.port = self.sock.getsockname()[1]
        self.app = create_app(feed, **_site_options(feed, host, app_options))
        self.lang = app_options.get("lang")
        self.header_timeout, self.request_timeout, self.keep_alive = header_timeout, request_timeout, keep_alive
        own = lan_addresses() if host in ("0.0.0.0", "", "::") else [host]
        self.gate = Gate(per_address, max_connections, reserve, own)
        _fit_open_files(self.gate, max_connections)
        self._thread: threading.Thread | None = None
        self._server: uvicorn.Server | None = None

    @property
    def urls(self) -> list[str]:
        return urls(self.host, self.port)

    def _make(self):
        protocol = protocol_class(
            self.gate,
            self.header_timeout,
            partial(refusal_app, lang=self.lang),
            refusal_now,
            request_timeout=self.request_timeout,
        )
        config = uvicorn.Config(
            self.app,
            log_level="warning",
            access_log=False,
            lifespan="on",
            ws="none",
            http=protocol,
            timeout_graceful_shutdown=1,
            # uvicorn annotates an int; it only hands the value to loop.call_later (a float)
            timeout_keep_alive=self.keep_alive,  # type: ignore[arg-type]
            limit_concurrency=None,
            backlog=4096,
        )
        self._server = uvicorn.Server(config)
        return self._server

    #: Run this much below the priority we were started at (``lycee serve``:
    #: 10, as the app's child server; see :meth:`run`).
    nice = 0

    def run(self) -> None:
        """Serve until Ctrl+C (uvicorn handles the signal), then close the socket."""
        if self.nice and hasattr(os, "nice"):
            try:
                os.nice(self.nice)
            except OSError:  # not allowed here: serve at the priority we have
                pass
        try:
            self._make().run(sockets=[self.sock])
        finally:
            self.sock.close()

    def start(self) -> None:
        server = self._make()
        self._thread = threading.Thread(
            target=server.run, kwargs={"sockets": [self.sock]}, name="lycee-serve", daemon=True
        )
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop serving: live streams end, the thread is joined, the socket closed."""
        self.app.app.state.lycee["stopping"] = True  # live streams end within a second
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self.sock.close()
