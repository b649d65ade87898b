"""The coach of Next Station (the protocol's Coach): the hard AI's review of one seat's choices in a finished
game: at each of its decisions, what each choice was worth by the hard AI's look-ahead, so the choices that
cost the most points stand out, with the section it would have drawn."""

from collections.abc import Mapping, Sequence

from engine import rebuild, states_before
from i18n import number

from . import coach_quiz as quiz
from . import coach_why
from .lang import _
from .play import RULES
from .rules import engine as ns


def _states(config: Mapping, seed: int, actions: Sequence[str]) -> list[dict]:
    """The state before each action."""
    return states_before(RULES, config, seed, actions)


class StationCoach:
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        """The seat's decisions that had a choice: (index in the log, round, card). Not the solo pencils'
        order: chosen on the empty map, where our maps' colours are worth alike (R39), so the look-ahead's
        differences there are only its noise."""
        out = []
        for i, (s, a) in enumerate(zip(_states(config, seed, actions), actions, strict=True)):
            if int(a.split(":")[0]) == seat and len(ns.legal_actions(s, seat)) > 1 and s["stage"] != "pencil":
                out.append({"at": i, "round": s["round"], "card": len(s["flipped"]), "chapter": [s["round"]]})
        return out

    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list:
        from .ai.search import values
        states = _states(config, seed, actions)
        out = []
        for d in some:
            s = states[d["at"]]
            worth = values(s, seat, seed + d["at"], rounds * 8)
            played = actions[d["at"]]
            best = max(worth, key=lambda k: worth[k])
            loss = max(0.0, worth[best] - worth.get(played, worth[best]))
            after = RULES.apply(s, played)
            better = RULES.apply(s, best)
            out.append({**d, "loss": loss, "played": played, "best": best,
                        "played_events": after.events if after.ok else [],
                        "best_events": better.events if better.ok else [],
                        "played_effects": coach_why.effects(s, seat, played),
                        "best_effects": coach_why.effects(s, seat, best),
                        "asked": quiz.choices(worth, played, best)})
        return out

    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict:
        state, _events = rebuild(RULES, config, seed, actions)
        curve = []
        s, _e = RULES.new_game(config, seed)
        for a in actions:
            r = RULES.apply(s, a)
            if r.ok and any(e["type"] == "round_scored" for e in r.events):
                curve.append({"chapter": [s["round"]], "round": s["round"],
                              "vp": [p["total"] for p in r.state["players"]]})
            s = r.state if r.ok else s
        margin = 1.0
        count = len(evaluated)
        good = sum(1 for d in evaluated if d["loss"] <= margin)
        costliest = [d["at"] for d in sorted(evaluated, key=lambda d: -d["loss"])[:3] if d["loss"] > margin]
        return {"seat": seat, "decisions": evaluated, "count": count, "accuracy": good / count if count else 1.0,
                "mean_loss": sum(d["loss"] for d in evaluated) / count if count else 0.0, "margin": margin,
                "costliest": costliest, "curve": curve, "total": state["players"][seat]["total"]}

    def why(self, decision: Mapping) -> str:
        return coach_why.why(decision)

    def quiz(self, table, config: Mapping, seed: int, actions: Sequence[str], seat: int, decision: Mapping):
        return quiz.quiz(table, config, seed, actions, seat, decision)

    def amount(self, x: float) -> str:
        """A decision's loss as this game counts it."""
        return _("{n} points", n=number(x, 1))

    def when(self, decision: Mapping) -> str:
        return _("Round {round}, card {card}", round=decision["round"], card=decision["card"])


COACH = StationCoach()
