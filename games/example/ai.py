"""Fingers' AI, from the seat's view only: easy shows a random count, hard the count the others have shown
least so far."""

from engine import rng
from engine.protocol import Action, Ai

from .rules import RULES


class FingersAi(Ai):
    def choose(self, view: dict, seat: int, level: str, seed: int, budget=None) -> Action:
        acts = RULES.legal_actions(view, seat)
        if level == "hard":
            seen = [k for row in view["shown"] for i, k in enumerate(row) if i != seat]
            return min(acts, key=lambda a: (seen.count(int(a.id.rsplit(":", 1)[1])), a.id))
        gen: rng.Rng = {"rng": rng.seed_state((seed or 0) * 1000003 + view["seq"] * 31 + seat)}
        return acts[rng.below(gen, len(acts))]


AI = FingersAi()
