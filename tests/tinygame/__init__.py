"""Fingers: a tiny game that lives only in the tests. It registers itself with the host (one call) and
plays through the real bot, so adding a game needs no host file; the conformance suite checks it too.
Simultaneous and secret like a flip-and-write round, small like a card trick: 2-4 players, each round
everyone shows 1-3 fingers at once, a count nobody else shows scores."""

from engine import registry
from engine.protocol import Choice, Game, Option

from .ai import AI
from .lang import N_, TEXTS
from .rules import RULES
from .show import SHOW

GAME = Game(
    key="fingers",
    name=N_("Fingers"),
    summary=N_("Show 1-3 fingers at once: a count nobody else shows scores (a test game)"),
    credit=N_("Fingers is a test game of this bot, after the old hand game morra."),
    players=(2, 4),
    options=(Option("rounds", N_("rounds"), N_("How many rounds"), (Choice("2", N_("2 rounds")),
                                                                      Choice("3", N_("3 rounds"))), "3"),),
    ai_levels=("easy", "hard"),
    simultaneous=True,
    rules=RULES,
    show=SHOW,
    pictures="tinygame.pictures",
    ai=AI,
    texts=TEXTS,
    mine_label=N_("My hands"),
)


def register() -> Game:
    return registry.register(GAME)
