"""The command-line contract of the command line in README.md for pair, result, standings."""

import io
import json

import pytest

from tests.cli_helpers import run, staffed_event
from tui.cli import main


@pytest.fixture
def event(tmp_path, capsys):
    data = str(tmp_path)
    return data, staffed_event(capsys, data, ["A", "B", "C", "D", "E"], "2026-12-05")


def test_g_swiss_pair_1_pair_json_shape_and_refusal_while_results_missing(event, capsys):
    data, eid = event
    rc, out, _ = run(capsys, "--data-dir", data, "pair", eid, "--json")
    assert rc == 0
    doc = json.loads(out)
    assert doc["round"] == 1
    tables = doc["pairings"]
    assert [t["table"] for t in tables] == [1, 2, 3]
    assert tables[-1]["p2"] is None  # five players: a bye on the last table
    seen = [t["p1"]["id"] for t in tables] + [t["p2"]["id"] for t in tables if t["p2"]]
    assert sorted(seen) == ["p1", "p2", "p3", "p4", "p5"]
    assert set(tables[0]["p1"]) == {"id", "name", "points"}
    rc, _, err = run(capsys, "--data-dir", data, "pair", eid)
    assert rc == 1 and "1, 2" in err  # lists the tables still missing


def test_g_bo3_result_refused_with_rule_and_nothing_changes(event, capsys, tmp_path):
    data, eid = event
    run(capsys, "--data-dir", data, "pair", eid)
    path = next((tmp_path / "events").glob("*.json"))
    before = path.read_bytes()
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "1", "3-0")
    assert rc == 1 and "G-BO3" in err and err.count("\n") == 1
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "3", "2-0")
    assert rc == 1 and "bye" in err
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "9", "2-0")
    assert rc == 1 and "table 9" in err
    assert path.read_bytes() == before


def test_g_swiss_points_results_from_stdin_then_standings_json(event, capsys, monkeypatch):
    data, eid = event
    run(capsys, "--data-dir", data, "pair", eid)
    monkeypatch.setattr("sys.stdin", io.StringIO("1 2-1\n2 1-1\n"))
    rc, out, err = run(capsys, "--data-dir", data, "result", eid, "-", "--time-called")
    assert rc == 0, err
    assert "round complete" in out
    rc, out, _ = run(capsys, "--data-dir", data, "standings", eid, "--json")
    doc = json.loads(out)
    assert doc["round"] == 1
    rows = doc["standings"]
    assert set(rows[0]) == {"rank", "id", "name", "points", "record", "op", "omw", "gw", "ogw", "status"}
    assert sorted(r["points"] for r in rows) == [0, 1, 1, 3, 3]  # win, bye, two draws, a loss
    assert sum(r["points"] for r in rows) == 3 + 3 + 2


def test_g_se_top_cut_then_final_then_finished(tmp_path, capsys):
    data = str(tmp_path)
    run(capsys, "--data-dir", data, "event", "new", "Top", "--rounds", "3", "--date", "2026-12-05", "--unsanctioned")
    eid = next((tmp_path / "events").glob("*.json")).stem
    run(capsys, "--data-dir", data, "player", "add", eid, *"ABCDEFGH")
    for _r in range(3):  # 3-0, three 2-1s: the top 4 is clear on points
        rc, out, _ = run(capsys, "--data-dir", data, "pair", eid, "--json")
        for t in json.loads(out)["pairings"]:
            run(capsys, "--data-dir", data, "result", eid, str(t["table"]), "2-0")
    rc, _, err = run(capsys, "--data-dir", data, "pair", eid)
    assert rc == 1 and "3 Swiss rounds" in err
    rc, out, err = run(capsys, "--data-dir", data, "top", eid, "4", "--json")
    assert rc == 0, err
    semis = json.loads(out)
    assert semis["stage"] == "top" and len(semis["pairings"]) == 2
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "1", "1-1")
    assert rc == 1 and "G-SE" in err
    run(capsys, "--data-dir", data, "result", eid, "1", "2-1")
    run(capsys, "--data-dir", data, "result", eid, "2", "0-2")
    rc, out, _ = run(capsys, "--data-dir", data, "pair", eid, "--json")
    final = json.loads(out)
    assert len(final["pairings"]) == 1
    run(capsys, "--data-dir", data, "result", eid, "1", "2-0")
    rc, _, err = run(capsys, "--data-dir", data, "pair", eid)
    assert rc == 1 and "finished" in err


# modules a command must not load unless it uses them (issue 31: start-up; the command line in README.md)
ENGINES = (
    "core.tournament.pairing",
    "core.tournament.matching",
    "core.reports",
    "core.rules.eventfile",
    "core.cards",
    "limited",
    "jsonschema",
    "textual",
    "rich",
    "starlette",
    "uvicorn",
)


def _modules_after(argv: list[str]) -> set[str]:
    """The modules a fresh ``lycee ARGV`` process has loaded when it is done."""
    import subprocess
    import sys

    code = (
        "import sys\nfrom tui.cli import main\nrc = main(sys.argv[1:])\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\nsys.exit(rc)"
    )
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return set(out.stderr.split())


def test_design3_help_and_result_load_no_engine_they_do_not_use(event, capsys):
    """`lycee --help` loads no engine at all, and `lycee result` none but the
    rules of a result: no pairing, report, event-file schema, card or limited
    engine and no UI library (measured in benchmarks/cli.py; this keeps it so)."""
    data, eid = event
    assert main(["--data-dir", data, "pair", eid]) == 0
    capsys.readouterr()
    helped = _modules_after(["--help"])
    assert not [m for m in helped if m.startswith(ENGINES + ("core.tournament", "core.store", "core.desk"))]
    recorded = _modules_after(["--data-dir", data, "result", eid, "1", "2-1"])
    assert "core.desk" in recorded  # it did record the result
    assert not [m for m in recorded if m.startswith(ENGINES)]
    rc, out, _err = run(capsys, "--data-dir", data, "standings", eid, "--json")
    assert json.loads(out)["round"] == 1
