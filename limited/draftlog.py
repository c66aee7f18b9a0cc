"""The draft log ``lycee-draft/1`` (docs/cards.md): write, read, replay.

One log is one table (pod)::

    {"schema": "lycee-draft/1", "set": "alpha", "seed": 42, "packs": 4,
     "seats": [{"seat": 0, "name": "Bot 1", "bot": true}, ...],
     "rounds": [{"round": 1, "direction": 1,
                 "packs": [["CH-5001", ...], ...],            # as opened, one per seat
                 "picks": [{"pick": 1, "seat": 0, "offered": [...], "took": "CH-5001"}, ...]},
                ...],
     "pools": [{"seat": 0, "pool": [...], "deck": {"CH-5001": 2, ...} or null,
                "spare": {...}}, ...]}

- ``direction``: +1 passes to the next seat number, -1 to the previous;
  +1 first, then alternating (G-DRAFT-1).
- ``picks``: every pick in the order made (pick number within the round,
  seat, the cards offered, the card taken; ``"timeout": true`` when a human's
  timer ran out and the bot chose).
- ``pools``: each seat's cards in pick order, and its deck and spares
  ({number: count}; ``deck`` null when none was built).
- ``seed``: what the packs were opened from (null for packs entered by hand).
- Keys starting with ``x-`` are ignored; other unknown keys are errors.

:func:`replay` runs the picks again through the draft engine and checks that
every pick was offered what the direction brings (G-DRAFT-1) and that the
pools come out the same; with the set, that the seed opens the logged packs
and every deck is legal (core.cards.decks.check_draft).  A malformed log raises
ValidationError listing every problem with its JSON path.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from os import PathLike
from pathlib import Path
from typing import Any, Sequence, TypeGuard

from core.cards.decks import DRAFT_PACKS, Decklist, check_draft
from core.cards.model import CardSet, normalize_number
from core.cards.schema import Problems, show_value
from core.errors import ValidationError
from core.i18n import _, join_list
from limited.draft import (
    Draft,
    DraftResult,
    Pick,
    direction,
    open_draft_packs,
)
from limited.facts import catalog_for
from limited.pods import POD_MAX, POD_MIN, Seat

__all__ = ["SCHEMA", "draft_log", "dump_log", "write_log", "read_log", "parse_log", "replay"]

SCHEMA = "lycee-draft/1"
_MISSING = object()


# -- writing ------------------------------------------------------------------------------------


def _counts(deck: Decklist, section: str) -> dict[str, int]:
    return dict(sorted(deck.counts(section).items()))


def draft_log(res: DraftResult) -> dict:
    """The ``lycee-draft/1`` document of a finished table."""
    n = len(res.seats)
    decks = res.decks or (None,) * n
    return {
        "schema": SCHEMA,
        "set": res.set_code,
        "seed": res.seed,
        "packs": res.packs,
        "seats": [{"seat": i, "name": s.name, "bot": s.bot} for i, s in enumerate(res.seats)],
        "rounds": _rounds_doc(res),
        "pools": [_pool_doc(i, res.pools[i], decks[i]) for i in range(n)],
    }


def _rounds_doc(res: DraftResult) -> list[dict[str, Any]]:
    """Each pack round as logged: its direction, the packs opened and the picks made."""
    by_round: list[list[dict]] = [[] for _ in range(res.packs)]
    for p in res.picks:
        by_round[p.round - 1].append(_pick_doc(p))
    return [
        {"round": r + 1, "direction": direction(r), "packs": [list(p) for p in res.opened[r]], "picks": by_round[r]}
        for r in range(res.packs)
    ]


def _pick_doc(p: Pick) -> dict[str, Any]:
    """One pick as logged; ``timeout`` only when the clock took it."""
    d: dict[str, Any] = {"pick": p.pick, "seat": p.seat, "offered": list(p.offered), "took": p.took}
    if p.timeout:
        d["timeout"] = True
    return d


def _pool_doc(i: int, pool: Sequence[str], deck: Decklist | None) -> dict[str, Any]:
    """Seat ``i``'s pool as logged, with its deck and spares when built."""
    return {
        "seat": i,
        "pool": list(pool),
        "deck": _counts(deck, "deck") if deck is not None else None,
        "spare": _counts(deck, "spare") if deck is not None else {},
    }


def _j(v: Any) -> str:
    """One JSON value on one line, UTF-8 without escapes."""
    return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))


