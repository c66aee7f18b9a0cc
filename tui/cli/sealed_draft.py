"""``lycee sealed`` and ``lycee draft`` (the command line in README.md): a thin face over limited/.

    lycee sealed --set SET --product 2s|1s3b [--seed S] [--json]
    lycee draft --set SET --seats N --packs P [--seed S] [--log FILE] [--json]
    lycee draft review LOG [--seat N] [--json]

``draft review`` replays a ``lycee-draft/1`` log (limited.draftlog.replay)
and shows one seat's picks (seat numbers from 0, as in the log; default the
first human seat, else 0) beside what the bot would have taken and why
(limited.review); ``*`` marks a pick that differs.

SET is a set code (alpha, beta, gamma) or a ``lycee-set/1`` file.  Without
--seed a seed is drawn and shown, so every pool can be opened again.  A draft
of more than 8 seats splits into pods (L-DRAFT-POD); pod i (from 0) uses seed
S + i and, with --log, writes its own log (FILE for one pod, FILE-podN.json
for several).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from core import labels
from core.cards.decks import decklist_to_text
from core.cards.model import ATTRIBUTE_KANJI, ATTRIBUTES, CARD_TYPES
from core.columns import ljust, width
from core.errors import LyceeError
from core.i18n import _, join_list, ngettext
from core.names import visible
from limited.bots import colour_text
from limited.checks import find_set
from limited.draft import run_draft, seat_pods
from limited.draftlog import read_log, replay, write_log
from limited.facts import catalog_for, facts_for
from limited.review import review_json, review_seat
from limited.score import deck_score
from limited.sealed import build_sealed_deck, open_sealed

from .argparsing import Arguments, Builder
from .common import CliError, LazyChoices, out_json

if TYPE_CHECKING:
    from core.cards.decks import Decklist
    from core.cards.model import CardSet
    from limited.draft import DraftResult

# The card and limited engines are imported inside each command (``lycee --help``
# and the other commands do not pay for them), each function naming what it uses:
# a function that uses an engine it did not import is a mypy error, not a NameError
# on one path only (``lycee pool`` once printed the bare list that way).


def clean(text: str) -> str:
    """User text (seat names from a log) safe for a terminal."""
    return visible(text, 10_000)


def _seed(args) -> int:
    return args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)


def _cost(card) -> str:

    return "".join(f"{ATTRIBUTE_KANJI[a]}{n}" for a, n in card.cost) or "-"


def _group_head(key: tuple, members: list, counts: Counter) -> str:
    """``火 (12)``, or ``火水 fire/water (8)`` where the attributes' words are not the kanji."""
    label = "".join(ATTRIBUTE_KANJI[ATTRIBUTES[i]] for i in key)
    names = "/".join(labels.attribute_label(ATTRIBUTES[i]) for i in key)
    head = label if names.replace("/", "") == label else f"{label} {names}"
    return f"{head} ({sum(counts[c.number] for c in members)})"


def _pool_card_line(c, n: int, name_width: int, type_width: int) -> str:
    stats = f"{c.ap}/{c.dp}/{c.sp}" if c.is_character else ""
    kind = ljust(labels.card_type_label(c.type), type_width)
    return (
        f"  {n} {c.number}  {ljust(c.name, name_width)}  {kind} "
        f"{ljust(_cost(c), 8)} EX{c.ex} {stats:<6} {_('rating')} {c.rating}"
    )


def pool_lines(cs: CardSet, counts: Counter) -> list[str]:
    """The pool grouped by attributes, then by type (``lycee sealed``, ``lycee pool``)."""
    cards = [cs.card(n) for n in counts]
    groups = _by_attributes(cards)
    name_width = max((width(c.name) for c in cards), default=0)
    type_width = max(width(labels.card_type_label(t)) for t in CARD_TYPES)
    out = []
    for key in sorted(groups):
        members = sorted(groups[key], key=lambda c: (CARD_TYPES.index(c.type), c.number))
        out.append(_group_head(key, members, counts))
        out += [_pool_card_line(c, counts[c.number], name_width, type_width) for c in members]
    return out


