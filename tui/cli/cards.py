"""``lycee deck check`` and ``lycee card`` (G-CARDS-*, G-SPARE-1, G-SEALED, G-DRAFT-*)."""

from __future__ import annotations

import argparse
import os
from datetime import date
from pathlib import Path

from core import labels
from core.cards.cardlist import card_doc, doc_card, join_active, product_key
from core.cards.deckparse import card_number
from core.cards.decks import check_deck, load_decklist
from core.cards.legality import Catalog
from core.cards.model import ATTRIBUTE_KANJI, is_overture_number, normalize_number
from core.cards.official import looks_official, read_official
from core.cards.search import cards_named
from core.cards.sets import parse_json, parse_set
from core.columns import ljust, width
from core.errors import ValidationError
from core.i18n import _, join_list
from core.paths import data_root
from core.rules.deckrules import constructed_problems, rules_of_cards
from core.rules.eventfile import max_bytes
from core.store.cardstore import CardList
from core.textfiles import decoded

from .argparsing import Arguments, Builder
from .common import CliError, out_json, with_desk
from .decks import deck_check_overture


def _catalog():

    return Catalog.default()


def _deck_check_doc(args, deck, on: str, problems) -> dict:
    return {
        "file": args.file,
        "format": args.format,
        "date": on,
        "deck": deck.deck_size,
        "spare": deck.spare_size,
        "legal": not problems,
        "problems": [
            {"rule": p.rule, "code": p.code, "message": p.message, "number": p.number, "section": p.section}
            for p in problems
        ],
    }


def _print_deck_check(args, deck, on: str, problems) -> None:
    head = _(
        "{file}: {n} cards in the deck, {s} spare, {fmt}, on {date}",
        file=args.file,
        n=deck.deck_size,
        s=deck.spare_size,
        fmt=labels.kind_label(args.format),
        date=on,
    )
    print(head)
    if not problems:
        print(_("legal"))
    for p in problems:
        print(f"  [{p.rule}] {p.message}")


def _packs(args) -> int | None:
    """The boosters a draft deck was built from: 4 unless --packs says (G-DRAFT-2)."""
    return 4 if args.format == "draft" and args.packs is None else args.packs


def _rules_of(args, deck) -> str:
    """The rule set the deck is checked by: --rules, else (a constructed deck) the
    one its cards belong to (O-RULES, core.rules.deckrules.rules_of_cards)."""
    if args.rules is not None or args.format != "constructed":
        return args.rules or "2008"
    return rules_of_cards(deck)


def _checked_by(rules: str) -> str:
    """Which rules a deck given without --rules was checked by (O-RULES)."""
    if rules == "overture":
        return _("checked by the Lycee Overture rules: the deck's cards are Overture cards (--rules to choose)")
    return _("checked by the 2008 guideline's rules: the deck's cards are of that game (--rules to choose)")


def _problems_2008(args, deck, cat, on: str) -> list:
    """A deck's problems by the 2008 rules: a constructed deck as a 2008 event finds
    them (its Overture cards named, O-RULES), a sealed or draft deck by its format."""
    if args.format == "constructed":
        return constructed_problems(deck, cat, "2008", on, args.match)
    return check_deck(deck, cat, args.format, on=on, match=args.match, packs=_packs(args))


def cmd_deck_check(args) -> int:
    """``lycee deck check FILE``: every problem of a decklist, by the rules an
    event of ``--rules`` (else of the rule set its cards belong to) finds them;
    exit 1 when there is one."""
    cat = _catalog()
    deck = load_decklist(Path(args.file), catalog=cat)
    on = args.date or date.today().isoformat()
    rules = _rules_of(args, deck)
    if args.rules is None and args.format == "constructed" and not args.json:
        print(_checked_by(rules))
    if rules == "overture":
        return deck_check_overture(args, cat, deck, on)
    problems = _problems_2008(args, deck, cat, on)
    if args.json:
        out_json({**_deck_check_doc(args, deck, on, problems), "rules": rules})
    else:
        _print_deck_check(args, deck, on, problems)
    return 1 if problems else 0


