"""The ``lycee-event/1`` file (DESIGN section 4): export and checked import.

``to_doc(event)`` gives the document; ``event_from_doc(doc)`` checks every
field and raises :class:`~core.errors.ValidationError` listing every problem
with its JSON path.  ``event_from_doc(to_doc(e)) == e``.

The import is in two parts:

1. the checks of the document: its structure (JSON Schema; a file being
   imported also the bounds and text rules of docs/names.md), ids that exist,
   a table and a player once a round, times that parse, limited records that
   add up;
2. the replay: :func:`doc_actions` turns the checked document into the
   actions the desk writes (``create``, ``register``, ``pair``, ``game``,
   ``result``, ``drop``) and :func:`core.rules.apply` applies them with the
   desk's own reducers, so a result the rules refuse at the desk is refused
   in a file too, in the same words, at the JSON path it came from.  Each
   replayed match is then compared with the file's.  Facts only the file
   carries (clock times, check-ins, lateness rulings, penalties, decklists,
   pools...) are set by the reducers of :mod:`core.rules.filefacts`.
"""

from __future__ import annotations

import functools
import json
import os
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from core import labels
from core.errors import LyceeError, ValidationError
from core.event.model import (
    APPEAL_OUTCOMES,
    GAME_CODES,
    KINDS,
    LATE_DECISIONS,
    LATE_RULES,
    MATCH_TYPES,
    MAX_PENALTIES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TABLE,
    OUTCOMES,
    PENALTY_ACTIONS,
    PENALTY_LEVELS,
    POOL_KINDS,
    SEALED_PRODUCTS,
    STAGES,
    TIEBREAKERS,
    ClockState,
    Event,
    Match,
    Round,
)
from core.i18n import _, join_list
from core.log.actions import (
    Apart,
    Create,
    Drop,
    Entrant,
    FilePeople,
    FileRecords,
    FileRound,
    Game,
    Pair,
    Pairing,
    Register,
    ResultAction,
    RulingAction,
)
from core.names import (
    EVENT_NAME_MAX,
    ID_PATTERN,
    PLAYER_NAME_MAX,
    STAFF_NAME_MAX,
    TEXT_MAX,
    check_reading,
    check_text,
    fold_text,
    is_id,
    visible,
)
from core.rules import apply
from core.rules.results import apply_results
from core.rules.settings import check_settings
from core.tournament.matchrules import match_over

SCHEMA_TAG = "lycee-event/1"

_nonneg = {"type": "integer", "minimum": 0}
_id = {"type": "string", "minLength": 1}
SCHEMA: dict = {
    "type": "object",
    "required": ["schema", "id", "name", "date", "kind", "match", "minutes", "players", "rounds"],
    "properties": {
        "schema": {"const": SCHEMA_TAG},
        "id": _id,
        "name": {"type": "string", "minLength": 1},
        "date": {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"},
        "kind": {"enum": list(KINDS)},
        "match": {"enum": list(MATCH_TYPES)},
        "minutes": {"type": "integer", "minimum": 1, "maximum": 600},
        "rounds_planned": {"type": ["integer", "null"], "minimum": 0, "maximum": 30},
        "tiebreakers": {"type": "array", "items": {"enum": list(TIEBREAKERS)}, "uniqueItems": True},
        "staff": {
            "type": "object",
            "properties": {
                "organizer": {"type": "string"},
                "judges": {"type": "array", "items": {"type": "string"}},
                "head_judge": {"type": "string"},
                "event_staff": {"type": "array", "items": {"type": "string"}},
            },
        },
        "sanctioned": {"type": "boolean"},
        "store": {  # the store that ran the event (issue 47)
            "type": "object",
            "required": ["name"],
            "properties": {
                "name": {"type": "string", "minLength": 1},
                "number": {"type": "string"},
                "place": {"type": "string"},
            },
        },
        "rules": {"enum": ["2008", "overture"]},
        "decklists_required": {"type": "boolean"},
        "spectating": {"type": "boolean"},
        "players": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "name"],
                "properties": {
                    "id": _id,
                    "name": {"type": "string", "minLength": 1},
                    "dropped_after_round": {"type": ["integer", "null"], "minimum": 0},
                    "excluded": {"type": "boolean"},
                    "joined_round": {"type": "integer", "minimum": 1},
                    "reading": {"type": ["string", "null"]},  # a reading (kana) for by-name order
                    "member": {"type": "string", "minLength": 1},  # the store's member number (issue 47)
                },
            },
        },
        "rounds": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["number", "matches"],
                "properties": {
                    "number": {"type": "integer", "minimum": 1},
                    "stage": {"enum": list(STAGES)},
                    "matches": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["table", "p1"],
                            "properties": {
                                "table": {"type": "integer", "minimum": 1},
                                "p1": _id,
                                "p2": {"type": ["string", "null"]},
                                "p1_wins": _nonneg,
                                "p2_wins": _nonneg,
                                "draws": _nonneg,
                                "outcome": {"enum": [*OUTCOMES, None]},
                                "note": {"type": "string"},
                                "games": {"type": "array", "items": {"enum": list(GAME_CODES)}},
                                "extension": _nonneg,
                                "intentional": {"type": "boolean"},
                                "why": {
                                    "type": "array",
                                    "items": {"type": "array", "minItems": 1, "items": {"type": ["string", "integer"]}},
                                },
                            },
                        },
                    },
                    "third_place": {"type": "boolean"},
                    "clock": {
                        "type": ["object", "null"],
                        "required": ["minutes", "started_at"],
                        "properties": {
                            "minutes": {"type": "integer", "minimum": 1, "maximum": 600},
                            "started_at": {"type": "string"},
                            "pauses": {
                                "type": "array",
                                "items": {
                                    "type": "array",
                                    "minItems": 2,
                                    "maxItems": 2,
                                    "prefixItems": [{"type": "string"}, {"type": ["string", "null"]}],
                                },
                            },
                        },
                    },
                    "checkins": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["player", "at"],
                            "properties": {
                                "player": _id,
                                "at": {"type": "string"},
                                "seconds": {"type": "number", "minimum": 0},
                            },
                        },
                    },
                    "late": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["rule", "table", "players", "decision"],
                            "properties": {
                                "rule": {"enum": list(LATE_RULES)},
                                "table": {"type": "integer", "minimum": 1},
                                "players": {"type": "array", "items": _id, "minItems": 1, "maxItems": 2},
                                "decision": {"enum": list(LATE_DECISIONS)},
                                "by": {"type": "string"},
                                "at": {"type": "string"},
                            },
                        },
                    },
                },
            },
        },
        "penalties": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["player", "level", "reason"],
                "properties": {
                    "player": _id,
                    "round": {"type": ["integer", "null"], "minimum": 1},
                    "table": {"type": ["integer", "null"], "minimum": 1},
                    "level": {"enum": list(PENALTY_LEVELS)},
                    "action": {"enum": list(PENALTY_ACTIONS)},
                    "reason": {"type": "string"},
                    "by": {"type": "string"},
                    "at": {"type": "string"},
                    "appeal": {
                        "type": ["object", "null"],
                        "required": ["by", "outcome"],
                        "properties": {
                            "by": {"type": "string"},
                            "outcome": {"enum": list(APPEAL_OUTCOMES)},
                            "note": {"type": "string"},
                            "level": {"enum": list(PENALTY_LEVELS)},
                            "action": {"enum": list(PENALTY_ACTIONS)},
                        },
                    },
                },
            },
        },
    },
}

