"""The data folder (:class:`DataDir`): where events live, listed, created,
opened, read without the lock, imported, checked and deleted; see
:mod:`core.store.store` for how events live."""

from __future__ import annotations

import json
import os
import re
import zlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, Sequence

from core import rules
from core.errors import LyceeError, NotFound
from core.event.model import Event
from core.i18n import _
from core.log.actions import Action
from core.names import is_id, resolve_event
from core.paths import check_data_root, data_root
from core.rules.settings import check_settings
from core.store.eventstore import EventStore, now_utc
from core.store.journal import (
    CHECKPOINT_FORMAT,
    CheckpointUnusable,
    Damage,
    Scan,
    decode_checkpoint,
    pid_alive,
    resync,
    scan,
    torn_tail,
)
from core.store.lock import host_name
from core.store.replay import Clock, Folded, dumps_act, event_signature, fold, log_of
from core.store.trail import (
    Ignored,
    InvalidAction,
    checkpoint_reason,
    damage_lost,
    damage_reason,
    history_rows,
    ignored_note,
    join_notes,
)


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

    def __init__(self, datadir: DataDir, event_id: str):
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
    created: str = ""  # its first action's time (:func:`created_at`), "" when unknown


#: The first action's time in a journal's first bytes (its create record comes first).
_FIRST_AT = re.compile(rb'"at":\s*"([^"]{10,40})"')


