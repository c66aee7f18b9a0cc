"""The event screen's the build phase of a limited event: decklists, the build timer, the head judge's override.

An object the event screen (tui/screens/event/screen.py) holds as ``builds``
(host.py's Concern): it uses the screen's desk, event and say(), and tells
the screen after a write."""

from __future__ import annotations

import math

from textual.widgets import DataTable, TabbedContent

from core import labels, readmodel
from core.errors import LyceeError
from core.i18n import _, join_list, ngettext
from core.names import whole
from limited import view as limited_view  # the limited engine's names load when first used (limited/view.py)

from .. import event_limited
from ..dialogs import Choose, Confirm, Prompt
from ..penalty_forms import DecklistChangeForm
from .build import BuildPane
from .host import Concern, EventHost
from .penalties import Penalties


class BuildPhase(Concern):
    """The build phase of a limited event: decklists, the build timer, the head judge's override."""

    def __init__(self, host: EventHost, penalties: Penalties) -> None:
        super().__init__(host)
        self.penalties = penalties  # the desk offers a penalty when a decklist changes

    def action_build_menu(self) -> None:
        ev = self.event
        if ev.kind == "constructed":
            # no build phase: F11 shows the decklists (their problems, O-DECK-CLASS, what is not
            # checked) and registers a player's decklist (G-DECKLIST); while round 1 waits for
            # legal decks it also offers the head judge's ruling that they play as registered
            # (L-DECK-WAIT)
            self.host.action_tab("build")
            if not ev.rounds and self.open_desk.deck_gaps():
                self.app.push_screen(
                    Choose(
                        _("Decklists"),
                        [
                            ("decklist", _("Register a decklist from a file")),
                            ("override", _("Head judge ruling: round 1 pairs with the decks as registered")),
                        ],
                    ),
                    self._build_choice,
                )
                return
            self._ask_decklist()
            return
        self.host.action_tab("build")

        desk = self.open_desk
        # the same places in every state and every draft (hands know them); what the rules refuse
        # now says so in its line
        later = {
            "open": ev.build is not None,
            "simulate": bool(self._simulate_refusal()),
            "timer": ev.build is None or bool(desk.build_refusal(desk.toggle_op())),
            "caller": not ev.pods,
            "pool": ev.build is None,
            "close": bool(desk.build_refusal("close")),
        }
        choices = [
            ("open", _("Open the build phase (pools / pods)")),
            ("simulate", _("Simulate the draft with bots (practice events)")),
            ("timer", _("Start, pause or resume the building timer")),
            ("decklist", _("Register a decklist from a file")),
            ("botdecks", _("Build decks for players without a decklist (bot builder)")),
            ("deck", _("Build the highlighted player's deck from their pool (Enter)")),
            ("caller", _("Draft caller: pass direction, pick timer (Shift+F11)")),
            ("pool", _("Enter a player's pool from the table by card number")),
            ("override", _("Head judge override: round 1 pairs without every legal deck")),
            ("close", _("Close the build phase")),
        ]
        if ev.kind != "draft":  # a sealed event has no draft to simulate or call
            choices = [c for c in choices if c[0] not in ("simulate", "caller")]
        choices = [(k, label + _(" · not now") if later.get(k) else label) for k, label in choices]
        self.app.push_screen(Choose(_("Build phase"), choices), self._build_choice)

    def _simulate_refusal(self) -> str:
        """Why the bots cannot draft now ("" when they can): packs opened at the table are
        drafted at the table (G-DRAFT-1), a closed phase, or every seat has its pool."""
        ev = self.event
        b = ev.build
        if b is None:
            return ""  # opened first, then the bots draft
        if limited_view.simulate_refusal(ev):  # the rule's own words, with where the desk enters the pools
            return _(
                "the packs of {event} are opened and drafted at the table: F11 → enter each player's pool by "
                "card number",
                event=ev.name,
            )
        if b.closed:
            return self.open_desk.build_refusal("close") or ""
        if ev.pods and all(ev.pool_of(s.player) is not None for pod in ev.pods for s in pod if s.player):
            return _("every seated player of {event} already has a pool", event=ev.name)
        return ""

    def _build_choice(self, choice: str | None) -> None:
        if not choice:
            return
        ev = self.event
        if choice == "open":
            self.app.push_screen(Prompt(event_limited.open_hint(ev.kind)), self._open_build)
        elif choice == "decklist":
            self._ask_decklist()
        elif choice == "deck":
            self._open_player_deck(self._build_row())
        elif choice == "override":
            self._ask_override()
        elif choice == "pool":
            event_limited.choose_pool_player(self.host, self._build_row())
        elif choice == "caller":
            event_limited.open_caller(self.host)
        else:
            self._build_op(choice)

    def action_draft_caller(self) -> None:
        event_limited.open_caller(self.host)

    def _build_row(self) -> str | None:
        """The player highlighted on the build tab (their id), if any."""
        t = self.host.query_one("#build-table", DataTable)
        if not t.row_count or t.cursor_row is None:
            return None
        return str(t.coordinate_to_cell_key(t.cursor_coordinate).row_key.value)

    def row_selected(self, message: DataTable.RowSelected) -> None:
        """Enter on the build tab: the player's pool in the deck builder."""
        if self.event.kind == "constructed":  # no pool: F11 registers the list
            return
        if message.data_table.id == "build-table" and message.row_key.value is not None:
            self._open_player_deck(str(message.row_key.value))

    def _open_player_deck(self, pid: str | None) -> None:
        """The deck builder on an event player's pool (G-SEALED, G-DRAFT-1):
        their registered deck to start from, Ctrl+R registers it to them."""

        from ..deckbuilder import DeckBuilderScreen  # lazy: the deck builder and its card data (90 ms) load when opened

        if pid is None:
            self.say(_("no player highlighted on the build tab"), error=True)
            return
        try:
            st = limited_view.player_deck_state(self.open_desk, pid)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        name = self.event.player(pid).name

        def register(deck) -> str:
            limited_view.register_built_deck(self.open_desk, pid, deck)
            self.changed()
            probs = self.open_desk.deck_problems(pid)
            if probs:
                return _(
                    "registered to {name}, with {n} problem(s): round 1 waits for a legal deck ({first})",
                    name=name,
                    n=len(probs),
                    first=str(probs[0]),
                )
            return _("registered to {name}: a legal deck of {n} cards", name=name, n=deck.deck_size)

        self.app.push_screen(
            DeckBuilderScreen(
                st.cs,
                st.kind,
                st.pool,
                packs=st.packs,
                deck=st.deck,
                spare=st.spare,
                name=st.name,
                seed=st.seed,
                product=st.product,
                match=st.match,
                register=register,
                player=name,
            )
        )

    def _ask_override(self) -> None:
        """The head judge lets round 1 pair without every legal deck (logged: who, why)."""
        hj = self.event.staff.head_judge
        if self.event.kind == "constructed":  # no build phase: the ruling names each list's problems
            gaps = [g for g in readmodel.deck_gaps(self.event) if g.status == "problems"]
        else:
            gaps = readmodel.deck_gaps(self.event)
        if not hj:  # core's refusal names the command too: the desk says where in the app (G-HEAD-JUDGE)
            self.say(
                _(
                    "{message} [{rule}]",
                    message=_(
                        "{event} has no head judge to override the decks: name one in the event's settings (F12) first",
                        event=self.event.name,
                    ),
                    rule="G-HEAD-JUDGE",
                ),
                error=True,
            )
            return
        if not gaps:
            self.say(_("every player has a legal deck: no override is needed"))
            return

        def answer(reason: str | None) -> None:
            if reason:
                self._guard(
                    lambda: self.open_desk.override_decks(hj, reason),
                    _("head judge override by {by}: round 1 may be paired (F5)", by=hj),
                )

        self.app.push_screen(
            Prompt(
                _(
                    "Head judge {hj} lets round 1 pair without a legal deck from {players}. "
                    "Why? (written in the log and on the report)",
                    hj=hj,
                    players=labels.listed(readmodel.gap_text(g) for g in gaps),
                )
            ),
            answer,
        )

    def _guard(self, fn, done: str) -> None:
        try:
            fn()
        except (LyceeError, ValueError) as err:
            self.say(str(err), error=True)
            return
        self.changed()
        self.say(done)

    def _bot_decks(self) -> None:
        """F11 → the bot builder's deck for every player with a pool and no decklist, said by name
        (it said 「デッキを組んで登録しました」 of six players or of none alike)."""
        try:
            done = limited_view.build_bot_decks(self.open_desk)
        except (LyceeError, ValueError) as err:
            self.say(str(err), error=True)
            return
        if not done:
            self.say(_("no deck built: every player with a pool has a decklist"))
            return
        self.changed()
        names = join_list((self.event.player(pid).name for pid in done), words=True)
        self.say(
            ngettext(
                "deck built and registered for {names}",
                "decks built and registered for {n} players: {names}",
                len(done),
                names=names,
            )
        )

    def _open_build(self, text: str | None) -> None:
        if not text:
            return

        text, pod_size = event_limited.pod_size_of(text)
        if event_limited.open_build(self.host, text, pod_size):
            return
        parts = text.split()
        if len(parts) not in (2, 3) or (len(parts) == 3 and whole(parts[2], 18) is None):
            self.say(_("write the set, the product or packs, and optionally a seed"), error=True)
            return
        seed = whole(parts[2], 18) if len(parts) == 3 else None
        if self.event.kind == "sealed":
            self._guard(
                lambda: limited_view.open_sealed_pools(self.open_desk, parts[0], parts[1], seed),
                _("sealed pools opened"),
            )
        elif (packs := whole(parts[1])) is not None:
            self._guard(
                lambda: limited_view.draft_pods(self.open_desk, parts[0], packs, seed, pod_size=pod_size),
                _("pods seated"),
            )
        else:
            self.say(_("write the number of packs, 4 to 6"), error=True)

    def _ask_decklist(self) -> None:
        self.app.push_screen(
            Prompt(
                _(
                    "Decklist: PLAYER FILE (text of 'COUNT NUMBER' lines, a deck code or the official "
                    "deck page's table; or .csv)"
                )
            ),
            self._register_decklist,
        )

    def _register_decklist(self, text: str | None) -> None:
        """Register a decklist from a file; once round 1 is paired only a judge
        does, with a reason (G-DECKLIST: core.rules.decklists), and the desk
        then offers the decklist penalty (the penalty form, filled in)."""

        if not text:
            return
        parts = text.split(maxsplit=1)
        if len(parts) != 2:
            self.say(_("write the player and the file"), error=True)
            return
        ref, path = parts
        try:
            p = self.open_desk.player(ref)
            locked, judges = readmodel.decklist_change(self.event, p.id)  # no judge at all: core's refusal
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        if not locked:
            try:
                self.open_desk.register_decklist_file(p.id, path)
            except (LyceeError, ValueError) as err:
                self.say(str(err), error=True)
                return
            self.changed()
            self.say(self._registered_words(p.id))
            return

        def changed(answer: tuple[str, str] | None) -> None:
            if not answer:
                self.say(_("the decklist is unchanged"))
                return
            by, reason = answer
            try:
                self.open_desk.register_decklist_file(p.id, path, by=by, reason=reason)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.changed()
            self.say(_("decklist of {who} changed by judge {by}", who=p.name, by=by))
            offer = readmodel.decklist_penalty_offer(self.event, p.id, by)
            self.penalties.penalty_form(p.id, reason=offer["reason"], by=offer["by"])

        self.app.push_screen(DecklistChangeForm(judges, p.name), changed)

    def _registered_words(self, pid: str) -> str:
        """What the desk says after registering a list: the player, and its
        problems (only blocking ones) or what was not checked (O-DECK-RESTRICT)."""
        st = next(d for d in readmodel.decklists(self.event) if d.player == pid)
        if st.blocking:
            return _(
                "decklist registered for {who}, with {n} problem(s): see the decklists (F11) ({first})",
                who=st.name,
                n=len(st.blocking),
                first=st.blocking[0].message,
            )
        if st.not_checked:
            return _(
                "decklist registered for {who}: {n} line(s) not checked, for a judge to decide (F11)",
                who=st.name,
                n=len(st.not_checked),
            )
        return _("decklist registered for {who}", who=st.name)

    def _build_op(self, op: str) -> None:
        if op == "simulate" and not self.event.pods:  # not seated yet: open it here first, then the bots draft
            self.app.push_screen(Prompt(event_limited.open_first_hint(self.event.kind)), self._open_then_simulate)
        elif op == "simulate" and self._simulate_refusal():
            self.say(self._simulate_refusal(), error=True)
        elif op == "simulate":
            self._guard(lambda: limited_view.simulate_draft(self.open_desk), _("draft simulated: pools recorded"))
        elif op == "botdecks":
            self._bot_decks()
        elif op == "close":
            refused = self.open_desk.build_refusal("close")
            if refused:  # not open, or closed already: nothing to confirm
                self.say(refused, error=True)
            else:
                self.ask(self._close_build_asked())
        elif op == "timer":
            try:
                self.open_desk.toggle_build()
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.changed()
            self.say(_("building timer: {state}", state=labels.build_state_label(self.open_desk.build_status().state)))

    def _open_then_simulate(self, text: str | None) -> None:
        self._open_build(text)
        if self.event.pods:
            self._build_op("simulate")

    async def _close_build_asked(self) -> None:
        """Close the build phase once confirmed (the F11 menu's last item sits
        where a Down too many lands): the question says the minutes the
        building timer still had (G-SEALED, G-DRAFT-4: decks are final once
        closed)."""
        st = self.open_desk.build_status()
        left = st.minutes * 60 - st.elapsed if st.state in ("building", "paused") and st.minutes else 0
        if left > 0:
            question = _(
                "Close the build phase with {m} minutes left on the building timer? Decks can no longer be built.",
                m=math.ceil(left / 60),
            )
        else:
            question = _("Close the build phase? Decks can no longer be built.")
        if not await self.app.push_screen_wait(Confirm(question)):
            self.say(_("the build phase stays open"))
            return
        self._guard(self.open_desk.close_build, _("build phase closed"))

    #: Whether the build timer had run out at the last tick (the desk says so once, as it runs out).
    _time_up = False

    def tick(self) -> None:
        """The build timer ticks while it runs (the build tab redrawn each second); as it runs
        out, on any tab, the message line says time is up."""
        if self.event.kind == "constructed":
            return
        self._say_time_up()
        if self.host.query_one(TabbedContent).active != "build":
            return
        st = self.open_desk.build_status()
        if st.state != "building":
            return
        self.host.query_one(BuildPane).tick(self.event, st)

    def _say_time_up(self) -> None:
        """「時間です」 once when the open phase's timer reaches 0:00 (also on opening the event
        after it did): the decks are handed in, round 1 waits for every legal deck (G-SEALED,
        G-DRAFT-4) and F5 pairing it closes the phase."""
        up = readmodel.build_time_up(self.event, self.open_desk.now())
        if up and not self._time_up:
            self.say(
                _(
                    "Time is up for deck building: hand in your decks. Round 1 pairs once every deck is "
                    "legal (F5 closes the phase)."
                )
            )
        self._time_up = up

    def warn_deck_problems(self) -> None:
        """Round 1 of a limited event paired with decks that have problems
        (39 cards, a card not in the pool...): say so, never silently."""
        ev = self.event
        if len(ev.rounds) != 1 or (ev.kind == "constructed" and not ev.decklists_required):
            return  # a constructed event that collects decklists is told too (G-DECKLIST)
        bad = [d for d in readmodel.decklists(ev) if d.status != "registered"]
        if bad and ev.build is not None and ev.build.overridden:
            self.say(
                _(
                    "round 1 paired under the head judge's override ({by}); decks missing or with problems: {names}",
                    by=ev.build.override_by,
                    names=labels.listed(d.name for d in bad[:5]),
                )
            )
        elif bad:
            self.say(
                _(
                    "round 1 paired, but {n} deck(s) are missing or have problems: {names} (build tab, F11)",
                    n=len(bad),
                    names=join_list((d.name for d in bad[:5]), words=True),
                ),
                error=True,
            )