def _by_attributes(cards: list) -> dict[tuple, list]:
    """The cards grouped by their attributes (keyed by the attributes' places in ATTRIBUTES)."""
    groups: dict[tuple, list] = {}
    for c in cards:
        groups.setdefault(tuple(ATTRIBUTES.index(a) for a in c.attributes), []).append(c)
    return groups


def _score_line(deck: Decklist, cs: CardSet) -> tuple[str, dict]:

    sc = deck_score(deck, facts_for(cs))
    colours = "".join(ATTRIBUTE_KANJI[c] for c in sc.colours)
    text = _(
        "score {total:.1f} (rating {rating:.2f}, in {colours} {consistency:.0%}, curve {curve:.2f})",
        total=sc.total,
        rating=sc.rating,
        colours=colours,
        consistency=sc.consistency,
        curve=sc.curve,
    )
    return text, sc.as_dict()


def _counts(deck: Decklist, section: str) -> dict[str, int]:
    return dict(sorted(deck.counts(section).items()))


# -- sealed -------------------------------------------------------------------------------------


def _sealed_doc(args, cs, seed: int, pool, deck, score) -> dict:
    return {
        "set": cs.code,
        "product": args.product,
        "seed": seed,
        "packs": [
            {"kind": p.kind, **({"starter": p.starter} if p.starter else {}), "cards": list(p.cards)}
            for p in pool.packs
        ],
        "pool": dict(sorted(pool.counts().items())),
        "deck": _counts(deck, "deck"),
        "spare": _counts(deck, "spare"),
        "decklist": decklist_to_text(deck, catalog_for(cs)),
        "score": score,
    }


def _print_sealed(args, cs, seed: int, pool, deck, score_text: str) -> None:
    """The product opened, the pool by attributes, then the deck built from it."""
    print(
        _(
            "Sealed {set} ({version}): {contents}, seed {seed}",
            set=cs.code,
            version=cs.version,
            contents=labels.product_contents(args.product),
            seed=seed,
        )
    )
    opened = [
        (_("starter {id}", id=p.starter) if p.kind == "starter" else _("booster")) + f" ({len(p)})" for p in pool.packs
    ]
    print(_("Opened: {packs}", packs=join_list(opened)))
    print()
    print(_("Pool: {n} cards", n=len(pool)))
    for line in pool_lines(cs, pool.counts()):
        print(line)
    print()
    print(_("Deck: {n} cards, {spares} spare(s); {score}", n=deck.deck_size, spares=deck.spare_size, score=score_text))
    print(decklist_to_text(deck, catalog_for(cs)), end="")


def cmd_sealed(args) -> int:
    """``lycee sealed``: a sealed product opened and a 40-card deck built from it (G-SEALED)."""
    cs = find_set(args.set)
    seed = _seed(args)
    pool = open_sealed(cs, args.product, random.Random(seed))
    deck = build_sealed_deck(pool, cs)
    score_text, score = _score_line(deck, cs)
    if args.json:
        out_json(_sealed_doc(args, cs, seed, pool, deck, score))
    else:
        _print_sealed(args, cs, seed, pool, deck, score_text)
    return 0


# -- draft ----------------------------------------------------------------------------------------


def _log_paths(base: str, pods: int) -> list[Path]:
    p = Path(base)
    if pods == 1:
        return [p]
    return [p.with_name(f"{p.stem}-pod{i + 1}{p.suffix or '.json'}") for i in range(pods)]


def _deck(res: DraftResult, seat: int) -> Decklist:
    deck = res.decks[seat]
    assert deck is not None, "run_draft builds every seat's deck unless told not to"
    return deck


def _check_draft_args(args) -> None:
    """``lycee draft`` needs --set, --seats and --packs; a log is read by ``draft review``."""
    if args.action is not None or args.log_file is not None:
        args.parser.error(_("a draft log is read by `lycee draft review LOG`"))
    missing = [o for o, v in (("--set", args.set), ("--seats", args.seats), ("--packs", args.packs)) if v is None]
    if missing:
        args.parser.error(_("the following arguments are required: %s") % join_list(missing))


