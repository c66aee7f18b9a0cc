"""Decklists in an event (G-DECKLIST) and a limited event's build phase
(G-SEALED, G-DRAFT-1..4): the reducers of their actions and what the desk
reads of them.

Actions (all in the event's append-only log, so undo and the audit trail
cover them)::

    decklist    {"player": id, "deck": [[count, number, name], ...], "spare": [...],
                 "source": "file name"}
                registers a player's list; a second one replaces the first.
    deck_check  {"player": id, "deck": [...], "spare": [...], "differences":
                 [[section, number, registered, presented], ...], "by": name,
                 "at": iso, "source": ...}
                the deck presented at the table compared with the registered list.
    build       {"op": "open", "kind": "sealed|draft", "set": code, "product": "2s|1s3b",
                 "packs": P, "seed": S, "minutes": M, "at": iso}
                {"op": "start|pause|resume", "at": iso}   the building timer
                {"op": "close", "at": iso, "by": name}    the organizer ends the phase
                {"op": "override", "at": iso, "by": head judge, "reason": text,
                 "players": [ids]}   round 1 pairs although these players
                                     have no legal deck (G-HEAD-JUDGE)
    pods        {"pods": [[{"name": ..., "player": id or null}, ...], ...]}
                draft tables and seats (seat 0.. round the table).
    pool        {"player": id, "kind": "sealed|draft", "set": code, "product": ...,
                 "packs": n, "seed": S, "cards": [numbers], "opened": [{"kind", "starter", "cards"}]}
                the cards a player builds from.

Decisions
    - A list is stored as handed in, problems and all (the organizer registers
      what the player gave; a deck check shows what is wrong):
      :func:`deck_problems` checks it for the event's kind and date, in a
      limited event against the player's pool.  A list that cannot be read
      (bad line, unknown card number) is refused before anything is stored.
    - Round 1 of a sealed or draft event is paired only once its build phase
      is closed and every active player has a registered deck that is legal
      for the event (size, cards only from their pool, legality, spares):
      :func:`check_build_done`, run by the ``pair`` reducer.  The head judge
      may override (``build`` op ``override``, with who and why, naming the
      players waived): it is in the log, on the report and in the app.  The
      desk closes an open phase as it pairs round 1 when nothing else stands
      in the way (core.desk.Desk.pair_next).
    - The building time is the desk's setting (``DEFAULT_BUILD_MINUTES``): the
      guideline gives none.  Its "30-50 minutes" under G-SEALED and the times
      of G-DRAFT-TIME are the match time limit (制限時間), as under G-BO1.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from msgspec import UNSET

from core import labels
from core.cards.decks import (
    DRAFT_PACKS,
    MAX_LINE_COUNT,
    SECTIONS,
    DeckEntry,
    Decklist,
    DeckProblem,
    check_deck,
    check_draft,
    compare,
)
from core.cards.model import normalize_number
from core.errors import LyceeError, NotFound, RuleError
from core.event.model import (
    POOL_KINDS,
    SEALED_PRODUCTS,
    BuildPhase,
    ClockState,
    DeckCheck,
    DeckRecord,
    DraftSeat,
    Event,
    OpenedPack,
    Pool,
)
from core.i18n import _, join_list, join_sentences
from core.log.actions import (
    Build,
    Calendar,
    DeckCheckAction,
    DecklistAction,
    Opened,
    Pods,
    PoolAction,
    PoolKind,
)
from core.log.registry import action, describer, written_format
from core.rules.clock import elapsed as clock_elapsed
from core.rules.clock import stamp

__all__ = [
    "DEFAULT_BUILD_MINUTES",
    "BUILD_OPS",
    "STATUSES",
    "default_catalog",
    "as_decklist",
    "deck_data",
    "deck_problems",
    "DecklistStatus",
    "decklist_status",
    "player_decklist_status",
    "decklist_locked",
    "change_judges",
    "require_change_judge",
    "penalty_offer",
    "list_problems",
    "PHONE_SOURCE",
    "phone_refusal",
    "phone_refusal_kind",
    "text_check",
    "phone_state",
    "BuildStatus",
    "build_status",
    "builders",
    "check_build_done",
    "build_rule",
    "pool_data",
    "swaps_only",
    "seat_of",
    "round_one_gaps",
    "gap_text",
    "override_data",
]

#: Minutes for deck building, by kind: a desk setting (the guideline sets none).
DEFAULT_BUILD_MINUTES = {"sealed": 30, "draft": 20}
BUILD_OPS = ("open", "start", "pause", "resume", "close", "override")
#: A player's decklist status.
STATUSES = ("none", "registered", "problems")


@lru_cache(maxsize=1)
def _shipped_catalog():
    from core.cards.legality import Catalog

    return Catalog.shipped()


def default_catalog():
    """The shipped sets and calendar (loaded once; read only), with the store's
    card list of the data folder in use (core.cards.cardlist.join_active: read
    once, again only when it changed)."""
    from core.cards.cardlist import join_active

    return join_active(_shipped_catalog())


def store_calendar(event: Event):
    """The store's own calendar of the event (a core.cards.legality.Calendar), or None."""
    if event.store_calendar is None:
        return None
    from core.cards.legality import parse_calendar

    sc = event.store_calendar
    return parse_calendar(sc["calendar"], sc.get("source", "calendar"))


