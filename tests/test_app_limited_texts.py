"""Small texts of the practice draft, the deck builder and the draft table at 80x24 (issue 48,
the tester's findings after items 13-19): each count stays with its label, a search says where
the cards it found are, the pick seconds read as seconds, and a refused number of seconds keeps
the dialog open with what was typed (a box that takes Enter stores or refuses aloud,
never losing the input)."""

from __future__ import annotations

import random

import pytest

from core import i18n
from core.labels import card_type_label
from core.store import DataDir
from limited.sealed import open_sealed
from tests.app_helpers import fits, on_screen, shown, type_text
from tests.test_app_limited import FakeClock
from tui.app import LyceeApp
from tui.screens.deckbuilder import DeckBuilderScreen
from tui.screens.dialogs import Prompt
from tui.screens.draft import DraftScreen, PackReview
from tui.screens.draft_table import TableScreen
from tui.screens.limited_kit import catalog

ja = i18n._


@pytest.fixture
def japanese():
    yield
    i18n.set_language("en")


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_g_draft_1_the_pool_panel_keeps_each_type_with_its_count_at_80x24(tmp_path, japanese, lang):
    """Late in a draft (seed 111) the pool panel showed 「キャラクター 25 · イベント」 and 「10」 on
    the next line: each type's count now stays on its label's line, whatever the counts."""
    cs = catalog().set("alpha")
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = DraftScreen(cs, packs=4, seats=8, name="Aki", seed=111, clock=FakeClock(), timer=False)
        app.push_screen(screen)
        await pilot.pause()
        seen_two_digits = False
        for _ in range(200):
            if isinstance(app.screen, PackReview):
                if app.screen.last:
                    break
                await pilot.press("enter")
            else:
                pool = [cs.card(n) for n in screen.draft.pool(screen.me)]
                lines = shown(app, screen.query_one("#pool-charts")).splitlines()
                for t in ("character", "event", "item", "area"):
                    n = sum(c.type == t for c in pool)
                    whole = f"{card_type_label(t)} {n}"
                    assert any(whole in line for line in lines), (whole, lines)
                    seen_two_digits |= t == "event" and n >= 10
                await pilot.press("a")
            await pilot.pause()
        assert seen_two_digits  # the counts that broke the line were reached


@pytest.mark.asyncio
async def test_g_sealed_a_search_says_where_the_cards_it_found_are_at_80x24(tmp_path, japanese):
    """「あすか」 found 2 cards 「プールで…2種類です」 while the pool list was empty: both were in the
    deck.  The builder now says so (「デッキに2種類」); a search whose cards are listed reads as before."""
    cs = catalog().set("alpha")
    pool = open_sealed(cs, "1s3b", random.Random(1)).cards
    b = DeckBuilderScreen(cs, "sealed", pool, seed=1, name="alpha sealed 1")
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(b)
        await pilot.pause()
        for num in ("CH-5048", "CH-5076"):  # 田中 あすか, 佐藤 あすか: every copy into the deck
            while b.left(num) > 0:
                b.state.add(num)
        b.redraw()

        async def search(text: str) -> str:
            await pilot.press("slash")
            await pilot.pause()
            assert isinstance(app.screen, Prompt)
            app.screen.query_one("Input").value = text  # (Japanese is typed through an IME)
            await pilot.press("enter")
            await pilot.pause()
            return shown(app, b.query_one("#message"))

        said = await search("あすか")
        assert b.query_one("#pool").row_count == 0
        where = ja("{n} in the deck", n=2)
        whole = ja(
            "{n} card(s) of the pool found for {query!r} ({where}); / and Enter on nothing shows all",
            n=2,
            query="あすか",
            where=where,
        )
        assert on_screen(app, whole, b.query_one("#message")), said
        assert "デッキに2種類" in said.replace("\n", "")
        fits(app)
        b.state.take("CH-5048")  # one copy back in the pool: listed again
        b.redraw()
        said = await search("あすか")
        assert on_screen(app, ja("{n} in the pool list", n=1), b.query_one("#message")), said
        assert on_screen(app, ja("{n} in the deck", n=1), b.query_one("#message")), said


async def _typed(pilot, app, text: str) -> None:
    """The dialog's box emptied, ``text`` typed, Enter."""
    app.screen.query_one("Input").value = ""
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_g_draft_1_pick_seconds_read_as_seconds_and_a_refused_number_stays_typed_at_80x24(
    tmp_path, japanese, lang
):
    """The draft table's `s`: 3 read 「ピック秒数: 1:3」 (a minute and three seconds?): now
    「1ピック3秒」; 99999 was refused (「最大300秒」) but the dialog closed and the number was
    lost: now the dialog stays open with 99999 and says why, and 45 is then taken."""
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        t = TableScreen(["Aki", "Ben", "Chika", "Dai"], set_code="alpha", packs=4, cards=11, seed=5, clock=FakeClock())
        app.push_screen(t)
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, Prompt)
        await _typed(pilot, app, "3")
        assert app.screen is t and t.call_state.timer.seconds(11) == 3
        message = t.query_one("#message")
        said = ja("pick timer: {seconds}", seconds=ja("{s} s a pick", s=3))
        assert on_screen(app, said, message), shown(app, message)
        assert "1:3" not in shown(app, message)
        await pilot.press("s")
        await pilot.pause()
        assert app.screen.query_one("Input").value == "3"  # as typed, not 「1:3」
        await _typed(pilot, app, "99999")
        dialog = app.screen
        assert isinstance(dialog, Prompt), "the refusal closed the dialog"
        assert dialog.query_one("Input").value == "99999"
        refusal = ja("{n} seconds a pick: at most {max}", n=99999, max=300)
        assert on_screen(app, refusal, dialog.query_one("#prompt-error")), shown(app)
        fits(app)
        assert t.call_state.timer.seconds(11) == 3  # nothing changed by the refused number
        await _typed(pilot, app, "11:40 6:20 1:5")
        assert app.screen is t and t.call_state.timer.seconds(11) == 40
        steps = [ja("{s} s from {cards} left", s=s, cards=c) for c, s in ((11, 40), (6, 20), (1, 5))]
        for step in steps:
            assert on_screen(app, step, message), shown(app, message)


@pytest.mark.asyncio
async def test_g_draft_1_the_build_timer_s_minutes_stay_typed_when_refused_at_80x24(tmp_path, japanese):
    """The practice menu's build timer (`c`): 「abc」 minutes were refused in a note after the dialog
    closed; now the dialog says it and keeps the text, and 25 starts the timer."""
    from tui.screens.build_timer import BuildTimerScreen

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        await _typed(pilot, app, "abc")
        dialog = app.screen
        assert isinstance(dialog, Prompt) and dialog.query_one("Input").value == "abc"
        assert on_screen(app, ja("minutes: a number above 0"), dialog.query_one("#prompt-error"))
        await _typed(pilot, app, "25")
        assert isinstance(app.screen, BuildTimerScreen) and app.screen.minutes == 25
