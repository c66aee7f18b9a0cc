"""Why each pairing of a Swiss round is what it is (the command line in README.md, ``pair --explain``).

:func:`explain` looks at a round just paired by :func:`core.tournament.pairing.pair_swiss`
and gives every table its reasons, as small tuples stored with the round
(``Match.why``, the pair action's ``"why"``), so the explanation printed
later is the one made when the round was paired:

- ``("bye", points, byes_before, tied)``: the bye went to the lowest-ranked
  eligible player among those with the fewest byes (``byes_before`` is that
  number, 0 = "without a bye"); ``tied`` > 1 when that many players were
  equally low and the seeded draw chose among them.
- ``("odd", player, points, count)``: ``player`` plays somebody of a lower
  score group because ``count`` players (an odd number) stand on ``points``
  or more: one of them has to play down (G-SWISS-PAIR-1).
- ``("met", player, x, y, round)``: ``player`` plays down although the
  players on its points or more are even in number: keeping the score groups
  to themselves would repeat the meeting of ``x`` and ``y`` in ``round``
  (G-SWISS-PAIR-2).  One entry per such meeting.
- ``("chain", player)``: ``player`` plays down (an even number above) so
  that the groups below can be paired without a rematch, where no single
  meeting names the reason.
- ``("rematch", round)``: the pair already met in ``round``; no pairing of
  the round without a rematch existed (G-SWISS-PAIR-2).
- ``("apart_kept", x, y)``: keep apart acted here: the same draw without
  the keep-apart pairs (``Event.apart``) would have paired ``x`` and ``y``,
  who are kept apart; one entry on the table of each of them.
- ``("apart_made", why)``: the pair is kept apart but had to be made;
  ``why`` says what avoiding every such pair would cost: ``"rematch"`` (a
  rematch, G-SWISS-PAIR-2), ``"points"`` (more players paired outside their
  score group, G-SWISS-PAIR-1), ``"gap"`` (larger point differences) or
  ``"none"`` (no pairing of the round avoids more of them without a
  rematch).  Keep apart ranks
  below all of these (core.tournament.pairing).
- ``("draw", seed)``: everything the rules leave open (who meets whom inside
  a score group, who floats) was drawn with the seeded random number
  generator ``seed`` (criterion d; round 1 entirely).

:func:`why_text` turns them into one line in the current language.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from core.event.model import Event
from core.i18n import _, join_list, join_sentences, language
from core.tournament.pairing import pair_swiss, pairing_cost
from core.tournament.standings import Ledger

__all__ = ["explain", "why_text", "why_lines", "is_cross_group"]


def _points_and_meetings(event: Event):
    """Swiss points and byes as the pairing sees them, and earlier meetings."""

    led = Ledger.of(event)
    pts = {pid: led.points[i] for pid, i in led.index.items()}
    byes = {pid: led.byes[i] for pid, i in led.index.items()}
    if not led.uncounted:  # the ledger's opponents hold every Swiss meeting
        return led, pts, byes, _Meetings(event, led)
    return led, pts, byes, _swiss_meetings(event)


def _swiss_meetings(event: Event) -> dict[tuple[str, str], int]:
    """{(a, b): round} of every Swiss meeting, both ways."""
    met: dict[tuple[str, str], int] = {}
    for n, m in _swiss_pairs(event):
        met[(m.p1, m.p2)] = met[(m.p2, m.p1)] = n
    return met


def _swiss_pairs(event: Event) -> Iterator[tuple[int, Any]]:
    """(round number, match) of every Swiss match of two players, in the order of the rounds."""
    for rnd in event.rounds:
        if rnd.stage == "swiss":
            yield from ((rnd.number, m) for m in rnd.matches if m.p2 is not None)


class _Meetings:
    """The earlier Swiss meetings as :func:`explain` asks for them: ``(a, b)
    in met`` and ``met[(a, b)]``, the last round ``a`` and ``b`` met in, as
    the mapping of every pair (20,480 entries at 2,048 players after 10
    rounds) gives them.  Who met whom is the ledger's opponents (every Swiss
    match of two players, in the order of the rounds); the rounds they were
    in are counted when a meeting's round is first asked for."""

    __slots__ = ("event", "index", "opps", "rounds")

    def __init__(self, event: Event, led):
        self.event = event
        self.index = led.index
        self.opps = led.opps
        self.rounds: list[list[int]] | None = None

    def __contains__(self, pair: tuple[str, str]) -> bool:
        i, j = self.index.get(pair[0]), self.index.get(pair[1])
        return i is not None and j is not None and j in self.opps[i]

    def get(self, pair: tuple[str, str], default: int | None = None) -> int | None:
        if pair not in self:
            return default
        return self[pair]

    def __getitem__(self, pair: tuple[str, str]) -> int:
        if pair not in self:
            raise KeyError(pair)
        i, j = self.index[pair[0]], self.index[pair[1]]
        opps = self.opps[i]
        if self.rounds is None:
            self.rounds = self._rounds()
        return self.rounds[i][len(opps) - 1 - opps[::-1].index(j)]  # the last time they met

    def _rounds(self) -> list[list[int]]:
        """Each player's rounds, one for each of their opponents in the ledger."""
        out: list[list[int]] = [[] for _ in self.opps]
        index = self.index
        for n, m in _swiss_pairs(self.event):
            out[index[m.p1]].append(n)
            out[index[m.p2]].append(n)
        return out


