"""Seasons across events and stores (issue 47; docs/season.md): what the
``lycee season`` commands, the standings export and the TV page ask.

Every operation checks everything first and changes nothing stored when any
part is refused (an unknown event, one already in the season, a rule that
does not parse, a file that fails verification).
"""

from __future__ import annotations

import datetime as _dt
import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from core.errors import LyceeError, NotFound
from core.i18n import _
from core.reports.exports import to_html
from core.reports.judge import judge_doc
from core.rules import members as member_rules
from core.rules.eventfile import load_doc, to_doc
from core.season.ratings import rate
from core.season.results import event_key, summary_of
from core.season.rules import PointsRule, parse_rule, scoring_notes
from core.season.standings import Row, season_rows, tiebreak_words
from core.season.store import SeasonFile, next_key

if TYPE_CHECKING:
    from core.store import DataDir

__all__ = ["ImportReport", "Season", "Standings", "add_events", "import_event", "new_season", "standings"]

RATINGS = ("openskill",)


@dataclass
class Season:
    id: str
    name: str
    rule: PointsRule
    best: int | None = None
    min_events: int = 0
    ratings: str | None = None
    events: list[dict] = field(default_factory=list)

    @classmethod
    def from_doc(cls, d: dict) -> Season:
        return cls(
            d["id"],
            d["name"],
            parse_rule(d["rule"]),
            d.get("best"),
            d.get("min_events") or 0,
            d.get("ratings"),
            list(d.get("events") or []),
        )

    def to_doc(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "rule": self.rule.text(),
            "best": self.best,
            "min_events": self.min_events,
            "ratings": self.ratings,
            "events": self.events,
        }


def _seasons(data: dict) -> dict[str, dict]:
    return data.setdefault("seasons", {})


def _imported(data: dict) -> dict[str, dict]:
    return data.setdefault("imported", {})


def find(data: dict, ref: str) -> tuple[str, Season]:
    """(doc id, season) of ``ref``: a season id, or a unique name prefix."""
    docs = data.get("seasons") or {}
    for did, d in docs.items():
        if d["id"] == ref:
            return did, Season.from_doc(d)
    return _find_by_name(docs, ref)


def _find_by_name(docs: dict[str, dict], ref: str) -> tuple[str, Season]:
    """The one season whose name starts with ``ref``; refused when none or several do."""
    hits = [(did, d) for did, d in docs.items() if d["name"].startswith(ref)]
    if len(hits) == 1:
        return hits[0][0], Season.from_doc(hits[0][1])
    if hits:
        raise _ambiguous(ref, [d["id"] for _x, d in hits])
    raise NotFound(_("no season {ref!r} (see `lycee season list`)", ref=ref))


def _ambiguous(ref: str, ids: list[str]) -> LyceeError:
    return LyceeError(_("season {ref!r} is ambiguous: {ids}; give its id", ref=ref, ids=", ".join(ids)))


def list_seasons(root: Path) -> list[Season]:
    data = SeasonFile(root).read()
    return [Season.from_doc(d) for d in (data.get("seasons") or {}).values()]


def new_season(
    root: Path, name: str, rule_text: str, best: int | None = None, min_events: int = 0, ratings: str | None = None
) -> Season:
    """A new season (its id is ``S`` and a number); the rule is checked first."""
    rule = parse_rule(rule_text)
    _check_name(name)
    _check_counts(best, min_events)
    _check_ratings(ratings)
    with SeasonFile(root).writing() as data:
        docs = _seasons(data)
        s = Season(_next_season_id(docs), name.strip(), rule, best, min_events, ratings)
        docs[next_key(docs)] = s.to_doc()
    return s


def _check_name(name: str) -> None:
    if not name.strip():
        raise LyceeError(_("a season needs a name"))


def _check_counts(best: int | None, min_events: int) -> None:
    if best is not None and best < 1:
        raise LyceeError(_("--best {n}: count at least one event", n=best))
    if min_events < 0:
        raise LyceeError(_("--min-events {n}: give 0 or more", n=min_events))


def _check_ratings(ratings: str | None) -> None:
    if ratings is not None and ratings not in RATINGS:
        raise LyceeError(_("--ratings {r}: one of {names}", r=ratings, names=", ".join(RATINGS)))