def event_catalog(event: Event, catalog=None):
    """The catalog an event's deck checks use (G-CARDS-VERSIONS): in a
    sanctioned event only the guideline's listed versions and promos (plus
    the store's own calendar), each from its date; in an unsanctioned event
    any loaded set."""
    cat = catalog if catalog is not None else default_catalog()
    return cat.for_event(event.sanctioned, store_calendar(event))


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


def check_sanctioning(event: Event, sanctioned: bool, catalog=None) -> None:
    """Refuse marking an event sanctioned whose pools come from a sample set (L-SAMPLE-SETS)."""
    b = event.build
    if b is None or not sanctioned or event.sanctioned:
        return
    cat = catalog if catalog is not None else default_catalog()
    try:
        sample = cat.set(b.set_code).sample
    except LyceeError:
        return  # a set the desk does not know: the deck check names its cards
    err = sample_set_refusal(event, b.set_code, sample, sanctioned=True)
    if err is not None:
        raise err


@action("calendar")
def _calendar(event, payload: Calendar):
    """A store's own legality calendar for later products: checked like the
    shipped one (every problem with its JSON path) and never overriding the
    guideline's entries; ``calendar: null`` removes it."""
    doc = payload.calendar
    if doc is None:
        return replace(event, store_calendar=None)
    from core.cards.legality import load_calendar, merge_calendars, parse_calendar

    source = payload.source or "calendar"
    merge_calendars(load_calendar(), parse_calendar(doc, source), source)
    return replace(event, store_calendar={"source": source, "calendar": doc})


@describer("calendar")
def _describe_calendar(payload: Calendar) -> str:
    if payload.calendar is None:
        return _("removed the store calendar")
    return _("store calendar {source}", source=payload.source)


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


def _lines(raw, section: str, who: str) -> tuple[tuple[int, str, str], ...]:
    if not isinstance(raw, (list, tuple)):
        raise LyceeError(_("the {section} of {who}'s decklist is not a list of lines", section=section, who=who))
    out = []
    for i, line in enumerate(raw, start=1):
        if not isinstance(line, (list, tuple)) or not 2 <= len(line) <= 3:
            raise LyceeError(
                _("{section} line {i} of {who}'s decklist is not [count, number, name]", section=section, i=i, who=who)
            )
        count, number = line[0], line[1]
        name = line[2] if len(line) == 3 else ""
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_LINE_COUNT:
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
        if not isinstance(number, str) or normalize_number(number) != number:
            raise LyceeError(
                _(
                    "{section} line {i} of {who}'s decklist: {number!r} is not a card number like CH-0063",
                    section=section,
                    i=i,
                    who=who,
                    number=number,
                )
            )
        if not isinstance(name, str):
            raise LyceeError(
                _("{section} line {i} of {who}'s decklist: the name is not text", section=section, i=i, who=who)
            )
        out.append((count, number, name))
    return tuple(out)


def _numbers(raw, what: str) -> tuple[str, ...]:
    if not isinstance(raw, (list, tuple)):
        raise LyceeError(_("{what} is not a list of card numbers", what=what))
    for n in raw:
        if not isinstance(n, str) or normalize_number(n) != n:
            raise LyceeError(_("{what}: {number!r} is not a card number like CH-0063", what=what, number=n))
    return tuple(raw)


def _player(event: Event, pid) -> str:
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
    name = event.player(pid).name
    if not by.strip() or not reason.strip():
        raise RuleError(
            _(
                "round 1 is paired: only a judge changes {name}'s decklist now, saying why (--by JUDGE --reason TEXT)",
                name=name,
            ),
            "G-DECKLIST",
        )
    from core.rules.staff import staff_member

    who = staff_member(event, by)
    if who is not None and who in change_judges(event):
        return who
    listed = join_list(change_judges(event), words=True) or _("nobody yet")
    raise RuleError(
        _("{by!r} is not a judge of this event (judges: {listed})", by=by, listed=listed),
        "G-DECKLIST",
    )


def penalty_offer(event: Event, pid: str, judge: str) -> dict:
    """The penalty the desk offers after a judge changed a decklist once round
    1 was paired (G-DECKLIST: a decklist with serious defects may be
    penalised; G-PEN-1, G-PEN-2).  The guideline names no level for it: the
    lightest (a Notice, no further action) is offered and the judge decides."""
    return {
        "player": pid,
        "level": "notice",
        "action": "none",
        "by": judge,
        "reason": _("decklist changed after round 1 (G-DECKLIST)"),
    }


@action("decklist")
def _decklist(event, payload: DecklistAction):
    """Register (or replace) a player's decklist, as handed in; after round 1
    is paired only a judge does, with a reason (G-DECKLIST, format 5)."""
    pid = _player(event, payload.player)
    who = event.player(pid).name
    deck = _lines(payload.deck, "deck", who)
    spare = _lines(payload.spare, "spare", who)
    if not deck:
        raise LyceeError(_("the decklist of {who} lists no deck cards", who=who), "G-DECKLIST")
    if written_format() >= 5:
        require_change_judge(event, pid, payload.by, payload.reason)
    rec = DeckRecord(pid, deck, spare, payload.source, len(event.rounds))
    if event.decklist_of(pid) is not None:
        lists = tuple(rec if x.player == pid else x for x in event.decklists)
    else:
        lists = event.decklists + (rec,)
    return replace(event, decklists=lists)


