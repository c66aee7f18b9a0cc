"""Players report their own results from their phones (issue 26): the
two-party engine (core.rules.phonereports, Desk.phone_report), the command line
(`lycee player codes`, `lycee reports`, `lycee event set --phone-reports`)
and the phone side (POST /api/report, /report)."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.desk import Desk
from core.errors import LyceeError
from core.rules.phonereports import ALPHABET, UnknownCode, new_code, player_by_code, round_reports
from tests.round_helpers import FakeTime

T0 = datetime(2026, 12, 2, 13, 0, tzinfo=timezone.utc)


@pytest.fixture
def desk(datadir):
    datadir.clock = FakeTime(T0)
    store = datadir.create({"name": "Cup", "date": "2026-12-02", "sanctioned": False})
    d = Desk(store)
    d.add_players(["Aki", "Ben", "Chie", "Dai", "Emi"])
    d.set_settings({"phone_reports": True})
    d.pair_next()
    yield d
    store.close()


def codes(d: Desk) -> dict[str, str]:
    return {pid: code for pid, _name, code in d.report_codes()}


def phone(d: Desk, pid: str) -> Desk:
    return Desk(d.store, actor=f"player {pid} (phone)", device="192.0.2.7")


def table(d: Desk, n: int = 1):
    return d.event.current_round.match_at(n)


def journal(d: Desk) -> list[dict]:
    return d.store.actions


# -- the engine ---------------------------------------------------------------------------------------


def test_g_bo3_two_players_agree_recorded_in_the_same_record_as_the_report(desk):
    """G-BO3: both report 2-1 from their sides: recorded as a desk entry would be, in one journal record."""
    c = codes(desk)
    m = table(desk)
    assert phone(desk, m.p1).phone_report(c[m.p1], "2-1")["status"] == "waiting"
    assert not table(desk).reported
    out = phone(desk, m.p2).phone_report(c[m.p2], "1-2")
    assert out == {"status": "recorded", "table": 1, "round": 1, "by": "players", "result": "1-2"}
    m = table(desk)
    assert (m.p1_wins, m.p2_wins, m.outcome) == (2, 1, "p1")
    last = journal(desk)[-2:]
    assert [a["type"] for a in last] == ["report", "result"]
    raw = desk.store.path.read_text(encoding="utf-8").splitlines()[-1]  # one record holds both
    assert '"report"' in raw and '"result"' in raw
    assert last[0]["actor"] == f"player {m.p2} (phone)"
    [t1] = [t for t in round_reports(desk.event) if t.table == 1]
    assert t1.status == "recorded" and t1.p1.said == "2-1" and t1.p2.said == "1-2"
    assert t1.p2.actor == f"player {m.p2} (phone)" and t1.p2.at


def test_g_bo3_disagreement_is_disputed_and_nothing_is_stored(desk):
    """G-BO3: both claim 2-0: disputed, no result; the desk accepts one side and it is recorded."""
    c = codes(desk)
    m = table(desk)
    phone(desk, m.p1).phone_report(c[m.p1], "2-0")
    assert phone(desk, m.p2).phone_report(c[m.p2], "2-0")["status"] == "disputed"
    assert not table(desk).reported
    assert [t.status for t in round_reports(desk.event) if t.table == 1] == ["disputed"]
    Desk(desk.store, actor="cli").accept_report(1, "p2")
    m = table(desk)
    assert (m.p1_wins, m.p2_wins) == (0, 2)
    assert [(a["type"], a["actor"]) for a in journal(desk)[-2:]] == [("report_decision", "cli"), ("result", "cli")]


def test_g_bo3_a_disputed_table_called_keeps_its_note_in_the_log_until_decided(desk):
    """G-BO3: staff called to a disputed table: the call and its note are an
    action (who, when), on the table until it has a result, after a reopen
    too; a blank note or a table with a result is refused; undo takes it back."""
    from core.errors import LyceeError

    c = codes(desk)
    m = table(desk)
    with pytest.raises(LyceeError, match="no reports waiting for staff"):
        desk.call_table(1, "Sato goes")  # nobody reported yet: nothing for staff to decide
    phone(desk, m.p1).phone_report(c[m.p1], "2-0")
    phone(desk, m.p2).phone_report(c[m.p2], "2-0")
    with pytest.raises(LyceeError, match="note"):
        desk.call_table(1, "   ")
    Desk(desk.store, actor="judge Sato (phone)").call_table(1, "  Sato goes: both claim 2-0 ")
    act = journal(desk)[-1]
    assert act["type"] == "report_decision" and act["actor"] == "judge Sato (phone)"
    assert act["data"]["op"] == "call" and act["data"]["note"] == "Sato goes: both claim 2-0"
    assert not table(desk).reported  # a call stores no result
    from core.log.registry import replay

    reopened = replay(journal(desk))  # the event as its log makes it (what a reopen reads)
    [t1] = [t for t in round_reports(reopened) if t.table == 1]
    assert t1.status == "disputed" and t1.called.note == "Sato goes: both claim 2-0"
    assert t1.doc()["called"] == {
        "note": "Sato goes: both claim 2-0",
        "at": act["data"]["at"],
        "by": "judge Sato (phone)",
    }
    desk.undo()
    assert [t.called for t in round_reports(desk.event) if t.table == 1] == [None]
    desk.call_table(1, "Sato goes")
    desk.clear_reports(1)  # the players report again: the call went with the reports it was for
    phone(desk, m.p1).phone_report(c[m.p1], "2-0")
    phone(desk, m.p2).phone_report(c[m.p2], "2-0")
    assert [t.called for t in round_reports(desk.event) if t.table == 1] == [None]
    desk.call_table(1, "Sato goes")
    desk.accept_report(1, "p1")
    with pytest.raises(LyceeError, match=r"already has a result .2-0.: to change it.*--correct"):
        desk.call_table(1, "again")


def test_g_bo3_a_reporter_changes_an_unconfirmed_report(desk):
    """G-BO3: a player who mistyped reports again before the opponent: the new report counts."""
    c = codes(desk)
    m = table(desk)
    phone(desk, m.p1).phone_report(c[m.p1], "2-0")
    assert phone(desk, m.p1).phone_report(c[m.p1], "2-1")["status"] == "waiting"
    assert phone(desk, m.p2).phone_report(c[m.p2], "1-2")["status"] == "recorded"
    assert (table(desk).p1_wins, table(desk).p2_wins) == (2, 1)


def test_g_bo3_a_dispute_clears_and_players_report_again(desk):
    """G-BO3: the desk clears a disputed table; its players report again and agree."""
    c = codes(desk)
    m = table(desk)
    phone(desk, m.p1).phone_report(c[m.p1], "2-0")
    phone(desk, m.p2).phone_report(c[m.p2], "2-0")
    desk.clear_reports(1)
    assert [t.status for t in round_reports(desk.event) if t.table == 1] == ["none"]
    phone(desk, m.p2).phone_report(c[m.p2], "0-2")
    assert phone(desk, m.p1).phone_report(c[m.p1], "2-0")["status"] == "recorded"


def test_a_cleared_table_tells_its_players_to_report_again(desk):
    """Issue 48 (the desk clears a table's reports): what each player's report
    page is told says the desk cleared them until that player reports again;
    undoing the clear brings the report back; the public pages see no clear."""
    from core.rules.phonereports import player_state
    from core.rules.publish import public_event

    c = codes(desk)
    m = table(desk)
    phone(desk, m.p1).phone_report(c[m.p1], "2-1")
    assert "cleared" not in player_state(desk.event, m.p1)
    desk.clear_reports(1)
    for pid in (m.p1, m.p2):
        out = player_state(desk.event, pid)
        assert out["status"] == "none" and out["cleared"] is True and out["said"] is None
    phone(desk, m.p2).phone_report(c[m.p2], "1-2")
    assert player_state(desk.event, m.p1)["cleared"] is True  # the opponent's new report is not theirs
    assert "cleared" not in player_state(desk.event, m.p2)
    desk.undo()  # the opponent's new report
    desk.undo()  # the clear: player 1's report stands again
    out = player_state(desk.event, m.p1)
    assert out["status"] == "waiting" and out["said"] == "2-1" and "cleared" not in out
    assert public_event(desk.event).clears == ()


def test_feed_moves_when_a_report_and_its_clear_are_read_at_once(desk):
    """Issue 48: a report and the desk's clear of it read in one go (within
    one poll) leave the table's reports as they were; the report pages are
    woken all the same (tui.web.feed.Feed.desk_version), so the player who
    reported is told of the clear."""
    from tui.web.feed import Feed, LiveSource

    feed = Feed(LiveSource(lambda: desk.event))
    before = feed.desk_version
    c = codes(desk)
    m = table(desk)
    phone(desk, m.p1).phone_report(c[m.p1], "2-1")
    desk.clear_reports(1)
    assert feed.refresh() and feed.desk_version != before


def test_g_bo3_a_staff_result_is_shown_never_overwritten(desk):
    """G-BO3: the desk entered 2-0; a player's 0-2 changes nothing and is told the desk's result."""
    c = codes(desk)
    m = table(desk)
    desk.record(1, "2-0")
    n = len(journal(desk))
    out = phone(desk, m.p2).phone_report(c[m.p2], "2-0")
    assert out["status"] == "recorded" and out["by"] == "staff" and out["result"] == "0-2"
    assert len(journal(desk)) == n and (table(desk).p1_wins, table(desk).p2_wins) == (2, 0)


def test_g_bo3_time_an_agreed_result_needing_a_time_call_is_held_for_staff(desk):
    """G-BO3-TIME: 1-1 agreed while the round has time: not stored, held for staff, who accept it."""
    c = codes(desk)
    m = table(desk)
    desk.start_clock()
    phone(desk, m.p1).phone_report(c[m.p1], "1-1")
    out = phone(desk, m.p2).phone_report(c[m.p2], "1-1")
    assert out["status"] == "waiting" and "time call" in out["held"]
    assert not table(desk).reported
    [t1] = [t for t in round_reports(desk.event, desk.now()) if t.table == 1]
    assert t1.status == "held" and t1.held
    desk.accept_report(1, "p1")
    assert table(desk).outcome == "draw" and journal(desk)[-1]["data"]["time_called"] is True


def test_g_bo3_an_impossible_result_is_refused_at_once(desk):
    """G-BO3: 3-0 cannot happen in best of three: refused, nothing stored."""
    c = codes(desk)
    m = table(desk)
    n = len(journal(desk))
    with pytest.raises(LyceeError):
        phone(desk, m.p1).phone_report(c[m.p1], "3-0")
    assert len(journal(desk)) == n


def test_g_drop_1_refusals_dropped_bye_unknown_code_no_round(datadir):
    """G-DROP-1: a dropped player's code is refused with the reason; so are a bye, an unknown code,
    and a round that is not running (none paired, or the round over)."""
    datadir.clock = FakeTime(T0)
    with datadir.create({"name": "Cup", "date": "2026-12-02", "sanctioned": False}) as store:
        d = Desk(store)
        d.add_players(["Aki", "Ben", "Chie", "Dai", "Emi"])
        d.set_settings({"phone_reports": True})
        c = codes(d)
        with pytest.raises(LyceeError, match="no round is running"):
            d.phone_report(c["p1"], "2-0")
        d.pair_next()
        bye = next(m for m in d.event.current_round.matches if m.is_bye)
        with pytest.raises(LyceeError, match="bye"):
            d.phone_report(c[bye.p1], "2-0")
        with pytest.raises(UnknownCode):
            d.phone_report("ZZZZZZZZ", "2-0")
        m = table(d)
        d.drop(m.p1)
        with pytest.raises(LyceeError, match="dropped"):
            d.phone_report(c[m.p1], "2-0")
        for x in d.event.current_round.matches:
            if not x.reported:
                d.record(x.table, "2-0")
        with pytest.raises(LyceeError, match="no round is running"):
            d.phone_report(c[table(d, 2).p1], "2-0")


def test_phone_reports_off_refuses_and_is_off_by_default(datadir):
    """Phone reports are opt-in: a new event has them off and a code is refused."""
    with datadir.create({"name": "Cup", "date": "2026-12-02", "sanctioned": False}) as store:
        d = Desk(store)
        d.add_players(["Aki", "Ben"])
        assert d.event.phone_reports is False
        c = codes(d)
        d.pair_next()
        with pytest.raises(LyceeError, match="off"):
            d.phone_report(c["p1"], "2-0")


def test_a_new_code_replaces_the_old_one_and_survives_a_reopen(desk, datadir):
    """A new code for one player: the old one stops working; codes are actions, kept after a restart."""
    old = codes(desk)
    new = {pid: code for pid, _n, code in desk.report_codes(["p2"])}
    assert new["p2"] != old["p2"] and all(new[p] == old[p] for p in old if p != "p2")
    assert player_by_code(desk.event, old["p2"]) is None and player_by_code(desk.event, new["p2"]) == "p2"
    assert datadir.read(desk.event.id).report_codes == desk.event.report_codes


def test_codes_are_unique_and_of_the_unambiguous_alphabet(desk):
    """Every code is at least 6 characters of the alphabet without look-alikes, no two alike."""
    desk.add_players([f"Extra {i}" for i in range(60)])
    got = codes(desk)
    assert len(set(got.values())) == len(got)
    assert all(len(x) >= 6 and set(x) <= set(ALPHABET) for x in got.values())
    assert not set(ALPHABET) & set("0O1IL5S2Z8B")


@settings(max_examples=50, deadline=None)
@given(st.sets(st.text(alphabet=ALPHABET, min_size=8, max_size=8), max_size=30))
def test_new_code_never_repeats_a_taken_one(taken):
    """A fresh code is none of the taken ones, and of the alphabet."""
    code = new_code(taken)
    assert code not in taken and len(code) >= 6 and set(code) <= set(ALPHABET)


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=12))
def test_any_wrong_code_finds_nobody(text):
    """Only a player's own code (any case, spaces or dashes aside) finds them."""
    from core.rules.phonereports import normal_code

    ev_codes = (("p1", "AC3F4G7H"), ("p2", "KMNPQRTU"))

    class Ev:
        report_codes = ev_codes

    found = player_by_code(Ev, text)  # type: ignore[arg-type]
    assert found is None or normal_code(text) == dict(ev_codes)[found]


