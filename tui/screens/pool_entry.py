"""Entering a player's pool from packs opened at the table (G-SEALED, G-DRAFT-1).

The organizer types the cards in by number on the fast entry line:
``5063 2`` Enter adds two CH-5063 (the prefix typed last is remembered, CH
at first: ``EV-5007`` switches it), ``5063 0`` takes the card out, ``-5063``
takes one copy out; a name (part of one, kana folded: limited.tablepool's
``Entry.find``, core.cards.search) finds the card when it names one, else
the cards it could be are listed.  Each card is echoed with its name, attributes and
rarity; a number that is not a card of the set is refused aloud and nothing
changes.  Text pasted into the line (lines or commas), or a file (Ctrl+O),
adds many at once.  The line under the table says how the pool stands
against the product (limited.tablepool.pool_problems); Ctrl+R records it as
the player's pool (a ``table_pool`` action: entered again, it replaces it,
until the player registers a deck).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label

from core import labels
from core.errors import LyceeError, ValidationError
from core.i18n import _, join_list, join_sentences, ngettext
from limited.view import (
    ATTRIBUTE_KANJI,
    CardSet,
    Entry,
    card_echo,
    expected_size,
    parse_text,
    pool_problems,
    read_pool_file,
)

from ..i18n import Translated
from ..widgets.cards import cost_glyphs
from ..widgets.footer import WholeKeysFooter
from ..widgets.plain import PlainTable
from ..widgets.wrapped import WrapLabel
from .dialogs import Confirm, Prompt

__all__ = ["PoolEntryScreen", "EntryLine"]


class EntryLine(Input):
    """The entry line: a paste of several lines (or commas) is handed to the screen whole."""

    def _on_paste(self, event: events.Paste) -> None:
        # LF, CRLF or CR alone (tmux's and xterm's paste) all end a line: splitlines knows them all
        if event.text and (len(event.text.strip().splitlines()) > 1 or "," in event.text):
            event.stop()
            event.prevent_default()  # not Input's own paste too: it put the first line in the box again
            scr = self.screen
            if isinstance(scr, PoolEntryScreen):
                scr.add_text(event.text, _("pasted text"))
        # one line: Input's own _on_paste (Textual calls it after this one) puts it in the box once


def entry_examples(cs: CardSet) -> tuple[str, str, str]:
    """The help's examples from the pool's own set (a beta pool read alpha's 5063): a character
    card's digits (the 63rd: 5063 in alpha, 6063 in beta), an event card's number (the 7th:
    EV-5007) and a character's family name (木村)."""
    chars = [c for c in cs.cards if c.number.startswith("CH-")]
    events = [c.number for c in cs.cards if c.number.startswith("EV-")]
    num = chars[min(62, len(chars) - 1)].number.split("-", 1)[1] if chars else "5063"
    event = events[min(6, len(events) - 1)] if events else "EV-5007"
    name = chars[0].name.split()[0] if chars else "木村"
    return num, event, name


class PoolEntryScreen(Translated, Screen):
    CSS = """
    PoolEntryScreen #pe-title { height: 1; background: $primary-background; text-style: bold; width: 1fr; }
    PoolEntryScreen #pe-help { height: auto; color: $text-muted; width: 1fr; }
    PoolEntryScreen #pe-entry { height: 3; }
    PoolEntryScreen #pe-echo { height: auto; width: 1fr; }
    PoolEntryScreen #pe-echo.error { color: $error; text-style: bold; }
    PoolEntryScreen #pe-cards { height: 1fr; }
    PoolEntryScreen #pe-check { height: auto; width: 1fr; }
    PoolEntryScreen #pe-check.error { color: $warning; }
    """
    BINDINGS = [
        Binding("ctrl+r", "record", "Record the pool", id="pool.record"),
        Binding("ctrl+o", "load", "From a file", id="pool.load"),
        Binding("delete", "remove", "Take out the card", id="pool.remove"),
        Binding("escape", "close", "Back", id="pool.close"),
    ]

    def __init__(
        self,
        cs: CardSet,
        kind: str,
        *,
        name: str,
        product: str = "",
        packs: int = 0,
        cards: Counter | None = None,
        record: Callable[[Counter], str] | None = None,
    ):
        super().__init__()
        self._translate_bindings()
        self.cs = cs
        self.kind = kind
        self.player_name = name
        self.product = product
        self.packs = packs
        self.entry = Entry(cs)
        if cards:
            self.entry.counts.update(cards)
        self.record = record
        self.recorded = bool(cards)
        self.refused: Counter | None = None  # the pool as Ctrl+R last saw it refused (the pod's boosters...)
        self.want = expected_size(cs, kind, product, packs)

    @property
    def counts(self) -> Counter:
        return self.entry.counts

    def compose(self) -> ComposeResult:
        yield Label("", id="pe-title", markup=False)
        num, event, name = entry_examples(self.cs)
        yield WrapLabel(  # the examples never split across lines (「5063」/「2」 at 80 columns)
            _(
                "Type a card number and how many, then Enter: {num} 2 (the prefix typed last stays: "
                "{event} switches to events), or a name: {name} 2 (kana too). {num} 0 takes a card out. "
                "Paste many lines, or Ctrl+O for a file.",
                num=num,
                event=event,
                name=name,
            ),
            keep=(f"{num} 2", event, f"{name} 2", f"{num} 0", "Ctrl+O"),
            id="pe-help",
        )
        yield EntryLine(placeholder=_("number count, e.g. {num} 2", num=num), id="pe-entry")
        yield WrapLabel("", id="pe-echo")  # a refusal is read whole (a pod's reconciliation runs 4 lines)
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="pe-cards")
        yield WrapLabel("", keep=(labels.product_label(self.product),) if self.product else (), id="pe-check")
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        t = self.query_one("#pe-cards", DataTable)
        t.add_columns(_("No."), _("Name"), _("Attr."), _("Cost"), _("Rarity"), _("Count"))
        self.redraw()
        self.query_one("#pe-entry", Input).focus()

    # -- drawing ---------------------------------------------------------------------------------
    def redraw(self, cursor: str | None = None) -> None:
        n = sum(self.counts.values())
        what = (
            _("product {name}", name=labels.product_label(self.product))
            if self.kind == "sealed"
            else _("{packs} packs drafted", packs=self.packs)
        )
        self.query_one("#pe-title", Label).update(
            _(
                "Pool of {name} · {n}/{want} cards · {set} {what}",
                name=self.player_name,
                set=self.cs.code,
                what=what,
                n=n,
                want=self.want,
            )
        )
        t = self.query_one("#pe-cards", DataTable)
        t.clear()
        for num in sorted(self.counts):
            c = self.cs.card(num)
            t.add_row(
                num,
                c.name,
                "".join(ATTRIBUTE_KANJI[a] for a in c.attributes) or "-",
                cost_glyphs(c),
                c.rarity,
                str(self.counts[num]),
                key=num,
            )
        if cursor is not None and cursor in self.counts:
            t.move_cursor(row=sorted(self.counts).index(cursor))
        self.show_check()

    def show_check(self) -> None:
        """The line under the table: what the pool lacks against the product, or that Ctrl+R records it."""
        probs = self.problems()
        chk = self.query_one("#pe-check", WrapLabel)
        if probs:
            chk.update(_("Not yet the product: {problems}", problems=join_sentences(probs)))
        elif self.refused == self.counts:  # the product, but Ctrl+R was refused: never "records it" beside that
            chk.update(_("Not recorded: the refusal above says what to check; correct the pool, then Ctrl+R."))
        else:
            chk.update(_("The pool is the whole product: Ctrl+R records it to {name}.", name=self.player_name))
        chk.set_class(bool(probs) or self.refused == self.counts, "error")

    def problems(self) -> list[str]:
        return pool_problems(self.cs, self.kind, self.counts, product=self.product, packs=self.packs)

    def echo(self, text: str, error: bool = False) -> None:
        lbl = self.query_one("#pe-echo", WrapLabel)
        lbl.update(Text(text))
        lbl.set_class(error, "error")
        if error:
            self.app.bell()

    # -- entry -----------------------------------------------------------------------------------
    def on_input_submitted(self, message: Input.Submitted) -> None:
        if message.input.id != "pe-entry":
            return
        message.stop()
        line = message.value.strip()
        if not line:
            return
        try:
            if line.startswith("-"):
                num = self.entry.resolve(line[1:])
                if not self.counts.get(num):
                    raise LyceeError(_("{number} is not in the pool", number=num))
                self.counts[num] -= 1
                if not self.counts[num]:
                    del self.counts[num]
                count = -1
            else:
                num, count = self.entry.add_line(line)
        except LyceeError as err:
            self.echo(_("refused: {why} (nothing changed)", why=err), error=True)
            message.input.select_all()  # the next keys type over it; arrows keep it to correct
            return
        message.input.value = ""
        self.recorded = False
        card = self.cs.card(num)
        have = self.counts.get(num, 0)
        if count > 0:
            said = _("+{count} {card} (now {have})", count=count, card=card_echo(card), have=have)
        else:
            said = _("out: {card} (now {have})", card=card_echo(card), have=have)
        if self.entry.also:  # a bare number of two types: the last prefix typed chose, say so
            said += " " + _(
                "({digits} is also {others}: type the prefix for it)",
                digits=num.split("-", 1)[1],
                others=join_list(card_echo(self.cs.card(n)) for n in self.entry.also),
            )
        self.echo(said)
        self.redraw(num)

    def add_text(self, text: str, source: str) -> None:
        try:
            counts = parse_text(text, self.cs)
        except LyceeError as err:
            self.echo(_("refused: {why} (nothing changed)", why=err), error=True)
            return
        self.counts.update(counts)
        self.recorded = False
        n = sum(counts.values())
        self.echo(ngettext("{n} card added from {source}", "{n} cards added from {source}", n, n=n, source=source))
        self.redraw()

    # -- actions ---------------------------------------------------------------------------------
    def action_load(self) -> None:
        def chosen(path: str | None) -> None:
            if not path:
                return
            p = Path(path.strip()).expanduser()
            try:  # bounded as a decklist is, UTF-8 or Shift_JIS (L-DECK-SIZE, L-FILE)
                text = read_pool_file(p)
            except ValidationError as err:  # one line under the entry: the file's name and what is wrong
                self.echo(f"{p.name}: {err.problems[0][1]}" if err.problems else str(err), error=True)
                return
            except LyceeError as err:
                self.echo(str(err), error=True)
                return
            self.add_text(text, p.name)

        self.app.push_screen(Prompt(_("Pool file: 'NUMBER COUNT' or 'COUNT NUMBER' lines")), chosen)

    def action_remove(self) -> None:
        t = self.query_one("#pe-cards", DataTable)
        if not t.row_count or t.cursor_row is None:
            return
        num = str(t.coordinate_to_cell_key(t.cursor_coordinate).row_key.value)
        self.counts.pop(num, None)
        self.recorded = False
        self.echo(_("out: {card} (now {have})", card=card_echo(self.cs.card(num)), have=0))
        self.redraw()

    def action_record(self) -> None:
        if self.record is None:
            return
        try:
            msg = self.record(Counter(self.counts))
        except LyceeError as err:
            self.refused = Counter(self.counts)
            self.echo(str(err), error=True)
            self.show_check()
            return
        self.recorded = True
        self.refused = None
        self.echo(msg)

    def action_close(self) -> None:
        if self.recorded or not self.counts:
            self.dismiss(self.recorded)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.dismiss(False)

        self.app.push_screen(
            Confirm(_("Leave without recording the pool of {name}? What was typed is lost.", name=self.player_name)),
            answer,
        )
