"""The counter offers what comes next and shows what a key acts on (80x24, Japanese and
English): Shift+F8 shows the tables of the round it corrects (L-LATER); F5 leaves the
footer once no round is left to pair (G-SWISS-RANK, G-SE); the new-event form starts a
limited event unsanctioned when every set it could use is a sample set (L-SAMPLE-SETS)."""

from __future__ import annotations

import pytest

from core import i18n, readmodel
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import shown, until
from tests.round_helpers import swiss_played
from tui.app import LyceeApp


def _event(tmp_path, rounds: int = 3, players: int = 8, played: int | None = None):
    """A Swiss event of ``rounds`` planned rounds, ``played`` of them paired with every result in."""
    return swiss_played(tmp_path, rounds=rounds, players=players, played=played)


# -- F5 once no round is left to pair (G-SWISS-RANK, G-SE) ---------------------------------


def test_g_swiss_rank_no_next_round_once_the_planned_swiss_rounds_are_in(tmp_path):
    """G-SWISS-RANK: the read model says a next round can be paired while Swiss rounds
    remain, not once the last round's results are in (the standings are final; F7 cuts)."""
    _dd, _st, d = _event(tmp_path, played=2)
    assert readmodel.next_round_pairable(d.event)
    d.pair_next()
    assert readmodel.next_round_pairable(d.event)  # round 3 paired, its results to come
    for m in d.event.current_round.matches:
        d.record(m.table, "2-0")
    assert readmodel.swiss_over(d.event) and not readmodel.next_round_pairable(d.event)
    d.top_cut(4)
    assert readmodel.next_round_pairable(d.event)  # the bracket's rounds (G-SE)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang,said", [("ja", "3回戦"), ("en", "finished its 3 Swiss rounds")])
async def test_g_swiss_rank_f5_leaves_the_footer_after_the_last_swiss_result_and_says_why_at_80x24(
    tmp_path, lang, said
):
    """G-SWISS-RANK at 80x24: after a Swiss-only event's last result, F5 is no longer
    offered in the footer of the round tab (nor on F1; F7, the top cut, still is); pressed anyway,
    it says why on the message line and pairs nothing.  The clock's keys (^T, ^G) go too: every
    result is in, nothing is left to time, and F7 has the footer's room at 80 columns."""
    dd, st, _d = _event(tmp_path)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("f3")
            await pilot.pause()
            footer = shown(app, screen.query_one("WholeKeysFooter"))
            offered = [b.binding.action for b in screen.active_bindings.values()]
            assert "F5" not in footer and "pair" not in offered and "top_cut" in offered, footer
            assert "clock" not in offered and "extend" not in offered and "^T" not in footer, footer
            assert "F7" in footer, footer
            await pilot.press("f5")
            await app.workers.wait_for_complete()
            await until(pilot, lambda: said in shown(app, screen.query_one("#message")), "why F5 pairs nothing")
            assert len(screen.event.rounds) == 3
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_g_time_the_clock_keys_are_offered_while_results_are_to_come_at_80x24(tmp_path):
    """G-TIME: in a round with results to come the round tab offers the clock (^T) and an
    extension (^G); after its last result they leave the footer and F5 is offered."""
    dd, st, d = _event(tmp_path, played=1)
    d.pair_next()
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("f3")
            await pilot.pause()
            offered = [b.binding.action for b in screen.active_bindings.values()]
            assert "clock" in offered and "extend" in offered and "pair" in offered
            assert "^T" in shown(app, screen.query_one("WholeKeysFooter"))
            for m in screen.event.current_round.matches:
                screen.open_desk.record(m.table, "2-0")
            await until(pilot, lambda: "^T" not in shown(app, screen.query_one("WholeKeysFooter")), "^T gone")
            offered = [b.binding.action for b in screen.active_bindings.values()]
            assert "clock" not in offered and "pair" in offered
    finally:
        i18n.set_language("en")


# -- the new-event form: 公認 off for a limited event of the sample sets (L-SAMPLE-SETS) ------


