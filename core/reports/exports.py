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
import errno
import html
import io
import json
import os
import secrets
import stat
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from core import labels
from core.errors import LyceeError
from core.event.model import Event, Match
from core.event.tiebreakers import TIEBREAKERS
from core.i18n import _, join_list, language, ngettext
from core.names import name_sort_key, reading_key
from core.rules.eventfile import to_doc
from core.tournament.standings import points_before_round

FORMATS = ("json", "csv", "html")
SCORECARD_DUE_DAYS = 14
PLAYOFF_REMARK = "決定戦"


# -- tables: (title, header, rows) -------------------------------------------------


def _final_without_winner(event: Event) -> bool:
    """The final was an intentional draw the organizer declared without a winner (G-ID-3)."""
    from core.tournament.elimination import bracket

    try:
        b = bracket(event)
    except LyceeError:
        return False
    return bool(b and b.rounds and b.rounds[-1].slots and labels.is_no_winner(b.rounds[-1].slots[0].note))


def _result_text(m: Match) -> str:
    if m.outcome is None:
        return ""
    if m.outcome == "bye":
        return _("bye")
    if m.note == "ID" or m.intentional:
        return _("intentional draw")
    s = f"{m.p1_wins}-{m.p2_wins}"
    return s + (f"-{m.draws}" if m.draws else "")


def note_words(note: str, rules: str = "2008") -> str:
    """A match's stored note as a sheet a player or the publisher reads says it: in words,
    without the rule id (「遅刻による敗北」, 「途中棄権による敗北」; core.labels.note_label keeps
    the ids for the desk's screens)."""
    if not note:
        return ""
    rule, name = labels.id_ruling(note)
    if rule == "G-ID-2":
        return _("intentional draw, allowed by the head judge {name}", name=name)
    if rule == "G-ID-3":
        return _("no winner, decided by the organizer {name}", name=name)
    if rule == "G-ID-1":
        return _("intentional draw before the table started, as judge {name} saw", name=name)
    why, _sp, rule = note.partition(" ")
    if why in ("drop", "excluded", "penalty", "late") and rule.startswith("G-"):
        return {
            "drop": _("loss by drop"),
            # O-PEN-2: Overture's sheets say 失格
            "excluded": _("loss by disqualification") if rules == "overture" else _("loss by exclusion"),
            "penalty": _("loss by penalty"),
            "late": _("loss by lateness"),
        }[why]
    return labels.note_label(note)


def date_words(iso: str) -> str:
    """A date as a notice gives it: 「2026年12月5日（土）」 on a Japanese sheet, 2026-12-05 in English."""
    try:
        d = date.fromisoformat(iso)
    except (TypeError, ValueError):
        return str(iso)
    if language() != "ja":
        return d.isoformat()
    return f"{d.year}年{d.month}月{d.day}日（{'月火水木金土日'[d.weekday()]}）"


def stage_words(event: Event) -> str:
    """The current round's stage for a title pattern (「第4回戦（準決勝）」), "" for a Swiss round:
    the title's own pattern places it, no suffix is appended."""
    from core.tournament.elimination import round_label

    rnd = event.current_round
    return "" if rnd is None or rnd.stage == "swiss" else round_label(event, rnd.number)


