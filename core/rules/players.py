"""The reducers of the event and its players: ``create``, ``edit`` (settings,
see :mod:`core.rules.settings`), ``register``, ``rename``, ``remove``,
``drop`` and ``import`` (an event file, :mod:`core.rules.eventfile`), with
their audit-trail lines."""

from __future__ import annotations

from dataclasses import replace

from msgspec import UNSET

from core.errors import LyceeError, RuleError
from core.event.changes import forfeit_open
from core.event.lookups import player_match, stored_player
from core.event.model import MAX_PENALTIES, MAX_PLAYERS, MAX_ROUNDS, Event, Player
from core.i18n import _, join_list
from core.log import action, describer, written_format
from core.log.actions import Create, Drop, Edit, Import, Register, Remove, Rename
from core.names import check_reading, fold_name, fold_text, lookalike_note
from core.rules.settings import check_change, check_settings, field_label, show_value
from core.rules.staff import check_head_judge_kept


def same_name_label(name: str, taken_keys: set[str], fold=fold_name) -> str:
    """``name`` with the first free ordinal, "佐藤花子 (2)", "佐藤花子 (3)"..."""
    k = 2
    while fold(f"{name} ({k})") in taken_keys:
        k += 1
    return f"{name} ({k})"


def _check_player_room(event: Event, players: int) -> None:
    """``players`` more stay within MAX_PLAYERS (what an event file carries)."""
    have = len(event.players)
    if have + players > MAX_PLAYERS:
        raise LyceeError(
            _(
                "{event} has {have} players; {n} more would pass the {most} an event holds (the most an "
                "event file carries, so that it can be imported again): nothing was added",
                event=event.name,
                have=f"{have:,}",
                n=f"{players:,}",
                most=f"{MAX_PLAYERS:,}",
            )
        )


def _check_round_room(event: Event, rounds: int) -> None:
    """``rounds`` more stay within MAX_ROUNDS (what an event file carries)."""
    if len(event.rounds) + rounds > MAX_ROUNDS:
        raise LyceeError(
            _(
                "{event} has {have} rounds, the most an event holds (the most an event file carries, "
                "so that it can be imported again): no round is paired",
                event=event.name,
                have=len(event.rounds),
            )
        )


def _check_penalty_room(event: Event, penalties: int) -> None:
    """``penalties`` more stay within MAX_PENALTIES (what an event file carries)."""
    if len(event.penalties) + penalties > MAX_PENALTIES:
        raise LyceeError(
            _(
                "{event} has {have} penalties, the most an event holds (the most an event file carries, "
                "so that it can be imported again): the penalty is not recorded",
                event=event.name,
                have=f"{len(event.penalties):,}",
            )
        )


def check_room(event: Event, players: int = 0, rounds: int = 0, penalties: int = 0) -> None:
    """Refuse to grow ``event`` past the size a lycee-event/1 file carries
    (core.event.model.MAX_PLAYERS ...; issue 44): an event the desk holds
    always exports to a file ``lycee import`` takes again.  The desk calls
    this before it appends (``player add`` and the app's add, a round paired,
    a penalty given); a stored journal is replayed as it was written."""
    if players:
        _check_player_room(event, players)
    if rounds:
        _check_round_room(event, rounds)
    if penalties:
        _check_penalty_room(event, penalties)


@action("create")
def _create(event, payload: Create):
    settings = check_settings(payload.doc)
    return Event(id=payload.doc["id"], **settings)


@action("edit")
def _edit(event, payload: Edit):
    """A change of settings; a setting facts depend on is locked (core.rules.settings)."""
    settings = check_settings(payload.doc, partial=True)
    check_change(event, settings)
    if "staff" in settings:
        check_head_judge_kept(event, settings["staff"])  # L-STAFF-HJ
    return replace(event, **settings)


def _add_typed_once(name: str, key: str, batch: set[str], allow_same_name: bool) -> None:
    """A name is typed once in a list (unless a second person of it is allowed): its key added to ``batch``."""
    if key in batch and not allow_same_name:
        raise LyceeError(_("{name!r} is typed twice in this list: nothing was added", name=name))
    batch.add(key)


