"""Courtyards' AIs: choose(view, seat, level, seed, budget) -> Action. Levels: random (a legal move drawn at
random), easy (easy.py: buy what it can, else the most money), hard (hard.py: the turn planned on the
light board, plan.py, its best candidates tried against the others' replies in worlds sampled from what the
seat cannot see). Each decides from the seat's view only (its own money), deterministic for the same
arguments: its randomness is its own stream, seeded by (seed, the view's seq, the seat)."""

from typing import Any

from engine import rng
from engine.protocol import Action, Ai

from ..rules import knowledge
from ..rules.engine import legal_actions
from . import easy, plan
from .board import Board

LEVELS = ("random", "easy", "medium", "hard")


def generator(view: dict, seat: int, seed: int | None) -> rng.Rng:
    return {"rng": rng.seed_state(((seed or 0) * 1000003 + int(view["seq"]) * 31 + seat) & ((1 << 64) - 1))}


def choose(view: dict, seat: int, level: str = "easy", seed: int | None = None, budget: Any = None) -> Action:
    """An Action of legal_actions(view, seat). A whole state is accepted too: only its seat's view is read."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    if view.get("deck") is not None:  # (a state: what the seat sees of it)
        view = knowledge.view_for(view, seat)
    acts = legal_actions(view, seat)
    if not acts:
        raise ValueError(f"seat {seat} has nothing to decide")
    if len(acts) == 1:
        return acts[0]
    gen = generator(view, seat, seed)
    if level == "random":
        return acts[rng.below(gen, len(acts))]
    b = Board(view, seat)
    if level == "easy":
        aid = easy.choose(b)
    elif level == "medium":
        aid = plan.best(b)
    else:
        from .hard import choose_hard
        aid = choose_hard(view, seat, gen, budget)
    for a in acts:
        if a.id == aid:
            return a
    raise AssertionError(f"the {level} AI chose {aid!r}, which is not legal")


class CourtyardsAi(Ai):
    def choose(self, view: dict, seat: int, level: str, seed: int, budget: Any = None) -> Action:
        return choose(view, seat, level, seed, budget)


AI = CourtyardsAi()

__all__ = ["AI", "LEVELS", "choose"]
