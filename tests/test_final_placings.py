"""Issue 12: final placings after the top cut (G-SE, G-TIE-PLAYOFF), the
third-place plan, penalties outside a round on the scorecard (G-PEN-3),
guarded corrections (the command line in README.md ``--correct``), ``--time-called``
(G-BO3-TIME), ``player drop --no-forfeit`` (G-DROP-2), minutes advice
(G-MATCH-TIME) and a scorecard with results missing, all through the
command line."""

from __future__ import annotations

import csv
import io
import json

import pytest

from core.event.timing import minutes_advice
from tui.cli import main

NAMES = list("ABCDEFGHIJ")


def run(capsys, *argv):
    rc = main(list(argv))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def ok(capsys, *argv) -> str:
    rc, out, err = run(capsys, *argv)
    assert rc == 0, err
    return out


def new_event(capsys, data, *extra, players=NAMES) -> str:
    eid = ok(
        capsys,
        "--data-dir",
        data,
        "event",
        "new",
        "Store Cup",
        "--date",
        "2026-12-06",
        "--organizer",
        "Org",
        "--judge",
        "J",
        "--head-judge",
        "HJ",
        *extra,
    ).strip()
    ok(capsys, "--data-dir", data, "player", "add", eid, *players)
    return eid


def earlier_name_wins(pairing: dict) -> str:
    """The result from p1's side when the alphabetically earlier name wins."""
    return "2-0" if pairing["p1"]["name"] < pairing["p2"]["name"] else "0-2"


def play_round(capsys, data, eid, doc: dict) -> dict[int, str]:
    """Enter every result of a paired round; return table -> winner name."""
    winners = {}
    for p in doc["pairings"]:
        if p["p2"] is None:
            winners[p["table"]] = p["p1"]["name"]
            continue
        res = earlier_name_wins(p)
        ok(capsys, "--data-dir", data, "result", eid, str(p["table"]), res)
        winners[p["table"]] = min(p["p1"]["name"], p["p2"]["name"])
    return winners


def loser(p: dict) -> str:
    return max(p["p1"]["name"], p["p2"]["name"])