def created_at(path: Path) -> str:
    """When an event was created: its first action's time, read from the first 4 KB of its file
    (the create record; cheap for any event size); "" when it cannot be read."""
    try:
        with open(path, "rb") as f:
            found = _FIRST_AT.search(f.read(4096))
    except OSError:
        return ""
    return found.group(1).decode("ascii", "replace") if found else ""


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
            acts = log_of(data)
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
        ckpts = self._checkpoint_bytes(event_id)  # read before the journal: it only grows
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise NotFound(_("no event {ref!r} in {events_dir}", ref=event_id, events_dir=self.events_dir)) from None
        if data[:1] == b"{":
            return self._load_legacy(event_id, data), data
        ignored: list[Ignored] = []
        out = self._from_believed_checkpoint(event_id, ckpts, data, ignored)
        if out is None:
            out = _folded_whole(path, event_id, data, ignored)
        return out, data

    def _from_believed_checkpoint(
        self, event_id: str, ckpts: list[tuple[int, Path, bytes]], data: bytes, ignored: list[Ignored]
    ) -> Folded | None:
        """The event from the first of ``ckpts`` that is believed and that the journal's
        later records apply to; None when none is (those not believed added to ``ignored``)."""
        for seq, cpath, raw in ckpts:
            got = self.checkpoint_of(event_id, seq, cpath, raw, data)
            if isinstance(got, Ignored):
                ignored.append(got)
                continue
            out = _from_checkpoint(*got, data, ignored)
            if out is not None:
                return out
        return None

    def _checkpoint_bytes(self, event_id: str) -> list[tuple[int, Path, bytes]]:
        """The event's checkpoints, newest first, with their bytes (one that cannot be read left out)."""
        out = []
        for seq, cpath in self.checkpoints(event_id):
            try:
                out.append((seq, cpath, cpath.read_bytes()))
            except OSError:
                pass
        return out

    def checkpoint_of(
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
        if not _names_this(meta, event_id, seq):
            return Ignored(path, _("it is not this event's checkpoint after action #{seq}", seq=seq))
        if meta.get("sig") != event_signature():
            return Ignored(path, _("written by another version of lycee"), damaged=False)
        if not _matches_journal(meta, data):
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
        out = self.unbelieved_checkpoints(event_id, data) if data[:1] != b"{" else []
        journal = {a["seq"]: dumps_act(a) for a in self.load_actions(data, event_id)}
        for b in self.backups(event_id):
            if b.suffix != ".jsonl":
                continue  # written before the journal: one JSON document without a checksum (read only as a last resort)
            why = backup_unbelieved(b, journal)
            if why is not None:
                out.append(why)
        return out

    def unbelieved_checkpoints(self, event_id: str, data: bytes) -> list[Ignored]:
        """The checkpoints of an event opening would not believe, and why."""
        out: list[Ignored] = []
        for seq, cpath in self.checkpoints(event_id):
            try:
                got = self.checkpoint_of(event_id, seq, cpath, cpath.read_bytes(), data)
            except OSError as err:
                got = Ignored(cpath, _("it cannot be read ({reason})", reason=err.strerror or err))
            if isinstance(got, Ignored):
                out.append(got)
        return out

    def read_view(self, event_id: str) -> tuple[Event, str | None]:
        """(the event, a note for the user or None), read without the lock.
        A damaged or refused part is left out and the note says what and how
        to recover; nothing is written."""
        f = self.load(event_id)
        note = self._damage_note(event_id, f)
        if f.invalid is not None:
            note = str(f.invalid)
        if f.event is None:
            skipped: list[Ignored] = []
            best = self.best_backup(event_id, skipped) if note else None
            if best is not None:
                shown = _("{note} (shown as recovered from backup {backup})", note=note, backup=best[0].name)
                return best[1], join_notes(shown, ignored_note(f.ignored + skipped))
            raise LyceeError(
                join_notes(note, ignored_note(f.ignored + skipped)) or _("event {id} has no data yet", id=event_id)
            )
        return f.event, join_notes(note, ignored_note(f.ignored))

    def _damage_note(self, event_id: str, f: Folded) -> str | None:
        """What a reader is told of a damaged or unreadable journal, and how to recover; None when it is whole
        (or the damage is a write still under way)."""
        path = self.event_path(event_id)
        if f.legacy_problem is not None:
            return _(
                "{path} cannot be read ({reason}); {how}",
                path=path,
                reason=f.legacy_problem,
                how=self._how_to_recover(event_id, bool(self.backups(event_id))),
            )
        if f.damage is None:
            return None
        if not f.torn:
            return _(
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
        if self._writer_busy(event_id, f.damage):
            return None
        return _(
            "{path}: the journal is damaged at byte {offset} ({reason}); shown up to #{seq}; lost there: {lost}; {how}",
            path=path,
            offset=f.damage.offset,
            reason=damage_reason(f.damage.reason),
            seq=f.last_seq,
            lost=damage_lost(f.damage, f.last_seq),
            how=self._how_to_recover(event_id, f.event is None and bool(self.backups(event_id))),
        )

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

    def best_backup(self, event_id: str, ignored: list[Ignored] | None = None) -> tuple[Path, Event, list[dict]] | None:
        """The backup with the highest round and sequence that replays, every
        record of it checked (a damaged one is ignored, and added to ``ignored``)."""
        for b in self.backups(event_id):
            try:
                acts = _backup_actions(b, b.read_bytes(), ignored)
            except (OSError, UnicodeDecodeError, ValueError, AttributeError, TypeError):
                continue
            if acts is None:
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
                            created=created_at(path),
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
                        created=created_at(path),
                    )
                )
            except (LyceeError, KeyError, TypeError) as err:
                out.append(EventSummary(eid, "?", "", "", "", 0, 0, path, problem=str(err), created=created_at(path)))
        # the way people read a list of events: the newest date first, and within a day the one made
        # last first (the id's hex part is random: it said nothing of the order)
        out.sort(key=lambda s: (s.date, s.created, s.id), reverse=True)
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
            # lazy: the members' rules (csv), which `lycee result` never loads
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

        # lazy: the event-file engine (schema, checks), which only an import or export needs
        from core.rules.eventfile import event_from_doc

        data = dict(doc)
        data["id"] = self._import_id(data)
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

    def _import_id(self, data: dict) -> str:
        """The id an imported document is stored under: its own, or a fresh one when
        it has none or an event here has it."""
        if not data.get("id") or (is_id(data["id"]) and self.exists(data["id"])):
            return self.new_id(data.get("date", "2000-01-01"))
        return data["id"]

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


