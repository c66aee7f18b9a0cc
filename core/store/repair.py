"""Rebuilding a journal damaged in the middle (``lycee repair``,
:meth:`core.store.datadir.DataDir.repair_journal`): its intact start or a
backup, then every intact record after the damage that still applies, a
``lost`` action keeping the seq of each one that cannot be recovered."""

from __future__ import annotations

from dataclasses import dataclass, field

from core import rules
from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _, join_sentences
from core.names import visible
from core.store.journal import (
    MAGIC,
    Damage,
    Record,
    Scan,
    encode_record,
    resync,
    salvage,
    scan,
)
from core.store.replay import dumps_act, fold
from core.store.trail import damage_lost, lost_lines


@dataclass
class Rebuilt:
    """A journal rebuilt by :func:`rebuild` (nothing written yet)."""

    data: bytes
    event: Event
    base: str  # "" (the journal's own intact start) or the backup's file name
    kept: int  # actions kept as they were written
    shared: int  # bytes at the start of the new journal that are the old one's (or the backup's)
    #: Placeholder ``lost`` actions written where actions could not be recovered.
    lost: list[dict] = field(default_factory=list)
    #: Words for damage after the last record kept (no seq to hold there), or "".
    lost_tail: str = ""
    #: Intact records that could not be placed (seqs out of order), in words.
    misplaced: list[str] = field(default_factory=list)

    def lost_list(self) -> list[str]:
        """Every action not recovered, one a line (seq, kind, time, actor, why)."""
        out = [_lost_line(p) for p in self.lost]
        out.extend(self.misplaced)
        if self.lost_tail:
            out.append(self.lost_tail)
        return out

    def lost_words(self, shown: int = 10) -> str:
        """:meth:`lost_list` for a message: the first ``shown``, then how many more."""
        out = self.lost_list()
        if not out:
            return _("nothing")
        if len(out) > shown:
            return _(
                "{lost}; … and {n} more (`lycee log` names each)", lost=join_sentences(out[:shown]), n=len(out) - shown
            )
        return join_sentences(out)


def rebuild(data: bytes, backups: list[tuple[str, bytes]], at: str, broken: str = "") -> Rebuilt:
    """A damaged journal rebuilt: its intact start, or a backup
    (``(name, bytes)``, the best first) that agrees with every intact record
    and reaches further, then every intact record after the damage that
    still applies, in order, through the rules.  Where actions cannot be
    recovered (damaged bytes between intact records, or an intact record the
    rules now refuse) a ``lost`` action keeps each seq (:mod:`core.rules.repair`).
    Raises LyceeError when no event can be rebuilt at all."""
    head = scan(data)
    start = head.damage.offset if head.damage is not None else len(data)
    later, spans = resync(data, start)
    last_end = max((r.end for r in later), default=start)  # (the last intact record in the file)
    # every intact record is placed by its own numbers, wherever it sits in the file (two lines
    # swapped, a record written back out of place): in sequence order, the file's order between equals
    later.sort(key=lambda r: r.actions[0]["seq"])
    work = Rebuilding(data, at, broken, spans)
    work.start(head, later, backups)
    for r in later:
        work.place(r)
    return work.done(last_end)


