"""The rule set per event (issue 43, O-RULES in docs/rules.md): `lycee event
new --rules 2008|overture` (2008 by default), `event set --rules` until round 1
is paired, then fixed with the reason; carried by the event file ("rules",
absent = 2008) and shown on the exports."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli_helpers import run, staffed_event
from tests.strategies import penalties


def exported(capsys, data, eid, *more):
    rc, out, err = run(capsys, "--data-dir", data, "export", eid, *more)
    assert rc == 0, err
    return out


def test_o_rules_default_is_2008_and_the_file_says_nothing_of_it(tmp_path, capsys):
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B"])
    doc = json.loads(exported(capsys, data, eid))
    assert "rules" not in doc  # absent = 2008: every 2008 file stays as it was


def test_o_rules_overture_is_chosen_at_creation_and_round_trips_through_the_event_file(tmp_path, capsys):
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B", "C", "D"], "2026-12-05", "--rules", "overture")
    doc = json.loads(exported(capsys, data, eid))
    assert doc["rules"] == "overture"
    path = tmp_path / "ev.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", data, "import", str(path))
    assert rc == 0, err
    again = json.loads(exported(capsys, data, out.strip().split()[-1]))
    assert again["rules"] == "overture"
    # a file naming an unknown rule set is refused by its path
    doc["rules"] = "2017"
    path.write_text(json.dumps(doc), encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", data, "import", str(path))
    assert rc != 0 and "rules" in err


def test_o_rules_change_until_round_1_is_paired_then_fixed_naming_why(tmp_path, capsys):
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B", "C", "D"])
    rc, out, err = run(capsys, "--data-dir", data, "event", "set", eid, "--rules", "overture")
    assert rc == 0, err
    assert "rule set: Overture" in out
    rc, out, err = run(capsys, "--data-dir", data, "log", eid)
    assert "changed rule set = Overture" in out
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    rc, out, err = run(capsys, "--data-dir", data, "event", "set", eid, "--rules", "2008")
    assert rc != 0
    assert "rule set cannot change: round 1 is paired" in err and "O-RULES" in err
    assert json.loads(exported(capsys, data, eid))["rules"] == "overture"  # nothing changed
    # undoing the pairing frees it again
    assert run(capsys, "--data-dir", data, "undo", eid)[0] == 0
    rc, out, err = run(capsys, "--data-dir", data, "event", "set", eid, "--rules", "2008")
    assert rc == 0, err


def test_o_rules_japanese_words(tmp_path, capsys):
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B"])
    rc, out, err = run(capsys, "--lang", "ja", "--data-dir", data, "event", "set", eid, "--rules", "overture")
    assert rc == 0, err
    assert "ルール: オーバーチュア" in out


# -- Overture penalties (O-PEN-1, O-PEN-2: the penalty guideline of 2017-01-25) -----------------


def overture_round_1(capsys, data, *options):
    eid = staffed_event(capsys, data, ["A", "B", "C", "D"], "2026-12-05", *options)
    rc, out, err = run(capsys, "--data-dir", data, "pair", eid, "--json")
    assert rc == 0, err
    return eid, json.loads(out)


def test_o_pen_1_a_caution_is_in_the_log_only_never_listed_marked_or_counted(tmp_path, capsys):
    data = str(tmp_path)
    eid, _ = overture_round_1(capsys, data, "--rules", "overture")
    for _n in range(3):  # three cautions: still nothing in force (no escalation, G-PEN-2)
        rc, out, err = run(capsys, "--data-dir", data, "penalty", eid, "A", "caution", "--reason", "slow shuffle")
        assert rc == 0, err
        assert "not recorded" in out
    rc, out, err = run(capsys, "--data-dir", data, "log", eid)
    assert out.count("caution for A") == 3  # the log keeps each
    rc, out, err = run(capsys, "--data-dir", data, "penalties", eid, "--json")
    assert json.loads(out)["penalties"] == []
    doc = json.loads(exported(capsys, data, eid))
    assert doc["penalties"] == [] and not any(p["excluded"] for p in doc["players"])
    card = json.loads(exported(capsys, data, eid, "--what", "scorecard", "--format", "json"))
    assert all(row[4] == "" and row[6] == "" for row in card["rows"])  # no N/W mark
    # a caution carries nothing with it
    rc, out, err = run(
        capsys, "--data-dir", data, "penalty", eid, "A", "caution", "--reason", "x", "--action", "game_loss"
    )
    assert rc != 0 and "O-PEN-1" in err


def test_o_pen_1_a_caution_is_refused_under_2008(tmp_path, capsys):
    data = str(tmp_path)
    eid, _ = overture_round_1(capsys, data)
    rc, out, err = run(capsys, "--data-dir", data, "penalty", eid, "A", "caution", "--reason", "slow")
    assert rc != 0
    assert "notice or warning (G-PEN-2)" in err and "Overture" in err
    rc, out, err = run(capsys, "--data-dir", data, "log", eid)
    assert "caution" not in out  # nothing stored


def test_o_pen_2_struck_record_disqualifies_and_leaves_the_player_out_of_the_ranking(tmp_path, capsys):
    data = str(tmp_path)
    eid, pairing = overture_round_1(capsys, data, "--rules", "overture")
    rc, out, err = run(
        capsys,
        *("--data-dir", data, "penalty", eid, "A", "warning", "--reason", "marked cards"),
        *("--action", "exclusion_struck"),
    )
    assert rc == 0, err
    assert "disqualification, record struck" in out and "disqualified" in out
    rc, out, err = run(capsys, "--data-dir", data, "standings", eid, "--json")
    rows = json.loads(out)["standings"]
    assert rows[-1]["name"] == "A" and rows[-1]["rank"] is None  # out of the ranking, listed last
    assert all(r["rank"] is not None for r in rows[:-1])
    rc, out, err = run(capsys, "--lang", "ja", "--data-dir", data, "standings", eid)
    last = out.strip().splitlines()[-1]
    assert last.split()[0] == "-" and "失格" in last
    card = json.loads(exported(capsys, data, eid, "--what", "scorecard", "--format", "json"))
    assert ["-", "drop / disqualification", "-", "A", "", "", "", "", "Disqualified, record struck (marked cards)"] in (
        card["rows"]
    )
    rc, out, err = run(capsys, "--lang", "ja", "--data-dir", data, "export", eid, "--what", "scorecard")
    assert "失格・戦績抹消（marked cards）" in out and "オーバーチュアルール" in out
    assert "失格による敗北" in out and "除外" not in out  # the scorecard's wording follows the rule set
    # A's opponent keeps the match A lost by the disqualification (our reading: the record
    # struck is A's, an opponent's results stay)
    a_id = next(r["id"] for r in rows if r["name"] == "A")
    m = next(m for m in pairing["pairings"] if a_id in (m["p1"]["id"], (m["p2"] or {}).get("id")))
    other = m["p2"]["id"] if m["p1"]["id"] == a_id else m["p1"]["id"]
    assert next(r for r in rows if r["id"] == other)["points"] == 3


def test_o_pen_2_struck_record_is_refused_under_2008(tmp_path, capsys):
    data = str(tmp_path)
    eid, _ = overture_round_1(capsys, data)
    rc, out, err = run(
        capsys, "--data-dir", data, "penalty", eid, "A", "warning", "--reason", "x", "--action", "exclusion_struck"
    )
    assert rc != 0 and "Overture" in err and "G-PEN-1" in err


def test_o_pen_2_match_loss_is_recorded_0_2_in_bo3(tmp_path, capsys):
    data = str(tmp_path)
    eid, pairing = overture_round_1(capsys, data, "--rules", "overture")
    rc, out, err = run(
        capsys, "--data-dir", data, "penalty", eid, "A", "warning", "--reason", "x", "--action", "match_loss"
    )
    assert rc == 0, err
    doc = json.loads(exported(capsys, data, eid))
    a_id = next(p["id"] for p in doc["players"] if p["name"] == "A")
    m = next(m for m in doc["rounds"][0]["matches"] if a_id in (m["p1"], m.get("p2")))
    mine, theirs = (m["p1_wins"], m["p2_wins"]) if m["p1"] == a_id else (m["p2_wins"], m["p1_wins"])
    assert (mine, theirs) == (0, 2)


def test_o_pen_2_two_warnings_disqualify_under_overture_as_under_2008(tmp_path, capsys):
    data = str(tmp_path)
    eid, _ = overture_round_1(capsys, data, "--rules", "overture")
    for reason in ("one", "two"):
        rc, out, err = run(capsys, "--data-dir", data, "penalty", eid, "B", "notice", "--reason", reason)
        assert rc == 0, err
    rc, out, err = run(capsys, "--data-dir", data, "penalty", eid, "B", "warning", "--reason", "three")
    assert rc == 0, err
    assert "disqualified" in out
    rc, out, err = run(capsys, "--data-dir", data, "export", eid, "--what", "scorecard", "--format", "json")
    assert any("Disqualified (two Warnings: three)" in row[-1] for row in json.loads(out)["rows"])


# -- the sample sets stay sample sets (L-SAMPLE-SETS, G-CARDS-VERSIONS) ---------------------------


def test_l_sample_sets_a_sanctioned_sealed_event_refuses_a_sample_set_in_one_line(tmp_path, capsys):
    """Before: a sanctioned sealed event (the default) opened pools of the sample
    set alpha and every player's deck then failed the check with ~30 lines of
    [G-CARDS-VERSIONS] ... not legal; now the pools are refused at once."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B"], "2026-12-05", "--kind", "sealed")
    rc, out, err = run(capsys, "--data-dir", data, "build", eid, "open", "--set", "alpha", "--product", "1s3b")
    assert rc == 1
    assert len(err.strip().splitlines()) == 1
    assert "sample set" in err and "--unsanctioned" in err and "G-CARDS-VERSIONS" in err
    doc = json.loads(exported(capsys, data, eid))
    assert doc.get("build") is None and not doc.get("pools")  # nothing stored
    # the way out the line names works
    assert run(capsys, "--data-dir", data, "event", "set", eid, "--unsanctioned")[0] == 0
    rc, out, err = run(capsys, "--data-dir", data, "build", eid, "open", "--set", "alpha", "--product", "1s3b")
    assert rc == 0, err


