"""Where events are kept: the data directory and its event stores
(:mod:`core.store.store`), the journal file format (:mod:`core.store.journal`)
and the file helpers (:mod:`core.store.storage`; a private file or folder:
:func:`core.paths.private_dir` and :func:`core.paths.open_private`, also here)."""

from core.paths import open_private, private_dir
from core.store.store import DataDir, EventStore, JournalDamaged, today

__all__ = ["DataDir", "EventStore", "JournalDamaged", "open_private", "private_dir", "today"]
