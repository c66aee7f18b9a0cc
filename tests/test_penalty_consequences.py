"""Issue 46 ("Rules after changes"), items 3, 4, 5, 9 and 11: penalties that
carry their consequence, no winner as one truth, the intentional draw by
table, staff who also play, and the smaller readings.  Each test names the
rule it checks (guideline ids G-..., the desk's L-... in docs/rules.md).
The time source is a fake moved by hand; nothing sleeps."""

from __future__ import annotations

from core.event.model import Match
from tests.cli_helpers import run
from tests.round_helpers import FakeTime, make_event, match_at, pair_fixed, refused, round_trip

# -- item 5: the intentional draw by table (G-ID-1, G-ID-2) -------------------------------


def test_g_id_1_a_judge_records_that_the_table_had_not_started(tmp_path):
    """G-ID-1/2: the match starts table by table; the clock start presumes it,
    and a judge who saw the table had not started records that: the draw is
    stored with the judge's name, and survives the event file."""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    desk.start_clock()
    fake.tick(seconds=2)
    err = refused(desk, lambda: desk.record(1, "id"), "G-ID-2", "--not-started --by JUDGE")
    assert "Ctrl+Z" not in str(err) and "undo" not in str(err)
    # somebody off the staff cannot say so
    refused(desk, lambda: desk.record(1, "id", not_started_by="Ann"), "G-ID-1", "not a judge")
    desk.record(1, "id", not_started_by="j1")
    m = match_at(desk, 1)
    assert m.intentional and m.outcome == "draw" and "J1" in m.note
    round_trip(desk.event)
    # games entered mean the match has started, whoever says otherwise
    desk.add_game(2, "p1")
    refused(desk, lambda: desk.record(2, "id", not_started_by="J1"), "G-ID-2", "games were entered")
    store.close()


def _cli_event(capsys, data, *names, judges=("J1",), head="HJ"):
    rc, out, err = run(
        capsys,
        *("--data-dir", data, "event", "new", "Cup", "--date", "2026-12-05", "--organizer", "Org"),
        *[x for j in judges for x in ("--judge", j)],
        *("--head-judge", head),
    )
    assert rc == 0, err
    eid = out.strip()
    rc, _o, err = run(capsys, "--data-dir", data, "player", "add", eid, *names)
    assert rc == 0, err
    return eid


def test_g_id_1_not_started_from_the_command_line(tmp_path, capsys):
    """G-ID-1: `lycee result EVENT TABLE id --not-started --by JUDGE`; the
    plain refusal points to it, never to undo (issue 46 item 5)."""
    d = str(tmp_path / "d")
    eid = _cli_event(capsys, d, "Ann", "Ben", "Cho", "Dai")
    assert run(capsys, "--data-dir", d, "pair", eid)[0] == 0
    assert run(capsys, "--data-dir", d, "clock", eid, "start")[0] == 0
    rc, _o, err = run(capsys, "--data-dir", d, "result", eid, "1", "id")
    assert rc != 0 and "--not-started" in err and "Ctrl+Z" not in err and "undo" not in err
    rc, _o, err = run(capsys, "--data-dir", d, "result", eid, "1", "id", "--not-started")
    assert rc != 0 and "--by JUDGE" in err
    rc, out, err = run(capsys, "--data-dir", d, "result", eid, "1", "id", "--not-started", "--by", "J1")
    assert rc == 0, err
    assert "J1" in out


def test_g_id_1_the_app_asks_which_judge_saw_the_table_not_started(tmp_path):
    """G-ID-1/2: in the app, `1 id` after the clock start is a question (which
    judge saw the table had not started), not a refusal pointing to undo; the
    answer is stored with the judge's name."""
    from core import readmodel

    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    pair_fixed(desk)
    assert readmodel.NOT_STARTED not in readmodel.precheck_result(desk.event, "1 id", fake()).questions
    desk.start_clock()
    check = readmodel.precheck_result(desk.event, "1 id", fake())
    assert check.questions == (readmodel.NOT_STARTED,)
    desk.record_checked(check, not_started_by="J1")
    assert "J1" in match_at(desk, 1).note
    store.close()


# -- item 3: penalties carry their consequence (G-PEN-1, L-MATCH-LOSS) ---------------------


def _no_findings(ev):
    from core.reports.judge import judge_event

    findings = judge_event(ev).report.findings
    assert not findings, [f"[{f.rule}] {f.message}" for f in findings]


