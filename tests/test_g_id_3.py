"""G-ID-3 (issue 23, item 12): where a ranking is needed the organizer answers
an intentional draw with a replay or with no winner, 優勝者不在 ("no
champion", guideline: 決勝等 ... 再試合・または優勝者不在の措置).  No winner is
the final's answer only: a semi-final without a winner stopped the event for
good (`pair` refused forever), so it is refused at the desk, at import, not
offered in the app, and flagged by `lycee verify`.  A journal written before
the rule still opens as it was played."""

from __future__ import annotations

import json

import pytest

from core import rules
from core.desk import Desk
from core.errors import RuleError, ValidationError
from core.event.model import Match
from core.reports.verify import verify_doc
from core.rules.eventfile import event_from_doc, to_doc
from core.store import DataDir
from tui.cli import main
from tui.screens.event.messages import EventChanged

STAFF = {"organizer": "Org", "judges": ["J1"], "head_judge": "HJ"}


def _semi_final(tmp_path):
    dd = DataDir(tmp_path)
    st = dd.create({"name": "Cup", "date": "2026-11-30", "staff": STAFF})
    d = Desk(st)
    d.add_players(["Ann", "Ben", "Cho", "Dai"])
    d.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4")], stage="top")
    return dd, st, d


def _no_winner_in_the_semi_final(doc: dict) -> dict:
    doc["rounds"][0]["matches"][0].update(
        p1_wins=0, p2_wins=0, draws=0, outcome="draw", intentional=True, note="ID: no winner, decided by Org (G-ID-3)"
    )
    return doc


def test_g_id_3_no_winner_before_the_final_is_refused_and_a_replay_offered(tmp_path):
    """The refusal says why and what the organizer can do; nothing is stored;
    the replay then lets the bracket go on to a final, where no winner stands
    and `pair` says the bracket is finished (it said "must name a winner")."""
    _, st, d = _semi_final(tmp_path)
    before = st.path.read_bytes()
    with pytest.raises(RuleError) as ei:
        d.id_decision(1, "no_winner", by="Org")
    assert ei.value.rule == "G-ID-3"
    assert "only the final" in str(ei.value) and "replay" in str(ei.value) and "2-0" in str(ei.value)
    assert st.path.read_bytes() == before
    d.id_decision(1, "replay", by="Org")
    d.record(1, "2-0")
    d.record(2, "0-2")
    d.pair_next()
    final = d.event.current_round
    assert [(m.p1, m.p2) for m in final.matches] == [("p1", "p4")]
    d.id_decision(1, "no_winner", by="Org")  # 優勝者不在
    assert final.number == len(d.event.rounds) and d.event.current_round.matches[0].winner() is None
    with pytest.raises(Exception, match="finished"):
        d.pair_next()
    st.close()


def test_g_id_3_no_winner_in_a_playoff_is_refused(tmp_path):
    """A playoff (G-TIE-PLAYOFF) decides who takes a place: it needs a winner."""
    dd = DataDir(tmp_path)
    st = dd.create({"name": "Cup", "date": "2026-11-30", "staff": STAFF})
    d = Desk(st)
    d.add_players(["Ann", "Ben", "Cho", "Dai"])
    d.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4")])
    d.record(1, "2-0")
    d.record(2, "2-0")
    d.store_pairing([Match(1, "p1", "p3")], stage="playoff")
    with pytest.raises(RuleError, match="playoff") as ei:
        d.id_decision(1, "no_winner", by="Org")
    assert ei.value.rule == "G-ID-3"
    st.close()


def test_g_id_3_a_journal_written_before_the_rule_still_opens(tmp_path):
    """Stricter rules check new actions only (docs/architecture.md): an
    id_decision of format 3 in a semi-final replays as it was played."""
    _, st, d = _semi_final(tmp_path)
    acts = list(st.actions)
    st.close()
    old = {
        "seq": acts[-1]["seq"] + 1,
        "type": "id_decision",
        "v": 3,
        "data": {"round": 1, "table": 1, "decision": "no_winner", "by": "Org"},
    }
    ev = rules.replay(acts + [old])
    assert ev.rounds[0].matches[0].intentional and ev.rounds[0].matches[0].winner() is None
    with pytest.raises(RuleError, match="only the final"):
        rules.replay(acts + [dict(old, v=rules.ACTION_FORMAT)])


def test_g_id_3_import_refuses_a_semi_final_without_a_winner_and_verify_flags_it(tmp_path, capsys):
    """The import replays results with the desk's reducers; a match no
    reducer can give now (no winner before the final) is refused at its JSON
    path; `lycee verify` on the same file flags the stage that cannot finish."""
    _, st, d = _semi_final(tmp_path / "src")
    doc = _no_winner_in_the_semi_final(json.loads(json.dumps(to_doc(d.event))))
    st.close()
    with pytest.raises(ValidationError) as ei:
        event_from_doc(doc)
    assert [p for p, _ in ei.value.problems] == ["$.rounds[0].matches[0]"]
    assert "G-ID-3" in str(ei.value)
    rep = verify_doc(doc)
    assert [(f.rule, f.round, f.table) for f in rep.findings if f.rule == "G-ID-3"] == [("G-ID-3", 1, 1)]
    f = tmp_path / "semi.json"
    f.write_text(json.dumps(doc))
    assert main(["verify", str(f)]) == 1
    out = capsys.readouterr().out
    assert "round 1 table 1: [G-ID-3]" in out


def test_g_id_3_a_final_without_a_winner_imports_and_verifies_without_a_g_id_3_finding(tmp_path):
    _, st, d = _semi_final(tmp_path)
    d.record(1, "2-0")
    d.record(2, "2-0")
    d.pair_next()
    d.id_decision(1, "no_winner", by="Org")
    doc = json.loads(json.dumps(to_doc(d.event)))
    st.close()
    assert event_from_doc(doc) == d.event
    assert not [f for f in verify_doc(doc).findings if f.rule == "G-ID-3"]


@pytest.mark.asyncio
async def test_g_id_3_the_app_does_not_offer_no_winner_in_a_semi_final(tmp_path):
    """`1 id` in a semi-final asks the organizer, offering the replay only and
    saying why; in the final both choices are offered."""
    from tui.app import LyceeApp
    from tui.screens.dialogs import Choose

    dd, st, d = _semi_final(tmp_path)
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f6")
        for ch in "1 id":
            await pilot.press(ch if ch != " " else "space")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        assert [k for k, _label in app.screen.choices] == ["replay"]
        assert "only the final" in app.screen.title_text
        await pilot.press("enter")
        await pilot.pause()
        assert screen.event.current_round.matches[0].note == "replay"
        screen.desk.record(1, "2-0")
        screen.desk.record(2, "2-0")
        screen.desk.pair_next()
        screen.post_message(EventChanged())
        await pilot.pause()
        screen.query_one("#result-entry").focus()
        for ch in "1 id":
            await pilot.press(ch if ch != " " else "space")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        assert [k for k, _label in app.screen.choices] == ["replay", "no_winner"]