def test_g_se_whole_event_top_8_with_third_place_match_every_place_checked(tmp_path, capsys):
    """G-SE / G-TIE-PLAYOFF, the command line in README.md: ten players, three Swiss rounds
    (two drop after round 1), a top 8 with a third-place match; every place
    in ``standings --json``, the report and the scorecard: 1 the winner, 2 the
    finalist, 3/4 by the third-place match, the quarter-final losers by seed
    sharing place 5-8, then the two dropped players in Swiss order."""
    data = str(tmp_path)
    eid = new_event(capsys, data, "--rounds", "3")
    # a decklist problem at registration: a Notice before round 1 (G-PEN-3)
    ok(capsys, "--data-dir", data, "penalty", eid, "A", "notice", "--reason", "decklist: 59 cards")
    for r in range(3):
        doc = json.loads(ok(capsys, "--data-dir", data, "pair", eid, "--json"))
        play_round(capsys, data, eid, doc)
        if r == 0:
            for name in ("I", "J"):
                ok(capsys, "--data-dir", data, "player", "drop", eid, name)
    swiss = json.loads(ok(capsys, "--data-dir", data, "standings", eid, "--json"))
    assert "final" not in swiss
    swiss_order = [row["name"] for row in swiss["standings"]]
    seeds = {
        name: i + 1 for i, name in enumerate(row["name"] for row in swiss["standings"] if row["status"] == "active")
    }
    outside = [n for n in swiss_order if n in ("I", "J")]
    rank = {row["name"]: row["rank"] for row in swiss["standings"]}
    shared = rank["I"] == rank["J"]  # equal on every tiebreaker: they share 9th (G-TIE-1)

    qf = json.loads(ok(capsys, "--data-dir", data, "top", eid, "8", "--third-place", "--json"))
    assert qf["label"] == "Quarter-final" and len(qf["pairings"]) == 4
    # the scorecard while results are missing says so, on the sheet and here
    rc, out, err = run(capsys, "--data-dir", data, "export", eid, "--what", "scorecard", "--format", "csv")
    assert rc == 0 and "incomplete" in err and "round 4 table 1" in err
    assert out.count("missing") >= 4
    play_round(capsys, data, eid, qf)
    qf_losers = sorted((loser(p) for p in qf["pairings"]), key=seeds.get)

    sf = json.loads(ok(capsys, "--data-dir", data, "pair", eid, "--json"))
    assert sf["label"] == "Semi-final" and len(sf["pairings"]) == 2
    # table 1 first with `lycee result`: the third-place plan must survive it
    play_round(capsys, data, eid, sf)
    sf_losers = [loser(p) for p in sf["pairings"]]

    fin = json.loads(ok(capsys, "--data-dir", data, "pair", eid, "--json"))
    assert fin["label"] == "Final"
    assert [p["label"] for p in fin["pairings"]] == ["Final", "Third-place match"]
    assert {fin["pairings"][1]["p1"]["name"], fin["pairings"][1]["p2"]["name"]} == set(sf_losers)
    play_round(capsys, data, eid, fin)
    final, third = fin["pairings"]
    expected = [
        min(final["p1"]["name"], final["p2"]["name"]),
        loser(final),
        min(third["p1"]["name"], third["p2"]["name"]),
        loser(third),
        *qf_losers,
        *outside,
    ]
    assert sorted(expected) == sorted(NAMES)

    doc = json.loads(ok(capsys, "--data-dir", data, "standings", eid, "--json"))
    assert doc["final"] is True
    assert [row["name"] for row in doc["standings"]] == expected
    assert [row["place"] for row in doc["standings"]] == list(range(1, 10)) + [9 if shared else 10]
    assert [row["reached"] for row in doc["standings"]][:8] == (
        ["winner", "final", "third_place", "third_place"] + ["quarter-final"] * 4
    )
    text = ok(capsys, "--data-dir", data, "standings", eid)
    assert text.startswith("Final standings")

    report = list(
        csv.reader(io.StringIO(ok(capsys, "--data-dir", data, "export", eid, "--what", "report", "--format", "csv")))
    )
    items = {row[0]: row[1] for row in report[1:]}
    assert items["Winner"] == expected[0]
    # the quarter-final losers, whom no match ordered, share 5-8 (issue 48 item 9), listed by seed
    places = ["1", "2", "3", "4", *["5-8"] * 4, "9", "9" if shared else "10"]
    placed = [row[:2] for row in report[1:] if row[0].startswith("Place ")]
    assert [p for p, _who in placed] == [f"Place {p}" for p in places[:8]]
    for (_p, who), name in zip(placed, expected, strict=False):
        assert who.startswith(name + " ")

    rc, out, err = run(capsys, "--data-dir", data, "export", eid, "--what", "scorecard", "--format", "csv")
    assert rc == 0 and err == ""
    rows = list(csv.reader(io.StringIO(out)))
    stages = [row[1] for row in rows[1:] if row[0] not in ("-",)]
    assert stages.count("Quarter-final") == 4 and stages.count("Semi-final") == 2
    assert stages.count("Final") == 1 and stages.count("Third-place match") == 1
    placed = [(row[7], row[3]) for row in rows if row[1] == "final placing"]
    assert placed == [(f"Place {p}", name) for p, name in zip(places, expected, strict=True)]
    pen = [row for row in rows if row[1] == "outside the rounds"]
    assert len(pen) == 1 and pen[0][3] == "A" and pen[0][4] == "N" and "decklist: 59 cards" in pen[0][8]
    assert "2026" in pen[0][8] or ":" in pen[0][8]  # with its time

    rc, _, err = run(capsys, "--data-dir", data, "pair", eid)
    assert rc == 1 and "finished" in err


