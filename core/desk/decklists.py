"""The desk's decklists (G-DECKLIST) and a limited event's build phase (G-SEALED,
G-DRAFT-*; opening packs and drafting live in limited.event)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from core import labels
from core.desk.base import DeskBase
from core.errors import LyceeError, RuleError, ValidationError
from core.event.model import Event
from core.i18n import _, join_list
from core.log import apply_payload, payload
from core.log.actions import (
    Build,
    DeckCheckAction,
    DecklistAction,
)
from core.rules.clock import stamp

# Imported inside the methods that use them (one reason for all): the pairing and elimination
# engines, explanations, what a correction breaks (core.reports.later), the card engine and
# the decklist rules (core.cards), phone codes and members, which `lycee result` never loads
# (tests/test_cli_engine.py, benchmarks/cli.py).


class DecklistsDesk(DeskBase):
    # -- decklists (G-DECKLIST) --------------------------------------------------------
    def decklist_data(self, ref: str, deck, catalog=None, by: str = "", reason: str = "") -> DecklistAction:
        """The ``decklist`` action's payload for ``deck`` (a core.cards.decks.Decklist),
        not stored.  A card number the catalog does not know is refused
        (ValidationError naming the list and the line): an unreadable list
        is never registered; a readable one with problems is."""
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
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
        deck = self.read_decklist_file(ref, path, catalog, by, reason)
        return self.register_decklist(ref, deck, catalog, by, reason)

    def read_decklist_file(self, ref: str, path, catalog=None, by: str = "", reason: str = ""):
        """The decklist in the file ``path`` for ``ref`` (a core.cards.decks.Decklist,
        its source the file's name), read once the player and the judge of a
        change are known (the file is not read for a change refused anyway)."""
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import default_catalog, load_decklist, require_change_judge

        p = self._known(ref)  # an unknown player first, before the file
        require_change_judge(self.event, p.id, by or "", reason or "")  # then a change without its judge
        cat = catalog if catalog is not None else default_catalog()
        return replace(load_decklist(path, catalog=cat), source=Path(path).name)

    def register_decklist_text(self, ref: str, text: str, source: str, catalog=None, by: str = "", reason: str = ""):
        """Register decklist text (pasted in the app, or from a player's phone:
        ``source`` "phone"); read by the one parser, core.cards.decks.parse_decklist."""
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import default_catalog, parse_decklist, require_change_judge

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
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import PHONE_SOURCE, phone_refusal, phone_state

        # lazy: phone codes (hmac, secrets), which `lycee result` never loads
        from core.rules.phonereports import UnknownCode, player_by_code

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
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import as_decklist

        rec = self.event.decklist_of(self._known(ref).id)
        return as_decklist(rec) if rec is not None else None

    def deck_problems(self, ref: str, catalog=None):
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import deck_problems

        return deck_problems(self.event, ref, catalog)

    def decklist_status(self, catalog=None):
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import decklist_status

        return decklist_status(self.event, catalog)

    def deck_check(self, ref: str, presented, by: str | None = None):
        """Compare the deck presented at the table with the registered list
        (G-DECKLIST) and record the check with its differences; return the
        core.cards.decks.DeckDiff (truthy when they differ)."""
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import as_decklist, compare, deck_data

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
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import as_decklist, default_catalog, parse_decklist

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
        op = self.toggle_op()
        self.store.append("build", self.build_data(op), self.actor, device=self.device)
        return op

    def toggle_op(self) -> str:
        """What :meth:`toggle_build` would do now: ``start``, ``resume`` or ``pause``."""
        state = self.build_status().state
        return "start" if state == "open" else "resume" if state == "paused" else "pause"

    def build_refusal(self, op: str) -> str | None:
        """Why the build phase's ``op`` (``close``, ``start``...) would be refused now, None when it
        would be taken: the rules asked on the event as it is, nothing stored (so the desk need not
        ask to confirm what is refused anyway)."""
        try:
            apply_payload(self.event, "build", self.build_data(op, **({"by": self.actor} if op == "close" else {})))
        except LyceeError as err:
            return str(err)
        return None

    def close_build(self, by: str | None = None) -> Event:
        """The organizer ends the build phase: round 1 may then be paired even
        if a player has no registered decklist."""
        return self.store.append("build", self.build_data("close", by=by or self.actor), self.actor, device=self.device)

    def deck_gaps(self) -> list:
        """The findings of registered constructed lists the desk's deck check
        has and no ruling of the head judge keeps (L-DECK-WAIT)."""
        # lazy: the reports engine, which `lycee result` never loads
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
        problems: dict[str, list[str]] = {}  # each player once, with their first problem and how many more
        for f in gaps:
            i = int(f.path.split("[", 1)[1].split("]", 1)[0])
            said = problems.setdefault(ev.player(ev.decklists[i].player).name, [])
            if f.message not in said:
                said.append(f.message)
        names = [
            _("{name} ({problem}{more})", name=who, problem=said[0], more=_(" and {n} more", n=len(said) - 1))
            if len(said) > 1
            else _("{name} ({problem}{more})", name=who, problem=said[0], more="")
            for who, said in problems.items()
        ]
        raise RuleError(
            _(
                "round 1 waits for a legal deck from: {players}. Register a corrected list (F11 in the app; "
                "`lycee decklist add`) or the head judge rules that it plays as registered (F11; "
                "`lycee build EVENT override --by HEAD_JUDGE --reason TEXT`)",
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
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import override_data

        if self.event.build is None and self.event.kind == "constructed":
            # lazy: the rulings, which `lycee result` never loads
            from core.rules.rulings import ruling_of

            gaps = self.deck_gaps()
            if not gaps:
                raise LyceeError(_("every registered decklist is legal: there is nothing to override"))
            ruling = ruling_of(gaps, by.strip(), reason.strip(), stamp(self.now()))
            return self.store.append("ruling", ruling, self.actor, device=self.device)

        data = override_data(self.event, by.strip(), reason.strip(), stamp(self.now()))
        return self.store.append("build", data, self.actor, device=self.device)

    def build_status(self):
        # lazy: loads the card engine (core.cards), which `lycee result` and the app's first frame never need
        from core.rules.decklists import build_status

        return build_status(self.event, self.now())

    def pool(self, ref: str):
        """The player's pool (core.event.model.Pool) or None."""
        return self.event.pool_of(self._known(ref).id)
