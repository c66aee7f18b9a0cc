"""Judges on the floor (issue 26): staff PINs (`lycee staff EVENT pin NAME`,
core.rules.staff) and the judge page on the phone (tui.web.judge): sign-in,
the session cookie, and a judge's changes through the desk's door."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone

import pytest

from core.desk import Desk
from core.errors import RuleError
from core.rules.staff import pin_holder

starlette = pytest.importorskip("starlette")

from tests.round_helpers import FakeTime  # noqa: E402

T0 = datetime(2026, 12, 2, 13, 0, tzinfo=timezone.utc)
ORIGIN = "http://desk.test"


@pytest.fixture
def desk(datadir):
    datadir.clock = FakeTime(T0)
    store = datadir.create(
        {
            "name": "Cup",
            "date": "2026-12-02",
            "sanctioned": True,
            "staff": {"organizer": "Olga", "judges": ["佐藤", "鈴木"], "head_judge": "鈴木"},
        }
    )
    d = Desk(store)
    d.add_players(["Aki", "Ben", "Chie", "Dai", "Emi"])
    d.pair_next()
    yield d
    store.close()


def journal(d: Desk) -> list[dict]:
    return d.store.actions


def table(d: Desk, n: int = 1):
    return d.event.current_round.match_at(n)


def web(desk):
    from starlette.testclient import TestClient

    from core.door import LocalWriter
    from tui.web.feed import Feed, LiveSource
    from tui.web.server import create_app

    feed = Feed(LiveSource(lambda: desk.event), now=lambda: desk.store.clock().timestamp())
    feed.refresh()
    return TestClient(create_app(feed, rate=None, writer=LocalWriter(desk)), base_url=ORIGIN)


def token(c, lang="en") -> str:
    r = c.get(f"/judge?lang={lang}")
    assert r.status_code == 200
    return re.search(r'data-token="([^"]+)"', r.text).group(1)


def post(c, path, doc, tok, origin=ORIGIN, **headers):
    h = {"Content-Type": "application/json", "X-Lycee-Token": tok, **headers}
    if origin:
        h["Origin"] = origin
    return c.post(path, content=json.dumps(doc), headers=h)


def sign_in(c, name, pin):
    return post(c, "/api/judge/signin", {"name": name, "pin": pin}, token(c))


def act(c, doc):
    return post(c, "/api/judge", doc, token(c))


# -- PINs --------------------------------------------------------------------------------------------


def test_g_judge_a_pin_is_stored_only_as_a_salted_hash_and_a_new_one_replaces_the_old(desk):
    """G-JUDGE: the PIN is in no journal record (a salted scrypt hash is); a new PIN for the
    same judge replaces the old, which no longer signs in."""
    old = desk.staff_pin("佐藤")
    assert re.fullmatch(r"\d{6}", old)
    raw = desk.store.path.read_text(encoding="utf-8")
    assert f'"{old}"' not in raw and "scrypt$" in raw
    assert pin_holder(desk.event, "佐藤", old) == "佐藤"
    new = desk.staff_pin("佐藤")
    assert pin_holder(desk.event, "佐藤", new) == "佐藤"
    if new != old:
        assert pin_holder(desk.event, "佐藤", old) is None
    assert pin_holder(desk.event, "鈴木", new) is None  # the PIN is 佐藤's, not anyone's
    assert [a["type"] for a in journal(desk)[-2:]] == ["staff_pin", "staff_pin"]
    trail = list(desk.store.history())[-1]
    assert trail["data"]["hash"] == "(hidden)" and "PIN" in trail["text"]


def test_g_judge_a_pin_for_a_name_not_on_the_staff_is_refused(desk):
    """G-JUDGE: a PIN only for the organizer, a judge or the head judge; the refusal names `lycee staff`."""
    desk.set_staff(add_event_staff=["Eri"])
    n = len(journal(desk))
    for name in ("Aki", "Nobody", "Eri", ""):
        with pytest.raises(RuleError) as err:
            desk.staff_pin(name)
        assert "lycee staff" in str(err.value)
    assert len(journal(desk)) == n
    assert desk.staff_pin("olga")  # the organizer, as the name is folded


def test_g_judge_cli_prints_a_pin_once_and_refuses_a_non_staff_name(tmp_path, capsys):
    """G-JUDGE: `lycee staff EVENT pin NAME` prints a PIN (the log says a PIN was issued, never
    which); a player's name is refused naming `lycee staff`; the PINs are in no export."""
    from tui.cli import main

    dd = str(tmp_path / "d")
    assert (
        main(
            [
                "--data-dir",
                dd,
                "event",
                "new",
                "Cup",
                "--date",
                "2026-12-02",
                "--organizer",
                "Olga",
                "--judge",
                "佐藤",
                "--head-judge",
                "鈴木",
            ]
        )
        == 0
    )
    eid = capsys.readouterr().out.strip().splitlines()[-1]
    main(["--data-dir", dd, "player", "add", eid, "Aki", "Ben"])
    capsys.readouterr()
    assert main(["--data-dir", dd, "staff", eid, "pin", "佐藤"]) == 0
    out = capsys.readouterr()
    pin = out.out.strip()
    assert re.fullmatch(r"\d{6}", pin) and "shown only now" in out.err
    assert main(["--data-dir", dd, "staff", eid, "pin", "Aki"]) == 1
    assert "lycee staff" in capsys.readouterr().err
    assert main(["--data-dir", dd, "log", eid, "--json"]) == 0
    log = capsys.readouterr().out
    assert pin not in log and "scrypt" not in log and "(hidden)" in log
    for what in ("event", "report"):  # the event file, and the event report (which reads the log)
        assert main(["--data-dir", dd, "export", eid, "--what", what]) == 0
        exported = capsys.readouterr().out
        assert "scrypt" not in exported and pin not in exported


