"""Opening boosters and starters from set data (limited/packs.py): rarity slots,
upgrades, duplicate protection, fixed and slotted starters, seeded draws, and
sets that cannot be opened (G-DRAFT-1, G-DRAFT-4, G-SEALED)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.cards.model import BoosterDef, RaritySlot, StarterDef, Upgrade
from core.cards.sets import load_sample_sets
from core.errors import RuleError, ValidationError
from limited.packs import Pack, check_booster, choose_starter, open_booster, open_starter

SETS = {cs.code: cs for cs in load_sample_sets()}
CODES = sorted(SETS)
FAST = settings(max_examples=60, deadline=None)


def _rarities(cs, cards):
    return Counter(cs.card(n).rarity for n in cards)


@FAST
@given(code=st.sampled_from(CODES), seed=st.integers(0, 2**32))
def test_g_draft_4_booster_follows_its_slots(code, seed):
    """G-DRAFT-4 / set data: a booster holds `size` cards, each slot's count of
    its rarity (an upgrade moving one card to the upgrade's rarity), and with
    duplicate protection no number twice."""
    cs = SETS[code]
    pack = open_booster(cs, random.Random(seed))
    b = cs.booster
    assert len(pack) == b.size >= 10
    assert all(n in cs for n in pack)
    if b.duplicate_protection:
        assert len(set(pack)) == len(pack)
    # walk the slots: each slot's cards sit together, the last one maybe upgraded
    at = 0
    for s in b.slots:
        part = [cs.card(n).rarity for n in pack[at : at + s.count]]
        at += s.count
        assert part[:-1] == [s.rarity] * (s.count - 1)
        assert part[-1] == s.rarity or part[-1] in {u.rarity for u in s.upgrades}


def test_g_draft_1_same_seed_same_pack_other_seed_other_pack():
    """Every draw comes from the passed RNG: a pool is reproducible (G-DRAFT-1 logs replay)."""
    cs = SETS["alpha"]
    a = [open_booster(cs, random.Random(5)) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    assert open_booster(cs, random.Random(6)) != a[0]


def test_upgrade_chance_is_honoured():
    """An upgrade replaces one card of its slot with the given chance (set data, G-DRAFT-1 packs)."""
    cs = SETS["gamma"]  # R slot: SR 0.15, KR 0.05
    rng = random.Random(1)
    n = 4000
    last = Counter(cs.card(open_booster(cs, rng)[-1]).rarity for _ in range(n))
    assert abs(last["SR"] / n - 0.15) < 0.03
    assert abs(last["KR"] / n - 0.05) < 0.02
    assert last["R"] + last["SR"] + last["KR"] == n


def test_upgrade_certain_and_cross_slot_duplicate_protection():
    """With chance 1 the slot's last card is always upgraded; duplicate protection
    holds across slots that draw the same rarity (set data, G-DRAFT-1)."""
    cs = SETS["beta"]
    slots = (RaritySlot("C", 8, (Upgrade("R", 1.0),)), RaritySlot("U", 3), RaritySlot("R", 1))
    cs2 = replace(cs, booster=BoosterDef(12, slots, True))
    for seed in range(200):
        pack = open_booster(cs2, random.Random(seed))
        assert _rarities(cs2, pack) == Counter({"C": 7, "U": 3, "R": 2})
        assert len(set(pack)) == 12


def test_without_duplicate_protection_numbers_may_repeat():
    """docs/cards.md: duplicate_protection false: independent draws, so a rarity with few cards repeats."""
    cs = SETS["alpha"]
    slots = (RaritySlot("C", 6), RaritySlot("SR", 5))  # alpha has 8 SR; 5 draws of 8 repeat often
    cs2 = replace(cs, booster=BoosterDef(11, slots, False))
    repeats = sum(len(set(p)) < 11 for p in (open_booster(cs2, random.Random(s)) for s in range(100)))
    assert repeats > 50


def test_g_draft_1_set_without_booster_is_refused():
    """A set with no booster cannot be drafted: RuleError naming the set (G-DRAFT-1)."""
    cs = replace(SETS["alpha"], booster=None)
    with pytest.raises(RuleError) as e:
        open_booster(cs, random.Random(0))
    assert "alpha" in str(e.value) and e.value.rule == "G-DRAFT-1"


def test_unfillable_slot_names_the_set_and_slot():
    """A booster built in code that needs more distinct cards of a rarity than the
    set has: ValidationError naming the set and the slot (G-DRAFT-1 packs)."""
    cs = SETS["alpha"]  # 8 SR cards
    bad = replace(
        cs,
        booster=BoosterDef(
            12, (RaritySlot("C", 2), RaritySlot("SR", 9), RaritySlot("U", 1, (Upgrade("XX", 0.5),))), True
        ),
    )
    with pytest.raises(ValidationError) as e:
        check_booster(bad)
    where = dict(e.value.problems)
    assert "set alpha" in str(e.value)
    assert "9 different SR" in where["$.booster.slots[1]"]
    assert "XX" in where["$.booster.slots[2].upgrades[0]"]
    mismatch = replace(cs, booster=BoosterDef(12, (RaritySlot("C", 10),), True))
    with pytest.raises(ValidationError) as e:
        open_booster(mismatch, random.Random(0))
    assert e.value.problems == [("$.booster.size", "is 12 but the slots hold 10")]


def test_g_sealed_fixed_starter_is_its_list():
    """G-SEALED: a fixed starter gives exactly its list, each card as often as listed."""
    cs = SETS["alpha"]
    st0 = cs.starters[0]
    pack = open_starter(cs, random.Random(0), st0.id)
    assert isinstance(pack, Pack) and pack.kind == "starter" and pack.starter == st0.id
    assert Counter(pack.cards) == Counter(dict(st0.cards))
    assert len(pack) == st0.size >= 20


@FAST
@given(seed=st.integers(0, 2**32))
def test_g_sealed_slotted_starter_draws_its_slots(seed):
    """G-SEALED: a slotted starter is drawn like a booster from its own slots."""
    cs = SETS["gamma"]
    sd = cs.starter("gamma-random")
    pack = open_starter(cs, random.Random(seed), "gamma-random")
    assert len(pack) == sd.size
    assert _rarities(cs, pack.cards) == Counter({s.rarity: s.count for s in sd.slots})
    assert len(set(pack.cards)) == len(pack)


def test_g_sealed_random_starter_choice_is_seeded_and_covers_all():
    """G-SEALED: which starter a player gets is drawn from the set's starters, reproducibly."""
    cs = SETS["gamma"]
    got = {choose_starter(cs, random.Random(s)).id for s in range(60)}
    assert got == {s.id for s in cs.starters}
    assert open_starter(cs, random.Random(9)) == open_starter(cs, random.Random(9))


def test_g_sealed_unknown_or_broken_starter_is_refused():
    """G-SEALED: an unknown starter id, a set without starters, a fixed starter
    naming a card the set lacks: clear errors."""
    cs = SETS["alpha"]
    with pytest.raises(RuleError) as e:
        open_starter(cs, random.Random(0), "nope")
    assert e.value.rule == "G-SEALED" and "alpha-snow-moon" in str(e.value)
    with pytest.raises(RuleError) as e:
        open_starter(replace(cs, starters=()), random.Random(0))
    assert e.value.rule == "G-SEALED"
    broken = replace(cs, starters=(StarterDef("x", "X", (("CH-9999", 20),)),))
    with pytest.raises(ValidationError) as e:
        open_starter(broken, random.Random(0))
    assert e.value.problems == [("$.starters[0].cards[0].number", "CH-9999 is not a card of set alpha")]
