"""What a deck must be for an event (G-DECKLIST, R-DECK-60, R-DECK-4,
G-CARDS-*, G-SEALED, G-DRAFT-4, O-RULES): the card catalog an event's deck
checks use, a registered list read and written, who may change a list once
round 1 is paired, every problem of a list, and each player's decklist status.
The reducers of the decklist actions are in :mod:`core.rules.decklists`, those
of the build phase in :mod:`core.rules.builds`; both read their decks here."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from core.cards.cardlist import join_active
from core.cards.decks import (
    DRAFT_PACKS,
    MAX_LINE_COUNT,
    SECTIONS,
    DeckEntry,
    Decklist,
    DeckProblem,
    check_deck,
    check_draft,
    deck_class,
    deck_class_words,
)
from core.cards.legality import Catalog, parse_calendar
from core.cards.model import is_overture_number, normalize_number
from core.errors import LyceeError, NotFound, RuleError
from core.event.lookups import stored_player
from core.event.model import DeckRecord, Event
from core.i18n import _, join_list
from core.rules.staff import staff_member

#: A player's decklist status.
STATUSES = ("none", "registered", "problems")


@lru_cache(maxsize=1)
def _shipped_catalog():
    return Catalog.shipped()


def default_catalog():
    """The shipped sets and calendar (loaded once; read only), with the store's
    card list of the data folder in use (core.cards.cardlist.join_active: read
    once, again only when it changed)."""
    return join_active(_shipped_catalog())


def catalog_or_default(catalog=None):
    """The card catalog given, else the desk's (:func:`default_catalog`)."""
    return catalog if catalog is not None else default_catalog()


def store_calendar(event: Event):
    """The store's own calendar of the event (a core.cards.legality.Calendar), or None."""
    if event.store_calendar is None:
        return None
    sc = event.store_calendar
    return parse_calendar(sc["calendar"], sc.get("source", "calendar"))


def event_catalog(event: Event, catalog=None):
    """The catalog an event's deck checks use (G-CARDS-VERSIONS): in a
    sanctioned event only the guideline's listed versions and promos (plus
    the store's own calendar), each from its date; in an unsanctioned event
    any loaded set."""
    return catalog_or_default(catalog).for_event(event.sanctioned, store_calendar(event))


def sample_set_refusal(event: Event, set_code: str, sample: bool, sanctioned: bool | None = None) -> RuleError | None:
    """L-SAMPLE-SETS (G-CARDS-VERSIONS): a sanctioned event takes no product
    of a sample set (generated, fictional cards): one refusal saying why and
    what to do, at the creation of its pools or when the event is marked
    sanctioned, instead of every card of every deck at the deck check.
    ``sanctioned``: the setting wanted (default: the event's)."""
    if not sample or not (event.sanctioned if sanctioned is None else sanctioned):
        return None
    return RuleError(
        _(
            "set {set} is a sample set (generated cards, on no list of legal products): a sanctioned event "
            "cannot use it; mark the event unsanctioned (`lycee event set EVENT --unsanctioned`, or F12) "
            "or use a real product",
            set=set_code,
        ),
        "G-CARDS-VERSIONS",
    )


def _is_sample_set(catalog, set_code: str) -> bool | None:
    """Whether ``set_code`` is a sample set of the catalog (default: the desk's); None for a set it does not know."""
    try:
        return catalog_or_default(catalog).set(set_code).sample
    except LyceeError:
        return None


def check_sanctioning(event: Event, sanctioned: bool, catalog=None) -> None:
    """Refuse marking an event sanctioned whose pools come from a sample set (L-SAMPLE-SETS)."""
    b = event.build
    if b is None or not _newly_sanctioned(event, sanctioned):
        return
    sample = _is_sample_set(catalog, b.set_code)
    if sample is None:
        return  # a set the desk does not know: the deck check names its cards
    err = sample_set_refusal(event, b.set_code, sample, sanctioned=True)
    if err is not None:
        raise err


