"""The phone and TV pages in a real browser (issue 25): Debian's chromium
through Playwright, as tests/browser_helpers.py.  A player's own card from
their side, a TV whose every row is on the screen, a page that says when it
is stale, the server's language on the TV, the champion after the final.

This chromium has no CJK fonts (boxes on screenshots): the tests assert on
text, geometry (boxes inside the viewport) and computed styles.  They wait on
conditions (Playwright's expect), never sleep.
"""

from __future__ import annotations

import re
import time

import pytest

from core.desk import Desk
from tests.browser_helpers import expect, sync_api  # skips this module too where no Chromium exists
from tui.web.feed import Feed, FileSource
from tui.web.server import WebServer

SURNAMES = ["佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤"]
GIVEN = ["太郎", "花子", "一郎", "次郎"]
LONG = (
    "第3回戦は14時30分から始めます。デッキの提出がまだの方は受付までお持ちください。"
    "飲み物は対戦卓に置かないでください。結果は勝者が受付に伝えてください。"
) * 2


def make_event(datadir, n, **settings):
    store = datadir.create({"name": "Issue 25 Cup", "date": "2026-12-05", "sanctioned": False, **settings})
    desk = Desk(store)
    desk.add_players([f"{SURNAMES[i % 10]} {GIVEN[i // 10 % 4]}{i}" for i in range(n)])
    desk.pair_next()
    return store, desk


def serve(datadir, store, port=0, **opts):
    server = WebServer(Feed(FileSource(datadir, store.id)), host="127.0.0.1", port=port, poll=0.2, **opts)
    server.start()
    return server


def test_the_losers_card_shows_the_losers_score(datadir, browser):
    """The loser of a table searching their name reads 0-2 and 負け, the
    winner 2-0 and 勝ち (each from their own side)."""
    store, desk = make_event(datadir, 6)
    server = serve(datadir, store)
    try:
        m = next(m for m in desk.event.current_round.matches if m.p2 is not None)
        desk.record(m.table, "2-0")  # the first-listed player wins
        winner, loser = desk.event.player(m.p1).name, desk.event.player(m.p2).name
        ctx = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
        )
        page = ctx.new_page()
        page.goto(f"http://127.0.0.1:{server.port}/")
        page.fill("#q", loser.replace(" ", ""))
        card = page.locator("ul.hits li").filter(has_text=loser)
        expect(card.locator(".res")).to_have_text("0-2 負け", timeout=5000)
        page.fill("#q", winner.replace(" ", ""))
        expect(page.locator("ul.hits li").filter(has_text=winner).locator(".res")).to_have_text(
            "2-0 勝ち", timeout=5000
        )
    finally:
        server.stop()
        store.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 969)])
