"""Which match results are legal, and what they mean.

A result is written from the first-listed player's side: games won-lost or
won-lost-drawn (``2-1``, ``1-1-1``), or ``id`` for an intentional draw.

- G-BO3: best of three; the first to two game wins takes the match.  At
  least one game is begun, so ``0-0`` is the first game unfinished at time.
- G-BO3-TIME / G-TIME: at time, more game wins takes the match; equal is a draw.
- G-BO1: one game decides; a game unfinished at time is a draw.
- G-CONCEDE: a conceded game is simply a game loss; it is entered as one, and
  in best of three the match goes on while nobody has two wins.
- G-NEXT-GAME: from game 2 on, the loser of the previous game chooses to play
  first or second (:func:`next_game_chooser`).
- G-ID-1/2: an intentional draw is ``0-0`` with nothing played (when it may be
  entered is the round clock's business: core.rules.results ``result``).
- G-ID-3 / G-SE: an elimination match must name a winner; an intentional draw
  there is the organizer's call (replay or no winner).

Game-by-game entry (optional): a match's games are codes from the first-listed
player's side, in the order played: ``p1`` / ``p2`` (who won), ``draw``,
``concede-p1`` / ``concede-p2`` (who conceded: a game loss, G-CONCEDE),
``loss-p1`` / ``loss-p2`` (a game loss given as a penalty, G-PEN-1).
:func:`result_from_games` derives the match result from them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core import labels
from core.errors import LyceeError, RuleError
from core.event.model import GAME_CODES, fast_init, slot_setter
from core.i18n import _, join_list
from core.names import as_typed, whole

_RESULT = re.compile(r"^\s*([0-9]{1,3})\s*-\s*([0-9]{1,3})(?:\s*-\s*([0-9]{1,3}))?\s*$")

#: Drawn games a best-of-three match can plausibly hold within its time.
MAX_DRAWN_GAMES = {"bo3": 3, "bo1": 1}


@dataclass(frozen=True, slots=True)
class Result:
    """A match result from the first-listed player's side: games won, lost, drawn; or an intentional draw."""

    p1_wins: int
    p2_wins: int
    draws: int = 0
    intentional: bool = False

    @property
    def outcome(self) -> str:
        if self.p1_wins > self.p2_wins:
            return "p1"
        if self.p2_wins > self.p1_wins:
            return "p2"
        return "draw"

    def text(self) -> str:
        if self.intentional:
            return "id"
        base = f"{self.p1_wins}-{self.p2_wins}"
        return f"{base}-{self.draws}" if self.draws else base

    def swapped(self) -> "Result":
        return Result(self.p2_wins, self.p1_wins, self.draws, self.intentional)


# A result is made a match (an imported file of 2,048 players and 10 rounds
# makes 10,240): its slots set as core.event.model sets a Match's, in half the time.
_r_p1_wins, _r_p2_wins, _r_draws, _r_intentional = (
    slot_setter(Result, "p1_wins"),
    slot_setter(Result, "p2_wins"),
    slot_setter(Result, "draws"),
    slot_setter(Result, "intentional"),
)


def _result_init(self, p1_wins: int, p2_wins: int, draws: int = 0, intentional: bool = False) -> None:
    _r_p1_wins(self, p1_wins)
    _r_p2_wins(self, p2_wins)
    _r_draws(self, draws)
    _r_intentional(self, intentional)


fast_init(Result, _result_init)


def parse_result(text: str) -> Result:
    """Parse ``2-1``, ``1-1-1``, ``0-0`` or ``id``; shape only, no rule check."""
    t = as_typed(text).strip().lower()
    if t in ("id", "i.d.", "intentional"):
        return Result(0, 0, 0, intentional=True)
    m = _RESULT.match(t)
    if not m:
        raise LyceeError(
            _("'{text}' is not a result: write games won-lost (2-1), won-lost-drawn (1-1-1) or id", text=text)
        )
    return Result(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))


