"""One judgement of an event file (issue 44): what ``lycee import``, ``lycee
verify FILE|EVENT`` and the app's check all ask, so that a file import
accepts is one verify passes and a file verify refuses is one import
refuses.

:func:`judge_doc` puts together the two checks the program has, each kept
where it is:

1. the import's (core/rules/eventfile/, ``event_from_doc``): the strict
   structure (keys, types, bounds; docs/names.md), ids and references, and
   the replay of the file through the desk's own reducers, which refuse what
   the desk refuses, in the desk's words;
2. the independent checker's (core/reports/verify.py with verify_event.py):
   the whole event again, with its own small code: staff of a sanctioned
   event, penalties (their round, table and issuer; exclusions backed by
   penalties), decklists, results, who is paired, the bye, the pairing
   order, the bracket, and the program's standings recomputed.

Every problem of either becomes one :class:`~core.reports.verify.Finding`
with its rule id and the JSON path of what is wrong (a finding of a round
or table is given the path of that round or match); a place both name is
listed once, with the checker's rule id.  Import refuses a file with any
finding, listing them as ``(path, "[rule] what")``; verify prints them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.errors import ValidationError
from core.event.model import Event
from core.i18n import _
from core.reports.verify import Finding, Report, verify_doc
from core.rules.decklists import deck_problems
from core.rules.eventfile import event_from_doc, structure_problems, to_doc
from core.tournament.ranking import standings_json

__all__ = ["Judgement", "judge_doc", "judge_event"]

#: The rule id of a problem the import's checks name (the file as the desk reads it).
FILE_RULE = "L-FILE"

_MATCH_PATH = re.compile(r"^\$\.rounds\[(\d+)\](?:\.matches\[(\d+)\])?")


@dataclass
class Judgement:
    """The judgement of one file: ``event`` as import stores it (None when
    the import's own checks refuse it) and the ``report``, whose findings are
    every problem of both checks (none: the file is accepted)."""

    event: Event | None
    report: Report
    shape: list[tuple[str, str]] = field(default_factory=list)  # the structure's problems, when any

    @property
    def ok(self) -> bool:
        return self.event is not None and self.report.ok

    def problems(self) -> list[tuple[str, str]]:
        """The findings as (JSON path, "[rule] what"), as a refusal lists them."""
        if self.shape:
            return self.shape
        return _as_problems(self.report.findings)

    def accepted(self, source: str) -> Event:
        """The event, or :class:`ValidationError` naming every finding."""
        if not self.ok or self.event is None:
            raise ValidationError(source, self.problems())
        return self.event


def _replay(doc: dict, source: str, strict: bool = True) -> tuple[Event | None, list[tuple[str, str]]]:
    """(the event the file imports as, or None; the problems that refused it)."""
    try:
        return event_from_doc(doc, source=source, strict=strict), []
    except ValidationError as err:
        return None, err.problems


def _add_new(found: list, more: list) -> None:
    """Add the findings of ``more`` that ``found`` does not name yet (same rule and path)."""
    for f in more:
        if (f.rule, f.path) not in {(g.rule, g.path) for g in found}:
            found.append(f)


def _unreplayed() -> list[Finding]:
    """A file refused with nothing named: never a silent refusal, never a pass."""
    return [Finding(FILE_RULE, None, None, _("the file does not replay as an event"), "$")]


def judge_doc(doc, source: str = "event", claimed: dict | None = None) -> Judgement:
    """Judge the lycee-event/1 document ``doc`` (see the module's text).
    ``claimed``: a ``standings --json`` document to compare with; by default
    the program's own standings of the event the file imports as."""
    shape = structure_problems(doc, strict=True)
    if shape and structure_problems(doc, strict=False):  # nothing more is read from a file of the wrong types
        return _misshapen(doc, shape)
    # a file only over an import bound (a list longer than it may be, L-FILE) has the
    # format's types: every other check still runs on it (its event replayed as an
    # older file is), so a correction it breaks is still seen (L-LATER)
    event, file_problems = _replay(doc, source, strict=not shape)
    if claimed is None and event is not None:
        claimed = standings_json(event)
    rep = verify_doc(doc, claimed)
    found = _with_desk_checks(_both_checks([_placed(f, doc) for f in rep.findings], file_problems, doc), event)
    rep.findings, ruled = split_ruled(found, doc.get("rulings"))  # L-RULING: the head judge's rulings
    rep.ruled += ruled
    return _over_bounds(doc, shape, rep) if shape else Judgement(event, rep)


def _over_bounds(doc: dict, shape: list[tuple[str, str]], rep: Report) -> Judgement:
    """The judgement of a file over an import bound: not imported, its bounds'
    problems first, then every other finding (L-FILE)."""
    over = _misshapen(doc, shape)
    others = _as_problems(rep.findings)
    rep.findings[:0] = over.report.findings
    return Judgement(None, rep, over.shape + others)


def _as_problems(findings: list[Finding]) -> list[tuple[str, str]]:
    """Findings as a refusal lists them: (JSON path, "[rule] what")."""
    return [(f.path or "$", f"[{f.rule}] {f.message}") for f in findings]


def _with_desk_checks(found: list[Finding], event: Event | None) -> list[Finding]:
    """``found`` with the desk's own deck check added (as strict as the desk, issue 46);
    a file that does not replay and shows nothing else wrong says so."""
    if event is None:
        return found or _unreplayed()
    _add_new(found, deck_findings(event))
    return found


def _misshapen(doc, shape: list[tuple[str, str]]) -> Judgement:
    """The judgement of a file of the wrong shape: its structure's problems,
    worded as the checker words them (the path leads the message)."""
    rep = Report(findings=[Finding(FILE_RULE, None, None, f"{path}: {what}") for path, what in shape])
    if isinstance(doc, dict):
        rep.players, rep.rounds = _list_length(doc, "players"), _list_length(doc, "rounds")
    return Judgement(None, rep, [(path, f"[{FILE_RULE}] {what}") for path, what in shape])


def _list_length(doc: dict, key: str) -> int:
    """How many items the file's list ``key`` holds (0 when it is no list)."""
    return len(doc[key]) if isinstance(doc.get(key), list) else 0


def _both_checks(found: list[Finding], file_problems: list[tuple[str, str]], doc: dict) -> list[Finding]:
    """The checker's findings, then each problem of the import's own checks
    at a place the checker does not name (a place both name is listed once)."""
    named = {f.path for f in found}
    for path, what in file_problems:
        if path not in named:
            found.append(_file_finding(path, what, doc))
            named.add(path)
    return found


def excuse_key(rule: str, path: str | None) -> tuple[str, str]:
    return rule, path or "$"


def _excused(rulings) -> dict[tuple[str, str], str]:
    """{excuse key: who ruled} of the well-formed excuses of ``rulings``."""
    keys: dict[tuple[str, str], str] = {}
    for r in rulings or ():
        if isinstance(r, dict):
            keys.update(dict.fromkeys(_excuse_keys(r), str(r.get("by", ""))))
    return keys


def _excuse_keys(ruling: dict) -> list[tuple[str, str]]:
    """The keys of a ruling's well-formed excuses ([rule, JSON path?])."""
    return [excuse_key(e[0], _excused_path(e)) for e in ruling.get("excuses") or () if _well_formed(e)]


def _well_formed(excuse) -> bool:
    """An excuse is a list that starts with its rule id."""
    return isinstance(excuse, list) and bool(excuse) and isinstance(excuse[0], str)


def _excused_path(excuse: list) -> str | None:
    """The JSON path an excuse names (its second item), if any."""
    return excuse[1] if len(excuse) > 1 and isinstance(excuse[1], str) else None


def split_ruled(findings: list, rulings) -> tuple[list, list]:
    """(findings, ruled exceptions): a finding a ruling of the file
    (``rulings``: the ``rulings`` key, a list of dicts) excuses is a ruled
    exception (L-RULING)."""
    keys = _excused(rulings)
    if not keys:
        return list(findings), []
    kept: list = []
    ruled: list = []
    for f in findings:
        (ruled if excuse_key(f.rule, f.path) in keys else kept).append(f)
    return kept, ruled


def deck_findings(event: Event) -> list[Finding]:
    """The desk's own deck check of each registered constructed list
    (core.rules.decklists ``deck_problems``: R-DECK-60, R-DECK-4 over the
    card's name whatever its number, cards not legal on the event date, a
    sample product in a sanctioned event: G-CARDS-*), each at its list's JSON
    path: verify and import are at least as strict as the desk (issue 46)."""
    if event.kind != "constructed" or not event.decklists:
        return []

    out: list[Finding] = []
    for i, rec in enumerate(event.decklists):
        out += [_deck_finding(pr, i) for pr in _evidence(event, rec.player)]
    return out


def _evidence(event: Event, player: str) -> list:
    """The desk's deck problems of ``player``'s list that count against it."""
    return [pr for pr in _readable_problems(event, player) if _counts_against(pr)]


def _readable_problems(event: Event, player: str) -> list:
    """The desk's deck problems of ``player``'s list; none for a list the desk cannot read
    (the import's own checks name it)."""
    try:
        return deck_problems(event, player)
    except Exception:
        return []


def _counts_against(pr) -> bool:
    """A deck problem that is evidence against the deck: not a card this desk's
    list lacks, not an Overture 構築制限 left to the judge (O-DECK-RESTRICT)."""
    return pr.code != "unknown" and pr.blocking


def _deck_finding(pr, i: int) -> Finding:
    """A deck problem at its list's JSON path (the spare or the deck)."""
    where = "spare" if pr.code.startswith("spare") else "deck"
    return Finding(pr.rule, None, None, pr.message, f"$.decklists[{i}].{where}")


def judge_event(event: Event, claimed: dict | None = None) -> Judgement:
    """The same judgement of an event of the data folder: of its export, as
    another desk would import it."""

    if claimed is None:
        claimed = standings_json(event)
    return judge_doc(to_doc(event), event.id, claimed)


def _placed(f: Finding, doc: dict) -> Finding:
    """``f`` with a JSON path: its own, else that of its round's match (or round)."""
    if f.path or f.round is None:
        return f
    rounds = doc.get("rounds", [])
    ri = _round_index(rounds, f.round)
    if ri is None:
        return f
    path = f"$.rounds[{ri}]" + _match_path(rounds[ri], f.table)
    return Finding(f.rule, f.round, f.table, f.message, path)


def _round_index(rounds: list[dict], number: int) -> int | None:
    """The index in the file of round ``number``, None when it has none."""
    return next((i for i, r in enumerate(rounds) if r.get("number") == number), None)


def _match_path(rnd: dict, table: int | None) -> str:
    """``.matches[i]`` of the round's match at ``table``; empty when there is none."""
    if table is None:
        return ""
    mi = next((i for i, m in enumerate(rnd.get("matches", [])) if m.get("table") == table), None)
    return "" if mi is None else f".matches[{mi}]"


def _file_finding(path: str, what: str, doc: dict) -> Finding:
    """A problem of the import's checks as a finding, with its round and table when it names a match."""
    m = _MATCH_PATH.match(path)
    rnd, table = _named_match(doc, int(m[1]), m[2]) if m else (None, None)
    return Finding(FILE_RULE, rnd, table, what, path)


def _named_match(doc: dict, ri: int, mi: str | None) -> tuple[int | None, int | None]:
    """(round number, table) of the round ``ri`` and match ``mi`` a JSON path names,
    None for what the file does not have."""
    rounds = doc.get("rounds", [])
    if ri >= len(rounds):
        return None, None
    matches = rounds[ri].get("matches", [])
    if mi is None or int(mi) >= len(matches):
        return rounds[ri].get("number"), None
    return rounds[ri].get("number"), matches[int(mi)].get("table")
