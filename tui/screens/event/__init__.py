"""The event screen: one pane widget per tab (players, round, standings,
build, bracket) under the screen that holds the desk (screen.py)."""

from .screen import EventScreen

__all__ = ["EventScreen"]
