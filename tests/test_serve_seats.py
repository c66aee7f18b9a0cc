"""The phone and TV pages from every seat (issue 25), through Starlette's test
client: results from the reader's side, the server's language, limits that
fit a store's NAT, refusals that retry, per-table time, the event's
tiebreakers and your own row, the find part cached per normalised search,
``lycee serve`` below the desk's priority."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from core.desk import Desk
from tui.web.feed import Feed, LiveSource
from tui.web.guard import choose_lang
from tui.web.server import create_app

T0 = datetime(2026, 12, 5, 13, 0, tzinfo=timezone.utc)
NAMES = ["佐藤 花子", "鈴木 一郎", "高橋 次郎", "田中 三郎", "伊藤 四郎", "ﾔﾏﾀﾞ ﾀﾛｳ"]


@pytest.fixture
def desk(datadir):
    datadir.clock = lambda: T0
    store = datadir.create({"name": "Seat Cup", "date": "2026-12-05", "sanctioned": False})
    d = Desk(store)
    d.add_players(NAMES)
    d.pair_next()
    yield d
    store.close()


def client(desk, **opts):
    feed = Feed(LiveSource(lambda: desk.event), now=lambda: desk.store.clock().timestamp())
    return feed, TestClient(create_app(feed, rate=None, **opts))


def first_played(desk):
    return next(m for m in desk.event.current_round.matches if m.p2 is not None)


def test_results_are_from_the_readers_side_on_find_and_by_name(desk):
    m = first_played(desk)
    desk.record(m.table, "2-0")
    feed, c = client(desk)
    feed.refresh()
    loser, winner = desk.event.player(m.p2).name, desk.event.player(m.p1).name
    card = c.get("/?part=1&lang=ja&q=" + loser.replace(" ", "")).text
    assert "0-2 負け" in card and "2-0" not in card
    assert "2-0 勝ち" in c.get("/?part=1&lang=ja&q=" + winner.replace(" ", "")).text
    assert "0-2 lost" in c.get("/?part=1&lang=en&q=" + loser.replace(" ", "")).text
    names = c.get("/names?part=1&lang=ja").text
    row = re.search(rf"<tr><td>{re.escape(loser)}</td>.*?</tr>", names).group(0)
    assert "0-2 負け" in row
    # by table keeps the first-listed side, and says so
    tables = c.get("/tables?part=1&lang=en").text
    assert "Result (player 1 first)" in tables and "<td>2-0</td>" in tables


def test_choose_lang_server_default_tv_and_phone():
    ja = {"accept-language": "ja-JP,ja;q=0.9"}
    en = {"accept-language": "en-US,en;q=0.9"}
    fr = {"accept-language": "fr-FR"}
    # no server language: the browser's, else English (as before)
    assert choose_lang({}, ja) == "ja" and choose_lang({}, fr) == "en"
    # serve --lang ja: a phone's English browser still wins, any other gets the server's
    assert choose_lang({}, en, "ja") == "en" and choose_lang({}, fr, "ja") == "ja"
    # the TV follows the server, unless the switch (?lang= or its cookie) says otherwise
    assert choose_lang({}, en, "ja", tv=True) == "ja"
    assert choose_lang({"lang": "en"}, en, "ja", tv=True) == "en"
    assert choose_lang({}, {"cookie": "lang=en", **ja}, "ja", tv=True) == "en"


def test_serve_lang_sets_the_pages_language(tmp_path, monkeypatch):
    """`lycee --lang ja serve` gives the server the desk's language and runs it
    below the desk's priority (nice 10)."""
    from core.store import DataDir
    from tui.cli import main
    from tui.web import network, server

    data = str(tmp_path / "d")
    store = DataDir(data).create({"name": "Cup", "date": "2026-12-05", "sanctioned": False})
    eid = store.id
    store.close()
    seen = {}

    def run(self):
        seen.update(
            lang=self.lang,
            nice=self.nice,
            tv=TestClient(self.app, base_url="http://127.0.0.1").get("/tv", headers={"Accept-Language": "en-US"}).text,
        )
        self.sock.close()

    monkeypatch.setattr(server.WebServer, "run", run)
    monkeypatch.setattr(network, "lan_addresses", lambda: ["192.168.10.23"])
    assert main(["--data-dir", data, "--lang", "ja", "serve", eid, "--port", "0"]) == 0
    assert seen["lang"] == "ja" and seen["nice"] == 10
    assert '<html lang="ja">' in seen["tv"]