def _cards(lines: list) -> int:
    return sum(line[0] for line in lines if line and isinstance(line[0], int))


@describer("decklist")
def _describe_decklist(payload: DecklistAction) -> str:
    text = _(
        "decklist of {player}: {n} cards, {s} spare ({source})",
        player=payload.player,
        n=_cards(payload.deck),
        s=_cards(payload.spare),
        source=labels.decklist_source_label(payload.source or "-"),
    )
    if payload.by and payload.reason:
        text += _("; changed by judge {by}: {reason}", by=payload.by, reason=payload.reason)
    return text


@action("deck_check")
def _deck_check(event, payload: DeckCheckAction):
    """The deck presented at the table against the registered list (G-DECKLIST)."""
    pid = _player(event, payload.player)
    p = event.player(pid)
    rec = event.decklist_of(pid)
    if rec is None:
        raise RuleError(_("{name} has no registered decklist to check the deck against", name=p.name), "G-DECKLIST")
    presented = Decklist(
        tuple(DeckEntry(c, n, nm) for c, n, nm in _lines(payload.deck, "deck", p.name)),
        tuple(DeckEntry(c, n, nm) for c, n, nm in _lines(payload.spare, "spare", p.name)),
    )
    diff = compare(as_decklist(rec), presented)
    lines = tuple((x.section, x.number, x.registered, x.presented) for x in diff.lines)
    if payload.differences is not UNSET:
        given = tuple(tuple(x) for x in payload.differences)
        if given != lines:
            raise LyceeError(
                _("the differences recorded for {name}'s deck check do not match the decks", name=p.name), "G-DECKLIST"
            )
    check = DeckCheck(pid, len(event.rounds), lines, payload.by, payload.at, payload.source)
    return replace(event, deck_checks=event.deck_checks + (check,))


@describer("deck_check")
def _describe_deck_check(payload: DeckCheckAction) -> str:
    diffs = [] if payload.differences is UNSET else payload.differences
    if not diffs:
        return _("deck check of {player}: matches the registered list", player=payload.player)
    parts = join_list(
        f"{section} {number} {registered}->{presented}" for section, number, registered, presented in diffs
    )
    return _("deck check of {player}: {n} difference(s): {parts}", player=payload.player, n=len(diffs), parts=parts)


def swaps_only(differences) -> bool:
    """Whether a deck check's differences are only cards swapped between deck
    and spares, the deck keeping its size: allowed between games of best of
    three (G-SPARE-2), undone after the match (G-SPARE-3).  ``differences``:
    (section, number, registered, presented) lines, or DiffLines."""
    rows = [
        (x.section, x.number, x.registered, x.presented) if hasattr(x, "section") else tuple(x) for x in differences
    ]
    if not rows:
        return False
    per_card: dict[str, int] = {}
    deck_change = 0
    for section, number, reg, pres in rows:
        per_card[number] = per_card.get(number, 0) + pres - reg
        if section == "deck":
            deck_change += pres - reg
    return deck_change == 0 and not any(per_card.values())


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
    pool = event.pool_of(pid)
    return pool.packs if pool is not None and pool.kind == "draft" else 0


def rule_set_problems(event: Event, deck) -> list[DeckProblem]:
    """O-RULES: a card of the other game, one problem a number: an LO- card in
    a 2008 event (its cards are the guideline's products), any other number in
    an Overture event (Overture cards have LO- numbers)."""
    from core.cards.model import is_overture_number

    out = []
    for section in ("deck", "spare"):
        for number in sorted(deck.counts(section)):
            lo = is_overture_number(number)
            if event.rules == "overture" and not lo:
                out.append(
                    DeckProblem(
                        "O-CARDS-KNOWN",
                        "illegal",
                        _(
                            "{number}: not a Lycee Overture card (this event plays by the Overture rules)",
                            number=number,
                        ),
                        number,
                        section,
                        (number,),
                    )
                )
            elif event.rules != "overture" and lo:
                out.append(
                    DeckProblem(
                        "G-CARDS-VERSIONS",
                        "illegal",
                        _(
                            "{number}: a Lycee Overture card; this event plays by the 2008 guideline "
                            "(`lycee event set EVENT --rules overture` before round 1)",
                            number=number,
                        ),
                        number,
                        section,
                        (number,),
                    )
                )
    return out


def deck_problems(event: Event, ref: str, catalog=None) -> list[DeckProblem]:
    """Every problem of the player's registered list for the event: its kind
    (constructed R-DECK-60/R-DECK-4, sealed 40 G-SEALED, draft packs x 10
    G-DRAFT-4), legality on the event date (G-CARDS-*), spares (G-SPARE-1),
    and in a limited event the player's pool (G-SEALED, G-DRAFT-1).
    No list: no problems (see :func:`player_decklist_status`)."""
    from core.event.lookups import stored_player

    pid = stored_player(event, ref).id
    rec = event.decklist_of(pid)
    if rec is None:
        return []
    return list_problems(event, pid, as_decklist(rec), catalog)


