"""What a face shows of phone reports, and of the store and its members (issue 47)."""

from __future__ import annotations

import re

from core import labels
from core.errors import LyceeError
from core.event.lookups import find_player
from core.event.model import Event
from core.i18n import _, join_list, ngettext
from core.names import whole
from core.readmodel.rounds import action_said
from core.rules.publish import find_players

# Imported inside the functions that use them: the card engine (core.rules.decklists),
# the reports, the pairing engine, phone codes and members, which a face loads only when it shows
# them (`lycee reports` reads phone reports through here; the app's first frame loads none).

# -- phone reports ------------------------------------------------------


def phone_reports(ev: Event, now=None) -> list:
    """The current round's tables (byes left out) with their players' phone
    reports: core.rules.phonereports.TableReport each (status none, waiting, held,
    disputed, recorded or staff; what each side reported, who and when; why
    an agreed one is held, given ``now``).  The desk's round tab and its
    dispute queue read this; ``lycee reports`` prints it."""
    # lazy: phone codes (hmac, secrets), which `lycee result` never loads
    from core.rules.phonereports import round_reports

    return round_reports(ev, now)


def who_did(ev: Event, actor: str) -> str:
    """Who did an action, in words: a player's phone by the player's name,
    else core.labels.actor_label."""

    phone = re.fullmatch(r"player (.+) \(phone\)", actor)
    if phone:
        p = next((x for x in ev.players if x.id == phone.group(1)), None)
        if p is not None:
            return _("{name} (phone)", name=p.name)
    return labels.actor_label(actor)


def door_change_line(ev: Event, acts: list[dict]) -> str:
    """The desk's message line after changes that came through its door (a
    judge's page, `lycee result` from another shell, phones): who did what,
    the newest first; more than one, how many more (the log has them all)."""
    last = acts[-1]
    line = _("{who}: {what}", who=who_did(ev, str(last.get("actor", "?"))), what=action_said(ev, last))
    more = len(acts) - 1
    if more:
        line += " " + ngettext(
            "(and {n} more change: see the log)", "(and {n} more changes: see the log)", more, n=more
        )
    return line


def new_disputes(ev: Event, acts: list[dict]) -> str:
    """The tables ``acts`` (phone reports) left disputed, in words with both
    claims and the key that decides them; "" when none."""
    tables = {a["data"].get("table") for a in acts if a.get("type") == "report" and isinstance(a.get("data"), dict)}
    if not tables:
        return ""
    out = []
    for rep in phone_reports(ev):
        if rep.table in tables and rep.status == "disputed" and rep.p1 is not None and rep.p2 is not None:
            out.append(
                _(
                    "Table {t}: the reports disagree ({a}; {b}): Shift+F6 to decide.",
                    t=rep.table,
                    a=_claim(rep.p1.name, rep.p1.said),
                    b=_claim(rep.p2.name, rep.p2.said),
                )
            )
    return " ".join(out)


def _claim(name: str, said: str) -> str:
    """One player's report from their own side, with what it means for them
    (「加藤陸: 2-0で勝ち」): two who both say 2-0 read as the dispute it is."""
    try:
        won, lost = (int(x) for x in said.split("-")[:2])
    except ValueError:
        return _("{name}: {said}", name=name, said=said)
    if won > lost:
        return _("{name}: {said}, a win", name=name, said=said)
    if won < lost:
        return _("{name}: {said}, a loss", name=name, said=said)
    return _("{name}: {said}, a draw", name=name, said=said)


def disputed_count(ev: Event) -> int:
    """How many tables of the current round have disagreeing phone reports."""
    if not ev.reports:
        return 0
    return sum(1 for rep in phone_reports(ev) if rep.status == "disputed")


def checkin_rows(ev: Event) -> list[tuple[str, int, str]]:
    """The current round's players to check in, by table: (player id, table,
    "1卓 高橋健太 (たかはしけんた)"-like words); byes left out."""
    rnd = ev.current_round
    if rnd is None:
        return []
    out = []
    for m in sorted(rnd.matches, key=lambda m: m.table):
        if m.is_bye:
            continue
        for pid in m.players():
            p = ev.player(pid)
            words = _("Table {t} {name}", t=m.table, name=p.name)
            if p.reading:
                words += f" ({p.reading})"
            out.append((pid, m.table, words))
    return out


