"""Exports of an event (docs/app.md): the lycee-event/1 file, pairings (by
table and by name), standings, the scorecard and decklists, as JSON, CSV or
print-ready HTML.

- Every name is HTML-escaped; every CSV cell that starts with = + - @ (or a
  tab / carriage return) is prefixed with ' so a spreadsheet never runs it.
- The scorecard (G-SCORECARD) lists every match with the penalty marks N/W
  (G-PEN-3), "決定戦" in the remarks of playoff matches (G-TIE-PLAYOFF) and the
  date it is due at the publisher: the event date + 14 days.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import stat
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core import labels
from core.errors import LyceeError
from core.event.model import Event, Match
from core.event.tiebreakers import TIEBREAKERS
from core.i18n import _, join_list, language, ngettext
from core.names import name_sort_key, reading_key
from core.reports.event_report import format_summary, report_table, schedule_rows, ties_words
from core.reports.explain import is_cross_group, why_text
from core.reports.scorecard import decklists_table, scorecard_table
from core.reports.sheet_html import csv_safe, slip_reminders, slips_html, to_csv, to_html
from core.reports.sheet_words import (
    PLAYOFF_REMARK,
    SCORECARD_DUE_DAYS,
    date_words,
    marks,
    missing_results,
    missing_text,
    note_words,
    result_text,
    rules_words,
    scorecard_due,
    sheet_judges,
    stage_words,
    status_remark,
    store_words,
)
from core.rules.eventfile import to_doc
from core.tournament.elimination import final_placings, swiss_over
from core.tournament.ranking import placing_words
from core.tournament.standings import points_before_round, standings

# The sheets, each in its module: the words they share (sheet_words), the scorecard and
# decklists (scorecard), the event report (event_report), CSV/HTML and the match slips
# (sheet_html); their names stay importable from here, where the faces import them.
__all__ = [
    "BY_ROUND",
    "EXPORTS",
    "FOLDERS",
    "FORMATS",
    "MENU",
    "PLAYOFF_REMARK",
    "SCORECARD_DUE_DAYS",
    "TABLES",
    "UNREAD_NOTE",
    "WHATS",
    "ExportKind",
    "as_of_round",
    "by_name_note",
    "by_name_order",
    "check_export",
    "csv_safe",
    "date_words",
    "decklists_table",
    "export_filename",
    "format_summary",
    "marks",
    "missing_results",
    "missing_text",
    "note_words",
    "pairings_by_name_table",
    "pairings_table",
    "render",
    "report_table",
    "rules_words",
    "safe_name",
    "schedule_rows",
    "scorecard_due",
    "scorecard_table",
    "sheet_judges",
    "slip_reminders",
    "slips_html",
    "stage_words",
    "standings_table",
    "status_remark",
    "store_words",
    "ties_words",
    "to_csv",
    "to_html",
    "unread_count",
    "write_export",
]

FORMATS = ("json", "csv", "html")
#: Begins a CSV file written by :func:`write_export` (Excel's cue for UTF-8).
CSV_BOM = "\ufeff"


# -- tables: (title, header, rows) -------------------------------------------------


def _pairing_row(event: Event, m, pts: dict[str, int], explain: bool) -> list:
    """One table as posted: table, players and their points, the result (and why, for judges)."""
    name = event.player
    row = [
        labels.table_text(m),  # a bye is played at no table: 「-」, as on the phones and the TV
        name(m.p1).name,
        pts.get(m.p1, 0),
        name(m.p2).name if m.p2 else _("(bye)"),
        pts.get(m.p2, 0) if m.p2 else "",
        result_text(m),
    ]
    if explain:
        row.append(_why_cell(event, m))
    return row


def _why_cell(event: Event, m) -> str:
    """Why a table is paired across score groups (or holds a rematch or the bye), for judges
    (core.reports.explain); empty for a table inside its group."""
    return why_text(event, m.why, with_draw=False) if is_cross_group(m.why) else ""


def pairings_table(event: Event, explain: bool = False):
    """The pairings by table as posted: table, players and their points, the result.  The
    pairing explanation (why a table crosses score groups) is judge material: its column
    only with ``explain`` (``lycee export --explain``)."""
    rnd = _current_round(event)
    pts = points_before_round(event)
    rows = [_pairing_row(event, m, pts, explain) for m in rnd.matches]
    header = [_("Table"), _("Player 1"), _("Points"), _("Player 2"), _("Points"), _("Result")]
    return _by_table_title(event, rnd.number), header + ([_("Why")] if explain else []), rows


def _current_round(event: Event):
    """The round the pairings sheets show, or a refusal when none is paired."""
    rnd = event.current_round
    if rnd is None:
        raise LyceeError(_("no round has been paired yet"))
    return rnd


def _by_table_title(event: Event, r: int) -> str:
    """The title of round ``r``'s pairings by table, with the stage when it has a name."""
    stage = stage_words(event)
    if stage:
        return _("{event}: round {r} ({label}) pairings by table", event=event.name, r=r, label=stage)
    return _("{event}: round {r} pairings by table", event=event.name, r=r)


