"""What a face shows of exports, the independent check, the plan of the day,
the settings (F12) and the event forms."""

from __future__ import annotations

import re

from core.event.model import Event
from core.event.timing import minutes_advice, recommended_minutes
from core.i18n import _, join_list
from core.names import fold_name
from core.readmodel.decks import staff_missing
from core.rules.publish import visible_rounds
from core.rules.settings import UNDO_HINT, check_settings, field_label, locks, show_value
from core.rules.staff import default_issuer as issuer
from core.rules.staff import pin_staff as holder
from core.rules.staff import split_names
from core.tournament.elimination import swiss_over as over

# Imported inside the functions that use them: the card engine (core.rules.decklists),
# the reports, the pairing engine and plan, phone codes and members, which a face loads only when it shows
# them (`lycee reports` reads phone reports through here; the app's first frame loads none).

# -- exports, the independent check, the plan of the day -----------------------------------


def export_menu() -> tuple:
    """The export dialog's rows: (kind, format, label function), from the one
    table of export kinds and formats (core.reports.exports.EXPORTS)."""
    # lazy: the reports engine, which `lycee result` never loads
    from core.reports.exports import MENU

    return MENU


def export_by_round(what: str) -> bool:
    """Whether an export kind can be made for an earlier round too."""
    # lazy: the reports engine, which `lycee result` never loads
    from core.reports.exports import BY_ROUND

    return what in BY_ROUND


def export_text(ev: Event, what: str, fmt: str, round_number: int | None, log: list[dict]) -> tuple[str, str]:
    """An export as (file name, text), of the event as it was after
    ``round_number`` (None: now); a refusal raises LyceeError."""
    # lazy: the reports engine, which `lycee result` never loads
    from core.reports import exports

    text = exports.render(exports.as_of_round(ev, round_number), what, fmt, log=log)
    return exports.export_filename(ev, what, fmt, round_number), text


def write_export(path, text: str) -> None:
    """Write an export whole or not at all (no partial file on a full disk)."""
    # lazy: the reports engine, which `lycee result` never loads
    from core.reports.exports import write_export as write

    write(path, text)


def verify(ev: Event):
    """The check of the event (``lycee verify``, the judgement import makes too): its report."""
    # lazy: the reports engine, which `lycee result` never loads
    from core.reports.judge import judge_event

    return judge_event(ev).report


def day_plan(ev: Event, log: list[dict], now, history: list):
    """The plan of the day: rounds planned, projected times (``history``:
    earlier events of this data folder, to learn their pace)."""
    # lazy: the plan is slow to import (its dataclasses are built then), paid only when the plan is shown
    from core.tournament.plan import plan_event

    return plan_event(ev, log, now, history=history)


def clock_time(t) -> str:
    """A planned time of day as the plan shows it (``14:05``)."""
    # lazy: the plan is slow to import (its dataclasses are built then), paid only when the plan is shown
    from core.tournament.plan import clock_time as shown

    return shown(t)


# -- settings (F12) ---------------------------------------------------------------------


def settings_locks(ev: Event) -> dict[str, str]:
    """The settings that can no longer change, each with why."""

    return locks(ev)


def lock_lines(held: dict[str, str]) -> list[str]:
    """The settings form's locked settings (F12): one line per reason with
    the settings it holds, and the way back (undo) said once at the end
    rather than at the end of every line (a finished event has many)."""
    hint = re.compile(r"\s*[（(]" + re.escape(UNDO_HINT) + r"[）)]\s*$")
    by_why: dict[str, list[str]] = {}
    for key, why in held.items():
        by_why.setdefault(hint.sub("", why), []).append(field_label(key))
    lines = [
        _("locked: {setting}: {why}", setting=join_list(names, words=True), why=why) for why, names in by_why.items()
    ]
    if any(hint.search(why) for why in held.values()):
        lines.append(_("To change them, undo back first ({undo}).", undo=UNDO_HINT))
    return lines