def test_the_public_pages_never_see_codes_or_reports(desk):
    """The pages read core.rules.publish.public_event: no code, no report, no staff call there."""
    from core.rules.publish import public_event

    c = codes(desk)
    m = table(desk)
    phone(desk, m.p1).phone_report(c[m.p1], "2-0")
    phone(desk, m.p2).phone_report(c[m.p2], "2-0")
    desk.call_table(m.table, "SECRET-STAFF-NOTE")
    pub = public_event(desk.event)
    assert pub.report_codes == () and pub.reports == () and pub.calls == ()


# -- the command line -----------------------------------------------------------------------------------


def lycee(capsys, *argv) -> tuple[int, str, str]:
    from tui.cli import main

    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_cli_codes_reports_accept_clear_and_setting(tmp_path, capsys):
    """`lycee event set --phone-reports`, `player codes [--json] [--new]`, `reports [--json]`,
    `reports accept TABLE --side`, `reports clear TABLE` (the command line in README.md formats)."""
    dd = str(tmp_path / "d")
    rc, out, _e = lycee(capsys, "--data-dir", dd, "event", "new", "Cup", "--date", "2026-12-02", "--unsanctioned")
    eid = out.strip().splitlines()[-1]
    lycee(capsys, "--data-dir", dd, "player", "add", eid, "Aki", "Ben", "Chie", "Dai")
    rc, out, _e = lycee(capsys, "--data-dir", dd, "event", "set", eid, "--phone-reports")
    assert rc == 0 and "phone reports: yes" in out
    rc, out, _e = lycee(capsys, "--data-dir", dd, "player", "codes", eid, "--json")
    doc = json.loads(out)
    assert [set(r) for r in doc["codes"]] == [{"id", "name", "code"}] * 4
    old = {r["id"]: r["code"] for r in doc["codes"]}
    rc, out, _e = lycee(capsys, "--data-dir", dd, "player", "codes", eid, "--new", "Ben")
    assert rc == 0 and old["p2"] not in out and old["p1"] in out
    rc, out, _e = lycee(capsys, "--data-dir", dd, "player", "codes", eid, "--json")
    c = {r["id"]: r["code"] for r in json.loads(out)["codes"]}
    lycee(capsys, "--data-dir", dd, "pair", eid)
    from core.store import DataDir

    with DataDir(dd).open(eid) as store:
        d = Desk(store)
        m1, m2 = d.event.current_round.matches
        phone(d, m1.p1).phone_report(c[m1.p1], "2-0")
        phone(d, m1.p2).phone_report(c[m1.p2], "2-0")
        phone(d, m2.p1).phone_report(c[m2.p1], "2-1")
    rc, out, _e = lycee(capsys, "--data-dir", dd, "reports", eid, "--json")
    reports = json.loads(out)["reports"]
    assert [(r["table"], r["status"]) for r in reports] == [(1, "disputed"), (2, "waiting")]
    assert {"table", "status", "p1", "p2"} <= set(reports[0])
    assert reports[0]["p1"]["said"] == "2-0" and reports[1]["p2"] is None
    rc, out, _e = lycee(capsys, "--data-dir", dd, "reports", eid)
    assert "disputed" in out and "waiting for the opponent" in out
    # the sides by their words and who reported as people read it (p1 read as the player id p1)
    assert "Player 1 " in out and "(phone)" in out and "\tp1 " not in out, out
    rc, out, _e = lycee(capsys, "--data-dir", dd, "--lang", "ja", "reports", eid)
    assert "プレイヤー1 " in out and "player" not in out, out
    rc, out, _e = lycee(capsys, "--data-dir", dd, "reports", eid, "call", "1", "--note", "Oga goes")
    assert rc == 0 and "Oga goes" in out
    rc, out, _e = lycee(capsys, "--data-dir", dd, "reports", eid)
    assert "called: Oga goes" in out
    rc, out, err = lycee(capsys, "--data-dir", dd, "reports", eid, "call", "1")
    assert rc == 1 and "--note" in err
    rc, out, _e = lycee(capsys, "--data-dir", dd, "reports", eid, "clear", "2")
    assert rc == 0
    rc, out, _e = lycee(capsys, "--data-dir", dd, "reports", eid, "accept", "1", "--side", "p1")
    assert rc == 0
    rc, out, _e = lycee(capsys, "--data-dir", dd, "reports", eid, "--json")
    assert [(r["table"], r["status"]) for r in json.loads(out)["reports"]] == [(1, "staff")]  # decided by the desk
    rc, out, err = lycee(capsys, "--data-dir", dd, "reports", eid, "accept", "2", "--side", "p1")
    assert rc == 1 and "no report from player 1" in err
    rc, out, _e = lycee(capsys, "--data-dir", dd, "log", eid)
    assert "accepted player 1's" in out and "cleared" in out and c["p1"] not in out  # no code in the trail


