"""Where events live: one TinyDB file per event in the data dir (DESIGN section 2).

- ``DataDir`` finds the folder (``--data-dir``, ``LYCEE_DATA_DIR``, or the
  platform's user data dir) and lists, creates, opens and deletes events.
- ``EventStore`` is one open event: it holds a lock file for as long as it is
  open (a second window gets :class:`~core.errors.EventLocked` naming the
  process that holds it), appends actions durably through
  :class:`~core.storage.DurableStorage`, keeps a backup at every round start
  (the newest few) and, when the main file does not parse, recovers from the
  newest good backup and says so.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator

import platformdirs
from filelock import FileLock, Timeout
from tinydb import TinyDB

from . import actions as A
from .i18n import _
from .errors import EventLocked, LyceeError, NotFound
from .model import Event
from .names import check_action_text, is_id, resolve_event
from .storage import CorruptFile, DurableStorage, dumps, read_json, write_durably

LOG = "log"
BACKUPS_KEPT = 5
Clock = Callable[[], datetime]


def default_data_dir() -> Path:
    env = os.environ.get("LYCEE_DATA_DIR")
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("lycee", appauthor=False)


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class EventSummary:
    id: str
    name: str
    date: str
    kind: str
    match: str
    players: int
    rounds: int
    path: Path
    problem: str | None = None  # set when the file could not be read


class DataDir:
    def __init__(self, root: str | os.PathLike | None = None, clock: Clock = now_utc):
        self.root = Path(root).expanduser() if root else default_data_dir()
        self.events_dir = self.root / "events"
        self.backups_dir = self.root / "backups"
        self.clock = clock

    # -- paths ---------------------------------------------------------------
    def event_path(self, event_id: str) -> Path:
        return self.events_dir / f"{event_id}.json"

    def event_ids(self) -> list[str]:
        if not self.events_dir.is_dir():
            return []
        return sorted(p.stem for p in self.events_dir.glob("*.json") if not p.name.startswith("."))

    def backups(self, event_id: str) -> list[Path]:
        """Backups of an event, newest first."""
        if not self.backups_dir.is_dir():
            return []
        return sorted(self.backups_dir.glob(f"{event_id}.*.json"), key=lambda p: p.stat().st_mtime_ns, reverse=True)

    # -- listing (no lock needed: files are only ever replaced whole) -----------
    def list_events(self) -> list[EventSummary]:
        out = []
        for eid in self.event_ids():
            path = self.event_path(eid)
            try:
                ev = A.replay(_log_of(read_json(path)))
                if ev is None:
                    raise LyceeError(_("empty log"))
                out.append(EventSummary(ev.id, ev.name, ev.date, ev.kind, ev.match,
                                        len(ev.players), len(ev.rounds), path))
            except (CorruptFile, LyceeError, KeyError, TypeError) as err:
                out.append(EventSummary(eid, "?", "", "", "", 0, 0, path, problem=str(err)))
        out.sort(key=lambda s: (s.date, s.id), reverse=True)
        return out

    def read(self, event_id: str) -> "Event":
        """The event as last written, without taking the lock (read-only)."""
        path = self.event_path(event_id)
        if not path.exists():
            raise NotFound(_("no event {ref!r} in {events_dir}", ref=event_id, events_dir=self.events_dir))
        try:
            ev = A.replay(_log_of(read_json(path)))
        except CorruptFile as err:
            raise LyceeError(_("{path} cannot be read ({reason}); open the event to recover it from a backup",
                               path=err.path, reason=err.reason)) from None
        if ev is None:
            raise LyceeError(_("event {id} has no data yet", id=event_id))
        return ev

    def history(self, event_id: str) -> list[dict]:
        """The audit trail as last written, without taking the lock."""
        acts = _log_of(read_json(self.event_path(event_id)))
        undone = A.undone_seqs(acts)
        return [{**a, "undone": a["seq"] in undone, "text": A.describe(a)} for a in acts]

    def resolve(self, ref: str) -> str:
        """An event id from an id, a unique id prefix or a unique name prefix;
        ``id:...`` / ``name:...`` say which (docs/names.md)."""
        return resolve_event(ref, self.event_ids(), lambda: [(s.id, s.name) for s in self.list_events()],
                             self.events_dir)

    # -- create / open / delete -------------------------------------------------
    def new_id(self, on: str) -> str:
        while True:
            eid = f"{on.replace('-', '')}-{secrets.token_hex(2)}"
            if not self.event_path(eid).exists():
                return eid

    def create(self, settings: dict, actor: str = "desk") -> "EventStore":
        """Create an event from its settings and return it open."""
        s = dict(settings)
        s.setdefault("date", self.clock().astimezone().date().isoformat())
        A.check_settings(s)  # fail before any file exists
        s["id"] = self.new_id(s["date"])
        store = self.open(s["id"], create=True)
        try:
            store.append("create", s, actor)
        except BaseException:
            store.close()
            raise
        return store

    def import_event(self, doc: dict, actor: str = "import") -> "EventStore":
        """Store an already validated lycee-event/1 document under a fresh id
        if its id is taken here."""
        from .eventfile import event_from_doc

        data = dict(doc)
        if not data.get("id") or (is_id(data["id"]) and self.event_path(data["id"]).exists()):
            data["id"] = self.new_id(data.get("date", "2000-01-01"))
        event_from_doc(data)  # validated: raises before anything is written
        store = self.open(data["id"], create=True)
        try:
            store.append("import", data, actor)
        except BaseException:
            store.close()
            raise
        return store

    def open(self, event_id: str, create: bool = False) -> "EventStore":
        path = self.event_path(event_id)
        if not create and not path.exists():
            raise NotFound(_("no event {event_id!r} in {events_dir}", event_id=event_id, events_dir=self.events_dir))
        return EventStore(self, event_id, clock=self.clock)

    def delete(self, event_id: str) -> None:
        store = self.open(event_id)  # takes the lock: refuses while open elsewhere
        try:
            store._db.close()
            for b in self.backups(event_id):
                b.unlink(missing_ok=True)
            store.path.unlink(missing_ok=True)
        finally:
            store.close()


def _log_of(data) -> list[dict]:
    if not data:
        return []
    table = data.get(LOG, {})
    return [table[k] for k in sorted(table, key=int)]


class EventStore:
    """One event, open for writing by this process alone."""

    def __init__(self, datadir: DataDir, event_id: str, clock: Clock = now_utc):
        self.datadir = datadir
        self.id = event_id
        self.clock = clock
        self.path = datadir.event_path(event_id)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.lock_path = self.path.with_name(f".{event_id}.lock")
        self.owner_path = self.path.with_name(f".{event_id}.owner")
        self._lock = FileLock(str(self.lock_path))
        self.recovered_from: Path | None = None
        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            raise EventLocked(self._held_message()) from None
        try:
            write_durably(self.owner_path, json.dumps({
                "pid": os.getpid(), "host": socket.gethostname(),
                "since": self.clock().isoformat(timespec="seconds")}))
            self._open_db()
        except BaseException:
            self._release()
            raise

    # -- lock ----------------------------------------------------------------
    def _held_message(self) -> str:
        who = _("another process")
        try:
            o = json.loads(self.owner_path.read_text(encoding="utf-8"))
            who = _("process {pid} on {host} (since {since})", pid=o["pid"], host=o["host"], since=o["since"])
        except (OSError, ValueError, KeyError):
            pass
        return _("event {event} is open in another window: {who}; close it there first", event=self.id, who=who)

    def _release(self) -> None:
        try:
            self.owner_path.unlink(missing_ok=True)
        finally:
            self._lock.release()

    # -- open / recover --------------------------------------------------------
    def _open_db(self) -> None:
        storage_path = self.path
        try:
            self._db = TinyDB(storage_path, storage=DurableStorage, append_only=(LOG,))
            self._actions = _log_of(self._db.storage.read())
        except CorruptFile as err:
            self._recover(err)
        self._event = A.replay(self._actions) if self._actions else None

    def _recover(self, err: CorruptFile) -> None:
        for backup in self.datadir.backups(self.id):
            try:
                data = read_json(backup)
                acts = _log_of(data)
                if not acts or A.replay(acts) is None:
                    continue
            except (CorruptFile, LyceeError, KeyError, TypeError):
                continue
            stamp = self.clock().strftime("%Y%m%dT%H%M%S")
            broken = self.path.with_name(f"{self.id}.broken-{stamp}.json.bad")
            os.replace(self.path, broken)
            write_durably(self.path, dumps(data))
            self.recovered_from = backup
            self.broken_copy = broken
            self._db = TinyDB(self.path, storage=DurableStorage, append_only=(LOG,))
            self._actions = _log_of(self._db.storage.read())
            return
        raise LyceeError(
            _("{path} cannot be read ({reason}) and no good backup exists; the file was left as it is", path=err.path, reason=err.reason)
        ) from None

    # -- reading -----------------------------------------------------------------
    @property
    def event(self) -> Event:
        if self._event is None:
            raise LyceeError(_("event {id} has no data yet", id=self.id))
        return self._event

    @property
    def actions(self) -> list[dict]:
        return list(self._actions)

    def history(self) -> Iterator[dict]:
        """The audit trail: every action with whether an undo took it back."""
        undone = A.undone_seqs(self._actions)
        for a in self._actions:
            yield {**a, "undone": a["seq"] in undone, "text": A.describe(a)}

    # -- writing -----------------------------------------------------------------
    def append(self, kind: str, data: dict, actor: str = "desk") -> Event:
        """Check ``kind`` against the rules, then store it durably.

        Raises before anything is written when the action is refused."""
        seq = (self._actions[-1]["seq"] + 1) if self._actions else 1
        act = {"seq": seq, "at": self.clock().isoformat(timespec="seconds"),
               "actor": actor, "type": kind, "data": data}
        check_action_text(kind, data)  # user text: docs/names.md (new actions only)
        if kind == "undo":
            new_event = A.replay(self._actions + [act])
        else:
            new_event = A.apply(self._event, act)
        try:
            dumps(act)
        except (TypeError, ValueError) as err:
            raise LyceeError(_("cannot store {kind}: {err}", kind=kind, err=err)) from None
        if kind == "pair" and self._actions:
            self._backup(data.get("round", 0))
        self._db.table(LOG).insert(act)
        self._actions.append(act)
        self._event = new_event
        return new_event

    def undo(self, actor: str = "desk") -> dict:
        """Take back the newest action in force; return it."""
        target = A.undo_target(self._actions)
        self.append("undo", {"target": target["seq"]}, actor)
        return target

    def _backup(self, round_number: int) -> None:
        text = self._db.storage.text
        if text is None:
            return
        bdir = self.datadir.backups_dir
        bdir.mkdir(parents=True, exist_ok=True)
        stamp = self.clock().strftime("%Y%m%dT%H%M%S%f")
        write_durably(bdir / f"{self.id}.r{round_number:02d}-{stamp}.json", text)
        for old in self.datadir.backups(self.id)[BACKUPS_KEPT:]:
            old.unlink(missing_ok=True)

    # -- closing -------------------------------------------------------------------
    def close(self) -> None:
        if getattr(self, "_closed", False):
            return
        self._closed = True
        try:
            db = getattr(self, "_db", None)
            if db is not None:
                db.close()
        finally:
            self._release()

    def __enter__(self) -> "EventStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def today(clock: Clock = now_utc) -> str:
    return clock().astimezone().date().isoformat()

