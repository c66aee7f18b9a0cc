"""A limited event's build phase (G-SEALED, G-DRAFT-1..4): pools opened per
player from a seed, draft pods and pools, the building timer, decklists
checked against the pool, round 1 held until the decks are in, and the
`lycee build` / `lycee pool` commands."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timedelta, timezone

import pytest

from core.cards.decks import Decklist
from core.cards.legality import Catalog
from core.desk import Desk
from core.errors import LyceeError, NotFound, RuleError, ValidationError
from core.rules.decklists import as_decklist, deck_problems
from core.rules.eventfile import event_from_doc, to_doc
from core.store.store import DataDir
from limited.event import (
    add_sealed_pool,
    build_bot_decks,
    draft_pods,
    draft_pool_size,
    enter_draft_pool,
    open_sealed_pools,
    simulate_draft,
)
from tui.cli import main

STAFF = {"organizer": "O", "judges": ["J"], "head_judge": "J"}


class FakeClock:
    def __init__(self):
        self.t = datetime(2026, 11, 30, 13, 0, tzinfo=timezone.utc)

    def __call__(self):
        return self.t

    def advance(self, **kw):
        self.t += timedelta(**kw)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.default()


@pytest.fixture
def clock():
    return FakeClock()


def _event(tmp_path, clock, kind: str, players: int, name: str = "Cup", **settings) -> Desk:
    dd = DataDir(tmp_path / "data", clock=clock)
    settings.setdefault("sanctioned", False)  # sample sets: unsanctioned events and practice (G-CARDS-VERSIONS)
    store = dd.create({"name": name, "kind": kind, "date": "2026-11-30", "staff": STAFF, **settings})
    d = Desk(store)
    d.add_players([f"Player {i}" for i in range(1, players + 1)])
    return d


@pytest.fixture
def sealed(tmp_path, clock):
    d = _event(tmp_path, clock, "sealed", 6)
    yield d
    d.store.close()


@pytest.fixture
def draft(tmp_path, clock):
    d = _event(tmp_path, clock, "draft", 10)
    yield d
    d.store.close()


# -- sealed ---------------------------------------------------------------------------------------


def test_g_sealed_one_pool_per_active_player_from_the_seed(sealed, tmp_path, clock, catalog):
    sealed.drop("Player 6")
    open_sealed_pools(sealed, "alpha", "1s3b", seed=11)
    ev = sealed.event
    assert [p.player for p in ev.pools] == ["p1", "p2", "p3", "p4", "p5"]  # the dropped player opens nothing
    pool = ev.pool_of("p1")
    assert pool.kind == "sealed" and pool.product == "1s3b" and pool.seed == 11 and pool.packs == 4
    assert [o.kind for o in pool.opened] == ["starter", "booster", "booster", "booster"]
    assert pool.opened[0].starter and pool.cards == tuple(n for o in pool.opened for n in o.cards)
    assert all(catalog.set("alpha").get(n) for n in pool.cards)
    assert len({p.cards for p in ev.pools}) == 5  # everyone opens their own
    # the same seed opens the same pools in another event
    other = _event(tmp_path / "2", clock, "sealed", 6, name="Again")
    other.drop("Player 6")
    open_sealed_pools(other, "alpha", "1s3b", seed=11)
    assert other.event.pools == ev.pools
    other.store.close()
    # one batch: the phase, five pools and the timer start
    assert [a["type"] for a in sealed.store.actions[-7:]] == ["build", *["pool"] * 5, "build"]


def test_g_sealed_late_player_gets_the_pool_the_seed_gives_them(sealed, tmp_path, clock):
    open_sealed_pools(sealed, "beta", "2s", seed=5)
    sealed.add_players(["Late"])
    add_sealed_pool(sealed, "Late")
    full = _event(tmp_path / "2", clock, "sealed", 6, name="Full")
    full.add_players(["Late"])
    open_sealed_pools(full, "beta", "2s", seed=5)
    assert full.event.pool_of("p7") == sealed.event.pool_of("p7")
    full.store.close()
    with pytest.raises(LyceeError, match="already has a pool"):
        add_sealed_pool(sealed, "Late")


def test_g_sealed_refusals_store_nothing(sealed, tmp_path, clock):
    path = sealed.store.path
    before = path.read_bytes()
    with pytest.raises(NotFound, match=r"no card set 'zeta'.*\[G-CARDS-VERSIONS\]"):
        open_sealed_pools(sealed, "zeta", "2s", seed=1)
    with pytest.raises(RuleError, match=r"\[G-SEALED\]"):
        open_sealed_pools(sealed, "alpha", "3b", seed=1)
    with pytest.raises(RuleError, match=r"\[G-DRAFT-1\]"):
        draft_pods(sealed, "alpha", 4, seed=1)
    with pytest.raises(RuleError, match=r"\[G-SEALED\]"):
        sealed.store.append("pool", {"player": "p1", "kind": "draft", "set": "alpha", "cards": ["CH-5001"]})
    assert path.read_bytes() == before
    open_sealed_pools(sealed, "alpha", "2s", seed=1)
    before = path.read_bytes()
    with pytest.raises(LyceeError, match="already opened"):
        open_sealed_pools(sealed, "alpha", "2s", seed=2)
    with pytest.raises(LyceeError, match="already opened"):
        sealed.store.append("build", sealed.build_data("open", kind="sealed", set="alpha", product="2s"))
    with pytest.raises(LyceeError, match="already started"):
        sealed.start_build()
    assert path.read_bytes() == before


def test_g_sealed_no_pool_or_build_phase_for_a_constructed_event(tmp_path, clock):
    d = _event(tmp_path, clock, "constructed", 4)
    before = d.store.path.read_bytes()
    with pytest.raises(RuleError, match=r"\[G-SEALED\]"):
        d.store.append(
            "pool", {"player": "p1", "kind": "sealed", "set": "alpha", "product": "2s", "cards": ["CH-5001"]}
        )
    with pytest.raises(RuleError, match="constructed"):
        d.store.append("build", d.build_data("open", kind="sealed", set="alpha", product="2s"))
    with pytest.raises(RuleError, match=r"\[G-SEALED\]"):
        open_sealed_pools(d, "alpha", "2s", seed=1)
    assert d.store.path.read_bytes() == before
    d.store.close()


def test_g_sealed_decklist_checked_against_the_pool_and_40_cards(sealed, catalog):
    open_sealed_pools(sealed, "alpha", "1s3b", seed=3)
    build_bot_decks(sealed, ["Player 1"])
    assert deck_problems(sealed.event, "p1", catalog) == []
    deck = as_decklist(sealed.event.decklist_of("p1"))
    counts = deck.counts("deck")
    pool = Counter(sealed.event.pool_of("p2").cards)
    stranger = next(
        n
        for n in sorted({c.number for c in catalog.set("alpha").cards})
        if n not in Counter(sealed.event.pool_of("p2").cards) and catalog.set("alpha").get(n).max_copies is None
    )
    # Player 2 hands in Player 1's deck: cards not in their pool (G-SEALED)
    sealed.register_decklist("Player 2", Decklist.from_counts(counts + Counter({stranger: 1})))
    probs = deck_problems(sealed.event, "p2", catalog)
    assert {p.rule for p in probs} == {"G-SEALED"}
    assert {p.code for p in probs} >= {"size", "pool"}
    assert any(p.number == stranger for p in probs)
    assert pool  # the pool itself is there


def test_g_sealed_round_1_waits_for_every_decklist_or_the_organizer_closing(sealed, catalog):
    """Issue 11 changed this rule: closing the build phase no longer lets round 1
    pair with decks missing (G-SEALED: a 40-card deck from the pool for every
    player).  Round 1 waits for every active player's legal deck, and the
    refusal names each player and what fixes it (key and command); only the head
    judge's override (G-HEAD-JUDGE), logged with who and why, lets it pair."""
    open_sealed_pools(sealed, "gamma", "2s", seed=9)
    build_bot_decks(sealed, ["Player 1", "Player 2"])
    before = sealed.store.path.read_bytes()
    with pytest.raises(
        RuleError,
        match=r"4 player\(s\): Player 3 \(no deck\); Player 4 .*Ctrl\+R.*"
        r"lycee decklist add.*lycee build EVENT override.*\[G-SEALED\]",
    ):
        sealed.pair_next()
    assert sealed.store.path.read_bytes() == before
    st = sealed.build_status()
    assert st.state == "building" and not st.ready and st.missing_decklists == ("p3", "p4", "p5", "p6")
    sealed.close_build(by="O")
    st = sealed.build_status()
    assert st.state == "closed" and not st.ready and st.closed_by == "O"
    before = sealed.store.path.read_bytes()
    with pytest.raises(RuleError, match=r"4 player\(s\)"):  # closing alone is not enough any more
        sealed.pair_next()
    with pytest.raises(RuleError, match=r"only the head judge \(J\).*\[G-HEAD-JUDGE\]"):
        sealed.override_decks("O", "late start")
    with pytest.raises(LyceeError, match="needs a reason"):
        sealed.override_decks("J", " ")
    assert sealed.store.path.read_bytes() == before
    sealed.override_decks("J", "players 3-6 lost their sleeves; decks checked at the table")
    st = sealed.build_status()
    assert st.ready and st.override_by == "J" and "sleeves" in st.override_reason
    assert sealed.event.build.override_players == ("p3", "p4", "p5", "p6")
    sealed.pair_next()
    assert len(sealed.event.rounds) == 1
    with pytest.raises(LyceeError, match="closed"):
        sealed.start_build()


