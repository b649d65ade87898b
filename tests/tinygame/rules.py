"""Fingers: the rules (pure; a game of the protocol, engine/protocol.py Rules).

Each round every player shows 1 to 3 fingers at once, in secret. When all have chosen, the hands are
shown: a player scores the fingers they showed unless another player showed as many (then 0). After
the last round the highest total wins; equal totals share the rank."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine import rng
from engine.protocol import Action, Applied, Rejected, SeatResult

FINGERS = (1, 2, 3)


def _copy(state: dict) -> dict:
    s = dict(state)
    s["picks"] = list(state["picks"])
    s["scores"] = list(state["scores"])
    s["shown"] = [list(r) for r in state["shown"]]
    return s


class FingersRules:
    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        return {"players": len(names), "rounds": int(options.get("rounds", "3")), "names": list(names)}

    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
        n = config["players"]
        state = {"seq": 0, "round": 1, "rounds": config["rounds"], "names": list(config["names"]),
                 "picks": [None] * n, "scores": [0] * n, "shown": [], "over": False,
                 "rng": rng.seed_state(seed)}
        return state, [{"type": "started", "players": list(config["names"]), "rounds": config["rounds"]},
                       {"type": "round_started", "round": 1}]

    def deciders(self, state: dict) -> list[int]:
        return [] if state["over"] else [s for s, p in enumerate(state["picks"]) if p is None]

    def legal_actions(self, state: dict, seat: int | None = None) -> list[Action]:
        seats = self.deciders(state) if seat is None else [s for s in self.deciders(state) if s == seat]
        return [Action(s, f"{s}:show:{k}", f"{k}") for s in seats for k in FINGERS]

    def apply(self, state: dict, action_id: str) -> Applied | Rejected:
        if action_id not in {a.id for a in self.legal_actions(state)}:
            return Rejected("That is not a move now.")
        seat, _verb, k = action_id.split(":")
        s = _copy(state)
        s["picks"][int(seat)] = int(k)
        events: list[dict] = [{"type": "picked", "seat": int(seat), "secret": int(k)}]
        if all(p is not None for p in s["picks"]):
            shown = s["picks"]
            gained = [k if shown.count(k) == 1 else 0 for k in shown]
            s["scores"] = [a + b for a, b in zip(s["scores"], gained, strict=True)]
            s["shown"].append(list(shown))
            events.append({"type": "round_revealed", "round": s["round"], "shown": list(shown), "gained": gained})
            s["picks"] = [None] * len(shown)
            if s["round"] == s["rounds"]:
                s["over"] = True
                events.append({"type": "game_over", "scores": list(s["scores"])})
            else:
                s["round"] += 1
                events.append({"type": "round_started", "round": s["round"]})
        s["seq"] += 1
        return Applied(s, events)

    def expand(self, state: dict, seat: int, plan: str) -> list[str]:
        raise ValueError("Fingers has no plans")

    def view_for(self, state: dict, seat: int | None) -> dict:
        """Another seat's pick this round is hidden (only whether it has chosen shows); the rng too."""
        v = {k: val for k, val in state.items() if k != "rng"}
        v["picks"] = [p if s == seat or p is None else 0 for s, p in enumerate(state["picks"])]
        return v

    def public_event(self, event: dict, seat: int | None) -> dict:
        if event["type"] == "picked" and event["seat"] != seat:
            return {k: v for k, v in event.items() if k != "secret"}
        return dict(event)

    def resample(self, state: dict, viewer: int | None, seed: int) -> dict:
        gen = {"rng": rng.seed_state(seed)}
        s = _copy(state)
        s["picks"] = [p if p is None or i == viewer else FINGERS[rng.below(gen, 3)] for i, p in enumerate(s["picks"])]
        return s

    def is_over(self, state: dict) -> bool:
        return state["over"]

    def results(self, state: dict) -> list[SeatResult]:
        scores = state["scores"]
        out = []
        for seat, total in enumerate(scores):
            rank = 1 + sum(1 for x in scores if x > total)
            unique = sum(1 for r in state["shown"] if r.count(r[seat]) == 1)
            out.append(SeatResult(seat, rank, rank == 1, total, {"fingers": total}, {"alone": unique}))
        return out

    def stage(self, state: dict) -> str:
        return f"round {state['round']}"

    def simultaneous(self, state: dict) -> bool:
        return True

    def decision_key(self, state: dict) -> tuple:
        return ("round", state["round"])


RULES = FingersRules()
