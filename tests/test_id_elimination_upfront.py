"""An intentional draw in an elimination match (issue 48 item 6; G-ID-3,
G-ID-1/2, G-ORGANIZER): the read model's pre-check refuses at once what the
organizer's call could not record (no organizer; the round clock started),
instead of asking the G-ID-3 question and refusing after the choice, and its
refusal promises no question the app does not ask."""

from __future__ import annotations

import pytest

from core import readmodel
from core.errors import RuleError
from core.store import DataDir
from tests.cli_helpers import run


def _ok(capsys, data: str, *argv: str) -> str:
    rc, out, err = run(capsys, "--data-dir", data, *argv)
    assert rc == 0, err
    return out


def _semi_final(capsys, tmp_path, *staff: str):
    """8 players, 3 Swiss rounds of 2-0, then a top 4: the semi-finals paired."""
    data = str(tmp_path)
    eid = _ok(capsys, data, "event", "new", "Cup", "--date", "2026-12-05", "--rounds", "3", *staff).strip()
    _ok(capsys, data, "player", "add", eid, "A", "B", "C", "D", "E", "F", "G", "H")
    for _r in range(3):
        _ok(capsys, data, "pair", eid)
        for t in (1, 2, 3, 4):
            _ok(capsys, data, "result", eid, str(t), "2-0")
    _ok(capsys, data, "top", eid, "4")
    return data, eid


STAFF = ("--organizer", "O", "--judge", "J", "--head-judge", "H")


def test_before_the_clock_the_organizer_is_asked(capsys, tmp_path):
    """G-ID-3: before the clock start, `1 id` in a semi-final asks the organizer's call."""
    data, eid = _semi_final(capsys, tmp_path, *STAFF)
    ev = DataDir(tmp_path).read(eid)
    check = readmodel.precheck_result(ev, "1 id", None)
    assert check.questions == (readmodel.ID_DECISION,)


def test_after_the_clock_start_the_draw_is_refused_before_any_question(capsys, tmp_path):
    """G-ID-2: the clock start counts as the table's start and the organizer's
    replay would be refused; the pre-check refuses at once, without pointing
    the clerk to a judge's question the app never asks."""
    data, eid = _semi_final(capsys, tmp_path, *STAFF)
    _ok(capsys, data, "clock", eid, "start")
    ev = DataDir(tmp_path).read(eid)
    with pytest.raises(RuleError) as err:
        readmodel.precheck_result(ev, "1 id", None)
    assert err.value.rule == "G-ID-2"
    said = str(err.value)
    assert "clock has started" in said and "answer the question" not in said and "--not-started" not in said
    assert DataDir(tmp_path).read(eid) == ev  # nothing stored


def test_without_an_organizer_the_draw_is_refused_before_any_question(capsys, tmp_path):
    """G-ID-3, G-ORGANIZER: nobody can make the organizer's call, so the
    pre-check refuses at once (no dialog saying 主催者「-」が決定します)."""
    data, eid = _semi_final(capsys, tmp_path, "--unsanctioned")
    ev = DataDir(tmp_path).read(eid)
    assert not ev.staff.organizer
    with pytest.raises(RuleError) as err:
        readmodel.precheck_result(ev, "1 id", None)
    assert err.value.rule == "G-ID-3" and "no organizer" in str(err.value)