def _bye_ties(event: Event, led, pid: str, cands: list[str]) -> int:
    """How many of ``cands`` rank exactly as low as ``pid`` (points and the
    tiebreaker chain): more than one means the seeded draw chose."""
    fig = led.figures()
    chain = tuple(event.tiebreakers)
    key = fig.key(chain, led.points, led.index[pid])
    return sum(1 for x in cands if fig.key(chain, led.points, led.index[x]) == key)


def explain(event: Event, matches, seed: str) -> tuple[tuple[tuple, ...], ...]:
    """Reasons for each of ``matches`` (the next Swiss round of ``event``,
    in the same order), as the module docstring lists them."""
    rnd = _explained(event, matches, seed)
    return tuple(rnd.bye(m.p1) if m.p2 is None else rnd.table(m) for m in matches)


def _explained(event: Event, matches, seed: str) -> _Explained:
    """What the reasons of one round are read from: points, byes, meetings, keep-apart, who is paired."""
    led, pts, byes, met = _points_and_meetings(event)
    kept, made = _apart_reasons(event, matches, seed)
    paired = [x for m in _two_player(matches) for x in (m.p1, m.p2)]
    return _Explained(
        event,
        matches,
        seed,
        led,
        pts,
        byes,
        met,
        kept,
        made,
        paired,
        sorted(pts.get(x, 0) for x in paired),
        _bye_holders(matches),
    )


def _bye_holders(matches) -> list[str]:
    """The players of ``matches`` who have the bye."""
    return [m.p1 for m in matches if m.p2 is None]


def _two_player(matches) -> list:
    """The matches of two players (not the byes)."""
    return [m for m in matches if m.p2 is not None]