def checkin_refs(ev: Event, text: str) -> list[str]:
    """The players a clerk's check-in line names, in order (G-LATE-1): each
    word a table number of the current round (both its players), a player
    id, or part of a name or reading (which must name one player).  Raises
    LyceeError naming the word that names nobody, or several."""

    rnd = ev.current_round
    if rnd is None:
        raise LyceeError(_("no round is paired yet: check-in is for a round's tables"))
    tables = {m.table: m for m in rnd.matches if not m.is_bye}
    ids = {p.id for p in ev.players}
    out: list[str] = []
    for word in text.split():
        n = whole(word)
        if n is not None and word.isascii():
            if n not in tables:
                raise LyceeError(_("check-in: round {r} has no table {t}", r=rnd.number, t=n))
            got = list(tables[n].players())
        elif word in ids:
            got = [word]
        else:
            found = [pid for pid, m in find_players(ev, word, limit=50) if m is not None and not m.is_bye]
            if not found:
                raise LyceeError(_("check-in: no player of round {r} is named {word!r}", r=rnd.number, word=word))
            if len(found) > 1:
                raise LyceeError(
                    _(
                        "check-in: {word!r} names {names}: type more of the name, or the table number",
                        word=word,
                        names=join_list(ev.player(p).name for p in found),
                    )
                )
            got = found
        out += [pid for pid in got if pid not in out]
    return out


def checked_in_words(ev: Event, ids: list[str]) -> str:
    """Who was checked in, by name and table (the confirmation's words)."""
    rnd = ev.current_round
    table = {pid: m.table for m in rnd.matches for pid in m.players()} if rnd is not None else {}
    return join_list(_("{name} (table {t})", name=ev.player(pid).name, t=table.get(pid, "?")) for pid in ids)


def report_status_label(status: str) -> str:
    """A table's report status in words (for the round tab, `lycee reports`)."""
    return {
        "none": _("no report"),
        "waiting": _("waiting for the opponent"),
        "held": _("agreed, held for a time call by staff"),
        "disputed": _("disputed"),
        "recorded": _("recorded by the players"),
        "staff": _("result entered by staff"),
    }.get(status, status)


def return_deadline(root, ev: Event, today: str) -> str | None:
    """A finished event's scorecard return deadline and whether its submission
    was written, in words (issue 47, core.season.deadlines); None while it runs."""
    # lazy: the season's reports (core.reports, core.cards), which `lycee result` never loads
    from core.season.deadlines import deadline_words, deadlines

    rows = deadlines(root, [ev], today)
    return deadline_words(rows[0]) if rows else None


# -- the store and its members (issue 47): what the app's screens read -------------------------


def member_index(root):
    """The store's members indexed for the name box (core.rules.members.MemberIndex)."""
    # lazy: the members' rules (csv), which `lycee result` never loads
    from core.rules.members import MemberIndex, members_of

    return MemberIndex(members_of(root))


def store_info(root) -> dict | None:
    """The data folder's store, or None (core.rules.members.store_info)."""
    # lazy: the members' rules (csv), which `lycee result` never loads
    from core.rules.members import store_info as info

    return info(root)


def store_line(store: dict | None) -> str:
    """The store as one line (core.rules.members.store_line)."""
    # lazy: the members' rules (csv), which `lycee result` never loads
    from core.rules.members import store_line as line

    return line(store)


def member_history(datadir, number: str) -> tuple[str, list[str]]:
    """(title, lines) of a member's history across the data folder's events (M-HISTORY)."""
    # lazy: the members' rules (csv), which `lycee result` never loads
    from core.rules.memberhistory import history_view

    # lazy: the members' file (csv), which `lycee result` never loads
    from core.store.members import member_history as history

    return history_view(*history(datadir, number))


def penalties_elsewhere(datadir, ev: Event, ref: str) -> list[str]:
    """A member's penalties in the data folder's other events, for the judge
    deciding a penalty (M-HISTORY): for information only, since G-PEN-2
    counts within one event; [] for a player who is no member or has none."""
    # lazy: the members' file (csv), which `lycee result` never loads
    from core.store.members import member_history

    try:
        p = find_player(ev, ref)
        if not p.member:
            return []
        _m, _n, rows = member_history(datadir, p.member)
    except LyceeError:
        return []
    lines = []
    for r in rows:
        if r.event == ev.id:
            continue
        for x in r.penalties:
            lines.append(
                _(
                    "{date} {event}: {level} ({action}), {reason}",
                    date=r.date,
                    event=r.event_name,
                    level=labels.penalty_level_label(x["level"]),
                    action=labels.penalty_action_label(x["action"]),
                    reason=x["reason"],
                )
            )
    if lines:
        lines.insert(0, _("in other events (for information only: G-PEN-2 counts within one event):"))
    return lines
