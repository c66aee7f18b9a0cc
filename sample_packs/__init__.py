"""Pack data shipped with lycee: the sample set files (``sets/*.json``) and the
legality calendar (``calendar.json``).

Data only: this package holds no rules.  The helpers below locate the files
through :mod:`importlib.resources`, so they work from a source tree, an
editable install or a wheel; :mod:`core.cards.sets` and :mod:`core.cards.legality` read
them.  ``python -m sample_packs.generate`` rewrites the sample sets.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

__all__ = ["calendar_path", "set_paths", "set_path", "sets_dir"]


def sets_dir() -> Traversable:
    """The folder holding the generated sample set files."""
    return files(__name__) / "sets"


def set_paths() -> list[Traversable]:
    """Every shipped set file (``sets/*.json``), sorted by file name."""
    folder = sets_dir()
    return sorted(
        (p for p in folder.iterdir() if p.is_file() and p.name.endswith(".json")),
        key=lambda p: p.name,
    )


def set_path(code: str) -> Traversable:
    """The shipped set file for a set code (``sets/<code>.json``)."""
    return sets_dir() / f"{code.lower()}.json"


def calendar_path() -> Traversable:
    """The legality calendar: the guideline's product versions and promotion cards."""
    return files(__name__) / "calendar.json"
