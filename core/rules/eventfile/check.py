"""The checks of a ``lycee-event/1`` document the model cannot say (DESIGN section 4).

Run once the structure is sound (:mod:`.structure`): ids that exist and are
used once, a table and a player once a round, times that parse, limited
records that add up, and for a file being imported (``strict``) the rules of
docs/names.md on every name and text and a player paired only in the rounds
they were in the event for.  Each problem is reported with ``bad(JSON path,
what)``; :func:`document_problems` runs them all.
"""

from __future__ import annotations

from collections.abc import Callable
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


def _is_time(t) -> bool:
    try:
        datetime.fromisoformat(t)
    except (TypeError, ValueError):
        return False
    return True


# -- a file being imported: docs/names.md --------------------------------------------------


def _strict_text(doc: dict, bad) -> None:
    """docs/names.md on every name, reason and note of an imported file."""

    def check(path, value, kind, what=None):
        if not isinstance(value, str) or not value:
            return
        try:
            check_text(value, kind, required=False, what=what)
        except LyceeError as err:
            bad(path, str(err))
            return
        if value != value.strip():
            bad(path, _("{value!r} begins or ends with a space: remove it", value=visible(value)))

    if not is_id(doc["id"]):
        bad(
            "$.id",
            _(
                "{id!r} is not an id: letters, digits, '_' and '-', at most 64, not starting with '-' or '_'",
                id=visible(str(doc["id"])),
            ),
        )
    check("$.name", doc["name"], "event")
    _strict_staff(doc.get("staff") or {}, check, bad)
    for i, p in enumerate(doc["players"]):
        if not is_id(p["id"]):
            bad(
                f"$.players[{i}].id",
                _(
                    "{id!r} is not an id: letters, digits, '_' and '-', at most 64, not starting with '-' or '_'",
                    id=visible(p["id"]),
                ),
            )
        check(f"$.players[{i}].name", p["name"], "player")
        if p.get("reading"):
            try:
                check_reading(p["reading"])
            except LyceeError as err:
                bad(f"$.players[{i}].reading", str(err))
    for ri, r in enumerate(doc["rounds"]):
        for mi, m in enumerate(r["matches"]):
            if m.get("note"):  # (an empty note passes: no path worded for it)
                check(f"$.rounds[{ri}].matches[{mi}].note", m["note"], "text", _("note"))
    for i, x in enumerate(doc.get("penalties", ())):
        check(f"$.penalties[{i}].reason", x.get("reason"), "text", _("reason"))
        check(f"$.penalties[{i}].by", x.get("by"), "staff")


def _strict_staff(staff: dict, check, bad) -> None:
    for k in ("organizer", "head_judge"):
        check(f"$.staff.{k}", staff.get(k), "staff")
    for k in ("judges", "event_staff"):
        for i, x in enumerate(staff.get(k, ())):
            check(f"$.staff.{k}[{i}]", x, "staff")
            if not x.strip():
                bad(f"$.staff.{k}[{i}]", _("an empty name: remove it"))
    head = staff.get("head_judge") or ""
    if head and head not in staff.get("judges", ()):
        bad(
            "$.staff.head_judge",
            _("{name!r} is not one of $.staff.judges: the head judge is a judge (G-HEAD-JUDGE)", name=visible(head)),
        )


def _strict_rounds(doc: dict, bad) -> None:
    """A player is paired only in the rounds they were in the event for:
    from ``joined_round`` up to ``dropped_after_round`` (G-DROP-1)."""
    span = {p["id"]: (p.get("joined_round", 1), p.get("dropped_after_round")) for p in doc["players"]}
    for ri, r in enumerate(doc["rounds"]):
        for mi, m in enumerate(r["matches"]):
            for side in ("p1", "p2"):
                pid = m.get(side)
                if pid not in span:
                    continue
                joined, dropped = span[pid]
                # a playoff orders a shared place: the desk pairs every player of it, one who
                # dropped too (core.tournament.standings.pair_playoff; verify's G-DROP-1 is Swiss)
                if dropped is not None and ri + 1 > dropped and r.get("stage") != "playoff":
                    bad(
                        f"$.rounds[{ri}].matches[{mi}].{side}",
                        _(
                            "{id!r} dropped after round {d} but is paired in round {r} (G-DROP-1)",
                            id=pid,
                            d=dropped,
                            r=ri + 1,
                        ),
                    )
                elif ri + 1 < joined:
                    bad(
                        f"$.rounds[{ri}].matches[{mi}].{side}",
                        _("{id!r} joined in round {j} but is paired in round {r}", id=pid, j=joined, r=ri + 1),
                    )


