"""Cards: what a card and a set are, set files, legality, decks.

- :mod:`core.cards.model`: the card data (attributes, types, numbers, the
  frozen dataclasses ``Card``, ``CardSet``, ``BoosterDef``, ``StarterDef``).
- :mod:`core.cards.schema`: the structure of a set file, checked with
  ``set-schema.json`` (package data) and worded through the catalog.
- :mod:`core.cards.sets`: loading set files (structure, then the checks a
  schema cannot make), writing them (:mod:`core.cards.setwrite`); CSV
  import of a card list: :mod:`core.cards.setcsv`.
- :mod:`core.cards.official`: the publisher's card list CSV (Lycee Overture).
- :mod:`core.cards.cardlist`: the store's card list (its tables, what an
  import changes, reading it, joining it to the catalog); core.store.cardstore
  writes it (which data folder's list is joined: core.paths.use_data_dir).
- :mod:`core.cards.legality`: the calendar, which cards are legal on a date
  and which text applies (G-CARDS-*).
- :mod:`core.cards.decks`: every deck rule (R-DECK-60, R-DECK-4, G-SPARE-1,
  G-SEALED, G-DRAFT-*), with its parts :mod:`core.cards.deckmodel` (the
  decklist and its problems), :mod:`core.cards.deckparse` (text and CSV),
  :mod:`core.cards.overture_decks` (O-DECK-*) and :mod:`core.cards.deckdiff`
  (G-DECKLIST); their names stay importable from ``decks``.

Arrows point down this list only (model <- schema <- sets <- legality <-
decks).  Nothing is re-exported here: import from the module that holds a
name, so importing one part never loads the others.
"""
