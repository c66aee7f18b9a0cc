"""`lycee verify` of a limited event after the head judge's override of the
round-1 deck check (G-HEAD-JUDGE with G-SEALED, G-DRAFT-4; issue 48 item 18):
the deck the override waived is a ruled exception, never a failure; the same
deck under an override the head judge did not make stays a finding."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from core.cards.decks import Decklist
from core.desk import Desk
from core.reports.judge import judge_doc
from core.rules.decklists import as_decklist
from core.rules.eventfile import to_doc
from core.store.store import DataDir
from limited.event import build_bot_decks, draft_pods, open_sealed_pools, simulate_draft
from tui.cli import main

STAFF = {"organizer": "O", "judges": ["J"], "head_judge": "J"}


def _played_with_a_short_deck(tmp_path, kind: str) -> Desk:
    """Eight players, every deck built, Player 2's one card short; the head
    judge overrides the deck check and round 1 is paired."""
    clock = lambda: datetime(2026, 11, 30, 13, 0, tzinfo=timezone.utc)  # noqa: E731
    store = DataDir(tmp_path / "data", clock=clock).create(
        {"name": "Cup", "kind": kind, "date": "2026-11-30", "staff": STAFF, "sanctioned": False}
    )
    d = Desk(store)
    d.add_players([f"Player {i}" for i in range(1, 9)])
    if kind == "draft":
        draft_pods(d, "alpha", 4, seed=4)
        simulate_draft(d)
    else:
        open_sealed_pools(d, "alpha", "2s", seed=4)
    build_bot_decks(d)
    short = as_decklist(d.event.decklist_of("p2")).counts("deck")
    short[next(iter(short))] -= 1
    d.register_decklist("Player 2", Decklist.from_counts(+short))
    d.override_decks("J", "Player 2 plays 39 cards; ruled at the table")
    d.pair_next()
    return d


@pytest.mark.parametrize(("kind", "rule"), [("draft", "G-DRAFT-4"), ("sealed", "G-SEALED")])
def test_g_head_judge_override_of_a_limited_deck_is_a_ruled_exception_in_verify(tmp_path, capsys, kind, rule):
    """G-HEAD-JUDGE: only the head judge overrides the round-1 deck check of a
    limited event; the deck it waived (39 cards: G-DRAFT-4 / G-SEALED) is
    reported by `lycee verify EVENT` as a ruled exception naming the override,
    and the event verifies."""
    d = _played_with_a_short_deck(tmp_path, kind)
    eid, root = d.event.id, str(d.store.datadir.root)
    d.store.close()
    assert main(["--data-dir", root, "--lang", "en", "verify", eid]) == 0
    out = capsys.readouterr().out
    assert f"ruled exception (the head judge's recorded ruling): -: [{rule}]" in out
    assert "not 39" in out and "head judge override by J" in out and "ruled at the table" in out
    assert main(["--data-dir", root, "--lang", "en", "verify", eid, "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["ok"] and rep["findings"] == []
    assert [(f["rule"], f["path"]) for f in rep["ruled"]] == [(rule, "$.decklists[1].deck")]


def test_g_head_judge_an_override_not_by_the_head_judge_waives_nothing(tmp_path):
    """G-HEAD-JUDGE, G-DRAFT-4: a file whose override names someone other than
    the head judge excuses no deck: the short deck is a finding."""
    d = _played_with_a_short_deck(tmp_path, "draft")
    doc = to_doc(d.event)
    d.store.close()
    assert judge_doc(doc).report.ok
    doc["build"]["override"]["by"] = "O"
    rep = judge_doc(doc).report
    assert ("G-DRAFT-4", "$.decklists[1].deck") in [(f.rule, f.path) for f in rep.findings]
    assert not any(f.rule == "G-DRAFT-4" for f in rep.ruled)
