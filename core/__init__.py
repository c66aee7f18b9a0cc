"""The engine of the desk (docs/architecture.md).  Importing it first keeps the
methods dataclasses compile between runs (:mod:`core.codecache`)."""

from core.codecache import install

install()
