"""Where events live: one journal per event in the data dir (DESIGN section 2).

- ``DataDir`` finds the folder (``--data-dir``, ``LYCEE_DATA_DIR``, or the
  platform's user data dir) and lists, creates, opens, reads and deletes events.
- ``EventStore`` is one event open for writing.  It holds a lock file for as
  long as it is open (the app refuses a second writer at once, naming the
  process that holds it; a command-line writer waits for it a few seconds,
  ``LYCEE_LOCK_WAIT``), and appends each batch of actions as one durable
  journal record (:mod:`core.store.journal`) under one lock, so sequence numbers are
  assigned by one writer even when the app's pairing worker and its key
  handlers write at once.
- Opening reads the newest checkpoint and replays only the journal's tail.
- Reading (``DataDir.read``, ``history``, ``list_events``) takes no lock and
  writes nothing: a damaged journal is shown as far as it is intact, with a
  note saying how to recover.  A writer cuts only a torn last record (what a
  crash leaves): it keeps the journal up to its last intact record (failing
  that, the backup with the highest round and sequence, never the newest file
  time), keeps the damaged file beside it and says what was lost in ``lycee
  log`` wording.  Damage in the middle stops writers (:class:`JournalDamaged`);
  only ``lycee repair`` (:meth:`DataDir.repair_journal`, :func:`rebuild`)
  rebuilds such a journal, keeping every intact record after the damage.
- Event files written before the journal (``<id>.json``, one TinyDB document)
  are read as they are and turned into a journal by the first writer.
"""

from __future__ import annotations

import errno
import json
import os
import re
import threading
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator, Sequence

from core import labels, rules
from core.errors import EventLocked, LyceeError, NotFound
from core.event import model as _model
from core.event.model import Event
from core.i18n import _, join_list, join_sentences
from core.log.actions import Action, shown_data, to_data
from core.names import check_action_text, is_id, resolve_event, visible
from core.paths import check_data_root, data_root, private_dir, private_mode
from core.rules.settings import check_settings
from core.store.journal import (
    CHECKPOINT_FORMAT,
    MAGIC,
    CheckpointUnusable,
    Damage,
    JournalStorage,
    crc_after,
    decode_checkpoint,
    encode_checkpoint,
    encode_record,
    fsync_dir,
    model_signature,
    pid_alive,
    resync,
    salvage,
    scan,
    stale_temp_files,
    torn_tail,
    write_durably,
)

LOG = "log"
BACKUPS_KEPT = 5
CHECKPOINTS_KEPT = 3
#: A checkpoint is also written once more than this many actions follow the
#: newest one (so an open never replays more than about this many).
CHECKPOINT_TAIL = 256
#: Seconds a command-line writer waits for an event another command holds.
LOCK_WAIT = 5.0
Clock = Callable[[], datetime]
_SIG = None


def _signature() -> str:
    global _SIG
    if _SIG is None:
        _SIG = model_signature(_model)
    return _SIG


#: The roles of a process that holds an event as its desk (never waited for: it serves a door, core.door).
DESKS = ("app", "serve")


def lock_wait() -> float:
    """How long a command-line writer waits for the lock (``LYCEE_LOCK_WAIT``, seconds)."""
    try:
        return max(0.0, float(os.environ.get("LYCEE_LOCK_WAIT", LOCK_WAIT)))
    except ValueError:
        return LOCK_WAIT


def host_name() -> str:
    """This machine's name, as ``socket.gethostname()`` gives it: where the
    system has ``uname`` its node name is the same text, without importing
    socket for it (a few ms of every command that opens an event for writing)."""
    uname = getattr(os, "uname", None)
    if uname is not None:
        return uname().nodename
    import socket

    return socket.gethostname()


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def _read_only(err: OSError) -> bool:
    return err.errno in (errno.EROFS, errno.EACCES, errno.EPERM)


def _disk_message(err: OSError, what: str) -> str:
    """One line for a failed write, naming the system's error code (ENOSPC,
    EFBIG, EROFS...) so that a store asking for help can quote it."""
    code = errno.errorcode.get(err.errno or 0)
    if code:
        err = OSError(err.errno, f"{err.strerror}, {code}")
    if err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return _(
            "{what} was not stored: the disk is full or the file too large ({reason}); "
            "nothing was changed; free some space and try again",
            what=what,
            reason=err.strerror,
        )
    return _("{what} was not stored: {reason}; nothing was changed", what=what, reason=err.strerror or err)


@dataclass(frozen=True)
class EventSummary:
    """What ``event list`` shows of an event."""

    id: str
    name: str
    date: str
    kind: str
    match: str
    players: int
    rounds: int
    path: Path
    problem: str | None = None  # set when the file could not be read
    rules: str = "2008"  # the event's rule set (O-RULES)


def _log_of(data) -> list[dict]:
    """The actions of a pre-journal event file (``{"log": {"1": ...}}``)."""
    if not data:
        return []
    table = data.get(LOG, {})
    return [table[k] for k in sorted(table, key=int)]


#: Names a message lists of a batch before it says "... and N more".
NAMES_SHOWN = 3


def short_names(names: list[str]) -> str:
    """``names`` for a message: all of a few, else the first ones and how many more."""
    if len(names) <= NAMES_SHOWN + 1:
        return join_list(names, words=True)
    return _("{names} … and {n} more", names=join_list(names[:NAMES_SHOWN], words=True), n=len(names) - NAMES_SHOWN)


def act_text(a: dict) -> str:
    """One action in ``lycee log`` words, a long batch of players summarised
    ("20 players (山田, 佐藤, 鈴木 … and 17 more)")."""
    d = a.get("data")
    players = d.get("players") if isinstance(d, dict) else None
    if (
        a.get("type") == "register"
        and isinstance(players, list)
        and len(players) > NAMES_SHOWN + 1
        and all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players)
    ):
        return _("registered {n} players ({names})", n=len(players), names=short_names([p["name"] for p in players]))
    try:
        return rules.describe(a)
    except (KeyError, TypeError, ValueError, AttributeError):
        return str(a.get("type"))


def lost_lines(acts: list[dict]) -> str:
    """Actions as ``lycee log`` words them, for a message (``#7 at actor what``)."""
    return join_sentences(f"#{a.get('seq')} {a.get('at', '')} {a.get('actor', '')} {act_text(a)}" for a in acts)


def act_words(a: dict) -> str:
    """An action for a message about the journal: ``#7 (what, time, actor)``."""
    return _(
        "#{seq} ({what}, {at}, {actor})",
        seq=a.get("seq"),
        what=act_text(a),
        at=a.get("at", "?"),
        actor=labels.actor_label(str(a.get("actor", "?"))),
    )


def damage_lost(damage: Damage, after_seq: int) -> str:
    """What a damaged journal tail held beyond ``after_seq``, in words."""
    acts = [a for a in damage.salvaged if isinstance(a.get("seq"), int) and a["seq"] > after_seq]
    seqs = [s for s in damage.seqs if s > after_seq]
    known = {a["seq"] for a in acts} | set(seqs)
    if known:  # a seq itself damaged ('"seq":!4'): the gap it leaves is named as unreadable
        seqs = sorted(set(seqs) | {s for s in range(after_seq + 1, max(known)) if s not in known})
    parts = []
    if acts:
        parts.append(lost_lines(acts))
    if seqs:
        parts.append(_("unreadable actions {seqs}", seqs=join_list(f"#{n}" for n in seqs)))
    if not parts:
        parts.append(_("{n} unreadable bytes (no whole action)", n=damage.size))
    return join_sentences(parts)


def damage_reason(code: str) -> str:
    """A :class:`~core.store.journal.Damage` reason in the user's language."""
    return {
        "no record header": _("no record header"),
        "cut short": _("cut short"),
        "checksum mismatch": _("checksum mismatch"),
        "not JSON": _("not JSON"),
        "not a list of actions": _("not a list of actions"),
        "seq out of order": _("seq out of order"),
        "not a lycee journal": _("not a lycee journal"),
    }.get(code, code)


def checkpoint_reason(code: str) -> str:
    """Why a checkpoint was not believed (:class:`~core.store.journal.CheckpointUnusable`), in words."""
    if code.startswith("does not decode"):
        return _("its content does not decode")
    return {
        "checksum mismatch": _("its checksum does not match its content"),
        "no checksum": _("it has no checksum of its content"),
        "written without a checksum": _("written by an older lycee, without a checksum of its content"),
        "a checkpoint without its event": _("it holds no event"),
    }.get(code, _("its content is incomplete ({what})", what=code))


