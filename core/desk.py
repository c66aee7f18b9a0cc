"""What the desk does to an open event: the operations both faces (the command
line and the app) call.  Each turns a request into one action, which the store
checks against the rules and writes durably; nothing here talks to a screen."""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import actions as A
from .errors import LyceeError
from .matchrules import parse_result
from .model import Event, Match
from .store import EventStore


@dataclass
class Desk:
    store: EventStore
    actor: str = "desk"

    @property
    def event(self) -> Event:
        return self.store.event

    # -- players -------------------------------------------------------------
    def next_player_ids(self, n: int) -> list[str]:
        used = {p.id for p in self.event.players}
        out, i = [], len(self.event.players) + 1
        while len(out) < n:
            pid = f"p{i}"
            if pid not in used:
                out.append(pid)
            i += 1
        return out

    def add_players(self, names: list[str]) -> list[str]:
        """Register players (all or none); return their new ids."""
        names = [n.strip() for n in names]
        ids = self.next_player_ids(len(names))
        self.store.append(
            "register", {"players": [{"id": i, "name": n} for i, n in zip(ids, names)]}, self.actor
        )
        return ids

    def player(self, ref: str):
        return A.find_player(self.event, ref)

    def drop(self, ref: str) -> Event:
        p = self.player(ref)
        return self.store.append("drop", {"player": p.id}, self.actor)

    # -- rounds ----------------------------------------------------------------
    def rng_for(self, round_number: int, seed: int | str | None = None) -> random.Random:
        """Pairing randomness: seeded by the event and round (replayable)."""
        return random.Random(f"{self.event.id}:{round_number}:{'' if seed is None else seed}")

    def store_pairing(self, matches: tuple[Match, ...] | list[Match], stage: str = "swiss") -> Event:
        number = len(self.event.rounds) + 1
        data = {"round": number, "stage": stage,
                "matches": [{"table": m.table, "p1": m.p1, "p2": m.p2, **({"note": m.note} if m.note else {})}
                            for m in matches]}
        return self.store.append("pair", data, self.actor)

    def pair_next(self, seed: int | str | None = None) -> Event:
        """Pair the next round: the next Swiss round, or once a top cut is
        made, the next elimination round (refused while a result is missing)."""
        from .elimination import next_elimination_round
        from .pairing import pair_swiss

        ev = self.event
        number = len(ev.rounds) + 1
        if any(r.stage == "top" for r in ev.rounds):
            matches = next_elimination_round(ev)
            if matches is None:
                raise LyceeError("the elimination bracket is finished (G-SE)")
            return self.store_pairing(matches, stage="top")
        matches = pair_swiss(ev, self.rng_for(number, seed))
        return self.store_pairing(matches)

    def top_cut(self, size: int, third_place: bool = False) -> Event:
        """Cut to the top ``size`` of the Swiss standings (G-SE)."""
        from .elimination import top_cut

        return self.store_pairing(top_cut(self.event, size, third_place), stage="top")

    def playoff(self, refs: list[str]) -> Event:
        """A playoff (決定戦) among players who share a place (G-TIE-PLAYOFF)."""
        from .standings import pair_playoff

        ids = [self.player(r).id for r in refs]
        ev = self.event
        return self.store_pairing(pair_playoff(ev, ids, self.rng_for(len(ev.rounds) + 1)), stage="playoff")

    def record(self, table: int, text: str, round_number: int | None = None, note: str = "") -> Event:
        """Record ``text`` (``2-1``, ``1-1-1``, ``id``) at ``table`` of the
        current round (or ``round_number``)."""
        ev = self.event
        if not ev.rounds:
            raise LyceeError("no round has been paired yet")
        number = round_number or len(ev.rounds)
        r = parse_result(text)
        data = {"round": number, "table": int(table), "p1_wins": r.p1_wins,
                "p2_wins": r.p2_wins, "draws": r.draws, "result": r.text()}
        if r.intentional:
            data["intentional"] = True
        if note:
            data["note"] = note
        return self.store.append("result", data, self.actor)

    def undo(self) -> dict:
        return self.store.undo(self.actor)
