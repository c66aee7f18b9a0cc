"""Seasons across events and stores, and what leaves the store (issue 47)."""
