"""Shared steps of the round-rule tests (test_round_rules, test_clock, test_penalties,
test_cli_rules, test_desk_rules): an event on a fake clock, fixed pairings, and a
refusal that leaves the event file byte-identical, a top cut played to the end.  Nothing sleeps."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from core.desk import Desk
from core.errors import LyceeError
from core.event.model import Match
from core.rules.eventfile import event_from_doc, to_doc
from core.store import DataDir
from core.tournament.elimination import event_finished
from core.tournament.standings import standings

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


def odd_tables_2_0(m) -> str:
    """A result for table ``m``: 2-0 at the odd tables, 2-1 at the even ones."""
    return "2-0" if m.table % 2 else "2-1"


def swiss_played(root, rounds: int = 3, players: int = 8, played: int | None = None, results=odd_tables_2_0):
    """A staffed Swiss event 土曜杯 of ``rounds`` planned rounds and ``players`` players 選手1..,
    ``played`` of its rounds (all of them when None) paired with every result in (``results(match)``):
    (data dir, its open store, the desk)."""
    dd = DataDir(root)
    st = dd.create(
        {
            "name": "土曜杯",
            "date": "2026-12-05",
            "rounds_planned": rounds,
            "staff": {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"},
        }
    )
    d = Desk(st)
    d.add_players([f"選手{i}" for i in range(1, players + 1)])
    for _r in range(rounds if played is None else played):
        d.pair_next()
        for m in d.event.current_round.matches:
            if m.p2 is not None:  # a bye takes no result
                d.record(m.table, results(m))
    return dd, st, d


def played_cut(root, n: int, top: int, third: bool = False, upsets: bool = False):
    """``n`` players 選手1.., three Swiss rounds, a top ``top`` (with or without a
    third-place match) played to the end, the first-listed player winning every
    elimination match (with ``upsets`` the second-listed one, and the third-place
    match won by the player lower in the Swiss); the store closed: (data dir, event
    id, the event)."""
    dd = DataDir(root)
    st = dd.create({"name": "土曜杯", "date": "2026-12-05", "rounds_planned": 3, "sanctioned": False})
    d = Desk(st)
    d.add_players([f"選手{i}" for i in range(1, n + 1)])
    for _r in range(3):
        d.pair_next()
        for m in d.event.current_round.matches:
            d.record(m.table, "2-0" if m.table % 2 else "2-1")
    d.top_cut(top, third_place=third)
    while not event_finished(d.event):
        if d.event.current_round.complete:
            d.pair_next()
        for m in d.event.current_round.matches:
            if m.outcome is None:
                d.record(m.table, _cut_result(d.event, m, upsets))
    ev = d.event
    st.close()
    return dd, st.id, ev


def _cut_result(ev, m, upsets: bool) -> str:
    """An elimination match's result: the first-listed player wins, or with ``upsets``
    the second-listed one (the third-place match: the one lower in the Swiss)."""
    if not upsets:
        return "2-0"
    if m.note != "third_place":
        return "0-2"
    rank = {r.id: r.rank for r in standings(ev)}
    return "2-0" if rank[m.p1] > rank[m.p2] else "0-2"
