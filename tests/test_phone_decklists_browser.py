"""Issue 43 in a real browser: a player, on a phone-size browser context in
Japanese (390x844), opens the decklist page with their code in the fragment,
pastes a list with a problem and sees it at once (the desk's check), fixes it,
sends it, and the desk has it as theirs; once round 1 is paired the page says
to see a judge.  Everything the page shows fits the phone's width.

Chromium, its flags and the skip come from tests/browser_helpers.py."""

from __future__ import annotations

from collections import Counter

import pytest

from core.cards.legality import Catalog
from core.desk import Desk
from core.door import LocalWriter
from tests.browser_helpers import ARGS, CHROMIUM, pages_of, sync_api
from tests.test_decklists import _distinct, _text

expect = sync_api.expect


@pytest.fixture
def served(datadir):
    store = datadir.create(
        {
            "name": "デッキリスト杯",
            "date": "2026-12-02",
            "sanctioned": False,
            "decklists_required": True,
            "staff": {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"},
        }
    )
    desk = Desk(store)
    desk.add_players(["佐藤 花子", "鈴木 一郎", "高橋 次郎", "田中 三郎"])
    desk.report_codes()
    with pages_of(datadir, desk, lang="ja", writer=LocalWriter(desk)) as base:
        yield desk, base


def _fits(page) -> None:
    """Nothing on the page is wider than the phone (no sideways scrolling)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_g_decklist_a_player_enters_their_list_on_the_phone_in_japanese(served, tmp_path):
    from core import i18n

    desk, base = served
    i18n.set_language("ja")  # the desk's language (`lycee --lang ja serve`): its checks' words (conftest resets it)
    code = dict(desk.event.report_codes)["p2"]
    nums = _distinct(Catalog.default(), "alpha", 15)
    deck = Counter({n: 4 for n in nums})
    short = deck.copy()
    short[nums[0]] = 3  # 59 cards
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
            page.goto(f"{base}/decklist#{code}")
            assert page.locator("html").get_attribute("lang") == "ja"
            expect(page.locator("#who")).to_contain_text("鈴木 一郎さんのデッキリスト", timeout=5000)
            expect(page.locator("#state")).to_contain_text("まだ登録されていません")
            assert "#" not in page.url and page.locator("#coderow").is_hidden()
            # a list one card short, and a line that cannot be read: shown as typed, nothing stored
            page.fill("#text", _text(short) + "<b>x</b> CH-5001\n")
            expect(page.locator("#count")).to_contain_text("読めない行があります", timeout=5000)
            expect(page.locator("#problems li")).to_have_count(1)
            assert "<b>x</b>" not in page.locator("#problems").inner_html()  # text, never markup
            page.fill("#text", _text(short))
            expect(page.locator("#problems")).to_contain_text("R-DECK-60", timeout=5000)
            expect(page.locator("#problems")).to_contain_text("59")
            expect(page.locator("#count")).to_contain_text("デッキ59枚")
            _fits(page)
            page.screenshot(path=str(tmp_path / "decklist-problems.png"), full_page=True)
            assert desk.event.decklist_of("p2") is None
            page.fill("#text", _text(deck))
            expect(page.locator("#count")).to_contain_text("問題はありません", timeout=5000)
            page.get_by_role("button", name="受付に送信").tap()
            expect(page.locator("#state")).to_contain_text("登録しました：デッキ60枚", timeout=5000)
            rec = desk.event.decklist_of("p2")
            assert rec is not None and rec.source == "phone" and rec.deck_size == 60
            assert desk.store.actions[-1]["device"] == "127.0.0.1"
            # round 1 is paired at the desk: the page (opened again) says to see a judge
            desk.pair_next(seed=1)
            page.reload()
            expect(page.locator("#state")).to_contain_text("ジャッジに声をかけてください", timeout=5000)
            assert page.locator("#send").is_disabled()
            assert page.locator("#text").input_value().startswith("4 ")  # the registered list is shown
            _fits(page)
            page.screenshot(path=str(tmp_path / "decklist-judge.png"), full_page=True)
        finally:
            browser.close()


def test_o_deck_an_overture_list_from_an_english_phone_on_a_japanese_desk(datadir, tmp_path, capsys):
    """Issue 43's phone step on real cards: the store's card list (the official
    layout, imported and dated by the command line), an Overture event that
    collects decklists, a desk in Japanese.  A player's phone in English opens
    the report page, follows its link to the decklist page (their code goes
    along in the tab), pastes a deck code one card short and reads the problem
    in English (O-DECK-60, the phone's language), completes it and sends it;
    the desk has it as theirs."""
    from core import i18n, paths
    from tests.cli_helpers import run
    from tests.test_app_overture_event import CARD_LIST, MRS, PRODUCTS

    data = str(datadir.root)
    assert run(capsys, "--data-dir", data, "cards", "import", str(CARD_LIST))[0] == 0
    for product, day in PRODUCTS:
        assert run(capsys, "--data-dir", data, "cards", "on-sale", product, day)[0] == 0
    before = paths.use_root(datadir.root)
    store = datadir.create(
        {
            "name": "水曜リセ",
            "date": "2026-12-09",
            "sanctioned": True,
            "rules": "overture",
            "decklists_required": True,
            "phone_reports": True,
            "staff": {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"},
        }
    )
    desk = Desk(store)
    desk.add_players(["Aki", "Ben", "Chie", "Dai"])
    code = {pid: c for pid, _name, c in desk.report_codes()}["p2"]
    i18n.set_language("ja")  # the desk's language (conftest resets it)
    deck_code = " ".join(n for n, k in MRS.items() for _i in range(k))
    try:
        with pages_of(datadir, desk, lang="ja", writer=LocalWriter(desk)) as base:
            with sync_api.sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                try:
                    ctx = browser.new_context(
                        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-US"
                    )
                    page = ctx.new_page()
                    page.goto(f"{base}/report#{code}")
                    page.get_by_role("link", name="Your decklist: enter or check it").tap()
                    expect(page.locator("#who")).to_contain_text("Decklist of Ben", timeout=5000)
                    assert page.locator("#coderow").is_hidden()  # the code came along
                    page.fill("#text", deck_code.rsplit(" ", 1)[0])  # 59 cards
                    expect(page.locator("#problems")).to_contain_text("O-DECK-60", timeout=5000)
                    expect(page.locator("#problems")).to_contain_text("the deck has 59 cards")
                    _fits(page)
                    page.fill("#text", deck_code)
                    expect(page.locator("#count")).to_contain_text("No problems found.", timeout=5000)
                    page.get_by_role("button", name="Send to the desk").tap()
                    expect(page.locator("#state")).to_contain_text("Registered: 60 cards", timeout=5000)
                    page.screenshot(path=str(tmp_path / "overture-decklist.png"), full_page=True)
                finally:
                    browser.close()
            rec = desk.event.decklist_of("p2")
            assert rec is not None and rec.source == "phone" and rec.deck_size == 60
            assert i18n.language() == "ja"
    finally:
        paths.use_root(before)
