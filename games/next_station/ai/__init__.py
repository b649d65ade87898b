"""Next Station's AIs: choose(state, seat, level, seed, budget) -> Action. Levels: random, easy (a greedy
line, greedy.py), hard (a look-ahead through the rest of the round's deck, search.py). Deterministic for
the same arguments; from what the seat may see (the cards still face down are drawn again)."""

from engine import rng
from engine.protocol import Action, Ai

from ..rules import engine as ns
from .greedy import choose_greedy

LEVELS = ("random", "easy", "hard")


def choose(state: dict, seat: int, level: str = "easy", seed: int | None = None, budget=None) -> Action:
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    acts = ns.legal_actions(state, seat)
    if not acts:
        raise ValueError(f"seat {seat} has nothing to decide")
    if len(acts) == 1:
        return acts[0]
    if level == "random":
        gen: rng.Rng = {"rng": rng.seed_state((seed or 0) * 1000003 + state["seq"] * 31 + seat)}
        return acts[rng.below(gen, len(acts))]
    if level == "hard":
        from .search import choose_hard
        return choose_hard(state, seat, seed or 0, budget)
    return choose_greedy(state, seat, seed or 0)


class StationAi(Ai):
    def choose(self, view: dict, seat: int, level: str, seed: int, budget=None) -> Action:
        return choose(view, seat, level, seed, budget)


AI = StationAi()
