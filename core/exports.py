"""Exports of an event (DESIGN section 7): the lycee-event/1 file, pairings (by
table and by name), standings, the scorecard and decklists, as JSON, CSV or
print-ready HTML.

- Every name is HTML-escaped; every CSV cell that starts with = + - @ (or a
  tab / carriage return) is prefixed with ' so a spreadsheet never runs it.
- The scorecard (G-SCORECARD) lists every match with the penalty marks N/W
  (G-PEN-3), "決定戦" in the remarks of playoff matches (G-TIE-PLAYOFF) and the
  date it is due at the publisher: the event date + 14 days.
"""

from __future__ import annotations

import csv
import html
import io
import json
from datetime import date, timedelta

from .errors import LyceeError
from .eventfile import to_doc
from .i18n import _
from .model import Event, Match

WHATS = ("event", "pairings", "pairings-by-name", "standings", "scorecard", "decklists", "slips", "report")
FORMATS = ("json", "csv", "html")
SCORECARD_DUE_DAYS = 14
PLAYOFF_REMARK = "決定戦"


# -- tables: (title, header, rows) -------------------------------------------------


def _result_text(m: Match) -> str:
    if m.outcome is None:
        return ""
    if m.outcome == "bye":
        return _("bye")
    if m.note == "ID":
        return "ID"
    s = f"{m.p1_wins}-{m.p2_wins}"
    return s + (f"-{m.draws}" if m.draws else "")


def _points_before(event: Event) -> dict[str, int]:
    from .standings import standings

    before = event.with_(rounds=event.rounds[:-1])
    return {r.id: r.points for r in standings(before)}


def pairings_table(event: Event):
    rnd = event.current_round
    if rnd is None:
        raise LyceeError(_("no round has been paired yet"))
    pts = _points_before(event)
    name = lambda pid: event.player(pid).name  # noqa: E731
    rows = []
    for m in rnd.matches:
        rows.append([m.table, name(m.p1), pts.get(m.p1, 0),
                     name(m.p2) if m.p2 else _("(bye)"), pts.get(m.p2, 0) if m.p2 else "",
                     _result_text(m)])
    title = _("{event}: round {r} pairings by table", event=event.name, r=rnd.number)
    return title, [_("Table"), _("Player 1"), _("Points"), _("Player 2"), _("Points"), _("Result")], rows


def pairings_by_name_table(event: Event):
    rnd = event.current_round
    if rnd is None:
        raise LyceeError(_("no round has been paired yet"))
    pts = _points_before(event)
    rows = []
    for m in rnd.matches:
        for me, opp in ((m.p1, m.p2), (m.p2, m.p1)):
            if me is None:
                continue
            rows.append([event.player(me).name, m.table,
                         event.player(opp).name if opp else _("(bye)"), pts.get(me, 0)])
    rows.sort(key=lambda r: r[0])
    title = _("{event}: round {r} pairings by name", event=event.name, r=rnd.number)
    return title, [_("Name"), _("Table"), _("Opponent"), _("Points")], rows


def standings_table(event: Event):
    from .standings import standings

    tbs = list(event.tiebreakers)
    rows = []
    for r in standings(event):
        vals = [r.op if t == "op" else f"{getattr(r, t) * 100:.2f}%" for t in tbs]
        rows.append([r.rank, r.name, r.points, r.record, *vals, _(r.status)])
    n = len(event.swiss_rounds)
    title = _("{event}: standings after round {r}", event=event.name, r=n)
    return title, [_("Rank"), _("Name"), _("Points"), _("Record"), *[t.upper() for t in tbs], _("Status")], rows