def _comma(n: int, of: int) -> str:
    """The comma after item ``n`` of ``of``: none after the last."""
    return "," if n < of - 1 else ""


def _item_lines(items: list, indent: str) -> list[str]:
    """One JSON value a line, commas between."""
    return [f"{indent}{_j(x)}{_comma(n, len(items))}" for n, x in enumerate(items)]


def _round_lines(rnd: dict, end: str) -> list[str]:
    """One round: its head on a line, then a pack a line and a pick a line."""
    head = {a: b for a, b in rnd.items() if a not in ("packs", "picks")}
    return [
        "    {" + _j(head)[1:-1] + ",",
        '     "packs": [',
        *_item_lines(rnd.get("packs", []), "      "),
        "     ],",
        '     "picks": [',
        *_item_lines(rnd.get("picks", []), "      "),
        f"     ]}}{end}",
    ]


def _rounds_lines(rounds: list) -> list[str]:
    """The rounds' lines, a comma after each round but the last."""
    return [line for ri, rnd in enumerate(rounds) for line in _round_lines(rnd, _comma(ri, len(rounds)))]


def _entry_lines(items: list) -> list[str]:
    """Seats or pools: one item a line."""
    return _item_lines(items, "    ")


#: How each list-valued key of the log is laid out inside its brackets (other keys take one line).
_LIST_LAYOUTS = {"rounds": _rounds_lines, "seats": _entry_lines, "pools": _entry_lines}


def _key_lines(k: str, v: Any, comma: str) -> list[str]:
    """One key of the log: rounds by pack and pick, seats and pools an item a line, the rest on one line."""
    layout = _LIST_LAYOUTS.get(k) if isinstance(v, list) else None
    if layout is None:
        return [f"  {_j(k)}: {_j(v)}{comma}"]
    return [f"  {_j(k)}: [", *layout(v), f"  ]{comma}"]


def dump_log(doc: dict) -> str:
    """Log text: one key, pack or pick a line, UTF-8 without escapes."""
    keys = list(doc)
    lines = ["{"]
    for i, k in enumerate(keys):
        lines += _key_lines(k, doc[k], _comma(i, len(keys)))
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_log(path: str | PathLike, res: DraftResult | dict) -> None:
    doc = draft_log(res) if isinstance(res, DraftResult) else res
    Path(path).write_text(dump_log(doc), encoding="utf-8")


# -- reading ------------------------------------------------------------------------------------


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _keys(obj: dict, allowed: tuple[str, ...], path: str, p: Problems) -> None:
    for k in obj:
        if not _known_key(k, allowed):
            p.add(f"{path}.{k}", _("unknown key (extension keys start with x-)"))


def _known_key(k: Any, allowed: tuple[str, ...]) -> bool:
    """A key the schema names at this place, or an extension key (``x-...``)."""
    return k in allowed or (isinstance(k, str) and k.startswith("x-"))


def _numbers(v: Any, path: str, p: Problems, cs: CardSet | None) -> tuple[str, ...] | None:
    if not isinstance(v, list):
        p.add(path, _("expected a list of card numbers, got {got}", got=show_value(v)))
        return None
    out, ok = [], True
    for i, x in enumerate(v):
        problem = _number_problem(x, cs)
        if problem is not None:
            p.add(f"{path}[{i}]", problem)
            ok = False
        else:
            out.append(x)
    return tuple(out) if ok else None


def _number_problem(x: Any, cs: CardSet | None) -> str | None:
    """What is wrong with a logged card number, or None: it must be written like CH-0063 and be of the set."""
    if not isinstance(x, str) or normalize_number(x) != x:
        return _("{got} is not a card number like CH-0063", got=show_value(x))
    if cs is not None and x not in cs:
        return _("{x} is not a card of set {code}", x=x, code=cs.code)
    return None


def _count_map(v: Any, path: str, p: Problems) -> dict[str, int] | None:
    if v is None:
        return None
    if not isinstance(v, dict):
        p.add(path, _("expected an object {shape} or null, got {got}", shape="{number: count}", got=show_value(v)))
        return None
    out = {}
    for k, n in v.items():
        problem = _count_problem(k, n)
        if problem is None:
            out[k] = n
        else:
            p.add(f"{path}.{k}", problem)
    return out


