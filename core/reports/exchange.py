"""The CSV exchange format of rounds (docs/verify.md "Other desks' files"):
an event run on paper or in another tool, written as one line per seat,

    round,table,player,opponent,result

``round`` and ``table`` are whole numbers from 1; ``player`` and
``opponent`` are names (the opponent empty for a bye); ``result`` is the
player's games ``won-lost`` or ``won-lost-drawn`` (``2-1``, ``1-1-1``),
``bye``, ``ID`` (an intentional draw), ``DL`` (a double loss) or empty
(not played yet).  A match may be written from one side or from both (the
two lines must then agree).  An optional ``stage`` column says ``swiss``
(the default), ``top`` or ``playoff``.  :func:`read_csv_doc` turns it into
a lycee-event/1 document (docs/eventfile.md) that ``lycee verify`` checks
and ``lycee import --csv`` stores; players get ids ``p1``, ``p2``, ... in
the order they first appear, and a player absent from every round after
some round is taken to have dropped after it.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from core.errors import ValidationError
from core.event.model import MAX_PLAYERS, MAX_ROUNDS, MAX_TABLE
from core.i18n import _, join_list
from core.rules.eventfile import read_capped

__all__ = ["read_csv_doc", "parse_csv", "COLUMNS"]

COLUMNS = ("round", "table", "player", "opponent", "result")
_SCORE = re.compile(r"^(\d)-(\d)(?:-(\d))?$")


#: The most lines a CSV of rounds may have (one a seat: 4,096 players for 48
#: rounds), and the longest line: a row is five or six short cells.
MAX_LINES = 200_000
MAX_LINE = 1_000
#: The most cells a row may have (the five columns, ``stage``, and a few of another tool's).
MAX_CELLS = 16


def read_csv_doc(path: Path, name: str | None = None, date: str = "2008-11-30", max_mb: float | None = None) -> dict:
    """The document of the CSV file ``path``.  It is bounded before it is
    parsed: the size cap of an event file (``core.rules.eventfile.read_capped``:
    20 MB, ``--max-mb``, LYCEE_IMPORT_MAX_MB; a larger file, or ``/dev/zero``,
    is refused once the cap is read), then lines, their length and cells, and
    the players and rounds of an event (core.event.model.MAX_PLAYERS ...)."""

    text = read_capped(Path(path), max_mb, encoding="utf-8-sig")
    return parse_csv(text, name or Path(path).stem, date, source=str(path))


def _bounded_lines(text: str, source: str):
    """The lines of ``text`` for the csv reader, refused (ValidationError, by
    line) past :data:`MAX_LINES` lines, :data:`MAX_LINE` characters, or a NUL."""
    for n, line in enumerate(io.StringIO(text, newline=""), 1):
        problem = _line_problem(n, line)
        if problem:
            raise ValidationError(source, [(f"line {n}", problem)])
        yield line


def _line_problem(n: int, line: str) -> str | None:
    """Why line ``n`` cannot be part of a CSV of rounds (too many lines, too long, a NUL), or None."""
    if n > MAX_LINES:
        return _("more than {most} lines: not a CSV of rounds", most=f"{MAX_LINES:,}")
    if len(line) > MAX_LINE or "\0" in line:
        return _("a line longer than {most} characters, or a NUL: not a CSV of rounds", most=f"{MAX_LINE:,}")
    return None


#: the results written as a word (or left blank): (p1 wins, p2 wins, draws, outcome, intentional)
_RESULT_WORDS: dict[str, tuple[int, int, int, str | None, bool]] = {
    "": (0, 0, 0, None, False),
    "BYE": (2, 0, 0, "bye", False),
    "ID": (0, 0, 0, "draw", True),
    "DL": (0, 0, 0, "double_loss", False),
}


def _result(text: str) -> tuple[int, int, int, str | None, bool] | None:
    t = text.strip()
    word = _RESULT_WORDS.get(t.upper())
    if word is not None:
        return word
    m = _SCORE.match(t)
    if not m:
        return None
    w, lo, d = int(m[1]), int(m[2]), int(m[3] or 0)
    return w, lo, d, _outcome_of(w, lo), False


def _outcome_of(won: int, lost: int) -> str:
    """The outcome the player's games give: their win, their opponent's, or a draw."""
    if won == lost:
        return "draw"
    return "p1" if won > lost else "p2"


def _round_numbers(read: _CsvRounds, source: str) -> list[int]:
    """The rounds' numbers in order; refused unless they run 1, 2, 3, ... without a gap."""
    numbers = sorted(read.rounds)
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValidationError(
            source, [("round", _("rounds {got}: they run 1, 2, 3, ... without a gap", got=join_list(numbers)))]
        )
    return numbers