def _seat_doc(res: DraftResult, s: int, cs) -> dict:
    """One seat of a drafted pod, as ``--json`` gives it."""
    deck = _deck(res, s)
    seat = res.seats[s]
    return {
        "seat": s,
        "name": seat.name,
        "bot": seat.bot,
        "pool": dict(sorted(Counter(res.pools[s]).items())),
        "deck": _counts(deck, "deck"),
        "spare": _counts(deck, "spare"),
        "score": _score_line(deck, cs)[1],
    }


def _draft_doc(args, cs, seed: int, results: list[DraftResult], paths: list) -> dict:
    return {
        "set": cs.code,
        "seed": seed,
        "packs": args.packs,
        "seats": args.seats,
        "pods": [
            {
                "pod": i + 1,
                "seed": res.seed,
                "seats": [_seat_doc(res, s, cs) for s in range(len(res.seats))],
                "log": str(path) if path is not None else None,
            }
            for i, (res, path) in enumerate(zip(results, paths))
        ],
    }


def _print_pod(i: int, res: DraftResult, path, cs, cat) -> None:
    """A drafted pod: its seats with their pools and deck scores, its log, then every seat's deck."""
    print()
    print(
        _(
            "Pod {pod} (seed {seed}): pack 1 passes to the next seat number, then the direction alternates",
            pod=i + 1,
            seed=res.seed,
        )
    )
    for s, seat in enumerate(res.seats):
        print(
            f"  {_('Seat')} {s + 1}  {ljust(seat.name, 8)} {_('pool')} {len(res.pools[s]):>3}  "
            f"{_score_line(_deck(res, s), cs)[0]}"
        )
    if path is not None:
        print("  " + _("log: {path}", path=path))
    for s, seat in enumerate(res.seats):
        print()
        where = join_list([f"{_('Pod')} {i + 1}", f"{_('Seat')} {s + 1}"])
        print(f"# {where}: {seat.name}")
        print(decklist_to_text(_deck(res, s), cat), end="")


def _write_logs(args, results: list[DraftResult]) -> list:
    """``--log``: each pod's draft log written (its path; None for each without ``--log``)."""
    if not args.log:
        return [None] * len(results)
    paths = _log_paths(args.log, len(results))
    for res, path in zip(results, paths):
        if path is not None:
            write_log(path, res)
    return paths


def cmd_draft(args) -> int:
    """``lycee draft``: bots draft every pod of the seats and build every deck (G-DRAFT-1..4)."""
    if args.action == "review":
        return cmd_draft_review(args)
    _check_draft_args(args)
    cs = find_set(args.set)
    seed = _seed(args)
    pods = seat_pods([], args.seats, random.Random(seed))
    results = [run_draft(cs, seats, args.packs, seed + i) for i, seats in enumerate(pods)]
    paths = _write_logs(args, results)
    if args.json:
        out_json(_draft_doc(args, cs, seed, results, paths))
        return 0
    print(
        ngettext(
            "Draft {set} ({version}): {n} seats in {pods} pod ({sizes}), {packs} packs per player, "
            "deck {deck} cards, seed {seed}",
            "Draft {set} ({version}): {n} seats in {pods} pods ({sizes}), {packs} packs per player, "
            "deck {deck} cards, seed {seed}",
            len(results),
            set=cs.code,
            version=cs.version,
            n=args.seats,
            pods=len(results),
            sizes="+".join(str(len(p)) for p in pods),
            packs=args.packs,
            deck=args.packs * 10,
            seed=seed,
        )
    )
    cat = catalog_for(cs)
    for i, (res, path) in enumerate(zip(results, paths)):
        _print_pod(i, res, path, cs, cat)
    return 0


def _review_log(args):
    """The draft log replayed against its set: (the draft, the set)."""
    if args.log_file is None:
        args.parser.error(_("the following arguments are required: %s") % "LOG")
    res = read_log(args.log_file)
    try:
        cs = find_set(res.set_code)
    except LyceeError as err:
        raise CliError(
            _("the draft log {path} is of set {code}: {why}", path=args.log_file, code=res.set_code, why=err)
        ) from None
    return replay(res, cs, source=str(args.log_file)), cs


