"""The event journal (docs/storage.md): an append-only file of framed records.

An event's actions live in ``events/<id>.jsonl``::

    lycee-journal/1
    <crc32 of the payload, 8 hex> <payload bytes> <payload: a JSON list of actions>
    ...

- **One record, one batch.**  Every append is one line holding one or more
  actions (a batch of check-ins, a stdin of results, pools opened together),
  written with one ``write`` and made durable with one ``fsync``.  A record
  either checks out whole (its length, its checksum, JSON, consecutive seqs)
  or is not there: a batch is all or none.
- **Constant-time appends.**  Only the new record is written; the cost does
  not grow with the event.
- **Torn tails.**  :func:`scan` reads records up to the first one that does
  not check out; everything from there on is *damage*: what it could still
  make out of it is listed (``salvaged``) so the user is told what was lost.
  :func:`torn_tail` tells a torn last line (a crash mid-append) from damage
  in the middle, and :func:`resync` finds the intact records after damage
  again (for ``lycee repair``).
- **Checkpoints** (``checkpoints/<id>.<seq>.json``): the folded event after
  a record, with the journal's length and the CRC of every byte before it,
  so an open reads the newest checkpoint and replays only the tail.
- **Header** (``events/.<id>.head``): the few fields ``event list``
  shows, rewritten only when one of them changes.

:class:`JournalStorage` is the TinyDB storage over the journal (its ``log``
table is the action list; inserting several documents at once appends one
record); the event store uses its :meth:`JournalStorage.append` directly.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import msgspec
from tinydb.storages import Storage

from core.log.actions import DOCUMENTS, Action, kind_of, to_data
from core.paths import open_private, private_dir

MAGIC = b"lycee-journal/1\n"
CHECKPOINT_FORMAT = "lycee-checkpoint/2"
#: Checkpoints written before they carried a checksum of their own content (never used now).
OLD_CHECKPOINT_FORMATS = ("lycee-checkpoint/1",)
LOG = "log"
T = TypeVar("T")


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable (no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # Windows: directories cannot be opened; NTFS journals renames
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


#: What :func:`dumps` writes, without the check for a list or dict that holds
#: itself (the encoder's table of every container it is inside: a tenth of the
#: time of an import's record).  A record's actions are trees (JSON read back,
#: payloads made by msgspec); one that does hold itself goes as deep as
#: Python allows, and is then encoded again with the check, which refuses it
#: as before (:func:`encode_record`).
_RECORD_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)

#: A MessagePack float64 (0xCB, then its 8 bytes) whose exponent is all ones: a NaN or an infinity
#: (or, where 0xCB is another value's byte, a chance match: then the record goes the json way).
_NON_FINITE = re.compile(rb"\xcb[\x7f\xff][\xf0-\xff]")


def encode_record(actions: list[dict], *, builtins: bool = False) -> bytes:
    """One framed line holding ``actions`` (raises TypeError/ValueError on a
    value JSON cannot hold, before anything is written).

    ``builtins``: ``actions`` hold only what JSON reads back as (dicts, lists,
    strings, numbers, booleans, None): an import's record, the file's
    document and the checked event (:meth:`EventStore.import_event`).  Then
    msgspec encodes it in C, about a tenth of the json module's time (an
    import of 2,048 players is one 3.4 MB record: 52 -> 5 ms).  Its text
    differs from json's only in how a float with an exponent is spelt
    (``1e16`` for ``1e+16``, the same value read back), except that it writes
    a NaN or an infinity as ``null`` where json writes ``NaN``/``Infinity``:
    so a record is first packed with msgspec's MessagePack (a float is always
    the byte 0xCB and its 8 bytes, big-endian), and any 0xCB followed by an
    all-ones exponent (7F or FF, then F0 or more: every NaN and infinity)
    sends it the json way, as does anything msgspec refuses (a key JSON has
    no form for, a lone surrogate), so the bytes read back and the errors
    are json's."""
    payload = None
    if builtins:
        try:
            if not _NON_FINITE.search(msgspec.msgpack.encode(actions)):
                payload = msgspec.json.encode(actions)
        except (TypeError, ValueError, RecursionError, OverflowError):
            payload = None
    if payload is None:
        try:
            text = _RECORD_ENCODER.encode(actions)
        except RecursionError:
            text = dumps(actions)  # with the check: what it raises, as before (a structure that holds itself)
        payload = text.encode("utf-8")
    return frame(payload)