@dataclass
class _Explained:
    """The round being explained and what its reasons are read from."""

    event: Event
    matches: list
    seed: str
    led: Ledger
    pts: dict
    byes: dict
    met: dict
    kept: dict
    made: dict
    paired: list
    paired_points: list  # sorted: how many stand on n or more is one bisect
    bye_ids: list

    def bye(self, p: str) -> tuple[tuple, ...]:
        fewest = self.byes.get(p, 0)
        low = [x for x in self.paired + self.bye_ids if self.byes.get(x, 0) == fewest]
        return (("bye", self.pts.get(p, 0), fewest, _bye_ties(self.event, self.led, p, low)),)

    def table(self, m) -> tuple[tuple, ...]:
        a, b = m.p1, m.p2
        if self.pts.get(b, 0) > self.pts.get(a, 0):
            a, b = b, a
        why: list[tuple] = []
        r = self.met.get((a, b))
        if r is not None:
            why.append(("rematch", r))
        why += self._apart(m)
        why += self._across(a, b)
        why.append(("draw", self.seed))
        return tuple(why)

    def _apart(self, m) -> list[tuple]:
        """What keep apart did at the table: the pair made although kept apart, and the
        kept-apart pairs the draw would have given its players."""
        why: list[tuple] = []
        pair = frozenset((m.p1, m.p2))
        if pair in self.made:
            why.append(("apart_made", self.made[pair]))
        for pid in (m.p1, m.p2):
            why.extend(("apart_kept", x, y) for x, y in self.kept.get(pid, ()))
        return why

    def _across(self, a: str, b: str) -> list[tuple]:
        """Why a table crosses score groups: an odd group, the opponents met, or the chain."""
        hi = self.pts.get(a, 0)
        if hi == self.pts.get(b, 0):
            return []
        count = len(self.paired_points) - bisect_left(self.paired_points, hi)  # the paired on hi points or more
        if count % 2:
            return [("odd", a, hi, count)]
        seen = _blocking(a, b, self.matches, self.pts, self.met, self.paired)
        if seen:
            return [("met", a, x, y, rnd) for x, y, rnd in seen]
        return [("chain", a)]


def _apart_reasons(event: Event, matches, seed: str):
    """What keep apart did in ``matches``: the apart pairs the same draw
    would have made without it (player -> [(x, y)], only for pairs both of
    whom play this round), and the apart pairs made with what avoiding them
    would have cost (pair -> "rematch" | "points" | "gap" | "none")."""
    if not event.apart:
        return {}, {}

    apart = {frozenset(x) for x in event.apart}
    pairs = {frozenset(m.players()) for m in _two_player(matches)}
    return _kept_apart(event, seed, apart, pairs), _made_apart(event, matches, seed, pairs & apart)


def _made_apart(event: Event, matches, seed: str, made_pairs: set[frozenset]) -> dict:
    """Each apart pair made, with what avoiding them would have cost (one answer for all)."""
    if not made_pairs:
        return {}
    why = _apart_cost(event, matches, seed)
    return {p: why for p in made_pairs}


def _kept_apart(event: Event, seed: str, apart: set[frozenset], pairs: set[frozenset]) -> dict:
    """Player -> the apart pairs the same draw would have made without keep apart."""
    kept: dict[str, list[tuple[str, str]]] = {}
    for m in pair_swiss(event, random.Random(seed), apart=()):
        key = frozenset(m.players())
        if m.p2 is not None and key in apart and key not in pairs:
            x, y = sorted(key)
            kept.setdefault(x, []).append((x, y))
            kept.setdefault(y, []).append((x, y))
    return kept


def _apart_cost(event: Event, matches, seed: str) -> str:
    """What avoiding the apart pairs made would have cost: "none", "rematch", "points" or "gap"."""
    now = pairing_cost(event, matches)
    alt = pairing_cost(event, pair_swiss(event, random.Random(seed), apart_first=True))
    if alt.apart >= now.apart:
        return "none"
    if alt.rematches > now.rematches:
        return "rematch"
    if alt.floats != now.floats:
        return "points"
    return "gap"


def _across(a: str, b: str, m, pts, met) -> list[tuple[str, str, int]]:
    """The meetings that keep ``a`` v ``c`` and ``b`` v ``d`` from replacing
    the pairs ``a`` v ``b`` and ``c`` v ``d`` (``m``) across the same two
    groups; none when ``m`` is not across them."""
    c, d = _higher_first(m, pts)
    if (pts.get(c, 0), pts.get(d, 0)) != (pts.get(a, 0), pts.get(b, 0)):
        return []
    return [(x, y, met[(x, y)]) for x, y in ((a, c), (b, d)) if (x, y) in met]


