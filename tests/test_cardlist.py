"""The store's card list (issue 43): the publisher's CSV read as it is
downloaded, stored in the data folder, its product calendar, and the cards
joined to every catalog.  Rules: O-CARDS-ONSALE (a card is legal from its
product's on-sale date; a product without one is reported), G-CARDS-TEXT
(a changed text is an erratum from the day it was imported), and issue 43's
"bad input gets a clear message, and nothing stored changes".

The lists are tests/fixtures/cards/ (invented cards in the official layout)."""

from __future__ import annotations

import json
import os
import stat
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cards import cardlist
from core.cards.legality import Catalog
from core.cards.official import FIELDS, decode, read_official
from tests.cli_helpers import run

FIX = Path(__file__).resolve().parent / "fixtures" / "cards"
V1 = FIX / "official-v1.csv"
V1_SJIS = FIX / "official-v1-sjis.csv"
V2 = FIX / "official-v2.csv"
P1, P2, P3, P4 = "ミライ書房 1.0(MRS)", "ソラノオト Project 1.0(SME)", "ほしぞら学園 2.0(HSG)", "ミライ書房 2.0(MRS)"


@pytest.fixture(autouse=True)
def _no_store_in_use():
    """Each test starts and ends with no data folder's card list joined."""
    before = cardlist.use_root(None)
    yield
    cardlist.use_root(before)


def read(path: Path):
    text, enc = decode(path.read_bytes())
    return read_official(text, str(path), enc)


def lines(path: Path) -> list[str]:
    return path.read_bytes().decode("utf-8").split("\r\n")


def write(tmp_path: Path, name: str, rows: list[str]) -> Path:
    p = tmp_path / name
    p.write_bytes("\r\n".join(rows).encode("utf-8"))
    return p


def stored_bytes(data: Path) -> bytes | None:
    p = data / "cards" / "cards.json"
    return p.read_bytes() if p.exists() else None


# -- reading the publisher's layout ---------------------------------------------------------


def test_the_official_layout_reads_cards_products_parallels_and_brands():
    got = read(V1)
    assert got.problems == []
    assert len(got.cards) == 60 and got.parallels == 7
    assert got.products == {P1: 23, P2: 20, P3: 17}
    by = {c.number: c for c in got.cards}
    c = by["LO-0011"]  # two attributes, cost as symbols, padded fields
    assert (c.name, c.type, c.attributes, c.cost_map, c.ex) == (
        "陽野 まどか",
        "character",
        ("flower", "sun"),
        {"flower": 1, "sun": 1},
        2,
    )
    assert (c.ap, c.dp, c.sp, c.dmg, c.rarity, c.brand) == (2, 2, 2, 2, "R", "MRS")
    assert by["LO-0005-K"].base_number == "LO-0005" and by["LO-0005-K"].rarity == "KR"
    assert by["LO-0117"].type == "event" and by["LO-0117"].ap is None
    assert by["LO-6013"].type == "area" and by["LO-0116"].type == "item"
    assert by["LO-0105"].brand == "SME" and by["LO-6001"].brand == "HSG"
    assert by["LO-0007"].basic == "[ステップ:[0]]" and by["LO-0005"].ability_name == "真昼の誓い"


def test_text_rows_split_by_br_or_new_lines_and_read_after_nfkc():
    by = {c.number: c for c in read(V1).cards}
    # <br /> and <BR /> split rows; full-width １ and Ａ read as 1 and A (h43f reads the 構築制限 rows)
    assert by["LO-0010"].text.splitlines() == [
        "[誘発] 登場時、相手キャラ全てにDP-1する。",
        "構築制限:【このカードと同番号が1枚以下】",
    ]
    assert by["LO-0016"].text.splitlines()[1] == "[装備制限] 花属性"
    # a new line inside a quoted field
    assert by["LO-0110"].text.splitlines()[1] == "構築制限:【「星の約束」が1枚以上】"
    # 〜 (U+301C, which NFKC keeps) and ～ read alike
    assert by["LO-6003"].text.endswith("構築制限:【LO-6000~】")