def _newly_sanctioned(event: Event, sanctioned: bool) -> bool:
    """The event, not sanctioned, is being marked sanctioned."""
    return sanctioned and not event.sanctioned


def build_rule(kind: str) -> str:
    return "G-DRAFT-1" if kind == "draft" else "G-SEALED"


# -- conversions -------------------------------------------------------------------


def as_decklist(rec: DeckRecord) -> Decklist:
    """The registered list as a :class:`core.cards.decks.Decklist`."""
    return Decklist(
        tuple(DeckEntry(c, n, name) for c, n, name in rec.deck),
        tuple(DeckEntry(c, n, name) for c, n, name in rec.spare),
        rec.source,
    )


def deck_data(deck: Decklist) -> dict:
    """The ``deck``/``spare`` lines of an action from a Decklist."""
    return {s: [[e.count, e.number, e.name] for e in deck.section(s)] for s in SECTIONS}


def deck_lines(raw, section: str, who: str) -> tuple[tuple[int, str, str], ...]:
    """The ``section`` lines of an action's list, checked: [count, number, name] each, or refused naming the line."""
    if not isinstance(raw, (list, tuple)):
        raise LyceeError(_("the {section} of {who}'s decklist is not a list of lines", section=section, who=who))
    return tuple(_deck_line(line, section, i, who) for i, line in enumerate(raw, start=1))


def _check_line_count(count, section: str, i: int, who: str) -> None:
    """A line's count is a whole number from 1 to MAX_LINE_COUNT."""
    if isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= MAX_LINE_COUNT:
        return
    raise LyceeError(
        _(
            "{section} line {i} of {who}'s decklist: count {count!r} is not between 1 and {max}",
            section=section,
            i=i,
            who=who,
            count=count,
            max=MAX_LINE_COUNT,
        )
    )


def _check_line_number(number, section: str, i: int, who: str) -> None:
    """A line's card number is written as stored (like CH-0063)."""
    if isinstance(number, str) and normalize_number(number) == number:
        return
    raise LyceeError(
        _(
            "{section} line {i} of {who}'s decklist: {number!r} is not a card number like CH-0063",
            section=section,
            i=i,
            who=who,
            number=number,
        )
    )


def _deck_line(line, section: str, i: int, who: str) -> tuple[int, str, str]:
    """Line ``i`` of a list: a count from 1 to MAX_LINE_COUNT, a card number like CH-0063, a name (text)."""
    if not isinstance(line, (list, tuple)) or not 2 <= len(line) <= 3:
        raise LyceeError(
            _("{section} line {i} of {who}'s decklist is not [count, number, name]", section=section, i=i, who=who)
        )
    count, number = line[0], line[1]
    name = line[2] if len(line) == 3 else ""
    _check_line_count(count, section, i, who)
    _check_line_number(number, section, i, who)
    _check_line_name(name, section, i, who)
    return count, number, name


def _check_line_name(name, section: str, i: int, who: str) -> None:
    """A line's card name is text."""
    if not isinstance(name, str):
        raise LyceeError(
            _("{section} line {i} of {who}'s decklist: the name is not text", section=section, i=i, who=who)
        )


def card_numbers(raw, what: str) -> tuple[str, ...]:
    """``raw`` as card numbers, each like CH-0063, or refused naming ``what``."""
    if not isinstance(raw, (list, tuple)):
        raise LyceeError(_("{what} is not a list of card numbers", what=what))
    for n in raw:
        _check_card_number(n, what)
    return tuple(raw)


def _check_card_number(n, what: str) -> None:
    """A card number written as stored (like CH-0063), else refused naming ``what``."""
    if not isinstance(n, str) or normalize_number(n) != n:
        raise LyceeError(_("{what}: {number!r} is not a card number like CH-0063", what=what, number=n))


def known_player(event: Event, pid) -> str:
    """``pid`` when it is a player of the event, else refused (NotFound)."""
    if not isinstance(pid, str) or not event.has_player(pid):
        raise NotFound(_("no player {ref!r} in {event}", ref=pid, event=event.name))
    return pid


# -- decklists (G-DECKLIST) ----------------------------------------------------------


