"""The words of the event store: an action as ``lycee log`` words it, the audit
trail and its filters, what a damaged journal lost, the files a reader did not
believe, and the store's refusals (an action the rules refuse, a damaged
journal, a failed write)."""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from tinydb import Query

from core import labels, rules
from core.errors import LyceeError
from core.i18n import _, join_list, join_sentences
from core.log.actions import shown_data
from core.store.journal import (
    Damage,
    resync,
    scan,
)


def disk_message(err: OSError, what: str) -> str:
    """One line for a failed write, naming the system's error code (ENOSPC,
    EFBIG, EROFS...) so that a store asking for help can quote it."""
    code = errno.errorcode.get(err.errno or 0)
    if code:
        err = OSError(err.errno, f"{err.strerror}, {code}")
    if err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return _(
            "{what} was not stored: the disk is full or the file too large ({reason}); "
            "nothing was changed; free some space and try again",
            what=what,
            reason=err.strerror,
        )
    return _("{what} was not stored: {reason}; nothing was changed", what=what, reason=err.strerror or err)


#: Names a message lists of a batch before it says "... and N more".
NAMES_SHOWN = 3


def short_names(names: list[str]) -> str:
    """``names`` for a message: all of a few, else the first ones and how many more."""
    if len(names) <= NAMES_SHOWN + 1:
        return join_list(names, words=True)
    return _("{names} … and {n} more", names=join_list(names[:NAMES_SHOWN], words=True), n=len(names) - NAMES_SHOWN)


def act_text(a: dict) -> str:
    """One action in ``lycee log`` words, a long batch of players summarised
    ("20 players (山田, 佐藤, 鈴木 … and 17 more)")."""
    players = _long_registration(a)
    if players is not None:
        return _("registered {n} players ({names})", n=len(players), names=short_names([p["name"] for p in players]))
    try:
        return rules.describe(a)
    except (KeyError, TypeError, ValueError, AttributeError):
        return str(a.get("type"))


def _long_registration(a: dict) -> list[dict] | None:
    """The players of a registration too long to name them all (each with its name); None for any other action."""
    d = a.get("data")
    players = d.get("players") if isinstance(d, dict) else None
    if a.get("type") != "register" or not isinstance(players, list) or len(players) <= NAMES_SHOWN + 1:
        return None
    return players if _all_named(players) else None


def _all_named(players: list) -> bool:
    """Whether every entry of a registration is a player with a name."""
    return all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players)


def lost_lines(acts: list[dict]) -> str:
    """Actions as ``lycee log`` words them, for a message (``#7 at actor what``)."""
    return join_sentences(f"#{a.get('seq')} {a.get('at', '')} {a.get('actor', '')} {act_text(a)}" for a in acts)


def act_words(a: dict) -> str:
    """An action for a message about the journal: ``#7 (what, time, actor)``."""
    return _(
        "#{seq} ({what}, {at}, {actor})",
        seq=a.get("seq"),
        what=act_text(a),
        at=a.get("at", "?"),
        actor=labels.actor_label(str(a.get("actor", "?"))),
    )


def damage_lost(damage: Damage, after_seq: int) -> str:
    """What a damaged journal tail held beyond ``after_seq``, in words."""
    acts = _salvaged_after(damage, after_seq)
    seqs = _unreadable_seqs(damage, acts, after_seq)
    parts = []
    if acts:
        parts.append(lost_lines(acts))
    if seqs:
        parts.append(_("unreadable actions {seqs}", seqs=join_list(f"#{n}" for n in seqs)))
    if not parts:
        parts.append(_("{n} unreadable bytes (no whole action)", n=damage.size))
    return join_sentences(parts)


def _salvaged_after(damage: Damage, after_seq: int) -> list[dict]:
    """The actions salvaged from the damaged bytes whose seq comes after ``after_seq``."""
    return [a for a in damage.salvaged if isinstance(a.get("seq"), int) and a["seq"] > after_seq]


def _unreadable_seqs(damage: Damage, acts: list[dict], after_seq: int) -> list[int]:
    """The seqs past ``after_seq`` the damage held but no salvaged action has
    (a seq itself damaged, '"seq":!4': the gap it leaves is named as unreadable)."""
    seqs = [s for s in damage.seqs if s > after_seq]
    known = {a["seq"] for a in acts} | set(seqs)
    if not known:
        return seqs
    return sorted(set(seqs) | {s for s in range(after_seq + 1, max(known)) if s not in known})


def damage_reason(code: str) -> str:
    """A :class:`~core.store.journal.Damage` reason in the user's language."""
    return {
        "no record header": _("no record header"),
        "cut short": _("cut short"),
        "checksum mismatch": _("checksum mismatch"),
        "not JSON": _("not JSON"),
        "not a list of actions": _("not a list of actions"),
        "seq out of order": _("seq out of order"),
        "not a lycee journal": _("not a lycee journal"),
    }.get(code, code)


def checkpoint_reason(code: str) -> str:
    """Why a checkpoint was not believed (:class:`~core.store.journal.CheckpointUnusable`), in words."""
    if code.startswith("does not decode"):
        return _("its content does not decode")
    return {
        "checksum mismatch": _("its checksum does not match its content"),
        "no checksum": _("it has no checksum of its content"),
        "written without a checksum": _("written by an older lycee, without a checksum of its content"),
        "a checkpoint without its event": _("it holds no event"),
    }.get(code, _("its content is incomplete ({what})", what=code))