def _by_name_title(event: Event, r: int) -> str:
    """The title of round ``r``'s pairings by name, with the stage when it has a name."""
    stage = stage_words(event)
    if stage:
        return _("{event}: round {r} ({label}) pairings by name", event=event.name, r=r, label=stage)
    return _("{event}: round {r} pairings by name", event=event.name, r=r)


def by_name_order(event: Event, rnd) -> list[tuple[str, str | None, Match]]:
    """(player, opponent or None, match) for every seat of ``rnd``, in the
    one by-name order of every face (core.names.name_sort_key: 五十音 by
    reading, then the players without one; docs/names.md, L-READING)."""
    seats = [(me, opp, m) for m in rnd.matches for me, opp in ((m.p1, m.p2), (m.p2, m.p1)) if me is not None]
    return sorted(seats, key=lambda s: name_sort_key(event.player(s[0]).name, event.player(s[0]).reading))


def unread_count(event: Event, rnd) -> int:
    """How many players of ``rnd`` have no reading to sort by (they are listed
    last), when some others have one; 0 when all or none have one (then the
    order says it all)."""
    pids = [pid for m in rnd.matches for pid in m.players()]
    n = sum(_unread(event, pid) for pid in pids)
    return 0 if n == len(pids) else n


def _unread(event: Event, pid: str) -> bool:
    """The player has no reading to sort by (L-READING)."""
    p = event.player(pid)
    return reading_key(p.name, p.reading) is None


#: The one line a by-name sheet carries when some players have no reading.
UNREAD_NOTE = (
    "{n} player without a reading (よみ) is listed last, by name",
    "{n} players without a reading (よみ) are listed last, by name",
)


def by_name_note(event: Event) -> str:
    """:data:`UNREAD_NOTE` for the current round's pairings by name, or ""."""
    rnd = event.current_round
    n = unread_count(event, rnd) if rnd is not None else 0
    return ngettext(*UNREAD_NOTE, n) if n else ""


def pairings_by_name_table(event: Event):
    rnd = _current_round(event)
    pts = points_before_round(event)
    rows = [
        [event.player(me).name, labels.table_text(m), event.player(opp).name if opp else _("(bye)"), pts.get(me, 0)]
        for me, opp, m in by_name_order(event, rnd)
    ]
    return _by_name_title(event, rnd.number), [_("Name"), _("Table"), _("Opponent"), _("Points")], rows


def standings_table(event: Event):
    """The standings; once the elimination stage is finished, the final
    placings (G-SE): place, how far each player went, then the Swiss figures."""

    tbs = [TIEBREAKERS[t] for t in event.tiebreakers]
    final = final_placings(event)
    swiss = standings(event)
    head = [_("Rank"), _("Name"), _("Points"), _("Record"), *[t.header for t in tbs], _("Status")]
    if final is not None:
        return _final_table(event, final, swiss, tbs, head)
    rows = [_swiss_row(event, r, tbs) for r in swiss]
    return _swiss_title(event) + rules_words(event), head, rows


