"""Phone reports: players report their own match results, the
opponent confirms.

- ``report_code``: secret codes for players (:func:`new_code`: random from
  :mod:`secrets`, :data:`CODE_LENGTH` characters of :data:`ALPHABET`, which
  has no 0/O, 1/I/L or 5/S look-alikes).  A new code for a player replaces
  the old one, which stops working.
- ``report``: one player's result from their own side.  The table is
  *waiting* until the opponent reports; when the two agree the desk stores
  the match result in the same journal record (``core.desk.Desk.phone_report``:
  the result rule checks it as any desk entry, G-BO3, G-BO1, G-BO3-TIME,
  G-TIME); when they disagree it is *disputed* and nothing is stored.  A
  reporter may change a report until the result is stored.
- ``report_decision``: the desk accepts one side's report (the result in
  the same record) or clears a table's reports.

Refusals (the reducer's, so a replay agrees): a player dropped or excluded,
no round running, a bye, a table whose result is in.
"""

from __future__ import annotations

import hmac
import os
import secrets
import socket
from dataclasses import dataclass
from typing import Callable

from core import labels
from core.errors import LyceeError, RuleError
from core.event.lookups import player_match, player_name, table_of
from core.event.model import Event, Match, PhoneReport, Round, StaffCall
from core.i18n import _
from core.log import action, describer
from core.log.actions import Report, ReportCodes, ReportDecision
from core.names import as_typed
from core.rules.clock import time_call_reason
from core.rules.publish import visible_rounds
from core.tournament.matchrules import Result, parse_result


class UnknownCode(LyceeError):
    """A report code no player has (the web answers 403)."""


#: The characters of a code: digits and capitals without look-alikes (0/O, 1/I/L, 5/S, 2/Z, 8/B).
ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 8


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A fresh code, none of ``taken``."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _i in range(CODE_LENGTH))
        if code not in taken:
            return code


def normal_code(text: str) -> str:
    """What a player typed, as codes are stored: capitals, without spaces or dashes."""
    return "".join(c for c in as_typed(text).upper() if c not in " -")  # full width and dashes folded first


def code_of(event: Event, pid: str) -> str | None:
    return dict(event.report_codes).get(pid)


def player_by_code(event: Event, text: str) -> str | None:
    """The player whose code is ``text``, or None.  Every code is compared,
    each in constant time (hmac.compare_digest), so the time taken says
    nothing about how close a guess was."""
    given = normal_code(text).encode()
    found = None
    for pid, code in event.report_codes:
        if hmac.compare_digest(given, code.encode()):
            found = pid
    return found


def side_result(said: str, side: str) -> Result:
    """A result given from ``side``'s seat (won-lost[-drawn]) as p1's."""
    r = parse_result(said)
    if r.intentional:
        raise LyceeError(
            _("an intentional draw is agreed with a judge before the match starts: tell the desk (G-ID-1)")
        )
    return r if side == "p1" else r.swapped()


def _closed_round_refusal(event: Event, rnd: Round, over_ok: bool, say: Callable[..., str]) -> str | None:
    """A round whose pairings are not published yet, or (unless ``over_ok``) that is over, takes no report."""
    if visible_rounds(event) < rnd.number:
        return say("no round is running: round {r}'s pairings are not published yet", r=rnd.number)
    if rnd.complete and not over_ok:
        return say("no round is running: round {r} is over", r=rnd.number)
    return None


def _gone_refusal(p, say: Callable[..., str]) -> str | None:
    """An excluded or dropped player reports no result."""
    if p.excluded:
        return say("{name} was excluded from the event: no result is reported", name=p.name)
    if p.dropped_after_round is not None:
        return say("{name} dropped after round {r}: no result is reported", name=p.name, r=p.dropped_after_round)
    return None


def report_refusal(event: Event, pid: str, over_ok: bool = False, say: Callable[..., str] = _) -> str | None:
    """Why ``pid`` cannot report now, or None.  ``over_ok``: a round whose
    results are all in is no reason (what the report page shows a player
    after the last table's result: their table, recorded).  ``say``: the
    catalog to word it in (a web request's language; default the current)."""
    if not event.phone_reports:
        return say("phone reports are off for this event: report your result at the desk")
    p = event.player(pid)
    gone = _gone_refusal(p, say)
    if gone is not None:
        return gone
    rnd = event.current_round
    if rnd is None:
        return say("no round is running: pairings are not out yet")
    closed = _closed_round_refusal(event, rnd, over_ok, say)
    if closed is not None:
        return closed
    return _table_refusal(p, rnd, say)


