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
from dataclasses import replace
from datetime import date
from typing import Callable

from . import labels as L
from .i18n import _
from .errors import LyceeError, NotFound, RuleError
from .matchrules import (
    Result,
    agrees_with_games,
    check_games,
    check_result,
    match_over,
    result_from_games,
)
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
#: The format actions are written in (stored as "v" with each action; actions
#: without it were written before the journal, format 1).  An action is
#: checked against the rules when it is appended; a stored one is replayed as
#: it was written.
ACTION_FORMAT = 2


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
        _load_reducers(kind)
        fn = _APPLY.get(kind)
    if fn is None:
        raise LyceeError(_("unknown action type {kind!r} (seq {x})", kind=kind, x=act.get('seq')))
    if event is None and kind not in FOUNDING:
        raise LyceeError(_("the log must begin with 'create', not {kind!r}", kind=kind))
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
    raise LyceeError(_("nothing to undo"))


#: Audit-trail lines of action types kept in modules of their own.
_DESCRIBE: dict[str, Callable[[dict], str]] = {}


def describer(name: str):
    """Register the audit-trail line of one action type (see :func:`describe`)."""

    def deco(fn: Callable[[dict], str]) -> Callable[[dict], str]:
        _DESCRIBE[name] = fn
        return fn

    return deco


def describe(act: dict, names: dict[str, str] | None = None) -> str:
    """A short line for the audit trail, in the current language; with ``names``
    (player id -> name) players are named, not numbered."""
    d = act.get("data", {})
    if names:
        d = _named(d, names)
    t = act["type"]
    if t == "register":
        return _("registered {names}", names=", ".join(p["name"] for p in d["players"]))
    if t == "pair":
        return _("paired round {r} ({stage}, {n} tables)", r=d["round"], stage=L.stage_label(d.get("stage", "swiss")),
                 n=len(d["matches"]))
    if t == "result":
        line = _("result round {r} table {t}: {res}", r=d["round"], t=d["table"], res=L.result_label(d["result"]))
        if d.get("correct"):
            line += " · " + (_("correction by head judge {by}", by=d["correct_by"]) if d.get("correct_by")
                             else _("correction"))
        if d.get("time_called"):
            line += " · " + _("time called (G-BO3-TIME)")
        return line
    if t == "drop" and d.get("forfeit") is False:
        return _("dropped {player} (no forfeit: the match takes the result entered)", player=d["player"])
    if t == "drop":
        return _("dropped {player}", player=d["player"])
    if t == "undo":
        return _("undid #{seq}", seq=d["target"])
    if t == "create":
        return _("created event {name!r}", name=d.get("name", ""))
    if t == "import":
        return _("imported event {name!r}", name=d.get("name", ""))
    if t == "edit":
        from .settings import field_label, show_value

        return _("changed {fields}", fields=", ".join(f"{field_label(k)} = {show_value(k, v)}"
                                                      for k, v in sorted(d.items())))
    if t == "game":
        return _("game round {r} table {t}: {game}", r=d["round"], t=d["table"], game=L.game_label(d["game"]))
    if t == "id_decision":
        return _("intentional draw round {r} table {t}: {decision} (by {by})", r=d["round"], t=d["table"],
                 decision=L.id_decision_label(d["decision"]), by=d.get("by", ""))
    if t == "clock":
        if d.get("op") == "extend":
            return _("clock extend round {r} table {t} +{m} min", r=d["round"], t=d["table"], m=d["minutes"])
        return _("{op} (round {r})", op=L.clock_op_label(d["op"]), r=d["round"])
    if t == "checkin":
        return _("checked in {player} (round {r})", player=d["player"], r=d["round"])
    if t == "late":
        return _("{rule} {decision} table {t}: {players}", rule=L.late_rule_label(d["rule"]),
                 decision=L.late_decision_label(d["decision"]),
                 t=d["table"], players=", ".join(d["players"]))
    if t == "penalty":
        return _("{level} for {player} by {by}: {reason}", level=L.penalty_level_label(d["level"]), player=d["player"],
                 by=d.get("by", ""), reason=d.get("reason", ""))
    if t == "appeal":
        return _("appeal of penalty #{n}: {outcome} (by {by})", n=d["penalty"], outcome=L.appeal_outcome_label(d["outcome"]),
                 by=d.get("by", ""))
    if t not in _DESCRIBE and t not in _APPLY:
        _load_reducers(t)
    if t in _DESCRIBE:
        return _DESCRIBE[t](d)
    return t


