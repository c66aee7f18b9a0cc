"""DESIGN section 3 (the command line starts fast, issue 31): the methods
dataclasses compile are kept between runs (core.codecache); a class made from
kept code is the class dataclasses makes, and a cache that cannot be read
changes nothing."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

import core  # noqa: F401  (installs the cache)
from core import codecache

SOURCE = """
from dataclasses import dataclass

@dataclass(frozen=True, slots=True)
class Seat:
    table: int
    p1: str
    p2: "str | None" = None
    games: tuple = ()
"""


def _make() -> type:
    ns: dict = {"__name__": __name__}  # (dataclasses reads the module of the class)
    exec(compile(SOURCE, "seatmod", "exec"), ns)
    return ns["Seat"]


def test_design3_a_dataclass_made_from_kept_code_is_the_one_dataclasses_makes(monkeypatch):
    assert dataclasses.exec is codecache.cached_exec  # type: ignore[attr-defined]
    first = _make()  # its texts compiled (or found) and kept
    kept = len(codecache._CODE)
    again = _make()  # every text found
    assert len(codecache._CODE) == kept
    monkeypatch.delattr(dataclasses, "exec")  # dataclasses as it comes: the built-in exec
    plain = _make()
    for cls in (first, again):
        a, b = cls(1, "p1"), plain(1, "p1")
        assert repr(a) == repr(b).replace(plain.__qualname__, cls.__qualname__)
        assert a == cls(1, "p1", None, ()) and a != cls(2, "p1") and hash(a) == hash(cls(1, "p1"))
        assert inspect.signature(cls) == inspect.signature(plain)
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.table = 2  # type: ignore[misc]
        assert dataclasses.replace(a, p2="p2").p2 == "p2" and cls.__slots__ == plain.__slots__


def test_design3_a_cache_file_that_cannot_be_read_is_ignored_and_one_written_reads_back(tmp_path, monkeypatch):
    bad = tmp_path / "dataclass-code.marshal"
    for junk in (b"", b"not marshal", b"\xe9\x00\x00\x00", __import__("marshal").dumps([1, 2])):
        bad.write_bytes(junk)
        assert codecache._load(bad) == {}
    assert codecache._load(tmp_path / "missing.marshal") == {}
    monkeypatch.setattr(codecache._STATE, "path", tmp_path / "sub" / "kept.marshal")
    monkeypatch.setattr(codecache._STATE, "new", True)
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    codecache.save()
    back = codecache._load(tmp_path / "sub" / "kept.marshal")
    assert back.keys() == codecache._CODE.keys() and back
    assert not list((tmp_path / "sub").glob(".*.tmp"))  # written whole, by a rename


def test_design3_a_value_made_from_a_file_is_kept_until_the_file_changes(tmp_path, monkeypatch):
    import os
    from pathlib import Path

    monkeypatch.setattr("sys.dont_write_bytecode", False)
    monkeypatch.setattr(codecache, "__file__", str(tmp_path / "core" / "codecache.py"))
    source = tmp_path / "table.json"
    source.write_text('{"a": "b"}', encoding="utf-8")
    made: list[int] = []

    def make(path):
        made.append(1)
        return {"a": path.read_text(encoding="utf-8")}

    first = codecache.kept_value("table", source, make)
    assert codecache.kept_value("table", source, make) == first and len(made) == 1  # read back
    source.write_text('{"a": "c", "d": 1}', encoding="utf-8")
    os.utime(source, ns=(1, 1))
    assert codecache.kept_value("table", source, make) == {"a": '{"a": "c", "d": 1}'} and len(made) == 2
    (kept,) = (tmp_path / "core" / "__pycache__").glob("table.*.marshal")
    kept.write_bytes(b"damaged")
    assert codecache.kept_value("table", source, make) == {"a": '{"a": "c", "d": 1}'} and len(made) == 3
    assert codecache.kept_value("table", Path(tmp_path / "missing.json"), lambda _path: "made") == "made"

    def other_make(path):  # another maker: the value is made anew
        made.append(1)
        return {"b": path.read_text(encoding="utf-8")}

    assert codecache.kept_value("table", source, other_make) == {"b": '{"a": "c", "d": 1}'} and len(made) == 4


def test_l_name_key_the_kept_confusables_table_is_the_one_built_from_the_package():
    from core import names

    assert names._confusables() == names._build_confusables(names._confusables_file())
    assert names.fold_name("ТОМ") == names.fold_name("TOM")  # Cyrillic look-alikes are one name


def test_design3_a_forward_reference_compiled_once_reads_as_typing_reads_it():
    import typing

    assert typing.compile is codecache.cached_compile  # type: ignore[attr-defined]

    def f(x: dict[str, int | None]) -> None:  # (a string annotation: this module reads them so)
        pass

    for _ in range(2):  # compiled, then found
        assert typing.get_type_hints(f) == {"x": dict[str, int | None], "return": type(None)}
    assert ("\0eval\0" + "dict[str, int | None]") in codecache._CODE
    with pytest.raises(SyntaxError):
        typing.ForwardRef("not an expression ::")
    assert ("\0eval\0" + "not an expression ::") not in codecache._CODE