def test_limits_fit_200_phones_behind_one_address(desk):
    """A guest network puts every phone behind one address: 200 live pages
    and a burst of 400 page loads from it are all answered."""
    from tui.web.conn import Gate
    from tui.web.server import PER_ADDRESS
    from tui.web.site import BURST, LIVE_PER_CLIENT

    feed = Feed(LiveSource(lambda: desk.event))
    c = TestClient(create_app(feed))
    assert all(c.get("/tables").status_code == 200 for _ in range(400))
    assert LIVE_PER_CLIENT >= 2 * 200 and BURST >= 400 and PER_ADDRESS >= 2 * 200
    g = Gate(PER_ADDRESS, 4000, 64)
    assert all(g.admit("192.168.0.1") == 0 for _ in range(2 * 200))


def test_a_refused_page_is_in_the_visitors_language_and_retries_by_itself(desk):
    feed = Feed(LiveSource(lambda: desk.event))
    c = TestClient(create_app(feed, rate=0.001, burst=1, lang="ja"))
    assert c.get("/").status_code == 200
    r = c.get("/", headers={"Accept-Language": "fr-FR"})  # neither language: the server's
    assert r.status_code == 429
    assert '<meta http-equiv="refresh" content="1">' in r.text
    assert "自動で読み込み直します" in r.text and '<html lang="ja">' in r.text
    r = c.get("/", headers={"Accept-Language": "en"})
    assert "This page tries again by itself in 1 second." in r.text


def test_a_table_with_an_extension_sees_its_own_time(desk):
    m = first_played(desk)
    desk.start_clock()
    desk.extend(m.table, 5)
    feed, c = client(desk)
    feed.refresh()
    card = c.get("/?part=1&lang=en&q=" + desk.event.player(m.p1).name.replace(" ", "")).text
    clocks = re.findall(r'<p class="clock( own)?" data-state="running" data-end="(\d+)"', card)
    (_, round_end), (own, table_end) = clocks
    assert own == " own" and int(table_end) - int(round_end) == 5 * 60 * 1000
    assert f"Table {m.table} · +5 min" in card


def test_standings_show_the_events_tiebreakers_and_your_row(desk):
    for m in desk.event.current_round.matches:
        if m.p2 is not None:
            desk.record(m.table, "2-1")
    feed, c = client(desk)
    feed.refresh()
    body = c.get("/standings?part=1&lang=en&q=鈴木").text
    heads = re.findall(r'<th class="tb"[^>]*>([^<]+)</th>', body)
    assert heads[:3] == ["OMW%", "GW%", "OGW%"]  # the event's chain, in its order
    own = body.split('<table class="standings own"', 1)[1].split("</table>", 1)[0]
    assert "鈴木 一郎" in own and "佐藤" not in own
    assert '<tr class="me">' in body.split('<table class="standings">', 1)[1]
    assert "Ties are broken by OMW% &gt; GW% &gt; OGW%." in body
    page = c.get("/standings?lang=ja&q=鈴木").text
    assert 'id="q"' in page and 'value="鈴木"' in page


def test_find_part_cached_per_normalised_search(desk):
    """'ﾔﾏﾀﾞ', 'ヤマダ' and 'やまだ' are one cached part (one ETag) while they
    find someone; a search that finds nobody repeats what was typed."""
    feed, c = client(desk)
    feed.refresh()
    tags = {c.get("/?part=1&lang=ja&q=" + q).headers["etag"] for q in ("ﾔﾏﾀﾞ", "ヤマダ", "やまだ", "や ま だ")}
    assert len(tags) == 1
    assert "ぞぞぞ" in c.get("/?part=1&lang=ja&q=ぞぞぞ").text
    assert "ゾゾゾ" in c.get("/?part=1&lang=ja&q=ゾゾゾ").text


