"""The coach of Courtyards (the protocol's Coach): a review of one seat's turns in a finished game. At each
decision with a real choice (take, buy, redesign, where a building goes) the medium planner values every
choice from what the seat could see then (ai/plan.py: the turn finished the best way, the position at its
end valued in points against the others), so the choices that cost the most stand out, with why in one
sentence (coach_why.py) and "What would you do?" on the costliest (coach_quiz.py). The curve: every seat's
score after each scoring round."""

from collections.abc import Mapping, Sequence

from engine import quiz as asking
from engine import rebuild, states_before
from engine.coaching import judged, summary
from engine.protocol import Coach

from . import coach_quiz, coach_why
from .ai import plan
from .ai.board import Board
from .lang import _
from .play import RULES
from .rules import knowledge

MARGIN = 2.0  # points: a decision within this much of the best is a good one


class CourtyardsCoach(Coach):
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        out = []
        for i, (s, a) in enumerate(zip(states_before(RULES, config, seed, actions), actions, strict=True)):
            if int(a.split(":")[0]) != seat or len(RULES.legal_actions(s, seat)) < 2:
                continue
            out.append({"at": i, "turn": int(s["turns"]), "stage": s["stage"], "chapter": [int(s["scored"]) + 1]})
        return out

    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list:
        states = states_before(RULES, config, seed, actions)
        out = []
        for d in some:
            s = states[d["at"]]
            played = actions[d["at"]]
            b = Board(knowledge.view_for(s, seat), seat)
            worth = plan.values(b)
            if played not in worth:  # (a payment past the planner's first few of its slot: valued alone)
                worth.update(plan.values(b, [played]))
            best = max(worth, key=lambda k: (worth[k], k == played))
            asked = {k: round(worth[k], 3) for k in asking.pick(worth, played, best)}
            out.append({**judged(RULES, s, seat, d, played, best, worth, coach_why.effects, asked),
                        "played_value": worth.get(played), "best_value": worth[best]})
        return out

    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict:
        state, _events = rebuild(RULES, config, seed, actions)
        curve = [{"chapter": [rec["round"]], "round": rec["round"], "vp": list(rec["totals"])}
                 for rec in state["scorings"]]
        if not curve:
            curve = [{"chapter": [1], "round": 0, "vp": list(state["score"])}]
        return summary(seat, evaluated, MARGIN, curve, int(state["score"][seat]))

    why = staticmethod(coach_why.why)  # one sentence: why the better choice was better
    quiz = staticmethod(coach_quiz.quiz)  # a costliest decision asked again

    def when(self, decision: Mapping) -> str:
        return _("Turn {n}", n=decision.get("turn", 1))

    def amount(self, x: float) -> str:
        return _("{n} points", n=round(x, 1))


COACH = CourtyardsCoach()
