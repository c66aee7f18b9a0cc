"""``lycee``: the command line (the command line in README.md), a thin face over the engine.

With no command it starts the app on the event list.  Every command exits 0 on
success and otherwise non-zero with a one-line reason on stderr; ``--json``
prints one JSON document on stdout.

Where things are: :mod:`tui.cli.parser` names every command and the module
that runs it (a command's module is imported only when it runs);
:mod:`tui.cli.start` is what :func:`main` does step by step;
:mod:`tui.cli.common` what the command modules share.

This package never imports textual or rich (an import-linter contract in
pyproject.toml, checked by tests/test_boundaries.py), so every command starts
fast and runs where no terminal UI can.  The commands that open the app
(``lycee``, ``lycee demo``) hand over to :mod:`tui.launch`, the one import
that contract lets through.
"""

from __future__ import annotations

from .common import safe_streams
from .start import ignore_file_size_signal, no_cycle_collection, run_main

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Run ``lycee`` with ``argv`` (None: the process's own arguments); the exit code."""
    ignore_file_size_signal()
    with (
        no_cycle_collection(),
        safe_streams(),
    ):  # one terminal sanitiser for all a command prints (docs/names.md, L-TERM)
        return run_main(argv)