def test_l_sample_sets_a_sanctioned_draft_event_refuses_a_sample_set(tmp_path, capsys):
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B"], "2026-12-05", "--kind", "draft")
    rc, out, err = run(capsys, "--data-dir", data, "build", eid, "open", "--set", "alpha", "--packs", "4")
    assert rc == 1 and "sample set" in err and len(err.strip().splitlines()) == 1


def test_l_sample_sets_pools_of_a_sample_set_keep_the_event_unsanctioned(tmp_path, capsys):
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B"], "2026-12-05", "--kind", "sealed", "--unsanctioned")
    rc, out, err = run(capsys, "--data-dir", data, "build", eid, "open", "--set", "alpha", "--product", "1s3b")
    assert rc == 0, err
    rc, out, err = run(capsys, "--data-dir", data, "event", "set", eid, "--sanctioned")
    assert rc == 1 and "sample set" in err and len(err.strip().splitlines()) == 1
    assert json.loads(exported(capsys, data, eid))["sanctioned"] is False
    rc, out, err = run(capsys, "--lang", "ja", "--data-dir", data, "event", "set", eid, "--sanctioned")
    assert rc == 1 and "サンプル" in err


def test_l_sample_sets_a_demo_is_unsanctioned(tmp_path, capsys):
    data = str(tmp_path)
    for kind in ("constructed", "sealed", "draft"):
        rc, out, err = run(capsys, "--data-dir", data, "demo", "--kind", kind, "--players", "4", "--no-tui")
        assert rc == 0, err
        doc = json.loads(exported(capsys, data, out.strip()))
        assert doc["sanctioned"] is False and "rules" not in doc  # a demo plays 2008 on the sample sets


