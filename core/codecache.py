"""Values made from a data file, kept between runs while the file is
unchanged (:func:`kept_value`), as Python keeps a module's bytecode.

Nothing here patches another module: the dataclasses and typing of the
standard library run as they come (docs/architecture.md, start-up)."""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

#: Bumped when what a kept value holds changes shape.
VALUES_FORMAT = 1


def _stamp(source, make) -> tuple | None:
    """What a kept value is checked against: ``source``'s size and time and
    ``make``'s code (None: ``source`` is no file that can be checked)."""
    if not isinstance(source, Path):
        return None
    try:
        st = source.stat()
    except OSError:
        return None
    maker = zlib.crc32(marshal.dumps(make.__code__)) if hasattr(make, "__code__") else None
    return (VALUES_FORMAT, str(source), st.st_size, st.st_mtime_ns, maker)


def _kept(path: Path, stamp: tuple) -> tuple[bool, Any]:
    """(True, the value) kept in ``path`` for ``stamp``; (False, None) when there is none."""
    try:
        kept_stamp, value = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return False, None
    return kept_stamp == stamp, value


def kept_value(name: str, source, make: Callable[[Any], T]) -> T:
    """``make(source)``, a value made from the file ``source`` (built-in
    types only: dicts, lists, tuples, strings, numbers), kept in
    ``core/__pycache__`` between runs while ``source`` keeps its size and
    modification time (as Python checks a module's bytecode against its
    source) and ``make`` its code (a changed maker makes the value anew).  The confusables
    table of docs/names.md takes 40-80 ms to build from its package's JSON and
    3 ms to read back (every ``register``: an import, ``player add``).  Not
    kept, only made, where there is no file to check or nowhere to write."""
    tag: str | None = sys.implementation.cache_tag
    stamp = _stamp(source, make) if tag is not None else None
    if stamp is None:
        return make(source)
    path = Path(__file__).resolve().parent / "__pycache__" / f"{name}.{tag}.marshal"
    found, value = _kept(path, stamp)
    if found:
        return value
    value = make(source)
    if not sys.dont_write_bytecode:
        _write(path, marshal.dumps((stamp, value)))  # type: ignore[arg-type]  # built-in types only (the docstring)
    return value


def _write(path: Path, data: bytes) -> None:
    """``data`` as the whole of ``path`` (by a rename), or nothing when it cannot be written."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)  # whole or not at all: a reader never meets half a file
    except (OSError, ValueError):
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
