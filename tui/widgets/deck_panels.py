"""The deck builder's panels (tui/screens/deckbuilder.py): the card under the
cursor with its text and rating, and the deck's attributes with their EX
totals (EX pays costs: a player counts both when choosing two attributes).

Only drawing lives here: the cards and their numbers come from core/ and
limited/ through the screen.
"""

from __future__ import annotations

from typing import Mapping

from rich.text import Text

from core import labels
from core.cards.model import ATTRIBUTE_KANJI, ATTRIBUTES, Card
from core.i18n import _

from .cards import ATTRIBUTE_STYLE, attr_glyphs, cost_glyphs, stats_text

__all__ = ["attribute_ex", "card_detail", "rating_text"]


def rating_text(card: Card, dim: bool = False) -> Text:
    """The card's rating (0 weak .. 5 strong, what the draft bots read) as a
    digit, 4 and 5 in bold yellow."""
    style = "dim" if dim else ("bold yellow" if card.rating >= 4 else "")
    return Text(str(card.rating), style=style, justify="right")


def card_detail(card: Card | None, left: int | None = None) -> Text:
    """The card under the cursor: number, name, type, attributes, cost, EX,
    AP/DP/SP, rating and rarity on the first line, then what the card says
    (its ability's name, its basic abilities and its text)."""
    if card is None:
        return Text(_("no card under the cursor"), style="dim")
    t = Text()
    t.append(card.number, style="bold cyan")
    t.append(f" {card.name}", style="bold")
    t.append(f"  {labels.card_type_label(card.type)} ")
    t.append_text(attr_glyphs(card))
    t.append("  " + _("cost") + " ")
    t.append_text(cost_glyphs(card))
    t.append(f"  EX{card.ex}", style="bold")
    if card.is_character:
        t.append(f"  {stats_text(card)}")
    t.append("  " + _("rating {n}", n=card.rating), style="bold yellow" if card.rating >= 4 else "")
    t.append(f"  {card.rarity}")
    if left is not None:
        t.append("  " + _("{n} left", n=left), style="dim")
    said = [x for x in (card.ability_name and f"【{card.ability_name}】", card.basic, card.text) if x]
    t.append("\n")
    t.append(" ".join(said) if said else _("(no text)"), style="" if said else "dim")
    return t


def attribute_ex(cards: Mapping[Card, int], bar: int = 10) -> Text:
    """The deck's cards by attribute as bars, with the count and the EX they
    give (a card of two attributes counts under both)."""
    counts = dict.fromkeys(ATTRIBUTES, 0)
    ex = dict.fromkeys(ATTRIBUTES, 0)
    for c, n in cards.items():
        for a in c.attributes:
            counts[a] += n
            ex[a] += c.ex * n
    top = max(counts.values()) or 1
    out = Text()
    out.append(_("Attributes · EX") + "\n", style="bold")
    for i, a in enumerate(ATTRIBUTES):
        k = counts[a]
        width = 0 if k == 0 else max(1, round(k / top * bar))
        out.append(ATTRIBUTE_KANJI[a] + " ", style=ATTRIBUTE_STYLE[a])
        out.append("█" * width, style=ATTRIBUTE_STYLE[a].replace("bold ", ""))
        out.append(" " * (bar - width) + f"{k:>3}")
        out.append(f" EX{ex[a]:<2}", style="bold" if ex[a] else "dim")
        if i < len(ATTRIBUTES) - 1:
            out.append("\n")
    return out
