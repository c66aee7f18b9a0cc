"""Reading a ``lycee-event/1`` file: bounded, parsed, checked, replayed.

``event_from_doc(doc)`` checks every field and raises
:class:`~core.errors.ValidationError` listing every problem with its JSON
path: first the structure (the model, :mod:`.structure`), then the document's
checks (:mod:`.check`), then the replay through the desk's reducers
(:mod:`.replay`).  ``event_from_doc(to_doc(e)) == e``.  Before any of it a
file is read with a bounded read (:func:`read_capped`: the size cap) and
parsed refusing a key twice, NaN and nesting too deep (:func:`parse_doc`).
"""

from __future__ import annotations

import json
import os
import weakref
from pathlib import Path
from typing import BinaryIO

import msgspec

from core.errors import LyceeError, ValidationError
from core.event.model import Event
from core.i18n import _
from core.names import visible
from core.rules.eventfile.check import document_problems
from core.rules.eventfile.replay import check_no_winner, replay
from core.rules.eventfile.structure import structure_problems


def event_from_doc(doc, source: str = "event", strict: bool = True) -> Event:
    """Check ``doc`` and build the Event; raise ValidationError listing all problems.

    ``strict`` (a file being imported): bounds on every field, no unknown
    keys, the rules of docs/names.md for ids and text, and players paired only
    in the rounds they were in the event for.  An event imported before these
    checks is replayed from its log with ``strict=False``."""
    try:
        return _event_from_doc(doc, source, strict)
    except RecursionError:
        raise ValidationError(source, [("$", _("nested too deeply to be an event file"))]) from None


def _event_from_doc(doc, source: str, strict: bool) -> Event:
    shape = structure_problems(doc, strict)
    if shape:
        raise ValidationError(source, shape)
    problems: list[tuple[str, str]] = []
    event = _checked_and_replayed(doc, strict, problems)
    if problems or event is None:
        raise ValidationError(source, problems)
    _check_storable(event, source)
    return event


def _checked_and_replayed(doc: dict, strict: bool, problems: list[tuple[str, str]]) -> Event | None:
    """The document's checks, then (its settings sound) the replay; every problem added to ``problems``."""

    def bad(path: str, what: str) -> None:
        problems.append((path, what))

    settings_ok, ok, skip = document_problems(doc, strict, bad)
    event = replay(doc, ok, skip, problems) if settings_ok else None
    if strict and event is not None:
        check_no_winner(event, problems)
    return event


def _check_storable(event: Event, source: str) -> None:
    """The event reads back as the journal reads it (msgspec, strict types):
    what import accepts opens.  The schema's types already ensure it; this
    turns a gap between the two into a refusal instead of an event that no
    command can open."""
    stored = msgspec.to_builtins(event)
    try:
        msgspec.convert(stored, type=Event)
    except msgspec.ValidationError as err:
        what, _sep, where = str(err).partition(" - at `")
        raise ValidationError(source, [(where.rstrip("`") or "$", what)]) from None
    _STORED[:] = [weakref.ref(event, _forget_stored), stored]


#: The event :func:`_check_storable` read back last (a weak reference) and the
#: form it read back: what the journal's import record keeps (:func:`stored_form`).
_STORED: list = [None, None]


def _forget_stored(ref) -> None:
    """The event is gone: its stored form is not kept for it."""
    if _STORED[0] is ref:
        _STORED[:] = [None, None]


def stored_form(event: Event) -> dict:
    """``event`` as the journal's ``import`` record keeps it (msgspec's
    builtins, read back with ``msgspec.convert``).  For the event an import
    has just checked it is the form that check read back, not made again
    (one encoding); for any other event it is made now."""
    ref, stored = _STORED
    if ref is not None and ref() is event:
        _STORED[:] = [None, None]  # given once: the record owns it
        return stored
    return msgspec.to_builtins(event)


#: The largest file ``lycee import`` and ``lycee verify FILE`` read, in MB
#: (10**6 bytes), unless LYCEE_IMPORT_MAX_MB or ``--max-mb`` says otherwise.
MAX_MB = 20.0


