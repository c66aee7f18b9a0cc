"""What a new-user trial of the desk found in decklists and cards:
parallels (LO-0001-A) in the event file (L-FILE, O-DECK-4), a submission
that does not read back (L-SUBMIT), decklist size bounds (L-DECK-SIZE), a
file over a list bound still judged in full (L-FILE, L-LATER), `deck check`
without --rules (O-RULES), where a file stops reading as text, `lycee card`
by short number or name, and a parallel swap at a deck check (O-DECK-4)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli_helpers import run, staffed_event

CARDS = Path(__file__).parent / "fixtures" / "cards" / "official-v1.csv"
#: an SME deck of the fixture list with two parallels (LO-0105-A, LO-0118-K)
SME_DECK = {
    **{f"LO-{n:04d}": 4 for n in (101, 102, 103, 104, 106, 107, 108, 109, 110, 111, 112, 113)},
    "LO-0105": 2,
    "LO-0105-A": 2,
    "LO-0115": 2,
    "LO-0116": 2,
    "LO-0118": 2,
    "LO-0118-K": 2,
}


def _ok(capsys, *argv) -> str:
    rc, out, err = run(capsys, *argv)
    assert rc == 0, out + err
    return out


def _card_list(capsys, data: str) -> None:
    _ok(capsys, "--data-dir", data, "cards", "import", str(CARDS))
    for product, day in (("ミライ書房 1.0(MRS)", "2017-02-01"), ("ソラノオト Project 1.0(SME)", "2018-05-01")):
        _ok(capsys, "--data-dir", data, "cards", "on-sale", product, day)


def _list_file(tmp_path: Path, name: str, counts: dict[str, int]) -> Path:
    f = tmp_path / name
    f.write_text("".join(f"{k} {n}\n" for n, k in sorted(counts.items())), encoding="utf-8")
    return f


def _overture_event_with_a_parallel(capsys, tmp_path) -> tuple[str, str]:
    """An Overture event collecting decklists, A's list holding parallels: (data, event id)."""
    data = str(tmp_path / "d")
    _card_list(capsys, data)
    eid = staffed_event(capsys, data, ["A", "B"], "2026-12-06", "--rules", "overture", "--decklists")
    _ok(capsys, "--data-dir", data, "decklist", "add", eid, "A", str(_list_file(tmp_path, "a.txt", SME_DECK)))
    return data, eid


# -- 1. a parallel in the event file (L-FILE, O-DECK-4) ------------------------------------------


def test_l_file_a_parallel_in_a_list_and_a_deck_check_exports_verifies_imports_and_submits(capsys, tmp_path):
    """L-FILE: the event file holds the parallel numbers the card list holds (LO-0105-A,
    docs/cards.md), in a registered list and in a deck check's differences; export,
    verify, import, season import and a signed submission all read them back."""
    data, eid = _overture_event_with_a_parallel(capsys, tmp_path)
    swapped = {**SME_DECK, "LO-0101": 2, "LO-0101-A": 2}
    run(capsys, "--data-dir", data, "decklist", "check", eid, "A", str(_list_file(tmp_path, "p.txt", swapped)))
    out = tmp_path / "e.json"
    _ok(capsys, "--data-dir", data, "export", eid, "-o", str(out))
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert ["deck", "LO-0101-A", 0, 2] in doc["deck_checks"][0]["differences"]
    assert any(line[1] == "LO-0105-A" for line in doc["decklists"][0]["deck"])
    assert "verified" in _ok(capsys, "--data-dir", data, "verify", str(out))
    assert "verified" in _ok(capsys, "--data-dir", data, "verify", eid)
    other = str(tmp_path / "other")
    _ok(capsys, "--data-dir", other, "import", str(out))
    _ok(capsys, "--data-dir", other, "season", "new", "S", "--points", "win=3,draw=1,loss=0")
    _ok(capsys, "--data-dir", other, "season", "import", "S", str(out))
    text = _ok(capsys, "--data-dir", data, "export", eid, "--what", "submission", "-o", str(tmp_path / "sub") + "/")
    key = text.split("store public key: ")[1].split()[0]
    assert "submission verified" in _ok(capsys, "--data-dir", data, "verify", str(tmp_path / "sub"), "--key", key)