def list_problems(event: Event, pid: str, deck: Decklist, catalog=None) -> list[DeckProblem]:
    """Every problem ``deck`` would have as ``pid``'s list for the event (the
    checks of :func:`deck_problems`, on a list not yet registered: what the
    phone shows as a player types it)."""
    cat = event_catalog(event, catalog)
    kind = event.kind
    if kind == "constructed":
        # O-RULES: the event's rule set decides the deck rules (R-DECK-60/R-DECK-4 and
        # G-CARDS-* under 2008; O-DECK-*, O-CARDS-* under Overture)
        return rule_set_problems(event, deck) + check_deck(
            deck, cat, "constructed", on=event.date, match=event.match, rules=event.rules
        )
    pool = event.pool_of(pid)
    extra: list[DeckProblem] = []
    if pool is None and (event.build is not None or event.pools):
        extra.append(
            DeckProblem(
                build_rule(kind),
                "pool",
                _("no pool is recorded for {name}: the deck cannot be checked against it", name=event.player(pid).name),
            )
        )
    cards = pool.cards if pool is not None else None
    if kind == "sealed":
        return extra + check_deck(deck, cat, "sealed", on=event.date, match=event.match, pool=cards)
    packs = _draft_packs(event, pid)
    if packs:
        return extra + check_deck(deck, cat, "draft", on=event.date, match=event.match, packs=packs, pool=cards)
    probs = [
        p
        for p in check_draft(deck, cat, packs=DRAFT_PACKS.start, pool=cards, match=event.match, on=event.date)
        if p.code != "size"
    ]
    return (
        extra
        + [
            DeckProblem(
                "G-DRAFT-4",
                "size",
                _("the packs a player drafted are not recorded: the deck size (packs x 10) cannot be checked"),
                None,
                "deck",
            )
        ]
        + probs
    )


# -- a player's own decklist from their phone (G-DECKLIST, issue 43) ----------------

#: The source a list entered on the player's phone is registered with.
PHONE_SOURCE = "phone"


def phone_refusal_kind(event: Event) -> str | None:
    """Why a player cannot enter their decklist on their phone now, or None:
    ``off``, the event does not collect decklists (``event set --decklists``);
    ``locked``, round 1 is paired (then only a judge changes a list: see a judge)."""
    if not event.decklists_required:
        return "off"
    if decklist_locked(event):
        return "locked"
    return None


def phone_refusal(event: Event) -> str | None:
    """:func:`phone_refusal_kind` in words (the desk's language), or None."""
    kind = phone_refusal_kind(event)
    if kind == "off":
        return _("this event does not collect decklists")
    if kind == "locked":
        return _("Round 1 is paired: only a judge can change your decklist now. Please see a judge.")
    return None


def _problem_rows(problems) -> list[dict]:
    return [{"rule": p.rule, "message": p.message, "where": p.number or ""} for p in problems]


def text_check(event: Event, pid: str, text: str, catalog=None) -> dict:
    """What the phone shows as a player types their list (nothing stored):
    ``{"deck": n, "spare": s, "problems": [{"rule", "message", "where"}]}``.
    The text is read by the one parser (core.cards.decks.parse_decklist): a
    line it cannot read is a problem naming the line; a readable list gets
    the desk's checks for the event (:func:`list_problems`, check_deck)."""
    from core.cards.decks import parse_decklist
    from core.errors import ValidationError

    cat = catalog if catalog is not None else default_catalog()
    if not text.strip():
        return {"deck": 0, "spare": 0, "problems": []}
    try:
        deck = parse_decklist(text, _("your decklist"), cat)
    except ValidationError as err:
        rows = [{"rule": "G-DECKLIST", "message": what, "where": where} for where, what in err.problems]
        return {"deck": None, "spare": None, "problems": rows}
    return {
        "deck": deck.deck_size,
        "spare": deck.spare_size,
        "problems": _problem_rows(list_problems(event, pid, deck, catalog)),
    }


def phone_state(event: Event, pid: str, catalog=None) -> dict:
    """What the decklist page shows a player first (nothing stored): their
    name, whether they may enter a list (``refusal``: None, or why not as
    :func:`phone_refusal_kind`), and the list
    registered for them, as text, with its problems."""
    from core.cards.decks import decklist_to_text

    rec = event.decklist_of(pid)
    out: dict = {"name": event.player(pid).name, "refusal": phone_refusal_kind(event), "registered": rec is not None}
    if rec is not None:
        cat = catalog if catalog is not None else default_catalog()
        out.update(
            deck=rec.deck_size,
            spare=rec.spare_size,
            text=decklist_to_text(as_decklist(rec), cat),
            problems=_problem_rows(deck_problems(event, pid, catalog)),
        )
    return out


