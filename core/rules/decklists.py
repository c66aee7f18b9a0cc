"""Decklists in an event (G-DECKLIST): the reducers of their actions, the
store's own legality calendar, and a player's own list from their phone.
What a deck must be (the catalog, the problems, each player's status) is
:mod:`core.rules.deckrules`; a limited event's build phase (G-SEALED,
G-DRAFT-1..4) is :mod:`core.rules.builds`.  Their names are importable from
here too, where the desk and the faces have always found them.

Actions (all in the event's append-only log, so undo and the audit trail
cover them)::

    decklist    {"player": id, "deck": [[count, number, name], ...], "spare": [...],
                 "source": "file name"}
                registers a player's list; a second one replaces the first.
    deck_check  {"player": id, "deck": [...], "spare": [...], "differences":
                 [[section, number, registered, presented], ...], "by": name,
                 "at": iso, "source": ...}
                the deck presented at the table compared with the registered list.
    calendar    {"calendar": {...} or null, "source": ...}
                the store's own legality calendar for later products.

Decisions
    - A list is stored as handed in, problems and all (the organizer registers
      what the player gave; a deck check shows what is wrong):
      :func:`deck_problems` checks it for the event's kind and date, in a
      limited event against the player's pool.  A list that cannot be read
      (bad line, unknown card number) is refused before anything is stored.
"""

from __future__ import annotations

from dataclasses import replace

from msgspec import UNSET

from core import labels
from core.cards.decks import DeckEntry, Decklist, compare, decklist_to_text, load_decklist, parse_decklist
from core.cards.legality import load_calendar, merge_calendars, parse_calendar
from core.cards.model import base_number, is_overture_number
from core.errors import LyceeError, RuleError, ValidationError
from core.event.model import DeckCheck, DeckRecord, Event
from core.i18n import _, join_list
from core.log.actions import Calendar, DeckCheckAction, DecklistAction
from core.log.registry import action, describer, written_format
from core.rules.builds import (
    BUILD_OPS,
    DEFAULT_BUILD_MINUTES,
    BuildStatus,
    build_status,
    builders,
    check_build_done,
    gap_text,
    override_data,
    pool_data,
    round_one_gaps,
    seat_of,
)
from core.rules.deckrules import (
    STATUSES,
    DecklistStatus,
    as_decklist,
    build_rule,
    catalog_or_default,
    change_judges,
    check_sanctioning,
    deck_data,
    deck_lines,
    deck_problems,
    decklist_locked,
    decklist_status,
    default_catalog,
    event_catalog,
    known_player,
    list_problems,
    player_decklist_status,
    require_change_judge,
    sample_set_refusal,
)

__all__ = [
    "check_sanctioning",
    "sample_set_refusal",
    "event_catalog",
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
    "parallels_only",
    "parallel_notes",
    "seat_of",
    "round_one_gaps",
    "gap_text",
    "override_data",
    # the card engine's readers and its comparison, named here so the desk loads the card engine
    # with these rules in one import (core/desk/decklists.py)
    "compare",
    "load_decklist",
    "parse_decklist",
]


@action("calendar")
def _calendar(event, payload: Calendar):
    """A store's own legality calendar for later products: checked like the
    shipped one (every problem with its JSON path) and never overriding the
    guideline's entries; ``calendar: null`` removes it."""
    doc = payload.calendar
    if doc is None:
        return replace(event, store_calendar=None)
    source = payload.source or "calendar"
    merge_calendars(load_calendar(), parse_calendar(doc, source), source)
    return replace(event, store_calendar={"source": source, "calendar": doc})


@describer("calendar")
def _describe_calendar(payload: Calendar) -> str:
    if payload.calendar is None:
        return _("removed the store calendar")
    return _("store calendar {source}", source=payload.source)


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
    pid = known_player(event, payload.player)
    who = event.player(pid).name
    deck = deck_lines(payload.deck, "deck", who)
    spare = deck_lines(payload.spare, "spare", who)
    if not deck:
        raise LyceeError(_("the decklist of {who} lists no deck cards", who=who), "G-DECKLIST")
    if written_format() >= 5:
        require_change_judge(event, pid, payload.by, payload.reason)
    rec = DeckRecord(pid, deck, spare, payload.source, len(event.rounds))
    return replace(event, decklists=_with_record(event, rec))


def _with_record(event, rec: DeckRecord) -> tuple[DeckRecord, ...]:
    """The event's decklists with ``rec`` registered: in place of the player's former list, else added."""
    if event.decklist_of(rec.player) is None:
        return event.decklists + (rec,)
    return tuple(rec if x.player == rec.player else x for x in event.decklists)


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


def _entries(lines, section: str, who: str) -> tuple[DeckEntry, ...]:
    """The lines of a decklist section as entries (each line checked)."""
    return tuple(DeckEntry(c, n, nm) for c, n, nm in deck_lines(lines, section, who))


def _check_differences(recorded, lines: tuple, name: str) -> None:
    """G-DECKLIST: the differences an action records are those between the decks."""
    if tuple(tuple(x) for x in recorded) != lines:
        raise LyceeError(
            _("the differences recorded for {name}'s deck check do not match the decks", name=name), "G-DECKLIST"
        )


