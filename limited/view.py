"""What a limited screen of the app uses, in one place: the pools, decks and
draft state it shows and drives, the checks it shows, and the few writes of the
build phase (registering a built deck, the deck library, the draft log).  The screens import this module, not limited's engines
one by one; core's read model (core/readmodel/) cannot serve them, since core
never imports limited.

The screens import it where a limited key is pressed (the event screen, which
offers the build phase, does not load the draft engine, the bots or the deck
scorer before); ``WHERE`` says which module each name comes from."""

from __future__ import annotations

from core.cards.decks import DRAFT_PACKS, SPARE_MAX, Decklist, DeckProblem
from core.cards.legality import Catalog
from core.cards.model import ATTRIBUTE_KANJI, ATTRIBUTES, Card, CardSet
from core.rules.decklists import DEFAULT_BUILD_MINUTES, default_catalog
from limited.bots import Bot, PickReason, colour_text
from limited.caller import TableCall
from limited.deckstate import SORTS, DeckState
from limited.draft import Draft, Pick, PickTimer, check_packs
from limited.draftlog import write_log
from limited.event import (
    build_bot_decks,
    draft_pods,
    event_set,
    open_sealed_pools,
    player_deck_state,
    register_built_deck,
    simulate_draft,
    simulate_refusal,
)
from limited.facts import facts_for
from limited.library import LIBRARY_FILE, LIBRARY_SCHEMA, Library, export_text, slug
from limited.pods import POD_MAX, POD_MIN, Seat, check_pod_size, seat_pods, seat_table, split_pods
from limited.review import review_seat
from limited.score import deck_score
from limited.sealed import PRODUCTS, open_sealed
from limited.tablepool import (
    Entry,
    card_echo,
    enter_table_pool,
    expected_size,
    open_real,
    parse_text,
    pool_problems,
    read_pool_file,
)

#: name -> the module it is read from
WHERE: dict[str, str] = {
    **dict.fromkeys(("DRAFT_PACKS", "SPARE_MAX", "DeckProblem", "Decklist"), "core.cards.decks"),
    "Catalog": "core.cards.legality",
    **dict.fromkeys(("ATTRIBUTE_KANJI", "ATTRIBUTES", "Card", "CardSet"), "core.cards.model"),
    **dict.fromkeys(("DEFAULT_BUILD_MINUTES", "default_catalog"), "core.rules.decklists"),
    **dict.fromkeys(("Bot", "PickReason", "colour_text"), "limited.bots"),
    "TableCall": "limited.caller",
    **dict.fromkeys(("SORTS", "DeckState"), "limited.deckstate"),
    **dict.fromkeys(("Draft", "Pick", "PickTimer", "check_packs"), "limited.draft"),
    **dict.fromkeys(
        ("POD_MAX", "POD_MIN", "Seat", "check_pod_size", "seat_pods", "seat_table", "split_pods"), "limited.pods"
    ),
    "write_log": "limited.draftlog",
    **dict.fromkeys(
        (
            "build_bot_decks",
            "draft_pods",
            "event_set",
            "open_sealed_pools",
            "player_deck_state",
            "register_built_deck",
            "simulate_draft",
            "simulate_refusal",
        ),
        "limited.event",
    ),
    "facts_for": "limited.facts",
    **dict.fromkeys(("LIBRARY_FILE", "LIBRARY_SCHEMA", "Library", "export_text", "slug"), "limited.library"),
    "review_seat": "limited.review",
    "deck_score": "limited.score",
    **dict.fromkeys(("PRODUCTS", "open_sealed"), "limited.sealed"),
    **dict.fromkeys(
        (
            "Entry",
            "card_echo",
            "enter_table_pool",
            "expected_size",
            "open_real",
            "parse_text",
            "pool_problems",
            "read_pool_file",
        ),
        "limited.tablepool",
    ),
}

__all__ = [
    "ATTRIBUTES",
    "ATTRIBUTE_KANJI",
    "Bot",
    "Card",
    "CardSet",
    "Catalog",
    "DEFAULT_BUILD_MINUTES",
    "DRAFT_PACKS",
    "DeckProblem",
    "DeckState",
    "Decklist",
    "Draft",
    "Entry",
    "LIBRARY_FILE",
    "LIBRARY_SCHEMA",
    "Library",
    "POD_MAX",
    "POD_MIN",
    "check_pod_size",
    "PRODUCTS",
    "Pick",
    "PickReason",
    "PickTimer",
    "SORTS",
    "SPARE_MAX",
    "Seat",
    "TableCall",
    "build_bot_decks",
    "card_echo",
    "check_packs",
    "colour_text",
    "deck_score",
    "default_catalog",
    "draft_pods",
    "enter_table_pool",
    "event_set",
    "expected_size",
    "export_text",
    "facts_for",
    "open_real",
    "open_sealed",
    "read_pool_file",
    "open_sealed_pools",
    "parse_text",
    "player_deck_state",
    "pool_problems",
    "register_built_deck",
    "review_seat",
    "seat_pods",
    "seat_table",
    "simulate_draft",
    "simulate_refusal",
    "slug",
    "split_pods",
    "write_log",
]  # the names of WHERE (a test keeps the two alike)