def _doc_round(n: int, rnd: dict) -> dict:
    """A round as the event file has it: its matches in table order."""
    return {"number": n, "stage": rnd["stage"], "matches": [rnd["tables"][t] for t in sorted(rnd["tables"])]}


def _event_id(name: str) -> str:
    """An event id from the event's name: lower-case letters, digits and hyphens."""
    return re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-") or "csv"


def parse_csv(text: str, name: str, date: str, source: str = "csv") -> dict:
    """The lycee-event/1 document of a CSV of rounds; every problem is named
    by its line and column (ValidationError)."""
    read = _read_rounds(text, source)
    numbers = _round_numbers(read, source)
    out_rounds = [_doc_round(n, read.rounds[n]) for n in numbers]
    swiss = [n for n in numbers if read.rounds[n]["stage"] == "swiss"]
    return {
        "schema": "lycee-event/1",
        "id": _event_id(name),
        "name": name,
        "date": date,
        "kind": "constructed",
        "match": "bo3",
        "minutes": 50,
        "rounds_planned": len(swiss) or None,
        "tiebreakers": ["omw", "gw", "ogw"],
        "staff": {"organizer": "", "judges": [], "head_judge": ""},
        "sanctioned": False,
        "decklists_required": False,
        "spectating": True,
        "players": _players(read.ids, out_rounds, swiss),
        "rounds": out_rounds,
        "penalties": [],
    }


def _read_rounds(text: str, source: str) -> "_CsvRounds":
    """The CSV's rounds read row by row (blank rows skipped); ValidationError
    naming every bad line."""
    rows = _read_rows(text, source)
    read = _CsvRounds(_columns(rows, source), source)
    for ln, row in enumerate(rows[1:], 2):
        if _has_cells(row):
            read.row(ln, row)
    if read.bad:
        raise ValidationError(source, read.bad)
    return read


def _has_cells(row: list[str]) -> bool:
    """Whether a CSV row holds anything but blanks."""
    return any(c.strip() for c in row)


def _read_rows(text: str, source: str) -> list[list[str]]:
    """The CSV's rows, each of at most :data:`MAX_CELLS` cells; the header first, never empty."""
    rows: list[list[str]] = []
    try:
        for row in csv.reader(_bounded_lines(text, source)):
            if len(row) > MAX_CELLS:
                raise ValidationError(
                    source, [(f"line {len(rows) + 1}", _("more than {most} cells in a row", most=MAX_CELLS))]
                )
            rows.append(row)
    except csv.Error as err:
        raise ValidationError(source, [(f"line {len(rows) + 1}", str(err))]) from None
    if not rows:
        raise ValidationError(source, [("line 1", _("empty: the header is {cols}", cols=",".join(COLUMNS)))])
    return rows


def _columns(rows: list[list[str]], source: str) -> dict[str, int]:
    """Each column of the header with its place; the header must name every one of :data:`COLUMNS`."""
    head = [h.strip().lower() for h in rows[0]]
    missing = [c for c in COLUMNS if c not in head]
    if missing:
        raise ValidationError(
            source,
            [
                (
                    "line 1",
                    _(
                        "the header lacks {cols} (it is {want}, optionally stage)",
                        cols=join_list(missing),
                        want=",".join(COLUMNS),
                    ),
                )
            ],
        )
    return {h: i for i, h in enumerate(head)}