def _final_table(event: Event, final, swiss, tbs, head: list[str]):
    """The final placings (G-SE): place, how far each player went, then the Swiss figures."""
    by_id = {r.id: r for r in swiss}
    words = placing_words(event, final)
    rows = [_final_row(event, by_id[f.id], tbs, *words[f.id]) for f in final]
    title = _("{event}: final standings", event=event.name) + rules_words(event)
    return title, [_("Place"), _("Name"), _("Reached"), _("Swiss rank"), *head[2:]], rows


def _swiss_row(event: Event, r, tbs) -> list:
    """One row of the Swiss standings: rank, name, points, record, tiebreakers, status."""
    return [
        _rank_cell(r),
        r.name,
        r.points,
        r.record,
        *_tiebreak_cells(r, tbs),
        labels.player_status_label(r.status, event.rules),
    ]


def _rank_cell(r):
    return r.rank_text if r.rank is None else r.rank


def _tiebreak_cells(r, tbs) -> list[str]:
    """A standings row's tiebreaker figures, as the event shows them."""
    return [tb.text(r.figure(tb.name)) for tb in tbs]


def _final_row(event: Event, r, tbs, place: str, reached: str) -> list:
    """A row of the final placings: place (3-4 where players share it:
    core.tournament.ranking.placing_words), how far the player went, then the Swiss figures."""
    return [
        place,
        r.name,
        reached,
        _rank_cell(r),
        r.points,
        r.record,
        *_tiebreak_cells(r, tbs),
        "" if r.status == "active" else labels.player_status_label(r.status, event.rules),  # over: no 参加中
    ]


def _swiss_title(event: Event) -> str:
    """The standings' title while only the Swiss stage counts."""
    if swiss_over(event):  # a Swiss-only event that is over: its standings are the final ranking
        return _("{event}: final standings", event=event.name)
    n = len(event.swiss_rounds)
    if n:
        return _("{event}: standings after round {r}", event=event.name, r=n)
    return _("{event}: standings before round 1", event=event.name)


TABLES = {
    "pairings": pairings_table,
    "pairings-by-name": pairings_by_name_table,
    "standings": standings_table,
    "scorecard": scorecard_table,
    "decklists": decklists_table,
}


TABLES["report"] = report_table


# -- the table of exports: every face reads it -----------------------------------------


@dataclass(frozen=True)
class ExportKind:
    """One export: its ``--what`` name, the formats it is written in, the
    rows it has in the app's export dialog (format, label) and how it is
    made.  The command line's choices, the dialog and the refusals all read
    :data:`EXPORTS`; a new export is one entry there."""

    name: str
    formats: tuple[str, ...]
    menu: tuple[tuple[str, Callable[[], str]], ...] = ()  # (format, label) rows of the export dialog
    document: Callable[[Event], str] | None = None  # the whole text, for an export that is no table


def _event_json(event: Event) -> str:
    return json.dumps(to_doc(event), ensure_ascii=False, indent=2)


#: Every export, in the order the dialog and the choices list them.
EXPORTS: dict[str, ExportKind] = {
    k.name: k
    for k in (
        ExportKind(
            "pairings", FORMATS, (("html", lambda: _("Pairings by table (HTML)")), ("csv", lambda: _("Pairings (CSV)")))
        ),
        ExportKind("pairings-by-name", FORMATS, (("html", lambda: _("Pairings by name (HTML)")),)),
        ExportKind("slips", ("html",), (("html", lambda: _("Match slips (HTML)")),), document=slips_html),
        ExportKind(
            "standings", FORMATS, (("html", lambda: _("Standings (HTML)")), ("csv", lambda: _("Standings (CSV)")))
        ),
        ExportKind(
            "scorecard", FORMATS, (("html", lambda: _("Scorecard (HTML)")), ("csv", lambda: _("Scorecard (CSV)")))
        ),
        ExportKind(
            "decklists", FORMATS, (("html", lambda: _("Decklists (HTML)")), ("csv", lambda: _("Decklists (CSV)")))
        ),
        ExportKind("report", FORMATS, (("html", lambda: _("Event report (HTML)")),)),
        ExportKind("event", ("json",), (("json", lambda: _("Event file lycee-event/1 (JSON)")),), document=_event_json),
    )
}
#: The ``--what`` names (the command line's choices); ``submission`` is a signed folder
#: of several of them (core/reports/submission.py, issue 47).
FOLDERS = ("submission",)
WHATS = (*EXPORTS, *FOLDERS)
#: The dialog's rows: (what, format, label), HTML first, then CSV, then JSON.
MENU = tuple(
    (k.name, fmt, label)
    for order in ("html", "csv", "json")
    for k in EXPORTS.values()
    for fmt, label in k.menu
    if fmt == order
)


