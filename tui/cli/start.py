"""What :func:`tui.cli.main` does, step by step: the language, the early
frame, the parser the command needs, the command, and its failure said in
one line."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import platform
import signal
import sys

from core import i18n, paths
from core.errors import LyceeError
from core.i18n import _

from .common import os_error_message
from .frame import peek_option, show_early_frame, take_down_early_frame
from .parser import parser_for


def version_text(data_dir: str | None) -> str:
    """What ``lycee --version`` prints: enough for a store to say what it runs
    when asking for help (the app's version, where its events are, the Python
    and Textual it runs on).  Textual is not imported, only looked up."""
    from importlib import metadata  # 15-45 ms (email, zipfile, csv): only for --version (python -X importtime)

    def dist_version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return _("not installed")

    root = paths.data_root(data_dir)  # named even when it is not a folder (a DataDir refuses that)
    return "\n".join(
        [
            f"lycee {dist_version('lycee')}",
            _("data folder: {path}", path=root),
            f"Python {platform.python_version()} ({sys.executable})",
            f"Textual {dist_version('textual')}",
        ]
    )


def ignore_file_size_signal() -> None:
    """With a file size limit (`ulimit -f`) the kernel kills a process whose
    write goes past it (SIGXFSZ) unless the signal is ignored; ignored, the
    write fails with EFBIG and the command says so (nothing stored)."""
    if hasattr(signal, "SIGXFSZ"):
        try:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        except ValueError:  # not the main thread (tests): nothing to do
            pass


@contextlib.contextmanager
def no_cycle_collection():
    """A command runs without the cyclic garbage collector (start-up: issue
    31).  A command lives for a fraction of a second and what it builds (the
    event's tens of thousands of objects) is freed by reference counting; the
    collector would only walk it again and again while it is built, a tenth of
    ``lycee pair``'s time at 2,048 players.  The app and ``lycee serve``, which
    run for hours, turn it back on; the state before is put back after (tests
    call :func:`tui.cli.main` in their own process)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def run_main(argv: list[str] | None) -> int:
    """``lycee`` with ``argv`` (None: the process's own arguments)."""
    words = sys.argv[1:] if argv is None else argv
    try:
        i18n.set_language(peek_option(words))
    except ValueError:
        i18n.set_language(None)  # argparse names the bad value below
    if argv is None:  # not for main() called by tests
        show_early_frame(words)
    try:
        return run_command(parser_for(words).parse_args(argv))
    finally:
        take_down_early_frame()  # the app never took the screen: the frame is taken off


def run_said(args: argparse.Namespace) -> int:
    """``args.func(args)``: its exit code, or its failure said on stderr in one line (exit 1; 130 on Ctrl+C)."""
    try:
        return args.func(args) or 0
    except LyceeError as err:  # CliError and ValidationError included
        print(f"lycee: {err}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `lycee ... | head`: the reader has had enough (an OSError: caught first)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:
        print("lycee: " + os_error_message(err, paths.data_root(args.data_dir) / "events"), file=sys.stderr)
        return 1
    except RecursionError:
        print("lycee: " + _("the input is nested too deeply to be read"), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def run_command(args: argparse.Namespace) -> int:
    """The command ``args`` names, run; its exit code (a refusal: 1, said on stderr in one line)."""
    for k in ("data_dir", "lang"):
        if not hasattr(args, k):
            setattr(args, k, None)
    i18n.set_language(args.lang)
    if getattr(args, "version", False):
        print(version_text(args.data_dir))
        return 0
    if getattr(args, "long_running", False):
        gc.enable()  # `lycee serve`: hours, not a fraction of a second (no_cycle_collection)
    before = paths.use_data_dir(args.data_dir)  # the store's card list joins every catalog (issue 43)
    try:
        return run_said(args)
    finally:
        paths.use_root(before)
