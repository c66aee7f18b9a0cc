"""Between packs and after a draft: the picks of the pack just finished with
the pool so far (PackReview), the whole draft pick by pick beside the
bots' choices and reasons (PickReviewScreen, limited.review), and the deck
builder that writes the deck saved into the draft's log (PracticeBuilder)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Static

from core.i18n import _
from limited.view import CardSet, Decklist, Draft, Pick, colour_text, write_log

from ..i18n import Translated
from ..widgets.cards import attr_glyphs, cost_glyphs, pool_charts
from ..widgets.plain import PlainTable
from ..widgets.wrapped import WrapLabel, fit_cell, fit_tail
from .deckbuilder import DeckBuilderScreen

__all__ = ["PackReview", "PickReviewScreen", "PracticeBuilder", "PracticeLog"]

TCSS = Path(__file__).with_name("draft_review.tcss")


#: Where the name sits among PackReview's columns, and the last column it keeps in sight (the cost).
_NAME, _COST = 2, 4


def name_room(width: int, labels: tuple[str, ...], rows: list[tuple[Text | str, ...]]) -> int:
    """The cells PackReview gives the card's name in a table ``width`` wide, each other column as wide as
    its widest cell or label with one cell of padding each side (the last one shown may lose its right
    one): the widest name (at most 40) when every column fits; else the table ends at the last column
    that fits whole beside that name (the cost at least: at 80 columns in Japanese, after the cost) and
    the name takes what the columns up to it leave, so that none is cut in half (at least the label's
    width; a long name is cut with 「…」)."""
    widths = [2 + max([cell_len(lbl)] + [cell_len(str(r[i])) for r in rows]) for i, lbl in enumerate(labels)]
    name = min(40, widths[_NAME] - 2)

    def others(last: int) -> int:
        """The cells the columns up to ``last`` take besides the name, the last one's right padding off."""
        return sum(widths[i] for i in range(last + 1) if i != _NAME) - 1

    last = len(labels) - 1
    if others(last) + name + 2 <= width:
        return name
    while last > _COST and others(last) + name + 2 > width:
        last -= 1
    return max(cell_len(labels[_NAME]), width - others(last) - 2)


