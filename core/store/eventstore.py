"""One event open for writing (:class:`EventStore`, the one writer, holding the
event's lock) or read without it (:class:`ReadOnlyStore`); see
:mod:`core.store.store` for how events live."""

from __future__ import annotations

import errno
import json
import os
import threading
import zlib
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator, Protocol, Sequence

import msgspec

from core import rules
from core.errors import EventLocked, LyceeError
from core.event.model import Event
from core.i18n import _
from core.log.actions import Action, to_data
from core.log.registry import apply_payload
from core.names import check_action_text
from core.paths import private_dir, private_mode
from core.store import lock  # as lock.FileLock: the lock a test (a read-only folder) replaces
from core.store.batch import Batch, encoded, trail_of
from core.store.journal import (
    CHECKPOINT_FORMAT,
    MAGIC,
    Damage,
    Entry,
    JournalStorage,
    crc_after,
    decode_checkpoint,
    encode_checkpoint,
    encode_record,
    fsync_dir,
    salvage,
    scan,
    stale_temp_files,
    write_durably,
)
from core.store.lock import DESKS, host_name
from core.store.repair import Rebuilt, rebuild
from core.store.replay import Clock, Folded, event_signature, fold
from core.store.trail import (
    Ignored,
    JournalDamaged,
    damage_lost,
    damage_reason,
    describe_batch,
    disk_message,
    history_rows,
    ignored_note,
    join_notes,
    renamed_bad,
)


class Folder(Protocol):
    """What a store needs of its data folder (a core.store.datadir.DataDir,
    which opens it: this module does not import it)."""

    root: Path
    events_dir: Path
    backups_dir: Path
    checkpoints_dir: Path
    clock: Clock

    def event_path(self, event_id: str) -> Path: ...
    def load(self, event_id: str) -> Folded: ...
    def head_path(self, event_id: str) -> Path: ...
    def backups(self, event_id: str) -> list[Path]: ...
    def checkpoints(self, event_id: str) -> list[tuple[int, Path]]: ...
    def load_actions(self, raw: bytes, event_id: str) -> list[dict]: ...
    def read_view(self, event_id: str) -> tuple[Event, str | None]: ...
    def best_backup(
        self, event_id: str, ignored: list[Ignored] | None = None
    ) -> tuple[Path, Event, list[dict]] | None: ...
    def checkpoint_of(
        self, event_id: str, seq: int, path: Path, raw: bytes, data: bytes
    ) -> tuple[dict, Event] | Ignored: ...


BACKUPS_KEPT = 5
CHECKPOINTS_KEPT = 3
#: A checkpoint is also written once more than this many actions follow the
#: newest one (so an open never replays more than about this many).
CHECKPOINT_TAIL = 256


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def _read_only(err: OSError) -> bool:
    return err.errno in (errno.EROFS, errno.EACCES, errno.EPERM)


