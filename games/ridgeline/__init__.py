"""Ridgeline, a two-player tile game on the rules of Solstis (Bruno Cathala and Corentin Lebrat's game) with
a panorama, beacons and spirits of our own, as a package the host plays behind one descriptor: its rules
(RULES.md, rules/, play.py), its content (content/: the panorama and the spirits as data), what Discord
shows (show.py, decide.py, words.py, help.py), pictures (pictures.py, picture_parts.py), AIs (ai/), coach
(coach.py) and texts (lang.py, locales/)."""

from engine.protocol import EASY, HARD, Choice, Game, Option

from .ai import AI
from .coach import COACH
from .lang import N_, TEXTS
from .play import RULES, day_tag
from .show import SHOW

ON_OFF = (Choice("off", N_("off")), Choice("on", N_("on")))

GAME = Game(
    key="ridgeline",
    name=N_("Ridgeline"),
    summary=N_("Solstis's rules: rebuild a torn coast, tile by tile, and meet its spirits: 2 players"),
    credit=N_("Ridgeline plays the rules of Solstis, a game by Bruno Cathala and Corentin Lebrat, published by "
              "Lumberjacks Studio. The panorama, beacons, spirits, pictures and texts here are the bot's own."),
    players=(2, 2),
    options=(
        Option("beginner", N_("beginner"), N_("Beginner mode: the Raven, the curse spirit, is left out"), ON_OFF,
               "off"),
        Option("games", N_("games"), N_("One game, or a match of 2 or 3 games (the stars added up)"),
               (Choice("1", N_("one game")), Choice("2", N_("a match of 2 games")),
                Choice("3", N_("a match of 3 games"))), "1"),
        Option("deal", N_("deal"), N_("A new deal, or the deal of the day (the same on every server today)"),
               (Choice("random", N_("a new deal")), Choice("daily", N_("the deal of the day"))), "random"),
    ),
    levels=(EASY, HARD),
    rules=RULES,
    show=SHOW,
    pictures="games.ridgeline.pictures",
    ai=AI,
    coach=COACH,
    texts=TEXTS,
    daily=day_tag,
)