# -- decklists and limited events (G-DECKLIST, G-SEALED, G-DRAFT-*) ----------------------
_number = {"type": "string", "pattern": r"^[A-Z]{2}-\d{4}[A-Z]?$"}
_deck_lines = {
    "type": "array",
    "items": {
        "type": "array",
        "minItems": 2,
        "maxItems": 3,
        "prefixItems": [{"type": "integer", "minimum": 1, "maximum": 60}, _number, {"type": "string"}],
    },
}
_clock = SCHEMA["properties"]["rounds"]["items"]["properties"]["clock"]
SCHEMA["properties"].update(
    {
        # a store's own legality calendar (G-CARDS-VERSIONS): checked in full by parse_calendar
        "store_calendar": {
            "type": ["object", "null"],
            "required": ["source", "calendar"],
            "properties": {"source": {"type": "string"}, "calendar": {"type": "object"}},
        },
        "decklists": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["player", "deck"],
                "properties": {
                    "player": _id,
                    "deck": _deck_lines,
                    "spare": _deck_lines,
                    "source": {"type": "string"},
                    "round": _nonneg,
                },
            },
        },
        "deck_checks": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["player", "round", "differences"],
                "properties": {
                    "player": _id,
                    "round": _nonneg,
                    "by": {"type": "string"},
                    "at": {"type": "string"},
                    "source": {"type": "string"},
                    "differences": {
                        "type": "array",
                        "items": {
                            "type": "array",
                            "minItems": 4,
                            "maxItems": 4,
                            "prefixItems": [{"enum": ["deck", "spare"]}, _number, _nonneg, _nonneg],
                        },
                    },
                },
            },
        },
        "build": {
            "type": "object",
            "required": ["kind", "set", "minutes", "opened_at"],
            "properties": {
                "kind": {"enum": list(POOL_KINDS)},
                "set": {"type": "string", "minLength": 1},
                "product": {"enum": [*SEALED_PRODUCTS, None]},
                "packs": _nonneg,
                "seed": {"type": ["integer", "null"]},
                "minutes": {"type": "integer", "minimum": 1, "maximum": 600},
                "opened_at": {"type": "string"},
                "clock": _clock,
                "closed_at": {"type": ["string", "null"]},
                "closed_by": {"type": "string"},
                "override": {
                    "type": ["object", "null"],
                    "required": ["by", "reason", "at"],
                    "properties": {
                        "by": {"type": "string"},
                        "reason": {"type": "string"},
                        "at": {"type": "string"},
                        "players": {"type": "array", "items": _id},
                    },
                },
            },
        },
        # pairs of players never to be paired (``player apart``, G-SWISS-PAIR-2's sense)
        "apart": {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": _id}},
        # the head judge's rulings: facts kept as played after a change (L-RULING, issue 46)
        "rulings": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["by", "excuses"],
                "properties": {
                    "by": {"type": "string", "minLength": 1},
                    "reason": {"type": "string"},
                    "at": {"type": "string"},
                    "excuses": {
                        "type": "array",
                        "minItems": 1,
                        "items": {
                            "type": "array",
                            "minItems": 2,
                            "maxItems": 2,
                            "items": {"type": "string", "minLength": 1},
                        },
                    },
                },
            },
        },
        "pods": {
            "type": "array",
            "items": {
                "type": "array",
                "minItems": 2,
                "items": {
                    "type": "object",
                    "required": ["name"],
                    "properties": {"name": {"type": "string", "minLength": 1}, "player": {"type": ["string", "null"]}},
                },
            },
        },
        "pools": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["player", "kind", "set", "cards"],
                "properties": {
                    "player": _id,
                    "kind": {"enum": list(POOL_KINDS)},
                    "set": {"type": "string", "minLength": 1},
                    "product": {"enum": [*SEALED_PRODUCTS, None]},
                    "packs": _nonneg,
                    "seed": {"type": ["integer", "null"]},
                    "cards": {"type": "array", "items": _number, "minItems": 1},
                    "opened": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["kind", "cards"],
                            "properties": {
                                "kind": {"enum": ["starter", "booster"]},
                                "cards": {"type": "array", "items": _number},
                                "starter": {"type": "string"},
                            },
                        },
                    },
                },
            },
        },
    }
)


def _whole_number(_checker, x) -> bool:
    """A JSON integer is written without a fraction: ``2.0``, ``-0.0`` and
    booleans are not whole numbers here (JSON Schema's "integer" accepts
    ``2.0``; the reducers and the journal's msgspec decoding do not)."""
    return isinstance(x, int) and not isinstance(x, bool)


@functools.cache
def _validator(strict: bool):
    """JSON Schema 2020-12 with the journal's types ("integer" is an int, never
    a float or a bool), for :data:`STRICT_SCHEMA` or :data:`SCHEMA`; built on
    first use (jsonschema is imported only when a file is not passed by the
    compiled check)."""
    import jsonschema

    cls = jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number),
    )
    return cls(STRICT_SCHEMA if strict else SCHEMA, format_checker=jsonschema.FormatChecker())


