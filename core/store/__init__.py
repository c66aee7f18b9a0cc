"""Where events are kept: the data directory and its event stores
(:mod:`core.store.store`), the journal file format (:mod:`core.store.journal`)
and the file helpers (:mod:`core.store.storage`)."""

from core.store.store import DataDir, EventStore, JournalDamaged, today

__all__ = ["DataDir", "EventStore", "JournalDamaged", "today"]
