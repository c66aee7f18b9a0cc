"""Keep apart at the desk, on the command line, in the event file, in the
explanations and in the independent check (the command line in README.md `lycee player
apart`; G-SWISS-PAIR-1/2: core/rules/apart.py, core/tournament/pairing.py)."""

from __future__ import annotations

import json
import random

import pytest

from core.desk import Desk, explained
from core.errors import LyceeError, NotFound
from core.event.model import Match, Player, Round
from core.reports.explain import explain, why_text
from core.reports.verify import verify_doc
from core.rules.eventfile import event_from_doc, to_doc
from core.tournament.pairing import pair_swiss
from tests.engine_helpers import make_event, play_round
from tui.cli import main


@pytest.fixture
def desk(datadir):
    store = datadir.create({"name": "Cup", "date": "2026-12-05", "sanctioned": False})
    d = Desk(store)
    d.add_players(["Aoi", "Ben", "Cho", "Dai", "Emi", "Fu"])
    yield d
    store.close()


def test_apart_is_one_logged_undoable_action_unordered(desk):
    """the command line in README.md: `player apart` is an action of the log; a pair is unordered."""
    desk.keep_apart("Ben", "p1")
    assert desk.event.apart == (("p1", "p2"),)
    with pytest.raises(LyceeError, match="already kept apart"):
        desk.keep_apart("Aoi", "Ben")
    desk.keep_apart("p3", "p2")
    assert desk.event.apart == (("p1", "p2"), ("p2", "p3"))
    desk.keep_apart("Cho", "Ben", clear=True)
    assert desk.event.apart == (("p1", "p2"),)
    act = desk.undo()
    assert act["type"] == "apart" and act["data"].get("clear") is True
    assert desk.event.apart == (("p1", "p2"), ("p2", "p3"))
    from core.log.registry import describe

    names = {p.id: p.name for p in desk.event.players}
    lines = [describe(a, names) for a in desk.store.actions if a["type"] == "apart"]
    assert lines[0] == "kept Ben and Aoi apart (never paired in Swiss)"
    assert lines[-1] == "Cho and Ben may be paired again (keep apart cleared)"


def test_apart_refusals_name_what_is_wrong_and_change_nothing(desk):
    """Bad input: themself, unknown player, clearing a pair not set."""
    before = len(desk.store.actions)
    with pytest.raises(LyceeError, match="themself"):
        desk.keep_apart("Aoi", "p1")
    with pytest.raises(NotFound, match="Zed"):
        desk.keep_apart("Aoi", "Zed")
    with pytest.raises(LyceeError, match="not kept apart: nothing to clear"):
        desk.keep_apart("Aoi", "Ben", clear=True)
    assert len(desk.store.actions) == before and desk.event.apart == ()


def test_g_swiss_pair_2_pairing_keeps_them_apart_and_explains():
    """G-SWISS-PAIR-2's sense: the pairing never pairs an apart pair in round
    1; for every seed where the same draw without keep-apart would have, the
    reasons of both their tables say so, and only then."""
    ev = make_event(6).with_(apart=(("p001", "p002"),))
    acted = said = 0
    for seed in range(40):
        ms = explained(ev, pair_swiss(ev, random.Random(f"s{seed}")), f"s{seed}")
        assert {"p001", "p002"} not in [set(m.players()) for m in ms]
        without = pair_swiss(ev, random.Random(f"s{seed}"), apart=())
        acted += {"p001", "p002"} in [set(m.players()) for m in without]
        texts = [why_text(ev, m.why) for m in ms]
        said += sum("the same draw would have paired Player 1 with Player 2" in t for t in texts)
    assert acted >= 3 and said == 2 * acted


def test_g_swiss_pair_1_apart_pair_made_says_why():
    """G-SWISS-PAIR-1 first: the only two players on 3 points are kept apart;
    separating them would send both out of their score group, so they are
    paired and the reason says so."""
    r1 = Round(1, "swiss", (Match(1, "p001", "p003", 2, 0, 0, "p1"), Match(2, "p002", "p004", 2, 0, 0, "p1")))
    ev = make_event(4, rounds=(r1,), apart=(("p001", "p002"),))
    ms = pair_swiss(ev, random.Random(3))
    assert {"p001", "p002"} in [set(m.players()) for m in ms]
    why = explain(ev, ms, "s")
    text = why_text(ev, next(w for m, w in zip(ms, why) if set(m.players()) == {"p001", "p002"}))
    assert "kept apart, but paired" in text and "outside their score group" in text


def test_design4_apart_is_exported_and_imported_back(desk):
    """docs/eventfile.md: a top-level optional "apart"; import(export(e)) is e."""
    desk.keep_apart("Aoi", "Ben")
    desk.keep_apart("Emi", "Cho")
    doc = json.loads(json.dumps(to_doc(desk.event), ensure_ascii=False))
    assert doc["apart"] == [["p1", "p2"], ["p3", "p5"]]
    assert event_from_doc(doc) == desk.event
    plain = to_doc(desk.event.with_(apart=()))
    assert "apart" not in plain  # files of events without pairs are as before


