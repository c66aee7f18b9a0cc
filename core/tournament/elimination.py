"""Single elimination (G-SE): top cut from the Swiss standings, or a whole
event in single elimination; seeded bracket; optional third-place match.

G-SE: the winner of a match stays in; the last undefeated player wins.  The
guideline allows a third-place match without describing it.

How a bracket lives in the event (no extra fields in the model):

- Every elimination round is a ``Round`` with stage ``"top"``.
- The first top round lists the bracket in position order: table ``t`` holds
  positions ``2t-1`` and ``2t``, ``p1`` the better seed.  Seeds follow the
  standard arrangement (1 v N, 2 v N-1, ..., placed so that seeds 1 and 2
  can only meet in the final, 1-4 only from the semi-finals, and so on:
  :func:`bracket_order`).  When the field is not a power of two, the top
  seeds get byes (``Match(p2=None, outcome="bye")``) at their positions.
- In later rounds the winners of tables ``2t-1`` and ``2t`` meet at table
  ``t``.  A third-place match (semi-final losers) is the table after the
  final in the final round (noted ``THIRD_PLACE`` as well; a result never
  changes which match it is).  The choice to hold one, made when the
  bracket is cut, is kept in the first top round (``Round.third_place``);
  older logs kept it as ``note == THIRD_PLACE_PLANNED`` on table 1.
- :func:`final_placings`: once the bracket is finished, the winner is 1st,
  the finalist 2nd, then the losers of each earlier round (the third-place
  match ordering 3rd and 4th where it was played), then the players outside
  the cut in Swiss order.  :func:`round_label` names every round.
- An elimination match must name a winner (G-SE): draws and double losses are
  refused by :func:`check_elimination_result`.  Where a ranking is needed the
  organizer may order a replay of an intentionally drawn match (G-ID-3): that
  is :func:`replay_match`, for the match-rules code to call.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core import labels
from core.errors import LyceeError, RuleError
from core.event.lookups import require_complete
from core.event.model import REPLAY, THIRD_PLACE, THIRD_PLACE_PLANNED, Event, Match, Round
from core.i18n import _, join_list
from core.tournament.seeding import bracket_order, seeded_first_round
from core.tournament.standings import ranked_table, standings

_first_round = seeded_first_round

__all__ = [
    "THIRD_PLACE",
    "THIRD_PLACE_PLANNED",
    "REPLAY",
    "CUT_SIZES",
    "bracket_order",
    "top_cut",
    "single_elimination",
    "elimination_only",
    "start_bracket",
    "next_elimination_round",
    "check_elimination_result",
    "replay_match",
    "Entrant",
    "BracketSlot",
    "BracketRound",
    "Bracket",
    "bracket",
    "champion",
    "third_place_allowed",
    "cut_size",
    "is_third_place",
    "round_label",
    "elimination_label",
    "Placing",
    "final_placings",
    "event_finished",
    "swiss_over",
]

CUT_SIZES = (2, 4, 8, 16, 32)  # the usual sizes (plan, app); top_cut takes any size from 2


def third_place_allowed(entrants: int) -> bool:
    """A third-place match needs two semi-final losers: a bracket of 3+ players."""
    return entrants >= 3


def _swiss_complete(event: Event) -> None:
    sr = event.swiss_rounds
    if not sr:
        raise RuleError(
            _(
                "no Swiss round has been played; nothing to cut from (for single elimination from the start, "
                "set the Swiss rounds to 0: `lycee event set EVENT --rounds 0`)"
            ),
            "G-SE",
        )
    require_complete(event)
    if event.rounds_planned is not None and len(sr) < event.rounds_planned:
        raise RuleError(
            _(
                "the Swiss is not over: {n} of {planned} rounds played; to cut now, set the rounds first "
                "(`lycee event set EVENT --rounds {n}`)",
                n=len(sr),
                planned=event.rounds_planned,
            ),
            "G-SE",
        )


def top_cut(
    event: Event,
    size: int,
    third_place: bool = False,
    rng: random.Random | None = None,
) -> tuple[Match, ...]:
    """First elimination round of a top ``size`` cut from the Swiss standings.

    G-SE: seeds are the Swiss places of the active players (dropped and
    excluded players are passed over); seed 1 meets seed ``size``, and so on.
    Any ``size`` from 2: a field that is not a power of two gives the top
    seeds byes in the first round (docs/rules.md).  Refused unless the Swiss is complete
    (no result missing, ``rounds_planned`` reached when set), there are enough
    active players and no elimination round exists yet.  When the cut line
    falls inside a shared place the cut is refused too: hold a playoff first
    (G-TIE-PLAYOFF).  Players sharing a place inside the cut are seeded in
    standings order, or drawn with ``rng`` when given.  ``third_place`` is
    not part of the matches: the caller stores the plan with the round
    (``Round.third_place``, see :meth:`core.desk.Desk.top_cut`).
    """
    _check_cut_size_and_stage(event, size)
    _swiss_complete(event)
    led, fig, keys, tags, order = ranked_table(event)
    players = event.players
    active = _active_in_order(event, order, size)
    cell = [(keys[i], tags[i]) for i in active]
    _check_cut_line(event, active, cell, size)
    chosen = active[:size]
    if rng is not None:
        chosen = _drawn_within_places(chosen, cell, rng)
    return _first_round([players[i].id for i in chosen])


def _active_in_order(event: Event, order: list[int], size: int) -> list[int]:
    """The active players in standings ``order``: at least ``size`` of them for the cut (G-SE)."""
    active = [i for i in order if event.players[i].active]
    if len(active) < size:
        raise RuleError(
            _("a top {size} needs {size} active players; the event has {n}", size=size, n=len(active)),
            "G-SE",
        )
    return active


def _check_cut_size_and_stage(event: Event, size: int) -> None:
    """A cut of at least 2, into an event with no bracket yet (G-SE)."""
    if size < 2:
        raise RuleError(_("a top cut has at least 2 players, not {size}", size=size), "G-SE")
    if any(r.stage == "top" for r in event.rounds):
        raise RuleError(_("this event already has an elimination bracket"), "G-SE")


def _check_cut_line(event: Event, active: list[int], cell: list, size: int) -> None:
    """G-TIE-PLAYOFF: the cut line never falls inside a shared place (equal
    ``cell``); the players sharing it hold a playoff (決定戦) first."""
    if len(active) > size and cell[size - 1] == cell[size]:
        tied = [event.players[i].name for i, c in zip(active, cell) if c == cell[size - 1]]
        raise RuleError(
            _(
                "the cut line falls inside a shared place ({names}); hold a playoff (決定戦) first",
                names=join_list(tied, words=True),
            ),
            "G-TIE-PLAYOFF",
        )


def _drawn_within_places(chosen: list[int], cell: list, rng: random.Random) -> list[int]:
    """``chosen`` with the order inside each shared place (equal ``cell``) drawn with ``rng``."""
    seeded: list[int] = []
    j = 0
    size = len(chosen)
    while j < size:
        k = j
        while k < size and cell[k] == cell[j]:
            k += 1
        block = chosen[j:k]
        rng.shuffle(block)
        seeded.extend(block)
        j = k
    return seeded


def single_elimination(
    event: Event,
    rng: random.Random | None = None,
    *,
    seeding: str = "registration",
    third_place: bool = False,
) -> tuple[Match, ...]:
    """First round of an event played entirely in single elimination (G-SE).

    The eligible players are seeded in registration order
    (``seeding="registration"``) or in a random draw (``seeding="random"``,
    with ``rng``); byes go to the top seeds when their number is not a power
    of two.  Refused once the event has any round.
    """
    if event.rounds:
        raise RuleError(
            _("single elimination from registration starts before any round is played"),
            "G-SE",
        )
    ids = [p.id for p in event.eligible(1)]
    if len(ids) < 2:
        raise RuleError(_("single elimination needs at least two players"), "G-SE")
    _seed(ids, seeding, rng)
    return _first_round(ids)


def _seed(ids: list[str], seeding: str, rng: random.Random | None) -> None:
    """Put the players ``ids`` in seed order (in place): as registered, or drawn with ``rng``."""
    if seeding == "random":
        if rng is None:
            raise LyceeError(_("a random seeding needs a seeded random.Random"))
        rng.shuffle(ids)
    elif seeding != "registration":
        raise LyceeError(_("unknown seeding {seeding!r} (registration or random)", seeding=seeding))


def elimination_only(event: Event) -> bool:
    """The event is single elimination from the start (G-SE as a format of its
    own): no Swiss round is planned (``rounds_planned == 0``, ``event new
    --rounds 0`` or ``--format elimination``)."""
    return event.rounds_planned == 0


def start_bracket(
    event: Event,
    size: int | None = None,
    rng: random.Random | None = None,
    *,
    third_place: bool = False,
) -> tuple[Match, ...]:
    """The first round of an elimination-only event (G-SE): every eligible
    player, seeded in the store's order (registration), or drawn at random with
    ``rng``; byes to the top seeds.  ``size`` (``lycee top EVENT N``) must be
    the whole field: there are no standings to cut from."""
    field = len(event.eligible(1))
    if size is not None and size != field:
        raise RuleError(
            _(
                "a single-elimination event starts its bracket with every player: top {field}, not {size}",
                field=field,
                size=size,
            ),
            "G-SE",
        )
    return single_elimination(
        event, rng, seeding="random" if rng is not None else "registration", third_place=third_place
    )


def check_elimination_result(result: Match | str | None) -> str | None:
    """Refuse an elimination result that names no winner (G-SE).

    ``result`` is a match or its outcome.  A draw (time-out draw or
    intentional draw) or a double loss is refused with rule G-SE: the match
    must be played on, or the organizer orders a replay (G-ID-3, see
    :func:`replay_match`).  Returns the winner's id for a match (``None`` for
    a bare outcome).
    """
    outcome = result.outcome if isinstance(result, Match) else result
    if outcome in ("p1", "p2", "bye"):
        return result.winner() if isinstance(result, Match) else None
    if outcome is None:
        raise RuleError(
            _("the elimination match at table {t} has no result yet", t=result.table)
            if isinstance(result, Match)
            else _("the elimination match has no result yet"),
            "G-SE",
        )
    what = _outcome_words(outcome)
    raise RuleError(
        _(
            "an elimination match must name a winner; {what} at table {t} cannot stand "
            "(the organizer may order a replay, G-ID-3)",
            what=what,
            t=result.table,
        )
        if isinstance(result, Match)
        else _(
            "an elimination match must name a winner; {what} cannot stand (the organizer may order a replay, G-ID-3)",
            what=what,
        ),
        "G-SE",
    )


def _outcome_words(outcome: str) -> str:
    """An outcome that names no winner, in words (a draw, a double loss ...)."""
    return {"draw": _("a draw"), "double_loss": _("a double loss")}.get(outcome) or labels.match_outcome_label(outcome)


def no_winner_refusal(event: Event, rnd: Round, match: Match) -> str | None:
    """Why ``match`` of ``rnd`` may not end without a winner (G-ID-3), or None.

    The guideline lets the organizer answer an intentional draw where a
    ranking is needed with a replay or with no winner, 優勝者不在: no
    champion.  That can only be the final (and the third-place match played
    beside it): nothing follows them.  Before the final the winner goes on to
    the next round and in a playoff the winner takes the place played for,
    so a match without one would stop the event for good; there the
    organizer orders a replay, or the players settle it (one concedes)."""
    if rnd.stage == "top":
        tops = _top_rounds(event)
        r = next((i for i, x in enumerate(tops) if x.number == rnd.number), None)
        if r is not None and _slots_of(tops, r) <= 1:
            return None
        return _(
            "only the final may end without a winner (no champion); the winner of table {t} goes on to "
            "the next round: order a replay, or the players settle it (a concession: enter 2-0 or 0-2)",
            t=match.table,
        )
    return _(
        "a playoff must name who takes the place it plays for: order a replay of table {t}, or the "
        "players settle it (a concession: enter 2-0 or 0-2)",
        t=match.table,
    )


def replay_match(match: Match) -> Match:
    """The hook for G-ID-3: the same pairing again, unplayed, noted ``replay``."""
    return Match(match.table, match.p1, match.p2, note=REPLAY)


def _top_rounds(event: Event):
    return [r for r in event.rounds if r.stage == "top"]


def _planned_third(event: Event) -> bool:
    tops = _top_rounds(event)
    return bool(tops) and (tops[0].third_place or any(m.note == THIRD_PLACE_PLANNED for m in tops[0].matches))


def is_third_place(tops, r: int, m: Match) -> bool:
    """Whether ``m`` of elimination round ``r`` (0-based) is the third-place
    match: a table beyond the round's bracket slots (the final has one)."""
    return m.note == THIRD_PLACE or m.table > _slots_of(tops, r)