@action("deck_check")
def _deck_check(event, payload: DeckCheckAction):
    """The deck presented at the table against the registered list (G-DECKLIST)."""
    pid = known_player(event, payload.player)
    p = event.player(pid)
    rec = event.decklist_of(pid)
    if rec is None:
        raise RuleError(_("{name} has no registered decklist to check the deck against", name=p.name), "G-DECKLIST")
    presented = Decklist(_entries(payload.deck, "deck", p.name), _entries(payload.spare, "spare", p.name))
    lines = _diff_lines(compare(as_decklist(rec), presented))
    if payload.differences is not UNSET:
        _check_differences(payload.differences, lines, p.name)
    check = DeckCheck(pid, len(event.rounds), lines, payload.by, payload.at, payload.source)
    return replace(event, deck_checks=event.deck_checks + (check,))


def _diff_lines(diff) -> tuple:
    """A comparison's differences as stored: (section, number, registered, presented)."""
    return tuple((x.section, x.number, x.registered, x.presented) for x in diff.lines)


@describer("deck_check")
def _describe_deck_check(payload: DeckCheckAction) -> str:
    diffs = [] if payload.differences is UNSET else payload.differences
    if not diffs:
        return _("deck check of {player}: matches the registered list", player=payload.player)
    return _(
        "deck check of {player}: {n} difference(s): {parts}",
        player=payload.player,
        n=len(diffs),
        parts=_diff_words(diffs),
    )


def _diff_words(diffs) -> str:
    """A deck check's differences in a line: "deck CH-0063 4->3, ..."."""
    return join_list(
        f"{section} {number} {registered}->{presented}" for section, number, registered, presented in diffs
    )


def _diff_row(x) -> tuple:
    """A deck check's difference as (section, number, registered, presented), from a DiffLine or a stored line."""
    return (x.section, x.number, x.registered, x.presented) if hasattr(x, "section") else tuple(x)


def swaps_only(differences) -> bool:
    """Whether a deck check's differences are only cards swapped between deck
    and spares, the deck keeping its size: allowed between games of best of
    three (G-SPARE-2), undone after the match (G-SPARE-3).  ``differences``:
    (section, number, registered, presented) lines, or DiffLines."""
    rows = [_diff_row(x) for x in differences]
    if not rows:
        return False
    per_card, deck_change = _balances(rows)
    return deck_change == 0 and not any(per_card.values())


def _balances(rows) -> tuple[dict[str, int], int]:
    """What the differences change: each card's copies in all (deck and spares; a
    parallel counted as its base number: the same card), and the deck's size."""
    per_card: dict[str, int] = {}
    deck_change = 0
    for section, number, reg, pres in rows:
        base = base_number(number)
        per_card[base] = per_card.get(base, 0) + pres - reg
        if section == "deck":
            deck_change += pres - reg
    return per_card, deck_change


def parallels_only(differences) -> bool:
    """Whether a deck check's differences are only parallels standing for their
    base number, section by section (registered 4 LO-0001, presented 2 LO-0001
    and 2 LO-0001-A): the same deck by the rules, since a parallel is the same
    card (O-DECK-4; G-CARDS-PARALLEL in the 2008 game).  ``differences`` as
    :func:`swaps_only` takes them."""
    rows = [_diff_row(x) for x in differences]
    change: dict[tuple[str, str], int] = {}
    for section, number, reg, pres in rows:
        key = (section, base_number(number))
        change[key] = change.get(key, 0) + pres - reg
    return bool(rows) and not any(change.values())


def parallel_notes(differences) -> list[str]:
    """One line per card presented partly as a parallel (see :func:`parallels_only`):
    what was registered, what was presented, and the rule that makes them one card."""
    groups: dict[tuple[str, str], list[tuple]] = {}
    for row in (_diff_row(x) for x in differences):
        groups.setdefault((row[0], base_number(row[1])), []).append(row)
    return [_parallel_note(section, base, rows) for (section, base), rows in sorted(groups.items())]


def _parallel_note(section: str, base: str, rows: list[tuple]) -> str:
    """One card's parallel swap in words."""

    def held(i: int) -> str:
        return join_list([f"{r[1]} ×{r[i]}" for r in rows if r[i]])

    return _(
        "{section}: {card}: registered {registered}; presented {presented}: the same card "
        "(a parallel counts as its base number, {rule_id})",
        section=labels.section_label(section),
        card=base,
        registered=held(2),
        presented=held(3),
        rule_id="O-DECK-4" if is_overture_number(base) else "G-CARDS-PARALLEL",
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
    if not text.strip():
        return {"deck": 0, "spare": 0, "problems": []}
    try:
        deck = parse_decklist(text, _("your decklist"), catalog_or_default(catalog))
    except ValidationError as err:
        return _unreadable(err)
    return {
        "deck": deck.deck_size,
        "spare": deck.spare_size,
        "problems": _problem_rows(list_problems(event, pid, deck, catalog)),
    }


def _unreadable(err: ValidationError) -> dict:
    """What the phone shows for a list the parser cannot read: each line it could not read (G-DECKLIST)."""
    rows = [{"rule": "G-DECKLIST", "message": what, "where": where} for where, what in err.problems]
    return {"deck": None, "spare": None, "problems": rows}


def phone_state(event: Event, pid: str, catalog=None) -> dict:
    """What the decklist page shows a player first (nothing stored): their
    name, whether they may enter a list (``refusal``: None, or why not as
    :func:`phone_refusal_kind`), and the list
    registered for them, as text, with its problems."""
    rec = event.decklist_of(pid)
    out: dict = {"name": event.player(pid).name, "refusal": phone_refusal_kind(event), "registered": rec is not None}
    if rec is not None:
        out.update(
            deck=rec.deck_size,
            spare=rec.spare_size,
            text=decklist_to_text(as_decklist(rec), catalog_or_default(catalog)),
            problems=_problem_rows(deck_problems(event, pid, catalog)),
        )
    return out