def player_decklist_status(event: Event, pid: str, catalog=None) -> DecklistStatus:
    p = event.player(pid)
    rec = event.decklist_of(pid)
    has_pool = event.pool_of(pid) is not None
    if rec is None:
        return DecklistStatus(pid, p.name, p.status, "none", has_pool=has_pool)
    probs = tuple(deck_problems(event, pid, catalog))
    klass = ""
    if event.rules == "overture" and event.kind == "constructed":
        from core.cards.decks import deck_class, deck_class_words

        klass = deck_class_words(*deck_class(as_decklist(rec), event_catalog(event, catalog)))
    return DecklistStatus(
        pid,
        p.name,
        p.status,
        # a restriction the desk cannot read is listed, not a problem (O-DECK-RESTRICT)
        "problems" if any(p.blocking for p in probs) else "registered",
        rec.deck_size,
        rec.spare_size,
        rec.source,
        probs,
        has_pool,
        klass,
    )


def decklist_status(event: Event, catalog=None) -> list[DecklistStatus]:
    """Every player's decklist status, in registration order (none /
    registered / problems)."""
    return [player_decklist_status(event, p.id, catalog) for p in event.players]


# -- the build phase (G-SEALED, G-DRAFT-*) ---------------------------------------------


def _set_build(event: Event, b: BuildPhase) -> Event:
    return replace(event, build=b)


def _open_build(event: Event, payload: Build) -> Event:
    kind = event.kind if payload.kind is UNSET else payload.kind
    if event.kind not in POOL_KINDS:
        raise RuleError(
            _(
                "{event} is a constructed event: only sealed and draft events have a deck-building phase",
                event=event.name,
            ),
            build_rule(kind),
        )
    if kind != event.kind:
        raise LyceeError(
            _(
                "{event} is a {kind} event, not {other}",
                event=event.name,
                kind=labels.kind_label(event.kind),
                other=labels.kind_label(kind),
            )
        )
    if event.build is not None:
        raise LyceeError(
            _(
                "the build phase of {event} was already opened at {at}",
                event=event.name,
                at=labels.time_label(event.build.opened_at),
            ),
            build_rule(kind),
        )
    if event.rounds:
        raise LyceeError(
            _("round 1 of {event} is paired: too late to open a build phase", event=event.name), build_rule(kind)
        )
    set_code = payload.set_code
    if not set_code.strip():
        raise LyceeError(_("the build phase needs a card set"))
    product, packs = "", 0
    if kind == "sealed":
        asked = payload.product
        if asked not in SEALED_PRODUCTS:
            raise RuleError(
                _("sealed product {product!r}: use 2s (2 starters) or 1s3b (1 starter + 3 boosters)", product=asked),
                "G-SEALED",
            )
        product = str(asked)
        packs = 2 if product == "2s" else 4
    else:
        asked_packs = payload.packs
        if asked_packs is None or asked_packs not in DRAFT_PACKS:
            raise RuleError(
                _(
                    "{packs} packs a player: a draft uses {lo} to {hi}",
                    packs=asked_packs,
                    lo=DRAFT_PACKS.start,
                    hi=DRAFT_PACKS.stop - 1,
                ),
                "G-DRAFT-2",
            )
        packs = asked_packs
    minutes = DEFAULT_BUILD_MINUTES[kind] if payload.minutes is UNSET else payload.minutes
    if not 1 <= minutes <= 600:
        raise LyceeError(_("building minutes {minutes!r}: a whole number from 1 to 600", minutes=minutes))
    return _set_build(
        event,
        BuildPhase(kind, set_code.strip(), minutes, stamp(payload.at), product, packs, payload.seed, real=payload.real),
    )


@action("build")
def _build(event, payload: Build):
    op = payload.op  # one of BUILD_OPS (core.log.actions.BuildOp, checked when decoded)
    if op == "open":
        return _open_build(event, payload)
    b = event.build
    rule = build_rule(event.kind)
    if b is None:
        raise LyceeError(_("{event} has no build phase: open it first", event=event.name), rule)
    if op == "override":
        return _override(event, b, payload)
    if b.closed:
        raise LyceeError(
            _("the build phase of {event} was closed at {at}", event=event.name, at=labels.time_label(b.closed_at)),
            rule,
        )
    at = stamp(payload.at)
    st = b.clock
    if op == "close":
        return _set_build(event, replace(b, closed_at=at, closed_by=payload.by))
    if op == "start":
        if st is not None:
            raise LyceeError(_("the deck-building time already started at {at}", at=labels.time_label(st.started_at)))
        return _set_build(event, replace(b, clock=ClockState(b.minutes, at)))
    if st is None:
        raise LyceeError(_("the deck-building time has not started"))
    if op == "pause":
        if st.paused:
            raise LyceeError(_("the deck-building time is already paused"))
        return _set_build(event, replace(b, clock=replace(st, pauses=st.pauses + ((at, None),))))
    if not st.paused:
        raise LyceeError(_("the deck-building time is not paused"))
    pauses = st.pauses[:-1] + ((st.pauses[-1][0], at),)
    return _set_build(event, replace(b, clock=replace(st, pauses=pauses)))