def next_elimination_round(event: Event, third_place: bool | None = None) -> tuple[Match, ...] | None:
    """Pair the next elimination round from the winners of the last one (G-SE).

    Returns ``None`` once the final has been played.  Refused while a result
    of the current round is missing or when an elimination match names no
    winner.  A winner who has since dropped or been excluded does not come
    back: the opponent advances with a bye.  When the round is the final and
    a third-place match is planned (``third_place`` overrides the choice made
    at the cut), the semi-final losers meet on the last table, noted
    ``THIRD_PLACE``.
    """
    tops = _need_bracket(event)
    require_complete(event)
    main = _bracket_matches(tops, len(tops) - 1)
    slots_in_round = _slots_of(tops, len(tops) - 1)
    if slots_in_round <= 1:
        return None  # the final was played (with a winner, or none by the organizer's G-ID-3 call)
    _check_winners(tops[-1])
    active = _active_ids(event)
    n_next = slots_in_round // 2
    out = _winners_matches({m.table: m.winner() for m in main}, active, n_next)
    if n_next == 1 and _wants_third(event, third_place):
        out += _third_place_match(tops, {m.table: m.loser() for m in main}, active)
    return tuple(out)


def _need_bracket(event: Event) -> list[Round]:
    """The elimination rounds so far (refused when there is no bracket yet, G-SE)."""
    tops = _top_rounds(event)
    if not tops:
        raise RuleError(_("the event has no elimination bracket yet"), "G-SE")
    return tops