# -- the strict schema of a file being imported (docs/names.md, "What import checks") ----
#: Bounds of fields named here; every other string is at most TEXT_MAX
#: characters, every other whole number at most MAX_INT, every list at most
#: MAX_ITEMS long, and no object may carry a key the format does not define.
MAX_INT = 100_000
MAX_ITEMS = MAX_PENALTIES  # (any list: the penalties, the event's longest growing list, too)
_BOUNDS: dict[object, dict[str, Any]] = {
    ("id",): {"pattern": ID_PATTERN},
    ("name",): {"maxLength": EVENT_NAME_MAX},
    ("players", "id"): {"pattern": ID_PATTERN},
    ("players", "name"): {"maxLength": PLAYER_NAME_MAX},
    ("players", "reading"): {"maxLength": PLAYER_NAME_MAX},
    ("players", "member"): {"maxLength": 32, "pattern": r"^[A-Z0-9][A-Z0-9_-]*$"},  # core.rules.members
    ("staff", "organizer"): {"maxLength": STAFF_NAME_MAX},
    ("staff", "head_judge"): {"maxLength": STAFF_NAME_MAX},
    ("players",): {"maxItems": MAX_PLAYERS},
    ("rounds",): {"maxItems": MAX_ROUNDS},
    ("players", "dropped_after_round"): {"maximum": MAX_ROUNDS},
    ("players", "joined_round"): {"maximum": MAX_ROUNDS + 1},
    ("rounds", "number"): {"maximum": MAX_ROUNDS},
    ("rounds", "matches", "table"): {"maximum": MAX_TABLE},
    ("rounds", "matches", "p1_wins"): {"maximum": 9},
    ("rounds", "matches", "p2_wins"): {"maximum": 9},
    ("rounds", "matches", "draws"): {"maximum": 9},
    ("rounds", "matches", "extension"): {"maximum": 600},
    ("rounds", "checkins", "seconds"): {"maximum": 86_400},
    ("penalties", "round"): {"maximum": MAX_ROUNDS},
    ("penalties", "table"): {"maximum": MAX_TABLE},
    ("build", "seed"): {"minimum": -(2**63), "maximum": 2**64},
    ("pools", "seed"): {"minimum": -(2**63), "maximum": 2**64},
}


def _harden(schema, path=()):
    """A copy of ``schema`` with the bounds above and no unknown keys."""
    if isinstance(schema, list):
        return [_harden(x, path) for x in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: (_harden(v, path) if k in ("items", "prefixItems") else v) for k, v in schema.items()}
    if "properties" in schema:
        out["properties"] = {k: _harden(v, path + (k,)) for k, v in schema["properties"].items()}
        out["additionalProperties"] = False
    types = schema.get("type")
    types = types if isinstance(types, list) else [types]
    if "string" in types:
        out.setdefault("maxLength", TEXT_MAX)
    if "integer" in types or "number" in types:
        out.setdefault("maximum", MAX_INT)
        out.setdefault("minimum", -MAX_INT)
    if "array" in types:
        out.setdefault("maxItems", MAX_ITEMS)
    if "enum" in schema or "const" in schema:
        pass
    out.update(_BOUNDS.get(path, {}))
    return out


STRICT_SCHEMA = _harden(SCHEMA)


def json_path(parts) -> str:
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def _match_doc(m: Match) -> dict:
    d = {
        "table": m.table,
        "p1": m.p1,
        "p2": m.p2,
        "p1_wins": m.p1_wins,
        "p2_wins": m.p2_wins,
        "draws": m.draws,
        "outcome": m.outcome,
        "note": m.note,
    }
    # keys added later are written only when they say something, so files of
    # events that do not use them keep their first shape
    if m.games:
        d["games"] = list(m.games)
    if m.extension:
        d["extension"] = m.extension
    if m.intentional:
        d["intentional"] = True
    if m.why:
        d["why"] = [list(r) for r in m.why]
    return d


def _round_doc(r: Round) -> dict:
    d = {"number": r.number, "stage": r.stage, "matches": [_match_doc(m) for m in r.matches]}
    if r.clock is not None:
        d["clock"] = {
            "minutes": r.clock.minutes,
            "started_at": r.clock.started_at,
            "pauses": [[a, b] for a, b in r.clock.pauses],
        }
    if r.checkins:
        d["checkins"] = [{"player": c.player, "at": c.at, "seconds": c.seconds} for c in r.checkins]
    if r.third_place:
        d["third_place"] = True
    if r.late:
        d["late"] = [
            {
                "rule": x.rule,
                "table": x.table,
                "players": list(x.players),
                "decision": x.decision,
                "by": x.by,
                "at": x.at,
            }
            for x in r.late
        ]
    return d


def _clock_doc(c: ClockState) -> dict:
    return {"minutes": c.minutes, "started_at": c.started_at, "pauses": [[a, b] for a, b in c.pauses]}


def _limited_doc(event: Event) -> dict:
    """The keys of decklists and limited events, each written only when used."""
    d: dict = {}
    if event.decklists:
        d["decklists"] = [
            {
                "player": x.player,
                "deck": [list(e) for e in x.deck],
                "spare": [list(e) for e in x.spare],
                "source": x.source,
                "round": x.round,
            }
            for x in event.decklists
        ]
    if event.deck_checks:
        d["deck_checks"] = [
            {
                "player": x.player,
                "round": x.round,
                "by": x.by,
                "at": x.at,
                "source": x.source,
                "differences": [list(e) for e in x.differences],
            }
            for x in event.deck_checks
        ]
    b = event.build
    if b is not None:
        d["build"] = {
            "kind": b.kind,
            "set": b.set_code,
            "product": b.product or None,
            "packs": b.packs,
            "seed": b.seed,
            "minutes": b.minutes,
            "opened_at": b.opened_at,
            "clock": _clock_doc(b.clock) if b.clock is not None else None,
            "closed_at": b.closed_at,
            "closed_by": b.closed_by,
        }
        if b.overridden:  # G-HEAD-JUDGE: round 1 paired without every legal deck
            d["build"]["override"] = {
                "by": b.override_by,
                "reason": b.override_reason,
                "at": b.override_at,
                "players": list(b.override_players),
            }
    if event.pods:
        d["pods"] = [[{"name": s.name, "player": s.player} for s in pod] for pod in event.pods]
    if event.pools:
        pools = []
        for x in event.pools:
            pd: dict = {
                "player": x.player,
                "kind": x.kind,
                "set": x.set_code,
                "product": x.product or None,
                "packs": x.packs,
                "seed": x.seed,
                "cards": list(x.cards),
            }
            if x.opened:
                pd["opened"] = [
                    {"kind": o.kind, "cards": list(o.cards), **({"starter": o.starter} if o.starter else {})}
                    for o in x.opened
                ]
            pools.append(pd)
        d["pools"] = pools
    return d


