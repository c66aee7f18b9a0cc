"""What a face shows of the players: check-in, drops, kept apart, renames,
penalties and appeals (G-PEN-*, G-HEAD-JUDGE)."""

from __future__ import annotations

from core import labels
from core.errors import LyceeError
from core.errors import LyceeError as _Refused
from core.event.lookups import find_player, player_match
from core.event.model import Event, Match, Player
from core.i18n import _, join_list, join_sentences
from core.log import apply
from core.rules import penalties
from core.rules.apart import apart_pair, apart_partners
from core.rules.lateness import in_use, prompt_text
from core.rules.penalties import (
    escalation_text,
    match_loss_words,
    penalty_actions,
    penalty_levels,
    penalty_line,
    player_tally,
    tally_line,
    would_exclude,
)
from core.rules.players import kept_bye_text as said
from core.rules.players import rename_line
from core.rules.publish import find_players
from core.rules.staff import default_issuer

# Imported inside the functions that use them: the card engine (core.rules.decklists),
# the reports, the pairing engine, phone codes and members, which a face loads only when it shows
# them (`lycee reports` reads phone reports through here; the app's first frame loads none).

# -- players: check-in, drops, kept apart, renames -------------------------------------
# The engines are imported inside each function, so opening the app loads only
# what the desk's first screen reads (start-up time, benchmarks/store.py).


def check_in_used(ev: Event) -> bool:
    """Whether check-in is in use this round (G-LATE-*): then the lateness
    prompts come by themselves."""

    return in_use(ev.current_round)


def late_text(ev: Event, prompt) -> str:
    """The lateness question for one due prompt, with its rule (G-LATE-*)."""

    return prompt_text(ev, prompt, with_rule=True)


def added_said(ev: Event, name: str, pid: str) -> str:
    """What the desk says of a player just registered (issue 48): before round 1,
    only that; a late entry, from which round on they are paired (L-ELIGIBLE:
    every player who has joined is paired in a Swiss round); once every planned
    Swiss round is paired, that no round pairs them (L-ROUNDS keeps the count;
    once the cut is made no player joins at all: core.rules.players)."""
    if not ev.rounds:
        return _("added {name} ({id})", name=name, id=pid)
    planned = ev.rounds_planned
    if planned is not None and len(ev.swiss_rounds) >= planned:
        return _(
            "added {name} ({id}): registered, but not paired: all {n} Swiss rounds are paired",
            name=name,
            id=pid,
            n=planned,
        )
    return _("added {name} ({id}): a late entry, paired from round {r} on", name=name, id=pid, r=len(ev.rounds) + 1)


def drop_said(ev: Event, pid: str, before: Event | None = None) -> str:
    """A drop in words (G-DROP-1, issue 48): the player and from which round
    on they are no longer paired (the next round to pair; the results played
    stay); ``ev`` is the event with the drop.  With ``before`` (the event before
    it), what the drop did to the match of this round too: lost (G-DROP-2), in
    the words a penalty's loss is said in (L-MATCH-LOSS)."""
    name = ev.player(pid).name
    said = _("{name} dropped: not paired from round {r} on", name=name, r=len(ev.rounds) + 1)
    if before is None or ev.current_round is None or before.current_round is None:
        return said
    now, was = player_match(ev.current_round, pid), player_match(before.current_round, pid)
    if now is not None and now != was and now.loser() == pid:
        return join_sentences([said, match_loss_words(before, ev, pid)])
    return said


def kept_bye_text(ev: Event, pid: str) -> str:
    """L-DROP-BYE: what the desk says when a player drops in the round they
    hold the bye (they keep it), else ""."""

    return said(ev, pid)


def match_to_settle(ev: Event, pid: str) -> Match | None:
    """The player's match of the current round while it has no result: a drop
    then asks whether that match is lost (G-DROP-2)."""

    rnd = ev.current_round
    m = player_match(rnd, pid) if rnd is not None else None
    return m if m is not None and not m.reported else None


def kept_apart_from(ev: Event, pid: str) -> list[str]:
    """The players kept apart from ``pid``, as ``name (id)`` (Shift+F5)."""

    return [f"{ev.player(x).name} ({x})" for x in apart_partners(ev, pid) if ev.has_player(x)]


def kept_apart(ev: Event, a: str, b: str) -> bool:
    """Whether players ``a`` and ``b`` are kept apart now (G-SWISS-PAIR-1/2)."""

    return apart_pair(a, b) in ev.apart


def rename_said(before, after) -> str:
    """What the desk says after a rename: the old and the new name (and the
    reading when it changed); ``before``/``after`` are the Player records."""

    return rename_line(before.name, after.name, after.reading, after.reading != before.reading)


# -- penalties and appeals (G-PEN-*, G-HEAD-JUDGE) ----------------------------------------


def typed_player(ev: Event, ref: str) -> Player:
    """The player a clerk typed in a dialog: by id, name or reading as
    :func:`find_player`, else the one player whose name or reading holds
    ``ref`` (伊藤 finds 伊藤翔, as check-in does); refused naming everyone it
    could be when that is several (L-READING)."""
    try:
        return find_player(ev, ref)
    except LyceeError:
        found = [pid for pid, _m in find_players(ev, ref, limit=50)]
        if len(found) == 1:
            return ev.player(found[0])
        if not found:
            raise
        names = join_list(f"{ev.player(pid).name} ({pid})" for pid in found)
        raise LyceeError(_("{ref!r} names {names}: type more of the name, or the id", ref=ref, names=names)) from None


