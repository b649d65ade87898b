"""What every game's coach shares: the review's summary from its evaluated decisions."""

from collections.abc import Mapping, Sequence


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
