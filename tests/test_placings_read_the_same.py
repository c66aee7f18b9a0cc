"""Issue 48 item 9 (G-SE): a placing reads the same everywhere.  After a third-place match
3rd and 4th read 3位 / 4位; without one both semi-final losers read ベスト4; the desk's
standings, ``lycee standings``, the exports, the phone and TV pages all take the words from
core.labels.placing_label.  The round tab shows the third-place match's score, the bracket
names its winner, nobody is still 参加中 after the end, and the TV says the top cut (not the
Swiss record beside each name) orders the places."""

from __future__ import annotations

import json

import pytest

from core import i18n, labels
from core.desk import Desk
from core.reports.exports import render
from core.store import DataDir
from tests.app_helpers import shown, until
from tui.app import LyceeApp


def _finished(tmp_path, third: bool):
    """Eight players, three Swiss rounds, a top 4 (with or without a third-place match)
    played to the end: the first-listed player wins every elimination match."""
    dd = DataDir(tmp_path)
    st = dd.create(
        {
            "name": "土曜杯",
            "date": "2026-12-05",
            "rounds_planned": 3,
            "staff": {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"},
        }
    )
    d = Desk(st)
    d.add_players([f"選手{i}" for i in range(1, 9)])
    for _r in range(3):
        d.pair_next()
        for m in d.event.current_round.matches:
            d.record(m.table, "2-0" if m.table % 2 else "2-1")
    d.top_cut(4, third_place=third)
    for m in d.event.current_round.matches:
        d.record(m.table, "2-0")
    d.pair_next()
    for m in d.event.current_round.matches:
        d.record(m.table, "2-1")
    return dd, st, d


def test_g_se_placing_label_words():
    """G-SE: the one function's words in Japanese."""
    i18n.set_language("ja")
    try:
        assert [labels.placing_label(r) for r in ("winner", "final", "semi-final", "quarter-final", "round-of-16")] == [
            "優勝",
            "準優勝",
            "ベスト4",
            "ベスト8",
            "ベスト16",
        ]
        assert labels.placing_label("third_place", 3) == "3位" and labels.placing_label("third_place", 4) == "4位"
        assert labels.placing_label("swiss") == "スイスドロー"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("third", [True, False])
def test_g_se_exports_and_command_line_read_3rd_4th_or_top_4(tmp_path, capsys, third):
    """G-SE: the standings export, the scorecard and ``lycee standings`` say 3位/4位 after a
    third-place match, ベスト4 twice without one; nobody is 参加中 after the end."""
    from tui.cli import main

    dd, st, d = _finished(tmp_path, third)
    want = ["優勝", "準優勝", "3位", "4位"] if third else ["優勝", "準優勝", "ベスト4", "ベスト4"]
    i18n.set_language("ja")
    try:
        doc = json.loads(render(d.event, "standings", "json"))
        assert [row[2] for row in doc["rows"]][:4] == want
        assert "参加中" not in [c for row in doc["rows"] for c in row]
        card = json.loads(render(d.event, "scorecard", "json"))
        placed = [row[-1] for row in card["rows"] if row[1] == "最終順位"]
        assert placed[:4] == want, placed
        eid = st.id
        st.close()
        assert main(["--data-dir", str(dd.root), "--lang", "ja", "standings", eid]) == 0
        out = capsys.readouterr().out
        lines = [ln for ln in out.splitlines() if ln.strip()[:1].isdigit()]
        assert [ln.split()[1] for ln in lines[:4]] == want, out
        if third:
            assert "3位決定戦" not in out and "決勝" not in out.replace("決勝トーナメント", "")
    finally:
        i18n.set_language("en")


def test_g_se_phone_and_tv_pages_read_3rd_and_4th(tmp_path):
    """G-SE: the phone's standings and the TV after the end name each placing in the
    page's language, and the TV says the top cut decides the places."""
    from tui.web.pages import T, standings_part, tv_part

    _dd, _st, d = _finished(tmp_path, True)
    t = T("ja")
    page = standings_part(t, d.event, 0.0)
    assert "<td>3位</td>" in page and "<td>4位</td>" in page and "<th>成績</th>" in page
    tv = tv_part(t, d.event, 0.0)
    assert "3位" in tv and "4位" in tv and "決勝トーナメントの結果で決まります" in tv
    assert "3rd place" in tv_part(T("en"), d.event, 0.0)


def test_g_se_round_tab_shows_the_third_place_score_and_the_bracket_its_winner(tmp_path):
    """G-SE: the third-place match's cell is its score (not 「● 3位決定戦」), and the
    bracket's third-place line names the winner in words."""
    from core.tournament.elimination import bracket
    from tui.screens.event.round import result_cell
    from tui.widgets.bracket import draw

    _dd, _st, d = _finished(tmp_path, True)
    third = next(m for m in d.event.current_round.matches if m.note == "third_place")
    assert str(result_cell(third)) == "○ 2-1"
    i18n.set_language("ja")
    try:
        text = draw(bracket(d.event)).plain
        assert f"→ 3位: {d.event.player(third.p1).name}" in text
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_g_se_desk_standings_read_3rd_and_4th_at_80x24(tmp_path):
    """G-SE: the desk's final standings (F4) at 80x24 in Japanese: 3位 and 4位 in the
    成績 column, not 決勝 / 3位決定戦, and no 参加中."""
    dd, st, _d = _finished(tmp_path, True)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        table = app.screen.query_one("#standings-table")
        await until(pilot, lambda: table.row_count == 8, "the final standings")
        cells = [str(table.get_row_at(i)[2]) for i in range(4)]
        assert cells == ["優勝", "準優勝", "3位", "4位"]
        assert "参加中" not in shown(app)
