"""The store and its members (issue 47; docs/storage.md "Members and the store",
rules M-STORE, M-MEMBER, M-HISTORY in docs/rules.md)."""

from __future__ import annotations

import json
import os
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.rules import members as mr
from core.store.members import MemberList
from tests.cli_helpers import run, staffed_event
from tests.strategies import kana_names


def lycee(capsys, data, *argv, lang="en"):
    return run(capsys, "--lang", lang, "--data-dir", str(data), *argv)


def new_event(capsys, data) -> str:
    """A staffed event with no player yet."""
    rc, out, err = lycee(
        capsys,
        data,
        "event",
        "new",
        "Cup",
        "--date",
        "2026-12-05",
        "--organizer",
        "O",
        "--judge",
        "J",
        "--head-judge",
        "J",
    )
    assert rc == 0, err
    return out.strip()


def stored(data) -> bytes:
    p = mr.members_path(data)
    return p.read_bytes() if p.exists() else b""


# -- the store (M-STORE) -----------------------------------------------------------------


def test_store_set_is_kept_privately_and_new_events_remember_it(capsys, tmp_path):
    rc, out, err = lycee(
        capsys, tmp_path, "store", "set", "--name", "カードショップ森", "--number", "1234", "--place", "東京都"
    )
    assert rc == 0, err
    assert "カードショップ森" in out and "1234" in out
    assert mr.store_info(tmp_path) == {"name": "カードショップ森", "number": "1234", "place": "東京都"}
    assert stat.S_IMODE(os.stat(mr.members_path(tmp_path)).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(mr.members_path(tmp_path).parent).st_mode) == 0o700
    eid = staffed_event(capsys, str(tmp_path), ["A", "B"])
    rc, out, _err = lycee(capsys, tmp_path, "export", eid)
    doc = json.loads(out)
    assert doc["store"] == {"name": "カードショップ森", "number": "1234", "place": "東京都"}
    # a later change of the store is not the event's: it keeps the store that ran it
    lycee(capsys, tmp_path, "store", "set", "--name", "別の店")
    rc, out, _err = lycee(capsys, tmp_path, "export", eid)
    assert json.loads(out)["store"]["name"] == "カードショップ森"
    # a number or place not given is kept
    assert mr.store_info(tmp_path) == {"name": "別の店", "number": "1234", "place": "東京都"}


def test_an_event_made_before_a_store_was_set_keeps_none(capsys, tmp_path):
    eid = staffed_event(capsys, str(tmp_path), ["A", "B"])
    lycee(capsys, tmp_path, "store", "set", "--name", "森")
    rc, out, _err = lycee(capsys, tmp_path, "export", eid)
    assert "store" not in json.loads(out)


def test_store_survives_export_and_import(capsys, tmp_path):
    lycee(capsys, tmp_path, "store", "set", "--name", "森", "--number", "77")
    lycee(capsys, tmp_path, "members", "add", "相川", "--reading", "あいかわ")
    eid = new_event(capsys, tmp_path)
    lycee(capsys, tmp_path, "player", "add", eid, "--member", "M001")
    f = tmp_path / "ev.json"
    assert lycee(capsys, tmp_path, "export", eid, "-o", str(f))[0] == 0
    other = tmp_path / "other"
    rc, out, err = lycee(capsys, other, "import", str(f))
    assert rc == 0, err
    rc, out, _err = lycee(capsys, other, "export", out.strip())
    doc = json.loads(out)
    assert doc["store"] == {"name": "森", "number": "77", "place": ""}
    assert doc["players"][0]["member"] == "M001"


# -- members (M-MEMBER) ------------------------------------------------------------------


