"""The coach of Next Station (the protocol's Coach): the hard AI's review of one seat's choices in a finished
game: at each of its decisions, what each choice was worth by the hard AI's look-ahead, so the choices that
cost the most points stand out, with the section it would have drawn."""

from collections.abc import Mapping, Sequence

from engine import rebuild, states_before
from engine.coaching import judged, summary
from engine.protocol import Coach

from . import coach_quiz as quiz
from . import coach_why
from .lang import _
from .play import RULES
from .rules import engine as ns

MARGIN = 1.0  # points: a decision within this much of the best is a good one


def _states(config: Mapping, seed: int, actions: Sequence[str]) -> list[dict]:
    """The state before each action."""
    return states_before(RULES, config, seed, actions)


def _blind(state: dict, seat: int) -> bool:
    """A pencil to choose on an empty map (no section drawn yet)."""
    return state["stage"] == "pencil" and not any(ln["sections"] for ln in state["players"][seat]["lines"].values())


class StationCoach(Coach):
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        """The seat's decisions that had a choice: (index in the log, round, card). Not a solo pencil chosen on
        the empty map (the pencils' order, R11; edition 1's first round's pencil), where our maps' colours are
        worth alike (R39), so the look-ahead's differences there are only its noise; edition 1's later pencils,
        each chosen at its round's start on the map as it is then, are reviewed."""
        out = []
        for i, (s, a) in enumerate(zip(_states(config, seed, actions), actions, strict=True)):
            if int(a.split(":")[0]) == seat and len(ns.legal_actions(s, seat)) > 1 and not _blind(s, seat):
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
            out.append(judged(RULES, s, seat, d, played, best, worth, coach_why.effects,
                              quiz.choices(worth, played, best)))
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
        return summary(seat, evaluated, MARGIN, curve, state["players"][seat]["total"])

    why = staticmethod(coach_why.why)  # one sentence: why the better choice was better
    quiz = staticmethod(quiz.quiz)  # a costliest decision asked again

    def when(self, decision: Mapping) -> str:
        return _("Round {round}, card {card}", round=decision["round"], card=decision["card"])


COACH = StationCoach()