def to_doc(event: Event) -> dict:
    staff = {
        "organizer": event.staff.organizer,
        "judges": list(event.staff.judges),
        "head_judge": event.staff.head_judge,
    }
    if event.staff.event_staff:
        staff["event_staff"] = list(event.staff.event_staff)
    return {
        "schema": SCHEMA_TAG,
        "id": event.id,
        "name": event.name,
        "date": event.date,
        "kind": event.kind,
        "match": event.match,
        "minutes": event.minutes,
        "rounds_planned": event.rounds_planned,
        "tiebreakers": list(event.tiebreakers),
        "staff": staff,
        "sanctioned": event.sanctioned,
        **({"store": dict(event.store)} if event.store else {}),
        **({"rules": event.rules} if event.rules != "2008" else {}),  # absent: 2008 (O-RULES)
        "decklists_required": event.decklists_required,
        "spectating": event.spectating,
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "dropped_after_round": p.dropped_after_round,
                "excluded": p.excluded,
                "joined_round": p.joined_round,
                **({"reading": p.reading} if p.reading else {}),
                **({"member": p.member} if p.member else {}),
            }
            for p in event.players  # a removed registration is not in the file (only in the journal)
        ],
        "rounds": [_round_doc(r) for r in event.rounds],
        "penalties": [
            {
                "player": x.player,
                "round": x.round,
                "table": x.table,
                "level": x.level,
                "action": x.action,
                "reason": x.reason,
                "by": x.by,
                "appeal": x.appeal,
                **({"at": x.at} if x.at else {}),
            }
            for x in event.penalties
        ],
        **_limited_doc(event),
        **({"store_calendar": event.store_calendar} if event.store_calendar is not None else {}),
        **({"apart": [list(x) for x in event.apart if all(map(event.has_player, x))]} if event.apart else {}),
        **(
            {
                "rulings": [
                    {"by": r.by, "reason": r.reason, "at": r.at, "excuses": [list(e) for e in r.excuses]}
                    for r in event.rulings
                ]
            }
            if event.rulings
            else {}
        ),
    }


def event_from_doc(doc, source: str = "event", strict: bool = True) -> Event:
    """Check ``doc`` and build the Event; raise ValidationError listing all problems.

    ``strict`` (a file being imported): bounds on every field, no unknown
    keys, the rules of docs/names.md for ids and text, and players paired only
    in the rounds they were in the event for.  An event imported before these
    checks is replayed from its log with ``strict=False``."""
    try:
        return _event_from_doc(doc, source, strict)
    except RecursionError:
        raise ValidationError(source, [("$", _("nested too deeply to be an event file"))]) from None


#: JSON types as a type mismatch names them ("expected int, got float").
_TYPE_NAMES = {
    "integer": "int",
    "number": "number",
    "string": "string",
    "boolean": "boolean",
    "null": "null",
    "array": "array",
    "object": "object",
}


def _json_type(x) -> str:
    for t, name in (
        (bool, "boolean"),
        (int, "int"),
        (float, "float"),
        (str, "string"),
        (list, "array"),
        (dict, "object"),
    ):
        if isinstance(x, t):
            return name
    return "null"


def _schema_message(e) -> str:
    """jsonschema's message without the whole (possibly huge) value it quotes."""
    if e.validator == "type":
        want = e.validator_value if isinstance(e.validator_value, list) else [e.validator_value]
        return _(
            "expected {want}, got {got}",
            want=" / ".join(_TYPE_NAMES.get(str(t), str(t)) for t in want),
            got=_json_type(e.instance),
        )
    if e.validator == "required":
        key = e.message.split("'")[1] if e.message.count("'") >= 2 else str(e.validator_value)
        return _("the key {key!r} is missing", key=key)
    if e.validator == "enum" and len(repr(e.instance)) <= 60:
        return _(
            "{value} is not one of {allowed}",
            value=json.dumps(e.instance, ensure_ascii=False),
            allowed=join_list(json.dumps(v, ensure_ascii=False) for v in e.validator_value),
        )
    if (
        e.validator in ("maxLength", "maxItems", "maximum", "minimum", "pattern", "minLength", "type", "enum", "const")
        and isinstance(e.instance, (str, int, float, list, dict))
        and len(repr(e.instance)) > 60
    ):
        return _(
            "{rule} {limit} not met ({kind} too long to show)",
            rule=e.validator,
            limit=repr(e.validator_value)[:40],
            kind=type(e.instance).__name__,
        )
    if e.validator == "additionalProperties":
        extra = sorted(set(e.instance) - set(e.schema.get("properties", {})))
        return _(
            "unknown key(s) {keys}: the lycee-event/1 format has no such field",
            keys=join_list(repr(visible(str(k))) for k in extra[:5]),
        )
    return e.message if len(e.message) <= 200 else e.message[:200] + "…"


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


