"""The final placings on the phone and the TV in a real browser (G-SE, issue 48 item 9):
Debian's chromium through Playwright, as tests/browser_helpers.py.  The two semi-final
losers of a cut without a third-place match share one place, 3-4 (「3～4」, as the
sheets, the desk and ``lycee standings`` print it) and read ベスト4; after a third-place
match 3 and 4, 3位 and 4位; a 3rd with a weaker Swiss record than the 4th is listed under
the line saying the top cut decides.  The tests wait on conditions, never sleep."""

from __future__ import annotations

from tests.browser_helpers import expect, pages_of, sync_api  # skips this module where no Chromium exists
from tests.round_helpers import played_cut

assert sync_api is not None


def _texts(page, selector: str) -> list[str]:
    return [t.strip() for t in page.locator(selector).all_inner_texts()]


def _serve(root, eid):
    from core.desk import Desk
    from core.store import DataDir

    dd = DataDir(root)
    return dd, Desk(dd.open(eid))


def _outside_cut(ev) -> list[str]:
    """The places of the four players outside a top 4 of 8: their Swiss ranks, 5 to 8, a rank
    shared by players tied on every tiebreaker (G-TIE-1: the Swiss pairings are drawn, so some
    events have one: 5, 5, 7, 8)."""
    from core.tournament.ranking import standings_json

    ranks = [r["rank"] for r in standings_json(ev)["standings"][4:]]
    assert ranks[0] == 5 and ranks == sorted(ranks) and set(ranks) <= {5, 6, 7, 8}, ranks
    return [str(k) for k in ranks]


def test_g_se_phone_and_tv_give_both_semi_final_losers_3_4(tmp_path, browser):
    """G-SE: without a third-place match the phone's standings and the TV list give the
    two semi-final losers one place, 「3～4」, each ベスト4, in the page's language, and
    the TV's place cell holds 「3～4」 whole (nothing spills into the name)."""
    _dd, eid, ev = played_cut(tmp_path, 8, 4)
    places = ["1", "2", "3～4", "3～4", *_outside_cut(ev)]
    dd, desk = _serve(tmp_path, eid)
    with pages_of(dd, desk, lang="ja") as url:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale="ja-JP")
        phone = ctx.new_page()
        phone.goto(f"{url}/standings")
        expect(phone.locator("table.standings tbody tr:not(.tbs)")).to_have_count(8, timeout=5000)
        assert _texts(phone, "table.standings tbody tr:not(.tbs) td:nth-child(1)") == places
        assert _texts(phone, "table.standings tbody tr:not(.tbs) td:nth-child(2)")[:4] == [
            "優勝",
            "準優勝",
            "ベスト4",
            "ベスト4",
        ]
        tv = browser.new_context(viewport={"width": 1280, "height": 720}, locale="ja-JP").new_page()
        tv.goto(f"{url}/tv")
        expect(tv.locator("ol.placings li")).to_have_count(8, timeout=5000)
        assert _texts(tv, "ol.placings .rank") == places
        assert _texts(tv, "ol.placings .reached") == ["優勝", "準優勝", "ベスト4", "ベスト4"]
        spill = tv.locator("ol.placings .rank").evaluate_all(
            "els => els.filter(e => e.scrollWidth > e.clientWidth).length"
        )
        assert spill == 0
        en = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-US").new_page()
        en.goto(f"{url}/tv?lang=en")
        expect(en.locator("ol.placings li")).to_have_count(8, timeout=5000)
        assert _texts(en, "ol.placings .rank")[:4] == ["1", "2", "3-4", "3-4"]
        assert _texts(en, "ol.placings .reached") == ["champion", "runner-up", "top 4", "top 4"]


