"""Journals written before typed actions still open to what they showed (docs/storage.md).

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


# -- the action contract (core/log/actions.py) ---------------------------------------------------


def _stored_actions(kind: str) -> list[dict]:
    raw = (FIXTURES / f"{kind}.jsonl").read_bytes()
    from core.store.journal import scan

    return scan(raw).actions


@pytest.mark.parametrize("kind", KINDS)
def test_design2_every_stored_payload_decodes_to_its_struct_and_back_unchanged(kind):
    """A payload read with its kind's Struct and written again means the same
    and adds no key (only a value at its default may be left out): the
    journal's shape did not change with the Structs."""
    from core.log.actions import from_data, to_data

    for act in _stored_actions(kind):
        payload = from_data(act["type"], act["data"])
        again = to_data(payload)
        assert from_data(act["type"], again) == payload, act["seq"]
        assert set(again) <= set(act["data"]), act["seq"]
        assert all(again[k] == act["data"][k] for k in again if not isinstance(again[k], list)), act["seq"]


def test_design2_every_action_kind_has_one_struct_and_the_closed_sets_agree():
    from typing import get_args

    from core.event.model import KINDS as EVENT_KINDS
    from core.event.model import LATE_RULES, POOL_KINDS, STAGES
    from core.log import actions as A
    from core.rules import REDUCER_MODULES
    from core.rules.clock import CLOCK_OPS
    from core.rules.decklists import BUILD_OPS

    assert set(A.PAYLOADS) == set(REDUCER_MODULES) | {"undo"}
    assert all(A.kind_of(cls) == kind for kind, cls in A.PAYLOADS.items())
    assert get_args(A.Stage) == STAGES and get_args(A.ClockOp) == CLOCK_OPS and get_args(A.BuildOp) == BUILD_OPS
    assert get_args(A.LateRule) == LATE_RULES and get_args(A.PoolKind) == POOL_KINDS
    assert get_args(A.Kind) == EVENT_KINDS


def _cup(datadir):
    from core.desk import Desk
    from core.event.model import Match

    store = datadir.create({"name": "Keys", "date": "2026-11-30", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["Ann", "Ben"])
    desk.store_pairing([Match(1, "p1", "p2")])
    return store


def test_design2_a_renamed_key_is_refused_before_anything_is_stored(datadir):
    """A writer that sends ``tabel`` for ``table`` (or a wrong type) is told
    which key of which action, and the journal is unchanged."""
    from core.errors import LyceeError

    store = _cup(datadir)
    before = store.path.read_bytes()
    with pytest.raises(LyceeError, match=r"'result'.*unknown field `tabel`"):
        store.append("result", {"round": 1, "tabel": 1, "p1_wins": 2, "p2_wins": 0})
    with pytest.raises(LyceeError, match=r"Expected `int`, got `str` - at `\$.table`"):
        store.append("result", {"round": 1, "table": "one", "p1_wins": 2, "p2_wins": 0})
    assert store.path.read_bytes() == before
    store.close()


def test_design2_a_stored_action_with_a_renamed_key_is_named_and_the_rest_still_reads(datadir):
    """A journal action whose key was renamed (by hand, or by a writer gone
    wrong): opening names the file, the seq and the key; the trail lists it."""
    from core.store.journal import encode_record
    from core.store.store import InvalidAction
    from tui.cli import main

    store = _cup(datadir)
    eid, last = store.id, store.actions[-1]["seq"]
    store.close()
    bad = {
        "seq": last + 1,
        "at": "2026-11-30T12:00:00+09:00",
        "actor": "hand",
        "type": "result",
        "v": 4,
        "data": {"round": 1, "tabel": 1, "p1_wins": 2, "p2_wins": 0},
    }
    with open(datadir.event_path(eid), "ab") as f:
        f.write(encode_record([bad]))
    with pytest.raises(InvalidAction) as err:
        datadir.open(eid)
    msg = str(err.value)
    assert f"#{last + 1}" in msg and "tabel" in msg and str(datadir.event_path(eid)) in msg
    assert [r["type"] for r in datadir.history(eid)][-1] == "result"
    assert main(["--data-dir", str(datadir.root), "log", eid]) == 0


def test_design2_the_trail_filters_by_kind_actor_and_round(tmp_path, capsys):
    """`lycee log EVENT --kind K --actor WHO --round N` lists only those actions."""
    from tui.cli import main

    dd, expected = _opened(tmp_path, "constructed")
    eid = expected["id"]
    assert (
        main(["--data-dir", str(tmp_path), "log", eid, "--kind", "result", "--round", "3", "--actor", "fixture"]) == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("fixture", 1)[1].strip() for line in lines] == [
        line for line in expected["log"] if line.startswith("result round 3 ")
    ]
    assert main(["--data-dir", str(tmp_path), "log", eid, "--kind", "penalty", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["log"]
    assert [r["data"]["level"] for r in rows] == ["notice", "warning"]
    assert main(["--data-dir", str(tmp_path), "log", eid, "--actor", "nobody"]) == 0
    assert capsys.readouterr().out == ""


def test_design2_a_payload_tagged_with_its_kind_decodes_as_the_union():
    """The contract a remote writer speaks: a payload with its ``type`` decodes
    to its kind's Struct, and a kind that does not exist is refused."""
    import msgspec

    from core.log.actions import Payload, ResultAction

    got = msgspec.json.decode(b'{"type": "result", "round": 1, "table": 2, "p1_wins": 2, "p2_wins": 0}', type=Payload)
    assert got == ResultAction(round=1, table=2, p1_wins=2, p2_wins=0)
    with pytest.raises(msgspec.ValidationError, match="Invalid value 'resutl'"):
        msgspec.json.decode(b'{"type": "resutl", "round": 1}', type=Payload)
