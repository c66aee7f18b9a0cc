"""The event screen's players: adding (the same-name question), drop, keep apart, rename, remove, check-in and lateness.

An object the event screen (tui/screens/event/screen.py) holds as ``people``
(host.py's Concern): it owns the names still to add and the lateness prompts
already shown, uses the screen's desk, event and say(), and tells the screen
after a write."""

from __future__ import annotations

from collections import deque
from time import monotonic

from textual.widgets import Input, TabbedContent

from core import readmodel
from core.desk import add_member
from core.errors import LyceeError
from core.i18n import _, join_list, ngettext
from core.names import check_reading, fold_name, lookalike_note, whole

from ..checkin import CheckinDialog
from ..dialogs import Choose, Confirm, LatePrompts, Prompt, RenameForm
from ..info import Info
from .host import Concern, EventHost
from .players import MemberChosen, NameEntered, NewMember, PlayersPane


def reading_ok(reading: str) -> bool:
    """Whether ``reading`` passes the check a player's reading gets (core.names.check_reading)."""
    try:
        check_reading(reading)
    except LyceeError:
        return False
    return True


class People(Concern):
    """Players: adding (the same-name question), drop, keep apart, rename, remove, check-in and lateness."""

    def __init__(self, host: EventHost) -> None:
        super().__init__(host)
        self._name_queue: deque[tuple[str, Input, str]] = deque()  # names typed, still to add
        self._name_asking = False  # the same-name question about one of them is open
        self._seen_prompts: set[str] = set()  # lateness prompts already shown

    def action_late(self, by_itself: bool = False) -> None:
        try:
            due = self.open_desk.late_prompts()
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        if not due:
            self.say(_("no lateness prompt is due"))
            return
        by_key = {p.key: p for p in due}

        def decided(decisions) -> None:
            done: dict[str, list[str]] = {"confirm": [], "dismiss": []}
            for key, decision in decisions or []:
                try:
                    self.open_desk.resolve_late(by_key[key], decision)
                except LyceeError as err:
                    self.say(str(err), error=True)
                    return
                done[decision].append(self.late_text(by_key[key]))
            if decisions:  # what was decided, not the message of the action before (issue 48)
                self.say(self.late_said(done["confirm"], done["dismiss"]))
            self.changed()
            if was is not None and was.is_attached:  # back where the clerk was
                was.focus()

        was = self.host.focused
        dialog = LatePrompts([(p.key, self.late_text(p)) for p in due])
        box = self._typing_into() if by_itself else None
        if box is not None:
            dialog.hold_for(box)
        self.app.push_screen(dialog, decided)

    @staticmethod
    def late_said(confirmed: list[str], dismissed: list[str]) -> str:
        """The lateness decisions just stored: each one confirmed in words (a double loss,
        G-LATE-1), the dismissed ones too, or their count when several were dismissed at once."""
        said = [_("lateness confirmed: {what}", what=what) for what in confirmed]
        if len(dismissed) == 1:
            said.append(_("lateness dismissed: {what}", what=dismissed[0]))
        elif dismissed:
            said.append(ngettext("{n} lateness prompt dismissed", "{n} lateness prompts dismissed", len(dismissed)))
        return " · ".join(said)

    def late_text(self, p) -> str:
        return readmodel.late_text(self.event, p)

    def check_late(self) -> None:
        if not readmodel.check_in_used(self.event):
            return  # prompts come by themselves once check-in is in use (Ctrl+L)
        try:
            due = self.open_desk.late_prompts()
        except LyceeError:
            return
        new = [p for p in due if p.key not in self._seen_prompts]
        if new and not isinstance(self.app.screen, LatePrompts) and self.app.screen is self.host:
            self._seen_prompts |= {p.key for p in due}
            self.app.bell()
            self.action_late(by_itself=True)

    def _typing_into(self) -> Input | None:
        """The box the clerk is typing into right now (a line half typed, or a
        key in the last moment), which a dialog opening by itself leaves the
        keys of its first moment to."""

        box = self.host.focused
        if not isinstance(box, Input):
            return None
        recent = monotonic() - getattr(self.app, "last_key_at", float("-inf")) < LatePrompts.GRACE
        return box if box.value or recent else None

    def action_checkin(self) -> None:
        """Ctrl+L: check in by table number, name or reading, or from a tick
        list of the round's pairings (issue 48); the confirmation names the
        players and their tables."""

        ev = self.event
        rnd = ev.current_round
        if rnd is None:
            self.say(_("no round is paired yet: check-in is for a round's tables"), error=True)
            return

        def chosen(ids: list[str] | None) -> None:
            if not ids:
                return
            try:
                self.open_desk.checkin(*ids)
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(_("checked in: {who}", who=readmodel.checked_in_words(self.event, ids)))
            self.changed()

        self.app.push_screen(CheckinDialog(ev, {c.player for c in rnd.checkins}), chosen)

    def action_add_players(self) -> None:
        self.host.action_tab("players")
        self.host.query_one("#add-player", Input).focus()

    def action_fill_demo(self) -> None:
        def wrong(text: str) -> str | None:  # said in the dialog, which keeps what was typed
            count = whole(text)
            return None if count is not None and 1 <= count <= 4096 else _("write how many players, e.g. 16")

        def chosen(text: str | None) -> None:
            count = whole(text) if text else None
            if count is None:
                return
            from core.demo import demo_players  # lazy: the demo's generator (53 ms) loads for Ctrl+F only

            taken = {p.name for p in self.event.players}
            people = [(n, r) for n, r in demo_players(count + len(taken)) if n not in taken][:count]
            names = [n for n, _r in people]
            try:
                self.open_desk.add_players(names, readings=[r for _n, r in people])
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            self.say(_("{n} demo players added", n=len(names)))
            self.changed()

        self.app.push_screen(Prompt(_("Fill with demo players: how many?"), "8", check=wrong), chosen)

    def name_typed(self, message: NameEntered) -> None:
        """Names typed or pasted are added in order; those after a same-name
        question wait for its answer, as the results queue does."""
        if message.pasted:
            self._name_batch = self._name_batch or ([], [])
            self._name_paste_ends = message.more == 0
        self._name_queue.append((message.name, message.box, message.reading))
        self._drain_names()

    #: A paste's names added and refused (name: why), told in one message at its end.
    _name_batch: tuple[list[str], list[str]] | None = None
    #: The paste's last line has come (its message is told once that line is added or refused).
    _name_paste_ends = False

    def _name_refused(self, name: str, why: str) -> None:
        if self._name_batch is None:
            self.say(why, error=True)
        else:
            self._name_batch[1].append(f"{name}: {why}" if name else why)

    def _tell_name_batch(self) -> None:
        """The end of a paste: how many were added and every refused line, in one message."""
        if self._name_asking or self._name_queue or self._name_batch is None or not self._name_paste_ends:
            return
        (added, refused), self._name_batch = self._name_batch, None
        text = ngettext("{n} player added", "{n} players added", len(added), n=len(added))
        if refused:
            text += _("; refused: {why}", why=" · ".join(refused))
        self.say(text, error=bool(refused))

    def action_member_history(self) -> None:
        """The highlighted player's history across the data folder's events (a member's; issue 47)."""

        pid = self.host.query_one(PlayersPane).highlighted(self.event)
        p = self.event.player(pid) if pid is not None else None
        if p is None or not p.member:
            self.say(_("choose a member in the players table (F2): their history is kept by member number"), error=True)
            return
        try:
            title, lines = readmodel.member_history(self.app.datadir, p.member)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.app.push_screen(Info(title, lines))

    def member_chosen(self, message: MemberChosen) -> None:
        """A regular registered from the member list with one key (Tab): name, reading and number."""
        self._add_member(message.number)

    def new_member(self, message: NewMember) -> None:
        """A new name joins the member list (Ctrl+S in the name box), then is registered."""

        try:
            m, others = add_member(self.app.datadir.root, message.name, message.reading or None)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.host.query_one(PlayersPane).load_members()
        if self._add_member(m.number) and others:
            self.say(
                _(
                    "{name} is also the name of {others}: the numbers tell them apart",
                    name=m.name,
                    others=", ".join(o.number for o in others),
                )
            )

    def _add_member(self, number: str) -> bool:
        try:
            (pid,) = self.open_desk.add_members(self.app.datadir.root, [number])
            p = self.event.player(pid)
        except LyceeError as err:
            self.say(str(err), error=True)
            return False
        self.say(
            _("added {name} ({id})", name=p.name if f"({p.member})" in p.name else f"{p.name} ({p.member})", id=pid)
        )
        self.changed()
        return True

    def _drain_names(self) -> None:
        while self._name_queue and not self._name_asking:
            name, box, reading = self._name_queue.popleft()
            self._add_player(name, box, reading=reading)
        self._tell_name_batch()

    def _same_name_question(self, name: str, registered: str) -> Confirm:
        """The question before registering (or renaming to) a name that folds
        to a registered one's: a look-alike says which characters differ
        (docs/names.md L-NAME-LOOKALIKE)."""

        note = lookalike_note(name, registered)
        if note:
            return Confirm(
                _(
                    "{name} looks like {first}, who is already registered. Register another person (shown "
                    "as {name} (2))?",
                    name=name,
                    first=registered,
                )
                + note
            )
        return Confirm(
            _("{name} is already registered. Register a second person of that name (shown as {name} (2))?", name=name)
        )

    def _add_player(self, name: str, box: Input, same_name: bool = False, reading: str = "") -> None:

        key = fold_name(name)  # look-alikes too (docs/names.md L-NAME-LOOKALIKE)
        registered = next((p.name for p in self.event.players if fold_name(p.name) == key), None)
        if not same_name and registered is not None:
            self._name_asking = True

            def answered(yes) -> None:
                self._name_asking = False
                if yes:
                    self._add_player(name, box, True, reading)
                else:
                    self._name_refused(name, _("not added"))
                self._drain_names()

            self.app.push_screen(self._same_name_question(name, registered), answered)
            return
        try:
            (pid,) = self.open_desk.add_players([name], allow_same_name=same_name, readings=[reading or None])
            name = self.event.player(pid).name
        except LyceeError as err:
            self._name_refused(name, str(err))
            if self._name_batch is None:  # typed, not pasted: the boxes get it back, to mend
                self.host.query_one(PlayersPane).give_back(name, reading, not reading_ok(reading))
            return
        if self._name_batch is not None:
            self._name_batch[0].append(name)
        self.say(readmodel.added_said(self.event, name, pid))  # a late entry: paired from when, if at all (issue 48)
        self.changed()

    def action_drop(self) -> None:
        if self.host.query_one(TabbedContent).active != "players":
            self.host.action_tab("players")
            self.say(_("choose the player with the arrow keys, then Ctrl+O again"))
            return
        if self.host.focused is not self.host.query_one("#player-table"):  # a row action acts on the focused row only
            self.say(
                _(
                    "Ctrl+O drops the player highlighted in the players table: F2 moves there; choose the "
                    "player with the arrow keys, then Ctrl+O again"
                ),
                error=True,
            )
            return
        pid = self.host.query_one(PlayersPane).highlighted(self.event)
        if pid is None:
            return
        self.ask(self._drop_asked(self.event.player(pid)))

    async def _drop_asked(self, p) -> None:
        """Drop ``p`` once confirmed (G-DROP-1); with their match of this round
        still open, the question is whether that match is lost (G-DROP-2)."""
        question = _("Drop {name} from the event? (G-DROP-1)", name=p.name)
        if readmodel.match_to_settle(self.event, p.id) is not None:
            choice = await self.app.push_screen_wait(
                Choose(
                    question,
                    [
                        ("forfeit", _("Drop; the match of this round is lost (G-DROP-2)")),
                        ("no_forfeit", _("Drop; the match of this round takes the result entered")),
                    ],
                )
            )
        else:
            choice = "forfeit" if await self.app.push_screen_wait(Confirm(question)) else None
        if not choice:
            return
        before = self.event
        try:
            self.open_desk.drop(p.id, forfeit=choice != "no_forfeit")
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        bye = readmodel.kept_bye_text(self.event, p.id)  # L-DROP-BYE: said, never silent
        # from which round (issue 48), and the match of this round it lost (G-DROP-2)
        self.say(readmodel.drop_said(self.event, p.id, before) + (" · " + bye if bye else ""))
        self.changed()

    def action_keep_apart(self) -> None:
        """Keep the highlighted player apart from another (typed: id or exact
        name), or, naming one already kept apart, let them be paired again."""
        p = self._player_at_cursor("Shift+F5")
        if p is None:
            return
        now = join_list(readmodel.kept_apart_from(self.event, p.id), words=True)
        question = _(
            "Keep {name} apart from which player? (id or exact name; never paired in Swiss while the "
            "points order allows it)",
            name=p.name,
        )
        if now:
            question += "\n" + _("kept apart now: {names} (type one of them to let them be paired again)", names=now)

        def typed(ref: str | None) -> None:
            if ref:
                self.ask(self._keep_apart_asked(p, ref))

        self.app.push_screen(Prompt(question), typed)  # at once: keys typed after Shift+F5 go into it

    async def _keep_apart_asked(self, p, ref: str) -> None:
        """The player typed; one already kept apart asks whether to pair them again."""
        try:
            q = self.open_desk.player(ref)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        clear = readmodel.kept_apart(self.event, p.id, q.id)
        if clear and not await self.app.push_screen_wait(
            Confirm(_("Let {a} and {b} be paired again?", a=p.name, b=q.name))
        ):
            return
        try:
            self.open_desk.keep_apart(p.id, q.id, clear=clear)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(
            _("{a} and {b} may be paired again", a=p.name, b=q.name)
            if clear
            else _(
                "{a} and {b} are kept apart: never paired in a Swiss round while the points order "
                "allows it (G-SWISS-PAIR-1/2)",
                a=p.name,
                b=q.name,
            )
        )
        self.changed()

    def _player_at_cursor(self, key: str):
        """The player under the players tab's cursor, or None (then the tab is
        shown and the message says to choose one and press ``key`` again)."""
        if self.host.query_one(TabbedContent).active != "players":
            self.host.action_tab("players")
            self.say(_("choose the player with the arrow keys, then {key} again", key=key))
            return None
        pid = self.host.query_one(PlayersPane).highlighted(self.event)
        return self.event.player(pid) if pid is not None else None

    def action_rename(self) -> None:
        """Shift+F2: correct the name (and reading) of the player under the
        cursor; a name already registered asks the same question as adding."""

        p = self._player_at_cursor("Shift+F2")
        if p is None:
            return

        def chosen(got: tuple[str, str] | None) -> None:
            if got is not None:
                self.ask(self._rename_asked(p, *got))

        # a player without a reading is offered the one suggested for the name (L-READING), shown to confirm
        reading = p.reading or readmodel.suggest_reading(p.name)
        self.app.push_screen(  # at once: keys typed after Shift+F2 go into it
            RenameForm(_("Rename {name} ({id})", name=p.name, id=p.id), p.name, reading), chosen
        )

    async def _rename_asked(self, p, name: str, reading: str) -> None:
        """A name another player has asks the same question as adding; then the rename."""

        registered = next(
            (x.name for x in self.event.players if x.id != p.id and fold_name(x.name) == fold_name(name)), None
        )
        if registered is not None and not await self.app.push_screen_wait(self._same_name_question(name, registered)):
            self.say(_("not renamed"), error=True)
            return
        try:
            self.open_desk.rename(p.id, name, reading=reading, allow_same_name=registered is not None)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(readmodel.rename_said(p, self.event.player(p.id)))
        self.changed()

    def action_remove(self) -> None:
        """Delete: take back the registration under the cursor (a no-show),
        only while never paired (else the message names Ctrl+O, drop)."""
        p = self._player_at_cursor("Delete")
        if p is None:
            return
        why = self.open_desk.removal_refusal(p.id)
        if why is not None:
            self.say(why, error=True)
            return
        self.ask(self._remove_asked(p))

    async def _remove_asked(self, p) -> None:
        """Take back ``p``'s registration once confirmed."""
        if not await self.app.push_screen_wait(
            Confirm(
                _(
                    "Remove the registration of {name}? They will appear in no pairing, standings or export (the log "
                    "keeps it; Ctrl+Z undoes).",
                    name=p.name,
                )
            )
        ):
            return
        try:
            self.open_desk.remove(p.id)
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.say(_("removed the registration of {name} (Ctrl+Z brings it back)", name=p.name))
        self.changed()