@describer("build")
def _describe_build(payload: Build) -> str:
    op = payload.op
    if op == "open":
        what = labels.product_label(payload.product) if payload.product else _("{packs} packs", packs=payload.packs)
        if payload.real:
            return _(
                "build phase opened: {kind} {set} {what}, packs opened at the table, {minutes} min",
                kind=labels.kind_label("" if payload.kind is UNSET else payload.kind),
                set=payload.set_code,
                what=what,
                minutes=None if payload.minutes is UNSET else payload.minutes,
            )
        return _(
            "build phase opened: {kind} {set} {what}, seed {seed}, {minutes} min",
            kind=labels.kind_label("" if payload.kind is UNSET else payload.kind),
            set=payload.set_code,
            what=what,
            seed=payload.seed,
            minutes=None if payload.minutes is UNSET else payload.minutes,
        )
    if op == "close":
        return _("build phase closed (by {by})", by=labels.actor_label(str(payload.by)) if payload.by else "-")
    if op == "override":
        return _(
            "head judge override by {by}: round 1 pairs without a legal deck from {players} ({reason})",
            by=payload.by or "-",
            players=join_list(payload.players, words=True) or "-",
            reason=payload.reason,
        )
    return labels.build_op_label(op)


def override_data(event: Event, by: str, reason: str, at: str, catalog=None) -> Build:
    """The ``build`` action of the head judge's override: it names the
    players who have no legal deck at this moment."""
    return Build(op="override", at=at, by=by, reason=reason, players=[g.player for g in round_one_gaps(event, catalog)])


def _override(event: Event, b: BuildPhase, payload: Build) -> Event:
    """The head judge lets round 1 pair although some decks are missing or
    not legal (G-HEAD-JUDGE: the head judge's ruling is final for the event)."""
    rule = build_rule(event.kind)
    if event.rounds:
        raise LyceeError(
            _("round 1 of {event} is paired: the decks no longer wait for an override", event=event.name), rule
        )
    hj = event.staff.head_judge
    if not hj:
        raise RuleError(
            _(
                "{event} has no head judge to override: name one first (F12 in the app, "
                "`lycee staff EVENT --head-judge NAME`)",
                event=event.name,
            ),
            "G-HEAD-JUDGE",
        )
    by = payload.by.strip()
    if by != hj:
        raise RuleError(
            _("only the head judge ({hj}) overrides the decks, not {by}", hj=hj, by=by or "-"), "G-HEAD-JUDGE"
        )
    reason = payload.reason.strip()
    if not reason:
        raise LyceeError(_("an override needs a reason: say why round 1 pairs with these decks"), "G-HEAD-JUDGE")
    waived = tuple(_player(event, pid) for pid in payload.players)
    return _set_build(
        event,
        replace(b, override_by=by, override_reason=reason, override_at=stamp(payload.at), override_players=waived),
    )


@action("pods")
def _pods(event, payload: Pods):
    """Draft tables and their seats (G-DRAFT-1): every active player once."""
    if event.kind != "draft":
        raise RuleError(
            _(
                "{event} is a {kind} event: draft pods are for draft events",
                event=event.name,
                kind=labels.kind_label(event.kind),
            ),
            "G-DRAFT-1",
        )
    b = event.build
    if b is None or b.closed:
        raise LyceeError(_("open the build phase of {event} before seating the draft", event=event.name), "G-DRAFT-1")
    if event.pods:
        raise LyceeError(_("the draft of {event} is already seated", event=event.name), "G-DRAFT-1")
    if not payload.pods:
        raise LyceeError(_("a draft needs at least one pod"), "G-DRAFT-1")
    seen: set[str] = set()
    pods = []
    for i, pod in enumerate(payload.pods, start=1):
        if len(pod) < 2:
            raise LyceeError(_("pod {i} seats fewer than 2", i=i), "L-DRAFT-POD")
        seats = []
        for seat in pod:
            pid, name = seat.player, seat.name
            if pid is not None:
                _player(event, pid)
                if pid in seen:
                    raise LyceeError(_("{name} is seated twice", name=event.player(pid).name), "G-DRAFT-1")
                seen.add(pid)
                name = name or event.player(pid).name
            if not name:
                raise LyceeError(_("a seat of pod {i} has no name", i=i))
            seats.append(DraftSeat(name, pid))
        pods.append(tuple(seats))
    unseated = [p.name for p in event.players if p.active and p.id not in seen]
    if unseated:
        raise LyceeError(_("not seated in the draft: {names}", names=join_list(unseated, words=True)), "G-DRAFT-1")
    return replace(event, pods=tuple(pods))


@describer("pods")
def _describe_pods(payload: Pods) -> str:
    return _(
        "draft seated: {n} pod(s) ({sizes})", n=len(payload.pods), sizes="+".join(str(len(pod)) for pod in payload.pods)
    )


def seat_of(event: Event, pid: str) -> tuple[int, int] | None:
    """(pod, seat), both from 0, of a player seated in the draft."""
    for i, pod in enumerate(event.pods):
        for j, s in enumerate(pod):
            if s.player == pid:
                return i, j
    return None