def _next_season_id(docs: dict[str, dict]) -> str:
    """``S`` and one more than the highest season number so far."""
    n = 1 + max((int(d["id"][1:]) for d in docs.values() if d["id"][1:].isdigit()), default=0)
    return f"S{n}"


def add_events(root: Path, dd: DataDir, ref: str, event_refs: list[str]) -> tuple[Season, list[tuple[str, str]]]:
    """Add events of this data folder; [(event id, key)] added.  Refused whole
    when one is unknown or already in the season (named, with where)."""

    with SeasonFile(root).writing() as data:
        did, season = find(data, ref)
        have = {e["key"]: e for e in season.events}
        added: list[tuple[str, str]] = []
        for r in event_refs:
            added.append(_new_event(dd, r, season, have, added))
        for eid, key in added:
            season.events.append({"key": key, "local": eid})
        data["seasons"][did] = season.to_doc()
    return season, added


def _new_event(dd: DataDir, ref: str, season: Season, have: dict, added: list[tuple[str, str]]) -> tuple[str, str]:
    """(event id, key) of the event ``ref``; refused when the season (or this command) has it already."""
    eid = dd.resolve(ref)
    key = event_key(to_doc(dd.read(eid)))
    if key in have or any(eid == a for a, _k in added):
        raise _already_in(season, eid, key, have.get(key, {}))
    return eid, key


def _already_in(season: Season, eid: str, key: str, was: dict) -> LyceeError:
    """The refusal of an event the season (or this same command) already has."""
    how = _("event {eid} of this data folder", eid=was["local"]) if was.get("local") else _("an imported file")
    return LyceeError(
        _(
            "event {eid} ({key}) is already in season {season} (as {how}); nothing was added",
            eid=eid,
            key=key,
            season=season.id,
            how=how,
        )
    )


@dataclass
class ImportReport:
    season: Season
    key: str
    name: str
    replaced: bool
    unchanged: bool
    players: int
    matched: int  # players with a member number (given in the file or mapped)
    unmatched: list[str]  # names without one


def _map_members(summary: dict, mapping: dict[str, str], path: Path) -> list[str]:
    """Give the players of ``summary`` without a member number the one
    ``mapping`` names (NAME -> member number); the names still without one."""
    _check_mapping({p[1] for p in summary["players"]}, mapping, path)
    for p in summary["players"]:
        if p[2] is None:
            p[2] = mapping.get(p[1])
    return [p[1] for p in summary["players"] if p[2] is None]


def _check_mapping(names: set[str], mapping: dict[str, str], path: Path) -> None:
    for name in mapping:
        if name not in names:
            raise LyceeError(
                _("--map {name}=...: no player of that name in {path}; nothing was imported", name=name, path=path)
            )


def import_event(
    root: Path, ref: str, path: Path, mapping: dict[str, str] | None = None, max_mb: float | None = None
) -> ImportReport:
    """Import another store's lycee-event/1 file into a season, judged as
    ``lycee verify`` judges it (core/reports/judge.py).  The same event
    (store number and event id) imported again replaces its first import
    (counted once: a corrected file corrects the season).  ``mapping``: NAME
    -> member number for players the file gives no member number."""

    doc = load_doc(path, max_mb)
    event = judge_doc(doc, source=str(path)).accepted(str(path))
    summary = summary_of(event, doc)
    unmatched = _map_members(summary, dict(mapping or {}), path)
    key = summary["key"]
    with SeasonFile(root).writing() as data:
        did, season = find(data, ref)
        _refuse_local_twin(season, key, path)
        replaced, unchanged = _store_import(data, did, season, path, summary)
    return ImportReport(
        season,
        key,
        summary["name"],
        replaced,
        unchanged,
        len(summary["players"]),
        len(summary["players"]) - len(unmatched),
        unmatched,
    )


def _refuse_local_twin(season: Season, key: str, path: Path) -> None:
    """Refuse a file of an event the season already has from this data folder."""
    have = {e["key"]: e for e in season.events}
    if have.get(key, {}).get("local"):
        raise LyceeError(
            _(
                "{path}: event {key} is already in season {season} as event {eid} of this data folder; nothing was imported",
                path=path,
                key=key,
                season=season.id,
                eid=have[key]["local"],
            )
        )


