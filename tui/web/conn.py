"""Connections, counted where they arrive: the server holds against one bad client.

uvicorn reads requests with h11 and has no deadline for a request's headers:
a phone that opens connections and sends a request a byte at a time
(slowloris) keeps each one forever, and a few thousand of them filled the
server for everyone.  :class:`Gate` counts every open connection
by remote address at the transport, before a byte is parsed, and
:func:`protocol_class` is uvicorn's h11 protocol with the rules added:

- **a deadline for the headers**: a connection whose request (line and
  headers) is not complete within ``header_timeout`` seconds of connecting,
  or of the first byte of its next request, is closed; an idle keep-alive
  connection is closed after uvicorn's ``timeout_keep_alive``;
- **a deadline for the whole request**: its body too must have arrived
  within ``request_timeout`` seconds of the request's first byte (a phone
  sending a byte every two seconds holds its connection no longer); past it
  the request is answered 408 and the connection closed (the page code sees
  a client gone: one log line, tui.web.writes.json_body);
- **a cap per address** on every path (``per_address`` open connections, the
  live streams included): one more is refused with 429;
- **a global cap with a reserve**: other addresses share ``max_connections -
  reserve``; this PC's own addresses (127.0.0.1, ::1 and its network
  addresses: the desk, a TV on its HDMI port) may use the reserve too; past
  it, 503.

A refused connection is answered in the visitor's language (it may send its
headers for a short while so that Accept-Language can choose) with a short
page, then closed.  When too many refused connections are already waiting,
one more gets the page in both languages at once and is closed: refusing
costs the server no more than a file descriptor for a moment.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: How long a refused connection may take to send its headers (for its language).
REFUSAL_WAIT = 1.0


def normal(address: str) -> str:
    """``::ffff:1.2.3.4`` (an IPv4 peer on a dual-stack socket) is ``1.2.3.4``."""
    return address[7:] if address.startswith("::ffff:") and "." in address else address


class Gate:
    """Open connections by remote address, and the caps (see the module)."""

    def __init__(
        self,
        per_address: int | None = 16,
        max_connections: int = 4000,
        reserve: int = 64,
        own: Iterable[str] = (),
        waiting: int = 256,
    ):
        self.per_address = per_address
        self.max_connections = max_connections
        self.reserve = min(reserve, max_connections)
        self.own = {"127.0.0.1", "::1", *(normal(a) for a in own)}
        self.waiting = waiting
        self.open: dict[str, int] = {}
        self.total = 0
        self.refusing = 0  # refused connections waiting for their headers
        # figures (benchmarks/serve.py, tests)
        self.admitted = 0
        self.refused = 0
        self.timed_out = 0  # admitted connections closed at the header or request deadline
        self.slow_bodies = 0  # of them, requests whose body had not arrived in time (answered 408)

    def admit(self, who: str) -> int:
        """0 when a new connection from ``who`` may go on (then :meth:`leave`
        when it closes), else the status to refuse it with: 429 (this address
        has its share) or 503 (the server is full)."""
        n = self.open.get(who, 0)
        if self.per_address is not None and n >= self.per_address:
            return 429
        room = self.max_connections if who in self.own else self.max_connections - self.reserve
        if self.total >= room:
            return 503
        self.open[who] = n + 1
        self.total += 1
        self.admitted += 1
        return 0

    def leave(self, who: str) -> None:
        n = self.open.get(who, 0) - 1
        if n > 0:
            self.open[who] = n
        else:
            self.open.pop(who, None)
        self.total -= 1


def protocol_class(
    gate: Gate, header_timeout: float, refusal_app: Any, refusal_now: Any, request_timeout: float | None = None
) -> type:
    """uvicorn's h11 protocol for one server: ``refusal_app(status)`` is the
    ASGI app that answers a refused request (in its language);
    ``refusal_now(status)`` the bytes of a whole answer in both languages;
    ``request_timeout`` (default twice ``header_timeout``) bounds a request's
    headers and body together."""
    whole = request_timeout if request_timeout is not None else 2 * header_timeout

    class GuardedH11(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.who = "?"
            self.counted = False
            self.waiting = False
            self.deadline: asyncio.TimerHandle | None = None
            self.started = 0.0  # when the request now arriving began (the loop's time)
            self.in_body = False  # the deadline armed is the whole request's (its body is arriving)

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self.who = normal(self.client[0]) if self.client else "?"
            status = gate.admit(self.who)
            if not status:
                self.counted = True
                self.started = self.loop.time()
                self._arm(header_timeout)
                return
            gate.refused += 1
            if gate.refusing >= gate.waiting:
                transport.write(refusal_now(status))
                transport.close()
                return
            gate.refusing += 1
            self.waiting = True
            self.app = refusal_app(status)  # what answers this connection's request
            self._arm(min(header_timeout, REFUSAL_WAIT))

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self.counted:
                self.counted = False
                gate.leave(self.who)
            if self.waiting:
                self.waiting = False
                gate.refusing -= 1
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)  # (cancels uvicorn's keep-alive timer)
            if self.transport.is_closing():
                self._disarm()
            elif self.cycle is not None and not self.cycle.response_complete:
                self._request_in()
            elif self.deadline is None:
                self.started = self.loop.time()
                self._arm(header_timeout)  # the first bytes of a next request: its headers have a deadline

        def _request_in(self) -> None:
            """The headers are in: the request runs once its body is in too, by
            the whole request's deadline."""
            if not self.cycle.more_body:
                self._disarm()
            elif not self.in_body:
                self._arm(max(0.0, self.started + whole - self.loop.time()))
                self.in_body = True

        def on_response_complete(self) -> None:
            super().on_response_complete()  # idle from now: uvicorn's keep-alive timer runs
            if self.cycle is not None and not self.cycle.response_complete:
                self.started = self.loop.time()
                self._request_in()  # a pipelined request started
            else:
                self._disarm()  # answered (perhaps before its body came): what comes next has its own deadline

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self.deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            self.in_body = False
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            if self.transport.is_closing():
                return
            if self.counted:
                gate.timed_out += 1
            cycle = self.cycle
            if self.in_body and cycle is not None and not cycle.response_started:
                gate.slow_bodies += 1
                cycle.disconnected = True  # the page code's next read: the client is gone, its answers go nowhere
                cycle.message_event.set()
                head = h11.Response(
                    status_code=408,
                    headers=[(b"content-length", b"0"), (b"connection", b"close")],
                    reason=b"Request Timeout",
                )
                try:
                    self.transport.write((self.conn.send(head) or b"") + (self.conn.send(h11.EndOfMessage()) or b""))
                except h11.LocalProtocolError:
                    pass
            self.in_body = False
            try:
                self.conn.send(h11.ConnectionClosed())
            except h11.LocalProtocolError:
                pass
            self.transport.close()

    return GuardedH11