def test_every_tv_row_is_inside_the_screen_with_a_two_line_announcement(datadir, browser, size):
    """The TV cuts 40 players' rows into pages that fit under a two-line
    announcement: every row shown is wholly inside the viewport, the pages
    together show every row, and the next page comes by itself."""
    w, h = size
    store, desk = make_event(datadir, 40)
    desk.announce(LONG[:90])
    desk.start_clock()
    server = serve(datadir, store)
    try:
        tv = browser.new_context(viewport={"width": w, "height": h}, locale="ja-JP").new_page()
        tv.goto(f"http://127.0.0.1:{server.port}/tv")
        announce = tv.locator(".announce")
        expect(announce).to_be_visible(timeout=5000)
        # measured in one call on the element there at that moment: the page's
        # first refresh swaps the live part, and a detached element has no
        # computed style (CI read NaN when the two steps straddled a swap)
        box = tv.evaluate(
            """() => { const e = document.querySelector('.announce'), s = getComputedStyle(e);
                       return [e.getBoundingClientRect().height,
                               parseFloat(s.lineHeight) || 1.45 * parseFloat(s.fontSize)]; }"""
        )
        height, line = float(box[0]), float(box[1])
        assert line > 0 and height >= 1.9 * line, (height, line)  # two lines (or more)
        expect(tv.locator(".pageno")).to_contain_text("1／", timeout=5000)
        pages = int(tv.locator(".pageno").inner_text().split("／")[1].rstrip("ページ"))
        assert pages >= 2

        def all_inside() -> int:
            # every visible row measured in one call, at one moment: the page turns by itself and
            # its refresh swaps the rows, so a row counted in one step could be gone in the next
            # (a bounding box of None, seen once on a loaded run)
            boxes = tv.evaluate(
                """() => [...document.querySelectorAll('ol.tv li')]
                           .filter(e => e.offsetParent !== null)
                           .map(e => { const r = e.getBoundingClientRect();
                                       return {x: r.x, y: r.y, width: r.width, height: r.height}; })"""
            )
            assert len(boxes) >= 4
            for i, box in enumerate(boxes):
                assert box["y"] >= 0 and box["x"] >= 0, (i, box)
                assert box["y"] + box["height"] <= h and box["x"] + box["width"] <= w, (i, box)
            return len(boxes)

        per = all_inside()
        assert per * pages >= tv.locator("ol.tv li").count() == 40
        # the next page turns by itself (30 s / pages, 3-10 s a page) and fits too
        expect(tv.locator(".pageno")).to_contain_text("2／", timeout=15000)
        all_inside()
        # the heading row names the columns; the round's title is there once
        expect(tv.locator(".tvhead").first).to_contain_text("名前")
        assert tv.locator("#live").inner_text().count("第1回戦") == 1
    finally:
        server.stop()
        store.close()


def test_a_stopped_server_shows_the_stale_notice_and_a_restart_clears_it(datadir, browser):
    store, desk = make_event(datadir, 6)
    desk.start_clock()
    server = serve(datadir, store)
    port = server.port
    try:
        page = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US").new_page()
        page.goto(f"http://127.0.0.1:{port}/tables")
        expect(page.locator(".clock")).to_have_attribute("data-state", "running", timeout=5000)
        expect(page.locator("#stale")).to_be_hidden()
        t0 = time.monotonic()
        server.stop()
        expect(page.locator("#stale")).to_be_visible(timeout=max(100, int((5 - (time.monotonic() - t0)) * 1000)))
        expect(page.locator("#stale")).to_contain_text("Not up to date since")
        expect(page.locator("body")).to_have_class("stale")
        # the clock stands still while stale
        frozen = page.locator(".clock .time").inner_text()
        expect(page.locator(".clock .time")).to_have_text(frozen)
        server = serve(datadir, store, port=port)
        expect(page.locator("#stale")).to_be_hidden(timeout=10000)
        expect(page.locator(".clock .time")).not_to_have_text(frozen, timeout=5000)
    finally:
        server.stop()
        store.close()


def test_serve_lang_ja_shows_japanese_on_the_tv_to_an_english_browser(datadir, browser):
    """``serve --lang ja`` (the server's language) wins on the TV; a phone's
    English browser still gets English, and the TV's switch gives English."""
    store, desk = make_event(datadir, 6)
    server = serve(datadir, store, lang="ja")
    try:
        ctx = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-US")
        tv = ctx.new_page()
        tv.goto(f"http://127.0.0.1:{server.port}/tv")
        assert tv.locator("html").get_attribute("lang") == "ja"
        expect(tv.locator("h2")).to_contain_text("第1回戦")
        expect(tv.locator(".tvhead").first).to_contain_text("対戦相手")
        tv.locator("a.lang").click()
        expect(tv.locator("h2")).to_contain_text("Round 1", timeout=5000)
        phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US").new_page()
        phone.goto(f"http://127.0.0.1:{server.port}/tables")
        assert phone.locator("html").get_attribute("lang") == "en"
        fr = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR").new_page()
        fr.goto(f"http://127.0.0.1:{server.port}/tables")
        assert fr.locator("html").get_attribute("lang") == "ja"  # neither: the server's
    finally:
        server.stop()
        store.close()