async def _limited_form(app, pilot, kind: str):
    """The new-event form (n), named, without staff, its format set to ``kind``."""
    await pilot.press("n")
    await pilot.pause()
    form = app.screen
    form.query_one("#name").value = "ドラフト杯"  # (Japanese is typed through an IME)
    form.query_one("#kind").value = kind
    await pilot.pause()
    return form


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", ["draft", "sealed"])
async def test_l_sample_sets_a_limited_event_of_the_sample_sets_is_proposed_unsanctioned_at_80x24(tmp_path, kind):
    """L-SAMPLE-SETS (G-CARDS-VERSIONS) at 80x24 in Japanese: with only the shipped sample
    sets, a draft or sealed event's form turns 公認 off, so Ctrl+S without staff creates
    the event at once (it asked for the staff of a sanctioned event that no sample set
    could be opened for); back to constructed, 公認 is on again."""
    from tui.screens.event import EventScreen

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            form = await _limited_form(app, pilot, kind)
            switch = form.query_one("#sanctioned")
            assert switch.value is False
            form.query_one("#kind").value = "constructed"
            await pilot.pause()
            assert switch.value is True
            form.query_one("#kind").value = kind
            await pilot.pause()
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, EventScreen), "the event opened, nothing asked")
            assert app.screen.event.kind == kind and not app.screen.event.sanctioned
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_l_sample_sets_a_clerk_who_turns_sanctioned_on_is_still_asked_for_the_staff_at_80x24(tmp_path):
    """L-SAMPLE-SETS, G-ORGANIZER at 80x24 in Japanese: the clerk turns 公認 on for a
    draft event: a later change of format leaves it on, and Ctrl+S without staff asks
    about the staff as before."""
    from tui.screens.dialogs import Choose

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            form = await _limited_form(app, pilot, "draft")
            switch = form.query_one("#sanctioned")
            switch.focus()
            await pilot.press("space")
            await pilot.pause()
            assert switch.value is True
            form.query_one("#kind").value = "sealed"
            await pilot.pause()
            assert switch.value is True  # the clerk's choice stays
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, Choose), "the staff question")
            assert "公認大会" in app.screen.title_text
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_l_sample_sets_a_real_draft_set_keeps_the_event_sanctioned_at_80x24(tmp_path, monkeypatch):
    """L-SAMPLE-SETS at 80x24 in Japanese: when the store's card list holds a real set
    with boosters (here: a sample set marked real), a draft event is proposed sanctioned."""
    from dataclasses import replace

    from core.cards.legality import Catalog
    from core.rules import deckrules

    shipped = deckrules.default_catalog()
    real = Catalog([replace(s, sample=False) for s in shipped.sets], shipped.calendar)
    monkeypatch.setattr(deckrules, "default_catalog", lambda: real)
    assert readmodel.sanctioned_by_default("draft") and not readmodel.sanctioned_by_default("draft", shipped)
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            form = await _limited_form(app, pilot, "draft")
            assert form.query_one("#sanctioned").value is True
    finally:
        i18n.set_language("en")


# -- Shift+F8 shows the tables of the round it corrects (L-LATER) -----------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_l_later_shift_f8_shows_the_tables_of_the_round_typed_at_80x24(tmp_path, lang):
    """L-LATER at 80x24: the correction of an earlier round shows, below its box, the
    tables of the round before the current one (table, both players, the result
    recorded), whole on the screen; typing ``1 3`` shows round 1's tables with table 3
    under the cursor; Esc stores nothing.  (It asked for a round and a table of a past
    round with no table shown.)"""
    from tui.screens.event.round import result_cell

    dd, st, _d = _event(tmp_path, rounds=3, players=16, played=2)
    d = Desk(st)
    d.pair_next()  # round 3 under way: rounds 1 and 2 are the earlier ones
    ev = d.event
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            before = len(screen.desk.store.actions)
            await pilot.press("shift+f8")
            await until(pilot, lambda: app.screen is not screen, "the correction dialog")
            await pilot.pause()
            dialog = app.screen
            box = dialog.query_one("Vertical").region
            assert box.right <= 80 and box.bottom <= 24
            text = shown(app)
            assert i18n._("Round {r}: its tables and results (↑↓)", r=2) in text, text
            for m in ev.rounds[1].matches:  # every table of round 2: 8 rows fit
                row = f"{m.table} {ev.player(m.p1).name} {ev.player(m.p2).name} {result_cell(m).plain}"
                assert row in " ".join(text.split()), (row, text)
            for key in "1 3":
                await pilot.press(key if key != " " else "space")
            await pilot.pause()
            text = " ".join(shown(app).split())
            assert i18n._("Round {r}: its tables and results (↑↓)", r=1) in text
            m3 = ev.rounds[0].match_at(3)
            assert f"3 {ev.player(m3.p1).name} {ev.player(m3.p2).name}" in text
            tables = dialog.query_one("#correct-tables")
            assert tables.get_row_at(tables.cursor_row)[0].plain == "3"
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, "back at the desk")
            assert len(screen.desk.store.actions) == before  # Esc stored nothing
    finally:
        i18n.set_language("en")
