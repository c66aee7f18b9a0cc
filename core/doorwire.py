"""Values on the desk's door (:mod:`core.door`): a call's arguments and its
answer as JSON, dataclasses, msgspec Structs and paths tagged so they come
back as themselves, and a refusal raised again on the client as the same
exception class with the same message."""

from __future__ import annotations

import contextlib
import importlib
import json
import struct
import time
from dataclasses import fields, is_dataclass
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

import msgspec

from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _

if TYPE_CHECKING:
    import socket


def encode(value: Any) -> Any:
    """``value`` as JSON builtins, dataclasses, Structs and paths tagged so
    :func:`decode` gives them back as they were."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Event):
        raise TypeError("an Event is read by the client, not sent")
    if isinstance(value, PurePath):
        return {"$path": str(value)}
    return _encode_compound(value)


def _encode_compound(value: Any) -> Any:
    """A collection, Struct or dataclass as :func:`encode` gives it; anything else as msgspec does."""
    if isinstance(value, (list, tuple, set, frozenset)):
        return [encode(x) for x in value]
    if isinstance(value, dict):
        return encode_dict(value)
    if isinstance(value, msgspec.Struct) or (is_dataclass(value) and not isinstance(value, type)):
        return encode_fields(value)
    return msgspec.to_builtins(value)


def encode_dict(value: dict) -> dict:
    """A dict as JSON: as it is when its keys are strings, else as ``{"$dict": [[k, v], ...]}``."""
    if any(not isinstance(k, str) for k in value):
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    return {k: encode(v) for k, v in value.items()}


def encode_fields(value: Any) -> dict:
    """A Struct or dataclass as ``{"$type": "module:Name", "$": fields}`` (an unset field left to its default)."""
    cls = type(value)
    names = value.__struct_fields__ if isinstance(value, msgspec.Struct) else [f.name for f in fields(value)]
    return {
        "$type": f"{cls.__module__}:{cls.__qualname__}",
        "$": {n: encode(getattr(value, n)) for n in names if getattr(value, n) is not msgspec.UNSET},
    }


def decode(value: Any) -> Any:
    """The value :func:`encode` made.  A tagged type is looked up only in
    ``core`` and ``limited``, and only a dataclass or Struct is built."""
    if isinstance(value, list):
        return [decode(x) for x in value]
    if not isinstance(value, dict):
        return value
    if "$path" in value:
        return Path(value["$path"])
    if "$dict" in value:
        return {decode(k): decode(v) for k, v in value["$dict"]}
    if "$type" in value:
        return decode_typed(value)
    return {k: decode(v) for k, v in value.items()}


def _tagged_type(tag: str) -> Any:
    """The dataclass or Struct a ``$type`` tag names, looked up only in ``core`` and ``limited``."""
    module, _sep, name = tag.partition(":")
    if module.split(".")[0] not in ("core", "limited"):
        raise LyceeError(_("a value of type {what} is not accepted through the desk's door", what=tag))
    cls: Any = importlib.import_module(module)
    for part in name.split("."):
        cls = getattr(cls, part)
    if not (isinstance(cls, type) and (issubclass(cls, msgspec.Struct) or is_dataclass(cls))):
        raise LyceeError(_("a value of type {what} is not accepted through the desk's door", what=tag))
    return cls


def decode_typed(value: dict) -> Any:
    """A tagged dataclass or Struct, its type looked up only in ``core`` and ``limited``."""
    cls = _tagged_type(str(value["$type"]))
    data = {k: decode(v) for k, v in value["$"].items()}
    try:
        return cls(**data)
    except TypeError:
        return msgspec.convert(data, cls, from_attributes=True, strict=False)


def refusal(message: str) -> dict:
    """The answer of a request the door refuses (the client raises a LyceeError with ``message``)."""
    return {"ok": False, "kind": "LyceeError", "rule": None, "error": message}


def read_request(line: bytes) -> tuple[dict, dict | None]:
    """(the request a line holds, None), or ({}, the refusal) for a line that holds no JSON object."""
    if too_deep(line):
        return {}, refusal(_("the desk's door could not read the request: nested more than {n} deep", n=DEPTH_MAX))
    try:
        req = json.loads(line)
        if not isinstance(req, dict):
            raise ValueError("not an object")
    except (ValueError, RecursionError) as err:  # RecursionError: too_deep keeps it from coming
        return {}, refusal(_("the desk's door could not read the request: {reason}", reason=err))
    return req, None


def value_answer(value) -> dict:
    """A call's value as the door sends it: an event is only said to be one (the client reads it again)."""
    if isinstance(value, Event):
        return {"ok": True, "event": True}
    try:
        return {"ok": True, "value": encode(value)}
    except TypeError as err:
        return {"ok": True, "value": None, "note": str(err)}


def error_answer(err: BaseException, method: str) -> dict:
    if isinstance(err, LyceeError):
        out = {
            "ok": False,
            "error": str(err),
            "rule": err.rule,
            "kind": type(err).__name__,
            "module": type(err).__module__,
        }
        for extra in ("source", "problems"):
            if hasattr(err, extra):
                out[extra] = encode(getattr(err, extra))
        return out
    return {
        "ok": False,
        "error": _("the desk could not do {name}: {reason}", name=method, reason=f"{type(err).__name__}: {err}"),
        "rule": None,
        "kind": "LyceeError",
    }