def decklist_locked(event: Event) -> bool:
    """Round 1 is paired: from now on a decklist is registered or changed
    only by a judge, with a reason (G-DECKLIST; :func:`require_change_judge`)."""
    return bool(event.rounds)


def change_judges(event: Event) -> list[str]:
    """Who may change a decklist once round 1 is paired: the judges, the head
    judge and the organizer (the event's top authority, G-ORGANIZER), in that
    order, each once."""
    st = event.staff
    out: list[str] = []
    for n in (*st.judges, st.head_judge, st.organizer):
        if n and n.strip() and n not in out:
            out.append(n)
    return out


def require_change_judge(event: Event, pid: str, by: str, reason: str) -> str | None:
    """The judge a decklist change is recorded under (G-DECKLIST): none is
    needed before round 1 is paired; after it the change names a judge of the
    event (:func:`change_judges`) and a reason, else it is refused."""
    if not decklist_locked(event):
        return by.strip() or None
    if not by.strip() or not reason.strip():
        raise RuleError(
            _(
                "round 1 is paired: only a judge changes {name}'s decklist now, saying why (--by JUDGE --reason TEXT)",
                name=event.player(pid).name,
            ),
            "G-DECKLIST",
        )
    return _change_judge(event, by)


def _change_judge(event: Event, by: str) -> str:
    """``by`` as the judge of the event who may change a decklist (:func:`change_judges`), else refused."""
    who = staff_member(event, by)
    if who is not None and who in change_judges(event):
        return who
    listed = join_list(change_judges(event), words=True) or _("nobody yet")
    raise RuleError(
        _("{by!r} is not a judge of this event (judges: {listed})", by=by, listed=listed),
        "G-DECKLIST",
    )


@dataclass(frozen=True)
class DecklistStatus:
    """One player's decklist as the desk shows it."""

    player: str
    name: str
    player_status: str  # active | dropped | excluded
    status: str  # none | registered | problems
    deck_size: int = 0
    spare_size: int = 0
    source: str = ""
    problems: tuple[DeckProblem, ...] = ()
    has_pool: bool = False
    #: O-DECK-CLASS: an Overture deck's シングル/ミックス class in words ("" otherwise).
    deck_class: str = ""

    @property
    def blocking(self) -> tuple[DeckProblem, ...]:
        """The problems that are problems (not the "not checked" lines: O-DECK-RESTRICT)."""
        return tuple(p for p in self.problems if p.blocking)

    @property
    def not_checked(self) -> tuple[DeckProblem, ...]:
        """What the desk lists without judging ("not checked: <the line>", O-DECK-RESTRICT)."""
        return tuple(p for p in self.problems if not p.blocking)

    def as_dict(self) -> dict:
        return {
            "id": self.player,
            "name": self.name,
            "player_status": self.player_status,
            "status": self.status,
            "deck": self.deck_size,
            "spare": self.spare_size,
            "source": self.source,
            "pool": self.has_pool,
            "problems": [problem_dict(p) for p in self.problems],
        }


def problem_dict(p: DeckProblem) -> dict:
    return {"rule": p.rule, "code": p.code, "message": p.message, "number": p.number, "section": p.section}


def _draft_packs(event: Event, pid: str) -> int:
    b = event.build
    if b is not None and b.kind == "draft" and b.packs:
        return b.packs
    return _pool_packs(event.pool_of(pid))


def _pool_packs(pool) -> int:
    """The packs a draft pool was drafted from (0: none recorded, or not a draft pool)."""
    return pool.packs if pool is not None and pool.kind == "draft" else 0


def rule_set_problems(event: Event, deck) -> list[DeckProblem]:
    """O-RULES: a card of the other game, one problem a number: an LO- card in
    a 2008 event (its cards are the guideline's products), any other number in
    an Overture event (Overture cards have LO- numbers)."""
    return other_game_problems(deck, event.rules, in_event=True)


