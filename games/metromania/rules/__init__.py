"""Undergrounders' rules: the grid (geometry.py), our cities (city.py), the flow of a game (engine.py), the
fixed values (constants.py)."""

from engine import native

# the hot modules a compiled build replaces (engine/native.py)
NATIVE = ("constants", "geometry", "city", "engine")
native.use(__name__, __path__, NATIVE)
