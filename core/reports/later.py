"""L-LATER: what a correction breaks, and what goes with it (issue 46; the
rule and the head judge's rulings are described in core/rules/rulings.py)."""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import LyceeError, RuleError
from core.event.model import Event
from core.i18n import _, join_list, join_sentences, ngettext
from core.log.actions import Announce, Unpair, replace_payload
from core.reports.explain import explain
from core.reports.judge import excuse_key, judge_event
from core.rules import apply
from core.rules.clock import stamp
from core.rules.rulings import ruling_of
from core.tournament.elimination import next_elimination_round, top_cut
from core.tournament.pairing import pair_swiss

__all__ = ["Later", "broken_by", "consequences", "later_actions"]


def findings_of(event: Event) -> list:
    """Every finding of the one judgement of ``event`` (ruled exceptions left out)."""

    return judge_event(event).report.findings


def broken_by(before: Event, after: Event) -> list:
    """The findings ``after`` has that ``before`` had not (L-LATER): the
    facts a change from ``before`` to ``after`` no longer supports."""
    had = {excuse_key(f.rule, f.path) for f in findings_of(before)}
    return [f for f in findings_of(after) if excuse_key(f.rule, f.path) not in had]


THEN = ("repair", "keep")


@dataclass(frozen=True)
class Later:
    """What a correction breaks (L-LATER): the later ``rounds`` (with the
    ``rules`` their findings cite) and, when it is the current round with no
    result and no clock yet, ``open_round``: the round that can be paired again."""

    round: int
    table: int
    rounds: tuple[int, ...]
    rules: tuple[str, ...]
    open_round: int | None
    findings: tuple

    def question(self) -> str:
        """The one question the app and the command line ask, naming the round and the choices."""
        where = _("the correction of round {r} table {t}", r=self.round, t=self.table)
        rounds = join_list([str(n) for n in self.rounds])
        if self.open_round is not None:
            question = _(
                "{what} changes what round {n} was paired from ({rules}); round {n} has no result yet. "
                "Pair round {n} again with the correction, or the head judge keeps it as paired?",
                what=where,
                n=self.open_round,
                rules=join_list(list(self.rules)),
            )
            return "\n".join((question, self.breaks()))
        question = ngettext(
            "{what} breaks round {rounds}, already paired ({rules}). The head judge keeps it as "
            "paired, or undo back to round {n} first?",
            "{what} breaks rounds {rounds}, already paired ({rules}). The head judge keeps them as "
            "paired, or undo back to round {n} first?",
            len(self.rounds),
            what=where,
            rounds=rounds,
            rules=join_list(list(self.rules)),
            n=self.rounds[0],
        )
        return "\n".join(
            (question, self.breaks(), _("Only a last round with no result and no clock yet is paired again."))
        )

    def breaks(self) -> str:
        """What the correction breaks, finding by finding (the round, the tables and the rule): the
        first three, and how many more."""
        shown = join_sentences([f.line(path=False) for f in self.findings[:3]])
        more = len(self.findings) - 3
        if more > 0:
            shown = _("{findings} (and {n} more)", findings=shown, n=more)
        return _("What breaks: {findings}", findings=shown)


def consequences(before: Event, after: Event, data) -> Later | None:
    """What the correction ``data`` (``after``: the event with it) breaks in
    later rounds, or None when nothing (L-LATER)."""
    if data.round >= len(before.rounds):
        return None
    broken = _broken_later(before, after, data.round)
    if not broken:
        return None
    later = _rounds_of(broken, len(before.rounds))
    return Later(
        data.round,
        data.table,
        later,
        tuple(sorted({f.rule for f in broken})),
        _open_round(later, before.rounds[-1]),
        tuple(broken),
    )


def _open_round(later: tuple[int, ...], last) -> int | None:
    """The round that can be paired again: the last one, when it is the only one broken and not started."""
    return last.number if later == (last.number,) and _untouched(last) else None


def _broken_later(before: Event, after: Event, rnd: int) -> list:
    """The findings the correction makes that fall after round ``rnd`` (or in no round)."""
    return [f for f in broken_by(before, after) if f.round is None or f.round > rnd]


def _rounds_of(broken: list, last: int) -> tuple[int, ...]:
    """The rounds the findings ``broken`` name (the last round when none names one)."""
    return tuple(sorted({f.round for f in broken if f.round is not None}) or [last])


def _untouched(rnd) -> bool:
    """A round not started: no clock and no result but byes."""
    return rnd.clock is None and not any(m.reported and not m.is_bye for m in rnd.matches)


def _where(data) -> str:
    return _("the correction of round {r} table {t}", r=data.round, t=data.table)


