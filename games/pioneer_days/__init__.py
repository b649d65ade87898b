"""Pioneer Days, a dice-drafting game for 2-4 players, as a package the host plays behind one
descriptor (engine/protocol.py): its rules engine (rules/, play.py, plans.py), what Discord shows
(show.py: panel.py, private.py, narrate.py, chapters.py, help.py), its pictures (pictures/), its AI
(ai/), its coach (coach.py) and its texts (lang.py, locales/)."""

from engine.protocol import Choice, Game, Option

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
        Option("sets", N_("sets"), N_("Two townsfolk sets (A+B for a first game)"), SET_CHOICES, "AB"),
        Option("pioneers", N_("pioneers"), N_("standard: everyone plays the Pioneer side; unique: choose from two"),
               (Choice("standard", N_("standard")), Choice("unique", N_("unique"))), "standard"),
    ),
    ai_levels=("easy", "hard"),
    simultaneous=True,
    rules=RULES,
    show=SHOW,
    pictures="games.pioneer_days.pictures.api",
    ai=AI,
    texts=TEXTS,
    coach=COACH,
    slow_levels=("hard",),
    timeout_level="easy",
    stand_in_level="cautious",
    command="pioneer",
    mine_label=N_("My wagon"),
    mine_command="wagon",
    rating_scope="",  # its ratings predate the host: "global" and "g:<server>", as they were
    record_formats=("pioneer-days-record",),
    legacy_verbs={"wagon": "mine"},  # "My wagon" on the panels of before
)