def scorecard_table(event: Event):
    from .penalties import scorecard_marks

    stage_name = {"swiss": _("Swiss"), "top": _("single elimination"), "playoff": PLAYOFF_REMARK}
    rows = []
    for rnd in event.rounds:
        for m in rnd.matches:
            p1 = event.player(m.p1)
            p2 = event.player(m.p2) if m.p2 else None
            remarks = []
            if rnd.stage == "playoff":
                remarks.append(PLAYOFF_REMARK)
            if m.note and m.note not in remarks:
                from .notes import note_text

                remarks.append(note_text(m.note))
            rows.append([rnd.number, stage_name.get(rnd.stage, rnd.stage), m.table,
                         p1.name, scorecard_marks(event, p1.id, rnd.number),
                         p2.name if p2 else _("(bye)"), scorecard_marks(event, p2.id, rnd.number) if p2 else "",
                         _result_text(m), " ".join(remarks)])
    due = date.fromisoformat(event.date) + timedelta(days=SCORECARD_DUE_DAYS)
    title = _("{event} ({date}): scorecard, due at the publisher by {due}",
              event=event.name, date=event.date, due=due.isoformat())
    return title, [_("Round"), _("Stage"), _("Table"), _("Player 1"), "N/W", _("Player 2"), "N/W",
                   _("Result"), _("Remarks")], rows


def scorecard_due(event: Event) -> str:
    return (date.fromisoformat(event.date) + timedelta(days=SCORECARD_DUE_DAYS)).isoformat()


def decklists_table(event: Event):
    """Every registered decklist (G-DECKLIST), player by player: deck, then
    spare cards; the card name as written, else the catalog's.  The lists go
    back with the scorecard, by the same due date."""
    from .decklists import default_catalog

    cat = None
    rows = []
    for p in event.players:
        rec = event.decklist_of(p.id)
        if rec is None:
            continue
        for section, lines in (("deck", rec.deck), ("spare", rec.spare)):
            for count, number, name in lines:
                if not name:
                    cat = cat or default_catalog()
                    name = cat.name_of(number) or ""
                rows.append([p.name, _(section), count, number, name])
    title = _("{event} ({date}): decklists, due at the publisher by {due}",
              event=event.name, date=event.date, due=scorecard_due(event))
    return title, [_("Player"), _("Section"), _("Count"), _("Number"), _("Card")], rows


TABLES = {
    "pairings": pairings_table,
    "pairings-by-name": pairings_by_name_table,
    "standings": standings_table,
    "scorecard": scorecard_table,
    "decklists": decklists_table,
}


# -- formats -------------------------------------------------------------------------


def csv_safe(value) -> str:
    s = "" if value is None else str(value)
    if s and s[0] in "=+-@\t\r":
        return "'" + s
    return s


def to_csv(header, rows) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    w.writerow([csv_safe(h) for h in header])
    for r in rows:
        w.writerow([csv_safe(c) for c in r])
    return buf.getvalue()


_CSS = """
body { font-family: "Noto Sans JP", "Hiragino Sans", "Yu Gothic", sans-serif; margin: 1.5em; }
h1 { font-size: 1.3em; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #444; padding: 0.25em 0.5em; text-align: left; }
th { background: #eee; }
tr:nth-child(even) td { background: #fafafa; }
.meta { color: #555; font-size: 0.9em; }
@media print { body { margin: 0; } h1 { margin-top: 0; } tr { page-break-inside: avoid; } }
"""


def to_html(title: str, header, rows, meta: str = "") -> str:
    e = html.escape
    head = "".join(f"<th>{e(str(h))}</th>" for h in header)
    body = "\n".join("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>\n"
        f"<h1>{e(title)}</h1>\n" + (f"<p class=\"meta\">{e(meta)}</p>\n" if meta else "")
        + f"<table><thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody></table>\n</body></html>\n"
    )


