"""The replay of an import: the document as the desk's actions (docs/eventfile.md).

:func:`doc_actions` turns a checked document into the actions the desk writes
(``create``, ``register``, ``pair``, ``game``, ``result``, ``drop``) and
:func:`replay` applies them with the desk's own reducers
(:func:`core.rules.apply`), so a result the rules refuse at the desk is
refused in a file too, in the same words, at the JSON path it came from.  Each
replayed match is then compared with the file's.  Facts only the file carries
(clock times, check-ins, lateness rulings, penalties, decklists, pools...) are
set by the reducers of :mod:`core.rules.filefacts`.
"""

from __future__ import annotations

from collections.abc import Iterator

from core import labels
from core.errors import LyceeError
from core.event.model import Event, Match, Round
from core.i18n import _
from core.log.actions import (
    Apart,
    Create,
    Drop,
    Entrant,
    FilePeople,
    FileRecords,
    FileRound,
    Game,
    Pair,
    Pairing,
    Register,
    ResultAction,
    RulingAction,
)
from core.rules import apply
from core.rules.results import apply_results
from core.tournament.matchrules import match_over

#: The file's keys that are event settings (the ``create`` action's data).
_SETTINGS = (
    "name",
    "date",
    "kind",
    "match",
    "minutes",
    "rounds_planned",
    "tiebreakers",
    "staff",
    "sanctioned",
    "rules",
    "decklists_required",
    "spectating",
    "store",
)
#: The file's keys restored by the ``file_records`` action (core.rules.filefacts).
_RECORDS = ("decklists", "deck_checks", "build", "pods", "pools", "store_calendar")
#: Actions after whose refusal the replay cannot go on.
_FOUNDATIONS = ("create", "register", "pair")

#: A step of the replay: (JSON path a refusal names, the match it belongs to or None,
#: the action: ``{"type": kind, "data": its payload}``).
Step = tuple[str, str | None, dict]
#: A round's ``result`` actions in a row (no ``game`` between them), as (the
#: match's JSON path, the payload): applied together by
#: :func:`core.rules.results.apply_results`, as one by one they give the same.
Results = list[tuple[str, ResultAction]]


class _Run:
    """One replay under way: the event so far, the matches refused (one problem
    a match), whether the replay went through."""

    def __init__(self, problems: list, skip: set[tuple[int, int]]) -> None:
        self.event: Event | None = None
        self.failed: set[str] = set()
        self.whole = True
        self.problems = problems
        self.skip = skip


def replay(doc: dict, ok: set[str], skip: set[tuple[int, int]], problems: list) -> Event | None:
    """Apply the document's actions (:func:`doc_actions`) with the reducers
    (core.rules.apply); every refusal is a problem at the JSON path of what
    it came from.  Then the replayed results are compared with the file's."""
    run = _Run(problems, skip)
    _apply_steps(run, doc_actions(doc, ok, skip))
    if run.event is not None:
        _compare(doc, run.event, skip, run.failed, problems)
    return run.event if run.whole else None


def _apply_steps(run: _Run, steps: Iterator[Step | Results]) -> None:
    """Each step applied in turn, until one the replay cannot go on without is refused."""
    for step in steps:
        if isinstance(step, list):
            _apply_results(run, step)
        elif not _apply_action(run, step):
            break


def _apply_results(run: _Run, step: Results) -> None:
    """A round's results in a row: the round and the event built once.  (No
    event: ``create`` was refused, and the replay stopped.)"""
    left = _not_failed(run, step)
    if left and run.event is not None:
        run.event, errors = apply_results(run.event, left[0][1].round, [p for _path, p in left])
        _refused_results(run, left, errors)


def _not_failed(run: _Run, step: Results) -> Results:
    """The results of ``step`` whose match has no problem yet (one problem a match)."""
    return [x for x in step if x[0] not in run.failed]


def _refused_results(run: _Run, results: Results, errors: list) -> None:
    """Each result refused (its error not None) is a problem at its match's path."""
    for (path, _p), err in zip(results, errors):
        _refused(run, path, path, err)


def _apply_action(run: _Run, step: Step) -> bool:
    """Apply one action; False: it was refused and the replay cannot go on."""
    path, key, act = step
    if key in run.failed:
        return True  # one problem a match
    try:
        run.event = apply(run.event, act)
    except LyceeError as err:
        if act["type"] in _FOUNDATIONS:
            _stopped(run, path, err)
            return False
        _refused(run, path, key or path, err)
    return True


def _refused(run: _Run, path: str, key: str, err: LyceeError | None) -> None:
    if err is not None:
        run.problems.append((path, str(err)))
        run.failed.add(key)


def _stopped(run: _Run, path: str, err: LyceeError) -> None:
    run.whole = False
    if not (run.problems and (run.failed or run.skip)):  # else it may follow from a problem listed
        run.problems.append((path, str(err)))