def _strict_seeds(doc: dict, bad: Bad) -> None:
    """A pack seed within -2**63 to 2**64 (bounds msgspec's int64 cannot say)."""
    seeds = [("$.build.seed", (doc.get("build") or {}).get("seed"))]
    seeds += [(f"$.pools[{i}].seed", x.get("seed")) for i, x in enumerate(doc.get("pools", ()))]
    for path, seed in seeds:
        if seed is not None and seed > SEED_MAX:
            bad(path, _("at most {n}", n=SEED_MAX))
        elif seed is not None and seed < SEED_MIN:
            bad(path, _("at least {n}", n=SEED_MIN))


# -- ids, tables, rounds and limited records -------------------------------------------


def _check_settings(doc: dict, bad) -> bool:
    try:
        check_settings(doc)
    except LyceeError as err:
        bad("$", str(err))
        return False
    return True


def _check_players(doc: dict, bad) -> tuple[dict[str, int], set[str]]:
    """Ids used once, names once (NFKC-folded), a drop after a round played.
    Returns every id (-> its index) and the ids the replay registers."""
    ids: dict[str, int] = {}
    names: dict[str, int] = {}
    ok: set[str] = set()
    n_rounds = len(doc["rounds"])
    for i, p in enumerate(doc["players"]):
        path = f"$.players[{i}]"
        if p["id"] in ids:
            bad(f"{path}.id", f"id {p['id']!r} is also used by $.players[{ids[p['id']]}]")
            continue
        ids[p["id"]] = i
        key = fold_text(p["name"])  # as stored: look-alikes of an old event import as they were
        if key in names:
            bad(f"{path}.name", f"{p['name']!r} is also the name of $.players[{names[key]}]")
            continue
        names[key] = i
        d, joined = p.get("dropped_after_round"), p.get("joined_round", 1)
        if d is not None and d > n_rounds:
            bad(f"{path}.dropped_after_round", f"round {d} was never played (the event has {n_rounds})")
        elif joined > n_rounds + 1:
            bad(f"{path}.joined_round", _("round {r} was never paired", r=joined - 1))
        elif d is not None and d < joined - 1:
            bad(f"{path}.dropped_after_round", _("dropped after round {d}, before joining in round {j}", d=d, j=joined))
        else:
            ok.add(p["id"])
    return ids, ok


def _check_rounds(doc: dict, ids: dict, ok: set[str], bad) -> set[tuple[int, int]]:
    """Round numbers in order, each table and player once a round, players
    that exist, the round state's times and references.  Returns the matches
    (round index, match index) left out of the replay."""
    skip: set[tuple[int, int]] = set()
    for ri, r in enumerate(doc["rounds"]):
        rpath = f"$.rounds[{ri}]"
        if r["number"] != ri + 1:
            bad(f"{rpath}.number", f"round {r['number']} stands where round {ri + 1} should")
        seen_tables: set[int] = set()
        seen_players: dict[str, int] = {}
        for mi, m in enumerate(r["matches"]):
            if not _check_match(m, rpath, mi, ri + 1, ids, ok, seen_tables, seen_players, bad):
                skip.add((ri, mi))
        if r.get("clock") is not None:
            _check_clock(r["clock"], f"{rpath}.clock", bad)
        _check_round_state(r, rpath, ri + 1, seen_tables, seen_players, bad)
    return skip


def _check_match(
    m: dict,
    rpath: str,
    mi: int,
    number: int,
    ids: dict,
    ok: set[str],
    seen_tables: set[int],
    seen_players: dict[str, int],
    bad,
) -> bool:
    """Whether match ``mi`` of the round at ``rpath`` can be replayed (its
    table and players are sound).  Its path is written out only for a problem
    (an import checks every match of the file)."""
    sound = True
    table = m["table"]
    if table in seen_tables:
        bad(f"{rpath}.matches[{mi}].table", f"table {table} appears twice in round {number}")
        sound = False
    seen_tables.add(table)
    for side in ("p1", "p2"):
        pid = m.get(side)
        if pid is None:
            continue
        if pid not in ids:
            bad(f"{rpath}.matches[{mi}].{side}", f"no player with id {pid!r}")
            sound = False
        elif pid in seen_players:
            bad(f"{rpath}.matches[{mi}].{side}", f"{pid!r} already plays at table {seen_players[pid]} this round")
            sound = False
        else:
            seen_players[pid] = table
            sound = sound and pid in ok
    return sound


