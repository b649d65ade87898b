"""The hard AI (for now: the medium plan)."""

from engine import rng

from . import plan
from .board import Board


def choose_hard(view: dict, seat: int, gen: rng.Rng, budget=None) -> str:
    return plan.best(Board(view, seat))
