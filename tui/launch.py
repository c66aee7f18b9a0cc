"""Opening the app from the command line (``lycee``, ``lycee demo``).

The command line (:mod:`tui.cli`) never imports textual or rich: scripted use
starts fast and runs where no terminal UI can.  When a command opens the app,
it hands over here (``tui.cli.frame.open_app`` imports this module then);
``tui.cli.frame -> tui.launch`` is the one import the import-linter contract
"the command line never imports textual or rich" (pyproject.toml) lets
through.  Keep this module to that hand-over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.app import run_app

if TYPE_CHECKING:
    from collections.abc import Callable

    from core.store import DataDir


def open_app(datadir: DataDir, event: str | None = None, before_run: Callable[[], None] | None = None) -> int:
    """Run the app on the event list (or on ``event``); its exit code.
    ``before_run``: called when the app is built, just before it takes the terminal."""
    return run_app(datadir, open_event=event, before_run=before_run)
