"""Hostile input (issue 13 items 1-4): names and text (docs/names.md), user
text shown literally in the app (docs/app.md), one-line refusals instead
of tracebacks (the command line in README.md), strict import (docs/eventfile.md)."""

import errno
import html
import io
import json
import re

import pytest

from core.desk import Desk
from core.rules.eventfile import to_doc
from core.store import DataDir
from tui.app import LyceeApp
from tui.cli import main

MARKUP_NAMES = ["[/]", "[red]赤[/red]", "[@click=app.quit]クリック[/]", "[b]太字", "a[/b]c"]


def run(capsys, *argv):
    rc = main(list(argv))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def one_line_refusal(rc, err):
    """the command line in README.md: non-zero exit, one line on stderr, no traceback."""
    assert rc != 0
    assert "Traceback" not in err
    assert err.startswith("lycee: ")
    return err


@pytest.fixture
def cup(tmp_path, capsys):
    data = str(tmp_path)
    assert main(["--data-dir", data, "event", "new", "Cup", "--unsanctioned"]) == 0
    eid = capsys.readouterr().out.strip()
    return data, eid


def event_bytes(data, eid):
    return (DataDir(data).event_path(eid)).read_bytes()


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<]*)</text>", svg))).replace("\xa0", " ")


# -- item 1: markup ------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_design7_markup_in_names_reasons_and_event_name_is_shown_literally(tmp_path):
    """Names like '[/]' crashed the app (MarkupError) and '[red]赤[/red]' showed
    red: every tab shows them as typed and the app keeps running."""
    dd = DataDir(tmp_path)
    st = dd.create(
        {
            "name": "[/]杯[red]",
            "sanctioned": False,
            "staff": {"organizer": "[/]", "judges": ["[b]j"], "head_judge": "[b]j"},
        }
    )
    d = Desk(st)
    d.add_players(MARKUP_NAMES + ["Ann"])
    d.pair_next()
    d.record(1, "2-1", note="[/]note")
    d.penalty(MARKUP_NAMES[0], "notice", "[/]reason [red]", by="[b]j")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        for name in MARKUP_NAMES + ["[/]杯[red]"]:
            assert name in shown
        for key in ["f3", "f4", "f8", "f2", "ctrl+b"]:
            await pilot.press(key)
            await pilot.pause()
        assert "[b]j" in screen_text(app)  # the staff Select of the penalty form
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and app.return_code in (None, 0)


@pytest.mark.asyncio
async def test_design7_markup_typed_in_the_add_player_box_is_stored_and_shown_as_typed(tmp_path):
    dd = DataDir(tmp_path)
    st = dd.create({"name": "Cup", "sanctioned": False})
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        for name in MARKUP_NAMES:
            app.screen.query_one("#add-player").value = name
            await pilot.press("enter")
            await pilot.pause()
        assert [p.name for p in app.screen.event.players] == MARKUP_NAMES
        shown = screen_text(app)
        assert all(n in shown for n in MARKUP_NAMES)
        assert app.is_running


# -- item 2: names (docs/names.md) ---------------------------------------------------------------


@pytest.mark.parametrize(
    "name,pos",
    [
        ("a\x1b]0;title\x07b", 2),
        ("line\nbreak", 5),
        ("cr\r", 3),
        ("\x01x", 1),
        ("山田\u200b太郎", 3),
        ("rtl\u202eevil", 4),
        ("para\u2029", 5),
    ],
)
def test_names_md_control_and_format_characters_refused_with_their_position(cup, capsys, name, pos):
    data, eid = cup
    before = event_bytes(data, eid)
    rc, out, err = run(capsys, "--data-dir", data, "player", "add", eid, "--", name)
    one_line_refusal(rc, err)
    assert f"position {pos}" in err and "U+" in err
    assert err.count("\n") == 1 and "\x1b" not in err and "\r" not in err
    assert event_bytes(data, eid) == before


def test_names_md_length_limits_for_player_event_and_reason(cup, capsys):
    data, eid = cup
    rc, _, err = run(capsys, "--data-dir", data, "player", "add", eid, "x" * 10_000)
    assert "at most 64" in one_line_refusal(rc, err)
    assert run(capsys, "--data-dir", data, "player", "add", eid, "x" * 64)[0] == 0
    rc, _, err = run(capsys, "--data-dir", data, "event", "new", "E" * 101)
    assert "at most 100" in one_line_refusal(rc, err)
    rc, _, err = run(
        capsys, "--data-dir", data, "penalty", eid, "x" * 64, "notice", "--reason", "r" * 501, "--by", "Ann"
    )
    one_line_refusal(rc, err)


