"""The network around the page server: this PC's addresses, who can read
the pages, their QR code, the listening socket and the open-files limit."""

from __future__ import annotations

import errno
import io
import socket

import segno

from core.errors import LyceeError
from core.i18n import _


class PortInUse(LyceeError):
    pass


def host_name(value: str) -> str:
    """A Host header's name without its port, lower case: ``[::1]:8000`` is ``::1``."""
    v = value.strip().lower()
    if v.startswith("["):
        return v[1 : v.find("]")] if "]" in v else v
    if v.count(":") == 1:
        v = v.partition(":")[0]
    return v.rstrip(".")


def allowed_hosts(host: str) -> frozenset[str]:
    """The names a request may give in its Host header: this PC's addresses
    and names, and the one it listens on (``--host``).  A page of another
    site whose name was pointed at this PC (DNS rebinding) gives its own name,
    and is refused."""
    names = {"127.0.0.1", "localhost", "::1", host_name(host)}
    names.update(lan_addresses())
    try:
        me = socket.gethostname()
        names.update({me, me + ".local", socket.getfqdn(me)})
    except OSError:
        pass
    return frozenset(host_name(n) for n in names if n and not is_every_network(n))


def content_length(scope) -> int | None:
    """A request's Content-Length (None: none given; -1: not a number)."""
    for k, v in scope.get("headers", ()):
        if k.lower() == b"content-length":
            return int(v) if v.strip().isdigit() else -1
    return None


#: Interfaces phones on the store's network never reach this PC through
#: (containers, virtual machines, VPNs): their addresses are not offered.
VIRTUAL = ("lo", "docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "tailscale", "zt")


def _interface_addresses() -> list[str]:
    """Each network interface's IPv4 address (Linux; elsewhere none)."""
    out: list[str] = []
    try:
        import fcntl
        import struct

        names = [n for _i, n in socket.if_nameindex() if not n.startswith(VIRTUAL)]
    except (ImportError, OSError, AttributeError):
        return out
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        for name in names:
            try:
                req = struct.pack("256s", name.encode()[:15])
                out.append(socket.inet_ntoa(fcntl.ioctl(s.fileno(), 0x8915, req)[20:24]))  # SIOCGIFADDR
            except OSError:  # no IPv4 address on it
                pass
    finally:
        s.close()
    return out


def lan_addresses() -> list[str]:
    """This PC's IPv4 addresses others on the network can reach, the one the
    routing table picks first (no packet is sent: a UDP socket "connected"
    to a private address only chooses its source), then each interface's."""
    found = [a for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255") for a in _routed(probe)]
    found += _interface_addresses() + _host_addresses()
    out: list[str] = []
    for a in found:
        if a not in out and not a.startswith(("127.", "169.254.", "0.")):
            out.append(a)
    return out


def _routed(probe: str) -> list[str]:
    """The source address the routing table picks to reach ``probe`` (none when it has no route)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect((probe, 1))
        return [s.getsockname()[0]]
    except OSError:
        return []
    finally:
        s.close()


def _host_addresses() -> list[str]:
    """The IPv4 addresses this PC's host name resolves to."""
    try:
        return [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        return []


def is_local_only(host: str) -> bool:
    """Listening on ``host`` serves this PC only (a loopback address)."""
    return host.startswith("127.") or host in ("::1", "localhost")


def is_every_network(host: str) -> bool:
    return host in ("0.0.0.0", "", "::")


def urls(host: str, port: int) -> list[str]:
    """The addresses to type: every LAN address when listening on all of
    them (never 0.0.0.0); this PC's own when there is none."""
    if is_every_network(host):
        return [f"http://{a}:{port}/" for a in lan_addresses()] or [f"http://127.0.0.1:{port}/"]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def exposure(host: str, shown: list[str], event: str) -> list[str]:
    """Who can read ``event``'s pages served on ``host`` (the addresses
    ``shown``), in lines for the organizer: ``lycee serve`` and the app's
    Ctrl+W dialog; a line may hold line breaks (the Japanese, broken between
    phrases to fit the dialog's 42 columns)."""
    if is_local_only(host):
        return [_("Only this PC can open these pages: phones and other devices cannot (--host {host}).", host=host)]
    lines = []
    if all("//127." in u for u in shown):
        lines.append(_("No network address found on this PC: phones cannot reach it yet."))
    lines.append(
        _(
            "Every device on this network can open these pages: names, pairings, results, "
            "standings, announcements; never penalties, decklists, staff notes or the log."
        )
    )
    # the command on a line of its own: whole, to copy, at any width
    lines += [_("To serve this PC only:"), f"lycee serve {event} --host 127.0.0.1"]
    return lines


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with half blocks for a terminal (segno)."""

    qr = segno.make(url, error="m", boost_error=False)
    buf = io.StringIO()
    qr.terminal(out=buf, compact=True, border=2)
    return buf.getvalue()


def qr_matrix(url: str) -> list[list[bool]]:
    """The QR code as rows of dark (True) modules, with a quiet zone of 2."""

    qr = segno.make(url, error="m", boost_error=False)
    return [[bool(x) for x in row] for row in qr.matrix_iter(border=2)]


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or :class:`PortInUse` naming the port and what to do."""
    fam = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(fam, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise PortInUse(
                _(
                    "port {port} on {host} is in use (another lycee serve?): stop that one, "
                    "or choose another port with --port",
                    port=port,
                    host=host,
                )
            ) from None
        raise LyceeError(
            _(
                "cannot listen on {host}:{port} ({reason}): choose another --host or --port",
                host=host,
                port=port,
                reason=err.strerror or err,
            )
        ) from None
    sock.listen(256)
    sock.set_inheritable(True)
    return sock


def raise_fd_limit(wanted: int) -> int:
    """Raise this process's soft limit of open files towards ``wanted`` (up to
    the hard limit; many systems start at 1024); the limit now in force."""
    try:
        import resource
    except ImportError:  # not on this system (Windows): its own limits apply
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    if soft >= wanted:
        return soft
    new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
    except (ValueError, OSError):
        return soft
    return new