def frame(payload: bytes) -> bytes:
    """A record's line: the CRC-32 and length of ``payload``, then it and a newline."""
    return b"%08x %d " % (zlib.crc32(payload), len(payload)) + payload + b"\n"


# -- a record of typed entries -----------------------------------------------------------


class Entry(msgspec.Struct, omit_defaults=True):
    """One action as a record holds it, in the journal's order of keys:
    ``{"seq", "at", "actor", "type", "v", "data"}``, then ``device`` and
    ``redo`` when set, and an import's ``sig`` and ``event``.  ``data`` is
    the payload's fields already encoded (:func:`data_json`): the payload
    Struct is encoded once, for the line written, and never made a dict."""

    seq: int
    at: str
    actor: str
    type: str
    v: int
    data: msgspec.Raw
    device: str | None = None
    redo: int | None = None
    sig: str | None = None
    event: msgspec.Raw | None = None


#: A MessagePack float64 (0xCB): a record with any float is written the json way.
_FLOAT = re.compile(rb"\xcb")


def json_bytes(value: Any, *, any_float: bool = True) -> bytes | None:
    """``value`` (builtins or Structs) as msgspec encodes it, or None where
    that text would not be json's (:func:`encode_record`'s): a float
    (``any_float``; else only a NaN or an infinity), a lone surrogate, an
    integer MessagePack cannot hold."""
    try:
        packed = msgspec.msgpack.encode(value)
    except (TypeError, ValueError, OverflowError, RecursionError):
        return None
    if (_FLOAT if any_float else _NON_FINITE).search(packed):
        return None
    return msgspec.json.encode(value)


def data_json(payload: Action, *, any_float: bool = True) -> bytes:
    """An action's journal ``data`` as JSON bytes, exactly the bytes
    ``json.dumps(to_data(payload))`` writes in a record (keys in the
    Struct's order, fields at their default left out, the tag not
    repeated; ``any_float`` False: an import's record, whose floats are
    msgspec's, as :func:`encode_record` writes them).  Raises
    TypeError/ValueError for a value JSON cannot hold."""
    kind = kind_of(payload)
    if kind in DOCUMENTS:
        value: Any = payload.doc  # type: ignore[attr-defined]  # a document kind's one field
        raw = json_bytes(value, any_float=any_float)
        return raw if raw is not None else dumps(value).encode("utf-8")
    raw = json_bytes(payload, any_float=any_float)
    if raw is None:
        return dumps(to_data(payload)).encode("utf-8")
    return untagged(raw, kind)


def untagged(raw: bytes, kind: str) -> bytes:
    """A payload's JSON without its tag: msgspec writes a tagged Struct's tag
    first (``{"type":"result",...}``), and the journal keeps it as the
    action's ``type`` beside ``data``, not inside it."""
    head = b'{"type":' + msgspec.json.encode(kind)
    assert raw.startswith(head), raw[:40]
    rest = raw[len(head) :]
    return b"{" + rest[1:] if rest[:1] == b"," else b"{}"


def encode_entries(entries: list[Entry]) -> bytes:
    """One framed line holding ``entries``: the bytes :func:`encode_record`
    writes for the same actions (their ``data`` already encoded)."""
    return frame(msgspec.json.encode(entries))


# -- the CRC of a journal as it grows ---------------------------------------------------
# A checkpoint holds the CRC-32 of every journal byte before it.  The store keeps
# that CRC as it appends (the CRC of the bytes it wrote, chained), so writing a
# checkpoint does not read the journal back and checksum it again (4 MB after an
# import of 2,048 players).  Opening still checks a checkpoint's CRC against the
# bytes on disk.

_POLY = 0xEDB88320  # CRC-32's polynomial, reflected, as zlib's


def _multmodp(a: int, b: int) -> int:
    """``a`` times ``b`` modulo CRC-32's polynomial (zlib's ``multmodp``)."""
    m = 1 << 31
    p = 0
    while True:
        if a & m:
            p ^= b
            if (a & (m - 1)) == 0:
                break
        m >>= 1
        b = (b >> 1) ^ _POLY if b & 1 else b >> 1
    return p


def _x2n_table() -> list[int]:
    p = 1 << 30  # x^1
    out = [p]
    for _n in range(1, 32):
        p = _multmodp(p, p)
        out.append(p)
    return out


_X2N = _x2n_table()  # x^(2^n) modulo the polynomial


