"""Pools from packs opened at the table (G-SEALED, G-DRAFT-1).

The organizer opens the build phase for real packs (:func:`open_real`), then
types each player's pool in by card number: the fast entry line takes
``5063 2`` (number, count), ``CH-5063 2``, ``2 CH-5063`` or ``2x5063``, or a
card's name (part of it, kana folded: ``木村 2``, ``さとう``; core.cards.search)
when it names one card of the set; a
number without its prefix takes the last prefix typed (CH at first), so a
run of characters is typed by digits alone (:class:`Entry`).  A file or
pasted text holds such lines (commas or new lines between them).

:func:`pool_problems` says how a pool differs from the product: its size,
and for sealed whether it holds one starter's list and three boosters' worth
by rarity (1s3b) or two starters (2s).  :func:`enter_table_pool` records it
as a ``table_pool`` action (core.rules.tablepools), refused with every
problem named; the building timer starts with the last pool.
:func:`squeeze` warns when the product leaves little choice over the deck.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from core import labels, rules
from core.cards.deckparse import read_decklist_file
from core.cards.decks import DRAFT_CARDS_PER_PACK, SEALED_SIZE
from core.cards.model import ATTRIBUTE_KANJI, PREFIX_TYPE, Card, CardSet, normalize_number
from core.cards.search import search_cards
from core.desk import Desk
from core.errors import LyceeError, RuleError
from core.event.model import Event
from core.i18n import _, join_list, join_sentences, ngettext
from core.log.actions import Action, TablePool
from core.rules.clock import stamp
from limited.draft import DRAFT_PACKS
from limited.event import card_set, draft_pods, event_set, open_sealed_pools
from limited.packs import check_booster, check_pod_fit, rarity_bounds
from limited.sealed import PRODUCTS

__all__ = [
    "Entry",
    "parse_line",
    "parse_text",
    "pool_problems",
    "expected_size",
    "enter_table_pool",
    "open_real",
    "squeeze",
    "SPARE_PICKS",
    "card_echo",
]

#: Fewer spare cards than this over the deck size and the setup warns (about 10).
SPARE_PICKS = 10
#: The most copies one entry line takes (a typo guard).
MAX_COUNT = 40

_LINE_RE = re.compile(
    r"^(?:(?P<c1>\d{1,2})\s*[x×*]?\s+)?(?P<num>(?:[A-Za-z]{2}[-_ ]?)?\d{1,4}[A-Za-z]?)"
    r"(?:\s*[x×*]?\s*(?P<c2>\d{1,2}))?$"
)
_XCOUNT_RE = re.compile(r"^(?P<c1>\d{1,2})\s*[x×*]\s*(?P<num>.+)$")
_NAME_RE = re.compile(r"^(?P<name>.+?)(?:\s+(?P<c2>\d{1,2}))?$")
#: The most cards a search names when it finds several.
SHOWN = 4


@dataclass
class Entry:
    """The entry line's memory: the last prefix typed (CH at first)."""

    cs: CardSet
    prefix: str = "CH"
    counts: Counter = field(default_factory=Counter)
    #: After a bare number (5004): the set's other cards of that number under
    #: another type's prefix (IT-5004 taken from the last prefix, CH-5004 also
    #: there), for the screen to say which card was meant.
    also: tuple[str, ...] = ()

    def resolve(self, text: str) -> str:
        """The card number meant by ``text`` (with or without its prefix), or LyceeError saying why not."""
        t = text.strip().upper().replace("_", "-").replace(" ", "-")
        bare = _is_bare_number(t)
        if bare:
            t = f"{self.prefix}-{t}"
        num = normalize_number(t)
        if num is None:
            raise LyceeError(_("{text!r} is not a card number (like 5063 or CH-5063)", text=text))
        if num not in self.cs:
            raise LyceeError(_("{number} is not a card of set {set}", number=num, set=self.cs.code))
        prefix, rest = num.split("-", 1)
        self.prefix = prefix
        self.also = self._same_number_other_prefixes(prefix, rest) if bare else ()
        return num

    def _same_number_other_prefixes(self, prefix: str, rest: str) -> tuple[str, ...]:
        """The set's cards with the same number under another prefix (a bare number could mean them)."""
        return tuple(f"{p}-{rest}" for p in PREFIX_TYPE if p != prefix and f"{p}-{rest}" in self.cs)

    def find(self, text: str) -> str:
        """The card whose number or name is ``text`` (core.cards.search: kana
        folded, a reading too): the one card found, or LyceeError naming the
        cards it could be (at most :data:`SHOWN`) or saying none is."""
        hits = search_cards(self.cs.cards, text)
        if not hits:
            raise LyceeError(
                _("no card of set {set} has {text!r} in its number or name", set=self.cs.code, text=text.strip())
            )
        if len(hits) > 1:
            shown = join_list(f"{c.number} {c.name}" for c in hits[:SHOWN])
            more = ngettext(" and {n} more", " and {n} more", len(hits) - SHOWN) if len(hits) > SHOWN else ""
            raise LyceeError(
                _(
                    "{text!r} could be {n} cards: {cards}{more}; type more of the name, or the number",
                    text=text.strip(),
                    n=len(hits),
                    cards=shown,
                    more=more,
                )
            )
        num = hits[0].number
        self.prefix = num.split("-")[0]
        return num

    def add_line(self, line: str) -> tuple[str, int]:
        """Add one ``NUMBER [COUNT]`` entry; (number, count added).  A count of 0 removes the card."""
        num, count = parse_line(line, self)
        if count == 0:
            self.counts.pop(num, None)
        else:
            self.counts[num] += count
        return num, count