def test_cli_a_table_side_reads_as_a_side_never_as_a_player_id(tmp_path, capsys):
    """Issue 48: 「3卓 p1側からの報告」 read as the player p1 (another player than the reporter);
    the log, `reports accept` and its refusal say プレイヤー1側 / player 1's side (core.labels.side_label),
    and who cleared a table as people read it (コマンドライン, not 「（cli）」)."""
    dd = str(tmp_path / "d")
    rc, out, _e = lycee(capsys, "--data-dir", dd, "event", "new", "Cup", "--date", "2026-12-02", "--unsanctioned")
    eid = out.strip().splitlines()[-1]
    lycee(capsys, "--data-dir", dd, "player", "add", eid, "Aki", "Ben", "Chie", "Dai")
    lycee(capsys, "--data-dir", dd, "event", "set", eid, "--phone-reports")
    rc, out, _e = lycee(capsys, "--data-dir", dd, "player", "codes", eid, "--json")
    c = {r["id"]: r["code"] for r in json.loads(out)["codes"]}
    lycee(capsys, "--data-dir", dd, "pair", eid)
    from core.store import DataDir

    with DataDir(dd).open(eid) as store:
        d = Desk(store)
        m1, m2 = d.event.current_round.matches
        phone(d, m2.p2).phone_report(c[m2.p2], "0-2")
        phone(d, m1.p1).phone_report(c[m1.p1], "2-0")
    rc, out, _e = lycee(capsys, "--data-dir", dd, "--lang", "ja", "log", eid)
    assert "2卓 プレイヤー2側からの報告: 0-2" in out, out
    assert f"{m2.p2}側" not in out and "p1側" not in out and "p2側" not in out, out
    rc, out, _e = lycee(capsys, "--data-dir", dd, "log", eid)
    assert "table 2 from player 2's side: 0-2" in out and "from p2" not in out, out
    rc, out, err = lycee(capsys, "--data-dir", dd, "--lang", "ja", "reports", eid, "accept", "1", "--side", "p2")
    assert rc == 1 and "プレイヤー2側の報告がありません" in err, err
    rc, out, _e = lycee(capsys, "--data-dir", dd, "--lang", "ja", "reports", eid, "accept", "1", "--side", "p1")
    assert rc == 0 and "1卓: プレイヤー1側の報告を採用し" in out, out
    with DataDir(dd).open(eid) as store:  # the command line's change sent to the app holding the event
        Desk(store, actor="cli").clear_reports(2)
    rc, out, _e = lycee(capsys, "--data-dir", dd, "--lang", "ja", "log", eid)
    assert "プレイヤー1側の報告を採用しました" in out and "p1側" not in out, out
    assert "報告を取り消しました（コマンドライン）" in out and "（cli）" not in out, out


