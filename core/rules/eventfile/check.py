"""The checks of a ``lycee-event/1`` document the model cannot say (docs/eventfile.md).

Run once the structure is sound (:mod:`.structure`): ids that exist and are
used once, a table and a player once a round, times that parse, limited
records that add up, and for a file being imported (``strict``) the rules of
docs/names.md on every name and text and a player paired only in the rounds
they were in the event for.  Each problem is reported with ``bad(JSON path,
what)``; :func:`document_problems` runs them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime

from core import labels
from core.errors import LyceeError, ValidationError
from core.event.model import POOL_KINDS, SEALED_PRODUCTS
from core.i18n import _
from core.names import check_reading, check_text, fold_text, is_id, visible
from core.rules.eventfile.model import SEED_MAX, SEED_MIN
from core.rules.settings import check_settings

#: Reports one problem: (JSON path, what is wrong).
Bad = Callable[[str, str], None]


def document_problems(doc: dict, strict: bool, bad: Bad) -> tuple[bool, set[str], set[tuple[int, int]]]:
    """Every check of a structurally sound ``doc``.  Returns whether its
    settings are sound, the players the replay registers and the matches
    (round index, match index) it leaves out."""
    if strict:
        _strict_text(doc, bad)
        _strict_rounds(doc, bad)
        _strict_seeds(doc, bad)
    settings_ok = _check_settings(doc, bad)
    ids, ok = _check_players(doc, bad)
    skip = _check_rounds(doc, ids, ok, bad)
    _check_penalties(doc, ids, bad)
    _check_limited(doc, ids, bad)
    _check_store_calendar(doc, bad)
    _check_apart(doc, ids, bad)
    return settings_ok, ok, skip


# -- helpers: one idea each ------------------------------------------------------------


def _is_time(t) -> bool:
    try:
        datetime.fromisoformat(t)
    except (TypeError, ValueError):
        return False
    return True


def _time(bad: Bad, path: str, t) -> None:
    """``t``, when given, is an ISO 8601 time."""
    if t is not None and not _is_time(t):
        bad(path, _("{t!r} is not an ISO 8601 time", t=t))


def _known(bad: Bad, path: str, pid, ids) -> bool:
    """Whether ``pid`` is a player of the file (else a problem at ``path``)."""
    if pid in ids:
        return True
    bad(path, _("no player with id {id!r}", id=pid))
    return False


def _played(bad: Bad, path: str, r: int, doc: dict) -> None:
    """Round ``r`` (a record's) was paired."""
    if r > len(doc["rounds"]):
        bad(path, _("round {r} was never paired", r=r))


# -- a file being imported: docs/names.md --------------------------------------------------


def _strict_text(doc: dict, bad: Bad) -> None:
    """docs/names.md on every id, name, reason and note of an imported file."""
    _strict_id(bad, "$.id", doc["id"])
    _text(bad, "$.name", doc["name"], "event")
    _strict_staff(doc.get("staff") or {}, bad)
    for i, p in enumerate(doc["players"]):
        _strict_player(bad, f"$.players[{i}]", p)
    for path, note in _notes(doc):
        _text(bad, path, note, "text", _("note"))
    _strict_penalties(doc, bad)


def _strict_penalties(doc: dict, bad: Bad) -> None:
    for i, x in enumerate(doc.get("penalties", ())):
        _text(bad, f"$.penalties[{i}].reason", x.get("reason"), "text", _("reason"))
        _text(bad, f"$.penalties[{i}].by", x.get("by"), "staff")


def _notes(doc: dict) -> Iterator[tuple[str, str]]:
    """Each match note that says something (an empty note passes: no path worded for it)."""
    for ri, r in enumerate(doc["rounds"]):
        for mi, m in enumerate(r["matches"]):
            if m.get("note"):
                yield f"$.rounds[{ri}].matches[{mi}].note", m["note"]


def _strict_id(bad: Bad, path: str, value) -> None:
    if not is_id(value):
        bad(
            path,
            _(
                "{id!r} is not an id: letters, digits, '_' and '-', at most 64, not starting with '-' or '_'",
                id=visible(str(value)),
            ),
        )


def _text(bad: Bad, path: str, value, kind: str, what: str | None = None) -> None:
    """A name or text of ``kind`` as docs/names.md allows it, with no space around it."""
    if not isinstance(value, str) or not value:
        return
    try:
        check_text(value, kind, required=False, what=what)
    except LyceeError as err:
        bad(path, str(err))
        return
    if value != value.strip():
        bad(path, _("{value!r} begins or ends with a space: remove it", value=visible(value)))


def _strict_player(bad: Bad, path: str, p: dict) -> None:
    _strict_id(bad, f"{path}.id", p["id"])
    _text(bad, f"{path}.name", p["name"], "player")
    if not p.get("reading"):
        return
    try:
        check_reading(p["reading"])
    except LyceeError as err:
        bad(f"{path}.reading", str(err))


def _strict_staff(staff: dict, bad: Bad) -> None:
    for k in ("organizer", "head_judge"):
        _text(bad, f"$.staff.{k}", staff.get(k), "staff")
    for k in ("judges", "event_staff"):
        for i, x in enumerate(staff.get(k, ())):
            _staff_name(bad, f"$.staff.{k}[{i}]", x)
    _head_is_a_judge(staff, bad)


def _head_is_a_judge(staff: dict, bad: Bad) -> None:
    head = staff.get("head_judge") or ""
    if head and head not in staff.get("judges", ()):
        bad(
            "$.staff.head_judge",
            _("{name!r} is not one of $.staff.judges: the head judge is a judge (G-HEAD-JUDGE)", name=visible(head)),
        )


def _staff_name(bad: Bad, path: str, name: str) -> None:
    _text(bad, path, name, "staff")
    if not name.strip():
        bad(path, _("an empty name: remove it"))


def _strict_rounds(doc: dict, bad: Bad) -> None:
    """A player is paired only in the rounds they were in the event for:
    from ``joined_round`` up to ``dropped_after_round`` (G-DROP-1)."""
    span = {p["id"]: (p.get("joined_round", 1), p.get("dropped_after_round")) for p in doc["players"]}
    for ri, r in enumerate(doc["rounds"]):
        # a playoff orders a shared place: the desk pairs every player of it, one who
        # dropped too (core.tournament.standings.pair_playoff; verify's G-DROP-1 is Swiss)
        playoff = r.get("stage") == "playoff"
        for mi, m in enumerate(r["matches"]):
            _strict_sides(bad, f"$.rounds[{ri}].matches[{mi}]", m, span, ri + 1, playoff)


def _strict_sides(bad: Bad, mpath: str, m: dict, span: dict, number: int, playoff: bool) -> None:
    for side in ("p1", "p2"):
        if m.get(side) in span:
            _in_span(bad, f"{mpath}.{side}", m[side], span[m[side]], number, playoff)


def _in_span(bad: Bad, path: str, pid: str, span: tuple, number: int, playoff: bool) -> None:
    joined, dropped = span
    if dropped is not None and number > dropped and not playoff:
        bad(
            path, _("{id!r} dropped after round {d} but is paired in round {r} (G-DROP-1)", id=pid, d=dropped, r=number)
        )
    elif number < joined:
        bad(path, _("{id!r} joined in round {j} but is paired in round {r}", id=pid, j=joined, r=number))


def _strict_seeds(doc: dict, bad: Bad) -> None:
    """A pack seed within -2**63 to 2**64 (bounds msgspec's int64 cannot say)."""
    seeds = [("$.build.seed", (doc.get("build") or {}).get("seed"))]
    seeds += [(f"$.pools[{i}].seed", x.get("seed")) for i, x in enumerate(doc.get("pools", ()))]
    for path, seed in seeds:
        _seed(bad, path, seed)


def _seed(bad: Bad, path: str, seed: int | None) -> None:
    if seed is None:
        return
    if seed > SEED_MAX:
        bad(path, _("at most {n}", n=SEED_MAX))
    elif seed < SEED_MIN:
        bad(path, _("at least {n}", n=SEED_MIN))


# -- the event, its players and rounds ---------------------------------------------------


def _check_settings(doc: dict, bad: Bad) -> bool:
    try:
        check_settings(doc)
    except LyceeError as err:
        bad("$", str(err))
        return False
    return True


def _check_players(doc: dict, bad: Bad) -> tuple[dict[str, int], set[str]]:
    """Ids used once, names once (NFKC-folded), a drop after a round played.
    Returns every id (-> its index) and the ids the replay registers."""
    ids: dict[str, int] = {}
    names: dict[str, int] = {}
    ok: set[str] = set()
    n_rounds = len(doc["rounds"])
    for i, p in enumerate(doc["players"]):
        path = f"$.players[{i}]"
        if not _first_use(bad, path, p, i, ids, names):
            continue
        problem = _span_problem(p, n_rounds)
        if problem:
            bad(f"{path}.{problem[0]}", problem[1])
        else:
            ok.add(p["id"])
    return ids, ok


def _first_use(bad: Bad, path: str, p: dict, i: int, ids: dict[str, int], names: dict[str, int]) -> bool:
    """Whether player ``i``'s id and name are their own (then noted in ``ids`` and ``names``)."""
    if p["id"] in ids:
        bad(f"{path}.id", f"id {p['id']!r} is also used by $.players[{ids[p['id']]}]")
        return False
    ids[p["id"]] = i
    key = fold_text(p["name"])  # as stored: look-alikes of an old event import as they were
    if key in names:
        bad(f"{path}.name", f"{p['name']!r} is also the name of $.players[{names[key]}]")
        return False
    names[key] = i
    return True


def _span_problem(p: dict, n_rounds: int) -> tuple[str, str] | None:
    """(key, what) when the player joins or drops outside the rounds played."""
    d, joined = p.get("dropped_after_round"), p.get("joined_round", 1)
    if d is not None and d > n_rounds:
        return "dropped_after_round", f"round {d} was never played (the event has {n_rounds})"
    if joined > n_rounds + 1:
        return "joined_round", _("round {r} was never paired", r=joined - 1)
    return _dropped_before_joining(d, joined)


def _dropped_before_joining(d: int | None, joined: int) -> tuple[str, str] | None:
    """(key, what) when the player drops after a round before the one they joined in."""
    if d is not None and d < joined - 1:
        return "dropped_after_round", _("dropped after round {d}, before joining in round {j}", d=d, j=joined)
    return None


def _check_rounds(doc: dict, ids: dict, ok: set[str], bad: Bad) -> set[tuple[int, int]]:
    """Round numbers in order, each table and player once a round, players
    that exist, the round state's times and references.  Returns the matches
    (round index, match index) left out of the replay."""
    skip: set[tuple[int, int]] = set()
    for ri, r in enumerate(doc["rounds"]):
        rpath = f"$.rounds[{ri}]"
        _check_round_number(r, ri, rpath, bad)
        seen = _Seen(ri + 1)
        skip.update((ri, mi) for mi, m in enumerate(r["matches"]) if not _sound(seen, m, rpath, mi, ids, ok, bad))
        _check_round_state(r, rpath, seen, bad)
    return skip


def _check_round_number(r: dict, ri: int, rpath: str, bad: Bad) -> None:
    """Round ``ri`` (from 0) is numbered ``ri + 1``."""
    if r["number"] != ri + 1:
        bad(f"{rpath}.number", f"round {r['number']} stands where round {ri + 1} should")


class _Seen:
    """The tables and players of one round met so far (player -> table)."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.tables: set[int] = set()
        self.players: dict[str, int] = {}


def _sound(seen: _Seen, m: dict, rpath: str, mi: int, ids: dict, ok: set[str], bad: Bad) -> bool:
    """Whether match ``mi`` can be replayed (its table and players are sound).
    Its path is written out only for a problem (an import checks every match)."""
    sound = _table_once(seen, m["table"], rpath, mi, bad)
    for side in ("p1", "p2"):
        if m.get(side) is not None:
            sound = _seated(seen, m, side, rpath, mi, ids, bad) and sound and m[side] in ok
    return sound


def _table_once(seen: _Seen, table: int, rpath: str, mi: int, bad: Bad) -> bool:
    """Whether ``table`` is new to the round (then noted)."""
    once = table not in seen.tables
    if not once:
        bad(f"{rpath}.matches[{mi}].table", f"table {table} appears twice in round {seen.number}")
    seen.tables.add(table)
    return once


def _seated(seen: _Seen, m: dict, side: str, rpath: str, mi: int, ids: dict, bad: Bad) -> bool:
    """Whether the player at ``side`` is a player of the file not yet at a table
    this round (then seated at the match's table)."""
    pid = m[side]
    if pid not in ids:
        bad(f"{rpath}.matches[{mi}].{side}", f"no player with id {pid!r}")
        return False
    if pid in seen.players:
        bad(f"{rpath}.matches[{mi}].{side}", f"{pid!r} already plays at table {seen.players[pid]} this round")
        return False
    seen.players[pid] = m["table"]
    return True


def _check_round_state(r: dict, rpath: str, seen: _Seen, bad: Bad) -> None:
    """The round's clock, check-ins and lateness rulings."""
    if r.get("clock") is not None:
        _check_clock(r["clock"], f"{rpath}.clock", bad)
    _check_checkins(r, rpath, seen, bad)
    for li, x in enumerate(r.get("late", [])):
        _check_late(x, f"{rpath}.late[{li}]", seen, bad)


def _check_checkins(r: dict, rpath: str, seen: _Seen, bad: Bad) -> None:
    """Check-ins name players of the round, at a time."""
    for ci, c in enumerate(r.get("checkins", [])):
        if c["player"] not in seen.players:
            bad(f"{rpath}.checkins[{ci}].player", f"{c['player']!r} does not play in round {seen.number}")
        _time(bad, f"{rpath}.checkins[{ci}].at", c["at"])


def _check_late(x: dict, path: str, seen: _Seen, bad: Bad) -> None:
    """A lateness ruling names a table and players of the round."""
    if x["table"] not in seen.tables:
        bad(f"{path}.table", f"round {seen.number} has no table {x['table']}")
    for pi, pid in enumerate(x["players"]):
        if pid not in seen.players:
            bad(f"{path}.players[{pi}]", f"{pid!r} does not play in round {seen.number}")


def _check_clock(c: dict, path: str, bad: Bad) -> None:
    pauses = c.get("pauses", [])
    for pi, (_start, end) in enumerate(pauses[:-1]):
        if end is None:
            bad(f"{path}.pauses[{pi}][1]", _("only the last pause may be still running"))
    _time(bad, f"{path}.started_at", c["started_at"])
    for pi, (start, end) in enumerate(pauses):
        _time(bad, f"{path}.pauses[{pi}][0]", start)
        _time(bad, f"{path}.pauses[{pi}][1]", end)


def _check_penalties(doc: dict, ids: dict, bad: Bad) -> None:
    for i, x in enumerate(doc.get("penalties", [])):
        _known(bad, f"$.penalties[{i}].player", x["player"], ids)


def _check_store_calendar(doc: dict, bad: Bad) -> None:
    store_cal = doc.get("store_calendar")
    if store_cal is None:
        return
    from core.cards.legality import parse_calendar  # (the card engine: only a file with its own calendar)

    try:
        parse_calendar(store_cal.get("calendar"), "$.store_calendar.calendar")
    except ValidationError as err:
        bad("$.store_calendar.calendar", str(err))


def _check_apart(doc: dict, ids: dict, bad: Bad) -> None:
    """Keep-apart pairs: two different players of the file, each pair once."""
    seen: dict[frozenset, int] = {}
    for i, (a, b) in enumerate(doc.get("apart", [])):
        path = f"$.apart[{i}]"
        _known(bad, f"{path}[0]", a, ids)
        _known(bad, f"{path}[1]", b, ids)
        key = frozenset((a, b))
        if a == b:
            bad(path, _("{id!r} cannot be kept apart from themself", id=a))
        elif key in seen:
            bad(path, _("the same pair as $.apart[{k}]", k=seen[key]))
        else:
            seen[key] = i


# -- decklists and limited events (G-DECKLIST, G-SEALED, G-DRAFT-*) ----------------------


def _check_limited(doc: dict, ids: dict, bad: Bad) -> None:
    """Decklists, deck checks, build phase, pods and pools (G-DECKLIST, G-SEALED, G-DRAFT-*)."""
    _check_decklists(doc, ids, bad)
    _check_deck_checks(doc, ids, bad)
    kind = doc["kind"]
    if not _limited_kind(doc, bad):
        return
    if doc.get("build") is not None:
        _check_build(doc["build"], kind, bad)
    seated = _check_pods(doc, ids, kind, bad)
    _check_pools(doc, _PoolContext(ids, kind, seated, doc.get("build"), bool(doc.get("pods"))), bad)


def _limited_kind(doc: dict, bad: Bad) -> bool:
    """Whether the event's kind has the build phase, pods or pools the file gives it."""
    kind = doc["kind"]
    if kind in POOL_KINDS or not any(k in doc for k in ("build", "pods", "pools")):
        return True
    bad(
        "$.kind",
        _("a {kind} event has no build phase, pods or pools (G-SEALED, G-DRAFT-1)", kind=labels.kind_label(kind)),
    )
    return False


def _first_record(bad: Bad, path: str, i: int, pid: str, ids: dict, seen: dict[str, int]) -> int | None:
    """The index of an earlier record of ``pid`` in the same list (None: this
    is the first); a player the file does not have is a problem."""
    earlier = seen.get(pid) if _known(bad, f"{path}.player", pid, ids) else None
    seen.setdefault(pid, i)
    return earlier


def _check_decklists(doc: dict, ids: dict, bad: Bad) -> None:
    seen: dict[str, int] = {}
    for i, x in enumerate(doc.get("decklists", [])):
        path = f"$.decklists[{i}]"
        earlier = _first_record(bad, path, i, x["player"], ids, seen)
        if earlier is not None:
            where = f"$.decklists[{earlier}]"
            bad(f"{path}.player", _("{id!r} already has a decklist at {path}", id=x["player"], path=where))
        if not x["deck"]:
            bad(f"{path}.deck", _("a decklist lists deck cards (G-DECKLIST)"))
        _played(bad, f"{path}.round", x.get("round", 0), doc)


def _check_deck_checks(doc: dict, ids: dict, bad: Bad) -> None:
    for i, x in enumerate(doc.get("deck_checks", [])):
        path = f"$.deck_checks[{i}]"
        _known(bad, f"{path}.player", x["player"], ids)
        _played(bad, f"{path}.round", x["round"], doc)
        _time(bad, f"{path}.at", x.get("at") or None)
        _differences(bad, path, x["differences"])


def _differences(bad: Bad, path: str, differences: list) -> None:
    for j, (_part, _number, registered, presented) in enumerate(differences):
        if registered == presented:
            bad(f"{path}.differences[{j}]", _("registered and presented agree: not a difference"))


def _check_build(b: dict, kind: str, bad: Bad) -> None:
    if b["kind"] != kind:
        bad(
            "$.build.kind",
            _(
                "the event is {kind}, its build phase {other}",
                kind=labels.kind_label(kind),
                other=labels.kind_label(b["kind"]),
            ),
        )
    _check_build_products(b, bad)
    _check_build_times(b, bad)


def _check_build_products(b: dict, bad: Bad) -> None:
    """What a build phase opens: a sealed product (G-SEALED), 4 to 6 draft packs (G-DRAFT-2)."""
    if b["kind"] == "sealed":
        _check_sealed_product(b, bad)
    if b["kind"] == "draft":
        _check_draft_packs(b, bad)


def _check_sealed_product(b: dict, bad: Bad) -> None:
    """G-SEALED: a sealed build phase names its product."""
    if b.get("product") not in SEALED_PRODUCTS:
        bad("$.build.product", _("a sealed build phase names its product: 2s or 1s3b (G-SEALED)"))


def _check_draft_packs(b: dict, bad: Bad) -> None:
    """G-DRAFT-2: a draft uses 4 to 6 packs per player."""
    if not 4 <= b.get("packs", 0) <= 6:
        bad("$.build.packs", _("a draft uses 4 to 6 packs per player (G-DRAFT-2)"))


def _check_build_times(b: dict, bad: Bad) -> None:
    _time(bad, "$.build.opened_at", b["opened_at"])
    _time(bad, "$.build.closed_at", b.get("closed_at"))
    if b.get("clock") is not None:
        _check_clock(b["clock"], "$.build.clock", bad)
    if b.get("override") is not None:
        _time(bad, "$.build.override.at", b["override"]["at"])


def _check_pods(doc: dict, ids: dict, kind: str, bad: Bad) -> set[str]:
    """Seats name players that exist, each once; returns the seated players."""
    seated: set[str] = set()
    for i, pod in enumerate(doc.get("pods", [])):
        if kind != "draft":
            bad(f"$.pods[{i}]", _("pods belong to a draft event (G-DRAFT-1)"))
        for j, s in enumerate(pod):
            _seat(bad, f"$.pods[{i}][{j}].player", s.get("player"), ids, seated)
    return seated


def _seat(bad: Bad, path: str, pid: str | None, ids: dict, seated: set[str]) -> None:
    if pid is None:
        return
    if _known(bad, path, pid, ids) and pid in seated:
        bad(path, _("{id!r} is seated twice", id=pid))
    seated.add(pid)


class _PoolContext:
    """What a pool is checked against: the players, the event's kind, the seats, the build phase."""

    def __init__(self, ids: dict, kind: str, seated: set[str], build: dict | None, pods: bool) -> None:
        self.ids = ids
        self.kind = kind
        self.seated = seated
        self.build = build
        self.pods = pods


def _check_pools(doc: dict, ctx: _PoolContext, bad: Bad) -> None:
    pooled: dict[str, int] = {}
    for i, x in enumerate(doc.get("pools", [])):
        path = f"$.pools[{i}]"
        earlier = _first_record(bad, path, i, x["player"], ctx.ids, pooled)
        if earlier is not None:
            bad(f"{path}.player", _("{id!r} already has a pool at {path}", id=x["player"], path=f"$.pools[{earlier}]"))
        _pool_kind(bad, path, x, ctx.kind)
        _pool_source(bad, path, x, ctx)


def _pool_kind(bad: Bad, path: str, x: dict, kind: str) -> None:
    if x["kind"] != kind:
        bad(
            f"{path}.kind",
            _("a {pool} pool in a {kind} event", pool=labels.kind_label(x["kind"]), kind=labels.kind_label(kind)),
        )
    if x["kind"] == "sealed" and x.get("product") not in SEALED_PRODUCTS:
        bad(f"{path}.product", _("a sealed pool names its product: 2s or 1s3b (G-SEALED)"))


def _pool_source(bad: Bad, path: str, x: dict, ctx: _PoolContext) -> None:
    """The pool's set is the build phase's, its player seated in the draft,
    its cards those of the products opened."""
    _pool_set(bad, path, x, ctx.build)
    if ctx.pods and x["kind"] == "draft" and x["player"] not in ctx.seated:
        bad(f"{path}.player", _("{id!r} has no seat in the draft", id=x["player"]))
    _pool_cards(bad, path, x)


def _pool_set(bad: Bad, path: str, x: dict, b: dict | None) -> None:
    if b is not None and x["set"].casefold() != b["set"].casefold():
        bad(f"{path}.set", _("set {set!r}, but the build phase opens {build!r}", set=x["set"], build=b["set"]))


def _pool_cards(bad: Bad, path: str, x: dict) -> None:
    opened = x.get("opened", ())
    if opened and _opened_cards(opened) != x["cards"]:
        bad(f"{path}.cards", _("the pool is not the cards of the products opened (G-SEALED)"))


def _opened_cards(opened: list) -> list:
    """The cards of the products a pool opened, in order."""
    return [n for o in opened for n in o["cards"]]