def _count(raw: str, line: str) -> int:
    """The copies written, at most a pool's worth."""
    count = int(raw)
    if count > MAX_COUNT:
        raise LyceeError(_("{text!r}: {n} copies of one card is more than a pool holds", text=line.strip(), n=count))
    return count


def _by_name(text: str, line: str, entry: Entry) -> tuple[str, int]:
    """A name (or part of one) instead of the number: ``木村 2``, ``さとう``."""
    if not text or not any(ch.isalpha() for ch in text):
        raise LyceeError(_("{text!r}: write the card number, then how many (5063 2)", text=line.strip()))
    mn = _NAME_RE.match(text)
    assert mn is not None
    count = _count(mn.group("c2") or "1", line)
    return entry.find(mn.group("name")), count


def _is_bare_number(t: str) -> bool:
    """A number without its prefix: digits, perhaps one letter after (5063, 5063A)."""
    return t.isdigit() or bool(t[:-1].isdigit() and t[-1:].isalpha() and t[:-1])


def parse_line(line: str, entry: Entry) -> tuple[str, int]:
    """One entry: ``5063 2``, ``CH-5063 2``, ``2 CH-5063``, ``2x5063``, ``5063`` (one copy)."""
    text = " ".join(line.replace("\u3000", " ").split())
    text = re.sub(r"[０-９Ａ-Ｚａ-ｚ－]", lambda m: chr(ord(m.group()) - 0xFEE0), text)
    m = _LINE_RE.match(text)
    if m is not None:
        if m.group("c1") and m.group("c2"):
            raise LyceeError(
                _("{text!r}: two counts; write the card number, then how many (5063 2)", text=line.strip())
            )
        num, raw = m.group("num"), m.group("c1") or m.group("c2") or "1"
    else:
        mx = _XCOUNT_RE.match(text)
        if mx is None:
            return _by_name(text, line, entry)
        num, raw = mx.group("num"), mx.group("c1")
    count = _count(raw, line)
    return entry.resolve(num), count


