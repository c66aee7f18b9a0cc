"""Issue 48 item 9 (G-SE): a placing reads the same everywhere.  After a third-place match
3rd and 4th read 3位 / 4位; without one both semi-final losers read ベスト4 and share one
place, 3-4 (「3～4」; the quarter-final losers ベスト8 and 5-8); the desk's standings and final
placings, ``lycee standings``, the exports, the phone and TV pages all take the place and
the words from core (core.tournament.ranking.placing_words, core.labels.final_place_words).  The round tab shows the third-place match's score, the bracket
names its winner, nobody is still 参加中 after the end, and the TV says the top cut (not the
Swiss record beside each name) orders the places."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import i18n, labels
from core.desk import Desk
from core.event.model import Round
from core.reports.exports import render
from core.store import DataDir
from core.tournament.elimination import final_placings, next_elimination_round, single_elimination
from core.tournament.ranking import shared_places
from tests.app_helpers import shown, until
from tests.engine_helpers import make_event
from tests.round_helpers import played_cut, swiss_played
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
        # outside the cut: the Swiss place people expect, not a bare 「スイスドロー」 (issue 48)
        # (the event id seeds the pairings: two players tied on every tiebreaker share a place, 5 and 5)
        outside = [ln.split() for ln in lines[4:]]
        assert [row[1] for row in outside] == [f"スイスドロー{row[0]}位" for row in outside], out
        assert len(outside) == 4 and outside[0][0] == "5", out
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
    assert "<td>スイスドロー</td>" not in page  # outside the cut nothing reached, as the TV (the phone's width)
    # the phone says the cut orders the places, as the TV (3位 may have fewer points than 4位)
    assert "決勝トーナメントの結果で決まります" in page, page
    assert page.index("決勝トーナメントの結果で決まります") < page.index("<table"), page
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
        # issue 48: the two players of the third-place match joined by 対, as the pairings (not 「v」)
        line = next(ln for ln in text.splitlines() if ln.startswith("3位決定戦"))
        assert " 対 " in line and " v " not in line, line
    finally:
        i18n.set_language("en")
    from tui.web.pages import T, bracket_part

    page = bracket_part(T("ja"), d.event, 0.0)
    assert '<span class="vs">対</span>' in page and ">vs<" not in page
    assert '<span class="vs">vs</span>' in bracket_part(T("en"), d.event, 0.0)


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
        # outside the cut: the Swiss place people expect, not a bare 「スイスドロー」 (issue 48)
        assert str(table.get_row_at(4)[2]) == "スイスドロー5位", str(table.get_row_at(4)[2])
        assert "参加中" not in shown(app)


# -- one place for the players no match ordered (G-SE): 3-4 / 3～4 on every face ----------------------------


def _places_printed(out: str) -> list[str]:
    """The place column of ``lycee standings``' final standings."""
    return [ln.split()[0] for ln in out.splitlines() if ln.strip()[:1].isdigit()]


