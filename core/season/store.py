"""Where seasons are kept (issue 47): ``<data dir>/seasons/seasons.json``, a
TinyDB file written as the card list is (core/store/cardstore.py): under a
lock file (filelock), the whole file serialised first, then a temp file in
the same private folder, fsync, rename, fsync of the folder
(core.store.journal.write_durably, as core.store.storage.DurableStorage), so a change is stored whole or not at
all, and a kill mid-write leaves the file as it was.  Folder 0700, file 0600.

Tables: ``seasons`` (one document a season: its id, name, rule, best N, min
events, ratings, and its events by key, ``{"key", "local": EVENT_ID}`` for an
event of this data folder or ``{"key", "imported": true}``) and ``imported``
(one document an imported event: ``{"season", "key", "source", "summary"}``,
the summary of core.season.results as the file had it; importing the same
event again replaces it).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec
from filelock import FileLock, Timeout

from core.errors import LyceeError
from core.i18n import _
from core.paths import PRIVATE_FILE, private_dir
from core.store.journal import write_durably

__all__ = ["SeasonFile", "next_key", "submissions_file"]


def next_key(table: dict[str, Any]) -> str:
    """The next free numeric key of a table of a season file (TinyDB's document ids)."""
    return str(1 + max((int(k) for k in table), default=0))


class SeasonFile:
    """The seasons of the data folder ``root``."""

    def __init__(self, root: str | os.PathLike, folder: str = "seasons", name: str = "seasons.json"):
        self.root = Path(root)
        self.dir = self.root / folder
        self.path = self.dir / name

    def read(self) -> dict[str, Any]:
        """What is stored (no lock: a write replaces the file whole)."""

        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        try:
            data = msgspec.json.decode(raw)
        except msgspec.DecodeError as err:
            raise LyceeError(self._corrupt(err)) from None
        if not isinstance(data, dict):
            raise LyceeError(self._corrupt(_("expected a JSON object")))
        return data

    def _corrupt(self, reason) -> str:
        return _(
            "the season file {path} does not parse ({reason}); it was left as it is: move it aside "
            "(a backup copy) and make the seasons again",
            path=self.path,
            reason=reason,
        )

    @contextmanager
    def writing(self) -> Iterator[dict[str, Any]]:
        """The stored tables, under the lock; what the caller leaves in them is
        written when the block ends without an error (else nothing is)."""

        private_dir(self.dir)
        lock = FileLock(str(self.path) + ".lock", timeout=5, mode=PRIVATE_FILE)
        try:
            lock.acquire()
        except Timeout:
            raise LyceeError(
                _("the season file {path} is busy (another command?); try again", path=self.path)
            ) from None
        try:
            data = self.read()
            yield data
            try:
                # the TinyDB file's JSON, encoded by msgspec (a season of 500 events: 3 MB in
                # milliseconds), then written as core.store.storage.DurableStorage writes
                write_durably(self.path, msgspec.json.encode(data))
                os.chmod(self.path, PRIVATE_FILE)
            except OSError as err:
                raise LyceeError(
                    _(
                        "cannot write the season file {path} ({reason}); nothing was stored",
                        path=self.path,
                        reason=err.strerror or err,
                    )
                ) from None
        finally:
            lock.release()


def submissions_file(root: str | os.PathLike) -> SeasonFile:
    """``<data dir>/submissions/submissions.json`` (the same durable writes): table
    ``written``, one document an event whose submission was written (its id,
    when, where), read for each finished event's return deadline."""
    return SeasonFile(root, "submissions", "submissions.json")