def parse_table_result(line: str) -> tuple[int, str]:
    """One result typed as ``TABLE RESULT`` (``12 2-1``, ``3 id``), as the
    app's result box and ``lycee result EVENT -`` take it: the table number
    and the result as typed (:func:`parse_result` and the desk judge the
    result).  Anything else is refused with the one message both faces show."""
    parts = as_typed(line).split()  # 「３　２－１」 typed with the IME on reads as 3 2-1
    table = whole(parts[0]) if len(parts) == 2 else None
    if table is None:
        raise LyceeError(_("write 'TABLE RESULT', e.g. 12 2-1"))
    return table, parts[1]


def check_result(result: Result, match_type: str, stage: str = "swiss") -> None:
    """Raise :class:`RuleError` (with the rule id) if ``result`` cannot happen."""
    _refuse_negative(result)
    if result.intentional:
        _check_intentional(result, stage)
        return
    _game_check(match_type)(result)
    if stage == "top" and result.outcome == "draw":
        _refuse_undecided_elimination(result)


def _refuse_negative(result: Result) -> None:
    """A game count below zero is refused."""
    w1, w2, d = result.p1_wins, result.p2_wins, result.draws
    if w1 < 0 or w2 < 0 or d < 0:
        raise LyceeError(_("{result}: game counts cannot be negative", result=f"{w1}-{w2}-{d}"))


def _game_check(match_type: str) -> Callable[[Result], None]:
    """The check of a result's games for ``match_type`` (an unknown type is refused)."""
    check = _GAME_CHECKS.get(match_type)
    if check is None:
        raise LyceeError(_("unknown match type {type!r}", type=match_type))
    return check


def _refuse_undecided_elimination(result: Result) -> None:
    """An elimination match must name a winner (G-SE): say how to get one."""
    raise RuleError(
        _(
            "{result}: an elimination match must name a winner; at time the organizer orders an extra game "
            "(`--extra-game --by ORGANIZER`) or names the winner (`--winner PLAYER --reason TEXT --by ORGANIZER`)",
            result=result.text(),
        )
        if result.p1_wins == result.p2_wins
        else _("{result}: an elimination match must name a winner", result=result.text()),
        "G-SE",
    )


def _check_intentional(result: Result, stage: str) -> None:
    """G-ID-1: an intentional draw is agreed before any game; G-ID-3: in an
    elimination match it leaves the organizer to order a replay or declare no winner."""
    if (result.p1_wins, result.p2_wins, result.draws) != (0, 0, 0):
        raise RuleError(_("an intentional draw is agreed before the match starts: no game is played"), "G-ID-1")
    if stage == "top":
        raise RuleError(
            _(
                "an intentional draw in an elimination match needs the organizer's call: "
                "replay the match or declare no winner"
            ),
            "G-ID-3",
        )


def _check_bo3(result: Result) -> None:
    """G-BO3: the first to two game wins takes the match."""
    w1, w2 = result.p1_wins, result.p2_wins
    if w1 > 2 or w2 > 2:
        raise RuleError(_("{result}: in best of three nobody wins more than two games", result=result.text()), "G-BO3")
    if w1 == 2 and w2 == 2:
        raise RuleError(_("{result}: the match ends when one player has two game wins", result=result.text()), "G-BO3")
    if result.draws > MAX_DRAWN_GAMES["bo3"]:
        raise RuleError(_("{result}: more drawn games than a match can hold", result=result.text()), "G-BO3")


def _check_bo1(result: Result) -> None:
    """G-BO1: one game decides (0-0 at time)."""
    if result.p1_wins + result.p2_wins + result.draws > 1:
        raise RuleError(
            _("{result}: best of one is a single game (1-0, 0-1, or 0-0 at time)", result=result.text()), "G-BO1"
        )


#: The games a result may hold, by match type.
_GAME_CHECKS = {"bo3": _check_bo3, "bo1": _check_bo1}