def test_g_sealed_an_event_paired_under_the_old_rule_still_opens(sealed, catalog):
    """docs/storage.md (nothing stored is lost) with G-SEALED: an event whose
    round 1 was paired after the build phase closed with decks missing (the
    rule before issue 11, actions of format 2) replays as it was played; the
    same pairing written now (format 3) is refused."""
    from core import rules

    open_sealed_pools(sealed, "gamma", "2s", seed=9)
    build_bot_decks(sealed, ["Player 1", "Player 2"])
    sealed.close_build(by="O")
    ids = [p.id for p in sealed.event.players]
    matches = [{"table": i // 2 + 1, "p1": ids[i], "p2": ids[i + 1]} for i in range(0, len(ids), 2)]
    last = sealed.store.actions[-1]
    pair = {
        "seq": last["seq"] + 1,
        "at": last["at"],
        "actor": "desk",
        "type": "pair",
        "data": {"round": 1, "stage": "swiss", "matches": matches},
    }
    ev = rules.replay(list(sealed.store.actions) + [dict(pair, v=2)])
    assert len(ev.rounds) == 1 and len(ev.rounds[0].matches) == len(matches)
    with pytest.raises(RuleError, match=r"round 1 waits for a legal deck"):
        rules.replay(list(sealed.store.actions) + [dict(pair, v=rules.ACTION_FORMAT)])


def test_g_sealed_round_1_refused_for_a_deck_not_legal_from_the_pool(sealed, catalog):
    """G-SEALED: a registered deck of 39 cards, or with a card not in the
    player's pool, holds round 1 like a missing one; the refusal says what is
    wrong; fixing the deck pairs (the open phase is closed with round 1)."""
    open_sealed_pools(sealed, "alpha", "2s", seed=4)
    build_bot_decks(sealed)
    counts = as_decklist(sealed.event.decklist_of("p2")).counts("deck")
    short = counts.copy()
    short[next(iter(short))] -= 1
    sealed.register_decklist("Player 2", Decklist.from_counts(+short))
    assert sealed.build_status().problem_decks == ("p2",)
    with pytest.raises(RuleError, match=r"1 player\(s\): Player 2 \(.*39.*\[G-SEALED\]"):
        sealed.pair_next()
    sealed.register_decklist("Player 2", Decklist.from_counts(counts))
    ev = sealed.pair_next()
    assert len(ev.rounds) == 1 and ev.build.closed
    assert [a["type"] for a in sealed.store.actions[-2:]] == ["build", "pair"]


def test_g_head_judge_override_is_in_the_log_and_the_event_file(sealed, tmp_path):
    """G-HEAD-JUDGE: the override is an action (who, why, the players waived):
    the audit trail names it, undo takes it back, the event file keeps it."""
    open_sealed_pools(sealed, "alpha", "2s", seed=4)
    sealed.override_decks("J", "deck registration desk broke")
    (row,) = [h for h in sealed.store.history() if "override" in h["text"]]
    assert "J" in row["text"] and "deck registration desk broke" in row["text"]
    ev = sealed.pair_next()
    assert event_from_doc(json.loads(json.dumps(to_doc(ev)))) == ev
    for _ in range(3):  # the pairing, the closing that came with it, the override
        sealed.undo()
    assert sealed.build_status().override_at is None and not sealed.build_status().ready


def test_g_sealed_from_pools_to_round_1_pairings(sealed, catalog):
    """The whole build phase: pools, bot-built 40-card decks checked against
    the pools, round 1 paired once every deck is in, file round trip."""
    open_sealed_pools(sealed, "alpha", "2s", seed=21, minutes=40)
    assert sealed.build_status().minutes == 40
    assert build_bot_decks(sealed) == ["p1", "p2", "p3", "p4", "p5", "p6"]
    statuses = sealed.decklist_status(catalog)
    assert [s.status for s in statuses] == ["registered"] * 6
    assert all(s.deck_size == 40 for s in statuses)
    assert sealed.build_status().ready
    ev = sealed.pair_next()
    rnd = ev.rounds[0]
    assert sorted(p for m in rnd.matches for p in m.players()) == [f"p{i}" for i in range(1, 7)]
    assert event_from_doc(json.loads(json.dumps(to_doc(ev)))) == ev


def test_g_sealed_building_time_runs_like_the_round_clock(sealed, clock):
    open_sealed_pools(sealed, "alpha", "2s", seed=1, minutes=30)
    clock.advance(minutes=10)
    assert sealed.build_status().remaining == 20 * 60
    sealed.pause_build()
    clock.advance(minutes=5)
    st = sealed.build_status()
    assert st.state == "paused" and st.remaining == 20 * 60
    sealed.resume_build()
    clock.advance(minutes=21)
    st = sealed.build_status()
    assert st.state == "building" and st.time_up and st.remaining == -60
    sealed.close_build()
    clock.advance(minutes=30)
    assert sealed.build_status().remaining == -60  # stopped at the close
    # undo reopens the phase; the time is read from the log again
    sealed.undo()
    assert sealed.build_status().state == "building"


def test_g_sealed_timer_waits_when_not_started(sealed, clock):
    open_sealed_pools(sealed, "alpha", "2s", seed=1, start=False)
    clock.advance(minutes=10)
    st = sealed.build_status()
    assert st.state == "open" and st.remaining is None
    sealed.start_build()
    clock.advance(minutes=1)
    assert sealed.build_status().remaining == 29 * 60


# -- draft ------------------------------------------------------------------------------------------


def test_g_draft_pods_seat_every_player_and_bots_fill_in_the_pools(draft, catalog):
    draft_pods(draft, "beta", 5, seed=4)
    ev = draft.event
    assert [len(p) for p in ev.pods] == [5, 5]  # L-DRAFT-POD: 10 -> 5 + 5
    seated = sorted(s.player for pod in ev.pods for s in pod)
    assert seated == sorted(p.id for p in ev.players)
    st = draft.build_status()
    assert st.state == "open" and st.pods == (5, 5) and len(st.missing_pools) == 10
    simulate_draft(draft)
    ev = draft.event
    size = draft_pool_size(catalog.set("beta"), 5)
    assert len(ev.pools) == 10 and all(len(p.cards) == size and p.packs == 5 for p in ev.pools)
    # the pools of a pod share out its packs: no card appears more than the packs held
    st = draft.build_status()
    assert st.state == "building" and st.missing_pools == ()  # the timer starts with the last pool
    build_bot_decks(draft)
    for s in draft.decklist_status(catalog):
        assert s.status == "registered" and s.deck_size == 50  # G-DRAFT-4: 5 packs x 10
    ev = draft.pair_next()
    assert event_from_doc(json.loads(json.dumps(to_doc(ev)))) == ev


def test_g_draft_3_and_4_deck_size_packs_times_10_more_than_4_of_a_name(draft, catalog):
    draft_pods(draft, "alpha", 4, seed=8)
    simulate_draft(draft)
    pool = Counter(draft.event.pool_of("p1").cards)
    # 40 cards straight from the pool, whatever the names (G-DRAFT-3)
    deck = Counter(list(pool.elements())[:40])
    draft.register_decklist("p1", Decklist.from_counts(deck))
    assert deck_problems(draft.event, "p1", catalog) == []
    draft.register_decklist("p1", Decklist.from_counts(Counter(list(pool.elements())[:41])))
    assert [(p.rule, p.code) for p in deck_problems(draft.event, "p1", catalog)] == [("G-DRAFT-4", "size")]


def test_g_draft_2_packs_and_pod_refusals_store_nothing(draft):
    before = draft.store.path.read_bytes()
    with pytest.raises(RuleError, match=r"\[G-DRAFT-2\]"):
        draft_pods(draft, "alpha", 3, seed=1)
    with pytest.raises(RuleError, match=r"\[G-DRAFT-2\]"):
        draft.store.append("build", draft.build_data("open", kind="draft", set="alpha", packs=7))
    with pytest.raises(NotFound, match="G-CARDS-VERSIONS"):
        draft_pods(draft, "nope", 4, seed=1)
    with pytest.raises(RuleError, match=r"\[G-SEALED\]"):
        open_sealed_pools(draft, "alpha", "2s", seed=1)
    with pytest.raises(LyceeError, match="not seated"):
        simulate_draft(draft)
    assert draft.store.path.read_bytes() == before
    draft_pods(draft, "alpha", 4, seed=1)
    before = draft.store.path.read_bytes()
    with pytest.raises(LyceeError, match="already opened"):
        draft_pods(draft, "alpha", 4, seed=1)
    with pytest.raises(LyceeError, match="already seated"):
        draft.store.append("pods", {"pods": [[{"name": "A", "player": "p1"}, {"name": "B", "player": "p2"}]]})
    assert draft.store.path.read_bytes() == before


def test_g_draft_1_pools_entered_from_the_table(draft, catalog):
    draft_pods(draft, "alpha", 4, seed=2)
    cs = catalog.set("alpha")
    size = draft_pool_size(cs, 4)
    cards = [c.number for c in cs.cards][:size]
    before = draft.store.path.read_bytes()
    with pytest.raises(RuleError, match=rf"{size - 1} cards.*\[G-DRAFT-1\]"):
        enter_draft_pool(draft, "Player 1", cards[:-1])
    with pytest.raises(ValidationError, match="CH-6001 is not a card of set alpha"):
        enter_draft_pool(draft, "Player 1", cards[:-1] + ["CH-6001"], source="p1.txt")
    assert draft.store.path.read_bytes() == before
    enter_draft_pool(draft, "Player 1", cards)
    assert draft.event.pool_of("p1").cards == tuple(cards)
    assert draft.build_status().state == "open"  # nine pools still to come
    simulate_draft(draft)  # bots fill in the rest
    assert draft.event.pool_of("p1").cards == tuple(cards)
    assert draft.build_status().state == "building"


# -- the command line ---------------------------------------------------------------------------------


def run(capsys, *argv):
    rc = main(list(argv))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def _cli_event(capsys, data: str, kind: str, players: list[str]) -> str:
    rc, out, _ = run(
        capsys,
        "--data-dir",
        data,
        "event",
        "new",
        "Cup",
        "--kind",
        kind,
        "--date",
        "2026-11-30",
        "--organizer",
        "O",
        "--judge",
        "J",
        "--head-judge",
        "J",
        "--unsanctioned",
    )
    eid = out.strip()
    run(capsys, "--data-dir", data, "player", "add", eid, *players)
    return eid


def test_g_sealed_cli_open_status_close_pool(tmp_path, capsys):
    data = str(tmp_path)
    eid = _cli_event(capsys, data, "sealed", ["Ann", "Ben", "Cat"])
    path = next((tmp_path / "events").glob("*.json"))
    before = path.read_bytes()
    rc, _, err = run(capsys, "--data-dir", data, "build", eid, "open", "--set", "alpha", "--packs", "4")
    assert rc == 1 and "--product" in err
    rc, _, err = run(capsys, "--data-dir", data, "build", eid, "open", "--set", "omega", "--product", "2s")
    assert rc == 1 and "omega" in err and "G-CARDS-VERSIONS" in err
    assert path.read_bytes() == before
    rc, out, _ = run(
        capsys,
        "--data-dir",
        data,
        "build",
        eid,
        "open",
        "--set",
        "alpha",
        "--product",
        "1s3b",
        "--seed",
        "7",
        "--minutes",
        "45",
    )
    assert rc == 0 and "alpha 1s3b" in out and "45 minutes" in out and "pools: 3 of 3" in out
    before = path.read_bytes()
    rc, _, err = run(capsys, "--data-dir", data, "build", eid, "open", "--set", "alpha", "--product", "2s")
    assert rc == 1 and "already opened" in err and err.count("\n") == 1
    assert path.read_bytes() == before
    rc, out, _ = run(capsys, "--data-dir", data, "build", eid, "status", "--json")
    doc = json.loads(out)
    assert doc["state"] == "building" and doc["minutes"] == 45 and doc["seed"] == 7 and not doc["ready"]
    assert doc["missing_decklists"] == ["p1", "p2", "p3"] and doc["names"]["p1"] == "Ann"
    rc, out, _ = run(capsys, "--data-dir", data, "pool", eid, "Ann", "--json")
    pool = json.loads(out)
    assert pool["product"] == "1s3b" and pool["size"] == sum(pool["pool"].values())
    assert [o["kind"] for o in pool["opened"]] == ["starter", "booster", "booster", "booster"]
    rc, out, _ = run(capsys, "--data-dir", data, "pool", eid, "Ann")
    assert rc == 0 and out.startswith("pool of Ann:")
    rc, _, err = run(capsys, "--data-dir", data, "pair", eid)
    assert rc == 1 and "G-SEALED" in err
    rc, out, _ = run(capsys, "--data-dir", data, "build", eid, "simulate", "--decks")
    assert rc == 0 and "decklists: 3 of 3" in out and "round 1 can be paired" in out
    rc, out, _ = run(capsys, "--data-dir", data, "decklist", "status", eid, "--json")
    assert json.loads(out)["counts"]["registered"] == 3
    rc, out, _ = run(capsys, "--data-dir", data, "build", eid, "close", "--by", "O")
    assert rc == 0 and "closed at" in out
    rc, out, _ = run(capsys, "--data-dir", data, "pair", eid, "--json")
    assert rc == 0 and json.loads(out)["round"] == 1


def test_g_draft_cli_open_simulate_and_enter_pool(tmp_path, capsys, catalog):
    data = str(tmp_path)
    eid = _cli_event(capsys, data, "draft", ["Ann", "Ben", "Cat", "Dan"])
    rc, _, err = run(capsys, "--data-dir", data, "build", eid, "open", "--set", "beta", "--packs", "3")
    assert rc == 1 and "G-DRAFT-2" in err
    rc, out, _ = run(
        capsys, "--data-dir", data, "build", eid, "open", "--set", "beta", "--packs", "4", "--seed", "3", "--bots", "2"
    )
    assert rc == 0 and "draft pods: 6" in out and "pools: 0 of 4" in out
    cs = catalog.set("beta")
    cards = Counter([c.number for c in cs.cards][: draft_pool_size(cs, 4)])
    f = tmp_path / "ann-pool.txt"
    f.write_text("".join(f"{n} {num}\n" for num, n in cards.items()), encoding="utf-8")
    rc, out, _ = run(capsys, "--data-dir", data, "build", eid, "pool", "Ann", str(f))
    assert rc == 0 and "pools: 1 of 4" in out
    rc, out, _ = run(capsys, "--data-dir", data, "build", eid, "simulate")
    assert rc == 0 and "pools: 4 of 4" in out and "building" in out
    rc, _, err = run(capsys, "--data-dir", data, "build", eid, "simulate")
    assert rc == 1 and "nothing to simulate" in err
    rc, out, _ = run(capsys, "--data-dir", data, "pool", eid, "Ann", "--json")
    assert json.loads(out)["pool"] == dict(sorted(cards.items()))


def test_g_head_judge_override_named_on_the_report_and_decklists_export(sealed, tmp_path, capsys):
    """G-HEAD-JUDGE: the override is on the event report and the decklists
    export; `lycee build EVENT override` records it from the command line."""
    from core.reports.exports import render

    open_sealed_pools(sealed, "alpha", "2s", seed=4)
    build_bot_decks(sealed, ["Player 1"])
    eid, root = sealed.event.id, str(sealed.store.datadir.root)
    sealed.store.close()
    rc = main(["--data-dir", root, "--lang", "en", "pair", eid])
    assert rc != 0 and "Player 2 (no deck)" in capsys.readouterr().err
    assert (
        main(["--data-dir", root, "--lang", "en", "build", eid, "override", "--by", "J", "--reason", "missing sleeves"])
        == 0
    )
    assert "head judge override by J" in capsys.readouterr().out
    assert main(["--data-dir", root, "--lang", "en", "pair", eid]) == 0
    capsys.readouterr()
    d = Desk(DataDir(root).open(eid))
    report = render(d.event, "report", "csv")
    assert "Deck override" in report and "missing sleeves" in report and "Player 6" in report
    lists = render(d.event, "decklists", "csv")
    assert "head judge override" in lists and "Player 2" in lists
    d.store.close()


# -- pools from packs opened at the table (issue 27) ------------------------------------------------


def _table_pool(cs, i: int) -> Counter:
    import random

    from limited.sealed import open_sealed

    return Counter(open_sealed(cs, "1s3b", random.Random(300 + i)).cards)


def test_g_sealed_real_pools_checked_against_the_product_and_correctable_until_a_deck(sealed, catalog):
    from limited.tablepool import enter_table_pool, open_real, pool_problems

    assert open_real(sealed, "alpha", product="1s3b") == ""  # 65 cards for 40: no squeeze
    ev = sealed.event
    assert ev.build.real and not ev.pools and ev.build.seed is None
    cs = catalog.set("alpha")
    pool = _table_pool(cs, 0)
    # one card short / a starter not whole / a booster's worth off by rarity: each said, nothing stored
    short = pool.copy()
    short[next(iter(short))] -= 1
    with pytest.raises(RuleError, match=r"64 cards entered, 65 expected .*1 to go"):
        enter_table_pool(sealed, "Player 1", +short)
    st = next(st for st in cs.starters if all(pool[n] >= k for n, k in st.cards))  # the one opened
    swapped = pool.copy()
    num, _k = next((n, k) for n, k in st.cards if swapped[n])
    swapped[num] -= swapped[num]
    commons = [c.number for c in cs.cards if c.rarity == "C" and c.number not in dict(st.cards)]
    swapped[commons[0]] += pool[num]
    probs = pool_problems(cs, "sealed", +swapped, product="1s3b")
    assert probs and all("starter" in p or "rarity" in p or "boosters" in p for p in probs)
    assert sealed.event.pool_of("p1") is None
    # the product: recorded; entered again, it replaces the first (a typo corrected)
    enter_table_pool(sealed, "Player 1", pool)
    other = _table_pool(cs, 1)
    enter_table_pool(sealed, "Player 1", other)
    assert Counter(sealed.event.pool_of("p1").cards) == other and len(sealed.event.pools) == 1
    # once a deck is registered from it, the pool stays
    build_bot_decks(sealed, ["Player 1"])
    with pytest.raises(LyceeError, match="registered a deck"):
        enter_table_pool(sealed, "Player 1", pool)


def test_g_sealed_table_pool_refused_when_the_desk_opened_the_pools(sealed):
    from limited.tablepool import enter_table_pool

    open_sealed_pools(sealed, "alpha", "2s", seed=1)
    with pytest.raises(RuleError, match="--real"):
        enter_table_pool(sealed, "Player 1", Counter(sealed.event.pool_of("p1").cards))


def test_g_draft_1_squeeze_warns_with_the_numbers(catalog):
    from limited.tablepool import squeeze

    alpha, beta = catalog.set("alpha"), catalog.set("beta")
    text = squeeze(alpha, "draft", packs=4)
    assert "44" in text and "40" in text and "4 to leave out" in text
    assert "48" in squeeze(beta, "draft", packs=4)  # 8 to leave out
    assert squeeze(beta, "draft", packs=6) == ""  # 72 picks for 60: 12 to leave out
    # issue 48 item 19: at 6 packs, the most G-DRAFT-2 allows, more packs is no advice
    six = squeeze(alpha, "draft", packs=6)
    assert "66" in six and "6 to leave out" in six and "more packs" not in six and "larger boosters" in six
    assert "more packs" in text


def test_g_sealed_entry_line_remembers_the_prefix_and_refuses_typos(catalog):
    from limited.tablepool import Entry, parse_text

    cs = catalog.set("alpha")
    e = Entry(cs)
    assert e.add_line("5063 2") == ("CH-5063", 2)
    assert e.add_line("EV-5007") == ("EV-5007", 1)
    assert e.add_line("5013 2") == ("EV-5013", 2)  # the prefix typed last
    assert e.add_line("2 ch-5004") == ("CH-5004", 2) and e.add_line("2x5005") == ("CH-5005", 2)
    for bad in ("9999 2", "5063 2 3", "hello", "5063 99"):
        with pytest.raises(LyceeError):
            e.add_line(bad)
    assert sum(e.counts.values()) == 9
    assert parse_text("5063 2, EV-5007 1\n2 CH-5004 高橋 裕美子\n", cs) == Counter(
        {"CH-5063": 2, "EV-5007": 1, "CH-5004": 2}
    )
    with pytest.raises(LyceeError, match="entry 2"):
        parse_text("5063 2\nabc 2\n", cs)


def test_g_sealed_cli_build_open_real_and_pool_file(tmp_path, clock, capsys):
    import random

    from limited.sealed import open_sealed

    d = _event(tmp_path, clock, "sealed", 2)
    eid, data = d.event.id, str(tmp_path / "data")
    d.store.close()
    assert main(["--data-dir", data, "build", eid, "open", "--set", "alpha", "--product", "1s3b", "--real"]) == 0
    assert "packs opened at the table" in capsys.readouterr().out
    cat = Catalog.default()
    pool = Counter(open_sealed(cat.set("alpha"), "1s3b", random.Random(5)).cards)
    f = tmp_path / "pool.txt"
    f.write_text(
        "\n".join(f"{n[3:] if n.startswith('CH') else n} {k}" for n, k in sorted(pool.items())), encoding="utf-8"
    )
    assert main(["--data-dir", data, "build", eid, "pool", "Player 1", str(f)]) == 0
    assert "pools: 1 of 2" in capsys.readouterr().out
    f.write_text("5004 1\n", encoding="utf-8")
    assert main(["--data-dir", data, "build", eid, "pool", "Player 2", str(f)]) != 0
    assert "1 card entered, 65 expected" in capsys.readouterr().err


def test_cli_build_open_help_is_opens_help(capsys):
    with pytest.raises(SystemExit):
        main(["build", "open", "--help"])
    assert "--real" in capsys.readouterr().out


def test_l_draft_pod_the_store_chooses_the_pod_size(tmp_path, clock):
    """L-DRAFT-POD (issue 48 item 17): the store chooses how many a pod seats:
    8 players in 2 pods of 4 with a pod size of 4 (they could only sit in one
    pod of 8); a size outside 2 to 8 is refused and stores nothing; the app's
    open line takes pod=4 (ポッド=4)."""
    from tui.screens.event_limited import pod_size_of

    d = _event(tmp_path, clock, "draft", 8)
    try:
        before = d.store.path.read_bytes()
        with pytest.raises(RuleError, match=r"\[L-DRAFT-POD\]"):
            draft_pods(d, "alpha", 4, seed=1, pod_size=9)
        assert d.store.path.read_bytes() == before
        draft_pods(d, "alpha", 4, seed=1, pod_size=4)
        assert [len(p) for p in d.event.pods] == [4, 4]
        assert sorted(s.player for pod in d.event.pods for s in pod) == sorted(p.id for p in d.event.players)
    finally:
        d.store.close()
    e = _event(tmp_path / "b", clock, "draft", 8)
    try:
        draft_pods(e, "alpha", 4, seed=1)
        assert [len(p) for p in e.event.pods] == [8]  # the default: as few pods as 8 seats allow
    finally:
        e.store.close()
    assert pod_size_of("alpha 4 pod=4 real") == ("alpha 4 real", 4)
    assert pod_size_of("alpha ４ ポッド＝４") == ("alpha 4", 4)
    assert pod_size_of("alpha 4 7") == ("alpha 4 7", None)


def test_g_sealed_entry_line_says_which_card_a_bare_number_of_two_types_meant(catalog):
    """Issue 48 item 16: after IT-5004, a bare 5004 takes the last prefix typed
    (IT-5004) and the entry says that 5004 is also another type's card, so a
    clerk who meant CH-5004 sees it at once; with a prefix nothing is said."""
    from limited.tablepool import Entry

    e = Entry(catalog.set("alpha"))
    others = [n for n in ("CH-5004", "EV-5004", "AR-5004") if n in catalog.set("alpha")]
    assert "IT-5004" in catalog.set("alpha") and others
    assert e.add_line("IT-5004 3") == ("IT-5004", 3) and e.also == ()
    assert e.add_line("5004 1") == ("IT-5004", 1) and set(e.also) == set(others)
    assert e.add_line("CH-5004 1") == ("CH-5004", 1) and e.also == ()


def test_g_draft_1_a_pods_pools_are_reconciled_with_its_boosters(tmp_path, clock, catalog):
    """G-DRAFT-1 (issue 48 item 16): the pools of a pod drafted at the table
    come out of its boosters, so together they hold what those boosters held
    by rarity: one player's C entered as an SR (33 R/SR from 32 boosters) is
    refused naming the rarities, and nothing is stored; the true pools go in."""
    a = _event(tmp_path / "a", clock, "draft", 8)
    b = _event(tmp_path / "b", clock, "draft", 8)
    try:
        draft_pods(a, "alpha", 4, seed=2, pod_size=4)
        simulate_draft(a)
        draft_pods(b, "alpha", 4, seed=2, pod_size=4, real=True)
        assert [[s.player for s in pod] for pod in a.event.pods] == [[s.player for s in pod] for pod in b.event.pods]
        cs = catalog.set("alpha")
        pod = [s.player for s in b.event.pods[0]]
        for pid in pod[:-1]:
            enter_draft_pool(b, pid, a.event.pool_of(pid).cards)
        last = Counter(a.event.pool_of(pod[-1]).cards)
        common = next(n for n in last if cs.card(n).rarity == "C")
        sr = next(c.number for c in cs.cards if c.rarity == "SR")
        wrong = last - Counter({common: 1}) + Counter({sr: 1})
        before = b.store.path.read_bytes()
        with pytest.raises(RuleError, match=r"R/SR.*\[G-DRAFT-1\]"):
            enter_draft_pool(b, pod[-1], wrong)
        assert b.store.path.read_bytes() == before
        enter_draft_pool(b, pod[-1], last)
        assert b.event.pool_of(pod[-1]) is not None
    finally:
        a.store.close()
        b.store.close()


def test_g_draft_1_bots_do_not_draft_packs_opened_at_the_table(tmp_path, clock, capsys):
    """G-DRAFT-1: packs opened at the table (``build open --real``) are drafted there by the
    players: `lycee build EVENT simulate` refuses, naming the rule, and stores nothing (it let
    the bots draft them; only the app's F11 menu refused)."""
    d = _event(tmp_path, clock, "draft", 8)
    eid, data = d.event.id, str(tmp_path / "data")
    path = d.store.path
    d.store.close()
    assert main(["--data-dir", data, "build", eid, "open", "--set", "alpha", "--packs", "4", "--real"]) == 0
    capsys.readouterr()
    before = path.read_bytes()
    assert main(["--data-dir", data, "build", eid, "simulate"]) != 0
    err = capsys.readouterr().err
    assert "drafted at the table" in err and "G-DRAFT-1" in err and "Traceback" not in err
    assert path.read_bytes() == before
