"""The action log and the reducer that turns it into an :class:`~core.model.Event`.

An event is stored as an append-only list of actions::

    {"seq": 7, "at": "2026-11-30T14:02:11+09:00", "actor": "desk",
     "type": "result", "data": {...}}

Current state is ``replay(actions)``.  Undo is itself an action that names the
action it takes back (always the newest one still in force), so the history is
never rewritten and the audit trail shows both.

Each action type has one ``apply`` function, registered with :func:`action`.
It checks the rules first and raises (:class:`~core.errors.LyceeError`) before
anything changes, so appending an action validates it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from datetime import date
from typing import Callable

from .errors import LyceeError, NotFound, RuleError
from .matchrules import Result, check_result
from .model import (
    DEFAULT_TIEBREAKERS,
    KINDS,
    MATCH_TYPES,
    TIEBREAKERS,
    Event,
    Match,
    Player,
    Round,
    Staff,
)

Apply = Callable[[Event | None, dict], Event]
_APPLY: dict[str, Apply] = {}
#: Action types that cannot be undone (they make the event exist).
FOUNDING = {"create", "import"}


def action(name: str):
    """Register the reducer for one action type."""

    def deco(fn: Apply) -> Apply:
        _APPLY[name] = fn
        return fn

    return deco


def apply(event: Event | None, act: dict) -> Event:
    kind = act.get("type")
    fn = _APPLY.get(kind)
    if fn is None:
        raise LyceeError(f"unknown action type {kind!r} (seq {act.get('seq')})")
    if event is None and kind not in FOUNDING:
        raise LyceeError(f"the log must begin with 'create', not {kind!r}")
    return fn(event, act.get("data", {}))


def undone_seqs(actions: list[dict]) -> set[int]:
    """Seqs taken back by an undo still in force."""
    return {a["data"]["target"] for a in actions if a["type"] == "undo"}


def replay(actions: list[dict]) -> Event | None:
    skip = undone_seqs(actions)
    event = None
    for act in actions:
        if act["type"] == "undo" or act["seq"] in skip:
            continue
        event = apply(event, act)
    return event


def undo_target(actions: list[dict]) -> dict:
    """The newest action still in force that can be undone."""
    skip = undone_seqs(actions)
    for act in reversed(actions):
        if act["type"] == "undo" or act["seq"] in skip:
            continue
        if act["type"] in FOUNDING:
            break
        return act
    raise LyceeError("nothing to undo")


def describe(act: dict) -> str:
    """A short English line for the audit trail."""
    d = act.get("data", {})
    t = act["type"]
    if t == "register":
        return "registered " + ", ".join(p["name"] for p in d["players"])
    if t == "pair":
        return f"paired round {d['round']} ({d.get('stage', 'swiss')}, {len(d['matches'])} tables)"
    if t == "result":
        return f"result round {d['round']} table {d['table']}: {d['result']}"
    if t == "drop":
        return f"dropped {d['player']}"
    if t == "undo":
        return f"undid #{d['target']}"
    if t == "create":
        return f"created event {d.get('name', '')!r}"
    if t == "import":
        return f"imported event {d.get('name', '')!r}"
    if t == "edit":
        return "changed " + ", ".join(sorted(d))
    return t


# -- helpers ---------------------------------------------------------------


def name_key(name: str) -> str:
    """Names compare after NFKC (full-width = half-width), trimmed, case-folded,
    with runs of spaces folded: '山田　太郎' and '山田 太郎' are one name."""
    n = unicodedata.normalize("NFKC", name).strip().casefold()
    return re.sub(r"\s+", " ", n)


def check_settings(d: dict, partial: bool = False) -> dict:
    """Validate event settings; return them normalised."""
    out: dict = {}

    def has(k):
        return k in d or not partial

    if has("name"):
        name = str(d.get("name", "")).strip()
        if not name:
            raise LyceeError("the event needs a name")
        out["name"] = name
    if has("date"):
        try:
            out["date"] = date.fromisoformat(str(d.get("date"))).isoformat()
        except ValueError:
            raise LyceeError(f"date {d.get('date')!r} is not YYYY-MM-DD") from None
    if "kind" in d or not partial:
        kind = d.get("kind", "constructed")
        if kind not in KINDS:
            raise LyceeError(f"kind {kind!r}: choose one of {', '.join(KINDS)}")
        out["kind"] = kind
    if "match" in d or not partial:
        m = d.get("match", "bo3")
        if m not in MATCH_TYPES:
            raise LyceeError(f"match {m!r}: choose bo3 or bo1")
        out["match"] = m
    if "minutes" in d or not partial:
        minutes = d.get("minutes", 50 if out.get("match", "bo3") == "bo3" else 30)
        if not isinstance(minutes, int) or not 1 <= minutes <= 600:
            raise LyceeError(f"minutes {minutes!r}: a whole number from 1 to 600")
        out["minutes"] = minutes
    if "rounds_planned" in d or not partial:
        r = d.get("rounds_planned")
        if r is not None and (not isinstance(r, int) or not 1 <= r <= 30):
            raise LyceeError(f"rounds {r!r}: a whole number from 1 to 30")
        out["rounds_planned"] = r
    if "tiebreakers" in d or not partial:
        tb = tuple(d.get("tiebreakers", DEFAULT_TIEBREAKERS))
        bad = [t for t in tb if t not in TIEBREAKERS]
        if bad:
            raise LyceeError(
                f"unknown tiebreaker {bad[0]!r}: choose from {', '.join(TIEBREAKERS)} (G-TIE-1)"
            )
        if len(set(tb)) != len(tb):
            raise LyceeError("a tiebreaker is listed twice")
        out["tiebreakers"] = tb
    if "staff" in d or not partial:
        s = d.get("staff") or {}
        judges = tuple(j.strip() for j in s.get("judges", ()) if j and j.strip())
        head = (s.get("head_judge") or "").strip()
        if head and head not in judges:
            judges = (*judges, head)
        out["staff"] = Staff(
            organizer=(s.get("organizer") or "").strip(), judges=judges, head_judge=head
        )
    for flag in ("sanctioned", "decklists_required", "spectating"):
        if flag in d:
            out[flag] = bool(d[flag])
    return out


def find_player(event: Event, ref: str) -> Player:
    """A player by id, or by exact name (NFKC-folded)."""
    if event.has_player(ref):
        return event.player(ref)
    key = name_key(ref)
    hits = [p for p in event.players if name_key(p.name) == key]
    if len(hits) == 1:
        return hits[0]
    raise NotFound(f"no player {ref!r} in {event.name}")


def _set_match(event: Event, rnd: Round, new: Match) -> Event:
    matches = tuple(new if m.table == new.table else m for m in rnd.matches)
    rounds = list(event.rounds)
    rounds[rnd.number - 1] = replace(rnd, matches=matches)
    return replace(event, rounds=tuple(rounds))


def _round(event: Event, number: int) -> Round:
    if not 1 <= number <= len(event.rounds):
        raise NotFound(f"round {number} has not been paired")
    return event.rounds[number - 1]


def player_match(rnd: Round, pid: str) -> Match | None:
    for m in rnd.matches:
        if m.p1 == pid or m.p2 == pid:
            return m
    return None


# -- the reducers ------------------------------------------------------------


@action("create")
def _create(event, d):
    s = check_settings(d)
    return Event(id=d["id"], **s)


@action("edit")
def _edit(event, d):
    return replace(event, **check_settings(d, partial=True))


@action("register")
def _register(event, d):
    seen = {name_key(p.name): p.name for p in event.players}
    new = []
    joined = len(event.rounds) + 1
    for p in d["players"]:
        name = p["name"].strip()
        if not name:
            raise LyceeError("a player needs a name")
        key = name_key(name)
        if key in seen:
            raise LyceeError(f"{name!r} is already registered in {event.name} (as {seen[key]!r})")
        if event.has_player(p["id"]):
            raise LyceeError(f"player id {p['id']!r} is taken")
        seen[key] = name
        new.append(Player(id=p["id"], name=name, joined_round=joined))
    return replace(event, players=event.players + tuple(new))


@action("drop")
def _drop(event, d):
    """G-DROP-1: dropped at once, results played stay.  G-DROP-2: asked once
    the next round is paired, the unplayed match is recorded as a loss."""
    p = find_player(event, d["player"])
    if p.excluded:
        raise RuleError(f"{p.name} was excluded and is already out of the event", "G-DROP-1")
    if p.dropped_after_round is not None:
        raise RuleError(
            f"{p.name} already dropped after round {p.dropped_after_round}", "G-DROP-1"
        )
    rnd = event.current_round
    after = len(event.rounds)
    if rnd is not None:
        m = player_match(rnd, p.id)
        if m is not None and not m.reported:
            event = _forfeit(event, rnd, m, p.id, "drop", "G-DROP-2")
    players = tuple(replace(x, dropped_after_round=after) if x.id == p.id else x for x in event.players)
    return replace(event, players=players)


def _forfeit(event: Event, rnd: Round, m: Match, loser: str, why: str, rule: str) -> Event:
    """Record an unplayed match as a loss for ``loser`` (2-0 or 1-0 to the other)."""
    games = 2 if event.match == "bo3" else 1
    if m.p2 is None:
        new = replace(m, p1_wins=0, p2_wins=0, draws=0, outcome="double_loss", note=f"{why} {rule}")
    elif m.p1 == loser:
        new = replace(m, p1_wins=0, p2_wins=games, draws=0, outcome="p2", note=f"{why} {rule}")
    else:
        new = replace(m, p1_wins=games, p2_wins=0, draws=0, outcome="p1", note=f"{why} {rule}")
    return _set_match(event, rnd, new)


@action("pair")
def _pair(event, d):
    number = d["round"]
    if number != len(event.rounds) + 1:
        raise LyceeError(f"round {number} cannot be paired now (next is {len(event.rounds) + 1})")
    cur = event.current_round
    if cur is not None and not cur.complete:
        tables = ", ".join(map(str, cur.missing_tables()))
        raise RuleError(f"round {cur.number} still misses results at table(s) {tables}")
    matches = []
    for m in d["matches"]:
        table, p1, p2 = m["table"], m["p1"], m.get("p2")
        for pid in (p1, p2):
            if pid is not None and not event.has_player(pid):
                raise NotFound(f"no player {pid!r}")
        note = m.get("note", "")
        if p2 is None:
            matches.append(Match(table, p1, None, 2, 0, 0, "bye", note))
        else:
            matches.append(Match(table, p1, p2, note=note))
    return replace(event, rounds=event.rounds + (Round(number, d.get("stage", "swiss"), tuple(matches)),))


@action("result")
def _result(event, d):
    rnd = _round(event, d["round"])
    m = rnd.match_at(d["table"])
    if m is None:
        raise NotFound(f"round {rnd.number} has no table {d['table']}")
    if m.is_bye:
        raise RuleError(f"table {m.table} is a bye: it takes no result", "G-SWISS-POINTS")
    r = Result(d["p1_wins"], d["p2_wins"], d.get("draws", 0), d.get("intentional", False))
    check_result(r, event.match, rnd.stage)
    note = "ID" if r.intentional else d.get("note", "")
    new = replace(m, p1_wins=r.p1_wins, p2_wins=r.p2_wins, draws=r.draws, outcome=r.outcome, note=note)
    return _set_match(event, rnd, new)


@action("import")
def _import(event, d):
    from .eventfile import event_from_doc

    return event_from_doc(d)
