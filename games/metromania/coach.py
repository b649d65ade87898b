"""Undergrounders' coach (the protocol's Coach): the hard AI's review of one seat's turns in a finished game.
At each turn that had a choice, every whole move is valued by the hard AI's evaluation (stations, markers,
the lines' way to an end, the trips as they stand) and the first step played is compared with the best."""

from collections.abc import Mapping, Sequence

from engine import rebuild, states_before
from engine.coaching import judged, summary
from engine.protocol import Coach

from . import ai
from .lang import _
from .play import RULES
from .rules import engine as mm

MARGIN = 1.0  # points of the evaluation: a move within this much of the best is a good one


def _worth(state: dict, seat: int) -> dict[str, float]:
    """Each first step's worth: the best whole move beginning with it."""
    out: dict[str, float] = {}
    for v, plan, _after in ai.ranked(state, seat, "hard"):
        key = f"{seat}:{plan.split('/')[0]}"
        out[key] = max(out.get(key, -1e9), v)
    return out


def _effects(state: dict, seat: int, action: str) -> list:
    return []


class MetroCoach(Coach):
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        """The seat's turns that had a choice (the first step of each: the others follow from it)."""
        out = []
        for i, (s, a) in enumerate(zip(states_before(RULES, config, seed, actions), actions, strict=True)):
            if (int(a.split(":")[0]) == seat and s["phase"] != "over" and s["dug"] == 0
                    and len(mm.legal(s, seat)) > 1):
                rnd = s["turns"] // s["players"] + 1
                out.append({"at": i, "round": rnd, "chapter": [rnd]})
        return out

    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list:
        states = states_before(RULES, config, seed, actions)
        out = []
        for d in some:
            s = states[d["at"]]
            worth = _worth(s, seat)
            played = actions[d["at"]]
            best = max(sorted(worth), key=lambda k: worth[k])
            out.append(judged(RULES, s, seat, d, played, best, worth, _effects, None))
        return out

    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict:
        state, _events = rebuild(RULES, config, seed, actions)
        total = state["result"]["total"][seat] if state.get("result") else state["points"][seat]
        curve = []
        s, _e = RULES.new_game(config, seed)
        for a in actions:
            r = RULES.apply(s, a)
            if not r.ok:
                break
            for e in r.events:
                if e["type"] == "turn" and e.get("round_start"):
                    curve.append({"chapter": [e["round"] - 1], "round": e["round"] - 1, "vp": list(r.state["points"])})
                elif e["type"] == "scored":
                    rnd = r.state["turns"] // r.state["players"] + 1
                    curve.append({"chapter": [rnd], "round": rnd, "vp": list(e["total"])})
            s = r.state
        return summary(seat, evaluated, MARGIN, curve, total)

    def when(self, decision: Mapping) -> str:
        return _("Round {round}", round=decision["round"])


COACH = MetroCoach()
