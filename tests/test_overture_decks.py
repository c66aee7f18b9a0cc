"""Lycee Overture deck checks (issue 43): O-DECK-60, O-DECK-4, O-CARDS-ONSALE,
O-CARDS-KNOWN and every 構築制限 line (O-DECK-RESTRICT), on the invented card list
tests/fixtures/cards/official-v1.csv (the official CSV layout; its README lists
what each card holds)."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from core.cards.decks import (
    NOT_CHECKED,
    Decklist,
    check_deck,
    check_overture,
    deck_class,
    parse_decklist,
)
from core.cards.legality import Legality
from core.cards.model import Card, base_number
from core.cards.official import read_official
from core.cards.restrictions import (
    AttributeOnly,
    BrandOnly,
    CopyLimit,
    EveryCard,
    Forbid,
    NumberRange,
    Requires,
    Unread,
    read_line,
    restriction_lines,
    restrictions_of,
)
from core.errors import ValidationError
from tests.cli_helpers import run
from tests.strategies import restriction_pieces

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "official-v1.csv"
#: the store's calendar for the tests: HSG goes on sale after the event date
ON_SALE = {"MRS": date(2017, 2, 1), "SME": date(2018, 5, 1), "HSG": date(2026, 12, 20)}
EVENT_DAY = date(2026, 12, 6)


def _load(path: Path) -> dict[str, Card]:
    """The fixture's cards, as the desk's reader reads them."""
    listed = read_official(path.read_text(encoding="utf-8"), str(path))
    assert not listed.problems
    return {c.number: c for c in listed.cards}


CARDS = _load(FIXTURE)


def legal_on(day: date):
    def legal(number: str) -> tuple[bool, str]:
        card = CARDS[number]
        since = ON_SALE[card.brand]
        if day < since:
            return False, f"{card.product} on sale from {since.isoformat()}"
        return True, ""

    return legal


def check(counts: dict[str, int], day: date = EVENT_DAY):
    return check_overture(Decklist.from_counts(counts), CARDS, legal=legal_on(day))


def blocking(problems):
    return [p for p in problems if p.blocking]


#: SME deck, parallels mixed in: LO-0105 [SME] binds it, LO-0110 needs 星の約束 (LO-0118 / -K)
SME_DECK = {
    **{f"LO-{n:04d}": 4 for n in (101, 102, 103, 104, 106, 107, 108, 109, 110, 111, 112, 113)},
    "LO-0105": 2,
    "LO-0105-A": 2,
    "LO-0115": 2,
    "LO-0116": 2,
    "LO-0118": 2,
    "LO-0118-K": 2,
}
#: MRS deck without restriction cards, a parallel mixed in
MRS_DECK = {
    **{f"LO-{n:04d}": 4 for n in (2, 3, 4, 6, 7, 8, 9, 12, 13, 14, 15, 16, 17, 18)},
    "LO-0001": 2,
    "LO-0001-A": 2,
}


def with_changes(deck: dict[str, int], **changes: int) -> dict[str, int]:
    out = dict(deck)
    for k, v in changes.items():
        number = k.replace("_", "-")
        out[number] = out.get(number, 0) + v
    return {k: v for k, v in out.items() if v}


# -- the reader -------------------------------------------------------------------------------


def test_o_deck_restrict_reads_every_kind_of_the_fixture():
    kinds = {c.number: [type(r) for r in restrictions_of(c)] for c in CARDS.values() if restrictions_of(c)}
    assert kinds["LO-0005"] == [AttributeOnly]
    assert kinds["LO-0011"] == [AttributeOnly]
    assert kinds["LO-0105"] == [BrandOnly]
    assert kinds["LO-0019"] == [BrandOnly]  # ミライ書房（[MRS]）
    assert kinds["LO-6003"] == [NumberRange]
    assert kinds["LO-0010"] == [CopyLimit]
    assert kinds["LO-0110"] == [Requires]
    assert kinds["LO-0114"] == [Forbid]
    assert kinds["LO-6010"] == [Forbid]
    assert kinds["LO-6006"] == [EveryCard]
    assert not any(Unread in v for v in kinds.values())
    # [装備制限] and ※ rows are not 構築制限
    assert restrictions_of(CARDS["LO-0016"]) == [] and restrictions_of(CARDS["LO-6015"]) == []


def test_o_deck_restrict_reads_after_nfkc_full_width_and_wave_dashes_alike():
    a = read_line("LO-6003", "【ＬＯ－６０００～】")
    b = read_line("LO-6003", "【LO-6000〜】")
    c = read_line("LO-6003", "【LO-6000~LO-6999】")
    assert isinstance(a[0], NumberRange) and (a[0].low, a[0].high) == (6000, None)
    assert (b[0].low, b[0].high) == (6000, None)
    assert (c[0].low, c[0].high) == (6000, 6999)
    (to,) = read_line("LO-1", "【～LO-5999】")
    assert (to.low, to.high) == (None, 5999)
    (copy,) = read_line("LO-0010", "【このカードと同番号が１枚以下】")
    assert isinstance(copy, CopyLimit) and copy.limit == 1
    (attrs,) = read_line("LO-0011", "【[日][花]】")
    assert attrs.attributes == {"sun", "flower"}
    (attrs2,) = read_line("LO-0011", "【[日/花]】")
    assert attrs2.attributes == {"sun", "flower"}
    (req,) = read_line("LO-1", "【「AMBITIOUS MISSION」が１枚以上】")
    assert isinstance(req, Requires) and (req.name, req.at_least) == ("AMBITIOUS MISSION", 1)
    (brand,) = read_line("LO-1", "[NEX]")
    assert isinstance(brand, BrandOnly) and brand.brands == {"NEX"}
    (ex,) = read_line("LO-6006", "【ＥＸ２でコストが４点以下】")
    assert isinstance(ex, EveryCard) and (ex.condition.ex, ex.condition.cost) == (2, ("<=", 4))
    (forbid,) = read_line("LO-1", "【禁止：イベント・コスト５点以上のキャラ】")
    assert isinstance(forbid, Forbid) and len(forbid.kinds) == 2
    # two groups on one line both bind
    assert [type(r) for r in read_line("LO-1", "【[日]】【このカードと同番号が１枚以下】")] == [
        AttributeOnly,
        CopyLimit,
    ]


def test_o_deck_restrict_unreadable_lines_are_kept_whole():
    for line in ("ゆずソフト,ゆずソフト 1.0,へいろー", "【謎の条件】", "【[日]】とても強い", "【禁止:「秘密の鍵」】"):
        (r,) = read_line("LO-1", line)
        assert isinstance(r, Unread) and not r.readable
    assert restriction_lines("[常時] AP+1<br />構築制限：【[日]】\n※注意") == ["【[日]】"]


# -- the checks (the "done when", on the fixture list) ---------------------------------


def test_o_deck_legal_60_card_decks_with_parallels_pass():
    for deck in (SME_DECK, MRS_DECK):
        assert sum(deck.values()) == 60
        assert check(deck) == []
    assert (
        check_deck(Decklist.from_counts(SME_DECK), CARDS, "constructed", rules="overture", legal=legal_on(EVENT_DAY))
        == []
    )
    # without a legal callable, the catalog's is_legal on the event date decides
    onsale = with_changes(MRS_DECK, LO_0002=-1, LO_6001=1)
    (p,) = check_deck(Decklist.from_counts(onsale), _Listed(), "constructed", on=EVENT_DAY, rules="overture")
    assert (p.rule, p.number) == ("O-CARDS-ONSALE", "LO-6001")


def test_o_deck_4_five_copies_across_a_base_card_and_its_parallel_refused_naming_both():
    problems = check(with_changes(SME_DECK, LO_0105_A=1, LO_0101=-1))
    assert [p.rule for p in problems] == ["O-DECK-4"]
    assert problems[0].numbers == ("LO-0105", "LO-0105-A")
    assert "LO-0105" in problems[0].message and "LO-0105-A" in problems[0].message


def test_o_deck_60_a_59_card_deck_refused():
    problems = check(with_changes(SME_DECK, LO_0101=-1))
    assert [(p.rule, p.code) for p in problems] == [("O-DECK-60", "size")]
    assert "59" in problems[0].message


def test_o_deck_restrict_two_copies_of_a_one_copy_card_refused_naming_it():
    problems = check(with_changes(MRS_DECK, LO_0001=-2, LO_0010=1, LO_0010_L=1))
    assert [p.rule for p in problems] == ["O-DECK-RESTRICT"]
    assert set(problems[0].numbers) == {"LO-0010", "LO-0010-L"}
    assert "2 cards of number LO-0010 (LO-0010, LO-0010-L)" in problems[0].message  # the numbers held, named
    # the base number alone is not named twice (it read 「LO-0010（LO-0010）が2枚です」)
    (alone,) = check(with_changes(MRS_DECK, LO_0001=-2, LO_0010=2))
    assert "2 cards of number LO-0010;" in alone.message and "(LO-0010)" not in alone.message
    # one copy is fine
    assert check(with_changes(MRS_DECK, LO_0001=-1, LO_0010_L=1)) == []


def test_o_deck_restrict_a_card_outside_the_attribute_refused_naming_it():
    problems = check(with_changes(MRS_DECK, LO_0002=-1, LO_0005=1))
    assert [p.rule for p in blocking(problems)] == ["O-DECK-RESTRICT"]
    p = problems[0]
    assert p.message.startswith("LO-0005 ")
    # the 花 cards of the deck are named
    for number in ("LO-0003", "LO-0004", "LO-0016"):
        assert number in p.numbers and number in p.message
    assert "LO-0002" not in p.numbers  # 日


def test_o_cards_onsale_a_product_not_yet_on_sale_refused_naming_the_card():
    problems = check(with_changes(MRS_DECK, LO_0002=-1, LO_6001=1))
    assert [(p.rule, p.number) for p in problems] == [("O-CARDS-ONSALE", "LO-6001")]
    assert "2026-12-20" in problems[0].message
    # on sale by the day after: legal
    assert check(with_changes(MRS_DECK, LO_0002=-1, LO_6001=1), date(2026, 12, 20)) == []


def test_o_cards_known_a_number_not_in_the_list_refused():
    problems = check(with_changes(MRS_DECK, LO_0002=-1, LO_9999=1))
    assert [(p.rule, p.number) for p in problems] == [("O-CARDS-KNOWN", "LO-9999")]


def test_o_deck_restrict_brand_range_requires_and_forbid():
    # brand: an MRS card in the SME deck
    (p,) = check(with_changes(SME_DECK, LO_0101=-1, LO_0002=1))
    assert (p.rule, p.numbers) == ("O-DECK-RESTRICT", ("LO-0002",)) and "SME" in p.message
    # a card the deck must hold: no 星の約束
    (p,) = check(with_changes(SME_DECK, LO_0118=-2, LO_0118_K=-2, LO_0115=2, LO_0116=2))
    assert p.numbers == ("LO-0110",) and "星の約束" in p.message
    # forbidden kind: LO-0114 forbids events; the deck holds LO-0118
    problems = check(with_changes(SME_DECK, LO_0101=-1, LO_0114=1))
    (p,) = problems
    assert p.message.startswith("LO-0114 ") and set(p.numbers) == {"LO-0118", "LO-0118-K"}
    # number range: LO-6003 allows LO-6000~ only
    hsg = {f"LO-{n:04d}": 4 for n in range(6001, 6016) if n not in (6003, 6006, 6010)}
    hsg |= {"LO-6003": 2, "LO-6003-A": 2, "LO-0002": 4, "LO-0006": 4}
    assert sum(hsg.values()) == 60
    problems = check(hsg, date(2027, 1, 1))
    assert [(p.rule, p.numbers) for p in problems] == [("O-DECK-RESTRICT", ("LO-0002", "LO-0006"))]
    assert "LO-6000~" in problems[0].message


def test_o_deck_restrict_ex_cost_a_card_that_breaks_both_readings_refused_else_listed():
    hsg = {f"LO-{n:04d}": 4 for n in range(6001, 6016) if n not in (6003, 6010, 6014)}
    hsg |= {"LO-0002": 4, "LO-0006": 4, "LO-0009": 4}
    assert sum(hsg.values()) == 60
    problems = check(hsg, date(2027, 1, 1))
    # no EX2 card costs more than 4: nothing refused; the cards that are not EX2 with cost <= 4 are listed
    assert blocking(problems) == []
    (note,) = problems
    assert note.code == NOT_CHECKED and note.rule == "O-DECK-RESTRICT"
    assert note.message.startswith("not checked: 【EX2でコストが4点以下】") and "LO-6006" in note.message
    # an EX2 card costing 5 breaks it under either reading
    heavy = Card("LO-6999", "重い子", "character", ("space",), (("space", 5),), 2, brand="HSG", product="p(HSG)")
    cards = dict(CARDS) | {"LO-6999": heavy}
    deck = Decklist.from_counts(with_changes(hsg, LO_6001=-1, LO_6999=1))
    problems = check_overture(deck, cards, legal=lambda n: (True, ""))
    assert [p.numbers for p in blocking(problems)] == [("LO-6999",)]


def test_o_deck_restrict_unsettled_and_unreadable_are_listed_never_passed_silently():
    # 無 under an attribute restriction: listed for the judge, not refused
    problems = check({"LO-0005": 4, "LO-0020": 4, "LO-0002": 4, "LO-0006": 4})
    assert [p.rule for p in blocking(problems)] == ["O-DECK-60"]
    notes = [p for p in problems if p.code == NOT_CHECKED]
    assert len(notes) == 1 and "LO-0020" in notes[0].message and "【[日]】" in notes[0].message
    # a line the desk cannot read: "not checked: <the line>", not blocking
    odd = Card(
        "LO-0999",
        "謎の子",
        "character",
        ("sun",),
        (("sun", 1),),
        1,
        text="構築制限:【月が満ちる夜】",
        brand="MRS",
        product="p(MRS)",
    )
    deck = Decklist.from_counts(with_changes(MRS_DECK, LO_0002=-1, LO_0999=1))
    problems = check_overture(deck, dict(CARDS) | {"LO-0999": odd}, legal=lambda n: (True, ""))
    (p,) = problems
    assert not p.blocking and p.message.startswith("not checked: 【月が満ちる夜】")
    # no calendar: the dates are listed as not checked, never passed
    (p,) = check_overture(Decklist.from_counts(MRS_DECK), CARDS)
    assert (p.rule, p.code) == ("O-CARDS-ONSALE", NOT_CHECKED)


def test_o_deck_class_single_or_mix():
    assert deck_class(Decklist.from_counts(SME_DECK), CARDS) == ("single", ("SME",))
    assert deck_class(Decklist.from_counts(with_changes(MRS_DECK, LO_0002=-1, LO_6001=1)), CARDS) == ("mix", ())
    assert deck_class(Decklist.from_counts({"LO-9999": 1}), CARDS) == ("unknown", ())


def test_o_deck_2008_path_unchanged_by_the_rules_choice():
    with pytest.raises(ValueError):
        check_deck(Decklist(), CARDS, "sealed", rules="overture")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        check_deck(Decklist(), CARDS, "constructed", rules="2017")  # type: ignore[arg-type]


# -- properties -----------------------------------------------------------------------------

#: cards that carry no 構築制限, on sale on the event date
PLAIN = sorted(n for n, c in CARDS.items() if not restrictions_of(c) and c.brand != "HSG")
PLAIN_BASES = sorted({base_number(n) for n in PLAIN})


@st.composite
def plain_decks(draw):
    """A 60-card deck of plain cards, at most 4 per base number, parallels mixed in."""
    bases = draw(st.permutations(PLAIN_BASES))
    counts: Counter = Counter()
    left = 60
    for base in bases:
        if left == 0:
            break
        n = min(left, draw(st.integers(1, 4)))
        printings = [x for x in PLAIN if base_number(x) == base]
        for _ in range(n):
            counts[draw(st.sampled_from(printings))] += 1
        left -= n
    if left:  # too few drawn per base: top up to 4 each
        for base in bases:
            room = 4 - sum(v for k, v in counts.items() if base_number(k) == base)
            add = min(room, left)
            if add:  # (a base already at 4 gets no entry of 0 copies: no decklist line says 0)
                counts[base] += add
            left -= add
    return dict(counts)


@settings(max_examples=60, deadline=None)
@given(plain_decks(), st.data())
def test_o_deck_4_property_legal_decks_pass_and_a_fifth_copy_always_fails_naming_its_base(deck, data):
    assert sum(deck.values()) == 60
    assert check(deck) == []
    full = sorted(
        {base_number(k) for k in deck if sum(v for n, v in deck.items() if base_number(n) == base_number(k)) == 4}
    )
    if not full:
        return
    base = data.draw(st.sampled_from(full))
    extra = data.draw(st.sampled_from([x for x in PLAIN if base_number(x) == base]))
    more = dict(deck)
    more[extra] = more.get(extra, 0) + 1
    problems = check(more)
    copies = [p for p in problems if p.rule == "O-DECK-4"]
    assert len(copies) == 1 and base_number(copies[0].numbers[0]) == base and base in copies[0].message
    assert {p.rule for p in problems} == {"O-DECK-4", "O-DECK-60"}


@settings(max_examples=60, deadline=None)
@given(plain_decks(), st.sampled_from(["code", "bare", "table", "lines", "times", "mai"]))
def test_o_decklist_every_way_players_bring_a_deck_reads_the_same(deck, how):
    """O-DECK-60: a deck code, bare numbers, the official table, 「4 LO-0101」 lines, and the count after the
    number as players also write it (「LO-0101 ×4」, 「LO-0101 白雪 ミオ 4枚」: refused before) read alike."""
    numbers = [n for n, k in sorted(deck.items()) for _ in range(k)]
    if how == "times":
        text = "\n".join(f"{n} {'×xX'[k % 3]}{k}" for n, k in sorted(deck.items()))
    elif how == "mai":
        text = "\n".join(f"{n} {CARDS[n].name} {k}枚" for n, k in sorted(deck.items()))
    elif how == "code":
        text = " ".join(numbers)
    elif how == "bare":  # community deck codes leave out the LO-
        text = "\n".join(" ".join(n.removeprefix("LO-") for n in numbers[i : i + 7]) for i in range(0, 60, 7))
    elif how == "table":
        rows = [f"{k}枚\t{n}\t{CARDS[n].name}\t{CARDS[n].type}" for n, k in sorted(deck.items())]
        text = "枚数\tカード番号\tカード名\t種類\n" + "\n".join(rows) + f"\n合計\t{sum(deck.values())}\n"
    else:
        text = "\n".join(f"{k} {n}" for n, k in sorted(deck.items()))
    assert parse_decklist(text).counts("deck") == Counter(deck)


# -- decklists as players bring them: what does not parse ---------------------------------------


def test_o_decklist_a_line_that_does_not_parse_names_its_line_and_a_wrong_total_is_named():
    text = "枚数\tカード番号\tカード名\n4枚\tLO-0101\t白雪 ミオ\n3枚\tLO-01O2\nよんまい LO-0103\n合計\t60\n"
    with pytest.raises(ValidationError) as e:
        parse_decklist(text, "deck.txt")
    by_line = dict(e.value.problems)
    assert set(by_line) == {"line 3", "line 4"}
    assert "LO-01O2" in by_line["line 3"] and "not a card number" in by_line["line 3"]
    assert "COUNT NUMBER" in by_line["line 4"] and "よんまい" in by_line["line 4"]
    # rows that read but do not add up to the 合計 row
    with pytest.raises(ValidationError) as e:
        parse_decklist("4枚 LO-0101\n4枚 LO-0102\n合計：60枚\n", "deck.txt")
    ((where, why),) = e.value.problems
    assert where == "line 3" and "60" in why and "8" in why


def test_o_decklist_a_61st_card_is_a_deck_problem_not_a_parse_error():
    deck = parse_decklist(" ".join(n for n, k in sorted(SME_DECK.items()) for _ in range(k)) + " LO-0101")
    assert deck.deck_size == 61
    problems = check_overture(deck, CARDS, legal=legal_on(EVENT_DAY))
    assert {p.rule for p in problems} == {"O-DECK-60", "O-DECK-4"}


# -- lycee deck check --rules overture -------------------------------------------------------------


class _Listed:
    """The card list as the command line sees it (until the store's own list is wired in):
    a number's card, its name, and whether it is legal on a day."""

    def get(self, number):
        return CARDS.get(number)

    def name_of(self, number):
        card = CARDS.get(number)
        return card.name if card else None

    def is_legal(self, number, on):
        ok, reason = legal_on(date.fromisoformat(str(on)))(number)
        return Legality(number, ok, "O-CARDS-ONSALE", reason)


def test_o_cards_onsale_a_product_without_a_date_is_listed_not_passed(capsys, tmp_path):
    data = str(tmp_path / "data")
    assert run(capsys, "--data-dir", data, "cards", "import", str(FIXTURE))[0] == 0
    f = tmp_path / "deck.txt"
    f.write_text("".join(f"{k} {n}\n" for n, k in sorted(MRS_DECK.items())), encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", data, "deck", "check", str(f), "--rules", "overture", "--json")
    doc = json.loads(out)
    assert rc == 0, err
    assert doc["problems"] == [] and {p["rule"] for p in doc["not_checked"]} == {"O-CARDS-ONSALE"}
    assert {n for p in doc["not_checked"] for n in p["numbers"]} == set(MRS_DECK)
    assert "lycee cards on-sale" in doc["not_checked"][0]["message"]


@pytest.fixture
def listed(capsys, tmp_path):
    """A data folder holding the fixture list (``lycee cards import``) and the store's
    on-sale dates (``lycee cards on-sale``): the ``--data-dir`` options to pass."""
    data = str(tmp_path / "data")
    rc, _out, err = run(capsys, "--data-dir", data, "cards", "import", str(FIXTURE))
    assert rc == 0, err
    for product in sorted({c.product for c in CARDS.values()}):
        brand = next(c.brand for c in CARDS.values() if c.product == product)
        rc, _out, err = run(capsys, "--data-dir", data, "cards", "on-sale", product, ON_SALE[brand].isoformat())
        assert rc == 0, err
    return ("--data-dir", data)


def _deck_file(tmp_path, counts, name="deck.txt", how="lines"):
    f = tmp_path / name
    if how == "code":
        f.write_text(" ".join(n for n, k in sorted(counts.items()) for _ in range(k)), encoding="utf-8")
    else:
        f.write_text("".join(f"{k} {n}\n" for n, k in sorted(counts.items())), encoding="utf-8")
    return str(f)


def test_o_deck_cli_passes_a_legal_deck_and_refuses_each_case_naming_the_card(capsys, tmp_path, listed):
    day = ("--rules", "overture", "--date", EVENT_DAY.isoformat())
    rc, out, err = run(capsys, *listed, "deck", "check", _deck_file(tmp_path, SME_DECK, how="code"), *day)
    assert rc == 0, err
    assert "legal" in out and "single deck (SME)" in out
    cases = {
        "five": (with_changes(SME_DECK, LO_0105_A=1, LO_0101=-1), "O-DECK-4", "LO-0105-A"),
        "fiftynine": (with_changes(SME_DECK, LO_0101=-1), "O-DECK-60", "59"),
        "onecopy": (with_changes(MRS_DECK, LO_0001=-2, LO_0010=1, LO_0010_L=1), "O-DECK-RESTRICT", "LO-0010"),
        "attribute": (with_changes(MRS_DECK, LO_0002=-1, LO_0005=1), "O-DECK-RESTRICT", "LO-0003"),
        "onsale": (with_changes(MRS_DECK, LO_0002=-1, LO_6001=1), "O-CARDS-ONSALE", "LO-6001"),
    }
    for name, (counts, rule, named) in cases.items():
        rc, out, err = run(capsys, *listed, "deck", "check", _deck_file(tmp_path, counts, f"{name}.txt"), *day)
        assert rc == 1, (name, out, err)
        line = next(x for x in out.splitlines() if f"[{rule}]" in x)
        assert named in line, (name, out)
    rc, out, err = run(
        capsys, *listed, "deck", "check", _deck_file(tmp_path, cases["onsale"][0], "j.txt"), *day, "--json"
    )
    doc = json.loads(out)
    assert rc == 1 and doc["legal"] is False and doc["rules"] == "overture" and doc["class"] == "mix"
    assert [(p["rule"], p["numbers"]) for p in doc["problems"]] == [("O-CARDS-ONSALE", ["LO-6001"])]


def test_o_deck_cli_not_checked_is_listed_and_exits_0(capsys, tmp_path, listed):
    hsg = {f"LO-{n:04d}": 4 for n in range(6001, 6016) if n not in (6003, 6010, 6014)}
    hsg |= {"LO-0002": 4, "LO-0006": 4, "LO-0009": 4}
    rc, out, err = run(
        capsys, *listed, "deck", "check", _deck_file(tmp_path, hsg), "--rules", "overture", "--date", "2027-01-01"
    )
    assert rc == 0, err
    assert "1 not checked" in out and "not checked: 【EX2でコストが4点以下】" in out
    rc, out, err = run(
        capsys,
        *listed,
        "deck",
        "check",
        _deck_file(tmp_path, hsg),
        "--rules",
        "overture",
        "--date",
        "2027-01-01",
        "--json",
    )
    doc = json.loads(out)
    assert rc == 0 and doc["legal"] is True and doc["problems"] == []
    assert [p["rule"] for p in doc["not_checked"]] == ["O-DECK-RESTRICT"]


def test_o_deck_cli_japanese(capsys, tmp_path, listed):
    rc, out, err = run(
        capsys,
        *listed,
        "--lang",
        "ja",
        "deck",
        "check",
        _deck_file(tmp_path, with_changes(MRS_DECK, LO_0002=-1, LO_0005=1)),
        "--rules",
        "overture",
        "--date",
        "2026-12-06",
    )
    assert rc == 1, err
    assert "リセ オーバーチュア構築戦" in out and "デッキの種類: シングルデッキ（MRS）" in out
    assert "LO-0005 の構築制限により、デッキに入れられるのは日属性のカードだけです" in out


def test_o_decklist_the_official_table_copied_with_spaces_reads_with_the_card_list():
    text = "枚数 カード番号 カード名 種類\n4枚 LO-0101 白雪 ミオ キャラクター R\n2枚 LO-0105-A 星野 アイカ\n合計 6\n"
    deck = parse_decklist(text, "table.txt", _Listed())
    assert deck.counts("deck") == Counter({"LO-0101": 4, "LO-0105-A": 2})
    # a COUNT NUMBER line still names a name that is not the card's
    with pytest.raises(ValidationError, match="does not match"):
        parse_decklist("4 LO-0101 白雪 ミオ キャラクター\n", "lines.txt", _Listed())


@settings(max_examples=150, deadline=None)
@given(st.lists(restriction_pieces, max_size=30).map("".join))
@example("9" * 5000 + " CH-0063")
@example("9" * 5000 + "枚\tLO-0101")
@example("合計 " + "9" * 5000)
@example("【このカードと同番号が" + "9" * 5000 + "枚以下】")
def test_o_deck_restrict_any_text_reads_or_is_named_never_a_traceback(text):
    """Hostile input: any text is read into restrictions (checked without error)
    or refused as a decklist with ValidationError naming lines, nothing else."""
    card = Card("LO-0999", "x", "character", ("sun",), (("sun", 1),), 1, text="構築制限:" + text, brand="MRS")
    deck = Decklist.from_counts({**MRS_DECK, "LO-0999": 1})
    check_overture(deck, dict(CARDS) | {"LO-0999": card}, legal=lambda n: (True, ""))
    try:
        parse_decklist(text, "x.txt")
    except ValidationError as e:
        assert all(where.startswith("line ") for where, _why in e.problems)


def test_o_cards_onsale_the_cards_of_a_product_without_a_date_are_one_line(capsys, tmp_path):
    """O-CARDS-ONSALE: the cards of a product without an on-sale date are not checked, said once
    for the product, naming its cards and how to set the date (a 60-card deck listed 15 lines,
    one a card, each repeating the product), in Japanese too."""
    data = str(tmp_path / "data")
    assert run(capsys, "--data-dir", data, "cards", "import", str(FIXTURE))[0] == 0
    f = tmp_path / "deck.txt"
    f.write_text("".join(f"{k} {n}\n" for n, k in sorted(MRS_DECK.items())), encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", data, "--lang", "ja", "deck", "check", str(f), "--rules", "overture")
    assert rc == 0, err
    lines = [ln for ln in out.splitlines() if "発売日がありません" in ln]
    assert len(lines) == 1, out
    assert f"未確認: {len(MRS_DECK)}種（" in lines[0] and 'lycee cards on-sale "ミライ書房 1.0(MRS)"' in lines[0]
    assert all(n in lines[0] for n in MRS_DECK)
