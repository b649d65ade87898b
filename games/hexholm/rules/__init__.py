"""Hexholm's rules (../RULES.md): the board's geometry (board.py), our section generator (sections.py), the flow
of a game (engine.py), scoring (scoring.py), whole builds and tile uses as choices (turns.py); every fixed
value in constants.py."""

from engine import native

# the hot modules a compiled build replaces (engine/native.py: only when asked, and only one built
# for these sources); everything else, and the reference, is the pure Python here
NATIVE = ("constants", "board", "scoring", "engine", "turns", "playout")
native.use(__name__, __path__, NATIVE)
