"""The reducers of the event and its players: ``create``, ``edit`` (settings,
see :mod:`core.rules.settings`), ``register``, ``drop`` and ``import`` (an
event file, :mod:`core.rules.eventfile`), with their audit-trail lines."""

from __future__ import annotations

from dataclasses import replace

from core.errors import LyceeError, RuleError
from core.event.changes import forfeit as forfeit_match
from core.event.lookups import player_match, stored_player
from core.event.model import Event, Player
from core.i18n import _
from core.log import action, describer, written_format
from core.names import fold_name, fold_text, lookalike_note
from core.rules.settings import check_settings


def same_name_label(name: str, taken_keys: set[str], fold=fold_name) -> str:
    """``name`` with the first free ordinal, "佐藤花子 (2)", "佐藤花子 (3)"..."""
    k = 2
    while fold(f"{name} ({k})") in taken_keys:
        k += 1
    return f"{name} ({k})"



@action("create")
def _create(event, d):
    s = check_settings(d)
    return Event(id=d["id"], **s)


@action("edit")
def _edit(event, d):
    """A change of settings; a setting facts depend on is locked (core.settings)."""
    from core.rules.settings import check_change

    s = check_settings(d, partial=True)
    check_change(event, s)
    return replace(event, **s)


@action("register")
def _register(event, d):
    if any(r.stage == "top" for r in event.rounds):
        raise LyceeError(_("the Swiss rounds are over (the top cut is made): no more players can join"))
    # look-alike names are one name from format 4 on (docs/names.md); a log written before replays as it was
    fold = fold_name if written_format() >= 4 else fold_text
    seen = {fold(p.name): p.name for p in event.players}
    batch: set[str] = set()
    new = []
    joined = len(event.rounds) + 1
    for p in d["players"]:
        name = p["name"].strip()
        if not name:
            raise LyceeError(_("a player needs a name"))
        key = fold(name)
        if key in batch and not p.get("allow_same_name"):
            raise LyceeError(_("{name!r} is typed twice in this list: nothing was added", name=name))
        batch.add(key)
        if key in seen and p.get("allow_same_name"):
            # a second person of the same name (DESIGN section 3: --allow-same-name):
            # registered as "NAME (2)", so every screen and export tells them apart
            name = same_name_label(name, set(seen), fold)
            key = fold(name)
        elif key in seen:
            raise LyceeError(_("{name!r} is already registered in {name2} (as {x!r}); a second person of that "
                               "name: `lycee player add EVENT NAME --allow-same-name` (the app asks)",
                               name=name, name2=event.name, x=seen[key]) + lookalike_note(name, seen[key]))
        if event.has_player(p["id"]):
            raise LyceeError(_("player id {id!r} is taken", id=p['id']))
        seen[key] = name
        new.append(Player(id=p["id"], name=name, joined_round=joined))
    return replace(event, players=event.players + tuple(new))


@action("drop")
def _drop(event, d):
    """G-DROP-1: dropped at that moment; results played stay; out of
    everything after.  G-DROP-2: asked once the next round is paired (its
    match not yet reported), the processing goes on and the player *may* be
    given the loss of that match: ``forfeit`` (default True) records it; with
    ``forfeit: false`` the match waits for a result like any other."""
    p = stored_player(event, d["player"])
    return drop_player(event, p.id, forfeit=d.get("forfeit", True))


def drop_player(event: Event, pid: str, forfeit: bool = True, why: str = "drop",
                rule: str = "G-DROP-2") -> Event:
    p = event.player(pid)
    if p.excluded:
        raise RuleError(_("{name} was excluded and is already out of the event", name=p.name), "G-DROP-1")
    if p.dropped_after_round is not None:
        raise RuleError(
            _("{name} already dropped after round {dropped_after_round}", name=p.name, dropped_after_round=p.dropped_after_round), "G-DROP-1"
        )
    rnd = event.current_round
    after = len(event.rounds)
    if rnd is not None and forfeit:
        m = player_match(rnd, p.id)
        if m is not None and not m.reported:
            event = forfeit_match(event, rnd, m, p.id, why, rule)
    players = tuple(replace(x, dropped_after_round=after) if x.id == p.id else x for x in event.players)
    return replace(event, players=players)



@action("import")
def _import(event, d):
    from core.rules.eventfile import event_from_doc

    return event_from_doc(d, strict=False)  # checked strictly when imported (core.store)



@describer("create")
def _describe_create(d: dict) -> str:
    return _("created event {name!r}", name=d.get("name", ""))


@describer("import")
def _describe_import(d: dict) -> str:
    return _("imported event {name!r}", name=d.get("name", ""))


@describer("edit")
def _describe_edit(d: dict) -> str:
    from core.rules.settings import field_label, show_value

    return _("changed {fields}", fields=", ".join(f"{field_label(k)} = {show_value(k, v)}"
                                                  for k, v in sorted(d.items())))


@describer("register")
def _describe_register(d: dict) -> str:
    return _("registered {names}", names=", ".join(p["name"] for p in d["players"]))


@describer("drop")
def _describe_drop(d: dict) -> str:
    if d.get("forfeit") is False:
        return _("dropped {player} (no forfeit: the match takes the result entered)", player=d["player"])
    return _("dropped {player}", player=d["player"])