def _check_round_state(r: dict, rpath: str, number: int, tables: set[int], players: dict[str, int], bad) -> None:
    """Check-ins and lateness rulings name players and tables of the round."""
    for ci, c in enumerate(r.get("checkins", [])):
        if c["player"] not in players:
            bad(f"{rpath}.checkins[{ci}].player", f"{c['player']!r} does not play in round {number}")
        if not _is_time(c["at"]):
            bad(f"{rpath}.checkins[{ci}].at", f"{c['at']!r} is not an ISO 8601 time")
    for li, x in enumerate(r.get("late", [])):
        if x["table"] not in tables:
            bad(f"{rpath}.late[{li}].table", f"round {number} has no table {x['table']}")
        for pi, pid in enumerate(x["players"]):
            if pid not in players:
                bad(f"{rpath}.late[{li}].players[{pi}]", f"{pid!r} does not play in round {number}")


def _check_clock(c: dict, path: str, bad) -> None:
    times = [("started_at", c["started_at"])]
    for pi, (a, b) in enumerate(c.get("pauses", [])):
        times.append((f"pauses[{pi}][0]", a))
        if b is not None:
            times.append((f"pauses[{pi}][1]", b))
        elif pi != len(c["pauses"]) - 1:
            bad(f"{path}.pauses[{pi}][1]", _("only the last pause may be still running"))
    for where, t in times:
        if not _is_time(t):
            bad(f"{path}.{where}", _("{t!r} is not an ISO 8601 time", t=t))


def _check_penalties(doc: dict, ids: dict, bad) -> None:
    for i, x in enumerate(doc.get("penalties", [])):
        if x["player"] not in ids:
            bad(f"$.penalties[{i}].player", f"no player with id {x['player']!r}")


def _check_store_calendar(doc: dict, bad) -> None:
    store_cal = doc.get("store_calendar")
    if store_cal is None:
        return
    from core.cards.legality import parse_calendar

    try:
        parse_calendar(store_cal.get("calendar"), "$.store_calendar.calendar")
    except ValidationError as err:
        bad("$.store_calendar.calendar", str(err))


def _check_apart(doc: dict, ids: dict, bad) -> None:
    """Keep-apart pairs: two different players of the file, each pair once."""
    seen: dict[frozenset, int] = {}
    for i, (a, b) in enumerate(doc.get("apart", [])):
        path = f"$.apart[{i}]"
        for j, x in enumerate((a, b)):
            if x not in ids:
                bad(f"{path}[{j}]", _("no player with id {id!r}", id=x))
        key = frozenset((a, b))
        if a == b:
            bad(path, _("{id!r} cannot be kept apart from themself", id=a))
        elif key in seen:
            bad(path, _("the same pair as $.apart[{k}]", k=seen[key]))
        else:
            seen[key] = i


def _check_limited(doc: dict, ids: dict, bad) -> None:
    """Decklists, deck checks, build phase, pods and pools (G-DECKLIST, G-SEALED, G-DRAFT-*)."""
    _check_decklists(doc, ids, bad)
    _check_deck_checks(doc, ids, bad)
    kind = doc["kind"]
    if any(k in doc for k in ("build", "pods", "pools")) and kind not in POOL_KINDS:
        bad(
            "$.kind",
            _("a {kind} event has no build phase, pods or pools (G-SEALED, G-DRAFT-1)", kind=labels.kind_label(kind)),
        )
        return
    if doc.get("build") is not None:
        _check_build(doc["build"], kind, bad)
    seated = _check_pods(doc, ids, kind, bad)
    _check_pools(doc, ids, kind, seated, bad)


def _check_decklists(doc: dict, ids: dict, bad) -> None:
    seen: dict[str, int] = {}
    for i, x in enumerate(doc.get("decklists", [])):
        path = f"$.decklists[{i}]"
        if x["player"] not in ids:
            bad(f"{path}.player", _("no player with id {id!r}", id=x["player"]))
        elif x["player"] in seen:
            bad(
                f"{path}.player",
                _("{id!r} already has a decklist at {path}", id=x["player"], path=f"$.decklists[{seen[x['player']]}]"),
            )
        seen.setdefault(x["player"], i)
        if not x["deck"]:
            bad(f"{path}.deck", _("a decklist lists deck cards (G-DECKLIST)"))
        if x.get("round", 0) > len(doc["rounds"]):
            bad(f"{path}.round", _("round {r} was never paired", r=x["round"]))


