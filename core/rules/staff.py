"""The event's staff and what each may decide.

- G-ORGANIZER: every event has exactly one organizer, its top authority (who
  also decides, under G-ID-3, on an intentionally drawn elimination match).
- G-JUDGE: the organizer appoints one or more judges.
- G-HEAD-JUDGE: one head judge among the judges; appeals go to them and their
  ruling is final for the event.
- G-PEN-1: staff (organizer, event staff 運営スタッフ, judges) may issue
  penalties.

A sanctioned event will not start (pair round 1, start a round clock) until
its staff is complete: :func:`check_staff`.  An event marked unsanctioned may.

Names compare after NFKC folding (``core.names.fold_name``): '山田　太郎' is '山田 太郎'.

Staff PINs (``staff_pin``): the organizer, a judge or the head
judge gets a PIN for the judge page on the phone (``lycee staff EVENT pin
NAME``; F2 in the app's settings).  Only a salted scrypt hash is stored, in
the action; a new PIN replaces the old, and :func:`pin_holder` names who
signs in with one (still on the staff: a name taken off it signs in no more).
"""

from __future__ import annotations

import hashlib
import os
import re
from random import SystemRandom

from core import labels
from core.errors import LyceeError, RuleError
from core.event.model import Event, Match, Staff
from core.i18n import _, join_list, join_sentences
from core.log import action, describer, written_format
from core.log.actions import StaffPin, StaffSignout
from core.names import fold_name


def _key(name: str) -> str:
    return fold_name(name)


#: What separates names typed in one staff field: the comma, the full-width
#: comma ，, and the Japanese 、 (with its half-width form ､).
NAME_SEPARATORS = ",，、､"


def split_names(texts: str | list[str] | tuple[str, ...] | None) -> list[str]:
    """Staff names typed in a field (the app) or given as options (``--judge``,
    repeatable): each text split at :data:`NAME_SEPARATORS`, trimmed, empty
    and repeated names (compared as ``fold_name``) left out, in order:
    ``佐藤、鈴木`` is two judges, as ``佐藤,鈴木`` is."""
    if texts is None:
        return []
    out: list[str] = []
    for text in [texts] if isinstance(texts, str) else texts:
        _add_new_names(out, _split(text))
    return out


def _split(text: str) -> list[str]:
    """The names typed in one text, at :data:`NAME_SEPARATORS`, trimmed (empty ones kept)."""
    return [name.strip() for name in re.split(f"[{NAME_SEPARATORS}]", text)]


def _add_new_names(out: list[str], names) -> None:
    """Each of ``names`` not empty and not on ``out`` yet (compared as ``fold_name``) appended to it."""
    for name in names:
        if name and _find(out, name) is None:
            out.append(name)


def staff_problems(event: Event) -> list[tuple[str, str]]:
    """What the staff lacks, as (rule id, message), in the guideline's order."""
    s = event.staff
    found = (
        ("G-ORGANIZER", _organizer_problem(s)),
        ("G-JUDGE", _judge_problem(s)),
        ("G-HEAD-JUDGE", _head_judge_problem(s)),
    )
    return [(rule, why) for rule, why in found if why]


def _organizer_problem(s: Staff) -> str:
    """G-ORGANIZER: the event has an organizer ("" when so)."""
    return "" if s.organizer.strip() else _("the event has no organizer")


def _judge_problem(s: Staff) -> str:
    """G-JUDGE: the event has a judge at least ("" when so)."""
    return "" if any(j.strip() for j in s.judges) else _("the event has no judge")


def _head_judge_problem(s: Staff) -> str:
    """G-HEAD-JUDGE: the event has a head judge, one of its judges ("" when so)."""
    if not s.head_judge.strip():
        return _("the event has no head judge")
    if _key(s.head_judge) not in {_key(j) for j in s.judges}:
        return _("the head judge {name!r} is not one of the judges", name=s.head_judge)
    return ""


def check_staff(event: Event, doing: str = "start") -> None:
    """Refuse to ``doing`` a sanctioned event whose staff is incomplete."""
    if not event.sanctioned:
        return
    problems = staff_problems(event)
    if problems:
        rule = problems[0][0]
        text = _(
            "a sanctioned event cannot {doing}: {problems}; set the staff first "
            "(`lycee staff EVENT --organizer NAME --judge NAME --head-judge NAME`) "
            "or mark the event unsanctioned (`lycee staff EVENT --unsanctioned`)",
            doing=labels.staff_doing_label(doing),
            problems=join_sentences(m for _r, m in problems),
        )
        raise RuleError(text, rule)


