"""The desk's phone reports: report codes, the players' reports and the desk's decisions
on them (core.rules.phonereports)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core import labels, rules
from core.desk.results import ResultsDesk
from core.errors import LyceeError
from core.event.lookups import player_match
from core.event.model import Event, Match, Round
from core.i18n import _
from core.log.actions import (
    Action,
    Report,
    ReportCodes,
    ReportDecision,
    ResultAction,
    Side,
)
from core.rules.clock import needs_time_call, stamp
from core.tournament.matchrules import check_result, parse_result

# Imported inside the methods that use them (one reason for all): the pairing and elimination
# engines, explanations, what a correction breaks (core.reports.later), the card engine and
# the decklist rules (core.cards), phone codes and members, which `lycee result` never loads
# (tests/test_cli_engine.py, benchmarks/cli.py).


class PhoneDesk(ResultsDesk):
    # -- phone reports (core.rules.phonereports) -----------------------------
    def report_codes(self, new: Sequence[str] = ()) -> list[tuple[str, str, str]]:
        """Every player's report code as (id, name, code), in registration
        order.  Players without one get one, and each player of ``new`` (refs)
        a new one (the old stops working): one ``report_code`` action."""
        # lazy: phone codes (hmac, secrets), which `lycee result` never loads
        from core.rules.phonereports import new_code

        ev = self.event
        renew = {self._known(ref).id for ref in new}
        have = dict(ev.report_codes)
        taken = set(have.values())
        issued: dict[str, str] = {}
        for p in ev.players:
            if p.id in renew or p.id not in have:
                issued[p.id] = code = new_code(taken)
                taken.add(code)
        if issued:
            ev = self.store.append("report_code", ReportCodes(codes=issued), self.actor, device=self.device)
        codes = dict(ev.report_codes)
        return [(p.id, p.name, codes[p.id]) for p in ev.players]

    def phone_report(self, code: str, said: str) -> dict:
        """A player's report from their phone: ``code`` (theirs), ``said`` the
        result from their side (``2-1`` won-lost, ``1-1-1`` won-lost-drawn).
        Returns ``{"status": "waiting"|"recorded"|"disputed", "table": T}``
        (with ``result``, from the player's side, once one is stored, and
        ``held`` when an agreed result waits for a time call by staff); a
        ``recorded`` answer comes only after the durable append.  Raises
        :class:`core.rules.phonereports.UnknownCode`, or a refusal with its reason."""
        acts, answer = self.report_plan(self.event, code, said)
        return answer(self.append_all(acts) if acts else self.event)

    def phone_reports(self, items: Sequence[Sequence]) -> list[dict]:
        """Reports that arrived together, ``(code, said, actor, device)``
        each, stored as one journal record (one durable write: the web
        server hands the desk every report waiting while the last write was
        on its way to disk).  Each is decided on the event as the ones before
        it leave it; one answer each, in order: :meth:`phone_report`'s, or
        ``{"error": why, "unknown": bool}`` for one refused (``unknown``: the
        code is no player's).  Every answer comes after the durable append."""
        # lazy: phone codes (hmac, secrets), which `lycee result` never loads
        from core.rules.phonereports import UnknownCode

        ev = self.event
        out: list[dict | None] = [None] * len(items)
        planned = []
        flat: list[tuple[str, Action, str, str | None]] = []
        for i, (code, said, actor, device) in enumerate(items):
            try:
                acts, answer = replace(self, actor=actor, device=device).report_plan(ev, code, said)
                for kind, data in acts:
                    ev = rules.apply(ev, {"type": kind, "v": rules.ACTION_FORMAT, "data": data})
            except LyceeError as err:
                out[i] = {"error": str(err), "unknown": isinstance(err, UnknownCode)}
                continue
            planned.append((i, answer))
            flat += [(kind, data, actor, device) for kind, data in acts]
        after = self.store.append_from(flat) if flat else self.event
        for i, answer in planned:
            out[i] = answer(after)
        return [x if x is not None else {} for x in out]

    def report_plan(self, ev: Event, code: str, said: str):
        """What a phone report comes to on ``ev``: the actions to store (none
        for a repeated report or a table whose result is in) and the function
        giving the answer from the event after them.  Raises the refusals."""
        # lazy: phone codes (hmac, secrets), which `lycee result` never loads
        from core.rules.phonereports import same, side_result, table_reports, table_state

        rnd, m, side = reporter(ev, code)
        answerer = answers(rnd, m, side)
        if m.reported:  # a result is in (staff's, or both players'): shown, never overwritten
            state = table_state(ev, rnd, m)
            return [], answerer("recorded", by="players" if state.status == "recorded" else "staff")
        r = side_result(said, side)
        check_result(r, ev.match, rnd.stage)  # G-BO3, G-BO1: an impossible result is refused at once
        mine = table_reports(ev, rnd.number, m.table)
        other, own = mine.get("p2" if side == "p1" else "p1"), mine.get(side)
        agreed = other is not None and same(other.result, r.text())
        held = needs_time_call(ev, rnd.number, m.table, r, self.now()) if agreed else None
        rep = Report(
            round=rnd.number,
            table=m.table,
            side=side,
            result=r.text(),
            said=(r if side == "p1" else r.swapped()).text(),
            at=stamp(self.now()),
            by=self.actor,
        )
        if agreed and held is None:
            data = ResultAction(
                round=rnd.number, table=m.table, p1_wins=r.p1_wins, p2_wins=r.p2_wins, draws=r.draws, result=r.text()
            )
            return [("report", rep), ("result", data)], answerer("recorded", by="players")
        acts: list[tuple[str, Action]] = []
        if own is None or not same(own.result, r.text()):  # the same report again stores nothing
            acts.append(("report", rep))
        if agreed:
            return acts, answerer("waiting", held=held)
        return acts, answerer("waiting" if other is None else "disputed")

    def accept_report(self, table: int, side: str) -> Event:
        """The desk takes ``side``'s report (``p1``/``p2``) at ``table`` of the
        current round as the result: the decision and the result in one
        record, through the result rule.  Accepting is the desk's own call,
        so a result only time can produce is taken as called (G-BO3-TIME)."""
        # lazy: phone codes (hmac, secrets), which `lycee result` never loads
        from core.rules.phonereports import table_reports

        number = self._round_number(None)
        if side not in ("p1", "p2"):
            raise LyceeError(_("side {side!r}: choose p1 or p2", side=side))
        rep = table_reports(self.event, number, int(table)).get(side)
        if rep is None:
            raise LyceeError(
                _(
                    "round {r} table {t} has no report from {side} to accept",
                    r=number,
                    t=table,
                    side=labels.side_label(side),
                )
            )
        data = self.result_data(int(table), rep.result, number, time_called=True)
        decision = ReportDecision(
            round=number,
            table=int(table),
            op="accept",
            side=side,  # type: ignore[arg-type]
            by=self.actor,
        )
        return self.append_all([("report_decision", decision), ("result", data)])

    def clear_reports(self, table: int) -> Event:
        """Take a table's reports back (its players report again)."""
        number = self._round_number(None)
        return self.store.append(
            "report_decision",
            ReportDecision(round=number, table=int(table), op="clear", by=self.actor),
            self.actor,
            device=self.device,
        )

    def call_table(self, table: int, note: str) -> Event:
        """Staff called to a table whose reports wait for them (disputed, or
        held for a time call): the note (who goes, why) is kept in the log and
        shown with the table until it has a result."""
        number = self._round_number(None)
        return self.store.append(
            "report_decision",
            ReportDecision(
                round=number, table=int(table), op="call", by=self.actor, note=note.strip(), at=stamp(self.now())
            ),
            self.actor,
            device=self.device,
        )


def reporter(ev: Event, code: str) -> tuple[Round, Match, Side]:
    """The round, match and side of the player whose report code is ``code``;
    raises UnknownCode, or the refusal of their report (core.rules.phonereports)."""
    # lazy: phone codes (hmac, secrets), which `lycee result` never loads
    from core.rules.phonereports import UnknownCode, player_by_code, report_refusal

    pid = player_by_code(ev, code)
    if pid is None:
        raise UnknownCode(_("unknown report code: check the code on your match slip, or ask the desk"))
    why = report_refusal(ev, pid)
    if why is not None:
        raise LyceeError(why)
    rnd = ev.current_round
    assert rnd is not None
    m = player_match(rnd, pid)
    assert m is not None and m.p2 is not None
    return rnd, m, "p1" if m.p1 == pid else "p2"


def answers(rnd: Round, m: Match, side: Side):
    """What a report's answer says, by its status: the function giving it
    from the event after the write (``recorded`` once a result is stored,
    the opponent's report having come in the same write)."""
    # lazy: phone codes (hmac, secrets), which `lycee result` never loads
    from core.rules.phonereports import match_text

    def answerer(status: str, **extra):
        def answer(event: Event) -> dict:
            out = {"status": status, "table": m.table, "round": rnd.number, **extra}
            now_m = event.current_round.match_at(m.table) if event.current_round else None
            if now_m is not None and now_m.reported:
                out["status"] = "recorded"
                out.pop("held", None)
                r = parse_result(match_text(now_m))
                out["result"] = (r if side == "p1" else r.swapped()).text()
            return out

        return answer

    return answerer