def test_members_add_gives_numbers_and_tells_same_names_apart(capsys, tmp_path):
    rc, out, err = lycee(capsys, tmp_path, "members", "add", "田中美咲", "--reading", "たなかみさき")
    assert (rc, out.strip()) == (0, "M001")
    # the same name again is refused, naming the member (the same regular typed twice, M-MEMBER) ...
    rc, out, err = lycee(capsys, tmp_path, "members", "add", "田中美咲", "--reading", "タナカミサキ")
    assert rc == 1 and out == "" and "M001" in err and "--allow-same-name" in err
    assert [m.number for m in mr.members_of(tmp_path)] == ["M001"]
    # ... and another person of that name is added when said so
    rc, out, err = lycee(
        capsys, tmp_path, "members", "add", "田中美咲", "--reading", "タナカミサキ", "--allow-same-name"
    )
    assert (rc, out.strip()) == (0, "M002")
    assert "M001" in err  # the add says there is another of this name
    rc, out, err = lycee(capsys, tmp_path, "members", "add", "相川", "--number", "ｍ０１０")
    assert out.strip() == "M010"  # folded: full width, upper case
    eid = new_event(capsys, tmp_path)
    rc, out, err = lycee(capsys, tmp_path, "player", "add", eid, "--member", "M001", "M002", "M010")
    assert rc == 0, err
    rc, out, _err = lycee(capsys, tmp_path, "export", eid)
    players = {p["member"]: p["name"] for p in json.loads(out)["players"]}
    # told apart by their numbers, not 「田中美咲 (2)」
    assert players == {"M001": "田中美咲 (M001)", "M002": "田中美咲 (M002)", "M010": "相川"}


def test_members_list_is_in_gojuon_order_by_reading(capsys, tmp_path):
    for name, reading in (("渡辺", "わたなべ"), ("佐藤", "さとう"), ("相川", "あいかわ"), ("加藤", "かとう")):
        lycee(capsys, tmp_path, "members", "add", name, "--reading", reading)
    rc, out, _err = lycee(capsys, tmp_path, "members", "list")
    assert [line.split("\t")[1] for line in out.splitlines()] == ["相川", "加藤", "佐藤", "渡辺"]
    rc, out, _err = lycee(capsys, tmp_path, "members", "list", "--json")
    doc = json.loads(out)
    assert [m["name"] for m in doc["members"]] == ["相川", "加藤", "佐藤", "渡辺"]
    assert set(doc["members"][0]) == {"number", "name", "reading"}


def test_a_number_given_twice_is_refused_and_nothing_changes(capsys, tmp_path):
    lycee(capsys, tmp_path, "members", "add", "相川", "--number", "M7")
    before = stored(tmp_path)
    rc, out, err = lycee(capsys, tmp_path, "members", "add", "佐藤", "--number", "m7")
    assert rc != 0 and "M7" in err and "相川" in err
    assert stored(tmp_path) == before
    eid = new_event(capsys, tmp_path)
    rc, out, err = lycee(capsys, tmp_path, "player", "add", eid, "--member", "M7", "M7")
    assert rc != 0 and "M7" in err and "twice" in err
    rc, out, err = lycee(capsys, tmp_path, "player", "list", eid)
    assert out.strip() == ""


def test_an_unknown_number_is_named_and_nothing_changes(capsys, tmp_path):
    lycee(capsys, tmp_path, "members", "add", "相川")
    before = stored(tmp_path)
    for argv in (("remove", "M404"), ("rename", "M404", "X"), ("merge", "M001", "M404"), ("show", "M404")):
        rc, out, err = lycee(capsys, tmp_path, "members", *argv)
        assert rc != 0 and "M404" in err, argv
        assert stored(tmp_path) == before
    eid = new_event(capsys, tmp_path)
    rc, out, err = lycee(capsys, tmp_path, "player", "add", eid, "--member", "M001", "M404")
    assert rc != 0 and "M404" in err
    assert lycee(capsys, tmp_path, "player", "list", eid)[1].strip() == ""  # all or none