def test_g_pen_1_a_match_loss_on_a_won_match_makes_it_a_loss(tmp_path):
    """G-PEN-1, L-MATCH-LOSS: a match-loss penalty takes the player's match of
    the round even when it is over: Ben's 2-1 win becomes 0-2 from his side,
    his 3 points go, the desk says so, and `lycee verify` finds nothing."""
    from core import readmodel
    from core.tournament.standings import standings

    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record(1, "1-2")  # Ben (p2) wins
    desk.record(2, "2-0")
    before = desk.event
    desk.penalty("Ben", "warning", "marked cards", by="J1", action="match_loss")
    m = match_at(desk, 1)
    assert (m.p1_wins, m.p2_wins, m.outcome) == (2, 0, "p1") and m.note == "penalty G-PEN-1"
    pts = {r.name: r.points for r in standings(desk.event)}
    assert pts["Ben"] == 0 and pts["Ann"] == 3
    said, _esc = readmodel.penalty_said(before, desk.event, "p2", "warning")
    assert "recorded as lost (0-2)" in said
    _no_findings(desk.event)
    # the appeal lifts it: the match has no result again, to be entered as played
    desk.appeal(1, "overturned", by="HJ")
    assert match_at(desk, 1).outcome is None
    store.close()


def test_g_pen_2_exclusion_says_what_happens_to_a_finished_match(tmp_path):
    """G-PEN-2, L-MATCH-LOSS: an exclusion takes the match in progress; a match
    already over stands as played, and the desk says so (no "current match is
    lost" while the table shows his win)."""
    from core import readmodel

    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record(1, "1-2")  # Ben wins
    before = desk.event
    desk.penalty("Ben", "warning", "cheating", by="J1", action="exclusion")
    m = match_at(desk, 1)
    assert m.outcome == "p2" and (m.p1_wins, m.p2_wins) == (1, 2)
    said, _esc = readmodel.penalty_said(before, desk.event, "p2", "warning")
    assert "stands as played (2-1)" in said and "lose the current match" not in said
    # in progress: Dai's match is recorded lost, and an overturned exclusion restores it unplayed
    before = desk.event
    desk.penalty("Dai", "warning", "cheating", by="J1", action="exclusion")
    said, _esc = readmodel.penalty_said(before, desk.event, "p4", "warning")
    assert "recorded as lost (0-2)" in said
    assert match_at(desk, 2).note == "excluded G-PEN-1"
    # the same words ask before it is issued: in Japanese in a tense true both before and after
    from core import i18n

    i18n.set_language("ja")
    try:
        asked = readmodel.penalty_match_words(before, "p4", "warning", "cheating", "J1", "exclusion")
    finally:
        i18n.set_language("en")
    assert asked == "第1回戦2卓の試合は敗北（0-2）となります", asked
    _no_findings(desk.event)
    desk.appeal(2, "overturned", by="HJ")
    assert match_at(desk, 2).outcome is None and not desk.event.player("p4").excluded
    desk.record(2, "2-1")
    _no_findings(desk.event)
    store.close()


def test_g_pen_2_the_exclusion_and_its_match_read_as_two_japanese_sentences(tmp_path):
    """G-PEN-2, L-MATCH-LOSS (issue 48): two warnings exclude Dai while his match is in progress;
    the Japanese message joined the exclusion and the lost match with an ASCII 「; 」; it reads
    「…以後は対戦しません。第1回戦2卓の試合は…」 (core.i18n.join_sentences)."""
    from core import i18n, readmodel

    _, store, desk = make_event(tmp_path, FakeTime())
    pair_fixed(desk)
    desk.record(1, "2-0")
    desk.penalty("Dai", "warning", "slow play", by="J1")
    before = desk.event
    desk.penalty("Dai", "warning", "slow play", by="J1")
    i18n.set_language("ja")
    try:
        said, escalated = readmodel.penalty_said(before, desk.event, "p4", "warning")
    finally:
        i18n.set_language("en")
    assert escalated and "以後は対戦しません。第1回戦2卓の試合は" in said and ";" not in said, said
    said, _esc = readmodel.penalty_said(before, desk.event, "p4", "warning")
    assert "they play no more; their match at table 2 of round 1" in said, said
    store.close()


# -- item 9: staff who also play (L-STAFF-PLAYS, G-HEAD-JUDGE) ------------------------------


def _staff_playing(tmp_path, judges=("J1", "Ben"), head="HJ"):
    """Ann-Ben at table 1, Cho-Dai at table 2; Ben is also a judge."""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    desk.set_staff(organizer="Org", judges=list(judges), head_judge=head)
    pair_fixed(desk)
    return store, desk


def test_l_staff_plays_a_judge_never_penalises_in_his_own_match(tmp_path):
    """L-STAFF-PLAYS (issue 46 item 9): Ben, a registered player made judge,
    cannot penalise his own opponent in his own match, nor himself; at
    another table he may."""
    store, desk = _staff_playing(tmp_path)
    refused(desk, lambda: desk.penalty("Ann", "warning", "slow play", by="Ben"), "L-STAFF-PLAYS", "table 1")
    refused(desk, lambda: desk.penalty("Ben", "notice", "x", by="Ben"), "L-STAFF-PLAYS")
    desk.penalty("Cho", "notice", "slow play", by="Ben")
    store.close()