def _find(names, name: str) -> str | None:
    k = _key(name)
    for n in names:
        if n and _key(n) == k:
            return n
    return None


def staff_member(event: Event, name: str | None) -> str | None:
    """The staff member's name as recorded, or None when ``name`` is not staff."""
    if not name or not name.strip():
        return None
    return _find(event.staff.members(), name)


def require_staff(event: Event, name: str | None, rule: str = "G-PEN-1") -> str:
    who = staff_member(event, name)
    if who is None:
        raise RuleError(_not_staff(event, name), rule)
    return who


def _not_staff(event: Event, name: str | None) -> str:
    """Why ``name`` decides nothing: not on the staff (who is listed), or no name given."""
    if not name or not name.strip():
        return _("say which staff member decides (--by NAME)")
    listed = join_list(sorted(event.staff.members()), words=True) or _("nobody yet")
    return _(
        "{name!r} is not on the event's staff (organizer, judges, event staff: {listed})",
        name=name,
        listed=listed,
    )


def require_head_judge(event: Event, name: str | None, rule: str = "G-HEAD-JUDGE") -> str:
    hj = event.staff.head_judge
    if not hj:
        raise RuleError(_("the event has no head judge to rule on it"), rule)
    if not name or _key(name) != _key(hj):
        raise RuleError(_("only the head judge ({hj}) can rule on this, not {name!r}", hj=hj, name=name), rule)
    return hj


def require_organizer(event: Event, name: str | None, rule: str = "G-ORGANIZER") -> str:
    org = event.staff.organizer
    if not org:
        raise RuleError(_("the event has no organizer to decide it"), rule)
    if not name or _key(name) != _key(org):
        raise RuleError(_("only the organizer ({org}) can decide this, not {name!r}", org=org, name=name), rule)
    return org


def plays_in(event: Event, name: str, m: Match | None) -> bool:
    """Whether staff member ``name`` is a player of match ``m`` (names
    compared as ``fold_name``).  The guideline is silent on staff who also
    play, so they may play; but not judge their own match (L-STAFF-PLAYS)."""
    if m is None or not name:
        return False
    k = _key(name)
    return any(_key(event.player(pid).name) == k for pid in m.players())


def require_not_playing(event: Event, name: str, m: Match | None, rule: str = "L-STAFF-PLAYS") -> None:
    """Refuse a ruling, penalty or appeal by ``name`` on a match they play
    (L-STAFF-PLAYS: nobody judges their own match)."""
    if written_format() >= 6 and plays_in(event, name, m):  # a log written before the rule opens as it was
        assert m is not None
        raise RuleError(
            _(
                "{name} plays at table {t}: a staff member never rules on, penalises in or hears the "
                "appeal of their own match; another judge decides",
                name=name,
                t=m.table,
            ),
            rule,
        )


def _head_judge_needed(event: Event) -> str:
    """Why the event needs its head judge now (started, or a penalty may be appealed), or ""."""
    if event.rounds:
        return _("the event has started")
    open_ = _unappealed(event)
    if open_:
        return _("penalty #{n} may still be appealed", n=open_[-1])
    return ""


def _unappealed(event: Event) -> list[int]:
    """The numbers (from 1) of the penalties not appealed yet."""
    return [n for n, p in enumerate(event.penalties, 1) if p.appeal is None]


def check_head_judge_kept(event: Event, staff: Staff) -> None:
    """L-STAFF-HJ: once the event started (round 1 paired), or while a
    penalty may still be appealed (one recorded without a ruling), the head
    judge is not taken away without a replacement named in the same change."""
    old = event.staff.head_judge
    if not _head_judge_taken_away(old, staff):
        return
    why = _head_judge_needed(event)
    if not why:
        return
    raise RuleError(
        _(
            "the head judge {name} cannot be removed without a replacement: {why}; name the new head "
            "judge in the same change (`lycee staff EVENT --head-judge NAME`)",
            name=old,
            why=why,
        ),
        "G-HEAD-JUDGE",
    )


def _head_judge_taken_away(old: str, staff: Staff) -> bool:
    """The change leaves no head judge where there was one (``old``), in a log under L-STAFF-HJ (format 6)."""
    return bool(old.strip()) and not staff.head_judge.strip() and written_format() >= 6


def judges_on_duty(event: Event) -> list[str]:
    """The judges who issue penalties at the tables: the event's judges
    other than the head judge, to whom an appeal goes (G-HEAD-JUDGE)."""
    hj = _key(event.staff.head_judge) if event.staff.head_judge else None
    return [j for j in event.staff.judges if j.strip() and _key(j) != hj]