@dataclass(frozen=True)
class Ignored:
    """A stored file that was not believed (a checkpoint or a backup), and why.
    ``damaged``: its own bytes do not check out (the user is told); else it
    is only of no use (an older format, another version of lycee, another
    state of the journal), named by ``lycee verify`` and ``lycee repair``."""

    path: Path
    reason: str
    damaged: bool = True
    #: Where a writer set a damaged checkpoint aside (``<name>.bad``), if it did.
    kept_as: str = ""

    def words(self) -> str:
        if self.kept_as:
            return _(
                "{file} was ignored: {reason}; set aside as {bad}, and the event was read from its journal",
                file=self.path,
                reason=self.reason,
                bad=self.kept_as,
            )
        if self.path.parent.name == "checkpoints":
            return _(
                "{file} was ignored: {reason}; the event was read from its journal", file=self.path, reason=self.reason
            )
        return _("{file} was ignored: {reason}", file=self.path, reason=self.reason)


def ignored_note(ignored: Sequence[Ignored]) -> str | None:
    """What a reader says of the damaged files it ignored (None when none)."""
    words = [i.words() for i in ignored if i.damaged]
    return join_sentences(words) if words else None


def join_notes(*notes: str | None) -> str | None:
    parts = [n for n in notes if n]
    return join_sentences(parts) if parts else None


class InvalidAction(LyceeError):
    """A stored action the rules refuse: names the file,
    the action and what is wrong, and what can be done."""

    def __init__(self, path: Path, act: dict, reason: str, event_id: str):
        self.path, self.act, self.reason = path, act, reason
        seq = act.get("seq")
        super().__init__(
            _(
                "{path}: action #{seq} ({what}) cannot be applied: {reason}. Reading commands show the event "
                "up to #{before}; `lycee log {id}` lists every action; to go on, restore a backup of the event "
                "from {backups}",
                path=path,
                seq=seq,
                what=lost_lines([act]),
                reason=reason,
                before=(seq or 1) - 1,
                id=event_id,
                backups=path.parent.parent / "backups",
            )
        )


class JournalDamaged(LyceeError):
    """A damaged record with intact records after it: a writer
    stops, nothing is changed, and ``lycee repair`` is named (only a torn
    last record, what a crash leaves, is cut without asking)."""

    def __init__(self, path: Path, event_id: str, data: bytes, damage: Damage):
        upto = scan(data)
        later, _spans = resync(data, damage.offset)
        self.position = len(upto.records) + 1
        self.before = upto.records[-1].actions[-1] if upto.records else None
        self.after = later[0].actions[0] if later else None
        self.intact_after = len(later)
        before = (
            _("the last good record before it ends with {entry}", entry=act_words(upto.records[-1].actions[-1]))
            if upto.records
            else _("no good record comes before it")
        )
        after = (
            _("{n} intact records follow it, from {entry}", n=len(later), entry=act_words(later[0].actions[0]))
            if later
            else _("nothing after it can be read")
        )
        super().__init__(
            _(
                "{path}: record {n} of the journal is damaged (byte {offset}: {reason}); {before}; {after}; "
                "nothing was changed; `lycee repair {id}` rebuilds the journal, keeping every intact record, "
                "naming each action it cannot recover and keeping the damaged file beside it",
                path=path,
                n=self.position,
                offset=damage.offset,
                reason=damage_reason(damage.reason),
                before=before,
                after=after,
                id=event_id,
            )
        )


@dataclass
class Rebuilt:
    """A journal rebuilt by :func:`rebuild` (nothing written yet)."""

    data: bytes
    event: Event
    base: str  # "" (the journal's own intact start) or the backup's file name
    kept: int  # actions kept as they were written
    shared: int  # bytes at the start of the new journal that are the old one's (or the backup's)
    #: Placeholder ``lost`` actions written where actions could not be recovered.
    lost: list[dict] = field(default_factory=list)
    #: Words for damage after the last record kept (no seq to hold there), or "".
    lost_tail: str = ""
    #: Intact records that could not be placed (seqs out of order), in words.
    misplaced: list[str] = field(default_factory=list)

    def lost_list(self) -> list[str]:
        """Every action not recovered, one a line (seq, kind, time, actor, why)."""
        out = []
        for p in self.lost:
            d = p["data"]
            was = d.get("was") or {}
            if d.get("why") == "refused":
                out.append(
                    _(
                        "{what}: intact, but it no longer applies ({reason})",
                        what=lost_lines([was]),
                        reason=d.get("reason", ""),
                    )
                )
            else:
                what = " ".join(str(was[k]) for k in ("type", "at", "actor") if isinstance(was.get(k), (str, int)))
                out.append(_("#{seq} {what}: damaged", seq=p["seq"], what=what or _("an unreadable action")))
        out.extend(self.misplaced)
        if self.lost_tail:
            out.append(self.lost_tail)
        return out

    def lost_words(self, shown: int = 10) -> str:
        """:meth:`lost_list` for a message: the first ``shown``, then how many more."""
        out = self.lost_list()
        if not out:
            return _("nothing")
        if len(out) > shown:
            return _(
                "{lost}; … and {n} more (`lycee log` names each)", lost=join_sentences(out[:shown]), n=len(out) - shown
            )
        return join_sentences(out)


def rebuild(data: bytes, backups: list[tuple[str, bytes]], at: str, broken: str = "") -> Rebuilt:
    """A damaged journal rebuilt: its intact start, or a backup
    (``(name, bytes)``, the best first) that agrees with every intact record
    and reaches further, then every intact record after the damage that
    still applies, in order, through the rules.  Where actions cannot be
    recovered (damaged bytes between intact records, or an intact record the
    rules now refuse) a ``lost`` action keeps each seq (:mod:`core.rules.repair`).
    Raises LyceeError when no event can be rebuilt at all."""
    head = scan(data)
    start = head.damage.offset if head.damage is not None else len(data)
    later, spans = resync(data, start)
    last_end = max((r.end for r in later), default=start)  # (the last intact record in the file)
    # every intact record is placed by its own numbers, wherever it sits in the file (two lines
    # swapped, a record written back out of place): in sequence order, the file's order between equals
    later.sort(key=lambda r: r.actions[0]["seq"])
    intact = {a["seq"]: dumps_act(a) for r in head.records + later for a in r.actions}
    base_name, base_bytes, acts = "", data[: head.end], head.actions
    for name, raw in backups:
        b = scan(raw)
        if (
            b.damage is not None
            or not b.records
            or b.last_seq <= head.last_seq
            or any(intact.get(a["seq"], t) != t for a in b.actions for t in (dumps_act(a),))
        ):
            continue
        base_name, base_bytes, acts = name, raw, b.actions
        break
    event, bad, why = fold(None, acts, rules.undone_seqs(acts))
    if bad is not None:  # the intact start itself is refused: InvalidAction's case, not damage
        raise LyceeError(_("the journal's intact start does not replay ({why}); nothing was changed", why=why))
    out = bytearray(base_bytes or MAGIC)
    acts = list(acts)
    kept = len(acts)
    seen: dict[int, dict] = {}  # seq -> what damaged bytes still show of it (untrusted)
    for a0, a1 in spans:
        got, _seqs = salvage(data[a0:a1], 0)
        for a in got:
            seen.setdefault(a["seq"], a)

    def lost(seq: int, why: str, was: dict, reason: str = "") -> dict:
        d: dict = {"why": why, "was": was, "repair": at}
        if broken:
            d["kept_in"] = broken
        if reason:
            d["reason"] = reason
        return {"seq": seq, "at": at, "actor": "repair", "type": "lost", "v": rules.ACTION_FORMAT, "data": d}

    placeholders: list[dict] = []
    misplaced: list[str] = []
    for r in later:
        first, nxt = r.actions[0]["seq"], (acts[-1]["seq"] if acts else 0) + 1
        if r.actions[-1]["seq"] < nxt and all(intact.get(a["seq"]) == dumps_act(a) for a in r.actions):
            continue  # already there (in the backup used)
        if first < nxt:
            misplaced.append(_("{acts}: intact, but its numbers are out of order", acts=lost_lines(r.actions)))
            continue
        if first > nxt:  # damaged bytes held these
            gap = [
                lost(
                    s,
                    "damaged",
                    {k: visible(v) for k in ("type", "at", "actor") if isinstance(v := seen.get(s, {}).get(k), str)},
                )
                for s in range(nxt, first)
            ]
            placeholders.extend(gap)
            acts.extend(gap)
            out += encode_record(gap)
        trial = acts + r.actions
        reason = ""
        for a in r.actions:
            if a.get("type") == "undo":
                before = acts + r.actions[: r.actions.index(a)]
                target = a["data"].get("target") if isinstance(a.get("data"), dict) else None
                if target in {p["seq"] for p in placeholders} - rules.undone_seqs(before):
                    continue  # it took back an action now lost: it still holds (and changes nothing)
                try:
                    if rules.undo_target(before)["seq"] != target:
                        reason = _("it undoes an action that is not the newest in force")
                except (LyceeError, KeyError, TypeError):
                    reason = _("it undoes an action that is not there")
        if not reason:
            if any(a.get("type") == "undo" for a in r.actions):
                ev2, bad, reason = fold(None, trial, rules.undone_seqs(trial))
            else:
                ev2, bad, reason = fold(event, r.actions, set())
            if bad is None and ev2 is not None:
                event, acts = ev2, trial
                kept += len(r.actions)
                out += data[r.start : r.end - 1] + b"\n"  # its newline may be what was damaged
                continue
        gone = [lost(a["seq"], "refused", a, reason) for a in r.actions]
        placeholders.extend(gone)
        acts.extend(gone)
        out += encode_record(gone)
    tail = ""
    trailing = [sp for sp in spans if sp[0] >= last_end]
    if trailing:
        a0 = trailing[0][0]
        got, seqs = salvage(data[a0:], 0)
        tail = damage_lost(Damage(a0, len(data) - a0, "", got, seqs), acts[-1]["seq"] if acts else 0)
    if event is None:
        raise LyceeError(
            _(
                "nothing of the event can be rebuilt: neither the journal nor a backup holds its "
                "creation intact; nothing was changed"
            )
        )
    check, bad, why = fold(None, acts, rules.undone_seqs(acts))
    if bad is not None or check is None:  # never write a journal that does not open
        raise LyceeError(_("the rebuilt journal does not replay ({why}); nothing was changed", why=why))
    return Rebuilt(bytes(out), check, base_name, kept, len(base_bytes), placeholders, tail, misplaced)