def pairings_table(event: Event, explain: bool = False):
    """The pairings by table as posted: table, players and their points, the result.  The
    pairing explanation (why a table crosses score groups) is judge material: its column
    only with ``explain`` (``lycee export --explain``)."""
    rnd = event.current_round
    if rnd is None:
        raise LyceeError(_("no round has been paired yet"))
    from core.reports.explain import is_cross_group, why_text

    pts = points_before_round(event)
    name = lambda pid: event.player(pid).name  # noqa: E731
    rows = []
    for m in rnd.matches:
        # why a table is paired across score groups (or holds a rematch or the bye): core.reports.explain
        row = [
            m.table,
            name(m.p1),
            pts.get(m.p1, 0),
            name(m.p2) if m.p2 else _("(bye)"),
            pts.get(m.p2, 0) if m.p2 else "",
            _result_text(m),
        ]
        if explain:
            row.append(why_text(event, m.why, with_draw=False) if is_cross_group(m.why) else "")
        rows.append(row)
    stage = stage_words(event)
    title = (
        _("{event}: round {r} ({label}) pairings by table", event=event.name, r=rnd.number, label=stage)
        if stage
        else _("{event}: round {r} pairings by table", event=event.name, r=rnd.number)
    )
    header = [_("Table"), _("Player 1"), _("Points"), _("Player 2"), _("Points"), _("Result")]
    return title, header + ([_("Why")] if explain else []), rows


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
    n = sum(1 for pid in pids if reading_key(event.player(pid).name, event.player(pid).reading) is None)
    return 0 if n == len(pids) else n


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
    rnd = event.current_round
    if rnd is None:
        raise LyceeError(_("no round has been paired yet"))
    pts = points_before_round(event)
    rows = [
        [event.player(me).name, m.table, event.player(opp).name if opp else _("(bye)"), pts.get(me, 0)]
        for me, opp, m in by_name_order(event, rnd)
    ]
    stage = stage_words(event)
    title = (
        _("{event}: round {r} ({label}) pairings by name", event=event.name, r=rnd.number, label=stage)
        if stage
        else _("{event}: round {r} pairings by name", event=event.name, r=rnd.number)
    )
    return title, [_("Name"), _("Table"), _("Opponent"), _("Points")], rows


def standings_table(event: Event):
    """The standings; once the elimination stage is finished, the final
    placings (G-SE): place, how far each player went, then the Swiss figures."""
    from core.tournament.elimination import cut_size, final_placings, swiss_over
    from core.tournament.standings import standings

    tbs = [TIEBREAKERS[t] for t in event.tiebreakers]
    rows = []
    final = final_placings(event)
    swiss = standings(event)
    head = [_("Rank"), _("Name"), _("Points"), _("Record"), *[t.header for t in tbs], _("Status")]

    def vals(r):
        return [tb.text(r.figure(tb.name)) for tb in tbs]

    if final is not None:
        by_id = {r.id: r for r in swiss}
        for f in final:
            r = by_id[f.id]
            rows.append(
                [
                    f.place,
                    r.name,
                    labels.placing_label(f.reached, f.place, size=cut_size(event)),
                    r.rank_text if r.rank is None else r.rank,
                    r.points,
                    r.record,
                    *vals(r),
                    ""
                    if r.status == "active"
                    else labels.player_status_label(r.status, event.rules),  # over: no 参加中
                ]
            )
        title = _("{event}: final standings", event=event.name) + rules_words(event)
        return title, [_("Place"), _("Name"), _("Reached"), _("Swiss rank"), *head[2:]], rows
    for r in swiss:
        rows.append(
            [
                r.rank_text if r.rank is None else r.rank,
                r.name,
                r.points,
                r.record,
                *vals(r),
                labels.player_status_label(r.status, event.rules),
            ]
        )
    n = len(event.swiss_rounds)
    if swiss_over(event):  # a Swiss-only event that is over: its standings are the final ranking
        return _("{event}: final standings", event=event.name) + rules_words(event), head, rows
    title = (
        _("{event}: standings after round {r}", event=event.name, r=n)
        if n
        else _("{event}: standings before round 1", event=event.name)
    )
    return title + rules_words(event), head, rows


def missing_results(event: Event) -> list[tuple[int, int]]:
    """(round, table) of every match still without a result."""
    return [(r.number, t) for r in event.rounds for t in r.missing_tables()]


def missing_text(event: Event) -> str:
    """One line naming the results still missing ("" when none)."""
    miss = missing_results(event)
    if not miss:
        return ""
    where = join_list(_("round {r} table {t}", r=r, t=t) for r, t in miss)
    return _("{n} result(s) missing: {where}", n=len(miss), where=where)


