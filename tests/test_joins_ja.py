"""Issue 29, "no sentence built by joining in code": lists and sentences that reach a user go
through core.i18n.join_list / join_sentences, so Japanese reads 「、」「・」「。」, never an ASCII
", " or "; "; export file names in the store's language; the leftovers (GW of a player with no
match, 最終順位 of a Swiss-only event that is over, the repair's success line)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from core import i18n
from core.desk import Desk
from core.event.model import Event, Match, Player, Round
from core.store import DataDir

#: An ASCII list or sentence join anywhere in a Japanese text.
ASCII_JOIN = re.compile(r"[,;] ")


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def depth(text: str) -> int:
    """How deep parentheses nest (「（a（b））」 is 2)."""
    most = now = 0
    for c in text:
        if c in "（(":
            now += 1
            most = max(most, now)
        elif c in "）)":
            now -= 1
    return most


def cli(capsys, *args: str) -> tuple[int, str, str]:
    from tui.cli import main

    try:
        rc = main(list(args))
    except SystemExit as stop:  # argparse's own refusals
        rc = stop.code
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_g_sealed_round_one_refusal_lists_players_in_japanese_without_nested_parentheses(tmp_path, capsys):
    """G-SEALED: the round-1 refusal of a sealed event names every player without a deck in
    Japanese sentences (「「名前」：デッキ未登録。」), no ASCII join, no parenthesis inside a
    parenthesis; English keeps its "; " between players."""
    base = ["--data-dir", str(tmp_path)]
    rc, out, _err = cli(capsys, *base, "demo", "--kind", "sealed", "--players", "4", "--seed", "1", "--no-tui")
    assert rc == 0
    eid = out.split()[-1]
    rc, _out, err = cli(capsys, *base, "--lang", "ja", "pair", eid)
    assert rc == 1 and "（G-SEALED）" in err
    msg = err.strip()
    assert not ASCII_JOIN.search(msg), msg
    assert depth(msg) == 1, msg
    assert msg.count("：デッキ未登録") == 4
    rc, _out, err = cli(capsys, *base, "--lang", "en", "pair", eid)
    assert rc == 1 and err.count("(no deck); ") == 3


def test_design3_refusals_listing_choices_read_in_japanese(tmp_path, capsys, japanese):
    """the command line in README.md: a refusal naming what to choose lists it with 「、」: the unknown export and
    format (core and argparse's own), the required arguments, a tiebreaker (G-TIE-1)."""
    from core.errors import LyceeError
    from core.event.tiebreakers import unknown_message
    from core.reports.exports import check_export

    for what, fmt in (("foo", "html"), ("pairings", "xml"), ("slips", "csv")):
        with pytest.raises(LyceeError) as ei:
            check_export(what, fmt)
        assert not ASCII_JOIN.search(str(ei.value)) and "、" in str(ei.value), str(ei.value)
    text = unknown_message("sos")
    assert "op、omw、gw、ogw" in text and not ASCII_JOIN.search(text)
    rc, _out, err = cli(capsys, "--data-dir", str(tmp_path), "--lang", "ja", "export", "x", "--what", "foo")
    assert rc == 2 and "'pairings'、'pairings-by-name'" in err and not ASCII_JOIN.search(err), err
    rc, _out, err = cli(capsys, "--data-dir", str(tmp_path), "--lang", "ja", "build")
    assert rc == 2 and "EVENT、ACTION" in err, err
    i18n.set_language("en")
    rc, _out, err = cli(capsys, "--data-dir", str(tmp_path), "--lang", "en", "export", "x", "--what", "foo")
    assert "'pairings', 'pairings-by-name'" in err


def test_g_organizer_staff_refusal_and_lateness_trail_read_in_japanese(tmp_path, capsys):
    """G-ORGANIZER / G-JUDGE / G-HEAD-JUDGE: a sanctioned event without staff is refused naming
    each gap as a sentence (「…いません。…いません」); G-LATE-1's line in the trail lists the
    players with 「・」."""
    from core.rules import describe

    base = ["--data-dir", str(tmp_path), "--lang", "ja"]
    rc, out, _err = cli(capsys, *base, "event", "new", "土曜リセ杯", "--date", "2026-12-05")
    eid = out.strip()
    cli(capsys, *base, "player", "add", eid, "伊藤", "佐藤")
    rc, _out, err = cli(capsys, *base, "pair", eid)
    assert rc == 1 and "主催者がいません。" in err and not ASCII_JOIN.search(err), err
    i18n.set_language("ja")
    try:
        line = describe(
            {
                "type": "late",
                "data": {"round": 1, "rule": "G-LATE-1", "table": 2, "players": ["伊藤", "佐藤"], "at": "t"},
            }
        )
    finally:
        i18n.set_language("en")
    assert "伊藤・佐藤" in line and not ASCII_JOIN.search(line), line


def test_design7_export_file_names_in_the_stores_language(japanese):
    """Issue 29 item 9: in Japanese an export's file name says the sheet and the round in words
    (2026-12-05_土曜リセ杯_対戦表_第3回戦.html), safe on every system (no / \\ : * ? " < > |);
    English keeps the keys scripts look for (pairings_r3)."""
    from core.reports.exports import EXPORTS, export_filename

    ev = Event(
        id="x",
        name='土曜リセ杯 / 12:00 "A"<B>|?*',
        date="2026-12-05",
        rounds=tuple(Round(n, "swiss", ()) for n in (1, 2, 3)),
    )
    plain = Event(id="x", name="土曜リセ杯", date="2026-12-05", rounds=ev.rounds)
    assert export_filename(plain, "pairings", "html") == "2026-12-05_土曜リセ杯_対戦表_第3回戦.html"
    assert export_filename(plain, "pairings-by-name", "html", 2) == "2026-12-05_土曜リセ杯_対戦表・名前順_第2回戦.html"
    assert export_filename(plain, "scorecard", "csv") == "2026-12-05_土曜リセ杯_スコアカード.csv"
    for what in EXPORTS:
        name = export_filename(ev, what, "html")
        assert not re.search(r'[\\/:*?"<>|\s]', name), name
        assert not re.search(r"[a-z]", name.removesuffix(".html")), name  # no English word left
    i18n.set_language("en")
    assert export_filename(plain, "pairings", "html") == "2026-12-05_土曜リセ杯_pairings_r3.html"


def _event(players, rounds, planned=None) -> Event:
    return Event(
        id="x",
        name="杯",
        date="2026-12-05",
        rounds_planned=planned,
        sanctioned=False,
        players=tuple(Player(p, p.upper()) for p in players),
        rounds=tuple(rounds),
    )


def test_g_swiss_rank_a_player_with_no_match_has_gw_0_like_omw_and_ogw():
    """G-SWISS-RANK: before round 1 (and for a late entry) there is no game to floor: GW 0, as
    OMW and OGW are 0 without opponents; a player who played only an intentional draw keeps
    the 0.33 floor; the independent check agrees."""
    from core.reports.verify import verify_doc
    from core.rules.eventfile import to_doc
    from core.tournament.ranking import standings_json

    doc = standings_json(_event("abc", []))
    assert [(r["omw"], r["gw"], r["ogw"]) for r in doc["standings"]] == [(0.0, 0.0, 0.0)] * 3
    played = Round(
        1, "swiss", (Match(1, "a", "b", 2, 0, 0, "p1"), Match(2, "c", "d", 0, 0, 0, "draw", "ID", intentional=True))
    )
    ev = _event("abcde", [played])
    late = tuple(replace(p, joined_round=2) if p.id == "e" else p for p in ev.players)
    ev = ev.with_(players=late)  # e registered late, paired from round 2: no match yet
    rows = {r["id"]: r for r in standings_json(ev)["standings"]}
    assert rows["e"]["gw"] == 0.0 and rows["e"]["omw"] == 0.0
    assert rows["c"]["gw"] == 0.33 and rows["b"]["gw"] == 0.33
    assert rows["e"]["rank"] == 5  # below every 0-point player who played
    report = verify_doc(to_doc(ev), standings_json(ev))
    assert report.ok, report.findings


def test_g_swiss_rank_a_swiss_only_event_that_is_over_is_headed_final_standings(tmp_path, capsys):
    """G-SWISS-RANK: once a Swiss-only event has played its planned rounds with every result in,
    its standings are the final ranking: 最終順位 on the export, the command line and the status
    line; before that, 「第N回戦終了時点」."""
    from core.readmodel import round_status
    from core.reports.exports import render

    r1 = Round(1, "swiss", (Match(1, "a", "b", 2, 0, 0, "p1"), Match(2, "c", "d", 2, 1, 0, "p1")))
    r2 = Round(2, "swiss", (Match(1, "a", "c", 2, 0, 0, "p1"), Match(2, "b", "d", 0, 2, 0, "p2")))
    i18n.set_language("ja")
    try:
        done = _event("abcd", [r1, r2], planned=2)
        going = _event("abcd", [r1, r2], planned=3)
        assert "杯 最終順位" in render(done, "standings", "html")
        assert "最終順位" not in render(going, "standings", "html")
        assert "最終順位" in round_status(done) and "最終順位" not in round_status(going)
    finally:
        i18n.set_language("en")
    base = ["--data-dir", str(tmp_path), "--lang", "ja"]
    rc, out, _err = cli(capsys, *base, "event", "new", "スイス杯", "--rounds", "1")
    eid = out.strip()
    cli(capsys, *base, "staff", eid, "--unsanctioned")
    cli(capsys, *base, "player", "add", eid, "伊藤", "佐藤")
    rc, out, _err = cli(capsys, *base, "standings", eid)
    assert out.splitlines()[0] == "第1回戦開始前の順位"  # not 「第0回戦終了時点の順位」
    cli(capsys, *base, "pair", eid)
    rc, out, _err = cli(capsys, *base, "standings", eid)
    assert "最終順位" not in out.splitlines()[0]
    cli(capsys, *base, "result", eid, "1", "2-0")
    rc, out, _err = cli(capsys, *base, "standings", eid)
    assert rc == 0 and out.splitlines()[0] == "最終順位"


def test_the_repair_success_line_is_no_error(tmp_path, capsys):
    """`lycee repair`: what it rebuilt is a success on stdout, not prefixed 「lycee:」 as an error."""
    from core.store.journal import scan

    dd = DataDir(tmp_path)
    store = dd.create({"name": "Repair", "date": "2026-11-30", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["Ann", "Ben", "山田", "佐藤"])
    ids = [p.id for p in store.event.players]
    desk.store_pairing([Match(1, ids[0], ids[1]), Match(2, ids[2], ids[3])])
    desk.record(1, "2-0")
    desk.record(2, "2-1")
    eid = store.id
    store.close()
    for b in dd.backups(eid):
        b.unlink()
    path = dd.event_path(eid)
    data = bytearray(path.read_bytes())
    data[scan(bytes(data)).records[-2].start + 40] ^= 0x10  # damage in the middle
    path.write_bytes(bytes(data))
    for lang in ("ja", "en"):
        rc, out, err = cli(capsys, "--data-dir", str(tmp_path), "--lang", lang, "repair", eid)
        assert rc == 0 and not err
        first = out.splitlines()[0]
        assert not first.startswith("lycee:") and first.startswith(eid), first