def test_shift_jis_copy_and_a_bom_read_the_same_cards(tmp_path):
    utf8, sjis = read(V1), read(V1_SJIS)
    assert sjis.encoding == "cp932" and utf8.encoding == "utf-8"
    assert sjis.cards == utf8.cards
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbf" + V1.read_bytes())
    assert read(bom).cards == utf8.cards


def test_unquoted_new_lines_in_a_text_continue_the_card_above(tmp_path):
    rows = lines(V1)
    i = next(k for k, r in enumerate(rows) if r.startswith("LO-0005 "))
    rows[i] = rows[i].replace("<br />", "\r\n")  # the publisher's own: no quotes, a bare new line
    got = read(write(tmp_path, "bare.csv", rows))
    assert got.problems == []
    card = next(c for c in got.cards if c.number == "LO-0005")
    assert card.text.splitlines()[1] == "構築制限:【[日]】"
    assert got.lines["LO-0006"] == i + 3  # line numbers count physical lines (LO-0005 took two)


# -- the command line: import, report, list, on-sale, card -------------------------------------


def test_import_reports_what_it_read_and_stores_it_private(capsys, tmp_path):
    data = tmp_path / "data"
    rc, out, err = run(capsys, "--data-dir", str(data), "cards", "import", str(V1), "--json")
    assert rc == 0, err
    rep = json.loads(out)
    assert (rep["cards"], rep["parallels"], rep["encoding"]) == (60, 7, "utf-8")
    assert rep["products"] == [{"name": P1, "cards": 23}, {"name": P2, "cards": 20}, {"name": P3, "cards": 17}]
    assert rep["undated"] == [P1, P2, P3] and len(rep["added"]) == 60
    assert stat.S_IMODE(os.stat(data / "cards").st_mode) == 0o700
    assert stat.S_IMODE(os.stat(data / "cards" / "cards.json").st_mode) == 0o600
    rc, out, _err = run(capsys, "--data-dir", str(data), "cards", "list", "--products", "--json")
    assert [(p["name"], p["brand"], p["cards"], p["on_sale"]) for p in json.loads(out)["products"]] == [
        (P1, "MRS", 23, None),
        (P2, "SME", 20, None),
        (P3, "HSG", 17, None),
    ]
    rc, out, _err = run(capsys, "--data-dir", str(data), "cards", "list", "--product", P3, "--json")
    assert [c["number"] for c in json.loads(out)["cards"]][:3] == ["LO-6001", "LO-6002", "LO-6003"]
    assert len(json.loads(out)["cards"]) == 17


def test_o_cards_onsale_a_card_is_legal_from_its_products_date(capsys, tmp_path):
    data = str(tmp_path / "data")
    assert run(capsys, "--data-dir", data, "cards", "import", str(V1))[0] == 0
    # no date yet: reported, never silently legal or illegal
    rc, out, _err = run(capsys, "--data-dir", data, "card", "LO-0005", "--date", "2026-12-01", "--json")
    row = json.loads(out)["cards"][0]
    assert rc == 1 and row["status"] == "undated" and "lycee cards on-sale" in row["reason"]
    rc, out, err = run(capsys, "--data-dir", data, "cards", "on-sale", P1, "2026-11-20")
    assert rc == 0 and out.strip() == f"{P1}: on sale (no date) → 2026-11-20", err
    rc, out, _err = run(capsys, "--data-dir", data, "cards", "on-sale", "ミライ書房　1.0(mrs)", "2026-11-21")
    assert rc == 0 and out.strip() == f"{P1}: on sale 2026-11-20 → 2026-11-21"  # width and case ignored
    rc, out, _err = run(capsys, "--data-dir", data, "card", "LO-0005-K", "--date", "2026-11-21")
    assert rc == 0 and "legal since 2026-11-21" in out and "構築制限:【[日]】" in out
    rc, out, _err = run(capsys, "--data-dir", data, "card", "LO-0005", "--date", "2026-11-20")
    assert rc == 1 and "not legal before 2026-11-21" in out
    rc, out, _err = run(capsys, "--data-dir", data, "card", "LO-0999", "--date", "2026-11-21")
    assert rc == 1 and "not in the store's card list" in out
    rc, out, _err = run(capsys, "--data-dir", data, "card", "LO-0001-B", "--date", "2026-11-21")
    assert rc == 1 and "not in the store's card list" in out  # a parallel the list does not hold
    # the 2008 game's numbers as before (G-CARDS-VERSIONS)
    rc, out, _err = run(capsys, "--data-dir", data, "card", "CH-5001", "--date", "2026-11-21")
    assert rc == 0 and "G-CARDS-VERSIONS" in out