def _count_problem(k: Any, n: Any) -> str | None:
    """What is wrong with one ``number: count`` entry of a deck or its spares, or None."""
    if normalize_number(k) != k:
        return _("{k!r} is not a card number like CH-0063", k=k)
    if not _is_int(n) or n < 1:
        return _("expected a count of 1 or more, got {got}", got=show_value(n))
    return None


def parse_log(doc: Any, source: str = "<draft log>", cs: CardSet | None = None) -> DraftResult:
    """A :class:`DraftResult` from a ``lycee-draft/1`` document, its shape
    checked field by field (with the set, card numbers too).  The picks are
    taken as written: :func:`replay` checks them against the rules."""
    p = Problems()
    if not isinstance(doc, dict):
        raise ValidationError(source, [("$", _("expected a JSON object, got {got}", got=show_value(doc)))])
    _keys(doc, ("schema", "set", "seed", "packs", "seats", "rounds", "pools"), "$", p)
    _check_schema(doc, p)
    code = _set_code(doc, p, cs)
    seed = _seed(doc, p)
    packs = _packs(doc, p)
    seats = _seats(doc, p)
    opened, picks = _rounds(doc, p, packs, len(seats), cs)
    pools, decks = _pools(doc, p, len(seats), cs)
    if p.items:
        raise ValidationError(source, p.items)
    # packs is None only with a problem, raised above
    return DraftResult(code, seed, packs, tuple(seats), tuple(opened), tuple(picks), tuple(pools), tuple(decks))  # type: ignore[arg-type]


def _seed(doc: dict, p: Problems) -> int | None:
    """The logged seed: an integer, or null for packs entered by hand (None, its problem added, when neither)."""
    seed = doc.get("seed")
    if seed is None or _is_int(seed):
        return seed
    p.add("$.seed", _("expected an integer or null, got {got}", got=show_value(seed)))
    return None


def _list(doc: dict, key: str, path: str, p: Problems, expected: str) -> list | None:
    """``doc[key]`` when it is a list, else None with the problem at ``path`` (``expected``: what the
    message says a wrong value should have been, with ``{got}``)."""
    raw = doc.get(key, _MISSING)
    if isinstance(raw, list):
        return raw
    p.add(path, _("missing") if raw is _MISSING else expected.format(got=show_value(raw)))
    return None


def _check_count(items: list, want: int | None, path: str, p: Problems, problem: str) -> None:
    """Add ``problem`` at ``path`` when the count ``want`` is known (not None or 0) and ``items`` holds another."""
    if want and len(items) != want:
        p.add(path, problem)


def _object(v: Any, path: str, p: Problems) -> bool:
    if isinstance(v, dict):
        return True
    p.add(path, _("expected an object, got {got}", got=show_value(v)))
    return False


def _check_schema(doc: dict, p: Problems) -> None:
    if doc.get("schema", _MISSING) != SCHEMA:
        p.add(
            "$.schema",
            _("expected {schema!r}, got {got}", schema=SCHEMA, got=show_value(doc.get("schema")))
            if "schema" in doc
            else _("missing (expected {schema!r})", schema=SCHEMA),
        )


def _set_code(doc: dict, p: Problems, cs: CardSet | None) -> str:
    code = doc.get("set", _MISSING)
    if not isinstance(code, str) or not code.strip():
        p.add("$.set", _("missing") if code is _MISSING else _("expected a set code, got {got}", got=show_value(code)))
        return ""
    _check_same_set(code, cs, p)
    return code


def _check_same_set(code: str, cs: CardSet | None, p: Problems) -> None:
    """The logged set code names the set given to check against (case aside), if any."""
    if cs is not None and code.casefold() != cs.code.casefold():
        p.add("$.set", _("the log is for set {code!r}, not {set!r}", code=code, set=cs.code))


def _packs(doc: dict, p: Problems) -> int | None:
    packs = doc.get("packs", _MISSING)
    if packs is _MISSING:
        p.add("$.packs", _("missing"))
        return None
    if not _is_int(packs) or packs not in DRAFT_PACKS:
        p.add(
            "$.packs",
            _(
                "{got} packs per player: a draft uses {min} to {max} [G-DRAFT-2]",
                got=show_value(packs),
                min=DRAFT_PACKS.start,
                max=DRAFT_PACKS.stop - 1,
            ),
        )
        return None
    return packs