def crc32_combine(crc1: int, crc2: int, len2: int) -> int:
    """The CRC-32 of ``a + b`` from ``crc32(a)``, ``crc32(b)`` and ``len(b)``
    (zlib's ``crc32_combine``), without reading ``a`` or ``b`` again."""
    p = 1 << 31  # x^0
    n, k = len2, 3  # x^(8 * len2)
    while n:
        if n & 1:
            p = _multmodp(_X2N[k & 31], p)
        n >>= 1
        k += 1
    return _multmodp(p, crc1) ^ (crc2 & 0xFFFFFFFF)


#: From this size on the CRC of a new record is made from the payload's (in its
#: header) instead of being computed again over the record's bytes.
_COMBINE_FROM = 1 << 16


def crc_after(crc: int, record: bytes) -> int:
    """The CRC-32 of a journal whose bytes had ``crc``, once ``record``
    (:func:`encode_record`'s) is appended to it."""
    if len(record) < _COMBINE_FROM:
        return zlib.crc32(record, crc)
    sp1 = record.index(b" ")
    sp2 = record.index(b" ", sp1 + 1)
    head = zlib.crc32(record[: sp2 + 1])
    line = zlib.crc32(b"\n", crc32_combine(head, int(record[:sp1], 16), len(record) - sp2 - 2))
    return crc32_combine(crc, line, len(record))


@dataclass
class Record:
    """One intact record of a journal: where it starts and ends, and its actions."""

    start: int
    end: int
    actions: list[dict]


@dataclass
class Damage:
    """Bytes at the end of a journal that do not check out."""

    offset: int
    size: int
    reason: str
    #: Actions that could still be read from the damaged bytes (for the message).
    salvaged: list[dict] = field(default_factory=list)
    #: Seqs seen in the damaged bytes that could not be read as actions.
    seqs: list[int] = field(default_factory=list)


@dataclass
class Scan:
    """A journal read up to its first damage."""

    records: list[Record]
    end: int  # offset just after the last good record
    damage: Damage | None = None

    @property
    def actions(self) -> list[dict]:
        return [a for r in self.records for a in r.actions]

    @property
    def last_seq(self) -> int:
        return self.records[-1].actions[-1]["seq"] if self.records else 0


def _frame(data: bytes, pos: int, lenient: bool = False) -> tuple[list[dict] | None, int, str]:
    """The record at ``pos``: (actions or None, end offset, why not).
    ``lenient``: a record whose newline alone was changed still checks out
    (its payload's checksum says it is whole)."""
    head = _record_head(data, pos)
    if head is None:
        return None, pos, "no record header"
    crc, start, end = head
    if end >= len(data) or (data[end : end + 1] != b"\n" and not lenient):
        return None, pos, "cut short"
    payload = data[start:end]
    if zlib.crc32(payload) != crc:
        return None, pos, "checksum mismatch"
    try:
        acts = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None, pos, "not JSON"
    if not _actions_list(acts):
        return None, pos, "not a list of actions"
    return acts, end + 1, ""


def _record_head(data: bytes, pos: int) -> tuple[int, int, int] | None:
    """A record header's (CRC, where its payload starts, where it ends), or None when there is none at ``pos``."""
    try:
        sp1 = data.index(b" ", pos, pos + 30)
        sp2 = data.index(b" ", sp1 + 1, sp1 + 30)
        crc = int(data[pos:sp1], 16)
        size = int(data[sp1 + 1 : sp2])
    except ValueError:
        return None
    return crc, sp2 + 1, sp2 + 1 + size


def _actions_list(acts) -> bool:
    """A record's payload as it must be: a non-empty list of actions, each with its integer seq."""
    return (
        isinstance(acts, list)
        and bool(acts)
        and all(isinstance(a, dict) and isinstance(a.get("seq"), int) for a in acts)
    )


_SEQ = re.compile(rb'"seq":(\d{1,12})')


def salvage(data: bytes, pos: int) -> tuple[list[dict], list[int]]:
    """What can still be made out of damaged bytes: whole actions where a line's
    JSON still parses, else the seqs it mentions."""
    acts: list[dict] = []
    seqs: list[int] = []
    for line in data[pos:].split(b"\n"):
        got = _whole_actions(line)
        if got is not None:
            acts.extend(a for a in got if isinstance(a.get("seq"), int))
        else:
            seqs.extend(int(m) for m in _SEQ.findall(line))
    return acts, _lost_seqs(seqs, acts)


def _lost_seqs(seqs: list[int], acts: list[dict]) -> list[int]:
    """The seqs damaged lines mention that no salvaged action holds, in order, once each."""
    known = {a["seq"] for a in acts}
    return sorted(set(s for s in seqs if s not in known))