#: Reminders printed on every match slip, in our own words, with the rule ids.
def slip_reminders(event: Event) -> list[str]:
    notes = [
        _("Opening hand without a character: show it, shuffle it back and draw 7 again, once (G-MULLIGAN)."),
        _("Cards must be uniform: one card per sleeve, no double sleeves, no home-printed sleeves (G-SLEEVES)."),
    ]
    if event.match == "bo3":
        notes.insert(1, _("From game 2 on, the loser of the previous game chooses to play first or second (G-NEXT-GAME)."))
        notes.insert(2, _("Between games you may swap deck cards with your spares (at most 12), within 5 minutes; "
                          "never before game 1 (G-SPARE-1, G-SPARE-2)."))
        notes.insert(3, _("After the match, put deck and spares back as they started; a card swapped out may "
                          "come back in during the same match (G-SPARE-3)."))
    if not event.spectating:
        notes.append(_("Spectating is not allowed at this event (G-SPECTATE)."))
    return notes


def slips_html(event: Event) -> str:
    """One slip per table of the current round: who plays, boxes for the
    result and signatures, and the reminders players need."""
    rnd = event.current_round
    if rnd is None:
        raise LyceeError(_("no round has been paired yet"))
    e = html.escape
    reminders = "".join(f"<li>{e(r)}</li>" for r in slip_reminders(event))
    match = _("best of three") if event.match == "bo3" else _("best of one")
    slips = []
    for m in rnd.matches:
        if m.p2 is None:
            continue
        p1, p2 = event.player(m.p1).name, event.player(m.p2).name
        slips.append(
            f"<div class=\"slip\"><h2>{e(event.name)} · {e(_('Round {r}', r=rnd.number))} · "
            f"{e(_('Table {t}', t=m.table))}</h2><p>{e(match)} · {event.minutes} {e(_('min'))}</p>"
            f"<table><tr><th>{e(_('Player'))}</th><th>{e(_('Games won'))}</th><th>{e(_('Drawn games'))}</th>"
            f"<th>{e(_('Signature'))}</th></tr>"
            f"<tr><td>{e(p1)}</td><td></td><td rowspan=\"2\"></td><td></td></tr>"
            f"<tr><td>{e(p2)}</td><td></td><td></td></tr></table>"
            f"<ul>{reminders}</ul></div>")
    css = _CSS + ".slip { border: 2px dashed #888; padding: 0.5em 1em; margin-bottom: 1em; page-break-inside: avoid; }"
    title = _("{event}: match slips, round {r}", event=event.name, r=rnd.number)
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{e(title)}</title>"
            f"<style>{css}</style></head><body>\n" + "\n".join(slips) + "\n</body></html>\n")


def format_summary(event: Event) -> tuple[str, bool]:
    """The event's format in words, and whether it must be reported when
    applying for sanction (G-OTHER-FORMAT: anything but Swiss or single
    elimination)."""
    stages = {r.stage for r in event.rounds}
    parts = []
    if "swiss" in stages or not stages:
        parts.append(_("Swiss"))
    if "top" in stages:
        parts.append(_("single elimination"))
    if "playoff" in stages:
        parts.append(PLAYOFF_REMARK)
    other = bool(stages - {"swiss", "top", "playoff"})
    return " + ".join(parts), other


def report_table(event: Event):
    """The written event report (G-REPORT, optional), with the publication
    terms (G-PUBLISH) and the G-OTHER-FORMAT flag."""
    from .standings import standings

    fmt, other = format_summary(event)
    s = event.staff
    rows = [
        [_("Event"), event.name], [_("Date"), event.date],
        [_("Kind"), _(event.kind)], [_("Match"), _("best of three") if event.match == "bo3" else _("best of one")],
        [_("Minutes a match"), event.minutes], [_("Format"), fmt],
        [_("Sanctioned"), _("yes") if event.sanctioned else _("no")],
        [_("Organizer"), s.organizer], [_("Head judge"), s.head_judge], [_("Judges"), ", ".join(s.judges)],
        [_("Players"), len(event.players)],
        [_("Dropped"), sum(1 for p in event.players if p.dropped_after_round is not None)],
        [_("Excluded"), sum(1 for p in event.players if p.excluded)],
        [_("Rounds"), len(event.rounds)],
        [_("Penalties"), _("{n} notices, {w} warnings",
                           n=sum(p.level == "notice" for p in event.penalties),
                           w=sum(p.level == "warning" for p in event.penalties))],
        [_("Scorecard due"), scorecard_due(event)],
    ]
    try:
        from .elimination import champion
        champ = champion(event)
    except LyceeError:
        champ = None
    if champ:
        rows.append([_("Winner"), event.player(champ).name])
    for r in standings(event)[:8]:
        rows.append([_("Place {rank}", rank=r.rank), f"{r.name} ({r.points} · {r.record})"])
    rows.append([_("Format check"), _("must be reported when applying for sanction (G-OTHER-FORMAT)") if other
                 else _("Swiss / single elimination: nothing to report (G-OTHER-FORMAT)")])
    rows.append([_("Publication"), _("The publisher and the organizer may publish this event's records: "
                                     "result sheets, photos, video and reconstructions (G-PUBLISH).")])
    title = _("{event}: event report (G-REPORT)", event=event.name)
    return title, [_("Item"), _("Value")], rows