def _check_winners(rnd: Round) -> None:
    """Refuse a match of elimination round ``rnd`` that names no winner (G-SE)."""
    for m in rnd.matches:
        check_elimination_result(m)


def _active_ids(event: Event) -> set[str]:
    """The ids of the players still in the event (not dropped or excluded)."""
    return {p.id for p in event.players if p.active}


def _bracket_matches(tops: list[Round], r: int) -> list[Match]:
    """Round ``r``'s bracket matches by table, its match for third place aside."""
    return sorted((m for m in tops[r].matches if not is_third_place(tops, r, m)), key=lambda m: m.table)


def _wants_third(event: Event, third_place: bool | None) -> bool:
    """Whether the final comes with a third-place match: as asked, else as chosen at the cut."""
    return _planned_third(event) if third_place is None else third_place


def _winners_matches(winners: dict[int, str | None], active: set[str], n_next: int) -> list[Match]:
    """The next round's tables: the winners of tables 2t-1 and 2t meet at
    table t; a winner who dropped since leaves the other a bye."""
    out: list[Match] = []
    for t in range(1, n_next + 1):
        a = _still_in(winners.get(2 * t - 1), active)
        b = _still_in(winners.get(2 * t), active)
        if a is None and b is None:
            continue
        if a is None or b is None:
            out.append(Match(t, a or b, None, 2, 0, 0, "bye"))  # type: ignore[arg-type]
        else:
            out.append(Match(t, a, b))
    return out


