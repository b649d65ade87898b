"""Ridgeline's scoring (RULES.md R50-R56): a panorama's stars by category, at any moment (the pictures show
them so far) and at the end.

- area: the tiles of the largest area of pieces joined orthogonally (rainbows join, score 0);
- beacons: each beacon tile joined by a path of pieces to the bottom row, and the summit bonus;
- spirits: 1 per spirit in the panorama;
- bonus: the end spirits' and the Moth's stars;
- raven: the curse's stars (negative) for its holder;
- start: the head start of the player who did not begin the game (R57)."""

from typing import Any

from . import board as B
from . import spirits as S
from .constants import HEAD_START

CATEGORIES = ("area", "beacons", "spirits", "bonus", "raven", "start")


def area(board: list[int]) -> int:
    tiles = B.mask_of(board, B.TILE)
    best = 0
    for a in B.areas(B.mask_of(board)):
        best = max(best, B.count(a & tiles))
    return best


def lit(board: list[int]) -> list[int]:
    """The beacons lit: a beacon tile joined by a path of pieces to a piece of the bottom row."""
    pieces = B.mask_of(board)
    joined = B.grow(pieces & B.BOTTOM_MASK, pieces)
    return [b for b in B.BEACONS if board[b] == B.TILE and joined >> b & 1]


def beacons(board: list[int]) -> int:
    on = lit(board)
    stars = B.BEACON_STARS * len(on)
    if all(s in on for s in B.SUMMIT):
        stars += B.SUMMIT_BONUS
    return stars


def breakdown(state: dict[str, Any], seat: int) -> dict[str, int]:
    """The seat's stars by category now (the end spirits as they would score now)."""
    board = state["boards"][seat]
    mine = state["spirits"][seat]
    squares = [int(x["sq"]) for x in mine]
    bonus = 0
    for x in mine:
        key = str(x["key"])
        if S.kind(key) == "end" or S.rule(key) == "stars_now":
            bonus += S.end_stars(key, board, squares)
    raven = S.number(S.CURSE, "stars") if state["raven"] == seat else 0
    return {"area": area(board), "beacons": beacons(board), "spirits": len(mine), "bonus": bonus,
            "raven": raven, "start": head_start(state, seat)}


def head_start(state: dict[str, Any], seat: int) -> int:
    """The stars the seat gets for not beginning this game (R57)."""
    return HEAD_START if seat != state["first"] else 0


def total(b: dict[str, int]) -> int:
    return sum(b[k] for k in CATEGORIES)


def rainbows_in(board: list[int]) -> int:
    return sum(1 for v in board if v == B.RAINBOW)


def order_key(total_: int, spirits: int, rainbows: int) -> tuple[int, int, int]:
    """A seat's place: the higher total, then the more spirits, then the fewer rainbows (RULES.md R56)."""
    return (total_, spirits, -rainbows)
