"""Crash-safe TinyDB storage (docs/storage.md).

TinyDB's stock ``JSONStorage`` rewrites its file in place: a power cut in the
middle of a write can leave half a file.  :class:`DurableStorage` instead

1. serialises the whole database first (a value JSON cannot hold fails here,
   before the disk is touched, and the in-memory copy is put back);
2. writes a temporary file in the same folder and fsyncs it;
3. ``os.replace``-s it over the old file (atomic on POSIX and Windows) and
   fsyncs the folder, so the rename itself survives a power cut;
4. keeps the data in memory, so reads never re-parse the file.

Tables named ``append_only`` (an event's action log) hold documents that are
never changed once written, so each document's JSON text is cached and a
write only encodes what is new: the cost of a write grows with the file's
bytes, not with re-encoding every old action.  Output is byte-for-byte what
``json.dumps`` of the whole database gives.

A reader therefore always sees either the old or the new file, never a mix.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from tinydb.storages import Storage


class CorruptFile(Exception):
    """The file exists but does not hold a JSON document."""

    def __init__(self, path: Path, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: not a readable event file ({reason})")


from core.paths import private_dir  # noqa: E402
from core.store.journal import fsync_dir, write_durably  # noqa: E402,F401  (one implementation of each)


def read_json(path: Path):
    """Parse ``path``; raise :class:`CorruptFile` when it is not JSON."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise CorruptFile(path, str(err)) from None


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class DurableStorage(Storage):
    """A TinyDB storage that never leaves a torn file behind (see module doc)."""

    def __init__(self, path: str | os.PathLike, create_dirs: bool = True, append_only: tuple[str, ...] = ()):
        self.path = Path(path)
        if create_dirs:
            private_dir(self.path.parent, narrow=False)
        self._data: dict | None = None
        self._text: str | None = None
        self._loaded = False
        self._append_only = set(append_only)
        # table -> doc_id -> (the document object, its JSON text)
        self._cache: dict[str, dict[str, tuple[dict, str]]] = {}

    def _encode(self, data: dict) -> str:
        if not self._append_only:
            return dumps(data)
        parts = []
        for table, docs in data.items():
            if table not in self._append_only or not isinstance(docs, dict):
                parts.append(f"{dumps(table)}:{dumps(docs)}")
            else:
                parts.append(f"{dumps(table)}:{{{self._encode_cached(table, docs)}}}")
        return "{" + ",".join(parts) + "}"

    def _encode_cached(self, table: str, docs: dict) -> str:
        """An append-only table's documents as JSON members, each encoded once while it is the same object."""
        cache = self._cache.setdefault(table, {})
        items = []
        for doc_id, doc in docs.items():
            hit = cache.get(doc_id)
            if hit is None or hit[0] is not doc:
                hit = (doc, dumps(doc))
                cache[doc_id] = hit
            items.append(f"{dumps(doc_id)}:{hit[1]}")
        if len(cache) > len(docs):  # documents were removed
            for gone in set(cache) - set(docs):
                del cache[gone]
        return ",".join(items)

    def read(self):
        if not self._loaded:
            data = read_json(self.path)
            if data is not None and not isinstance(data, dict):
                raise CorruptFile(self.path, "the top level is not an object")
            self._data = data
            self._text = None if data is None else self._encode(data)
            self._loaded = True
        return self._data

    def write(self, data) -> None:
        try:
            text = self._encode(data)
        except (TypeError, ValueError):
            # TinyDB changed our in-memory copy in place before calling us:
            # put the last good state back, then let the error through.
            self._data = json.loads(self._text) if self._text else None
            self._cache.clear()
            if self._data is not None:
                self._encode(self._data)
            raise
        write_durably(self.path, text)
        self._data = data
        self._text = text
        self._loaded = True

    @property
    def text(self) -> str | None:
        """The exact JSON text last read or written."""
        return self._text

    def close(self) -> None:
        pass