def _exclusion_words(event: Event, pid: str) -> str:
    """Why a player stands excluded, in words for a sheet (core.rules.penalties.exclusion_reason
    without its rule id): the reason of the exclusion handed down, else 「警告2点: reason」."""
    from core.rules.penalties import exclusion_reason, history, in_force, player_tally

    forced = [p for _n, p in history(event, pid) if in_force(p) is not None]
    if forced and not any(in_force(p)[1] == "exclusion" for p in forced) and player_tally(event, pid).excluded:  # type: ignore[index]  # in force
        return _("two Warnings: {reason}", reason=forced[-1].reason)
    return exclusion_reason(event, pid)


def _record_struck(event: Event, pid: str) -> bool:
    """Whether a penalty in force struck the player's record (戦績の抹消, O-PEN-2)."""
    from core.rules.penalties import history, in_force

    return any((f := in_force(p)) is not None and f[1] == "exclusion_struck" for _n, p in history(event, pid))


def rules_words(event: Event) -> str:
    """The title's mention of the rule set (O-RULES): "" for the 2008
    guideline (every 2008 sheet reads as before), else ` · Overture rules`."""
    return "" if event.rules == "2008" else " · " + _("{rules} rules", rules=labels.rules_label(event.rules))


def status_remark(event: Event, pid: str) -> str:
    """A dropped or excluded player's remark on the scorecard and the report
    (G-DROP-1, G-PEN-1/2): ``Dropped after round 2``, ``Excluded (marked
    cards)``; "" for a player still in."""
    p = event.player(pid)
    if p.excluded and event.rules == "overture":  # O-PEN-2: 失格, the record struck or not
        reason = _exclusion_words(event, pid)
        if _record_struck(event, pid):
            return (
                _("Disqualified, record struck ({reason})", reason=reason)
                if reason
                else _("Disqualified, record struck")
            )
        return _("Disqualified ({reason})", reason=reason) if reason else _("Disqualified")
    if p.excluded:
        reason = _exclusion_words(event, pid)
        return _("Excluded ({reason})", reason=reason) if reason else _("Excluded")
    if p.dropped_after_round is not None:
        if not p.dropped_after_round:
            return _("Dropped before round 1")
        n = p.dropped_after_round
        if n <= len(event.rounds) and any(
            pid in m.players() and m.note.startswith("drop ") for m in event.rounds[n - 1].matches
        ):  # G-DROP-2: dropped during the round, its match lost by the drop
            return _("Dropped during round {n}", n=n)
        return _("Dropped after round {n}", n=n)
    return ""


def with_member(p) -> str:
    """A player's name with their member number (issue 47): 「相川 (M001)」; a name that carries it already as is."""
    if not p.member or p.name.endswith(f"({p.member})"):
        return p.name
    return f"{p.name} ({p.member})"


def store_words(event: Event) -> str:
    """「店舗：カードショップ森（店舗番号 1234）東京都」, or "" when the event keeps no store (issue 47)."""
    from core.rules.members import store_line

    return _("store: {store}", store=store_line(event.store)) if event.store else ""


def ended_at_time(event: Event, m: Match) -> bool:
    """A reported match whose result only a time call gives (G-BO3-TIME, G-TIME: best of
    three with nobody on two game wins, 1-1-1 ...), not an intentional draw nor a loss
    written by a rule (drop, lateness ...)."""
    from core.tournament.matchrules import Result, time_only

    if m.outcome not in ("p1", "p2", "draw") or m.note or m.intentional or m.p2 is None:
        return False
    return time_only(Result(m.p1_wins, m.p2_wins, m.draws), event.match)


def sheet_judges(event: Event) -> list[str]:
    """The judges a sheet lists beside the head judge: the head judge once, as head judge
    (the event file keeps them among ``staff.judges`` too)."""
    s = event.staff
    return [j for j in s.judges if j != s.head_judge]


