"""The coach of Pioneer Days (the protocol's Coach): the hard AI's review of one seat's decisions
(ai/review.py), in steps a worker takes a few decisions at a time."""

from collections.abc import Mapping, Sequence

from .ai import review
from .lang import _, n_
from .rules import words
from .rules.constants import DISASTERS


class PioneerCoach:
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
        return out

    def why(self, decision: Mapping) -> str:
        """One sentence of why, when the events say it: a disaster the choice set off (the die left at the
        day's end) that the better one would not have."""
        played = {e["disaster"] for e in decision.get("played_events", []) if e["type"] == "disaster_triggered"}
        better = {e["disaster"] for e in decision.get("best_events", []) if e["type"] == "disaster_triggered"}
        extra = [d for d in DISASTERS if d in played - better]
        if extra:
            return n_("Your choice set off the {names}: the die left at the day's end decides it.",
                      "Your choice set off the {names}: the die left at the day's end decides them.", len(extra),
                      names=", ".join(words.disaster(d) for d in extra))
        return ""

    def when(self, decision: Mapping) -> str:
        if decision["stage"] == "pioneer":
            return _("Pioneer choice")
        if decision["stage"] == "town":
            return _("Week {week}, town visit", week=decision["week"])
        return _("Week {week}, day {day}", week=decision["week"], day=decision["day"])


COACH = PioneerCoach()
