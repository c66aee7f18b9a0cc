"""Issue 23 (names and the terminal, exports and folders): invisible names,
look-alike names, the one terminal sanitiser and exports written whole.
Each test cites the docs/names.md rule it checks."""

from __future__ import annotations

import errno
import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core.store.eventstore
from core.desk import Desk
from core.errors import LyceeError
from core.names import check_text, escaped, fold_name
from core.reports import exports
from core.store import DataDir
from tui.cli import main

ESC_NAME = "Evil\x1b]0;pwned\x07\x1b[2J\x9b31m\u202eman"


def run(capsys, *argv):
    rc = main(list(argv))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


@pytest.fixture
def cup(tmp_path, capsys):
    data = str(tmp_path)
    assert main(["--lang", "en", "--data-dir", data, "event", "new", "Cup", "--unsanctioned"]) == 0
    eid = capsys.readouterr().out.strip()
    return data, eid


def add(capsys, data, eid, *names):
    return run(capsys, "--lang", "en", "--data-dir", data, "player", "add", eid, *names)


# -- L-TEXT-VISIBLE ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["\u3164", "\uffa0", "\u115f\u1160", "\u2800", "\u2800 \u2800", "\ufe0f", "\u0301\u0302", "\U000e0100", " \u3164 "],
)
def test_names_md_l_text_visible_a_name_with_nothing_visible_is_refused(cup, capsys, name):
    """docs/names.md L-TEXT-VISIBLE: fillers, braille blank, a lone variation
    selector, marks without a letter: refused, naming the field and the code."""
    data, eid = cup
    rc, out, err = add(capsys, data, eid, name)
    assert rc == 1 and out == ""
    assert err.startswith("lycee: player name") and "no visible character" in err
    assert f"U+{ord(name.strip()[0]):04X}" in err
    rc, out, _ = run(capsys, "--data-dir", data, "player", "list", eid)
    assert out == ""  # nothing stored


@pytest.mark.parametrize("kind,what", [("event", "event name"), ("staff", "staff name"), ("text", "text")])
def test_names_md_l_text_visible_holds_for_event_staff_names_and_reasons(kind, what):
    """docs/names.md L-TEXT-VISIBLE: event names, staff names, reasons too."""
    with pytest.raises(LyceeError, match=f"{what} .*no visible character"):
        check_text("\u3164\u2800", kind, required=False)


def test_names_md_l_text_visible_through_the_command_line_for_event_and_penalty_reason(cup, capsys):
    """docs/names.md L-TEXT-VISIBLE: `event new` and `penalty --reason`."""
    data, eid = cup
    rc, _, err = run(capsys, "--lang", "en", "--data-dir", data, "event", "new", "\u2800")
    assert rc == 1 and "event name" in err and "no visible character" in err
    add(capsys, data, eid, "Ann")
    rc, _, err = run(capsys, "--lang", "en", "--data-dir", data, "penalty", eid, "p1", "notice", "--reason", "\u3164")
    assert rc == 1 and "reason" in err and "no visible character" in err


def test_names_md_l_text_visible_letters_with_marks_and_fillers_inside_are_names(cup, capsys):
    """docs/names.md L-TEXT-VISIBLE: a name that has letters is a name; a filler in it counts as a space."""
    data, eid = cup
    rc, out, _ = add(capsys, data, eid, "Jose\u0301", "ｻﾄｳ")
    assert rc == 0 and out.split() == ["p1", "p2"]
    assert fold_name("Sato\u3164Taro") == fold_name("Sato Taro")
    assert fold_name("\u2800Sato") == fold_name("Sato")