def _new_name(event: Event, p, seen: dict[str, str], batch: set[str], fold) -> str:
    """The name a new player is registered under: typed once in the list,
    told apart by their member number (issue 47) or as "NAME (2)" when a
    second person of the name is allowed, else refused (L-NAME-KEY).
    ``seen``: the names registered by their key; ``batch``: the keys typed."""
    name = p.name.strip()
    if not name:
        raise LyceeError(_("a player needs a name"))
    key = fold(name)
    _add_typed_once(name, key, batch, p.allow_same_name)
    name, key = _member_name(name, key, p.member, seen, fold)
    if key not in seen:
        return name
    if not p.allow_same_name:
        raise _same_name_error(event, name, seen[key])
    # a second person of the same name (the command line in README.md: --allow-same-name):
    # registered as "NAME (2)", so every screen and export tells them apart
    return same_name_label(name, set(seen), fold)


def _member_name(name: str, key: str, member: str | None, seen: dict[str, str], fold) -> tuple[str, str]:
    """The name (and its key) of a member whose name is registered already:
    their number tells them apart (issue 47), never "NAME (2)"."""
    if member and key in seen:
        name = f"{name} ({member})"
        return name, fold(name)
    return name, key


def _same_name_error(event: Event, name: str, registered: str) -> LyceeError:
    """L-NAME-KEY: ``name`` is one name with ``registered`` (a look-alike named)."""
    return LyceeError(
        _(
            "{name!r} is already registered in {name2} (as {x!r}); a second person of that "
            "name: `lycee player add EVENT NAME --allow-same-name` (the app asks)",
            name=name,
            name2=event.name,
            x=registered,
        )
        + lookalike_note(name, registered)
    )


def _add_new_member(event: Event, member: str | None, members: set[str]) -> None:
    """A member number is registered once in an event (issue 47): added to ``members``, else refused."""
    if not member:
        return
    if member in members:
        raise LyceeError(
            _("member {number} is already registered in {event}: nothing was added", number=member, event=event.name)
        )
    members.add(member)


def _member_numbers(event: Event) -> set[str]:
    """The member numbers the event's players carry (issue 47)."""
    return {p.member for p in event.players if p.member}


@action("register")
def _register(event, payload: Register):
    _refuse_after_top_cut(event)
    # look-alike names are one name from format 4 on (docs/names.md); a log written before replays as it was
    fold = fold_name if written_format() >= 4 else fold_text
    seen = {fold(p.name): p.name for p in event.players}
    batch: set[str] = set()
    members = _member_numbers(event)
    new = []
    joined = len(event.rounds) + 1
    for p in payload.players:
        name = _new_name(event, p, seen, batch, fold)
        _refuse_taken_id(event, p.id)
        seen[fold(name)] = name
        _add_new_member(event, p.member, members)
        new.append(_entrant_player(p, name, joined))
    return replace(event, players=event.players + tuple(new))


def _entrant_player(p, name: str, joined: int) -> Player:
    """A registered entrant as a player of the event, called ``name``, in from round ``joined``."""
    return Player(id=p.id, name=name, joined_round=joined, reading=check_reading(p.reading), member=p.member or None)


def _refuse_after_top_cut(event) -> None:
    """No player joins once the top cut is made."""
    if any(r.stage == "top" for r in event.rounds):
        raise LyceeError(_("the Swiss rounds are over (the top cut is made): no more players can join"))


def _refuse_taken_id(event, pid: str) -> None:
    """A new player's id is no one's, not even a removed player's."""
    if event.has_player(pid) or any(x.id == pid for x in event.removed):
        raise LyceeError(_("player id {id!r} is taken", id=pid))


@action("rename")
def _rename(event, payload: Rename):
    """A name (and its reading) corrected, with ``reading`` when it changes
    (None clears it).  The same-name rule holds for the new name
    (L-NAME-KEY): refused unless ``allow_same_name`` (then shown as
    "NAME (2)").  Everything shows the new name; the log line keeps both."""
    p = stored_player(event, payload.player)
    name = payload.name.strip()
    if not name:
        raise LyceeError(_("a player needs a name"))
    reading = p.reading if payload.reading is UNSET else check_reading(payload.reading)
    _check_changes(p, name, reading)
    name = _free_name(event, p.id, name, payload.allow_same_name)
    return _renamed(event, p.id, name, reading)


def _check_changes(p: Player, name: str, reading: str | None) -> None:
    """A rename changes the name or the reading of ``p``."""
    if name == p.name and reading == p.reading:
        raise LyceeError(
            _(
                "{id} is already called {x!r} with that reading: nothing to change (type the corrected name)",
                id=p.id,
                x=name,
            )
        )