def _seats(doc: dict, p: Problems) -> list[Seat]:
    raw = _list(doc, "seats", "$.seats", p, _("expected a list of seats, got {got}", got="{got}"))
    if raw is None:
        return []
    if not POD_MIN <= len(raw) <= POD_MAX:
        p.add(
            "$.seats",
            _("{n} seats: a draft pod seats {min} to {max} [L-DRAFT-POD]", n=len(raw), min=POD_MIN, max=POD_MAX),
        )
    return [seat for i, s in enumerate(raw) if (seat := _seat(s, i, p)) is not None]


def _seat(s: Any, i: int, p: Problems) -> Seat | None:
    sp = f"$.seats[{i}]"
    if not _object(s, sp, p):
        return None
    _keys(s, ("seat", "name", "bot"), sp, p)
    if "seat" in s and s["seat"] != i:
        p.add(f"{sp}.seat", _("expected {i} (seats are listed in order), got {got}", i=i, got=show_value(s["seat"])))
    return Seat(_seat_name(s.get("name"), i, f"{sp}.name", p), _seat_bot(s.get("bot", False), f"{sp}.bot", p))


def _seat_name(name: Any, i: int, path: str, p: Problems) -> str:
    """A seat's logged name, or "seat i" when it has none (its problem added)."""
    if isinstance(name, str) and name.strip():
        return name
    p.add(path, _("missing") if name is None else _("expected a name, got {got}", got=show_value(name)))
    return f"seat {i}"


def _seat_bot(bot: Any, path: str, p: Problems) -> bool:
    """Whether a seat is logged as a bot (False, its problem added, when the value is not a boolean)."""
    if isinstance(bot, bool):
        return bot
    p.add(path, _("expected true or false, got {got}", got=show_value(bot)))
    return False


def _rounds(
    doc: dict, p: Problems, packs: int | None, n: int, cs: CardSet | None
) -> tuple[list[tuple[tuple[str, ...], ...]], list[Pick]]:
    opened: list[tuple[tuple[str, ...], ...]] = []
    picks: list[Pick] = []
    rounds = _list(doc, "rounds", "$.rounds", p, _("expected a list of rounds, got {got}", got="{got}"))
    if rounds is None:
        return opened, picks
    _check_count(
        rounds, packs, "$.rounds", p, _("{n} pack rounds for a {packs}-pack draft", n=len(rounds), packs=packs)
    )
    for r, rnd in enumerate(rounds):
        read = _round(rnd, r, n, p, cs)
        if read is not None:
            opened.append(read[0])
            picks += read[1]
    return opened, picks


def _round(
    rnd: Any, r: int, n: int, p: Problems, cs: CardSet | None
) -> tuple[tuple[tuple[str, ...], ...], list[Pick]] | None:
    """Round ``r`` as logged: its packs and the picks that read well, or None when it is not an object
    (the problems added)."""
    rp = f"$.rounds[{r}]"
    if not _object(rnd, rp, p):
        return None
    _keys(rnd, ("round", "direction", "packs", "picks"), rp, p)
    _round_head(rnd, r, rp, p)
    return _round_packs(rnd, rp, n, p, cs), _round_picks(rnd, r, rp, n, p, cs)


def _round_picks(rnd: dict, r: int, rp: str, n: int, p: Problems, cs: CardSet | None) -> list[Pick]:
    """A logged round's picks that read well (the others' problems added)."""
    rp_picks = _list(rnd, "picks", f"{rp}.picks", p, _("expected a list of picks, got {got}", got="{got}"))
    picks = [_pick(pk, f"{rp}.picks[{i}]", r, n, p, cs) for i, pk in enumerate(rp_picks or ())]
    return [pick for pick in picks if pick is not None]


def _round_head(rnd: dict, r: int, rp: str, p: Problems) -> None:
    if rnd.get("round", r + 1) != r + 1:
        p.add(f"{rp}.round", _("expected {n}, got {got}", n=r + 1, got=show_value(rnd.get("round"))))
    want = direction(r)
    if rnd.get("direction", _MISSING) != want:
        p.add(
            f"{rp}.direction",
            _(
                "must be {want:+d}: pack 1 passes +1 and the direction alternates from pack to pack [G-DRAFT-1]",
                want=want,
            )
            if "direction" in rnd
            else _("missing (expected {want:+d})", want=want),
        )