def test_o_pen_2_verify_agrees_with_a_struck_record_left_out_of_the_ranking(tmp_path, capsys):
    """`lycee verify` recomputes the standings by the event's rule set: the
    player disqualified with the record struck has no rank, and the penalty
    that disqualified explains the exclusion (before: 6 findings)."""
    data = str(tmp_path)
    eid = staffed_event(capsys, data, ["A", "B", "C", "D", "E", "F"], "2026-12-05", "--rules", "overture")
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    rc, out, err = run(
        capsys,
        *("--data-dir", data, "penalty", eid, "B", "warning", "--reason", "marked"),
        *("--action", "exclusion_struck"),
    )
    assert rc == 0, err
    rc, out, err = run(capsys, "--data-dir", data, "standings", eid, "--json")
    path = tmp_path / "standings.json"
    path.write_text(out, encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", data, "verify", eid, "--standings", str(path))
    assert rc == 0, out + err


# -- the deck rules follow the event's rule set at registration (O-RULES) -------------------------

CARD_LIST = Path(__file__).parent / "fixtures" / "cards" / "official-v1.csv"
#: an SME deck of the fixture list, parallels mixed in (as tests/test_overture_decks.py builds it)
SME_DECK = {
    **{f"LO-{n:04d}": 4 for n in (101, 102, 103, 104, 106, 107, 108, 109, 110, 111, 112, 113)},
    "LO-0105": 2,
    "LO-0105-A": 2,
    "LO-0115": 2,
    "LO-0116": 2,
    "LO-0118": 2,
    "LO-0118-K": 2,
}


def card_list_on_sale(capsys, data):
    assert run(capsys, "--data-dir", data, "cards", "import", str(CARD_LIST))[0] == 0
    for product, day in (
        ("ミライ書房 1.0(MRS)", "2017-02-01"),
        ("ソラノオト Project 1.0(SME)", "2018-05-01"),
        ("ほしぞら学園 2.0(HSG)", "2026-12-20"),
    ):
        rc, out, err = run(capsys, "--data-dir", data, "cards", "on-sale", product, day)
        assert rc == 0, err


def registered(capsys, data, eid, player, counts, tmp_path):
    f = tmp_path / f"{player}.txt"
    f.write_text("".join(f"{k} {n}\n" for n, k in sorted(counts.items())), encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", data, "decklist", "add", eid, player, str(f))
    assert rc == 0, err
    rc, out, err = run(capsys, "--data-dir", data, "decklist", "status", eid, "--json")
    assert rc == 0, err
    return next(d for d in json.loads(out)["players"] if d["name"] == player)


def test_o_rules_registration_checks_a_deck_by_the_overture_rules(tmp_path, capsys):
    data = str(tmp_path / "data")
    card_list_on_sale(capsys, data)
    eid = staffed_event(capsys, data, ["A", "B", "C"], "2026-12-06", "--rules", "overture")
    assert registered(capsys, data, eid, "A", SME_DECK, tmp_path)["status"] == "registered"
    # 59 cards (O-DECK-60), a card not yet on sale (O-CARDS-ONSALE), a card of the 2008 game
    bad = {**SME_DECK, "LO-0101": 1, "LO-6001": 1, "CH-5006": 1}
    doc = registered(capsys, data, eid, "B", bad, tmp_path)
    assert doc["status"] == "problems"
    rules = {p["rule"] for p in doc["problems"]}
    assert {"O-DECK-60", "O-CARDS-ONSALE", "O-CARDS-KNOWN"} <= rules, doc["problems"]
    assert not rules & {"R-DECK-60", "R-DECK-4"}  # not the 2008 game's deck rules


def test_o_rules_a_2008_event_refuses_overture_cards_naming_each(tmp_path, capsys):
    data = str(tmp_path / "data")
    card_list_on_sale(capsys, data)
    eid = staffed_event(capsys, data, ["A"], "2026-12-06")
    doc = registered(capsys, data, eid, "A", SME_DECK, tmp_path)
    assert doc["status"] == "problems"
    named = {p["number"] for p in doc["problems"] if p["rule"] == "G-CARDS-VERSIONS"}
    assert named == set(SME_DECK)


# -- invariants (hypothesis) -----------------------------------------------------------------------


def _round_1(tmp_path_factory, rules: str):
    from core.desk import Desk
    from core.event.model import Match
    from core.store import DataDir

    dd = DataDir(tmp_path_factory.mktemp(rules))
    store = dd.create(
        {
            "name": "Cup",
            "date": "2026-12-05",
            "rules": rules,
            "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
        }
    )
    desk = Desk(store)
    desk.add_players(["A", "B", "C", "D"])
    desk.store_pairing([Match(1, "p1", "p2"), Match(2, "p3", "p4")])  # the same tables under both rule sets
    ev = desk.event
    store.close()
    return ev


def _penalised(ev, seq):
    from core.errors import LyceeError
    from core.log import apply

    for pid, level, act in seq:
        if level == "caution":
            act = "none"
        try:
            ev = apply(
                ev,
                {"type": "penalty", "data": {"player": pid, "level": level, "reason": "r", "by": "J", "action": act}},
            )
        except LyceeError:
            pass  # a player already excluded: refused, nothing changes
    return ev


@given(seq=st.lists(penalties, max_size=10))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_o_pen_1_cautions_never_change_the_event_and_the_count_is_2008s(tmp_path_factory, seq):
    """O-PEN-1: any sequence of penalties gives the same event with or without
    its cautions (nothing recorded, no escalation); O-PEN-2/G-PEN-2: the
    players excluded are those a 2008 event excludes for the same Notices and
    Warnings."""
    global _BASES
    if "_BASES" not in globals():
        _BASES = {r: _round_1(tmp_path_factory, r) for r in ("2008", "overture")}
    recorded = [p for p in seq if p[1] != "caution"]
    over = _penalised(_BASES["overture"], seq)
    assert over == _penalised(_BASES["overture"], recorded)
    old = _penalised(_BASES["2008"], recorded)
    assert [p.excluded for p in over.players] == [p.excluded for p in old.players]
    assert over.penalties == old.penalties


# -- what the command line says of a registered Overture deck, and of an event's rule set ------------

#: a single HSG deck: legal, but LO-6006's 【ＥＸ２でコストが４点以下】 is settled by no source (not checked)
HSG_DECK = {f"LO-{n:04d}": 4 for n in range(6001, 6016)}


def test_o_deck_restrict_decklist_add_counts_only_blocking_problems_and_shows_the_class(tmp_path, capsys):
    """`lycee decklist add` of a list whose only finding is a line the desk cannot
    judge: stored with no problem (O-DECK-RESTRICT: not checked is not a problem),
    the line listed as not checked, the deck's class shown (O-DECK-CLASS)."""
    data = str(tmp_path / "data")
    card_list_on_sale(capsys, data)  # HSG on sale from 2026-12-20
    eid = staffed_event(capsys, data, ["A", "B"], "2026-12-24", "--rules", "overture")
    f = tmp_path / "hsg.txt"
    f.write_text("".join(f"{k} {n}\n" for n, k in HSG_DECK.items()), encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", data, "decklist", "add", eid, "A", str(f))
    assert rc == 0, err
    assert "problem" not in out, out
    assert "1 not checked (the desk cannot judge them):" in out and "LO-6006" in out
    assert "deck class: single deck (HSG)" in out
    rc, out, err = run(capsys, "--data-dir", data, "decklist", "show", eid, "A")
    assert rc == 0 and "problem" not in out and "1 not checked" in out and "single deck (HSG)" in out
    # a real problem beside it: counted alone
    f.write_text("".join(f"{k} {n}\n" for n, k in {**HSG_DECK, "LO-6001": 5}.items()), encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", data, "decklist", "add", eid, "B", str(f))
    assert rc == 0, err
    assert "stored with 2 problem(s)" in out and "O-DECK-60" in out and "O-DECK-4" in out
    assert "1 not checked" in out


def test_o_rules_event_list_shows_each_events_rule_set_in_both_languages(tmp_path, capsys):
    data = str(tmp_path / "data")
    over = staffed_event(capsys, data, ["A"], "2026-12-06", "--rules", "overture")
    old = staffed_event(capsys, data, ["A"], "2026-12-05")
    rc, out, _err = run(capsys, "--data-dir", data, "event", "list")
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert " Overture " in lines[over] and "2008 guideline" in lines[old]
    rc, out, _err = run(capsys, "--data-dir", data, "--lang", "ja", "event", "list")
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "オーバーチュア" in lines[over] and "2008年ガイドライン" in lines[old]
    rc, out, _err = run(capsys, "--data-dir", data, "event", "list", "--json")
    rules = {e["id"]: e["rules"] for e in json.loads(out)["events"]}
    assert rules == {over: "overture", old: "2008"}


def test_g_decklist_a_decklist_file_that_cannot_be_read_is_said_in_japanese(tmp_path, capsys):
    """A clerk's mistyped path (F11 or `decklist add`) is refused in the user's
    language: no English system words left in a Japanese message (G-DECKLIST)."""
    data = str(tmp_path / "data")
    eid = staffed_event(capsys, data, ["A"], "2026-12-06", "--rules", "overture")
    for path, words in (
        (tmp_path / "nope.txt", "そのファイルはありません"),
        (tmp_path, "ファイルではなくフォルダです"),
    ):
        rc, out, err = run(capsys, "--data-dir", data, "--lang", "ja", "decklist", "add", eid, "A", str(path))
        assert rc != 0 and words in err and "No such file" not in err and "Is a directory" not in err, err
