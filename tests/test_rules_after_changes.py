"""Issue 46: a change says what it breaks and the event stays true.

L-LATER: a correction that breaks a later round is refused naming both
choices; ``--then repair`` pairs the open round again (one record, announced),
``--then keep --by HEAD_JUDGE`` keeps it as played by a recorded ruling
(L-RULING), which verify, import and a season accept as a ruled exception.
L-SET-LOCK: settings lock once their facts exist.  Verify at least as strict
as import and the desk (L-JUDGE)."""

import json

from tests.cli_helpers import run, staffed_event

PLAYERS = ["A", "B", "C", "D", "E", "F", "G", "H"]


def _round(capsys, data, eid, result):
    for t in range(1, 5):
        rc, _out, err = run(capsys, "--data-dir", data, "result", eid, str(t), result)
        assert rc == 0, err


def _two_rounds(capsys, tmp_path, second: str | None):
    data = str(tmp_path)
    eid = staffed_event(capsys, data, PLAYERS, "2026-12-05", "--rounds", "2")
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    _round(capsys, data, eid, "2-0")
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    if second:
        _round(capsys, data, eid, second)
    return data, eid


def test_l_later_correction_under_an_open_round_is_refused_then_repaired_and_verify_holds(tmp_path, capsys):
    """L-LATER (G-SWISS-PAIR-1): the issue's steps: round 1 all 2-0, round 2
    paired, table 1 corrected to 0-2: refused naming both choices; with
    --then repair round 2 is paired again, announced, and verify exits 0."""
    data, eid = _two_rounds(capsys, tmp_path, None)
    rc, _out, err = run(capsys, "--data-dir", data, "result", eid, "1", "0-2", "--correct", "--round", "1")
    assert rc == 1 and "L-LATER" in err and "--then repair" in err and "--then keep" in err and "round 2" in err
    assert run(capsys, "--data-dir", data, "verify", eid)[0] == 0  # nothing was stored
    rc, _out, err = run(
        capsys, "--data-dir", data, "result", eid, "1", "0-2", "--correct", "--round", "1", "--then", "repair"
    )
    assert rc == 0, err
    rc, out, _err = run(capsys, "--data-dir", data, "verify", eid)
    assert rc == 0, out
    rc, out, _err = run(capsys, "--data-dir", data, "export", eid)
    doc = json.loads(out)
    assert doc["rounds"][0]["matches"][0]["p2_wins"] == 2 and len(doc["rounds"]) == 2
    assert "rulings" not in doc
    rc, out, _err = run(capsys, "--data-dir", data, "pair", eid)  # round 2 holds, with the corrected points
    assert rc == 1


