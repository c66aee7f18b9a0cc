"""The web face: read-only pages for phones and a TV (``lycee serve``).

A second face like the command line: it reads the event through core (never
taking the write lock) and draws HTML; it never imports textual, so it runs
headless (an import-linter contract checks it).
"""