def scorecard_table(event: Event):
    """Every match (the stage named by :func:`core.tournament.elimination.round_label`),
    the N/W marks of its round (G-PEN-3), then the penalties given outside
    any round on lines of their own with their time, then the final
    placings once the event is finished (G-SE).  A result still missing is
    written as such, and the title says how many are missing."""
    from core.rules.penalties import MARK, in_force, penalties_outside_rounds
    from core.tournament.elimination import THIRD_PLACE, THIRD_PLACE_PLANNED, cut_size, final_placings, round_label

    rows = []
    for rnd in event.rounds:
        for m in rnd.matches:
            p1 = event.player(m.p1)
            p2 = event.player(m.p2) if m.p2 else None
            remarks = []
            if rnd.stage == "playoff":
                remarks.append(PLAYOFF_REMARK)
            if m.note and m.note not in (THIRD_PLACE, THIRD_PLACE_PLANNED):
                note = note_words(m.note, event.rules)
                if note and note not in remarks and note != _result_text(m):  # 結果 says it already
                    remarks.append(note)
            if ended_at_time(event, m):  # G-BO3-TIME: a 1-1-1 says why the match ended there
                remarks.append(_("ended at time"))
            rows.append(
                [
                    rnd.number,
                    round_label(event, rnd.number, m),
                    m.table,
                    with_member(p1),
                    marks(event, p1.id, rnd.number),
                    with_member(p2) if p2 else _("(bye)"),
                    marks(event, p2.id, rnd.number) if p2 else "",
                    _result_text(m) if m.reported else _("missing"),
                    join_list(remarks, words=True),
                ]
            )
    for n, pen in penalties_outside_rounds(event):
        when = pen.at[:16].replace("T", " ") if pen.at else _("time not recorded")
        rows.append(
            [
                "-",
                _("outside the rounds"),
                "-",
                event.player(pen.player).name,
                MARK[in_force(pen)[0]],  # type: ignore[index]  # only those in force
                "",
                "",
                "",
                _("penalty #{n} at {when}: {reason} ({by})", n=n, when=when, reason=pen.reason, by=pen.by),
            ]
        )
    final = final_placings(event)
    if final is not None:
        for f in final:
            rows.append(
                [
                    "-",
                    _("final placing"),
                    "-",
                    f.name,
                    "",
                    "",
                    "",
                    _("Place {rank}", rank=f.place),
                    join_list(
                        (
                            x
                            for x in (
                                labels.placing_label(f.reached, f.place, size=cut_size(event)) if f.label else "",
                                status_remark(event, f.id),
                            )
                            if x
                        ),
                        words=True,
                    ),
                ]
            )
    placed = {f.id for f in final} if final is not None else set()
    left = _("drop / disqualification") if event.rules == "overture" else _("drop / exclusion")
    # G-DROP-1, G-PEN-1/2: who left the event, on a line of their own (and, once
    # placed, a player left out of the final placings: O-PEN-2)
    for p in event.players:
        remark = status_remark(event, p.id) if p.id not in placed else ""
        if remark:
            rows.append(["-", left, "-", p.name, "", "", "", "", remark])
    due = date.fromisoformat(event.date) + timedelta(days=SCORECARD_DUE_DAYS)
    title = _(
        "{event} ({date}): scorecard, due at the publisher by {due}",
        event=event.name,
        date=date_words(event.date),
        due=date_words(due.isoformat()),
    )
    title += rules_words(event)
    if missing_results(event):
        title += " · " + _("INCOMPLETE: {what}", what=missing_text(event))
    return (
        title,
        [_("Round"), _("Stage"), _("Table"), _("Player 1"), "N/W", _("Player 2"), "N/W", _("Result"), _("Remarks")],
        rows,
    )


def marks(event: Event, pid: str, round_number: int | None) -> str:
    """G-PEN-3: a player's N/W marks of a round on a sheet, in one order everywhere: the
    Notices, then the Warnings ("NW" for a Warning given before a Notice too)."""
    from core.rules.penalties import scorecard_marks

    return "".join(sorted(scorecard_marks(event, pid, round_number), key="NW".index))


def scorecard_due(event: Event) -> str:
    return (date.fromisoformat(event.date) + timedelta(days=SCORECARD_DUE_DAYS)).isoformat()


