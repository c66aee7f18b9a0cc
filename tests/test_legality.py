"""Legality calendar and card legality (G-CARDS-VERSIONS, G-CARDS-PROMO,
G-CARDS-PARALLEL, G-CARDS-TEXT).  The facts below are written out by hand from
the 2008 guideline; the test checks the shipped calendar against them."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from core.cards.legality import Calendar, Catalog, ProductVersion, load_calendar, parse_calendar
from core.cards.model import Card, CardSet, Errata
from core.errors import ValidationError

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def calendar() -> Calendar:
    return load_calendar()


# -- the calendar as transcribed ---------------------------------------------------


def test_g_cards_versions_calendar_lists_27_versions(calendar):
    assert len(calendar.versions) == 27
    assert len({v.name for v in calendar.versions}) == 27


def test_g_cards_promo_calendar_lists_93_promos(calendar):
    assert len(calendar.promos) == 93
    numbers = [p.number for p in calendar.promos]
    assert len(set(numbers)) == 93
    assert numbers[0] == "CH-0063" and numbers[-1] == "CH-1815"


@pytest.mark.parametrize(
    "number,name,legal_from",
    [
        ("CH-0063", "保科智子", "2005-06-01"),
        ("CH-0065", "桜井あさひ", "2005-02-08"),
        ("CH-0136", "まじかるさゆりん", "2005-08-08"),
        ("CH-0204", "七荻 鏡花", "2005-06-01"),
        ("CH-0442", "岳画殺", "2007-08-15"),
        ("CH-0491", "羽根井優希（私服）", "2006-07-15"),
        ("CH-0637", "ライダー（メイド服）", "2008-08-01"),
        ("CH-0711", "クーヤ", "2006-03-15"),
        ("CH-0918", "小日向すもも(ネコ耳)", "2007-04-16"),
        ("CH-0920", "神坂 春姫 ※私服", "2007-04-15"),
        ("CH-1340", "キャル＝ディヴェンス", "2008-03-15"),
        ("CH-1380", "沢渡さんとこのお姉さん", "2008-11-15"),
        ("CH-1815", "浅間咲耶", "2008-12-15"),
    ],
)
def test_g_cards_promo_spot_checks(calendar, number, name, legal_from):
    promo = calendar.promo(number)
    assert promo is not None
    assert (promo.name, promo.legal_from, promo.remarks) == (name, date.fromisoformat(legal_from), "")


@pytest.mark.parametrize(
    "name,legal_from,precision,listed_as,status",
    [
        ("Lycee Version Leaf 1.X", "2005-01-01", "month", "2005年1月", "on_sale"),
        ("Lycee Version Alicesoft 1.X", "2005-02-01", "month", "2005年2月", "on_sale"),
        ("Lycee Version Leaf 2.X", "2005-07-23", "day", "2005年7月23月", "on_sale"),
        ("Lycee Version TYPE-MOON 1.X", "2005-12-22", "day", "2005年12月22月", "on_sale"),
        ("Lycee Version Navel 1.X", "2006-11-24", "day", "2006年11月24日", "on_sale"),
        ("Lycee Version VisualArts 3.X", "2006-12-08", "day", "2006年12月8日", "released"),
        ("Lycee Version ういんどみる 1.X", "2007-03-30", "day", "2007年3月30日", "released"),
        ("Lycee Version 07th Expantion 1.X", "2008-03-28", "day", "2008年3月28日", "released"),
        ("Lycee Version Navel 2.X", "2008-11-28", "day", "2008年11月28日", "released"),
        ("Lycee Version あかべぇそふとつぅ 1.X", "2008-12-19", "day", "2008年12月19日", "scheduled"),
        ("Lycee Version かのこん", "2008-12-26", "day", "2008年12月26日", "scheduled"),
    ],
)
def test_g_cards_versions_spot_checks(calendar, name, legal_from, precision, listed_as, status):
    v = calendar.version(name)
    assert v == ProductVersion(name, date.fromisoformat(legal_from), precision, listed_as, status)


def test_g_cards_versions_first_and_last(calendar):
    assert calendar.versions[0].name == "Lycee Version Leaf 1.X"
    assert calendar.versions[-1].name == "Lycee Version かのこん"
    assert [v.legal_from for v in calendar.versions] == sorted(v.legal_from for v in calendar.versions)


def test_g_cards_versions_lookup_ignores_case_and_prefix(calendar):
    assert calendar.version("leaf 2.x").legal_from == date(2005, 7, 23)
    assert calendar.version("LYCEE VERSION august 1.x").legal_from == date(2006, 3, 24)
    assert calendar.version("Leaf 9.X") is None


def test_g_cards_calendar_loader_reports_json_paths():
    bad = {
        "schema": "lycee-calendar/1",
        "versions": [{"name": "X", "legal_from": "2005-13-01"}],
        "promos": [{"number": "CH-63", "name": "", "legal_from": "2005-06-01"}],
    }
    with pytest.raises(ValidationError) as e:
        parse_calendar(bad, "cal.json")
    where = [w for w, _ in e.value.problems]
    assert "$.versions[0].legal_from" in where
    assert "$.promos[0].number" in where
    assert "$.promos[0].name" in where
    assert e.value.source == "cal.json"


# -- legality on a date --------------------------------------------------------------


def _card(number: str, name: str = "テスト", text: str = "", errata=()) -> Card:
    return Card(
        number=number,
        name=name,
        type="character",
        attributes=("snow",),
        cost=(("snow", 1),),
        ex=0,
        ap=1,
        dp=1,
        sp=1,
        rarity="C",
        rating=2,
        text=text,
        errata=tuple(errata),
    )


def _set(code: str, version: str, released: str, cards: list[Card]) -> CardSet:
    return CardSet(
        code=code,
        name=code,
        version=version,
        release_date=date.fromisoformat(released),
        rarities=("C",),
        cards=tuple(cards),
    )


def test_g_cards_promo_legal_from_listed_date(calendar):
    cat = Catalog([], calendar)
    assert not cat.is_legal("CH-0063", date(2005, 5, 31))
    verdict = cat.is_legal("CH-0063", "2005-06-01")
    assert verdict.legal and verdict.rule == "G-CARDS-PROMO"
    assert cat.name_of("CH-0063") == "保科智子"
    assert cat.is_legal("CH-1815", "2008-12-14").legal is False
    assert cat.is_legal("CH-1815", "2008-12-15").legal is True


def test_g_cards_parallel_legal_when_base_number_is(calendar):
    cat = Catalog([], calendar)
    a = cat.is_legal("CH-0063A", "2005-06-01")
    assert a.legal and a.rule == "G-CARDS-PARALLEL"
    assert not cat.is_legal("ch-63b", "2005-05-31")  # loosely typed, still a parallel of CH-0063


def test_g_cards_parallel_prerelease_waits_for_base_version(calendar):
    # A parallel printed earlier (prerelease) is legal only once its base number is.
    leaf2 = _set("leaf2", "Lycee Version Leaf 2.X", "2005-07-23", [_card("CH-0300")])
    pre = _set("pre", "Prerelease", "2005-07-01", [_card("CH-0300A")])
    cat = Catalog([leaf2, pre], calendar)
    assert not cat.is_legal("CH-0300A", "2005-07-10")
    ok = cat.is_legal("CH-0300A", "2005-07-23")
    assert ok.legal and ok.rule == "G-CARDS-PARALLEL" and ok.legal_from == date(2005, 7, 23)


def test_g_cards_versions_set_uses_calendar_date_over_release_date(calendar):
    # The calendar's date wins over a set file's own release date.
    s = _set("leaf2", "Leaf 2.X", "2005-09-01", [_card("CH-0301")])
    cat = Catalog([s], calendar)
    assert cat.legal_from("CH-0301") == date(2005, 7, 23)
    assert cat.is_legal("CH-0301", "2005-07-23").legal


def test_g_cards_versions_month_precision_is_first_of_month(calendar):
    s = _set("leaf1", "Lycee Version Leaf 1.X", "2005-01-20", [_card("CH-0001")])
    cat = Catalog([s], calendar)
    assert not cat.is_legal("CH-0001", "2004-12-31")
    assert cat.is_legal("CH-0001", "2005-01-01")


def test_g_cards_versions_unlisted_version_uses_release_date_or_strict(calendar):
    s = _set("sample", "Sample Zeta 1.0", "2007-01-01", [_card("CH-5500")])
    assert Catalog([s], calendar).is_legal("CH-5500", "2007-01-01").legal
    strict = Catalog([s], calendar, strict_versions=True).is_legal("CH-5500", "2009-01-01")
    assert not strict.legal and strict.rule == "G-CARDS-VERSIONS" and "not on the list" in strict.reason


def test_g_cards_versions_unknown_number_is_not_legal(calendar):
    cat = Catalog([], calendar)
    v = cat.is_legal("CH-9999", "2010-01-01")
    assert not v.legal and "unknown" in v.reason
    assert not cat.is_legal("not a number", "2010-01-01")


def test_g_cards_versions_sample_sets_legal_from_release(calendar):
    cat = Catalog.default()
    for s in cat.sets:
        own = [c.number for c in s.cards if len(cat.printings(c.base_number)) == 1]
        assert own
        for number in own[:5]:
            assert cat.legal_from(number) == s.release_date
            assert cat.is_legal(number, s.release_date).legal
            assert not cat.is_legal(number, date.fromordinal(s.release_date.toordinal() - 1)).legal


# -- which text applies -------------------------------------------------------------------


def test_g_cards_text_newest_published_printing_wins(calendar):
    old = _set("leaf1", "Lycee Version Leaf 1.X", "2005-01-01", [_card("CH-0010", text="old")])
    new = _set("leaf3", "Lycee Version Leaf 3.X", "2006-08-04", [_card("CH-0010", text="new")])
    cat = Catalog([old, new], calendar)
    assert cat.text_for("CH-0010").text == "new"
    assert cat.text_for("CH-0010").set_code == "leaf3"
    assert cat.text_for("CH-0010", on="2006-01-01").text == "old"  # newer one not yet published
    assert cat.card("CH-0010").text == "new"


def test_g_cards_text_earlier_suffix_wins(calendar):
    base = _set("leaf1", "Lycee Version Leaf 1.X", "2005-01-01", [_card("CH-0020", text="plain")])
    foils = _set(
        "leaf2",
        "Lycee Version Leaf 2.X",
        "2005-07-23",
        [
            _card("CH-0020A", text="foil A"),
            _card("CH-0020B", text="foil B"),
            _card("CH-0021B", text="only B"),
            _card("CH-0021A", text="only A"),
        ],
    )
    cat = Catalog([base, foils], calendar)
    t = cat.text_for("CH-0020B")
    assert (t.text, t.from_number, t.rule) == ("plain", "CH-0020", "G-CARDS-TEXT")
    assert cat.text_for("CH-0021B").text == "only A"  # A before B
    assert cat.text_for("CH-0021").text == "only A"


def test_g_cards_text_errata_override(calendar):
    er = Errata(date(2006, 1, 10), "fixed text", "errata")
    s = _set(
        "leaf1",
        "Lycee Version Leaf 1.X",
        "2005-01-01",
        [_card("CH-0030", text="printed", errata=[er]), _card("CH-0030A", text="printed")],
    )
    cat = Catalog([s], calendar)
    t = cat.text_for("CH-0030A")
    assert (t.text, t.source, t.errata) == ("fixed text", "errata", er)
    assert cat.text_for("CH-0030", on="2006-01-09").text == "printed"


def test_g_cards_text_promo_without_printing(calendar):
    t = Catalog([], calendar).text_for("CH-0063")
    assert t.text is None and t.source == "none"


# -- the repo stands alone ---------------------------------------------------------------


def test_repo_never_reads_shared_folder():
    """docs/architecture.md: the repo stands alone and never reads the shared folder beside it."""
    for folder in ("core", "sample_packs"):
        for path in (REPO / folder).rglob("*.py"):
            assert "shared/rules" not in path.read_text(encoding="utf-8"), path
    data = json.loads((REPO / "sample_packs" / "calendar.json").read_text(encoding="utf-8"))
    assert data["schema"] == "lycee-calendar/1"
