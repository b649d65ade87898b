"""A palace on its grid (RULES.md B1-B8): where a tile may go, which may leave, which may be swapped, and its
longest outer wall (R4). A palace is a dict (x, y) -> tile id (the Well, WELL, at (0, 0)); y grows
southwards. These functions never change the grid they are given."""

from ..tiles import TILES
from .constants import EAST, NORTH, SOUTH, STEP, WELL, WEST

MASKS: tuple[int, ...] = tuple(t[2] for t in TILES)
KIND: tuple[int, ...] = tuple(t[0] for t in TILES)
PRICE: tuple[int, ...] = tuple(t[1] for t in TILES)
BITS = (NORTH, EAST, SOUTH, WEST)
OPPOSITE = (SOUTH, WEST, NORTH, EAST)  # the neighbour's side facing side i
# the 8 cells around a cell, in a ring: N, NE, E, SE, S, SW, W, NW
RING = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))

Grid = dict[tuple[int, int], int]


def enc(v: int) -> str:
    """A coordinate in an action id (ids hold letters, digits and "_": -2 is "m2")."""
    return str(v) if v >= 0 else f"m{-v}"


def dec(s: str) -> int:
    return -int(s[1:]) if s[:1] == "m" else int(s)


def mask(tile: int) -> int:
    """The tile's walls (the Well has none)."""
    return 0 if tile == WELL else MASKS[tile]


def grid_of(cells: list) -> Grid:
    """A palace as stored ([[x, y, tile], ...]) as a grid."""
    return {(int(c[0]), int(c[1])): int(c[2]) for c in cells}


def cells_of(grid: Grid) -> list[list[int]]:
    """A grid as stored, in reading order (north to south, west to east)."""
    return [[x, y, t] for (x, y), t in sorted(grid.items(), key=lambda kv: (kv[0][1], kv[0][0]))]


def matches(grid: Grid, tile: int, x: int, y: int) -> int:
    """How many open sides the tile at (x, y) would share with its neighbours: -1 if a shared side does not
    match (wall against open side), 0 if it touches nothing (or only walls)."""
    m = mask(tile)
    touching = 0
    open_shared = 0
    for i in range(4):
        dx, dy = STEP[i]
        other = grid.get((x + dx, y + dy))
        if other is None:
            continue
        touching += 1
        mine = (m & BITS[i]) != 0
        theirs = (mask(other) & OPPOSITE[i]) != 0
        if mine != theirs:
            return -1
        if not mine:
            open_shared += 1
    return open_shared if touching else 0


def closes_hole(grid: Grid, x: int, y: int) -> bool:
    """Whether filling the empty cell (x, y) of a palace without holes would enclose an empty space: its 8
    neighbours, in a ring, change between filled and empty more than twice."""
    changes = 0
    first = (x + RING[7][0], y + RING[7][1]) in grid
    prev = first
    for dx, dy in RING:
        filled = (x + dx, y + dy) in grid
        if filled != prev:
            changes += 1
        prev = filled
    return changes > 2


def fits(grid: Grid, tile: int, x: int, y: int) -> bool:
    """Whether the tile may be built on the empty cell (x, y) (B2-B5)."""
    if (x, y) in grid:
        return False
    return matches(grid, tile, x, y) > 0 and not closes_hole(grid, x, y)


def frontier(grid: Grid) -> list[tuple[int, int]]:
    """The empty cells beside the palace (sharing a side with a tile), in reading order."""
    out = set()
    for (x, y) in grid:
        for dx, dy in STEP:
            c = (x + dx, y + dy)
            if c not in grid:
                out.add(c)
    return sorted(out, key=lambda c: (c[1], c[0]))


def spots(grid: Grid, tile: int) -> list[tuple[int, int]]:
    """Every empty cell the tile may be built on, in reading order."""
    return [c for c in frontier(grid) if fits(grid, tile, c[0], c[1])]


def reached(grid: Grid) -> int:
    """How many tiles are reachable on foot from the Well (through open shared sides)."""
    if (0, 0) not in grid:
        return 0
    seen = {(0, 0)}
    todo = [(0, 0)]
    while todo:
        x, y = todo.pop()
        m = mask(grid[(x, y)])
        for i in range(4):
            if m & BITS[i]:
                continue
            dx, dy = STEP[i]
            c = (x + dx, y + dy)
            if c in grid and c not in seen and not mask(grid[c]) & OPPOSITE[i]:
                seen.add(c)
                todo.append(c)
    return len(seen)