def _whole_actions(line: bytes) -> list[dict] | None:
    """The actions of a damaged journal's line (a record, or a bare JSON list)
    when its JSON still parses to a list of objects; None when it does not."""
    body = line.split(b" ", 2)[-1] if line[:1] != b"[" else line
    try:
        got = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return got if isinstance(got, list) and all(isinstance(a, dict) for a in got) else None


def scan(data: bytes, start: int = 0, after_seq: int | None = None) -> Scan:
    """Records of a journal from ``start`` (0: the whole file, magic included)
    up to the first one that does not check out.  ``after_seq``: the seq the
    first record must follow (when starting past a checkpoint)."""
    pos = start
    if start == 0:
        if not data.startswith(MAGIC):
            return _not_a_journal(data)
        pos = len(MAGIC)
    records: list[Record] = []
    last = after_seq if after_seq is not None else (0 if start == 0 else None)
    while pos < len(data):
        acts, end, why = _frame(data, pos)
        if acts is not None and not _follows(acts, last):
            acts, why = None, "seq out of order"
        if acts is None:
            salvaged, seqs = salvage(data, pos)
            return Scan(records, pos, Damage(pos, len(data) - pos, why, salvaged, seqs))
        records.append(Record(pos, end, acts))
        last = acts[-1]["seq"]
        pos = end
    return Scan(records, pos)


def _not_a_journal(data: bytes) -> Scan:
    """The scan of a file without the journal's magic: empty, or damaged whole."""
    if not data:
        return Scan([], 0)
    lost, seqs = salvage(data, 0)
    return Scan([], 0, Damage(0, len(data), "not a lycee journal", lost, seqs))


def _follows(acts: list[dict], last: int | None) -> bool:
    """Whether a record's seqs are consecutive and (``last`` known) follow ``last``."""
    return _consecutive(acts) and (last is None or acts[0]["seq"] == last + 1)


#: Where a record may begin (its CRC and length), to find the records after damage.
_HEADER = re.compile(rb"[0-9a-fA-F]{8} \d{1,12} ")


def _consecutive(acts: list[dict]) -> bool:
    return [a["seq"] for a in acts] == list(range(acts[0]["seq"], acts[0]["seq"] + len(acts)))


def torn_tail(data: bytes, damage: Damage) -> bool:
    """Whether ``damage`` is what a crash in the middle of an append leaves:
    an incomplete last line.  Every record ends with the file's only kind of
    newline (JSON escapes it inside strings), so damage that holds a newline
    is not a torn append, nor is a whole record whose newline alone was
    changed (its payload still checks out)."""
    tail = data[damage.offset :]
    if b"\n" in tail:
        return False
    if damage.offset == 0 and not data.startswith(MAGIC[:-1]):
        return True  # not a journal at all (the backup recovery's case)
    acts, _end, _why = _frame(tail[:-1] + b"\n", 0)
    return acts is None


def resync(data: bytes, pos: int) -> tuple[list[Record], list[tuple[int, int]]]:
    """The records at or after ``pos`` that check out by themselves (header,
    length, checksum, JSON, consecutive seqs within the record), found again
    past damaged bytes by their headers, and the damaged spans between them
    (start, end).  A record whose newline alone was damaged is whole (its
    payload checks out; write it back with ``b"\n"``).  Whether each one
    still follows the records before it is for the caller to decide (the
    store applies it through the rules)."""
    records: list[Record] = []
    spans: list[tuple[int, int]] = []
    bad_from: int | None = None
    while pos < len(data):
        acts, end, _why = _frame(data, pos, lenient=True)
        if acts is not None and _consecutive(acts):
            if bad_from is not None:
                spans.append((bad_from, pos))
                bad_from = None
            records.append(Record(pos, end, acts))
            pos = end
            continue
        if bad_from is None:
            bad_from = pos
        m = _HEADER.search(data, pos + 1)
        if m is None:
            break
        pos = m.start()
    if bad_from is not None:
        spans.append((bad_from, len(data)))
    return records, spans


def append_durably(path: Path, record: bytes) -> None:
    """Append ``record`` to ``path`` and fsync it.  On a failed or short write
    the file is cut back to where it was, so a later record never follows a
    torn one (a file this append created is removed again); the error goes
    to the caller."""
    fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        size = os.fstat(fd).st_size
        new = size == 0
        try:
            view = memoryview((MAGIC if new else b"") + record)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        except BaseException:
            try:
                if new:  # a journal that never held a record is no event: no empty file is left behind
                    path.unlink(missing_ok=True)
                else:
                    os.ftruncate(fd, size)
                    os.fsync(fd)
            except OSError:
                pass
            raise
    finally:
        os.close(fd)
    if new:
        fsync_dir(path.parent)


