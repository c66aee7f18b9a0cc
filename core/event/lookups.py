"""Finding things in an event: a player by reference, a round, a table, a
player's match, how many Swiss rounds it plays; and the check that the
current round is complete.  Shared by the rules, the tournament engines and
the Desk."""

from __future__ import annotations

from core.errors import NotFound, RuleError
from core.event.model import Event, Match, Player, Round
from core.i18n import _, join_list
from core.names import ambiguous, fold_name, split_ref


def _player_by_id(event: Event, how: str | None, value: str) -> Player | None:
    """The player whose id ``value`` is, unless the ref says ``name:``."""
    if how == "name" or not event.has_player(value):
        return None
    return event.player(value)


def find_player(event: Event, ref: str) -> Player:
    """A player by id, or by exact name (NFKC-folded), or else by exact reading
    (よみ, when one player has it); ``id:p3`` and ``name:p3`` say which.  A plain ref that is one player's id and another's name is
    refused as ambiguous (docs/names.md)."""
    how, value = split_ref(ref)
    by_id = _player_by_id(event, how, value)
    hits = [] if how == "id" else _players_named(event, value)
    if by_id is not None:
        if how is None:
            _refuse_ambiguous(value, by_id, hits)
        return by_id
    if len(hits) == 1:
        return hits[0]
    if not hits and how is None:
        return _player_read(event, ref, value)
    raise NotFound(_("no player {ref!r} in {name}", ref=ref, name=event.name))


def _player_read(event: Event, ref: str, reading: str) -> Player:
    """The one player whose reading (よみ) is ``reading``, as a clerk who hears
    a name types it (L-READING); two of one reading are told apart by name or id."""
    key = fold_name(reading)
    read = [p for p in event.players if p.reading and fold_name(p.reading) == key]
    if len(read) == 1:
        return read[0]
    if read:
        raise NotFound(
            _(
                "{ref!r} is the reading of {names}: type the name or the id",
                ref=ref,
                names=join_list(f"{p.name} ({p.id})" for p in read),
            )
        )
    raise NotFound(_("no player {ref!r} in {name}", ref=ref, name=event.name))


def _refuse_ambiguous(ref: str, by_id: Player, named: list[Player]) -> None:
    """A plain ref that is one player's id and another player's name is refused (docs/names.md)."""
    others = [p for p in named if p.id != by_id.id]
    if others:
        raise ambiguous(ref, by_id.name, others[0].id)


def _players_named(event: Event, name: str) -> list[Player]:
    """The players whose name is ``name`` (compared by :func:`fold_name`, L-NAME-KEY)."""
    key = fold_name(name)
    return [p for p in event.players if fold_name(p.name) == key]


def stored_player(event: Event, ref: str) -> Player:
    """The player an action in the log names: logs hold ids (older ones may
    hold a name), so an id wins here without the ambiguity check."""
    return event.player(ref) if event.has_player(ref) else find_player(event, ref)


def player_name(event: Event, pid: str | None) -> str:
    """A player's name for a sentence ('' when the seat is empty)."""
    return event.player(pid).name if pid and event.has_player(pid) else ""


def require_complete(event: Event) -> None:
    """No pairing of any kind while a result of the current round is missing;
    the message lists the tables."""
    cur = event.current_round
    if cur is not None and not cur.complete:
        tables = join_list(map(str, cur.missing_tables()))
        raise RuleError(
            _("round {number} is not finished: results missing at table(s) {tables}", number=cur.number, tables=tables)
        )


def round_of(event: Event, number: int) -> Round:
    """Round ``number``; refused when it has not been paired."""
    if not 1 <= number <= len(event.rounds):
        raise NotFound(_("round {number} has not been paired", number=number))
    return event.rounds[number - 1]


def table_of(event: Event, number: int, table: int) -> tuple[Round, Match]:
    """The round ``number`` and its match at ``table`` (an action's ``round`` and ``table``)."""
    rnd = round_of(event, number)
    m = rnd.match_at(table)
    if m is None:
        raise NotFound(_("round {number} has no table {table}", number=rnd.number, table=table))
    return rnd, m


def player_match(rnd: Round, pid: str) -> Match | None:
    """The match of round ``rnd`` the player sits at (None: not paired in it)."""
    for m in rnd.matches:
        if m.p1 == pid or m.p2 == pid:
            return m
    return None


# -- how many Swiss rounds (kept apart from the pairing engine: the rules that only count
# rounds, settings and the plan, load no pairing) ----------------------------------------


def suggested_rounds(n_players: int) -> int:
    """Swiss rounds for ``n_players``: ceil(log2 N), at least 1 from two players."""
    if n_players < 2:
        return 0
    return max(1, (n_players - 1).bit_length())


def planned_rounds(event: Event) -> tuple[int, bool]:
    """The Swiss rounds of the event and whether the organizer set them:
    ``rounds_planned`` when set, else :func:`suggested_rounds` of the players
    who may be paired next (one rule for the event bar, the top-cut question
    and the command line)."""
    if event.rounds_planned:
        return event.rounds_planned, True
    return suggested_rounds(len(event.eligible())), False