def test_remove_forgets_the_person_but_keeps_results_under_the_number(capsys, tmp_path):
    lycee(capsys, tmp_path, "members", "add", "相川", "--reading", "あいかわ")
    eid = staffed_event(capsys, str(tmp_path), ["B"])
    lycee(capsys, tmp_path, "player", "add", eid, "--member", "M001")
    rc, out, err = lycee(capsys, tmp_path, "members", "remove", "M001")
    assert rc == 0, err
    assert "相川".encode() not in stored(tmp_path)  # personal data gone, the log too
    assert mr.member(tmp_path, "M001") is None
    rc, out, err = lycee(capsys, tmp_path, "members", "show", "M001", "--json")
    doc = json.loads(out)
    assert doc["name"] is None and [e["event"] for e in doc["events"]] == [eid]
    # the number is never given again
    rc, out, err = lycee(capsys, tmp_path, "members", "add", "新人")
    assert out.strip() == "M002"
    rc, out, err = lycee(capsys, tmp_path, "members", "add", "新人2", "--number", "M001")
    assert rc != 0 and "M001" in err


def test_rename_and_merge_are_logged_and_merge_moves_history(capsys, tmp_path):
    lycee(capsys, tmp_path, "members", "add", "相川")
    lycee(capsys, tmp_path, "members", "add", "相川 ゆう", "--reading", "あいかわゆう")
    rc, out, err = lycee(capsys, tmp_path, "members", "rename", "M001", "相川優", "--reading", "あいかわゆう")
    assert rc == 0 and "相川優" in out
    eid = new_event(capsys, tmp_path)
    lycee(capsys, tmp_path, "player", "add", eid, "--member", "M002")
    rc, out, err = lycee(capsys, tmp_path, "members", "merge", "M001", "M002")
    assert rc == 0, err
    assert [m.number for m in mr.members_of(tmp_path)] == ["M001"]
    assert mr.resolve(tmp_path, "M002") == "M001"
    log = [d["what"] for d in mr._docs(mr.read_raw(tmp_path), "log")]
    assert log == ["add", "add", "rename", "merge"]
    rc, out, err = lycee(capsys, tmp_path, "members", "show", "M001", "--json")
    assert [e["event"] for e in json.loads(out)["events"]] == [eid]


CSV = "name,reading,number\n田中美咲,たなかみさき,A1\n佐藤一郎,さとういちろう,\n鈴木,,A3\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp932"])
def test_import_csv_in_utf8_or_shift_jis(capsys, tmp_path, encoding):
    f = tmp_path / "m.csv"
    f.write_bytes(CSV.encode(encoding))
    rc, out, err = lycee(capsys, tmp_path, "members", "import", str(f))
    assert rc == 0, err
    assert {(m.number, m.name, m.reading) for m in mr.members_of(tmp_path)} == {
        ("A1", "田中美咲", "たなかみさき"),
        ("M001", "佐藤一郎", "さとういちろう"),
        ("A3", "鈴木", None),
    }


def test_m_member_a_stray_byte_in_the_csv_is_named_by_line_and_byte(capsys, tmp_path):
    """M-MEMBER, L-FILE: a member list with one stray byte (a download cut short) is refused naming
    the line and the byte where it stops reading as text, as a card list is (it said only
    "neither UTF-8 nor Shift_JIS"); nothing is imported."""
    f = tmp_path / "m.csv"
    raw = CSV.encode("utf-8")
    f.write_bytes(raw + b"\xff\xfe,x\n")
    rc, _out, err = lycee(capsys, tmp_path, "members", "import", str(f))
    assert rc == 1 and "line 5" in err and f"byte offset {len(raw)}" in err, err
    assert mr.members_of(tmp_path) == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("name,reading,number\n田中,たなか,A1\n,すずき,A2\n", ["line 3", "no name"]),
        ("田中,たなか,A1\n鈴木,すずき,A1\n", ["line 2", "A1", "line 1"]),
        ("田中,たなか,A1\n鈴木,suzuki,A2\n", ["line 2", "kana"]),
        ("田中,たなか,M001\n", ["line 1", "M001"]),  # a number already the store's
    ],
)
def test_a_bad_csv_names_the_line_and_imports_nothing(capsys, tmp_path, text, words):
    lycee(capsys, tmp_path, "members", "add", "相川")
    before = stored(tmp_path)
    f = tmp_path / "m.csv"
    f.write_text(text, encoding="utf-8")
    rc, out, err = lycee(capsys, tmp_path, "members", "import", str(f))
    assert rc != 0
    assert err.count("\n") == 1 and "Traceback" not in err
    for w in words:
        assert w in err
    assert stored(tmp_path) == before


