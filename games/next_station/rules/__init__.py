"""Next Station's rules: the maps (maps.py), the flow of a game (engine.py), scoring (scoring.py)."""

from engine import native

# the hot modules a compiled build replaces (engine/native.py: only when asked, and only one built
# for these sources); everything else, and the reference, is the pure Python here
NATIVE = ("constants", "edition", "maps", "scoring", "engine")
native.use(__name__, __path__, NATIVE)
