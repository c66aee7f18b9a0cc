"""Issue 30: `lycee verify` catches each single corruption of an event file
with a finding naming the rule (one row per corruption of the issue's items
2 and 3, and one per rule family), and an untouched event raises none."""

from __future__ import annotations

import copy

import pytest

from core.event.model import Staff
from core.reports.verify import verify_doc
from core.rules.eventfile import to_doc
from core.tournament.ranking import standings_json
from tests.engine_helpers import simulate

STAFF = Staff("O", ("J", "K"), "K")


def _deck(n=60, per=4):
    lines, k = [], 0
    while n > 0:
        c = min(per, n)
        lines.append([c, f"LO-{k:04d}", f"Card {k}"])
        n -= c
        k += 1
    return lines


def _base():
    ev = simulate(8, 3, seed=21, draw_rate=0.0, staff=STAFF)
    doc = to_doc(ev)
    doc["rounds_planned"] = 3
    doc["decklists"] = [
        {"player": p["id"], "deck": _deck(), "spare": _deck(10), "source": "", "round": 0} for p in doc["players"]
    ]
    m = doc["rounds"][0]["matches"][0]
    doc["penalties"] = [
        {
            "player": m["p1"],
            "round": 1,
            "table": m["table"],
            "level": "notice",
            "action": "none",
            "reason": "slow play",
            "by": "J",
            "appeal": None,
        }
    ]
    return ev, doc


def _seat(doc, rnd, pid):
    return next(m for m in doc["rounds"][rnd - 1]["matches"] if pid in (m["p1"], m.get("p2")))


def _pen(pid, rnd, table, level="warning", action="none", by="J"):
    return {
        "player": pid,
        "round": rnd,
        "table": table,
        "level": level,
        "action": action,
        "reason": "r",
        "by": by,
        "appeal": None,
    }


def _escalate(levels):
    def f(doc):
        pid = doc["rounds"][0]["matches"][1]["p1"]  # still paired in round 3
        for i, lv in enumerate(levels):
            r = min(i + 1, 2)
            doc["penalties"].append(_pen(pid, r, _seat(doc, r, pid)["table"], lv))

    return f


def _match_loss_on_won(doc):
    m = next(m for m in doc["rounds"][1]["matches"] if m.get("p2") and m["outcome"] == "p1")
    doc["penalties"].append(_pen(m["p1"], 2, m["table"], "notice", "match_loss"))


def _excluded_still_paired(doc):
    doc["players"][5]["excluded"] = True


def _exclusion_then_notice(doc):
    pid = doc["rounds"][0]["matches"][2]["p2"]
    doc["penalties"].append(_pen(pid, 1, _seat(doc, 1, pid)["table"], "warning", "exclusion"))
    doc["penalties"].append(_pen(pid, 2, _seat(doc, 2, pid)["table"], "notice"))
    next(p for p in doc["players"] if p["id"] == pid)["excluded"] = True


def _dup_table(doc):
    doc["rounds"][1]["matches"][1]["table"] = doc["rounds"][1]["matches"][0]["table"]


def _dup_id(doc):
    doc["players"][3]["id"] = doc["players"][2]["id"]


def _set(path, value):
    def f(doc):
        x = doc
        for k in path[:-1]:
            x = x[k]
        x[path[-1]] = value

    return f


def _rematch(doc):
    r1, r2 = doc["rounds"][0]["matches"], doc["rounds"][1]["matches"]
    for a, b in zip(r1, r2):
        b["p1"], b["p2"] = a["p1"], a["p2"]


def _floats(doc):
    """Round 3: the top table's players swapped with the bottom table's."""
    ms = doc["rounds"][2]["matches"]
    ms[0]["p2"], ms[-1]["p2"] = ms[-1]["p2"], ms[0]["p2"]


def _dropped_paired(doc):
    pid = doc["rounds"][2]["matches"][0]["p1"]
    next(p for p in doc["players"] if p["id"] == pid)["dropped_after_round"] = 1


def _unpaired(doc):
    doc["players"].append(
        {"id": "p999", "name": "Late", "dropped_after_round": None, "excluded": False, "joined_round": 1}
    )


def _sealed39(doc):
    doc["kind"] = "sealed"
    doc["decklists"][0]["deck"] = _deck(39)
    for x in doc["decklists"][1:]:
        x["deck"] = _deck(40)


def _draft(packs, cards):
    def f(doc):
        doc["kind"] = "draft"
        doc["build"] = {
            "kind": "draft",
            "set": "LO",
            "product": None,
            "packs": packs,
            "seed": 1,
            "minutes": 30,
            "opened_at": "2008-11-30T10:00:00",
            "clock": None,
            "closed_at": None,
            "closed_by": "",
        }
        for x in doc["decklists"]:
            x["deck"] = _deck(cards, per=6)

    return f


