"""Ridgeline's rules (../RULES.md): the panorama's geometry (board.py), the spirits (spirits.py), scoring
(scoring.py), the flow of a match (engine.py), who sees what (knowledge.py: views, public events,
twins), fast state copies (copying.py); every house value in constants.py, the content in ../content."""

from engine import native

# the hot modules a compiled build replaces (engine/native.py: only when asked, and only one built
# for these sources); everything else, and the reference, is the pure Python here
NATIVE = ("constants", "board", "spirits", "scoring", "copying", "engine", "knowledge", "playout")
native.use(__name__, __path__, NATIVE)

# (the playout model too, with the package: every hot module is loaded wherever the rules are)
from . import playout  # noqa: E402,F401
