"""``lycee serve`` in a real browser (the command line in README.md): headless Chromium at a
phone's viewport finds a player's table, sees round 2 appear after the desk
pairs it (no reload), and the TV page's round clock ticks.

Debian's ``chromium`` with Playwright for Python (Playwright's own browser
download is not used); skipped, saying why, only where no Chromium exists.
"""

from __future__ import annotations

import pytest

from core.desk import Desk
from tests.browser_helpers import expect, pages_of

NAMES = ["ﾔﾏﾀﾞ ﾀﾛｳ", "佐藤 花子", "鈴木 一郎", "高橋 次郎", "田中 三郎", "伊藤 四郎"]


@pytest.fixture
def served(datadir):
    store = datadir.create({"name": "Browser Cup", "date": "2026-11-30", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(NAMES)
    desk.pair_next()
    with pages_of(datadir, desk) as base:
        yield desk, base


def test_design3_phone_finds_table_and_sees_round_2_then_tv_clock_ticks(served, browser):
    desk, base = served
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True, locale="ja-JP"
    )
    page = phone.new_page()
    page.goto(base + "/")
    assert page.locator("html").get_attribute("lang") == "ja"  # from the browser's language
    page.fill("#q", "やまだ")  # kana for a half-width katakana name
    me = desk.event.player_named("ﾔﾏﾀﾞ ﾀﾛｳ").id
    m1 = next(m for m in desk.event.current_round.matches if me in m.players())
    hit = page.locator("ul.hits li").first
    hit.wait_for(timeout=5000)
    assert f"{m1.table}卓" in hit.inner_text() and "第1回戦" in hit.inner_text()

    for m in desk.event.current_round.matches:
        if m.p2 is not None:
            desk.record(m.table, "2-0")
    desk.pair_next()
    m2 = next(m for m in desk.event.current_round.matches if me in m.players())
    # the open page updates itself: no reload
    # (locator waits: the page's CSP forbids the string evaluation wait_for_function uses)
    expect(page.locator("ul.hits li").first).to_contain_text("第2回戦", timeout=5000)
    assert f"{m2.table}卓" in page.locator("ul.hits li").first.inner_text()

    desk.start_clock()
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-US").new_page()
    tv.goto(base + "/tv")
    expect(tv.locator(".clock")).to_have_attribute("data-state", "running", timeout=5000)
    first = tv.locator(".clock .time").inner_text()
    expect(tv.locator(".clock .time")).not_to_have_text(first, timeout=5000)
    assert tv.locator(".clock .time").inner_text() != first


def test_design3_the_tables_page_keeps_each_name_on_one_line_on_a_phone(datadir, browser):
    """README (lycee serve, pairings by table): on a 390-pixel phone in Japanese every player's
    name stands whole on one line (「山田太/郎」 broke inside the name), and the bye reads 「-」."""
    store = datadir.create({"name": "土曜リセ杯", "date": "2026-12-06", "sanctioned": False})
    desk = Desk(store)
    names = ["山田太郎", "佐藤花子", "鈴木一郎", "高橋健太", "田中美咲", "伊藤大輔", "渡辺さくら"]
    desk.add_players(names)
    desk.pair_next()
    with pages_of(datadir, desk, lang="ja") as base:
        page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale="ja-JP").new_page()
        page.goto(base + "/tables")
        expect(page.locator("table.pairings tbody tr")).to_have_count(4, timeout=5000)
        lines = page.locator("table.pairings tbody td:nth-child(2), table.pairings tbody td:nth-child(3)").evaluate_all(
            """cells => cells.map(c => { const r = document.createRange(); r.selectNodeContents(c);
                 const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
                 return [c.innerText.trim(), tops.size]; })"""
        )
        assert all(n == 1 for _t, n in lines), lines
        assert {t for t, _n in lines} >= set(names)
        assert page.locator("table.pairings tbody tr").last.locator("td").first.inner_text().strip() == "-"
