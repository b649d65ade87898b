"""Hexholm, Kingdom Builder's rules (Donald X. Vaccarino's game) on boards of our own, for 2-4 players, as a package
the host plays behind one descriptor: its rules (RULES.md, rules/, play.py), our section generator
(rules/sections.py), what Discord shows (show.py, decide.py, words.py, help.py), pictures (pictures.py,
picture_board.py), AIs (ai/), coach (coach.py) and texts (lang.py, locales/)."""

from engine.protocol import EASY, HARD, Choice, Game, Option

from .ai import AI
from .coach import COACH
from .lang import N_, TEXTS
from .play import RULES, day_tag
from .show import SHOW

GAME = Game(
    key="hexholm",
    name=N_("Hexholm"),
    summary=N_("Kingdom Builder's rules on boards of our own: build three settlements a turn, 2-4 players"),
    credit=N_("Hexholm plays the rules of Kingdom Builder, a game by Donald X. Vaccarino published by Queen Games "
              "(Spiel des Jahres 2012). The boards, names, pictures and texts here are the bot's own."),
    players=(2, 4),
    options=(
        Option("setup", N_("setup"), N_("A new board and goals, the first-game setup, or today's board (every "
                                        "server)"),
               (Choice("random", N_("new board")), Choice("first", N_("first game")),
                Choice("daily", N_("today's board"))), "random"),
        Option("barons", N_("barons"), N_("The Barons goal in the draw, or not in 2-player games"),
               (Choice("on", N_("always")), Choice("off2", N_("not with 2 players"))), "on"),
    ),
    levels=(EASY, HARD),
    rules=RULES,
    show=SHOW,
    pictures="games.hexholm.pictures",
    ai=AI,
    texts=TEXTS,
    coach=COACH,
    daily=day_tag,
)
