"""The structure of a ``lycee-event/1`` document, read by its model (:mod:`.model`).

A document has the format's structure when ``msgspec.convert`` reads it as the
model with ``strict=True`` (whole numbers are never ``2.0``, ``-0.0`` or
``true``): :func:`fast_valid`, one pass in C.  msgspec stops at the first
problem, so a document it refuses is walked along the model
(:func:`structure_problems`) to name every problem at its JSON path, each
worded from msgspec's own finding (:func:`_word`): the model is the only
description of the format.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import msgspec
from msgspec import Struct, UnsetType

from core.cards.model import CARD_NUMBER_PATTERN
from core.i18n import _, join_list
from core.names import ID_PATTERN, visible
from core.rules.eventfile.model import MAX_ITEMS, MEMBER_PATTERN, model

#: A place in a document: keys and list indexes from the top.
Parts = tuple[str | int, ...]


def json_path(parts) -> str:
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def _first_problem(value: Any, tp: Any) -> tuple[str, str] | None:
    """msgspec's first finding reading ``value`` as ``tp``: (what, where below), or None."""
    try:
        msgspec.convert(value, type=tp, strict=True)
    except msgspec.ValidationError as err:
        what, _sep, where = str(err).partition(" - at `")
        return what, where.rstrip("`") or "$"
    return None


def fast_valid(doc: Any, strict: bool) -> bool:
    """Whether ``doc`` has the structure (strict: of a file being imported)."""
    return _first_problem(doc, model(strict)) is None and not (strict and _free_lists(doc))


def structure_problems(
    doc: Any, strict: bool = False, limit: int = 50, fast: bool | None = None
) -> list[tuple[str, str]]:
    """Every way ``doc`` does not have the lycee-event/1 structure, as (JSON
    path, what), at most ``limit``, in the order of their paths: missing and
    unknown keys, values of the wrong type (a float or a boolean where a whole
    number belongs), values outside their bounds.  ``strict`` (a file being
    imported): the bounds of docs/names.md and no unknown keys.  ``lycee
    verify`` reads a file only once this is empty.  A valid document is passed
    by one msgspec pass; only one it refuses is walked.  (``fast``: kept for
    callers; there is one check.)"""
    if fast_valid(doc, strict):
        return []
    found = _walked(doc, model(strict))
    if found is None:
        return [("$", _("nested too deeply to be an event file"))]
    if strict:
        found += _free_lists(doc)
    found.sort(key=lambda x: list(map(str, x[0])))
    return [(json_path(parts), what) for parts, what in found[:limit]]


def _walked(doc: Any, tp: Any) -> list[tuple[Parts, str]] | None:
    """The problems of ``doc`` read as ``tp`` (None: nested too deeply to walk)."""
    found: list[tuple[Parts, str]] = []
    try:
        _walk(doc, tp, (), found)
    except RecursionError:
        return None
    return found


def _free_lists(doc: Any) -> list[tuple[Parts, str]]:
    """Lists longer than MAX_ITEMS inside the store calendar, the one object of
    any content (its lists are bounded here, the rest by the model)."""
    calendar = _calendar(doc)
    return [] if calendar is None else _long_lists(calendar, ("store_calendar", "calendar"))


def _calendar(doc: Any) -> dict | None:
    """The store calendar's own document, when the file has one."""
    store = doc.get("store_calendar") if isinstance(doc, dict) else None
    calendar = store.get("calendar") if isinstance(store, dict) else None
    return calendar if isinstance(calendar, dict) else None


def _long_lists(top: dict, where: Parts) -> list[tuple[Parts, str]]:
    """The lists too long in ``top``, found without looking inside them."""
    found: list[tuple[Parts, str]] = []
    stack: list[tuple[Any, Parts]] = [(top, where)]
    while stack:
        x, at = stack.pop()
        if isinstance(x, list) and len(x) > MAX_ITEMS:
            found.append((at, _long(len(x), MAX_ITEMS)))
        else:
            stack.extend((v, (*at, k)) for k, v in _children(x))
    return found


def _children(x: dict | list) -> list[tuple[str | int, Any]]:
    """The objects and lists inside an object or a list, with their keys or indexes."""
    pairs = x.items() if isinstance(x, dict) else enumerate(x)
    return [(k, v) for k, v in pairs if isinstance(v, (dict, list))]


# -- the walk along the model ------------------------------------------------------------