class Rebuilding:
    """The steps of :func:`rebuild`: the new journal's bytes as they grow,
    the actions it holds and the event they fold to."""

    def __init__(self, data: bytes, at: str, broken: str, spans: list[tuple[int, int]]):
        self.data, self.at, self.broken, self.spans = data, at, broken, spans
        self.out = bytearray()
        self.acts: list[dict] = []
        self.event: Event | None = None
        self.base_name, self.shared, self.kept = "", 0, 0
        self.intact: dict[int, str] = {}
        self.placeholders: list[dict] = []
        self.misplaced: list[str] = []
        #: seq -> what damaged bytes still show of it (untrusted)
        self.seen: dict[int, dict] = {}
        for a0, a1 in spans:
            got, _seqs = salvage(data[a0:a1], 0)
            for a in got:
                self.seen.setdefault(a["seq"], a)

    def start(self, head: Scan, later: list[Record], backups: list[tuple[str, bytes]]) -> None:
        """Begin from the journal's intact start, or from the first backup that
        agrees with every intact record and reaches further."""
        self.intact = {a["seq"]: dumps_act(a) for r in head.records + later for a in r.actions}
        self.base_name, base_bytes, acts = self._base(head, backups)
        event, bad, why = fold(None, acts, rules.undone_seqs(acts))
        if bad is not None:  # the intact start itself is refused: InvalidAction's case, not damage
            raise LyceeError(_("the journal's intact start does not replay ({why}); nothing was changed", why=why))
        self.event, self.acts, self.kept = event, list(acts), len(acts)
        self.out += base_bytes or MAGIC
        self.shared = len(base_bytes)

    def _base(self, head: Scan, backups: list[tuple[str, bytes]]) -> tuple[str, bytes, list[dict]]:
        """What to start from: (the backup's name, its bytes, its actions) of the first
        backup that :meth:`agrees`, else ("", the journal's intact start, its actions)."""
        for name, raw in backups:
            b = scan(raw)
            if self.agrees(b, head.last_seq):
                return name, raw, b.actions
        return "", self.data[: head.end], head.actions

    def agrees(self, backup: Scan, last_seq: int) -> bool:
        """Whether ``backup`` is whole, reaches past ``last_seq`` and holds every
        intact action as the journal does."""
        if backup.damage is not None or not backup.records or backup.last_seq <= last_seq:
            return False
        return all(self.intact.get(a["seq"], t) == t for a in backup.actions for t in (dumps_act(a),))

    def lost(self, seq: int, why: str, was: dict, reason: str = "") -> dict:
        """A ``lost`` placeholder keeping ``seq`` (core.rules.repair)."""
        d: dict = {"why": why, "was": was, "repair": self.at}
        if self.broken:
            d["kept_in"] = self.broken
        if reason:
            d["reason"] = reason
        return {"seq": seq, "at": self.at, "actor": "repair", "type": "lost", "v": rules.ACTION_FORMAT, "data": d}

    def hold(self, gone: list[dict]) -> None:
        """Write placeholders in the new journal."""
        self.placeholders.extend(gone)
        self.acts.extend(gone)
        self.out += encode_record(gone)

    def place(self, r: Record) -> None:
        """One intact record after the damage: kept when the rules still take
        it, else a placeholder for each of its actions; a gap before it (what
        damaged bytes held) gets placeholders too."""
        first, nxt = r.actions[0]["seq"], (self.acts[-1]["seq"] if self.acts else 0) + 1
        if self._already_there(r, nxt):
            return  # already there (in the backup used)
        if first < nxt:
            self.misplaced.append(_("{acts}: intact, but its numbers are out of order", acts=lost_lines(r.actions)))
            return
        self._fill_gap(nxt, first)
        self._keep_or_refuse(r)

    def _fill_gap(self, nxt: int, first: int) -> None:
        """Placeholders for the actions damaged bytes held, between ``nxt`` and ``first``."""
        if first > nxt:
            self.hold([self.lost(s, "damaged", self.glimpse(s)) for s in range(nxt, first)])

    def _keep_or_refuse(self, r: Record) -> None:
        """Keep ``r`` when the rules still take it, else a placeholder for each of its actions."""
        reason = self.undo_reason(r) or self.keep(r)
        if reason:
            self.hold([self.lost(a["seq"], "refused", a, reason) for a in r.actions])

    def _already_there(self, r: Record, nxt: int) -> bool:
        """Whether every action of ``r`` is already in the new journal, the same (from the backup used)."""
        return r.actions[-1]["seq"] < nxt and all(self.intact.get(a["seq"]) == dumps_act(a) for a in r.actions)

    def glimpse(self, seq: int) -> dict:
        """What damaged bytes still show of action ``seq``: its kind, time and actor, made visible."""
        return {k: visible(v) for k in ("type", "at", "actor") if isinstance(v := self.seen.get(seq, {}).get(k), str)}

    def undo_reason(self, r: Record) -> str:
        """Why an undo of ``r`` can no longer hold ("" when each does)."""
        reason = ""
        for i, a in enumerate(r.actions):
            if a.get("type") == "undo":
                reason = self._undo_refusal(self.acts + r.actions[:i], a) or reason
        return reason

    def _undo_refusal(self, before: list[dict], undo: dict) -> str:
        """Why ``undo``, after the actions ``before``, no longer holds ("" when it does)."""
        target = undo["data"].get("target") if isinstance(undo.get("data"), dict) else None
        if target in {p["seq"] for p in self.placeholders} - rules.undone_seqs(before):
            return ""  # it took back an action now lost: it still holds (and changes nothing)
        try:
            if rules.undo_target(before)["seq"] != target:
                return _("it undoes an action that is not the newest in force")
        except (LyceeError, KeyError, TypeError):
            return _("it undoes an action that is not there")
        return ""

    def keep(self, r: Record) -> str:
        """Keep ``r`` as it was written when the rules take it: "" then, else why not."""
        trial = self.acts + r.actions
        if any(a.get("type") == "undo" for a in r.actions):
            ev2, bad, reason = fold(None, trial, rules.undone_seqs(trial))
        else:
            ev2, bad, reason = fold(self.event, r.actions, set())
        if bad is not None or ev2 is None:
            return reason
        self.event, self.acts = ev2, trial
        self.kept += len(r.actions)
        self.out += self.data[r.start : r.end - 1] + b"\n"  # its newline may be what was damaged
        return ""

    def done(self, last_end: int) -> Rebuilt:
        """The rebuilt journal, checked to replay whole (never write one that does not open)."""
        tail = self._lost_tail(last_end)
        if self.event is None:
            raise LyceeError(
                _(
                    "nothing of the event can be rebuilt: neither the journal nor a backup holds its "
                    "creation intact; nothing was changed"
                )
            )
        check, bad, why = fold(None, self.acts, rules.undone_seqs(self.acts))
        if bad is not None or check is None:
            raise LyceeError(_("the rebuilt journal does not replay ({why}); nothing was changed", why=why))
        return Rebuilt(
            bytes(self.out), check, self.base_name, self.kept, self.shared, self.placeholders, tail, self.misplaced
        )

    def _lost_tail(self, last_end: int) -> str:
        """Words for damaged bytes after the last intact record (``last_end``), or ""."""
        trailing = [sp for sp in self.spans if sp[0] >= last_end]
        if not trailing:
            return ""
        a0 = trailing[0][0]
        got, seqs = salvage(self.data[a0:], 0)
        damage = Damage(a0, len(self.data) - a0, "", got, seqs)
        return damage_lost(damage, self.acts[-1]["seq"] if self.acts else 0)


def _lost_line(p: dict) -> str:
    """One placeholder's line: an intact action the rules refuse now (and why), or what damaged bytes showed."""
    d = p["data"]
    was = d.get("was") or {}
    if d.get("why") == "refused":
        return _(
            "{what}: intact, but it no longer applies ({reason})",
            what=lost_lines([was]),
            reason=d.get("reason", ""),
        )
    what = " ".join(str(was[k]) for k in ("type", "at", "actor") if isinstance(was.get(k), (str, int)))
    return _("#{seq} {what}: damaged", seq=p["seq"], what=what or _("an unreadable action"))