def test_l_file_the_event_file_reads_every_number_the_card_list_and_decklists_read():
    """L-FILE, one definition: every number the official list accepts (LO-0923,
    LO-0923-A, -KR) and the 2008 game's (CH-0063, CH-0063A) is a card number of
    the event file, in the model and in docs/event-schema.json alike."""
    import re

    from core.cards.model import CARD_NUMBER_PATTERN
    from core.rules.eventfile.model import json_schema

    schema = json.dumps(json_schema())
    assert json.dumps(CARD_NUMBER_PATTERN) in schema
    shipped = (Path(__file__).resolve().parents[1] / "docs" / "event-schema.json").read_text(encoding="utf-8")
    assert "\\d{4}[A-Z]?$" not in shipped  # the old pattern, which refused LO-0923-A
    for number in ("LO-0923", "LO-0923-A", "LO-0923-KR", "CH-0063", "CH-0063A"):
        assert re.match(CARD_NUMBER_PATTERN, number), number
    for number in ("LO-0923-", "LO-923", "lo-0923", "LO-0923-ABCD"):
        assert not re.match(CARD_NUMBER_PATTERN, number), number


def test_l_file_a_bad_card_number_is_refused_in_words_never_as_a_regular_expression():
    """L-FILE: a refusal says what a card number looks like (LO-0001, LO-0001-A), no pattern."""
    from core.rules.eventfile import structure_problems

    doc = {
        "schema": "lycee-event/1",
        "id": "e1",
        "name": "Cup",
        "date": "2026-12-06",
        "kind": "constructed",
        "match": "bo3",
        "minutes": 50,
        "rounds_planned": 3,
        "tiebreakers": ["omw"],
        "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
        "players": [{"id": "p1", "name": "A", "dropped_after_round": None, "excluded": False}],
        "rounds": [],
        "penalties": [],
        "decklists": [{"player": "p1", "deck": [[4, "LO-0001-", ""]]}],
    }
    problems = structure_problems(doc, strict=True)
    assert [p for p, _w in problems] == ["$.decklists[0].deck[0][1]"]
    what = problems[0][1]
    assert "LO-0001, LO-0001-A" in what and "^" not in what and "\\d" not in what and "[A-Z]" not in what


# -- a submission that does not read back (L-SUBMIT) ----------------------------------------------


def test_l_submit_a_submission_whose_event_file_does_not_read_back_is_not_written(tmp_path):
    """L-SUBMIT: a submission `lycee verify DIR/` could not read is refused before a
    file is written (so `lycee deadlines` never counts it as made)."""
    import pytest

    from core.errors import LyceeError
    from core.event.model import DeckRecord, Event, Player, Staff
    from core.reports.submission import write_submission

    ev = Event(
        id="e1",
        name="Cup",
        date="2026-11-01",
        players=(Player("p1", "Ann"), Player("p2", "Bob")),
        staff=Staff("O", ("J",), "J"),
        decklists_required=True,
        decklists=(DeckRecord("p1", ((4, "LO-0001-", "X"),)),),
    )
    with pytest.raises(LyceeError) as err:
        write_submission(tmp_path / "d", ev, [], tmp_path / "sub")
    assert "$.decklists[0].deck[0][1]" in str(err.value) and "not written" in str(err.value)
    assert not (tmp_path / "sub").exists()


# -- 2. decklist size bounds (L-DECK-SIZE) ------------------------------------------------------


def test_l_deck_size_a_huge_decklist_file_is_refused_before_it_is_read(capsys, tmp_path):
    """L-DECK-SIZE: a file over the bound is refused at once, naming the file and the
    limit, and read no further than the bound (a 30 MB file costs nothing)."""
    from core.cards.deckmodel import DECKLIST_MAX_BYTES

    huge = tmp_path / "huge.txt"
    with huge.open("wb") as f:
        f.truncate(30_000_000)  # a sparse 30 MB file
    rc, out, err = run(capsys, "deck", "check", str(huge), "--rules", "overture")
    assert rc != 0 and str(huge) in err and f"{DECKLIST_MAX_BYTES:,}" in err and "30,000,000 bytes" in err