def decklists_table(event: Event):
    """Every registered decklist (G-DECKLIST), player by player: deck, then
    spare cards; the card name as written, else the catalog's.  The lists go
    back with the scorecard, by the same due date."""
    from core.rules.decklists import default_catalog

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
                rows.append([p.name, labels.section_label(section), count, number, name])
    b = event.build
    if b is not None and b.overridden:  # round 1 paired without these players' legal decks (G-HEAD-JUDGE)
        for pid in b.override_players:
            if event.has_player(pid):
                rows.append(
                    [
                        event.player(pid).name,
                        _("head judge override"),
                        "",
                        "",
                        _("{by}: {reason}", by=b.override_by, reason=b.override_reason),
                    ]
                )
    title = _(
        "{event} ({date}): decklists, due at the publisher by {due}",
        event=event.name,
        date=date_words(event.date),
        due=date_words(scorecard_due(event)),
    )
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
    if s and s[0] in "=+-@\t\r" and s != "-":  # a lone "-" (no round, no table) runs nothing
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
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>\n"
        f"<h1>{e(title)}</h1>\n"
        + (f'<p class="meta">{e(meta)}</p>\n' if meta else "")
        + f"<table><thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody></table>\n</body></html>\n"
    )


def slip_reminders(event: Event) -> list[tuple[str, str]]:
    """(rule ids, reminder) printed on every match slip, in our own words.  Players never see
    the rule ids (the guideline has no numbers): the slip prints the words, the ids ride along
    in the markup (``data-rule``) for the desk and the tests."""
    notes = [
        ("G-MULLIGAN", _("Opening hand without a character: show it, shuffle it back and draw 7 again, once.")),
        ("G-SLEEVES", _("Cards must be uniform: one card per sleeve, no double sleeves, no home-printed sleeves.")),
    ]
    if event.match == "bo3":
        notes.insert(
            1, ("G-NEXT-GAME", _("From game 2 on, the loser of the previous game chooses to play first or second."))
        )
        notes.insert(
            2,
            (
                "G-SPARE-1 G-SPARE-2",
                _(
                    "Between games you may swap deck cards with your spares (at most "
                    "12), within 5 minutes; never before game 1."
                ),
            ),
        )
        notes.insert(
            3,
            (
                "G-SPARE-3",
                _(
                    "After the match, put deck and spares back as they started; a card swapped "
                    "out may come back in during the same match."
                ),
            ),
        )
    if not event.spectating:
        notes.append(("G-SPECTATE", _("Spectating is not allowed at this event.")))
    return notes


def report_stubs(event: Event, m) -> str:
    """With phone reports on: one stub per player, to cut off and keep, with
    the QR code of their own report page and their code."""
    if not event.phone_reports:
        return ""
    import segno

    from core.rules.reports import code_of, report_url

    e = html.escape
    out = []
    for pid in (m.p1, m.p2):
        code = code_of(event, pid)
        if code is None:
            continue
        svg = segno.make(report_url(code), error="m").svg_inline(scale=3, border=2)
        words = _(
            "{name}: report your result from your phone (keep this part, it is yours only)", name=event.player(pid).name
        )
        out.append(
            f'<div class="stub"><p>{e(words)}</p>{svg}<p class="code">{e(_("code {code}", code=code))}</p></div>'
        )
    if not out:
        return ""
    return '<div class="stubs">' + "".join(out) + "</div>"