def test_o_cards_a_card_in_json_carries_the_card_lists_fields_its_set_and_the_text_in_force(capsys, tmp_path):
    """`lycee card --json` and `lycee cards list --json` give a card as the card list stores
    it (core.cards.cardlist.card_doc: every field, ability_name too), its set, and the text
    in force (the date's for `card`, the latest for `list`): one shape for both (issue 48)."""
    data = str(tmp_path / "data")
    assert run(capsys, "--data-dir", data, "cards", "import", str(V1))[0] == 0
    assert run(capsys, "--data-dir", data, "cards", "on-sale", P1, "2026-11-20")[0] == 0
    rc, out, _err = run(capsys, "--data-dir", data, "card", "LO-0005-K", "--date", "2026-11-21", "--json")
    row = json.loads(out)["cards"][0]
    fields = set(cardlist.card_doc(Catalog.shipped().cards()[0]))
    assert rc == 0 and fields | {"set"} == set(row["card"]) and row["card"]["text"] == row["text"], row
    rc, out, _err = run(capsys, "--data-dir", data, "cards", "list", "--product", P1, "--json")
    listed = json.loads(out)["cards"]
    assert rc == 0 and listed and all(set(c) == fields | {"set"} for c in listed)


def test_on_sale_of_an_unknown_product_names_it_and_changes_nothing(capsys, tmp_path):
    data = tmp_path / "data"
    run(capsys, "--data-dir", str(data), "cards", "import", str(V1))
    before = stored_bytes(data)
    rc, _out, err = run(capsys, "--data-dir", str(data), "cards", "on-sale", "ミライ書房 9.0", "2026-11-20")
    assert rc == 1 and "ミライ書房 9.0" in err and "cards list --products" in err
    rc, _out, err = run(capsys, "--data-dir", str(data), "cards", "on-sale", P1, "2026-13-01")
    assert rc == 1 and "2026-13-01" in err
    assert stored_bytes(data) == before


def test_a_newer_list_updates_in_place_and_a_changed_text_is_an_erratum(capsys, tmp_path, monkeypatch):
    data = str(tmp_path / "data")
    run(capsys, "--data-dir", data, "cards", "import", str(V1))
    run(capsys, "--data-dir", data, "cards", "on-sale", P1, "2026-11-01")
    rc, out, err = run(capsys, "--data-dir", data, "cards", "import", str(V2), "--json")
    assert rc == 0, err
    rep = json.loads(out)
    assert rep["changed"] == [{"number": "LO-0102", "fields": ["ap"], "from": {"ap": 3}, "to": {"ap": 4}}]
    assert rep["errata"] == ["LO-0003"] and rep["new_products"] == [P4]
    assert len(rep["added"]) == 5 and rep["unchanged"] == 58
    assert rep["undated"] == [P2, P3, P4]  # P1 keeps its date
    today = date.today()
    cardlist.use_root(Path(data))
    cat = Catalog.default()
    # G-CARDS-TEXT: the erratum applies from the day the list was imported
    assert cat.text_for("LO-0003", today).text == "[宣言] [花]:このキャラにDMG+1する。"
    assert cat.text_for("LO-0003", date(2026, 11, 1)).text == "[宣言] [0]:このキャラにDMG+1する。"
    assert cat.card("LO-0102").ap == 4
    # the text says what changed, from what to what (it named the field alone)
    rc, out, _err = run(capsys, "--data-dir", data, "cards", "import", str(V1))
    assert "LO-0102: changed AP 4 → 3" in out, out
    run(capsys, "--data-dir", data, "cards", "import", str(V2))
    # the same list once more changes nothing
    rc, out, _err = run(capsys, "--data-dir", data, "cards", "import", str(V2), "--json")
    rep = json.loads(out)
    assert (rep["changed"], rep["errata"], rep["added"], rep["unchanged"]) == ([], [], [], 65)


