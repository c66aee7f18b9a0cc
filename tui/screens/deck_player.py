"""The deck builder's keys on an event player's pool (mixed into DeckBuilderScreen): Ctrl+R
registers the deck to the player (a ``decklist`` action, the Desk), and ``l`` offers only the
saved decks that pool can build, putting the chosen one's cards in this builder (asked first when
they replace cards there).  Elsewhere ``l`` is the library's (LibraryActions)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from core.errors import LyceeError
from core.i18n import _
from limited.view import Decklist, DeckProblem, DeckState, Library

from .deck_library import LibraryActions, LibraryDialog
from .dialogs import Confirm

if TYPE_CHECKING:
    from collections import Counter

    from limited.view import CardSet

#: Registers a deck to an event player; returns what to say (raises LyceeError when refused).
Register = Callable[[Decklist], str]


class PoolDecks(Library):
    """The library as an event player's builder shows it: only the decks their pool can build."""

    def __init__(self, root: str | Path, state: DeckState):
        super().__init__(root)
        self.state = state

    def decks(self) -> list[dict]:
        return [d for d in super().decks() if self.state.can_build(d)]


class PlayerDeckActions(LibraryActions):
    """Ctrl+R and ``l`` on an event player's pool (see the module docstring); the builder's parts
    they use are declared here for the type checker."""

    if TYPE_CHECKING:
        register: Register | None
        player_name: str
        problems: list[DeckProblem]

        @property
        def cs(self) -> CardSet: ...
        @property
        def deck(self) -> Counter: ...
        @property
        def spare(self) -> Counter: ...
        def decklist(self) -> Decklist: ...
        def _changed(self, text: str, touched: str | None = None) -> None: ...

    def action_register(self) -> None:
        """Register the deck to the event player whose pool this is (problems
        and all, as a list handed in; round 1 waits for a legal one)."""
        if self.register is None:
            return
        try:
            msg = self.register(self.decklist())
        except LyceeError as err:
            self.say(str(err), error=True)
            return
        self.dirty = False
        self.say(msg, error=bool(self.problems))

    def action_load(self) -> None:
        """l: in an event player's builder, a saved deck their pool can build (none: said why), its
        cards put in this builder, asked first when they replace cards; elsewhere the library's decks."""
        if self.register is None:
            super().action_load()
            return
        lib = PoolDecks(self.app.datadir.root, self.state)
        empty = _(
            "the library has no deck that the pool of {name} can build (set {set}): l loads only decks of this "
            "pool's cards",
            name=self.player_name,
            set=self.cs.code,
        )
        if not self.offers_decks(lib, empty):
            return
        self.app.push_screen(LibraryDialog(lib), self._ask_to_load)

    def _ask_to_load(self, doc: dict | None) -> None:
        """The deck chosen in the library: into the player's builder, asked first over cards in it."""
        if not doc:
            return
        if not (self.deck or self.spare):
            self._load_cards(doc)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self._load_cards(doc)
            else:
                self.say(_("not loaded: the deck in the builder is kept as it was"))

        question = _(
            "Replace the deck in the builder ({n} cards, {s} spare cards) with the saved deck {deck}? "
            "Nothing is registered to {name} until Ctrl+R.",
            n=sum(self.deck.values()),
            s=sum(self.spare.values()),
            deck=doc.get("name", "?"),
            name=self.player_name,
        )
        self.app.push_screen(Confirm(question), answer)

    def _load_cards(self, doc: dict) -> None:
        self.state.load_cards(doc)
        self._changed(
            _(
                "loaded {deck} into the builder of {name}: Ctrl+R registers it",
                deck=doc.get("name", "?"),
                name=self.player_name,
            )
        )
