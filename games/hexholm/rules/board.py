"""The board's geometry (R1): 20 x 20 hexes in rows, odd rows shifted half a hex to the right ("odd-r"), a hex
numbered row * 20 + column; its neighbours, straight lines (axial coordinates), edge, row and section. And a
board as the rules read it: its text (400 letters, constants.py) made into lookups once and kept (Board)."""

from .constants import (
    BADLANDS,
    BLOSSOM,
    DUNES,
    HEXES,
    KEEP,
    LAKE,
    LETTER_LOCATION,
    MEADOW,
    PEAKS,
    SECTION,
    SIDE,
    TERRAINS,
    WOODS,
)

# the six directions in axial coordinates (q, r): east, west, north-east, north-west, south-east, south-west
DIRECTIONS = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))


def axial(h: int) -> tuple[int, int]:
    r, c = divmod(h, SIDE)
    return c - (r - (r & 1)) // 2, r


def from_axial(q: int, r: int) -> int:
    """The hex at axial (q, r), or -1 off the board."""
    if r < 0 or r >= SIDE:
        return -1
    c = q + (r - (r & 1)) // 2
    if c < 0 or c >= SIDE:
        return -1
    return r * SIDE + c


def distance(a: int, b: int) -> int:
    qa, ra = axial(a)
    qb, rb = axial(b)
    dq, dr = qa - qb, ra - rb
    return max(abs(dq), abs(dr), abs(dq + dr))


def _step(h: int, d: int, k: int) -> int:
    q, r = axial(h)
    dq, dr = DIRECTIONS[d]
    return from_axial(q + k * dq, r + k * dr)


NEIGH: list[list[int]] = [[x for x in (_step(h, d, 1) for d in range(6)) if x >= 0] for h in range(HEXES)]
# RAYS[h][d]: the hexes 1, 2, 3 steps from h in direction d, as far as the board goes
RAYS: list[list[list[int]]] = [[[x for x in (_step(h, d, k) for k in (1, 2, 3))] for d in range(6)]
                               for h in range(HEXES)]
for _h in range(HEXES):
    for _d in range(6):
        _ray = RAYS[_h][_d]
        _cut = _ray.index(-1) if -1 in _ray else 3
        RAYS[_h][_d] = _ray[:_cut]
# JUMPS[h]: the hexes exactly two steps away in a straight line (a Corral's move)
JUMPS: list[list[int]] = [[RAYS[h][d][1] for d in range(6) if len(RAYS[h][d]) >= 2] for h in range(HEXES)]
ROW: list[int] = [h // SIDE for h in range(HEXES)]
COL: list[int] = [h % SIDE for h in range(HEXES)]
SEC: list[int] = [(h // SIDE // SECTION) * 2 + (h % SIDE) // SECTION for h in range(HEXES)]
EDGE: list[bool] = [r in (0, SIDE - 1) or c in (0, SIDE - 1) for r, c in ((h // SIDE, h % SIDE) for h in range(HEXES))]


class Board:
    """A board's text as lookups: each hex's letter, the hexes of each terrain, the keeps and locations, and
    for each hex whether a lake, peaks or special hex (a keep or a location) is beside it."""

    def __init__(self, text: str) -> None:
        if len(text) != HEXES:
            raise ValueError("a board is 400 hexes")
        self.text = text
        self.buildable: list[bool] = [ch in TERRAINS for ch in text]
        self.of: dict[str, list[int]] = {t: [] for t in (MEADOW, BADLANDS, DUNES, BLOSSOM, WOODS, LAKE)}
        self.keeps: list[int] = []
        self.locations: list[int] = []
        self.kind: dict[int, str] = {}
        for h in range(HEXES):
            ch = text[h]
            if ch in self.of:
                self.of[ch].append(h)
            elif ch == KEEP:
                self.keeps.append(h)
            elif ch in LETTER_LOCATION:
                self.locations.append(h)
                self.kind[h] = LETTER_LOCATION[ch]
            elif ch != PEAKS:
                raise ValueError(f"unknown board letter {ch!r}")
        self.special: list[bool] = [text[h] == KEEP or text[h] in LETTER_LOCATION for h in range(HEXES)]
        self.near_lake: list[bool] = [any(text[n] == LAKE for n in NEIGH[h]) for h in range(HEXES)]
        self.near_peaks: list[bool] = [any(text[n] == PEAKS for n in NEIGH[h]) for h in range(HEXES)]
        self.near_special: list[list[int]] = [[n for n in NEIGH[h] if self.special[n]] for h in range(HEXES)]
        self.edge_hexes: list[int] = [h for h in range(HEXES) if EDGE[h] and self.buildable[h]]


_BOARDS: dict[str, Board] = {}


def board(text: str) -> Board:
    """The board of this text (made once, then kept: at most a few hundred are ever in use)."""
    b = _BOARDS.get(text)
    if b is None:
        if len(_BOARDS) > 512:
            _BOARDS.clear()
        b = Board(text)
        _BOARDS[text] = b
    return b