def _table_refusal(p, rnd: Round, say: Callable[..., str]) -> str | None:
    """A player not paired in the round, or with its bye, has nothing to report."""
    m = player_match(rnd, p.id)
    if m is None:
        return say("{name} is not paired in round {r}", name=p.name, r=rnd.number)
    if m.is_bye:
        return say("{name} has the bye in round {r}: there is nothing to report", name=p.name, r=rnd.number)
    return None


def table_reports(event: Event, number: int, table: int) -> dict[str, PhoneReport]:
    """The reports in force at a table: side -> its newest report."""
    out: dict[str, PhoneReport] = {}
    for r in event.reports:
        if r.round == number and r.table == table:
            out[r.side] = r
    return out


def _checked_code(code: str) -> str:
    """A report code: at least 6 characters of ALPHABET."""
    if len(code) < 6 or any(c not in ALPHABET for c in code):
        raise LyceeError(_("report code {code!r}: at least 6 characters of {alphabet}", code=code, alphabet=ALPHABET))
    return code


@action("report_code")
def _report_code(event: Event, payload: ReportCodes):
    codes = dict(event.report_codes)
    for pid, code in payload.codes.items():
        if not event.has_player(pid):
            raise LyceeError(_("no player {pid!r}", pid=pid))
        codes[pid] = _checked_code(code)
    used = list(codes.values())
    if len(set(used)) != len(used):
        raise LyceeError(_("two players would have the same report code"))
    return event.with_(report_codes=tuple(sorted(codes.items())))


@describer("report_code")
def _describe_report_code(payload: ReportCodes) -> str:
    # the codes themselves stay out of the trail (`lycee player codes` shows them to staff)
    return _("report codes issued for {players}", players=", ".join(sorted(payload.codes)))


def _reported_match(event: Event, number: int, table: int) -> tuple[Round, Match]:
    rnd, m = table_of(event, number, table)
    if m.is_bye:
        raise RuleError(_("table {table} is a bye: it takes no result", table=m.table), "G-SWISS-POINTS")
    return rnd, m


def _check_reportable(event: Event, m: Match, side: str) -> None:
    """The player of ``side`` may report now (:func:`report_refusal`) at a table without a result."""
    pid = m.p1 if side == "p1" else m.p2
    assert pid is not None
    why = report_refusal(event, pid)
    if why is not None:
        raise LyceeError(why)
    if m.reported:
        raise LyceeError(_("table {t} already has a result: it is not changed by a report", t=m.table))


@action("report")
def _report(event: Event, payload: Report):
    rnd, m = _reported_match(event, payload.round, payload.table)
    if rnd is not event.current_round:
        raise LyceeError(_("round {r} is not the current round", r=payload.round))
    _check_reportable(event, m, payload.side)
    parse_result(payload.result)  # the shape; the match rules check the result when it is stored
    rep = PhoneReport(
        payload.round,
        payload.table,
        payload.side,
        payload.result,
        payload.said or payload.result,
        payload.at,
        payload.by,
    )
    return event.with_(reports=event.reports + (rep,))


@describer("report")
def _describe_report(payload: Report) -> str:
    return _(
        "report round {r} table {t} from {side}'s side: {said}",
        r=payload.round,
        t=payload.table,
        side=labels.side_label(payload.side),
        said=payload.said or payload.result,
    )


def _check_accepted(rnd: Round, m: Match, mine: dict, side) -> None:
    """A report is accepted only from a side that made one."""
    if side in mine:
        return
    raise LyceeError(
        _(
            "round {r} table {t} has no report from {side} to accept",
            r=rnd.number,
            t=m.table,
            side=labels.side_label(side),
        )
    )


@action("report_decision")
def _report_decision(event: Event, payload: ReportDecision):
    rnd, m = _reported_match(event, payload.round, payload.table)
    mine = table_reports(event, payload.round, payload.table)
    if payload.op == "accept":
        _check_accepted(rnd, m, mine, payload.side)
        return event  # the accepted result is the ``result`` action stored with it
    if payload.op == "call":  # staff go to a table whose reports wait for them (the queue puts it last)
        _check_call(m, mine)
        call = StaffCall(payload.round, payload.table, payload.note.strip(), payload.at, payload.by)
        return event.with_(calls=event.calls + (call,))
    if not mine:
        raise LyceeError(_("round {r} table {t} has no reports to clear", r=rnd.number, t=m.table))
    return _reports_cleared(event, payload.round, payload.table)


def _reports_cleared(event: Event, number: int, table: int) -> Event:
    """The reports of a table taken back: the players report again (their
    pages say so: :attr:`Event.clears`); a call made for them goes with them
    (the log keeps it)."""

    def elsewhere(x) -> bool:
        return x.round != number or x.table != table

    return event.with_(
        reports=tuple(filter(elsewhere, event.reports)),
        calls=tuple(filter(elsewhere, event.calls)),
        clears=(*event.clears, (number, table)),
    )


