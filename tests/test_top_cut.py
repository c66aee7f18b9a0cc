"""Issue 48 item 8 (G-SE, G-TIE-PLAYOFF): after the last Swiss result the bar does not say
the event is over (the top cut may follow), and F7 shows who a cut takes, who is just
outside and the line's tie before anything is paired; the clerk confirms."""

from __future__ import annotations

import re

import pytest

from core import i18n, readmodel
from core.desk import Desk
from core.store import DataDir
from core.tournament.standings import standings
from tests.app_helpers import on_screen, shown, type_text, until
from tests.round_helpers import swiss_played
from tui.app import LyceeApp
from tui.screens.dialogs import Confirm


def _swiss_done(tmp_path, results, players=8, rounds=3):
    return swiss_played(tmp_path, rounds=rounds, players=players, results=results)


def test_g_tie_playoff_preview_names_the_line_and_its_tie(tmp_path):
    """G-TIE-PLAYOFF: a cut line between two players on the same points is named (the
    tiebreakers decide); a line inside a shared place cannot be paired (a playoff first)."""
    for attempt in range(20):  # the pairings are drawn: in a few events two players tie on every tiebreaker there
        _dd, _st, d = _swiss_done(tmp_path / str(attempt), lambda m: "2-0" if m.table % 2 else "2-1")
        rows = [r for r in standings(d.event) if r.status == "active"]
        if rows[1].rank != rows[2].rank:
            break
    assert rows[1].points == rows[2].points and rows[1].rank != rows[2].rank  # the line of a top 2
    text, ok = readmodel.cut_preview(d.event, 2)
    assert ok and "Just outside: " + f"{rows[2].name} ({rows[2].points} pts)" in text
    assert f"{rows[1].name} and {rows[2].name} both have {rows[1].points} pts" in text
    _dd2, _st2, d2 = _swiss_done(tmp_path / "b", lambda m: "2-0", players=4, rounds=1)
    losers = [r.name for r in standings(d2.event)][2:]  # both 0-1 with the same figures: one place
    text, ok = readmodel.cut_preview(d2.event, 3)
    assert not ok and f"{losers[0]} and {losers[1]} share place 3: hold a playoff" in text


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "lang,size,want",
    [
        ("ja", (80, 24), "スイスドロー終了（最終順位はF4、決勝トーナメントを行うならF7）"),
        ("en", (120, 40), "Swiss over: final standings F4, top cut F7"),  # one line ("(F7)" went on a second)
    ],
)
async def test_g_se_the_last_result_typed_in_a_round_never_timed_leaves_the_whole_swiss_over_line(
    tmp_path, lang, size, want
):
    """G-SE at 80x24 in Japanese: the last Swiss result typed at the desk in a round
    whose clock never ran (the bar held 「第2回戦 ⏱ 50:00（Ctrl+Tで開始）」): the clock
    goes and the bar's second line reads the whole 「スイスドロー終了（…F7）」 (it read
    「2本先取 · 50分 ·」 and nothing more, the blank clock keeping its width)."""
    dd = DataDir(tmp_path)
    st = dd.create(
        {"name": "土曜リセ杯", "date": "2026-12-05", "sanctioned": False, "rules": "overture", "rounds_planned": 2}
    )
    d = Desk(st)
    d.add_players(["伊藤翔", "山田太郎", "山本一郎", "佐藤花子", "加藤陸", "高橋健太"])
    d.pair_next()
    for table in (1, 2, 3):
        d.record(table, "2-1")
    d.pair_next()
    d.record(1, "2-0")
    d.record(2, "2-0")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang=lang)
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("f6")
            await pilot.pause()
            await type_text(pilot, "3 2-1")
            await pilot.press("enter")
            await until(pilot, lambda: app.screen.event.rounds[-1].complete, "the last result stored")
            await until(pilot, lambda: on_screen(app, want), "the whole Swiss-over line on the bar")
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_g_se_after_the_last_swiss_round_the_bar_and_f7_preview_at_80x24(tmp_path):
    """G-SE at 80x24 in Japanese: the bar says the Swiss rounds are over and F7 cuts (not
    「終了しました」); F7 then `4+` shows the four seeds with their points, 次点 and the
    third-place match, and pairs nothing until the clerk says yes; then the semi-finals' results
    are typed on the round tab the cut shows."""
    dd, st, d = _swiss_done(tmp_path, lambda m: "2-0" if m.table % 2 else "2-1")
    rows = list(standings(d.event))
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "終了しました" not in shown(app) and on_screen(
                app, "スイスドロー終了（最終順位はF4、決勝トーナメントを行うならF7）"
            )
            screen = app.screen
            for answer in ("n", "y"):
                await pilot.press("f7")
                await until(pilot, lambda: not isinstance(app.screen, type(screen)), "the size prompt")
                # the size prompt's lines whole at 80 columns (it broke 「…+ を」 / 「付ける）」)
                assert any("3位決定戦を行うなら + を付けます（例: 4+）" in row for row in shown(app).splitlines())
                app.screen.query_one("Input").value = ""
                await type_text(pilot, "4+")
                await pilot.press("enter")
                await until(pilot, lambda: isinstance(app.screen, Confirm), "the preview")
                for i, r in enumerate(rows[:4]):
                    assert on_screen(app, f"{i + 1}. {r.name}（{r.points}点）")
                assert on_screen(app, f"次点：{rows[4].name}") and on_screen(app, "3位決定戦あり")
                assert not any(x.stage == "top" for x in screen.event.rounds)  # nothing paired yet
                await pilot.press(answer)
                await until(pilot, lambda: app.screen is screen, "back at the desk")
            assert [x.stage for x in screen.event.rounds].count("top") == 1
            # the semi-finals are on the round tab, where their results are typed (the cut showed the
            # bracket, where 「1 2-0」 Enter went nowhere without a word); the bracket is F8
            assert screen.query_one("TabbedContent").active == "round"
            assert on_screen(app, "トーナメント表はF8")
            await type_text(pilot, "1 2-0")
            await pilot.press("enter")
            await until(pilot, lambda: screen.event.current_round.matches[0].outcome is not None, "table 1's result")
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_g_se_f7_after_the_cut_is_made_asks_nothing_and_is_not_offered_at_80x24(tmp_path):
    """G-SE (one bracket an event) at 80x24 in Japanese: once the top cut is paired,
    F7 leaves the footer and asks nothing (after the final it still offered
    「決勝トーナメント」, asked a size and previewed a top 8 of the same event,
    then refused)."""
    dd, st, d = _swiss_done(tmp_path, lambda m: "2-0" if m.table % 2 else "2-1")
    d.top_cut(4, third_place=True)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            footer = shown(app, screen.query_one("WholeKeysFooter"))
            assert "F7" not in footer, footer
            await pilot.press("f7")
            await pilot.pause()
            assert app.screen is screen  # no size prompt, no preview of a second cut
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_g_se_after_the_final_the_players_tab_calls_nobody_active_at_80x24(tmp_path):
    """G-SE (issue 48 item 9) at 80x24 in Japanese: once the bracket has its winner the
    players tab no longer says 参加中 of anyone (it did of every player, the champion
    too); a player who dropped still reads 途中棄権, as on the sheets; the round tab offers no
    clock keys (^T, ^G) nor F5 any more."""
    dd, st, d = _swiss_done(tmp_path, lambda m: "2-0" if m.table % 2 else "2-1")
    d.drop("p8")
    d.top_cut(2)
    d.record(1, "2-0")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            table = shown(app, app.screen.query_one("#player-table"))
            assert "参加中" not in table and "途中棄権" in table, table
            await pilot.press("f3")
            await pilot.pause()
            footer = shown(app, app.screen.query_one("WholeKeysFooter"))
            assert "^T" not in footer and "^G" not in footer and "F5" not in footer, footer  # nothing to time
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
@pytest.mark.parametrize("size,top", [((80, 24), 8), ((80, 24), 16), ((120, 40), 16)])
async def test_g_se_the_bracket_fits_the_pane_and_names_its_champion_on_one_line(tmp_path, size, top):
    """G-SE: the bracket tab (F8) of a finished top 8 or 16 draws every round and the champion side
    by side within the pane, names cut with … where they must be: at 80 columns a top 8's champion
    「1 佐々木 拓真」 wrapped, 「拓真」 alone at the start of the line under it."""
    from core.tournament.elimination import event_finished

    dd = DataDir(tmp_path)
    st = dd.create({"name": "土曜杯", "date": "2026-12-05", "rounds_planned": 4, "sanctioned": False})
    d = Desk(st)
    d.add_players([f"長谷川 真由美{i:02d}" for i in range(1, 17)])
    for _r in range(4):
        d.pair_next()
        for m in d.event.current_round.matches:
            d.record(m.table, "2-0" if m.table % 2 else "2-1")
    d.top_cut(top)
    while not event_finished(d.event):
        if d.event.current_round.complete:
            d.pair_next()
        for m in d.event.current_round.matches:
            if m.outcome is None:
                d.record(m.table, "2-0")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("f8")
            view = app.screen.query_one("#bracket-view")
            await until(pilot, lambda: "├─" in shown(app, view), "the bracket drawn")
            lines = shown(app, view).splitlines()
            # every line below the round names starts with an entrant's seed or a join's space: none
            # with a name's tail wrapped to the start of the line
            assert all(ln[:1] in " 0123456789" for ln in lines[1:]), lines
            champion_line = max((ln for ln in lines if "├─" in ln), key=lambda ln: ln.rindex("├─"))
            assert re.search(r"├─ 1 長谷川 (真由美\d\d|.*…)$", champion_line.rstrip()), lines  # seed 1, whole or cut
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
@pytest.mark.parametrize("tab", ["f4", "f8"])
async def test_g_se_a_result_typed_on_the_standings_or_the_bracket_goes_to_the_results_box_at_80x24(tmp_path, tab):
    """G-SE, input is never lost: 「1 2-0」 Enter typed on the standings (F4) or the bracket (F8)
    during the top cut is table 1's result, typed into the round tab's box, which is shown (the
    keys went nowhere without a word)."""
    dd, st, d = _swiss_done(tmp_path, lambda m: "2-0" if m.table % 2 else "2-1")
    d.top_cut(4)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press(tab)
            await pilot.pause()
            await type_text(pilot, "1 2-0")
            await pilot.press("enter")
            await until(pilot, lambda: screen.event.current_round.matches[0].outcome is not None, "table 1's result")
            assert screen.query_one("TabbedContent").active == "round"
            assert screen.event.current_round.matches[1].outcome is None
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("players,want", [(2, 2), (5, 2), (8, 4), (12, 4), (16, 8), (40, 8)])
def test_g_se_f7_proposes_a_cut_of_at_most_half_the_field(tmp_path, players, want):
    """G-SE: F7 proposes the largest power of two at most half the players, a top 8 at most: a
    top 4 of 8 players (it proposed 8 for any field: every player of 8); any size from 2 is typed."""
    _dd, st, d = swiss_played(tmp_path, rounds=1, players=players)
    assert readmodel.suggested_cut(d.event) == want
    st.close()


