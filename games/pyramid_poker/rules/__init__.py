"""Pyramid Poker's rules (../RULES.md): the blocks and hands (cards.py), the pyramid (pyramid.py), the
flow of a match (engine.py), the showdown and match end (scoring.py), who knows what (knowledge.py: views,
public events, twins, known()), fast state copies (copying.py); every fixed value in constants.py."""

from engine import native

# the hot modules a compiled build replaces (engine/native.py: only when asked, and only one built
# for these sources); everything else, and the reference, is the pure Python here
NATIVE = ("constants", "cards", "pyramid", "scoring", "copying", "engine", "knowledge")
native.use(__name__, __path__, NATIVE)