def _higher_first(m, pts) -> tuple[str, str]:
    """The match's two players, the one with more points first (player 1 when equal)."""
    return (m.p1, m.p2) if pts.get(m.p1, 0) >= pts.get(m.p2, 0) else (m.p2, m.p1)


def _blocking(a: str, b: str, matches, pts, met, paired) -> list[tuple[str, str, int]]:
    """The earlier meetings that keep ``a`` from staying in its score group.

    First from another table across the same two groups, ``c`` v ``d``: the
    pairs ``a`` v ``c`` and ``b`` v ``d`` would keep both groups to
    themselves, and the meetings among them are what prevent it.  Else the
    players of ``a``'s group that ``a`` has met."""
    for m in matches:
        if m.p2 is None or {m.p1, m.p2} == {a, b}:
            continue
        seen = _across(a, b, m, pts, met)
        if seen:
            return seen
    return _met_in_group(a, pts, met, paired)


def _met_in_group(a: str, pts, met, paired) -> list[tuple[str, str, int]]:
    """The players of ``a``'s score group ``a`` has met (a, x, round), earliest first."""
    seen = [(a, x, met[(a, x)]) for x in _group_mates(a, pts, paired) if (a, x) in met]
    return sorted(seen, key=lambda t: (t[2], t[1]))


def _group_mates(a: str, pts, paired) -> list[str]:
    """The other paired players on ``a``'s points."""
    hi = pts.get(a, 0)
    return [x for x in paired if x != a and pts.get(x, 0) == hi]


def is_cross_group(why) -> bool:
    """Whether the reasons explain a pair across score groups, a rematch, a
    bye or a keep-apart."""
    return any(r[0] in ("odd", "met", "chain", "rematch", "bye", "apart_kept", "apart_made") for r in why)


def why_text(event: Event, why, with_draw: bool = True) -> str:
    """The reasons as one line in the current language ('' when there are none)."""
    if with_draw and _only_the_draw(why):
        return _draw_text(event, why)
    return join_sentences(why_lines(event, why, with_draw))


def _only_the_draw(why) -> bool:
    """The one reason is the seeded draw (a table inside its score group)."""
    return len(why) == 1 and why[0][0] == "draw" and isinstance(why[0][1], str)


def _draw_text(event: Event, why) -> str:
    """The line of a table whose one reason is the draw: most tables say the same,
    so one text for a round (its seed), not one a table."""
    key = (language(), why[0][1])
    text = _DRAW_TEXT.get(key)
    if text is None:
        _DRAW_TEXT.clear()
        text = _DRAW_TEXT[key] = join_sentences(why_lines(event, why, True))
    return text


#: The line of the last seed's drawn tables, by (language, seed).
_DRAW_TEXT: dict[tuple[str, str], str] = {}


def why_lines(event: Event, why, with_draw: bool = True) -> list[str]:
    """The reasons, one sentence each, in the current language."""

    def name(pid: str) -> str:
        return event.player(pid).name if event.has_player(pid) else pid

    parts = [
        _("{name} plays down so that no rematch is needed further down (G-SWISS-PAIR-2)", name=name(r[1]))
        for r in _of_kind(why, "chain")
    ]
    parts += [_SENTENCES[r[0]](r, name) for r in why if r[0] in _SENTENCES]
    parts += _rematch_sentences(why, name)
    return parts + _draw_sentences(why, first=not parts) if with_draw else parts


def _draw_sentences(why, first: bool) -> list[str]:
    """The draw's sentence of each seed (``first``: the draw is the only reason)."""
    out: list[str] = []
    for r in _of_kind(why, "draw"):
        out.append(_draw_sentence(r[1], first=first and not out))
    return out


def _of_kind(why, kind: str) -> list:
    """The reasons of one ``kind`` ("chain", "draw" ...), in order."""
    return [r for r in why if r[0] == kind]


