"""What the deck builder (deckbuilder.py) says in words: the filter line, the
deck checks with their rules (G-SEALED, G-DRAFT-4, G-SPARE-1) and the deck's
score."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from core.i18n import _
from core.labels import card_type_label, kind_label, listed, match_label
from limited.view import ATTRIBUTE_KANJI, CardSet, Decklist, DeckProblem, DeckState, deck_score, facts_for

from ..widgets.cards import attribute_label


def sort_label(key: str) -> str:
    return {
        "cost": _("cost"),
        "rating": _("rating"),
        "attribute": _("attribute"),
        "type": _("type"),
        "rarity": _("rarity"),
        "number": _("number"),
    }.get(key, key)


def _attr_name(attr: str) -> str:
    """The attribute filter's value: 雪 snow in English, 雪 once in Japanese (its name is its kanji)."""
    full = attribute_label(attr)
    kanji, _sp, name = full.partition(" ")
    return kanji if name == kanji else full


def pair_name(pair: tuple[str, str]) -> str:
    """The pair filter's value: 雪月+無 (the pair's cards and the colourless ones)."""
    return "".join(ATTRIBUTE_KANJI[a] for a in pair) + "+" + ATTRIBUTE_KANJI["star"]


def builder_title(state: DeckState, player: str | None, width: int = 0) -> str:
    """The builder's title: the player (an event's pool) or the deck's name, the format, the set;
    with ``width``, the first of these that fits it, shortest last (issue 48: at 80 columns the
    full one was cut before the deck's name ended): without "Deck builder" and the set's version,
    then the name or the player with the match alone."""
    cs, kind, match = state.cs, state.kind, state.match
    if player is not None:
        titles = [
            _(
                "Deck builder · {player} · {kind} · {set} ({version}) · {match}",
                player=player,
                kind=kind_label(kind),
                set=cs.code,
                version=cs.version,
                match=match_label(match),
            ),
            _(
                "{player} · {kind} · {set} · {match}",
                player=player,
                kind=kind_label(kind),
                set=cs.code,
                match=match_label(match),
            ),
            _("{player} · {match}", player=player, match=match_label(match)),
        ]
    else:
        titles = [
            _(
                "Deck builder · {kind} · {set} ({version}) · {name} · {match}",
                kind=kind_label(kind),
                set=cs.code,
                version=cs.version,
                name=state.name,
                match=match_label(match),
            ),
            _(
                "{kind} · {set} · {name} · {match}",
                kind=kind_label(kind),
                set=cs.code,
                name=state.name,
                match=match_label(match),
            ),
            _("{name} · {match}", name=state.name, match=match_label(match)),
        ]
    return next((t for t in titles if not width or cell_len(t) <= width), titles[-1])


def builder_hint(narrow: bool, player: str | None) -> str:
    """What the builder says when it opens (``player``: the event player whose pool it is)."""
    if narrow:
        keys = _(
            "Enter moves a card, + adds, - removes, s spares; t/a/p/c/r filter, o sorts; Tab pool or deck; "
            "F1 every key."
        )
    else:
        keys = _("Enter moves a card, + adds, - removes, s spares; t/a/p/c/r filter, o sorts; F1 every key.")
    if player is None:
        return keys
    intro = _("The pool of {name}: build the deck, Ctrl+R registers it to {name}.", name=player)
    return _("{intro} {keys}", intro=intro, keys=keys)