def _still_in(pid: str | None, active: set[str]) -> str | None:
    """A winner who has not dropped or been excluded since, else None."""
    return pid if pid in active else None


def _third_place_match(tops, losers: dict[int, str | None], active: set[str]) -> list[Match]:
    """The semi-final losers on the last table, the better seed listed first, noted ``THIRD_PLACE``."""
    la, lb = losers.get(1), losers.get(2)
    if la not in active or lb not in active:
        return []
    seeds = _seeds(tops)
    if seeds.get(lb, 0) < seeds.get(la, 0):  # the better seed listed first
        la, lb = lb, la
    return [Match(2, la, lb, note=THIRD_PLACE)]


def _slots_of(tops, r: int) -> int:
    """Number of match slots (tables) of elimination round ``r`` (0-based)."""
    first = len(tops[0].matches)
    size = 1
    while size < first:
        size *= 2
    return max(1, size >> r)


def _seeds(tops) -> dict[str, int]:
    """Seed of each entrant, from the first round's bracket positions."""
    size = 2 * _slots_of(tops, 0)
    order = bracket_order(size)
    seed_of: dict[str, int] = {}
    for m in tops[0].matches:
        pos = 2 * (m.table - 1)
        if 0 <= pos < size:
            s1, s2 = order[pos], order[pos + 1]
            seed_of[m.p1] = min(s1, s2)
            if m.p2 is not None:
                seed_of[m.p2] = max(s1, s2)
    return seed_of


