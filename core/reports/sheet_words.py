"""The words the desk's sheets share (the scorecard, the event report, the
pairings and standings of core/reports/exports.py): a result, a match's
note, a date, a round's stage, why a player left the event, the store,
the judges, a player's N/W marks (G-PEN-3) and the scorecard's due date."""

from __future__ import annotations

from datetime import date, timedelta

from core import labels
from core.event.model import Event, Match
from core.i18n import _, join_list, language
from core.rules.members import store_line
from core.rules.penalties import exclusion_reason, history, in_force, player_tally, scorecard_marks
from core.tournament.elimination import round_label
from core.tournament.matchrules import Result, time_only

__all__ = [
    "PLAYOFF_REMARK",
    "SCORECARD_DUE_DAYS",
    "date_words",
    "ended_at_time",
    "left_words",
    "marks",
    "match_words",
    "missing_results",
    "missing_text",
    "note_words",
    "result_text",
    "rules_words",
    "scorecard_due",
    "sheet_judges",
    "stage_words",
    "status_remark",
    "store_words",
    "with_member",
]

SCORECARD_DUE_DAYS = 14
PLAYOFF_REMARK = "決定戦"


def result_text(m: Match) -> str:
    if m.outcome is None:
        return ""
    if m.outcome == "bye":
        return _("bye")
    if m.note == "ID" or m.intentional:
        return _("intentional draw")
    return _score(m)


def left_words(event: Event) -> str:
    """How a sheet heads a player who left the event: a drop or an exclusion
    (O-PEN-2: under the Overture rules, a disqualification)."""
    return _("drop / disqualification") if event.rules == "overture" else _("drop / exclusion")


def match_words(event: Event) -> str:
    """The event's match type in words: best of three, or of one."""
    return _("best of three") if event.match == "bo3" else _("best of one")


def _score(m: Match) -> str:
    """The games as written on a sheet: ``2-1``, with the drawn games when there were some (``1-1-1``)."""
    s = f"{m.p1_wins}-{m.p2_wins}"
    return s + (f"-{m.draws}" if m.draws else "")


def note_words(note: str, rules: str = "2008") -> str:
    """A match's stored note as a sheet a player or the publisher reads says it: in words,
    without the rule id (「遅刻による敗北」, 「途中棄権による敗北」; core.labels.note_label keeps
    the ids for the desk's screens)."""
    if not note:
        return ""
    ruling = _id_ruling_words(*labels.id_ruling(note))
    if ruling is not None:
        return ruling
    why, _sp, rule = note.partition(" ")
    if why in ("drop", "excluded", "penalty", "late") and rule.startswith("G-"):
        return _loss_words(why, rules)
    return labels.note_label(note)


def _id_ruling_words(rule: str | None, name: str) -> str | None:
    """An intentional draw's or a no-winner ruling (G-ID-1/2/3) in words, naming who ruled (the
    result column already says "intentional draw": the remark does not repeat it, issue 48);
    None for another note."""
    if rule == "G-ID-2":
        return _("allowed by the head judge {name}", name=name)
    if rule == "G-ID-3":
        return _("no winner, decided by the organizer {name}", name=name)
    if rule == "G-ID-1":
        return _("before the table started, as judge {name} saw", name=name)
    return None


def _loss_words(why: str, rules: str) -> str:
    """A loss the desk recorded (a drop, an exclusion, a penalty, lateness) in words."""
    return {
        "drop": _("loss by drop"),
        # O-PEN-2: Overture's sheets say 失格
        "excluded": _("loss by disqualification") if rules == "overture" else _("loss by exclusion"),
        "penalty": _("loss by penalty"),
        "late": _("loss by lateness"),
    }[why]


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

    rnd = event.current_round
    return "" if rnd is None or rnd.stage == "swiss" else round_label(event, rnd.number)


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

    forced = [p for _n, p in history(event, pid) if in_force(p) is not None]
    if _by_warnings(event, pid, forced):
        return _("two Warnings: {reason}", reason=forced[-1].reason)
    return exclusion_reason(event, pid)


def _by_warnings(event: Event, pid: str, forced: list) -> bool:
    """Whether the player stands excluded by Warnings: penalties in force (``forced``), none an exclusion."""
    return bool(forced) and not any(in_force(p)[1] == "exclusion" for p in forced) and player_tally(event, pid).excluded  # type: ignore[index]  # in force


def _record_struck(event: Event, pid: str) -> bool:
    """Whether a penalty in force struck the player's record (戦績の抹消, O-PEN-2)."""

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
    if p.excluded:
        return _excluded_remark(event, pid)
    if p.dropped_after_round is not None:
        return _dropped_remark(event, pid, p.dropped_after_round)
    return ""


def _excluded_remark(event: Event, pid: str) -> str:
    reason = _exclusion_words(event, pid)
    if event.rules != "overture":
        return _("Excluded ({reason})", reason=reason) if reason else _("Excluded")
    return _disqualified_remark(reason, _record_struck(event, pid))


def _disqualified_remark(reason: str, struck: bool) -> str:
    """O-PEN-2: 失格, the record struck or not, with the reason when there is one."""
    if struck:
        return (
            _("Disqualified, record struck ({reason})", reason=reason) if reason else _("Disqualified, record struck")
        )
    return _("Disqualified ({reason})", reason=reason) if reason else _("Disqualified")


def _dropped_remark(event: Event, pid: str, n: int) -> str:
    if not n:
        return _("Dropped before round 1")
    if _lost_by_drop(event, pid, n):  # G-DROP-2: dropped during the round, its match lost by the drop
        return _("Dropped during round {n}", n=n)
    return _("Dropped after round {n}", n=n)


def _lost_by_drop(event: Event, pid: str, n: int) -> bool:
    """The player's match of round ``n`` was lost by their drop."""
    if n > len(event.rounds):
        return False
    return any(pid in m.players() and m.note.startswith("drop ") for m in event.rounds[n - 1].matches)


def with_member(p) -> str:
    """A player's name with their member number (issue 47): 「相川 (M001)」; a name that carries it already as is."""
    if not p.member or p.name.endswith(f"({p.member})"):
        return p.name
    return f"{p.name} ({p.member})"


def store_words(event: Event) -> str:
    """「店舗：カードショップ森（店舗番号 1234）東京都」, or "" when the event keeps no store (issue 47)."""

    return _("store: {store}", store=store_line(event.store)) if event.store else ""


def ended_at_time(event: Event, m: Match) -> bool:
    """A reported match whose result only a time call gives (G-BO3-TIME, G-TIME: best of
    three with nobody on two game wins, 1-1-1 ...), not an intentional draw nor a loss
    written by a rule (drop, lateness ...)."""

    if m.outcome not in ("p1", "p2", "draw") or m.note or m.intentional or m.p2 is None:
        return False
    return time_only(Result(m.p1_wins, m.p2_wins, m.draws), event.match)


def sheet_judges(event: Event) -> list[str]:
    """The judges a sheet lists beside the head judge: the head judge once, as head judge
    (the event file keeps them among ``staff.judges`` too)."""
    s = event.staff
    return [j for j in s.judges if j != s.head_judge]


def marks(event: Event, pid: str, round_number: int | None) -> str:
    """G-PEN-3: a player's N/W marks of a round on a sheet, in one order everywhere: the
    Notices, then the Warnings ("NW" for a Warning given before a Notice too)."""

    return "".join(sorted(scorecard_marks(event, pid, round_number), key="NW".index))


def scorecard_due(event: Event) -> str:
    return (date.fromisoformat(event.date) + timedelta(days=SCORECARD_DUE_DAYS)).isoformat()