def test_o_deck_restrict_reads_the_erratum_in_force_on_the_event_date(capsys, tmp_path):
    """G-CARDS-TEXT, O-DECK-RESTRICT: a later list whose text of LO-0003 gains
    「構築制限:【このカードと同番号が１枚以下】」 is an erratum from the day it was imported; a deck holding
    LO-0003 twice breaks it on that day, not the day before, and no more once the first list is imported again
    that day (the later import is in force).  The check read the printed text (so the restriction never
    applied; `lycee card` showed the erratum), and of two errata of one day the first won."""
    data = str(tmp_path / "data")
    v1 = lines(V1)
    erratum = [
        row.replace("[宣言] [0]:", "構築制限:【このカードと同番号が１枚以下】<br />[宣言] [0]:")
        if row.startswith("LO-0003")
        else row
        for row in v1
    ]
    run(capsys, "--data-dir", data, "cards", "import", str(V1))
    run(capsys, "--data-dir", data, "cards", "on-sale", P1, "2026-11-01")
    rc, out, err = run(
        capsys, "--data-dir", data, "cards", "import", str(write(tmp_path, "v1b.csv", erratum)), "--json"
    )
    assert rc == 0 and json.loads(out)["errata"] == ["LO-0003"], (out, err)
    deck = tmp_path / "deck.txt"
    deck.write_text("2 LO-0003\n4 LO-0001\n", encoding="utf-8")
    today = date.today()
    rules = {}
    for day in (today, date.fromordinal(today.toordinal() - 1)):
        args = ("--data-dir", data, "deck", "check", str(deck), "--rules", "overture", "--date", day.isoformat())
        _rc, out, _err = run(capsys, *args, "--json")
        rules[day] = {p["rule"]: p for p in json.loads(out)["problems"]}
    assert rules[today]["O-DECK-RESTRICT"]["number"] == "LO-0003", rules[today]
    assert "O-DECK-RESTRICT" not in rules[date.fromordinal(today.toordinal() - 1)]
    # the first list imported again the same day: its text is the one in force (the day's first erratum won)
    run(capsys, "--data-dir", data, "cards", "import", str(V1))
    _rc, out, _err = run(capsys, "--data-dir", data, "deck", "check", str(deck), "--rules", "overture", "--json")
    assert "O-DECK-RESTRICT" not in {p["rule"] for p in json.loads(out)["problems"]}, out


def test_o_cards_known_the_card_list_reads_in_number_order_under_a_header_in_columns(capsys, tmp_path):
    """O-CARDS-KNOWN (`lycee cards list`): a parallel written after later numbers in the file (LO-0105-A) was
    listed where the file had it, with no header, and 「キャラクター」 (wider than the column) pushed its row's
    attribute and product out of line.  Now: a header, number order (a parallel after its base), the product
    starting at one column on every row."""
    from core.columns import width

    data = str(tmp_path / "data")
    run(capsys, "--data-dir", data, "cards", "import", str(V1))
    rc, out, _err = run(capsys, "--data-dir", data, "--lang", "ja", "cards", "list")
    assert rc == 0
    head, *rows = out.splitlines()
    assert head.split()[:2] == ["番号", "名前"], head
    numbers = [r.split()[0] for r in rows]
    assert numbers == sorted(numbers) and numbers.index("LO-0105-A") == numbers.index("LO-0105") + 1, numbers
    starts = {width(r[: r.index(" ミライ" if " ミライ" in r else " ")]) for r in rows if "ミライ書房" in r}
    assert len(starts) == 1 and starts == {width(head[: head.index(" 商品")])}, (starts, out)


def test_the_stored_list_joins_every_catalog_of_the_data_folder_in_use(capsys, tmp_path):
    from core.rules.decklists import default_catalog

    data = tmp_path / "data"
    run(capsys, "--data-dir", str(data), "cards", "import", str(V1))
    run(capsys, "--data-dir", str(data), "cards", "on-sale", P2, "2026-10-01")
    assert Catalog.default().get("LO-0101") is None  # no data folder in use
    cardlist.use_root(data)
    for cat in (Catalog.default(), default_catalog()):
        assert cat.card("LO-0101").name == "白雪 ミオ"
        assert cat.is_legal("LO-0105-A", "2026-10-01").legal
        assert cat.get("CH-5001") is not None  # the 2008 sample sets stay
    assert default_catalog() is default_catalog()  # read once: the same catalog while nothing changed
    run(capsys, "--data-dir", str(data), "cards", "on-sale", P2, "2026-10-05")
    cardlist.use_root(data)
    assert not default_catalog().is_legal("LO-0105-A", "2026-10-01").legal  # read again after a change


