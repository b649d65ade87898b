"""Fingers' rules (the protocol's Rules: engine/protocol.py). Each round every player shows 1 to 3
fingers at once, in secret. When all have chosen, the hands are shown: a player scores the fingers they
showed unless another player showed as many. After the last round the highest total wins; equal totals
share the rank."""

from collections.abc import Mapping
from typing import Any

from engine import rng
from engine.data import deep
from engine.protocol import Action, Applied, Rejected, Rules, SeatResult, ranked

FINGERS = (1, 2, 3)


class FingersRules(Rules):
    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
        n = config["players"]
        state = {"seq": 0, "round": 1, "rounds": int(config.get("rounds", 3)), "names": list(config["names"]),
                 "picks": [None] * n,
                 "scores": [0] * n, "shown": []}
        return state, [{"type": "started"}, {"type": "round_started", "round": 1}]

    def deciders(self, state: dict) -> list[int]:
        if state["round"] > state["rounds"]:
            return []
        return [s for s, p in enumerate(state["picks"]) if p is None]

    def legal_actions(self, state: dict, seat: int | None = None) -> list[Action]:
        return [Action(s, f"{s}:show:{k}", str(k)) for s in self.deciders(state) if seat in (None, s)
                for k in FINGERS]

    def apply(self, state: dict, action_id: str) -> Applied | Rejected:
        if action_id not in {a.id for a in self.legal_actions(state)}:
            return Rejected("That is not a move now.")
        seat, k = int(action_id.split(":")[0]), int(action_id.split(":")[2])
        s = deep(state)
        s["seq"] += 1
        s["picks"][seat] = k
        events: list[dict] = [{"type": "picked", "seat": seat}]  # (how many stays secret until all have chosen)
        if None not in s["picks"]:
            shown = s["picks"]
            gained = [x if shown.count(x) == 1 else 0 for x in shown]
            s["scores"] = [a + b for a, b in zip(s["scores"], gained, strict=True)]
            s["shown"].append(shown)
            events.append({"type": "revealed", "round": s["round"], "shown": shown, "gained": gained})
            s["picks"] = [None] * len(shown)
            s["round"] += 1
            events.append({"type": "round_started", "round": s["round"]} if s["round"] <= s["rounds"]
                          else {"type": "game_over", "scores": s["scores"]})
        return Applied(s, events)

    def results(self, state: dict) -> list[SeatResult]:
        alone = [sum(1 for r in state["shown"] if r.count(r[s]) == 1) for s in range(len(state["scores"]))]
        return ranked(state["scores"], [{"fingers": x} for x in state["scores"]], [{"alone": a} for a in alone])

    def view_for(self, state: dict, seat: int | None) -> dict:
        """Another seat's pick this round is hidden: only whether it has chosen shows (0)."""
        v = deep(state)
        v["picks"] = [p if s == seat or p is None else 0 for s, p in enumerate(state["picks"])]
        return v

    def resample(self, state: dict, viewer: int | None, seed: int) -> dict:
        gen: rng.Rng = {"rng": rng.seed_state(seed)}
        s = deep(state)
        s["picks"] = [p if p is None or i == viewer else FINGERS[rng.below(gen, 3)] for i, p in enumerate(s["picks"])]
        return s

    def stage(self, state: dict) -> str:
        return f"round {state['round']}"

    def simultaneous(self, state: dict) -> bool:
        return True


RULES = FingersRules()