# -- the phone side --------------------------------------------------------------------------------------

starlette = pytest.importorskip("starlette")


def web(desk, **opts):
    from starlette.testclient import TestClient

    from core.door import LocalWriter
    from tui.web.feed import Feed, LiveSource
    from tui.web.server import create_app

    feed = Feed(LiveSource(lambda: desk.event), now=lambda: desk.store.clock().timestamp())
    feed.refresh()
    writer = LocalWriter(desk) if opts.pop("writer", True) else None
    return TestClient(create_app(feed, rate=None, writer=writer, **opts), base_url="http://desk.test")


def page_token(c) -> str:
    r = c.get("/report?lang=ja")
    assert r.status_code == 200
    return re.search(r'data-token="([^"]+)"', r.text).group(1)


def post(c, doc, token, origin="http://desk.test", **headers):
    h = {"Content-Type": "application/json", "X-Lycee-Token": token, **headers}
    if origin:
        h["Origin"] = origin
    return c.post("/api/report", content=json.dumps(doc), headers=h)


def test_api_two_phones_agree_recorded_and_in_the_journal(desk):
    """G-BO3: two phones report through POST /api/report: waiting, then recorded (the journal has it)."""
    c = codes(desk)
    m = table(desk)
    with web(desk) as client:
        tok = page_token(client)
        r = post(client, {"code": c[m.p1]}, tok)
        assert r.status_code == 200 and r.json()["status"] == "none" and r.json()["table"] == 1
        assert c[m.p2] not in r.text  # never another player's code
        r = post(client, {"code": c[m.p1], "result": "2-1"}, tok)
        assert r.json() == {"status": "waiting", "table": 1, "round": 1}
        r = post(client, {"code": c[m.p2].lower(), "result": "1-2"}, tok)
        assert r.json()["status"] == "recorded"
    assert table(desk).p1_wins == 2
    acts = journal(desk)
    assert acts[-1]["type"] == "result" and acts[-2]["actor"] == f"player {m.p2} (phone)"
    assert acts[-2].get("device") == "testclient"