def test_history_shows_events_records_places_and_earlier_warnings(capsys, tmp_path):
    """A judge deciding a penalty sees the player's warnings in other events (G-PEN-2: information only)."""
    lycee(capsys, tmp_path, "store", "set", "--name", "森")
    lycee(capsys, tmp_path, "members", "add", "相川", "--reading", "あいかわ")
    eid = staffed_event(capsys, str(tmp_path), ["B", "C", "D"])
    lycee(capsys, tmp_path, "player", "add", eid, "--member", "M001")
    aikawa = "p4"
    lycee(capsys, tmp_path, "event", "set", eid, "--rounds", "1")
    assert lycee(capsys, tmp_path, "pair", eid)[0] == 0
    rc, out, err = lycee(capsys, tmp_path, "penalty", eid, aikawa, "warning", "--reason", "遅延行為", "--by", "J")
    assert rc == 0, err
    ev = json.loads(lycee(capsys, tmp_path, "export", eid)[1])
    table = next(m for m in ev["rounds"][0]["matches"] if aikawa in (m["p1"], m["p2"]))
    res = "2-0" if table["p1"] == aikawa else "0-2"
    assert lycee(capsys, tmp_path, "result", eid, str(table["table"]), res)[0] == 0
    rc, out, err = lycee(capsys, tmp_path, "members", "show", "M001", "--json")
    doc = json.loads(out)
    (row,) = doc["events"]
    assert (row["record"], row["points"], row["store"], row["players"]) == ("1-0-0", 3, "森", 4)
    assert row["place"] in (1, 2)
    assert row["penalties"] == [
        {"round": 1, "table": table["table"], "level": "warning", "action": "none", "reason": "遅延行為"}
    ]
    rc, out, err = lycee(capsys, tmp_path, "members", "show", "M001", lang="ja")
    assert "相川 (M001)" in out and "警告" in out and "遅延行為" in out and "1-0-0" in out


# -- the core API (what seasons build on) ------------------------------------------------


def test_member_list_api(tmp_path):
    ml = MemberList(tmp_path, clock=lambda: "2026-12-06T10:00:00+09:00")
    m, others = ml.add("佐藤", "さとう")
    assert (m.number, others) == ("M001", [])
    assert mr.member(tmp_path, "m001") == mr.Member("M001", "佐藤", "さとう")
    assert mr.store_info(tmp_path) is None
    assert [x.number for x in mr.members_of(tmp_path)] == ["M001"]


def test_a_member_list_that_does_not_parse_is_named_and_left_alone(capsys, tmp_path):
    p = mr.members_path(tmp_path)
    p.parent.mkdir(parents=True)
    p.write_text("{not json", encoding="utf-8")
    rc, out, err = lycee(capsys, tmp_path, "members", "add", "相川")
    assert rc != 0 and str(p) in err
    assert p.read_text(encoding="utf-8") == "{not json"


# -- suggestions as the clerk types ------------------------------------------------------