def test_a_lycee_set_file_is_stored_for_the_2008_game(capsys, tmp_path):
    from core.cards.sets import load_sample_sets, set_to_dict

    data = tmp_path / "data"
    doc = set_to_dict(load_sample_sets()[0])
    doc.update(code="store1", sample=False, name="Store set", version="Store set 1.0")
    for c in doc["cards"]:
        c["number"] = (
            c["number"].replace("CH-5", "CH-3").replace("EV-5", "EV-3").replace("IT-5", "IT-3").replace("AR-5", "AR-3")
        )
    doc.pop("starters", None)
    doc.pop("booster", None)
    f = tmp_path / "store1.json"
    f.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    rc, out, err = run(capsys, "--data-dir", str(data), "cards", "import", str(f), "--json")
    assert rc == 0, err
    assert json.loads(out)["kind"] == "set"
    first = doc["cards"][0]["number"]
    rc, out, _err = run(capsys, "--data-dir", str(data), "card", first, "--date", "2026-01-01")
    assert rc == 0 and "Store set 1.0" in out
    rc, out, _err = run(capsys, "--data-dir", str(data), "cards", "list", "--product", "Store set 1.0", "--json")
    listed = json.loads(out)["cards"]
    assert rc == 0 and len(listed) == len(doc["cards"]) and {c["set"] for c in listed} == {"store1"}
    # a shipped sample set's code is refused
    alpha = tmp_path / "alpha.json"
    alpha.write_text(json.dumps(set_to_dict(load_sample_sets()[0]), ensure_ascii=False), encoding="utf-8")
    before = stored_bytes(data)
    rc, _out, err = run(capsys, "--data-dir", str(data), "cards", "import", str(alpha))
    assert rc == 1 and "sample set" in err and stored_bytes(data) == before


# -- bad input: a clear message naming file and line; nothing stored changes -------------------


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    rows = lines(V1)
    out: dict[str, tuple[Path, str]] = {}

    def bad(name: str, k: int, row: str, expect: str) -> None:
        rs = list(rows)
        rs[k] = row
        out[name] = (write(tmp_path, f"{name}.csv", rs), expect)

    bad("extra", 2, rows[2].replace(",U,", ",U,,", 1), "line 3: 19 fields, expected 18")
    bad("missing", 3, rows[3].rsplit(",", 2)[0] + ",", "line 4: 17 fields, expected 18")
    bad("last", 4, rows[4] + "x", "line 5: the last field should be empty")
    bad("number", 5, "LO-12AB" + rows[5][7:], "line 6: 'LO-12AB' is not a card number")
    bad(
        "duplicate",
        6,
        rows[0].replace(",2,1,1,1,", ",9,1,1,1,", 1),
        "line 7: LO-0001 is also on line 1 with different data",
    )
    bad("type", 7, rows[7].replace("キャラクター", "モンスター"), "line 8: LO-0008: type 'モンスター'")
    bad("attribute", 8, rows[8].replace(",日,2,日日,", ",火,2,日日,", 1), "line 9: attribute '火'")
    bad("ap", 1, rows[1].replace(",3,2,1,2,", ",X,2,1,2,", 1), "line 2: LO-0002: AP 'X' is not a whole number")
    text = tmp_path / "notes.txt"
    text.write_text("買い物リスト\nりんご,みかん\n", encoding="utf-8")
    out["not a list"] = (text, "is not a card list")
    js = tmp_path / "event.json"
    js.write_text('{"schema": "lycee-event/1"}', encoding="utf-8")
    out["other json"] = (js, "not lycee-set/1")
    broken_set = tmp_path / "set.json"
    broken_set.write_text('{"schema": "lycee-set/1", "code": "x"}', encoding="utf-8")
    out["set missing keys"] = (broken_set, "$.cards: missing")
    binary = tmp_path / "image.csv"
    binary.write_bytes(bytes(range(256)) * 8)
    out["binary"] = (binary, "neither UTF-8 nor Shift_JIS")
    return out


