"""Issue 48: a wrong address on the event's pages (README "The event on phones
and on a TV"; tui.web.errorpage) gets a short page in the phone's language
(the switch, the cookie, Accept-Language, else the desk's), saying what is
wrong and linking back to the first page, with the status kept (400, 404);
what the guard and the writes answer scripts (``/api/*``, ``/static/*``,
``/live``) stays as it was: JSON from the writes, plain text from the guard
(the phone-report contract in README).  Through Starlette's test client."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from core.desk import Desk
from core.door import LocalWriter
from tui.web.feed import Feed, LiveSource
from tui.web.server import create_app

ORIGIN = "http://desk.test"
JA = {"Accept-Language": "ja-JP,ja;q=0.9"}
EN = {"Accept-Language": "en-US,en;q=0.9"}


@pytest.fixture
def desk(datadir):
    store = datadir.create({"name": "土曜カップ <b>&</b>", "date": "2026-12-05", "sanctioned": False})
    d = Desk(store)
    d.add_players(["佐藤 花子", "鈴木 一郎", "高橋 次郎", "田中 三郎"])
    d.set_settings({"phone_reports": True})
    d.report_codes()
    d.pair_next(seed=2)
    yield d
    store.close()


def client(desk, writer=True, lang=None) -> TestClient:
    feed = Feed(LiveSource(lambda: desk.event))
    app = create_app(feed, rate=None, writer=LocalWriter(desk) if writer else None, lang=lang)
    return TestClient(app, base_url=ORIGIN)


def links(html: str) -> list[str]:
    return re.findall(r'href="([^"]*)"', html)


def assert_page(r, status: int, lang: str) -> None:
    """A page of the pages' style (their stylesheet, the event's name, a way back to the first page)."""
    assert r.status_code == status
    assert r.headers["content-type"].startswith("text/html")
    assert f'<html lang="{lang}">' in r.text and 'href="/static/app.css"' in r.text
    assert "土曜カップ &lt;b&gt;&amp;&lt;/b&gt;" in r.text and "<b>&</b>" not in r.text
    assert r.headers["content-security-policy"].startswith("default-src 'none'")
    assert "/" in links(r.text)


@pytest.mark.parametrize(
    "headers,lang,words",
    [
        (JA, "ja", ["アドレスが正しくありません", "コードはアドレスに入れません", "結果記入票のコードを入力"]),
        (EN, "en", ["This address is not right", "Your code does not go in the address", "type the code"]),
    ],
)
def test_a_code_after_the_question_mark_is_told_in_words(desk, headers, lang, words):
    """/report?code=…: 400, in the phone's language: the code goes on the report
    page (or comes from the slip's QR code), not in the address; links to the
    report page and the first page; the code typed is never repeated."""
    code = dict(desk.event.report_codes)[desk.event.players[0].id]
    r = client(desk).get(f"/report?code={code}", headers=headers)
    assert_page(r, 400, lang)
    for w in words:
        assert w in r.text
    assert "/report" in links(r.text) and code not in r.text
    # a malformed part beside it: the language asked for still counts
    r = client(desk).get(f"/report?code={code}&lang=en", headers=JA)
    assert_page(r, 400, "en")


@pytest.mark.parametrize(
    "headers,lang,words",
    [
        (JA, "ja", ["このページはありません", "この大会のページに「/tabels」はありません"]),
        (EN, "en", ["This page does not exist", "pages have nothing at /tabels."]),
    ],
)
def test_an_unknown_page_is_told_in_words(desk, headers, lang, words):
    """An address the pages do not have: 404, the address named, a link to the first page."""
    r = client(desk).get("/tabels", headers=headers)
    assert_page(r, 404, lang)
    for w in words:
        assert w in r.text


def test_the_desk_language_and_the_switch_choose_the_page_language(desk):
    """No browser language: the desk's (``serve --lang``); ``?lang=`` switches and is kept."""
    c = client(desk, lang="ja")
    assert '<html lang="ja">' in c.get("/nowhere").text
    r = c.get("/nowhere?lang=en")
    assert_page(r, 404, "en")
    assert "lang=en" in r.headers["set-cookie"]
    assert '<html lang="en">' in c.get("/nowhere").text
    assert "/nowhere?lang=ja" in links(r.text)


def test_what_was_typed_is_escaped_and_no_link_leaves_the_server(desk):
    """The address shown is text, never markup; a ``//host`` address links to no other host."""
    c = client(desk)
    r = c.get("/%3Cscript%3Ealert(1)%3C/script%3E", headers=EN)
    assert_page(r, 404, "en")
    assert "<script>" not in r.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text
    r = c.get("//evil.example/x", headers=EN)
    assert r.status_code == 404
    assert all(href.startswith("/") and not href.startswith("//") for href in links(r.text)), links(r.text)


@pytest.mark.parametrize("query", ["?x=1", "?lang=fr", "?q=%ff", "?part=2"])
def test_a_malformed_query_on_a_page_links_to_the_page_again(desk, query):
    r = client(desk).get("/standings" + query, headers=JA)
    assert_page(r, 400, "ja")
    assert "アドレスに、このページでは使えない部分があります" in r.text
    assert "/standings" in links(r.text)


def test_a_page_the_event_does_not_use_says_why(desk):
    """The report page with phone reports off, the judge page without the desk, the
    decklist page of an event that takes none, the season page not served: 404 with the reason."""
    c = client(desk, writer=False)
    r = c.get("/judge", headers=EN)
    assert_page(r, 404, "en")
    assert "only the program holding the event serves it" in r.text
    r = c.get("/decklist", headers=JA)
    assert_page(r, 404, "ja")
    assert "デッキリスト入力を受け付けていません" in r.text
    assert_page(c.get("/season", headers=EN), 404, "en")
    desk.set_settings({"phone_reports": False})
    r = client(desk).get("/report", headers=JA)
    assert_page(r, 404, "ja")
    assert "スマホからの結果報告を受け付けていません。結果は受付に届けてください" in r.text


def test_head_of_a_wrong_address_has_no_body(desk):
    r = client(desk).head("/nowhere")
    assert r.status_code == 404 and r.text == ""


def test_scripts_keep_their_answers(desk):
    """The phone-report contract (README) and the guard's plain refusals: the writes
    answer JSON (404 with phone reports off, 400 for a body that is not one),
    ``/api/*``, ``/static/*`` and ``/live`` refused by the guard answer plain text."""
    c = client(desk)
    for path in ("/api/nothing", "/static/nothing.css", "/live?page=admin", "/live?x=1"):
        r = c.get(path)
        assert r.status_code in (400, 404) and r.headers["content-type"].startswith("text/plain"), path
    r = c.post("/api/report?x=1", content="{}", headers={"Origin": ORIGIN, "Content-Type": "application/json"})
    assert r.status_code == 400 and r.headers["content-type"].startswith("text/plain")
    r = c.post("/tables", content="x")
    assert r.status_code == 405 and r.headers["content-type"].startswith("text/plain")
    desk.set_settings({"phone_reports": False})
    r = client(desk).post("/api/report", content="{}", headers={"Origin": ORIGIN})
    assert r.status_code == 404 and r.json()["error"]
