"""The web face: read-only pages for phones and a TV (``lycee serve``).

A second face like the command line: it reads the event through core (never
taking the write lock) and draws HTML; it never imports textual, so it runs
headless (an import-linter contract checks it).
"""

#: The port ``lycee serve`` and the app listen on unless told otherwise (here,
#: not in .server, so that building the command line imports no web stack).
DEFAULT_PORT = 8765
