"""Where events live: one journal per event in the data dir (docs/storage.md).

- ``DataDir`` finds the folder (``--data-dir``, ``LYCEE_DATA_DIR``, or the
  platform's user data dir) and lists, creates, opens, reads and deletes events.
- ``EventStore`` is one event open for writing.  It holds a lock file for as
  long as it is open (the app refuses a second writer at once, naming the
  process that holds it; a command-line writer waits for it a few seconds,
  ``LYCEE_LOCK_WAIT``), and appends each batch of actions as one durable
  journal record (:mod:`core.store.journal`) under one lock, so sequence numbers are
  assigned by one writer even when the app's pairing worker and its key
  handlers write at once.
- Opening reads the newest checkpoint and replays only the journal's tail.
- Reading (``DataDir.read``, ``history``, ``list_events``) takes no lock and
  writes nothing: a damaged journal is shown as far as it is intact, with a
  note saying how to recover.  A writer cuts only a torn last record (what a
  crash leaves): it keeps the journal up to its last intact record (failing
  that, the backup with the highest round and sequence, never the newest file
  time), keeps the damaged file beside it and says what was lost in ``lycee
  log`` wording.  Damage in the middle stops writers (:class:`JournalDamaged`);
  only ``lycee repair`` (:meth:`DataDir.repair_journal`, :func:`rebuild`)
  rebuilds such a journal, keeping every intact record after the damage.
- Event files written before the journal (``<id>.json``, one TinyDB document)
  are read as they are and turned into a journal by the first writer.
"""

from core.store.datadir import DataDir, EventSummary, ReadOnlyStore, WriteNeeded
from core.store.eventstore import (
    BACKUPS_KEPT,
    CHECKPOINT_TAIL,
    CHECKPOINTS_KEPT,
    EventStore,
    now_utc,
    today,
)
from core.store.lock import DESKS, LOCK_WAIT, host_name, lock_wait
from core.store.repair import Rebuilt, rebuild
from core.store.replay import Folded, fold
from core.store.trail import (
    Ignored,
    InvalidAction,
    JournalDamaged,
    act_text,
    act_words,
    describe_batch,
    history_rows,
    ignored_note,
    join_notes,
    lost_lines,
    trail_query,
)

__all__ = [
    "BACKUPS_KEPT",
    "CHECKPOINTS_KEPT",
    "CHECKPOINT_TAIL",
    "DESKS",
    "LOCK_WAIT",
    "DataDir",
    "EventStore",
    "EventSummary",
    "Folded",
    "Ignored",
    "InvalidAction",
    "JournalDamaged",
    "ReadOnlyStore",
    "Rebuilt",
    "WriteNeeded",
    "act_text",
    "act_words",
    "describe_batch",
    "fold",
    "history_rows",
    "host_name",
    "ignored_note",
    "join_notes",
    "lock_wait",
    "lost_lines",
    "now_utc",
    "rebuild",
    "today",
    "trail_query",
]
