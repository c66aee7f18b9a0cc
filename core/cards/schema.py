"""The structure of a set file, checked with its JSON Schema.

``set-schema.json`` beside this module (JSON Schema 2020-12, shipped as
package data) is the one description of the ``lycee-set/1`` structure: which
keys, of which types, in which ranges.  ``docs/set-schema.json`` is a copy for
readers, kept equal to it by a test.  What a schema cannot say (a number's
prefix against the card type, duplicate numbers, rarities among the set's,
slots the cards can fill, the guideline's pack sizes) is checked in
:mod:`core.cards.sets`.

Every problem is worded as the rest of lycee words them: ``(where, what)``,
``where`` a path of keys and indexes (shown as ``$.cards[3].cost.snow``) and
``what`` a sentence through the catalog, so a Japanese user reads Japanese,
never jsonschema's English.

jsonschema is imported when a document is first checked, not when this module
is (the import alone costs 0.1-0.3 s): the shipped sample sets, checked by the
tests and by their generator, load without it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable
from datetime import date
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

from core.i18n import _, join_list

__all__ = [
    "SCHEMA_FILE",
    "DocPath",
    "Problems",
    "document_order",
    "is_valid",
    "json_path",
    "set_schema",
    "show_value",
    "structure_problems",
]

SCHEMA_FILE = "set-schema.json"

#: Where a problem is: the keys and list indexes from the document's root.
DocPath = tuple[str | int, ...]


class Problems:
    """Collects (place, what is wrong) so a file reports every problem at once."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []

    def add(self, where: str, what: str) -> None:
        self.items.append((where, what))