@dataclass(frozen=True)
class Ignored:
    """A stored file that was not believed (a checkpoint or a backup), and why.
    ``damaged``: its own bytes do not check out (the user is told); else it
    is only of no use (an older format, another version of lycee, another
    state of the journal), named by ``lycee verify`` and ``lycee repair``."""

    path: Path
    reason: str
    damaged: bool = True
    #: Where a writer set a damaged checkpoint aside (``<name>.bad``), if it did.
    kept_as: str = ""

    def words(self) -> str:
        if self.kept_as:
            return _(
                "{file} was ignored: {reason}; set aside as {bad}, and the event was read from its journal",
                file=self.path,
                reason=self.reason,
                bad=self.kept_as,
            )
        if self.path.parent.name == "checkpoints":
            return _(
                "{file} was ignored: {reason}; the event was read from its journal", file=self.path, reason=self.reason
            )
        return _("{file} was ignored: {reason}", file=self.path, reason=self.reason)


def renamed_bad(ig: Ignored) -> Ignored:
    """A damaged checkpoint renamed ``<name>.bad`` (``<name>.N.bad`` when that is taken), said so; as it
    was when it cannot be renamed."""
    bad, n = ig.path.with_name(ig.path.name + ".bad"), 0
    while bad.exists():
        n += 1
        bad = ig.path.with_name(f"{ig.path.name}.{n}.bad")
    try:
        os.replace(ig.path, bad)
    except OSError:
        return ig
    return Ignored(ig.path, ig.reason, kept_as=bad.name)


def ignored_note(ignored: Sequence[Ignored]) -> str | None:
    """What a reader says of the damaged files it ignored (None when none)."""
    words = [i.words() for i in ignored if i.damaged]
    return join_sentences(words) if words else None


def join_notes(*notes: str | None) -> str | None:
    parts = [n for n in notes if n]
    return join_sentences(parts) if parts else None


class InvalidAction(LyceeError):
    """A stored action the rules refuse: names the file,
    the action and what is wrong, and what can be done."""

    def __init__(self, path: Path, act: dict, reason: str, event_id: str):
        self.path, self.act, self.reason = path, act, reason
        seq = act.get("seq")
        super().__init__(
            _(
                "{path}: action #{seq} ({what}) cannot be applied: {reason}. Reading commands show the event "
                "up to #{before}; `lycee log {id}` lists every action; to go on, restore a backup of the event "
                "from {backups}",
                path=path,
                seq=seq,
                what=lost_lines([act]),
                reason=reason,
                before=(seq or 1) - 1,
                id=event_id,
                backups=path.parent.parent / "backups",
            )
        )


class JournalDamaged(LyceeError):
    """A damaged record with intact records after it: a writer
    stops, nothing is changed, and ``lycee repair`` is named (only a torn
    last record, what a crash leaves, is cut without asking)."""

    def __init__(self, path: Path, event_id: str, data: bytes, damage: Damage):
        upto = scan(data)
        later, _spans = resync(data, damage.offset)
        self.position = len(upto.records) + 1
        self.before = upto.records[-1].actions[-1] if upto.records else None
        self.after = later[0].actions[0] if later else None
        self.intact_after = len(later)
        before = (
            _("the last good record before it ends with {entry}", entry=act_words(upto.records[-1].actions[-1]))
            if upto.records
            else _("no good record comes before it")
        )
        after = (
            _("{n} intact records follow it, from {entry}", n=len(later), entry=act_words(later[0].actions[0]))
            if later
            else _("nothing after it can be read")
        )
        super().__init__(
            _(
                "{path}: record {n} of the journal is damaged (byte {offset}: {reason}); {before}; {after}; "
                "nothing was changed; `lycee repair {id}` rebuilds the journal, keeping every intact record, "
                "naming each action it cannot recover and keeping the damaged file beside it",
                path=path,
                n=self.position,
                offset=damage.offset,
                reason=damage_reason(damage.reason),
                before=before,
                after=after,
                id=event_id,
            )
        )


def history_rows(acts: list[dict], query=None) -> list[dict]:
    """Audit-trail rows: each action with ``undone`` and its ``text``; with
    ``query`` (a TinyDB query, :func:`trail_query`) only the actions it
    matches (an undo still counts when it is not shown)."""
    undone = rules.undone_seqs(acts)
    rows = []
    for a in acts:
        if query is not None and not query(a):
            continue
        row = {**a, "undone": a["seq"] in undone, "text": _row_text(a)}
        if "data" in a:
            row["data"] = shown_data(str(a.get("type")), a["data"])  # a PIN's hash never leaves the journal
        rows.append(row)
    return rows


def _row_text(a: dict) -> str:
    """What action ``a`` did, in words (its kind when it cannot be described), a redo named as one."""
    try:
        text = rules.describe(a)
    except (KeyError, TypeError, ValueError, AttributeError):
        text = str(a.get("type"))
    if isinstance(a.get("redo"), int):  # a redo: the action again, after the undo it reverses
        text += _(" (redo of the undo #{seq})", seq=a["redo"])
    return text


def trail_query(kind: str | None = None, actor: str | None = None, round_number: int | None = None):
    """A TinyDB query over audit-trail rows (:func:`history_rows`, or stored
    actions): the actions of ``kind``, by ``actor``, of round ``round_number``
    (its ``data.round``), each when given; everything when none is."""
    row = Query()
    query = row.noop()
    if kind is not None:
        query &= row.type == kind
    if actor is not None:
        query &= row.actor == actor
    if round_number is not None:
        query &= row.data.round == round_number
    return query


def describe_batch(acts: list[dict]) -> str:
    if len(acts) == 1:
        return lost_lines(acts)
    return _("{n} actions (#{first}-#{last})", n=len(acts), first=acts[0]["seq"], last=acts[-1]["seq"])
