"""Issue 48 item 11 in a real browser: the phone's report page breaks Japanese by its rules
and by phrase (CSS ``line-break: strict`` and ``word-break: auto-phrase`` for lang=ja): at
every phone width from 320 to 430 px no line of the result box's label starts with ー, a
small kana or a closing mark, and 「ゲーム数」 is never cut (not 「のゲ」 / 「ーム数」).

Chromium, its flags and the skip come from tests/browser_helpers.py."""

from __future__ import annotations

from core.columns import NO_START
from core.desk import Desk
from core.door import LocalWriter
from core.rules.phonereports import report_url
from tests.browser_helpers import ARGS, CHROMIUM, pages_of, sync_api

expect = sync_api.expect

#: The lines a block's text is laid out in: a character's line is the top of its box.
LINES_JS = """el => {
  const out = []; let top = null;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    for (let i = 0; i < node.data.length; i++) {
      const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
      const box = r.getClientRects()[0];
      if (!box) continue;
      if (top === null || Math.abs(box.top - top) > 2) { out.push(""); top = box.top; }
      out[out.length - 1] += node.data[i];
    }
  }
  return out;
}"""


def test_design7_report_page_label_wraps_by_japanese_rules(datadir):
    store = datadir.create({"name": "報告カップ", "date": "2026-12-02", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["佐藤 花子", "鈴木 一郎"])
    desk.set_settings({"phone_reports": True})
    desk.report_codes()
    desk.pair_next()
    m = desk.event.current_round.match_at(1)
    code = dict(desk.event.report_codes)[m.p1]
    with pages_of(datadir, desk, lang="ja", writer=LocalWriter(desk)) as base, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
            page = ctx.new_page()
            page.goto(report_url(code, base))
            label = page.locator('label[for="result"]')
            expect(label).to_contain_text("ゲーム数", timeout=5000)
            seen = []
            for width in range(320, 431, 10):
                page.set_viewport_size({"width": width, "height": 844})
                lines = label.evaluate(LINES_JS)
                seen.append(lines)
                assert not any(ln.lstrip()[:1] in NO_START for ln in lines[1:] if ln.strip()), (width, lines)
                assert any("ゲーム数" in ln for ln in lines), (width, lines)
            assert any(len(lines) > 1 for lines in seen)  # the label did wrap somewhere
        finally:
            browser.close()