def _renamed(event: Event, pid: str, name: str, reading: str | None) -> Event:
    """``event`` with ``pid`` called ``name`` (and ``reading``) everywhere, the draft table's seats too."""
    players = tuple(replace(x, name=name, reading=reading) if x.id == pid else x for x in event.players)
    return replace(event, players=players, pods=_pods_renamed(event.pods, pid, name))


def _pods_renamed(pods, pid: str, name: str) -> tuple:
    """The draft table's seats with ``pid``'s seat called ``name``."""
    return tuple(tuple(replace(seat, name=name) if seat.player == pid else seat for seat in pod) for pod in pods)


def _free_name(event: Event, pid: str, name: str, allow_same_name: bool) -> str:
    """The new name of ``pid`` when no other player has it (L-NAME-KEY), or
    "NAME (2)" when a second person of the name is allowed; else refused."""
    seen = _names_of_others(event, pid)
    key = fold_name(name)
    if key not in seen:
        return name
    if allow_same_name:
        return same_name_label(name, set(seen))
    raise LyceeError(
        _(
            "{name!r} is already registered in {name2} (as {x!r}); a second person of that "
            "name: `lycee player rename EVENT PLAYER NAME --allow-same-name` (the app asks)",
            name=name,
            name2=event.name,
            x=seen[key],
        )
        + lookalike_note(name, seen[key])
    )


def _names_of_others(event: Event, pid: str) -> dict[str, str]:
    """The names of the players but ``pid``, by their key (L-NAME-KEY)."""
    return {fold_name(x.name): x.name for x in event.players if x.id != pid}


def _first_round_paired(event: Event, pid: str) -> int | None:
    """The first round ``pid`` was paired in, or None."""
    return next((r.number for r in event.rounds if any(pid in m.players() for m in r.matches)), None)


def _has_limited_place(event: Event, pid: str) -> bool:
    """``pid`` has a seat at the draft table or a pool."""
    return any(s.player == pid for pod in event.pods for s in pod) or event.pool_of(pid) is not None


def removal_refusal(event: Event, pid: str) -> str | None:
    """Why the registration of ``pid`` cannot be removed (it was paired, it has
    a seat, a pool or a penalty on record), or None: a registration is removed
    only while nothing of the event's play refers to it."""
    p = event.player(pid)
    paired = _first_round_paired(event, pid)
    if paired is not None:
        return _(
            "{name} was paired in round {r}: only a registration never paired can be removed; to take "
            "them out of the next rounds drop them (`lycee player drop EVENT {id}`, in the app Ctrl+O)",
            name=p.name,
            r=paired,
            id=p.id,
        )
    if _has_limited_place(event, pid):
        return _(
            "{name} has a seat at the draft table or a pool: drop them instead "
            "(`lycee player drop EVENT {id}`, in the app Ctrl+O)",
            name=p.name,
            id=p.id,
        )
    if _has_penalty(event, pid):
        return _(
            "{name} has a penalty on record, which must stay: drop them instead "
            "(`lycee player drop EVENT {id}`, in the app Ctrl+O)",
            name=p.name,
            id=p.id,
        )
    return None


def _has_penalty(event: Event, pid: str) -> bool:
    """A penalty of ``pid`` is on record."""
    return any(x.player == pid for x in event.penalties)


@action("remove")
def _remove(event, payload: Remove):
    """A registration taken back before the player was ever paired (a
    no-show): out of every list, table and export, as if never registered;
    their decklist goes with them.  The id stays taken (``Event.removed``)."""
    p = stored_player(event, payload.player)
    why = removal_refusal(event, p.id)
    if why is not None:
        raise LyceeError(why)
    return _without(event, p)


def _without(event: Event, p) -> Event:
    """``event`` as if ``p`` never registered (their decklist, deck checks and apart pairs gone); the id stays taken."""
    pid = p.id
    return replace(
        event,
        players=tuple(x for x in event.players if x.id != pid),
        decklists=_not_of(event.decklists, pid),
        deck_checks=_not_of(event.deck_checks, pid),
        apart=tuple(x for x in event.apart if pid not in x),
        removed=event.removed + (p,),
    )


def _not_of(records: tuple, pid: str) -> tuple:
    """``records`` (decklists, deck checks) but those of player ``pid``."""
    return tuple(x for x in records if x.player != pid)


