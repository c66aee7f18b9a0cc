"""``lycee pair``, ``result``, ``standings``, ``top`` and ``playoff``."""

from __future__ import annotations

import sys

from core.desk import Desk
from core.errors import LyceeError
from core.i18n import _, ngettext
from core.notes import note_text

from .cli import CliError, ljust, out_json, read_event, rjust, width, with_desk


def pairings_json(desk: Desk) -> dict:
    """DESIGN section 3: `pair --json`; points are those before the round."""
    from core.standings import standings

    ev = desk.event
    rnd = ev.current_round
    before = ev.with_(rounds=ev.rounds[:-1])
    points = {row.id: row.points for row in standings(before)}

    def side(pid):
        if pid is None:
            return None
        return {"id": pid, "name": ev.player(pid).name, "points": points.get(pid, 0)}

    return {"round": rnd.number, "stage": rnd.stage,
            "pairings": [{"table": m.table, "p1": side(m.p1), "p2": side(m.p2)} for m in rnd.matches]}


def stage_label(stage: str) -> str:
    """A round's stage (``top`` is the single-elimination bracket) in the user's language."""
    return {"swiss": _("Swiss"), "top": _("top"), "playoff": _("playoff")}.get(stage, stage)


def print_pairings(doc: dict) -> None:
    print(_("Round {r}", r=doc["round"]) + ("" if doc["stage"] == "swiss" else f" ({stage_label(doc['stage'])})"))
    for p in doc["pairings"]:
        a = p["p1"]
        b = p["p2"]
        right = f"{b['name']} ({b['points']})" if b else _("(bye)")
        print(f"{p['table']:>4}  {a['name']} ({a['points']})  vs  {right}")


def _pair_and_show(args, pair) -> int:
    """Pair a round with ``pair(desk)`` and print it (or its JSON)."""
    def run(d: Desk):
        pair(d)
        return pairings_json(d)
    doc = with_desk(args, run)
    out_json(doc) if args.json else print_pairings(doc)
    return 0


def cmd_pair(args) -> int:
    return _pair_and_show(args, lambda d: d.repair() if args.again else d.pair_next(seed=args.seed))


def cmd_top(args) -> int:
    return _pair_and_show(args, lambda d: d.top_cut(args.size, third_place=args.third_place))


def cmd_playoff(args) -> int:
    return _pair_and_show(args, lambda d: d.playoff(args.players))


def cmd_result(args) -> int:
    if args.table == "-":
        if args.result is not None:
            raise CliError(_("with '-' the results come from stdin, one 'TABLE RESULT' a line"))
        return _results_from_stdin(args)
    if args.result is None:
        raise CliError(_("give TABLE and RESULT, e.g. 12 2-1"))
    if not args.table.isdigit():
        raise CliError(_("{t!r} is not a table number", t=args.table))

    def run(d: Desk):
        ev = d.record(int(args.table), args.result, round_number=args.round, **_extra(args))
        rnd = ev.rounds[(args.round or len(ev.rounds)) - 1]
        m = rnd.match_at(int(args.table))
        return ev, m, rnd
    ev, m, rnd = with_desk(args, run)
    missing = rnd.missing_tables()
    print(_("table {t}: {p1} {res} {p2}", t=m.table, p1=ev.player(m.p1).name,
            res=args.result, p2=ev.player(m.p2).name)
          + (f" · {note_text(m.note)}" if m.note else "")
          + " · " + (ngettext("{k} result missing", "{k} results missing", len(missing), k=len(missing)) if missing else _("round complete")))
    return 0


def _extra(args) -> dict:
    return {"override_by": args.override_by} if args.override_by else {}