def doc_actions(doc: dict, ok: set[str], skip: set[tuple[int, int]]) -> Iterator[Step | Results]:
    """The checked document as the actions that make its event: ``create``
    with its settings; then before each round the players who joined for it
    (``register``), the drops after the round before (``drop``, no forfeit:
    the file holds the results), the limited records (before round 1); each
    round's ``pair``, its ``game`` and ``result`` actions and its
    ``file_round`` facts; last the penalties, exclusions and player order
    (``file_people``).  Only players in ``ok`` are registered; matches in
    ``skip`` are left out.  A round's results in a row (no game between
    them) come as one list (:data:`Results`), in the order of its tables."""
    yield "$", None, {"type": "create", "data": Create(doc=_settings(doc))}
    joining, dropping = _comings_and_goings(doc, ok)
    yield from _people_actions(joining.get(1), dropping.get(0, ()))
    yield "$", None, {"type": "file_records", "data": FileRecords(doc=_records(doc))}
    for k, r in enumerate(doc["rounds"]):
        yield from _round_actions(r, k, doc["match"], skip)
        yield from _people_actions(joining.get(k + 2), dropping.get(k + 1, ()))
    yield from _closing_actions(doc, ok)


def _settings(doc: dict) -> dict:
    """The event's id and the settings the file gives (the ``create`` action's data)."""
    return {"id": doc["id"], **{k: doc[k] for k in _SETTINGS if k in doc}}


def _records(doc: dict) -> dict:
    """The limited records and the calendar the file gives (the ``file_records`` action's data)."""
    return {x: doc[x] for x in _RECORDS if x in doc}


def _comings_and_goings(doc: dict, ok: set[str]) -> tuple[dict[int, list[Entrant]], dict[int, list[tuple[int, str]]]]:
    """The players registered before each round, and those dropping after each (index, id)."""
    joining: dict[int, list[Entrant]] = {}
    dropping: dict[int, list[tuple[int, str]]] = {}
    for i, p in enumerate(doc["players"]):
        if p["id"] not in ok:
            continue
        joining.setdefault(p.get("joined_round", 1), []).append(_entrant(p))
        if p.get("dropped_after_round") is not None:
            dropping.setdefault(p["dropped_after_round"], []).append((i, p["id"]))
    return joining, dropping


def _entrant(p: dict) -> Entrant:
    return Entrant(id=p["id"], name=p["name"], reading=p.get("reading") or None, member=p.get("member") or None)


def _people_actions(joining: list[Entrant] | None, dropping) -> Iterator[Step]:
    if joining:
        yield "$.players", None, {"type": "register", "data": Register(players=joining)}
    for i, pid in dropping:
        yield f"$.players[{i}].dropped_after_round", None, {"type": "drop", "data": Drop(player=pid, forfeit=False)}


def _closing_actions(doc: dict, ok: set[str]) -> Iterator[Step]:
    """The keep-apart pairs, the people as the file has them, the rulings."""
    yield from _apart_actions(doc, ok)
    people = {"players": doc["players"], "penalties": doc.get("penalties", [])}
    yield "$.players", None, {"type": "file_people", "data": FilePeople(doc=people)}
    yield from _ruling_actions(doc)


def _apart_actions(doc: dict, ok: set[str]) -> Iterator[Step]:
    """The keep-apart pairs of two players registered."""
    for i, (a, b) in enumerate(doc.get("apart", [])):
        if a in ok and b in ok and a != b:  # a pair _check_apart refused is not replayed as well
            yield f"$.apart[{i}]", None, {"type": "apart", "data": Apart(players=[a, b])}


def _ruling_actions(doc: dict) -> Iterator[Step]:
    for i, r in enumerate(doc.get("rulings", [])):  # L-RULING: the head judge's rulings, as recorded
        data = RulingAction(by=r["by"], reason=r.get("reason", ""), excuses=r["excuses"], at=r.get("at", ""))
        yield f"$.rulings[{i}]", None, {"type": "ruling", "data": data}


def _round_actions(r: dict, ri: int, match_type: str, skip: set[tuple[int, int]]) -> Iterator[Step | Results]:
    rpath = f"$.rounds[{ri}]"
    stage = r.get("stage", "swiss")
    number = ri + 1
    live = [(mi, m) for mi, m in enumerate(r["matches"]) if (ri, mi) not in skip]
    pairs = [Pairing(table=m["table"], p1=m["p1"], p2=m.get("p2"), why=m.get("why", [])) for _mi, m in live]
    pair = Pair(round=number, stage=stage, matches=pairs, third_place=r.get("third_place", False))
    yield rpath, None, {"type": "pair", "data": pair}
    yield from _match_actions(live, rpath, number, stage, match_type)
    yield rpath, None, {"type": "file_round", "data": FileRound(doc={**r, "number": number})}


