"""lycee-event/1 export and checked import (docs/eventfile.md)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings

from core.errors import ValidationError
from core.event.model import Event, Match, Player, Round
from core.rules.eventfile import event_from_doc, to_doc
from tests.strategies import events
from tui.cli import main


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_design4_import_of_export_gives_the_same_event(ev):
    doc = json.loads(json.dumps(to_doc(ev), ensure_ascii=False))
    assert event_from_doc(doc) == ev


def _doc():
    return {
        "schema": "lycee-event/1",
        "id": "x",
        "name": "Cup",
        "date": "2008-11-30",
        "kind": "constructed",
        "match": "bo3",
        "minutes": 50,
        "sanctioned": False,  # (a sanctioned event started only with its staff: G-ORGANIZER, issue 44)
        "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
        "rounds": [
            {
                "number": 1,
                "stage": "swiss",
                "matches": [
                    {"table": 1, "p1": "a", "p2": "b", "p1_wins": 2, "p2_wins": 1, "draws": 0, "outcome": "p1"}
                ],
            }
        ],
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
    assert exported["rounds"] == [
        {
            "number": 1,
            "stage": "swiss",
            "matches": [
                {"table": 1, "p1": "a", "p2": "b", "p1_wins": 2, "p2_wins": 1, "draws": 0, "outcome": "p1", "note": ""}
            ],
        }
    ]
    assert main(["--data-dir", data, "import", str(out)]) == 0
    eid2 = capsys.readouterr().out.strip()
    assert eid2 != eid  # the id was taken: a fresh one


# -- issue 15: the import replays the desk's actions through their reducers ----------------


def _played_at_the_desk(tmp_path):
    """An event played at the desk with every kind of result the reducers
    record: games, a time call, an ID, a drop's forfeit, an exclusion, a
    game-loss penalty, a bye, a late player, a top cut with a third-place
    match and an elimination match declared without a winner."""
    from core.desk import Desk
    from core.store import DataDir

    dd = DataDir(tmp_path)
    st = dd.create(
        {
            "name": "Cup",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "Org", "judges": ["HJ"], "head_judge": "HJ"},
        }
    )
    d = Desk(st)
    d.add_players([f"P{i}" for i in range(1, 10)])
    d.store_pairing(
        [Match(1, "p1", "p2"), Match(2, "p3", "p4"), Match(3, "p5", "p6"), Match(4, "p7", "p8"), Match(5, "p9", None)]
    )
    d.record_games(1, ["p1", "p2", "p1"])
    d.record(2, "id")
    d.add_game(3, "p1")
    d.record(3, "1-1", time_called=True)
    d.penalty("p7", "warning", "marked cards", action="match_loss", table=4, by="HJ")
    d.add_players(["Late"])
    d.pair_next(seed=1)
    d.drop("p1")  # forfeits round 2
    for m in d.event.current_round.matches:
        if not m.reported:
            d.record(m.table, "2-0")
    d.penalty("p2", "warning", "aggression", action="exclusion", by="HJ")
    d.top_cut(4, third_place=True, end_swiss=True)  # after 2 of the 4 rounds fixed at round 1 (L-ROUNDS)
    for m in d.event.current_round.matches:
        d.record(m.table, "2-1")
    d.pair_next()
    final = d.event.current_round.matches[0]
    d.id_decision(final.table, "no_winner", by="Org")
    ev = d.event
    st.close()
    return ev


def test_design4_an_event_played_at_the_desk_imports_as_the_same_event(tmp_path):
    ev = _played_at_the_desk(tmp_path)
    assert ev.rounds[-1].stage == "top" and any(m.intentional for m in ev.rounds[-1].matches)
    doc = json.loads(json.dumps(to_doc(ev), ensure_ascii=False))
    assert event_from_doc(doc) == ev
    assert event_from_doc(doc, strict=False) == ev


def test_g_se_third_place_on_a_swiss_round_is_refused_as_at_the_desk():
    """The pairing reducer plans a third-place match only with the first
    elimination round (G-SE); the old import stored the flag anywhere."""
    doc = _doc()
    doc["rounds"][0]["third_place"] = True
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    assert [p for p, _ in ei.value.problems] == ["$.rounds[0]"]
    assert "G-SE" in str(ei.value)


def test_g_swiss_points_a_bye_with_another_score_is_refused_naming_the_match():
    """A bye is recorded by the pairing as a 2-0 win (G-SWISS-POINTS); a file
    giving it 1-0 is refused at that match."""
    doc = _doc()
    doc["players"].append({"id": "c", "name": "C"})
    doc["rounds"][0]["matches"].append(
        {"table": 2, "p1": "c", "p2": None, "p1_wins": 1, "p2_wins": 0, "draws": 0, "outcome": "bye"}
    )
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    where = dict(ei.value.problems)
    assert list(where) == ["$.rounds[0].matches[1]"]
    assert "1-0-0 bye" in where["$.rounds[0].matches[1]"] and "2-0-0 bye" in where["$.rounds[0].matches[1]"]


def test_g_late_1_a_double_loss_with_games_won_is_refused():
    doc = _doc()
    doc["rounds"][0]["matches"][0].update({"p1_wins": 2, "p2_wins": 0, "outcome": "double_loss"})
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    assert "$.rounds[0].matches[0]" in dict(ei.value.problems)


def test_g_sealed_a_round_before_any_build_phase_is_refused_as_at_the_desk():
    """Round 1 of a sealed event is paired only after its build phase
    (G-SEALED); the pairing reducer's own refusal names the round."""
    doc = _doc()
    doc["kind"] = "sealed"
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    where = dict(ei.value.problems)
    assert "G-SEALED" in where["$.rounds[0]"]


