"""Undergrounders tests (a package: its module names do not clash with other games' tests)."""