TABLES["report"] = report_table


def render(event: Event, what: str = "event", fmt: str = "json") -> str:
    if what not in WHATS:
        raise LyceeError(_("unknown export {what!r}: choose {choices}", what=what, choices=", ".join(WHATS)))
    if fmt not in FORMATS:
        raise LyceeError(_("unknown format {fmt!r}: choose json, csv or html", fmt=fmt))
    if what == "event":
        if fmt != "json":
            raise LyceeError(_("the event file is JSON (lycee-event/1); for CSV and HTML use --what pairings, "
                               "pairings-by-name, standings, scorecard, decklists, report (or slips, HTML only)"))
        return json.dumps(to_doc(event), ensure_ascii=False, indent=2)
    if what == "slips":
        if fmt != "html":
            raise LyceeError(_("match slips are printed from HTML: use --format html"))
        return slips_html(event)
    title, header, rows = TABLES[what](event)
    if fmt == "csv":
        return to_csv(header, rows)
    if fmt == "json":
        return json.dumps({"title": title, "columns": header, "rows": rows}, ensure_ascii=False, indent=2)
    meta = ""
    if what == "scorecard":
        s = event.staff
        meta = _("organizer: {org} · head judge: {hj} · judges: {j}",
                 org=s.organizer or "-", hj=s.head_judge or "-", j=", ".join(s.judges) or "-")
    return to_html(title, header, rows, meta)


#: Exports that belong to one round (their file name carries it).
BY_ROUND = ("pairings", "pairings-by-name", "slips", "standings")


def safe_name(name: str, limit: int = 60) -> str:
    """An event name made safe for file systems: no path separators, no
    characters Windows refuses, no control characters or spaces."""
    import re
    import unicodedata

    n = unicodedata.normalize("NFC", name)
    n = "".join("_" if unicodedata.category(c)[0] == "C" else c for c in n)
    n = re.sub(r'[\\/:*?"<>|\s]+', "_", n).strip("._")
    return n[:limit] or "event"


def export_filename(event: Event, what: str, fmt: str, round_number: int | None = None) -> str:
    """``2026-12-05_土曜リセ杯_pairings-by-name_r3.html``: the date, the
    event name (made safe) and, for a round's export, the round."""
    parts = [event.date, safe_name(event.name), what]
    if what in BY_ROUND and event.rounds:
        parts.append(f"r{round_number or len(event.rounds)}")
    return "_".join(parts) + f".{fmt}"


def as_of_round(event: Event, round_number: int | None) -> Event:
    """The event as it stood with round ``round_number`` the current one (to
    export an earlier round's pairings, slips or standings)."""
    if round_number is None or round_number == len(event.rounds):
        return event
    if not 1 <= round_number <= len(event.rounds):
        raise LyceeError(_("round {r} has not been paired (rounds 1 to {n})", r=round_number, n=len(event.rounds)))
    return event.with_(rounds=event.rounds[:round_number])
