"""Messages that say what happened in full (issue 48): the undo question names
the round, the table and both players (never the journal's number); a
correction says the result before and after; a drop says from which round on
the player is no longer paired (G-DROP-1)."""

from __future__ import annotations

import pytest

from core import readmodel
from core.i18n import set_language
from core.store import DataDir
from tests.cli_helpers import run, staffed_event


def _ok(capsys, data: str, *argv: str) -> str:
    rc, out, err = run(capsys, "--data-dir", data, *argv)
    assert rc == 0, err
    return out


@pytest.fixture
def played(capsys, tmp_path):
    """山田太郎, 高橋健太, Ann and Dan Evans; round 1 paired and table 1 0-2."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["山田太郎", "高橋健太", "Ann", "Dan Evans"], "2026-12-05", "--rounds", "3")
    _ok(capsys, data, "pair", eid, "--seed", "1")
    _ok(capsys, data, "result", eid, "1", "0-2")
    yield DataDir(tmp_path), eid
    set_language("en")


def _names(ev, m) -> tuple[str, str]:
    return ev.player(m.p1).name, ev.player(m.p2).name


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "the result 0-2 of round 1 table 1 {p1} vs {p2}"),
        ("ja", "第1回戦1卓 {p1} 対 {p2}の結果 0-2"),
    ],
)
def test_the_undo_question_names_the_players_not_the_journal_number(played, lang, words):
    """Issue 48 item 4 (Ctrl+Z asks first): what would be undone, by round,
    table and both players' names; no "#38"."""
    dd, eid = played
    set_language(lang)
    store = dd.open(eid)
    try:
        ev, act = store.event, store.actions[-1]
        said = readmodel.undo_said(ev, act)
    finally:
        store.close()
    p1, p2 = _names(ev, ev.rounds[0].match_at(1))
    assert said == words.format(p1=p1, p2=p2)
    assert "#" not in said and str(act["seq"]) not in said


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "round 1 table 1 {p1} vs {p2} corrected: 0-2 → 2-1"),
        ("ja", "第1回戦1卓 {p1} 対 {p2} の結果を訂正しました：0-2 → 2-1"),
    ],
)
def test_a_correction_says_the_result_before_and_after(played, capsys, lang, words):
    """Issue 48 item 4 (L-LATER's correction): the message says old → new."""
    dd, eid = played
    before = dd.read(eid)
    _ok(capsys, str(dd.root), "result", eid, "1", "2-1", "--correct", "--round", "1")
    after = dd.read(eid)
    set_language(lang)
    p1, p2 = _names(after, after.rounds[0].match_at(1))
    assert readmodel.correction_said(before, after, 1, 1) == words.format(p1=p1, p2=p2)


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "Dan Evans dropped: not paired from round 2 on"),
        ("ja", "Dan Evansが途中棄権しました。第2回戦からは対戦に組まれません"),
    ],
)
def test_a_drop_says_from_which_round_the_player_is_not_paired(played, capsys, lang, words):
    """G-DROP-1 (issue 48 item 4): a drop takes effect at once; the desk says
    from which round on the player is no longer paired, in the app and on the
    command line."""
    dd, eid = played
    _ok(capsys, str(dd.root), "result", eid, "2", "2-0")
    out = _ok(capsys, str(dd.root), "--lang", lang, "player", "drop", eid, "Dan Evans")
    assert words in out
    set_language(lang)
    ev = dd.read(eid)
    dan = next(p.id for p in ev.players if p.name == "Dan Evans")
    assert readmodel.drop_said(ev, dan) == words


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "not paired from round 2 on; their match at table 2 of round 1 is recorded as lost (0-2)"),
        ("ja", "第2回戦からは対戦に組まれません。第1回戦2卓の試合は敗北（0-2）となります"),
    ],
)
def test_g_drop_2_a_drop_during_the_round_says_the_match_it_lost(played, capsys, lang, words):
    """G-DROP-2, L-MATCH-LOSS: a player dropping while his match of the round has no result loses
    it, and the drop says so beside the round he is no longer paired from (it said only that)."""
    dd, eid = played
    ev = dd.read(eid)
    m = ev.current_round.match_at(2)
    name = ev.player(m.p1).name
    out = _ok(capsys, str(dd.root), "--lang", lang, "player", "drop", eid, name)
    assert words in out, out
    assert dd.read(eid).current_round.match_at(2).loser() == m.p1


@pytest.mark.asyncio
async def test_the_app_asks_the_undo_by_names_at_80x24_in_japanese(played):
    """Issue 48 item 4: Ctrl+Z's question at the desk names both players and
    the result, without the journal's number; after the undo the message
    says the same."""
    from tests.app_helpers import on_screen, shown, until
    from tui.app import LyceeApp
    from tui.screens.dialogs import Confirm
    from tui.screens.event import EventScreen

    dd, eid = played
    ev = dd.read(eid)
    p1, p2 = _names(ev, ev.rounds[0].match_at(1))
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(
            pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.link.writer is not None, "the event"
        )
        screen = app.screen
        await pilot.press("ctrl+z")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
        assert on_screen(app, f"{p1} 対 {p2}") and on_screen(app, "0-2"), shown(app)
        assert not on_screen(app, "#"), shown(app)
        await pilot.press("y")
        await until(pilot, lambda: screen.event.rounds[0].match_at(1).outcome is None, "the undo")
        assert on_screen(app, "取り消しました") and not on_screen(app, "#"), shown(app)


def test_design3_reports_codes_points_to_player_codes(played, capsys):
    """The command line in README.md: `lycee reports EVENT codes` (the codes are the players') names
    the command that prints them, `lycee player codes EVENT`, instead of the list of report ops."""
    dd, eid = played
    rc, _out, err = run(capsys, "--data-dir", str(dd.root), "reports", eid, "codes")
    assert rc == 1 and "lycee player codes" in err, err
