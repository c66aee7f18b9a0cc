"""The desk's rounds: pairing the next round (Swiss, a top cut, a playoff, the bracket)
and pairing a round again (core.tournament, core.rules.results)."""

from __future__ import annotations

import random
from dataclasses import fields
from operator import attrgetter

from core import rules
from core.desk.decklists import DecklistsDesk
from core.errors import LyceeError, RuleError
from core.event.model import Event, Match
from core.i18n import _
from core.log.actions import (
    Action,
    Edit,
    Pair,
    Pairing,
    ReportCodes,
    Unpair,
    replace_payload,
)
from core.rules.players import check_room
from core.rules.settings import rounds_to_fix
from core.rules.staff import check_staff

# Imported inside the methods that use them (one reason for all): the pairing and elimination
# engines, explanations, what a correction breaks (core.reports.later), the card engine and
# the decklist rules (core.cards), phone codes and members, which `lycee result` never loads
# (tests/test_cli_engine.py, benchmarks/cli.py).


def explained(event: Event, matches, seed: str) -> tuple[Match, ...]:
    """``matches`` with their reasons (core.reports.explain), as the round stores them (the desk
    hands the reasons to :meth:`Desk.pair_data` beside the matches instead)."""
    # lazy: the reports engine, which `lycee result` never loads
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

    return attrgetter(*(f.name for f in fields(Match) if f.name != "why"))


class RoundsDesk(DecklistsDesk):
    # -- rounds ----------------------------------------------------------------
    def rng_for(self, round_number: int, seed: int | str | None = None) -> random.Random:
        """Pairing randomness: seeded by the event and round (replayable)."""
        return random.Random(self.seed_text(round_number, seed))

    def seed_text(self, round_number: int, seed: int | str | None = None) -> str:
        """The seed of :meth:`rng_for`, as the explanations name it."""
        return f"{self.event.id}:{round_number}:{'' if seed is None else seed}"

    def _swiss_pairing(self, ev: Event, number: int, seed: int | str | None = None):
        """Swiss round ``number`` of ``ev`` paired with :meth:`rng_for`'s
        randomness, and each match's reasons (core.reports.explain) named by
        :meth:`seed_text`: (matches, whys) for :meth:`store_pairing`."""
        # lazy: the pairing and reports engines, which `lycee result` never loads
        from core.reports.explain import explain
        from core.tournament.pairing import pair_swiss

        matches = pair_swiss(ev, self.rng_for(number, seed))
        return matches, explain(ev, matches, self.seed_text(number, seed))

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
        # lazy: phone codes (hmac, secrets), which `lycee result` never loads
        from core.rules.phonereports import new_code

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
        ev = self.event
        check_staff(ev, "be paired")  # G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE (sanctioned events)
        number = len(ev.rounds) + 1
        if not ev.rounds and ev.rounds_planned == 0:  # G-SE as a format: the bracket with every player
            # lazy: the bracket engine, which `lycee result` (a Swiss round) never loads
            from core.tournament.elimination import start_bracket

            return self.store_pairing(
                start_bracket(ev, rng=None if seed is None else self.rng_for(number, seed)), stage="top"
            )
        if ev.current_round is not None and ev.current_round.stage == "playoff":
            # lazy: standings, which `lycee result` never loads
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
        matches, whys = self._swiss_pairing(ev, number, seed)
        return self.store_pairing(matches, whys=whys)

    def pair_again(self) -> Event:
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
        matches, whys = self._swiss_pairing(after, rnd.number, f"again-{tries + 1}")
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
        # lazy: the bracket engine, which `lycee result` (a Swiss round) never loads
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
        # lazy: standings, which `lycee result` never loads
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

    def repair(self) -> Event:
        """:meth:`pair_again` (the name the faces use in-process)."""
        return self.pair_again()
