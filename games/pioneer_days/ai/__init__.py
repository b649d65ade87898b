"""AI players for Pioneer Days: engine.ai.choose(state, seat, level, seed, budget) -> Action.

Levels: `random` (uniform legal choice), `easy` (one-turn lookahead scored by a value function,
with a little noise), `hard` (determinised Monte Carlo search over the engine; see search.py),
`cautious` (easy without noise, paying for a face change only for a clear gain: it plays a move for a
person whose time ran out, spending nothing of theirs it need not).
Every level is deterministic for the same (state, seat, level, seed) when the budget is a
number of rollouts (the default); a time budget trades that for a bounded decision time."""

from typing import cast

from engine import protocol, rng

from ..rules.actions import Action
from ..rules.api import legal_actions
from ..rules.shape import Rng
from .determinize import determinize
from .heuristic import choose_cautious, choose_easy

LEVELS = ("random", "easy", "hard", "cautious")  # cautious: only for a person whose time ran out


def generator(state: dict, seat: int, seed: int | None) -> Rng:
    """The AI's own random stream for this decision (never the game's)."""
    return {"rng": rng.seed_state((seed or 0) * 1000003 + state["seq"] * 31 + seat)}


def choose(state: dict, seat: int, level: str = "easy", seed: int | None = None,
           budget: int | float | dict | None = None) -> Action:
    """An Action from legal_actions(state, seat). `state` may be the real state or
    engine.view_for(state, seat): the choice is the same. budget (hard only): None = default
    number of rollouts; an int = that many rollouts; a float = seconds; or
    {"rollouts": n, "time": s}."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    gen = generator(state, seat, seed)
    full = "rng" in state  # a view has no engine rng: its legal actions come from a sample
    acts = legal_actions(state if full else determinize(state, seat, gen.copy()), seat)
    if not acts:
        raise ValueError(f"seat {seat} has nothing to decide")
    if len(acts) == 1:
        return acts[0]
    if level == "random":
        return acts[rng.below(gen, len(acts))]
    if level == "easy":
        return _legal(choose_easy(determinize(state, seat, gen), seat, gen), acts)
    if level == "cautious":
        return _legal(choose_cautious(determinize(state, seat, gen), seat), acts)
    from .search import choose_hard
    return _legal(choose_hard(state, seat, gen, budget), acts)


def _legal(a: Action, acts: list[Action]) -> Action:
    """The same choice as an Action of the real state (the search ran on a copy)."""
    for x in acts:
        if x.id == a.id:
            return x
    raise AssertionError(f"AI chose {a.id!r}, which is not legal")


__all__ = ["choose", "LEVELS"]


class PioneerAi(protocol.Ai):
    """The protocol's Ai: choose(view, seat, level, seed, budget) (a view or the state: the same choice)."""

    def choose(self, view: dict, seat: int, level: str, seed: int,
               budget: int | float | dict | None = None) -> protocol.Action:
        return cast(protocol.Action, choose(view, seat, level, seed, budget))  # (the same fields)


AI = PioneerAi()
