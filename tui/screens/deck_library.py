"""The deck library in the app: the dialog that lists the saved decks (load,
delete) and the deck builder's library keys (save, export, load), which
DeckBuilderScreen inherits.  The storage is limited.library.Library."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Label

from core.errors import LyceeError
from core.i18n import _
from core.labels import kind_short
from limited.view import Library, export_text

from ..i18n import Translated
from ..widgets.footer import WholeKeysFooter
from ..widgets.plain import PlainTable
from ..widgets.wrapped import fit_name
from .dialogs import Choose, Confirm, Prompt

if TYPE_CHECKING:
    from textual import getters

    from limited.view import DeckState

    from ..apphost import DeskApp

TCSS = Path(__file__).with_name("deck_library.tcss")  # the library dialog


#: The name's width the other columns make room for (or the widest name, when narrower).
NAME_ROOM = 24


def library_cells(doc: dict) -> tuple[str, ...]:
    """A saved deck's row: name, set, format (one word), deck cards, spares, when saved."""
    return (
        doc.get("name", "?"),
        doc.get("set", "?"),
        kind_short(doc.get("kind", "?")),
        str(sum(doc.get("deck", {}).values())),
        str(sum(doc.get("spare", {}).values())),
        doc.get("saved", "")[:16].replace("T", " "),
    )


def library_columns(cells: list[tuple[str, ...]], width: int) -> list[tuple[int, str, int]]:
    """The columns shown in ``width`` cells, as (index in the row, label, width): every column but the
    name as wide as its widest cell (label included), the name the rest of the row; when the name would
    get less than NAME_ROOM (or its widest, when narrower), the columns least needed are left out first
    (the time saved, then the spares: at 80 columns in Japanese the set, format and deck size stay)."""
    # after the name, the least needed last: a row too narrow leaves out the last first
    labels = [_("Name"), _("Set"), _("Format"), _("Deck"), _("Spares"), _("Saved")]
    widths = [max([cell_len(lbl)] + [cell_len(row[i]) for row in cells]) for i, lbl in enumerate(labels)]
    want = min(widths[0], NAME_ROOM)
    shown = list(range(1, len(labels)))

    def room() -> int:
        # each column has one cell of padding each side; two cells are kept for the scroll bar
        return width - 2 * (len(shown) + 1) - 2 - sum(widths[i] for i in shown)

    while shown and room() < want:
        shown.pop()
    name = max(cell_len(labels[0]), min(widths[0], room()))
    return [(0, labels[0], name)] + [(i, labels[i], widths[i]) for i in shown]