def test_l_deck_size_a_long_list_is_refused_at_registration_and_nothing_is_stored(capsys, tmp_path):
    """L-DECK-SIZE: more lines than a decklist may have is refused by `decklist add`
    (a judge's too), naming the file and the limit, and the journal is unchanged."""
    from core.cards.deckmodel import DECKLIST_MAX_LINES

    data, eid = _overture_event_with_a_parallel(capsys, tmp_path)
    journal = Path(data) / "events" / f"{eid}.json"
    before = journal.read_bytes()
    lines = tmp_path / "lines.txt"
    lines.write_text("\n" * (DECKLIST_MAX_LINES + 1) + "4 LO-0101\n", encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", data, "decklist", "add", eid, "B", str(lines), "--by", "J")
    assert rc != 0 and f"{DECKLIST_MAX_LINES + 2} lines" in err and str(lines) in err
    assert journal.read_bytes() == before
    doc = json.loads(_ok(capsys, "--data-dir", data, "decklist", "status", eid, "--json"))
    assert [r["status"] for r in doc["players"] if r["name"] == "B"] == ["none"]


def test_l_deck_size_pasted_text_and_a_phone_list_are_bounded_too():
    """L-DECK-SIZE: the one parser refuses text over the bound (what the app's F11
    and the phone send), before reading a line."""
    import pytest

    from core.cards.decks import parse_decklist, read_decklist_csv
    from core.errors import ValidationError

    with pytest.raises(ValidationError, match="bytes"):
        parse_decklist("1 LO-0001\n" * 200_000, "phone")
    with pytest.raises(ValidationError, match="lines"):
        read_decklist_csv("count,number\n" + "\n" * 600, "pasted")


# -- 3. a file over a list's bound is still judged in full (L-FILE, L-LATER) --------------------


def test_l_file_a_list_over_its_bound_still_gets_the_pairing_checks(capsys, tmp_path):
    """L-FILE, L-LATER: a file whose decklist is over the format's item bound is
    still checked for everything else, so a rematch (G-SWISS-PAIR-2) is found and
    the correction guard, which asks the same judgement, still sees what breaks."""
    from core.reports.judge import judge_doc

    data = str(tmp_path / "d")
    eid = staffed_event(capsys, data, ["A", "B", "C", "D"], "2026-12-06")
    _ok(capsys, "--data-dir", data, "pair", eid)
    for t in (1, 2):
        _ok(capsys, "--data-dir", data, "result", eid, str(t), "2-0")
    _ok(capsys, "--data-dir", data, "pair", eid)
    out = tmp_path / "e.json"
    _ok(capsys, "--data-dir", data, "export", eid, "-o", str(out))
    doc = json.loads(out.read_text(encoding="utf-8"))
    doc["decklists"] = [{"player": doc["players"][0]["id"], "deck": [[1, "CH-0001"]] * 10_001}]
    first, second = doc["rounds"][0]["matches"], doc["rounds"][1]["matches"]
    for m1, m2 in zip(first, second, strict=True):  # round 2 replays round 1: two rematches
        m2["p1"], m2["p2"] = m1["p1"], m1["p2"]
    judged = judge_doc(doc, "e.json")
    rules = {f.rule for f in judged.report.findings}
    assert {"L-FILE", "G-SWISS-PAIR-2"} <= rules, judged.report.findings
    assert not judged.ok and judged.event is None  # import still refuses it


# -- 4. deck check without --rules (O-RULES) -----------------------------------------------------


def test_o_rules_deck_check_without_rules_gives_the_verdict_an_event_of_its_cards_gives(capsys, tmp_path):
    """O-RULES: `deck check` without --rules checks an Overture deck by the Overture
    rules and says so; by --rules 2008 the same deck has the problems a 2008 event
    registers (each LO- card, G-CARDS-VERSIONS): one verdict on both faces."""
    data = str(tmp_path / "d")
    _card_list(capsys, data)
    deck = str(_list_file(tmp_path, "a.txt", SME_DECK))
    out = _ok(capsys, "--data-dir", data, "deck", "check", deck, "--date", "2026-12-06")
    assert "checked by the Lycee Overture rules" in out and "legal" in out
    doc = json.loads(_ok(capsys, "--data-dir", data, "deck", "check", deck, "--date", "2026-12-06", "--json"))
    assert doc["rules"] == "overture" and doc["legal"]
    rc, out, err = run(capsys, "--data-dir", data, "deck", "check", deck, "--rules", "2008", "--date", "2026-12-06")
    assert rc == 1
    eid = staffed_event(capsys, data, ["A"], "2026-12-06")
    _ok(capsys, "--data-dir", data, "decklist", "add", eid, "A", deck)
    status = json.loads(_ok(capsys, "--data-dir", data, "decklist", "status", eid, "--json"))
    event_says = {(p["rule"], p["number"]) for p in status["players"][0]["problems"]}
    rc, out, _e = run(
        capsys, "--data-dir", data, "deck", "check", deck, "--rules", "2008", "--date", "2026-12-06", "--json"
    )
    check_says = {(p["rule"], p["number"]) for p in json.loads(out)["problems"]}
    assert check_says == event_says and ("G-CARDS-VERSIONS", "LO-0101") in check_says


def test_o_rules_a_deck_of_2008_cards_is_checked_by_the_2008_rules_its_overture_cards_flagged(capsys, tmp_path):
    """O-RULES: most cards of the 2008 game: its rules, each LO- card a problem."""
    data = str(tmp_path / "d")
    _card_list(capsys, data)
    deck = _list_file(tmp_path, "m.txt", {"CH-5001": 4, "CH-5002": 4, "LO-0101": 1})
    rc, out, _e = run(capsys, "--data-dir", data, "deck", "check", str(deck), "--date", "2026-12-06")
    assert rc == 1 and "checked by the 2008 guideline's rules" in out
    assert "[G-CARDS-VERSIONS] LO-0101" in out


# -- 5. where a file stops reading as text --------------------------------------------------------


def test_a_stray_byte_in_a_decklist_is_named_by_line_and_byte_offset(capsys, tmp_path):
    """G-DECKLIST: a decklist that is neither UTF-8 nor Shift_JIS names where it stops."""
    f = tmp_path / "cut.txt"
    f.write_bytes("4 LO-0101\n4 LO-0102\n".encode() + b"4 LO-0103 \xe6")  # cut short inside a character
    rc, out, err = run(capsys, "deck", "check", str(f))
    assert rc != 0 and "line 3 (byte offset 30)" in err and str(f) in err


def test_o_cards_a_card_list_cut_short_is_named_by_line_and_byte_offset(capsys, tmp_path):
    """O-CARDS-ONSALE's list: a truncated download names the line it stops at; nothing stored."""
    raw = CARDS.read_bytes()
    lines = raw.split(b"\n")
    cut = b"\n".join(lines[:6]) + b"\xe3"  # line 6, then the first byte of a character cut off
    f = tmp_path / "cut.csv"
    f.write_bytes(cut)
    data = str(tmp_path / "d")
    rc, out, err = run(capsys, "--data-dir", data, "cards", "import", str(f))
    assert rc != 0 and "line 6 (byte offset" in err, err
    assert not (Path(data) / "cards" / "cards.json").exists()


def test_undecodable_at_is_where_the_better_reading_stops():
    """The line and byte offset reported is where the farther of UTF-8 and Shift_JIS stops."""
    from core.textfiles import decode, undecodable_at

    raw = "一\n二\n".encode() + b"\xff"
    assert decode(raw) is None
    assert undecodable_at(raw) == (3, len(raw) - 1)


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=40).filter(lambda t: "\x00" not in t), st.integers(0, 40))
def test_undecodable_at_never_points_past_the_first_bad_byte_of_both(text, at):
    """Whatever the bytes, the offset named is inside the file and on the line it counts."""
    from core.textfiles import decode, undecodable_at

    raw = text.encode()
    raw = raw[: at % (len(raw) + 1)] + b"\xff" + raw[at % (len(raw) + 1) :]
    if decode(raw) is None:
        line, offset = undecodable_at(raw)
        assert 0 <= offset < len(raw) and line == raw.count(b"\n", 0, offset) + 1