def _card_row(cat, number: str, on: str) -> dict:
    """One card asked at the counter: legal on ``on`` or not (and why), its
    name and the text that applies; an Overture card also its status, product
    and fields (G-CARDS-*)."""
    legal = cat.is_legal(number, on)
    n = normalize_number(number)
    if n is not None and is_overture_number(n):
        return _overture_row(cat, number, on, legal)
    text = cat.text_for(number, on) if cat.get(number) is not None else None
    return _row(number, cat.name_of(number), legal, text)


def _row(number: str, name, legal, text) -> dict:
    return {
        "number": number,
        "name": name,
        "legal": bool(legal),
        "rule": legal.rule,
        "reason": legal.reason,
        "legal_from": legal.legal_from.isoformat() if legal.legal_from else None,
        "text": text.text if text else None,
    }


def _overture_row(cat, number: str, on: str, legal) -> dict:
    """An Overture card: its status and product, and its fields when the list knows it."""
    card = cat.get(number) if legal.status != "unknown" else None
    text = cat.text_for(number, on) if card is not None else None
    row = _row(number, card.name if card is not None else None, legal, text)
    row.update(status=legal.status, product=legal.product, card=_card_json(card, row["text"]) if card else None)
    return row


def _print_card_row(r: dict) -> None:
    if r["rule"] is None:  # not a card: what to type instead
        print(f"{r['number']}  ?  {r['reason']}")
        return
    mark = _("legal") if r["legal"] else _("not legal")
    print(
        f"{r['number']}  {r['name'] or '?'}  "
        + _("{mark} ({rule}: {reason})", mark=mark, rule=r["rule"], reason=r["reason"])
    )
    if r.get("card"):
        print("    " + _card_line(r["card"]))
    for line in (r["text"] or "").splitlines():
        print(f"    {line}")


def cmd_card(args) -> int:
    """``lycee card NUMBER|NAME...``: exit 0 when every card asked is legal on the date.
    A number reads as a decklist reads it (0923 is LO-0923); anything else is
    looked up by name (the one card it names, else what to type)."""
    asked, unclear = _asked_numbers(args.numbers)
    # only the asked cards of the store's list: a card looked up at the counter
    # never waits for a catalog of the whole list (benchmarks/cards.py)
    cat = join_active(Catalog.shipped(), only=asked)
    on = args.date or date.today().isoformat()
    rows = [_name_row(q, unclear[q]) if q in unclear else _card_row(cat, q, on) for q in asked]
    _say_cards(args, on, rows)
    return 0 if all(r["legal"] for r in rows) else 1


def _asked_numbers(queries: list[str]) -> tuple[list[str], dict[str, list]]:
    """(each query as the card number it reads as, a decklist's way or by name;
    {query: the cards it could be} for those naming no one card)."""
    asked = [card_number(q) or q for q in queries]
    named, unclear = _by_name([q for q in asked if card_number(q) is None])
    return [named.get(q, q) for q in asked], unclear


def _by_name(names: list[str]) -> tuple[dict[str, str], dict[str, list]]:
    """({name asked: the number of the one card it names}, {name asked: the cards
    it could be, maybe none}): the whole catalog is read only when a name is asked."""
    named: dict[str, str] = {}
    unclear: dict[str, list] = {}
    cards = join_active(Catalog.shipped()).cards() if names else []
    for q in names:
        hits = cards_named(cards, q)
        if len(hits) == 1:
            named[q] = hits[0].number
        else:
            unclear[q] = hits
    return named, unclear


def _name_row(query: str, hits: list) -> dict:
    """A row for a query that names no card, or several: what to type instead."""
    if hits:
        shown = join_list([f"{c.number} {c.name}" for c in hits[:10]]) + (" …" if len(hits) > 10 else "")
        reason = _("{q!r} names {n} cards: {cards}; type the number", q=query, n=len(hits), cards=shown)
    else:
        reason = _(
            "{q!r} is neither a card number nor part of a card's name: type a number such as LO-0923 "
            "(or 0923) or CH-0063, or part of a name",
            q=query,
        )
    return {
        "number": query,
        "name": None,
        "legal": False,
        "rule": None,
        "reason": reason,
        "legal_from": None,
        "text": None,
        "candidates": [{"number": c.number, "name": c.name} for c in hits],
    }


