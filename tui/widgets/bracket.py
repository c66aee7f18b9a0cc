"""The elimination bracket drawn as a picture in the terminal (G-SE)."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.widgets import Static

from core import labels
from core.i18n import _
from core.tournament.elimination import Bracket, Entrant

from .wrapped import fit_cell

#: Cells a name column takes at most (seed and name), and at least when the pane is narrow.
NAME_W = 20
NAME_MIN = 9


def name_width(b: Bracket, width: int | None) -> int:
    """The cells of a name column for a pane ``width`` cells wide (None: no limit): every round's
    column and its joins (3 cells) and the champion's side by side within it, the names cut with …
    rather than the champion wrapping under the bracket (a top 8 at 80 columns)."""
    if width is None:
        return NAME_W
    n = len(b.rounds)
    return max(NAME_MIN, min(NAME_W, (width - 3 * n) // (n + 1)))


def _entrant(e: Entrant | None, won: bool | None, w: int = NAME_W) -> Text:
    if e is None:
        return Text(set_cell_size("  —", w), style="dim")
    label = f"{e.seed:>2} " + fit_cell(e.name, w - 3)  # a name cut says so (…)
    style = "bold green" if won else ("dim strike" if won is False else "")
    return Text(label, style=style)


def _won(e: Entrant | None, winner: str | None) -> bool | None:
    """Whether ``e`` won its match: None while it is not played."""
    return None if winner is None else (e is not None and e.id == winner)


def _slot_lines(col: list[Text], conn: list[Text], s, r: int, w: int) -> None:
    """One match of round ``r``: its two entrants in ``col`` (``w`` cells), joined in ``conn`` by ┐ ├ ┘."""
    pair = []
    for k, e in ((2 * (s.table - 1), s.top), (2 * (s.table - 1) + 1, s.bottom)):
        y = (2 * k + 1) * (1 << r) - 1
        if s.bye and e is None:
            col[y] = Text(set_cell_size("   " + _("(bye)"), w), style="dim")
        else:
            col[y] = _entrant(e, _won(e, s.winner), w)
        pair.append(y)
    y1, y2 = pair
    ym = (y1 + y2) // 2
    for y in range(y1, y2 + 1):
        conn[y] = Text("─┐ " if y == y1 else "─┘ " if y == y2 else " ├─" if y == ym else " │ ")


def _champion(b: Bracket, w: int) -> Text:
    if b.champion:
        return _entrant(b.champion, True, w)
    final = b.rounds[-1].slots[0] if b.rounds and b.rounds[-1].slots else None
    if final is not None and labels.is_no_winner(final.note):  # G-ID-3: 優勝者不在
        return Text(set_cell_size("  " + _("no champion"), w))
    return Text(set_cell_size("  ?", w), style="dim")


def _columns(b: Bracket, rows: int, w: int) -> list[list[Text]]:
    """Per column (a round's names, its joins, ..., the champion), a Text for every row."""
    cols: list[list[Text]] = []
    for r, rnd in enumerate(b.rounds):
        col = [Text(" " * w) for _ in range(rows)]
        conn = [Text("   ") for _ in range(rows)]
        for s in rnd.slots:
            _slot_lines(col, conn, s, r, w)
        cols += [col, conn]
    champ = [Text(" " * w) for _ in range(rows)]
    champ[(1 << len(b.rounds)) - 1] = _champion(b, w)
    return [*cols, champ]


def _third_place(t) -> Text:
    """The third-place match under the bracket, its winner in words (not only in colour)."""
    out = Text()
    out.append("\n" + _("Third-place match") + ": ", style="bold")
    out.append_text(_entrant(t.top, _won(t.top, t.winner)))
    out.append(" " + _("vs") + " ")  # 「対」 in Japanese, as the pairings say it
    out.append_text(_entrant(t.bottom, _won(t.bottom, t.winner)))
    third = next((e for e in (t.top, t.bottom) if e is not None and e.id == t.winner), None)
    if third is not None:
        out.append(" → " + labels.placing_label("third_place", 3) + ": ")
        out.append(third.name, style="bold green")
    return out


def draw(b: Bracket, width: int | None = None) -> Text:
    """Each first-round entrant on its own line; round r's entrants sit at the
    midpoints of the pairs that feed them, joined by ┐ ├ ┘; within ``width``
    cells when given (:func:`name_width`)."""
    w = name_width(b, width)
    rows = 2 * b.size - 1
    cols = _columns(b, rows, w)
    out = Text()
    for rnd in b.rounds:
        out.append(set_cell_size(_(rnd.label), w + 3), style="bold underline")
    out.append(_("Champion"), style="bold underline")
    out.append("\n")
    for y in range(rows):
        for col in cols:
            out.append_text(col[y])
        out.append("\n")
    if b.third_place is not None:
        out.append_text(_third_place(b.third_place))
    return out


class BracketView(Static):
    """Shows a bracket, or a hint while there is none; drawn again to its width when resized."""

    _shown: Bracket | None = None

    def on_resize(self) -> None:
        if self._shown is not None:
            self.update(draw(self._shown, self.size.width or None))

    def show(self, b: Bracket | None) -> None:
        self._shown = b
        if b is None:
            self.update(
                Text(
                    _("No elimination bracket yet: after the Swiss rounds, F7 cuts to the top 2/4/8/16/32."),
                    style="dim",
                )
            )
        else:
            self.update(draw(b, self.size.width or None))


__all__ = ["BracketView", "draw", "cell_len"]