# -- the judge page ------------------------------------------------------------------------------------


def test_g_head_judge_a_judge_signs_in_and_corrects_a_result_with_a_reason(desk):
    """G-HEAD-JUDGE: signed in with the PIN, a judge corrects table 1 with a reason: in the
    journal with the actor `judge NAME (phone)` and the phone's address; without a reason refused."""
    pin = desk.staff_pin("佐藤")
    desk.record(1, "2-0")
    with web(desk) as c:
        assert "Judge sign-in" in c.get("/judge?lang=en").text
        r = sign_in(c, "佐藤", pin)
        assert r.status_code == 200 and r.json()["name"] == "佐藤"
        page = c.get("/judge?lang=en").text
        assert "Signed in as 佐藤" in page and "Correct the result" in page
        r = act(c, {"op": "result", "table": 1, "result": "0-2", "correct": True, "reason": ""})
        assert r.status_code == 400 and "reason" in r.json()["error"]
        r = act(c, {"op": "result", "table": 1, "result": "0-2", "correct": False})
        assert r.status_code == 409 and "already has a result" in r.json()["error"]
        r = act(c, {"op": "result", "table": 1, "result": "0-2", "correct": True, "reason": "slip filled in reversed"})
        assert r.status_code == 200 and r.json()["status"] == "done"
    assert (table(desk).p1_wins, table(desk).p2_wins) == (0, 2)
    last = journal(desk)[-1]
    assert last["type"] == "result" and last["actor"] == "judge 佐藤 (phone)"
    assert last["device"] == "testclient" and last["data"]["reason"] == "slip filled in reversed"
    assert "slip filled in reversed" in list(desk.store.history())[-1]["text"]
    rows = [r for r in desk.store.history() if r["actor"] == "judge 佐藤 (phone)"]  # `lycee log --actor`
    assert [r["type"] for r in rows] == ["result"]


