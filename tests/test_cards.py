"""Set files (lycee-set/1), their loader, CSV import, the sample sets and their
generator, and whether the packs make the limited products work (G-SEALED,
G-DRAFT-2, G-DRAFT-4)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cards.decks import Decklist, check_draft, check_sealed
from core.cards.legality import Catalog, load_calendar
from core.cards.model import ATTRIBUTES, MIN_BOOSTER_SIZE, MIN_STARTER_SIZE, CardSet
from core.cards.setcsv import cardset_from_csv, parse_attributes, parse_cost
from core.cards.sets import (
    dump_set,
    load_sample_sets,
    load_set,
    parse_set,
    set_to_dict,
)
from core.errors import ValidationError
from sample_packs import calendar_path, set_path, set_paths

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def sample_sets() -> list[CardSet]:
    return load_sample_sets()


@pytest.fixture()
def alpha_json() -> dict:
    return json.loads(set_path("alpha").read_text(encoding="utf-8"))


def _problems(data, source="test.json") -> list[tuple[str, str]]:
    with pytest.raises(ValidationError) as e:
        parse_set(data, source)
    assert e.value.source == source
    return e.value.problems


def _where(problems) -> list[str]:
    return [w for w, _ in problems]


# -- resources -----------------------------------------------------------------------


def test_sample_pack_resources_are_found():
    """docs/cards.md (set file format)"""
    names = [p.name for p in set_paths()]
    assert names == ["alpha.json", "beta.json", "gamma.json"]
    assert calendar_path().is_file()


# -- the sample sets ----------------------------------------------------------------------


def test_sample_sets_are_varied(sample_sets):
    """docs/cards.md (set file format)"""
    assert len(sample_sets) >= 3
    for s in sample_sets:
        assert s.sample and "Sample" in s.version
        assert len(s.cards) >= 120
        types = Counter(c.type for c in s.cards)
        assert {"character", "event", "item"} <= set(types)
        assert {a for c in s.cards for a in c.attributes} == set(ATTRIBUTES)
        assert len({c.rarity for c in s.cards}) >= 4
        assert len({c.rating for c in s.cards}) >= 4
        assert len({c.total_cost for c in s.cards}) >= 4
        assert {c.ex for c in s.cards} >= {0, 1, 2}
        for c in s.cards:
            if c.is_character:
                assert None not in (c.ap, c.dp, c.sp)
            else:
                assert (c.ap, c.dp, c.sp) == (None, None, None)
            assert c.set_code == s.code


def test_sample_sets_round_trip_through_json(sample_sets):
    """docs/cards.md (set file format)"""
    for s in sample_sets:
        again = parse_set(json.loads(dump_set(s)), s.code)
        assert again == s
        assert set_to_dict(again) == set_to_dict(s)


def test_sample_sets_match_the_json_schema(sample_sets):
    """docs/cards.md (set file format)"""
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((REPO / "docs" / "set-schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for p in set_paths():
        errors = list(validator.iter_errors(json.loads(p.read_text(encoding="utf-8"))))
        assert not errors, errors[0].message


def test_docs_set_schema_is_the_one_the_loader_uses():
    """docs/cards.md (set file format): docs/set-schema.json is a copy for readers of the
    schema the loader checks files with (core/cards/set-schema.json); they never drift."""
    shipped = REPO / "core" / "cards" / "set-schema.json"
    assert (REPO / "docs" / "set-schema.json").read_bytes() == shipped.read_bytes()


def test_design6_sample_sets_load_the_same_with_and_without_the_schema_pass(sample_sets):
    """docs/cards.md: start-up loads the shipped sets without the schema pass (no jsonschema
    import); a full check of the same files gives the same sets."""
    assert [load_set(p) for p in set_paths()] == sample_sets


def test_design6_set_file_problems_are_worded_by_the_catalog_in_japanese(alpha_json):
    """docs/app.md: a bad set file is reported in the user's language, never in jsonschema's English."""
    from core import i18n

    alpha_json["cards"][0]["ex"] = "2"
    alpha_json["cards"][1]["extra"] = 1
    alpha_json["booster"]["slots"][0]["upgrades"] = [{"rarity": "R", "chance": 2}]
    i18n.set_language("ja")
    try:
        problems = dict(_problems(alpha_json))
    finally:
        i18n.set_language("en")
    assert problems["$.cards[0].ex"] == "整数を指定してください（指定値: '2'）"
    assert problems["$.cards[1].extra"] == "不明なキーです（拡張キーは x- で始めてください）"
    assert problems["$.booster.slots[0].upgrades[0].chance"].startswith("0 より大きく 1 以下の数")


def test_design6_structure_and_meaning_problems_come_together_in_document_order(alpha_json):
    """docs/cards.md: one report lists what the schema finds and what only the loader can
    (a CH- number typed as an event), ordered by their place in the file."""
    alpha_json["cards"][4]["type"] = "event"  # meaning (and the stats it then must not have)
    alpha_json["cards"][2]["name"] = " "  # structure
    alpha_json["cards"][10]["number"] = alpha_json["cards"][0]["number"]  # meaning
    where = _where(_problems(alpha_json))
    assert where == [
        "$.cards[2].name",
        "$.cards[4].ap",
        "$.cards[4].dp",
        "$.cards[4].sp",
        "$.cards[4].type",
        "$.cards[10].number",
    ]


def test_generator_is_deterministic(tmp_path):
    """docs/cards.md (set file format)"""
    import faker

    from sample_packs.generate import GENERATED_WITH_FAKER, render_all

    first, second = render_all(), render_all()
    assert first == second
    if faker.VERSION == GENERATED_WITH_FAKER:  # another Faker may pick other names
        for name, text in first.items():
            assert set_path(name[:-5]).read_bytes() == text.encode("utf-8"), f"{name} is stale: run the generator"
    out = tmp_path / "sets"
    subprocess.run(
        [sys.executable, "-m", "sample_packs.generate", "--out", str(out)], cwd=REPO, check=True, capture_output=True
    )
    for name, text in first.items():
        assert (out / name).read_bytes() == text.encode("utf-8")


# -- loader errors with JSON paths ----------------------------------------------------------


def test_loader_reports_missing_and_wrong_fields_with_json_paths(alpha_json):
    """docs/cards.md (set file format)"""
    data = alpha_json
    del data["cards"][3]["name"]
    data["cards"][0]["ex"] = "2"
    data["cards"][1]["attributes"] = ["fire"]
    data["cards"][2]["cost"] = {"snow": -1}
    data["cards"][4]["type"] = "event"
    data["cards"][5]["atributes"] = ["snow"]
    del data["cards"][6]["ap"]
    problems = _problems(data)
    where = _where(problems)
    for path in (
        "$.cards[3].name",
        "$.cards[0].ex",
        "$.cards[1].attributes[0]",
        "$.cards[2].cost.snow",
        "$.cards[4].type",
        "$.cards[5].atributes",
        "$.cards[6].ap",
    ):
        assert path in where, (path, problems)
    assert dict(problems)["$.cards[3].name"] == "missing"


def test_loader_reports_top_level_problems(alpha_json):
    """docs/cards.md (set file format)"""
    data = alpha_json
    data["schema"] = "lycee-set/9"
    data["release_date"] = "2006-02-30"
    del data["version"]
    where = _where(_problems(data))
    assert {"$.schema", "$.release_date", "$.version"} <= set(where)


def test_loader_reports_duplicate_numbers_and_unknown_rarity(alpha_json):
    """docs/cards.md (set file format)"""
    data = alpha_json
    data["cards"][1]["number"] = data["cards"][0]["number"]
    data["cards"][2]["rarity"] = "UR"
    problems = dict(_problems(data))
    assert "$.cards[1].number" in problems
    assert "$.cards[2].rarity" in problems


def test_g_draft_4_booster_needs_at_least_10_cards(alpha_json):
    data = alpha_json
    data["booster"] = {"size": 9, "slots": [{"rarity": "C", "count": 9}]}
    problems = dict(_problems(data))
    assert "G-DRAFT-4" in problems["$.booster.size"]


def test_booster_size_must_equal_its_slots(alpha_json):
    """docs/cards.md (set file format)"""
    data = alpha_json
    data["booster"]["size"] = 12  # slots hold 11
    assert "$.booster.size" in dict(_problems(data))


def test_booster_unfillable_rarity_slot_is_reported_at_its_path(alpha_json):
    """docs/cards.md (set file format)"""
    data = alpha_json
    n_sr = sum(1 for c in data["cards"] if c["rarity"] == "SR")
    data["booster"] = {
        "size": n_sr + 3,
        "slots": [{"rarity": "C", "count": 3}, {"rarity": "SR", "count": n_sr + 0}],
        "duplicate_protection": True,
    }
    # Fillable exactly: every SR once.
    parse_set(copy.deepcopy(data))
    # One upgrade more can need n_sr + 1 distinct SR cards.
    data["booster"]["slots"][0]["upgrades"] = [{"rarity": "SR", "chance": 0.1}]
    problems = dict(_problems(data))
    assert f"{n_sr + 1} different SR cards but the set has {n_sr}" in problems["$.booster.slots[1].rarity"]
    # Without duplicate protection any non-empty rarity fills it.
    data["booster"]["duplicate_protection"] = False
    parse_set(data)


def test_booster_slot_of_a_rarity_without_cards(alpha_json):
    """docs/cards.md (set file format)"""
    data = alpha_json
    data["rarities"].append("UR")
    data["booster"]["slots"][2]["upgrades"] = [{"rarity": "UR", "chance": 0.5}]
    problems = dict(_problems(data))
    assert "$.booster.slots[2].upgrades[0].rarity" in problems


def test_booster_upgrade_chances_checked(alpha_json):
    """docs/cards.md (set file format)"""
    data = alpha_json
    data["booster"]["slots"][0]["upgrades"] = [{"rarity": "R", "chance": 0.7}, {"rarity": "SR", "chance": 0.6}]
    data["booster"]["slots"][1]["upgrades"] = [{"rarity": "R", "chance": 0}]
    where = _where(_problems(data))
    assert "$.booster.slots[0].upgrades" in where
    assert "$.booster.slots[1].upgrades[0].chance" in where


def test_g_sealed_starter_needs_at_least_20_cards(alpha_json):
    data = alpha_json
    data["starters"][0]["cards"] = data["starters"][0]["cards"][:9]  # 18 cards
    del data["starters"][0]["size"]
    problems = dict(_problems(data))
    assert "G-SEALED" in problems["$.starters[0]"]


def test_starter_problems_name_their_paths(alpha_json):
    """docs/cards.md (set file format)"""
    data = alpha_json
    data["starters"][0]["cards"][0]["number"] = "CH-9999"
    data["starters"][1]["slots"] = [{"rarity": "C", "count": 20}]  # both cards and slots
    data["starters"][2]["id"] = data["starters"][0]["id"]
    where = _where(_problems(data))
    assert {"$.starters[0].cards[0].number", "$.starters[1]", "$.starters[2].id"} <= set(where)


def test_unfillable_slot_starter(alpha_json):
    """docs/cards.md (set file format)"""
    data = alpha_json
    n_sr = sum(1 for c in data["cards"] if c["rarity"] == "SR")
    data["starters"].append(
        {"id": "x", "name": "x", "slots": [{"rarity": "C", "count": 20}, {"rarity": "SR", "count": n_sr + 1}]}
    )
    problems = dict(_problems(data))
    assert "$.starters[3].slots[1].rarity" in problems


_DAMAGE = [None, 0, -1, 99, 1.5, True, "", " ", "x", "CH-0001", [], [1], {}, {"x": 1}]


def _nodes(doc, path=()):
    yield path
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for k, v in items:
        yield from _nodes(v, path + (k,))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_design6_a_damaged_set_file_is_a_validation_error_never_a_crash(data):
    """docs/cards.md: whatever is wrong in a set file (a value replaced, a key removed or
    added, anywhere), loading gives a set or a ValidationError naming JSON paths;
    the meaning checks never trip over what the structure check found broken."""
    doc = json.loads(set_path("alpha").read_text(encoding="utf-8"))
    doc["cards"] = doc["cards"][:24]  # small and quick; the starters now list missing cards: fine
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(_nodes(doc))[1:]))
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        how = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "add" and isinstance(parent, dict):
            parent["extra"] = data.draw(st.sampled_from(_DAMAGE))
        else:
            parent[path[-1]] = data.draw(st.sampled_from(_DAMAGE))
    try:
        parse_set(doc, "damaged.json")
    except ValidationError as e:
        assert e.problems and all(isinstance(w, str) and w.startswith("$") and m for w, m in e.problems)


def _damaged(data, doc):
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(_nodes(doc))[1:]))
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        parent[path[-1]] = data.draw(st.sampled_from(_DAMAGE + ["2026-02-30", "2026-13-01", "9999-12-31"]))
    return doc


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_design6_the_fast_structure_check_agrees_with_the_full_one(data):
    """docs/cards.md: a set file the fast check passes is one the full schema check
    passes, and the other way round (a damaged date such as 2026-02-30 too), so
    skipping the full check on a valid file never lets a broken file in."""
    import jsonschema

    from core.cards.schema import is_valid, set_schema

    doc = json.loads(set_path("alpha").read_text(encoding="utf-8"))
    doc["cards"] = doc["cards"][:12]
    doc = _damaged(data, doc)
    full = jsonschema.Draft202012Validator(set_schema(), format_checker=jsonschema.FormatChecker())
    assert is_valid(doc) == full.is_valid(doc)


def test_load_set_reports_bad_json_with_line(tmp_path):
    """docs/cards.md (set file format)"""
    p = tmp_path / "broken.json"
    p.write_text('{"schema": "lycee-set/1",\n "code": }', encoding="utf-8")
    with pytest.raises(ValidationError) as e:
        load_set(p)
    assert e.value.source.endswith("broken.json")
    assert e.value.problems[0][0].startswith("line 2")


def test_load_set_from_a_path(tmp_path, sample_sets):
    """docs/cards.md (set file format)"""
    p = tmp_path / "alpha.json"
    p.write_text(dump_set(sample_sets[0]), encoding="utf-8")
    assert load_set(p) == sample_sets[0]
    assert load_set(str(p)).code == "alpha"


# -- CSV import of a user's card list -----------------------------------------------------

GOOD_CSV = """number,name,type,attributes,cost,ex,ap,dp,sp,rarity,rating,text
ch-63,保科智子,,雪,雪1無1,1,2,2,1,R,4,【登場時】カードを1枚引く。
CH-0064,篠塚弥生,character,snow|moon,snow:1 star:2,0,3,1,1,C,,
EV-0012,テストイベント,,花,花,1,,,,U,3,
IT-0003,テストアイテム,,無,,0,,,,C,1,
"""


def test_csv_import_builds_a_set():
    """docs/cards.md (set file format)"""
    cs = cardset_from_csv(
        "mine.csv",
        text=GOOD_CSV,
        code="mine",
        name="My list",
        version="Lycee Version Leaf 1.X",
        release_date="2005-01-01",
    )
    assert [c.number for c in cs.cards] == ["CH-0063", "CH-0064", "EV-0012", "IT-0003"]
    c0 = cs.card("CH-0063")
    assert (c0.type, c0.attributes, c0.cost_map, c0.ex, c0.ap) == ("character", ("snow",), {"snow": 1, "star": 1}, 1, 2)
    assert cs.card("CH-0064").attributes == ("snow", "moon")
    assert cs.card("CH-0064").rating == 2  # blank: the default
    assert cs.card("EV-0012").cost_map == {"flower": 1}
    assert cs.rarities == ("R", "C", "U")
    cat = Catalog([cs], load_calendar())
    assert cat.is_legal("CH-0064", "2005-01-01")


def test_csv_import_errors_name_line_and_column():
    """docs/cards.md (set file format)"""
    bad = """number,name,attributes,cost,ap,dp,sp,rarity
