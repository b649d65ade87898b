"""Pyramid Poker, a two-player game of building a pyramid of card blocks and taking it apart into three
poker hands each (Aaron Weissblum and Norman Woods' game), as a package the host plays behind one
descriptor: its rules (RULES.md, rules/, play.py), what Discord shows (show.py, decide.py, words.py,
help.py), pictures (pictures.py), AIs (ai/), coach (coach.py) and texts (lang.py, locales/)."""

from engine.protocol import EASY, HARD, Choice, Game, Option

from .ai import AI
from .coach import COACH
from .lang import N_, TEXTS
from .play import RULES
from .show import SHOW

GAME = Game(
    key="pyramid-poker",
    name=N_("Pyramid Poker"),
    summary=N_("Build a pyramid of hidden cards, then take it apart into three poker hands: 2 players"),
    credit=N_("Pyramid Poker is a game by Aaron Weissblum and Norman Woods, published by R&R Games. The rules "
              "here are told in the bot's own words; the pictures and texts are the bot's own."),
    players=(2, 2),
    options=(
        Option("blocks", N_("blocks"), N_("Blind: you see each block as you place it (the rule); open: you see "
                                          "your 15 and choose"),
               (Choice("blind", N_("blind")), Choice("open", N_("open"))), "blind", N_("Blocks")),
        Option("match", N_("match"), N_("One game (win 2 of 3 hands), or a match to 7 or 11 points"),
               (Choice("basic", N_("one game")), Choice("to7", N_("to 7 points")),
                Choice("to11", N_("to 11 points"))), "basic", N_("Match length")),
    ),
    levels=(EASY, HARD),
    rules=RULES,
    show=SHOW,
    pictures="games.pyramid_poker.pictures",
    ai=AI,
    coach=COACH,
    texts=TEXTS,
)