def later_actions(desk, before: Event, after: Event, data, then: str | None, by: str | None) -> list:
    """The actions that go with the correction ``data`` (``after``: the
    event with it) so that no later fact is left broken (L-LATER): none when
    nothing breaks; with ``then`` ``repair`` the later round paired again and
    announced; with ``keep`` the head judge's ruling.  Refused, naming both
    choices, when something breaks and ``then`` does not say which."""

    later_facts = consequences(before, after, data)
    if later_facts is None:
        return []
    later = list(later_facts.rounds)
    _check_then(then, data, later_facts)
    if then == "keep":
        return [("ruling", _keep_ruling(desk, list(later_facts.findings), later, data, by))]
    if later_facts.open_round is None:
        raise _not_again(later)
    return _repair_actions(desk, after, before.rounds[-1], data)


def _check_then(then: str | None, data, later: Later) -> None:
    """Refused: a correction that breaks ``later`` rounds without ``--then`` (naming
    both choices), or with a ``--then`` that is neither."""
    if then is None:
        raise _undecided(data, list(later.rounds), join_list(list(later.rules)), later.open_round, later.breaks())
    if then not in THEN:
        raise LyceeError(_("--then is repair or keep, not {x!r}", x=then))


def _not_again(later: list[int]) -> RuleError:
    """The refusal to pair the ``later`` rounds again: the first already has results (or its clock runs)."""
    return RuleError(
        _(
            "round(s) {rounds} cannot be paired again: round {n} already has results (or its clock runs); "
            "the head judge keeps them (--then keep --by HEAD_JUDGE) or undo back to round {n} (`lycee undo`)",
            rounds=join_list([str(n) for n in later]),
            n=later[0],
        ),
        "L-LATER",
    )


def _undecided(data, later: list[int], rules: str, open_number: int | None, breaks: str) -> RuleError:
    """The refusal of a correction that breaks later rounds without ``--then``
    (naming both choices, then what breaks); ``open_number``: the round without results, if it is the one broken."""
    return RuleError(join_sentences([_choices(data, later, rules, open_number), breaks]), "L-LATER")


def _choices(data, later: list[int], rules: str, open_number: int | None) -> str:
    """What :func:`_undecided` says of the choices."""
    if open_number is not None:
        return _(
            "{what} changes what round {n} was paired from ({rules}): round {n} has no result yet. "
            "Pair it again with the correction (--then repair) or the head judge keeps it as paired "
            "(--then keep --by HEAD_JUDGE)",
            what=_where(data),
            n=open_number,
            rules=rules,
        )
    return _(
        "{what} breaks round(s) {rounds}, already paired ({rules}): the head judge keeps them as paired "
        "(--then keep --by HEAD_JUDGE), or undo back to round {n} (`lycee undo`) and enter the correction then",
        what=_where(data),
        rounds=join_list([str(n) for n in later]),
        rules=rules,
        n=later[0],
    )


def _keep_ruling(desk, broken: list, later: list[int], data, by: str | None):
    """The head judge's ruling that keeps the broken rounds as played (``--by`` is required)."""
    if not by:
        raise RuleError(
            _(
                "keeping round(s) {rounds} as paired is the head judge's ruling: give --by HEAD_JUDGE",
                rounds=join_list([str(n) for n in later]),
            ),
            "G-HEAD-JUDGE",
        )
    return ruling_of(broken, by, _where(data), stamp(desk.now()))


def _pair_top_again(desk, bare: Event, last):
    """The pairing of elimination round ``last`` again: the cut itself when
    it was the first elimination round, else the bracket's next round."""
    if not any(r.stage == "top" for r in bare.rounds):
        size = _seated_count(last)
        return replace_payload(desk.pair_data(last.number, top_cut(bare, size), "top"), third_place=last.third_place)
    nxt = next_elimination_round(bare)
    if nxt is None:
        raise LyceeError(_("the elimination bracket is finished (G-SE)"))
    return desk.pair_data(last.number, nxt, "top")


def _seated_count(rnd) -> int:
    """The players seated in round ``rnd``'s matches."""
    return sum(1 for m in rnd.matches for p in (m.p1, m.p2) if p is not None)


def _pair_again(desk, bare: Event, last, seed: str):
    """The pairing of round ``last`` again on ``bare`` (the event without it): a Swiss round
    drawn with ``seed`` and explained, an elimination round from the bracket; a playoff is refused."""
    if last.stage == "swiss":
        matches = pair_swiss(bare, desk.rng_for(last.number, seed=seed))
        return desk.pair_data(last.number, matches, whys=explain(bare, matches, desk.seed_text(last.number, seed)))
    if last.stage == "top":
        return _pair_top_again(desk, bare, last)
    raise RuleError(_("a playoff is not paired again: undo it (`lycee undo`)"), "L-LATER")


def _repair_actions(desk, after: Event, last, data) -> list:
    """Round ``last`` (no result yet) taken back and paired again from ``after``, announced."""

    unpair = Unpair(round=last.number)
    bare = apply(after, {"type": "unpair", "data": unpair})
    pair = _pair_again(desk, bare, last, f"corrected-{data.round}-{data.table}")
    text = _(
        "Round {n} is paired again after a correction at round {r} table {t}: check your table",
        n=last.number,
        r=data.round,
        t=data.table,
    )
    return [("unpair", unpair), ("pair", pair), ("announce", Announce(text=text, at=stamp(desk.now()), by=desk.actor))]