def test_g_se_third_place_plan_survives_a_result_on_the_first_semi_final(tmp_path, capsys):
    """G-SE, issue 12 item 2: `lycee result` on table 1 of the semi-finals
    kept the plan in that match's note and wiped it; the plan is the round's."""
    data = str(tmp_path)
    eid = new_event(capsys, data, "--rounds", "3", "--unsanctioned", players=list("ABCDEFGH"))
    for _r in range(3):  # 3-0 and three 2-1s: the top 4 is clear on points
        play_round(capsys, data, eid, json.loads(ok(capsys, "--data-dir", data, "pair", eid, "--json")))
    sf = json.loads(ok(capsys, "--data-dir", data, "top", eid, "4", "--third-place", "--json"))
    ok(capsys, "--data-dir", data, "result", eid, "1", earlier_name_wins(sf["pairings"][0]))
    ok(capsys, "--data-dir", data, "result", eid, "2", earlier_name_wins(sf["pairings"][1]))
    fin = json.loads(ok(capsys, "--data-dir", data, "pair", eid, "--json"))
    assert len(fin["pairings"]) == 2 and fin["pairings"][1]["label"] == "Third-place match"
    doc = json.loads(ok(capsys, "--data-dir", data, "export", eid))
    assert doc["rounds"][3].get("third_place") is True  # in the event file as well


def test_g_pen_3_penalty_before_round_1_is_on_the_scorecard_with_its_time(tmp_path, capsys):
    """G-PEN-3: a Notice at registration (no round yet) gets a scorecard line
    with its N mark and time."""
    data = str(tmp_path)
    eid = new_event(capsys, data, players=["Ann", "Ben"])
    ok(capsys, "--data-dir", data, "penalty", eid, "Ann", "notice", "--reason", "decklist late")
    ok(capsys, "--data-dir", data, "pair", eid)
    out = ok(capsys, "--data-dir", data, "export", eid, "--what", "scorecard", "--format", "json")
    rows = json.loads(out)["rows"]
    pen = [r for r in rows if r[3] == "Ann" and r[4] == "N"]
    assert len(pen) == 1 and "decklist late" in pen[0][8] and "penalty #1 at " in pen[0][8]


# -- corrections (the command line in README.md: --correct) -------------------------------------------------


@pytest.fixture
def paired(tmp_path, capsys):
    data = str(tmp_path)
    eid = new_event(capsys, data, players=["Ann", "Ben", "Cho", "Dai"])
    doc = json.loads(ok(capsys, "--data-dir", data, "pair", eid, "--json"))
    return data, eid, doc, tmp_path / "events" / f"{eid}.json"


def test_design3_result_on_a_reported_table_needs_correct(paired, capsys):
    """the command line in README.md: a result replaces another only with --correct; the log says so."""
    data, eid, doc, path = paired
    ok(capsys, "--data-dir", data, "result", eid, "1", "2-0")
    before = path.read_bytes()
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "1", "0-2")
    assert rc == 1 and "already has a result (2-0)" in err and "--correct" in err and err.count("\n") == 1
    assert path.read_bytes() == before
    ok(capsys, "--data-dir", data, "result", eid, "1", "0-2", "--correct")
    log = ok(capsys, "--data-dir", data, "log", eid)
    assert "0-2 · correction" in log


def test_design3_a_table_twice_in_one_batch_refuses_the_whole_batch(paired, capsys, monkeypatch):
    data, eid, doc, path = paired
    before = path.read_bytes()
    monkeypatch.setattr("sys.stdin", io.StringIO("1 2-0\n2 2-1\n1 0-2\n"))
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "-")
    assert rc == 1 and "table 1 is given twice (lines 1 and 3)" in err
    assert path.read_bytes() == before


def test_g_drop_2_forfeit_changes_only_by_undo_or_the_head_judge(paired, capsys):
    """G-DROP-2 / G-HEAD-JUDGE: the loss a drop recorded cannot be turned into
    a win with a plain --correct; the head judge's correction is logged."""
    data, eid, doc, path = paired
    dropped = doc["pairings"][0]["p1"]["name"]
    ok(capsys, "--data-dir", data, "player", "drop", eid, dropped)
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "1", "2-0", "--correct")
    assert rc == 1 and "drop" in err and "head judge" in err
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "1", "2-0", "--correct", "--by", "J")
    assert rc == 1 and "[G-HEAD-JUDGE]" in err
    ok(capsys, "--data-dir", data, "result", eid, "1", "2-0", "--correct", "--by", "HJ")
    assert "correction by head judge HJ" in ok(capsys, "--data-dir", data, "log", eid)


