"""The action log: the registry of reducers and what replays, undoes and
describes a log with them.

An event is stored as an append-only list of actions::

    {"seq": 7, "at": "2026-11-30T14:02:11+09:00", "actor": "desk",
     "type": "result", "v": 4, "data": {...}}

``data`` is the action's payload, one Struct per kind (:mod:`core.log.actions`):
it is decoded with its kind's Struct before the reducer sees it.

Current state is ``replay(actions)``.  Undo is itself an action that names the
action it takes back (always the newest one still in force), so the history is
never rewritten and the audit trail shows both.

Each action type has one ``apply`` function, registered with :func:`action`,
that takes the event and the payload.  It checks the rules first and raises (:class:`~core.errors.LyceeError`) before
anything changes, so appending an action validates it.

This module imports no reducer.  The package that holds them (``core.rules``)
tells it, with :func:`provide`, which module registers each action type; a
module is imported when an action of its type is first applied or described
(an open that reads a checkpoint and replays a few results never loads the
card engine).  Code that replays imports :mod:`core.rules`, which re-exports
these functions with the rule set provided.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import msgspec

from core.errors import LyceeError
from core.i18n import _
from core.log.actions import PAYLOADS, Action, BadPayload, payload_of, readable

Apply = Callable[[Any, Any], Any]
Describe = Callable[[Any], str]
_APPLY: dict[str, Apply] = {}
#: Audit-trail lines, one per action type (see :func:`describe`).
_DESCRIBE: dict[str, Describe] = {}
#: action type -> the module that registers its reducer and describer.
_MODULES: dict[str, str] = {}
#: Action types that cannot be undone (they make the event exist).
FOUNDING = {"create", "import"}
#: The format actions are written in (stored as "v" with each action; actions
#: without it were written before the journal, format 1).  An action is
#: checked against the rules when it is appended; a stored one is replayed as
#: it was written: a rule made stricter later checks only actions written
#: after it (see :func:`written_format`), so a stored event always opens.
#: The format is of the rules, not of the payload's shape: a payload keeps its
#: keys across formats (a new key gets a default that means what its absence
#: meant), so every stored action decodes with today's Struct.
#: Format 3: round 1 of a limited event needs every deck legal (G-SEALED).
#: Format 4: pairing round 1 fixes a blank Swiss round count (L-ROUNDS), and no
#: winner (G-ID-3) only in the final, not before it or in a playoff, and names that
#: only look alike are the same name when registering (the confusables
#: skeleton, core.names.fold_name; docs/names.md L-NAME-KEY).
#: Format 5: after round 1 is paired a decklist is registered or changed only by
#: a judge, with a reason (G-DECKLIST; core.rules.decklists).
#: Format 6 (issue 46): a match-loss penalty takes a finished match too
#: (L-MATCH-LOSS); a staff member never penalises in, corrects, decides or
#: hears the appeal of a match they play (L-STAFF-PLAYS); the head judge is
#: not removed without a replacement once the event started (L-STAFF-HJ).
ACTION_FORMAT = 6
_FORMAT: ContextVar[int] = ContextVar("action_format", default=ACTION_FORMAT)


def action(name: str) -> Callable[[Apply], Apply]:
    """Register the reducer for one action type."""

    def deco(fn: Apply) -> Apply:
        _APPLY[name] = fn
        return fn

    return deco


def describer(name: str) -> Callable[[Describe], Describe]:
    """Register the audit-trail line of one action type (see :func:`describe`)."""

    def deco(fn: Describe) -> Describe:
        _DESCRIBE[name] = fn
        return fn

    return deco


def provide(modules: dict[str, str]) -> None:
    """Say which module (a dotted name) registers each action type; it is
    imported when an action of that type is first applied or described."""
    _MODULES.update(modules)


def _load(kind: Any) -> None:
    """Import the module of ``kind``; for a type nobody named, every module."""
    names = [_MODULES[kind]] if kind in _MODULES else sorted(set(_MODULES.values()))
    for name in names:
        importlib.import_module(name)


def payload(act: dict) -> Action:
    """The payload of ``act`` (its ``data``, a dict or already a Struct),
    decoded with its kind's Struct; a payload that is not its kind's shape
    is refused naming the kind, the seq and the JSON path of the problem."""
    kind = act.get("type")
    if kind not in PAYLOADS:
        raise LyceeError(_("unknown action type {kind!r} (seq {x})", kind=kind, x=act.get("seq")))
    try:
        return payload_of(str(kind), act.get("data", {}))
    except BadPayload as err:
        raise LyceeError(
            _(
                "the data of a {kind!r} action (seq {x}) is not what that action holds: {reason}",
                kind=kind,
                x=act.get("seq"),
                reason=err,
            )
        ) from None


def apply(event: Any, act: dict) -> Any:
    """``event`` after ``act`` (a stored action, or ``{"type", "data"}`` to try one)."""
    kind = act.get("type")
    reducer(kind, act.get("seq"))  # an unknown kind is named before its payload is read
    return apply_payload(event, str(kind), payload(act), act.get("v", 1), act.get("seq"))


def apply_payload(event: Any, kind: str, data: Action, v: int = ACTION_FORMAT, seq: Any = None) -> Any:
    """``event`` after the ``kind`` action whose payload is the Struct ``data``,
    checked by the rules of format ``v`` (what the store appends: no dict)."""
    fn = reducer(kind, seq)
    if event is None and kind not in FOUNDING:
        raise LyceeError(_("the log must begin with 'create', not {kind!r}", kind=kind))
    token = _FORMAT.set(v)
    try:
        return fn(event, data)
    finally:
        _FORMAT.reset(token)


def reducer(kind: Any, seq: Any = None) -> Apply:
    """The reducer of ``kind``, its module imported the first time."""
    fn = _APPLY.get(kind) if isinstance(kind, str) else None
    if fn is None:
        _load(kind)
        fn = _APPLY.get(kind) if isinstance(kind, str) else None
    if fn is None:
        raise LyceeError(_("unknown action type {kind!r} (seq {x})", kind=kind, x=seq))
    return fn


def written_format() -> int:
    """The format of the action being applied (its "v"; 1 when it has none:
    an action of the first journal, or one built to replay an imported file)."""
    return _FORMAT.get()


def undone_seqs(actions: list[dict]) -> set[int]:
    """Seqs taken back by an undo still in force."""
    return {a["data"]["target"] for a in actions if a["type"] == "undo"}


def replay(actions: list[dict]) -> Any:
    skip = undone_seqs(actions)
    event = None
    for act in actions:
        if act["type"] == "undo" or act["seq"] in skip:
            continue
        event = apply(event, act)
    return event


#: Action types that hold a place and change nothing: an undo passes over them
#: (``lost``: what a journal repair could not recover, core.rules.repair).
PLACEHOLDERS = {"lost"}


def undo_target(actions: list[dict]) -> dict:
    """The newest action still in force that can be undone."""
    skip = undone_seqs(actions)
    for act in reversed(actions):
        if act["type"] == "undo" or act["seq"] in skip or act["type"] in PLACEHOLDERS:
            continue
        if act["type"] in FOUNDING:
            break
        return act
    raise LyceeError(_("nothing to undo"))


#: What a correction stores with it, in one go (L-LATER): the head judge's ruling that keeps a later
#: round as played, or that round taken back, paired again and announced.  An undo takes them back
#: with the correction and a redo brings them back with it: a correction is never left in force
#: without what keeps the later rounds whole, nor a ruling without its correction.
WITH_CORRECTION = ("ruling", "unpair", "pair", "announce")


def _field(act: dict, name: str) -> Any:
    data = act.get("data")
    return data.get(name) if isinstance(data, dict) else getattr(data, name, None)


def _goes_with(act: dict, later: dict) -> bool:
    """Whether ``later`` was stored with ``act`` (the same time and actor)."""
    return (act.get("at"), act.get("actor")) == (later.get("at"), later.get("actor"))


def undo_targets(actions: list[dict]) -> list[dict]:
    """What an undo takes back now, newest first: the newest action in force (:func:`undo_target`)
    and, when it went with a correction (:data:`WITH_CORRECTION`), the rest of that correction's
    actions back to the correction itself."""
    target = undo_target(actions)
    skip = undone_seqs(actions)
    unit = [target]
    for act in reversed([a for a in actions if a["seq"] < target["seq"]]):
        if act["type"] == "undo" or act["seq"] in skip or act["type"] in PLACEHOLDERS:
            continue
        if unit[-1]["type"] not in WITH_CORRECTION or not _goes_with(act, target):
            break
        unit.append(act)
    while len(unit) > 1 and not (unit[-1]["type"] == "result" and _field(unit[-1], "correct")):
        unit.pop()  # no correction under them: the newest alone
    return unit if len(unit) > 1 else [target]


def as_unit(targets: list[dict]) -> dict:
    """What an undo or redo of ``targets`` (newest first) is said as: the first of them (the
    correction) with ``"with"``, the kinds stored with it (none for a single action)."""
    if len(targets) == 1:
        return targets[0]
    return {**targets[-1], "with": [t["type"] for t in reversed(targets[:-1])]}


def redo_targets(actions: list[dict]) -> list[tuple[dict, dict]]:
    """What a redo brings back, oldest first, as (the undo it reverses, the action that undo took
    back): :func:`redo_target`, and when that undo took back a correction with what went with it
    (:func:`undo_targets`, stored as one run of undos), the whole run."""
    undo, target = redo_target(actions)
    pairs = [(undo, target)]
    by_seq = {a["seq"]: a for a in actions}
    if target["type"] != "result" or not _field(target, "correct"):
        return pairs
    for act in reversed([a for a in actions if a["seq"] < undo["seq"]]):
        took = by_seq.get(act["data"]["target"]) if act["type"] == "undo" and _goes_with(act, undo) else None
        if took is None or took["type"] not in WITH_CORRECTION or not _goes_with(took, target):
            break
        pairs.append((act, took))
    return sorted(pairs, key=lambda p: p[1]["seq"])


def redo_target(actions: list[dict]) -> tuple[dict, dict]:
    """What a redo brings back: (the undo it reverses, the action that undo
    took back).  Only while nothing but undos and redos was stored since: the
    newest undo of that run not redone yet (a redo is the taken-back action
    stored again, marked ``"redo": <the undo's seq>``).  Raises LyceeError
    when there is none."""
    undo = _newest_open_undo(actions)
    if undo is not None:
        target = {a["seq"]: a for a in actions}.get(undo["data"]["target"])
        if target is not None and target["type"] not in PLACEHOLDERS:
            return undo, target
    raise LyceeError(_("nothing to redo: only the last undo can be redone, while nothing else was stored since"))


def _newest_open_undo(actions: list[dict]) -> dict | None:
    """The newest undo not redone yet in the run of undos and redos that ends
    the actions (placeholders skipped); None when that run holds none."""
    redone: set[int] = set()
    for act in reversed(actions):
        if act["type"] in PLACEHOLDERS:
            continue
        if "redo" in act:
            redone.add(act["redo"])
        elif act["type"] != "undo":
            return None
        elif act["seq"] not in redone:
            return act
    return None


def describe(act: dict, names: dict[str, str] | None = None) -> str:
    """A short line for the audit trail, in the current language; with ``names``
    (player id -> name) players are named, not numbered."""
    kind = act["type"]
    if kind not in PAYLOADS:
        return str(kind)
    given = act.get("data", {})
    data = given if isinstance(given, Action) else readable(kind, given)  # a refused action is still listed
    if names:
        data = _named(data, names)
    if kind == "undo":
        return _("undid #{seq}", seq=data.target)  # type: ignore[attr-defined]
    line = _describer(kind)
    return line(data) if line is not None else kind


def _describer(kind: str) -> Describe | None:
    """The registered audit-trail line of ``kind`` (its module imported first); None when none is."""
    if kind not in _DESCRIBE:
        _load(kind)
    return _DESCRIBE.get(kind)


def _named(data: Action, names: dict[str, str]) -> Action:
    """``data`` with its player ids (``player``, a list of ``players``) replaced by names."""
    changes: dict[str, Any] = {}
    player = getattr(data, "player", None)
    if isinstance(player, str):
        changes["player"] = names.get(player, player)
    players = getattr(data, "players", None)
    if isinstance(players, list) and all(isinstance(x, str) for x in players):
        changes["players"] = [names.get(x, x) for x in players]
    return msgspec.structs.replace(data, **changes) if changes else data
