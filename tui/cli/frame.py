"""The early frame and the hand-over to the app: ``lycee`` alone puts the event
list as the app last drew it on the terminal before anything else is built
(tui.firstframe), and :func:`open_app` hands that frame over to the app."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from core import i18n
from core.paths import data_root
from tui.firstframe import Shown, show

from .common import raw_streams

if TYPE_CHECKING:
    from core.store import DataDir


class EarlyFrame:
    """The frame on the terminal (:func:`show_early_frame`) until the app has run."""

    shown: Shown | None = None

    @classmethod
    def take(cls) -> Shown | None:
        """The frame shown, no longer kept here (None: none is)."""
        shown, cls.shown = cls.shown, None
        return shown


def peek_option(argv: list[str], name: str = "--lang") -> str | None:
    """An option's value, the last given as argparse takes it (``--lang``:
    read before the parser is built so that its help texts come out in the
    chosen language)."""
    found = None
    for i, a in enumerate(argv):
        if a == name and i + 1 < len(argv):
            found = argv[i + 1]
        elif a.startswith(name + "="):
            found = a.split("=", 1)[1]
    return found


def opens_the_list(argv: list[str]) -> bool:
    """``lycee`` alone, or with ``--data-dir`` / ``--lang`` only: the app on the event list."""
    rest = [
        a
        for i, a in enumerate(argv)
        if a not in ("--data-dir", "--lang") and argv[i - 1 : i] not in (["--data-dir"], ["--lang"])
    ]
    return all(a.startswith(("--data-dir=", "--lang=")) for a in rest)


def show_early_frame(argv: list[str]) -> None:
    """``lycee`` alone opens the app on the event list: the list as the app
    last drew it goes on the terminal before the parser and the app are built
    (tui.firstframe), kept in :class:`EarlyFrame` until the app takes it."""
    if opens_the_list(argv):
        EarlyFrame.shown = show(data_root(peek_option(argv, "--data-dir")), i18n.language())


def take_down_early_frame() -> None:
    """The app never took the screen: the frame, if any, is taken off."""
    shown = EarlyFrame.take()
    if shown is not None:
        shown.take_down()


def open_app(dd: DataDir, event: str | None = None) -> int:
    """Open the app (on the event list, or on ``event``): the hand-over to
    :mod:`tui.launch`, outside this package, which imports textual."""
    from tui.launch import open_app as launch  # textual: only when the app opens (tui.cli never imports it)

    gc.enable()  # the app runs for hours: its cycles are collected (see no_cycle_collection)
    hand_over = None
    if EarlyFrame.shown is not None:
        EarlyFrame.shown.streams_back()
        hand_over = EarlyFrame.shown.hand_over  # Ctrl+Z or a kill takes the frame down until the app is built
    with raw_streams():  # the app draws with escape sequences of its own
        code = launch(dd, event, before_run=hand_over)
    shown = EarlyFrame.take()
    if shown is not None:
        shown.done()  # the app has left the screen as it found it; the terminal's own settings back
    return code
