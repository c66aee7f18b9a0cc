"""Issue 26 in a real browser: two players, each on a phone-size browser
context in Japanese, open the report page from their slip's link (the code
in the fragment), report from their own side, and see 「記録しました」.

Chromium, its flags and the skip come from tests/browser_helpers.py."""

from __future__ import annotations

import pytest

from core.desk import Desk
from core.door import LocalWriter
from core.rules.phonereports import report_url
from tests.browser_helpers import ARGS, CHROMIUM, pages_of, sync_api

expect = sync_api.expect
NAMES = ["佐藤 花子", "鈴木 一郎", "高橋 次郎", "田中 三郎"]


@pytest.fixture
def served(datadir):
    store = datadir.create({"name": "報告カップ", "date": "2026-12-02", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(NAMES)
    desk.set_settings({"phone_reports": True})
    desk.report_codes()
    desk.pair_next()
    with pages_of(datadir, desk, lang="ja", writer=LocalWriter(desk)) as base:
        yield desk, base


def test_g_bo3_two_phones_report_from_the_slip_link_to_recorded_in_japanese(served):
    """G-BO3: player 1 reports 2-1 (waiting), player 2 reports 1-2: both phones show it recorded."""
    import segno

    from core.reports.exports import slips_html

    desk, base = served
    m = desk.event.current_round.match_at(1)
    codes = dict(desk.event.report_codes)
    links = {pid: report_url(codes[pid], base) for pid in (m.p1, m.p2)}
    slips = slips_html(desk.event)
    for pid, link in links.items():  # each player's QR on the slip opens exactly this link
        assert segno.make(report_url(codes[pid]), error="m").svg_inline(scale=3, border=2) in slips
        assert link.endswith("/report#" + codes[pid])
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            pages = {}
            for pid in (m.p1, m.p2):
                ctx = browser.new_context(
                    viewport={"width": 390, "height": 844},
                    device_scale_factor=2,
                    is_mobile=True,
                    has_touch=True,
                    locale="ja-JP",
                )
                page = ctx.new_page()
                page.goto(links[pid])
                assert page.locator("html").get_attribute("lang") == "ja"
                expect(page.locator("#who")).to_contain_text("第1回戦・1卓", timeout=5000)
                assert "#" not in page.url  # the code is out of the address bar
                assert page.locator("#coderow").is_hidden()
                pages[pid] = page
            one, two = pages[m.p1], pages[m.p2]
            one.get_by_role("button", name="2-1", exact=True).tap()
            one.get_by_role("button", name="送信").tap()
            expect(one.locator("#state")).to_contain_text("対戦相手の報告を待っています", timeout=5000)
            two.fill("#result", "1-2")
            two.get_by_role("button", name="送信").tap()
            expect(two.locator("#state")).to_contain_text("記録しました: 1-2", timeout=5000)
            one.reload()  # the code stays in the tab (sessionStorage), never in the address
            expect(one.locator("#state")).to_contain_text("記録しました: 2-1", timeout=5000)
            for page in pages.values():
                assert codes[m.p1 if page is two else m.p2] not in page.content()
        finally:
            browser.close()
    got = desk.event.current_round.match_at(1)
    assert (got.p1_wins, got.p2_wins) == (2, 1)


def test_an_expired_token_is_renewed_without_losing_what_was_typed(datadir, tmp_path):
    """WEB-SESSION (issue 44): the page's token expires while the player types (hours later);
    Send fetches a new token and sends again: the report is taken, what was typed stays, no
    CSP error. Phone size, Japanese."""
    import time

    from tests.browser_helpers import FileSource, WebServer
    from tui.web.feed import Feed
    from tui.web.writes import TOKEN_AGE

    store = datadir.create({"name": "報告カップ", "date": "2026-12-02", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(NAMES)
    desk.set_settings({"phone_reports": True})
    desk.report_codes()
    desk.pair_next()
    server = WebServer(
        Feed(FileSource(datadir, store.id)), host="127.0.0.1", port=0, poll=0.2, lang="ja", writer=LocalWriter(desk)
    )
    server.start()
    api = next(r for r in server.app.app.router.routes if r.path == "/api/report").endpoint.__self__
    m = desk.event.current_round.match_at(1)
    link = report_url(dict(desk.event.report_codes)[m.p1], f"http://127.0.0.1:{server.port}")
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                ctx = browser.new_context(
                    viewport={"width": 390, "height": 844},
                    device_scale_factor=2,
                    is_mobile=True,
                    has_touch=True,
                    locale="ja-JP",
                )
                page = ctx.new_page()
                errors: list[str] = []
                page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
                page.goto(link)
                expect(page.locator("#who")).to_contain_text("第1回戦・1卓", timeout=5000)
                old = page.locator("#report").get_attribute("data-token")
                later = time.time() + TOKEN_AGE + 60
                api.tokens.now = lambda: later  # hours pass: the page's token has expired
                page.fill("#result", "2-1")
                page.get_by_role("button", name="送信").tap()
                expect(page.locator("#state")).to_contain_text("対戦相手の報告を待っています", timeout=5000)
                assert page.locator("#result").input_value() == "2-1"
                assert page.locator("#report").get_attribute("data-token") != old
                page.screenshot(path=str(tmp_path / "report-renewed.png"))
                assert not [e for e in errors if "Content Security Policy" in e], errors  # (the refused 403 is logged)
            finally:
                browser.close()
    finally:
        server.stop()
        store.close()
    assert any(a["type"] == "report" for a in desk.store.actions) or desk.event.reports
