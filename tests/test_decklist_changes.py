"""A decklist after round 1 is paired (G-DECKLIST, issue 43): only a judge of
the event registers or changes it, with a reason; the change is logged and the
desk offers the decklist penalty (G-PEN-1).  The same rule in core for every
face: the command line, the app (Desk.register_decklist) and the phone."""

from __future__ import annotations

import json

import pytest

from core.desk import Desk
from core.errors import RuleError
from core.rules import decklists as dl
from core.store.store import DataDir
from tests.cli_helpers import run, staffed_event
from tests.test_decklists import FakeClock, _distinct, _file, _text


@pytest.fixture
def legal():
    """A legal 60-card constructed deck of the sample set alpha and 4 spare cards."""
    from collections import Counter

    from core.cards.legality import Catalog

    nums = _distinct(Catalog.default(), "alpha", 17)
    return Counter({n: 4 for n in nums[:15]}), Counter({nums[15]: 2, nums[16]: 2})


@pytest.fixture
def desk(tmp_path):
    clock = FakeClock()
    dd = DataDir(tmp_path / "data", clock=clock)
    store = dd.create(
        {
            "name": "Cup",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "O", "judges": ["J"], "head_judge": "H", "event_staff": ["S"]},
        }
    )
    d = Desk(store)
    d.add_players(["Ann", "Ben", "Cat", "Dan"])
    d.clock = clock
    yield d
    store.close()


def test_g_decklist_before_round_1_anyone_at_the_desk_registers_and_replaces(desk, tmp_path, legal):
    deck, spare = legal
    desk.register_decklist_file("Ann", _file(tmp_path, "a.txt", _text(deck, spare)))
    desk.register_decklist_file("Ann", _file(tmp_path, "b.txt", _text(deck)))
    assert desk.event.decklist_of("p1").source == "b.txt"
    assert not dl.decklist_locked(desk.event)


def test_g_decklist_after_round_1_a_change_without_a_judge_is_refused_and_nothing_stored(desk, tmp_path, legal):
    deck, spare = legal
    desk.register_decklist_file("Ann", _file(tmp_path, "a.txt", _text(deck, spare)))
    desk.pair_next(seed=1)
    n = len(desk.store.actions)
    f = _file(tmp_path, "b.txt", _text(deck))
    for by, reason in (("", ""), ("J", ""), ("", "typo"), ("S", "typo"), ("Zed", "typo")):
        with pytest.raises(RuleError) as err:
            desk.register_decklist_file("Ann", f, by=by, reason=reason)
        assert err.value.rule == "G-DECKLIST"
    # a first list after round 1 goes through a judge as well
    with pytest.raises(RuleError):
        desk.register_decklist_file("Ben", f)
    assert len(desk.store.actions) == n and desk.event.decklist_of("p1").source == "a.txt"
    # the text path (the app's paste, the phone) goes through the same rule
    with pytest.raises(RuleError):
        desk.register_decklist_text("Ann", _text(deck), "phone")


def test_g_decklist_after_round_1_a_judge_changes_it_with_a_reason_logged(desk, tmp_path, legal):
    deck, spare = legal
    desk.register_decklist_file("Ann", _file(tmp_path, "a.txt", _text(deck, spare)))
    desk.pair_next(seed=1)
    for judge in ("j", "H", "O"):  # a judge, the head judge, the organizer (names as the staff list has them)
        desk.register_decklist_file("Ann", _file(tmp_path, "b.txt", _text(deck)), by=judge, reason="wrote 3 for 4")
    act = desk.store.actions[-1]
    assert act["type"] == "decklist" and act["data"]["by"] == "O" and act["data"]["reason"] == "wrote 3 for 4"
    text = [h["text"] for h in desk.store.history() if h["type"] == "decklist"][-1]
    assert "changed by judge O: wrote 3 for 4" in text
    offer = dl.penalty_offer(desk.event, "p1", "J")
    assert offer["level"] == "notice" and offer["by"] == "J" and "G-DECKLIST" in offer["reason"]


def test_g_decklist_a_stored_change_of_format_4_still_replays(desk, tmp_path, legal):
    """A journal written before the rule (format 4) opens as played."""
    from core import rules

    deck, spare = legal
    desk.register_decklist_file("Ann", _file(tmp_path, "a.txt", _text(deck, spare)))
    desk.pair_next(seed=1)
    desk.register_decklist_file("Ann", _file(tmp_path, "b.txt", _text(deck)), by="J", reason="r")
    acts = [dict(a) for a in desk.store.actions]
    old = dict(acts[-1], v=4, data=dict(acts[-1]["data"], by="", reason=""))
    assert rules.replay(acts[:-1] + [old]).decklist_of("p1").source == "b.txt"
    with pytest.raises(RuleError):
        rules.replay(acts[:-1] + [dict(old, v=rules.ACTION_FORMAT)])


def test_g_decklist_cli_change_after_round_1_needs_by_and_reason_and_offers_the_penalty(tmp_path, capsys, legal):
    data = str(tmp_path / "cli")
    eid = staffed_event(capsys, data, ["Ann", "Ben"], "2026-11-30", "--decklists", "--unsanctioned")
    deck, spare = legal
    f = _file(tmp_path, "ann.txt", _text(deck, spare))
    g = _file(tmp_path, "ann2.txt", _text(deck))
    assert run(capsys, "--data-dir", data, "decklist", "add", eid, "Ann", str(f))[0] == 0
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    rc, _out, err = run(capsys, "--data-dir", data, "--lang", "en", "decklist", "add", eid, "Ann", str(g))
    assert rc == 1 and "G-DECKLIST" in err and "--by JUDGE --reason TEXT" in err and "Traceback" not in err
    rc, out, _ = run(capsys, "--data-dir", data, "decklist", "show", eid, "Ann", "--json")
    assert json.loads(out)["source"] == "ann.txt"  # nothing changed
    rc, out, err = run(
        capsys,
        "--data-dir",
        data,
        "--lang",
        "en",
        "decklist",
        "add",
        eid,
        "Ann",
        str(g),
        "--by",
        "J",
        "--reason",
        "typo",
    )
    assert rc == 0, err
    assert "replaced the decklist of Ann" in out
    assert f"lycee penalty {eid} p1 notice --reason" in out and "--by J" in out
    rc, out, _ = run(capsys, "--data-dir", data, "--lang", "ja", "decklist", "add", eid, "Ann", str(f))
    assert rc == 1