def _round_packs(rnd: dict, rp: str, n: int, p: Problems, cs: CardSet | None) -> tuple[tuple[str, ...], ...]:
    got: list[tuple[str, ...]] = []
    rp_packs = _list(rnd, "packs", f"{rp}.packs", p, _("expected a list of packs, got {got}", got="{got}"))
    if rp_packs is None:
        return ()
    _check_count(
        rp_packs, n, f"{rp}.packs", p, _("{n} packs for {seats} seats: one pack a seat", n=len(rp_packs), seats=n)
    )
    for s, pk in enumerate(rp_packs):
        cards = _pack(pk, f"{rp}.packs[{s}]", p, cs)
        if cards is not None:
            got.append(cards)
    _check_same_size(got, f"{rp}.packs", p)
    return tuple(got)


def _check_same_size(packs: list[tuple[str, ...]], path: str, p: Problems) -> None:
    """A round's packs must hold the same number of cards."""
    if len({len(x) for x in packs}) > 1:
        p.add(path, _("the packs of a round must hold the same number of cards"))


def _pack(pk: Any, path: str, p: Problems, cs: CardSet | None) -> tuple[str, ...] | None:
    """One logged pack's card numbers, or None when they cannot be read (its problems added; an empty
    pack is read but refused)."""
    cards = _numbers(pk, path, p, cs)
    if cards is not None and not cards:
        p.add(path, _("an empty pack"))
    return cards


def _pick(pk: Any, pp: str, r: int, n: int, p: Problems, cs: CardSet | None) -> Pick | None:
    """One logged pick, or None (with its problems added)."""
    if not _object(pk, pp, p):
        return None
    before = len(p.items)
    _keys(pk, ("pick", "seat", "offered", "took", "timeout"), pp, p)
    num, seat, took = pk.get("pick"), pk.get("seat"), pk.get("took")
    _check_pick_and_seat(num, seat, n, pp, p)
    offered = _numbers(pk.get("offered"), f"{pp}.offered", p, cs)
    _check_took(took, offered, pp, p)
    timeout = pk.get("timeout", False)
    if not isinstance(timeout, bool):
        p.add(f"{pp}.timeout", _("expected true or false, got {got}", got=show_value(timeout)))
    if len(p.items) != before:
        return None
    return Pick(r + 1, num, seat, offered, took, timeout)  # type: ignore[arg-type]  # each checked above


def _check_pick_and_seat(num: Any, seat: Any, n: int, pp: str, p: Problems) -> None:
    """A pick numbered from 1, by a seat of the table."""
    if not _is_int(num) or num < 1:
        p.add(f"{pp}.pick", _("expected a pick number of 1 or more, got {got}", got=show_value(num)))
    if not _is_int(seat) or not (0 <= seat < max(n, 1)):
        p.add(f"{pp}.seat", _("expected a seat 0 to {n}, got {got}", n=n - 1, got=show_value(seat)))


def _check_took(took: Any, offered: Any, pp: str, p: Problems) -> None:
    """The card taken: a card number, and one of those offered (G-DRAFT-1)."""
    if not isinstance(took, str) or normalize_number(took) != took:
        p.add(f"{pp}.took", _("{got} is not a card number like CH-0063", got=show_value(took)))
    elif offered is not None and took not in offered:
        p.add(f"{pp}.took", _("{took} is not among the cards offered [G-DRAFT-1]", took=took))


def _pools(doc: dict, p: Problems, n: int, cs: CardSet | None) -> tuple[list[tuple[str, ...]], list[Decklist | None]]:
    decks: list[Decklist | None] = []
    pools: list[tuple[str, ...]] = []
    raw_pools = _list(doc, "pools", "$.pools", p, _("expected a list, got {got}", got="{got}"))
    if raw_pools is None:
        return pools, decks
    _check_count(raw_pools, n, "$.pools", p, _("{n} pools for {seats} seats", n=len(raw_pools), seats=n))
    for i, e in enumerate(raw_pools):
        read = _pool(e, i, p, cs)
        if read is not None:
            pools.append(read[0])
            decks.append(read[1])
    return pools, decks


def _pool(e: Any, i: int, p: Problems, cs: CardSet | None) -> tuple[tuple[str, ...], Decklist | None] | None:
    """Seat ``i``'s logged pool and deck, or None when the entry is not an object (the problems added)."""
    ep = f"$.pools[{i}]"
    if not _object(e, ep, p):
        return None
    _keys(e, ("seat", "pool", "deck", "spare"), ep, p)
    _check_pool_seat(e, i, ep, p)
    return _numbers(e.get("pool"), f"{ep}.pool", p, cs) or (), _logged_deck(e, ep, p)


