"""What every run would make again, made once and kept between runs:
the methods dataclasses write, and values made from a data file (:func:`kept_value`).

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and (frozen) ``__setattr__``/``__delattr__`` as source text and
compiles it with ``exec`` every time the module defining the class is
imported: three quarters of the time a class takes to make, 30 to 80 ms of
every ``lycee`` command (31 dataclasses for ``lycee pair``).  :func:`install`
gives the dataclasses module an ``exec`` that compiles each text once and
keeps the code objects, by their exact source text, in a marshal file beside
the package's bytecode (``core/__pycache__``), as Python keeps a module's.
typing's ``compile`` of a string annotation (a ``ForwardRef``: msgspec reads
every field's type of each record class it decodes, 140 of them for ``lycee
pair``) is kept the same way (:func:`cached_compile`).

What a class gets is the same: the code is compiled from the same text with
the same file name and flags, and run by the built-in ``exec`` in the same
namespaces; a text never seen is compiled then and there.  A cache that
cannot be read (missing, damaged, another Python) is ignored; one that cannot
be written (a read-only install, ``PYTHONDONTWRITEBYTECODE``) is not written.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
import typing
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

#: Entries kept at most; a file holding more is written again with this run's only.
KEPT = 2000

#: source text -> its code object (this run's and the file's)
_CODE: dict[str, object] = {}


class _State:
    installed = False
    #: a text was compiled that the file lacks
    new = False
    path: Path | None = None


_STATE = _State()


def cache_path() -> Path | None:
    """Where the compiled methods are kept for this Python (None: this Python keeps no bytecode)."""
    tag: str | None = sys.implementation.cache_tag  # (None where bytecode is not kept)
    if tag is None:
        return None
    return Path(__file__).resolve().parent / "__pycache__" / f"dataclass-code.{tag}.marshal"


def _load(path: Path) -> dict[str, object]:
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(data, dict):
        return {}
    code_type = type(_load.__code__)
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, code_type)}


def cached_exec(source, globals=None, locals=None, /):
    """``exec``, with a source text compiled once (then its kept code object)."""
    if type(source) is str:
        code = _CODE.get(source)
        if code is None:
            # as exec compiles a text: file "<string>", and no __future__ flags (dataclasses has none)
            code = _CODE[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _STATE.new = True
        source = code
    return builtins.exec(source, globals, locals)


def cached_compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1):
    """``compile``, with an expression typing compiles (a string annotation,
    ``typing.ForwardRef``: msgspec reads every field's type of the records it
    decodes) compiled once (then its kept code object)."""
    if type(source) is str and (filename, mode, flags, optimize) == ("<string>", "eval", 0, -1):
        key = "\0eval\0" + source  # (never the text of a dataclass method)
        code = _CODE.get(key)
        if code is None:
            # as typing compiles it: no __future__ flags (typing has none); a SyntaxError is not kept
            code = _CODE[key] = compile(source, filename, mode, dont_inherit=True)
            _STATE.new = True
        return code
    return compile(source, filename, mode, flags, dont_inherit, optimize)


def install() -> None:
    """Make the dataclasses module compile through :func:`cached_exec`, and
    typing's forward references through :func:`cached_compile` (once a process)."""
    if _STATE.installed:
        return
    _STATE.installed = True
    path = cache_path()
    if path is None:
        return
    _STATE.path = path
    _CODE.update(_load(path))
    dataclasses.exec = cached_exec  # type: ignore[attr-defined]  # looked up before the built-in
    typing.compile = cached_compile  # type: ignore[attr-defined]  # (ForwardRef.__init__)
    atexit.register(save)


def save() -> None:
    """Write the kept code when this run compiled a text the file lacked."""
    path = _STATE.path
    if not _STATE.new or path is None or sys.dont_write_bytecode:
        return
    _STATE.new = False
    entries = _CODE if len(_CODE) <= KEPT else dict(list(_CODE.items())[-KEPT:])
    _write(path, marshal.dumps(entries))


# -- values made from a data file, kept while the file is unchanged ------------------------

#: Bumped when what a kept value holds changes shape.
VALUES_FORMAT = 1


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
    if tag is None or not isinstance(source, Path):
        return make(source)
    try:
        st = source.stat()
    except OSError:
        return make(source)
    maker = zlib.crc32(marshal.dumps(make.__code__)) if hasattr(make, "__code__") else None
    stamp = (VALUES_FORMAT, str(source), st.st_size, st.st_mtime_ns, maker)
    path = Path(__file__).resolve().parent / "__pycache__" / f"{name}.{tag}.marshal"
    try:
        kept_stamp, value = marshal.loads(path.read_bytes())
        if kept_stamp == stamp:
            return value
    except (OSError, EOFError, ValueError, TypeError):
        pass
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