def _say_cards(args, on: str, rows: list[dict]) -> None:
    """The cards asked, as JSON or one block each."""
    if args.json:
        out_json({"date": on, "cards": rows})
        return
    for r in rows:
        _print_card_row(r)


def _card_json(c, text: str | None) -> dict:
    """A card in --json: the fields of the card list (core.cards.cardlist.card_doc), its set,
    and ``text``: the text in force (the date's, or the latest erratum's)."""
    return {**card_doc(c), "text": text, "set": c.set_code}


def field_label(key: str) -> str:
    """A card field's name as the card prints it (AP, DP ...) or in words."""
    return {
        "name": _("card name"),
        "type": _("card type"),
        "attributes": _("attribute"),
        "cost": _("cost"),
        "ex": "EX",
        "ap": "AP",
        "dp": "DP",
        "sp": "SP",
        "dmg": "DMG",
        "rarity": _("rarity"),
        "product": _("product"),
        "brand": _("brand"),
        "ability_name": _("ability name"),
        "trait": _("trait"),
        "basic": _("basic abilities"),
    }.get(key, key)


def _card_line(c: dict) -> str:
    """One line of a card's figures: type, attributes, cost, EX, AP/DP/SP/DMG, product."""
    attrs = _attrs_text(c["attributes"])
    parts = [
        labels.card_type_label(c["type"]),
        attrs,
        _("cost {cost}", cost=_cost_text(c)),
        f"EX{c['ex']}",
        _stats_text(c),
        c["rarity"],
        c["product"],
        c["basic"],
    ]
    return "  ".join(p for p in parts if p)


# -- lycee cards import / on-sale / list (the store's card list, issue 43) ------------------


def _cardlist(args):

    return CardList(data_root(args.data_dir))


def read_list_file(path: Path, max_mb: float | None = None) -> tuple[str, str]:
    """(text, encoding) of a card list file: refused before it is read when it is
    larger than the cap, and when it is neither UTF-8 nor Shift_JIS text."""

    def mb(n: int) -> str:
        return f"{n / 1_000_000:.3g}"

    limit = max_bytes(max_mb)
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
            if len(raw) > limit:
                size = os.fstat(f.fileno()).st_size or len(raw)
                raise CliError(
                    _(
                        "{path} is {size} MB, more than the {limit} MB a card list may have (nothing stored; "
                        "a larger limit: LYCEE_IMPORT_MAX_MB=MB or --max-mb MB)",
                        path=path,
                        size=mb(max(size, len(raw))),
                        limit=mb(limit),
                    )
                )
    except OSError as err:
        raise CliError(_("{path} cannot be read ({reason})", path=path, reason=err.strerror or err)) from None
    return decoded(raw, str(path))


def _import_set(store, text: str, path: Path, today: date):
    """A lycee-set/1 file into the store's card list."""
    data = parse_json(text, str(path))
    if not isinstance(data, dict) or data.get("schema") != "lycee-set/1":
        raise CliError(_("{path} is not a card list: a JSON file that is not lycee-set/1 (nothing stored)", path=path))
    try:
        cs = parse_set(data, str(path))
    except ValidationError as err:
        raise ValidationError(_("{source} (nothing stored)", source=err.source), err.problems) from None
    return store.import_set(cs, str(path), today)


def _import_list(store, path: Path, max_mb, today: date):
    """The official card list CSV, or a lycee-set/1 file, into the store's card list: its report."""
    text, encoding = read_list_file(path, max_mb)
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        return _import_set(store, text, path, today)
    if looks_official(text):
        return store.import_official(read_official(text, str(path), encoding), today)
    raise CliError(
        _(
            "{path} is not a card list: expected the official card list CSV (a card number such as "
            "LO-0923 first on each line) or a lycee-set/1 file (nothing stored)",
            path=path,
        )
    )


def _first(lines: list[str], most: int) -> list[str]:
    """The first ``most`` lines, then one saying how many more there are."""
    return lines[:most] + (["    " + _("… and {n} more", n=len(lines) - most)] if len(lines) > most else [])