# -- helpers ---------------------------------------------------------------


def _named(d: dict, names: dict[str, str]) -> dict:
    """``d`` with its player ids (``player``, a list of ``players``) replaced by names."""
    out = dict(d)
    if isinstance(d.get("player"), str):
        out["player"] = names.get(d["player"], d["player"])
    if isinstance(d.get("players"), list) and all(isinstance(x, str) for x in d["players"]):
        out["players"] = [names.get(x, x) for x in d["players"]]
    return out


def _pname(event: Event, pid: str | None) -> str:
    """A player's name for a sentence ('' when the seat is empty)."""
    return event.player(pid).name if pid and event.has_player(pid) else ""


from .names import fold_name  # noqa: E402  (one definition: core/names.py)


def check_settings(d: dict, partial: bool = False) -> dict:
    """Validate event settings; return them normalised."""
    out: dict = {}

    def has(k):
        return k in d or not partial

    if has("name"):
        name = str(d.get("name", "")).strip()
        if not name:
            raise LyceeError(_("the event needs a name"))
        out["name"] = name
    if has("date"):
        try:
            out["date"] = date.fromisoformat(str(d.get("date"))).isoformat()
        except ValueError:
            raise LyceeError(_("date {x!r} is not YYYY-MM-DD", x=d.get('date'))) from None
    if "kind" in d or not partial:
        kind = d.get("kind", "constructed")
        if kind not in KINDS:
            raise LyceeError(_("kind {kind!r}: choose one of {x}", kind=kind, x=L.choices(KINDS, L.kind_label)))
        out["kind"] = kind
    if "match" in d or not partial:
        m = d.get("match", "bo3")
        if m not in MATCH_TYPES:
            raise LyceeError(_("match {m!r}: choose bo3 or bo1", m=m))
        out["match"] = m
    if "minutes" in d or not partial:
        minutes = d.get("minutes", 50 if out.get("match", "bo3") == "bo3" else 30)
        if not isinstance(minutes, int) or not 1 <= minutes <= 600:
            raise LyceeError(_("minutes {minutes!r}: a whole number from 1 to 600", minutes=minutes))
        out["minutes"] = minutes
    if "rounds_planned" in d or not partial:
        r = d.get("rounds_planned")
        if r is not None and (not isinstance(r, int) or not 1 <= r <= 30):
            raise LyceeError(_("rounds {r!r}: a whole number from 1 to 30", r=r))
        out["rounds_planned"] = r
    if "tiebreakers" in d or not partial:
        tb = tuple(d.get("tiebreakers", DEFAULT_TIEBREAKERS))
        bad = [t for t in tb if t not in TIEBREAKERS]
        if bad:
            raise LyceeError(
                _("unknown tiebreaker {x!r}: choose from {x2} (G-TIE-1)", x=bad[0], x2=', '.join(TIEBREAKERS))
            )
        if len(set(tb)) != len(tb):
            raise LyceeError(_("a tiebreaker is listed twice"))
        out["tiebreakers"] = tb
    if "staff" in d or not partial:
        s = d.get("staff") or {}
        judges = tuple(j.strip() for j in s.get("judges", ()) if j and j.strip())
        head = (s.get("head_judge") or "").strip()
        if head and fold_name(head) not in {fold_name(j) for j in judges}:
            judges = (*judges, head)  # G-HEAD-JUDGE: one of the judges
        event_staff = tuple(x.strip() for x in s.get("event_staff", ()) if x and x.strip())
        out["staff"] = Staff(
            organizer=(s.get("organizer") or "").strip(), judges=judges, head_judge=head,
            event_staff=event_staff,
        )
    for flag in ("sanctioned", "decklists_required", "spectating"):
        if flag in d:
            out[flag] = bool(d[flag])
    return out


def same_name_label(name: str, taken_keys: set[str]) -> str:
    """``name`` with the first free ordinal, "佐藤花子 (2)", "佐藤花子 (3)"..."""
    k = 2
    while fold_name(f"{name} ({k})") in taken_keys:
        k += 1
    return f"{name} ({k})"