def test_api_wrong_codes_403_then_429_for_that_phone(desk):
    """Unknown codes are 403 with a JSON error; past 3 wrong codes the same page waits before
    its next try (429 with Retry-After), nothing stored (issue 44: tests/test_serve_integrity.py
    has the growing waits, the lock, and a right code from another phone at that address)."""
    c = codes(desk)
    with web(desk) as client:
        tok = page_token(client)
        for _i in range(3):
            r = post(client, {"code": "WRONGCODE", "result": "2-0"}, tok)
            assert r.status_code == 403 and "unknown report code" in r.json()["error"]
        r = post(client, {"code": c["p1"], "result": "2-0"}, tok)
        assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 2 and "error" in r.json()
    assert not any(a["type"] == "report" for a in journal(desk))


def test_api_cross_origin_and_tokenless_posts_are_refused(desk):
    """A cross-site form or script cannot write: another Origin, a cross-site fetch, no Origin, no token."""
    c = codes(desk)
    m = table(desk)
    with web(desk) as client:
        tok = page_token(client)
        doc = {"code": c[m.p1], "result": "2-0"}
        assert post(client, doc, tok, origin="http://evil.test").status_code == 403
        assert post(client, doc, tok, **{"Sec-Fetch-Site": "cross-site"}).status_code == 403
        assert post(client, doc, tok, origin=None).status_code == 403
        assert post(client, doc, "1.forged").status_code == 403
        r = client.post(
            "/api/report", data={"code": c[m.p1], "result": "2-0"}, headers={"Origin": "http://evil.test"}
        )  # a plain HTML form
        assert r.status_code == 403
    assert not any(a["type"] == "report" for a in journal(desk))


