"""The city's grid: a hexagon of small equilateral triangles, its cells, sides, corners, neighbours and the
turns a line makes (the acute-angle rule), worked out once per size.

Coordinates: a lattice point (i, j) is at i * (1, 0) + j * (1/2, sqrt(3)/2). Each lattice point (i, j) owns
two triangles: "up" (t = 0) with corners (i, j), (i+1, j), (i, j+1), and "down" (t = 1) with corners
(i+1, j), (i, j+1), (i+1, j+1). The city of side n is every triangle whose three corners are at most n steps
from the centre (the hexagonal distance max(|i|, |j|, |i + j|)): 6 n^2 cells, in six sectors of n^2
(the triangles from the centre to each side of the hexagon). The hexagon's corners point left and right;
its sides are numbered 0..5 counter-clockwise by their middle's angle, 30 + 60 k degrees (1: the top).

A line is a chain of cells each sharing a side with the next. Each step turns 60 degrees left or right
about one corner of the cell it passes (the corner its entry and exit sides share: the pivot); a line
that runs straight alternates. Four cells in a row around one corner bend the line by 60 degrees (an
angle of 120 is left: allowed); five around one corner bend it by 120 (an angle of 60: acute)."""

import functools
import math


class Grid:
    """Every table of one size's grid (plain tuples: read, never changed)."""

    def __init__(self, n: int) -> None:
        self.n = n
        cells: list[tuple[int, int, int]] = []
        for j in range(-n, n + 1):
            for i in range(-2 * n, 2 * n + 1):
                for t in (0, 1):
                    corners = _corners(i, j, t)
                    if all(_dist(p) <= n for p in corners):
                        cells.append((i, j, t))
        # rows from the top down, left to right (the order cells are numbered in)
        cells.sort(key=lambda c: (-_centre_xy(c)[1], _centre_xy(c)[0]))
        self.cells: tuple[tuple[int, int, int], ...] = tuple(cells)
        self.count = len(cells)
        index = {c: k for k, c in enumerate(cells)}
        points: dict[tuple[int, int], int] = {}
        corner_ids: list[tuple[int, int, int]] = []
        for c in cells:
            ids = []
            for p in _corners(*c):
                if p not in points:
                    points[p] = len(points)
                ids.append(points[p])
            corner_ids.append((ids[0], ids[1], ids[2]))
        self.points: tuple[tuple[int, int], ...] = tuple(sorted(points, key=lambda p: points[p]))
        self.corners: tuple[tuple[int, int, int], ...] = tuple(corner_ids)
        # sides: each pair of corners of a cell, once
        side_of: dict[tuple[int, int], int] = {}
        side_ends: list[tuple[int, int]] = []
        side_cells: list[list[int]] = []
        cell_sides: list[tuple[int, int, int]] = []
        for k, (ca, cb, cc) in enumerate(corner_ids):
            mine = []
            for pair in ((ca, cb), (cb, cc), (ca, cc)):
                key: tuple[int, int] = (min(pair[0], pair[1]), max(pair[0], pair[1]))
                if key not in side_of:
                    side_of[key] = len(side_ends)
                    side_ends.append(key)
                    side_cells.append([])
                s = side_of[key]
                side_cells[s].append(k)
                mine.append(s)
            cell_sides.append((mine[0], mine[1], mine[2]))
        self.side_ends: tuple[tuple[int, int], ...] = tuple(side_ends)
        self.side_cells: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in side_cells)
        self.cell_sides: tuple[tuple[int, int, int], ...] = tuple(cell_sides)
        # neighbours across each side (-1: the city's edge), in the order of cell_sides
        nbrs: list[tuple[int, int, int]] = []
        for k in range(self.count):
            row = []
            for s in cell_sides[k]:
                other = [x for x in side_cells[s] if x != k]
                row.append(other[0] if other else -1)
            nbrs.append((row[0], row[1], row[2]))
        self.neighbours: tuple[tuple[int, int, int], ...] = tuple(nbrs)
        # the side between two neighbours
        between: dict[tuple[int, int], int] = {}
        for s, cs in enumerate(side_cells):
            if len(cs) == 2:
                between[(cs[0], cs[1])] = s
                between[(cs[1], cs[0])] = s
        self.between = between
        # the cells meeting at each corner, and the cells a side's ends meet (what a station there touches)
        at_point: list[list[int]] = [[] for _ in points]
        for k, three in enumerate(corner_ids):
            for pt in three:
                at_point[pt].append(k)
        self.at_point: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in at_point)
        self.touch: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(set(at_point[a]) | set(at_point[b]))) for a, b in side_ends)
        # cells sharing a corner (not themselves): what "touch, by a side or a corner" means for markers
        self.around: tuple[frozenset[int], ...] = tuple(
            frozenset(x for p in corner_ids[k] for x in at_point[p] if x != k) for k in range(self.count))
        # the edge of the city: a cell's side on the hexagon's edge, which side of the hexagon, and where
        # along it (0 at its counter-clockwise-most... its first corner, counter-clockwise)
        edge_side = [-1] * self.count
        hex_side = [-1] * self.count
        along = [-1] * self.count
        for k in range(self.count):
            for s, nb in zip(cell_sides[k], nbrs[k], strict=True):
                if nb == -1:
                    edge_side[k] = s
                    mx, my = self.side_middle(s)
                    ang = math.degrees(math.atan2(my, mx)) % 360
                    h = int(((ang - 30 + 30) % 360) // 60)  # the side whose middle is at 30 + 60 h
                    hex_side[k] = h
                    # distance from the side's first corner (at angle 60 h), counted in cells
                    cx, cy = math.cos(math.radians(60 * h)) * n, math.sin(math.radians(60 * h)) * n
                    along[k] = int(math.hypot(mx - cx, my - cy))
        self.edge_side: tuple[int, ...] = tuple(edge_side)
        self.hex_side: tuple[int, ...] = tuple(hex_side)
        self.along: tuple[int, ...] = tuple(along)
        self.sector: tuple[int, ...] = tuple(
            int((math.degrees(math.atan2(self.centre(k)[1], self.centre(k)[0])) % 360) // 60)
            for k in range(self.count))
        self.index = index

    # ---- positions (plane units: a cell's side is 1) ----------------------------------------------------
    def point_xy(self, p: int) -> tuple[float, float]:
        i, j = self.points[p]
        return i + j / 2, j * math.sqrt(3) / 2

    def centre(self, c: int) -> tuple[float, float]:
        return _centre_xy(self.cells[c])

    def side_middle(self, s: int) -> tuple[float, float]:
        a, b = self.side_ends[s]
        (ax, ay), (bx, by) = self.point_xy(a), self.point_xy(b)
        return (ax + bx) / 2, (ay + by) / 2

    # ---- lines -----------------------------------------------------------------------------------------
    def shared_corner(self, cells: list[int]) -> int:
        """The corner every one of `cells` has (-1: none)."""
        common = set(self.corners[cells[0]])
        for c in cells[1:]:
            common &= set(self.corners[c])
            if not common:
                return -1
        return min(common) if common else -1

    def far(self, a: int, b: int) -> int:
        """How many sides apart two sides of the hexagon are (0..3)."""
        d = abs(a - b) % 6
        return min(d, 6 - d)


def _corners(i: int, j: int, t: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    if t == 0:
        return (i, j), (i + 1, j), (i, j + 1)
    return (i + 1, j), (i, j + 1), (i + 1, j + 1)


def _dist(p: tuple[int, int]) -> int:
    i, j = p
    return max(abs(i), abs(j), abs(i + j))


def _centre_xy(c: tuple[int, int, int]) -> tuple[float, float]:
    xs = [p[0] + p[1] / 2 for p in _corners(*c)]
    ys = [p[1] * math.sqrt(3) / 2 for p in _corners(*c)]
    return sum(xs) / 3, sum(ys) / 3


@functools.lru_cache(maxsize=8)
def grid(n: int) -> Grid:
    return Grid(n)
