"""The store that ran an event is on every sheet and page (issue 47, M-STORE):
the scorecard, the report, each export's header, the phone pages and the TV;
member numbers are on the scorecard (M-MEMBER)."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from core.desk import Desk
from core.reports.exports import render
from core.store.members import MemberList
from tui.web.feed import Feed, LiveSource
from tui.web.server import create_app

STORE = "森 <b>&</b>"


@pytest.fixture
def desk(datadir):
    ml = MemberList(datadir.root)
    ml.set_store(STORE, "1234", "東京都")
    ml.add("相川", "あいかわ")
    store = datadir.create(
        {
            "name": "Cup",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "Oga", "judges": ["Jun"], "head_judge": "Jun"},
        }
    )
    d = Desk(store)
    d.add_members(datadir.root, ["M001"])
    d.add_players(["B", "C", "D"])
    d.pair_next()
    yield d
    store.close()


@pytest.mark.parametrize("what", ["scorecard", "report", "standings", "pairings"])
def test_every_html_sheet_names_the_store(desk, what):
    page = render(desk.event, what, "html")
    assert "森 &lt;b&gt;&amp;&lt;/b&gt;" in page and "1234" in page and "東京都" in page
    assert STORE not in page  # escaped, never markup


def test_json_exports_carry_the_store_and_the_scorecard_the_member_number(desk):
    doc = json.loads(render(desk.event, "scorecard", "json"))
    assert doc["store"] == {"name": STORE, "number": "1234", "place": "東京都"}
    assert any("相川 (M001)" in row for row in doc["rows"])


@pytest.mark.parametrize("path", ["/", "/tables", "/tv"])
@pytest.mark.parametrize("lang,word", [("ja", "店舗番号"), ("en", "store no.")])
def test_phone_pages_and_tv_name_the_store(desk, path, lang, word):
    feed = Feed(LiveSource(lambda: desk.event), now=lambda: 0.0)
    c = TestClient(create_app(feed, rate=None))
    feed.refresh()
    text = c.get(f"{path}?lang={lang}").text
    assert "森 &lt;b&gt;&amp;&lt;/b&gt;" in text and word in text