def test_design4_a_round_paired_over_an_unfinished_one_names_its_tables():
    """Only the last round may wait for results: the pairing reducer's
    refusal names the round and the tables still missing."""
    doc = _doc()
    doc["rounds"][0]["matches"][0].update({"p1_wins": 0, "p2_wins": 0, "outcome": None})
    doc["rounds"].append(
        {
            "number": 2,
            "stage": "swiss",
            "matches": [{"table": 1, "p1": "b", "p2": "a", "p1_wins": 2, "p2_wins": 0, "draws": 0, "outcome": "p1"}],
        }
    )
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    where = dict(ei.value.problems)
    assert "round 1 is not finished" in where["$.rounds[1]"] and "table(s) 1" in where["$.rounds[1]"]


def test_design4_a_player_joining_after_the_last_round_is_refused():
    doc = _doc()
    doc["players"][1]["joined_round"] = 5
    doc["rounds"] = []
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    assert "$.players[1].joined_round" in dict(ei.value.problems)


def test_g_bo3_an_impossible_result_is_refused_with_the_desks_own_message(tmp_path):
    """One rule set: the import's refusal of 3-0 is the result reducer's,
    word for word what the desk says when 3-0 is typed."""
    from core.desk import Desk
    from core.errors import LyceeError
    from core.store import DataDir

    st = DataDir(tmp_path).create({"name": "Cup", "date": "2026-11-30", "sanctioned": False})
    d = Desk(st)
    d.add_players(["A", "B"])
    d.store_pairing([Match(1, "p1", "p2")])
    with pytest.raises(LyceeError) as desk_err:
        d.store.append("result", {"round": 1, "table": 1, "p1_wins": 3, "p2_wins": 0})
    st.close()
    doc = _doc()
    doc["rounds"][0]["matches"][0].update({"p1_wins": 3, "p2_wins": 0})
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    assert dict(ei.value.problems)["$.rounds[0].matches[0]"] == str(desk_err.value)


@pytest.mark.parametrize(
    "value,got", [(0.0, "float"), (-0.0, "float"), (1.5, "float"), (True, "boolean"), ("1", "string"), (None, "null")]
)
def test_design4_a_game_count_of_another_type_is_refused_naming_its_path_and_type(value, got):
    """Issue 23: ``p2_wins: 0.0`` was imported and then no command could open
    the event.  JSON Schema's "integer" takes 0.0; the journal does not."""
    doc = _doc()
    doc["rounds"][0]["matches"][0]["p2_wins"] = value
    for strict in (True, False):
        with pytest.raises(ValidationError) as ei:
            event_from_doc(doc, strict=strict)
        assert ei.value.problems == [("$.rounds[0].matches[0].p2_wins", f"expected int, got {got}")]