def test_g_head_judge_a_protected_result_is_corrected_only_by_the_head_judge(desk):
    """G-HEAD-JUDGE: a drop's forfeit changes only by the head judge: 佐藤 is refused with the
    reason, 鈴木 (the head judge) corrects it."""
    m = table(desk)
    desk.drop(m.p1)
    pins = {n: desk.staff_pin(n) for n in ("佐藤", "鈴木")}
    doc = {"op": "result", "table": 1, "result": "2-0", "correct": True, "reason": "dropped by mistake"}
    with web(desk) as c:
        sign_in(c, "佐藤", pins["佐藤"])
        r = act(c, doc)
        assert r.status_code == 409 and "head judge" in r.json()["error"] and "G-HEAD-JUDGE" in r.json()["error"]
    with web(desk) as c:
        sign_in(c, "鈴木", pins["鈴木"])
        assert act(c, doc).status_code == 200
    assert journal(desk)[-1]["data"]["correct_by"] == "鈴木"


def test_wrong_pins_403_then_a_wait_for_that_judge(desk):
    """PIN attempts are limited: 3 wrong ones are 403, then the next try for that judge waits
    (429 with Retry-After), even with the right PIN (issue 44: tests/test_serve_integrity.py
    has the growing waits and the lock)."""
    pin = desk.staff_pin("佐藤")
    with web(desk) as c:
        wrong = "000000" if pin != "000000" else "111111"
        for _i in range(3):
            r = sign_in(c, "佐藤", wrong)
            assert r.status_code == 403 and "wrong name or PIN" in r.json()["error"]
            assert "set-cookie" not in r.headers
        r = sign_in(c, "佐藤", pin)
        assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 2


def test_a_non_staff_name_does_not_sign_in(desk):
    """G-JUDGE: a player's name (or a name taken off the staff) signs in with no PIN."""
    pin = desk.staff_pin("佐藤")
    with web(desk) as c:
        assert sign_in(c, "Aki", pin).status_code == 403
        assert sign_in(c, "佐藤", pin).status_code == 200
        desk.set_staff(remove=["佐藤"])
        r = act(c, {"op": "extend", "table": 1, "minutes": 3})
        assert r.status_code == 401 and "session ended" in r.json()["error"]
        assert sign_in(c, "佐藤", pin).status_code == 403


def test_cookie_flags_and_sign_out(desk):
    """The session cookie is HttpOnly, SameSite=Strict, Path=/, ends with the day; its id is
    nowhere in a page or address; signing out ends the session."""
    pin = desk.staff_pin("佐藤")
    with web(desk) as c:
        r = sign_in(c, "佐藤", pin)
        cookie = r.headers["set-cookie"]
        flags = [f.strip().lower() for f in cookie.split(";")]
        assert "httponly" in flags and "samesite=strict" in flags and "path=/" in flags
        assert any(f.startswith("expires=") for f in flags)
        sid = cookie.split(";")[0].split("=", 1)[1]
        assert len(sid) >= 40 and sid not in c.get("/judge").text and pin not in c.get("/judge").text
        tok = token(c)
        assert post(c, "/api/judge/signout", {}, tok).status_code == 200
        assert "Judge sign-in" in c.get("/judge?lang=en").text
        c.cookies.set("lycee_judge", sid)  # the old id, sent again: ended
        assert act(c, {"op": "extend", "table": 1, "minutes": 3}).status_code == 401


def test_the_session_ends_at_midnight_in_any_time_zone(monkeypatch):
    """The session ends at the next midnight of this PC's time, and the cookie says so in GMT
    (a desk in Japan: 15:00 UTC is midnight JST)."""
    import time as time_mod

    from tui.web.judge import Sessions, session_end

    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time_mod.tzset()
    try:
        at = datetime(2026, 12, 2, 5, 0, tzinfo=timezone.utc).timestamp()  # 14:00 in Tokyo
        assert session_end(at) == datetime(2026, 12, 2, 15, 0, tzinfo=timezone.utc).timestamp()
        now = [at]
        sessions = Sessions(lambda: now[0])
        sid, _end = sessions.open("佐藤")
        assert sessions.find(sid).name == "佐藤" and sessions.find(sid + "x") is None
        now[0] += 10 * 3600  # past midnight in Tokyo
        assert sessions.find(sid) is None
    finally:
        monkeypatch.undo()
        time_mod.tzset()


