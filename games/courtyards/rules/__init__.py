"""Courtyards' rules (../RULES.md): money cards (cards.py), the palace's grid, building rules and walls
(palace.py), a scoring round (scoring.py), the flow of a game (engine.py), who knows what (knowledge.py:
views, twins), fast state copies (copying.py); every fixed value in constants.py."""

from engine import native

# the hot modules a compiled build replaces (engine/native.py: only when asked, and only one built
# for these sources); everything else, and the reference, is the pure Python here
NATIVE = ("constants", "cards", "palace", "scoring", "copying", "engine", "knowledge")
native.use(__name__, __path__, NATIVE)