def show_value(v: Any) -> str:
    """A JSON value as a message shows it."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (dict, list)):
        return _("an object") if isinstance(v, dict) else _("a list")
    return repr(v)


def json_path(parts: Iterable[str | int], root: str = "$") -> str:
    """``("cards", 3, "cost")`` -> ``$.cards[3].cost``."""
    out = root
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


@lru_cache(maxsize=1)
def set_schema() -> dict[str, Any]:
    """The lycee-set/1 JSON Schema (read once)."""
    schema: dict[str, Any] = json.loads((files("core.cards") / SCHEMA_FILE).read_text(encoding="utf-8"))
    return schema


def _schema_of(definition: str) -> dict[str, Any]:
    """The schema of a whole set file (``"set"``) or of one of its ``$defs`` (``"card"``)."""
    schema = set_schema()
    if definition != "set":
        schema = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"}
    return schema


@cache
def _validator(definition: str) -> Any:
    """jsonschema's validator: slow (about 1 ms a card) but it finds every
    problem with its place, so it runs only on a document that failed."""
    import jsonschema  # here, not at the top: see the module docstring

    return jsonschema.Draft202012Validator(_schema_of(definition), format_checker=jsonschema.FormatChecker())


def _is_date(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


@cache
def _fast_check(definition: str) -> Callable[[Any], Any]:
    """The same schema compiled to Python by fastjsonschema: a valid file (the
    usual case) is checked in a few milliseconds, but it stops at the first
    problem and words it in English, so a failure goes to :func:`_validator`.
    The schema uses nothing that draft 7 (fastjsonschema's newest) reads
    differently from 2020-12; tests/test_cards.py checks the two agree."""
    import fastjsonschema  # lazy: the sample sets load without compiling a schema

    # a deep copy: fastjsonschema writes into the schema it compiles
    schema = dict(copy.deepcopy(_schema_of(definition)), **{"$schema": "http://json-schema.org/draft-07/schema#"})
    check: Callable[[Any], Any] = fastjsonschema.compile(schema, formats={"date": _is_date})
    return check


def is_valid(doc: Any, definition: str = "set") -> bool:
    """Whether ``doc`` holds to the schema (the fast check alone)."""
    from fastjsonschema import JsonSchemaException  # lazy: as in _fast_check

    try:
        _fast_check(definition)(doc)
    except JsonSchemaException:
        return False
    return True


def structure_problems(doc: Any, definition: str = "set") -> list[tuple[DocPath, str]]:
    """Every way ``doc`` breaks the schema (a whole set file, or one of its
    ``$defs`` such as ``"card"``), as (path, what), in document order; [] when
    it holds."""
    if is_valid(doc, definition):
        return []
    found: list[tuple[DocPath, str]] = []
    for error in _validator(definition).iter_errors(doc):
        for problem in _explain(error):
            if problem not in found:  # a bad date breaks its pattern and its format: say it once
                found.append(problem)
    return sorted(found, key=document_order)


def document_order(problem: tuple[DocPath, str]) -> list[tuple[int, int, str]]:
    """A sort key putting problems in the order of their places in the document."""
    return [(0, p, "") if isinstance(p, int) else (1, 0, p) for p in problem[0]]


# -- wording jsonschema's errors ------------------------------------------------------


def _definition(schema: Any) -> str | None:
    """The name of the ``$defs`` entry a failing subschema is, if it is one."""
    for name, sub in set_schema()["$defs"].items():
        if sub is schema:
            return name
    return None


def _missing(path: DocPath, required: list[str], inst: dict, props: dict) -> list[tuple[DocPath, str]]:
    """Each required key ``inst`` lacks (with the value it must have, when the schema fixes it)."""
    return [
        (
            path + (key,),
            _("missing (expected {schema!r})", schema=props[key]["const"])
            if "const" in props.get(key, {})
            else _("missing"),
        )
        for key in required
        if key not in inst
    ]


def _unknown_keys(path: DocPath, inst: dict, known: dict) -> list[tuple[DocPath, str]]:
    """Each key of ``inst`` the schema does not know (extension keys ``x-...`` aside)."""
    return [
        (path + (key,), _("unknown key (extension keys start with x-)"))
        for key in inst
        if key not in known and not str(key).startswith("x-")
    ]


def _explain(error: Any) -> list[tuple[DocPath, str]]:
    """The problems one jsonschema error stands for, in the catalog's words."""
    path: DocPath = tuple(error.absolute_path)
    if error.validator == "propertyNames" or "propertyNames" in error.relative_schema_path:
        path += (error.instance,)  # the key itself is wrong: said at the key
    explain = _EXPLAIN.get(error.validator, _keyword_problem)
    return explain(error, path)


def _missing_keys(error: Any, path: DocPath) -> list[tuple[DocPath, str]]:
    return _missing(path, error.validator_value, error.instance, error.schema.get("properties", {}))


def _unknown_keys_of(error: Any, path: DocPath) -> list[tuple[DocPath, str]]:
    return _unknown_keys(path, error.instance, error.schema.get("properties", {}))


def _wrong_type(error: Any, path: DocPath) -> list[tuple[DocPath, str]]:
    return [(path, _type_message(error.validator_value, error.instance, _definition(error.schema), path))]


def _listed_twice(error: Any, path: DocPath) -> list[tuple[DocPath, str]]:
    return _duplicates(path, error.instance)


def _keyword_problem(error: Any, path: DocPath) -> list[tuple[DocPath, str]]:
    """Any other keyword: the catalog's sentence for it, else jsonschema's own words."""
    return [(path, _message(error) or error.message)]


#: How an error of each of these keywords is told (the others: :func:`_keyword_problem`).
_EXPLAIN = {
    "required": _missing_keys,
    "additionalProperties": _unknown_keys_of,
    "type": _wrong_type,
    "uniqueItems": _listed_twice,
}


def _type_message(expected: str | list[str], inst: Any, named: str | None, path: DocPath) -> str:
    got = show_value(inst)
    if named == "date":
        return _("expected a date YYYY-MM-DD, got {got}", got=got)
    if named == "character_only":
        return _("only characters have {stat}", stat=str(path[-1]).upper())
    kinds = [expected] if isinstance(expected, str) else list(expected)
    if kinds == ["object", "null"]:
        return _("expected an object or null, got {got}", got=got)
    kind = next((k for k in kinds if k != "null"), "null")  # null stands for "absent": no need to offer it
    return _kind_message(kind, got)


def _kind_message(kind: str, got: str) -> str:
    """The sentence for a value that is not of the JSON type ``kind``."""
    sentences = {
        "integer": _("expected an integer, got {got}", got=got),
        "number": _("expected a number, got {got}", got=got),
        "string": _("expected a string, got {got}", got=got),
        "boolean": _("expected true or false, got {got}", got=got),
        "array": _("expected a list, got {got}", got=got),
        "object": _("expected an object, got {got}", got=got),
    }
    return sentences.get(kind) or _("expected null, got {got}", got=got)


def _duplicates(path: DocPath, items: list[Any]) -> list[tuple[DocPath, str]]:
    seen: list[Any] = []
    out: list[tuple[DocPath, str]] = []
    for i, x in enumerate(items):
        if x in seen:
            out.append((path + (i,), _("{x!r} listed twice", x=x)))
        else:
            seen.append(x)
    return out


def _message(error: Any) -> str | None:
    """The catalog's sentence for one failed keyword; None: jsonschema's own words."""
    say = _KEYWORD_MESSAGES.get(error.validator)
    return say(error) if say is not None else None


def _enum_message(error: Any) -> str:
    return _("{got} is not one of {items}", got=show_value(error.instance), items=join_list(error.validator_value))


def _const_message(error: Any) -> str:
    return _("{got} is not {schema!r}", got=show_value(error.instance), schema=error.validator_value)


def _bound_message(error: Any) -> str:
    return _range_message(error.instance, error.schema)


def _empty_message(error: Any) -> str:
    return _("must not be empty")


def _one_of_message(error: Any) -> str | None:
    """Only a starter's oneOf (cards or slots) has words of its own."""
    if _definition(error.schema) != "starter":
        return None
    return _('a starter has either "cards" (a fixed list) or "slots", not both or neither')


def _pattern_message(error: Any) -> str:
    """The sentence for a string that does not match its pattern (or format), by what it names."""
    pattern, inst, named = error.validator_value, error.instance, _definition(error.schema)
    if named == "date":
        return _("{v!r} is not a date YYYY-MM-DD", v=inst)
    if named == "number":
        return _("{number!r} is not a card number like CH-0063 (optional letter suffix: CH-0063A)", number=inst)
    if named == "code":
        return _("{code!r}: use 1-32 letters, digits, - or _", code=inst)
    if named == "text":
        return _("must not be empty")
    return _("{got} does not match {pattern}", got=show_value(inst), pattern=pattern)


#: The catalog's sentence for each keyword that has one.
_KEYWORD_MESSAGES = {
    "enum": _enum_message,
    "const": _const_message,
    "minimum": _bound_message,
    "maximum": _bound_message,
    "exclusiveMinimum": _bound_message,
    "minLength": _empty_message,
    "minItems": _empty_message,
    "pattern": _pattern_message,
    "format": _pattern_message,
    "oneOf": _one_of_message,
}


def _range_message(v: Any, schema: dict[str, Any]) -> str:
    hi = schema.get("maximum")
    if "exclusiveMinimum" in schema:
        lo = schema["exclusiveMinimum"]
        if hi is not None:
            return _("expected more than {lo} and at most {hi}, got {got}", lo=lo, hi=hi, got=show_value(v))
        return _("expected more than {lo}, got {got}", lo=lo, got=show_value(v))
    lo = schema.get("minimum")
    if lo is not None and hi is not None:
        return _("{v} is out of range {lo}..{hi}", v=v, lo=lo, hi=hi)
    if lo is not None:
        return _("{v} is below {lo}", v=v, lo=lo)
    return _("{v} is above {hi}", v=v, hi=hi)