# ---------------------------------------------------------------------------
# the picture


@dataclass(frozen=True, slots=True)
class Entrant:
    id: str
    name: str
    seed: int


@dataclass(frozen=True, slots=True)
class BracketSlot:
    """One match position: ``top`` v ``bottom`` (either may still be unknown)."""

    table: int
    top: Entrant | None
    bottom: Entrant | None
    winner: str | None = None  # id, once decided
    bye: bool = False
    played: bool = False  # the match exists in the event (paired)
    note: str = ""


@dataclass(frozen=True, slots=True)
class BracketRound:
    index: int  # 0 = first round
    number: int | None  # the event's round number once paired
    label: str  # "Final", "Semi-finals", "Quarter-finals", "Round of 16", ...
    slots: tuple[BracketSlot, ...]


@dataclass(frozen=True, slots=True)
class Bracket:
    size: int  # bracket positions (a power of two)
    rounds: tuple[BracketRound, ...]
    third_place: BracketSlot | None
    champion: Entrant | None

    @property
    def finished(self) -> bool:
        return self.champion is not None


def elimination_label(slots: int, third_place: bool = False) -> str:
    """The name of an elimination round by what it is (G-SE): final,
    semi-final, quarter-final, round of N, or the third-place match.  The one
    place these names come from (the app, the command line, every export)."""
    if third_place:
        return _("Third-place match")
    if slots == 1:
        return _("Final")
    if slots == 2:
        return _("Semi-final")
    if slots == 4:
        return _("Quarter-final")
    return _("Round of {n}", n=2 * slots)


_label = elimination_label


def round_label(event: Event, number: int, match: Match | None = None) -> str:
    """What round ``number`` is, in words: Swiss, 決定戦 (a playoff), or the
    elimination round (:func:`elimination_label`); with ``match``, the
    third-place match of a final round is named as such."""
    rnd = event.rounds[number - 1]
    if rnd.stage == "swiss":
        return _("Swiss")
    if rnd.stage == "playoff":
        return "決定戦"
    tops = _top_rounds(event)
    r = next((i for i, t in enumerate(tops) if t.number == number), 0)
    third = match is not None and is_third_place(tops, r, match)
    return elimination_label(_slots_of(tops, r), third)


def bracket(event: Event) -> Bracket | None:
    """The whole elimination tree, for drawing (``None`` without a bracket).

    Every round of the bracket is present, played or not; a slot's players
    are known as soon as the matches feeding it are decided.  Seeds follow
    the first round's positions (:func:`bracket_order`).
    """
    tops = _top_rounds(event)
    if not tops:
        return None
    n_first = _slots_of(tops, 0)
    size = 2 * n_first
    names = {p.id: p.name for p in event.players}
    seed_of = _seeds(tops)

    def ent(pid: str | None) -> Entrant | None:
        if pid is None:
            return None
        return Entrant(pid, names.get(pid, pid), seed_of.get(pid, 0))

    rounds: list[BracketRound] = []
    prev_winners: dict[int, str | None] | None = None
    third: BracketSlot | None = None
    for r in range(n_first.bit_length()):  # the number of rounds
        rnd, found = _bracket_round(tops, r, n_first >> r, prev_winners, ent)
        if found is not None:
            third = found
        rounds.append(rnd)
        prev_winners = {s.table: s.winner for s in rnd.slots}
    champion = _final_winner(rounds, ent)
    return Bracket(size, tuple(rounds), third, champion)


def _bracket_round(
    tops: list[Round], r: int, n_slots: int, prev_winners: dict[int, str | None] | None, ent
) -> tuple[BracketRound, BracketSlot | None]:
    """Round ``r`` of the bracket (``n_slots`` tables), and its match for third place if it has one."""
    played = tops[r] if r < len(tops) else None
    by_table, third = _tables_and_third(tops, r, played, ent)
    slots = [_slot(t, by_table.get(t), prev_winners, ent) for t in range(1, n_slots + 1)]
    return BracketRound(r, played.number if played else None, _label(n_slots), tuple(slots)), third


def _final_winner(rounds: list[BracketRound], ent) -> Entrant | None:
    """The final's winner once it is decided (the last round of one table)."""
    if not rounds or len(rounds[-1].slots) != 1 or not rounds[-1].slots[0].winner:
        return None
    return ent(rounds[-1].slots[0].winner)


