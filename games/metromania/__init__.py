"""Undergrounders, a metro-digging game for 2-4 players (the rules of Metromania on cities of our own), as a
package the host plays behind one descriptor (engine/protocol.py): its rules (RULES.md, rules/, play.py),
what Discord shows (show.py), its pictures (pictures.py), its AI (ai.py), its coach (coach.py) and its texts
(lang.py, locales/)."""

from engine.protocol import EASY, HARD, Choice, Game, Option

from .ai import AI
from .coach import COACH
from .lang import N_, TEXTS
from .play import RULES, day_tag
from .show import SHOW

GAME = Game(
    key="undergrounders",
    name=N_("Undergrounders"),
    summary=N_("Metromania's rules: dig two metro lines across a city of triangles, 2-4 players"),
    credit=N_("Undergrounders plays the rules of Metromania, a game by Jean-Michel Maman, published by Spiel or "
              "Face. The cities (a new one each game), pictures and texts of this bot are its own."),
    players=(2, 4),
    options=(
        Option("markers", N_("markers"), N_("Destination markers: open, hidden until placed, or fixed sets"),
               (Choice("open", N_("open")), Choice("hidden", N_("hidden")), Choice("fixed", N_("fixed sets"))),
               "open", N_("Markers")),
        Option("trip", N_("impossible-trip"), N_("An impossible trip: others gain 6, or the guilty lose 6"),
               (Choice("latest", N_("others gain 6")), Choice("classic", N_("guilty lose 6"))), "latest",
               N_("Impossible trip")),
        Option("city", N_("city"), N_("A new city, or the city of the day (the same on every server today)"),
               (Choice("new", N_("a new city")), Choice("daily", N_("the city of the day"))), "new", N_("City")),
    ),
    levels=(EASY, HARD),
    rules=RULES,
    show=SHOW,
    pictures="games.metromania.pictures",
    ai=AI,
    texts=TEXTS,
    coach=COACH,
    daily=day_tag,
)
