"""Copies of a state, fast: a state's shape is known (engine.py's docstring), so each part is copied as what it
is (a list of ints by slicing, a palace cell by cell) instead of walking every value; anything else, and
every view and event, through engine.data.deep. A copy shares nothing mutable with the original."""

from collections.abc import Mapping
from typing import Any

from engine.data import deep

FLAT = ("deck", "discard", "display", "bag", "market", "score", "bought", "neutral")  # lists of ints (or None)
NESTED = ("hands", "reserves", "queue")  # lists of lists of ints
ATOMS = (str, int, float, bool, type(None))


def clone(state: Mapping[str, Any]) -> dict:
    out: dict[str, Any] = {}
    for k, v in state.items():
        if isinstance(v, ATOMS):
            out[k] = v
        elif k in FLAT and isinstance(v, list):
            out[k] = v[:]
        elif k in NESTED and isinstance(v, list):
            out[k] = [x[:] if isinstance(x, list) else x for x in v]
        elif k == "palaces" and isinstance(v, list):
            out[k] = [[c[:] for c in p] for p in v]
        elif k == "scorings" and isinstance(v, list):
            out[k] = [_record(r) for r in v]
        elif k == "cats" and isinstance(v, list):
            out[k] = [{"kinds": c["kinds"][:], "walls": c["walls"]} for c in v]
        else:
            out[k] = deep(v)
    return out


def _record(r: dict) -> dict:
    """A scoring round's record (scoring.py: round, kinds [{counts, points}], walls, gained; totals, at)."""
    out = dict(r)
    out["kinds"] = [{"counts": k["counts"][:], "points": k["points"][:]} for k in r["kinds"]]
    for key in ("walls", "gained", "totals"):
        if key in r:
            out[key] = r[key][:]
    return out


__all__ = ["clone", "deep"]