def other_game_problems(deck, rules: str, in_event: bool = False) -> list[DeckProblem]:
    """O-RULES: each card of ``deck`` of the other game than ``rules`` plays,
    one problem a number (:func:`rule_set_problems`; ``in_event``: worded for an
    event's list, else for a deck checked by these rules)."""
    overture = rules == "overture"
    return [
        _other_game_problem(number, section, overture, in_event)
        for section in ("deck", "spare")
        for number in sorted(deck.counts(section))
        if is_overture_number(number) != overture
    ]


def _other_game_problem(number: str, section: str, overture: bool, in_event: bool) -> DeckProblem:
    """O-RULES: ``number`` is a card of the other game than the rule set plays."""
    if overture:
        return DeckProblem(
            "O-CARDS-KNOWN",
            "illegal",
            _("{number}: not a Lycee Overture card (this event plays by the Overture rules)", number=number)
            if in_event
            else _("{number}: not a Lycee Overture card (checked by the Overture rules)", number=number),
            number,
            section,
            (number,),
        )
    return DeckProblem(
        "G-CARDS-VERSIONS",
        "illegal",
        _(
            "{number}: a Lycee Overture card; this event plays by the 2008 guideline "
            "(`lycee event set EVENT --rules overture` before round 1)",
            number=number,
        )
        if in_event
        else _("{number}: a Lycee Overture card, not a card of the 2008 guideline's game", number=number),
        number,
        section,
        (number,),
    )


def rules_of_cards(deck) -> str:
    """O-RULES: the rule set a deck's own cards belong to, for a deck checked
    without one: ``overture`` when most of its cards (deck and spares) have LO-
    numbers, else ``2008``; the cards of the other game are then problems
    (:func:`other_game_problems`), as an event of those rules finds them."""
    counts = [(n, c) for section in ("deck", "spare") for n, c in deck.counts(section).items()]
    overture = sum(c for n, c in counts if is_overture_number(n))
    return "overture" if overture * 2 > sum(c for _n, c in counts) else "2008"


def constructed_problems(deck, cat, rules: str, on, match: str, in_event: bool = False) -> list[DeckProblem]:
    """Every problem of a constructed deck by ``rules`` on the date ``on``: the
    cards of the other game (O-RULES), then the rule set's deck rules
    (R-DECK-60/R-DECK-4 and G-CARDS-* under 2008; O-DECK-*, O-CARDS-* under
    Overture).  The one verdict of a registered list and ``lycee deck check``."""
    return other_game_problems(deck, rules, in_event) + check_deck(
        deck, cat, "constructed", on=on, match=match, rules=rules
    )


def deck_problems(event: Event, ref: str, catalog=None) -> list[DeckProblem]:
    """Every problem of the player's registered list for the event: its kind
    (constructed R-DECK-60/R-DECK-4, sealed 40 G-SEALED, draft packs x 10
    G-DRAFT-4), legality on the event date (G-CARDS-*), spares (G-SPARE-1),
    and in a limited event the player's pool (G-SEALED, G-DRAFT-1).
    No list: no problems (see :func:`player_decklist_status`)."""
    pid = stored_player(event, ref).id
    rec = event.decklist_of(pid)
    if rec is None:
        return []
    return list_problems(event, pid, as_decklist(rec), catalog)


def presented_problems(event: Event, pid: str, presented: Decklist, catalog=None) -> list[DeckProblem]:
    """What the deck presented at the table breaks that the player's registered list does not (blocking
    problems only): a parallel stands for its base card (O-DECK-4, G-CARDS-PARALLEL) only when it may be
    played on the event's date (O-CARDS-ONSALE, G-CARDS-*) and keeps every 構築制限.  A parallel the store's
    card list does not print is not judged here (the list may lack a promotion card: the judge decides)."""
    cat = event_catalog(event, catalog)
    before = {str(p) for p in deck_problems(event, pid, cat)}
    return [
        p
        for p in list_problems(event, pid, presented, cat)
        if p.blocking and str(p) not in before and (p.number is None or cat.printings(p.number))
    ]