def _check_call(m: Match, mine: dict) -> None:
    """Staff are called to a table without a result whose two reports wait
    for them (disputed, or held for a time call)."""
    if m.reported:
        raise LyceeError(
            _(
                "table {t} already has a result ({res}): to change it, enter the true one as a correction "
                "(`lycee result EVENT {t} RESULT --correct`, or the results box)",
                t=m.table,
                res=labels.result_label(match_text(m)),
            )
        )
    if len(mine) < 2:
        raise LyceeError(
            _(
                "table {t} has no reports waiting for staff (both players reported, disputed or held "
                "for a time call): `lycee reports EVENT` lists them",
                t=m.table,
            )
        )


@describer("report_decision")
def _describe_report_decision(payload: ReportDecision) -> str:
    if payload.op == "accept":
        return _(
            "reports round {r} table {t}: accepted {side}'s (by {by})",
            r=payload.round,
            t=payload.table,
            side=labels.side_label(payload.side),
            by=labels.actor_label(payload.by),
        )
    if payload.op == "call":
        return _(
            "reports round {r} table {t}: table called (by {by}): {note}",
            r=payload.round,
            t=payload.table,
            by=labels.actor_label(payload.by),
            note=payload.note,
        )
    return _(
        "reports round {r} table {t}: cleared (by {by})",
        r=payload.round,
        t=payload.table,
        by=labels.actor_label(payload.by),
    )


# -- what the desk's screen and `lycee reports` read ------------------------------------------------------

#: A table's state: no report yet, one side waiting for the other, both
#: agreeing but held for staff (a time call), both disagreeing, or a result
#: stored (by the players' reports, or by staff).
STATUSES = ("none", "waiting", "held", "disputed", "recorded", "staff")


@dataclass(frozen=True)
class SideReport:
    player: str
    name: str
    said: str  # from the player's side, as given
    result: str  # from p1's side
    at: str
    actor: str

    def doc(self) -> dict:
        return {
            "player": self.player,
            "name": self.name,
            "said": self.said,
            "result": self.result,
            "at": self.at,
            "by": self.actor,
        }


@dataclass(frozen=True)
class TableReport:
    round: int
    table: int
    status: str
    p1: SideReport | None
    p2: SideReport | None
    #: The stored result (from p1's side) once there is one.
    result: str | None = None
    #: Why an agreed report waits for staff (a time call), else None.
    held: str | None = None
    #: The last time staff were called to the table (while it has no result), else None.
    called: StaffCall | None = None

    def doc(self) -> dict:
        out = {
            "table": self.table,
            "status": self.status,
            "p1": _side_doc(self.p1),
            "p2": _side_doc(self.p2),
            "result": self.result,
        }
        if self.held:
            out["held"] = self.held
        if self.called:
            out["called"] = {"note": self.called.note, "at": self.called.at, "by": self.called.actor}
        return out


def _side_doc(side: SideReport | None) -> dict | None:
    """A side's report as the JSON of ``lycee reports`` gives it (None: no report)."""
    return side.doc() if side else None


def match_text(m: Match) -> str:
    return Result(m.p1_wins, m.p2_wins, m.draws, m.intentional).text()


def same(a: str, b: str) -> bool:
    return parse_result(a) == parse_result(b)


def table_state(event: Event, rnd: Round, m: Match, now=None) -> TableReport:
    """The reports of ``m`` and what they come to (``now``: the desk's time,
    for the time call a result may need, G-BO3-TIME)."""
    p1, p2 = _side_reports(event, rnd, m)
    if m.reported:
        return TableReport(rnd.number, m.table, _recorded_by(m, p1, p2), p1, p2, match_text(m))
    status = _open_status(p1, p2)
    held = _held_for(event, rnd, m, p1, now) if status == "held" else None
    return TableReport(rnd.number, m.table, status, p1, p2, None, held, _last_call(event, rnd, m))


def _held_for(event: Event, rnd: Round, m: Match, p1: SideReport | None, now) -> str | None:
    """Why a table whose two reports agree waits for staff (the time call its
    result needs at ``now``, G-BO3-TIME), or None (no time given: none)."""
    if now is None:
        return None
    assert p1 is not None
    return time_call_reason(event, rnd.number, m.table, parse_result(p1.result), now)


def _recorded_by(m: Match, p1: SideReport | None, p2: SideReport | None) -> str:
    """recorded (as the players reported it) or staff (entered, or changed, by the desk)."""
    agreed = [s for s in (p1, p2) if s is not None]
    return "recorded" if _as_reported(agreed, m) else "staff"


