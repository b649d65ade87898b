"""Hexholm's AIs, from the seat's view only (engine/protocol.py Ai): random (for the benches), easy (greedy on
the gold a turn adds: easy.py) and hard (whole turns, with the tiles, the board's room and an exact expectation
over the next terrain card: hard.py)."""

from engine import rng
from engine.protocol import Action, Ai

from ..rules import engine as kb
from . import easy, hard


class HexholmAi(Ai):
    def choose(self, view: dict, seat: int, level: str, seed: int, budget=None) -> Action:
        acts = kb.legal_actions(view, seat)
        if not acts:
            raise ValueError("nothing to choose")
        if level == "random":
            gen: rng.Rng = {"rng": rng.seed_state((seed or 0) * 1000003 + view["seq"] * 31 + seat)}
            return acts[rng.below(gen, len(acts))]
        body = hard.choose(view, seat, seed, budget) if level == "hard" else easy.choose(view, seat, seed)
        want = f"{seat}:{body}"
        return next((a for a in acts if a.id == want), acts[0])


AI = HexholmAi()