def test_design3_round_0_is_refused_like_any_impossible_round(paired, capsys):
    data, eid, doc, path = paired
    before = path.read_bytes()
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "1", "2-0", "--round", "0")
    assert rc == 1 and "round 0" in err
    assert path.read_bytes() == before


def test_g_se_swiss_result_under_a_top_cut_and_a_finished_event_are_protected(tmp_path, capsys):
    """G-SE: once the top cut is made, a Swiss result changes only by undo or
    the head judge; so does any result of a finished event."""
    data = str(tmp_path)
    eid = new_event(capsys, data, "--rounds", "1", players=["Ann", "Ben", "Cho", "Dai"])
    play_round(capsys, data, eid, json.loads(ok(capsys, "--data-dir", data, "pair", eid, "--json")))
    ok(capsys, "--data-dir", data, "top", eid, "2")
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "1", "0-2", "--round", "1", "--correct")
    assert rc == 1 and "top cut" in err
    ok(capsys, "--data-dir", data, "result", eid, "1", "2-0")
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "1", "0-2", "--correct")
    assert rc == 1 and "finished" in err
    ok(capsys, "--data-dir", data, "result", eid, "1", "0-2", "--correct", "--by", "HJ")


# -- the questionable items --------------------------------------------------------------------


def test_g_bo3_time_result_only_time_can_produce_needs_time_called(paired, capsys):
    """G-BO3-TIME: 1-1 while the round has time is refused without
    --time-called; with it, accepted and noted in the log."""
    data, eid, doc, path = paired
    before = path.read_bytes()
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, "1", "1-1")
    assert rc == 1 and "[G-BO3-TIME]" in err and "--time-called" in err
    assert path.read_bytes() == before
    ok(capsys, "--data-dir", data, "result", eid, "1", "1-1", "--time-called")
    assert "time called" in ok(capsys, "--data-dir", data, "log", eid)
    ok(capsys, "--data-dir", data, "result", eid, "2", "2-1")  # a finished match needs no call


def test_g_drop_2_no_forfeit_leaves_the_match_to_its_result(paired, capsys):
    """G-DROP-2: the dropped player *may* be given the loss; --no-forfeit
    leaves the match open for the result the organizer enters."""
    data, eid, doc, path = paired
    name = doc["pairings"][0]["p2"]["name"]
    out = ok(capsys, "--data-dir", data, "player", "drop", eid, name, "--no-forfeit")
    assert "waits for the result" in out
    ev = json.loads(ok(capsys, "--data-dir", data, "export", eid))
    assert ev["rounds"][0]["matches"][0]["outcome"] is None
    ok(capsys, "--data-dir", data, "result", eid, "1", "0-2")
    ev = json.loads(ok(capsys, "--data-dir", data, "export", eid))
    assert ev["rounds"][0]["matches"][0]["outcome"] == "p2"


def test_g_match_time_minutes_outside_the_range_print_the_range(tmp_path, capsys):
    """G-MATCH-TIME / G-BO1: event new --minutes outside the recommended range warns."""
    rc, out, err = run(capsys, "--data-dir", str(tmp_path), "event", "new", "Short", "--minutes", "30")
    assert rc == 0 and out.strip() and "50 to 100 minutes" in err and "G-MATCH-TIME" in err
    rc, out, err = run(capsys, "--data-dir", str(tmp_path), "event", "new", "Fine", "--minutes", "60")
    assert rc == 0 and err == ""
    assert minutes_advice("bo1", 30) is None
    assert "20 to 40" in minutes_advice("bo1", 45)
    assert "30 to 50" in minutes_advice("bo3", 60, kind="sealed")