def _as_reported(sides: list[SideReport], m: Match) -> bool:
    """A side reported, and every report is the stored result of ``m``."""
    return len(sides) >= 1 and all(same(s.result, match_text(m)) for s in sides)


def _last_call(event: Event, rnd: Round, m: Match):
    """The last time call made at the table of ``m``, or None."""
    return next((c for c in reversed(event.calls) if c.round == rnd.number and c.table == m.table), None)


def _side_reports(event: Event, rnd: Round, m: Match) -> tuple[SideReport | None, SideReport | None]:
    """What each side of ``m`` reported from their phone, or None."""
    mine = table_reports(event, rnd.number, m.table)
    return _side_report(event, mine.get("p1"), m.p1), _side_report(event, mine.get("p2"), m.p2)


def _side_report(event: Event, r: PhoneReport | None, pid: str | None) -> SideReport | None:
    """The report ``r`` of the player ``pid`` as the desk shows it (None: no report, or no player)."""
    if r is None or pid is None:
        return None
    return SideReport(pid, player_name(event, pid), r.said, r.result, r.at, r.actor)


def _open_status(p1: SideReport | None, p2: SideReport | None) -> str:
    """A table without a result: none reported, waiting for the other side,
    held (both sides agree) or disputed."""
    if p1 is None and p2 is None:
        return "none"
    if p1 is None or p2 is None:
        return "waiting"
    return "held" if same(p1.result, p2.result) else "disputed"


def round_reports(event: Event, now=None) -> list[TableReport]:
    """The current round's tables (byes left out), each with its reports."""
    rnd = event.current_round
    if rnd is None:
        return []
    return [table_state(event, rnd, m, now) for m in rnd.matches if not m.is_bye]


def _other_side(m: Match, side: str) -> str | None:
    """The player across the table from ``side`` (p1 or p2)."""
    return m.p2 if side == "p1" else m.p1


def player_state(event: Event, pid: str, say: Callable[..., str] = _) -> dict:
    """What the report page shows a player first (nothing is stored): their
    round, table and opponent, the state of their table and what they
    reported, results from their own side, and ``"cleared": true`` while the
    desk has cleared the table's reports and they have not reported again;
    or ``{"status": "refused", "error": why}``.  Never another player's code."""
    why = report_refusal(event, pid, over_ok=True, say=say)
    if why is not None:
        return {"status": "refused", "error": why}
    rnd = event.current_round
    assert rnd is not None
    m = player_match(rnd, pid)
    assert m is not None and m.p2 is not None
    side = "p1" if m.p1 == pid else "p2"
    state = table_state(event, rnd, m)
    out = {
        "status": state.status,
        "round": rnd.number,
        "table": m.table,
        "you": player_name(event, pid),
        "opponent": player_name(event, _other_side(m, side)),
        "said": _said_by(state, side),
        "result": _from_side(state.result, side),
    }
    if _cleared_for(event, state, side):
        out["cleared"] = True
    return out


def _cleared_for(event: Event, state: TableReport, side: str) -> bool:
    """Whether the desk cleared the reports of ``side``'s table and ``side`` has
    not reported since (the table has no result): that player reports again."""
    cleared = (state.round, state.table) in event.clears
    return cleared and state.status in ("none", "waiting") and _said_by(state, side) is None


def _said_by(state: TableReport, side: str) -> str | None:
    """What ``side`` reported at the table, as they typed it, or None."""
    own = state.p1 if side == "p1" else state.p2
    return own.said if own else None


def _from_side(text: str | None, side: str) -> str | None:
    """A result from p1's side (None: none yet) as ``side``'s seat reads it."""
    if text is None:
        return None
    r = parse_result(text)
    return (r if side == "p1" else r.swapped()).text()


def report_url(code: str, base: str | None = None) -> str:
    """The address a slip's QR code opens: the report page with the code in
    the fragment (never sent to the server).  ``base``: the server's address
    (``LYCEE_REPORT_URL``, else this PC's address on the store's network and
    the port ``lycee serve`` listens on by default)."""
    return f"{(base or report_base()).rstrip('/')}/report#{code}"


def report_base() -> str:
    given = os.environ.get("LYCEE_REPORT_URL")
    if given:
        return given
    return f"http://{_lan_address()}:8765"


def _lan_address() -> str:
    """This PC's address on the store's network (127.0.0.1 when it has none)."""
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        host = _address_towards(probe)
        if host is not None:
            return host
    return "127.0.0.1"


def _address_towards(probe: str) -> str | None:
    """The address this PC would send from towards ``probe`` (no packet is sent), or None."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect((probe, 1))
        return s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()