@pytest.mark.asyncio
async def test_g_se_the_size_prompt_offers_the_proposed_cut_at_80x24(tmp_path):
    """G-SE: for 8 players the size prompt holds 4, and Enter pairs a top 4."""
    dd, st, d = _swiss_done(tmp_path, lambda m: "2-0" if m.table % 2 else "2-1")
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("f7")
            await until(pilot, lambda: bool(app.screen.query("Input")), "the size prompt")
            assert app.screen.query_one("Input").value == "4"
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, Confirm), "the preview")
            await pilot.press("y")
            await until(pilot, lambda: screen.event.current_round.stage == "top", "the top 4 paired")
            assert len(screen.event.current_round.matches) == 2
    finally:
        i18n.set_language("en")


def test_g_se_f7_counts_a_late_entry_in_the_field_it_proposes_a_cut_of(tmp_path):
    """G-SE: a player who joined in round 2 (a late entry) is still in, so 8 from round 1 and 8 late
    entries make 16, proposed a top 8 (counting only round 1's players proposed a top 4)."""
    _dd, st, d = swiss_played(tmp_path, rounds=3, players=8, played=1)
    d.add_players([f"遅刻{i}" for i in range(1, 9)])
    d.pair_next()
    for m in d.event.current_round.matches:
        if m.p2 is not None:
            d.record(m.table, "2-0")
    assert len(d.event.eligible()) == 16
    assert readmodel.suggested_cut(d.event) == 8
    st.close()