# -- 6. lycee card by short number or name --------------------------------------------------------


def test_o_cards_known_card_takes_the_short_number_and_a_name(capsys, tmp_path):
    """O-CARDS-KNOWN: `lycee card 0101` reads as LO-0101 as decklists read it, a name
    naming one card finds it, a name naming several lists them and says to type the
    number; no 2008 rule id (G-CARDS-VERSIONS) for a card the store's list holds."""
    data = str(tmp_path / "d")
    _card_list(capsys, data)
    out = _ok(capsys, "--data-dir", data, "card", "0101", "--date", "2026-12-06")
    assert out.startswith("LO-0101 ") and "G-CARDS-VERSIONS" not in out
    name = json.loads(_ok(capsys, "--data-dir", data, "card", "0101", "--json"))["cards"][0]["name"]
    assert _ok(capsys, "--data-dir", data, "card", name, "--date", "2026-12-06").startswith("LO-0101 ")
    rc, out, _e = run(capsys, "--data-dir", data, "card", "朝倉")
    assert rc == 1 and "LO-0001" in out and "LO-0002" in out and "type the number" in out
    assert "G-CARDS-VERSIONS" not in out
    rc, out, _e = run(capsys, "--data-dir", data, "card", "春日")
    assert rc == 1 and "LO-0923" in out and "G-CARDS-VERSIONS" not in out


# -- 7. a parallel swap at a deck check (O-DECK-4) ------------------------------------------------