def _check_pool_seat(e: dict, i: int, ep: str, p: Problems) -> None:
    """The pools are listed in seat order: pool ``i`` names seat ``i`` if any."""
    if "seat" in e and e["seat"] != i:
        p.add(
            f"{ep}.seat",
            _("expected {i} (pools are listed in seat order), got {got}", i=i, got=show_value(e["seat"])),
        )


def _logged_deck(e: dict, ep: str, p: Problems) -> Decklist | None:
    """A logged pool's deck and spares, or None when it has no deck."""
    deck = _count_map(e.get("deck"), f"{ep}.deck", p)
    spare = _count_map(e.get("spare", {}), f"{ep}.spare", p)
    return Decklist.from_counts(deck, spare or {}) if deck is not None else None


def read_log(path: str | PathLike, cs: CardSet | None = None) -> DraftResult:
    """Read and check a log file (shape only; :func:`replay` checks the picks)."""
    return parse_log(_json_doc(_log_text(path), path), str(path), cs)


#: The most a draft log file may hold, checked before it is read (an 8-seat draft of 6 packs logs about 100 KB).
LOG_MAX_BYTES = 4 * 1024 * 1024


def _log_text(path: str | PathLike) -> str:
    """The log file's text, or ValidationError when it cannot be read as UTF-8 or is larger than a log is."""
    try:
        with open(path, "rb") as f:
            raw = f.read(LOG_MAX_BYTES + 1)
    except OSError as e:
        raise ValidationError(str(path), [(_("file"), _("cannot be read: {reason}", reason=e.strerror or e))]) from None
    if len(raw) > LOG_MAX_BYTES:
        too_big = _("more than the {limit} bytes a draft log holds: not read", limit=f"{LOG_MAX_BYTES:,}")
        raise ValidationError(str(path), [(_("file"), too_big)])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValidationError(str(path), [(_("file"), _("is not UTF-8 text"))]) from None


