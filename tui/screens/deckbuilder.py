"""The deck builder for sealed and draft pools (the deck library dialog and
the builder's library keys: tui/screens/deck_library.py).

The builder shows the pool (filtered by type, attribute, cost and rarity,
sorted), the deck and the spare cards, the cost curve and the attribute
spread, and the deck checks of core.cards.decks for the format, live.  The state
(pool, deck, spares, filters, every move) is limited.deckstate.DeckState; the
library's storage is limited.library.Library; the screen shows them and calls
them.

Opened on an event player's pool (the event screen's build tab, Enter), the builder starts
from the player's registered deck, if any; Ctrl+R registers it (a ``decklist`` action, the Desk);
``l`` there offers only the saved decks that pool can build and asks before replacing the cards.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import ClassVar, Self

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from core.errors import LyceeError
from core.i18n import _
from core.labels import match_label
from limited.view import (
    LIBRARY_FILE,
    LIBRARY_SCHEMA,
    SORTS,
    SPARE_MAX,
    Card,
    CardSet,
    Decklist,
    DeckProblem,
    DeckState,
    Library,
    slug,
)

from ..i18n import Translated
from ..widgets.cards import card_cells, card_columns, cost_curve, cost_glyphs
from ..widgets.deck_panels import attribute_ex, card_detail, rating_text
from ..widgets.footer import WholeKeysFooter
from ..widgets.plain import PlainTable
from ..widgets.wrapped import WrapLabel
from .deck_library import LibraryDialog
from .deck_player import PlayerDeckActions, Register
from .deck_text import builder_hint, builder_title, checks_text, filter_line, search_question, search_said
from .dialogs import Confirm, Prompt

TCSS = Path(__file__).with_name("deckbuilder.tcss")  # this module's screens and dialogs


class DeckBuilderScreen(PlayerDeckActions, Translated, Screen):
    """Build a deck from a sealed or drafted pool (see the module docstring)."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("enter", "move", "Move", id="builder.move", priority=True),
        Binding("plus,equals_sign", "add", "Add one", id="builder.add", show=False),
        Binding("minus", "remove", "Remove one", id="builder.remove", show=False),
        # Ctrl+R (an event player's pool only) and Esc before s: at 80 columns they show with F1
        Binding("ctrl+r", "register", "Register to the player", id="builder.register"),
        Binding("escape", "close", "Back", id="builder.close"),
        # Ctrl+S right after Esc: at 80 columns it shows in the footer and at the top of F1 (issue 48)
        Binding("ctrl+s", "save", "Save", id="builder.save"),
        Binding("s", "spare", "Spare", id="builder.spare"),
        # narrow terminals show the pool or the deck, Tab switches, and the footer says so (wide ones: this
        # binding is off, the hidden one below makes Tab the next list, as always)
        Binding("tab", "pane_narrow", "Pool / deck", id="builder.pane_narrow", priority=True),
        Binding("t", "filter('type')", "Filter by type", id="builder.filter_type", show=False),
        Binding("a", "filter('attr')", "Filter by attribute", id="builder.filter_attr", show=False),
        Binding("p", "filter('pair')", "Two attributes and 無", id="builder.filter_pair", show=False),
        Binding("c", "filter('cost')", "Filter by cost", id="builder.filter_cost", show=False),
        Binding("r", "filter('rarity')", "Filter by rarity", id="builder.filter_rarity", show=False),
        Binding("0", "clear_filters", "Clear the filters", id="builder.filter_clear", show=False),
        Binding("o", "sort", "Sort the pool", id="builder.sort", show=False),
        Binding("slash", "search", "Search by number or name", id="builder.search", show=False),
        Binding("g", "suggest", "Suggest", id="builder.suggest"),
        Binding("m", "match", "Bo3/Bo1", id="builder.match"),
        Binding("l", "load", "Load", id="builder.load"),
        Binding("e", "export", "Export", id="builder.export"),
        Binding("tab", "pane", "Pool / deck", id="builder.pane", show=False, priority=True),
    ]
    #: Below these sizes the builder shows one list at a time (width) and drops the charts (height).
    NARROW, SHORT = 100, 34

    def __init__(
        self,
        cs: CardSet,
        kind: str,
        pool,
        *,
        packs: int | None = None,
        deck: dict[str, int] | None = None,
        spare: dict[str, int] | None = None,
        name: str = "",
        seed: int | None = None,
        product: str | None = None,
        match: str = "bo3",
        register: Register | None = None,
        player: str = "",
    ):
        super().__init__()
        self._translate_bindings()
        self.state = DeckState(
            cs, kind, Counter(pool), packs, Counter(deck or {}), Counter(spare or {}), name, seed, product, match
        )
        self.register = register
        self.player_name = player
        self.dirty = False
        self._rows: dict[str, list[str]] = {"pool": [], "deck": [], "spare": []}
        self._pool_cols: list = []
        self.problems: list[DeckProblem] = []

    @classmethod
    def from_doc(cls, doc: dict) -> Self:
        """A builder on a deck saved in the library."""
        from .limited_kit import catalog

        st = DeckState.from_doc(doc, catalog().set(doc["set"]))
        return cls(
            st.cs,
            st.kind,
            st.pool,
            packs=st.packs,
            deck=st.deck,
            spare=st.spare,
            name=st.name,
            seed=st.seed,
            product=st.product,
            match=st.match,
        )

    def builder_for(self, doc: dict) -> DeckBuilderScreen:
        """The builder `l` opens on a deck saved in the library: a plain one (only a draft's own
        builder (PracticeBuilder) keeps its log; an event player's loads into their pool instead)."""
        return DeckBuilderScreen.from_doc(doc)

    # the state's parts, as the screen shows them
    @property
    def cs(self) -> CardSet:
        return self.state.cs

    @property
    def kind(self) -> str:
        return self.state.kind

    @property
    def packs(self) -> int | None:
        return self.state.packs

    @property
    def pool(self) -> Counter:
        return self.state.pool

    @property
    def deck(self) -> Counter:
        return self.state.deck

    @property
    def spare(self) -> Counter:
        return self.state.spare

    @property
    def deck_name(self) -> str:
        return self.state.name

    @property
    def match(self) -> str:
        return self.state.match

    @property
    def want(self) -> int:
        return self.state.want

    def card(self, number: str) -> Card:
        return self.state.card(number)

    def left(self, number: str) -> int:
        return self.state.left(number)

    def decklist(self) -> Decklist:
        return self.state.decklist()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Ctrl+R (register) only on an event player's pool."""
        if action == "register":
            return self.register is not None
        if action == "pane_narrow":
            return self.has_class("-narrow")
        return True

    # -- compose ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="builder-bar"):
            yield Label("", id="builder-title", classes="title", markup=False)
        yield Label("", id="filters", classes="hint", markup=False)
        with Horizontal(id="builder-body"):
            with Vertical(id="builder-left"):
                yield Label("", id="pool-head", classes="section", markup=False)
                yield PlainTable(cursor_type="row", zebra_stripes=True, id="pool")
                yield Static("", id="checks", markup=False)
            with Vertical(id="builder-right"):
                yield Label("", id="deck-head", classes="section", markup=False)
                yield PlainTable(cursor_type="row", zebra_stripes=True, id="deck")
                yield Label("", id="spare-head", classes="section", markup=False)
                yield PlainTable(cursor_type="row", zebra_stripes=True, id="spare")
                with Horizontal(id="charts"):
                    yield Static("", id="curve", markup=False)
                    yield Static("", id="spread", markup=False)
            yield Static("", id="side", markup=False)  # narrow terminals: the curve and attributes beside the list
        yield Static("", id="card", markup=False)
        yield Static("", id="narrow-checks", markup=False)
        yield WrapLabel("", id="message", classes="hint", keep=[self.player_name] if self.player_name else [])
        yield WholeKeysFooter(help_when_cut=True)  # at 80 columns the footer ends with F1 (more keys)

    def on_mount(self) -> None:
        for tid in ("deck", "spare"):
            self.query_one(f"#{tid}", DataTable).add_columns("#", _("No."), _("Name"), _("Cost"))
        self._fit(self.app.size.width, self.app.size.height)
        self._pool_columns()
        self.redraw()
        self.query_one("#pool", DataTable).focus()
        self.say(builder_hint(self.has_class("-narrow"), self.player_name if self.register else None))

    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)
        if self._pool_cols:
            self.redraw()  # the filter line breaks between filters at the new width

    def _fit(self, width: int, height: int) -> None:
        if self.has_class("-narrow") != (width < self.NARROW):
            self.set_class(width < self.NARROW, "-narrow")
            self.refresh_bindings()  # Tab in the footer only when narrow
            if self._pool_cols:
                self._pool_columns()
                self._draw_pool()
        self.set_class(height < self.SHORT, "-short")

    def _pool_columns(self) -> None:
        t = self.query_one("#pool", DataTable)
        t.clear(columns=True)
        self._pool_cols = t.add_columns(*self._pool_pick([_("Left"), *card_columns(with_type=False)], _("Rtg")))

    def _pool_pick(self, cells: list, rating) -> list:
        """The pool's columns: the rating after EX; AP/DP/SP and rarity only when wide (the card line shows them)."""
        cells = [*cells[:6], rating, *cells[6:]]
        return cells[:7] if self.has_class("-narrow") else cells

    def action_pane_narrow(self) -> None:
        self.action_pane()

    def action_pane(self) -> None:
        """Tab: on a narrow terminal, the pool or the deck and spares (each list whole); else the next list."""
        if not self.has_class("-narrow"):
            self.focus_next()
            return
        deck = not self.has_class("-deck-pane")
        self.set_class(deck, "-deck-pane")
        self.query_one("#deck" if deck else "#pool", DataTable).focus()

    def check(self) -> list[DeckProblem]:
        """core.cards.decks' verdict for this format (G-SEALED / G-DRAFT-*, G-SPARE-1)."""
        return self.state.check()

    # -- drawing ------------------------------------------------------------------------------------------
    def redraw(self, touched: str | None = None) -> None:
        """Draw everything again; with ``touched``, only that card's pool row
        (the filters and the order are unchanged)."""
        self.problems = self.check()
        n, s = sum(self.deck.values()), sum(self.spare.values())
        # the title's room: the width less the label's padding
        title = builder_title(self.state, self.player_name if self.register else None, self.app.size.width - 2)
        self.query_one("#builder-title", Label).update(title)
        filters = filter_line(self.state.filters, self.state.sort_key, self.state.query, self.app.size.width - 1)
        self.query_one("#filters", Label).update(filters)
        self.query_one("#pool-head", Label).update(
            _("Pool: {total} cards, {left} left", total=sum(self.pool.values()), left=self.state.available())
        )
        deck_head = Text(_("Deck {n}/{want}", n=n, want=self.want), style="bold green" if n == self.want else "bold")
        self.query_one("#deck-head", Label).update(deck_head)
        if self.match == "bo3":
            spare_head = _("Spare cards {n}/{max} (G-SPARE-1)", n=s, max=SPARE_MAX)
        else:
            spare_head = _("Spare cards {n}: none in best of one (G-SPARE-1)", n=s)
        self.query_one("#spare-head", Label).update(spare_head)
        if touched is not None and touched in self._rows["pool"] and self.left(touched) > 0:
            self._update_pool_row(touched)
        elif touched is None or touched in self._rows["pool"] or touched in self.state.pool_rows():
            self._draw_pool()  # a card whose last copy moved leaves the list; one back in it returns
        self._draw_list("deck")
        self._draw_list("spare")
        deck_cards = {self.card(k): v for k, v in self.deck.items() if v > 0}
        self.query_one("#curve", Static).update(cost_curve(deck_cards, height=5))
        self.query_one("#spread", Static).update(attribute_ex(deck_cards, bar=8))
        side = cost_curve(deck_cards, height=3) + Text("\n") + attribute_ex(deck_cards, bar=6)
        self.query_one("#side", Static).update(side)
        self.show_card()
        self.query_one("#checks", Static).update(checks_text(self.problems, self.decklist(), self.kind, self.cs))
        counts = Text(
            _("Deck {n}/{want}", n=n, want=self.want) + " · " + spare_head + " · ",
            style="bold green" if n == self.want else "bold",
        )
        self.query_one("#narrow-checks", Static).update(
            counts + checks_text(self.problems, self.decklist(), self.kind, self.cs, want=self.want)
        )

    def _restore(self, table: DataTable, row: int | None) -> None:
        if table.row_count:
            table.move_cursor(row=min(row or 0, table.row_count - 1), animate=False, scroll=True)

    def _pool_cells(self, num: str) -> list[Text]:
        left = Text(str(self.left(num)), style="bold", justify="right")  # a row has a copy left (_draw_pool)
        return self._pool_pick([left, *card_cells(self.card(num), with_type=False)], rating_text(self.card(num)))

    def show_card(self) -> None:
        """The card under the cursor of the list in focus, with its text, under the lists."""
        _tid, num = self._focused()
        card = None if num is None else self.card(num)
        self.query_one("#card", Static).update(card_detail(card, None if num is None else self.left(num)))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_card()

    def on_descendant_focus(self, event) -> None:
        self.show_card()

    def _update_pool_row(self, num: str) -> None:
        t = self.query_one("#pool", DataTable)
        for col, cell in zip(self._pool_cols, self._pool_cells(num)):
            t.update_cell(num, col, cell)

    def _draw_pool(self) -> None:
        """The pool's cards with a copy left, the cursor on its card (or the next, its card gone)."""
        t = self.query_one("#pool", DataTable)
        row = t.cursor_row
        was = dict(enumerate(self._rows["pool"])).get(row)
        t.clear()
        nums = [n for n in self.state.pool_rows() if self.left(n) > 0]
        self._rows["pool"] = nums
        for num in nums:
            t.add_row(*self._pool_cells(num), key=num)
        self._restore(t, nums.index(was) if was in nums else row)

    def _draw_list(self, tid: str) -> None:
        t = self.query_one(f"#{tid}", DataTable)
        row = t.cursor_row
        t.clear()
        counts = self.deck if tid == "deck" else self.spare
        nums = self.state.rows(tid)
        self._rows[tid] = nums
        for num in nums:
            c = self.card(num)
            t.add_row(Text(str(counts[num]), justify="right"), Text(num, style="cyan"), c.name, cost_glyphs(c), key=num)
        self._restore(t, row)

    def say(self, text: str, error: bool = False) -> None:
        lbl = self.query_one("#message", WrapLabel)  # by Japanese rules, a player's name whole
        lbl.update(text)
        lbl.set_class(error, "error")

    # -- moving cards ---------------------------------------------------------------------------------------
    def _focused(self) -> tuple[str, str | None]:
        """Which list has the focus and the card number under its cursor."""
        focused = self.focused
        tid = focused.id if isinstance(focused, DataTable) and focused.id in self._rows else "pool"
        t = self.query_one(f"#{tid}", DataTable)
        rows = self._rows[tid]
        if not rows or t.cursor_row is None or t.cursor_row >= len(rows):
            return tid, None
        return tid, rows[t.cursor_row]

    def _changed(self, text: str, touched: str | None = None) -> None:
        self.dirty = True
        self.redraw(touched)
        self.say(text)

    def _add(self, num: str, to: str) -> bool:
        try:
            self.state.add(num, to)
        except LyceeError as err:
            self.say(str(err), error=True)
            return False
        return True

    def action_move(self) -> None:
        tid, num = self._focused()
        if num is None:
            return
        c = self.card(num)
        if tid == "pool":
            if self._add(num, "deck"):
                self._changed(_("{number} {name} into the deck", number=num, name=c.name), num)
        elif self.state.take(num, tid):
            self._changed(_("{number} {name} back to the pool", number=num, name=c.name), num)

    def action_add(self) -> None:
        tid, num = self._focused()
        if num is None:
            return
        to = "spare" if tid == "spare" else "deck"
        if self._add(num, to):
            self._changed(_("{number} {name}: one more", number=num, name=self.card(num).name), num)

    def action_remove(self) -> None:
        tid, num = self._focused()
        if num is None:
            return
        frm = "spare" if tid == "spare" else "deck"
        if self.state.take(num, frm):
            self._changed(_("{number} {name}: one fewer", number=num, name=self.card(num).name), num)

    def action_spare(self) -> None:
        tid, num = self._focused()
        if num is None:
            return
        name = self.card(num).name
        if tid == "pool":
            if self._add(num, "spare"):
                self._changed(_("{number} {name} into the spare cards", number=num, name=name), num)
        elif tid == "deck":
            if self.state.to_other(num, "deck"):
                self._changed(_("{number} {name} from the deck to the spare cards", number=num, name=name), num)
        elif self.state.to_other(num, "spare"):
            self._changed(_("{number} {name} from the spare cards to the deck", number=num, name=name), num)

    def action_filter(self, what: str) -> None:
        self.state.cycle_filter(what)
        self.redraw()

    def action_clear_filters(self) -> None:
        self.state.clear_filters()
        self.redraw()

    def action_sort(self) -> None:
        self.state.next_sort()
        self.redraw()

    def action_search(self) -> None:
        """/: only the pool's cards found by number or name, kana too (DeckState.search)."""

        def answer(text: str | None) -> None:
            self.state.search(text)
            self.redraw()
            self.say(*search_said(self.state))

        self.app.push_screen(Prompt(search_question(), self.state.query), answer)

    def action_match(self) -> None:
        self.state.toggle_match()
        self._changed(_("now {match}", match=match_label(self.match)))

    def action_suggest(self) -> None:
        """The bot builder's deck (limited.sealed / limited.draft), checked by core.cards.decks."""
        try:
            dl = self.state.suggest()
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self._changed(_("suggested by the bot builder: {n} cards, {s} spare cards", n=dl.deck_size, s=dl.spare_size))

    def action_close(self) -> None:
        if not self.dirty:
            self.app.pop_screen()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()

        question = (
            _(
                "Leave the deck builder? The deck is not registered to {name} since the last change.",
                name=self.player_name,
            )
            if self.register is not None
            else _("Leave the deck builder? Changes since the last save are lost.")
        )
        self.app.push_screen(Confirm(question), answer)


__all__ = ["LIBRARY_FILE", "LIBRARY_SCHEMA", "SORTS", "DeckBuilderScreen", "Library", "LibraryDialog", "slug"]
