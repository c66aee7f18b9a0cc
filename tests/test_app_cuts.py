"""What a store sees cut at 80x24 (issue 27 item 5, issue 29 item 11), driven
as an organizer would, in Japanese and English (docs/app.md: the screens
fit a 80x24 terminal)."""

import pytest
from rich.cells import cell_len

from core import i18n
from core.store import DataDir
from tui.app import LyceeApp

LONG = "Saturday Constructed Championship Qualifier"


def _events(tmp_path):
    dd = DataDir(tmp_path)
    for name, kind in (
        (LONG, "constructed"),
        ("リセ 土曜 定例 大会 ブースタードラフト", "draft"),
        ("シールド戦 12月", "sealed"),
    ):
        dd.create({"name": name, "date": "2026-12-05", "kind": kind, "rounds_planned": 3}).close()
    return dd


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_design7_event_list_fits_80_columns(tmp_path, lang):
    # docs/app.md: every column of the event list whole at 80x24, the name takes the rest
    from textual.widgets import DataTable

    app = LyceeApp(_events(tmp_path), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = app.screen.query_one(DataTable)
        assert t.virtual_size.width <= t.size.width  # nothing off the right edge
        labels = [str(c.label) for c in t.ordered_columns]
        assert (
            labels
            == (
                {
                    "ja": ["日付", "ID", "名前", "形式", "試合形式", "人数", "回戦数"],
                    "en": ["Date", "ID", "Name", "Format", "Match", "Entries", "Rounds"],
                }[lang]
            )
        )
        for col in t.ordered_columns:
            assert col.width >= cell_len(str(col.label))
            if str(col.label) not in ("名前", "Name"):  # every cell but the name is whole
                assert all(cell_len(str(t.get_cell(r, col.key))) <= col.width for r in t.rows)
        kinds = {str(t.get_row_at(i)[3]) for i in range(t.row_count)}
        assert kinds == ({"構築", "シールド", "ドラフト"} if lang == "ja" else {"Constructed", "Sealed", "Draft"})
        names = [str(t.get_row_at(i)[2]) for i in range(t.row_count)]
        long = next(n for n in names if n.startswith("Saturday"))
        # cut after a whole word, with an ellipsis; at 120 columns the whole name
        assert long.endswith("…") and LONG.startswith(long[:-1].rstrip()) and LONG[len(long) - 1] == " "
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        t = app.screen.query_one(DataTable)
        assert LONG in {str(t.get_row_at(i)[2]) for i in range(t.row_count)}


def _footer_keys(app) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [k.key for k in app.screen.query(FooterKey)]


async def _footer_shown(pilot, app, ready=bool) -> None:
    """Wait (bounded, 10 s) until the footer has composed its keys: on a loaded
    machine that takes more than one pause after a screen or a resize."""
    for _i in range(200):
        if ready(_footer_keys(app)):
            return
        await pilot.pause(0.05)


def _fits(table) -> bool:
    """Every column of the table is on screen (no column cut at the right edge)."""
    return table.virtual_size.width <= table.size.width


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_design7_sealed_and_draft_practice_headers_at_80x24(tmp_path, lang):
    # docs/app.md, G-SEALED: the header keeps the seed (it opens the same pool again); every column whole
    from textual.widgets import DataTable, Label

    from tui.screens.draft import DraftScreen
    from tui.screens.limited_kit import catalog
    from tui.screens.sealed import SealedScreen

    app = LyceeApp(DataDir(tmp_path), lang=lang)
    cs = catalog().set("alpha")
    async with app.run_test(size=(80, 24)) as pilot:
        for screen in (
            SealedScreen(cs, "1s3b", 123456789),
            DraftScreen(cs, packs=4, seats=8, name="Me", seed=123456789, timer=False),
        ):
            app.push_screen(screen)
            await pilot.pause()
            title = str(screen.query_one(".title", Label).render())
            assert title.endswith("123456789") and cell_len(title) <= 78
            assert _fits(screen.query_one(DataTable))
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            assert cs.version in str(screen.query_one(".title", Label).render())  # wide: the whole header
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_design7_the_callers_s_and_p_keys_show_at_80x24(tmp_path, lang):
    # docs/app.md, G-DRAFT-2: the pick seconds (s) and the pools (p) are in the footer and the hint line
    from tui.screens.draft_table import TableScreen

    app = LyceeApp(DataDir(tmp_path), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(
            TableScreen(
                [f"P{i}" for i in range(6)], set_code="alpha", packs=4, cards=11, seed=1, enter_pools=lambda: None
            )
        )
        await pilot.pause()
        assert {"space", "s", "p"} <= set(_footer_keys(app))
        hint = str(app.screen.query_one("#message").render())
        assert (
            ("sでピックの秒数" in hint and "pで" in hint) if lang == "ja" else ("s sets" in hint and "p enters" in hint)
        )


@pytest.mark.asyncio
async def test_design7_the_deck_builder_footer_lists_tab_when_narrow(tmp_path):
    # docs/app.md, G-SEALED: at 80 columns one list shows at a time; Tab (which switches them) is in the footer
    import random

    from limited.sealed import open_sealed
    from tui.screens.deckbuilder import DeckBuilderScreen
    from tui.screens.limited_kit import catalog

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    cs = catalog().set("alpha")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(
            DeckBuilderScreen(cs, "sealed", open_sealed(cs, "1s3b", random.Random(11)).cards, seed=11, name="alpha")
        )
        await pilot.pause()
        await _footer_shown(pilot, app)
        assert "tab" in _footer_keys(app)
        await pilot.press("tab")
        await pilot.pause()
        assert app.screen.has_class("-deck-pane")
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await _footer_shown(pilot, app, lambda keys: keys and "tab" not in keys)  # recomposed at 120 columns
        assert "tab" not in _footer_keys(app)  # wide: both lists show, Tab is the next list


@pytest.mark.asyncio
async def test_g_sealed_pool_entry_shows_the_cost(tmp_path):
    # G-SEALED: a card entered by number is echoed in the table with its cost
    from textual.widgets import DataTable

    from tui.screens.limited_kit import catalog
    from tui.screens.pool_entry import PoolEntryScreen

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    cs = catalog().set("alpha")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PoolEntryScreen(cs, "sealed", name="山田", product="1s3b"))
        await pilot.pause()
        await pilot.press(*"5063 2", "enter")
        await pilot.pause()
        t = app.screen.query_one("#pe-cards", DataTable)
        assert [str(c.label) for c in t.ordered_columns] == ["番号", "名前", "属性", "コスト", "レア度", "枚数"]
        from tui.widgets.cards import cost_glyphs

        assert str(t.get_row_at(0)[3]) == cost_glyphs(cs.card("CH-5063")).plain
        assert _fits(t)


async def _draft_event(app, pilot, open_line: str):
    """A 6-player draft event made from the keyboard, its build phase opened with ``open_line``."""
    await pilot.press("n")
    await pilot.pause()
    form = app.screen
    for field, value in (
        ("#name", "ドラフト杯"),
        ("#kind", "draft"),
        ("#organizer", "店長"),
        ("#judges", "佐藤"),
        ("#head_judge", "佐藤"),
    ):
        form.query_one(field).value = value
    form.query_one("#sanctioned").value = False  # the sample sets are for unsanctioned events
    await pilot.press("ctrl+s")
    await pilot.pause()
    screen = app.screen
    await pilot.press("ctrl+f")
    await pilot.pause()
    app.screen.query_one("Input").value = "6"
    await pilot.press("enter", "f11", "enter")
    await pilot.pause()
    app.screen.query_one("Input").value = open_line
    await pilot.press("enter")
    await pilot.pause()
    return screen


@pytest.mark.asyncio
@pytest.mark.parametrize("real", [True, False])
async def test_g_draft_bots_are_not_offered_for_packs_drafted_at_the_table(tmp_path, real):
    # G-DRAFT-1: a draft called at the table is not simulated: F11 keeps the bots' item in its place,
    # marked 「今は使えません」, and choosing it says why, nothing stored (issue 48 item 17: the menu
    # keeps its order; the caller no longer moves into the bots' place)
    from tui.screens.dialogs import Choose

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _draft_event(app, pilot, "alpha 4 real" if real else "alpha 4")
        assert screen.event.build.real is real and screen.event.pods
        await pilot.press("f11")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        keys = [k for k, _label in app.screen.choices]
        labels = dict(app.screen.choices)
        assert keys.count("caller") == 1 and keys[1] == "simulate" and keys[6] == "caller"
        assert labels["simulate"].endswith(i18n._(" · not now")) is real
        if real:
            await pilot.press("down", "enter")
            await pilot.pause()
            assert app.screen is screen and not screen.event.pools