def write_durably(path: Path, data: bytes | memoryview | str, durable: bool = True) -> None:
    """Atomically replace ``path`` with ``data`` and make it durable (temp file
    in the same folder named after this process, fsync, rename, fsync folder).
    ``durable=False``: atomic but not synced (a file that only informs, such
    as who holds the lock)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)  # (0600: docs/storage.md, "Who can read")
    try:
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if durable:
        fsync_dir(path.parent)


_TMP = re.compile(r"\.(\d+)\.tmp$")


def pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def stale_temp_files(folder: Path, prefix: str, mine_too: bool = False) -> list[Path]:
    """Temp files ``<prefix>*.<pid>.tmp`` in ``folder`` whose process is gone
    (``mine_too``: this process's as well, for a caller that holds the lock)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return [folder / name for name in names if name.startswith(prefix) and _stale_temp(name, mine_too)]


def _stale_temp(name: str, mine_too: bool) -> bool:
    """Whether a temp file's name says a process that is gone wrote it (``mine_too``: or this one)."""
    m = _TMP.search(name)
    if m is None:
        return False
    pid = int(m.group(1))
    return not pid_alive(pid) or (mine_too and pid == os.getpid())


# -- the TinyDB storage ------------------------------------------------------------


class JournalStorage(Storage):
    """TinyDB over a journal.  ``read()`` gives ``{"log": {"1": action, ...}}``;
    ``write(data)`` appends the documents added since as one record (documents
    once written are never changed or removed: that is refused)."""

    def __init__(self, path: str | os.PathLike, create_dirs: bool = True):
        self.path = Path(path)
        if create_dirs:
            private_dir(self.path.parent)
        self._data: dict | None = None
        self._texts: dict[str, str] = {}
        self._last = 0

    def read(self):
        if self._data is None:
            try:
                raw = self.path.read_bytes()
            except FileNotFoundError:
                raw = b""
            s = scan(raw)
            self._data = {LOG: {str(a["seq"]): a for a in s.actions}} if s.records else None
            self._texts = {str(a["seq"]): dumps(a) for a in s.actions}
            self._last = s.last_seq
        return self._data

    def write(self, data) -> None:
        log = (data or {}).get(LOG, {})
        new = self._new_docs(log)
        if not self._only_added(data, log, new):
            self._put_back()
            raise ValueError("the journal is append-only: only new log documents can be written")
        self._number(new)
        if new:
            self.append(new)
        self._data = data
        self._texts.update((str(d["seq"]), dumps(d)) for d in new)

    def _new_docs(self, log: dict) -> list:
        """TinyDB's log documents past the journal's last seq, oldest first."""
        return [log[k] for k in sorted(log, key=int) if int(k) > self._last]

    def _put_back(self) -> None:
        """TinyDB changed our copy in place: put back what the journal holds."""
        self._data = {LOG: {k: json.loads(t) for k, t in self._texts.items()}} if self._texts else None

    def _number(self, new: list) -> None:
        """Give each new document without a seq the next one."""
        for i, doc in enumerate(new):
            doc.setdefault("seq", self._last + 1 + i)

    def _only_added(self, data, log: dict, new: list) -> bool:
        """Whether TinyDB's ``data`` is the journal's documents as they were plus ``new`` ones, nothing else."""
        return (
            len(log) - len(new) == self._last
            and not set(data or {}) - {LOG}
            and all(dumps(log.get(k)) == t for k, t in self._texts.items())
        )

    def append_record(self, record: bytes, last_seq: int) -> None:
        """Append ``record`` (an encoded line ending at action ``last_seq``), durably."""
        append_durably(self.path, record)
        self._last = last_seq
        self._data = None  # TinyDB's view, read again if it is asked for

    def append(self, actions: list[dict], record: bytes | None = None) -> None:
        """Append ``actions`` as one record, durably (``record``: the one
        :func:`encode_record` already made of them, not encoded again)."""
        if record is None:
            record = encode_record(actions)
        append_durably(self.path, record)
        self._last = actions[-1]["seq"]
        if self._data is not None:  # TinyDB's view, kept once TinyDB has read it
            log = self._data.setdefault(LOG, {})
            for a in actions:
                if log.get(str(a["seq"])) is not a:
                    log[str(a["seq"])] = a
                    self._texts[str(a["seq"])] = dumps(a)

    def close(self) -> None:
        pass


# -- checkpoints: the folded event as JSON ----------------------------------------------
#
# The folded event is written with msgspec, which encodes and decodes the
# model's frozen dataclasses by field name in C: decoding a 2,048-player,
# 11-round event takes a few tens of milliseconds where building the same
# eleven thousand frozen dataclasses in Python takes several times that.


def model_signature(module) -> str:
    """A short hash of every dataclass's fields in ``module`` (core.event.model): a
    checkpoint written by code whose model differs is not used (the event is
    replayed from its journal instead, and a new checkpoint written)."""
    parts = []
    for name, obj in sorted(vars(module).items()):
        fields_ = getattr(obj, "__dataclass_fields__", None)
        if isinstance(obj, type) and fields_ and obj.__module__ == module.__name__:
            parts.append(name + "(" + ",".join(f"{f.name}:{f.type}" for f in fields_.values()) + ")")
    return hashlib.sha1("|".join(parts).encode()).hexdigest()[:16]


#: A checkpoint begins with the CRC-32 of every byte after this header (8 hex digits and ``",``):
#: ``{"check":"1a2b3c4d","format":...,"event":{...}}``: one JSON document, every byte of it checked.
_CHECK_HEAD = b'{"check":"'
_CHECK_END = len(_CHECK_HEAD) + 10


class CheckpointUnusable(ValueError):
    """A checkpoint that is not believed: ``damaged`` (its checksum, its
    JSON or its shape does not check out), else written by an older lycee
    without a checksum of its own (``old``)."""

    def __init__(self, reason: str, damaged: bool = True):
        super().__init__(reason)
        self.reason = reason
        self.damaged = damaged


def encode_checkpoint(meta: dict, event) -> bytes:
    """``meta`` (small JSON-able fields) and the event, as one JSON document
    whose first field is the CRC-32 of every byte after it (:func:`decode_checkpoint`
    checks it before anything else is read)."""

    rest = memoryview(msgspec.json.encode({**meta, "event": event}))[1:]  # without its "{"
    return b'%s%08x",%s' % (_CHECK_HEAD, zlib.crc32(rest), rest)


def checkpoint_check(raw: bytes) -> None:
    """Raise :class:`CheckpointUnusable` unless ``raw`` carries a checksum of
    its own content that matches every byte after it."""
    if not raw.startswith(_CHECK_HEAD):
        if any(b'"format":"%s"' % f.encode() in raw[:4096] for f in OLD_CHECKPOINT_FORMATS):
            raise CheckpointUnusable("written without a checksum", damaged=False)
        raise CheckpointUnusable("no checksum")
    # byte for byte as written (lower-case hex): no byte of the file goes unchecked, the header's neither
    if raw[len(_CHECK_HEAD) : _CHECK_END] != b'%08x",' % zlib.crc32(memoryview(raw)[_CHECK_END:]):
        raise CheckpointUnusable("checksum mismatch")


def decode_checkpoint(raw: bytes, event_cls: type[T]) -> tuple[dict, T]:
    """(meta, event) from :func:`encode_checkpoint`'s bytes; raises
    :class:`CheckpointUnusable` (a ValueError) when its checksum does not
    match its content or they do not decode to that shape.  One pass over
    the bytes: the meta fields are scalars and the event the one object (its
    type checked as it is decoded), so the event is not first skipped over as
    raw JSON and then decoded again (a fifth of the time at 2,048 players)."""

    checkpoint_check(raw)
    decoder = _CHECKPOINT_DECODERS.get(event_cls)
    if decoder is None:
        decoder = _CHECKPOINT_DECODERS[event_cls] = msgspec.json.Decoder(
            dict[str, str | int | float | bool | event_cls | None]  # type: ignore[valid-type]
        )
    try:
        doc = decoder.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, TypeError, ValueError, RecursionError) as err:
        raise CheckpointUnusable(f"does not decode ({err})") from None
    event = doc.pop("event", None)
    if not isinstance(event, event_cls):
        raise CheckpointUnusable("a checkpoint without its event")
    doc.pop("check", None)
    for key in ("seq", "offset", "crc"):
        if type(doc.get(key)) is not int:
            raise CheckpointUnusable(f"no {key}")
    return doc, event


#: The decoder of a checkpoint, per event class (made once a process).
_CHECKPOINT_DECODERS: dict[type, Any] = {}
