"""The round tab: the pairings with their results, the leaders beside them,
and the results box (``12 2-1`` Enter)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input

from core import labels, readmodel
from core.event.model import Event
from core.i18n import _

from ...widgets.line import Line
from ...widgets.linebox import LineBox
from ...widgets.plain import PlainTable
from ...widgets.wrapped import fit_cell
from .messages import EventRead
from .pane import EventPane

OUTCOME_MARK = {"p1": "○", "p2": "●", "draw": "△", "bye": "BYE", "double_loss": "××"}

#: A table's phone-report state as the round tab marks it, short so that
#: the result column stays whole at 80 columns; the words are the message line's
#: when the cursor is on the table (:func:`report_detail`).
REPORT_MARK = {"waiting": "◔", "held": "◷", "disputed": "⇄", "recorded": "✓"}


def report_mark(rep) -> str:
    """``rep`` (core.rules.phonereports.TableReport, or None) in a few cells:
    ``◔p1`` one side reported, ``◷2-1`` agreed but held for a time call,
    ``⇄2-1/0-2`` the two claims (from player 1's side), ``✓`` recorded by the players."""
    if rep is None or rep.status not in REPORT_MARK:
        return ""
    mark = REPORT_MARK[rep.status]
    if rep.status == "waiting":
        return mark + ("p1" if rep.p1 is not None else "p2")
    if rep.status == "held":
        return mark + rep.p1.result
    if rep.status == "disputed":
        return mark + f"{rep.p1.result}/{rep.p2.result}"
    return mark


def short_note(note: str) -> str:
    """A match's note for a result column without room for its words: 「ID」 for an
    intentional draw (whoever allowed it), the words without their rule id
    (「遅刻」, 「途中棄権」); the note's whole words are the scorecard's and the log's."""
    if note == "ID" or labels.id_ruling(note)[0] in ("G-ID-1", "G-ID-2"):
        return "ID"  # what the clerk types (``5 id``), the guideline's abbreviation in both languages
    return RULE_AFTER.sub("", labels.note_label(note))


#: A rule id closing a note's words: 「遅刻（G-LATE-1）」, "dropped (G-DROP)".
RULE_AFTER = re.compile(r"\s*[（(]G-[A-Z0-9-]+[）)]$")


def result_cell(m, rep=None, room: int | None = None) -> Text:
    """A match's result as the round tab shows it (also quoted when a result is
    replaced); ``rep``: the table's phone reports (:func:`report_mark`);
    ``room``: the cells the column has, where a note too long is said short
    (:func:`short_note`) and then cut, the result itself first."""
    cell = whole_result_cell(m, rep)
    if room is None or cell.cell_len <= room or m.outcome is None or not m.note:
        return cell if room is None or cell.cell_len <= room else cut(cell, room)
    short = whole_result_cell(m, rep, short=True)
    return short if short.cell_len <= room else cut(short, room)


def cut(cell: Text, room: int) -> Text:
    """``cell`` cut to ``room`` cells, marked with an ellipsis."""
    cell = cell.copy()
    cell.truncate(max(1, room), overflow="ellipsis")
    return cell


def whole_result_cell(m, rep=None, short: bool = False) -> Text:
    """A match's result with the whole words of its note (``short``: :func:`short_note`)."""
    mark = report_mark(rep)
    if m.outcome is None:
        return open_cell(m, rep, mark)
    if m.is_bye:
        return Text(_("bye"))
    score = games(m)
    # the third-place match is a match like any other: its score, not its name (the bracket names it)
    note = (
        "" if m.note in ("third_place", "third_place_planned") else (short_note if short else labels.note_label)(m.note)
    )
    # the score first, then what the note adds: cut at 80 columns, the cell still shows the score
    head = f"{OUTCOME_MARK.get(m.outcome, '')} {score}" + (f" {mark}" if mark else "")
    return Text(head + (f" {note}" if note else ""), no_wrap=True, overflow="ellipsis")


def games(m) -> str:
    """The games a match has: ``2-1``, ``1-1-1`` with a drawn game."""
    return f"{m.p1_wins}-{m.p2_wins}" + (f"-{m.draws}" if m.draws else "")


def open_cell(m, rep, mark: str) -> Text:
    """The cell of a match without a result: its phone reports (``mark``), an extra game
    ordered at time with the games so far (G-SE), or missing; its extension beside (G-TIME)."""
    if mark:
        cell = Text(mark, style="bold reverse red" if rep.status in ("disputed", "held") else "bold reverse yellow")
    elif m.p1_wins or m.p2_wins or m.draws:  # G-SE: the games at time kept, an extra game ordered
        cell = Text(_("extra game ({score} at time)", score=games(m)), style="bold yellow")
    else:
        cell = Text(_("missing"), style="bold reverse yellow")
    if m.extension:  # G-TIME: the extension shows on the table's row
        cell.append(" " + _("+{m} min", m=m.extension), style="bold")
    return cell


def other_columns(ev: Event) -> list[list[str]]:
    """The round tab's columns beside the result, each its heading and its cells."""
    r = ev.current_round
    assert r is not None, "a round is paired"
    names = match_names(ev)
    return [
        [_("Table"), *(str(m.table) for m in r.matches)],
        [_("Player 1"), *(ev.player(m.p1).name for m in r.matches)],
        [_("Player 2"), *(ev.player(m.p2).name if m.p2 else _("(bye)") for m in r.matches)],
        *([[_("Which match"), *names.values()]] if names else []),
    ]


def match_names(ev: Event) -> dict[int, str]:
    """Which table of the round is the final and which the third-place match
    (G-SE), by table; {} in any other round (the event bar names the round)."""
    rnd = ev.current_round
    third_place = rnd is not None and any(m.note.startswith("third_place") for m in rnd.matches)
    bracket = readmodel.bracket(ev) if third_place else None
    if rnd is None or bracket is None:
        return {}
    name = next((br.label for br in bracket.rounds if br.number == rnd.number), "")
    third = labels.note_label("third_place")
    return {m.table: third if m.note.startswith("third_place") else name for m in rnd.matches}


def report_time(at: str) -> str:
    """When a report came (``14:02``), in local time."""

    try:
        return datetime.fromisoformat(at).astimezone().strftime("%H:%M")
    except ValueError:
        return at


def report_detail(ev: Event, rep) -> str:
    """The words of a table's phone reports (the message line, the queue):
    each side's claim from player 1's side, who and when, and the state."""
    if rep is None or rep.status in ("none", "staff"):
        return ""
    sides = []
    for label, s in ((_("P1"), rep.p1), (_("P2"), rep.p2)):
        if s is not None:
            sides.append(
                _(
                    "{side} {name}: {said} ({at}, {by})",
                    side=label,
                    name=s.name,
                    said=s.said,
                    at=report_time(s.at),
                    by=labels.actor_label(s.actor),
                )
            )
    text = _("table {t}: {how}", t=rep.table, how=readmodel.report_status_label(rep.status))
    if sides:
        text += " · " + " · ".join(sides)
    if rep.held:
        text += " · " + rep.held
    if rep.status in ("disputed", "held"):
        text += " · " + _("Shift+F6 decides it")
    return text


@dataclass
class ResultEntered(Message):
    """A line typed in the results box (Enter)."""

    text: str
    box: Input


@dataclass
class ReportShown(Message):
    """The cursor is on a table with phone reports: their words."""

    text: str


@dataclass
class ResultsPasted(Message):
    """Several lines at once (a paste): each is stored, the refusals listed."""

    lines: tuple[str, ...]
    box: Input


def placings_text(title: str, final: list, words: dict[str, tuple[str, str]], width: int) -> Text:
    """The final placings (G-SE) in a box ``width`` cells wide: place (3-4
    where players share it) and name, with how far the player went (優勝,
    準優勝, 3位, ベスト4 ...; ``words``: core.readmodel.placing_words) where
    every name stays whole beside it (the standings tab, F4, has it always);
    a name is cut (…) only when it alone does not fit."""
    shown = [(f, words[f.id][0], "" if f.reached == "swiss" else words[f.id][1]) for f in final]
    place_w = max([3] + [cell_len(place) for _f, place, _l in shown])
    names_w = max((cell_len(f.name) for f in final), default=0)
    label_w = max((cell_len(label) for _f, _p, label in shown), default=0)
    with_labels = place_w + 1 + names_w + 1 + label_w <= width
    name_w = names_w if with_labels else max(6, width - place_w - 1)
    text = Text(title + "\n", style="bold")
    for f, place, label in shown:
        text.append(" " * (place_w - cell_len(place)) + place + " ")
        text.append(fit_cell(f.name, name_w))
        text.append((" " + label if label and with_labels else "") + "\n")
    return text


class ResultBox(LineBox):
    """The results box, which never loses a key (:class:`LineBox`):
    the lines go to the screen in order (:class:`ResultEntered`,
    :class:`ResultsPasted`), which stores them one after another.

    They are posted to the screen itself, not bubbled up to it through the
    pane, the switcher and the tabs: four hops later the screen would first
    repaint the emptied box alone, and the result would wait for the next
    frame (at 512 players, Enter to the result on the terminal: a frame and
    a wait for the frame clock more)."""

    def lines_taken(self, lines: tuple[str, ...], pasted: bool) -> None:
        if pasted:
            self.screen.post_message(ResultsPasted(lines, self))
        elif lines:
            self.screen.post_message(ResultEntered(lines[0], self))


class RoundPane(EventPane):
    """The current round; posts :class:`ResultEntered` for the
    screen (which holds the desk) when a line is typed in the results box."""

    FOCUS = "#pairing-table"

    TYPES_INTO = "#result-entry"

    def __init__(self) -> None:
        super().__init__(_("Round"), id="round")
        self._drawn: tuple | None = None
        self._leaders: tuple | None = None
        self._reports: tuple | None = None  # (event, table -> TableReport) last drawn
        self._result_widths: dict[int, int] = {}  # table -> columns of its result cell as drawn
        self._leaders_rows: list | None = None  # the standings rows the leaders box shows
        self._leaders_key: tuple = ()  # and the title and width they were drawn with

    def compose(self) -> ComposeResult:
        with Horizontal(id="round-body"):
            yield PlainTable(cursor_type="row", zebra_stripes=True, id="pairing-table")
            yield Line("", id="leaders")
        yield ResultBox(  # a line half typed stays whole when the box takes the focus again (F6, a key on the table)
            placeholder=_("TABLE RESULT, e.g. 12 2-1 then Enter (id: intentional draw)"),
            id="result-entry",
            select_on_focus=False,
        )

    def highlighted(self, ev: Event):
        """The match under the cursor of the current round, if any."""
        rnd = ev.current_round
        t = self.query_one(PlainTable)
        if rnd is None or t.cursor_row is None or t.cursor_row >= len(rnd.matches):
            return None
        return rnd.matches[t.cursor_row]

    def draw_read(self, read: EventRead) -> None:
        self.draw(read.event, *read.standings(), read.reports())

    def draw(self, ev: Event, rows, standings_after: int | None, reports: dict | None = None) -> None:
        self.draw_pairings(ev, reports)
        self.draw_leaders(ev, rows, standings_after)

    def draw_pairings(self, ev: Event, reports: dict | None = None) -> None:
        """Pairings of the current round, each table's phone reports marked
        (``reports``: table -> core.rules.phonereports.TableReport); when only
        results changed, only those cells are redrawn."""
        t = self.query_one("#pairing-table", PlainTable)
        r = ev.current_round
        reports = reports or {}
        self._reports = (ev, reports)
        drawn = self._drawn
        room = self.result_room(ev)
        if (
            r is not None
            and drawn is not None
            and drawn[0] == (r.number, tuple(m.table for m in r.matches), room)
            and t.row_count == len(r.matches)
        ):
            widest = max(self._result_widths.values(), default=0)
            changed = []
            before, shown = drawn[1], {}
            for m in r.matches:  # one pass: what each table shows now, and which differ from what was drawn
                state = shown[m.table] = (m, reports.get(m.table))
                if before.get(m.table) != state:
                    cell = result_cell(m, state[1], room)
                    self._result_widths[m.table] = cell.cell_len
                    changed.append((m.table, cell))
            # the column is as wide as its widest cell; asked to follow a cell, Textual measures every
            # cell of the column again (512 players: 256), so it is asked only when the widest changed
            follow = max(self._result_widths.values(), default=0) != widest
            for table, cell in changed:
                t.update_cell(str(table), "result", cell, update_width=follow)
            self._drawn = (drawn[0], shown)
            return
        t.clear(columns=True)
        t.add_column(_("Table"), key="table")
        names = match_names(ev)  # the top cut: which table is the final, which the third-place match
        if names:
            t.add_column(_("Which match"), key="which")
        t.add_column(_("Player 1"), key="p1")
        t.add_column(_("Player 2"), key="p2")
        t.add_column(_("Result"), key="result")
        self._drawn = None
        if r is None:
            return
        self._result_widths = {}
        for m in r.matches:
            p1 = ev.player(m.p1).name
            p2 = ev.player(m.p2).name if m.p2 else _("(bye)")
            cell = result_cell(m, reports.get(m.table), room)
            self._result_widths[m.table] = cell.cell_len
            which = (names[m.table],) if names else ()
            t.add_row(str(m.table), *which, p1, p2, cell, key=str(m.table))
        self._drawn = (
            (r.number, tuple(m.table for m in r.matches), room),
            {m.table: (m, reports.get(m.table)) for m in r.matches},
        )

    def result_room(self, ev: Event) -> int:
        """The cells the result column has: the pairings' width less the other columns
        (each with a cell of padding either side) and a scrollbar when the rows need one;
        a result longer than that says its note short (:func:`result_cell`)."""
        r = ev.current_round
        if r is None:
            return 0
        t = self.query_one("#pairing-table", PlainTable)
        leaders = 22 if self.app.size.width < 100 else 34  # round.tcss (#leaders)
        width = t.size.width or self.app.size.width - leaders
        # the other columns with their padding, and the result's left padding (its right may go)
        used = sum(max(cell_len(c) for c in col) + 2 for col in other_columns(ev)) + 1
        scrollbar = 2 if len(r.matches) + 1 > (t.size.height or self.app.size.height - 10) else 0
        return max(8, width - used - scrollbar)

    def refit_results(self) -> None:
        """Another width: the result cells are fitted to the room the column has now."""
        if self._reports is not None and self._drawn is not None:
            ev, reports = self._reports
            if self._drawn[0][2] != self.result_room(ev):
                self._drawn = None
                self.draw_pairings(ev, reports)

    def on_data_table_row_highlighted(self, message) -> None:
        """The cursor on a table with phone reports: their words in the message line."""
        if self._reports is None or message.row_key is None or message.row_key.value is None:
            return
        ev, reports = self._reports
        text = report_detail(ev, reports.get(int(message.row_key.value)))
        if text:
            self.post_message(ReportShown(text))

    def draw_leaders(self, ev: Event, rows, standings_after: int | None) -> None:
        """The top of the standings beside the pairings, updated with every result."""
        self._leaders = (ev, rows, standings_after)
        cur = ev.current_round
        final = readmodel.final_placings(ev)  # the bracket is finished: its placings, not the Swiss order (G-SE)
        title = _("Final standings") if final is not None else _("Standings")
        if final is None and cur is not None and not cur.complete:  # mid-round: as after the last complete round
            title = (
                _("Standings after round {r}", r=standings_after)
                if standings_after
                else _("Round {n} in progress\nno standings yet", n=cur.number)
            )
        box = self.query_one("#leaders", Line)
        cw = box.content_size.width or 34
        # mid-round the standings are those after the last complete round, the same rows object from one
        # result to the next (core.readmodel.EventView): the box shows what it showed, nothing is laid out again
        key = (bool(ev.rounds), title, cw)
        if self._leaders_rows is rows and self._leaders_key == key:
            return
        self._leaders_rows, self._leaders_key = rows, key
        if final is not None:
            box.set(placings_text(title, final[:60], readmodel.placing_words(ev, final), cw))
            return
        # before round 1's first result there are no leaders: the box lists nobody (all "1  0" read as standings)
        rows = (
            rows[:60]
            if ev.rounds and (standings_after or final is not None or (cur is not None and cur.complete))
            else []
        )
        text = Text(title + "\n", style="bold")
        # a name takes what the rank, points and record leave; narrow (80 columns: the pairings come first)
        # the record gives way (the standings tab has it), then the name is shortened
        rec = max((len(row.record) for row in rows), default=5) + 1
        with_record = cw - 8 - rec >= 10
        name_w = max(6, min(16, cw - 8 - (rec if with_record else 0)))
        for row in rows:
            text.append(f"{row.rank_text:>3} ")
            text.append(fit_cell(row.name, name_w))  # a name cut says so (…)
            text.append(f" {row.points:>3}" + (f" {row.record}\n" if with_record else "\n"))
        box.set(text)

    def on_resize(self) -> None:
        self.refit_results()
        if self._leaders is not None:
            self.call_after_refresh(self.draw_leaders, *self._leaders)