def _tables_and_third(
    tops: list[Round], r: int, played: Round | None, ent
) -> tuple[dict[int, Match], BracketSlot | None]:
    """Round ``r``'s bracket matches by table, and its match for third place if it has one."""
    by_table: dict[int, Match] = {}
    third = None
    if played is None:
        return by_table, None
    for m in played.matches:
        if is_third_place(tops, r, m):
            w = m.winner() if m.outcome in ("p1", "p2") else None
            third = BracketSlot(m.table, ent(m.p1), ent(m.p2), w, False, True, THIRD_PLACE)
        else:
            by_table[m.table] = m
    return by_table, third


def _slot(t: int, m: Match | None, prev_winners: dict[int, str | None] | None, ent) -> BracketSlot:
    """Table ``t`` of a bracket round: its match when paired, else the
    winners of the two tables feeding it as far as they are decided."""
    if m is not None:
        w = m.winner() if m.outcome in ("p1", "p2", "bye") else None
        return BracketSlot(t, ent(m.p1), ent(m.p2), w, m.p2 is None, True, m.note)
    if prev_winners is None:
        return BracketSlot(t, None, None)
    return BracketSlot(t, ent(prev_winners.get(2 * t - 1)), ent(prev_winners.get(2 * t)))


def champion(event: Event) -> str | None:
    """Id of the last undefeated player once the final is decided (G-SE)."""
    b = bracket(event)
    return b.champion.id if b and b.champion else None


# ---------------------------------------------------------------------------
# final placings


@dataclass(frozen=True, slots=True)
class Placing:
    """One line of the final placings (G-SE, G-TIE-PLAYOFF)."""

    place: int
    id: str
    name: str
    #: How far the player went: "winner", "final", "third_place" (won or lost
    #: the third-place match), the elimination round they lost in
    #: ("semi-final", "quarter-final", "round-of-N"), or "swiss" (outside the cut).
    reached: str
    #: The round's name in words (:func:`elimination_label`), "" outside the cut.
    label: str
    swiss_rank: int | None


def _finished_tops(event: Event):
    tops = _top_rounds(event)
    if not tops or not all(r.complete for r in tops):
        return None
    b = bracket(event)
    if b is None:
        return None
    if b.champion is None and not _no_winner_final(tops):
        return None
    return tops


def _no_winner_final(tops) -> bool:
    """The final (the last elimination round's match that is not the
    third-place match) was declared without a winner (G-ID-3, 優勝者不在)."""
    n = len(tops)
    return any(labels.is_no_winner(m.note or "") for m in tops[-1].matches if not is_third_place(tops, n - 1, m))


def cut_size(event: Event) -> int | None:
    """The players of the elimination stage (its first round, byes
    included): the bracket's real size, 5 for a top 5; None without one."""
    tops = _top_rounds(event)
    if not tops:
        return None
    return len({pid for m in tops[0].matches for pid in m.players() if pid is not None})


def final_without_winner(event: Event) -> bool:
    """The event's final ended without a winner (G-ID-3): no champion; the
    finalists share 2nd place (L-NO-WINNER)."""
    tops = _top_rounds(event)
    return bool(tops) and _no_winner_final(tops)


def event_finished(event: Event) -> bool:
    """The event is over: its elimination stage has a winner and every
    elimination match (the third-place match too) has its result."""
    return _finished_tops(event) is not None


def swiss_over(event: Event) -> bool:
    """A Swiss-only event is over (G-SWISS-RANK: its standings are the final ranking): no
    elimination stage, the planned Swiss rounds (``rounds_planned``, set by the organizer)
    all played, and every result in, playoff rounds (決定戦) included.  A top cut may still
    follow; the heading turns back to the round's once it is paired."""
    sr = event.swiss_rounds
    return (
        not _top_rounds(event)
        and event.rounds_planned is not None
        and bool(sr)
        and len(sr) >= event.rounds_planned
        and all(r.complete for r in event.rounds)
    )