def test_after_the_final_the_tv_shows_the_champion(datadir, browser):
    """G-SE: once the final is in, the TV shows the champion and the final
    placings, not the final's clock or pairing."""
    store, desk = make_event(datadir, 8, rounds_planned=1)
    for m in desk.event.current_round.matches:
        desk.record(m.table, "2-0")
    desk.top_cut(4)  # the four winners: semi-finals, then the final
    for m in desk.event.current_round.matches:
        desk.record(m.table, "2-1")
    desk.pair_next()
    final = desk.event.current_round.matches[0]
    desk.start_clock()
    server = serve(datadir, store)
    try:
        tv = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-US").new_page()
        tv.goto(f"http://127.0.0.1:{server.port}/tv?lang=en")
        expect(tv.locator(".clock")).to_have_count(1)
        desk.record(final.table, "0-2")
        champion = desk.event.player(final.p2).name
        expect(tv.locator(".champion")).to_contain_text(champion, timeout=5000)
        expect(tv.locator(".champion")).to_contain_text("Champion")
        expect(tv.locator(".clock")).to_have_count(0)
        expect(tv.locator("h2")).to_have_text("Final placings")
        expect(tv.locator("ol.placings li").first).to_contain_text(champion)
    finally:
        server.stop()
        store.close()


def test_phone_controls_are_big_enough_contrasted_and_the_nav_wraps(datadir, browser):
    """Tap targets >= 44 px, the search box border >= 3:1 against the page,
    every nav link inside a 390 px screen; the switch keeps the query."""
    store, desk = make_event(datadir, 6)
    server = serve(datadir, store)
    try:
        page = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
        ).new_page()
        page.goto(f"http://127.0.0.1:{server.port}/")
        for sel in ("a.lang", "#q", "form.find button", "nav a"):
            loc = page.locator(sel)
            for i in range(loc.count()):
                box = loc.nth(i).bounding_box()
                assert box["height"] >= 44 and box["width"] >= 44, (sel, i, box)
        for i in range(page.locator("nav a").count()):
            box = page.locator("nav a").nth(i).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (i, box)
        border = page.locator("#q").evaluate("e => getComputedStyle(e).borderTopColor")
        rgb = [int(x) for x in border[border.index("(") + 1 : border.index(")")].split(",")[:3]]

        def lum(c):
            c = [v / 255 for v in c]
            c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
            return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

        assert (1.05) / (lum(rgb) + 0.05) >= 3.0, border
        page.fill("#q", "佐藤")
        expect(page.locator("a.lang")).to_have_attribute("href", re.compile(r"q=%E4%BD%90%E8%97%A4"), timeout=5000)
        page.locator("a.lang").click()
        expect(page.locator("#q")).to_have_value("佐藤", timeout=5000)
        assert page.locator("html").get_attribute("lang") == "en"
    finally:
        server.stop()
        store.close()


def test_search_waits_for_the_input_method_to_finish(datadir, browser):
    """While a Japanese IME is still converting (between compositionstart and
    compositionend) the half-typed text is not searched; the finished word is."""
    store, desk = make_event(datadir, 6)
    server = serve(datadir, store)
    try:
        page = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP").new_page()
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        page.goto(f"http://127.0.0.1:{server.port}/")
        target = desk.event.players[0].name
        page.dispatch_event("#q", "compositionstart")
        page.fill("#q", "やm")  # an input event while composing
        # no search goes out while composing (without the wait one goes 250 ms after the input)
        with pytest.raises(sync_api.TimeoutError), page.expect_request(lambda r: "q=" in r.url, timeout=1500):
            pass
        page.fill("#q", target[:1])
        page.fill("#q", target.replace(" ", ""))
        page.dispatch_event("#q", "compositionend")
        expect(page.locator("ul.hits li").first).to_contain_text(target, timeout=5000)
        searched = [u for u in asked if "q=" in u]
        assert searched and not any("%E3%82%84m" in u for u in searched), searched  # never 「やm」
        assert page.locator(".none").count() == 0
    finally:
        server.stop()
        store.close()