def _results_from_stdin(args) -> int:
    failures = []

    def run(d: Desk):
        done = 0
        for n, line in enumerate(sys.stdin, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) != 2 or not parts[0].isdigit():
                failures.append(_("line {line}", line=n) + f": {line!r}: " + _("write 'TABLE RESULT', e.g. 12 2-1"))
                continue
            try:
                d.record(int(parts[0]), parts[1], round_number=args.round)
                done += 1
            except LyceeError as err:
                failures.append(_("line {line}", line=n) + f": {err}")
        return done, len(d.event.rounds[(args.round or len(d.event.rounds)) - 1].missing_tables())
    done, missing = with_desk(args, run)
    print(_("{n} results recorded", n=done) + " · "
          + (ngettext("{k} result missing", "{k} results missing", missing, k=missing) if missing else _("round complete")))
    for f in failures:
        print(f"lycee: {f}", file=sys.stderr)
    return 1 if failures else 0


def cmd_standings(args) -> int:
    from core.standings import standings_json

    ev = read_event(args)
    doc = standings_json(ev)
    if args.json:
        out_json(doc)
        return 0
    rows = doc["standings"]
    tbs = list(ev.tiebreakers)
    # column widths: at least the English ones, wider when a translated header needs it
    w_rank, w_pts, w_rec = (max(n, width(_(h))) for n, h in ((4, "Rank"), (6, "Points"), (8, "Record")))
    head = f"{rjust(_('Rank'), w_rank)}  {rjust(_('Points'), w_pts)}  {ljust(_('Record'), w_rec)}" + "".join(
        f"{t.upper():>8}" for t in tbs)
    if doc.get("provisional"):
        print(_("Standings during round {r} (provisional: results still coming in)", r=doc["round"]))
    else:
        print(_("Standings after round {r}", r=doc["round"]))
    print(head + "  " + _("Name"))
    for r in rows:
        vals = "".join(f"{r[t]:>8}" if t == "op" else f"{r[t] * 100:>7.2f}%" for t in tbs)
        status = "" if r["status"] == "active" else f"  ({_(r['status'])})"
        print(f"{r['rank']:>{w_rank}}  {r['points']:>{w_pts}}  {r['record']:<{w_rec}}{vals}  {r['name']}{status}")
    return 0


def register(sub, cmd, event_arg) -> None:
    p = cmd(sub, "pair", cmd_pair, _("pair the next round; refuses while a result is missing"))
    event_arg(p)
    p.add_argument("--json", action="store_true")
    p.add_argument("--seed", default=None, help=_("extra seed for the random draw (default: event and round)"))
    p.add_argument("--again", action="store_true",
                   help=_("pair the current round again with a new draw (before any result or the clock)"))
    r = cmd(sub, "result", cmd_result,
            _("record a result: games won-lost(-drawn) from the first-listed player's side, or id"))
    event_arg(r)
    r.add_argument("table", metavar="TABLE", help=_("table number, or - to read 'TABLE RESULT' lines from stdin"))
    r.add_argument("result", metavar="RESULT", nargs="?", help=_("2-0 2-1 1-2 0-2 1-0 0-1 1-1 0-0 1-1-1 or id"))
    r.add_argument("--round", type=int, metavar="N", help=_("correct a result of an earlier round"))
    r.add_argument("--override-by", metavar="HEAD_JUDGE",
                   help=_("an intentional draw after the match start, on the head judge's word (G-ID-2)"))
    s = cmd(sub, "standings", cmd_standings, _("standings with the event's tiebreakers"))
    event_arg(s)
    s.add_argument("--json", action="store_true")
    t = cmd(sub, "top", cmd_top, _("cut to the top N of the Swiss standings for single elimination (G-SE)"))
    event_arg(t)
    t.add_argument("size", type=int, choices=(2, 4, 8, 16, 32), metavar="N", help=_("2, 4, 8, 16 or 32"))
    t.add_argument("--third-place", action="store_true", help=_("play a third-place match"))
    t.add_argument("--json", action="store_true")
    po = cmd(sub, "playoff", cmd_playoff, _("pair a playoff (決定戦) among players who share a place (G-TIE-PLAYOFF)"))
    event_arg(po)
    po.add_argument("players", nargs="+", metavar="PLAYER")
    po.add_argument("--json", action="store_true")