def test_api_refusals_carry_the_reason(desk):
    """G-DROP-1: a dropped player's phone is told why (409 with the reason)."""
    c = codes(desk)
    m = table(desk)
    desk.drop(m.p1)
    with web(desk) as client:
        r = post(client, {"code": c[m.p1], "result": "2-0"}, page_token(client))
        assert r.status_code == 409 and "dropped" in r.json()["error"]


def test_pages_unchanged_without_writer_or_setting(desk):
    """Read-only as before: no writer, or phone reports off: /report and /api/report are not there."""
    with web(desk, writer=False) as client:
        assert client.get("/report").status_code == 404
        assert client.post("/api/report", content="{}", headers={"Origin": "http://desk.test"}).status_code == 404
        assert client.post("/tables").status_code == 405
    desk.set_settings({"phone_reports": False})
    with web(desk) as client:
        assert client.get("/report").status_code == 404


def test_report_page_in_both_languages_and_code_out_of_the_address(desk):
    """The page reads the code from the fragment (never sent to the server) and is in Japanese or English."""
    with web(desk) as client:
        ja = client.get("/report?lang=ja").text
        en = client.get("/report?lang=en").text
    assert "結果を報告" in ja and "Report your result" in en
    assert "/static/report.js" in ja and 'name="referrer" content="no-referrer"' in ja
    for code in codes(desk).values():
        assert code not in ja


