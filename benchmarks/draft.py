"""Limited simulation figures (printed, not asserted):

- one 8-seat, 6-pack draft with bots and deck building (target: at most 50 ms);
- drafts per second over 1,000 such drafts;
- a sealed pool plus its auto-built deck (target: at most 10 ms);
- bots against random pickers (the same builder, the same tables) over 200 drafts;
- issue 28 (``--table``, measured without the project's deck score): how a
  table of bots spreads its colours (neighbours / seats across sharing a main
  attribute, over ``--spread`` drafts; chance 0.70), forced signals (seats
  upstream of seat 0 take only the colours AB, AB rotating over the 10 pairs,
  ``--signal`` drafts a cell: how often seat 0's deck avoids AB, chance 0.30,
  and how often its committed pair still touches AB), decks holding cards
  their colours cannot cast, the best-of-pool ratio, time per draft, and how
  well the bots' reads name the seat next upstream (``Bot.cut``, ``Bot.flow``, and a read of
  that seat alone: ``NextSeatRead``) and the model names the next seat (``Bot.next_pair``).
  ``--seed0 S`` draws those figures from another seed set (spread, table-read
  and feasibility drafts seeds S.., forced-signal drafts 1000+S..): 60 drafts
  are noise of about +-4 points, so a change is judged on two sets; a cell of
  200 drafts is about +-2.8 points, and 100 drafts hold only a few uncastable
  decks in beta and gamma: judge "no worse" with ``--signal 2000 --spread
  1000`` (+-0.9 points a cell; a few minutes a set).
- issue 48 (``--colourless N``, 100 by default, ``--colourless-only``): over N
  drafts a set (8 seats, 4 packs), the mean pick within the pack (packs 2-4) of
  rating-4+ cards any deck casts (無 only) against coloured ones of the same
  rating (target: within 1 pick), and the share of picks taking a card 2+
  rating points below a 無 card of the same pack.

    python benchmarks/draft.py [--set alpha] [--drafts 1000] [--compare 200]
    python benchmarks/draft.py --table-only [--spread 60] [--signal 200] [--seed0 0]
    python benchmarks/draft.py --scan 600   (only the seed scan below)

``--scan N``: N drafts over every sample set, 4-6 packs, seeds 0.. and drawn
32-bit ones, checking what tests/test_bots.py's property test checks on 15
(G-DRAFT-1): every bot ends in one or two colours and its pair casts more
than 60% of its pool; prints each seat that does not and the worst share.

A deck's main attributes are the two colours most of its cards need (ties:
COLOURS order).  A card is uncastable when its cost names a colour outside
them.  Best of pool: the rating total of the deck's castable cards over the
best rating total ``size`` cards castable in one pair of the pool can give.
This is the game's cost rule as core.cards holds it: a cost lists
attributes, 無 (star) is paid by any card, so only the other attributes of a
card's cost must be in the deck's colours (limited.facts ``needs``); the
figure against the deck's best pair (the one casting most of its cards)
shows the main-pair choice does not inflate it.
Why decks hold uncastable cards (printed below them): pools that cannot give
``size`` cards castable in one pair (the builder then must fill off colour),
and the picks outside the deck's pair, split by whether the pack offered a
card of the pair (a bot's choice) or not (nothing castable was left); and
the decks with uncastable cards whose pool held enough castable cards (an
uncastable card the builder chose).

Feasibility (is "uncastable <= 20%" reachable with this product?): tables of
seats held to one pair from the first pick, taking a card of the pair, else a
無 card, else anything (PairPicker): with 8 distinct pairs, with pairs drawn
with repeats, and with the pairs the bots ended in; ``--oracle N`` adds, for N
drafts, the fewest seats short of 40 castable cards over every way the same
packs could be shared out with the bots' pairs (a max flow: any order of
taking a pack's cards is a legal draft).

Bounds (what reading the table could give at best): the same bots told, as no
bot can be, the pair the seat passing to them now holds (TableKnown: pairs
sharing a colour with it lose a penalty, 3 or 10), or both neighbours' pairs.
Seen on seeds 0..59: neighbours share 0.458 / 0.275 / 0.081 while decks with
uncastable cards stay at 34.4% / 36.0% / 35.2%: a table that spreads its
colours perfectly casts no better, so castability is not a matter of the
reads; held to their final pairs from pick 1 the same tables give 10.8%.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cards.sets import load_sample_sets
from limited.bots import Bot
from limited.draft import Draft, build_draft_deck, run_draft
from limited.facts import COLOURS, PAIRS, facts_for
from limited.pickvalue import rarity_shares
from limited.score import compare_pickers
from limited.sealed import build_sealed_deck, open_sealed


def ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"median {statistics.median(xs) * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms   max {xs[-1] * 1000:6.2f} ms"


def main_pair(deck_counts, facts) -> int:
    """The two colours most of the deck's cards need (COLOURS order on ties)."""
    need = [0] * len(COLOURS)
    for num, k in deck_counts.items():
        m = facts.by_number[num].needs
        for i in range(len(COLOURS)):
            if m >> i & 1:
                need[i] += k
    order = sorted(range(len(COLOURS)), key=lambda i: (-need[i], i))
    return (1 << order[0]) | (1 << order[1])