def pool_data(
    pid: str,
    kind: PoolKind,
    set_code: str,
    cards,
    *,
    product: str = "",
    packs: int = 0,
    seed: int | None = None,
    opened=(),
) -> PoolAction:
    """The ``pool`` action's payload (``opened``: the products opened, OpenedPack-like)."""
    return PoolAction(
        player=pid,
        kind=kind,
        set_code=set_code,
        cards=list(cards),
        product=product,
        packs=packs,
        seed=seed,
        opened=[Opened(kind=p.kind, cards=list(p.cards), starter=p.starter or "") for p in opened],
    )


@action("pool")
def _pool(event, payload: PoolAction):
    """The cards a player builds from (G-SEALED: the products opened;
    G-DRAFT-1: the cards drafted).  One pool a player."""
    kind = event.kind if payload.kind is UNSET else payload.kind
    if kind not in POOL_KINDS:
        raise LyceeError(_("pool kind {kind!r}: sealed or draft", kind=kind))
    if event.kind not in POOL_KINDS:
        raise RuleError(
            _("{event} is a constructed event: pools belong to sealed and draft events", event=event.name),
            build_rule(kind),
        )
    if kind != event.kind:
        raise RuleError(
            _(
                "{event} is a {kind} event: a {other} pool does not belong to it",
                event=event.name,
                kind=labels.kind_label(event.kind),
                other=labels.kind_label(kind),
            ),
            build_rule(event.kind),
        )
    pid = _player(event, payload.player)
    name = event.player(pid).name
    if event.pool_of(pid) is not None:
        raise LyceeError(_("{name} already has a pool: undo it first to record another", name=name), build_rule(kind))
    b = event.build
    set_code = payload.set_code
    if not set_code:
        raise LyceeError(_("the pool of {name} names no card set", name=name))
    if b is not None and set_code.casefold() != b.set_code.casefold():
        raise LyceeError(
            _(
                "the pool of {name} is from set {set}, the build phase from {build}",
                name=name,
                set=set_code,
                build=b.set_code,
            ),
            build_rule(kind),
        )
    cards = _numbers(payload.cards, _("the pool of {name}", name=name))
    if not cards:
        raise LyceeError(_("the pool of {name} holds no cards", name=name), build_rule(kind))
    product = payload.product
    if kind == "sealed" and product not in SEALED_PRODUCTS:
        raise RuleError(
            _("sealed product {product!r}: use 2s (2 starters) or 1s3b (1 starter + 3 boosters)", product=product),
            "G-SEALED",
        )
    if kind == "draft":
        product = ""
        if event.pods and seat_of(event, pid) is None:
            raise LyceeError(_("{name} has no seat in the draft", name=name), "G-DRAFT-1")
    packs = payload.packs
    if packs < 0:
        raise LyceeError(_("packs {packs!r} is not a whole number", packs=packs))
    seed = payload.seed
    opened = []
    for i, product_opened in enumerate(payload.opened, start=1):  # a starter or a booster (checked when decoded)
        opened.append(
            OpenedPack(
                product_opened.kind,
                _numbers(product_opened.cards, _("opened product {i}", i=i)),
                product_opened.starter,
            )
        )
    if opened and tuple(n for p in opened for n in p.cards) != cards:
        raise LyceeError(_("the pool of {name} is not the cards of the products opened", name=name), "G-SEALED")
    pool = Pool(pid, kind, set_code, cards, product, packs, seed, tuple(opened))
    return replace(event, pools=event.pools + (pool,))


@describer("pool")
def _describe_pool(payload: PoolAction) -> str:
    return _(
        "pool of {player}: {n} cards of {set} ({what})",
        player=payload.player,
        n=len(payload.cards),
        set=payload.set_code,
        what=labels.product_label(payload.product)
        if payload.product
        else labels.kind_label("" if payload.kind is UNSET else payload.kind),
    )


# -- reading the build phase ---------------------------------------------------------------


@dataclass(frozen=True)
class BuildStatus:
    """The build phase as the desk shows it (``state``: none, open (timer not
    started), building, paused, closed)."""

    state: str
    kind: str = ""
    set_code: str = ""
    product: str = ""
    packs: int = 0
    seed: int | None = None
    minutes: int = 0
    opened_at: str = ""
    started_at: str | None = None
    closed_at: str | None = None
    closed_by: str = ""
    elapsed: float = 0.0
    remaining: float | None = None  # seconds; None before the timer starts
    players: tuple[str, ...] = ()  # ids of the players who build (active)
    missing_pools: tuple[str, ...] = ()
    missing_decklists: tuple[str, ...] = ()
    pods: tuple[int, ...] = ()  # pod sizes (draft)
    problem_decks: tuple[str, ...] = ()  # registered but not legal for the event
    override_by: str = ""
    override_reason: str = ""
    override_at: str | None = None

    @property
    def open(self) -> bool:
        return self.state in ("open", "building", "paused")

    @property
    def time_up(self) -> bool:
        return self.remaining is not None and self.remaining <= 0

    @property
    def ready(self) -> bool:
        """Round 1 may be paired (the desk closes an open phase as it pairs):
        every player has a legal deck, or the head judge overrode."""
        return self.state != "none" and (
            self.override_at is not None or not (self.missing_decklists or self.problem_decks)
        )

    def as_dict(self) -> dict:
        return {
            "state": self.state,
            "kind": self.kind,
            "set": self.set_code,
            "product": self.product or None,
            "packs": self.packs,
            "seed": self.seed,
            "minutes": self.minutes,
            "opened_at": self.opened_at,
            "started_at": self.started_at,
            "closed_at": self.closed_at,
            "closed_by": self.closed_by,
            "elapsed": round(self.elapsed, 1),
            "remaining": None if self.remaining is None else round(self.remaining, 1),
            "time_up": self.time_up,
            "ready": self.ready,
            "players": list(self.players),
            "missing_pools": list(self.missing_pools),
            "missing_decklists": list(self.missing_decklists),
            "pods": list(self.pods),
            "problem_decks": list(self.problem_decks),
            "override": None
            if self.override_at is None
            else {"by": self.override_by, "reason": self.override_reason, "at": self.override_at},
        }


