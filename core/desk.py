"""What the desk does to an open event: the operations both faces (the command
line and the app) call.  Each turns a request into one action, which the store
checks against the rules and writes durably; nothing here talks to a screen."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from core import labels, rules
from core.errors import LyceeError, RuleError, ValidationError
from core.event.lookups import find_player, stored_player
from core.event.model import Event, Match
from core.i18n import _, join_list
from core.log.actions import (
    UNSET,
    Action,
    Announce,
    Apart,
    Appeal,
    Build,
    Calendar,
    Checkin,
    Clock,
    ClockOp,
    DeckCheckAction,
    DecklistAction,
    Drop,
    Edit,
    Entrant,
    Game,
    IdDecision,
    Late,
    Pair,
    Pairing,
    PenaltyAction,
    Publish,
    Register,
    Remove,
    Rename,
    Report,
    ReportCodes,
    ReportDecision,
    ResultAction,
    Side,
    StaffPin,
    Unpair,
    replace_payload,
)
from core.names import check_reading, check_text
from core.rules.clock import needs_time_call, stamp, status, time_call
from core.rules.players import check_room
from core.rules.settings import changed, rounds_to_fix
from core.rules.staff import check_staff, default_issuer, updated_staff
from core.store.store import EventStore
from core.tournament.matchrules import Result, check_result, parse_result, result_from_games

if TYPE_CHECKING:
    from core.readmodel import ResultCheck

# Imported inside the methods that need them, so that a command loads only
# its own engine (start-up time, benchmarks/store.py): the pairing and
# elimination engines, standings, pairing explanations, lateness prompts, and
# the card engine (cards, decks, decklists, legality).


def explained(event: Event, matches, seed: str) -> tuple[Match, ...]:
    """``matches`` with their reasons (core.reports.explain), as the round stores them (the desk
    hands the reasons to :meth:`Desk.pair_data` beside the matches instead)."""
    from core.reports.explain import explain

    # Match(*every field but why, why=w): half the time of dataclasses.replace a match;
    # a field after ``why`` would be passed twice and fail loudly
    fields_of = match_fields()
    return tuple(
        Match(*fields_of(m), why=w)  # type: ignore[misc]  # the getter leaves why out
        for m, w in zip(matches, explain(event, matches, seed))
    )


def match_fields():
    """Every field of a Match but ``why``, in order, as one C-level getter."""
    from dataclasses import fields
    from operator import attrgetter

    return attrgetter(*(f.name for f in fields(Match) if f.name != "why"))


def mark_time_call(why: str | None, time_called: bool, data: dict, match: str = "bo3") -> None:
    """G-BO3-TIME (G-BO1 in best of one: a game unfinished at time is a
    draw): ``why`` (the reason a time call is needed, or None) refuses the
    result unless ``time_called``; then ``data`` (the action's) notes it."""
    if why is None:
        return
    if not time_called:
        raise RuleError(why, "G-BO1" if match == "bo1" else "G-BO3-TIME")
    data["time_called"] = True


def refuse_repeated_tables(tables) -> None:
    """A batch of results naming a table twice is refused whole (which line
    is meant?): nothing of it may be stored.  ``tables``: the table of each
    line, in order (lines counted from 1)."""
    seen: dict[int, int] = {}
    for i, table in enumerate(tables, 1):
        if table in seen:
            raise LyceeError(
                _(
                    "table {t} is given twice (lines {a} and {b}): the whole batch is refused, nothing was recorded",
                    t=table,
                    a=seen[table],
                    b=i,
                )
            )
        seen[table] = i


@dataclass
class Desk:
    """The one door every change of an event goes through (the app and the command line)."""

    store: EventStore
    actor: str = "desk"
    #: Where the request came from (a phone's address, ``local``), kept in the log beside the actor.
    device: str | None = None

    @property
    def event(self) -> Event:
        return self.store.event

    # -- players -------------------------------------------------------------
    def next_player_ids(self, n: int) -> list[str]:
        used = {p.id for p in self.event.players} | {p.id for p in self.event.removed}  # a removed id stays taken
        out: list[str] = []
        i = len(self.event.players) + 1
        while len(out) < n:
            pid = f"p{i}"
            if pid not in used:
                out.append(pid)
            i += 1
        return out

    def add_players(
        self, names: list[str], allow_same_name: bool = False, readings: list[str | None] | None = None
    ) -> list[str]:
        """Register players (all or none); return their new ids.  With
        ``allow_same_name`` a name already registered is a second person,
        registered as "NAME (2)".  ``readings``: one per name, in order
        (None or "" for none; docs/names.md, L-READING)."""

        names = [check_text(n, "player") for n in names]  # docs/names.md, before anything is trimmed
        if readings is not None and len(readings) != len(names):
            raise LyceeError(
                _(
                    "{r} readings for {n} names: give --reading once per name, in the order of the "
                    'names (--reading "" for a name without one)',
                    r=len(readings),
                    n=len(names),
                )
            )
        kana = [check_reading(r) for r in readings] if readings is not None else [None] * len(names)
        check_room(self.event, players=len(names))  # the size import takes (issue 44)
        ids = self.next_player_ids(len(names))
        self.store.append(
            "register",
            Register(
                players=[
                    Entrant(id=pid, name=name, reading=reading or None, allow_same_name=allow_same_name)
                    for pid, name, reading in zip(ids, names, kana)
                ]
            ),
            self.actor,
            device=self.device,
        )
        return ids

    def add_members(self, root, numbers: list[str]) -> list[str]:
        """Register members of the data folder ``root``'s list by number, with
        their names and readings (all or none); return the new ids.  A member
        whose name another member shares is registered as 「NAME (NUMBER)」:
        the numbers tell them apart (issue 47)."""
        from core.names import fold_name
        from core.rules import members as mrules

        raw = mrules.read_raw(root)
        everyone = mrules.listed(raw)
        names: dict[str, int] = {}
        for x in everyone:
            names[fold_name(x.name)] = names.get(fold_name(x.name), 0) + 1
        chosen: list[mrules.Member] = []
        for typed in numbers:
            m = mrules.known(raw, typed)
            if any(c.number == m.number for c in chosen):
                raise LyceeError(_("member {number} is given twice: nothing was added", number=m.number))
            chosen.append(m)
        check_room(self.event, players=len(chosen))
        ids = self.next_player_ids(len(chosen))
        self.store.append(
            "register",
            Register(
                players=[
                    Entrant(
                        id=pid,
                        name=f"{m.name} ({m.number})" if names.get(fold_name(m.name), 0) > 1 else m.name,
                        reading=m.reading,
                        member=m.number,
                    )
                    for pid, m in zip(ids, chosen)
                ]
            ),
            self.actor,
            device=self.device,
        )
        return ids

    def rename(
        self, ref: str, name: str, reading: str | None = None, allow_same_name: bool = False, keep_reading: bool = True
    ) -> Event:
        """Correct a player's name (and reading): one ``rename`` action, the
        log line keeps both names.  ``reading`` None with ``keep_reading``
        leaves the reading as it is; "" (or None without ``keep_reading``)
        clears it."""
        p = self._known(ref)
        new_name = check_text(name, "player")
        if allow_same_name:
            from core.names import fold_name
            from core.rules.players import same_name_label

            taken = {fold_name(x.name) for x in self.event.players if x.id != p.id}
            if fold_name(new_name) in taken:  # the log line names "NAME (2)", as it is stored
                new_name = same_name_label(new_name, taken)
        new_reading = check_reading(reading) if reading is not None or not keep_reading else UNSET
        return self.store.append(
            "rename",
            Rename(player=p.id, name=new_name, old=p.name, reading=new_reading, allow_same_name=allow_same_name),
            self.actor,
            device=self.device,
        )

    def removal_refusal(self, ref: str) -> str | None:
        """Why ``ref``'s registration cannot be removed, or None (core.rules.players)."""
        from core.rules.players import removal_refusal

        return removal_refusal(self.event, self._known(ref).id)

    def remove(self, ref: str) -> Event:
        """Take back a registration never paired (a no-show before round 1):
        the player is in no list or export after it, only in the log; undo
        brings them back.  Their id is not given again."""
        p = self._known(ref)
        return self.store.append("remove", Remove(player=p.id, name=p.name), self.actor, device=self.device)

    def player(self, ref: str):
        """The player a user means by ``ref`` (an id, a name, ``id:...`` or
        ``name:...``; a plain ref that is one's id and another's name is
        refused as ambiguous: docs/names.md)."""
        return find_player(self.event, ref)

    def _known(self, ref: str):
        """A player given to a desk operation: callers pass the id they got
        from :meth:`player`, so an exact id wins here."""
        return stored_player(self.event, ref)

    def drop(self, ref: str, forfeit: bool = True) -> Event:
        """Drop a player (G-DROP-1).  With ``forfeit`` (the default) a match of
        the current round still without a result is recorded as their loss
        (G-DROP-2 allows it; ``forfeit=False`` leaves it to be reported)."""
        p = self._known(ref)
        return self.store.append("drop", Drop(player=p.id, forfeit=forfeit), self.actor, device=self.device)

    def keep_apart(self, ref: str, other: str, clear: bool = False) -> Event:
        """Keep two players apart in Swiss pairings (as if they had met,
        within the points order: core.rules.apart), or with ``clear`` let
        them be paired again."""
        players = [self._known(ref).id, self._known(other).id]
        return self.store.append("apart", Apart(players=players, clear=clear), self.actor, device=self.device)

    # -- rounds ----------------------------------------------------------------
    def rng_for(self, round_number: int, seed: int | str | None = None) -> random.Random:
        """Pairing randomness: seeded by the event and round (replayable)."""
        return random.Random(self.seed_text(round_number, seed))

    def seed_text(self, round_number: int, seed: int | str | None = None) -> str:
        """The seed of :meth:`rng_for`, as the explanations name it."""
        return f"{self.event.id}:{round_number}:{'' if seed is None else seed}"

    @staticmethod
    def pair_data(number: int, matches, stage: str = "swiss", whys=None) -> Pair:
        """The ``pair`` action's payload for ``matches`` (notes and reasons
        kept).  ``whys``: each match's reasons (core.reports.explain), stored
        in place of its own ``why``: no match is made again only to carry them."""
        return Pair(
            round=number,
            stage=stage,  # type: ignore[arg-type]  # a stage of core.event.model.STAGES
            matches=[
                Pairing(table=m.table, p1=m.p1, p2=m.p2, note=m.note or "", why=[list(reason) for reason in why])
                for m, why in zip(matches, (m.why for m in matches) if whys is None else whys, strict=True)
            ],
        )

    def store_pairing(
        self,
        matches: tuple[Match, ...] | list[Match],
        stage: str = "swiss",
        third_place: bool = False,
        whys=None,
    ) -> Event:
        """Store a round; ``third_place`` (first elimination round) keeps the
        plan of a third-place match in the round itself (G-SE); ``whys``: the
        reasons of each match (:meth:`pair_data`)."""
        check_room(self.event, rounds=1)  # the size import takes (issue 44)
        if stage == "swiss" and not self.event.rounds:
            self.check_decks_legal()  # L-DECK-WAIT: round 1 waits for legal constructed lists
        data = replace_payload(
            self.pair_data(len(self.event.rounds) + 1, matches, stage, whys),
            rounds_fixed=rounds_to_fix(self.event, stage),  # L-ROUNDS: round 1 fixes a blank count
            third_place=third_place,
        )
        b = self.event.build
        first: list[tuple[str, Action]] = []
        codes = self.missing_codes()
        if codes is not None:  # phone reports: every player paired has a code for the slips
            first.append(("report_code", codes))
        if data.round == 1 and b is not None and not b.closed:
            # round 1 closes the build phase with it (core.rules.decklists.check_build_done
            # refuses, naming the players, when a deck still stands in the way)
            first.append(("build", self.build_data("close", by=self.actor)))
        if first:
            return self.append_all([*first, ("pair", data)])
        return self.store.append("pair", data, self.actor, device=self.device)

    def missing_codes(self) -> ReportCodes | None:
        """With phone reports on: new codes for the players who have none
        (a late entry), else None."""
        ev = self.event
        if not ev.phone_reports:
            return None
        from core.rules.reports import new_code

        have = dict(ev.report_codes)
        taken = set(have.values())
        issued: dict[str, str] = {}
        for p in ev.players:
            if p.id not in have:
                issued[p.id] = code = new_code(taken)
                taken.add(code)
        return ReportCodes(codes=issued) if issued else None

    def pair_next(self, seed: int | str | None = None) -> Event:
        """Pair the next round: the next Swiss round, or once a top cut is
        made, the next elimination round (refused while a result is missing)."""
        from core.tournament.pairing import pair_swiss

        ev = self.event
        check_staff(ev, "be paired")  # G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE (sanctioned events)
        number = len(ev.rounds) + 1
        if not ev.rounds and ev.rounds_planned == 0:  # G-SE as a format: the bracket with every player
            from core.tournament.elimination import start_bracket

            return self.store_pairing(
                start_bracket(ev, rng=None if seed is None else self.rng_for(number, seed)), stage="top"
            )
        if ev.current_round is not None and ev.current_round.stage == "playoff":
            from core.tournament.standings import next_playoff_round

            more = next_playoff_round(ev)  # a playoff goes on to its final (G-TIE-PLAYOFF)
            if more is not None:
                return self.store_pairing(more, stage="playoff")
        if any(r.stage == "top" for r in ev.rounds):
            from core.tournament.elimination import next_elimination_round  # a Swiss round loads no bracket

            matches = next_elimination_round(ev)
            if matches is None:
                raise LyceeError(_("the elimination bracket is finished (G-SE)"))
            return self.store_pairing(matches, stage="top")
        from core.reports.explain import explain

        matches = pair_swiss(ev, self.rng_for(number, seed))
        return self.store_pairing(matches, whys=explain(ev, matches, self.seed_text(number, seed)))

    def repair(self) -> Event:
        """Pair the current round again, before it starts: the old pairing is
        taken back (recorded) and a new random draw is made."""
        ev = self.event
        rnd = ev.current_round
        if rnd is None:
            raise LyceeError(_("no round has been paired yet"))
        if rnd.stage != "swiss":
            raise LyceeError(_("only a Swiss round can be paired again; undo an elimination round instead"))
        tries = sum(1 for a in self.store.actions if a["type"] == "unpair" and a["data"]["round"] == rnd.number)
        unpair = Unpair(round=rnd.number)
        acts: list[tuple[str, Unpair | Pair]] = [("unpair", unpair)]
        after = rules.apply(ev, {"type": "unpair", "data": unpair})
        from core.reports.explain import explain
        from core.tournament.pairing import pair_swiss

        again = f"again-{tries + 1}"
        matches = pair_swiss(after, self.rng_for(rnd.number, seed=again))
        whys = explain(after, matches, self.seed_text(rnd.number, again))
        acts.append(("pair", self.pair_data(rnd.number, matches, whys=whys)))
        return self.append_all(acts)

    def top_cut(
        self, size: int, third_place: bool = False, end_swiss: bool = False, seed: int | str | None = None
    ) -> Event:
        """Cut to the top ``size`` of the Swiss standings (G-SE).  With
        ``end_swiss`` (the organizer confirmed cutting before the planned
        rounds) the Swiss round count is first set to the rounds played, in
        the same record (L-ROUNDS: the count changes only by a setting).  In
        an elimination-only event (0 Swiss rounds) ``size`` is the whole field
        and starts the bracket, seeded in registration order or, with
        ``seed``, at random."""
        from core.tournament.elimination import start_bracket, third_place_allowed, top_cut

        ev = self.event
        if third_place and size < 4:
            # a top 2 has no semi-final, a top 3 one semi-final loser only: said, never ignored
            raise RuleError(
                _(
                    "no third-place match in a top {n}: it needs two semi-final losers, so a top 4 or more "
                    "(in a top 3 the semi-final loser is third)",
                    n=size,
                ),
                "G-SE",
            )
        if not ev.rounds and ev.rounds_planned == 0:
            check_staff(ev, "be paired")
            rng = None if seed is None else self.rng_for(1, seed)
            return self.store_pairing(
                start_bracket(ev, size, rng), stage="top", third_place=third_place and third_place_allowed(size)
            )
        played = len(ev.swiss_rounds)
        if end_swiss and played and ev.rounds_planned is not None and played < ev.rounds_planned:
            edit = Edit(doc={"rounds_planned": played})
            after = rules.apply(ev, {"type": "edit", "data": edit})
            data = replace_payload(
                self.pair_data(len(ev.rounds) + 1, top_cut(after, size), "top"),
                third_place=third_place and third_place_allowed(size),
            )
            return self.append_all([("edit", edit), ("pair", data)])
        return self.store_pairing(top_cut(ev, size), stage="top", third_place=third_place and third_place_allowed(size))

    def playoff(self, refs: list[str]) -> Event:
        """A playoff (決定戦, G-TIE-PLAYOFF) among players on equal points; with
        no players, the next round of the playoff that is not over."""
        from core.tournament.standings import next_playoff_round, pair_playoff

        ev = self.event
        if not refs:
            matches = next_playoff_round(ev)
            if matches is None:
                raise RuleError(
                    _("no playoff is in progress: name the players on equal points who play it"), "G-TIE-PLAYOFF"
                )
            return self.store_pairing(matches, stage="playoff")
        ids = [self.player(r).id for r in refs]
        return self.store_pairing(pair_playoff(ev, ids), stage="playoff")

    def _round_number(self, round_number: int | None) -> int:
        ev = self.event
        if not ev.rounds:
            raise LyceeError(_("no round has been paired yet"))
        if round_number is None:
            return len(ev.rounds)
        if not 1 <= round_number <= len(ev.rounds):
            raise LyceeError(
                _("round {number} has not been paired (rounds 1 to {n} have)", number=round_number, n=len(ev.rounds))
            )
        return round_number

    def result_data(
        self,
        table: int,
        text: str | Result,
        round_number: int | None = None,
        note: str = "",
        *,
        correct: bool = False,
        correct_by: str | None = None,
        time_called: bool = False,
        checked: ResultCheck | None = None,
        reason: str = "",
        not_started_by: str | None = None,
    ) -> ResultAction:
        """The ``result`` action's payload for ``text`` at ``table`` (not stored).

        ``correct`` replaces a result already recorded (else refused);
        ``correct_by`` names the head judge for a protected result (a drop's
        forfeit, a finished event, a Swiss round under a top cut).
        ``time_called``: a result only time can produce, entered while the
        round still has time (G-BO3-TIME), refused without it.
        ``checked``: the read model's pre-check of this very entry (``text``
        is then its parsed Result): its time-call reason is used, not
        computed again, and the match rules are left to the result rule.
        ``reason``: why a correction is made (kept in the log)."""
        number = self._round_number(round_number)
        r = text if isinstance(text, Result) else parse_result(text)
        marks: dict = {}
        if checked is None:
            self.check_time_call(number, int(table), r, time_called, marks)
        else:
            mark_time_call(checked.time_reason, time_called, marks, self.event.match)
        return ResultAction(
            round=number,
            table=int(table),
            p1_wins=r.p1_wins,
            p2_wins=r.p2_wins,
            draws=r.draws,
            result=r.text(),
            intentional=r.intentional,
            note=note or UNSET,
            correct=correct,
            correct_by=(correct_by or None) if correct else None,
            time_called=marks.get("time_called", False),
            reason=reason.strip(),
            not_started_by=(not_started_by or None) if r.intentional else None,
        )

    def check_time_call(self, number: int, table: int, r, time_called: bool, data: dict) -> None:
        """Refuse ``r`` (a Result) at ``table`` when only time can produce it
        and the table still has time, unless ``time_called``; then mark
        ``data`` (``time_called``, for the action's payload) so the log notes it (G-BO3-TIME)."""

        ev = self.event
        check_result(r, ev.match, ev.rounds[number - 1].stage)  # the match rules speak first
        mark_time_call(needs_time_call(self.event, number, table, r, self.now()), time_called, data, ev.match)

    def record(
        self,
        table: int,
        text: str,
        round_number: int | None = None,
        note: str = "",
        *,
        correct: bool = False,
        correct_by: str | None = None,
        time_called: bool = False,
        reason: str = "",
        then: str | None = None,
        not_started_by: str | None = None,
    ) -> Event:
        """Record ``text`` (``2-1``, ``1-1-1``, ``id``) at ``table`` of the
        current round (or ``round_number``).  ``id`` follows G-ID-1/2: refused
        once the match has started (no override).  See :meth:`result_data`
        for ``correct``, ``correct_by``, ``time_called`` and ``reason``; :meth:`store_result`
        for ``then`` (what a correction does to a later round: ``repair`` or ``keep``)."""
        data = self.result_data(
            table,
            text,
            round_number,
            note,
            correct=correct,
            correct_by=correct_by,
            time_called=time_called,
            reason=reason,
            not_started_by=not_started_by,
        )
        return self.store_result(data, then=then, by=correct_by)

    def correction_check(self, table: int, text: str, round_number: int, correct_by: str | None = None):
        """A correction of ``table`` of round ``round_number`` to ``text``,
        checked but not stored: (its ``result`` payload, what it breaks in
        later rounds: a core.reports.later.Later or None; L-LATER).  Refused
        (RuleError G-HEAD-JUDGE) when the result is protected and
        ``correct_by`` does not name the head judge."""
        from core.reports.later import consequences

        data = self.result_data(table, text, round_number, correct=True, correct_by=correct_by)
        ev = self.event
        after = rules.apply(ev, {"type": "result", "data": data})  # the result rule refuses first
        return data, consequences(ev, after, data)

    def store_result(self, data: ResultAction, then: str | None = None, by: str | None = None) -> Event:
        """Store the ``result`` action ``data``.  A correction that breaks a
        later fact (L-LATER, core.rules.rulings) is refused unless ``then``
        says what becomes of the later round: ``repair`` pairs it again (it
        has no result yet), ``keep`` keeps it as played by the ruling of the
        head judge ``by``; all in one journal record."""
        ev = self.event
        if not data.correct or data.round >= len(ev.rounds):
            return self.store.append("result", data, self.actor, device=self.device)
        from core.reports.later import later_actions

        after = rules.apply(ev, {"type": "result", "data": data})  # the result rule refuses first
        acts = later_actions(self, ev, after, data, then, by)
        return self.append_all([("result", data), *acts])

    def record_checked(
        self,
        check: ResultCheck,
        *,
        correct: bool = False,
        time_called: bool = False,
        not_started_by: str | None = None,
    ) -> Event:
        """Record an entry pre-checked by the read model
        (``core.readmodel.precheck_result``) once its questions are answered:
        ``correct`` (the replacement was confirmed), ``time_called`` (the time
        call was).  Nothing is parsed again; the result rule checks it as it
        is stored."""
        data = self.result_data(
            check.table,
            check.result,
            check.round_number,
            correct=correct,
            time_called=time_called,
            checked=check,
            not_started_by=not_started_by,
        )
        return self.store_result(data)

    def append_all(self, acts: Sequence[tuple[str, Action]]) -> Event:
        """Several actions, all or none: each is checked (on the event as the
        ones before it leave it), then all are stored as one journal record."""
        return self.store.append_many(acts, self.actor, device=self.device)

    # -- game by game (G-BO3, G-BO1, G-CONCEDE, G-NEXT-GAME) ---------------------
    def add_game(self, table: int, *games: str, round_number: int | None = None) -> Event:
        """One more game (or several, all or none) at ``table`` (``p1``, ``p2``,
        ``draw``, ``concede-p1``...); the match result is set when a game ends
        the match."""
        number = self._round_number(round_number)
        return self.append_all([("game", Game(round=number, table=int(table), game=code)) for code in games])

    def record_games(
        self,
        table: int,
        games: list[str],
        round_number: int | None = None,
        note: str = "",
        *,
        time_called: bool = False,
    ) -> Event:
        """The match result from its games: the winner once the match is
        over, or the result at time (G-BO3-TIME, G-TIME)."""
        number = self._round_number(round_number)
        rnd = self.event.rounds[number - 1]
        r = result_from_games(games, self.event.match, rnd.stage)
        marks: dict = {}
        self.check_time_call(number, int(table), r, time_called, marks)
        return self.store.append(
            "result",
            ResultAction(
                round=number,
                table=int(table),
                games=list(games),
                p1_wins=r.p1_wins,
                p2_wins=r.p2_wins,
                draws=r.draws,
                result=r.text(),
                note=note or UNSET,
                time_called=marks.get("time_called", False),
            ),
            self.actor,
            device=self.device,
        )

    def games_at_time(
        self, table: int, games=(), round_number: int | None = None, *, time_called: bool = False
    ) -> Event:
        """Time is up at ``table`` (``lycee game TABLE [GAME...] --time``): the
        last ``games`` are added, then the match result is recorded from all
        its games (G-BO3-TIME, G-TIME) unless a game already ended the match.
        While the table still has time the judge must have called it there
        (``time_called``, G-BO3-TIME); that is checked before any game is
        stored, so a refusal changes nothing."""
        ev = self.event
        if games and ev.rounds:
            rnd = ev.rounds[self._round_number(round_number) - 1]
            m = rnd.match_at(table)
            if m is not None and not m.reported and not m.is_bye:
                r = result_from_games(m.games + tuple(games), ev.match, rnd.stage)
                self.check_time_call(rnd.number, int(table), r, time_called, {})
        if games:
            self.add_game(table, *games, round_number=round_number)
        number = self._round_number(round_number)
        m = self.event.rounds[number - 1].match_at(table)
        if m is None:
            raise LyceeError(_("round {r} has no table {t}", r=number, t=table))
        if not m.reported:
            self.record_games(table, list(m.games), round_number=round_number, time_called=time_called)
        return self.event

    def id_decision(self, table: int, decision: str, by: str, round_number: int | None = None) -> Event:
        """G-ID-3: the organizer ``by`` orders a ``replay`` of an intentionally
        drawn elimination/playoff match, or declares ``no_winner``; the draw
        itself follows G-ID-1/2 (no exception once the match started)."""
        number = self._round_number(round_number)
        return self.store.append(
            "id_decision",
            IdDecision(round=number, table=int(table), decision=decision, by=by),
            self.actor,
            device=self.device,
        )

    def time_decision(
        self,
        table: int,
        text: str,
        decision: str,
        by: str,
        *,
        winner: str | None = None,
        reason: str = "",
        time_called: bool = False,
        round_number: int | None = None,
    ) -> Event:
        """A time-out with equal game wins (``text``, e.g. ``1-1``) in an
        elimination or playoff match (G-SE): the organizer ``by`` orders an
        ``extra_game`` or names the ``winner`` (a player ref) with a
        ``reason``; one logged action.  While the table still has time the
        time call must be confirmed (``time_called``, G-BO3-TIME)."""
        from core.log.actions import TimeDecision

        number = self._round_number(round_number)
        r = parse_result(text)
        mark_time_call(needs_time_call(self.event, number, int(table), r, self.now()), time_called, {})
        return self.store.append(
            "time_decision",
            TimeDecision(
                round=number,
                table=int(table),
                decision=decision,
                by=by,
                p1_wins=r.p1_wins,
                p2_wins=r.p2_wins,
                draws=r.draws,
                winner=self.player(winner).id if winner else None,
                reason=reason.strip(),
            ),
            self.actor,
            device=self.device,
        )

    # -- phone reports (core.rules.reports) -----------------------------
    def report_codes(self, new: Sequence[str] = ()) -> list[tuple[str, str, str]]:
        """Every player's report code as (id, name, code), in registration
        order.  Players without one get one, and each player of ``new`` (refs)
        a new one (the old stops working): one ``report_code`` action."""
        from core.rules.reports import new_code

        ev = self.event
        renew = {self._known(ref).id for ref in new}
        have = dict(ev.report_codes)
        taken = set(have.values())
        issued: dict[str, str] = {}
        for p in ev.players:
            if p.id in renew or p.id not in have:
                issued[p.id] = code = new_code(taken)
                taken.add(code)
        if issued:
            ev = self.store.append("report_code", ReportCodes(codes=issued), self.actor, device=self.device)
        codes = dict(ev.report_codes)
        return [(p.id, p.name, codes[p.id]) for p in ev.players]

    def phone_report(self, code: str, said: str) -> dict:
        """A player's report from their phone: ``code`` (theirs), ``said`` the
        result from their side (``2-1`` won-lost, ``1-1-1`` won-lost-drawn).
        Returns ``{"status": "waiting"|"recorded"|"disputed", "table": T}``
        (with ``result``, from the player's side, once one is stored, and
        ``held`` when an agreed result waits for a time call by staff); a
        ``recorded`` answer comes only after the durable append.  Raises
        :class:`core.rules.reports.UnknownCode`, or a refusal with its reason."""
        acts, answer = self.report_plan(self.event, code, said)
        return answer(self.append_all(acts) if acts else self.event)

    def phone_reports(self, items: Sequence[Sequence]) -> list[dict]:
        """Reports that arrived together, ``(code, said, actor, device)``
        each, stored as one journal record (one durable write: the web
        server hands the desk every report waiting while the last write was
        on its way to disk).  Each is decided on the event as the ones before
        it leave it; one answer each, in order: :meth:`phone_report`'s, or
        ``{"error": why, "unknown": bool}`` for one refused (``unknown``: the
        code is no player's).  Every answer comes after the durable append."""
        from core.rules.reports import UnknownCode

        ev = self.event
        out: list[dict | None] = [None] * len(items)
        planned = []
        flat: list[tuple[str, Action, str, str | None]] = []
        for i, (code, said, actor, device) in enumerate(items):
            try:
                acts, answer = replace(self, actor=actor, device=device).report_plan(ev, code, said)
                for kind, data in acts:
                    ev = rules.apply(ev, {"type": kind, "v": rules.ACTION_FORMAT, "data": data})
            except LyceeError as err:
                out[i] = {"error": str(err), "unknown": isinstance(err, UnknownCode)}
                continue
            planned.append((i, answer))
            flat += [(kind, data, actor, device) for kind, data in acts]
        after = self.store.append_from(flat) if flat else self.event
        for i, answer in planned:
            out[i] = answer(after)
        return [x if x is not None else {} for x in out]

    def report_plan(self, ev: Event, code: str, said: str):
        """What a phone report comes to on ``ev``: the actions to store (none
        for a repeated report or a table whose result is in) and the function
        giving the answer from the event after them.  Raises the refusals."""
        from core.event.lookups import player_match
        from core.rules.reports import (
            UnknownCode,
            match_text,
            player_by_code,
            report_refusal,
            same,
            side_result,
            table_reports,
            table_state,
        )
        from core.tournament.matchrules import parse_result

        pid = player_by_code(ev, code)
        if pid is None:
            raise UnknownCode(_("unknown report code: check the code on your match slip, or ask the desk"))
        why = report_refusal(ev, pid)
        if why is not None:
            raise LyceeError(why)
        rnd = ev.current_round
        assert rnd is not None
        m = player_match(rnd, pid)
        assert m is not None and m.p2 is not None
        side: Side = "p1" if m.p1 == pid else "p2"

        def answerer(status: str, **extra):
            def answer(event: Event) -> dict:
                out = {"status": status, "table": m.table, "round": rnd.number, **extra}
                now_m = event.current_round.match_at(m.table) if event.current_round else None
                if now_m is not None and now_m.reported:  # stored by now (the opponent's report came in the same write)
                    out["status"] = "recorded"
                    out.pop("held", None)
                    r = parse_result(match_text(now_m))
                    out["result"] = (r if side == "p1" else r.swapped()).text()
                return out

            return answer

        if m.reported:  # a result is in (staff's, or both players'): shown, never overwritten
            state = table_state(ev, rnd, m)
            return [], answerer("recorded", by="players" if state.status == "recorded" else "staff")
        r = side_result(said, side)
        check_result(r, ev.match, rnd.stage)  # G-BO3, G-BO1: an impossible result is refused at once
        mine = table_reports(ev, rnd.number, m.table)
        other = mine.get("p2" if side == "p1" else "p1")
        own = mine.get(side)
        agreed = other is not None and same(other.result, r.text())
        held = needs_time_call(ev, rnd.number, m.table, r, self.now()) if agreed else None
        rep = Report(
            round=rnd.number,
            table=m.table,
            side=side,
            result=r.text(),
            said=(r if side == "p1" else r.swapped()).text(),
            at=stamp(self.now()),
            by=self.actor,
        )
        if agreed and held is None:
            data = ResultAction(
                round=rnd.number, table=m.table, p1_wins=r.p1_wins, p2_wins=r.p2_wins, draws=r.draws, result=r.text()
            )
            return [("report", rep), ("result", data)], answerer("recorded", by="players")
        acts: list[tuple[str, Action]] = []
        if own is None or not same(own.result, r.text()):  # the same report again stores nothing
            acts.append(("report", rep))
        if agreed:
            return acts, answerer("waiting", held=held)
        return acts, answerer("waiting" if other is None else "disputed")

    def accept_report(self, table: int, side: str) -> Event:
        """The desk takes ``side``'s report (``p1``/``p2``) at ``table`` of the
        current round as the result: the decision and the result in one
        record, through the result rule.  Accepting is the desk's own call,
        so a result only time can produce is taken as called (G-BO3-TIME)."""
        from core.rules.reports import table_reports

        number = self._round_number(None)
        if side not in ("p1", "p2"):
            raise LyceeError(_("side {side!r}: choose p1 or p2", side=side))
        rep = table_reports(self.event, number, int(table)).get(side)
        if rep is None:
            raise LyceeError(_("round {r} table {t} has no report from {side} to accept", r=number, t=table, side=side))
        data = self.result_data(int(table), rep.result, number, time_called=True)
        decision = ReportDecision(
            round=number,
            table=int(table),
            op="accept",
            side=side,  # type: ignore[arg-type]
            by=self.actor,
        )
        return self.append_all([("report_decision", decision), ("result", data)])

    def clear_reports(self, table: int) -> Event:
        """Take a table's reports back (its players report again)."""
        number = self._round_number(None)
        return self.store.append(
            "report_decision",
            ReportDecision(round=number, table=int(table), op="clear", by=self.actor),
            self.actor,
            device=self.device,
        )

    def call_table(self, table: int, note: str) -> Event:
        """Staff called to a table whose reports wait for them (disputed, or
        held for a time call): the note (who goes, why) is kept in the log and
        shown with the table until it has a result."""
        number = self._round_number(None)
        return self.store.append(
            "report_decision",
            ReportDecision(
                round=number, table=int(table), op="call", by=self.actor, note=note.strip(), at=stamp(self.now())
            ),
            self.actor,
            device=self.device,
        )

    # -- settings (DESIGN section 3: lycee event set) -----------------------------
    def set_settings(self, wanted: dict) -> dict:
        """Change the settings in ``wanted`` that differ from the event's: one
        ``edit`` action each, all or none (a locked one is refused naming why,
        see core.rules.settings).  Returns what changed."""

        changes = changed(self.event, wanted)
        if changes.get("sanctioned"):  # L-SAMPLE-SETS: pools of a sample set stay unsanctioned
            from core.rules.decklists import check_sanctioning

            check_sanctioning(self.event, True)
        if changes:
            acts = [("edit", Edit(doc={key: value})) for key, value in changes.items()]
            if self.event.rounds:  # L-LATER: a setting never breaks a fact silently (the locks say most)
                from core.reports.later import broken_by

                after = self.event
                for kind, act in acts:
                    after = rules.apply(after, {"type": kind, "data": act})
                broken = broken_by(self.event, after)
                if broken:
                    raise RuleError(
                        _(
                            "this change would break what the event already holds: {what}; undo back to it first "
                            "(Ctrl+Z / `lycee undo EVENT`)",
                            what="; ".join(f"[{f.rule}] {f.message}" for f in broken[:3]),
                        ),
                        "L-LATER",
                    )
            self.append_all(acts)
        return changes

    # -- staff (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE) ------------------------------
    def set_staff(self, **changes) -> Event:
        """Change the staff; see :func:`core.rules.staff.updated_staff` for the keywords."""

        return self.store.append(
            "edit", Edit(doc={"staff": updated_staff(self.event.staff, **changes)}), self.actor, device=self.device
        )

    def staff_pin(self, name: str) -> str:
        """A new PIN for ``name`` (the organizer, a judge or the head judge)
        for the judge page: stored only as a salted hash (a ``staff_pin``
        action; the old PIN stops working), returned this once."""
        from core.rules.staff import new_pin, pin_hash, require_pin_staff

        who = require_pin_staff(self.event, name)
        pin = new_pin()
        self.store.append("staff_pin", StaffPin(name=who, hash=pin_hash(pin)), self.actor, device=self.device)
        return pin

    def staff_signout(self, name: str) -> str:
        """End ``name``'s judge-page sessions (a lost phone; the PIN stays):
        a ``staff_signout`` action; returns the name as recorded."""
        from core.log.actions import StaffSignout
        from core.rules.staff import require_pin_staff

        who = require_pin_staff(self.event, name)
        self.store.append("staff_signout", StaffSignout(name=who), self.actor, device=self.device)
        return who

    # -- legality (G-CARDS-VERSIONS) ----------------------------------------------
    def set_store_calendar(self, path) -> Event:
        """Add the store's own calendar file (lycee-calendar/1) for later
        products; it is checked before anything is stored (ValidationError
        with the JSON path of every problem)."""

        from core.cards.sets import parse_json, read_source

        text, source = read_source(path)
        doc = parse_json(text, source)
        return self.store.append(
            "calendar", Calendar(source=Path(str(path)).name, calendar=doc), self.actor, device=self.device
        )

    def remove_store_calendar(self) -> Event:
        return self.store.append("calendar", Calendar(calendar=None), self.actor, device=self.device)

    # -- the round clock -----------------------------------------------------------
    def now(self):
        return self.store.clock()

    def _clock(self, op: ClockOp, table: int | None = None, minutes: int | None = None) -> Event:
        number = self._round_number(None)
        return self.store.append(
            "clock",
            Clock(round=number, op=op, at=stamp(self.now()), table=table, minutes=minutes),
            self.actor,
            device=self.device,
        )

    def start_clock(self) -> Event:
        return self._clock("start")

    def pause_clock(self) -> Event:
        return self._clock("pause")

    def resume_clock(self) -> Event:
        return self._clock("resume")

    def toggle_clock(self) -> str:
        """One key for the round clock: start it, else resume it when paused,
        else pause it.  Returns what was done: ``start``, ``resume`` or ``pause``."""
        st = self.clock_status()
        op: ClockOp = "start" if not st.started else "resume" if st.paused else "pause"
        self._clock(op)
        return op

    def extend(self, table: int, minutes: int) -> Event:
        return self._clock("extend", table=int(table), minutes=int(minutes))

    def clock_status(self):

        return status(self.event, self.now())

    def time_call(self):

        return time_call(self.event, self.now())

    # -- lateness (G-LATE-1, G-LATE-2) ----------------------------------------------
    def checkin(self, *refs: str) -> Event:
        """Players seen at their table (or reporting at the desk), all or none."""

        ids = [self._known(r).id for r in refs]
        number = self._round_number(None)
        at = stamp(self.now())
        return self.append_all([("checkin", Checkin(round=number, player=pid, at=at)) for pid in ids])

    def late_prompts(self):
        from core.rules.lateness import prompts

        return prompts(self.event, self.now())

    def resolve_late(self, prompt, decision: str = "confirm", by: str | None = None) -> Event:
        """Confirm (or dismiss) one due prompt; ``prompt`` is a Prompt or its key."""

        if isinstance(prompt, str):
            due = {p.key: p for p in self.late_prompts()}
            if prompt not in due:
                keys = join_list(due) or _("none")
                raise LyceeError(_("no lateness prompt {prompt!r} is due (due now: {keys})", prompt=prompt, keys=keys))
            prompt = due[prompt]
        return self.store.append(
            "late",
            Late(
                round=prompt.round,
                rule=prompt.rule,
                table=prompt.table,
                players=list(prompt.players),
                decision=decision,
                by=by or self.actor,
                at=stamp(self.now()),
            ),
            self.actor,
            device=self.device,
        )

    # -- penalties (G-PEN-1..3, G-HEAD-JUDGE) -------------------------------------------
    def penalty(
        self,
        ref: str,
        level: str,
        reason: str,
        by: str | None = None,
        action: str = "none",
        table: int | None = None,
        round_number: int | None = None,
    ) -> Event:
        """Issue a Notice or Warning.  ``by`` must be on the staff (G-PEN-1)
        and not play in the match (L-STAFF-PLAYS); without it the judge on
        duty is named (``default_issuer``: the head judge only when no other
        judge exists, so an appeal goes to someone else; several judges on
        duty: refused, say which)."""

        p = self._known(ref)
        check_room(self.event, penalties=1)  # the size import takes (issue 44)
        if not by:
            by = default_issuer(self.event)  # the judge on duty, never the head judge while another judge exists
            if by is None and len(self.event.staff.judges) > 1:
                raise RuleError(
                    _("several judges are on duty: say which one issues the penalty (--by NAME)"), "G-HEAD-JUDGE"
                )
        return self.store.append(
            "penalty",
            PenaltyAction(
                player=p.id,
                level=level,
                reason=reason,
                by=by or "",
                action=action,
                at=stamp(self.now()),
                round=None if round_number is None else int(round_number),
                table=None if table is None else int(table),
            ),
            self.actor,
            device=self.device,
        )

    def appeal(
        self,
        number: int,
        outcome: str,
        by: str | None = None,
        level: str | None = None,
        action: str | None = None,
        note: str = "",
    ) -> Event:
        """The head judge's ruling on an appeal of penalty ``number`` (from 1)."""
        return self.store.append(
            "appeal",
            Appeal(
                penalty=int(number),
                outcome=outcome,
                by=by or self.event.staff.head_judge,
                note=note,
                level=level or None,
                action=action or None,
            ),
            self.actor,
            device=self.device,
        )

    def undo(self) -> dict:
        return self.store.undo(self.actor, device=self.device)

    def undo_preview(self) -> dict:
        """The action :meth:`undo` would take back now; nothing is stored."""
        from core import rules

        return rules.undo_target(self.store.actions)

    def redo_preview(self) -> dict:
        """The action :meth:`redo` would store again now; nothing is stored."""
        from core import rules

        return rules.redo_target(self.store.actions)[1]

    def redo(self) -> dict:
        """Store again what the last undo took back (core.log.registry.redo_target)."""
        return self.store.redo(self.actor, device=self.device)

    # -- decklists (G-DECKLIST) --------------------------------------------------------
    def decklist_data(self, ref: str, deck, catalog=None, by: str = "", reason: str = "") -> DecklistAction:
        """The ``decklist`` action's payload for ``deck`` (a core.cards.decks.Decklist),
        not stored.  A card number the catalog does not know is refused
        (ValidationError naming the list and the line): an unreadable list
        is never registered; a readable one with problems is."""
        from core.rules.decklists import deck_data, default_catalog

        p = self._known(ref)
        cat = catalog if catalog is not None else default_catalog()
        problems = []
        for section in ("deck", "spare"):
            for e in deck.section(section):
                if not cat.known(e.number):
                    where = _("line {n}", n=e.line) if e.line else f"{labels.section_label(section)} {e.number}"
                    problems.append((where, _("unknown card number {number}", number=e.number)))
        if problems:
            raise ValidationError(deck.source or _("decklist of {name}", name=p.name), problems)
        lines = deck_data(deck)
        return DecklistAction(
            player=p.id,
            deck=lines["deck"],
            spare=lines["spare"],
            source=deck.source or "",
            by=(by or "").strip(),
            reason=(reason or "").strip(),
        )

    def register_decklist(self, ref: str, deck, catalog=None, by: str = "", reason: str = "") -> Event:
        """Register (or replace) a player's decklist as handed in; its problems
        are shown by :meth:`deck_problems`, not refused.  After round 1 is
        paired only a judge does, with a reason (``by``, ``reason``; G-DECKLIST,
        core.rules.decklists.require_change_judge)."""
        return self.store.append(
            "decklist", self.decklist_data(ref, deck, catalog, by, reason), self.actor, device=self.device
        )

    def register_decklist_file(self, ref: str, path, catalog=None, by: str = "", reason: str = "") -> Event:
        """Read a decklist file (text, or CSV by its .csv name) and register it;
        a bad line is refused naming the file, the line and the reason."""
        from core.cards.decks import load_decklist
        from core.rules.decklists import default_catalog, require_change_judge

        p = self._known(ref)  # an unknown player first, before the file
        require_change_judge(self.event, p.id, by or "", reason or "")  # then a change without its judge
        cat = catalog if catalog is not None else default_catalog()
        deck = load_decklist(path, catalog=cat)
        return self.register_decklist(ref, replace(deck, source=Path(path).name), cat, by, reason)

    def register_decklist_text(self, ref: str, text: str, source: str, catalog=None, by: str = "", reason: str = ""):
        """Register decklist text (pasted in the app, or from a player's phone:
        ``source`` "phone"); read by the one parser, core.cards.decks.parse_decklist."""
        from core.cards.decks import parse_decklist
        from core.rules.decklists import default_catalog, require_change_judge

        p = self._known(ref)
        require_change_judge(self.event, p.id, by or "", reason or "")
        cat = catalog if catalog is not None else default_catalog()
        deck = parse_decklist(text, source, cat)
        return self.register_decklist(ref, replace(deck, source=source), cat, by, reason)

    def phone_decklist(self, code: str, text: str) -> dict:
        """A player's decklist from their phone (the LAN pages, with their
        report code): registered as theirs (source ``phone``; the log keeps
        the device) when the event collects decklists and round 1 is not
        paired (core.rules.decklists.phone_refusal); returns the page's state
        (core.rules.decklists.phone_state) after the durable append.  Raises
        UnknownCode, the refusal (G-DECKLIST), or ValidationError naming each
        line the parser cannot read."""
        from core.rules.decklists import PHONE_SOURCE, phone_refusal, phone_state
        from core.rules.reports import UnknownCode, player_by_code

        pid = player_by_code(self.event, code)
        if pid is None:
            raise UnknownCode(_("unknown report code: check the code on your match slip, or ask the desk"))
        why = phone_refusal(self.event)
        if why is not None:
            raise RuleError(why, "G-DECKLIST")
        self.register_decklist_text(pid, text, PHONE_SOURCE)
        return phone_state(self.event, pid)

    def decklist(self, ref: str):
        """The player's registered list as a core.cards.decks.Decklist, or None."""
        from core.rules.decklists import as_decklist

        rec = self.event.decklist_of(self._known(ref).id)
        return as_decklist(rec) if rec is not None else None

    def deck_problems(self, ref: str, catalog=None):
        from core.rules.decklists import deck_problems

        return deck_problems(self.event, ref, catalog)

    def decklist_status(self, catalog=None):
        from core.rules.decklists import decklist_status

        return decklist_status(self.event, catalog)

    def deck_check(self, ref: str, presented, by: str | None = None):
        """Compare the deck presented at the table with the registered list
        (G-DECKLIST) and record the check with its differences; return the
        core.cards.decks.DeckDiff (truthy when they differ)."""
        from core.cards.decks import compare
        from core.rules.decklists import as_decklist, deck_data

        p = self._known(ref)
        rec = self.event.decklist_of(p.id)
        if rec is None:
            raise RuleError(_("{name} has no registered decklist to check the deck against", name=p.name), "G-DECKLIST")
        diff = compare(as_decklist(rec), presented)
        lines = deck_data(presented)
        self.store.append(
            "deck_check",
            DeckCheckAction(
                player=p.id,
                deck=lines["deck"],
                spare=lines["spare"],
                differences=[[x.section, x.number, x.registered, x.presented] for x in diff.lines],
                by=by or self.actor,
                at=stamp(self.now()),
                source=presented.source or "",
            ),
            self.actor,
            device=self.device,
        )
        return diff

    def deck_check_text(self, ref: str, text: str = "", by: str | None = None) -> list[list]:
        """:meth:`deck_check` from the deck presented as decklist text (the
        judge page), or, with no text, the deck found as registered.  Returns
        the differences as [section, number, registered, presented] lines
        (none: the deck matches)."""
        from core.cards.decks import parse_decklist
        from core.rules.decklists import as_decklist, default_catalog

        p = self._known(ref)
        if text.strip():
            presented = parse_decklist(text, _("deck presented by {name}", name=p.name), default_catalog())
        else:
            rec = self.event.decklist_of(p.id)
            if rec is None:
                raise RuleError(
                    _("{name} has no registered decklist to check the deck against", name=p.name), "G-DECKLIST"
                )
            presented = replace(as_decklist(rec), source="")
        diff = self.deck_check(p.id, presented, by=by)
        return [[x.section, x.number, x.registered, x.presented] for x in diff.lines]

    # -- a limited event's build phase (G-SEALED, G-DRAFT-*) ----------------------------
    #    Opening packs and drafting live in limited.event, which appends these actions.
    def build_data(self, op: str, **extra) -> Build:
        """The ``build`` action's payload for ``op``, stamped with the desk's
        time; ``extra`` in the journal's keys (``set``, ``product``...), checked
        against the Struct (a key it does not hold is refused)."""
        from core.log import payload

        built = payload({"type": "build", "data": {"op": op, **extra, "at": stamp(self.now())}})
        assert isinstance(built, Build)
        return built

    def start_build(self) -> Event:
        return self.store.append("build", self.build_data("start"), self.actor, device=self.device)

    def pause_build(self) -> Event:
        return self.store.append("build", self.build_data("pause"), self.actor, device=self.device)

    def resume_build(self) -> Event:
        return self.store.append("build", self.build_data("resume"), self.actor, device=self.device)

    def toggle_build(self) -> str:
        """One key for the build timer: start it when the phase is open,
        resume it when paused, else pause it (refused when it is not running).
        Returns what was done: ``start``, ``resume`` or ``pause``."""
        state = self.build_status().state
        op = "start" if state == "open" else "resume" if state == "paused" else "pause"
        self.store.append("build", self.build_data(op), self.actor, device=self.device)
        return op

    def close_build(self, by: str | None = None) -> Event:
        """The organizer ends the build phase: round 1 may then be paired even
        if a player has no registered decklist."""
        return self.store.append("build", self.build_data("close", by=by or self.actor), self.actor, device=self.device)

    def deck_gaps(self) -> list:
        """The findings of registered constructed lists the desk's deck check
        has and no ruling of the head judge keeps (L-DECK-WAIT)."""
        from core.reports.judge import deck_findings, split_ruled

        ev = self.event
        doc = [{"by": r.by, "excuses": [list(e) for e in r.excuses]} for r in ev.rulings]
        return split_ruled(deck_findings(ev), doc)[0]

    def check_decks_legal(self) -> None:
        """L-DECK-WAIT: round 1 of a constructed event waits for its
        registered decklists to be legal (R-DECK-60, R-DECK-4, G-CARDS-*), as
        a limited event's does, unless the head judge rules that they play as
        registered (``lycee build EVENT override``): so the event file the desk
        writes is one verify and import accept."""
        ev = self.event
        if ev.kind != "constructed":
            return
        gaps = self.deck_gaps()
        if not gaps:
            return
        names = []
        for f in gaps:
            i = int(f.path.split("[", 1)[1].split("]", 1)[0])
            who = ev.player(ev.decklists[i].player).name
            line = f"{who} ({f.message})"
            if line not in names:
                names.append(line)
        raise RuleError(
            _(
                "round 1 waits for a legal deck from: {players}. Register a corrected list "
                "(`lycee decklist add`) or the head judge rules that it plays as registered "
                "(`lycee build EVENT override --by HEAD_JUDGE --reason TEXT`)",
                players=join_list(names),
            ),
            gaps[0].rule,
        )

    def override_decks(self, by: str, reason: str) -> Event:
        """The head judge lets round 1 pair although the players named in
        the refusal have no legal deck (logged with who and why; G-HEAD-JUDGE).
        In a constructed event (no build phase) the ruling is recorded as
        one (L-RULING) keeping each list's problems, which verify and import
        then report as ruled exceptions."""
        from core.rules.decklists import override_data

        if self.event.build is None and self.event.kind == "constructed":
            from core.rules.rulings import ruling_of

            gaps = self.deck_gaps()
            if not gaps:
                raise LyceeError(_("every registered decklist is legal: there is nothing to override"))
            ruling = ruling_of(gaps, by.strip(), reason.strip(), stamp(self.now()))
            return self.store.append("ruling", ruling, self.actor, device=self.device)

        data = override_data(self.event, by.strip(), reason.strip(), stamp(self.now()))
        return self.store.append("build", data, self.actor, device=self.device)

    def build_status(self):
        from core.rules.decklists import build_status

        return build_status(self.event, self.now())

    def pool(self, ref: str):
        """The player's pool (core.event.model.Pool) or None."""
        return self.event.pool_of(self._known(ref).id)

    # -- the public pages (core.rules.publish) --------------------------------------------
    def announce(self, text: str) -> Event:
        """A line for the TV page and the phones; an empty text clears it."""

        return self.store.append(
            "announce", Announce(text=text, at=stamp(self.now()), by=self.actor), self.actor, device=self.device
        )

    def hold_pairings(self, hold: bool) -> Event:
        """Hold new rounds until published (True) or publish on pairing (False)."""
        return self.store.append("publish", Publish(hold=bool(hold)), self.actor, device=self.device)

    def publish_round(self, round_number: int | None = None) -> Event:
        """Put the pairings of a held round (default: the current one) up."""
        return self.store.append(
            "publish", Publish(round=self._round_number(round_number)), self.actor, device=self.device
        )


# -- the store and its members (issue 47): what the app writes outside an event ---------------


def set_store(root, name: str, number: str | None = None, place: str | None = None) -> dict:
    """Set the data folder's store (core.store.members.MemberList.set_store)."""
    from core.store.members import MemberList

    return MemberList(root).set_store(name, number, place)


def add_member(root, name: str, reading: str | None = None):
    """Add a member to the data folder's list: (the member, members of the same name)."""
    from core.store.members import MemberList

    return MemberList(root).add(name, reading)