def test_writes_without_a_session_or_cross_origin_are_refused(desk):
    """No session: 401; another Origin, a cross-site fetch, no token: 403; nothing is stored."""
    pin = desk.staff_pin("佐藤")
    n = len(journal(desk))
    doc = {"op": "extend", "table": 1, "minutes": 3}
    with web(desk) as c:
        assert act(c, doc).status_code == 401
        tok = token(c)
        assert (
            post(c, "/api/judge/signin", {"name": "佐藤", "pin": pin}, tok, origin="http://evil.test").status_code
            == 403
        )
        assert sign_in(c, "佐藤", pin).status_code == 200
        assert post(c, "/api/judge", doc, tok, origin="http://evil.test").status_code == 403
        assert post(c, "/api/judge", doc, tok, **{"Sec-Fetch-Site": "cross-site"}).status_code == 403
        assert post(c, "/api/judge", doc, tok, origin=None).status_code == 403
        assert post(c, "/api/judge", doc, "1.forged").status_code == 403
        r = c.post(
            "/api/judge", data={"op": "extend", "table": "1", "minutes": "3"}, headers={"Origin": "http://evil.test"}
        )  # a plain HTML form from another site
        assert r.status_code == 403
        assert c.get("/api/judge").status_code == 405
    assert len(journal(desk)) == n
    assert table(desk).extension == 0


def _legal_deck() -> str:
    """A 60-card deck of 15 distinct alpha cards, 4 each, as decklist text."""
    from collections import Counter

    from core.cards.legality import Catalog

    cat = Catalog.default()
    names = Counter(c.name_key for c in cat.cards())
    nums = [
        c.number
        for c in cat.set("alpha").cards
        if c.max_copies is None and not c.is_parallel and names[c.name_key] == 1
    ][:15]
    return "".join(f"4 {n}\n" for n in nums)


def test_g_time_g_late_g_pen_g_decklist_through_the_judge_page(desk):
    """G-TIME, G-BO3-TIME, G-LATE-1, G-PEN-1, G-DECKLIST: an extension, a result only time gives
    (refused until time is called there), a check-in, a warning and deck checks from the page,
    each in the journal as the judge from the phone; a refusal shows its reason."""
    from core.cards.decks import parse_decklist

    pin = desk.staff_pin("佐藤")
    m = table(desk)
    text = _legal_deck()
    # round 1 is paired: a list registered now names its judge (G-DECKLIST, issue 43)
    desk.register_decklist(m.p1, parse_decklist(text, "list.txt"), by="佐藤", reason="handed in late")
    desk.start_clock()
    with web(desk) as c:
        sign_in(c, "佐藤", pin)
        assert act(c, {"op": "extend", "table": 1, "minutes": 5}).status_code == 200
        assert table(desk).extension == 5
        r = act(c, {"op": "result", "table": 2, "result": "1-1"})  # only time gives 1-1, and time is left
        assert r.status_code == 409 and "G-BO3-TIME" in r.json()["error"]
        assert act(c, {"op": "result", "table": 2, "result": "1-1", "time_called": True}).status_code == 200
        assert act(c, {"op": "checkin", "table": 1, "player": m.p2}).status_code == 200
        assert any(x.player == m.p2 for x in desk.event.current_round.checkins)
        r = act(c, {"op": "penalty", "table": 1, "player": m.p1, "level": "warning", "reason": "slow play"})
        assert r.status_code == 200
        pen = desk.event.penalties[-1]
        assert (pen.player, pen.level, pen.by) == (m.p1, "warning", "佐藤")
        r = act(c, {"op": "penalty", "table": 1, "player": "p99", "level": "warning", "reason": "x"})
        assert r.status_code == 400 and "player" in r.json()["error"]
        r = act(c, {"op": "deck_check", "table": 1, "player": m.p2, "deck": ""})
        assert r.status_code == 409 and "no registered decklist" in r.json()["error"]
        r = act(c, {"op": "deck_check", "table": 1, "player": m.p1, "deck": ""})
        assert r.status_code == 200 and "matches" in r.json()["message"]
        r = act(c, {"op": "deck_check", "table": 1, "player": m.p1, "deck": "4 NOPE-999"})
        assert r.status_code == 409 and "NOPE-999" in r.json()["error"]  # names the card; nothing stored
        first, *rest = text.splitlines()
        short = "\n".join(["3" + first[1:], *rest])  # one card fewer than registered
        r = act(c, {"op": "deck_check", "table": 1, "player": m.p1, "deck": short})
        assert r.status_code == 200 and "1 difference" in r.json()["message"]
    mine = [a for a in journal(desk) if a["actor"] == "judge 佐藤 (phone)"]
    assert [a["type"] for a in mine] == ["clock", "result", "checkin", "penalty", "deck_check", "deck_check"]
    assert mine[1]["data"]["time_called"] is True
    assert all(a["device"] == "testclient" for a in mine)
    assert mine[-1]["data"]["by"] == "佐藤" and mine[-1]["data"]["differences"]