def setting_label(key: str) -> str:
    """A setting's name as the settings form and its messages show it."""

    return field_label(key)


def settings_changed(ev: Event, changes: dict) -> str:
    """What the desk says after a settings edit: each change, and the match
    time advice when the length or the match type changed (G-MATCH-TIME)."""

    msg = _("changed: {what}", what=join_list(f"{field_label(k)} = {show_value(k, v)}" for k, v in changes.items()))
    advice = (
        minutes_advice(ev.match, ev.minutes, kind=ev.kind) if ("minutes" in changes or "match" in changes) else None
    )
    return msg + " · " + advice if advice else msg


def swiss_over(ev: Event) -> bool:
    """A Swiss-only event whose planned rounds are all played and in: its standings are the final ones."""

    return over(ev)


def bracket_made(ev: Event) -> bool:
    """The event has its elimination bracket already: F7 cuts no more (G-SE)."""
    return any(r.stage == "top" for r in ev.rounds)


def published_rounds(ev: Event) -> int:
    """How many rounds the public pages show."""

    return visible_rounds(ev)


# -- the event forms: new event, settings, penalty ---------------------------------------


def minutes_hint(kind: str, match: str = "bo3") -> tuple[int, str]:
    """The match length a form proposes for a format and what it says of it
    (the recommended range and its rule, G-MATCH-TIME)."""

    r = recommended_minutes(kind, match)
    if r.high is None:
        return r.low, _("recommended: {lo} minutes or more ({rule})", lo=r.low, rule=r.rule)
    return r.low, _("recommended: {lo}-{hi} minutes ({rule})", lo=r.low, hi=r.high, rule=r.rule)


def sanctioned_by_default(kind: str, catalog=None) -> bool:
    """Whether the new-event form proposes a sanctioned event of ``kind``
    (L-SAMPLE-SETS): a constructed event yes; a sealed or draft event only
    when a set it could open is a real product, not only the shipped sample
    sets, which no sanctioned event may use (the clerk is not asked for the
    staff of an event that could not be sanctioned).  ``catalog``: default
    the desk's (the sample sets and the store's card list)."""
    if kind not in ("sealed", "draft"):
        return True
    # lazy: the card catalog, which a face loads only for a limited event
    from core.rules.decklists import catalog_or_default

    usable = (s for s in catalog_or_default(catalog).sets if (s.starters if kind == "sealed" else s.booster))
    return any(not s.sample for s in usable)


def staff_names(text: str) -> list[str]:
    """The names typed in one field (、 ， and , separate them)."""

    return split_names(text)


def checked_settings(values: dict, partial: bool = False) -> dict:
    """A form's settings as the event would keep them, or LyceeError naming
    the setting that is refused (``partial``: only the settings given)."""

    return check_settings(values, partial=partial)


def pin_staff(ev: Event) -> list[str]:
    """Who may get a judge-page PIN (core.rules.staff): the organizer, the
    judges and the head judge, each once, in that order."""

    s = ev.staff
    out: list[str] = []
    for name in (s.organizer, s.head_judge, *s.judges):
        who = holder(ev, name)
        if who is not None and who not in out:
            out.append(who)
    return out


def has_pin(ev: Event, name: str) -> bool:
    """Whether staff member ``name`` holds a judge-page PIN already (a new one replaces it)."""
    return fold_name(name) in dict(ev.staff_pins)


def staff_lacking(values: dict) -> list[str]:
    """What an event of these settings would still lack of its staff to be
    paired, one ``why (rule)`` a line (G-ORGANIZER, G-JUDGE, G-HEAD-JUDGE)."""
    ev = Event(id="-", **checked_settings(values))
    return [_("{why} ({rule})", why=m, rule=r) for r, m in staff_missing(ev)]


def default_issuer(ev: Event) -> str | None:
    """Who issues a penalty unless told: the judge on duty, never the head
    judge while another judge exists (G-HEAD-JUDGE); None with several."""

    return issuer(ev)
