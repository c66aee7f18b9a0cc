"""Cards drawn in the terminal: table rows, attribute glyphs, the cost curve,
the attribute spread, and the ring of seats round a draft table (docs/app.md: pictures where people would rather look).

Only drawing lives here: which cards, which seat passes to which, and every
deck rule come from core/ and limited/.  Widths are terminal cells
(rich.cells), so full-width names keep the columns aligned.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping, Sequence

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from core import labels
from core.cards.model import ATTRIBUTE_KANJI, ATTRIBUTES, CARD_TYPES, Card
from core.i18n import _

from .wrapped import Wrapped

__all__ = [
    "ATTRIBUTE_STYLE",
    "attr_glyphs",
    "cost_glyphs",
    "stats_text",
    "attribute_label",
    "card_columns",
    "card_cells",
    "fit",
    "cost_curve",
    "attribute_spread",
    "type_counts",
    "pool_charts",
    "narrow_pool_charts",
    "seat_ring",
]

#: One colour per attribute (雪 月 花 宙 日 無), for the glyphs and the bars.
ATTRIBUTE_STYLE = {
    "snow": "bold #8fd3ff",
    "moon": "bold #ffd75f",
    "flower": "bold #ff87c8",
    "space": "bold #b48cff",
    "sun": "bold #ff8f3f",
    "star": "bold #b8b8b8",
}

#: Columns of the cost curve: total cost 0 .. CURVE_TOP-1, then CURVE_TOP and more.
CURVE_TOP = 5


def attribute_label(attr: str) -> str:
    """An attribute as its kanji and, in English, its name: 雪 snow."""
    return f"{ATTRIBUTE_KANJI[attr]} {labels.attribute_label(attr)}"


def attr_glyphs(card: Card) -> Text:
    """The card's attributes as coloured kanji: 雪月."""
    t = Text()
    for a in card.attributes:
        t.append(ATTRIBUTE_KANJI[a], style=ATTRIBUTE_STYLE[a])
    return t


def cost_glyphs(card: Card) -> Text:
    """The cost as the card prints it, one glyph a point: 宙無無 (0: a dash)."""
    t = Text()
    for a, n in card.cost:
        if n > 4:
            t.append(f"{ATTRIBUTE_KANJI[a]}{n}", style=ATTRIBUTE_STYLE[a])
        else:
            t.append(ATTRIBUTE_KANJI[a] * n, style=ATTRIBUTE_STYLE[a])
    return t if t.plain else Text("0", style="dim")


def stats_text(card: Card) -> str:
    """AP/DP/SP of a character, blank for the other types."""
    if not card.is_character:
        return ""
    return f"{card.ap}/{card.dp}/{card.sp}"


def fit(text: str, width: int) -> str:
    """``text`` cut or padded to exactly ``width`` cells (full-width aware)."""
    return set_cell_size(text, width)


def card_columns(with_type: bool = True) -> list[str]:
    """Headers of the card columns of :func:`card_cells`."""
    cols = [_("No."), _("Name"), _("Type"), _("Attr."), _("Cost"), "EX", "AP/DP/SP", _("Rar.")]
    return cols if with_type else cols[:2] + cols[3:]


def card_cells(card: Card, dim: bool = False, with_type: bool = True) -> list[Text]:
    """One table row of a card: number, name, type (the number's prefix says it
    too: CH EV IT AR), attributes, cost, EX, AP/DP/SP, rarity."""
    style = "dim" if dim else ""
    attrs, cost = attr_glyphs(card), cost_glyphs(card)
    if dim:
        attrs.stylize("dim")
        cost.stylize("dim")
    cells = [
        Text(card.number, style=style or "cyan"),
        Text(card.name, style=style),
        Text(labels.card_type_label(card.type), style=style),
        attrs,
        cost,
        Text(str(card.ex), style=style, justify="right"),
        Text(stats_text(card), style=style),
        Text(card.rarity, style=style or ("bold yellow" if card.rarity not in ("C", "U") else "")),
    ]
    return cells if with_type else cells[:2] + cells[3:]


# -- charts ---------------------------------------------------------------------------------------


def _items(cards: Mapping[Card, int] | Iterable[Card]) -> list[tuple[Card, int]]:
    if isinstance(cards, Mapping):
        return [(c, n) for c, n in cards.items() if n]
    return list(Counter(cards).items())


def cost_curve(cards: Mapping[Card, int] | Iterable[Card], height: int = 5) -> Text:
    """Cards by total cost as vertical bars, one column a cost (0 .. 5+), the
    count under each column."""
    counts = [0] * (CURVE_TOP + 1)
    for c, n in _items(cards):
        counts[min(c.total_cost, CURVE_TOP)] += n
    top = max(counts) or 1
    heights = [0 if k == 0 else max(1, round(k / top * height)) for k in counts]
    out = Text()
    out.append(_("Cost curve") + "\n", style="bold")
    for row in range(height, 0, -1):
        for h in heights:
            out.append("██ " if h >= row else "   ", style="#5fafff")
        out.append("\n")
    labels = [str(i) for i in range(CURVE_TOP)] + [f"{CURVE_TOP}+"]
    out.append("".join(fit(x, 3) for x in labels) + "\n", style="dim")
    out.append("".join(fit(str(k), 3) for k in counts))
    return out


