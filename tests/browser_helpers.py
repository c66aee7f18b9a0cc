"""Chromium for the browser tests (the command line in README.md): Debian's ``chromium``
with Playwright for Python (Playwright's own browser download is not used),
its flags, and an event's pages served on a free port.
Importing this module skips the importing test module, saying why, where no
Chromium or no Playwright exists."""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager

import pytest

CHROMIUM = os.environ.get("LYCEE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(
        "no Chromium: install Debian's chromium (apt-get install chromium) for the browser test",
        allow_module_level=True,
    )
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (test extra) is not installed")

expect = sync_api.expect
from tui.web.feed import Feed, FileSource  # noqa: E402
from tui.web.server import WebServer  # noqa: E402

ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--headless",
    "--disable-gpu",
    "--disable-dev-shm-usage",
]


def pages_of(datadir, desk, **opts):
    """The event's pages on a free local port for a browser, read from the file
    without the lock as `lycee serve` does beside the desk (``opts``: the
    server's, e.g. ``writer``, ``lang``); the store is closed afterwards."""

    @contextmanager
    def serving():
        server = WebServer(Feed(FileSource(datadir, desk.store.id)), host="127.0.0.1", port=0, poll=0.2, **opts)
        server.start()
        try:
            yield f"http://127.0.0.1:{server.port}"
        finally:
            server.stop()
            desk.store.close()

    return serving()