def _import_summary(report) -> list[str]:
    """The two lines every import prints: what was read, and what it changed."""
    kind = "lycee-set/1" if report.kind == "set" else ("UTF-8" if report.encoding == "utf-8" else "Shift_JIS")
    return [
        _(
            "{file}: {cards} cards ({parallels} parallels) in {products} products, read as {encoding}",
            file=report.file,
            cards=report.cards,
            parallels=report.parallels,
            products=len(report.products),
            encoding=kind,
        ),
        "  "
        + _(
            "added {added}, changed {changed}, errata {errata}, unchanged {unchanged}",
            added=len(report.added),
            changed=len(report.changed),
            errata=len(report.errata),
            unchanged=report.unchanged,
        ),
    ]


def _attrs_text(attributes) -> str:
    """A card's attributes as kanji (日花)."""
    return "".join(ATTRIBUTE_KANJI[a] for a in attributes)


def _cost_text(c: dict) -> str:
    """A card's cost as attribute kanji, one per point ("-" when free)."""
    return "".join(ATTRIBUTE_KANJI[a] * n for a, n in c["cost"].items()) or "-"


def _stats_text(c: dict) -> str:
    """A character's AP/DP/SP/DMG; nothing for a card without them."""
    if c["ap"] is None:
        return ""
    return f"AP{c['ap']} DP{c['dp']} SP{c['sp']} DMG{c['dmg']}"


def _import_details(report, today: date) -> list[str]:
    """The cards changed and the errata (20 of each at most), cards absent, lines repeated, new products."""
    lines = _first(_changed_lines(report), 20) + _first(_errata_lines(report, today), 20)
    if report.absent:
        lines.append("  " + _("{n} stored cards are not in this list (kept)", n=report.absent))
    lines += [
        "  " + _("line {line} repeats line {first} (read once)", line=line, first=first)
        for line, first in report.repeated[:10]
    ]
    lines += ["  " + _("new product: {name}", name=name) for name in report.new_products]
    return lines


def _undated_lines(report) -> list[str]:
    """The official list's products without an on-sale date (their cards not legal until it is set)."""
    if not (report.undated and report.kind == "official"):
        return []
    head = _(
        "no on-sale date for {n} products (their cards are not legal until it is set): "
        "lycee cards on-sale PRODUCT YYYY-MM-DD",
        n=len(report.undated),
    )
    return [head] + [f"  {name}" for name in report.undated]


def cmd_cards_import(args) -> int:
    """``lycee cards import FILE``: the card list stored, and what it changed said."""
    today = date.today()
    report = _import_list(_cardlist(args), Path(args.file), args.max_mb, today)
    if args.json:
        out_json(report.as_json())
        return 0
    for line in _import_summary(report) + _import_details(report, today) + _undated_lines(report):
        print(line)
    return 0


def cmd_cards_on_sale(args) -> int:
    try:
        day = date.fromisoformat(args.date)
    except ValueError:
        raise CliError(_("{v!r} is not a date YYYY-MM-DD", v=args.date)) from None
    name, old, new = _cardlist(args).set_on_sale(args.product, day)
    print(
        _(
            "{name}: on sale {old} → {new}",
            name=name,
            old=old.isoformat() if old else _("(no date)"),
            new=new.isoformat(),
        )
    )
    return 0


def _product_rows(stored) -> list[dict]:
    """The stored products (the official list's) and lycee-set/1 sets, one row each."""
    rows = [
        {"name": d["name"], "brand": d.get("brand", ""), "cards": d.get("cards", 0), "on_sale": d.get("on_sale")}
        for d in stored.products.values()
    ]
    rows += [
        {
            "name": doc.get("version", code),
            "brand": "",
            "cards": len(doc.get("cards", [])),
            "on_sale": None,
            "set": code,
            "release_date": doc.get("release_date"),
        }
        for code, doc in stored.sets.items()
    ]
    return rows


def _list_products(args, stored) -> int:
    """``lycee cards list --products``."""
    rows = _product_rows(stored)
    if args.json:
        out_json({"products": rows})
        return 0
    if not rows:
        print(_("no card list stored: lycee cards import FILE"))
    for r in rows:
        when = r["on_sale"] or (
            _("release {date} (lycee-set/1)", date=r["release_date"]) if r.get("set") else _("no on-sale date")
        )
        print(f"{ljust(r['name'], 34)}  {ljust(r['brand'], 5)}  {r['cards']:>5}  {when}")
    return 0


