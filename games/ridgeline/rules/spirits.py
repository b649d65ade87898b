"""Ridgeline's 15 spirits (RULES.md R30-R46), from ../content/spirits.json (content.py): each a key, a kind ("now": it
acts when met; "end": it scores at the end; "curse": the Raven), a glyph for the pictures, a rule (the code
below that reads it) and that rule's numbers. End spirits score through `end_stars`."""

from typing import Any

from . import board as B
from .content import SPIRITS as _DATA

SPIRITS: list[dict[str, Any]] = [dict(s) for s in _DATA["spirits"]]
BY_KEY: dict[str, dict[str, Any]] = {str(s["key"]): s for s in SPIRITS}
KEYS: list[str] = [str(s["key"]) for s in SPIRITS]
CURSE = next(str(s["key"]) for s in SPIRITS if s["kind"] == "curse")
NOW: list[str] = [str(s["key"]) for s in SPIRITS if s["kind"] == "now"]
END: list[str] = [str(s["key"]) for s in SPIRITS if s["kind"] == "end"]


def kind(key: str) -> str:
    return str(BY_KEY[key]["kind"])


def rule(key: str) -> str:
    return str(BY_KEY[key]["rule"])


def number(key: str, name: str) -> int:
    return int(BY_KEY[key][name])


def glyph(key: str) -> str:
    return str(BY_KEY[key]["glyph"])


def deck(beginner: bool) -> list[str]:
    """The spirits of a game, in the data's order (then shuffled): all 15, or 14 without the curse."""
    return [k for k in KEYS if not (beginner and k == CURSE)]


def end_stars(key: str, board: list[int], squares: list[int]) -> int:
    """The stars an end spirit (or the Moth) gives the panorama `board` whose spirit squares are `squares`."""
    r = rule(key)
    tiles = B.mask_of(board, B.TILE)
    pieces = B.mask_of(board)
    stars = number(key, "stars")
    if r == "stars_now":
        return stars
    if r == "rows_complete":
        rows = [int(x) for x in BY_KEY[key]["rows"]]
        return stars * sum(1 for row in rows if all(board[i] != B.EMPTY for i in B.ROW_SPOTS[row - 1]))
    if r == "rows_with":
        need = number(key, "tiles")
        return stars * sum(1 for spots in B.ROW_SPOTS if sum(1 for i in spots if board[i] == B.TILE) >= need)
    if r == "one_area":
        if not tiles:
            return 0
        return stars if any(a & tiles == tiles for a in B.areas(pieces)) else 0
    if r == "columns_complete":
        return stars * sum(1 for spots in B.COL_SPOTS if all(board[i] != B.EMPTY for i in spots))
    if r == "bottom_beyond":
        have = sum(1 for i in B.BOTTOM if board[i] == B.TILE)
        return stars * max(0, have - number(key, "beyond"))
    if r == "every_column":
        return stars if all(any(board[i] == B.TILE for i in spots) for spots in B.COL_SPOTS) else 0
    if r == "clear_squares":
        return stars * sum(1 for q in squares if all(board[i] == B.TILE for i in B.SQUARES[q]))
    return 0
