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


def describe(act: dict) -> str:
    """A short line for the audit trail, in the current language."""
    d = act.get("data", {})
    t = act["type"]
    if t == "register":
        return _("registered {names}", names=", ".join(p["name"] for p in d["players"]))
    if t == "pair":
        return _("paired round {r} ({stage}, {n} tables)", r=d["round"], stage=d.get("stage", "swiss"),
                 n=len(d["matches"]))
    if t == "result":
        return _("result round {r} table {t}: {res}", r=d["round"], t=d["table"], res=d["result"])
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
        return _("game round {r} table {t}: {game}", r=d["round"], t=d["table"], game=d["game"])
    if t == "id_decision":
        return _("intentional draw round {r} table {t}: {decision} (by {by})", r=d["round"], t=d["table"],
                 decision=d["decision"], by=d.get("by", ""))
    if t == "clock":
        if d.get("op") == "extend":
            return _("clock extend round {r} table {t} +{m} min", r=d["round"], t=d["table"], m=d["minutes"])
        return _("clock {op} round {r}", op=d["op"], r=d["round"])
    if t == "checkin":
        return _("checked in {player} (round {r})", player=d["player"], r=d["round"])
    if t == "late":
        return _("{rule} {decision} table {t}: {players}", rule=d["rule"], decision=d["decision"],
                 t=d["table"], players=", ".join(d["players"]))
    if t == "penalty":
        return _("{level} for {player} by {by}: {reason}", level=_(d["level"]), player=d["player"],
                 by=d.get("by", ""), reason=d.get("reason", ""))
    if t == "appeal":
        return _("appeal of penalty #{n}: {outcome} (by {by})", n=d["penalty"], outcome=d["outcome"],
                 by=d.get("by", ""))
    if t in _DESCRIBE:
        return _DESCRIBE[t](d)
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
            raise LyceeError(_("kind {kind!r}: choose one of {x}", kind=kind, x=', '.join(KINDS)))
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
        if head and name_key(head) not in {name_key(j) for j in judges}:
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
    while name_key(f"{name} ({k})") in taken_keys:
        k += 1
    return f"{name} ({k})"


def find_player(event: Event, ref: str) -> Player:
    """A player by id, or by exact name (NFKC-folded)."""
    if event.has_player(ref):
        return event.player(ref)
    key = name_key(ref)
    hits = [p for p in event.players if name_key(p.name) == key]
    if len(hits) == 1:
        return hits[0]
    raise NotFound(_("no player {ref!r} in {name}", ref=ref, name=event.name))


def _set_match(event: Event, rnd: Round, new: Match) -> Event:
    matches = tuple(new if m.table == new.table else m for m in rnd.matches)
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
    seen = {name_key(p.name): p.name for p in event.players}
    batch: set[str] = set()
    new = []
    joined = len(event.rounds) + 1
    for p in d["players"]:
        name = p["name"].strip()
        if not name:
            raise LyceeError(_("a player needs a name"))
        key = name_key(name)
        if key in batch and not p.get("allow_same_name"):
            raise LyceeError(_("{name!r} is typed twice in this list: nothing was added", name=name))
        batch.add(key)
        if key in seen and p.get("allow_same_name"):
            # a second person of the same name (DESIGN section 3: --allow-same-name):
            # registered as "NAME (2)", so every screen and export tells them apart
            name = same_name_label(name, set(seen))
            key = name_key(name)
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
    p = find_player(event, d["player"])
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
        if p2 is None:
            matches.append(Match(table, p1, None, 2, 0, 0, "bye", note))
        else:
            matches.append(Match(table, p1, p2, note=note))
    return replace(event, rounds=event.rounds + (Round(number, d.get("stage", "swiss"), tuple(matches)),))


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


def _intentional_note(event: Event, rnd: Round, m: Match, override_by: str | None) -> str:
    """G-ID-1/2: an intentional draw only before the match starts.  Here the
    match has started once the round clock has (or games were entered, or it
    has a result).  The head judge may override; the note says so."""
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
    if override_by:
        from .staff import require_head_judge

        hj = require_head_judge(event, override_by, "G-ID-2")
        return f"ID (head judge {hj} overrode G-ID-2)"
    raise RuleError(
        _("no intentional draw: {why}; it must be agreed and told to a judge before the match starts (a head judge may override)", why=why), "G-ID-2")


@action("result")
def _result(event, d):
    """One match result.  ``games`` (optional) is the game-by-game entry the
    result is derived from; ``intentional`` an intentional draw (G-ID-1/2,
    with ``override_by`` the head judge's name to override G-ID-2)."""
    rnd, m = _table(event, d)
    if m.is_bye:
        raise RuleError(_("table {table} is a bye: it takes no result", table=m.table), "G-SWISS-POINTS")
    games = None
    if d.get("games") is not None:
        games = tuple(d["games"])
        r = result_from_games(games, event.match, rnd.stage)
        given = (d.get("p1_wins", r.p1_wins), d.get("p2_wins", r.p2_wins), d.get("draws", r.draws))
        if given != (r.p1_wins, r.p2_wins, r.draws):
            raise LyceeError(_("the games give {x}, not {x2}", x=r.text(), x2='-'.join(map(str, given))))
    else:
        r = Result(d["p1_wins"], d["p2_wins"], d.get("draws", 0), d.get("intentional", False))
    note = d.get("note", "")
    if r.intentional:
        note = _intentional_note(event, rnd, m, d.get("override_by"))
        games = ()
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
        raise RuleError(_("the match at table {table} is over ({outcome}): no more games", table=m.table, outcome=m.outcome), rule)
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

    return event_from_doc(d)


# Reducers kept in modules of their own register themselves on import; import
# them here so that they are there whenever the log is replayed.
from . import clock as _clock  # noqa: E402,F401
from . import lateness as _lateness  # noqa: E402,F401
from . import penalties as _penalties  # noqa: E402,F401
from . import decklists as _decklists  # noqa: E402,F401