def filter_line(f: dict, sort_key: str, query: str = "", width: int = 0) -> Text:
    """The filter line: the search (while one is set), each filter's key,
    what it is set to, and the sort; with ``width``, a line breaks only
    between two filters (never between a key and what it filters)."""
    every = _("all")
    t = Text()
    if query:
        t.append("[/] ", style="bold")
        t.append(_("search") + ": ")
        t.append(query, style="bold")
        t.append("  ")
    parts = [
        ("t", _("type"), card_type_label(f["type"]) if f["type"] else every),
        ("a", _("attribute"), _attr_name(f["attr"]) if f["attr"] else every),
        ("p", _("two attributes"), pair_name(f["pair"]) if f.get("pair") else every),
        ("c", _("cost"), str(f["cost"]) if f["cost"] is not None else every),
        ("r", _("rarity"), f["rarity"] or every),
        ("o", _("sort"), sort_label(sort_key)),
    ]
    line = t.cell_len
    for i, (key, label, value) in enumerate(parts):
        part = Text.assemble((f"[{key}] ", "bold"), f"{label}: ", (value, "bold" if value != every else ""))
        if i and width and line + 2 + part.cell_len > width:
            t.append("\n")
            line = 0
        elif i:
            t.append("  ")
            line += 2
        t.append_text(part)
        line += part.cell_len
    return t


def search_question() -> str:
    return _("Search the pool by number or name (kana too); empty shows all")


def search_said(state: DeckState) -> tuple[str, bool]:
    """What the builder says after a search (and whether it is a miss): how many cards of the pool
    it found and, when the pool list does not show them all, where the others are (the deck, the
    spare cards, hidden by a filter)."""
    query = state.query
    if not query:
        return _("the whole pool is shown"), False
    where = state.found_where()
    n = sum(where.values())
    if where["listed"] == n:
        return _(
            "{n} card(s) of the pool found for {query!r}; / and Enter on nothing shows all", n=n, query=query
        ), not n
    places = (
        ("listed", _("{n} in the pool list", n=where["listed"])),
        ("deck", _("{n} in the deck", n=where["deck"])),
        ("spare", _("{n} in the spare cards", n=where["spare"])),
        ("filtered", _("{n} hidden by the filters (0 clears them)", n=where["filtered"])),
    )
    said = listed(text for key, text in places if where[key])
    return (
        _(
            "{n} card(s) of the pool found for {query!r} ({where}); / and Enter on nothing shows all",
            n=n,
            query=query,
            where=said,
        ),
        False,
    )


def problem_text(p: DeckProblem) -> str:
    """A problem as core.cards.decks words it, with its rule; the spare-card one says which key helps."""
    text = str(p)
    if p.code == "spare_match":
        text += "  " + _("(m switches to best of three)")
    return text


def checks_text(problems: list[DeckProblem], dl: Decklist, kind: str, cs: CardSet, want: int = 0) -> Text:
    """The deck checks, live: legal, or the first problems with their rules; then the deck's score.  With
    ``want`` (the narrow line, after the deck's count) the size problem reads short: 「ちょうど40枚に（G-DRAFT-4）」
    (whole, it wrapped past the line's end at 80x24, cut at 「（G-」)."""
    t = Text()
    if not problems:
        rule = "G-SEALED" if kind == "sealed" else "G-DRAFT-4"
        t.append("✓ ", style="bold green")
        t.append(
            _(
                "legal {kind} deck: {n} cards, {s} spare cards ({rule})",
                kind=kind_label(kind),
                n=dl.deck_size,
                s=dl.spare_size,
                rule=rule,
            ),
            style="green",
        )
    else:
        for i, p in enumerate(problems[:4]):
            if i:
                t.append("\n")
            t.append("✗ ", style="bold red")
            text = (
                _("exactly {want} [{rule}]", want=want, rule=p.rule) if want and p.code == "size" else problem_text(p)
            )
            t.append(text, style="red" if p.code != "size" else "yellow")
        if len(problems) > 4:
            t.append("\n" + _("... and {n} more", n=len(problems) - 4), style="red")
    if dl.deck_size:
        sc = deck_score(dl, facts_for(cs))
        pair = "".join(ATTRIBUTE_KANJI[col] for col in sc.colours)
        t.append("\n")
        t.append(
            _(
                "deck score {total:.1f} (mean rating {rating:.2f}, castable in {pair}: {share:.0%})",
                total=sc.total,
                rating=sc.rating,
                pair=pair,
                share=sc.consistency,
            ),
            style="dim",
        )
    return t