def check_export(what: str, fmt: str) -> ExportKind:
    """The export ``what`` in ``fmt``, or a refusal naming what to choose."""
    kind = EXPORTS.get(what)
    if kind is None:
        raise LyceeError(_("unknown export {what!r}: choose {choices}", what=what, choices=join_list(EXPORTS)))
    if fmt not in FORMATS:
        raise LyceeError(_("unknown format {fmt!r}: choose {choices}", fmt=fmt, choices=join_list(FORMATS)))
    if fmt not in kind.formats:
        raise _other_format(what, kind, fmt)
    return kind


def _other_format(what: str, kind: ExportKind, fmt: str) -> LyceeError:
    """The refusal of an export asked in a format it is not written in: its formats, and the exports that are."""
    others = [k.name for k in EXPORTS.values() if fmt in k.formats]
    return LyceeError(
        _(
            "the {what} export is written as {formats} only: use --format {first}; as {fmt}: --what {others}",
            what=what,
            formats=join_list(kind.formats),
            first=kind.formats[0],
            fmt=fmt,
            others=join_list(others),
        )
    )


def render(
    event: Event, what: str = "event", fmt: str = "json", log: list[dict] | None = None, explain: bool = False
) -> str:
    """``log`` (the event's actions) adds planned vs actual times to the report; ``explain``
    gives the pairings by table the judge's 理由 column (the sheet players see has none)."""
    kind = check_export(what, fmt)
    if kind.document is not None:
        return kind.document(event)
    title, header, rows = _table(event, what, log, explain)
    if fmt == "csv":
        return to_csv(header, rows)
    if fmt == "json":
        return _as_json(event, what, title, header, rows)
    return to_html(title, header, rows, _html_meta(event, what))


def _table(event: Event, what: str, log: list[dict] | None, explain: bool):
    """(title, header, rows) of the export ``what``."""
    if what == "report":
        return report_table(event, log)
    if what == "pairings" and explain:
        return pairings_table(event, explain=True)
    return TABLES[what](event)


def _as_json(event: Event, what: str, title: str, header, rows) -> str:
    note = by_name_note(event) if what == "pairings-by-name" else ""
    return json.dumps(
        {
            "title": title,
            **({"store": event.store} if event.store else {}),
            "columns": header,
            "rows": rows,
            **({"note": note} if note else {}),
        },
        ensure_ascii=False,
        indent=2,
    )


def _html_meta(event: Event, what: str) -> str:
    """The line under an HTML sheet's title: the store, then the staff and the
    results still missing (scorecard) or the players without a reading (pairings by name)."""
    sheet_meta = _SHEET_META.get(what)
    meta = sheet_meta(event) if sheet_meta is not None else ""
    store = store_words(event)
    if store:
        meta = f"{store} · {meta}" if meta else store
    return meta


def _scorecard_meta(event: Event) -> str:
    s = event.staff
    meta = _(
        "organizer: {org} · head judge: {hj} · judges: {j}",
        org=s.organizer or "-",
        hj=s.head_judge or "-",
        j=join_list(sheet_judges(event), words=True) or "-",
    )
    if missing_results(event):
        meta += " · " + missing_text(event)
    return meta


#: The sheets whose HTML carries a line of their own under the title (after the store)
_SHEET_META: dict[str, Callable[[Event], str]] = {"scorecard": _scorecard_meta, "pairings-by-name": by_name_note}

#: Exports that belong to one round (their file name carries it).
BY_ROUND = ("pairings", "pairings-by-name", "slips", "standings")


