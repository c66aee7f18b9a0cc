"""Shared steps of the round-rule tests (test_round_rules, test_clock, test_penalties,
test_cli_rules, test_desk_rules): an event on a fake clock, fixed pairings, and a
refusal that leaves the event file byte-identical.  Nothing sleeps."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from core.desk import Desk
from core.errors import LyceeError
from core.event.model import Match
from core.rules.eventfile import event_from_doc, to_doc
from core.store import DataDir

JST = timezone(timedelta(hours=9))
T0 = datetime(2026, 11, 30, 13, 0, 0, tzinfo=JST)
STAFF = {"organizer": "Org", "judges": ["J1"], "head_judge": "HJ"}
NAMES = ["Ann", "Ben", "Cho", "Dai", "Emi", "Fuji", "Gen", "Hana"]


class FakeTime:
    """A time source the test moves by hand (no sleeps)."""

    def __init__(self, t: datetime = T0):
        self.t = t

    def __call__(self) -> datetime:
        return self.t

    def tick(self, **kw) -> None:
        self.t += timedelta(**kw)


def make_event(root, fake, *, match="bo3", players=4, staff=True, sanctioned=True, minutes=50):
    dd = DataDir(root, clock=fake)
    settings = {"name": "Round Cup", "date": "2026-11-30", "match": match, "minutes": minutes, "sanctioned": sanctioned}
    if staff:
        settings["staff"] = dict(STAFF)
    store = dd.create(settings)
    desk = Desk(store)
    desk.add_players(NAMES[:players])
    return dd, store, desk


def pair_fixed(desk, stage="swiss"):
    """Round with p1-p2 at table 1, p3-p4 at table 2 (no pairing engine)."""
    return desk.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4")], stage=stage)


def refused(desk, fn, rule=None, match=None, exc=LyceeError):
    """``fn`` is refused (with ``rule``) and the event file is byte-identical."""
    before = desk.store.path.read_bytes()
    n = len(desk.store.actions)
    with pytest.raises(exc, match=match) as ei:
        fn()
    if rule is not None:
        assert ei.value.rule == rule, str(ei.value)
        assert f"[{rule}]" in str(ei.value)
    assert desk.store.path.read_bytes() == before
    assert len(desk.store.actions) == n
    return ei.value


def match_at(desk, table, round_number=None):
    ev = desk.event
    return ev.rounds[(round_number or len(ev.rounds)) - 1].match_at(table)


def round_trip(ev):
    doc = json.loads(json.dumps(to_doc(ev), ensure_ascii=False))
    assert event_from_doc(doc) == ev
    return doc