@action("drop")
def _drop(event, payload: Drop):
    """G-DROP-1: dropped at that moment; results played stay; out of
    everything after.  G-DROP-2: asked once the next round is paired (its
    match not yet reported), the processing goes on and the player *may* be
    given the loss of that match: ``forfeit`` (default True) records it; with
    ``forfeit: false`` the match waits for a result like any other."""
    p = stored_player(event, payload.player)
    return drop_player(event, p.id, forfeit=payload.forfeit)


def _check_still_in(p) -> None:
    """G-DROP-1: a player excluded or dropped already is out of the event."""
    if p.excluded:
        raise RuleError(_("{name} was excluded and is already out of the event", name=p.name), "G-DROP-1")
    if p.dropped_after_round is not None:
        raise RuleError(
            _(
                "{name} already dropped after round {dropped_after_round}",
                name=p.name,
                dropped_after_round=p.dropped_after_round,
            ),
            "G-DROP-1",
        )


def drop_player(event: Event, pid: str, forfeit: bool = True, why: str = "drop", rule: str = "G-DROP-2") -> Event:
    p = event.player(pid)
    _check_still_in(p)
    rnd = event.current_round
    after = len(event.rounds)
    if rnd is not None and forfeit:
        event = forfeit_open(event, rnd, p.id, why, rule)
    return replace(event, players=_dropped_after(event.players, p.id, after))


def _dropped_after(players: tuple[Player, ...], pid: str, after: int) -> tuple[Player, ...]:
    """``players`` with ``pid`` dropped after round ``after`` (G-DROP-1)."""
    return tuple(replace(x, dropped_after_round=after) if x.id == pid else x for x in players)


def kept_bye_text(event: Event, pid: str) -> str:
    """L-DROP-BYE: a player who drops in the round they hold the bye keeps it
    (3 points, a 2-0 win: G-SWISS-POINTS).  Our reading: the bye is given
    when the round is paired and has no opponent or match to process, so it
    stands like a result already recorded (G-DROP-1); G-DROP-2's loss is for
    the match being processed, which a bye is not.  The words the desk says,
    or "" when the player holds no bye this round."""
    rnd = event.current_round
    if rnd is None:
        return ""
    m = player_match(rnd, pid)
    if m is None or not m.is_bye:
        return ""
    return _(
        "{name} keeps the bye of round {r} (3 points): a bye is given when the round is paired and "
        "stands like a result already recorded (G-DROP-1, L-DROP-BYE)",
        name=event.player(pid).name,
        r=rnd.number,
    )


@action("import")
def _import(event, payload: Import):
    # the event-file model loads for an import only (tests/test_cli_engine.py: `lycee result` loads none)
    from core.rules.eventfile import event_from_doc

    return event_from_doc(payload.doc, strict=False)  # checked strictly when imported (core.store)


@describer("create")
def _describe_create(payload: Create) -> str:
    return _("created event {name!r}", name=payload.doc.get("name", ""))


@describer("import")
def _describe_import(payload: Import) -> str:
    return _("imported event {name!r}", name=payload.doc.get("name", ""))


@describer("edit")
def _describe_edit(payload: Edit) -> str:
    return _(
        "changed {fields}",
        fields=join_list(f"{field_label(k)} = {show_value(k, v)}" for k, v in sorted(payload.doc.items())),
    )


@describer("register")
def _describe_register(payload: Register) -> str:
    return _("registered {names}", names=join_list((p.name for p in payload.players), words=True))


def rename_line(old: str, new: str, reading: str | None = None, with_reading: bool = False) -> str:
    """What a rename did, for the log, the command line and the app: both
    names (L-RENAME), or only the reading when the name stayed."""
    parts = [_("renamed {old} → {new}", old=old, new=new) if old != new else _("reading of {name} corrected", name=new)]
    if with_reading:
        parts.append(_("reading {r}", r=reading) if reading else _("no reading"))
    return " · ".join(parts)


@describer("rename")
def _describe_rename(payload: Rename) -> str:
    reading = None if payload.reading is UNSET else payload.reading
    return rename_line(payload.old or payload.player, payload.name, reading, payload.reading is not UNSET)


@describer("remove")
def _describe_remove(payload: Remove) -> str:
    return _("removed the registration of {name}", name=payload.name or payload.player)


@describer("drop")
def _describe_drop(payload: Drop) -> str:
    if payload.forfeit is False:
        return _("dropped {player} (no forfeit: the match takes the result entered)", player=payload.player)
    return _("dropped {player}", player=payload.player)