CH-0001,A,雪,雪1,1,1,1,C
XX-1,B,雪,,1,1,1,C
CH-0003,C,fire,,1,1,1,C
CH-0004,D,雪,雪x,1,,1,C
CH-0001,E,雪,,1,1,1,C
"""
    with pytest.raises(ValidationError) as e:
        cardset_from_csv("bad.csv", text=bad, code="bad", name="bad", version="v", release_date="2005-01-01")
    where = _where(e.value.problems)
    assert e.value.source == "bad.csv"
    for w in (
        "line 3, column number",
        "line 4, column attributes",
        "line 5, column cost",
        "line 5, column dp",
        "line 6, column number",
    ):
        assert w in where, (w, e.value.problems)


def test_csv_import_missing_columns():
    """docs/cards.md (set file format)"""
    with pytest.raises(ValidationError) as e:
        cardset_from_csv(
            "x.csv", text="number,name\nCH-0001,A\n", code="x", name="x", version="v", release_date="2005-01-01"
        )
    assert ("line 1", "missing column 'attributes'") in e.value.problems


def test_attribute_and_cost_notations():
    """docs/cards.md (set file format)"""
    assert parse_attributes("雪・月") == ["snow", "moon"]
    assert parse_attributes("flower space") == ["flower", "space"]
    assert parse_cost("雪無無") == {"snow": 1, "star": 2}
    assert parse_cost("sun=2, star=1") == {"sun": 2, "star": 1}
    with pytest.raises(ValueError):
        parse_cost("fire:1")


# -- the products work (G-SEALED, G-DRAFT-2, G-DRAFT-4) -------------------------------------


def _open(slots, cs: CardSet, distinct: bool, rng: random.Random) -> list[str]:
    """A tiny reference opener for the tests (the real one lives in limited/)."""
    got: list[str] = []
    for s in slots:
        rarities = [s.rarity] * s.count
        r, acc = rng.random(), 0.0
        for u in s.upgrades:
            acc += u.chance
            if r < acc:
                rarities[0] = u.rarity
                break
        for rarity in rarities:
            options = [c.number for c in cs.by_rarity(rarity) if not (distinct and c.number in got)]
            got.append(rng.choice(options))
    return got


def _starter(st, cs, rng) -> list[str]:
    if st.is_fixed:
        return [n for n, k in st.cards for _ in range(k)]
    return _open(st.slots, cs, st.duplicate_protection, rng)


def _build(pool: Counter, catalog: Catalog, size: int, name_limit: int | None) -> Decklist:
    per_name: Counter = Counter()
    deck: Counter = Counter()
    for number in sorted(pool):
        for _ in range(pool[number]):
            key = catalog.card(number).name_key
            if sum(deck.values()) < size and (name_limit is None or per_name[key] < name_limit):
                deck[number] += 1
                per_name[key] += 1
    return Decklist.from_counts(deck)


def test_g_sealed_products_build_40_card_decks(sample_sets):
    rng = random.Random(7)
    for cs in sample_sets:
        cat = Catalog([cs])
        assert cs.booster is not None and cs.booster.size >= MIN_BOOSTER_SIZE
        assert cs.starters and all(st.size >= MIN_STARTER_SIZE for st in cs.starters)
        for a in cs.starters:
            for b in cs.starters:  # two starters, the same one twice included
                for _ in range(3):
                    pool = Counter(_starter(a, cs, rng) + _starter(b, cs, rng))
                    deck = _build(pool, cat, 40, 4)
                    assert check_sealed(deck, cat, pool=pool) == [], (cs.code, a.id, b.id)
            for _ in range(10):  # one starter and three boosters
                pool = Counter(_starter(a, cs, rng))
                for _ in range(3):
                    pool.update(_open(cs.booster.slots, cs, cs.booster.duplicate_protection, rng))
                deck = _build(pool, cat, 40, 4)
                assert check_sealed(deck, cat, pool=pool) == [], (cs.code, a.id)


@pytest.mark.parametrize("packs", [4, 5, 6])
def test_g_draft_4_drafts_give_packs_times_10_decks(sample_sets, packs):
    rng = random.Random(packs)
    for cs in sample_sets:
        cat = Catalog([cs])
        seats = 6
        pools: list[list[str]] = [[] for _ in range(seats)]
        for round_ in range(packs):
            opened = [_open(cs.booster.slots, cs, cs.booster.duplicate_protection, rng) for _ in range(seats)]
            direction = 1 if round_ % 2 == 0 else -1  # G-DRAFT-1: alternate
            while opened[0]:
                for seat in range(seats):
                    pools[seat].append(opened[seat].pop(rng.randrange(len(opened[seat]))))
                opened = [opened[(s - direction) % seats] for s in range(seats)]
        for pool in pools:
            assert len(pool) == packs * cs.booster.size >= packs * 10
            deck = _build(Counter(pool), cat, packs * 10, None)
            assert check_draft(deck, cat, packs=packs, pool=pool) == []


# -- the engine never pulls in the UI -------------------------------------------------------


def test_card_modules_import_without_textual():
    """docs/cards.md (set file format)"""
    code = (
        "import sys, core.cards.model, core.cards.schema, core.cards.sets, core.cards.legality, "
        "core.cards.decks, sample_packs; "
        "bad = [m for m in ('textual', 'rich', 'tui') if m in sys.modules]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)
