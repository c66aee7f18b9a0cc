"""The draft caller's state machine (limited.caller.TableCall), G-DRAFT-1:
every player opens a pack, takes one card and passes the rest; packs pass
in alternating directions.  Time comes in as ``now``: no test sleeps."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core import i18n
from limited.caller import PASS_SECONDS, PICK_UP_SECONDS, TableCall
from limited.draft import PickTimer


def _call(packs=3, cards=5, seconds=10.0) -> TableCall:
    return TableCall(packs=packs, cards=cards, timer=PickTimer.of({1: seconds}))


def test_g_draft_1_a_pick_runs_its_seconds_then_draft_then_the_next_pick():
    c = _call()
    assert c.phase == "ready" and c.left(0.0) is None
    assert c.start(0.0) == "pick" and c.left(4.0) == 6.0
    assert c.update(10.0) == ["draft"] and c.left(10.0) == PASS_SECONDS
    assert c.update(10.0 + PASS_SECONDS) == ["pick"] and c.pick == 1 and c.cards_left == 4


def test_g_draft_1_packs_alternate_direction_and_wait_between_packs():
    """Pack 1 passes to the next seat number, pack 2 back; after the last
    card of a pack the caller waits for the organizer to open the next."""
    c = _call(packs=2, cards=2)
    c.start(0.0)
    assert c.direction == 1
    events = c.update(1_000.0)
    assert events == ["draft", "last", "pack_done"] and c.deadline is None
    assert c.update(5_000.0) == []  # nothing runs between packs
    assert c.skip(5_000.0) == "pick" and c.round == 1 and c.direction == -1
    assert c.update(10_000.0)[-1] == "done" and c.phase == "done"


def test_g_draft_1_pause_stands_still_and_resume_keeps_the_seconds_left():
    c = _call()
    c.start(0.0)
    c.pause(3.0)
    assert c.paused and c.update(1_000.0) == [] and c.left(1_000.0) == 7.0
    c.resume(1_000.0)
    assert not c.paused and c.left(1_005.0) == 2.0


def test_g_draft_1_skip_calls_draft_now_then_the_next_pick_now():
    c = _call()
    c.start(0.0)
    assert c.skip(1.0) == "draft" and c.skip(2.0) == "pick" and c.pick == 1


def test_g_draft_1_the_build_timer_runs_after_the_draft():
    c = _call(packs=1, cards=1)
    c.start(0.0)
    c.update(100.0)
    assert c.phase == "done"
    c.build(30, 100.0)
    assert c.running and c.left(100.0) == 1800.0
    assert c.update(100.0 + 1800.0) == ["built"] and not c.running


def test_g_draft_1_what_the_caller_says():
    i18n.set_language("en")
    c = _call()
    assert c.call(0.0).startswith("Ready")
    c.start(0.0)
    assert c.call(PICK_UP_SECONDS / 2) == "Pick up!"
    assert c.call(PICK_UP_SECONDS + 1) == "7 seconds left"
    c.skip(5.0)
    assert "→" in c.call(5.0)
    c.pause(5.5)
    assert c.call(6.0).startswith("Paused")


@settings(max_examples=40, deadline=None)
@given(
    packs=st.integers(1, 4),
    cards=st.integers(1, 12),
    gaps=st.lists(st.floats(0, 120, allow_nan=False), min_size=1, max_size=60),
)
def test_g_draft_1_every_pick_of_every_pack_is_called_once(packs, cards, gaps):
    """Whatever the ticks, each pack passes ``cards - 1`` times (one "draft"
    call a card taken with a choice) and its last card is called once as
    taken ("last": nothing to choose, nothing to pass), and the draft ends
    after the last pack."""
    c = _call(packs, cards)
    now, drafts, lasts = 0.0, 0, int(c.start(0.0) == "last")
    for g in gaps:
        now += g
        ev = c.update(now)
        drafts += ev.count("draft")
        lasts += ev.count("last")
        if c.phase == "pack_done":
            lasts += int(c.start(now) == "last")
    while c.phase not in ("done",):
        now += 1_000.0
        ev = c.update(now)
        drafts += ev.count("draft")
        lasts += ev.count("last")
        if c.phase == "pack_done":
            lasts += int(c.start(now) == "last")
    assert drafts == packs * (cards - 1) and lasts == packs


def test_g_draft_1_the_packs_last_card_is_taken_without_a_countdown_or_a_pass():
    """Issue 48 item 15: at pick 11 of 11 (one card in the pack) there is
    nothing to choose and nobody to pass to: the caller says to take the last
    card, runs no pick timer and never says "Pass the pack"; then the pack is
    done."""
    i18n.set_language("en")
    c = _call(packs=2, cards=3)
    c.start(0.0)
    c.update(10.0)  # the pass after pick 1
    assert c.update(10.0 + PASS_SECONDS) == ["pick"] and c.cards_left == 2
    assert c.update(20.0 + PASS_SECONDS) == ["draft"]
    assert c.update(20.0 + 2 * PASS_SECONDS) == ["last"] and c.cards_left == 1
    at = 20.0 + 2 * PASS_SECONDS
    assert c.call(at) == "Take the last card" and c.left(at) == PICK_UP_SECONDS
    assert "Pass" not in c.call(at + 1) and "seconds" not in c.call(at + 1)
    assert c.update(at + PICK_UP_SECONDS) == ["pack_done"]
    assert c.skip(100.0) == "pick" and c.round == 1
    assert [c.skip(t) for t in (101.0, 102.0, 103.0, 104.0)] == ["draft", "pick", "draft", "last"]
    assert c.skip(105.0) == "done"
    i18n.set_language("ja")
    c = _call(packs=1, cards=1)
    assert c.start(0.0) == "last" and c.call(0.0) == "最後の1枚を取ってください"


def test_g_draft_1_pick_seconds_are_capped_at_the_setup_form():
    """Issue 48 item 19: the table's pick seconds accepted 99999 (a pick of
    28 hours: the caller stood still); a pick is 1 to 300 seconds, said in the
    refusal, in either of the form's two writings."""
    import pytest

    from tui.screens.table_setup import MAX_PICK_SECONDS, parse_pick_seconds

    i18n.set_language("en")
    assert parse_pick_seconds("300").seconds(11) == MAX_PICK_SECONDS == 300
    assert parse_pick_seconds("11:40 6:20 1:5").seconds(11) == 40
    for text in ("99999", "11:99999 1:5"):
        with pytest.raises(ValueError, match="at most 300"):
            parse_pick_seconds(text)
