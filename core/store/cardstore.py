"""Writing the store's card list (core.cards.cardlist says what is kept and how it is read).

``<data dir>/cards/cards.json``: a TinyDB file written through
core.store.storage.DurableStorage (the whole file serialised first, a temp file
in the same folder, fsync, rename, fsync of the folder), under a lock file
(``cards.json.lock``, filelock), so an import is stored whole or not at all
and two imports never write over each other.  The folder is private (0700),
the file too (0600): the temp file is made inside the private folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from core.cards import cardlist
from core.cards.cardlist import ImportReport, Stored
from core.errors import LyceeError
from core.i18n import _
from core.store.storage import DurableStorage

if TYPE_CHECKING:
    from core.cards.model import CardSet
    from core.cards.official import OfficialList

__all__ = ["CardList"]


class CardList:
    """The card list of the data folder ``root``."""

    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)
        self.path = cardlist.card_list_path(self.root)
        self.dir = self.path.parent

    def read(self) -> Stored:
        """What is stored (no lock)."""
        return cardlist.read_stored(self.root)

    @contextmanager
    def _writing(self) -> Iterator[tuple[Any, dict[str, Any]]]:
        """(storage, its current tables) under the lock."""
        # lazy: filelock, which only a writer on a system without fcntl needs
        from filelock import FileLock, Timeout

        self.dir.mkdir(parents=True, exist_ok=True)
        os.chmod(self.dir, 0o700)
        lock = FileLock(str(self.path) + ".lock", timeout=5, mode=0o600)
        try:
            lock.acquire()
        except Timeout:
            raise LyceeError(_("the card list {path} is busy (another import?); try again", path=self.path)) from None
        try:
            storage = DurableStorage(self.path)
            try:
                # read here, not through storage.read(), which would encode it all once more
                raw = msgspec.json.decode(self.path.read_bytes()) if self.path.exists() else {}
                if not isinstance(raw, dict):
                    raise msgspec.DecodeError(_("expected a JSON object"))
            except msgspec.DecodeError as err:
                raise LyceeError(
                    _(
                        "the card list {path} does not parse ({reason}); it was left as it is: "
                        "move it aside and import the list again",
                        path=self.path,
                        reason=err,
                    )
                ) from None
            yield storage, raw
        finally:
            lock.release()

    def _write(self, storage: Any, data: dict[str, Any]) -> None:
        try:
            storage.write(data)  # the temp file is removed when this fails: the old file stands
            os.chmod(self.path, 0o600)
        except OSError as err:
            raise LyceeError(
                _(
                    "cannot write the card list {path} ({reason}); nothing was stored",
                    path=self.path,
                    reason=err.strerror or err,
                )
            ) from None
        finally:
            cardlist.forget(self.path)

    def import_official(self, listed: OfficialList, today: date) -> ImportReport:
        """Store every card of an official list, or nothing (core.cards.cardlist.plan_official)."""
        with self._writing() as (storage, raw):
            data, report = cardlist.plan_official(raw, listed, today)
            self._write(storage, data)
        return report

    def import_set(self, cs: CardSet, source: str, today: date) -> ImportReport:
        """Store a lycee-set/1 set (core.cards.cardlist.plan_set)."""
        with self._writing() as (storage, raw):
            data, report = cardlist.plan_set(raw, cs, source, today)
            self._write(storage, data)
        return report

    def set_on_sale(self, product: str, day: date) -> tuple[str, date | None, date]:
        """Set or replace a product's on-sale date: (the product's name, old, new)."""
        with self._writing() as (storage, raw):
            data, name, old = cardlist.plan_on_sale(raw, product, day)
            self._write(storage, data)
        return name, old, day
