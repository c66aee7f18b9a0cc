"""``lycee deck check`` and ``lycee card`` (G-CARDS-*, G-SPARE-1, G-SEALED, G-DRAFT-*)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from core import labels
from core.i18n import _

from .common import CliError, out_json, with_desk


def _catalog():
    from core.cards.legality import Catalog

    return Catalog.default()


def cmd_deck_check(args) -> int:
    from core.cards.decks import check_deck, load_decklist

    cat = _catalog()
    deck = load_decklist(Path(args.file), catalog=cat)
    on = args.date or date.today().isoformat()
    if getattr(args, "rules", "2008") == "overture":
        from .decks import deck_check_overture

        return deck_check_overture(args, cat, deck, on)
    if args.format == "draft" and args.packs is None:
        args.packs = 4
    problems = check_deck(deck, cat, args.format, on=on, match=args.match, packs=args.packs)
    if args.json:
        out_json(
            {
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
        )
    else:
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
    return 1 if problems else 0


def cmd_card(args) -> int:
    cat = _catalog()
    on = args.date or date.today().isoformat()
    rows = []
    for number in args.numbers:
        legal = cat.is_legal(number, on)
        card = cat.get(number)
        text = cat.text_for(number, on) if card is not None else None
        rows.append(
            {
                "number": number,
                "name": cat.name_of(number),
                "legal": bool(legal),
                "rule": legal.rule,
                "reason": legal.reason,
                "legal_from": legal.legal_from.isoformat() if legal.legal_from else None,
                "text": text.text if text else None,
            }
        )
    if args.json:
        out_json({"date": on, "cards": rows})
    else:
        for r in rows:
            mark = _("legal") if r["legal"] else _("not legal")
            print(
                f"{r['number']}  {r['name'] or '?'}  "
                + _("{mark} ({rule}: {reason})", mark=mark, rule=r["rule"], reason=r["reason"])
            )
            if r["text"]:
                print(f"    {r['text']}")
    return 0 if all(r["legal"] for r in rows) else 1


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


def register(sub, cmd, event_arg) -> None:
    deck = sub.add_parser("deck", help=_("check a deck against the format and the legal card list"))
    ds = deck.add_subparsers(title=_("deck commands"), metavar="ACTION", required=True)
    c = cmd(ds, "check", cmd_deck_check, _("list every problem of a decklist (text or CSV)"))
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
    c.add_argument("--packs", type=int, choices=(4, 5, 6), help=_("packs a player in a draft (deck = packs x 10)"))
    c.add_argument("--match", choices=("bo3", "bo1"), default="bo3", help=_("spares are allowed in bo3 only"))
    c.add_argument(
        "--rules",
        choices=("2008", "overture"),
        default="2008",
        help=_("the rule set: 2008 (the guideline's game) or overture (Lycee Overture: 60 cards, 構築制限)"),
    )
    c.add_argument("--json", action="store_true")
    k = cmd(sub, "card", cmd_card, _("is a card legal on a date, and which text applies (G-CARDS-*)"))
    k.add_argument("numbers", nargs="+", metavar="NUMBER")
    k.add_argument("--date", metavar="YYYY-MM-DD")
    k.add_argument("--json", action="store_true")
    cal = cmd(
        sub,
        "calendar",
        cmd_calendar,
        _(
            "add a store's own legality calendar (later products, lycee-calendar/1) to an event; "
            "checked, and named on the report (G-CARDS-VERSIONS)"
        ),
    )
    event_arg(cal)
    cal.add_argument("file", nargs="?", metavar="FILE")
    cal.add_argument("--remove", action="store_true", help=_("take the store calendar off the event"))
