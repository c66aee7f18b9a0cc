"""The actions of one journal record as the store appends them: typed
entries (:class:`core.store.journal.Entry`, each payload's ``data`` encoded
once) beside their payload Structs, and the event after them."""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from core import rules
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _
from core.log.actions import Action, Pair
from core.store.journal import Entry, data_json, dumps, encode_entries, json_bytes


def trail_of(entry: Entry) -> dict:
    """An entry as the audit trail holds it (what a reader of the journal gets)."""
    return msgspec.json.decode(msgspec.json.encode(entry))


@dataclass
class Batch:
    """The actions of one record being appended: typed entries (each with
    its payload's ``data`` encoded once), their payload Structs, and the
    event after them."""

    event: Event | None
    #: An import's record: its JSON is msgspec's wherever it reads back the same (encode_record).
    importing: bool = False
    entries: list[Entry] = field(default_factory=list)
    payloads: list[Action] = field(default_factory=list)

    def raw(self, payload: Action) -> msgspec.Raw:
        return msgspec.Raw(data_json(payload, any_float=not self.importing))

    def builtins(self, value) -> bytes:
        raw = json_bytes(value, any_float=False)
        return raw if raw is not None else dumps(value).encode("utf-8")

    def add(self, entry: Entry, payload: Action, event: Event) -> None:
        self.entries.append(entry)
        self.payloads.append(payload)
        self.event = event

    def trail(self) -> list[dict]:
        return [trail_of(e) for e in self.entries]

    def first_round_paired(self) -> int | None:
        """The round of the first ``pair`` of the batch (a backup is made before it), or None."""
        return next((p.round for p in self.payloads if isinstance(p, Pair)), None)

    def founds(self) -> bool:
        """Whether the batch makes the event exist (``create``, ``import``)."""
        return any(e.type in rules.FOUNDING for e in self.entries)


def encoded(batch: Batch) -> bytes:
    """``batch`` as one journal record; a value JSON cannot hold is refused, naming the action's kind."""
    try:
        return encode_entries(batch.entries)
    except (TypeError, ValueError) as err:
        raise LyceeError(_("cannot store {kind}: {err}", kind=batch.entries[0].type, err=err)) from None