def test_bad_input_names_file_and_line_and_stores_nothing(capsys, tmp_path):
    data = tmp_path / "data"
    run(capsys, "--data-dir", str(data), "cards", "import", str(V1))
    run(capsys, "--data-dir", str(data), "cards", "on-sale", P1, "2026-11-01")
    before = stored_bytes(data)
    for name, (path, expect) in _bad_files(tmp_path).items():
        rc, out, err = run(capsys, "--data-dir", str(data), "cards", "import", str(path))
        assert rc == 1, name
        assert str(path) in err and expect in err, (name, err)
        assert "nothing stored" in err and "Traceback" not in err, name
        assert stored_bytes(data) == before, name
    # into an empty folder nothing is created at all
    fresh = tmp_path / "fresh"
    path, _expect = _bad_files(tmp_path)["missing"]
    assert run(capsys, "--data-dir", str(fresh), "cards", "import", str(path))[0] == 1
    assert stored_bytes(fresh) is None


def test_every_unreadable_line_is_listed_at_once(capsys, tmp_path):
    rows = lines(V1)
    for k in (3, 10, 20):
        rows[k] = "LO-00X" + rows[k][7:]
    rc, _out, err = run(
        capsys, "--data-dir", str(tmp_path / "d"), "cards", "import", str(write(tmp_path, "x.csv", rows))
    )
    assert rc == 1 and "3 problem(s)" in err
    # lines as an editor counts them: LO-0011's quoted text holds a new line of its own
    assert all(f"line {n}: 'LO-00X" in err for n in (4, 11, 22))


def test_a_file_too_big_is_refused_before_it_is_read(capsys, tmp_path, monkeypatch):
    data = tmp_path / "data"
    rc, _out, err = run(capsys, "--data-dir", str(data), "cards", "import", str(V1), "--max-mb", "0.001")
    assert rc == 1 and str(V1) in err and "more than the 0.001 MB" in err
    monkeypatch.setenv("LYCEE_IMPORT_MAX_MB", "0.001")
    rc, _out, err = run(capsys, "--data-dir", str(data), "cards", "import", str(V1))
    assert rc == 1 and stored_bytes(data) is None


def test_messages_in_japanese(capsys, tmp_path):
    data = str(tmp_path / "data")
    rc, out, _err = run(capsys, "--lang", "ja", "--data-dir", data, "cards", "import", str(V1))
    assert rc == 0 and "60枚" in out and "発売日" in out
    rc, out, _err = run(capsys, "--lang", "ja", "--data-dir", data, "card", "LO-0005", "--date", "2026-12-01")
    assert rc == 1 and "発売日" in out and "lycee cards on-sale" in out
    rc, _out, err = run(
        capsys, "--lang", "ja", "--data-dir", data, "cards", "import", str(_bad_files(tmp_path)["missing"][0])
    )
    assert rc == 1 and "4行目" in err and "列が足りません" in err


# -- an invariant: whatever the list holds, the reader gives it back ----------------------------