def test_names_md_duplicate_check_after_nfkc_and_folded_spaces(cup, capsys):
    """'山田　太郎' (ideographic space) and '山田 太郎' are one player; the
    zero-width-space look-alike is refused outright."""
    data, eid = cup
    assert run(capsys, "--data-dir", data, "player", "add", eid, "山田　太郎")[0] == 0
    rc, _, err = run(capsys, "--data-dir", data, "player", "add", eid, "山田 太郎")
    assert "already registered" in one_line_refusal(rc, err)
    rc, _, err = run(capsys, "--data-dir", data, "player", "add", eid, "ＡＢＣ")
    assert rc == 0
    rc, _, err = run(capsys, "--data-dir", data, "player", "add", eid, "abc")
    assert "already registered" in one_line_refusal(rc, err)
    rc, _, err = run(capsys, "--data-dir", data, "player", "add", eid, "山田\u200b太郎")
    one_line_refusal(rc, err)


def test_names_md_a_player_named_like_an_id_is_reached_with_name_prefix(cup, capsys):
    data, eid = cup
    assert run(capsys, "--data-dir", data, "player", "add", eid, "Ann", "p1")[0] == 0  # p1 Ann, p2 named 'p1'
    rc, _, err = run(capsys, "--data-dir", data, "player", "drop", eid, "p1")
    assert "ambiguous" in one_line_refusal(rc, err) and "name:p1" in err
    rc, out, _ = run(capsys, "--data-dir", data, "player", "drop", eid, "name:p1")
    assert rc == 0
    rc, out, _ = run(capsys, "--data-dir", data, "player", "drop", eid, "id:p1")
    assert rc == 0 and "Ann" in out
    rc, out, _ = run(capsys, "--data-dir", data, "player", "list", eid, "--json")
    assert {p.name: p.status for p in DataDir(data).read(eid).players} == {"Ann": "dropped", "p1": "dropped"}


def test_names_md_an_event_named_like_an_id_is_reached_with_name_prefix(tmp_path, capsys):
    data = str(tmp_path)
    assert main(["--data-dir", data, "event", "new", "Cup", "--date", "2026-01-01"]) == 0
    first = capsys.readouterr().out.strip()
    assert main(["--data-dir", data, "event", "new", "20260101", "--date", "2026-02-02"]) == 0
    second = capsys.readouterr().out.strip()
    rc, _, err = run(capsys, "--data-dir", data, "player", "list", "20260101")
    assert "ambiguous" in one_line_refusal(rc, err)
    assert run(capsys, "--data-dir", data, "player", "add", "name:20260101", "Ann")[0] == 0
    assert run(capsys, "--data-dir", data, "player", "add", "id:20260101", "Ben")[0] == 0
    assert [p.name for p in DataDir(data).read(second).players] == ["Ann"]
    assert [p.name for p in DataDir(data).read(first).players] == ["Ben"]


# -- item 3: tracebacks -----------------------------------------------------------------------


def _paired(cup, capsys):
    data, eid = cup
    assert run(capsys, "--data-dir", data, "player", "add", eid, "A", "B", "C", "D")[0] == 0
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    return data, eid


@pytest.mark.parametrize("table", ["²", "٣", "1" * 5000, "-1"])
def test_design3_a_table_that_is_not_a_number_is_a_message(cup, capsys, table):
    data, eid = _paired(cup, capsys)
    before = event_bytes(data, eid)
    rc, _, err = run(capsys, "--data-dir", data, "result", eid, table, "2-0")
    one_line_refusal(rc, err)
    assert event_bytes(data, eid) == before


def test_design3_a_batch_with_a_bad_line_after_a_good_one_stores_nothing(cup, capsys, monkeypatch):
    data, eid = _paired(cup, capsys)
    before = event_bytes(data, eid)
    monkeypatch.setattr("sys.stdin", io.StringIO("1 2-0\n² 2-0\n2 9" + "9" * 5000 + "-0\n"))
    rc, out, err = run(capsys, "--data-dir", data, "result", eid, "-")
    assert rc == 1 and "Traceback" not in err
    assert "line 2" in err and "line 3" in err and "nothing was recorded" in err
    assert event_bytes(data, eid) == before