def test_slips_carry_each_players_qr_when_phone_reports_are_on(desk):
    """The match slips print each player's own report QR and code, only with phone reports on."""
    from core.reports.exports import slips_html

    c = codes(desk)
    html = slips_html(desk.event)
    m = table(desk)
    assert c[m.p1] in html and c[m.p2] in html and "<svg" in html
    desk.set_settings({"phone_reports": False})
    assert c[m.p1] not in slips_html(desk.event)


def test_g_bo3_reports_arriving_together_are_one_record_each_with_its_answer(desk):
    """G-BO3: the web server's group commit: both sides of a table, a wrong code and a lone report
    in one phone_reports call: one journal record, each report with its own actor and answer."""
    c = codes(desk)
    m1, m2 = table(desk, 1), table(desk, 2)
    seqs = len(journal(desk))
    out = desk.phone_reports(
        [
            (c[m1.p1], "2-0", f"player {m1.p1} (phone)", "192.0.2.1"),
            ("NOBODY99", "2-0", "player ? (phone)", "192.0.2.9"),
            (c[m1.p2], "0-2", f"player {m1.p2} (phone)", "192.0.2.2"),
            (c[m2.p1], "2-1", f"player {m2.p1} (phone)", "192.0.2.3"),
        ]
    )
    assert [o.get("status") for o in out] == ["recorded", None, "recorded", "waiting"]
    assert out[1]["unknown"] is True and "unknown report code" in out[1]["error"]
    new = journal(desk)[seqs:]
    assert [a["type"] for a in new] == ["report", "report", "result", "report"]
    assert [a["actor"] for a in new][:2] == [f"player {m1.p1} (phone)", f"player {m1.p2} (phone)"]
    assert desk.store.path.read_text(encoding="utf-8").count("\n") >= 1
    last = desk.store.path.read_text(encoding="utf-8").splitlines()[-1]
    assert all(f'"seq":{a["seq"]}' in last.replace(" ", "") for a in new)  # one record holds them all
    assert table(desk, 1).p1_wins == 2 and not table(desk, 2).reported