def max_bytes(max_mb: float | None = None) -> int:
    """The size cap in bytes: ``max_mb``, else LYCEE_IMPORT_MAX_MB, else :data:`MAX_MB`."""
    if max_mb is None:
        max_mb = _env_mb()
    if not max_mb > 0 or max_mb > 10**6:
        raise LyceeError(_("a size limit of {mb} MB: give a number of megabytes above 0", mb=max_mb))
    return int(max_mb * 1_000_000)


def _env_mb() -> float:
    """LYCEE_IMPORT_MAX_MB, else :data:`MAX_MB`."""
    env = os.environ.get("LYCEE_IMPORT_MAX_MB", "").strip()
    try:
        return float(env) if env else MAX_MB
    except ValueError:
        raise LyceeError(
            _("LYCEE_IMPORT_MAX_MB={value!r}: a number of megabytes, like 50", value=visible(env[:40]))
        ) from None


def load_doc(path: Path, max_mb: float | None = None) -> dict:
    """Read a JSON file; a parse error names the file, line and column.  A
    file larger than the size cap (:func:`max_bytes`) is refused before it is
    read whole or parsed."""
    return parse_doc(read_capped(path, max_mb), str(path))


def read_capped(path: Path, max_mb: float | None = None, encoding: str = "utf-8") -> str:
    """The text of an event file (JSON, or a CSV of rounds), read with a
    bounded read: a file larger than the size cap (:func:`max_bytes`) is
    refused, naming the file and the cap, once the cap is passed, before the
    rest is read or anything parsed (``/dev/zero`` stops there too)."""
    limit = max_bytes(max_mb)
    try:
        with open(path, "rb") as f:
            raw = _read_to(f, path, limit)
        return raw.decode(encoding)
    except OSError as err:
        raise LyceeError(_("{path} cannot be read ({reason})", path=path, reason=err.strerror)) from None
    except UnicodeDecodeError:
        raise LyceeError(_("{path} is not UTF-8 text", path=path)) from None


def _read_to(f: BinaryIO, path: Path, limit: int) -> bytes:
    """The bytes of ``f`` if they are at most ``limit``: a regular file's size
    says it without a read; anything else (a pipe, a device) is read only to the cap."""
    size = _size(f)
    if size > limit:
        raise LyceeError(
            _(
                "{path} is {size} MB, more than the {limit} MB an event file may have "
                "(a larger limit: LYCEE_IMPORT_MAX_MB=MB or --max-mb MB)",
                path=path,
                size=_mb(size),
                limit=_mb(limit),
            )
        )
    raw = f.read(limit + 1)
    if len(raw) > limit:
        raise LyceeError(
            _(
                "{path} holds more than the {limit} MB an event file may have (read up to there "
                "and refused; a larger limit: LYCEE_IMPORT_MAX_MB=MB or --max-mb MB)",
                path=path,
                limit=_mb(limit),
            )
        )
    return raw


def _size(f: BinaryIO) -> int:
    """The size the file system gives ``f`` (0: none, e.g. a pipe)."""
    try:
        return os.fstat(f.fileno()).st_size
    except OSError:
        return 0


def _mb(n: int) -> str:
    mb = n / 1_000_000
    return f"{mb:.1f}".removesuffix(".0") if mb >= 1 else f"{mb:.3g}"


def _no_duplicate_keys(pairs):
    out = dict(pairs)  # (built in C; the pairs are looked at one by one only when a key repeats)
    if len(out) != len(pairs):
        seen = set()
        for k, _v in pairs:
            if k in seen:
                raise ValueError(_("the key {key!r} appears twice in one object", key=visible(k)))
            seen.add(k)
    return out


def _no_constant(name):
    raise ValueError(_("{name} is not a number JSON allows", name=name))


def parse_doc(text: str, source: str = "event"):
    """JSON text to a document; a problem (bad JSON, nesting too deep, a key
    twice, NaN, a number too long to read) is a ValidationError naming it."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise ValidationError(source, [(f"line {err.lineno} column {err.colno}", err.msg)]) from None
    except RecursionError:
        raise ValidationError(source, [("$", _("nested too deeply to be an event file"))]) from None
    except ValueError as err:  # a key twice, NaN, or an integer of more than 4300 digits
        raise ValidationError(source, [("$", str(err).splitlines()[0][:200])]) from None