# -- L-NAME-LOOKALIKE --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "first,second",
    [
        ("Oscar", "\u041es\u0441\u0430r"),  # Cyrillic О, с, а
        ("TOM", "\u0422\u041e\u041c"),  # Cyrillic capitals Т, О, М
        ("Anna", "\u0410nn\u0430"),
        ("Player 1", "Player l"),
        ("山口", "山ロ"),  # katakana ro for the kanji 口
    ],
)
def test_names_md_l_name_lookalike_asks_the_same_name_question(cup, capsys, first, second):
    """docs/names.md L-NAME-LOOKALIKE: a look-alike of a registered name is
    refused like the same name, saying which characters only look alike;
    --allow-same-name registers it, shown distinctly."""
    data, eid = cup
    assert add(capsys, data, eid, first)[0] == 0
    rc, out, err = add(capsys, data, eid, second)
    assert rc == 1 and out == ""
    assert "already registered" in err and "--allow-same-name" in err and "only look alike" in err
    rc, out, _ = add(capsys, data, eid, second, "--allow-same-name")
    assert rc == 0
    rc, out, _ = run(capsys, "--data-dir", data, "player", "list", eid, "--json")
    assert [p["name"] for p in json.loads(out)["players"]] == [first, f"{second} (2)"]


@pytest.mark.parametrize(
    "a,b",
    [
        ("佐藤", "左藤"),
        ("太田", "大田"),
        ("斉藤", "斎藤"),
        ("伊藤", "井藤"),
        ("りか", "リカ"),
        ("渡辺", "渡部"),
        ("Ann", "Anne"),
    ],
)
def test_names_md_l_name_lookalike_different_japanese_names_stay_different(cup, capsys, a, b):
    """docs/names.md L-NAME-LOOKALIKE: different kanji (and kana) are different people."""
    data, eid = cup
    rc, out, err = add(capsys, data, eid, a, b)
    assert rc == 0, err
    assert out.split() == ["p1", "p2"]


@pytest.mark.parametrize("a,b", [("ｻﾄｳ", "サトウ"), ("山田　太郎", "山田 太郎"), ("ＡＢＣ", "abc")])
def test_names_md_l_name_key_the_nfkc_same_name_rule_stays(cup, capsys, a, b):
    """docs/names.md L-NAME-KEY: full/half width and the ideographic space, as before."""
    data, eid = cup
    add(capsys, data, eid, a)
    rc, _, err = add(capsys, data, eid, b)
    assert rc == 1 and "already registered" in err and "only look alike" not in err


def test_names_md_l_name_lookalike_an_event_registered_before_format_4_still_opens(tmp_path):
    """docs/names.md L-NAME-LOOKALIKE: look-alikes registered before the rule
    (actions of format 3) replay as they were."""
    from core import rules

    dd = DataDir(tmp_path)
    store = dd.create({"name": "Old", "sanctioned": False})
    Desk(store).add_players(["Oscar"])
    acts = [dict(a) for a in store.actions]
    store.close()
    acts.append(
        {
            "seq": len(acts) + 1,
            "at": acts[-1]["at"],
            "actor": "desk",
            "type": "register",
            "v": 3,
            "data": {"players": [{"id": "p2", "name": "\u041es\u0441\u0430r"}]},
        }
    )
    ev = rules.replay(acts)
    assert [p.name for p in ev.players] == ["Oscar", "\u041es\u0441\u0430r"]
    acts[-1]["v"] = rules.ACTION_FORMAT
    with pytest.raises(LyceeError, match="already registered"):
        rules.replay(acts)


@settings(max_examples=60, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=12))
def test_names_md_l_name_key_is_stable_under_nfkc_width_and_case(name):
    """docs/names.md L-NAME-KEY/L-NAME-LOOKALIKE: folding twice, or a full-width
    or upper-case copy, gives the same key (the key is a function of what shows)."""
    import unicodedata

    k = fold_name(name)
    assert fold_name(unicodedata.normalize("NFKC", name)) == k
    assert fold_name(name + "\u3000") == k


# -- L-TERM --------------------------------------------------------------------------------------