def test_g_se_tv_says_the_cut_decides_when_3rd_has_the_weaker_record(tmp_path, browser):
    """G-SE: after a third-place match won by the player lower in the Swiss, the TV lists
    3位 at a weaker Swiss record above 4位, and says on the screen, above the list, that
    the top cut decides the places and the records are the Swiss ones; the place column
    is headed 順位 (Place), the places 3 and 4."""
    _dd, eid, ev = played_cut(tmp_path, 8, 4, third=True, upsets=True)
    dd, desk = _serve(tmp_path, eid)
    with pages_of(dd, desk, lang="ja") as url:
        tv = browser.new_context(viewport={"width": 1280, "height": 720}, locale="ja-JP").new_page()
        tv.goto(f"{url}/tv")
        expect(tv.locator("ol.placings li")).to_have_count(8, timeout=5000)
        assert _texts(tv, "ol.placings .rank")[:4] == ["1", "2", "3", "4"]
        assert _texts(tv, "ol.placings .reached")[2:4] == ["3位", "4位"]
        third, fourth = _texts(tv, "ol.placings .opp")[2:4]
        assert int(third.split("-")[0]) < int(fourth.split("-")[0])  # a weaker Swiss record above
        hint = tv.get_by_text("順位は決勝トーナメントの結果で決まります")
        expect(hint).to_be_visible()
        box, first = hint.bounding_box(), tv.locator("ol.placings li").first.bounding_box()
        assert box is not None and first is not None and box["y"] >= 0 and box["y"] + box["height"] <= first["y"]
        en = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-US").new_page()
        en.goto(f"{url}/tv?lang=en")
        expect(en.get_by_text("The top cut decides the places")).to_be_visible(timeout=5000)
        assert _texts(en, ".tvhead > div:first-child .rank") == ["Place"]
        assert _texts(en, "ol.placings .reached")[2:4] == ["3rd place", "4th place"]


def test_g_se_the_phone_standings_fit_390_px_and_say_the_cut_decides(tmp_path, browser):
    """G-SE (issue 48): after a third-place match won by the player lower in the Swiss, the
    phone's standings said only how ties are broken above a 3位 with fewer points than the 4位;
    they say the top cut decides, above the table, as the TV.  At 390 px the table was cut
    mid-record (「4-0-」) with nothing saying it scrolled: it fits the phone's width, every
    record whole, the tiebreakers on a line under each row; at 1280 px in their columns."""
    _dd, eid, ev = played_cut(tmp_path, 8, 4, third=True, upsets=True)
    dd, desk = _serve(tmp_path, eid)
    with pages_of(dd, desk, lang="ja") as url:
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale="ja-JP").new_page()
        phone.goto(f"{url}/standings")
        expect(phone.locator("table.standings tbody tr:not(.tbs)")).to_have_count(8, timeout=5000)
        hint = phone.get_by_text("順位は決勝トーナメントの結果で決まります")
        expect(hint).to_be_visible()
        table = phone.locator("table.standings")
        assert hint.bounding_box()["y"] < table.bounding_box()["y"]
        for width in (320, 360, 390, 430):
            phone.set_viewport_size({"width": width, "height": 844})
            wide = phone.locator(".wide").evaluate("e => [e.scrollWidth, e.clientWidth]")
            assert wide[0] <= wide[1], (width, wide)  # nothing to scroll sideways
            right = phone.evaluate("document.documentElement.clientWidth")
            for cell in phone.locator("table.standings tbody tr:not(.tbs) td:nth-child(5)").all():
                box = cell.bounding_box()
                assert box is not None and box["x"] + box["width"] <= right, (width, cell.inner_text(), box)
        expect(phone.locator("table.standings tr.tbs").first).to_contain_text("OMW%")
        expect(phone.locator("table.standings td.tb").first).to_be_hidden()
        wide_page = browser.new_context(viewport={"width": 1280, "height": 720}, locale="ja-JP").new_page()
        wide_page.goto(f"{url}/standings")
        expect(wide_page.locator("table.standings td.tb").first).to_be_visible(timeout=5000)
        expect(wide_page.locator("table.standings tr.tbs").first).to_be_hidden()
