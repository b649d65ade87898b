"""Pioneer Days, a dice-drafting game for 2-4 players, as a package the host plays behind one
descriptor (engine/protocol.py): its rules engine (rules/, play.py, plans.py), what Discord shows
(show.py: panel.py, private.py, seen.py, narrate.py, help.py), its pictures (pictures/), its AI
(ai/), its coach (coach.py) and its texts (lang.py, locales/)."""

from engine.protocol import EASY, HARD, Choice, Game, Legacy, Level, Option

from .ai import AI
from .coach import COACH
from .lang import N_, TEXTS
from .play import RULES, SET_PAIRS
from .show import SHOW

SET_CHOICES = tuple(Choice(ab, N_("A+B (first game)") if ab == "AB" else f"{ab[0]}+{ab[1]}") for ab in SET_PAIRS)

GAME = Game(
    key="pioneer-days",
    name=N_("Pioneer Days"),
    summary=N_("Dice drafting for 2-4: fill your wagons, survive disasters, satisfy towns"),
    credit=N_("Pioneer Days is a game by Matthew Dunstan and Chris Marling, published by Tasty Minstrel Games. "
              "The cards, pictures and texts of this bot are its own."),
    players=(2, 4),
    options=(
        Option("sets", N_("sets"), N_("Two townsfolk sets (A+B for a first game)"), SET_CHOICES, "AB",
               N_("Townsfolk sets")),
        Option("pioneers", N_("pioneers"), N_("standard: everyone plays the Pioneer side; unique: choose from two"),
               (Choice("standard", N_("standard")), Choice("unique", N_("unique"))), "standard", N_("Pioneers")),
    ),
    levels=(EASY, HARD, Level("cautious", N_("cautious"), N_("Cautious AI {n}"), lobby=False)),
    rules=RULES,
    show=SHOW,
    pictures="games.pioneer_days.pictures.api",
    ai=AI,
    texts=TEXTS,
    coach=COACH,
    stand_in_level="cautious",
    # its commands, ratings and records predate the host's: /pioneer ..., "global" ratings, its own records
    legacy=Legacy(command="pioneer", mine_command="wagon", rating_scope="",
                  record_formats=("pioneer-days-record",), verbs={"wagon": "mine"}),
)