def test_design4_the_optional_reading_and_apart_are_accepted_and_apart_names_players():
    """Fields added in this round by others (the command line in README.md: --reading,
    player apart): accepted as optional; an apart pair names players."""
    doc = _doc()
    doc["players"][0]["reading"] = "えー"
    doc["players"][1]["reading"] = None
    doc["apart"] = [["a", "b"]]
    event_from_doc(doc)
    doc["apart"] = [["a", "zz"], ["b", "b"]]
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    assert [p for p, _ in ei.value.problems] == ["$.apart[0][1]", "$.apart[1]"]
    doc["apart"] = [["a"]]
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    assert [p for p, _ in ei.value.problems] == ["$.apart[0]"]


def test_design4_the_shipped_json_schema_is_made_from_the_model():
    """docs/eventfile.md: docs/event-schema.json, the JSON Schema other tools read, is
    generated from the model's Structs (core.rules.eventfile.model); it must be
    their output as they are now (else it would describe another format).
    Fix: python -m core.rules.eventfile > docs/event-schema.json."""
    from pathlib import Path

    from core.rules.eventfile.model import schema_text

    shipped = Path(__file__).resolve().parents[1] / "docs" / "event-schema.json"
    assert shipped.read_text(encoding="utf-8") == schema_text(), (
        "the model changed: run python -m core.rules.eventfile > docs/event-schema.json"
    )


def test_design4_the_generated_schema_reads_files_as_import_does():
    """docs/eventfile.md: the generated JSON Schema is valid 2020-12 and, read by
    jsonschema as another tool would, passes an export and refuses a game
    count written as text and a key the format does not define."""
    jsonschema = pytest.importorskip("jsonschema")
    from core.rules.eventfile.model import json_schema

    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    doc = json.loads(json.dumps(_doc()))
    assert not list(validator.iter_errors(doc))
    doc["rounds"][0]["matches"][0]["p1_wins"] = "2"
    doc["players"][0]["colour"] = "red"
    assert {tuple(e.absolute_path) for e in validator.iter_errors(doc)} == {
        ("rounds", 0, "matches", 0, "p1_wins"),
        ("players", 0),
    }


def test_design4_the_fast_check_refuses_what_the_schema_refuses():
    """docs/eventfile.md: the checked-in fast check passes a valid export and does not
    pass a file with a wrong type, a missing key or an unknown key (strict);
    the import then names each problem at its JSON path."""
    from core.rules.eventfile import fast_valid, structure_problems

    ev = Event(
        id="e1",
        name="Cup",
        date="2024-05-01",
        players=(Player("p1", "Ann"), Player("p2", "Bo")),
        rounds=(Round(1, "swiss", (Match(1, "p1", "p2", 2, 0, 0, "p1"),)),),
    )
    doc = to_doc(ev)
    assert fast_valid(doc, True) and fast_valid(doc, False)
    bad = json.loads(json.dumps(doc))
    bad["rounds"][0]["matches"][0]["p1_wins"] = "2"
    missing = json.loads(json.dumps(doc))
    del missing["players"][1]["name"]
    extra = json.loads(json.dumps(doc))
    extra["players"][0]["colour"] = "red"
    for d in (bad, missing):
        assert not fast_valid(d, True) and not fast_valid(d, False)
    assert not fast_valid(extra, True)
    assert [p for p, _w in structure_problems(bad, True, fast=True)] == ["$.rounds[0].matches[0].p1_wins"]
    assert [p for p, _w in structure_problems(missing, True, fast=True)] == ["$.players[1]"]


def test_l_file_a_pack_seed_is_bounded_beyond_int64_as_before():
    """L-FILE: a pack seed is a whole number from -2**63 to 2**64 (a seed a
    64-bit generator draws imports); beyond it the file is refused at the
    seed's JSON path.  msgspec's bounds stop at int64: the one bound of the
    format checked beside the model (core.rules.eventfile.check)."""
    from pathlib import Path

    fixture = Path(__file__).parent / "fixtures" / "legacy_events" / "20261129-f21a.expected.json"
    doc = json.loads(fixture.read_text(encoding="utf-8"))
    doc["build"]["seed"] = 2**63 + 5
    assert event_from_doc(doc).build.seed == 2**63 + 5
    for seed, words in ((2**64 + 1, "at most"), (-(2**63) - 1, "at least")):
        doc["build"]["seed"] = seed
        with pytest.raises(ValidationError) as ei:
            event_from_doc(doc)
        [(path, what)] = ei.value.problems
        assert path == "$.build.seed" and what.startswith(words)