def _journal_with_escapes(data: str, monkeypatch) -> str:
    """An event whose names never passed the rules (as from an old or hand-made
    journal): the store's text check is bypassed while it is written."""
    monkeypatch.setattr(core.store.eventstore, "check_action_text", lambda kind, d: None)
    monkeypatch.setattr("core.desk.players.check_text", lambda n, kind="text", **kw: n)
    dd = DataDir(data)
    store = dd.create({"name": "Cup" + ESC_NAME, "sanctioned": False, "staff": {"organizer": "Org\x1b[5m"}})
    desk = Desk(store, actor="desk\x1b[31m")
    desk.add_players([ESC_NAME, "Bob\x1b]8;;http://x\x07", "Line\nbreak\tTab", "Ann"])
    desk.pair_next()
    for m in desk.event.current_round.matches:
        desk.record(m.table, "2-0")
    eid = store.id
    store.close()
    monkeypatch.undo()
    return eid


def _strings(doc):
    if isinstance(doc, str):
        yield doc
    elif isinstance(doc, dict):
        for v in doc.values():
            yield from _strings(v)
    elif isinstance(doc, list):
        for v in doc:
            yield from _strings(v)


def _clean(text: str) -> None:
    assert "\x1b" not in text and "\x9b" not in text and "\x07" not in text and "\u202e" not in text


@pytest.mark.parametrize(
    "argv",
    [
        ("player", "list", "{e}"),
        ("standings", "{e}"),
        ("log", "{e}"),
        ("event", "list"),
        ("export", "{e}", "--what", "standings", "--format", "csv"),
        ("export", "{e}", "--what", "pairings", "--format", "html"),
        ("player", "list", "{e}", "--json"),
        ("standings", "{e}", "--json"),
        ("log", "{e}", "--json"),
        ("export", "{e}"),
        ("event", "list", "--json"),
    ],
)
def test_names_md_l_term_no_escape_from_a_stored_name_reaches_the_terminal(tmp_path, capsys, monkeypatch, argv):
    """docs/names.md L-TERM: names read from a journal that never passed the
    rules are printed with visible escapes; JSON stays the same document."""
    data = str(tmp_path)
    eid = _journal_with_escapes(data, monkeypatch)
    rc, out, err = run(capsys, "--lang", "en", "--data-dir", data, *(a.format(e=eid) for a in argv))
    assert rc == 0, err
    _clean(out)
    _clean(err)
    if "--json" in argv or (argv[:2] == ("export", "{e}") and len(argv) == 2):
        doc = json.loads(out)  # the escapes are JSON's: the names come back as stored
        assert any(ESC_NAME in s for s in _strings(doc))
    elif argv[0] in ("player", "standings"):
        assert "Evil\\x1b]0;pwned\\x07" in out
        assert "Line\\x0abreak\\x09Tab" in out  # a name stays on its line


def test_names_md_l_term_pair_output_and_a_refusal_naming_the_player(tmp_path, capsys, monkeypatch):
    """docs/names.md L-TERM: `pair` prints the names escaped; so does a message."""
    data = str(tmp_path)
    eid = _journal_with_escapes(data, monkeypatch)
    rc, out, err = run(capsys, "--lang", "en", "--data-dir", data, "pair", eid)
    assert rc == 0, err
    _clean(out)
    assert "\\x1b" in out
    rc, out, err = run(capsys, "--lang", "en", "--data-dir", data, "player", "drop", eid, "p1")
    _clean(out + err)
    rc, out, err = run(capsys, "--lang", "en", "--data-dir", data, "player", "drop", eid, "p1")
    assert rc == 1
    _clean(err)
    assert "Evil\\x1b" in err


def test_names_md_l_term_one_sanitiser():
    """docs/names.md L-TERM: escaped() shows controls, C1, bidi, surrogates visibly."""
    assert escaped("a\x1b[2Jb\x9b\u202e\ud800\n", keep="\n") == "a\\x1b[2Jb\\x9b\\u202e\\ud800\n"
    assert escaped("山田 太郎 [red]x[/]") == "山田 太郎 [red]x[/]"