def uncastable(deck_counts, pair: int, facts) -> int:
    return sum(k for num, k in deck_counts.items() if facts.by_number[num].needs & ~pair)


def best_of_pool(pool, deck_counts, pair: int, facts, size: int) -> float:
    by = facts.by_number
    got = sum(by[n].rating * k for n, k in deck_counts.items() if not by[n].needs & ~pair)
    best = max(sum(sorted((by[n].rating for n in pool if not by[n].needs & ~p), reverse=True)[:size]) for p in PAIRS)
    return got / best if best else 1.0


def castable_at_most(pool, facts) -> int:
    """The most cards of ``pool`` one pair can cast (無 cards fit every pair)."""
    by = facts.by_number
    return max(sum(1 for n in pool if not by[n].needs & ~p) for p in PAIRS)


class Cutter:
    """A seat that takes only the colours ``ab``: the best card needing one of
    them, else the best card needing neither (so none of AB flows on)."""

    __slots__ = ("facts", "ab")

    def __init__(self, facts, ab: int):
        self.facts, self.ab = facts, ab

    def choose(self, offered, pool):
        by = self.facts.by_number
        return max(offered, key=lambda n: (bool(by[n].needs & self.ab), by[n].rating))


class PairPicker:
    """A seat held to one pair from its first pick, castability first: a card
    of the pair (best rating), else a 無 card, else the best of the rest.  The
    feasibility figures seat a whole table of these."""

    __slots__ = ("facts", "pair")

    def __init__(self, facts, pair: int):
        self.facts, self.pair = facts, pair

    def choose(self, offered, pool):
        by, pair = self.facts.by_number, self.pair

        def key(n):
            f = by[n]
            return (2 if f.needs and not f.needs & ~pair else 1 if not f.needs else 0, f.rating)

        return max(offered, key=key)


def held_to(pair: int):
    """A picker factory for a PairPicker holding ``pair``."""

    def make(facts, deck_size, rng) -> PairPicker:
        return PairPicker(facts, pair)

    return make


def deck_counts(res, s: int) -> dict:
    """Seat ``s``'s deck in a run_draft result (every seat of the benchmark's drafts gets one)."""
    deck = res.decks[s]
    assert deck is not None
    return deck.counts("deck")


