"""Issue 22, the counter's everyday corrections: rename a player (L-RENAME),
remove a registration never paired (L-REMOVE), and readings (よみ) that sort
by-name sheets in 五十音 order (L-READING).  docs/names.md and the command line in README.md ("lycee player rename / remove / add --reading")."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.desk import Desk
from core.errors import LyceeError
from core.names import check_reading, name_sort_key, reading_key, to_hiragana
from core.rules.eventfile import event_from_doc, to_doc
from core.rules.publish import find_players
from tui.cli import main
from tui.web import pages


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def ok(capsys, *argv) -> str:
    rc, out, err = run(capsys, *argv)
    assert rc == 0, err
    return out


@pytest.fixture
def cup(tmp_path, capsys):
    data = tmp_path / "data"
    eid = ok(
        capsys,
        "--data-dir",
        data,
        "event",
        "new",
        "土曜リセ杯",
        "--date",
        "2026-12-05",
        "--organizer",
        "Org",
        "--judge",
        "J",
        "--head-judge",
        "J",
    ).strip()
    return data, eid


def desk_of(datadir_path, eid) -> Desk:
    from core.store import DataDir

    return Desk(DataDir(datadir_path).open(eid))


# -- rename (L-RENAME) -----------------------------------------------------------------------


def test_l_rename_fixes_a_typo_everywhere_and_the_log_keeps_both(cup, capsys):
    """L-RENAME: the new name on standings, scorecard and the event file; the
    log line shows 「山田太朗 → 山田太郎」; undo names the action and restores it."""
    data, eid = cup
    ok(capsys, "--data-dir", data, "player", "add", eid, "山田太朗", "佐藤花子")
    out = ok(capsys, "--data-dir", data, "player", "rename", eid, "山田太朗", "山田太郎")
    assert "山田太朗 → 山田太郎" in out
    ok(capsys, "--data-dir", data, "pair", eid)
    for what in ("standings", "scorecard", "pairings-by-name"):
        page = ok(capsys, "--data-dir", data, "export", eid, "--what", what, "--format", "html")
        assert "山田太郎" in page and "山田太朗" not in page, what
    doc = json.loads(ok(capsys, "--data-dir", data, "export", eid))
    assert [p["name"] for p in doc["players"]] == ["山田太郎", "佐藤花子"]
    log = ok(capsys, "--data-dir", data, "log", eid)
    assert "renamed 山田太朗 → 山田太郎" in log
    ok(capsys, "--data-dir", data, "undo", eid)  # the pairing
    out = ok(capsys, "--data-dir", data, "undo", eid)
    assert "renamed 山田太朗 → 山田太郎" in out
    listed = ok(capsys, "--data-dir", data, "player", "list", eid)
    assert "山田太朗" in listed and "山田太郎" not in listed


def test_l_rename_same_name_rule_and_no_op_refused(cup, capsys):
    """L-NAME-KEY holds for the new name: refused unless --allow-same-name
    (then "NAME (2)", as `player add`); renaming to the same name is refused;
    nothing is stored by a refusal."""
    data, eid = cup
    ok(
        capsys,
        "--data-dir",
        data,
        "player",
        "add",
        eid,
        "佐藤花子",
        "佐藤 花",
        "--reading",
        "さとう はなこ",
        "--reading",
        "",
    )
    before = ok(capsys, "--data-dir", data, "log", eid)
    rc, _out, err = run(capsys, "--data-dir", data, "player", "rename", eid, "p2", "佐藤花子")
    assert rc != 0 and "--allow-same-name" in err and err.count("\n") == 1
    rc, _out, err = run(capsys, "--data-dir", data, "player", "rename", eid, "p1", "佐藤花子")
    assert rc != 0 and "nothing to change" in err
    rc, _out, err = run(capsys, "--data-dir", data, "player", "rename", eid, "p1", "佐藤花子", "--reading", "sato")
    assert rc != 0 and "reading" in err and "'s'" in err
    assert ok(capsys, "--data-dir", data, "log", eid) == before
    out = ok(capsys, "--data-dir", data, "player", "rename", eid, "p2", "佐藤花子", "--allow-same-name")
    assert "佐藤花子 (2)" in out
    # a reading alone may change (not a no-op)
    ok(capsys, "--data-dir", data, "player", "rename", eid, "p1", "佐藤花子", "--reading", "サトウ ハナコ")
    rows = json.loads(ok(capsys, "--data-dir", data, "player", "list", eid, "--json"))["players"]
    assert [(r["name"], r["reading"]) for r in rows] == [("佐藤花子", "サトウ ハナコ"), ("佐藤花子 (2)", None)]
    assert "renamed 佐藤 花 → 佐藤花子 (2)" in ok(capsys, "--data-dir", data, "log", eid)


# -- remove (L-REMOVE) -----------------------------------------------------------------------


def test_l_remove_a_no_show_is_in_no_standings_scorecard_report_export_or_page(cup, capsys):
    """L-REMOVE: removed before round 1, the no-show is not placed last (the
    store manager's 最終順位 … 13位): absent from standings, scorecard,
    report, the event file and the phone pages; only the log names them;
    their id is not given again; undo brings them back."""
    data, eid = cup
    ok(capsys, "--data-dir", data, "player", "add", eid, "青木", "井上", "上田", "来ない人")
    assert "来ない人" in ok(capsys, "--data-dir", data, "player", "remove", eid, "来ない人")
    assert ok(capsys, "--data-dir", data, "player", "add", eid, "遅刻者").split() == ["p5"]  # p4 stays taken
    ok(capsys, "--data-dir", data, "pair", eid)
    d = desk_of(data, eid)
    for m in d.event.current_round.matches:
        if m.p2 is not None:
            d.record(m.table, "2-0")
    d.store.close()
    for what in ("standings", "scorecard", "report", "pairings", "pairings-by-name"):
        for fmt in ("html", "csv", "json"):
            page = ok(capsys, "--data-dir", data, "export", eid, "--what", what, "--format", fmt)
            assert "来ない人" not in page, (what, fmt)
    doc = json.loads(ok(capsys, "--data-dir", data, "export", eid))
    assert "来ない人" not in json.dumps(doc, ensure_ascii=False)
    assert "来ない人" not in ok(capsys, "--data-dir", data, "standings", eid, "--json")
    d = desk_of(data, eid)
    t = pages.T("ja")
    for part in pages.PARTS.values():
        assert "来ない人" not in part(t, d.event, 0.0)
    assert find_players(d.event, "来ない") == []
    d.store.close()
    assert "removed the registration of 来ない人" in ok(capsys, "--data-dir", data, "log", eid)
    d = desk_of(data, eid)
    assert event_from_doc(json.loads(json.dumps(to_doc(d.event)))) == d.event  # lycee-event/1 round trip
    d.store.close()


def test_l_remove_refused_once_paired_naming_player_drop_and_undo_restores(cup, capsys):
    """L-REMOVE: a player already paired is refused, naming `lycee player drop`
    (G-DROP-1 keeps the results); before that, undo brings a removal back."""
    data, eid = cup
    ok(capsys, "--data-dir", data, "player", "add", eid, "A", "B", "C")
    ok(capsys, "--data-dir", data, "player", "remove", eid, "C")
    out = ok(capsys, "--data-dir", data, "undo", eid)
    assert "removed the registration of C" in out
    assert [x.split("\t")[1] for x in ok(capsys, "--data-dir", data, "player", "list", eid).splitlines()] == [
        "A",
        "B",
        "C",
    ]
    ok(capsys, "--data-dir", data, "pair", eid)
    before = ok(capsys, "--data-dir", data, "log", eid)
    rc, _out, err = run(capsys, "--data-dir", data, "player", "remove", eid, "A")
    assert rc != 0 and "lycee player drop" in err and "round 1" in err and err.count("\n") == 1
    assert ok(capsys, "--data-dir", data, "log", eid) == before


# -- readings (L-READING) --------------------------------------------------------------------


def _paired_with_readings(capsys, data, eid):
    ok(
        capsys,
        "--data-dir",
        data,
        "player",
        "add",
        eid,
        "中村",
        "伊藤",
        "佐藤",
        "吉田",
        "さくら",
        "山田",
        "--reading",
        "なかむら",
        "--reading",
        "イトウ",
        "--reading",
        "ｻﾄｳ",
        "--reading",
        "よしだ",
        "--reading",
        "",
        "--reading",
        "",
    )
    ok(capsys, "--data-dir", data, "pair", eid)


def test_l_reading_by_name_export_is_in_gojuon_order(cup, capsys):
    """L-READING: 中村, 伊藤, 佐藤, 吉田 were in code-point order (中村 first);
    with readings the by-name sheet is 伊藤, さくら (a kana name sorts by
    itself), 佐藤, 中村, 吉田, then 山田 (no reading) and the note saying so,
    in HTML, CSV row order and JSON."""
    data, eid = cup
    _paired_with_readings(capsys, data, eid)
    want = ["伊藤", "さくら", "佐藤", "中村", "吉田", "山田"]
    doc = json.loads(ok(capsys, "--data-dir", data, "export", eid, "--what", "pairings-by-name", "--format", "json"))
    assert [r[0] for r in doc["rows"]] == want
    assert doc["note"] == "1 player without a reading (よみ) is listed last, by name"
    csv_text = ok(capsys, "--data-dir", data, "export", eid, "--what", "pairings-by-name", "--format", "csv")
    assert [line.split(",")[0] for line in csv_text.splitlines()[1:]] == want
    page = ok(
        capsys, "--data-dir", data, "--lang", "ja", "export", eid, "--what", "pairings-by-name", "--format", "html"
    )
    assert [page.index(f"<tr><td>{n}</td>") for n in want] == sorted(page.index(f"<tr><td>{n}</td>") for n in want)
    assert "よみのない 1 人は最後に名前順で載せています" in page


def test_l_reading_phone_and_tv_by_name_and_find_by_reading(cup, capsys):
    """L-READING: the phone page by name and the TV list the same order; the
    phone "find my table" finds 伊藤 from いとう, イトウ or ｲﾄｳ."""
    data, eid = cup
    _paired_with_readings(capsys, data, eid)
    d = desk_of(data, eid)
    ev = d.event
    for part, first in ((pages.names_part, "<tr><td>{}</td>"), (pages.tv_part, '<span class="name">{}</span>')):
        html = part(pages.T("en"), ev, 0.0)
        at = [html.index(first.format(n)) for n in ("伊藤", "さくら", "佐藤", "中村", "吉田", "山田")]
        assert at == sorted(at), part
        assert "1 player without a reading (よみ) is listed last, by name" in html
    ito = ev.player_named("伊藤").id
    for q in ("いとう", "イトウ", "ｲﾄｳ", "いと"):
        assert [h[0] for h in find_players(ev, q)] == [ito], q
    d.store.close()


def test_l_reading_count_mismatch_and_non_kana_refused(cup, capsys):
    """L-READING: --reading once per name, in order: a count mismatch is
    refused; a reading that is not kana is refused naming the field;
    nothing is stored."""
    data, eid = cup
    before = ok(capsys, "--data-dir", data, "log", eid)
    rc, _o, err = run(capsys, "--data-dir", data, "player", "add", eid, "A", "B", "--reading", "え")
    assert rc != 0 and "1 readings for 2 names" in err
    rc, _o, err = run(capsys, "--data-dir", data, "player", "add", eid, "鈴木", "--reading", "鈴木")
    assert rc != 0 and "reading (よみ)" in err and "not kana" in err
    assert ok(capsys, "--data-dir", data, "log", eid) == before


def test_l_reading_travels_in_the_event_file(cup, capsys):
    """lycee-event/1: each player's optional "reading"; import(export(e)) is e."""
    data, eid = cup
    _paired_with_readings(capsys, data, eid)
    d = desk_of(data, eid)
    doc = to_doc(d.event)
    assert [p.get("reading") for p in doc["players"]] == ["なかむら", "イトウ", "サトウ", "よしだ", None, None]
    again = event_from_doc(json.loads(json.dumps(doc)))
    assert to_doc(again) == doc
    assert again.players == d.event.players
    d.store.close()
    bad = dict(doc, players=[dict(doc["players"][0], reading="nakamura")] + doc["players"][1:])
    with pytest.raises(LyceeError, match=r"\$\.players\[0\]\.reading"):
        event_from_doc(bad)


def test_l_reading_normalises_width_and_kind():
    """L-READING: half-width kana are stored full-width; katakana and
    hiragana sort as one; voiced and small kana sort beside their plain kana."""
    assert check_reading(" ｽｽﾞｷ  ｲﾁﾛｳ ") == "スズキ イチロウ"
    assert check_reading("") is None
    assert reading_key("鈴木", "スズキ") == reading_key("すずき", None) == "すずき"
    assert reading_key("山田", None) is None
    order = sorted(["がとう", "かとう", "かっぱ", "かつら", "あおき"], key=name_sort_key)
    assert order == ["あおき", "かっぱ", "かつら", "かとう", "がとう"]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(min_size=1, max_size=6),
            st.one_of(st.none(), st.text(alphabet="あいうかがきゃアイウカガキャｱｲｳｶﾞー ", min_size=1, max_size=6)),
        ),
        max_size=12,
    )
)
def test_l_reading_order_puts_every_reading_before_every_name_without(rows):
    """L-READING: a total order: players with a reading (or a kana name) come
    first, in the order of their hiragana key; those with neither after."""
    keyed = sorted(rows, key=lambda r: name_sort_key(*r))
    has = [reading_key(n, r) is not None for n, r in keyed]
    assert has == sorted(has, reverse=True)
    for n, r in keyed:
        k = reading_key(n, r)
        if k is not None:
            assert k == to_hiragana(k)