def find_player(event: Event, ref: str) -> Player:
    """A player by id, or by exact name (NFKC-folded); ``id:p3`` and ``name:p3``
    say which.  A plain ref that is one player's id and another's name is
    refused as ambiguous (docs/names.md)."""
    from .names import ambiguous, split_ref

    how, value = split_ref(ref)
    by_id = event.player(value) if how != "name" and event.has_player(value) else None
    key = fold_name(value)
    hits = [] if how == "id" else [p for p in event.players if fold_name(p.name) == key]
    if by_id is not None:
        others = [p for p in hits if p.id != by_id.id]
        if others and how is None:
            raise ambiguous(value, by_id.name, others[0].id)
        return by_id
    if len(hits) == 1:
        return hits[0]
    raise NotFound(_("no player {ref!r} in {name}", ref=ref, name=event.name))


def stored_player(event: Event, ref: str) -> Player:
    """The player an action in the log names: logs hold ids (older ones may
    hold a name), so an id wins here without the ambiguity check."""
    return event.player(ref) if event.has_player(ref) else find_player(event, ref)


def _set_match(event: Event, rnd: Round, new: Match) -> Event:
    ms = rnd.matches
    i = new.table - 1
    if 0 <= i < len(ms) and ms[i].table == new.table:  # tables are numbered in order: no scan
        matches = ms[:i] + (new,) + ms[i + 1:]
    else:
        matches = tuple(new if m.table == new.table else m for m in ms)
    return event.with_round(replace(rnd, matches=matches))


def require_complete(event: Event) -> None:
    """No pairing of any kind while a result of the current round is missing;
    the message lists the tables."""
    cur = event.current_round
    if cur is not None and not cur.complete:
        tables = ", ".join(map(str, cur.missing_tables()))
        raise RuleError(_("round {number} is not finished: results missing at table(s) {tables}",
                          number=cur.number, tables=tables))


def _round(event: Event, number: int) -> Round:
    if not 1 <= number <= len(event.rounds):
        raise NotFound(_("round {number} has not been paired", number=number))
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
    """A change of settings; a setting facts depend on is locked (core.settings)."""
    from .settings import check_change

    s = check_settings(d, partial=True)
    check_change(event, s)
    return replace(event, **s)


@action("register")
def _register(event, d):
    if any(r.stage == "top" for r in event.rounds):
        raise LyceeError(_("the Swiss rounds are over (the top cut is made): no more players can join"))
    seen = {fold_name(p.name): p.name for p in event.players}
    batch: set[str] = set()
    new = []
    joined = len(event.rounds) + 1
    for p in d["players"]:
        name = p["name"].strip()
        if not name:
            raise LyceeError(_("a player needs a name"))
        key = fold_name(name)
        if key in batch and not p.get("allow_same_name"):
            raise LyceeError(_("{name!r} is typed twice in this list: nothing was added", name=name))
        batch.add(key)
        if key in seen and p.get("allow_same_name"):
            # a second person of the same name (DESIGN section 3: --allow-same-name):
            # registered as "NAME (2)", so every screen and export tells them apart
            name = same_name_label(name, set(seen))
            key = fold_name(name)
        elif key in seen:
            raise LyceeError(_("{name!r} is already registered in {name2} (as {x!r}); a second person of that "
                               "name: `lycee player add EVENT NAME --allow-same-name` (the app asks)",
                               name=name, name2=event.name, x=seen[key]))
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
            event = _forfeit(event, rnd, m, p.id, why, rule)
    players = tuple(replace(x, dropped_after_round=after) if x.id == p.id else x for x in event.players)
    return replace(event, players=players)


def _forfeit(event: Event, rnd: Round, m: Match, loser: str, why: str, rule: str) -> Event:
    """Record an unplayed match as a loss for ``loser`` (2-0 or 1-0 to the other).
    Games entered so far are superseded (the log keeps them)."""
    games = 2 if event.match == "bo3" else 1
    note = f"{why} {rule}"
    if m.p2 is None:
        new = replace(m, p1_wins=0, p2_wins=0, draws=0, outcome="double_loss", note=note, games=())
    elif m.p1 == loser:
        new = replace(m, p1_wins=0, p2_wins=games, draws=0, outcome="p2", note=note, games=())
    else:
        new = replace(m, p1_wins=games, p2_wins=0, draws=0, outcome="p1", note=note, games=())
    return _set_match(event, rnd, new)


