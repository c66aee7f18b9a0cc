"""the command line in README.md (the command line starts fast, issue 31): a value made from
a data file is kept between runs while the file is unchanged (core.codecache);
and, since the House (issue 45), importing the engine or the command line
patches nothing of the standard library or argparse."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from core import codecache

ROOT = Path(__file__).resolve().parents[1]


def test_importing_core_and_the_command_line_patches_nothing():
    """dataclasses keeps the built-in exec, typing the built-in compile, argparse its own
    parser classes (a fresh process: nothing imported before)."""
    script = (
        "import argparse, dataclasses, typing\n"
        "before = dict(vars(argparse._SubParsersAction))\n"
        "import core, tui.cli, tui.cli.parser\n"
        "tui.cli.parser.build_parser(only='pair')\n"
        "assert 'exec' not in vars(dataclasses) and 'compile' not in vars(typing)\n"
        "assert dict(vars(argparse._SubParsersAction)) == before\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ok"]


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


def test_event_from_doc_and_pair_swiss_are_served_from_core(tmp_path):
    """The two entry points other tools use, importable from ``core``, are the engine's own."""
    import random

    from core import event_from_doc, pair_swiss
    from core.rules import eventfile
    from core.tournament import pairing
    from tests.round_helpers import FakeTime, make_event

    _dd, store, desk = make_event(tmp_path, FakeTime(), players=6)
    ev = desk.event
    store.close()
    doc = eventfile.to_doc(ev)
    assert event_from_doc(doc) == eventfile.event_from_doc(doc) == ev
    assert pair_swiss(ev, random.Random(3)) == pairing.pair_swiss(ev, random.Random(3))
