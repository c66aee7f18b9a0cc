"""The recorded result of each match, as the independent checker
(core/reports/verify.py) reads it: whether the games fit the match type
(G-BO3, G-BO1, G-ID-1), the outcome is what the games give (G-BO3-TIME,
G-TIME), an elimination match names a winner (G-SE), a bye is a 2-0 win
(G-SWISS-POINTS), a double loss is unplayed (G-LATE-1); and a match that
names no winner where its stage needs one (G-ID-3)."""

from __future__ import annotations

from dataclasses import dataclass

from core import labels
from core.i18n import _
from core.reports.verify_base import bracket_matches

__all__ = ["no_winner_problem", "outcome_label", "result_problem"]

Problem = tuple[str, str] | None  # (rule, message), or None when the result stands


def outcome_label(out, p1: str = "", p2: str = "") -> str:
    """A stored outcome in words (core.labels.match_outcome_label: 「プレイヤー1の勝ち」,
    「引き分け」), never the code p1/draw; a value that is no outcome is shown as written."""
    if out in ("p1", "p2", "draw", "bye", "double_loss"):
        return labels.match_outcome_label(out, p1, p2)
    return _("no result") if out is None else repr(out)


@dataclass(frozen=True)
class _Recorded:
    """One match's recorded result: its games, the score in words, who played."""

    m: dict
    out: object
    w1: int
    w2: int
    d: int
    who: tuple[str, ...]
    match_type: str
    stage: str

    @property
    def score(self) -> str:
        return f"{self.w1}-{self.w2}" + (f"-{self.d}" if self.d else "")

    @property
    def unplayed(self) -> bool:
        return (self.w1, self.w2, self.d) == (0, 0, 0)


def result_problem(m: dict, match_type: str, stage: str, names: dict | None = None) -> Problem:
    """(rule, message) when the recorded result cannot stand, else None;
    outcomes in words, with the players' ``names`` when given."""
    who = _players_words(m, names or {})
    r = _Recorded(
        m, m.get("outcome"), m.get("p1_wins", 0), m.get("p2_wins", 0), m.get("draws", 0), who, match_type, stage
    )
    if m.get("p2") is None:
        return _bye_problem(r)
    if r.out is None:
        return None
    return _played_problem(r)


def _players_words(m: dict, names: dict) -> tuple[str, ...]:
    """The match's two players by name (their id where ``names`` has none; "" for an empty seat)."""
    return tuple(str(names.get(pid, pid)) if isinstance(pid, str) and pid else "" for pid in (m.get("p1"), m.get("p2")))


def _bye_problem(r: _Recorded) -> Problem:
    if r.out == "bye" and (r.w1, r.w2, r.d) != (2, 0, 0):
        return "G-SWISS-POINTS", _("a bye counts 2-0, not {score}", score=r.score)
    if r.out not in ("bye", "double_loss"):
        return "G-SWISS-POINTS", _(
            "a table without a second player is a bye, recorded {out!r}", out=outcome_label(r.out, *r.who)
        )
    return None


def _played_problem(r: _Recorded) -> Problem:
    if r.out == "bye":
        return "G-SWISS-POINTS", _("a bye needs an empty second seat")
    if min(r.w1, r.w2, r.d) < 0:
        return _games_rule(r), _("{score}: negative game counts", score=r.score)
    if r.m.get("intentional"):
        return _intentional_problem(r)
    if r.out == "double_loss":
        return _double_loss_problem(r)
    return _games_problem(r) or _outcome_problem(r)


def _games_rule(r: _Recorded) -> str:
    """The rule the games of the match follow: best of one (G-BO1) or of three (G-BO3)."""
    return "G-BO1" if r.match_type == "bo1" else "G-BO3"


def _intentional_problem(r: _Recorded) -> Problem:
    if not r.unplayed or r.out != "draw":
        return "G-ID-1", _("an intentional draw has no game played ({score})", score=r.score)
    return None


def _double_loss_problem(r: _Recorded) -> Problem:
    if r.stage == "top":
        return "G-SE", _("an elimination match must name a winner, not a double loss")
    if not r.unplayed or r.m.get("games"):  # both players lost unplayed (G-LATE-1)
        return "G-LATE-1", _("a double loss is recorded unplayed (0-0), not {score}", score=r.score)
    return None


def _games_problem(r: _Recorded) -> Problem:
    """The games against the match type (G-BO3, G-BO1)."""
    if r.match_type != "bo3":
        return _bo1_problem(r)
    return _bo3_problem(r)


def _bo1_problem(r: _Recorded) -> Problem:
    if r.w1 + r.w2 + r.d > 1:
        return "G-BO1", _("{score}: best of one is a single game", score=r.score)
    return None


def _bo3_problem(r: _Recorded) -> Problem:
    if max(r.w1, r.w2) > 2:
        return "G-BO3", _("{score}: in best of three nobody wins more than two games", score=r.score)
    if (r.w1, r.w2) == (2, 2):
        return "G-BO3", _("{score}: the match ends at two game wins", score=r.score)
    if r.d > 3:
        return "G-BO3", _("{score}: more drawn games than a match holds", score=r.score)
    return None


def _games_outcome(w1: int, w2: int) -> str:
    """The outcome the game wins give: the player with more, else a draw."""
    if w1 == w2:
        return "draw"
    return "p1" if w1 > w2 else "p2"


def _named_winner(r: _Recorded) -> bool:
    """An elimination match the organizer gave to a player (its note says so)."""
    return r.out in ("p1", "p2") and r.stage != "swiss" and labels.is_named_winner(r.m.get("note") or "")


def _outcome_problem(r: _Recorded) -> Problem:
    """The outcome against the games (G-TIME, G-BO3-TIME), and a winner in an elimination match (G-SE)."""
    given = _games_outcome(r.w1, r.w2)
    if given == "draw" and _named_winner(r):
        return None  # a time-out with equal game wins: the organizer named the winner (G-SE)
    if given != r.out:
        return _wrong_outcome(r, given)
    if r.stage == "top" and r.out == "draw":
        return "G-SE", _("{score}: an elimination match must name a winner", score=r.score)
    return None


def _wrong_outcome(r: _Recorded, given: str) -> Problem:
    """The outcome recorded is not the one the games give: at time (G-TIME) when they give a
    draw, else the match's outcome at two game wins (G-BO3-TIME)."""
    return ("G-TIME" if given == "draw" else "G-BO3-TIME"), _(
        "{score} gives {given}, recorded as {out}",
        score=r.score,
        given=outcome_label(given, *r.who),
        out=outcome_label(r.out, *r.who),
    )


def no_winner_problem(matches: list[dict], stage: str) -> list[tuple[int, str]]:
    """(table, message) of each match that names no winner where the stage
    needs one to go on: an intentional draw left without a winner is the
    organizer's call in the final only (G-ID-3, 優勝者不在); before it, or in a
    playoff, the bracket or the cut cannot go on."""
    main = bracket_matches(matches)
    if stage == "top" and len(main) <= 1:
        return []
    return [(m["table"], _no_winner_words(stage)) for m in main if _intentional_draw(m)]


def _intentional_draw(m: dict) -> bool:
    return m.get("p2") is not None and m.get("outcome") == "draw" and bool(m.get("intentional"))


def _no_winner_words(stage: str) -> str:
    """Why a match without a winner cannot stand in the stage."""
    if stage == "top":
        return _(
            "no winner before the final: the elimination stage cannot go on (the organizer "
            "orders a replay; no winner is for the final only)"
        )
    return _("no winner in a playoff: the tie it plays off is never decided (the organizer orders a replay)")
