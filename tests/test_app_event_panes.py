"""The event screen's panes as the organizer sees them (issue 11 leftovers,
issue 15): the footer at 80 columns, the announcement box, the penalty
form's action, and the panes talking to the screen by messages."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from core import i18n
from core.demo import make_demo
from core.store import DataDir
from tests.app_helpers import LANGS, SIZES, on_screen, shown, squash
from tui.app import LyceeApp
from tui.i18n import key_words
from tui.screens.event import EventScreen
from tui.screens.event.players import NameEntered
from tui.screens.event.round import ResultEntered


def _demo(tmp_path, players=8) -> tuple[DataDir, str]:
    dd = DataDir(tmp_path)
    store = make_demo(dd, players=players)
    eid = store.id
    store.close()
    return dd, eid


def _once(seen, kind) -> list:
    """The messages of ``kind``, each once (the hook sees a message at every node it bubbles through)."""
    return list({id(m): m for m in seen if isinstance(m, kind)}.values())


def _footer(app) -> str:
    return shown(app).splitlines()[-1]


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
async def test_design7_footer_shows_whole_keys_of_the_step_first_and_nothing_under_the_palette_key(
    tmp_path, size, lang
):
    """docs/app.md (issue 11): the footer shows the current step's keys first
    (F5 and F6 on the round tab), each key whole, and the palette's key on
    the right with nothing passing under it."""
    dd, eid = _demo(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EventScreen)
        await pilot.press("f5")  # pair round 1: the round tab
        await pilot.pause()
        for tab in ("f3", "f2", "f4", "f3"):
            await pilot.press(tab)
            await pilot.pause()
            await pilot.pause()
            keys = [k for k in screen.query("FooterKey") if k.display]
            palette = [k for k in keys if k.has_class("-command-palette")]
            assert len(palette) == 1 and on_screen(app, palette[0].description, palette[0])
            edge = palette[0].region.x
            line = squash(_footer(app))
            for k in keys:
                if k is palette[0]:
                    continue
                assert k.region.right <= edge, (tab, k.description, _footer(app))
                assert squash(k.description) in line, (tab, k.description, _footer(app))
            first = [k.action for k in keys if k is not palette[0]]
            if tab == "f3":
                assert first[:2] == ["pair", "enter_results"], first
                assert _footer(app).lstrip().startswith(key_words("f5") + " " + i18n._("Pair next round"))
            assert len(first) >= 3, (tab, _footer(app))  # the step's first keys at 80 columns too


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_design7_announcement_instruction_is_whole_at_80_columns(tmp_path, lang):
    """docs/app.md (issue 11): the serving dialog's announcement box: its whole
    instruction is on screen at 80x24 and its placeholder fits in the box."""
    from tui.screens.serving import ServingDialog

    dd, eid = _demo(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ServingDialog(app.screen, ["http://192.0.2.1:8765/"]))
        await pilot.pause()
        dlg = app.screen
        hint = i18n._("announcement for the TV and phones; Enter posts, empty Enter clears")
        assert on_screen(app, hint), shown(app)
        box = dlg.query_one("#announce")
        assert cell_len(str(box.placeholder)) <= box.content_region.width - 1, (box.placeholder, box.content_region)
        assert on_screen(app, str(box.placeholder), box)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_g_pen_1_the_penalty_forms_action_reads_in_words(tmp_path, lang):
    """G-PEN-1 (issue 11): a Notice or Warning with no further penalty shows
    its action in words, never the raw value ``none``."""
    dd, eid = _demo(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+b")
        await pilot.pause()
        action = app.screen.query_one("#action")
        text = shown(app, action)
        assert squash("no further action" if lang == "en" else "なし") in squash(text), text
        assert "none" not in text


@pytest.mark.asyncio
async def test_design7_panes_post_what_is_typed_and_the_screen_records_it(tmp_path):
    """docs/app.md / G-BO3: the players pane posts a typed name, the round pane a
    typed result; the screen (holding the desk) records each and every pane
    shows it."""
    dd, eid = _demo(tmp_path, players=4)
    app = LyceeApp(dd, open_event=eid, lang="en")
    seen = []
    async with app.run_test(size=(120, 40), message_hook=seen.append) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+n")
        for ch in "Zed":
            await pilot.press(ch)
        await pilot.press("enter")
        await pilot.pause()
        assert [m.name for m in _once(seen, NameEntered)] == ["Zed"]
        assert screen.event.players[-1].name == "Zed" and on_screen(app, "Zed", screen.query_one("#player-table"))
        await pilot.press("f5")
        await pilot.pause()
        await pilot.pause()
        for ch in "1 2-0":
            await pilot.press(ch if ch != " " else "space")
        await pilot.press("enter")
        await pilot.pause()
        assert [m.text for m in _once(seen, ResultEntered)] == ["1 2-0"]
        m = screen.event.current_round.match_at(1)
        assert (m.p1_wins, m.p2_wins) == (2, 0)
        assert on_screen(app, "○ 2-0", screen.query_one("#pairing-table"))
