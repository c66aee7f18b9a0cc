"""Issue 13, "Done when": arbitrary text through the command line and the app
(docs/names.md, the command line in README.md and docs/app.md), and a fuzz of `lycee import` over
mutated valid files (docs/eventfile.md)."""

import asyncio
import copy
import io
import json
import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.text import Text

from core.desk import Desk
from core.errors import LyceeError
from core.names import REFUSED_CATEGORIES
from core.rules.eventfile import event_from_doc, parse_doc, to_doc
from core.store import DataDir
from tests.engine_helpers import json_paths
from tests.strategies import hostile_texts, json_values
from tui.app import LyceeApp
from tui.cli import main


def _refusal_ok(rc, err):
    assert rc == 1, err
    assert "Traceback" not in err
    assert err.startswith("lycee: ") and err.count("\n") == 1, err
    assert not any(unicodedata.category(c) in REFUSED_CATEGORIES for c in err[:-1]), repr(err)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(name=hostile_texts, reason=hostile_texts)
def test_names_md_any_text_as_player_name_and_reason_on_the_command_line(tmp_path_factory, name, reason):
    """Stored exactly (trimmed) or refused with one clean line; never a traceback."""
    import contextlib

    data = str(tmp_path_factory.mktemp("cli"))
    out, err = io.StringIO(), io.StringIO()

    def run(*argv):
        out.seek(0), out.truncate(), err.seek(0), err.truncate()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return main(["--data-dir", data, *argv])

    assert run("event", "new", "Cup", "--unsanctioned", "--organizer", "O", "--judge", "J", "--head-judge", "J") == 0
    eid = out.getvalue().strip()
    path = DataDir(data).event_path(eid)
    before = path.read_bytes()
    rc = run("player", "add", eid, "--", name)
    if rc == 0:
        [p] = DataDir(data).read(eid).players
        assert p.name == name.strip()
        assert run("player", "list", eid) == 0 and name.strip() in out.getvalue()
        before = path.read_bytes()
        rc = run("penalty", eid, f"id:{p.id}", "notice", f"--reason={reason}", "--by", "J")
        if rc == 0:
            assert DataDir(data).read(eid).penalties[0].reason == reason.strip()
        else:
            _refusal_ok(rc, err.getvalue())
            assert path.read_bytes() == before
    else:
        _refusal_ok(rc, err.getvalue())
        assert path.read_bytes() == before
    rc = run("event", "new", "--", name)
    if rc != 0:
        _refusal_ok(rc, err.getvalue())


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(names=st.lists(hostile_texts, min_size=1, max_size=6))
def test_design7_any_text_typed_in_the_app_is_stored_or_refused_and_shown_literally(tmp_path_factory, names):
    dd = DataDir(tmp_path_factory.mktemp("app"))
    st_ = dd.create({"name": "Cup", "sanctioned": False})
    eid = st_.id
    st_.close()

    async def session():
        app = LyceeApp(dd, open_event=eid, lang="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("ctrl+n")
            for name in names:
                known = len(screen.event.players)
                screen.query_one("#add-player").value = name
                await pilot.press("enter")
                await pilot.pause()
                ev = screen.event
                if len(ev.players) > known:
                    assert ev.players[-1].name == name.strip()
                elif name.strip():  # (a blank line adds nobody and says nothing)
                    msg = screen.query_one("#message").plain
                    assert msg and not any(unicodedata.category(c) in REFUSED_CATEGORIES for c in msg)
            table = screen.query_one("#player-table")
            for i, p in enumerate(screen.event.players):
                cell = table.get_row_at(i)[1]
                assert isinstance(cell, Text) and cell.plain == p.name and not cell.spans
            app.export_screenshot()  # the whole screen renders
            assert app.is_running and app.return_code in (None, 0)

    asyncio.run(session())


# -- the import fuzz ---------------------------------------------------------------------------------


def _valid_doc():
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        dd = DataDir(tmp)
        s = dd.create(
            {
                "name": "Cup",
                "sanctioned": False,
                "date": "2026-11-30",
                "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
            }
        )
        d = Desk(s)
        d.add_players(["A", "B", "C", "D", "E"])
        for r in range(3):
            d.pair_next()
            for m in d.event.current_round.matches:
                if m.p2 is not None and m.outcome is None:
                    d.record(m.table, "2-1" if r else "1-2", note="n" if r == 1 else "")
            if r == 0:
                d.drop("p5")
        d.penalty("p1", "notice", "slow play", by="O")
        doc = json.loads(json.dumps(to_doc(d.event)))
        s.close()
    return doc


VALID = _valid_doc()


PATHS = [p for p in json_paths(VALID) if p]
mutation = st.tuples(st.sampled_from(PATHS), st.sampled_from(["set", "delete", "extra"]), json_values)

DEFAULTS = (None, 0, False, "", [], {})


def _covers(src, out, at="$"):
    """``out`` (the export of the stored event) holds everything ``src`` (the
    imported file) said; a key missing from ``out`` only where ``src`` gave
    its default."""
    if isinstance(src, dict):
        assert isinstance(out, dict), at
        for k, v in src.items():
            if k not in out:
                assert v in DEFAULTS, f"{at}.{k}"
            else:
                _covers(v, out[k], f"{at}.{k}")
    elif isinstance(src, list):
        assert isinstance(out, list) and len(out) == len(src), at
        for i, (a, b) in enumerate(zip(src, out)):
            _covers(a, b, f"{at}[{i}]")
    else:
        assert (src == out and type(src) is type(out)) or (src == out and {type(src), type(out)} <= {int, float}), at


def _apply(doc, muts):
    for path, op, value in muts:
        x = doc
        try:
            for k in path[:-1]:
                x = x[k]
            last = path[-1]
            if op == "set":
                x[last] = value
            elif op == "delete":
                del x[last]
            elif isinstance(x[last], dict):
                x[last]["zz_" + str(value)[:5]] = value
        except (KeyError, IndexError, TypeError):
            continue
    return doc


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(muts=st.lists(mutation, min_size=1, max_size=3))
def test_design4_import_fuzz_never_a_traceback_never_an_event_unlike_its_file(tmp_path_factory, muts):
    doc = _apply(copy.deepcopy(VALID), muts)
    text = json.dumps(doc, ensure_ascii=False)
    try:
        parsed = parse_doc(text, "fuzz.json")
        event_from_doc(parsed, "fuzz.json")
    except LyceeError as err:
        assert str(err)
        return
    dd = DataDir(tmp_path_factory.mktemp("imp"))
    store = dd.import_event(parsed)
    eid = store.id
    store.close()
    stored = dd.read(eid)  # replayed from the log
    exported = json.loads(json.dumps(to_doc(stored), ensure_ascii=False))
    _covers(parsed, exported)
    assert event_from_doc(exported) == stored