def dumps_act(a: dict) -> str:
    return json.dumps(a, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@dataclass
class Folded:
    """An event as read from its files (see :func:`load`)."""

    event: Event | None
    last_seq: int = 0
    end: int = 0  # journal offset after the last intact record
    ckpt_seq: int = 0
    tail: list[dict] = field(default_factory=list)
    damage: Damage | None = None
    invalid: InvalidAction | None = None
    legacy: bool = False
    legacy_problem: str | None = None
    all_actions: list[dict] | None = None
    #: With damage: whether it is a torn last record (what a crash leaves),
    #: and how many intact records follow it (then only `lycee repair` mends it).
    torn: bool = True
    intact_after: int = 0
    #: The CRC-32 of the journal's bytes up to ``end``, when opening found it
    #: without reading them again (from a checkpoint's); else None.
    crc: int | None = None
    #: Checkpoints read and not believed (newest first, down to the one used).
    ignored: list[Ignored] = field(default_factory=list)


def fold(event: Event | None, acts: list[dict], skip: set[int]) -> tuple[Event | None, dict | None, str]:
    """Apply ``acts`` (those not undone) to ``event``; stop at the first the
    rules refuse: (event so far, the refused action, why)."""
    for act in acts:
        if act.get("type") == "undo" or act.get("seq") in skip:
            continue
        try:
            if act.get("type") == "import" and "event" in act and act.get("sig") == _signature():
                import msgspec

                event = msgspec.convert(act["event"], type=Event)  # validated when imported
                continue
            event = rules.apply(event, act)
        except (LyceeError, KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
            return event, act, str(err) or type(err).__name__
    return event, None, ""


class DataDir:
    def __init__(self, root: str | os.PathLike | None = None, clock: Clock = now_utc):
        try:
            self.root = check_data_root(data_root(root))
        except NotADirectoryError as err:
            raise LyceeError(
                _(
                    "{path} cannot be the data folder: {what} is a file (or a device), not a folder; give "
                    "--data-dir (or LYCEE_DATA_DIR) a folder, or a name that does not exist yet",
                    path=data_root(root),
                    what=err.args[0],
                )
            ) from None
        self.events_dir = self.root / "events"
        self.backups_dir = self.root / "backups"
        self.checkpoints_dir = self.root / "checkpoints"
        self.clock = clock

    # -- paths ---------------------------------------------------------------
    def event_path(self, event_id: str) -> Path:
        """The event's journal (or, until its first write, a file written
        before the journal: one JSON document, told apart by its first byte)."""
        return self.events_dir / f"{event_id}.json"

    def head_path(self, event_id: str) -> Path:
        return self.events_dir / f".{event_id}.head"

    def exists(self, event_id: str) -> bool:
        return self.event_path(event_id).exists()

    def event_ids(self) -> list[str]:
        try:
            names = os.listdir(self.events_dir)
        except OSError:
            return []
        return sorted(n[:-5] for n in names if n.endswith(".json") and not n.startswith("."))

    def backups(self, event_id: str) -> list[Path]:
        """Backups of an event, the highest round and sequence first (never by file time)."""
        if not self.backups_dir.is_dir():
            return []
        pat = re.compile(re.escape(event_id) + r"\.r(\d+)-(?:s(\d+)|[0-9T]+)\.jsonl?$")
        found = []
        for p in self.backups_dir.iterdir():
            m = pat.match(p.name)
            if m:
                found.append(((int(m.group(1)), int(m.group(2) or -1), p.name), p))
        return [p for _k, p in sorted(found, reverse=True)]

    def checkpoints(self, event_id: str) -> list[tuple[int, Path]]:
        """(seq, path) of an event's checkpoints, newest first."""
        try:
            names = os.listdir(self.checkpoints_dir)
        except OSError:
            return []
        pre = f"{event_id}."
        out = []
        for n in names:
            if n.startswith(pre) and n.endswith(".json") and n[len(pre) : -5].isdigit():
                out.append((int(n[len(pre) : -5]), self.checkpoints_dir / n))
        return sorted(out, reverse=True)

    # -- reading (no lock, nothing written) ------------------------------------
    def load(self, event_id: str) -> Folded:
        """The event as its files hold it, without the lock and without writing."""
        return self._load_journal(event_id)

    def _load_legacy(self, event_id: str, raw: bytes) -> Folded:
        path = self.event_path(event_id)
        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError(_("the top level is not an object"))
            acts = _log_of(data)
        except (OSError, UnicodeDecodeError, ValueError, AttributeError, TypeError) as err:
            return Folded(None, legacy=True, legacy_problem=str(err))
        ev, bad, why = fold(None, acts, rules.undone_seqs(acts))
        out = Folded(ev, last_seq=acts[-1]["seq"] if acts else 0, tail=acts, legacy=True, all_actions=acts)
        if bad is not None:
            out.invalid = InvalidAction(path, bad, why, event_id)
        return out

    def _load_journal(self, event_id: str) -> Folded:
        f, data = self._load_journal_bytes(event_id)
        if f.damage is not None and not f.legacy:
            f.torn = torn_tail(data, f.damage)
            if not f.torn:
                f.intact_after = len(resync(data, f.damage.offset)[0])
        return f

    def _load_journal_bytes(self, event_id: str) -> tuple[Folded, bytes]:
        path = self.event_path(event_id)
        ckpts = []
        for seq, cpath in self.checkpoints(event_id):  # read before the journal: it only grows
            try:
                ckpts.append((seq, cpath, cpath.read_bytes()))
            except OSError:
                pass
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise NotFound(_("no event {ref!r} in {events_dir}", ref=event_id, events_dir=self.events_dir)) from None
        if data[:1] == b"{":
            return self._load_legacy(event_id, data), data
        ignored: list[Ignored] = []
        for seq, cpath, raw in ckpts:
            got = self._checkpoint_of(event_id, seq, cpath, raw, data)
            if isinstance(got, Ignored):
                ignored.append(got)
                continue
            meta, ev = got
            off = meta["offset"]
            s = scan(data, off, after_seq=meta["seq"])
            tail = s.actions
            skip = rules.undone_seqs(tail)
            if any(t <= meta["seq"] for t in skip):
                continue  # an undo reaches behind this checkpoint: an older one will do
            ev2, bad, why = fold(ev, tail, skip)
            if bad is not None:
                continue  # the rules are judged from the journal alone (an older checkpoint, or the start)
            out = Folded(
                ev2,
                last_seq=tail[-1]["seq"] if tail else meta["seq"],
                end=s.end,
                ckpt_seq=meta["seq"],
                tail=tail,
                damage=s.damage,
                crc=zlib.crc32(memoryview(data)[off : s.end], meta["crc"]),  # (the tail only)
                ignored=ignored,
            )
            return out, data
        s = scan(data)
        acts = s.actions
        whole, bad, why = fold(None, acts, rules.undone_seqs(acts))
        out = Folded(
            whole, last_seq=s.last_seq, end=s.end, tail=acts, damage=s.damage, all_actions=acts, ignored=ignored
        )
        if bad is not None:
            out.invalid = InvalidAction(path, bad, why, event_id)
        return out, data

    def _checkpoint_of(
        self, event_id: str, seq: int, path: Path, raw: bytes, data: bytes
    ) -> tuple[dict, Event] | Ignored:
        """A checkpoint's (meta, event) when it may be believed: its own
        checksum matches its content, it is this event's after action ``seq``
        (its file name), written by this version's model, and the CRC it
        holds is that of the journal's bytes before the position it folds.
        Else why not (:class:`Ignored`)."""
        try:
            meta, ev = decode_checkpoint(raw, Event)
        except CheckpointUnusable as err:
            return Ignored(path, checkpoint_reason(err.reason), err.damaged)
        if meta.get("format") != CHECKPOINT_FORMAT or meta.get("id") != event_id or meta["seq"] != seq:
            return Ignored(path, _("it is not this event's checkpoint after action #{seq}", seq=seq))
        if meta.get("sig") != _signature():
            return Ignored(path, _("written by another version of lycee"), damaged=False)
        off = meta["offset"]
        if not 0 < off <= len(data) or zlib.crc32(memoryview(data)[:off]) != meta["crc"]:
            return Ignored(path, _("it does not match the journal as it is now"), damaged=False)
        return meta, ev

    def check_stored(self, event_id: str) -> list[Ignored]:
        """Every checkpoint and backup of an event that would not be believed,
        and why (``lycee verify``, ``lycee repair``): a checkpoint as opening
        judges it; a backup whose records do not all check out, or whose
        actions differ from the journal's intact ones of the same number."""
        try:
            data = self.event_path(event_id).read_bytes()
        except OSError:
            return []
        out: list[Ignored] = []
        if data[:1] != b"{":
            for seq, cpath in self.checkpoints(event_id):
                try:
                    got = self._checkpoint_of(event_id, seq, cpath, cpath.read_bytes(), data)
                except OSError as err:
                    got = Ignored(cpath, _("it cannot be read ({reason})", reason=err.strerror or err))
                if isinstance(got, Ignored):
                    out.append(got)
        journal = {a["seq"]: dumps_act(a) for a in self.load_actions(data, event_id)}
        for b in self.backups(event_id):
            if b.suffix != ".jsonl":
                continue  # written before the journal: one JSON document without a checksum (read only as a last resort)
            try:
                bs = scan(b.read_bytes())
            except OSError as err:
                out.append(Ignored(b, _("it cannot be read ({reason})", reason=err.strerror or err)))
                continue
            if bs.damage is not None:
                out.append(
                    Ignored(
                        b,
                        _(
                            "damaged at byte {offset} ({reason})",
                            offset=bs.damage.offset,
                            reason=damage_reason(bs.damage.reason),
                        ),
                    )
                )
                continue
            differs = next((a["seq"] for a in bs.actions if journal.get(a["seq"], dumps_act(a)) != dumps_act(a)), None)
            if differs is not None:
                out.append(Ignored(b, _("its action #{seq} differs from the journal's", seq=differs), damaged=False))
        return out

    def read_view(self, event_id: str) -> tuple[Event, str | None]:
        """(the event, a note for the user or None), read without the lock.
        A damaged or refused part is left out and the note says what and how
        to recover; nothing is written."""
        f = self.load(event_id)
        note = None
        path = self.event_path(event_id)
        if f.legacy_problem is not None:
            note = _(
                "{path} cannot be read ({reason}); {how}",
                path=path,
                reason=f.legacy_problem,
                how=self._how_to_recover(event_id, bool(self.backups(event_id))),
            )
        elif f.damage is not None and not f.torn:
            note = _(
                "{path}: record {n} of the journal is damaged (byte {offset}: {reason}); shown up to #{seq}, "
                "the intact part before it; {k} intact records after it are not shown; `lycee repair {id}` "
                "rebuilds the journal, keeping every intact record and the damaged file",
                path=path,
                n=self._records_before(event_id, f.damage.offset) + 1,
                offset=f.damage.offset,
                reason=damage_reason(f.damage.reason),
                seq=f.last_seq,
                k=f.intact_after,
                id=event_id,
            )
        elif f.damage is not None and not self._writer_busy(event_id, f.damage):
            note = _(
                "{path}: the journal is damaged at byte {offset} ({reason}); shown up to #{seq}; "
                "lost there: {lost}; {how}",
                path=path,
                offset=f.damage.offset,
                reason=damage_reason(f.damage.reason),
                seq=f.last_seq,
                lost=damage_lost(f.damage, f.last_seq),
                how=self._how_to_recover(event_id, f.event is None and bool(self.backups(event_id))),
            )
        if f.invalid is not None:
            note = str(f.invalid)
        if f.event is None:
            skipped: list[Ignored] = []
            best = self._best_backup(event_id, skipped) if note else None
            if best is not None:
                shown = _("{note} (shown as recovered from backup {backup})", note=note, backup=best[0].name)
                return best[1], join_notes(shown, ignored_note(f.ignored + skipped))
            raise LyceeError(
                join_notes(note, ignored_note(f.ignored + skipped)) or _("event {id} has no data yet", id=event_id)
            )
        return f.event, join_notes(note, ignored_note(f.ignored))

    def _records_before(self, event_id: str, offset: int) -> int:
        try:
            return len(scan(self.event_path(event_id).read_bytes()[:offset]).records)
        except OSError:
            return 0

    def _how_to_recover(self, event_id: str, from_backup: bool) -> str:
        if from_backup:
            return _(
                "a command that changes the event (or opening it in the app) recovers it from a backup, "
                "keeping the damaged file beside it"
            )
        return _(
            "a command that changes the event (or opening it in the app) recovers it, keeping the "
            "damaged file beside it"
        )

    def _writer_busy(self, event_id: str, damage: Damage) -> bool:
        """A cut-short last record while a live writer holds the event is an
        append in progress, not damage."""
        if damage.reason != "cut short":
            return False
        try:
            owner = json.loads(self.events_dir.joinpath(f".{event_id}.owner").read_text(encoding="utf-8"))
            return pid_alive(int(owner["pid"])) and owner.get("host") == host_name()
        except (OSError, ValueError, KeyError, TypeError):
            return False

    def _best_backup(
        self, event_id: str, ignored: list[Ignored] | None = None
    ) -> tuple[Path, Event, list[dict]] | None:
        """The backup with the highest round and sequence that replays, every
        record of it checked (a damaged one is ignored, and added to ``ignored``)."""
        for b in self.backups(event_id):
            try:
                raw = b.read_bytes()
                if b.suffix == ".jsonl":
                    bs = scan(raw)
                    if bs.damage is not None or not bs.records:
                        if ignored is not None:
                            why = damage_reason(bs.damage.reason) if bs.damage else _("no record")
                            off = bs.damage.offset if bs.damage else 0
                            ignored.append(Ignored(b, _("damaged at byte {offset} ({reason})", offset=off, reason=why)))
                        continue
                    acts = bs.actions
                else:
                    acts = _log_of(json.loads(raw.decode("utf-8")))
            except (OSError, UnicodeDecodeError, ValueError, AttributeError, TypeError):
                continue
            ev, bad, _why = fold(None, acts, rules.undone_seqs(acts))
            if ev is not None and bad is None:
                return b, ev, acts
        return None

    def read(self, event_id: str) -> Event:
        """The event as last written, without taking the lock (read-only)."""
        if not self.exists(event_id):
            raise NotFound(_("no event {ref!r} in {events_dir}", ref=event_id, events_dir=self.events_dir))
        return self.read_view(event_id)[0]

    def history(self, event_id: str, query=None) -> list[dict]:
        """The audit trail as last written (every readable action, refused
        ones included), without taking the lock; with ``query`` (a TinyDB
        query, :func:`trail_query`) only the actions it matches."""
        try:
            raw = self.event_path(event_id).read_bytes()
        except FileNotFoundError:
            raise NotFound(_("no event {ref!r} in {events_dir}", ref=event_id, events_dir=self.events_dir)) from None
        return history_rows(self.load_actions(raw, event_id), query)

    def load_actions(self, raw: bytes, event_id: str) -> list[dict]:
        """Every readable action of an event file's bytes (journal or legacy)."""
        if raw[:1] == b"{":
            return self._load_legacy(event_id, raw).all_actions or []
        return scan(raw).actions

    def list_events(self) -> list[EventSummary]:
        """Every event, from its small header (a replay only where there is none)."""
        out = []
        for eid in self.event_ids():
            path = self.event_path(eid)
            try:
                h = json.loads(self.head_path(eid).read_bytes())
                if h.get("id") == eid:
                    out.append(
                        EventSummary(
                            eid,
                            h["name"],
                            h["date"],
                            h["kind"],
                            h["match"],
                            h["players"],
                            h["rounds"],
                            path,
                            rules=h.get("rules", "2008"),
                        )
                    )
                    continue
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                pass
            try:
                ev = self.read_view(eid)[0]
                out.append(
                    EventSummary(
                        ev.id,
                        ev.name,
                        ev.date,
                        ev.kind,
                        ev.match,
                        len(ev.players),
                        len(ev.rounds),
                        path,
                        rules=ev.rules,
                    )
                )
            except (LyceeError, KeyError, TypeError) as err:
                out.append(EventSummary(eid, "?", "", "", "", 0, 0, path, problem=str(err)))
        out.sort(key=lambda s: (s.date, s.id), reverse=True)
        return out

    def resolve(self, ref: str) -> str:
        """An event id from an id, a unique id prefix or a unique name prefix;
        ``id:...`` / ``name:...`` say which (docs/names.md)."""
        return resolve_event(
            ref, self.event_ids(), lambda: [(s.id, s.name) for s in self.list_events()], self.events_dir
        )

    # -- create / open / delete -------------------------------------------------
    def new_id(self, on: str) -> str:
        while True:
            eid = f"{on.replace('-', '')}-{os.urandom(2).hex()}"  # secrets.token_hex(2), without its import
            if not self.exists(eid):
                return eid

    def create(self, settings: dict, actor: str = "desk") -> "EventStore":
        """Create an event from its settings and return it open."""
        s = dict(settings)
        s.setdefault("date", self.clock().astimezone().date().isoformat())
        if "store" not in s:  # the store that runs it, as set now (issue 47): the event keeps it
            from core.rules.members import store_info

            here = store_info(self.root)
            if here:
                s["store"] = here
        check_settings(s)  # fail before any file exists
        s["id"] = self.new_id(s["date"])
        try:
            store = self.open(s["id"], create=True)
        except BaseException:
            self._forget(s["id"])
            raise
        try:
            store.append("create", s, actor)
        except BaseException:
            self._forget(s["id"], store)
            raise
        return store

    def _forget(self, event_id: str, store: "EventStore | None" = None) -> None:
        """A new event whose create or import failed (a full disk): no trace
        of it is left, neither an empty journal nor its lock or header."""
        if store is not None:
            store.close()
        if not self.event_path(event_id).exists():
            for p in (self.events_dir / f".{event_id}.lock", self.head_path(event_id)):
                try:
                    p.unlink(missing_ok=True)
                except OSError:
                    pass

    def import_event(self, doc: dict, actor: str = "import", event: Event | None = None) -> "EventStore":
        """Store a lycee-event/1 document under a fresh id if its id is taken
        here.  It is checked here once (or ``event`` is what checking it
        gave); the journal keeps the checked event, so it is never checked
        again when the event is opened."""
        from dataclasses import replace

        from core.rules.eventfile import event_from_doc

        data = dict(doc)
        if not data.get("id") or (is_id(data["id"]) and self.exists(data["id"])):
            data["id"] = self.new_id(data.get("date", "2000-01-01"))
        ev = event if event is not None else event_from_doc(data)  # raises before anything is written
        if ev.id != data["id"]:
            ev = replace(ev, id=data["id"])
        try:
            store = self.open(data["id"], create=True)
        except BaseException:
            self._forget(data["id"])
            raise
        try:
            store._append([("import", data)], actor, folded=ev)
        except BaseException:
            self._forget(data["id"], store)
            raise
        return store

    def view(self, event_id: str) -> ReadOnlyStore:
        """The event read without the lock, for a command that may only read."""
        if not self.exists(event_id):
            raise NotFound(_("no event {ref!r} in {events_dir}", ref=event_id, events_dir=self.events_dir))
        return ReadOnlyStore(self, event_id)

    def open(
        self, event_id: str, create: bool = False, wait: float = 0.0, role: str = "desk", repair: bool = False
    ) -> "EventStore":
        """The event open for writing.  ``wait``: seconds to wait for another
        command holding it (never for the app, ``role="app"``, which is refused at once).
        ``repair``: a journal damaged in the middle is rebuilt (:meth:`repair_journal`)
        instead of refused."""
        if not create and not self.exists(event_id):
            raise NotFound(_("no event {event_id!r} in {events_dir}", event_id=event_id, events_dir=self.events_dir))
        return EventStore(self, event_id, clock=self.clock, wait=wait, role=role, repair=repair)

    def repair_journal(self, event_id: str, wait: float = 0.0, role: str = "desk") -> "EventStore":
        """``lycee repair``: the event open for writing, its journal rebuilt
        first when a record in the middle is damaged (see :func:`rebuild`; a
        torn last record is cut as any writer cuts it).  The store's
        ``note`` says what was done and names each action lost (None when the
        journal was intact); ``rebuilt`` holds the details."""
        return self.open(event_id, wait=wait, role=role, repair=True)

    def delete(self, event_id: str) -> None:
        store = self.open(event_id)  # takes the lock: refuses while open elsewhere
        try:
            for b in self.backups(event_id):
                b.unlink(missing_ok=True)
            for _seq, c in self.checkpoints(event_id):
                c.unlink(missing_ok=True)
            self.head_path(event_id).unlink(missing_ok=True)
            store.path.unlink(missing_ok=True)
        finally:
            store.close()


def history_rows(acts: list[dict], query=None) -> list[dict]:
    """Audit-trail rows: each action with ``undone`` and its ``text``; with
    ``query`` (a TinyDB query, :func:`trail_query`) only the actions it
    matches (an undo still counts when it is not shown)."""
    undone = rules.undone_seqs(acts)
    rows = []
    for a in acts:
        if query is not None and not query(a):
            continue
        try:
            text = rules.describe(a)
        except (KeyError, TypeError, ValueError, AttributeError):
            text = str(a.get("type"))
        if isinstance(a.get("redo"), int):  # a redo: the action again, after the undo it reverses
            text += _(" (redo of the undo #{seq})", seq=a["redo"])
        row = {**a, "undone": a["seq"] in undone, "text": text}
        if "data" in a:
            row["data"] = shown_data(str(a.get("type")), a["data"])  # a PIN's hash never leaves the journal
        rows.append(row)
    return rows


def trail_query(kind: str | None = None, actor: str | None = None, round_number: int | None = None):
    """A TinyDB query over audit-trail rows (:func:`history_rows`, or stored
    actions): the actions of ``kind``, by ``actor``, of round ``round_number``
    (its ``data.round``), each when given; everything when none is."""
    from tinydb import Query

    row = Query()
    query = row.noop()
    if kind is not None:
        query &= row.type == kind
    if actor is not None:
        query &= row.actor == actor
    if round_number is not None:
        query &= row.data.round == round_number
    return query


class WriteNeeded(Exception):
    """A :class:`ReadOnlyStore` was asked to write: open the event for
    writing (an :class:`EventStore`, which takes the lock) and do it there."""


class ReadOnlyStore:
    """One event read without the lock (``DataDir.read_view``), with the reading
    face of :class:`EventStore` (``event``, ``actions``, ``history``, ``clock``,
    ``id``, ``datadir``).  Any write raises :class:`WriteNeeded` before
    anything is stored, so a command can run first over this and open the
    event for writing only when it really changes it (README: "Reading
    commands take no lock")."""

    def __init__(self, datadir: "DataDir", event_id: str):
        self.datadir = datadir
        self.id = event_id
        self.clock = datadir.clock
        self._event, self.note = datadir.read_view(event_id)
        self._all: list[dict] | None = None

    @property
    def event(self) -> Event:
        return self._event

    @property
    def actions(self) -> list[dict]:
        if self._all is None:
            raw = self.datadir.event_path(self.id).read_bytes()
            self._all = self.datadir.load_actions(raw, self.id)
        return list(self._all)

    def history(self) -> Iterator[dict]:
        yield from history_rows(self.actions)

    def append(self, kind: str, data: Action | dict, actor: str = "desk", device: str | None = None) -> Event:
        raise WriteNeeded(kind)

    def append_many(
        self, acts: Sequence[tuple[str, Action | dict]], actor: str = "desk", device: str | None = None
    ) -> Event:
        raise WriteNeeded(acts[0][0] if acts else "")

    def append_from(self, acts: Sequence[tuple[str, Action | dict, str, str | None]]) -> Event:
        raise WriteNeeded(acts[0][0] if acts else "")

    def undo(self, actor: str = "desk", device: str | None = None) -> dict:
        raise WriteNeeded("undo")

    def redo(self, actor: str = "desk", device: str | None = None) -> dict:
        raise WriteNeeded("redo")

    def checkpoint(self) -> None:
        raise WriteNeeded("checkpoint")

    def close(self) -> None:
        pass

    def __enter__(self) -> "ReadOnlyStore":
        return self

    def __exit__(self, *exc) -> None:
        pass


class EventStore:
    """One event, open for writing by this process alone."""

    def __init__(
        self,
        datadir: DataDir,
        event_id: str,
        clock: Clock = now_utc,
        wait: float = 0.0,
        role: str = "desk",
        repair: bool = False,
    ):
        self.datadir = datadir
        self._repair = repair
        #: What a journal repair did (``repair=True`` and damage in the middle), else None.
        self.rebuilt: Rebuilt | None = None
        self.id = event_id
        self.clock = clock
        self.role = role
        self.path = datadir.event_path(event_id)
        self.lock_path = self.path.with_name(f".{event_id}.lock")
        self.owner_path = self.path.with_name(f".{event_id}.owner")
        self.recovered_from: Path | None = None
        self.broken_copy: Path | None = None
        #: What opening had to do (recovery, migration), for the user; None when nothing.
        self.note: str | None = None
        #: Damaged checkpoints opening ignored and set aside (``lycee repair`` names them).
        self.set_aside: list[Ignored] = []
        self._write_lock = threading.RLock()
        self._head: dict | None = None  # the header as last written or read
        self._all: list[dict] | None = None
        self._closed = False
        self._locked = False
        try:
            private_dir(self.path.parent)  # 0700, the journal 0600: report codes, PIN hashes
            private_mode(self.path)
            from core.store.lock import FileLock

            # not thread-local: the store is shared by the app's threads (one writer)
            self._lock = FileLock(str(self.lock_path), thread_local=False)
            self._acquire(wait)
            self._locked = True
            write_durably(
                self.owner_path,
                json.dumps(
                    {
                        "pid": os.getpid(),
                        "host": host_name(),
                        "role": role,
                        "since": self.clock().isoformat(timespec="seconds"),
                    }
                ),
                durable=False,
            )
        except OSError as err:
            if self._locked:
                self._release()
            if _read_only(err):
                raise LyceeError(
                    _(
                        "the data folder {folder} cannot be written ({reason}): reading commands "
                        "(standings, player list, log, export) work; to change the event, copy the "
                        "folder somewhere writable and use --data-dir",
                        folder=datadir.root,
                        reason=err.strerror,
                    )
                ) from None
            raise LyceeError(_disk_message(err, _("the lock of event {id}", id=event_id))) from None
        try:
            self._clean_temp_files()
            self._narrow_files()
            # a door left by a desk that was killed (core.door: this process holds the lock now)
            self.path.with_name(f".{event_id}.door").unlink(missing_ok=True)
            self._open()
        except OSError as err:  # a full disk while recovering or migrating: a message, not a traceback
            self._release()
            raise LyceeError(
                _(
                    "event {id} could not be opened for writing: {reason}; the files are as they were",
                    id=event_id,
                    reason=err.strerror or err,
                )
            ) from None
        except BaseException:
            self._release()
            raise

    # -- lock ----------------------------------------------------------------
    def _acquire(self, wait: float) -> None:
        from core.store.lock import Timeout

        try:
            self._lock.acquire(timeout=0)
            return
        except Timeout:
            pass
        owner = self._owner()
        if wait <= 0 or self.role in DESKS or (owner or {}).get("role") in DESKS:
            raise EventLocked(self._held_message(owner))
        try:
            self._lock.acquire(timeout=wait, poll_interval=0.05)
        except Timeout:
            raise EventLocked(self._held_message(self._owner(), waited=wait)) from None

    def _owner(self) -> dict | None:
        try:
            return json.loads(self.owner_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def _held_message(self, o: dict | None = None, waited: float = 0.0) -> str:
        who = _("another process")
        try:
            o = o or {}  # no owner file: a KeyError below, as for an incomplete one
            who = _("process {pid} on {host} (since {since})", pid=o["pid"], host=o["host"], since=o["since"])
            if o.get("role") == "app":
                who = _("the app, {who}", who=who)
            elif o.get("role") == "serve":
                who = _("`lycee serve`, {who}", who=who)
        except (TypeError, KeyError):
            pass
        if waited:
            return _(
                "event {event} is open in another window: {who}; still so after waiting {s:g} s "
                "(LYCEE_LOCK_WAIT); try again when it is done",
                event=self.id,
                who=who,
                s=waited,
            )
        return _("event {event} is open in another window: {who}; close it there first", event=self.id, who=who)

    def _release(self) -> None:
        try:
            if self._locked:
                self.owner_path.unlink(missing_ok=True)
        except OSError:
            pass
        finally:
            if self._locked:
                self._lock.release()
                self._locked = False

    def _clean_temp_files(self) -> None:
        """Temp files of this event left by writers that were killed, by
        every name :func:`write_durably` makes
        (``.<file>.<pid>.tmp``: ``.<id>.json.``, ``..<id>.owner.``, ``..<id>.head.``,
        ``.<id>.00000009.json.``, ...): those whose process is gone, and this
        process's own (it holds the lock and is writing none of them now)."""
        d = self.datadir
        for folder in (d.events_dir, d.checkpoints_dir, d.backups_dir):
            for prefix in (f".{self.id}.", f"..{self.id}."):
                for p in stale_temp_files(folder, prefix, mine_too=True):
                    try:
                        p.unlink()
                    except OSError:
                        pass

    def _narrow_files(self) -> None:
        """This event's files written by an older lycee (0644, in 0755 folders)
        made its user's alone: the folders 0700, the lock, checkpoints and
        backups 0600 (the journal, header and owner files are narrowed or
        written anew as it is opened)."""
        d = self.datadir
        for folder in (d.checkpoints_dir, d.backups_dir):
            if folder.is_dir():
                private_dir(folder)
        private_mode(self.lock_path)
        for _seq, c in d.checkpoints(self.id):
            private_mode(c)
        for b in d.backups(self.id):
            private_mode(b)
        private_mode(d.head_path(self.id))

    # -- open / recover --------------------------------------------------------
    def _open(self) -> None:
        d = self.datadir
        f = d.load(self.id) if self.path.exists() else Folded(None)
        if f.legacy:
            if f.legacy_problem is not None:
                self._recover_from_backup(f.legacy_problem, self.path, Damage(0, 0, f.legacy_problem))
                f = d.load(self.id)
            elif f.invalid is None:
                self._migrate(f)
                f = d.load(self.id)
        else:
            if f.damage is not None:
                if not f.torn:  # intact records follow the damage: only a repair, asked for, touches it
                    data = self.path.read_bytes()
                    if not self._repair:
                        raise JournalDamaged(self.path, self.id, data, f.damage)
                    self._rebuild(data)
                elif f.last_seq > 0:
                    self._cut_damage(f)
                else:
                    self._recover_from_backup(damage_reason(f.damage.reason), self.path, f.damage)
                f = d.load(self.id)
        if f.invalid is not None:
            raise f.invalid
        self._set_aside(f.ignored)
        self._event = f.event
        self._last_seq = f.last_seq
        self._end = f.end
        #: The CRC-32 of the journal up to ``_end`` (None: not known, read it when needed).
        self._crc = f.crc if f.end else 0
        self._all = f.all_actions
        self._tail_len = len(f.tail)
        self._storage = JournalStorage(self.path)
        if len(f.tail) > CHECKPOINT_TAIL or (self._event is not None and (f.ckpt_seq == 0 or f.ignored) and f.tail):
            # (a newer checkpoint was not believed: damaged, or written without a checksum)
            self._checkpoint_quietly()
        self._update_head(force=not d.head_path(self.id).exists())

    def _set_aside(self, ignored: list[Ignored]) -> None:
        """Damaged checkpoints opening ignored are renamed ``<name>.bad`` (kept,
        never read again: a fresh checkpoint is written from the journal), and
        the note says so."""
        said = []
        for ig in ignored:
            if not ig.damaged or ig.path.parent != self.datadir.checkpoints_dir:
                continue
            bad, n = ig.path.with_name(ig.path.name + ".bad"), 0
            while bad.exists():
                n += 1
                bad = ig.path.with_name(f"{ig.path.name}.{n}.bad")
            try:
                os.replace(ig.path, bad)
                said.append(Ignored(ig.path, ig.reason, kept_as=bad.name))
            except OSError:
                said.append(ig)
        self.set_aside = said
        words = ignored_note(said)
        if words:
            self.note = "\n".join(x for x in (self.note, "lycee: " + words) if x)

    def _stamp(self) -> str:
        return self.clock().strftime("%Y%m%dT%H%M%S")

    def _broken_name(self) -> Path:
        """Where a damaged file is kept, beside the event's file (never over another)."""
        base, n = f"{self.id}.broken-{self._stamp()}", 0
        while True:
            p = self.path.with_name(f"{base}{'-' + str(n) if n else ''}.json.bad")
            if not p.exists():
                return p
            n += 1

    def _keep_beside(self, src: Path) -> Path:
        broken = self._broken_name()
        os.replace(src, broken)
        return broken

    def _cut_damage(self, f: Folded) -> None:
        """Keep the journal up to its last intact record; the whole damaged file
        is kept beside it."""
        assert f.damage is not None  # called only for a damaged journal
        data = self.path.read_bytes()
        lost = damage_lost(f.damage, f.last_seq)
        self.broken_copy = self._broken_name()
        write_durably(self.broken_copy, data)
        write_durably(self.path, data[: f.end])
        self._drop_checkpoints_after(f.end)
        self.note = _(
            "lycee: {event}: the journal was damaged at byte {offset} ({reason}); kept every action "
            "up to #{seq}; lost: {lost}; the damaged file is kept as {broken}",
            event=self.id,
            offset=f.damage.offset,
            reason=damage_reason(f.damage.reason),
            seq=f.last_seq,
            lost=lost,
            broken=self.broken_copy.name,
        )

    def _rebuild(self, data: bytes) -> None:
        """Rebuild a journal damaged in the middle (:func:`rebuild`): the damaged
        file is kept beside it first, then the new journal replaces it durably
        (temp file, fsync, rename, fsync folder)."""
        backups = []
        for b in self.datadir.backups(self.id):
            if b.suffix == ".jsonl":
                try:
                    backups.append((b.name, b.read_bytes()))
                except OSError:
                    pass
        broken = self._broken_name()
        at = self.clock().isoformat(timespec="seconds")
        r = rebuild(data, backups, at, broken.name)  # raises before anything is written
        write_durably(broken, data)
        self.broken_copy = broken
        write_durably(self.path, r.data)
        self._drop_checkpoints_after(r.shared)
        self.rebuilt = r
        self.recovered_from = self.datadir.backups_dir / r.base if r.base else None
        base = _("backup {backup}", backup=r.base) if r.base else _("its intact start")
        self.note = _(
            "{event}: the journal was repaired from {base} and every intact record after the "
            "damage: {kept} actions kept; not recovered: {lost}; the damaged file is kept as {broken}",
            event=self.id,
            base=base,
            kept=r.kept,
            lost=r.lost_words(),
            broken=broken.name,
        )

    def _recover_from_backup(self, reason: str, src: Path, damage: Damage) -> None:
        skipped: list[Ignored] = []
        best = self.datadir._best_backup(self.id, skipped)
        if best is None:
            raise LyceeError(
                join_notes(
                    _(
                        "{path} cannot be read ({reason}) and no good backup exists; the file was left as it is",
                        path=src,
                        reason=reason,
                    ),
                    ignored_note(skipped),
                )
                or ""
            ) from None
        backup, _ev, acts = best
        if damage.size == 0:  # a pre-journal file: what can be read of it
            try:
                from core.store.journal import salvage

                damage.salvaged, damage.seqs = salvage(src.read_bytes(), 0)
            except OSError:
                pass
        last = acts[-1]["seq"] if acts else 0
        lost = damage_lost(damage, last)
        self.broken_copy = self._keep_beside(src)
        write_durably(self.path, MAGIC + encode_record(acts))
        self._drop_checkpoints_after(0)
        self.recovered_from = backup
        self.note = _(
            "lycee: {event}: the event file did not parse ({reason}); recovered from backup {backup} "
            "(up to #{seq}); lost: {lost}; the broken file is kept as {broken}",
            event=self.id,
            reason=reason,
            backup=backup.name,
            seq=last,
            lost=lost,
            broken=self.broken_copy.name,
        )
        if skipped:
            self.note = join_notes(self.note, ignored_note(skipped))

    def _migrate(self, f: Folded) -> None:
        """A pre-journal event file becomes a journal (one record of its actions,
        as they were); the old file goes to the backups folder."""
        bdir = self.datadir.backups_dir
        private_dir(bdir)
        write_durably(bdir / f"{self.id}.pre-journal.json", self.path.read_bytes())
        write_durably(self.path, MAGIC + encode_record(f.all_actions) if f.all_actions else b"")

    def _drop_checkpoints_after(self, end: int) -> None:
        for _seq, c in self.datadir.checkpoints(self.id):
            try:
                meta, _ev = decode_checkpoint(c.read_bytes(), Event)
                if meta.get("offset", 1 << 62) <= end and end:
                    continue
            except (OSError, ValueError):
                pass
            c.unlink(missing_ok=True)

    # -- reading -----------------------------------------------------------------
    @property
    def event(self) -> Event:
        if self._event is None:
            raise LyceeError(_("event {id} has no data yet", id=self.id))
        return self._event

    @property
    def actions(self) -> list[dict]:
        return list(self._actions())

    def _actions(self) -> list[dict]:
        with self._write_lock:
            if self._all is None:
                data = self.path.read_bytes()[: self._end] if self._end else b""
                self._all = scan(data).actions
            return self._all

    def history(self) -> Iterator[dict]:
        """The audit trail: every action with whether an undo took it back."""
        yield from history_rows(self._actions())

    # -- writing -----------------------------------------------------------------
    def append(self, kind: str, data: Action | dict, actor: str = "desk", device: str | None = None) -> Event:
        """Check ``kind`` against the rules, then store it durably.  ``data``
        is its payload (core.log.actions), or a dict of the payload's fields.
        ``device``: where the request came from (a phone's address), kept
        beside the actor when given.

        Raises before anything is written when the action is refused."""
        return self._append([(kind, data)], actor, device=device)

    def append_many(
        self, acts: Sequence[tuple[str, Action | dict]], actor: str = "desk", device: str | None = None
    ) -> Event:
        """Several actions as one journal record: each is checked on the event
        as the ones before it leave it, then all are stored, or none."""
        return self._append(acts, actor, device=device)

    def append_from(self, acts: Sequence[tuple[str, Action | dict, str, str | None]]) -> Event:
        """Several actions, each with its own actor and device (kind, data,
        actor, device), as one journal record: one durable write for them all
        (phone reports arriving at once, core.desk.Desk.phone_reports).  Each
        is checked on the event as the ones before it leave it; all or none."""
        if not acts:
            return self.event
        return self._append(
            [(k, d) for k, d, _a, _v in acts], acts[0][2], device=acts[0][3], who=[(a, v) for _k, _d, a, v in acts]
        )

    def _append(
        self,
        acts: Sequence[tuple[str, Action | dict]],
        actor: str,
        folded: Event | None = None,
        device: str | None = None,
        who: Sequence[tuple[str, str | None]] | None = None,
        redo: int | None = None,
    ) -> Event:
        if self._closed:
            raise LyceeError(_("event {id} is closed", id=self.id))
        if not acts:
            return self.event
        with self._write_lock:  # one writer: seqs are assigned under this lock
            seq = self._last_seq + 1
            at = self.clock().isoformat(timespec="seconds")
            ev = self._event
            new: list[dict] = []
            for i, (kind, given) in enumerate(acts):
                if who is not None:
                    actor, device = who[i]
                # the journal holds what the kind's Struct makes of it: a key it
                # does not know, or a value of the wrong type, is refused here
                data = to_data(rules.payload({"type": kind, "seq": seq, "data": given}))
                check_action_text(kind, data)  # user text: docs/names.md (new actions only)
                act = {"seq": seq, "at": at, "actor": actor, "type": kind, "v": rules.ACTION_FORMAT, "data": data}
                if device:
                    act["device"] = device
                if redo is not None:
                    act["redo"] = redo
                if folded is not None and kind == "import":
                    from core.rules.eventfile import stored_form

                    ev = folded
                    act["sig"] = _signature()
                    act["event"] = stored_form(folded)  # as the import's check read it back
                elif kind == "undo":
                    ev = self._refold(new + [act])
                else:
                    ev = rules.apply(ev, act)
                new.append(act)
                seq += 1
            try:
                # an import's record is JSON read back and msgspec's builtins of the checked event
                record = encode_record(new, builtins=folded is not None)
            except (TypeError, ValueError) as err:
                raise LyceeError(_("cannot store {kind}: {err}", kind=acts[0][0], err=err)) from None
            pairs = [a for a in new if a["type"] == "pair"]
            if pairs and self._last_seq:
                self._backup(pairs[0]["data"].get("round", 0))
            fresh = self._end == 0
            if self._head_of(ev) != self._head:
                self._drop_head()  # `event list` never shows more than is stored
            try:
                self._storage.append(new, record)  # encoded once, above
            except OSError as err:
                raise LyceeError(_disk_message(err, describe_batch(new))) from None
            self._end += len(record) + (len(MAGIC) if fresh else 0)
            base = zlib.crc32(MAGIC) if fresh else self._crc
            self._crc = None if base is None else crc_after(base, record)
            self._last_seq = new[-1]["seq"]
            if self._all is not None:
                self._all.extend(new)
            self._event = ev
            self._tail_len += len(new)
            if pairs or any(a["type"] in rules.FOUNDING for a in new) or self._tail_len > CHECKPOINT_TAIL:
                self._checkpoint_quietly()  # a round boundary, or every CHECKPOINT_TAIL actions
            self._update_head()
            assert ev is not None  # acts is not empty: every one of them was applied
            return ev

    def _refold(self, extra: list[dict]) -> Event:
        """The event after every stored action and ``extra`` (which holds an
        undo): from the newest checkpoint the undo does not reach behind."""
        acts = self._actions() + extra
        skip_all = rules.undone_seqs(acts)
        data = None
        for cseq, cpath in self.datadir.checkpoints(self.id):
            tail = [a for a in acts if a["seq"] > cseq]
            skip = rules.undone_seqs(tail)
            if any(t <= cseq for t in skip):
                continue
            try:
                if data is None:
                    data = self.path.read_bytes()
                got = self.datadir._checkpoint_of(self.id, cseq, cpath, cpath.read_bytes(), data)
            except OSError:
                continue
            if isinstance(got, Ignored):
                continue  # (a damaged one was named when the event was opened)
            meta, ev = got
            out, bad, why = fold(ev, tail, skip)
            if bad is None and out is not None:
                return out
        out, bad, why = fold(None, acts, skip_all)
        if bad is not None:
            raise LyceeError(why)
        assert out is not None  # the journal begins with the event's creation
        return out

    def undo(self, actor: str = "desk", device: str | None = None) -> dict:
        """Take back the newest action in force; return it."""
        with self._write_lock:
            target = rules.undo_target(self._actions())
            self.append("undo", {"target": target["seq"]}, actor, device=device)
            return target

    @property
    def last_seq(self) -> int:
        """The seq of the newest stored action (0 before any)."""
        return self._last_seq

    def since(self, seq: int) -> list[dict]:
        """The stored actions after ``seq``, oldest first."""
        acts = self._actions()
        i = len(acts)
        while i and acts[i - 1]["seq"] > seq:
            i -= 1
        return acts[i:]

    def undo_preview(self) -> dict:
        """The action :meth:`undo` would take back now (nothing is written)."""
        with self._write_lock:
            return rules.undo_target(self._actions())

    def redo(self, actor: str = "desk", device: str | None = None) -> dict:
        """Store again the action the last undo took back (only while nothing
        else was stored since, core.log.registry.redo_target); the new action
        carries ``"redo": <the undo's seq>`` in the log.  Return it."""
        with self._write_lock:
            undo, target = rules.redo_target(self._actions())
            self._append([(target["type"], target["data"])], actor, device=device, redo=undo["seq"])
            return self._actions()[-1]

    def checkpoint(self) -> None:
        """Store the folded event now (the next open replays only what follows)."""
        with self._write_lock:
            if self._event is None or not self._end:
                return
            if self._crc is None:  # (opened without a checkpoint: read once)
                self._crc = zlib.crc32(memoryview(self.path.read_bytes())[: self._end])  # no copy of the journal
            meta = {
                "format": CHECKPOINT_FORMAT,
                "id": self.id,
                "seq": self._last_seq,
                "offset": self._end,
                "crc": self._crc,
                "sig": _signature(),
                "round": len(self._event.rounds),
            }
            d = self.datadir.checkpoints_dir
            private_dir(d)
            write_durably(d / f"{self.id}.{self._last_seq:08d}.json", encode_checkpoint(meta, self._event))
            for _seq, old in self.datadir.checkpoints(self.id)[CHECKPOINTS_KEPT:]:
                old.unlink(missing_ok=True)
            self._tail_len = 0

    def _checkpoint_quietly(self) -> None:
        """A checkpoint is derived data: failing to write one (a full disk)
        loses nothing, so it never fails the action that was stored."""
        try:
            self.checkpoint()
        except OSError:
            pass

    def _head_of(self, ev: Event | None) -> dict | None:
        if ev is None:
            return None
        return {
            "id": self.id,
            "name": ev.name,
            "date": ev.date,
            "kind": ev.kind,
            "match": ev.match,
            "players": len(ev.players),
            "rounds": len(ev.rounds),
            "rules": ev.rules,
        }

    def _drop_head(self) -> None:
        """Before an append that changes what ``event list`` shows: the old
        header goes first (durably), so that a failed append, a failed header
        write or a crash between them leaves no header (``event list`` then
        replays the event), never one that is behind or ahead of the journal."""
        try:
            self.datadir.head_path(self.id).unlink(missing_ok=True)
            fsync_dir(self.datadir.events_dir)
        except OSError:
            pass
        self._head = None

    def _update_head(self, force: bool = False) -> None:
        head = self._head_of(self._event)
        if head is None:
            return
        if head == self._head and not force:
            return
        if not force:
            try:
                if json.loads(self.datadir.head_path(self.id).read_bytes()) == head:
                    self._head = head
                    return
            except (OSError, ValueError):
                pass
        try:
            write_durably(self.datadir.head_path(self.id), json.dumps(head, ensure_ascii=False))
            self._head = head
        except OSError:
            pass  # derived: `event list` replays the event instead

    def _backup(self, round_number: int) -> None:
        """A copy of the journal as it is before round ``round_number`` is paired."""
        if not self._end:
            return
        bdir = self.datadir.backups_dir
        try:
            private_dir(bdir)
            data = memoryview(self.path.read_bytes())[: self._end]  # no copy of the journal
            write_durably(bdir / f"{self.id}.r{round_number:02d}-s{self._last_seq:08d}.jsonl", data)
            for old in self.datadir.backups(self.id)[BACKUPS_KEPT:]:
                old.unlink(missing_ok=True)
        except OSError:
            pass  # a backup is a spare copy: the journal itself is intact

    # -- closing -------------------------------------------------------------------
    def close(self) -> None:
        if self._closed:
            return
        with self._write_lock:
            self._closed = True
            try:
                if self._tail_len > CHECKPOINT_TAIL:
                    self._checkpoint_quietly()
            finally:
                self._release()

    def __enter__(self) -> "EventStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def describe_batch(acts: list[dict]) -> str:
    if len(acts) == 1:
        return lost_lines(acts)
    return _("{n} actions (#{first}-#{last})", n=len(acts), first=acts[0]["seq"], last=acts[-1]["seq"])


def today(clock: Clock = now_utc) -> str:
    return clock().astimezone().date().isoformat()
