"""Pyramid Poker's AIs: choose(state, seat, level, seed, budget) -> Action. Levels: random (a legal
choice drawn at random), easy (a one-ply evaluation of the hands, heuristic.py), hard (determinized
rollouts to the showdown, search.py). Each decides from RULES.view_for(state, seat) only (the faces the
seat may not know never reach it), and is deterministic for the same arguments: its randomness comes
from its own stream seeded by (seed, state["seq"], seat)."""

from typing import Any

from engine import rng
from engine.protocol import Action, Ai

from ..rules import knowledge
from ..rules.engine import legal_actions
from .heuristic import choose_easy

LEVELS = ("random", "easy", "hard")


def generator(state: dict, seat: int, seed: int | None) -> rng.Rng:
    """The AI's own random stream for this decision (never the game's)."""
    return {"rng": rng.seed_state(((seed or 0) * 1000003 + state["seq"] * 31 + seat) & ((1 << 64) - 1))}


def choose(state: dict, seat: int, level: str = "easy", seed: int | None = None, budget: Any = None) -> Action:
    """An Action of legal_actions(state, seat), from what `seat` sees of `state`. budget (hard only): None
    = its default rollouts, an int = rollouts, a float = seconds."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    view = knowledge.view_for(state, seat)
    acts = legal_actions(view, seat)
    if not acts:
        raise ValueError(f"seat {seat} has nothing to decide")
    if len(acts) == 1:
        return acts[0]
    gen = generator(view, seat, seed)
    if level == "random":
        return acts[rng.below(gen, len(acts))]
    if level == "easy":
        aid = choose_easy(view, seat)
    else:
        from .search import choose_hard
        aid = choose_hard(view, seat, gen, budget)
    for a in acts:
        if a.id == aid:
            return a
    raise AssertionError(f"the {level} AI chose {aid!r}, which is not legal")


def values(state: dict, seat: int, seed: int, rollouts: int) -> dict[str, float]:
    """The hard AI's value of each legal action of `seat` (its scale: search.py), from what it sees."""
    from .search import values as search_values
    return search_values(knowledge.view_for(state, seat), seat, seed, rollouts)


class PokerAi(Ai):
    """The protocol's Ai (a view or a state: the same choice)."""

    def choose(self, view: dict, seat: int, level: str, seed: int, budget: Any = None) -> Action:
        return choose(view, seat, level, seed, budget)


AI = PokerAi()

__all__ = ["AI", "LEVELS", "choose", "values"]