def _event_from_doc(doc, source: str, strict: bool) -> Event:
    _check_schema(doc, source, strict)
    problems: list[tuple[str, str]] = []

    def bad(path, what):
        problems.append((path, what))

    if strict:
        _strict_text(doc, bad)
        _strict_rounds(doc, bad)
    settings_ok = _check_settings(doc, bad)
    ids, ok = _check_players(doc, bad)
    skip = _check_rounds(doc, ids, ok, bad)
    _check_penalties(doc, ids, bad)
    _check_limited(doc, ids, bad)
    _check_store_calendar(doc, bad)
    _check_apart(doc, ids, bad)
    event = _replay(doc, ok, skip, problems) if settings_ok else None
    if strict and event is not None:
        _check_no_winner(event, problems)
    if problems or event is None:
        raise ValidationError(source, problems)
    _check_storable(event, source)
    return event


def _check_no_winner(event: Event, problems: list) -> None:
    """An intentional draw left without a winner stands only in the final
    (G-ID-3), as ``id-decision`` allows it at the desk: before the final or
    in a playoff the event could never go on."""
    for ri, rnd in enumerate(event.rounds):
        if rnd.stage == "swiss":
            continue
        for mi, m in enumerate(rnd.matches):
            if m.intentional and m.outcome == "draw" and m.p2 is not None:
                from core.tournament.elimination import no_winner_refusal  # (a Swiss file loads no bracket)

                why = no_winner_refusal(event, rnd, m)
                if why:
                    problems.append((f"$.rounds[{ri}].matches[{mi}]", f"{why} [G-ID-3]"))


def _check_storable(event: Event, source: str) -> None:
    """The event reads back as the journal reads it (msgspec, strict types):
    what import accepts opens.  The schema's types already ensure it; this
    turns a gap between the two into a refusal instead of an event that no
    command can open."""
    import msgspec

    stored = msgspec.to_builtins(event)
    try:
        msgspec.convert(stored, type=Event)
    except msgspec.ValidationError as err:
        what, _sep, where = str(err).partition(" - at `")
        raise ValidationError(source, [(where.rstrip("`") or "$", what)]) from None
    _STORED[:] = [weakref.ref(event, _forget_stored), stored]


#: The event :func:`_check_storable` read back last (a weak reference) and the
#: form it read back: what the journal's import record keeps (:func:`stored_form`).
_STORED: list = [None, None]


def _forget_stored(ref) -> None:
    """The event is gone: its stored form is not kept for it."""
    if _STORED[0] is ref:
        _STORED[:] = [None, None]


def stored_form(event: Event) -> dict:
    """``event`` as the journal's ``import`` record keeps it (msgspec's
    builtins, read back with ``msgspec.convert``).  For the event an import
    has just checked it is the form that check read back, not made again
    (one encoding); for any other event it is made now."""
    import msgspec

    ref, stored = _STORED
    if ref is not None and ref() is event:
        _STORED[:] = [None, None]  # given once: the record owns it
        return stored
    return msgspec.to_builtins(event)


# -- the checks of the document: shape, ids, references ---------------------------------


def _check_schema(doc, source: str, strict: bool) -> None:
    """The structure (JSON Schema; strict: bounds and no unknown keys)."""
    problems = structure_problems(doc, strict)
    if problems:
        raise ValidationError(source, problems)


#: The one place a number with a fraction belongs (seconds after the round's start).
_FLOAT_KEYS = {("rounds", "checkins", "seconds")}


#: From this many values on, a file is checked first by the compiled schema
#: (compiling it takes about 60 ms; jsonschema takes longer from here).
FAST_FROM = 50_000


def _walk(doc) -> tuple[list[tuple[str, str]], bool, int]:
    """One pass over ``doc``: the lists longer than the strict schema allows
    (4,096 players, 100 rounds, else MAX_ITEMS; found without looking inside
    them), whether a float stands where no float belongs, and the number of
    values."""
    long: list[tuple[str, str]] = []
    stray = False
    count = 0
    stack: list[tuple[object, tuple, tuple]] = [(doc, (), ())]
    # a value that is neither an object nor a list is looked at where it is met, not stacked
    while stack:
        x, at, keys = stack.pop()
        count += 1
        if isinstance(x, dict):
            for k, v in x.items():
                if isinstance(v, (dict, list)):
                    stack.append((v, at + (k,), keys + (k,)))
                else:
                    count += 1
                    if isinstance(v, float) and keys + (k,) not in _FLOAT_KEYS:
                        stray = True
        elif isinstance(x, list):
            most = _BOUNDS.get(keys, {}).get("maxItems", MAX_ITEMS)
            if len(x) > most:
                long.append(
                    (json_path(at), _("{n} items, more than the {most} this list may hold", n=len(x), most=most))
                )
            else:
                for i, v in enumerate(x):
                    if isinstance(v, (dict, list)):
                        stack.append((v, at + (i,), keys))
                    else:
                        count += 1
                        if isinstance(v, float) and keys not in _FLOAT_KEYS:
                            stray = True
        elif isinstance(x, float) and keys not in _FLOAT_KEYS:
            stray = True
    return sorted(long), stray, count