forfeit = _forfeit


def double_loss(event: Event, rnd: Round, m: Match, why: str, rule: str) -> Event:
    """Both players lose the match (both late, G-LATE-1)."""
    new = replace(m, p1_wins=0, p2_wins=0, draws=0, outcome="double_loss",
                  note=f"{why} {rule}", games=())
    return _set_match(event, rnd, new)


@action("pair")
def _pair(event, d):
    number = d["round"]
    if number != len(event.rounds) + 1:
        raise LyceeError(_("round {number} cannot be paired now (next is {x})", number=number, x=len(event.rounds) + 1))
    require_complete(event)
    if number == 1 and (event.build is not None or event.kind in ("sealed", "draft")):
        from .decklists import check_build_done

        check_build_done(event)  # G-SEALED, G-DRAFT-4: decks built before round 1
    matches = []
    for m in d["matches"]:
        table, p1, p2 = m["table"], m["p1"], m.get("p2")
        for pid in (p1, p2):
            if pid is not None and not event.has_player(pid):
                raise NotFound(_("no player {pid!r}", pid=pid))
        note = m.get("note", "")
        why = tuple(tuple(r) for r in m.get("why", ()))  # core.explain
        if p2 is None:
            matches.append(Match(table, p1, None, 2, 0, 0, "bye", note, why=why))
        else:
            matches.append(Match(table, p1, p2, note=note, why=why))
    stage = d.get("stage", "swiss")
    third = bool(d.get("third_place", False))
    if third and (stage != "top" or any(r.stage == "top" for r in event.rounds)):
        raise LyceeError(_("a third-place match is planned with the first elimination round only (G-SE)"))
    return replace(event, rounds=event.rounds + (Round(number, stage, tuple(matches), third_place=third),))


@action("unpair")
def _unpair(event, d):
    """Take back the pairing of the current round before it starts, so it can
    be paired again: refused once a result is in or the round clock started."""
    rnd = event.current_round
    if rnd is None or rnd.number != d["round"]:
        raise LyceeError(_("round {round} is not the current round", round=d['round']))
    played = [m.table for m in rnd.matches if m.reported and not m.is_bye]
    if played:
        raise LyceeError(_("round {number} has results (tables {x}): it cannot be paired again", number=rnd.number, x=', '.join(map(str, played))))
    if rnd.clock is not None:
        raise LyceeError(_("round {number} has started (its clock runs): it cannot be paired again", number=rnd.number))
    return replace(event, rounds=event.rounds[:-1])


@describer("unpair")
def _describe_unpair(d: dict) -> str:
    return _("took back the pairing of round {r}", r=d['round'])


def _table(event: Event, d: dict) -> tuple[Round, Match]:
    rnd = _round(event, d["round"])
    m = rnd.match_at(d["table"])
    if m is None:
        raise NotFound(_("round {number} has no table {table}", number=rnd.number, table=d['table']))
    return rnd, m


def _intentional_note(event: Event, rnd: Round, m: Match, legacy_override: str | None = None) -> str:
    """G-ID-1/2: an intentional draw only before the match starts.  Here the
    match has started once the round clock has (or games were entered, or it
    has a result).  The guideline allows no exception: no command writes a
    head judge's override any more, and a clock started by mistake is taken
    back with undo.  ``legacy_override`` (``override_by`` in logs written
    before this rule) keeps those events opening as they were recorded."""
    why = None
    if m.reported and not m.intentional:
        why = _("table {t} already has a result (the match is over)", t=m.table)
    elif m.games:
        why = _("games were entered at table {t} (the match has started)", t=m.table)
    elif rnd.clock is not None:
        from datetime import datetime

        at = datetime.fromisoformat(rnd.clock.started_at).strftime("%H:%M:%S")
        why = _("round {r}'s clock started at {at} (the match has started)", r=rnd.number, at=at)
    if why is None:
        return "ID"
    if legacy_override and not (m.reported and not m.intentional):
        return f"ID (head judge {legacy_override} overrode G-ID-2)"
    raise RuleError(
        _("no intentional draw: {why}; it must be agreed and told to a judge before the match starts, "
          "with no exception (a clock started by mistake is taken back with `lycee undo` / Ctrl+Z)", why=why),
        "G-ID-2")


