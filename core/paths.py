"""Where the data lives, without the store's import (the app's first frame
is looked up before anything heavy is loaded: tui.firstframe)."""

from __future__ import annotations

import os
from pathlib import Path


def default_data_dir() -> Path:
    env = os.environ.get("LYCEE_DATA_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path("lycee", appauthor=False)


def data_root(root: str | os.PathLike | None) -> Path:
    """The data folder: ``root`` as given (``--data-dir``), else the default."""
    return Path(root).expanduser() if root else default_data_dir()