class PackReview(Translated, ModalScreen[None]):
    """Between packs: the cards taken in the pack just finished, the pool so
    far, and where the next pack goes; after the last, the way to the builder."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("enter,escape", "close", "Continue", id="review.continue", priority=True),
        Binding("r", "pick_review", "Pick review", id="review.picks"),
    ]

    def __init__(
        self,
        cs: CardSet,
        round_no: int,
        packs: int,
        picks: list[Pick],
        pool,
        next_text: str | None,
        log_path,
        last: bool,
        review: Callable[[], object] | None = None,
    ):
        super().__init__()
        self._translate_bindings()
        self.review = review  # the draft's pick review, once it is over
        self.cs, self.round_no, self.packs = cs, round_no, packs
        self.picks, self.pool, self.next_text, self.log_path, self.last = picks, pool, next_text, log_path, last

    def compose(self) -> ComposeResult:
        with Vertical():
            title = (
                _("Draft over: your picks in pack {round}", round=self.round_no)
                if self.last
                else _("Pack {round} of {packs} done: your picks", round=self.round_no, packs=self.packs)
            )
            yield Label(title, classes="title", markup=False)
            with Horizontal(id="review-body"):
                yield PlainTable(cursor_type="row", zebra_stripes=True)
                yield Static(
                    pool_charts(
                        [self.cs.card(n) for n in self.pool],
                        _("Pool: {n} cards", n=len(self.pool)),
                        curve_height=4 if self.app.size.height >= 30 else 3,  # at 24 rows the charts show whole
                    ),
                    id="review-charts",
                    markup=False,
                )
            if self.next_text:
                yield Label(self.next_text, classes="title", markup=False)
            if self.log_path:  # one line: the path's start gives way (…/drafts/draft-alpha-3.json)
                room = min(self.app.size.width, 110) - 4 - cell_len(_("draft log: {path}", path=""))
                path = fit_tail(str(self.log_path), max(10, room))
                yield Label(_("draft log: {path}", path=path), classes="hint", markup=False)
            yield Label(self._keys_hint(), classes="hint")

    def _keys_hint(self) -> str:
        """What Enter does next, and what 「自動」 means when the timer made a pick of the pack."""
        keys = _("Enter: build your deck · r: pick review") if self.last else _("Enter: open the next pack")
        if any(p.timeout for p in self.picks):
            keys += "  ·  " + _("auto: the timer ran out and the bot picked")
        return keys

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        # the card first (at 80 columns the last columns go past the edge): pick, card, what it needs
        labels = (_("Pick"), _("No."), _("Name"), _("Attr."), _("Cost"), _("Left"), _("Rar."))
        rows = [self._row(p) for p in self.picks]
        # the dialog's width less its border and padding and the charts beside the table (draft_review.tcss)
        room = name_room(min(self.app.size.width, 110) - 4 - 30, labels, rows)
        for i, label in enumerate(labels):
            t.add_column(label, width=room if i == _NAME else None)
        for row in rows:
            t.add_row(*row[:2], Text(fit_cell(str(row[2]), room).rstrip()), *row[3:])
        t.focus()

    def _row(self, p: Pick) -> tuple[Text | str, ...]:
        """A pick's cells, the name whole.  A pick the timer made has a short mark (the hint says what it
        means): 「（時間切れ）」 widened the first column and pushed the cost past the edge, header and all."""
        c = self.cs.card(p.took)
        return (
            Text(f"{p.pick}" + (" " + _("auto") if p.timeout else ""), style="yellow" if p.timeout else ""),
            Text(c.number, style="cyan"),
            c.name,
            attr_glyphs(c),
            cost_glyphs(c),
            str(len(p.offered)),  # the cards left in the pack at this pick (the one taken too)
            c.rarity,
        )

    def action_close(self) -> None:
        self.dismiss(None)

    def action_pick_review(self) -> None:
        """The whole draft pick by pick (limited.review), once the draft is over."""
        if not self.last or self.review is None:
            self.notify(_("the pick review opens when the draft is over"))
            return
        self.app.push_screen(PickReviewScreen(self.cs, self.review()))


class PickReviewScreen(Translated, ModalScreen[None]):
    """A seat's picks beside the bot's choice and its reason (limited.review);
    ``*`` marks a pick where they differ; below, every seat's colours and what
    flowed from each side.  Card and seat names are plain Text."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [Binding("escape,enter", "close", "Close", id="picks.close", priority=True)]

    def __init__(self, cs: CardSet, review):
        super().__init__()
        self._translate_bindings()
        self.cs, self.review = cs, review

    def compose(self) -> ComposeResult:
        rv = self.review
        with Vertical():
            yield Label(
                _(
                    "Pick review: seat {seat} ({name}); the bot agrees on {agree} of {n} picks",
                    seat=rv.seat + 1,  # people count seats from 1 (the log from 0)
                    name=rv.name,
                    agree=rv.agree,
                    n=len(rv.picks),
                ),
                classes="title",
                markup=False,
            )
            yield PlainTable(cursor_type="row", zebra_stripes=True)
            yield Static("", id="why", markup=False)
            seats = "  ".join(f"{i}:{colour_text(m) if m else '-'}" for i, m in enumerate(rv.mains, 1))
            # wrapped by Japanese rules (Textual's own began a line with 「）」 at 80 columns)
            yield WrapLabel(_("Seats: {seats}", seats=seats), classes="hint")
            yield WrapLabel(rv.flow_line(), classes="hint")

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        t.add_columns(_("Pick"), _("Took"), _("Rating"), _("Bot's pick"), _("Rating"))
        for p in self.review.picks:
            took, sug = self.cs.card(p.took), self.cs.card(p.suggested)
            mark = Text(f"{'*' if p.differs else ' '} {p.pack}-{p.pick}", style="yellow" if p.differs else "")
            if p.timeout:  # the timer ran out: the bot took it
                mark.append(" " + _("(time)"), style="yellow")
            t.add_row(
                mark,
                Text(f"{took.number} {took.name}"),
                str(took.rating),
                Text(f"{sug.number} {sug.name}" if p.differs else "="),
                str(sug.rating),
            )
        t.focus()
        self._show(0)

    def _show(self, row: int) -> None:
        if 0 <= row < len(self.review.picks):
            r = self.review.picks[row].reason
            self.query_one("#why", Static).update(Text(f"{r.text()}\n{r.top_text(parts=False)}"))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show(event.cursor_row)

    def action_close(self) -> None:
        self.dismiss(None)


class PracticeLog:
    """A practice draft's ``lycee-draft/1`` log: written when the draft is over with the bots' decks
    (the builder's, for review), again with the player's once built and saved legal."""

    def __init__(self, path: Path, draft: Draft, seat: int):
        self.path, self.draft, self.seat = path, draft, seat
        self.decks: list[Decklist | None] = self.draft.bot_decks()

    def write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_log(self.path, self.draft.result(self.decks))

    def add_deck(self, deck: Decklist) -> None:
        self.decks[self.seat] = deck
        self.write()


class PracticeBuilder(DeckBuilderScreen):
    """The deck builder after a draft practice: a legal deck saved to the library goes into the
    draft's log too, so the log holds every seat's deck (lycee-draft/1 ``pools[].deck``)."""

    def __init__(self, *args, draft_log: PracticeLog | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.draft_log = draft_log

    def builder_for(self, doc: dict) -> DeckBuilderScreen:
        """A saved deck of this draft's pool keeps writing into the draft's log; any other saved deck
        opens without it, as from the library (issue 48: loading one here stopped the app)."""
        screen = PracticeBuilder.from_doc(doc)
        mine, theirs = self.state, screen.state
        if (mine.cs.code, mine.kind, mine.seed, mine.pool) == (theirs.cs.code, theirs.kind, theirs.seed, theirs.pool):
            screen.draft_log = self.draft_log
        return screen

    def save_as(self, name: str) -> bool:
        saved = super().save_as(name)
        if saved and self.draft_log is not None and not self.state.check():
            try:
                self.draft_log.add_deck(self.state.decklist())
            except OSError as err:
                self.say(str(err), error=True)
        return saved