def list_problems(event: Event, pid: str, deck: Decklist, catalog=None) -> list[DeckProblem]:
    """Every problem ``deck`` would have as ``pid``'s list for the event (the
    checks of :func:`deck_problems`, on a list not yet registered: what the
    phone shows as a player types it)."""
    cat = event_catalog(event, catalog)
    if event.kind == "constructed":
        return _constructed_problems(event, deck, cat)
    return _limited_problems(event, pid, deck, cat)


def _constructed_problems(event: Event, deck: Decklist, cat) -> list[DeckProblem]:
    """O-RULES: the event's rule set decides the deck rules (R-DECK-60/R-DECK-4 and
    G-CARDS-* under 2008; O-DECK-*, O-CARDS-* under Overture)."""
    return constructed_problems(deck, cat, event.rules, event.date, event.match, in_event=True)


def _limited_problems(event: Event, pid: str, deck: Decklist, cat) -> list[DeckProblem]:
    """A sealed or draft deck against the player's pool (G-SEALED; G-DRAFT-4: packs x 10 cards)."""
    kind = event.kind
    pool = event.pool_of(pid)
    extra = _no_pool_problems(event, pid) if pool is None else []
    cards = pool.cards if pool is not None else None
    if kind == "sealed":
        return extra + check_deck(deck, cat, "sealed", on=event.date, match=event.match, pool=cards)
    packs = _draft_packs(event, pid)
    if packs:
        return extra + check_deck(deck, cat, "draft", on=event.date, match=event.match, packs=packs, pool=cards)
    return extra + _undrafted_problems(event, deck, cat, cards)


def _no_pool_problems(event: Event, pid: str) -> list[DeckProblem]:
    """A limited event with a build phase or pools has none recorded for ``pid``: the deck cannot be checked."""
    if event.build is None and not event.pools:
        return []
    name = event.player(pid).name
    return [
        DeckProblem(
            build_rule(event.kind),
            "pool",
            _("no pool is recorded for {name}: the deck cannot be checked against it", name=name),
        )
    ]


def _undrafted_problems(event: Event, deck: Decklist, cat, cards) -> list[DeckProblem]:
    """A draft deck checked without the packs drafted: its size is said to be unchecked (G-DRAFT-4)."""
    probs = [
        p
        for p in check_draft(deck, cat, packs=DRAFT_PACKS.start, pool=cards, match=event.match, on=event.date)
        if p.code != "size"
    ]
    unchecked = DeckProblem(
        "G-DRAFT-4",
        "size",
        _("the packs per player drafted are not recorded: the deck size (packs x 10) cannot be checked"),
        None,
        "deck",
    )
    return [unchecked, *probs]


def _deck_class_of(event: Event, rec, catalog) -> str:
    """The deck's class in words for a constructed Overture event ("" otherwise)."""
    if event.rules != "overture" or event.kind != "constructed":
        return ""
    return deck_class_words(*deck_class(as_decklist(rec), event_catalog(event, catalog)))


def player_decklist_status(event: Event, pid: str, catalog=None) -> DecklistStatus:
    p = event.player(pid)
    rec = event.decklist_of(pid)
    has_pool = event.pool_of(pid) is not None
    if rec is None:
        return DecklistStatus(pid, p.name, p.status, "none", has_pool=has_pool)
    probs = tuple(deck_problems(event, pid, catalog))
    klass = _deck_class_of(event, rec, catalog)
    return DecklistStatus(
        pid,
        p.name,
        p.status,
        _status_of(probs),
        rec.deck_size,
        rec.spare_size,
        rec.source,
        probs,
        has_pool,
        klass,
    )


def _status_of(probs: tuple[DeckProblem, ...]) -> str:
    """A registered list's status: "problems" when one blocks, else "registered"
    (a restriction the desk cannot read is listed, not a problem: O-DECK-RESTRICT)."""
    return "problems" if any(p.blocking for p in probs) else "registered"


def decklist_status(event: Event, catalog=None) -> list[DecklistStatus]:
    """Every player's decklist status, in registration order (none /
    registered / problems)."""
    return [player_decklist_status(event, p.id, catalog) for p in event.players]
