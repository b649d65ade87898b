"""The coach of Pioneer Days (the protocol's Coach): the hard AI's review of one seat's decisions
(ai/review.py), in steps a worker takes a few decisions at a time."""

from collections.abc import Mapping, Sequence

from engine.protocol import Coach
from i18n import number

from . import coach_effects, coach_quiz, coach_why
from .ai import review
from .lang import _


class PioneerCoach(Coach):
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        return review.decisions(dict(config), seed, list(actions), seat)

    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list:
        return review.evaluate_some(dict(config), seed, list(actions), seat, some, rounds)

    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict:
        """The review; each curve point and decision names its chapter (its week and day) for the chart."""
        out = review.finish(dict(config), seed, list(actions), seat, evaluated)
        for x in out["curve"] + out["decisions"]:
            x["chapter"] = [x["week"], x["day"]]
        costly = [d for d in out["decisions"] if d["at"] in out["costliest"]]
        before = review.states_before(dict(config), seed, list(actions), {d["at"] for d in costly})
        for d in costly:  # what each choice did by itself: the why's material
            d["played_effects"] = coach_effects.effects(before[d["at"]], seat, d["played"])
            d["best_effects"] = coach_effects.effects(before[d["at"]], seat, d["best"])
        return out

    why = staticmethod(coach_why.why)  # one sentence: why the better choice was better
    quiz = staticmethod(coach_quiz.quiz)  # a costliest decision asked again

    def amount(self, x: float) -> str:
        """A decision's loss as this game counts it."""
        return _("{vp} VP", vp=number(x, 1))

    def when(self, decision: Mapping) -> str:
        if decision["stage"] == "pioneer":
            return _("Pioneer choice")
        if decision["stage"] == "town":
            return _("Week {week}, town visit", week=decision["week"])
        return _("Week {week}, day {day}", week=decision["week"], day=decision["day"])


COACH = PioneerCoach()
