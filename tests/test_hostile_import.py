"""Issue 23: `lycee import` is as strict as the reducers and `lycee verify`
never crashes (docs/eventfile.md; docs/names.md "What import checks";
docs/verify.md).

A hostile tester imported ``p2_wins: 0.0``: import said yes, then
`standings`, `log`, `verify` and `player add` all failed with "Expected
`int`, got `float`".  Here every file import accepts is opened, paired where
the event allows, exported, verified and imported again; every file it
refuses is refused with a JSON path.  And `lycee verify FILE` reads the same
hostile corpus: findings at JSON paths and exit 1, never a traceback."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.desk import Desk
from core.errors import LyceeError, ValidationError
from core.reports.verify import verify_doc
from core.rules.eventfile import event_from_doc, load_doc, parse_doc, structure_problems, to_doc
from core.store import DataDir
from core.tournament.ranking import standings_json
from tests.engine_helpers import json_paths
from tests.strategies import mutations
from tui.cli import main

STAFF = {"organizer": "Org", "judges": ["J1"], "head_judge": "HJ"}
#: A JSON path as problems name them: $, $.key, $.key[0]...
PATH = re.compile(r"\$(\.[A-Za-z_]+|\[\d+\])*")


def _export(ev) -> dict:
    return json.loads(json.dumps(to_doc(ev), ensure_ascii=False))


def _docs() -> list[dict]:
    """Valid exports: a Swiss event with a bye, a drop, a penalty and a late
    entry; and a Swiss event cut to a top 4 played out with a third place."""
    import tempfile

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        dd = DataDir(tmp)
        s = dd.create({"name": "Cup", "date": "2026-11-30", "sanctioned": False, "staff": STAFF})
        d = Desk(s)
        d.add_players(["A", "B", "C", "D", "E"])
        for r in range(2):
            d.pair_next(seed=r)
            for m in d.event.current_round.matches:
                if m.p2 is not None and m.outcome is None:
                    d.record(m.table, "2-1" if r else "1-1-1", time_called=not r)
            if r == 0:
                d.drop("p5")
                d.add_players(["F"])
        d.penalty("p1", "notice", "slow play", by="J1")
        out.append(_export(d.event))
        s.close()
        s = dd.create({"name": "Top", "date": "2026-11-30", "staff": STAFF})
        d = Desk(s)
        d.add_players(["A", "B", "C", "D", "E", "F"])
        for r in range(2):
            d.pair_next(seed=r)
            for m in d.event.current_round.matches:
                if m.p2 is not None:
                    d.record(m.table, "2-0")
        d.top_cut(4, third_place=True, end_swiss=True)  # before the rounds fixed at round 1 (L-ROUNDS)
        for m in d.event.current_round.matches:
            d.record(m.table, "2-1")
        d.pair_next()
        out.append(_export(d.event))
        s.close()
    return out


DOCS = _docs()


PATHS = [[p for p in json_paths(doc) if p] for doc in DOCS]


def _swaps(v) -> list:
    """Values of another type in the place of ``v`` (int -> float, -0.0,
    bool, str, null; and so on), ``v`` nested one level too deep, and a few
    of the right type that do not fit (an unknown player id, a count + 1)."""
    if isinstance(v, bool):
        return [int(v), str(v).lower(), None, [v]]
    if isinstance(v, int):
        return [float(v), -0.0, v + 0.5, bool(v), str(v), None, [v], {"v": v}, v + 1, 0]
    if isinstance(v, str):
        return [1, 0.0, True, None, [v], {"v": v}, v + " ", "p9", "p1", "draw"]
    if isinstance(v, list):
        return [None, {}, "x", v[:1] * 2, [v], 0]
    if isinstance(v, dict):
        return [None, [v], "x", {**v, "zz_extra": 1}, 0.0]
    return [0, 0.0, False, "", [], {}]


def _mutate(doc: dict, paths, muts) -> dict:
    for pick, op, k in muts:
        path = paths[pick % len(paths)]
        x = doc
        try:
            for key in path[:-1]:
                x = x[key]
            last = path[-1]
            cur = x[last]
        except (KeyError, IndexError, TypeError):
            continue
        if op == "swap":
            opts = _swaps(cur)
            x[last] = opts[k % len(opts)]
        elif op == "delete":
            del x[last]
        elif op == "extra" and isinstance(cur, dict):
            cur[f"zz{k}"] = k
        elif op == "nest":
            x[last] = [cur] if k % 2 else {"x": cur}
    return doc


def _works_end_to_end(tmp, parsed: dict, ev) -> None:
    """Stored, then every command of the hostile report works: open, the
    standings, the log, a player added, the next round paired where the
    event allows, the export, the checker, and the export imported again."""
    dd = DataDir(tmp)
    store = dd.import_event(parsed, event=ev)
    eid = store.id
    store.close()
    assert dd.read(eid) == ev  # opened: replayed from the journal as the journal reads it
    for argv in (["standings", eid, "--json"], ["log", eid], ["verify", eid], ["player", "add", eid, "Zed"]):
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            rc = main(["--data-dir", str(tmp), *argv])
        # verify may find something; a player may be refused by a rule (the top cut is made)
        assert rc == 0 or (argv[0] in ("verify", "player") and rc == 1), (argv, err.getvalue())
        assert "cannot be applied" not in err.getvalue() and "Traceback" not in err.getvalue()
    store = dd.open(eid)
    try:
        desk = Desk(store)
        try:
            desk.pair_next()
        except LyceeError as err:  # refused with a reason (a result missing, the bracket finished...)
            assert str(err)
        after = desk.event
    finally:
        store.close()
    exported = _export(after)
    verify_doc(exported, standings_json(after))  # a report, whatever it finds
    assert event_from_doc(exported) == after


@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(which=st.integers(0, len(DOCS) - 1), muts=st.lists(mutations, min_size=1, max_size=3))
def test_design4_whatever_import_accepts_opens_pairs_exports_verifies_and_reimports(tmp_path_factory, which, muts):
    """Mutated valid exports (type swaps int -> float/bool/str/null, removed
    keys, extra keys, wrong nesting): import refuses cleanly, naming a JSON
    path, or the event works end to end.  The checker reads every one of
    them without an exception."""
    doc = _mutate(copy.deepcopy(DOCS[which]), PATHS[which], muts)
    text = json.dumps(doc, ensure_ascii=False)
    parsed = parse_doc(text, "fuzz.json")
    for strict in (True, False):  # the fast schema check agrees with the one that names every problem
        assert bool(structure_problems(parsed, strict, fast=True)) == bool(
            structure_problems(parsed, strict, fast=False)
        )
    rep = verify_doc(copy.deepcopy(parsed))  # never raises (issue 23 item 11)
    assert rep.ok or all(f.message for f in rep.findings)
    try:
        ev = event_from_doc(parsed, "fuzz.json")
    except ValidationError as err:
        assert err.problems and all(PATH.match(where) for where, _what in err.problems), err.problems
        return
    _works_end_to_end(tmp_path_factory.mktemp("imp"), parsed, ev)


# -- the hostile report's files, through import and verify ------------------------------------------


def _set(path, value):
    def f(doc):
        x = doc
        for k in path[:-1]:
            x = x[k]
        if value is KeyError:
            del x[path[-1]]
        else:
            x[path[-1]] = value
        return doc

    return f


M0 = ("rounds", 0, "matches", 0)
#: (what is changed, the JSON path a finding must name): item 2 and the ten
#: files of item 11 that crashed `lycee verify`, then test_hostile.py's corpus.
CORPUS = [
    (_set(M0 + ("p2_wins",), 0.0), "$.rounds[0].matches[0].p2_wins"),
    (_set(M0 + ("p2_wins",), -0.0), "$.rounds[0].matches[0].p2_wins"),
    (_set(("tiebreakers",), ["xyz"]), "$.tiebreakers[0]"),
    (_set(M0 + ("p1_wins",), "2"), "$.rounds[0].matches[0].p1_wins"),
    (_set(M0 + ("table",), KeyError), "$.rounds[0].matches[0]"),
    (_set(("players", 0, "id"), KeyError), "$.players[0]"),
    (_set(("rounds", 0), "round 1"), "$.rounds[0]"),
    (_set(("rounds", 0, "matches"), None), "$.rounds[0].matches"),
    (_set(("tiebreakers",), None), "$.tiebreakers"),
    (_set(("rounds", 0, "number"), "1"), "$.rounds[0].number"),
    (_set(("players", 0, "dropped_after_round"), "2"), "$.players[0].dropped_after_round"),
    (_set(M0 + ("draws",), None), "$.rounds[0].matches[0].draws"),
    (_set(M0 + ("draws",), True), "$.rounds[0].matches[0].draws"),
    (_set(("minutes",), 50.0), "$.minutes"),
    (_set(("players",), {"p1": "A"}), "$.players"),
    (_set(("rounds", 0, "matches", 0, "p1"), ["p1"]), "$.rounds[0].matches[0].p1"),
    (lambda doc: [doc], "$"),
    (lambda doc: None, "$"),
    # test_eventfile.py's: every problem listed with its path
    (_set(("kind",), "chess"), "$.kind"),
    (_set(("minutes",), "fifty"), "$.minutes"),
    (_set(("date",), KeyError), "$"),
    (_set(("players", 1, "name"), 7), "$.players[1].name"),
    # test_hostile.py's import corpus (wrong types and unknown keys; the checker reads unknown keys)
    (_set(("rounds", 0, "matches", 0, "table"), 10**30), None),
    (_set(("players", 0, "name"), "A\x1b[2J"), None),
    (_set(("surprise",), 1), None),
]


@pytest.mark.parametrize("change,where", CORPUS)
def test_design4_verify_reads_every_hostile_file_with_findings_at_jsonjson_paths(tmp_path, capsys, change, where):
    """docs/verify.md: a malformed file gives findings naming the JSON path
    and exit 1, no traceback; import refuses the same file at the same path."""
    doc = change(copy.deepcopy(DOCS[0]))
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(doc, ensure_ascii=False))
    rc = main(["verify", str(f)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    if where is None:  # a file that is well formed for the checker: it checks it
        assert rc in (0, 1)
        return
    assert rc == 1
    assert f"[L-FILE] {where}:" in out, out
    rc = main(["--data-dir", str(tmp_path / "d"), "import", str(f)])
    err = capsys.readouterr().err
    assert rc == 1 and where in err and "Traceback" not in err


@pytest.mark.parametrize(
    "text",
    [
        "[" * 5000 + "]" * 5000,
        '{"schema": "lycee-event/1", "minutes": NaN}',
        '{"schema": "lycee-event/1", "schema": "x"}',
        "{",
        "",
    ],
)
def test_design4_verify_of_unreadable_json_is_one_line_and_exit_1(tmp_path, capsys, text):
    """The same unreadable files as test_hostile.py's import test."""
    f = tmp_path / "bad.json"
    f.write_text(text)
    rc = main(["verify", str(f)])
    out, err = capsys.readouterr()
    assert rc == 1 and "Traceback" not in out + err and err.startswith("lycee: ")


