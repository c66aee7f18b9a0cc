"""The desk's players: registration, members, names, removal, drops and players kept apart
(core.rules.players, core.rules.apart)."""

from __future__ import annotations

from core.desk.base import DeskBase
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _
from core.log.actions import (
    UNSET,
    Apart,
    Drop,
    Entrant,
    Register,
    Remove,
    Rename,
)
from core.names import check_reading, check_text, fold_name
from core.rules.players import check_room, removal_refusal, same_name_label

# Imported inside the methods that use them (one reason for all): the pairing and elimination
# engines, explanations, what a correction breaks (core.reports.later), the card engine and
# the decklist rules (core.cards), phone codes and members, which `lycee result` never loads
# (tests/test_cli_engine.py, benchmarks/cli.py).


class PlayersDesk(DeskBase):
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
        # lazy: the members' rules (csv), which `lycee result` never loads
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

        return removal_refusal(self.event, self._known(ref).id)

    def remove(self, ref: str) -> Event:
        """Take back a registration never paired (a no-show before round 1):
        the player is in no list or export after it, only in the log; undo
        brings them back.  Their id is not given again."""
        p = self._known(ref)
        return self.store.append("remove", Remove(player=p.id, name=p.name), self.actor, device=self.device)

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
