"""``python -m core.rules.eventfile``: print the JSON Schema of the lycee-event/1
file, made from the model (docs/event-schema.json is this output)."""

from core.rules.eventfile.model import schema_text

print(schema_text(), end="")