def _rematch_sentences(why, name: Callable[[str], str]) -> list[str]:
    """One sentence a player who plays down to avoid rematches, naming the meetings."""
    met_of: dict[str, list[str]] = {}
    for r in why:
        if r[0] == "met":
            _k, pid, x, y, rnd = r
            met_of.setdefault(pid, []).append(_("{a} and {b} met in round {r}", a=name(x), b=name(y), r=rnd))
    return [
        _(
            "{name} plays down to avoid a rematch: {whom} (G-SWISS-PAIR-2)",
            name=name(pid),
            whom=join_list(seen, words=True),
        )
        for pid, seen in met_of.items()
    ]


def _draw_sentence(seed: str, first: bool) -> str:
    """What the seeded draw decided: the whole group when it is the only reason, else the rest."""
    if first:
        return _("same score group, chosen by the seeded draw (seed {seed})", seed=seed_words(seed))
    return _("the rest by the seeded draw (seed {seed})", seed=seed_words(seed))


def seed_words(seed: str) -> str:
    """A round's draw seed as people read it: ``EVENT:ROUND:EXTRA`` (core.desk's seed_text, which
    the random generator takes as it is) as 「20261206-223b 第1回戦」 / "20261206-223b round 1", an
    extra seed given to ``pair --seed`` after a plus; any other seed unchanged."""
    event, _sep, rest = seed.partition(":")
    number, sep, extra = rest.partition(":")
    if not sep or not number.isdigit():
        return seed
    words = _("{id} round {r}", id=event, r=int(number))
    return f"{words} + {extra}" if extra else words


def _bye_text(r: tuple, name) -> str:
    _k, points, before, tied = r
    if before == 0:
        text = _("bye: the lowest-ranked eligible player without a bye ({points} points)", points=points)
    else:
        text = _(
            "bye: every eligible player had {n} bye(s); the lowest-ranked of them ({points} points)",
            n=before,
            points=points,
        )
    if tied > 1:
        text = join_sentences([text, _("drawn among {k} equally ranked players", k=tied)])
    return text


def _odd_text(r: tuple, name) -> str:
    _k, pid, points, count = r
    return _(
        "{name} plays down: {n} players on {points} points or more, an odd number (G-SWISS-PAIR-1)",
        name=name(pid),
        n=count,
        points=points,
    )


def _rematch_text(r: tuple, name) -> str:
    return _("rematch of round {r}: no pairing of this round avoids every rematch (G-SWISS-PAIR-2)", r=r[1])


def _apart_kept_text(r: tuple, name) -> str:
    return _(
        "keep apart: the same draw would have paired {a} with {b}; they are kept apart", a=name(r[1]), b=name(r[2])
    )


def _apart_made_text(why: str) -> str:
    if why == "none":
        return _("kept apart, but paired: no pairing of this round keeps them apart without a rematch")
    if why == "rematch":
        return _("kept apart, but paired: keeping them apart would need a rematch (G-SWISS-PAIR-2 comes first)")
    if why == "points":
        return _(
            "kept apart, but paired: keeping them apart would pair more players outside their score group "
            "(G-SWISS-PAIR-1 comes first)"
        )
    return _(
        "kept apart, but paired: keeping them apart would need larger point differences "
        "(the points order, G-SWISS-PAIR-1, comes first)"
    )


def _apart_made_reason(r: tuple, name) -> str:
    return _apart_made_text(r[1])


#: the sentence of each kind of reason (``met`` and ``chain`` are gathered apart, ``draw`` comes last)
_SENTENCES = {
    "bye": _bye_text,
    "odd": _odd_text,
    "rematch": _rematch_text,
    "apart_kept": _apart_kept_text,
    "apart_made": _apart_made_reason,
}


def why_from_data(data) -> tuple[tuple, ...]:
    """Stored reasons (JSON lists) back as tuples."""
    return tuple(tuple(r) for r in (data or ()))
