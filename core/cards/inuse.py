"""Which data folder's card list joins the catalogs (core.cards.cardlist.join_active).

Kept apart and light: the command line sets it for every command
(``use_data_dir``), and every command's start-up pays for what this module
imports, which is nothing beyond the standard library.  The ``--data-dir``
value is resolved to a folder only when a catalog is first asked for.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["active_root", "use_data_dir", "use_root"]

_active: list[Path | None] = [None]
#: a --data-dir value not yet resolved to a folder: (pending?, the value)
_pending: list[tuple[bool, str | None]] = [(False, None)]


def use_root(root: str | os.PathLike | None) -> Path | None:
    """Make ``root`` the data folder whose card list joins the catalogs
    (``Catalog.default``, core.rules.decklists.default_catalog); None: no
    folder's.  Returns the folder in use before."""
    before = active_root()
    _pending[0] = (False, None)
    _active[0] = Path(root) if root is not None else None
    return before


def use_data_dir(data_dir: str | None) -> Path | None:
    """Like :func:`use_root` for a ``--data-dir`` value (None: LYCEE_DATA_DIR or
    the user data dir), resolved when a catalog is first asked for.  Returns
    the folder in use before."""
    before = active_root()
    _pending[0] = (True, data_dir)
    return before


def active_root() -> Path | None:
    """The data folder in use, or None."""
    if _pending[0][0]:
        from core.paths import data_root

        _active[0] = data_root(_pending[0][1])
        _pending[0] = (False, None)
    return _active[0]