def test_design4_verify_json_lists_structure_findings(tmp_path, capsys):
    doc = _set(M0 + ("p2_wins",), 0.0)(copy.deepcopy(DOCS[0]))
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(doc))
    assert main(["verify", str(f), "--json"]) == 1
    rep = json.loads(capsys.readouterr().out)
    assert not rep["ok"]
    assert rep["findings"] == [
        {
            "round": None,
            "table": None,
            "rule": "L-FILE",
            "message": "$.rounds[0].matches[0].p2_wins: expected int, got float",
        }
    ]


# -- the size cap (item 8) ---------------------------------------------------------------------------


def test_design4_a_file_above_the_size_cap_is_refused_before_it_is_parsed(tmp_path, capsys, monkeypatch):
    """docs/names.md: 20 MB by default, LYCEE_IMPORT_MAX_MB or --max-mb to
    change it; the refusal names the size and the limit.  The file here is
    not even JSON: it is never parsed."""
    f = tmp_path / "big.json"
    f.write_bytes(b"x" * 2_500_000)
    monkeypatch.setenv("LYCEE_IMPORT_MAX_MB", "2")
    rc = main(["--data-dir", str(tmp_path / "d"), "import", str(f)])
    err = capsys.readouterr().err
    assert rc == 1 and "2.5 MB" in err and "2 MB" in err and "LYCEE_IMPORT_MAX_MB" in err
    assert err.count("\n") == 1
    rc = main(["verify", str(f)])
    assert rc == 1 and "2.5 MB" in capsys.readouterr().err
    # a larger limit by flag: now it is read, and refused as JSON
    rc = main(["--data-dir", str(tmp_path / "d"), "import", "--max-mb", "3", str(f)])
    err = capsys.readouterr().err
    assert rc == 1 and "MB" not in err and "line 1 column 1" in err
    monkeypatch.delenv("LYCEE_IMPORT_MAX_MB")
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps(DOCS[0]))
    assert load_doc(ok) == DOCS[0]  # under the 20 MB default
    with pytest.raises(LyceeError, match=re.escape("0.001 MB")):
        load_doc(ok, max_mb=0.001)
    monkeypatch.setenv("LYCEE_IMPORT_MAX_MB", "lots")
    rc = main(["--data-dir", str(tmp_path / "d"), "import", str(ok)])
    assert rc == 1 and "LYCEE_IMPORT_MAX_MB" in capsys.readouterr().err


def test_design4_an_overlong_list_is_refused_quickly_at_its_path():
    """A 100,000-table round is refused by its length, before 100,000 matches
    are validated one by one (that took seconds)."""
    doc = copy.deepcopy(DOCS[0])
    m = doc["rounds"][0]["matches"][0]
    doc["rounds"][0]["matches"] = [dict(m, table=i + 1) for i in range(100_000)]
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    assert [p for p, _ in ei.value.problems] == ["$.rounds[0].matches"]
    assert "10000" in str(ei.value)
