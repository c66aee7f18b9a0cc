"""lycee-event/1 export and checked import (DESIGN section 4)."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import ValidationError
from core.rules.eventfile import event_from_doc, to_doc
from core.event.model import Event, Match, Penalty, Player, Round, Staff
from tui.cli import main

import pytest

names = st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N")), min_size=1, max_size=8)


@st.composite
def events(draw):
    n = draw(st.integers(2, 9))
    raw = draw(st.lists(names, min_size=n, max_size=n, unique_by=lambda s: s.casefold()))
    from core.names import fold_name as name_key
    if len({name_key(x) for x in raw}) != n:
        raw = [f"P{i}" for i in range(n)]
    ids = [f"p{i}" for i in range(1, n + 1)]
    match = draw(st.sampled_from(["bo3", "bo1"]))
    results = ([(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 0), (1, 0, 0), (0, 0, 1)]
               if match == "bo3" else [(1, 0, 0), (0, 1, 0), (0, 0, 0), (0, 0, 1)])
    rounds = []
    n_rounds = draw(st.integers(0, 3))
    for r in range(1, n_rounds + 1):
        order = draw(st.permutations(ids))
        ms = []
        for t in range(len(order) // 2):
            w1, w2, d = draw(st.sampled_from(results))
            last = r == n_rounds and draw(st.booleans())
            outcome = None if last else ("p1" if w1 > w2 else "p2" if w2 > w1 else "draw")
            if outcome is None:
                w1 = w2 = d = 0
            ms.append(Match(t + 1, order[2 * t], order[2 * t + 1], w1, w2, d, outcome))
        if len(order) % 2:
            ms.append(Match(len(ms) + 1, order[-1], None, 2, 0, 0, "bye"))
        rounds.append(Round(r, "swiss", tuple(ms)))
    last = {i: max([r.number for r in rounds for m in r.matches if i in m.players()], default=0) for i in ids}
    # a dropped player is paired in no round after the drop (G-DROP-1; import checks it)
    players = tuple(
        Player(i, nm, draw(st.one_of(st.none(), st.integers(last[i], n_rounds))), draw(st.booleans()))
        for i, nm in zip(ids, raw))
    pens = tuple(Penalty(draw(st.sampled_from(ids)), None, None, draw(st.sampled_from(["notice", "warning"])),
                         "none", draw(names), "judge") for _ in range(draw(st.integers(0, 2))))
    return Event(id="e1", name=draw(names), date="2026-11-30", match=match,
                 minutes=draw(st.integers(20, 100)), rounds_planned=draw(st.one_of(st.none(), st.integers(1, 9))),
                 tiebreakers=tuple(draw(st.permutations(["op", "omw", "gw", "ogw"]))[:draw(st.integers(0, 4))]),
                 staff=Staff("org", ("j1", "hj"), "hj"), players=players, rounds=tuple(rounds),
                 penalties=pens, sanctioned=draw(st.booleans()), spectating=draw(st.booleans()))


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_design4_import_of_export_gives_the_same_event(ev):
    doc = json.loads(json.dumps(to_doc(ev), ensure_ascii=False))
    assert event_from_doc(doc) == ev


def _doc():
    return {
        "schema": "lycee-event/1", "id": "x", "name": "Cup", "date": "2008-11-30",
        "kind": "constructed", "match": "bo3", "minutes": 50,
        "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
        "rounds": [{"number": 1, "stage": "swiss", "matches": [
            {"table": 1, "p1": "a", "p2": "b", "p1_wins": 2, "p2_wins": 1, "draws": 0, "outcome": "p1"}]}],
    }


def test_design4_every_problem_is_listed_with_its_json_path():
    doc = _doc()
    doc["kind"] = "chess"
    doc["minutes"] = "fifty"
    del doc["date"]
    doc["players"][1]["name"] = 7
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc, source="cup.json")
    paths = {p for p, _ in ei.value.problems}
    assert {"$", "$.kind", "$.minutes", "$.players[1].name"} <= paths
    assert str(ei.value).startswith("cup.json: 4 problem(s)")


def test_g_bo3_impossible_result_in_file_is_refused_with_rule():
    doc = _doc()
    m = doc["rounds"][0]["matches"][0]
    m["p1_wins"] = 3
    doc["players"].append({"id": "c", "name": "a "})  # same name as A once folded
    doc["rounds"][0]["matches"].append({"table": 1, "p1": "c", "p2": "zz"})
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    text = str(ei.value)
    assert "$.rounds[0].matches[0]" in text and "G-BO3" in text
    assert "$.players[2].name" in text
    assert "$.rounds[0].matches[1].table" in text and "$.rounds[0].matches[1].p2" in text


def test_design4_cli_import_stores_nothing_when_the_file_is_bad(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    doc = _doc()
    doc["match"] = "bo5"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "import", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "$.match" in err
    assert not (data / "events").exists() or not list((data / "events").glob("*.json"))
    bad.write_text('{"schema": "lycee-event/1",\n  "id": }', encoding="utf-8")
    assert main(["--data-dir", str(data), "import", str(bad)]) == 1
    assert "line 2 column" in capsys.readouterr().err


def test_design4_cli_export_then_import_round_trip(tmp_path, capsys):
    data = str(tmp_path / "data")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_doc()), encoding="utf-8")
    assert main(["--data-dir", data, "import", str(good)]) == 0
    eid = capsys.readouterr().out.strip()
    out = tmp_path / "out.json"
    assert main(["--data-dir", data, "export", eid, "-o", str(out)]) == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["rounds"] == [{"number": 1, "stage": "swiss", "matches": [
        {"table": 1, "p1": "a", "p2": "b", "p1_wins": 2, "p2_wins": 1, "draws": 0, "outcome": "p1", "note": ""}]}]
    assert main(["--data-dir", data, "import", str(out)]) == 0
    eid2 = capsys.readouterr().out.strip()
    assert eid2 != eid  # the id was taken: a fresh one
