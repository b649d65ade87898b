"""Pyramid Poker's rules (../RULES.md): the blocks and hands (cards.py), the pyramid (pyramid.py), the
flow of a match (engine.py), the showdown and match end (scoring.py), who knows what (knowledge.py: views,
public events, twins, known()), fast state copies (copying.py); every fixed value in constants.py."""