def slips_html(event: Event) -> str:
    """One slip per table of the current round: who plays, boxes for the
    result and signatures, and the reminders players need."""
    rnd = event.current_round
    if rnd is None:
        raise LyceeError(_("no round has been paired yet"))
    e = html.escape
    reminders = "".join(f'<li data-rule="{e(rule)}">{e(r)}</li>' for rule, r in slip_reminders(event))
    match = _("best of three") if event.match == "bo3" else _("best of one")
    slips = []
    for m in rnd.matches:
        if m.p2 is None:
            continue
        p1, p2 = event.player(m.p1).name, event.player(m.p2).name
        head = _("Round {r}", r=rnd.number)
        if rnd.stage != "swiss":
            from core.tournament.elimination import round_label

            head = _("Round {r} ({label})", r=rnd.number, label=round_label(event, rnd.number, m))
        slips.append(
            f'<div class="slip"><h2>{e(_("{event} · {round} · {table}", event=event.name, round=head, table=_("Table {t}", t=m.table)))}</h2>'
            f"<p>{e(_('{how} · {n} min', how=match, n=event.minutes))}</p>"
            f"<table><tr><th>{e(_('Player'))}</th><th>{e(_('Games won'))}</th><th>{e(_('Drawn games'))}</th>"
            f"<th>{e(_('Signature'))}</th></tr>"
            f'<tr><td>{e(p1)}</td><td></td><td rowspan="2"></td><td></td></tr>'
            f"<tr><td>{e(p2)}</td><td></td><td></td></tr></table>"
            f"<ul>{reminders}</ul>{report_stubs(event, m)}</div>"
        )
    css = (
        _CSS
        + ".slip { border: 2px dashed #888; padding: 0.5em 1em; margin-bottom: 1em; page-break-inside: avoid; }"
        + " .stubs { display: flex; gap: 1em; } .stub { border-top: 1px dashed #888; flex: 1; }"
        + " .stub .code { font: bold 1.2em monospace; letter-spacing: .1em; }"
    )
    title = _("{event}: match slips, round {r}", event=event.name, r=rnd.number)
    return (
        f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{e(title)}</title>'
        f"<style>{css}</style></head><body>\n" + "\n".join(slips) + "\n</body></html>\n"
    )


def ties_words(event: Event) -> str:
    """How players on equal points were ordered (G-TIE-1, G-TIE-PLAYOFF): the
    tiebreakers in use (or shared places), then each playoff (決定戦) held,
    with its players and whether it replaced the tiebreakers."""
    from core.tournament.standings import playoffs_held

    chain = [TIEBREAKERS[t].header for t in event.tiebreakers]
    parts = [
        _("tiebreakers {names}", names=", ".join(chain)) if chain else _("no tiebreakers: equal points share a place")
    ]
    names = {p.id: p.name for p in event.players}
    for points, ids, instead in playoffs_held(event):
        who = join_list((names.get(i, i) for i in ids), words=True)
        parts.append(
            _("playoff (決定戦) instead of the tiebreakers among {who} ({points} points)", who=who, points=points)
            if instead
            else _("playoff (決定戦) for a shared place among {who} ({points} points)", who=who, points=points)
        )
    return "; ".join(parts)


def format_summary(event: Event) -> tuple[str, bool]:
    """The event's format in words, and whether it must be reported when
    applying for sanction (G-OTHER-FORMAT: anything but Swiss or single
    elimination)."""
    stages = {r.stage for r in event.rounds}
    parts = []
    alone = event.rounds_planned == 0  # single elimination alone (G-SE)
    if "swiss" in stages or (not stages and not alone):
        parts.append(_("Swiss"))
    if "top" in stages or (not stages and alone):
        parts.append(_("single elimination"))
    if "playoff" in stages:
        parts.append(PLAYOFF_REMARK)
    other = bool(stages - {"swiss", "top", "playoff"})
    return " + ".join(parts), other


def _calendar_words(event: Event) -> str:
    """Which legality list the event's deck checks follow (G-CARDS-VERSIONS)."""
    base = (
        _("the guideline's list of versions and promotion cards")
        if event.sanctioned
        else _("any set (unsanctioned event)")
    )
    sc = event.store_calendar
    if sc is None:
        return base
    cal = sc.get("calendar") or {}
    return (
        base
        + " + "
        + _(
            "store calendar {source} ({v} versions, {p} promotion cards)",
            source=sc.get("source", ""),
            v=len(cal.get("versions", [])),
            p=len(cal.get("promos", [])),
        )
    )


def _override_rows(event: Event) -> list[list]:
    """The head judge's override of the round-1 deck check (G-HEAD-JUDGE,
    core.decklists), named on the report: who, when, why, for whom."""
    b = event.build
    if b is None or not b.overridden:
        return []
    names = join_list((event.player(p).name for p in b.override_players if event.has_player(p)), words=True) or "-"
    return [
        [
            _("Deck override"),
            _(
                "head judge {by} at {at}: round 1 paired without a legal deck from {names} ({reason})",
                by=b.override_by,
                at=labels.time_label(b.override_at or ""),
                names=names,
                reason=b.override_reason,
            ),
        ]
    ]


