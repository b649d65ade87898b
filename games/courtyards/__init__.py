"""Courtyards, Alhambra's rules (Dirk Henn) with a palace of our own, 2-6 players, as a package the host plays
behind one descriptor: its rules (RULES.md, rules/, play.py, tiles.py and tilegen.py: our tile set and the
generator that made it), what Discord shows (show.py, words.py, help.py), pictures (pictures.py), AIs (ai/),
coach (coach.py) and texts (lang.py, locales/)."""

from engine.protocol import EASY, HARD, Choice, Game, Option

from .ai import AI
from .coach import COACH
from .lang import N_, TEXTS
from .play import RULES
from .show import SHOW

GAME = Game(
    key="courtyards",
    name=N_("Courtyards"),
    summary=N_("Alhambra's rules: buy buildings in four currencies, build your palace wall by wall: 2-6"),
    credit=N_("Courtyards plays the rules of Alhambra, a game by Dirk Henn published by Queen Games (Spiel des "
              "Jahres 2003). The tiles, names, pictures and texts here are the bot's own."),
    players=(2, 6),
    options=(
        Option("end", N_("end"), N_("When the game ends: the market cannot be refilled (the original), or the "
                                    "bag is empty"),
               (Choice("refill", N_("market not refilled")), Choice("empty", N_("bag empty"))), "refill",
               N_("Edition end rule")),
        Option("money", N_("money"), N_("The money deck: 3 copies of each card (108), or 2 (72, short)"),
               (Choice("full", N_("full deck")), Choice("short", N_("short deck"))), "full",
               N_("Money deck")),
    ),
    levels=(EASY, HARD),
    rules=RULES,
    show=SHOW,
    pictures="games.courtyards.pictures",
    ai=AI,
    coach=COACH,
    texts=TEXTS,
)
