"""Demo events: generated players (Faker, ja_JP names), for trying the desk."""

from __future__ import annotations

import random

from faker import Faker

from core import labels
from core.desk import Desk
from core.errors import LyceeError
from core.i18n import _
from core.store import DataDir, EventStore


def demo_names(n: int, seed: int | None = None) -> list[str]:
    """``n`` distinct Japanese full names, reproducible for a given seed."""
    fake = Faker("ja_JP")
    fake.seed_instance(seed if seed is not None else random.randrange(1 << 30))
    names: list[str] = []
    seen: set[str] = set()
    while len(names) < n:
        name = f"{fake.last_name()} {fake.first_name()}"
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


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
    Desk(store, actor="demo").add_players(demo_names(players, seed))
    return store