def report_table(event: Event, log: list[dict] | None = None):
    """The written event report (G-REPORT, optional), with the publication
    terms (G-PUBLISH) and the G-OTHER-FORMAT flag; with the event's ``log``,
    each round's planned and actual times (core.tournament.plan)."""
    from core.rules.members import store_line
    from core.tournament.standings import standings

    fmt, other = format_summary(event)
    s = event.staff
    rows = [
        [_("Event"), event.name],
        [_("Date"), date_words(event.date)],
        [_("Kind"), labels.kind_label(event.kind)],
        [_("Match"), _("best of three") if event.match == "bo3" else _("best of one")],
        [_("Minutes a match"), event.minutes],
        [_("Tournament format"), fmt],
        [_("Sanctioned"), _("yes") if event.sanctioned else _("no")],
        [_("Rules"), labels.rules_label(event.rules)],
        [_("Card calendar"), _calendar_words(event)],
        *_override_rows(event),
        *([[_("store name"), store_line(event.store)]] if event.store else []),
        [_("Organizer"), s.organizer],
        [_("Head judge"), s.head_judge],
        [_("Judges"), join_list(sheet_judges(event), words=True)],
        [_("Players"), len(event.players)],
        [_("Dropped"), sum(1 for p in event.players if p.dropped_after_round is not None)],
        [
            _("Disqualified") if event.rules == "overture" else _("Excluded"),
            sum(1 for p in event.players if p.excluded),
        ],
        *[
            [
                _("drop / disqualification") if event.rules == "overture" else _("drop / exclusion"),
                f"{p.name}: {status_remark(event, p.id)}",
            ]
            for p in event.players
            if not p.active
        ],
        [_("Rounds"), len(event.rounds)],
        [_("Ties on points"), ties_words(event)],
        [
            _("Penalties"),
            _(
                "{n} notices, {w} warnings",
                n=sum(p.level == "notice" for p in event.penalties),
                w=sum(p.level == "warning" for p in event.penalties),
            ),
        ],
        [_("Scorecard due"), date_words(scorecard_due(event))],
    ]
    from core.tournament.elimination import cut_size, final_placings

    final = final_placings(event)
    if final is not None:
        from core.tournament.elimination import final_without_winner

        # G-ID-3 (L-NO-WINNER): a final without a winner has no champion
        rows.append([_("Winner"), _("no champion") if final_without_winner(event) else final[0].name])
        by_id = {r.id: r for r in standings(event)}
        for f in final[:8]:
            r = by_id[f.id]
            remark = status_remark(event, f.id)
            rows.append(
                [
                    _("Place {rank}", rank=f.place),
                    f"{r.name} ({labels.placing_label(f.reached, f.place, size=cut_size(event))} · {r.points} · {r.record})"
                    + (f" · {remark}" if remark else ""),
                ]
            )
    else:
        if _final_without_winner(event):
            rows.append([_("Winner"), _("no champion")])  # the final drawn, no winner (G-ID-3)
        elif any(r.stage == "top" for r in event.rounds):
            rows.append([_("Elimination"), _("not finished: places follow the Swiss standings so far")])
        for r in standings(event)[:8]:
            remark = status_remark(event, r.id)
            rows.append(
                [
                    _("Place {rank}", rank=r.rank_text),
                    f"{r.name} ({r.points} · {r.record})" + (f" · {remark}" if remark else ""),
                ]
            )
    if log:
        rows += schedule_rows(event, log)
    rows.append(
        [
            _("Format check"),
            _("must be reported when applying for sanction (G-OTHER-FORMAT)")
            if other
            else _("Swiss / single elimination: nothing to report (G-OTHER-FORMAT)"),
        ]
    )
    rows.append(
        [
            _("Publication"),
            _(
                "The publisher and the organizer may publish this event's records: "
                "result sheets, photos, video and reconstructions (G-PUBLISH)."
            ),
        ]
    )
    title = _("{event}: event report", event=event.name)
    return title, [_("Item"), _("Value")], rows