def test_l_staff_plays_the_head_judge_never_rules_on_his_own_match(tmp_path):
    """L-STAFF-PLAYS: a head judge who plays neither corrects his own match's
    result nor hears an appeal of a penalty in it."""
    store, desk = _staff_playing(tmp_path, judges=("J1", "Ben"), head="Ben")
    desk.penalty("Ann", "notice", "slow play", by="J1")
    refused(desk, lambda: desk.appeal(1, "overturned", by="Ben"), "L-STAFF-PLAYS")
    store.close()


def test_g_head_judge_the_issuer_defaults_to_the_judge_on_duty(tmp_path):
    """G-HEAD-JUDGE: without --by the judge on duty issues (never the head
    judge while another judge exists, or the appeal would go to the issuer);
    with one judge only, the head judge issues and hears it, and the record
    says so."""
    from core.rules.penalties import penalty_line

    store, desk = _staff_playing(tmp_path, judges=("J1",), head="HJ")
    desk.penalty("Ann", "notice", "slow play")
    assert desk.event.penalties[-1].by == "J1"
    store.close()
    store, desk = _staff_playing(tmp_path / "one", judges=(), head="HJ")
    desk.penalty("Ann", "notice", "slow play")
    assert desk.event.penalties[-1].by == "HJ"
    desk.appeal(1, "upheld", by="HJ")
    assert "the only judge" in penalty_line(desk.event, 1, desk.event.penalties[0])
    store.close()
    store, desk = _staff_playing(tmp_path / "two", judges=("J1", "J2"), head="HJ")
    refused(desk, lambda: desk.penalty("Ann", "notice", "slow play"), "G-HEAD-JUDGE", "--by")
    store.close()


def test_g_head_judge_not_removed_after_the_start_without_a_replacement(tmp_path):
    """G-HEAD-JUDGE, L-STAFF-HJ: once the event started the head judge is
    replaced, never just removed."""
    store, desk = _staff_playing(tmp_path, judges=("J1",), head="HJ")
    refused(desk, lambda: desk.set_staff(remove=["HJ"]), "G-HEAD-JUDGE", "replacement")
    desk.set_staff(head_judge="J1")
    assert desk.event.staff.head_judge == "J1"
    store.close()


# -- item 4: no winner in the final is one truth (G-ID-3, L-NO-WINNER) ------------------------


def _final_without_winner(tmp_path):
    """Four players, two Swiss rounds, a top 2; the final an intentional draw
    the organizer leaves without a winner."""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake)
    desk.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4")])
    desk.record(1, "2-0")
    desk.record(2, "2-0")
    desk.store_pairing([Match(1, "p1", "p3"), Match(2, "p2", "p4")])
    desk.record(1, "2-0")
    desk.record(2, "2-1")
    desk.top_cut(2, end_swiss=True)
    desk.id_decision(1, "no_winner", by="Org")
    return store, desk


def test_g_id_3_no_winner_standings_report_tv_and_scorecard_agree(tmp_path):
    """G-ID-3, L-NO-WINNER (an intentionally drawn final is a shared place, 同着; 優勝者不在):
    the standings are the final placings (not the Swiss ones after round 2),
    with no place 1 and the finalists sharing 2nd; the report says no
    champion and no "Place 1"; the TV shows no champion; the scorecard closes
    with the final placings; verify finds nothing."""
    from core.reports.exports import report_table, scorecard_table
    from core.tournament.ranking import standings_json
    from tui.web.pages import T, tv_part

    store, desk = _final_without_winner(tmp_path)
    ev = desk.event
    doc = standings_json(ev)
    assert doc.get("final")
    places = {r["name"]: r["place"] for r in doc["standings"]}
    assert places["Ann"] == places["Cho"] == 2 and 1 not in places.values()
    _t, _h, rows = report_table(ev)
    cells = dict((r[0], r[1]) for r in rows)
    assert cells["Winner"] == "no champion" and "Place 1" not in cells
    _title, _head, card = scorecard_table(ev)
    assert [r[3] for r in card if r[1] == "final placing"][:2] == ["Ann", "Cho"]
    html = tv_part(T("en"), ev, 0.0)
    assert "no champion" in html
    _no_findings(ev)
    store.close()


# -- item 11: the smaller readings ------------------------------------------------------------


def _swiss_done(tmp_path, players=4):
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake, players=players)
    return fake, store, desk