def test_suggestions_by_name_reading_or_number():
    idx = mr.MemberIndex(
        [
            mr.Member("M001", "田中美咲", "たなかみさき"),
            mr.Member("M002", "田中美咲", "たなかみさき"),
            mr.Member("A7", "佐藤", "さとう"),
        ]
    )
    assert [m.number for m in idx.suggest("田中")] == ["M001", "M002"]
    assert [m.number for m in idx.suggest("タナカ")] == ["M001", "M002"]  # katakana typed for a hiragana reading
    assert [m.number for m in idx.suggest("a7")] == ["A7"]
    assert [m.number for m in idx.suggest("美咲")] == ["M001", "M002"]  # inside a name
    assert idx.suggest("") == []


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(kana_names, st.booleans()), min_size=1, max_size=12))
def test_numbers_are_never_given_twice(entries):
    """Whatever is added, removed or merged, every number given is new (M-MEMBER)."""
    raw: dict = {}
    given_numbers: list[str] = []
    for name, remove in entries:
        raw, m, _others = mr.plan_add(raw, name, None, None, "t")
        given_numbers.append(m.number)
        if remove:
            raw, _m = mr.plan_remove(raw, m.number, "t")
    assert len(set(given_numbers)) == len(given_numbers)
    kept = [n for (name, remove), n in zip(entries, given_numbers) if not remove]
    assert sorted(m.number for m in mr.listed(raw)) == sorted(kept)  # a removed member is gone, the rest kept
    keys = [mr.sort_key(m) for m in mr.listed(raw)]
    assert keys == sorted(keys)  # the list is in 五十音 order


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["players"][1].__setitem__("member", "M001"), "M001"),  # one member twice in an event
        (lambda d: d["players"][1].__setitem__("member", "m 1"), "$.players[1].member"),
        (lambda d: d.__setitem__("store", {"name": ""}), "$.store.name"),
    ],
)
def test_an_event_file_with_a_bad_member_or_store_is_refused_by_path(capsys, tmp_path, change, where):
    """M-MEMBER: lycee-event/1's players[].member and store are checked on import like every key."""
    lycee(capsys, tmp_path, "members", "add", "相川")
    eid = new_event(capsys, tmp_path)
    lycee(capsys, tmp_path, "player", "add", eid, "--member", "M001")
    lycee(capsys, tmp_path, "player", "add", eid, "B")
    doc = json.loads(lycee(capsys, tmp_path, "export", eid)[1])
    change(doc)
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    events = sorted((tmp_path / "events").glob("*.json"))
    rc, out, err = lycee(capsys, tmp_path, "import", str(f))
    assert rc != 0 and where in err
    assert sorted((tmp_path / "events").glob("*.json")) == events  # nothing stored


def test_history_places_follow_the_final_placings_after_a_top_cut(capsys, tmp_path):
    """M-HISTORY with G-SE: once the elimination stage is finished, the place is the final placing."""
    lycee(capsys, tmp_path, "members", "add", "相川")
    eid = new_event(capsys, tmp_path)
    lycee(capsys, tmp_path, "player", "add", eid, "--member", "M001")
    lycee(capsys, tmp_path, "player", "add", eid, "B", "C", "D")
    lycee(capsys, tmp_path, "event", "set", eid, "--rounds", "1")
    assert lycee(capsys, tmp_path, "pair", eid)[0] == 0
    ev = json.loads(lycee(capsys, tmp_path, "export", eid)[1])
    for m in ev["rounds"][0]["matches"]:  # p1 (相川) wins their Swiss match
        lycee(capsys, tmp_path, "result", eid, str(m["table"]), "0-2" if m["p2"] == "p1" else "2-0")
    swiss = json.loads(lycee(capsys, tmp_path, "standings", eid, "--json")[1])
    rank = next(r["rank"] for r in swiss["standings"] if r["id"] == "p1")
    rc, out, err = lycee(capsys, tmp_path, "top", eid, "2")
    assert rc == 0, err
    final = json.loads(lycee(capsys, tmp_path, "export", eid)[1])["rounds"][-1]["matches"][0]
    wins = rank == 2  # the other place than the Swiss rank: 1st from 2nd, 2nd from 1st
    res = "2-0" if (final["p1"] == "p1") == wins else "0-2"
    assert lycee(capsys, tmp_path, "result", eid, str(final["table"]), res)[0] == 0
    (row,) = json.loads(lycee(capsys, tmp_path, "members", "show", "M001", "--json")[1])["events"]
    assert row["place"] == (1 if wins else 2) != rank