def _sets_of(stored, want: str) -> list:
    """The stored lycee-set/1 sets whose version or code is the product ``want`` (a product key)."""
    return [
        cs for cs in stored.card_sets() if not cs.overture and want in (product_key(cs.version), product_key(cs.code))
    ]


def _of_product(stored, product: str) -> tuple[list, list]:
    """The official list's card documents and the lycee-set/1 sets of ``product`` (refused when it has none)."""
    want = product_key(product)
    sets = _sets_of(stored, want)
    if want not in stored.products and not sets:
        raise CliError(
            _(
                "no product {product!r} in the stored card list; `lycee cards list --products` lists them",
                product=product,
            )
        )
    return [d for d in stored.cards.values() if product_key(d["product"]) == want], sets


def _changed_lines(report) -> list[str]:
    """One line per card whose figures changed, naming the fields with their old and new values
    (「LO-0026: コスト 日日日無無 → 日日無無 が変わりました」)."""
    return [
        "    "
        + _(
            "{number}: changed {what}",
            number=number,
            what=join_list([_change_text(f, report.values.get(number, {}).get(f)) for f in fields]),
        )
        for number, fields in report.changed.items()
    ]


def _change_text(key: str, values: tuple | None) -> str:
    """A changed field: its name, and the stored value and the new one when known."""
    if values is None:
        return field_label(key)
    old, new = (_value_text(key, v) for v in values)
    return f"{field_label(key)} {old} → {new}"


def _value_text(key: str, v) -> str:
    """A stored card field's value as the card prints it ("-" when none)."""
    if v is None or v == "" or v == [] or v == {}:
        return "-"
    if key == "cost":
        return _cost_text({"cost": v})
    if key == "attributes":
        return _attrs_text(v)
    if key == "type":
        return labels.card_type_label(v)
    return str(v)


def _errata_lines(report, today: date) -> list[str]:
    """One line per card with a new text (an erratum dated today)."""
    return [
        "    " + _("{number}: new text (an erratum, dated {date})", number=number, date=today.isoformat())
        for number in report.errata
    ]


def _all_stored(stored) -> tuple[list, list]:
    """Every stored card of the official list, and the stored lycee-set/1 sets."""
    return list(stored.cards.values()), [cs for cs in stored.card_sets() if not cs.overture]


def _stored_cards(stored, product: str | None) -> list:
    """The stored cards (the official list's and the lycee-set/1 sets'), of ``product`` alone when given."""
    docs, sets = _of_product(stored, product) if product else _all_stored(stored)
    return [doc_card(d) for d in docs] + [c for cs in sets for c in cs.cards]


def _print_cards(cards: list) -> None:
    """The cards in number order (a parallel after its base card), under a header, in columns as wide as their
    widest cell (「キャラクター」 pushed the attributes out of line)."""
    if not cards:
        print(_("no card list stored: lycee cards import FILE"))
        return
    head = (_("No."), _("Name"), _("Type"), _("Attr."), _("Product"))
    rows = [
        (c.number, c.name, labels.card_type_label(c.type), c.attribute_kanji, c.product or c.set_code)
        for c in sorted(cards, key=lambda c: c.number)
    ]
    widths = [max(width(r[i]) for r in (head, *rows)) for i in range(4)]
    for r in (head, *rows):
        print(" ".join(ljust(cell, w) for cell, w in zip(r, widths)) + " " + r[4])


def cmd_cards_list(args) -> int:
    """``lycee cards list``: the stored cards, or (--products) the stored products."""
    stored = _cardlist(args).read()
    if args.products:
        return _list_products(args, stored)
    cards = _stored_cards(stored, args.product)
    if args.json:
        out_json({"cards": [_card_json(c, c.errata[-1].text if c.errata else c.text) for c in cards]})
    else:
        _print_cards(cards)
    return 0


