"""Issue 48 (pool entry at the counter, G-SEALED): at 80x24 in Japanese the
entry help keeps each example whole on its line (「5063」/「2」, 「EV-5007」 split
before) and the product check keeps the product's name whole (「（製品」/
「スターターデッキ1個…」)."""

from __future__ import annotations

import pytest

from core import i18n
from core.labels import product_label
from core.store import DataDir
from tests.app_helpers import shown
from tui.app import LyceeApp
from tui.screens.limited_kit import catalog
from tui.screens.pool_entry import PoolEntryScreen


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.asyncio
async def test_g_sealed_pool_entry_keeps_its_examples_and_the_product_whole_at_80x24(tmp_path):
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        pe = PoolEntryScreen(catalog().set("alpha"), "sealed", name="高橋健太", product="1s3b")
        app.push_screen(pe)
        await pilot.pause()
        help_lines = shown(app, pe.query_one("#pe-help")).splitlines()
        assert len(help_lines) >= 2, help_lines  # it does wrap at 80 columns
        for example in ("5063 2", "EV-5007", "木村 2", "5063 0"):
            assert any(example in line for line in help_lines), (example, help_lines)
        check = shown(app, pe.query_one("#pe-check")).splitlines()
        assert any(product_label("1s3b") in line for line in check), check


@pytest.mark.asyncio
async def test_g_draft_1_the_draft_table_form_shows_its_error_at_80x24(tmp_path):
    """Issue 48 item 19: at 80x24 the draft-table form's refusal stays in sight (the form scrolls
    to it), here a table of no players and a pack size that is not a number."""
    from tui.screens.draft_table import TableSetup

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, TableSetup)
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = setup.query_one("#form-error")
        said = str(error.render()).strip()
        assert said and said.splitlines()[0][:10] in shown(app), (said, shown(app))
        names = setup.query_one("#names")
        names.text = "あき\nべん\nちか\nだい"
        setup.query_one("#cards").value = "十一"
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = str(setup.query_one("#form-error").render()).strip()
        assert said and said.splitlines()[0][:10] in shown(app), (said, shown(app))
        assert app.screen is setup and i18n._("cards a pack: a whole number") in said.replace("\n", ""), said