def _store_import(data: dict, did: str, season: Season, path: Path, summary: dict) -> tuple[bool, bool]:
    """Keep ``summary`` as the season's import of its event (replacing an
    earlier import of the same event); (replaced, unchanged)."""
    key = summary["key"]
    imp = _imported(data)
    old = _import_key(imp, season.id, key)
    row = {"season": season.id, "key": key, "source": path.name, "summary": summary}
    if old is not None:
        unchanged = imp[old]["summary"] == summary
        imp[old] = row
        return True, unchanged
    imp[next_key(imp)] = row
    season.events.append({"key": key, "imported": True})
    data["seasons"][did] = season.to_doc()
    return False, False


def _import_key(imported: dict[str, dict], season_id: str, key: str) -> str | None:
    """The key of the season's earlier import of the event ``key``, if it has one."""
    return next((i for i, d in imported.items() if d["season"] == season_id and d["key"] == key), None)


@dataclass
class Standings:
    season: Season
    rows: list[Row]
    events: list[dict]  # each event's key, id, name, date, store, running
    problems: list[str]  # local events that could not be read (named; left out)

    def to_json(self) -> dict[str, Any]:
        return {
            "season": self.season.id,
            "name": self.season.name,
            "rule": self.season.rule.text(),
            "best": self.season.best,
            "min_events": self.season.min_events,
            "ratings": self.season.ratings,
            "events": self.events,
            "rows": [r.to_json() for r in self.rows],
            **({"problems": self.problems} if self.problems else {}),
        }


def summaries(root: Path, dd: DataDir, season: Season, data: dict) -> tuple[list[dict], list[str]]:
    """Every event of the season as it stands now: local events read from their
    journals, imported ones as their file had them."""
    imported = _imported_summaries(data, season)
    out: list[dict] = []
    problems: list[str] = []
    for e in season.events:
        if e.get("local"):
            _read_local(dd, e, out, problems)
        elif e["key"] in imported:
            out.append(imported[e["key"]])
    return out, problems


def _imported_summaries(data: dict, season: Season) -> dict[str, dict]:
    """{event key: summary} of the files imported into ``season``."""
    return {d["key"]: d["summary"] for d in (data.get("imported") or {}).values() if d["season"] == season.id}


def _read_local(dd: DataDir, e: dict, out: list[dict], problems: list[str]) -> None:
    """The summary of a local event into ``out``, or why it cannot be read into ``problems``."""
    try:
        s = summary_of(dd.read(e["local"]))
    except LyceeError as err:
        problems.append(_("event {eid}: {err}", eid=e["local"], err=err))
        return
    s["key"] = e["key"]  # known by the key it was added under
    out.append(s)


def with_members(root: Path, evs: list[dict]) -> list[dict]:
    """``evs`` as the store's member list (core.rules.members) reads them: a
    number merged into another counts under that one (``members merge``), a
    listed member shows the list's name, and a member who asked to be
    forgotten (``members remove``) shows their number alone: their results
    stay under it."""

    raw = member_rules.read_raw(root)
    if not raw:
        return evs
    names = {x.number: x.name for x in member_rules.listed(raw)}
    seen: dict[str, tuple[str, str | None]] = {}

    def person(number: str) -> tuple[str, str | None]:
        hit = seen.get(number)
        if hit is None:
            n = member_rules.resolve(raw, number)
            r = member_rules.retired(raw, n)
            hit = seen[number] = (n, names.get(n) if r is None else "")
        return hit

    return [{**s, "players": [_as_member(p, person) for p in s["players"]]} for s in evs]


def _as_member(player: list, person: Callable[[str], tuple[str, str | None]]) -> list:
    """One summary player row under the member list's number and name."""
    pid, name, member, place, excluded = player
    if member:
        member, shown = person(member)
        name = name if shown is None else shown or member
    return [pid, name, member, place, excluded]


def standings(root: Path, dd: DataDir, ref: str) -> Standings:
    data = SeasonFile(root).read()
    _did, season = find(data, ref)
    evs, problems = summaries(root, dd, season, data)
    evs = with_members(root, evs)
    rows = season_rows(season.rule, evs, season.best, season.min_events)
    if season.ratings:
        rate(rows, evs)
    events = [_event_entry(s) for s in sorted(evs, key=lambda s: (s["date"], s["key"]))]
    return Standings(season, rows, events, problems)