def test_by_name_order_follows_the_readings(desk):
    """五十音 by reading (core.names.name_sort_key), not code points: with
    readings いとう < さとう < すずき < たかはし < たなか."""
    for name, reading in [
        ("佐藤 花子", "さとう はなこ"),
        ("鈴木 一郎", "すずき いちろう"),
        ("高橋 次郎", "たかはし じろう"),
        ("田中 三郎", "たなか さぶろう"),
        ("伊藤 四郎", "いとう しろう"),
        ("ﾔﾏﾀﾞ ﾀﾛｳ", "やまだ たろう"),
    ]:
        desk.rename(name, name, reading=reading, allow_same_name=True)
    feed, c = client(desk)
    feed.refresh()
    tv = c.get("/tv?part=1&lang=ja").text
    order = re.findall(r'<li><span class="name">([^<]+)</span>', tv)
    assert order == ["伊藤 四郎", "佐藤 花子", "鈴木 一郎", "高橋 次郎", "田中 三郎", "ﾔﾏﾀﾞ ﾀﾛｳ"]


def test_tv_has_column_headings_a_switch_and_the_round_title_once(desk):
    desk.start_clock()
    feed, c = client(desk)
    feed.refresh()
    tv = c.get("/tv?lang=ja").text
    assert tv.count("第1回戦") == 1
    assert '<div class="tvhead"' in tv and "対戦相手" in tv
    assert 'class="lang" href="/tv?lang=en"' in tv
    assert 'id="stale"' in tv and "から更新が止まっています" in tv


def test_no_clock_after_the_final(datadir):
    datadir.clock = lambda: T0
    store = datadir.create({"name": "Final Cup", "date": "2026-12-05", "sanctioned": False, "rounds_planned": 1})
    desk = Desk(store)
    desk.add_players(NAMES[:4])
    desk.pair_next()
    for m in desk.event.current_round.matches:
        desk.record(m.table, "2-0")
    desk.top_cut(2)
    desk.start_clock()
    final = desk.event.current_round.matches[0]
    desk.record(final.table, "2-1")
    feed, c = client(desk)
    feed.refresh()
    champion = desk.event.player(final.p1).name
    for path in ("/tv", "/?q=" + champion.replace(" ", ""), "/tables"):
        body = c.get(path + ("&" if "?" in path else "?") + "lang=en").text
        assert 'class="clock' not in body, path
    assert champion in c.get("/tv?lang=en").text.split('class="champion"', 1)[1].split("</p>", 1)[0]
    store.close()


def test_g_swiss_rank_a_swiss_only_event_that_is_over_shows_final_standings(datadir):
    """G-SWISS-RANK: once the planned Swiss rounds are all played with no top cut,
    the standings page and the TV say 最終順位 (final standings), not "after round N"."""
    datadir.clock = lambda: T0
    store = datadir.create({"name": "Swiss Cup", "date": "2026-12-05", "sanctioned": False, "rounds_planned": 2})
    desk = Desk(store)
    desk.add_players(NAMES[:4])
    for _r in range(2):  # four players, two rounds: one of them 2-0, the winner
        desk.pair_next()
        for m in desk.event.current_round.matches:
            desk.record(m.table, "2-0")
    feed, c = client(desk)
    feed.refresh()
    assert "<h2>最終順位</h2>" in c.get("/standings?lang=ja").text
    assert "<h2>Final standings</h2>" in c.get("/standings?lang=en").text
    tv = c.get("/tv?lang=ja").text
    assert "<h2>最終順位</h2>" in tv and 'class="clock' not in tv and "第2回戦" not in tv
    ms = [m for r in desk.event.rounds for m in r.matches]
    winner = next(p for p in desk.event.players if sum(m.winner() == p.id for m in ms) == 2)
    assert winner.name in tv.split('class="champion"', 1)[1].split("</p>", 1)[0]
    store.close()