def cmd_calendar(args) -> int:
    """A store's own legality calendar for an event (G-CARDS-VERSIONS)."""

    def run(d):
        return d.remove_store_calendar() if args.remove else d.set_store_calendar(args.file)

    if not args.remove and not args.file:
        raise CliError(_("give the calendar file (lycee-calendar/1), or --remove"))
    ev = with_desk(args, run)
    if ev.store_calendar is None:
        print(_("store calendar removed: the guideline's list alone applies"))
    else:
        cal = ev.store_calendar["calendar"]
        print(
            _(
                "store calendar {source}: {v} versions, {p} promotion cards added to the guideline's list",
                source=ev.store_calendar["source"],
                v=len(cal.get("versions", [])),
                p=len(cal.get("promos", [])),
            )
        )
    return 0


def deck_arguments(deck: argparse.ArgumentParser, parsers: Builder) -> None:
    ds = deck.add_subparsers(title=_("deck commands"), metavar="ACTION", required=True)
    c = parsers.cmd(ds, "check", cmd_deck_check, _("list every problem of a decklist (text or CSV)"))
    c.add_argument(
        "file",
        metavar="FILE",
        help=_(
            "decklist: 'COUNT NUMBER [name]' lines, card numbers once per copy, or the official deck page's "
            "table; 'spare:' before spares"
        ),
    )
    c.add_argument("--date", metavar="YYYY-MM-DD", help=_("event date for legality (default: today)"))
    c.add_argument("--format", choices=("constructed", "sealed", "draft"), default="constructed")
    c.add_argument("--packs", type=int, choices=(4, 5, 6), help=_("packs per player in a draft (deck = packs x 10)"))
    c.add_argument("--match", choices=("bo3", "bo1"), default="bo3", help=_("spares are allowed in bo3 only"))
    c.add_argument(
        "--rules",
        choices=("2008", "overture"),
        default=None,
        help=_(
            "the rule set: 2008 (the guideline's game) or overture (Lycee Overture: 60 cards, 構築制限); "
            "default: the one the deck's cards belong to, as the output says"
        ),
    )
    c.add_argument("--json", action="store_true")


def card_arguments(k: argparse.ArgumentParser, parsers: Builder) -> None:
    k.set_defaults(func=cmd_card)
    k.add_argument(
        "numbers",
        nargs="+",
        metavar="NUMBER",
        help=_("a card number (LO-0923, LO-0923-A, 0923, CH-0063) or part of a card's name"),
    )
    k.add_argument("--date", metavar="YYYY-MM-DD")
    k.add_argument("--json", action="store_true")


def cards_arguments(cards: argparse.ArgumentParser, parsers: Builder) -> None:
    cs = cards.add_subparsers(title=_("card list commands"), metavar="ACTION", required=True)
    ci = parsers.cmd(
        cs,
        "import",
        cmd_cards_import,
        _(
            "store the official card list (the publisher's CSV, UTF-8 or Shift_JIS) or a lycee-set/1 file; "
            "a newer list updates the cards and reports what changed"
        ),
    )
    ci.add_argument("file", metavar="FILE")
    ci.add_argument("--json", action="store_true")
    ci.add_argument(
        "--max-mb",
        type=float,
        metavar="MB",
        help=_("refuse a larger file before reading it (default 20, or LYCEE_IMPORT_MAX_MB)"),
    )
    co = parsers.cmd(
        cs,
        "on-sale",
        cmd_cards_on_sale,
        _("set or replace a product's on-sale date: its cards are legal from that day (O-CARDS-ONSALE)"),
    )
    co.add_argument(
        "product", metavar="PRODUCT", help=_("the product as the list names it (lycee cards list --products)")
    )
    co.add_argument("date", metavar="YYYY-MM-DD")
    cl = parsers.cmd(cs, "list", cmd_cards_list, _("the stored cards, or with --products the products and their dates"))
    cl.add_argument("--product", metavar="P", help=_("only the cards of this product"))
    cl.add_argument("--products", action="store_true", help=_("the products, their brands and on-sale dates"))
    cl.add_argument("--json", action="store_true")


def calendar_arguments(cal: argparse.ArgumentParser, parsers: Builder) -> None:
    cal.set_defaults(func=cmd_calendar)
    parsers.event_arg(cal)
    cal.add_argument("file", nargs="?", metavar="FILE")
    cal.add_argument("--remove", action="store_true", help=_("take the store calendar off the event"))


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {
    "deck": deck_arguments,
    "card": card_arguments,
    "cards": cards_arguments,
    "calendar": calendar_arguments,
}