def _check_deck_checks(doc: dict, ids: dict, bad) -> None:
    for i, x in enumerate(doc.get("deck_checks", [])):
        path = f"$.deck_checks[{i}]"
        if x["player"] not in ids:
            bad(f"{path}.player", _("no player with id {id!r}", id=x["player"]))
        if x["round"] > len(doc["rounds"]):
            bad(f"{path}.round", _("round {r} was never paired", r=x["round"]))
        if x.get("at") and not _is_time(x["at"]):
            bad(f"{path}.at", _("{t!r} is not an ISO 8601 time", t=x["at"]))
        for j, e in enumerate(x["differences"]):
            if e[2] == e[3]:
                bad(f"{path}.differences[{j}]", _("registered and presented agree: not a difference"))


def _check_build(b: dict, kind: str, bad) -> None:
    if b["kind"] != kind:
        bad(
            "$.build.kind",
            _(
                "the event is {kind}, its build phase {other}",
                kind=labels.kind_label(kind),
                other=labels.kind_label(b["kind"]),
            ),
        )
    if b["kind"] == "sealed" and b.get("product") not in SEALED_PRODUCTS:
        bad("$.build.product", _("a sealed build phase names its product: 2s or 1s3b (G-SEALED)"))
    if b["kind"] == "draft" and not 4 <= b.get("packs", 0) <= 6:
        bad("$.build.packs", _("a draft uses 4 to 6 packs a player (G-DRAFT-2)"))
    for k in ("opened_at", "closed_at"):
        if b.get(k) is not None and not _is_time(b[k]):
            bad(f"$.build.{k}", _("{t!r} is not an ISO 8601 time", t=b[k]))
    if b.get("clock") is not None:
        _check_clock(b["clock"], "$.build.clock", bad)
    ov = b.get("override")
    if ov is not None and not _is_time(ov["at"]):
        bad("$.build.override.at", _("{t!r} is not an ISO 8601 time", t=ov["at"]))


def _check_pods(doc: dict, ids: dict, kind: str, bad) -> set[str]:
    """Seats name players that exist, each once; returns the seated players."""
    seated: set[str] = set()
    for i, pod in enumerate(doc.get("pods", [])):
        if kind != "draft":
            bad(f"$.pods[{i}]", _("pods belong to a draft event (G-DRAFT-1)"))
        for j, s in enumerate(pod):
            pid = s.get("player")
            if pid is None:
                continue
            if pid not in ids:
                bad(f"$.pods[{i}][{j}].player", _("no player with id {id!r}", id=pid))
            elif pid in seated:
                bad(f"$.pods[{i}][{j}].player", _("{id!r} is seated twice", id=pid))
            seated.add(pid)
    return seated


def _check_pools(doc: dict, ids: dict, kind: str, seated: set[str], bad) -> None:
    pooled: dict[str, int] = {}
    b = doc.get("build")
    for i, x in enumerate(doc.get("pools", [])):
        path = f"$.pools[{i}]"
        if x["player"] not in ids:
            bad(f"{path}.player", _("no player with id {id!r}", id=x["player"]))
        elif x["player"] in pooled:
            bad(
                f"{path}.player",
                _("{id!r} already has a pool at {path}", id=x["player"], path=f"$.pools[{pooled[x['player']]}]"),
            )
        pooled.setdefault(x["player"], i)
        if x["kind"] != kind:
            bad(
                f"{path}.kind",
                _("a {pool} pool in a {kind} event", pool=labels.kind_label(x["kind"]), kind=labels.kind_label(kind)),
            )
        if x["kind"] == "sealed" and x.get("product") not in SEALED_PRODUCTS:
            bad(f"{path}.product", _("a sealed pool names its product: 2s or 1s3b (G-SEALED)"))
        if b is not None and x["set"].casefold() != b["set"].casefold():
            bad(f"{path}.set", _("set {set!r}, but the build phase opens {build!r}", set=x["set"], build=b["set"]))
        if doc.get("pods") and x["kind"] == "draft" and x["player"] not in seated:
            bad(f"{path}.player", _("{id!r} has no seat in the draft", id=x["player"]))
        opened = x.get("opened", [])
        if opened and [n for o in opened for n in o["cards"]] != x["cards"]:
            bad(f"{path}.cards", _("the pool is not the cards of the products opened (G-SEALED)"))