def test_o_deck_4_a_parallel_swap_is_the_same_deck_at_a_deck_check(capsys, tmp_path):
    """O-DECK-4: a parallel counts as its base number, so 2 LO-0101 + 2 LO-0101-A
    presented for a registered 4 LO-0101 is the registered deck: said as such,
    no card missing or extra, exit 0."""
    data, eid = _overture_event_with_a_parallel(capsys, tmp_path)
    swapped = _list_file(tmp_path, "p.txt", {**SME_DECK, "LO-0101": 2, "LO-0101-A": 2})
    rc, out, err = run(capsys, "--data-dir", data, "decklist", "check", eid, "A", str(swapped))
    assert rc == 0, out + err
    assert "matches the registered decklist" in out and "O-DECK-4" in out
    assert "extra" not in out and "missing" not in out
    rc, out, _e = run(capsys, "--data-dir", data, "decklist", "check", eid, "A", str(swapped), "--json")
    assert rc == 0 and json.loads(out)["parallels_only"]
    # one card more of the parallel is a real difference
    more = _list_file(tmp_path, "q.txt", {**SME_DECK, "LO-0101": 2, "LO-0101-A": 3})
    rc, out, _e = run(capsys, "--data-dir", data, "decklist", "check", eid, "A", str(more))
    assert rc == 1 and "extra" in out


def test_o_cards_onsale_a_parallel_not_yet_on_sale_is_not_its_base_card_at_a_deck_check(capsys, tmp_path):
    """O-CARDS-ONSALE, O-DECK-4: a parallel stands for its base card at a deck check only when the event may
    play it.  LO-0101-A of a promotion on sale from 2027-01-01, presented for two of a registered 4 LO-0101 at
    an event of 2026-12-06: the deck is refused, naming the card and the date (exit 1); it read 「登録済みの
    デッキリストと一致します（同じカードのパラレルがあります）」, exit 0."""
    data, eid = _overture_event_with_a_parallel(capsys, tmp_path)
    rows = CARDS.read_bytes().decode("utf-8").rstrip("\r\n").split("\r\n")
    base = next(r for r in rows if r.startswith("LO-0101 "))
    promo = base.replace("LO-0101  ", "LO-0101-A", 1).replace(",R,", ",P,", 1)
    promo = promo.replace("ソラノオト Project 1.0(SME)", "リセ プロモーション 1.0(SME)")
    more = tmp_path / "more.csv"
    more.write_bytes("\r\n".join([*rows, promo]).encode("utf-8") + b"\r\n")
    _ok(capsys, "--data-dir", data, "cards", "import", str(more))
    _ok(capsys, "--data-dir", data, "cards", "on-sale", "リセ プロモーション 1.0(SME)", "2027-01-01")
    swapped = _list_file(tmp_path, "p.txt", {**SME_DECK, "LO-0101": 2, "LO-0101-A": 2})
    rc, out, err = run(capsys, "--data-dir", data, "decklist", "check", eid, "A", str(swapped))
    assert rc == 1 and "may not be played" in out and "LO-0101-A" in out and "2027-01-01" in out, out + err
    rc, out, _e = run(capsys, "--data-dir", data, "decklist", "check", eid, "A", str(swapped), "--json")
    doc = json.loads(out)
    assert rc == 1 and doc["parallels_only"] and [p["number"] for p in doc["problems"]] == ["LO-0101-A"], doc


@given(st.lists(st.tuples(st.sampled_from(["deck", "spare"]), st.integers(0, 4), st.integers(0, 4)), max_size=6))
def test_o_deck_4_parallels_only_holds_exactly_when_each_base_keeps_its_count(rows):
    """O-DECK-4: differences are parallels only exactly when, section by section, every
    base number keeps its count."""
    from core.rules.decklists import parallels_only

    diffs = []
    for i, (section, reg, pres) in enumerate(rows):
        number = "LO-0101" if i % 2 == 0 else "LO-0101-A"
        if reg != pres:
            diffs.append((section, number, reg, pres))
    change: dict[str, int] = {}
    for section, _n, reg, pres in diffs:
        change[section] = change.get(section, 0) + pres - reg
    assert parallels_only(diffs) == (bool(diffs) and not any(change.values()))


def test_l_file_a_decklist_file_not_found_is_named_where_it_was_looked_for(capsys, tmp_path, monkeypatch):
    """L-FILE: a decklist file typed by its name alone (the app's F11 reads it from the app's own
    folder) that is not there is refused naming the whole path looked at, not the bare name."""
    monkeypatch.chdir(tmp_path)
    rc, _out, err = run(capsys, "--lang", "ja", "deck", "check", "d10.txt")
    assert rc == 1 and str(tmp_path / "d10.txt") in err and "そのファイルはありません" in err, err