def _walk(value: Any, tp: Any, at: Parts, found: list) -> None:
    """The problems of ``value`` read as ``tp`` (at ``at``), added to ``found``."""
    first = _first_problem(value, tp)
    if first is None:
        return
    what, where = first
    base = _unwrap(tp)
    inner = _member_for(value, base)
    if _problem_here(inner, where, value):
        found.append((at, _word(what, value, tp)))  # a problem of the value itself
    elif isinstance(value, dict):
        _walk_object(value, inner, at, found)
    else:
        _walk_items(value, inner, at, found)


def _problem_here(inner: Any, where: str, value: Any) -> bool:
    """Whether msgspec's finding is about ``value`` itself: a leaf, or a list refused whole."""
    return inner is None or (where == "$" and not isinstance(value, dict))


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, UnionType)


def _unwrap(tp: Any) -> Any:
    """``tp`` without its bounds (Annotated) and without UNSET."""
    if get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    return _without_unset(tp)


def _without_unset(tp: Any) -> Any:
    """``tp`` (a union) without UNSET: its one other type, or the union of the others."""
    args = [x for x in _options(tp) if x is not UnsetType]
    return args[0] if len(args) == 1 else Union[tuple(args)]


def _member_for(value: Any, tp: Any) -> Any:
    """The object or list type of ``tp`` (or of its union) a dict or a list
    ``value`` is read as, or None (a leaf: its problem is its own)."""
    container = _container(value)
    return next((x for x in map(_unwrap, _options(tp)) if container and _reads(x) is container), None)


def _container(value: Any) -> type | None:
    """dict or list for a JSON object or list, None for a value."""
    return type(value) if isinstance(value, (dict, list)) else None


def _options(tp: Any) -> tuple:
    """The types of a union, or ``tp`` alone."""
    return get_args(tp) if _is_union(tp) else (tp,)


def _reads(tp: Any) -> type | None:
    """The JSON container ``tp`` reads: dict (an object), list (a list, a tuple,
    an array-like Struct), None (a value)."""
    if isinstance(tp, type) and issubclass(tp, Struct):
        return list if tp.__struct_config__.array_like else dict
    return list if get_origin(tp) in (list, tuple) else None


def _walk_object(value: dict, cls: type[Struct], at: Parts, found: list) -> None:
    """Missing keys and unknown keys (strict) here, then each known key's value."""
    fields = _fields(cls)
    found += [(at, _("the key {key!r} is missing", key=k)) for k in _missing(fields, value)]
    if cls.__struct_config__.forbid_unknown_fields:
        _unknown_keys(value, fields, at, found)
    _walk_known(value, fields, at, found)


def _walk_known(value: dict, fields: dict, at: Parts, found: list) -> None:
    """The value of each key the object's model knows, walked."""
    for key, v in value.items():
        if key in fields:
            _walk(v, fields[key].type, (*at, key), found)


@functools.cache
def _fields(cls: type[Struct]) -> dict[str, msgspec.structs.FieldInfo]:
    """The fields of an object, by the key that names each in a file."""
    return {f.encode_name: f for f in msgspec.structs.fields(cls)}


def _missing(fields: dict, value: dict) -> list[str]:
    """The keys the object must have and ``value`` has not."""
    return [k for k, f in fields.items() if f.required and k not in value]


def _unknown_keys(value: dict, fields: dict, at: Parts, found: list) -> None:
    extra = _unknown(value, fields)
    if extra:
        keys = join_list(repr(visible(k)) for k in extra[:5])
        found.append((at, _("unknown key(s) {keys}: the lycee-event/1 format has no such field", keys=keys)))


def _unknown(value: dict, fields: dict) -> list[str]:
    """The keys of ``value`` its model does not know, sorted."""
    return sorted(str(k) for k in value if k not in fields)


def _walk_items(value: list, tp: Any, at: Parts, found: list) -> None:
    """Each item of a list (``list[X]``), or each place of a fixed one (a tuple, an array-like Struct)."""
    for i, (v, place) in enumerate(zip(value, _places(tp, len(value)))):
        _walk(v, place, (*at, i), found)


def _places(tp: Any, n: int) -> list:
    """The type of each of the ``n`` items a list type, a tuple or an array-like Struct reads."""
    if get_origin(tp) is list:
        return [get_args(tp)[0]] * n
    if get_origin(tp) is tuple:
        return list(get_args(tp))
    return [f.type for f in msgspec.structs.fields(tp)]


# -- msgspec's findings in the catalog's words ---------------------------------------------

#: JSON types as a type mismatch names them ("expected int, got float").
_TYPE_NAMES = {"str": "string", "float": "number", "bool": "boolean", "date": "string"}
_JSON_TYPES = ((bool, "boolean"), (int, "int"), (float, "float"), (str, "string"), (list, "array"), (dict, "object"))