def attribute_spread(cards: Mapping[Card, int] | Iterable[Card], width: int = 14) -> Text:
    """Cards by attribute as horizontal bars (雪 月 花 宙 日 無); a card of two
    attributes counts under both."""
    counts = dict.fromkeys(ATTRIBUTES, 0)
    for c, n in _items(cards):
        for a in c.attributes:
            counts[a] += n
    top = max(counts.values()) or 1
    out = Text()
    out.append(_("Attributes") + "\n", style="bold")
    for i, a in enumerate(ATTRIBUTES):
        k = counts[a]
        bar = 0 if k == 0 else max(1, round(k / top * width))
        out.append(ATTRIBUTE_KANJI[a] + " ", style=ATTRIBUTE_STYLE[a])
        out.append("█" * bar, style=ATTRIBUTE_STYLE[a].replace("bold ", ""))
        out.append(" " * (width - bar) + f"{k:>3}")
        if i < len(ATTRIBUTES) - 1:
            out.append("\n")
    return out


def _type_counts(cards: Mapping[Card, int] | Iterable[Card]) -> dict[str, int]:
    counts = dict.fromkeys(CARD_TYPES, 0)
    for c, n in _items(cards):
        counts[c.type] = counts.get(c.type, 0) + n
    return counts


def type_counts(cards: Mapping[Card, int] | Iterable[Card]) -> Text:
    """How many cards of each type, two types a line."""
    counts = _type_counts(cards)
    out = Text()
    for i, t in enumerate(CARD_TYPES):
        if i % 2:
            out.append(" · ", style="dim")
        elif i:
            out.append("\n")
        out.append(f"{labels.card_type_label(t)} ")
        out.append(str(counts[t]), style="bold")
    return out


def pool_charts(cards: Mapping[Card, int] | Iterable[Card], title: str = "", curve_height: int = 4) -> Text:
    """Attribute spread, types and the cost curve (``curve_height`` rows of bars) one under the other."""
    items = _items(cards)
    out = Text()
    if title:
        out.append(title + "\n", style="bold underline")
    out.append_text(attribute_spread(dict(items)))
    out.append("\n\n")
    out.append_text(type_counts(dict(items)))
    out.append("\n\n")
    out.append_text(cost_curve(dict(items), height=curve_height))
    return out


def narrow_pool_charts(cards: Mapping[Card, int] | Iterable[Card]) -> Wrapped:
    """:func:`pool_charts` for a panel a type line may not fit: it breaks between two types, never
    between a type and its count (「キャラクター 25 · イベント」/「10」 at 80 columns)."""
    items = dict(_items(cards))
    whole = [f"{labels.card_type_label(t)} {n}" for t, n in _type_counts(items).items()]
    return Wrapped(pool_charts(items), keep=whole)


# -- the ring of seats ------------------------------------------------------------------------------


def seat_ring(
    names: Sequence[str],
    direction: int,
    *,
    me: int | None = None,
    target: int | None = None,
    source: int | None = None,
    width: int = 10,
    numbers: bool = True,
) -> Text:
    """The table as a ring: seats 0.. along the top row, the rest back along
    the bottom row, arrows the way the packs pass (``direction`` +1: to the
    next seat number, -1: to the previous; limited.draft.direction says which).
    ``me`` is drawn reversed, ``target`` (where the pack goes) green,
    ``source`` (where it comes from) underlined; ``numbers`` puts the seat
    number (from 1) before each name."""
    n = len(names)
    w = max(3, min(width, max((cell_len(x) for x in names), default=3)))
    half = (n + 1) // 2
    top = list(range(half))
    bottom = list(range(n - 1, half - 1, -1))  # drawn left to right: n-1 ... half
    fwd = direction > 0
    right, left = ("→", "←") if fwd else ("←", "→")

    def label(s: int) -> Text:
        style = ""
        if s == me:
            style = "bold reverse"
        elif s == target:
            style = "bold green"
        elif s == source:
            style = "underline"
        return Text(fit(f"{s + 1}.{names[s]}" if numbers else f" {names[s]} ", w + 2), style=style)

    seg = w + 2 + 3  # " → " + label
    span = half * seg
    out = Text()
    # top row: ╭ then seats joined by arrows, ╮ at the end
    out.append("╭─", style="dim")
    for i, s in enumerate(top):
        if i:
            out.append(f" {right} ", style="bold")
        out.append_text(label(s))
    out.append(" ─╮", style="dim")
    out.append("\n")
    up, down = ("↑", "↓") if fwd else ("↓", "↑")
    out.append(up, style="bold")
    out.append(" " * span)
    out.append(down, style="bold")
    out.append("\n")
    out.append("╰─", style="dim")
    used = 0
    for i, s in enumerate(bottom):
        if i:
            out.append(f" {left} ", style="bold")
            used += 3
        out.append_text(label(s))
        used += w + 2
    fill = (span - 3) - used
    out.append("─" * max(0, fill) + " ─╯", style="dim")
    return out