#: Why a match was recorded as a loss without being played (the note
#: ``_forfeit`` writes: "drop G-DROP-2", "excluded G-PEN-2", "late G-LATE-1"...).
FORFEIT_WHYS = ("drop", "excluded", "penalty", "late")
_FORFEIT_NOTE = re.compile(r"^(%s) G-[A-Z0-9-]+$" % "|".join(FORFEIT_WHYS))


def is_forfeit(m: Match) -> bool:
    """The result was recorded by a drop, an exclusion, a penalty or
    lateness, not played (G-DROP-2, G-PEN-2, G-LATE-1)."""
    return bool(_FORFEIT_NOTE.match(m.note or ""))


def _result_words(m: Match) -> str:
    if m.intentional:
        return "ID"
    return f"{m.p1_wins}-{m.p2_wins}" + (f"-{m.draws}" if m.draws else "") + (f" ({m.note})" if m.note else "")


def protected_reason(event: Event, rnd: Round, m: Match) -> str | None:
    """Why a recorded result may change only by undo or the head judge's
    correction (DESIGN section 3, ``--correct``): a forfeit recorded by a
    drop or an exclusion, a finished event, a Swiss round under a top cut."""
    if is_forfeit(m):
        return _("the loss at table {t} was recorded by {why} ({note})", t=m.table,
                 why=m.note.split()[0], note=m.note)
    from .elimination import event_finished

    if event_finished(event):
        return _("the event is finished (the final is decided)")
    if rnd.stage == "swiss" and any(r.stage == "top" for r in event.rounds):
        return _("round {r} is a Swiss round and the top cut was made from it", r=rnd.number)
    return None


def check_correction(event: Event, rnd: Round, m: Match, d: dict) -> str | None:
    """A result on a table that has one is a correction: refused unless
    ``correct`` is given; a protected result (:func:`protected_reason`) also
    needs ``correct_by``, the head judge, whose name the log keeps.
    Returns the head judge's name when one corrected, else None."""
    if not m.reported:
        return None
    if not d.get("correct"):
        raise LyceeError(_("round {r} table {t} already has a result ({old}): to replace it, enter it "
                           "with --correct (the app asks first)", r=rnd.number, t=m.table, old=_result_words(m)))
    why = protected_reason(event, rnd, m)
    if why is None:
        return None
    by = d.get("correct_by")
    if not by:
        raise RuleError(_("{why}: it changes only by undo (`lycee undo`) or the head judge's correction "
                          "(--correct --by HEAD_JUDGE)", why=why), "G-HEAD-JUDGE")
    from .staff import require_head_judge

    return require_head_judge(event, by, "G-HEAD-JUDGE")


@action("result")
def _result(event, d):
    """One match result.  ``games`` (optional) is the game-by-game entry the
    result is derived from; ``intentional`` an intentional draw (G-ID-1/2,
    refused once the match started: G-ID-2 has no exception)."""
    rnd, m = _table(event, d)
    if m.is_bye:
        raise RuleError(_("table {table} is a bye: it takes no result", table=m.table), "G-SWISS-POINTS")
    if d.get("intentional") and m.reported and not m.intentional:
        _intentional_note(event, rnd, m)  # G-ID-2: the match is over
    corrected_by = check_correction(event, rnd, m, d)
    games = None
    if d.get("games") is not None:
        games = tuple(d["games"])
        r = result_from_games(games, event.match, rnd.stage)
        given = (d.get("p1_wins", r.p1_wins), d.get("p2_wins", r.p2_wins), d.get("draws", r.draws))
        if given != (r.p1_wins, r.p2_wins, r.draws):
            raise LyceeError(_("the games give {x}, not {x2}", x=r.text(), x2='-'.join(map(str, given))))
    else:
        r = Result(d["p1_wins"], d["p2_wins"], d.get("draws", 0), d.get("intentional", False))
    from .elimination import REPLAY, THIRD_PLACE, THIRD_PLACE_PLANNED

    # a note that says what the match is (third-place match, replay) stays
    keep = m.note if m.note in (THIRD_PLACE, THIRD_PLACE_PLANNED, REPLAY) else ""
    note = d.get("note", keep)
    if r.intentional:
        note = _intentional_note(event, rnd, m, d.get("override_by"))
        games = ()
    if corrected_by:
        note = (note + " " if note else "") + f"(corrected by head judge {corrected_by})"
    check_result(r, event.match, rnd.stage)
    if games is None:
        games = m.games
        if games and not agrees_with_games(r, games):
            raise LyceeError(
                _("{x} disagrees with the games entered at table {table} ({x2}): enter the games, or undo them first", x=r.text(), table=m.table, x2=', '.join(games)))
    new = replace(m, p1_wins=r.p1_wins, p2_wins=r.p2_wins, draws=r.draws, outcome=r.outcome,
                  note=note, games=games, intentional=r.intentional)
    return _set_match(event, rnd, new)