def default_decider(event: Event) -> str | None:
    """Who decides what only the head judge (else the organizer) decides
    when no ``--by`` is given (None when neither is set).  A penalty's
    issuer is :func:`default_issuer` (L-STAFF-PLAYS)."""
    return event.staff.head_judge or event.staff.organizer or None


def default_issuer(event: Event) -> str | None:
    """Whom the app's penalty form offers as the issuer: the judge on duty
    when there is one (G-JUDGE; never the head judge while another judge
    exists, since an appeal goes to the head judge, G-HEAD-JUDGE); None when
    there are several (the form asks which); with no other judge,
    :func:`default_decider`."""
    duty = judges_on_duty(event)
    if len(duty) == 1:
        return duty[0]
    if duty:
        return None
    return default_decider(event)


def updated_staff(
    staff: Staff,
    organizer: str | None = None,
    judges: list[str] | None = None,
    add_judges: list[str] | tuple[str, ...] = (),
    remove: list[str] | tuple[str, ...] = (),
    head_judge: str | None = None,
    event_staff: list[str] | None = None,
    add_event_staff: list[str] | tuple[str, ...] = (),
) -> dict:
    """The ``staff`` settings after a change, for the ``edit`` action.

    ``judges``/``event_staff`` replace the lists; ``add_*`` append; ``remove``
    takes a name off every list (and off head judge / organizer)."""
    gone = {_key(r) for r in remove}
    js = _list_after(staff.judges, judges, add_judges, gone)
    es = _list_after(staff.event_staff, event_staff, add_event_staff, gone)
    hj = _one_after(staff.head_judge, head_judge, gone)
    org = _one_after(staff.organizer, organizer, gone)
    if hj and _find(js, hj) is None:
        js.append(hj)  # G-HEAD-JUDGE: the head judge is one of the judges
    return {"organizer": org, "judges": js, "head_judge": hj, "event_staff": es}


def _list_after(now, given: list[str] | None, added, gone: set[str]) -> list[str]:
    """A staff list replaced by ``given`` (None: kept), with ``added`` names
    not on it yet appended and the names ``gone`` (keys) taken off."""
    names = list(now) if given is None else _trimmed(given)
    _append_missing(names, added)
    return [n for n in names if _key(n) not in gone]


def _trimmed(names: list[str]) -> list[str]:
    """Each name without the spaces around it."""
    return [n.strip() for n in names]


def _append_missing(names: list[str], added) -> None:
    """Each of ``added`` not on ``names`` yet (compared as ``fold_name``) appended, trimmed."""
    for n in added:
        if _find(names, n) is None:
            names.append(n.strip())


def _one_after(now: str, given: str | None, gone: set[str]) -> str:
    """A staff role's name replaced by ``given`` (None: kept), empty when taken off."""
    name = now if given is None else given.strip()
    return "" if name and _key(name) in gone else name


# -- staff PINs for the judge page -------------------------------------------------------

#: Digits in a PIN (random from the system's source, as :mod:`secrets` draws them; that module
#: costs every desk command a millisecond to import); wrong ones are limited per address on the page.
PIN_DIGITS = 6
#: scrypt's cost (N, r, p): about 16 MiB and tens of milliseconds a check.
SCRYPT = (2**14, 8, 1)
_SYSTEM = SystemRandom()


def pin_staff(event: Event, name: str | None) -> str | None:
    """``name`` as recorded when it is the organizer, a judge or the head
    judge (who get a PIN for the judge page), else None."""
    s = event.staff
    if not name or not name.strip():
        return None
    return _find([s.organizer, *s.judges, s.head_judge], name)


def require_pin_staff(event: Event, name: str | None) -> str:
    who = pin_staff(event, name)
    if who is None:
        raise RuleError(
            _(
                "{name!r} is not the organizer, a judge or the head judge of this event ({listed}): "
                "a PIN is only for them; set the staff first with `lycee staff EVENT --judge NAME`",
                name=name or "",
                listed=_pin_staff_listed(event.staff),
            ),
            "G-JUDGE",
        )
    return who


def _pin_staff_listed(s: Staff) -> str:
    """The organizer, judges and head judge in one list ("nobody yet" when none)."""
    names = sorted({n for n in (s.organizer, *s.judges, s.head_judge) if n.strip()})
    return join_list(names, words=True) or _("nobody yet")


def new_pin() -> str:
    return "".join(_SYSTEM.choice("0123456789") for _i in range(PIN_DIGITS))