def parse_text(text: str, cs: CardSet) -> Counter:
    """A pool from a file or pasted text: entries one a line or between commas
    (``COUNT NUMBER [name]`` lines of a decklist also read); every bad line named."""
    entry = Entry(cs)
    problems = []
    for i, raw in enumerate(re.split(r"\r\n|[\r\n,、]", text), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if len(words) > 2 and words[0].isdigit():  # "2 CH-5063 name" (a decklist line)
            line = " ".join(words[:2])
        try:
            entry.add_line(line)
        except LyceeError as err:
            problems.append(_("entry {i}: {why}", i=i, why=err))
    if problems:
        raise LyceeError(join_sentences(problems))
    return entry.counts


def card_echo(card: Card) -> str:
    """A card as the entry line echoes it: number, name, attributes, rarity."""
    attrs = "".join(ATTRIBUTE_KANJI[a] for a in card.attributes) or "-"
    return f"{card.number} {card.name} {attrs} {card.rarity}"


# -- what the product holds ----------------------------------------------------------------------------


def _starter_size(cs: CardSet) -> int:
    sizes = [sum(k for _n, k in st.cards) if not st.slots else sum(s.count for s in st.slots) for st in cs.starters]
    return max(sizes) if sizes else 0


def expected_size(cs: CardSet, kind: str, product: str = "", packs: int = 0) -> int:
    """Cards of one player's pool: sealed, the product's starters and boosters;
    draft, packs x booster size."""
    if kind == "draft":
        check_booster(cs, "G-DRAFT-1")
        return packs * cs.booster.size  # type: ignore[union-attr]
    n_st, n_bo = PRODUCTS[product]
    return n_st * _starter_size(cs) + (n_bo * cs.booster.size if n_bo else 0)  # type: ignore[union-attr]


def _contains(pool: Counter, part: Counter) -> bool:
    return all(pool[n] >= k for n, k in part.items())


def pool_problems(cs: CardSet, kind: str, counts: Counter, *, product: str = "", packs: int = 0) -> list[str]:
    """How ``counts`` differs from the product (empty: it can be that product)."""
    unknown = sorted(n for n in counts if n not in cs)
    if unknown:
        return [_("not cards of set {set}: {numbers}", set=cs.code, numbers=join_list(unknown))]
    size = _size_problem(cs, kind, counts, product, packs)
    if size:
        return [size]
    return _sealed_problems(cs, counts, product) if kind == "sealed" else []


def _size_problem(cs: CardSet, kind: str, counts: Counter, product: str, packs: int) -> str:
    """How many cards too few or too many the pool holds ("" when it holds what the product gives)."""
    n = sum(counts.values())
    want = expected_size(cs, kind, product, packs)
    if n == want:
        return ""
    size = cs.booster.size if cs.booster is not None else 0
    what = (
        _("{packs} packs of {size}", packs=packs, size=size)
        if kind == "draft"
        else _("product {name}", name=labels.product_label(product))
    )
    diff = want - n
    if diff > 0:
        return ngettext(
            "{n} card entered, {want} expected ({what}): {diff} to go",
            "{n} cards entered, {want} expected ({what}): {diff} to go",
            n,
            n=n,
            want=want,
            what=what,
            diff=diff,
        )
    return ngettext(
        "{n} card entered, {want} expected ({what}): {extra} too many",
        "{n} cards entered, {want} expected ({what}): {extra} too many",
        n,
        n=n,
        want=want,
        what=what,
        extra=-diff,
    )


def _sealed_problems(cs: CardSet, counts: Counter, product: str) -> list[str]:
    """A sealed pool of the right size against the product: the starters' fixed lists whole in it,
    the rest a booster set's worth by rarity."""
    n_st, n_bo = PRODUCTS[product]
    lists = _fixed_lists(cs)
    if not lists:
        return []
    held = [sid for sid, c in lists.items() if _contains(counts, c)]
    if n_st == 2:
        return _two_starters_problems(counts, lists, held)
    if not held:
        return _closest_starter_problems(counts, lists)
    return _booster_rarities(cs, counts, [lists[sid] for sid in held], n_bo)


def _fixed_lists(cs: CardSet) -> dict[str, Counter]:
    """The set's starters with a fixed list, each list as copies by number."""
    return {st.id: Counter({num: k for num, k in st.cards}) for st in cs.starters if not st.slots}


def _two_starters_problems(counts: Counter, lists: dict[str, Counter], held: list[str]) -> list[str]:
    """A two-starter product: some two starters' lists together whole in the pool."""
    if any(_contains(counts, lists[a] + lists[b]) for a in lists for b in lists):
        return []
    return [_("the pool does not hold two starters' lists (held whole: {held})", held=join_list(held) or _("none"))]


def _closest_starter_problems(counts: Counter, lists: dict[str, Counter]) -> list[str]:
    """No starter's list is whole in the pool: name the closest and what it misses."""
    best = min(lists, key=lambda sid: sum((lists[sid] - counts).values()))
    missing = lists[best] - counts
    return [
        _(
            "no starter's list is whole in the pool: closest {starter}, missing {cards}",
            starter=best,
            cards=join_list(f"{k}x {num}" for num, k in sorted(missing.items())),
        )
    ]


def _rarities_out_of_bounds(by: Counter, bounds: dict) -> list[tuple[str, int, int, int]]:
    """Each rarity whose count is outside what a booster set gives: (rarity, count, least, most)."""
    bad = [(r, by[r], lo, hi) for r, (lo, hi) in bounds.items() if not lo <= by[r] <= hi]
    return bad + [(r, k, 0, 0) for r, k in by.items() if r not in bounds]


def _booster_rarities(cs: CardSet, counts: Counter, held: list[Counter], n_bo: int) -> list[str]:
    """Besides one of the starters ``held`` whole, the cards must be ``n_bo`` boosters' worth by rarity."""
    bounds = rarity_bounds(cs, n_bo)
    notes = []
    for starter in held:
        bad = _rarities_out_of_bounds(Counter(cs.card(num).rarity for num in (counts - starter).elements()), bounds)
        if not bad:
            return []
        notes.append(
            join_list(
                _("{rarity} {n} (a booster set gives {lo}-{hi})", rarity=r, n=k, lo=lo, hi=hi) for r, k, lo, hi in bad
            )
        )
    return [_("besides the starter, the cards are not {n} boosters' worth by rarity: {notes}", n=n_bo, notes=notes[0])]


def squeeze(cs: CardSet, kind: str, *, product: str = "", packs: int = 0) -> str:
    """A warning when the product leaves fewer than SPARE_PICKS cards over the deck ("" when it does not)."""
    try:
        pool = expected_size(cs, kind, product, packs)
    except LyceeError:
        return ""
    deck = SEALED_SIZE if kind == "sealed" else packs * DRAFT_CARDS_PER_PACK
    spare = pool - deck
    if spare >= SPARE_PICKS:
        return ""
    if kind == "draft" and packs >= DRAFT_PACKS.stop - 1:  # the most G-DRAFT-2 allows: more packs is no way out
        return _(
            "{packs} packs x {size} cards gives {picks} picks for a {deck}-card deck: only {spare} to leave out "
            "(fewer than {want}), so decks will hold cards their colours cannot cast; consider a set with "
            "larger boosters",
            packs=packs,
            size=cs.booster.size,  # type: ignore[union-attr]
            picks=pool,
            deck=deck,
            spare=spare,
            want=SPARE_PICKS,
        )
    if kind == "draft":
        return _(
            "{packs} packs x {size} cards gives {picks} picks for a {deck}-card deck: only {spare} to leave out "
            "(fewer than {want}), so decks will hold cards their colours cannot cast; consider more packs or "
            "a set with larger boosters",
            packs=packs,
            size=cs.booster.size,  # type: ignore[union-attr]
            picks=pool,
            deck=deck,
            spare=spare,
            want=SPARE_PICKS,
        )
    return _(
        "product {name} gives {cards} cards for a {deck}-card deck: only {spare} to leave out (fewer than "
        "{want}); consider 1s3b",
        name=labels.product_label(product),
        cards=pool,
        deck=deck,
        spare=spare,
        want=SPARE_PICKS,
    )


# -- the desk ------------------------------------------------------------------------------------------


def _event_set(event: Event) -> CardSet:
    return event_set(event)


def open_real(
    desk: Desk,
    set_code: str,
    *,
    product: str = "",
    packs: int = 0,
    minutes: int | None = None,
    seed: int | None = None,
    bots: int = 0,
    pod_size: int | None = None,
) -> str:
    """Open the build phase for packs opened at the table: sealed records the
    product (no pools opened), draft seats the pods (``seed`` draws them,
    ``pod_size`` the most a pod seats); the squeeze warning, if any, is returned."""
    ev = desk.event
    if ev.kind == "sealed":
        cs = card_set(set_code)
        if product not in PRODUCTS:
            raise RuleError(
                _("sealed product {product!r}: use 2s (2 starters) or 1s3b (1 starter + 3 boosters)", product=product),
                "G-SEALED",
            )
        open_sealed_pools(desk, cs, product, seed, minutes=minutes, start=False, real=True)
        return squeeze(cs, "sealed", product=product)
    draft_pods(desk, set_code, packs, seed, minutes=minutes, bots=bots, real=True, pod_size=pod_size)
    return squeeze(_event_set(desk.event), "draft", packs=packs)


def _product_words(ev: Event) -> str:
    """What a pool must be: the sealed product, or the packs drafted."""
    b = ev.build
    assert b is not None
    if ev.kind == "sealed":
        return _("product {name}", name=labels.product_label(b.product))
    return _("{packs} packs drafted", packs=b.packs)


def _every_pool_in(after: Event) -> bool:
    """Whether, once this pool is in, every player who builds has a pool and
    the build has not started: the build clock starts then."""
    b = after.build
    if b is None or b.clock is not None or b.closed:
        return False
    return all(after.pool_of(pid) is not None for pid in _pool_holders(after))


def _pool_holders(ev: Event) -> list[str]:
    """The players who must have a pool: those seated in the pods of a draft, the active players of a sealed event."""
    if ev.kind == "draft":
        return [s.player for pod in ev.pods for s in pod if s.player]
    return [q.id for q in ev.players if q.active]


def enter_table_pool(desk: Desk, ref: str, cards: Iterable[str] | Counter, *, source: str = "") -> Event:
    """Record (or correct) a player's pool from the table: refused, every
    problem named, when it is not the product (G-SEALED, G-DRAFT-1)."""
    ev = desk.event
    p = desk.player(ref)
    cs = _event_set(ev)
    counts = cards if isinstance(cards, Counter) else Counter(cards)
    _check_table_pool(ev, cs, p.id, p.name, counts)
    data = TablePool(player=p.id, cards=sorted(counts.elements()), source=source or "typed", at=stamp(desk.now()))
    acts: list[tuple[str, Action]] = [("table_pool", data)]
    if _every_pool_in(rules.apply(ev, {"type": "table_pool", "data": data})):
        acts.append(("build", desk.build_data("start")))
    return desk.append_all(acts)


def _check_table_pool(ev: Event, cs: CardSet, pid: str, name: str, counts: Counter) -> None:
    """Refuse, every problem named, a pool that is not the event's product (G-SEALED, G-DRAFT-1) or,
    in a draft, does not fit what the pod's packs held."""
    b = ev.build
    assert b is not None
    probs = pool_problems(cs, ev.kind, counts, product=b.product, packs=b.packs)
    if probs:
        raise RuleError(
            _(
                "the pool of {name} is not {what}: {problems}",
                name=name,
                what=_product_words(ev),
                problems=labels.sentences(probs),
            ),
            "G-DRAFT-1" if ev.kind == "draft" else "G-SEALED",
        )
    if ev.kind == "draft":
        check_pod_fit(ev, cs, pid, counts)


def read_pool_file(path) -> str:
    """A pool file's text ('NUMBER COUNT' lines), read as a decklist file is: bounded before it is
    read (L-DECK-SIZE) and in UTF-8 or Shift_JIS, else refused naming the file (L-FILE)."""
    return read_decklist_file(path)[0]