def removable(grid: Grid, x: int, y: int) -> bool:
    """Whether the tile at (x, y) may leave the palace (B6): not the Well, it leaves no hole (not every side
    of its cell has a tile), and every other tile stays reachable from the Well."""
    if (x, y) == (0, 0) or (x, y) not in grid:
        return False
    if all((x + dx, y + dy) in grid for dx, dy in STEP):
        return False
    rest = dict(grid)
    del rest[(x, y)]
    return reached(rest) == len(rest)


def removables(grid: Grid) -> list[tuple[int, int]]:
    return [c for c in sorted(grid, key=lambda c: (c[1], c[0])) if removable(grid, c[0], c[1])]


def swappable(grid: Grid, tile: int, x: int, y: int) -> bool:
    """Whether the tile may take the place of the one at (x, y) (B7): not the Well's place, and every shared side
    matches. Then every tile stays reachable from the Well: in a palace that keeps the rules, the tile it
    replaces matched the same neighbours, so the new one has the same walls on every shared side (its other
    sides face empty spots) and the paths on foot are the same."""
    if (x, y) == (0, 0) or (x, y) not in grid:
        return False
    rest = dict(grid)
    del rest[(x, y)]
    return matches(rest, tile, x, y) > 0


def holes(grid: Grid) -> int:
    """How many empty cells are enclosed (reach no cell outside the palace's box through empty cells): the
    reference check of B5 (closes_hole is the fast one)."""
    if not grid:
        return 0
    xs = [c[0] for c in grid]
    ys = [c[1] for c in grid]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    outside = set()
    todo = [(x0, y0)]
    outside.add((x0, y0))
    while todo:
        x, y = todo.pop()
        for dx, dy in STEP:
            c = (x + dx, y + dy)
            if x0 <= c[0] <= x1 and y0 <= c[1] <= y1 and c not in grid and c not in outside:
                outside.add(c)
                todo.append(c)
    return (x1 - x0 + 1) * (y1 - y0 + 1) - len(outside) - len(grid)


# ---- the longest outer wall (R4) ----------------------------------------------------------------------
def segments(grid: Grid) -> list[tuple[int, int]]:
    """The outer wall segments (a wall whose neighbouring cell is empty), each as its two corners (a corner
    (cx, cy) as the number cx * 4096 + cy, shifted to stay positive)."""
    out = []
    for (x, y), t in grid.items():
        m = mask(t)
        if not m:
            continue
        for i in range(4):
            if not m & BITS[i]:
                continue
            dx, dy = STEP[i]
            if (x + dx, y + dy) in grid:
                continue
            # the side's corners: N (x,y)-(x+1,y), E (x+1,y)-(x+1,y+1), S (x,y+1)-(x+1,y+1), W (x,y)-(x,y+1)
            if i == 0:
                a, b = (x, y), (x + 1, y)
            elif i == 1:
                a, b = (x + 1, y), (x + 1, y + 1)
            elif i == 2:
                a, b = (x, y + 1), (x + 1, y + 1)
            else:
                a, b = (x, y), (x, y + 1)
            out.append(((a[0] + 2048) * 4096 + a[1] + 2048, (b[0] + 2048) * 4096 + b[1] + 2048))
    return out


def _trail(node: int, adj: dict[int, list[tuple[int, int]]], used: list[bool]) -> int:
    best = 0
    for e, other in adj[node]:
        if not used[e]:
            used[e] = True
            n = 1 + _trail(other, adj, used)
            used[e] = False
            if n > best:
                best = n
    return best


def wall_length(grid: Grid) -> int:
    """The number of segments of the palace's longest continuous outer wall: a chain of outer wall segments
    joined end to end at tile corners, each segment counted once ([H]: a closed ring counts all of its)."""
    segs = segments(grid)
    if not segs:
        return 0
    adj: dict[int, list[tuple[int, int]]] = {}
    for e, (a, b) in enumerate(segs):
        adj.setdefault(a, []).append((e, b))
        adj.setdefault(b, []).append((e, a))
    best = 0
    seen: set[int] = set()
    for start in adj:
        if start in seen:
            continue
        comp = [start]
        seen.add(start)
        i = 0
        while i < len(comp):
            for _e, other in adj[comp[i]]:
                if other not in seen:
                    seen.add(other)
                    comp.append(other)
            i += 1
        edges = sum(len(adj[n]) for n in comp) // 2
        if edges <= best:
            continue
        if all(len(adj[n]) <= 2 for n in comp):  # a chain or a ring: all of it
            best = edges
            continue
        used = [False] * len(segs)
        for n in comp:
            got = _trail(n, adj, used)
            if got > best:
                best = got
    return best