def _bracket3(doc):
    """A top 4 whose second round keeps two tables (no final)."""
    ids = [r["id"] for r in standings_json_rows(doc)]
    doc["rounds"].append(
        {
            "number": 4,
            "stage": "top",
            "matches": [
                {
                    "table": 1,
                    "p1": ids[0],
                    "p2": ids[3],
                    "p1_wins": 2,
                    "p2_wins": 0,
                    "draws": 0,
                    "outcome": "p1",
                    "note": "",
                },
                {
                    "table": 2,
                    "p1": ids[1],
                    "p2": ids[2],
                    "p1_wins": 2,
                    "p2_wins": 0,
                    "draws": 0,
                    "outcome": "p1",
                    "note": "",
                },
            ],
        }
    )
    doc["rounds"].append(
        {
            "number": 5,
            "stage": "top",
            "matches": [
                {
                    "table": 1,
                    "p1": ids[0],
                    "p2": ids[1],
                    "p1_wins": 2,
                    "p2_wins": 0,
                    "draws": 0,
                    "outcome": "p1",
                    "note": "",
                },
                {
                    "table": 2,
                    "p1": ids[3],
                    "p2": ids[2],
                    "p1_wins": 2,
                    "p2_wins": 0,
                    "draws": 0,
                    "outcome": "p1",
                    "note": "",
                },
            ],
        }
    )


def standings_json_rows(doc):
    return verify_doc(doc).standings


#: (corruption, the rule its finding names); items 2 and 3 of issue 30, then one per rule family
ROWS = [
    ("N, N, W and still paired", _escalate(["notice", "notice", "warning"]), "G-PEN-2"),
    ("W, W and still paired", _escalate(["warning", "warning"]), "G-PEN-2"),
    ("a non-staff issuer", _set(("penalties", 0, "by"), "Somebody"), "G-PEN-1"),
    ("a match loss on a match the player won", _match_loss_on_won, "G-PEN-1"),
    ("a penalty for an unknown player", _set(("penalties", 0, "player"), "p777"), "G-PEN-3"),
    ("a penalty in round 9 of 3", _set(("penalties", 0, "round"), 9), "G-PEN-3"),
    ("a penalty at a table the player did not sit at", _set(("penalties", 0, "table"), 3), "G-PEN-3"),
    ("a 59-card deck", _set(("decklists", 0, "deck"), _deck(59)), "R-DECK-60"),
    ("5 of a name", _set(("decklists", 0, "deck"), [[5, "LO-0001", "X"]] + _deck(55)), "R-DECK-4"),
    ("13 spare cards", _set(("decklists", 1, "spare"), _deck(13)), "G-SPARE-1"),
    ("spare cards in best of one", _set(("match",), "bo1"), "G-SPARE-1"),
    ("a head judge who is not a judge", _set(("staff", "head_judge"), "Z"), "G-HEAD-JUDGE"),
    ("a sanctioned event with no organizer", _set(("staff", "organizer"), ""), "G-ORGANIZER"),
    ("a sanctioned event with no judge", _set(("staff", "judges"), []), "G-JUDGE"),
    ("excluded with no penalty, still paired", _excluded_still_paired, "G-PEN-2"),
    ("an exclusion in round 1, then a round-2 notice", _exclusion_then_notice, "G-PEN-2"),
    ("duplicate table numbers in a round", _dup_table, "L-FILE"),
    ("an unknown stage", _set(("rounds", 2, "stage"), "final"), "L-FILE"),
    ("duplicate player ids", _dup_id, "L-FILE"),
    ("a sealed deck of 39", _sealed39, "G-SEALED"),
    ("a 4-pack draft deck of 39", _draft(4, 39), "G-DRAFT-4"),
    ("a 7-pack draft", _draft(7, 70), "G-DRAFT-2"),
    ("an elimination stage that never reaches a final", _bracket3, "G-SE"),
    ("avoidable rematches", _rematch, "G-SWISS-PAIR-2"),
    ("needless floats", _floats, "G-SWISS-PAIR-1"),
    ("a dropped player paired", _dropped_paired, "G-DROP-1"),
    ("an eligible player not paired", _unpaired, "L-ELIGIBLE"),
    ("3-0 in best of three", _set(("rounds", 0, "matches", 0, "p1_wins"), 3), "G-BO3"),
]


@pytest.mark.parametrize("what,corrupt,rule", ROWS, ids=[r[0] for r in ROWS])
def test_each_corruption_is_caught_naming_its_rule(what, corrupt, rule):
    _ev, doc = _base()
    bad = copy.deepcopy(doc)
    corrupt(bad)
    rep = verify_doc(bad)
    assert rule in {f.rule for f in rep.findings}, (what, [f.line() for f in rep.findings])


def test_the_untouched_event_raises_no_finding():
    ev, doc = _base()
    rep = verify_doc(doc, standings_json(ev))
    assert rep.ok, [f.line() for f in rep.findings]


def test_a_finding_names_the_json_path():
    """G-PEN-1: the issuer's path is named, in the line and in the JSON."""
    _ev, doc = _base()
    _set(("penalties", 0, "by"), "Somebody")(doc)
    f = next(f for f in verify_doc(doc).findings if f.rule == "G-PEN-1")
    assert f.path == "$.penalties[0].by" and "$.penalties[0].by" in f.line()
    assert f.to_json()["path"] == "$.penalties[0].by"


@pytest.mark.parametrize("field,rule", [("points", "G-SWISS-POINTS"), ("omw", "G-TIE-1"), ("rank", "G-SWISS-RANK")])
def test_a_claimed_standings_figure_that_differs_is_listed(field, rule):
    """Claims: a standings document that differs from the recomputation."""
    ev, doc = _base()
    claimed = standings_json(ev)
    row = claimed["standings"][0]
    row[field] = row[field] + (3 if field != "omw" else 0.1) if field != "rank" else 8
    assert rule in {f.rule for f in verify_doc(doc, claimed).findings}