def test_a_late_entry_has_a_code_once_paired(desk):
    """With phone reports on, pairing a round gives every player without a code one (a late entry),
    in the pairing's own record, so the slips always carry it."""
    for m in desk.event.current_round.matches:
        if not m.reported:
            desk.record(m.table, "2-0")
    [late] = desk.add_players(["Fumi"])
    assert dict(desk.event.report_codes).get(late) is None
    desk.pair_next()
    assert dict(desk.event.report_codes).get(late)
    assert [a["type"] for a in journal(desk)[-2:]] == ["report_code", "pair"]


def test_g_bo3_who_reported_reads_in_the_desks_language():
    """G-BO3 (issue 26): the actor a phone writes (``player p3 (phone)``, ``judge 佐藤 (phone)``)
    reads in Japanese at a Japanese desk (the log, the report queue, the round tab's line);
    a staff name typed at the desk stays as typed."""
    from core import i18n, labels

    i18n.set_language("ja")
    try:
        assert labels.actor_label("player p3 (phone)") == "プレイヤー p3（スマホ）"
        assert labels.actor_label("judge 佐藤 (phone)") == "ジャッジ 佐藤（スマホ）"
        assert labels.actor_label("cli") == "コマンドライン"
        assert labels.actor_label("佐藤") == "佐藤"
    finally:
        i18n.set_language("en")
    assert labels.actor_label("player p3 (phone)") == "player p3 (phone)"


def test_g_bo3_a_code_and_a_result_typed_full_width_on_a_phone_are_read(desk):
    """G-BO3 (phone reports): a code typed with the Japanese input on (full width, 「ー」 between the
    halves) finds its player, and 「２ー１」 reads as 2-1; both counted as a wrong code and refused
    before (a wrong code also counts towards the page's lock)."""
    from core.rules.phonereports import side_result

    pid, code = desk.event.report_codes[0]
    wide = "".join(chr(ord(c) + 0xFEE0) for c in code[:4]) + "ー" + "".join(chr(ord(c) + 0xFEE0) for c in code[4:])
    assert player_by_code(desk.event, wide) == pid
    assert side_result("２ー１", "p1").p1_wins == 2