def test_l_rename_reaches_the_draft_table_and_remove_refuses_a_seated_player(tmp_path):
    """L-RENAME: a seat of a draft pod shows the new name; L-REMOVE: a player
    seated at the draft table is refused (drop them instead); nothing stored."""
    from core.store import DataDir
    from limited.event import draft_pods

    store = DataDir(tmp_path / "data").create(
        {"name": "Draft", "kind": "draft", "date": "2026-11-30", "sanctioned": False}
    )
    d = Desk(store)
    d.add_players([f"Player {i}" for i in range(1, 7)])
    draft_pods(d, "beta", 5, seed=1)
    d.rename("p2", "Player Two")
    assert {s.name for pod in d.event.pods for s in pod if s.player == "p2"} == {"Player Two"}
    before = store.path.read_bytes()
    with pytest.raises(LyceeError, match="lycee player drop"):
        d.remove("p3")
    assert store.path.read_bytes() == before
    store.close()


def test_l_rename_of_the_reading_alone_says_so_not_a_rename_to_the_same_name(cup, capsys):
    """L-RENAME: a correction of the reading only reads as that, in the
    command's answer and in the log (not "renamed 佐藤花子 → 佐藤花子")."""
    data, eid = cup
    ok(capsys, "--data-dir", data, "player", "add", eid, "山田太朗")
    out = ok(capsys, "--data-dir", data, "player", "rename", eid, "p1", "山田太朗", "--reading", "やまだたろう")
    assert "reading of 山田太朗 corrected · reading やまだたろう" in out and "→" not in out
    log = ok(capsys, "--data-dir", data, "log", eid)
    assert "reading of 山田太朗 corrected · reading やまだたろう" in log


def test_l_reading_names_without_a_reading_sort_in_unicode_order_a_player_can_follow():
    """L-READING (docs/names.md): players without a reading are listed by their name in Unicode order
    (kanji by radical and strokes: 伊藤 佐藤 山田 田中 鈴木 高橋); the look-alike skeleton turned 山
    into a Kangxi radical and 一 into a Hangul letter, for an order nobody could predict (山田 first)."""
    names = ["山田", "田中", "高橋", "伊藤", "佐藤", "鈴木"]
    assert sorted(names, key=name_sort_key) == ["伊藤", "佐藤", "山田", "田中", "鈴木", "高橋"]
    assert sorted(["Ｂob", "alice", "Ａnn"], key=name_sort_key) == ["alice", "Ａnn", "Ｂob"]
