"""The event: its model (players, rounds, matches), the shared lookups and
changes every rule uses, and time formatting.  Imports nothing above it."""
