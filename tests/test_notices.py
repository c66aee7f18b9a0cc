"""What the desk tells players and the publisher: match slips, the event
report, time recommendations and the guideline version."""

import pytest

from core.event.model import Event, Match, Player, Round, Staff
from core.event.timing import recommended_minutes
from core.reports.exports import format_summary, render


def _event(**kw):
    players = tuple(Player(f"p{i}", n) for i, n in enumerate(["Ann", "Ben", "Cho", "Dai"], 1))
    r1 = Round(1, "swiss", (Match(1, "p1", "p2", 2, 0, 0, "p1"), Match(2, "p3", "p4")))
    return Event(
        id="e", name="Cup", date="2008-11-30", players=players, rounds=(r1,), staff=Staff("Org", ("HJ",), "HJ"), **kw
    )


def test_g_mulligan_g_next_game_g_spare_2_3_g_sleeves_on_every_slip():
    page = render(_event(), "slips", "html")
    for rule in ("G-MULLIGAN", "G-NEXT-GAME", "G-SPARE-2", "G-SPARE-3", "G-SLEEVES"):
        assert page.count(rule) == 2, rule  # both tables' slips
    assert "G-SPECTATE" not in page


def test_g_spectate_slips_say_when_spectating_is_forbidden():
    assert "G-SPECTATE" in render(_event(spectating=False), "slips", "html")


def test_g_spare_1_best_of_one_slips_carry_no_spare_reminder():
    page = render(_event(match="bo1"), "slips", "html")
    assert "G-SPARE-2" not in page and "G-NEXT-GAME" not in page and "G-MULLIGAN" in page


def test_g_report_g_publish_g_other_format_in_the_event_report():
    text = render(_event(), "report", "csv")
    assert "G-PUBLISH" in text and "G-OTHER-FORMAT" in text and "nothing to report" in text
    assert "2008-12-14" in text  # G-SCORECARD due date
    summary, other = format_summary(_event())
    assert summary == "Swiss" and other is False


@pytest.mark.parametrize(
    "kind,match,low,high,rule",
    [
        ("constructed", "bo3", 50, 100, "G-MATCH-TIME"),
        ("constructed", "bo1", 20, 40, "G-BO1"),
        ("sealed", "bo3", 30, 50, "G-SEALED"),
        ("draft", "bo1", 30, 40, "G-DRAFT-TIME"),
        ("draft", "bo3", 50, None, "G-DRAFT-TIME"),
    ],
)
def test_g_match_time_g_draft_time_recommended_minutes(kind, match, low, high, rule):
    r = recommended_minutes(kind, match)
    assert (r.low, r.high, r.rule) == (low, high, rule)
    assert r.fits(low) and not r.fits(low - 1)


@pytest.mark.asyncio
async def test_g_match_time_the_new_event_form_shows_the_recommendation(tmp_path):
    from core.store import DataDir
    from tui.app import LyceeApp

    app = LyceeApp(DataDir(tmp_path), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        hint = app.screen.query_one("#minutes-hint")
        assert "50-100" in str(hint.render()) and "G-MATCH-TIME" in str(hint.render())
        app.screen.query_one("#kind").value = "draft"
        await pilot.pause()
        assert "G-DRAFT-TIME" in str(hint.render())
        assert app.screen.query_one("#minutes").value == "50"


@pytest.mark.asyncio
async def test_g_changes_help_names_the_guideline_version(tmp_path):
    from core.store import DataDir
    from tui.app import LyceeApp
    from tui.screens.help import HelpScreen

    app = LyceeApp(DataDir(tmp_path), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(str(lbl.render()) for lbl in app.screen.query("Label"))
        assert "2008-11-07" in text and "G-CHANGES" in text
        keys = [row[2] for row in app.screen.rows]
        assert "events.new" in keys and "events.open" in keys