def _pick_lines(p, cs) -> list[str]:
    """One pick: what was taken (and the bot's pick where it differs), why, and the best candidates."""
    took, sug = cs.card(p.took), cs.card(p.suggested)
    mark = "*" if p.differs else " "
    line = f"{mark} {p.pack}-{p.pick:<2} {_('took')} {took.number} {ljust(took.name, 18)} {_('rating')} {took.rating}"
    if p.differs:
        line += "  " + _("bot: {number} {name} ({rating})", number=sug.number, name=sug.name, rating=sug.rating)
    if p.timeout:
        line += "  " + _("(time)")
    return [clean(line), f"        {p.reason.text()}", f"        {p.reason.top_text()}"]


def _print_review(args, res, cs, seat: int, rv) -> None:
    print(
        _(
            "Pick review: {path}, seat {seat} ({name}), set {set}, {packs} packs; the bot agrees on {agree} of "
            "{n} picks (* where it differs)",
            path=args.log_file,
            seat=seat + 1,
            name=clean(rv.name),
            set=cs.code,
            packs=res.packs,
            agree=rv.agree,
            n=len(rv.picks),
        )
    )
    for p in rv.picks:
        print("\n".join(_pick_lines(p, cs)))
    print()
    print(_("What every seat took (main colours):"))
    for i, m in enumerate(rv.mains):
        print(f"  {_('Seat')} {i + 1}  {ljust(clean(res.seats[i].name), 10)} {colour_text(m) if m else '-'}")
    print(rv.flow_line())


def cmd_draft_review(args) -> int:
    """``lycee draft review LOG``: a seat's picks beside the bot's, pick by pick."""
    res, cs = _review_log(args)
    seat = args.seat
    if seat is None:
        seat = next((i for i, s in enumerate(res.seats) if not s.bot), 0)
    rv = review_seat(res, seat, cs)
    if args.json:
        out_json(review_json(rv))
    else:
        _print_review(args, res, cs, seat, rv)
    return 0


# -- registration -----------------------------------------------------------------------------------


def sealed_arguments(s: argparse.ArgumentParser, parsers: Builder) -> None:
    s.set_defaults(func=cmd_sealed)
    s.add_argument("--set", required=True, metavar="SET", help=_("set code (alpha, beta, gamma) or a set file"))
    s.add_argument(
        "--product",
        required=True,
        choices=LazyChoices("core.event.model", "SEALED_PRODUCTS"),
        metavar="PRODUCT",
        help=_("2s: 2 starters; 1s3b: 1 starter + 3 boosters"),
    )
    s.add_argument("--seed", type=int, default=None, metavar="S", help=_("seed (default: drawn and shown)"))
    s.add_argument("--json", action="store_true")


def draft_arguments(d: argparse.ArgumentParser, parsers: Builder) -> None:
    d.set_defaults(func=cmd_draft)
    d.set_defaults(parser=d)
    d.add_argument(
        "action",
        nargs="?",
        choices=("review",),
        metavar="review",
        help=_("review LOG: each pick of a seat beside the bot's choice and its reason"),
    )
    d.add_argument("log_file", nargs="?", metavar="LOG", help=_("a lycee-draft/1 log (with review)"))
    d.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help=_(
            "with review: the seat as the log numbers it, from 0 (the review counts from 1: --seat 4 is seat 5; "
            "default: the first human seat, else 0)"
        ),
    )
    d.add_argument("--set", metavar="SET", help=_("set code (alpha, beta, gamma) or a set file"))
    d.add_argument("--seats", type=int, metavar="N", help=_("players; more than 8 split into pods as even as possible"))
    d.add_argument("--packs", type=int, metavar="P", help=_("packs per player, 4 to 6 (G-DRAFT-2)"))
    d.add_argument("--seed", type=int, default=None, metavar="S", help=_("seed (default: drawn and shown)"))
    d.add_argument("--log", metavar="FILE", help=_("write the lycee-draft/1 log (one file per pod)"))
    d.add_argument("--json", action="store_true")


#: `lycee COMMAND`'s arguments, by command (tui.cli.parser.commands names the module)
PARSERS: dict[str, Arguments] = {"sealed": sealed_arguments, "draft": draft_arguments}