def safe_name(name: str, limit: int = 60) -> str:
    """An event name made safe for file systems: no path separators, no
    characters Windows refuses, no control characters or spaces."""

    n = unicodedata.normalize("NFC", name)
    n = "".join("_" if unicodedata.category(c)[0] == "C" else c for c in n)
    n = re.sub(r'[\\/:*?"<>|\s]+', "_", n).strip("._")
    return n[:limit] or "event"


#: An export's word in a file name in Japanese (the sheet's name a store would write on the folder);
#: English keeps the export's key (``pairings-by-name``), which scripts may look for.
FILE_WORDS = {
    "pairings": lambda: _("pairings (in a file name)"),
    "pairings-by-name": lambda: _("pairings-by-name (in a file name)"),
    "slips": lambda: _("slips (in a file name)"),
    "standings": lambda: _("standings (in a file name)"),
    "scorecard": lambda: _("scorecard (in a file name)"),
    "decklists": lambda: _("decklists (in a file name)"),
    "report": lambda: _("report (in a file name)"),
    "event": lambda: _("event (in a file name)"),
}


def export_filename(event: Event, what: str, fmt: str, round_number: int | None = None) -> str:
    """``2026-12-05_土曜リセ杯_pairings-by-name_r3.html``: the date, the
    event name (made safe) and, for a round's export, the round; in Japanese
    the sheet and the round in words (``2026-12-05_土曜リセ杯_対戦表_第3回戦.html``),
    made safe the same way (no / \\ : * ? " < > | on any system)."""
    ja = language() != "en" and what in FILE_WORDS
    parts = [event.date, safe_name(event.name), _sheet_part(what, ja)]
    if what in BY_ROUND and event.rounds:
        parts.append(_round_part(round_number or len(event.rounds), ja))
    return "_".join(parts) + f".{fmt}"


def _sheet_part(what: str, ja: bool) -> str:
    """The export in a file name: its key, in Japanese the sheet's name (made safe)."""
    return safe_name(FILE_WORDS[what]()) if ja else what


def _round_part(n: int, ja: bool) -> str:
    """The round in a file name: ``r3``, in Japanese in words (``第3回戦``)."""
    return safe_name(_("round {n} (in a file name)", n=n)) if ja else f"r{n}"


def as_of_round(event: Event, round_number: int | None) -> Event:
    """The event as it stood with round ``round_number`` the current one (to
    export an earlier round's pairings, slips or standings)."""
    if round_number is None or round_number == len(event.rounds):
        return event
    if not 1 <= round_number <= len(event.rounds):
        raise LyceeError(_("round {r} has not been paired (rounds 1 to {n})", r=round_number, n=len(event.rounds)))
    return event.with_(rounds=event.rounds[:round_number])


def _check_regular(path: Path) -> None:
    """Refuse to replace anything but a regular file (a device, a pipe, a folder are never replaced by the rename)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, _("not a regular file: an export replaces only a regular file"), str(path))


def _write_all(fd: int, data: memoryview) -> None:
    """Write ``data`` whole to ``fd``, 64 KiB at a time."""
    while data:
        n = os.write(fd, data[: 1 << 16])
        data = data[n:]


def write_export(path: Path, text: str) -> None:
    """Write an export whole or not at all: into a new file beside ``path``,
    synced, then renamed over it; on any failure (a full disk, a size limit)
    the new file is removed, ``path`` is as it was, and the error names
    ``path`` (docs/names.md, "Exports and folders").  A ``.csv`` file starts
    with a UTF-8 BOM, so that Excel on Japanese Windows reads the names as
    UTF-8, not Shift_JIS (issue 48; the screen's CSV has none)."""
    path = Path(path)
    _check_regular(path)
    text = CSV_BOM + text if path.suffix.lower() == ".csv" else text
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        _write_all(fd, memoryview(text.encode("utf-8")))
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
    except BaseException as err:
        _discard(fd, tmp)
        if isinstance(err, OSError):
            err.filename = str(path)
        raise


def _discard(fd: int, tmp: Path) -> None:
    """After a failed write: the new file closed (``fd`` -1 when it is) and removed."""
    if fd >= 0:
        os.close(fd)
    try:
        os.unlink(tmp)
    except OSError:
        pass