def _draft7(schema):
    """``schema`` in JSON Schema draft 7, the newest fastjsonschema reads:
    2020-12's ``prefixItems`` is draft 7's list form of ``items``.  A
    ``const`` becomes the one-value ``enum`` it means (fastjsonschema tests
    both with the same comparison, and without its detailed exceptions it
    cannot word a failed ``const``)."""
    if isinstance(schema, list):
        return [_draft7(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _draft7(v) for k, v in schema.items() if k not in ("prefixItems", "const")}
    if "prefixItems" in schema:
        assert "items" not in schema, "prefixItems with items: draft 7 words it otherwise"
        out["items"] = _draft7(schema["prefixItems"])
    if "const" in schema:
        assert "enum" not in schema, "const with enum: say it once"
        out["enum"] = [schema["const"]]
    return out


def fast_schema(strict: bool) -> dict:
    """The draft-7 schema the fast check is compiled from (:func:`_draft7`)."""
    return {**_draft7(STRICT_SCHEMA if strict else SCHEMA), "$schema": "http://json-schema.org/draft-07/schema#"}


def schema_sha256(schema: dict) -> str:
    """The hash core/rules/eventcheck.py records of the schema it was generated from."""
    import hashlib

    return hashlib.sha256(json.dumps(schema, sort_keys=True, ensure_ascii=True).encode()).hexdigest()


def _is_date(text) -> bool:
    from datetime import date

    try:
        date.fromisoformat(text)
    except (TypeError, ValueError):
        return False
    return True


@functools.cache
def _fast_check(strict: bool):
    """The schema compiled to Python by fastjsonschema, as a function telling
    whether a document passes: a valid big file (the usual case) is checked in
    a tenth of the time, but it stops at the first problem, words it in
    English and takes ``2.0`` for a whole number, so anything it does not pass
    (or a file with a stray float) goes to the jsonschema validator, which
    names every problem.  tests/test_eventfile.py checks that the two agree.

    The compiled code is checked in (core/rules/eventcheck.py, made by
    ``python -m core.rules.eventcheck_make``): generating and compiling it
    here took most of a big import's check.  It is used only while the hash
    it records is that of the schema; else (the schema changed and the file
    was not made again: tests/test_eventfile.py fails) it is compiled here."""
    schema = fast_schema(strict)
    from core.rules import eventcheck

    if _checked_in(strict):
        check = eventcheck.validate_strict if strict else eventcheck.validate_lax
        formats = {"date": _is_date}

        def checked(doc) -> bool:
            try:
                check(doc, formats)
            except eventcheck.Invalid:
                return False
            return True

        return checked
    import fastjsonschema

    # without detailed exceptions (the value and the rule in each): a failure is
    # only a signal to ask jsonschema, and the code is half the size, compiled
    # in a third of the time
    compiled = fastjsonschema.compile(schema, formats={"date": _is_date}, detailed_exceptions=False)

    def passes(doc) -> bool:
        if _walk(doc)[1]:  # a float where a whole number belongs: this compiled form takes 2.0 for 2
            return False
        try:
            compiled(doc)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    return passes


@functools.cache
def _checked_in(strict: bool) -> bool:
    """Whether core/rules/eventcheck.py is the compiled form of the schema as it is."""
    from core.rules import eventcheck

    return eventcheck.SCHEMA_SHA256["strict" if strict else "lax"] == schema_sha256(fast_schema(strict))


@functools.cache
def _free_objects() -> tuple[tuple[str, ...], ...]:
    """The paths of the strict schema's objects of any content (the store
    calendar's document): the lists inside them are bounded by the walk only."""
    found = []

    def visit(schema, path):
        if isinstance(schema, list):
            for x in schema:
                visit(x, path)
        elif isinstance(schema, dict):
            types = schema.get("type")
            if "object" in (types if isinstance(types, list) else [types]) and "properties" not in schema:
                found.append(path)
            for k, v in schema.get("properties", {}).items():
                visit(v, path + (k,))
            for k in ("items", "prefixItems", "anyOf", "oneOf", "allOf"):
                if k in schema:
                    visit(schema[k], path + ("*",) if k in ("items", "prefixItems") else path)

    visit(STRICT_SCHEMA, ())
    return tuple(found)


def _holds(doc, path: tuple[str, ...]) -> bool:
    """Whether ``doc`` has a value at ``path`` (``*``: any item of a list)."""
    if not path:
        return True
    head, rest = path[0], path[1:]
    if head == "*":
        return isinstance(doc, list) and any(_holds(x, rest) for x in doc)
    return isinstance(doc, dict) and head in doc and _holds(doc[head], rest)


def fast_valid(doc, strict: bool) -> bool:
    """Whether the fast check passes ``doc`` (see :func:`_fast_check`)."""
    return _fast_check(strict)(doc)


def structure_problems(doc, strict: bool = False, limit: int = 50, fast: bool | None = None) -> list[tuple[str, str]]:
    """Every way ``doc`` does not have the lycee-event/1 structure, as (JSON
    path, what), at most ``limit``: missing and unknown keys, values of the
    wrong type (a float or a boolean where a whole number belongs), values
    outside their list.  ``strict`` (a file being imported): also the bounds
    of docs/names.md and no unknown keys.  ``lycee verify`` reads a file only
    once this is empty.  ``fast``: a file the compiled check passes is not
    validated again (:func:`_fast_check`); by default whenever the checked-in
    compiled check is current (it then takes no compiling), else for a file of
    :data:`FAST_FROM` values or more.  A valid file is passed without any other
    pass over it; only one the fast check does not pass is walked
    (lists too long, refused at once) and validated by jsonschema."""
    if fast is None:
        fast = _checked_in(strict) or _walk(doc)[2] >= FAST_FROM
    if fast and fast_valid(doc, strict):
        if strict and any(_holds(doc, path) for path in _free_objects()):
            return _walk(doc)[0][:limit]  # the strict schema bounds no list inside a free object
        return []
    long, _stray_float, _size = _walk(doc)
    if strict and long:  # refused at once: validating a million items first takes seconds
        return long[:limit]
    validator = _validator(strict)
    try:
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    except RecursionError:
        return [("$", _("nested too deeply to be an event file"))]
    return [(json_path(e.absolute_path), _schema_message(e)) for e in errors[:limit]]


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


# -- the replay: the document as the desk's actions, applied by their reducers ----------

#: The file's keys that are event settings (the ``create`` action's data).
_SETTINGS = (
    "name",
    "date",
    "kind",
    "match",
    "minutes",
    "rounds_planned",
    "tiebreakers",
    "staff",
    "sanctioned",
    "rules",
    "decklists_required",
    "spectating",
    "store",
)
#: The file's keys restored by the ``file_records`` action (core.rules.filefacts).
_RECORDS = ("decklists", "deck_checks", "build", "pods", "pools", "store_calendar")
#: Actions after whose refusal the replay cannot go on.
_FOUNDATIONS = ("create", "register", "pair")

#: A step of the replay: (JSON path a refusal names, the match it belongs to or None,
#: the action: ``{"type": kind, "data": its payload}``).
Step = tuple[str, str | None, dict]
#: A round's ``result`` actions in a row (no ``game`` between them), as (the
#: match's JSON path, the payload): applied together by
#: :func:`core.rules.results.apply_results`, as one by one they give the same.
Results = list[tuple[str, ResultAction]]


def _replay(doc: dict, ok: set[str], skip: set[tuple[int, int]], problems: list) -> Event | None:
    """Apply the document's actions (:func:`doc_actions`) with the reducers
    (core.rules.apply); every refusal is a problem at the JSON path of what
    it came from.  Then the replayed results are compared with the file's."""
    event: Event | None = None
    failed: set[str] = set()
    whole = True
    for step in doc_actions(doc, ok, skip):
        if isinstance(step, list):  # a round's results in a row (Results): the round and the event built once
            run = [x for x in step if x[0] not in failed] if failed else step  # one problem a match
            if run and event is not None:  # (there is an event: else `create` was refused, and the replay stopped)
                event, errors = apply_results(event, run[0][1].round, [p for _path, p in run])
                for (path, _p), err in zip(run, errors):
                    if err is not None:
                        problems.append((path, str(err)))
                        failed.add(path)
            continue
        path, key, act = step
        if key is not None and key in failed:
            continue  # one problem a match
        try:
            event = apply(event, act)
        except LyceeError as err:
            if act["type"] in _FOUNDATIONS:
                whole = False
                if not (problems and (failed or skip)):  # else it may follow from a problem listed
                    problems.append((path, str(err)))
                break
            problems.append((path, str(err)))
            failed.add(key or path)
    if event is not None:
        _compare(doc, event, skip, failed, problems)
    return event if whole else None


def doc_actions(doc: dict, ok: set[str], skip: set[tuple[int, int]]) -> Iterator[Step | Results]:
    """The checked document as the actions that make its event: ``create``
    with its settings; then before each round the players who joined for it
    (``register``), the drops after the round before (``drop``, no forfeit:
    the file holds the results), the limited records (before round 1); each
    round's ``pair``, its ``game`` and ``result`` actions and its
    ``file_round`` facts; last the penalties, exclusions and player order
    (``file_people``).  Only players in ``ok`` are registered; matches in
    ``skip`` are left out.  A round's results in a row (no game between
    them) come as one list (:data:`Results`), in the order of its tables."""
    settings = {"id": doc["id"], **{k: doc[k] for k in _SETTINGS if k in doc}}
    yield "$", None, {"type": "create", "data": Create(doc=settings)}
    joining: dict[int, list[Entrant]] = {}
    dropping: dict[int, list[tuple[int, str]]] = {}
    for i, p in enumerate(doc["players"]):
        if p["id"] in ok:
            joining.setdefault(p.get("joined_round", 1), []).append(
                Entrant(id=p["id"], name=p["name"], reading=p.get("reading") or None, member=p.get("member") or None)
            )
            if p.get("dropped_after_round") is not None:
                dropping.setdefault(p["dropped_after_round"], []).append((i, p["id"]))
    rounds = doc["rounds"]
    for k in range(len(rounds) + 1):
        if joining.get(k + 1):
            yield "$.players", None, {"type": "register", "data": Register(players=joining[k + 1])}
        for i, pid in dropping.get(k, ()):
            yield (
                f"$.players[{i}].dropped_after_round",
                None,
                {"type": "drop", "data": Drop(player=pid, forfeit=False)},
            )
        if k == 0:
            records = {x: doc[x] for x in _RECORDS if x in doc}
            yield "$", None, {"type": "file_records", "data": FileRecords(doc=records)}
        if k < len(rounds):
            yield from _round_actions(rounds[k], k, doc["match"], skip)
    for i, (a, b) in enumerate(doc.get("apart", [])):
        if a in ok and b in ok and a != b:  # a pair _check_apart refused is not replayed as well
            yield f"$.apart[{i}]", None, {"type": "apart", "data": Apart(players=[a, b])}
    people = {"players": doc["players"], "penalties": doc.get("penalties", [])}
    yield "$.players", None, {"type": "file_people", "data": FilePeople(doc=people)}
    for i, r in enumerate(doc.get("rulings", [])):  # L-RULING: the head judge's rulings, as recorded
        data = RulingAction(by=r["by"], reason=r.get("reason", ""), excuses=r["excuses"], at=r.get("at", ""))
        yield f"$.rulings[{i}]", None, {"type": "ruling", "data": data}


def _round_actions(r: dict, ri: int, match_type: str, skip: set[tuple[int, int]]) -> Iterator[Step | Results]:
    rpath = f"$.rounds[{ri}]"
    stage = r.get("stage", "swiss")
    number = ri + 1
    live = [(mi, m) for mi, m in enumerate(r["matches"]) if (ri, mi) not in skip]
    pairs = [Pairing(table=m["table"], p1=m["p1"], p2=m.get("p2"), why=m.get("why", [])) for _mi, m in live]
    yield (
        rpath,
        None,
        {
            "type": "pair",
            "data": Pair(round=number, stage=stage, matches=pairs, third_place=r.get("third_place", False)),
        },
    )
    run: Results = []
    for mi, m in live:
        if m.get("p2") is None:  # a bye is recorded by the pairing
            continue
        mpath = f"{rpath}.matches[{mi}]"
        games = m.get("games", [])
        if games:
            if run:
                yield run
                run = []
            table = m["table"]
            for code in games:
                yield f"{mpath}.games", mpath, {"type": "game", "data": Game(round=number, table=table, game=code)}
        result = _result_action(m, number, stage, match_type, games)
        if result is not None:
            run.append((mpath, result))
    if run:
        yield run
    yield rpath, None, {"type": "file_round", "data": FileRound(doc={**r, "number": number})}


def _result_action(m: dict, number: int, stage: str, match_type: str, games: list) -> ResultAction | None:
    """The ``result`` of a table after its games (``games``, entered by
    ``game`` actions), unless the games gave it.  A double loss and an
    elimination match without a winner are recorded by ``file_round``."""
    outcome = m.get("outcome")
    if outcome in (None, "bye", "double_loss"):
        return None
    if m.get("intentional"):
        if stage == "swiss":
            return ResultAction(round=number, table=m["table"], p1_wins=0, p2_wins=0, draws=0, intentional=True)
        return None
    if games and match_over(games, match_type):
        return None
    if stage != "swiss" and labels.is_named_winner(m.get("note") or ""):
        return None  # the organizer named the winner at time (G-SE): recorded by ``file_round``
    return ResultAction(
        round=number,
        table=m["table"],
        p1_wins=m.get("p1_wins", 0),
        p2_wins=m.get("p2_wins", 0),
        draws=m.get("draws", 0),
    )


def _said(w1: int, w2: int, dr: int, outcome: str | None, games: tuple, intentional: bool) -> str:
    out = f"{w1}-{w2}-{dr} {outcome or '-'}" + (" ID" if intentional else "")
    return out + (f" [{', '.join(map(str, games))}]" if games else "")


def _compare(doc: dict, event: Event, skip: set[tuple[int, int]], failed: set[str], problems: list) -> None:
    """Each replayed match against the file's: a result the rules give
    otherwise (the games end the match, a result that is not the score's,
    a bye with a result...) is a problem at the match's path."""
    for ri, rnd in enumerate(event.rounds):
        for mi, f in enumerate(doc["rounds"][ri]["matches"]):
            if (ri, mi) in skip or (failed and f"$.rounds[{ri}].matches[{mi}]" in failed):
                continue
            m = rnd.match_at(f["table"])
            if m is None:
                continue
            get = f.get
            if (
                m.outcome == get("outcome")
                and m.p1_wins == get("p1_wins", 0)
                and m.p2_wins == get("p2_wins", 0)
                and m.draws == get("draws", 0)
                and m.intentional == get("intentional", False)
                and m.games == tuple(get("games", ()))
            ):
                continue  # (the usual case: the same, told without building both sides)
            file = (
                f.get("p1_wins", 0),
                f.get("p2_wins", 0),
                f.get("draws", 0),
                f.get("outcome"),
                tuple(f.get("games", ())),
                f.get("intentional", False),
            )
            got = (m.p1_wins, m.p2_wins, m.draws, m.outcome, m.games, m.intentional)
            if file != got:
                problems.append(
                    (
                        f"$.rounds[{ri}].matches[{mi}]",
                        _("the file records {file}, but the rules give {rules}", file=_said(*file), rules=_said(*got)),
                    )
                )


def _is_time(t) -> bool:
    from datetime import datetime

    try:
        datetime.fromisoformat(t)
    except (TypeError, ValueError):
        return False
    return True


#: The largest file ``lycee import`` and ``lycee verify FILE`` read, in MB
#: (10**6 bytes), unless LYCEE_IMPORT_MAX_MB or ``--max-mb`` says otherwise.
MAX_MB = 20.0


def max_bytes(max_mb: float | None = None) -> int:
    """The size cap in bytes: ``max_mb``, else LYCEE_IMPORT_MAX_MB, else :data:`MAX_MB`."""
    if max_mb is None:
        env = os.environ.get("LYCEE_IMPORT_MAX_MB", "").strip()
        try:
            max_mb = float(env) if env else MAX_MB
        except ValueError:
            raise LyceeError(
                _("LYCEE_IMPORT_MAX_MB={value!r}: a number of megabytes, like 50", value=visible(env[:40]))
            ) from None
    if not max_mb > 0 or max_mb > 10**6:
        raise LyceeError(_("a size limit of {mb} MB: give a number of megabytes above 0", mb=max_mb))
    return int(max_mb * 1_000_000)


def load_doc(path: Path, max_mb: float | None = None) -> dict:
    """Read a JSON file; a parse error names the file, line and column.  A
    file larger than the size cap (:func:`max_bytes`) is refused before it is
    read whole or parsed."""
    return parse_doc(read_capped(path, max_mb), str(path))


def read_capped(path: Path, max_mb: float | None = None, encoding: str = "utf-8") -> str:
    """The text of an event file (JSON, or a CSV of rounds), read with a
    bounded read: a file larger than the size cap (:func:`max_bytes`) is
    refused, naming the file and the cap, once the cap is passed, before the
    rest is read or anything parsed (``/dev/zero`` stops there too)."""
    limit = max_bytes(max_mb)
    try:
        with open(path, "rb") as f:
            try:
                size = os.fstat(f.fileno()).st_size
            except OSError:
                size = 0
            raw = b"" if size > limit else f.read(limit + 1)  # a regular file's size says it without a read
            if size > limit:
                raise LyceeError(
                    _(
                        "{path} is {size} MB, more than the {limit} MB an event file may have "
                        "(a larger limit: LYCEE_IMPORT_MAX_MB=MB or --max-mb MB)",
                        path=path,
                        size=_mb(size),
                        limit=_mb(limit),
                    )
                )
            if len(raw) > limit:  # not a regular file (a pipe, a device): read only to the cap
                raise LyceeError(
                    _(
                        "{path} holds more than the {limit} MB an event file may have (read up to there "
                        "and refused; a larger limit: LYCEE_IMPORT_MAX_MB=MB or --max-mb MB)",
                        path=path,
                        limit=_mb(limit),
                    )
                )
        return raw.decode(encoding)
    except OSError as err:
        raise LyceeError(_("{path} cannot be read ({reason})", path=path, reason=err.strerror)) from None
    except UnicodeDecodeError:
        raise LyceeError(_("{path} is not UTF-8 text", path=path)) from None


def _mb(n: int) -> str:
    mb = n / 1_000_000
    return f"{mb:.1f}".removesuffix(".0") if mb >= 1 else f"{mb:.3g}"


def _no_duplicate_keys(pairs):
    out = dict(pairs)  # (built in C; the pairs are looked at one by one only when a key repeats)
    if len(out) != len(pairs):
        seen = set()
        for k, _v in pairs:
            if k in seen:
                raise ValueError(_("the key {key!r} appears twice in one object", key=visible(k)))
            seen.add(k)
    return out


def _no_constant(name):
    raise ValueError(_("{name} is not a number JSON allows", name=name))


def parse_doc(text: str, source: str = "event"):
    """JSON text to a document; a problem (bad JSON, nesting too deep, a key
    twice, NaN, a number too long to read) is a ValidationError naming it."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise ValidationError(source, [(f"line {err.lineno} column {err.colno}", err.msg)]) from None
    except RecursionError:
        raise ValidationError(source, [("$", _("nested too deeply to be an event file"))]) from None
    except ValueError as err:  # a key twice, NaN, or an integer of more than 4300 digits
        raise ValidationError(source, [("$", str(err).splitlines()[0][:200])]) from None
