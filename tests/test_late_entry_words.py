"""What the desk tells of a late entry (issue 48, item 12; L-ELIGIBLE,
L-ROUNDS): paired from the next Swiss round while one is still to come,
else registered but not paired, never a promise of a round that will not be."""

from __future__ import annotations

import pytest

from core.i18n import set_language
from core.readmodel import added_said
from core.store import DataDir
from tests.cli_helpers import run, staffed_event


def _ok(capsys, data: str, *argv: str) -> str:
    rc, out, err = run(capsys, "--data-dir", data, *argv)
    assert rc == 0, err
    return out


def _rounds_played(capsys, data: str, eid: str, n: int) -> None:
    for _r in range(n):
        _ok(capsys, data, "pair", eid)
        for t in (1, 2, 3):
            _ok(capsys, data, "result", eid, str(t), "2-0")


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


def test_a_late_entry_during_the_swiss_rounds_is_paired_from_the_next(capsys, tmp_path):
    """L-ELIGIBLE: a player added after round 1 is paired from round 2 on; the
    command line says so on stderr (stdout stays the id)."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B", "C", "D", "E", "F"], "2026-12-05", "--rounds", "3")
    _rounds_played(capsys, data, eid, 1)
    rc, out, err = run(capsys, "--data-dir", data, "player", "add", eid, "Late")
    assert rc == 0 and out.strip() == "p7"
    assert "Late (p7): a late entry, paired from round 2 on" in err


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "registered, but not paired: all 3 Swiss rounds are paired"),
        ("ja", "スイスドロー全3回戦の組み合わせが済んでいる"),
    ],
)
def test_a_late_entry_after_the_swiss_rounds_is_told_he_is_not_paired(capsys, tmp_path, lang, said):
    """L-ROUNDS (issue 48): once the 3 planned Swiss rounds are paired, no
    round pairs a new player: the desk says he is registered but not paired,
    not "paired from round 4 on"."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B", "C", "D", "E", "F"], "2026-12-05", "--rounds", "3")
    _rounds_played(capsys, data, eid, 3)
    rc, _out, err = run(capsys, "--data-dir", data, "--lang", lang, "player", "add", eid, "Late")
    assert rc == 0 and said in err and "round 4" not in err and "第4回戦" not in err, err
    set_language(lang)
    ev = DataDir(tmp_path).read(eid)
    assert said in added_said(ev, "Late", "p7")