def schedule_rows(event: Event, log: list[dict]) -> list[list]:
    """Report rows: each round's planned time (the plan before round 1,
    core.tournament.plan) beside its actual time, and the difference at its end."""
    from core.tournament.plan import planned_vs_actual

    def hm(t):
        return t.astimezone().strftime("%H:%M") if t is not None else "-"

    rows = []
    for number, p0, p1, a0, a1 in planned_vs_actual(event, log):
        late = "" if a1 is None else " (" + _("{m:+d} min", m=round((a1 - p1).total_seconds() / 60)) + ")"
        rows.append(
            [
                _("Round {r} times", r=number),
                _("planned {a} to {b} · actual {c} to {d}", a=hm(p0), b=hm(p1), c=hm(a0), d=hm(a1)) + late,
            ]
        )
    return rows


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
        others = [k.name for k in EXPORTS.values() if fmt in k.formats]
        raise LyceeError(
            _(
                "the {what} export is written as {formats} only: use --format {first}; as {fmt}: --what {others}",
                what=what,
                formats=join_list(kind.formats),
                first=kind.formats[0],
                fmt=fmt,
                others=join_list(others),
            )
        )
    return kind


def render(
    event: Event, what: str = "event", fmt: str = "json", log: list[dict] | None = None, explain: bool = False
) -> str:
    """``log`` (the event's actions) adds planned vs actual times to the report; ``explain``
    gives the pairings by table the judge's 理由 column (the sheet players see has none)."""
    kind = check_export(what, fmt)
    if kind.document is not None:
        return kind.document(event)
    title, header, rows = (
        report_table(event, log)
        if what == "report"
        else pairings_table(event, explain=True)
        if what == "pairings" and explain
        else TABLES[what](event)
    )
    if fmt == "csv":
        return to_csv(header, rows)
    if fmt == "json":
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
    meta = ""
    if what == "scorecard":
        s = event.staff
        meta = _(
            "organizer: {org} · head judge: {hj} · judges: {j}",
            org=s.organizer or "-",
            hj=s.head_judge or "-",
            j=join_list(sheet_judges(event), words=True) or "-",
        )
        if missing_results(event):
            meta += " · " + missing_text(event)
    if what == "pairings-by-name":
        meta = by_name_note(event)
    store = store_words(event)
    if store:
        meta = f"{store} · {meta}" if meta else store
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
    parts = [event.date, safe_name(event.name), safe_name(FILE_WORDS[what]()) if ja else what]
    if what in BY_ROUND and event.rounds:
        n = round_number or len(event.rounds)
        parts.append(safe_name(_("round {n} (in a file name)", n=n)) if ja else f"r{n}")
    return "_".join(parts) + f".{fmt}"


def as_of_round(event: Event, round_number: int | None) -> Event:
    """The event as it stood with round ``round_number`` the current one (to
    export an earlier round's pairings, slips or standings)."""
    if round_number is None or round_number == len(event.rounds):
        return event
    if not 1 <= round_number <= len(event.rounds):
        raise LyceeError(_("round {r} has not been paired (rounds 1 to {n})", r=round_number, n=len(event.rounds)))
    return event.with_(rounds=event.rounds[:round_number])


def write_export(path: Path, text: str) -> None:
    """Write an export whole or not at all: into a new file beside ``path``,
    synced, then renamed over it; on any failure (a full disk, a size limit)
    the new file is removed, ``path`` is as it was, and the error names
    ``path`` (docs/names.md, "Exports and folders")."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):  # a device, a pipe, a folder: never replaced by the rename
        raise OSError(errno.EINVAL, _("not a regular file: an export replaces only a regular file"), str(path))
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    data = memoryview(text.encode("utf-8"))
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        while data:
            n = os.write(fd, data[: 1 << 16])
            data = data[n:]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
    except BaseException as err:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(err, OSError):
            err.filename = str(path)
        raise
