"""What every game's coach shares: a decision judged from the worth of its choices, the review's summary."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .protocol import Rules, State


def judged(rules: Rules, state: State, seat: int, decision: Mapping, played: str, best: str,
           worth: Mapping[str, float], effects: Callable[[State, int, str], Any], asked: Any) -> dict:
    """A decision judged: its loss against the coach's best choice, what each of the two did (their events,
    and their effects, the why's material) and the choices its question would ask."""
    after, better = rules.apply(state, played), rules.apply(state, best)
    return {**decision, "loss": max(0.0, worth[best] - worth.get(played, worth[best])), "played": played,
            "best": best, "played_events": after.events if after.ok else [],
            "best_events": better.events if better.ok else [], "played_effects": effects(state, seat, played),
            "best_effects": effects(state, seat, best), "asked": asked}


def summary(seat: int, evaluated: Sequence[Mapping], margin: float, curve: list, total: int) -> dict:
    """A finished review: each decision's loss against the coach's best (within `margin`: a good one), the
    accuracy, the three costliest (beyond the margin, the earliest first among equals), the chart's curve
    (each chapter's scores) and the seat's total."""
    count = len(evaluated)
    good = sum(1 for d in evaluated if d["loss"] <= margin)
    costliest = [d["at"] for d in sorted(evaluated, key=lambda d: (-d["loss"], d["at"]))[:3] if d["loss"] > margin]
    return {"seat": seat, "decisions": list(evaluated), "count": count,
            "accuracy": round(good / count, 4) if count else 1.0,
            "mean_loss": round(sum(d["loss"] for d in evaluated) / count, 3) if count else 0.0, "margin": margin,
            "costliest": costliest, "curve": curve, "total": total}
