"""Take the README's screenshots of the event pages (docs/serve-phone.png,
docs/serve-tv.png) with Debian's headless Chromium through Playwright.

    python docs/make_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--headless",
    "--disable-gpu",
    "--disable-dev-shm-usage",
]


def main() -> None:
    from playwright.sync_api import sync_playwright

    from core.demo import demo_names
    from core.desk import Desk
    from core.store import DataDir
    from tui.web.feed import Feed, FileSource
    from tui.web.server import WebServer

    with tempfile.TemporaryDirectory() as tmp:
        now = datetime.now(timezone.utc)
        dd = DataDir(tmp, clock=lambda: now)
        store = dd.create({"name": "リセ 土曜大会", "date": now.date().isoformat(), "sanctioned": False})
        desk = Desk(store)
        names = demo_names(40, seed=7)
        names[5] = "ﾔﾏﾀﾞ ﾀﾛｳ"
        desk.add_players(names)
        desk.pair_next()
        for m in store.event.current_round.matches:
            if m.p2 is not None:
                desk.record(m.table, "2-1" if m.table % 3 else "0-2")
        desk.pair_next()
        dd.clock = store.clock = lambda: now - timedelta(minutes=12, seconds=25)
        desk.start_clock()
        desk.announce("第3回戦は14:30開始予定です。Top 8 starts at 17:00")
        server = WebServer(Feed(FileSource(dd, store.id)), host="127.0.0.1", port=0)
        server.start()
        base = f"http://127.0.0.1:{server.port}"
        try:
            with sync_playwright() as pw:
                b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS, headless=True)
                phone = b.new_context(
                    viewport={"width": 390, "height": 844},
                    device_scale_factor=2,
                    is_mobile=True,
                    has_touch=True,
                    locale="ja-JP",
                ).new_page()
                phone.goto(base + "/?q=" + "やまだ")
                phone.wait_for_timeout(600)
                phone.screenshot(path=str(ROOT / "docs" / "serve-phone.png"))
                tv = b.new_context(viewport={"width": 1920, "height": 1080}, locale="ja-JP").new_page()
                tv.goto(base + "/tv")
                tv.wait_for_timeout(600)
                tv.screenshot(path=str(ROOT / "docs" / "serve-tv.png"))
                b.close()
        finally:
            server.stop()
            store.close()


if __name__ == "__main__":
    main()