def pin_hash(pin: str, salt: bytes | None = None) -> str:
    """``pin`` as stored: ``scrypt$N$r$p$SALT$HASH`` (hex), with a new random salt."""
    n, r, p = SCRYPT
    salt = os.urandom(16) if salt is None else salt
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, dklen=32)
    return f"scrypt${n}${r}${p}${salt.hex()}${digest.hex()}"


def _pin_parts(stored: str) -> tuple[int, int, int, bytes, bytes] | None:
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return None
        parts = (int(n), int(r), int(p), bytes.fromhex(salt), bytes.fromhex(digest))
    except (ValueError, AttributeError):
        return None
    return parts if _pin_parts_sane(parts) else None


def _pin_parts_sane(parts: tuple[int, int, int, bytes, bytes]) -> bool:
    """scrypt's cost, block size and parallelism within bounds, a salt and a digest."""
    n, r, p, salt, digest = parts
    return 2 <= n <= 2**20 and 1 <= r <= 32 and 1 <= p <= 16 and bool(salt) and bool(digest)


def pin_matches(stored: str, pin: str) -> bool:
    """``pin`` is the one ``stored`` (compared in constant time)."""
    parts = _pin_parts(stored)
    if parts is None or not isinstance(pin, str):
        return False
    n, r, p, salt, digest = parts
    try:
        got = hashlib.scrypt(
            pin.strip().encode(),
            salt=salt,
            n=n,
            r=r,
            p=p,
            dklen=len(digest),
            maxmem=128 * r * (n + p + 2) + 1024 * 1024,
        )
    except (ValueError, MemoryError):
        return False
    import hmac  # every desk command imports this module; a PIN check (scrypt: tens of ms) alone needs it

    return hmac.compare_digest(got, digest)


def pin_holder(event: Event, name: str, pin: str) -> str | None:
    """Who signs in with ``name`` and ``pin``: the staff member's name as
    recorded when the PIN is theirs (and they are still on the staff), else
    None.  A name without a PIN costs the same hash as one with it."""
    who = pin_staff(event, name)
    stored = _stored_pin(event, who)
    ok = pin_matches(stored or _decoy(), pin)
    return who if ok and stored is not None else None


def _stored_pin(event: Event, who: str | None) -> str | None:
    """The stored PIN hash of staff member ``who``, or None (no PIN, or nobody)."""
    return dict(event.staff_pins).get(_key(who)) if who is not None else None


def _decoy() -> str:
    """What a name without a PIN is checked against (so a wrong name takes as long as a wrong PIN)."""
    global _DECOY
    if _DECOY is None:
        _DECOY = pin_hash("-", b"lycee-no-pin-here")
    return _DECOY


_DECOY: str | None = None


def pin_fingerprint(event: Event, name: str) -> str | None:
    """What a judge-page session of ``name`` is tied to: a short digest of
    their stored PIN hash and of how many times the desk signed them out;
    None when ``name`` has no PIN or is off the staff.  A new PIN, a removal
    or ``lycee staff EVENT signout NAME`` changes it: the server ends the
    sessions made before (tui.web.judge)."""

    who = pin_staff(event, name)
    if who is None:
        return None
    stored = _stored_pin(event, who)
    if stored is None:
        return None
    out = dict(event.staff_signouts).get(_key(who), 0)
    return hashlib.sha256(f"{stored}|{out}".encode()).hexdigest()[:24]


@action("staff_signout")
def _staff_signout(event: Event, payload: StaffSignout):
    who = require_pin_staff(event, payload.name)
    outs = dict(event.staff_signouts)
    outs[_key(who)] = outs.get(_key(who), 0) + 1
    return event.with_(staff_signouts=tuple(sorted(outs.items())))


@describer("staff_signout")
def _describe_staff_signout(payload: StaffSignout) -> str:
    return _("{name} signed out of the judge page on every phone", name=payload.name)


@action("staff_pin")
def _staff_pin(event: Event, payload: StaffPin):
    who = require_pin_staff(event, payload.name)
    if _pin_parts(payload.hash) is None:
        raise LyceeError(_("a staff PIN is stored as a salted hash (scrypt$N$r$p$SALT$HASH), not as given"))
    pins = dict(event.staff_pins)
    pins[_key(who)] = payload.hash
    return event.with_(staff_pins=tuple(sorted(pins.items())))


@describer("staff_pin")
def _describe_staff_pin(payload: StaffPin) -> str:
    return _("new judge-page PIN for {name} (the old one no longer works)", name=payload.name)