class LibraryDialog(Translated, ModalScreen[dict | None]):
    """Pick a saved deck: Enter loads it, x deletes it, Escape goes back; the keys in the footer."""

    CSS_PATH: ClassVar = [TCSS]
    BINDINGS = [
        Binding("enter", "load", "Load", id="library.load", priority=True),
        Binding("x,delete", "delete", "Delete", id="library.delete"),
        Binding("escape", "cancel", "Cancel", id="library.cancel"),
    ]

    def __init__(self, library: Library):
        super().__init__()
        self._translate_bindings()
        self.library = library
        self.docs: list[dict] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Deck library"), classes="title")
            yield PlainTable(cursor_type="row", zebra_stripes=True)
            yield Label(str(self.library.path), classes="hint", markup=False)
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        self.refresh_rows()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        self.refresh_rows()

    def refresh_rows(self) -> None:
        t = self.query_one(DataTable)
        row = t.cursor_row
        t.clear(columns=True)
        self.docs = self._saved_decks()
        cells = [library_cells(d) for d in self.docs]
        # the dialog is 110 columns or the screen's width, less its border and padding (deck_library.tcss)
        columns = library_columns(cells, t.size.width or min(110, self.app.size.width) - 4)
        for _i, label, width in columns:
            t.add_column(label, width=width)
        for row_cells in cells:
            t.add_row(fit_name(row_cells[0], columns[0][2]), *(row_cells[i] for i, _l, _w in columns[1:]))
        if row and row < len(cells):
            t.move_cursor(row=row)

    def _saved_decks(self) -> list[dict]:
        """The library's decks (none, and the reason said, when the library cannot be read)."""
        try:
            return self.library.decks()
        except LyceeError as err:
            self.notify(str(err), severity="error", markup=False)
            return []

    def _selected(self) -> dict | None:
        t = self.query_one(DataTable)
        if not self.docs or t.cursor_row is None or t.cursor_row >= len(self.docs):
            return None
        return self.docs[t.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_load()

    def action_load(self) -> None:
        doc = self._selected()
        if doc is not None:
            self.dismiss(doc)

    def action_delete(self) -> None:
        doc = self._selected()
        if doc is None:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                try:
                    self.library.remove(doc["name"])
                except LyceeError as err:
                    self.notify(str(err), severity="error", markup=False)
                self.refresh_rows()

        self.app.push_screen(Confirm(_("Delete the saved deck {name}?", name=doc["name"])), answer)

    def action_cancel(self) -> None:
        self.dismiss(None)


def free_name(name: str, taken: set[str]) -> str:
    """``name`` with the first number (2, 3, ...) that no saved deck has: 「NAME (2)」."""
    n = 2
    while f"{name} ({n})" in taken:
        n += 1
    return f"{name} ({n})"


# -- the builder --------------------------------------------------------------------------------------


class LibraryActions(Screen):
    """The deck builder's library keys (mixed into DeckBuilderScreen: its
    state, say() and redraw(), declared here for the type checker)."""

    if TYPE_CHECKING:
        app = getters.app(DeskApp)  # Textual's typed self.app
        state: DeckState
        dirty: bool

        @property
        def deck_name(self) -> str: ...
        def say(self, text: str, error: bool = False) -> None: ...
        def redraw(self, touched: str | None = None) -> None: ...
        def builder_for(self, doc: dict) -> LibraryActions: ...

    @property
    def library(self) -> Library:
        return Library(self.app.datadir.root)

    def to_doc(self) -> dict:
        return self.state.to_doc(self.app.datadir.clock().isoformat(timespec="seconds"))

    def save_as(self, name: str) -> bool:
        self.state.name = name
        try:
            self.library.save(self.to_doc())
        except (LyceeError, OSError) as err:
            self.say(str(err), error=True)
            return False
        self.dirty = False
        self.own_name = name
        self.redraw()
        self.say(_("saved {name} in the library {path}", name=name, path=self.library.path))
        return True

    #: The library name this builder saved under or was loaded from: saving there again asks nothing.
    own_name: str | None = None

    def action_save(self) -> None:
        def named(name: str | None) -> None:
            if name:
                self.save_checked(name.strip())

        self.app.push_screen(Prompt(_("Save the deck in the library as:"), self.deck_name), named)

    def save_checked(self, name: str) -> None:
        """Save as ``name``; another deck saved under it is overwritten only when the player
        says so (or both are kept, this one under a free name like 「NAME (2)」)."""
        try:
            taken = {d.get("name", "") for d in self.library.decks()}
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        if name not in taken or name == self.own_name:
            self.save_as(name)
            return
        other = free_name(name, taken)

        def chosen(choice: str | None) -> None:
            if choice == "overwrite":
                self.save_as(name)
            elif choice == "both":
                self.save_as(other)
            else:
                self.say(_("not saved: {name} is kept as it was", name=name))

        choices = [  # short, one row each: the names are in the question
            ("overwrite", _("Overwrite the saved deck")),
            ("both", _("Keep both (this one under the new name)")),
            ("cancel", _("Cancel: save nothing")),
        ]
        question = _(
            "The library has a deck named {name} already. Keep both saves this one as {new_name}.",
            name=name,
            new_name=other,
        )
        self.app.push_screen(Choose(question, choices), chosen)

    def export_text(self) -> str:
        return export_text(self.state)

    def action_export(self) -> None:
        try:
            path = self.library.export(self.deck_name, self.export_text())
        except OSError as err:
            self.say(str(err), error=True)
            return
        self.say(_("written: {path}", path=path))

    def action_load(self) -> None:
        """l: the library's decks; with unsaved changes, asks first (as Esc does)."""
        if not self.dirty:
            self.pick_saved()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.pick_saved()

        question = _("Load a saved deck? Changes to this deck since the last save are lost.")
        self.app.push_screen(Confirm(question), answer)

    def offers_decks(self, lib, empty: str) -> bool:
        """Whether ``lib`` has a deck to offer; if not, or it cannot be read, says so (``empty``)."""
        try:
            has = bool(lib.decks())
        except LyceeError as err:
            self.say(str(err), error=True)
            return False
        if not has:
            self.say(empty, error=True)
        return has

    def pick_saved(self) -> None:
        lib = self.library
        if not self.offers_decks(lib, _("the library is empty: Ctrl+S saves this deck")):
            return

        def chosen(doc: dict | None) -> None:
            if not doc:
                return
            try:
                screen = self.builder_for(doc)  # each builder says which builder a saved deck opens in
            except LyceeError as err:
                self.say(str(err), error=True)
                return
            screen.own_name = doc.get("name")  # saving it again under its own name overwrites no other deck
            self.app.switch_screen(screen)

        self.app.push_screen(LibraryDialog(lib), chosen)
