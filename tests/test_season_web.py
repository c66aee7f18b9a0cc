"""``/season`` on the LAN and the TV (issue 47, L-SEASON): under the web rules
of tui/web/guard.py, escaped, and worked out afresh from the events."""

from __future__ import annotations

from starlette.testclient import TestClient

from core.desk import Desk
from core.season.season import add_events, new_season, standings
from tui.web.feed import Feed, LiveSource
from tui.web.season import season_page
from tui.web.server import create_app

HOSTILE = '<script>alert("x")</script>'


def test_the_season_page_is_escaped_fresh_and_read_only(datadir):
    store = datadir.create({"name": "Cup", "date": "2026-11-30", "sanctioned": False, "rounds_planned": 1})
    d = Desk(store)
    d.add_players([HOSTILE, "Bob"])
    d.pair_next()
    new_season(datadir.root, "Spring <i>", "win=3,draw=1,loss=0")
    add_events(datadir.root, datadir, "S1", [store.id])
    feed = Feed(LiveSource(lambda: d.event))
    c = TestClient(
        create_app(feed, rate=None, season=lambda: season_page(standings(datadir.root, datadir, "S1"), "en"))
    )
    r = c.get("/season")
    assert r.status_code == 200 and "default-src" in r.headers["content-security-policy"]
    assert HOSTILE not in r.text and "&lt;script&gt;" in r.text and "Spring &lt;i&gt;" in r.text
    assert "A bye scores as a match win: 3 points" in r.text and "(running: played rounds only)" in r.text
    assert c.get("/season", headers={"If-None-Match": r.headers["etag"]}).status_code == 304
    d.record(d.event.current_round.matches[0].table, "2-0")  # a result moves the season at the next request
    r2 = c.get("/season")
    assert r2.status_code == 200 and r2.headers["etag"] != r.headers["etag"] and ">3<" in r2.text
    assert c.post("/season").status_code == 405
    assert TestClient(create_app(feed, rate=None)).get("/season").status_code == 404
    store.close()