def final_placings(event: Event) -> list[Placing] | None:
    """The final placings once the elimination stage is finished, else None.

    1 the winner, 2 the finalist, then the losers of each earlier round, the
    latest round first; the third-place match orders 3rd and 4th where it was
    played; inside a round by seed (the Swiss place the cut gave them).  Then
    every player outside the cut in Swiss order, players sharing a Swiss
    place sharing theirs (G-TIE-1).
    """
    tops = _finished_tops(event)
    if tops is None:
        return None
    placings = _Placings(standings(event), _seeds(tops))
    _place_final(placings, tops)
    _place_earlier_rounds(placings, tops)
    _place_outside_cut(placings)
    return placings.out


class _Placings:
    """The placings of :func:`final_placings` as they are given: each player
    once, place by place unless one is given."""

    def __init__(self, rows, seeds: dict[str, int]) -> None:
        self.rows = rows
        self.by_id = {r.id: r for r in rows}
        self.seeds = seeds
        self.out: list[Placing] = []
        self.placed: set[str] = set()

    def add(self, pid: str | None, reached: str, label: str, place: int | None = None) -> None:
        if pid in self.placed or pid is None:
            return
        self.placed.add(pid)
        row = self.by_id[pid]
        self.out.append(Placing(place or len(self.out) + 1, pid, row.name, reached, label, row.rank))

    def by_seed(self, pid: str) -> tuple[int, int]:
        """Seed first (the Swiss place the cut gave), then the standings' rank."""
        return (self.seeds.get(pid, 0), self.by_id[pid].rank or len(self.rows) + 1)


def _place_final(placings: _Placings, tops) -> None:
    """1 the winner, 2 the finalist (G-ID-3, L-NO-WINNER: the finalists share
    2nd when the final has no winner), then the third-place match's players."""
    n = len(tops)
    final_round = tops[-1]
    final = next(m for m in final_round.matches if not is_third_place(tops, n - 1, m))
    third = next((m for m in final_round.matches if is_third_place(tops, n - 1, m)), None)
    _place_finalists(placings, final, no_winner=_no_winner_final(tops))
    if third is not None and third.outcome in ("p1", "p2"):
        _place_third_match(placings, third)


def _place_finalists(placings: _Placings, final: Match, *, no_winner: bool) -> None:
    """1 the winner, 2 the finalist; with ``no_winner`` (G-ID-3, L-NO-WINNER) both share 2nd."""
    if no_winner:
        # no champion: the final drawn is a shared place (同着) of the two finalists, 2nd, and place 1 stays empty
        for pid in sorted(final.players(), key=placings.by_seed):
            placings.add(pid, "final", elimination_label(1), 2)
        return
    placings.add(final.winner(), "winner", _("Winner"))
    if final.p2 is not None:
        placings.add(final.loser(), "final", elimination_label(1))


def _place_third_match(placings: _Placings, third: Match) -> None:
    """The third-place match played out: its winner and loser, in that order."""
    placings.add(third.winner(), "third_place", elimination_label(1, True))
    placings.add(third.loser(), "third_place", elimination_label(1, True))


def _reached(slots: int) -> str:
    """The round a player went out in, by its number of tables."""
    return {1: "final", 2: "semi-final", 4: "quarter-final"}.get(slots, f"round-of-{2 * slots}")


def _place_earlier_rounds(placings: _Placings, tops) -> None:
    """The losers of each earlier round, the latest round first, inside a round by seed."""
    for r in range(len(tops) - 2, -1, -1):
        nxt = set(_bracket_players(tops, r + 1))
        out_here = [pid for pid in _bracket_players(tops, r) if pid not in nxt and pid not in placings.placed]
        out_here.sort(key=placings.by_seed)
        slots = _slots_of(tops, r)
        for pid in out_here:
            placings.add(pid, _reached(slots), elimination_label(slots))


def _bracket_players(tops, r: int) -> list[str]:
    """The players of round ``r``'s bracket matches (its match for third place aside), table by table."""
    return [pid for m in tops[r].matches if not is_third_place(tops, r, m) for pid in m.players()]


def _place_outside_cut(placings: _Placings) -> None:
    """Every player outside the cut in Swiss order, players sharing a Swiss
    place sharing theirs (G-TIE-1); one left out of the ranking (O-PEN-2) gets no place."""
    cut = len(placings.out)
    rest = [r for r in placings.rows if r.id not in placings.placed and r.rank is not None]
    first_of_rank: dict[int | None, int] = {}
    for i, row in enumerate(rest):
        first_of_rank.setdefault(row.rank, i)
        placings.add(row.id, "swiss", "", cut + 1 + first_of_rank[row.rank])