def _event_entry(s: dict) -> dict:
    """An event of the standings as they list it: its key, id, name, date, store, and whether it runs."""
    return {
        "key": s["key"],
        "id": s["id"],
        "name": s["name"],
        "date": s["date"],
        "store": s.get("store"),
        "running": s["running"],
    }


def today() -> _dt.date:
    return _dt.date.today()


# -- the standings as a table (the command line, the wall's HTML, the TV page) ------------------


def tie_text(row: Row) -> str:

    if row.tie is None:
        return ""
    if row.tie == "shared":
        return tiebreak_words("shared")
    return _("tie broken by {what}", what=tiebreak_words(row.tie))


def standings_table(st: Standings) -> tuple[list[str], list[list[str]]]:
    """(header, rows) of the standings, in words."""
    rated = st.season.ratings is not None
    header = [_("Rank"), _("Member"), _("Name"), _("Points"), _("Events counted"), _("Best"), _("Wins"), _("Tiebreak")]
    if rated:
        header.append(_("Rating"))
    return header, [_table_row(r, st.season.min_events, rated) for r in st.rows]


def _table_row(r: Row, min_events: int, rated: bool) -> list[str]:
    """One row of the standings in words (its rating too when the season rates)."""
    rank = str(r.rank) if r.rank is not None else _("(needs {k} events)", k=min_events)
    row = [rank, r.member or "-", r.name, str(r.points), _events_cell(r), str(r.best), str(r.wins), tie_text(r)]
    if rated:
        row.append(_rating_cell(r))
    return row


def _events_cell(r: Row) -> str:
    """Events counted (``n of m`` when the best-of rule dropped some), and how many still run."""
    events = _("{n} of {m}", n=r.events, m=r.played) if r.events != r.played else str(r.events)
    if r.running:
        events += " " + _("({n} running)", n=r.running)
    return events


def _rating_cell(r: Row) -> str:
    return f"{r.rating:.1f} ±{r.rd:.1f}" if r.rating is not None else "-"


def rule_words(season: Season) -> str:
    """The season's settings in one line."""
    parts = [_rule_kind_words(season.rule), _best_words(season.best)]
    if season.min_events:
        parts.append(_("ranked from {k} events", k=season.min_events))
    if season.ratings:
        parts.append(_("ratings: {r} (shown only; never used for pairing)", r=season.ratings))
    return " · ".join(parts)


def _rule_kind_words(rule: PointsRule) -> str:
    kind = _("match points") if rule.kind == "match" else _("places")
    return _("{how}: {points}", how=kind, points=rule.text())


def _best_words(best: int | None) -> str:
    return _("best {n} events", n=best) if best else _("every event counts")


def events_words(st: Standings) -> list[str]:
    return [_event_line(e) for e in st.events]


def _event_line(e: dict) -> str:
    """One event of the season in a line: date, name, key, store, and whether it still runs."""
    store = _store_words(e.get("store") or {})
    mark = " " + _("(running: played rounds only)") if e["running"] else ""
    return f"{e['date']} {e['name']} [{e['key']}]" + (f" · {store}" if store else "") + mark


def _store_words(store: dict) -> str:
    """The store of an event as shown: its name, else its number."""
    return store.get("name") or store.get("number") or ""


def standings_html(st: Standings) -> str:
    """A page for the wall: the standings, the events counted, and how a bye,
    an intentional draw, a double loss and elimination matches score.  Every
    name is escaped."""

    header, rows = standings_table(st)
    page = to_html(st.season.name, header, rows, rule_words(st.season))
    e = html.escape
    notes = "".join(f"<li>{e(n)}</li>" for n in scoring_notes(st.season.rule))
    evs = "".join(f"<li>{e(x)}</li>" for x in events_words(st))
    tail = (
        f"<h2>{e(_('How results score'))}</h2><ul>{notes}</ul><h2>{e(_('Events of the season'))}</h2><ul>{evs}</ul>\n"
    )
    return page.replace("</body></html>", tail + "</body></html>")