def test_design4_import_refuses_bad_apart_pairs_naming_the_path():
    """Import checks every field and names its JSON path (docs/eventfile.md)."""
    ev = make_event(players=(Player("a", "A"), Player("b", "B")))
    doc = to_doc(ev)
    from core.errors import ValidationError

    for apart, path, what in (
        ([["a", "zz"]], "$.apart[0][1]", "zz"),
        ([["a", "a"]], "$.apart[0]", "themself"),
        ([["a", "b"], ["b", "a"]], "$.apart[1]", "$.apart[0]"),
        ([["a"]], "$.apart[0]", ""),
    ):
        with pytest.raises(ValidationError) as err:
            event_from_doc({**doc, "apart": apart})
        assert any(p == path and what in w for p, w in err.value.problems), err.value.problems


def test_verify_does_not_flag_keep_apart_rounds():
    """lycee verify: a round that keeps players apart is no pairing error
    (apart ranks below criterion (c)); exact and local checks alike."""
    from core.event.model import Staff

    for n in (8, 30):
        ev = make_event(n, staff=Staff("O", ("J",), "J"))  # a sanctioned event has its staff (G-ORGANIZER)
        ids = [p.id for p in ev.players]
        ev = ev.with_(apart=tuple(sorted({tuple(sorted(random.Random(n + k).sample(ids, 2))) for k in range(n // 2)})))
        rng = random.Random(n)
        for _ in range(4):
            ev = play_round(ev, pair_swiss(ev, rng), rng)
        rep = verify_doc(to_doc(ev))
        assert rep.findings == [], rep.findings


def cli(capsys, *argv):
    rc = main(list(argv))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_cli_player_apart_set_list_clear_and_refusals(tmp_path, capsys):
    """the command line in README.md: `lycee player apart EVENT PLAYER PLAYER [--clear]`; with no
    pair it lists the pairs; a refusal exits 1 with one line on stderr."""
    data = ["--data-dir", str(tmp_path)]
    rc, out, _ = cli(capsys, *data, "event", "new", "Cup", "--unsanctioned")
    eid = out.strip()
    cli(capsys, *data, "player", "add", eid, "Aoi", "Ben", "Cho", "Dai")
    rc, out, _ = cli(capsys, *data, "player", "apart", eid, "Aoi", "Ben")
    assert rc == 0 and "Aoi and Ben are kept apart" in out
    rc, out, _ = cli(capsys, *data, "player", "apart", eid)
    assert out == "p1\tAoi\tp2\tBen\n"
    rc, out, _ = cli(capsys, *data, "player", "apart", eid, "--json")
    assert json.loads(out) == {"apart": [{"ids": ["p1", "p2"], "names": ["Aoi", "Ben"]}]}
    for args, what in (
        (("Ben", "Aoi"), "already kept apart"),
        (("Aoi", "Aoi"), "themself"),
        (("Aoi", "Zed"), "Zed"),
        (("Aoi",), "name two players"),
        (("Cho", "Dai", "--clear"), "nothing to clear"),
    ):
        rc, out, err = cli(capsys, *data, "player", "apart", eid, *args)
        assert rc == 1 and what in err and err.count("\n") == 1, (args, err)
    rc, out, _ = cli(capsys, *data, "player", "apart", eid, "p2", "p1", "--clear")
    assert rc == 0 and "may be paired again" in out
    rc, out, _ = cli(capsys, *data, "player", "apart", eid)
    assert "nobody is kept apart" in out
    rc, out, _ = cli(capsys, *data, "log", eid)
    assert "kept Aoi and Ben apart" in out and "Ben and Aoi may be paired again" in out


def test_cli_pair_json_why_and_explain_say_a_kept_apart_pair_had_to_be_made(tmp_path, capsys):
    """the command line in README.md `pair --explain` / `--json` "why": two players only, kept
    apart: the one pairing there is pairs them, and the reason says so."""
    data = ["--data-dir", str(tmp_path)]
    rc, out, _ = cli(capsys, *data, "event", "new", "Cup", "--unsanctioned")
    eid = out.strip()
    cli(capsys, *data, "player", "add", eid, "Aoi", "Ben")
    cli(capsys, *data, "player", "apart", eid, "Aoi", "Ben")
    rc, out, _ = cli(capsys, *data, "pair", eid, "--json")
    assert rc == 0
    why = json.loads(out)["pairings"][0]["why"]
    assert "kept apart, but paired: no pairing of this round keeps them apart without a rematch" in why
    cli(capsys, *data, "undo", eid)
    rc, out, _ = cli(capsys, *data, "pair", eid, "--explain")
    assert "kept apart, but paired" in out


def test_l_remove_takes_the_removed_players_apart_pairs_with_them(desk):
    """L-REMOVE with keep apart: a removed registration leaves no apart pair
    behind (the export would name a player the file does not hold); undo
    brings both back."""
    desk.keep_apart("Aoi", "Ben")
    desk.keep_apart("Cho", "Dai")
    desk.remove("Ben")
    assert desk.event.apart == (("p3", "p4"),)
    assert event_from_doc(to_doc(desk.event)).apart == (("p3", "p4"),)
    desk.undo()
    assert desk.event.apart == (("p1", "p2"), ("p3", "p4"))