# -- L-EXPORT-FILE -------------------------------------------------------------------------------


def _paired(cup, capsys):
    data, eid = cup
    add(capsys, data, eid, *[f"P{i}" for i in range(8)])
    run(capsys, "--data-dir", data, "pair", eid)
    return data, eid


@pytest.mark.parametrize("where", ["write", "fsync"])
def test_names_md_l_export_file_a_full_disk_leaves_no_partial_file(cup, capsys, monkeypatch, tmp_path, where):
    """docs/names.md L-EXPORT-FILE: ENOSPC after 4 KB (or at the sync) leaves
    neither a partial file nor a temp file, keeps an earlier file as it was,
    and the message names the file and its folder."""
    data, eid = _paired(cup, capsys)
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "pairings.html"
    target.write_text("earlier", encoding="utf-8")
    real_write = os.write
    calls = []

    def full_write(fd, b):
        if fd > 2:
            calls.append(fd)
            if len(calls) > 1:
                raise OSError(errno.ENOSPC, "No space left on device")
            return real_write(fd, bytes(b[: min(4096, len(b) // 2)]))  # a partial file on disk
        return real_write(fd, b)

    def full_fsync(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    if where == "write":
        monkeypatch.setattr(exports.os, "write", full_write)
    else:
        monkeypatch.setattr(exports.os, "fsync", full_fsync)
    rc, out, err = run(
        capsys,
        "--lang",
        "en",
        "--data-dir",
        data,
        "export",
        eid,
        "--what",
        "pairings",
        "--format",
        "html",
        "-o",
        str(target),
    )
    monkeypatch.undo()
    assert rc == 1 and out == ""
    assert err.count("\n") == 1 and "ENOSPC" in err
    assert str(target) in err and f"no partial file was left in {folder}" in err
    assert sorted(p.name for p in folder.iterdir()) == ["pairings.html"]
    assert target.read_text(encoding="utf-8") == "earlier"


def test_names_md_l_export_file_a_folder_ending_with_a_separator_is_made(cup, capsys, tmp_path):
    """docs/names.md L-EXPORT-FILE: `-o PATH/` for a missing folder makes it and says so."""
    data, eid = _paired(cup, capsys)
    folder = tmp_path / "new" / "exports"
    rc, out, err = run(
        capsys,
        "--lang",
        "en",
        "--data-dir",
        data,
        "export",
        eid,
        "--what",
        "pairings",
        "--format",
        "html",
        "-o",
        str(folder) + os.sep,
    )
    assert rc == 0, err
    assert f"created folder: {folder}" in out
    files = list(folder.iterdir())
    assert len(files) == 1 and files[0].name.endswith("_Cup_pairings_r1.html")
    assert f"written: {files[0]}" in out
    assert not (tmp_path / "new" / "exports.html").exists()


def test_names_md_l_export_file_a_file_in_a_missing_folder_is_refused(cup, capsys, tmp_path):
    """docs/names.md L-EXPORT-FILE: `-o PATH` whose folder is missing is refused
    naming the first missing folder; nothing is written, no folder is made."""
    data, eid = _paired(cup, capsys)
    rc, out, err = run(
        capsys,
        "--lang",
        "en",
        "--data-dir",
        data,
        "export",
        eid,
        "--what",
        "pairings",
        "--format",
        "html",
        "-o",
        str(tmp_path / "nope" / "deeper" / "x.html"),
    )
    assert rc == 1 and out == "" and err.count("\n") == 1
    assert f"the folder {tmp_path / 'nope'} does not exist" in err
    assert not (tmp_path / "nope").exists()


def test_names_md_l_export_file_an_existing_folder_still_gets_a_named_file(cup, capsys, tmp_path):
    """docs/names.md L-EXPORT-FILE: an existing folder (no separator) as before."""
    data, eid = _paired(cup, capsys)
    rc, out, err = run(
        capsys,
        "--lang",
        "en",
        "--data-dir",
        data,
        "export",
        eid,
        "--what",
        "standings",
        "--format",
        "csv",
        "-o",
        str(tmp_path),
    )
    assert rc == 0, err
    assert "created folder" not in out
    assert any(p.name.endswith("_Cup_standings_r1.csv") for p in tmp_path.iterdir())


# -- the app ------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_names_md_l_name_lookalike_the_app_asks_and_l_text_visible_refuses(tmp_path):
    """docs/names.md L-NAME-LOOKALIKE: the add-player box asks the same-name
    question for a Cyrillic look-alike, saying what only looks alike;
    L-TEXT-VISIBLE: a name of a Hangul filler is refused with the reason."""
    from tui.app import LyceeApp
    from tui.screens.dialogs import Confirm

    dd = DataDir(tmp_path)
    st = dd.create({"name": "Cup", "sanctioned": False})
    eid = st.id
    Desk(st).add_players(["Oscar"])
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        app.screen.query_one("#add-player").value = "\u041es\u0441\u0430r"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert "only look alike" in app.screen.question and "CYRILLIC CAPITAL LETTER O" in app.screen.question
        await pilot.press("escape")
        await pilot.pause()
        assert [p.name for p in app.screen.event.players] == ["Oscar"]
        app.screen.query_one("#add-player").value = "\u3164"
        await pilot.press("enter")
        await pilot.pause()
        assert "no visible character" in app.screen.query_one("#message").plain
        assert [p.name for p in app.screen.event.players] == ["Oscar"]


@pytest.mark.asyncio
async def test_names_md_l_export_file_f9_on_a_full_disk_leaves_no_file_and_says_where(tmp_path, monkeypatch):
    """docs/names.md L-EXPORT-FILE: the app's F9 writes whole or not at all and
    names the file and its folder when the disk is full."""
    from core.demo import make_demo
    from tui.app import LyceeApp

    dd = DataDir(tmp_path)
    store = make_demo(dd, players=4)
    eid = store.id
    Desk(store).pair_next()
    store.close()

    def full_fsync(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(exports.os, "fsync", full_fsync)
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f9")
        await pilot.pause()
        await pilot.press("enter")  # the first choice
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        msg = screen.query_one("#message").plain
        folder = tmp_path / "exports"
        assert "export not written" in msg and str(folder) in msg and "No space left" in msg
        assert list(folder.iterdir()) == []


def test_names_md_l_term_a_csv_keeps_its_line_ends_but_a_lone_cr_is_shown(capsys):
    """docs/names.md L-TERM: CRLF line ends pass; a CR inside a line (it would
    overwrite what the line shows) is escaped."""
    from tui.cli.common import safe_streams

    with safe_streams():
        import sys

        sys.stdout.write("a,b\r\nfake\rreal\r\n")
    assert capsys.readouterr().out == "a,b\r\nfake\\x0dreal\r\n"


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=40))
def test_names_md_l_term_nothing_escaped_holds_a_control_or_format_character(text):
    """docs/names.md L-TERM: whatever the text, what escaped() gives holds no
    control, format, separator or surrogate character (so no ESC sequence)."""
    import unicodedata

    from core.names import REFUSED_CATEGORIES

    assert not any(unicodedata.category(c) in REFUSED_CATEGORIES for c in escaped(text))
    assert not any(unicodedata.category(c) in REFUSED_CATEGORIES and c != "\n" for c in escaped(text, keep="\n"))


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=20))
def test_names_md_l_text_visible_an_accepted_name_always_shows_something(text):
    """docs/names.md L-TEXT-VISIBLE: check_text never accepts a name with
    nothing visible."""
    from core.names import has_visible

    try:
        name = check_text(text, "player")
    except LyceeError:
        return
    assert has_visible(name) and name.strip()
