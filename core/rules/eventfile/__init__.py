"""The ``lycee-event/1`` file (docs/eventfile.md): export and checked import.

``to_doc(event)`` gives the document; ``event_from_doc(doc)`` checks every
field and raises :class:`~core.errors.ValidationError` listing every problem
with its JSON path.  ``event_from_doc(to_doc(e)) == e``.

The package, by concern:

- :mod:`.model`: the format as msgspec Structs with their bounds (the one
  description: validation, serialisation, and the JSON Schema for other tools);
- :mod:`.export`: an event as its document;
- :mod:`.structure`: a document read by the model, every problem at its JSON path;
- :mod:`.check`: what the model cannot say (ids that exist, a table once a
  round, times, limited records, docs/names.md on a file being imported);
- :mod:`.replay`: the document as the desk's actions, applied by the reducers;
- :mod:`.load`: the bounded read, the parse, and :func:`event_from_doc`.
"""

from core.rules.eventfile.export import to_doc, to_struct
from core.rules.eventfile.load import (
    MAX_MB,
    event_from_doc,
    load_doc,
    max_bytes,
    parse_doc,
    read_capped,
    stored_form,
)
from core.rules.eventfile.model import MAX_INT, MAX_ITEMS, SCHEMA_TAG, EventFile, StrictEventFile, json_schema
from core.rules.eventfile.replay import Results, Step, doc_actions
from core.rules.eventfile.structure import fast_valid, json_path, structure_problems

__all__ = [
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_MB",
    "SCHEMA_TAG",
    "EventFile",
    "Results",
    "Step",
    "StrictEventFile",
    "doc_actions",
    "event_from_doc",
    "fast_valid",
    "json_path",
    "json_schema",
    "load_doc",
    "max_bytes",
    "parse_doc",
    "read_capped",
    "stored_form",
    "structure_problems",
    "to_doc",
    "to_struct",
]
