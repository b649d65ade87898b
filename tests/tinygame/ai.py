"""Fingers' AI: easy shows a random count, hard the count it thinks the others will not."""

from engine import rng
from engine.protocol import Action

from .rules import RULES


class FingersAi:
    def choose(self, state: dict, seat: int, level: str, seed: int, budget=None) -> Action:
        acts = RULES.legal_actions(state, seat)
        gen = {"rng": rng.seed_state((seed or 0) * 1000003 + state["seq"] * 31 + seat)}
        if level == "hard":  # the count shown least so far by the others
            seen = [k for row in state["shown"] for i, k in enumerate(row) if i != seat]
            return min(acts, key=lambda a: (seen.count(int(a.id.rsplit(":", 1)[1])), a.id))
        return acts[rng.below(gen, len(acts))]


AI = FingersAi()
