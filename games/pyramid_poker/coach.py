"""The coach of Pyramid Poker (the protocol's Coach): the hard AI's review of one seat's choices in a finished
match. At each decision the seat had a real choice in (a block placed, a block taken, a card put into a
hand, a stock block kept), the hard AI values every choice from what the seat could see then (ai.search
values: its rollouts' worth, in percent: 100 a game (basic) or a match (advanced) won, 50 a draw, 0 a
loss), so the choices that cost the most stand out. The curve: hands won (basic) or match points
(advanced) of each seat after each game."""

from collections.abc import Mapping, Sequence

from engine import rebuild, states_before
from engine.coaching import judged, summary
from engine.protocol import Coach
from i18n import number

from . import coach_quiz as quiz
from . import coach_why
from .lang import _
from .play import RULES
from .rules import knowledge
from .rules.constants import TARGETS

MARGIN = 5.0       # a decision within this much (percent) of the best is a good one
ONLY_OPEN = True   # an open building decision: the hard AI's candidates and the played action only


def _states(config: Mapping, seed: int, actions: Sequence[str]) -> list[dict]:
    """The state before each action."""
    return states_before(RULES, config, seed, actions)


class PokerCoach(Coach):
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        """The seat's decisions that had a choice: (index in the log, game, the seat's move in that game)."""
        out = []
        moves: dict[int, int] = {}
        for i, (s, a) in enumerate(zip(_states(config, seed, actions), actions, strict=True)):
            if int(a.split(":")[0]) != seat:
                continue
            g = s["game"]
            moves[g] = moves.get(g, 0) + 1
            if len(RULES.legal_actions(s, seat)) > 1:
                out.append({"at": i, "game": g, "move": moves[g], "stage": s["stage"], "chapter": [g]})
        return out

    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list:
        """Each decision of `some` valued: `rounds` rollouts per choice, the same samples for every choice."""
        from .ai.search import candidates, values
        states = _states(config, seed, actions)
        out = []
        for d in some:
            s = states[d["at"]]
            played = actions[d["at"]]
            view = knowledge.view_for(s, seat)
            only = None
            if ONLY_OPEN and s["stage"] == "build" and s["config"]["blocks"] == "open":
                only = [*candidates(view, seat), played]
            worth = values(view, seat, seed + d["at"], max(1, rounds), only)
            best = max(worth, key=lambda k: (worth[k], k == played))
            out.append({**judged(RULES, s, seat, d, played, best, worth, coach_why.effects,
                                 quiz.choices(worth, played, best)),
                        "played_value": worth.get(played), "best_value": worth[best]})
        return out

    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict:
        state, _events = rebuild(RULES, config, seed, actions)
        advanced = state["config"]["match"] in TARGETS
        curve = []
        hands = [0, 0]
        points = [0, 0]
        for rec in state["history"]:
            g = rec["game"]
            hands = [hands[s] + rec["won"][s] for s in (0, 1)]
            points = [points[s] + rec["points"][s] for s in (0, 1)]
            curve.append({"chapter": [g], "game": g, "vp": list(points if advanced else hands)})
        result = state["result"][seat] if state["result"] else None
        return summary(seat, evaluated, MARGIN, curve, result["total"] if result else 0)

    why = staticmethod(coach_why.why)  # one sentence: why the better choice was better
    quiz = staticmethod(quiz.quiz)  # a costliest decision asked again

    def amount(self, x: float) -> str:
        """A decision's loss as this game counts it."""
        return _("{pct} % of a win", pct=number(x, 0))

    def when(self, decision: Mapping) -> str:
        return _("Game {game}, move {move}", game=decision["game"], move=decision["move"])


COACH = PokerCoach()