def _json_doc(text: str, path: str | PathLike) -> Any:
    """The log's JSON value, or ValidationError naming the line and column where it breaks."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValidationError(
            str(path),
            [
                (
                    _("line {lineno} column {colno}", lineno=e.lineno, colno=e.colno),
                    _("not valid JSON: {msg}", msg=e.msg),
                )
            ],
        ) from None


# -- replay -------------------------------------------------------------------------------------


def replay(log: dict | DraftResult, cs: CardSet | None = None, *, source: str = "<draft log>") -> DraftResult:
    """Run a log's picks again through the engine; the result holds the pools
    the picks give (and the log's decks).  Raises ValidationError, with JSON
    paths, when a pick was not offered what the passing brings (G-DRAFT-1),
    the picks stop early, the pools differ, or (with the set) the seed does not
    open the logged packs or a deck breaks a rule (core.cards.decks.check_draft)."""
    res = log if isinstance(log, DraftResult) else parse_log(log, source, cs)
    d = _replay_table(res, source)
    _replay_picks(d, res.picks, source)
    out = _timeouts_kept(d.result(res.decks if res.decks else None), res.picks)
    problems = _result_problems(res, out, cs)
    if problems:
        raise ValidationError(source, problems)
    return out


def _replay_table(res: DraftResult, source: str) -> Draft:
    """The logged table set up again with its packs as opened, every seat picking by hand; a pack the
    engine refuses is named at its JSON path under ``$.rounds``."""
    try:
        return Draft(
            None,
            res.seats,
            res.packs,
            res.seed,
            opened=res.opened,
            autopick=False,
            auto_last=False,
            set_code=res.set_code,
        )
    except ValidationError as e:
        raise ValidationError(
            source, [(f"$.rounds{w.removeprefix('opened')}", what) for w, what in e.problems]
        ) from None


def _timeouts_kept(out: DraftResult, logged: Sequence[Pick]) -> DraftResult:
    """The replayed table with the logged picks' timeout marks: the engine replays every pick as made
    by hand, so a pick the timer took stays marked."""
    return dataclasses.replace(
        out, picks=tuple(dataclasses.replace(q, timeout=p.timeout) for q, p in zip(out.picks, logged))
    )


def _replay_picks(d: Draft, picks: Sequence[Pick], source: str) -> None:
    """Make each logged pick on ``d``; refuse a pick not offered (G-DRAFT-1) or picks that stop early."""
    index: dict[int, int] = {}
    for p in picks:
        i = index.get(p.round, 0)
        index[p.round] = i + 1
        problem = _pick_problem(d, p, f"$.rounds[{p.round - 1}].picks[{i}]")
        if problem is not None:
            raise ValidationError(source, [problem])
        d.pick(p.seat, p.took)
    if not d.done:
        raise ValidationError(source, [_stopped_early(d)])


def _stopped_early(d: Draft) -> tuple[str, str]:
    """The problem of picks that end before the table is done: where they stop, and who has not picked."""
    return f"$.rounds[{d.round - 1}].picks", _(
        "the picks stop at pack {round}, pick {pick}: seats {seats} have not picked",
        round=d.round,
        pick=d.pick_number,
        seats=join_list(d.waiting()),
    )


def _pick_problem(d: Draft, p: Pick, pp: str) -> tuple[str, str] | None:
    """Why the logged pick ``p`` (at JSON path ``pp``) cannot be the table's next, or None."""
    return _turn_problem(d, p, pp) or _offer_problem(d, p, pp)


def _turn_problem(d: Draft, p: Pick, pp: str) -> tuple[str, str] | None:
    """Why the table is not at ``p``'s pack and pick (it is over, or at another), or None."""
    if d.done:
        return pp, _("a pick after the last pack is empty")
    if p.round != d.round:
        return pp, _(
            "pack {round} is not over: seats {seats} still pick at pick {pick}",
            round=d.round,
            seats=join_list(d.waiting()),
            pick=d.pick_number,
        )
    if p.pick != d.pick_number:
        return f"{pp}.pick", _(
            "expected pick {pick} (seats {seats} have not picked)", pick=d.pick_number, seats=join_list(d.waiting())
        )
    return None


def _offer_problem(d: Draft, p: Pick, pp: str) -> tuple[str, str] | None:
    """Why ``p``'s seat is not offered the logged pack now (it has picked, or holds another), or None."""
    offered = d.offered(p.seat)
    if offered is None:
        return f"{pp}.seat", _(
            "seat {seat} has already taken a card at pick {pick} [G-DRAFT-1]", seat=p.seat, pick=p.pick
        )
    if Counter(offered) != Counter(p.offered):
        src = (p.seat - d.direction * (p.pick - 1)) % len(d.seats)
        return f"{pp}.offered", _(
            "seat {seat} holds the pack seat {src} opened, now {cards} [G-DRAFT-1]",
            seat=p.seat,
            src=src,
            cards=list(offered),
        )
    return None


def _result_problems(res: DraftResult, out: DraftResult, cs: CardSet | None) -> list[tuple[str, str]]:
    """What the logged pools, packs and decks say against the replayed table ``out``."""
    problems = _pool_problems(res, out)
    if cs is None:
        return problems
    if res.seed is not None:
        problems += _pack_problems(res, cs, res.seed)
    return problems + _deck_problems(res, out, cs)


def _pool_problems(res: DraftResult, out: DraftResult) -> list[tuple[str, str]]:
    """Each logged pool that is not what the picks give its seat."""
    return [
        (f"$.pools[{s}].pool", _("differs from the cards the picks give this seat"))
        for s in range(len(res.seats))
        if res.pools and Counter(res.pools[s]) != Counter(out.pools[s])
    ]


def _pack_problems(res: DraftResult, cs: CardSet, seed: int) -> list[tuple[str, str]]:
    """Each logged pack that is not what the seed opens (G-DRAFT-1)."""
    n = len(res.seats)
    fresh = open_draft_packs(cs, n, res.packs, seed)
    return [
        (f"$.rounds[{r}].packs[{s}]", _("is not what seed {seed} opens in set {code}", seed=seed, code=cs.code))
        for r in range(res.packs)
        for s in range(n)
        if fresh[r][s] != res.opened[r][s]
    ]


def _deck_problems(res: DraftResult, out: DraftResult, cs: CardSet) -> list[tuple[str, str]]:
    """What the deck rules say of each replayed deck (G-DRAFT-4)."""
    cat = catalog_for(cs)
    problems: list[tuple[str, str]] = []
    for s, deck in enumerate(out.decks):
        if deck is not None:
            problems += [
                (f"$.pools[{s}].{prob.section or 'deck'}", str(prob))
                for prob in check_draft(deck, cat, packs=res.packs, pool=out.pools[s])
            ]
    return problems
