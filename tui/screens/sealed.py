"""Sealed practice: open a product (G-SEALED), look at the pool, build.

The product is 2 starters or 1 starter + 3 boosters (limited.sealed.PRODUCTS);
the pool comes from limited.sealed.open_sealed with ``random.Random(seed)``,
and the seed is shown so the same pool can be opened again
(``lycee sealed --set SET --product P --seed S`` opens it on the command line).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from core.i18n import _
from core.labels import product_contents, product_label
from limited.view import ATTRIBUTES, CardSet, open_sealed

from ..i18n import Translated
from ..widgets.cards import card_cells, card_columns, narrow_pool_charts
from ..widgets.footer import WholeKeysFooter
from ..widgets.plain import PlainTable

TCSS = Path(__file__).with_name("sealed.tcss")  # this module's screens and dialogs

#: Below this many columns the side panel is hidden, so that the pool table is whole.
NARROW = 100


class SealedScreen(Translated, Screen):
    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("b", "build", "Build the deck", id="sealed.build"),
        Binding("n", "again", "Open another", id="sealed.again"),
        Binding("escape", "close", "Back", id="sealed.close"),
    ]

    def __init__(self, cs: CardSet, product: str, seed: int):
        super().__init__()
        self._translate_bindings()
        self.cs = cs
        self.product = product
        self.seed = seed
        self.pool = open_sealed(cs, product, random.Random(seed))

    def compose(self) -> ComposeResult:
        with Horizontal(id="sealed-bar"):
            yield Label(self._title(), id="sealed-title", classes="title", markup=False)
        with Horizontal(id="sealed-body"):
            with Vertical(id="sealed-pool"):
                yield Label(_("Pool: {n} cards", n=len(self.pool)), classes="section")
                yield PlainTable(cursor_type="row", zebra_stripes=True, id="pool")
            with VerticalScroll(id="sealed-side"):
                yield Label(_("Opened"), classes="section")
                yield Static(self._packs_text(), id="packs", markup=False)
                yield Static(
                    narrow_pool_charts([self.cs.card(n) for n in self.pool.cards]), id="pool-charts", markup=False
                )
        yield Label(
            _("b builds a 40-card deck from this pool (G-SEALED); the same seed opens the same pool."),
            id="message",
            classes="hint",
        )
        yield WholeKeysFooter()

    def _title(self) -> str:
        """The header: the set's version, then the product's contents, are left
        out when the whole line would not fit (at 80 columns the seed was cut)."""
        contents = product_contents(self.product)
        full = _(
            "Sealed practice · {set} ({version}) · {contents} · seed {seed}",
            set=self.cs.code,
            version=self.cs.version,
            contents=contents,
            seed=self.seed,
        )
        if cell_len(full) + 2 <= self.app.size.width:
            return full
        shorter = _(
            "Sealed practice · {set} · {contents} · seed {seed}", set=self.cs.code, contents=contents, seed=self.seed
        )
        if cell_len(shorter) + 2 <= self.app.size.width:
            return shorter
        # what the pool came from is listed below the title, pack by pack
        return _("Sealed practice · {set} · seed {seed}", set=self.cs.code, seed=self.seed)

    def _packs_text(self) -> Text:
        t = Text()
        for i, p in enumerate(self.pool.packs):
            if i:
                t.append("\n")
            if p.kind == "starter" and p.starter is not None:  # a starter pack names its starter
                st = self.cs.starter(p.starter)
                t.append(_("starter"), style="bold")
                t.append(f" {st.name} ({len(p)})")
            else:
                t.append(_("booster"), style="bold")
                t.append(f" ({len(p)})")
        return t

    def on_mount(self) -> None:
        self._fill()
        self.query_one("#pool", DataTable).focus()

    def on_resize(self) -> None:
        if self.has_class("-narrow") != (self.app.size.width < NARROW):
            self._fill()
        self.query_one("#sealed-title", Label).update(self._title())

    def _fill(self) -> None:
        """The pool table.  When narrow (80 columns) the side panel (the packs
        opened, the charts; the deck builder shows the same charts) gives its
        room to the table, which leaves out the type column (the number's prefix
        CH EV IT AR says it) so that every other column is whole (no 「キャラク」,
        no cut rarity)."""
        narrow = self.app.size.width < NARROW
        self.set_class(narrow, "-narrow")
        t = self.query_one("#pool", DataTable)
        row = t.cursor_row
        t.clear(columns=True)
        t.add_columns("#", *card_columns(with_type=not narrow))
        counts = Counter(self.pool.cards)
        order = sorted(
            counts,
            key=lambda n: ([ATTRIBUTES.index(a) for a in self.cs.card(n).attributes], self.cs.card(n).total_cost, n),
        )
        for num in order:
            t.add_row(
                Text(str(counts[num]), justify="right"), *card_cells(self.cs.card(num), with_type=not narrow), key=num
            )
        if row:
            t.move_cursor(row=row)

    def action_build(self) -> None:
        from .deckbuilder import DeckBuilderScreen

        self.app.push_screen(
            DeckBuilderScreen(
                self.cs,
                "sealed",
                self.pool.cards,
                seed=self.seed,
                product=self.product,
                name=_(
                    "{set} sealed {product} {seed}",
                    set=self.cs.code,
                    product=product_label(self.product),
                    seed=self.seed,
                ),
            )
        )

    def action_again(self) -> None:
        from .limited_kit import SealedSetup, catalog

        def chosen(v: dict | None) -> None:
            if v:
                self.app.switch_screen(SealedScreen(catalog().set(v["set"]), v["product"], v["seed"]))

        self.app.push_screen(SealedSetup(), chosen)

    def action_close(self) -> None:
        self.app.pop_screen()
