"""A decklist changed in the app once round 1 is paired (G-DECKLIST, issue
43), at 80x24 in Japanese: F11 on a constructed event registers a decklist;
after round 1 the app asks for the judge and the reason, the change is logged
under that judge, and the desk then offers the decklist penalty (the penalty
form, filled in; G-PEN-1)."""

from __future__ import annotations

import pytest

from core import i18n
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import fits, on_screen, type_text, until, whole_dialog_on_screen
from tests.test_decklists import _distinct, _text
from tui.app import LyceeApp
from tui.screens.dialogs import Prompt
from tui.screens.penalty_forms import DecklistChangeForm, PenaltyForm


@pytest.fixture
def legal():
    """A legal 60-card constructed deck of the sample set alpha and 4 spare cards."""
    from collections import Counter

    from core.cards.legality import Catalog

    nums = _distinct(Catalog.default(), "alpha", 17)
    return Counter({n: 4 for n in nums[:15]}), Counter({nums[15]: 2, nums[16]: 2})


@pytest.mark.asyncio
async def test_g_decklist_after_round_1_the_app_asks_judge_and_reason_then_offers_the_penalty(tmp_path, legal):
    ja = i18n._
    deck, spare = legal
    first = tmp_path / "a.txt"
    first.write_text(_text(deck, spare), encoding="utf-8")
    second = tmp_path / "b.txt"
    second.write_text(_text(deck), encoding="utf-8")
    dd = DataDir(tmp_path / "data")
    st = dd.create(
        {
            "name": "土曜杯",
            "date": "2026-11-30",
            "sanctioned": False,
            "decklists_required": True,
            "staff": {"organizer": "店長", "judges": ["佐藤", "鈴木"], "head_judge": "鈴木"},
        }
    )
    d = Desk(st)
    d.add_players(["選手1", "選手2", "選手3", "選手4"])
    d.register_decklist_file("p1", first)
    d.pair_next(seed=1)
    eid = st.id
    n = len(st.actions)
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f11")
        await pilot.pause()
        assert isinstance(app.screen, Prompt)
        await type_text(pilot, f"p1 {second}")
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DecklistChangeForm)
        assert on_screen(app, ja("Decklist change after round 1 (G-DECKLIST)"))
        whole_dialog_on_screen(app)
        # no judge chosen yet (two judges): refused aloud, nothing stored
        await type_text(pilot, "typo")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DecklistChangeForm) and on_screen(app, ja("say which judge changes it"))
        form.query_one("#by").value = "佐藤"
        form.query_one("#reason").focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PenaltyForm), "the penalty form offered")
        pf = app.screen
        assert pf.query_one("#reason").value == ja("decklist changed after round 1 (G-DECKLIST)")
        assert pf.query_one("#by").value == "佐藤" and pf.query_one("#player").value == "p1"
        fits(app)
        act = screen.desk.store.actions[-1]
        assert len(screen.desk.store.actions) == n + 1
        assert act["type"] == "decklist" and act["data"]["by"] == "佐藤" and act["data"]["reason"] == "typo"
        assert screen.event.decklist_of("p1").source == "b.txt"
        await pilot.press("ctrl+s")  # the judge issues the offered Notice
        await until(pilot, lambda: screen.event.penalties, "the penalty issued")
        p = screen.event.penalties[-1]
        assert (p.player, p.level, p.by) == ("p1", "notice", "佐藤")


@pytest.mark.asyncio
async def test_g_decklist_after_round_1_cancelling_the_judge_form_changes_nothing(tmp_path, legal):
    ja = i18n._
    deck, _spare = legal
    f = tmp_path / "b.txt"
    f.write_text(_text(deck), encoding="utf-8")
    dd = DataDir(tmp_path / "data")
    st = dd.create(
        {
            "name": "土曜杯",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"},
        }
    )
    d = Desk(st)
    d.add_players(["選手1", "選手2"])
    d.pair_next(seed=1)
    eid, n = st.id, len(st.actions)
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f11")
        await pilot.pause()
        await type_text(pilot, f"選手2 {f}")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DecklistChangeForm)
        await pilot.press("escape")
        await pilot.pause()
        assert on_screen(app, ja("the decklist is unchanged"))
        assert len(screen.desk.store.actions) == n and screen.event.decklist_of("p2") is None
