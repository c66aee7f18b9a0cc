"""Players enter their decklist on their phone (G-DECKLIST, issue 43): the
desk's side (Desk.phone_decklist, core.rules.decklists.text_check/phone_state)
and the phone's (/decklist, POST /api/decklist): the same parser and check as
the desk, registered as the player's with the device, refused once round 1 is
paired (see a judge), bounded bodies, same origin, the page's token."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from core.cards.legality import Catalog
from core.desk import Desk
from core.errors import RuleError, ValidationError
from core.rules import decklists as dl
from core.rules.phonereports import UnknownCode
from tests.test_decklists import _distinct, _text

starlette = pytest.importorskip("starlette")


@pytest.fixture
def legal():
    nums = _distinct(Catalog.default(), "alpha", 17)
    return Counter({n: 4 for n in nums[:15]}), Counter({nums[15]: 2, nums[16]: 2})


@pytest.fixture
def desk(datadir):
    store = datadir.create(
        {
            "name": "Cup",
            "date": "2026-12-02",
            "sanctioned": False,
            "decklists_required": True,
            "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
        }
    )
    d = Desk(store)
    d.add_players(["Aki", "Ben", "Chie", "Dai"])
    yield d
    store.close()


def codes(d: Desk) -> dict[str, str]:
    return {pid: code for pid, _name, code in d.report_codes()}


def phone(d: Desk, pid: str) -> Desk:
    return Desk(d.store, actor=f"player {pid} (phone)", device="192.0.2.7")


# -- the desk's side ------------------------------------------------------------------------------


def test_g_decklist_a_phone_list_is_registered_as_the_players_with_the_device(desk, legal):
    c = codes(desk)
    deck, spare = legal
    out = phone(desk, "p2").phone_decklist(c["p2"].lower(), _text(deck, spare))
    rec = desk.event.decklist_of("p2")
    assert rec.source == dl.PHONE_SOURCE and rec.deck_size == 60 and rec.spare_size == 4
    assert out["registered"] and out["deck"] == 60 and out["problems"] == [] and out["name"] == "Ben"
    act = desk.store.actions[-1]
    assert act["type"] == "decklist" and act["actor"] == "player p2 (phone)" and act["device"] == "192.0.2.7"


def test_g_decklist_the_phone_sees_the_desks_problems_before_sending(desk, legal):
    deck, _spare = legal
    short = deck.copy()
    short[next(iter(short))] -= 1  # 59 cards
    out = dl.text_check(desk.event, "p1", _text(short))
    assert out["deck"] == 59 and [p["rule"] for p in out["problems"]] == ["R-DECK-60"]
    # the same problems as the desk finds once it is registered
    desk.register_decklist_text("p1", _text(short), "t.txt")
    assert [p.message for p in desk.deck_problems("p1")] == [p["message"] for p in out["problems"]]
    bad = dl.text_check(desk.event, "p1", "4 CH-5001\nfour cards\n")
    assert bad["deck"] is None and bad["problems"][0]["where"] == "line 2"
    assert dl.text_check(desk.event, "p1", "  \n")["problems"] == []


def test_g_decklist_phone_refusals_store_nothing(desk, legal):
    c = codes(desk)
    deck, spare = legal
    n = len(desk.store.actions)
    with pytest.raises(UnknownCode):
        phone(desk, "p1").phone_decklist("WRONG", _text(deck))
    with pytest.raises(ValidationError) as err:
        phone(desk, "p1").phone_decklist(c["p1"], "4 CH-5001\n2 ZZ-1\n")
    assert err.value.problems[0][0] == "line 2"
    desk.set_settings({"decklists_required": False})
    with pytest.raises(RuleError):
        phone(desk, "p1").phone_decklist(c["p1"], _text(deck))
    desk.set_settings({"decklists_required": True})
    desk.pair_next(seed=1)
    m = len(desk.store.actions)
    with pytest.raises(RuleError) as err:
        phone(desk, "p1").phone_decklist(c["p1"], _text(deck, spare))
    assert err.value.rule == "G-DECKLIST" and "judge" in str(err.value)
    assert len(desk.store.actions) == m and m == n + 3  # only the two settings and the pairing
    assert desk.event.decklist_of("p1") is None
    assert dl.phone_state(desk.event, "p1")["refusal"] == "locked"


# -- the phone side --------------------------------------------------------------------------------


def web(desk, **opts):
    from starlette.testclient import TestClient

    from core.door import LocalWriter
    from tui.web.feed import Feed, LiveSource
    from tui.web.server import create_app

    feed = Feed(LiveSource(lambda: desk.event), now=lambda: desk.store.clock().timestamp())
    feed.refresh()
    writer = LocalWriter(desk) if opts.pop("writer", True) else None
    return TestClient(create_app(feed, rate=None, writer=writer, **opts), base_url="http://desk.test")


def page_token(c, lang="ja") -> str:
    r = c.get(f"/decklist?lang={lang}")
    assert r.status_code == 200
    return re.search(r'data-token="([^"]+)"', r.text).group(1)


def post(c, body, token, origin="http://desk.test", **headers):
    h = {"Content-Type": "application/json", "X-Lycee-Token": token, **headers}
    if origin:
        h["Origin"] = origin
    return c.post("/api/decklist", content=body if isinstance(body, (bytes, str)) else json.dumps(body), headers=h)


def test_api_check_then_send_registers_after_the_durable_append(desk, legal):
    c = codes(desk)
    deck, spare = legal
    with web(desk) as client:
        tok = page_token(client)
        r = post(client, {"code": c["p1"]}, tok)
        assert r.status_code == 200 and r.json() == {"name": "Aki", "refusal": None, "registered": False}
        r = post(client, {"code": c["p1"], "text": _text(deck), "check": True}, tok)
        assert r.status_code == 200 and r.json()["deck"] == 60 and r.json()["problems"] == []
        assert desk.event.decklist_of("p1") is None  # a check stores nothing
        r = post(client, {"code": c["p1"], "text": _text(deck, spare)}, tok)
        assert r.status_code == 200 and r.json()["registered"] and r.json()["spare"] == 4
    assert desk.event.decklist_of("p1").source == "phone"
    assert desk.store.actions[-1]["device"] == "testclient"


def test_api_refusals_bounded_body_depth_origin_token_and_after_round_1(desk, legal):
    c = codes(desk)
    deck, _spare = legal
    with web(desk) as client:
        tok = page_token(client)
        big = json.dumps({"code": c["p1"], "text": "4 CH-5001\n" * 2000})
        assert len(big) > 16 * 1024
        assert post(client, big, tok).status_code == 413  # over the route's cap (issue 44: 413, not read)
        deep = '{"code": "' + c["p1"] + '", "text": ' + "[" * 5000 + "]" * 5000 + "}"
        assert post(client, deep, tok).status_code == 400  # a flat object only: no recursion
        assert post(client, {"code": c["p1"], "text": "x", "extra": 1}, tok).status_code == 400
        assert post(client, {"code": c["p1"], "text": _text(deck)}, tok, origin="http://evil.test").status_code == 403
        assert post(client, {"code": c["p1"], "text": _text(deck)}, "1.bad").status_code == 403
        r = post(client, {"code": c["p1"], "text": "4 CH-5001\n2 ZZ-1\n"}, tok)
        # the page was opened in Japanese (?lang=ja): its answers are too, whatever the desk's language
        assert r.status_code == 422 and r.json()["problems"][0]["where"] == "2行目"
        assert client.get("/api/decklist").status_code == 405
        desk.pair_next(seed=1)
        r = post(client, {"code": c["p1"], "text": _text(deck)}, tok)
        assert r.status_code == 409 and r.json()["refusal"] == "locked"
        assert post(client, {"code": c["p1"]}, tok).json()["refusal"] == "locked"
    assert desk.event.decklist_of("p1") is None


def test_api_wrong_codes_count_with_the_report_pages(desk):
    with web(desk) as client:
        tok = page_token(client)
        for _i in range(3):  # the page session's free guesses (tui.web.writes.RULES, issue 44)
            assert post(client, {"code": "WRONGCODE"}, tok).status_code == 403
        assert post(client, {"code": codes(desk)["p1"]}, tok).status_code == 429


def test_decklist_page_is_off_without_decklists_or_a_writer_and_escapes_the_name(desk):
    desk.set_settings({"name": "<b>Cup & co</b>"})
    with web(desk) as client:
        r = client.get("/decklist?lang=en")
        assert r.status_code == 200 and "&lt;b&gt;Cup &amp; co&lt;/b&gt;" in r.text and "<b>Cup" not in r.text
        assert "Your decklist" in r.text
        assert "デッキリスト" in client.get("/decklist?lang=ja").text
    with web(desk, writer=False) as client:
        assert client.get("/decklist").status_code == 404
    desk.set_settings({"decklists_required": False})
    with web(desk) as client:
        assert client.get("/decklist").status_code == 404


def test_g_decklist_the_phone_reads_the_problems_in_its_own_language_not_the_desks(desk, legal):
    """A desk in Japanese, a phone page in English (and the other way round): the
    list's problems, the unreadable lines and the registered state come in the
    page's language, whether checked, sent or refused (issue 43, R-DECK-60)."""
    from core import i18n

    c = codes(desk)
    deck, _spare = legal
    short = deck.copy()
    short[next(iter(short))] -= 1  # 59 cards
    for desk_lang, page_lang, words in (("ja", "en", "59 cards"), ("en", "ja", "59枚")):
        i18n.set_language(desk_lang)  # the desk's (`lycee --lang ... serve`); conftest resets it
        with web(desk) as client:
            tok = page_token(client, page_lang)
            r = post(client, {"code": c["p1"], "text": _text(short), "check": True}, tok)
            [problem] = r.json()["problems"]
            assert problem["rule"] == "R-DECK-60" and words in problem["message"], problem
            r = post(client, {"code": c["p1"], "text": "4 CH-5001\nfour cards\n"}, tok)
            assert r.status_code == 422 and r.json()["problems"][0]["where"] == (
                "line 2" if page_lang == "en" else "2行目"
            )
            r = post(client, {"code": c["p1"], "text": _text(short)}, tok)  # registered, with its problem
            assert r.status_code == 200 and words in r.json()["problems"][0]["message"]
        assert i18n.language() == desk_lang  # the desk's own language is untouched


def test_g_decklist_the_report_page_links_to_the_decklist_page_when_decklists_are_collected(desk):
    desk.set_settings({"phone_reports": True})
    with web(desk) as client:
        page = client.get("/report?lang=ja").text
        assert '<a href="/decklist">デッキリストの入力・確認はこちら</a>' in page
        assert client.get("/decklist").status_code == 200
    desk.set_settings({"decklists_required": False})
    with web(desk) as client:
        assert 'href="/decklist"' not in client.get("/report?lang=en").text  # no decklist page to go to
