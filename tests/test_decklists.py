"""Decklists in events (G-DECKLIST, G-SPARE-1, R-DECK-60/R-DECK-4): registering,
replacing, undo, problems, deck checks at the table, status, export, the
lycee-event/1 keys and the `lycee decklist` commands."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings

from core.cards.decks import Decklist
from core.cards.legality import Catalog
from core.desk import Desk
from core.errors import LyceeError, NotFound, RuleError, ValidationError
from core.reports import exports
from core.rules.decklists import deck_problems, decklist_status
from core.rules.eventfile import event_from_doc, to_doc
from core.store.store import DataDir
from tests.cli_helpers import run, staffed_event
from tests.strategies import limited_events


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


def _distinct(catalog: Catalog, code: str, n: int) -> list[str]:
    names = Counter(c.name_key for c in catalog.cards())
    out = []
    for c in catalog.set(code).cards:
        if c.max_copies is None and not c.is_parallel and names[c.name_key] == 1:
            out.append(c.number)
        if len(out) == n:
            break
    return out


def _text(deck: Counter, spare: Counter | None = None) -> str:
    lines = [f"{n} {num}" for num, n in deck.items()]
    if spare:
        lines.append("spare:")
        lines += [f"{n} {num}" for num, n in spare.items()]
    return "\n".join(lines) + "\n"


@pytest.fixture
def legal(catalog):
    """A legal 60-card constructed deck and 4 spare cards (other names)."""
    nums = _distinct(catalog, "alpha", 17)
    return Counter({n: 4 for n in nums[:15]}), Counter({nums[15]: 2, nums[16]: 2})


@pytest.fixture
def desk(tmp_path):
    clock = FakeClock()
    dd = DataDir(tmp_path / "data", clock=clock)
    # the sample sets are for unsanctioned events and practice (G-CARDS-VERSIONS)
    store = dd.create(
        {
            "name": "Cup",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
        }
    )
    d = Desk(store)
    d.add_players(["Ann", "Ben", "Cat", "Dan"])
    d.clock = clock
    yield d
    store.close()


def _file(tmp_path, name: str, text: str):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


# -- registering ------------------------------------------------------------------------------------


def test_g_decklist_register_then_replace_keeps_one_list_and_logs_both(desk, tmp_path, legal):
    deck, spare = legal
    desk.register_decklist_file("Ann", _file(tmp_path, "ann.txt", _text(deck, spare)))
    first = desk.event.decklist_of("p1")
    assert first.deck_size == 60 and first.spare_size == 4 and first.source == "ann.txt"
    # the second list comes as CSV and replaces the first
    smaller = Counter(dict(list(deck.items())[:14]))
    csv = "section,count,number,name\n" + "".join(f"deck,{n},{num},\n" for num, n in smaller.items())
    desk.register_decklist_file("Ann", _file(tmp_path, "ann2.csv", csv))
    ev = desk.event
    assert len(ev.decklists) == 1
    assert ev.decklist_of("p1").source == "ann2.csv" and ev.decklist_of("p1").deck_size == 56
    kinds = [a["type"] for a in desk.store.actions]
    assert kinds.count("decklist") == 2  # the replacement is in the log, the first list too
    texts = [h["text"] for h in desk.store.history() if h["type"] == "decklist"]
    assert "60 cards, 4 spare (ann.txt)" in texts[0] and "56 cards" in texts[1]


def test_g_decklist_undo_of_a_registration_brings_back_the_list_before(desk, tmp_path, legal):
    deck, spare = legal
    desk.register_decklist_file("Ann", _file(tmp_path, "a.txt", _text(deck, spare)))
    desk.register_decklist_file("Ann", _file(tmp_path, "b.txt", _text(deck)))
    assert desk.event.decklist_of("p1").source == "b.txt"
    desk.undo()
    assert desk.event.decklist_of("p1").source == "a.txt"
    desk.undo()
    assert desk.event.decklist_of("p1") is None and desk.event.decklists == ()
    assert [h["undone"] for h in desk.store.history() if h["type"] == "decklist"] == [True, True]


def test_g_decklist_unknown_player_refused_and_event_file_unchanged(desk, tmp_path, legal):
    f = _file(tmp_path, "x.txt", _text(legal[0]))
    before = desk.store.path.read_bytes()
    with pytest.raises(NotFound, match="Zed"):
        desk.register_decklist_file("Zed", f)
    with pytest.raises(NotFound):
        desk.store.append("decklist", {"player": "p99", "deck": [[4, "CH-5001", ""]]})
    assert desk.store.path.read_bytes() == before


def test_g_decklist_unreadable_list_refused_naming_file_line_and_reason(desk, tmp_path):
    f = _file(tmp_path, "bad.txt", "4 CH-5001\n4 CH-9999 nobody\nfour of them\n")
    before = desk.store.path.read_bytes()
    with pytest.raises(ValidationError) as err:
        desk.register_decklist_file("Ann", f)
    text = str(err.value)
    assert "bad.txt" in text
    assert "line 2: unknown card number CH-9999" in text
    assert "line 3:" in text and "COUNT NUMBER" in text
    # a Decklist built in code with an unknown number is refused too
    with pytest.raises(ValidationError, match="CH-9998"):
        desk.register_decklist("Ann", Decklist.from_counts({"CH-9998": 4}, source="form"))
    assert desk.store.path.read_bytes() == before
    assert desk.event.decklists == ()


def test_r_deck_60_and_r_deck_4_illegal_list_is_stored_with_its_problems(desk, tmp_path, legal, catalog):
    deck, _ = legal
    short = deck.copy()
    first = next(iter(short))
    short[first] = 5  # 61 cards, 5 of one name
    desk.register_decklist_file("Ben", _file(tmp_path, "ben.txt", _text(short)))
    probs = deck_problems(desk.event, "Ben", catalog)
    assert {p.rule for p in probs} == {"R-DECK-60", "R-DECK-4"}
    st_ = {s.name: s for s in decklist_status(desk.event, catalog)}
    assert st_["Ben"].status == "problems" and st_["Ann"].status == "none"


def test_g_spare_1_spares_refused_in_bo1_and_over_12_in_bo3(desk, tmp_path, legal, catalog):
    deck, spare = legal
    nums = _distinct(catalog, "beta", 7)
    many = Counter({n: 2 for n in nums})  # 14 spares
    desk.register_decklist_file("Cat", _file(tmp_path, "cat.txt", _text(deck, many)))
    assert [p.code for p in deck_problems(desk.event, "Cat", catalog)] == ["spare_count"]
    desk.store.append("edit", {"match": "bo1"})
    desk.register_decklist_file("Dan", _file(tmp_path, "dan.txt", _text(deck, spare)))
    assert {(p.rule, p.code) for p in deck_problems(desk.event, "Dan", catalog)} == {("G-SPARE-1", "spare_match")}


def test_g_cards_versions_list_checked_on_the_event_date(tmp_path, legal, catalog):
    deck, spare = legal
    dd = DataDir(tmp_path / "d")
    with dd.create({"name": "Old", "date": "2005-01-30", "sanctioned": False}) as store:
        d = Desk(store)
        d.add_players(["Ann"])
        d.register_decklist_file("Ann", _file(tmp_path, "a.txt", _text(deck, spare)))
        probs = d.deck_problems("Ann", catalog)
        assert probs and all(p.code == "illegal" for p in probs)  # alpha is not out yet in 2005


def test_g_cards_versions_sanctioned_event_takes_only_listed_versions(tmp_path, legal, catalog):
    """G-CARDS-VERSIONS (issue 12 item 4): in a sanctioned event a card of a
    version not on the guideline's list (the sample sets) is illegal and the
    problem names the card; an unsanctioned event accepts it; a store's own
    calendar (checked, never overriding the guideline) makes later products
    legal from its dates and is named on the report."""
    deck, spare = legal
    dd = DataDir(tmp_path / "s")
    staff = {"organizer": "O", "judges": ["J"], "head_judge": "J"}
    with dd.create({"name": "Cup", "date": "2026-11-30", "staff": staff}) as store:
        d = Desk(store)
        d.add_players(["Ann"])
        d.register_decklist_file("Ann", _file(tmp_path, "a.txt", _text(deck, spare)))
        illegal = [p for p in d.deck_problems("Ann", catalog) if p.code == "illegal"]
        assert len(illegal) == len(deck) + len(spare)
        first = illegal[0]
        assert first.rule == "G-CARDS-VERSIONS" and first.number in first.message
        assert f"「{catalog.name_of(first.number)}」" in first.message
        assert "sample sets are for unsanctioned events and practice" in first.message
        # the store's own calendar: same format, checked
        bad = {
            "schema": "lycee-calendar/1",
            "promos": [],
            "versions": [{"name": "Lycee Version Leaf 1.X", "legal_from": "2001-01-01"}],
        }
        with pytest.raises(ValidationError, match=r"\$\.versions\[0\]\.name"):
            d.set_store_calendar(_file(tmp_path, "bad.json", json.dumps(bad)))
        cal = {
            "schema": "lycee-calendar/1",
            "promos": [],
            "versions": [{"name": "Sample Alpha 1.0", "legal_from": "2026-12-01"}],
        }
        d.set_store_calendar(_file(tmp_path, "store-calendar.json", json.dumps(cal)))
        probs = d.deck_problems("Ann", catalog)
        assert probs and all(p.code == "illegal" and "2026-12-01" in p.message for p in probs)  # from its date
        d.store.append("edit", {"date": "2026-12-02"})
        assert d.deck_problems("Ann", catalog) == []
        assert "store-calendar.json" in exports.render(d.event, "report", "csv")
        assert event_from_doc(to_doc(d.event)).store_calendar == d.event.store_calendar
        d.remove_store_calendar()
        assert d.deck_problems("Ann", catalog)
        d.store.append("edit", {"sanctioned": False})  # practice: any set
        assert d.deck_problems("Ann", catalog) == []


# -- deck checks at the table ------------------------------------------------------------------------


def test_g_decklist_deck_check_compares_and_records_the_differences(desk, tmp_path, legal):
    deck, spare = legal
    desk.register_decklist_file("Ann", _file(tmp_path, "ann.txt", _text(deck, spare)))
    same = desk.deck_check("Ann", Decklist.from_counts(deck, spare), by="J")
    assert same.same and not same
    presented = deck.copy()
    a, b = list(deck)[:2]
    presented[a] -= 1
    presented[b] += 1
    diff = desk.deck_check("Ann", Decklist.from_counts(presented, spare), by="J")
    assert diff and {(x.number, x.registered, x.presented) for x in diff.lines} == {(a, 4, 3), (b, 4, 5)}
    checks = desk.event.deck_checks
    assert [c.same for c in checks] == [True, False]
    assert set(checks[1].differences) == {("deck", a, 4, 3), ("deck", b, 4, 5)}
    assert checks[1].by == "J" and checks[1].at.startswith("2026-11-30T13:00")
    line = [h["text"] for h in desk.store.history() if h["type"] == "deck_check"][-1]
    assert "2 difference(s)" in line and f"{a} 4->3" in line


def test_g_spare_2_a_swap_between_deck_and_spares_is_told_apart(desk, tmp_path, legal):
    from core.rules.decklists import swaps_only

    deck, spare = legal
    desk.register_decklist_file("Ann", _file(tmp_path, "ann.txt", _text(deck, spare)))
    a, s = next(iter(deck)), next(iter(spare))
    swapped = desk.deck_check(
        "Ann", Decklist.from_counts(deck - Counter({a: 1}) + Counter({s: 1}), spare - Counter({s: 1}) + Counter({a: 1}))
    )
    assert swapped and swaps_only(swapped.lines) and swaps_only(desk.event.deck_checks[-1].differences)
    lost = desk.deck_check("Ann", Decklist.from_counts(deck - Counter({a: 1}) + Counter({s: 1}), spare))
    assert lost and not swaps_only(lost.lines)
    assert not swaps_only(())


def test_g_decklist_deck_check_without_a_registered_list_is_refused(desk):
    before = desk.store.path.read_bytes()
    with pytest.raises(RuleError, match=r"\[G-DECKLIST\]"):
        desk.deck_check("Ann", Decklist.from_counts({"CH-5001": 4}))
    assert desk.store.path.read_bytes() == before


def test_g_decklist_recorded_differences_must_match_the_decks(desk, tmp_path, legal):
    deck, _ = legal
    desk.register_decklist_file("Ann", _file(tmp_path, "ann.txt", _text(deck)))
    with pytest.raises(LyceeError, match="do not match"):
        desk.store.append(
            "deck_check",
            {
                "player": "p1",
                "deck": [[c, n, ""] for n, c in deck.items()],
                "spare": [],
                "differences": [["deck", "CH-5001", 4, 3]],
            },
        )


# -- export -------------------------------------------------------------------------------------------


def test_g_decklist_export_lists_every_registered_list_escaped(desk, tmp_path, legal):
    deck, spare = legal
    desk.add_players(["=<b>Eve</b>"])
    desk.register_decklist_file("=<b>Eve</b>", _file(tmp_path, "e.txt", _text(deck, spare)))
    title, header, rows = exports.decklists_table(desk.event)
    assert len(rows) == len(deck) + len(spare)
    assert rows[0][0] == "=<b>Eve</b>" and rows[0][1] == "deck" and rows[-1][1] == "spare"
    assert all(r[4] for r in rows)  # names from the catalog where the list gave none
    # an unsanctioned event's lists go nowhere: no date due (a sanctioned event's go back with the
    # scorecard within 2 weeks, G-DECKLIST: tests/test_scorecard.py)
    assert "2026-12-14" not in title and "due" not in title
    html = exports.render(desk.event, "decklists", "html")
    assert "=&lt;b&gt;Eve&lt;/b&gt;" in html and "<b>Eve" not in html
    csv = exports.render(desk.event, "decklists", "csv")
    assert csv.splitlines()[1].startswith("'=<b>Eve</b>,deck,")  # a spreadsheet never runs it


# -- lycee-event/1 ------------------------------------------------------------------------------------


def test_design4_decklist_keys_written_only_when_used(desk, tmp_path, legal):
    doc = to_doc(desk.event)
    assert not {"decklists", "deck_checks", "build", "pods", "pools"} & set(doc)
    desk.register_decklist_file("Ann", _file(tmp_path, "a.txt", _text(*legal)))
    doc = json.loads(json.dumps(to_doc(desk.event)))
    assert set(doc) >= {"decklists"} and "pools" not in doc
    assert event_from_doc(doc) == desk.event


def _base_doc() -> dict:
    return {
        "schema": "lycee-event/1",
        "id": "x",
        "name": "Cup",
        "date": "2026-11-30",
        "kind": "constructed",
        "match": "bo3",
        "minutes": 50,
        "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
        "rounds": [],
    }


def test_design4_decklists_validated_on_import_with_json_paths():
    doc = _base_doc()
    doc["decklists"] = [
        {"player": "zz", "deck": [[4, "CH-5001", ""]]},
        {"player": "a", "deck": [[4, "CH-5001", ""], [0, "ch-1", ""]]},
        {"player": "a", "deck": []},
    ]
    with pytest.raises(ValidationError) as err:
        event_from_doc(doc)
    paths = [w for w, _ in err.value.problems]
    assert "$.decklists[1].deck[1][0]" in paths and "$.decklists[1].deck[1][1]" in paths
    doc["decklists"] = [
        {"player": "zz", "deck": [[4, "CH-5001", ""]]},
        {"player": "a", "deck": []},
        {"player": "a", "deck": [[4, "CH-5001"]]},
    ]
    doc["deck_checks"] = [{"player": "a", "round": 3, "differences": [["deck", "CH-5001", 4, 4]]}]
    with pytest.raises(ValidationError) as err:
        event_from_doc(doc)
    where = dict(err.value.problems)
    assert "no player" in where["$.decklists[0].player"]
    assert "G-DECKLIST" in where["$.decklists[1].deck"]
    assert "already has a decklist" in where["$.decklists[2].player"]
    assert "never paired" in where["$.deck_checks[0].round"]
    assert "not a difference" in where["$.deck_checks[0].differences[0]"]


def test_g_sealed_limited_keys_refused_on_a_constructed_event_file():
    doc = _base_doc()
    doc["pools"] = [{"player": "a", "kind": "sealed", "set": "alpha", "product": "2s", "cards": ["CH-5001"]}]
    with pytest.raises(ValidationError) as err:
        event_from_doc(doc)
    assert err.value.problems[0][0] == "$.kind" and "G-SEALED" in err.value.problems[0][1]


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(limited_events())
def test_design4_import_of_export_gives_the_same_event_with_decklists_and_pools(ev):
    doc = json.loads(json.dumps(to_doc(ev), ensure_ascii=False))
    assert event_from_doc(doc) == ev


# -- the command line ---------------------------------------------------------------------------------


@pytest.fixture
def cli_event(tmp_path, capsys):
    data = str(tmp_path / "cli")
    return data, staffed_event(capsys, data, ["Ann", "Ben"], "2026-11-30", "--decklists", "--unsanctioned")


def test_g_decklist_cli_add_show_check_status(cli_event, capsys, tmp_path, legal):
    data, eid = cli_event
    deck, spare = legal
    f = _file(tmp_path, "ann.txt", _text(deck, spare))
    rc, out, _ = run(capsys, "--data-dir", data, "decklist", "add", eid, "Ann", str(f))
    assert rc == 0 and "registered the decklist of Ann" in out and "60 cards, 4 spare" in out
    rc, out, _ = run(capsys, "--data-dir", data, "decklist", "show", eid, "Ann", "--json")
    doc = json.loads(out)
    assert doc["status"] == "registered" and doc["deck_size"] == 60 and doc["problems"] == []
    assert sum(e["count"] for e in doc["deck"]) == 60 and all(e["name"] for e in doc["deck"])
    rc, out, _ = run(capsys, "--data-dir", data, "decklist", "check", eid, "Ann", str(f))
    assert rc == 0 and "matches" in out
    other = deck.copy()
    k = next(iter(other))
    other[k] -= 2
    g = _file(tmp_path, "table.txt", _text(other, spare))
    rc, out, _ = run(capsys, "--data-dir", data, "decklist", "check", eid, "Ann", str(g), "--by", "J")
    assert rc == 1 and f"{k}" in out and "registered 4, presented 2 (2 missing)" in out
    rc, out, _ = run(capsys, "--data-dir", data, "decklist", "check", eid, "Ann", str(g), "--json")
    assert rc == 1 and json.loads(out)["differences"][0]["missing"] == 2
    rc, out, _ = run(capsys, "--data-dir", data, "decklist", "status", eid, "--json")
    doc = json.loads(out)
    assert doc["counts"] == {"none": 1, "registered": 1, "problems": 0} and doc["decklists_required"]
    assert [p["status"] for p in doc["players"]] == ["registered", "none"]
    rc, out, _ = run(capsys, "--data-dir", data, "decklist", "status", eid)
    assert rc == 0 and "Ben" in out and "no list" in out
    rc, out, _ = run(capsys, "--data-dir", data, "export", eid, "--what", "decklists", "--format", "csv")
    assert rc == 0 and out.count("Ann,") == len(deck) + len(spare)


def test_g_decklist_cli_refusals_store_nothing(cli_event, capsys, tmp_path, legal):
    data, eid = cli_event
    path = next((tmp_path / "cli" / "events").glob("*.json"))
    before = path.read_bytes()
    bad = _file(tmp_path, "bad.txt", "4 CH-5001\n2 ZZ-1\n")
    rc, _, err = run(capsys, "--data-dir", data, "decklist", "add", eid, "Ann", str(bad))
    assert rc == 1 and "bad.txt" in err and "line 2" in err
    rc, _, err = run(capsys, "--data-dir", data, "decklist", "add", eid, "Zed", str(bad))
    assert rc == 1 and "Zed" in err
    rc, _, err = run(capsys, "--data-dir", data, "decklist", "add", eid, "Ann", str(tmp_path / "none.txt"))
    assert rc == 1 and "none.txt" in err
    rc, _, err = run(capsys, "--data-dir", data, "decklist", "check", eid, "Ben", str(bad))
    assert rc == 1
    good = _file(tmp_path, "g.txt", _text(legal[0]))
    rc, _, err = run(capsys, "--data-dir", data, "decklist", "check", eid, "Ben", str(good))
    assert rc == 1 and "G-DECKLIST" in err
    rc, _, err = run(capsys, "--data-dir", data, "decklist", "show", eid, "Ben")
    assert rc == 1 and "no registered decklist" in err
    assert path.read_bytes() == before


# -- issue 46: a stored list with problems never makes an event import refuses ------------------------


def test_l_deck_wait_round_1_waits_for_legal_lists_and_the_head_judges_ruling_is_a_ruled_exception(
    desk, tmp_path, legal
):
    """L-DECK-WAIT, L-RULING (R-DECK-60): a 59-card list holds round 1 of a
    constructed event; the head judge's override is recorded as a ruling, so
    import(export(e)) gives the event and verify lists it as ruled, not found."""
    from core.reports.judge import judge_doc

    deck, spare = legal
    short = deck.copy()
    short[next(iter(short))] -= 1  # 59 cards
    desk.register_decklist_file("Ann", _file(tmp_path, "ann.txt", _text(short, spare)))
    with pytest.raises(RuleError) as err:
        desk.pair_next()
    assert err.value.rule == "R-DECK-60" and "Ann" in str(err.value) and "override" in str(err.value)
    assert not desk.event.rounds
    desk.override_decks("J", "the player was told; it plays as registered")
    desk.pair_next()
    ev = desk.event
    doc = json.loads(json.dumps(to_doc(ev), ensure_ascii=False))
    assert doc["rulings"][0]["by"] == "J"
    j = judge_doc(doc)
    assert j.ok and [f.rule for f in j.report.ruled] == ["R-DECK-60"]
    assert event_from_doc(doc) == ev
    # without the ruling the same file is refused, at the list's path
    del doc["rulings"]
    j = judge_doc(doc)
    assert not j.ok and ("$.decklists[0].deck", "[R-DECK-60] a constructed deck has 60 cards, not 59") in j.problems()


def _same_name_deck(catalog: Catalog) -> Counter:
    """8 cards of one name over two numbers (as the issue's 柚原このみ), 52 others."""
    by: dict[str, list[str]] = {}
    for c in catalog.cards():
        if c.max_copies is None and not c.is_parallel:
            by.setdefault(c.name_key, []).append(c.number)
    two = next(v for v in by.values() if len(v) >= 2)
    others = [v[0] for v in by.values() if len(v) == 1][:13]
    return Counter({two[0]: 4, two[1]: 4, **{n: 4 for n in others}})


@pytest.mark.parametrize("sanctioned", [False, True])
def test_l_judge_verify_as_strict_as_the_desks_deck_check(tmp_path, catalog, sanctioned):
    """L-JUDGE (R-DECK-4, G-CARDS-VERSIONS, L-SAMPLE-SETS): same-name copies
    over two numbers, and sample-set cards in a sanctioned event, which the
    desk's deck check flags, are findings of verify and refusals of import."""
    from core.reports.judge import judge_doc
    from core.reports.verify import verify_doc

    dd = DataDir(tmp_path / "data", clock=FakeClock())
    store = dd.create(
        {
            "name": "Cup",
            "date": "2026-11-30",
            "sanctioned": sanctioned,
            "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
        }
    )
    d = Desk(store)
    d.add_players(["Ann", "Ben"])
    d.register_decklist("Ann", Decklist.from_counts(_same_name_deck(catalog), source="form"))
    desk_rules = {p.rule for p in d.deck_problems("Ann")}
    doc = json.loads(json.dumps(to_doc(d.event), ensure_ascii=False))
    assert verify_doc(doc).findings == []  # the independent checker alone sees neither
    j = judge_doc(doc)
    found = {f.rule for f in j.report.findings}
    assert "R-DECK-4" in found and found == desk_rules
    assert ("G-CARDS-VERSIONS" in found) == sanctioned
    with pytest.raises(ValidationError):
        j.accepted("cup.json")
    store.close()


def test_l_deck_wait_names_each_player_once_with_how_many_problems_more(desk, tmp_path, legal):
    """L-DECK-WAIT (R-DECK-60, R-DECK-4): a list with two problems (59 cards, 5 of one card) holds
    round 1 naming Ann once, with her first problem and "and 1 more" (she was named before every
    problem, and at 80 columns the remedy at the end was cut off), and the refusal names the app's
    key (F11) beside the command line's."""
    deck, spare = legal
    bad = deck.copy()
    first, second = list(bad)[:2]
    bad[first] -= 1 + (5 - bad[second])  # the second card at 5 copies, the deck at 59 cards
    bad[second] = 5
    assert sum(bad.values()) == 59 and bad[first] > 0
    desk.register_decklist_file("Ann", _file(tmp_path, "ann.txt", _text(bad, spare)))
    with pytest.raises(RuleError) as err:
        desk.pair_next()
    said = str(err.value)
    assert said.count("Ann") == 1 and "and 1 more" in said and "F11" in said, said