def time_only(result: Result, match_type: str) -> bool:
    """A result only a time call can produce (G-BO3-TIME, G-TIME): in best of
    three nobody has two game wins (0-0, 1-0, 1-1, 1-1-1...); in best of one
    no game was won (0-0).  An intentional draw is not one (G-ID-1)."""
    if result.intentional:
        return False
    if match_type == "bo1":
        return result.p1_wins == result.p2_wins == 0 and result.draws == 0
    return max(result.p1_wins, result.p2_wins) < 2


# -- game by game ---------------------------------------------------------------


def game_winner(code: str) -> str | None:
    """``"p1"``/``"p2"``: who won the game ``code``; None for a drawn game."""
    if code not in GAME_CODES:
        raise LyceeError(_("game {code!r}: write one of {codes}", code=code, codes=join_list(GAME_CODES)))
    if code == "draw":
        return None
    if code in ("p1", "p2"):
        return code
    return _other(code.split("-", 1)[1])  # concede-p1 / loss-p1: p1 loses the game


def _other(player: str) -> str:
    """The other player of a match: ``"p2"`` for ``"p1"`` and the reverse."""
    return "p2" if player == "p1" else "p1"


def tally_games(games) -> Result:
    """Game wins and drawn games so far (a concession or a penalty game loss
    counts as a game won by the other player, G-CONCEDE)."""
    w = {"p1": 0, "p2": 0, None: 0}
    for g in games:
        w[game_winner(g)] += 1
    return Result(w["p1"], w["p2"], w[None])


def match_over(games, match_type: str) -> bool:
    """Whether ``games`` end the match: two game wins in best of three (G-BO3),
    the single game in best of one (G-BO1)."""
    if match_type == "bo1":
        return len(games) >= 1
    r = tally_games(games)
    return max(r.p1_wins, r.p2_wins) >= 2


def check_games(games, match_type: str) -> None:
    """Raise unless ``games`` can be the games of one match, in order."""
    rule = "G-BO1" if match_type == "bo1" else "G-BO3"
    if match_type not in ("bo3", "bo1"):
        raise LyceeError(_("unknown match type {type!r}", type=match_type))
    for i, g in enumerate(games):
        game_winner(g)
        if match_over(games[:i], match_type):
            raise RuleError(_game_after_the_end(i + 1, g, match_type), rule)
    if tally_games(games).draws > MAX_DRAWN_GAMES[match_type]:
        raise RuleError(_("more drawn games than a match can hold"), rule)


def _game_after_the_end(n: int, game: str, match_type: str) -> str:
    """Why game ``n`` cannot be played: the match was over before it."""
    if match_type == "bo1":
        return _("game {n} ({game}) cannot be played: best of one is a single game", n=n, game=labels.game_label(game))
    return _(
        "game {n} ({game}) cannot be played: the match ended when a player had two game wins",
        n=n,
        game=labels.game_label(game),
    )


def result_from_games(games, match_type: str, stage: str = "swiss") -> Result:
    """The match result the games give: the match winner once it is over
    (G-BO3, G-BO1); otherwise the result at time: more game wins wins, equal
    is a draw (G-BO3-TIME, G-TIME).  Checked like a typed result."""
    games = tuple(games)
    check_games(games, match_type)
    r = tally_games(games)
    check_result(r, match_type, stage)
    return r


def next_game_chooser(games, match_type: str = "bo3") -> str | None:
    """Who chooses to play first or second in the next game (G-NEXT-GAME):
    ``"p1"``/``"p2"``, the loser of the previous game.

    None before game 1 and after a drawn game (the guideline names nobody
    then), in best of one, and once the match is over."""
    games = tuple(games)
    if match_type == "bo1" or not games or match_over(games, match_type):
        return None
    w = game_winner(games[-1])
    return None if w is None else _other(w)


def agrees_with_games(result: Result, games) -> bool:
    """A typed result can stand beside games already entered when it holds at
    least those game wins and drawn games (the rest were not entered)."""
    g = tally_games(games)
    return result.p1_wins >= g.p1_wins and result.p2_wins >= g.p2_wins and result.draws >= g.draws