def builders(event: Event) -> list[str]:
    """The players who build a deck: before round 1 those who will play it,
    later every active player (the build phase, G-SEALED, G-DRAFT-1)."""
    return [p.id for p in event.eligible(1)] if not event.rounds else [p.id for p in event.players if p.active]


def build_status(event: Event, now) -> BuildStatus:
    """The build phase at ``now`` (a datetime or ISO time from the desk's time source)."""
    b = event.build
    ids = tuple(builders(event))
    no_list = tuple(i for i in ids if event.decklist_of(i) is None)
    if b is None:
        return BuildStatus(
            "none",
            kind=event.kind,
            players=ids,
            missing_decklists=no_list,
            missing_pools=tuple(i for i in ids if event.pool_of(i) is None) if event.kind in POOL_KINDS else (),
        )
    st = b.clock
    if b.closed:
        state = "closed"
    elif st is None:
        state = "open"
    elif st.paused:
        state = "paused"
    else:
        state = "building"
    at = b.closed_at if b.closed_at is not None else now
    el = clock_elapsed(st, at) if st is not None else 0.0
    return BuildStatus(
        state,
        b.kind,
        b.set_code,
        b.product,
        b.packs,
        b.seed,
        b.minutes,
        b.opened_at,
        st.started_at if st else None,
        b.closed_at,
        b.closed_by,
        el,
        (b.minutes * 60 - el) if st is not None else None,
        ids,
        tuple(i for i in ids if event.pool_of(i) is None),
        no_list,
        tuple(len(p) for p in event.pods),
        tuple(g.player for g in round_one_gaps(event) if g.status == "problems") if not event.rounds else (),
        b.override_by,
        b.override_reason,
        b.override_at,
    )


def round_one_gaps(event: Event, catalog=None) -> list[DecklistStatus]:
    """The active players who have no legal deck for round 1: no registered
    list, or one with problems for the event (:func:`deck_problems`)."""
    out = []
    for p in event.eligible(1):
        st = player_decklist_status(event, p.id, catalog)
        if st.status != "registered":
            out.append(st)
    return out


def gap_text(gap: DecklistStatus) -> str:
    """One player of :func:`round_one_gaps` in a refusal: 「name」（what is wrong）."""
    if gap.status == "none":
        return _("{name} (no deck)", name=gap.name)
    first = gap.problems[0]
    more = _(" and {n} more", n=len(gap.problems) - 1) if len(gap.problems) > 1 else ""
    return _("{name} ({problem}{more})", name=gap.name, problem=first.message, more=more)


def check_build_done(event: Event) -> None:
    """Refuse round 1 of a sealed or draft event until its build phase is
    closed and every active player has a registered, legal deck (G-SEALED,
    G-DRAFT-4, cards only from the pool), unless the head judge overrode
    (G-HEAD-JUDGE).  Each refusal names the players and what fixes it."""
    b = event.build
    if b is None and event.kind in ("sealed", "draft"):
        rule = "G-DRAFT-4" if event.kind == "draft" else "G-SEALED"
        raise RuleError(
            _(
                "a {kind} event builds its decks before round 1: open the build phase first "
                "(F11 in the app, `lycee build EVENT open ...`)",
                kind=labels.kind_label(event.kind),
            ),
            rule,
        )
    if b is None:
        return
    rule = "G-DRAFT-4" if b.kind == "draft" else "G-SEALED"
    # an event paired before this rule (actions of format 2 or older; an
    # imported file) opens as it was played: the rule checks new pairings only
    if not b.overridden and written_format() >= 3:
        gaps = round_one_gaps(event)
        if gaps:
            raise RuleError(
                _(
                    "round 1 waits for a legal deck from {n} player(s): {players}. Register each deck "
                    "(F11 build tab, Enter on the player, Ctrl+R; `lycee decklist add`) or the head "
                    "judge overrides (F11; `lycee build EVENT override`)",
                    n=len(gaps),
                    players=join_sentences(gap_text(g) for g in gaps),
                ),
                rule,
            )
    if not b.closed:
        raise RuleError(
            _(
                "the deck-building phase of {event} is still open: close it first "
                "(F11 in the app, `lycee build EVENT close`)",
                event=event.name,
            ),
            rule,
        )