@action("game")
def _game(event, d):
    """One more game at a table (G-CONCEDE: a concession is a game loss; in
    best of three the match goes on while nobody has two wins).  When the
    game ends the match (G-BO3, G-BO1) the match result is set from the games."""
    rnd, m = _table(event, d)
    rule = "G-BO1" if event.match == "bo1" else "G-BO3"
    if m.is_bye:
        raise RuleError(_("table {table} is a bye: no games are played", table=m.table), "G-SWISS-POINTS")
    if m.reported:
        raise RuleError(_("the match at table {table} is over ({outcome}): no more games", table=m.table,
                           outcome=L.match_outcome_label(m.outcome, _pname(event, m.p1), _pname(event, m.p2))), rule)
    return add_game(event, rnd, m, d["game"])


def add_game(event: Event, rnd: Round, m: Match, code: str) -> Event:
    """``m`` with one more game; when it ends the match (G-BO3, G-BO1) the
    match result is set from the games."""
    games = m.games + (code,)
    check_games(games, event.match)
    if match_over(games, event.match):
        r = result_from_games(games, event.match, rnd.stage)
        new = replace(m, games=games, p1_wins=r.p1_wins, p2_wins=r.p2_wins, draws=r.draws,
                      outcome=r.outcome)
    else:
        new = replace(m, games=games)
    return _set_match(event, rnd, new)


ID_DECISIONS = ("replay", "no_winner")


@action("id_decision")
def _id_decision(event, d):
    """G-ID-3: where a ranking is needed (an elimination or playoff match), the
    organizer orders a replay of an intentionally drawn match or declares no
    winner.  The draw itself follows G-ID-1/2 (``override_by``: head judge)."""
    rnd, m = _table(event, d)
    decision = d["decision"]
    if decision not in ID_DECISIONS:
        raise LyceeError(_("decision {decision!r}: choose replay or no_winner", decision=decision))
    if rnd.stage not in ("top", "playoff"):
        raise RuleError(
            _("round {number} is a Swiss round: an intentional draw there is simply a draw (enter it as the result 'id')", number=rnd.number), "G-ID-3")
    if m.is_bye:
        raise RuleError(_("table {table} is a bye", table=m.table), "G-ID-3")
    from .staff import require_organizer

    org = require_organizer(event, d.get("by"), "G-ID-3")
    if not m.intentional:
        _intentional_note(event, rnd, m, d.get("override_by"))
    if decision == "replay":
        from .elimination import replay_match

        new = replay_match(m)
    else:
        new = replace(m, p1_wins=0, p2_wins=0, draws=0, outcome="draw", intentional=True,
                      games=(), note=f"ID: no winner, decided by {org} (G-ID-3)")
    return _set_match(event, rnd, new)


@action("import")
def _import(event, d):
    from .eventfile import event_from_doc

    return event_from_doc(d, strict=False)  # checked strictly when imported (core.store)


# Reducers kept in modules of their own register themselves on import.  They
# are imported when an action of theirs is first applied or described (an
# open that reads a checkpoint and replays a few results never loads the
# card engine); a type not listed here makes every one of them load.
_REDUCER_MODULES = {"clock": "clock", "checkin": "lateness", "late": "lateness", "penalty": "penalties",
                    "appeal": "penalties", "decklist": "decklists", "deck_check": "decklists",
                    "build": "decklists", "pods": "decklists", "pool": "decklists",
                    "publish": "publish", "announce": "publish"}

def _load_reducers(kind) -> None:
    import importlib
    names = [_REDUCER_MODULES[kind]] if kind in _REDUCER_MODULES else sorted(set(_REDUCER_MODULES.values()))
    for name in names:
        importlib.import_module(f"{__package__}.{name}")