def test_l_later_correction_under_a_played_round_is_kept_by_the_head_judges_ruling(tmp_path, capsys):
    """L-LATER, L-RULING (G-HEAD-JUDGE): round 2 has results: repair is
    refused, keep needs the head judge; kept, verify exits 0 and lists the
    ruled exception; the event file carries the ruling and imports."""
    data, eid = _two_rounds(capsys, tmp_path, "2-1")
    base = ["--data-dir", data, "result", eid, "1", "0-2", "--correct", "--round", "1"]
    rc, _out, err = run(capsys, *base)
    assert rc == 1 and "--then keep" in err and "lycee undo" in err
    assert "What breaks: round 2: [G-SWISS-PAIR-1]" in err and "tables" in err and "$." not in err, err
    rc, _out, err = run(capsys, *base, "--then", "repair")
    assert rc == 1 and "cannot be paired again" in err
    rc, _out, err = run(capsys, *base, "--then", "keep")
    assert rc == 1 and "G-HEAD-JUDGE" in err
    rc, _out, err = run(capsys, *base, "--then", "keep", "--by", "O")
    assert rc == 1 and "only the head judge" in err
    rc, _out, err = run(capsys, *base, "--then", "keep", "--by", "J")
    assert rc == 0, err
    rc, out, _err = run(capsys, "--data-dir", data, "verify", eid)
    assert rc == 0 and "ruled exception" in out and "G-SWISS-PAIR-1" in out
    rc, out, _err = run(capsys, "--data-dir", data, "verify", eid, "--json")
    doc = json.loads(out)
    assert doc["ok"] and doc["findings"] == [] and doc["ruled"][0]["rule"] == "G-SWISS-PAIR-1"
    f = tmp_path / "e.json"
    assert run(capsys, "--data-dir", data, "export", eid, "-o", str(f))[0] == 0
    exported = json.loads(f.read_text(encoding="utf-8"))
    assert exported["rulings"][0]["by"] == "J"
    # the event report names the ruling: who, why, what it keeps (it was only in the event file)
    rc, out, _err = run(capsys, "--data-dir", data, "export", eid, "--what", "report", "--format", "csv")
    assert "Head judge's ruling" in out and "kept as played: round 2 (G-SWISS-PAIR-1)" in out, out
    rc, _out, err = run(capsys, "--data-dir", str(tmp_path / "other"), "import", str(f))
    assert rc == 0, err
    # the same file without its ruling is refused: the finding is the head judge's to keep
    del exported["rulings"]
    f.write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
    rc, _out, err = run(capsys, "--data-dir", str(tmp_path / "third"), "import", str(f))
    assert rc == 1 and "G-SWISS-PAIR-1" in err


def test_l_later_undo_takes_back_a_kept_correction_with_its_ruling_and_redo_brings_both(tmp_path, capsys):
    """L-LATER, L-RULING: after a correction kept by the head judge's ruling, `lycee undo` takes
    back both (it took back the ruling alone, and verify then failed on round 2's pairings: the
    desk's own event broke its rule) and says so; verify exits 0; `lycee redo` brings both back."""
    data, eid = _two_rounds(capsys, tmp_path, "2-1")
    base = ["--data-dir", data, "result", eid, "1", "0-2", "--correct", "--round", "1"]
    assert run(capsys, *base, "--then", "keep", "--by", "J")[0] == 0
    rc, out, err = run(capsys, "--data-dir", data, "undo", eid)
    assert rc == 0 and "0-2" in out and "ruling" in out, out + err
    rc, out, _err = run(capsys, "--data-dir", data, "verify", eid)
    assert rc == 0 and "ruled exception" not in out, out
    rc, out, _err = run(capsys, "--data-dir", data, "export", eid)
    doc = json.loads(out)
    assert doc["rounds"][0]["matches"][0]["p1_wins"] == 2 and "rulings" not in doc
    rc, out, err = run(capsys, "--data-dir", data, "redo", eid)
    assert rc == 0, err
    rc, out, _err = run(capsys, "--data-dir", data, "verify", eid)
    assert rc == 0 and "ruled exception" in out, out
    doc = json.loads(run(capsys, "--data-dir", data, "export", eid)[1])
    assert doc["rounds"][0]["matches"][0]["p2_wins"] == 2 and doc["rulings"][0]["by"] == "J"


