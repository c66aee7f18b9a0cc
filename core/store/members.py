"""Writing the store and its member list (core.rules.members says what is kept and how it changes).

``<data dir>/members/members.json``: one TinyDB file (members, numbers
retired, the store, the log) written through
core.store.storage.DurableStorage (the whole file serialised first, a temp
file in the same folder, fsync, rename, fsync of the folder), under a lock
file (``members.json.lock``, filelock), so a change is stored whole or not at
all and two writers never write over each other.  The folder is private
(0700), the file too (0600), as the card list's (core.store.cardstore).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _
from core.paths import private_dir, private_mode
from core.rules import members as rules
from core.rules.memberhistory import HistoryRow, history_rows
from core.rules.members import Member
from core.store.storage import DurableStorage

__all__ = ["MemberList"]

T = TypeVar("T")


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


class MemberList:
    """The store and the member list of the data folder ``root``."""

    def __init__(self, root: str | os.PathLike, clock: Callable[[], str] = _now):
        self.root = Path(root)
        self.path = rules.members_path(self.root)
        self.clock = clock

    def read(self) -> dict[str, Any]:
        """What is stored (no lock)."""
        return rules.read_raw(self.root)

    @contextmanager
    def _writing(self) -> Iterator[dict[str, Any]]:
        # lazy: filelock, which only a writer on a system without fcntl needs
        from filelock import FileLock, Timeout

        try:
            private_dir(self.path.parent)
        except OSError as err:
            raise LyceeError(
                _("cannot write the member list {path} ({reason}); nothing was stored", path=self.path, reason=err)
            ) from None
        lock = FileLock(str(self.path) + ".lock", timeout=5, mode=0o600)
        try:
            lock.acquire()
        except Timeout:
            raise LyceeError(_("the member list {path} is busy (another change?); try again", path=self.path)) from None
        try:
            yield rules.read_raw(self.root)
        finally:
            lock.release()

    def _change(self, plan: Callable[[dict[str, Any], str], tuple[dict[str, Any], T]]) -> T:
        """Apply ``plan`` (tables, time) -> (new tables, answer) under the lock and store the result durably."""

        with self._writing() as raw:
            data, answer = plan(raw, self.clock())
            try:
                DurableStorage(self.path, create_dirs=False).write(data)  # the old file stands when this fails
                private_mode(self.path)
            except OSError as err:
                raise LyceeError(
                    _(
                        "cannot write the member list {path} ({reason}); nothing was stored",
                        path=self.path,
                        reason=err.strerror or err,
                    )
                ) from None
        return answer

    # -- the store --------------------------------------------------------------------------
    def set_store(self, name: str, number: str | None = None, place: str | None = None) -> dict[str, str]:
        def plan(raw, at):
            out = rules.plan_store(raw, name, number, place, at)
            return out, rules.store_of(out)

        return self._change(plan)

    def store(self) -> dict[str, str] | None:
        return rules.store_of(self.read())

    # -- members ----------------------------------------------------------------------------
    def members(self) -> list[Member]:
        return rules.listed(self.read())

    def add(
        self, name: str, reading: str | None = None, number: str | None = None, same_name_ok: bool = True
    ) -> tuple[Member, list[Member]]:
        """(the new member, members of the same name before; refused without ``same_name_ok``)."""

        def plan(raw, at):
            out, m, others = rules.plan_add(raw, name, reading, number, at, same_name_ok)
            return out, (m, others)

        return self._change(plan)

    def remove(self, number: str) -> Member:
        return self._change(lambda raw, at: rules.plan_remove(raw, number, at))

    def rename(
        self, number: str, name: str, reading: str | None = None, keep_reading: bool = True
    ) -> tuple[Member, Member, list[Member]]:
        def plan(raw, at):
            out, old, new, others = rules.plan_rename(raw, number, name, reading, at, keep_reading)
            return out, (old, new, others)

        return self._change(plan)

    def merge(self, a: str, b: str) -> tuple[Member, Member]:
        def plan(raw, at):
            out, kept, gone = rules.plan_merge(raw, a, b, at)
            return out, (kept, gone)

        return self._change(plan)

    def import_csv(self, path: str | os.PathLike) -> list[Member]:
        """Every row of a CSV (UTF-8 or Shift_JIS), or none."""
        source = str(path)
        try:
            data = Path(path).read_bytes()
        except OSError as err:
            raise LyceeError(_("cannot read {file} ({reason})", file=source, reason=err.strerror or err)) from None
        rows = rules.parse_csv(rules.decode_csv(data, source), source)
        if not rows:
            raise LyceeError(_("{file}: no members in it: nothing was imported", file=source))
        return self._change(lambda raw, at: rules.plan_import(raw, rows, source, at))


def member_history(dd: Any, number: str) -> tuple[Member | None, str, list[HistoryRow]]:
    """(the member or None when removed, the number, their events newest
    first) from every event of the data folder ``dd`` (core.store.DataDir),
    read without a lock.  An unknown number (never given) is a LyceeError."""
    raw = rules.read_raw(dd.root)
    n = rules.check_number(number)
    m = _listed(raw, n)
    r = rules.retired(raw, n)
    if m is None and r is None:
        raise LyceeError(_("no member has the number {number} (`lycee members list` lists them)", number=n))
    if r is not None and r.get("merged_into"):
        n = rules.resolve(raw, n)
        m = _listed(raw, n)
    numbers = rules.numbers_of(raw, n)
    return m, n, history_rows(_events_of(dd, numbers), numbers)


def _listed(raw, number: str) -> Member | None:
    """The listed member of ``number``; None for a number removed or merged."""
    return next((x for x in rules.listed(raw) if x.number == number), None)


def _events_of(dd: Any, numbers) -> Iterator[Event]:
    """The data folder's events with a player of these member numbers (a damaged event left out: lycee repair
    names it)."""
    for eid in dd.event_ids():
        try:
            ev, _note = dd.read_view(eid)
        except Exception:  # a damaged event is left out here (lycee repair names it)
            continue
        if any(p.member in numbers for p in ev.players):
            yield ev
