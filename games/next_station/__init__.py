"""Next Station, a route-drawing game for 1-4 players (the rules of Matthew Dunstan's Next Station London on a
city map of our own, Larkhaven, or the day's map), as a package the host plays behind one descriptor: its
rules (RULES.md, rules/, play.py), maps (maps/, mapgen.py), what Discord shows (show.py, words.py, help.py),
pictures (pictures.py), AIs (ai/), coach (coach.py) and texts (lang.py, locales/)."""

from engine.protocol import EASY, HARD, Choice, Game, Option

from .ai import AI
from .coach import COACH
from .lang import N_, TEXTS
from .play import RULES, day_tag
from .show import SHOW
from .words import EMOJI

ON_OFF = (Choice("off", N_("off")), Choice("on", N_("on")))

GAME = Game(
    key="next-station",
    name=N_("Next Station"),
    summary=N_("Draw your own underground lines on a city map, everyone at once: 1-4 players"),
    credit=N_("Next Station London is a game by Matthew Dunstan, published by Blue Orange. This bot plays its "
              "rules on maps of its own (Larkhaven, and a new map every day); the maps, pictures and texts here "
              "are the bot's own."),
    players=(1, 4),
    options=(
        Option("map", N_("map"), N_("Larkhaven, or today's map (the same for every server today)"),
               (Choice("larkhaven", N_("Larkhaven")), Choice("daily", N_("today's map"))), "larkhaven", N_("Map")),
        Option("objectives", N_("objectives"), N_("Shared objectives: 2 of 5 goals, +10 each"), ON_OFF, "off",
               N_("Shared objectives")),
        Option("powers", N_("powers"), N_("Pencil powers: a power per pencil, once a round"), ON_OFF, "off",
               N_("Pencil powers")),
    ),
    levels=(EASY, HARD),
    rules=RULES,
    show=SHOW,
    pictures="games.next_station.pictures",
    ai=AI,
    texts=TEXTS,
    coach=COACH,
    daily=day_tag,
    emoji=tuple(EMOJI.values()),
)