def _match_actions(live: list, rpath: str, number: int, stage: str, match_type: str) -> Iterator[Step | Results]:
    """Each played match's games and result; the results between games in runs (:data:`Results`)."""
    run: Results = []
    for mi, m in _played(live):
        mpath = f"{rpath}.matches[{mi}]"
        games = m.get("games", [])
        if games and run:
            yield run
            run = []
        yield from _game_actions(games, mpath, number, m["table"])
        result = _result_action(m, number, stage, match_type, games)
        if result is not None:
            run.append((mpath, result))
    if run:
        yield run


def _played(live: list) -> Iterator[tuple[int, dict]]:
    """The matches with two players (a bye is recorded by the pairing)."""
    return ((mi, m) for mi, m in live if m.get("p2") is not None)


def _game_actions(games: list, mpath: str, number: int, table: int) -> Iterator[Step]:
    for code in games:
        yield f"{mpath}.games", mpath, {"type": "game", "data": Game(round=number, table=table, game=code)}


def _result_action(m: dict, number: int, stage: str, match_type: str, games: list) -> ResultAction | None:
    """The ``result`` of a table after its games (``games``, entered by
    ``game`` actions), unless the games gave it.  A double loss and an
    elimination match without a winner are recorded by ``file_round``."""
    if m.get("outcome") in (None, "bye", "double_loss"):
        return None
    if m.get("intentional"):
        return _intentional(m, number) if stage == "swiss" else None
    if _decided_otherwise(m, stage, match_type, games):
        return None
    return ResultAction(
        round=number,
        table=m["table"],
        p1_wins=m.get("p1_wins", 0),
        p2_wins=m.get("p2_wins", 0),
        draws=m.get("draws", 0),
    )


def _intentional(m: dict, number: int) -> ResultAction:
    return ResultAction(round=number, table=m["table"], p1_wins=0, p2_wins=0, draws=0, intentional=True)


def _decided_otherwise(m: dict, stage: str, match_type: str, games: list) -> bool:
    """Whether the games ended the match, or the organizer named the winner
    at time (G-SE: recorded by ``file_round``)."""
    if games and match_over(games, match_type):
        return True
    return stage != "swiss" and labels.is_named_winner(m.get("note") or "")


def _said(w1: int, w2: int, dr: int, outcome: str | None, games: tuple, intentional: bool) -> str:
    out = f"{w1}-{w2}-{dr} {outcome or '-'}" + (" ID" if intentional else "")
    return out + (f" [{', '.join(map(str, games))}]" if games else "")


def _compare(doc: dict, event: Event, skip: set[tuple[int, int]], failed: set[str], problems: list) -> None:
    """Each replayed match against the file's: a result the rules give
    otherwise (the games end the match, a result that is not the score's,
    a bye with a result...) is a problem at the match's path."""
    for ri, rnd in enumerate(event.rounds):
        for mi, f in enumerate(doc["rounds"][ri]["matches"]):
            path = f"$.rounds[{ri}].matches[{mi}]"
            if (ri, mi) not in skip and path not in failed:
                _compare_match(path, f, rnd.match_at(f["table"]), problems)


def _compare_match(path: str, f: dict, m: Match | None, problems: list) -> None:
    if m is not None and not _same(f, m):
        got = (m.p1_wins, m.p2_wins, m.draws, m.outcome, m.games, m.intentional)
        what = _("the file records {file}, but the rules give {rules}", file=_said(*_told(f)), rules=_said(*got))
        problems.append((path, what))


def _told(f: dict) -> tuple:
    """A file's match as (p1 wins, p2 wins, draws, outcome, games, intentional)."""
    get = f.get
    return (
        get("p1_wins", 0),
        get("p2_wins", 0),
        get("draws", 0),
        get("outcome"),
        tuple(get("games", ())),
        get("intentional", False),
    )


def _same(f: dict, m: Match) -> bool:
    """Whether the file's match ``f`` is the replayed ``m``."""
    return _told(f) == (m.p1_wins, m.p2_wins, m.draws, m.outcome, m.games, m.intentional)


def check_no_winner(event: Event, problems: list) -> None:
    """An intentional draw left without a winner stands only in the final
    (G-ID-3), as ``id-decision`` allows it at the desk: before the final or
    in a playoff the event could never go on."""
    drawn = list(_drawn_elimination_matches(event))
    if not drawn:
        return
    from core.tournament.elimination import no_winner_refusal  # (a Swiss file loads no bracket)

    for ri, mi, rnd, m in drawn:
        why = no_winner_refusal(event, rnd, m)
        if why:
            problems.append((f"$.rounds[{ri}].matches[{mi}]", f"{why} [G-ID-3]"))


def _drawn_elimination_matches(event: Event) -> Iterator[tuple[int, int, Round, Match]]:
    """The intentional draws of the elimination rounds and playoffs."""
    for ri, rnd in enumerate(event.rounds):
        if rnd.stage != "swiss":
            yield from ((ri, mi, rnd, m) for mi, m in enumerate(rnd.matches) if _undecided(m))


def _undecided(m: Match) -> bool:
    """An intentional draw with no winner named."""
    return m.intentional and m.outcome == "draw" and m.p2 is not None
