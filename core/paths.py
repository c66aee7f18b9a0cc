"""Where the data lives, without the store's import (the app's first frame
is looked up before anything heavy is loaded: tui.firstframe)."""

from __future__ import annotations

import os
from pathlib import Path


def default_data_dir() -> Path:
    env = os.environ.get("LYCEE_DATA_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs  # only when no --data-dir or LYCEE_DATA_DIR names the folder (start-up)

    return platformdirs.user_data_path("lycee", appauthor=False)


def data_root(root: str | os.PathLike | None) -> Path:
    """The data folder: ``root`` as given (``--data-dir``), else the default."""
    return Path(root).expanduser() if root else default_data_dir()


# -- files the desk keeps are its user's alone (issue 44: report codes, PIN hashes) -------------

#: The mode of every file the desk keeps (journals, checkpoints, backups, headers, locks,
#: the library, cache/): read and written by the user running lycee only.
PRIVATE_FILE = 0o600
#: The mode of every folder the desk keeps (events/, checkpoints/, backups/, cache/, decks/...).
PRIVATE_DIR = 0o700


def private_dir(path: str | os.PathLike, narrow: bool = True) -> Path:
    """``path`` as a folder only its owner can enter: made (with any missing
    parents, each 0700) when missing; an existing one of this user's whose
    mode lets others in is narrowed to 0700 (one written by an older lycee;
    ``narrow=False``: left as it is, for a folder the user chose, such as the data dir).
    Raises OSError as ``mkdir`` does (a read-only disk, a file in the way)."""
    p = Path(path)
    missing = []
    q = p
    while not os.path.lexists(q) and q.parent != q:
        missing.append(q)
        q = q.parent
    for d in reversed(missing):
        try:
            os.mkdir(d, PRIVATE_DIR)
        except FileExistsError:
            pass
    if narrow:
        private_mode(p, PRIVATE_DIR)
    return p


def private_mode(path: str | os.PathLike, mode: int = PRIVATE_FILE) -> None:
    """Narrow an existing file (or folder) of this user's to ``mode`` when it
    lets others read it; nothing when it is not this user's or cannot be changed."""
    try:
        st = os.stat(path)
        if st.st_mode & 0o077 and st.st_uid == os.getuid():
            os.chmod(path, mode)
    except (OSError, AttributeError):  # (Windows: no getuid; the folder's ACL is the user's already)
        pass


def open_private(path: str | os.PathLike, flags: int) -> int:
    """``os.open`` of a file the desk keeps: created 0600 (:data:`PRIVATE_FILE`)."""
    return os.open(path, flags, PRIVATE_FILE)


def write_private(path: Path, text: str) -> None:
    """``text`` into ``path``, readable by this user only (mode 0600), whole or not at all
    (the desk's door file, core.door; the page server's locks, tui.web.locks)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        os.write(fd, text.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.chmod(tmp, PRIVATE_FILE)  # an older file of that name kept its mode through O_CREAT
    os.replace(tmp, path)


def check_data_root(root: Path) -> Path:
    """``root`` when it is a folder, or missing (made at the first write);
    raises NotADirectoryError naming it when it, or the nearest part of it
    that exists, is something else (a file, a device)."""
    q = root
    while not os.path.lexists(q) and q.parent != q:
        q = q.parent
    if os.path.lexists(q) and not q.is_dir():
        raise NotADirectoryError(str(q))
    return root


# -- which data folder's card list joins the catalogs (core.cards.cardlist.join_active) --
# Here, beside data_root, and not in core.cards: the command line sets it for every
# command, and `lycee result` must not load the card modules to do so (tests/test_cli_engine.py).
# The --data-dir value is resolved to a folder only when a catalog first asks for it.

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
        _active[0] = data_root(_pending[0][1])
        _pending[0] = (False, None)
    return _active[0]
