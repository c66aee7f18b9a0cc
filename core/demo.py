"""Demo events: generated players (Faker, ja_JP names), for trying the desk."""

from __future__ import annotations

import random

from faker import Faker

from core import labels
from core.desk import Desk
from core.errors import LyceeError
from core.i18n import _
from core.names import to_hiragana
from core.store import DataDir, EventStore


def demo_players(n: int, seed: int | None = None) -> list[tuple[str, str]]:
    """``n`` distinct Japanese full names with their readings in hiragana (「高橋 裕美子」,
    「たかはし ゆみこ」), reproducible for a given seed: Faker's ja_JP name pairs give the kanji
    and the kana of one name together, so a name and its reading always agree (L-READING)."""
    fake = Faker("ja_JP")
    fake.seed_instance(seed if seed is not None else random.randrange(1 << 30))
    players: list[tuple[str, str]] = []
    seen: set[str] = set()
    while len(players) < n:
        last, first = fake.last_name_pair(), fake.first_name_pair()  # as last_name() and first_name() draw
        name = f"{last[0]} {first[0]}"
        if name not in seen:
            seen.add(name)
            players.append((name, to_hiragana(f"{last[1]} {first[1]}")))
    return players


def demo_names(n: int, seed: int | None = None) -> list[str]:
    """``n`` distinct Japanese full names, reproducible for a given seed (:func:`demo_players`)."""
    return [name for name, _reading in demo_players(n, seed)]


def make_demo(datadir: DataDir, players: int = 16, kind: str = "constructed", seed: int | None = None) -> EventStore:
    """Create a demo event with ``players`` generated players; return it open."""
    if not 2 <= players <= 4096:
        raise LyceeError(_("--players {n}: from 2 to 4096", n=players))
    store = datadir.create(
        {
            "name": _("Demo {kind} ({n})", kind=labels.kind_label(kind), n=players),
            "kind": kind,
            "match": "bo3",
            "minutes": 50,
            # a demo plays the sample sets, which are for unsanctioned events and practice (L-SAMPLE-SETS)
            "sanctioned": False,
            "staff": {"organizer": "店長", "judges": ["ジャッジA"], "head_judge": "ジャッジA"},
        }
    )
    people = demo_players(players, seed)
    Desk(store, actor="demo").add_players([name for name, _r in people], readings=[r for _n, r in people])
    return store