class EventStore:
    """One event, open for writing by this process alone."""

    def __init__(
        self,
        datadir: Folder,
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

            # not thread-local: the store is shared by the app's threads (one writer)
            self._lock = lock.FileLock(str(self.lock_path), thread_local=False)
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
            raise LyceeError(disk_message(err, _("the lock of event {id}", id=event_id))) from None
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

        try:
            self._lock.acquire(timeout=0)
            return
        except lock.Timeout:
            pass
        owner = self._owner()
        if wait <= 0 or self.role in DESKS or (owner or {}).get("role") in DESKS:
            raise EventLocked(self._held_message(owner))
        try:
            self._lock.acquire(timeout=wait, poll_interval=0.05)
        except lock.Timeout:
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
                who = _("`lycee serve`, {who}: stop it (Ctrl+C), open the event here, Ctrl+W serves the pages", who=who)
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
        f = self._load_mended()
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
        if self._checkpoint_due(f):
            self._checkpoint_quietly()
        self._update_head(force=not d.head_path(self.id).exists())

    def _load_mended(self) -> Folded:
        """The event's files as read on opening, after a file from before the journal is turned into one
        and damage mended (as far as a writer may mend it)."""
        if not self.path.exists():
            return Folded(None)
        f = self.datadir.load(self.id)
        if f.legacy:
            return self._open_legacy(f)
        if f.damage is not None:
            self._mend(f, f.damage)
            return self.datadir.load(self.id)
        return f

    def _checkpoint_due(self, f: Folded) -> bool:
        """Whether opening writes a checkpoint: a long tail, or none believed for a tail
        (a newer checkpoint was not believed: damaged, or written without a checksum)."""
        if len(f.tail) > CHECKPOINT_TAIL:
            return True
        return self._event is not None and bool(f.ckpt_seq == 0 or f.ignored) and bool(f.tail)

    def _open_legacy(self, f: Folded) -> Folded:
        """A file written before the journal: recovered from a backup when it
        cannot be read, else turned into a journal (unless the rules refuse it)."""
        if f.legacy_problem is not None:
            self._recover_from_backup(f.legacy_problem, self.path, Damage(0, 0, f.legacy_problem))
            return self.datadir.load(self.id)
        if f.invalid is None:
            self._migrate(f)
            return self.datadir.load(self.id)
        return f

    def _mend(self, f: Folded, damage: Damage) -> None:
        """Damage found on opening: a torn last record is cut; damage with
        intact records after it stops a writer unless a repair was asked for
        (JournalDamaged); a journal with nothing intact comes from a backup."""
        if not f.torn:  # intact records follow the damage: only a repair, asked for, touches it
            data = self.path.read_bytes()
            if not self._repair:
                raise JournalDamaged(self.path, self.id, data, damage)
            self._rebuild(data)
        elif f.last_seq > 0:
            self._cut_damage(f)
        else:
            self._recover_from_backup(damage_reason(damage.reason), self.path, damage)

    def _set_aside(self, ignored: list[Ignored]) -> None:
        """Damaged checkpoints opening ignored are renamed ``<name>.bad`` (kept,
        never read again: a fresh checkpoint is written from the journal), and
        the note says so."""
        said = [renamed_bad(ig) for ig in ignored if ig.damaged and ig.path.parent == self.datadir.checkpoints_dir]
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
        best = self.datadir.best_backup(self.id, skipped)
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
        redo: Sequence[int] | None = None,
    ) -> Event:
        if self._closed:
            raise LyceeError(_("event {id} is closed", id=self.id))
        if not acts:
            return self.event
        signers = list(who) if who is not None else [(actor, device)] * len(acts)
        with self._write_lock:  # one writer: seqs are assigned under this lock
            batch = self._checked(acts, signers, folded, redo)
            self._write(batch)
            assert batch.event is not None  # acts is not empty: every one of them was applied
            return batch.event

    def _checked(
        self,
        acts: Sequence[tuple[str, Action | dict]],
        signers: list[tuple[str, str | None]],
        folded: Event | None,
        redo: Sequence[int] | None,
    ) -> Batch:
        """``acts`` as typed entries, each checked by the rules on the event
        the ones before it leave (raises before anything is written)."""
        at = self.clock().isoformat(timespec="seconds")
        batch = Batch(self._event, importing=folded is not None)
        for i, ((kind, given), (actor, device)) in enumerate(zip(acts, signers)):
            seq = self._last_seq + 1 + i
            # the journal holds what the kind's Struct makes of it: a key it
            # does not know, or a value of the wrong type, is refused here
            payload = rules.payload({"type": kind, "seq": seq, "data": given})
            check_action_text(kind, to_data(payload))  # user text: docs/names.md (new actions only)
            undid = redo[i] if redo else None  # a redo: the undo each action reverses
            entry = Entry(seq, at, actor, kind, rules.ACTION_FORMAT, batch.raw(payload), device or None, undid)
            batch.add(entry, payload, self._applied(batch, entry, payload, folded))
        return batch

    def _applied(self, batch: Batch, entry: Entry, payload: Action, folded: Event | None) -> Event:
        """The event after ``entry``: its reducer given the payload Struct; an
        import's event as its check read it; an undo's by folding again."""
        if folded is not None and entry.type == "import":
            from core.rules.eventfile import stored_form  # the event-file engine: only an import loads it

            entry.sig = event_signature()
            entry.event = msgspec.Raw(batch.builtins(stored_form(folded)))  # as the import's check read it back
            return folded
        if entry.type == "undo":
            return self._refold(batch.trail() + [trail_of(entry)])
        return apply_payload(batch.event, entry.type, payload, entry.v, entry.seq)

    def _write(self, batch: Batch) -> None:
        """Store ``batch`` as one record, durably, then keep the store's
        state (end, CRC, seq, trail, checkpoint, header) in step with it."""
        record = encoded(batch)
        paired = batch.first_round_paired()
        if paired is not None and self._last_seq:
            self._backup(paired)
        fresh = self._end == 0
        if self._head_of(batch.event) != self._head:
            self._drop_head()  # `event list` never shows more than is stored
        self._append_record(batch, record)
        self._appended(batch, record, fresh)
        if paired is not None or batch.founds() or self._tail_len > CHECKPOINT_TAIL:
            self._checkpoint_quietly()  # a round boundary, or every CHECKPOINT_TAIL actions
        self._update_head()

    def _append_record(self, batch: Batch, record: bytes) -> None:
        """Append ``record`` (``batch`` encoded once) to the journal, durably; a disk error names the batch."""
        try:
            self._storage.append_record(record, batch.entries[-1].seq)
        except OSError as err:
            raise LyceeError(disk_message(err, describe_batch(batch.trail()))) from None

    def _appended(self, batch: Batch, record: bytes, fresh: bool) -> None:
        """Keep the store's end, CRC, last seq, trail and event in step with ``record`` just appended."""
        self._end += len(record) + (len(MAGIC) if fresh else 0)
        base = zlib.crc32(MAGIC) if fresh else self._crc
        self._crc = None if base is None else crc_after(base, record)
        self._last_seq = batch.entries[-1].seq
        if self._all is not None:
            self._all.extend(batch.trail())
        self._event = batch.event
        self._tail_len += len(batch.entries)

    def _refold(self, extra: list[dict]) -> Event:
        """The event after every stored action and ``extra`` (which holds an
        undo): from the newest checkpoint the undo does not reach behind."""
        acts = self._actions() + extra
        journal: list[bytes] = []  # the journal's bytes, read once a checkpoint is tried
        for cseq, cpath in self.datadir.checkpoints(self.id):
            out = self._fold_from(cseq, cpath, acts, journal)
            if out is not None:
                return out
        out, bad, why = fold(None, acts, rules.undone_seqs(acts))
        if bad is not None:
            raise LyceeError(why)
        assert out is not None  # the journal begins with the event's creation
        return out

    def _fold_from(self, cseq: int, cpath: Path, acts: list[dict], journal: list[bytes]) -> Event | None:
        """The event from checkpoint ``cseq`` and the actions after it; None when
        an undo reaches behind it, or it cannot be read or believed, or the actions do not fold."""
        tail = [a for a in acts if a["seq"] > cseq]
        skip = rules.undone_seqs(tail)
        if any(t <= cseq for t in skip):
            return None
        got = self._checkpoint_at(cseq, cpath, journal)
        if got is None:
            return None
        out, bad, _why = fold(got, tail, skip)
        return out if bad is None else None

    def _checkpoint_at(self, cseq: int, cpath: Path, journal: list[bytes]) -> Event | None:
        """The event checkpoint ``cseq`` holds; None when it cannot be read or believed
        (``journal``: the journal's bytes, read here once when empty)."""
        try:
            if not journal:
                journal.append(self.path.read_bytes())
            got = self.datadir.checkpoint_of(self.id, cseq, cpath, cpath.read_bytes(), journal[0])
        except OSError:
            return None
        if isinstance(got, Ignored):
            return None  # (a damaged one was named when the event was opened)
        return got[1]

    def undo(self, actor: str = "desk", device: str | None = None) -> dict:
        """Take back the newest action in force; return it."""
        with self._write_lock:  # a correction with what went with it: all of it, one record (undo_targets)
            targets = rules.undo_targets(self._actions())
            self._append([("undo", {"target": t["seq"]}) for t in targets], actor, device=device)
            return rules.as_unit(targets)

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
            return rules.as_unit(rules.undo_targets(self._actions()))

    def redo(self, actor: str = "desk", device: str | None = None) -> dict:
        """Store again what the last undo took back (only while nothing else was stored since; a
        correction with what went with it, core.log.registry.redo_targets); each action stored again
        carries ``"redo": <the undo's seq>``.  Return it, said as core.log.registry.as_unit says it."""
        with self._write_lock:
            pairs = rules.redo_targets(self._actions())  # a correction with what went with it: all of it
            self._append(
                [(t["type"], t["data"]) for _u, t in pairs], actor, device=device, redo=[u["seq"] for u, _t in pairs]
            )
            return rules.as_unit(self._actions()[: -len(pairs) - 1 : -1])

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
                "sig": event_signature(),
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
        if not force and (head == self._head or self._head_on_disk() == head):
            self._head = head
            return
        try:
            write_durably(self.datadir.head_path(self.id), json.dumps(head, ensure_ascii=False))
            self._head = head
        except OSError:
            pass  # derived: `event list` replays the event instead

    def _head_on_disk(self) -> dict | None:
        """The event's head file as it is (None when it cannot be read)."""
        try:
            return json.loads(self.datadir.head_path(self.id).read_bytes())
        except (OSError, ValueError):
            return None

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


def today(clock: Clock = now_utc) -> str:
    return clock().astimezone().date().isoformat()
