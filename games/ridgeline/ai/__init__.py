"""Ridgeline's AIs: choose(view, seat, level, seed, budget) -> Action. Levels: random (a legal choice drawn
at random), easy (greedy on the stars a move adds now: easy.py), hard (determinized flat Monte Carlo:
search.py). Each decides from the seat's view only (knowledge.view_for: a state gives the same choice as
its view) and is deterministic for the same arguments: its randomness comes from its own stream seeded
by (seed, the view's seq, seat)."""

from collections.abc import Mapping
from typing import Any

from engine import rng
from engine.protocol import Action, Ai

from ..rules import engine as eng
from ..rules import knowledge
from .easy import choose_easy

LEVELS = ("random", "easy", "hard")


def generator(view: Mapping[str, Any], seat: int, seed: int | None) -> rng.Rng:
    """The AI's own random stream for this decision (never the game's)."""
    return {"rng": rng.seed_state(((seed or 0) * 1000003 + view["seq"] * 31 + seat) & ((1 << 64) - 1))}


def as_view(state: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    """The seat's view (a view given is kept: it is one already)."""
    return state if "viewer" in state else knowledge.view_for(state, seat)


def choose(state: Mapping[str, Any], seat: int, level: str = "easy", seed: int | None = None,
           budget: Any = None) -> Action:
    """An Action of legal_actions(state, seat), from what `seat` sees of `state`. budget (hard only): None
    = its default rollouts, an int = rollouts, a float = seconds."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    view = as_view(state, seat)
    acts = eng.legal_actions(view, seat)
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


class RidgelineAi(Ai):
    """The protocol's Ai (a view or a state: the same choice)."""

    def choose(self, view: dict, seat: int, level: str, seed: int, budget: Any = None) -> Action:
        return choose(view, seat, level, seed, budget)


AI = RidgelineAi()

__all__ = ["AI", "LEVELS", "choose"]
