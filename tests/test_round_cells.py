"""The round tab's result cell (tui/screens/event/round.py): the score comes
first, then what a note adds, so a cell cut at 80 columns still shows who won
and by how much (issue 48: a tester saw 「○ 1-1で時間切れ：店長が延長の」 and
never the final's 2-1)."""

from core.event.model import Match
from tui.screens.event.round import result_cell


def test_g_time_a_result_decided_after_time_shows_its_score_before_the_note():
    """G-TIME / G-SE: a final won 2-1 in the extra game after 1-1 at time."""
    m = Match(table=1, p1="p1", p2="p2", outcome="p1", p1_wins=2, p2_wins=1, note="time out: extra game at 1-1 by 店長")
    cell = result_cell(m).plain
    assert cell.startswith("○ 2-1"), cell


def test_g_id_1_an_intentional_draw_shows_its_score_before_its_words():
    """G-ID-1: the intentional draw's words follow the score, not replace it."""
    m = Match(table=3, p1="p1", p2="p2", outcome="draw", note="ID")
    cell = result_cell(m).plain
    assert cell.startswith("△ 0-0"), cell
    assert cell.endswith("intentional draw"), cell