@pytest.mark.parametrize("lang, shared", [("ja", "3～4"), ("en", "3-4")])
def test_g_se_command_line_semi_final_losers_share_3_4_without_a_third_place_match(tmp_path, capsys, lang, shared):
    """G-SE (issue 48 item 9): without a third-place match ``lycee standings`` prints
    both semi-final losers at one place, 3-4 (as the scorecard and the report do), not
    3 and 4 as if one were ahead; ``--json`` keeps ``place`` (3 and 4, the contract)
    and adds ``places``, the first and last place each holds: [3, 4] for both."""
    from tui.cli import main

    dd, eid, _ev = played_cut(tmp_path, 8, 4)
    assert main(["--data-dir", str(dd.root), "--lang", lang, "standings", eid]) == 0
    out = capsys.readouterr().out
    assert main(["--data-dir", str(dd.root), "standings", eid, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    # outside the cut the Swiss rank: 5, 6, 7, 8, or a rank shared by players tied on every tiebreaker
    # (G-TIE-1; the Swiss pairings are drawn, so some events have such a tie: 5, 5, 7, 8)
    swiss = [r["rank"] for r in rows[4:]]
    assert swiss[0] == 5 and swiss == sorted(swiss) and set(swiss) <= {5, 6, 7, 8}, swiss
    assert _places_printed(out) == ["1", "2", shared, shared, *map(str, swiss)], out
    assert [r["place"] for r in rows] == [1, 2, 3, 4, *swiss]
    assert [r["places"] for r in rows] == [[1, 1], [2, 2], [3, 4], [3, 4], *([k, k] for k in swiss)]


def test_g_se_command_line_keeps_3rd_and_4th_after_a_third_place_match(tmp_path, capsys):
    """G-SE: the third-place match orders them: 3 and 4, 3位 and 4位."""
    from tui.cli import main

    dd, eid, _ev = played_cut(tmp_path, 8, 4, third=True)
    assert main(["--data-dir", str(dd.root), "--lang", "ja", "standings", eid]) == 0
    out = capsys.readouterr().out
    assert _places_printed(out)[:4] == ["1", "2", "3", "4"]
    assert [ln.split()[1] for ln in out.splitlines() if ln.strip()[:1].isdigit()][:4] == [
        "優勝",
        "準優勝",
        "3位",
        "4位",
    ]


@pytest.mark.parametrize(
    "lang, eight, four, shared", [("ja", "ベスト8", "3～4", "5～8"), ("en", "top 8", "3-4", "5-8")]
)
def test_g_se_quarter_final_losers_share_5_8_and_read_top_8_on_every_sheet(tmp_path, capsys, lang, eight, four, shared):
    """G-SE: no match orders the four quarter-final losers either: ``lycee standings``,
    the standings export and the scorecard give all four ベスト8 and place 5-8."""
    from tui.cli import main

    dd, eid, _ev = played_cut(tmp_path, 16, 8)
    assert main(["--data-dir", str(dd.root), "--lang", lang, "standings", eid]) == 0
    out = capsys.readouterr().out
    assert _places_printed(out)[:9] == ["1", "2", four, four, *[shared] * 4, "9"]
    assert sum(eight in ln for ln in out.splitlines()) == 4, out
    assert (
        main(["--data-dir", str(dd.root), "--lang", lang, "export", eid, "--what", "standings", "--format", "json"])
        == 0
    )
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [str(r[0]) for r in rows[4:8]] == [shared] * 4 and [r[2] for r in rows[4:8]] == [eight] * 4
    assert (
        main(["--data-dir", str(dd.root), "--lang", lang, "export", eid, "--what", "scorecard", "--format", "json"])
        == 0
    )
    card = json.loads(capsys.readouterr().out)["rows"]
    placed = [row[7] for row in card if row[1] in ("final placing", "最終順位")]
    assert placed[4:8] == [f"{shared}位" if lang == "ja" else f"Place {shared}"] * 4, placed


@pytest.mark.asyncio
@pytest.mark.parametrize("lang, shared, best", [("ja", "3～4", "ベスト4"), ("en", "3-4", "top 4")])
async def test_g_se_desk_semi_final_losers_share_3_4_at_80x24(tmp_path, lang, shared, best):
    """G-SE (issue 48 item 9): at the desk, 80x24, the final standings (F4) and the
    round tab's final placings both give the two semi-final losers of a cut without a
    third-place match one place, 3-4, and the words ベスト4 (the sheets' place), and
    nothing runs past the screen."""
    from tests.app_helpers import fits

    dd, eid, ev = played_cut(tmp_path, 8, 4)
    app = LyceeApp(dd, open_event=eid, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await until(pilot, lambda: shared in shown(app), "the round tab's final placings")
        semi = [f.name for f in final_placings(ev) if f.reached == "semi-final"]
        box = [ln for ln in shown(app).splitlines() if shared in ln]
        assert len(box) == 2 and all(best in ln for ln in box), box
        assert [next(n for n in semi if n in ln) for ln in box] == semi
        assert not any(f" 4 {semi[1]}" in ln for ln in shown(app).splitlines())
        fits(app)
        await pilot.press("f4")
        table = app.screen.query_one("#standings-table")
        await until(pilot, lambda: table.row_count == 8, "the final standings")
        rows = [table.get_row_at(i) for i in range(4)]
        assert [str(r[0]) for r in rows] == ["1", "2", shared, shared]
        assert [str(r[2]) for r in rows[2:]] == [best, best]
        fits(app)


@pytest.mark.asyncio
async def test_g_se_desk_reads_top_5_as_the_sheets_do(tmp_path, capsys):
    """G-SE (issue 46 item 11, issue 48 item 9): the quarter-final loser of a top 5 is
    ベスト5 on the desk's final standings, ``lycee standings`` and the phone, as on the
    sheets, not ベスト8 (the bracket held five players)."""
    from tui.cli import main
    from tui.web.pages import T, standings_part

    dd, eid, ev = played_cut(tmp_path, 8, 5)
    i18n.set_language("ja")
    try:
        sheet = json.loads(render(ev, "standings", "json"))["rows"]
    finally:
        i18n.set_language("en")
    assert [r[2] for r in sheet][4] == "ベスト5"
    assert "<td>ベスト5</td>" in standings_part(T("ja"), ev, 0.0)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        table = app.screen.query_one("#standings-table")
        await until(pilot, lambda: table.row_count == 8, "the final standings")
        assert str(table.get_row_at(4)[2]) == "ベスト5"
    capsys.readouterr()
    assert main(["--data-dir", str(dd.root), "--lang", "ja", "standings", eid]) == 0
    out = capsys.readouterr().out
    assert "ベスト5" in out and "ベスト8" not in out, out


def _random_bracket(n: int, seed: int, third: bool):
    """A whole single-elimination event of ``n`` players, every match won at random."""
    rng = random.Random(seed)
    ev = make_event(n)
    ms = single_elimination(ev, rng, seeding="random", third_place=third)
    first = True
    while ms is not None:
        done = [m if m.p2 is None else _won(m, rng.choice(["p1", "p2"])) for m in ms]
        ev = ev.with_(rounds=(*ev.rounds, Round(len(ev.rounds) + 1, "top", tuple(done), third_place=third and first)))
        first = False
        ms = next_elimination_round(ev)
    return ev


def _won(m, side: str):
    return replace(m, p1_wins=2 if side == "p1" else 0, p2_wins=2 if side == "p2" else 0, outcome=side)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 40), seed=st.integers(0, 10**6), third=st.booleans())
def test_g_se_shared_places_tile_the_bracket(n, seed, third):
    """G-SE, as a property of any finished bracket: the places every face prints tile 1..n
    with no gap and no overlap; a place shared as a-b is held by exactly b-a+1 players,
    all out in the same round, which no match ordered (never the champion, the finalist
    nor the players of a third-place match); each player's own place lies inside it."""
    ev = _random_bracket(n, seed, third)
    final = final_placings(ev)
    assert final is not None
    span = shared_places(final)
    holders: dict[tuple[int, int], list] = {}
    for f in final:
        first, last = span[f.id]
        assert first <= f.place <= last
        holders.setdefault((first, last), []).append(f)
    edges = sorted(holders)
    assert edges[0][0] == 1 and edges[-1][1] == n
    assert all(a[1] + 1 == b[0] for a, b in zip(edges, edges[1:], strict=False))
    for (first, last), fs in holders.items():
        assert len(fs) == last - first + 1 and len({f.reached for f in fs}) == 1
        if last > first:
            assert fs[0].reached not in ("winner", "final", "third_place")


@pytest.mark.parametrize("third,want", [(False, [3, 3]), (True, [3, 4])])
def test_g_se_season_and_member_history_give_both_semi_final_losers_place_3_without_a_third_place_match(
    tmp_path, third, want
):
    """G-SE: a store's season (points by place) and a member's history take the place the
    sheets print: both semi-final losers of a cut without a third-place match share 3rd, so
    neither scores 4th's points by seed order (they read 3 and 4: one of them got 4th's
    points); after a third-place match 3 and 4 as played."""
    from core.rules.memberhistory import history_rows
    from core.season.results import summary_of

    _dd, _eid, ev = played_cut(tmp_path, 8, 4, third=third)
    spans = shared_places(final_placings(ev))
    losers = sorted(pid for pid, (first, last) in spans.items() if first >= 3 and last <= 4)
    summary = {row[0]: row[3] for row in summary_of(ev)["players"]}
    assert sorted(summary[pid] for pid in losers) == want
    numbered = replace(ev, players=tuple(replace(p, member=f"M{p.id}") for p in ev.players))
    rows = {r.name: r.place for r in history_rows([numbered], {f"M{pid}" for pid in losers})}
    assert sorted(rows.values()) == want


def test_g_drop_1_the_tv_final_list_says_who_dropped_as_the_phone_does(tmp_path):
    """G-DROP-1, G-SE: the TV's final list marks a player who dropped (途中棄権), as the
    phone's standings and the sheets do (the TV listed them bare among the others)."""
    from tui.web.pages import T, standings_part, tv_part

    dd = DataDir(tmp_path)
    st = dd.create({"name": "土曜杯", "date": "2026-12-05", "rounds_planned": 1, "sanctioned": False})
    d = Desk(st)
    d.add_players(["伊藤翔", "山田太郎", "佐藤花子", "高橋健太"])
    d.pair_next()
    d.record(1, "2-0")
    d.record(2, "2-0")
    loser = d.event.current_round.matches[1].players()[1]  # table 2's second-listed player lost
    d.drop(loser)
    d.top_cut(2)
    d.record(1, "2-1")
    t = T("ja")
    assert "途中棄権" in standings_part(t, d.event, 0.0)
    tv = tv_part(t, d.event, 0.0)
    name = d.event.player(loser).name
    rows = tv.split("<li>")
    assert "途中棄権" in next(li for li in rows if name in li)
    assert sum("途中棄権" in li for li in rows) == 1, rows


def test_o_pen_2_phone_and_tv_show_a_struck_record_as_the_desk_does(tmp_path, capsys):
    """O-PEN-2: a player whose record is struck holds no rank: the phone's standings and the TV
    show 「-」 (not "None") and 失格 (the Overture word, not 2008's 除外), as the desk and
    ``lycee standings`` do."""
    from tui.web.pages import T, standings_part, tv_part

    st = DataDir(tmp_path).create(
        {
            "name": "土曜杯",
            "date": "2026-12-05",
            "rounds_planned": 3,
            "rules": "overture",
            "staff": {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"},
        }
    )
    d = Desk(st)
    d.add_players(["選手1", "選手2", "選手3", "選手4"])
    d.pair_next()
    d.penalty("選手1", "warning", "marked cards", action="exclusion_struck")
    for m in d.event.current_round.matches:
        if m.outcome is None:
            d.record(m.table, "2-0")
    t = T("ja")
    page = standings_part(t, d.event, 0.0)
    assert "None" not in page and "<td>-</td>" in page and "（失格）" not in page and "(失格)" in page
    assert "除外" not in page
    tv = tv_part(t, d.event, 0.0)
    assert "None" not in tv and "除外" not in tv
    # and the command line's player list (it said 除外)
    from tui.cli import main

    st.close()
    assert main(["--data-dir", str(tmp_path), "--lang", "ja", "player", "list", st.id]) == 0
    listed = capsys.readouterr().out
    assert "選手1" in listed and "失格" in listed and "除外" not in listed, listed


def test_m_history_the_record_holds_the_top_cut_and_a_finished_event_calls_nobody_active(tmp_path):
    """M-HISTORY, G-SE: a member's history gives the Swiss record and the top cut's beside it (the
    champion of a top 4 won 2 more matches: the season counts them, the history read 2-1-0 as the
    whole day), and no 参加中 for an event that is over; a disqualified player under the Overture
    rules reads 失格, as every other face (O-PEN-2)."""
    from core.rules.memberhistory import history_lines, history_rows
    from core.tournament.standings import standings

    _dd, _eid, ev = played_cut(tmp_path, 8, 4)
    champion = final_placings(ev)[0]
    numbered = replace(ev, players=tuple(replace(p, member=f"M{p.id}") for p in ev.players))
    (row,) = history_rows([numbered], {f"M{champion.id}"})
    swiss = next(r.record for r in standings(ev) if r.id == champion.id)
    assert row.top == "2-0" and row.as_json()["top_record"] == "2-0"
    i18n.set_language("ja")
    try:
        line = history_lines(None, f"M{champion.id}", [row])[-1]
        assert f"{swiss}（決勝トーナメント 2-0）" in line and "参加中" not in line, line
        struck = replace(row, status="excluded", rules="overture", top="")
        assert "失格" in history_lines(None, "M1", [struck])[-1]
    finally:
        i18n.set_language("en")


def test_m_history_the_warning_that_excluded_says_so(tmp_path):
    """M-HISTORY, G-PEN-2: a member's history gives the second Warning, whose own action was none,
    with the exclusion it made (it read 「警告（なし）」 as if nothing followed); the first does not."""
    from core.rules.memberhistory import history_lines, history_rows

    dd, st, d = swiss_played(tmp_path, rounds=3, players=4, played=1)
    d.penalty("選手1", "warning", "遅延行為", by="佐藤")
    d.penalty("選手1", "warning", "マークドカード", by="佐藤")
    ev = replace(d.event, players=tuple(replace(p, member=f"M{p.id}") for p in d.event.players))
    st.close()
    (row,) = history_rows([ev], {"Mp1"})
    i18n.set_language("ja")
    try:
        lines = history_lines(None, "Mp1", [row])
    finally:
        i18n.set_language("en")
    first, second = [ln for ln in lines if "警告" in ln and "卓" in ln]
    assert "除外" not in first and "→ 除外、G-PEN-2）" in second, lines
