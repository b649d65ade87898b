"""The panorama's geometry (RULES.md R1-R3), from ../content/panorama.json (content.py): 48 spots in 6 rows (bottom
to top, a tile's colour) and 10 columns (its value), a column's height its number of rows; a tile belongs
to one spot, so a tile and its spot share an index (0-47, row by row from the bottom left). Neighbours,
the 2x2 squares (by their lower left spot), the beacons, and bit masks of each for fast tests.

A seat's panorama is a list of 48 ints: EMPTY, TILE or RAINBOW."""

from .content import PANORAMA as _DATA

EMPTY = 0
TILE = 1
RAINBOW = 2

ROW_KEYS: list[str] = list(_DATA["rows"])
HEIGHTS: list[int] = [int(h) for h in _DATA["heights"]]
ROWS = len(ROW_KEYS)
COLS = len(HEIGHTS)

ROW: list[int] = []   # each spot's row, 1 = the bottom
COL: list[int] = []   # each spot's column (its value), 1-10
for _r in range(1, ROWS + 1):
    for _c in range(1, COLS + 1):
        if _r <= HEIGHTS[_c - 1]:
            ROW.append(_r)
            COL.append(_c)
SPOTS = len(ROW)
AT: dict[tuple[int, int], int] = {(ROW[i], COL[i]): i for i in range(SPOTS)}


def spot(row: int, col: int) -> int:
    """The spot (and tile) at (row, col); -1 if the panorama has none there."""
    return AT.get((row, col), -1)


NEIGHBOURS: list[list[int]] = []
for _i in range(SPOTS):
    _n = [spot(ROW[_i] + dr, COL[_i] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    NEIGHBOURS.append([x for x in _n if x >= 0])

# the 2x2 squares: the four spots of each, by its lower left spot (row, col)
SQUARES: list[list[int]] = []
SQUARE_AT: list[tuple[int, int]] = []
for _r in range(1, ROWS):
    for _c in range(1, COLS):
        _four = [spot(_r, _c), spot(_r, _c + 1), spot(_r + 1, _c), spot(_r + 1, _c + 1)]
        if min(_four) >= 0:
            SQUARES.append(_four)
            SQUARE_AT.append((_r, _c))
SQUARES_OF: list[list[int]] = [[q for q, four in enumerate(SQUARES) if i in four] for i in range(SPOTS)]

BEACONS: list[int] = [spot(int(r), int(c)) for r, c in _DATA["beacons"]]
SUMMIT: list[int] = [spot(int(r), int(c)) for r, c in _DATA["summit"]]
BEACON_STARS = int(_DATA["beacon_stars"])
SUMMIT_BONUS = int(_DATA["summit_bonus"])
BOTTOM: list[int] = [i for i in range(SPOTS) if ROW[i] == 1]
ROW_SPOTS: list[list[int]] = [[i for i in range(SPOTS) if ROW[i] == r] for r in range(1, ROWS + 1)]
COL_SPOTS: list[list[int]] = [[i for i in range(SPOTS) if COL[i] == c] for c in range(1, COLS + 1)]

# bit masks (bit i: spot i)
ALL = (1 << SPOTS) - 1
BIT: list[int] = [1 << i for i in range(SPOTS)]
NEIGHBOUR_MASK: list[int] = [sum(1 << j for j in NEIGHBOURS[i]) for i in range(SPOTS)]
ROW_MASK: list[int] = [sum(1 << j for j in range(SPOTS) if ROW[j] == ROW[i]) for i in range(SPOTS)]
COL_MASK: list[int] = [sum(1 << j for j in range(SPOTS) if COL[j] == COL[i]) for i in range(SPOTS)]
BOTTOM_MASK = sum(1 << i for i in BOTTOM)
SQUARE_MASK: list[int] = [sum(1 << j for j in four) for four in SQUARES]


def code(tile: int) -> str:
    """A tile's (or spot's) code in action ids: "r{row}c{col}" ("r3c7")."""
    return f"r{ROW[tile]}c{COL[tile]}"


def parse(text: str) -> int:
    """The tile of a code ("r3c7"); -1 if it is none."""
    if len(text) < 4 or len(text) > 5 or text[0] != "r":
        return -1
    r, sep, c = text[1:].partition("c")
    if not sep or not r.isdigit() or not c.isdigit():
        return -1
    return spot(int(r), int(c))


def matches(a: int, b: int, reach: int = 0) -> bool:
    """Whether tile a captures tile b: the same row (colour) or the same column (value); with reach
    (the Crane), also a value at most `reach` away in any row."""
    if ROW[a] == ROW[b] or COL[a] == COL[b]:
        return True
    return reach > 0 and abs(COL[a] - COL[b]) <= reach


def mask_of(board: list[int], kind: int = -1) -> int:
    """The spots of a panorama holding a piece (kind -1), or holding `kind`, as a bit mask."""
    m = 0
    for i in range(SPOTS):
        v = board[i]
        if (kind < 0 and v != EMPTY) or v == kind:
            m |= 1 << i
    return m


def grow(seed: int, within: int) -> int:
    """The spots of `within` joined to `seed` by a path of orthogonal neighbours in `within`."""
    seen = seed & within
    frontier = seen
    while frontier:
        nxt = 0
        while frontier:
            low = frontier & -frontier
            nxt |= NEIGHBOUR_MASK[low.bit_length() - 1]
            frontier ^= low
        nxt &= within & ~seen
        seen |= nxt
        frontier = nxt
    return seen


def areas(pieces: int) -> list[int]:
    """The connected areas of a set of spots (bit masks), largest first."""
    out: list[int] = []
    left = pieces
    while left:
        low = left & -left
        area = grow(low, left)
        out.append(area)
        left &= ~area
    out.sort(key=lambda m: -m.bit_count())
    return out


def count(m: int) -> int:
    return m.bit_count()


def complete_squares(pieces: int) -> list[int]:
    """The squares whose four spots all hold a piece."""
    return [q for q in range(len(SQUARES)) if SQUARE_MASK[q] & pieces == SQUARE_MASK[q]]


def rainbow_spots(board: list[int]) -> list[int]:
    """Where a rainbow may go: an empty spot next to one of the panorama's pieces; with none, an empty spot
    of the bottom row."""
    pieces = mask_of(board)
    if not pieces:
        return [i for i in BOTTOM if board[i] == EMPTY]
    near = 0
    m = pieces
    while m:
        low = m & -m
        near |= NEIGHBOUR_MASK[low.bit_length() - 1]
        m ^= low
    near &= ~pieces
    return [i for i in range(SPOTS) if near >> i & 1]
