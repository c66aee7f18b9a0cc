"""Journals written before typed actions still open to what they showed (DESIGN section 2).

tests/fixtures/action_journals holds journals written by the store of commit
a08117b, with the export, standings and audit trail that code showed for them."""

import json
import shutil
from pathlib import Path

import pytest

from core import rules
from core.rules.eventfile import to_doc
from core.store.store import DataDir
from core.tournament.standings import standings

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "action_journals"
KINDS = sorted(p.name[:-6] for p in FIXTURES.glob("*.jsonl"))


def _opened(tmp_path, kind: str):
    expected = json.loads((FIXTURES / f"{kind}.expected.json").read_text(encoding="utf-8"))
    dd = DataDir(tmp_path)
    dd.events_dir.mkdir(parents=True)
    shutil.copy(FIXTURES / f"{kind}.jsonl", dd.event_path(expected["id"]))
    return dd, expected


def test_the_fixtures_cover_every_kind_of_journal():
    assert KINDS == ["constructed", "draft", "sealed"]


@pytest.mark.parametrize("kind", KINDS)
def test_design2_old_journals_open_to_the_same_event_standings_and_trail(tmp_path, kind):
    """A journal written before typed actions shows the same event, standings
    and audit-trail lines, and still takes a new action."""
    dd, expected = _opened(tmp_path, kind)
    eid = expected["id"]
    before = dd.event_path(eid).read_bytes()
    ev = dd.read(eid)  # the language is English (tests/conftest.py)
    assert json.loads(json.dumps(to_doc(ev))) == expected["event"]
    rows = [[r.rank, r.name, r.points, r.record] for r in standings(ev)] if ev.rounds else []
    assert rows == expected["standings"]
    who = {p.id: p.name for p in (*ev.players, *ev.removed)}
    assert [rules.describe(a, who) for a in dd.history(eid)] == expected["log"]
    assert dd.event_path(eid).read_bytes() == before, "a reader writes nothing"
    with dd.open(eid) as store:
        n = len(store.actions)
        store.append("announce", {"text": "still open", "at": "2026-11-30T18:00:00+09:00", "by": "desk"})
    with dd.open(eid) as store:
        assert len(store.actions) == n + 1
        assert json.loads(json.dumps(to_doc(store.event)))["players"] == expected["event"]["players"]