def no_penalty_issuer(ev: Event) -> str | None:
    """Why no penalty can be issued in ``ev`` before anything is typed: it lists no staff, and
    only staff issue one (G-PEN-1); None when someone can."""
    if ev.staff.members():
        return None
    return _("This event lists no staff to issue a penalty: F12 (settings) adds the judges (G-PEN-1).")


def penalty_history(ev: Event, ref: str) -> list[str]:
    """A player's tally line and penalties (each with its appeal's outcome),
    then the rule of escalation; [] when ``ref`` names no player (or several)."""
    try:
        p = typed_player(ev, ref)
    except LyceeError:
        return []
    lines = [penalties.tally_line(ev, p.id)]
    lines += [penalties.penalty_line(ev, n, pen) for n, pen in penalties.history(ev, p.id)]
    if ev.rules == "overture":  # O-PEN-1/2: the same count, Overture's words, and 訓告
        lines.append(_("two Notices make a Warning; two Warnings disqualify; a caution is not recorded (O-PEN-1)"))
    else:
        lines.append(_("two Notices make a Warning; two Warnings exclude the player (G-PEN-2)"))
    return lines


def penalty_excludes(ev: Event, pid: str, level: str, reason: str, by: str, action: str) -> str | None:
    """The rule under which this penalty would exclude the player (then the
    desk asks first), or None; ``by`` empty: the event's default decider."""

    return would_exclude(
        ev, {"player": pid, "level": level, "reason": reason, "by": by or default_issuer(ev) or "", "action": action}
    )


def penalty_match_words(ev: Event, pid: str, level: str, reason: str, by: str, action: str) -> str:
    """What this penalty would do to the player's match (L-MATCH-LOSS), in
    words, before it is issued (the app's question); nothing is stored."""

    data = {"player": pid, "level": level, "reason": reason, "by": by or default_issuer(ev) or "", "action": action}
    try:
        after = apply(ev, {"type": "penalty", "data": data})
    except _Refused:
        return ""
    return match_loss_words(ev, after, pid)


def penalty_choices(ev: Event) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The levels and actions a penalty form offers under the event's rule set
    (G-PEN-1/2; Overture's 訓告 and struck record, O-PEN-1/2)."""

    return penalty_levels(ev), penalty_actions(ev)


def penalty_said(before: Event, after: Event, pid: str, level: str) -> tuple[str, bool]:
    """What the desk says once a penalty is recorded: the tally in force and,
    when it escalated, what it brought (G-PEN-2); the flag says it escalated."""

    p = after.player(pid)
    if level == "caution":  # O-PEN-1: nothing in force changes
        return _("{name}: caution given, in the log only (not recorded, O-PEN-1)", name=p.name), False
    was, now = player_tally(before, pid), player_tally(after, pid)
    msg = _(
        "{name}: {level} recorded ({n} N, {w} W in force)",
        name=p.name,
        level=labels.penalty_level_label(level),
        n=now.notices,
        w=now.warnings,
    )
    lost = match_loss_words(before, after, pid)
    game = _game_loss_words(before, after)
    if game:  # issue 48: a warning with a game loss said nothing of the game
        msg += " · " + game
    more = escalation_text(was, now, p.name, excluded=p.excluded, rules=after.rules, match=lost)
    if more:
        return msg + " · " + more, True
    return (msg + " · " + lost if lost and after.penalties[-1].action == "match_loss" else msg), False


def _game_loss_words(before: Event, after: Event) -> str:
    """What the game loss the last penalty of ``after`` carries did (G-PEN-1), in words:
    a game of the player's match recorded as lost, or the match over and standing as
    played; "" when it carries none or has no match (a bye, no table)."""

    pen = after.penalties[-1] if after.penalties else None
    if pen is None or pen.action != "game_loss" or pen.round is None or pen.table is None:
        return ""
    m, was = (ev.rounds[pen.round - 1].match_at(pen.table) for ev in (after, before))
    if m is None or was is None or m.is_bye:
        return ""
    if m.games != was.games:
        return _(
            "game loss: a game of their match at table {t} of round {r} is recorded as lost", t=m.table, r=pen.round
        )
    return _("game loss: their match at table {t} of round {r} was over and stands as played", t=m.table, r=pen.round)


def appeal_choices(ev: Event) -> tuple[list[str], int]:
    """The last six penalties as lines, and the number an appeal form offers
    first (the last one not yet ruled on)."""

    open_ = [n for n, p in enumerate(ev.penalties, 1) if p.appeal is None]
    lines = [penalty_line(ev, n, p) for n, p in enumerate(ev.penalties, 1)][-6:]
    return lines, open_[-1] if open_ else len(ev.penalties)


def appeal_said(ev: Event, number: int) -> str:
    """What the desk says once the head judge ruled on penalty ``number``."""

    pen = ev.penalties[number - 1]
    ruling = pen.appeal or {}  # the Desk has just recorded it
    return (
        _(
            "penalty #{n}: {outcome} by the head judge {by} (final, G-HEAD-JUDGE)",
            n=number,
            outcome=labels.appeal_outcome_label(ruling.get("outcome", "")),
            by=ruling.get("by", ""),
        )
        + " · "
        + tally_line(ev, pen.player)
    )
