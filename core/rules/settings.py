"""Changing an event's settings after it is created (``lycee event set``, the
app's settings form, the command line in README.md).

Each change is one ``edit`` action in the log (audited, undoable).  A setting
that facts already depend on is locked, and the lock says why and what would
free it:

- the format (kind) once a build phase is open or a round is paired;
- the match type (bo3/bo1) once a result is recorded: G-BO3 / G-BO1 decided
  which results were legal;
- the date once a round is paired: card legality on the event date
  (G-CARDS-*) and the scorecard's due date follow it;
- sanctioned or not, and decklists required, once round 1 is paired: the
  event started under them (G-ORGANIZER..G-HEAD-JUDGE, G-DECKLIST);
- the rule set (2008 or Overture) once round 1 is paired (O-RULES);
- the minutes while a round clock is running (G-TIME);
- the rounds planned never below the Swiss rounds already paired, and
  never blank again once round 1 is paired.

L-ROUNDS: a blank Swiss round count is fixed when round 1 is paired, at the
count suggested for the players then eligible (:func:`rounds_to_fix`; the
``pair`` action carries it as ``rounds_fixed``, so the log says so), so later
drops, exclusions and late entries never change it; only ``event set
--rounds`` (the settings form) does.  Undoing round 1's pairing takes the
fixed count back with it.  A pairing stored before action format 4 fixed
nothing (``core.log.written_format``): such an event replays as played.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from core import labels
from core.errors import LyceeError, RuleError
from core.event import tiebreakers
from core.event.lookups import suggested_rounds
from core.event.model import DEFAULT_TIEBREAKERS, KINDS, MATCH_TYPES, RULE_SETS, Event, Staff
from core.i18n import _, join_list, language, ngettext
from core.log import written_format
from core.log.actions import Pair
from core.names import fold_name

#: The settings ``lycee event set`` and the settings form change, in order.
FIELDS = (
    "name",
    "date",
    "kind",
    "match",
    "minutes",
    "rounds_planned",
    "tiebreakers",
    "rules",
    "sanctioned",
    "decklists_required",
    "spectating",
    "phone_reports",
    "staff",
)

UNDO_HINT = "Ctrl+Z / `lycee undo EVENT`"


def field_label(field: str) -> str:
    """A setting's name in the user's language."""
    return {
        "name": _("name"),
        "date": _("date"),
        "kind": _("format"),
        "match": _("match type"),
        "minutes": _("minutes a match"),
        "rounds_planned": _("Swiss rounds planned"),
        "tiebreakers": _("tiebreakers"),
        "rules": _("rule set"),
        "sanctioned": _("sanctioned"),
        "decklists_required": _("decklists required"),
        "spectating": _("spectating"),
        "phone_reports": _("phone reports"),
        "staff": _("staff"),
    }.get(field, field)


def _first_result(event: Event) -> tuple[int, int] | None:
    for r in event.rounds:
        for m in r.matches:
            if _has_result(m):
                return r.number, m.table
    return None


def _has_result(m) -> bool:
    """A result is recorded at the table (a bye's is not one)."""
    return m.reported and not m.is_bye


def _clock_running(event: Event) -> int | None:
    r = event.current_round
    if r is not None and r.clock is not None and not r.complete:
        return r.number
    return None


def _kind_lock(event: Event) -> str:
    """Why the event's kind cannot change now ("" when it can)."""
    if event.build is not None or event.pools:
        return _("the build phase is open (pools or pods exist)")
    if event.rounds:
        return _("round 1 is paired")
    return ""


def _result_lock(hit: tuple[int, int]) -> str:
    """Why the match type cannot change once the table ``hit`` (round, table) has a result."""
    return _(
        "round {r} table {t} has a result: G-BO3 / G-BO1 decided which results are legal; "
        "undo the results first ({undo})",
        r=hit[0],
        t=hit[1],
        undo=UNDO_HINT,
    )


def locks(event: Event) -> dict[str, str]:
    """Setting -> why it cannot change now (with what frees it)."""
    out: dict[str, str] = {}
    kind = _kind_lock(event)
    if kind:
        out["kind"] = kind
    hit = _first_result(event)
    if hit is None and event.rounds:  # L-SET-LOCK: the slips of round 1 already name the match type
        out["match"] = _paired_match_lock()
    tiebreakers = _tiebreakers_lock(event)
    if tiebreakers:
        out["tiebreakers"] = tiebreakers
    if hit is not None:
        out["match"] = _result_lock(hit)
    out.update(_round_locks(event))
    return out


def _paired_match_lock() -> str:
    """Why the match type cannot change once round 1 is paired (its slips name it)."""
    return _(
        "round 1 is paired: its pairings and slips name the match type (G-BO3 / G-BO1); "
        "undo the pairing first ({undo})",
        undo=UNDO_HINT,
    )


def _round_locks(event: Event) -> dict[str, str]:
    """What the rounds fix: all round 1's pairing fixes, and the minutes while a round's clock runs."""
    out = _started_locks() if event.rounds else {}
    running = _clock_running(event)
    if running is not None:
        out["minutes"] = _("round {r}'s clock is running (G-TIME); change the minutes between rounds", r=running)
    return out


def _tiebreakers_lock(event: Event) -> str | None:
    """L-SET-LOCK: why the tiebreakers are fixed: a top cut was made from the
    standings they give, or the final standings are out; else None."""
    top = _first_top_round(event)
    if top is not None:
        return _(
            "the top cut (round {r}) was made from the standings they give (G-TIE-1, G-SE); "
            "undo the elimination rounds first ({undo})",
            r=top,
            undo=UNDO_HINT,
        )
    # the bracket's engine (and its standings) load when settings are checked, not with every result
    from core.tournament.elimination import swiss_over

    if swiss_over(event):
        return _(
            "the final standings are out (all {n} planned rounds played; G-SWISS-RANK, G-TIE-1): "
            "undo the last result first ({undo})",
            n=event.rounds_planned,
            undo=UNDO_HINT,
        )
    return None


def _first_top_round(event: Event) -> int | None:
    """The number of the first elimination round (the top cut), or None."""
    return next((r.number for r in event.rounds if r.stage == "top"), None)


def _started_locks() -> dict[str, str]:
    """What round 1's pairing fixes: the date, the sanctioning, whether decklists are collected, the rules."""
    started = _("round 1 is paired: the event started as it is; undo the pairing first ({undo})", undo=UNDO_HINT)
    return {
        "date": _(
            "round 1 is paired: card legality (G-CARDS-VERSIONS) and the scorecard's due date follow "
            "the date; undo the pairing first ({undo})",
            undo=UNDO_HINT,
        ),
        "sanctioned": started,
        "decklists_required": started,
        "rules": _(
            "round 1 is paired: the event is played under these rules (O-RULES); undo the pairing first ({undo})",
            undo=UNDO_HINT,
        ),
    }


def notices(event: Event, changes: dict) -> list[str]:
    """What a change that is allowed still asks of the organizer (L-SET-LOCK):
    forbidding or allowing spectating once the event started needs notice
    beforehand (G-SPECTATE)."""
    out = []
    if "spectating" in changes and event.rounds:
        words = (
            _(
                "spectating is now allowed: G-SPECTATE asks for this to be announced beforehand; tell the "
                "players (`lycee announce EVENT TEXT` for the TV and phones) before it applies"
            )
            if changes["spectating"]
            else _(
                "spectating is now forbidden: G-SPECTATE asks for this to be announced beforehand; tell the "
                "players (`lycee announce EVENT TEXT` for the TV and phones) before it applies"
            )
        )
        out.append(words)
    return out


def check_change(event: Event, changes: dict) -> None:
    """Refuse a change to a locked setting, or rounds planned below those
    already paired (the reducer of ``edit`` calls this)."""
    held = locks(event)
    for k, v in changes.items():
        cur = getattr(event, k, None)
        v = _as_stored(k, v)
        if k == "staff" or v == cur:
            continue
        _check_setting_change(event, held, k, v, cur)


def _as_stored(k: str, v):
    """A changed setting as the event holds it (the tie-breakers as a tuple)."""
    return tuple(v) if k == "tiebreakers" else v


def _check_setting_change(event: Event, held: dict[str, str], k: str, v, cur) -> None:
    """A setting that changes is not locked (:func:`locks`); rounds planned stay at least those paired."""
    if k in held:
        raise RuleError(_("{setting} cannot change: {why}", setting=field_label(k), why=held[k]))
    if k == "rounds_planned":
        _check_rounds_change(event, v, cur)


def _check_format_kept(v: int | None, cur: int | None) -> None:
    """G-SE: Swiss, or single elimination from the start (0 rounds), is fixed once round 1 is paired."""
    if (v == 0) != (cur == 0):
        raise RuleError(
            _(
                "the format (Swiss, or single elimination from the start with 0 rounds) is fixed once "
                "round 1 is paired; undo the pairing first ({undo})",
                undo=UNDO_HINT,
            ),
            "G-SE",
        )


def _check_rounds_change(event: Event, v: int | None, cur: int | None) -> None:
    """The Swiss round count once rounds are paired: a number (L-ROUNDS), the
    same format (G-SE: Swiss or single elimination from the start), and at
    least the Swiss rounds already paired."""
    _check_rounds_not_blank(event, v)
    if event.rounds:
        _check_format_kept(v, cur)
    _check_paired_rounds_kept(event, v)


def _check_rounds_not_blank(event: Event, v: int | None) -> None:
    """L-ROUNDS: the Swiss round count fixed at round 1 is never blank again."""
    if v is None and event.swiss_rounds:
        raise RuleError(
            _(
                "the Swiss round count was fixed when round 1 was paired: give a number "
                "(`lycee event set EVENT --rounds N`)"
            ),
            "L-ROUNDS",
        )


def _check_paired_rounds_kept(event: Event, v: int | None) -> None:
    """The rounds planned are at least the Swiss rounds already paired."""
    if v is not None and v < len(event.swiss_rounds):
        raise RuleError(
            _(
                "{n} Swiss rounds are already paired: plan at least that many (`lycee event set EVENT --rounds N`)",
                n=len(event.swiss_rounds),
            )
        )


def rounds_to_fix(event: Event, stage: str = "swiss") -> int | None:
    """L-ROUNDS: the Swiss round count pairing round 1 (of ``stage``) fixes
    now: the count suggested for the players eligible for round 1, when the
    organizer left it blank; None when there is nothing to fix."""
    if not _count_left_blank(event, stage):
        return None
    return suggested_rounds(len(event.eligible(1))) or None


def _count_left_blank(event: Event, stage: str) -> bool:
    """Round 1 of the Swiss is about to be paired and the organizer left the round count blank."""
    return not event.rounds and stage == "swiss" and event.rounds_planned is None


def _is_count(x, lo: int, hi: int) -> bool:
    """``x`` is a whole number (a yes/no is not) from ``lo`` to ``hi``."""
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _check_round_count(given) -> None:
    """L-ROUNDS: a Swiss round count fixed at round 1 is a whole number from 1 to 30."""
    if not _is_count(given, 1, 30):
        raise LyceeError(_("rounds {r!r}: a whole number from 1 to 30", r=given))


def fix_rounds(event: Event, payload: Pair) -> Event:
    """The ``pair`` reducer's part of L-ROUNDS: round 1 fixes a blank round
    count (the payload's ``rounds_fixed``, else the suggested count in action
    format 4 and later); ``event`` as it was before the round is added."""
    n = rounds_to_fix(event, payload.stage)
    if n is None:
        return event
    given = payload.rounds_fixed
    if given is None:
        if written_format() < 4:
            return event  # paired before L-ROUNDS: the count stayed blank
        given = n
    _check_round_count(given)
    return replace(event, rounds_planned=given)


def _name(d: dict, out: dict) -> str:
    name = str(d.get("name", "")).strip()
    if not name:
        raise LyceeError(_("the event needs a name"))
    return name


def _date(d: dict, out: dict) -> str:
    try:
        return date.fromisoformat(str(d.get("date"))).isoformat()
    except ValueError:
        raise LyceeError(_("date {x!r} is not YYYY-MM-DD", x=d.get("date"))) from None


def _kind(d: dict, out: dict) -> str:
    kind = d.get("kind", "constructed")
    if kind not in KINDS:
        raise LyceeError(_("kind {kind!r}: choose one of {x}", kind=kind, x=labels.choices(KINDS, labels.kind_label)))
    return kind


def _match(d: dict, out: dict) -> str:
    m = d.get("match", "bo3")
    if m not in MATCH_TYPES:
        raise LyceeError(_("match {m!r}: choose bo3 or bo1", m=m))
    return m


def _minutes(d: dict, out: dict) -> int:
    """The match time; by default that of the match type checked before it."""
    minutes = d.get("minutes", 50 if out.get("match", "bo3") == "bo3" else 30)
    if not isinstance(minutes, int) or not 1 <= minutes <= 600:
        raise LyceeError(_("minutes {minutes!r}: a whole number from 1 to 600", minutes=minutes))
    return minutes


def _rounds_planned(d: dict, out: dict) -> int | None:
    r = d.get("rounds_planned")
    if r is not None and not _is_count(r, 0, 30):
        raise LyceeError(
            _("rounds {r!r}: a whole number from 0 to 30 (0: single elimination from the start, G-SE)", r=r)
        )
    return r


def _tiebreakers(d: dict, out: dict) -> tuple[str, ...]:
    tb = tuple(d.get("tiebreakers", DEFAULT_TIEBREAKERS))
    bad = [t for t in tb if t not in tiebreakers.TIEBREAKERS]
    if bad:
        raise LyceeError(tiebreakers.unknown_message(bad[0]))
    _check_listed_once(tb)
    return tb


def _check_listed_once(tb: tuple[str, ...]) -> None:
    """Each tie-breaker is listed once."""
    if len(set(tb)) != len(tb):
        raise LyceeError(_("a tiebreaker is listed twice"))


def _rules(d: dict, out: dict) -> str:
    rules = d["rules"]
    if rules not in RULE_SETS:
        raise LyceeError(
            _("rules {x!r}: choose one of {rules}", x=rules, rules=labels.choices(RULE_SETS, labels.rules_label))
        )
    return rules


def _names(texts) -> tuple[str, ...]:
    return tuple(x.strip() for x in texts if x and x.strip())


def _with_head_judge(judges: tuple[str, ...], head: str) -> tuple[str, ...]:
    """G-HEAD-JUDGE: the head judge is one of the judges (added when not listed)."""
    if head and fold_name(head) not in {fold_name(j) for j in judges}:
        return (*judges, head)
    return judges


def _staff(d: dict, out: dict) -> Staff:
    s = d.get("staff") or {}
    head = (s.get("head_judge") or "").strip()
    judges = _with_head_judge(_names(s.get("judges", ())), head)
    return Staff(
        organizer=(s.get("organizer") or "").strip(),
        judges=judges,
        head_judge=head,
        event_staff=_names(s.get("event_staff", ())),
    )


def _store(d: dict, out: dict):
    """The store that runs the event (issue 47): set when the event is created, never edited."""
    # the members' rules load for a new event's store only: no other setting needs them
    from core.rules.members import check_store

    return check_store(d["store"])


def _flag(key: str):
    def check(d: dict, out: dict) -> bool:
        return bool(d[key])

    return check


#: Each setting :func:`check_settings` reads, in order: its key, whether a
#: whole check fills it in when absent (its default), and its check (given
#: the settings and those checked before it; it returns the value normalised).
SETTING_CHECKS = (
    ("name", True, _name),
    ("date", True, _date),
    ("kind", True, _kind),
    ("match", True, _match),
    ("minutes", True, _minutes),
    ("rounds_planned", True, _rounds_planned),
    ("tiebreakers", True, _tiebreakers),
    ("rules", False, _rules),
    ("staff", True, _staff),
    *((flag, False, _flag(flag)) for flag in ("sanctioned", "decklists_required", "spectating", "phone_reports")),
    ("store", False, _store),
)


def check_settings(d: dict, partial: bool = False) -> dict:
    """Validate event settings; return them normalised (``partial``: only
    those ``d`` holds, else every one with its default)."""
    out: dict = {}
    for key, has_default, check in SETTING_CHECKS:
        if _checked_here(key, has_default, d, partial):
            out[key] = check(d, out)
    return out


def _checked_here(key: str, has_default: bool, d: dict, partial: bool) -> bool:
    """Whether a setting is checked: given, or filled in with its default by a whole check."""
    return key in d or (has_default and not partial)


def changed(event: Event, wanted: dict) -> dict:
    """Only the settings in ``wanted`` that differ from the event's, in FIELDS order."""
    norm = check_settings(wanted, partial=True)
    out = {}
    for k in FIELDS:
        if k in norm and norm[k] != getattr(event, k):
            out[k] = _as_given(k, norm[k], wanted)
    return out


def _as_given(k: str, value, wanted: dict):
    """A changed setting as the ``edit`` action stores it: the staff as typed, the tie-breakers as a list."""
    if k == "staff":
        return wanted["staff"]
    return list(value) if k == "tiebreakers" else value


def show_value(field: str, value) -> str:
    """A setting's value for messages and the audit trail."""
    if field == "tiebreakers":
        return _show_tiebreakers(value)
    if isinstance(value, bool):
        return _show_yes_no(value)
    if field == "staff" and isinstance(value, dict):
        return _show_staff(value)
    if field == "rules":
        return labels.rules_label(value)
    return _show_plain(field, value)


def _show_plain(field: str, value) -> str:
    """A kind or match type by its label, any other value as text ("-" for none)."""
    if field in _NAMED_BY:
        return _NAMED_BY[field](value) if value else "-"
    return "-" if value is None else str(value)


# the settings shown by their label (an empty one as "-")
_NAMED_BY = {"kind": labels.kind_label, "match": labels.match_label}


def _show_yes_no(value: bool) -> str:
    """A yes-or-no setting in words."""
    return _("yes") if value else _("no")


def _show_tiebreakers(value) -> str:
    """The tie-breakers in order, comma-separated ("-" for none)."""
    if not isinstance(value, (list, tuple)):
        return str(value)
    return ",".join(value) or "-"


def _show_staff(value: dict) -> str:
    """The staff as the trail shows them, each person once and by role: organizer; head judge;
    the other judges (the event file keeps the head judge among the judges: 「店長、佐々木、佐々木」
    named 佐々木 twice)."""
    hj = value.get("head_judge", "")
    others = [j for j in value.get("judges", ()) if j != hj]
    parts = [
        _("organizer {name}", name=value["organizer"]) if value.get("organizer") else "",
        _("head judge {name}", name=hj) if hj else "",
        ngettext("judge {names}", "judges {names}", len(others), names=_show_judges(others)) if others else "",
    ]
    return _("; ").join(x for x in parts if x) or "-"


def _show_judges(judges) -> str:
    """The judges as the trail lists them."""
    # 「佐藤・鈴木」 in Japanese; English keeps "A,B", the trail old journals are read back to
    return ",".join(judges) if language() == "en" else join_list(judges, words=True)