def backup_unbelieved(b: Path, journal: dict[int, str]) -> Ignored | None:
    """Why the backup ``b`` would not be believed (it cannot be read, a record
    does not check out, an action differs from the journal's of the same
    number: ``journal``, seq -> its text), or None."""
    try:
        bs = scan(b.read_bytes())
    except OSError as err:
        return Ignored(b, _("it cannot be read ({reason})", reason=err.strerror or err))
    if bs.damage is not None:
        return _damaged(b, bs)
    differs = next((a["seq"] for a in bs.actions if journal.get(a["seq"], dumps_act(a)) != dumps_act(a)), None)
    if differs is not None:
        return Ignored(b, _("its action #{seq} differs from the journal's", seq=differs), damaged=False)
    return None


def _folded_whole(path: Path, event_id: str, data: bytes, ignored: list[Ignored]) -> Folded:
    """The event folded from every action of the journal ``data`` (no checkpoint believed)."""
    s = scan(data)
    acts = s.actions
    whole, bad, why = fold(None, acts, rules.undone_seqs(acts))
    out = Folded(whole, last_seq=s.last_seq, end=s.end, tail=acts, damage=s.damage, all_actions=acts, ignored=ignored)
    if bad is not None:
        out.invalid = InvalidAction(path, bad, why, event_id)
    return out


def _from_checkpoint(meta: dict, ev: Event, data: bytes, ignored: list[Ignored]) -> Folded | None:
    """The event from a believed checkpoint and the journal's records after it;
    None when an undo reaches behind it or the rules refuse an action after it."""
    off = meta["offset"]
    s = scan(data, off, after_seq=meta["seq"])
    tail = s.actions
    skip = rules.undone_seqs(tail)
    if any(t <= meta["seq"] for t in skip):
        return None  # an undo reaches behind this checkpoint: an older one will do
    ev2, bad, _why = fold(ev, tail, skip)
    if bad is not None:
        return None  # the rules are judged from the journal alone (an older checkpoint, or the start)
    return Folded(
        ev2,
        last_seq=tail[-1]["seq"] if tail else meta["seq"],
        end=s.end,
        ckpt_seq=meta["seq"],
        tail=tail,
        damage=s.damage,
        crc=zlib.crc32(memoryview(data)[off : s.end], meta["crc"]),  # (the tail only)
        ignored=ignored,
    )


def _backup_actions(b: Path, raw: bytes, ignored: list[Ignored] | None) -> list[dict] | None:
    """A backup's actions: a journal's when every record checks out (else None,
    and it is added to ``ignored``), or an older event file's log."""
    if b.suffix != ".jsonl":
        return log_of(json.loads(raw.decode("utf-8")))
    bs = scan(raw)
    if bs.damage is None and bs.records:
        return bs.actions
    if ignored is not None:
        ignored.append(_damaged(b, bs))
    return None


def _damaged(b: Path, bs: Scan) -> Ignored:
    """A backup not believed because its records do not all check out (or it holds none)."""
    why = damage_reason(bs.damage.reason) if bs.damage else _("no record")
    off = bs.damage.offset if bs.damage else 0
    return Ignored(b, _("damaged at byte {offset} ({reason})", offset=off, reason=why))


def _names_this(meta: dict, event_id: str, seq: int) -> bool:
    """Whether a checkpoint's meta says it is event ``event_id``'s after action ``seq``, in the current format."""
    return meta.get("format") == CHECKPOINT_FORMAT and meta.get("id") == event_id and meta["seq"] == seq


def _matches_journal(meta: dict, data: bytes) -> bool:
    """Whether the CRC a checkpoint holds is that of the journal ``data`` before the position it folds."""
    off = meta["offset"]
    return 0 < off <= len(data) and zlib.crc32(memoryview(data)[:off]) == meta["crc"]
