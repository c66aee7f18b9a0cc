"""The deck library: decks saved from the deck builder, with their pools.

``<data dir>/library.json``: a TinyDB file written through
core.store.storage.DurableStorage (temp file, fsync, atomic replace), one document
a saved deck in the table ``decks``, keyed by its name (saving under a name
replaces that deck)::

    {"schema": "lycee-library-deck/1", "name": "...", "set": "alpha",
     "kind": "sealed" | "draft", "packs": 4 | null, "product": "1s3b" | null,
     "seed": 123 | null, "match": "bo3" | "bo1",
     "pool": ["CH-5001", ...], "deck": {"CH-5001": 2, ...}, "spare": {...},
     "saved": "2024-05-01T10:00:00+00:00"}

Each save or read opens the file under a lock file (``library.json.lock``)
and closes it again, so two windows never write over each other.  The pool
is kept with the deck, so a loaded deck is checked against the cards it was
built from (limited.deckstate.DeckState.from_doc).

Export: ``<data dir>/decks/NAME.txt``, decklist text (core.cards.decks.decklist_to_text,
docs/cards.md) under a ``#`` comment naming the set, format and seed
(:func:`export_text`); ``lycee``'s deck check and any text editor read it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout
from tinydb import Query, TinyDB

from core.cards.decks import decklist_to_text
from core.errors import LyceeError
from core.i18n import _
from core.labels import kind_label
from core.paths import PRIVATE_FILE, private_dir
from core.store.storage import CorruptFile, DurableStorage, write_durably

from .deckstate import LIBRARY_SCHEMA, DeckState
from .facts import catalog_for

LIBRARY_FILE = "library.json"


def slug(name: str) -> str:
    """A file name from a deck name (letters of any script, digits, - and _)."""
    return re.sub(r"[^\w\-]+", "-", name, flags=re.UNICODE).strip("-")[:60] or "deck"


def export_text(state: DeckState) -> str:
    """The deck as decklist text under a comment naming set, format and seed."""
    head = _(
        "# {name} · set {set} ({version}) · {kind} · seed {seed}",
        name=state.name,
        set=state.cs.code,
        version=state.cs.version,
        kind=kind_label(state.kind),
        seed=state.seed if state.seed is not None else "-",
    )
    return head + "\n" + decklist_to_text(state.decklist(), catalog_for(state.cs))


class Library:
    """Saved decks in ``<data dir>/library.json`` (see the module docstring)."""

    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.path = self.root / LIBRARY_FILE
        self.decks_dir = self.root / "decks"

    @contextmanager
    def _table(self) -> Iterator:
        private_dir(self.root, narrow=False)  # the data dir: made 0700 when missing
        lock = FileLock(str(self.path) + ".lock", timeout=5, mode=PRIVATE_FILE)
        try:
            lock.acquire()
        except Timeout:
            raise LyceeError(_("the library {path} is busy in another window; try again", path=self.path)) from None
        try:
            db = TinyDB(self.path, storage=DurableStorage)
            try:
                yield db.table("decks")
            finally:
                db.close()
        except CorruptFile as err:
            raise LyceeError(
                _(
                    "the library {path} does not parse ({reason}); it was left as it is",
                    path=self.path,
                    reason=err.reason,
                )
            ) from None
        finally:
            lock.release()

    def decks(self) -> list[dict]:
        """Every saved deck, newest first."""
        with self._table() as t:
            docs = [dict(d) for d in t.all()]
        return sorted(docs, key=lambda d: d.get("saved", ""), reverse=True)

    def save(self, doc: dict) -> None:
        with self._table() as t:
            t.upsert(doc, Query().name == doc["name"])

    def remove(self, name: str) -> None:
        with self._table() as t:
            t.remove(Query().name == name)

    def export(self, name: str, text: str) -> Path:
        """Write decklist text to ``decks/NAME.txt``; returns the path."""
        private_dir(self.decks_dir)
        path = self.decks_dir / f"{slug(name)}.txt"
        write_durably(path, text)
        return path


__all__ = ["LIBRARY_FILE", "LIBRARY_SCHEMA", "Library", "export_text", "slug"]