@pytest.mark.parametrize(
    "text",
    [
        "[" * 5000 + "]" * 5000,
        '{"a":' * 5000 + "1" + "}" * 5000,
        '{"schema": "lycee-event/1", "minutes": 1' + "0" * 5000 + "}",
        '{"schema": "lycee-event/1", "minutes": NaN}',
        '{"schema": "lycee-event/1", "schema": "x"}',
    ],
)
def test_design4_import_of_unreadable_json_is_a_message(tmp_path, capsys, text):
    f = tmp_path / "bad.json"
    f.write_text(text)
    rc, _, err = run(capsys, "--data-dir", str(tmp_path / "d"), "import", str(f))
    one_line_refusal(rc, err)
    assert not (tmp_path / "d" / "events").exists() or not list((tmp_path / "d" / "events").iterdir())


@pytest.mark.parametrize("code,word", [(errno.ENOSPC, "ENOSPC"), (errno.EFBIG, "EFBIG")])
def test_design2_a_full_disk_or_file_size_limit_during_a_write_is_a_message(cup, capsys, monkeypatch, code, word):
    data, eid = cup
    before = event_bytes(data, eid)
    import core.store.journal

    def full(path, record):
        raise OSError(code, "no room", str(path))

    monkeypatch.setattr(core.store.journal, "append_durably", full)  # the journal's one write path
    rc, _, err = run(capsys, "--data-dir", data, "player", "add", eid, "Ann")
    assert word in one_line_refusal(rc, err)
    assert err.count("\n") == 1
    monkeypatch.undo()
    assert event_bytes(data, eid) == before


# -- item 4: import trusts nothing ----------------------------------------------------------------


def _doc(tmp_path):
    dd = DataDir(tmp_path / "src")
    st = dd.create({"name": "Cup", "sanctioned": False, "rounds_planned": 3})  # 4 players: 2 suggested (L-ROUNDS)
    d = Desk(st)
    d.add_players(["A", "B", "C", "D"])
    for _ in range(3):
        d.pair_next()
        for m in d.event.current_round.matches:
            d.record(m.table, "2-0")
    doc = json.loads(json.dumps(to_doc(d.event)))
    st.close()
    return doc


def _import(tmp_path, capsys, doc):
    f = tmp_path / "in.json"
    f.write_text(json.dumps(doc, ensure_ascii=False))
    return run(capsys, "--data-dir", str(tmp_path / "d"), "import", str(f))


def _mutate(doc, path, value):
    *head, last = path
    x = doc
    for k in head:
        x = x[k]
    if value is KeyError:
        del x[last]
    else:
        x[last] = value
    return doc


@pytest.mark.parametrize(
    "path,value,where",
    [
        (("id",), ".hidden", "$.id"),
        (("id",), "x\\..\\y", "$.id"),
        (("id",), "x" * 300, "$.id"),
        (("players", 0, "id"), "../p", "$.players[0].id"),
        (("rounds", 0, "matches", 0, "table"), 10**30, "$.rounds[0].matches[0].table"),
        (("players", 0, "name"), "x" * 5_000_000, "$.players[0].name"),
        (("players", 0, "name"), "A\x1b[2J", "$.players[0].name"),
        (("players", 0, "name"), " A", "$.players[0].name"),
        (("surprise",), 1, "$"),
        (("rounds", 0, "matches", 0, "colour"), "red", "$.rounds[0].matches[0]"),
        (("penalties",), [{"player": "p1", "level": "notice", "reason": "r" * 501}], "$.penalties[0].reason"),
    ],
)
def test_design4_import_refuses_unsafe_ids_unbounded_values_and_unknown_keys(tmp_path, capsys, path, value, where):
    doc = _mutate(_doc(tmp_path), path, value)
    rc, _, err = _import(tmp_path, capsys, doc)
    assert rc == 1 and "Traceback" not in err and where in err
    assert len(err) < 2000  # the 5-million-character name is not echoed back
    assert not (tmp_path / "d" / "events").exists() or not list((tmp_path / "d" / "events").iterdir())


def test_g_drop_1_import_refuses_a_dropped_player_paired_after_the_drop(tmp_path, capsys):
    doc = _doc(tmp_path)
    pid = doc["rounds"][1]["matches"][0]["p1"]
    next(p for p in doc["players"] if p["id"] == pid)["dropped_after_round"] = 1
    rc, _, err = _import(tmp_path, capsys, doc)
    assert rc == 1 and "G-DROP-1" in err and "$.rounds[1].matches[0].p1" in err