def test_judge_page_in_both_languages_escapes_names_and_shows_no_report_code(desk):
    """The page is in Japanese or English, names are escaped, no player's report code is on it."""
    desk.rename("Aki", "<b>Aki</b>")
    desk.set_settings({"phone_reports": True})
    codes = [code for _p, _n, code in desk.report_codes()]
    pin = desk.staff_pin("佐藤")
    with web(desk) as c:
        assert "ジャッジ" in c.get("/judge?lang=ja").text
        sign_in(c, "佐藤", pin)
        ja = c.get("/judge?lang=ja").text
        en = c.get("/judge?lang=en").text
    assert "卓" in ja and "Table 1" in en
    assert "<b>Aki</b>" not in en and "&lt;b&gt;Aki&lt;/b&gt;" in en
    assert "/static/judge.js" in en and "<script>" not in en and "style=" not in en
    for code in codes:
        assert code not in ja and code not in en


def test_no_judge_page_without_a_writer(desk):
    """Read-only pages as before: without a writer /judge and its writes are not there."""
    from starlette.testclient import TestClient

    from tui.web.feed import Feed, LiveSource
    from tui.web.server import create_app

    feed = Feed(LiveSource(lambda: desk.event))
    feed.refresh()
    with TestClient(create_app(feed, rate=None), base_url=ORIGIN) as c:
        assert c.get("/judge").status_code == 404
        assert c.post("/api/judge/signin", content="{}", headers={"Origin": ORIGIN}).status_code == 404


# -- the app: F2 in the settings issues a PIN, shown once -----------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_g_judge_app_settings_f2_issues_a_pin_shown_once(tmp_path, lang):
    """G-JUDGE: in the settings (F12), F2 picks a staff member and shows a new PIN once (in a
    dialog, in the app's language); the event keeps only its hash and the PIN signs in."""
    from textual.widgets import OptionList, Static

    from core import i18n
    from core.store import DataDir
    from tui.app import LyceeApp
    from tui.screens.event import EventScreen
    from tui.screens.forms import EventSettings
    from tui.screens.info import Info

    dd = DataDir(tmp_path)
    store = dd.create(
        {
            "name": "Cup",
            "date": "2026-12-02",
            "sanctioned": True,
            "staff": {"organizer": "Olga", "judges": ["佐藤"], "head_judge": "佐藤"},
        }
    )
    eid = store.event.id
    store.close()
    app = LyceeApp(dd, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the event list: open the only event
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen)
        await pilot.press("f12")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, EventSettings)
        assert "F2" in str(form.query_one("#pin").label)
        assert form.active_bindings["f2"].binding.description == i18n._("Judge-page PIN")  # F1 lists it
        await pilot.press("f2")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels == ["Olga", "佐藤"]
        await pilot.press("down", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, Info)
        body = str(dialog.query_one("#info-body", Static).render())
        pin = body.splitlines()[0].strip()
        assert re.fullmatch(r"\d{6}", pin)
        assert i18n._("Shown only this once: give it to {name} now.", name="佐藤") in body
        # 佐藤's first PIN: no old one to stop working, and none is said to
        assert (
            i18n._("Shown only this once: give it to {name} now. The old PIN no longer works.", name="佐藤") not in body
        )
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form  # back in the settings: the PIN is not shown again
        assert pin not in str(form.query_one("#error").render())
        ev = screen.event
        assert pin_holder(ev, "佐藤", pin) == "佐藤"
        raw = (dd.event_path(eid)).read_text(encoding="utf-8")
        assert f'"{pin}"' not in raw and "scrypt$" in raw  # only its hash
        await pilot.press("escape")