class TableKnown(Bot):
    """A bound, not a bot: a Bot told the pair now held by the seat passing to
    it (``both``: by both neighbours), whose pairs sharing a colour with it
    lose ``penalty`` x (1 + pool / pack) in the choice of the pair.  What a
    perfect read of the neighbour would give (bound_figures)."""

    __slots__ = ("table", "seat", "penalty", "both")

    def __init__(self, facts, deck_size: int, table: dict, seat: int, penalty: float, both: bool):
        super().__init__(facts, deck_size)
        self.table, self.seat, self.penalty, self.both = table, seat, penalty, both
        table[seat] = self

    def _pair_values(self, pool_size: int, have: int) -> list[float | None]:
        out = super()._pair_values(pool_size, have)
        size = self.pack_size or 11
        up = (self.seat - 1) % 8 if (pool_size // size) % 2 == 0 else (self.seat + 1) % 8
        for u in ((self.seat - 1) % 8, (self.seat + 1) % 8) if self.both else (up,):
            known = self.table.get(u)
            held = known.pair if known is not None else 0
            for j, p in enumerate(PAIRS):
                v = out[j]
                if held and v is not None and p & held:
                    out[j] = v - self.penalty * (1 + pool_size / size)
        return out


def told(table: dict, seat: int, penalty: float, both: bool):
    """The picker factory of a TableKnown seat."""

    def make(facts, deck_size, rng) -> TableKnown:
        return TableKnown(facts, deck_size, table, seat, penalty, both)

    return make


def bound_figures(cs, drafts: int, seed0: int = 0) -> None:
    """Neighbours and castability when the bots know their neighbours' pairs (a bound on what reading
    the table can give: the reads name the neighbour's colours only a little better than chance)."""
    facts = facts_for(cs)
    print(f"  Bounds ({drafts} drafts of 4 packs), bots told the neighbours' pairs (no bot can know them):")
    cases = (
        ("the seat passing to it", False, 3.0),
        ("the same, harder", False, 10.0),
        ("both neighbours", True, 10.0),
    )
    for label, both, penalty in cases:
        near = bad = 0
        for seed in range(seed0, seed0 + drafts):
            table: dict[int, TableKnown] = {}
            d = Draft(cs, 8, 4, seed, picker=[told(table, s, penalty, both) for s in range(8)])
            mains = []
            for s in range(8):
                dc = build_draft_deck(d.pool(s), cs, 4).counts("deck")
                mains.append(main_pair(dc, facts))
                bad += uncastable(dc, mains[-1], facts) > 0
            near += sum(bool(mains[s] & mains[(s + 1) % 8]) for s in range(8))
        print(
            f"    {label:<34}: neighbours share a main attribute {near / (8 * drafts):.3f}, "
            f"decks with uncastable cards {bad / (8 * drafts):.1%}"
        )


def short_of_deck(cs, packs: int, seed: int, pairs) -> int:
    """Seats of a table of PairPickers (seat s holds ``pairs[s]``) whose pool
    holds fewer than packs x 10 cards their pair can cast."""
    facts = facts_for(cs)
    by = facts.by_number
    d = Draft(cs, 8, packs, seed, picker=[held_to(p) for p in pairs])
    return sum(sum(1 for n in d.pool(s) if not by[n].needs & ~pairs[s]) < packs * 10 for s in range(8))


def oracle_short(res, pairs, facts, need: int) -> int:
    """The fewest seats short of ``need`` castable cards over every way the
    same packs could be shared out with the seats held to ``pairs``: a pack's
    11 cards go one to each of its 11 visits (any order of taking is a legal
    draft), so this is a max flow (networkx, a test dependency)."""
    import itertools

    import networkx as nx

    by = facts.by_number
    packs = []
    for r, rnd in enumerate(res.opened):
        d = 1 if r % 2 == 0 else -1
        for src, pack in enumerate(rnd):
            quota: dict[int, int] = {}
            for k in range(len(pack)):
                quota[(src + d * k) % 8] = quota.get((src + d * k) % 8, 0) + 1
            packs.append(([by[n].needs for n in pack], quota))

    def flow(seats) -> int:
        g = nx.DiGraph()
        for pi, (needs, quota) in enumerate(packs):
            for ci, m in enumerate(needs):
                ok = [s for s in quota if s in seats and not m & ~pairs[s]]
                if ok:
                    g.add_edge("S", ("c", pi, ci), capacity=1)
                    for s in ok:
                        g.add_edge(("c", pi, ci), ("p", pi, s))
            for s, k in quota.items():
                if s in seats:
                    g.add_edge(("p", pi, s), ("s", s), capacity=k)
        for s in seats:
            g.add_edge(("s", s), "T", capacity=need)
        return nx.maximum_flow_value(g, "S", "T") if "S" in g else 0

    for k in range(8):
        for drop in itertools.combinations(range(8), k):
            keep = [s for s in range(8) if s not in drop]
            if flow(keep) == need * len(keep):
                return k
    return 8


def feasibility(cs, drafts: int, oracle: int, seed0: int = 0) -> None:
    """Is 'decks with uncastable cards <= 20%' reachable with this product at all?"""
    facts = facts_for(cs)
    rng = random.Random(28)
    print(
        f"  Can 4 packs give every seat 40 castable cards?  Tables of seats held to one pair from pick 1, "
        f"castability first ({drafts} drafts):"
    )
    for label, draw in (
        ("8 distinct pairs", lambda: rng.sample(PAIRS, 8)),
        ("pairs drawn with repeats", lambda: [rng.choice(PAIRS) for _ in range(8)]),
    ):
        short = sum(short_of_deck(cs, 4, seed, draw()) for seed in range(seed0, seed0 + drafts))
        print(f"    {label:<34}: seats short of 40 castable {short / (8 * drafts):.1%}")
    short = orc = 0
    for seed in range(seed0, seed0 + drafts):
        res = run_draft(cs, 8, 4, seed)
        pairs = [main_pair(deck_counts(res, s), facts) for s in range(8)]
        short += short_of_deck(cs, 4, seed, pairs)
        if seed < seed0 + oracle:
            orc += oracle_short(res, pairs, facts, 40)
    print(f"    {'the pairs the bots ended in':<34}: seats short of 40 castable {short / (8 * drafts):.1%}")
    if oracle:
        print(
            f"    the same pairs, best sharing of the same packs (max flow, {oracle} drafts): seats short "
            f"{orc / (8 * oracle):.1%}"
        )


def read_figures(cs, drafts: int, seed0: int = 0) -> None:
    """How well the bots' table reads name the seat next upstream: for each seat of a 4-pack draft,
    a bot replaying its picks is asked after pack 1 (the side of odd rounds: seat s-1) and pack 2
    (even rounds: seat s+1), and at the end (both sides), how many of that seat's two main
    attributes the two most-cut colours (``Bot.cut``, what ``Bot.upstream`` says), the two
    least-flowing ones (``Bot.flow``, the rating read) and the two most-cut by a read of that seat
    alone (:class:`NextSeatRead`: a pack weighed by the share of its missing cards the seat next
    door took) name; chance 2 x 2/5 = 0.8.  And how many of the next seat's (s+1, whom seat s passes
    to in pack 1) the bot's model of it (``Bot.next_pair``) names after pack 1 and pack 2."""
    facts = facts_for(cs)
    got: dict[tuple[str, str], int] = {}
    n: dict[str, int] = {}

    def tally(when: str, s: int, sides, mains, bot, nxt: NextSeatRead) -> None:
        for side in sides:
            up = mains[(s - 1) % 8 if side == 0 else (s + 1) % 8]
            for name, read in (("cut", bot.cut[side]), ("flow", bot.flow[side]), ("next seat", nxt.cut[side])):
                order = sorted(range(len(COLOURS)), key=lambda i: (read[i], i))[:2]
                got[when, name] = got.get((when, name), 0) + sum(bool(up >> i & 1) for i in order)
            got[when, "passed"] = got.get((when, "passed"), 0) + bin(nxt.passed_pair(side) & up).count("1")
            n[when] = n.get(when, 0) + 1
        if when != "at the end":
            got[when, "model"] = got.get((when, "model"), 0) + bin(bot.next_pair & mains[(s + 1) % 8]).count("1")

    for seed in range(seed0, seed0 + drafts):
        res = run_draft(cs, 8, 4, seed)
        size = len(res.opened[0][0])
        mains = [main_pair(deck_counts(res, s), facts) for s in range(8)]
        bots = [Bot(facts, 40, pack_size=size) for _ in range(8)]
        reads = [NextSeatRead(facts) for _ in range(8)]
        pools: list[list[str]] = [[] for _ in range(8)]

        for p in res.picks:
            s = p.seat
            bots[s].choose(p.offered, pools[s])
            reads[s].read((len(pools[s]) // size) % 2, p.offered, size - len(p.offered))
            pools[s].append(p.took)
            if len(pools[s]) == size:
                tally("after pack 1", s, (0,), mains, bots[s], reads[s])
            elif len(pools[s]) == 2 * size:
                tally("after pack 2", s, (1,), mains, bots[s], reads[s])
        for s in range(8):
            tally("at the end", s, (0, 1), mains, bots[s], reads[s])
    parts = [
        f"{w} " + " / ".join(f"{name} {got[w, name] / n[w]:.2f}" for name in ("cut", "flow", "next seat", "passed"))
        for w in n
    ]
    model = [f"{w} {got[w, 'model'] / n[w]:.2f}" for w in n if (w, "model") in got]
    print(
        f"  Table read ({drafts} drafts of 4 packs), of the seat upstream's two main attributes: "
        + ", ".join(parts)
        + " (chance 0.80); the model of the next seat, of its two: "
        + ", ".join(model)
    )


class NextSeatRead:
    """Two reads of the seat next upstream alone, by side, measured against the bots' reads in
    :func:`read_figures` (the bots do not use them: limited/bots.py's docstring says why).  ``cut``: a
    passed pack with k cards taken weighs 1/k (the seat next door took one of them), its cards of each
    colour less what fresh cards of the same rarities hold (limited.pickvalue.rarity_shares, as
    ``Bot.cut``).  ``passed``: that seat saw every card the pack still holds and took another, so for
    each pair, the log of the share of the set's cards the pair casts rated at least the best one of
    them left, less the log of the share it casts at all (0 when none is left); the pair least
    contradicted (:meth:`passed_pair`) is the read's."""

    def __init__(self, facts):
        self.facts = facts
        self.shares = rarity_shares(facts)
        self.cut = [[0.0] * len(COLOURS), [0.0] * len(COLOURS)]
        self.passed = [[0.0] * len(PAIRS), [0.0] * len(PAIRS)]
        cards = list(facts.by_number.values())
        self.at_least = {}
        for j, q in enumerate(PAIRS):
            cast = [f.rating for f in cards if f.needs and not f.needs & ~q]
            for r in range(6):
                self.at_least[j, r] = math.log(max(1, sum(x >= r for x in cast)) / max(1, len(cast)))

    def read(self, side: int, offered, k: int) -> None:
        if k <= 0:
            return
        by, cut = self.facts.by_number, self.cut[side]
        for num in offered:
            f = by[num]
            share = self.shares[f.rarity]
            for i in range(len(COLOURS)):
                cut[i] += ((f.needs >> i & 1) - share[i]) / k
        for j, q in enumerate(PAIRS):
            best = max((by[num].rating for num in offered if by[num].needs and not by[num].needs & ~q), default=None)
            if best is not None:
                self.passed[side][j] += self.at_least[j, min(5, best)]

    def passed_pair(self, side: int) -> int:
        ev = self.passed[side]
        return PAIRS[max(range(len(PAIRS)), key=lambda j: (ev[j], -j))]


def table_figures(cs, spread: int, signal: int, oracle: int = 0, seed0: int = 0) -> None:
    facts = facts_for(cs)
    print(f"Issue 28 figures, set {cs.code} (never the project's deck score):")
    for packs in (4, 6):
        near = across = near_n = across_n = bad = bad_cards = decks = 0
        short = off_picks = avoidable = bad_any = builder = 0
        ratios, times = [], []
        for seed in range(seed0, seed0 + spread):
            t = time.perf_counter()
            res = run_draft(cs, 8, packs, seed)
            times.append(time.perf_counter() - t)
            mains = []
            for s in range(8):
                dc = deck_counts(res, s)
                pair = main_pair(dc, facts)
                mains.append(pair)
                u = uncastable(dc, pair, facts)
                bad += u > 0
                bad_cards += u
                bad_any += min(uncastable(dc, p, facts) for p in PAIRS) > 0
                decks += 1
                ratios.append(best_of_pool(res.pools[s], dc, pair, facts, packs * 10))
                most = castable_at_most(res.pools[s], facts)
                short += most < packs * 10
                builder += u > 0 and most >= packs * 10
                for p in res.picks:
                    if p.seat == s and facts.by_number[p.took].needs & ~pair:
                        off_picks += 1
                        avoidable += any(not facts.by_number[n].needs & ~pair for n in p.offered)
            for s in range(8):
                near += bool(mains[s] & mains[(s + 1) % 8])
                near_n += 1
                if s < 4:
                    across += bool(mains[s] & mains[s + 4])
                    across_n += 1
        print(
            f"  {packs} packs, {spread} drafts of 8: neighbours share a main attribute {near / near_n:.3f}, "
            f"across {across / across_n:.3f} (chance 0.70; target neighbours <= 0.40)"
        )
        print(
            f"           decks with uncastable cards {bad / decks:.1%} ({bad_cards / decks:.2f} a deck; "
            f"target <= 20% at 4 packs; against the deck's best pair {bad_any / decks:.1%}), best-of-pool ratio {statistics.fmean(ratios):.3f} "
            f"(at 1.0: {sum(r >= 0.9999 for r in ratios) / len(ratios):.1%}), {ms(times)} a draft with decks"
        )
        print(
            f"           why: pools with fewer than {packs * 10} cards castable in any one pair {short / decks:.1%}; "
            f"picks outside the deck's pair {off_picks / decks:.2f} a seat, {avoidable / decks:.2f} of them "
            f"from a pack holding a card of the pair; decks with uncastable cards whose pool held "
            f"{packs * 10} castable in one pair (the builder's choice) {builder / decks:.1%}"
        )
    read_figures(cs, spread, seed0)
    bound_figures(cs, spread, seed0)
    feasibility(cs, spread, oracle, seed0)
    print(
        f"  Forced signals, 4 packs, {signal} drafts a cell, AB rotating over the 10 pairs (chance of avoiding 0.30):"
    )
    cells = (("both neighbours", (1, 7)), ("three upstream", (5, 6, 7)), ("all seven", tuple(range(1, 8))))
    for label, cutters in cells:
        avoid = touch = 0
        for i in range(signal):
            ab = PAIRS[i % len(PAIRS)]
            pickers = [Bot if s not in cutters else (lambda f, d, r, ab=ab: Cutter(f, ab)) for s in range(8)]
            d = Draft(cs, 8, 4, 1000 + seed0 + i, picker=pickers)
            pool = d.pool(0)
            bot = d._pickers[0]
            dc = build_draft_deck(pool, cs, 4).counts("deck")
            avoid += not (main_pair(dc, facts) & ab)
            touch += bool(getattr(bot, "pair", 0) & ab)
        print(
            f"    {label:<16} (seats {','.join(map(str, cutters))}): deck avoids AB {avoid / signal:.1%}, "
            f"committed pair touches AB {touch / signal:.1%}"
        )
    print()


def colourless_figures(sets, drafts: int, seed0: int = 0) -> None:
    """Issue 48 item 13: a card every deck can cast (無 only) is worth its rating to every seat.  For
    rating-4+ cards, the mean pick within the pack (packs 2 to 4 of 4: pack 1's first picks know
    nothing of the colours) at which they went, 無 cards against coloured cards of the same rating
    (target: within 1 pick), and the share of bot picks that took a card 2+ rating points below a
    無 card of the same pack."""
    print(f"無 cards, {drafts} drafts of 8 seats x 4 packs a set, mean pick within the pack (packs 2-4):")
    for cs in sets:
        by = facts_for(cs).by_number
        at: dict[tuple[bool, int], list[int]] = {}
        below = picks = 0
        for seed in range(seed0, seed0 + drafts):
            res = run_draft(cs, 8, 4, seed, build=False)
            for p in res.picks:
                picks += 1
                f = by[p.took]
                best_any = max((by[n].rating for n in p.offered if not by[n].needs), default=-1)
                below += best_any >= f.rating + 2
                if p.round >= 2 and f.rating >= 4:
                    at.setdefault((not f.needs, f.rating), []).append(p.pick)
        cells = []
        # 4+ together, the coloured cards weighed by the 無 cards' ratings (the same rating mix)
        a = at.get((True, 4), []) + at.get((True, 5), [])
        mix = [(len(at.get((True, r), [])), at.get((False, r))) for r in (4, 5)]
        if a and all(c for k, c in mix if k):
            c_mean = sum(k * statistics.fmean(c) for k, c in mix if k) / len(a)
            cells.append(
                f"4+: 無 {statistics.fmean(a):.2f} / coloured {c_mean:.2f}, gap {statistics.fmean(a) - c_mean:+.2f}"
            )
        for r in (4, 5):
            a, c = at.get((True, r), []), at.get((False, r), [])
            if a and c:
                cells.append(
                    f"rating {r}: 無 {statistics.fmean(a):.2f} ({len(a)}) / coloured {statistics.fmean(c):.2f} "
                    f"({len(c)}), gap {statistics.fmean(a) - statistics.fmean(c):+.2f}"
                )
            elif a:
                cells.append(f"rating {r}: 無 {statistics.fmean(a):.2f} ({len(a)}), no coloured card of it")
        print(f"  {cs.code:<6} " + "; ".join(cells) + f"; picks 2+ below a 無 card {below / picks:.1%}")


def scan(drafts: int) -> None:
    """The G-DRAFT-1 property over many seeds (see the module docstring)."""
    sets = load_sample_sets()
    rng = random.Random(2026)
    worst, bad = 1.0, 0
    for i in range(drafts):
        cs = sets[i % len(sets)]
        packs = 4 + (i // 3) % 3
        seed = rng.randrange(2**32) if i % 2 else i
        d = Draft(cs, 8, packs, seed)
        by = facts_for(cs).by_number
        for s in range(8):
            pair = getattr(d._pickers[s], "pair", 0)
            pool = d.pool(s)
            share = sum(1 for n in pool if not by[n].needs & ~pair) / len(pool)
            worst = min(worst, share)
            if not (0 < bin(pair).count("1") <= 2 and share > 0.6):
                bad += 1
                print(f"  set {cs.code} seed {seed} packs {packs} seat {s}: pair {pair:05b}, castable {share:.1%}")
    print(
        f"G-DRAFT-1 scan: {drafts} drafts x 8 seats, {bad} seats outside the property, worst castable share {worst:.1%}"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default=None, help="one set code (default: every sample set)")
    ap.add_argument("--drafts", type=int, default=1000)
    ap.add_argument("--compare", type=int, default=200)
    ap.add_argument("--spread", type=int, default=60, help="drafts for the colour-spread figures (0: leave them out)")
    ap.add_argument("--signal", type=int, default=200, help="drafts a forced-signal cell")
    ap.add_argument(
        "--oracle", type=int, default=0, help="drafts for the max-flow feasibility figure (slow, needs networkx)"
    )
    ap.add_argument(
        "--seed0",
        type=int,
        default=0,
        help="first seed of the issue 28 figures: spread drafts seed0.., forced-signal drafts 1000+seed0..",
    )
    ap.add_argument("--table-only", action="store_true", help="only the issue 28 figures")
    ap.add_argument("--colourless", type=int, default=100, help="drafts a set for the 無-card figures (0: none)")
    ap.add_argument("--colourless-only", action="store_true", help="only the 無-card figures")
    ap.add_argument("--scan", type=int, default=0, help="only the G-DRAFT-1 seed scan, over this many drafts")
    args = ap.parse_args()
    if args.scan:
        scan(args.scan)
        return
    sets = [cs for cs in load_sample_sets() if args.set in (None, cs.code)]
    if args.colourless:
        colourless_figures(sets, args.colourless, args.seed0)
    if args.colourless_only:
        return
    if args.spread > 0:  # --spread 0 leaves the table's figures out
        table_figures(
            next(cs for cs in sets if args.set or cs.code == "alpha"), args.spread, args.signal, args.oracle, args.seed0
        )
    if args.table_only:
        return

    print("One 8-seat, 6-pack draft, bots, 8 decks built and checked (target <= 50 ms):")
    for cs in sets:
        run_draft(cs, 8, 6, 0)  # warm the per-set caches
        times, cpu = [], []
        for seed in range(50):
            t, c = time.perf_counter(), time.process_time()
            run_draft(cs, 8, 6, seed)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        print(
            f"  {cs.code:<6} {ms(times)}   (CPU median {statistics.median(cpu) * 1000:.2f} ms: the figure on a "
            f"loaded machine)"
        )

    cs = sets[0]
    print(f"\nDrafts per second, {args.drafts} drafts of 8 seats x 6 packs with decks ({cs.code}):")
    t = time.perf_counter()
    for seed in range(args.drafts):
        run_draft(cs, 8, 6, seed)
    dt = time.perf_counter() - t
    print(f"  {args.drafts / dt:7.1f} drafts/s   ({dt:.2f} s, {dt / args.drafts * 1000:.2f} ms a draft)")

    print("\nSealed pool plus auto-built, checked deck (target <= 10 ms):")
    for cs in sets:
        for product in ("2s", "1s3b"):
            times = []
            for seed in range(200):
                t = time.perf_counter()
                build_sealed_deck(open_sealed(cs, product, random.Random(seed)), cs)
                times.append(time.perf_counter() - t)
            print(f"  {cs.code:<6} {product:<5} {ms(times)}")

    print(
        f"\nBots vs random pickers, {args.compare} drafts a line, 8 seats alternating bot/random, "
        f"same builder (deck score 0-100):"
    )
    for cs in sets:
        for packs in (4, 6):
            t = time.perf_counter()
            cmp = compare_pickers(cs, drafts=args.compare, seats=8, packs=packs, seed=0)
            dt = time.perf_counter() - t
            print(
                f"  {cs.code:<6} {packs} packs: bots {cmp.bot_mean:5.1f}  random {cmp.random_mean:5.1f}  "
                f"margin {cmp.margin:+5.1f} (sd {cmp.margin_stdev:.1f})  bots ahead in {cmp.bots_ahead:.0%} "
                f"of drafts   [{dt:.1f} s]"
            )


if __name__ == "__main__":
    main()