def test_g_se_third_place_refused_for_a_top_2_or_3(tmp_path):
    """G-SE: --third-place in a top 2 or 3 is refused with the reason, never
    silently ignored; a top 4 plans it."""
    _fake, store, desk = _swiss_done(tmp_path)
    desk.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4")])
    desk.record(1, "2-0")
    desk.record(2, "2-0")
    for size in (2, 3):
        refused(desk, lambda size=size: desk.top_cut(size, third_place=True, end_swiss=True), "G-SE", "top 4 or more")
    desk.top_cut(4, third_place=True, end_swiss=True)
    assert desk.event.current_round.third_place
    store.close()


def test_g_se_a_top_5_quarter_final_loser_is_top_5_not_top_8(tmp_path):
    """G-SE: the placing is named by the bracket's real size: in a top 5 the
    quarter-final loser is ベスト5 ("top 5"), not ベスト8."""
    from core.reports.exports import scorecard_table, standings_table
    from core.tournament.elimination import event_finished

    _fake, store, desk = _swiss_done(tmp_path, players=5)
    desk.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4"), Match(3, "p5", None)])
    for t in (1, 2):
        desk.record(t, "2-0")
    desk.top_cut(5, end_swiss=True)
    while True:
        for m in desk.event.current_round.matches:
            if not m.reported:
                desk.record(m.table, "2-0")
        if event_finished(desk.event):
            break
        desk.pair_next()
    _t, _h, rows = standings_table(desk.event)
    words = [r[2] for r in rows]
    assert "top 5" in words and "top 8" not in words
    _t, _h, card = scorecard_table(desk.event)
    assert not any("top 8" in str(r[-1]) for r in card)
    store.close()


def test_g_bo1_a_0_0_while_time_is_left_cites_g_bo1(tmp_path):
    """G-BO1 (not G-BO3-TIME): in best of one a 0-0 typed while the table has
    time needs the time call, and the refusal cites the best-of-one rule."""
    fake = FakeTime()
    _, store, desk = make_event(tmp_path, fake, match="bo1", minutes=30)
    pair_fixed(desk)
    refused(desk, lambda: desk.record(1, "0-0"), "G-BO1")
    desk.record(1, "0-0", time_called=True)
    store.close()


def test_g_sealed_bo3_warning_says_which_range_applies():
    """G-SEALED over G-MATCH-TIME: a sealed best of three at 60 minutes is
    warned with the sealed range, and the warning says why not 50-100."""
    from core.event.timing import minutes_advice

    said = minutes_advice("bo3", 60, "sealed")
    assert said is not None and "G-SEALED" in said and "G-MATCH-TIME" in said and "30 to 50" in said
    assert minutes_advice("bo3", 60, "constructed") is None


def test_l_drop_bye_a_player_dropping_in_his_bye_round_keeps_it_and_is_told(tmp_path, capsys):
    """L-DROP-BYE (G-DROP-1, G-SWISS-POINTS): Emi drops in the round she holds
    the bye: she keeps its 3 points, and the desk says so and why."""
    from core.tournament.standings import standings

    d = str(tmp_path / "d")
    eid = _cli_event(capsys, d, "Ann", "Ben", "Cho", "Dai", "Emi")
    assert run(capsys, "--data-dir", d, "pair", eid)[0] == 0
    from core.store import DataDir

    st = DataDir(d).open(eid)
    ev = st.event
    st.close()
    bye = next(m.p1 for m in ev.current_round.matches if m.is_bye)
    name = ev.player(bye).name
    rc, out, err = run(capsys, "--data-dir", d, "player", "drop", eid, name)
    assert rc == 0, err
    assert "keeps the bye of round 1 (3 points)" in out and "L-DROP-BYE" in out
    for t in (1, 2):
        assert run(capsys, "--data-dir", d, "result", eid, str(t), "2-0")[0] == 0
    st = DataDir(d).open(eid)
    assert {r.id: r.points for r in standings(st.event)}[bye] == 3
    st.close()


def test_l_match_loss_a_log_written_before_the_rule_replays_as_played(tmp_path):
    """L-MATCH-LOSS, L-STAFF-PLAYS (action format 6): a match loss on a won
    match, and a penalty by a judge who plays in the match, written in
    format 5 replay as they were recorded; written now they are the new rule."""
    from core import rules

    store, desk = _staff_playing(tmp_path)
    desk.record(1, "1-2")  # Ben wins
    desk.penalty("Ben", "warning", "marked cards", by="J1", action="match_loss")
    acts = store.actions
    old = dict(acts[-1], v=5)
    assert rules.replay(acts[:-1] + [old]).rounds[0].match_at(1).outcome == "p2"
    assert rules.replay(acts[:-1] + [dict(old, v=rules.ACTION_FORMAT)]).rounds[0].match_at(1).outcome == "p1"
    by_player = dict(old, data={**old["data"], "player": "p1", "by": "Ben", "action": "none"})
    rules.replay(acts[:-1] + [by_player])  # opens as it was (format 5)
    store.close()