def test_l_set_lock_match_type_once_paired_tiebreakers_once_final(tmp_path, capsys):
    """L-SET-LOCK (G-BO3, G-TIE-1): the match type locks once round 1 is
    paired, the tiebreakers once the final standings are out; each refusal
    names what to undo; spectating changed mid-event warns (G-SPECTATE)."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, PLAYERS, "2026-12-05", "--rounds", "1")
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    rc, _out, err = run(capsys, "--data-dir", data, "event", "set", eid, "--match", "bo1")
    assert rc == 1 and "round 1 is paired" in err and "undo" in err
    rc, _out, err = run(capsys, "--data-dir", data, "event", "set", eid, "--no-spectating")
    assert rc == 0 and "G-SPECTATE" in err and "beforehand" in err
    _round(capsys, data, eid, "2-1")
    rc, _out, err = run(capsys, "--data-dir", data, "event", "set", eid, "--tiebreakers", "gw")
    assert rc == 1 and "final standings" in err and "undo" in err
    assert run(capsys, "--data-dir", data, "verify", eid)[0] == 0


def _corrupt_head_judge(doc):
    doc["staff"]["head_judge"] = "Z"


def _corrupt_head_judge_unsanctioned(doc):
    doc["staff"]["head_judge"] = "Z"
    doc["sanctioned"] = False


def _corrupt_double_loss(doc):
    doc["rounds"][-1]["matches"][0].update(outcome="double_loss", p1_wins=2, p2_wins=1)


def test_l_judge_every_corruption_import_refuses_the_checker_reports_too(tmp_path, capsys):
    """L-JUDGE (G-HEAD-JUDGE, G-LATE-1): the issue's staff and double-loss
    corruptions: import refuses each, and the independent checker (verify
    without the import's replay) names each with its rule id."""
    from core.reports.judge import judge_doc
    from core.reports.verify import verify_doc

    data, eid = _two_rounds(capsys, tmp_path, "2-1")
    rc, out, _err = run(capsys, "--data-dir", data, "export", eid)
    base = json.loads(out)
    for corrupt, rule in (
        (_corrupt_head_judge, "G-HEAD-JUDGE"),
        (_corrupt_head_judge_unsanctioned, "G-HEAD-JUDGE"),
        (_corrupt_double_loss, "G-LATE-1"),
    ):
        doc = json.loads(json.dumps(base))
        corrupt(doc)
        assert not judge_doc(doc).ok, corrupt.__name__
        assert rule in {f.rule for f in verify_doc(doc).findings}, corrupt.__name__
        f = tmp_path / f"{corrupt.__name__}.json"
        f.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        rc, _out, err = run(capsys, "--data-dir", str(tmp_path / corrupt.__name__), "import", str(f))
        assert rc == 1 and f"[{rule}]" in err, err
        rc, out, _err = run(capsys, "--data-dir", data, "verify", str(f))
        assert rc == 1 and f"[{rule}]" in out, out


def test_l_later_a_correction_under_the_top_cut_pairs_the_final_again(tmp_path, capsys):
    """L-LATER (G-SE): the issue's second case: a top 2 cut, then the head
    judge's correction of round 2 changes who is cut: refused naming round
    3; --then repair cuts again from the corrected standings; verify exits 0."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, PLAYERS, "2026-12-05", "--rounds", "2")
    for results in (("2-0", "2-1", "0-2", "1-2"), ("2-0", "2-1", "2-0", "2-1")):
        assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
        for t, r in enumerate(results, 1):
            assert run(capsys, "--data-dir", data, "result", eid, str(t), r)[0] == 0
    assert run(capsys, "--data-dir", data, "top", eid, "2")[0] == 0
    base = ["--data-dir", data, "result", eid, "1", "0-2", "--correct", "--round", "2", "--by", "J"]
    rc, _out, err = run(capsys, *base)
    assert rc == 1 and "L-LATER" in err and "round 3" in err and "G-SE" in err
    rc, out, err = run(capsys, *base, "--then", "repair")
    assert rc == 0 and "round 3 is paired again" in out, err
    assert run(capsys, "--data-dir", data, "verify", eid)[0] == 0


def test_l_later_a_batch_of_corrections_asks_the_same(tmp_path, capsys, monkeypatch):
    """L-LATER: `lycee result EVENT - --correct --round 1` (lines on stdin)
    is refused as one result is, and --then repair re-pairs round 2 with the
    whole batch in one record."""
    import io

    data, eid = _two_rounds(capsys, tmp_path, None)
    args = ["--data-dir", data, "result", eid, "-", "--correct", "--round", "1"]
    # table 1's winner now lost, so round 2 (winners met winners) is wrong
    # whoever they met; table 2 keeps its winner (2-1), so no pairing of
    # round 2 can happen to fit the corrected points
    lines = "1 0-2\n2 2-1\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    rc, _out, err = run(capsys, *args)
    assert rc == 1 and "L-LATER" in err and "--then repair" in err
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    rc, _out, err = run(capsys, *args, "--then", "repair")
    assert rc == 0, err
    assert run(capsys, "--data-dir", data, "verify", eid)[0] == 0


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

RESULTS = ["2-0", "2-1", "1-2", "0-2"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    n=st.integers(4, 9),
    played=st.lists(st.sampled_from(RESULTS), min_size=10, max_size=10),
    later_results=st.booleans(),
    fix=st.sampled_from(RESULTS),
    table=st.integers(1, 4),
)
def test_l_later_any_correction_leaves_an_event_verify_accepts(tmp_path_factory, n, played, later_results, fix, table):
    """L-LATER, L-RULING (property): on random events, any correction of
    round 1 under a paired round 2 is stored only with what it needs (a
    repair while round 2 is open, else the head judge's ruling), and the
    one judgement then accepts the event (ruled exceptions only)."""
    from core.desk import Desk
    from core.errors import LyceeError, RuleError
    from core.reports.judge import judge_event
    from core.store import DataDir

    dd = DataDir(tmp_path_factory.mktemp("ev"))
    store = dd.create(
        {
            "name": "P",
            "date": "2026-12-05",
            "sanctioned": False,
            "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
        }
    )
    d = Desk(store)
    d.add_players([f"P{i}" for i in range(n)])
    it = iter(played)
    for _r in range(2):
        d.pair_next()
        if _r == 1 and not later_results:
            break
        for m in d.event.current_round.matches:
            if m.p2 is not None:
                d.record(m.table, next(it, "2-0"))
    m = d.event.rounds[0].match_at(table)
    if m is None or m.p2 is None:
        store.close()
        return
    unchanged = d.event
    try:
        d.record(table, fix, round_number=1, correct=True)
    except RuleError as err:
        assert err.rule == "L-LATER"
        then = "keep" if later_results else "repair"
        d.record(table, fix, round_number=1, correct=True, then=then, correct_by="J")
    except LyceeError as err:  # the result it already has: nothing to correct, nothing stored
        assert "changes nothing" in str(err) and d.event == unchanged
        store.close()
        return
    assert judge_event(d.event).ok
    # undo takes back the correction with what went with it, redo brings all of it back: the event
    # stays one the judgement accepts either way (undoing the ruling alone left the correction)
    corrected = d.event
    d.undo()
    assert judge_event(d.event).ok and d.event.rounds[0].match_at(table) == m
    d.redo()
    assert judge_event(d.event).ok and d.event.rounds[0].match_at(table) == corrected.rounds[0].match_at(table)
    assert [r.matches for r in d.event.rounds] == [r.matches for r in corrected.rounds]
    store.close()


def test_l_later_a_correction_that_changes_nothing_is_refused_and_not_logged(tmp_path, capsys):
    """L-LATER (the audit trail): correcting round 1 table 1 to the 2-0 it already has stores
    nothing and says so (it was logged as a correction that changed nothing)."""
    data, eid = _two_rounds(capsys, tmp_path, None)
    before = run(capsys, "--data-dir", data, "log", eid)[1]
    rc, _out, err = run(capsys, "--data-dir", data, "result", eid, "1", "2-0", "--correct", "--round", "1")
    assert rc == 1 and "changes nothing" in err, err
    assert run(capsys, "--data-dir", data, "log", eid)[1] == before


def test_o_cards_onsale_the_report_of_an_overture_event_names_the_stores_card_list(tmp_path, capsys):
    """O-CARDS-ONSALE: an Overture event's report names the card list its deck checks follow, the
    store's imported official list by on-sale date (it named the 2008 guideline's calendar)."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, PLAYERS, "2026-12-05", "--rules", "overture")
    rc, out, _err = run(capsys, "--data-dir", data, "export", eid, "--what", "report", "--format", "csv")
    assert rc == 0 and "official card list" in out and "guideline's list of versions" not in out, out
