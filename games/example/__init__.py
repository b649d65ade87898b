"""Fingers, the example game: a whole game to copy from (docs/ADDING_A_GAME.md). It is not installed: the
tests register it (one call) and play it through the real bot, and the conformance suite checks it.
Simultaneous and secret like a flip-and-write round, small like a card trick: 2-4 players; each round
everyone shows 1-3 fingers at once, and a count nobody else shows scores."""

from engine import registry
from engine.protocol import EASY, HARD, Choice, Game, Option

from .ai import AI
from .lang import N_, TEXTS
from .rules import RULES
from .show import SHOW

GAME = Game(
    key="fingers",
    name=N_("Fingers"),
    summary=N_("Show 1-3 fingers at once: a count nobody else shows scores (the example game)"),
    credit=N_("Fingers is the example game of this bot, after the old hand game morra."),
    players=(2, 4),
    options=(Option("rounds", N_("rounds"), N_("How many rounds"),
                    (Choice("2", N_("2 rounds")), Choice("3", N_("3 rounds"))), "3"),),
    levels=(EASY, HARD),
    rules=RULES,
    show=SHOW,
    pictures="games.example.pictures",
    ai=AI,
    texts=TEXTS,
)


def register() -> Game:
    return registry.register(GAME)