def test_design4_import_of_a_clean_export_still_works_and_replays_to_the_file(tmp_path, capsys):
    doc = _doc(tmp_path)
    rc, out, err = _import(tmp_path, capsys, doc)
    assert rc == 0, err
    ev = DataDir(tmp_path / "d").read(out.strip())
    assert to_doc(ev) == doc


@pytest.mark.asyncio
async def test_design7_an_app_crash_returns_non_zero_and_writes_its_log(tmp_path, monkeypatch):
    """Issue 13 item 1: the MarkupError crash exited 0 and left nothing; now a
    crash gives return code 1 and a log file under the data folder (the
    command line prints its path)."""
    import tui.screens.event_list as EL

    def boom(self):
        raise RuntimeError("boom")

    monkeypatch.setattr(EL.EventListScreen, "on_mount", boom)
    app = LyceeApp(DataDir(tmp_path), lang="en")
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
    assert app.return_code == 1
    assert app.crash_log.parent == tmp_path / "logs" and "boom" in app.crash_log.read_text()


# -- issue 22: one space rule and one name separator for both faces -------------------------------


@pytest.mark.asyncio
async def test_names_md_a_full_width_space_typed_in_the_app_is_kept_as_on_the_command_line(tmp_path, capsys):
    """docs/names.md (L-NAME-KEY): '山田　太郎' typed with the ideographic space
    in the app's add-player box is stored as typed, as the command line
    stores it (the box used to drop U+3000), so '山田 太郎' typed next asks the
    same-name question in the app and is refused on the command line."""
    dd = DataDir(tmp_path)
    st = dd.create({"name": "Cup", "sanctioned": False})
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        for key in ("山", "田", "\u3000", "太", "郎"):
            await pilot.press(key)
        assert app.screen.query_one("#add-player").value == "山田\u3000太郎"
        await pilot.press("enter")
        await pilot.pause()
        assert [p.name for p in app.screen.event.players] == ["山田\u3000太郎"]
        for key in ("山", "田", "space", "太", "郎", "enter"):
            await pilot.press(key)
        await pilot.pause()
        assert app.screen.__class__.__name__ == "Confirm"  # the same-name question
        await pilot.press("n")
        await pilot.pause()
        assert len(app.screen.event.players) == 1
    rc, _, err = run(capsys, "--data-dir", str(tmp_path), "player", "add", eid, "山田 太郎")
    assert "already registered" in one_line_refusal(rc, err)


def test_g_judge_japanese_commas_separate_staff_names_on_the_command_line(tmp_path, capsys):
    """G-JUDGE, G-HEAD-JUDGE (issue 22 item 10): 、 ， and , separate names in
    `event new --judge` and `lycee staff --judge` (core.rules.staff.split_names),
    as in the app's settings form."""
    import json as _json

    from core.rules.staff import split_names

    assert split_names("佐藤、鈴木，田中,山本､ 佐藤 ") == ["佐藤", "鈴木", "田中", "山本"]
    data = str(tmp_path)
    rc, out, err = run(
        capsys,
        "--data-dir",
        data,
        "event",
        "new",
        "Cup",
        "--organizer",
        "店長",
        "--judge",
        "佐藤、鈴木",
        "--head-judge",
        "佐藤",
    )
    assert rc == 0, err
    eid = out.strip()
    rc, out, err = run(capsys, "--data-dir", data, "staff", eid, "--judge", "田中，山本", "--json")
    assert rc == 0, err
    doc = _json.loads(out)
    assert doc["judges"] == ["佐藤", "鈴木", "田中", "山本"] and doc["problems"] == []


def test_design3_a_superscript_is_still_no_table_number_while_full_width_digits_are(cup, capsys, monkeypatch):
    """G-BO3 (input typed with the Japanese input on): full-width digits and hyphens read as ASCII
    (「２　２－０」 is table 2's 2-0), but a superscript ² is no digit: 「² 2-0」 is still refused."""
    data, eid = _paired(cup, capsys)
    monkeypatch.setattr("sys.stdin", io.StringIO("² 2-0\n"))
    rc, _out, err = run(capsys, "--data-dir", data, "result", eid, "-")
    assert rc == 1 and "line 1" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("２\u3000２－０\n"))
    rc, _out, err = run(capsys, "--data-dir", data, "result", eid, "-")
    assert rc == 0, err