class _CsvRounds:
    """The rounds read so far: each round's tables, the players' ids by name
    (``p1``, ``p2`` ... in the order they first appear) and the problems."""

    def __init__(self, col: dict[str, int], source: str):
        self.col = col
        self.source = source
        self.ids: dict[str, str] = {}
        self.rounds: dict[int, dict] = {}
        self.bad: list[tuple[str, str]] = []

    def pid(self, n: str) -> str:
        if n not in self.ids:
            self.ids[n] = f"p{len(self.ids) + 1}"
        return self.ids[n]

    def row(self, ln: int, row: list[str]) -> None:
        """One line: a seat of a match, added to its round or checked against the other side already read."""
        cell = self._cells(row)
        where = f"line {ln}"
        fields = self._fields(cell, where)
        if fields is None:
            return
        rnd, table, res = fields
        r = self.rounds.setdefault(rnd, {"number": rnd, "stage": cell.get("stage") or "swiss", "tables": {}})
        a, b = self.pid(cell["player"]), self._opponent(cell)
        self._check_size(where)
        m = _match(table, a, b, res)
        if _lone_but_not_bye(m):
            self.bad.append((f"{where} result", _("a line without an opponent is a bye")))
            return
        self._put(r, m, where)

    def _cells(self, row: list[str]) -> dict[str, str]:
        """The line's cells by column name, stripped; a missing cell is empty."""
        return {h: (row[i].strip() if i < len(row) else "") for h, i in self.col.items()}

    def _opponent(self, cell: dict[str, str]) -> str | None:
        """The opponent's id, or None on a line without one."""
        return self.pid(cell["opponent"]) if cell["opponent"] else None

    def _check_size(self, where: str) -> None:
        """The size of an event (issue 44): refused at once, not after the whole file."""
        if len(self.ids) > MAX_PLAYERS:
            raise ValidationError(
                self.source, [(f"{where} player", _("more than {most} players in one event", most=f"{MAX_PLAYERS:,}"))]
            )

    def _put(self, r: dict, m: dict, where: str) -> None:
        """Match ``m`` into its round ``r``, or checked against the other side already read."""
        table, rnd = m["table"], r["number"]
        prev = r["tables"].get(table)
        if prev is None:
            r["tables"][table] = m
        elif not _mirrors(prev, m):  # the other side of a match already read: it must mirror it
            self.bad.append(
                (where, _("table {t} of round {r} is written twice and the lines disagree", t=table, r=rnd))
            )

    def _fields(self, cell: dict[str, str], where: str) -> tuple[int, int, tuple] | None:
        """(round, table, result) of a line, or None with its problem added."""
        place = _round_and_table(cell)
        if place is None:
            self.bad.append(
                (where, _("round and table are whole numbers from 1 (at most {r} and {t})", r=MAX_ROUNDS, t=MAX_TABLE))
            )
            return None
        rnd, table = place
        if not cell["player"]:
            self.bad.append((f"{where} player", _("a player's name is needed")))
            return None
        res = _result(cell["result"])
        if res is None:
            self.bad.append(
                (f"{where} result", _("{r!r}: write won-lost (2-1), won-lost-drawn, bye, ID or DL", r=cell["result"]))
            )
            return None
        return rnd, table, res


def _round_and_table(cell: dict[str, str]) -> tuple[int, int] | None:
    """(round, table) of a line, None unless both are whole numbers within the event's bounds."""
    try:
        rnd, table = int(cell["round"]), int(cell["table"])
    except ValueError:
        return None
    return (rnd, table) if 1 <= rnd <= MAX_ROUNDS and 1 <= table <= MAX_TABLE else None


def _lone_but_not_bye(m: dict) -> bool:
    """A line without an opponent whose result is not a bye (nor a double loss)."""
    return m["p2"] is None and m["outcome"] not in ("bye", "double_loss", None)


def _match(table: int, a: str, b: str | None, res: tuple) -> dict:
    w, lo, d, out, intentional = res
    m = {"table": table, "p1": a, "p2": b, "p1_wins": w, "p2_wins": lo, "draws": d, "outcome": out, "note": ""}
    if intentional:
        m["intentional"] = True
    return m


def _mirrors(prev: dict, m: dict) -> bool:
    """The line ``m`` is the other side of the match ``prev``: players, games and outcome swapped."""
    flip = {"p1": "p2", "p2": "p1"}.get(m["outcome"] or "", m["outcome"])
    return (
        (prev["p1"], prev["p2"]) == (m["p2"], m["p1"])
        and (prev["p1_wins"], prev["p2_wins"], prev["draws"]) == (m["p2_wins"], m["p1_wins"], m["draws"])
        and prev["outcome"] == flip
    )


def _players(ids: dict[str, str], rounds: list[dict], swiss: list[int]) -> list[dict]:
    """The players in the order they first appear: joined at their first Swiss
    round, dropped after their last one when a later Swiss round went without them."""
    seen_in = _rounds_played(ids, rounds)
    return [_player(p, nm, [n for n in seen_in[p] if n in swiss], swiss) for nm, p in ids.items()]


def _rounds_played(ids: dict[str, str], rounds: list[dict]) -> dict[str, list[int]]:
    """{player id: the rounds they played, in order}."""
    seen_in: dict[str, list[int]] = {p: [] for p in ids.values()}
    for r in rounds:
        for x in _seated(r["matches"]):
            seen_in[x].append(r["number"])
    return seen_in


def _seated(matches: list[dict]) -> list[str]:
    """The players of ``matches``, seat by seat (an empty seat left out)."""
    return [x for m in matches for x in (m["p1"], m["p2"]) if x]


def _player(p: str, nm: str, got: list[int], swiss: list[int]) -> dict:
    """One player of the file, who played the Swiss rounds ``got``."""
    first = min(got) if got else 1
    dropped = _dropped_after(max(got) if got else None, swiss)
    return {"id": p, "name": nm, "dropped_after_round": dropped, "excluded": False, "joined_round": first}


def _dropped_after(last: int | None, swiss: list[int]) -> int | None:
    """The round a player dropped after: their last Swiss round, when a later one went without them."""
    return last if swiss and last is not None and last < swiss[-1] else None
