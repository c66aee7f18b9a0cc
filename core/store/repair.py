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
        out = []
        for p in self.lost:
            d = p["data"]
            was = d.get("was") or {}
            if d.get("why") == "refused":
                out.append(
                    _(
                        "{what}: intact, but it no longer applies ({reason})",
                        what=lost_lines([was]),
                        reason=d.get("reason", ""),
                    )
                )
            else:
                what = " ".join(str(was[k]) for k in ("type", "at", "actor") if isinstance(was.get(k), (str, int)))
                out.append(_("#{seq} {what}: damaged", seq=p["seq"], what=what or _("an unreadable action")))
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
    intact = {a["seq"]: dumps_act(a) for r in head.records + later for a in r.actions}
    base_name, base_bytes, acts = "", data[: head.end], head.actions
    for name, raw in backups:
        b = scan(raw)
        if (
            b.damage is not None
            or not b.records
            or b.last_seq <= head.last_seq
            or any(intact.get(a["seq"], t) != t for a in b.actions for t in (dumps_act(a),))
        ):
            continue
        base_name, base_bytes, acts = name, raw, b.actions
        break
    event, bad, why = fold(None, acts, rules.undone_seqs(acts))
    if bad is not None:  # the intact start itself is refused: InvalidAction's case, not damage
        raise LyceeError(_("the journal's intact start does not replay ({why}); nothing was changed", why=why))
    out = bytearray(base_bytes or MAGIC)
    acts = list(acts)
    kept = len(acts)
    seen: dict[int, dict] = {}  # seq -> what damaged bytes still show of it (untrusted)
    for a0, a1 in spans:
        got, _seqs = salvage(data[a0:a1], 0)
        for a in got:
            seen.setdefault(a["seq"], a)

    def lost(seq: int, why: str, was: dict, reason: str = "") -> dict:
        d: dict = {"why": why, "was": was, "repair": at}
        if broken:
            d["kept_in"] = broken
        if reason:
            d["reason"] = reason
        return {"seq": seq, "at": at, "actor": "repair", "type": "lost", "v": rules.ACTION_FORMAT, "data": d}

    placeholders: list[dict] = []
    misplaced: list[str] = []
    for r in later:
        first, nxt = r.actions[0]["seq"], (acts[-1]["seq"] if acts else 0) + 1
        if r.actions[-1]["seq"] < nxt and all(intact.get(a["seq"]) == dumps_act(a) for a in r.actions):
            continue  # already there (in the backup used)
        if first < nxt:
            misplaced.append(_("{acts}: intact, but its numbers are out of order", acts=lost_lines(r.actions)))
            continue
        if first > nxt:  # damaged bytes held these
            gap = [
                lost(
                    s,
                    "damaged",
                    {k: visible(v) for k in ("type", "at", "actor") if isinstance(v := seen.get(s, {}).get(k), str)},
                )
                for s in range(nxt, first)
            ]
            placeholders.extend(gap)
            acts.extend(gap)
            out += encode_record(gap)
        trial = acts + r.actions
        reason = ""
        for a in r.actions:
            if a.get("type") == "undo":
                before = acts + r.actions[: r.actions.index(a)]
                target = a["data"].get("target") if isinstance(a.get("data"), dict) else None
                if target in {p["seq"] for p in placeholders} - rules.undone_seqs(before):
                    continue  # it took back an action now lost: it still holds (and changes nothing)
                try:
                    if rules.undo_target(before)["seq"] != target:
                        reason = _("it undoes an action that is not the newest in force")
                except (LyceeError, KeyError, TypeError):
                    reason = _("it undoes an action that is not there")
        if not reason:
            if any(a.get("type") == "undo" for a in r.actions):
                ev2, bad, reason = fold(None, trial, rules.undone_seqs(trial))
            else:
                ev2, bad, reason = fold(event, r.actions, set())
            if bad is None and ev2 is not None:
                event, acts = ev2, trial
                kept += len(r.actions)
                out += data[r.start : r.end - 1] + b"\n"  # its newline may be what was damaged
                continue
        gone = [lost(a["seq"], "refused", a, reason) for a in r.actions]
        placeholders.extend(gone)
        acts.extend(gone)
        out += encode_record(gone)
    tail = ""
    trailing = [sp for sp in spans if sp[0] >= last_end]
    if trailing:
        a0 = trailing[0][0]
        got, seqs = salvage(data[a0:], 0)
        tail = damage_lost(Damage(a0, len(data) - a0, "", got, seqs), acts[-1]["seq"] if acts else 0)
    if event is None:
        raise LyceeError(
            _(
                "nothing of the event can be rebuilt: neither the journal nor a backup holds its "
                "creation intact; nothing was changed"
            )
        )
    check, bad, why = fold(None, acts, rules.undone_seqs(acts))
    if bad is not None or check is None:  # never write a journal that does not open
        raise LyceeError(_("the rebuilt journal does not replay ({why}); nothing was changed", why=why))
    return Rebuilt(bytes(out), check, base_name, kept, len(base_bytes), placeholders, tail, misplaced)
