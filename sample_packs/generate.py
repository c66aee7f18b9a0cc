"""Generate the fictional sample sets in ``sample_packs/sets/``.

    python -m sample_packs.generate            # rewrite the files
    python -m sample_packs.generate --check    # exit 1 if the files are not up to date
    python -m sample_packs.generate --out DIR  # write elsewhere

Deterministic: a fixed seed per set (Faker ``ja_JP`` for character names and
``random.Random`` for everything else), so running it twice gives identical
bytes (with the same Faker release: GENERATED_WITH_FAKER).  The sets are
samples, not real Lycee products: their versions ("Sample Alpha 1.0" ...)
are not on the guideline's calendar, so they are legal from their own
release dates.  Numbers start at
5001/6001/7001 to stay clear of the real numbering (the promotion-card table
ends at CH-1815).

Pack layouts are made up for the samples (no public source gives the real
ones) and sized for the limited formats: boosters of 11-12 cards (a draft deck
is packs x 10, G-DRAFT-4), fixed starters of 32 cards with at most 2 copies of a
name (two starters, or one starter and three boosters, build a 40-card deck
within the 4-of-a-name limit, G-SEALED).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from faker import Faker

from core.cards.model import (
    ATTRIBUTE_KANJI,
    ATTRIBUTES,
    TYPE_PREFIX,
    BoosterDef,
    Card,
    CardSet,
    Errata,
    RaritySlot,
    StarterDef,
    Upgrade,
)
from core.cards.sets import dump_set, parse_set

OUT_DIR = Path(__file__).resolve().parent / "sets"
#: The Faker release the committed files were generated with: another release
#: may pick other names, so the staleness test compares bytes only under this one.
GENERATED_WITH_FAKER = "40.63.0"


@dataclass(frozen=True)
class Spec:
    code: str
    name: str
    version: str
    release: date
    seed: int
    first_number: int
    counts: dict  # type -> how many
    rarity_counts: dict  # rarity -> how many (of the non-parallel, non-reprint cards)
    booster: BoosterDef
    starter_pairs: tuple = (("snow", "moon"), ("flower", "space"), ("sun", "star"))
    parallels: int = 0  # KR parallels of R/SR characters (number + "A")
    reprints_from: str | None = None  # reprint a few cards of that set, with revised text
    reprints: int = 0
    shared_names_from: str | None = None  # reuse some character names of that set
    shared_names: int = 0
    slot_starter: tuple = ()  # extra random starter: ((rarity, count), ...)
    errata: bool = False
    rarities: tuple = ("C", "U", "R", "SR")


SPECS = (
    Spec(
        code="alpha",
        name="Sample Alpha",
        version="Sample Alpha 1.0",
        release=date(2006, 6, 1),
        seed=5001,
        first_number=5001,
        counts={"character": 88, "event": 20, "item": 14, "area": 0},
        rarity_counts={"C": 56, "U": 36, "R": 22, "SR": 8},
        booster=BoosterDef(
            11, (RaritySlot("C", 7), RaritySlot("U", 3), RaritySlot("R", 1, (Upgrade("SR", 0.15),))), True
        ),
        errata=True,
    ),
    Spec(
        code="beta",
        name="Sample Beta",
        version="Sample Beta 1.0",
        release=date(2007, 6, 1),
        seed=6001,
        first_number=6001,
        counts={"character": 86, "event": 20, "item": 12, "area": 4},
        rarity_counts={"C": 56, "U": 36, "R": 22, "SR": 8},
        booster=BoosterDef(
            12,
            (RaritySlot("C", 8, (Upgrade("R", 0.05),)), RaritySlot("U", 3), RaritySlot("R", 1, (Upgrade("SR", 0.2),))),
            True,
        ),
        shared_names_from="alpha",
        shared_names=6,
    ),
    Spec(
        code="gamma",
        name="Sample Gamma",
        version="Sample Gamma 1.0",
        release=date(2008, 6, 1),
        seed=7001,
        first_number=7001,
        counts={"character": 90, "event": 18, "item": 14, "area": 4},
        rarity_counts={"C": 58, "U": 36, "R": 22, "SR": 10},
        booster=BoosterDef(
            12,
            (RaritySlot("C", 8), RaritySlot("U", 3), RaritySlot("R", 1, (Upgrade("SR", 0.15), Upgrade("KR", 0.05)))),
            True,
        ),
        rarities=("C", "U", "R", "SR", "KR"),
        parallels=6,
        reprints_from="alpha",
        reprints=4,
        shared_names_from="beta",
        shared_names=5,
        slot_starter=(("C", 20), ("U", 8), ("R", 2)),
    ),
)

# Word lists for event, item and area names (sample flavour, made up).
EVENT_HEAD = (
    "放課後の",
    "真夜中の",
    "雪解けの",
    "月下の",
    "花咲く",
    "星降る",
    "夏祭りの",
    "秘密の",
    "最後の",
    "約束の",
    "はじめての",
    "嵐の",
    "夕暮れの",
    "遥かなる",
)
EVENT_TAIL = (
    "告白",
    "決闘",
    "お茶会",
    "補習",
    "逃走",
    "奇跡",
    "再会",
    "作戦",
    "休息",
    "反撃",
    "大掃除",
    "肝試し",
    "合宿",
    "誓い",
)
ITEM_HEAD = ("銀の", "古びた", "魔法の", "手作りの", "伝説の", "壊れた", "小さな", "黄金の", "秘伝の")
ITEM_TAIL = ("懐中時計", "日傘", "お守り", "鍵", "ペンダント", "教科書", "リボン", "剣", "手紙", "髪飾り")
AREAS = ("学園の屋上", "商店街", "図書室", "神社の境内", "海辺の町", "時計塔", "生徒会室", "温室")

CHARACTER_TEXT = (
    "",
    "",
    "",
    "【登場時】カードを1枚引く。",
    "【自ターン】このキャラのAPを+1する。",
    "【常時】味方{attr}キャラのDPを+1する。",
    "【攻撃時】相手の手札を1枚破棄する。",
    "【宣言】このキャラを未行動にする。",
    "このキャラは相手のイベントの対象にならない。",
    "【防御時】このキャラのDPを+{n}する。",
)
EVENT_TEXT = (
    "味方キャラ1体のAPを+{n}する。",
    "相手キャラ1体を行動済みにする。",
    "カードを{n}枚引く。",
    "相手キャラ1体に{n}ダメージを与える。",
    "味方キャラ1体を手札に戻す。",
)
ITEM_TEXT = (
    "装備キャラのAPを+{n}する。",
    "装備キャラのDPを+{n}する。",
    "装備キャラのSPを+{n}する。",
    "【攻撃時】装備キャラはカードを1枚引く。",
)
AREA_TEXT = ("このエリアのキャラのSPを+1する。", "このエリアの{attr}キャラのDPを+1する。")

RARITY_BONUS = {"C": 0, "U": 1, "R": 2, "SR": 3, "KR": 3}


def _cost(rng: random.Random, attrs: tuple[str, ...], lo: int, hi: int) -> dict[str, int]:
    total = rng.choice([n for n in (0, 1, 1, 2, 2, 3, 3, 4) if lo <= n <= hi])
    cost: dict[str, int] = {}
    if total == 0:
        return cost
    colour = [a for a in attrs if a != "star"]
    coloured = min(total, rng.randint(1, 2)) if colour else 0
    for i in range(coloured):
        a = colour[i % len(colour)]
        cost[a] = cost.get(a, 0) + 1
    if total - coloured:
        cost["star"] = total - coloured
    return {a: cost[a] for a in ATTRIBUTES if a in cost}


def _attributes(rng: random.Random, primary: str) -> tuple[str, ...]:
    if primary != "star" and rng.random() < 0.15:
        second = rng.choice([a for a in ATTRIBUTES if a not in (primary, "star")])
        return tuple(a for a in ATTRIBUTES if a in (primary, second))
    return (primary,)


def _text(rng: random.Random, options: tuple[str, ...], attrs: tuple[str, ...]) -> str:
    return rng.choice(options).format(attr=ATTRIBUTE_KANJI[attrs[0]], n=rng.randint(1, 2))


def _stats(rng: random.Random, total_cost: int, ex: int, rarity: str) -> tuple[int, int, int]:
    budget = max(1, 2 + 2 * total_cost + RARITY_BONUS[rarity] - ex)
    stats = [0, 0, 0]
    for _ in range(budget):
        options = [i for i in range(3) if stats[i] < 5]
        if not options:
            break
        stats[rng.choice(options)] += 1
    return stats[0], stats[1], stats[2]


def _rating(
    rng: random.Random, rarity: str, ctype: str, stats: tuple[int, ...] | None, total_cost: int, text: str
) -> int:
    score = 1.3 + 0.8 * RARITY_BONUS[rarity] + rng.uniform(-0.8, 0.8)
    if stats is not None:
        score += (sum(stats) - (2 + 2 * total_cost)) * 0.3
    if text:
        score += 0.3
    if ctype == "area":
        score -= 0.5
    return max(0, min(5, round(score)))


def _ex(rng: random.Random) -> int:
    r = rng.random()
    return 0 if r < 0.45 else 1 if r < 0.85 else 2


def build_set(spec: Spec, previous: dict[str, CardSet]) -> CardSet:
    rng = random.Random(spec.seed)
    fake = Faker("ja_JP")
    fake.seed_instance(spec.seed)

    # Rarities for the set's own cards, shuffled over the numbers.
    total = sum(spec.counts.values())
    assert sum(spec.rarity_counts.values()) == total, spec.code
    rarities = [r for r, n in spec.rarity_counts.items() for _ in range(n)]
    rng.shuffle(rarities)

    # Character names: unique in the set, except a few deliberate repeats
    # (same character, another card) and names shared with an earlier set.
    names: list[str] = []
    taken: set[str] = set()
    while len(names) < spec.counts["character"]:
        n = f"{fake.last_name()} {fake.first_name_female()}"
        if n not in taken:
            taken.add(n)
            names.append(n)
    if spec.shared_names_from:
        older = [c.name for c in previous[spec.shared_names_from].cards if c.type == "character"]
        shared = rng.sample(sorted(set(older)), spec.shared_names)
        for i, n in zip(rng.sample(range(len(names)), spec.shared_names), shared):
            names[i] = n
    for _ in range(4):  # a second card of the same character within the set
        a, b = rng.sample(range(len(names)), 2)
        names[b] = names[a]

    def unique_pick(heads: tuple[str, ...], tails: tuple[str, ...], n: int) -> list[str]:
        pool = [h + t for h in heads for t in tails]
        return rng.sample(pool, n)

    event_names = unique_pick(EVENT_HEAD, EVENT_TAIL, spec.counts["event"])
    item_names = unique_pick(ITEM_HEAD, ITEM_TAIL, spec.counts["item"])
    area_names = rng.sample(AREAS, spec.counts["area"])

    cards: list[Card] = []
    k = 0
    for ctype in ("character", "event", "item", "area"):
        for i in range(spec.counts[ctype]):
            number = f"{TYPE_PREFIX[ctype]}-{spec.first_number + i:04d}"
            rarity = rarities[k]
            primary = ATTRIBUTES[(k + spec.seed) % len(ATTRIBUTES)]
            k += 1
            attrs = _attributes(rng, primary)
            ex = _ex(rng)
            if ctype == "character":
                cost = _cost(rng, attrs, 0, 4)
                text = _text(rng, CHARACTER_TEXT, attrs)
                stats = _stats(rng, sum(cost.values()), ex, rarity)
                name = names[i]
            else:
                cost = _cost(rng, attrs, 0, 3)
                stats = None
                options = {"event": EVENT_TEXT, "item": ITEM_TEXT, "area": AREA_TEXT}[ctype]
                text = _text(rng, options, attrs)
                name = {"event": event_names, "item": item_names, "area": area_names}[ctype][i]
                ex = min(ex, 1)
            rating = _rating(rng, rarity, ctype, stats, sum(cost.values()), text)
            cards.append(
                Card(
                    number=number,
                    name=name,
                    type=ctype,
                    attributes=attrs,
                    cost=tuple(cost.items()),
                    ex=ex,
                    ap=stats[0] if stats else None,
                    dp=stats[1] if stats else None,
                    sp=stats[2] if stats else None,
                    rarity=rarity,
                    rating=rating,
                    text=text,
                    set_code=spec.code,
                )
            )

    # One card that says otherwise about the 4-of-a-name rule.
    commons = [i for i, c in enumerate(cards) if c.type == "character" and c.rarity == "C"]
    i = commons[0]
    cards[i] = replace(cards[i], max_copies=8, text="このカードはデッキに8枚まで入れることができる。")

    if spec.errata:  # published errata for the first SR character
        i = next(i for i, c in enumerate(cards) if c.type == "character" and c.rarity == "SR")
        fixed = "【登場時】カードを1枚引く。（この能力は1ターンに1回まで）"
        cards[i] = replace(
            cards[i],
            text="【登場時】カードを1枚引く。",
            errata=(Errata(date(spec.release.year, 9, 1), fixed, "sample errata"),),
        )

    if spec.parallels:  # KR foils of R/SR characters: same card, letter suffix
        strong = [c for c in cards if c.type == "character" and c.rarity in ("R", "SR")]
        for c in rng.sample(strong, spec.parallels):
            cards.append(replace(c, number=c.number + "A", rarity="KR"))

    if spec.reprints_from:  # reprints keep the old number; the newest text wins (G-CARDS-TEXT)
        old = [
            c
            for c in previous[spec.reprints_from].cards
            if c.type == "character" and c.text and not c.is_parallel and not c.errata and c.max_copies is None
        ][: spec.reprints]
        for c in old:
            cards.append(replace(c, text=c.text + "（再録時修正：1ターンに1回）", set_code=spec.code))

    order = {p: n for n, p in enumerate(TYPE_PREFIX.values())}
    cards.sort(key=lambda c: (order[c.number[:2]], c.number))

    starters = [_fixed_starter(spec, cards, pair, rng) for pair in spec.starter_pairs]
    if spec.slot_starter:
        starters.append(
            StarterDef(
                id=f"{spec.code}-random",
                name=f"{spec.name} ランダムスターター",
                slots=tuple(RaritySlot(r, n) for r, n in spec.slot_starter),
                duplicate_protection=True,
            )
        )

    return CardSet(
        code=spec.code,
        name=spec.name,
        version=spec.version,
        release_date=spec.release,
        rarities=spec.rarities,
        cards=tuple(cards),
        booster=spec.booster,
        starters=tuple(starters),
        sample=True,
    )


def _fixed_starter(spec: Spec, cards: list[Card], pair: tuple[str, str], rng: random.Random) -> StarterDef:
    """16 different names, 2 copies each: 32 cards of two attributes (and 無)."""
    allowed = set(pair) | {"star"}
    pool = [
        c
        for c in cards
        if c.rarity in ("C", "U")
        and not c.is_parallel
        and c.set_code == spec.code
        and c.max_copies is None
        and set(c.attributes) <= allowed
    ]
    chars = [c for c in pool if c.type == "character"]
    others = [c for c in pool if c.type != "character"]
    chosen: list[Card] = []
    names: set[str] = set()
    for group, want in ((chars, 12), (others, 4)):
        for c in rng.sample(group, len(group)):
            if len([x for x in chosen if x in group]) >= want:
                break
            if c.name_key not in names:
                names.add(c.name_key)
                chosen.append(c)
    for c in rng.sample(chars, len(chars)):  # top up with characters if the others ran short
        if len(chosen) >= 16:
            break
        if c.name_key not in names:
            names.add(c.name_key)
            chosen.append(c)
    assert len(chosen) == 16, (spec.code, pair, len(chosen))
    chosen.sort(key=lambda c: c.number)
    label = "・".join(ATTRIBUTE_KANJI[a] for a in pair)
    return StarterDef(
        id=f"{spec.code}-{pair[0]}-{pair[1]}",
        name=f"{spec.name} {label}スターター",
        cards=tuple((c.number, 2) for c in chosen),
    )


def build_all() -> list[CardSet]:
    built: dict[str, CardSet] = {}
    for spec in SPECS:
        built[spec.code] = build_set(spec, built)
    return list(built.values())


def render_all() -> dict[str, str]:
    """{file name: file text} for every sample set, each checked by the loader."""
    out = {}
    for cs in build_all():
        text = dump_set(cs)
        again = parse_set(json.loads(text), f"{cs.code}.json")
        assert dump_set(again) == text, cs.code
        out[f"{cs.code}.json"] = text
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m sample_packs.generate", description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=OUT_DIR, help="folder to write (default: sample_packs/sets)")
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 if a file differs")
    args = ap.parse_args(argv)
    files = render_all()
    if args.check:
        stale = [
            n
            for n, t in files.items()
            if not (args.out / n).exists() or (args.out / n).read_bytes() != t.encode("utf-8")
        ]
        for n in stale:
            print(f"out of date: {args.out / n}", file=sys.stderr)
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for n, t in files.items():
        (args.out / n).write_bytes(t.encode("utf-8"))
        print(args.out / n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