def _error_class(module: str, name: str) -> type[LyceeError]:
    """The LyceeError class ``name`` of ``module`` (of core, limited or tui), else LyceeError."""
    if module.split(".")[0] in ("core", "limited", "tui"):
        with contextlib.suppress(ImportError, AttributeError):
            found = getattr(importlib.import_module(module), name)
            if isinstance(found, type) and issubclass(found, LyceeError):
                return found
    return LyceeError


def raised(answer: dict) -> LyceeError:
    """The exception an error answer stands for: the same class (found among
    the LyceeError classes loaded here, else LyceeError), message and rule."""
    cls = _error_class(answer.get("module") or "", answer.get("kind") or "LyceeError")
    err = cls.__new__(cls)
    Exception.__init__(err, str(answer.get("error") or ""))
    err.rule = answer.get("rule")
    for extra in ("source", "problems"):
        if extra in answer:
            setattr(err, extra, decode(answer[extra]))
    return err


# -- the bytes on the wire ----------------------------------------------------------
#: How much of a line is read at a time.
CHUNK = 64 * 2**10
#: The deepest nesting of ``[`` and ``{`` a request may have (a batch of
#: pools, the deepest request sent, nests 9 deep).
DEPTH_MAX = 64


class Refused(Exception):
    """A request the door will not read: the answer to send before closing."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


_NOT_SYNTAX = bytes(b for b in range(256) if b not in b'[]{}"')
#: ``{`` and ``}`` read as ``[`` and ``]``: one pair to take away a level at a time.
_SQUARE = bytes.maketrans(b"{}", b"[]")


def too_deep(line: bytes, limit: int | None = None) -> bool:
    """Whether the JSON in ``line`` nests ``[`` and ``{`` deeper than
    ``limit`` (:data:`DEPTH_MAX`), found before it is parsed (a parser
    recurses once a level).  What is inside strings is left out: escaped
    backslashes and quotes go first, then all but brackets and quotes,
    then two quotes side by side (an empty string, or one without
    brackets: the quotes around every other byte stay paired), then what is
    left between quotes.  Each pass then takes away the innermost pairs, so
    a line ``limit`` deep is empty after ``limit`` passes.  All of it runs
    in C: the largest request measured (8 MB) is checked in a tenth of its
    parse.  Unbalanced brackets are left to the parser to name."""
    limit = DEPTH_MAX if limit is None else limit
    if line.count(b"[") + line.count(b"{") <= limit:
        return False
    if b"\\" in line:
        line = line.replace(b"\\\\", b"").replace(b'\\"', b"")
    syntax = line.translate(_SQUARE, _NOT_SYNTAX).replace(b'""', b"")
    skeleton = b"".join(syntax.split(b'"')[0::2])
    for _level in range(limit):
        shorter = skeleton.replace(b"[]", b"")
        if shorter == skeleton:
            return False  # empty, or unbalanced: not deeper than this
        skeleton = shorter
    return b"[]" in skeleton


class Lines:
    """The requests of one connection, a line at a time, read in chunks
    (:data:`CHUNK`) so that no more than ``limit`` bytes plus a chunk are
    ever held.  Each line must arrive whole within ``idle`` seconds of asking
    for it (after connecting, or after the last answer)."""

    def __init__(self, conn: socket.socket, limit: int, idle: float):
        self.conn = conn
        self.limit = limit
        self.idle = idle
        self.buf = bytearray()

    def _fill(self, deadline: float, most: int = CHUNK) -> bool:
        """At most ``most`` more bytes into the buffer, by ``deadline``
        (else TimeoutError); False when the client has closed."""
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        self.conn.settimeout(left)
        chunk = self.conn.recv(most)
        self.buf += chunk
        return bool(chunk)

    def exactly(self, n: int, idle: float | None = None) -> bytes:
        """The next ``n`` bytes (fewer when the client closes first), reading no further."""
        deadline = time.monotonic() + (self.idle if idle is None else idle)
        while len(self.buf) < n and self._fill(deadline, n - len(self.buf)):
            pass
        out = bytes(self.buf[:n])
        del self.buf[:n]
        return out

    def line(self) -> bytes | None:
        """The next line without its newline; None when the client has
        closed (a last line without a newline is still a line).  Raises
        :class:`Refused` for a line over the limit, TimeoutError when it
        does not come in time."""
        deadline = time.monotonic() + self.idle
        seen = 0
        while True:
            end = self.buf.find(b"\n", seen)
            if end > self.limit or (end < 0 and len(self.buf) > self.limit):
                raise Refused(too_long_message(self.limit))
            if end >= 0:
                out = bytes(self.buf[:end])
                del self.buf[: end + 1]
                return out
            seen = len(self.buf)
            if not self._fill(deadline):
                if self.buf:
                    out = bytes(self.buf)
                    self.buf.clear()
                    return out
                return None


def too_long_message(limit: int) -> str:
    return _(
        "the desk's door takes a request of at most {mb} MB; this one is longer and was not read (nothing was stored)",
        mb=f"{limit / 2**20:g}",
    )


def peer_uid(conn: socket.socket) -> int | None:
    """The uid of a Unix socket's peer (SO_PEERCRED), None where unknown."""
    # lazy: socket, which `lycee result` with no desk open never loads
    import socket

    opt = getattr(socket, "SO_PEERCRED", None)
    if opt is None or conn.family != getattr(socket, "AF_UNIX", None):
        return None
    creds = conn.getsockopt(socket.SOL_SOCKET, opt, struct.calcsize("3i"))
    return struct.unpack("3i", creds)[1]
