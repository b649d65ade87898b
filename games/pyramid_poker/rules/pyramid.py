"""The pyramid's geometry (RULES.md P4, P5, P10): spots 0..29 by rows of ROWS, row 0 the foundation;
spot (r, i) rests on (r-1, i) and (r-1, i+1). A pyramid is a list of 30 entries, None when empty."""

from collections.abc import Sequence
from typing import Any

from .constants import ROWS

OFFSETS = tuple(sum(ROWS[:r]) for r in range(len(ROWS)))
SPOTS = sum(ROWS)


def spot(r: int, i: int) -> int:
    if not (0 <= r < len(ROWS) and 0 <= i < ROWS[r]):
        raise ValueError(f"no spot ({r}, {i})")
    return OFFSETS[r] + i


def row_of(s: int) -> tuple[int, int]:
    """(row, index in the row) of a spot."""
    for r in range(len(ROWS) - 1, -1, -1):
        if s >= OFFSETS[r]:
            return r, s - OFFSETS[r]
    raise ValueError(f"no spot {s}")


def _supports(s: int) -> tuple[int, ...]:
    r, i = row_of(s)
    return () if r == 0 else (spot(r - 1, i), spot(r - 1, i + 1))


SUPPORTS = tuple(_supports(s) for s in range(SPOTS))  # the two spots a spot rests on (none on row 0)
ABOVE = tuple(tuple(t for t in range(SPOTS) if s in SUPPORTS[t]) for s in range(SPOTS))  # spots resting on s


def placeable(pyramid: Sequence[Any]) -> list[int]:
    """Empty spots a block may go on: on the foundation, or with both supporting spots filled."""
    return [s for s in range(SPOTS)
            if pyramid[s] is None and all(pyramid[t] is not None for t in SUPPORTS[s])]


def covered(pyramid: Sequence[Any], s: int) -> bool:
    """Whether a block rests on spot s."""
    return any(pyramid[t] is not None for t in ABOVE[s])


def uncovered(pyramid: Sequence[Any]) -> list[int]:
    """Filled spots with no block resting on them: the blocks that may be taken."""
    return [s for s in range(SPOTS) if pyramid[s] is not None and not covered(pyramid, s)]