def test_o_deck_4_a_parallel_swap_at_a_deck_check_from_the_judge_page_is_the_registered_deck(desk):
    """O-DECK-4 (G-CARDS-PARALLEL): a judge's deck check from the phone of a deck presented with two of
    a card as its parallel (registered 4 CH-7003, presented 2 CH-7003 + 2 CH-7003A) says it is the
    registered deck, as the desk and `lycee decklist check` do (the page said "2 difference(s)")."""
    from collections import Counter

    from core.cards.decks import parse_decklist
    from core.cards.legality import Catalog

    cat = Catalog.default()
    names = Counter(c.name_key for c in cat.cards())
    gamma = cat.set("gamma").cards
    parallel = next(c for c in gamma if c.is_parallel)
    others = [
        c.number
        for c in gamma
        if c.max_copies is None and not c.is_parallel and names[c.name_key] == 1 and c.number != parallel.base_number
    ][:14]
    text = f"4 {parallel.base_number}\n" + "".join(f"4 {n}\n" for n in others)
    pin = desk.staff_pin("佐藤")
    m = table(desk)
    desk.register_decklist(m.p1, parse_decklist(text, "list.txt"), by="佐藤", reason="handed in late")
    swapped = text.replace(f"4 {parallel.base_number}\n", f"2 {parallel.base_number}\n2 {parallel.number}\n")
    with web(desk) as c:
        sign_in(c, "佐藤", pin)
        r = act(c, {"op": "deck_check", "table": 1, "player": m.p1, "deck": swapped})
        assert r.status_code == 200 and "registered deck" in r.json()["message"], r.json()
        assert "difference" not in r.json()["message"]


def test_g_late_1_a_double_loss_reads_as_lost_on_the_judge_page_and_the_tables_page(desk):
    """G-LATE-1: neither player of table 1 sat within 5 minutes: both lose.  The judge page and the
    phone's pages by table said 「0-0」, which reads as a draw; they say 「0-0 両者敗北」 / "0-0 double
    loss" (tui.web.pages.table_result, one label for every page), as the page by name says 「負け」."""
    pin = desk.staff_pin("佐藤")
    desk.toggle_clock()
    m2 = table(desk, 2)
    desk.checkin(m2.p1, m2.p2)
    desk.store.clock.tick(minutes=6)
    (due,) = [p for p in desk.late_prompts() if p.table == 1]
    desk.resolve_late(due, "confirm")
    assert table(desk, 1).outcome == "double_loss"
    with web(desk) as c:
        sign_in(c, "佐藤", pin)
        for lang, said in (("ja", "0-0 両者敗北"), ("en", "0-0 double loss")):
            judge = c.get(f"/judge?lang={lang}").text
            assert f"<b>{said}</b>" in judge, judge
            tables = c.get(f"/tables?lang={lang}").text
            assert f"<td>{said}</td>" in tables, tables