_TEXT = st.text(alphabet=st.sampled_from("あいうえおカキクケコ漢字ＡＢ１２ 「」:[]+-"), min_size=0, max_size=12)
_ROW = st.fixed_dictionaries(
    {
        "n": st.integers(1, 9999),
        "suffix": st.sampled_from(["", "-A", "-K"]),
        "name": _TEXT.filter(lambda t: t.strip() != ""),
        "type": st.sampled_from(["キャラクター", "エリア", "アイテム", "イベント"]),
        "attrs": st.text(alphabet="雪月花宙日無", min_size=1, max_size=2),
        "cost": st.text(alphabet="雪月花宙日無", min_size=0, max_size=4),
        "rows": st.lists(_TEXT.filter(lambda t: t.strip() != ""), max_size=3),
        "product": st.sampled_from([P1, P2, "無印 1.0"]),
    }
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(st.lists(_ROW, min_size=1, max_size=12, unique_by=lambda r: (r["n"], r["suffix"])), st.booleans())
def test_the_reader_gives_back_what_the_layout_holds(rows, sjis):
    out = []
    for r in rows:
        cells = [f"LO-{r['n']:04d}{r['suffix']}  ", "", r["name"], r["type"], "C", r["attrs"], "1", r["cost"]]
        cells += ["1", "2", "3", "1"] if r["type"] == "キャラクター" else ["", "", "", ""]
        cells += ["", "", "<br />".join(r["rows"]), r["product"] + "   ", "", ""]
        assert len(cells) == len(FIELDS)
        out.append(",".join(cells))
    text = "\r\n".join(out) + "\r\n"
    raw = text.encode("cp932") if sjis else text.encode("utf-8")
    got = read_official(*decode(raw))
    assert got.problems == []
    assert [c.number for c in got.cards] == [f"LO-{r['n']:04d}{r['suffix']}" for r in rows]
    for c, r in zip(got.cards, rows, strict=True):
        from core.cards.official import nfkc

        assert c.name == nfkc(r["name"]).strip()
        assert c.text.splitlines() == [nfkc(x).strip() for x in r["rows"] if nfkc(x).strip()]
        assert sum(c.cost_map.values()) == len(r["cost"])
        assert c.product == r["product"]


def test_a_damaged_card_list_is_named_and_left_as_it_is(capsys, tmp_path):
    data = tmp_path / "data"
    run(capsys, "--data-dir", str(data), "cards", "import", str(V1))
    path = data / "cards" / "cards.json"
    path.write_bytes(b'{"cards": {"1": ')  # a hand edit cut short
    for argv in (
        ("card", "LO-0001"),
        ("cards", "list"),
        ("cards", "import", str(V1)),
        ("cards", "on-sale", P1, "2026-11-01"),
    ):
        rc, _out, err = run(capsys, "--data-dir", str(data), *argv)
        assert rc == 1 and str(path) in err and "move it aside" in err and "Traceback" not in err, argv
        assert path.read_bytes() == b'{"cards": {"1": '


def _relayout(tmp_path: Path, width: int, brand: str = "") -> Path:
    """official-v1.csv rewritten in a later export's layout (20 or 22 fields)."""
    import csv
    import io

    text = V1.read_bytes().decode("utf-8")
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    for row in csv.reader(io.StringIO(text, newline="")):
        row = row[:8] + [""] + row[8:13] + ["チーム"] + row[13:]  # position, team
        if width == 22:
            row = row[:-1] + ["?", brand, ""]
        w.writerow(row)
    p = tmp_path / f"v1-{width}.csv"
    p.write_bytes(out.getvalue().encode("utf-8"))
    return p


def test_later_exports_with_20_or_22_fields_read_the_same_cards(tmp_path):
    """The community importer's history: a position and a team field (20), then a
    brand column (22); the layout is the one most card lines have."""
    want = read(V1).cards
    assert read(_relayout(tmp_path, 20)).cards == want
    got = read(_relayout(tmp_path, 22, brand="zzz"))
    assert got.problems == []
    assert [c.brand for c in got.cards] == ["ZZZ"] * 60  # the brand column wins over the product's parentheses
    assert [c.number for c in got.cards] == [c.number for c in want]
    # a row of another width in such a file is still a missing or extra column
    rows = _relayout(tmp_path, 20).read_bytes().decode("utf-8").split("\r\n")
    rows[2] = rows[2] + ",x"
    bad = read(write(tmp_path, "bad20.csv", rows))
    assert bad.problems[0][0] == 3 and "21 fields, expected 20" in bad.problems[0][1]


def test_a_write_that_fails_stores_nothing(capsys, tmp_path, monkeypatch):
    """A full disk during the write: the command says so and the stored list is as it was."""
    import errno

    import core.store.storage as storage

    data = tmp_path / "data"
    run(capsys, "--data-dir", str(data), "cards", "import", str(V1))
    before = stored_bytes(data)

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "write_durably", full)
    for argv in (("cards", "import", str(V2)), ("cards", "on-sale", P1, "2026-11-01")):
        rc, _out, err = run(capsys, "--data-dir", str(data), *argv)
        assert rc == 1 and "cannot write the card list" in err and "nothing was stored" in err, argv
        assert stored_bytes(data) == before
    assert list((data / "cards").glob("*.tmp")) == []