def _json_type(x: Any) -> str:
    return next((name for t, name in _JSON_TYPES if isinstance(x, t)), "null")


def _shown(value: Any) -> str | None:
    """``value`` as JSON if short enough to quote, else None."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else None


def _type_word(m: re.Match, value: Any, tp: Any) -> str:
    want = " / ".join(_TYPE_NAMES.get(t, t) for t in m[1].split(" | "))
    return _("expected {want}, got {got}", want=want, got=_json_type(value))


def _bound_word(m: re.Match, value: Any, tp: Any) -> str:
    kind, of_length, most, n = m[1], m[2], m[3].startswith("<"), m[4]
    if of_length:
        return _length_bound(kind, most, n, value)
    return _("at most {n}", n=n) if most else _("at least {n}", n=n)


def _length_bound(kind: str, most: bool, n: str, value: Any) -> str:
    if kind == "array":
        return _long(len(value), n) if most else _("at least {n} items", n=n)
    return _("at most {n} characters", n=n) if most else _("at least {n} characters", n=n)


def _length_word(m: re.Match, value: Any, tp: Any) -> str:
    if m[1] == "at least":
        return _("at least {n} items", n=m[2])
    if m[1] == "at most":
        return _long(len(value), m[2])
    return _("{n} items where {want} belong", n=len(value), want=m[2])


def _form_words(pattern: str) -> str:
    """What a value of the field ``pattern`` checks looks like, in words: a
    person is never shown a regular expression (L-FILE)."""
    if pattern == CARD_NUMBER_PATTERN:
        return _("a card number such as LO-0001, LO-0001-A or CH-0063")
    if pattern == ID_PATTERN:
        return _("an id of letters, digits, - and _ (at most 64, starting with a letter or a digit)")
    if pattern == MEMBER_PATTERN:
        return _("a member number of capital letters, digits, - and _ (starting with a letter or a digit)")
    return _("in the form this field takes")


def _pattern_word(m: re.Match, value: Any, tp: Any) -> str:
    form = _form_words(m[1].replace("\\\\", "\\"))  # msgspec shows the pattern's backslashes doubled
    shown = _shown(value)
    if shown is None:
        return _("too long to show, and not {form}", form=form)
    return _("{got} is not {form}", got=shown, form=form)


def _date_word(m: re.Match, value: Any, tp: Any) -> str:
    return _("{got} does not match {pattern}", got=_shown(value) or "…", pattern="YYYY-MM-DD")


def _enum_word(m: re.Match, value: Any, tp: Any) -> str:
    allowed = _literals(tp)
    shown = _shown(value)
    if shown is None:
        return _("{rule} {limit} not met ({kind} too long to show)", rule="enum", limit=str(allowed)[:40], kind="str")
    return _(
        "{value} is not one of {allowed}",
        value=shown,
        allowed=join_list(json.dumps(v, ensure_ascii=False) for v in allowed),
    )


def _literals(tp: Any) -> list:
    """The values a Literal in ``tp`` (or in its union) allows, then null where allowed."""
    return [v for x in _options(_unwrap(tp)) for v in _values(x)]


def _values(tp: Any) -> tuple:
    """The values a Literal allows; (None,) for null; () for any other type."""
    if get_origin(tp) is Literal:
        return get_args(tp)
    return (None,) if tp is type(None) else ()


_WORDINGS: tuple[tuple[re.Pattern, Callable[[re.Match, Any, Any], str]], ...] = (
    (re.compile(r"Expected `([^`]+)`, got `\w+`$"), _type_word),
    (re.compile(r"Expected `array` of (at least|at most)? ?length (\d+), got \d+$"), _length_word),
    (re.compile(r"Expected `(\w+)` (of length )?([<>]=?) (\S+)$"), _bound_word),
    (re.compile(r"Expected `str` matching regex '(.*)'$"), _pattern_word),
    (re.compile(r"Invalid RFC3339 encoded date$"), _date_word),
    (re.compile(r"Invalid enum value"), _enum_word),
)


def _word(what: str, value: Any, tp: Any) -> str:
    """msgspec's finding ``what`` about ``value`` (read as ``tp``) in the catalog's words."""
    for pattern, word in _WORDINGS:
        m = pattern.match(what)
        if m:
            return word(m, value, tp)
    return what[:200]


def _long(n: int, most: int | str) -> str:
    return _("{n} items, more than the {most} this list may hold", n=n, most=most)
